//! Negative strides are supported in fully static layouts only: a mixed
//! layout's static leaves are unsigned. The error points at the leaf.
use cute_static::layout;

fn main() {
    let m = 16;
    let l = layout!(({m}, 8):(1, -16));
    println!("{l:?}");
}
