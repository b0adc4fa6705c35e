//! ceil_div by a tuple with more modes than the dividend.
use cute_static::{C, algebra::CeilDivide, layout::IntTuple};

fn main() {
    let r = (C::<4>, C::<8>).ceil_div((C::<6>, C::<4>, C::<2>));
    println!("{}", r.to_dynamic());
}
