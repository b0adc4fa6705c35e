//! `greatest_common_domain(A, B)` of two static shapes (PyCuTe's; CuTe C++
//! has none; docs/semantics/algebra.md#more-layout-functions): the flat layout whose
//! shape is the ordered factorization of the common divisor both shapes
//! share in order, and whose strides are the indices at which each common
//! factor starts — the result and the law
//! (`laws::check_greatest_common_domain`) of
//! `cute_dynamic::greatest_common_domain`, by the same walk over the leaves
//! of both shapes (see there). No common factor gives `(_1):(_0)`; a zero
//! leaf (`non_positive_shape` at run time) does not compile.
//!
//! ```
//! use cute_static::{C, Layout, algebra::{CommonDomain, GreatestCommonDomain}};
//! let g = (C::<5>, C::<3>, C::<4>).greatest_common_domain((C::<10>, C::<6>));
//! assert_eq!(g.to_string(), "(_5,_2):(_1,_30)");
//! static_assertions::assert_type_eq_all!(CommonDomain<(C<6>, C<35>), (C<15>, C<14>)>, Layout![(3, 7):(1, 30)]);
//! static_assertions::assert_type_eq_all!(CommonDomain<(C<5>, C<3>), (C<3>, C<5>)>, Layout<(C<1>,), (C<0>,)>);
//! ```

use core::ops::{Div, Mul, Rem};
use typenum::operator_aliases::{And, Eq, Gcf, Mod, Prod, Quot};
use typenum::{B0, B1, Gcd, IsEqual, U0, U1, UInt, UTerm};

use crate::algebra::modes::{Spelt, SpeltOf};
use crate::data::int_tuple::StaticIntTuple;
use crate::private::{Cat, Concat, HCons, HNil, Violation};

/// `greatest_common_domain(Self, B)` for static shapes.
///
/// # Examples
///
/// PyCuTe's `greatest_common_domain(A, B)` of two shapes:
///
/// ```
/// use cute_static::prelude::*;
/// let g = (C::<5>, C::<3>, C::<4>).greatest_common_domain((C::<10>, C::<6>));
/// assert_eq!(g.to_string(), "(_5,_2):(_1,_30)");
/// ```
pub trait GreatestCommonDomain<B> {
    /// The common domain, a flat layout.
    type Output: crate::StaticLayout;
    /// `greatest_common_domain(self, b)`.
    #[inline(always)]
    fn greatest_common_domain(self, _b: B) -> Self::Output
    where
        Self: Sized,
    {
        Default::default()
    }
}
/// `greatest_common_domain(A, B)`.
pub type CommonDomain<A, B> = <A as GreatestCommonDomain<B>>::Output;
impl<A: StaticIntTuple, B: StaticIntTuple> GreatestCommonDomain<B> for A
where
    A::Tree: ShapeLeaves<(A, B)>,
    B::Tree: ShapeLeaves<(A, B)>,
    <A::Tree as ShapeLeaves<(A, B)>>::Out: GcdWalk<<B::Tree as ShapeLeaves<(A, B)>>::Out, U1, U1>,
    CommonList<<A::Tree as ShapeLeaves<(A, B)>>::Out, <B::Tree as ShapeLeaves<(A, B)>>::Out>: Spelt,
    <<A::Tree as ShapeLeaves<(A, B)>>::Out as GcdWalk<
        <B::Tree as ShapeLeaves<(A, B)>>::Out,
        U1,
        U1,
    >>::Out: NonEmpty,
{
    type Output = SpeltOf<
        CommonList<<A::Tree as ShapeLeaves<(A, B)>>::Out, <B::Tree as ShapeLeaves<(A, B)>>::Out>,
    >;
}
/// The common domain's `(factor, start)` list of two lists of leaves.
pub(crate) type CommonList<LA, LB> = <<LA as GcdWalk<LB, U1, U1>>::Out as NonEmpty>::Out;

/// The leaves of a shape tree, in order (`Ctx`: the operands, for the error).
pub trait ShapeLeaves<Ctx> {
    /// The list of leaves.
    type Out;
}
/// A zero leaf: an error.
impl<Ctx> ShapeLeaves<Ctx> for UTerm
where
    Violation: CommonDomainZeroLeaf<Ctx>,
{
    type Out = HNil;
}
impl<Ctx, X, Bt> ShapeLeaves<Ctx> for UInt<X, Bt> {
    type Out = HCons<UInt<X, Bt>, HNil>;
}
impl<Ctx> ShapeLeaves<Ctx> for HNil {
    type Out = HNil;
}
impl<Ctx, H: ShapeLeaves<Ctx>, T: ShapeLeaves<Ctx>> ShapeLeaves<Ctx> for HCons<H, T>
where
    H::Out: Concat<T::Out>,
{
    type Out = Cat<H::Out, T::Out>;
}
/// Raised for a zero shape leaf.
#[diagnostic::on_unimplemented(
    message = "greatest_common_domain is not admissible: a leaf of the shapes {Ctx} is 0",
    note = "the common domain of two shapes is defined for positive leaves"
)]
pub trait CommonDomainZeroLeaf<Ctx> {}

/// `(1, 0)` for no common factor.
pub trait NonEmpty {
    /// The list.
    type Out;
}
impl NonEmpty for HNil {
    type Out = HCons<(U1, U0), HNil>;
}
impl<H, T> NonEmpty for HCons<H, T> {
    type Out = Self;
}

/// The walk over the leaves `Self` of A and `LB` of B, with the running
/// prefix products `PA` and `PB`: the `(factor, start)` list.
pub trait GcdWalk<LB, PA, PB> {
    /// The list.
    type Out;
}
impl<LB, PA, PB> GcdWalk<LB, PA, PB> for HNil {
    type Out = HNil;
}
impl<A, TA, PA, PB> GcdWalk<HNil, PA, PB> for HCons<A, TA> {
    type Out = HNil;
}
/// Size-1 leaves are skipped, then one step.
impl<A, TA, B, TB, PA, PB> GcdWalk<HCons<B, TB>, PA, PB> for HCons<A, TA>
where
    A: IsEqual<U1>,
    B: IsEqual<U1>,
    (Eq<A, U1>, Eq<B, U1>): GcdSkip<A, TA, B, TB, PA, PB>,
{
    type Out = <(Eq<A, U1>, Eq<B, U1>) as GcdSkip<A, TA, B, TB, PA, PB>>::Out;
}
/// Dispatch on `(a == 1, b == 1)`.
pub trait GcdSkip<A, TA, B, TB, PA, PB> {
    /// The list.
    type Out;
}
impl<X, A, TA, B, TB, PA, PB> GcdSkip<A, TA, B, TB, PA, PB> for (B1, X)
where
    TA: GcdWalk<HCons<B, TB>, PA, PB>,
{
    type Out = <TA as GcdWalk<HCons<B, TB>, PA, PB>>::Out;
}
impl<A, TA, B, TB, PA, PB> GcdSkip<A, TA, B, TB, PA, PB> for (B0, B1)
where
    HCons<A, TA>: GcdWalk<TB, PA, PB>,
{
    type Out = <HCons<A, TA> as GcdWalk<TB, PA, PB>>::Out;
}
/// `lcm(pa, pb)`.
type Lcm<PA, PB> = Prod<Quot<PA, Gcf<PA, PB>>, PB>;
/// The common factor at `lcm`: `gcd(a / ra, b / rb)`.
type Factor<A, B, PA, PB> = Gcf<Quot<A, Quot<Lcm<PA, PB>, PA>>, Quot<B, Quot<Lcm<PA, PB>, PB>>>;
/// Whether a factor is emitted: both leaves reach `lcm` and the factor is not 1.
type Emits<A, B, PA, PB> = And<
    And<Eq<Mod<A, Quot<Lcm<PA, PB>, PA>>, U0>, Eq<Mod<B, Quot<Lcm<PA, PB>, PB>>, U0>>,
    <Eq<Factor<A, B, PA, PB>, U1> as core::ops::Not>::Output,
>;
/// Neither leaf is 1: emit a factor or advance.
impl<A, TA, B, TB, PA, PB> GcdSkip<A, TA, B, TB, PA, PB> for (B0, B0)
where
    PA: Gcd<PB> + Div<Gcf<PA, PB>>,
    Quot<PA, Gcf<PA, PB>>: Mul<PB>,
    Lcm<PA, PB>: Div<PA> + Div<PB>,
    A: Div<Quot<Lcm<PA, PB>, PA>> + Rem<Quot<Lcm<PA, PB>, PA>>,
    B: Div<Quot<Lcm<PA, PB>, PB>> + Rem<Quot<Lcm<PA, PB>, PB>>,
    Quot<A, Quot<Lcm<PA, PB>, PA>>: Gcd<Quot<B, Quot<Lcm<PA, PB>, PB>>>,
    Mod<A, Quot<Lcm<PA, PB>, PA>>: IsEqual<U0>,
    Mod<B, Quot<Lcm<PA, PB>, PB>>: IsEqual<U0>,
    Factor<A, B, PA, PB>: IsEqual<U1>,
    Eq<Mod<A, Quot<Lcm<PA, PB>, PA>>, U0>: core::ops::BitAnd<Eq<Mod<B, Quot<Lcm<PA, PB>, PB>>, U0>>,
    Eq<Factor<A, B, PA, PB>, U1>: core::ops::Not,
    And<Eq<Mod<A, Quot<Lcm<PA, PB>, PA>>, U0>, Eq<Mod<B, Quot<Lcm<PA, PB>, PB>>, U0>>:
        core::ops::BitAnd<<Eq<Factor<A, B, PA, PB>, U1> as core::ops::Not>::Output>,
    Emits<A, B, PA, PB>: GcdEmit<A, TA, B, TB, PA, PB>,
{
    type Out = <Emits<A, B, PA, PB> as GcdEmit<A, TA, B, TB, PA, PB>>::Out;
}
/// Emit (`B1`) or advance (`B0`).
pub trait GcdEmit<A, TA, B, TB, PA, PB> {
    /// The list.
    type Out;
}
/// Emit `(c, lcm)`; both leaves keep what is left past it.
impl<A, TA, B, TB, PA, PB> GcdEmit<A, TA, B, TB, PA, PB> for B1
where
    PA: Gcd<PB> + Div<Gcf<PA, PB>>,
    Quot<PA, Gcf<PA, PB>>: Mul<PB>,
    Lcm<PA, PB>: Div<PA> + Div<PB> + Mul<Factor<A, B, PA, PB>>,
    A: Div<Quot<Lcm<PA, PB>, PA>>,
    B: Div<Quot<Lcm<PA, PB>, PB>>,
    Quot<A, Quot<Lcm<PA, PB>, PA>>: Gcd<Quot<B, Quot<Lcm<PA, PB>, PB>>>,
    Quot<Lcm<PA, PB>, PA>: Mul<Factor<A, B, PA, PB>>,
    Quot<Lcm<PA, PB>, PB>: Mul<Factor<A, B, PA, PB>>,
    A: Div<Prod<Quot<Lcm<PA, PB>, PA>, Factor<A, B, PA, PB>>>,
    B: Div<Prod<Quot<Lcm<PA, PB>, PB>, Factor<A, B, PA, PB>>>,
    HCons<Quot<A, Prod<Quot<Lcm<PA, PB>, PA>, Factor<A, B, PA, PB>>>, TA>: GcdWalk<
            HCons<Quot<B, Prod<Quot<Lcm<PA, PB>, PB>, Factor<A, B, PA, PB>>>, TB>,
            Prod<Lcm<PA, PB>, Factor<A, B, PA, PB>>,
            Prod<Lcm<PA, PB>, Factor<A, B, PA, PB>>,
        >,
{
    type Out = HCons<
        (Factor<A, B, PA, PB>, Lcm<PA, PB>),
        <HCons<Quot<A, Prod<Quot<Lcm<PA, PB>, PA>, Factor<A, B, PA, PB>>>, TA> as GcdWalk<
            HCons<Quot<B, Prod<Quot<Lcm<PA, PB>, PB>, Factor<A, B, PA, PB>>>, TB>,
            Prod<Lcm<PA, PB>, Factor<A, B, PA, PB>>,
            Prod<Lcm<PA, PB>, Factor<A, B, PA, PB>>,
        >>::Out,
    >;
}
/// The leaf ends `pa·a` and `pb·b`.
type EndA<A, PA> = Prod<PA, A>;
/// Whether `pa·a` divides `pb·b` (`qa`).
type Qa<A, B, PA, PB> = Eq<Mod<Prod<PB, B>, Prod<PA, A>>, U0>;
/// Whether `pb·b` divides `pa·a` (`qb`).
type Qb<A, B, PA, PB> = Eq<Mod<Prod<PA, A>, Prod<PB, B>>, U0>;
/// Advance the leaf that ends first (both when neither end divides the other).
impl<A, TA, B, TB, PA, PB> GcdEmit<A, TA, B, TB, PA, PB> for B0
where
    PA: Mul<A>,
    PB: Mul<B>,
    Prod<PB, B>: Rem<Prod<PA, A>>,
    Prod<PA, A>: Rem<Prod<PB, B>>,
    Mod<Prod<PB, B>, Prod<PA, A>>: IsEqual<U0>,
    Mod<Prod<PA, A>, Prod<PB, B>>: IsEqual<U0>,
    (Qa<A, B, PA, PB>, Qb<A, B, PA, PB>): GcdAdvance<A, TA, B, TB, PA, PB>,
{
    type Out = <(Qa<A, B, PA, PB>, Qb<A, B, PA, PB>) as GcdAdvance<A, TA, B, TB, PA, PB>>::Out;
}
/// Dispatch on `(qa, qb)`.
pub trait GcdAdvance<A, TA, B, TB, PA, PB> {
    /// The list.
    type Out;
}
/// `a` ends first: advance it.
impl<A, TA, B, TB, PA, PB> GcdAdvance<A, TA, B, TB, PA, PB> for (B1, B0)
where
    PA: Mul<A>,
    TA: GcdWalk<HCons<B, TB>, EndA<A, PA>, PB>,
{
    type Out = <TA as GcdWalk<HCons<B, TB>, EndA<A, PA>, PB>>::Out;
}
/// `b` ends first: advance it.
impl<A, TA, B, TB, PA, PB> GcdAdvance<A, TA, B, TB, PA, PB> for (B0, B1)
where
    PB: Mul<B>,
    HCons<A, TA>: GcdWalk<TB, PA, EndA<B, PB>>,
{
    type Out = <HCons<A, TA> as GcdWalk<TB, PA, EndA<B, PB>>>::Out;
}
/// Both end together, or neither end divides the other: advance both.
impl<A, TA, B, TB, PA, PB, Q> GcdAdvance<A, TA, B, TB, PA, PB> for (Q, Q)
where
    PA: Mul<A>,
    PB: Mul<B>,
    TA: GcdWalk<TB, EndA<A, PA>, EndA<B, PB>>,
{
    type Out = <TA as GcdWalk<TB, EndA<A, PA>, EndA<B, PB>>>::Out;
}
