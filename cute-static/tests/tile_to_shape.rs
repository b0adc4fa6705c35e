//! `tile_to_shape(block, shape[, order])` of static operands equals
//! cute-dynamic's `tile_to_shape` and satisfies its law.
use cute_static::{C, algebra::tile_to_shape, layout};
use cute_tools::laws;

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
        // CuTe C++ (tests/cute-cpp/surface.expected).
        "((8,16),(64,1)):((64,512),(1,0))"
    );
    // A leaf block to a rank-1 target (CuTe: ((_16,(_2))):((_1,(_16)))).
    assert_eq!(
        check!(layout!(16:1), (C::<32>,), (), "(32)", None),
        "((16,(2))):((1,(16)))"
    );
    check!(layout!(8:1), (C::<16>, C::<4>), (), "(16,4)", None);
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
        "((2,2),(2,2)):((1,8),(2,4))"
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
    use cute_static::layout::MixedLayout;
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

use proptest::prelude::*;

/// Compare the mixed result with cute-dynamic's: `Ok` equal and lawful;
/// `not_compatible` and `value_dependent_structure` exactly where expected.
fn compare(
    block: &cute_dynamic::Layout,
    target: &str,
    order: Option<&str>,
    ours: Result<cute_dynamic::Layout, cute_static::Error>,
    rule: bool,
) -> Result<(), TestCaseError> {
    let shape: cute_dynamic::IntTuple = target.parse().unwrap();
    let order: Option<cute_dynamic::IntTuple> = order.map(|o| o.parse().unwrap());
    let theirs = cute_dynamic::tile_to_shape(block, &shape, order.as_ref());
    match (ours, theirs) {
        (Ok(o), Ok(t)) => {
            prop_assert!(rule, "Ok outside the rule: {} to {}", block, target);
            prop_assert_eq!(&o, &t, "{} to {}", block, target);
            prop_assert!(laws::check_tile_to_shape(block, &shape, order.as_ref(), &o).is_ok());
        }
        (Err(e), Ok(t)) => {
            prop_assert_eq!(
                e.kind(),
                "value_dependent_structure",
                "{} to {}: {}",
                block,
                target,
                t
            );
            prop_assert!(
                !rule,
                "Err inside the rule: {} to {} = {}",
                block,
                target,
                t
            );
        }
        // A block the rule refuses (one with a gap) where cute-dynamic
        // fails too (its complement): the rule's error.
        (Err(e), Err(_)) if !rule && e.kind() == "value_dependent_structure" => {}
        (Err(e), Err(t)) => {
            prop_assert_eq!(e.kind(), t.kind(), "{} to {}", block, target);
        }
        (Ok(o), Err(t)) => {
            prop_assert!(false, "{} to {}: ours {}, theirs {}", block, target, o, t);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A static block to targets with run-time extents: every `Ok` is
    /// cute-dynamic's layout and lawful; `value_dependent_structure`
    /// exactly where the documented rule says; a block that does not
    /// divide the target is `not_compatible`, as in cute-dynamic.
    #[test]
    fn mixed_dyn_target_matches(a in 1usize..9, b in 1usize..7, k in 1usize..12, swap in 0usize..2, off in 0usize..6) {
        use cute_static::{Dyn, layout::MixedLayout};
        // Mostly multiples of the block's extents; sometimes not.
        let m = 8 * a + usize::from(off == 4);
        let n = 64 * b + 3 * usize::from(off == 5);
        // The swizzle atom: mode 0 is its last mode (8·64 = its size).
        let atom = MixedLayout::from(layout!((8, 64):(64, 1)));
        let ad = atom.to_dynamic();
        // Every compact block with an order without ties is answered
        // (CuTe 4.2 does not coalesce: one structure for every count).
        let r = atom.tile_to_dyn_shape((Dyn(m), C::<64>), ());
        compare(&ad, &format!("({m},64)"), None, r.map(|l| l.to_dynamic()), true)?;
        let r = atom.tile_to_dyn_shape((m, n), ());
        compare(&ad, &format!("({m},{n})"), None, r.map(|l| l.to_dynamic()), true)?;
        let ord = [swap, 1 - swap];
        let r = atom.tile_to_dyn_shape((Dyn(m), n), (ord[0], ord[1]));
        compare(&ad, &format!("({m},{n})"), Some(&format!("({},{})", ord[0], ord[1])), r.map(|l| l.to_dynamic()), true)?;
        // An M-major block.
        let mm = MixedLayout::from(layout!((64, 8):(1, 64)));
        let r = mm.tile_to_dyn_shape((n, Dyn(m)), ());
        compare(&mm.to_dynamic(), &format!("({n},{m})"), None, r.map(|l| l.to_dynamic()), true)?;
        // A static target mode that is not the block's extent: a count.
        let r = mm.tile_to_dyn_shape((C::<128>, Dyn(m)), (C::<1>, C::<0>));
        compare(&mm.to_dynamic(), &format!("(128,{m})"), Some("(1,0)"), r.map(|l| l.to_dynamic()), true)?;
        // Rank 3, an order of run-time values.
        let b3 = MixedLayout::from(layout!((2, 4, 3):(12, 1, 4)));
        let n = 3 * b + usize::from(off == 5);
        let o3 = [k % 3, (k + 1) % 3, (k + 2) % 3];
        let r = b3.tile_to_dyn_shape((m, Dyn(k), n), (o3[0], o3[1], o3[2]));
        compare(&b3.to_dynamic(), &format!("({m},{k},{n})"), Some(&format!("({},{},{})", o3[0], o3[1], o3[2])), r.map(|l| l.to_dynamic()), true)?;
        // Rank 1.
        let b1 = MixedLayout::from(layout!((4):(1)));
        let r = b1.tile_to_dyn_shape((Dyn(m),), ());
        compare(&b1.to_dynamic(), &format!("({m})"), None, r.map(|l| l.to_dynamic()), true)?;
        // A block with a gap: never this structure.
        let gap = MixedLayout::from(layout!((4):(2)));
        let r = gap.tile_to_dyn_shape((Dyn(m),), ());
        compare(&gap.to_dynamic(), &format!("({m})"), None, r.map(|l| l.to_dynamic()), false)?;
    }
}

/// The documented examples of the run-time target.
#[test]
fn mixed_dyn_target_examples() {
    use cute_static::{Dyn, layout::MixedLayout};
    let atom = MixedLayout::from(layout!((8, 64):(64, 1)));
    // CuTe C++: tile_to_shape((8,64):(64,1), (128,64)) =
    // ((_8,_16),(_64,_1)):((_64,_512),(_1,_0)) (tests/cute-cpp/surface.expected).
    let l = atom.tile_to_dyn_shape((Dyn(128), C::<64>), ()).unwrap();
    assert_eq!(l.to_string(), "((_8,16),(_64,_1)):((_64,512),(_1,_0))");
    let l = atom.tile_to_dyn_shape((Dyn(128), 64usize), ()).unwrap();
    assert_eq!(l.to_string(), "((_8,16),(_64,1)):((_64,512),(_1,0))");
    let l = atom.tile_to_dyn_shape((128usize, 256usize), ()).unwrap();
    assert_eq!(
        l.to_dynamic(),
        cute_dynamic::tile_to_shape(&atom.to_dynamic(), &"(128,256)".parse().unwrap(), None)
            .unwrap()
    );
    let e = atom.tile_to_dyn_shape((Dyn(100), C::<64>), ()).unwrap_err();
    assert_eq!(e.kind(), "not_compatible");
    // Ties in the order (cute-dynamic: invalid_argument), a zero extent, a
    // size past i64: named errors, no panic.
    let e = atom
        .tile_to_dyn_shape((256usize, 128usize), (0usize, 0usize))
        .unwrap_err();
    assert_eq!(e.kind(), "value_dependent_structure");
    let e = atom.tile_to_dyn_shape((0usize, 64usize), ()).unwrap_err();
    assert_eq!(e.kind(), "non_positive_shape");
    let e = atom
        .tile_to_dyn_shape((usize::MAX - 7, 1usize << 40), ())
        .unwrap_err();
    assert_eq!(e.kind(), "overflow");
    // A run-time extent with a divisor (not used: checked like a `Dyn`).
    let t = cute_static::layout::DynDiv::<8>::new(128).unwrap();
    let l = atom.tile_to_dyn_shape((t, C::<64>), ()).unwrap();
    assert_eq!(l.to_string(), "((_8,16),(_64,_1)):((_64,512),(_1,_0))");
    // A block that does not divide a static target mode: not_compatible.
    let e = atom.tile_to_dyn_shape((Dyn(8), C::<96>), ()).unwrap_err();
    assert_eq!(e.kind(), "not_compatible");
}

/// `tile_to_shape` of a composed (swizzled) block: the swizzle and offset
/// kept, the inner layout tiled — cute-dynamic's
/// `SwizzledLayout::tile_to_shape` in structure and function (its law),
/// and CuTe C++'s answer for `sgemm_sm80.cu`'s shared layouts
/// (tests/cute-cpp/swizzled_smem.expected).
#[test]
fn composed_blocks_match_cute_dynamic_and_cute() {
    macro_rules! check_composed {
        ($block:expr, $shape:expr, $order:expr, $sh:literal, $ord:expr) => {{
            let block = $block;
            let r = tile_to_shape(block, $shape, $order);
            let rd = r.to_dynamic().unwrap();
            let shape: cute_dynamic::IntTuple = $sh.parse().unwrap();
            let order: Option<cute_dynamic::IntTuple> = $ord.map(|o: &str| o.parse().unwrap());
            let bd = block.to_dynamic().unwrap();
            let d = bd.tile_to_shape(&shape, order.as_ref()).unwrap();
            assert_eq!(rd, d, "{} to {}", block, $sh);
            laws::check_swizzled_tile_to_shape(&bd, &shape, order.as_ref(), &rd).unwrap();
            // Function-wise: the static layout's offsets are the run-time one's.
            for i in 0..r.size() {
                assert_eq!(r.call(i) as i64, d.call(i as i64), "{} at {i}", r);
            }
            r.to_string()
        }};
    }
    let atom = layout!(Sw<3,3,3> o 0 o (8, (8, 8)):(8, (1, 64)));
    let sa = check_composed!(atom, (C::<128>, C::<64>, C::<3>), (), "(128,64,3)", None);
    assert_eq!(
        sa,
        "Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1),(_1,_3)):((_8,_512),((_1,_64),_0),(_0,_8192))"
    );
    check_composed!(atom, (C::<64>, C::<128>), (), "(64,128)", None);
    check_composed!(
        atom,
        (C::<64>, C::<128>),
        (C::<1>, C::<0>),
        "(64,128)",
        Some("(1,0)")
    );
    check_composed!(
        layout!(Sw<2,3,3> o 0 o (8, 32):(32, 1)),
        (C::<32>, C::<64>, C::<2>),
        (),
        "(32,64,2)",
        None
    );
    // A static offset is kept (inside the swizzle).
    check_composed!(
        layout!(Sw<1,2,1> o 4 o (4, 4):(4, 1)),
        (C::<8>, C::<8>),
        (),
        "(8,8)",
        None
    );
    // CuTe C++'s printed answers (underscores dropped, as tests/tests/cute_cpp.rs does).
    let expected = include_str!("../../tests/cute-cpp/swizzled_smem.expected");
    let cute = |args: &str| -> String {
        expected
            .lines()
            .find_map(|l| l.strip_prefix(args).and_then(|r| r.strip_prefix('|')))
            .unwrap_or_else(|| panic!("no CuTe line for {args}"))
            .replace('_', "")
    };
    assert_eq!(
        sa.replace('_', ""),
        cute("tile_to_shape|Sw<3,3,3> o 0 o (8,(8,8)):(8,(1,64))|(128,64,3)")
    );
    assert_eq!(
        tile_to_shape(atom, (C::<64>, C::<128>), ())
            .to_string()
            .replace('_', ""),
        cute("tile_to_shape|Sw<3,3,3> o 0 o (8,(8,8)):(8,(1,64))|(64,128)")
    );
    assert_eq!(
        tile_to_shape(
            layout!(Sw<2,3,3> o 0 o (8, 32):(32, 1)),
            (C::<32>, C::<64>, C::<2>),
            ()
        )
        .to_string()
        .replace('_', ""),
        cute("tile_to_shape|Sw<2,3,3> o 0 o (8,32):(32,1)|(32,64,2)")
    );
}
