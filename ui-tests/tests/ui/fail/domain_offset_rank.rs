//! domain_offset needs a static coordinate that fits the layout's shape.
use cute_static::{C, algebra::DomainOffset, Layout};

type Off = DomainOffset<Layout![(4, 6):(6, 1)], (C<1>, C<2>, C<3>)>;

fn main() {
    let _ = core::mem::size_of::<Off>();
}
