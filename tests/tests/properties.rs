//! Property tests: every defining property of docs/semantics.md#operations, by brute force on
//! random inputs (2,000 cases per property; `CUTE_PROPTEST_CASES=N` for more).

use cute_dynamic::{
    Coord, IntTuple, Layout, LayoutError, Tiler, blocked_product, coalesce, complement,
    composition, crd2idx, filter, flat_divide, idx2crd, left_inverse, logical_divide,
    logical_product, max_common_layout, max_common_vector, raked_product, right_inverse,
    tiled_divide, zipped_divide, zipped_product,
};
use cute_tests::*;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn sorted(mut v: Vec<i64>) -> Vec<i64> {
    v.sort_unstable();
    v
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
        let i = i % l.size();
        let c = idx2crd(i, l.shape());
        let top: Vec<IntTuple> = if l.shape().is_int() { vec![c.clone()] } else { (0..l.rank()).map(|k| c.get(k).unwrap().to_owned()).collect() };
        if l.shape().is_int() { return Ok(()); }
        let coord = Coord::Tuple(top.iter().enumerate().map(|(k, t)| if holes[k] { Coord::Hole } else { Coord::from(t.as_ref()) }).collect());
        let (sub, off) = l.slice(&coord).unwrap();
        let kept: Vec<IntTuple> = top.iter().enumerate().filter(|(k, _)| holes[*k]).map(|(_, t)| t.clone()).collect();
        let sub_coord = IntTuple::tuple(kept.iter().map(|t| t.as_ref()));
        prop_assert_eq!(sub.call_coord(&sub_coord).unwrap() + off, l.call(i), "{} sliced by {} = {} + {}", l, coord, off, sub);
    }

    #[test]
    fn offsets_iterate_in_order(l in arb_layout(40)) {
        prop_assert_eq!(l.offsets().collect::<Vec<_>>(), values(&l));
        let e = l.evaluator();
        prop_assert!((0..3 * l.size()).all(|i| e.call(i as u64) == l.call(i)));
    }

    #[test]
    fn coalesce_property(l in arb_layout(40)) {
        let r = coalesce(&l);
        prop_assert_eq!(check_coalesce(&l, &r), Ok(()));
    }

    #[test]
    fn filter_property(l in arb_layout(40)) {
        let r = filter(&l);
        prop_assert_eq!(image(&r), image(&l));
        let modes: Vec<_> = r.leaf_modes().collect();
        prop_assert!(modes == vec![(1, 0)] || modes.iter().all(|&(s, d)| s > 1 && d != 0), "{} -> {}", l, r);
    }

    #[test]
    fn composition_property(a in arb_layout(30), b in arb_layout(12)) {
        if let Ok(r) = composition(&a, &b) {
            prop_assert_eq!(check_composition(&a, &b, &r), Ok(()));
        }
    }

    #[test]
    fn composition_admissible_property(a in arb_admissible_layout(), b in arb_admissible_layout()) {
        // B's image inside A's domain: composition of compact layouts.
        match composition(&a, &b) {
            Ok(r) => prop_assert_eq!(check_composition(&a, &b, &r), Ok(())),
            Err(e) => prop_assert!(matches!(e, LayoutError::StrideDivisibility { .. } | LayoutError::ShapeDivisibility { .. } | LayoutError::Carry { .. }), "{}", e),
        }
    }

    #[test]
    fn complement_property(a in arb_layout(24), m in 1i64..200) {
        match complement(&a, m) {
            Ok(r) => prop_assert_eq!(check_complement(&a, m, &r), Ok(())),
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
        prop_assert_eq!(check_complement(&a, m, &r), Ok(()));
    }

    #[test]
    fn right_inverse_property(l in arb_layout(24)) {
        let r = right_inverse(&l).unwrap();
        for i in 0..r.size() {
            prop_assert_eq!(l.call(r.call(i)), i, "{} R = {}", l, r);
        }
        // R covers the contiguous run [0, size(R)) of the image.
        let img = image(&l);
        prop_assert!((0..r.size()).all(|k| img.contains(&k)));
    }

    #[test]
    fn right_inverse_with_negative_strides(
        leaves in prop::collection::vec((1i64..=6, -12i64..=12), 1..=4),
        group in prop::collection::vec(any::<bool>(), 4),
    ) {
        let l: Layout = layout_text(&leaves, &group, false).parse().unwrap();
        let r = right_inverse(&l).unwrap();
        for i in 0..r.size() {
            prop_assert_eq!(l.call(r.call(i)), i, "{} R = {}", l, r);
        }
    }

    #[test]
    fn right_inverse_of_bijections_is_full(l in arb_admissible_layout()) {
        let r = right_inverse(&l).unwrap();
        prop_assert_eq!(r.size(), l.size(), "{} R = {}", l, r);
    }

    #[test]
    fn left_inverse_property(l in arb_layout(24)) {
        if let Ok(r) = left_inverse(&l) {
            let inj = injective(&l);
            for i in 0..l.size() {
                if inj {
                    prop_assert_eq!(r.call(l.call(i)), i, "{} L† = {}", l, r);
                } else {
                    prop_assert_eq!(l.call(r.call(l.call(i))), l.call(i), "{} L† = {}", l, r);
                }
            }
        }
    }

    #[test]
    fn left_inverse_of_injective_compact_layouts_exists(l in arb_admissible_layout()) {
        let r = left_inverse(&l).unwrap();
        prop_assert!((0..l.size()).all(|i| r.call(l.call(i)) == i), "{} L† = {}", l, r);
    }

    #[test]
    fn logical_divide_property(a in arb_admissible_layout(), b in arb_layout(8)) {
        if let Ok(r) = logical_divide(&a, &b) {
            let c = complement(&b, a.size()).unwrap();
            prop_assert_eq!(check_complement(&b, a.size(), &c), Ok(()));
            let tile = r.mode(0).unwrap();
            let rest = r.mode(1).unwrap();
            prop_assert_eq!(tile.size(), b.size());
            prop_assert_eq!(rest.size(), c.size());
            for k in 0..rest.size() {
                for j in 0..tile.size() {
                    prop_assert_eq!(r.call(j + tile.size() * k), a.call(b.call(j) + c.call(k)), "{} / {} = {}", a, b, r);
                }
            }
            // The regroupings are the same function for a layout tiler.
            prop_assert_eq!(values(&zipped_divide(&a, &b).unwrap()), values(&r));
            prop_assert_eq!(values(&tiled_divide(&a, &b).unwrap()), values(&r));
        }
    }

    #[test]
    fn by_mode_divide_regroups(a in arb_admissible_layout(), t0 in 1i64..4, t1 in 1i64..4) {
        if a.rank() < 2 { return Ok(()); }
        let tiler: Tiler = format!("<{t0}:1,{t1}:1>").parse().unwrap();
        if let Ok(r) = logical_divide(&a, &tiler) {
            for (name, g) in [("zipped", zipped_divide(&a, &tiler)), ("flat", flat_divide(&a, &tiler))] {
                let g = g.unwrap();
                prop_assert_eq!(g.size(), r.size(), "{}", name);
                prop_assert_eq!(sorted(values(&g)), sorted(values(&r)), "{}", name);
            }
        }
    }

    #[test]
    fn logical_product_property(a in arb_admissible_layout(), b in arb_layout(6)) {
        if let Ok(r) = logical_product(&a, &b) {
            let m = a.size() * b.cosize().unwrap();
            let c = complement(&a, m).unwrap();
            prop_assert_eq!(r.mode(0).unwrap(), a.clone());
            let rep = r.mode(1).unwrap();
            prop_assert_eq!(rep.size(), b.size());
            for k in 0..b.size() {
                prop_assert_eq!(rep.call(k), c.call(b.call(k)), "{} x {} = {}", a, b, r);
            }
            if injective(&b) {
                prop_assert!(injective(&r), "{} x {} = {} is not injective", a, b, r);
            }
            let z = zipped_product(&a, &b).unwrap();
            prop_assert_eq!(values(&z), values(&r));
        }
    }

    #[test]
    fn max_common_vector_property(a in arb_admissible_layout(), b in arb_admissible_layout()) {
        if a.size() != b.size() { return Ok(()); }
        if let (Ok(k), Ok(common)) = (max_common_vector(&a, &b), max_common_layout(&a, &b)) {
            // For k < K the coordinates of the first K offsets agree:
            // A(R(k)) == k == B(R(k)) with R the common layout.
            prop_assert_eq!(common.size(), k, "{} {} -> {}", a, b, common);
            for i in 0..k {
                prop_assert_eq!(a.call(common.call(i)), i, "{} {} -> {}", a, b, common);
                prop_assert_eq!(b.call(common.call(i)), i, "{} {} -> {}", a, b, common);
            }
        }
    }

    #[test]
    fn blocked_and_raked_products_permute_the_logical_product(a in arb_admissible_layout(), b in arb_admissible_layout()) {
        if let Ok(p) = logical_product(&a, &b) {
            let n = a.size() * b.size();
            for r in [blocked_product(&a, &b), raked_product(&a, &b)] {
                let r = r.unwrap();
                prop_assert_eq!(r.size(), n);
                prop_assert_eq!(r.rank(), a.rank().max(b.rank()));
                prop_assert_eq!(sorted(values(&r)), sorted(values(&p)));
            }
        }
    }
}
