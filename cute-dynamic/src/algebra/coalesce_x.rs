//! CuTe's `detail::coalesce_x` and `detail::bw_coalesce` (`layout.hpp`).
//!
//! `coalesce(L)` agrees with `L` on its domain only: `(4,1):(1,0)` coalesces
//! to `4:1`, yet on the extended domain (the last mode takes every index
//! beyond, [semantics](../../docs/semantics/objects.md#coordinates)) `(4,1):(1,0)`
//! maps `5` to `1` and `4:1` maps it to `5`. Defining property of
//! `R = coalesce_x(L)`: depth at most 1 and `R(i) == L(i)` for **every**
//! `i ≥ 0`, both evaluated on the extended domain. CuTe gets there by one
//! change to coalesce's back-to-front walk: a trailing size-1 leaf `1:d` is
//! seeded as `2:d` (so it is never dropped, and its stride keeps deciding
//! the indices beyond), giving `(4,2):(1,0)` above; the result's size may
//! therefore be twice `size(L)`.
//!
//! `bw_coalesce(L, N)` is that walk itself: the leaves of `L`, last to
//! first, pushed onto the front of the flat stack `N` (a leaf of size 1 is
//! skipped; a stack that is the integer `1` is replaced; `s:d` merges into a
//! front mode `s':s·d` as `s·s':d`; otherwise it is prepended), and a stack
//! left as the integer `1` is `1:0`. `R = bw_coalesce(L, N)` has depth at
//! most 1 and `R(i) == (flatten(L), N)(i)` for every `i` of the
//! concatenation's domain (when `N` is not the integer 1; then `R(i) ==
//! L(i)` on `L`'s domain).
//!
//! `coalesce_x_by(L, profile)` applies `coalesce_x` at the leaves of the
//! profile, as `coalesce_by` does with coalesce.
//!
//! Contract checked by
//! `cute_tools::laws::check_{coalesce_x,coalesce_x_by,bw_coalesce}`.
//!
//! ```
//! use cute_dynamic::{bw_coalesce, coalesce, coalesce_x, Layout};
//! let l: Layout = "(4,1):(1,0)".parse()?;
//! assert_eq!(coalesce(&l).to_string(), "4:1");
//! assert_eq!(coalesce_x(&l)?.to_string(), "(4,2):(1,0)");
//! assert_eq!(coalesce_x(&"(2,(1,6)):(1,(6,2))".parse()?)?.to_string(), "12:1");
//! assert_eq!(bw_coalesce(&"(2,3):(1,2)".parse()?, &"4:6".parse()?)?.to_string(), "24:1");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;

use crate::algebra::coalesce::by_profile;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::{Layout, LayoutRef};
use crate::error::LayoutError;

/// The stack of `bw_coalesce`: its modes front to back, and whether it is
/// still CuTe's integer (not a tuple).
struct Stack {
    modes: Vec<(i64, i64)>,
    is_int: bool,
}

impl Stack {
    /// Walk `leaves` (front to back) last to first onto the stack.
    fn walk(
        mut self,
        leaves: &[(i64, i64)],
        whole: &dyn core::fmt::Display,
    ) -> Result<Layout, LayoutError> {
        // `modes` is kept reversed while walking: its front is the last entry.
        self.modes.reverse();
        for &(s, d) in leaves.iter().rev() {
            if s == 1 {
                continue;
            }
            let front = self.modes.last_mut();
            match front {
                Some(f) if self.is_int && f.0 == 1 => *f = (s, d),
                Some(f) if s.checked_mul(d) == Some(f.1) => {
                    f.0 =
                        f.0.checked_mul(s)
                            .ok_or_else(|| LayoutError::overflow("coalesce_x", whole))?;
                    f.1 = d;
                }
                _ => {
                    self.modes.push((s, d));
                    self.is_int = false;
                }
            }
        }
        self.modes.reverse();
        match (self.is_int, self.modes.as_slice()) {
            (true, [(1, _)]) => Ok(Layout::int(1, 0)),
            (true, [(s, d)]) => Layout::rank1(*s, *d),
            _ => {
                let (shape, stride): (Vec<i64>, Vec<i64>) = self.modes.iter().copied().unzip();
                Layout::new(IntTuple::flat(shape), IntTuple::flat(stride))
            }
        }
    }
}

/// CuTe's `detail::bw_coalesce`: the leaves of `l`, last to first, walked
/// onto the front of the flat stack `seed` (see the module documentation).
///
/// ```
/// use cute_dynamic::{bw_coalesce, Layout};
/// let l: Layout = "(2,(1,3)):(1,(5,4))".parse()?;
/// assert_eq!(bw_coalesce(&l, &"1:7".parse()?)?.to_string(), "(2,3):(1,4)");
/// assert_eq!(bw_coalesce(&l, &"(1):(7)".parse()?)?.to_string(), "(2,3,1):(1,4,7)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: a `seed` of depth above 1 or without a mode (`not_compatible`:
/// CuTe's stack is an integer or a flat tuple with a front), a merged size
/// or a result beyond `i64` (`overflow`).
pub fn bw_coalesce(l: &Layout, seed: &Layout) -> Result<Layout, LayoutError> {
    let modes: Vec<(i64, i64)> = seed.leaf_modes().collect();
    if seed.depth() > 1 || modes.is_empty() {
        return Err(LayoutError::NotCompatible {
            operation: "bw_coalesce (a flat stack with a front mode)",
            left: l.to_string(),
            right: seed.to_string(),
        });
    }
    let leaves: Vec<(i64, i64)> = l.leaf_modes().collect();
    Stack {
        modes,
        is_int: seed.shape().is_int(),
    }
    .walk(&leaves, &format_args!("{l}, {seed}"))
}

/// CuTe's `detail::coalesce_x(L)`: coalesce that keeps `L`'s values on the
/// whole extended domain (see the module documentation).
///
/// Errors: a layout without a leaf (`not_compatible`: CuTe's
/// `get<R-1>` of an empty shape does not compile), a result whose size is
/// beyond `i64` (`overflow`; the seed `2` doubles the size).
pub fn coalesce_x(l: &Layout) -> Result<Layout, LayoutError> {
    coalesce_x_ref(l.as_ref())
}

fn coalesce_x_ref(l: LayoutRef<'_>) -> Result<Layout, LayoutError> {
    let leaves: Vec<(i64, i64)> = l.leaf_modes().collect();
    let Some((&(s, d), rest)) = leaves.split_last() else {
        return Err(LayoutError::NotCompatible {
            operation: "coalesce_x (a layout with a leaf)",
            left: l.to_owned().to_string(),
            right: l.to_owned().shape().to_string(),
        });
    };
    let seed = if s == 1 { (2, d) } else { (s, d) };
    Stack {
        modes: vec![seed],
        is_int: true,
    }
    .walk(rest, &l.to_owned())
}

/// CuTe's `detail::coalesce_x(L, trg_profile)`: [`coalesce_x`] of the part
/// of `L` at each leaf of `profile`; a tuple profile of rank `r ≤ rank(L)`
/// keeps the modes after `r`.
///
/// ```
/// use cute_dynamic::{coalesce_x_by, Layout};
/// let l: Layout = "((2,2),(4,1),3):((1,2),(4,0),16)".parse()?;
/// assert_eq!(coalesce_x_by(&l, &"(1,1)".parse()?)?.to_string(), "(4,(4,2),3):(1,(4,0),16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: a profile of higher rank than the mode it applies to
/// (`rank_mismatch`, CuTe's `static_assert`), and those of [`coalesce_x`].
pub fn coalesce_x_by(l: &Layout, profile: &IntTuple) -> Result<Layout, LayoutError> {
    by_profile("coalesce_x", l, profile, coalesce_x_ref)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx(s: &str) -> String {
        coalesce_x(&s.parse().unwrap()).map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }

    /// CuTe's answers (layout.hpp's walk, traced by hand).
    #[test]
    fn cute_exact() {
        assert_eq!(cx("(4,1):(1,0)"), "(4,2):(1,0)");
        assert_eq!(cx("(4,1):(1,4)"), "8:1");
        assert_eq!(cx("1:5"), "2:5");
        assert_eq!(cx("(2,3):(1,2)"), "6:1");
        assert_eq!(cx("(2,1,3):(1,7,2)"), "6:1");
        assert_eq!(cx("(2,3):(3,1)"), "(2,3):(3,1)");
        assert_eq!(cx("(1,1):(0,0)"), "2:0");
        assert_eq!(cx("():()"), "not_compatible");
        assert_eq!(
            cx("(4611686018427387904,1):(1,4611686018427387904)"),
            "overflow"
        );
    }
}
