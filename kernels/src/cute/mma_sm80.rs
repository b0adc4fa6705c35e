//! The SM80 MMA atoms in kernels: each entry multiplies one tile `C =
//! A·Bᵀ + C` with a tiled MMA, CuTe's way — `partition_A/B/C` of the
//! global tiles, `partition_fragment_A/B/C` register fragments of the
//! atom's register types, `gemm(tiled_mma, tCrA, tCrB, tCrC)` — for
//! `SM80_16x8x16_F16F16F16F16_TN`: one atom (one warp, one `mma.sync`)
//! and a `(2,2,1)` tiled MMA over a `64×32×32` tile (four warps, eight
//! `mma.sync` per thread: `MMA_M = MMA_N = MMA_K = 2`), and the
//! F32-accumulating `SM80_16x8x16_F32F16F16F32_TN` over the same tile;
//! one atom of each `16x8x8` one.
//! The operands are `f32` in global memory (column-major), rounded to
//! `half_t` in registers (`F16::from_f32`), C converted back: an
//! instruction check, not a GEMM.
//!
//! On the nvptx target they need `.target sm_80` (feature `sm80`); on the
//! host they always exist and `tests/cute_mma_sm80.rs` runs them.

/// Defines the kernel `$name`: the tile `($m, $n, $k)` by the tiled MMA of
/// `$atom` with atom layout `$atoms`.
macro_rules! mma_tile_kernel {
    ($(#[$doc:meta])* $name:ident, $atom:ident, $atoms:tt, ($m:literal, $n:literal, $k:literal)) => {
        cute_static::kernel! {
            $(#[$doc])*
            #[cfg(any(not(target_arch = "nvptx64"), feature = "sm80"))]
            pub fn $name(
                gA: cute_static::arch::GmemTensor<f32, cute_static::Layout![($m, $k)]>,
                gB: cute_static::arch::GmemTensor<f32, cute_static::Layout![($n, $k)]>,
                gC: cute_static::arch::GmemTensor<f32, cute_static::Layout![($m, $n)]>,
            ) {
                use cute_static::arch::{
                    DeviceMmaPartition, MmaFragments, MmaValue, ThreadSlice, thread_idx,
                };
                use cute_static::device::gemm_with;
                let mma = cute_static::atom::TiledMma::<
                    cute_static::atom::$atom,
                    cute_static::Layout![$atoms],
                >::new();
                let thr_mma = mma.thread_slice(thread_idx().x);
                let tCgA = thr_mma.partition_A(gA); // (MMA,MMA_M,MMA_K)
                let tCgB = thr_mma.partition_B(gB); // (MMA,MMA_N,MMA_K)
                let tCgC = thr_mma.partition_C(gC); // (MMA,MMA_M,MMA_N)
                let mut tCrA = thr_mma.partition_fragment_A(&gA);
                let mut tCrB = thr_mma.partition_fragment_B(&gB);
                let mut tCrC = thr_mma.partition_fragment_C(&gC);
                let mut i = 0;
                while i < tCrA.size() {
                    let _ = tCrA.set(i, MmaValue::from_f32(tCgA.read(i)));
                    i += 1;
                }
                i = 0;
                while i < tCrB.size() {
                    let _ = tCrB.set(i, MmaValue::from_f32(tCgB.read(i)));
                    i += 1;
                }
                i = 0;
                while i < tCrC.size() {
                    let _ = tCrC.set(i, MmaValue::from_f32(tCgC.read(i)));
                    i += 1;
                }
                gemm_with(&mma, &tCrA, &tCrB, &mut tCrC); // one mma.sync per atom
                i = 0;
                while i < tCrC.size() {
                    if let Some(x) = tCrC.at(i) {
                        tCgC.write(i, MmaValue::to_f32(*x));
                    }
                    i += 1;
                }
            }
        }
    };
}

mma_tile_kernel!(
    /// One `SM80_16x8x16_F16F16F16F16_TN` (`mma.sync…m16n8k16…f16`): A
    /// `16×16`, B `8×16`, C `16×8`; one warp.
    mma_sm80_atom_f16, SM80_16x8x16_F16F16F16F16_TN, (1, 1, 1), (16, 8, 16)
);
mma_tile_kernel!(
    /// A `(2,2,1)` tiled MMA of `SM80_16x8x16_F16F16F16F16_TN` over a
    /// `64×32×32` tile; 128 threads, 8 `mma.sync` each.
    mma_sm80_tiled_f16, SM80_16x8x16_F16F16F16F16_TN, (2, 2, 1), (64, 32, 32)
);
mma_tile_kernel!(
    /// The same with `SM80_16x8x16_F32F16F16F32_TN` (F32 accumulators).
    mma_sm80_tiled_f32, SM80_16x8x16_F32F16F16F32_TN, (2, 2, 1), (64, 32, 32)
);
mma_tile_kernel!(
    /// One `SM80_16x8x8_F16F16F16F16_TN` (`mma.sync…m16n8k8…f16`): A
    /// `16×8`, B `8×8`, C `16×8`; one warp.
    mma_sm80_atom_16x8x8_f16, SM80_16x8x8_F16F16F16F16_TN, (1, 1, 1), (16, 8, 8)
);
mma_tile_kernel!(
    /// One `SM80_16x8x8_F32F16F16F32_TN` (`mma.sync…m16n8k8…f32`); one warp.
    mma_sm80_atom_16x8x8_f32, SM80_16x8x8_F32F16F16F32_TN, (1, 1, 1), (16, 8, 8)
);
