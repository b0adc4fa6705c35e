//! partition_A of a mixed tensor needs a static shape: a run-time extent
//! (`{m}`) is not partitioned (tile it with local_tile first).
use cute_static::{Layout, Tensor, layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}, tensor::Counting};

fn main() {
    let mma = TiledMma::<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>::new();
    let m = 64;
    let g = Tensor::new(Counting, layout!(({m}, 16):(1, {m})).unwrap()).unwrap();
    let _ = mma.get_slice(0).unwrap().partition_a_mixed(g);
}
