//! A three-mode tiler cannot divide a two-mode layout.
use cute_static::{layout, tiler};

fn main() {
    let r = layout!((4, 8):(1, 4)).logical_divide(tiler!(<2:1, 2:1, 2:1>));
    println!("{r}");
}
