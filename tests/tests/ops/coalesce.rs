//! `coalesce` (with a profile, of a shape), `coalesce_x`, `coalesce_x_by`, `bw_coalesce`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{coarsen, config, l, layout_over, run, tree};
use crate::three_kinds::Tally;
use cute_dynamic::{IntTuple, Layout, coalesce, coalesce_by};
use cute_static::layout;
use cute_tests::arb_layout;
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    #[test]
    fn coalesce_property(l in arb_layout(40), p in prop::collection::vec(0i64..=1, 0..=2)) {
        prop_assert_eq!(laws::check_coalesce(&l, &coalesce(&l)), Ok(()));
        let profile: IntTuple = if p.is_empty() { IntTuple::int(1) } else { IntTuple::flat(p) };
        if let Ok(r) = coalesce_by(&l, &profile) {
            prop_assert_eq!(laws::check_coalesce_by(&l, &profile, &r), Ok(()));
        }
    }
}

proptest! {
    /// `coalesce_x`, `coalesce_x_by` and `bw_coalesce`: their laws, the
    /// table, and `coalesce` where it differs beyond the domain.
    #[test]
    fn coalesce_x_family(
        shape in tree(1..5),
        strides in prop::collection::vec(-9i64..10, 1..6),
        seed in prop::collection::vec((1i64..5, -9i64..10), 1..3),
        choices in prop::collection::vec(any::<bool>(), 1..12),
    ) {
        let l = layout_over(&shape, &strides);
        let text = l.to_string();
        match cute_dynamic::coalesce_x(&l) {
            Ok(r) => {
                prop_assert_eq!(laws::check_coalesce_x(&l, &r), Ok(()), "coalesce_x({}) = {}", text, r);
                prop_assert_eq!(run("coalesce_x", &[&text]), r.to_string());
                // A layout ending in a size-1 leaf: coalesce's answer has
                // the wrong size for coalesce_x's law.
                if l.leaf_modes().last().is_some_and(|m| m.0 == 1) {
                    prop_assert!(laws::check_coalesce_x(&l, &cute_dynamic::coalesce(&l)).is_err());
                } else {
                    prop_assert_eq!(r.size(), l.size());
                }
            }
            Err(e) => prop_assert_eq!(e.kind(), "not_compatible"),
        }
        let profile: IntTuple = coarsen(l.shape(), &choices, &mut 0).parse().unwrap();
        if let Ok(r) = cute_dynamic::coalesce_x_by(&l, &profile) {
            prop_assert_eq!(laws::check_coalesce_x_by(&l, &profile, &r), Ok(()), "coalesce_x({}, {}) = {}", text, profile, r);
        }
        let (s, d): (Vec<String>, Vec<String>) =
            seed.iter().map(|(s, d)| (s.to_string(), d.to_string())).unzip();
        let n: Layout = if seed.len() == 1 {
            format!("{}:{}", s[0], d[0])
        } else {
            format!("({}):({})", s.join(","), d.join(","))
        }
        .parse()
        .unwrap();
        let r = cute_dynamic::bw_coalesce(&l, &n).unwrap();
        prop_assert_eq!(laws::check_bw_coalesce(&l, &n, &r), Ok(()), "bw_coalesce({}, {}) = {}", text, n, r);
        prop_assert_eq!(run("bw_coalesce", &[&text, &n.to_string()]), r.to_string());
    }

    /// CuTe's `coalesce(shape)` (the table's `coalesce_shape`): the
    /// library's answer, its law holds and a wrong answer fails it; it is
    /// the size of the shape, the shape of the coalesced column-major
    /// layout; a shape without a leaf is `invalid_argument`.
    #[test]
    fn coalesce_of_a_shape(shape in tree(1..6)) {
        let s = shape.to_string();
        if shape.leaves().next().is_none() {
            prop_assert_eq!(run("coalesce_shape", &[&s]), "invalid_argument");
            return Ok(());
        }
        let out = apply("coalesce_shape", &[&s]).unwrap();
        prop_assert_eq!(&out, &cute_dynamic::coalesce_shape(&shape).unwrap().to_string());
        prop_assert_eq!(cute_tools::check_law("coalesce_shape", &[&s], &out), Ok(()));
        let wrong = (out.parse::<i64>().unwrap() + 1).to_string();
        prop_assert!(cute_tools::check_law("coalesce_shape", &[&s], &wrong).is_err());
        let wrapped = format!("({out})");
        prop_assert!(cute_tools::check_law("coalesce_shape", &[&s], &wrapped).is_err());
        let col = Layout::column_major(&shape).unwrap();
        prop_assert_eq!(out, cute_dynamic::coalesce(&col).shape().to_string());
    }
}

#[test]
fn coalesce_3_2() {
    assert_eq!(coalesce(&l("(2,(1,6)):(1,(6,2))")).to_string(), "12:1");
    let by = coalesce_by(&l("(2,(1,6)):(1,(6,2))"), &"(1,1)".parse().unwrap()).unwrap();
    assert_eq!(by.to_string(), "(2,6):(1,2)");
    assert_eq!(
        coalesce(&l("((4,3),5):((15,1),3)")).to_string(),
        "(4,15):(15,1)"
    );
    let by = coalesce_by(&l("((4,3),5):((15,1),3)"), &"(1,1)".parse().unwrap()).unwrap();
    assert_eq!(by.to_string(), "((4,3),5):((15,1),3)");
}

/// The cases of `coalesce` that the static, mixed (where the mixed
/// layer has the operation; `{x}` leaves known only at run time) and
/// run-time layouts answer alike (`three_kinds::three_kinds_agree` runs
/// them; docs/architecture.md#one-contract-for-three-kinds-of-layout).
pub(crate) fn three_kinds(t: &mut Tally) {
    one!(t, coalesce(layout!((2, (1, 6)):(1, (6, 2)))));
    one!(
        t,
        coalesce(layout!(((2, 5), 8, 1, 6):((240, 8), 1, 480, 40)))
    );
    one!(t, coalesce(layout!((4, (8, 8, 3)):(1, (4, 32, 256)))));
    one!(t, coalesce(layout!((1, 1):(3, 5))));
    one!(t, coalesce(layout!((4, 2, 8):(3, 12, 97))));
    one!(
        t,
        coalesce(layout!(((2, 2), (2, 2), 3):((1, 2), (4, 8), 16)))
    );

    // A negative static stride (static and run-time only).
    one!(t, coalesce(layout!(((2, 2), 3):((-1, -2), -4))));
}
