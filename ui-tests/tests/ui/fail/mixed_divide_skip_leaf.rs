//! The mixed divides split each divided mode into (tile, rest): the logical
//! divide keeps a static rank-2 mode under `_`, but a leaf mode is no pair.
use cute_static::{layout, tiler};

fn main() {
    let m = 40;
    let a = layout!((8, {m}):(1, 8)).unwrap();
    let _ = a.logical_divide(tiler!(<_, 4>));
}
