//! `layout_add(A, B)` of static layouts (PyCuTe's; CuTe C++ has none;
//! docs/semantics/algebra.md#more-layout-functions): `R(i) == A(i) + B(i)` for every
//! `i < size(R) == size(A) == size(B)`, `R` coalesced — the result and the
//! law (`laws::check_layout_add`) of `cute_dynamic::layout_add`, by the same
//! construction: `G` = the [greatest common domain](crate::GreatestCommonDomain)
//! of the coalesced shapes, `R = coalesce(shape(G) : (A(dₖ) + B(dₖ))ₖ)`.
//! Layouts of different sizes, or whose coalesced shapes have no common
//! refinement (`size(G) < size(A)`; `not_compatible` at run time), do not
//! compile.
//!
//! ```
//! use cute_static::{layout, Layout, algebra::{LayoutAdd, LayoutSum}};
//! assert_eq!(layout!((4, 3):(1, 4)).layout_add(layout!((4, 3):(3, 1))).to_string(), "(_4,_3):(_4,_5)");
//! static_assertions::assert_type_eq_all!(
//!     LayoutSum<Layout![(5, 3, 4):(1, 5, 15)], Layout![(10, 6):(1, 10)]>,
//!     Layout![60:2]
//! );
//! ```

use core::ops::Add;
use typenum::operator_aliases::{Eq, Sum};
use typenum::{B0, B1, IsEqual, U1};

use crate::algebra::coalesce::{CoalesceTree, CoalescedTree};
use crate::algebra::common_domain::{CommonList, GcdWalk, NonEmpty};
use crate::algebra::domain_offset::IdxOffset;
use crate::algebra::modes::{Spelt, SpeltOf};
use crate::data::int_tuple_ops::{SizeT, TSize};
use crate::data::layout::{FlatOf, Flatten, Layout, StaticLayout};
use crate::data::neg::{AnyNegative, HasNegative};
use crate::private::{HCons, HNil, Violation};

/// `layout_add(Self, B)` for static layouts.
///
/// # Examples
///
/// PyCuTe's `layout_add(A, B)`: `R(i) = A(i) + B(i)`:
///
/// ```
/// use cute_static::prelude::*;
/// let r = layout!((4, 3):(1, 4)).layout_add(layout!((4, 3):(3, 1)));
/// assert_eq!(r.to_string(), "(_4,_3):(_4,_5)");
/// ```
pub trait LayoutAdd<B> {
    /// The sum layout.
    type Output: StaticLayout;
    /// `layout_add(self, b)`.
    #[inline(always)]
    fn layout_add(self, _b: B) -> Self::Output
    where
        Self: Sized,
    {
        Default::default()
    }
}
/// `layout_add(A, B)`.
pub type LayoutSum<A, B> = <A as LayoutAdd<B>>::Output;

/// The flat coalesced modes of a layout.
type CFlat<L> = FlatOf<CoalescedTree<<L as StaticLayout>::Tree>>;

impl<SA, DA, SB, DB> LayoutAdd<Layout<SB, DB>> for Layout<SA, DA>
where
    Self: StaticLayout,
    Layout<SB, DB>: StaticLayout,
    HCons<<Self as StaticLayout>::Tree, HCons<<Layout<SB, DB> as StaticLayout>::Tree, HNil>>:
        HasNegative,
    AnyNegative<
        HCons<<Self as StaticLayout>::Tree, HCons<<Layout<SB, DB> as StaticLayout>::Tree, HNil>>,
    >: AddGate<Self, Layout<SB, DB>>,
{
    type Output = <AnyNegative<
        HCons<<Self as StaticLayout>::Tree, HCons<<Layout<SB, DB> as StaticLayout>::Tree, HNil>>,
    > as AddGate<Self, Layout<SB, DB>>>::Output;
}
/// `layout_add(A, B)` unless `Self` (a negative stride in either) is `B1`.
pub trait AddGate<A, B> {
    /// The sum layout.
    type Output: StaticLayout;
}
impl<A, B> AddGate<A, B> for typenum::B1
where
    Violation: LayoutAddNonNegative<A, B>,
{
    type Output = Layout<crate::C<1>, crate::C<0>>;
}
impl<A: StaticLayout, B: StaticLayout> AddGate<A, B> for B0
where
    A::Tree: CoalesceTree<B1>,
    B::Tree: CoalesceTree<B1>,
    CoalescedTree<A::Tree>: Flatten,
    CoalescedTree<B::Tree>: Flatten,
    CFlat<A>: Shapes + TSizeFlat,
    CFlat<B>: Shapes + TSizeFlat,
    <CFlat<A> as TSizeFlat>::Out: IsEqual<<CFlat<B> as TSizeFlat>::Out>,
    Eq<<CFlat<A> as TSizeFlat>::Out, <CFlat<B> as TSizeFlat>::Out>: AddSizes<A, B>,
{
    type Output =
        <Eq<<CFlat<A> as TSizeFlat>::Out, <CFlat<B> as TSizeFlat>::Out> as AddSizes<A, B>>::Output;
}
/// Raised for an operand with a negative stride.
#[diagnostic::on_unimplemented(
    message = "layout_add needs non-negative strides in a static layout: {A} or {B} has a negative stride",
    note = "use cute_dynamic's layout_add for these layouts"
)]
pub trait LayoutAddNonNegative<A, B> {}

/// The sum when the sizes are equal (`Self`), else the error.
pub trait AddSizes<A, B> {
    /// The sum layout.
    type Output: StaticLayout;
}
impl<A, B> AddSizes<A, B> for B0
where
    Violation: LayoutAddSizes<A, B>,
{
    type Output = Layout<crate::C<1>, crate::C<0>>;
}
impl<A: StaticLayout, B: StaticLayout> AddSizes<A, B> for B1
where
    A::Tree: CoalesceTree<B1>,
    B::Tree: CoalesceTree<B1>,
    CoalescedTree<A::Tree>: Flatten,
    CoalescedTree<B::Tree>: Flatten,
    CFlat<A>: Shapes + TSizeFlat,
    CFlat<B>: Shapes,
    <CFlat<A> as Shapes>::Out: GcdWalk<<CFlat<B> as Shapes>::Out, U1, U1>,
    <<CFlat<A> as Shapes>::Out as GcdWalk<<CFlat<B> as Shapes>::Out, U1, U1>>::Out: NonEmpty,
    CommonList<<CFlat<A> as Shapes>::Out, <CFlat<B> as Shapes>::Out>: TSizeFlat,
    <CommonList<<CFlat<A> as Shapes>::Out, <CFlat<B> as Shapes>::Out> as TSizeFlat>::Out:
        IsEqual<<CFlat<A> as TSizeFlat>::Out>,
    Eq<
        <CommonList<<CFlat<A> as Shapes>::Out, <CFlat<B> as Shapes>::Out> as TSizeFlat>::Out,
        <CFlat<A> as TSizeFlat>::Out,
    >: AddCovered<A, B, CommonList<<CFlat<A> as Shapes>::Out, <CFlat<B> as Shapes>::Out>>,
{
    type Output = <Eq<
        <CommonList<<CFlat<A> as Shapes>::Out, <CFlat<B> as Shapes>::Out> as TSizeFlat>::Out,
        <CFlat<A> as TSizeFlat>::Out,
    > as AddCovered<
        A,
        B,
        CommonList<<CFlat<A> as Shapes>::Out, <CFlat<B> as Shapes>::Out>,
    >>::Output;
}

/// The sum when the common domain `G` covers the whole domain (`Self`),
/// else the error.
pub trait AddCovered<A, B, G> {
    /// The sum layout.
    type Output: StaticLayout;
}
impl<A, B, G> AddCovered<A, B, G> for B0
where
    Violation: LayoutAddNoRefinement<A, B>,
{
    type Output = Layout<crate::C<1>, crate::C<0>>;
}
impl<A: StaticLayout, B: StaticLayout, G> AddCovered<A, B, G> for B1
where
    A::Tree: CoalesceTree<B1>,
    B::Tree: CoalesceTree<B1>,
    CoalescedTree<A::Tree>: Flatten,
    CoalescedTree<B::Tree>: Flatten,
    G: SumModes<CFlat<A>, CFlat<B>>,
    <G as SumModes<CFlat<A>, CFlat<B>>>::Out: CoalesceTree<B1>,
    CoalescedTree<<G as SumModes<CFlat<A>, CFlat<B>>>::Out>: Spelt,
{
    type Output = SpeltOf<CoalescedTree<<G as SumModes<CFlat<A>, CFlat<B>>>::Out>>;
}

/// Raised for layouts of different sizes.
#[diagnostic::on_unimplemented(
    message = "layout_add is not admissible: {A} and {B} have different sizes",
    label = "R(i) = A(i) + B(i) needs one domain"
)]
pub trait LayoutAddSizes<A, B> {}
/// Raised for coalesced shapes without a common refinement.
#[diagnostic::on_unimplemented(
    message = "layout_add is not admissible: the coalesced shapes of {A} and {B} have no common refinement",
    label = "no layout is A(i) + B(i) on their common domain"
)]
pub trait LayoutAddNoRefinement<A, B> {}

/// The shapes of a flat list of modes.
pub trait Shapes {
    /// The list of shapes.
    type Out;
}
impl Shapes for HNil {
    type Out = HNil;
}
impl<S, D, T: Shapes> Shapes for HCons<(S, D), T> {
    type Out = HCons<S, T::Out>;
}
/// The size of a flat list of modes.
pub trait TSizeFlat {
    /// The size.
    type Out;
}
impl<L: Shapes> TSizeFlat for L
where
    L::Out: TSize,
{
    type Out = SizeT<L::Out>;
}

/// The modes `(s, A(d) + B(d))` of the common domain's `(s, d)` list.
pub trait SumModes<FA, FB> {
    /// The list of modes.
    type Out;
}
impl<FA, FB> SumModes<FA, FB> for HNil {
    type Out = HNil;
}
impl<FA, FB, S, D, T> SumModes<FA, FB> for HCons<(S, D), T>
where
    FA: IdxOffset<D>,
    FB: IdxOffset<D>,
    <FA as IdxOffset<D>>::Out: Add<<FB as IdxOffset<D>>::Out>,
    T: SumModes<FA, FB>,
{
    type Out = HCons<
        (S, Sum<<FA as IdxOffset<D>>::Out, <FB as IdxOffset<D>>::Out>),
        <T as SumModes<FA, FB>>::Out,
    >;
}
