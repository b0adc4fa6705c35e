//! make_layout_like of a static layout with two leaves of one stride: they
//! share a stride, as in CuTe C++ and at run time, in the type form and
//! the method form alike.
use cute_static::{Layout, algebra::LayoutLike, layout};

fn main() {
    let r = <LayoutLike<Layout![(4, 8):(1, 1)]>>::default();
    assert_eq!(r.to_string(), "(_4,_8):(_1,_1)");
    let m = layout!((4, 8, 2):(1, 1, 7)).make_layout_like();
    assert_eq!(m.to_string(), "(_4,_8,_2):(_1,_1,_32)");
}
