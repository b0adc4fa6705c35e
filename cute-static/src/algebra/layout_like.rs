//! `make_layout_like(L)` for a static layout (docs/semantics/algebra.md#more-layout-functions):
//! the compact layout with `L`'s shape whose leaves are laid out in the
//! order of `L`'s strides, stride-0 and size-1 leaves at stride 0 (CuTe's
//! `compact_order(filter_zeros(stride, shape), stride)`) — the result and
//! the law (`laws::check_make_layout_like`) of
//! `cute_dynamic::make_layout_like`. Leaves of size > 1 with the same
//! non-zero stride share one stride, the product of the sizes of the
//! leaves of smaller stride (CuTe's answer, as at run time: `(4,8):(1,1)`
//! stays `(4,8):(1,1)`). Strides are ordered as signed integers, so a
//! negative stride comes first (as at run time and in CuTe).
//!
//! ```
//! use cute_static::{layout, Layout, algebra::LayoutLike};
//! assert_eq!(layout!((2, 3, 4, 5):(0, 42, 1, 0)).make_layout_like().to_string(), "(_2,_3,_4,_5):(_0,_4,_1,_0)");
//! assert_eq!(layout!((8, 4):(-1, 8)).make_layout_like().to_string(), "(_8,_4):(_1,_8)");
//! assert_eq!(layout!((4, 2, 3):(-2, -8, 1)).make_layout_like().to_string(), "(_4,_2,_3):(_2,_1,_8)");
//! assert_eq!(layout!((4, 8, 2):(1, 1, 7)).make_layout_like().to_string(), "(_4,_8,_2):(_1,_1,_32)");
//! static_assertions::assert_type_eq_all!(
//!     LayoutLike<Layout![((2, 3), 4):((1, 40), 3)]>,
//!     Layout![((2, 3), 4):((1, 8), 2)]
//! );
//! ```

use core::ops::{BitAnd, BitOr, Mul};
use typenum::operator_aliases::{And, Eq, Le, Or, Prod};
use typenum::{B0, B1, IsEqual, IsLess, U0, U1};

use crate::algebra::modes::{Spelt, SpeltOf};
use crate::algebra::recast::{LeafFn, MapLeaves};
use crate::data::layout::{FlatOf, Flatten, Layout, StaticLayout};
use crate::private::{HCons, HNil, If, Sel};

/// `make_layout_like(L)`, for every static layout `L`.
///
/// # Examples
///
/// CuTe's `make_layout_like(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!((2, 3, 4, 5):(0, 42, 1, 0));
/// assert_eq!(l.make_layout_like().to_string(), "(_2,_3,_4,_5):(_0,_4,_1,_0)");
/// ```
pub trait MakeLayoutLike {
    /// The compact layout like `L`.
    type Output: StaticLayout;
}
/// `make_layout_like(L)`.
pub type LayoutLike<L> = <L as MakeLayoutLike>::Output;
/// The leaves are laid out in the order of their strides (signed: a
/// negative stride comes before the others, as cute-dynamic and CuTe order
/// them); leaves of one stride share the product of the sizes below it.
impl<S, D> MakeLayoutLike for Layout<S, D>
where
    Self: StaticLayout,
    <Self as StaticLayout>::Tree: Flatten + MapLeaves<LikeLeaf<FlatOf<<Self as StaticLayout>::Tree>>>,
    <<Self as StaticLayout>::Tree as MapLeaves<LikeLeaf<FlatOf<<Self as StaticLayout>::Tree>>>>::Out:
        Spelt,
{
    type Output = SpeltOf<
        <<Self as StaticLayout>::Tree as MapLeaves<LikeLeaf<FlatOf<<Self as StaticLayout>::Tree>>>>::Out,
    >;
}
/// Whether every ordered leaf of `Self` (a part of `Flat`) has a stride no
/// other ordered leaf of `Flat` has.
pub trait TieFree<Flat> {
    /// `B1` when there is no tie.
    type Out;
}
impl<Flat> TieFree<Flat> for HNil {
    type Out = B1;
}
impl<Flat, S, D, T> TieFree<Flat> for HCons<(S, D), T>
where
    S: IsEqual<U1>,
    D: IsEqual<U0>,
    Eq<S, U1>: BitOr<Eq<D, U0>>,
    Or<Eq<S, U1>, Eq<D, U0>>: LeafTieFree<Flat, D>,
    T: TieFree<Flat>,
    <Or<Eq<S, U1>, Eq<D, U0>> as LeafTieFree<Flat, D>>::Out: BitAnd<T::Out>,
{
    type Out = And<<Or<Eq<S, U1>, Eq<D, U0>> as LeafTieFree<Flat, D>>::Out, T::Out>;
}
/// Whether one leaf of stride `D` is tie-free (`Self` = whether it is unordered).
pub trait LeafTieFree<Flat, D> {
    /// `B1` when there is no tie.
    type Out;
}
impl<Flat, D> LeafTieFree<Flat, D> for B1 {
    type Out = B1;
}
impl<Flat: Below<D, U1, U0>, D> LeafTieFree<Flat, D> for B0
where
    <Flat as Below<D, U1, U0>>::Ties: IsEqual<U1>,
{
    type Out = Eq<<Flat as Below<D, U1, U0>>::Ties, U1>;
}

impl<S, D> Layout<S, D> {
    /// `make_layout_like(self)` (see [`MakeLayoutLike`]).
    #[inline(always)]
    pub fn make_layout_like(self) -> LayoutLike<Self>
    where
        Self: MakeLayoutLike,
    {
        Default::default()
    }
}

/// The new leaf of `(s, d)` given all leaves `Flat` of the layout.
pub struct LikeLeaf<Flat>(core::marker::PhantomData<Flat>);
/// `(s, d) ↦ (s, 0)` if `d = 0` or `s = 1`, else `(s, Π s'` over the
/// ordered leaves of smaller stride`)`.
impl<Flat, S, D> LeafFn<S, D> for LikeLeaf<Flat>
where
    S: IsEqual<U1>,
    D: IsEqual<U0>,
    Eq<S, U1>: BitOr<Eq<D, U0>>,
    Or<Eq<S, U1>, Eq<D, U0>>: LikeCase<Flat, S, D>,
{
    type Out = (S, <Or<Eq<S, U1>, Eq<D, U0>> as LikeCase<Flat, S, D>>::Out);
}
/// The stride of a leaf (`Self` = whether it is unordered: size 1 or stride 0).
pub trait LikeCase<Flat, S, D> {
    /// The new stride.
    type Out;
}
/// Unordered: stride 0.
impl<Flat, S, D> LikeCase<Flat, S, D> for B1 {
    type Out = U0;
}
/// Ordered: the product of the ordered leaves of smaller stride (a tied
/// leaf's own size is not in it, so tied leaves share the stride).
impl<Flat, S, D> LikeCase<Flat, S, D> for B0
where
    Flat: Below<D, U1, U0>,
{
    type Out = <Flat as Below<D, U1, U0>>::Prod;
}
/// Product of the sizes of the ordered leaves with stride below `D`
/// (accumulated in `Acc`), and the number of ordered leaves with stride `D`
/// (accumulated in `N`).
pub trait Below<D, Acc, N> {
    /// The product.
    type Prod;
    /// The number of ordered leaves of stride `D`.
    type Ties;
}
impl<D, Acc, N> Below<D, Acc, N> for HNil {
    type Prod = Acc;
    type Ties = N;
}
/// Whether the leaf `S2:D2` is ordered (neither of size 1 nor of stride 0).
type Ordered<S2, D2> = <Or<Eq<S2, U1>, Eq<D2, U0>> as core::ops::Not>::Output;
/// `Acc·S2` where the leaf `S2:D2` is ordered with a stride below `D`, else
/// `Acc`.
type AccBelow<S2, D2, D, Acc> = Sel<And<Ordered<S2, D2>, Le<D2, D>>, Prod<Acc, S2>, Acc>;
/// `N + 1` where the leaf `S2:D2` is ordered with the stride `D`, else `N`.
type TiesAt<S2, D2, D, N> = Sel<And<Ordered<S2, D2>, Eq<D2, D>>, typenum::Add1<N>, N>;
impl<D, Acc, N, S2, D2, T> Below<D, Acc, N> for HCons<(S2, D2), T>
where
    S2: IsEqual<U1>,
    D2: IsEqual<U0> + IsLess<D> + IsEqual<D>,
    Eq<S2, U1>: BitOr<Eq<D2, U0>>,
    Or<Eq<S2, U1>, Eq<D2, U0>>: core::ops::Not,
    Ordered<S2, D2>: BitAnd<Le<D2, D>> + BitAnd<Eq<D2, D>>,
    Acc: Mul<S2>,
    N: core::ops::Add<B1>,
    And<Ordered<S2, D2>, Le<D2, D>>: If<Prod<Acc, S2>, Acc>,
    And<Ordered<S2, D2>, Eq<D2, D>>: If<typenum::Add1<N>, N>,
    T: Below<D, AccBelow<S2, D2, D, Acc>, TiesAt<S2, D2, D, N>>,
{
    type Prod = <T as Below<D, AccBelow<S2, D2, D, Acc>, TiesAt<S2, D2, D, N>>>::Prod;
    type Ties = <T as Below<D, AccBelow<S2, D2, D, Acc>, TiesAt<S2, D2, D, N>>>::Ties;
}
