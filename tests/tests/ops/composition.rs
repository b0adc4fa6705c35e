//! `composition`, by a layout and by a tiler: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, l};
use crate::three_kinds::Tally;
use cute_dynamic::{LayoutError, Tiler, composition};
use cute_static::{layout, tiler};
use cute_tests::{arb_admissible_layout, arb_layout};
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

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
}

#[test]
fn composition_3_3() {
    let c = |a: &str, b: &str| apply("composition", &[a, b]);
    // Associativity example.
    assert_eq!(c("(5,3):(1,7)", "2:5").unwrap(), "2:7");
    assert_eq!(c("4:1", "2:5").unwrap(), "2:5");
    assert_eq!(c("7:11", "3:4").unwrap(), "3:44");
    assert_eq!(c("7:11", "(3,5):(6,3)").unwrap(), "(3,5):(66,33)");
    assert_eq!(c("(4,6,8,10):(2,3,5,7)", "6:12").unwrap(), "(2,3):(9,5)");
    assert_eq!(c("(4,2,8):(3,12,97)", "3:3").unwrap(), "3:9");
    // Divisibility failures.
    assert_eq!(
        composition(&l("(4,6,8):(2,3,5)"), &l("6:3"))
            .unwrap_err()
            .kind(),
        "stride_divisibility"
    );
    assert_eq!(
        composition(&l("(4,6,8):(2,3,5)"), &l("6:1"))
            .unwrap_err()
            .kind(),
        "shape_divisibility"
    );
    assert!(composition(&l("(4,2,8):(3,12,97)"), &l("4:3")).is_err());
    assert!(composition(&l("(4,2,8):(3,15,97)"), &l("3:3")).is_err());
    // By-mode composition with a tiler.
    let t: Tiler = "<4:1,8:2>".parse().unwrap();
    assert_eq!(
        composition(&l("(8,16):(20,1)"), &t).unwrap().to_string(),
        "(4,8):(20,2)"
    );
}

#[test]
fn table_4_thread_value_partitioning() {
    let tv = l("((4,8),2):((16,1),8)");
    let rows = [
        ("(8,8):(1,8)", "((4,8),2):((16,1),8)"),
        ("(8,8):(8,1)", "((4,8),2):((2,8),1)"),
        ("(8,8):(1,9)", "((4,8),2):((18,1),9)"),
        (
            "((4,2),(2,4)):((2,16),(1,8))",
            "((4,(4,2)),2):((8,(2,16)),1)",
        ),
    ];
    for (a, want) in rows {
        assert_eq!(composition(&l(a), &tv).unwrap().to_string(), want, "{a}");
    }
}

#[test]
fn shah_counterexample_is_rejected() {
    let e = composition(&l("(6,2):(1,7)"), &l("(3,2):(2,3)")).unwrap_err();
    assert_eq!(e.kind(), "carry");
    // The overlapping-but-carry-free case is accepted.
    assert_eq!(
        composition(&l("(4,2):(1,10)"), &l("(2,2):(1,1)"))
            .unwrap()
            .to_string(),
        "(2,2):(1,1)"
    );
}

/// The cases of `composition` (the mixed layer composes with by-mode tilers) that the static, mixed (where the mixed
/// layer has the operation; `{x}` leaves known only at run time) and
/// run-time layouts answer alike (`three_kinds::three_kinds_agree` runs
/// them; docs/architecture.md#one-contract-for-three-kinds-of-layout).
pub(crate) fn three_kinds(t: &mut Tally) {
    let (n10, n12, m16, n24, m40, m64, n32, ld32, ld288) = (
        10usize, 12usize, 16usize, 24usize, 40usize, 64usize, 32usize, 32usize, 288usize,
    );
    two!(
        t,
        compose(layout!((4, 6, 8, 10):(2, 3, 5, 7)), layout!(6:12))
    );
    two!(
        t,
        compose(layout!((8, 8):(8, 1)), layout!(((4, 8), 2):((16, 1), 8)))
    );
    two!(t, compose(layout!(24:3), layout!((4, 6):(1, 4))));
    two!(
        t,
        compose(layout!((8, 16):(5, 40)), layout!((2, 2):(64, 8)))
    );
    two!(t, compose(layout!((12, 15):(8, 96)), tiler!((12, 15))));
    two!(t, compose(layout!((16, 24):(1, 16)), tiler!(<16, 8>)),
        mixed layout!(({m16}, {n24}):(1, {m16})));
    two!(t, compose(layout!((40, 8):(1, 40)), tiler!(<(2, 4):(1, 8), 4:2>)),
        mixed layout!(({m40}, 8):(1, {m40})));
    two!(t, compose(layout!((64, 32):(32, 1)), tiler!(<(2, 4):(1, 8), 4:2>)),
        mixed layout!(({m64}, {n32}):({ld32}, 1)));
    two!(t, compose(layout!(((4, 6), 12, 10):((1, 4), 24, 288)), tiler!(<(2, 3):(1, 4), 2:1>)),
        mixed layout!(((4, 6), {n12}, {n10}):((1, 4), 24, {ld288})));

    // Negative static strides (static and run-time only).
    two!(t, compose(layout!((8, 4):(-1, 8)), layout!(8:4)));
    two!(
        t,
        compose(layout!((4, 6, 8, 10):(2, 3, 5, 7)), layout!(6:-12))
    );
}
