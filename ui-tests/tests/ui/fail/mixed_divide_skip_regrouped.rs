//! A `_` mode is, by its documented meaning, the size-1 tile `1:0` with the
//! whole mode in the rest; the mixed zipped divide (which splits every
//! mode's logical result into halves) refuses it rather than answer CuTe
//! C++'s split of the kept mode: cute-dynamic regroups it.
use cute_static::{layout, tiler};

fn main() {
    let m = 40;
    let a = layout!(({m}, (4, 6)):(1, (64, 256))).unwrap();
    let _ = a.zipped_divide(tiler!(<16, _>));
}
