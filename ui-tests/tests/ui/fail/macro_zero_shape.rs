//! Shapes are positive: the error points at the zero.
use cute_static::layout;

fn main() {
    let l = layout!((4, 0):(1, 4));
    println!("{l}");
}
