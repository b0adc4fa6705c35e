// ldmatrix moves 16-bit values: a tiled copy of an LDSM atom over 8-byte
// elements does not execute.
use cute_static::arch::{
    DeviceCopyPartition, SmemArray, ThreadSlice, copy_ldsm, shared_storage,
};
use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F16F16F16F16_TN, TiledMma, make_tiled_copy_a};
use cute_static::Layout;

pub fn kernel() {
    type S = Layout![(16, 16):(16, 1)];
    let (s,) = shared_storage::<(SmemArray<f64, S>,)>();
    let s = s.tensor(S::default());
    let mma = TiledMma::<SM80_16x8x16_F16F16F16F16_TN, Layout![(1, 1, 1)]>::new();
    let cp = make_tiled_copy_a::<_, 64, _>(SM75_U32x4_LDSM_N, &mma);
    let thr = cp.thread_slice(0);
    let mut regs = cute_static::device::make_fragment_like(&thr.partition_S(s));
    copy_ldsm(&cp, &thr.partition_S(s), &mut regs);
}

fn main() {
    let _ = kernel as fn();
}
