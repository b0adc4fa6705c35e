//! A tiled MMA partitions only tensors whose extents its tile divides: a
//! 32×16 tile (2×2 atoms of 16×8) over a 30×16 tensor does not compile.
use cute_static::{Tensor, layout, atom::{SM80_16x8x16_F32F16F16F32_TN, make_tiled_mma}, tensor::Counting};

fn main() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)), ());
    let c = Tensor::new(Counting, layout!((30, 16))).unwrap();
    let _ = mma.get_slice(0).unwrap().partition_c(c);
}
