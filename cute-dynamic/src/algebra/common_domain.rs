//! Greatest common domain of two shapes (the reference implementation's
//! `greatest_common_domain`, PyCuTe; CuTe C++ has no such function). The
//! result `G` is a flat layout whose shape is the ordered factorization of
//! the common divisor that both shapes share *in order*, and whose strides
//! are the indices (in either shape's colexicographic domain) at which each
//! common factor starts. Defining property: `G` is a rank ≥ 1 flat tuple
//! layout, strictly increasing and injective, `size(G)` divides
//! `gcd(size(A), size(B))`, and each factor of `G` lies inside one leaf of
//! `A` and inside one leaf of `B` (so `compact(A) ∘ G` and `compact(B) ∘ G`
//! are admissible). It depends only on the shapes and is symmetric.
//!
//! Algorithm (PyCuTe's): walk the leaves of both shapes with running prefix
//! products `pA`, `pB`; at the first index `lcm(pA, pB)` aligned in both,
//! emit the gcd of what is left of the two current leaves when it is > 1;
//! otherwise advance the leaf that ends first (both when neither end divides
//! the other). No common factor gives `(1):(0)`.
//!
//! ```
//! use cute_dynamic::{greatest_common_domain, IntTuple};
//! let t = |s: &str| s.parse::<IntTuple>();
//! assert_eq!(greatest_common_domain(&t("(5,3,4)")?, &t("(10,6)")?)?.to_string(), "(5,2):(1,30)");
//! assert_eq!(greatest_common_domain(&t("(5,3)")?, &t("(3,5)")?)?.to_string(), "(1):(0)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;
use smallvec::SmallVec;

use crate::algebra::ordered_layout::check_positive;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::{Layout, LayoutBuilder};
use crate::error::LayoutError;

/// `greatest_common_domain(A, B)` of two shapes (see the module
/// documentation). Errors: a non-positive leaf, or a size beyond `i64`.
pub fn greatest_common_domain(a: &IntTuple, b: &IntTuple) -> Result<Layout, LayoutError> {
    check_positive(a)?;
    check_positive(b)?;
    let overflow = || LayoutError::overflow("greatest_common_domain", format_args!("{a}, {b}"));
    let mut xa: SmallVec<[i64; 8]> = a.leaves().collect();
    let mut xb: SmallVec<[i64; 8]> = b.leaves().collect();
    let mut out: SmallVec<[(i64, i64); 8]> = SmallVec::new();
    cute_core::int::common_domain(&mut xa, &mut xb, |c, p| out.push((c, p)))
        .ok_or_else(overflow)?;
    if out.is_empty() {
        out.push((1, 0));
    }
    let mut builder = LayoutBuilder::new();
    let o = builder.open();
    for &(s, d) in &out {
        builder.leaf(s, d);
    }
    builder.close(o);
    Ok(builder.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(a: &str, b: &str) -> String {
        greatest_common_domain(&a.parse().unwrap(), &b.parse().unwrap())
            .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }

    /// The reference implementation's documented examples.
    #[test]
    fn reference_examples() {
        assert_eq!(g("(10)", "(10)"), "(10):(1)");
        assert_eq!(g("(16,3)", "(16,3)"), "(16,3):(1,16)");
        assert_eq!(g("(5,3,4)", "(10,6)"), "(5,2):(1,30)");
        assert_eq!(g("(6,35)", "(15,14)"), "(3,7):(1,30)");
        assert_eq!(g("(5,3)", "(3,5)"), "(1):(0)");
    }

    #[test]
    fn more_cases() {
        // Integers are shapes too; size-1 leaves are skipped.
        assert_eq!(g("12", "(4,3)"), "(4,3):(1,4)");
        assert_eq!(g("(1,8,1)", "(2,1,4)"), "(2,4):(1,2)");
        assert_eq!(g("(4,2)", "(2,4)"), "(2,2,2):(1,2,4)");
        assert_eq!(g("(0,2)", "2"), "non_positive_shape");
    }
}
