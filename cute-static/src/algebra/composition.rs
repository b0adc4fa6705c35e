//! Composition (docs/semantics/algebra.md#composition): `R = A ∘ B` satisfies `compatible(B, R)` and
//! `R(c) == A(B(c))` for every `c < size(B)`, `A` evaluated on its extended
//! domain.
//!
//! Each leaf `s:d` of `B` walks the modes of coalesced `A` (CuTe's algorithm
//! with both divisibility conditions enforced and the "stays inside one
//! mode" case accepted); a tuple `B` keeps its structure, which is only
//! correct when its leaves' images do not carry in `A`'s mixed radix (the
//! no-carry rule). A by-mode tiler composes mode by mode and drops `A`'s
//! modes it does not reach. An inadmissible composition does not compile;
//! the first line of the error names the rule and the numbers.
//!
//! ```
//! use cute_static::{layout, tiler, algebra::Composed, Layout};
//! let a = layout!((4, 6, 8, 10):(2, 3, 5, 7));
//! assert_eq!(a.compose(layout!(6:12)).to_string(), "(_2,_3):(_9,_5)");
//! // B stays inside one mode of A:
//! assert_eq!(layout!((8, 8):(8, 1)).compose(layout!(2:3)).to_string(), "_2:_24");
//! // A by-mode tiler:
//! assert_eq!(layout!((12, 8):(1, 12)).compose(tiler!(<3:4, 2:2>)).to_string(), "(_3,_2):(_4,_24)");
//! static_assertions::assert_type_eq_all!(Composed<Layout![(8,8):(8,1)], Layout![2:3]>, Layout![2:24]);
//! ```

use core::ops::{Add, BitOr, Mul, Sub};
use typenum::operator_aliases::{Add1, Eq, Le, Or, Prod, Sub1, Sum};
use typenum::{B1, Bit, IsEqual, IsLess, U0, U1, UInt, UTerm, Unsigned};

use crate::algebra::coalesce::{CoalesceTree, Unwrap};
use crate::data::int_tuple::Spell;
use crate::data::layout::{Layout, LayoutOf, StaticLayout, Unzip};
use crate::data::neg::{Negate, Negated, Ng};
use crate::data::tiler::{IntoTiler, TI, TL};
use crate::private::{
    Bind, Both, Cat, Concat, ConsR, DivRem, Err, FloorQuot, Fun, HCons, HNil, If, Ok, P, Pretty,
    QuotBy, RemOf, Sel, Then, Violation,
};

/// `A ∘ B` for a static layout or tiler `B`.
///
/// `Output` is what the composition returns: for a static [`Layout`] the
/// composed layout itself (a [`StaticLayout`]; an inadmissible composition
/// does not compile, so nothing is left to fail at run time); for an
/// operand with run-time values, such as a [`MixedLayout`](crate::MixedLayout),
/// a `Result` of its layout.
///
/// # Examples
///
/// CuTe's `composition(A, B)`, by a layout and by a tiler of modes:
///
/// ```
/// use cute_static::prelude::*;
/// let a = layout!((4, 6, 8, 10):(2, 3, 5, 7));
/// assert_eq!(a.compose(layout!(6:12)).to_string(), "(_2,_3):(_9,_5)");
/// let b = layout!((12, 8):(1, 12));
/// assert_eq!(b.compose(tiler!(<3:4, 2:2>)).to_string(), "(_3,_2):(_4,_24)");
/// ```
pub trait Compose<B> {
    /// The composed layout (a static layout, or a `Result` of a layout):
    /// usable as a layout through [`LayoutResult`](crate::LayoutResult).
    type Output: crate::kernel::layout::LayoutResult;
    /// `self ∘ b`.
    fn compose(&self, b: B) -> Self::Output;
}
/// `A ∘ B` for a static layout or tiler `B`: the tree of the result, or a
/// compile error naming the rule. (The obligations keep `B`'s normalised
/// tiler as their self type, so an operand type still being inferred is
/// merely ambiguous, never explored.)
impl<S, D, B> Compose<B> for Layout<S, D>
where
    Self: StaticLayout,
    B: IntoTiler,
    B::Norm: ComposeOnto<<Self as StaticLayout>::Tree>,
    <B::Norm as ComposeOnto<<Self as StaticLayout>::Tree>>::Out: Finish<Self, B>,
{
    type Output =
        <<B::Norm as ComposeOnto<<Self as StaticLayout>::Tree>>::Out as Finish<Self, B>>::Output;
    #[inline(always)]
    fn compose(&self, _b: B) -> Self::Output {
        Default::default()
    }
}
/// The composition `A ∘ B`.
pub type Composed<A, B> = <A as Compose<B>>::Output;

impl<S, D> Layout<S, D> {
    /// `self ∘ b` (see [`Compose`]).
    #[inline(always)]
    pub fn compose<B>(self, b: B) -> Composed<Self, B>
    where
        Self: Compose<B>,
    {
        <Self as Compose<B>>::compose(&self, b)
    }
}

/// Turn a total result into a layout, or raise its error (once, here).
pub trait Finish<A, B> {
    /// The layout (a placeholder after an error).
    type Output: StaticLayout + crate::kernel::layout::TensorLayout;
}
/// `Ok<tree>` is the layout of the tree.
impl<A, B, T> Finish<A, B> for Ok<T>
where
    T: Unzip,
    T::S: Spell,
    T::D: Spell,
    LayoutOf<T>: StaticLayout,
{
    type Output = LayoutOf<T>;
}
/// `Err<E>` reports `E`, which never holds.
impl<A, B, E: Report<A, B>> Finish<A, B> for Err<E> {
    type Output = Layout<crate::C<1>, crate::C<0>>;
}

/// An error payload, reported through a never-implemented diagnostic trait.
pub trait Report<A, B> {}

/// Stride divisibility failed at mode `I` of coalesced `A` (size `S`, rest stride `D`).
pub struct StrideErr<I, S, D>(core::marker::PhantomData<(I, S, D)>);
/// Shape divisibility failed at mode `I`: the rest shape `R` is not a multiple of `N`.
pub struct ShapeErr<I, R, N>(core::marker::PhantomData<(I, R, N)>);
/// The leaves of `B` carry at mode `I` of coalesced `A`: their digits sum to `Sum ≥ S`.
pub struct CarryErr<I, Sum, S>(core::marker::PhantomData<(I, Sum, S)>);
/// A tiler has more modes (`N`) than the layout it applies to.
pub struct RankErr<N>(core::marker::PhantomData<N>);

/// Raised for [`StrideErr`].
#[diagnostic::on_unimplemented(
    message = "composition is not admissible: stride divisibility fails at mode {I} of the coalesced left layout (its size {S} and the remaining stride {D} do not divide each other)",
    label = "neither {S} % {D} == 0 nor {D} % {S} == 0",
    note = "left layout:  {A}",
    note = "right layout: {B}",
    note = "each mode of the left layout that the right side crosses must have a size that divides, or is divided by, the remaining stride",
    note = "from a divide: logical_divide(A, B) = A ∘ (B, complement(B, size(A))) composes A with the tiler and its complement, so the failing part may be the complement"
)]
pub trait StrideDivisibility<A, B, I, S, D> {}
/// A stride-divisibility error is reported by name.
impl<A, B, I, S, D> Report<A, B> for StrideErr<I, S, D> where
    Violation: StrideDivisibility<A, B, I, S, D>
{
}

/// Raised for [`ShapeErr`].
#[diagnostic::on_unimplemented(
    message = "composition is not admissible: shape divisibility fails at mode {I} of the coalesced left layout (the remaining shape {R} is not a multiple of {N})",
    label = "{R} % {N} != 0",
    note = "left layout:  {A}",
    note = "right layout: {B}",
    note = "the right side must consume whole modes of the left layout: its remaining shape must be a multiple of the mode's size over the remaining stride",
    note = "from a divide: logical_divide(A, B) = A ∘ (B, complement(B, size(A))) composes A with the tiler and its complement, so the failing part may be the complement"
)]
pub trait ShapeDivisibility<A, B, I, R, N> {}
/// A shape-divisibility error is reported by name.
impl<A, B, I, R, N> Report<A, B> for ShapeErr<I, R, N> where
    Violation: ShapeDivisibility<A, B, I, R, N>
{
}

/// Raised for [`CarryErr`].
#[diagnostic::on_unimplemented(
    message = "composition is not admissible: the modes of the right side carry at mode {I} of the coalesced left layout (their largest digits sum to {Sum}, not below the mode's size {S})",
    label = "digit sum {Sum} >= mode size {S}",
    note = "left layout:  {A}",
    note = "right layout: {B}",
    note = "a right side with several modes is composed mode by mode, which is only correct when their images do not carry in the left layout's mixed radix",
    note = "from a divide: logical_divide(A, B) = A ∘ (B, complement(B, size(A))) composes A with the tiler and its complement, so the failing part may be the complement"
)]
pub trait NoCarry<A, B, I, Sum, S> {}
/// A carry error is reported by name.
impl<A, B, I, Sm, S> Report<A, B> for CarryErr<I, Sm, S> where Violation: NoCarry<A, B, I, Sm, S> {}

/// Raised for [`RankErr`].
#[diagnostic::on_unimplemented(
    message = "the tiler has more modes than the layout it applies to",
    label = "{N} tiler modes left over",
    note = "layout: {A}",
    note = "tiler:  {B}"
)]
pub trait TilerRank<A, B, N> {}
/// A rank error is reported by name.
impl<A, B, N> Report<A, B> for RankErr<N> where Violation: TilerRank<A, B, N> {}

/// `A ∘ Self` for a normalised tiler `Self` and `A`'s tree.
pub trait ComposeOnto<A> {
    /// `Ok<tree>` or the error.
    type Out;
}
/// A layout tiler: compose with the layout.
impl<A, BT> ComposeOnto<A> for TL<BT>
where
    ComposeTree<BT>: Fun<A>,
{
    type Out = <ComposeTree<BT> as Fun<A>>::Out;
}
/// An integer tile `n` composes as `n:1`.
impl<A, N> ComposeOnto<A> for TI<N>
where
    ComposeTree<(N, U1)>: Fun<A>,
{
    type Out = <ComposeTree<(N, U1)> as Fun<A>>::Out;
}
/// `_` keeps the mode unchanged.
impl<A> ComposeOnto<A> for crate::data::tiler::TS {
    type Out = Ok<A>;
}
/// A by-mode tiler composes `A`'s modes with its modes and drops the rest.
impl<A, TH, TT> ComposeOnto<A> for HCons<TH, TT>
where
    A: ModesOf,
    A::Out: ByModeCompose<HCons<TH, TT>>,
{
    type Out = <A::Out as ByModeCompose<HCons<TH, TT>>>::Out;
}

/// The top-level modes of a tree (a leaf is its own only mode).
pub trait ModesOf {
    /// The list of modes.
    type Out;
}
/// A leaf is its own only mode.
impl<S, D> ModesOf for (S, D) {
    type Out = HCons<(S, D), HNil>;
}
/// A tuple's modes are its children.
impl ModesOf for HNil {
    type Out = HNil;
}
/// A tuple's modes are its children.
impl<H, T> ModesOf for HCons<H, T> {
    type Out = Self;
}

/// Compose a list of `A`'s modes with a list of tilers, by position.
pub trait ByModeCompose<Ts> {
    /// `Ok<list>` or the first error.
    type Out;
}
/// No tilers left: `A`'s remaining modes are dropped.
impl<Ms> ByModeCompose<HNil> for Ms {
    type Out = Ok<HNil>;
}
/// Tilers left but no modes: a rank error.
impl<TH, TT: Len> ByModeCompose<HCons<TH, TT>> for HNil
where
    TT::Out: Add<B1>,
    Add1<TT::Out>: Pretty,
{
    type Out = Err<RankErr<P<Add1<TT::Out>>>>;
}
/// `(m :: ms) ∘ (t :: ts) = (m ∘ t) :: (ms ∘ ts)`.
impl<M, Ms, TH, TT> ByModeCompose<HCons<TH, TT>> for HCons<M, Ms>
where
    TH: ComposeOnto<M>,
    Ms: ByModeCompose<TT>,
    <TH as ComposeOnto<M>>::Out: ConsR<<Ms as ByModeCompose<TT>>::Out>,
{
    type Out = <<TH as ComposeOnto<M>>::Out as ConsR<<Ms as ByModeCompose<TT>>::Out>>::Out;
}

/// The length of a list, as a typenum integer.
pub trait Len {
    /// The length.
    type Out;
}
/// `len([]) = 0`.
impl Len for HNil {
    type Out = U0;
}
/// `len(h :: t) = 1 + len(t)`.
impl<H, T: Len> Len for HCons<H, T>
where
    T::Out: Add<B1>,
{
    type Out = Add1<T::Out>;
}

/// `A ∘ B` for the zipped tree `B` of a layout, as a function of `A`'s tree.
pub struct ComposeTree<B>(core::marker::PhantomData<B>);
/// Coalesce `A` (keeping its extension), compose every leaf of `B`, then
/// check the no-carry rule. A `B` with several non-trivial leaves (size > 1,
/// stride ≠ 0) among which a negative stride is rejected first, as in
/// cute-dynamic: their carries are not analysed.
impl<A, B> Fun<A> for ComposeTree<B>
where
    B: SignCheck,
    <B as SignCheck>::Out: Bind<ComposeChecked<A, B>>,
{
    type Out = Then<<B as SignCheck>::Out, ComposeChecked<A, B>>;
}
/// `A ∘ B` once `B` passed [`SignCheck`].
pub struct ComposeChecked<A, B>(core::marker::PhantomData<(A, B)>);
/// The leafwise composition and the no-carry rule.
impl<A, B> Fun<()> for ComposeChecked<A, B>
where
    A: CoalesceTree<typenum::B0>,
    B: LeafwiseCompose<<A as CoalesceTree<typenum::B0>>::Out>,
    <B as LeafwiseCompose<<A as CoalesceTree<typenum::B0>>::Out>>::Out:
        Bind<CheckCarry<<A as CoalesceTree<typenum::B0>>::Out>>,
{
    type Out = Then<
        <B as LeafwiseCompose<<A as CoalesceTree<typenum::B0>>::Out>>::Out,
        CheckCarry<<A as CoalesceTree<typenum::B0>>::Out>,
    >;
}

/// `Ok<()>` unless the tuple `B` has more than one non-trivial leaf and a
/// negative stride among them (a single leaf is always accepted).
pub trait SignCheck {
    /// `Ok<()>` or [`SeveralNegativeErr`].
    type Out;
}
/// A single leaf.
impl<S, D> SignCheck for (S, D) {
    type Out = Ok<()>;
}
/// A tuple: accepted at once without a negative stride (the common case,
/// a cheap walk over the leaves' stride types), else its non-trivial
/// leaves are counted.
impl<T> SignCheck for T
where
    T: crate::data::neg::TupleTree + crate::data::neg::HasNegative,
    crate::data::neg::AnyNegative<T>: SignGate<T>,
{
    type Out = <crate::data::neg::AnyNegative<T> as SignGate<T>>::Out;
}
/// The sign check of the tuple `T` given whether it has a negative stride.
pub trait SignGate<T> {
    /// `Ok<()>` or [`SeveralNegativeErr`].
    type Out;
}
/// No negative stride: nothing to check.
impl<T> SignGate<T> for typenum::B0 {
    type Out = Ok<()>;
}
/// A negative stride: count the non-trivial leaves.
impl<T> SignGate<T> for B1
where
    T: crate::data::layout::Flatten,
    crate::data::layout::FlatOf<T>: NonTrivial,
    <crate::data::layout::FlatOf<T> as NonTrivial>::Out: SignVerdict,
{
    type Out = <<crate::data::layout::FlatOf<T> as NonTrivial>::Out as SignVerdict>::Out;
}
/// The non-trivial leaves (size > 1, stride ≠ 0) of a flat list: how many
/// (saturated at two) and whether one of them has a negative stride.
pub trait NonTrivial {
    /// `(Count, Neg)`: `Count` one of `U0`, `U1`, `U2`; `Neg` a bit.
    type Out;
}
impl NonTrivial for HNil {
    type Out = (U0, typenum::B0);
}
/// A leaf of size 1 or stride 0 is trivial.
impl<S, D, T> NonTrivial for HCons<(S, D), T>
where
    T: NonTrivial,
    S: typenum::IsNotEqual<U1>,
    D: StrideSign,
    typenum::NotEq<S, U1>: core::ops::BitAnd<<D as StrideSign>::NonZero>,
    typenum::And<typenum::NotEq<S, U1>, <D as StrideSign>::NonZero>:
        CountLeaf<<D as StrideSign>::Neg, <T as NonTrivial>::Out>,
{
    type Out = <typenum::And<typenum::NotEq<S, U1>, <D as StrideSign>::NonZero> as CountLeaf<
        <D as StrideSign>::Neg,
        <T as NonTrivial>::Out,
    >>::Out;
}
/// Whether a stride is non-zero, and whether it is negative.
pub trait StrideSign {
    /// `B1` unless 0.
    type NonZero;
    /// `B1` for a negative stride.
    type Neg;
}
impl StrideSign for UTerm {
    type NonZero = typenum::B0;
    type Neg = typenum::B0;
}
impl<U, Bt> StrideSign for UInt<U, Bt> {
    type NonZero = typenum::B1;
    type Neg = typenum::B0;
}
impl<M> StrideSign for Ng<M> {
    type NonZero = typenum::B1;
    type Neg = typenum::B1;
}
/// Add one leaf (`Self` = whether it is non-trivial) to the count.
pub trait CountLeaf<Neg, Acc> {
    /// The new `(count, neg)`.
    type Out;
}
/// A trivial leaf changes nothing.
impl<Neg, Acc> CountLeaf<Neg, Acc> for typenum::B0 {
    type Out = Acc;
}
/// A non-trivial leaf counts (saturating at 2) and may be negative.
impl<Neg, K, N2> CountLeaf<Neg, (K, N2)> for typenum::B1
where
    K: Add<B1>,
    Add1<K>: typenum::Min<typenum::U2>,
    N2: BitOr<Neg>,
{
    type Out = (typenum::Minimum<Add1<K>, typenum::U2>, Or<N2, Neg>);
}
/// The verdict on `(count, neg)`.
pub trait SignVerdict {
    /// `Ok<()>` or the error.
    type Out;
}
impl<K> SignVerdict for (K, typenum::B0) {
    type Out = Ok<()>;
}
impl SignVerdict for (U0, B1) {
    type Out = Ok<()>;
}
impl SignVerdict for (U1, B1) {
    type Out = Ok<()>;
}
impl SignVerdict for (typenum::U2, B1) {
    type Out = Err<SeveralNegativeErr>;
}

/// A tuple right side with several non-trivial leaves and a negative
/// stride among them (cute-dynamic's `unsupported`).
pub struct SeveralNegativeErr;
/// Raised for [`SeveralNegativeErr`].
#[diagnostic::on_unimplemented(
    message = "composition is not supported: the right side has several modes and a negative stride among them, so its carries are not checked",
    label = "several non-trivial modes with a negative stride",
    note = "left layout:  {A}",
    note = "right layout: {B}",
    note = "a right side that is a single mode may have a negative stride; cute-dynamic rejects this case too (`unsupported`)"
)]
pub trait SeveralNegative<A, B> {}
/// Reported by name.
impl<A, B> Report<A, B> for SeveralNegativeErr where Violation: SeveralNegative<A, B> {}

/// Compose every leaf of `Self` (a zipped tree) with coalesced `A`'s modes
/// `Am`: `Ok<(tree, digits)>`, the digits summed over the leaves.
pub trait LeafwiseCompose<Am> {
    /// The result.
    type Out;
}
/// A leaf walks `A`'s modes.
impl<Am, S, D> LeafwiseCompose<Am> for (S, D)
where
    Am: ComposeLeaf<S, D>,
{
    type Out = <Am as ComposeLeaf<S, D>>::Out;
}
/// `()` composes to `()`.
impl<Am> LeafwiseCompose<Am> for HNil {
    type Out = Ok<(HNil, HNil)>;
}
/// A tuple composes child by child, digits summed.
impl<Am, H, T> LeafwiseCompose<Am> for HCons<H, T>
where
    H: LeafwiseCompose<Am>,
    T: LeafwiseCompose<Am>,
    H::Out: Both<T::Out>,
    <H::Out as Both<T::Out>>::Out: Bind<JoinModes>,
{
    type Out = Then<<H::Out as Both<T::Out>>::Out, JoinModes>;
}
/// `((h, dh), (t, dt)) ↦ Ok<(h :: t, dh + dt)>`.
pub struct JoinModes;
/// Prepend the child and add the digit lists.
impl<H, DH, T, DT> Fun<((H, DH), (T, DT))> for JoinModes
where
    DH: AddLists<DT>,
{
    type Out = Ok<(HCons<H, T>, <DH as AddLists<DT>>::Out)>;
}

/// Element-wise sum of two digit lists (a missing element is 0).
pub trait AddLists<R> {
    /// The sum.
    type Out;
}
/// `[] + r = r`.
impl<R> AddLists<R> for HNil {
    type Out = R;
}
/// `l + [] = l`.
impl<H, T> AddLists<HNil> for HCons<H, T> {
    type Out = Self;
}
/// `(a :: l) + (b :: r) = (a + b) :: (l + r)`.
impl<H, T, H2, T2> AddLists<HCons<H2, T2>> for HCons<H, T>
where
    H: Add<H2>,
    T: AddLists<T2>,
{
    type Out = HCons<Sum<H, H2>, <T as AddLists<T2>>::Out>;
}

/// The no-carry rule against coalesced `A`'s modes: every non-last mode's
/// digit sum is below its size.
pub struct CheckCarry<Am>(core::marker::PhantomData<Am>);
/// Check the digits, keep the tree.
impl<Am, Tree, Digits> Fun<(Tree, Digits)> for CheckCarry<Am>
where
    Digits: CarryCheck<Am, U0, Tree>,
{
    type Out = <Digits as CarryCheck<Am, U0, Tree>>::Out;
}
/// Check a digit list against modes, from index `I`: `Ok<Tree>` or the error.
pub trait CarryCheck<Am, I, Tree> {
    /// The result.
    type Out;
}
/// No digits left: no carry.
impl<Am, I, Tree> CarryCheck<Am, I, Tree> for HNil {
    type Out = Ok<Tree>;
}
/// Digit `x` against mode `(s, d)`: `x < s`, then the rest.
impl<X, T, S, D, Am, I, Tree> CarryCheck<HCons<(S, D), Am>, I, Tree> for HCons<X, T>
where
    X: IsLess<S>,
    Le<X, S>: CarryStep<X, T, S, Am, I, Tree>,
{
    type Out = <Le<X, S> as CarryStep<X, T, S, Am, I, Tree>>::Out;
}
/// The outcome of one digit check (`Self` = whether `x < s`).
pub trait CarryStep<X, T, S, Am, I, Tree> {
    /// The result.
    type Out;
}
/// `x < s`: check the rest.
impl<X, T, S, Am, I, Tree> CarryStep<X, T, S, Am, I, Tree> for B1
where
    I: Add<B1>,
    T: CarryCheck<Am, Add1<I>, Tree>,
{
    type Out = <T as CarryCheck<Am, Add1<I>, Tree>>::Out;
}
/// `x ≥ s`: a carry at mode `I`.
impl<X: Pretty, T, S: Pretty, Am, I: Pretty, Tree> CarryStep<X, T, S, Am, I, Tree> for typenum::B0 {
    type Out = Err<CarryErr<P<I>, P<X>, P<S>>>;
}

/// Compose coalesced `A`'s modes (`Self`) with one leaf `s:d`:
/// `Ok<(tree, digits)>` or the error.
pub trait ComposeLeaf<S, D> {
    /// The result.
    type Out;
}
/// `A` of one mode `(s0, d0)`: `s : d·d0`.
impl<S, D, S0, D0> ComposeLeaf<S, D> for HCons<(S0, D0), HNil>
where
    D: Mul<D0>,
{
    type Out = Ok<((S, Prod<D, D0>), HNil)>;
}
/// Stride 0: `s : 0`.
impl<S, M0, M1, T> ComposeLeaf<S, UTerm> for HCons<M0, HCons<M1, T>> {
    type Out = Ok<((S, U0), HNil)>;
}
/// A positive stride walks the modes.
impl<S, N: Unsigned, B: Bit, M0, M1, T> ComposeLeaf<S, UInt<N, B>> for HCons<M0, HCons<M1, T>>
where
    Self: Walk<U0, S, UInt<N, B>, Ok<(HNil, HNil)>>,
    <Self as Walk<U0, S, UInt<N, B>, Ok<(HNil, HNil)>>>::Out: Bind<FinishLeaf>,
{
    type Out = Then<<Self as Walk<U0, S, UInt<N, B>, Ok<(HNil, HNil)>>>::Out, FinishLeaf>;
}
/// A negative stride `−m` walks with `m` and carries the sign into every
/// stride it emits (CuTe's walk with `|d|`; the digits are those of `m`).
impl<S, M, M0, M1, T> ComposeLeaf<S, Ng<M>> for HCons<M0, HCons<M1, T>>
where
    Self: ComposeLeaf<S, M>,
    <Self as ComposeLeaf<S, M>>::Out: Bind<NegateLeaf>,
{
    type Out = Then<<Self as ComposeLeaf<S, M>>::Out, NegateLeaf>;
}
/// `(tree, digits) ↦ (−tree, digits)`: the strides of a leaf's result negated.
pub struct NegateLeaf;
/// Negate the strides of the leaf or flat tuple of leaves.
impl<Tr: NegateStrides, Ds> Fun<(Tr, Ds)> for NegateLeaf {
    type Out = Ok<(<Tr as NegateStrides>::Out, Ds)>;
}
/// The strides of a leaf or a flat list of leaves, negated.
pub trait NegateStrides {
    /// The negated tree.
    type Out;
}
/// A leaf `s:d` becomes `s:−d`.
impl<S, D: Negate> NegateStrides for (S, D) {
    type Out = (S, Negated<D>);
}
/// `−() = ()`.
impl NegateStrides for HNil {
    type Out = HNil;
}
/// Leaf by leaf.
impl<H: NegateStrides, T: NegateStrides> NegateStrides for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
}

/// `(modes, digits) ↦ (unwrap(modes), digits)`.
pub struct FinishLeaf;
/// Unwrap the emitted modes.
impl<Ms: Unwrap, Ds> Fun<(Ms, Ds)> for FinishLeaf {
    type Out = Ok<(<Ms as Unwrap>::Out, Ds)>;
}

/// The walk over `A`'s modes (`Self`, the remaining ones) at mode index `I`
/// with rest shape `Rs`, rest stride `Rd` and state `Ok<(emitted, digits)>`.
pub trait Walk<I, Rs, Rd, St> {
    /// `Ok<(emitted, digits)>` or the error.
    type Out;
}
/// An error stops the walk.
impl<L, I, Rs, Rd, E> Walk<I, Rs, Rd, Err<E>> for L {
    type Out = Err<E>;
}
/// The last mode `(sl, dl)`: emit `(rs, rd·dl)` if nothing was emitted or `rs ≠ 1`.
impl<I, Rs, Rd, Em, Dg, Sl, Dl> Walk<I, Rs, Rd, Ok<(Em, Dg)>> for HCons<(Sl, Dl), HNil>
where
    Rs: typenum::IsNotEqual<U1>,
    Em: crate::algebra::coalesce::IsNil,
    <Em as crate::algebra::coalesce::IsNil>::Out: BitOr<typenum::NotEq<Rs, U1>>,
    Rd: Mul<Dl>,
    Em: Concat<HCons<(Rs, Prod<Rd, Dl>), HNil>>,
    Or<<Em as crate::algebra::coalesce::IsNil>::Out, typenum::NotEq<Rs, U1>>:
        If<Cat<Em, HCons<(Rs, Prod<Rd, Dl>), HNil>>, Em>,
{
    type Out = Ok<(
        Sel<
            Or<<Em as crate::algebra::coalesce::IsNil>::Out, typenum::NotEq<Rs, U1>>,
            Cat<Em, HCons<(Rs, Prod<Rd, Dl>), HNil>>,
            Em,
        >,
        Dg,
    )>;
}
/// A non-last mode `(sr, dr)`: one step, then the rest with
/// `rd ← ⌈rd / sr⌉`.
impl<I, Rs, Rd, Em, Dg, Sr, Dr, M1, T> Walk<I, Rs, Rd, Ok<(Em, Dg)>>
    for HCons<(Sr, Dr), HCons<M1, T>>
where
    (Sr, Dr): Step<I, Rs, Rd>,
    Step2<Sr, Dr, I, Rs, Rd>: StepCase<Em, Dg>,
    I: Add<B1>,
    Rd: Add<Sr>,
    Sum<Rd, Sr>: Sub<B1>,
    Sr: QuotBy<Sub1<Sum<Rd, Sr>>>,
    HCons<M1, T>: Walk<
            Add1<I>,
            <Step2<Sr, Dr, I, Rs, Rd> as StepCase<Em, Dg>>::Rs,
            FloorQuot<Sub1<Sum<Rd, Sr>>, Sr>,
            <Step2<Sr, Dr, I, Rs, Rd> as StepCase<Em, Dg>>::St,
        >,
{
    type Out = <HCons<M1, T> as Walk<
        Add1<I>,
        <Step2<Sr, Dr, I, Rs, Rd> as StepCase<Em, Dg>>::Rs,
        FloorQuot<Sub1<Sum<Rd, Sr>>, Sr>,
        <Step2<Sr, Dr, I, Rs, Rd> as StepCase<Em, Dg>>::St,
    >>::Out;
}

/// The case of one step (see [`StepCase`]).
pub trait Step<I, Rs, Rd> {
    /// The case marker.
    type Case;
}
type Step2<Sr, Dr, I, Rs, Rd> = Case<<(Sr, Dr) as Step<I, Rs, Rd>>::Case, Sr, Dr, I, Rs, Rd>;
/// A step's case with its operands.
pub struct Case<K, Sr, Dr, I, Rs, Rd>(core::marker::PhantomData<(K, Sr, Dr, I, Rs, Rd)>);
/// `rest_shape = 1`, or a mode that is skipped: emit nothing.
pub struct Skip;
/// The rest of `B`'s image stays inside this mode.
pub struct Inside;
/// The mode is split: `n = sr / rd` of it is consumed.
pub struct Split;
/// Stride divisibility fails.
pub struct StrideFail;
/// Shape divisibility fails.
pub struct ShapeFail;

type Reach<Rs, Rd> = Prod<Sub1<Rs>, Rd>;
/// Select the case: skip if `rs = 1`; inside if `(rs-1)·rd < sr`; stride
/// failure unless `sr % rd = 0 or rd % sr = 0`; with `n = sr / rd` (or 1):
/// shape failure if `n > 1` and `rs % n ≠ 0`, split if `n > 1`, else skip.
/// Each test is a trait of its own, so that only the quantities the case
/// needs are computed (a remainder is a long division at compile time).
impl<Sr, Dr, I, Rs, Rd> Step<I, Rs, Rd> for (Sr, Dr)
where
    Rs: IsEqual<U1>,
    Eq<Rs, U1>: CaseRestOne<Sr, Rs, Rd>,
{
    type Case = <Eq<Rs, U1> as CaseRestOne<Sr, Rs, Rd>>::Case;
}
/// `rs = 1` (`Self`): skip; else test whether the image stays inside.
pub trait CaseRestOne<Sr, Rs, Rd> {
    /// The case marker.
    type Case;
}
/// `rs = 1`: skip.
impl<Sr, Rs, Rd> CaseRestOne<Sr, Rs, Rd> for B1 {
    type Case = Skip;
}
/// `rs ≠ 1`: inside if `(rs-1)·rd < sr`.
impl<Sr, Rs, Rd> CaseRestOne<Sr, Rs, Rd> for typenum::B0
where
    Rs: Sub<B1>,
    Sub1<Rs>: Mul<Rd>,
    Reach<Rs, Rd>: IsLess<Sr>,
    Le<Reach<Rs, Rd>, Sr>: CaseInside<Sr, Rs, Rd>,
{
    type Case = <Le<Reach<Rs, Rd>, Sr> as CaseInside<Sr, Rs, Rd>>::Case;
}
/// `(rs-1)·rd < sr` (`Self`): inside; else the divisibility tests.
pub trait CaseInside<Sr, Rs, Rd> {
    /// The case marker.
    type Case;
}
/// Inside.
impl<Sr, Rs, Rd> CaseInside<Sr, Rs, Rd> for B1 {
    type Case = Inside;
}
/// Not inside: `sr ≥ rd` divides `sr` by `rd`, else `rd` by `sr`.
impl<Sr, Rs, Rd> CaseInside<Sr, Rs, Rd> for typenum::B0
where
    Sr: IsLess<Rd>,
    Le<Sr, Rd>: CaseOrder<Sr, Rs, Rd>,
{
    type Case = <Le<Sr, Rd> as CaseOrder<Sr, Rs, Rd>>::Case;
}
/// `sr < rd` (`Self`): the stride test in the right order.
pub trait CaseOrder<Sr, Rs, Rd> {
    /// The case marker.
    type Case;
}
/// `sr < rd`: `sr % rd = sr ≠ 0`, so `n = 1`: skip if `rd % sr = 0`,
/// else a stride failure.
impl<Sr, Rs, Rd> CaseOrder<Sr, Rs, Rd> for B1
where
    Rd: DivRem<Sr>,
    RemOf<Rd, Sr>: IsEqual<U0>,
    Eq<RemOf<Rd, Sr>, U0>: If<Skip, StrideFail>,
{
    type Case = Sel<Eq<RemOf<Rd, Sr>, U0>, Skip, StrideFail>;
}
/// `sr ≥ rd`: `rd % sr = 0` only if `sr = rd`, which `sr % rd = 0` covers:
/// a stride failure unless `sr % rd = 0`, then `n = sr / rd`.
impl<Sr, Rs, Rd> CaseOrder<Sr, Rs, Rd> for typenum::B0
where
    Sr: DivRem<Rd>,
    RemOf<Sr, Rd>: IsEqual<U0>,
    Eq<RemOf<Sr, Rd>, U0>: CaseStride<<Sr as DivRem<Rd>>::Q, Rs>,
{
    type Case = <Eq<RemOf<Sr, Rd>, U0> as CaseStride<<Sr as DivRem<Rd>>::Q, Rs>>::Case;
}
/// Stride divisibility holds (`Self`) with `n = N`: split if `n > 1` and
/// `rs % n = 0`, a shape failure if `n > 1` otherwise, skip if `n = 1`.
pub trait CaseStride<N, Rs> {
    /// The case marker.
    type Case;
}
/// Stride divisibility fails.
impl<N, Rs> CaseStride<N, Rs> for typenum::B0 {
    type Case = StrideFail;
}
/// Stride divisibility holds: test `n`.
impl<N, Rs> CaseStride<N, Rs> for B1
where
    N: IsEqual<U1>,
    Eq<N, U1>: CaseSplit<N, Rs>,
{
    type Case = <Eq<N, U1> as CaseSplit<N, Rs>>::Case;
}
/// `n = 1` (`Self`): skip; else split or a shape failure.
pub trait CaseSplit<N, Rs> {
    /// The case marker.
    type Case;
}
/// `n = 1`: skip.
impl<N, Rs> CaseSplit<N, Rs> for B1 {
    type Case = Skip;
}
/// `n > 1`: split if `rs % n = 0`, else a shape failure.
impl<N, Rs> CaseSplit<N, Rs> for typenum::B0
where
    Rs: DivRem<N>,
    RemOf<Rs, N>: IsEqual<U0>,
    Eq<RemOf<Rs, N>, U0>: If<Split, ShapeFail>,
{
    type Case = Sel<Eq<RemOf<Rs, N>, U0>, Split, ShapeFail>;
}

/// What a step emits: the new rest shape and state.
pub trait StepCase<Em, Dg> {
    /// The new rest shape.
    type Rs;
    /// The new state.
    type St;
}
/// Skip: digit 0.
impl<Em, Dg, Sr, Dr, I, Rs, Rd> StepCase<Em, Dg> for Case<Skip, Sr, Dr, I, Rs, Rd>
where
    Dg: Concat<HCons<U0, HNil>>,
{
    type Rs = Rs;
    type St = Ok<(Em, Cat<Dg, HCons<U0, HNil>>)>;
}
/// Inside: emit `(rs, rd·dr)`, digit `(rs-1)·rd`, rest shape 1.
impl<Em, Dg, Sr, Dr, I, Rs, Rd> StepCase<Em, Dg> for Case<Inside, Sr, Dr, I, Rs, Rd>
where
    Rd: Mul<Dr>,
    Rs: Sub<B1>,
    Sub1<Rs>: Mul<Rd>,
    Em: Concat<HCons<(Rs, Prod<Rd, Dr>), HNil>>,
    Dg: Concat<HCons<Reach<Rs, Rd>, HNil>>,
{
    type Rs = U1;
    type St = Ok<(
        Cat<Em, HCons<(Rs, Prod<Rd, Dr>), HNil>>,
        Cat<Dg, HCons<Reach<Rs, Rd>, HNil>>,
    )>;
}
/// Split: emit `(n, rd·dr)`, digit `(n-1)·rd`, rest shape `rs / n`.
impl<Em, Dg, Sr, Dr, I, Rs, Rd> StepCase<Em, Dg> for Case<Split, Sr, Dr, I, Rs, Rd>
where
    Rd: QuotBy<Sr>,
    Rd: Mul<Dr>,
    FloorQuot<Sr, Rd>: Sub<B1>,
    Sub1<FloorQuot<Sr, Rd>>: Mul<Rd>,
    FloorQuot<Sr, Rd>: QuotBy<Rs>,
    Em: Concat<HCons<(FloorQuot<Sr, Rd>, Prod<Rd, Dr>), HNil>>,
    Dg: Concat<HCons<Prod<Sub1<FloorQuot<Sr, Rd>>, Rd>, HNil>>,
{
    type Rs = FloorQuot<Rs, FloorQuot<Sr, Rd>>;
    type St = Ok<(
        Cat<Em, HCons<(FloorQuot<Sr, Rd>, Prod<Rd, Dr>), HNil>>,
        Cat<Dg, HCons<Prod<Sub1<FloorQuot<Sr, Rd>>, Rd>, HNil>>,
    )>;
}
/// Stride divisibility failed.
impl<Em, Dg, Sr: Pretty, Dr, I: Pretty, Rs, Rd: Pretty> StepCase<Em, Dg>
    for Case<StrideFail, Sr, Dr, I, Rs, Rd>
{
    type Rs = Rs;
    type St = Err<StrideErr<P<I>, P<Sr>, P<Rd>>>;
}
/// Shape divisibility failed.
impl<Em, Dg, Sr, Dr, I: Pretty, Rs: Pretty, Rd> StepCase<Em, Dg>
    for Case<ShapeFail, Sr, Dr, I, Rs, Rd>
where
    Rd: QuotBy<Sr>,
    FloorQuot<Sr, Rd>: Pretty,
{
    type Rs = Rs;
    type St = Err<ShapeErr<P<I>, P<Rs>, P<FloorQuot<Sr, Rd>>>>;
}
