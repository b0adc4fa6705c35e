//! Composition (docs/semantics.md#composition): `R = A ∘ B` satisfies `compatible(B, R)` and
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
//! Contract checked by `laws::check_composition` (feature `laws`).
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
use cute_core::int::ceil_div;
use smallvec::SmallVec;

use crate::algebra::coalesce::{Modes, coalesce_leaves_into};
use crate::data::int_tuple::Node;
use crate::data::layout::{Layout, LayoutBuilder, LayoutRef};
use crate::data::tiler::{AsTiler, TilerRef};
use crate::error::{LayoutError, mul};

/// `A ∘ B` for a layout or tiler `B` (see the module documentation).
pub fn composition<T: AsTiler + ?Sized>(a: &Layout, b: &T) -> Result<Layout, LayoutError> {
    compose_tiler(a.as_ref(), b.as_tiler())
}

pub(crate) fn compose_tiler(a: LayoutRef<'_>, b: TilerRef<'_>) -> Result<Layout, LayoutError> {
    match b {
        TilerRef::Layout(b) => compose(a, b),
        TilerRef::Int(n) => compose(a, Layout::int(n, 1).as_ref()),
        TilerRef::Hole => Ok(a.to_owned()),
        TilerRef::Modes(ts) => {
            if ts.len() > a.rank() {
                return Err(LayoutError::RankMismatch {
                    operation: "composition",
                    layout: a.to_string(),
                    requested: ts.len(),
                    available: a.rank(),
                });
            }
            let mut out = LayoutBuilder::new();
            let o = out.open();
            for (m, t) in a.modes().zip(ts) {
                out.push(compose_tiler(m, t.as_tiler())?.as_ref());
            }
            out.close(o);
            Ok(out.finish())
        }
    }
}

/// Composition with a layout `B`.
pub(crate) fn compose(a: LayoutRef<'_>, b: LayoutRef<'_>) -> Result<Layout, LayoutError> {
    let mut a_modes: Modes = SmallVec::new();
    coalesce_leaves_into(a, false, &mut a_modes);
    if a_modes.is_empty() {
        // `()` as the left side: the function 0, like `1:0`.
        a_modes.push((1, 0));
    }
    let mut out = LayoutBuilder::new();
    let b_head = match (b.shape.nodes.first(), b.stride.nodes.first()) {
        (Some(&Node::Leaf(s)), Some(&Node::Leaf(d))) => {
            // A single leaf cannot carry into itself: no digit accounting.
            compose_leaf(&a_modes, s, d, a, b, &mut out, &mut [])?;
            return Ok(out.finish());
        }
        (Some(&Node::Tuple { rank, span }), _) => (rank, span as usize),
        _ => (0, b.shape.nodes.len()),
    };
    let b_leaves = b
        .shape
        .nodes
        .get(1..)
        .unwrap_or_default()
        .iter()
        .zip(b.stride.nodes.get(1..).unwrap_or_default());
    let leaf = |(s, d): (&Node, &Node)| match (*s, *d) {
        (Node::Leaf(s), Node::Leaf(d)) => Some((s, d)),
        _ => None,
    };
    // Tuple B: compose every leaf, keep B's structure, check for carries.
    let (mut nontrivial, mut negative) = (0usize, false);
    for (s, d) in b_leaves.clone().filter_map(leaf) {
        if s > 1 && d != 0 {
            nontrivial += 1;
            negative |= d < 0;
        }
    }
    if nontrivial > 1 && negative {
        return Err(LayoutError::Unsupported {
            operation: "composition",
            reason: format!(
                "{a} ∘ {b}: a right side with several modes and negative strides is not checked for carries, so it is rejected"
            ),
        });
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
    let (b_rank, b_span) = b_head;
    // (An empty tuple `()` is a child of span 1 too, hence the second test.)
    if b_span == b_rank as usize + 1 && b_leaves.clone().all(|(s, _)| matches!(s, Node::Leaf(_))) {
        // Flat B (every mode a leaf): one tuple of B's rank.
        let o = out.open();
        for (s, d) in b_leaves.filter_map(leaf) {
            compose_leaf(&a_modes, s, d, a, b, &mut out, digit_sum)?;
        }
        out.close_with_rank(o, b_rank);
    } else {
        // Each leaf of B becomes one mode: the result's tuples have B's ranks.
        let mut opens: SmallVec<[(crate::data::layout::LayoutOpen, usize, u32); 8]> =
            SmallVec::new();
        let mut leaves = b.leaf_modes();
        for (k, node) in b.shape.nodes.iter().enumerate() {
            // Close the tuples that end before node k.
            while let Some(&(o, end, rank)) = opens.last() {
                if end > k {
                    break;
                }
                out.close_with_rank(o, rank);
                opens.pop();
            }
            match *node {
                Node::Tuple { rank, span } => {
                    let o = out.open();
                    opens.push((o, k + span as usize, rank));
                }
                Node::Leaf(_) => {
                    let (s, d) = leaves.next().expect("congruent");
                    compose_leaf(&a_modes, s, d, a, b, &mut out, digit_sum)?;
                }
            }
        }
        while let Some((o, _, rank)) = opens.pop() {
            out.close_with_rank(o, rank);
        }
    }
    let last = a_modes.len() - 1;
    let carry = digit_sum
        .iter()
        .enumerate()
        .take(last)
        .find(|&(mode, &sum)| sum >= a_modes[mode].0);
    if let Some((mode, &sum)) = carry {
        return Err(LayoutError::Carry {
            a: a.to_string(),
            b: b.to_string(),
            mode,
            digit_sum: sum,
            mode_size: a_modes[mode].0,
            witness: carry_witness(a, b, &out.finish()),
        });
    }
    Ok(out.finish())
}

/// The first coordinate (within a bounded search) where the mode-by-mode
/// layout `naive` differs from `A ∘ B`: `(c, naive(c), A(B(c)))`.
fn carry_witness(a: LayoutRef<'_>, b: LayoutRef<'_>, naive: &Layout) -> Option<(i64, i64, i64)> {
    let (a, b) = (a.to_owned(), b.to_owned());
    (0..b.size().min(1 << 16)).find_map(|c| {
        let want = a.checked_call(b.checked_call(c).ok()?).ok()?;
        let got = naive.checked_call(c).ok()?;
        (got != want).then_some((c, got, want))
    })
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
    a: LayoutRef<'_>,
    b: LayoutRef<'_>,
    out: &mut LayoutBuilder,
    digit_sum: &mut [i64],
) -> Result<(), LayoutError> {
    let operands = format_args!("{a} ∘ {b}");
    if a_modes.len() == 1 {
        out.leaf(s, mul(d, a_modes[0].1, "composition", &operands)?);
        return Ok(());
    }
    if d == 0 {
        out.leaf(s, 0);
        return Ok(());
    }
    // The modes go straight into `out`, under a tuple header that a single
    // mode replaces at the end.
    let o = out.open();
    let mut emitted = 0u32;
    let sign = d.signum();
    let mut rest_shape = s;
    let mut rest_stride = d
        .checked_abs()
        .ok_or_else(|| LayoutError::overflow("composition", operands))?;
    let last = a_modes.len() - 1;
    for (r, &(sr, dr)) in a_modes[..last].iter().enumerate() {
        if rest_shape != 1 {
            let reach = (rest_shape - 1).checked_mul(rest_stride);
            if let Some(reach) = reach.filter(|&x| x < sr) {
                // B's remaining image stays inside mode r.
                out.leaf(
                    rest_shape,
                    mul(rest_stride * sign, dr, "composition", &operands)?,
                );
                emitted += 1;
                if let Some(sum) = digit_sum.get_mut(r) {
                    *sum = sum.saturating_add(reach);
                }
                rest_shape = 1;
            } else {
                if sr % rest_stride != 0 && rest_stride % sr != 0 {
                    return Err(LayoutError::StrideDivisibility {
                        a: a.to_string(),
                        b: b.to_string(),
                        mode: r,
                        mode_size: sr,
                        rest_stride,
                    });
                }
                let n = if sr % rest_stride == 0 {
                    sr / rest_stride
                } else {
                    1
                };
                if n > 1 {
                    if rest_shape % n != 0 {
                        return Err(LayoutError::ShapeDivisibility {
                            a: a.to_string(),
                            b: b.to_string(),
                            mode: r,
                            rest_shape,
                            consumed: n,
                        });
                    }
                    out.leaf(n, mul(rest_stride * sign, dr, "composition", &operands)?);
                    emitted += 1;
                    if let Some(sum) = digit_sum.get_mut(r) {
                        *sum = sum.saturating_add((n - 1) * rest_stride);
                    }
                    rest_shape /= n;
                }
            }
        }
        rest_stride = ceil_div(rest_stride, sr);
    }
    if emitted == 0 || rest_shape != 1 {
        let st = mul(
            rest_stride * sign,
            a_modes[last].1,
            "composition",
            &operands,
        )?;
        out.leaf(rest_shape, st);
        emitted += 1;
    }
    out.close_flat_or_leaf(o, emitted);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
