//! The slice of a layout with a negative stride may have a negative
//! offset: `slice` (a `usize` offset) does not compile; `slice_signed` does.
use cute_static::{tensor::__, layout};

fn main() {
    let l = layout!((8, 4):(-1, 8));
    println!("{:?}", l.slice_signed((3, __)));
    println!("{:?}", l.slice((3, __)));
}
