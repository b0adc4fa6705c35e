//! make_layout_like of a layout with two leaves of the same stride.
use cute_static::{Layout, algebra::LayoutLike, layout::StaticLayout};

fn main() {
    let r = <LayoutLike<Layout![(2, 2):(1, 1)]>>::default();
    println!("{}", r.call(1));
}
