//! CuTe's `compact_col_major(shape, current)` and
//! `compact_row_major(shape, current)` (`stride.hpp`): the strides of the
//! compact column-major (row-major) layout of `shape` starting at the
//! stride `current` (CuTe's default 1), size-1 leaves at stride 0. Defining
//! property: `shape:result` maps the index `i` to `current · i` (column-
//! major), or to `current · i` with the modes read last-to-first
//! (row-major: the flat leaves reversed are column-major). A tuple
//! `current` (CuTe's `compact_major` with a tuple of starts) is not
//! supported: pass an integer.
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

use crate::data::int_tuple::IntTuple;
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
