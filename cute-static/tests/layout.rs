//! Static layouts: queries, printing, conversion, zero size, limits.
use cute_static::{C, Layout, layout, layout::StaticLayout};
use static_assertions::assert_type_eq_all;

#[test]
fn queries() {
    type L = Layout![((2, 2), (4, 2)):((1, 8), (2, 16))];
    assert_eq!(L::SIZE, 32);
    assert_eq!(L::RANK, 2);
    assert_eq!(L::DEPTH, 2);
    assert_eq!(L::COSIZE, 1 + 8 + 6 + 16 + 1);
    let l = L::default();
    let d = l.to_dynamic();
    for i in 0..64 {
        assert_eq!(l.call(i) as i64, d.call(i as i64), "i = {i}");
    }
    assert_eq!(l.call(22), 26);
    assert_eq!(l.to_string(), "((_2,_2),(_4,_2)):((_1,_8),(_2,_16))");
    assert_eq!(d.to_string(), "((2,2),(4,2)):((1,8),(2,16))");
}

#[test]
fn macro_forms() {
    assert_type_eq_all!(Layout![(4, 8)], Layout<(C<4>, C<8>), (C<1>, C<4>)>);
    assert_type_eq_all!(Layout![(4,8):(1,4)], Layout<(C<4>, C<8>), (C<1>, C<4>)>);
    assert_type_eq_all!(Layout![8:2], Layout<C<8>, C<2>>);
    assert_type_eq_all!(Layout![(4):(1)], Layout<(C<4>,), (C<1>,)>);
    assert_type_eq_all!(Layout![_4:_1], Layout<C<4>, C<1>>);
    let l = layout!((4, 8):(1, 4));
    assert_eq!(l.to_string(), "(_4,_8):(_1,_4)");
    let d = cute_static::dlayout!((4, 8):(1, -4));
    assert_eq!(d.to_string(), "(4,8):(1,-4)");
    assert_eq!(
        cute_static::tiler!(<4:1, (2,2)>).to_dynamic().to_string(),
        "<4:1,<2,2>>"
    );
}

#[test]
fn zero_sized() {
    assert_eq!(
        core::mem::size_of::<Layout![((2, 2), (4, 2)):((1, 8), (2, 16))]>(),
        0
    );
    assert_eq!(core::mem::size_of::<Layout![(1, 2, 3, 4, 5, 6, 7, 1)]>(), 0);
}

#[test]
fn maximum_rank_and_depth() {
    type R8 = Layout![(2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128)];
    assert_eq!(R8::RANK, 8);
    assert_eq!(R8::SIZE, 256);
    assert_eq!(R8::default().call(255), 255);
    type D6 = Layout![((((((2, 3), 2), 2), 2), 2), 2)];
    assert_eq!(D6::DEPTH, 6);
    assert_eq!(D6::SIZE, 192);
    let d = D6::default();
    for i in 0..192 {
        assert_eq!(d.call(i), i);
    }
    assert_eq!(
        d.to_dynamic().to_string(),
        "((((((2,3),2),2),2),2),2):((((((1,2),6),12),24),48),96)"
    );
}

#[test]
fn modes() {
    let l = layout!(((2, 2), 8, (4, 1)):((1, 16), 2, (32, 0)));
    assert_eq!(l.mode::<0>().to_string(), "(_2,_2):(_1,_16)");
    assert_eq!(l.mode::<2>().to_string(), "(_4,_1):(_32,_0)");
    assert_eq!(l.mode::<0>().mode::<1>().to_string(), "_2:_16");
}
