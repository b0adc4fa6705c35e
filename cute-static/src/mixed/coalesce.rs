//! `coalesce(L)` and `coalesce_by(L, P)` (CuTe's `coalesce(layout,
//! profile)`) of a mixed layout — the results of cute-dynamic's `coalesce`
//! and `coalesce_by` and their laws (`laws::check_coalesce`,
//! `check_coalesce_by`) on the same values.
//!
//! CuTe's coalesce merges a leaf `(s0,d0)` followed by `(s1,d1)` when
//! `s0·d0 = d1` and drops size-1 leaves, so how many leaves remain depends
//! on the values as soon as one is run-time. The rule, for each part that
//! is coalesced whole (all of `L`, or the mode under an integer entry of
//! the profile):
//! * a fully static part: the static algebra ([`Coalesced`], static types);
//! * a part with run-time leaves: one leaf `s:d`, both run-time (`1:0` when
//!   every leaf has size 1), which CuTe gives when the part's leaves are
//!   contiguous (`d_k = s_(k-1)·d_(k-1)` after dropping size-1 leaves); for
//!   other values CuTe's result has several leaves:
//!   `Err(Error::ValueDependentStructure)` naming the requirement.
//!
//! A tuple profile of rank `r ≤ rank(L)` (for layouts of rank at most
//! [`MIXED_ALGEBRA_MAX_RANK`](crate::MIXED_ALGEBRA_MAX_RANK)) coalesces mode
//! `i` by its entry `P_i` for `i < r` and keeps the other modes; a profile
//! entry is an integer (`usize` or `C<N>`: coalesce the mode whole) or a
//! tuple for a tuple mode. A profile that does not fit does not compile.
//!
//! ```
//! use cute_static::{layout, C};
//! let (m, n) = (6, 5);
//! let l = layout!(({m}, 4, {n}):(1, {m}, 100))?;
//! let r = l.coalesce_by((C::<1>, C::<1>))?;
//! assert_eq!(r.to_string(), "(6,4,5):(1,6,_100)");
//! assert_eq!(r.to_dynamic(), cute_dynamic::coalesce_by(&l.to_dynamic(), &"(1,1)".parse()?)?);
//! let c = layout!(({m}, 4):(1, {m}))?.coalesce()?;
//! assert_eq!(c.to_string(), "24:1");
//! assert_eq!(l.coalesce().unwrap_err().kind(), "value_dependent_structure");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::Error;
use crate::algebra::coalesce::{Coalesce, Coalesced};
use crate::data::int_tuple::{C, IntTuple, StaticIntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::complement::{Leaves, coalesce, leaves};
use crate::mixed::layout::KindOf;
use crate::mixed::layout::{AllStatic, Dyn, HasDyn, KindAnd, LeafKinds, MixedLayout, MixedShape};

/// The requirement the rule names in its error.
const ONE_LEAF: &str =
    "a coalesce of one leaf: the leaves of size != 1 are contiguous (d_k = s_(k-1)*d_(k-1))";

/// `coalesce` of a part `s:d` by its leaf kinds.
#[doc(hidden)]
pub trait CoalesceByKind<S, D> {
    /// The coalesced shape.
    type S;
    /// The coalesced stride.
    type D;
    /// The coalesced part.
    fn coalesce(s: &S, d: &D) -> Result<(Self::S, Self::D), Error>;
}
/// Fully static: the static algebra.
impl<S, D> CoalesceByKind<S, D> for AllStatic
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    Layout<S, D>: StaticLayout + Coalesce,
{
    type S = <Coalesced<Layout<S, D>> as StaticLayout>::Shape;
    type D = <Coalesced<Layout<S, D>> as StaticLayout>::Stride;
    #[inline(always)]
    fn coalesce(_: &S, _: &D) -> Result<(Self::S, Self::D), Error> {
        Ok(Default::default())
    }
}
/// A run-time leaf: one leaf, or the named error.
impl<S: Leaves<D>, D> CoalesceByKind<S, D> for HasDyn {
    type S = Dyn;
    type D = Dyn;
    fn coalesce(s: &S, d: &D) -> Result<(Dyn, Dyn), Error> {
        let mut list = leaves(s, d, "coalesce")?;
        match coalesce(&mut list.leaves[..list.len]) {
            0 => Ok((Dyn(1), Dyn(0))),
            1 => Ok((
                Dyn(list.leaves[0].0 as usize),
                Dyn(list.leaves[0].1 as usize),
            )),
            _ => Err(Error::ValueDependentStructure {
                operation: "coalesce",
                requires: ONE_LEAF,
            }),
        }
    }
}

/// A profile entry `Self` applied to the part `S:D`.
///
/// ```
/// use cute_static::{layout, algebra::MixedProfile, C};
/// let (m, n) = (6, 5);
/// let l = layout!(({m}, 4, {n}):(1, {m}, 100))?;
/// // `(C<1>, C<1>)` coalesces modes 0 and 1 whole and keeps mode 2.
/// let (s, d) = (C::<1>, C::<1>).apply(l.shape(), l.stride())?;
/// assert_eq!(cute_static::layout::MixedLayout::new(s, d)?, l.coalesce_by((C::<1>, C::<1>))?);
/// assert_eq!(l.coalesce_by((C::<1>, C::<1>))?.to_string(), "(6,4,5):(1,6,_100)");
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "coalesce_by: `{Self}` is not a profile of the mixed layout part `{S}:{D}`",
    note = "a profile entry is an integer (`usize` or `C<N>`: coalesce the mode whole) or a tuple of entries for a tuple mode (of rank at most the mode's)"
)]
pub trait MixedProfile<S, D> {
    /// The new shape.
    type S;
    /// The new stride.
    type D;
    /// The part coalesced by the profile.
    fn apply(&self, s: &S, d: &D) -> Result<(Self::S, Self::D), Error>;
}
macro_rules! whole_profile {
    ($([$($g:tt)*] $p:ty),*) => {$(
        /// An integer profile: the part coalesced whole.
        impl<$($g)* S: LeafKinds, D: LeafKinds> MixedProfile<S, D> for $p
        where
            S::Kind: KindAnd<D::Kind>,
            KindOf<S, D>: CoalesceByKind<S, D>,
        {
            type S = <KindOf<S, D> as CoalesceByKind<S, D>>::S;
            type D = <KindOf<S, D> as CoalesceByKind<S, D>>::D;
            #[inline(always)]
            fn apply(&self, s: &S, d: &D) -> Result<(Self::S, Self::D), Error> {
                <KindOf<S, D> as CoalesceByKind<S, D>>::coalesce(s, d)
            }
        }
    )*};
}
whole_profile!([] usize, [const N: usize,] C<N>);
/// A tuple profile of rank `k` on a tuple part of rank `k + extra`: the
/// first `k` modes by their entries, the others kept.
macro_rules! tuple_profile {
    ([$(($S:ident $D:ident $P:ident $i:tt))+] [$(($ES:ident $ED:ident $EP:ident $e:tt))*]) => {
        /// A tuple profile: mode by mode, the modes beyond it kept.
        impl<$($S, $D, $P: MixedProfile<$S, $D>,)+ $($ES: Copy, $ED: Copy,)*> MixedProfile<($($S,)+ $($ES,)*), ($($D,)+ $($ED,)*)> for ($($P,)+) {
            type S = ($($P::S,)+ $($ES,)*);
            type D = ($($P::D,)+ $($ED,)*);
            #[inline(always)]
            fn apply(&self, s: &($($S,)+ $($ES,)*), d: &($($D,)+ $($ED,)*)) -> Result<(Self::S, Self::D), Error> {
                let r = ($(self.$i.apply(&s.$i, &d.$i)?,)+);
                Ok((($(r.$i.0,)+ $(s.$e,)*), ($(r.$i.1,)+ $(d.$e,)*)))
            }
        }
    };
}
for_each_rank!(tuple_profile);

/// The layout `coalesce_by(L, P)` of a mixed layout `L = S:D`.
pub type MixedCoalescedBy<S, D, P> =
    MixedLayout<<P as MixedProfile<S, D>>::S, <P as MixedProfile<S, D>>::D>;

impl<S, D> MixedLayout<S, D> {
    /// CuTe's `coalesce(L)` (see the module docs): a fully static `L` by the
    /// static algebra, else one run-time leaf or the named error.
    #[inline(always)]
    pub fn coalesce(&self) -> Result<MixedCoalescedBy<S, D, C<1>>, Error>
    where
        C<1>: MixedProfile<S, D>,
        <C<1> as MixedProfile<S, D>>::S: MixedShape<<C<1> as MixedProfile<S, D>>::D>,
        <C<1> as MixedProfile<S, D>>::D: IntTuple,
    {
        self.coalesce_by(C::<1>)
    }
    /// CuTe's `coalesce(L, profile)` (see the module docs).
    #[inline(always)]
    pub fn coalesce_by<P>(&self, profile: P) -> Result<MixedCoalescedBy<S, D, P>, Error>
    where
        P: MixedProfile<S, D>,
        P::S: MixedShape<P::D>,
        P::D: IntTuple,
    {
        let (s, d) = profile.apply(self.shape(), self.stride())?;
        MixedLayout::new(s, d)
    }
}
