//! Tensors and partitioning for CuTe's kernel model at run time: tilers
//! with `_`, `Step` projections in `local_tile` / `local_partition`,
//! fragments, `tile_to_shape`, `copy_if` / `fill` / `clear`, `group_modes`
//! and `flatten` — examples with CuTe's results and property tests calling
//! the checks of `cute_tools::laws`.

use cute_dynamic::{
    Coord, IntTuple, Layout, Step, Tensor, Tiler, clear, copy_if, fill, flat_divide, flat_product,
    local_partition, local_tile, logical_divide, logical_product, make_counting_tensor,
    make_fragment_like, make_tensor_like, tiled_divide, tiled_product, zipped_divide,
    zipped_product,
};
use cute_tests::arb_admissible_layout;
use cute_tools::laws;
use cute_tools::laws::{
    check_copy_if, check_fill, check_local_partition_with_step, check_local_tile_with_step,
    check_make_fragment_like, check_regroup, check_underscore_tiler,
};
use proptest::prelude::*;

use crate::support::{compact, config, tensor_values};

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn t(s: &str) -> Tiler {
    s.parse().unwrap()
}

#[test]
fn underscore_tilers_keep_their_modes() {
    let a = l("(8,6):(1,8)");
    assert_eq!(t("<_,2>").to_string(), "<_,2>");
    assert_eq!(
        logical_divide(&a, &t("<_,2>")).unwrap().to_string(),
        "(8,(2,3)):(1,(8,16))"
    );
    assert_eq!(
        logical_divide(&a, &t("<2,_>")).unwrap().to_string(),
        "((2,4),6):((1,2),8)"
    );
    assert_eq!(
        logical_product(&a, &t("<_,2>")).unwrap().to_string(),
        "(8,(6,2)):(1,(8,1))"
    );
    assert_eq!(
        cute_dynamic::composition(&a, &t("<_,3:2>"))
            .unwrap()
            .to_string(),
        "(8,3):(1,16)"
    );
    // `_` everywhere is the identity of every operation.
    for op in [logical_divide, logical_product] {
        assert_eq!(op(&a, &t("<_,_>")).unwrap(), a);
        assert_eq!(op(&a, &t("_")).unwrap(), a);
    }
}

#[test]
fn underscore_tilers_in_the_zipped_tiled_and_flat_forms_keep_the_mode() {
    // `_` keeps the mode whole in the rest, with the tile 1:0 (pycute's
    // zipped_divide/zipped_product of ((4,2),6):((1,4),8) by (None,
    // Layout(2)) print ((1,2),((4,2),3)):((0,8),((1,4),16)) and
    // ((1,6),((4,2),2)):((0,8),((1,4),1)); CuTe C++ splits the kept (4,2)).
    let a = l("((4,2),6):((1,4),8)");
    let tl = t("<_,2>");
    assert_eq!(
        zipped_divide(&a, &tl).unwrap().to_string(),
        "((1,2),((4,2),3)):((0,8),((1,4),16))"
    );
    assert_eq!(
        tiled_divide(&a, &tl).unwrap().to_string(),
        "((1,2),(4,2),3):((0,8),(1,4),16)"
    );
    assert_eq!(
        flat_divide(&a, &tl).unwrap().to_string(),
        "(1,2,(4,2),3):(0,8,(1,4),16)"
    );
    assert_eq!(
        zipped_product(&a, &tl).unwrap().to_string(),
        "((1,6),((4,2),2)):((0,8),((1,4),1))"
    );
    assert_eq!(
        tiled_product(&a, &tl).unwrap().to_string(),
        "((1,6),(4,2),2):((0,8),(1,4),1)"
    );
    assert_eq!(
        flat_product(&a, &tl).unwrap().to_string(),
        "(1,6,(4,2),2):(0,8,(1,4),1)"
    );
    // Over a scalar mode too (CuTe C++ does not compile it; pycute:
    // ((1,2),(8,3)):((0,8),(1,16))).
    assert_eq!(
        zipped_divide(&l("(8,6):(1,8)"), &tl).unwrap().to_string(),
        "((1,2),(8,3)):((0,8),(1,16))"
    );
}

#[test]
fn steps_parse_print_and_reject_bad_ranks() {
    let s = Step::parse("<1,X,1>").unwrap();
    assert_eq!(s, Step::new(&[Some(1), None, Some(1)]));
    assert_eq!(Step::parse("(_1, _, _1)").unwrap(), s);
    assert_eq!(s.to_string(), "<1,X,1>");
    assert_eq!(Step::parse("<1,Y>").unwrap_err().kind(), "parse");
    assert_eq!(Step::parse("1,X").unwrap_err().kind(), "parse");
    let m = make_counting_tensor(l("(64,32):(1,64)")).unwrap();
    let e = local_tile(
        &m,
        &t("(16,16)"),
        &"(0,0)".parse().unwrap(),
        Some(&Step::parse("<1,X,1>").unwrap()),
    )
    .unwrap_err();
    assert_eq!(e.kind(), "rank_mismatch");
    let e = local_partition(&m, &l("(4,8):(1,4)"), 0, Some(&s)).unwrap_err();
    assert_eq!(e.kind(), "rank_mismatch");
}

#[test]
fn sgemm_1_partitioning_with_steps() {
    // CuTe's sgemm_1 on M = N = 256, K = 64; block (1,1); thread 37.
    let (m, n, k) = (256, 256, 64);
    let m_a = make_counting_tensor(Layout::column_major(&IntTuple::flat([m, k])).unwrap()).unwrap();
    let m_b = make_counting_tensor(Layout::column_major(&IntTuple::flat([n, k])).unwrap()).unwrap();
    let m_c = make_counting_tensor(Layout::column_major(&IntTuple::flat([m, n])).unwrap()).unwrap();
    let cta_tiler = t("(128,128,8)");
    let cta_coord: Coord = "(1,1,_)".parse().unwrap();
    let x11 = Step::parse("<1,X,1>").unwrap();
    let g_a = local_tile(&m_a, &cta_tiler, &cta_coord, Some(&x11)).unwrap();
    let g_b = local_tile(
        &m_b,
        &cta_tiler,
        &cta_coord,
        Some(&Step::parse("<X,1,1>").unwrap()),
    )
    .unwrap();
    let g_c = local_tile(
        &m_c,
        &cta_tiler,
        &cta_coord,
        Some(&Step::parse("<1,1,X>").unwrap()),
    )
    .unwrap();
    assert_eq!(g_a.layout().to_string(), "(128,8,8):(1,256,2048)");
    assert_eq!(g_b.layout().to_string(), "(128,8,8):(1,256,2048)");
    assert_eq!(g_c.layout().to_string(), "(128,128):(1,256)");
    assert_eq!(
        (g_a.base(), g_b.base(), g_c.base()),
        (128, 128, 128 + 128 * 256)
    );
    // The method spelling agrees.
    let g_a2 = m_a
        .clone()
        .local_tile_with_step(&cta_tiler, &cta_coord, &x11)
        .unwrap();
    assert_eq!((g_a2.base(), g_a2.layout()), (g_a.base(), g_a.layout()));
    // Thread partitions of C: (16,16) threads.
    let t_c = l("(16,16):(1,16)");
    let t_c_g_c = local_partition(&g_c, &t_c, 37, None).unwrap();
    assert_eq!(t_c_g_c.layout().to_string(), "(8,8):(16,4096)");
    assert_eq!(t_c_g_c.base(), g_c.base() + 5 + 2 * 256);
    let t_a = local_partition(&g_a, &t_c, 37, Some(&Step::parse("<1,X>").unwrap())).unwrap();
    assert_eq!(
        (t_a.base(), t_a.layout().to_string()),
        (128 + 5, "(8,8,8):(16,256,2048)".to_string())
    );
    let t_b = g_b
        .local_partition_with_step(&t_c, 37, &Step::parse("<X,1>").unwrap())
        .unwrap();
    assert_eq!(
        (t_b.base(), t_b.layout().to_string()),
        (128 + 2, "(8,8,8):(16,256,2048)".to_string())
    );
}

#[test]
fn nested_slices_fragments_and_fills() {
    let data: Vec<i32> = (0..96).collect();
    let tns = Tensor::new(&data[..], l("(4,(4,6)):(1,(4,16))")).unwrap();
    let s = tns.clone().slice(&"(_,(3,_))".parse().unwrap()).unwrap();
    assert_eq!(
        (s.base(), s.layout().to_string()),
        (12, "(4,6):(1,16)".to_string())
    );
    let s = tns.clone().slice(&"(2,(_,5))".parse().unwrap()).unwrap();
    assert_eq!(
        (s.base(), s.layout().to_string()),
        (82, "(4):(4)".to_string())
    );

    let row_major = Tensor::new(&data[..], l("(4,8):(8,1)")).unwrap();
    assert_eq!(
        make_fragment_like(&row_major).unwrap().layout().to_string(),
        "(4,8):(1,4)"
    );
    assert_eq!(
        make_tensor_like(&row_major).unwrap().layout().to_string(),
        "(4,8):(8,1)"
    );
    let three = Tensor::new(&data[..], l("(2,4,3):(1,8,2)")).unwrap();
    // Mode 0 first, then the others in stride order (mode 2 before mode 1).
    assert_eq!(
        make_fragment_like(&three).unwrap().layout().to_string(),
        "(2,4,3):(1,6,2)"
    );
    let mut f = make_fragment_like(&three).unwrap();
    fill(&mut f, 9).unwrap();
    check_fill(&f, &9).unwrap();
    clear(&mut f).unwrap();
    check_fill(&f, &0).unwrap();
    // Sizes are checked with a named error.
    let mut small = Tensor::<Vec<i32>>::fragment(l("5:1")).unwrap();
    let e = copy_if(&|_: i64| true, &three, &mut small).unwrap_err();
    assert_eq!(e.kind(), "not_compatible");
    let mask = Tensor::<Vec<bool>>::fragment(l("3:1")).unwrap();
    let e = copy_if(
        &mask,
        &small.view(),
        &mut Tensor::<Vec<i32>>::fragment(l("5:1")).unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.kind(), "not_compatible");
}

fn divisor_of(n: i64, pick: usize) -> i64 {
    let ds: Vec<i64> = (1..=n).filter(|d| n % d == 0).collect();
    ds[pick % ds.len()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn underscore_tiler_law(
        sizes in prop::collection::vec(prop::sample::select(vec![1i64, 2, 4, 6, 8]), 2..4),
        row in any::<bool>(),
        picks in prop::collection::vec((any::<bool>(), 0usize..8), 4),
    ) {
        let a = compact(&sizes, row);
        let modes = sizes
            .iter()
            .zip(&picks)
            .map(|(&s, &(skip, p))| if skip { Tiler::Hole } else { Tiler::Int(divisor_of(s, p)) })
            .collect();
        let tiler = Tiler::Modes(modes);
        prop_assert_eq!(check_underscore_tiler(&a, &tiler), Ok(()));
    }

    #[test]
    fn local_tile_law(
        (bm, bn, bk) in (1i64..5, 1i64..5, 1i64..4),
        (tm, tn, tk) in (1i64..4, 1i64..4, 1i64..3),
        (cm, cn) in (0i64..4, 0i64..4),
        row in any::<bool>(),
    ) {
        let (m, n, k) = (bm * tm, bn * tn, bk * tk);
        let tiler = Tiler::Modes(vec![Tiler::Int(bm), Tiler::Int(bn), Tiler::Int(bk)]);
        let coord = Coord::Tuple(vec![Coord::Int(cm % tm), Coord::Int(cn % tn), Coord::Hole]);
        for (step, sizes) in [("<1,X,1>", [m, k]), ("<X,1,1>", [n, k]), ("<1,1,X>", [m, n])] {
            let step = Step::parse(step).unwrap();
            prop_assert_eq!(check_local_tile_with_step(&compact(&sizes, row), &tiler, &coord, &step), Ok(()));
        }
    }

    #[test]
    fn local_partition_law(
        (tm, tn) in (1i64..5, 1i64..5),
        (rm, rk) in (1i64..4, 1i64..4),
        thr_row in any::<bool>(),
        row in any::<bool>(),
    ) {
        let thr = compact(&[tm, tn], thr_row);
        // (BM,BK) with BM a multiple of tm for <1,X>, (BN,BK) of tn for <X,1>.
        prop_assert_eq!(
            check_local_partition_with_step(&compact(&[tm * rm, rk], row), &thr, &Step::parse("<1,X>").unwrap()),
            Ok(())
        );
        prop_assert_eq!(
            check_local_partition_with_step(&compact(&[tn * rm, rk], row), &thr, &Step::parse("<X,1>").unwrap()),
            Ok(())
        );
        prop_assert_eq!(
            check_local_partition_with_step(&compact(&[tm * rm, tn * rk], row), &thr, &Step::parse("<1,1>").unwrap()),
            Ok(())
        );
    }

    #[test]
    fn make_fragment_like_law(
        sizes in prop::collection::vec(1i64..5, 1..4),
        strides in prop::collection::vec(-6i64..12, 4),
    ) {
        let layout = Layout::new(
            IntTuple::flat(sizes.iter().copied()),
            IntTuple::flat(strides[..sizes.len()].iter().copied()),
        )
        .unwrap();
        prop_assert_eq!(check_make_fragment_like(&layout), Ok(()));
    }



    #[test]
    fn copy_if_law(
        mask in prop::collection::vec(any::<bool>(), 24),
        row in any::<bool>(),
    ) {
        let src: Vec<i32> = (100..124).collect();
        let mut dst: Vec<i32> = (0..24).collect();
        let s = Tensor::new(&src[..], compact(&[4, 6], row)).unwrap();
        let p = Tensor::new(&mask[..], compact(&[4, 6], !row)).unwrap();
        let mut d = Tensor::new(&mut dst[..], l("(4,6):(1,4)")).unwrap();
        let before: Vec<Option<i32>> = (0..24).map(|i| d.at(i)).collect();
        copy_if(&p, &s, &mut d).unwrap();
        prop_assert_eq!(check_copy_if(&p, &tensor_values(&s), &before, &tensor_values(&d)), Ok(()));
    }

    #[test]
    fn regroup_law(
        sizes in prop::collection::vec(1i64..4, 2..5),
        row in any::<bool>(),
        (b, e) in (0usize..4, 1usize..5),
    ) {
        let layout = compact(&sizes, row);
        let r = sizes.len();
        let (b, e) = (b % r, (e % r) + 1);
        if b < e {
            prop_assert_eq!(check_regroup(&layout, b, e), Ok(()));
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn tensor_partitions(a in arb_admissible_layout(), t0 in 1i64..4, t1 in 1i64..4, c0 in 0i64..3, c1 in 0i64..3, thr in 0i64..8) {
        if a.rank() != 2 { return Ok(()); }
        let tiler: Tiler = format!("<{t0},{t1}>").parse().unwrap();
        let coord: IntTuple = format!("({c0},{c1})").parse().unwrap();
        if let Ok(t) = make_counting_tensor(a.clone()).unwrap().local_tile(&tiler, &coord) {
            prop_assert_eq!(laws::check_local_tile(&a, &tiler, &coord, t.layout(), t.base()), Ok(()));
        }
        let thr_layout: Layout = format!("({t0},{t1}):({t1},1)").parse().unwrap();
        let thr = thr % thr_layout.size();
        if let Ok(p) = make_counting_tensor(a.clone()).unwrap().local_partition(&thr_layout, thr) {
            prop_assert_eq!(laws::check_local_partition(&a, &thr_layout, thr, p.layout(), p.base()), Ok(()));
        }
    }
}
