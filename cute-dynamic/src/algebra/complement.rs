//! Complement (docs/semantics/algebra.md#complement, Cecka eqs. 27-29): `R = complement(A, M)` has an
//! image disjoint from `A`'s (`R(a) ∉ image(A)` for `a > 0`) and is strictly
//! increasing; `M` defaults to `cosize(A)`. CuTe's algorithm: sort `A`'s
//! leaves by (stride, shape), skip stride-0 and size-1 leaves, and fill the
//! gap below each stride; the last mode reaches `⌈M / extent⌉`. A layout
//! whose sorted leaves overlap or interleave (a stride inside the extent of
//! the smaller leaves) has no complement of this form: an error.
//!
//! Contract checked by `cute_tools::laws::check_complement`.
//!
//! ```
//! use cute_dynamic::{complement, Layout};
//! let a: Layout = "4:32".parse()?;
//! assert_eq!(complement(&a, 256)?.to_string(), "(32,2):(1,128)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::{format, string::ToString, vec::Vec};
use cute_core::int::ceil_div;
use cute_core::stride;

use crate::algebra::coalesce::{BACK_MODES, BackModes, Modes, coalesce_back, coalesce_modes_into};
use crate::data::int_tuple::IntTuple;
use crate::data::int_tuple_ops::ceil_div as ceil_div_tuple;
use crate::data::layout::{Layout, LayoutRef, leaf_pairs};
use crate::error::LayoutError;

/// `complement(A, M)` (see the module documentation).
pub fn complement(a: &Layout, cotarget: i64) -> Result<Layout, LayoutError> {
    complement_ref(a.as_ref(), cotarget)
}

/// CuTe's `complement(A, T)` with a shape `T` as cotarget: the last mode,
/// from the extent `c` of `A`'s sorted leaves, has the size
/// `size(ceil_div(T, c))` (the integer `c` divided out of `T`'s modes left
/// to right, CuTe's `coalesce(ceil_div(cotarget, c))` with compact strides
/// from `c`, coalesced into one mode); an integer `T` is [`complement`].
///
/// ```
/// use cute_dynamic::{complement, complement_shape, Layout};
/// let a: Layout = "4:1".parse()?;
/// // (3,8) / 4 = (1,4) (not 24 / 4 = 6).
/// assert_eq!(complement_shape(&a, &"(3,8)".parse()?)?.to_string(), "4:4");
/// assert_eq!(complement(&a, 24)?.to_string(), "6:4");
/// assert_eq!(complement_shape(&"4:0".parse()?, &"(3,8)".parse()?)?.to_string(), "24:1");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: those of [`complement`], a non-positive leaf of `T`
/// (`invalid_argument`), a size beyond `i64` (`overflow`).
pub fn complement_shape(a: &Layout, cotarget: &IntTuple) -> Result<Layout, LayoutError> {
    if let Some(m) = cotarget.as_int() {
        return complement(a, m);
    }
    if cotarget.leaves().any(|v| v < 1) {
        return Err(LayoutError::InvalidArgument {
            operation: "complement",
            argument: "cotarget",
            value: cotarget.to_string(),
            reason: "its leaves must be positive".into(),
        });
    }
    let mut modes: Modes = Modes::new();
    complement_modes_with(a.as_ref(), &mut modes, |cur| {
        ceil_div_tuple(cotarget, &IntTuple::int(cur))?
            .size()
            .ok_or_else(|| LayoutError::overflow("complement", format_args!("{a}, {cotarget}")))
    })?;
    Ok(Layout::unwrap_flat(&modes))
}

/// CuTe's `ceil_div(target, tiler)` for a layout `tiler` (layout.hpp): the
/// shape of `complement(tiler, shape(target))`, the rest mode a logical
/// divide of a layout of shape `target` by `tiler` would have (CuTe uses it
/// for grid sizes; like CuTe it does not check that the divide itself is
/// admissible). Law `cute_tools::laws::check_ceil_div_by_layout`.
///
/// ```
/// use cute_dynamic::{ceil_div_by_layout, IntTuple, Layout};
/// let t: IntTuple = "(12,10)".parse()?;
/// // The rest is coalesced, as CuTe's complement is: 3·10 tiles.
/// assert_eq!(ceil_div_by_layout(&t, &"4:1".parse::<Layout>()?)?.to_string(), "30");
/// assert_eq!(ceil_div_by_layout(&t, &"(4,5):(1,12)".parse::<Layout>()?)?.to_string(), "(3,2)");
/// assert_eq!(ceil_div_by_layout(&"100".parse()?, &"8:1".parse::<Layout>()?)?.to_string(), "13");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: those of [`complement_shape`].
pub fn ceil_div_by_layout(target: &IntTuple, tiler: &Layout) -> Result<IntTuple, LayoutError> {
    Ok(complement_shape(tiler, target)?.shape().clone())
}

/// `complement(A, cosize(A))`.
pub fn complement_default(a: &Layout) -> Result<Layout, LayoutError> {
    complement_ref(a.as_ref(), a.cosize()?)
}

/// The leaves of `A` that matter for its image, sorted by (stride, shape),
/// written into `modes` (cleared first; filled in place, so that the
/// inline buffer is never moved).
#[inline]
fn sorted_leaves(a: LayoutRef<'_>, op: &'static str, modes: &mut Modes) -> Result<(), LayoutError> {
    modes.clear();
    for m in leaf_pairs(a) {
        modes.push(m);
    }
    let kept = stride::sort_by_stride(modes);
    modes.truncate(kept);
    if modes.iter().any(|&(_, d)| d < 0) {
        return Err(negative_stride(a, op));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn negative_stride(a: LayoutRef<'_>, op: &'static str) -> LayoutError {
    LayoutError::Unsupported {
        operation: op,
        reason: format!(
            "{a} has a negative stride; the complement is defined for non-negative strides"
        ),
    }
}

pub(crate) fn complement_ref(a: LayoutRef<'_>, cotarget: i64) -> Result<Layout, LayoutError> {
    let mut buf: BackModes = [(0, 0); BACK_MODES];
    let mut spill = None;
    let modes = complement_modes_in(a, cotarget, &mut buf, &mut spill)?;
    Ok(Layout::unwrap_flat(modes))
}

/// [`complement_modes`] into a plain array when `A` has at most
/// `BACK_MODES - 1` leaves that move (written from its back, nothing
/// moved), else into `spill` (left `None` on the fast path, so that no
/// list is initialised there): the modes, never empty, and the same
/// errors in the same order.
#[inline]
pub(crate) fn complement_modes_in<'m>(
    a: LayoutRef<'_>,
    cotarget: i64,
    buf: &'m mut BackModes,
    spill: &'m mut Option<Modes>,
) -> Result<&'m [(i64, i64)], LayoutError> {
    if cotarget >= 1 {
        match complement_back(a, cotarget, buf) {
            Some(Ok(start)) => return Ok(&buf[start..]),
            Some(Err(e)) => return Err(e),
            None => {}
        }
    }
    let spill = spill.insert(Modes::new());
    complement_modes(a, cotarget, spill)?;
    Ok(spill)
}

/// The complement for a positive `cotarget` written from the back of
/// `buf` (its modes are `buf[start..]`): the leaves that move are sorted
/// into a plain array as they are read, the gaps go to another, and they
/// are coalesced back to front into `buf`. `None` when `A` has more than
/// `BACK_MODES - 1` leaves that move (the caller takes the general path).
#[inline(always)]
fn complement_back(
    a: LayoutRef<'_>,
    cotarget: i64,
    buf: &mut BackModes,
) -> Option<Result<usize, LayoutError>> {
    // The leaves that matter for the image, by (stride, shape), as
    // `stride::sort_by_stride` orders them (equal keys are equal leaves).
    let mut sorted = [(0i64, 0i64); BACK_MODES - 1];
    let mut n = 0usize;
    for (s, d) in leaf_pairs(a) {
        if s != 1 && d != 0 {
            if n == sorted.len() {
                return None;
            }
            let mut j = n;
            while j > 0 && (d, s) < (sorted[j - 1].1, sorted[j - 1].0) {
                sorted[j] = sorted[j - 1];
                j -= 1;
            }
            sorted[j] = (s, d);
            n += 1;
        }
    }
    Some(complement_sorted(a, cotarget, &sorted[..n], buf))
}

/// The walk of [`complement_modes_with`] over `sorted` (at most
/// `BACK_MODES - 1` leaves), its gaps coalesced into the back of `buf`.
#[inline(always)]
fn complement_sorted(
    a: LayoutRef<'_>,
    cotarget: i64,
    sorted: &[(i64, i64)],
    buf: &mut BackModes,
) -> Result<usize, LayoutError> {
    if sorted.first().is_some_and(|&(_, d)| d < 0) {
        return Err(negative_stride(a, "complement"));
    }
    let overflow = || LayoutError::overflow("complement", a);
    let mut gaps = [(0i64, 0i64); BACK_MODES];
    let mut cur = 1i64;
    for (gap, &(s, d)) in gaps.iter_mut().zip(sorted) {
        if d < cur {
            return Err(LayoutError::ComplementOverlap {
                layout: a.to_string(),
                stride: d,
                covered: cur,
            });
        }
        *gap = (d / cur, cur);
        cur = s.checked_mul(d).ok_or_else(overflow)?;
    }
    let n = sorted.len();
    if let Some(g) = gaps.get_mut(n) {
        *g = (ceil_div(cotarget, cur), cur);
    }
    let gaps = gaps.get(..=n).unwrap_or_default();
    Ok(coalesce_back(gaps.iter().rev().copied(), true, buf).unwrap_or(BACK_MODES))
}

/// The modes of `complement(A, M)` (coalesced, never empty) written into
/// `out`, for callers that write them straight into the layout they build.
pub(crate) fn complement_modes(
    a: LayoutRef<'_>,
    cotarget: i64,
    out: &mut Modes,
) -> Result<(), LayoutError> {
    if cotarget < 1 {
        return Err(LayoutError::InvalidArgument {
            operation: "complement",
            argument: "cotarget",
            value: cotarget.to_string(),
            reason: "must be positive".into(),
        });
    }
    complement_modes_with(a, out, |cur| Ok(ceil_div(cotarget, cur)))
}

/// The modes of the complement whose last mode (from the extent `cur` of
/// the sorted leaves, with stride `cur`) has the size `last(cur)`.
#[inline]
fn complement_modes_with(
    a: LayoutRef<'_>,
    out: &mut Modes,
    last: impl FnOnce(i64) -> Result<i64, LayoutError>,
) -> Result<(), LayoutError> {
    let modes = out;
    sorted_leaves(a, "complement", modes)?;
    // The gaps (one per leaf, and the last mode) go to a plain array when
    // they fit, so that no inline buffer is moved; else to a spilled list.
    let overflow = || LayoutError::overflow("complement", a);
    let mut walk = stride::walk(modes);
    let mut gaps = [(0i64, 0i64); 8];
    let n = modes.len();
    let mut spill: Modes = Modes::new();
    for step in walk.by_ref() {
        let cur = step.covered.ok_or_else(overflow)?;
        if step.overlaps() {
            return Err(LayoutError::ComplementOverlap {
                layout: a.to_string(),
                stride: step.stride,
                covered: cur,
            });
        }
        let gap = (step.stride / cur, cur);
        if n < gaps.len() {
            gaps[step.index] = gap;
        } else {
            spill.push(gap);
        }
    }
    let cur = walk.extent().ok_or_else(overflow)?;
    let last = (last(cur)?, cur);
    if n < gaps.len() {
        gaps[n] = last;
        coalesce_modes_into(gaps[..=n].iter().copied(), true, modes);
    } else {
        spill.push(last);
        coalesce_modes_into(spill.iter().copied(), true, modes);
    }
    Ok(())
}

/// Shah Def. 2.5: `(A, complement(A, M))` is a bijection onto `[0, M)`
/// exactly when `A` has no stride-0 mode of size > 1 and, with `A`'s leaves
/// sorted by stride, each `N_{i-1}·d_{i-1}`
/// divides `d_i` and `N_α·d_α` divides `M`.
///
/// ```
/// use cute_dynamic::{is_complement_admissible, Layout};
/// assert!(is_complement_admissible(&"(2,2):(1,4)".parse::<Layout>()?, 16));
/// assert!(!is_complement_admissible(&"(2,2):(1,3)".parse::<Layout>()?, 12));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn is_complement_admissible(a: &Layout, cotarget: i64) -> bool {
    if a.leaf_modes().any(|(s, d)| s > 1 && d == 0) {
        return false;
    }
    let mut modes: Modes = Modes::new();
    if sorted_leaves(a.as_ref(), "is_complement_admissible", &mut modes).is_err() {
        return false;
    }
    let mut walk = stride::walk(&modes);
    if !walk
        .by_ref()
        .all(|step| step.covered.is_some_and(|cur| step.stride % cur == 0))
    {
        return false;
    }
    walk.extent()
        .is_some_and(|cur| cotarget > 0 && cotarget % cur == 0)
}

/// Injective by the sorted-stride test: no stride-0 leaf of size > 1, and
/// each stride at least the extent of the smaller leaves.
pub(crate) fn is_simply_injective(a: &Layout) -> bool {
    if a.leaf_modes().any(|(s, d)| s > 1 && d == 0) {
        return false;
    }
    let mut modes: Modes = Modes::new();
    if sorted_leaves(a.as_ref(), "injective", &mut modes).is_err() {
        return false;
    }
    stride::walk(&modes).all(|step| !step.overlaps())
}

/// `true` when no two coordinates of `L` map to the same offset (the
/// sorted-stride test, else the image is enumerated).
pub fn is_injective(a: &Layout) -> bool {
    if a.leaf_modes().any(|(s, d)| s > 1 && d == 0) {
        return false;
    }
    if is_simply_injective(a) {
        return true;
    }
    let n = a.size();
    let mut seen: Vec<i64> = (0..n).map(|i| a.call(i)).collect();
    seen.sort_unstable();
    seen.windows(2).all(|w| w[0] != w[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn general(a: &Layout, m: i64) -> Result<Layout, LayoutError> {
        let mut modes: Modes = Modes::new();
        complement_modes(a.as_ref(), m, &mut modes)?;
        Ok(Layout::unwrap_flat(&modes))
    }

    /// The plain-array path agrees with the general one on both sides of
    /// its capacity (7 moving leaves fit, 8 do not), on unsorted leaves,
    /// and on every error (overlap, negative stride, bad cotarget).
    #[test]
    fn array_path_agrees_with_the_general_one() {
        let cases = [
            ("(2,2,2,2,2,2,2):(1,2,4,8,16,32,64)", 512),
            ("(2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128)", 1024),
            ("(2,2,2,2,2,2,2,2):(128,64,32,16,8,4,2,1)", 256),
            ("((2,3),(1,5),2):((60,1),(7,3),30)", 600),
            ("(2,2,2,2,2,2,2,3):(1,4,16,64,256,1024,4096,16384)", 1 << 20),
            ("(4,4):(1,2)", 64),
            ("(4,2):(-1,8)", 64),
            ("(4,2):(1,4)", 0),
            ("(4,(2,1)):(0,(4,9))", 7),
            ("1:0", 1),
        ];
        for (text, m) in cases {
            let a: Layout = text.parse().unwrap();
            let fast = complement(&a, m).map(|l| l.to_string());
            let slow = general(&a, m).map(|l| l.to_string());
            assert_eq!(fast, slow, "{text}, {m}");
        }
    }
}
