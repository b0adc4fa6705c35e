//! `complement` by an integer and by a shape cotarget: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, l, layout_over, same_on_domain, tree};
use crate::three_kinds::Tally;
use cute_dynamic::{Layout, complement, complement_default};
use cute_static::{C, layout};
use cute_tests::{arb_admissible_layout, arb_layout, strides_nest};
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

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
}

proptest! {
    /// `complement(A, T)` with a shape cotarget: whatever succeeds
    /// satisfies its law, a wrong result does not, the table prints it, and
    /// an integer `T` is the integer complement.
    #[test]
    fn complement_by_shape(
        shape in tree(1..5),
        strides in prop::collection::vec(0i64..20, 1..6),
        t in tree(1..9),
    ) {
        let a = layout_over(&shape, &strides);
        let args = [a.to_string(), t.to_string()];
        match cute_dynamic::complement_shape(&a, &t) {
            Ok(r) => {
                prop_assert_eq!(laws::check_complement_shape(&a, &t, &r), Ok(()), "complement({}, {}) = {}", a, t, r);
                let wrong = Layout::concat([&r, &"2:1".parse().unwrap()]);
                prop_assert!(laws::check_complement_shape(&a, &t, &wrong).is_err(), "{} passes", wrong);
                prop_assert_eq!(apply("complement", &[&args[0], &args[1]]).unwrap(), r.to_string());
            }
            Err(e) => prop_assert!(
                matches!(e.kind(), "complement_overlap" | "invalid_argument"),
                "complement({}, {}): {}", a, t, e
            ),
        }
        if let Some(m) = t.as_int() {
            prop_assert_eq!(
                cute_dynamic::complement_shape(&a, &t).ok(),
                cute_dynamic::complement(&a, m).ok()
            );
        }
    }
}

/// CuTe's answers for a shape cotarget (layout.hpp: the last mode is
/// `coalesce(ceil_div(cotarget, c))`).
#[test]
fn complement_shape_cute_exact() {
    let c = |a: &str, t: &str| {
        cute_dynamic::complement_shape(&a.parse().unwrap(), &t.parse().unwrap())
            .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    };
    assert_eq!(c("4:1", "(3,8)"), "4:4");
    assert_eq!(c("4:1", "24"), "6:4");
    assert_eq!(c("4:2", "(4,8)"), "(2,4):(1,8)");
    assert_eq!(c("(2,2):(1,8)", "(16,4)"), "(4,4):(2,16)");
    assert_eq!(c("(2,2):(1,8)", "(4,16)"), "(4,4):(2,16)");
    assert_eq!(c("(2,2):(1,8)", "(3,4,2)"), "4:2");
    assert_eq!(c("(2,2):(1,8)", "24"), "(4,2):(2,16)");
    assert_eq!(c("4:0", "(3,8)"), "24:1");
    assert_eq!(c("1:0", "(2,(3,4))"), "24:1");
    assert_eq!(c("4:1", "(3,0)"), "invalid_argument");
    assert_eq!(c("(2,2):(1,1)", "(4,4)"), "complement_overlap");
}

#[test]
fn table_7_complements() {
    // The paper writes 1:32 where CuTe's coalesce drops the size-1 mode.
    for a in ["(4,8):(1,4)", "(4,8):(8,1)", "(4,(4,2)):(4,(1,16))"] {
        assert_eq!(complement_default(&l(a)).unwrap().to_string(), "1:0", "{a}");
    }
    // (4,8):(1,5) has cosize 40: the complement is the rest mode 1:40 → 1:0.
    assert_eq!(
        complement_default(&l("(4,8):(1,5)")).unwrap().to_string(),
        "1:0"
    );
    // The paper's (2,1):(4,64) and CuTe's 2:4 agree on the domain.
    let c = complement_default(&l("(4,8):(1,8)")).unwrap();
    assert_eq!(c.to_string(), "2:4");
    assert!(same_on_domain(&c, &l("(2,1):(4,64)")));
    assert_eq!(
        complement_default(&l("((2,2),(2,4)):((0,1),(0,2))"))
            .unwrap()
            .to_string(),
        "1:0"
    );
    let c = complement_default(&l("((2,2),(2,4)):((0,2),(0,4))")).unwrap();
    assert_eq!(c.to_string(), "2:1");
    assert!(same_on_domain(&c, &l("(2,1):(1,16)")));
    // docs/semantics/differences-from-cute.md#errata-in-the-sources: the descriptor text's complement example is wrong.
    assert_eq!(
        complement(&l("4:32"), 256).unwrap().to_string(),
        "(32,2):(1,128)"
    );
}

/// The cases of `complement` that the static, mixed (where the mixed
/// layer has the operation; `{x}` leaves known only at run time) and
/// run-time layouts answer alike (`three_kinds::three_kinds_agree` runs
/// them; docs/architecture.md#one-contract-for-three-kinds-of-layout).
pub(crate) fn three_kinds(t: &mut Tally) {
    let (m16, m4, m6) = (16usize, 4usize, 6usize);
    two!(t, complement(layout!(4:32), C::<256>));
    two!(t, complement(layout!((2, 2):(0, 4)), C::<16>));
    two!(t, complement(layout!((16, (2, 4)):(1, (16, 32))), C::<256>),
        mixed layout!(({m16}, (2, 4)):(1, (16, 32))));
    two!(
        t,
        complement(layout!((4, (2, 12), 4):(1, (0, 4), 96)), C::<336>)
    );
    two!(t, complement(layout!((2, 4):(1, 6)), C::<48>));
    two!(t, complement(layout!((4, 8):(8, 1)), C::<64>),
        mixed layout!(({m4}, 8):(8, 1)));
    two!(t, complement(layout!((6, 4):(4, 1)), C::<96>),
        mixed layout!(({m6}, 4):({m4}, 1)));
}
