//! Inverses (docs/semantics/algebra.md#right-inverse, #left-inverse). `right_inverse(L)` is the largest `R` with
//! `L(R(i)) == i` for all `i < size(R)`; `left_inverse(L)` satisfies
//! `R(L(i)) == i` for all `i < size(L)` when `L` is injective, and the
//! quasi-inverse property `L(R(L(i))) == L(i)` otherwise (Cecka eq. 26).
//! Both follow CuTe: coalesce, visit the modes by increasing stride (ties as
//! CuTe's exchange sort leaves them) and map each back to its prefix product.
//!
//! Contract checked by `cute_tools::laws::check_{right,left}_inverse`.
//!
//! ```
//! use cute_dynamic::{left_inverse, right_inverse, Layout};
//! assert_eq!(right_inverse(&"(4,8):(8,1)".parse()?)?.to_string(), "(8,4):(4,1)");
//! assert_eq!(left_inverse(&"(4,8):(1,5)".parse()?)?.to_string(), "(5,8):(1,4)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::{format, string::ToString};
use smallvec::SmallVec;

use crate::algebra::coalesce::{
    BACK_MODES, BackModes, Modes, coalesce_back, coalesce_leaves_back, coalesce_leaves_into,
    coalesce_modes_into,
};
use crate::data::inline::InlineVec;
use crate::data::layout::Layout;
use crate::error::LayoutError;

/// Fill `prefix` with the exclusive prefix products of `modes` and
/// `order` with the order CuTe visits them in (its exchange sort on
/// `|stride|`); both as long as `modes`.
#[inline(always)]
fn visit_into(modes: &[(i64, i64)], prefix: &mut [i64], order: &mut [usize]) {
    let mut p = 1i64;
    for (k, ((&(s, _), pr), o)) in modes
        .iter()
        .zip(prefix.iter_mut())
        .zip(order.iter_mut())
        .enumerate()
    {
        *pr = p;
        p = p.wrapping_mul(s);
        *o = k;
    }
    let key = |i: usize| modes.get(i).map_or(0, |m| m.1.unsigned_abs());
    for i in 0..order.len() {
        for j in i + 1..order.len() {
            if key(order[j]) < key(order[i]) {
                order.swap(i, j);
            }
        }
    }
}

/// Run `f` on the coalesced modes of `l`, their prefix products and the
/// visiting order: plain arrays when the modes fit, lists (allocated
/// beyond their inline capacity) otherwise.
#[inline(always)]
fn with_visit<R>(l: &Layout, f: impl FnOnce(&[(i64, i64)], &[i64], &[usize]) -> R) -> R {
    let mut buf: BackModes = [(0, 0); BACK_MODES];
    if let Some(start) = coalesce_leaves_back(l.as_ref(), true, &mut buf) {
        let modes = &buf[start..];
        let n = modes.len();
        let (mut prefix, mut order) = ([0i64; BACK_MODES], [0usize; BACK_MODES]);
        visit_into(modes, &mut prefix[..n], &mut order[..n]);
        return f(modes, &prefix[..n], &order[..n]);
    }
    let mut modes: Modes = Modes::new();
    coalesce_leaves_into(l.as_ref(), true, &mut modes);
    let n = modes.len();
    let mut prefix: InlineVec<i64, 8> = (0..n).map(|_| 0).collect();
    let mut order: InlineVec<usize, 8> = (0..n).collect();
    visit_into(&modes, &mut prefix, &mut order);
    f(&modes, &prefix, &order)
}

/// [`Layout::unwrap_flat`] of the coalesced `modes` (coalesced into a
/// plain array when they fit).
#[inline]
fn unwrap_coalesced(modes: &[(i64, i64)]) -> Layout {
    let mut buf: BackModes = [(0, 0); BACK_MODES];
    if let Some(start) = coalesce_back(modes.iter().rev().copied(), true, &mut buf) {
        return Layout::unwrap_flat(&buf[start..]);
    }
    let mut c: Modes = Modes::new();
    coalesce_modes_into(modes.iter().copied(), true, &mut c);
    Layout::unwrap_flat(&c)
}

/// The right inverse (see the module documentation).
///
/// Modes with a negative stride are skipped: CuTe carries the stride's sign
/// into the result (`signum(d)·p`), which would evaluate `L` at negative
/// indices and break `L(R(i)) == i`; skipping them keeps the result correct
/// (such a mode sits at coordinate 0 in every `R(i)`), possibly smaller.
pub fn right_inverse(l: &Layout) -> Result<Layout, LayoutError> {
    Ok(with_visit(l, |modes, prefix, order| {
        // `1:0`, then at most one mode per mode of `L`.
        let mut out = [(0i64, 0i64); BACK_MODES + 1];
        let mut spill: Modes = Modes::new();
        let mut k = 0usize;
        let mut push = |m: (i64, i64)| match out.get_mut(k) {
            Some(slot) => {
                *slot = m;
                k += 1;
            }
            None => {
                if spill.is_empty() {
                    spill.extend(out.iter().copied());
                }
                spill.push(m);
            }
        };
        push((1, 0));
        let mut cur = 1i64;
        for &i in order {
            let (s, d) = modes[i];
            if d == cur {
                push((s, prefix[i]));
                cur = s.saturating_mul(d);
            }
        }
        if spill.is_empty() {
            unwrap_coalesced(&out[..k])
        } else {
            unwrap_coalesced(&spill)
        }
    }))
}

/// The left inverse (see the module documentation).
///
/// CuTe's algorithm (docs/semantics/algebra.md#left-inverse) gives the answer. For an injective `L` whose
/// sorted strides each reach past the smaller modes it is exact; otherwise
/// (a non-injective `L`) its candidate is checked against the quasi-inverse
/// property by evaluation, and when it fails, pycute's construction
/// `right_inverse((L, complement(L)))` is tried and checked the same way.
/// When neither candidate satisfies the property, the error names CuTe's
/// failure.
pub fn left_inverse(l: &Layout) -> Result<Layout, LayoutError> {
    // A size-1 mode's stride is never used: a negative one is no obstacle
    // (CuTe: left_inverse((1,2):(-1,1)) = 2:1).
    let negative = l.stride.as_ref().vals.iter().any(|&d| d < 0);
    if negative && l.leaf_modes().any(|(s, d)| s == 1 && d < 0) {
        let l = Layout::new(
            l.shape().clone(),
            crate::data::layout::replace_leaves(
                l.shape().as_ref(),
                l.leaf_modes().map(|(s, d)| if s == 1 { 0 } else { d }),
            ),
        )?;
        return left_inverse(&l);
    }
    // Every offset of `L` must be an `i64` before a candidate can be read
    // back from it: an overflow is reported as one.
    l.cosize()
        .map_err(|_| LayoutError::overflow("left_inverse (an offset of the layout)", l))?;
    if negative {
        // (A tuple header's value is never negative: the stride's values
        // are scanned without their kinds.)
        return Err(LayoutError::Unsupported {
            operation: "left_inverse",
            reason: format!(
                "{l} has a negative stride; left_inverse is defined for non-negative strides"
            ),
        });
    }
    // The common case first: CuTe's candidate on plain arrays, exact.
    let mut buf: BackModes = [(0, 0); BACK_MODES];
    if let Some(Ok((start, true))) = cute_left_inverse_back(l, &mut buf) {
        return Ok(Layout::unwrap_flat(&buf[start..]));
    }
    let mut modes: Modes = Modes::new();
    let cute = cute_left_inverse(l, &mut modes);
    // CuTe's candidate needs no check when its coalesced modes of non-zero
    // stride, by increasing stride, each start at or beyond the extent of
    // the one before (stride-0 modes allowed). Its strides divide one
    // another (else `cute` is an error), so its modes read each such mode's
    // coordinate `c_k` back from an offset `y = Σ c_k·d_k`, and `R(y)` is
    // the index with those coordinates and 0 in every stride-0 mode:
    // `R(L(i)) == i` without a stride-0 mode of size > 1, and
    // `L(R(L(i))) == L(i)` always.
    if matches!(cute, Ok(true)) {
        return Ok(Layout::unwrap_flat(&modes));
    }
    let failure = match cute {
        Ok(_) => {
            let r = Layout::unwrap_flat(&modes);
            match verify_left_inverse(l, &r) {
                Ok(()) => return Ok(r),
                Err(e) => e,
            }
        }
        Err(e) => e,
    };
    match pycute_left_inverse(l) {
        Some(r) if verify_left_inverse(l, &r).is_ok() => Ok(r),
        _ => Err(failure),
    }
}

/// CuTe's left inverse: `(d_1/1, d_2/d_1, …, s_last) : (0, p_1, p_2, …)`
/// over the modes by increasing stride, stride-0 modes skipped, its
/// coalesced modes written into `out`. `Ok(true)` when the modes of
/// non-zero stride are disjoint (each stride at least the extent of the
/// mode before it), which makes the candidate exact (see [`left_inverse`]).
fn cute_left_inverse(l: &Layout, out: &mut Modes) -> Result<bool, LayoutError> {
    with_visit(l, |modes, prefix, order| {
        let mut raw: Modes = Modes::new();
        let (_, disjoint) = cute_raw_modes(l, modes, prefix, order, |_, m| raw.push(m))?;
        coalesce_modes_into(raw.iter().copied(), true, out);
        Ok(disjoint)
    })
}

/// [`cute_left_inverse`] with its modes written from the back of `buf`
/// (`buf[start..]`): `None` when `L`'s coalesced modes do not fit a plain
/// array (the caller takes [`cute_left_inverse`]).
#[inline]
fn cute_left_inverse_back(
    l: &Layout,
    buf: &mut BackModes,
) -> Option<Result<(usize, bool), LayoutError>> {
    with_visit(l, |modes, prefix, order| {
        // At most one raw mode per mode of `L`, and the last.
        let mut raw = [(0i64, 0i64); BACK_MODES + 1];
        let emit = |k: usize, m| {
            if let Some(slot) = raw.get_mut(k) {
                *slot = m;
            }
        };
        let (k, disjoint) = match cute_raw_modes(l, modes, prefix, order, emit) {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        let start = coalesce_back(raw.get(..k)?.iter().rev().copied(), true, buf)?;
        Some(Ok((start, disjoint)))
    })
}

/// CuTe's left-inverse walk over the visited modes of `L`: each raw mode
/// `(d_1/1, 0), (d_2/d_1, p_1), …, (s_last, p_k)` passed to `emit` with
/// its index; their number, and whether the modes of non-zero stride are
/// disjoint.
#[inline(always)]
fn cute_raw_modes(
    l: &Layout,
    modes: &[(i64, i64)],
    prefix: &[i64],
    order: &[usize],
    mut emit: impl FnMut(usize, (i64, i64)),
) -> Result<(usize, bool), LayoutError> {
    let mut k = 0usize;
    let mut z = 1i64;
    let mut last_shape = 1i64;
    let mut covered = Some(1i64);
    let mut disjoint = true;
    let mut prev_stride = 0i64;
    for &i in order {
        let (s, d) = modes[i];
        last_shape = s;
        if d == 0 {
            continue;
        }
        if d % z != 0 {
            return Err(LayoutError::LeftInverseDivisibility {
                layout: l.to_string(),
                stride: d,
                divisor: z,
            });
        }
        disjoint &= covered.is_some_and(|c| d >= c);
        covered = s.checked_mul(d);
        emit(k, (d / z, prev_stride));
        k += 1;
        prev_stride = prefix[i];
        z = d;
    }
    emit(k, (last_shape, prev_stride));
    Ok((k + 1, disjoint))
}

/// pycute's `right_inverse(make_layout(L, complement(L)))`: its complement
/// (w.r.t. 1) may produce size-0 gap modes, its right inverse stops at the
/// first stride that does not continue the run. `None` if the candidate is
/// not a well-formed layout.
fn pycute_left_inverse(l: &Layout) -> Option<Layout> {
    // complement(L, 1)
    let mut sorted: Modes = l.leaf_modes().collect();
    let kept = cute_core::stride::sort_by_stride(&mut sorted);
    sorted.truncate(kept);
    let mut comp: Modes = Modes::new();
    let mut walk = cute_core::stride::walk(&sorted);
    for step in walk.by_ref() {
        let cur = step.covered?;
        comp.push((step.stride / cur, cur));
    }
    comp.push((1, walk.extent()?));
    let comp = coalesce_forward(&comp);
    // right_inverse of (L, C), flat
    let mut modes: SmallVec<[(i64, i64, i64); 12]> = SmallVec::new();
    let mut p = 1i64;
    for (s, d) in l.leaf_modes().chain(comp.iter().copied()) {
        modes.push((d, s, p));
        p = p.checked_mul(s)?;
    }
    modes.sort_unstable();
    let mut out: Modes = Modes::new();
    let mut cur = 1i64;
    for &(d, s, p) in &modes {
        if s == 1 {
            continue;
        }
        if cur != d {
            break;
        }
        out.push((s, p));
        cur = s.checked_mul(d)?;
    }
    let r = coalesce_forward(&out);
    if r.iter().any(|&(s, _)| s < 1) {
        return None;
    }
    Some(Layout::unwrap_flat(&r))
}

/// pycute's front-to-back coalesce on flat modes (size-0 modes allowed).
fn coalesce_forward(modes: &[(i64, i64)]) -> Modes {
    let mut out: Modes = Modes::new();
    out.push((1, 0));
    for &(s, d) in modes {
        let back = out.last_mut().expect("non-empty");
        if s == 1 {
            continue;
        } else if back.0 == 1 {
            *back = (s, d);
        } else if back.0.checked_mul(back.1) == Some(d) {
            back.0 *= s;
        } else {
            out.push((s, d));
        }
    }
    out
}

/// Largest domain [`left_inverse`] checks by evaluation.
const VERIFY_LIMIT: i64 = 1 << 22;

/// `R(L(i)) == i` for injective `L`, else `L(R(L(i))) == L(i)`.
fn verify_left_inverse(l: &Layout, r: &Layout) -> Result<(), LayoutError> {
    let n = l.size();
    if n > VERIFY_LIMIT {
        return Err(LayoutError::Unsupported {
            operation: "left_inverse",
            reason: format!(
                "{l} is not injective and its size {n} is too large to check a candidate by evaluation"
            ),
        });
    }
    let injective = crate::algebra::complement::is_injective(l);
    match left_inverse_witness(l, r, injective, 0..n) {
        None => Ok(()),
        Some((i, got, want)) => Err(LayoutError::NoLeftInverse {
            layout: l.to_string(),
            candidate: r.to_string(),
            witness: i,
            got,
            want,
        }),
    }
}

/// The left-inverse property on the indices `at` (shared with
/// `cute_tools::laws::check_left_inverse`): the first `i` with `R(L(i)) != i` (injective
/// `L`) or `L(R(L(i))) != L(i)`, as `(i, got, want)`.
pub fn left_inverse_witness(
    l: &Layout,
    r: &Layout,
    injective: bool,
    mut at: impl Iterator<Item = i64>,
) -> Option<(i64, i64, i64)> {
    // `L` and `R` by their flattened evaluators, which equal `call` for
    // non-negative indices (and `call` elsewhere).
    let (le, re) = (l.evaluator(), r.evaluator());
    let eval = |f: &Layout, e: &crate::data::layout::Evaluator, x: i64| {
        if x >= 0 { e.call(x as u64) } else { f.call(x) }
    };
    at.find_map(|i| {
        let li = eval(l, &le, i);
        let ri = eval(r, &re, li);
        let (got, want) = if injective {
            (ri, i)
        } else {
            (eval(l, &le, ri), li)
        };
        (got != want).then_some((i, got, want))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every candidate `left_inverse` returns unchecked (CuTe's, with its
    /// modes of non-zero stride disjoint) passes the check by evaluation,
    /// over all flat layouts of rank ≤ 3 with small shapes and strides,
    /// stride-0 modes among them.
    #[test]
    fn unchecked_candidates_pass_the_check() {
        const SHAPES: [i64; 4] = [1, 2, 3, 4];
        const STRIDES: [i64; 9] = [0, 1, 2, 3, 4, 6, 8, 12, 16];
        let leaves: alloc::vec::Vec<(i64, i64)> = SHAPES
            .iter()
            .flat_map(|&s| STRIDES.iter().map(move |&d| (s, d)))
            .collect();
        let (mut unchecked, mut with_zero) = (0, 0);
        let mut check = |modes: &[(i64, i64)]| {
            let l = Layout::unwrap_flat(modes);
            let mut out = Modes::new();
            if let Ok(true) = cute_left_inverse(&l, &mut out) {
                let r = Layout::unwrap_flat(&out);
                assert_eq!(verify_left_inverse(&l, &r), Ok(()), "{l} -> {r}");
                unchecked += 1;
                if modes.iter().any(|&(s, d)| s > 1 && d == 0) {
                    with_zero += 1;
                }
            }
        };
        for &a in &leaves {
            check(&[a]);
            for &b in &leaves {
                check(&[a, b]);
                for &c in &leaves {
                    check(&[a, b, c]);
                }
            }
        }
        assert!(
            unchecked > 1000 && with_zero > 500,
            "{unchecked} {with_zero}"
        );
    }
}
