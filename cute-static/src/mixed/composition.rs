//! Composition of mixed layouts with static by-mode tilers, with the static
//! crate's trait [`Compose`], whose `Output` for a [`MixedLayout`] is
//! `Result<MixedLayout<…>, Error>`. The result equals cute-dynamic's
//! on the same values: `A ∘ <T0, T1, …>` composes mode by mode and drops
//! `A`'s modes beyond the tiler.
//!
//! The rule, per top-level mode `A_k` of `A` and tiler mode `T_k` (a static
//! layout, or an integer tile `C<N>` meaning `N:1`):
//! * `A_k` fully static: the static algebra computes the result (static
//!   types, and an inadmissible composition is a compile error naming the
//!   rule).
//! * `A_k` a leaf `s:d` with a run-time shape or stride (`Dyn`): `s:d ∘ B`
//!   is `B` with its strides multiplied by `d` (`A_k` is rank 1, so no
//!   divisibility condition applies): static strides stay static, `Dyn`
//!   makes them run-time.
//! * `T_k = _` (`tiler!(<_, …>)`): the mode is kept as it is.
//! * Anything else (a tuple mode with a run-time leaf) does not compile.
//!
//! The run-time check is that the result's strides, size and offsets fit
//! in an `i64` (`Err(Error::Overflow)` otherwise).
//!
//! Limits: layouts of at most [`MIXED_ALGEBRA_MAX_RANK`](crate::MIXED_ALGEBRA_MAX_RANK)
//! (4) top-level modes, tilers of at most as many modes as the layout; a
//! larger rank does not compile, and the error's first line names the
//! limit.
//!
//! ```
//! use cute_static::{layout, tiler};
//! let m = 40;
//! let a = layout!(({m}, 8):(1, {m}))?;
//! let r = a.compose(tiler!(<(2, 4):(1, 8), 4:2>))?;
//! assert_eq!(r.to_string(), "((_2,_4),_4):((_1,_8),80)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::ops::Mul;

use crate::Error;
use crate::kernel::tensor::Underscore;

use crate::algebra::composition::{Compose, Composed};
use crate::data::int_tuple::{C, IntTuple, StaticInt, StaticIntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::data::tiler::{Tiler, TilerMode};
use crate::mixed::complement::{AsMixed, Leaves, as_mixed, coalesce, leaves};
use crate::mixed::layout::{
    AllStatic, Dyn, DynDiv, HasDyn, KindAnd, LeafKinds, MixedLayout, MixedShape, overflow,
};
use crate::private::{P, Pretty};

/// The composition of one mode `(shape, stride)` with one tiler mode `T`.
#[diagnostic::on_unimplemented(
    message = "the mode `{Self}` cannot be composed with `{T}` in a mixed layout",
    note = "a fully static mode takes any static tiler; a mode with run-time parts must be a leaf `s:d`, composed with a static layout or `C<N>`"
)]
pub trait ComposeMode<T> {
    /// Result shape.
    type RS: Copy;
    /// Result stride.
    type RD: Copy + IntTuple;
    /// The two parts.
    fn compose(&self) -> Result<(Self::RS, Self::RD), Error>;
}
type StaticComp<Sk, Dk, T> = Composed<Layout<Sk, Dk>, Tiler<T>>;
/// A static mode: the static algebra's composition.
impl<Sk, Dk, T> ComposeMode<T> for (Sk, Dk)
where
    Sk: StaticIntTuple,
    Dk: StaticIntTuple,
    T: TilerMode,
    Layout<Sk, Dk>: Compose<Tiler<T>>,
    StaticComp<Sk, Dk, T>: StaticLayout,
{
    type RS = <StaticComp<Sk, Dk, T> as StaticLayout>::Shape;
    type RD = <StaticComp<Sk, Dk, T> as StaticLayout>::Stride;
    #[inline(always)]
    fn compose(&self) -> Result<(Self::RS, Self::RD), Error> {
        Ok(Default::default())
    }
}

/// A static right operand of a run-time leaf mode, as a layout.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static layout or an integer tile, as a mode with run-time parts needs",
    note = "the mixed composition and products take a static layout (`layout!`) or an integer tile `C<N>` against a mode with run-time parts"
)]
pub trait LayoutTile {
    /// Its shape.
    type S: Copy + Default;
    /// Its stride.
    type D;
}
/// An integer tile composes as `N:1`.
impl<const N: usize> LayoutTile for C<N> {
    type S = C<N>;
    type D = C<1>;
}
crate::data::dec::impl_for_dec! {
    /// An integer tile beyond the readable table composes as `N:1`.
    LayoutTile {
        type S = Self;
        type D = C<1>;
    }
}
/// A static layout.
impl<S: Copy + Default, D> LayoutTile for Layout<S, D> {
    type S = S;
    type D = D;
}

/// A static stride tree multiplied by a stride leaf `K`.
#[diagnostic::on_unimplemented(
    message = "the tile stride `{Self}` cannot be scaled by the run-time stride `{K}`",
    note = "under a run-time stride, a tiler mode's stride is a static integer tree"
)]
pub trait ScaleBy<K> {
    /// The scaled tree.
    type Out: Copy + IntTuple;
    /// Its value, `None` on overflow.
    fn scale(k: &K) -> Option<Self::Out>;
}
/// `c·Dyn(k)` is run-time.
impl<const V: usize> ScaleBy<Dyn> for C<V> {
    type Out = Dyn;
    #[inline(always)]
    fn scale(k: &Dyn) -> Option<Dyn> {
        V.checked_mul(k.0).map(Dyn)
    }
}
/// `c·DynDiv<E>(k)` is run-time (the divisor is not carried on).
impl<const V: usize, const E: usize> ScaleBy<DynDiv<E>> for C<V> {
    type Out = Dyn;
    #[inline(always)]
    fn scale(k: &DynDiv<E>) -> Option<Dyn> {
        V.checked_mul(k.get()).map(Dyn)
    }
}
crate::data::dec::impl_for_dec! {
    /// `c·DynDiv<E>(k)` is run-time (the divisor is not carried on).
    [const E: usize,] ScaleBy<DynDiv<E>> {
        type Out = Dyn;
        #[inline(always)]
        fn scale(k: &DynDiv<E>) -> Option<Dyn> {
            <Self as StaticInt>::VALUE.checked_mul(k.get()).map(Dyn)
        }
    } where Self: StaticInt
}
crate::data::dec::impl_for_dec! {
    /// `c·Dyn(k)` is run-time.
    ScaleBy<Dyn> {
        type Out = Dyn;
        #[inline(always)]
        fn scale(k: &Dyn) -> Option<Dyn> {
            <Self as StaticInt>::VALUE.checked_mul(k.0).map(Dyn)
        }
    } where Self: StaticInt
}
crate::data::dec::impl_for_dec! {
    /// `c·C<k>` is static.
    [K: StaticInt,] ScaleBy<K> {
        type Out = P<<<Self as StaticInt>::Tn as Mul<K::Tn>>::Output>;
        #[inline(always)]
        fn scale(_: &K) -> Option<Self::Out> {
            Some(Default::default())
        }
    } where
        Self: StaticInt,
        <Self as StaticInt>::Tn: Mul<K::Tn>,
        <<Self as StaticInt>::Tn as Mul<K::Tn>>::Output: Pretty,
        P<<<Self as StaticInt>::Tn as Mul<K::Tn>>::Output>: Default + Copy + IntTuple,
}
/// `c·C<k>` is static.
impl<const V: usize, K: StaticInt> ScaleBy<K> for C<V>
where
    C<V>: StaticInt,
    <C<V> as StaticInt>::Tn: Mul<K::Tn>,
    <<C<V> as StaticInt>::Tn as Mul<K::Tn>>::Output: Pretty,
    P<<<C<V> as StaticInt>::Tn as Mul<K::Tn>>::Output>: Default + Copy + IntTuple,
{
    type Out = P<<<C<V> as StaticInt>::Tn as Mul<K::Tn>>::Output>;
    #[inline(always)]
    fn scale(_: &K) -> Option<Self::Out> {
        Some(Default::default())
    }
}
/// A tuple scales leaf by leaf (one impl per arity, written once).
macro_rules! scale_tuple {
    ($($T:ident),+) => {
        /// A tuple scales leaf by leaf.
        impl<K, $($T: ScaleBy<K>),+> ScaleBy<K> for ($($T,)+) {
            type Out = ($($T::Out,)+);
            #[inline(always)]
            fn scale(k: &K) -> Option<Self::Out> {
                Some(($($T::scale(k)?,)+))
            }
        }
    };
}
crate::data::int_tuple::arities!(scale_tuple; (A0), (A1), (A2), (A3), (A4), (A5), (A6), (A7));

/// `s:d ∘ B = B` with strides times `d`, for a run-time leaf `s:d`.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn compose_leaf<K, T: LayoutTile>(d: &K) -> Result<(T::S, <T::D as ScaleBy<K>>::Out), Error>
where
    T::D: ScaleBy<K>,
{
    let d = <T::D as ScaleBy<K>>::scale(d)
        .ok_or_else(|| overflow("composition", "a run-time stride times a tile stride"))?;
    Ok((T::S::default(), d))
}
/// The impls of one run-time leaf type `Dyn` / `DynDiv<E>` (written once):
/// as a shape (`s:d ∘ B = B` with strides times `d`; a rank-1 `A` has no
/// admissibility condition, so a divisor changes nothing here), as the
/// stride of a static shape, and kept by `_`.
macro_rules! compose_run_time_leaf {
    ([$($g:tt)*] $R:ty) => {
        /// A run-time shape: `s:d ∘ B = B` with strides times `d`.
        impl<$($g)* Dk: Copy, T: LayoutTile> ComposeMode<T> for ($R, Dk)
        where
            T::D: ScaleBy<Dk>,
        {
            type RS = T::S;
            type RD = <T::D as ScaleBy<Dk>>::Out;
            #[inline(always)]
            fn compose(&self) -> Result<(Self::RS, Self::RD), Error> {
                compose_leaf::<Dk, T>(&self.1)
            }
        }
        /// A run-time stride: `s:d ∘ B = B` with strides times `d`.
        impl<$($g)* const M: usize, T: LayoutTile> ComposeMode<T> for (C<M>, $R)
        where
            T::D: ScaleBy<$R>,
        {
            type RS = T::S;
            type RD = <T::D as ScaleBy<$R>>::Out;
            #[inline(always)]
            fn compose(&self) -> Result<(Self::RS, Self::RD), Error> {
                compose_leaf::<$R, T>(&self.1)
            }
        }
        /// `_` keeps a mode with a run-time shape as it is (CuTe's by-mode skip).
        impl<$($g)* Dk: Copy + IntTuple> ComposeMode<Underscore> for ($R, Dk) {
            type RS = $R;
            type RD = Dk;
            #[inline(always)]
            fn compose(&self) -> Result<($R, Dk), Error> {
                Ok(*self)
            }
        }
        /// `_` keeps a mode with a run-time stride as it is.
        impl<$($g)* const M: usize> ComposeMode<Underscore> for (C<M>, $R) {
            type RS = C<M>;
            type RD = $R;
            #[inline(always)]
            fn compose(&self) -> Result<(C<M>, $R), Error> {
                Ok(*self)
            }
        }
    };
}
compose_run_time_leaf!([] Dyn);
compose_run_time_leaf!([const E: usize,] DynDiv<E>);

type Cs<S, D, T> = <(S, D) as ComposeMode<T>>::RS;
type Cd<S, D, T> = <(S, D) as ComposeMode<T>>::RD;

/// The by-mode composition of a mixed layout with a static by-mode tiler
/// `T`, implemented for layouts of rank `1..=MIXED_ALGEBRA_MAX_RANK` and
/// tilers of rank `1..=` the layout's. Behind [`Compose`]; its message is
/// the one a rank beyond the limit gets.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the mixed algebra composes layouts of at most 4 top-level modes (MIXED_ALGEBRA_MAX_RANK) with a static by-mode tiler of at most as many modes",
    label = "beyond the mixed algebra's rank limit, or a tiler with more modes than the layout",
    note = "layout: {Self}",
    note = "tiler:  {T}",
    note = "a mixed layout is composed with a by-mode tiler `<T0, …>` of at most as many modes as it has, up to rank 4; for a larger rank convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait ComposeModes<T> {
    /// `(A0 ∘ T0, A1 ∘ T1, …)`.
    type Output;
    /// The composition.
    fn composed(&self) -> Result<Self::Output, Error>;
}

/// The composition of one layout rank and tiler rank (called by
/// `for_each_rank!`): the composed modes `(S D T i)`, then the modes of
/// `A` beyond the tiler, dropped.
macro_rules! compose_modes {
    ([$(($S:ident $D:ident $T:ident $i:tt))+] [$(($ES:ident $ED:ident $ET:ident $e:tt))*]) => {
        /// Compose mode by mode; `A`'s modes beyond the tiler are dropped.
        impl<$($S, $D, $T,)+ $($ES, $ED,)*> ComposeModes<Tiler<($($T,)+)>>
            for MixedLayout<($($S,)+ $($ES,)*), ($($D,)+ $($ED,)*)>
        where
            $(($S, $D): ComposeMode<$T>, $S: Copy, $D: Copy,)+
            ($(Cs<$S, $D, $T>,)+): MixedShape<($(Cd<$S, $D, $T>,)+)>,
        {
            type Output = MixedLayout<($(Cs<$S, $D, $T>,)+), ($(Cd<$S, $D, $T>,)+)>;
            fn composed(&self) -> Result<Self::Output, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).compose()?; )+
                MixedLayout::new(($($T.0,)+), ($($T.1,)+))
            }
        }
    };
}
for_each_rank!(compose_modes);

/// `A ∘ <T0, T1, …>` for a static by-mode tiler (see the module docs for
/// which modes stay static).
impl<S, D, T> Compose<Tiler<T>> for MixedLayout<S, D>
where
    Self: ComposeModes<Tiler<T>>,
    <Self as ComposeModes<Tiler<T>>>::Output: crate::kernel::layout::TensorLayout,
{
    type Output = Result<<Self as ComposeModes<Tiler<T>>>::Output, Error>;
    #[inline(always)]
    fn compose(&self, _t: Tiler<T>) -> Self::Output {
        self.composed()
    }
}

impl<S, D> MixedLayout<S, D> {
    /// `self ∘ t` for a static by-mode tiler (see [`Compose`]).
    ///
    /// ```
    /// use cute_static::{layout, tiler};
    /// let m = 40;
    /// let a = layout!(({m}, 8):(1, {m}))?;
    /// let r = a.compose(tiler!(<(2, 4):(1, 8), 4:2>))?;
    /// assert_eq!(r.to_string(), "((_2,_4),_4):((_1,_8),80)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn compose<T>(&self, t: T) -> Composed<Self, T>
    where
        Self: Compose<T>,
    {
        <Self as Compose<T>>::compose(self, t)
    }
}

/// The leaf `(s, d)` a mixed layout `A` coalesces to, its last leaf
/// included (composition also evaluates `A` beyond its size, along its last
/// leaf, and CuTe keeps a last leaf of size 1), or the named error.
pub(crate) fn one_leaf<S: Leaves<D>, D>(
    s: &S,
    d: &D,
    operation: &'static str,
) -> Result<(usize, usize), Error> {
    let mut list = leaves(s, d, operation)?;
    let last = list.leaves[..list.len].last().map_or(1, |l| l.0);
    match coalesce(&mut list.leaves[..list.len]) {
        1 if last != 1 => Ok((list.leaves[0].0 as usize, list.leaves[0].1 as usize)),
        _ => Err(Error::ValueDependentStructure {
            operation,
            requires: "a layout that coalesces to one leaf s:d, its last leaf included (for instance a compact column-major one)",
        }),
    }
}

/// `A ∘ B` of a mixed layout and one static layout `B`, by `A`'s leaf kinds.
#[doc(hidden)]
pub trait ComposeWholeByKind<S, D, B> {
    /// The composed layout.
    type Out;
    /// `s:d ∘ B`.
    fn compose(s: &S, d: &D) -> Result<Self::Out, Error>;
}
/// A static `A`: the static algebra.
impl<S, D, B> ComposeWholeByKind<S, D, B> for AllStatic
where
    Layout<S, D>: Compose<B>,
    Composed<Layout<S, D>, B>: StaticLayout,
{
    type Out = AsMixed<Composed<Layout<S, D>, B>>;
    #[inline(always)]
    fn compose(_: &S, _: &D) -> Result<Self::Out, Error> {
        as_mixed::<Composed<Layout<S, D>, B>>()
    }
}
/// `A` with run-time leaves that coalesces to one leaf `s:d`: `B` with its
/// strides times `d` (CuTe composes with the coalesced `A`).
impl<S, D, BS, BD> ComposeWholeByKind<S, D, Layout<BS, BD>> for HasDyn
where
    S: Leaves<D>,
    BS: Copy + Default + MixedShape<<BD as ScaleBy<Dyn>>::Out>,
    BD: ScaleBy<Dyn>,
{
    type Out = MixedLayout<BS, <BD as ScaleBy<Dyn>>::Out>;
    fn compose(s: &S, d: &D) -> Result<Self::Out, Error> {
        let k = Dyn(one_leaf(s, d, "composition")?.1);
        let d = <BD as ScaleBy<Dyn>>::scale(&k)
            .ok_or_else(|| overflow("composition", "a run-time stride times a tile stride"))?;
        MixedLayout::new(BS::default(), d)
    }
}

type WholeKind<S, D> = <<S as LeafKinds>::Kind as KindAnd<<D as LeafKinds>::Kind>>::Out;
/// `A ∘ B` for one static layout `B` (bare or as the whole-layout tiler
/// `tiler!(B)`): fully static `A` by the static algebra; otherwise `A` must
/// coalesce to one leaf `s:d` (checked at run time, else
/// `Err(Error::ValueDependentStructure)`) and the result is `B` with its
/// strides times `d`.
macro_rules! compose_whole {
    ($($B:ty),+) => {$(
        /// `A ∘ B` for one static layout (see `ComposeWholeByKind`).
        impl<S, D, BS, BD> Compose<$B> for MixedLayout<S, D>
        where
            S: LeafKinds,
            D: LeafKinds,
            S::Kind: KindAnd<D::Kind>,
            WholeKind<S, D>: ComposeWholeByKind<S, D, Layout<BS, BD>>,
            <WholeKind<S, D> as ComposeWholeByKind<S, D, Layout<BS, BD>>>::Out:
                crate::kernel::layout::TensorLayout,
        {
            type Output = Result<<WholeKind<S, D> as ComposeWholeByKind<S, D, Layout<BS, BD>>>::Out, Error>;
            #[inline(always)]
            fn compose(&self, _b: $B) -> Self::Output {
                <WholeKind<S, D> as ComposeWholeByKind<S, D, Layout<BS, BD>>>::compose(self.shape(), self.stride())
            }
        }
    )+};
}
compose_whole!(Layout<BS, BD>);
/// `A ∘ tiler!(B)` for a whole-layout tiler: as `A ∘ B`.
impl<S, D, BS, BD> ComposeModes<Tiler<Layout<BS, BD>>> for MixedLayout<S, D>
where
    S: LeafKinds,
    D: LeafKinds,
    S::Kind: KindAnd<D::Kind>,
    WholeKind<S, D>: ComposeWholeByKind<S, D, Layout<BS, BD>>,
{
    type Output = <WholeKind<S, D> as ComposeWholeByKind<S, D, Layout<BS, BD>>>::Out;
    #[inline(always)]
    fn composed(&self) -> Result<Self::Output, Error> {
        <WholeKind<S, D> as ComposeWholeByKind<S, D, Layout<BS, BD>>>::compose(
            self.shape(),
            self.stride(),
        )
    }
}
