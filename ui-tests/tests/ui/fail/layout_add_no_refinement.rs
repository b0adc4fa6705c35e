//! layout_add needs coalesced shapes with a common refinement.
use cute_static::{algebra::LayoutAdd, layout};

fn main() {
    let _ = layout!((5, 3):(3, 1)).layout_add(layout!((3, 5):(5, 1)));
}
