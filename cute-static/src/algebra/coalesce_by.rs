//! Coalesce by a target profile (docs/semantics/algebra.md#coalesce), CuTe's
//! `coalesce(layout, trg_profile)`: an integer profile coalesces the whole
//! layout; a tuple profile of rank `r` coalesces mode `i` by `profile[i]`
//! for `i < r` and keeps the other modes. The same results as
//! `cute_dynamic::coalesce_by`, whose law (`laws::check_coalesce_by`) they
//! satisfy; a profile of higher rank than the mode it applies to does not
//! compile.
//!
//! ```
//! use cute_static::{layout, C, algebra::CoalescedBy, Layout};
//! let l = layout!(((2, 2), (2, 2), 3):((1, 2), (4, 8), 16));
//! assert_eq!(l.coalesce_by((C::<1>, C::<1>)).to_string(), "(_4,_4,_3):(_1,_4,_16)");
//! assert_eq!(l.coalesce_by(C::<1>).to_string(), "_48:_1");
//! static_assertions::assert_type_eq_all!(
//!     CoalescedBy<Layout![((2, 2), 3):((1, 2), 4)], (C<1>,)>,
//!     Layout![(4, 3):(1, 4)]
//! );
//! ```

use crate::algebra::coalesce::{CoalesceTree, CoalescedTree};
use crate::algebra::composition::{Len, ModesOf};
use crate::algebra::modes::{Spelt, SpeltOf};
use crate::data::int_tuple::{Spell, StaticIntTuple};
use crate::data::int_tuple_ops::Leaf;
use crate::data::layout::{Layout, StaticLayout};
use crate::private::{HCons, HNil, Violation};
use typenum::operator_aliases::LeEq;
use typenum::{B1, IsLessOrEqual};

/// `coalesce(L, profile)` for a static profile `P` (a `C<N>` or a tuple).
///
/// # Examples
///
/// CuTe's `coalesce(L, profile)`, mode by mode:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!(((2, 2), (2, 2), 3):((1, 2), (4, 8), 16));
/// assert_eq!(l.coalesce_by((C::<1>, C::<1>)).to_string(), "(_4,_4,_3):(_1,_4,_16)");
/// ```
pub trait CoalesceBy<P> {
    /// The coalesced layout.
    type Output: StaticLayout;
}
/// `coalesce(L, P)`.
pub type CoalescedBy<L, P> = <L as CoalesceBy<P>>::Output;
/// (The obligations keep the profile's tree as their self type, so a
/// profile still being inferred is merely ambiguous, never explored.)
impl<S, D, P: StaticIntTuple> CoalesceBy<P> for Layout<S, D>
where
    Self: StaticLayout,
    P::Tree: ProfileOf<Self>,
{
    type Output = <P::Tree as ProfileOf<Self>>::Output;
}
/// The layout `L` coalesced by the profile tree `Self`, with the profile's
/// rank checked against `L`'s first.
pub trait ProfileOf<L> {
    /// The coalesced layout.
    type Output: StaticLayout;
}
impl<Pt, L: StaticLayout> ProfileOf<L> for Pt
where
    Pt: ProfileModes,
    L::Tree: ModesOf,
    <L::Tree as ModesOf>::Out: Len,
    <Pt as ProfileModes>::Len: IsLessOrEqual<<<L::Tree as ModesOf>::Out as Len>::Out>,
    LeEq<<Pt as ProfileModes>::Len, <<L::Tree as ModesOf>::Out as Len>::Out>: ProfileFits<L, Pt>,
{
    type Output =
        <LeEq<<Pt as ProfileModes>::Len, <<L::Tree as ModesOf>::Out as Len>::Out> as ProfileFits<
            L,
            Pt,
        >>::Output;
}
/// The number of modes of a profile (0 for an integer, which has no limit).
pub trait ProfileModes {
    /// The number.
    type Len;
}
impl<P: Leaf> ProfileModes for P {
    type Len = typenum::U0;
}
impl ProfileModes for HNil {
    type Len = typenum::U0;
}
impl<H, T: Len> ProfileModes for HCons<H, T>
where
    Self: Len,
{
    type Len = <Self as Len>::Out;
}
/// `L` coalesced by `P` if the profile fits (`Self`), else the error.
pub trait ProfileFits<L, P> {
    /// The coalesced layout.
    type Output: StaticLayout;
}
impl<L: StaticLayout, P> ProfileFits<L, P> for B1
where
    P: CoalesceProfile<L::Tree>,
    <P as CoalesceProfile<L::Tree>>::Out: Spelt,
{
    type Output = SpeltOf<<P as CoalesceProfile<L::Tree>>::Out>;
}
impl<L, P: Spell> ProfileFits<L, P> for typenum::B0
where
    Violation: ProfileRankOf<L, <P as Spell>::Out>,
{
    type Output = Layout<crate::C<1>, crate::C<0>>;
}
/// Raised for a profile with more modes than the layout.
#[diagnostic::on_unimplemented(
    message = "coalesce by a profile is not admissible: the profile {P} has more modes than the layout {L}",
    label = "profile of higher rank",
    note = "a tuple profile coalesces mode i of the layout by its mode i; an integer profile coalesces the whole mode"
)]
pub trait ProfileRankOf<L, P> {}

impl<S, D> Layout<S, D> {
    /// `coalesce(self, profile)` (see [`CoalesceBy`]).
    #[inline(always)]
    pub fn coalesce_by<P>(self, _profile: P) -> CoalescedBy<Self, P>
    where
        Self: CoalesceBy<P>,
    {
        Default::default()
    }
}

/// Raised for a profile with more modes than the mode it applies to.
#[diagnostic::on_unimplemented(
    message = "coalesce by a profile is not admissible: the profile has more modes than the layout mode it applies to",
    label = "profile modes left over: {P}",
    note = "a tuple profile coalesces mode i of the layout by its mode i; an integer profile coalesces the whole mode"
)]
pub trait ProfileRank<P> {}

/// The zipped tree `T` coalesced by the profile tree `Self`.
pub trait CoalesceProfile<T> {
    /// The coalesced tree.
    type Out;
}
/// An integer profile: coalesce the whole tree.
impl<P: Leaf, T: CoalesceTree<B1>> CoalesceProfile<T> for P {
    type Out = CoalescedTree<T>;
}
/// `()`: the modes are kept.
impl<T: ModesOf> CoalesceProfile<T> for HNil {
    type Out = T::Out;
}
/// A tuple profile: mode by mode, the other modes kept.
impl<T: ModesOf, H, Tl> CoalesceProfile<T> for HCons<H, Tl>
where
    T::Out: ProfileZip<HCons<H, Tl>>,
{
    type Out = <T::Out as ProfileZip<HCons<H, Tl>>>::Out;
}
/// The modes `Self` coalesced by the profile modes `P`.
pub trait ProfileZip<P> {
    /// The modes.
    type Out;
}
/// Profile exhausted: the rest is kept.
impl<Ms> ProfileZip<HNil> for Ms {
    type Out = Ms;
}
/// Mode by mode.
impl<M, Ms, P, Ps> ProfileZip<HCons<P, Ps>> for HCons<M, Ms>
where
    P: CoalesceProfile<M>,
    Ms: ProfileZip<Ps>,
{
    type Out = HCons<P::Out, Ms::Out>;
}
/// Profile modes left over: an error.
impl<P, Ps> ProfileZip<HCons<P, Ps>> for HNil
where
    HCons<P, Ps>: Spell,
    Violation: ProfileRank<<HCons<P, Ps> as Spell>::Out>,
{
    type Out = HNil;
}
