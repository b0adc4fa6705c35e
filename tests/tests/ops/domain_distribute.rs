//! `domain_distribute`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::shape;
use cute_tools::laws;
use proptest::prelude::*;

proptest! {
    #[test]
    fn domain_distribute(s in shape(), n in 1i64..100) {
        let r = cute_dynamic::domain_distribute(&s, n).unwrap();
        prop_assert_eq!(laws::check_domain_distribute(&s, n, &r), Ok(()));
    }
}
