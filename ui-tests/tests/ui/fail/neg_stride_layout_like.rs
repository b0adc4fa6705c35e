//! The static make_layout_like needs non-negative strides.
use cute_static::{Layout, algebra::LayoutLike};

fn main() {
    let r = <LayoutLike<Layout![(8, 4):(-1, 8)]>>::default();
    println!("{r}");
}
