//! A `_` tiler mode (CuTe's by-mode skip) is a run-time tiler only for
//! now: the static tiler names the rule, spanned on the `_`.
use cute_static::tiler;

fn main() {
    let t = tiler!(<_, 2>);
    println!("{t}");
}
