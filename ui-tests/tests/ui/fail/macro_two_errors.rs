//! Every rule a literal breaks is reported, each spanned on its sub-tree:
//! here a zero extent in the shape and a negative static stride.
use cute_static::layout;

fn main() {
    let l = layout!((4, 0):(1, -4));
    println!("{l}");
}
