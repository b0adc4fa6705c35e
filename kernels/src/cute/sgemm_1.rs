//! CuTe's `sgemm_1.cu` (CUTLASS 4.2.0, `examples/cute/tutorial`) line for
//! line: [`gemm_device`] is the tutorial's `gemm_device`, generic over its
//! tiler, tensors, shared-memory layouts and thread layouts; [`gemm_nt`]
//! and [`gemm_tn`] are its two instantiations (the tutorial's host
//! functions of those names), the PTX entry points `sgemm_1_nt` and
//! `sgemm_1_tn`.
//!
//! The tensors `mA`, `mB`, `mC` are kernel parameters (a global pointer and
//! a mixed layout, made and checked on the host): CuTe's first lines
//! `make_tensor(make_gmem_ptr(A), select<0,2>(shape_MNK), dA)` run where
//! the allocation's length is known.

use cute_static::algorithm::{AxpbyCompatible, CopyCompatible, GemmCompatible, Rank2};
use cute_static::arch::{
    GmemTensor, SmemArray, block_idx, shared_storage, syncthreads, thread_idx,
};
use cute_static::device::{
    DevicePartition, DeviceTile, PartOf, TileOf, axpby, clear, copy, gemm, local_partition,
    local_tile, make_tensor_like,
};
use cute_static::layout::{MixedLayout, SliceLayout, StaticLayout, TensorLayout};
use cute_static::tensor::{__, MakeFragment, Step, Underscore, X};
use cute_static::{C, Dyn, Layout, Tiler};

/// `(m, n, _)`: the CTA's tile coordinate.
pub type CtaCoord = (usize, usize, Underscore);
/// `Step<_1, X, _1>`: A's modes of the tiler.
pub type StepA = Step<(C<1>, X, C<1>)>;
/// `Step<X, _1, _1>`.
pub type StepB = Step<(X, C<1>, C<1>)>;
/// `Step<_1, _1, X>`.
pub type StepC = Step<(C<1>, C<1>, X)>;
/// `Step<_1, X>`.
pub type StepM = Step<(C<1>, X)>;
/// `Step<X, _1>`.
pub type StepN = Step<(X, C<1>)>;
/// `Step<_1, _1>`.
pub type StepMN = Step<(C<1>, C<1>)>;

/// `gA`'s layout: `(BLK_M, BLK_K, k)`.
type GA<LA, Cta> = TileOf<LA, Cta, CtaCoord, StepA>;
/// `gB`'s layout: `(BLK_N, BLK_K, k)`.
type GB<LB, Cta> = TileOf<LB, Cta, CtaCoord, StepB>;
/// `gC`'s layout: `(BLK_M, BLK_N)`.
type GC<LC, Cta> = TileOf<LC, Cta, CtaCoord, StepC>;
/// `tAgA(_,_,k)`'s layout.
type KTile<L> = <L as SliceLayout<(Underscore, Underscore, usize)>>::Output;

/// CuTe's `gemm_device` of `sgemm_1.cu`: `C = α·A·Bᵀ + β·C` for the CTA
/// `(blockIdx.x, blockIdx.y)`, A `(M,K)`, B `(N,K)`, C `(M,N)`.
///
/// Bounds (28): on the parameters, `Copy` for the tiler and the thread
/// layouts and static layouts for the shared ones (8); one per operation
/// on the layout it takes — the three `local_tile`s, the seven
/// `local_partition`s, `make_tensor_like`, the two slices `tAgA(_,_,k)`,
/// `tBgB(_,_,k)`, the two `copy`s, `axpby` — and four for `gemm` (its
/// operands' rank 2 and the size rule). Every size the tutorial asserts with `CUTE_STATIC_ASSERT_V` is
/// checked by these bounds where it is static.
#[inline(always)]
#[allow(non_snake_case, clippy::too_many_arguments)]
pub fn gemm_device<Cta, LA, SA, TA, LB, SB, TB, LC, SC, TC>(
    cta_tiler: Cta,
    mA: GmemTensor<f32, LA>,
    sA_layout: SA,
    tA: TA,
    mB: GmemTensor<f32, LB>,
    sB_layout: SB,
    tB: TB,
    mC: GmemTensor<f32, LC>,
    _sC_layout: SC,
    tC: TC,
    alpha: f32,
    beta: f32,
) where
    Cta: Copy,
    TA: Copy,
    TB: Copy,
    TC: Copy,
    SA: StaticLayout + TensorLayout,
    SB: StaticLayout + TensorLayout,
    LA: DeviceTile<Cta, CtaCoord, StepA>,
    LB: DeviceTile<Cta, CtaCoord, StepB>,
    LC: DeviceTile<Cta, CtaCoord, StepC>,
    GA<LA, Cta>: DevicePartition<TA, ()>,
    SA: DevicePartition<TA, ()> + DevicePartition<TC, StepM>,
    GB<LB, Cta>: DevicePartition<TB, ()>,
    SB: DevicePartition<TB, ()> + DevicePartition<TC, StepN>,
    GC<LC, Cta>: DevicePartition<TC, StepMN>,
    PartOf<GC<LC, Cta>, TC, StepMN>: MakeFragment,
    PartOf<GA<LA, Cta>, TA, ()>: SliceLayout<(Underscore, Underscore, usize)>,
    PartOf<GB<LB, Cta>, TB, ()>: SliceLayout<(Underscore, Underscore, usize)>,
    KTile<PartOf<GA<LA, Cta>, TA, ()>>: CopyCompatible<PartOf<SA, TA, ()>>,
    KTile<PartOf<GB<LB, Cta>, TB, ()>>: CopyCompatible<PartOf<SB, TB, ()>>,
    PartOf<SA, TC, StepM>: Rank2
        + GemmCompatible<
            PartOf<SB, TC, StepN>,
            <PartOf<GC<LC, Cta>, TC, StepMN> as MakeFragment>::Compact,
        >,
    PartOf<SB, TC, StepN>: Rank2,
    <PartOf<GC<LC, Cta>, TC, StepMN> as MakeFragment>::Compact:
        Rank2 + AxpbyCompatible<PartOf<GC<LC, Cta>, TC, StepMN>>,
{
    // Represent the full tensors: the parameters mA (M,K), mB (N,K), mC (M,N).

    // Get the appropriate blocks for this thread block
    let cta_coord = (block_idx().x, block_idx().y, __); // (m,n,k)
    let gA = local_tile(mA, cta_tiler, cta_coord, StepA::default()); // (BLK_M,BLK_K,k)
    let gB = local_tile(mB, cta_tiler, cta_coord, StepB::default()); // (BLK_N,BLK_K,k)
    let gC = local_tile(mC, cta_tiler, cta_coord, StepC::default()); // (BLK_M,BLK_N)

    // Shared memory buffers
    let (smemA, smemB) = shared_storage::<(SmemArray<f32, SA>, SmemArray<f32, SB>)>();
    let sA = smemA.tensor(sA_layout); // (BLK_M,BLK_K)
    let sB = smemB.tensor(sB_layout); // (BLK_N,BLK_K)

    // Partition the copying of A and B tiles across the threads
    let thr = thread_idx().x;
    let tAgA = local_partition(gA, tA, thr, ()); // (THR_M,THR_K,k)
    let mut tAsA = local_partition(sA, tA, thr, ()); // (THR_M,THR_K)
    let tBgB = local_partition(gB, tB, thr, ()); // (THR_N,THR_K,k)
    let mut tBsB = local_partition(sB, tB, thr, ()); // (THR_N,THR_K)

    // Partition sA (BLK_M, BLK_K) by the rows of tC, sB by the columns
    let tCsA = local_partition(sA, tC, thr, StepM::default()); // (THR_M,BLK_K)
    let tCsB = local_partition(sB, tC, thr, StepN::default()); // (THR_N,BLK_K)
    // Partition gC (M,N) by the tile of tC
    let mut tCgC = local_partition(gC, tC, thr, StepMN::default()); // (THR_M,THR_N)

    // Allocate the accumulators -- same shape/layout as the partitioned data
    let mut tCrC = make_tensor_like(&tCgC); // (THR_M,THR_N)

    // Clear the accumulators
    clear(&mut tCrC);

    // TUTORIAL: the main loop
    let k_tile_max = tAgA.size() / tAsA.size(); // size<2>(tAgA)
    let mut k_tile = 0;
    while k_tile < k_tile_max {
        // Copy gmem to smem with tA|tB thread-partitioned tensors
        copy(&tAgA.slice((__, __, k_tile)), &mut tAsA); // A   (THR_M,THR_K) -> (THR_M,THR_K)
        copy(&tBgB.slice((__, __, k_tile)), &mut tBsB); // B   (THR_N,THR_K) -> (THR_N,THR_K)
        syncthreads(); // Wait for all threads to write to smem

        // Compute gemm on tC thread-partitioned smem
        gemm(&tCsA, &tCsB, &mut tCrC); // (THR_M,THR_N) += (THR_M,BLK_K) * (THR_N,BLK_K)
        syncthreads(); // Wait for all threads to read from smem
        k_tile += 1;
    }

    // Epilogue
    axpby(alpha, &tCrC, beta, &mut tCgC);
}

/// `bM, bN, bK`: the CTA tile `(128, 128, 8)`.
pub type CtaTiler = Tiler![<128, 128, 8>];
/// A column-major `(M, K)` global layout with a run-time leading dimension.
pub type ColMajor = MixedLayout<(Dyn, Dyn), (C<1>, Dyn)>;
/// A row-major `(M, K)` global layout (`(ldA, _1)` strides).
pub type RowMajor = MixedLayout<(Dyn, Dyn), (Dyn, C<1>)>;

/// The NT instance (`gemm_nt` of the tutorial): A, B, C column-major;
/// `sA = (128,8)` m-major, `sB` n-major, `tA = tB = (32,8)` m-major,
/// `tC = (16,16)`. Grid `(⌈M/128⌉, ⌈N/128⌉)`, 256 threads; M, N multiples
/// of 128 and K of 8 (the tutorial's assumption; here a trap otherwise).
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
        <Layout![(128, 8):(1, 128)]>::default(),
        <Layout![(32, 8):(1, 32)]>::default(),
        mB,
        <Layout![(128, 8):(1, 128)]>::default(),
        <Layout![(32, 8):(1, 32)]>::default(),
        mC,
        <Layout![(128, 128):(1, 128)]>::default(),
        <Layout![(16, 16):(1, 16)]>::default(),
        alpha,
        beta,
    )
}

/// The TN instance (`gemm_tn`): A, B row-major (`(ldA, _1)`), C
/// column-major; `sA = sB = (128,8)` k-major (`LayoutRight`), `tA = tB =
/// (32,8)` k-major, `tC = (16,16)`.
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
        <Layout![(128, 8):(8, 1)]>::default(),
        <Layout![(32, 8):(8, 1)]>::default(),
        mB,
        <Layout![(128, 8):(8, 1)]>::default(),
        <Layout![(32, 8):(8, 1)]>::default(),
        mC,
        <Layout![(128, 128):(1, 128)]>::default(),
        <Layout![(16, 16):(1, 16)]>::default(),
        alpha,
        beta,
    )
}
