//! The laws of `domain_distribute` (cute-dynamic's
//! `algebra/domain_distribute.rs`).

use super::*;

/// `domain_distribute(shape, n) == r`: `size(r)` divides `n`, `r` is
/// strictly increasing, and `column_major(shape) ∘ r` is admissible.
pub fn check_domain_distribute(shape: &IntTuple, n: i64, r: &Layout) -> Result<(), Violation> {
    binary_law(
        "domain_distribute",
        shape,
        &n,
        &r,
        domain_distribute_law_text(shape, n, r),
    )
}

pub(super) fn domain_distribute_law_text(shape: &IntTuple, n: i64, r: &Layout) -> Outcome {
    let what = || format!("domain_distribute({shape}, {n}) = {r}");
    ensure(r.size() >= 1 && n % r.size() == 0, || {
        format!("{}: size does not divide {n}", what())
    })?;
    let mut prev = -1i64;
    for i in points(r.size()) {
        let v = r.call(i);
        ensure(v > prev, || format!("{}: not increasing at {i}", what()))?;
        prev = v;
    }
    let c = Layout::column_major(shape).map_err(|e| e.to_string())?;
    cute_dynamic::composition(&c, r).map_err(|e| format!("{}: {c} ∘ r: {e}", what()))?;
    Ok(())
}
