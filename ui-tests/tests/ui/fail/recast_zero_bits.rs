//! recast_layout with an element size of 0 bits.
use cute_static::layout;

fn main() {
    let r = layout!((4, 8):(1, 4)).recast_layout::<16, 0>();
    println!("{r}");
}
