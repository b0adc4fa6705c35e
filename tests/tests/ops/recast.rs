//! `upcast`, `downcast` and `recast_layout`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, layout, with_leaves};
use cute_dynamic::{Layout, downcast};
use cute_tests::arb_admissible_layout;
use cute_tools::laws;
use proptest::prelude::*;

proptest! {
    /// Every upcast and recast satisfies its law (the exact evaluation
    /// property included where it applies).
    #[test]
    fn upcast_and_recast_layout(
        l in layout(),
        n in 1i64..9,
        compact_first in any::<bool>(),
        (old, new) in (prop::sample::select(vec![4i64, 8, 16, 24, 32]), prop::sample::select(vec![4i64, 8, 16, 24, 32])),
    ) {
        // Also layouts where the exact property applies: first leaf 8:1,
        // the other strides multiples of 8.
        let l = if compact_first {
            let strides: Vec<i64> = l.leaf_modes().map(|(_, d)| d * 8).collect();
            let mut strides = strides;
            strides[0] = 1;
            let mut sizes: Vec<i64> = l.leaf_modes().map(|(s, _)| s).collect();
            sizes[0] = 8;
            Layout::new(with_leaves(l.shape(), &sizes), with_leaves(l.shape(), &strides)).unwrap()
        } else {
            l
        };
        if let Ok(r) = cute_dynamic::upcast(n, &l) {
            prop_assert_eq!(laws::check_upcast(n, &l, &r), Ok(()));
        }
        if let Ok(r) = cute_dynamic::recast_layout(old, new, &l) {
            prop_assert_eq!(laws::check_recast_layout(old, new, &l, &r), Ok(()));
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn downcast_property(l in arb_admissible_layout(), n in 1i64..5) {
        prop_assert_eq!(laws::check_downcast(n, &l, &downcast(n, &l).unwrap()), Ok(()));
    }
}
