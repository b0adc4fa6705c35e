//! `domain_distribute(A, n)`: a layout that selects `n` elements (or as many
//! as the shape allows) of the domain of shape `A`, spread over its modes
//! from the first on (CuTe layout.hpp). Each leaf of `A`, in order, takes
//! `gcd(leaf, what is left of n)` of its elements; the result has those
//! factors with the strides they have in `A`'s compact column-major layout,
//! coalesced. Defining property: `size(R)` divides `n`; `R` is strictly
//! increasing (ordered and injective); and `column_major(A) ∘ R` is
//! admissible, so `zipped_divide(A, R)` tiles `A` by `R`.
//!
//! ```
//! use cute_dynamic::{domain_distribute, IntTuple};
//! // CuTe's example: 6 does not divide (15,14), but 3·2 can be taken.
//! let r = domain_distribute(&"(15,14)".parse()?, 6)?;
//! assert_eq!(r.to_string(), "(3,2):(1,15)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;
use smallvec::SmallVec;

use crate::algebra::coalesce::coalesce;
use crate::algebra::ordered_layout::check_positive;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::Layout;
use crate::error::LayoutError;

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `domain_distribute(shape, n)` (see the module documentation). Errors: a
/// non-positive shape leaf or `n < 1` (`non_positive_shape`), a size beyond
/// `i64`.
pub fn domain_distribute(shape: &IntTuple, n: i64) -> Result<Layout, LayoutError> {
    check_positive(shape)?;
    if n < 1 {
        return Err(LayoutError::NonPositiveShape {
            shape: format!("domain_distribute count {n}"),
        });
    }
    let mut modes: SmallVec<[(i64, i64); 8]> = SmallVec::new();
    let (mut rest, mut cur) = (n, 1i64);
    for s in shape.leaves() {
        let g = gcd(s, rest);
        // Compact strides are prefix products of the shape: they fit.
        modes.push((g, if s == 1 { 0 } else { cur }));
        rest /= g;
        cur = cur.saturating_mul(s);
    }
    Ok(coalesce(&Layout::flat(modes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dd(s: &str, n: i64) -> String {
        domain_distribute(&s.parse().unwrap(), n)
            .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }

    /// CuTe C++ answers (static integers), derived from layout.hpp.
    #[test]
    fn cute_exact() {
        assert_eq!(dd("(15,14)", 6), "(3,2):(1,15)");
        // The whole of mode 0, then part of mode 1: (4,2):(1,4) coalesces.
        assert_eq!(dd("(4,6)", 8), "8:1");
        // Nothing of 5 fits: every gcd is 1, coalesced to 1:0.
        assert_eq!(dd("(4,6)", 5), "1:0");
        // Nested shapes are flattened: all of mode 0 and 2 of the 4, which
        // is contiguous: (2,3,2,1):(1,2,6,24) coalesces to 12:1.
        assert_eq!(dd("((2,3),(4,5))", 12), "12:1");
        // A gap: 2 of the 4 of mode 0 and 3 of mode 1.
        assert_eq!(dd("(4,3)", 6), "(2,3):(1,4)");
        assert_eq!(dd("7", 7), "7:1");
        assert_eq!(dd("(4,6)", 0), "non_positive_shape");
    }
}
