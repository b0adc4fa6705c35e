//! `filter` and `filter_zeros` (by a profile, on integer tuples): its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{coarsen, config, layout_over, relabel, run, tree};
use cute_dynamic::{IntTuple, Layout, filter, filter_zeros};
use cute_tests::arb_layout;
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    #[test]
    fn filter_property(l in arb_layout(40)) {
        prop_assert_eq!(laws::check_filter(&l, &filter(&l)), Ok(()));
        prop_assert_eq!(laws::check_filter_zeros(&l, &filter_zeros(&l)), Ok(()));
    }
}

proptest! {
    #[test]
    fn filters_by_profile(
        shape in tree(1..5),
        strides in prop::collection::vec(0i64..4, 1..6),
        choices in prop::collection::vec(any::<bool>(), 1..12),
        zeros in prop::collection::vec(0i64..2, 1..6),
    ) {
        let l = layout_over(&shape, &strides);
        let text = l.to_string();
        let profile: IntTuple = coarsen(l.shape(), &choices, &mut 0).parse().unwrap();
        let r = cute_dynamic::filter_by(&l, &profile).unwrap();
        prop_assert_eq!(laws::check_filter_by(&l, &profile, &r), Ok(()), "filter({}, {}) = {}", text, profile, r);
        prop_assert_eq!(apply("filter", &[&text, &profile.to_string()]).unwrap(), r.to_string());
        // A profile of 0s and 1s at the same places.
        let ones: Vec<String> = zeros.iter().map(|z| z.to_string()).collect();
        let mut k = 0;
        let zp: String = profile.to_string().chars().map(|c| if c == '1' { k += 1; ones[(k - 1) % ones.len()].chars().next().unwrap() } else { c }).collect();
        let zp: IntTuple = zp.parse().unwrap();
        let z = cute_dynamic::filter_zeros_by(&l, &zp).unwrap();
        prop_assert_eq!(laws::check_filter_zeros_by(&l, &zp, &z), Ok(()), "filter_zeros({}, {}) = {}", text, zp, z);
        prop_assert_eq!(apply("filter_zeros", &[&text, &zp.to_string()]).unwrap(), z.to_string());
        // The stride profile gives the one-argument form.
        prop_assert_eq!(cute_dynamic::filter_zeros_by(&l, l.stride()).unwrap(), cute_dynamic::filter_zeros(&l));
    }

    /// CuTe's `filter_zeros(a, b)` and `filter_zeros(t)` on integer tuples
    /// through the table (a first argument without `:`): the library
    /// functions' answers, their laws hold and a wrong answer fails them;
    /// `filter_zeros(t)` is `filter_zeros(t, t)`, and on a layout's shape
    /// the tuple form under the stride is the layout form's shape.
    #[test]
    fn filter_zeros_on_tuples(
        shape in tree(0..4),
        choices in prop::collection::vec(any::<bool>(), 1..12),
        v in prop::collection::vec(0i64..3, 1..8),
    ) {
        let s = shape.to_string();
        let one = apply("filter_zeros", &[&s]).unwrap();
        prop_assert_eq!(&one, &cute_dynamic::filter_zeros_tuple(&shape).to_string());
        prop_assert_eq!(cute_tools::check_law("filter_zeros", &[&s], &one), Ok(()));
        prop_assert_eq!(&one, &apply("filter_zeros", &[&s, &s]).unwrap());
        prop_assert!(one.parse::<IntTuple>().unwrap().leaves().all(|x| x != 0));
        // A profile coarser than the tuple, with zeros.
        let a: IntTuple = relabel(&coarsen(&shape, &choices, &mut 0).parse().unwrap(), &v, &mut 0).parse().unwrap();
        let at = a.to_string();
        let two = apply("filter_zeros", &[&at, &s]).unwrap();
        prop_assert_eq!(&two, &cute_dynamic::filter_zeros_tuples(&a, &shape).unwrap().to_string());
        prop_assert_eq!(cute_tools::check_law("filter_zeros", &[&at, &s], &two), Ok(()));
        prop_assert!(cute_tools::check_law("filter_zeros", &[&at, &s], "(#)").is_err());
        let wrong = format!("({two},1)");
        prop_assert!(cute_tools::check_law("filter_zeros", &[&at, &s], &wrong).is_err());
        if shape.leaves().all(|x| x > 0) {
            let l = Layout::new(shape.clone(), a.clone()).ok();
            if let Some(l) = l {
                let by = cute_dynamic::filter_zeros(&l);
                prop_assert_eq!(&by.shape().to_string(), &cute_dynamic::filter_zeros_tuples(l.stride(), &shape).unwrap().to_string());
            }
        }
        if !shape.is_int() {
            prop_assert_eq!(run("filter_zeros", &[&format!("({s})"), &s]), "not_compatible");
        }
    }
}
