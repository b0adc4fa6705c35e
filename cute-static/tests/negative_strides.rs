//! Negative static strides (issue 14, item 2): `Neg<M>` stride leaves in
//! `layout!`, `Layout![…]` and `tiler!`, printed `_-M`, evaluated by
//! `call_signed`, and composed, coalesced and divided equal to cute-dynamic
//! (the run-time twin by `to_dynamic()`, the operation's law in
//! `cute_dynamic::laws`, and cute-dynamic's own result).
use cute_dynamic::{Layout as DLayout, laws};
use cute_static::*;
use static_assertions::assert_type_eq_all;

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

/// The static layout is its run-time twin `text` and evaluates like it at
/// every index of its domain (and one past, along the last mode).
fn same<L: StaticLayout>(l: L, text: &str) {
    let d = l.to_dynamic();
    assert_eq!(d, dl(text), "{l}");
    let size = L::SIZE;
    for i in 0..=size {
        assert_eq!(l.call_signed(i) as i64, d.call(i as i64), "{d} at {i}");
    }
    assert_eq!(L::SIZE as i64, d.size());
    assert_eq!(L::COSIZE as i64, d.cosize().unwrap(), "cosize of {d}");
    assert_eq!(L::RANK, d.rank());
}

/// `r` is `a ∘ b`: composition's law, and cute-dynamic's result.
fn composes<A: StaticLayout, B: StaticLayout, R: StaticLayout>(a: A, b: B, r: R) {
    let (da, db, dr) = (a.to_dynamic(), b.to_dynamic(), r.to_dynamic());
    if let Err(v) = laws::check_composition(&da, &db, &dr) {
        panic!("{v}");
    }
    assert_eq!(da.compose(&db).unwrap(), dr, "{da} o {db}");
    same(r, &dr.to_string());
}

#[test]
fn the_issue_layout_compiles_prints_and_evaluates() {
    let l = layout!((8, 4):(-1, 8));
    assert_eq!(l.to_string(), "(_8,_4):(_-1,_8)");
    assert_eq!(format!("{l:?}"), "Layout((_8,_4):(_-1,_8))");
    assert_type_eq_all!(Layout![(8,4):(-1,8)], Layout<(C<8>, C<4>), (Neg<C<1>>, C<8>)>);
    assert_eq!(l.to_dynamic(), dlayout!((8, 4):(-1, 8)));
    assert_eq!(l.call_signed(1), -1);
    assert_eq!(l.call_signed(8), 8);
    same(l, "(8,4):(-1,8)");
    assert_eq!(<Layout![(8,4):(-1,8)]>::COSIZE, 25);
}

#[test]
fn rank_one_to_three_with_mixed_signs() {
    same(layout!(8:-1), "8:-1");
    same(layout!(5:-3), "5:-3");
    same(layout!(4:-11008), "4:-11008");
    same(layout!((4, 3):(-3, -12)), "(4,3):(-3,-12)");
    same(layout!((4, 3):(1, -4)), "(4,3):(1,-4)");
    same(layout!((2, 3, 4):(-1, 2, -6)), "(2,3,4):(-1,2,-6)");
    same(layout!(((2, 2), 3):((-1, 4), -8)), "((2,2),3):((-1,4),-8)");
    same(layout!((2, (3, 4)):(0, (-1, -4096))), "(2,(3,4)):(0,(-1,-4096))");
    let t: Layout![(2, 3):(-9223372036854775807, 0)] = Default::default();
    assert_eq!(t.to_string(), "(_2,_3):(_-9223372036854775807,_0)");
    assert_eq!(t.to_dynamic().to_string(), "(2,3):(-9223372036854775807,0)");
}
