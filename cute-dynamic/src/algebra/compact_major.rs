//! CuTe's `compact_col_major(shape, current)` and
//! `compact_row_major(shape, current)` (`stride.hpp`): the strides of the
//! compact column-major (row-major) layout of `shape` starting at the
//! stride `current` (CuTe's default 1), size-1 leaves at stride 0. Defining
//! property: `shape:result` maps the index `i` to `current · i` (column-
//! major), or to `current · i` with the modes read last-to-first
//! (row-major: the flat leaves reversed are column-major). A tuple
//! `current` (CuTe's `compact_major` with a tuple of starts) is
//! [`compact_col_major_by`] / [`compact_row_major_by`].
//!
//! ```
//! use cute_dynamic::{compact_col_major, compact_row_major, IntTuple};
//! let s: IntTuple = "(4,(1,3))".parse()?;
//! assert_eq!(compact_col_major(&s, 2)?.to_string(), "(2,(0,8))");
//! assert_eq!(compact_row_major(&s, 1)?.to_string(), "(3,(0,1))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;

use crate::data::int_tuple::{IntTuple, IntTupleRef, TupleBuilder};
use crate::data::layout::{Layout, replace_leaves};
use crate::error::LayoutError;

/// `compact_col_major(shape, current)` (see the module documentation).
/// Errors: a non-positive shape leaf, or a stride beyond `i64`.
pub fn compact_col_major(shape: &IntTuple, current: i64) -> Result<IntTuple, LayoutError> {
    scaled(Layout::column_major(shape)?, current, "compact_col_major")
}

/// `compact_row_major(shape, current)` (see the module documentation).
/// Errors: a non-positive shape leaf, or a stride beyond `i64`.
pub fn compact_row_major(shape: &IntTuple, current: i64) -> Result<IntTuple, LayoutError> {
    scaled(Layout::row_major(shape)?, current, "compact_row_major")
}

/// CuTe's `compact_major<LayoutLeft>(shape, current)` with an integer
/// tuple `current`: an integer `current` is [`compact_col_major`]; a tuple
/// goes mode by mode (`shape` a tuple of the same rank), each mode of
/// `shape` compact column-major from its own start, recursively.
///
/// ```
/// use cute_dynamic::{compact_col_major_by, compact_row_major_by, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(compact_col_major_by(&t("((2,3),4)"), &t("(1,100)"))?.to_string(), "((1,2),100)");
/// assert_eq!(compact_col_major_by(&t("((2,3),(1,4))"), &t("((5,7),2)"))?.to_string(), "((5,7),(0,2))");
/// assert_eq!(compact_row_major_by(&t("((2,3),4)"), &t("(1,100)"))?.to_string(), "((3,1),100)");
/// assert_eq!(compact_col_major_by(&t("(2,3)"), &t("2"))?.to_string(), "(2,4)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: a tuple `current` over an integer or a tuple of another rank
/// (`not_compatible`; CuTe's `static_assert`s), and those of
/// [`compact_col_major`].
pub fn compact_col_major_by(shape: &IntTuple, current: &IntTuple) -> Result<IntTuple, LayoutError> {
    compact_by(shape.as_ref(), current.as_ref(), compact_col_major)
}

/// CuTe's `compact_major<LayoutRight>(shape, current)` with an integer
/// tuple `current`: as [`compact_col_major_by`], each mode compact
/// row-major ([`compact_row_major`]) from its own start.
///
/// Errors: those of [`compact_col_major_by`].
pub fn compact_row_major_by(shape: &IntTuple, current: &IntTuple) -> Result<IntTuple, LayoutError> {
    compact_by(shape.as_ref(), current.as_ref(), compact_row_major)
}

fn compact_by(
    shape: IntTupleRef<'_>,
    current: IntTupleRef<'_>,
    f: fn(&IntTuple, i64) -> Result<IntTuple, LayoutError>,
) -> Result<IntTuple, LayoutError> {
    if let Some(c) = current.as_int() {
        return f(&shape.to_owned(), c);
    }
    if shape.is_int() || shape.rank() != current.rank() {
        return Err(LayoutError::NotCompatible {
            operation: "compact_major (a tuple of starts of the shape's rank)",
            left: shape.to_string(),
            right: current.to_string(),
        });
    }
    let mut b = TupleBuilder::new();
    let o = b.open();
    for (s, c) in shape.children().zip(current.children()) {
        b.push_ref(compact_by(s, c, f)?.as_ref());
    }
    b.close(o);
    Ok(b.finish())
}

/// CuTe's `prefix_product(a, init)` (`int_tuple.hpp`, the exclusive scan
/// by products): under a tuple `a` with an integer `init`, mode `k` gets
/// the prefix product of its own leaves from `init · product(a₀ … a_{k-1})`;
/// a tuple `init` goes mode by mode (same rank); a leaf of `a` takes `init`
/// as it is. So each leaf is `init` times the product of the leaves before
/// it, as `compact_col_major` but without its size-1 → 0 rule.
///
/// ```
/// use cute_dynamic::{prefix_product, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(prefix_product(&t("(4,(1,3),2)"), &t("1"))?.to_string(), "(1,(4,4),12)");
/// assert_eq!(prefix_product(&t("(4,(1,3))"), &t("(2,5)"))?.to_string(), "(2,(5,5))");
/// assert_eq!(prefix_product(&t("7"), &t("3"))?.to_string(), "3");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: a tuple `init` whose rank differs from `a`'s (`not_compatible`),
/// a product beyond `i64` (`overflow`).
pub fn prefix_product(a: &IntTuple, init: &IntTuple) -> Result<IntTuple, LayoutError> {
    fn go(
        a: IntTupleRef<'_>,
        init: IntTupleRef<'_>,
        b: &mut TupleBuilder,
        whole: &dyn core::fmt::Display,
    ) -> Result<(), LayoutError> {
        if a.is_int() {
            b.push_ref(init);
            return Ok(());
        }
        let o = b.open();
        match init.as_int() {
            Some(mut c) => {
                let n = a.rank();
                for (k, x) in a.children().enumerate() {
                    go(x, IntTuple::int(c).as_ref(), b, whole)?;
                    if k + 1 == n {
                        break;
                    }
                    c = x
                        .leaves()
                        .try_fold(c, i64::checked_mul)
                        .ok_or_else(|| LayoutError::overflow("prefix_product", whole))?;
                }
            }
            None if init.rank() == a.rank() => {
                for (x, i) in a.children().zip(init.children()) {
                    go(x, i, b, whole)?;
                }
            }
            None => {
                return Err(LayoutError::NotCompatible {
                    operation: "prefix_product (an init of the tuple's rank)",
                    left: a.to_string(),
                    right: init.to_string(),
                });
            }
        }
        b.close(o);
        Ok(())
    }
    let mut b = TupleBuilder::new();
    go(
        a.as_ref(),
        init.as_ref(),
        &mut b,
        &format_args!("{a}, {init}"),
    )?;
    Ok(b.finish())
}

/// The strides of the compact layout `l`, each times `current`.
fn scaled(l: Layout, current: i64, operation: &'static str) -> Result<IntTuple, LayoutError> {
    let leaves = l
        .stride()
        .leaves()
        .map(|d| d.checked_mul(current))
        .collect::<Option<Vec<i64>>>()
        .ok_or_else(|| {
            LayoutError::overflow(operation, format_args!("{}, {current}", l.shape()))
        })?;
    Ok(replace_leaves(l.stride().as_ref(), leaves.into_iter()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CuTe's answers (stride.hpp's compact_major with LayoutLeft/LayoutRight).
    #[test]
    fn cute_exact() {
        let t = |s: &str| s.parse::<IntTuple>().unwrap();
        assert_eq!(
            compact_col_major(&t("(2,3,4)"), 1).unwrap().to_string(),
            "(1,2,6)"
        );
        assert_eq!(
            compact_row_major(&t("(2,3,4)"), 1).unwrap().to_string(),
            "(12,4,1)"
        );
        assert_eq!(
            compact_col_major(&t("((2,2),4)"), 8).unwrap().to_string(),
            "((8,16),32)"
        );
        assert_eq!(
            compact_col_major(&t("(1,4)"), 5).unwrap().to_string(),
            "(0,5)"
        );
        assert_eq!(compact_col_major(&t("6"), 3).unwrap().to_string(), "3");
        assert_eq!(
            compact_col_major(&t("(0,4)"), 1).unwrap_err().kind(),
            "non_positive_shape"
        );
        assert_eq!(
            compact_col_major(&t("(2,4)"), 4611686018427387904)
                .unwrap_err()
                .kind(),
            "overflow"
        );
    }
}
