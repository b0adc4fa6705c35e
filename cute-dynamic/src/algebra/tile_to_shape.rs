//! `tile_to_shape(block, shape[, order])`: repeat the layout `block` until
//! it covers `shape` (how CUTLASS builds shared-memory layouts from an
//! atom). Defining property: the result is compatible with `shape` (mode
//! `i` has the size of mode `i` of `shape`), and it is the blocked product
//! of `block` (padded with `1:0` modes to `shape`'s rank) with the compact
//! layout of the tile counts `ceil_div(product_each(shape),
//! product_each(block))` in `order` (column-major by default), not
//! coalesced (CuTe 4.2's layout.hpp): mode `i` is `(block mode i, count
//! i)`, as CuTe prints it. So mode `i` of the result, restricted to one
//! tile, is `block`'s mode `i`, and the tiles are placed `size(block)`
//! apart in the given order.
//! Contract checked by `cute_tools::laws::check_tile_to_shape`.
//!
//! CuTe requires the block's shape to divide the target shape mode by mode
//! (a `static_assert`); that is an error here.
//!
//! ```
//! use cute_dynamic::{tile_to_shape, IntTuple, Layout};
//! // A 128-byte swizzle atom of 16-bit elements, K-major, tiled to 128x64.
//! let atom: Layout = "(8,64):(64,1)".parse()?;
//! let l = tile_to_shape(&atom, &"(128,64)".parse()?, None)?;
//! assert_eq!(l.to_string(), "((8,16),(64,1)):((64,512),(1,0))");
//! // Tiles placed along mode 1 first.
//! let l = tile_to_shape(&"(2,2):(1,2)".parse()?, &"(4,4)".parse()?, Some(&"(1,0)".parse()?))?;
//! assert_eq!(l.to_string(), "((2,2),(2,2)):((1,8),(2,4))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::algebra::ordered_layout::make_ordered_layout;
use crate::algebra::product::blocked_product;
use crate::data::int_tuple::IntTuple;
use crate::data::int_tuple_ops::{ceil_div, evenly_divides, product_each};
use crate::data::layout::{Layout, LayoutBuilder};
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

/// `tile_to_shape(block, shape, order)` (see the module documentation).
/// Errors: `block` of higher rank than `shape` (`rank_mismatch`), a block
/// shape that does not divide `shape` (`not_compatible`), and the errors of
/// [`make_ordered_layout`](crate::make_ordered_layout) for `order`.
pub fn tile_to_shape(
    block: &Layout,
    shape: &IntTuple,
    order: Option<&IntTuple>,
) -> Result<Layout, LayoutError> {
    let r = shape.rank();
    if block.rank() > r {
        return Err(LayoutError::RankMismatch {
            operation: "tile_to_shape",
            layout: shape.to_string(),
            requested: block.rank(),
            available: r,
        });
    }
    let padded = pad(block, r);
    let block_shape = product_each(padded.shape())?;
    let target_shape = product_each(shape)?;
    if !evenly_divides(&target_shape, &block_shape)? {
        return Err(LayoutError::NotCompatible {
            operation: "tile_to_shape (the block shape does not divide the target shape)",
            left: block.shape().to_string(),
            right: shape.to_string(),
        });
    }
    let counts = ceil_div(&target_shape, &block_shape)?;
    let arrangement = match order {
        None => Layout::column_major(&counts)?,
        Some(o) => make_ordered_layout(&counts, o)?,
    };
    // CuTe 4.2 returns the blocked product as it is (no coalesce).
    blocked_product(&padded, &arrangement)
}

/// CuTe's `append<R>(block)`: an integer layout stays as it is for `R = 1`;
/// otherwise `1:0` modes are appended up to rank `R`.
fn pad(block: &Layout, r: usize) -> Layout {
    if r <= 1 || block.rank() >= r {
        return block.clone();
    }
    let unit = Layout::int(1, 0);
    let mut b = LayoutBuilder::new();
    let o = b.open();
    for m in block.as_ref().modes() {
        b.push(m);
    }
    for _ in block.rank()..r {
        b.push(unit.as_ref());
    }
    b.close(o);
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(block: &str, shape: &str, order: Option<&str>) -> String {
        let order: Option<IntTuple> = order.map(|o| o.parse().unwrap());
        tile_to_shape(
            &block.parse().unwrap(),
            &shape.parse().unwrap(),
            order.as_ref(),
        )
        .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }

    /// CuTe C++'s answers (CUTLASS 4.2.0, static integers), as
    /// tests/cute-cpp/surface.cu prints them (surface.expected).
    #[test]
    fn cute_exact() {
        assert_eq!(
            t("(8,64):(64,1)", "(128,64)", None),
            "((8,16),(64,1)):((64,512),(1,0))"
        );
        assert_eq!(
            t("(64,8):(1,64)", "(128,32)", None),
            "((64,2),(8,4)):((1,512),(64,1024))"
        );
        assert_eq!(
            t("(2,2):(1,2)", "(4,4)", Some("(1,0)")),
            "((2,2),(2,2)):((1,8),(2,4))"
        );
        // A rank-1 block padded to rank 2.
        assert_eq!(t("4:1", "(8,3)", None), "((4,2),(1,3)):((1,4),(0,8))");
        // An integer target is wrapped (CuTe's `product_each`).
        assert_eq!(t("8:1", "32", None), "((8,(4))):((1,(8)))");
        assert_eq!(t("16:1", "32", None), "((16,(2))):((1,(16)))");
        assert_eq!(t("(8):(1)", "32", None), "((8,4)):((1,8))");
        // A non-compact block: the tiles fill its gaps first.
        assert_eq!(t("8:2", "32", None), "((8,((2,2)))):((2,((1,16))))");
        assert_eq!(t("(8,64):(64,1)", "(100,64)", None), "not_compatible");
        assert_eq!(t("(2,2,2):(1,2,4)", "(4,4)", None), "rank_mismatch");
    }
}
