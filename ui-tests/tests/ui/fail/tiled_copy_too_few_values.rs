//! make_tiled_copy: a 128-bit copy moves 8 halves per thread; 4 values
//! per thread are not a multiple of the atom's.
use cute_static::{layout, atom::{UniversalCopy, make_tiled_copy}};

fn main() {
    let _copy = make_tiled_copy::<_, 16, _, _>(UniversalCopy::<u128>::new(), layout!((32, 8)), layout!((4, 1)));
}
