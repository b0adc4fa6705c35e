//! greatest_common_domain needs positive shape leaves.
use cute_static::{C, algebra::CommonDomain};

type G = CommonDomain<(C<0>, C<2>), C<2>>;

fn main() {
    let _ = core::mem::size_of::<G>();
}
