//! Complement (docs/semantics/algebra.md#complement, Cecka eqs. 27-29): `R = complement(A, M)` has an
//! image disjoint from `A`'s (`R(a) ∉ image(A)` for `a > 0`) and is strictly
//! increasing. CuTe's algorithm: sort `A`'s leaves by (stride, shape), skip
//! stride-0 and size-1 leaves, fill the gap below each stride, and let the
//! last mode reach `⌈M / extent⌉`; then coalesce. A layout whose leaves
//! overlap (not injective) has no complement: a compile error.
//!
//! ```
//! use cute_static::{layout, C, algebra::Complemented, Layout};
//! assert_eq!(layout!(4:32).complement(C::<256>).to_string(), "(_32,_2):(_1,_128)");
//! static_assertions::assert_type_eq_all!(Complemented<Layout![(2,2):(1,6)], C<24>>, Layout![(3,2):(2,12)]);
//! ```

use core::ops::{Add, BitAnd, BitOr, Mul, Sub};
use typenum::operator_aliases::{And, Eq, Gr, Le, LeEq, NotEq, Or, Prod, Sub1, Sum};
use typenum::{B1, IsEqual, IsGreater, IsLess, IsLessOrEqual, IsNotEqual, U0, U1};

use crate::algebra::coalesce::CoalesceTree;
use crate::algebra::composition::{Finish, Report};
use crate::data::int_tuple::StaticInt;
use crate::data::layout::{FlatOf, Flatten, Layout, StaticLayout};
use crate::data::neg::{AnyNegative, HasNegative, NegativeGate, UnlessNegative};
use crate::private::{
    Bind, Cat, Concat, Err, FloorQuot, Fun, HCons, HNil, If, Ok, P, Pretty, QuotBy, Sel, Then,
    Violation,
};

/// `complement(A, M)` for a static integer `M` (a `C<N>`).
///
/// `Output` is what the operation returns: for a static [`Layout`] the
/// complement itself (a [`StaticLayout`]; a non-injective layout does not
/// compile); for a [`MixedLayout`](crate::MixedLayout) (and then `M` may
/// also be a run-time [`Dyn`](crate::Dyn)), a `Result` of its layout.
///
/// # Examples
///
/// CuTe's `complement(A, M)`:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!(4:32).complement(C::<256>).to_string(), "(_32,_2):(_1,_128)");
/// ```
pub trait Complement<M> {
    /// The complement (a static layout, or a `Result` of a layout): usable
    /// as a layout through [`LayoutResult`](crate::LayoutResult).
    type Output: crate::kernel::layout::LayoutResult;
    /// `complement(self, m)`.
    fn complement(&self, m: M) -> Self::Output;
}
/// `Complemented<A, M>`: CuTe's complement, or a compile error if `A` is not injective.
impl<S, D, M> Complement<M> for Layout<S, D>
where
    Self: StaticLayout,
    M: StaticInt,
    M::Tn: ComplementOf<<Self as StaticLayout>::Tree>,
    <M::Tn as ComplementOf<<Self as StaticLayout>::Tree>>::Out: Finish<Self, M>,
{
    type Output =
        <<M::Tn as ComplementOf<<Self as StaticLayout>::Tree>>::Out as Finish<Self, M>>::Output;
    #[inline(always)]
    fn complement(&self, _m: M) -> Self::Output {
        Default::default()
    }
}
/// The complement of `A` with respect to `M`.
pub type Complemented<A, M> = <A as Complement<M>>::Output;

impl<S, D> Layout<S, D> {
    /// `complement(self, m)` (see [`Complement`]).
    #[inline(always)]
    pub fn complement<M>(self, m: M) -> Complemented<Self, M>
    where
        Self: Complement<M>,
    {
        <Self as Complement<M>>::complement(&self, m)
    }
}

/// `A`'s leaves overlap: a mode of stride `D` starts below the extent `Cur`
/// already covered.
pub struct OverlapErr<D, Cur>(core::marker::PhantomData<(D, Cur)>);
/// Raised for [`OverlapErr`].
#[diagnostic::on_unimplemented(
    message = "complement is not admissible: the mode of stride {D} starts inside the extent {Cur} already covered by smaller strides (the modes overlap or interleave)",
    label = "stride {D} < covered extent {Cur}",
    note = "layout:   {A}",
    note = "cotarget: {M}"
)]
pub trait Injective<A, M, D, Cur> {}
/// An overlap error is reported by name.
impl<A, M, D, Cur> Report<A, M> for OverlapErr<D, Cur> where Violation: Injective<A, M, D, Cur> {}

/// `complement(tree, Self)` for a typenum cotarget `Self`: `Ok<tree>` or the error.
pub trait ComplementOf<T> {
    /// The result.
    type Out;
}
/// Rejected for a negative stride (cute-dynamic's `unsupported`), else
/// [`ComplementWalkOf`].
impl<T, M> ComplementOf<T> for M
where
    T: HasNegative,
    AnyNegative<T>: NegativeGate<NegativeComplementErr, ComplementWalkOf<T, M>>,
{
    type Out = UnlessNegative<T, NegativeComplementErr, ComplementWalkOf<T, M>>;
}

/// The layout has a negative stride: CuTe's complement is defined for
/// non-negative strides.
pub struct NegativeComplementErr;
/// Raised for [`NegativeComplementErr`].
#[diagnostic::on_unimplemented(
    message = "complement needs non-negative strides: the layout it complements has a negative stride",
    label = "complement of a layout with a negative stride",
    note = "operands: {A} and {M}",
    note = "complement is defined for non-negative strides (cute-dynamic: `unsupported`); the products complement their left layout and the divides their tiler"
)]
pub trait ComplementNonNegative<A, M> {}
/// Reported by name.
impl<A, M> Report<A, M> for NegativeComplementErr where Violation: ComplementNonNegative<A, M> {}

/// `complement(T, M)` of a tree without negative strides.
pub struct ComplementWalkOf<T, M>(core::marker::PhantomData<(T, M)>);
/// Filter, sort, walk, close with `⌈M / cur⌉`, coalesce.
impl<T, M> Fun<()> for ComplementWalkOf<T, M>
where
    T: Flatten,
    FlatOf<T>: FilterModes,
    <FlatOf<T> as FilterModes>::Out: SortModes,
    <<FlatOf<T> as FilterModes>::Out as SortModes>::Out: ComplementWalk<U1, HNil>,
    <<<FlatOf<T> as FilterModes>::Out as SortModes>::Out as ComplementWalk<U1, HNil>>::Out:
        Bind<CloseComplement<M>>,
{
    type Out = Then<
        <<<FlatOf<T> as FilterModes>::Out as SortModes>::Out as ComplementWalk<U1, HNil>>::Out,
        CloseComplement<M>,
    >;
}

/// Keep the leaves with `s ≠ 1` and `d ≠ 0`.
pub trait FilterModes {
    /// The kept leaves.
    type Out;
}
/// `filter([]) = []`.
impl FilterModes for HNil {
    type Out = HNil;
}
/// Keep `(s, d)` iff `s ≠ 1 ∧ d ≠ 0`.
impl<S, D, T: FilterModes> FilterModes for HCons<(S, D), T>
where
    S: IsNotEqual<U1>,
    D: IsNotEqual<U0>,
    NotEq<S, U1>: BitAnd<NotEq<D, U0>>,
    And<NotEq<S, U1>, NotEq<D, U0>>: If<HCons<(S, D), T::Out>, T::Out>,
{
    type Out = Sel<And<NotEq<S, U1>, NotEq<D, U0>>, HCons<(S, D), T::Out>, T::Out>;
}

/// Sort leaves by (stride, shape).
pub trait SortModes {
    /// The sorted leaves.
    type Out;
}
/// `sort([]) = []`.
impl SortModes for HNil {
    type Out = HNil;
}
/// `sort(m :: t) = insert(m, sort(t))`.
impl<M, T: SortModes> SortModes for HCons<M, T>
where
    T::Out: Insert<M>,
{
    type Out = <T::Out as Insert<M>>::Out;
}
/// Insert a leaf into a sorted list.
pub trait Insert<M> {
    /// The longer sorted list.
    type Out;
}
/// `insert(m, []) = [m]`.
impl<M> Insert<M> for HNil {
    type Out = HCons<M, HNil>;
}
/// Before the head if `(d, s) ≤ (d2, s2)`, else into the tail.
impl<S, D, S2, D2, T> Insert<(S, D)> for HCons<(S2, D2), T>
where
    T: Insert<(S, D)>,
    D: IsLess<D2> + IsEqual<D2>,
    S: IsLessOrEqual<S2>,
    Eq<D, D2>: BitAnd<LeEq<S, S2>>,
    Le<D, D2>: BitOr<And<Eq<D, D2>, LeEq<S, S2>>>,
    Or<Le<D, D2>, And<Eq<D, D2>, LeEq<S, S2>>>: If<HCons<(S, D), Self>, HCons<(S2, D2), T::Out>>,
{
    type Out = Sel<
        Or<Le<D, D2>, And<Eq<D, D2>, LeEq<S, S2>>>,
        HCons<(S, D), Self>,
        HCons<(S2, D2), T::Out>,
    >;
}

/// The walk over sorted leaves with extent `Cur` and emitted modes `Acc`:
/// `Ok<(Acc, Cur)>` or the overlap error.
pub trait ComplementWalk<Cur, Acc> {
    /// The result.
    type Out;
}
/// Done.
impl<Cur, Acc> ComplementWalk<Cur, Acc> for HNil {
    type Out = Ok<(Acc, Cur)>;
}
/// `cur > d`: overlap; else emit `(d / cur, cur)` and continue with `cur = s·d`.
impl<S, D, T, Cur, Acc> ComplementWalk<Cur, Acc> for HCons<(S, D), T>
where
    Cur: IsGreater<D>,
    Gr<Cur, D>: WalkStep<S, D, T, Cur, Acc>,
{
    type Out = <Gr<Cur, D> as WalkStep<S, D, T, Cur, Acc>>::Out;
}
/// One step of the walk (`Self` = whether `cur > d`).
pub trait WalkStep<S, D, T, Cur, Acc> {
    /// The result.
    type Out;
}
/// `cur ≤ d`: emit `(d / cur, cur)`, continue with `cur = s·d`.
impl<S, D, T, Cur, Acc> WalkStep<S, D, T, Cur, Acc> for typenum::B0
where
    Cur: QuotBy<D>,
    S: Mul<D>,
    Acc: Concat<HCons<(FloorQuot<D, Cur>, Cur), HNil>>,
    T: ComplementWalk<Prod<S, D>, Cat<Acc, HCons<(FloorQuot<D, Cur>, Cur), HNil>>>,
{
    type Out =
        <T as ComplementWalk<Prod<S, D>, Cat<Acc, HCons<(FloorQuot<D, Cur>, Cur), HNil>>>>::Out;
}
/// `cur > d`: the leaves overlap.
impl<S, D: Pretty, T, Cur: Pretty, Acc> WalkStep<S, D, T, Cur, Acc> for B1 {
    type Out = Err<OverlapErr<P<D>, P<Cur>>>;
}

/// Append `(⌈M / cur⌉, cur)` and coalesce.
pub struct CloseComplement<M>(core::marker::PhantomData<M>);
/// `(acc, cur) ↦ coalesce(acc ++ [(⌈M / cur⌉, cur)])`.
impl<M, Acc, Cur> Fun<(Acc, Cur)> for CloseComplement<M>
where
    M: Add<Cur>,
    Sum<M, Cur>: Sub<B1>,
    Cur: QuotBy<Sub1<Sum<M, Cur>>>,
    Acc: Concat<HCons<(FloorQuot<Sub1<Sum<M, Cur>>, Cur>, Cur), HNil>>,
    Cat<Acc, HCons<(FloorQuot<Sub1<Sum<M, Cur>>, Cur>, Cur), HNil>>: CoalesceTree<B1>,
{
    type Out = Ok<
        <Cat<Acc, HCons<(FloorQuot<Sub1<Sum<M, Cur>>, Cur>, Cur), HNil>> as CoalesceTree<B1>>::Out,
    >;
}
