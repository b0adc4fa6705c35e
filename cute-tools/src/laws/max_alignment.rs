//! The laws of `max_alignment` (cute-dynamic's `algebra/max_alignment.rs`).

use super::*;

/// `max_alignment(L) = N`: CuTe's definition `N = |gcd(size<0>(P),
/// stride<1>(P))|` with `P = logical_divide(F, right_inverse(F))`, `F =
/// coalesce(L)` (each operation by its own law), and its meaning: `N ≥ 1`
/// divides the contiguous run `size(right_inverse(F))`, and the image of
/// `L` is a union of whole aligned blocks `[N·m, N·m + N)`.
pub fn check_max_alignment(l: &Layout, n: i64) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let f = cute_dynamic::coalesce(l);
        let inv = cute_dynamic::right_inverse(&f).map_err(err)?;
        let p = logical_divide(&f, &inv).map_err(err)?;
        let mut g = p.mode(0).ok_or("P has no mode 0")?.size();
        for d in p.mode(1).ok_or("P has no mode 1")?.stride().leaves() {
            g = cute_core::int::gcd(g, d);
        }
        ensure(n >= 1 && Some(n) == g.checked_abs(), || {
            format!("CuTe's gcd(size<0>(P), stride<1>(P)) is {g}, P = {p}")
        })?;
        ensure(inv.size() % n == 0, || {
            format!("{n} does not divide the contiguous run {}", inv.size())
        })?;
        if let Some(img) = image(l) {
            for &x in &img {
                let base = x - x.rem_euclid(n);
                let whole = (base..base + n).all(|y| img.binary_search(&y).is_ok());
                ensure(whole, || {
                    format!(
                        "offset {x}: the block [{base}, {}) is not in the image",
                        base + n
                    )
                })?;
            }
        }
        Ok(())
    })();
    lift("max_alignment", format!("max_alignment({l})"), &n, law)
}
