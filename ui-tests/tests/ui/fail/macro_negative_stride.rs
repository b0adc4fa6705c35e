//! Static strides are non-negative: the error points at the leaf.
use cute_static::Layout;

type L = Layout![(4, 8):(1, -4)];

fn main() {
    println!("{}", L::default());
}
