//! The laws of `increment` (cute-dynamic's `data/coord_iter.rs`).

use super::*;

/// `increment(c, S) = r` for `c` in `S`'s domain: `r` congruent to `S`,
/// its colexicographic index one more than `c`'s, every leaf but the last
/// in `[0, extent)` and the last in `[0, extent]` (the end coordinate).
pub fn check_increment(c: &IntTuple, shape: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(congruent(c, shape) && congruent(r, shape), || {
            "coordinate, result and shape are not congruent".into()
        })?;
        let ext: Vec<i64> = shape.leaves().collect();
        let index = |t: &IntTuple| -> i128 {
            let (mut i, mut p) = (0i128, 1i128);
            for (x, &s) in t.leaves().zip(&ext) {
                i += i128::from(x) * p;
                p *= i128::from(s);
            }
            i
        };
        ensure(index(r) == index(c) + 1, || {
            format!(
                "index {} is not index({c}) + 1 = {}",
                index(r),
                index(c) + 1
            )
        })?;
        let n = ext.len();
        for (k, (x, &s)) in r.leaves().zip(&ext).enumerate() {
            let hi = if k + 1 == n { s } else { s - 1 };
            ensure((0..=hi).contains(&x), || {
                format!("leaf {k} = {x} is outside [0, {hi}]")
            })?;
        }
        Ok(())
    })();
    lift("increment", format!("increment({c}, {shape})"), r, law)
}
