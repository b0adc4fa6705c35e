//! `tile_to_shape`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{compact, l, leaves, tree_of, with_leaves};
use cute_dynamic::IntTuple;
use cute_tools::laws;
use cute_tools::laws::check_tile_to_shape;
use proptest::prelude::*;

proptest! {
    /// Compact blocks of shape leaves 1, 2, 4 (leaves in a random order)
    /// tiled to multiples of their modes.
    #[test]
    fn tile_to_shape(
        s in tree_of(prop::sample::select(vec![1i64, 2, 4]).boxed()),
        rot in 0i64..8,
        mult in prop::collection::vec(1i64..4, 1..4),
        extra in 0usize..2,
        shift in 0i64..4,
        ordered in any::<bool>(),
    ) {
        let n = leaves(&s).len() as i64;
        let block_order = with_leaves(&s, &(0..n).map(|i| (i + rot) % n).collect::<Vec<_>>());
        let block = cute_dynamic::make_ordered_layout(&s, &block_order).unwrap();
        let mut modes: Vec<i64> = block.as_ref().modes().enumerate()
            .map(|(i, m)| m.size() * mult[i % mult.len()]).collect();
        modes.extend((0..extra).map(|i| mult[i % mult.len()]));
        let target = if modes.len() == 1 && s.is_int() {
            IntTuple::int(modes[0])
        } else {
            IntTuple::flat(modes.iter().copied())
        };
        let n = target.rank() as i64;
        let order = IntTuple::flat((0..n).map(|i| (i + shift) % n));
        let order = ordered.then_some(&order);
        let r = cute_dynamic::tile_to_shape(&block, &target, order).unwrap();
        prop_assert_eq!(laws::check_tile_to_shape(&block, &target, order, &r), Ok(()));
    }
}

#[test]
fn tile_to_shape_builds_shared_memory_layouts() {
    // A row-major 8×8 atom tiled to 32×64, column-major and row-major
    // repetitions (CuTe C++'s answers: tests/cute-cpp/surface.expected).
    let atom = l("(8,8):(8,1)");
    let shape: IntTuple = "(32,64)".parse().unwrap();
    let c = cute_dynamic::tile_to_shape(&atom, &shape, None).unwrap();
    assert_eq!(c.to_string(), "((8,4),(8,8)):((8,64),(1,256))");
    check_tile_to_shape(&atom, &shape, None, &c).unwrap();
    let order: IntTuple = "(2,1)".parse().unwrap();
    let r = cute_dynamic::tile_to_shape(&atom, &shape, Some(&order)).unwrap();
    assert_eq!(r.to_string(), "((8,4),(8,8)):((8,512),(1,64))");
    check_tile_to_shape(&atom, &shape, Some(&order), &r).unwrap();
    // A rank-1 atom is padded; a non-dividing shape is an error.
    let p = cute_dynamic::tile_to_shape(&l("8:1"), &"(16,4)".parse().unwrap(), None).unwrap();
    assert_eq!(p.to_string(), "((8,2),(1,4)):((1,8),(0,16))");
    let thirty_two: IntTuple = "32".parse().unwrap();
    let one = cute_dynamic::tile_to_shape(&l("8:1"), &thirty_two, None).unwrap();
    // CuTe wraps an integer target (`product_each(32) = (32)`).
    assert_eq!(one.to_string(), "((8,(4))):((1,(8)))");
    check_tile_to_shape(&l("8:1"), &thirty_two, None, &one).unwrap();
    let e = cute_dynamic::tile_to_shape(&atom, &"(12,64)".parse().unwrap(), None).unwrap_err();
    assert_eq!(e.kind(), "not_compatible");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn tile_to_shape_law(
        (a0, a1) in (1i64..5, 1i64..5),
        (k0, k1) in (1i64..4, 1i64..4),
        row in any::<bool>(),
        order in prop::option::of(prop::sample::select(vec!["(1,2)", "(2,1)"])),
    ) {
        let atom = compact(&[a0, a1], row);
        let shape = IntTuple::flat([a0 * k0, a1 * k1]);
        let step = order.map(|o| o.parse::<IntTuple>().unwrap());
        let r = cute_dynamic::tile_to_shape(&atom, &shape, step.as_ref()).unwrap();
        prop_assert_eq!(check_tile_to_shape(&atom, &shape, step.as_ref(), &r), Ok(()));
    }
}
