//! The laws of `complement` (to an integer or a shape) and `ceil_div` by a
//! layout (cute-dynamic's `algebra/complement.rs`).

use super::*;

/// The largest `s·d` over the leaves with `s > 1` and `d ≠ 0` (1 if none).
pub(super) fn span(l: &Layout) -> i64 {
    l.leaf_modes()
        .filter(|&(s, d)| s > 1 && d != 0)
        .map(|(s, d)| s.saturating_mul(d))
        .max()
        .unwrap_or(1)
}

/// `complement(A, M) = R`: `M ≥ 1` and `A`'s strides non-negative (on its
/// leaves of size > 1); `R` is
/// strictly increasing on its domain, its image is disjoint from `A`'s
/// (`R(k) ∉ image(A)` for `k > 0`), and it is bounded by the target: `M ≤
/// span((A,R)) < M + span(A)` (the last mode of `R` reaches `⌈M /
/// span(A)⌉`; `span` is the largest `s·d` over the non-trivial leaves).
/// When `(A, M)` is admissible ([`cute_dynamic::is_complement_admissible`]),
/// `(A, R)` is a bijection onto `[0, size(A)·size(R))`.
pub fn check_complement(a: &Layout, m: i64, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("complement", format!("complement({a}, {m})"), r);
    cx.ensure(m >= 1, || format!("the target {m} is not positive"))?;
    cx.ensure(a.leaf_modes().all(|(s, d)| s == 1 || d >= 0), || {
        "A has a negative stride on a leaf of size > 1".into()
    })?;
    let mut prev = None;
    for i in points(r.size()) {
        let v = r.call(i);
        if let Some((j, p)) = prev
            && p >= v
        {
            return Err(cx.fail(
                Some(crd(r, i)),
                format!("not strictly increasing: R({j}) = {p} ≥ R({i}) = {v}"),
            ));
        }
        prev = Some((i, v));
    }
    if let Some(img) = image(a) {
        for k in points(r.size()).skip(1) {
            let v = r.call(k);
            if img.binary_search(&v).is_ok() {
                return Err(cx.fail(
                    Some(crd(r, k)),
                    format!("R({k}) = {v} is in the image of A"),
                ));
            }
        }
    }
    let both = Layout::concat([a, r]);
    let (sa, sb) = (span(a), span(&both));
    cx.ensure(sb >= m && sb < m.saturating_add(sa), || {
        format!(
            "span((A,R)) = {sb} is not in [M, M + span(A)) = [{m}, {})",
            m.saturating_add(sa)
        )
    })?;
    if cute_dynamic::is_complement_admissible(a, m)
        && let Some(img) = image(&both)
    {
        let bijective = img.iter().enumerate().all(|(k, &v)| k as i64 == v);
        cx.ensure(bijective, || {
            format!("(A,R) is not a bijection onto [0,{})", both.size())
        })?;
    }
    Ok(())
}

/// `complement(A, T) == r` for a shape `T`: the complement's law
/// ([`check_complement`]) for the integer `M = c · size(ceil_div(T, c))`,
/// where `c` is the extent of `A`'s image, the largest `s·d` over its
/// leaves of size > 1 and stride ≠ 0 (1 if none): CuTe divides `c` out of
/// `T`'s modes left to right for the last mode. An integer `T` is `M`.
pub fn check_complement_shape(a: &Layout, t: &IntTuple, r: &Layout) -> Result<(), Violation> {
    if let Some(m) = t.as_int() {
        return check_complement(a, m, r);
    }
    let c = a
        .leaf_modes()
        .filter(|&(s, d)| s > 1 && d != 0)
        .map(|(s, d)| i128::from(s) * i128::from(d))
        .max()
        .unwrap_or(1);
    let m = i64::try_from(c).ok().and_then(|c| {
        let q = cute_dynamic::ceil_div(t, &IntTuple::int(c)).ok()?.size()?;
        q.checked_mul(c)
    });
    match m {
        Some(m) => check_complement(a, m, r),
        None => binary_law("complement", a, t, r, Err("M is beyond i64".into())),
    }
}

/// `ceil_div(T, L) = R` for a layout `L` (CuTe's `ceil_div(target,
/// tiler)`): `R` is the shape of `complement(L, T)`, which satisfies the
/// complement's law.
pub fn check_ceil_div_by_layout(t: &IntTuple, l: &Layout, r: &IntTuple) -> Result<(), Violation> {
    let law = cute_dynamic::complement_shape(l, t)
        .map_err(|e| format!("complement({l}, {t}) fails: {e}"))
        .and_then(|c| {
            check_complement_shape(l, t, &c).map_err(|v| v.to_string())?;
            ensure(c.shape() == r, || {
                format!("{r} is not the shape of complement({l}, {t}) = {c}")
            })
        });
    binary_law("ceil_div", t, l, r, law)
}
