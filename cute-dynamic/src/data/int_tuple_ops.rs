//! Integer-tuple arithmetic (CuTe's `int_tuple.hpp`): `shape_div`,
//! `ceil_div`, `round_up`, `product_each`, `inner_product`, `elem_scale`,
//! `abs`, the profile queries `congruent`, `weakly_congruent`, `compatible`,
//! `weakly_compatible` and `evenly_divides`, and the element-wise orders. Results are those CuTe C++ computes when every integer
//! is static; where CuTe would fail a `static_assert` or silently compute
//! something that is not what the function promises, we return an error.
//!
//! Defining properties (checked by `cute_tools::laws::check_<name>`):
//!
//! * `shape_div(a, b)` for integers: `b` divides `a` and the result is
//!   `a / b`, or `a` divides `b` and the result is `±1` (CuTe's "division
//!   rounding away from zero"); neither dividing the other is an error. For a
//!   tuple `a` and an integer `b`, `b` is divided out of `a`'s modes left to
//!   right (`shape_div((4,5,6), 40) = (1,1,3)`): the result is congruent to
//!   `a`, and `size(result) · b == size(a)` whenever `b` divides `size(a)`.
//!   Two tuples divide mode by mode (equal ranks); an integer by a tuple
//!   divides by the tuple's size.
//! * `ceil_div(a, b)` for integers is `⌈a / b⌉` (`a ≥ 0`, `b ≥ 1`); the
//!   tuple forms fold as `shape_div` does (a tuple `b` may be shorter than
//!   `a`: missing modes are 1), and agree with `shape_div` wherever that is
//!   defined.
//! * `round_up(a, b)` is the least multiple of `b` that is `≥ a`, mode by
//!   mode (missing modes of `b` are 1).
//! * `product_each(a)` is the tuple of the sizes of `a`'s modes; an integer
//!   is its own product (`product_each(32) = 32`, as in CuTe).
//! * `inner_product(a, b)` is `Σ aᵢ·bᵢ` over the leaves of congruent tuples.
//! * `elem_scale(a, b)` has `a`'s profile, each leaf of `a` multiplied by the
//!   size of the matching mode of `b`.
//! * `evenly_divides(shape, tiler)`: each mode of the tiler divides the
//!   matching mode of the shape with no remainder
//!   (`size(s) == size(t) · size(ceil_div(s, t))`, CuTe's test).
//!
//! ```
//! use cute_dynamic::{ceil_div, shape_div, IntTuple};
//! let t = |s: &str| s.parse::<IntTuple>();
//! assert_eq!(shape_div(&t("(4,5,6)")?, &t("40")?)?.to_string(), "(1,1,3)");
//! assert_eq!(ceil_div(&t("(10,7)")?, &t("(4,2)")?)?.to_string(), "(3,4)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;
use core::fmt::Display;

use crate::data::int_tuple::{IntTuple, IntTupleRef, TupleBuilder};
use crate::error::LayoutError;

fn incompatible(operation: &'static str, a: impl Display, b: impl Display) -> LayoutError {
    LayoutError::NotCompatible {
        operation,
        left: a.to_string(),
        right: b.to_string(),
    }
}

/// An operand outside the function's domain (a zero or non-positive
/// divisor, a negative dividend, two integers neither of which divides the
/// other).
fn invalid(
    operation: &'static str,
    argument: &'static str,
    value: i64,
    reason: String,
) -> LayoutError {
    LayoutError::InvalidArgument {
        operation,
        argument,
        value: value.to_string(),
        reason,
    }
}

fn rank_error(operation: &'static str, a: IntTupleRef<'_>, requested: usize) -> LayoutError {
    LayoutError::RankMismatch {
        operation,
        layout: a.to_string(),
        requested,
        available: a.rank(),
    }
}

/// Product of the leaves, or an overflow error.
fn product(t: IntTupleRef<'_>, op: &'static str) -> Result<i64, LayoutError> {
    t.size().ok_or_else(|| LayoutError::overflow(op, t))
}

/// Which division an operation performs on two integers.
#[derive(Clone, Copy)]
enum Div {
    Shape,
    Ceil,
}

impl Div {
    fn name(self) -> &'static str {
        match self {
            Div::Shape => "shape_div",
            Div::Ceil => "ceil_div",
        }
    }

    fn ints(self, a: i64, b: i64) -> Result<i64, LayoutError> {
        match self {
            Div::Shape => shape_div_int(a, b),
            Div::Ceil => ceil_div_int(a, b),
        }
    }
}

/// CuTe's integer `shape_div`: exact division when `b | a`, `±1` when
/// `a | b`, an error otherwise.
pub(crate) fn shape_div_int(a: i64, b: i64) -> Result<i64, LayoutError> {
    if b == 0 {
        return Err(invalid(
            "shape_div",
            "B",
            b,
            format!("division of {a} by zero"),
        ));
    }
    // `wrapping_rem`: `i64::MIN % -1` is 0, not a panic.
    if a.wrapping_rem(b) != 0 && (a == 0 || b.wrapping_rem(a) != 0) {
        return Err(invalid(
            "shape_div",
            "B",
            b,
            format!("neither of {a} and {b} divides the other"),
        ));
    }
    let q = a
        .checked_div(b)
        .ok_or_else(|| LayoutError::overflow("shape_div", format_args!("{a} / {b}")))?;
    Ok(if q != 0 { q } else { a.signum() * b.signum() })
}

/// `⌈a / b⌉` for `a ≥ 0`, `b ≥ 1` (CuTe's `(a + b - 1) / b`, computed
/// without the intermediate overflow).
pub(crate) fn ceil_div_int(a: i64, b: i64) -> Result<i64, LayoutError> {
    if b < 1 {
        return Err(invalid(
            "ceil_div",
            "B",
            b,
            format!("the divisor of {a} must be at least 1"),
        ));
    }
    if a < 0 {
        // C++'s truncating `(a + b - 1) / b` is not the ceiling here.
        return Err(invalid(
            "ceil_div",
            "A",
            a,
            format!("the dividend must not be negative (divided by {b})"),
        ));
    }
    Ok(a / b + i64::from(a % b != 0))
}

/// `shape_div(a, b)` (see the module documentation).
///
/// ```
/// use cute_dynamic::{shape_div, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert_eq!(shape_div(&t("12")?, &t("4")?)?.to_string(), "3");
/// assert_eq!(shape_div(&t("4")?, &t("12")?)?.to_string(), "1");
/// assert_eq!(shape_div(&t("(8,(3,4))")?, &t("(2,3)")?)?.to_string(), "(4,(1,4))");
/// assert_eq!(shape_div(&t("6")?, &t("4")?).unwrap_err().kind(), "invalid_argument");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, LayoutError> {
    let mut out = TupleBuilder::new();
    div_into(Div::Shape, a.as_ref(), b.as_ref(), &mut out)?;
    Ok(out.finish())
}

/// `ceil_div(a, b)` (see the module documentation).
///
/// ```
/// use cute_dynamic::{ceil_div, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert_eq!(ceil_div(&t("10")?, &t("4")?)?.to_string(), "3");
/// // A tuple divisor shorter than the dividend: missing modes are 1.
/// assert_eq!(ceil_div(&t("(10,7,3)")?, &t("(4,2)")?)?.to_string(), "(3,4,3)");
/// // An integer divisor is divided out of the modes left to right.
/// assert_eq!(ceil_div(&t("(4,6)")?, &t("8")?)?.to_string(), "(1,3)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, LayoutError> {
    let mut out = TupleBuilder::new();
    div_into(Div::Ceil, a.as_ref(), b.as_ref(), &mut out)?;
    Ok(out.finish())
}

fn div_into(
    op: Div,
    a: IntTupleRef<'_>,
    b: IntTupleRef<'_>,
    out: &mut TupleBuilder,
) -> Result<(), LayoutError> {
    match (a.as_int(), b.as_int()) {
        (Some(x), _) => {
            out.leaf(op.ints(x, product(b, op.name())?)?);
        }
        (None, None) => {
            // shape_div needs equal ranks; ceil_div pads `b` with 1s.
            let ok = match op {
                Div::Shape => a.rank() == b.rank(),
                Div::Ceil => a.rank() >= b.rank(),
            };
            if !ok {
                return Err(rank_error(op.name(), a, b.rank()));
            }
            let o = out.open();
            let mut bs = b.modes();
            for x in a.children() {
                match bs.next() {
                    Some(y) => div_into(op, x, y, out)?,
                    None => div_into(op, x, IntTuple::int(1).as_ref(), out)?,
                }
            }
            out.close(o);
        }
        (None, Some(y)) => {
            fold_into(op, a, y, out)?;
        }
    }
    Ok(())
}

/// Divide the integer `rest` out of `a`'s modes left to right; returns what
/// is left of `rest`.
fn fold_into(
    op: Div,
    a: IntTupleRef<'_>,
    mut rest: i64,
    out: &mut TupleBuilder,
) -> Result<i64, LayoutError> {
    let o = out.open();
    for x in a.children() {
        match x.as_int() {
            Some(v) => out.leaf(op.ints(v, rest)?),
            None => {
                fold_into(op, x, rest, out)?;
            }
        }
        rest = op.ints(rest, product(x, op.name())?)?;
    }
    out.close(o);
    Ok(rest)
}

/// `round_up(a, b)`: each leaf of `a` rounded up to a multiple of the
/// matching leaf of `b` (a tuple `b` may be shorter: missing modes are 1).
/// An integer and a tuple do not mix (CuTe does not compile it).
///
/// ```
/// use cute_dynamic::{round_up, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert_eq!(round_up(&t("10")?, &t("4")?)?.to_string(), "12");
/// assert_eq!(round_up(&t("(10,(7,3))")?, &t("(8,(2,2))")?)?.to_string(), "(16,(8,4))");
/// assert_eq!(round_up(&t("(10,7)")?, &t("(8)")?)?.to_string(), "(16,7)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn round_up(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, LayoutError> {
    let mut out = TupleBuilder::new();
    round_up_into(a.as_ref(), b.as_ref(), &mut out)?;
    Ok(out.finish())
}

fn round_up_into(
    a: IntTupleRef<'_>,
    b: IntTupleRef<'_>,
    out: &mut TupleBuilder,
) -> Result<(), LayoutError> {
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => {
            let q = ceil_div_int(x, y).map_err(|_| {
                if y < 1 {
                    invalid(
                        "round_up",
                        "B",
                        y,
                        format!(
                            "{x} cannot be rounded up to a multiple of {y} (needs a multiple ≥ 1)"
                        ),
                    )
                } else {
                    invalid(
                        "round_up",
                        "A",
                        x,
                        format!("a negative value cannot be rounded up to a multiple of {y}"),
                    )
                }
            })?;
            out.leaf(
                q.checked_mul(y)
                    .ok_or_else(|| LayoutError::overflow("round_up", format_args!("{x}, {y}")))?,
            );
        }
        (None, None) => {
            if a.rank() < b.rank() {
                return Err(rank_error("round_up", a, b.rank()));
            }
            let o = out.open();
            let mut bs = b.modes();
            for x in a.children() {
                match bs.next() {
                    Some(y) => round_up_into(x, y, out)?,
                    None => round_up_into(x, IntTuple::int(1).as_ref(), out)?,
                }
            }
            out.close(o);
        }
        _ => return Err(incompatible("round_up (an integer and a tuple)", a, b)),
    }
    Ok(())
}

/// `product_each(a)`: the size of each mode of `a`, as a flat tuple. As in
/// CuTe (`transform(wrap(t), product)`), an integer is wrapped first:
/// `product_each(32) = (32)`, and a rank-1 tuple gives a rank-1 tuple
/// (`product_each(((2,4))) = (8)`).
///
/// ```
/// use cute_dynamic::{product_each, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert_eq!(product_each(&t("((2,3),4,(5,(1,2)))")?)?.to_string(), "(6,4,10)");
/// assert_eq!(product_each(&t("7")?)?.to_string(), "(7)");
/// assert_eq!(product_each(&t("((2,4))")?)?.to_string(), "(8)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn product_each(a: &IntTuple) -> Result<IntTuple, LayoutError> {
    let mut out = TupleBuilder::new();
    let o = out.open();
    for m in a.as_ref().modes() {
        out.leaf(product(m, "product_each")?);
    }
    out.close(o);
    Ok(out.finish())
}

/// `inner_product(a, b)`: `Σ aᵢ·bᵢ` over the leaves of two congruent tuples.
///
/// ```
/// use cute_dynamic::{inner_product, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert_eq!(inner_product(&t("(2,(3,4))")?, &t("(1,(10,100))")?)?, 432);
/// assert!(inner_product(&t("(2,3)")?, &t("5")?).is_err());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn inner_product(a: &IntTuple, b: &IntTuple) -> Result<i64, LayoutError> {
    if !a.as_ref().congruent(b.as_ref()) {
        return Err(incompatible("inner_product (not congruent)", a, b));
    }
    let overflow = || LayoutError::overflow("inner_product", format_args!("{a}, {b}"));
    a.leaves().zip(b.leaves()).try_fold(0i64, |acc, (x, y)| {
        x.checked_mul(y)
            .and_then(|p| acc.checked_add(p))
            .ok_or_else(overflow)
    })
}

/// `elem_scale(a, b)`: `a`'s profile, each leaf multiplied by the size of
/// the matching mode of `b` (`b`'s modes may be coarser or finer than
/// `a`'s leaves below that level; its rank must match where `a` is a
/// tuple).
///
/// ```
/// use cute_dynamic::{elem_scale, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert_eq!(elem_scale(&t("(2,(3,4))")?, &t("((2,2),(5,1))")?)?.to_string(), "(8,(15,4))");
/// assert_eq!(elem_scale(&t("3")?, &t("(2,5)")?)?.to_string(), "30");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn elem_scale(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, LayoutError> {
    let mut out = TupleBuilder::new();
    elem_scale_into(a.as_ref(), b.as_ref(), &mut out)?;
    Ok(out.finish())
}

fn elem_scale_into(
    a: IntTupleRef<'_>,
    b: IntTupleRef<'_>,
    out: &mut TupleBuilder,
) -> Result<(), LayoutError> {
    match a.as_int() {
        Some(x) => {
            let p = product(b, "elem_scale")?;
            out.leaf(
                x.checked_mul(p)
                    .ok_or_else(|| LayoutError::overflow("elem_scale", format_args!("{a}, {b}")))?,
            );
        }
        None => {
            // CuTe reads mode k of `b` for each mode k of `a` (an integer
            // `b` is its own mode 0); extra modes of `b` would be ignored
            // silently, so they are an error here.
            if !b.is_int() && b.rank() != a.rank() {
                return Err(rank_error("elem_scale", b, a.rank()));
            }
            let o = out.open();
            let mut bs = b.modes();
            for x in a.children() {
                let y = bs
                    .next()
                    .ok_or_else(|| rank_error("elem_scale", b, a.rank()))?;
                elem_scale_into(x, y, out)?;
            }
            out.close(o);
        }
    }
    Ok(())
}

/// `congruent(a, b)`: the same tree shape (profile).
///
/// ```
/// use cute_dynamic::{congruent, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(congruent(&t("((1,2),3)")?, &t("((5,6),7)")?));
/// assert!(!congruent(&t("(1,2)")?, &t("((1,2),3)")?));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn congruent(a: &IntTuple, b: &IntTuple) -> bool {
    a.as_ref().congruent(b.as_ref())
}

/// `weakly_congruent(a, b)`: `a`'s profile is a coarsening of `b`'s (a
/// partial order: an integer is weakly congruent to anything).
///
/// ```
/// use cute_dynamic::{weakly_congruent, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(weakly_congruent(&t("(1,2)")?, &t("((1,2),(3,4))")?));
/// assert!(!weakly_congruent(&t("((1,2),(3,4))")?, &t("(1,2)")?));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn weakly_congruent(a: &IntTuple, b: &IntTuple) -> bool {
    a.as_ref().weakly_congruent(b.as_ref())
}

/// `compatible(a, b)`: every coordinate of shape `a` is a coordinate of shape
/// `b` (same size at each leaf of `a`; a partial order).
///
/// ```
/// use cute_dynamic::{compatible, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(compatible(&t("30")?, &t("(2,15)")?));
/// assert!(compatible(&t("(2,15)")?, &t("(2,(3,5))")?));
/// assert!(!compatible(&t("(2,(3,5))")?, &t("(2,15)")?));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn compatible(a: &IntTuple, b: &IntTuple) -> bool {
    a.as_ref().compatible(b.as_ref())
}

/// `weakly_compatible(a, b)`: `a` is compatible with `b` up to a factor at
/// each leaf of `a` (CuTe: an integer `a` divides `size(b)`; tuples need
/// equal ranks and weakly compatible modes; an integer `b` under a tuple
/// `a` is false). A partial order weaker than [`compatible`].
///
/// Errors: a zero leaf of `a` where CuTe computes `size(b) % 0`
/// (`invalid_argument`); a size of `b` beyond `i64` (`overflow`).
///
/// ```
/// use cute_dynamic::{weakly_compatible, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(weakly_compatible(&t("(2,5)")?, &t("(4,(3,5))")?)?);
/// assert!(!weakly_compatible(&t("(2,4)")?, &t("(4,(3,5))")?)?);
/// assert!(weakly_compatible(&t("6")?, &t("(4,(3,5))")?)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn weakly_compatible(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    weakly_compatible_ref(a.as_ref(), b.as_ref())
}

fn weakly_compatible_ref(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> Result<bool, LayoutError> {
    if let Some(x) = a.as_int() {
        if x == 0 {
            return Err(invalid(
                "weakly_compatible",
                "A",
                x,
                format!("CuTe divides size({b}) by this leaf"),
            ));
        }
        // `i64::MIN % -1` is the only overflow of `%`; it is 0.
        return Ok(product(b, "weakly_compatible")?.checked_rem(x).unwrap_or(0) == 0);
    }
    if b.is_int() || a.rank() != b.rank() {
        return Ok(false);
    }
    // CuTe evaluates every mode before folding them with `&&`.
    let mut all = true;
    for (x, y) in a.children().zip(b.children()) {
        all &= weakly_compatible_ref(x, y)?;
    }
    Ok(all)
}

/// `abs(t)`: `t` with every leaf replaced by its absolute value (CuTe's
/// element-wise `abs` of an int tuple).
///
/// Errors: a leaf `i64::MIN`, whose absolute value is beyond `i64`
/// (`overflow`).
///
/// ```
/// use cute_dynamic::{abs, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert_eq!(abs(&t("(-3,(4,-5))")?)?.to_string(), "(3,(4,5))");
/// assert_eq!(abs(&t("-7")?)?.to_string(), "7");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn abs(t: &IntTuple) -> Result<IntTuple, LayoutError> {
    let mut out = TupleBuilder::new();
    abs_into(t.as_ref(), &mut out)?;
    Ok(out.finish())
}

fn abs_into(t: IntTupleRef<'_>, out: &mut TupleBuilder) -> Result<(), LayoutError> {
    match t.as_int() {
        Some(x) => {
            out.leaf(
                x.checked_abs()
                    .ok_or_else(|| LayoutError::overflow("abs", format_args!("{t}")))?,
            );
        }
        None => {
            let o = out.open();
            for m in t.children() {
                abs_into(m, out)?;
            }
            out.close(o);
        }
    }
    Ok(())
}

/// `evenly_divides(shape, tiler)`: each mode of the tiler (an integer or a
/// tuple of tilers, applied mode by mode) divides the matching part of the
/// shape with no remainder, so that `logical_divide` of a layout of this
/// shape by the tiler leaves no partial tile. A tiler of higher rank than
/// the shape does not divide it.
///
/// ```
/// use cute_dynamic::{evenly_divides, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(evenly_divides(&t("(128,64)")?, &t("(32,16)")?)?);
/// assert!(!evenly_divides(&t("(100,64)")?, &t("(32,16)")?)?);
/// assert!(evenly_divides(&t("(4,6)")?, &t("8")?)?);   // 8 = 4·2 and 2 | 6
/// assert!(!evenly_divides(&t("(6,4)")?, &t("8")?)?);  // 8 cuts 6 unevenly
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn evenly_divides(shape: &IntTuple, tiler: &IntTuple) -> Result<bool, LayoutError> {
    evenly_divides_ref(shape.as_ref(), tiler.as_ref())
}

fn evenly_divides_ref(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> Result<bool, LayoutError> {
    if b.is_int() {
        let sa = product(a, "evenly_divides")?;
        let sb = product(b, "evenly_divides")?;
        let mut out = TupleBuilder::new();
        div_into(Div::Ceil, a, b, &mut out)?;
        let tiles = product(out.finish().as_ref(), "evenly_divides")?;
        return Ok(sb.checked_mul(tiles) == Some(sa));
    }
    if b.rank() > a.rank() {
        return Ok(false);
    }
    let mut xs = a.modes();
    for y in b.children() {
        let x = xs
            .next()
            .ok_or_else(|| rank_error("evenly_divides", a, b.rank()))?;
        if !evenly_divides_ref(x, y)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The three orders of CuTe's `int_tuple.hpp`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    Lex,
    Colex,
    Elem,
}

impl Order {
    fn name(self) -> &'static str {
        match self {
            Order::Lex => "lex_less",
            Order::Colex => "colex_less",
            Order::Elem => "elem_less",
        }
    }
}

/// CuTe instantiates the comparison of every pair of modes up to the
/// shorter rank: an integer paired with a tuple does not compile, even
/// where an earlier mode decides the answer.
/// `name` is the operation the error names (`elem_leq` compares `b` with
/// `a` by `elem_less`).
fn comparable(
    op: Order,
    name: &'static str,
    a: IntTupleRef<'_>,
    b: IntTupleRef<'_>,
) -> Result<(), LayoutError> {
    match (a.is_int(), b.is_int()) {
        (true, true) => Ok(()),
        (false, false) => {
            // The modes in the order's direction, paired; one pass over
            // each tuple (linear in the operands).
            for (x, y) in directed(op, a).into_iter().zip(directed(op, b)) {
                comparable(op, name, x, y)?;
            }
            Ok(())
        }
        _ => Err(incompatible(name, a, b)),
    }
}

/// The modes of a tuple in the order's direction (from the back for colex).
fn directed(op: Order, t: IntTupleRef<'_>) -> Vec<IntTupleRef<'_>> {
    let mut v: Vec<IntTupleRef<'_>> = t.children().collect();
    if op == Order::Colex {
        v.reverse();
    }
    v
}

fn less(op: Order, a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> bool {
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        return x < y;
    }
    let (ma, mb) = (directed(op, a), directed(op, b));
    let (ra, rb) = (ma.len(), mb.len());
    for k in 0.. {
        match op {
            Order::Elem => {
                if k == ra {
                    return true;
                }
                if k == rb {
                    return false;
                }
            }
            _ => {
                if k == rb {
                    return false;
                }
                if k == ra {
                    return true;
                }
            }
        }
        let (x, y) = (ma[k], mb[k]);
        match op {
            Order::Elem => {
                if !less(op, x, y) {
                    return false;
                }
            }
            _ => {
                if less(op, x, y) {
                    return true;
                }
                if x != y {
                    return false;
                }
            }
        }
    }
    false
}

/// `lex_less(a, b)`: lexicographic order, first mode most significant; a
/// proper prefix is less (CuTe's order for coordinates of a row-major
/// layout). `lex_leq(a, b)` is `!lex_less(b, a)`.
///
/// ```
/// use cute_dynamic::{lex_less, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(lex_less(&t("(1,5)")?, &t("(2,0)")?)?);
/// assert!(lex_less(&t("(1,(2,3))")?, &t("(1,(2,4))")?)?);
/// assert!(lex_less(&t("(1,2)")?, &t("(1,2,0)")?)?);
/// assert!(lex_less(&t("(1,2)")?, &t("((1),2)")?).is_err());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn lex_less(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    comparable(Order::Lex, Order::Lex.name(), a.as_ref(), b.as_ref())?;
    Ok(less(Order::Lex, a.as_ref(), b.as_ref()))
}

/// `colex_less(a, b)`: colexicographic order, last mode most significant
/// (CuTe's order for coordinates of a column-major layout); modes are paired
/// from the back.
///
/// ```
/// use cute_dynamic::{colex_less, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(colex_less(&t("(5,1)")?, &t("(0,2)")?)?);
/// assert!(!colex_less(&t("(0,2)")?, &t("(5,1)")?)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn colex_less(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    comparable(Order::Colex, Order::Colex.name(), a.as_ref(), b.as_ref())?;
    Ok(less(Order::Colex, a.as_ref(), b.as_ref()))
}

/// `elem_less(a, b)`: every mode of `a` is less than the matching mode of
/// `b` (a coordinate inside a shape: `elem_less(c, shape)`); `b` may have
/// more modes, `a` may not (CuTe: an exhausted `a` is less).
///
/// ```
/// use cute_dynamic::{elem_less, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(elem_less(&t("(3,(1,7))")?, &t("(4,(2,8))")?)?);
/// assert!(!elem_less(&t("(3,(2,7))")?, &t("(4,(2,8))")?)?);
/// assert!(elem_less(&t("(3)")?, &t("(4,0)")?)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn elem_less(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    comparable(Order::Elem, Order::Elem.name(), a.as_ref(), b.as_ref())?;
    Ok(less(Order::Elem, a.as_ref(), b.as_ref()))
}

/// `elem_less(a, b)` for the operation `name`.
fn elem_less_as(name: &'static str, a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    less_as(Order::Elem, name, a, b)
}

/// The order `op`'s `less(a, b)` for the operation `name`.
fn less_as(op: Order, name: &'static str, a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    comparable(op, name, a.as_ref(), b.as_ref())?;
    Ok(less(op, a.as_ref(), b.as_ref()))
}

/// `lex_leq(a, b)`: `!lex_less(b, a)`, as in CuTe.
///
/// ```
/// use cute_dynamic::{lex_geq, lex_gtr, lex_leq, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(lex_leq(&t("(1,5)")?, &t("(1,5)")?)? && lex_leq(&t("(1,5)")?, &t("(2,0)")?)?);
/// assert!(lex_gtr(&t("(2,0)")?, &t("(1,5)")?)? && !lex_geq(&t("(1,2)")?, &t("(1,2,0)")?)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn lex_leq(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    Ok(!less_as(Order::Lex, "lex_leq", b, a)?)
}

/// `lex_gtr(a, b)`: `lex_less(b, a)`, as in CuTe.
pub fn lex_gtr(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    less_as(Order::Lex, "lex_gtr", b, a)
}

/// `lex_geq(a, b)`: `!lex_less(a, b)`, as in CuTe.
pub fn lex_geq(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    Ok(!less_as(Order::Lex, "lex_geq", a, b)?)
}

/// `colex_leq(a, b)`: `!colex_less(b, a)`, as in CuTe.
///
/// ```
/// use cute_dynamic::{colex_geq, colex_gtr, colex_leq, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(colex_leq(&t("(5,1)")?, &t("(0,2)")?)? && colex_gtr(&t("(0,2)")?, &t("(5,1)")?)?);
/// assert!(colex_geq(&t("(5,1)")?, &t("(5,1)")?)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn colex_leq(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    Ok(!less_as(Order::Colex, "colex_leq", b, a)?)
}

/// `colex_gtr(a, b)`: `colex_less(b, a)`, as in CuTe.
pub fn colex_gtr(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    less_as(Order::Colex, "colex_gtr", b, a)
}

/// `colex_geq(a, b)`: `!colex_less(a, b)`, as in CuTe.
pub fn colex_geq(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    Ok(!less_as(Order::Colex, "colex_geq", a, b)?)
}

/// `elem_leq(a, b)`: `!elem_less(b, a)`, as in CuTe (for congruent tuples:
/// some leaf of `a` is at most the matching leaf of `b`; not "every leaf
/// ≤"; `elem_leq((), ())` is false).
///
/// ```
/// use cute_dynamic::{elem_leq, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(elem_leq(&t("(4,(2,8))")?, &t("(4,(2,8))")?)?);
/// assert!(elem_leq(&t("(5,(1,9))")?, &t("(4,(2,8))")?)?); // 1 ≤ 2
/// assert!(!elem_leq(&t("(5,(3,9))")?, &t("(4,(2,8))")?)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn elem_leq(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    Ok(!elem_less_as("elem_leq", b, a)?)
}

/// `elem_gtr(a, b)`: `elem_less(b, a)`, as in CuTe (every mode of `b` below
/// the matching mode of `a`).
///
/// ```
/// use cute_dynamic::{elem_gtr, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(elem_gtr(&t("(4,(2,8))")?, &t("(3,(1,7))")?)?);
/// assert!(!elem_gtr(&t("(4,(2,8))")?, &t("(3,(2,7))")?)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn elem_gtr(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    elem_less_as("elem_gtr", b, a)
}

/// `elem_geq(a, b)`: `!elem_less(a, b)`, as in CuTe (for congruent tuples:
/// some leaf of `a` is at least the matching leaf of `b`).
///
/// ```
/// use cute_dynamic::{elem_geq, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>();
/// assert!(elem_geq(&t("(3,(2,7))")?, &t("(4,(2,8))")?)?); // 2 ≥ 2
/// assert!(!elem_geq(&t("(3,(1,7))")?, &t("(4,(2,8))")?)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn elem_geq(a: &IntTuple, b: &IntTuple) -> Result<bool, LayoutError> {
    Ok(!elem_less_as("elem_geq", a, b)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::t;

    fn sd(a: &str, b: &str) -> String {
        shape_div(&t(a), &t(b)).map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }
    fn cd(a: &str, b: &str) -> String {
        ceil_div(&t(a), &t(b)).map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }

    /// Answers of CuTe C++ with static integers, derived from int_tuple.hpp.
    #[test]
    fn shape_div_cute_exact() {
        // CuTe's own example: (4,5,6)/40 -> (1,5,6)/10 -> (1,1,6)/2 -> (1,1,3).
        assert_eq!(sd("(4,5,6)", "40"), "(1,1,3)");
        // a | b gives 1 (rounding away from zero), b | a the quotient.
        assert_eq!(sd("2", "8"), "1");
        assert_eq!(sd("-2", "8"), "-1");
        assert_eq!(sd("8", "-2"), "-4");
        assert_eq!(sd("0", "8"), "0");
        // int / tuple divides by the tuple's size.
        assert_eq!(sd("24", "(2,3)"), "4");
        // tuple / tuple: mode by mode, with a nested fold in mode 1:
        // (3,4)/6: 3/6 -> 1 (rest 2), 4/2 -> 2.
        assert_eq!(sd("(8,(3,4))", "(4,6)"), "(2,(1,2))");
        // The rest passes a nested mode whole: ((2,2),8)/8 -> (2,2)/8 =
        // (1,1) with rest 8/4 = 2, then 8/2 = 4.
        assert_eq!(sd("((2,2),8)", "8"), "((1,1),4)");
        // Static CuTe rejects these (static_assert): errors here.
        assert_eq!(sd("6", "4"), "invalid_argument");
        assert_eq!(sd("(6,4)", "8"), "invalid_argument");
        assert_eq!(sd("4", "0"), "invalid_argument");
        assert_eq!(sd("(4,4)", "(2,2,2)"), "rank_mismatch");
        assert_eq!(sd(&i64::MIN.to_string(), "-1"), "overflow");
    }

    #[test]
    fn ceil_div_cute_exact() {
        assert_eq!(cd("10", "4"), "3");
        assert_eq!(cd("0", "4"), "0");
        assert_eq!(
            cd(&i64::MAX.to_string(), "2"),
            (i64::MAX / 2 + 1).to_string()
        );
        // (3,2)/4: 3/4 -> 1, rest ⌈4/3⌉ = 2; 2/2 -> 1.
        assert_eq!(cd("(3,2)", "4"), "(1,1)");
        assert_eq!(cd("(10,7,3)", "(4,2)"), "(3,4,3)");
        assert_eq!(cd("10", "(2,2)"), "3");
        assert_eq!(cd("(10,7)", "(4,2,2)"), "rank_mismatch");
        assert_eq!(cd("10", "0"), "invalid_argument");
        assert_eq!(cd("-10", "3"), "invalid_argument");
        assert_eq!(
            ceil_div(&t("(-10,5)"), &t("3")).unwrap_err().to_string(),
            "ceil_div: argument A = -10: the dividend must not be negative (divided by 3)"
        );
        assert_eq!(
            shape_div(&t("6"), &t("4")).unwrap_err().to_string(),
            "shape_div: argument B = 4: neither of 6 and 4 divides the other"
        );
    }

    #[test]
    fn other_functions() {
        let r = |a: &str, b: &str| round_up(&t(a), &t(b)).map(|x| x.to_string());
        assert_eq!(r("12", "4").unwrap(), "12");
        assert_eq!(r("0", "4").unwrap(), "0");
        assert!(r("(2,3)", "4").is_err());
        let kind = |a: &str, b: &str| round_up(&t(a), &t(b)).unwrap_err().kind();
        assert_eq!(kind("10", "0"), "invalid_argument");
        assert_eq!(kind("-10", "4"), "invalid_argument");
        assert_eq!(kind("(2,3)", "4"), "not_compatible");
        assert!(r(&i64::MAX.to_string(), "2").is_err());
        assert_eq!(product_each(&t("()")).unwrap().to_string(), "()");
        assert!(product_each(&t("((4611686018427387904,4))")).is_err());
        assert_eq!(inner_product(&t("()"), &t("()")).unwrap(), 0);
        assert!(inner_product(&t("(4611686018427387904,1)"), &t("(2,1)")).is_err());
        assert_eq!(elem_scale(&t("(2)"), &t("5")).unwrap().to_string(), "(10)");
        assert!(elem_scale(&t("(2,3)"), &t("5")).is_err());
        assert!(elem_scale(&t("(2,3)"), &t("(5,6,7)")).is_err());
        assert!(!evenly_divides(&t("8"), &t("(2,2)")).unwrap());
        assert!(evenly_divides(&t("(8,3)"), &t("(2)")).unwrap());
        assert!(!evenly_divides(&t("(8,3)"), &t("(2,2)")).unwrap());
    }

    /// CuTe C++ answers, derived from int_tuple.hpp's `*_less_impl`.
    #[test]
    fn orders_cute_exact() {
        let lex = |a: &str, b: &str| lex_less(&t(a), &t(b));
        let colex = |a: &str, b: &str| colex_less(&t(a), &t(b));
        let elem = |a: &str, b: &str| elem_less(&t(a), &t(b));
        assert!(!lex("(1,2)", "(1,2)").unwrap());
        // b exhausted first: false; a exhausted first: true.
        assert!(!lex("(1,2,0)", "(1,2)").unwrap());
        assert!(lex("()", "(0)").unwrap());
        // Colex pairs modes from the back: (2) vs (0,2) compares 2 with 2,
        // then a is exhausted.
        assert!(colex("(2)", "(0,2)").unwrap());
        assert!(!colex("(0,2)", "(2)").unwrap());
        // elem_less of exhausted a is true, even for ().
        assert!(elem("()", "()").unwrap());
        assert!(!elem("(1,2)", "(2)").unwrap());
        // An integer paired with a tuple does not compile, even after a
        // deciding mode.
        assert!(lex("(0,1)", "(1,(1))").is_err());
        assert!(elem("5", "(6)").is_err());
        // The other three are elem_less with swapped operands or negated.
        let leq = |a: &str, b: &str| elem_leq(&t(a), &t(b));
        let gtr = |a: &str, b: &str| elem_gtr(&t(a), &t(b));
        let geq = |a: &str, b: &str| elem_geq(&t(a), &t(b));
        assert!(!leq("()", "()").unwrap());
        assert!(!geq("()", "()").unwrap());
        assert!(gtr("()", "()").unwrap());
        assert!(leq("(2)", "(1,2)").unwrap());
        // elem_gtr(a, b) = elem_less(b, a): the shorter b is exhausted.
        assert!(gtr("(2,0)", "(1)").unwrap());
        assert!(!gtr("(1)", "(2,0)").unwrap());
        assert_eq!(leq("5", "(6)").unwrap_err().kind(), "not_compatible");
        assert!(
            geq("5", "(6)")
                .unwrap_err()
                .to_string()
                .starts_with("elem_geq")
        );
    }

    #[test]
    fn weakly_compatible_and_abs_cute_exact() {
        let wc = |a: &str, b: &str| {
            weakly_compatible(&t(a), &t(b)).map_or_else(|e| e.kind().to_string(), |r| r.to_string())
        };
        assert_eq!(wc("4", "(2,6)"), "true");
        assert_eq!(wc("5", "(2,6)"), "false");
        assert_eq!(wc("-3", "(2,6)"), "true");
        assert_eq!(wc("(2,3)", "(2,6)"), "true");
        assert_eq!(wc("(2,3)", "(2,(2,3))"), "true");
        assert_eq!(wc("(2,(2,3))", "(2,6)"), "false");
        assert_eq!(wc("(2,3)", "(2,6,1)"), "false");
        assert_eq!(wc("()", "()"), "true");
        assert_eq!(wc("()", "1"), "false");
        assert_eq!(wc("0", "(2,6)"), "invalid_argument");
        // CuTe evaluates every mode: a zero after a false mode still fails.
        assert_eq!(wc("(5,0)", "(2,6)"), "invalid_argument");
        assert_eq!(wc("-1", "(-9223372036854775808)"), "true");
        assert_eq!(wc("2", "(4611686018427387904,4)"), "overflow");
        assert_eq!(abs(&t("()")).unwrap().to_string(), "()");
        assert_eq!(
            abs(&t("(0,-1,(-9223372036854775807))"))
                .unwrap()
                .to_string(),
            "(0,1,(9223372036854775807))"
        );
        assert_eq!(
            abs(&t("(1,-9223372036854775808)")).unwrap_err().kind(),
            "overflow"
        );
    }
}
