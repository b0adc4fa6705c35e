//! The laws of `make_layout_like` (cute-dynamic's
//! `algebra/layout_like.rs`).

use super::*;

/// `make_layout_like(l) == r`: same shape, stride-0 and size-1 leaves at
/// stride 0, the others compact and in the order of `l`'s strides.
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
    // Stride-0 leaves have no order: they must get stride 0.
    let orders: Vec<Option<i64>> = l.leaf_modes().map(|(_, d)| (d != 0).then_some(d)).collect();
    ordered_law(r, &orders, &|| format!("make_layout_like({l}) = {r}"))
}
