//! `right_inverse`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, l};
use crate::three_kinds::Tally;
use cute_dynamic::{Layout, right_inverse};
use cute_static::layout;
use cute_tests::{arb_admissible_layout, arb_layout, layout_text};
use cute_tools::laws;
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

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
}

#[test]
fn table_5_right_inverses() {
    let rows = [
        ("(4,8):(1,4)", "32:1"),
        ("(4,8):(8,1)", "(8,4):(4,1)"),
        ("(3,7,5):(5,15,1)", "(5,21):(21,1)"),
        ("(4,8):(1,5)", "4:1"),
        ("(4,(4,2)):(4,(1,16))", "(4,4,2):(4,1,16)"),
        ("((2,2),(4,2)):((1,8),(2,16))", "(2,4,2,2):(1,4,2,16)"),
        // The paper prints (2,2):(4,8), which is not maximal: the image is
        // [0,8), and (2,4):(2,8) inverts all of it (CuTe's answer).
        ("((2,2),(2,4)):((0,1),(0,2))", "(2,4):(2,8)"),
        ("((2,2),(2,4)):((0,2),(0,4))", "1:0"),
    ];
    for (a, want) in rows {
        let r = right_inverse(&l(a)).unwrap();
        assert_eq!(r.to_string(), want, "{a}");
        let la = l(a);
        assert!((0..r.size()).all(|i| la.call(r.call(i)) == i));
    }
}

/// The cases of `right_inverse` that the static, mixed (where the mixed
/// layer has the operation; `{x}` leaves known only at run time) and
/// run-time layouts answer alike (`three_kinds::three_kinds_agree` runs
/// them; docs/architecture.md#one-contract-for-three-kinds-of-layout).
pub(crate) fn three_kinds(t: &mut Tally) {
    let m4 = 4usize;
    one!(t, right_inverse(layout!((4, 8):(8, 1))),
        mixed layout!(({m4}, 8):(8, 1)));
    one!(t, right_inverse(layout!((3, 7, 5):(5, 15, 1))));
    one!(t, right_inverse(layout!((2, (3, 4)):(12, (1, 3)))));
    one!(t, right_inverse(layout!((4, 8, 3):(1, 4, 64))),
        mixed layout!(({m4}, 8, 3):(1, {m4}, 64)));
}
