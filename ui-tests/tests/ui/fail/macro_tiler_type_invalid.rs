//! `Tiler![…]` (the type of a tiler) reads `tiler!`'s grammar and reports
//! the same errors, in a type position.
use cute_static::{Tiler, tiler};

type Cta = Tiler![<128, 0, 8>];

fn main() {
    let t: Cta = tiler!(<128, 128, 8>);
    println!("{t:?}");
}
