//! Negative static strides: `Neg<M>` stride leaves in
//! `layout!`, `Layout![…]` and `tiler!`, printed `_-M`, evaluated by
//! `call_signed`, and composed, coalesced and divided equal to cute-dynamic
//! (the run-time twin by `to_dynamic()`, the operation's law in
//! `cute_tools::laws`, and cute-dynamic's own result).
use cute_dynamic::Layout as DLayout;
use cute_static::*;
use cute_static::{algebra::*, layout::*, tensor::*};
use cute_tools::laws;
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
    assert_type_eq_all!(
        Layout![(8,4):(-1,8)],
        Layout<(C<8>, C<4>), (Neg<C<1>>, C<8>)>
    );
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
    same(
        layout!((2, (3, 4)):(0, (-1, -4096))),
        "(2,(3,4)):(0,(-1,-4096))",
    );
    let t: Layout![(2, 3):(-9223372036854775807, 0)] = Default::default();
    assert_eq!(t.to_string(), "(_2,_3):(_-9223372036854775807,_0)");
    assert_eq!(t.to_dynamic().to_string(), "(2,3):(-9223372036854775807,0)");
}

/// `coalesce(l)`: the law, cute-dynamic's result and the static result.
fn coalesces<L: StaticLayout + Coalesce>(l: L) {
    let r = l.coalesce();
    let (dl_, dr) = (l.to_dynamic(), r.to_dynamic());
    if let Err(v) = laws::check_coalesce(&dl_, &dr) {
        panic!("{v}");
    }
    assert_eq!(dl_.coalesce(), dr, "coalesce {dl_}");
    same(r, &dr.to_string());
}

#[test]
fn coalesce_merges_equal_signs_as_cute_dynamic() {
    coalesces(layout!((2, 2):(-1, -2)));
    coalesces(layout!((2, 2):(-1, 2)));
    coalesces(layout!((2, 2):(1, -2)));
    coalesces(layout!(((2, 2), 3):((-1, -2), -4)));
    coalesces(layout!((2, 1, 4):(-3, -5, -6)));
    coalesces(layout!((1, 4):(-7, -1)));
    coalesces(layout!((4, 1):(-1, 0)));
    coalesces(layout!((3, (2, 5)):(-1, (-3, 0))));
    assert_type_eq_all!(
        Coalesced<Layout![((2, 2), 3):((-1, -2), -4)]>,
        Layout![12:-1]
    );
    assert_eq!(layout!((2, 2):(-1, -2)).coalesce().to_string(), "_4:_-1");
}

#[test]
fn composition_with_negative_strides_in_a() {
    let a = layout!((8, 4):(-1, 8));
    composes(a, layout!(8:4), a.compose(layout!(8:4)));
    composes(a, layout!(4:2), a.compose(layout!(4:2)));
    composes(a, layout!((2, 4):(4, 8)), a.compose(layout!((2, 4):(4, 8))));
    composes(a, layout!((4, 8):(8, 1)), a.compose(layout!((4, 8):(8, 1))));
    composes(a, layout!(32:1), a.compose(layout!(32:1)));
    composes(a, layout!(3:0), a.compose(layout!(3:0)));
    let b = layout!(8:-1);
    composes(b, layout!(4:2), b.compose(layout!(4:2)));
    let c = layout!((4, 3):(-3, -12));
    composes(c, layout!((2, 6):(2, 2)), c.compose(layout!((2, 6):(2, 2))));
    let d = layout!((2, 3, 4):(-1, 2, -6));
    composes(d, layout!((6, 4):(1, 6)), d.compose(layout!((6, 4):(1, 6))));
    composes(d, layout!(4:6), d.compose(layout!(4:6)));
    let e = layout!(((2, 2), 3):((-1, 4), -8));
    composes(
        e,
        layout!((2, 2, 3):(2, 1, 4)),
        e.compose(layout!((2, 2, 3):(2, 1, 4))),
    );
    // Computed strides beyond the readable table are `Neg<Dec<…>>`.
    let f = layout!((4096, 11008):(-11008, 1));
    composes(f, layout!(4:2048), f.compose(layout!(4:2048)));
    assert_type_eq_all!(
        Composed<Layout![(4096, 11008):(-11008, 1)], Layout![2:1024]>,
        Layout![2:-11272192]
    );
    assert_type_eq_all!(Composed<Layout![(8, 4):(-1, 8)], Layout![4:2]>, Layout![4:-2]);
}

#[test]
fn composition_with_a_negative_leaf_in_b() {
    let a = layout!((4, 6, 8, 10):(2, 3, 5, 7));
    composes(a, layout!(6:-12), a.compose(layout!(6:-12)));
    assert_eq!(a.compose(layout!(6:-12)).to_string(), "(_2,_3):(_-9,_-5)");
    // The example of docs/semantics/algebra.md#composition.
    let b = layout!((1, (2, 4)):(0, (-1, 512)));
    composes(b, layout!(4:-1), b.compose(layout!(4:-1)));
    assert_eq!(b.compose(layout!(4:-1)).to_string(), "(_2,_2):(_1,_-512)");
    let c = layout!(8:3);
    composes(c, layout!(4:-2), c.compose(layout!(4:-2)));
    let d = layout!((4, 3):(-3, -12));
    composes(d, layout!(6:-2), d.compose(layout!(6:-2)));
    composes(d, layout!(3:-4), d.compose(layout!(3:-4)));
    // A tuple with one non-trivial leaf may be negative.
    let e = layout!((4, 4):(1, 4));
    composes(
        e,
        layout!((1, 4, 3):(5, -4, 0)),
        e.compose(layout!((1, 4, 3):(5, -4, 0))),
    );
    composes(
        e,
        layout!((4, 1):(-1, 3)),
        e.compose(layout!((4, 1):(-1, 3))),
    );
    // A single-mode A: B's strides scaled with their signs.
    composes(
        c,
        layout!((2, 1):(-2, 7)),
        c.compose(layout!((2, 1):(-2, 7))),
    );
    let f = layout!(16:-3);
    composes(f, layout!((4, 4):(1, 4)), f.compose(layout!((4, 4):(1, 4))));
    composes(f, layout!(4:-4), f.compose(layout!(4:-4)));
}

#[test]
fn composition_by_tilers_with_negative_strides() {
    let a = layout!((12, 8):(1, 12));
    let r = a.compose(tiler!(<3:-4, 2:2>));
    assert_eq!(r.to_string(), "(_3,_2):(_-4,_24)");
    let (da, t) = (
        a.to_dynamic(),
        cute_dynamic::parse_tiler("<3:-4,2:2>").unwrap(),
    );
    assert_eq!(da.compose(&t).unwrap(), r.to_dynamic());
    if let Err(v) = laws::check_composition(&da, &t, &r.to_dynamic()) {
        panic!("{v}");
    }
    // A tuple mode of the tiler with one non-trivial leaf may be negative.
    let r = a.compose(tiler!(<(3, 1):(-4, 5), 2:2>));
    let t = cute_dynamic::parse_tiler("<(3,1):(-4,5),2:2>").unwrap();
    assert_eq!(da.compose(&t).unwrap(), r.to_dynamic());
    law(laws::check_composition(&da, &t, &r.to_dynamic()));
    let b = layout!((12, 8):(-1, -12));
    let r = b.compose(tiler!(<3:4, 2:-2>));
    let t = cute_dynamic::parse_tiler("<3:4,2:-2>").unwrap();
    assert_eq!(b.to_dynamic().compose(&t).unwrap(), r.to_dynamic());
    same(r, &r.to_dynamic().to_string());
}

/// Panic with the law's message.
fn law(r: Result<(), laws::Violation>) {
    if let Err(v) = r {
        panic!("{v}");
    }
}

#[test]
fn divides_of_a_negative_layout_by_a_non_negative_tiler() {
    let a = layout!((8, 4):(-1, 8));
    let (da, b) = (a.to_dynamic(), dl("2:1"));
    let r = a.logical_divide(layout!(2:1)).to_dynamic();
    law(laws::check_logical_divide(&da, &b, &r));
    assert_eq!(cute_dynamic::logical_divide(&da, &b).unwrap(), r);
    let t = cute_dynamic::parse_tiler("<2,2>").unwrap();
    let r = a.zipped_divide(tiler!(<2, 2>)).to_dynamic();
    law(laws::check_zipped_divide(&da, &t, &r));
    assert_eq!(cute_dynamic::zipped_divide(&da, &t).unwrap(), r);
    let r = a.tiled_divide(tiler!(<4:2, 2>)).to_dynamic();
    let t = cute_dynamic::parse_tiler("<4:2,2>").unwrap();
    law(laws::check_tiled_divide(&da, &t, &r));
    assert_eq!(cute_dynamic::tiled_divide(&da, &t).unwrap(), r);
    let c = layout!(((4, 2), 6):((-2, 16), -32));
    let r = c.logical_divide(tiler!(<2, 3>)).to_dynamic();
    let t = cute_dynamic::parse_tiler("<2,3>").unwrap();
    law(laws::check_logical_divide(&c.to_dynamic(), &t, &r));
    assert_eq!(
        cute_dynamic::logical_divide(&c.to_dynamic(), &t).unwrap(),
        r
    );
    same(c.logical_divide(tiler!(<2, 3>)), &r.to_string());
}

#[test]
fn products_with_a_negative_right_side() {
    // complement(A, size(A)·cosize(B)) with cute-dynamic's cosize (negative
    // strides contribute nothing), then composed with B's negative leaf.
    let a = layout!((2, 2):(1, 2));
    for (b, text) in [
        (layout!(3:-1).to_dynamic(), "3:-1"),
        (layout!((2, 3):(0, -2)).to_dynamic(), "(2,3):(0,-2)"),
    ] {
        assert_eq!(b, dl(text));
    }
    let r = a.logical_product(layout!(3:-1));
    let (da, db) = (a.to_dynamic(), dl("3:-1"));
    assert_eq!(
        cute_dynamic::logical_product(&da, &db).unwrap(),
        r.to_dynamic()
    );
    law(laws::check_logical_product(&da, &db, &r.to_dynamic()));
    same(r, &r.to_dynamic().to_string());
    let r = a.logical_product(layout!((2, 3):(0, -2)));
    let db = dl("(2,3):(0,-2)");
    assert_eq!(
        cute_dynamic::logical_product(&da, &db).unwrap(),
        r.to_dynamic()
    );
    law(laws::check_logical_product(&da, &db, &r.to_dynamic()));
}

#[test]
fn structural_operations_keep_negative_strides() {
    let a = layout!((8, (4, 2)):(-1, (8, -32)));
    assert_eq!(a.flatten().to_dynamic(), a.to_dynamic().flatten());
    assert_eq!(
        a.append(layout!(2:-3)).to_dynamic(),
        a.to_dynamic().append(&dl("2:-3"))
    );
    let r = a.coalesce_by(C::<1>);
    let p: cute_dynamic::IntTuple = "1".parse().unwrap();
    law(laws::check_coalesce_by(
        &a.to_dynamic(),
        &p,
        &r.to_dynamic(),
    ));
    assert_eq!(
        cute_dynamic::coalesce_by(&a.to_dynamic(), &p).unwrap(),
        r.to_dynamic()
    );
    let b = layout!((2, 4, 6):(-1, 0, 0));
    assert_eq!(
        b.nullspace().to_dynamic(),
        cute_dynamic::nullspace(&b.to_dynamic())
    );
    let (p, q) = (layout!((8, 4):(-1, 8)), layout!((8, 4):(1, 8)));
    let r = p.max_common_layout(q).to_dynamic();
    assert_eq!(
        cute_dynamic::max_common_layout(&p.to_dynamic(), &q.to_dynamic()).unwrap(),
        r
    );
    law(laws::check_max_common_layout(
        &p.to_dynamic(),
        &q.to_dynamic(),
        &r,
    ));
}

#[test]
fn slices_have_signed_offsets() {
    let a = layout!(((2, 3), (4, 2)):((-1, 8), (-24, 100)));
    let d = a.to_dynamic();
    for (i, j) in [(0usize, 0usize), (1, 0), (5, 7), (3, 2)] {
        let (sub, off) = a.slice_signed((i, __)).unwrap();
        let (dsub, doff) = d.slice(&format!("({i},_)").parse().unwrap()).unwrap();
        assert_eq!((sub.to_dynamic(), off as i64), (dsub, doff));
        let (sub, off) = a.slice_signed((__, j)).unwrap();
        let (dsub, doff) = d.slice(&format!("(_,{j})").parse().unwrap()).unwrap();
        assert_eq!((sub.to_dynamic(), off as i64), (dsub, doff));
    }
    assert!(a.slice_signed((6usize, __)).is_err());
}
