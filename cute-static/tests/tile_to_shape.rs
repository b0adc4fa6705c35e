//! `tile_to_shape(block, shape[, order])` of static operands equals
//! cute-dynamic's `tile_to_shape` and satisfies its law.
use cute_dynamic::laws;
use cute_static::{C, layout, tile_to_shape};

macro_rules! check {
    ($block:expr, $shape:expr, $order:expr, $sh:literal, $ord:expr) => {{
        let block = $block;
        let r = tile_to_shape(block, $shape, $order).to_dynamic();
        let shape: cute_dynamic::IntTuple = $sh.parse().unwrap();
        let order: Option<cute_dynamic::IntTuple> = $ord.map(|o: &str| o.parse().unwrap());
        let d = cute_dynamic::tile_to_shape(&block.to_dynamic(), &shape, order.as_ref()).unwrap();
        assert_eq!(r, d, "{} to {}", block, $sh);
        laws::check_tile_to_shape(&block.to_dynamic(), &shape, order.as_ref(), &r).unwrap();
        r.to_string()
    }};
}

#[test]
fn matches_cute_dynamic() {
    let atom = layout!((8, 64):(64, 1));
    assert_eq!(
        check!(atom, (C::<128>, C::<64>), (), "(128,64)", None),
        "(128,64):(64,1)"
    );
    check!(atom, (C::<64>, C::<128>), (), "(64,128)", None);
    check!(
        atom,
        (C::<64>, C::<128>),
        (C::<1>, C::<0>),
        "(64,128)",
        Some("(1,0)")
    );
    // A rank-2 atom tiled to (M, K, stages): padded with a 1:0 mode.
    check!(atom, (C::<128>, C::<64>, C::<3>), (), "(128,64,3)", None);
    check!(
        layout!((8, 8):(1, 8)),
        (C::<32>, C::<16>, C::<4>),
        (C::<1>, C::<0>, C::<2>),
        "(32,16,4)",
        Some("(1,0,2)")
    );
    assert_eq!(
        check!(
            layout!((2, 2):(1, 2)),
            (C::<4>, C::<4>),
            (C::<1>, C::<0>),
            "(4,4)",
            Some("(1,0)")
        ),
        "((2,2),4):((1,8),2)"
    );
    check!(
        layout!(((2, 4), 8):((8, 1), 16)),
        (C::<16>, C::<32>),
        (),
        "(16,32)",
        None
    );
    check!(
        layout!((4, 2):(2, 1)),
        ((C::<2>, C::<4>), C::<4>),
        (),
        "((2,4),4)",
        None
    );
}

/// A mixed block with static leaves: the static algebra's layout, equal to
/// cute-dynamic's, and its law.
#[test]
fn mixed_static_block_matches() {
    use cute_static::MixedLayout;
    macro_rules! mixed {
        ($block:expr, $shape:expr, $order:expr, $sh:literal, $ord:expr) => {{
            let block = $block;
            let m = MixedLayout::from(block);
            let r = m.tile_to_shape($shape, $order);
            assert_eq!(
                r.to_string(),
                tile_to_shape(block, $shape, $order).to_string()
            );
            let shape: cute_dynamic::IntTuple = $sh.parse().unwrap();
            let order: Option<cute_dynamic::IntTuple> = $ord.map(|o: &str| o.parse().unwrap());
            let d = cute_dynamic::tile_to_shape(&m.to_dynamic(), &shape, order.as_ref()).unwrap();
            assert_eq!(r.to_dynamic(), d);
            laws::check_tile_to_shape(&m.to_dynamic(), &shape, order.as_ref(), &d).unwrap();
        }};
    }
    mixed!(
        layout!((8, 64):(64, 1)),
        (C::<128>, C::<64>),
        (),
        "(128,64)",
        None
    );
    mixed!(
        layout!((8, 64):(64, 1)),
        (C::<64>, C::<128>),
        (C::<1>, C::<0>),
        "(64,128)",
        Some("(1,0)")
    );
    mixed!(
        layout!((2, 2):(1, 2)),
        (C::<4>, C::<4>, C::<3>),
        (),
        "(4,4,3)",
        None
    );
    mixed!(layout!((8):(1)), (C::<32>,), (), "(32)", None);
}
