//! make_layout_like of a static layout with negative strides: the strides
//! are ordered as signed integers (a negative one first), as at run time.
use cute_static::{Layout, algebra::LayoutLike};

fn main() {
    let r = <LayoutLike<Layout![(8, 4):(-1, 8)]>>::default();
    assert_eq!(r.to_string(), "(_8,_4):(_1,_8)");
}
