//! The tile 3:1 composes, but logical_divide also composes with its
//! complement 8:3, which crosses mode 0 (size 4) with stride 3.
use cute_static::layout;

fn main() {
    let r = layout!((4, 6):(1, 5)).logical_divide(layout!(3:1));
    println!("{r}");
}
