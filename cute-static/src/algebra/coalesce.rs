//! Coalesce (docs/semantics/algebra.md#coalesce): `R = coalesce(L)` has the same size as `L`, depth at
//! most 1, `R(i) == L(i)` for every `i < size(L)`, and the fewest modes.
//! CuTe's back-to-front walk: size-1 modes are dropped and `(s0,d0)`
//! followed by `(s1,d1)` with `s0·d0 == d1` merge into `(s0·s1, d0)`; no
//! mode left gives `1:0`, one mode is unwrapped to an integer mode.
//!
//! ```
//! use cute_static::{layout, algebra::Coalesced, Layout};
//! let l = layout!((2, (1, 6)):(1, (6, 2)));
//! assert_eq!(l.coalesce().to_string(), "_12:_1");
//! static_assertions::assert_type_eq_all!(Coalesced<Layout![(4, 1, 2):(1, 9, 4)]>, Layout![8:1]);
//! ```

use core::ops::Mul;
use typenum::operator_aliases::{And, Eq, Prod};
use typenum::{B0, B1, IsEqual, U0, U1};

use crate::data::int_tuple::Spell;
use crate::data::layout::{FlatOf, Flatten, Layout, LayoutOf, StaticLayout, Unzip};
use crate::private::{HCons, HNil, If, Rev, RevOnto, Sel};

/// `coalesce(L)`: the fewest modes with the same function on `L`'s domain.
///
/// # Examples
///
/// CuTe's `coalesce(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!((2, (1, 6)):(1, (6, 2))).coalesce().to_string(), "_12:_1");
/// ```
pub trait Coalesce {
    /// The coalesced layout.
    type Output: StaticLayout;
    /// `coalesce(self)`.
    #[inline(always)]
    fn coalesce(&self) -> Self::Output {
        Default::default()
    }
}
/// `Coalesced<L>` is `L`'s leaves coalesced back to front.
impl<S, D> Coalesce for Layout<S, D>
where
    Self: StaticLayout,
    <Self as StaticLayout>::Tree: CoalesceTree<B1>,
    CoalescedTree<<Self as StaticLayout>::Tree>: Unzip,
    <CoalescedTree<<Self as StaticLayout>::Tree> as Unzip>::S: Spell,
    <CoalescedTree<<Self as StaticLayout>::Tree> as Unzip>::D: Spell,
    LayoutOf<CoalescedTree<<Self as StaticLayout>::Tree>>: StaticLayout,
{
    type Output = LayoutOf<CoalescedTree<<Self as StaticLayout>::Tree>>;
}
/// The coalesced layout `coalesce(L)`.
pub type Coalesced<L> = <L as Coalesce>::Output;

impl<S, D> Layout<S, D> {
    /// `coalesce(self)` (see [`Coalesce`]).
    #[inline(always)]
    pub fn coalesce(self) -> Coalesced<Self>
    where
        Self: Coalesce,
    {
        Default::default()
    }
}

/// The coalesced tree (a leaf or a flat tuple) of a zipped tree.
pub type CoalescedTree<T> = <T as CoalesceTree<B1>>::Out;

/// Coalesce a zipped tree: `DropUnit = B1` is CuTe's `coalesce`, `DropUnit =
/// B0` keeps the last mode even of size 1 (the extension composition needs)
/// and returns the flat list of modes instead of a tree. The switch has the
/// same name and polarity as cute-dynamic's `drop_unit`.
pub trait CoalesceTree<DropUnit> {
    /// The result.
    type Out;
}
/// `coalesce(L) = unwrap(fix(walk(reverse(flatten(L)))))`.
impl<T, DropUnit> CoalesceTree<DropUnit> for T
where
    T: Flatten,
    FlatOf<T>: RevOnto<HNil>,
    Rev<FlatOf<T>>: CoalesceStart<DropUnit>,
    <Rev<FlatOf<T>> as CoalesceStart<DropUnit>>::Out: FixUnit<DropUnit>,
    DropUnit: If<UnwrapOf<FixedOf<Rev<FlatOf<T>>, DropUnit>>, FixedOf<Rev<FlatOf<T>>, DropUnit>>,
    FixedOf<Rev<FlatOf<T>>, DropUnit>: Unwrap,
{
    type Out = Sel<
        DropUnit,
        UnwrapOf<FixedOf<Rev<FlatOf<T>>, DropUnit>>,
        FixedOf<Rev<FlatOf<T>>, DropUnit>,
    >;
}
type FixedOf<R, DropUnit> = <<R as CoalesceStart<DropUnit>>::Out as FixUnit<DropUnit>>::Out;
type UnwrapOf<L> = <L as Unwrap>::Out;

/// Start the walk on the reversed modes: the last mode is always kept.
pub trait CoalesceStart<DropUnit> {
    /// The coalesced modes, in order.
    type Out;
}
/// No modes: nothing.
impl<DropUnit> CoalesceStart<DropUnit> for HNil {
    type Out = HNil;
}
/// The last mode seeds the stack, the others are folded in.
impl<M, T: CoalesceFold<DropUnit, HCons<M, HNil>>, DropUnit> CoalesceStart<DropUnit>
    for HCons<M, T>
{
    type Out = T::Out;
}

/// Fold the remaining (reversed) modes onto the stack of result modes.
pub trait CoalesceFold<DropUnit, Stack> {
    /// The final stack (the result modes in order).
    type Out;
}
/// Nothing left: the stack is the result.
impl<DropUnit, Stack> CoalesceFold<DropUnit, Stack> for HNil {
    type Out = Stack;
}
/// Fold mode `(s, d)` in, then the rest.
impl<DropUnit, Stack, S, D, T> CoalesceFold<DropUnit, Stack> for HCons<(S, D), T>
where
    Stack: CoalesceStep<DropUnit, S, D>,
    T: CoalesceFold<DropUnit, <Stack as CoalesceStep<DropUnit, S, D>>::Out>,
{
    type Out = <T as CoalesceFold<DropUnit, <Stack as CoalesceStep<DropUnit, S, D>>::Out>>::Out;
}

/// Whether a list is empty.
pub trait IsNil {
    /// `B1` for `[]`.
    type Out;
}
/// `[]` is empty.
impl IsNil for HNil {
    type Out = B1;
}
/// `h :: t` is not.
impl<H, T> IsNil for HCons<H, T> {
    type Out = B0;
}

/// One step: mode `(s, d)` in front of the stack whose front is `(fs, fd)`.
pub trait CoalesceStep<DropUnit, S, D> {
    /// The new stack.
    type Out;
}
/// `s = 1`: skip; front of size 1 alone (dropping): replace; `s·d = fd`:
/// merge into `(s·fs, d)`; otherwise push.
impl<DropUnit, S, D, FS, FD, Rest> CoalesceStep<DropUnit, S, D> for HCons<(FS, FD), Rest>
where
    S: IsEqual<U1> + Mul<D> + Mul<FS>,
    FS: IsEqual<U1>,
    Rest: IsNil,
    <Rest as IsNil>::Out: core::ops::BitAnd<Eq<FS, U1>>,
    DropUnit: core::ops::BitAnd<And<<Rest as IsNil>::Out, Eq<FS, U1>>>,
    Prod<S, D>: IsEqual<FD>,
    Eq<Prod<S, D>, FD>: If<HCons<(Prod<S, FS>, D), Rest>, HCons<(S, D), Self>>,
    And<DropUnit, And<<Rest as IsNil>::Out, Eq<FS, U1>>>: If<
            HCons<(S, D), Rest>,
            Sel<Eq<Prod<S, D>, FD>, HCons<(Prod<S, FS>, D), Rest>, HCons<(S, D), Self>>,
        >,
    Eq<S, U1>: If<
            Self,
            Sel<
                And<DropUnit, And<<Rest as IsNil>::Out, Eq<FS, U1>>>,
                HCons<(S, D), Rest>,
                Sel<Eq<Prod<S, D>, FD>, HCons<(Prod<S, FS>, D), Rest>, HCons<(S, D), Self>>,
            >,
        >,
{
    type Out = Sel<
        Eq<S, U1>,
        Self,
        Sel<
            And<DropUnit, And<<Rest as IsNil>::Out, Eq<FS, U1>>>,
            HCons<(S, D), Rest>,
            Sel<Eq<Prod<S, D>, FD>, HCons<(Prod<S, FS>, D), Rest>, HCons<(S, D), Self>>,
        >,
    >;
}

/// When dropping, a single remaining mode of size 1 becomes `1:0`.
pub trait FixUnit<DropUnit> {
    /// The fixed list.
    type Out;
}
/// `[]` stays.
impl<DropUnit> FixUnit<DropUnit> for HNil {
    type Out = HNil;
}
/// `[(s, d)]` becomes `[(1, 0)]` when dropping and `s = 1`.
impl<DropUnit, S, D> FixUnit<DropUnit> for HCons<(S, D), HNil>
where
    S: IsEqual<U1>,
    DropUnit: core::ops::BitAnd<Eq<S, U1>>,
    And<DropUnit, Eq<S, U1>>: If<U0, D>,
{
    type Out = HCons<(S, Sel<And<DropUnit, Eq<S, U1>>, U0, D>), HNil>;
}
/// Two or more modes stay.
impl<DropUnit, A, B, T> FixUnit<DropUnit> for HCons<A, HCons<B, T>> {
    type Out = Self;
}

/// CuTe's unwrap of a flat result: `[] ↦ 1:0`, `[m] ↦ m`, else the tuple.
pub trait Unwrap {
    /// The tree.
    type Out;
}
/// No modes: `1:0`.
impl Unwrap for HNil {
    type Out = (U1, U0);
}
/// One mode: the integer mode itself.
impl<M> Unwrap for HCons<M, HNil> {
    type Out = M;
}
/// Several modes: the flat tuple.
impl<A, B, T> Unwrap for HCons<A, HCons<B, T>> {
    type Out = Self;
}
