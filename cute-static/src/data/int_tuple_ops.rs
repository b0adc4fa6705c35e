//! Integer-tuple arithmetic as types (CuTe's `int_tuple.hpp`, the static
//! half of cute-dynamic's `int_tuple_ops`; docs/semantics/algebra.md#more-layout-functions):
//! `shape_div`, `ceil_div`, `round_up`, `product_each`, `inner_product`,
//! `elem_scale`, and the queries `congruent`, `compatible` and
//! `evenly_divides` as associated constants and as marker traits usable in
//! bounds. Each function has the defining property of its run-time twin
//! (`cute_tools::laws::check_<name>`) and the same result on every static
//! operand; where the run-time function returns an error the static one
//! does not compile, and the first line of the error names the rule.
//!
//! ```
//! use cute_static::{C, algebra::{CeilDiv, Congruent, EvenlyDivides, ShapeDiv, ShapeDivide}, layout::IntTuple};
//! // CuTe's example: (4,5,6) / 40 = (1,1,3).
//! let r = (C::<4>, C::<5>, C::<6>).shape_div(C::<40>);
//! static_assertions::assert_type_eq_all!(ShapeDiv<(C<4>, C<5>, C<6>), C<40>>, (C<1>, C<1>, C<3>));
//! assert_eq!(r.to_dynamic().to_string(), "(1,1,3)");
//! static_assertions::assert_type_eq_all!(CeilDiv<(C<10>, C<7>), (C<4>, C<2>)>, (C<3>, C<4>));
//! // Queries are constants and bounds.
//! fn tiles_evenly<S: EvenlyDivides<T>, T>() {}
//! tiles_evenly::<(C<128>, C<64>), (C<32>, C<16>)>();
//! assert!(!<(C<100>, C<64>) as cute_static::algebra::Divisibility<(C<32>, C<16>)>>::EVENLY_DIVIDES);
//! fn same_profile<A: Congruent<B>, B>() {}
//! same_profile::<(C<1>, (C<2>, C<3>)), (C<5>, (C<6>, C<7>))>();
//! ```

use core::ops::{Add, BitAnd, Div, Mul, Rem, Sub};
use typenum::operator_aliases::{And, Eq, LeEq, Mod, Prod, Quot, Sub1, Sum};
use typenum::{B0, B1, Bit, IsEqual, IsLessOrEqual, U0, U1, UInt, UTerm};

use crate::algebra::composition::Len;
use crate::data::int_tuple::{Spell, StaticIntTuple};
use crate::private::{HCons, HNil, P, Pretty, Violation};

/// A typenum integer (a leaf of a tree), as opposed to a list (a tuple).
pub trait Leaf {}
impl Leaf for UTerm {}
impl<U, B> Leaf for UInt<U, B> {}

/// The product of a tree's leaves.
pub trait TSize {
    /// The size.
    type Out;
}
/// A leaf is its own size.
impl<A: Leaf> TSize for A {
    type Out = A;
}
/// `size(()) = 1`.
impl TSize for HNil {
    type Out = U1;
}
/// `size(h :: t) = size(h)·size(t)`.
impl<H: TSize, T: TSize> TSize for HCons<H, T>
where
    H::Out: Mul<T::Out>,
{
    type Out = Prod<H::Out, T::Out>;
}
/// `size(T)`.
pub type SizeT<T> = <T as TSize>::Out;

// ---------------------------------------------------------------- division

/// `shape_div` on integers: CuTe's division rounding away from zero.
pub struct ShapeOp;
/// `ceil_div` on integers.
pub struct CeilOp;

/// The integer division of `Self` (an op) on `A` and `B`.
pub trait IntDiv<A, B> {
    /// The quotient.
    type Out;
}
/// `IntDiv` of an op.
pub type IntDivOf<Op, A, B> = <Op as IntDiv<A, B>>::Out;

/// Raised for a division by zero in `shape_div`.
#[diagnostic::on_unimplemented(
    message = "shape_div is not admissible: division of {A} by zero",
    label = "the divisor is 0"
)]
pub trait ShapeDivByZero<A> {}
/// Raised for a division by zero in `ceil_div` and `round_up`.
#[diagnostic::on_unimplemented(
    message = "ceil_div is not admissible: division of {A} by zero (the divisor must be at least 1)",
    label = "the divisor is 0"
)]
pub trait CeilDivByZero<A> {}
/// Raised when neither integer of a `shape_div` divides the other.
#[diagnostic::on_unimplemented(
    message = "shape_div is not admissible: neither of {A} and {B} divides the other",
    label = "{A} % {B} != 0 and {B} % {A} != 0",
    note = "shape_div(a, b) is a / b when b divides a and 1 when a divides b (CuTe's division rounding away from zero)"
)]
pub trait NeitherDivides<A, B> {}

/// `a / 0`: an error.
impl<A: Pretty> IntDiv<A, UTerm> for ShapeOp
where
    Violation: ShapeDivByZero<P<A>>,
{
    type Out = U1;
}
/// `a / b` when `b | a`, else `1` when `a | b`, else an error.
impl<A, U, B> IntDiv<A, UInt<U, B>> for ShapeOp
where
    A: Rem<UInt<U, B>>,
    Mod<A, UInt<U, B>>: IsEqual<U0>,
    Eq<Mod<A, UInt<U, B>>, U0>: ShapeDivCase<A, UInt<U, B>>,
{
    type Out = <Eq<Mod<A, UInt<U, B>>, U0> as ShapeDivCase<A, UInt<U, B>>>::Out;
}
/// The case of `shape_div` (`Self` = whether `b | a`).
pub trait ShapeDivCase<A, B> {
    /// The quotient.
    type Out;
}
/// `b | a`: `a / b`.
impl<A: Div<B>, B> ShapeDivCase<A, B> for B1 {
    type Out = Quot<A, B>;
}
/// `b ∤ a` (so `a > 0`): `1` if `a | b`, else an error.
impl<A, B> ShapeDivCase<A, B> for B0
where
    B: Rem<A>,
    Mod<B, A>: IsEqual<U0>,
    Eq<Mod<B, A>, U0>: ShapeDivOne<A, B>,
{
    type Out = U1;
}
/// Whether `a | b` holds (`Self`), else the error.
pub trait ShapeDivOne<A, B> {}
/// `a | b`.
impl<A, B> ShapeDivOne<A, B> for B1 {}
/// Neither divides the other.
impl<A: Pretty, B: Pretty> ShapeDivOne<A, B> for B0 where Violation: NeitherDivides<P<A>, P<B>> {}

/// `⌈a / 0⌉`: an error.
impl<A: Pretty> IntDiv<A, UTerm> for CeilOp
where
    Violation: CeilDivByZero<P<A>>,
{
    type Out = U1;
}
/// `⌈a / b⌉ = (a + b - 1) / b`.
impl<A, U, B> IntDiv<A, UInt<U, B>> for CeilOp
where
    A: Add<UInt<U, B>>,
    Sum<A, UInt<U, B>>: Sub<B1>,
    Sub1<Sum<A, UInt<U, B>>>: Div<UInt<U, B>>,
{
    type Out = Quot<Sub1<Sum<A, UInt<U, B>>>, UInt<U, B>>;
}

/// Raised when the divisor tuple has more modes than the dividend.
#[diagnostic::on_unimplemented(
    message = "shape_div is not admissible: the divisor has more modes than the dividend",
    label = "divisor modes left over: {B}",
    note = "two tuples divide mode by mode"
)]
pub trait ShapeDivisorRank<B> {}
/// Raised when the divisor tuple has more modes than the dividend.
#[diagnostic::on_unimplemented(
    message = "ceil_div is not admissible: the divisor has more modes than the dividend",
    label = "divisor modes left over: {B}",
    note = "two tuples divide mode by mode (a shorter divisor is padded with 1s, a longer one is an error)"
)]
pub trait CeilDivisorRank<B> {}
/// Raised when the divisor tuple has more modes than the dividend.
#[diagnostic::on_unimplemented(
    message = "round_up is not admissible: the divisor has more modes than the dividend",
    label = "divisor modes left over: {B}",
    note = "two tuples are rounded mode by mode (a shorter divisor is padded with 1s, a longer one is an error)"
)]
pub trait RoundUpDivisorRank<B> {}
/// Raised when a `shape_div` dividend tuple has more modes than the divisor tuple.
#[diagnostic::on_unimplemented(
    message = "shape_div is not admissible: the dividend has more modes than the divisor",
    label = "dividend modes left over: {A}",
    note = "two tuples divide mode by mode and need equal ranks (ceil_div pads the divisor with 1s)"
)]
pub trait DividendRank<A> {}

/// Report divisor modes `B` left over (spelled) through the op's diagnostic.
pub trait DivisorLeft<B> {}
impl<B> DivisorLeft<B> for ShapeOp where Violation: ShapeDivisorRank<B> {}
impl<B> DivisorLeft<B> for CeilOp where Violation: CeilDivisorRank<B> {}

/// `Self / B` (the division `Op`) on trees.
pub trait TreeDiv<Op, B> {
    /// The quotient tree.
    type Out;
}
/// An integer divided by a tree: by its size.
impl<Op, B: TSize> TreeDiv<Op, B> for UTerm
where
    Op: IntDiv<UTerm, SizeT<B>>,
{
    type Out = IntDivOf<Op, UTerm, SizeT<B>>;
}
impl<Op, B: TSize, XU_, XB_> TreeDiv<Op, B> for UInt<XU_, XB_>
where
    Op: IntDiv<UInt<XU_, XB_>, SizeT<B>>,
{
    type Out = IntDivOf<Op, UInt<XU_, XB_>, SizeT<B>>;
}
/// `()` divided by `B`.
impl<Op, B: DivTuple<Op, HNil>> TreeDiv<Op, B> for HNil {
    type Out = B::Out;
}
/// A tuple divided by `B`.
impl<Op, B: DivTuple<Op, HCons<H, T>>, H, T> TreeDiv<Op, B> for HCons<H, T> {
    type Out = B::Out;
}
/// The tuple `A` divided by `Self`.
pub trait DivTuple<Op, A> {
    /// The quotient tree.
    type Out;
}
/// By an integer: divided out of the modes left to right.
impl<Op, A: DivFold<Op, UTerm>> DivTuple<Op, A> for UTerm {
    type Out = A::Out;
}
impl<Op, A: DivFold<Op, UInt<XU_, XB_>>, XU_, XB_> DivTuple<Op, A> for UInt<XU_, XB_> {
    type Out = A::Out;
}
/// By `()`.
impl<Op, A: DivZip<Op, HNil>> DivTuple<Op, A> for HNil {
    type Out = A::Out;
}
/// By a tuple: mode by mode.
impl<Op, A: DivZip<Op, HCons<H, T>>, H, T> DivTuple<Op, A> for HCons<H, T> {
    type Out = A::Out;
}
/// Divide the integer `Rest` out of the modes `Self`, left to right.
pub trait DivFold<Op, Rest> {
    /// The quotient modes.
    type Out;
}
/// No modes left.
impl<Op, Rest> DivFold<Op, Rest> for HNil {
    type Out = HNil;
}
/// `x / rest`, then the rest divided by `size(x)`.
impl<Op, Rest, H, T> DivFold<Op, Rest> for HCons<H, T>
where
    H: FoldChild<Op, Rest> + TSize,
    Op: IntDiv<Rest, SizeT<H>>,
    T: DivFold<Op, IntDivOf<Op, Rest, SizeT<H>>>,
{
    type Out = HCons<
        <H as FoldChild<Op, Rest>>::Out,
        <T as DivFold<Op, IntDivOf<Op, Rest, SizeT<H>>>>::Out,
    >;
}
/// One mode of a fold: an integer is divided, a tuple folded.
pub trait FoldChild<Op, Rest> {
    /// The quotient.
    type Out;
}
/// `x / rest`.
impl<Op: IntDiv<UTerm, Rest>, Rest> FoldChild<Op, Rest> for UTerm {
    type Out = IntDivOf<Op, UTerm, Rest>;
}
impl<Op: IntDiv<UInt<XU_, XB_>, Rest>, Rest, XU_, XB_> FoldChild<Op, Rest> for UInt<XU_, XB_> {
    type Out = IntDivOf<Op, UInt<XU_, XB_>, Rest>;
}
/// `()` folds to `()`.
impl<Op, Rest> FoldChild<Op, Rest> for HNil {
    type Out = HNil;
}
/// A tuple mode folds the same rest.
impl<Op, Rest, H, T> FoldChild<Op, Rest> for HCons<H, T>
where
    Self: DivFold<Op, Rest>,
{
    type Out = <Self as DivFold<Op, Rest>>::Out;
}
/// Two mode lists divided position by position.
pub trait DivZip<Op, B> {
    /// The quotient modes.
    type Out;
}
/// Both exhausted.
impl<Op> DivZip<Op, HNil> for HNil {
    type Out = HNil;
}
/// `(a :: as) / (b :: bs)`.
impl<Op, H: TreeDiv<Op, BH>, T: DivZip<Op, BT>, BH, BT> DivZip<Op, HCons<BH, BT>> for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
}
/// Divisor modes left over: an error.
impl<Op, BH, BT> DivZip<Op, HCons<BH, BT>> for HNil
where
    HCons<BH, BT>: Spell,
    Op: DivisorLeft<<HCons<BH, BT> as Spell>::Out>,
{
    type Out = HNil;
}
/// Dividend modes left over: `shape_div` fails, `ceil_div` divides them by 1.
impl<Op: Exhausted<HCons<H, T>>, H, T> DivZip<Op, HNil> for HCons<H, T> {
    type Out = Op::Out;
}
/// The dividend modes `A` left when the divisor is exhausted.
pub trait Exhausted<A> {
    /// The quotient modes.
    type Out;
}
/// `shape_div` needs equal ranks.
impl<A: Spell> Exhausted<A> for ShapeOp
where
    Violation: DividendRank<A::Out>,
{
    type Out = HNil;
}
/// `ceil_div` pads the divisor with 1s.
impl<A: DivZip<CeilOp, Ones<A>> + OnesOf> Exhausted<A> for CeilOp {
    type Out = <A as DivZip<CeilOp, Ones<A>>>::Out;
}
/// A list of as many `1`s as `Self` has entries.
pub trait OnesOf {
    /// The list.
    type Out;
}
impl OnesOf for HNil {
    type Out = HNil;
}
impl<H, T: OnesOf> OnesOf for HCons<H, T> {
    type Out = HCons<U1, T::Out>;
}
type Ones<A> = <A as OnesOf>::Out;

// ---------------------------------------------------------------- round_up

/// Raised for `round_up` of an integer and a tuple.
#[diagnostic::on_unimplemented(
    message = "round_up is not admissible: an integer and a tuple do not mix ({A} and {B})",
    note = "round_up rounds each leaf of the first tuple up to a multiple of the matching leaf of the second"
)]
pub trait RoundUpMix<A, B> {}

/// `round_up(Self, B)` on trees.
pub trait TreeRoundUp<B> {
    /// The rounded tree.
    type Out;
}
/// An integer: by an integer only.
impl<B: RoundLeaf<UTerm>> TreeRoundUp<B> for UTerm {
    type Out = B::Out;
}
impl<B: RoundLeaf<UInt<XU_, XB_>>, XU_, XB_> TreeRoundUp<B> for UInt<XU_, XB_> {
    type Out = B::Out;
}
/// `()`.
impl<B: RoundTuple<HNil>> TreeRoundUp<B> for HNil {
    type Out = B::Out;
}
/// A tuple: by a tuple only.
impl<B: RoundTuple<HCons<H, T>>, H, T> TreeRoundUp<B> for HCons<H, T> {
    type Out = B::Out;
}
/// The integer `A` rounded up to a multiple of `Self`.
pub trait RoundLeaf<A> {
    /// The multiple.
    type Out;
}
/// `⌈a / b⌉·b`.
impl<A> RoundLeaf<A> for UTerm
where
    CeilOp: IntDiv<A, UTerm>,
    IntDivOf<CeilOp, A, UTerm>: Mul<UTerm>,
{
    type Out = Prod<IntDivOf<CeilOp, A, UTerm>, UTerm>;
}
impl<A, XU_, XB_> RoundLeaf<A> for UInt<XU_, XB_>
where
    CeilOp: IntDiv<A, UInt<XU_, XB_>>,
    IntDivOf<CeilOp, A, UInt<XU_, XB_>>: Mul<UInt<XU_, XB_>>,
{
    type Out = Prod<IntDivOf<CeilOp, A, UInt<XU_, XB_>>, UInt<XU_, XB_>>;
}
/// An integer by `()`: an error.
impl<A: Pretty> RoundLeaf<A> for HNil
where
    Violation: RoundUpMix<P<A>, ()>,
{
    type Out = A;
}
/// An integer by a tuple: an error.
impl<A: Pretty, H, T> RoundLeaf<A> for HCons<H, T>
where
    Self: Spell,
    Violation: RoundUpMix<P<A>, <Self as Spell>::Out>,
{
    type Out = A;
}
/// The tuple `A` rounded up by `Self`.
pub trait RoundTuple<A> {
    /// The rounded tree.
    type Out;
}
/// A tuple by an integer: an error.
impl<A: Spell> RoundTuple<A> for UTerm
where
    UTerm: Pretty,
    Violation: RoundUpMix<A::Out, P<UTerm>>,
{
    type Out = A;
}
impl<A: Spell, XU_, XB_> RoundTuple<A> for UInt<XU_, XB_>
where
    UInt<XU_, XB_>: Pretty,
    Violation: RoundUpMix<A::Out, P<UInt<XU_, XB_>>>,
{
    type Out = A;
}
/// By `()`: every mode by 1.
impl<A: RoundZip<HNil>> RoundTuple<A> for HNil {
    type Out = A::Out;
}
/// By a tuple: mode by mode, missing modes 1.
impl<A: RoundZip<HCons<H, T>>, H, T> RoundTuple<A> for HCons<H, T> {
    type Out = A::Out;
}
/// Two mode lists rounded position by position (missing divisors are 1).
pub trait RoundZip<B> {
    /// The rounded modes.
    type Out;
}
/// Both exhausted.
impl RoundZip<HNil> for HNil {
    type Out = HNil;
}
/// Divisor exhausted: round by 1.
impl<H: TreeRoundUp<U1>, T: RoundZip<HNil>> RoundZip<HNil> for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
}
/// Position by position.
impl<H: TreeRoundUp<BH>, T: RoundZip<BT>, BH, BT> RoundZip<HCons<BH, BT>> for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
}
/// More divisor modes than dividend modes: an error.
impl<BH, BT> RoundZip<HCons<BH, BT>> for HNil
where
    HCons<BH, BT>: Spell,
    Violation: RoundUpDivisorRank<<HCons<BH, BT> as Spell>::Out>,
{
    type Out = HNil;
}

// ------------------------------------------------- product_each, inner_product, elem_scale

/// The size of each mode (an integer is its own only mode).
pub trait TreeProductEach {
    /// The flat list of sizes.
    type Out;
}
/// `product_each(n) = (n)`.
impl TreeProductEach for UTerm {
    type Out = HCons<UTerm, HNil>;
}
impl<XU_, XB_> TreeProductEach for UInt<XU_, XB_> {
    type Out = HCons<UInt<XU_, XB_>, HNil>;
}
/// `product_each(()) = ()`.
impl TreeProductEach for HNil {
    type Out = HNil;
}
/// `size(h) :: product_each(t)`.
impl<H: TSize, T: TreeProductEach> TreeProductEach for HCons<H, T> {
    type Out = HCons<SizeT<H>, T::Out>;
}

/// Raised when the operands of `inner_product` are not congruent.
#[diagnostic::on_unimplemented(
    message = "inner_product is not admissible: the operands are not congruent (at {A} and {B})",
    note = "inner_product sums the products of matching leaves of two tuples of the same profile"
)]
pub trait InnerProductCongruent<A, B> {}

/// `Σ aᵢ·bᵢ` over the leaves of two congruent trees.
pub trait TreeInner<B> {
    /// The sum.
    type Out;
}
/// An integer with `B`.
impl<B: InnerLeaf<UTerm>> TreeInner<B> for UTerm {
    type Out = B::Out;
}
impl<B: InnerLeaf<UInt<XU_, XB_>>, XU_, XB_> TreeInner<B> for UInt<XU_, XB_> {
    type Out = B::Out;
}
/// `()` with `B`.
impl<B: InnerList<HNil>> TreeInner<B> for HNil {
    type Out = B::Out;
}
/// A tuple with `B`.
impl<B: InnerList<HCons<H, T>>, H, T> TreeInner<B> for HCons<H, T> {
    type Out = B::Out;
}
/// The integer `A` times `Self`.
pub trait InnerLeaf<A> {
    /// The product.
    type Out;
}
/// `a·b`.
impl<A: Mul<UTerm>> InnerLeaf<A> for UTerm {
    type Out = Prod<A, UTerm>;
}
impl<A: Mul<UInt<XU_, XB_>>, XU_, XB_> InnerLeaf<A> for UInt<XU_, XB_> {
    type Out = Prod<A, UInt<XU_, XB_>>;
}
/// An integer with `()`: an error.
impl<A: Pretty> InnerLeaf<A> for HNil
where
    Violation: InnerProductCongruent<P<A>, ()>,
{
    type Out = U0;
}
/// An integer with a tuple: an error.
impl<A: Pretty, H, T> InnerLeaf<A> for HCons<H, T>
where
    Self: Spell,
    Violation: InnerProductCongruent<P<A>, <Self as Spell>::Out>,
{
    type Out = U0;
}
/// The tuple `A` with `Self`, summed.
pub trait InnerList<A> {
    /// The sum.
    type Out;
}
/// A tuple with an integer: an error.
impl<A: Spell> InnerList<A> for UTerm
where
    UTerm: Pretty,
    Violation: InnerProductCongruent<A::Out, P<UTerm>>,
{
    type Out = U0;
}
impl<A: Spell, XU_, XB_> InnerList<A> for UInt<XU_, XB_>
where
    UInt<XU_, XB_>: Pretty,
    Violation: InnerProductCongruent<A::Out, P<UInt<XU_, XB_>>>,
{
    type Out = U0;
}
/// `() · () = 0`.
impl InnerList<HNil> for HNil {
    type Out = U0;
}
/// Tuples of different ranks: an error.
impl<H, T> InnerList<HCons<H, T>> for HNil
where
    HCons<H, T>: Spell,
    Violation: InnerProductCongruent<<HCons<H, T> as Spell>::Out, ()>,
{
    type Out = U0;
}
/// Tuples of different ranks: an error.
impl<H, T> InnerList<HNil> for HCons<H, T>
where
    HCons<H, T>: Spell,
    Violation: InnerProductCongruent<(), <HCons<H, T> as Spell>::Out>,
{
    type Out = U0;
}
/// `a0·b0 + rest`.
impl<H, T, BH, BT> InnerList<HCons<H, T>> for HCons<BH, BT>
where
    H: TreeInner<BH>,
    BT: InnerList<T>,
    H::Out: Add<BT::Out>,
{
    type Out = Sum<H::Out, BT::Out>;
}

/// Raised when `elem_scale`'s second operand has the wrong rank.
#[diagnostic::on_unimplemented(
    message = "elem_scale is not admissible: {B} does not have one mode for each mode of {A}",
    note = "elem_scale multiplies each leaf of the first tuple by the size of the matching mode of the second"
)]
pub trait ElemScaleRank<A, B> {}

/// `Self`'s profile, each leaf times the size of the matching mode of `B`.
pub trait TreeElemScale<B> {
    /// The scaled tree.
    type Out;
}
/// `a·size(b)`.
impl<B: TSize> TreeElemScale<B> for UTerm
where
    UTerm: Mul<SizeT<B>>,
{
    type Out = Prod<UTerm, SizeT<B>>;
}
impl<B: TSize, XU_, XB_> TreeElemScale<B> for UInt<XU_, XB_>
where
    UInt<XU_, XB_>: Mul<SizeT<B>>,
{
    type Out = Prod<UInt<XU_, XB_>, SizeT<B>>;
}
/// `()`: mode by mode.
impl<B> TreeElemScale<B> for HNil
where
    HNil: ScaleModes<B>,
{
    type Out = <HNil as ScaleModes<B>>::Out;
}
/// A tuple: mode by mode.
impl<H, T, B> TreeElemScale<B> for HCons<H, T>
where
    Self: ScaleModes<B>,
{
    type Out = <Self as ScaleModes<B>>::Out;
}
/// The tuple `Self` scaled by the modes of `B` (an integer is its own only mode).
pub trait ScaleModes<B> {
    /// The scaled modes.
    type Out;
}
/// `(a)` scaled by an integer: `(a·b)`.
impl<H: TreeElemScale<UTerm>> ScaleModes<UTerm> for HCons<H, HNil> {
    type Out = HCons<H::Out, HNil>;
}
/// `(a)` scaled by an integer: `(a·b)`.
impl<H: TreeElemScale<UInt<XU_, XB_>>, XU_, XB_> ScaleModes<UInt<XU_, XB_>> for HCons<H, HNil> {
    type Out = HCons<H::Out, HNil>;
}
/// `()` by an integer: an error (a zero integer has no impl at all).
impl<XU_, XB_> ScaleModes<UInt<XU_, XB_>> for HNil
where
    UInt<XU_, XB_>: Pretty,
    Violation: ElemScaleRank<(), P<UInt<XU_, XB_>>>,
{
    type Out = HNil;
}
/// Two or more modes scaled by an integer: an error.
impl<H, H2, T> ScaleModes<UTerm> for HCons<H, HCons<H2, T>>
where
    Self: Spell,
    Violation: ElemScaleRank<<Self as Spell>::Out, P<UTerm>>,
{
    type Out = Self;
}
/// Two or more modes scaled by an integer: an error.
impl<H, H2, T, XU_, XB_> ScaleModes<UInt<XU_, XB_>> for HCons<H, HCons<H2, T>>
where
    UInt<XU_, XB_>: Pretty,
    Self: Spell,
    Violation: ElemScaleRank<<Self as Spell>::Out, P<UInt<XU_, XB_>>>,
{
    type Out = Self;
}
/// Both exhausted.
impl ScaleModes<HNil> for HNil {
    type Out = HNil;
}
/// Position by position.
impl<H: TreeElemScale<BH>, T: ScaleModes<BT>, BH, BT> ScaleModes<HCons<BH, BT>> for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
}
/// Ranks differ: an error.
impl<BH, BT> ScaleModes<HCons<BH, BT>> for HNil
where
    HCons<BH, BT>: Spell,
    Violation: ElemScaleRank<(), <HCons<BH, BT> as Spell>::Out>,
{
    type Out = HNil;
}
/// Ranks differ: an error.
impl<H, T> ScaleModes<HNil> for HCons<H, T>
where
    Self: Spell,
    Violation: ElemScaleRank<<Self as Spell>::Out, ()>,
{
    type Out = Self;
}

// ---------------------------------------------------------------- queries

/// Whether `Self` and `B` have the same profile (`B1`/`B0`).
pub trait TreeCongruent<B> {
    /// The answer.
    type Out: Bit;
}
/// An integer is congruent to an integer only.
impl<B: LeafVs> TreeCongruent<B> for UTerm {
    type Out = B::IsLeaf;
}
impl<B: LeafVs, XU_, XB_> TreeCongruent<B> for UInt<XU_, XB_> {
    type Out = B::IsLeaf;
}
/// `()` is congruent to `()` only.
impl<B: ModesRelated<HNil, CongruentRel>> TreeCongruent<B> for HNil {
    type Out = B::Out;
}
/// A tuple is congruent to a tuple of the same rank and congruent modes.
impl<H, T, B: ModesRelated<HCons<H, T>, CongruentRel>> TreeCongruent<B> for HCons<H, T> {
    type Out = B::Out;
}
/// Whether `Self` is a leaf.
pub trait LeafVs {
    /// `B1` for a leaf.
    type IsLeaf: Bit;
}
impl<A: Leaf> LeafVs for A {
    type IsLeaf = B1;
}
impl LeafVs for HNil {
    type IsLeaf = B0;
}
impl<H, T> LeafVs for HCons<H, T> {
    type IsLeaf = B0;
}
/// Whether every coordinate of shape `Self` is a coordinate of shape `B`.
pub trait TreeCompatible<B> {
    /// The answer.
    type Out: Bit;
}
/// An integer: `size(B) == a`.
impl<B: TSize> TreeCompatible<B> for UTerm
where
    SizeT<B>: IsEqual<UTerm>,
    Eq<SizeT<B>, UTerm>: Bit,
{
    type Out = Eq<SizeT<B>, UTerm>;
}
impl<B: TSize, XU_, XB_> TreeCompatible<B> for UInt<XU_, XB_>
where
    SizeT<B>: IsEqual<UInt<XU_, XB_>>,
    Eq<SizeT<B>, UInt<XU_, XB_>>: Bit,
{
    type Out = Eq<SizeT<B>, UInt<XU_, XB_>>;
}
/// `()`: `B` is `()`.
impl<B: ModesRelated<HNil, CompatibleRel>> TreeCompatible<B> for HNil {
    type Out = B::Out;
}
/// A tuple: `B` a tuple of the same rank, modes compatible.
impl<H, T, B: ModesRelated<HCons<H, T>, CompatibleRel>> TreeCompatible<B> for HCons<H, T> {
    type Out = B::Out;
}
/// The relation congruent (for [`ModesRelated`]).
pub struct CongruentRel;
/// The relation compatible (for [`ModesRelated`]).
pub struct CompatibleRel;
/// One mode against another under the relation `R`.
pub trait RelatedBy<R, B> {
    /// The answer.
    type Out: Bit;
}
impl<A: TreeCongruent<B>, B> RelatedBy<CongruentRel, B> for A {
    type Out = A::Out;
}
impl<A: TreeCompatible<B>, B> RelatedBy<CompatibleRel, B> for A {
    type Out = A::Out;
}
/// The tuple `A` against `Self`, mode by mode under the relation `R`
/// (congruent or compatible): the same rank and every mode related.
pub trait ModesRelated<A, R> {
    /// The answer.
    type Out: Bit;
}
/// Against an integer: no.
impl<A, R> ModesRelated<A, R> for UTerm {
    type Out = B0;
}
impl<A, R, XU_, XB_> ModesRelated<A, R> for UInt<XU_, XB_> {
    type Out = B0;
}
impl<R> ModesRelated<HNil, R> for HNil {
    type Out = B1;
}
impl<H, T, R> ModesRelated<HCons<H, T>, R> for HNil {
    type Out = B0;
}
impl<H, T, R> ModesRelated<HNil, R> for HCons<H, T> {
    type Out = B0;
}
/// Head and tail related.
impl<H, T, BH, BT, R> ModesRelated<HCons<H, T>, R> for HCons<BH, BT>
where
    H: RelatedBy<R, BH>,
    BT: ModesRelated<T, R>,
    H::Out: BitAnd<BT::Out>,
    And<H::Out, BT::Out>: Bit,
{
    type Out = And<H::Out, BT::Out>;
}

/// Whether the tiler `B` divides shape `Self` evenly.
pub trait TreeEvenly<B> {
    /// The answer.
    type Out: Bit;
}
/// `Self` against the tiler `Self`, dispatched on the tiler.
pub trait EvenlyBy<A> {
    /// The answer.
    type Out: Bit;
}
impl<A, B: EvenlyBy<A>> TreeEvenly<B> for A {
    type Out = B::Out;
}
/// An integer tiler: `size(b)·size(ceil_div(a, b)) == size(a)`.
impl<A> EvenlyBy<A> for UTerm
where
    A: TreeDiv<CeilOp, UTerm> + TSize,
    <A as TreeDiv<CeilOp, UTerm>>::Out: TSize,
    UTerm: Mul<SizeT<<A as TreeDiv<CeilOp, UTerm>>::Out>>,
    Prod<UTerm, SizeT<<A as TreeDiv<CeilOp, UTerm>>::Out>>: IsEqual<SizeT<A>>,
    Eq<Prod<UTerm, SizeT<<A as TreeDiv<CeilOp, UTerm>>::Out>>, SizeT<A>>: Bit,
{
    type Out = Eq<Prod<UTerm, SizeT<<A as TreeDiv<CeilOp, UTerm>>::Out>>, SizeT<A>>;
}
impl<A, XU_, XB_> EvenlyBy<A> for UInt<XU_, XB_>
where
    A: TreeDiv<CeilOp, UInt<XU_, XB_>> + TSize,
    <A as TreeDiv<CeilOp, UInt<XU_, XB_>>>::Out: TSize,
    UInt<XU_, XB_>: Mul<SizeT<<A as TreeDiv<CeilOp, UInt<XU_, XB_>>>::Out>>,
    Prod<UInt<XU_, XB_>, SizeT<<A as TreeDiv<CeilOp, UInt<XU_, XB_>>>::Out>>: IsEqual<SizeT<A>>,
    Eq<Prod<UInt<XU_, XB_>, SizeT<<A as TreeDiv<CeilOp, UInt<XU_, XB_>>>::Out>>, SizeT<A>>: Bit,
{
    type Out =
        Eq<Prod<UInt<XU_, XB_>, SizeT<<A as TreeDiv<CeilOp, UInt<XU_, XB_>>>::Out>>, SizeT<A>>;
}
/// An empty tiler divides anything.
impl<A> EvenlyBy<A> for HNil {
    type Out = B1;
}
/// A tuple tiler: mode by mode against the shape's modes (an integer shape
/// is its own only mode); more tiler modes than shape modes: no.
impl<A: ModesT, H, T> EvenlyBy<A> for HCons<H, T>
where
    A::Out: EvenlyZip<HCons<H, T>>,
{
    type Out = <A::Out as EvenlyZip<HCons<H, T>>>::Out;
}
/// The top-level modes of a tree (an integer is its own only mode).
pub trait ModesT {
    /// The list of modes.
    type Out;
}
impl ModesT for UTerm {
    type Out = HCons<UTerm, HNil>;
}
impl<XU_, XB_> ModesT for UInt<XU_, XB_> {
    type Out = HCons<UInt<XU_, XB_>, HNil>;
}
impl ModesT for HNil {
    type Out = HNil;
}
impl<H, T> ModesT for HCons<H, T> {
    type Out = Self;
}
/// Shape modes `Self` against tiler modes `B`.
pub trait EvenlyZip<B> {
    /// The answer.
    type Out: Bit;
}
impl<A> EvenlyZip<HNil> for A {
    type Out = B1;
}
impl<BH, BT> EvenlyZip<HCons<BH, BT>> for HNil {
    type Out = B0;
}
impl<H, T, BH, BT> EvenlyZip<HCons<BH, BT>> for HCons<H, T>
where
    H: TreeEvenly<BH>,
    T: EvenlyZip<BT>,
    H::Out: BitAnd<T::Out>,
    And<H::Out, T::Out>: Bit,
{
    type Out = And<H::Out, T::Out>;
}

// ---------------------------------------------------------------- the API

/// The user-facing spelling of a tree.
pub type Spelled<T> = <T as Spell>::Out;

/// The rank rule of `ceil_div`, checked first (so a rank mismatch at the
/// top raises one error naming the rule): the divisor may have fewer modes
/// than the dividend, not more. (Only `ceil_div` checks first: a check
/// before the computation makes rustc report a failure inside the
/// computation — `shape_div`'s divisibility — by an inner bound instead of
/// its rule.)
pub struct PaddedRanks;
/// Whether the ranks of `Self` and `B` fit the rule `R` (`B1`/`B0`).
pub trait RankFit<B, R> {
    /// The answer.
    type Ok;
}
impl<B, R> RankFit<B, R> for UTerm {
    type Ok = B1;
}
impl<B, R, XU_, XB_> RankFit<B, R> for UInt<XU_, XB_> {
    type Ok = B1;
}
impl<B: ListRankFit<HNil, R>, R> RankFit<B, R> for HNil {
    type Ok = B::Ok;
}
impl<H, T, B: ListRankFit<HCons<H, T>, R>, R> RankFit<B, R> for HCons<H, T> {
    type Ok = B::Ok;
}
/// The ranks of the tuple `A` and `Self` under the rule `R`.
pub trait ListRankFit<A, R> {
    /// The answer.
    type Ok;
}
impl<A, R> ListRankFit<A, R> for UTerm {
    type Ok = B1;
}
impl<A, R, XU_, XB_> ListRankFit<A, R> for UInt<XU_, XB_> {
    type Ok = B1;
}
impl<A: Len, R: Compare<A::Out, U0>> ListRankFit<A, R> for HNil {
    type Ok = R::Ok;
}
impl<A: Len, H, T, R> ListRankFit<A, R> for HCons<H, T>
where
    Self: Len,
    R: Compare<A::Out, <Self as Len>::Out>,
{
    type Ok = <R as Compare<A::Out, <Self as Len>::Out>>::Ok;
}
/// Compare the rank `LA` of the first operand with the rank `LB` of the second.
pub trait Compare<LA, LB> {
    /// The answer.
    type Ok;
}
impl<LA, LB: IsLessOrEqual<LA>> Compare<LA, LB> for PaddedRanks {
    type Ok = LeEq<LB, LA>;
}

macro_rules! binary_op {
    ($(#[$doc:meta])* $verb:ident, $noun:ident, $method:ident, $tree:ident, [$($op:ty)?]) => {
        $(#[$doc])*
        pub trait $verb<B> {
            /// The result.
            type Output: StaticIntTuple;
            #[doc = concat!("`", stringify!($method), "(self, b)` (see [`", stringify!($verb), "`]).")]
            #[inline(always)]
            fn $method(self, _b: B) -> Self::Output
            where
                Self: Sized,
            {
                Default::default()
            }
        }
        #[doc = concat!("The static tuple `", stringify!($method), "(A, B)`.")]
        pub type $noun<A, B> = <A as $verb<B>>::Output;
        impl<A: StaticIntTuple, B: StaticIntTuple> $verb<B> for A
        where
            A::Tree: $tree<$($op,)? B::Tree>,
            <A::Tree as $tree<$($op,)? B::Tree>>::Out: Spell,
            Spelled<<A::Tree as $tree<$($op,)? B::Tree>>::Out>: StaticIntTuple,
        {
            type Output = Spelled<<A::Tree as $tree<$($op,)? B::Tree>>::Out>;
        }
    };
    ($(#[$doc:meta])* $verb:ident, $noun:ident, $method:ident, $tree:ident, [$($op:ty)?],
     $rule:ty, $finish:ident, $diag:ident, $msg:literal) => {
        $(#[$doc])*
        pub trait $verb<B> {
            /// The result.
            type Output: StaticIntTuple;
            #[doc = concat!("`", stringify!($method), "(self, b)` (see [`", stringify!($verb), "`]).")]
            #[inline(always)]
            fn $method(self, _b: B) -> Self::Output
            where
                Self: Sized,
            {
                Default::default()
            }
        }
        #[doc = concat!("The static tuple `", stringify!($method), "(A, B)`.")]
        pub type $noun<A, B> = <A as $verb<B>>::Output;
        impl<A: StaticIntTuple, B: StaticIntTuple> $verb<B> for A
        where
            A::Tree: RankFit<B::Tree, $rule>,
            <A::Tree as RankFit<B::Tree, $rule>>::Ok: $finish<A, B>,
        {
            type Output = <<A::Tree as RankFit<B::Tree, $rule>>::Ok as $finish<A, B>>::Output;
        }
        #[doc = concat!("`", stringify!($method), "(A, B)` once the ranks fit (`Self`), else the error.")]
        pub trait $finish<A, B> {
            /// The result.
            type Output: StaticIntTuple;
        }
        impl<A: StaticIntTuple, B: StaticIntTuple> $finish<A, B> for B1
        where
            A::Tree: $tree<$($op,)? B::Tree>,
            <A::Tree as $tree<$($op,)? B::Tree>>::Out: Spell,
            Spelled<<A::Tree as $tree<$($op,)? B::Tree>>::Out>: StaticIntTuple,
        {
            type Output = Spelled<<A::Tree as $tree<$($op,)? B::Tree>>::Out>;
        }
        impl<A: StaticIntTuple, B> $finish<A, B> for B0
        where
            Violation: $diag<A, B>,
        {
            type Output = A;
        }
        #[doc = concat!("Raised when the ranks of the operands of `", stringify!($method), "` do not fit.")]
        #[diagnostic::on_unimplemented(message = $msg)]
        pub trait $diag<A, B> {}
    };
}

binary_op!(
    /// CuTe's `shape_div(a, b)`: integers divide rounding away from zero
    /// (`a / b` when `b | a`, `1` when `a | b`, a compile error otherwise);
    /// an integer divisor is divided out of a tuple's modes left to right
    /// (`(4,5,6) / 40 = (1,1,3)`); two tuples divide mode by mode (equal
    /// ranks); an integer by a tuple divides by the tuple's size.
    ///
    /// ```
    /// use cute_static::{C, algebra::ShapeDiv};
    /// static_assertions::assert_type_eq_all!(ShapeDiv<C<12>, C<4>>, C<3>);
    /// static_assertions::assert_type_eq_all!(ShapeDiv<C<4>, C<12>>, C<1>);
    /// static_assertions::assert_type_eq_all!(ShapeDiv<(C<8>, (C<3>, C<4>)), (C<2>, C<3>)>, (C<4>, (C<1>, C<4>)));
    /// ```
    ShapeDivide, ShapeDiv, shape_div, TreeDiv, [ShapeOp]
);
binary_op!(
    /// CuTe's `ceil_div(a, b)`: `⌈a / b⌉` on integers; the tuple forms fold
    /// as [`ShapeDivide`] does, and a divisor tuple may be shorter than the
    /// dividend (missing modes are 1).
    ///
    /// ```
    /// use cute_static::{C, algebra::CeilDiv};
    /// static_assertions::assert_type_eq_all!(CeilDiv<C<10>, C<4>>, C<3>);
    /// static_assertions::assert_type_eq_all!(CeilDiv<(C<10>, C<7>, C<3>), (C<4>, C<2>)>, (C<3>, C<4>, C<3>));
    /// static_assertions::assert_type_eq_all!(CeilDiv<(C<4>, C<6>), C<8>>, (C<1>, C<3>));
    /// ```
    CeilDivide, CeilDiv, ceil_div, TreeDiv, [CeilOp], PaddedRanks, CeilDivFinish, CeilDivRanks,
    "ceil_div is not admissible: the divisor {B} has more modes than the dividend {A}"
);
binary_op!(
    /// CuTe's `round_up(a, b)`: each leaf of `a` rounded up to a multiple of
    /// the matching leaf of `b` (a tuple `b` may be shorter: missing modes
    /// are 1); an integer and a tuple do not mix.
    ///
    /// ```
    /// use cute_static::{C, algebra::RoundedUp};
    /// static_assertions::assert_type_eq_all!(RoundedUp<C<10>, C<4>>, C<12>);
    /// static_assertions::assert_type_eq_all!(RoundedUp<(C<10>, (C<7>, C<3>)), (C<8>, (C<2>, C<2>))>, (C<16>, (C<8>, C<4>)));
    /// ```
    RoundUp, RoundedUp, round_up, TreeRoundUp, []
);
binary_op!(
    /// CuTe's `elem_scale(a, b)`: `a`'s profile, each leaf multiplied by the
    /// size of the matching mode of `b`.
    ///
    /// ```
    /// use cute_static::{C, algebra::ElemScaled};
    /// static_assertions::assert_type_eq_all!(ElemScaled<(C<2>, (C<3>, C<4>)), ((C<2>, C<2>), (C<5>, C<1>))>, (C<8>, (C<15>, C<4>)));
    /// static_assertions::assert_type_eq_all!(ElemScaled<C<3>, (C<2>, C<5>)>, C<30>);
    /// ```
    ElemScale, ElemScaled, elem_scale, TreeElemScale, []
);

/// CuTe's `product_each(a)`: the size of each mode of `a` as a flat tuple
/// (an integer is wrapped first: `product_each(7) = (7)`).
///
/// ```
/// use cute_static::{C, algebra::{ProductEach, ProductEachOf}, layout::IntTuple};
/// static_assertions::assert_type_eq_all!(
///     ProductEachOf<((C<2>, C<3>), C<4>, (C<5>, (C<1>, C<2>)))>,
///     (C<6>, C<4>, C<10>)
/// );
/// assert_eq!(C::<7>.product_each().to_dynamic().to_string(), "(7)");
/// ```
pub trait ProductEach {
    /// The flat tuple of mode sizes.
    type Output: StaticIntTuple;
    /// `product_each(self)` (see [`ProductEach`]).
    #[inline(always)]
    fn product_each(self) -> Self::Output
    where
        Self: Sized,
    {
        Default::default()
    }
}
/// The static tuple `product_each(A)`.
pub type ProductEachOf<A> = <A as ProductEach>::Output;
impl<A: StaticIntTuple> ProductEach for A
where
    A::Tree: TreeProductEach,
    <A::Tree as TreeProductEach>::Out: Spell,
    Spelled<<A::Tree as TreeProductEach>::Out>: StaticIntTuple,
{
    type Output = Spelled<<A::Tree as TreeProductEach>::Out>;
}

/// CuTe's `inner_product(a, b)`: `Σ aᵢ·bᵢ` over the leaves of two
/// congruent tuples, as a static integer and a constant.
///
/// ```
/// use cute_static::{C, algebra::{InnerProduct, InnerProductOf}};
/// static_assertions::assert_type_eq_all!(InnerProductOf<(C<2>, (C<3>, C<4>)), (C<1>, (C<10>, C<100>))>, C<432>);
/// assert_eq!(<(C<2>, C<3>) as InnerProduct<(C<4>, C<5>)>>::VALUE, 23);
/// ```
pub trait InnerProduct<B> {
    /// The sum, a static integer.
    type Output: StaticIntTuple;
    /// Its value.
    const VALUE: usize;
    /// `inner_product(self, b)` (see [`InnerProduct`]).
    #[inline(always)]
    fn inner_product(self, _b: B) -> Self::Output
    where
        Self: Sized,
    {
        Default::default()
    }
}
/// The static integer `inner_product(A, B)`.
pub type InnerProductOf<A, B> = <A as InnerProduct<B>>::Output;
impl<A: StaticIntTuple, B: StaticIntTuple> InnerProduct<B> for A
where
    A::Tree: TreeInner<B::Tree>,
    <A::Tree as TreeInner<B::Tree>>::Out: Spell,
    Spelled<<A::Tree as TreeInner<B::Tree>>::Out>: StaticIntTuple,
{
    type Output = Spelled<<A::Tree as TreeInner<B::Tree>>::Out>;
    const VALUE: usize = <Self::Output as StaticIntTuple>::SIZE;
}

/// CuTe's profile queries of two static tuples, as constants:
/// `congruent` (the same profile) and `compatible` (every coordinate of
/// shape `Self` is one of shape `B`: equal sizes at each leaf of `Self`).
///
/// ```
/// use cute_static::{C, algebra::Profile};
/// assert!(<((C<1>, C<2>), C<3>) as Profile<((C<5>, C<6>), C<7>)>>::CONGRUENT);
/// assert!(!<(C<1>, C<2>) as Profile<((C<1>, C<2>), C<3>)>>::CONGRUENT);
/// assert!(<C<30> as Profile<(C<2>, C<15>)>>::COMPATIBLE);
/// assert!(!<(C<2>, (C<3>, C<5>)) as Profile<(C<2>, C<15>)>>::COMPATIBLE);
/// ```
pub trait Profile<B> {
    /// `congruent(Self, B)`.
    const CONGRUENT: bool;
    /// `compatible(Self, B)`.
    const COMPATIBLE: bool;
}
impl<A: StaticIntTuple, B: StaticIntTuple> Profile<B> for A
where
    A::Tree: TreeCongruent<B::Tree> + TreeCompatible<B::Tree>,
{
    const CONGRUENT: bool = <<A::Tree as TreeCongruent<B::Tree>>::Out as Bit>::BOOL;
    const COMPATIBLE: bool = <<A::Tree as TreeCompatible<B::Tree>>::Out as Bit>::BOOL;
}

/// CuTe's `evenly_divides(shape, tiler)` as a constant: each mode of the
/// tiler divides the matching part of the shape with no remainder.
///
/// ```
/// use cute_static::{C, algebra::Divisibility};
/// assert!(<(C<4>, C<6>) as Divisibility<C<8>>>::EVENLY_DIVIDES);
/// assert!(!<(C<6>, C<4>) as Divisibility<C<8>>>::EVENLY_DIVIDES);
/// ```
pub trait Divisibility<T> {
    /// `evenly_divides(Self, T)`.
    const EVENLY_DIVIDES: bool;
}
impl<A: StaticIntTuple, T: StaticIntTuple> Divisibility<T> for A
where
    A::Tree: TreeEvenly<T::Tree>,
{
    const EVENLY_DIVIDES: bool = <<A::Tree as TreeEvenly<T::Tree>>::Out as Bit>::BOOL;
}

/// Holds when the two static tuples are congruent (usable in bounds).
///
/// # Examples
///
/// CuTe's `congruent(A, B)` as a bound: the same profile:
///
/// ```
/// use cute_static::prelude::*;
/// fn same_profile<A: cute_static::algebra::Congruent<B>, B>() {}
/// same_profile::<(C<1>, (C<2>, C<3>)), (C<4>, (C<5>, C<6>))>();
/// ```
pub trait Congruent<B> {}
impl<A: StaticIntTuple, B: StaticIntTuple> Congruent<B> for A
where
    <A::Tree as TreeCongruent<B::Tree>>::Out: CongruentAnswer<A, B>,
    A::Tree: TreeCongruent<B::Tree>,
{
}
/// The answer of `congruent(A, B)` is `true`.
#[diagnostic::on_unimplemented(
    message = "`{A}` and `{B}` are not congruent (they do not have the same profile)"
)]
pub trait CongruentAnswer<A, B> {}
impl<A, B> CongruentAnswer<A, B> for B1 {}

/// Holds when every coordinate of shape `Self` is one of shape `B` (usable in bounds).
///
/// # Examples
///
/// CuTe's `compatible(A, B)` as a bound: every coordinate of `A` is one of `B`:
///
/// ```
/// use cute_static::prelude::*;
/// fn compatible<A: cute_static::algebra::Compatible<B>, B>() {}
/// compatible::<C<30>, (C<2>, C<15>)>();
/// ```
pub trait Compatible<B> {}
impl<A: StaticIntTuple, B: StaticIntTuple> Compatible<B> for A
where
    A::Tree: TreeCompatible<B::Tree>,
    <A::Tree as TreeCompatible<B::Tree>>::Out: CompatibleAnswer<A, B>,
{
}
/// The answer of `compatible(A, B)` is `true`.
#[diagnostic::on_unimplemented(
    message = "`{A}` is not compatible with `{B}` (a leaf of the first is not the size of the matching mode of the second)"
)]
pub trait CompatibleAnswer<A, B> {}
impl<A, B> CompatibleAnswer<A, B> for B1 {}

/// Holds when the tiler `T` divides the shape `Self` evenly (usable in bounds).
///
/// # Examples
///
/// CuTe's `evenly_divides(shape, tiler)` as a bound:
///
/// ```
/// use cute_static::prelude::*;
/// fn divides<S: cute_static::algebra::EvenlyDivides<T>, T>() {}
/// divides::<(C<128>, C<64>), (C<32>, C<16>)>();
/// ```
pub trait EvenlyDivides<T> {}
impl<A: StaticIntTuple, T: StaticIntTuple> EvenlyDivides<T> for A
where
    A::Tree: TreeEvenly<T::Tree>,
    <A::Tree as TreeEvenly<T::Tree>>::Out: EvenlyAnswer<A, T>,
{
}
/// The answer of `evenly_divides(A, T)` is `true`.
#[diagnostic::on_unimplemented(
    message = "`{T}` does not divide `{A}` evenly (a tile would be partial)"
)]
pub trait EvenlyAnswer<A, T> {}
impl<A, T> EvenlyAnswer<A, T> for B1 {}
