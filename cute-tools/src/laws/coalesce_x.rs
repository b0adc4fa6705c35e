//! The laws of `coalesce_x`, `coalesce_x_by`, `bw_coalesce` (cute-dynamic's
//! `algebra/coalesce_x.rs`).

use super::*;

// ---------------------------------------------------------------------
// The rest of the surface: coalesce_x, bw_coalesce, max_alignment, the modes of
// a layout by index, crd2idx, the coordinate iterator, the int-tuple
// constructors and scans
// ---------------------------------------------------------------------

/// `L`'s values equal `R`'s at the points of `[0, n)` on the extended
/// domain (the last mode takes every index beyond), where both are in
/// `i64`.
pub(super) fn same_extended(l: &Layout, r: &Layout, n: i64) -> Outcome {
    for i in points(n) {
        if let (Ok(a), Ok(b)) = (l.checked_call(i), r.checked_call(i)) {
            ensure(a == b, || format!("R({i}) = {b} but L({i}) = {a}"))?;
        }
    }
    Ok(())
}

/// No size-1 mode and no two adjacent modes that merge (`s0·d0 == d1`).
pub(super) fn no_unit_or_mergeable(r: &Layout) -> Outcome {
    let modes: Vec<(i64, i64)> = r.leaf_modes().collect();
    ensure(r.depth() <= 1, || format!("depth {} > 1", r.depth()))?;
    if let Some(k) = modes.iter().position(|m| m.0 == 1) {
        return Err(format!("mode {k} has size 1"));
    }
    match modes
        .windows(2)
        .position(|w| w[0].0.checked_mul(w[0].1) == Some(w[1].1))
    {
        Some(k) => Err(format!("modes {k} and {} merge", k + 1)),
        None => Ok(()),
    }
}

/// `coalesce_x(L) = R`: depth ≤ 1, `R(i) == L(i)` for every `i ≥ 0` on the
/// extended domain (checked on `[0, 4·size(L))`), `size(R)` is `size(L)`,
/// or twice it when `L`'s last leaf has size 1 (CuTe seeds it as `2:d`),
/// and no size-1 or mergeable modes.
pub fn check_coalesce_x(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let last = l.leaf_modes().last().ok_or("L has no leaf")?;
        let factor = if last.0 == 1 { 2 } else { 1 };
        ensure(Some(r.size()) == l.size().checked_mul(factor), || {
            format!(
                "size {} is not {factor}·size(L) = {factor}·{}",
                r.size(),
                l.size()
            )
        })?;
        no_unit_or_mergeable(r)?;
        same_extended(l, r, l.size().saturating_mul(4))
    })();
    lift("coalesce_x", format!("coalesce_x({l})"), r, law)
}

/// `coalesce_x_by(L, profile) = R`: an integer profile is
/// [`check_coalesce_x`]; a tuple profile of rank `≤ rank(L)` applies it to
/// mode `i` by `profile[i]` and keeps the other modes.
pub fn check_coalesce_x_by(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    by_profile_law("coalesce_x", l, profile, r, check_coalesce_x)
}

/// `bw_coalesce(L, N) = R` (`N` flat): with `X` the flat layout of `L`'s
/// leaves followed by `N`'s, `size(R) == size(X)`, depth ≤ 1 and `R(i) ==
/// X(i)` for every `i < size(X)`.
pub fn check_bw_coalesce(l: &Layout, seed: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(seed.depth() <= 1, || {
            format!("the stack {seed} is not flat")
        })?;
        let leaves: Vec<(i64, i64)> = l.leaf_modes().chain(seed.leaf_modes()).collect();
        let (s, d): (Vec<i64>, Vec<i64>) = leaves.into_iter().unzip();
        let x = Layout::new(IntTuple::flat(s), IntTuple::flat(d)).map_err(err)?;
        ensure(r.depth() <= 1, || format!("depth {} > 1", r.depth()))?;
        ensure(r.size() == x.size(), || {
            format!("size {} is not size(L)·size(N) = {}", r.size(), x.size())
        })?;
        for i in points(x.size()) {
            let (a, b) = (x.call(i), r.call(i));
            ensure(a == b, || format!("R({i}) = {b} but (L, N)({i}) = {a}"))?;
        }
        Ok(())
    })();
    lift("bw_coalesce", format!("bw_coalesce({l}, {seed})"), r, law)
}
