//! Predication is exact for every mode extent, extent 1 included: identity
//! tensors, their tiles and partitions give the global coordinate of every
//! element (CuTe: `make_identity_tensor((1,13))` tiled by `(4,8)` is
//! `(4,8):(1@0,1@1)`, rows past the problem masked), `copy_if` writes
//! exactly the in-range elements, and an unpredicated copy that cannot
//! complete writes nothing. The property test runs random problem sizes,
//! tiles and thread layouts over storage with canaries on both sides.

use cute_dynamic::{
    Coord, IntTuple, Layout, Tensor, Tiler, copy, copy_if, elem_less, local_partition, local_tile,
    make_identity_tensor,
};
use proptest::prelude::*;

fn coord2(a: i64, b: i64) -> Coord {
    Coord::Tuple(vec![Coord::Int(a), Coord::Int(b)])
}

#[test]
fn an_extent_1_mode_tiles_to_a_full_coordinate_mode() {
    let id = make_identity_tensor(&"(1,13)".parse().unwrap()).unwrap();
    let tiler: Tiler = "(4,8)".parse().unwrap();
    let tile = local_tile(&id, &tiler, &coord2(0, 1), None).unwrap();
    assert_eq!(tile.layout().to_string(), "(4,8):(1@0,1@1)");
    for i in 0..32 {
        let c = tile.at(i).unwrap();
        assert_eq!(c, IntTuple::flat([i % 4, 8 + i / 4]), "element {i}");
        let nat = IntTuple::flat([i % 4, i / 4]);
        assert_eq!(tile.get(&nat).unwrap(), c);
    }
}

#[test]
fn tiles_and_partitions_with_extent_1_modes_read_every_coordinate() {
    // local_tile(identity(10,13), (7,1), (1,12)): a size-1 tile mode.
    let id = make_identity_tensor(&"(10,13)".parse().unwrap()).unwrap();
    let t = local_tile(&id, &"(7,1)".parse().unwrap(), &coord2(1, 12), None).unwrap();
    for i in 0..7 {
        assert_eq!(t.at(i).unwrap(), IntTuple::flat([7 + i, 12]));
        assert_eq!(
            t.get(&IntTuple::flat([i, 0])).unwrap(),
            IntTuple::flat([7 + i, 12])
        );
    }
    // local_partition(identity(4,4), (2,4):(4,1), 5): thread 5 = (1,1),
    // a size-1 rest mode.
    let id = make_identity_tensor(&"(4,4)".parse().unwrap()).unwrap();
    let thr: Layout = "(2,4):(4,1)".parse().unwrap();
    let p = local_partition(&id, &thr, 5, None).unwrap();
    assert_eq!(p.size(), 2);
    for i in 0..2 {
        assert_eq!(p.at(i).unwrap(), IntTuple::flat([1 + 2 * i, 1]));
        assert_eq!(
            p.get(&IntTuple::flat([i, 0])).unwrap(),
            IntTuple::flat([1 + 2 * i, 1])
        );
    }
}

/// The reported case: a 1×13 problem with leading dimension 4 tiled by 4×8;
/// `copy_if` over the identity tile must leave the 39 padding cells.
#[test]
fn copy_if_masks_the_rows_of_an_extent_1_problem() {
    let (m, n, ld) = (1i64, 13i64, 4i64);
    let len = (ld * n) as usize;
    let a: Vec<i32> = (0..len as i32).collect();
    let mut b = vec![-1i32; len];
    let shape = IntTuple::flat([m, n]);
    let layout = Layout::new(shape.clone(), IntTuple::flat([1, ld])).unwrap();
    let _ = layout;
    // The data tensors cover the ld×n storage; the problem is m×n.
    let full = Layout::new(IntTuple::flat([ld, n]), IntTuple::flat([1, ld])).unwrap();
    let m_a = Tensor::new(&a[..], full.clone()).unwrap();
    let mut m_b = Tensor::new(&mut b[..], full).unwrap();
    let id = make_identity_tensor(&shape).unwrap();
    let tiler: Tiler = "(4,8)".parse().unwrap();
    for bn in 0..2 {
        let g_a = local_tile(&m_a, &tiler, &coord2(0, bn), None).unwrap();
        let mut g_b = local_tile(&mut m_b, &tiler, &coord2(0, bn), None).unwrap();
        let c = local_tile(&id, &tiler, &coord2(0, bn), None).unwrap();
        let pred = |i: i64| c.at(i).is_some_and(|x| elem_less(&x, &shape) == Ok(true));
        copy_if(&pred, &g_a, &mut g_b).unwrap();
    }
    for k in 0..len {
        let row = k as i64 % ld;
        assert_eq!(b[k], if row < m { a[k] } else { -1 }, "cell {k}");
    }
}

/// An unpredicated copy into the last (2,1) tile of a tight 10×13 problem
/// reaches past the storage: an error, and nothing written.
#[test]
fn an_unpredicated_copy_that_cannot_complete_writes_nothing() {
    let mut b = vec![0i32; 130];
    let mut m_b = Tensor::new(&mut b[..], "(10,13):(1,10)".parse::<Layout>().unwrap()).unwrap();
    let tiler: Tiler = "(4,8)".parse().unwrap();
    let mut last = local_tile(&mut m_b, &tiler, &coord2(2, 1), None).unwrap();
    let ones = [1i32; 32];
    let src = Tensor::new(&ones[..], "(4,8):(1,4)".parse::<Layout>().unwrap()).unwrap();
    assert!(copy(&src, &mut last).is_err());
    assert!(cute_dynamic::axpby(1, &src, 1, &mut last).is_err());
    drop(last);
    assert!(
        b.iter().all(|&v| v == 0),
        "a failed copy wrote {:?}",
        b.iter().filter(|&&v| v != 0).count()
    );
}

const CANARY: i32 = i32::MIN;

/// For a problem `(m, n)` stored column-major with leading dimension `ld`
/// (storage `pad + ld·n + pad`, canaries in the pads and the rows past `m`),
/// tiles of `(tm, tn)` partitioned over a `(pm, pn)` thread layout that
/// divides them: every in-range element is written exactly once, every
/// other cell is left.
fn check_problem(
    (m, n, extra_ld): (i64, i64, i64),
    (tm, tn): (i64, i64),
    (pm, pn): (i64, i64),
    row_major_thr: bool,
) {
    let ld = m + extra_ld;
    let pad = 3usize;
    let body = (ld * n) as usize;
    let src: Vec<i32> = (0..body as i32).collect();
    let mut dst = vec![CANARY; body + 2 * pad];
    let mut writes = vec![0u32; dst.len()];
    let shape = IntTuple::flat([m, n]);
    let full = Layout::new(IntTuple::flat([ld, n]), IntTuple::flat([1, ld])).unwrap();
    let problem = Layout::new(shape.clone(), IntTuple::flat([1, ld])).unwrap();
    let m_a = Tensor::new(&src[..], problem.clone()).unwrap();
    let mut m_b = Tensor::with_base(&mut dst[..], pad as i64, problem).unwrap();
    let _ = full;
    let id = make_identity_tensor(&shape).unwrap();
    let tiler = Tiler::Modes(vec![Tiler::Int(tm), Tiler::Int(tn)]);
    let thr = if row_major_thr {
        Layout::new(
            IntTuple::flat([pm, pn]),
            IntTuple::flat([if pm == 1 { 0 } else { pn }, if pn == 1 { 0 } else { 1 }]),
        )
        .unwrap()
    } else {
        Layout::column_major(&IntTuple::flat([pm, pn])).unwrap()
    };
    for bm in 0..(m + tm - 1) / tm {
        for bn in 0..(n + tn - 1) / tn {
            let g_a = local_tile(&m_a, &tiler, &coord2(bm, bn), None).unwrap();
            let g_b = local_tile(&mut m_b, &tiler, &coord2(bm, bn), None).unwrap();
            let c = local_tile(&id, &tiler, &coord2(bm, bn), None).unwrap();
            let mut g_b = g_b;
            for t in 0..pm * pn {
                let p_a = local_partition(&g_a, &thr, t, None).unwrap();
                let mut p_b = local_partition(&mut g_b, &thr, t, None).unwrap();
                let p_c = local_partition(&c, &thr, t, None).unwrap();
                // An in-range coordinate is the element's own: the data
                // element `i` sits at that coordinate of the problem.
                for i in 0..p_c.size() {
                    let x = p_c.at(i).expect("every identity element exists");
                    if elem_less(&x, &shape) == Ok(true) {
                        let off = p_b.layout().call(i) + p_b.base();
                        let (xm, xn) = (
                            x.get(0).unwrap().as_int().unwrap(),
                            x.get(1).unwrap().as_int().unwrap(),
                        );
                        assert_eq!(off, pad as i64 + xm + ld * xn, "element {i} of thread {t}");
                    }
                }
                let pred = |i: i64| p_c.at(i).is_some_and(|x| elem_less(&x, &shape) == Ok(true));
                for i in 0..p_c.size() {
                    if pred(i) {
                        let off = (p_b.layout().call(i) + p_b.base()) as usize;
                        writes[off] += 1;
                    }
                }
                copy_if(&pred, &p_a, &mut p_b).unwrap();
            }
        }
    }
    for (k, &v) in dst.iter().enumerate() {
        let inside = k >= pad && k < pad + body && ((k - pad) as i64 % ld) < m;
        if inside {
            assert_eq!(v, src[k - pad], "cell {k} of problem ({m},{n}) ld {ld}");
            assert_eq!(writes[k], 1, "cell {k} written {} times", writes[k]);
        } else {
            assert_eq!(
                v, CANARY,
                "canary {k} of problem ({m},{n}) ld {ld} overwritten"
            );
            assert_eq!(writes[k], 0);
        }
    }
}

#[test]
fn the_issue_cases() {
    check_problem((1, 13, 3), (4, 8), (2, 4), false);
    check_problem((1, 13, 3), (4, 8), (2, 4), true);
    check_problem((10, 13, 0), (7, 1), (1, 1), false);
    check_problem((4, 4, 0), (4, 4), (2, 4), true);
    check_problem((1, 1, 0), (4, 4), (2, 2), false);
    check_problem((1, 3, 1), (1, 4), (1, 2), true);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn copy_if_writes_exactly_the_in_range_elements(
        m in 1i64..12, n in 1i64..12, extra in 0i64..3,
        am in 1i64..5, an in 1i64..5, pm in 1i64..5, pn in 1i64..5, rm in any::<bool>(),
    ) {
        // The thread layout divides the tile (each thread's values stay in
        // its tile, as CuTe's partitions of a tile assume).
        check_problem((m, n, extra), (am * pm, an * pn), (pm, pn), rm);
    }
}
