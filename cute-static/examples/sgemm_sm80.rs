//! CuTe's `sgemm_sm80.cu` `gemm_nt` (the tutorial's GEMM built from atoms)
//! over cute-static's atom layer, line for line where it can be: a tiled
//! copy of `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>` atoms (32×8 threads, 4
//! floats each: 128 bits) for A and B, global → shared; a tiled MMA of
//! `UniversalFMA<float,float,float,float>` atoms over 16×16×1 threads;
//! `partition_S/D` of the copies and `partition_A/B/C` of the MMA on mixed
//! global tiles (run-time leading dimensions) and static shared tiles with
//! a pipeline mode; register accumulators shaped like `partition_C`; the
//! `axpby` epilogue. CUDA's threads and blocks are emulated by loops;
//! `__syncthreads()` separates two loops over the threads, and
//! `cp.async`'s copy is done by `copy` (the host has no asynchronous copy
//! engine: a fence and a wait would order nothing here).
//!
//! As in `sgemm_1` (the example beside this one), `M`, `N`, `K` must be
//! multiples of the CTA tile `(128, 128, 8)`: run-time leaves with the tile
//! as their static divisor (`{m:128}`, …), checked once when the global
//! tensors are built.
//!
//! Run with `cargo run -p cute-static --example sgemm_sm80 --release`; its
//! test (`cargo test -p cute-static --example sgemm_sm80`) checks it against
//! a naive GEMM.

use cute_static::{
    Error, Layout,
    algorithm::{axpby, clear, copy, gemm},
    atom::{
        MakeTiledCopy, SM80_CP_ASYNC_CACHEALWAYS, TiledCopyLayouts, TiledMma, TiledMmaLayouts,
        UniversalFMA,
    },
    layout,
    layout::Int,
    step,
    tensor::{__, local_tile, make_tensor, make_tensor_like},
    tiler,
};

/// The tiled copy of A and B: `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,
/// float>{}, Layout<Shape<_32,_8>>{}, Layout<Shape<_4,_1>>{})`, a 128×8
/// tile, M-major (each thread 4 consecutive M values: one 128-bit copy).
type CopyAB = MakeTiledCopy<SM80_CP_ASYNC_CACHEALWAYS<u128>, 32, Layout![(32, 8)], Layout![(4, 1)]>;
/// The tiled MMA: `make_tiled_mma(UniversalFMA<float,float,float>{},
/// Layout<Shape<_16,_16,_1>>{})`, a 16×16×1 tile of single-thread FMAs.
type Mma = TiledMma<UniversalFMA<f32, f32, f32, f32>, Layout![(16, 16, 1)], ()>;

/// Threads per CTA (`size(mmaC)` = `size(copyA)`).
const THREADS: usize = 256;
/// Shared-memory pipeline stages (CuTe's `bP`).
const PIPE: usize = 3;

/// `C = alpha·A·Bᵀ + beta·C` (NT: `A` is `M×K` M-major, `B` is `N×K`
/// N-major, `C` is `M×N` M-major), CuTe's `gemm_nt` with `gemm_device`.
#[allow(non_snake_case, clippy::too_many_arguments)]
pub fn gemm_nt(
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    A: &[f32],
    ldA: usize,
    B: &[f32],
    ldB: usize,
    beta: f32,
    C: &mut [f32],
    ldC: usize,
) -> Result<(), Error> {
    // Define CTA tile sizes (static)
    let cta_tiler = tiler!(<128, 128, 8>); // (BLK_M, BLK_N, BLK_K)

    // Define the smem layouts (static), with a pipeline mode
    let sA_layout = layout!((128, 8, 3)); // (m,k,p) -> smem_idx; m-major
    let sB_layout = layout!((128, 8, 3)); // (n,k,p) -> smem_idx; n-major

    // The tiled copies and the tiled MMA (types: zero-sized values)
    let copyA = CopyAB::new();
    let copyB = CopyAB::new();
    let mmaC = Mma::new();
    assert_eq!((copyA.size(), Mma::SIZE), (THREADS, THREADS));

    // Represent the full tensors: M, N, K multiples of the CTA tile (checked here, once)
    let mA = make_tensor(A, layout!(({m:128}, {k:8}):(1, {ldA}))?)?; // (M,K)
    let mB = make_tensor(B, layout!(({n:128}, {k:8}):(1, {ldB}))?)?; // (N,K)
    let mut mC = make_tensor(C, layout!(({m:128}, {n:128}):(1, {ldC}))?)?; // (M,N)

    for blockIdx_x in 0..m / 128 {
        for blockIdx_y in 0..n / 128 {
            // Get the appropriate blocks for this thread block
            let cta_coord = (blockIdx_x, blockIdx_y, __); // (m,n,k)
            let gA = local_tile(&mA, cta_tiler, cta_coord, step!(1, X, 1))?; // (BLK_M,BLK_K,k)
            let gB = local_tile(&mB, cta_tiler, cta_coord, step!(X, 1, 1))?; // (BLK_N,BLK_K,k)
            let mut gC = local_tile(&mut mC, cta_tiler, cta_coord, step!(1, 1, X))?; // (BLK_M,BLK_N)

            // Shared memory buffers
            let mut smemA = vec![0.0f32; 128 * 8 * PIPE];
            let mut smemB = vec![0.0f32; 128 * 8 * PIPE];
            let mut sA = make_tensor(&mut smemA[..], sA_layout)?; // (BLK_M,BLK_K,PIPE)
            let mut sB = make_tensor(&mut smemB[..], sB_layout)?; // (BLK_N,BLK_K,PIPE)

            // Allocate the accumulators -- same shape/layout as the partitioned data
            // (one register fragment per emulated thread)
            let mut tCrC_of = Vec::with_capacity(THREADS);
            for threadIdx_x in 0..THREADS {
                let thr_mma = mmaC.get_slice(threadIdx_x)?;
                let tCgC = thr_mma.partition_c_mixed(gC.view())?; // (MMA,MMA_M,MMA_N)
                let mut tCrC = make_tensor_like(&tCgC); // (MMA,MMA_M,MMA_N)
                clear(&mut tCrC)?;
                tCrC_of.push(tCrC);
            }

            let K_TILE_MAX = gA.layout().shape().2.value();
            for k_tile in 0..K_TILE_MAX {
                let k_pipe = k_tile % PIPE;
                for threadIdx_x in 0..THREADS {
                    // Partition the copying of A and B tiles across the threads
                    let thr_copy_a = copyA.get_slice(threadIdx_x)?;
                    let tAgA = thr_copy_a.partition_s_mixed(gA.view().slice((__, __, k_tile))?)?; // (CPY,CPY_M,CPY_K)
                    let mut tAsA = thr_copy_a.partition_d(sA.view_mut())?; // (CPY,CPY_M,CPY_K,PIPE)
                    let thr_copy_b = copyB.get_slice(threadIdx_x)?;
                    let tBgB = thr_copy_b.partition_s_mixed(gB.view().slice((__, __, k_tile))?)?; // (CPY,CPY_N,CPY_K)
                    let mut tBsB = thr_copy_b.partition_d(sB.view_mut())?; // (CPY,CPY_N,CPY_K,PIPE)

                    // copy(copyA, tAgA(_,_,_,k_tile), tAsA(_,_,_,k_pipe)): cp.async
                    copy(&tAgA, &mut tAsA.view_mut().slice((__, __, __, k_pipe))?)?;
                    copy(&tBgB, &mut tBsB.view_mut().slice((__, __, __, k_pipe))?)?;
                }
                // cp_async_fence(); cp_async_wait<0>(); __syncthreads();
                for (threadIdx_x, tCrC) in tCrC_of.iter_mut().enumerate() {
                    let thr_mma = mmaC.get_slice(threadIdx_x)?;
                    let tCsA = thr_mma.partition_a(sA.view())?; // (MMA,MMA_M,MMA_K,PIPE)
                    let tCsB = thr_mma.partition_b(sB.view())?; // (MMA,MMA_N,MMA_K,PIPE)

                    // gemm(mmaC, tCsA(_,_,_,k_pipe), tCsB(_,_,_,k_pipe), tCrC): one
                    // UniversalFMA value per thread (MMA = 1), so the atom's
                    // calls are the scalar GEMM of the (MMA_M,MMA_K) and
                    // (MMA_N,MMA_K) views of value 0.
                    gemm(
                        &tCsA.slice((0, __, __, k_pipe))?,
                        &tCsB.slice((0, __, __, k_pipe))?,
                        &mut tCrC.view_mut().slice((0, __, __))?,
                    )?; // (MMA_M,MMA_N) += (MMA_M,MMA_K) * (MMA_N,MMA_K)
                }
                // __syncthreads();
            }

            // Epilogue
            for (threadIdx_x, tCrC) in tCrC_of.iter().enumerate() {
                let thr_mma = mmaC.get_slice(threadIdx_x)?;
                let mut tCgC = thr_mma.partition_c_mixed(gC.view_mut())?; // (MMA,MMA_M,MMA_N)
                axpby(alpha, tCrC, beta, &mut tCgC)?;
            }
        }
    }
    Ok(())
}

#[path = "support/naive_gemm.rs"]
mod naive_gemm;
pub use naive_gemm::{naive_gemm_nt, operand};

fn main() -> Result<(), Error> {
    naive_gemm::report("sgemm_sm80", gemm_nt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgemm_sm80_matches_naive_gemm() {
        // More K tiles than pipeline stages.
        naive_gemm::assert_matches_naive(gemm_nt, (256, 128, 40));
    }

    #[test]
    fn a_partial_tile_is_an_error_not_a_panic() {
        naive_gemm::assert_partial_tiles_refused(gemm_nt);
    }
}
