//! The laws of integer-tuple arithmetic, predicates and orders:
//! `shape_div`, `ceil_div`, `round_up`, `product_each`, `abs`,
//! `inner_product`, `elem_scale`, `evenly_divides`, `congruent` …
//! `weakly_compatible`, the lexicographic, colexicographic and element-wise
//! orders (cute-dynamic's `data/int_tuple_ops.rs`).

use super::*;

// ---------------------------------------------------------------------
// Int tuples
// ---------------------------------------------------------------------

/// `shape_div(a, b) == r`: exact division or `±1` for integers; mode by mode
/// for two tuples; for a tuple by an integer, `r` is congruent to `a`, each
/// leaf of `r` divides the leaf of `a`, and `size(r)·b == size(a)` when `b`
/// divides `size(a)` (positive leaves).
pub fn check_shape_div(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    tuple_law("shape_div", a, b, r, shape_div_law)
}

pub(super) fn shape_div_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
    match (a.as_int(), b.as_int()) {
        (Some(x), _) => {
            let y = size128(b);
            let v = i128::from(
                r.as_int()
                    .ok_or_else(|| format!("shape_div({a}, {b}) = {r} is not an integer"))?,
            );
            let x = i128::from(x);
            let ok = if y != 0 && x % y == 0 {
                v * y == x
            } else {
                x != 0 && y % x == 0 && v == x.signum() * y.signum()
            };
            ensure(ok, || {
                format!("shape_div({a}, {b}) = {r}: neither the quotient nor ±1")
            })
        }
        (None, None) => {
            ensure(
                r.rank() == a.rank() && !r.is_int() && a.rank() == b.rank(),
                || format!("shape_div({a}, {b}) = {r}: ranks differ"),
            )?;
            for ((x, y), z) in a.children().zip(b.children()).zip(r.children()) {
                shape_div_law(x, y, z)?;
            }
            Ok(())
        }
        (None, Some(y)) => {
            ensure(r.congruent(a), || {
                format!("shape_div({a}, {b}) = {r} is not congruent to {a}")
            })?;
            if y > 0 && a.leaves().all(|v| v > 0) {
                for (x, z) in a.leaves().zip(r.leaves()) {
                    ensure(z > 0 && x % z == 0, || {
                        format!("shape_div({a}, {b}) = {r}: leaf {z} does not divide {x}")
                    })?;
                }
                let sa = size128(a);
                if sa % i128::from(y) == 0 {
                    ensure(size128(r) * i128::from(y) == sa, || {
                        format!("shape_div({a}, {b}) = {r}: size(r)·{y} != size(a) = {sa}")
                    })?;
                }
            }
            Ok(())
        }
    }
}

/// `ceil_div(a, b) == r`: `⌈a/b⌉` for integers; mode by mode (missing modes
/// of `b` are 1) for two tuples; for a tuple by an integer, `r` is congruent
/// to `a`, `1 ≤ rᵢ ≤ aᵢ`, and `r == shape_div(a, b)` wherever that is defined.
pub fn check_ceil_div(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    tuple_law("ceil_div", a, b, r, ceil_div_law)
}

pub(super) fn ceil_div_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
    let one = IntTuple::int(1);
    match (a.as_int(), b.as_int()) {
        (Some(x), _) => {
            let (x, y) = (i128::from(x), size128(b));
            let v = i128::from(
                r.as_int()
                    .ok_or_else(|| format!("ceil_div({a}, {b}) = {r} is not an integer"))?,
            );
            ensure(v * y >= x && (v - 1) * y < x.max(1) && v >= 0, || {
                format!("ceil_div({a}, {b}) = {r} is not the ceiling of {x}/{y}")
            })
        }
        (None, None) => {
            ensure(
                !r.is_int() && r.rank() == a.rank() && b.rank() <= a.rank(),
                || format!("ceil_div({a}, {b}) = {r}: ranks differ"),
            )?;
            for (k, (x, z)) in a.children().zip(r.children()).enumerate() {
                ceil_div_law(x, b.get(k).unwrap_or(one.as_ref()), z)?;
            }
            Ok(())
        }
        (None, Some(_)) => {
            ensure(r.congruent(a), || {
                format!("ceil_div({a}, {b}) = {r} is not congruent to {a}")
            })?;
            for (x, z) in a.leaves().zip(r.leaves()) {
                ensure(x < 1 || (1 <= z && z <= x), || {
                    format!("ceil_div({a}, {b}) = {r}: leaf {z} outside 1..={x}")
                })?;
            }
            if let Ok(s) = cute_dynamic::shape_div(&a.to_owned(), &b.to_owned()) {
                ensure(s.as_ref() == r, || {
                    format!("ceil_div({a}, {b}) = {r} differs from shape_div = {s}")
                })?;
            }
            Ok(())
        }
    }
}

/// `round_up(a, b) == r`: the least multiple of `b` that is `≥ a`, leaf by
/// leaf (missing modes of `b` are 1).
pub fn check_round_up(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    tuple_law("round_up", a, b, r, round_up_law)
}

pub(super) fn round_up_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
    let one = IntTuple::int(1);
    match (a.as_int(), b.as_int(), r.as_int()) {
        (Some(x), Some(y), Some(v)) => ensure(y > 0 && v % y == 0 && v >= x && v - x < y, || {
            format!("round_up({a}, {b}) = {r} is not the least multiple of {y} at least {x}")
        }),
        (None, None, None) if r.rank() == a.rank() && b.rank() <= a.rank() => {
            for (k, (x, z)) in a.children().zip(r.children()).enumerate() {
                round_up_law(x, b.get(k).unwrap_or(one.as_ref()), z)?;
            }
            Ok(())
        }
        _ => Err(format!("round_up({a}, {b}) = {r}: profiles differ")),
    }
}

/// `product_each(a) == r`: an integer is itself (CuTe's `product` of an
/// integer); a tuple gives a flat tuple, one leaf per mode of `a`, the size
/// of that mode.
pub fn check_product_each(a: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    let what = format!("product_each({a})");
    lift("product_each", what, &r, product_each_law_text(a, r))
}

pub(super) fn product_each_law_text(a: &IntTuple, r: &IntTuple) -> Outcome {
    ensure(
        !r.is_int() && r.rank() == a.rank() && r.depth() <= 1,
        || format!("product_each({a}) = {r} does not have one leaf per mode"),
    )?;
    for (m, v) in a.as_ref().modes().zip(r.leaves()) {
        ensure(size128(m) == i128::from(v), || {
            format!("product_each({a}) = {r}: size({m}) != {v}")
        })?;
    }
    Ok(())
}

/// `abs(t) == r`: `r` is congruent to `t` and each leaf of `r` is the
/// absolute value of the matching leaf of `t`.
pub fn check_abs(t: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    lift("abs", format!("abs({t})"), &r, abs_law_text(t, r))
}

pub(super) fn abs_law_text(t: &IntTuple, r: &IntTuple) -> Outcome {
    ensure(congruent(t, r), || {
        format!("abs({t}) = {r}: not congruent to the operand")
    })?;
    for (x, y) in t.leaves().zip(r.leaves()) {
        ensure(i128::from(x).abs() == i128::from(y), || {
            format!("abs({t}) = {r}: |{x}| != {y}")
        })?;
    }
    Ok(())
}

/// `inner_product(a, b) == r`: `Σ aᵢ·bᵢ` over the leaves (congruent).
pub fn check_inner_product(a: &IntTuple, b: &IntTuple, r: i64) -> Result<(), Violation> {
    binary_law("inner_product", a, b, &r, inner_product_law_text(a, b, r))
}

pub(super) fn inner_product_law_text(a: &IntTuple, b: &IntTuple, r: i64) -> Outcome {
    ensure(congruent(a, b), || {
        format!("inner_product({a}, {b}): not congruent")
    })?;
    let want: i128 = a
        .leaves()
        .zip(b.leaves())
        .map(|(x, y)| i128::from(x) * i128::from(y))
        .sum();
    ensure(want == i128::from(r), || {
        format!("inner_product({a}, {b}) = {r}, want {want}")
    })
}

pub(super) fn congruent(a: &IntTuple, b: &IntTuple) -> bool {
    a.as_ref().congruent(b.as_ref())
}

/// `elem_scale(a, b) == r`: `r` congruent to `a`, each leaf of `a` times the
/// size of the matching mode of `b`.
pub fn check_elem_scale(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    binary_law("elem_scale", a, b, &r, elem_scale_law_text(a, b, r))
}

pub(super) fn elem_scale_law_text(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Outcome {
    ensure(congruent(a, r), || {
        format!("elem_scale({a}, {b}) = {r} is not congruent to {a}")
    })?;
    elem_scale_law(a.as_ref(), b.as_ref(), r.as_ref())
}

pub(super) fn elem_scale_law(
    a: IntTupleRef<'_>,
    b: IntTupleRef<'_>,
    r: IntTupleRef<'_>,
) -> Outcome {
    match (a.as_int(), r.as_int()) {
        (Some(x), Some(v)) => ensure(i128::from(x) * size128(b) == i128::from(v), || {
            format!("elem_scale: {x}·size({b}) != {v}")
        }),
        _ => {
            for (k, (x, z)) in a.children().zip(r.children()).enumerate() {
                let y = b
                    .get(k)
                    .ok_or_else(|| format!("elem_scale: {b} has no mode {k}"))?;
                elem_scale_law(x, y, z)?;
            }
            Ok(())
        }
    }
}

/// `evenly_divides(shape, tiler) == r`: when `r`, every integer of the tiler
/// divides the size of the matching part of the shape; when every pairing
/// is integer by integer, `r` holds exactly when each divides.
pub fn check_evenly_divides(shape: &IntTuple, tiler: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law(
        "evenly_divides",
        shape,
        tiler,
        &r,
        evenly_divides_law_text(shape, tiler, r),
    )
}

pub(super) fn evenly_divides_law_text(shape: &IntTuple, tiler: &IntTuple, r: bool) -> Outcome {
    let mut all_divide = true;
    let mut simple = true;
    pairings(shape.as_ref(), tiler.as_ref(), &mut all_divide, &mut simple);
    if r {
        ensure(all_divide, || {
            format!("evenly_divides({shape}, {tiler}) is true but a tile does not divide its mode")
        })?;
    }
    if simple {
        ensure(r == all_divide, || {
            format!("evenly_divides({shape}, {tiler}) = {r}, but divisibility says {all_divide}")
        })?;
    }
    Ok(())
}

pub(super) fn pairings(a: IntTupleRef<'_>, b: IntTupleRef<'_>, all: &mut bool, simple: &mut bool) {
    match b.as_int() {
        Some(y) => {
            *simple &= a.is_int();
            *all &= y != 0 && size128(a) % i128::from(y) == 0;
        }
        None => {
            if b.rank() > a.rank() {
                *all = false;
                return;
            }
            for (k, y) in b.children().enumerate() {
                match a.get(k) {
                    Some(x) => pairings(x, y, all, simple),
                    None => *all = false,
                }
            }
        }
    }
}

/// `lex_less(a, b) == r`: for congruent tuples, the lexicographic order of
/// the leaf sequences.
pub fn check_lex_less(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law("lex_less", a, b, &r, lex_less_law_text(a, b, r))
}

pub(super) fn lex_less_law_text(a: &IntTuple, b: &IntTuple, r: bool) -> Outcome {
    if congruent(a, b) {
        let want = a.leaves().lt(b.leaves());
        ensure(r == want, || {
            format!("lex_less({a}, {b}) = {r}, want {want}")
        })?;
    }
    Ok(())
}

/// `lex_leq`, `lex_gtr`, `lex_geq`, `colex_leq`, `colex_gtr`, `colex_geq`
/// (`op`) `(a, b) == r`: for congruent tuples, `≤`, `>`, `≥` of the leaf
/// sequences (reversed for colex), as CuTe's negations and swaps of
/// `lex_less`/`colex_less` give them.
pub fn check_lex_order(op: &str, a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        if !congruent(a, b) {
            return Ok(());
        }
        let (mut x, mut y): (Vec<i64>, Vec<i64>) = (a.leaves().collect(), b.leaves().collect());
        if op.starts_with("colex") {
            x.reverse();
            y.reverse();
        }
        let want = match op.rsplit('_').next() {
            Some("leq") => x <= y,
            Some("gtr") => x > y,
            Some("geq") => x >= y,
            _ => return Err(format!("{op} is not an order")),
        };
        ensure(r == want, || format!("{op}({a}, {b}) = {r}, want {want}"))
    })();
    lift("lex_order", format!("{op}({a}, {b})"), &r, law)
}

/// `colex_less(a, b) == r`: for congruent tuples, the lexicographic order
/// of the reversed leaf sequences.
pub fn check_colex_less(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law("colex_less", a, b, &r, colex_less_law_text(a, b, r))
}

pub(super) fn colex_less_law_text(a: &IntTuple, b: &IntTuple, r: bool) -> Outcome {
    if congruent(a, b) {
        let (x, y): (Vec<i64>, Vec<i64>) = (a.leaves().collect(), b.leaves().collect());
        let want = x.iter().rev().lt(y.iter().rev());
        ensure(r == want, || {
            format!("colex_less({a}, {b}) = {r}, want {want}")
        })?;
    }
    Ok(())
}

/// `elem_less(a, b) == r`: for congruent tuples, every leaf of `a` is less
/// than the matching leaf of `b`.
pub fn check_elem_less(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law("elem_less", a, b, &r, elem_less_law_text(a, b, r))
}

pub(super) fn elem_less_law_text(a: &IntTuple, b: &IntTuple, r: bool) -> Outcome {
    if congruent(a, b) {
        let want = a.leaves().zip(b.leaves()).all(|(x, y)| x < y);
        ensure(r == want, || {
            format!("elem_less({a}, {b}) = {r}, want {want}")
        })?;
    }
    Ok(())
}

/// `elem_leq(a, b) == r`: for congruent tuples, some leaf of `a` is at
/// most the matching leaf of `b` (CuTe's
/// `!elem_less(b, a)`).
pub fn check_elem_leq(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law(
        "elem_leq",
        a,
        b,
        &r,
        elem_cmp_law_text("elem_leq", a, b, r, |x, y| x <= y, true),
    )
}

/// `elem_gtr(a, b) == r`: for congruent tuples, every leaf of `a` is above
/// the matching leaf of `b` (CuTe's `elem_less(b, a)`).
pub fn check_elem_gtr(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law(
        "elem_gtr",
        a,
        b,
        &r,
        elem_cmp_law_text("elem_gtr", a, b, r, |x, y| x > y, false),
    )
}

/// `elem_geq(a, b) == r`: for congruent tuples, some leaf of `a` is at
/// least the matching leaf of `b` (CuTe's
/// `!elem_less(a, b)`).
pub fn check_elem_geq(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law(
        "elem_geq",
        a,
        b,
        &r,
        elem_cmp_law_text("elem_geq", a, b, r, |x, y| x >= y, true),
    )
}

/// For congruent tuples, `r` is "some leaf pair satisfies `cmp`" (`some`;
/// false without leaves) or "every leaf pair does".
pub(super) fn elem_cmp_law_text(
    op: &str,
    a: &IntTuple,
    b: &IntTuple,
    r: bool,
    cmp: fn(i64, i64) -> bool,
    some: bool,
) -> Outcome {
    if congruent(a, b) {
        let mut pairs = a.leaves().zip(b.leaves());
        let want = if some {
            pairs.any(|(x, y)| cmp(x, y))
        } else {
            pairs.all(|(x, y)| cmp(x, y))
        };
        ensure(r == want, || format!("{op}({a}, {b}) = {r}, want {want}"))?;
    }
    Ok(())
}

// ---------------------------------------------------------------------
// Int-tuple profiles, swizzles by value, descriptors
// ---------------------------------------------------------------------

pub(super) fn congruent_def(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> bool {
    match (a.is_int(), b.is_int()) {
        (true, true) => true,
        (false, false) => {
            a.rank() == b.rank()
                && a.children()
                    .zip(b.children())
                    .all(|(x, y)| congruent_def(x, y))
        }
        _ => false,
    }
}

pub(super) fn weakly_congruent_def(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> bool {
    if a.is_int() {
        return true;
    }
    !b.is_int()
        && a.rank() == b.rank()
        && a.children()
            .zip(b.children())
            .all(|(x, y)| weakly_congruent_def(x, y))
}

pub(super) fn compatible_def(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> bool {
    if let Some(x) = a.as_int() {
        return i128::from(x) == size128(b);
    }
    !b.is_int()
        && a.rank() == b.rank()
        && a.children()
            .zip(b.children())
            .all(|(x, y)| compatible_def(x, y))
}

pub(super) fn weakly_compatible_def(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> bool {
    if let Some(x) = a.as_int() {
        let n = size128(b);
        return if x == 0 {
            n == 0
        } else {
            n % i128::from(x) == 0
        };
    }
    !b.is_int()
        && a.rank() == b.rank()
        && a.children()
            .zip(b.children())
            .all(|(x, y)| weakly_compatible_def(x, y))
}

pub(super) fn predicate_law(
    law: &'static str,
    a: &IntTuple,
    b: &IntTuple,
    r: bool,
    def: fn(IntTupleRef<'_>, IntTupleRef<'_>) -> bool,
) -> Result<(), Violation> {
    let want = def(a.as_ref(), b.as_ref());
    let cx = Ctx::new(law, format!("{law}({a}, {b})"), &r);
    cx.ensure(r == want, || format!("the definition says {want}"))
}

/// `congruent(a, b) = r`: `r` holds exactly when `a` and `b` have the same
/// profile (both integers, or tuples of equal rank with congruent modes).
pub fn check_congruent(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    predicate_law("congruent", a, b, r, congruent_def)
}

/// `weakly_congruent(a, b) = r`: `r` holds exactly when `a`'s profile is a
/// coarsening of `b`'s (an integer `a` matches anything; tuples need equal
/// ranks and weakly congruent modes).
pub fn check_weakly_congruent(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    predicate_law("weakly_congruent", a, b, r, weakly_congruent_def)
}

/// `compatible(a, b) = r`: `r` holds exactly when every coordinate of shape
/// `a` is one of shape `b`: an integer `a` equals `size(b)`; tuples need
/// equal ranks and compatible modes.
pub fn check_compatible(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    predicate_law("compatible", a, b, r, compatible_def)
}

/// `weakly_compatible(a, b) = r`: `r` holds exactly when each leaf `x` of
/// `a` divides the size of the matching mode of `b` (an integer `a`:
/// `x | size(b)`; tuples need equal ranks and weakly compatible modes).
pub fn check_weakly_compatible(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    predicate_law("weakly_compatible", a, b, r, weakly_compatible_def)
}
