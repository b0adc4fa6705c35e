//! CuTe's `max_alignment(L)` (`layout.hpp`): with `F = coalesce(L)` and
//! `P = logical_divide(F, right_inverse(F))`, the result is
//! `gcd(size<0>(P), stride<1>(P))` (CuTe's `gcd` folds every leaf of
//! `stride<1>`; a stride of 0 leaves the other operand). Mode 0 of `P` is
//! `F`'s contiguous run `0, 1, …, k-1` (`k = size(right_inverse(F))`), mode 1
//! the rest, so the result `N` divides `k` and every stride of the rest:
//! the image of `L` is a union of whole aligned blocks `[N·m, N·m + N)`
//! (checked by `cute_tools::laws::check_max_alignment`).
//!
//! The run-time answer is CuTe's for a layout whose shapes and strides are
//! all static (CuTe first replaces a dynamic shape by 1 and a dynamic stride
//! by 0; every value here is known).
//!
//! **Not "the largest N for which `upcast<N>` compiles"**, although CuTe's
//! comment says so: `upcast<N>` only asserts that `N` and each static stride
//! (and then each shape and `N / stride`) divide one another, either way, so
//! it compiles for larger `N`: `max_alignment((2,4):(1,4)) = 2` while
//! `upcast<4>` of it compiles; `max_alignment(8:2) = 1` while `upcast<2>`
//! compiles. We implement CuTe's formula, which is the alignment the
//! vectorizing copies rely on.
//!
//! ```
//! use cute_dynamic::{max_alignment, Layout};
//! assert_eq!(max_alignment(&"(2,4):(1,4)".parse()?)?, 2);
//! assert_eq!(max_alignment(&"(4,8):(1,4)".parse()?)?, 32);
//! assert_eq!(max_alignment(&"(4,8):(16,1)".parse()?)?, 8);
//! assert_eq!(max_alignment(&"8:2".parse()?)?, 1);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use cute_core::int::gcd;

use crate::algebra::coalesce::coalesce;
use crate::algebra::divide::logical_divide;
use crate::algebra::inverse::right_inverse;
use crate::data::layout::Layout;
use crate::error::LayoutError;

/// CuTe's `max_alignment(L)` (see the module documentation), non-negative
/// (CuTe's Euclid may keep the sign of a negative stride; the alignment is
/// its magnitude).
///
/// Errors: those of `right_inverse` and `logical_divide` on `coalesce(L)`
/// (an offset beyond `i64`: `overflow`).
pub fn max_alignment(l: &Layout) -> Result<i64, LayoutError> {
    let f = coalesce(l);
    let r = right_inverse(&f)?;
    let p = logical_divide(&f, &r)?;
    let size0 = p.mode(0).map_or(1, |m| m.size());
    let g = p
        .mode(1)
        .into_iter()
        .flat_map(|m| m.stride().leaves().collect::<alloc::vec::Vec<_>>())
        .fold(size0, gcd);
    g.checked_abs()
        .ok_or_else(|| LayoutError::overflow("max_alignment", l))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: &str) -> i64 {
        max_alignment(&s.parse().unwrap()).unwrap()
    }

    /// CuTe's formula traced by hand on small layouts.
    #[test]
    fn cute_exact() {
        assert_eq!(a("(2,4):(1,4)"), 2);
        assert_eq!(a("(4,2):(1,2)"), 2);
        assert_eq!(a("(4,2):(1,0)"), 4);
        assert_eq!(a("(2,2):(2,1)"), 4);
        assert_eq!(a("(3,2):(1,6)"), 3);
        assert_eq!(a("(3,2):(1,4)"), 1);
        assert_eq!(a("8:2"), 1);
        assert_eq!(a("1:0"), 1);
        assert_eq!(a("(8,8):(8,1)"), 64);
    }
}
