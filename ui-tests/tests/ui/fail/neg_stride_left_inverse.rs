//! left_inverse is defined for non-negative strides.
use cute_static::{Layout, algebra::LeftInverse};

fn main() {
    let r = <LeftInverse<Layout![(8, 4):(-1, 8)]>>::default();
    println!("{r}");
}
