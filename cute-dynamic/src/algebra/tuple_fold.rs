//! CuTe's folds of integer tuples (`int_tuple.hpp`): `max`, `min`, `gcd`
//! and `sum` of a tuple's leaves, `shape_min` of two shape integers, and
//! `product_like(t, guide)`. CuTe's `max(t0, ts…)`/`min`/`gcd` fold over
//! every leaf of every argument (they are not element-wise); the one-tuple
//! form is given here (several tuples: fold their results, or pass a tuple
//! of them).
//!
//! ```
//! use cute_dynamic::{gcd, max, min, product_like, shape_min, sum, IntTuple};
//! let t: IntTuple = "((4,6),(8,-2))".parse()?;
//! assert_eq!((max(&t)?, min(&t)?, gcd(&t)?, sum(&t)?), (8, -2, 2, 16));
//! assert_eq!(shape_min(&"4".parse()?, &"6".parse()?)?, 4);
//! assert_eq!(product_like(&"((2,3),(4,5),6)".parse()?, &"(1,(1,1),1)".parse()?)?.to_string(), "(6,(4,5),6)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;

use crate::data::int_tuple::{IntTuple, IntTupleRef, TupleBuilder};
use crate::error::LayoutError;

/// The largest leaf of `t` (CuTe's `max(t)`). Errors: no leaf
/// (`invalid_argument`: CuTe's fold has no value for `()`).
pub fn max(t: &IntTuple) -> Result<i64, LayoutError> {
    t.leaves().max().ok_or_else(|| no_leaf("max", t))
}

/// The smallest leaf of `t` (CuTe's `min(t)`). Errors: no leaf.
pub fn min(t: &IntTuple) -> Result<i64, LayoutError> {
    t.leaves().min().ok_or_else(|| no_leaf("min", t))
}

/// The greatest common divisor of the leaves of `t` (CuTe's `gcd(t)`),
/// non-negative (`0` when every leaf is 0; CuTe's Euclid may return a
/// negative value for negative leaves, the divisor is its magnitude).
/// Errors: no leaf; a result of `2^63` (`overflow`).
pub fn gcd(t: &IntTuple) -> Result<i64, LayoutError> {
    let mut leaves = t.leaves();
    let first = leaves.next().ok_or_else(|| no_leaf("gcd", t))?;
    let g = leaves.fold(first, cute_core::int::gcd);
    g.checked_abs()
        .ok_or_else(|| LayoutError::overflow("gcd", format_args!("{t}")))
}

/// The sum of the leaves of `t` (CuTe's `sum(t)`; `0` for `()`). Errors:
/// a sum beyond `i64` (`overflow`).
pub fn sum(t: &IntTuple) -> Result<i64, LayoutError> {
    t.leaves().try_fold(0i64, |acc, x| {
        acc.checked_add(x)
            .ok_or_else(|| LayoutError::overflow("sum", format_args!("{t}")))
    })
}

/// CuTe's `shape_min(a, b)` of two shape integers: `1` when either is 1
/// (CuTe keeps a static `_1`), else the smaller. Errors: a tuple operand
/// (`not_compatible`: CuTe's is "not implemented" for tuples).
pub fn shape_min(a: &IntTuple, b: &IntTuple) -> Result<i64, LayoutError> {
    match (a.as_int(), b.as_int()) {
        (Some(1), Some(_)) | (Some(_), Some(1)) => Ok(1),
        (Some(x), Some(y)) => Ok(x.min(y)),
        _ => Err(LayoutError::NotCompatible {
            operation: "shape_min (integers only)",
            left: a.to_string(),
            right: b.to_string(),
        }),
    }
}

/// CuTe's `product_like(t, guide)`: a tuple congruent to `guide` whose
/// leaf at each leaf of `guide` is the product of the matching part of `t`
/// (`t` is at least as deep as `guide`: a tuple of `guide` pairs with a
/// tuple of `t` of the same rank). Errors: a tuple of `guide` paired with
/// an integer or a tuple of another rank (`not_compatible`); a product
/// beyond `i64` (`overflow`).
pub fn product_like(t: &IntTuple, guide: &IntTuple) -> Result<IntTuple, LayoutError> {
    let mut out = TupleBuilder::new();
    product_like_into(t.as_ref(), guide.as_ref(), &mut out, t, guide)?;
    Ok(out.finish())
}

fn product_like_into(
    t: IntTupleRef<'_>,
    g: IntTupleRef<'_>,
    out: &mut TupleBuilder,
    t0: &IntTuple,
    g0: &IntTuple,
) -> Result<(), LayoutError> {
    if g.is_int() {
        let p = t
            .leaves()
            .try_fold(1i64, |acc, x| acc.checked_mul(x))
            .ok_or_else(|| LayoutError::overflow("product_like", format_args!("{t0}, {g0}")))?;
        out.leaf(p);
        return Ok(());
    }
    if t.is_int() || t.rank() != g.rank() {
        return Err(LayoutError::NotCompatible {
            operation: "product_like (the tuple is not as deep as the guide)",
            left: t0.to_string(),
            right: g0.to_string(),
        });
    }
    let o = out.open();
    for (tc, gc) in t.children().zip(g.children()) {
        product_like_into(tc, gc, out, t0, g0)?;
    }
    out.close(o);
    Ok(())
}

fn no_leaf(operation: &'static str, t: &IntTuple) -> LayoutError {
    LayoutError::InvalidArgument {
        operation,
        argument: "T",
        value: t.to_string(),
        reason: "a fold over no leaf has no value".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::t;

    /// CuTe's answers (int_tuple.hpp's folds).
    #[test]
    fn cute_exact() {
        assert_eq!(max(&t("(3,(7,2))")).unwrap(), 7);
        assert_eq!(min(&t("(3,(7,2))")).unwrap(), 2);
        assert_eq!(gcd(&t("(12,(18,30))")).unwrap(), 6);
        assert_eq!(gcd(&t("(0,0)")).unwrap(), 0);
        assert_eq!(gcd(&t("(-4,6)")).unwrap(), 2);
        assert_eq!(gcd(&t("5")).unwrap(), 5);
        assert_eq!(sum(&t("(1,(2,3))")).unwrap(), 6);
        assert_eq!(sum(&t("()")).unwrap(), 0);
        assert_eq!(max(&t("()")).unwrap_err().kind(), "invalid_argument");
        assert_eq!(
            gcd(&t("-9223372036854775808")).unwrap_err().kind(),
            "overflow"
        );
        assert_eq!(
            sum(&t("(9223372036854775807,1)")).unwrap_err().kind(),
            "overflow"
        );
        assert_eq!(shape_min(&t("1"), &t("8")).unwrap(), 1);
        assert_eq!(shape_min(&t("8"), &t("3")).unwrap(), 3);
        assert!(shape_min(&t("(8,2)"), &t("3")).is_err());
        let pl = |a: &str, g: &str| product_like(&t(a), &t(g)).map(|r| r.to_string());
        assert_eq!(pl("((2,3),(4,5),6)", "(1,(1,1),1)").unwrap(), "(6,(4,5),6)");
        assert_eq!(pl("((2,3),4)", "7").unwrap(), "24");
        assert_eq!(pl("(2,3)", "(0,0)").unwrap(), "(2,3)");
        assert!(pl("(2,3)", "(1,1,1)").is_err());
        assert!(pl("6", "(1,1)").is_err());
    }
}
