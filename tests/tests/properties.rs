//! Property tests: every operation's law (`cute_tools::laws`, the one
//! contract) on random inputs, plus the properties that are theorems about
//! the operations rather than their contract (existence, sizes,
//! injectivity). 2,000 cases per property; `CUTE_PROPTEST_CASES=N` for more.

use cute_dynamic::{
    Coord, IntTuple, Layout, LayoutError, Tiler, blocked_product, coalesce, coalesce_by,
    complement, composition, crd2idx, downcast, filter, filter_zeros, flat_divide, flat_product,
    idx2crd, left_inverse, logical_divide, logical_product, make_counting_tensor,
    max_common_layout, max_common_vector, raked_product, right_inverse, tiled_divide,
    tiled_product, zipped_divide, zipped_product,
};
use cute_tests::*;
use cute_tools::laws;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn print_parse_round_trip(l in arb_layout(40)) {
        let text = l.to_string();
        prop_assert!(!text.contains(' '));
        prop_assert_eq!(text.parse::<Layout>().unwrap(), l);
    }

    #[test]
    fn idx2crd_crd2idx_agree_with_call(l in arb_layout(40), i in 0i64..600) {
        let c = idx2crd(i, l.shape());
        prop_assert_eq!(crd2idx(&c, &l).unwrap(), l.call(i));
        prop_assert_eq!(l.checked_call(i).unwrap(), l.call(i));
        // Negative indices follow C++'s truncating division.
        prop_assert_eq!(crd2idx(&IntTuple::int(-i), &l).unwrap(), l.call(-i));
    }

    #[test]
    fn slicing_splits_the_offset(l in arb_layout(40), i in 0i64..4096, holes in prop::collection::vec(any::<bool>(), 4)) {
        // A natural coordinate at the top level, some modes replaced by `_`.
        if l.shape().is_int() { return Ok(()); }
        let c = idx2crd(i % l.size(), l.shape());
        let coord = Coord::Tuple((0..l.rank()).map(|k| if holes[k] { Coord::Hole } else { Coord::from(c.get(k).unwrap()) }).collect());
        let (sub, off) = l.slice(&coord).unwrap();
        prop_assert_eq!(laws::check_slice(&l, &coord, &sub, off), Ok(()));
    }

    #[test]
    fn offsets_iterate_in_order(l in arb_layout(40), split in 0usize..64) {
        prop_assert_eq!(l.offsets().collect::<Vec<_>>(), values(&l));
        // Internal iteration (fold), also after some external steps.
        let mut it = l.offsets();
        let mut v: Vec<i64> = it.by_ref().take(split).collect();
        v = it.fold(v, |mut v, o| { v.push(o); v });
        prop_assert_eq!(v, values(&l));
        let e = l.evaluator();
        prop_assert!((0..3 * l.size()).all(|i| e.call(i as u64) == l.call(i)));
    }

    #[test]
    fn coalesce_property(l in arb_layout(40), p in prop::collection::vec(0i64..=1, 0..=2)) {
        prop_assert_eq!(laws::check_coalesce(&l, &coalesce(&l)), Ok(()));
        let profile: IntTuple = if p.is_empty() { IntTuple::int(1) } else { IntTuple::flat(p) };
        if let Ok(r) = coalesce_by(&l, &profile) {
            prop_assert_eq!(laws::check_coalesce_by(&l, &profile, &r), Ok(()));
        }
    }

    #[test]
    fn filter_property(l in arb_layout(40)) {
        prop_assert_eq!(laws::check_filter(&l, &filter(&l)), Ok(()));
        prop_assert_eq!(laws::check_filter_zeros(&l, &filter_zeros(&l)), Ok(()));
    }

    #[test]
    fn composition_property(a in arb_layout(30), b in arb_layout(12)) {
        if let Ok(r) = composition(&a, &b) {
            prop_assert_eq!(laws::check_composition(&a, &b, &r), Ok(()));
        }
    }

    #[test]
    fn composition_admissible_property(a in arb_admissible_layout(), b in arb_admissible_layout()) {
        // B's image inside A's domain: composition of compact layouts.
        match composition(&a, &b) {
            Ok(r) => prop_assert_eq!(laws::check_composition(&a, &b, &r), Ok(())),
            Err(e) => prop_assert!(matches!(e, LayoutError::StrideDivisibility { .. } | LayoutError::ShapeDivisibility { .. } | LayoutError::Carry { .. }), "{}", e),
        }
    }

    #[test]
    fn composition_by_mode_property(a in arb_admissible_layout(), t0 in 1i64..5, d0 in 0i64..3, t1 in 1i64..5) {
        if a.rank() < 2 { return Ok(()); }
        let tiler: Tiler = format!("<{t0}:{d0},{t1}>").parse().unwrap();
        if let Ok(r) = composition(&a, &tiler) {
            prop_assert_eq!(laws::check_composition(&a, &tiler, &r), Ok(()));
        }
    }

    #[test]
    fn complement_property(a in arb_layout(24), m in 1i64..200) {
        match complement(&a, m) {
            Ok(r) => prop_assert_eq!(laws::check_complement(&a, m, &r), Ok(())),
            Err(e) => {
                prop_assert_eq!(e.kind(), "complement_overlap");
                prop_assert!(!strides_nest(&a), "{} nests but complement failed: {}", a, e);
            }
        }
    }

    #[test]
    fn complement_of_injective_layouts_exists(a in arb_admissible_layout(), k in 1i64..4) {
        let m = a.cosize().unwrap() * k;
        let r = complement(&a, m).unwrap();
        prop_assert_eq!(laws::check_complement(&a, m, &r), Ok(()));
    }

    #[test]
    fn right_inverse_property(l in arb_layout(24)) {
        prop_assert_eq!(laws::check_right_inverse(&l, &right_inverse(&l).unwrap()), Ok(()));
    }

    #[test]
    fn right_inverse_with_negative_strides(
        leaves in prop::collection::vec((1i64..=6, -12i64..=12), 1..=4),
        group in prop::collection::vec(any::<bool>(), 4),
    ) {
        let l: Layout = layout_text(&leaves, &group, false).parse().unwrap();
        prop_assert_eq!(laws::check_right_inverse(&l, &right_inverse(&l).unwrap()), Ok(()));
    }

    #[test]
    fn right_inverse_of_bijections_is_full(l in arb_admissible_layout()) {
        let r = right_inverse(&l).unwrap();
        prop_assert_eq!(r.size(), l.size(), "{} R = {}", l, r);
    }

    #[test]
    fn left_inverse_property(l in arb_layout(24)) {
        if let Ok(r) = left_inverse(&l) {
            prop_assert_eq!(laws::check_left_inverse(&l, &r), Ok(()));
        }
    }

    #[test]
    fn left_inverse_of_injective_compact_layouts_exists(l in arb_admissible_layout()) {
        let r = left_inverse(&l).unwrap();
        prop_assert_eq!(laws::check_left_inverse(&l, &r), Ok(()));
    }

    #[test]
    fn divides_by_a_layout(a in arb_admissible_layout(), b in arb_layout(8)) {
        if let Ok(r) = logical_divide(&a, &b) {
            prop_assert_eq!(laws::check_logical_divide(&a, &b, &r), Ok(()));
            prop_assert_eq!(laws::check_zipped_divide(&a, &b, &zipped_divide(&a, &b).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_tiled_divide(&a, &b, &tiled_divide(&a, &b).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_flat_divide(&a, &b, &flat_divide(&a, &b).unwrap()), Ok(()));
        }
    }

    #[test]
    fn divides_by_mode(a in arb_admissible_layout(), t0 in 1i64..4, t1 in 1i64..4, d1 in 1i64..3) {
        if a.rank() < 2 { return Ok(()); }
        let tiler: Tiler = format!("<{t0},{t1}:{d1}>").parse().unwrap();
        if let Ok(r) = logical_divide(&a, &tiler) {
            prop_assert_eq!(laws::check_logical_divide(&a, &tiler, &r), Ok(()));
            prop_assert_eq!(laws::check_zipped_divide(&a, &tiler, &zipped_divide(&a, &tiler).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_tiled_divide(&a, &tiler, &tiled_divide(&a, &tiler).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_flat_divide(&a, &tiler, &flat_divide(&a, &tiler).unwrap()), Ok(()));
        }
    }

    #[test]
    fn products_by_a_layout(a in arb_admissible_layout(), b in arb_layout(6)) {
        if let Ok(r) = logical_product(&a, &b) {
            prop_assert_eq!(laws::check_logical_product(&a, &b, &r), Ok(()));
            if injective(&b) {
                prop_assert!(injective(&r), "{} x {} = {} is not injective", a, b, r);
            }
            prop_assert_eq!(laws::check_zipped_product(&a, &b, &zipped_product(&a, &b).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_tiled_product(&a, &b, &tiled_product(&a, &b).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_flat_product(&a, &b, &flat_product(&a, &b).unwrap()), Ok(()));
        }
    }

    #[test]
    fn products_by_mode(a in arb_admissible_layout(), t0 in 1i64..4, t1 in 1i64..4, d1 in 1i64..3) {
        if a.rank() < 2 { return Ok(()); }
        let tiler: Tiler = format!("<{t0},{t1}:{d1}>").parse().unwrap();
        if let Ok(r) = logical_product(&a, &tiler) {
            prop_assert_eq!(laws::check_logical_product(&a, &tiler, &r), Ok(()));
            prop_assert_eq!(laws::check_zipped_product(&a, &tiler, &zipped_product(&a, &tiler).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_tiled_product(&a, &tiler, &tiled_product(&a, &tiler).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_flat_product(&a, &tiler, &flat_product(&a, &tiler).unwrap()), Ok(()));
        }
    }

    #[test]
    fn max_common_vector_property(a in arb_admissible_layout(), b in arb_admissible_layout()) {
        if a.size() != b.size() { return Ok(()); }
        if let (Ok(k), Ok(common)) = (max_common_vector(&a, &b), max_common_layout(&a, &b)) {
            prop_assert_eq!(laws::check_max_common_layout(&a, &b, &common), Ok(()));
            prop_assert_eq!(laws::check_max_common_vector(&a, &b, k), Ok(()));
        }
    }

    #[test]
    fn blocked_and_raked_products(a in arb_admissible_layout(), b in arb_admissible_layout()) {
        if let Ok(r) = blocked_product(&a, &b) {
            prop_assert_eq!(laws::check_blocked_product(&a, &b, &r), Ok(()));
        }
        if let Ok(r) = raked_product(&a, &b) {
            prop_assert_eq!(laws::check_raked_product(&a, &b, &r), Ok(()));
        }
    }

    #[test]
    fn downcast_property(l in arb_admissible_layout(), n in 1i64..5) {
        prop_assert_eq!(laws::check_downcast(n, &l, &downcast(n, &l).unwrap()), Ok(()));
    }

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

    #[test]
    fn every_operation_through_apply_satisfies_its_law(
        op in 0usize..cute_tools::OPERATIONS.len(),
        leaves in prop::collection::vec((1i64..=6, -8i64..=12), 1..=4),
        group in prop::collection::vec(any::<bool>(), 4),
        b in arb_layout(8),
        m in 1i64..100,
    ) {
        // What the fuzz target does, on random operands (negative strides
        // included): whatever succeeds satisfies its law.
        let op = cute_tools::OPERATIONS[op].name;
        let a = layout_text(&leaves, &group, false);
        let (b, m) = (b.to_string(), m.to_string());
        for args in [vec![a.as_str()], vec![a.as_str(), b.as_str()], vec![a.as_str(), m.as_str()]] {
            if let Ok(out) = cute_tools::apply(op, &args) {
                prop_assert_eq!(cute_tools::check_law(op, &args, &out), Ok(()), "{}{:?} = {}", op, args, out);
            }
        }
    }
}
