//! The laws of `filter` and `filter_zeros` by a profile, and on integer
//! tuples (cute-dynamic's `algebra/filter_by.rs`).

use super::*;

/// `filter(L, P) == r` (by profile): an integer `P` is [`check_filter`];
/// a tuple `P` gives `r` with `L`'s rank whose mode `i` is `filter(L_i,
/// P_i)` for `i < rank(P)` (each checked by this law) and `L_i` after.
pub fn check_filter_by(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    if profile.is_int() {
        return check_filter(l, r);
    }
    let cx = Ctx::new("filter", format!("filter({l}, {profile})"), r);
    cx.ensure(
        !r.shape().is_int() && r.rank() == l.rank() && profile.rank() <= l.rank(),
        || {
            format!(
                "not one mode per mode of L (rank {}), by a profile of rank {}",
                l.rank(),
                profile.rank()
            )
        },
    )?;
    for i in 0..l.rank() {
        let (Some(li), Some(ri)) = (l.mode(i), r.mode(i)) else {
            return Err(cx.fail(None, format!("no mode {i}")));
        };
        match profile.get(i) {
            Some(p) => check_filter_by(&li, &p.to_owned(), &ri)?,
            None => cx.ensure(li == ri, || format!("mode {i} is {ri}, not L's {li}"))?,
        }
    }
    Ok(())
}

/// `filter_zeros(L, P) == r` (by profile): `L`'s structure and strides,
/// each shape leaf 1 where the leaf of `P` above it (or at it) is 0, else
/// `L`'s.
pub fn check_filter_zeros_by(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("filter_zeros", format!("filter_zeros({l}, {profile})"), r);
    cx.ensure(
        r.shape().as_ref().congruent(l.shape().as_ref()) && r.stride() == l.stride(),
        || "not L's structure and strides".into(),
    )?;
    let mut zero = Vec::new();
    cx.ensure(
        zero_flags(profile.as_ref(), l.shape().as_ref(), &mut zero),
        || format!("{profile} is not weakly congruent to the shape of {l}"),
    )?;
    for (k, ((s, z), rs)) in l
        .shape()
        .leaves()
        .zip(zero)
        .zip(r.shape().leaves())
        .enumerate()
    {
        let want = if z { 1 } else { s };
        cx.ensure(rs == want, || {
            format!("leaf {k} has size {rs}, expected {want}")
        })?;
    }
    Ok(())
}

/// `filter_zeros(a, b) == r` on integer tuples: `a` weakly congruent to
/// `b`, `r` congruent to `b`, each leaf of `r` 1 where the leaf of `a`
/// over it (or at it) is 0, else `b`'s.
pub fn check_filter_zeros_tuples(
    a: &IntTuple,
    b: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let mut zero = Vec::new();
        ensure(zero_flags(a.as_ref(), b.as_ref(), &mut zero), || {
            format!("{a} is not weakly congruent to {b}")
        })?;
        ensure(congruent(r, b), || format!("{r} is not congruent to {b}"))?;
        for (k, ((x, z), y)) in b.leaves().zip(zero).zip(r.leaves()).enumerate() {
            let want = if z { 1 } else { x };
            ensure(y == want, || format!("leaf {k} is {y}, expected {want}"))?;
        }
        Ok(())
    })();
    binary_law("filter_zeros", a, b, r, law)
}

/// `filter_zeros(t) == r` on an integer tuple: [`check_filter_zeros_tuples`]
/// of `(t, t)`.
pub fn check_filter_zeros_tuple(t: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    check_filter_zeros_tuples(t, t, r)
}

/// For each leaf of `s`: whether the leaf of `p` over it is 0.
pub(super) fn zero_flags(p: IntTupleRef<'_>, s: IntTupleRef<'_>, out: &mut Vec<bool>) -> bool {
    match p.as_int() {
        Some(v) => {
            out.extend(s.leaves().map(|_| v == 0));
            true
        }
        None => {
            !s.is_int()
                && s.rank() == p.rank()
                && p.children()
                    .zip(s.children())
                    .all(|(pc, sc)| zero_flags(pc, sc, out))
        }
    }
}
