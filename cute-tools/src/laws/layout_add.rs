//! The laws of `layout_add` (cute-dynamic's `algebra/layout_add.rs`).

use super::*;

/// `layout_add(a, b) == r`: equal sizes and `r(i) == a(i) + b(i)`.
pub fn check_layout_add(a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    binary_law("layout_add", a, b, &r, layout_add_law_text(a, b, r))
}

pub(super) fn layout_add_law_text(a: &Layout, b: &Layout, r: &Layout) -> Outcome {
    ensure(r.size() == a.size() && a.size() == b.size(), || {
        format!("layout_add({a}, {b}) = {r}: sizes differ")
    })?;
    for i in points(r.size()) {
        let want = i128::from(a.call(i)) + i128::from(b.call(i));
        ensure(i128::from(r.call(i)) == want, || {
            format!(
                "layout_add({a}, {b}) = {r}: at {i} got {}, want {want}",
                r.call(i)
            )
        })?;
    }
    Ok(())
}
