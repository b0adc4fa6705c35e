//! CuTe's `sgemm_sm80.cu` (CUTLASS 4.2.0, `examples/cute/tutorial`) line
//! for line: [`gemm_device`] is the tutorial's `gemm_device` — a 3-stage
//! `cp.async` pipeline from global to shared memory (`Sw<3,3,3>`-swizzled
//! tiles, `tile_to_shape` of the swizzle atom to `(bM, bK, bP)`), `ldmatrix`
//! from shared memory to registers through `make_tiled_copy_A/B` of the
//! LDSM atoms and `retile_D`, and `mma.sync` of the tiled MMA of
//! `SM80_16x8x16_F16F16F16F16_TN` atoms, the next k-block's registers
//! loaded while the current one computes. [`gemm_tn`] is the tutorial's
//! half-precision `gemm_tn` instance (the PTX entry `sgemm_sm80_tn`).
//!
//! On the nvptx target it needs `.target sm_80` (feature `sm80`); on the
//! host it always exists and `tests/cute_sgemm_sm80.rs` runs it.

use cute_static::C;
use cute_static::algebra::{TileToShape, tile_to_shape};
use cute_static::arch::{
    DeviceCopyPartition, DeviceMmaPartition, F16, GmemTensor, MmaFragments, SharedStorage,
    SmemArray, ThreadSlice, block_idx, copy_async, copy_ldsm, cp_async_fence, cp_async_wait,
    dynamic_shared_storage, syncthreads, thread_idx,
};
use cute_static::atom::{
    MakeTiledCopy, SM75_U32x4_LDSM_N, SM80_16x8x16_F16F16F16F16_TN, SM80_CP_ASYNC_CACHEALWAYS,
    TiledMma, make_tiled_copy_a, make_tiled_copy_b,
};
use cute_static::device::{axpby, clear, local_tile};
use cute_static::tensor::__;
use cute_static::{Layout, Tiler};

pub use super::sgemm_1::{ColMajor, RowMajor, StepA, StepB, StepC};

/// `bM, bN, bK`: the CTA tile `(128, 128, 64)`.
pub type CtaTiler = Tiler![<128, 128, 64>];
/// `composition(Swizzle<3,3,3>{}, Layout<Shape<_8,Shape<_8,_8>>,
/// Stride<_8,Stride<_1,_64>>>{})`: the swizzle for LDSM and 128-bit
/// k-major loads.
pub type SwizzleAtom = Layout![Sw<3,3,3> o 0 o (8, (8, 8)):(8, (1, 64))];
/// `(bM, bK, bP)` = `(128, 64, 3)`: the shared tiles' shape (3 stages).
pub type SmemShape = (C<128>, C<64>, C<3>);
/// `tile_to_shape(swizzle_atom, make_shape(bM, bK, bP))` (and the same for
/// `bN`): `Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1),(_1,_3)):((_8,_512),((_1,_64),_0),(_0,_8192))`.
pub type SmemLayout = <SwizzleAtom as TileToShape<SmemShape, ()>>::Output;
/// The kernel's shared storage (CuTe's `SharedStorage<half_t, half_t, …>`):
/// 96 KiB, in dynamic shared memory.
pub type Storage = (SmemArray<F16, SmemLayout>, SmemArray<F16, SmemLayout>);
/// The dynamic shared memory an entry needs (`sizeof(SharedStorage)`).
pub const SMEM_BYTES: usize = <Storage as SharedStorage>::BYTES;
/// `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,
/// half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})`:
/// 16×8 threads k-major, 1×8 values k-major.
pub type CopyAB =
    MakeTiledCopy<SM80_CP_ASYNC_CACHEALWAYS<u128>, 16, Layout![(16, 8):(8, 1)], Layout![(1, 8)]>;
/// `make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{},
/// Tile<_32,_32,_16>{})`: 2×2×1 atoms (CuTe pads the layout to rank 3),
/// a 32×32×16 tile for LDSM.
pub type MmaC = TiledMma<SM80_16x8x16_F16F16F16F16_TN, Layout![(2, 2, 1)], Tiler![<32, 32, 16>]>;

/// CuTe's `gemm_device` of `sgemm_sm80.cu`: `C = α·A·Bᵀ + β·C` for the
/// CTA `(blockIdx.x, blockIdx.y)`, A `(M,K)`, B `(N,K)`, C `(M,N)`; 128
/// threads (`size(mma)`).
#[inline(always)]
#[allow(non_snake_case, clippy::too_many_arguments)]
pub fn gemm_device(
    cta_tiler: CtaTiler,
    mA: GmemTensor<F16, RowMajor>,
    sA_layout: SmemLayout,
    copy_a: CopyAB,
    s2r_atom_a: SM75_U32x4_LDSM_N,
    mB: GmemTensor<F16, RowMajor>,
    sB_layout: SmemLayout,
    copy_b: CopyAB,
    s2r_atom_b: SM75_U32x4_LDSM_N,
    mC: GmemTensor<F16, ColMajor>,
    mma: MmaC,
    alpha: F16,
    beta: F16,
) {
    // Full and Tiled Tensors: the parameters mA (M,K), mB (N,K), mC (M,N).

    // Get the appropriate blocks for this thread block
    let cta_coord = (block_idx().x, block_idx().y, __); // (m,n,k)
    let gA = local_tile(mA, cta_tiler, cta_coord, StepA::default()); // (BLK_M,BLK_K,k)
    let gB = local_tile(mB, cta_tiler, cta_coord, StepB::default()); // (BLK_N,BLK_K,k)
    let gC = local_tile(mC, cta_tiler, cta_coord, StepC::default()); // (BLK_M,BLK_N)

    // Shared memory buffers
    let (smemA, smemB) = dynamic_shared_storage::<Storage>();
    let sA = smemA.tensor(sA_layout); // (BLK_M,BLK_K,PIPE)
    let sB = smemB.tensor(sB_layout); // (BLK_N,BLK_K,PIPE)

    //
    // Partition the copying of A and B tiles across the threads
    //

    let thr_copy_a = copy_a.thread_slice(thread_idx().x);
    let tAgA = thr_copy_a.partition_S(gA); // (CPY,CPY_M,CPY_K,k)
    let tAsA = thr_copy_a.partition_D(sA); // (CPY,CPY_M,CPY_K,PIPE)

    let thr_copy_b = copy_b.thread_slice(thread_idx().x);
    let tBgB = thr_copy_b.partition_S(gB); // (CPY,CPY_N,CPY_K,k)
    let tBsB = thr_copy_b.partition_D(sB); // (CPY,CPY_N,CPY_K,PIPE)

    //
    // PREFETCH
    //

    let tile_a = tAsA.slice((__, __, __, 0)).size(); // size of (CPY,CPY_M,CPY_K)
    let K_PIPE_MAX = (tAsA.size() / tile_a) as isize; // size<3>(tAsA)

    // Total count of tiles
    let mut k_tile_count = (tAgA.size() / tile_a) as isize; // size<3>(tAgA)
    // Current tile index in gmem to read from
    let mut k_tile_next = 0;

    // Start async loads for all pipes but the last
    let mut k_pipe = 0;
    while k_pipe < K_PIPE_MAX - 1 {
        let p = k_pipe as usize;
        copy_async(
            &copy_a,
            &tAgA.slice((__, __, __, k_tile_next)),
            &mut tAsA.slice((__, __, __, p)),
        );
        copy_async(
            &copy_b,
            &tBgB.slice((__, __, __, k_tile_next)),
            &mut tBsB.slice((__, __, __, p)),
        );
        cp_async_fence();
        k_tile_count -= 1;
        if k_tile_count > 0 {
            k_tile_next += 1;
        }
        k_pipe += 1;
    }

    //
    // Define A/B partitioning and C accumulators
    //

    let thr_mma = mma.thread_slice(thread_idx().x);
    let mut tCgC = thr_mma.partition_C(gC); // (MMA,MMA_M,MMA_N)

    // Allocate registers for pipelining
    let mut rA = thr_mma.partition_fragment_A(&sA.slice((__, __, 0)));
    let mut rB = thr_mma.partition_fragment_B(&sB.slice((__, __, 0)));
    // The tensors over them: views, so that the fragments' registers and
    // the views' base offsets are apart (the registers then stay registers
    // across the main loop, their indices constant once it is unrolled).
    let mut tCrA = rA.view_mut(); // (MMA,MMA_M,MMA_K)
    let mut tCrB = rB.view_mut(); // (MMA,MMA_N,MMA_K)
    // Allocate the accumulators -- same size as the projected data
    let mut tCrC = thr_mma.make_fragment_C(&tCgC); // (MMA,MMA_M,MMA_N)

    // Clear the accumulators
    clear(&mut tCrC);

    //
    // Copy Atom retiling
    //

    let s2r_copy_a = make_tiled_copy_a::<_, 16, _>(s2r_atom_a, &mma);
    let s2r_thr_copy_a = s2r_copy_a.thread_slice(thread_idx().x);
    let tXsA = s2r_thr_copy_a.partition_S(sA); // (CPY,MMA_M,MMA_K,PIPE)
    // tXrA = s2r_thr_copy_a.retile_D(tCrA): (CPY,MMA_M,MMA_K), a view of
    // tCrA's registers, taken where it is written (Rust does not let it
    // alias tCrA, which the gemm reads, for the whole loop).

    let s2r_copy_b = make_tiled_copy_b::<_, 16, _>(s2r_atom_b, &mma);
    let s2r_thr_copy_b = s2r_copy_b.thread_slice(thread_idx().x);
    let tXsB = s2r_thr_copy_b.partition_S(sB); // (CPY,MMA_N,MMA_K,PIPE)

    // Current pipe index in smem to read from
    let mut smem_pipe_read = 0;
    // Current pipe index in smem to write to
    let mut smem_pipe_write = (K_PIPE_MAX - 1) as usize;

    // Pipe slice
    let mut tXsA_p = tXsA.slice((__, __, __, smem_pipe_read));
    let mut tXsB_p = tXsB.slice((__, __, __, smem_pipe_read));

    // Size of the register pipeline
    let K_BLOCK_MAX = tCrA.size() / tCrA.view_slice((__, __, 0)).size(); // size<2>(tCrA)

    // PREFETCH register pipeline
    if K_BLOCK_MAX > 1 {
        // Wait until our first prefetched tile is loaded in
        cp_async_wait::<1>(); // K_PIPE_MAX-2
        syncthreads();

        // Prefetch the first rmem from the first k-tile
        copy_ldsm(
            &s2r_copy_a,
            &tXsA_p.slice((__, __, 0)),
            &mut s2r_thr_copy_a
                .retile_d(&mut tCrA)
                .view_slice_mut((__, __, 0)),
        );
        copy_ldsm(
            &s2r_copy_b,
            &tXsB_p.slice((__, __, 0)),
            &mut s2r_thr_copy_b
                .retile_d(&mut tCrB)
                .view_slice_mut((__, __, 0)),
        );
    }

    //
    // PIPELINED MAIN LOOP
    //

    while k_tile_count > -(K_PIPE_MAX - 1) {
        let mut k_block = 0;
        while k_block < K_BLOCK_MAX {
            if k_block == K_BLOCK_MAX - 1 {
                // Slice the smem_pipe_read smem
                tXsA_p = tXsA.slice((__, __, __, smem_pipe_read));
                tXsB_p = tXsB.slice((__, __, __, smem_pipe_read));

                // Commit the smem for smem_pipe_read
                cp_async_wait::<1>(); // K_PIPE_MAX-2
                syncthreads();
            }

            // Load A, B shmem->regs for k_block+1
            let k_block_next = (k_block + 1) % K_BLOCK_MAX; // static
            copy_ldsm(
                &s2r_copy_a,
                &tXsA_p.slice((__, __, k_block_next)),
                &mut s2r_thr_copy_a
                    .retile_d(&mut tCrA)
                    .view_slice_mut((__, __, k_block_next)),
            );
            copy_ldsm(
                &s2r_copy_b,
                &tXsB_p.slice((__, __, k_block_next)),
                &mut s2r_thr_copy_b
                    .retile_d(&mut tCrB)
                    .view_slice_mut((__, __, k_block_next)),
            );
            // Copy gmem to smem before computing gemm on each k-pipe
            if k_block == 0 {
                copy_async(
                    &copy_a,
                    &tAgA.slice((__, __, __, k_tile_next)),
                    &mut tAsA.slice((__, __, __, smem_pipe_write)),
                );
                copy_async(
                    &copy_b,
                    &tBgB.slice((__, __, __, k_tile_next)),
                    &mut tBsB.slice((__, __, __, smem_pipe_write)),
                );
                cp_async_fence();

                // Advance the gmem tile
                k_tile_count -= 1;
                if k_tile_count > 0 {
                    k_tile_next += 1;
                }

                // Advance the smem pipe
                smem_pipe_write = smem_pipe_read;
                smem_pipe_read = if smem_pipe_read == (K_PIPE_MAX - 1) as usize {
                    0
                } else {
                    smem_pipe_read + 1
                };
            }
            // Thread-level register gemm for k_block
            cute_static::device::gemm_with(
                &mma,
                &tCrA.k_block(k_block),
                &tCrB.k_block(k_block),
                &mut tCrC,
            );
            k_block += 1;
        }
    }

    //
    // Epilogue
    //

    axpby(alpha, &tCrC, beta, &mut tCgC);
}

/// The TN instance (`gemm_tn` of the tutorial for `half_t`): A, B
/// row-major (`(ldA, _1)`), C column-major; the swizzled 3-stage shared
/// tiles, the [`CopyAB`] copies, LDSM `SM75_U32x4_LDSM_N` for A and B,
/// the [`MmaC`] MMA. Grid `(M/128, N/128)`, 128 threads, [`SMEM_BYTES`]
/// of dynamic shared memory; M, N multiples of 128, K of 64 (the
/// tutorial's assumption; a trap otherwise), `ldA`, `ldB` and the
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
    // Swizzles for LDSM and 128b k-major loads
    let swizzle_atom = SwizzleAtom::default();
    let sA = tile_to_shape(swizzle_atom, SmemShape::default(), ());
    let sB = tile_to_shape(swizzle_atom, SmemShape::default(), ());
    gemm_device(
        CtaTiler::default(),
        mA,
        sA,
        CopyAB::default(),
        SM75_U32x4_LDSM_N,
        mB,
        sB,
        CopyAB::default(),
        SM75_U32x4_LDSM_N,
        mC,
        MmaC::new(),
        alpha,
        beta,
    )
}
