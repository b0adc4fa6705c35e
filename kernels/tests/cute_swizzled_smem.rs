//! Device tensors over swizzled shared layouts (`sgemm_sm80`'s
//! `tile_to_shape(Sw<3,3,3> ∘ atom, (128,64,3))`): every element a thread's
//! partition names — `partition_D` of the `cp.async` tiled copy,
//! `partition_S` of the LDSM copy of `make_tiled_copy_A`, `partition_A` of
//! the tiled MMA, and their pipeline-stage and k-block slices — is the
//! element CuTe's rule names: the swizzle applied to the offset of
//! cute-dynamic's partition of the inner layout (CuTe's partitions go into
//! a composed layout's inner layout, the offset inside the swizzle). The
//! shared array's storage holds each element's own offset, so a read
//! through a partition returns the offset it reached. The shapes are CuTe
//! C++'s (tests/cute-cpp/swizzled_smem.expected).

use cute_kernels::cute::sgemm_sm80::{CopyAB, MmaC, SmemLayout};
use cute_static::Layout;
use cute_static::arch::{
    DeviceCopyPartition, DeviceMmaPartition, Dim3, SmemArray, ThreadSlice, dynamic_shared_storage,
    host, syncthreads, thread_idx,
};
use cute_static::atom::{SM75_U32x4_LDSM_N, make_tiled_copy_a};
use cute_static::layout::StaticLayout;
use cute_static::tensor::__;

type Flat = Layout![24576:1];

/// cute-dynamic's reference: the inner layout `(128,64,3)` of the
/// swizzled tile, and its swizzle.
fn reference() -> (cute_dynamic::Layout, cute_dynamic::Swizzle) {
    let s = SmemLayout::default().to_dynamic().unwrap();
    (s.layout().clone(), s.swizzle())
}

/// The offsets of a cute-dynamic partition `(base, layout)` through the
/// swizzle: `Sw(base + P(j))` for every `j`.
fn swizzled(
    sw: cute_dynamic::Swizzle,
    t: &cute_dynamic::Tensor<cute_dynamic::Counting>,
) -> Vec<u32> {
    (0..t.layout().size())
        .map(|j| sw.apply(t.base() + t.layout().call(j)) as u32)
        .collect()
}

/// The CuTe shape of line `args` in tests/cute-cpp/swizzled_smem.expected
/// (the layout's shape, underscores dropped).
fn cute_shape(args: &str) -> String {
    let line = include_str!("../../tests/cute-cpp/swizzled_smem.expected")
        .lines()
        .find_map(|l| l.strip_prefix(args).and_then(|r| r.strip_prefix('|')))
        .unwrap_or_else(|| panic!("no CuTe line {args}"));
    line.split(':').next().unwrap().replace('_', "")
}

#[test]
#[allow(non_snake_case)]
fn partitions_of_a_swizzled_tile_are_cutes() {
    let (inner, sw) = reference();
    let counting = || cute_dynamic::Tensor::new(cute_dynamic::Counting, inner.clone()).unwrap();
    let copy = cute_dynamic::__tools::tiled_copy_from_text(
        "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
        "half_t",
        "(16,8):(8,1)",
        "(1,8)",
    )
    .unwrap();
    let mma = ["SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", "<32,32,16>"];
    let ldsm =
        cute_dynamic::__tools::tiled_copy_mma_from_text("SM75_U32x4_LDSM_N", "half_t", "A", mma)
            .unwrap();
    let tiled_mma = cute_dynamic::__tools::tiled_mma_from_text(mma[0], mma[1], mma[2]).unwrap();
    // Per thread: the three partitions' offsets (cute-dynamic ∘ swizzle).
    let want: Vec<[Vec<u32>; 3]> = (0..128)
        .map(|t| {
            [
                swizzled(
                    sw,
                    &copy.thr_slice(t).unwrap().partition_d(counting()).unwrap(),
                ),
                swizzled(
                    sw,
                    &ldsm.thr_slice(t).unwrap().partition_s(counting()).unwrap(),
                ),
                swizzled(
                    sw,
                    &tiled_mma
                        .thr_slice(t)
                        .unwrap()
                        .partition_a(counting())
                        .unwrap(),
                ),
            ]
        })
        .collect();
    let shapes = std::sync::Mutex::new(Vec::new());
    host::launch(Dim3::new(1, 1, 1), Dim3::new(128, 1, 1), || {
        let (smem,) = dynamic_shared_storage::<(SmemArray<u32, SmemLayout>,)>();
        let t = thread_idx().x;
        let flat = smem.tensor(Flat::default());
        let mut i = t;
        while i < Flat::SIZE {
            flat.write(i, i as u32);
            i += 128;
        }
        syncthreads();
        let sA = smem.tensor(SmemLayout::default());
        let tAsA = CopyAB::default().thread_slice(t).partition_D(sA);
        let s2r = make_tiled_copy_a::<_, 16, _>(SM75_U32x4_LDSM_N, &MmaC::new());
        let tXsA = s2r.thread_slice(t).partition_S(sA);
        let tCsA = MmaC::new().thread_slice(t).partition_A(sA);
        for (k, part) in [
            (0..tAsA.size()).map(|j| tAsA.read(j)).collect::<Vec<_>>(),
            (0..tXsA.size()).map(|j| tXsA.read(j)).collect(),
            (0..tCsA.size()).map(|j| tCsA.read(j)).collect(),
        ]
        .iter()
        .enumerate()
        {
            assert_eq!(part, &want[t][k], "thread {t}, partition {k}");
        }
        // A pipeline stage and a k-block of it: the same elements.
        let p = tXsA.slice((__, __, __, 1));
        let pk = p.slice((__, __, 3));
        let stage: Vec<u32> = (0..pk.size()).map(|j| pk.read(j)).collect();
        // Stage 1 of (CPY,MMA_M,MMA_K,PIPE) = ((8,1),4,4,3), k-block 3:
        // the `n` values from (3 + 4·1)·n, the modes being colexicographic.
        let n = pk.size();
        let start = n * (3 + 4);
        assert_eq!(
            stage,
            want[t][1][start..start + n],
            "thread {t}: tXsA(_,_,_,1)(_,_,3)"
        );
        if t == 0 {
            shapes.lock().unwrap().extend([
                tAsA.layout().layout().to_string(),
                tXsA.layout().layout().to_string(),
                tCsA.layout().layout().to_string(),
                p.layout().layout().to_string(),
                pk.layout().layout().to_string(),
            ]);
        }
    });
    let shapes = shapes.into_inner().unwrap();
    // The extent of each top-level mode is CuTe's (our static partitions
    // may group a mode's leaves differently: `4` for CuTe's `(2,2)`, the
    // same function of the index).
    let extents = |s: &str| {
        let t: cute_dynamic::IntTuple = s
            .split(':')
            .next()
            .unwrap()
            .replace('_', "")
            .parse()
            .unwrap();
        cute_dynamic::product_each(&t).unwrap().to_string()
    };
    for (got, args) in shapes.iter().zip([
        "partition_D|cp_async|0",
        "partition_S|ldsm|0",
        "partition_A|mma|0",
        "slice|ldsm|0|(_,_,_,1)",
        "slice|ldsm|0|(_,_,_,1)(_,_,3)",
    ]) {
        assert_eq!(extents(got), extents(&cute_shape(args)), "{args}: {got}");
    }
}
