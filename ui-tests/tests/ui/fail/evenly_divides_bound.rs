//! A bound asking that a tiler divides a shape evenly, not met.
use cute_static::{C, algebra::EvenlyDivides};

fn tiles_evenly<S: EvenlyDivides<T>, T>() {}

fn main() {
    tiles_evenly::<(C<100>, C<64>), (C<32>, C<16>)>();
}
