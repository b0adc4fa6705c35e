//! product_like of a tuple shallower than its guide.
use cute_static::{C, algebra::ProductLike};

fn main() {
    let r = (C::<6>, C::<4>).product_like(((C::<2>, C::<3>), C::<4>));
    println!("{r:?}");
}
