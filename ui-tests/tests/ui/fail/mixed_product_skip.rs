//! A mixed product multiplies every tiler mode by a static layout or an
//! integer tile: `_` is no tile there.
use cute_static::{layout, tiler};

fn main() {
    let m = 40;
    let a = layout!(({m}, 8):(1, {m})).unwrap();
    let _ = a.zipped_product(tiler!(<_, 4>));
}
