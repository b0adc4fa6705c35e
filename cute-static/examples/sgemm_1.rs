//! CuTe's `sgemm_1.cu` (the first GEMM of CuTe's tutorial) over mixed and
//! static tensors, line for line where it can be: run-time `M`, `N`, `K`
//! (mixed tensors `mA`, `mB`, `mC` with a static unit stride and run-time
//! leading dimensions), a static CTA tiler `(128, 128, 8)`, static
//! shared-memory layouts `sA`, `sB` and thread layouts `tA`, `tB`, `tC`,
//! `local_tile` with `Step` projections, `local_partition`, register
//! accumulators from `make_tensor_like`, the K loop with `copy` and `gemm`,
//! and the `axpby` epilogue. CUDA's threads and blocks are emulated by
//! loops; `__syncthreads()` separates two loops over the threads.
//!
//! As in sgemm_1, the problem must be a multiple of the tile. The type says
//! so: `M`, `N`, `K` are run-time leaves with the CTA tile as their static
//! divisor (`{m:128}`, `{n:128}`, `{k:8}`, `DynDiv<D>`), checked once when
//! the global tensors are built (a `divisibility` error otherwise), so
//! `local_tile` divides exactly — static tiles, rest modes `m/128` typed as
//! multiples of 1, no partial tile and no run-time divisibility question
//! left (the predicated variant for other sizes is the predication
//! tutorial, `tests/partition.rs`).
//!
//! Run with `cargo run -p cute-static --example sgemm_1 --release`; its test
//! (`cargo test -p cute-static --example sgemm_1`) checks it against a naive
//! GEMM.

use cute_static::{
    Error,
    algorithm::{axpby, clear, copy, gemm},
    layout,
    layout::Int,
    step,
    tensor::{
        __, local_partition, local_partition_with_step, local_tile, make_tensor, make_tensor_like,
    },
    tiler,
};

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

    // Define the smem layouts (static)
    let sA_layout = layout!((128, 8)); // (m,k) -> smem_idx; m-major
    let sB_layout = layout!((128, 8)); // (n,k) -> smem_idx; n-major

    // Define the thread layouts (static)
    let tA = layout!((32, 8)); // (m,k) -> thr_idx
    let tB = layout!((32, 8)); // (n,k) -> thr_idx
    let tC = layout!((16, 16)); // (m,n) -> thr_idx

    // Represent the full tensors: M, N, K multiples of the CTA tile (checked here, once)
    let mA = make_tensor(A, layout!(({m:128}, {k:8}):(1, {ldA}))?)?; // (M,K)
    let mB = make_tensor(B, layout!(({n:128}, {k:8}):(1, {ldB}))?)?; // (N,K)
    let mut mC = make_tensor(C, layout!(({m:128}, {n:128}):(1, {ldC}))?)?; // (M,N)

    // dim3 dimGrid(size(ceil_div(M, bM)), size(ceil_div(N, bN))); exact here
    for blockIdx_x in 0..m / 128 {
        for blockIdx_y in 0..n / 128 {
            // Get the appropriate blocks for this thread block
            let cta_coord = (blockIdx_x, blockIdx_y, __); // (m,n,k)
            let gA = local_tile(&mA, cta_tiler, cta_coord, step!(1, X, 1))?; // (BLK_M,BLK_K,k)
            let gB = local_tile(&mB, cta_tiler, cta_coord, step!(X, 1, 1))?; // (BLK_N,BLK_K,k)
            let mut gC = local_tile(&mut mC, cta_tiler, cta_coord, step!(1, 1, X))?; // (BLK_M,BLK_N)

            // Shared memory buffers
            let mut smemA = [0.0f32; 128 * 8];
            let mut smemB = [0.0f32; 128 * 8];
            let mut sA = make_tensor(&mut smemA[..], sA_layout)?; // (BLK_M,BLK_K)
            let mut sB = make_tensor(&mut smemB[..], sB_layout)?; // (BLK_N,BLK_K)

            // Allocate the accumulators -- same shape/layout as the partitioned data
            // (one register fragment per emulated thread)
            let mut tCrC_of = Vec::with_capacity(256);
            for threadIdx_x in 0..256 {
                let tCgC = local_partition_with_step(&gC, tC, threadIdx_x, step!(1, 1))?; // (THR_M,THR_N)
                let mut tCrC = make_tensor_like(&tCgC); // (THR_M,THR_N)
                // Clear the accumulators
                clear(&mut tCrC)?;
                tCrC_of.push(tCrC);
            }

            let K_TILE_MAX = gA.layout().shape().2.value();
            for k_tile in 0..K_TILE_MAX {
                for threadIdx_x in 0..256 {
                    // Partition the copying of A and B tiles across the threads
                    let tAgA = local_partition(&gA, tA, threadIdx_x)?; // (THR_M,THR_K,k)
                    let mut tAsA = local_partition(&mut sA, tA, threadIdx_x)?; // (THR_M,THR_K)
                    let tBgB = local_partition(&gB, tB, threadIdx_x)?; // (THR_N,THR_K,k)
                    let mut tBsB = local_partition(&mut sB, tB, threadIdx_x)?; // (THR_N,THR_K)

                    // Copy gmem to smem with tA|tB thread-partitioned tensors
                    copy(&tAgA.slice((__, __, k_tile))?, &mut tAsA)?; // A (THR_M,THR_K) -> (THR_M,THR_K)
                    copy(&tBgB.slice((__, __, k_tile))?, &mut tBsB)?; // B (THR_N,THR_K) -> (THR_N,THR_K)
                }
                // __syncthreads();
                for (threadIdx_x, tCrC) in tCrC_of.iter_mut().enumerate() {
                    // Partition sA (M,K) by the rows of tC
                    let tCsA = local_partition_with_step(&sA, tC, threadIdx_x, step!(1, X))?; // (THR_M,BLK_K)
                    // Partition sB (N,K) by the cols of tC
                    let tCsB = local_partition_with_step(&sB, tC, threadIdx_x, step!(X, 1))?; // (THR_N,BLK_K)

                    // Compute gemm on tC thread-partitioned smem
                    gemm(&tCsA, &tCsB, tCrC)?; // (THR_M,THR_N) += (THR_M,BLK_K) * (THR_N,BLK_K)
                }
                // __syncthreads();
            }

            // Epilogue
            for (threadIdx_x, tCrC) in tCrC_of.iter().enumerate() {
                // Partition gC (M,N) by the tile of tC
                let mut tCgC = local_partition_with_step(&mut gC, tC, threadIdx_x, step!(1, 1))?; // (THR_M,THR_N)
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
    naive_gemm::report("sgemm_1", gemm_nt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cute_static::C;

    #[test]
    fn sgemm_1_matches_naive_gemm() {
        // Run-time sizes with leading dimensions larger than the extents.
        naive_gemm::assert_matches_naive(gemm_nt, (256, 128, 24));
    }

    #[test]
    fn a_partial_tile_is_an_error_not_a_panic() {
        naive_gemm::assert_partial_tiles_refused(gemm_nt);
    }

    #[test]
    fn local_tile_of_divisor_leaves_is_exact() {
        use cute_static::{Tensor, layout::DynDiv};
        let (m, k) = (384usize, 24usize);
        let a = operand(m * k, 1);
        let m_a = make_tensor(&a[..], layout!(({m:128}, {k:8}):(1, {m})).unwrap()).unwrap();
        let g_a = local_tile(&m_a, tiler!(<128, 128, 8>), (2, 0, __), step!(1, X, 1)).unwrap();
        // The tile modes are static, the K rest a run-time multiple of 1.
        let _: &Tensor<_, cute_static::layout::MixedLayout<(C<128>, C<8>, DynDiv<1>), _>> = &g_a;
        assert_eq!(
            g_a.layout().structure().to_string(),
            "(_128,_8,?{div=1}):(_1,?{div=128},?)"
        );
        assert_eq!(g_a.layout().shape().2.get(), k / 8);
    }
}
