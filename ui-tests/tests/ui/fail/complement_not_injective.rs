//! Overlapping modes have no complement.
use cute_static::{C, layout};

fn main() {
    let r = layout!((4, 4):(1, 2)).complement(C::<64>);
    println!("{r}");
}
