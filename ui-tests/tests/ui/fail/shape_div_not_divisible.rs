//! shape_div of two integers neither of which divides the other.
use cute_static::{C, layout::IntTuple, algebra::ShapeDivide};

fn main() {
    let r = (C::<6>, C::<4>).shape_div(C::<8>);
    println!("{}", r.to_dynamic());
}
