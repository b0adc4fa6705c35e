//! `layout_add`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::layout_from;
use cute_dynamic::IntTuple;
use cute_tools::laws;
use proptest::prelude::*;

proptest! {
    /// Two layouts over the same factors, grouped and ordered at random.
    #[test]
    fn layout_add(
        f in prop::collection::vec(prop::sample::select(vec![2i64, 3, 4, 5]), 1..5),
        perm in any::<bool>(),
        da in prop::collection::vec(prop_oneof![Just(0i64), 1i64..30], 1..6),
        db in prop::collection::vec(prop_oneof![Just(0i64), 1i64..30], 1..6),
    ) {
        let sa = IntTuple::flat(f.iter().copied());
        let mut g = f.clone();
        if perm {
            g.reverse();
        }
        let sb = IntTuple::flat(g.iter().copied());
        let (a, b) = (layout_from(&sa, &da), layout_from(&sb, &db));
        match cute_dynamic::layout_add(&a, &b) {
            Ok(r) => {
                prop_assert_eq!(laws::check_layout_add(&a, &b, &r), Ok(()));
                prop_assert_eq!(cute_dynamic::layout_add(&b, &a).unwrap(), r);
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), "not_compatible");
                prop_assert!(perm, "same shapes always add: {a} + {b}: {e}");
            }
        }
    }
}
