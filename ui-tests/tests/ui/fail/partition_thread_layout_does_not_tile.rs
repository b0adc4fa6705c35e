//! A thread layout must tile the tile it partitions: 3 threads do not
//! divide the 8 columns of a static 128×8 tile.
use cute_static::{Tensor, layout, tensor::{Counting, local_partition}};

fn main() {
    let s_a = Tensor::new(Counting, layout!((128, 8):(1, 128))).unwrap();
    let _ = local_partition(&s_a, layout!((32, 3)), 0);
}
