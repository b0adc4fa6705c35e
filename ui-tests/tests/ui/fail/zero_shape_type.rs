//! A hand-written layout type with a zero in its shape is not a layout.
use cute_static::{C, Layout, layout::StaticLayout};

type L = Layout<(C<4>, C<0>), (C<1>, C<4>)>;

fn main() {
    println!("{}", <L as StaticLayout>::SIZE);
}
