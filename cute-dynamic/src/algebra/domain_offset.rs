//! Domain offset: `domain_offset(c, L) = (L, L(c))`. Shifting a tensor's
//! origin to coordinate `c` keeps its layout and moves its base by `L(c)`:
//! for natural coordinates `c` and `x`, `L(c + x) == L(c) + L(x)` (a layout
//! is linear in natural coordinates), so the tensor `(base + L(c), L)` at `x`
//! is the tensor `(base, L)` at `c + x`. `c` may be any coordinate weakly
//! congruent to `L`'s shape, and may lie outside the domain (negative
//! coordinates included, as CuTe allows); the offset is computed with
//! overflow checks.
//!
//! ```
//! use cute_dynamic::{domain_offset, Layout};
//! let l: Layout = "(8,(4,2)):(1,(8,64))".parse()?;
//! let (moved, off) = domain_offset(&"(2,(1,1))".parse()?, &l)?;
//! assert_eq!((moved.to_string(), off), (l.to_string(), 2 + 8 + 64));
//! assert_eq!(domain_offset(&"(0,-1)".parse()?, &l)?.1, -8);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::data::coordinate::crd2idx;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::Layout;
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

/// `domain_offset(c, L)`: the layout (unchanged) and the offset `L(c)` to add
/// to the base. Errors: `c` not weakly congruent to the shape
/// (`not_compatible`), or an offset beyond `i64` (`overflow`).
pub fn domain_offset(coord: &IntTuple, l: &Layout) -> Result<(Layout, i64), LayoutError> {
    Ok((l.clone(), crd2idx(coord, l)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cute_exact() {
        let l: Layout = "(4,6):(6,1)".parse().unwrap();
        let off = |c: &str| domain_offset(&c.parse().unwrap(), &l).map(|r| r.1);
        // CuTe: make_tuple(layout, layout(coord)).
        assert_eq!(off("(1,2)").unwrap(), 8);
        assert_eq!(off("5").unwrap(), 7); // 5 -> (1,1)
        assert_eq!(off("(0,7)").unwrap(), 7); // outside the domain: still linear
        assert!(off("(1,2,3)").is_err());
        assert!(off("(4611686018427387904,0)").is_err());
    }
}
