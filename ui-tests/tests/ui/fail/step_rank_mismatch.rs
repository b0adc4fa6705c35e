//! A `Step` needs one entry per mode of the tiler it projects.
use cute_static::{Tensor, layout, step, tiler, tensor::{Counting, __, local_tile}};

fn main() {
    let m_a = Tensor::new(Counting, layout!((256, 64):(1, 256))).unwrap();
    let _ = local_tile(&m_a, tiler!(<128, 128, 8>), (0, 0, __), step!(1, X));
}
