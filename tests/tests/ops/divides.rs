//! `logical_divide` and its zipped, tiled and flat forms (each a regrouping of the logical divide), and `zip2_by`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, layout_over, tree};
use cute_dynamic::{Tiler, flat_divide, logical_divide, tiled_divide, zipped_divide};
use cute_tests::{arb_admissible_layout, arb_layout};
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    #[test]
    fn divides_by_a_layout(a in arb_admissible_layout(), b in arb_layout(8)) {
        if let Ok(r) = logical_divide(&a, &b) {
            prop_assert_eq!(laws::check_logical_divide(&a, &b, &r), Ok(()));
            prop_assert_eq!(laws::check_zipped_divide(&a, &b, &zipped_divide(&a, &b).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_tiled_divide(&a, &b, &tiled_divide(&a, &b).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_flat_divide(&a, &b, &flat_divide(&a, &b).unwrap()), Ok(()));
        }
    }

    #[test]
    fn divides_by_mode(a in arb_admissible_layout(), t0 in 1i64..4, t1 in 1i64..4, d1 in 1i64..3) {
        if a.rank() < 2 { return Ok(()); }
        let tiler: Tiler = format!("<{t0},{t1}:{d1}>").parse().unwrap();
        if let Ok(r) = logical_divide(&a, &tiler) {
            prop_assert_eq!(laws::check_logical_divide(&a, &tiler, &r), Ok(()));
            prop_assert_eq!(laws::check_zipped_divide(&a, &tiler, &zipped_divide(&a, &tiler).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_tiled_divide(&a, &tiler, &tiled_divide(&a, &tiler).unwrap()), Ok(()));
            prop_assert_eq!(laws::check_flat_divide(&a, &tiler, &flat_divide(&a, &tiler).unwrap()), Ok(()));
        }
    }
}

proptest! {
    /// `zip2_by`: whatever succeeds satisfies its law (errors are
    /// `not_compatible`), the table prints it, and
    /// `zip2_by(logical_divide(A, T), T) == zipped_divide(A, T)`.
    #[test]
    fn zip2_by(
        shape in tree(1..7),
        strides in prop::collection::vec(0i64..10, 1..6),
        t0 in 1i64..4,
        t1 in 1i64..4,
        holes in any::<bool>(),
    ) {
        let a = layout_over(&shape, &strides);
        let text: String = if holes { "<_,_>".into() } else { format!("<{t0},{t1}>") };
        let t: cute_dynamic::Tiler = text.parse().unwrap();
        match cute_dynamic::zip2_by(&a, &t) {
            Ok(r) => {
                prop_assert_eq!(laws::check_zip2_by(&a, &t, &r), Ok(()), "zip2_by({}, {}) = {}", a, t, r);
                prop_assert!(laws::check_zip2_by(&a, &t, &a.append(&"1:0".parse().unwrap())).is_err() || r == a.append(&"1:0".parse().unwrap()));
                prop_assert_eq!(apply("zip2_by", &[&a.to_string(), &text]).unwrap(), r.to_string());
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), "not_compatible");
            }
        }
        // CuTe's zipped_divide is zip2_by of the logical divide; a `_` mode
        // of a divide's tiler keeps its mode whole in the rest instead
        // (`skip_tilers`), so only tile modes compare so.
        if let (false, Ok(d), Ok(z)) = (holes, cute_dynamic::logical_divide(&a, &t), cute_dynamic::zipped_divide(&a, &t)) {
            prop_assert_eq!(cute_dynamic::zip2_by(&d, &t).unwrap(), z);
        }
    }
}
