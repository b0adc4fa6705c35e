//! Predication over mixed tensors is exact for every extent, extent 1
//! included: identity tensors, their tiles and partitions give the global
//! coordinate of every element, `copy_if` writes exactly the in-range
//! elements, every other cell (canaries around the storage, padding rows)
//! is left. Random problem sizes over fixed static tilers and thread
//! layouts (tilers are types here).
// Tiles of extent 1 are among the cases: `i % 1` is meant.
#![allow(clippy::modulo_one)]
use cute_static::*;
use cute_static::{algorithm::*, layout::*, tensor::*};
use proptest::prelude::*;

const CANARY: i32 = i32::MIN;
const PAD: usize = 3;

/// A column-major `(m, n)` problem with leading dimension `m + extra`,
/// tiled by `$tiler` and partitioned over the thread layout `$thr`
/// (`$pm × $pn` threads): every in-range element written once, the rest left.
macro_rules! check_problem {
    ($m:expr, $n:expr, $extra:expr, <$tm:literal, $tn:literal>, $thr:expr, $nthr:expr) => {{
        let (m, n, extra): (usize, usize, usize) = ($m, $n, $extra);
        let ld = m + extra;
        let body = ld * n;
        let src: Vec<i32> = (0..body as i32).collect();
        let mut dst = vec![CANARY; body + 2 * PAD];
        let mut writes = vec![0u32; dst.len()];
        let m_a = Tensor::new(&src[..], layout!(({m}, {n}):(1, {ld})).unwrap()).unwrap();
        let mut m_b = Tensor::new(&mut dst[PAD..PAD + body], layout!(({m}, {n}):(1, {ld})).unwrap()).unwrap();
        let id = make_identity_tensor((m, n)).unwrap();
        for bm in 0..m.div_ceil($tm) {
            for bn in 0..n.div_ceil($tn) {
                let g_a = local_tile(&m_a, tiler!(<$tm, $tn>), (bm, bn), ()).unwrap();
                let mut g_b = local_tile(&mut m_b, tiler!(<$tm, $tn>), (bm, bn), ()).unwrap();
                let c = local_tile(&id, tiler!(<$tm, $tn>), (bm, bn), ()).unwrap();
                for i in 0..c.size() {
                    let [x, y] = c.read(i).unwrap();
                    assert_eq!([x, y], [bm * $tm + i % $tm, bn * $tn + i / $tm], "tile element {i}");
                }
                for t in 0..$nthr {
                    let p_a = local_partition(&g_a, $thr, t).unwrap();
                    let mut p_b = local_partition(&mut g_b, $thr, t).unwrap();
                    let p_c = local_partition(&c, $thr, t).unwrap();
                    let pred = |i: usize| p_c.read(i).is_ok_and(|x| elem_less(x, [m, n]));
                    for i in 0..p_c.size() {
                        if pred(i) {
                            let [x, y] = p_c.read(i).unwrap();
                            let off = p_b.base() + p_b.layout().offset(i);
                            assert_eq!(off, x + ld * y, "element {i} of thread {t}");
                            writes[PAD + off] += 1;
                        }
                    }
                    copy_if(&pred, &p_a, &mut p_b).unwrap();
                }
            }
        }
        for (k, &v) in dst.iter().enumerate() {
            let inside = (PAD..PAD + body).contains(&k) && (k - PAD) % ld < m;
            if inside {
                assert_eq!((v, writes[k]), (src[k - PAD], 1), "cell {k} of ({m},{n}) ld {ld}");
            } else {
                assert_eq!((v, writes[k]), (CANARY, 0), "canary {k} of ({m},{n}) ld {ld}");
            }
        }
    }};
}

/// CuTe: `make_identity_tensor((1,13))` tiled by `(4,8)` has the tile mode
/// `4:E<0>`: rows 1..3 read as rows 1..3 (masked), not as row 0.
#[test]
fn an_extent_1_mode_tiles_to_a_full_coordinate_mode() {
    let id = make_identity_tensor((1usize, 13usize)).unwrap();
    let tile = local_tile(&id, tiler!(<4, 8>), (0usize, 1usize), ()).unwrap();
    for i in 0..32 {
        assert_eq!(tile.read(i).unwrap(), [i % 4, 8 + i / 4], "element {i}");
    }
    // A size-1 tile mode (the mixed divide by C<1>).
    let id = make_identity_tensor((10usize, 13usize)).unwrap();
    let t = local_tile(&id, tiler!(<7, 1>), (1usize, 12usize), ()).unwrap();
    for i in 0..7 {
        assert_eq!(t.read(i).unwrap(), [7 + i, 12]);
    }
    // A tile of an extent-1 problem mode partitioned over two threads.
    let id = make_identity_tensor((10usize, 1usize)).unwrap();
    let t = local_tile(&id, tiler!(<7, 2>), (1usize, 0usize), ()).unwrap();
    for i in 0..14 {
        assert_eq!(t.read(i).unwrap(), [7 + i % 7, i / 7]);
    }
    let id = make_identity_tensor((4usize, 4usize)).unwrap();
    let p = local_partition(&id, layout!((2, 4):(4, 1)), 5).unwrap();
    assert_eq!(p.size(), 2);
    for i in 0..2 {
        assert_eq!(p.read(i).unwrap(), [1 + 2 * i, 1]);
    }
}

#[test]
fn the_issue_cases() {
    check_problem!(1, 13, 3, <4, 8>, layout!((2, 4)), 8);
    check_problem!(1, 13, 3, <4, 8>, layout!((2, 4):(4, 1)), 8);
    check_problem!(10, 1, 0, <7, 2>, layout!((1, 2)), 2);
    check_problem!(10, 13, 0, <7, 1>, layout!((1, 1)), 1);
    check_problem!(4, 4, 0, <4, 4>, layout!((2, 4):(4, 1)), 8);
    check_problem!(1, 1, 0, <4, 4>, layout!((2, 2)), 4);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn copy_if_writes_exactly_the_in_range_elements(m in 1usize..12, n in 1usize..12, extra in 0usize..3) {
        check_problem!(m, n, extra, <4, 8>, layout!((2, 4)), 8);
        check_problem!(m, n, extra, <4, 8>, layout!((4, 2):(2, 1)), 8);
        check_problem!(m, n, extra, <2, 4>, layout!((1, 2)), 2);
        check_problem!(m, n, extra, <1, 4>, layout!((1, 2)), 2);
        check_problem!(m, n, extra, <3, 2>, layout!((3, 1)), 3);
        check_problem!(m, n, extra, <2, 2>, layout!((1, 1)), 1);
        check_problem!(m, n, extra, <6, 4>, layout!((3, 2):(2, 1)), 6);
    }
}
