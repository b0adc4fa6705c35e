//! layout_add of two fully static mixed layouts goes to the static
//! algebra: layouts of different sizes do not compile, naming the rule.
use cute_static::{layout::MixedLayout, layout};

fn main() {
    let a = MixedLayout::from(layout!(4:1));
    let b = MixedLayout::from(layout!(8:1));
    let _ = a.layout_add(&b);
}
