//! CuTe C++ accepts this and returns the wrong (2,3):(6,3).
use cute_static::layout;

fn main() {
    let r = layout!((4, 6, 8):(2, 3, 5)).compose(layout!(6:3));
    println!("{r}");
}
