//! Inverses (docs/semantics/algebra.md#right-inverse, #left-inverse). `R = right_inverse(L)` is the largest layout with
//! `L(R(i)) == i` for all `i < size(R)`; `R = left_inverse(L)` satisfies
//! `R(L(i)) == i` for all `i < size(L)`. CuTe's algorithms: coalesce `L`,
//! visit its modes by increasing stride (ties as CuTe's exchange sort leaves
//! them) and map each back to its prefix product; coalesce the result.
//!
//! The static `left_inverse` is deliberately conservative: it accepts the
//! layouts that are *simply injective* (sorted by stride, each mode starts
//! at or beyond the extent of the smaller ones, no broadcast mode) and
//! satisfy CuTe's divisibility condition; anything else is a compile error.
//! (cute-dynamic also checks other candidates by evaluation, which the
//! type level does not.)
//!
//! ```
//! use cute_static::{layout, Layout, algebra::RightInverse};
//! assert_eq!(layout!((4, 8):(8, 1)).right_inverse().to_string(), "(_8,_4):(_4,_1)");
//! static_assertions::assert_type_eq_all!(RightInverse<Layout![(15, 16):(1, 0)]>, Layout![15:1]);
//! assert_eq!(layout!((4, 8):(1, 5)).left_inverse().to_string(), "(_5,_8):(_1,_4)");
//! ```

use core::ops::Mul;
use core::ops::{BitAnd, BitOr, Div, Rem};
use typenum::operator_aliases::{And, Eq, Gr, Le, Mod, NotEq, Or, Prod, Quot};
use typenum::{B0, B1, IsEqual, IsGreater, IsLess, IsNotEqual, U0, U1};

use crate::algebra::coalesce::CoalesceTree;
use crate::algebra::complement::{FilterModes, SortModes};
use crate::algebra::composition::{Finish, Report};
use crate::data::layout::{FlatOf, Flatten, Layout, StaticLayout};
use crate::data::neg::{AnyNegative, HasNegative, NegativeGate, UnlessNegative};
use crate::private::{
    Bind, Cat, Concat, Err, Fun, HCons, HNil, If, Ok, Pretty, Sel, Then, Violation,
};

/// `right_inverse(L)`.
///
/// `Output` is what the operation returns: for a static [`Layout`] the
/// right inverse itself (a [`StaticLayout`]); for a
/// [`MixedLayout`](crate::MixedLayout), a `Result` of its layout.
///
/// # Examples
///
/// CuTe's `right_inverse(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!((4, 8):(8, 1)).right_inverse().to_string(), "(_8,_4):(_4,_1)");
/// ```
pub trait RightInvert {
    /// The right inverse (a static layout, or a `Result` of a layout):
    /// usable as a layout through [`LayoutResult`](crate::LayoutResult).
    type Output: crate::kernel::layout::LayoutResult;
    /// `right_inverse(self)`.
    fn right_inverse(&self) -> Self::Output;
}
/// `RightInverse<L>`: coalesce, visit by stride, map back to prefix products.
impl<S, D> RightInvert for Layout<S, D>
where
    Self: StaticLayout,
    <Self as StaticLayout>::Tree: HasNegative,
    AnyNegative<<Self as StaticLayout>::Tree>:
        NegativeGate<NegativeRightInverseErr, RightInverseOk<<Self as StaticLayout>::Tree>>,
    UnlessNegative<
        <Self as StaticLayout>::Tree,
        NegativeRightInverseErr,
        RightInverseOk<<Self as StaticLayout>::Tree>,
    >: Finish<Self, ()>,
{
    type Output = <UnlessNegative<
        <Self as StaticLayout>::Tree,
        NegativeRightInverseErr,
        RightInverseOk<<Self as StaticLayout>::Tree>,
    > as Finish<Self, ()>>::Output;
    #[inline(always)]
    fn right_inverse(&self) -> Self::Output {
        Default::default()
    }
}
/// The right inverse of `L`.
pub type RightInverse<L> = <L as RightInvert>::Output;

impl<S, D> Layout<S, D> {
    /// `right_inverse(self)` (see [`RightInvert`]).
    #[inline(always)]
    pub fn right_inverse(self) -> RightInverse<Self>
    where
        Self: RightInvert,
    {
        <Self as RightInvert>::right_inverse(&self)
    }
}

/// `Ok<right_inverse(T)>`.
pub struct RightInverseOk<T>(core::marker::PhantomData<T>);
/// The right inverse never fails.
impl<T: RightInverseTree> Fun<()> for RightInverseOk<T> {
    type Out = Ok<T::Out>;
}
/// The layout has a negative stride.
pub struct NegativeRightInverseErr;
/// Raised for [`NegativeRightInverseErr`].
#[diagnostic::on_unimplemented(
    message = "right_inverse needs non-negative strides in a static layout: the layout has a negative stride",
    label = "right inverse of a layout with a negative stride",
    note = "layout: {A}",
    note = "cute-dynamic's right_inverse skips the negative-stride modes (CuTe's sign-carrying result breaks L(R(i)) == i); use it for this layout"
)]
pub trait RightInverseNonNegative<A> {}
/// Reported by name.
impl<A, B> Report<A, B> for NegativeRightInverseErr where Violation: RightInverseNonNegative<A> {}
/// The layout has a negative stride.
pub struct NegativeLeftInverseErr;
/// Raised for [`NegativeLeftInverseErr`].
#[diagnostic::on_unimplemented(
    message = "left_inverse needs non-negative strides: the layout has a negative stride",
    label = "left inverse of a layout with a negative stride",
    note = "layout: {A}",
    note = "left_inverse is defined for non-negative strides (cute-dynamic: `unsupported`)"
)]
pub trait LeftInverseNonNegative<A> {}
/// Reported by name.
impl<A, B> Report<A, B> for NegativeLeftInverseErr where Violation: LeftInverseNonNegative<A> {}

/// The right inverse of a zipped tree.
pub trait RightInverseTree {
    /// The tree of the right inverse.
    type Out;
}
/// `coalesce(walk(sort(prefix(flatten(coalesce(L))))))`.
impl<T> RightInverseTree for T
where
    T: CoalesceTree<B1>,
    <T as CoalesceTree<B1>>::Out: Flatten,
    FlatOf<<T as CoalesceTree<B1>>::Out>: Prefix<U1>,
    <FlatOf<<T as CoalesceTree<B1>>::Out> as Prefix<U1>>::Out: ExchangeSort,
    <<FlatOf<<T as CoalesceTree<B1>>::Out> as Prefix<U1>>::Out as ExchangeSort>::Out:
        InverseWalk<U1, HCons<(U1, U0), HNil>>,
    <<<FlatOf<<T as CoalesceTree<B1>>::Out> as Prefix<U1>>::Out as ExchangeSort>::Out as InverseWalk<
        U1,
        HCons<(U1, U0), HNil>,
    >>::Out: CoalesceTree<B1>,
{
    type Out = <<<<FlatOf<<T as CoalesceTree<B1>>::Out> as Prefix<U1>>::Out as ExchangeSort>::Out as InverseWalk<
        U1,
        HCons<(U1, U0), HNil>,
    >>::Out as CoalesceTree<B1>>::Out;
}

/// Annotate each mode with the product of the shapes before it: `(s, d, p)`.
pub trait Prefix<P> {
    /// The annotated list.
    type Out;
}
/// `[]`.
impl<P> Prefix<P> for HNil {
    type Out = HNil;
}
/// `(s, d) :: t ↦ (s, d, p) :: prefix(t, p·s)`.
impl<P, S, D, T> Prefix<P> for HCons<(S, D), T>
where
    P: Mul<S>,
    T: Prefix<Prod<P, S>>,
{
    type Out = HCons<(S, D, P), <T as Prefix<Prod<P, S>>>::Out>;
}

/// CuTe's exchange sort by stride: for each position, swap in every later
/// mode whose stride is smaller than the current one's.
pub trait ExchangeSort {
    /// The sorted list.
    type Out;
}
/// `[]`.
impl ExchangeSort for HNil {
    type Out = HNil;
}
/// One pass fixes the head, then sort the rest.
impl<H, T> ExchangeSort for HCons<H, T>
where
    T: Pass<H>,
    <T as Pass<H>>::Rest: ExchangeSort,
{
    type Out = HCons<<T as Pass<H>>::Head, <<T as Pass<H>>::Rest as ExchangeSort>::Out>;
}
/// One pass of the exchange sort with current head `H` over `Self`.
pub trait Pass<H> {
    /// The final head.
    type Head;
    /// The list after the swaps.
    type Rest;
}
/// End of the pass.
impl<H> Pass<H> for HNil {
    type Head = H;
    type Rest = HNil;
}
/// Compare the next mode's stride with the head's.
impl<S, D, P, E1, E2, E3, R> Pass<(S, D, P)> for HCons<(E1, E2, E3), R>
where
    E2: IsLess<D>,
    Le<E2, D>: Swap<(S, D, P), (E1, E2, E3), R>,
{
    type Head = <Le<E2, D> as Swap<(S, D, P), (E1, E2, E3), R>>::Head;
    type Rest = <Le<E2, D> as Swap<(S, D, P), (E1, E2, E3), R>>::Rest;
}
/// The swap decision of a pass (`Self` = whether the next stride is smaller).
pub trait Swap<H, E, R> {
    /// The final head.
    type Head;
    /// The list after the swaps.
    type Rest;
}
/// Smaller: `E` becomes the head and `H` takes its place.
impl<H, E, R: Pass<E>> Swap<H, E, R> for B1 {
    type Head = R::Head;
    type Rest = HCons<H, R::Rest>;
}
/// Not smaller: keep `H`.
impl<H, E, R: Pass<H>> Swap<H, E, R> for B0 {
    type Head = R::Head;
    type Rest = HCons<E, R::Rest>;
}

/// The walk: append `(s, p)` for each mode with `d == cur`, then `cur = s·d`.
pub trait InverseWalk<Cur, Acc> {
    /// The emitted modes.
    type Out;
}
/// Done.
impl<Cur, Acc> InverseWalk<Cur, Acc> for HNil {
    type Out = Acc;
}
/// Take the mode if its stride is `cur`, skip it otherwise.
impl<S, D, P, T, Cur, Acc> InverseWalk<Cur, Acc> for HCons<(S, D, P), T>
where
    D: IsEqual<Cur>,
    S: Mul<D>,
    Acc: Concat<HCons<(S, P), HNil>>,
    Eq<D, Cur>: If<Prod<S, D>, Cur> + If<Cat<Acc, HCons<(S, P), HNil>>, Acc>,
    T: InverseWalk<
            Sel<Eq<D, Cur>, Prod<S, D>, Cur>,
            Sel<Eq<D, Cur>, Cat<Acc, HCons<(S, P), HNil>>, Acc>,
        >,
{
    type Out = <T as InverseWalk<
        Sel<Eq<D, Cur>, Prod<S, D>, Cur>,
        Sel<Eq<D, Cur>, Cat<Acc, HCons<(S, P), HNil>>, Acc>,
    >>::Out;
}

/// `left_inverse(L)` (static: simply injective layouts only, see the module docs).
///
/// # Examples
///
/// CuTe's `left_inverse(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!((4, 8):(1, 5)).left_inverse().to_string(), "(_5,_8):(_1,_4)");
/// ```
pub trait LeftInvert {
    /// The left inverse.
    type Output: StaticLayout;
    /// `left_inverse(self)`.
    #[inline(always)]
    fn left_inverse(&self) -> Self::Output {
        Default::default()
    }
}
/// `LeftInverse<L>`: CuTe's left inverse, or a compile error naming the rule.
impl<S, D> LeftInvert for Layout<S, D>
where
    Self: StaticLayout,
    <Self as StaticLayout>::Tree: LeftInverseTree,
    <<Self as StaticLayout>::Tree as LeftInverseTree>::Out: Finish<Self, ()>,
{
    type Output =
        <<<Self as StaticLayout>::Tree as LeftInverseTree>::Out as Finish<Self, ()>>::Output;
}
/// The left inverse of `L`.
pub type LeftInverse<L> = <L as LeftInvert>::Output;

impl<S, D> Layout<S, D> {
    /// `left_inverse(self)` (see [`LeftInvert`]).
    #[inline(always)]
    pub fn left_inverse(self) -> LeftInverse<Self>
    where
        Self: LeftInvert,
    {
        Default::default()
    }
}

/// The layout is not simply injective, so the static left inverse refuses it.
pub struct NotSimplyInjectiveErr;
/// CuTe's divisibility condition fails: stride `D` is not a multiple of `Z`.
pub struct LeftDivErr<D, Z>(core::marker::PhantomData<(D, Z)>);
/// Raised for [`NotSimplyInjectiveErr`].
#[diagnostic::on_unimplemented(
    message = "left_inverse: the layout is not simply injective (sorted by stride, a mode starts inside the extent of the smaller ones, or a mode of size > 1 has stride 0)",
    label = "no static left inverse",
    note = "layout: {A}",
    note = "the static left inverse accepts simply injective layouts only; use cute_dynamic::left_inverse, which checks other candidates by evaluation"
)]
pub trait SimplyInjective<A> {}
/// Reported by name.
impl<A, B> Report<A, B> for NotSimplyInjectiveErr where Violation: SimplyInjective<A> {}
/// Raised for [`LeftDivErr`].
#[diagnostic::on_unimplemented(
    message = "left_inverse: divisibility fails (stride {D} is not a multiple of the previous stride {Z})",
    label = "{D} % {Z} != 0",
    note = "layout: {A}"
)]
pub trait LeftInverseDivisibility<A, D, Z> {}
/// Reported by name.
impl<A, B, D, Z> Report<A, B> for LeftDivErr<D, Z> where Violation: LeftInverseDivisibility<A, D, Z> {}

/// The left inverse of a zipped tree: `Ok<tree>` or the error.
pub trait LeftInverseTree {
    /// The result.
    type Out;
}
/// Refuse negative strides, else [`LeftInverseOf`].
impl<T> LeftInverseTree for T
where
    T: HasNegative,
    AnyNegative<T>: NegativeGate<NegativeLeftInverseErr, LeftInverseOf<T>>,
{
    type Out = UnlessNegative<T, NegativeLeftInverseErr, LeftInverseOf<T>>;
}
/// The left inverse of a tree without negative strides.
pub struct LeftInverseOf<T>(core::marker::PhantomData<T>);
/// Refuse layouts that are not simply injective, else CuTe's walk.
impl<T> Fun<()> for LeftInverseOf<T>
where
    T: Flatten + CoalesceTree<B1>,
    FlatOf<T>: IsSimplyInjective,
    <T as CoalesceTree<B1>>::Out: Flatten,
    FlatOf<<T as CoalesceTree<B1>>::Out>: Prefix<U1>,
    <FlatOf<<T as CoalesceTree<B1>>::Out> as Prefix<U1>>::Out: ExchangeSort,
    <FlatOf<T> as IsSimplyInjective>::Out:
        LeftGate<<<FlatOf<<T as CoalesceTree<B1>>::Out> as Prefix<U1>>::Out as ExchangeSort>::Out>,
{
    type Out = <<FlatOf<T> as IsSimplyInjective>::Out as LeftGate<
        <<FlatOf<<T as CoalesceTree<B1>>::Out> as Prefix<U1>>::Out as ExchangeSort>::Out,
    >>::Out;
}
/// Run the walk only for simply injective layouts (`Self` = that bit).
pub trait LeftGate<Sorted> {
    /// The result.
    type Out;
}
/// Not simply injective: refuse.
impl<Sorted> LeftGate<Sorted> for B0 {
    type Out = Err<NotSimplyInjectiveErr>;
}
/// Simply injective: CuTe's walk, then assemble and coalesce.
impl<Sorted> LeftGate<Sorted> for B1
where
    Sorted: LeftWalk<U1, U1, HNil>,
    <Sorted as LeftWalk<U1, U1, HNil>>::Out: Bind<AssembleLeft>,
{
    type Out = Then<<Sorted as LeftWalk<U1, U1, HNil>>::Out, AssembleLeft>;
}

/// Whether flat leaves are simply injective: no broadcast mode, and sorted
/// by (stride, shape) each mode starts at or beyond the extent before it.
pub trait IsSimplyInjective {
    /// The bit.
    type Out;
}
/// No broadcast and no overlap.
impl<L> IsSimplyInjective for L
where
    L: NoBroadcast + FilterModes,
    <L as FilterModes>::Out: SortModes,
    <<L as FilterModes>::Out as SortModes>::Out: NoOverlap<U1>,
    <L as NoBroadcast>::Out:
        BitAnd<<<<L as FilterModes>::Out as SortModes>::Out as NoOverlap<U1>>::Out>,
{
    type Out = And<
        <L as NoBroadcast>::Out,
        <<<L as FilterModes>::Out as SortModes>::Out as NoOverlap<U1>>::Out,
    >;
}
/// `B1` unless some mode has size > 1 and stride 0.
pub trait NoBroadcast {
    /// The bit.
    type Out;
}
/// `[]`.
impl NoBroadcast for HNil {
    type Out = B1;
}
/// `¬(s > 1 ∧ d = 0) ∧ rest`.
impl<S, D, T: NoBroadcast> NoBroadcast for HCons<(S, D), T>
where
    S: IsGreater<U1>,
    D: IsNotEqual<U0>,
    Gr<S, U1>: core::ops::Not,
    <Gr<S, U1> as core::ops::Not>::Output: BitOr<NotEq<D, U0>>,
    Or<<Gr<S, U1> as core::ops::Not>::Output, NotEq<D, U0>>: BitAnd<T::Out>,
{
    type Out = And<Or<<Gr<S, U1> as core::ops::Not>::Output, NotEq<D, U0>>, T::Out>;
}
/// `B1` unless a sorted mode starts below the extent `Cur`.
pub trait NoOverlap<Cur> {
    /// The bit.
    type Out;
}
/// `[]`.
impl<Cur> NoOverlap<Cur> for HNil {
    type Out = B1;
}
/// `d ≥ cur ∧ rest(cur = s·d)`.
impl<S, D, T, Cur> NoOverlap<Cur> for HCons<(S, D), T>
where
    D: IsLess<Cur>,
    S: Mul<D>,
    T: NoOverlap<Prod<S, D>>,
    Le<D, Cur>: core::ops::Not,
    <Le<D, Cur> as core::ops::Not>::Output: BitAnd<<T as NoOverlap<Prod<S, D>>>::Out>,
{
    type Out = And<<Le<D, Cur> as core::ops::Not>::Output, <T as NoOverlap<Prod<S, D>>>::Out>;
}

/// CuTe's left-inverse walk over modes sorted by stride, with divisor `Z`,
/// the last visited shape `Last`, and the emitted `(d / z, prefix)` pairs:
/// `Ok<(pairs, last)>` or the divisibility error.
pub trait LeftWalk<Z, Last, Acc> {
    /// The result.
    type Out;
}
/// Done.
impl<Z, Last, Acc> LeftWalk<Z, Last, Acc> for HNil {
    type Out = Ok<(Acc, Last)>;
}
/// Stride 0: only remember the shape; else check `d % z`, emit, `z = d`.
impl<S, D, P, T, Z, Last, Acc> LeftWalk<Z, Last, Acc> for HCons<(S, D, P), T>
where
    D: IsEqual<U0>,
    Eq<D, U0>: LeftStep<S, D, P, T, Z, Acc>,
{
    type Out = <Eq<D, U0> as LeftStep<S, D, P, T, Z, Acc>>::Out;
}
/// One step of the walk (`Self` = whether the stride is 0).
pub trait LeftStep<S, D, P, T, Z, Acc> {
    /// The result.
    type Out;
}
/// Stride 0: skipped, its shape remembered.
impl<S, D, P, T: LeftWalk<Z, S, Acc>, Z, Acc> LeftStep<S, D, P, T, Z, Acc> for B1 {
    type Out = T::Out;
}
/// Positive stride: divisibility, then emit `(d / z, p)`.
impl<S, D, P, T, Z, Acc> LeftStep<S, D, P, T, Z, Acc> for B0
where
    D: Rem<Z>,
    Mod<D, Z>: IsEqual<U0>,
    Eq<Mod<D, Z>, U0>: LeftDivides<S, D, P, T, Z, Acc>,
{
    type Out = <Eq<Mod<D, Z>, U0> as LeftDivides<S, D, P, T, Z, Acc>>::Out;
}
/// The divisibility outcome (`Self` = whether `d % z = 0`).
pub trait LeftDivides<S, D, P, T, Z, Acc> {
    /// The result.
    type Out;
}
/// Divisible: emit and continue with `z = d`.
impl<S, D, P, T, Z, Acc> LeftDivides<S, D, P, T, Z, Acc> for B1
where
    D: Div<Z>,
    Acc: Concat<HCons<(Quot<D, Z>, P), HNil>>,
    T: LeftWalk<D, S, Cat<Acc, HCons<(Quot<D, Z>, P), HNil>>>,
{
    type Out = <T as LeftWalk<D, S, Cat<Acc, HCons<(Quot<D, Z>, P), HNil>>>>::Out;
}
/// Not divisible: the error.
impl<S, D: Pretty, P, T, Z: Pretty, Acc> LeftDivides<S, D, P, T, Z, Acc> for B0 {
    type Out = Err<LeftDivErr<crate::private::P<D>, crate::private::P<Z>>>;
}

/// `(pairs, last) ↦ coalesce((s0, 0), (s1, p0), …, (last, p_{n-1}))`.
pub struct AssembleLeft;
/// Shift the prefixes by one mode and append the last shape.
impl<Acc, Last> Fun<(Acc, Last)> for AssembleLeft
where
    Acc: ShiftStrides<U0, Last>,
    <Acc as ShiftStrides<U0, Last>>::Out: CoalesceTree<B1>,
{
    type Out = Ok<<<Acc as ShiftStrides<U0, Last>>::Out as CoalesceTree<B1>>::Out>;
}
/// `[(s_i, p_i)] ↦ [(s_i, p_{i-1})] ++ [(last, p_{n-1})]`, `p_{-1} = 0`.
pub trait ShiftStrides<Prev, Last> {
    /// The modes.
    type Out;
}
/// The final mode.
impl<Prev, Last> ShiftStrides<Prev, Last> for HNil {
    type Out = HCons<(Last, Prev), HNil>;
}
/// Each shape takes the previous prefix as its stride.
impl<S, Pf, T: ShiftStrides<Pf, Last>, Prev, Last> ShiftStrides<Prev, Last> for HCons<(S, Pf), T> {
    type Out = HCons<(S, Prev), T::Out>;
}
