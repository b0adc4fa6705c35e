//! The mode functions of mixed layouts (cute-static's `mixed/modes.rs`:
//! `make_mixed_layout`, `append`, `prepend`, `replace`, `take`, `select`,
//! `dice`, `domain_offset`) on random run-time values: every result equals
//! cute-dynamic's on the same values (via `to_dynamic()`), satisfies the
//! operation's law where `laws` has one (`append`/`prepend`, `dice`,
//! `domain_offset`), keeps the operands' static leaves static, and every
//! `Err` is the named `overflow` error exactly where the run-time layout
//! would leave the `i64` range.
use cute_dynamic::Layout as DLayout;
use cute_static::{
    C, Dyn,
    algebra::{make_mixed_layout, make_mixed_ordered_layout, mixed_greatest_common_domain},
    layout,
    layout::{DynDiv, MixedLayout},
    tensor::__,
};
use cute_tools::laws;
use proptest::prelude::*;

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn modes_match_dynamic(m in 1usize..50, n in 1usize..50, k in 0usize..4) {
        let a = layout!(({m}, 4, {n}):(1, {m}, 256)).unwrap();
        let b = layout!(((2, {n}), {m}):((1, 2), 64)).unwrap();
        let s = layout!((3, 5):(5, 1));
        let (da, db, ds) = (a.to_dynamic(), b.to_dynamic(), s.to_dynamic());

        // make_layout(l0, l1, …): the structure of the operands.
        let c = make_mixed_layout((a, s, b)).unwrap();
        prop_assert_eq!(c.to_dynamic(), DLayout::concat([&da, &ds, &db]));
        prop_assert_eq!(
            c.structure().to_string(),
            "((?,_4,?),(_3,_5),((_2,?),?)):((_1,?,_256),(_5,_1),((_1,_2),_64))"
        );

        // append / prepend, with their law.
        let r = a.append(b).unwrap().to_dynamic();
        prop_assert_eq!(&r, &da.append(&db));
        prop_assert!(laws::check_append(&da, &db, None, false, &r).is_ok());
        let r = a.prepend(s).unwrap().to_dynamic();
        prop_assert_eq!(&r, &da.prepend(&ds));
        prop_assert!(laws::check_append(&da, &ds, None, true, &r).is_ok());
        let leaf = MixedLayout::new(Dyn(m), C::<2>).unwrap();
        let r = leaf.append(a).unwrap().to_dynamic();
        prop_assert_eq!(&r, &leaf.to_dynamic().append(&da));

        // replace<I>.
        prop_assert_eq!(a.replace(C::<1>, b).unwrap().to_dynamic(), da.replace(1, &db).unwrap());
        prop_assert_eq!(a.replace(C::<2>, s).unwrap().to_dynamic(), da.replace(2, &ds).unwrap());
        prop_assert_eq!(leaf.replace(C::<0>, b).unwrap().to_dynamic(), leaf.to_dynamic().replace(0, &db).unwrap());

        // take<B, E> and select<I…>.
        prop_assert_eq!(a.take::<0, 2>().to_dynamic(), da.take(0, 2).unwrap());
        prop_assert_eq!(a.take::<1, 3>().to_dynamic(), da.take(1, 3).unwrap());
        prop_assert_eq!(a.take::<2, 3>().to_dynamic(), da.take(2, 3).unwrap());
        prop_assert_eq!(
            a.select((C::<2>, C::<0>, C::<2>)).unwrap().to_dynamic(),
            da.select(&[2, 0, 2]).unwrap()
        );
        prop_assert_eq!(b.select((C::<1>, C::<0>)).unwrap().to_dynamic(), db.select(&[1, 0]).unwrap());
        prop_assert_eq!(leaf.select((C::<0>,)).unwrap().to_dynamic(), leaf.to_dynamic().select(&[0]).unwrap());

        // dice, with its law: integers of any kind keep, `__` drops, nested
        // tuples splice.
        let dice = |r: DLayout, coord: &str, l: &DLayout| -> Result<(), TestCaseError> {
            let c = cute_dynamic::parse_coord(coord).unwrap();
            prop_assert_eq!(&r, &cute_dynamic::dice(&c, l).unwrap(), "dice({}, {})", coord, l);
            prop_assert!(laws::check_dice(&c, l, &r).is_ok());
            Ok(())
        };
        dice(a.dice((k, __, 0usize)).to_dynamic(), "(1,_,0)", &da)?;
        dice(a.dice((__, C::<3>, __)).to_dynamic(), "(_,3,_)", &da)?;
        dice(b.dice(((__, k), __)).to_dynamic(), "((_,1),_)", &db)?;
        dice(b.dice(((0usize, __), 2usize)).to_dynamic(), "((0,_),2)", &db)?;
        dice(b.dice((__, __)).to_dynamic(), "(_,_)", &db)?;

        // domain_offset, with its law, inside and outside the domain.
        for c in [(k, 3usize, n - 1), (m + k, 5, 2 * n)] {
            let (r, off) = a.domain_offset(c).unwrap();
            let t = cute_dynamic::parse_int_tuple(&format!("({},{},{})", c.0, c.1, c.2)).unwrap();
            let (dr, doff) = cute_dynamic::domain_offset(&t, &da).unwrap();
            prop_assert_eq!((r.to_dynamic(), off as i64), (dr.clone(), doff));
            prop_assert!(laws::check_domain_offset(&t, &da, &dr, off as i64).is_ok());
        }
        // An integer coordinate, inside and beyond the domain (colexicographic,
        // the last mode not reduced).
        for i in [7 * m + k, 4 * m * n + k] {
            let (_, off) = a.domain_offset(i).unwrap();
            let t = cute_dynamic::parse_int_tuple(&i.to_string()).unwrap();
            prop_assert_eq!(off as i64, cute_dynamic::domain_offset(&t, &da).unwrap().1);
            prop_assert!(laws::check_domain_offset(&t, &da, &da, off as i64).is_ok());
        }
        let (_, off) = b.domain_offset(((k, 1usize), m - 1)).unwrap();
        let t = cute_dynamic::parse_int_tuple(&format!("(({k},1),{})", m - 1)).unwrap();
        prop_assert_eq!(off as i64, cute_dynamic::domain_offset(&t, &db).unwrap().1);
    }

    /// Divisors survive the mode functions; sizes past `i64` are `overflow`
    /// where the run-time layout cannot be built either.
    #[test]
    fn divisors_and_overflow(q in 1usize..8, big in 40u32..62) {
        let m = 128 * q;
        let a = layout!(({m:128}, 4):(1, {m})).unwrap();
        let t = a.take::<0, 1>();
        prop_assert_eq!(t.structure().to_string(), "(?{div=128}):(_1)");
        prop_assert_eq!(t.shape().0, DynDiv::<128>::new(m).unwrap());
        let s = a.select((C::<1>, C::<0>)).unwrap();
        prop_assert_eq!(s.structure().to_string(), "(_4,?{div=128}):(?{div=128},_1)");

        let huge = MixedLayout::new(Dyn(1usize << big), C::<1>).unwrap();
        let joined = make_mixed_layout((huge, huge));
        let want = DLayout::new(
            cute_dynamic::parse_int_tuple(&format!("({},{})", 1u64 << big, 1u64 << big)).unwrap(),
            cute_dynamic::parse_int_tuple("(1,1)").unwrap(),
        );
        prop_assert_eq!(joined.is_ok(), want.is_ok());
        if let Err(e) = joined {
            prop_assert_eq!(e.kind(), "overflow");
        }
        prop_assert_eq!(huge.append(huge).is_ok(), want.is_ok());
        prop_assert_eq!(huge.select((C::<0>, C::<0>)).is_ok(), want.is_ok());
        let far = huge.domain_offset(usize::MAX - q);
        prop_assert_eq!(far.unwrap_err().kind(), "overflow");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// nullspace: the leaves with a static stride 0 are kept (their shapes
    /// static or run-time, their strides run-time); a run-time stride 0 is
    /// `value_dependent_structure`, and only then.
    #[test]
    fn nullspace_matches_dynamic(m in 1usize..40, n in 1usize..40, z in 0usize..3) {
        let check = |ours: Result<DLayout, cute_static::Error>, l: DLayout, runtime_zero: bool| -> Result<(), TestCaseError> {
            match ours {
                Ok(r) => {
                    prop_assert!(!runtime_zero);
                    prop_assert_eq!(&r, &cute_dynamic::nullspace(&l), "nullspace({})", l);
                    prop_assert!(laws::check_nullspace(&l, &r).is_ok());
                }
                Err(e) => {
                    prop_assert!(runtime_zero, "nullspace({}): {}", l, e);
                    prop_assert_eq!(e.kind(), "value_dependent_structure");
                }
            }
            Ok(())
        };
        let a = layout!(({m}, 4, {n}):(1, 0, 0)).unwrap();
        check(a.nullspace().map(|r| r.to_dynamic()), a.to_dynamic(), false)?;
        let b = layout!(((2, {n}), ({m}, 3)):((0, 2), (0, {z}))).unwrap();
        check(b.nullspace().map(|r| r.to_dynamic()), b.to_dynamic(), z == 0)?;
        let c = layout!(({m}, 8):(0, 1)).unwrap();
        let r = c.nullspace().unwrap();
        prop_assert_eq!(r.structure().to_string(), "?:?");
        check(Ok(r.to_dynamic()), c.to_dynamic(), false)?;
        let d = layout!(({m}, {n}):(1, {m})).unwrap();
        let r = d.nullspace().unwrap();
        prop_assert_eq!(r.structure().to_string(), "_1:_0");
        check(Ok(r.to_dynamic()), d.to_dynamic(), false)?;
        let leaf = MixedLayout::new(Dyn(m), C::<0>).unwrap();
        check(leaf.nullspace().map(|r| r.to_dynamic()), leaf.to_dynamic(), false)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// upcast/downcast: leaf by leaf, static leaves static, equal to
    /// cute-dynamic and its laws; `overflow` exactly where cute-dynamic
    /// overflows.
    #[test]
    fn recast_matches_dynamic(m in 1usize..64, n in 1usize..64, big in 50u32..62) {
        let a = layout!(({m}, 8, (4, {n})):(1, {m}, (0, 1024))).unwrap();
        let b = layout!((8, {n}):({n}, 1)).unwrap();
        let c = MixedLayout::from(layout!((12, 3):(3, 1)));
        let d = MixedLayout::new((Dyn(2), C::<3>), (Dyn(1usize << big), C::<1>)).unwrap();
        macro_rules! check {
            ($l:expr, $op:ident, $n:literal, $law:ident) => {{
                let l = $l.to_dynamic();
                let ours = $l.$op::<$n>().map(|r| r.to_dynamic());
                let theirs = cute_dynamic::$op($n, &l);
                match (ours, theirs) {
                    (Ok(o), Ok(t)) => {
                        prop_assert_eq!(&o, &t, "{}<{}>({})", stringify!($op), $n, l);
                        prop_assert!(laws::$law($n, &l, &o).is_ok());
                    }
                    (Err(e), Err(t)) => {
                        prop_assert_eq!(e.kind(), "overflow");
                        prop_assert_eq!(t.kind(), "overflow");
                    }
                    (o, t) => prop_assert!(false, "{}<{}>({}): {:?} vs {:?}", stringify!($op), $n, l, o, t),
                }
            }};
        }
        check!(a, upcast, 2, check_upcast);
        check!(a, upcast, 8, check_upcast);
        check!(b, upcast, 4, check_upcast);
        check!(c, upcast, 3, check_upcast);
        check!(a, downcast, 2, check_downcast);
        check!(b, downcast, 8, check_downcast);
        check!(c, downcast, 4, check_downcast);
        check!(d, downcast, 16, check_downcast);
        check!(d, upcast, 16, check_upcast);
        macro_rules! recast {
            ($l:expr, $old:literal, $new:literal) => {{
                let l = $l.to_dynamic();
                let ours = $l.recast_layout::<$old, $new>().map(|r| r.to_dynamic());
                match (ours, cute_dynamic::recast_layout($old, $new, &l)) {
                    (Ok(o), Ok(t)) => {
                        prop_assert_eq!(&o, &t, "recast_layout<{}, {}>({})", $old, $new, l);
                        prop_assert!(laws::check_recast_layout($old, $new, &l, &o).is_ok());
                    }
                    (Err(e), Err(t)) => {
                        prop_assert_eq!(e.kind(), "overflow");
                        prop_assert_eq!(t.kind(), "overflow");
                    }
                    (o, t) => prop_assert!(false, "recast_layout({}): {:?} vs {:?}", l, o, t),
                }
            }};
        }
        recast!(a, 16, 32);
        recast!(a, 32, 8);
        recast!(b, 24, 16);
        recast!(c, 8, 12);
        recast!(d, 4, 64);
        recast!(d, 64, 4);
        prop_assert_eq!(c.recast_layout::<16, 32>().unwrap().to_string(), c.upcast::<2>().unwrap().to_string());
        prop_assert_eq!(a.upcast::<2>().unwrap().structure().to_string(), "(?,?,(_4,?)):(_1,?,(_0,_512))");
        prop_assert_eq!(a.downcast::<2>().unwrap().structure().to_string(), "(?,?,(_4,?)):(_1,?,(_0,_2048))");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// make_layout_like: `L`'s shape, run-time strides, equal to
    /// cute-dynamic and its law, ties (`d = 3`, `d = 7`) included: tied
    /// leaves share one stride, as in CuTe.
    #[test]
    fn layout_like_matches_dynamic(m in 1usize..20, n in 1usize..20, d in 0usize..40) {
        let check = |ours: Result<DLayout, cute_static::Error>, l: DLayout| -> Result<(), TestCaseError> {
            match (ours, cute_dynamic::make_layout_like(&l)) {
                (Ok(r), Ok(t)) => {
                    prop_assert_eq!(&r, &t, "make_layout_like({})", l);
                    prop_assert!(laws::check_make_layout_like(&l, &r).is_ok());
                }
                (o, t) => prop_assert!(false, "make_layout_like({}): {:?} vs {:?}", l, o, t),
            }
            Ok(())
        };
        let a = layout!(({m}, 4, {n}):({d}, 0, 3)).unwrap();
        check(a.make_layout_like().map(|r| r.to_dynamic()), a.to_dynamic())?;
        let b = layout!(((2, {n}), ({m}, 1)):((1, {d}), (7, 5))).unwrap();
        let r = b.make_layout_like();
        prop_assert!(r.is_ok(), "make_layout_like({}): {:?}", b, r);
        if let Ok(r) = &r {
            prop_assert_eq!(r.structure().to_string(), "((_2,?),(?,_1)):((?,?),(?,?))");
        }
        check(r.map(|r| r.to_dynamic()), b.to_dynamic())?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// make_ordered_layout with a mixed shape: equal to cute-dynamic and
    /// its law; a tie is `value_dependent_structure` exactly where
    /// cute-dynamic refuses it (`invalid_argument`).
    #[test]
    fn ordered_layout_matches_dynamic(m in 1usize..20, n in 1usize..20, o0 in 0usize..4, o1 in 0usize..4, o2 in 0usize..4) {
        let t = |s: String| cute_dynamic::parse_int_tuple(&s).unwrap();
        let check = |ours: Result<DLayout, cute_static::Error>, shape: &str, order: &str| -> Result<(), TestCaseError> {
            let (sh, or) = (t(shape.to_string()), t(order.to_string()));
            match (ours, cute_dynamic::make_ordered_layout(&sh, &or)) {
                (Ok(r), Ok(d)) => {
                    prop_assert_eq!(&r, &d, "make_ordered_layout({}, {})", shape, order);
                    prop_assert!(laws::check_make_ordered_layout(&sh, &or, &r).is_ok());
                }
                (Err(e), Err(d)) => {
                    prop_assert_eq!(e.kind(), "value_dependent_structure");
                    prop_assert_eq!(d.kind(), "invalid_argument");
                }
                (o, d) => prop_assert!(false, "make_ordered_layout({}, {}): {:?} vs {:?}", shape, order, o, d),
            }
            Ok(())
        };
        let r = make_mixed_ordered_layout((Dyn(m), C::<4>, Dyn(n)), (o0, o1, o2)).map(|r| r.to_dynamic());
        check(r, &format!("({m},4,{n})"), &format!("({o0},{o1},{o2})"))?;
        let r = make_mixed_ordered_layout(((C::<2>, Dyn(m)), (Dyn(n), C::<1>)), (o0, (o1, C::<3>))).map(|r| r.to_dynamic());
        check(r, &format!("((2,{m}),({n},1))"), &format!("({o0},({o1},3))"))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// coalesce / coalesce_by: a fully static part by the static algebra,
    /// a part with run-time leaves one leaf, equal to cute-dynamic and its
    /// laws; `value_dependent_structure` exactly where cute-dynamic's part
    /// has several leaves.
    #[test]
    fn coalesce_matches_dynamic(m in 1usize..20, n in 1usize..20, ld in 0usize..50) {
        let t = |s: &str| cute_dynamic::parse_int_tuple(s).unwrap();
        let check = |ours: Result<DLayout, cute_static::Error>, l: DLayout, p: &str| -> Result<(), TestCaseError> {
            let theirs = cute_dynamic::coalesce_by(&l, &t(p)).unwrap();
            match ours {
                Ok(r) => {
                    prop_assert_eq!(&r, &theirs, "coalesce_by({}, {})", l, p);
                    prop_assert!(laws::check_coalesce_by(&l, &t(p), &r).is_ok());
                }
                Err(e) => {
                    prop_assert_eq!(e.kind(), "value_dependent_structure");
                    // Some coalesced part has several leaves.
                    prop_assert!(theirs.leaf_modes().count() > theirs.rank() || theirs.depth() > 1 || p == "1", "{} {}", theirs, p);
                }
            }
            Ok(())
        };
        let a = layout!(({m}, 4, {n}):(1, {m}, {ld})).unwrap();
        let da = a.to_dynamic();
        check(a.coalesce().map(|r| r.to_dynamic()), da.clone(), "1")?;
        check(a.coalesce_by((C::<1>, 1usize)).map(|r| r.to_dynamic()), da.clone(), "(1,1)")?;
        let b = layout!((({m}, 2), (4, 2), {n}):((1, {m}), (0, 4), 64)).unwrap();
        let db = b.to_dynamic();
        check(b.coalesce_by((C::<1>, C::<1>, C::<1>)).map(|r| r.to_dynamic()), db.clone(), "(1,1,1)")?;
        check(b.coalesce_by(((C::<1>, C::<1>),)).map(|r| r.to_dynamic()), db.clone(), "((1,1))")?;
        let r = b.coalesce_by((C::<1>, C::<1>)).unwrap();
        prop_assert_eq!(r.structure().to_string(), "(?,(_4,_2),?):(?,(_0,_4),_64)");
        check(Ok(r.to_dynamic()), db, "(1,1)")?;
        // Contiguous: always one leaf.
        let c = layout!(({m}, 4, {n}):(1, {m}, {m * 4})).unwrap();
        let r = c.coalesce().unwrap();
        check(Ok(r.to_dynamic()), c.to_dynamic(), "1")?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// greatest_common_domain of mixed shapes: fully static shapes by the
    /// static algebra, otherwise one factor, equal to cute-dynamic and its
    /// law; `value_dependent_structure` exactly where cute-dynamic's result
    /// has several factors.
    #[test]
    fn common_domain_matches_dynamic(m in 1usize..40, n in 1usize..40, k in 0usize..3) {
        let t = |s: String| cute_dynamic::parse_int_tuple(&s).unwrap();
        let check = |ours: Result<DLayout, cute_static::Error>, a: String, b: String| -> Result<(), TestCaseError> {
            let (ta, tb) = (t(a), t(b));
            let theirs = cute_dynamic::greatest_common_domain(&ta, &tb).unwrap();
            match ours {
                Ok(r) => {
                    prop_assert_eq!(&r, &theirs, "greatest_common_domain({}, {})", ta, tb);
                    prop_assert!(laws::check_greatest_common_domain(&ta, &tb, &r).is_ok());
                }
                Err(e) => {
                    prop_assert_eq!(e.kind(), "value_dependent_structure");
                    prop_assert!(theirs.rank() > 1, "{}", theirs);
                }
            }
            Ok(())
        };
        let four = [2usize, 4, 6][k];
        check(mixed_greatest_common_domain((Dyn(m),), (Dyn(n),)).map(|r| r.to_dynamic()), format!("({m})"), format!("({n})"))?;
        check(mixed_greatest_common_domain((Dyn(m), C::<4>), (Dyn(n), Dyn(four))).map(|r| r.to_dynamic()), format!("({m},4)"), format!("({n},{four})"))?;
        check(mixed_greatest_common_domain((C::<6>, DynDiv::<2>::new(2 * m).unwrap()), (Dyn(n * 3),)).map(|r| r.to_dynamic()), format!("(6,{})", 2 * m), format!("({})", n * 3))?;
        check(mixed_greatest_common_domain(Dyn(m), (C::<2>, C::<3>)).map(|r| r.to_dynamic()), format!("{m}"), "(2,3)".into())?;
        // A zero leaf, as at run time.
        prop_assert_eq!(mixed_greatest_common_domain((Dyn(0),), (Dyn(n),)).unwrap_err().kind(), "non_positive_shape");
    }

    /// layout_add of mixed layouts: one leaf, equal to cute-dynamic and its
    /// law; `value_dependent_structure` exactly where cute-dynamic's sum
    /// keeps several modes, `not_compatible` where cute-dynamic says so.
    #[test]
    fn layout_add_matches_dynamic(m in 1usize..20, n in 1usize..20, d in 0usize..50, e in 0usize..3) {
        let check = |ours: Result<DLayout, cute_static::Error>, a: DLayout, b: DLayout| -> Result<(), TestCaseError> {
            let theirs = cute_dynamic::layout_add(&a, &b);
            match (ours, theirs) {
                (Ok(r), Ok(t)) => {
                    prop_assert_eq!(&r, &t, "layout_add({}, {})", a, b);
                    prop_assert!(laws::check_layout_add(&a, &b, &r).is_ok());
                }
                (Err(o), Ok(t)) => {
                    prop_assert_eq!(o.kind(), "value_dependent_structure");
                    prop_assert!(t.leaf_modes().count() > 1, "{}", t);
                }
                (Err(o), Err(t)) => prop_assert_eq!(o.kind(), t.kind()),
                (Ok(r), Err(t)) => prop_assert!(false, "{} where cute-dynamic says {}", r, t),
            }
            Ok(())
        };
        let a = layout!(({m}, 4, {n}):(1, {m}, {m * 4})).unwrap();
        let b = layout!(({m}, 4, {n}):(1, {m}, {m * 4})).unwrap();
        check(a.layout_add(&b).map(|r| r.to_dynamic()), a.to_dynamic(), b.to_dynamic())?;
        let c = layout!(({m}, 4, {n}):({d}, 0, {e})).unwrap();
        check(a.layout_add(&c).map(|r| r.to_dynamic()), a.to_dynamic(), c.to_dynamic())?;
        let f = layout!(({m * 4}, {n}):(1, {d})).unwrap();
        check(a.layout_add(&f).map(|r| r.to_dynamic()), a.to_dynamic(), f.to_dynamic())?;
        let g = layout!(({n}, {m}):({m}, 1)).unwrap();
        check(g.layout_add(&f).map(|r| r.to_dynamic()), g.to_dynamic(), f.to_dynamic())?;
        let one = layout!({m * 4 * n}:{d}).unwrap();
        check(one.layout_add(&a).map(|r| r.to_dynamic()), one.to_dynamic(), a.to_dynamic())?;
        // A fully static pair: the static algebra's layout and types.
        let s = MixedLayout::from(layout!((4, 3):(1, 4))).layout_add(&MixedLayout::from(layout!((4, 3):(3, 1)))).unwrap();
        prop_assert_eq!(s.to_string(), "(_4,_3):(_4,_5)");
    }
}

#[test]
fn layout_like_static_operand() {
    let m = MixedLayout::from(layout!((2, 3, 4, 5):(0, 42, 1, 0)));
    assert_eq!(
        m.make_layout_like().unwrap().to_string(),
        "(_2,_3,_4,_5):(_0,_4,_1,_0)"
    );
}

#[test]
fn nullspace_static_operand() {
    let m = MixedLayout::from(layout!((4, (3, 5)):(0, (1, 0))));
    let r = m.nullspace().unwrap();
    assert_eq!(r.to_string(), "(_4,_5):(_1,_12)");
}

#[test]
fn known_values() {
    let l = layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100)));
    let m = MixedLayout::from(l);
    let d = dl("((3,2),((2,3),2)):((4,1),((2,15),100))");
    assert_eq!(m.to_dynamic(), d);
    assert_eq!(m.dice((2usize, __)).to_string(), "((_3,_2)):((_4,_1))");
    assert_eq!(m.dice((__, ((0usize, __), __))).to_string(), "(_2):(_2)");
    assert_eq!(
        l.dice((__, ((0usize, __), __))).to_string(),
        m.dice((__, ((0usize, __), __))).to_string()
    );
}
