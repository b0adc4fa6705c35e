//! Static tilers have at most 8 modes: the whole tiler is spanned.
use cute_static::tiler;

fn main() {
    let t = tiler!(<2, 2, 2, 2, 2, 2, 2, 2, 2>);
    println!("{t}");
}
