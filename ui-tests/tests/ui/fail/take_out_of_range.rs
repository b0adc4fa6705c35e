//! take<B, E> beyond the layout's modes.
use cute_static::layout;

fn main() {
    let r = layout!((2, 3, 4):(1, 2, 6)).take::<1, 4>();
    println!("{r}");
}
