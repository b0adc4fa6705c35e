//! The laws of `max_common_layout` and `max_common_vector` (cute-dynamic's
//! `algebra/max_common.rs`).

use super::*;

/// `max_common_layout(A, B) = R`: `A(R(k)) == k` and `B(R(k)) == k` for
/// every `k < size(R)` (a contiguous vector both layouts agree on; that it
/// is the largest is not checked by evaluation).
pub fn check_max_common_layout(a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new(
        "max_common_layout",
        format!("max_common_layout({a}, {b})"),
        r,
    );
    for k in points(r.size()) {
        let (x, y) = (a.call(r.call(k)), b.call(r.call(k)));
        if x != k || y != k {
            return Err(cx.fail(
                Some(crd(r, k)),
                format!("A(R({k})) = {x}, B(R({k})) = {y}, expected {k}"),
            ));
        }
    }
    Ok(())
}

/// `max_common_vector(A, B) = n`: `n` is the size of
/// `max_common_layout(A, B)`, which satisfies its law.
pub fn check_max_common_vector(a: &Layout, b: &Layout, n: i64) -> Result<(), Violation> {
    let cx = Ctx::new(
        "max_common_vector",
        format!("max_common_vector({a}, {b})"),
        &n,
    );
    let r = cute_dynamic::max_common_layout(a, b)
        .map_err(|e| cx.fail(None, format!("max_common_layout fails: {e}")))?;
    check_max_common_layout(a, b, &r)?;
    cx.ensure(r.size() == n, || {
        format!("max_common_layout has size {}, not {n}", r.size())
    })
}
