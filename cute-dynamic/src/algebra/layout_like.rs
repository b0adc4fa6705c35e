//! `make_layout_like(L)`: the compact layout with `L`'s shape whose leaves
//! are laid out in the order of `L`'s strides, stride-0 leaves kept at
//! stride 0 (CuTe layout.hpp: `compact_order(filter_zeros(stride, shape),
//! stride)`). Defining property: same shape as `L`; a leaf of stride 0 in `L`
//! (or of size 1) has stride 0; the other leaves form a bijection onto
//! `[0, size(filter(L)))`; and of two such leaves, the one with the smaller
//! stride in `L` has the smaller stride in the result. This is the layout of
//! a fresh buffer "like" a tensor of layout `L` (`make_tensor_like`).
//!
//! Leaves of size > 1 with the same non-zero stride (`L` overlaps itself)
//! have no order between them: as in CuTe, each gets the product of the
//! sizes of the leaves of smaller stride, so they share one stride and the
//! result overlaps itself too (it is not compact): `make_layout_like` of
//! `(4,8):(1,1)` is `(4,8):(1,1)`. That is the general rule, of which the
//! compact case above is the tie-free instance.
//!
//! ```
//! use cute_dynamic::{make_layout_like, Layout};
//! // CuTe's examples.
//! assert_eq!(make_layout_like(&"(2,2,2,2):(0,2,4,1)".parse()?)?.to_string(), "(2,2,2,2):(0,2,4,1)");
//! assert_eq!(make_layout_like(&"(2,3,4,5):(0,42,1,0)".parse()?)?.to_string(), "(2,3,4,5):(0,4,1,0)");
//! // Tied strides share a stride (CuTe C++'s answer).
//! assert_eq!(make_layout_like(&"(4,8,2):(1,1,7)".parse()?)?.to_string(), "(4,8,2):(1,1,32)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::algebra::ordered_layout::compact_order_with;
use crate::data::layout::{Layout, replace_leaves};
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

/// `make_layout_like(L)` (see the module documentation). Every layout has
/// one: the `Result` never holds an error (kept for the signature the
/// operation table and the other layers share).
pub fn make_layout_like(l: &Layout) -> Result<Layout, LayoutError> {
    let filtered = replace_leaves(
        l.shape().as_ref(),
        l.leaf_modes().map(|(s, d)| if d == 0 { 1 } else { s }),
    );
    let stride = compact_order_with(filtered.as_ref(), l.stride().as_ref(), None)?;
    Ok(Layout::from_parts_unchecked(l.shape().clone(), stride))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn like(s: &str) -> String {
        make_layout_like(&s.parse().unwrap())
            .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }

    /// CuTe C++ answers (static integers), derived from layout.hpp.
    #[test]
    fn cute_exact() {
        assert_eq!(like("(2,2,2,2):(0,2,4,1)"), "(2,2,2,2):(0,2,4,1)");
        assert_eq!(like("(2,3,4,5):(0,42,1,0)"), "(2,3,4,5):(0,4,1,0)");
        // Row-major stays row-major, gaps are closed.
        assert_eq!(like("(4,8):(100,1)"), "(4,8):(8,1)");
        // Nested: leaves ordered by stride across modes: 1 (size 2), 3 (size 4), 40 (size 3).
        assert_eq!(like("((2,3),4):((1,40),3)"), "((2,3),4):((1,8),2)");
        // A negative stride orders first.
        assert_eq!(like("(4,2):(1,-8)"), "(4,2):(2,1)");
        // A size-1 leaf gets stride 0.
        assert_eq!(like("(1,4):(7,1)"), "(1,4):(0,1)");
        // Ties share a stride, as in CuTe (tests/cute-cpp/surface.expected).
        assert_eq!(like("(2,2):(1,1)"), "(2,2):(1,1)");
        assert_eq!(like("(4,8):(1,1)"), "(4,8):(1,1)");
        assert_eq!(like("(3,(4,8)):(100,(-2,-2))"), "(3,(4,8)):(32,(1,1))");
        assert_eq!(like("(2,2):(0,0)"), "(2,2):(0,0)");
    }
}
