//! A tiled copy partitions only tensors whose extents its tile divides: a
//! 256×8 tile (32×8 threads of 8×1 values) over a 200×8 tensor does not
//! compile.
use cute_static::{Tensor, layout, atom::{UniversalCopy, make_tiled_copy}, tensor::Counting};

fn main() {
    let copy = make_tiled_copy::<_, 16, _, _>(
        UniversalCopy::<u128>::new(),
        layout!((32, 8):(1, 32)),
        layout!((8, 1)),
    );
    let g = Tensor::new(Counting, layout!((200, 8))).unwrap();
    let _ = copy.get_slice(0).unwrap().partition_s(g);
}
