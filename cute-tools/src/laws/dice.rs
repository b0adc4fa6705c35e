//! The laws of `dice` (cute-dynamic's `algebra/dice.rs`).

use super::*;

/// `dice(c, l) == r`: `r`'s leaves are `l`'s leaves under integers of `c`,
/// in order, and `size(r) · size(slice(c, l)) == size(l)`.
pub fn check_dice(coord: &Coord, l: &Layout, r: &Layout) -> Result<(), Violation> {
    binary_law("dice", coord, l, &r, dice_law_text(coord, l, r))
}

pub(super) fn dice_law_text(coord: &Coord, l: &Layout, r: &Layout) -> Outcome {
    let mut want = Vec::new();
    kept(coord, l.as_ref(), &mut want)?;
    let got: Vec<(i64, i64)> = r.leaf_modes().collect();
    ensure(got == want, || {
        format!("dice({coord}, {l}) = {r}: leaves {got:?}, want {want:?}")
    })?;
    if let Ok((s, _)) = l.slice(coord) {
        ensure(
            i128::from(s.size()) * i128::from(r.size()) == i128::from(l.size()),
            || format!("dice({coord}, {l}) = {r} and slice = {s} do not split {l}"),
        )?;
    }
    Ok(())
}

pub(super) fn kept(c: &Coord, m: LayoutRef<'_>, out: &mut Vec<(i64, i64)>) -> Outcome {
    match c {
        Coord::Int(_) => out.extend(m.leaf_modes()),
        Coord::Hole => {}
        Coord::Tuple(items) => {
            ensure(!m.is_int() && items.len() == m.rank(), || {
                format!("dice: {c} does not match {m}")
            })?;
            for (ci, mi) in items.iter().zip(m.modes()) {
                kept(ci, mi, out)?;
            }
        }
    }
    Ok(())
}

/// The sorted-stride test: the leaves, sorted by stride, have strides
/// `1, s₀, s₀·s₁, …` (a bijection onto `[0, Π s)`).
pub(super) fn compact(leaves: &mut [(i64, i64)]) -> bool {
    leaves.sort_unstable_by_key(|&(s, d)| (d, s));
    let mut cur = 1i128;
    for &(s, d) in leaves.iter() {
        if i128::from(d) != cur {
            return false;
        }
        cur *= i128::from(s);
    }
    true
}
