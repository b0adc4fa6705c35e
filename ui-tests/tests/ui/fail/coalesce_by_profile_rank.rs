//! A coalesce profile with more modes than the layout.
use cute_static::{C, layout};

fn main() {
    let r = layout!((2, 3):(1, 2)).coalesce_by((C::<1>, C::<1>, C::<1>));
    println!("{r}");
}
