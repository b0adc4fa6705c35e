//! The static make_fragment_like needs non-negative strides.
use cute_static::{algebra::FragmentLayout, Layout};

fn main() {
    let r = <FragmentLayout<Layout![(8, 4):(-1, 8)]>>::default();
    println!("{r}");
}
