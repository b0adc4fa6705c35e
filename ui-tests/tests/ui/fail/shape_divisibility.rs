//! pycute silently returns 4:2 here; 6 is not a multiple of the 2 that
//! mode 0 (size 4, stride 2 after coalescing) leaves for a stride-1 walk.
use cute_static::layout;

fn main() {
    let r = layout!((4, 6, 8):(2, 3, 5)).compose(layout!(6:1));
    println!("{r}");
}
