//! Composition (docs/semantics/algebra.md#composition): `R = A ∘ B` satisfies `compatible(B, R)` and
//! `R(c) == A(B(c))` for every `c < size(B)`, with `A` evaluated on its
//! extended domain.
//!
//! A rank-1 `B = s:d` walks the modes of coalesced `A` (CuTe's algorithm with
//! both divisibility conditions enforced, and the "stays inside one mode"
//! case accepted). A tuple `B` is composed leaf by leaf and keeps `B`'s
//! structure, which is only correct when the leaves' images do not carry in
//! `A`'s mixed radix: the no-carry rule checks that, for every mode of `A`
//! but the last, the largest digits the leaves reach there sum to less than
//! the mode's size. A tiler composes mode by mode and drops `A`'s modes it
//! does not reach.
//!
//! Contract checked by `cute_tools::laws::check_composition`.
//!
//! ```
//! use cute_dynamic::{composition, Layout, LayoutError};
//! let a: Layout = "(4,6,8,10):(2,3,5,7)".parse()?;
//! let b: Layout = "6:12".parse()?;
//! assert_eq!(composition(&a, &b)?.to_string(), "(2,3):(9,5)");
//!
//! // The Shah counterexample: CuTe silently returns (3,2):(2,3).
//! let a: Layout = "(6,2):(1,7)".parse()?;
//! let b: Layout = "(3,2):(2,3)".parse()?;
//! assert!(matches!(composition(&a, &b), Err(LayoutError::Carry { .. })));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::{format, string::ToString, vec::Vec};

use crate::algebra::coalesce::{
    BACK_MODES, BackModes, Modes, coalesce_leaves_back, coalesce_leaves_into,
};
use crate::data::int_tuple::{LEAF, Node, header_parts};
use crate::data::layout::{Layout, LayoutBuilder, LayoutOpen, LayoutRef, leaf_pairs};
use crate::data::tiler::{AsTiler, TilerRef};
use crate::error::LayoutError;

/// `A ∘ B` for a layout or tiler `B` (see the module documentation).
pub fn composition<T: AsTiler + ?Sized>(a: &Layout, b: &T) -> Result<Layout, LayoutError> {
    match b.as_tiler() {
        // (The common case, without the tiler's dispatch.)
        TilerRef::Layout(b) => compose(a.as_ref(), b),
        t => compose_tiler(a.as_ref(), t),
    }
}

pub(crate) fn compose_tiler(a: LayoutRef<'_>, b: TilerRef<'_>) -> Result<Layout, LayoutError> {
    let mut out = LayoutBuilder::new();
    compose_tiler_into(a, b, &mut out)?;
    Ok(out.finish())
}

/// [`compose_tiler`] written into `out` as one mode (no intermediate
/// layouts for the modes of a tiler).
fn compose_tiler_into(
    a: LayoutRef<'_>,
    b: TilerRef<'_>,
    out: &mut LayoutBuilder,
) -> Result<(), LayoutError> {
    match b {
        TilerRef::Layout(b) => compose_into(a, b, out),
        TilerRef::Int(n) => compose_into(a, Layout::int(n, 1).as_ref(), out),
        TilerRef::Hole => {
            out.push(a);
            Ok(())
        }
        TilerRef::Modes(ts) => {
            if ts.len() > a.rank() {
                return Err(LayoutError::RankMismatch {
                    operation: "composition",
                    layout: a.to_string(),
                    requested: ts.len(),
                    available: a.rank(),
                });
            }
            let o = out.open();
            for (m, t) in a.modes().zip(ts) {
                compose_tiler_into(m, t.as_tiler(), out)?;
            }
            out.close(o);
            Ok(())
        }
    }
}

/// Composition with a layout `B`.
#[inline]
pub(crate) fn compose(a: LayoutRef<'_>, b: LayoutRef<'_>) -> Result<Layout, LayoutError> {
    let mut out = LayoutBuilder::new();
    match compose_into(a, b, &mut out) {
        Ok(()) => Ok(out.finish()),
        Err(
            e @ (LayoutError::StrideDivisibility { .. } | LayoutError::ShapeDivisibility { .. }),
        ) => fit_by_evaluation(a, b).ok_or(e),
        Err(e) => Err(e),
    }
}

/// Largest `B` whose composition is fitted by evaluation.
const FIT_LIMIT: i64 = 1 << 16;

/// The divisibility rules are sufficient, not necessary: when they fail
/// for a leaf `B = s:d`, the values `R(i) = A(B(i))` may still be a layout
/// over `s` (CuTe: `(5,2):(0,1) ∘ 4:3 = (2,2):(0,1)`, as `A(3i)` is
/// `0,0,1,1`). The greedy fit takes, mode by mode, the stride `R(p)` at the
/// mode's start `p` and the longest run dividing what is left of `s`; the
/// candidate is returned only when it equals `R` at every `i < s`, so the
/// answer satisfies the defining property by construction.
fn fit_by_evaluation(a: LayoutRef<'_>, b: LayoutRef<'_>) -> Option<Layout> {
    let (s, d) = (b.shape.as_int()?, b.stride.as_int()?);
    if !(1..=FIT_LIMIT).contains(&s) || d < 0 {
        return None;
    }
    let a = a.to_owned();
    let r: Vec<i64> = (0..s)
        .map(|i| a.checked_call(i.checked_mul(d)?).ok())
        .collect::<Option<_>>()?;
    let mut modes: Vec<(i64, i64)> = Vec::new();
    let mut p = 1i64; // the product of the fitted extents
    while p < s {
        // The mode of index stride `p`: its stride is `R(p)`, its extent
        // the longest run `R(p·n) = n·R(p)`.
        let stride = r[p as usize];
        let mut n = 1i64;
        while p * n < s && Some(r[(p * n) as usize]) == n.checked_mul(stride) {
            n += 1;
        }
        while n > 1 && (s / p) % n != 0 {
            n -= 1;
        }
        if n == 1 {
            return None;
        }
        modes.push((n, stride));
        p *= n;
    }
    if modes.is_empty() || r[0] != 0 {
        return None;
    }
    let fit = Layout::unwrap_flat(&modes);
    (0..s)
        .all(|i| fit.checked_call(i).ok() == Some(r[i as usize]))
        .then_some(fit)
}

/// `A ∘ B` written into `out` as one mode.
#[inline]
pub(crate) fn compose_into(
    a: LayoutRef<'_>,
    b: LayoutRef<'_>,
    out: &mut LayoutBuilder,
) -> Result<(), LayoutError> {
    let mut buf: BackModes = [(0, 0); BACK_MODES];
    let mut spill = None;
    let a_modes = coalesced_left_in(a, &mut buf, &mut spill);
    let operands = Operands {
        a: &|| a.to_owned(),
        b: &|| b.to_owned(),
    };
    compose_modes_into(a_modes, b, None, out, &operands)
}

/// The modes of coalesced `A` as composition reads its left side: the
/// trailing size-1 mode kept (extended domain), `()` read as `1:0`.
#[inline]
pub(crate) fn coalesced_left(a: LayoutRef<'_>, modes: &mut Modes) {
    coalesce_leaves_into(a, false, modes);
    if modes.is_empty() {
        // `()` as the left side: the function 0, like `1:0`.
        modes.push((1, 0));
    }
}

/// [`coalesced_left`] into a plain array when the modes fit (written from
/// its back, nothing moved), else into `spill` (left `None` on the fast
/// path): the modes, never empty.
#[inline(always)]
pub(crate) fn coalesced_left_in<'m>(
    a: LayoutRef<'_>,
    buf: &'m mut BackModes,
    spill: &'m mut Option<Modes>,
) -> &'m [(i64, i64)] {
    match coalesce_leaves_back(a, false, buf) {
        Some(BACK_MODES) => {
            // `()` as the left side: the function 0, like `1:0`.
            buf[BACK_MODES - 1] = (1, 0);
            &buf[BACK_MODES - 1..]
        }
        Some(start) => &buf[start..],
        None => {
            let spill = spill.insert(Modes::new());
            coalesced_left(a, spill);
            spill
        }
    }
}

/// The operands of a composition, built only for an error message (the
/// divides and products compose operands they never build as layouts).
pub(crate) struct Operands<'a> {
    /// The left side `A`.
    pub(crate) a: &'a dyn Fn() -> Layout,
    /// The right side `B`.
    pub(crate) b: &'a dyn Fn() -> Layout,
}

impl Operands<'_> {
    #[cold]
    #[inline(never)]
    fn overflow(&self) -> LayoutError {
        LayoutError::overflow(
            "composition",
            format_args!("{} ∘ {}", (self.a)(), (self.b)()),
        )
    }
    #[inline]
    fn mul(&self, x: i64, y: i64) -> Result<i64, LayoutError> {
        x.checked_mul(y).ok_or_else(|| self.overflow())
    }
}

/// `A ∘ B` written into `out` as one mode, for `A` given by the modes of
/// its coalesced form (`a_modes`, never empty, as [`coalesced_left`] makes
/// them) and `B` given by a layout, or with `extra` by the pair
/// `(B, extra)` whose second mode is the flat layout of the `extra` modes
/// (`1:0` when empty, `s:d` for one mode), as the divides build it.
pub(crate) fn compose_modes_into(
    a_modes: &[(i64, i64)],
    b: LayoutRef<'_>,
    extra: Option<&[(i64, i64)]>,
    out: &mut LayoutBuilder,
    ops: &Operands<'_>,
) -> Result<(), LayoutError> {
    compose_modes_zip_into(a_modes, b, extra, None, out, ops)
}

/// [`compose_modes_into`], or with `zip = Some((X, raked))` and no
/// `extra`, the modes of `A ∘ B` zipped with the modes of `X` (of `B`'s
/// rank, `B` a tuple): `((X_0, (A∘B)_0), (X_1, (A∘B)_1), …)`, each pair
/// swapped when `raked` — the blocked and raked products, written without
/// building `A ∘ B` first. The digit accounting spans all of `B`, as for
/// `A ∘ B`; the witness of a carry error is then not `A ∘ B`'s (the
/// products recompute their errors on the general path).
#[inline(always)]
pub(crate) fn compose_modes_zip_into(
    a_modes: &[(i64, i64)],
    b: LayoutRef<'_>,
    extra: Option<&[(i64, i64)]>,
    zip: Option<(LayoutRef<'_>, bool)>,
    out: &mut LayoutBuilder,
    ops: &Operands<'_>,
) -> Result<(), LayoutError> {
    let start = out.len();
    if extra.is_none()
        && zip.is_none()
        && let (Some(s), Some(d)) = (b.shape.as_int(), b.stride.as_int())
    {
        // A single leaf cannot carry into itself: no digit accounting.
        return compose_leaf(a_modes, s, d, out, &mut [], ops);
    }
    // Tuple B: compose every leaf, keep B's structure, check for carries.
    // Several modes with a negative stride among them are rejected (first
    // a scan of the strides alone: most right sides have no negative one).
    let extra_modes = extra.unwrap_or_default();
    // (A tuple header's value, its rank and span, is never negative: the
    // stride's values are scanned without their kinds.)
    let any_negative =
        b.stride.vals.iter().any(|&d| d < 0) || extra_modes.iter().any(|&(_, d)| d < 0);
    if any_negative {
        let b_leaves = leaf_pairs(b).chain(extra_modes.iter().copied());
        let (mut nontrivial, mut negative) = (0usize, false);
        for (s, d) in b_leaves {
            if s > 1 && d != 0 {
                nontrivial += 1;
                negative |= d < 0;
            }
        }
        if nontrivial > 1 && negative {
            return Err(several_negative(ops));
        }
    }
    // The largest digit B's leaves reach in each mode of A: inline for the
    // common ranks, a list (allocated) beyond.
    let mut digit_buf = [0i64; 8];
    let mut digit_list: Vec<i64> = Vec::new();
    let digit_sum: &mut [i64] = match digit_buf.get_mut(..a_modes.len()) {
        Some(d) => d,
        None => {
            digit_list.resize(a_modes.len(), 0);
            &mut digit_list
        }
    };
    let pair = extra.map(|_| out.open());
    match zip {
        None => compose_structure(a_modes, b, out, digit_sum, ops)?,
        Some((x, raked)) => {
            let o = out.open_at();
            let mut rank = 0u32;
            for (xi, bi) in x.modes().zip(b.modes()) {
                let p = out.open_at();
                if !raked {
                    out.push(xi);
                }
                compose_structure(a_modes, bi, out, digit_sum, ops)?;
                if raked {
                    out.push(xi);
                }
                out.close_at(p, 2);
                rank += 1;
            }
            out.close_at(o, rank);
        }
    }
    if let (Some(o), Some(c)) = (pair, extra) {
        match c {
            [] => compose_leaf(a_modes, 1, 0, out, digit_sum, ops)?,
            [(s, d)] => compose_leaf(a_modes, *s, *d, out, digit_sum, ops)?,
            _ => {
                let oc = out.open();
                for &(s, d) in c {
                    compose_leaf(a_modes, s, d, out, digit_sum, ops)?;
                }
                out.close_with_rank(oc, c.len() as u32);
            }
        }
        out.close_with_rank(o, 2);
    }
    let last = a_modes.len() - 1;
    let carry = digit_sum
        .iter()
        .enumerate()
        .take(last)
        .find(|&(mode, &sum)| sum >= a_modes[mode].0);
    if let Some((mode, &sum)) = carry {
        return Err(carry_error(
            ops,
            mode,
            sum,
            a_modes[mode].0,
            &out.layout_from(start),
        ));
    }
    Ok(())
}

/// Tuples of `B` open at once in [`compose_structure`]'s walk; deeper
/// subtrees are composed by [`compose_structure_rec`].
const OPEN_TUPLES: usize = 8;

/// The leaves of `B` composed one by one, `B`'s structure kept: one walk
/// over `B`'s preorder nodes, each tuple header opened in `out` and closed
/// (with `B`'s rank) once its span has been walked.
#[inline]
fn compose_structure(
    a_modes: &[(i64, i64)],
    b: LayoutRef<'_>,
    out: &mut LayoutBuilder,
    digit_sum: &mut [i64],
    ops: &Operands<'_>,
) -> Result<(), LayoutError> {
    let (kinds, shape, stride) = (b.shape.kinds, b.shape.vals, b.stride.vals);
    if kinds.is_empty() {
        return compose_structure_rec(a_modes, b, out, digit_sum, ops);
    }
    // (position of the header in `out`, rank, end of its span in `B`)
    let mut open = [(0usize, 0u32, 0usize); OPEN_TUPLES];
    let mut depth = 0usize;
    let mut i = 0usize;
    while let (Some(&k), Some(&s), Some(&d)) = (kinds.get(i), shape.get(i), stride.get(i)) {
        if k == LEAF {
            compose_leaf(a_modes, s, d, out, digit_sum, ops)?;
            i += 1;
        } else {
            let (rank, span) = header_parts(s);
            let span = span as usize;
            match open.get_mut(depth) {
                Some(slot) => {
                    *slot = (out.open_at(), rank, i + span);
                    depth += 1;
                    i += 1;
                }
                None => {
                    let sub = LayoutRef {
                        shape: b
                            .shape
                            .nodes_from(i)
                            .split_at(span)
                            .map_or(b.shape, |p| p.0),
                        stride: b
                            .stride
                            .nodes_from(i)
                            .split_at(span)
                            .map_or(b.stride, |p| p.0),
                    };
                    compose_structure_rec(a_modes, sub, out, digit_sum, ops)?;
                    i += span;
                }
            }
        }
        while let Some(&(at, rank, end)) = depth.checked_sub(1).and_then(|t| open.get(t)) {
            if end > i {
                break;
            }
            out.close_at(at, rank);
            depth -= 1;
        }
    }
    Ok(())
}

/// [`compose_structure`] by recursion over the modes (the subtrees below
/// [`OPEN_TUPLES`] open tuples, and node-less views).
fn compose_structure_rec(
    a_modes: &[(i64, i64)],
    b: LayoutRef<'_>,
    out: &mut LayoutBuilder,
    digit_sum: &mut [i64],
    ops: &Operands<'_>,
) -> Result<(), LayoutError> {
    let b_rank = match (b.shape.node(0), b.stride.node(0)) {
        (Some(Node::Tuple { rank, .. }), _) => rank,
        (Some(Node::Leaf(s)), Some(Node::Leaf(d))) => {
            return compose_leaf(a_modes, s, d, out, digit_sum, ops);
        }
        _ => 0,
    };
    // Each leaf of B becomes one mode: the result's tuples have B's ranks.
    let o = out.open();
    for m in b.modes() {
        compose_structure_rec(a_modes, m, out, digit_sum, ops)?;
    }
    out.close_with_rank(o, b_rank);
    Ok(())
}

#[cold]
#[inline(never)]
fn several_negative(ops: &Operands<'_>) -> LayoutError {
    LayoutError::Unsupported {
        operation: "composition",
        reason: format!(
            "{} ∘ {}: a right side with several modes and negative strides is not checked for carries, so it is rejected",
            (ops.a)(),
            (ops.b)()
        ),
    }
}

#[cold]
#[inline(never)]
fn carry_error(
    ops: &Operands<'_>,
    mode: usize,
    digit_sum: i64,
    mode_size: i64,
    naive: &Layout,
) -> LayoutError {
    let (a, b) = ((ops.a)(), (ops.b)());
    LayoutError::Carry {
        a: a.to_string(),
        b: b.to_string(),
        mode,
        digit_sum,
        mode_size,
        witness: carry_witness(&a, &b, naive),
    }
}

/// The first coordinate (within a bounded search) where the mode-by-mode
/// layout `naive` differs from `A ∘ B`: `(c, naive(c), A(B(c)))`.
fn carry_witness(a: &Layout, b: &Layout, naive: &Layout) -> Option<(i64, i64, i64)> {
    (0..b.size().min(1 << 16)).find_map(|c| {
        let want = a.checked_call(b.checked_call(c).ok()?).ok()?;
        let got = naive.checked_call(c).ok()?;
        (got != want).then_some((c, got, want))
    })
}

#[cold]
#[inline(never)]
fn stride_divisibility(
    ops: &Operands<'_>,
    mode: usize,
    mode_size: i64,
    rest_stride: i64,
) -> LayoutError {
    LayoutError::StrideDivisibility {
        a: (ops.a)().to_string(),
        b: (ops.b)().to_string(),
        mode,
        mode_size,
        rest_stride,
    }
}

#[cold]
#[inline(never)]
fn shape_divisibility(
    ops: &Operands<'_>,
    mode: usize,
    rest_shape: i64,
    consumed: i64,
) -> LayoutError {
    LayoutError::ShapeDivisibility {
        a: (ops.a)().to_string(),
        b: (ops.b)().to_string(),
        mode,
        rest_shape,
        consumed,
    }
}

/// `(a / b, a % b)` for `a ≥ 0` and `b > 0`: a shift and a mask when `b` is
/// a power of two (most shapes and strides), else one division.
#[inline(always)]
fn div_rem(a: i64, b: i64) -> (i64, i64) {
    if b & (b - 1) == 0 {
        (a >> b.trailing_zeros(), a & (b - 1))
    } else {
        (a / b, a % b)
    }
}

/// Compose coalesced `A` (its modes) with the rank-1 `s:d`: write the
/// result (an integer mode, or a flat tuple) into `out`, and add the largest
/// digit the leaf reaches in each non-last mode of `A` to `digit_sum` (for
/// the no-carry rule; an empty `digit_sum` skips that accounting).
#[inline]
fn compose_leaf(
    a_modes: &[(i64, i64)],
    s: i64,
    d: i64,
    out: &mut LayoutBuilder,
    digit_sum: &mut [i64],
    ops: &Operands<'_>,
) -> Result<(), LayoutError> {
    if a_modes.len() == 1 {
        out.leaf(s, ops.mul(d, a_modes[0].1)?);
        return Ok(());
    }
    if d == 0 {
        out.leaf(s, 0);
        return Ok(());
    }
    // The first mode waits; a second one opens the tuple (a single mode is
    // the result itself).
    let mut modes = Emit::default();
    let sign = d.signum();
    let mut rest_shape = s;
    let mut rest_stride = d.checked_abs().ok_or_else(|| ops.overflow())?;
    let last = a_modes.len() - 1;
    for (r, &(sr, dr)) in a_modes[..last].iter().enumerate() {
        if rest_shape != 1 {
            let reach = (rest_shape - 1).checked_mul(rest_stride);
            if let Some(reach) = reach.filter(|&x| x < sr) {
                // B's remaining image stays inside mode r.
                modes.leaf(out, rest_shape, ops.mul(rest_stride * sign, dr)?);
                if let Some(sum) = digit_sum.get_mut(r) {
                    *sum = sum.saturating_add(reach);
                }
                rest_shape = 1;
            } else {
                let (q, rem) = div_rem(sr, rest_stride);
                if rem != 0 && div_rem(rest_stride, sr).1 != 0 {
                    return Err(stride_divisibility(ops, r, sr, rest_stride));
                }
                let n = if rem == 0 { q } else { 1 };
                if n > 1 {
                    let (q, rem) = div_rem(rest_shape, n);
                    if rem != 0 {
                        return Err(shape_divisibility(ops, r, rest_shape, n));
                    }
                    modes.leaf(out, n, ops.mul(rest_stride * sign, dr)?);
                    if let Some(sum) = digit_sum.get_mut(r) {
                        *sum = sum.saturating_add((n - 1) * rest_stride);
                    }
                    rest_shape = q;
                }
            }
        }
        // ⌈rest_stride / sr⌉, which is 1 while the stride lies inside the mode.
        rest_stride = if rest_stride <= sr {
            1
        } else {
            let (q, rem) = div_rem(rest_stride, sr);
            q + (rem != 0) as i64
        };
    }
    if modes.count == 0 || rest_shape != 1 {
        let st = ops.mul(rest_stride * sign, a_modes[last].1)?;
        modes.leaf(out, rest_shape, st);
    }
    modes.finish(out);
    Ok(())
}

/// The modes one leaf of `B` composes to: the first is held back, so that
/// a single mode is written as a leaf and several as a flat tuple.
#[derive(Default)]
struct Emit {
    count: u32,
    first: (i64, i64),
    open: Option<LayoutOpen>,
}

impl Emit {
    #[inline(always)]
    fn leaf(&mut self, out: &mut LayoutBuilder, s: i64, d: i64) {
        match (self.count, self.open) {
            (0, _) => self.first = (s, d),
            (_, None) => {
                self.open = Some(out.open());
                out.leaf(self.first.0, self.first.1);
                out.leaf(s, d);
            }
            (_, Some(_)) => out.leaf(s, d),
        }
        self.count += 1;
    }
    /// Write the single mode, or close the tuple (`count ≥ 1`).
    #[inline(always)]
    fn finish(self, out: &mut LayoutBuilder) {
        match self.open {
            None => out.leaf(self.first.0, self.first.1),
            Some(o) => out.close_with_rank(o, self.count),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A right side nested deeper than the walk's stack of open tuples
    /// (its inner subtrees composed by recursion) keeps its structure, with
    /// empty tuples anywhere.
    #[test]
    fn deep_right_side() {
        let a: Layout = "(4096,2):(1,4096)".parse().unwrap();
        for text in [
            "((((((((((2,2),2),2),2),2),2),2),2),2),((),2)):((((((((((1,2),4),8),16),32),64),128),256),512),((),1024))",
            "(((((((((((3)))))))))),()):(((((((((((5)))))))))),())",
        ] {
            let b: Layout = text.parse().unwrap();
            assert_eq!(composition(&a, &b).unwrap(), b, "{text}");
        }
    }

    /// An empty tuple among B's modes keeps B's structure (the flat fast
    /// path must not take it for a leaf).
    #[test]
    fn empty_tuple_mode_of_b() {
        let a: Layout = "(8,8):(1,8)".parse().unwrap();
        let b: Layout = "((),4):((),2)".parse().unwrap();
        let r = composition(&a, &b).unwrap();
        assert_eq!(r.to_string(), "((),4):((),2)");
        let b: Layout = "(4,())".parse::<Layout>().unwrap();
        assert_eq!(composition(&a, &b).unwrap().rank(), 2);
    }
}
