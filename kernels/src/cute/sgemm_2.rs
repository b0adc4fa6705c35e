//! CuTe's `sgemm_2.cu` (CUTLASS 4.2.0, `examples/cute/tutorial`) line for
//! line: [`gemm_device`] is the tutorial's `gemm_device`, generic over its
//! tiler, tensors, shared-memory layouts, tiled copies and tiled MMA;
//! [`gemm_nt`] and [`gemm_tn`] are its two instantiations (the tutorial's
//! host functions of those names), the PTX entry points `sgemm_2_nt` and
//! `sgemm_2_tn`.
//!
//! Unlike `sgemm_1`, the tiles are partitioned by a `TiledCopy` (global →
//! registers → shared, the next k-tile's loads issued before the current
//! one's math) and a `TiledMMA` of `UniversalFMA` atoms over `16×16×1`
//! threads. As in [`sgemm_1`](super::sgemm_1), `mA`, `mB`, `mC` are kernel
//! parameters made and checked on the host.

use cute_static::algorithm::{AxpbyCompatible, CopyCompatible, MmaGemmCompatible, Rank3};
use cute_static::arch::{
    CopyPartitionable, DeviceCopyPartition, DeviceMmaPartition, GmemTensor, MmaCall,
    MmaPartitionable, SmemArray, ThreadSlice, block_idx, shared_storage, syncthreads, thread_idx,
};
use cute_static::atom::{
    CopyDst, CopySrc, MakeTiledCopy, OperandA, OperandB, OperandC, ThrCopy, ThrMma, TiledMma,
    TiledMmaLayouts, UniversalCopy, UniversalFMA,
};
use cute_static::device::{
    DeviceTile, TileOf, TiledCopyOp, axpby, clear, copy, copy_with, gemm_with, local_tile,
    make_fragment_like,
};
use cute_static::layout::{SliceLayout, StaticLayout, TensorLayout};
use cute_static::tensor::{__, MakeFragment, Underscore};
use cute_static::{Layout, Tiler};

pub use super::sgemm_1::{ColMajor, CtaCoord, RowMajor, StepA, StepB, StepC};

/// `gA`'s layout: `(BLK_M, BLK_K, k)`.
type GA<LA, Cta> = TileOf<LA, Cta, CtaCoord, StepA>;
/// `gB`'s layout: `(BLK_N, BLK_K, k)`.
type GB<LB, Cta> = TileOf<LB, Cta, CtaCoord, StepB>;
/// `gC`'s layout: `(BLK_M, BLK_N)`.
type GC<LC, Cta> = TileOf<LC, Cta, CtaCoord, StepC>;
/// The layout of a tiled copy's partition (side `Sd`) of a layout `L`.
type Cpy<L, Tc, Sd> = <L as CopyPartitionable<Tc, Sd>>::Output;
/// The layout of a tiled MMA's partition (operand `Op`) of a layout `L`.
type Mma<L, M, Op> = <L as MmaPartitionable<M, Op>>::Output;
/// The compact layout of a register fragment like a tensor of layout `L`.
type Frg<L> = <L as MakeFragment>::Compact;
/// `tAgA(_,_,_,k)`'s layout.
type KTile<L> = <L as SliceLayout<(Underscore, Underscore, Underscore, usize)>>::Output;

/// CuTe's `gemm_device` of `sgemm_2.cu`: `C = α·A·Bᵀ + β·C` for the CTA
/// `(blockIdx.x, blockIdx.y)`, A `(M,K)`, B `(N,K)`, C `(M,N)`.
///
/// Bounds (34): on the parameters (11), `Copy` for the tiler, the thread
/// slice and the atom of each tiled copy and of the tiled MMA (whose values
/// are `f32`), static layouts for the shared ones; one per operation on
/// the layout it takes (23) — the three `local_tile`s, the four
/// `partition_S/D`, the three `partition_A/B/C`, the two
/// `make_fragment_like`, `make_fragment_C`, the two slices `tAgA(_,_,_,k)`,
/// `tBgB(_,_,_,k)`, the two `copy(tiled_copy, …)` (the loop's second pair
/// has the same types), the two register → shared `copy`s, `axpby` — and
/// three for `gemm(mma, …)` (the `MMA_M`/`MMA_N`/`MMA_K` rule, B's and C's
/// rank 3). The tutorial's `CUTE_STATIC_ASSERT_V`s on the partitions'
/// modes (`CPY_M`, `CPY_K`, `MMA_M`, `MMA_N`, `MMA_K`) are these bounds'
/// compile-time size rules; its asserts on the thread counts
/// (`size(copy_a) == size(mma)`) and on the shared layouts' extents
/// against the tiler are not checked.
#[inline(always)]
#[allow(non_snake_case, clippy::too_many_arguments)]
pub fn gemm_device<Cta, LA, SA, CA, LB, SB, CB, LC, SC, M>(
    cta_tiler: Cta,
    mA: GmemTensor<f32, LA>,
    sA_layout: SA,
    copy_a: CA,
    mB: GmemTensor<f32, LB>,
    sB_layout: SB,
    copy_b: CB,
    mC: GmemTensor<f32, LC>,
    _sC_layout: SC,
    mma: M,
    alpha: f32,
    beta: f32,
) where
    Cta: Copy,
    CA: ThreadSlice<Slice = ThrCopy<CA>> + TiledCopyOp,
    CB: ThreadSlice<Slice = ThrCopy<CB>> + TiledCopyOp,
    M: ThreadSlice<Slice = ThrMma<M>> + TiledMmaLayouts<Atom: MmaCall<A = f32, B = f32, C = f32>>,
    SA: StaticLayout + TensorLayout,
    SB: StaticLayout + TensorLayout,
    LA: DeviceTile<Cta, CtaCoord, StepA>,
    LB: DeviceTile<Cta, CtaCoord, StepB>,
    LC: DeviceTile<Cta, CtaCoord, StepC>,
    GA<LA, Cta>: CopyPartitionable<CA, CopySrc>,
    GB<LB, Cta>: CopyPartitionable<CB, CopySrc>,
    SA: CopyPartitionable<CA, CopyDst> + MmaPartitionable<M, OperandA>,
    SB: CopyPartitionable<CB, CopyDst> + MmaPartitionable<M, OperandB>,
    Cpy<SA, CA, CopyDst>: MakeFragment,
    Cpy<SB, CB, CopyDst>: MakeFragment,
    Cpy<GA<LA, Cta>, CA, CopySrc>: SliceLayout<(Underscore, Underscore, Underscore, usize)>,
    Cpy<GB<LB, Cta>, CB, CopySrc>: SliceLayout<(Underscore, Underscore, Underscore, usize)>,
    KTile<Cpy<GA<LA, Cta>, CA, CopySrc>>: CopyCompatible<Frg<Cpy<SA, CA, CopyDst>>>,
    KTile<Cpy<GB<LB, Cta>, CB, CopySrc>>: CopyCompatible<Frg<Cpy<SB, CB, CopyDst>>>,
    Frg<Cpy<SA, CA, CopyDst>>: CopyCompatible<Cpy<SA, CA, CopyDst>>,
    Frg<Cpy<SB, CB, CopyDst>>: CopyCompatible<Cpy<SB, CB, CopyDst>>,
    GC<LC, Cta>: MmaPartitionable<M, OperandC>,
    Mma<GC<LC, Cta>, M, OperandC>: MakeFragment,
    Mma<SA, M, OperandA>:
        MmaGemmCompatible<Mma<SB, M, OperandB>, Frg<Mma<GC<LC, Cta>, M, OperandC>>>,
    Mma<SB, M, OperandB>: Rank3,
    Frg<Mma<GC<LC, Cta>, M, OperandC>>: Rank3 + AxpbyCompatible<Mma<GC<LC, Cta>, M, OperandC>>,
{
    // Full and Tiled Tensors: the parameters mA (M,K), mB (N,K), mC (M,N).

    // Get the appropriate blocks for this thread block
    let cta_coord = (block_idx().x, block_idx().y, __); // (m,n,k)
    let gA = local_tile(mA, cta_tiler, cta_coord, StepA::default()); // (BLK_M,BLK_K,k)
    let gB = local_tile(mB, cta_tiler, cta_coord, StepB::default()); // (BLK_N,BLK_K,k)
    let gC = local_tile(mC, cta_tiler, cta_coord, StepC::default()); // (BLK_M,BLK_N)

    // Shared memory buffers
    let (smemA, smemB) = shared_storage::<(SmemArray<f32, SA>, SmemArray<f32, SB>)>();
    let sA = smemA.tensor(sA_layout); // (BLK_M,BLK_K)
    let sB = smemB.tensor(sB_layout); // (BLK_N,BLK_K)

    //
    // Partition the copying of A and B tiles across the threads
    //

    // TUTORIAL: Example of partitioning via a TiledCopy

    let thr_copy_a = copy_a.thread_slice(thread_idx().x);
    let tAgA = thr_copy_a.partition_S(gA); // (CPY,CPY_M,CPY_K,k)
    let mut tAsA = thr_copy_a.partition_D(sA); // (CPY,CPY_M,CPY_K)
    // Allocate registers same shape/layout as partitioned data
    let mut tArA = make_fragment_like(&tAsA); // (CPY,CPY_M,CPY_K)

    let thr_copy_b = copy_b.thread_slice(thread_idx().x);
    let tBgB = thr_copy_b.partition_S(gB); // (CPY,CPY_N,CPY_K,k)
    let mut tBsB = thr_copy_b.partition_D(sB); // (CPY,CPY_N,CPY_K)
    // Allocate registers same shape/layout as partitioned data
    let mut tBrB = make_fragment_like(&tBsB); // (CPY,CPY_N,CPY_K)

    // Copy gmem to rmem for k_tile=0
    copy_with(&copy_a, &tAgA.slice((__, __, __, 0)), &mut tArA);
    copy_with(&copy_b, &tBgB.slice((__, __, __, 0)), &mut tBrB);

    //
    // Define A/B partitioning and C accumulators
    //

    // TUTORIAL: Example of partitioning via a TiledMMA

    let thr_mma = mma.thread_slice(thread_idx().x);
    let tCsA = thr_mma.partition_A(sA); // (MMA,MMA_M,MMA_K)
    let tCsB = thr_mma.partition_B(sB); // (MMA,MMA_N,MMA_K)
    let mut tCgC = thr_mma.partition_C(gC); // (MMA,MMA_M,MMA_N)

    // Allocate the accumulators -- same size as the projected data
    let mut tCrC = thr_mma.make_fragment_C(&tCgC); // (MMA,MMA_M,MMA_N)

    // Clear the accumulators
    clear(&mut tCrC);

    // TUTORIAL: Example of an inner loop that pipelines compute with reads
    //           from global memory by staging through register and shared memory.
    //   Data is read from global to registers, then to shared via the TiledCopy partitions
    //   gemm(.) operates on the shared memory directly via the TiledMMA partitions

    let k_tile_max = tAgA.size() / tAsA.size(); // size<3>(tAgA)

    let mut k_tile = 0;
    while k_tile < k_tile_max {
        // Copy rmem to smem with tA|tB thread-partitioned tensors
        syncthreads(); // Wait for all threads to consume smem
        copy(&tArA, &mut tAsA);
        copy(&tBrB, &mut tBsB);
        syncthreads(); // Wait for all threads to consume smem

        // Copy gmem to rmem for k_tile+1 with tA|tB thread-partitioned tensors
        let k_tile_next = if k_tile + 1 < k_tile_max {
            k_tile + 1
        } else {
            k_tile
        };
        copy_with(&copy_a, &tAgA.slice((__, __, __, k_tile_next)), &mut tArA);
        copy_with(&copy_b, &tBgB.slice((__, __, __, k_tile_next)), &mut tBrB);

        // Compute gemm on mma-partitioned smem
        gemm_with(&mma, &tCsA, &tCsB, &mut tCrC);
        k_tile += 1;
    }

    //
    // Epilogue
    //

    axpby(alpha, &tCrC, beta, &mut tCgC);
}

/// `bM, bN, bK`: the CTA tile `(128, 128, 8)`.
pub type CtaTiler = Tiler![<128, 128, 8>];
/// `make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{})`.
pub type MmaC = TiledMma<UniversalFMA<f32, f32, f32, f32>, Layout![(16, 16, 1)]>;
/// The NT copies: `make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{},
/// Layout<Shape<_32,_8>>{}, Layout<Shape<_4,_1>>{})` (each thread one
/// 128-bit access of 4×1 m-major values, 32×8 threads m-major).
pub type CopyNt = MakeTiledCopy<UniversalCopy<u128>, 32, Layout![(32, 8)], Layout![(4, 1)]>;
/// The TN copies: `make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{},
/// Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_1>>{})` (one
/// 32-bit access per thread, 32×8 threads k-major; `UniversalCopy<u32>`
/// moves the float's 32 bits).
pub type CopyTn = MakeTiledCopy<UniversalCopy<u32>, 32, Layout![(32, 8):(8, 1)], Layout![(1, 1)]>;

/// The NT instance (`gemm_nt` of the tutorial): A, B, C column-major;
/// `sA = sB = (128,8)` m-major, the [`CopyNt`] copies, the [`MmaC`] MMA.
/// Grid `(⌈M/128⌉, ⌈N/128⌉)`, 256 threads; M, N multiples of 128 and K of
/// 8 (the tutorial's assumption; here a trap otherwise), `ldA`, `ldB` and
/// the tensors' addresses multiples of 4 floats (the 128-bit accesses).
#[inline(always)]
#[allow(non_snake_case)]
pub fn gemm_nt(
    mA: GmemTensor<f32, ColMajor>,
    mB: GmemTensor<f32, ColMajor>,
    mC: GmemTensor<f32, ColMajor>,
    alpha: f32,
    beta: f32,
) {
    gemm_device(
        CtaTiler::default(),
        mA,
        <Layout![(128, 8):(1, 128)]>::default(), // (m,k) -> smem_idx; m-major
        CopyNt::default(),
        mB,
        <Layout![(128, 8):(1, 128)]>::default(), // (n,k) -> smem_idx; n-major
        CopyNt::default(),
        mC,
        <Layout![(128, 128):(1, 128)]>::default(), // (m,n) -> smem_idx; m-major
        MmaC::new(),
        alpha,
        beta,
    )
}

/// The TN instance (`gemm_tn`): A, B row-major (`(ldA, _1)`), C
/// column-major; `sA = sB = (128,8):(1,129)` (padded m-major), the
/// [`CopyTn`] copies, the [`MmaC`] MMA.
#[inline(always)]
#[allow(non_snake_case)]
pub fn gemm_tn(
    mA: GmemTensor<f32, RowMajor>,
    mB: GmemTensor<f32, RowMajor>,
    mC: GmemTensor<f32, ColMajor>,
    alpha: f32,
    beta: f32,
) {
    gemm_device(
        CtaTiler::default(),
        mA,
        <Layout![(128, 8):(1, 129)]>::default(), // (m,k) -> smem_idx; padded m-major
        CopyTn::default(),
        mB,
        <Layout![(128, 8):(1, 129)]>::default(), // (n,k) -> smem_idx; padded n-major
        CopyTn::default(),
        mC,
        <Layout![(128, 128):(1, 128)]>::default(), // (m,n) -> smem_idx
        MmaC::new(),
        alpha,
        beta,
    )
}
