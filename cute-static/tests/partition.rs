//! Partitioning static and mixed tensors: `local_tile` and
//! `local_partition` (with and without a `Step`) checked against their
//! run-time contracts (`cute_tools::laws`) through `to_dynamic()`, and
//! static = mixed = run-time on shared cases; fragments; the kernels over
//! mixed tensors (run-time size checks, partial tiles); CuTe's predication
//! tutorial with mixed tensors.
use cute_static::*;
use cute_static::{algorithm::*, layout::*, tensor::*};
use cute_tools::laws;
use proptest::prelude::*;

/// The run-time layout and base of a static or mixed tensor.
fn dynamic_of<E: Engine, L: TensorLayout>(t: &Tensor<E, L>) -> (cute_dynamic::Layout, i64) {
    (t.layout().dynamic_layout().unwrap(), t.base() as i64)
}

fn coord(entries: &[Option<i64>]) -> cute_dynamic::Coord {
    cute_dynamic::Coord::Tuple(
        entries
            .iter()
            .map(|e| match e {
                Some(i) => cute_dynamic::Coord::Int(*i),
                None => cute_dynamic::Coord::Hole,
            })
            .collect(),
    )
}

/// sgemm_1's CTA tiling: static = mixed = run time, and the law.
#[test]
fn local_tile_sgemm_1_three_kinds() {
    let (m, k) = (256usize, 64usize);
    let st = Tensor::new(Counting, layout!((256, 64):(1, 256))).unwrap();
    let mx = Tensor::new(Counting, layout!(({m}, {k}):(1, {m})).unwrap()).unwrap();
    let dl: cute_dynamic::Layout = "(256,64):(1,256)".parse().unwrap();
    let dt = cute_dynamic::make_counting_tensor(dl.clone()).unwrap();
    let tiler: cute_dynamic::Tiler = "(128,128,8)".parse().unwrap();
    let step = cute_dynamic::Step::parse("<1,X,1>").unwrap();
    for bx in 0..2usize {
        for by in 0..2usize {
            let g_s = local_tile(&st, tiler!(<128, 128, 8>), (bx, by, __), step!(1, X, 1)).unwrap();
            let g_m = local_tile(&mx, tiler!(<128, 128, 8>), (bx, by, __), step!(1, X, 1)).unwrap();
            let c = coord(&[Some(bx as i64), Some(by as i64), None]);
            let g_d = cute_dynamic::local_tile(&dt, &tiler, &c, Some(&step)).unwrap();
            assert_eq!(g_s.layout().to_string(), "(_128,_8,_8):(_1,_256,_2048)");
            assert_eq!(g_m.layout().to_string(), "(_128,_8,8):(_1,256,2048)");
            assert_eq!(dynamic_of(&g_s), (g_d.layout().clone(), g_d.base()));
            assert_eq!(dynamic_of(&g_m), (g_d.layout().clone(), g_d.base()));
            laws::check_local_tile_with_step(&dl, &tiler, &c, &step).unwrap();
            // Every element is the element of the whole tensor it names.
            for i in 0..g_m.size() {
                let (mm, kk) = (i % 128, (i / 128) % 8 + 8 * (i / 1024));
                assert_eq!(g_m.read(i).unwrap(), 128 * bx + mm + 256 * kk);
            }
        }
    }
}

/// sgemm_1's thread partitions, static = run time, and the law.
#[test]
fn local_partition_sgemm_1() {
    let s_a = Tensor::new(Counting, layout!((128, 8):(1, 128))).unwrap();
    let dl: cute_dynamic::Layout = "(128,8):(1,128)".parse().unwrap();
    let thr: cute_dynamic::Layout = "(32,8):(1,32)".parse().unwrap();
    let t_c: cute_dynamic::Layout = "(16,16):(1,16)".parse().unwrap();
    for t in [0usize, 1, 31, 32, 33, 255] {
        let p = local_partition(&s_a, layout!((32, 8)), t).unwrap();
        let (part, off) = dynamic_of(&p);
        laws::check_local_partition(&dl, &thr, t as i64, &part, off).unwrap();
        let d = cute_dynamic::local_partition(
            &cute_dynamic::make_counting_tensor(dl.clone()).unwrap(),
            &thr,
            t as i64,
            None,
        )
        .unwrap();
        assert_eq!((part, off), (d.layout().clone(), d.base()));
        for (st, text) in [(0, "<1,X>"), (1, "<X,1>")] {
            let step = cute_dynamic::Step::parse(text).unwrap();
            let p = if st == 0 {
                dynamic_of(
                    &local_partition_with_step(&s_a, layout!((16, 16)), t, step!(1, X)).unwrap(),
                )
            } else {
                dynamic_of(
                    &local_partition_with_step(&s_a, layout!((16, 16)), t, step!(X, 1)).unwrap(),
                )
            };
            let d = cute_dynamic::local_partition(
                &cute_dynamic::make_counting_tensor(dl.clone()).unwrap(),
                &t_c,
                t as i64,
                Some(&step),
            )
            .unwrap();
            assert_eq!(p, (d.layout().clone(), d.base()), "{text} thread {t}");
        }
    }
    laws::check_local_partition_with_step(&dl, &t_c, &cute_dynamic::Step::parse("<1,X>").unwrap())
        .unwrap();
}

proptest! {
    /// Mixed tensors of run-time extents: local_tile and local_partition
    /// satisfy their laws and equal the run-time results.
    #[test]
    fn mixed_tiles_and_partitions(m in 1usize..70, n in 1usize..40, ld_extra in 0usize..5,
                                  bm in 0usize..20, bn in 0usize..10, thr in 0usize..64) {
        let ld = m + ld_extra;
        let t = Tensor::new(Counting, layout!(({m}, {n}):(1, {ld})).unwrap()).unwrap();
        let dl = t.layout().to_dynamic();
        let tiler: cute_dynamic::Tiler = "(8,4)".parse().unwrap();
        let (bm, bn) = (bm % m.div_ceil(8), bn % n.div_ceil(4));
        let g = local_tile(&t, tiler!(<8, 4>), (bm, bn), ()).unwrap();
        let (tile, off) = dynamic_of(&g);
        let c: cute_dynamic::IntTuple = cute_dynamic::IntTuple::flat([bm as i64, bn as i64]);
        laws::check_local_tile(&dl, &tiler, &c, &tile, off).unwrap();
        prop_assert_eq!(g.layout().to_string(), format!("(_8,_4):(_1,{ld})"));
        let d = cute_dynamic::local_tile(
            &cute_dynamic::make_counting_tensor(dl.clone()).unwrap(), &tiler,
            &coord(&[Some(bm as i64), Some(bn as i64)]), None).unwrap();
        prop_assert_eq!((tile, off), (d.layout().clone(), d.base()));
        // A thread partition of the whole (mixed) tensor.
        let thr_d: cute_dynamic::Layout = "(4,2):(1,4)".parse().unwrap();
        let p = local_partition(&t, layout!((4, 2)), thr % 8).unwrap();
        let (part, off) = dynamic_of(&p);
        laws::check_local_partition(&dl, &thr_d, (thr % 8) as i64, &part, off).unwrap();
        // ... and of the static tile.
        let p = local_partition(&g, layout!((4, 2)), thr % 8).unwrap();
        let (part, off) = dynamic_of(&p);
        laws::check_local_partition(&g.layout().to_dynamic(), &thr_d, (thr % 8) as i64, &part, off - g.base() as i64)
            .unwrap();
    }
}

#[test]
fn fragments_are_compact_arrays() {
    let m = 100;
    let data = vec![1.0f32; 800];
    let g = Tensor::new(&data[..], layout!((8, (2, 2)):(1, ({m}, 4))).unwrap()).unwrap();
    let r = make_fragment_like(&g);
    // CuTe's compact_order: the run-time stride `m` ranks after the static 4.
    assert_eq!(r.layout().to_string(), "(_8,(_2,_2)):(_1,(_16,_8))");
    // The run-time answer on the same values (m = 100 > 4).
    assert_eq!(
        r.layout().to_dynamic(),
        cute_dynamic::fragment_layout_like(&g.layout().to_dynamic()).unwrap()
    );
    // Even where the run-time stride is smaller: it still ranks last.
    let g1 = Tensor::new(&data[..], layout!((8, (2, 2)):(1, ({2}, 4))).unwrap()).unwrap();
    assert_eq!(
        make_fragment_like(&g1).layout().to_string(),
        "(_8,(_2,_2)):(_1,(_16,_8))"
    );
    // Run-time strides rank among themselves left to right.
    let g3 = Tensor::new(&data[..], layout!((2, 4, 8):(1, {m}, {2})).unwrap()).unwrap();
    assert_eq!(
        make_fragment_like(&g3).layout().to_string(),
        "(_2,_4,_8):(_1,_2,_8)"
    );
    // A static source: mode 0 column-major, the other modes by stride.
    let s = Tensor::new(&data[..], layout!((4, (2, 3)):(3, (12, 1)))).unwrap();
    assert_eq!(
        make_fragment_like(&s).layout().to_string(),
        "(_4,(_2,_3)):(_1,(_12,_4))"
    );
    // The law's properties: the same shape, compact (a bijection onto
    // 0..size), mode 0 contiguous and first.
    let rl = r.layout().to_dynamic();
    assert_eq!(rl.shape(), g.layout().to_dynamic().shape());
    let mut seen: Vec<i64> = (0..32).map(|i| rl.call(i)).collect();
    seen.sort();
    assert_eq!(seen, (0..32).collect::<Vec<i64>>());
    let g2 = Tensor::new(&data[..], layout!((8, (2, 2)):(1, (8, {m}))).unwrap()).unwrap();
    laws::check_make_fragment_like(&g2.layout().to_dynamic()).unwrap();
    assert_eq!(
        make_fragment_like(&g2).layout().to_dynamic(),
        cute_dynamic::fragment_layout_like(&g2.layout().to_dynamic()).unwrap()
    );
    let mut r = make_tensor_like(&g);
    copy(&g, &mut r).unwrap();
    assert!(r.storage().iter().all(|&v| v == 1.0));
    let f = Tensor::<[i8; 0], _>::fragment(layout!((4, 2):(2, 1)));
    assert_eq!(f.storage().len(), 8);
}

#[test]
fn mixed_kernels_check_sizes_at_run_time() {
    let n = 6;
    let src: Vec<i32> = (0..24).collect();
    let mut dst = [0; 24];
    let s = Tensor::new(&src[..], layout!((4, {n}):(1, 4)).unwrap()).unwrap();
    // Mixed source, static destination (a transpose).
    let mut d = Tensor::new(&mut dst[..], layout!((4, 6):(6, 1))).unwrap();
    copy(&s, &mut d).unwrap();
    assert_eq!((dst[1], dst[6]), (4, 1));
    // Sizes differ at run time: an error naming the rule, nothing written.
    let mut dst = [0; 24];
    let mut d = Tensor::new(&mut dst[..], layout!((4, 5):(5, 1))).unwrap();
    let e = copy(&s, &mut d).unwrap_err();
    assert_eq!(e.kind(), "not_compatible");
    assert!(dst.iter().all(|&v| v == 0));
    assert_eq!(
        axpby(
            1,
            &s,
            1,
            &mut Tensor::new(&mut dst[..], layout!(20:1)).unwrap()
        )
        .unwrap_err()
        .kind(),
        "not_compatible"
    );
    // gemm over mixed operands: C(m,n) += A(m,k)·B(n,k), K = 3 at run time.
    let k = 3;
    let a: Vec<i64> = (0..6).collect(); // (2,3) col-major
    let b: Vec<i64> = (0..6).map(|x| x * 2).collect(); // (2,3) col-major
    let mut c = [0i64; 4];
    gemm(
        &Tensor::new(&a[..], layout!((2, {k}):(1, 2)).unwrap()).unwrap(),
        &Tensor::new(&b[..], layout!((2, {k}):(1, 2)).unwrap()).unwrap(),
        &mut Tensor::new(&mut c[..], layout!((2, 2):(1, 2))).unwrap(),
    )
    .unwrap();
    for mm in 0..2 {
        for nn in 0..2 {
            let want: i64 = (0..3).map(|kk| a[mm + 2 * kk] * b[nn + 2 * kk]).sum();
            assert_eq!(c[mm + 2 * nn], want);
        }
    }
    let k2 = 2;
    let e = gemm(
        &Tensor::new(&a[..], layout!((2, {k}):(1, 2)).unwrap()).unwrap(),
        &Tensor::new(&b[..], layout!((2, {k2}):(1, 2)).unwrap()).unwrap(),
        &mut Tensor::new(&mut c[..], layout!((2, 2):(1, 2))).unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.kind(), "not_compatible");
}

/// A partial tile is a view past the storage: checked access, `copy`
/// refuses it, nothing panics.
#[test]
fn partial_tiles_are_checked() {
    let (m, n) = (10, 13);
    let data: Vec<f32> = (0..m * n).map(|i| i as f32).collect();
    let t = Tensor::new(&data[..], layout!(({m}, {n}):(1, {m})).unwrap()).unwrap();
    let last = local_tile(&t, tiler!(<4, 8>), (2, 1), ()).unwrap();
    assert!(!last.fits_storage());
    assert_eq!(last.get(4 * 8 - 1).unwrap_err().kind(), "out_of_storage");
    assert_eq!(last.at(4 * 8 - 1), None);
    let mut r = make_fragment_like(&last);
    assert_eq!(copy(&last, &mut r).unwrap_err().kind(), "out_of_storage");
    assert!(local_tile(&t, tiler!(<4, 8>), (3, 1), ()).is_err());
}

const SENTINEL: f32 = -1.0;

/// CuTe's predication tutorial with mixed tensors: a 10×13 problem (run-time
/// extents, leading dimension 16) tiled by a static 4×8; the identity
/// tensor tiled the same way selects the in-range elements, and `copy_if`
/// copies exactly those 130, leaving the padding untouched.
#[test]
fn predication_mixed_10x13_by_4x8() {
    let (m, n, ld) = (10usize, 13usize, 16usize);
    let a: Vec<f32> = (0..ld * n).map(|i| i as f32).collect();
    let mut b = vec![SENTINEL; ld * n];
    let m_a = Tensor::new(&a[..], layout!(({m}, {n}):(1, {ld})).unwrap()).unwrap();
    let mut m_b = Tensor::new(&mut b[..], layout!(({m}, {n}):(1, {ld})).unwrap()).unwrap();
    let id = make_identity_tensor((m, n)).unwrap();
    let mut copied = 0;
    for bm in 0..m.div_ceil(4) {
        for bn in 0..n.div_ceil(8) {
            let g_a = local_tile(&m_a, tiler!(<4, 8>), (bm, bn), ()).unwrap(); // (BLK_M,BLK_N)
            let mut g_b = local_tile(&mut m_b, tiler!(<4, 8>), (bm, bn), ()).unwrap();
            let c_a = local_tile(&id, tiler!(<4, 8>), (bm, bn), ()).unwrap(); // -> (m,n)
            assert_eq!(g_a.layout().to_string(), "(_4,_8):(_1,16)");
            // Tensor tApA = make_tensor<bool>(shape(gA)): a register fragment.
            let mut p = make_fragment_like(&Tensor::new(Counting, g_a.layout()).unwrap())
                .into_engine()
                .map(|_| false);
            let mut pred = Tensor::new(&mut p[..], layout!((4, 8))).unwrap();
            for i in 0..pred.size() {
                let inside = elem_less(c_a.read(i).unwrap(), [m, n]);
                pred.set(i, inside).unwrap();
                copied += usize::from(inside);
            }
            let mut r = make_fragment_like(&g_a); // registers
            copy_if(&pred, &g_a, &mut r).unwrap();
            copy_if(&pred, &r, &mut g_b).unwrap();
        }
    }
    assert_eq!(copied, 130);
    for j in 0..n {
        for i in 0..ld {
            let want = if i < m { a[i + ld * j] } else { SENTINEL };
            assert_eq!(b[i + ld * j], want, "({i},{j})");
        }
    }
}

/// `flatten` of a static tensor equals the run-time `flatten`.
#[test]
fn flatten_matches_runtime() {
    let t = Tensor::new(
        Counting,
        layout!(((2, 2), (4, (2, 3))):((1, 8), (2, (16, 32)))),
    )
    .unwrap();
    let f = t.flatten();
    assert_eq!(f.layout().to_dynamic(), t.layout().to_dynamic().flatten());
    assert!((0..f.size()).all(|i| f.read(i) == t.read(i)));
}
