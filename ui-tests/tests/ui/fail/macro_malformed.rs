//! A malformed literal is spanned on the token where parsing failed.
use cute_static::layout;

fn main() {
    let l = layout!((4, , 8):(1, 4));
    println!("{l}");
}
