//! The layout of a register fragment like a layout (CuTe's
//! `make_fragment_like(layout)`, docs/semantics/algebra.md#more-layout-functions):
//! for a static shape of rank > 1, mode 0 is laid out compact column-major
//! first, and the leaves of the other modes follow it in the order of their
//! strides (`make_ordered_layout(take<1,R>(shape), take<1,R>(stride))`),
//! two leaves of equal stride in mode order; a rank-1 or integer shape is
//! laid out column-major. This is the result and the law
//! (`laws::check_make_fragment_like`) of `cute_dynamic::fragment_layout_like`.
//!
//! The source may be a [`MixedLayout`] with run-time strides (its shape must
//! be static, the fragment being static): as CuTe's `compact_order` does, a
//! run-time stride ranks above every static one, and run-time strides rank
//! among themselves left to right. Where the run-time strides are larger
//! than the static ones and increase left to right (every tile or
//! partition of a column-major tensor), this is the run-time function's
//! answer on the same values.
//!
//! ```
//! use cute_static::{layout, Dyn, algebra::FragmentLayout, Layout, layout::MixedLayout, C};
//! assert_eq!(layout!((4, (2, 3)):(3, (12, 1))).fragment_layout_like().to_string(), "(_4,(_2,_3)):(_1,(_12,_4))");
//! static_assertions::assert_type_eq_all!(
//!     FragmentLayout<Layout![(2, 4, 8):(1, 32, 4)]>,
//!     Layout![(2, 4, 8):(1, 16, 2)]
//! );
//! // A run-time stride ranks after the static ones.
//! let m = MixedLayout::new((C::<8>, (C::<2>, C::<2>)), (C::<1>, (Dyn(100), C::<4>)))?;
//! assert_eq!(m.fragment_layout_like().to_string(), "(_8,(_2,_2)):(_1,(_16,_8))");
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::ops::{Add, BitAnd, BitOr, Mul};
use typenum::operator_aliases::{Add1, And, Eq, Le, Or, Prod};
use typenum::{B1, IsEqual, IsLess, U0, U1, UInt, UTerm};

use crate::algebra::modes::{Spelt, SpeltOf};
use crate::algebra::ordered_layout::Compact;
use crate::algebra::recast::{LeafFn, MapLeaves};
use crate::data::int_tuple::{C, StaticInt, StaticIntTuple};
use crate::data::layout::{FlatOf, Flatten, Layout};
use crate::data::neg::{AnyNegative, HasNegative};
use crate::mixed::layout::{Dyn, MixedLayout};
use crate::private::{HCons, HNil, If, Sel};

/// `make_fragment_like(L)`'s layout for a layout `L` with a static shape
/// (see the module documentation).
///
/// # Examples
///
/// The layout of CuTe's `make_fragment_like`: mode 0 first, the others by their strides:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!((4, (2, 3)):(3, (12, 1)));
/// assert_eq!(l.fragment_layout_like().to_string(), "(_4,(_2,_3)):(_1,(_12,_4))");
/// ```
#[diagnostic::on_unimplemented(
    message = "no fragment layout can be made like `{Self}`: make_fragment_like needs a static shape",
    note = "a register fragment has a static size; tile the layout by a static tiler first"
)]
pub trait HasFragmentLayout {
    /// The fragment's compact layout.
    type Output: crate::StaticLayout;
}
/// `make_fragment_like(L)`'s layout.
pub type FragmentLayout<L> = <L as HasFragmentLayout>::Output;

/// A layout with a negative stride is refused (its order keys are the
/// strides as non-negative integers).
impl<S, D> HasFragmentLayout for Layout<S, D>
where
    Self: crate::StaticLayout,
    <Self as crate::StaticLayout>::Tree: HasNegative,
    AnyNegative<<Self as crate::StaticLayout>::Tree>: FragGate<S, D>,
{
    type Output = <AnyNegative<<Self as crate::StaticLayout>::Tree> as FragGate<S, D>>::Output;
}
/// The fragment layout of `S:D` unless `Self` (a negative stride) is `B1`.
pub trait FragGate<S, D> {
    /// The fragment's compact layout.
    type Output: crate::StaticLayout;
}
impl<S, D> FragGate<S, D> for typenum::B1
where
    crate::private::Violation: FragmentLikeNonNegative<Layout<S, D>>,
{
    type Output = Layout<crate::C<1>, crate::C<0>>;
}
impl<S, D> FragGate<S, D> for typenum::B0
where
    S: StaticIntTuple,
    D: OrderKeys,
    S::Tree: FragTree<D::Out>,
    <S::Tree as FragTree<D::Out>>::Out: Spelt,
{
    type Output = SpeltOf<<S::Tree as FragTree<D::Out>>::Out>;
}
/// Raised for a layout with a negative stride.
#[diagnostic::on_unimplemented(
    message = "make_fragment_like needs non-negative strides in a static layout: {L} has a negative stride",
    note = "the fragment's order is taken from the strides, which the static crate compares as non-negative integers"
)]
pub trait FragmentLikeNonNegative<L> {}
impl<S, D> HasFragmentLayout for MixedLayout<S, D>
where
    S: StaticIntTuple,
    D: OrderKeys,
    S::Tree: FragTree<D::Out>,
    <S::Tree as FragTree<D::Out>>::Out: Spelt,
{
    type Output = SpeltOf<<S::Tree as FragTree<D::Out>>::Out>;
}

impl<S, D> Layout<S, D> {
    /// `make_fragment_like(self)`'s layout (see [`HasFragmentLayout`]).
    #[inline(always)]
    pub fn fragment_layout_like(self) -> FragmentLayout<Self>
    where
        Self: HasFragmentLayout,
    {
        Default::default()
    }
}
impl<S, D> MixedLayout<S, D> {
    /// `make_fragment_like(self)`'s layout (see [`HasFragmentLayout`]): a
    /// static layout.
    #[inline(always)]
    pub fn fragment_layout_like(&self) -> FragmentLayout<Self>
    where
        Self: HasFragmentLayout,
    {
        Default::default()
    }
}

/// The order key of each stride leaf: `(U0, d)` for a static `d`, `(U1, U0)`
/// for a run-time one (above every static key; equal run-time keys are
/// ordered by position), as a tree of lists like the shape's.
pub trait OrderKeys {
    /// The key tree.
    type Out;
}
impl<const N: usize> OrderKeys for C<N>
where
    C<N>: StaticInt,
{
    type Out = (U0, <C<N> as StaticInt>::Tn);
}
impl OrderKeys for UTerm {
    type Out = (U0, UTerm);
}
impl<X, B> OrderKeys for UInt<X, B> {
    type Out = (U0, UInt<X, B>);
}
impl OrderKeys for Dyn {
    type Out = (U1, U0);
}
impl OrderKeys for () {
    type Out = HNil;
}
macro_rules! order_keys {
    ($($T:ident),+) => {
        /// A tuple: the children's keys.
        impl<$($T: OrderKeys),+> OrderKeys for ($($T,)+) {
            type Out = crate::data::int_tuple::hlist!($($T::Out),+);
        }
    };
}
crate::data::int_tuple::arities!(order_keys; (T0), (T1), (T2), (T3), (T4), (T5), (T6), (T7));

/// The fragment's zipped tree of the shape tree `Self` under the key tree `K`.
pub trait FragTree<K> {
    /// The zipped `(shape, stride)` tree.
    type Out;
}
/// An integer shape: column-major.
impl<K> FragTree<K> for UTerm {
    type Out = (UTerm, <UTerm as Compact<U1>>::Out);
}
/// An integer shape: column-major.
impl<K, X, B> FragTree<K> for UInt<X, B>
where
    UInt<X, B>: Compact<U1>,
{
    type Out = (UInt<X, B>, <UInt<X, B> as Compact<U1>>::Out);
}
/// `()`: `():()`.
impl FragTree<HNil> for HNil {
    type Out = HNil;
}
/// Mode 0 column-major, then the other modes' leaves in key order, their
/// strides scaled by the size of mode 0.
impl<H, T, KH, KT> FragTree<HCons<KH, KT>> for HCons<H, T>
where
    H: Compact<U1> + ZipTree<<H as Compact<U1>>::Out>,
    T: ZipTree<KT>,
    <T as ZipTree<KT>>::Out: Number<U0>,
    <<T as ZipTree<KT>>::Out as Number<U0>>::Out: Flatten
        + MapLeaves<
            FragLeaf<
                FlatOf<<<T as ZipTree<KT>>::Out as Number<U0>>::Out>,
                <H as Compact<U1>>::Next,
            >,
        >,
{
    type Out = HCons<
        <H as ZipTree<<H as Compact<U1>>::Out>>::Out,
        <<<T as ZipTree<KT>>::Out as Number<U0>>::Out as MapLeaves<
            FragLeaf<
                FlatOf<<<T as ZipTree<KT>>::Out as Number<U0>>::Out>,
                <H as Compact<U1>>::Next,
            >,
        >>::Out,
    >;
}

/// The shape tree `Self` zipped with a congruent tree `K`: leaves `(s, k)`.
pub trait ZipTree<K> {
    /// The zipped tree.
    type Out;
}
impl<K> ZipTree<K> for UTerm {
    type Out = (UTerm, K);
}
impl<K, X, B> ZipTree<K> for UInt<X, B> {
    type Out = (UInt<X, B>, K);
}
impl ZipTree<HNil> for HNil {
    type Out = HNil;
}
impl<H: ZipTree<KH>, T: ZipTree<KT>, KH, KT> ZipTree<HCons<KH, KT>> for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
}

/// Each leaf `(s, (c, v))` of a zipped tree numbered from `P` on:
/// `(s, (c, v, p))`.
pub trait Number<P> {
    /// The numbered tree.
    type Out;
    /// The next number.
    type Next;
}
impl<P: Add<B1>, S, Cl, V> Number<P> for (S, (Cl, V)) {
    type Out = (S, (Cl, V, P));
    type Next = Add1<P>;
}
impl<P> Number<P> for HNil {
    type Out = HNil;
    type Next = P;
}
impl<P, H: Number<P>, T: Number<H::Next>> Number<P> for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
    type Next = T::Next;
}

/// The fragment stride of a numbered leaf, given all numbered leaves `Flat`
/// and the size `N0` of mode 0.
pub struct FragLeaf<Flat, N0>(core::marker::PhantomData<(Flat, N0)>);
/// `(s, k) ↦ (s, 0)` for `s = 1`, else `(s, N0 · Π s'` over the leaves of
/// smaller key`)`.
impl<Flat, N0, S, Cl, V, P> LeafFn<S, (Cl, V, P)> for FragLeaf<Flat, N0>
where
    S: IsEqual<U1>,
    Flat: ProdBelow<(Cl, V, P), U1>,
    N0: Mul<<Flat as ProdBelow<(Cl, V, P), U1>>::Out>,
    Eq<S, U1>: If<U0, Prod<N0, <Flat as ProdBelow<(Cl, V, P), U1>>::Out>>,
{
    type Out = (
        S,
        Sel<Eq<S, U1>, U0, Prod<N0, <Flat as ProdBelow<(Cl, V, P), U1>>::Out>>,
    );
}

/// The product (times `Acc`) of the sizes of the leaves of `Self` whose key
/// is below `K`.
pub trait ProdBelow<K, Acc> {
    /// The product.
    type Out;
}
impl<K, Acc> ProdBelow<K, Acc> for HNil {
    type Out = Acc;
}
impl<K, Acc, S2, K2, T> ProdBelow<K, Acc> for HCons<(S2, K2), T>
where
    K2: KeyLess<K>,
    Acc: Mul<S2>,
    <K2 as KeyLess<K>>::Out: If<Prod<Acc, S2>, Acc>,
    T: ProdBelow<K, Sel<<K2 as KeyLess<K>>::Out, Prod<Acc, S2>, Acc>>,
{
    type Out = <T as ProdBelow<K, Sel<<K2 as KeyLess<K>>::Out, Prod<Acc, S2>, Acc>>>::Out;
}

/// Whether the key `Self` is below `K` (lexicographic on `(class, value,
/// position)`).
pub trait KeyLess<K> {
    /// `B1` when below.
    type Out;
}
impl<C2, V2, P2, Cl, V, P> KeyLess<(Cl, V, P)> for (C2, V2, P2)
where
    P2: IsLess<P>,
    V2: LessThen<V, Le<P2, P>>,
    C2: LessThen<Cl, <V2 as LessThen<V, Le<P2, P>>>::Out>,
{
    type Out = <C2 as LessThen<Cl, <V2 as LessThen<V, Le<P2, P>>>::Out>>::Out;
}
/// `Self < A`, or `Self == A` and `Then`.
pub trait LessThen<A, Then> {
    /// The bit.
    type Out;
}
impl<A2, A, Then> LessThen<A, Then> for A2
where
    A2: IsLess<A> + IsEqual<A>,
    Eq<A2, A>: BitAnd<Then>,
    Le<A2, A>: BitOr<And<Eq<A2, A>, Then>>,
{
    type Out = Or<Le<A2, A>, And<Eq<A2, A>, Then>>;
}
