//! Layout addition (the reference implementation's `layout_add`, PyCuTe;
//! CuTe C++ has no such function): `R = layout_add(A, B)` has
//! `size(R) == size(A) == size(B)` and `R(i) == A(i) + B(i)` for every
//! `i < size(R)`; `A` and `B` need not be compatible, and `R` is coalesced.
//! It is symmetric.
//!
//! Algorithm (PyCuTe's): coalesce `A` and `B`, take
//! `G = greatest_common_domain` of the coalesced shapes; when `G` covers the
//! whole domain (`size(G) == size(A)`), both layouts are linear on `G`'s
//! factors and `R = coalesce(shape(G) : (A(dₖ) + B(dₖ))ₖ)`. Otherwise no
//! layout has that sum on the shapes' common refinement, which is an error.
//!
//! ```
//! use cute_dynamic::{layout_add, Layout};
//! let l = |s: &str| s.parse::<Layout>();
//! assert_eq!(layout_add(&l("12:1")?, &l("12:1")?)?.to_string(), "12:2");
//! assert_eq!(layout_add(&l("(4,3):(1,4)")?, &l("(4,3):(3,1)")?)?.to_string(), "(4,3):(4,5)");
//! assert_eq!(layout_add(&l("(5,3):(3,1)")?, &l("(3,5):(5,1)")?).unwrap_err().kind(), "not_compatible");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;
use smallvec::SmallVec;

use crate::algebra::coalesce::coalesce;
use crate::algebra::common_domain::greatest_common_domain;
use crate::data::layout::Layout;
use crate::error::{LayoutError, add};

/// `layout_add(A, B)` (see the module documentation). Errors: different
/// sizes, or no common refinement of the coalesced shapes
/// (`not_compatible`); an offset beyond `i64` (`overflow`).
pub fn layout_add(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    if a.size() != b.size() {
        return Err(LayoutError::NotCompatible {
            operation: "layout_add (the sizes differ)",
            left: a.to_string(),
            right: b.to_string(),
        });
    }
    let (ac, bc) = (coalesce(a), coalesce(b));
    let g = greatest_common_domain(ac.shape(), bc.shape())?;
    if g.size() != a.size() {
        return Err(LayoutError::NotCompatible {
            operation: "layout_add (the coalesced shapes have no common refinement)",
            left: ac.to_string(),
            right: bc.to_string(),
        });
    }
    let operands = format_args!("{a} + {b}");
    let mut modes: SmallVec<[(i64, i64); 8]> = SmallVec::new();
    for (s, d) in g.leaf_modes() {
        let sum = add(
            ac.checked_call(d)?,
            bc.checked_call(d)?,
            "layout_add",
            &operands,
        )?;
        modes.push((s, sum));
    }
    Ok(coalesce(&Layout::flat(modes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn la(a: &str, b: &str) -> String {
        layout_add(&a.parse().unwrap(), &b.parse().unwrap())
            .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }

    /// The reference implementation's documented examples, and errors.
    #[test]
    fn reference_examples() {
        assert_eq!(la("12:1", "12:1"), "12:2");
        assert_eq!(la("5:0", "5:1"), "5:1");
        assert_eq!(la("(4,3):(1,4)", "(4,3):(3,1)"), "(4,3):(4,5)");
        assert_eq!(la("(5,3,4):(1,5,15)", "(10,6):(1,10)"), "60:2");
        assert_eq!(la("4:1", "8:1"), "not_compatible");
        assert_eq!(la("(5,3):(3,1)", "(3,5):(5,1)"), "not_compatible");
        assert_eq!(la("(5,3):(1,5)", "(3,5):(5,1)"), "(3,5):(6,4)");
        assert_eq!(la("1:0", "1:7"), "1:0");
        assert_eq!(
            la("2:4611686018427387904", "2:4611686018427387904"),
            "overflow"
        );
    }
}
