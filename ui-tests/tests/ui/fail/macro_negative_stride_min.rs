//! A static negative stride is at least -(2^63 - 1): `i64::MIN` has no
//! static magnitude. The error points at the leaf.
use cute_static::Layout;

type L = Layout![(4, 8):(1, -9223372036854775808)];

fn main() {
    println!("{}", L::default());
}
