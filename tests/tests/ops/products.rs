//! `logical_product`, its zipped, tiled and flat forms, `blocked_product` and `raked_product`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, l};
use crate::three_kinds::Tally;
use cute_dynamic::{
    Tiler, blocked_product, flat_product, logical_divide, logical_product, raked_product,
    tiled_product, zipped_product,
};
use cute_static::{layout, tiler};
use cute_tests::{arb_admissible_layout, arb_layout, injective};
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

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
    fn blocked_and_raked_products(a in arb_admissible_layout(), b in arb_admissible_layout()) {
        if let Ok(r) = blocked_product(&a, &b) {
            prop_assert_eq!(laws::check_blocked_product(&a, &b, &r), Ok(()));
        }
        if let Ok(r) = raked_product(&a, &b) {
            prop_assert_eq!(laws::check_raked_product(&a, &b, &r), Ok(()));
        }
    }
}

#[test]
fn products_and_divides_3_5() {
    let p = logical_product(&l("(3,4):(4,1)"), &l("(2,5):(1,2)")).unwrap();
    assert_eq!(p.to_string(), "((3,4),(2,5)):((4,1),(12,24))");
    let p = logical_product(&l("(4,8):(20,2)"), &l("(3,2):(2,1)")).unwrap();
    assert_eq!(p.to_string(), "((4,8),(3,2)):((20,2),(80,1))");
    // docs/semantics/differences-from-cute.md#errata-in-the-sources: logical_product(128:1, 4:32) = (128:1, 4:4096).
    let p = logical_product(&l("128:1"), &l("4:32")).unwrap();
    assert_eq!(p.to_string(), "(128,4):(1,4096)");
    // Blocked and raked products of the §3.5.1 example.
    assert_eq!(
        apply("blocked_product", &["(3,4):(4,1)", "(2,5):(1,2)"]).unwrap(),
        "((3,2),(4,5)):((4,12),(1,24))"
    );
    assert_eq!(
        apply("raked_product", &["(3,4):(4,1)", "(2,5):(1,2)"]).unwrap(),
        "((2,3),(5,4)):((12,4),(24,1))"
    );
    // Divides: A ⊘ B = A ∘ (B, complement(B, |A|)).
    for (a, b, want) in [
        ("24:1", "8:1", "(8,3):(1,8)"),
        // The rest mode rounds up: complement(3:3, 24) = (3,3):(1,9).
        ("24:1", "3:3", "(3,(3,3)):(3,(1,9))"),
        ("48:1", "32:1", "(32,2):(1,32)"),
    ] {
        assert_eq!(
            logical_divide(&l(a), &l(b)).unwrap().to_string(),
            want,
            "{a} / {b}"
        );
    }
    let t: Tiler = "<4:1,8:2>".parse().unwrap();
    let d = logical_divide(&l("(8,16):(20,1)"), &t).unwrap();
    assert_eq!(d.to_string(), "((4,2),(8,2)):((20,80),(2,1))");
}

/// The cases of the products that the static, mixed (where the mixed
/// layer has the operation; `{x}` leaves known only at run time) and
/// run-time layouts answer alike (`three_kinds::three_kinds_agree` runs
/// them; docs/architecture.md#one-contract-for-three-kinds-of-layout).
pub(crate) fn three_kinds(t: &mut Tally) {
    let (m40, m2, m3, m6, n5) = (40usize, 2usize, 3usize, 6usize, 5usize);
    two!(t, logical_product(layout!((3, 4):(4, 1)), tiler!((2, 5):(1, 2))),
        mixed layout!(({m3}, 4):(4, 1)));
    two!(t, zipped_product(layout!((40, 8):(1, 40)), tiler!(<4, 2>)),
        mixed layout!(({m40}, 8):(1, {m40})));
    two!(t, flat_product(layout!((5, 6):(6, 1)), tiler!(<2:3, 8>)),
        mixed layout!(({n5}, {m6}):({m6}, 1)));
    two!(
        t,
        logical_product(layout!((4, 8):(20, 2)), tiler!((3, 2):(2, 1)))
    );
    two!(t, logical_product(layout!(128:1), tiler!(4:32)));
    two!(t, blocked_product(layout!((3, 4):(4, 1)), layout!((2, 5):(1, 2))),
        mixed layout!(({m3}, 4):(4, 1)));
    two!(
        t,
        blocked_product(layout!((2, 2):(1, 2)), layout!((3, 4):(1, 3)))
    );
    two!(t, raked_product(layout!((2, 2):(1, 2)), layout!((3, 4):(1, 3))),
        mixed layout!(({m2}, 2):(1, {m2})));
    two!(
        t,
        raked_product(
            layout!((8, (1, 2)):(2, (2, 1))),
            layout!(((2), (7)):((1), (2)))
        )
    );
    two!(
        t,
        zipped_product(layout!((9, (4)):(1, (0))), tiler!((8, 8):(1, 8)))
    );
    two!(
        t,
        tiled_product(layout!(8:1), tiler!((3, 16, 6):(96, 6, 1)))
    );
    two!(
        t,
        flat_product(layout!((2, 2):(1, 2)), tiler!((3, 4):(1, 3)))
    );
    two!(
        t,
        zipped_product(
            layout!(((8, 2), 1):((2, 1), 1)),
            tiler!(<4:1, ((8), (2)):((32), (16))>)
        )
    );
}
