//! Ordered layouts: `make_ordered_layout(S, O)` is the compact layout of
//! shape `S` whose modes are laid out in increasing order of `O` (an
//! IntTuple weakly congruent to `S`: one order value per leaf, or per whole
//! sub-shape, which is then laid out column-major). Defining property: the
//! result has shape `S`, is a bijection onto `[0, size(S))`, a size-1 leaf
//! has stride 0, and of two leaves of size > 1, the one with the smaller
//! order value has the smaller stride.
//!
//! CuTe's `compact_order` (stride.hpp): the leaf (or sub-shape) with order
//! `o` starts at the product of the sizes whose order is strictly smaller
//! than `o`. All integers are static here, as everywhere in this crate: the
//! order values are compared as given (CuTe C++ ranks *dynamic* order
//! values above every static one, left to right; [`Layout::ordered`] gives
//! that tie-break). Two sub-shapes of size > 1 with the same order value
//! would start at the same stride, so CuTe returns a layout that is not
//! compact; that is an error here.
//!
//! ```
//! use cute_dynamic::{make_ordered_layout, IntTuple};
//! let t = |s: &str| s.parse::<IntTuple>();
//! // CuTe's example: (_2,_2,_2,_2) ordered by (_0,_2,_3,_1).
//! assert_eq!(make_ordered_layout(&t("(2,2,2,2)")?, &t("(0,2,3,1)")?)?.to_string(), "(2,2,2,2):(1,4,8,2)");
//! // An order value per sub-shape: mode 0 is laid out after mode 1.
//! assert_eq!(make_ordered_layout(&t("((2,3),4)")?, &t("(1,0)")?)?.to_string(), "((2,3),4):((4,8),1)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;
use smallvec::SmallVec;

use crate::data::int_tuple::{IntTuple, IntTupleRef, TupleBuilder};
use crate::data::layout::Layout;
use crate::error::LayoutError;

/// `make_ordered_layout(shape, order)` (see the module documentation).
/// Errors: a non-positive shape leaf or a size beyond `i64`; `order` not
/// weakly congruent to `shape` (`not_compatible`); two sub-shapes of size > 1
/// with the same order value (`invalid_argument`: no order between them).
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout, LayoutError> {
    check_positive(shape)?;
    let stride = compact_order_with(
        shape.as_ref(),
        order.as_ref(),
        Some(Tie {
            operation: "make_ordered_layout",
            argument: "ORDER",
            value: order,
            what: "order value",
        }),
    )?;
    Layout::new(shape.clone(), stride)
}

/// CuTe's `compact_order(shape, order)` (stride.hpp): the stride of
/// [`make_ordered_layout`]`(shape, order)`, the compact strides of `shape`
/// with its leaves (or sub-shapes, per order leaf) laid out in increasing
/// order (law `cute_tools::laws::check_compact_order`).
///
/// ```
/// use cute_dynamic::{compact_order, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert_eq!(compact_order(&t("(2,2,2,2)")?, &t("(0,2,3,1)")?)?.to_string(), "(1,4,8,2)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: those of [`make_ordered_layout`].
pub fn compact_order(shape: &IntTuple, order: &IntTuple) -> Result<IntTuple, LayoutError> {
    Ok(make_ordered_layout(shape, order)?.stride().clone())
}

/// Every shape leaf positive and the size in `i64` (the check every layout
/// constructor makes).
pub(crate) use crate::data::layout::check_shape as check_positive;

/// How a tie in [`compact_order`] is reported: the operation, the argument
/// that holds the order, its text, and what an order value is called.
pub(crate) struct Tie<'a> {
    pub(crate) operation: &'static str,
    pub(crate) argument: &'static str,
    pub(crate) value: &'a dyn core::fmt::Display,
    pub(crate) what: &'static str,
}

/// CuTe's `compact_order(shape, order)` with static orders. Sub-shapes of
/// size > 1 with the same order value start at the same stride, CuTe's
/// answer, when `tie` is `None`; otherwise that is an
/// [`LayoutError::InvalidArgument`] described by `tie`.
/// `shape`'s leaves are positive and its size fits in `i64`.
pub(crate) fn compact_order_with(
    shape: IntTupleRef<'_>,
    order: IntTupleRef<'_>,
    tie: Option<Tie<'_>>,
) -> Result<IntTuple, LayoutError> {
    if !order.weakly_congruent(shape) {
        return Err(LayoutError::NotCompatible {
            operation: "ordered layout (the order must be weakly congruent to the shape)",
            left: order.to_string(),
            right: shape.to_string(),
        });
    }
    // (size of the sub-shape, order value) per leaf of `order`.
    let mut refs: SmallVec<[(i64, i64); 8]> = SmallVec::new();
    collect_refs(shape, order, &mut refs);
    let mut starts: SmallVec<[i64; 8]> = SmallVec::from_elem(1, refs.len());
    let mut idx = vec![0usize; refs.len()];
    match tie {
        None => cute_core::stride::compact_order_starts_sorted(&refs, &mut starts, &mut idx),
        Some(tie) => {
            if let Err((k, j)) =
                cute_core::stride::order_starts_sorted(&refs, &mut starts, &mut idx)
            {
                let ((s, o), (s2, _)) = (refs[k], refs[j]);
                let what = tie.what;
                return Err(LayoutError::InvalidArgument {
                    operation: tie.operation,
                    argument: tie.argument,
                    value: tie.value.to_string(),
                    reason: format!(
                        "modes of sizes {s} and {s2} have the same {what} {o}, so neither comes \
                         first (CuTe gives both the same stride: the layout would not be compact)"
                    ),
                });
            }
        }
    }
    let mut out = TupleBuilder::new();
    emit(shape, order, &mut starts.iter().copied(), &mut out);
    Ok(out.finish())
}

fn collect_refs(
    shape: IntTupleRef<'_>,
    order: IntTupleRef<'_>,
    refs: &mut SmallVec<[(i64, i64); 8]>,
) {
    match order.as_int() {
        // The caller checked the size fits.
        Some(o) => refs.push((shape.size().unwrap_or(i64::MAX), o)),
        None => {
            for (s, o) in shape.children().zip(order.children()) {
                collect_refs(s, o, refs);
            }
        }
    }
}

fn emit(
    shape: IntTupleRef<'_>,
    order: IntTupleRef<'_>,
    starts: &mut impl Iterator<Item = i64>,
    out: &mut TupleBuilder,
) {
    match order.as_int() {
        Some(_) => {
            // One start per leaf of `order`, in the order `collect_refs` visits them.
            let mut cur = starts.next().unwrap_or(1);
            compact_into(shape, &mut cur, out);
        }
        None => {
            let open = out.open();
            for (s, o) in shape.children().zip(order.children()) {
                emit(s, o, starts, out);
            }
            out.close(open);
        }
    }
}

/// Column-major strides of `shape` from `cur` on; size-1 leaves get 0.
fn compact_into(shape: IntTupleRef<'_>, cur: &mut i64, out: &mut TupleBuilder) {
    match shape.as_int() {
        Some(s) => {
            out.leaf(if s == 1 { 0 } else { *cur });
            *cur = cur.saturating_mul(s);
        }
        None => {
            let open = out.open();
            for c in shape.children() {
                compact_into(c, cur, out);
            }
            out.close(open);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str, o: &str) -> String {
        make_ordered_layout(&s.parse().unwrap(), &o.parse().unwrap())
            .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }

    /// CuTe C++ answers with static orders, derived from stride.hpp's
    /// `compact_order`.
    #[test]
    fn cute_exact() {
        assert_eq!(m("(2,2,2,2)", "(0,2,3,1)"), "(2,2,2,2):(1,4,8,2)");
        // CuTe's second example with every order static: (2,67,42,50)
        // sorts the leaves 0,2,3,1: strides 1, 2·4·5, 2, 2·4.
        assert_eq!(m("(2,3,4,5)", "(2,67,42,50)"), "(2,3,4,5):(1,40,2,8)");
        // Size-1 leaves get stride 0 and tie harmlessly.
        assert_eq!(m("(1,4,1,2)", "(0,1,0,0)"), "(1,4,1,2):(0,2,0,1)");
        // Row-major by order.
        assert_eq!(m("(3,4)", "(1,0)"), "(3,4):(4,1)");
        // Nested order per sub-shape.
        assert_eq!(
            m("((2,3),(4,5))", "(1,(2,0))"),
            "((2,3),(4,5)):((5,10),(30,1))"
        );
        assert_eq!(m("7", "3"), "7:1");
        assert_eq!(m("(2,3)", "(0,0)"), "invalid_argument");
        assert_eq!(
            make_ordered_layout(&"(2,3)".parse().unwrap(), &"(0,0)".parse().unwrap())
                .unwrap_err()
                .to_string(),
            "make_ordered_layout: argument ORDER = (0,0): modes of sizes 2 and 3 have the same \
             order value 0, so neither comes first (CuTe gives both the same stride: the layout \
             would not be compact)"
        );
        assert_eq!(m("(2,3)", "((0,1),2)"), "not_compatible");
        assert_eq!(m("(2,0)", "(0,1)"), "non_positive_shape");
    }

    #[test]
    fn agrees_with_layout_ordered_without_ties() {
        for (s, o) in [
            ("(2,3,4)", "(1,2,0)"),
            ("((2,2),3)", "((5,1),0)"),
            ("(4,1,4)", "(2,0,1)"),
        ] {
            let (s, o): (IntTuple, IntTuple) = (s.parse().unwrap(), o.parse().unwrap());
            assert_eq!(
                make_ordered_layout(&s, &o).unwrap(),
                Layout::ordered(&s, &o).unwrap()
            );
        }
    }
}
