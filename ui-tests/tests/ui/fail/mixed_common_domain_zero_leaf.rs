//! greatest_common_domain of two fully static mixed shapes goes to the
//! static algebra: a zero leaf does not compile, naming the rule (with a
//! run-time leaf it is the run-time `non_positive_shape` error).
use cute_static::{C, algebra::mixed_greatest_common_domain};

fn main() {
    let _ = mixed_greatest_common_domain((C::<0>, C::<4>), (C::<4>,));
}
