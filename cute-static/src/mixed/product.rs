//! Products of mixed layouts by static layouts, with the static crate's
//! traits: [`LogicalMultiply`], [`ZippedMultiply`], [`TiledMultiply`] and
//! [`FlatMultiply`] (by a static by-mode tiler `<B0, …>`, or by one static
//! layout `B`, bare or `tiler!(B)`), [`BlockedMultiply`] and
//! [`RakedMultiply`] (by a static layout of the same rank), whose `Output`
//! for a [`MixedLayout`] is `Result<MixedLayout<…>, Error>`. The results
//! equal cute-dynamic's on the same values.
//!
//! CuTe: `logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)`;
//! a by-mode tiler multiplies mode by mode (`A`'s modes beyond it kept),
//! `zipped`/`tiled`/`flat` regroup like the divides; `blocked_product`
//! pairs `A`'s modes with the repeat's (`((a0, r0), (a1, r1), …)`) and
//! `raked_product` the other way round.
//!
//! The rule, per multiplied part `A_k` (a mode, or all of `A`) and static
//! `B_k` (a static layout, or an integer tile `C<N>` meaning `N:1`):
//! * `A_k` fully static: the static algebra computes the result (static
//!   types, compile errors naming the rule).
//! * `A_k` with run-time leaves: the repeat is `B_k` with its strides times
//!   `f`, where `complement(A_k, size(A_k)·cosize(B_k)) = c:f` is one leaf
//!   (see [`complement`](super::complement) for when: `f` is `A_k`'s extent
//!   for a compact `A_k` in any mode order with any broadcast modes, or 1
//!   when `A_k` starts at a stride `d_0 ≥ cosize(B_k)·(broadcast size)`).
//!   So the repeat has `B_k`'s static shape and run-time strides, whatever
//!   the values. For values where that complement has more modes (a gap
//!   between `A_k`'s leaves, overlapping leaves, or `1 < d_0` too small),
//!   CuTe's product has another structure: the product is
//!   `Err(Error::ValueDependentStructure)`.
//!
//! Other run-time checks: the result's size, offsets and strides fit in an
//! `i64` (`Err(Error::Overflow)` otherwise). Limits: the by-mode products
//! have the divides' rank limits ([`MIXED_ALGEBRA_MAX_RANK`](crate::MIXED_ALGEBRA_MAX_RANK));
//! `blocked_product`/`raked_product` take a static layout `B` of the same
//! rank as `A` (1 to 4), or a static leaf `B` for a rank-1 `A`.
//!
//! ```
//! use cute_static::{layout, tiler};
//! let m = 5;
//! // A run-time-sized column tiled by a static 4×2 block.
//! let a = layout!(({m}, 3):(1, {m}))?;
//! let p = a.logical_product(layout!((4, 2):(1, 4)))?;
//! assert_eq!(p.to_string(), "((5,_3),(_4,_2)):((_1,5),(15,60))");
//! let b: cute_dynamic::Layout = "(4,2):(1,4)".parse()?;
//! assert_eq!(p.to_dynamic(), cute_dynamic::logical_product(&a.to_dynamic(), &b)?);
//! let z = a.zipped_product(tiler!(<2, 4>))?;
//! assert_eq!(z.to_string(), "((5,_3),(_2,_4)):((_1,5),(5,1))");
//! let b = a.blocked_product(layout!((2, 4):(1, 2)))?;
//! assert_eq!(b.to_string(), "((5,_2),(_3,_4)):((_1,15),(5,30))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::marker::PhantomData;

use crate::Error;
use crate::algebra::product::{
    BlockedMultiply, BlockedProduct, FlatMultiply, FlatProduct, LogicalMultiply, LogicalProduct,
    RakedMultiply, RakedProduct, TiledMultiply, TiledProduct, ZippedMultiply, ZippedProduct,
};
use crate::data::int_tuple::{C, IntTuple, StaticIntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::data::tiler::Tiler;
use crate::kernel::tensor::Underscore;
use crate::mixed::complement::{AsMixed, Leaves, as_mixed, one_leaf_complement};
use crate::mixed::composition::{LayoutTile, ScaleBy};
use crate::mixed::divide::{DivideModes, Halves, split_modes};
use crate::mixed::layout::KindOf;
use crate::mixed::layout::{
    AllStatic, Dyn, HasDyn, KindAnd, LeafKinds, MixedLayout, MixedShape, MixedSliceCoord, Sliced,
    overflow,
};

/// The by-mode tiler `T` of a product (the divides take it bare): selects
/// the product's per-mode split in [`DivideModes`].
#[doc(hidden)]
pub struct Product<T>(PhantomData<T>);

/// The factor `f` of a run-time part `s:d` times a static layout of cosize
/// `cosize_b`: the stride of `complement(s:d, size·cosize_b)` when that is
/// one leaf, else the named error.
fn repeat_factor<S: Leaves<D> + MixedShape<D>, D>(
    s: &S,
    d: &D,
    cosize_b: usize,
    operation: &'static str,
) -> Result<Dyn, Error> {
    let m = s
        .checked_size()
        .and_then(|n| n.checked_mul(cosize_b))
        .ok_or_else(|| overflow(operation, "size(A)·cosize(B)"))?;
    Ok(Dyn(one_leaf_complement(s, d, m, operation)?.1))
}

/// `B`'s strides times `f`.
fn scaled<E: ScaleBy<Dyn>>(f: Dyn, operation: &'static str) -> Result<E::Out, Error> {
    E::scale(&f).ok_or_else(|| overflow(operation, "a tile stride times a run-time stride"))
}

/// The logical product of one part `(shape, stride)` by one static tile
/// `T`: `(A shape, A stride, repeat shape, repeat stride)`.
#[diagnostic::on_unimplemented(
    message = "the mode `{Self}` cannot be multiplied by `{T}` in a mixed layout",
    note = "a mixed layout is multiplied by a static layout or an integer tile `C<N>`"
)]
pub trait MultiplyMode<T> {
    /// `A`'s shape.
    type TS: Copy;
    /// `A`'s stride.
    type TD: Copy + IntTuple;
    /// The repeat's shape.
    type RS: Copy;
    /// The repeat's stride.
    type RD: Copy + IntTuple;
    /// The four parts.
    #[allow(clippy::type_complexity)]
    fn multiply(&self) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error>;
}

/// A part multiplied according to its leaf kinds.
#[doc(hidden)]
pub trait MultiplyByKind<Sk, Dk, T> {
    /// `A`'s shape.
    type TS: Copy;
    /// `A`'s stride.
    type TD: Copy + IntTuple;
    /// The repeat's shape.
    type RS: Copy;
    /// The repeat's stride.
    type RD: Copy + IntTuple;
    /// The four parts.
    #[allow(clippy::type_complexity)]
    fn multiply(s: &Sk, d: &Dk) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error>;
}
/// The static tile of `T` as a layout.
type TileOf<T> = Layout<<T as LayoutTile>::S, <T as LayoutTile>::D>;
type StaticProd<Sk, Dk, T> = LogicalProduct<Layout<Sk, Dk>, TileOf<T>>;
/// A static part: the static algebra's logical product.
impl<Sk, Dk, T> MultiplyByKind<Sk, Dk, T> for AllStatic
where
    Sk: StaticIntTuple,
    Dk: StaticIntTuple,
    T: LayoutTile,
    Layout<Sk, Dk>: LogicalMultiply<TileOf<T>>,
    StaticProd<Sk, Dk, T>: StaticLayout,
    <StaticProd<Sk, Dk, T> as StaticLayout>::Shape: Halves,
    <StaticProd<Sk, Dk, T> as StaticLayout>::Stride: Halves,
    <<StaticProd<Sk, Dk, T> as StaticLayout>::Stride as Halves>::A: IntTuple,
    <<StaticProd<Sk, Dk, T> as StaticLayout>::Stride as Halves>::B: IntTuple,
{
    type TS = <<StaticProd<Sk, Dk, T> as StaticLayout>::Shape as Halves>::A;
    type TD = <<StaticProd<Sk, Dk, T> as StaticLayout>::Stride as Halves>::A;
    type RS = <<StaticProd<Sk, Dk, T> as StaticLayout>::Shape as Halves>::B;
    type RD = <<StaticProd<Sk, Dk, T> as StaticLayout>::Stride as Halves>::B;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn multiply(_: &Sk, _: &Dk) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error> {
        Ok(Default::default())
    }
}
/// A part with run-time leaves: `(A_k, B_k·f)` (the gap-free rule).
impl<Sk, Dk, T> MultiplyByKind<Sk, Dk, T> for HasDyn
where
    Sk: Copy + Leaves<Dk> + MixedShape<Dk>,
    Dk: Copy + IntTuple,
    T: LayoutTile,
    TileOf<T>: StaticLayout,
    T::D: ScaleBy<Dyn>,
{
    type TS = Sk;
    type TD = Dk;
    type RS = T::S;
    type RD = <T::D as ScaleBy<Dyn>>::Out;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn multiply(s: &Sk, d: &Dk) -> Result<(Sk, Dk, T::S, Self::RD), Error> {
        let f = repeat_factor(s, d, <TileOf<T> as StaticLayout>::COSIZE, "logical_product")?;
        Ok((
            *s,
            *d,
            T::S::default(),
            scaled::<T::D>(f, "logical_product")?,
        ))
    }
}
/// Every part, by its leaf kinds.
impl<Sk, Dk, T> MultiplyMode<T> for (Sk, Dk)
where
    Sk: LeafKinds,
    Dk: LeafKinds,
    Sk::Kind: KindAnd<Dk::Kind>,
    KindOf<Sk, Dk>: MultiplyByKind<Sk, Dk, T>,
{
    type TS = <KindOf<Sk, Dk> as MultiplyByKind<Sk, Dk, T>>::TS;
    type TD = <KindOf<Sk, Dk> as MultiplyByKind<Sk, Dk, T>>::TD;
    type RS = <KindOf<Sk, Dk> as MultiplyByKind<Sk, Dk, T>>::RS;
    type RD = <KindOf<Sk, Dk> as MultiplyByKind<Sk, Dk, T>>::RD;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn multiply(&self) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error> {
        <KindOf<Sk, Dk> as MultiplyByKind<Sk, Dk, T>>::multiply(&self.0, &self.1)
    }
}

type Ts<S, D, T> = <(S, D) as MultiplyMode<T>>::TS;
type Td<S, D, T> = <(S, D) as MultiplyMode<T>>::TD;
type Rs<S, D, T> = <(S, D) as MultiplyMode<T>>::RS;
type Rd<S, D, T> = <(S, D) as MultiplyMode<T>>::RD;

/// The by-mode products of one layout rank and tiler rank, the divides'
/// regroupings of `(A_k, repeat_k)` per mode.
macro_rules! product_modes {
    ($($x:tt)*) => { split_modes!((Product MultiplyMode multiply Ts Td Rs Rd) $($x)*); };
}
for_each_rank!(product_modes);

/// The four by-mode product verbs of a mixed layout, for by-mode tilers of
/// 1 to 4 modes (a whole-layout tiler is the impl below).
macro_rules! mixed_product_verb {
    ($Verb:ident, $Noun:ident, $method:ident, $Part:ident, $part:ident, $what:literal) => {
        mixed_product_verb!(@arity $Verb, $method, $Part, $part, $what; T0);
        mixed_product_verb!(@arity $Verb, $method, $Part, $part, $what; T0, T1);
        mixed_product_verb!(@arity $Verb, $method, $Part, $part, $what; T0, T1, T2);
        mixed_product_verb!(@arity $Verb, $method, $Part, $part, $what; T0, T1, T2, T3);
        impl<S, D> MixedLayout<S, D> {
            #[doc = concat!("`", $what, "(self, b)` (see [`", stringify!($Verb), "`] and the module docs).")]
            #[inline(always)]
            pub fn $method<B>(&self, b: B) -> $Noun<Self, B>
            where
                Self: $Verb<B>,
            {
                <Self as $Verb<B>>::$method(self, b)
            }
        }
    };
    (@arity $Verb:ident, $method:ident, $Part:ident, $part:ident, $what:literal; $($T:ident),+) => {
        #[doc = concat!("`", $what, "(A, <B0, …>)` for a static by-mode tiler (see the module docs).")]
        impl<S, D, $($T),+> $Verb<Tiler<($($T,)+)>> for MixedLayout<S, D>
        where
            Self: DivideModes<Product<Tiler<($($T,)+)>>>,
            <Self as DivideModes<Product<Tiler<($($T,)+)>>>>::$Part: crate::kernel::layout::TensorLayout,
        {
            type Output = Result<<Self as DivideModes<Product<Tiler<($($T,)+)>>>>::$Part, Error>;
            #[inline(always)]
            fn $method(&self, _t: Tiler<($($T,)+)>) -> Self::Output {
                <Self as DivideModes<Product<Tiler<($($T,)+)>>>>::$part(self)
            }
        }
    };
}
mixed_product_verb!(
    ZippedMultiply,
    ZippedProduct,
    zipped_product,
    Zipped,
    zipped,
    "zipped_product"
);
mixed_product_verb!(
    TiledMultiply,
    TiledProduct,
    tiled_product,
    Tiled,
    tiled,
    "tiled_product"
);
mixed_product_verb!(
    FlatMultiply,
    FlatProduct,
    flat_product,
    Flat,
    flat,
    "flat_product"
);
mixed_product_verb!(
    LogicalMultiply,
    LogicalProduct,
    logical_product,
    Logical,
    logical,
    "logical_product"
);

/// The product `(A, repeat)` of a mixed layout by one static layout.
type WholeProduct<S, D, B> = MixedLayout<(Ts<S, D, B>, Rs<S, D, B>), (Td<S, D, B>, Rd<S, D, B>)>;
/// `logical_product` and `zipped_product` by one static layout `B` (bare or
/// as the whole-layout tiler `tiler!(B)`): `(A, repeat)`, both the same in
/// CuTe for a layout `B`.
macro_rules! whole_layout_product {
    ($($Verb:ident $method:ident $B:ty;)+) => {$(
        #[doc = concat!("`", stringify!($method), "(A, B)` for one static layout `B`: `(A, repeat)`.")]
        impl<S, D, BS, BD> $Verb<$B> for MixedLayout<S, D>
        where
            S: Copy,
            D: Copy,
            (S, D): MultiplyMode<Layout<BS, BD>>,
            WholeProduct<S, D, Layout<BS, BD>>: crate::kernel::layout::TensorLayout,
            (Ts<S, D, Layout<BS, BD>>, Rs<S, D, Layout<BS, BD>>):
                MixedShape<(Td<S, D, Layout<BS, BD>>, Rd<S, D, Layout<BS, BD>>)>,
        {
            type Output = Result<WholeProduct<S, D, Layout<BS, BD>>, Error>;
            #[inline(always)]
            fn $method(&self, _b: $B) -> Self::Output {
                let (s, d, rs, rd) = (*self.shape(), *self.stride()).multiply()?;
                MixedLayout::new((s, rs), (d, rd))
            }
        }
    )+};
}
whole_layout_product! {
    LogicalMultiply logical_product Layout<BS, BD>;
    LogicalMultiply logical_product Tiler<Layout<BS, BD>>;
    ZippedMultiply zipped_product Layout<BS, BD>;
    ZippedMultiply zipped_product Tiler<Layout<BS, BD>>;
}

/// The slicing coordinate that keeps each top-level mode of a shape as a
/// top-level mode (`__` for a leaf, `(__, …)` for a tuple): slicing a mode
/// with it splices that mode's children one level up.
#[doc(hidden)]
pub trait TopHoles {
    /// The coordinate.
    type Coord: Copy;
    /// It.
    const COORD: Self::Coord;
}
macro_rules! top_holes_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf: kept.
        impl<$($g)*> TopHoles for $t {
            type Coord = Underscore;
            const COORD: Underscore = Underscore;
        }
    };
}
crate::mixed::for_leaf_types!(top_holes_leaf);
macro_rules! top_holes_tuple {
    ($($S:ident),+) => {
        /// A tuple: each child kept whole.
        impl<$($S),+> TopHoles for ($($S,)+) {
            type Coord = ($(top_holes_tuple!(@hole $S),)+);
            const COORD: Self::Coord = ($(top_holes_tuple!(@value $S),)+);
        }
    };
    (@hole $S:ident) => { Underscore };
    (@value $S:ident) => { Underscore };
}
crate::data::int_tuple::arities!(top_holes_tuple; (S0), (S1), (S2), (S3), (S4), (S5), (S6), (S7));

/// The coordinate of `tiled_product` on `(A, repeat)`: `A` whole, the
/// repeat's modes spliced.
type TiledCoord<S, D, B> = (Underscore, <Rs<S, D, B> as TopHoles>::Coord);
/// The coordinate of `flat_product` on `(A, repeat)`: both halves' modes
/// spliced.
type FlatCoord<S, D, B> = (
    <Ts<S, D, B> as TopHoles>::Coord,
    <Rs<S, D, B> as TopHoles>::Coord,
);
/// `tiled_product` and `flat_product` by one static layout `B` (bare or as
/// the whole-layout tiler `tiler!(B)`): CuTe's regrouping of
/// `zipped_product(A, B) = (A, repeat)`: `(A, repeat₀, repeat₁, …)` and
/// `(A₀, A₁, …, repeat₀, repeat₁, …)`.
macro_rules! whole_layout_regroup {
    ($($Verb:ident $method:ident $B:ty, $Coord:ident, [$($a:tt)*];)+) => {$(
        #[doc = concat!("`", stringify!($method), "(A, B)` for one static layout `B`: `zipped_product(A, B)` regrouped.")]
        impl<S, D, BS, BD> $Verb<$B> for MixedLayout<S, D>
        where
            S: Copy,
            D: Copy,
            (S, D): MultiplyMode<Layout<BS, BD>>,
            Ts<S, D, Layout<BS, BD>>: TopHoles,
            Rs<S, D, Layout<BS, BD>>: TopHoles,
            (Ts<S, D, Layout<BS, BD>>, Rs<S, D, Layout<BS, BD>>):
                MixedShape<(Td<S, D, Layout<BS, BD>>, Rd<S, D, Layout<BS, BD>>)>,
            $Coord<S, D, Layout<BS, BD>>: MixedSliceCoord<
                (Ts<S, D, Layout<BS, BD>>, Rs<S, D, Layout<BS, BD>>),
                (Td<S, D, Layout<BS, BD>>, Rd<S, D, Layout<BS, BD>>),
            >,
            Sliced<
                (Ts<S, D, Layout<BS, BD>>, Rs<S, D, Layout<BS, BD>>),
                (Td<S, D, Layout<BS, BD>>, Rd<S, D, Layout<BS, BD>>),
                $Coord<S, D, Layout<BS, BD>>,
            >: crate::kernel::layout::TensorLayout,
        {
            type Output = Result<
                Sliced<
                    (Ts<S, D, Layout<BS, BD>>, Rs<S, D, Layout<BS, BD>>),
                    (Td<S, D, Layout<BS, BD>>, Rd<S, D, Layout<BS, BD>>),
                    $Coord<S, D, Layout<BS, BD>>,
                >,
                Error,
            >;
            #[inline(always)]
            fn $method(&self, _b: $B) -> Self::Output {
                let (s, d, rs, rd) = (*self.shape(), *self.stride()).multiply()?;
                let z = MixedLayout::new((s, rs), (d, rd))?;
                Ok(z.slice(($($a)*, <Rs<S, D, Layout<BS, BD>> as TopHoles>::COORD)).0)
            }
        }
    )+};
}
whole_layout_regroup! {
    TiledMultiply tiled_product Layout<BS, BD>, TiledCoord, [Underscore];
    TiledMultiply tiled_product Tiler<Layout<BS, BD>>, TiledCoord, [Underscore];
    FlatMultiply flat_product Layout<BS, BD>, FlatCoord, [<Ts<S, D, Layout<BS, BD>> as TopHoles>::COORD];
    FlatMultiply flat_product Tiler<Layout<BS, BD>>, FlatCoord, [<Ts<S, D, Layout<BS, BD>> as TopHoles>::COORD];
}

/// `blocked_product` (`RAKED = false`) or `raked_product` of a mixed
/// layout by a static layout, by the leaf kinds of `A`.
#[doc(hidden)]
pub trait ZipProductByKind<S, D, B, const RAKED: bool> {
    /// The product's layout.
    type Out;
    /// The product.
    fn zip_product(s: &S, d: &D) -> Result<Self::Out, Error>;
}
/// A static `A`: the static algebra's blocked (`false`) or raked product.
macro_rules! static_zip_product {
    ($($raked:tt $Verb:ident $Noun:ident;)+) => {$(
        /// A static `A`: the static algebra.
        impl<S, D, B> ZipProductByKind<S, D, B, $raked> for AllStatic
        where
            Layout<S, D>: $Verb<B>,
            $Noun<Layout<S, D>, B>: StaticLayout,
        {
            type Out = AsMixed<$Noun<Layout<S, D>, B>>;
            #[inline(always)]
            fn zip_product(_: &S, _: &D) -> Result<Self::Out, Error> {
                as_mixed::<$Noun<Layout<S, D>, B>>()
            }
        }
    )+};
}
static_zip_product! {
    false BlockedMultiply BlockedProduct;
    true RakedMultiply RakedProduct;
}

/// The pair `(a, r)` of a blocked product, `(r, a)` of a raked one.
macro_rules! zip_pair {
    (false, $a:expr, $r:expr) => {
        ($a, $r)
    };
    (true, $a:expr, $r:expr) => {
        ($r, $a)
    };
    (@ty false, $a:ty, $r:ty) => {
        ($a, $r)
    };
    (@ty true, $a:ty, $r:ty) => {
        ($r, $a)
    };
}
/// A static `B` paired mode by mode with a mixed `A` of shape `S`, stride
/// `D`: `((a0, b0·f), …)` (`RAKED`: `((b0·f, a0), …)`); `B` has `A`'s rank
/// (1 to 4), or is a leaf for a rank-1 `A`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a mixed layout's blocked_product / raked_product takes a static layout of the same rank (1 to 4), or a static leaf for a rank-1 layout",
    label = "`B` does not pair with `A` mode by mode",
    note = "layout: {S}:{D}",
    note = "B:      {Self}",
    note = "pad `B` with `1:0` modes to `A`'s rank, or convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait PairModes<S, D, const RAKED: bool> {
    /// The paired layout.
    type Out;
    /// Pair `s:d` with `B·f`.
    fn pair(s: &S, d: &D, f: Dyn, what: &'static str) -> Result<Self::Out, Error>;
}
/// Any static `B = BS:BD`, by its shape `BS`. One impl whatever `B`'s rank:
/// the rank is matched on `BS` (the `Self` of [`PairShape`]), so inference
/// never fixes `B`'s rank from `A`'s before the argument is checked, and a
/// rank mismatch is the named error, not a type mismatch.
impl<S, D, BS, BD, const RAKED: bool> PairModes<S, D, RAKED> for Layout<BS, BD>
where
    BS: PairShape<S, D, BD, RAKED>,
{
    type Out = <BS as PairShape<S, D, BD, RAKED>>::Out;
    #[inline(always)]
    fn pair(s: &S, d: &D, f: Dyn, what: &'static str) -> Result<Self::Out, Error> {
        BS::pair(s, d, f, what)
    }
}
/// [`PairModes`] by `B`'s shape (`Self`) and stride `BD`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a mixed layout's blocked_product / raked_product takes a static layout of the same rank (1 to 4), or a static leaf for a rank-1 layout",
    label = "`B` does not pair with `A` mode by mode",
    note = "layout: {S}:{D}",
    note = "B:      {Self}:{BD}",
    note = "pad `B` with `1:0` modes to `A`'s rank, or convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait PairShape<S, D, BD, const RAKED: bool> {
    /// The paired layout.
    type Out;
    /// Pair `s:d` with `B·f`.
    fn pair(s: &S, d: &D, f: Dyn, what: &'static str) -> Result<Self::Out, Error>;
}
/// `A` of rank `r` with `B` of rank `r`.
macro_rules! pair_modes {
    ($raked:tt; $($S:ident $D:ident $B:ident $E:ident $i:tt),+) => {
        /// Pair `A`'s modes with `B`'s scaled modes.
        impl<$($S: Copy + IntTuple, $D: Copy + IntTuple, $B: Copy + Default + IntTuple, $E: ScaleBy<Dyn>,)+> PairShape<($($S,)+), ($($D,)+), ($($E,)+), $raked> for ($($B,)+)
        where
            ($(zip_pair!(@ty $raked, $S, $B),)+): MixedShape<($(zip_pair!(@ty $raked, $D, $E::Out),)+)>,
        {
            type Out = MixedLayout<($(zip_pair!(@ty $raked, $S, $B),)+), ($(zip_pair!(@ty $raked, $D, $E::Out),)+)>;
            fn pair(s: &($($S,)+), d: &($($D,)+), f: Dyn, what: &'static str) -> Result<Self::Out, Error> {
                MixedLayout::new(
                    ($(zip_pair!($raked, s.$i, $B::default()),)+),
                    ($(zip_pair!($raked, d.$i, scaled::<$E>(f, what)?),)+),
                )
            }
        }
    };
}
pair_modes!(false; S0 D0 B0 E0 0);
pair_modes!(false; S0 D0 B0 E0 0, S1 D1 B1 E1 1);
pair_modes!(false; S0 D0 B0 E0 0, S1 D1 B1 E1 1, S2 D2 B2 E2 2);
pair_modes!(false; S0 D0 B0 E0 0, S1 D1 B1 E1 1, S2 D2 B2 E2 2, S3 D3 B3 E3 3);
pair_modes!(true; S0 D0 B0 E0 0);
pair_modes!(true; S0 D0 B0 E0 0, S1 D1 B1 E1 1);
pair_modes!(true; S0 D0 B0 E0 0, S1 D1 B1 E1 1, S2 D2 B2 E2 2);
pair_modes!(true; S0 D0 B0 E0 0, S1 D1 B1 E1 1, S2 D2 B2 E2 2, S3 D3 B3 E3 3);
/// The one mode of a rank-1 mixed layout (shape `Self`, stride `D`).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a mixed layout's blocked_product / raked_product takes a static layout of the same rank (1 to 4), or a static leaf for a rank-1 layout",
    label = "a static leaf `B` pairs with a rank-1 layout only",
    note = "pad `B` with `1:0` modes to the layout's rank, or convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait OneMode<D> {
    /// The mode's shape.
    type S: Copy + IntTuple;
    /// The mode's stride.
    type D: Copy + IntTuple;
    /// The mode.
    fn mode(&self, d: &D) -> (Self::S, Self::D);
}
/// A 1-tuple's child.
impl<S0: Copy + IntTuple, D0: Copy + IntTuple> OneMode<(D0,)> for (S0,) {
    type S = S0;
    type D = D0;
    fn mode(&self, d: &(D0,)) -> (S0, D0) {
        (self.0, d.0)
    }
}
/// A rank-1 `A` with a static leaf `B = N:e` (written for any `A`, so that
/// a `B` of another rank is an error naming the rule, not a type mismatch).
macro_rules! pair_leaf {
    ($($raked:tt)+) => {$(
        /// Pair `A`'s one mode with the scaled leaf.
        impl<S: OneMode<D>, D, const N: usize, E: ScaleBy<Dyn>> PairShape<S, D, E, $raked> for C<N>
        where
            (zip_pair!(@ty $raked, S::S, C<N>),): MixedShape<(zip_pair!(@ty $raked, S::D, E::Out),)>,
        {
            type Out = MixedLayout<(zip_pair!(@ty $raked, S::S, C<N>),), (zip_pair!(@ty $raked, S::D, E::Out),)>;
            fn pair(s: &S, d: &D, f: Dyn, what: &'static str) -> Result<Self::Out, Error> {
                let (s0, d0) = s.mode(d);
                MixedLayout::new((zip_pair!($raked, s0, C::<N>),), (zip_pair!($raked, d0, scaled::<E>(f, what)?),))
            }
        }
    )+};
}
pair_leaf!(false true);
/// `blocked_product`/`raked_product` of a mixed `A` with run-time leaves:
/// `B`'s modes scaled by `f` from the one-leaf complement of all of `A`,
/// paired with `A`'s modes.
impl<S, D, B, const RAKED: bool> ZipProductByKind<S, D, B, RAKED> for HasDyn
where
    S: Leaves<D> + MixedShape<D>,
    B: StaticLayout + PairModes<S, D, RAKED>,
{
    type Out = <B as PairModes<S, D, RAKED>>::Out;
    fn zip_product(s: &S, d: &D) -> Result<Self::Out, Error> {
        let what = if RAKED {
            "raked_product"
        } else {
            "blocked_product"
        };
        let f = repeat_factor(s, d, B::COSIZE, what)?;
        B::pair(s, d, f, what)
    }
}

/// The two zip-product verbs of a mixed layout.
macro_rules! mixed_zip_verb {
    ($Verb:ident, $Noun:ident, $method:ident, $raked:tt, $what:literal) => {
        #[doc = concat!("`", $what, "(A, B)` for a static layout `B` (see the module docs).")]
        impl<S, D, BS, BD> $Verb<Layout<BS, BD>> for MixedLayout<S, D>
        where
            S: LeafKinds,
            D: LeafKinds,
            S::Kind: KindAnd<D::Kind>,
            KindOf<S, D>: ZipProductByKind<S, D, Layout<BS, BD>, $raked>,
            <KindOf<S, D> as ZipProductByKind<S, D, Layout<BS, BD>, $raked>>::Out: crate::kernel::layout::TensorLayout,
        {
            type Output = Result<<KindOf<S, D> as ZipProductByKind<S, D, Layout<BS, BD>, $raked>>::Out, Error>;
            #[inline(always)]
            fn $method(&self, _b: Layout<BS, BD>) -> Self::Output {
                <KindOf<S, D> as ZipProductByKind<S, D, Layout<BS, BD>, $raked>>::zip_product(self.shape(), self.stride())
            }
        }
        impl<S, D> MixedLayout<S, D> {
            #[doc = concat!("`", $what, "(self, b)` (see [`", stringify!($Verb), "`] and the module docs).")]
            #[inline(always)]
            pub fn $method<B>(&self, b: B) -> $Noun<Self, B>
            where
                Self: $Verb<B>,
            {
                <Self as $Verb<B>>::$method(self, b)
            }
        }
    };
}
mixed_zip_verb!(
    BlockedMultiply,
    BlockedProduct,
    blocked_product,
    false,
    "blocked_product"
);
mixed_zip_verb!(
    RakedMultiply,
    RakedProduct,
    raked_product,
    true,
    "raked_product"
);
