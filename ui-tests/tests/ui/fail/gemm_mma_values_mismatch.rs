// gemm(tiled_mma, A, B, C) with UniversalFMA (one value of each operand
// per thread and atom) on register fragments whose mode 0 holds two
// values: MMA_M, MMA_N and MMA_K agree, A's values per atom do not.
use cute_static::arch::GlobalBuffer;
use cute_static::atom::{TiledMma, UniversalFMA};
use cute_static::device::{gemm_with, make_fragment_like};
use cute_static::{Layout, layout};

fn main() {
    let buffer = GlobalBuffer::<f32>::zeroed(8);
    let tile = buffer.tensor(layout!((2, 2, 2))).unwrap();
    let (a, b) = (make_fragment_like(&tile), make_fragment_like(&tile));
    let mut c = make_fragment_like(&tile);
    let mma = TiledMma::<UniversalFMA<f32, f32, f32, f32>, Layout![(1, 1, 1)]>::new();
    gemm_with(&mma, &a, &b, &mut c);
}
