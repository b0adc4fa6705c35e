//! `left_inverse`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, l};
use crate::three_kinds::Tally;
use cute_dynamic::left_inverse;
use cute_static::layout;
use cute_tests::{arb_admissible_layout, arb_layout};
use cute_tools::laws;
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

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
}

#[test]
fn table_6_left_inverses() {
    let rows = [
        ("(4,8):(1,4)", "32:1"),
        ("(4,8):(8,1)", "(8,4):(4,1)"),
        ("(3,7,5):(5,15,1)", "(5,21):(21,1)"),
        ("(4,8):(1,5)", "(5,8):(1,4)"),
        ("(4,(4,2)):(4,(1,16))", "(4,4,2):(4,1,16)"),
        ("((2,2),(4,2)):((1,8),(2,16))", "(2,4,2,2):(1,4,2,16)"),
        ("((2,2),(2,4)):((0,2),(0,4))", "(2,2,4):(0,2,8)"),
        // The paper prints (2,2):(4,8); CuTe's (2,4):(2,8) also satisfies the
        // quasi-inverse property on every element.
        ("((2,2),(2,4)):((0,1),(0,2))", "(2,4):(2,8)"),
    ];
    for (a, want) in rows {
        let r = left_inverse(&l(a)).unwrap();
        assert_eq!(r.to_string(), want, "{a}");
        let la = l(a);
        assert!((0..la.size()).all(|i| la.call(r.call(la.call(i))) == la.call(i)));
    }
}

/// The cases of `left_inverse` that the static, mixed (where the mixed
/// layer has the operation; `{x}` leaves known only at run time) and
/// run-time layouts answer alike (`three_kinds::three_kinds_agree` runs
/// them; docs/architecture.md#one-contract-for-three-kinds-of-layout).
pub(crate) fn three_kinds(t: &mut Tally) {
    one!(t, left_inverse(layout!((4, 8):(1, 5))));
    one!(t, left_inverse(layout!((11, (16, 4)):(64, (4, 1)))));
    one!(t, left_inverse(layout!((5, 15, 13):(2, 130, 10))));
}
