//! round_up of a tuple by an integer.
use cute_static::{C, layout::IntTuple, algebra::RoundUp};

fn main() {
    let r = (C::<10>, C::<7>).round_up(C::<4>);
    println!("{}", r.to_dynamic());
}
