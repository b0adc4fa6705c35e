//! `greatest_common_domain(A, B)` of two mixed shapes (PyCuTe's; CuTe C++
//! has none; [`mixed_greatest_common_domain`]): the result and the law
//! (`laws::check_greatest_common_domain`) of
//! `cute_dynamic::greatest_common_domain` on the same values, by the same
//! walk over the leaves of both shapes (`cute_core::int::common_domain`).
//!
//! The result is a flat layout with one mode per common factor, so how many
//! modes it has depends on the values as soon as a leaf is run-time. The
//! rule:
//! * both shapes fully static: the static algebra
//!   ([`CommonDomain`](crate::CommonDomain), static types);
//! * otherwise one structure, a rank-1 flat layout `(c):(p)` with run-time
//!   leaves (`(1):(0)` when the shapes share no factor), which is CuTe's
//!   result when the shapes share at most one factor (for instance two
//!   single-leaf shapes: `(gcd(m, n)):(1)`); for values with several common
//!   factors, `Err(Error::ValueDependentStructure)` naming the requirement,
//!   never a different layout.
//!
//! A zero leaf is `non_positive_shape`, as at run time.
//!
//! ```
//! use cute_static::{algebra::mixed_greatest_common_domain, Dyn, C};
//! let (m, n) = (24, 36);
//! let g = mixed_greatest_common_domain((Dyn(m),), (Dyn(n),))?;
//! assert_eq!(g.to_string(), "(12):(1)");
//! let t = |s: &str| s.parse::<cute_dynamic::IntTuple>();
//! assert_eq!(g.to_dynamic(), cute_dynamic::greatest_common_domain(&t("(24)")?, &t("(36)")?)?);
//! // Fully static shapes: the static algebra's layout.
//! let s = mixed_greatest_common_domain((C::<5>, C::<3>, C::<4>), (C::<10>, C::<6>))?;
//! assert_eq!(s.to_string(), "(_5,_2):(_1,_30)");
//! // Two common factors with a run-time leaf: a named error.
//! let e = mixed_greatest_common_domain((Dyn(4), C::<3>), (C::<12>,)).unwrap_err();
//! assert_eq!(e.kind(), "value_dependent_structure");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::Error;
use crate::algebra::common_domain::{CommonDomain, GreatestCommonDomain};
use crate::data::int_tuple::StaticIntTuple;
use crate::mixed::complement::{AsMixed, LeafList, Leaves, MAX_LEAVES, as_mixed, leaves};
use crate::mixed::layout::KindOf;
use crate::mixed::layout::{AllStatic, Dyn, HasDyn, KindAnd, LeafKinds, MixedLayout};

/// The requirement the rule names in its error.
const ONE_FACTOR: &str =
    "a common domain of at most one factor: the shapes share at most one common factor in order";

/// The positive leaves of a shape (itself as its stride in the leaf walk).
fn shape_leaves<A: Leaves<A>>(
    a: &A,
    operation: &'static str,
) -> Result<([i64; MAX_LEAVES], usize), Error> {
    let list: LeafList = leaves(a, a, operation)?;
    let mut out = [1i64; MAX_LEAVES];
    for (o, &(s, _)) in out.iter_mut().zip(&list.leaves[..list.len]) {
        if s < 1 {
            return Err(Error::NonPositiveShape { operation });
        }
        *o = s;
    }
    Ok((out, list.len))
}

/// Fixed-capacity flat leaves `(shape, stride)` (the first `n` in use).
pub(crate) type LeafArray = [(i64, i64); MAX_LEAVES];

/// The common factors `(c, p)` of two lists of positive leaves, in order
/// (at most 63: their product divides a size that fits in an `i64`).
pub(crate) fn common_factors(
    xa: &mut [i64],
    xb: &mut [i64],
    operation: &'static str,
) -> Result<(LeafArray, usize), Error> {
    let mut out: LeafArray = [(1, 0); MAX_LEAVES];
    let mut n = 0usize;
    cute_core::int::common_domain(xa, xb, |c, p| {
        if let Some(o) = out.get_mut(n) {
            *o = (c, p);
        }
        n += 1;
    })
    .ok_or(Error::Overflow {
        operation,
        operands: "the indices of the common domain",
    })?;
    Ok((out, n.min(MAX_LEAVES)))
}

/// `greatest_common_domain` of two mixed shapes by their leaf kinds.
#[doc(hidden)]
pub trait CommonDomainByKind<A, B> {
    /// The common domain's layout.
    type Out;
    /// `greatest_common_domain(a, b)`.
    fn common_domain(a: &A, b: &B) -> Result<Self::Out, Error>;
}
/// Fully static: the static algebra.
impl<A, B> CommonDomainByKind<A, B> for AllStatic
where
    A: StaticIntTuple + GreatestCommonDomain<B>,
{
    type Out = AsMixed<CommonDomain<A, B>>;
    #[inline(always)]
    fn common_domain(_: &A, _: &B) -> Result<Self::Out, Error> {
        as_mixed::<CommonDomain<A, B>>()
    }
}
/// A run-time leaf: one factor, or the named error.
impl<A: Leaves<A>, B: Leaves<B>> CommonDomainByKind<A, B> for HasDyn {
    type Out = MixedLayout<(Dyn,), (Dyn,)>;
    fn common_domain(a: &A, b: &B) -> Result<Self::Out, Error> {
        const OP: &str = "greatest_common_domain";
        let (mut xa, na) = shape_leaves(a, OP)?;
        let (mut xb, nb) = shape_leaves(b, OP)?;
        let (factors, n) = common_factors(&mut xa[..na], &mut xb[..nb], OP)?;
        let (c, p) = match n {
            0 => (1, 0),
            1 => factors[0],
            _ => {
                return Err(Error::ValueDependentStructure {
                    operation: OP,
                    requires: ONE_FACTOR,
                });
            }
        };
        MixedLayout::new((Dyn(c as usize),), (Dyn(p as usize),))
    }
}

/// The layout `mixed_greatest_common_domain(A, B)`.
pub type MixedCommonDomain<A, B> = <KindOf<A, B> as CommonDomainByKind<A, B>>::Out;

/// PyCuTe's `greatest_common_domain(a, b)` of two mixed shapes (tuples of
/// `C<N>`, `Dyn` and `DynDiv<D>` leaves; see the module docs).
#[inline(always)]
pub fn mixed_greatest_common_domain<A, B>(a: A, b: B) -> Result<MixedCommonDomain<A, B>, Error>
where
    A: LeafKinds,
    B: LeafKinds,
    A::Kind: KindAnd<B::Kind>,
    KindOf<A, B>: CommonDomainByKind<A, B>,
{
    <KindOf<A, B> as CommonDomainByKind<A, B>>::common_domain(&a, &b)
}
