//! `nullspace`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::layout;
use cute_tools::laws;
use proptest::prelude::*;

proptest! {
    #[test]
    fn nullspace(l in layout()) {
        let r = cute_dynamic::nullspace(&l);
        prop_assert_eq!(laws::check_nullspace(&l, &r), Ok(()));
        // CuTe's post-condition: the nullspace of a nullspace is trivial.
        prop_assert_eq!(cute_dynamic::nullspace(&r).size(), 1);
    }
}
