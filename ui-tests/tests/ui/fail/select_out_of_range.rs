//! select of a mode the layout does not have.
use cute_static::{C, layout};

fn main() {
    let r = layout!((2, 3):(1, 2)).select((C::<1>, C::<2>));
    println!("{r}");
}
