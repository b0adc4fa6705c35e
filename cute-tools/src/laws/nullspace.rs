//! The laws of `nullspace` (cute-dynamic's `algebra/nullspace.rs`).

use super::*;

// ---------------------------------------------------------------------
// Layouts
// ---------------------------------------------------------------------

/// `nullspace(l) == r`: `l(r(i)) == 0`, `r` injective into `l`'s domain, and
/// `size(r)` is the product of the sizes of `l`'s stride-0 leaves.
pub fn check_nullspace(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let what = format!("nullspace({l})");
    lift("nullspace", what, &r, nullspace_law_text(l, r))
}

pub(super) fn nullspace_law_text(l: &Layout, r: &Layout) -> Outcome {
    let want: i128 = l
        .leaf_modes()
        .filter(|&(_, d)| d == 0)
        .map(|(s, _)| i128::from(s))
        .product();
    ensure(i128::from(r.size()) == want, || {
        format!("nullspace({l}) = {r}: size should be {want}")
    })?;
    let mut seen: Vec<i64> = points(r.size()).map(|i| r.call(i)).collect();
    for &x in &seen {
        ensure(0 <= x && x < l.size() && l.call(x) == 0, || {
            format!("nullspace({l}) = {r}: index {x} is not in the kernel")
        })?;
    }
    seen.sort_unstable();
    ensure(seen.windows(2).all(|w| w[0] != w[1]), || {
        format!("nullspace({l}) = {r} is not injective")
    })
}
