//! Right inverse (SPEC §3): `R = right_inverse(L)` is the largest layout with
//! `L(R(i)) == i` for all `i < size(R)`. CuTe's algorithm: coalesce `L`,
//! visit its modes by increasing stride (ties as CuTe's exchange sort leaves
//! them), and map each mode whose stride equals the extent covered so far
//! back to its prefix product; coalesce the result.
//!
//! ```
//! use cute_static::{layout, Layout, RightInverse};
//! assert_eq!(layout!((4, 8):(8, 1)).right_inverse().to_string(), "(_8,_4):(_4,_1)");
//! static_assertions::assert_type_eq_all!(RightInverse<Layout![(15, 16):(1, 0)]>, Layout![15:1]);
//! ```

use core::ops::Mul;
use typenum::operator_aliases::{Eq, Le, Prod};
use typenum::{B0, B1, IsEqual, IsLess, U0, U1};

use crate::coalesce::CoalesceTree;
use crate::int_tuple::Spell;
use crate::layout::{FlatOf, Flatten, Layout, LayoutOf, StaticLayout, Unzip};
use crate::private::{Cat, Concat, HCons, HNil, If, Sel};

/// `right_inverse(L)`.
pub trait RightInvert {
    /// The right inverse.
    type Output: StaticLayout;
}
/// `RightInverse<L>`: coalesce, visit by stride, map back to prefix products.
impl<S, D> RightInvert for Layout<S, D>
where
    Self: StaticLayout,
    <Self as StaticLayout>::Tree: RightInverseTree,
    <<Self as StaticLayout>::Tree as RightInverseTree>::Out: Unzip,
    <<<Self as StaticLayout>::Tree as RightInverseTree>::Out as Unzip>::S: Spell,
    <<<Self as StaticLayout>::Tree as RightInverseTree>::Out as Unzip>::D: Spell,
    LayoutOf<<<Self as StaticLayout>::Tree as RightInverseTree>::Out>: StaticLayout,
{
    type Output = LayoutOf<<<Self as StaticLayout>::Tree as RightInverseTree>::Out>;
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
        Default::default()
    }
}

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
