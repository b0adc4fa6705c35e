//! The static layout_add needs non-negative strides.
use cute_static::{Layout, algebra::LayoutSum};

fn main() {
    let r = <LayoutSum<Layout![(8, 4):(-1, 8)], Layout![(8, 4):(1, 8)]>>::default();
    println!("{r}");
}
