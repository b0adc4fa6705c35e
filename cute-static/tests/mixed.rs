//! Mixed static/dynamic layouts: printing, zero-sized static parts,
//! evaluation and slicing against cute-dynamic, and the algebra with static
//! tilers cross-checked with cute-dynamic on random run-time values
//! (structure and values via `to_dynamic()`) and with the operation's law
//! (`cute_tools::laws`), plus a tiled copy kernel.
use cute_dynamic::{Coord, Layout as DLayout, Tiler as DTiler};
use cute_static::{C, Dyn, Layout, layout, layout::MixedLayout, tensor::__, tiler};
use proptest::prelude::*;
use static_assertions::assert_type_eq_all;

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}
fn dt(s: &str) -> DTiler {
    s.parse().unwrap()
}

#[test]
fn display_size_and_types() {
    let m = 1000;
    let l = layout!((128, {m}):(1, 128)).unwrap();
    assert_eq!(l.to_string(), "(_128,1000):(_1,_128)");
    assert_type_eq_all!(
        Layout![(128, {m}):(1, 128)],
        MixedLayout<(C<128>, Dyn), (C<1>, C<128>)>
    );
    assert_eq!(size_of_val(&l), size_of::<usize>());
    let (m, n) = (5usize, 7usize);
    let c = layout!(({ m }, 4, { n })).unwrap();
    assert_eq!(c.to_string(), "(5,_4,7):(_1,5,20)");
    assert_eq!(size_of_val(&c), 4 * size_of::<usize>());
    let s = layout!((4, 8, { n })).unwrap();
    assert_eq!(s.to_string(), "(_4,_8,7):(_1,_4,_32)");
    assert_eq!(s.size(), 224);
    assert_eq!(s.cosize(), 224);
    assert_eq!(<Layout![(4, 8, { n })]>::RANK, 3);
    let st: MixedLayout<_, _> = layout!((4, 8):(1, 4)).into();
    assert_eq!(st.to_string(), "(_4,_8):(_1,_4)");
    assert_eq!(size_of_val(&st), 0);
}

#[test]
fn invalid_values_are_errors() {
    let zero = 0;
    let e = layout!((4, {zero}):(1, 4)).unwrap_err();
    assert_eq!(e.kind(), "non_positive_shape");
    let big = usize::MAX / 2;
    let e = layout!(({big}, 4):(1, {big})).unwrap_err();
    assert_eq!(e.kind(), "overflow");
}

#[test]
fn eval_and_slice_match_dynamic() {
    for n in 1..12usize {
        let l = layout!(((2, {n}), (4, 3)):((1, 8), ({n}, 64))).unwrap();
        let d = l.to_dynamic();
        assert_eq!(d, dl(&format!("((2,{n}),(4,3)):((1,8),({n},64))")));
        for i in 0..2 * l.size() {
            assert_eq!(l.call(i) as i64, d.call(i as i64));
        }
        for a in 0..2 * n {
            for b in 0..12 {
                let want = d
                    .call_coord(&format!("({a},{b})").parse().unwrap())
                    .unwrap();
                assert_eq!(l.call_coord((a, b)) as i64, want);
            }
        }
        for b in 0..12 {
            let (sub, off) = l.slice((__, b));
            let (dsub, doff) = d
                .slice(&Coord::parse(&format!("(_,{b})")).unwrap())
                .unwrap();
            assert_eq!((sub.to_dynamic(), off as i64), (dsub, doff));
            let (sub, off) = l.slice((b, __));
            let (dsub, doff) = d
                .slice(&Coord::parse(&format!("({b},_)")).unwrap())
                .unwrap();
            assert_eq!((sub.to_dynamic(), off as i64), (dsub, doff));
        }
    }
}

#[test]
fn static_tile_of_static_mode_stays_static() {
    let n = 9;
    let a = layout!((8, {n}):(1, 8)).unwrap();
    let z = a.zipped_divide(tiler!(<4, 4>)).unwrap();
    assert_eq!(z.to_string(), "((_4,_4),(_2,3)):((_1,_8),(_4,32))");
    assert_eq!(
        z.to_dynamic(),
        cute_dynamic::zipped_divide(&a.to_dynamic(), &dt("<4,4>")).unwrap()
    );
    // The tile of a column-major matrix keeps static shape and static unit stride.
    let (m, n) = (64usize, 48usize);
    let a = layout!(({m}, {n}):(1, {m})).unwrap();
    let z = a.zipped_divide(tiler!(<16, 16>)).unwrap();
    let (tile, _) = z.slice((__, 0));
    assert_eq!(tile.to_string(), "((_16,_16)):((_1,64))");
    assert_eq!(size_of_val(&tile), size_of::<usize>());
}

#[test]
fn mixed_layouts_answer_the_static_traits() {
    use cute_static::{
        Tiler,
        algebra::{
            Compose, Composed, FlatQuotient, LogicalDivide, LogicalQuotient, TiledQuotient,
            ZippedQuotient,
        },
        layout::MIXED_ALGEBRA_MAX_RANK,
    };
    // The noun aliases name the mixed result, a `Result` of the layout.
    // Mode 1 has a static extent 8 and a run-time stride: its rest mode
    // keeps the static shape 8/4 = 2.
    type A = Layout![({m}, 8):(1, {m})];
    type T = Tiler<(C<16>, C<4>)>;
    type Tile = (C<16>, C<4>);
    type E = cute_static::Error;
    assert_type_eq_all!(
        ZippedQuotient<A, T>,
        Result<MixedLayout<(Tile, (Dyn, C<2>)), ((C<1>, Dyn), (Dyn, Dyn))>, E>
    );
    assert_type_eq_all!(
        LogicalQuotient<A, T>,
        Result<MixedLayout<((C<16>, Dyn), (C<4>, C<2>)), ((C<1>, Dyn), (Dyn, Dyn))>, E>
    );
    assert_type_eq_all!(
        TiledQuotient<A, T>,
        Result<MixedLayout<(Tile, Dyn, C<2>), ((C<1>, Dyn), Dyn, Dyn)>, E>
    );
    assert_type_eq_all!(
        FlatQuotient<A, T>,
        Result<MixedLayout<(C<16>, C<4>, Dyn, C<2>), (C<1>, Dyn, Dyn, Dyn)>, E>
    );
    assert_type_eq_all!(
        Composed<A, T>,
        Result<MixedLayout<(C<16>, C<4>), (C<1>, Dyn)>, E>
    );
    // Generic code over the trait takes static and mixed layouts alike.
    fn tile0<A: LogicalDivide<T>, T>(a: &A, t: T) -> A::Output {
        a.logical_divide(t)
    }
    fn composed<A: Compose<T>, T>(a: &A, t: T) -> A::Output {
        a.compose(t)
    }
    let m = 40;
    let a = layout!(({m}, 8):(1, {m})).unwrap();
    let s = layout!((40, 8):(1, 40));
    let (mixed, stat) = (
        tile0(&a, tiler!(<16, 4>)).unwrap(),
        tile0(&s, tiler!(<16, 4>)),
    );
    assert_eq!(mixed.to_dynamic(), stat.to_dynamic());
    assert_eq!(mixed.to_string(), "((_16,3),(_4,_2)):((_1,16),(40,160))");
    let (mixed, stat) = (
        composed(&a, tiler!(<16, 4>)).unwrap(),
        composed(&s, tiler!(<16, 4>)),
    );
    assert_eq!(mixed.to_dynamic(), stat.to_dynamic());
    assert_eq!(MIXED_ALGEBRA_MAX_RANK, 4);
}

// `check!`: one operation against cute-dynamic and the law (with `dt` in scope).
#[macro_use]
#[path = "support/mixed_check.rs"]
mod mixed_check;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn divides_match_dynamic(m in 1usize..200, n in 1usize..200, k in 1usize..40, ld in 0usize..300) {
        // Run-time shapes, static and run-time strides.
        check!(layout!(({m}, {n}):(1, {m})).unwrap(), zipped_divide, tiler!(<16, 16>), cute_dynamic::zipped_divide, "<16,16>");
        check!(layout!(({m}, {n}):(1, {m})).unwrap(), logical_divide, tiler!(<16, 8>), cute_dynamic::logical_divide, "<16,8>");
        check!(layout!(({m}, {n}):(1, {m})).unwrap(), tiled_divide, tiler!(<4:1, 2>), cute_dynamic::tiled_divide, "<4:1,2>");
        check!(layout!(({m}, {n}):({ld}, 1)).unwrap(), zipped_divide, tiler!(<8, 64>), cute_dynamic::zipped_divide, "<8,64>");
        check!(layout!(({m}, {n}, {k}):(1, {m}, 0)).unwrap(), zipped_divide, tiler!(<32, 4>), cute_dynamic::zipped_divide, "<32,4>");
        check!(layout!(({m}, {n}, {k}):(1, {m}, 0)).unwrap(), tiled_divide, tiler!(<32>), cute_dynamic::tiled_divide, "<32>");
        check!(layout!(({m}, {n}):(1, {m})).unwrap(), tiled_divide, tiler!(<32>), cute_dynamic::tiled_divide, "<32>");
        check!(layout!(({m}):(3)).unwrap(), tiled_divide, tiler!(<32>), cute_dynamic::tiled_divide, "<32>");
        check!(layout!(({m}):({ld})).unwrap(), zipped_divide, tiler!(<2>), cute_dynamic::zipped_divide, "<2>");
        // Static shapes with run-time strides, and fully static modes next to run-time ones.
        check!(layout!((64, {n}):({ld}, 1)).unwrap(), zipped_divide, tiler!(<16, 16>), cute_dynamic::zipped_divide, "<16,16>");
        check!(layout!(((4, 6), {n}):((1, 4), 24)).unwrap(), logical_divide, tiler!(<2:1, 4>), cute_dynamic::logical_divide, "<2:1,4>");
        check!(layout!((12, {n}, 4):(1, 12, {ld})).unwrap(), zipped_divide, tiler!(<4:1, 8, 2>), cute_dynamic::zipped_divide, "<4:1,8,2>");
        // flat_divide: one tile mode stays a 1-tuple, several are spliced.
        check!(layout!(({m}, {n}):(1, {m})).unwrap(), flat_divide, tiler!(<16, 8>), cute_dynamic::flat_divide, "<16,8>");
        check!(layout!(({m}, {n}):(1, {m})).unwrap(), flat_divide, tiler!(<32>), cute_dynamic::flat_divide, "<32>");
        check!(layout!(({m}):(3)).unwrap(), flat_divide, tiler!(<32>), cute_dynamic::flat_divide, "<32>");
        check!(layout!(((4, 6), {n}, 4):((1, 4), 24, {ld})).unwrap(), flat_divide, tiler!(<2:1, 4>), cute_dynamic::flat_divide, "<2:1,4>");
        // The tile 1:1 (size-1 tile, unit stride).
        check!(layout!(({m}, {n}):(1, {m})).unwrap(), logical_divide, tiler!(<1:1, 16>), cute_dynamic::logical_divide, "<1:1,16>");
        // Rank 4 = MIXED_ALGEBRA_MAX_RANK: every tiler rank.
        check!(layout!(({m}, {n}, 4, {k}):(1, {m}, {ld}, 7)).unwrap(), flat_divide, tiler!(<16, 8, 2, 4>), cute_dynamic::flat_divide, "<16,8,2,4>");
        check!(layout!(({m}, {n}, 4, {k}):(1, {m}, {ld}, 7)).unwrap(), tiled_divide, tiler!(<16, 8, 2>), cute_dynamic::tiled_divide, "<16,8,2>");
        check!(layout!(({m}, {n}, 4, {k}):(1, {m}, {ld}, 7)).unwrap(), zipped_divide, tiler!(<16, 8>), cute_dynamic::zipped_divide, "<16,8>");
        check!(layout!(({m}, {n}, 4, {k}):(1, {m}, {ld}, 7)).unwrap(), logical_divide, tiler!(<16>), cute_dynamic::logical_divide, "<16>");
    }

    #[test]
    fn compositions_match_dynamic(m in 1usize..200, n in 1usize..200, ld in 0usize..300) {
        check!(layout!(({m}, {n}):(1, {m})).unwrap(), compose, tiler!(<16, 8>), cute_dynamic::composition, "<16,8>");
        check!(layout!(({m}, {n}):({ld}, 1)).unwrap(), compose, tiler!(<(2, 4):(1, 8), 4:2>), cute_dynamic::composition, "<(2,4):(1,8),4:2>");
        check!(layout!(({m}, 8):(2, {ld})).unwrap(), compose, tiler!(<4:3, 4:2>), cute_dynamic::composition, "<4:3,4:2>");
        check!(layout!(((4, 6), {n}, {m}):((1, 4), 24, {ld})).unwrap(), compose, tiler!(<(2, 3):(1, 4), 2:1>), cute_dynamic::composition, "<(2,3):(1,4),2:1>");
        check!(layout!(({m}, {n}, 4, {m}):(1, {m}, {ld}, 7)).unwrap(), compose, tiler!(<16, (2, 2):(1, 4), 2:2, 3:1>), cute_dynamic::composition, "<16,(2,2):(1,4),2:2,3:1>");
    }
}

/// One operation against cute-dynamic on fixed values (plain asserts).
macro_rules! same {
    ($a:expr, $op:ident, $t:expr, $dop:path, $dt:expr) => {{
        let a = $a;
        let ours = a.$op($t).map(|r| r.to_dynamic().to_string());
        let theirs = $dop(&a.to_dynamic(), &dt($dt)).map(|r| r.to_string());
        assert_eq!(ours.ok(), theirs.ok(), "{} {}", a, $dt);
    }};
}

/// Size-1 modes (run-time or static shape 1, any stride) give the same
/// strides as cute-dynamic, whose coalesce maps a size-1 mode to `1:0`.
#[test]
fn size_one_modes_match_dynamic() {
    for m in [1usize, 2, 3, 17] {
        for ld in [0usize, 1, 5] {
            let a = layout!(({m}, 1, {m}):({ld}, {ld}, 3)).unwrap();
            same!(
                a,
                logical_divide,
                tiler!(<16, 2, 4:1>),
                cute_dynamic::logical_divide,
                "<16,2,4:1>"
            );
            same!(
                a,
                flat_divide,
                tiler!(<2, 2>),
                cute_dynamic::flat_divide,
                "<2,2>"
            );
            same!(
                a,
                compose,
                tiler!(<4:2, (2, 2):(1, 2), 3>),
                cute_dynamic::composition,
                "<4:2,(2,2):(1,2),3>"
            );
            same!(
                a,
                compose,
                tiler!(<1:1, 1:1>),
                cute_dynamic::composition,
                "<1:1,1:1>"
            );
            same!(
                a,
                logical_divide,
                tiler!(<1:1, 1:1>),
                cute_dynamic::logical_divide,
                "<1:1,1:1>"
            );
        }
    }
}

/// Copy an `(M, N)` column-major matrix into a row-major one, tile by
/// tile: both are divided by a static 16×16 tiler, and each block is the
/// slice `(_, blk)`; the partial tiles at the edges are predicated.
fn tiled_copy(
    src: &[f32],
    dst: &mut [f32],
    m: usize,
    n: usize,
) -> Result<(), cute_dynamic::LayoutError> {
    let s = layout!(({m}, {n}):(1, {m}))?.zipped_divide(tiler!(<16, 16>))?;
    let d = layout!(({m}, {n}):({n}, 1))?.zipped_divide(tiler!(<16, 16>))?;
    let (bm, bn) = (m.div_ceil(16), n.div_ceil(16));
    for blk in 0..bm * bn {
        let (st, so) = s.slice((__, blk));
        let (dt, doff) = d.slice((__, blk));
        let (r0, c0) = ((blk % bm) * 16, (blk / bm) * 16);
        for j in 0..16 {
            for i in 0..16 {
                if r0 + i < m && c0 + j < n {
                    dst[doff + dt.call_coord(((i, j),))] = src[so + st.call_coord(((i, j),))];
                }
            }
        }
    }
    Ok(())
}

#[test]
fn tiled_copy_matches_naive_loop() {
    for (m, n) in [(16, 16), (64, 48), (37, 5), (1, 100), (100, 1), (129, 70)] {
        let src: Vec<f32> = (0..m * n).map(|x| x as f32).collect();
        let mut dst = vec![-1.0f32; m * n];
        tiled_copy(&src, &mut dst, m, n).unwrap();
        let mut want = vec![-1.0f32; m * n];
        for j in 0..n {
            for i in 0..m {
                want[i * n + j] = src[i + j * m];
            }
        }
        assert_eq!(dst, want, "{m}x{n}");
    }
}
