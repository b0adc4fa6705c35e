//! Static tuples have at most 8 children: the whole tuple is spanned.
use cute_static::Layout;

type L = Layout![(2, 2, 2, 2, 2, 2, 2, 2, 2)];

fn main() {
    println!("{}", L::default());
}
