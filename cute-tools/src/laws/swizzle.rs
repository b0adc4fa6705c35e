//! The laws of swizzles: an involution that keeps every aligned block
//! (cute-dynamic's `data/swizzle.rs`).

use super::*;

/// A swizzle is an involution on `[0, period)` (`S(S(x)) == x`, hence a
/// bijection) that maps every aligned block of `period` offsets onto
/// itself.
pub fn check_swizzle(sw: &Swizzle) -> Result<(), Violation> {
    check_block_involution(&sw.to_string(), sw.period(), |x| sw.apply(x))
}

/// The swizzle law for any offset map `f` with period `p` (what
/// [`check_swizzle`] checks on [`Swizzle::apply`]).
pub fn check_block_involution(name: &str, p: i64, f: impl Fn(i64) -> i64) -> Result<(), Violation> {
    let cx = Ctx::new("swizzle", name.to_string(), &name);
    cx.ensure(p >= 1, || format!("the period {p} is not positive"))?;
    let blocks: &[i64] = if p <= 1 << 40 { &[0, p, 3 * p] } else { &[0] };
    for &base in blocks {
        for x in points(p) {
            let x = base + x;
            let y = f(x);
            if f(y) != x {
                return Err(cx.fail(Some(x.to_string()), format!("S(S({x})) = {} ≠ {x}", f(y))));
            }
            if y.div_euclid(p) != x.div_euclid(p) {
                return Err(cx.fail(
                    Some(x.to_string()),
                    format!("S({x}) = {y} leaves its block"),
                ));
            }
        }
    }
    Ok(())
}

/// `S(x) = y` for a swizzle `S`: `S` satisfies [`check_swizzle`], `S(y) ==
/// x` (an involution) and `y` is in `x`'s aligned block of `period` offsets.
pub fn check_swizzle_at(sw: &Swizzle, x: i64, y: i64) -> Result<(), Violation> {
    check_swizzle(sw)?;
    let cx = Ctx::new("swizzle", format!("{sw}({x})"), &y);
    let back = sw.apply(y);
    cx.ensure(back == x, || format!("S({y}) = {back} ≠ {x}"))?;
    let p = sw.period();
    cx.ensure(y.div_euclid(p) == x.div_euclid(p), || {
        format!("{y} leaves the block of {x} (period {p})")
    })
}
