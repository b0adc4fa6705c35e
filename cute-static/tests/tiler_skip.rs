//! `_` in static tilers (CuTe's by-mode skip: the mode is left unchanged):
//! every divide, product and composition of a static layout by a tiler with
//! `_` modes equals cute-dynamic's on the same operands (the tiler's
//! `to_dynamic()` is the run-time `<_,…>` tiler), and the logical results
//! satisfy their laws (`cute_tools::laws`).
use cute_static::{C, Tiler, layout, tensor::Underscore, tiler};
use cute_tools::laws;

/// Compare every tiler operation of `a` by `t` with cute-dynamic's.
macro_rules! check_all {
    ($a:expr, $t:expr) => {{
        let (a, t) = ($a, $t);
        let (da, dt) = (a.to_dynamic(), t.to_dynamic());
        let lg = a.logical_divide(t).to_dynamic();
        assert_eq!(lg, cute_dynamic::logical_divide(&da, &dt).unwrap());
        laws::check_logical_divide(&da, &dt, &lg).unwrap();
        let lp = a.logical_product(t).to_dynamic();
        assert_eq!(lp, cute_dynamic::logical_product(&da, &dt).unwrap());
        laws::check_logical_product(&da, &dt, &lp).unwrap();
        let c = a.compose(t).to_dynamic();
        assert_eq!(c, cute_dynamic::composition(&da, &dt).unwrap());
        laws::check_composition(&da, &dt, &c).unwrap();
        lg
    }};
}

/// The regroupings of divides and products (they need each `_` mode to be a
/// `(tile, rest)` pair, as CuTe's `zip2_by`).
macro_rules! check_regrouped {
    ($a:expr, $t:expr) => {{
        let (a, t) = ($a, $t);
        let (da, dt) = (a.to_dynamic(), t.to_dynamic());
        assert_eq!(
            a.zipped_divide(t).to_dynamic(),
            cute_dynamic::zipped_divide(&da, &dt).unwrap()
        );
        assert_eq!(
            a.tiled_divide(t).to_dynamic(),
            cute_dynamic::tiled_divide(&da, &dt).unwrap()
        );
        assert_eq!(
            a.flat_divide(t).to_dynamic(),
            cute_dynamic::flat_divide(&da, &dt).unwrap()
        );
        assert_eq!(
            a.zipped_product(t).to_dynamic(),
            cute_dynamic::zipped_product(&da, &dt).unwrap()
        );
        assert_eq!(
            a.tiled_product(t).to_dynamic(),
            cute_dynamic::tiled_product(&da, &dt).unwrap()
        );
        assert_eq!(
            a.flat_product(t).to_dynamic(),
            cute_dynamic::flat_product(&da, &dt).unwrap()
        );
    }};
}

#[test]
fn macro_forms_print_and_convert() {
    let t = tiler!(<_, 2>);
    assert_eq!(t.to_string(), "<_,_2>");
    assert_eq!(
        t.to_dynamic(),
        "<_,2>".parse::<cute_dynamic::Tiler>().unwrap()
    );
    let u: Tiler![<__, 2>] = tiler!(<__, 2>);
    let v: Tiler<(Underscore, C<2>)> = u;
    assert_eq!(v.to_string(), "<_,_2>");
    let nested = tiler!(<4:1, <_, 2:2>>);
    assert_eq!(nested.to_string(), "<_4:_1,<_,_2:_2>>");
    assert_eq!(
        nested.to_dynamic(),
        "<4:1,<_,2:2>>".parse::<cute_dynamic::Tiler>().unwrap()
    );
    assert_eq!(tiler!(_).to_dynamic(), cute_dynamic::Tiler::Hole);
}

#[test]
fn skip_keeps_the_mode() {
    // Known CuTe results: the `_` mode is left as it is.
    let a = layout!((4, 6):(1, 4));
    let lg = check_all!(a, tiler!(<_, 2>));
    assert_eq!(lg.to_string(), "(4,(2,3)):(1,(4,8))");
    assert_eq!(
        a.logical_divide(tiler!(<_, 2>)).to_string(),
        "(_4,(_2,_3)):(_1,(_4,_8))"
    );
    check_all!(a, tiler!(<2, _>));
    check_all!(a, tiler!(<_, _>));
    check_all!(a, tiler!(<_>));
    check_all!(a, tiler!(_));
    check_all!(
        layout!((8, (2, 3), 4):(12, (1, 2), 96)),
        tiler!(<2:2, _, 2>)
    );
    check_all!(layout!((8, (4, 6)):(1, (8, 32))), tiler!(<4, <_, 3:2>>));
    check_all!(layout!((8, 6, 5):(1, 8, 48)), tiler!(<_, 3:1>));
}

#[test]
fn skip_in_regroupings() {
    // `_` keeps the mode whole in the rest, with the tile 1:0 (pycute's
    // zipped_divide(((2,4),6):((1,2),8), (None, Layout(3))) is
    // ((1,3),((2,4),2)):((0,8),((1,2),24)); CuTe C++ splits the kept mode).
    let a = layout!(((2, 4), 6):((1, 2), 8));
    check_all!(a, tiler!(<_, 3>));
    check_regrouped!(a, tiler!(<_, 3>));
    assert_eq!(
        a.zipped_divide(tiler!(<_, 3>)).to_string(),
        "((_1,_3),((_2,_4),_2)):((_0,_8),((_1,_2),_24))"
    );
    // Over a scalar mode too (CuTe C++ rejects it).
    check_all!(layout!((8, 12):(1, 8)), tiler!(<4, _>));
    check_regrouped!(layout!((8, 12):(1, 8)), tiler!(<4, _>));
    assert_eq!(
        layout!((8, 12):(1, 8))
            .zipped_divide(tiler!(<4, _>))
            .to_string(),
        "((_4,_1),(_2,_12)):((_1,_0),(_4,_8))"
    );
    check_regrouped!(layout!((8, (4, 2), 3):(1, (8, 32), 64)), tiler!(<2:2, _>));
}

#[test]
fn skip_in_mixed_layouts() -> Result<(), cute_dynamic::LayoutError> {
    for m in [1, 16, 40, 100] {
        // Composition: `_` keeps static and run-time modes alike.
        let a = layout!(({m}, 8):(1, {m}))?;
        let da = a.to_dynamic();
        for (r, t) in [
            (a.compose(tiler!(<_, 4:2>))?.to_dynamic(), "<_,4:2>"),
            (a.compose(tiler!(<4, _>))?.to_dynamic(), "<4,_>"),
            (a.compose(tiler!(<_, _>))?.to_dynamic(), "<_,_>"),
        ] {
            let dt: cute_dynamic::Tiler = t.parse()?;
            assert_eq!(r, cute_dynamic::composition(&da, &dt)?, "{da} o {t}");
            laws::check_composition(&da, &dt, &r).unwrap();
        }
        // The logical divide keeps a static rank-2 mode under `_` (the
        // zipped, tiled and flat forms by a tiler with `_` do not compile
        // here: ui-tests' mixed_skip_regrouped).
        let b = layout!(({m}, (4, 6)):(1, (64, 256)))?;
        let (db, dt) = (b.to_dynamic(), "<16,_>".parse::<cute_dynamic::Tiler>()?);
        let t = tiler!(<16, _>);
        let lg = b.logical_divide(t)?.to_dynamic();
        assert_eq!(lg, cute_dynamic::logical_divide(&db, &dt)?);
        laws::check_logical_divide(&db, &dt, &lg).unwrap();
    }
    Ok(())
}
