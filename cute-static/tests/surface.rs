//! The rest of CuTe's algebra surface, static against run time: each case
//! computes the static result (a type), its `to_dynamic()`, and the
//! cute-dynamic function on the same operands, and asserts equality and the
//! operation's law (`cute_tools::laws::check_*`). Static = run time on
//! every case here.
use cute_dynamic::{IntTuple as DTuple, Layout as DLayout};
use cute_static::*;
use cute_static::{algebra::*, layout::*, tensor::*};
use cute_tools::laws;
use static_assertions::assert_type_eq_all;

fn ok<T>(r: Result<T, laws::Violation>) {
    if let Err(v) = r {
        panic!("{v}");
    }
}
fn d<T: IntTuple>(t: T) -> DTuple {
    t.to_dynamic()
}

/// `shape_div`/`ceil_div`/`round_up`/`elem_scale` on one case: static =
/// run time, and the law holds.
macro_rules! binary_cases {
    ($verb:ident, $dyn:path, $law:path; $(($a:ty, $b:ty)),+ $(,)?) => {$({
        let (a, b) = (<$a>::default(), <$b>::default());
        let r = a.$verb(b);
        let want = $dyn(&d(a), &d(b)).unwrap();
        assert_eq!(d(r), want, "{}({}, {})", stringify!($verb), d(a), d(b));
        ok($law(&d(a), &d(b), &d(r)));
    })+};
}

type C1 = C<1>;

#[test]
fn shape_div_cases() {
    assert_type_eq_all!(ShapeDiv<(C<4>, C<5>, C<6>), C<40>>, (C1, C1, C<3>));
    assert_type_eq_all!(ShapeDiv<((C<2>, C<2>), C<8>), C<8>>, ((C1, C1), C<4>));
    assert_type_eq_all!(
        ShapeDiv<(C<8>, (C<3>, C<4>)), (C<4>, C<6>)>,
        (C<2>, (C1, C<2>))
    );
    binary_cases!(shape_div, cute_dynamic::shape_div, laws::check_shape_div;
        (C<12>, C<4>), (C<4>, C<12>), (C<0>, C<8>), (C<2>, C<8>), (C<24>, (C<2>, C<3>)),
        ((C<4>, C<5>, C<6>), C<40>), ((C<8>, (C<3>, C<4>)), (C<2>, C<3>)),
        ((C<8>, (C<3>, C<4>)), (C<4>, C<6>)), (((C<2>, C<2>), C<8>), C<8>),
        ((C<128>, C<64>), (C<32>, C<16>)), ((C<2>, C<3>), C<2>), ((C<6>, C<4>), C<3>),
    );
}

#[test]
fn ceil_div_cases() {
    assert_type_eq_all!(CeilDiv<(C<3>, C<2>), C<4>>, (C1, C1));
    binary_cases!(ceil_div, cute_dynamic::ceil_div, laws::check_ceil_div;
        (C<10>, C<4>), (C<0>, C<4>), (C<10>, (C<2>, C<2>)), ((C<3>, C<2>), C<4>),
        ((C<10>, C<7>, C<3>), (C<4>, C<2>)), ((C<4>, C<6>), C<8>), ((C<10>, C<7>), (C<4>, C<2>)),
        ((C<100>, (C<7>, C<9>)), (C<32>, C<4>)), ((C<5>, C<5>, C<5>), C<7>),
        (((C<3>, C<5>), C<9>), (C<4>, C<2>)),
    );
}

#[test]
fn round_up_cases() {
    binary_cases!(round_up, cute_dynamic::round_up, laws::check_round_up;
        (C<10>, C<4>), (C<12>, C<4>), (C<0>, C<4>), ((C<10>, (C<7>, C<3>)), (C<8>, (C<2>, C<2>))),
        ((C<10>, C<7>), (C<8>,)), ((C<100>, C<33>), (C<32>, C<32>)),
    );
}

#[test]
fn elem_scale_cases() {
    binary_cases!(elem_scale, cute_dynamic::elem_scale, laws::check_elem_scale;
        ((C<2>, (C<3>, C<4>)), ((C<2>, C<2>), (C<5>, C1))), (C<3>, (C<2>, C<5>)), (C<3>, C<4>),
        ((C<2>, C<3>), (C<4>, (C<5>, C<6>))), ((C<7>,), C<2>),
    );
}

#[test]
fn product_each_and_inner_product() {
    macro_rules! pe {
        ($($a:ty),+) => {$({
            let a = <$a>::default();
            let r = a.product_each();
            assert_eq!(d(r), cute_dynamic::product_each(&d(a)).unwrap());
            ok(laws::check_product_each(&d(a), &d(r)));
        })+};
    }
    pe!(
        C<7>,
        ((C<2>, C<3>), C<4>, (C<5>, (C1, C<2>))),
        ((C<2>, C<4>),),
        (C<3>, C<5>)
    );
    macro_rules! ip {
        ($(($a:ty, $b:ty)),+ $(,)?) => {$({
            let (a, b) = (<$a>::default(), <$b>::default());
            let v = <$a as InnerProduct<$b>>::VALUE as i64;
            assert_eq!(d(a.inner_product(b)).as_int(), Some(v));
            assert_eq!(cute_dynamic::inner_product(&d(a), &d(b)).unwrap(), v);
            ok(laws::check_inner_product(&d(a), &d(b), v));
        })+};
    }
    ip!(
        ((C<2>, (C<3>, C<4>)), (C1, (C<10>, C<100>))),
        (C<6>, C<7>),
        ((C<2>, C<3>), (C<4>, C<5>))
    );
}

#[test]
fn queries() {
    macro_rules! q {
        ($(($a:ty, $b:ty)),+ $(,)?) => {$({
            let (a, b) = (d(<$a>::default()), d(<$b>::default()));
            let (c, k) = (<$a as Profile<$b>>::CONGRUENT, <$a as Profile<$b>>::COMPATIBLE);
            assert_eq!(c, cute_dynamic::congruent(&a, &b), "congruent({a}, {b})");
            assert_eq!(k, cute_dynamic::compatible(&a, &b), "compatible({a}, {b})");
            ok(laws::check_congruent(&a, &b, c));
            ok(laws::check_compatible(&a, &b, k));
            let e = <$a as Divisibility<$b>>::EVENLY_DIVIDES;
            assert_eq!(e, cute_dynamic::evenly_divides(&a, &b).unwrap(), "evenly_divides({a}, {b})");
            ok(laws::check_evenly_divides(&a, &b, e));
        })+};
    }
    q!(
        (((C1, C<2>), C<3>), ((C<5>, C<6>), C<7>)),
        ((C1, C<2>), ((C1, C<2>), C<3>)),
        (C<30>, (C<2>, C<15>)),
        ((C<2>, C<15>), (C<2>, (C<3>, C<5>))),
        ((C<2>, (C<3>, C<5>)), (C<2>, C<15>)),
        ((C<128>, C<64>), (C<32>, C<16>)),
        ((C<100>, C<64>), (C<32>, C<16>)),
        ((C<4>, C<6>), C<8>),
        ((C<6>, C<4>), C<8>),
        (C<8>, (C<4>,)),
        (C<8>, (C<4>, C<2>)),
        ((C<8>, C<4>), (C<2>, C<2>, C<2>)),
        (C<7>, C<7>),
        ((C<8>, (C<4>, C<6>)), (C<2>, (C<2>, C<3>))),
        ((C<8>, (C<4>, C<6>)), (C<2>, C<8>)),
    );
    // The marker traits in bounds.
    fn congruent<A: Congruent<B>, B>() {}
    fn compatible<A: Compatible<B>, B>() {}
    fn evenly<A: EvenlyDivides<B>, B>() {}
    congruent::<(C<4>, (C<2>, C<3>)), (C<1>, (C<9>, C<9>))>();
    compatible::<C<24>, (C<4>, (C<2>, C<3>))>();
    evenly::<(C<128>, C<64>), (C<32>, C<16>)>();
}

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

#[test]
fn mode_functions() {
    let a = layout!((2, 3):(1, 2));
    let b = layout!(4:6);
    let i = layout!(8:3);
    let (da, db, di) = (a.to_dynamic(), b.to_dynamic(), i.to_dynamic());
    assert_eq!(
        make_layout((a, b)).to_dynamic(),
        DLayout::concat([&da, &db])
    );
    assert_eq!(make_layout((a,)).to_dynamic(), DLayout::concat([&da]));
    assert_eq!(
        make_layout((i, a, b)).to_dynamic(),
        DLayout::concat([&di, &da, &db])
    );
    assert_eq!(a.append(b).to_dynamic(), da.append(&db));
    assert_eq!(i.append(b).to_dynamic(), di.append(&db));
    assert_eq!(a.append(a).to_dynamic(), da.append(&da));
    assert_eq!(a.prepend(b).to_dynamic(), da.prepend(&db));
    assert_eq!(i.prepend(a).to_dynamic(), di.prepend(&da));
    assert_eq!(
        a.replace(C::<0>, b).to_dynamic(),
        da.replace(0, &db).unwrap()
    );
    assert_eq!(
        a.replace(C::<1>, a).to_dynamic(),
        da.replace(1, &da).unwrap()
    );
    assert_eq!(
        i.replace(C::<0>, a).to_dynamic(),
        di.replace(0, &da).unwrap()
    );
    let l = layout!((2, (3, 4), 5, 6):(1, (2, 6), 24, 120));
    let dl_ = l.to_dynamic();
    assert_eq!(
        l.group_modes::<1, 3>().to_dynamic(),
        dl_.group_modes(1, 3).unwrap()
    );
    assert_eq!(
        l.group_modes::<0, 4>().to_dynamic(),
        dl_.group_modes(0, 4).unwrap()
    );
    assert_eq!(
        l.group_modes::<3, 4>().to_dynamic(),
        dl_.group_modes(3, 4).unwrap()
    );
    assert_eq!(
        i.group_modes::<0, 1>().to_dynamic(),
        di.group_modes(0, 1).unwrap()
    );
    assert_eq!(l.take::<1, 3>().to_dynamic(), dl_.take(1, 3).unwrap());
    assert_eq!(l.take::<0, 4>().to_dynamic(), dl_.take(0, 4).unwrap());
    assert_eq!(l.take::<2, 2>().to_dynamic(), dl_.take(2, 2).unwrap());
    assert_eq!(i.take::<0, 1>().to_dynamic(), di.take(0, 1).unwrap());
    assert_eq!(
        l.select((C::<3>, C::<1>)).to_dynamic(),
        dl_.select(&[3, 1]).unwrap()
    );
    assert_eq!(
        l.select((C::<0>, C::<0>, C::<2>)).to_dynamic(),
        dl_.select(&[0, 0, 2]).unwrap()
    );
    assert_eq!(i.select((C::<0>,)).to_dynamic(), di.select(&[0]).unwrap());
    assert_eq!(l.flatten().to_dynamic(), dl_.flatten());
    assert_eq!(i.flatten().to_dynamic(), di.flatten());
    let n = layout!(((2, 2), (4, 2)):((1, 8), (2, 16)));
    assert_eq!(
        n.flatten().to_dynamic(),
        dl("((2,2),(4,2)):((1,8),(2,16))").flatten()
    );
    // Regrouping keeps the function (check_regroup's law on the run-time twin).
    ok(laws::check_regroup(&dl_, 1, 3));
    for k in 0..<Layout![(2, (3, 4), 5, 6):(1, (2, 6), 24, 120)]>::SIZE {
        assert_eq!(l.group_modes::<1, 3>().call(k), l.call(k));
        assert_eq!(l.flatten().call(k), l.call(k));
    }
    assert_type_eq_all!(Grouped<Layout![(2, 3, 4, 5):(1, 2, 6, 24)], 1, 3>, Layout![(2, (3, 4), 5):(1, (2, 6), 24)]);
    assert_type_eq_all!(Appended<Layout![8:1], Layout![4:8]>, Layout![(8, 4):(1, 8)]);
    assert_type_eq_all!(Flattened<Layout![8:1]>, Layout![8:1]);
}

/// A static layout operation on one case: static = run time, and the law.
macro_rules! layout_case {
    ($stat:expr, $dyn:expr, $law:expr) => {{
        let r = $stat.to_dynamic();
        let want = $dyn.unwrap();
        assert_eq!(r, want, "{}", stringify!($stat));
        ok($law(&r));
    }};
}

#[test]
fn coalesce_by_cases() {
    macro_rules! cb {
        ($l:expr, $p:expr) => {{
            let (l, p) = ($l, $p);
            let (dl, dp) = (l.to_dynamic(), d(p));
            layout_case!(l.coalesce_by(p), cute_dynamic::coalesce_by(&dl, &dp), |r| {
                laws::check_coalesce_by(&dl, &dp, r)
            });
        }};
    }
    let l = layout!(((2, 2), (2, 2), 3):((1, 2), (4, 8), 16));
    cb!(l, (C::<1>, C::<1>));
    cb!(l, (C::<1>, C::<1>, C::<1>));
    cb!(l, (C::<1>,));
    cb!(l, C::<1>);
    cb!(l, ());
    cb!(l, ((C::<1>, C::<1>), C::<1>));
    cb!(layout!((2, (1, 6)):(1, (6, 2))), (C::<1>, C::<1>));
    cb!(layout!(8:1), (C::<1>,));
    cb!(
        layout!((4, (2, 3), 5):(1, (4, 8), 24)),
        (C::<1>, C::<1>, C::<1>)
    );
    cb!(
        layout!((4, (2, 3), 5):(1, (4, 8), 24)),
        (C::<1>, (C::<1>, C::<1>))
    );
}

#[test]
fn recast_cases() {
    macro_rules! rc {
        ($($l:expr),+) => {$({
            let l = $l;
            let dl = l.to_dynamic();
            layout_case!(l.upcast::<2>(), cute_dynamic::upcast(2, &dl), |r| laws::check_upcast(2, &dl, r));
            layout_case!(l.upcast::<8>(), cute_dynamic::upcast(8, &dl), |r| laws::check_upcast(8, &dl, r));
            layout_case!(l.upcast::<1>(), cute_dynamic::upcast(1, &dl), |r| laws::check_upcast(1, &dl, r));
            layout_case!(l.downcast::<2>(), cute_dynamic::downcast(2, &dl), |r| laws::check_downcast(2, &dl, r));
            layout_case!(l.downcast::<4>(), cute_dynamic::downcast(4, &dl), |r| laws::check_downcast(4, &dl, r));
            layout_case!(l.recast_layout::<16, 32>(), cute_dynamic::recast_layout(16, 32, &dl),
                |r| laws::check_recast_layout(16, 32, &dl, r));
            layout_case!(l.recast_layout::<32, 8>(), cute_dynamic::recast_layout(32, 8, &dl),
                |r| laws::check_recast_layout(32, 8, &dl, r));
            layout_case!(l.recast_layout::<48, 32>(), cute_dynamic::recast_layout(48, 32, &dl),
                |r| laws::check_recast_layout(48, 32, &dl, r));
            layout_case!(l.recast_layout::<16, 16>(), cute_dynamic::recast_layout(16, 16, &dl),
                |r| laws::check_recast_layout(16, 16, &dl, r));
        })+};
    }
    rc!(
        layout!((4, 8):(1, 4)),
        layout!((8, 64):(64, 1)),
        layout!(((2, 4), 8):((1, 2), 16)),
        layout!((4, 8):(0, 1)),
        layout!((3, 16):(16, 1)),
        layout!(32:1)
    );
    assert_type_eq_all!(Upcasted<Layout![(8, 64):(64, 1)], 8>, Layout![(8, 8):(8, 1)]);
    assert_type_eq_all!(Downcasted<Layout![(4, 8):(1, 4)], 2>, Layout![(8, 8):(1, 8)]);
}

#[test]
fn max_common_cases() {
    macro_rules! mc {
        ($(($a:expr, $b:expr)),+ $(,)?) => {$({
            let (a, b) = ($a, $b);
            let (da, db) = (a.to_dynamic(), b.to_dynamic());
            layout_case!(a.max_common_layout(b), cute_dynamic::max_common_layout(&da, &db),
                |r| laws::check_max_common_layout(&da, &db, r));
            let v = a.max_common_vector(b) as i64;
            assert_eq!(v, cute_dynamic::max_common_vector(&da, &db).unwrap());
            ok(laws::check_max_common_vector(&da, &db, v));
        })+};
    }
    mc!(
        (layout!((4, 8):(1, 4)), layout!((4, 8):(1, 8))),
        (layout!((4, 8):(1, 4)), layout!((4, 8):(8, 1))),
        (layout!((4, 8):(1, 4)), layout!(32:1)),
        (layout!((2, 4, 8):(1, 2, 8)), layout!((2, 4, 8):(1, 2, 8))),
        (layout!((8, 8):(8, 1)), layout!((8, 8):(8, 1))),
        (layout!((2, (2, 4)):(1, (2, 4))), layout!((4, 4):(1, 4))),
    );
}

#[test]
fn nullspace_cases() {
    macro_rules! ns {
        ($($l:expr),+ $(,)?) => {$({
            let l = $l;
            let dl = l.to_dynamic();
            layout_case!(l.nullspace(), Ok::<_, ()>(cute_dynamic::nullspace(&dl)), |r| laws::check_nullspace(&dl, r));
        })+};
    }
    ns!(
        layout!((2, 4, 6):(1, 2, 0)),
        layout!((4, (3, 5)):(0, (1, 0))),
        layout!((4, 8):(1, 4)),
        layout!((4, 1):(1, 0)),
        layout!((1, 4, 2):(0, 1, 0)),
        layout!(8:0),
        layout!(((2, 3), (4, 5)):((0, 2), (0, 6))),
    );
}

#[test]
fn make_layout_like_cases() {
    macro_rules! like {
        ($($l:expr),+ $(,)?) => {$({
            let l = $l;
            let dl = l.to_dynamic();
            layout_case!(l.make_layout_like(), cute_dynamic::make_layout_like(&dl), |r| laws::check_make_layout_like(&dl, r));
        })+};
    }
    like!(
        layout!((2, 2, 2, 2):(0, 2, 4, 1)),
        layout!((2, 3, 4, 5):(0, 42, 1, 0)),
        layout!((4, 8):(100, 1)),
        layout!(((2, 3), 4):((1, 40), 3)),
        layout!((1, 4):(7, 1)),
        layout!((2, 2):(0, 0)),
        layout!(8:5),
        layout!((4, (2, 1), 3):(6, (24, 24), 1)),
        // Negative strides are ordered as signed integers, first (the
        // static function refused them before: E0599 on the method).
        layout!((8, 4):(-1, 8)),
        layout!((4, 2, 3):(-2, -8, 1)),
        layout!(((2, 3), 4):((-1, 0), -5)),
        layout!((2, 1, 4):(-3, -3, 0)),
        // Tied strides share one stride, CuTe's answer (E0599 on the
        // method before: ties were refused).
        layout!((4, 8):(1, 1)),
        layout!((4, 8, 2):(1, 1, 7)),
        layout!((2, (4, 8)):(9, (-2, -2))),
    );
}

#[test]
fn make_ordered_layout_cases() {
    macro_rules! ord {
        ($(($s:expr, $o:expr)),+ $(,)?) => {$({
            let (s, o) = ($s, $o);
            let (ds, dord) = (d(s), d(o));
            layout_case!(make_ordered_layout(s, o), cute_dynamic::make_ordered_layout(&ds, &dord),
                |r| laws::check_make_ordered_layout(&ds, &dord, r));
        })+};
    }
    ord!(
        (
            (C::<2>, C::<2>, C::<2>, C::<2>),
            (C::<0>, C::<2>, C::<3>, C::<1>)
        ),
        (((C::<2>, C::<3>), C::<4>), (C::<1>, C::<0>)),
        ((C::<4>, C::<8>), (C::<1>, C::<0>)),
        ((C::<4>, C::<1>, C::<8>), (C::<2>, C::<0>, C::<1>)),
        ((C::<4>, (C::<2>, C::<3>)), (C::<5>, (C::<1>, C::<9>))),
        ((C::<4>, C::<1>), (C::<0>, C::<0>)),
        (C::<8>, C::<3>),
        ((C::<4>, C::<8>), C::<0>),
    );
}

/// Every pair of a table of layouts: max_common_layout/vector, static = run time and the laws.
#[test]
fn max_common_all_pairs() {
    macro_rules! mc1 {
        ($a:expr, $b:expr) => {{
            let (a, b) = ($a, $b);
            let (da, db) = (a.to_dynamic(), b.to_dynamic());
            layout_case!(
                a.max_common_layout(b),
                cute_dynamic::max_common_layout(&da, &db),
                |r| laws::check_max_common_layout(&da, &db, r)
            );
            let v = a.max_common_vector(b) as i64;
            assert_eq!(v, cute_dynamic::max_common_vector(&da, &db).unwrap());
            ok(laws::check_max_common_vector(&da, &db, v));
        }};
    }
    mc1!(layout!((4, 8):(1, 4)), layout!((4, 8):(1, 4)));
    mc1!(layout!((4, 8):(1, 4)), layout!((4, 8):(8, 1)));
    mc1!(layout!((4, 8):(1, 4)), layout!(32:1));
    mc1!(layout!((4, 8):(1, 4)), layout!(((2, 4), 4):((1, 2), 8)));
    mc1!(layout!((4, 8):(1, 4)), layout!((2, 4, 4):(1, 2, 8)));
    mc1!(layout!((4, 8):(1, 4)), layout!((8, (2, 2)):(2, (1, 16))));
    mc1!(layout!((4, 8):(8, 1)), layout!((4, 8):(1, 4)));
    mc1!(layout!((4, 8):(8, 1)), layout!((4, 8):(8, 1)));
    mc1!(layout!((4, 8):(8, 1)), layout!(32:1));
    mc1!(layout!((4, 8):(8, 1)), layout!(((2, 4), 4):((1, 2), 8)));
    mc1!(layout!((4, 8):(8, 1)), layout!((2, 4, 4):(1, 2, 8)));
    mc1!(layout!((4, 8):(8, 1)), layout!((8, (2, 2)):(2, (1, 16))));
    mc1!(layout!(32:1), layout!((4, 8):(1, 4)));
    mc1!(layout!(32:1), layout!((4, 8):(8, 1)));
    mc1!(layout!(32:1), layout!(32:1));
    mc1!(layout!(32:1), layout!(((2, 4), 4):((1, 2), 8)));
    mc1!(layout!(32:1), layout!((2, 4, 4):(1, 2, 8)));
    mc1!(layout!(32:1), layout!((8, (2, 2)):(2, (1, 16))));
    mc1!(layout!(((2, 4), 4):((1, 2), 8)), layout!((4, 8):(1, 4)));
    mc1!(layout!(((2, 4), 4):((1, 2), 8)), layout!((4, 8):(8, 1)));
    mc1!(layout!(((2, 4), 4):((1, 2), 8)), layout!(32:1));
    mc1!(
        layout!(((2, 4), 4):((1, 2), 8)),
        layout!(((2, 4), 4):((1, 2), 8))
    );
    mc1!(
        layout!(((2, 4), 4):((1, 2), 8)),
        layout!((2, 4, 4):(1, 2, 8))
    );
    mc1!(
        layout!(((2, 4), 4):((1, 2), 8)),
        layout!((8, (2, 2)):(2, (1, 16)))
    );
    mc1!(layout!((2, 4, 4):(1, 2, 8)), layout!((4, 8):(1, 4)));
    mc1!(layout!((2, 4, 4):(1, 2, 8)), layout!((4, 8):(8, 1)));
    mc1!(layout!((2, 4, 4):(1, 2, 8)), layout!(32:1));
    mc1!(
        layout!((2, 4, 4):(1, 2, 8)),
        layout!(((2, 4), 4):((1, 2), 8))
    );
    mc1!(layout!((2, 4, 4):(1, 2, 8)), layout!((2, 4, 4):(1, 2, 8)));
    mc1!(
        layout!((2, 4, 4):(1, 2, 8)),
        layout!((8, (2, 2)):(2, (1, 16)))
    );
    mc1!(layout!((8, (2, 2)):(2, (1, 16))), layout!((4, 8):(1, 4)));
    mc1!(layout!((8, (2, 2)):(2, (1, 16))), layout!((4, 8):(8, 1)));
    mc1!(layout!((8, (2, 2)):(2, (1, 16))), layout!(32:1));
    mc1!(
        layout!((8, (2, 2)):(2, (1, 16))),
        layout!(((2, 4), 4):((1, 2), 8))
    );
    mc1!(
        layout!((8, (2, 2)):(2, (1, 16))),
        layout!((2, 4, 4):(1, 2, 8))
    );
    mc1!(
        layout!((8, (2, 2)):(2, (1, 16))),
        layout!((8, (2, 2)):(2, (1, 16)))
    );
}

/// Every pair of a table of integer tuples (but a rank-2 dividend with the
/// rank-3 divisor, which does not compile): ceil_div and the queries,
/// static = run time and the laws.
#[test]
fn int_tuple_all_pairs() {
    macro_rules! q1 {
        ($a:expr, $b:expr) => {{
            let (a, b) = ($a, $b);
            let (da, db) = (d(a), d(b));
            assert_eq!(
                d(a.ceil_div(b)),
                cute_dynamic::ceil_div(&da, &db).unwrap(),
                "ceil_div({da}, {db})"
            );
            ok(laws::check_ceil_div(&da, &db, &d(a.ceil_div(b))));
            let (c, k, e) = (congruent_of(a, b), compatible_of(a, b), evenly_of(a, b));
            assert_eq!(c, cute_dynamic::congruent(&da, &db));
            assert_eq!(k, cute_dynamic::compatible(&da, &db));
            assert_eq!(
                e,
                cute_dynamic::evenly_divides(&da, &db).unwrap(),
                "evenly_divides({da}, {db})"
            );
            ok(laws::check_evenly_divides(&da, &db, e));
        }};
    }
    fn congruent_of<A: Profile<B>, B>(_: A, _: B) -> bool {
        A::CONGRUENT
    }
    fn compatible_of<A: Profile<B>, B>(_: A, _: B) -> bool {
        A::COMPATIBLE
    }
    fn evenly_of<A: Divisibility<B>, B>(_: A, _: B) -> bool {
        A::EVENLY_DIVIDES
    }
    q1!((C::<4>, C::<8>), (C::<4>, C::<8>));
    q1!((C::<4>, C::<8>), (C::<8>, (C::<2>, C::<3>)));
    q1!((C::<4>, C::<8>), C::<24>);
    q1!((C::<4>, C::<8>), ((C::<2>, C::<2>), C::<12>));
    q1!((C::<4>, C::<8>), (C::<5>, C::<16>));
    q1!((C::<8>, (C::<2>, C::<3>)), (C::<4>, C::<8>));
    q1!((C::<8>, (C::<2>, C::<3>)), (C::<8>, (C::<2>, C::<3>)));
    q1!((C::<8>, (C::<2>, C::<3>)), C::<24>);
    q1!((C::<8>, (C::<2>, C::<3>)), ((C::<2>, C::<2>), C::<12>));
    q1!((C::<8>, (C::<2>, C::<3>)), (C::<5>, C::<16>));
    q1!(C::<24>, (C::<4>, C::<8>));
    q1!(C::<24>, (C::<8>, (C::<2>, C::<3>)));
    q1!(C::<24>, C::<24>);
    q1!(C::<24>, (C::<6>, C::<4>, C::<2>));
    q1!(C::<24>, ((C::<2>, C::<2>), C::<12>));
    q1!(C::<24>, (C::<5>, C::<16>));
    q1!((C::<6>, C::<4>, C::<2>), (C::<4>, C::<8>));
    q1!((C::<6>, C::<4>, C::<2>), (C::<8>, (C::<2>, C::<3>)));
    q1!((C::<6>, C::<4>, C::<2>), C::<24>);
    q1!((C::<6>, C::<4>, C::<2>), (C::<6>, C::<4>, C::<2>));
    q1!((C::<6>, C::<4>, C::<2>), ((C::<2>, C::<2>), C::<12>));
    q1!((C::<6>, C::<4>, C::<2>), (C::<5>, C::<16>));
    q1!(((C::<2>, C::<2>), C::<12>), (C::<4>, C::<8>));
    q1!(((C::<2>, C::<2>), C::<12>), (C::<8>, (C::<2>, C::<3>)));
    q1!(((C::<2>, C::<2>), C::<12>), C::<24>);
    q1!(((C::<2>, C::<2>), C::<12>), ((C::<2>, C::<2>), C::<12>));
    q1!(((C::<2>, C::<2>), C::<12>), (C::<5>, C::<16>));
    q1!((C::<5>, C::<16>), (C::<4>, C::<8>));
    q1!((C::<5>, C::<16>), (C::<8>, (C::<2>, C::<3>)));
    q1!((C::<5>, C::<16>), C::<24>);
    q1!((C::<5>, C::<16>), ((C::<2>, C::<2>), C::<12>));
    q1!((C::<5>, C::<16>), (C::<5>, C::<16>));
}

/// `make_fragment_like`'s layout: static = run time (`fragment_layout_like`)
/// and the law, on every ordering of the strides of a rank-3 layout (ties,
/// zeros and size-1 leaves included) and on CuTe's documented cases.
#[test]
fn fragment_layout_like_cases() {
    macro_rules! frag {
        ($($l:expr),+ $(,)?) => {$({
            let l = $l;
            let dl = l.to_dynamic();
            let r = l.fragment_layout_like().to_dynamic();
            assert_eq!(r, cute_dynamic::fragment_layout_like(&dl).unwrap(), "{dl}");
            ok(laws::check_make_fragment_like(&dl));
        })+};
    }
    frag!(
        layout!((4, (2, 3)):(3, (12, 1))),
        layout!((4, 8):(8, 1)),
        layout!((4, 8):(1, 4)),
        layout!((2, 4, 8):(1, 32, 4)),
        layout!(((2, 2), 8, 4):((16, 1), 4, 2)),
        layout!((8, 2, 2):(1, 0, 0)),
        layout!(((2, 3), (4, 5)):((0, 2), (0, 6))),
        layout!(8:5),
        Layout::<(C<8>,), (C<5>,)>::new(),
        layout!((1, 4, 1):(3, 1, 9)),
        layout!((2, (3, 4), 5):(0, (1, 6), 6)),
        layout!((2, (3, 4), 5):(0, (6, 1), 6)),
        layout!((2, (3, 4), 5):(0, (6, 6), 1)),
        layout!((2, (3, 4), 5):(1, (0, 6), 6)),
        layout!((2, (3, 4), 5):(1, (6, 0), 6)),
        layout!((2, (3, 4), 5):(1, (6, 6), 0)),
        layout!((2, (3, 4), 5):(6, (0, 1), 6)),
        layout!((2, (3, 4), 5):(6, (0, 6), 1)),
        layout!((2, (3, 4), 5):(6, (1, 0), 6)),
        layout!((2, (3, 4), 5):(6, (1, 6), 0)),
        layout!((2, (3, 4), 5):(6, (6, 0), 1)),
        layout!((2, (3, 4), 5):(6, (6, 1), 0)),
        layout!(((2, 2), 3, (1, 4)):((1, 2), 4, (9, 30))),
        layout!(((2, 2), 3, (1, 4)):((1, 2), 30, (9, 4))),
        layout!(((2, 2), 3, (1, 4)):((1, 4), 2, (9, 30))),
        layout!(((2, 2), 3, (1, 4)):((1, 4), 30, (9, 2))),
        layout!(((2, 2), 3, (1, 4)):((1, 30), 2, (9, 4))),
        layout!(((2, 2), 3, (1, 4)):((1, 30), 4, (9, 2))),
        layout!(((2, 2), 3, (1, 4)):((2, 1), 4, (9, 30))),
        layout!(((2, 2), 3, (1, 4)):((2, 1), 30, (9, 4))),
        layout!(((2, 2), 3, (1, 4)):((2, 4), 1, (9, 30))),
        layout!(((2, 2), 3, (1, 4)):((2, 4), 30, (9, 1))),
        layout!(((2, 2), 3, (1, 4)):((2, 30), 1, (9, 4))),
        layout!(((2, 2), 3, (1, 4)):((2, 30), 4, (9, 1))),
    );
    assert_type_eq_all!(
        FragmentLayout<Layout![(2, 4, 8):(1, 32, 4)]>,
        Layout![(2, 4, 8):(1, 16, 2)]
    );
}

/// `dice(c, L)`: static = run time and the law, on CuTe's cases (the
/// mirror images of the slices of `((3,2),((2,3),2)):((4,1),((2,15),100))`).
#[test]
fn dice_cases() {
    macro_rules! dc {
        ($(($c:expr, $dc:literal)),+ $(,)?) => {$({
            let l = layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100)));
            let (dl, dc): (DLayout, cute_dynamic::Coord) = (l.to_dynamic(), $dc.parse().unwrap());
            layout_case!(l.dice($c), cute_dynamic::dice(&dc, &dl), |r| laws::check_dice(&dc, &dl, r));
        })+};
    }
    dc!(
        ((2usize, __), "(2,_)"),
        ((__, 5usize), "(_,5)"),
        (((1usize, __), ((__, 0usize), __)), "((1,_),((_,0),_))"),
        ((2usize, ((0usize, __), __)), "(2,((0,_),_))"),
        ((__, ((0usize, __), __)), "(_,((0,_),_))"),
        (7usize, "7"),
        (__, "_"),
        ((__, __), "(_,_)"),
        ((C::<1>, C::<2>), "(1,2)"),
        ((C::<1>, (C::<0>, __)), "(1,(0,_))"),
    );
    // An integer layout.
    let l = layout!(8:3);
    layout_case!(
        l.dice(3usize),
        cute_dynamic::dice(&"3".parse().unwrap(), &l.to_dynamic()),
        |_| Ok::<(), laws::Violation>(())
    );
    assert_eq!(l.dice(__).to_string(), "():()");
    assert_type_eq_all!(
        Diced<Layout![((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100))], ((C<1>, Underscore), ((Underscore, C<0>), Underscore))>,
        Layout![(3, 3):(4, 15)]
    );
}

/// `domain_offset(c, L)`: static offset = run-time offset and the law.
#[test]
fn domain_offset_cases() {
    macro_rules! dof {
        ($l:expr; $(($c:ty, $dc:literal)),+ $(,)?) => {$({
            let l = $l;
            let dl = l.to_dynamic();
            let dc: DTuple = $dc.parse().unwrap();
            let (moved, off) = cute_dynamic::domain_offset(&dc, &dl).unwrap();
            assert_eq!(off, off_of::<_, $c>(l) as i64, "domain_offset({dc}, {dl})");
            ok(laws::check_domain_offset(&dc, &dl, &moved, off));
        })+};
    }
    fn off_of<L: HasDomainOffset<Crd>, Crd>(_: L) -> usize {
        L::OFFSET
    }
    dof!(layout!((8, (4, 2)):(1, (8, 64)));
        ((C<2>, (C<1>, C<1>)), "(2,(1,1))"),
        ((C<2>, C<5>), "(2,5)"),
        (C<37>, "37"),
        (C<64>, "64"),
        ((C<0>, C<9>), "(0,9)"),
    );
    dof!(layout!((4, 6):(6, 1)); ((C<1>, C<2>), "(1,2)"), (C<5>, "5"), ((C<0>, C<7>), "(0,7)"));
    dof!(layout!(((2, 2), (4, 2)):((1, 8), (2, 16))); (C<22>, "22"), (((C<0>, C<1>), (C<1>, C<1>)), "((0,1),(1,1))"));
    assert_type_eq_all!(DomainOffset<Layout![(4, 6):(6, 1)], (C<1>, C<2>)>, C<8>);
    // Run-time coordinates: the run-time offset.
    let l = layout!((8, (4, 2)):(1, (8, 64)));
    assert_eq!(l.domain_offset((2usize, (1usize, 1usize))), (l, 74));
    assert_eq!(l.domain_offset((2usize, 5usize)).1, 74);
    assert_eq!(l.domain_offset(37usize).1, 5 + 64); // 37 = (5, (0, 1))
}

/// `greatest_common_domain(A, B)`: static = run time and the law, on the
/// reference implementation's examples and on every pair of a table of
/// shapes.
#[test]
fn greatest_common_domain_cases() {
    macro_rules! gcd1 {
        ($a:expr, $b:expr) => {{
            let (a, b) = ($a, $b);
            let (da, db) = (d(a), d(b));
            layout_case!(
                a.greatest_common_domain(b),
                cute_dynamic::greatest_common_domain(&da, &db),
                |r| laws::check_greatest_common_domain(&da, &db, r)
            );
        }};
    }
    macro_rules! gcd_all {
        ($($s:expr),+ $(,)?) => { gcd_all!(@outer [$($s),+] $($s),+) };
        (@outer $all:tt $($a:expr),+) => {$( gcd_all!(@inner $a; $all); )+};
        (@inner $a:expr; [$($b:expr),+]) => {$( gcd1!($a, $b); )+};
    }
    gcd1!((C::<10>,), (C::<10>,));
    gcd1!((C::<16>, C::<3>), (C::<16>, C::<3>));
    gcd1!((C::<5>, C::<3>, C::<4>), (C::<10>, C::<6>));
    gcd1!((C::<6>, C::<35>), (C::<15>, C::<14>));
    gcd1!((C::<5>, C::<3>), (C::<3>, C::<5>));
    gcd1!(C::<12>, (C::<4>, C::<3>));
    gcd1!((C::<1>, C::<8>, C::<1>), (C::<2>, C::<1>, C::<4>));
    gcd_all!(
        C::<12>,
        (C::<4>, C::<2>),
        (C::<2>, C::<4>),
        (C::<2>, (C::<3>, C::<2>)),
        ((C::<6>, C::<4>), C::<5>),
        (C::<3>, C::<8>),
        (C::<1>, C::<9>, C::<4>),
        C::<7>,
    );
    assert_type_eq_all!(
        CommonDomain<(C<5>, C<3>), (C<3>, C<5>)>,
        Layout<(C<1>,), (C<0>,)>
    );
}

/// `layout_add(A, B)`: static = run time and the law, on the reference
/// implementation's examples and more admissible pairs.
#[test]
fn layout_add_cases() {
    macro_rules! la {
        ($(($a:expr, $b:expr)),+ $(,)?) => {$({
            let (a, b) = ($a, $b);
            let (da, db) = (a.to_dynamic(), b.to_dynamic());
            layout_case!(a.layout_add(b), cute_dynamic::layout_add(&da, &db), |r| laws::check_layout_add(&da, &db, r));
            layout_case!(b.layout_add(a), cute_dynamic::layout_add(&db, &da), |r| laws::check_layout_add(&db, &da, r));
        })+};
    }
    la!(
        (layout!(12:1), layout!(12:1)),
        (layout!(5:0), layout!(5:1)),
        (layout!((4, 3):(1, 4)), layout!((4, 3):(3, 1))),
        (layout!((5, 3, 4):(1, 5, 15)), layout!((10, 6):(1, 10))),
        (layout!((5, 3):(1, 5)), layout!((3, 5):(5, 1))),
        (layout!(1:0), layout!(1:7)),
        (layout!((4, 2):(2, 1)), layout!((2, 4):(4, 1))),
        (layout!((2, (2, 2)):(8, (0, 1))), layout!((4, 2):(1, 0))),
        (layout!(((2, 3), 4):((12, 1), 3)), layout!((6, 4):(1, 0))),
        (layout!((8, 4):(4, 1)), layout!(32:3)),
    );
}

/// The folds `max`, `min`, `gcd`, `sum` and `prefix_product` with an
/// integer init: static = run time (cute-dynamic's functions), and the
/// run-time laws hold.
#[test]
fn folds_and_prefix_product_cases() {
    macro_rules! folds {
        ($($t:ty),+ $(,)?) => {$({
            let t = d(<$t>::default());
            assert_eq!(<$t as TupleMax>::VALUE as i64, cute_dynamic::max(&t).unwrap(), "max {t}");
            assert_eq!(<$t as TupleMin>::VALUE as i64, cute_dynamic::min(&t).unwrap(), "min {t}");
            assert_eq!(<$t as TupleGcd>::VALUE as i64, cute_dynamic::gcd(&t).unwrap(), "gcd {t}");
            assert_eq!(<$t as TupleSum>::VALUE as i64, cute_dynamic::sum(&t).unwrap(), "sum {t}");
            ok(laws::check_max(&t, <$t as TupleMax>::VALUE as i64));
            ok(laws::check_min(&t, <$t as TupleMin>::VALUE as i64));
            ok(laws::check_gcd(&t, <$t as TupleGcd>::VALUE as i64));
            ok(laws::check_sum(&t, <$t as TupleSum>::VALUE as i64));
            assert_eq!(d(<$t>::default().tuple_max()), DTuple::int(<$t as TupleMax>::VALUE as i64));
            let p = d(<$t>::default().prefix_product(C::<3>));
            let want = cute_dynamic::prefix_product(&t, &DTuple::int(3)).unwrap();
            assert_eq!(p, want, "prefix_product({t}, 3)");
            ok(laws::check_prefix_product(&t, &DTuple::int(3), &p));
        })+};
    }
    folds!(
        C<7>,
        C<0>,
        (C<4>, C<6>),
        ((C<4>, C<6>), (C<8>, C<2>)),
        (C<0>, (C<0>, C<12>), C<18>),
        ((), (C<5>, ()), C<15>),
        (C<1024>, C<4096>, (C<3>, (C<9>, C<27>))),
        (C<2>, C<3>, C<5>, C<7>, C<11>, C<13>, C<17>, C<19>),
    );
    assert_type_eq_all!(SumOf<((), ())>, C<0>);
    assert_type_eq_all!(GcdOf<(C<0>, C<0>)>, C<0>);
    assert_type_eq_all!(MaxOf<(C<4096>, Dec<5, 0, 0, 0>)>, Dec<5, 0, 0, 0>);
    assert_type_eq_all!(PrefixProductOf<()>, ());
    assert_type_eq_all!(PrefixProductOf<C<7>, C<3>>, C<3>);
    assert_type_eq_all!(
        PrefixProductOf<(C<4>, (C<1>, C<3>), C<2>)>,
        (C<1>, (C<4>, C<4>), C<12>)
    );
    let t = d(<((C<2>, C<2>), ((), C<8>))>::default());
    let p = d(<((C<2>, C<2>), ((), C<8>))>::default().prefix_product(C::<1>));
    assert_eq!(
        p,
        cute_dynamic::prefix_product(&t, &DTuple::int(1)).unwrap()
    );
}

/// `shape_min` and `product_like`: static = run time, and the laws hold.
#[test]
fn shape_min_and_product_like_cases() {
    macro_rules! shape_min {
        ($(($a:ty, $b:ty)),+ $(,)?) => {$({
            let (a, b) = (d(<$a>::default()), d(<$b>::default()));
            let r = <$a as ShapeMin<$b>>::VALUE as i64;
            assert_eq!(r, cute_dynamic::shape_min(&a, &b).unwrap(), "shape_min({a}, {b})");
            ok(laws::check_shape_min(&a, &b, r));
        })+};
    }
    shape_min!(
        (C<4>, C<6>),
        (C<6>, C<4>),
        (C<1>, C<9>),
        (C<9>, C<1>),
        (C<0>, C<1>),
        (C<0>, C<5>),
        (C<7>, C<7>)
    );
    macro_rules! product_like {
        ($(($t:ty, $g:ty)),+ $(,)?) => {$({
            let (t, g) = (d(<$t>::default()), d(<$g>::default()));
            let r = d(<$t>::default().product_like(<$g>::default()));
            assert_eq!(r, cute_dynamic::product_like(&t, &g).unwrap(), "product_like({t}, {g})");
            ok(laws::check_product_like(&t, &g, &r));
        })+};
    }
    product_like!(
        (
            ((C<2>, C<3>), (C<4>, C<5>), C<6>),
            (C<1>, (C<1>, C<1>), C<1>)
        ),
        (((C<2>, C<3>), C<4>), C<1>),
        (((C<2>, C<3>), C<4>), (C<1>, C<1>)),
        (C<7>, C<1>),
        ((), ()),
        (((), C<3>), (C<0>, C<0>)),
    );
    assert_type_eq_all!(ShapeMinOf<C<4096>, C<64>>, C<64>);
    assert_type_eq_all!(
        ProductLikeOf<((C<2>, C<2>), C<3>), (C<1>, C<1>)>,
        (C<4>, C<3>)
    );
}
