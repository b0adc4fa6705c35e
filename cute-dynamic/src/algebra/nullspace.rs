//! Nullspace (kernel) of a layout: `R = nullspace(L)` enumerates the
//! coordinates `L` maps to offset 0 that come from stride-0 leaves:
//! `L(R(i)) == 0` for every `i < size(R)`, `R` is injective, and
//! `size(R) · size(filter(L)) == size(L)`.
//!
//! CuTe's construction (layout.hpp): flatten `L`, keep the leaves whose
//! stride is 0, and give each the stride it has in the compact column-major
//! layout of `L`'s flat shape (the index, in `L`'s domain, of one step along
//! that leaf; a size-1 leaf gets stride 0). One kept leaf gives `s:d`,
//! several a flat tuple, none `1:0`.
//!
//! ```
//! use cute_dynamic::{nullspace, Layout};
//! let l: Layout = "(2,4,6):(1,2,0)".parse()?;
//! assert_eq!(nullspace(&l).to_string(), "6:8");
//! assert_eq!(nullspace(&"(4,(3,5)):(0,(1,0))".parse()?).to_string(), "(4,5):(1,12)");
//! assert_eq!(nullspace(&"(4,8):(1,4)".parse()?).to_string(), "1:0");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;
use smallvec::SmallVec;

use crate::data::layout::Layout;

/// `nullspace(L)` (see the module documentation). Nothing can fail: the
/// strides are prefix products of `L`'s shape, which fit in `i64`.
pub fn nullspace(l: &Layout) -> Layout {
    let mut modes: SmallVec<[(i64, i64); 8]> = SmallVec::new();
    let mut cur = 1i64;
    for (s, d) in l.leaf_modes() {
        if d == 0 {
            modes.push((s, if s == 1 { 0 } else { cur }));
        }
        // Bounded by size(L), which construction keeps in i64.
        cur = cur.saturating_mul(s);
    }
    Layout::unwrap_flat(&modes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ns(s: &str) -> String {
        nullspace(&s.parse().unwrap()).to_string()
    }

    /// CuTe C++ answers (static integers), derived from layout.hpp.
    #[test]
    fn cute_exact() {
        // flat (2,4,6):(1,2,0): stride-0 leaf 2, compact stride 2·4.
        assert_eq!(ns("(2,4,6):(1,2,0)"), "6:8");
        // Two kept leaves stay a flat tuple: compact strides of (4,3,5) are (1,4,12).
        assert_eq!(ns("(4,(3,5)):(0,(1,0))"), "(4,5):(1,12)");
        // A size-1 stride-0 leaf is kept with stride 0 (CuTe's compact _1 -> _0).
        assert_eq!(ns("(4,1):(1,0)"), "1:0");
        assert_eq!(ns("(1,4,2):(0,1,0)"), "(1,2):(0,4)");
        // No stride-0 leaf: Layout<_1,_0>.
        assert_eq!(ns("8:1"), "1:0");
        assert_eq!(ns("8:0"), "8:1");
        assert_eq!(ns("(2,2):(0,0)"), "(2,2):(1,2)");
    }
}
