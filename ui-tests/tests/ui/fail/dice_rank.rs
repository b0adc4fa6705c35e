//! dice needs a tuple coordinate with one entry per mode it is paired with.
use cute_static::{tensor::__, layout};

fn main() {
    let _ = layout!(((3, 2), (2, 3)):((4, 1), (2, 15))).dice(((1usize, __, 0usize), __));
}
