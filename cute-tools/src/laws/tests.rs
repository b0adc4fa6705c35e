//! The laws' own tests: each law accepts the results it should and
//! rejects planted wrong ones.

use super::*;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}
fn t(s: &str) -> Tiler {
    s.parse().unwrap()
}

#[test]
fn tiled_mma_and_copy_laws_reject_wrong_layouts() {
    let f = cute_dynamic::ValueType::Float;
    let types = cute_dynamic::MmaValueTypes {
        d: f,
        a: f,
        b: f,
        c: f,
    };
    let one = l("(1,1):(0,0)");
    let atom = cute_dynamic::MmaAtom::new(
        "UniversalFMA",
        [1, 1, 1],
        l("1:0"),
        [one.clone(), one.clone(), one],
        types,
    )
    .unwrap();
    let mma = cute_dynamic::make_tiled_mma(&atom, Some(&l("(4,2,1)")), None).unwrap();
    let c = mma.layout_c_tv().unwrap();
    assert_eq!(c.to_string(), "(8,(1,(1,1))):(1,(0,(0,0)))");
    assert!(check_tiled_mma(&mma, cute_dynamic::MmaOperand::OperandC, &c).is_ok());
    let wrong = l("(8,(1,(1,1))):(2,(0,(0,0)))");
    let v = check_tiled_mma(&mma, cute_dynamic::MmaOperand::OperandC, &wrong).unwrap_err();
    assert_eq!(v.law, "tiled_mma");
    let copy_atom = cute_dynamic::CopyAtom::new(
        "UniversalCopy<uint32_t>",
        l("1:0"),
        [l("(1,32):(0,1)"), l("(1,32):(0,1)"), l("(1,32):(0,1)")],
    )
    .unwrap();
    let copy = cute_dynamic::make_tiled_copy(&copy_atom, f, &l("(4,2)"), &l("(1,2)")).unwrap();
    let s = copy.layout_s_tv().unwrap();
    assert!(check_tiled_copy(&copy, cute_dynamic::CopySide::Src, &s).is_ok());
    assert!(check_tiled_copy(&copy, cute_dynamic::CopySide::Src, &l("(8,2):(1,8)")).is_err());
}

#[test]
fn every_law_accepts_the_right_result_and_rejects_a_wrong_one() {
    let ok = |r: Result<(), Violation>| r.unwrap();
    let bad = |r: Result<(), Violation>| {
        let v = r.unwrap_err();
        assert!(!v.to_string().is_empty());
        v
    };
    let a = l("(2,(1,6)):(1,(6,2))");
    ok(check_coalesce(&a, &cute_dynamic::coalesce(&a)));
    bad(check_coalesce(&a, &l("(2,6):(1,2)"))); // not minimal
    bad(check_coalesce(&a, &l("12:2"))); // wrong values
    bad(check_coalesce(&a, &l("(12,1):(1,0)"))); // a size-1 mode
    let p: IntTuple = "(1,1)".parse().unwrap();
    let b = l("((2,2),(2,2),3):((1,2),(4,8),16)");
    ok(check_coalesce_by(
        &b,
        &p,
        &cute_dynamic::coalesce_by(&b, &p).unwrap(),
    ));
    bad(check_coalesce_by(&b, &p, &l("(4,4,3):(1,4,17)")));

    let f = l("(4,(2,3)):(0,(1,2))");
    ok(check_filter(&f, &cute_dynamic::filter(&f)));
    bad(check_filter(&f, &l("(4,6):(0,1)")));
    ok(check_filter_zeros(&f, &cute_dynamic::filter_zeros(&f)));
    bad(check_filter_zeros(&f, &f));

    let (a, b) = (l("(4,6,8,10):(2,3,5,7)"), l("6:12"));
    ok(check_composition(&a, &b, &l("(2,3):(9,5)")));
    let v = bad(check_composition(&a, &b, &l("(2,3):(9,4)")));
    assert_eq!(v.law, "composition");
    assert_eq!(v.witness.as_deref(), Some("(0,1)"));
    bad(check_composition(&a, &b, &l("6:9"))); // same size, wrong profile? values differ
    bad(check_composition(&a, &b, &l("(3,2):(9,5)")));
    let tt = t("<2:2,3:1>");
    let a2 = l("(8,6):(1,8)");
    ok(check_composition(
        &a2,
        &tt,
        &cute_dynamic::composition(&a2, &tt).unwrap(),
    ));
    bad(check_composition(&a2, &tt, &l("(2,3):(2,9)")));

    ok(check_complement(&l("4:32"), 256, &l("(32,2):(1,128)")));
    bad(check_complement(&l("4:32"), 256, &l("(32,2):(1,64)"))); // overlaps
    bad(check_complement(&l("4:32"), 256, &l("(32,4):(1,128)"))); // too far
    bad(check_complement(&l("4:32"), 256, &l("32:1"))); // too short
    bad(check_complement(&l("4:2"), 8, &l("(2,2):(4,1)"))); // not increasing

    let r = l("(4,8):(8,1)");
    ok(check_right_inverse(&r, &l("(8,4):(4,1)")));
    bad(check_right_inverse(&r, &l("(4,8):(8,1)")));
    let li = l("(4,8):(1,5)");
    ok(check_left_inverse(&li, &l("(5,8):(1,4)")));
    bad(check_left_inverse(&li, &l("(5,8):(1,5)")));

    let (a, b) = (l("(8,8):(1,8)"), t("<2:1,4:1>"));
    let d = cute_dynamic::logical_divide(&a, &b).unwrap();
    ok(check_logical_divide(&a, &b, &d));
    bad(check_logical_divide(
        &a,
        &b,
        &l("((2,4),(4,2)):((1,2),(8,16))"),
    ));
    let z = cute_dynamic::zipped_divide(&a, &b).unwrap();
    ok(check_zipped_divide(&a, &b, &z));
    bad(check_zipped_divide(&a, &b, &d));
    ok(check_tiled_divide(
        &a,
        &b,
        &cute_dynamic::tiled_divide(&a, &b).unwrap(),
    ));
    bad(check_tiled_divide(&a, &b, &z));
    ok(check_flat_divide(
        &a,
        &b,
        &cute_dynamic::flat_divide(&a, &b).unwrap(),
    ));
    bad(check_flat_divide(
        &a,
        &b,
        &cute_dynamic::tiled_divide(&a, &b).unwrap(),
    ));

    let (a, b) = (l("(2,2):(1,2)"), l("(3,4):(1,3)"));
    let p = cute_dynamic::logical_product(&a, &b).unwrap();
    ok(check_logical_product(&a, &b, &p));
    bad(check_logical_product(
        &a,
        &b,
        &l("((2,2),(3,4)):((1,2),(4,16))"),
    ));
    ok(check_zipped_product(
        &a,
        &b,
        &cute_dynamic::zipped_product(&a, &b).unwrap(),
    ));
    ok(check_tiled_product(
        &a,
        &b,
        &cute_dynamic::tiled_product(&a, &b).unwrap(),
    ));
    ok(check_flat_product(
        &a,
        &b,
        &cute_dynamic::flat_product(&a, &b).unwrap(),
    ));
    bad(check_flat_product(&a, &b, &p));
    let blocked = l("((2,3),(2,4)):((1,4),(2,12))");
    let raked = l("((3,2),(4,2)):((4,1),(12,2))");
    ok(check_blocked_product(&a, &b, &blocked));
    ok(check_raked_product(&a, &b, &raked));
    bad(check_blocked_product(&a, &b, &raked));
    bad(check_raked_product(&a, &b, &blocked));

    let (a, b) = (l("(4,8):(1,4)"), l("(4,8):(1,8)"));
    ok(check_max_common_layout(
        &a,
        &b,
        &cute_dynamic::max_common_layout(&a, &b).unwrap(),
    ));
    bad(check_max_common_layout(&a, &b, &l("8:1")));
    ok(check_max_common_vector(&a, &b, 4));
    bad(check_max_common_vector(&a, &b, 8));

    let s = l("((3,2),((2,3),2)):((4,1),((2,15),100))");
    let c: Coord = "(2,((0,_),_))".parse().unwrap();
    let (sub, off) = s.slice(&c).unwrap();
    ok(check_slice(&s, &c, &sub, off));
    bad(check_slice(&s, &c, &sub, off + 1));
    bad(check_slice(&s, &c, &l("(3,2):(15,101)"), off));

    let dl = l("(4,8):(1,4)");
    ok(check_downcast(
        2,
        &dl,
        &cute_dynamic::downcast(2, &dl).unwrap(),
    ));
    bad(check_downcast(2, &dl, &l("(8,8):(1,16)")));

    ok(check_swizzle(&Swizzle::new(3, 4, 3).unwrap()));
    ok(check_swizzle(&Swizzle::new(2, 0, -3).unwrap()));
    bad(check_block_involution("x+1 mod 8", 8, |x| {
        x - x % 8 + (x + 1) % 8
    }));
    bad(check_block_involution("x+8", 8, |x| x ^ 8));

    let sl = |t: &str| t.parse::<SwizzledLayout>().unwrap();
    let a = sl("Sw<3,3,3> o 8 o (8,64):(64,1)");
    let b = l("(4,8):(1,64)");
    let r = a.compose(&b).unwrap();
    ok(check_swizzled_composition(&a, &b, &r));
    bad(check_swizzled_composition(
        &a,
        &b,
        &sl("Sw<3,3,3> o 0 o (4,8):(64,1)"),
    ));
    bad(check_swizzled_composition(
        &a,
        &b,
        &sl("Sw<2,3,3> o 8 o (4,8):(64,1)"),
    ));
    bad(check_swizzled_composition(
        &a,
        &b,
        &sl("Sw<3,3,3> o 8 o (4,8):(64,2)"),
    ));
    let t: Tiler = "<2,16>".parse().unwrap();
    let r = a.zipped_divide(&t).unwrap();
    ok(check_swizzled_divide(&a, &t, &r, check_zipped_divide));
    bad(check_swizzled_divide(&a, &t, &r, check_logical_divide));
    bad(check_swizzled_divide(
        &a,
        &t,
        &sl("Sw<3,3,3> o 0 o ((2,16),(4,4)):((64,1),(128,16))"),
        check_zipped_divide,
    ));
    let c: Coord = "(3,_)".parse().unwrap();
    let r = a.slice(&c).unwrap();
    ok(check_swizzled_slice(&a, &c, &r));
    // The offset moved past the swizzle is wrong: Sw(8 + 192 + j) ≠ 200 + Sw(j).
    bad(check_swizzled_slice(
        &a,
        &c,
        &sl("Sw<3,3,3> o 0 o (64):(1)"),
    ));
    bad(check_swizzled_slice(
        &a,
        &c,
        &sl("Sw<3,3,3> o 201 o (64):(1)"),
    ));
}

#[test]
fn tensor_partitions() {
    use cute_dynamic::make_counting_tensor;
    let lay = l("(8,8):(1,8)");
    let thr = l("(2,4):(4,1)");
    let p = make_counting_tensor(lay.clone())
        .unwrap()
        .local_partition(&thr, 5)
        .unwrap();
    check_local_partition(&lay, &thr, 5, p.layout(), p.base()).unwrap();
    assert!(check_local_partition(&lay, &thr, 4, p.layout(), p.base()).is_err());
    let tiler = t("<4,2>");
    let coord: IntTuple = "(1,3)".parse().unwrap();
    let tile = make_counting_tensor(lay.clone())
        .unwrap()
        .local_tile(&tiler, &coord)
        .unwrap();
    check_local_tile(&lay, &tiler, &coord, tile.layout(), tile.base()).unwrap();
    assert!(check_local_tile(&lay, &tiler, &coord, tile.layout(), tile.base() + 1).is_err());
}

#[test]
fn sampled_domains_are_bounded() {
    assert_eq!(points(10).count(), 10);
    let n = 1 << 30;
    let v: Vec<i64> = points(n).collect();
    assert!(v.len() as i64 <= EXHAUSTIVE_LIMIT + 2);
    assert_eq!(*v.last().unwrap(), n - 1);
    assert!(v.iter().all(|&i| (0..n).contains(&i)));
}

#[test]
fn laws_on_text() {
    use crate::check_law;
    check_law(
        "composition",
        &["(4,6,8,10):(2,3,5,7)", "6:12"],
        "(2,3):(9,5)",
    )
    .unwrap();
    assert!(
        check_law(
            "composition",
            &["(4,6,8,10):(2,3,5,7)", "6:12"],
            "(2,3):(9,6)"
        )
        .is_err()
    );
    check_law("slice", &["(4,8):(8,1)", "(_,2)"], "2|(4):(8)").unwrap();
    check_law("complement", &["4:32"], "32:1").unwrap();
    check_law("max_common_vector", &["(4,8):(1,4)", "(4,8):(1,8)"], "4").unwrap();
    check_law("size", &["4:1"], "4").unwrap();
    assert_eq!(
        check_law("frobnicate", &["4:1"], "4").unwrap_err().law,
        "unknown"
    );
    // The operations another table branch adds, in their printed forms.
    check_law("shape_div", &["(4,5,6)", "40"], "(1,1,3)").unwrap();
    assert!(check_law("shape_div", &["(4,5,6)", "40"], "(1,5,3)").is_err());
    check_law("product_each", &["32"], "(32)").unwrap();
    assert!(check_law("product_each", &["32"], "32").is_err());
    check_law("congruent", &["((1,2),3)", "((5,6),7)"], "true").unwrap();
    assert!(check_law("congruent", &["(1,2)", "((1,2),3)"], "true").is_err());
    check_law("compatible", &["30", "(2,15)"], "true").unwrap();
    assert!(check_law("compatible", &["(2,(3,5))", "(2,15)"], "true").is_err());
    check_law("weakly_congruent", &["(1,2)", "((1,2),(3,4))"], "true").unwrap();
    assert!(check_law("weakly_congruent", &["((1,2),(3,4))", "(1,2)"], "true").is_err());
    assert!(check_law("elem_less", &["(3,(1,7))", "(4,(2,8))"], "maybe").is_err());
    check_law("domain_offset", &["(1,2)", "(4,8):(1,4)"], "9|(4,8):(1,4)").unwrap();
    assert!(check_law("domain_offset", &["(1,2)", "(4,8):(1,4)"], "8|(4,8):(1,4)").is_err());
    check_law("tile_to_shape", &["8:1", "32"], "((8,(4))):((1,(8)))").unwrap();
    check_law(
        "tile_to_shape",
        &["(2,2):(1,2)", "(4,4)", "(1,0)"],
        "((2,2),(2,2)):((1,8),(2,4))",
    )
    .unwrap();
    assert!(
        check_law(
            "tile_to_shape",
            &["(2,2):(1,2)", "(4,4)"],
            "((2,2),4):((1,8),2)"
        )
        .is_err()
    );
    check_law(
        "domain_distribute",
        &["(4,6)", "8"],
        &cute_dynamic::domain_distribute(&"(4,6)".parse().unwrap(), 8)
            .unwrap()
            .to_string(),
    )
    .unwrap();
    check_law("swizzle", &["3,4,3", "128"], "144").unwrap();
    assert!(check_law("swizzle", &["3,4,3", "128"], "145").is_err());
    check_law("descriptor", &["( 1@0 , 8/2@1 )"], "(1@0,4@1)").unwrap();
    assert!(check_law("descriptor", &["( 1@0 , 8/2@1 )"], "(1@0,8@1)").is_err());
    assert_eq!(
        check_law("filter", &["(4"], "4:1").unwrap_err().law,
        "parse"
    );
}

#[test]
fn recasts() {
    let a = l("(4,8):(1,4)");
    ok_law(check_upcast(2, &a, &cute_dynamic::upcast(2, &a).unwrap()));
    assert!(check_upcast(2, &a, &l("(2,8):(1,4)")).is_err()); // leaf rule
    assert!(check_upcast(2, &a, &l("(4,8):(1,2)")).is_err());
    assert!(check_upcast(2, &a, &l("((2),8):((1),2)")).is_err()); // profile
    let b = l("(8,64):(64,1)");
    ok_law(check_upcast(8, &b, &cute_dynamic::upcast(8, &b).unwrap()));
    assert!(check_upcast(0, &b, &b).is_err());
    for (old, new) in [(16, 32), (32, 16), (8, 8), (16, 24), (24, 16)] {
        let r = cute_dynamic::recast_layout(old, new, &a).unwrap();
        ok_law(check_recast_layout(old, new, &a, &r));
    }
    assert!(check_recast_layout(16, 32, &a, &cute_dynamic::downcast(2, &a).unwrap()).is_err());
    assert!(check_recast_layout(32, 16, &a, &l("(8,8):(1,4)")).is_err());
    assert!(check_recast_layout(8, 8, &a, &l("(4,8):(1,5)")).is_err());
}

fn ok_law(r: Result<(), Violation>) {
    if let Err(v) = r {
        panic!("{v}");
    }
}

#[test]
fn int_tuple_and_surface_laws_reject_wrong_results() {
    let it = |s: &str| -> IntTuple { s.parse().unwrap() };
    ok_law(check_shape_div(&it("(4,5,6)"), &it("40"), &it("(1,1,3)")));
    assert!(check_shape_div(&it("(4,5,6)"), &it("40"), &it("(1,1,6)")).is_err());
    ok_law(check_ceil_div(&it("(10,7)"), &it("(4,2)"), &it("(3,4)")));
    assert!(check_ceil_div(&it("(10,7)"), &it("(4,2)"), &it("(2,4)")).is_err());
    ok_law(check_round_up(&it("(10,7)"), &it("(8)"), &it("(16,7)")));
    assert!(check_round_up(&it("(10,7)"), &it("(8)"), &it("(24,7)")).is_err());
    ok_law(check_product_each(&it("((2,3),4)"), &it("(6,4)")));
    ok_law(check_product_each(&it("7"), &it("(7)")));
    assert!(check_product_each(&it("7"), &it("7")).is_err());
    assert!(check_product_each(&it("((2,3),4)"), &it("(6,(4))")).is_err());
    ok_law(check_inner_product(
        &it("(2,(3,4))"),
        &it("(1,(10,100))"),
        432,
    ));
    assert!(check_inner_product(&it("(2,(3,4))"), &it("(1,(10,100))"), 431).is_err());
    ok_law(check_elem_scale(&it("3"), &it("(2,5)"), &it("30")));
    assert!(check_elem_scale(&it("3"), &it("(2,5)"), &it("(30)")).is_err());
    ok_law(check_evenly_divides(&it("(128,64)"), &it("(32,16)"), true));
    assert!(check_evenly_divides(&it("(100,64)"), &it("(32,16)"), true).is_err());
    ok_law(check_congruent(&it("(1,(2,3))"), &it("(4,(5,6))"), true));
    assert!(check_congruent(&it("(1,(2,3))"), &it("(4,5)"), true).is_err());
    ok_law(check_weakly_congruent(&it("7"), &it("(4,(5,6))"), true));
    assert!(check_weakly_congruent(&it("(4,(5,6))"), &it("7"), true).is_err());
    ok_law(check_compatible(&it("30"), &it("(2,15)"), true));
    assert!(check_compatible(&it("30"), &it("(2,14)"), true).is_err());
    ok_law(check_lex_less(&it("(1,5)"), &it("(2,0)"), true));
    assert!(check_lex_less(&it("(1,5)"), &it("(2,0)"), false).is_err());
    ok_law(check_colex_less(&it("(5,1)"), &it("(0,2)"), true));
    assert!(check_colex_less(&it("(5,1)"), &it("(0,2)"), false).is_err());
    ok_law(check_elem_less(&it("(3,(1,7))"), &it("(4,(2,8))"), true));
    assert!(check_elem_less(&it("(3,(2,7))"), &it("(4,(2,8))"), true).is_err());
    ok_law(check_elem_leq(&it("(5,(1,9))"), &it("(4,(2,8))"), true));
    assert!(check_elem_leq(&it("(5,(3,9))"), &it("(4,(2,8))"), true).is_err());
    ok_law(check_elem_gtr(&it("(4,(2,8))"), &it("(3,(1,7))"), true));
    assert!(check_elem_gtr(&it("(4,(2,8))"), &it("(3,(2,7))"), true).is_err());
    ok_law(check_elem_geq(&it("()"), &it("()"), false));
    assert!(check_elem_geq(&it("(3,(1,7))"), &it("(4,(2,8))"), true).is_err());
    ok_law(check_weakly_compatible(
        &it("(2,5)"),
        &it("(4,(3,5))"),
        true,
    ));
    assert!(check_weakly_compatible(&it("(2,4)"), &it("(4,(3,5))"), true).is_err());
    ok_law(check_abs(&it("(-3,(4,-5))"), &it("(3,(4,5))")));
    assert!(check_abs(&it("(-3,(4,-5))"), &it("(3,4,5)")).is_err());
    assert!(check_abs(&it("(-3,(4,-5))"), &it("(3,(4,-5))")).is_err());

    let n = l("(2,4,6):(1,2,0)");
    ok_law(check_nullspace(&n, &cute_dynamic::nullspace(&n)));
    assert!(check_nullspace(&n, &l("6:1")).is_err());
    let d = l("(4,8):(1,4)");
    ok_law(check_domain_offset(&it("(1,2)"), &d, &d, 9));
    assert!(check_domain_offset(&it("(1,2)"), &d, &d, 8).is_err());
    assert!(check_domain_offset(&it("(1,2)"), &d, &l("(4,8):(1,5)"), 9).is_err());
    let c: Coord = "(_,1)".parse().unwrap();
    ok_law(check_dice(&c, &d, &cute_dynamic::dice(&c, &d).unwrap()));
    assert!(check_dice(&c, &d, &l("4:1")).is_err());
    let (shape, order) = (it("(2,3,4)"), it("(2,0,1)"));
    ok_law(check_make_ordered_layout(
        &shape,
        &order,
        &cute_dynamic::make_ordered_layout(&shape, &order).unwrap(),
    ));
    assert!(check_make_ordered_layout(&shape, &order, &l("(2,3,4):(1,2,6)")).is_err());
    let like = l("(4,8):(8,1)");
    ok_law(check_make_layout_like(
        &like,
        &cute_dynamic::make_layout_like(&like).unwrap(),
    ));
    assert!(check_make_layout_like(&like, &l("(4,8):(1,4)")).is_err());
    // make_layout of layouts: one mode per operand.
    let (m0, m1) = (l("(2,3):(1,2)"), l("4:6"));
    ok_law(check_make_layout_of(
        &[m0.clone(), m1.clone()],
        &l("((2,3),4):((1,2),6)"),
    ));
    assert!(check_make_layout_of(&[m0.clone(), m1.clone()], &l("((2,3),4):((1,2),7)")).is_err());
    assert!(check_make_layout_of(std::slice::from_ref(&m0), &l("(2,3):(1,2)")).is_err());
    ok_law(check_make_layout_of(&[m0], &l("((2,3)):((1,2))")));
    // Tied strides: one shared stride (CuTe's answer), compact as one mode.
    for (like, good, bad) in [
        ("(4,8):(1,1)", "(4,8):(1,1)", "(4,8):(1,4)"),
        ("(4,8,2):(1,1,7)", "(4,8,2):(1,1,32)", "(4,8,2):(1,1,4)"),
        (
            "(2,(4,8)):(9,(-2,-2))",
            "(2,(4,8)):(32,(1,1))",
            "(2,(4,8)):(32,(1,2))",
        ),
    ] {
        let like = l(like);
        ok_law(check_make_layout_like(
            &like,
            &cute_dynamic::make_layout_like(&like).unwrap(),
        ));
        assert_eq!(cute_dynamic::make_layout_like(&like).unwrap(), l(good));
        assert!(check_make_layout_like(&like, &l(bad)).is_err(), "{bad}");
    }
    let (ga, gb) = (it("(4,6)"), it("(8,3)"));
    ok_law(check_greatest_common_domain(
        &ga,
        &gb,
        &cute_dynamic::greatest_common_domain(&ga, &gb).unwrap(),
    ));
    assert!(check_greatest_common_domain(&ga, &gb, &l("(2,2):(2,1)")).is_err());
    let (aa, ab) = (l("(4,8):(1,4)"), l("(4,8):(0,1)"));
    ok_law(check_layout_add(
        &aa,
        &ab,
        &cute_dynamic::layout_add(&aa, &ab).unwrap(),
    ));
    assert!(check_layout_add(&aa, &ab, &aa).is_err());
    let ds = it("(4,6)");
    ok_law(check_domain_distribute(
        &ds,
        8,
        &cute_dynamic::domain_distribute(&ds, 8).unwrap(),
    ));
    assert!(check_domain_distribute(&ds, 8, &l("3:1")).is_err());
}

#[test]
fn tile_to_shape_by_its_definition() {
    let it = |s: &str| -> IntTuple { s.parse().unwrap() };
    let atom = l("(8,8):(8,1)");
    let shape = it("(32,64)");
    // CuTe C++'s answers (tests/cute-cpp/surface.expected).
    ok_law(check_tile_to_shape(
        &atom,
        &shape,
        None,
        &l("((8,4),(8,8)):((8,64),(1,256))"),
    ));
    let o = it("(2,1)");
    ok_law(check_tile_to_shape(
        &atom,
        &shape,
        Some(&o),
        &l("((8,4),(8,8)):((8,512),(1,64))"),
    ));
    // Coalesced (older CuTe), coalesced across modes, tiles in the
    // wrong order, a tile not a copy of the block.
    assert!(check_tile_to_shape(&atom, &shape, None, &l("(32,(8,8)):(8,(1,256))")).is_err());
    assert!(
        check_tile_to_shape(&atom, &shape, None, &l("((8,4),(8,8)):((8,512),(1,64))")).is_err()
    );
    assert!(check_tile_to_shape(&atom, &shape, None, &l("(32,(8,8)):(1,(32,256))")).is_err());
    ok_law(check_tile_to_shape(
        &l("8:1"),
        &it("32"),
        None,
        &l("((8,(4))):((1,(8)))"),
    ));
    ok_law(check_tile_to_shape(
        &l("8:1"),
        &it("(32)"),
        None,
        &l("((8,(4))):((1,(8)))"),
    ));
    assert!(check_tile_to_shape(&l("8:1"), &it("32"), None, &l("(32):(1)")).is_err());
    assert!(check_tile_to_shape(&l("(2,2,2):(1,2,4)"), &shape, None, &atom).is_err());
}

#[test]
fn a_wrong_gmma_descriptor_breaks_its_law() {
    let smem =
        cute_dynamic::__tools::smem_layout("Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)").unwrap();
    let k = cute_dynamic::GmmaMajor::K;
    let d = cute_dynamic::make_gmma_desc(k, &smem, 16, 1024).unwrap();
    assert_eq!(check_gmma_desc(k, &smem, 16, 1024, d), Ok(()));
    // Another stride byte offset, another address, another major.
    let mut sbo = d;
    sbo.set_stride_byte_offset(32).unwrap();
    for (major, address, desc) in [
        (k, 1024, sbo),
        (k, 2048, d),
        (cute_dynamic::GmmaMajor::MN, 1024, d),
    ] {
        let e = check_gmma_desc(major, &smem, 16, address, desc).unwrap_err();
        assert_eq!(e.law, "GMMA descriptor", "{e}");
    }
}
