//! layout_add needs layouts of one size.
use cute_static::{algebra::LayoutAdd, layout};

fn main() {
    let _ = layout!(4:1).layout_add(layout!(8:1));
}
