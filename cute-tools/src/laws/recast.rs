//! The laws of `upcast`, `downcast` and `recast_layout` (cute-dynamic's
//! `algebra/recast.rs`).

use super::*;

/// `downcast(N, L) = R`: for a layout whose first leaf has stride 1 and no
/// other leaf stride ±1, `R(i) == N·L(i / N) + i mod N` for every `i <
/// size(R)`, and `size(R) == N·size(L)` (other layouts: the leaf rule only,
/// not checked here).
pub fn check_downcast(n: i64, l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("downcast", format!("downcast({n}, {l})"), r);
    cx.ensure(n >= 1, || format!("the factor {n} is not positive"))?;
    let mut strides = l.leaf_modes().map(|(_, d)| d);
    if strides.next() != Some(1) || strides.any(|d| d == 1 || d == -1) {
        return Ok(());
    }
    cx.ensure(r.size() == l.size().wrapping_mul(n), || {
        format!("size {} is not {n}·size(L)", r.size())
    })?;
    same_values(
        &cx,
        r,
        r.size(),
        |i| n.wrapping_mul(l.call(i / n)).wrapping_add(i % n),
        "N·L(i/N) + i mod N at",
    )
}

// ---------------------------------------------------------------------
// Recasting
// ---------------------------------------------------------------------

/// `⌈a / b⌉` for `a ≥ 0`, `b ≥ 1`, in `i128`.
pub(super) fn ceil128(a: i128, b: i128) -> i128 {
    (a + b - 1) / b
}

/// `r` has `l`'s profile and leaf `k` of `r` is `rule(leaf k of l)`.
pub(super) fn leaf_rule(
    cx: &Ctx,
    l: &Layout,
    r: &Layout,
    rule: &dyn Fn(i64, i64) -> (i128, i128),
) -> Result<(), Violation> {
    cx.ensure(r.shape().as_ref().congruent(l.shape().as_ref()), || {
        format!("the profile of {} differs from {}", r.shape(), l.shape())
    })?;
    for (k, ((s, d), (rs, rd))) in l.leaf_modes().zip(r.leaf_modes()).enumerate() {
        let (ws, wd) = rule(s, d);
        cx.ensure(i128::from(rs) == ws && i128::from(rd) == wd, || {
            format!("leaf {k} {s}:{d} became {rs}:{rd}, expected {ws}:{wd}")
        })?;
    }
    Ok(())
}

/// `upcast(N, L) = R` (`N` elements viewed as one): `L`'s profile, each
/// leaf `s:d` becoming `ceil_div(s, ceil_div(N, |d|)) : sign(d)·ceil_div(|d|,
/// N)` (a stride-0 leaf kept); and exact where that rule is: when `L`'s
/// first leaf has stride 1 and a size that `N` divides and every other
/// stride is a multiple of `N`, `N·size(R) == size(L)` and `N·R(i) ==
/// L(N·i)` for every `i < size(R)` (new element `i` covers old elements
/// `N·i … N·i+N-1`).
pub fn check_upcast(n: i64, l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("upcast", format!("upcast({n}, {l})"), r);
    cx.ensure(n >= 1, || format!("the factor {n} is not positive"))?;
    let n128 = i128::from(n);
    leaf_rule(&cx, l, r, &|s, d| {
        if d == 0 {
            (i128::from(s), 0)
        } else {
            let a = i128::from(d).abs();
            (
                ceil128(i128::from(s), ceil128(n128, a)),
                i128::from(d.signum()) * ceil128(a, n128),
            )
        }
    })?;
    let mut leaves = l.leaf_modes();
    let exact =
        matches!(leaves.next(), Some((s, 1)) if s % n == 0) && leaves.all(|(_, d)| d % n == 0);
    if !exact {
        return Ok(());
    }
    cx.ensure(r.size().checked_mul(n) == Some(l.size()), || {
        format!("N·size(R) = {n}·{} is not size(L) = {}", r.size(), l.size())
    })?;
    for i in points(r.size()) {
        let (got, want) = (i128::from(r.call(i)) * n128, i128::from(l.call(i * n)));
        if got != want {
            return Err(cx.fail(
                Some(crd(r, i)),
                format!("N·R({i}) = {got} but L(N·{i}) = {want}"),
            ));
        }
    }
    Ok(())
}

/// `recast_layout(old_bits, new_bits, L) = R`: with `new/old = num/den` in
/// lowest terms, `R == downcast(den, U)` for `U = upcast(num, L)`: `U`
/// satisfies [`check_upcast`], and `R` has `U`'s profile with each leaf
/// `s:±1` becoming `s·den:±1` and any other `s:d` becoming `s:d·den`, and
/// satisfies [`check_downcast`] on `U` (for `num = den = 1`, `R == L`).
pub fn check_recast_layout(
    old_bits: i64,
    new_bits: i64,
    l: &Layout,
    r: &Layout,
) -> Result<(), Violation> {
    let cx = Ctx::new(
        "recast_layout",
        format!("recast_layout({old_bits}, {new_bits}, {l})"),
        r,
    );
    cx.ensure(old_bits >= 1 && new_bits >= 1, || {
        "element sizes must be positive".into()
    })?;
    let g = cute_core::int::gcd(old_bits, new_bits);
    let (num, den) = (new_bits / g, old_bits / g);
    let u = cute_dynamic::upcast(num, l)
        .map_err(|e| cx.fail(None, format!("upcast({num}) fails: {e}")))?;
    check_upcast(num, l, &u)?;
    let den128 = i128::from(den);
    leaf_rule(&cx, &u, r, &|s, d| {
        if d == 1 || d == -1 {
            (i128::from(s) * den128, i128::from(d))
        } else {
            (i128::from(s), i128::from(d) * den128)
        }
    })?;
    check_downcast(den, &u, r)
}
