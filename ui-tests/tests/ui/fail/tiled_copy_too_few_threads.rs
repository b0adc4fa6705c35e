//! make_tiled_copy: LDSM x4 runs on 32 threads; 16 threads are not a
//! multiple of the atom's.
use cute_static::{layout, atom::{SM75_U32x4_LDSM_N, make_tiled_copy}};

fn main() {
    let _copy = make_tiled_copy::<_, 16, _, _>(SM75_U32x4_LDSM_N, layout!((16, 1)), layout!((1, 8)));
}
