//! The laws of `coalesce`, `coalesce_by`, `filter`, `filter_zeros`,
//! `coalesce_shape` (cute-dynamic's `algebra/coalesce.rs`).

use super::*;

/// A coalesced result: depth ≤ 1, no size-1 mode (unless it is `1:0`), no
/// two adjacent modes that merge (`s0·d0 == d1`).
pub(super) fn fewest_modes(cx: &Ctx, r: &Layout) -> Result<(), Violation> {
    cx.ensure(r.depth() <= 1, || format!("depth {} > 1", r.depth()))?;
    let modes: Vec<(i64, i64)> = r.leaf_modes().collect();
    if let [(1, d)] = modes[..] {
        return cx.ensure(d == 0, || "a size-1 result must be 1:0".into());
    }
    if let Some(k) = modes.iter().position(|m| m.0 == 1) {
        return Err(cx.fail(None, format!("mode {k} has size 1")));
    }
    if let Some(k) = modes
        .windows(2)
        .position(|w| w[0].0.checked_mul(w[0].1) == Some(w[1].1))
    {
        return Err(cx.fail(
            None,
            format!("modes {k} and {} merge: not the fewest modes", k + 1),
        ));
    }
    Ok(())
}

/// `coalesce(L) = R`: the same size, `R(i) == L(i)` for every `i <
/// size(L)`, depth at most 1, and the fewest modes (no size-1 mode unless
/// `R` is `1:0`, no adjacent modes with `s0·d0 == d1`).
pub fn check_coalesce(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("coalesce", format!("coalesce({l})"), r);
    cx.ensure(r.size() == l.size(), || {
        format!("size {} differs from size(L) = {}", r.size(), l.size())
    })?;
    same_values(&cx, r, l.size(), |i| l.call(i), "L")?;
    fewest_modes(&cx, r)
}

/// `coalesce_by(L, profile) = R`: an integer profile coalesces the whole
/// layout ([`check_coalesce`]); a tuple profile of rank `≤ rank(L)`
/// coalesces mode `i` by `profile[i]` and keeps the other modes.
pub fn check_coalesce_by(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    by_profile_law("coalesce", l, profile, r, check_coalesce)
}

/// The by-profile law shared by `coalesce` and `coalesce_x`: an integer
/// profile is `whole(L, R)`; a tuple profile of rank `≤ rank(L)` applies
/// the law to mode `i` by `profile[i]` and keeps the other modes.
pub(super) fn by_profile_law(
    law: &'static str,
    l: &Layout,
    profile: &IntTuple,
    r: &Layout,
    whole: fn(&Layout, &Layout) -> Result<(), Violation>,
) -> Result<(), Violation> {
    if profile.is_int() {
        return whole(l, r);
    }
    let cx = Ctx::new(law, format!("{law}({l}, {profile})"), r);
    cx.ensure(profile.rank() <= l.rank(), || {
        format!("profile rank {} > rank(L) = {}", profile.rank(), l.rank())
    })?;
    cx.ensure(!r.shape().is_int() && r.rank() == l.rank(), || {
        format!("rank {} differs from rank(L) = {}", r.rank(), l.rank())
    })?;
    for i in 0..l.rank() {
        let (li, ri) = (mode(l, i), r.mode(i));
        match profile.get(i) {
            Some(p) => {
                let ri = ri.ok_or_else(|| cx.fail(None, format!("mode {i} is missing")))?;
                by_profile_law(law, &li, &p.to_owned(), &ri, whole)?;
            }
            None => same_layout(&cx, ri, &li, &format!("mode {i}"))?,
        }
    }
    Ok(())
}

/// `filter_zeros(L) = R`: `L`'s structure and strides, every stride-0 leaf
/// of size 1, every other leaf unchanged.
pub fn check_filter_zeros(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("filter_zeros", format!("filter_zeros({l})"), r);
    cx.ensure(
        r.shape().as_ref().congruent(l.shape().as_ref()) && r.stride() == l.stride(),
        || "not L's structure and strides".into(),
    )?;
    for (k, ((s, d), (rs, _))) in l.leaf_modes().zip(r.leaf_modes()).enumerate() {
        let want = if d == 0 { 1 } else { s };
        cx.ensure(rs == want, || {
            format!("leaf {k} has size {rs}, expected {want}")
        })?;
    }
    Ok(())
}

/// `filter(L) = R`: `R(i) == filter_zeros(L)(i)` for every `i` (hence the
/// same image as `L`), coalesced, with no stride-0 or size-1 mode (`1:0`
/// when nothing is left).
pub fn check_filter(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("filter", format!("filter({l})"), r);
    let kept: Vec<(i64, i64)> = l.leaf_modes().filter(|&(_, d)| d != 0).collect();
    let n = kept.iter().fold(1i64, |a, &(s, _)| a.wrapping_mul(s));
    cx.ensure(r.size() == n, || {
        format!("size {} differs from size(filter_zeros(L)) = {n}", r.size())
    })?;
    let fz = |i: i64| {
        let (mut rest, mut off) = (i, 0i64);
        for &(s, d) in &kept {
            off = off.wrapping_add((rest % s).wrapping_mul(d));
            rest /= s;
        }
        off
    };
    same_values(&cx, r, n, fz, "filter_zeros(L)")?;
    fewest_modes(&cx, r)?;
    let modes: Vec<(i64, i64)> = r.leaf_modes().collect();
    cx.ensure(
        modes == [(1, 0)] || modes.iter().all(|&(s, d)| s > 1 && d != 0),
        || "keeps a stride-0 or size-1 mode".into(),
    )
}

/// `coalesce(S) == r` for a shape `S` (CuTe's `coalesce(shape)`, every
/// leaf of one kind): `S` has a leaf, and `r` is an integer (depth ≤ 1)
/// equal to the product of `S`'s leaves (`size(r) == size(S)`).
pub fn check_coalesce_shape(shape: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(shape.leaves().next().is_some(), || {
            format!("{shape} has no leaf")
        })?;
        let want = shape
            .leaves()
            .try_fold(1i128, |p, x| p.checked_mul(i128::from(x)))
            .ok_or_else(|| "the size is beyond i128".to_string())?;
        let got = r.as_int().ok_or_else(|| format!("{r} is not an integer"))?;
        ensure(i128::from(got) == want, || {
            format!("size({shape}) is {want}")
        })
    })();
    lift("coalesce", format!("coalesce({shape})"), r, law)
}
