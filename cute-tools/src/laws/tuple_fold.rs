//! The laws of the tuple folds `max`, `min`, `gcd`, `sum`, `shape_min` and
//! `product_like` (cute-dynamic's `algebra/tuple_fold.rs`).

use super::*;

/// `max(t) == r`: `r` is a leaf of `t` and no leaf is above it.
pub fn check_max(t: &IntTuple, r: i64) -> Result<(), Violation> {
    lift(
        "max",
        format!("max({t})"),
        &r,
        extreme_law("max", t, r, |x, r| x <= r),
    )
}

/// `min(t) == r`: `r` is a leaf of `t` and no leaf is below it.
pub fn check_min(t: &IntTuple, r: i64) -> Result<(), Violation> {
    lift(
        "min",
        format!("min({t})"),
        &r,
        extreme_law("min", t, r, |x, r| x >= r),
    )
}

pub(super) fn extreme_law(op: &str, t: &IntTuple, r: i64, ok: fn(i64, i64) -> bool) -> Outcome {
    ensure(t.leaves().any(|x| x == r), || {
        format!("{op}({t}) = {r} is not a leaf of {t}")
    })?;
    match t.leaves().find(|&x| !ok(x, r)) {
        Some(x) => Err(format!("{op}({t}) = {r}, but {t} has the leaf {x}")),
        None => Ok(()),
    }
}

/// `gcd(t) == r`: `r ≥ 0` and `r` is the last of the running divisors
/// `gₖ = gcd(gₖ₋₁, xₖ)` over the leaves, each certified by Bézout: `gₖ`
/// divides `gₖ₋₁` and `xₖ` and `gₖ = s·gₖ₋₁ + t·xₖ` (so every common divisor
/// divides it).
pub fn check_gcd(t: &IntTuple, r: i64) -> Result<(), Violation> {
    lift("gcd", format!("gcd({t})"), &r, gcd_law_text(t, r))
}

pub(super) fn gcd_law_text(t: &IntTuple, r: i64) -> Outcome {
    let mut leaves = t.leaves().map(i128::from);
    let Some(first) = leaves.next() else {
        return Err(format!("gcd({t}) = {r}, but {t} has no leaf"));
    };
    let mut g = first.abs();
    for x in leaves {
        // Extended Euclid on (g, |x|): n = s·g + u·|x|.
        let (mut r0, mut r1, mut s0, mut s1, mut u0, mut u1) =
            (g, x.abs(), 1i128, 0i128, 0i128, 1i128);
        while r1 != 0 {
            let q = r0 / r1;
            (r0, r1) = (r1, r0 - q * r1);
            (s0, s1) = (s1, s0 - q * s1);
            (u0, u1) = (u1, u0 - q * u1);
        }
        let divides = |a: i128| if r0 == 0 { a == 0 } else { a % r0 == 0 };
        ensure(
            divides(g) && divides(x) && s0 * g + u0 * x.abs() == r0,
            || format!("gcd({t}): no Bézout certificate for gcd({g}, {x})"),
        )?;
        g = r0;
    }
    ensure(g == i128::from(r), || {
        format!("gcd({t}) = {r}, but the greatest common divisor is {g}")
    })
}

/// `sum(t) == r`: the sum of the leaves.
pub fn check_sum(t: &IntTuple, r: i64) -> Result<(), Violation> {
    let want: i128 = t.leaves().map(i128::from).sum();
    lift(
        "sum",
        format!("sum({t})"),
        &r,
        ensure(want == i128::from(r), || {
            format!("sum({t}) = {r}, but the leaves sum to {want}")
        }),
    )
}

/// `shape_min(a, b) == r` for integers: `1` when either is 1, else the
/// smaller of the two.
pub fn check_shape_min(a: &IntTuple, b: &IntTuple, r: i64) -> Result<(), Violation> {
    let law = match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) if x == 1 || y == 1 => ensure(r == 1, || {
            format!("shape_min({a}, {b}) = {r}, but _1 is below every shape")
        }),
        (Some(x), Some(y)) => ensure((r == x || r == y) && r <= x && r <= y, || {
            format!("shape_min({a}, {b}) = {r} is not the smaller operand")
        }),
        _ => Err(format!("shape_min({a}, {b}): integers only")),
    };
    binary_law("shape_min", a, b, &r, law)
}

/// `product_like(t, guide) == r`: `r` is congruent to `guide`, and the leaf
/// of `r` at each leaf of `guide` is the size of the part of `t` there (a
/// tuple of `guide` pairs with a tuple of `t` of the same rank).
pub fn check_product_like(t: &IntTuple, guide: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    tuple_law("product_like", t, guide, r, product_like_law)
}

pub(super) fn product_like_law(
    t: IntTupleRef<'_>,
    g: IntTupleRef<'_>,
    r: IntTupleRef<'_>,
) -> Outcome {
    match (g.is_int(), r.as_int()) {
        (true, Some(v)) => ensure(size128(t) == i128::from(v), || {
            format!("the leaf {v} is not size({t})")
        }),
        (true, None) => Err(format!("{r} is a tuple where the guide has the leaf {g}")),
        (false, _) => {
            ensure(!t.is_int() && t.rank() == g.rank(), || {
                format!("{t} is not as deep as the guide {g}")
            })?;
            ensure(!r.is_int() && r.rank() == g.rank(), || {
                format!("{r} is not congruent to the guide {g}")
            })?;
            for ((tc, gc), rc) in t.children().zip(g.children()).zip(r.children()) {
                product_like_law(tc, gc, rc)?;
            }
            Ok(())
        }
    }
}
