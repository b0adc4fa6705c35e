//! Generic code reaching `StaticLayout::call` (an unsigned offset) on a
//! layout with negative strides does not build: the offset would wrap.
use cute_static::{layout, layout::StaticLayout};

fn first_offsets<L: StaticLayout>(l: L) -> [usize; 2] {
    [l.call(0), l.call(1)]
}

fn main() {
    println!("{:?}", first_offsets(layout!((8, 4):(-1, 8))));
}
