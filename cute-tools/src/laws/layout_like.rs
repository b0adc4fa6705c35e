//! The laws of `make_layout_like` (cute-dynamic's
//! `algebra/layout_like.rs`).

use super::*;

/// `make_layout_like(l) == r`: same shape, stride-0 and size-1 leaves at
/// stride 0; the other leaves, with leaves of one stride in `l` taken
/// together as one mode (CuTe gives them one stride, so they must share
/// one), compact and in the order of `l`'s strides.
pub fn check_make_layout_like(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let what = format!("make_layout_like({l})");
    lift(
        "make_layout_like",
        what,
        &r,
        make_layout_like_law_text(l, r),
    )
}

pub(super) fn make_layout_like_law_text(l: &Layout, r: &Layout) -> Outcome {
    ensure(r.shape() == l.shape(), || {
        format!("make_layout_like({l}) = {r}: wrong shape")
    })?;
    let what = || format!("make_layout_like({l}) = {r}");
    // Group the ordered leaves (size > 1, stride ≠ 0) by their stride in
    // `l`: one mode (product of the sizes, the shared stride of `r`) each.
    let mut groups: Vec<(i64, i64, i64)> = Vec::new(); // (stride in l, size, stride in r)
    let mut rest: Vec<(i64, i64)> = Vec::new();
    for ((s, d), (_, rd)) in l.leaf_modes().zip(r.leaf_modes()) {
        if s == 1 || d == 0 {
            rest.push((s, rd));
            continue;
        }
        match groups.iter_mut().find(|g| g.0 == d) {
            Some(g) => {
                ensure(g.2 == rd, || {
                    format!(
                        "{}: leaves of one stride {d} have different strides",
                        what()
                    )
                })?;
                g.1 = g.1.saturating_mul(s);
            }
            None => groups.push((d, s, rd)),
        }
    }
    let mut modes: Vec<(i64, i64)> = groups.iter().map(|&(_, s, rd)| (s, rd)).collect();
    modes.extend(rest.iter().copied());
    let mut orders: Vec<Option<i64>> = groups.iter().map(|&(d, _, _)| Some(d)).collect();
    orders.extend(rest.iter().map(|_| None));
    let merged = Layout::new(
        IntTuple::flat(modes.iter().map(|&(s, _)| s)),
        IntTuple::flat(modes.iter().map(|&(_, d)| d)),
    )
    .map_err(|e| format!("{}: {e}", what()))?;
    ordered_law(&merged, &orders, &what)
}
