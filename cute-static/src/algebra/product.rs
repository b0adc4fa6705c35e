//! Products (docs/semantics/algebra.md#products): `logical_product(A, B) = (A, complement(A,
//! size(A)·cosize(B)) ∘ B)`: mode 0 is `A`, mode 1 repeats it as `B` says.
//! A tiler multiplies mode by mode and keeps `A`'s other modes; `zipped`,
//! `tiled` and `flat` products regroup like the divides. `blocked_product`
//! pairs `A`'s modes with the repeat's modes (blocks of `A`) and
//! `raked_product` pairs them the other way round (interleaved `A`), both
//! after padding `A` and `B` with `1:0` modes to the same rank (Cecka §3.5.1).
//!
//! ```
//! use cute_static::{layout, tiler};
//! assert_eq!(layout!(4:1).logical_product(layout!(4:2)).to_string(), "(_4,_4):(_1,_8)");
//! let a = layout!((2, 2):(1, 2));
//! let b = layout!((3, 4):(1, 3));
//! assert_eq!(a.blocked_product(b).to_string(), "((_2,_3),(_2,_4)):((_1,_4),(_2,_12))");
//! assert_eq!(a.raked_product(b).to_string(), "((_3,_2),(_4,_2)):((_4,_1),(_12,_2))");
//! assert_eq!(layout!((2, 5):(5, 1)).zipped_product(tiler!(<3:1, 4:1>)).to_dynamic().to_string(),
//!            "((2,5),(3,4)):((5,1),(1,5))");
//! ```

use core::ops::{Add, Mul, Sub};
use typenum::Max;
use typenum::operator_aliases::{Diff, Eq, Maximum, Prod, Sub1, Sum};
use typenum::{B1, Bit, IsEqual, U0, U1, UInt, UTerm, Unsigned};

use crate::algebra::complement::ComplementOf;
use crate::algebra::composition::{ComposeTree, Finish, Len, ModesOf};
use crate::algebra::divide::{Flat, Logical, SizeOf, Tiled, TilerOp, TreeOp, Zipped, tiler_verb};
use crate::data::layout::{FlatOf, Flatten, Layout, StaticLayout};
use crate::data::neg::PositivePart;
use crate::data::tiler::IntoTiler;
use crate::private::{Bind, Cat, Concat, Fun, HCons, HNil, If, Ok, Sel, Then};

/// `cosize` of a tree: `Σ (s - 1)·max(d, 0) + 1`.
pub trait CosizeOf {
    /// The cosize.
    type Out;
}
/// Sum over the flat leaves.
impl<T: Flatten> CosizeOf for T
where
    FlatOf<T>: FlatCosize,
    <FlatOf<T> as FlatCosize>::Out: Add<B1>,
{
    type Out = Sum<<FlatOf<T> as FlatCosize>::Out, B1>;
}
/// `Σ (s - 1)·d` over a list.
pub trait FlatCosize {
    /// The sum.
    type Out;
}
/// Empty sum.
impl FlatCosize for HNil {
    type Out = U0;
}
/// `(s - 1)·max(d, 0) + rest` (negative strides contribute nothing, as in
/// cute-dynamic's `cosize`).
impl<S, D: PositivePart, T: FlatCosize> FlatCosize for HCons<(S, D), T>
where
    S: Sub<B1>,
    Sub1<S>: Mul<D::Out>,
    Prod<Sub1<S>, D::Out>: Add<T::Out>,
{
    type Out = Sum<Prod<Sub1<S>, D::Out>, T::Out>;
}

/// The product step: `(A, complement(A, size(A)·cosize(B)) ∘ B)`.
pub struct ProductOp;
/// `A ⊗ B = (A, complement(A, size(A)·cosize(B)) ∘ B)`.
impl<A, B> TreeOp<A, B> for ProductOp
where
    A: SizeOf,
    B: CosizeOf,
    A::Out: Mul<B::Out>,
    Prod<A::Out, B::Out>: ComplementOf<A>,
    <Prod<A::Out, B::Out> as ComplementOf<A>>::Out: Bind<RepeatBy<A, B>>,
{
    type Out = Then<<Prod<A::Out, B::Out> as ComplementOf<A>>::Out, RepeatBy<A, B>>;
}
/// `C ↦ (A, C ∘ B)`.
pub struct RepeatBy<A, B>(core::marker::PhantomData<(A, B)>);
/// Compose the complement with `B` and pair it with `A`.
impl<A, B, Cm> Fun<Cm> for RepeatBy<A, B>
where
    ComposeTree<B>: Fun<Cm>,
    <ComposeTree<B> as Fun<Cm>>::Out: Bind<PairWith<A>>,
{
    type Out = Then<<ComposeTree<B> as Fun<Cm>>::Out, PairWith<A>>;
}
/// `R ↦ Ok<(A, R)>`.
pub struct PairWith<A>(core::marker::PhantomData<A>);
/// The pair `(A, R)`.
impl<A, R> Fun<R> for PairWith<A> {
    type Out = Ok<HCons<A, HCons<R, HNil>>>;
}

tiler_verb!(
    /// `logical_product(A, T)`: `(A, complement(A, size(A)·cosize(B)) ∘ B)`, by mode for a tiler.
    LogicalMultiply, LogicalProduct, logical_product, ProductOp, Logical, "logical_product";
    /// # Examples
    ///
    /// CuTe's `logical_product(A, B)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// assert_eq!(layout!(4:1).logical_product(layout!(4:2)).to_string(), "(_4,_4):(_1,_8)");
    /// ```
);
tiler_verb!(
    /// `zipped_product(A, T)`: `((A modes…), (repeat modes…))`.
    ZippedMultiply, ZippedProduct, zipped_product, ProductOp, Zipped, "zipped_product";
    /// # Examples
    ///
    /// CuTe's `zipped_product(A, T)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// let p = layout!((2, 5):(5, 1)).zipped_product(tiler!(<3:1, 4:1>));
    /// assert_eq!(p.to_dynamic().to_string(), "((2,5),(3,4)):((5,1),(1,5))");
    /// ```
);
tiler_verb!(
    /// `tiled_product(A, T)`: `(A modes, repeat0, repeat1, …)`.
    TiledMultiply, TiledProduct, tiled_product, ProductOp, Tiled, "tiled_product";
    /// # Examples
    ///
    /// CuTe's `tiled_product(A, B)`: `(A, rest0, rest1, …)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// let p = layout!(8:1).tiled_product(layout!((3, 16, 6):(96, 6, 1)));
    /// assert_eq!(p.to_dynamic().to_string(), "(8,3,16,6):(1,768,48,8)");
    /// ```
);
tiler_verb!(
    /// `flat_product(A, T)`: all modes, one level.
    FlatMultiply, FlatProduct, flat_product, ProductOp, Flat, "flat_product";
    /// # Examples
    ///
    /// CuTe's `flat_product(A, B)`: all modes, one level:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// let p = layout!(8:1).flat_product(layout!((3, 16, 6):(96, 6, 1)));
    /// assert_eq!(p.to_dynamic().to_string(), "(8,3,16,6):(1,768,48,8)");
    /// ```
);

/// The rank of a tree (1 for a leaf).
pub trait RankOf {
    /// The rank.
    type Out;
}
/// A leaf has rank 1.
impl<S, D> RankOf for (S, D) {
    type Out = U1;
}
/// `()` has rank 0.
impl RankOf for HNil {
    type Out = U0;
}
/// A tuple's rank is its length.
impl<H, T> RankOf for HCons<H, T>
where
    Self: Len,
{
    type Out = <Self as Len>::Out;
}

/// `K` copies of the unit mode `1:0`.
pub trait Units {
    /// The list.
    type Out;
}
/// No units.
impl Units for UTerm {
    type Out = HNil;
}
/// `k` units are one and `k - 1` more.
impl<N: Unsigned, B: Bit> Units for UInt<N, B>
where
    Self: Sub<B1>,
    Sub1<Self>: Units,
{
    type Out = HCons<(U1, U0), <Sub1<Self> as Units>::Out>;
}

/// Pad a tree to rank `R` with `1:0` modes (unchanged when already there).
pub trait Pad<R> {
    /// The padded tree.
    type Out;
}
/// `pad(L, r)`: `L` if `rank(L) ≥ r`, else `(L's modes…, 1:0, …)`.
impl<L, R> Pad<R> for L
where
    L: RankOf + ModesOf,
    R: Max<<L as RankOf>::Out>,
    Maximum<R, <L as RankOf>::Out>: Sub<<L as RankOf>::Out>,
    Diff<Maximum<R, <L as RankOf>::Out>, <L as RankOf>::Out>: Units + IsEqual<U0>,
    <L as ModesOf>::Out:
        Concat<<Diff<Maximum<R, <L as RankOf>::Out>, <L as RankOf>::Out> as Units>::Out>,
    Eq<Diff<Maximum<R, <L as RankOf>::Out>, <L as RankOf>::Out>, U0>: If<
            L,
            Cat<
                <L as ModesOf>::Out,
                <Diff<Maximum<R, <L as RankOf>::Out>, <L as RankOf>::Out> as Units>::Out,
            >,
        >,
{
    type Out = Sel<
        Eq<Diff<Maximum<R, <L as RankOf>::Out>, <L as RankOf>::Out>, U0>,
        L,
        Cat<
            <L as ModesOf>::Out,
            <Diff<Maximum<R, <L as RankOf>::Out>, <L as RankOf>::Out> as Units>::Out,
        >,
    >;
}

/// For rank 1: a tree of rank other than 1 is itself, else its mode 0.
pub trait Nth1 {
    /// The mode.
    type Out;
}
/// A leaf's mode 0 is itself.
impl<S, D> Nth1 for (S, D) {
    type Out = (S, D);
}
/// A 1-tuple's mode 0 is its child.
impl<X> Nth1 for HCons<X, HNil> {
    type Out = X;
}
/// A longer tuple stays whole.
impl<X, Y, T> Nth1 for HCons<X, HCons<Y, T>> {
    type Out = Self;
}
/// `()` stays whole.
impl Nth1 for HNil {
    type Out = HNil;
}

/// Pair up two lists: `[(x0, y0), (x1, y1), …]` as 2-tuples.
pub trait ZipPairs<Y> {
    /// The list of pairs.
    type Out;
}
/// Stop at the end of the first list.
impl<Y> ZipPairs<Y> for HNil {
    type Out = HNil;
}
/// Stop at the end of the second list.
impl<X, Xs> ZipPairs<HNil> for HCons<X, Xs> {
    type Out = HNil;
}
/// `(x :: xs) ⋈ (y :: ys) = (x, y) :: (xs ⋈ ys)`.
impl<X, Xs: ZipPairs<Ys>, Y, Ys> ZipPairs<HCons<Y, Ys>> for HCons<X, Xs> {
    type Out = HCons<HCons<X, HCons<Y, HNil>>, Xs::Out>;
}

/// Blocked (`Raked = B0`) or raked (`B1`) product of two trees.
pub struct ZipProductOp<Raked>(core::marker::PhantomData<Raked>);
/// Pad to the common rank `r`, take the product `(x, y)` (swapped when raked),
/// and pair the modes: `((x0, y0), (x1, y1), …)`; for `r = 1`, `((x, y))`.
impl<Raked, A, B> TreeOp<A, B> for ZipProductOp<Raked>
where
    A: RankOf,
    B: RankOf,
    <A as RankOf>::Out: Max<<B as RankOf>::Out>,
    A: Pad<Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>,
    B: Pad<Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>,
    ProductOp: TreeOp<
            <A as Pad<Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>>::Out,
            <B as Pad<Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>>::Out,
        >,
    <ProductOp as TreeOp<
        <A as Pad<Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>>::Out,
        <B as Pad<Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>>::Out,
    >>::Out: Bind<PairModes<Raked, Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>>,
{
    type Out = Then<
        <ProductOp as TreeOp<
            <A as Pad<Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>>::Out,
            <B as Pad<Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>>::Out,
        >>::Out,
        PairModes<Raked, Maximum<<A as RankOf>::Out, <B as RankOf>::Out>>,
    >;
}
/// `(first, second) ↦` the paired modes.
pub struct PairModes<Raked, R>(core::marker::PhantomData<(Raked, R)>);
/// Swap when raked, then pair by mode.
impl<Raked, R, P0, P1> Fun<HCons<P0, HCons<P1, HNil>>> for PairModes<Raked, R>
where
    Raked: If<P1, P0> + If<P0, P1>,
    Sel<Raked, P1, P0>: ModesOf + Nth1,
    Sel<Raked, P0, P1>: ModesOf + Nth1,
    <Sel<Raked, P1, P0> as ModesOf>::Out: ZipPairs<<Sel<Raked, P0, P1> as ModesOf>::Out>,
    Sel<Raked, P1, P0>: OnePairWith<Sel<Raked, P0, P1>>,
    R: IsEqual<U1>,
    Eq<R, U1>: If<
            OnePair<Sel<Raked, P1, P0>, Sel<Raked, P0, P1>>,
            ModePairs<Sel<Raked, P1, P0>, Sel<Raked, P0, P1>>,
        >,
{
    type Out = Ok<
        Sel<
            Eq<R, U1>,
            OnePair<Sel<Raked, P1, P0>, Sel<Raked, P0, P1>>,
            ModePairs<Sel<Raked, P1, P0>, Sel<Raked, P0, P1>>,
        >,
    >;
}
/// The one pair of two rank-1 trees, CuTe's `zip(x, y)`: `((x, y))` with
/// `y` whole when `x` is a leaf (`blocked_product(16:1, (2):(1)) =
/// ((16,(2))):((1,(16)))`), else `((x0, y0))`.
type OnePair<X, Y> = <X as OnePairWith<Y>>::Out;
/// [`OnePair`] with the first tree as self type.
pub trait OnePairWith<Y> {
    /// `((x, y))`.
    type Out;
}
/// A leaf first: `y` stays whole.
impl<S, D, Y> OnePairWith<Y> for (S, D) {
    type Out = HCons<HCons<(S, D), HCons<Y, HNil>>, HNil>;
}
/// A tuple first: mode 0 of each.
impl<X, Xs, Y: Nth1> OnePairWith<Y> for HCons<X, Xs>
where
    HCons<X, Xs>: Nth1,
{
    type Out = HCons<HCons<<HCons<X, Xs> as Nth1>::Out, HCons<<Y as Nth1>::Out, HNil>>, HNil>;
}
/// The modes of two trees paired: `((x0, y0), (x1, y1), …)`.
type ModePairs<X, Y> = <<X as ModesOf>::Out as ZipPairs<<Y as ModesOf>::Out>>::Out;

/// Declare a verb for a product of two layouts.
macro_rules! layout_verb {
    ($(#[$doc:meta])* $Verb:ident, $Noun:ident, $method:ident, $Raked:ty, $what:literal $(; $(#[$ex:meta])+)?) => {
        $(#[$doc])*
        ///
        /// `Output` is what the operation returns: for a static [`Layout`]
        /// the product itself (a [`StaticLayout`]); for a
        /// [`MixedLayout`](crate::MixedLayout), a `Result` of its layout.
        $($(#[$ex])+)?
        pub trait $Verb<B> {
            /// The result (a static layout, or a `Result` of a layout):
            /// usable as a layout through [`LayoutResult`](crate::LayoutResult).
            type Output: crate::kernel::layout::LayoutResult;
            #[doc = concat!("`", $what, "(self, b)`.")]
            fn $method(&self, b: B) -> Self::Output;
        }
        #[doc = concat!("`", $what, "(A, B)` of the two trees.")]
        impl<S, D, B> $Verb<B> for Layout<S, D>
        where
            Self: StaticLayout,
            B: StaticLayout,
            B::Tree: ZipProductWith<$Raked, <Self as StaticLayout>::Tree>,
            <B::Tree as ZipProductWith<$Raked, <Self as StaticLayout>::Tree>>::Out: Finish<Self, B>,
        {
            type Output = <<B::Tree as ZipProductWith<$Raked, <Self as StaticLayout>::Tree>>::Out as Finish<Self, B>>::Output;
            #[inline(always)]
            fn $method(&self, _b: B) -> Self::Output {
                Default::default()
            }
        }
        #[doc = concat!("The result of `", $what, "(A, B)`.")]
        pub type $Noun<A, B> = <A as $Verb<B>>::Output;
        impl<S, D> Layout<S, D> {
            #[doc = concat!("`", $what, "(self, b)` (see [`", stringify!($Verb), "`]).")]
            #[inline(always)]
            pub fn $method<B>(self, b: B) -> $Noun<Self, B>
            where
                Self: $Verb<B>,
            {
                <Self as $Verb<B>>::$method(&self, b)
            }
        }
    };
}

/// `ZipProductOp<Raked>` with the right operand as self type.
pub trait ZipProductWith<Raked, A> {
    /// `Ok<tree>` or the error.
    type Out;
}
/// Forward to [`ZipProductOp`].
impl<Raked, A, B> ZipProductWith<Raked, A> for B
where
    ZipProductOp<Raked>: TreeOp<A, B>,
{
    type Out = <ZipProductOp<Raked> as TreeOp<A, B>>::Out;
}

layout_verb!(
    /// `blocked_product(A, B)`: `((a0, r0), (a1, r1), …)`, blocks of `A`.
    BlockedMultiply, BlockedProduct, blocked_product, typenum::B0, "blocked_product";
    /// # Examples
    ///
    /// CuTe's `blocked_product(A, B)`: `A` is the block, `B` arranges the blocks:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// let (a, b) = (layout!((2, 2):(1, 2)), layout!((3, 4):(1, 3)));
    /// assert_eq!(a.blocked_product(b).to_string(), "((_2,_3),(_2,_4)):((_1,_4),(_2,_12))");
    /// ```
);
layout_verb!(
    /// `raked_product(A, B)`: `((r0, a0), (r1, a1), …)`, `A` interleaved.
    RakedMultiply, RakedProduct, raked_product, typenum::B1, "raked_product";
    /// # Examples
    ///
    /// CuTe's `raked_product(A, B)`: the blocks interleaved:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// let (a, b) = (layout!((2, 2):(1, 2)), layout!((3, 4):(1, 3)));
    /// assert_eq!(a.raked_product(b).to_string(), "((_3,_2),(_4,_2)):((_4,_1),(_12,_2))");
    /// ```
);
