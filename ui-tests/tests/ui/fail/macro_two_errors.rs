//! Every rule a literal breaks is reported, each spanned on its sub-tree:
//! here a zero extent in the shape and a static stride of `i64::MIN`.
use cute_static::layout;

fn main() {
    let l = layout!((4, 0):(1, -9223372036854775808));
    println!("{l}");
}
