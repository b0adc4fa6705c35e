//! greatest_common_domain needs positive shape leaves.
use cute_static::{C, GreatestCommonDomain};

fn main() {
    let _ = (C::<0>, C::<2>).greatest_common_domain(C::<2>);
}
