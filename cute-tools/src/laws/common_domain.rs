//! The laws of `greatest_common_domain` (cute-dynamic's
//! `algebra/common_domain.rs`).

use super::*;

/// `greatest_common_domain(a, b) == g`: a flat tuple layout, strictly
/// increasing and injective, `size(g)` divides `gcd(size(a), size(b))`, and
/// `column_major(a) ∘ g`, `column_major(b) ∘ g` are admissible.
pub fn check_greatest_common_domain(
    a: &IntTuple,
    b: &IntTuple,
    g: &Layout,
) -> Result<(), Violation> {
    binary_law(
        "greatest_common_domain",
        a,
        b,
        &g,
        greatest_common_domain_law_text(a, b, g),
    )
}

pub(super) fn greatest_common_domain_law_text(a: &IntTuple, b: &IntTuple, g: &Layout) -> Outcome {
    let what = || format!("greatest_common_domain({a}, {b}) = {g}");
    ensure(!g.shape().is_int() && g.depth() == 1, || {
        format!("{}: not a flat tuple", what())
    })?;
    if g.rank() == 1 && g.leaf_modes().eq([(1, 0)]) {
        return Ok(());
    }
    let mut end = 1i128;
    for (s, d) in g.leaf_modes() {
        ensure(s > 1 && i128::from(d) >= end, || {
            format!("{}: not increasing", what())
        })?;
        end = i128::from(d) * i128::from(s);
    }
    let (sa, sb, sg) = (
        size128(a.as_ref()),
        size128(b.as_ref()),
        i128::from(g.size()),
    );
    ensure(sa % sg == 0 && sb % sg == 0, || {
        format!("{}: size does not divide", what())
    })?;
    for t in [a, b] {
        let c = Layout::column_major(t).map_err(|e| e.to_string())?;
        cute_dynamic::composition(&c, g).map_err(|e| format!("{}: {c} ∘ g: {e}", what()))?;
    }
    Ok(())
}
