//! The two stride rules every crate applies to the leaves of a layout.
//!
//! * The compact (column-major) stride rule: leaf `k` of a shape gets the
//!   product of the leaves before it, except that a leaf of size 1 gets
//!   stride 0 (its only coordinate is 0, so the stride is irrelevant and
//!   CuTe writes 0).
//! * The sorted-stride walk of complement and injectivity: the leaves that
//!   move (size ≠ 1, stride ≠ 0) sorted by `(stride, shape)`, each visited
//!   with the extent `covered` of the smaller ones (`∏ s·d` of the previous
//!   leaf, starting at 1). A leaf whose stride is below `covered` overlaps or
//!   interleaves with the smaller leaves.
//!
//! ```
//! use cute_core::stride;
//! // compact strides of (2,1,3): (1,0,2)
//! let d: Vec<i64> = stride::compact(&[2, 1, 3]).collect();
//! assert_eq!(d, [1, 0, 2]);
//!
//! // the walk of (4,2):(2,1) visits 2:1 (covered 1), then 4:2 (covered 2)
//! let mut modes = [(4, 2), (2, 1), (1, 7)];
//! let n = stride::sort_by_stride(&mut modes);
//! let mut walk = stride::walk(&modes[..n]);
//! let steps: Vec<_> = walk.by_ref().map(|s| (s.shape, s.stride, s.covered)).collect();
//! assert_eq!(steps, [(2, 1, Some(1)), (4, 2, Some(2))]);
//! assert_eq!(walk.extent(), Some(8));
//! ```

/// The compact stride of a leaf of size `shape` after leaves whose sizes
/// multiply to `prefix`: `0` for a leaf of size 1, else `prefix`.
#[inline]
pub const fn compact_leaf(shape: i64, prefix: i64) -> i64 {
    if shape == 1 { 0 } else { prefix }
}

/// The compact column-major strides of the leaves `shape` (see the module
/// documentation), lazily; the running product saturates at `i64::MAX`
/// (callers check the size first when it matters).
pub fn compact<I>(shape: I) -> Compact<I::IntoIter>
where
    I: IntoIterator,
    I::Item: core::borrow::Borrow<i64>,
{
    Compact {
        leaves: shape.into_iter(),
        prefix: 1,
    }
}

/// The iterator of [`compact`].
#[derive(Clone, Debug)]
pub struct Compact<I> {
    leaves: I,
    prefix: i64,
}

impl<I> Iterator for Compact<I>
where
    I: Iterator,
    I::Item: core::borrow::Borrow<i64>,
{
    type Item = i64;
    fn next(&mut self) -> Option<i64> {
        let s = *core::borrow::Borrow::borrow(&self.leaves.next()?);
        let d = compact_leaf(s, self.prefix);
        self.prefix = self.prefix.saturating_mul(s);
        Some(d)
    }
}

/// The compact column-major strides of `shape` written into `out` (the
/// first `shape.len()` entries; `out` must be at least as long), and the
/// size `∏ shape`, or `None` when the size overflows.
pub fn compact_strides(shape: &[i64], out: &mut [i64]) -> Option<i64> {
    let mut prefix = 1i64;
    let mut overflow = false;
    for (o, &s) in out.iter_mut().zip(shape) {
        *o = compact_leaf(s, prefix);
        match prefix.checked_mul(s) {
            Some(p) => prefix = p,
            None => {
                overflow = true;
                prefix = i64::MAX;
            }
        }
    }
    (!overflow).then_some(prefix)
}

/// CuTe's `compact_order` on flat references `(size, order)` (one per
/// leaf of the order tuple, `size` that of its sub-shape): the start stride
/// of each, the product of the sizes whose order is strictly smaller,
/// written into `out` (at least as long as `refs`). References with the
/// same order get the same start (CuTe's answer; with two of size > 1 the
/// layout is not compact — [`order_starts`] refuses that).
///
/// ```
/// use cute_core::stride::compact_order_starts;
/// let mut out = [0i64; 3];
/// compact_order_starts(&[(2, 1), (3, 42), (4, 0)], &mut out);
/// assert_eq!(out, [4, 8, 1]);
/// compact_order_starts(&[(4, 1), (8, 1), (2, 3)], &mut out);
/// assert_eq!(out, [1, 1, 32]);
/// ```
pub fn compact_order_starts(refs: &[(i64, i64)], out: &mut [i64]) {
    for (start, &(_, o)) in out.iter_mut().zip(refs) {
        // A product of sub-shape sizes: bounded by the size, or saturated.
        *start = refs
            .iter()
            .filter(|&&(_, o2)| o2 < o)
            .fold(1i64, |acc, &(s, _)| acc.saturating_mul(s));
    }
}

/// [`compact_order_starts`] when no two references of size > 1 have the
/// same order; otherwise `Err((k, j))`, the indices of the first such pair
/// (no order between them), and `out` is left as it was.
///
/// ```
/// use cute_core::stride::order_starts;
/// let mut out = [0i64; 3];
/// assert_eq!(order_starts(&[(2, 1), (3, 42), (4, 0)], &mut out), Ok(()));
/// assert_eq!(out, [4, 8, 1]);
/// assert_eq!(order_starts(&[(2, 5), (3, 5)], &mut out), Err((0, 1)));
/// ```
pub fn order_starts(refs: &[(i64, i64)], out: &mut [i64]) -> Result<(), (usize, usize)> {
    for (k, &(s, o)) in refs.iter().enumerate() {
        if s == 1 {
            continue;
        }
        if let Some(j) = refs[k + 1..].iter().position(|&(s2, o2)| s2 > 1 && o2 == o) {
            return Err((k, k + 1 + j));
        }
    }
    compact_order_starts(refs, out);
    Ok(())
}

/// [`order_starts`] in `O(n log n)`, for many references: the same
/// answers (the same first tie), with `idx` (at least as long as `refs`)
/// as scratch space, so no allocation.
///
/// ```
/// use cute_core::stride::{order_starts, order_starts_sorted};
/// let refs = [(2, 1), (1, 1), (3, 42), (4, 0), (5, 7), (6, 7)];
/// let (mut a, mut b, mut idx) = ([0i64; 6], [0i64; 6], [0usize; 6]);
/// assert_eq!(order_starts(&refs, &mut a), Err((4, 5)));
/// assert_eq!(order_starts_sorted(&refs, &mut b, &mut idx), Err((4, 5)));
/// assert_eq!(order_starts_sorted(&refs[..4], &mut b, &mut idx), order_starts(&refs[..4], &mut a));
/// assert_eq!(a[..4], b[..4]);
/// ```
pub fn order_starts_sorted(
    refs: &[(i64, i64)],
    out: &mut [i64],
    idx: &mut [usize],
) -> Result<(), (usize, usize)> {
    let n = refs.len();
    let idx = sort_by_order(refs, idx);
    // The first tie of `order_starts`: the smallest index with a later
    // reference of size > 1 and the same order, and the first such later one.
    let mut tie: Option<(usize, usize)> = None;
    let mut g = 0;
    while g < n {
        let o = refs[idx[g]].1;
        let mut end = g;
        while end < n && refs[idx[end]].1 == o {
            end += 1;
        }
        let mut big = idx[g..end].iter().copied().filter(|&k| refs[k].0 != 1);
        if let (Some(k), Some(j)) = (big.next(), big.next())
            && tie.is_none_or(|(k0, _)| k < k0)
        {
            tie = Some((k, j));
        }
        g = end;
    }
    if let Some(t) = tie {
        return Err(t);
    }
    starts_in_order(refs, idx, out);
    Ok(())
}

/// [`compact_order_starts`] in `O(n log n)` (ties share a start), with
/// `idx` (at least as long as `refs`) as scratch space.
///
/// ```
/// use cute_core::stride::{compact_order_starts, compact_order_starts_sorted};
/// let refs = [(2, 1), (1, 1), (3, 42), (4, 0), (5, 7), (6, 7)];
/// let (mut a, mut b, mut idx) = ([0i64; 6], [0i64; 6], [0usize; 6]);
/// compact_order_starts(&refs, &mut a);
/// compact_order_starts_sorted(&refs, &mut b, &mut idx);
/// assert_eq!(a, b);
/// assert_eq!(a, [4, 4, 240, 1, 8, 8]);
/// ```
pub fn compact_order_starts_sorted(refs: &[(i64, i64)], out: &mut [i64], idx: &mut [usize]) {
    let idx = sort_by_order(refs, idx);
    starts_in_order(refs, idx, out);
}

/// `idx[..refs.len()]` holding the indices of `refs` sorted by (order, index).
fn sort_by_order<'a>(refs: &[(i64, i64)], idx: &'a mut [usize]) -> &'a [usize] {
    let idx = &mut idx[..refs.len()];
    for (k, i) in idx.iter_mut().enumerate() {
        *i = k;
    }
    idx.sort_unstable_by_key(|&k| (refs[k].1, k));
    idx
}

/// The starts of `refs` walked in the sorted order `idx`: each group of
/// one order starts at the product of the sizes of the groups before it.
fn starts_in_order(refs: &[(i64, i64)], idx: &[usize], out: &mut [i64]) {
    let n = refs.len();
    let (mut acc, mut g) = (1i64, 0);
    while g < n {
        let o = refs[idx[g]].1;
        let mut group = 1i64;
        while g < n && refs[idx[g]].1 == o {
            out[idx[g]] = acc;
            group = group.saturating_mul(refs[idx[g]].0);
            g += 1;
        }
        acc = acc.saturating_mul(group);
    }
}

/// Move the leaves that matter for a layout's image (size ≠ 1 and stride ≠
/// 0) to the front of `modes`, sorted by `(stride, shape)`, and return
/// their number. The order of the rest is unspecified.
pub fn sort_by_stride(modes: &mut [(i64, i64)]) -> usize {
    let mut kept = 0;
    for i in 0..modes.len() {
        let (s, d) = modes[i];
        if s != 1 && d != 0 {
            modes.swap(kept, i);
            kept += 1;
        }
    }
    // Insertion sort for a handful of leaves (no call, no key closure);
    // equal keys are equal leaves, so stability does not matter.
    let sorted = &mut modes[..kept];
    if sorted.len() > 16 {
        sorted.sort_unstable_by_key(|&(s, d)| (d, s));
        return kept;
    }
    for i in 1..sorted.len() {
        let x = sorted[i];
        let mut j = i;
        while j > 0 && (x.1, x.0) < (sorted[j - 1].1, sorted[j - 1].0) {
            sorted[j] = sorted[j - 1];
            j -= 1;
        }
        sorted[j] = x;
    }
    kept
}

/// Walk leaves already sorted by [`sort_by_stride`], each with the extent
/// of the smaller ones.
pub fn walk(sorted: &[(i64, i64)]) -> Walk<'_> {
    Walk {
        modes: sorted,
        next: 0,
        covered: Some(1),
    }
}

/// One leaf of the sorted-stride walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Its position in the sorted leaves.
    pub index: usize,
    /// Its size.
    pub shape: i64,
    /// Its stride.
    pub stride: i64,
    /// The extent `s·d` of the previous leaf (1 before the first), `None`
    /// when that product overflows `i64`.
    pub covered: Option<i64>,
}

impl Step {
    /// `true` when the leaf starts inside the extent of the smaller ones
    /// (the leaves overlap or interleave); an overflowed extent overlaps.
    pub fn overlaps(&self) -> bool {
        self.covered.is_none_or(|c| self.stride < c)
    }
}

/// The iterator of [`walk`].
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    modes: &'a [(i64, i64)],
    next: usize,
    covered: Option<i64>,
}

impl Walk<'_> {
    /// The extent `s·d` of the last visited leaf (1 before any), `None` on
    /// overflow: after the whole walk, the cosize of the sorted leaves
    /// when they do not overlap.
    pub fn extent(&self) -> Option<i64> {
        self.covered
    }
}

impl Iterator for Walk<'_> {
    type Item = Step;
    fn next(&mut self) -> Option<Step> {
        let &(shape, stride) = self.modes.get(self.next)?;
        let step = Step {
            index: self.next,
            shape,
            stride,
            covered: self.covered,
        };
        self.next += 1;
        self.covered = shape.checked_mul(stride);
        Some(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sorted walk gives `order_starts`'s answers (starts and first tie)
    /// on every small reference list.
    #[test]
    fn order_starts_sorted_agrees() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let n = (seed % 9) as usize;
            let mut refs = [(0i64, 0i64); 8];
            let mut x = seed >> 8;
            for r in refs.iter_mut().take(n.min(8)) {
                *r = ((x % 4) as i64 + 1, ((x >> 2) % 6) as i64 - 1);
                x >>= 5;
            }
            let refs = &refs[..n.min(8)];
            let (mut a, mut b, mut idx) = ([0i64; 8], [0i64; 8], [0usize; 8]);
            let ra = order_starts(refs, &mut a);
            let rb = order_starts_sorted(refs, &mut b, &mut idx);
            assert_eq!(ra, rb, "{refs:?}");
            if ra.is_ok() {
                assert_eq!(a[..refs.len()], b[..refs.len()], "{refs:?}");
            }
            // Ties allowed: the two walks agree on every list.
            compact_order_starts(refs, &mut a);
            compact_order_starts_sorted(refs, &mut b, &mut idx);
            assert_eq!(a[..refs.len()], b[..refs.len()], "{refs:?}");
        }
    }

    #[test]
    fn compact_rule() {
        let mut out = [9i64; 4];
        assert_eq!(compact_strides(&[1, 4, 1, 2], &mut out), Some(8));
        assert_eq!(out, [0, 1, 0, 4]);
        assert_eq!(compact_strides(&[i64::MAX, 2], &mut out), None);
        let mut it = compact([3i64, 5]);
        assert_eq!((it.next(), it.next(), it.next()), (Some(1), Some(3), None));
    }

    #[test]
    fn walk_and_overlap() {
        let mut modes = [(2, 0), (3, 4), (1, 1), (2, 2)];
        let n = sort_by_stride(&mut modes);
        assert_eq!(&modes[..n], &[(2, 2), (3, 4)]);
        let steps: [Step; 2] = {
            let mut w = walk(&modes[..n]);
            [w.next().unwrap(), w.next().unwrap()]
        };
        assert!(!steps[0].overlaps());
        assert_eq!(steps[1].covered, Some(4));
        assert!(!steps[1].overlaps());
        let mut w = walk(&[(2, 1), (2, 1)]);
        assert!(!w.next().unwrap().overlaps());
        assert!(w.next().unwrap().overlaps());
    }
}
