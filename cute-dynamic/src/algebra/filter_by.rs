//! CuTe's by-profile `filter` and `filter_zeros` (`layout.hpp`):
//!
//! * `filter_by(L, P)` (CuTe's `filter(layout, trg_profile)`): `filter`
//!   applied at each leaf of the profile `P` — an integer profile filters
//!   the whole layout; a tuple profile of rank `r ≤ rank(L)` filters mode
//!   `i` by `P[i]` for `i < r` and keeps the other modes (the walk of
//!   [`coalesce_by`](crate::coalesce_by)).
//! * `filter_zeros_by(L, P)` (CuTe's `filter_zeros(layout, trg_profile)`):
//!   `L` with the shape leaves under a `0` leaf of `P` replaced by 1, the
//!   strides kept (`P` is weakly congruent to the shape: a `0` stands for a
//!   whole sub-shape).
//!
//! ```
//! use cute_dynamic::{filter_by, filter_zeros_by, Layout};
//! let l: Layout = "((4,2),(2,3)):((0,4),(1,0))".parse()?;
//! assert_eq!(filter_by(&l, &"(1,1)".parse()?)?.to_string(), "(2,2):(4,1)");
//! assert_eq!(filter_zeros_by(&l, &"(0,(1,0))".parse()?)?.to_string(), "((1,1),(2,1)):((0,4),(1,0))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;

use crate::algebra::coalesce::{by_profile, filter};
use crate::data::int_tuple::{IntTuple, IntTupleRef, TupleBuilder};
use crate::data::layout::{Layout, LayoutRef};
use crate::error::LayoutError;

/// `filter(L, P)` (see the module documentation). Errors: a tuple profile
/// of higher rank than the mode it applies to (`rank_mismatch`).
pub fn filter_by(layout: &Layout, profile: &IntTuple) -> Result<Layout, LayoutError> {
    by_profile("filter", layout, profile, |l| Ok(filter_ref(l)))
}

fn filter_ref(l: LayoutRef<'_>) -> Layout {
    filter(&l.to_owned())
}

/// `filter_zeros(L, P)` (see the module documentation). Errors: `P` not
/// weakly congruent to `L`'s shape (`not_compatible`).
pub fn filter_zeros_by(layout: &Layout, profile: &IntTuple) -> Result<Layout, LayoutError> {
    let mut out = TupleBuilder::new();
    zeros_into(profile.as_ref(), layout.shape().as_ref(), &mut out).ok_or_else(|| {
        LayoutError::NotCompatible {
            operation: "filter_zeros (the profile must be weakly congruent to the shape)",
            left: layout.to_string(),
            right: profile.to_string(),
        }
    })?;
    Layout::new(out.finish(), layout.stride().clone())
}

/// CuTe's `filter_zeros(a, b)` on integer tuples (`int_tuple.hpp`): `b`
/// with every leaf under a `0` leaf of `a` replaced by 1 (a `0` over a
/// sub-tuple of `b` makes all its leaves 1; a non-zero leaf of `a` keeps
/// what is under it). `a` is weakly congruent to `b`. CuTe replaces only
/// under a static `Int<0>`; at run time every leaf has a value, so a `0`
/// leaf counts (as in the layout forms [`filter_zeros`](crate::filter_zeros)
/// and [`filter_zeros_by`]).
///
/// ```
/// use cute_dynamic::{filter_zeros_tuples, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(filter_zeros_tuples(&t("(0,(1,0))"), &t("((4,2),(2,3))"))?.to_string(), "((1,1),(2,1))");
/// assert_eq!(filter_zeros_tuples(&t("5"), &t("(0,3)"))?.to_string(), "(0,3)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: `a` not weakly congruent to `b` (`not_compatible`).
pub fn filter_zeros_tuples(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, LayoutError> {
    let mut out = TupleBuilder::new();
    zeros_into(a.as_ref(), b.as_ref(), &mut out).ok_or_else(|| LayoutError::NotCompatible {
        operation: "filter_zeros (the first tuple must be weakly congruent to the second)",
        left: a.to_string(),
        right: b.to_string(),
    })?;
    Ok(out.finish())
}

/// CuTe's one-argument `filter_zeros(t)` on an integer tuple:
/// `filter_zeros(t, t)`, every `0` leaf of `t` replaced by 1.
///
/// ```
/// use cute_dynamic::{filter_zeros_tuple, IntTuple};
/// let t: IntTuple = "(0,(3,0),2)".parse()?;
/// assert_eq!(filter_zeros_tuple(&t).to_string(), "(1,(3,1),2)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn filter_zeros_tuple(t: &IntTuple) -> IntTuple {
    let leaves = t.leaves().map(|x| if x == 0 { 1 } else { x });
    crate::data::layout::replace_leaves(t.as_ref(), leaves)
}

/// The shape `s` with its leaves under a `0` of `p` set to 1; `None` where
/// `p` is a tuple and `s` is not one of the same rank.
fn zeros_into(p: IntTupleRef<'_>, s: IntTupleRef<'_>, out: &mut TupleBuilder) -> Option<()> {
    match p.as_int() {
        Some(0) => {
            let ones = crate::data::layout::replace_leaves(s, core::iter::repeat(1));
            out.push_ref(ones.as_ref());
        }
        Some(_) => out.push_ref(s),
        None => {
            if s.is_int() || s.rank() != p.rank() {
                return None;
            }
            let o = out.open();
            for (pc, sc) in p.children().zip(s.children()) {
                zeros_into(pc, sc, out)?;
            }
            out.close(o);
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::l;

    /// CuTe's answers (layout.hpp's by-profile filter and filter_zeros).
    #[test]
    fn cute_exact() {
        type By = fn(&Layout, &IntTuple) -> Result<Layout, LayoutError>;
        let (f, z): (By, By) = (filter_by, filter_zeros_by);
        let cases = [
            (f, "(4,2,3):(1,0,4)", "1", "12:1"),
            (f, "((4,2),(2,3)):((0,4),(1,0))", "(1,1)", "(2,2):(4,1)"),
            (
                f,
                "((4,2),(2,3),5):((0,4),(1,0),9)",
                "(1,1)",
                "(2,2,5):(4,1,9)",
            ),
            (f, "((4,2),(2,3)):((1,4),(0,0))", "(1,1)", "(8,1):(1,0)"),
            (f, "(4,2):(1,4)", "(1,1,1)", "rank_mismatch"),
            (z, "(4,(2,3)):(1,(2,6))", "(0,(1,0))", "(1,(2,1)):(1,(2,6))"),
            (z, "(4,(2,3)):(1,(2,6))", "(1,0)", "(4,(1,1)):(1,(2,6))"),
            (z, "(4,(2,3)):(1,(2,6))", "0", "(1,(1,1)):(1,(2,6))"),
            (z, "(4,(2,3)):(1,(2,6))", "((1,1),1)", "not_compatible"),
        ];
        for (by, a, p, want) in cases {
            let got = by(&l(a), &p.parse().unwrap());
            assert_eq!(
                got.map_or_else(|e| e.kind().to_string(), |r| r.to_string()),
                want
            );
        }
    }
}
