//! Static integers are 0..=1024 or powers of two: the leaf is spanned.
use cute_static::layout;

fn main() {
    let l = layout!((4, 1500):(1, 4));
    println!("{l}");
}
