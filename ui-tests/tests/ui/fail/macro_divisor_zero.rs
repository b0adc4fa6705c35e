//! A run-time leaf's static divisor is a positive integer: `{m:0}` is
//! refused where it is written (no value is a multiple of 0 but 0, which
//! is no shape).
use cute_static::layout;

fn main() {
    let m = 128;
    let l = layout!(({m:0}, 8):(1, {m}));
    println!("{l:?}");
}
