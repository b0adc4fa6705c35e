//! `max_common_vector`, `max_common_layout` and `max_alignment`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, layout_over, run, tree};
use cute_dynamic::{max_common_layout, max_common_vector};
use cute_tests::arb_admissible_layout;
use cute_tools::laws;
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    #[test]
    fn max_common_vector_property(a in arb_admissible_layout(), b in arb_admissible_layout()) {
        if a.size() != b.size() { return Ok(()); }
        if let (Ok(k), Ok(common)) = (max_common_vector(&a, &b), max_common_layout(&a, &b)) {
            prop_assert_eq!(laws::check_max_common_layout(&a, &b, &common), Ok(()));
            prop_assert_eq!(laws::check_max_common_vector(&a, &b, k), Ok(()));
        }
    }
}

proptest! {
    /// `max_alignment`: the law on random layouts, and a wrong answer fails.
    #[test]
    fn max_alignment(shape in tree(1..6), strides in prop::collection::vec(-9i64..17, 1..6)) {
        let l = layout_over(&shape, &strides);
        let n = cute_dynamic::max_alignment(&l).unwrap();
        prop_assert_eq!(laws::check_max_alignment(&l, n), Ok(()), "max_alignment({}) = {}", l, n);
        prop_assert!(laws::check_max_alignment(&l, n + 1).is_err());
        prop_assert_eq!(run("max_alignment", &[&l.to_string()]), n.to_string());
    }
}
