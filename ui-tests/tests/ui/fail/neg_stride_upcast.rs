//! The static upcast/downcast/recast_layout need non-negative strides
//! (cute-dynamic treats a stride of -1 as a unit stride).
use cute_static::{algebra::Downcasted, Layout};

fn main() {
    let r = <Downcasted<Layout![(8, 4):(-1, 8)], 2>>::default();
    println!("{r}");
}
