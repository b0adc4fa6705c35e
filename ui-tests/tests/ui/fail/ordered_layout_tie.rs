//! make_ordered_layout with two modes of the same order value.
use cute_static::{C, algebra::make_ordered_layout};

fn main() {
    let r = make_ordered_layout((C::<4>, C::<8>), (C::<1>, C::<1>));
    println!("{r}");
}
