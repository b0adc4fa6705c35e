//! The mixed divides split each divided mode into (tile, rest): `_` keeps
//! a rank-2 mode as that pair, but a leaf mode is no pair.
use cute_static::{layout, tiler};

fn main() {
    let m = 40;
    let a = layout!((8, {m}):(1, 8)).unwrap();
    let _ = a.zipped_divide(tiler!(<_, 4>));
}
