//! The static right inverse needs non-negative strides (cute-dynamic skips
//! the negative-stride modes).
use cute_static::{Layout, algebra::RightInverse};

fn main() {
    let r = <RightInverse<Layout![(8, 4):(-1, 8)]>>::default();
    println!("{r}");
}
