//! CuTe's layout utilities of `layout.hpp`: `coshape(L)`, `with_shape(L,
//! shape)`, `unflatten(L, profile)`, `zip(L)` and `tile_unzip(L, T)`.
//!
//! * `coshape(L)` is the codomain's extent: the smallest `C` with
//!   `|L|(c) < C` for every coordinate `c`, where `|L|` has `L`'s strides
//!   in magnitude (CuTe: `abs(L)(size(L) - 1) + 1`; for integer strides an
//!   integer, `cosize` of `|L|`).
//! * `with_shape(L, S) = L ∘ S` (`S` laid out column-major): `L` read
//!   through the shape `S`, whose domain must be admissible for composition.
//! * `unflatten(L, P)` regroups a flat layout (depth ≤ 1) by the profile
//!   `P`: `flatten(result) == L`, and the result is congruent to `P`
//!   (`P` has as many leaves as `L` has modes).
//!
//! ```
//! use cute_dynamic::{coshape, unflatten, with_shape, Layout};
//! let l: Layout = "(4,(2,3)):(2,(1,-8))".parse()?;
//! assert_eq!(coshape(&l)?, 3 * 2 + 1 + 2 * 8 + 1);
//! assert_eq!(with_shape(&"(8,4):(4,1)".parse()?, &"(4,8)".parse()?)?.to_string(), "(4,(2,4)):(4,(16,1))");
//! assert_eq!(unflatten(&"(2,3,4):(1,2,6)".parse()?, &"(1,(1,1))".parse()?)?.to_string(), "(2,(3,4)):(1,(2,6))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;

use crate::algebra::composition::composition;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::{Layout, LayoutBuilder, LayoutRef, replace_leaves};
use crate::error::LayoutError;

/// `coshape(L)`: `Σ (sᵢ - 1)·|dᵢ| + 1` over the leaves (see the module
/// documentation). Errors: a value beyond `i64` (`overflow`).
pub fn coshape(l: &Layout) -> Result<i64, LayoutError> {
    let overflow = || LayoutError::overflow("coshape", format_args!("{l}"));
    l.leaf_modes()
        .try_fold(1i64, |acc, (s, d)| {
            d.checked_abs()
                .and_then(|d| (s - 1).checked_mul(d))
                .and_then(|x| acc.checked_add(x))
        })
        .ok_or_else(overflow)
}

/// `with_shape(L, shape) = L ∘ shape` (see the module documentation).
/// Errors: those of the shape (`non_positive_shape`, `overflow`) and of the
/// composition (its admissibility rules).
pub fn with_shape(l: &Layout, shape: &IntTuple) -> Result<Layout, LayoutError> {
    composition(l, &Layout::column_major(shape)?)
}

/// `unflatten(L, profile)` (see the module documentation). Errors: `L` not
/// flat, or `profile` without one leaf per mode of `L` (`not_compatible`).
pub fn unflatten(l: &Layout, profile: &IntTuple) -> Result<Layout, LayoutError> {
    let modes = if l.shape().is_int() { 1 } else { l.rank() };
    if l.shape().depth() > 1 || profile.as_ref().leaf_count() != modes {
        return Err(LayoutError::NotCompatible {
            operation: "unflatten (a flat layout with one mode per leaf of the profile)",
            left: l.to_string(),
            right: profile.to_string(),
        });
    }
    let shape = replace_leaves(profile.as_ref(), l.shape().leaves());
    let stride = replace_leaves(profile.as_ref(), l.stride().leaves());
    Layout::new(shape, stride)
}

/// CuTe's `zip(L)` (`make_layout(zip(shape), zip(stride))`): a layout
/// whose modes are all tuples of one rank `k` is transposed, mode `j` of
/// the result gathering sub-mode `j` of every mode; a layout whose first
/// mode is a leaf is wrapped as `(L)`; `s:d` is kept.
///
/// ```
/// use cute_dynamic::{zip, Layout};
/// let l: Layout = "((2,3),(4,5)):((1,2),(6,24))".parse()?;
/// assert_eq!(zip(&l)?.to_string(), "((2,4),(3,5)):((1,6),(2,24))");
/// assert_eq!(zip(&"(2,3):(1,2)".parse()?)?.to_string(), "((2,3)):((1,2))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: no mode, or modes that are not all tuples of the first one's
/// rank (`not_compatible`; CuTe's "Mismatched Ranks").
pub fn zip(l: &Layout) -> Result<Layout, LayoutError> {
    if l.shape().is_int() {
        return Ok(l.clone());
    }
    // One pass over each mode's sub-modes (linear in the layout).
    let modes: Vec<Vec<LayoutRef<'_>>> = l
        .as_ref()
        .modes()
        .map(|m| {
            if m.shape.is_int() {
                Vec::new()
            } else {
                m.modes().collect()
            }
        })
        .collect();
    let first = l.as_ref().modes().next().ok_or_else(|| mismatched(l))?;
    if first.shape.is_int() {
        return Ok(Layout::concat([l]));
    }
    let k = modes[0].len();
    if l.as_ref()
        .modes()
        .zip(&modes)
        .any(|(m, subs)| m.shape.is_int() || subs.len() != k)
    {
        return Err(mismatched(l));
    }
    let mut b = LayoutBuilder::new();
    let outer = b.open();
    for j in 0..k {
        let o = b.open();
        for subs in &modes {
            b.push(subs[j]);
        }
        b.close(o);
    }
    b.close(outer);
    Ok(b.finish())
}

/// CuTe's two-layout `zip(A, B)`: `zip((A, B))`, each mode `j` of the
/// result pairing mode `j` of `A` with mode `j` of `B` (law
/// `cute_tools::laws::check_zip` of the pair).
///
/// ```
/// use cute_dynamic::{zip_layouts, Layout};
/// let a: Layout = "(2,3):(1,2)".parse()?;
/// let b: Layout = "(4,5):(6,24)".parse()?;
/// assert_eq!(zip_layouts(&a, &b)?.to_string(), "((2,4),(3,5)):((1,6),(2,24))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: those of [`zip`] (`A` and `B` not tuples of one rank:
/// `not_compatible`).
pub fn zip_layouts(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    zip(&Layout::concat([a, b]))
}

/// CuTe's `tile_unzip(L, T)`: `make_layout(zip2_by(shape, T),
/// zip2_by(stride, T))`, the by-mode divide or product `L` of the tiler `T`
/// regrouped into `(tiles, rests)`; the same as
/// [`zip2_by`](crate::zip2_by), under CuTe's name for layouts (law
/// `cute_tools::laws::check_zip2_by`).
///
/// ```
/// use cute_dynamic::{logical_divide, tile_unzip, zipped_divide, Layout, Tiler};
/// let a: Layout = "(8,8):(1,8)".parse()?;
/// let t: Tiler = "<2:1,4:1>".parse()?;
/// assert_eq!(tile_unzip(&logical_divide(&a, &t)?, &t)?, zipped_divide(&a, &t)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: those of `zip2_by` (a tiled mode that is not a pair:
/// `not_compatible`).
pub fn tile_unzip(l: &Layout, t: &crate::data::tiler::Tiler) -> Result<Layout, LayoutError> {
    crate::algebra::divide::zip2_by(l, t)
}

fn mismatched(l: &Layout) -> LayoutError {
    LayoutError::NotCompatible {
        operation: "zip (modes that are tuples of one rank)",
        left: l.to_string(),
        right: l.shape().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::l;

    /// CuTe's answers (layout.hpp).
    #[test]
    fn cute_exact() {
        assert_eq!(coshape(&l("(4,8):(1,4)")).unwrap(), 32);
        assert_eq!(coshape(&l("(4,8):(0,1)")).unwrap(), 8);
        assert_eq!(coshape(&l("(4,8):(-1,4)")).unwrap(), 32);
        assert_eq!(coshape(&l("1:0")).unwrap(), 1);
        assert_eq!(
            coshape(&l("2:-9223372036854775808")).unwrap_err().kind(),
            "overflow"
        );
        let ws = |a: &str, s: &str| {
            with_shape(&l(a), &s.parse().unwrap())
                .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
        };
        assert_eq!(ws("32:1", "(4,8)"), "(4,8):(1,4)");
        assert_eq!(ws("(4,8):(8,1)", "(2,16)"), "(2,(2,8)):(8,(16,1))");
        assert_eq!(ws("(4,8):(8,1)", "(3,8)"), "stride_divisibility");
        let un = |a: &str, p: &str| {
            unflatten(&l(a), &p.parse().unwrap())
                .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
        };
        assert_eq!(un("(2,3,4):(1,2,6)", "((1,1),1)"), "((2,3),4):((1,2),6)");
        assert_eq!(un("(2,3,4):(1,2,6)", "(1,(1,1))"), "(2,(3,4)):(1,(2,6))");
        assert_eq!(un("8:1", "1"), "8:1");
        assert_eq!(un("8:1", "(1)"), "(8):(1)");
        assert_eq!(un("(2,3):(1,2)", "(1,1,1)"), "not_compatible");
        assert_eq!(un("((2,3),4):((1,2),6)", "(1,1,1)"), "not_compatible");
    }
}
