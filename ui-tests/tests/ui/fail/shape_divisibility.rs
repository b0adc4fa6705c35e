//! pycute silently returns 4:2 here: a stride-1 walk takes all 4 elements
//! of mode 0 at once, and the 6 elements of 6:1 are not a multiple of 4.
use cute_static::layout;

fn main() {
    let r = layout!((4, 6, 8):(2, 3, 5)).compose(layout!(6:1));
    println!("{r}");
}
