//! CuTe's Hopper tutorial `hopper/wgmma_sm90.cu` (CUTLASS 4.2.0,
//! `examples/cute/tutorial`) line for line: [`gemm_device`] is the
//! tutorial's `gemm_device` — a 3-stage `cp.async` pipeline from global to
//! shared memory into GMMA's canonical 128-byte-swizzled tiles
//! (`tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (bM, bK, bP))` for
//! TN, `GMMA::Layout_MN_SW128_Atom` for NT), and a tiled MMA of one
//! `SM90_64x64x16_F16F16F16_SS` atom (one warpgroup) whose `gemm` issues
//! `wgmma.mma_async` from the descriptor fragments of `make_fragment_A/B`,
//! between `warpgroup_arrive` and `warpgroup_commit_batch` /
//! `warpgroup_wait<0>`, the accumulators fenced by
//! `warpgroup_fence_operand`. [`gemm_tn`] and [`gemm_nt`] are the
//! tutorial's `half_t` `gemm_tn` and `gemm_nt` instances (the PTX entries
//! `wgmma_sm90_tn`, `wgmma_sm90_nt`).
//!
//! On the nvptx target it needs `.target sm_90a` (feature `sm90a`); on the
//! host it always exists and `tests/cute_wgmma_sm90.rs` runs it.

use cute_static::C;
use cute_static::algebra::{TileToShape, tile_to_shape};
use cute_static::arch::{
    DeviceCopyPartition, DeviceMmaPartition, F16, GmemTensor, GmmaFragments, SharedStorage,
    SmemArray, ThreadSlice, block_idx, copy_async, cp_async_fence, cp_async_wait,
    dynamic_shared_storage, syncthreads, thread_idx, warpgroup_arrive, warpgroup_commit_batch,
    warpgroup_fence_operand, warpgroup_wait,
};
use cute_static::atom::{
    GMMA, Half, MajorK, MajorMN, MakeTiledCopy, SM80_CP_ASYNC_CACHEALWAYS,
    SM90_64x64x16_F16F16F16_SS, TiledMma,
};
use cute_static::device::{axpby, clear, gemm_with, local_tile};
use cute_static::tensor::__;
use cute_static::{Layout, Tiler};

pub use super::sgemm_1::{ColMajor, RowMajor, StepA, StepB, StepC};

/// `bM, bN, bK`: the CTA tile `(128, 128, 64)`.
pub type CtaTiler = Tiler![<128, 128, 64>];
/// `(bM, bK, bP)` = `(128, 64, 3)` (and the same for `bN`): the shared
/// tiles' shape (3 stages).
pub type SmemShape = (C<128>, C<64>, C<3>);
/// TN: `tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(bM,
/// bK, bP))`: `Sw<3,3,3> o _0 o ((_8,_16),(_64,_1),(_1,_3)):((_64,_512),(_1,_0),(_0,_8192))`.
pub type SmemLayoutTN = <GMMA::Layout_K_SW128_Atom<Half> as TileToShape<SmemShape, ()>>::Output;
/// NT: `tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(bM,
/// bK, bP))`.
pub type SmemLayoutNT = <GMMA::Layout_MN_SW128_Atom<Half> as TileToShape<SmemShape, ()>>::Output;
/// The kernel's shared storage (CuTe's `SharedStorage<half_t, half_t, …>`):
/// 96 KiB, in dynamic shared memory.
pub type Storage<L> = (SmemArray<F16, L>, SmemArray<F16, L>);
/// The dynamic shared memory an entry needs (`sizeof(SharedStorage)`, the
/// same for TN and NT).
pub const SMEM_BYTES: usize = <Storage<SmemLayoutTN> as SharedStorage>::BYTES;
/// TN: `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,
/// half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})`:
/// 16×8 threads k-major, 1×8 values.
pub type CopyTN =
    MakeTiledCopy<SM80_CP_ASYNC_CACHEALWAYS<u128>, 16, Layout![(16, 8):(8, 1)], Layout![(1, 8)]>;
/// NT: `make_tiled_copy(…, Layout<Shape<_16,_8>>{}, Layout<Shape<_8,_1>>{})`:
/// 16×8 threads m-major, 8×1 values.
pub type CopyNT =
    MakeTiledCopy<SM80_CP_ASYNC_CACHEALWAYS<u128>, 16, Layout![(16, 8)], Layout![(8, 1)]>;
/// TN: `make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,
/// GMMA::Major::K>{})`: one atom, one warpgroup (128 threads).
pub type MmaTN = TiledMma<SM90_64x64x16_F16F16F16_SS<MajorK, MajorK>, Layout![(1, 1, 1)]>;
/// NT: `make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,
/// GMMA::Major::MN>{})`.
pub type MmaNT = TiledMma<SM90_64x64x16_F16F16F16_SS<MajorMN, MajorMN>, Layout![(1, 1, 1)]>;

/// CuTe's `gemm_device` of `wgmma_sm90.cu`: `C = α·A·Bᵀ + β·C` for the
/// CTA `(blockIdx.x, blockIdx.y)`, A `(M,K)`, B `(N,K)`, C `(M,N)`; 128
/// threads (`size(mma)`).
macro_rules! gemm_device {
    ($(#[$doc:meta])* $name:ident, $la:ty, $lb:ty, $sl:ty, $copy:ty, $mma:ty) => {
        $(#[$doc])*
        #[inline(always)]
        #[allow(non_snake_case, clippy::too_many_arguments)]
        pub fn $name(
            cta_tiler: CtaTiler,
            mA: GmemTensor<F16, $la>,
            sA_layout: $sl,
            copy_a: $copy,
            mB: GmemTensor<F16, $lb>,
            sB_layout: $sl,
            copy_b: $copy,
            mC: GmemTensor<F16, ColMajor>,
            mma: $mma,
            alpha: F16,
            beta: F16,
        ) {
            // Full and Tiled Tensors: the parameters mA (M,K), mB (N,K), mC (M,N).

            // Get the appropriate blocks for this thread block
            let cta_coord = (block_idx().x, block_idx().y, __); // (m,n,k)
            let gA = local_tile(mA, cta_tiler, cta_coord, StepA::default()); // (BLK_M,BLK_K,k)
            let gB = local_tile(mB, cta_tiler, cta_coord, StepB::default()); // (BLK_N,BLK_K,k)
            let gC = local_tile(mC, cta_tiler, cta_coord, StepC::default()); // (BLK_M,BLK_N)

            // Shared memory tensors
            let (smemA, smemB) = dynamic_shared_storage::<Storage<$sl>>();
            let sA = smemA.tensor(sA_layout); // (BLK_M,BLK_K,PIPE)
            let sB = smemB.tensor(sB_layout); // (BLK_N,BLK_K,PIPE)

            //
            // Partition the copying of A and B tiles across the threads
            //

            let thr_copy_a = copy_a.thread_slice(thread_idx().x);
            let tAgA = thr_copy_a.partition_S(gA); // (CPY,CPY_M,CPY_K,k)
            // as_position_independent_swizzle_tensor(sA): a shared tensor's
            // swizzle is already on the offsets from its start.
            let tAsA = thr_copy_a.partition_D(sA); // (CPY,CPY_M,CPY_K,PIPE)

            let thr_copy_b = copy_b.thread_slice(thread_idx().x);
            let tBgB = thr_copy_b.partition_S(gB); // (CPY,CPY_N,CPY_K,k)
            let tBsB = thr_copy_b.partition_D(sB); // (CPY,CPY_N,CPY_K,PIPE)

            //
            // Define A/B partitioning and C accumulators
            //

            let thr_mma = mma.thread_slice(thread_idx().x);
            let tCsA = thr_mma.partition_A(sA); // (MMA,MMA_M,MMA_K,PIPE)
            let tCsB = thr_mma.partition_B(sB); // (MMA,MMA_N,MMA_K,PIPE)
            let mut tCgC = thr_mma.partition_C(gC); // (MMA,MMA_M,MMA_N)

            // Allocate registers for pipelining
            let tCrA = thr_mma.make_fragment_A(&tCsA); // (MMA,MMA_M,MMA_K,PIPE)
            let tCrB = thr_mma.make_fragment_B(&tCsB); // (MMA,MMA_N,MMA_K,PIPE)
            // Allocate the accumulators -- same size as the projected data
            let mut tCrC = thr_mma.make_fragment_C(&tCgC); // (MMA,MMA_M,MMA_N)

            // Clear the accumulators
            clear(&mut tCrC);

            // Total number of k-tiles
            let tile_a = tAsA.slice((__, __, __, 0)).size(); // size of (CPY,CPY_M,CPY_K)
            let K_TILE_MAX = tAgA.size() / tile_a; // size<3>(tAgA)
            // Number of pipelined k-tiles in smem
            let K_PIPE_MAX = tAsA.size() / tile_a; // size<3>(tAsA)

            //
            // PREFETCH
            //

            // Prefetch all but the last
            let mut k = 0;
            while k < K_PIPE_MAX - 1 {
                copy_async(&copy_a, &tAgA.slice((__, __, __, k)), &mut tAsA.slice((__, __, __, k)));
                copy_async(&copy_b, &tBgB.slice((__, __, __, k)), &mut tBsB.slice((__, __, __, k)));
                cp_async_fence();
                k += 1;
            }

            // Clear the accumulators
            clear(&mut tCrC);

            syncthreads();

            //
            // PIPELINED MAIN LOOP
            //

            // Current pipe to read from
            let mut k_pipe_read = 0;
            // Current pipe to write to
            let mut k_pipe_write = K_PIPE_MAX - 1;

            let mut k_tile = 0;
            while k_tile < K_TILE_MAX {
                let mut k_tile_next = k_tile + (K_PIPE_MAX - 1);
                k_tile_next = if k_tile_next >= K_TILE_MAX { K_TILE_MAX - 1 } else { k_tile_next };

                //
                // Copy gmem to smem for k_tile_write
                //

                copy_async(
                    &copy_a,
                    &tAgA.slice((__, __, __, k_tile_next)),
                    &mut tAsA.slice((__, __, __, k_pipe_write)),
                );
                copy_async(
                    &copy_b,
                    &tBgB.slice((__, __, __, k_tile_next)),
                    &mut tBsB.slice((__, __, __, k_pipe_write)),
                );
                cp_async_fence();

                // Advance k_pipe_write
                k_pipe_write += 1;
                k_pipe_write = if k_pipe_write == K_PIPE_MAX { 0 } else { k_pipe_write };

                //
                // Compute on k_tile
                //

                // Wait on all cp.async -- optimize by pipelining to overlap GMEM reads
                cp_async_wait::<0>();

                // tCrA(_,_,_,k_pipe_read), tCrB(_,_,_,k_pipe_read), taken
                // before the fence: the slice's index check is a branch, and
                // a branch between warpgroup_arrive and the wgmma makes
                // ptxas serialize the wgmmas.
                let tCrA_k = tCrA.view_slice((__, __, __, k_pipe_read));
                let tCrB_k = tCrB.view_slice((__, __, __, k_pipe_read));
                warpgroup_fence_operand(&mut tCrC);
                warpgroup_arrive();
                // (V,M,K) x (V,N,K) => (V,M,N)
                gemm_with(&mma, &tCrA_k, &tCrB_k, &mut tCrC);
                warpgroup_commit_batch();
                // Wait on the GMMA barrier for K_PIPE_MMAS (or fewer) outstanding to ensure smem_pipe_write is consumed
                warpgroup_wait::<0>();
                warpgroup_fence_operand(&mut tCrC);

                // Advance k_pipe_read
                k_pipe_read += 1;
                k_pipe_read = if k_pipe_read == K_PIPE_MAX { 0 } else { k_pipe_read };
                k_tile += 1;
            }

            //
            // Epilogue
            //

            axpby(alpha, &tCrC, beta, &mut tCgC);
        }
    };
}

gemm_device!(
    /// `gemm_device` for TN: A and B K-major (row-major `(M,K)`, `(N,K)`).
    gemm_device_tn, RowMajor, RowMajor, SmemLayoutTN, CopyTN, MmaTN
);
gemm_device!(
    /// `gemm_device` for NT: A and B M/N-major (column-major).
    gemm_device_nt, ColMajor, ColMajor, SmemLayoutNT, CopyNT, MmaNT
);

/// The TN instance (`gemm_tn` of the tutorial for `half_t`): A `(M,K)`
/// and B `(N,K)` row-major (`(ldA, _1)`), C column-major. Grid `(M/128,
/// N/128)`, 128 threads, [`SMEM_BYTES`] of dynamic shared memory; M, N
/// multiples of 128, K a multiple of 64 of at least 128 (the tutorial
/// prefetches two k-tiles; a trap otherwise), `ldA`, `ldB` and the
/// addresses multiples of 8 halves (the 128-bit `cp.async`).
#[inline(always)]
#[allow(non_snake_case)]
pub fn gemm_tn(
    mA: GmemTensor<F16, RowMajor>,
    mB: GmemTensor<F16, RowMajor>,
    mC: GmemTensor<F16, ColMajor>,
    alpha: F16,
    beta: F16,
) {
    // Define the smem layouts (static)
    let sA = tile_to_shape(
        GMMA::Layout_K_SW128_Atom::<Half>::default(),
        SmemShape::default(),
        (),
    );
    let sB = tile_to_shape(
        GMMA::Layout_K_SW128_Atom::<Half>::default(),
        SmemShape::default(),
        (),
    );
    gemm_device_tn(
        CtaTiler::default(),
        mA,
        sA,
        CopyTN::default(),
        mB,
        sB,
        CopyTN::default(),
        mC,
        MmaTN::new(),
        alpha,
        beta,
    )
}

/// The NT instance (`gemm_nt` for `half_t`): A `(M,K)`, B `(N,K)`, C
/// `(M,N)`, all column-major; as [`gemm_tn`] otherwise (`ldA`, `ldB`
/// multiples of 8 halves).
#[inline(always)]
#[allow(non_snake_case)]
pub fn gemm_nt(
    mA: GmemTensor<F16, ColMajor>,
    mB: GmemTensor<F16, ColMajor>,
    mC: GmemTensor<F16, ColMajor>,
    alpha: F16,
    beta: F16,
) {
    // Define the smem layouts (static)
    let sA = tile_to_shape(
        GMMA::Layout_MN_SW128_Atom::<Half>::default(),
        SmemShape::default(),
        (),
    );
    let sB = tile_to_shape(
        GMMA::Layout_MN_SW128_Atom::<Half>::default(),
        SmemShape::default(),
        (),
    );
    gemm_device_nt(
        CtaTiler::default(),
        mA,
        sA,
        CopyNT::default(),
        mB,
        sB,
        CopyNT::default(),
        mC,
        MmaNT::new(),
        alpha,
        beta,
    )
}
