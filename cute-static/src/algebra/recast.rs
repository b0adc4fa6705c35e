//! Recasting a static layout for a change of element size (CuTe's
//! `upcast<N>`, `downcast<N>`, `recast_layout<Old, New>`), leaf by leaf,
//! structure kept, with the results of cute-dynamic's `upcast`, `downcast`
//! and `recast_layout` and their laws (`laws::check_upcast`,
//! `check_downcast`, `check_recast_layout`):
//!
//! * `upcast<N>`: a leaf `s:d` becomes `⌈s / ⌈N/d⌉⌉ : ⌈d/N⌉` (stride-0 leaves kept);
//! * `downcast<N>`: a leaf of stride 1 becomes `s·N:1`, any other `s:d·N`;
//! * `recast_layout<Old, New>` (element sizes in bits): with
//!   `New/Old = num/den` in lowest terms, `upcast<num>` then `downcast<den>`.
//!
//! A factor of 0 does not compile.
//!
//! ```
//! use cute_static::{layout, Layout, algebra::Recast};
//! let l = layout!((4, 8):(1, 4)); // 4×8 halves, column-major
//! assert_eq!(l.upcast::<2>().to_string(), "(_2,_8):(_1,_2)");
//! assert_eq!(l.downcast::<2>().to_string(), "(_8,_8):(_1,_8)");
//! static_assertions::assert_type_eq_all!(Recast<Layout![(4, 8):(1, 4)], 16, 32>, Layout![(2, 8):(1, 2)]);
//! assert_eq!(layout!((8, 64):(64, 1)).upcast::<8>().to_string(), "(_8,_8):(_8,_1)");
//! ```

use core::ops::{Add, Div, Mul, Sub};
use typenum::operator_aliases::{Eq, Gcf, Prod, Quot, Sub1, Sum};
use typenum::{B0, B1, Const, Gcd, IsEqual, ToUInt, U, U1, UInt, UTerm};

use crate::algebra::modes::{Spelt, SpeltOf};
use crate::data::layout::{Layout, StaticLayout};
use crate::data::neg::{AnyNegative, HasNegative};
use crate::private::{HCons, HNil, Violation};

/// Map `Self`'s leaves `(s, d)` with the leaf function `F`.
pub trait MapLeaves<F> {
    /// The mapped tree.
    type Out;
}
impl<F: LeafFn<S, D>, S, D> MapLeaves<F> for (S, D) {
    type Out = F::Out;
}
impl<F> MapLeaves<F> for HNil {
    type Out = HNil;
}
impl<F, H: MapLeaves<F>, T: MapLeaves<F>> MapLeaves<F> for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
}
/// A function of one leaf `(S, D)`.
pub trait LeafFn<S, D> {
    /// The new leaf.
    type Out;
}

/// `⌈a / b⌉` for `b ≥ 1`.
type CeilQ<A, B> = Quot<Sub1<Sum<A, B>>, B>;

/// The upcast of one leaf by `N ≥ 1`.
pub struct UpcastLeaf<N>(core::marker::PhantomData<N>);
/// Stride 0: kept.
impl<N, S> LeafFn<S, UTerm> for UpcastLeaf<N> {
    type Out = (S, UTerm);
}
/// `s:d ↦ ⌈s / ⌈N/d⌉⌉ : ⌈d/N⌉`.
impl<N, S, X, Bt> LeafFn<S, UInt<X, Bt>> for UpcastLeaf<N>
where
    N: CeilBy<UInt<X, Bt>>,
    S: CeilBy<<N as CeilBy<UInt<X, Bt>>>::Out>,
    UInt<X, Bt>: CeilBy<N>,
{
    type Out = (
        <S as CeilBy<<N as CeilBy<UInt<X, Bt>>>::Out>>::Out,
        <UInt<X, Bt> as CeilBy<N>>::Out,
    );
}
/// `⌈Self / B⌉` for `B ≥ 1`.
pub trait CeilBy<B> {
    /// The quotient.
    type Out;
}
impl<A, B> CeilBy<B> for A
where
    A: Add<B>,
    Sum<A, B>: Sub<B1>,
    Sub1<Sum<A, B>>: Div<B>,
{
    type Out = CeilQ<A, B>;
}

/// The downcast of one leaf by `N`.
pub struct DowncastLeaf<N>(core::marker::PhantomData<N>);
/// `s:1 ↦ s·N:1`, `s:d ↦ s:d·N`.
impl<N, S, D> LeafFn<S, D> for DowncastLeaf<N>
where
    D: IsEqual<U1>,
    Eq<D, U1>: DowncastCase<N, S, D>,
{
    type Out = <Eq<D, U1> as DowncastCase<N, S, D>>::Out;
}
/// The case of a downcast leaf (`Self` = whether `d = 1`).
pub trait DowncastCase<N, S, D> {
    /// The new leaf.
    type Out;
}
impl<N, S: Mul<N>, D> DowncastCase<N, S, D> for B1 {
    type Out = (Prod<S, N>, D);
}
impl<N, S, D: Mul<N>> DowncastCase<N, S, D> for B0 {
    type Out = (S, Prod<D, N>);
}

/// Raised for an `upcast` factor of 0.
#[diagnostic::on_unimplemented(
    message = "upcast is not admissible: the factor must be positive (got 0)",
    label = "a factor of 0"
)]
pub trait UpcastFactor<L> {}
/// Raised for a `downcast` factor of 0.
#[diagnostic::on_unimplemented(
    message = "downcast is not admissible: the factor must be positive (got 0)",
    label = "a factor of 0"
)]
pub trait DowncastFactor<L> {}
/// Raised for an element size of 0 in `recast_layout`.
#[diagnostic::on_unimplemented(
    message = "recast_layout is not admissible: element sizes must be positive (got 0 bits)",
    label = "an element size of 0"
)]
pub trait RecastBits<L> {}
/// Report a zero factor through the operation's diagnostic.
pub trait ZeroFactor<T> {}
impl<N, T> ZeroFactor<T> for UpcastLeaf<N> where Violation: UpcastFactor<T> {}
impl<N, T> ZeroFactor<T> for DowncastLeaf<N> where Violation: DowncastFactor<T> {}

/// `upcast<N>(L)`: view `N` consecutive elements as one.
///
/// # Examples
///
/// CuTe's `upcast<N>(L)`: a layout of 4×8 halves read as 2×8 pairs:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!((4, 8):(1, 4)).upcast::<2>().to_string(), "(_2,_8):(_1,_2)");
/// ```
pub trait Upcast<const N: usize> {
    /// The upcast layout.
    type Output: StaticLayout;
}
/// `upcast<N>(L)`.
pub type Upcasted<L, const N: usize> = <L as Upcast<N>>::Output;
/// The const factor is the type-level one of [`UpcastBy`]: `upcast<N>` is
/// `UpcastBy<U<N>>`, the rule written once.
///
/// (The obligations keep the factor as their self type, so a factor still
/// being inferred is merely ambiguous, never explored.)
impl<S, D, const N: usize> Upcast<N> for Layout<S, D>
where
    Self: StaticLayout,
    Const<N>: ToUInt,
    Self: UpcastBy<U<N>>,
{
    type Output = UpcastedBy<Self, U<N>>;
}

/// `upcast<N>(L)` for a factor `N` known as a type-level number (a typenum
/// unsigned, e.g. a product of sizes computed by trait resolution, as the
/// tiled copy's `retile` needs); [`Upcast<N>`] is this trait at `U<N>`.
///
/// ```
/// use cute_static::{Layout, algebra::{UpcastBy, UpcastedBy, Upcasted}};
/// type L = Layout![(4, 8):(1, 4)];
/// static_assertions::assert_type_eq_all!(UpcastedBy<L, typenum::U2>, Upcasted<L, 2>);
/// ```
pub trait UpcastBy<N> {
    /// The upcast layout.
    type Output: StaticLayout;
}
/// `upcast` by the type-level factor `N`.
pub type UpcastedBy<L, N> = <L as UpcastBy<N>>::Output;
impl<S, D, N> UpcastBy<N> for Layout<S, D>
where
    Self: StaticLayout,
    <Self as StaticLayout>::Tree: HasNegative,
    AnyNegative<<Self as StaticLayout>::Tree>: RecastGate<Self, N, UpcastLeaf<N>>,
{
    type Output =
        <AnyNegative<<Self as StaticLayout>::Tree> as RecastGate<Self, N, UpcastLeaf<N>>>::Output;
}
/// `Self` (a negative stride in `L`) is `B1`: the named error; else the
/// tree of `L` mapped leaf by leaf with `F` (the factor `K`).
pub trait RecastGate<L, K, F> {
    /// The mapped layout.
    type Output: StaticLayout;
}
impl<L, K, F> RecastGate<L, K, F> for B1
where
    Violation: RecastNonNegative<L>,
{
    type Output = Layout<crate::C<1>, crate::C<0>>;
}
impl<L: StaticLayout, K, F> RecastGate<L, K, F> for B0
where
    K: MapBy<F, L::Tree>,
{
    type Output = <K as MapBy<F, L::Tree>>::Output;
}
/// Raised for a layout with a negative stride.
#[diagnostic::on_unimplemented(
    message = "upcast, downcast and recast_layout need non-negative strides in a static layout: {L} has a negative stride",
    note = "cute-dynamic treats a stride of -1 as a unit stride; use its upcast/downcast/recast_layout for this layout"
)]
pub trait RecastNonNegative<L> {}
/// The tree `T` mapped leaf by leaf with `F` (`Self` is the factor).
pub trait MapBy<F, T> {
    /// The mapped layout.
    type Output: StaticLayout;
}
impl<X, Bt, F, T: MapLeaves<F>> MapBy<F, T> for UInt<X, Bt>
where
    T::Out: Spelt,
{
    type Output = SpeltOf<T::Out>;
}
/// A factor of 0: an error.
impl<F: ZeroFactor<T>, T> MapBy<F, T> for UTerm {
    type Output = Layout<crate::C<1>, crate::C<0>>;
}

/// `downcast<N>(L)`: split every element into `N`.
///
/// # Examples
///
/// CuTe's `downcast<N>(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!((4, 8):(1, 4)).downcast::<2>().to_string(), "(_8,_8):(_1,_8)");
/// ```
pub trait Downcast<const N: usize> {
    /// The downcast layout.
    type Output: StaticLayout;
}
/// `downcast<N>(L)`.
pub type Downcasted<L, const N: usize> = <L as Downcast<N>>::Output;
impl<S, D, const N: usize> Downcast<N> for Layout<S, D>
where
    Self: StaticLayout,
    Const<N>: ToUInt,
    <Self as StaticLayout>::Tree: HasNegative,
    AnyNegative<<Self as StaticLayout>::Tree>: RecastGate<Self, U<N>, DowncastLeaf<U<N>>>,
{
    type Output = <AnyNegative<<Self as StaticLayout>::Tree> as RecastGate<
        Self,
        U<N>,
        DowncastLeaf<U<N>>,
    >>::Output;
}

/// `recast_layout<OLD, NEW>(L)` for element sizes in bits.
///
/// # Examples
///
/// CuTe's `recast_layout<OLD, NEW>(L)` (16-bit elements read as 32-bit ones):
///
/// ```
/// use cute_static::prelude::*;
/// use cute_static::algebra::Recast;
/// static_assertions::assert_type_eq_all!(Recast<Layout![(4, 8):(1, 4)], 16, 32>, Layout![(2, 8):(1, 2)]);
/// ```
pub trait RecastLayout<const OLD: usize, const NEW: usize> {
    /// The recast layout.
    type Output: StaticLayout;
}
/// `recast_layout<OLD, NEW>(L)`.
pub type Recast<L, const OLD: usize, const NEW: usize> = <L as RecastLayout<OLD, NEW>>::Output;
/// `num = NEW / g`, `den = OLD / g`.
type Num<O, N> = Quot<N, Gcf<O, N>>;
type Den<O, N> = Quot<O, Gcf<O, N>>;
impl<S, D, const OLD: usize, const NEW: usize> RecastLayout<OLD, NEW> for Layout<S, D>
where
    Self: StaticLayout,
    <Self as StaticLayout>::Tree: HasNegative,
    AnyNegative<<Self as StaticLayout>::Tree>: RecastOk<Self>,
    Const<OLD>: ToUInt,
    Const<NEW>: ToUInt,
    U<OLD>: RecastBy<U<NEW>, <Self as StaticLayout>::Tree>,
{
    type Output = <U<OLD> as RecastBy<U<NEW>, <Self as StaticLayout>::Tree>>::Output;
}
/// The tree `T` recast from `Self`-bit to `New`-bit elements.
pub trait RecastBy<New, T> {
    /// The recast layout.
    type Output: StaticLayout;
}
/// An old size of 0: an error.
impl<New, T> RecastBy<New, T> for UTerm
where
    Violation: RecastBits<T>,
{
    type Output = Layout<crate::C<1>, crate::C<0>>;
}
/// A new size of 0: an error.
impl<X, Bt, T> RecastBy<UTerm, T> for UInt<X, Bt>
where
    Violation: RecastBits<T>,
{
    type Output = Layout<crate::C<1>, crate::C<0>>;
}
/// Positive sizes: `upcast<num>` then `downcast<den>`.
impl<X, Bt, X2, Bt2, T> RecastBy<UInt<X2, Bt2>, T> for UInt<X, Bt>
where
    UInt<X2, Bt2>: Div<Gcf<UInt<X, Bt>, UInt<X2, Bt2>>>,
    UInt<X, Bt>: Gcd<UInt<X2, Bt2>> + Div<Gcf<UInt<X, Bt>, UInt<X2, Bt2>>>,
    T: MapLeaves<UpcastLeaf<Num<UInt<X, Bt>, UInt<X2, Bt2>>>>,
    <T as MapLeaves<UpcastLeaf<Num<UInt<X, Bt>, UInt<X2, Bt2>>>>>::Out:
        MapLeaves<DowncastLeaf<Den<UInt<X, Bt>, UInt<X2, Bt2>>>>,
    <<T as MapLeaves<UpcastLeaf<Num<UInt<X, Bt>, UInt<X2, Bt2>>>>>::Out as MapLeaves<
        DowncastLeaf<Den<UInt<X, Bt>, UInt<X2, Bt2>>>,
    >>::Out: Spelt,
{
    type Output = SpeltOf<
        <<T as MapLeaves<UpcastLeaf<Num<UInt<X, Bt>, UInt<X2, Bt2>>>>>::Out as MapLeaves<
            DowncastLeaf<Den<UInt<X, Bt>, UInt<X2, Bt2>>>,
        >>::Out,
    >;
}

impl<S, D> Layout<S, D> {
    /// `upcast<N>(self)` (see [`Upcast`]).
    #[inline(always)]
    pub fn upcast<const N: usize>(self) -> Upcasted<Self, N>
    where
        Self: Upcast<N>,
    {
        Default::default()
    }
    /// `downcast<N>(self)` (see [`Downcast`]).
    #[inline(always)]
    pub fn downcast<const N: usize>(self) -> Downcasted<Self, N>
    where
        Self: Downcast<N>,
    {
        Default::default()
    }
    /// `recast_layout<OLD, NEW>(self)`, element sizes in bits (see [`RecastLayout`]).
    #[inline(always)]
    pub fn recast_layout<const OLD: usize, const NEW: usize>(self) -> Recast<Self, OLD, NEW>
    where
        Self: RecastLayout<OLD, NEW>,
    {
        Default::default()
    }
}

/// `Self` (a negative stride in `L`) is `B0`; `B1` is the named error.
pub trait RecastOk<L> {}
impl<L> RecastOk<L> for B0 {}
impl<L> RecastOk<L> for B1 where Violation: RecastNonNegative<L> {}
