//! `make_ordered_layout(S, O)` for static shapes and orders
//! (docs/semantics/algebra.md#more-layout-functions): the compact layout of shape
//! `S` whose leaves (or sub-shapes, laid out column-major inside) are placed
//! in increasing order of `O`, an order tuple weakly congruent to `S` — the
//! result and the law (`laws::check_make_ordered_layout`) of
//! `cute_dynamic::make_ordered_layout`. The sub-shape of order `o` starts at
//! the product of the sizes whose order is smaller; two sub-shapes of
//! size above 1 with the same order value, or an order not weakly
//! congruent to the shape, do not compile.
//!
//! ```
//! use cute_static::{C, Layout, algebra::{make_ordered_layout, OrderedLayout}};
//! let l = make_ordered_layout((C::<2>, C::<2>, C::<2>, C::<2>), (C::<0>, C::<2>, C::<3>, C::<1>));
//! assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
//! static_assertions::assert_type_eq_all!(
//!     OrderedLayout<((C<2>, C<3>), C<4>), (C<1>, C<0>)>,
//!     Layout![((2, 3), 4):((4, 8), 1)]
//! );
//! ```

use core::ops::{Add, Mul};
use typenum::operator_aliases::{Add1, Eq, Prod};
use typenum::{B0, B1, IsEqual, U0, U1, UInt, UTerm};

use crate::algebra::layout_like::{Below, TieFree};
use crate::data::int_tuple::{Spell, StaticIntTuple};
use crate::data::int_tuple_ops::{Leaf, SizeT, TSize};
use crate::data::layout::{Layout, StaticLayout};
use crate::private::{Cat, Concat, HCons, HNil, If, Sel, Violation};

/// `make_ordered_layout(Self, O)` for a static shape `Self` and order `O`.
///
/// # Examples
///
/// CuTe's `make_ordered_layout(shape, order)`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = make_ordered_layout((C::<2>, C::<2>, C::<2>, C::<2>), (C::<0>, C::<2>, C::<3>, C::<1>));
/// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
/// ```
pub trait MakeOrderedLayout<O> {
    /// The ordered layout.
    type Output: StaticLayout;
}
/// `make_ordered_layout(S, O)`.
pub type OrderedLayout<S, O> = <S as MakeOrderedLayout<O>>::Output;
/// `make_ordered_layout(shape, order)` (see [`MakeOrderedLayout`]).
#[inline(always)]
pub fn make_ordered_layout<S: MakeOrderedLayout<O>, O>(_shape: S, _order: O) -> S::Output {
    Default::default()
}
/// (Ties are looked for first, so an inadmissible order raises one error.)
impl<S: StaticIntTuple, O: StaticIntTuple> MakeOrderedLayout<O> for S
where
    S::Tree: Refs<O::Tree>,
    <S::Tree as Refs<O::Tree>>::Out: TieFree<<S::Tree as Refs<O::Tree>>::Out>,
    <<S::Tree as Refs<O::Tree>>::Out as TieFree<<S::Tree as Refs<O::Tree>>::Out>>::Out:
        OrderedFinish<S, O>,
{
    type Output = <<<S::Tree as Refs<O::Tree>>::Out as TieFree<<S::Tree as Refs<O::Tree>>::Out>>::Out as OrderedFinish<S, O>>::Output;
}
/// The layout when no two sub-shapes tie (`Self`), else the error.
pub trait OrderedFinish<S, O> {
    /// The layout.
    type Output: StaticLayout;
}
impl<S: StaticIntTuple, O: StaticIntTuple> OrderedFinish<S, O> for B1
where
    S::Tree: Refs<O::Tree> + Emit<O::Tree, <S::Tree as Refs<O::Tree>>::Out>,
    <S::Tree as Emit<O::Tree, <S::Tree as Refs<O::Tree>>::Out>>::Out: Spell,
    Layout<S, <<S::Tree as Emit<O::Tree, <S::Tree as Refs<O::Tree>>::Out>>::Out as Spell>::Out>:
        StaticLayout,
{
    type Output =
        Layout<S, <<S::Tree as Emit<O::Tree, <S::Tree as Refs<O::Tree>>::Out>>::Out as Spell>::Out>;
}
impl<S, O> OrderedFinish<S, O> for B0
where
    Violation: OrderTie<S, O>,
{
    type Output = Layout<crate::C<1>, crate::C<0>>;
}
/// Raised for two sub-shapes of size > 1 with the same order value.
#[diagnostic::on_unimplemented(
    message = "make_ordered_layout is not admissible: two sub-shapes of size > 1 of {S} have the same order value in {O}, so neither comes first",
    label = "the layout would not be compact"
)]
pub trait OrderTie<S, O> {}
/// Raised for an order that is not weakly congruent to the shape.
#[diagnostic::on_unimplemented(
    message = "make_ordered_layout is not admissible: the order {O} is not weakly congruent to the shape {S}",
    note = "the order has one value per leaf of the shape, or per whole sub-shape"
)]
pub trait OrderProfile<S, O> {}

/// The `(size, order + 1)` of each sub-shape of `Self` the order `O` names
/// (`+1` keeps every order value positive for [`Below`]).
pub trait Refs<O> {
    /// The list of pairs.
    type Out;
}
/// An order value: the whole sub-shape (`0` and positive values written
/// apart, so that rustc meets one candidate and reports errors by rule).
impl<S: TSize> Refs<UTerm> for S {
    type Out = HCons<(SizeT<S>, U1), HNil>;
}
/// A positive order value: the whole sub-shape.
impl<S: TSize, X, Bt> Refs<UInt<X, Bt>> for S
where
    UInt<X, Bt>: Add<B1>,
{
    type Out = HCons<(SizeT<S>, Add1<UInt<X, Bt>>), HNil>;
}
/// `()` orders nothing.
impl<S: RefsList<HNil>> Refs<HNil> for S {
    type Out = S::Out;
}
/// A tuple order: child by child.
impl<S: RefsList<HCons<H, T>>, H, T> Refs<HCons<H, T>> for S {
    type Out = S::Out;
}
/// The pairs of the shape `Self` under the tuple order `O`.
pub trait RefsList<O> {
    /// The list of pairs.
    type Out;
}
impl RefsList<HNil> for HNil {
    type Out = HNil;
}
impl<H, T, OH, OT> RefsList<HCons<OH, OT>> for HCons<H, T>
where
    H: Refs<OH>,
    T: RefsList<OT>,
    H::Out: Concat<T::Out>,
{
    type Out = Cat<H::Out, T::Out>;
}
/// A shape integer under a tuple order: an error.
impl<O: Spell> RefsList<O> for UTerm
where
    Violation: OrderProfile<crate::C<0>, O::Out>,
{
    type Out = HNil;
}
/// A shape integer under a tuple order: an error.
impl<O: Spell, X, Bt> RefsList<O> for UInt<X, Bt>
where
    UInt<X, Bt>: Spell,
    Violation: OrderProfile<<UInt<X, Bt> as Spell>::Out, O::Out>,
{
    type Out = HNil;
}
impl<H, T> RefsList<HNil> for HCons<H, T>
where
    Self: Spell,
    Violation: OrderProfile<<Self as Spell>::Out, ()>,
{
    type Out = HNil;
}
impl<OH, OT> RefsList<HCons<OH, OT>> for HNil
where
    HCons<OH, OT>: Spell,
    Violation: OrderProfile<(), <HCons<OH, OT> as Spell>::Out>,
{
    type Out = HNil;
}

/// The stride tree of the shape `Self` under the order `O`, given all pairs `R`.
pub trait Emit<O, R> {
    /// The stride tree.
    type Out;
}
/// An order value: column-major from the product of the smaller sub-shapes.
impl<S, O: Leaf + Add<B1>, R> Emit<O, R> for S
where
    R: Below<Add1<O>, U1, U0>,
    S: Compact<<R as Below<Add1<O>, U1, U0>>::Prod>,
{
    type Out = <S as Compact<<R as Below<Add1<O>, U1, U0>>::Prod>>::Out;
}
impl<R> Emit<HNil, R> for HNil {
    type Out = HNil;
}
impl<H, T, OH, OT, R> Emit<HCons<OH, OT>, R> for HCons<H, T>
where
    H: Emit<OH, R>,
    T: Emit<OT, R>,
{
    type Out = HCons<H::Out, T::Out>;
}
/// Column-major strides of a shape from `Cur` on (size-1 leaves get 0).
pub trait Compact<Cur> {
    /// The stride tree.
    type Out;
    /// The next stride.
    type Next;
}
impl<S: Leaf + IsEqual<U1>, Cur: Mul<S>> Compact<Cur> for S
where
    Eq<S, U1>: If<U0, Cur>,
{
    type Out = Sel<Eq<S, U1>, U0, Cur>;
    type Next = Prod<Cur, S>;
}
impl<Cur> Compact<Cur> for HNil {
    type Out = HNil;
    type Next = Cur;
}
impl<H: Compact<Cur>, T: Compact<H::Next>, Cur> Compact<Cur> for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
    type Next = T::Next;
}
