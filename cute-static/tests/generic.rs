//! Generic code over layout types: every operation, query, slice and
//! partition of cute-static is a trait method, so a type parameter bounded
//! by the operation's verb trait alone can call it, and the result is
//! usable as a layout with no further bound (a `StaticLayout` for the
//! static-only verbs, a `LayoutResult` whose layout is a `TensorLayout`
//! for the verbs that also take mixed operands, a `TensorLayout` for
//! slices and partitions).
//!
//! Each generic function below has exactly one bound, the operation's; each
//! test calls it on concrete layouts and compares with the concrete call
//! (and, where there is one, with the run-time crate). The last part is
//! CuTe's `sgemm_1` `gemm_device` with its five static layouts as type
//! parameters, run on the host against a naive GEMM.

use cute_static::{
    Error, Tensor, Tiler,
    algebra::{
        Coalesce, Coalesced, Complement, Compose, FlatDivide, FlatMultiply, LeftInvert,
        LogicalDivide, LogicalMultiply, Mode, RakedMultiply, RightInvert, TiledDivide,
        TiledMultiply, ZippedDivide, ZippedMultiply,
    },
    algorithm::{axpby, clear, copy, gemm},
    layout,
    layout::{Int, LayoutResult, SliceLayout, StaticLayout, TensorLayout},
    step,
    tensor::{
        __, LocalPartitionLayout, LocalTileLayout, MakeFragment, PartitionLocally, Step,
        TensorDivide, TileLocally, Underscore, X, local_partition, local_partition_with_step,
        local_tile, make_tensor, make_tensor_like,
    },
    tiler,
};
use cute_static::{
    Layout,
    algebra::BlockedMultiply,
    algorithm::{AxpbyCompatible, CopyCompatible, GemmCompatible},
};

/// The offsets of a layout on its domain.
fn offsets<L: TensorLayout>(l: &L) -> Vec<usize> {
    (0..l.size()).map(|i| l.offset(i)).collect()
}

// ---------------------------------------------------------------------------
// Queries.

fn static_queries<L: StaticLayout>(l: L) -> (usize, usize, usize, usize, usize) {
    (L::SIZE, L::COSIZE, L::RANK, L::DEPTH, l.call(5))
}
fn tensor_queries<L: TensorLayout>(l: L) -> (usize, usize, usize) {
    (l.size(), l.cosize(), l.offset(5))
}

#[test]
fn queries_are_trait_items() {
    assert_eq!(
        static_queries(layout!((4, (2, 3)):(1, (8, 16)))),
        (24, 3 + 8 + 2 * 16 + 1, 2, 2, 1 + 8)
    );
    assert_eq!(tensor_queries(layout!((4, 8):(1, 4))), (32, 32, 5));
    let m = 10;
    assert_eq!(
        tensor_queries(layout!((4, {m}):(1, 4)).unwrap()),
        (40, 40, 5)
    );
}

// ---------------------------------------------------------------------------
// The static-only verbs: one bound, the result a `StaticLayout`.

fn coalesce_of<L: Coalesce>(l: L) -> (usize, Vec<usize>) {
    let r = l.coalesce();
    (
        Coalesced::<L>::RANK,
        (0..L::Output::SIZE).map(|i| r.call(i)).collect(),
    )
}
// `complement`, `right_inverse` and the blocked/raked products also take
// mixed operands: their result is a `LayoutResult`.
fn complement_of<L: Complement<M>, M>(l: L, m: M) -> String {
    l.complement(m).into_layout().unwrap().to_string()
}
fn right_inverse_of<L: RightInvert>(l: L) -> String {
    l.right_inverse().into_layout().unwrap().to_string()
}
fn left_inverse_of<L: LeftInvert>(l: L) -> (usize, String) {
    let r = l.left_inverse();
    (r.call(1), r.to_string())
}
fn blocked_of<A: BlockedMultiply<B>, B>(a: A, b: B) -> String {
    a.blocked_product(b).into_layout().unwrap().to_string()
}
fn raked_of<A: RakedMultiply<B>, B>(a: A, b: B) -> String {
    a.raked_product(b).into_layout().unwrap().to_string()
}
fn mode1_of<L: Mode<1>>(l: L) -> (usize, String) {
    let r = l.mode();
    (<L as Mode<1>>::Output::SIZE, r.to_string())
}

#[test]
fn static_verbs_are_trait_methods() {
    let l = layout!((2, (1, 6)):(1, (6, 2)));
    assert_eq!(
        coalesce_of(l),
        (1, (0..12).map(|i| l.call(i)).collect::<Vec<_>>())
    );
    assert_eq!(
        complement_of(layout!(4:32), cute_static::C::<256>),
        layout!(4:32).complement(cute_static::C::<256>).to_string()
    );
    assert_eq!(
        complement_of(layout!(4:32), cute_static::C::<256>),
        "(_32,_2):(_1,_128)"
    );
    let a = layout!((4, 6):(6, 1));
    assert_eq!(right_inverse_of(a), a.right_inverse().to_string());
    assert_eq!(
        left_inverse_of(a),
        (a.left_inverse().call(1), a.left_inverse().to_string())
    );
    let (x, y) = (layout!((2, 2):(1, 2)), layout!((3, 4):(1, 3)));
    assert_eq!(blocked_of(x, y), x.blocked_product(y).to_string());
    assert_eq!(raked_of(x, y), x.raked_product(y).to_string());
    // The same generic functions on a mixed layout.
    let m = 6;
    let mx = layout!(({m}, 4):(1, {m})).unwrap();
    assert_eq!(complement_of(mx, cute_static::Dyn(48)), "2:24");
    assert_eq!(right_inverse_of(mx), "24:1");
    assert_eq!(
        blocked_of(mx, x),
        mx.blocked_product(x).unwrap().to_string()
    );
    assert_eq!(raked_of(mx, x), mx.raked_product(x).unwrap().to_string());
    assert_eq!(
        mode1_of(layout!(((2, 2), 8):((1, 16), 2))),
        (8, "_8:_2".to_string())
    );
}

// ---------------------------------------------------------------------------
// The verbs with static and mixed operands: one bound, the result a
// `LayoutResult` (a static layout, or a `Result` of a mixed layout).

fn compose_of<A: Compose<B>, B>(a: A, b: B) -> Result<(String, Vec<usize>), Error> {
    let r = a.compose(b).into_layout()?;
    Ok((r.to_string(), offsets(&r)))
}
fn logical_divide_of<A: LogicalDivide<T>, T>(a: A, t: T) -> Result<String, Error> {
    Ok(a.logical_divide(t).into_layout()?.to_string())
}
fn zipped_divide_of<A: ZippedDivide<T>, T>(a: A, t: T) -> Result<(String, usize), Error> {
    let r = a.zipped_divide(t).into_layout()?;
    Ok((r.to_string(), r.size()))
}
fn tiled_divide_of<A: TiledDivide<T>, T>(a: A, t: T) -> Result<String, Error> {
    Ok(a.tiled_divide(t).into_layout()?.to_string())
}
fn flat_divide_of<A: FlatDivide<T>, T>(a: A, t: T) -> Result<String, Error> {
    Ok(a.flat_divide(t).into_layout()?.to_string())
}
fn logical_product_of<A: LogicalMultiply<T>, T>(a: A, t: T) -> Result<String, Error> {
    Ok(a.logical_product(t).into_layout()?.to_string())
}
fn zipped_product_of<A: ZippedMultiply<T>, T>(a: A, t: T) -> Result<String, Error> {
    Ok(a.zipped_product(t).into_layout()?.to_string())
}
fn tiled_product_of<A: TiledMultiply<T>, T>(a: A, t: T) -> Result<String, Error> {
    Ok(a.tiled_product(t).into_layout()?.to_string())
}
fn flat_product_of<A: FlatMultiply<T>, T>(a: A, t: T) -> Result<String, Error> {
    Ok(a.flat_product(t).into_layout()?.to_string())
}

#[test]
fn algebra_verbs_on_static_layouts() -> Result<(), Error> {
    let a = layout!((4, 6, 8, 10):(2, 3, 5, 7));
    let b = layout!(6:12);
    let (s, o) = compose_of(a, b)?;
    assert_eq!(s, "(_2,_3):(_9,_5)");
    assert_eq!(o, (0..6).map(|i| a.call(b.call(i))).collect::<Vec<_>>());
    let a = layout!((4, 6):(1, 4));
    let t = tiler!(<2:1, 3:1>);
    assert_eq!(logical_divide_of(a, t)?, a.logical_divide(t).to_string());
    assert_eq!(
        zipped_divide_of(a, t)?,
        ("((_2,_3),(_2,_2)):((_1,_4),(_2,_12))".into(), 24)
    );
    assert_eq!(tiled_divide_of(a, t)?, "((_2,_3),_2,_2):((_1,_4),_2,_12)");
    assert_eq!(flat_divide_of(a, t)?, "(_2,_3,_2,_2):(_1,_4,_2,_12)");
    let (x, y) = (layout!((2, 2):(1, 2)), layout!((3, 4):(1, 3)));
    assert_eq!(logical_product_of(x, y)?, x.logical_product(y).to_string());
    assert_eq!(zipped_product_of(x, y)?, x.zipped_product(y).to_string());
    assert_eq!(tiled_product_of(x, y)?, x.tiled_product(y).to_string());
    assert_eq!(flat_product_of(x, y)?, x.flat_product(y).to_string());
    Ok(())
}

#[test]
fn algebra_verbs_on_mixed_layouts() -> Result<(), Error> {
    let (m, n) = (100, 70);
    let a = layout!(({m}, {n}):(1, {m}))?;
    let t = tiler!(<16, 16>);
    let want = a.zipped_divide(t)?;
    assert_eq!(zipped_divide_of(a, t)?, (want.to_string(), want.size()));
    assert_eq!(
        zipped_divide_of(a, t)?.0,
        "((_16,_16),(7,5)):((_1,100),(16,1600))"
    );
    assert_eq!(logical_divide_of(a, t)?, a.logical_divide(t)?.to_string());
    assert_eq!(tiled_divide_of(a, t)?, a.tiled_divide(t)?.to_string());
    assert_eq!(flat_divide_of(a, t)?, a.flat_divide(t)?.to_string());
    let c = layout!(({m}, 8):(1, {m}))?;
    let (s, o) = compose_of(c, tiler!(<(2, 4):(1, 8), 4:2>))?;
    assert_eq!(s, "((_2,_4),_4):((_1,_8),200)");
    assert_eq!(o.len(), 32);
    Ok(())
}

#[test]
fn algebra_verbs_on_composed_layouts() -> Result<(), Error> {
    let tile = layout!(Sw<3, 3, 3> o 0 o (8, 64):(64, 1));
    let (s, _) = zipped_divide_of(tile, tiler!(<8, 8>))?;
    assert_eq!(s, tile.zipped_divide(tiler!(<8, 8>)).to_string());
    let (s, o) = compose_of(tile, layout!(8:64))?;
    assert_eq!(s, tile.compose(layout!(8:64)).to_string());
    assert_eq!(o, (0..8).map(|i| tile.call(i * 64)).collect::<Vec<_>>());
    Ok(())
}

// ---------------------------------------------------------------------------
// Slices, tensor divides, tiles, partitions, fragments.

fn slice_of<L: SliceLayout<Cd>, Cd>(l: L, c: Cd) -> Result<(Vec<usize>, usize), Error> {
    let (r, off) = l.slice_layout(c)?;
    Ok((offsets(&r), off))
}
fn tensor_zipped_divide<L: TensorDivide<T>, T>(l: L, t: T) -> Result<Vec<usize>, Error> {
    let data: Vec<usize> = (0..l.cosize()).collect();
    let tiles = Tensor::new(&data[..], l)?.zipped_divide(t)?;
    (0..tiles.size()).map(|i| tiles.read(i)).collect()
}
fn tile_of<L: TileLocally<T, Cd, St>, T, Cd, St>(
    l: L,
    t: T,
    c: Cd,
    st: St,
) -> Result<(Vec<usize>, usize), Error> {
    let (r, off): (LocalTileLayout<L, T, Cd, St>, usize) = l.local_tile(t, c, st)?;
    Ok((offsets(&r), off))
}
fn partition_of<L: PartitionLocally<Thr, St>, Thr, St>(
    l: L,
    thr: Thr,
    idx: usize,
    st: St,
) -> Result<(Vec<usize>, usize), Error> {
    let (r, off): (LocalPartitionLayout<L, Thr, St>, usize) = l.local_partition(thr, idx, st)?;
    Ok((offsets(&r), off))
}
fn fragment_of<L: MakeFragment>(_l: L) -> Vec<usize> {
    let f = L::fragment(0u8);
    offsets(&f.layout())
}

#[test]
fn slices_and_partitions_are_trait_methods() -> Result<(), Error> {
    let l = layout!((4, 8):(1, 4));
    let (o, off) = slice_of(l, (2, __))?;
    assert_eq!((o, off), ((0..8).map(|j| 4 * j).collect::<Vec<_>>(), 2));
    let m = 12;
    let d = layout!((4, {m}):(1, 4))?;
    assert_eq!(slice_of(d, (__, 3))?, (vec![0, 1, 2, 3], 12));
    assert!(slice_of(d, (__, 12)).is_err());

    // A tensor divide reads the same elements as the layout's divide.
    let z = layout!((4, 8):(1, 4)).zipped_divide(tiler!(<2, 4>));
    assert_eq!(tensor_zipped_divide(l, tiler!(<2, 4>))?, offsets(&z));

    // local_tile: the tensor path and the layout verb agree.
    let t = Tensor::new(cute_static::tensor::Counting, layout!((256, 64):(1, 256)))?;
    let g = local_tile(&t, tiler!(<128, 128, 8>), (1, 1, __), step!(X, 1, 1))?;
    let (o, off) = tile_of(
        t.layout(),
        tiler!(<128, 128, 8>),
        (1, 1, __),
        step!(X, 1, 1),
    )?;
    assert_eq!((o, off), (offsets(&g.layout()), g.base()));
    assert_eq!(off, 128);

    // local_partition with and without a step.
    let s = layout!((128, 8):(1, 128));
    let (o, off) = partition_of(s, layout!((32, 8)), 33, ())?;
    assert_eq!((off, o), (129, vec![0, 32, 64, 96]));
    let (o, off) = partition_of(s, layout!((16, 16)), 17, step!(X, 1))?;
    let p = local_partition_with_step(
        &Tensor::new(cute_static::tensor::Counting, s)?,
        layout!((16, 16)),
        17,
        step!(X, 1),
    )?;
    assert_eq!((o, off), (offsets(&p.layout()), p.base()));

    // A fragment like a mixed tile: compact column-major of its shape.
    let g = layout!((8, 4):(1, {m}))?;
    assert_eq!(fragment_of(g), (0..32).collect::<Vec<_>>());
    Ok(())
}

// ---------------------------------------------------------------------------
// CuTe's sgemm_1 `gemm_device` with its static layouts as type parameters.

/// The global tensors' layouts (run-time extents and leading dimensions).
type GlobalLayout = Layout![({m}, {k}):(1, {ld})];
/// The CTA tiler `(BLK_M, BLK_N, BLK_K)`.
type CtaTiler = Tiler![<128, 128, 8>];
/// The CTA coordinate `(m, n, _)`.
type CtaCoord = (usize, usize, Underscore);
/// `gA`, `gB` (`(BLK, BLK_K, k)`) and `gC` (`(BLK_M, BLK_N)`): the CTA's
/// tiles, whose layouts are `local_tile`'s results
/// (`LocalTileLayout<GlobalLayout, CtaTiler, CtaCoord, Step<…>>`), written
/// out: a bound on a projection whose self type is concrete is not matched
/// against its normalised form by rustc, so the where-clauses name the
/// normalised type (the test below checks that they are the same).
type GA = Layout![(128, 8, {k}):(1, {ld}, {ld8})];
type GB = GA;
type GC = Layout![(128, 128):(1, {ld})];
#[test]
fn the_tile_types_are_local_tiles() {
    use cute_static::C;
    static_assertions::assert_type_eq_all!(
        GA,
        LocalTileLayout<GlobalLayout, CtaTiler, CtaCoord, Step<(C<1>, X, C<1>)>>,
        LocalTileLayout<GlobalLayout, CtaTiler, CtaCoord, Step<(X, C<1>, C<1>)>>
    );
    static_assertions::assert_type_eq_all!(
        GC,
        LocalTileLayout<GlobalLayout, CtaTiler, CtaCoord, Step<(C<1>, C<1>, X)>>
    );
}

/// The steps of `tC`'s partitions.
type All2 = Step<(cute_static::C<1>, cute_static::C<1>)>;
type Rows = Step<(cute_static::C<1>, X)>;
type Cols = Step<(X, cute_static::C<1>)>;
/// A thread's k-th slice `(_, _, k)`.
type KSlice = (Underscore, Underscore, usize);
/// The register accumulators' layout (compact, the shape of tC's part of gC).
type Acc<TC> = <LocalPartitionLayout<GC, TC, All2> as MakeFragment>::Compact;

/// `C = alpha·A·Bᵀ + beta·C` (NT), CuTe's `gemm_device` of sgemm_1 with
/// the smem layouts `SA`, `SB` and the thread layouts `TA`, `TB`, `TC` as
/// type parameters. Its bounds: one per thread layout (`StaticLayout`:
/// the kernel reads `size(tC)` and reuses the layouts; the smem layouts'
/// `TensorLayout` is implied by their partition bounds) and one per
/// operation the kernel performs on them — 3 + 14 = 17 in all:
/// * `local_partition` of gA, sA by TA; of gB, sB by TB (4);
/// * the k-slice of tAgA and tBgB (2), the two copies (2);
/// * `local_partition` of gC by TC, and of sA, sB by TC's rows and columns
///   (3), the fragment like tCgC (1);
/// * `gemm` (1) and `axpby` (1).
#[allow(non_snake_case, clippy::too_many_arguments)]
fn gemm_device<SA, SB, TA, TB, TC>(
    (m, n, k): (usize, usize, usize),
    alpha: f32,
    A: &[f32],
    ldA: usize,
    B: &[f32],
    ldB: usize,
    beta: f32,
    C: &mut [f32],
    ldC: usize,
    (sA_layout, sB_layout): (SA, SB),
    (tA, tB, tC): (TA, TB, TC),
) -> Result<(), Error>
where
    TA: StaticLayout,
    TB: StaticLayout,
    TC: StaticLayout,
    GA: PartitionLocally<TA>,
    SA: PartitionLocally<TA>,
    GB: PartitionLocally<TB>,
    SB: PartitionLocally<TB>,
    LocalPartitionLayout<GA, TA>: SliceLayout<KSlice>,
    LocalPartitionLayout<GB, TB>: SliceLayout<KSlice>,
    <LocalPartitionLayout<GA, TA> as SliceLayout<KSlice>>::Output:
        CopyCompatible<LocalPartitionLayout<SA, TA>>,
    <LocalPartitionLayout<GB, TB> as SliceLayout<KSlice>>::Output:
        CopyCompatible<LocalPartitionLayout<SB, TB>>,
    GC: PartitionLocally<TC, All2>,
    LocalPartitionLayout<GC, TC, All2>: MakeFragment,
    SA: PartitionLocally<TC, Rows>,
    SB: PartitionLocally<TC, Cols>,
    LocalPartitionLayout<SA, TC, Rows>: GemmCompatible<LocalPartitionLayout<SB, TC, Cols>, Acc<TC>>,
    Acc<TC>: AxpbyCompatible<LocalPartitionLayout<GC, TC, All2>>,
{
    // Define CTA tile sizes (static)
    let cta_tiler = CtaTiler::new(); // (BLK_M, BLK_N, BLK_K)

    // Represent the full tensors
    let mA = make_tensor(A, layout!(({m}, {k}):(1, {ldA}))?)?; // (M,K)
    let mB = make_tensor(B, layout!(({n}, {k}):(1, {ldB}))?)?; // (N,K)
    let mut mC = make_tensor(C, layout!(({m}, {n}):(1, {ldC}))?)?; // (M,N)
    let threads = TC::SIZE; // dimBlock(size(tC))

    for blockIdx_x in 0..m.div_ceil(128) {
        for blockIdx_y in 0..n.div_ceil(128) {
            let cta_coord = (blockIdx_x, blockIdx_y, __); // (m,n,k)
            let gA = local_tile(&mA, cta_tiler, cta_coord, step!(1, X, 1))?; // (BLK_M,BLK_K,k)
            let gB = local_tile(&mB, cta_tiler, cta_coord, step!(X, 1, 1))?; // (BLK_N,BLK_K,k)
            let mut gC = local_tile(&mut mC, cta_tiler, cta_coord, step!(1, 1, X))?; // (BLK_M,BLK_N)

            // Shared memory buffers
            let mut smemA = vec![0.0f32; sA_layout.cosize()];
            let mut smemB = vec![0.0f32; sB_layout.cosize()];
            let mut sA = make_tensor(&mut smemA[..], sA_layout)?; // (BLK_M,BLK_K)
            let mut sB = make_tensor(&mut smemB[..], sB_layout)?; // (BLK_N,BLK_K)

            // The accumulators, one register fragment per emulated thread.
            let mut tCrC_of = Vec::with_capacity(threads);
            for threadIdx_x in 0..threads {
                let tCgC = local_partition_with_step(&gC, tC, threadIdx_x, step!(1, 1))?; // (THR_M,THR_N)
                let mut tCrC = make_tensor_like(&tCgC);
                clear(&mut tCrC)?;
                tCrC_of.push(tCrC);
            }

            let K_TILE_MAX = gA.layout().shape().2.value();
            for k_tile in 0..K_TILE_MAX {
                for threadIdx_x in 0..threads {
                    let tAgA = local_partition(&gA, tA, threadIdx_x)?; // (THR_M,THR_K,k)
                    let mut tAsA = local_partition(&mut sA, tA, threadIdx_x)?; // (THR_M,THR_K)
                    let tBgB = local_partition(&gB, tB, threadIdx_x)?; // (THR_N,THR_K,k)
                    let mut tBsB = local_partition(&mut sB, tB, threadIdx_x)?; // (THR_N,THR_K)
                    copy(&tAgA.slice((__, __, k_tile))?, &mut tAsA)?;
                    copy(&tBgB.slice((__, __, k_tile))?, &mut tBsB)?;
                }
                // __syncthreads();
                for (threadIdx_x, tCrC) in tCrC_of.iter_mut().enumerate() {
                    let tCsA = local_partition_with_step(&sA, tC, threadIdx_x, step!(1, X))?; // (THR_M,BLK_K)
                    let tCsB = local_partition_with_step(&sB, tC, threadIdx_x, step!(X, 1))?; // (THR_N,BLK_K)
                    gemm(&tCsA, &tCsB, tCrC)?; // (THR_M,THR_N) += (THR_M,BLK_K) * (THR_N,BLK_K)
                }
                // __syncthreads();
            }

            // Epilogue
            for (threadIdx_x, tCrC) in tCrC_of.iter().enumerate() {
                let mut tCgC = local_partition_with_step(&mut gC, tC, threadIdx_x, step!(1, 1))?;
                axpby(alpha, tCrC, beta, &mut tCgC)?;
            }
        }
    }
    Ok(())
}

/// The example's reference GEMM and operands (an example cannot export
/// them, so it is included as a module).
#[allow(dead_code)]
#[path = "../examples/sgemm_1.rs"]
mod sgemm_1;
use sgemm_1::{naive_gemm_nt, operand};

/// The kernel's arguments after the problem: alpha, A, ldA, B, ldB, beta,
/// C, ldC.
type GemmArgs<'a> = (
    f32,
    &'a [f32],
    usize,
    &'a [f32],
    usize,
    f32,
    &'a mut [f32],
    usize,
);

/// Run one instantiation of the generic kernel against the naive GEMM.
fn check_gemm(
    run: impl FnOnce((usize, usize, usize), GemmArgs<'_>) -> Result<(), Error>,
) -> Result<(), Error> {
    let (m, n, k) = (256, 128, 24);
    let (lda, ldb, ldc) = (m + 4, n + 8, m + 1);
    let (a, b) = (operand(lda * k, 1), operand(ldb * k, 2));
    let mut c = operand(ldc * n, 3);
    let mut want = c.clone();
    run((m, n, k), (2.0, &a, lda, &b, ldb, -1.0, &mut c, ldc))?;
    naive_gemm_nt((m, n, k), 2.0, &a, lda, &b, ldb, -1.0, &mut want, ldc);
    assert_eq!(c, want);
    Ok(())
}

/// `check_gemm` of `gemm_device` with the smem layouts `$smem` and the
/// thread layouts `$threads`.
macro_rules! check_gemm_device {
    ($smem:expr, $threads:expr) => {
        check_gemm(|mnk, (al, a, lda, b, ldb, be, c, ldc)| {
            gemm_device(mnk, al, a, lda, b, ldb, be, c, ldc, $smem, $threads)
        })
    };
}

#[test]
fn generic_gemm_device_matches_naive_gemm() -> Result<(), Error> {
    // sgemm_1's layouts: m-major smem, 32×8 copy threads, 16×16 MMA threads.
    check_gemm_device!(
        (layout!((128, 8)), layout!((128, 8))),
        (layout!((32, 8)), layout!((32, 8)), layout!((16, 16)))
    )?;
    // Another instantiation of the same kernel: k-major padded smem for A,
    // padded m-major for B, other thread shapes.
    check_gemm_device!(
        (layout!((128, 8):(9, 1)), layout!((128, 8):(1, 129))),
        (layout!((64, 4)), layout!((128, 2)), layout!((32, 8)))
    )
}

#[test]
fn generic_gemm_device_reports_a_partial_tile() {
    let (m, n, k) = (100, 128, 8);
    let (a, b) = (operand(m * k, 1), operand(n * k, 2));
    let mut c = vec![0.0; m * n];
    let e = gemm_device(
        (m, n, k),
        1.0,
        &a,
        m,
        &b,
        n,
        0.0,
        &mut c,
        m,
        (layout!((128, 8)), layout!((128, 8))),
        (layout!((32, 8)), layout!((32, 8)), layout!((16, 16))),
    )
    .unwrap_err();
    assert_eq!(e.kind(), "out_of_storage");
}

// ---------------------------------------------------------------------------
// `Tiler![…]`: the type of `tiler!(…)`, same grammar.

/// The type of a value, for comparing it with a named type.
fn same_type<T: 'static>(_: T) -> core::any::TypeId {
    core::any::TypeId::of::<T>()
}

#[test]
fn tiler_type_macro_names_the_type_of_tiler_values() {
    use cute_static::C;
    static_assertions::assert_type_eq_all!(CtaTiler, Tiler<(C<128>, C<128>, C<8>)>);
    static_assertions::assert_type_eq_all!(Tiler![<4:1, 8:2>], Tiler<(Layout![4:1], Layout![8:2])>);
    assert_eq!(
        same_type(tiler!(<128, 128, 8>)),
        core::any::TypeId::of::<CtaTiler>()
    );
    for (value, ty) in [
        (
            same_type(tiler!(<4:1, 8:2>)),
            core::any::TypeId::of::<Tiler![<4:1, 8:2>]>(),
        ),
        (
            same_type(tiler!((4, 8))),
            core::any::TypeId::of::<Tiler![(4, 8)]>(),
        ),
        (
            same_type(tiler!(4:2)),
            core::any::TypeId::of::<Tiler![4:2]>(),
        ),
        (
            same_type(tiler!(<<2, 2>, 4:1>)),
            core::any::TypeId::of::<Tiler![<<2, 2>, 4:1>]>(),
        ),
        (
            same_type(tiler!(<(2, 4):(1, 8), 4:2>)),
            core::any::TypeId::of::<Tiler![<(2, 4):(1, 8), 4:2>]>(),
        ),
    ] {
        assert_eq!(value, ty);
    }
    // A named tiler type is a tiler: its default value divides.
    let t = <Tiler![<2:1, 4:1>]>::new();
    assert_eq!(
        layout!((8, 8):(1, 8)).zipped_divide(t).to_string(),
        "((_2,_4),(_4,_2)):((_1,_8),(_2,_32))"
    );
    assert_eq!(t.to_string(), tiler!(<2:1, 4:1>).to_string());
}

/// The bound count the crate docs state for `gemm_device`, read from this
/// file: 17 where-predicates, each a single trait bound (no `+`).
#[test]
fn gemm_device_has_the_stated_bound_count() {
    let src = include_str!("generic.rs");
    let start = src
        .find("fn gemm_device<")
        .expect("gemm_device is defined here");
    let body = &src[start..];
    let wh = body.find("\nwhere\n").expect("a where clause") + "\nwhere\n".len();
    let end = body[wh..].find("\n{\n").expect("the body") + wh;
    let clause = &body[wh..end];
    let predicates = clause
        .lines()
        .filter(|l| l.starts_with("    ") && !l.starts_with("     "))
        .count();
    assert_eq!(predicates, 17, "{clause}");
    assert!(!clause.contains('+'), "one bound per predicate: {clause}");
    // No bounds hidden in the parameter list either.
    let params = &body[..body.find('(').expect("parameters")];
    assert_eq!(params, "fn gemm_device<SA, SB, TA, TB, TC>");
}
