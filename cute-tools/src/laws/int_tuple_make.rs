//! The laws of `repeat_like`, `make_int_tuple`, `make_int_tuple_from`,
//! `escan`/`iscan` (cute-dynamic's `data/int_tuple_make.rs`).

use super::*;

/// `repeat_like(t, x) = r`: `r` has `t`'s tree down to its leaves, and `x`
/// at each of them.
pub fn check_repeat_like(t: &IntTuple, x: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    fn go(t: IntTupleRef<'_>, x: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
        if t.is_int() {
            return ensure(r == x, || format!("{r} is not {x}"));
        }
        ensure(!r.is_int() && r.rank() == t.rank(), || {
            format!("{r} has not the rank of {t}")
        })?;
        t.children()
            .zip(r.children())
            .try_for_each(|(a, b)| go(a, x, b))
    }
    lift(
        "repeat_like",
        format!("repeat_like({t}, {x})"),
        r,
        go(t.as_ref(), x.as_ref(), r.as_ref()),
    )
}

/// `make_int_tuple(n, v, init) = r`: `r` has rank `n` (an integer for
/// `n = 1`), element `i` being `v[i]` for `i < |v|`, else `init`.
pub fn check_make_int_tuple(
    n: usize,
    values: &[i64],
    init: i64,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(n >= 1, || "N is 0".into())?;
        let got: Vec<i64> = r.leaves().collect();
        ensure(
            r.is_int() == (n == 1) && r.depth() <= 1 && got.len() == n,
            || format!("{r} is not of rank {n}"),
        )?;
        for (i, g) in got.iter().enumerate() {
            let want = values.get(i).copied().unwrap_or(init);
            ensure(*g == want, || {
                format!("element {i} is {g}, expected {want}")
            })?;
        }
        Ok(())
    })();
    lift(
        "make_int_tuple",
        format!("make_int_tuple({n}, {values:?}, {init})"),
        r,
        law,
    )
}

/// `make_int_tuple_from(T, v) = r`: `r` is `T` with its holes, in order
/// (depth first), replaced by `v[0], v[1], …` (`T` has at most `|v|`
/// holes).
pub fn check_make_int_tuple_from(
    template: &Coord,
    values: &[i64],
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let holes = holes_in(template);
        ensure(holes <= values.len(), || {
            format!("{holes} holes but {} values", values.len())
        })?;
        let want = fill_holes(template, &mut values.iter().map(|&v| IntTuple::int(v)))
            .ok_or("the holes cannot be filled")?;
        ensure(*r == want, || format!("{r} is not {want}"))
    })();
    lift(
        "make_int_tuple_from",
        format!("make_int_tuple_from({template}, {values:?})"),
        r,
        law,
    )
}

/// The step function of a scan, as the table's `escan`/`iscan` take it.
pub type ScanStep<'a> = &'a mut dyn FnMut(&IntTuple, IntTupleRef<'_>) -> Option<IntTuple>;

/// `escan(t, init, f) = r` (CuTe's exclusive scan over `t`'s top-level
/// modes): `r` has `t`'s rank, `r₀ = init` and `rᵢ₊₁ = f(rᵢ, tᵢ)`; with
/// `inclusive` (`iscan`), `r₀ = f(init, t₀)` and `rᵢ₊₁ = f(rᵢ, tᵢ₊₁)`.
pub fn check_escan(
    t: &IntTuple,
    init: &IntTuple,
    f: ScanStep<'_>,
    inclusive: bool,
    r: &IntTuple,
) -> Result<(), Violation> {
    let name = if inclusive { "iscan" } else { "escan" };
    let law = (|| -> Outcome {
        ensure(
            !t.is_int() && !r.is_int() && r.rank() == t.rank() && t.rank() > 0,
            || format!("{r} is not a tuple of rank rank({t}) > 0"),
        )?;
        let mut prev = init.clone();
        for (i, (ti, ri)) in t.as_ref().children().zip(r.as_ref().children()).enumerate() {
            let want = if inclusive {
                f(&prev, ti).ok_or("the step fails")?
            } else {
                prev.clone()
            };
            ensure(ri.to_owned() == want, || {
                format!("mode {i} is {ri}, expected {want}")
            })?;
            prev = if inclusive {
                want
            } else if i + 1 < t.rank() {
                f(&prev, ti).ok_or("the step fails")?
            } else {
                prev
            };
        }
        Ok(())
    })();
    lift(name, format!("{name}({t}, {init}, f)"), r, law)
}

/// `escan`/`iscan` on text, by the operator named in the table.
pub(crate) fn check_scan_text(o: &Operands<'_>) -> Result<(), Violation> {
    let f = cute_dynamic::__tools::scan_operator(o.text(2).trim())
        .ok_or_else(|| o.bad("operator", o.text(2)))?;
    let mut step =
        |acc: &IntTuple, x: IntTupleRef<'_>| f(acc.as_int()?, x.as_int()?).map(IntTuple::int);
    check_escan(
        &o.tuple(0)?,
        &IntTuple::int(o.int(1)?),
        &mut step,
        o.op == "iscan",
        &o.out_tuple()?,
    )
}
