//! logical_product(A, B) complements A: A's strides must be non-negative.
use cute_static::layout;

fn main() {
    let r = layout!((8, 4):(-1, 8)).logical_product(layout!(2:1));
    println!("{r}");
}
