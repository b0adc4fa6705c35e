//! SM75's `ldmatrix` copy atoms in kernels, CuTe's way: each entry
//! stages `A` (`16×16`) and `B` (`8×16`) as `half_t` in shared memory
//! (K-major for the `_N` atoms, M/N-major for the `_T` ones), loads each
//! thread's MMA fragments by a tiled copy of the atom over the tiled MMA
//! (`make_tiled_copy_A/B(atom, mma)`, `partition_S` of the shared tile,
//! `retile_D` of `partition_fragment_A/B`, `copy(tiled_copy, src, dst)`:
//! one `ldmatrix` per atom instance) and multiplies them with one
//! `SM80_16x8x16_F16F16F16F16_TN` (`gemm(tiled_mma, …)`), storing `C =
//! A·Bᵀ` (f32 in global memory, column-major). `C` is right only if
//! every `ldmatrix` put each value where the MMA atom's layouts want it.
//!
//! On the nvptx target they need `.target sm_80` (feature `sm80`); on the
//! host they always exist and `tests/cute_ldsm.rs` runs them.

/// Defines the kernel `$name`: A through `$atom_a` from the shared layout
/// `$la`, B through `$atom_b` from `$lb`.
macro_rules! ldsm_mma_kernel {
    ($(#[$doc:meta])* $name:ident, $atom_a:ident, $sa:tt : $da:tt, $atom_b:ident, $sb:tt : $db:tt) => {
        cute_static::kernel! {
            $(#[$doc])*
            #[cfg(any(not(target_arch = "nvptx64"), feature = "sm80"))]
            pub fn $name(
                gA: cute_static::arch::GmemTensor<f32, cute_static::Layout![(16, 16)]>,
                gB: cute_static::arch::GmemTensor<f32, cute_static::Layout![(8, 16)]>,
                gC: cute_static::arch::GmemTensor<f32, cute_static::Layout![(16, 8)]>,
            ) {
                use cute_static::arch::{
                    DeviceCopyPartition, DeviceMmaPartition, F16, MmaFragments, SmemArray,
                    ThreadSlice, copy_ldsm, shared_storage, syncthreads, thread_idx,
                };
                use cute_static::atom::{make_tiled_copy_a, make_tiled_copy_b};
                use cute_static::device::gemm_with;
                type SA = cute_static::Layout![$sa : $da];
                type SB = cute_static::Layout![$sb : $db];
                let (smem_a, smem_b) =
                    shared_storage::<(SmemArray<F16, SA>, SmemArray<F16, SB>)>();
                let (sA, sB) = (smem_a.tensor(SA::default()), smem_b.tensor(SB::default()));
                let t = thread_idx().x;
                // Stage A and B as half_t (thread t the coordinates t, t + 32, …).
                let mut i = t;
                while i < 256 {
                    sA.write(i, F16::from_f32(gA.read(i)));
                    i += 32;
                }
                i = t;
                while i < 128 {
                    sB.write(i, F16::from_f32(gB.read(i)));
                    i += 32;
                }
                syncthreads();
                let mma = cute_static::atom::TiledMma::<
                    cute_static::atom::SM80_16x8x16_F16F16F16F16_TN,
                    cute_static::Layout![(1, 1, 1)],
                >::new();
                let thr_mma = mma.thread_slice(t);
                let mut tCrA = thr_mma.partition_fragment_A(&sA); // (MMA,MMA_M,MMA_K)
                let mut tCrB = thr_mma.partition_fragment_B(&sB); // (MMA,MMA_N,MMA_K)
                let mut tCrC = thr_mma.partition_fragment_C(&gC); // (MMA,MMA_M,MMA_N)
                let s2r_copy_a = make_tiled_copy_a::<_, 16, _>(cute_static::atom::$atom_a, &mma);
                let s2r_thr_copy_a = s2r_copy_a.thread_slice(t);
                let tXsA = s2r_thr_copy_a.partition_S(sA); // (CPY,CPY_M,CPY_K)
                let mut tXrA = s2r_thr_copy_a.retile_d(&mut tCrA); // (CPY,MMA_M,MMA_K)
                let s2r_copy_b = make_tiled_copy_b::<_, 16, _>(cute_static::atom::$atom_b, &mma);
                let s2r_thr_copy_b = s2r_copy_b.thread_slice(t);
                let tXsB = s2r_thr_copy_b.partition_S(sB); // (CPY,CPY_N,CPY_K)
                let mut tXrB = s2r_thr_copy_b.retile_d(&mut tCrB); // (CPY,MMA_N,MMA_K)
                copy_ldsm(&s2r_copy_a, &tXsA, &mut tXrA);
                copy_ldsm(&s2r_copy_b, &tXsB, &mut tXrB);
                gemm_with(&mma, &tCrA, &tCrB, &mut tCrC); // one mma.sync
                let tCgC = thr_mma.partition_C(gC);
                i = 0;
                while i < tCgC.size() {
                    if let Some(x) = tCrC.at(i) {
                        tCgC.write(i, x.to_f32());
                    }
                    i += 1;
                }
            }
        }
    };
}

ldsm_mma_kernel!(
    /// `SM75_U32x4_LDSM_N` for A, `SM75_U32x2_LDSM_N` for B, both K-major
    /// (one `ldmatrix.x4` and one `.x2` per thread).
    ldsm_n_mma_f16, SM75_U32x4_LDSM_N, (16, 16):(16, 1), SM75_U32x2_LDSM_N, (8, 16):(16, 1)
);
ldsm_mma_kernel!(
    /// `SM75_U32x2_LDSM_N` for A, `SM75_U32x1_LDSM_N` for B, K-major (two
    /// `.x2` and two `.x1`).
    ldsm_n_small_mma_f16, SM75_U32x2_LDSM_N, (16, 16):(16, 1), SM75_U32x1_LDSM_N, (8, 16):(16, 1)
);
ldsm_mma_kernel!(
    /// `SM75_U16x8_LDSM_T` for A (M-major), `SM75_U16x4_LDSM_T` for B
    /// (N-major): one `.x4.trans` and one `.x2.trans`.
    ldsm_t_mma_f16, SM75_U16x8_LDSM_T, (16, 16):(1, 16), SM75_U16x4_LDSM_T, (8, 16):(1, 8)
);
ldsm_mma_kernel!(
    /// `SM75_U16x4_LDSM_T` for A, `SM75_U16x2_LDSM_T` for B: two
    /// `.x2.trans` and two `.x1.trans`.
    ldsm_t_small_mma_f16, SM75_U16x4_LDSM_T, (16, 16):(1, 16), SM75_U16x2_LDSM_T, (8, 16):(1, 8)
);
