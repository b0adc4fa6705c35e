//! `right_inverse(L)` of a mixed layout, with the static crate's trait
//! [`RightInvert`], whose `Output` for a [`MixedLayout`] is
//! `Result<MixedLayout<…>, Error>`. The result equals cute-dynamic's on the
//! same values.
//!
//! CuTe's algorithm coalesces `L`, visits its modes by increasing stride and
//! keeps the chain of modes whose stride is the extent reached so far, each
//! mapped back to its prefix product; then coalesces the result. Its
//! structure (how many modes survive, in which order) depends on the values
//! as soon as a shape or stride is run-time. The rule:
//! * `L` fully static: the static algebra computes the result (static types).
//! * Otherwise the result has one structure: a single leaf `s:p` with
//!   run-time shape and stride (`1:0` when no mode has stride 1). CuTe's
//!   result is one leaf exactly when the chain runs through consecutive
//!   modes of the coalesced `L` in order (for instance every compact
//!   column-major `L`, or `L` whose unit-stride part is one mode, with any
//!   other modes beyond the chain). For other values (the chain jumps
//!   between modes, as in a row-major `(m, n):(n, 1)`, whose inverse is
//!   `(n, m):(m, 1)`) the answer is `Err(Error::ValueDependentStructure)`
//!   naming the requirement, never a different layout: convert with
//!   `to_dynamic()` there.
//!
//! ```
//! use cute_static::{layout, Dyn};
//! let (m, n) = (6, 5);
//! let a = layout!(({m}, 4, {n}):(1, {m}, 100))?;
//! let r = a.right_inverse()?;
//! assert_eq!(r.to_string(), "24:1");
//! assert_eq!(r.to_dynamic(), cute_dynamic::right_inverse(&a.to_dynamic())?);
//! let row = layout!(({m}, {n}):({n}, 1))?;
//! assert_eq!(row.right_inverse().unwrap_err().kind(), "value_dependent_structure");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::Error;
use crate::algebra::inverse::{RightInverse, RightInvert};
use crate::data::int_tuple::StaticIntTuple;
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::complement::{AsMixed, Leaves, MAX_LEAVES, as_mixed, coalesce, leaves};
use crate::mixed::layout::{AllStatic, Dyn, HasDyn, KindAnd, LeafKinds, MixedLayout};

/// The requirement the single-leaf rule names in its error.
const ONE_MODE: &str = "a right inverse of one mode: the unit-stride chain of the coalesced layout runs through consecutive modes in order";

/// `right_inverse` of `s:d` with a single-leaf result (see the module docs).
fn right_inverse_leaf<S: Leaves<D>, D>(s: &S, d: &D) -> Result<(usize, usize), Error> {
    const OP: &str = "right_inverse";
    let mut list = leaves(s, d, OP)?;
    let n = coalesce(&mut list.leaves[..list.len]);
    let modes = &list.leaves[..n];
    // Prefix products (a checked layout's size fits), CuTe's exchange sort.
    let mut prefix = [0i64; MAX_LEAVES];
    let mut order = [0usize; MAX_LEAVES];
    let mut p = 1i64;
    for (k, &(s, _)) in modes.iter().enumerate() {
        prefix[k] = p;
        order[k] = k;
        p = p.saturating_mul(s);
    }
    for i in 0..n {
        for j in i + 1..n {
            if modes[order[j]].1 < modes[order[i]].1 {
                order.swap(i, j);
            }
        }
    }
    // The chain, coalesced on the fly: it must stay one mode.
    let mut out: Option<(i64, i64)> = None;
    let mut cur = 1i64;
    for &k in &order[..n] {
        let (s, d) = modes[k];
        if d != cur {
            continue;
        }
        out = match out {
            None => Some((s, prefix[k])),
            Some((s0, p0)) if s0.checked_mul(p0) == Some(prefix[k]) => Some((s0 * s, p0)),
            Some(_) => {
                return Err(Error::ValueDependentStructure {
                    operation: OP,
                    requires: ONE_MODE,
                });
            }
        };
        cur = s.saturating_mul(d);
    }
    Ok(out.map_or((1, 0), |(s, p)| (s as usize, p as usize)))
}

/// The right inverse of a mixed layout by its leaf kinds.
#[doc(hidden)]
pub trait RightInverseByKind<S, D> {
    /// The right inverse's layout.
    type Out;
    /// `right_inverse(s:d)`.
    fn right_inverse(s: &S, d: &D) -> Result<Self::Out, Error>;
}
/// Fully static: the static algebra.
impl<S, D> RightInverseByKind<S, D> for AllStatic
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    Layout<S, D>: StaticLayout + RightInvert,
    RightInverse<Layout<S, D>>: StaticLayout,
{
    type Out = AsMixed<RightInverse<Layout<S, D>>>;
    #[inline(always)]
    fn right_inverse(_: &S, _: &D) -> Result<Self::Out, Error> {
        as_mixed::<RightInverse<Layout<S, D>>>()
    }
}
/// A run-time leaf: the single-leaf rule.
impl<S: Leaves<D>, D> RightInverseByKind<S, D> for HasDyn {
    type Out = MixedLayout<Dyn, Dyn>;
    fn right_inverse(s: &S, d: &D) -> Result<Self::Out, Error> {
        let (s, p) = right_inverse_leaf(s, d)?;
        MixedLayout::new(Dyn(s), Dyn(p))
    }
}

type KindOf<S, D> = <<S as LeafKinds>::Kind as KindAnd<<D as LeafKinds>::Kind>>::Out;

/// `right_inverse(L)` of a mixed layout (see the module docs for the rule).
impl<S, D> RightInvert for MixedLayout<S, D>
where
    S: LeafKinds,
    D: LeafKinds,
    S::Kind: KindAnd<D::Kind>,
    KindOf<S, D>: RightInverseByKind<S, D>,
    <KindOf<S, D> as RightInverseByKind<S, D>>::Out: crate::kernel::layout::TensorLayout,
{
    type Output = Result<<KindOf<S, D> as RightInverseByKind<S, D>>::Out, Error>;
    #[inline(always)]
    fn right_inverse(&self) -> Self::Output {
        <KindOf<S, D> as RightInverseByKind<S, D>>::right_inverse(self.shape(), self.stride())
    }
}

impl<S, D> MixedLayout<S, D> {
    /// `right_inverse(self)` (see [`RightInvert`] and the module docs).
    #[inline(always)]
    pub fn right_inverse(&self) -> RightInverse<Self>
    where
        Self: RightInvert,
    {
        <Self as RightInvert>::right_inverse(self)
    }
}
