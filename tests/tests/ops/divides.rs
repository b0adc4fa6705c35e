//! `logical_divide` and its zipped, tiled and flat forms (each a regrouping of the logical divide), and `zip2_by`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, layout_over, tree};
use crate::three_kinds::Tally;
use cute_dynamic::{Tiler, flat_divide, logical_divide, tiled_divide, zipped_divide};
use cute_static::{layout, tiler};
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

/// The cases of the divides that the static, mixed (where the mixed
/// layer has the operation; `{x}` leaves known only at run time) and
/// run-time layouts answer alike (`three_kinds::three_kinds_agree` runs
/// them; docs/architecture.md#one-contract-for-three-kinds-of-layout).
pub(crate) fn three_kinds(t: &mut Tally) {
    let (m8, n8, n9, n10, m64, n48, m100, n70, m37, n5, n7, ld84, k3, m200) = (
        8usize, 8usize, 9usize, 10usize, 64usize, 48usize, 100usize, 70usize, 37usize, 5usize,
        7usize, 84usize, 3usize, 200usize,
    );
    two!(t, logical_divide(layout!(48:1), tiler!(32:1)));
    two!(
        t,
        logical_divide(layout!((8, 16):(20, 1)), tiler!(<4:1, 8:2>))
    );
    two!(t, logical_divide(layout!((8, 8):(1, 8)), tiler!(<2:1, 4:1>)),
        mixed layout!(({m8}, {n8}):(1, {m8})));
    two!(t, zipped_divide(layout!((64, 48):(1, 64)), tiler!(<16, 16>)),
        mixed layout!(({m64}, {n48}):(1, {m64})));
    two!(t, zipped_divide(layout!((100, 70):(1, 100)), tiler!(<16, 16>)),
        mixed layout!(({m100}, {n70}):(1, {m100})));
    two!(t, tiled_divide(layout!((37, 5):(1, 37)), tiler!(<4:1, 2>)),
        mixed layout!(({m37}, {n5}):(1, {m37})));
    two!(t, zipped_divide(layout!((8, 9):(1, 8)), tiler!(<4, 4>)),
        mixed layout!((8, {n9}):(1, 8)));
    two!(t, logical_divide(layout!(((4, 6), 10):((1, 4), 24)), tiler!(<2:1, 4>)),
        mixed layout!(((4, 6), {n10}):((1, 4), 24)));
    two!(t, zipped_divide(layout!((12, 7, 4):(1, 12, 84)), tiler!(<4:1, 8, 2>)),
        mixed layout!((12, {n7}, 4):(1, 12, {ld84})));
    two!(t, tiled_divide(layout!((64, 48, 3):(1, 64, 0)), tiler!(<32>)),
        mixed layout!(({m64}, {n48}, {k3}):(1, {m64}, 0)));
    two!(t, tiled_divide(layout!((200):(3)), tiler!(<32>)),
        mixed layout!(({m200}):(3)));
    two!(t, flat_divide(layout!((4, 6):(1, 4)), tiler!(<2:1, 3:1>)));
    two!(
        t,
        zipped_divide(layout!((4, (2, 8, 4)):(1, (4, 8, 64))), tiler!(<4:1, 8:8>))
    );
    two!(
        t,
        tiled_divide(layout!(((4), 4, (2, 4)):((7), 5, (0, 32))), tiler!(2:2))
    );
    two!(t, logical_divide(layout!((7, 4):(1, 11)), tiler!((7))));

    // A negative static stride (static and run-time only).
    two!(t, logical_divide(layout!((8, 4):(-1, 8)), layout!(2:1)));
}

/// Size-1 modes get the same stride in all three kinds of layout: `(1,{m})`
/// is `(_1,m):(_0,_1)` in the mixed layer, as `(1,20):(0,1)` at run time.
#[test]
fn size_one_modes_next_to_run_time_leaves() {
    let mut t = Tally::default();
    let m20 = 20usize;
    two!(t, zipped_divide(layout!((1, 20)), tiler!(<1:1, 4>)),
        mixed layout!((1, {m20})));
    assert_eq!((t.cases, t.mixed), (1, 1));
}
