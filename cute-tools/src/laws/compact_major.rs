//! The laws of `compact_col_major`, `compact_row_major` and
//! `prefix_product` (cute-dynamic's `algebra/compact_major.rs`).

use super::*;

/// `compact_col_major(S, c) == r`: `r` is congruent to `S`, size-1 leaves
/// at stride 0, and `S:r` maps every index `i` to `c · i` (evaluated for
/// `i < 2^16`).
pub fn check_compact_col_major(
    shape: &IntTuple,
    current: i64,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = compact_law(shape, current, r, false);
    binary_law("compact_col_major", shape, &current, r, law)
}

/// `compact_row_major(S, c) == r`: as [`check_compact_col_major`] with the
/// flat modes read last-to-first.
pub fn check_compact_row_major(
    shape: &IntTuple,
    current: i64,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = compact_law(shape, current, r, true);
    binary_law("compact_row_major", shape, &current, r, law)
}

/// `compact_col_major(S, C) == r` for a tuple of starts `C`: an integer
/// `C` is [`check_compact_col_major`]'s law; a tuple `C` needs `S` and `r`
/// tuples of its rank, each mode satisfying this law with its start.
pub fn check_compact_col_major_by(
    shape: &IntTuple,
    current: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = compact_by_law(shape.as_ref(), current.as_ref(), r.as_ref(), false);
    binary_law("compact_col_major", shape, current, r, law)
}

/// `compact_row_major(S, C) == r` for a tuple of starts `C`: as
/// [`check_compact_col_major_by`], each mode row-major.
pub fn check_compact_row_major_by(
    shape: &IntTuple,
    current: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = compact_by_law(shape.as_ref(), current.as_ref(), r.as_ref(), true);
    binary_law("compact_row_major", shape, current, r, law)
}

pub(super) fn compact_by_law(
    shape: IntTupleRef<'_>,
    current: IntTupleRef<'_>,
    r: IntTupleRef<'_>,
    reversed: bool,
) -> Outcome {
    if let Some(c) = current.as_int() {
        return compact_law(&shape.to_owned(), c, &r.to_owned(), reversed);
    }
    ensure(
        !shape.is_int()
            && !r.is_int()
            && shape.rank() == current.rank()
            && r.rank() == current.rank(),
        || format!("{shape}, {current} and {r} are not tuples of one rank"),
    )?;
    shape
        .children()
        .zip(current.children())
        .zip(r.children())
        .try_for_each(|((s, c), x)| compact_by_law(s, c, x, reversed))
}

pub(super) fn compact_law(shape: &IntTuple, current: i64, r: &IntTuple, reversed: bool) -> Outcome {
    ensure(shape.as_ref().congruent(r.as_ref()), || {
        format!("{r} is not congruent to {shape}")
    })?;
    let mut modes: Vec<(i64, i64)> = shape.leaves().zip(r.leaves()).collect();
    if let Some(&(s, d)) = modes.iter().find(|&&(s, d)| s == 1 && d != 0) {
        return Err(format!("the size-{s} leaf has stride {d}, not 0"));
    }
    if reversed {
        modes.reverse();
    }
    let l = Layout::flat(modes);
    for i in 0..l.size().min(1 << 16) {
        let want = i128::from(current) * i128::from(i);
        ensure(i128::from(l.call(i)) == want, || {
            format!("index {i} is at {}, not {current}·{i}", l.call(i))
        })?;
    }
    Ok(())
}

/// `prefix_product(a, init) == r`: with an integer `init` above a tuple,
/// `r` is congruent to `a` and each leaf of `r` is `init` times the
/// product of the leaves of `a` before it (depth-first); a tuple `init`
/// goes mode by mode; under a leaf of `a`, `r` is `init`.
pub fn check_prefix_product(a: &IntTuple, init: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    fn go(a: IntTupleRef<'_>, init: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
        if a.is_int() {
            return ensure(r == init, || format!("{r} is not the init {init}"));
        }
        match init.as_int() {
            Some(c) => {
                ensure(a.congruent(r), || format!("{r} is not congruent to {a}"))?;
                let mut acc = i128::from(c);
                for (x, y) in a.leaves().zip(r.leaves()) {
                    ensure(i128::from(y) == acc, || {
                        format!("a leaf of {r} is {y}, not {acc} (the product before it)")
                    })?;
                    acc = acc.saturating_mul(i128::from(x));
                }
                Ok(())
            }
            None => {
                ensure(
                    init.rank() == a.rank() && !r.is_int() && r.rank() == a.rank(),
                    || format!("{a}, {init} and {r} have different ranks"),
                )?;
                a.children()
                    .zip(init.children())
                    .zip(r.children())
                    .try_for_each(|((x, i), y)| go(x, i, y))
            }
        }
    }
    lift(
        "prefix_product",
        format!("prefix_product({a}, {init})"),
        r,
        go(a.as_ref(), init.as_ref(), r.as_ref()),
    )
}
