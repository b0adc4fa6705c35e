//! A `_` tiler mode (CuTe's by-mode skip, also spelled `__`) in the static
//! macros: the mode is left unchanged, as cute-dynamic's `"<_,2>"`.
use cute_static::{Tiler, layout, tiler};

fn main() {
    let t: Tiler![<_, 2>] = tiler!(<__, 2>);
    assert_eq!(t.to_string(), "<_,_2>");
    let a = layout!((4, 6):(1, 4));
    let r = a.logical_divide(t);
    assert_eq!(r.to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
    let dt: cute_static::dynamic::Tiler = "<_,2>".parse().unwrap();
    let d = cute_static::dynamic::logical_divide(&a.to_dynamic(), &dt).unwrap();
    assert_eq!(r.to_dynamic(), d);
}
