//! CuTe's constructors and scans of integer tuples (`int_tuple.hpp`,
//! `tuple_algorithms.hpp`), over the public tuple API:
//!
//! * `repeat_like(t, x)`: `t`'s tree with every leaf replaced by `x`.
//! * `make_int_tuple(n, values, init)` (CuTe's `make_int_tuple<N>(a, n,
//!   init)`): rank `n`, element `i` is `values[i]` while there is one, else
//!   `init`; `n = 1` gives the integer itself.
//! * `fill_int_tuple_from(template, values)` / `make_int_tuple_from`: CuTe
//!   fills the *dynamic* leaves of a mixed tuple, in order, from a list of
//!   values and keeps the static ones. A run-time tuple has no static
//!   leaves, so the template is a [`Coord`] whose holes `_` are the dynamic
//!   leaves: `fill_int_tuple_from((1,(_,_,3),_,2), [6,3,4]) =
//!   (1,(6,3,3),4,2)`, and the values left over are returned (CuTe's
//!   return value).
//! * `escan(t, init, f)` / `iscan(t, init, f)`: CuTe's exclusive and
//!   inclusive scans over the top-level modes of `t`, with `f(acc, mode)` a
//!   closure. Exclusive: mode `i` of the result is `v_i`, with `v_0 = init`
//!   and `v_{i+1} = f(v_i, t_i)`; inclusive: mode `i` is `v_{i+1}`.
//!   (`prefix_product` is not `escan` by `*`: it recurses into the modes.)
//!
//! Contracts checked by `cute_tools::laws::check_{repeat_like,make_int_tuple,
//! fill_int_tuple_from,escan}`.
//!
//! ```
//! use cute_dynamic::{escan, fill_int_tuple_from, make_int_tuple, repeat_like, Coord, IntTuple};
//! let t = |s: &str| s.parse::<IntTuple>().unwrap();
//! assert_eq!(repeat_like(&t("(2,(3,4))"), &t("0"))?.to_string(), "(0,(0,0))");
//! assert_eq!(make_int_tuple(5, &[6, 3, 4], 0)?.to_string(), "(6,3,4,0,0)");
//! let template: Coord = "(1,(_,_,3),_,2)".parse()?;
//! let (filled, rest) = fill_int_tuple_from(&template, &[6, 3, 4, 9])?;
//! assert_eq!((filled.to_string(), rest), ("(1,(6,3,3),4,2)".to_string(), &[9][..]));
//! let sums = escan(&t("(2,3,4)"), &t("0"), |acc, x| {
//!     Ok(IntTuple::int(acc.as_int().unwrap_or(0) + x.as_int().unwrap_or(0)))
//! })?;
//! assert_eq!(sums.to_string(), "(0,2,5)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;

use crate::data::coordinate::Coord;
use crate::data::int_tuple::{IntTuple, IntTupleRef, TupleBuilder};
use crate::error::LayoutError;

/// The most nodes a constructor here builds (a bound on the memory a
/// hostile operand can ask for; CuTe's ranks are compile-time constants).
pub const MAX_BUILT: usize = 1 << 20;

pub(crate) fn too_large(
    operation: &'static str,
    argument: &'static str,
    value: String,
) -> LayoutError {
    LayoutError::InvalidArgument {
        operation,
        argument,
        value,
        reason: format!("the result would have more than {MAX_BUILT} entries"),
    }
}

/// CuTe's `repeat_like(t, x)`: `t`'s tree with every leaf replaced by `x`
/// (an integer `t` gives `x`).
///
/// Errors: a result of more than 2^20 leaves and tuples (`invalid_argument`).
pub fn repeat_like(t: &IntTuple, x: &IntTuple) -> Result<IntTuple, LayoutError> {
    if t.leaves().count().saturating_mul(x.as_ref().kinds.len()) > MAX_BUILT {
        return Err(too_large("repeat_like", "X", x.to_string()));
    }
    fn go(t: IntTupleRef<'_>, x: IntTupleRef<'_>, b: &mut TupleBuilder) {
        if t.is_int() {
            b.push_ref(x);
            return;
        }
        let o = b.open();
        for c in t.children() {
            go(c, x, b);
        }
        b.close(o);
    }
    let mut b = TupleBuilder::new();
    go(t.as_ref(), x.as_ref(), &mut b);
    Ok(b.finish())
}

/// CuTe's `make_int_tuple<N>(values, values.len(), init)`: rank `n`,
/// element `i` is `values[i]` for `i < values.len()`, else `init`; `n = 1`
/// gives the integer. Values beyond `n` are not read.
///
/// Errors: `n = 0` (`invalid_argument`: CuTe's `static_assert(N > 0)`),
/// `n` above 2^20 (`invalid_argument`).
pub fn make_int_tuple(n: usize, values: &[i64], init: i64) -> Result<IntTuple, LayoutError> {
    let at = |i: usize| values.get(i).copied().unwrap_or(init);
    if n > MAX_BUILT {
        return Err(too_large("make_int_tuple", "N", n.to_string()));
    }
    match n {
        0 => Err(LayoutError::InvalidArgument {
            operation: "make_int_tuple",
            argument: "N",
            value: "0".into(),
            reason: "the rank must be positive".into(),
        }),
        1 => Ok(IntTuple::int(at(0))),
        _ => Ok(IntTuple::flat((0..n).map(at))),
    }
}

/// CuTe's `fill_int_tuple_from(result, values)` with the dynamic leaves of
/// `result` written as holes `_` of `template`: each hole, in order (depth
/// first, left to right), takes the next value; the integers of the
/// template are kept. Returns the tuple and the values left over.
///
/// Errors: fewer values than holes (`invalid_argument`: CuTe's "Not enough
/// values to fill with!").
pub fn fill_int_tuple_from<'v>(
    template: &Coord,
    values: &'v [i64],
) -> Result<(IntTuple, &'v [i64]), LayoutError> {
    fn go<'v>(c: &Coord, mut rest: &'v [i64], b: &mut TupleBuilder) -> Option<&'v [i64]> {
        match c {
            Coord::Int(v) => b.leaf(*v),
            Coord::Hole => {
                let (v, tail) = rest.split_first()?;
                b.leaf(*v);
                rest = tail;
            }
            Coord::Tuple(items) => {
                let o = b.open();
                for i in items {
                    rest = go(i, rest, b)?;
                }
                b.close(o);
            }
        }
        Some(rest)
    }
    let mut b = TupleBuilder::new();
    let rest = go(template, values, &mut b).ok_or_else(|| LayoutError::InvalidArgument {
        operation: "fill_int_tuple_from",
        argument: "VALUES",
        value: format!("{values:?}"),
        reason: format!("not enough values to fill the holes of {template}"),
    })?;
    Ok((b.finish(), rest))
}

/// CuTe's `make_int_tuple_from<T>(values…)`: [`fill_int_tuple_from`]
/// without the values left over.
///
/// Errors: those of [`fill_int_tuple_from`].
pub fn make_int_tuple_from(template: &Coord, values: &[i64]) -> Result<IntTuple, LayoutError> {
    fill_int_tuple_from(template, values).map(|(t, _)| t)
}

/// CuTe's `escan(t, init, f)`: the exclusive scan of `f` over the
/// top-level modes of `t` (see the module documentation); as in CuTe, `f`
/// is not applied to the last mode. `f` may fail; its error is returned.
///
/// Errors: an integer `t` or `()` (`not_compatible`: CuTe's scan does not
/// compile without a mode), or an error of `f`.
pub fn escan<F>(t: &IntTuple, init: &IntTuple, f: F) -> Result<IntTuple, LayoutError>
where
    F: FnMut(&IntTuple, IntTupleRef<'_>) -> Result<IntTuple, LayoutError>,
{
    scan("escan", t, init, f, false)
}

/// CuTe's `iscan(t, init, f)`: the inclusive scan, mode `i` is
/// `f(…f(f(init, t_0), t_1)…, t_i)`.
///
/// Errors: those of [`escan`].
pub fn iscan<F>(t: &IntTuple, init: &IntTuple, f: F) -> Result<IntTuple, LayoutError>
where
    F: FnMut(&IntTuple, IntTupleRef<'_>) -> Result<IntTuple, LayoutError>,
{
    scan("iscan", t, init, f, true)
}

fn scan<F>(
    operation: &'static str,
    t: &IntTuple,
    init: &IntTuple,
    mut f: F,
    inclusive: bool,
) -> Result<IntTuple, LayoutError>
where
    F: FnMut(&IntTuple, IntTupleRef<'_>) -> Result<IntTuple, LayoutError>,
{
    if t.is_int() || t.rank() == 0 {
        return Err(LayoutError::NotCompatible {
            operation,
            left: t.to_string(),
            right: init.to_string(),
        });
    }
    let mut acc = init.clone();
    let n = t.rank();
    let mut out: Vec<IntTuple> = Vec::with_capacity(n);
    for (i, m) in t.as_ref().children().enumerate() {
        if !inclusive && i + 1 == n {
            // CuTe's exclusive scan never applies `f` to the last mode.
            out.push(acc);
            break;
        }
        let next = f(&acc, m)?;
        if inclusive {
            out.push(next.clone());
        } else {
            out.push(acc);
        }
        acc = next;
    }
    Ok(IntTuple::tuple(out.iter().map(IntTuple::as_ref)))
}

/// The operators of the table's `escan`/`iscan` (CuTe's functors
/// `plus`, `multiplies`, `max_fn`, `min_fn`) on integer modes.
pub fn scan_operator(name: &str) -> Option<fn(i64, i64) -> Option<i64>> {
    Some(match name {
        "plus" => i64::checked_add,
        "multiplies" => i64::checked_mul,
        "max" => |a: i64, b: i64| Some(a.max(b)),
        "min" => |a: i64, b: i64| Some(a.min(b)),
        _ => return None,
    })
}

/// [`escan`]/[`iscan`] of `t` by the integer operator `op`: every mode of
/// `t` and `init` must be integers (`not_compatible` otherwise), a result
/// beyond `i64` is `overflow`.
pub fn scan_integers(
    operation: &'static str,
    t: &IntTuple,
    init: i64,
    op: fn(i64, i64) -> Option<i64>,
    inclusive: bool,
) -> Result<IntTuple, LayoutError> {
    scan(
        operation,
        t,
        &IntTuple::int(init),
        |acc, x| {
            let (a, b) =
                acc.as_int()
                    .zip(x.as_int())
                    .ok_or_else(|| LayoutError::NotCompatible {
                        operation,
                        left: t.to_string(),
                        right: "integer modes".into(),
                    })?;
            op(a, b)
                .map(IntTuple::int)
                .ok_or_else(|| LayoutError::overflow(operation, format_args!("{t}, {init}")))
        },
        inclusive,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::t;

    /// CuTe's documented answers (int_tuple.hpp's comments) and errors.
    #[test]
    fn cute_exact() {
        assert_eq!(make_int_tuple(5, &[6, 3, 4], 0).unwrap(), t("(6,3,4,0,0)"));
        assert_eq!(make_int_tuple(1, &[], 7).unwrap(), t("7"));
        assert_eq!(make_int_tuple(2, &[5, 4, 3], 100).unwrap(), t("(5,4)"));
        assert!(make_int_tuple(0, &[1], 0).is_err());
        let c: Coord = "(1,(_,_,3),_,2)".parse().unwrap();
        assert_eq!(
            make_int_tuple_from(&c, &[6, 3, 4]).unwrap(),
            t("(1,(6,3,3),4,2)")
        );
        assert_eq!(
            make_int_tuple_from(&c, &[6, 3]).unwrap_err().kind(),
            "invalid_argument"
        );
        let c: Coord = "((_,_),(2,_))".parse().unwrap();
        assert_eq!(
            make_int_tuple_from(&c, &[2, 4, 23]).unwrap(),
            t("((2,4),(2,23))")
        );
        assert_eq!(
            repeat_like(&t("(1,2,(2,3),3)"), &t("0")).unwrap(),
            t("(0,0,(0,0),0)")
        );
        assert_eq!(repeat_like(&t("5"), &t("(1,2)")).unwrap(), t("(1,2)"));
        assert!(make_int_tuple(MAX_BUILT + 1, &[], 0).is_err());
        let prod = |op| scan_integers("escan", &t("(2,3,4)"), 1, scan_operator(op).unwrap(), false);
        assert_eq!(prod("multiplies").unwrap(), t("(1,2,6)"));
        assert_eq!(prod("plus").unwrap(), t("(1,3,6)"));
        assert_eq!(
            scan_integers("iscan", &t("(2,3,4)"), 1, i64::checked_mul, true).unwrap(),
            t("(2,6,24)")
        );
        assert_eq!(
            scan_integers("escan", &t("(2,(3,4))"), 1, i64::checked_mul, false).unwrap(),
            t("(1,2)")
        );
        assert_eq!(
            scan_integers("escan", &t("((3,4),2)"), 1, i64::checked_mul, false)
                .unwrap_err()
                .kind(),
            "not_compatible"
        );
        assert_eq!(
            scan_integers("escan", &t("3"), 1, i64::checked_mul, false)
                .unwrap_err()
                .kind(),
            "not_compatible"
        );
    }
}
