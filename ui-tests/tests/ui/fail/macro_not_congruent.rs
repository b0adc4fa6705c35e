//! A malformed literal is an error spanned on the stride, and nothing cascades.
use cute_static::layout;

fn main() {
    let l = layout!((4, 8):(1, (4, 2)));
    println!("{l}");
}
