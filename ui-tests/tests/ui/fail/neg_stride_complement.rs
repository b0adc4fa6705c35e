//! complement is defined for non-negative strides.
use cute_static::{C, layout};

fn main() {
    let r = layout!((8, 4):(-1, 8)).complement(C::<64>);
    println!("{r}");
}
