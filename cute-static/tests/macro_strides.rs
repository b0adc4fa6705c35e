//! The compact column-major stride the macros write when a literal has no
//! stride, against cute-dynamic's parser: a size-1 mode gets stride 0 in
//! static, mixed and run-time layouts alike (CuTe's `compact_col_major`).
use cute_dynamic::Layout as DLayout;
use cute_static::{C, Dyn, Layout, dlayout, layout, layout::MixedLayout};
use static_assertions::assert_type_eq_all;

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

#[test]
fn static_size_one_modes_have_stride_zero() {
    assert_type_eq_all!(Layout![(1, 4)], Layout<(C<1>, C<4>), (C<0>, C<1>)>);
    assert_type_eq_all!(Layout![(4, 1)], Layout<(C<4>, C<1>), (C<1>, C<0>)>);
    assert_type_eq_all!(Layout![1], Layout<C<1>, C<0>>);
    let cases = [
        (layout!((1, 4)).to_dynamic(), "(1,4)"),
        (layout!((4, 1, 8)).to_dynamic(), "(4,1,8)"),
        (layout!(((1, 1), 4)).to_dynamic(), "((1,1),4)"),
        (layout!((4, (1, 3), 1)).to_dynamic(), "(4,(1,3),1)"),
        (layout!(1).to_dynamic(), "1"),
    ];
    for (got, text) in cases {
        assert_eq!(got, dl(text), "{text}");
    }
    assert_eq!(layout!((4, 1, 8)).to_string(), "(_4,_1,_8):(_1,_0,_4)");
    assert_eq!(dlayout!((4, 1, 8)), dl("(4,1,8):(1,0,4)"));
}

#[test]
fn mixed_size_one_modes_have_stride_zero() {
    assert_type_eq_all!(Layout![(1, { 5 })], MixedLayout<(C<1>, Dyn), (C<0>, C<1>)>);
    assert_type_eq_all!(
        Layout![(2, 1, { 5 })],
        MixedLayout<(C<2>, C<1>, Dyn), (C<1>, C<0>, C<2>)>
    );
    // `layout!(lit)` against cute-dynamic's reading of `text`.
    macro_rules! same {
        ($lit:tt, $text:expr) => {
            assert_eq!(layout!($lit).unwrap().to_dynamic(), dl(&$text), "{}", $text)
        };
    }
    for m in 2..=9usize {
        let l = layout!((1, { m })).unwrap();
        assert_eq!(l.to_string(), format!("(_1,{m}):(_0,_1)"));
        same!((1, { m }), format!("(1,{m})"));
        same!((2, 1, { m }), format!("(2,1,{m})"));
        same!((4, 1, { m }), format!("(4,1,{m})"));
        same!(({ m }, 1, 4), format!("({m},1,4)"));
        same!(((1, { m }), 1), format!("((1,{m}),1)"));
        same!((3, (1, { m }), 1, 2), format!("(3,(1,{m}),1,2)"));
        same!(({ m }, { m }, 1), format!("({m},{m},1)"));
    }
}

/// A run-time leaf that is 1 at run time keeps the prefix product as its
/// stride (CuTe gives the zero stride only to a static `_1`; the stride of
/// a size-1 mode never changes an offset): the layouts are the same
/// function as cute-dynamic's, and differ only in that mode's stride.
#[test]
fn a_runtime_one_keeps_its_prefix_stride() {
    let m = 1usize;
    let l = layout!((2, { m })).unwrap();
    assert_eq!(l.to_string(), "(_2,1):(_1,_2)");
    let d = dl("(2,1)");
    assert_eq!(d.to_string(), "(2,1):(1,0)");
    for i in 0..l.size() {
        assert_eq!(l.call(i) as i64, d.call(i as i64), "{i}");
    }
}
