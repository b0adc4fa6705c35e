//! A malformed item does not hide the other errors of the literal: the
//! parser goes on with the next item, and the rules are checked on the rest.
use cute_static::Layout;

type L = Layout![((4, , 8), 2, -1500)];

fn main() {
    println!("{}", L::default());
}
