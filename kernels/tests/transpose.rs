//! The transpose kernels on the host: blocks and threads emulated by
//! loops (phase 1 for every thread of a block, then phase 2, as the
//! barrier orders them), compared with a naive transpose.

use cute_kernels::Matrix;
use cute_kernels::transpose::{
    TransposeA, TransposeB, TransposeSwizzledTile, TransposeThreads, TransposeTile, transpose_load,
    transpose_load_hand, transpose_load_swizzled_hand, transpose_store, transpose_store_hand,
    transpose_store_swizzled_hand,
};

const M: usize = 1024;
const N: usize = 1024;

fn input() -> Vec<f32> {
    (0..M * N).map(|x| (x % 65_521) as f32).collect()
}

fn naive(a: &[f32]) -> Vec<f32> {
    let mut b = vec![0.0; M * N];
    for m in 0..M {
        for n in 0..N {
            b[n * M + m] = a[m * N + n];
        }
    }
    b
}

/// Emulates the grid: `phase1(block, thread, tile)` for every thread of a
/// block, then `phase2(block, thread, tile)`.
fn emulate(
    tile_len: usize,
    mut phase1: impl FnMut((usize, usize), (usize, usize), &mut [f32]),
    mut phase2: impl FnMut((usize, usize), (usize, usize), &[f32]),
) {
    let (tx, ty) = (TransposeThreads::ROWS, TransposeThreads::COLS);
    let mut tile = vec![f32::NAN; tile_len];
    for bm in 0..M / TransposeTile::ROWS {
        for bn in 0..N / TransposeTile::COLS {
            for y in 0..ty {
                for x in 0..tx {
                    phase1((bm, bn), (x, y), &mut tile);
                }
            }
            for y in 0..ty {
                for x in 0..tx {
                    phase2((bm, bn), (x, y), &tile);
                }
            }
        }
    }
}

#[test]
fn layouts_are_the_documented_ones() {
    assert_eq!(
        TransposeA::default().to_string(),
        "(_1024,_1024):(_1024,_1)"
    );
    assert_eq!(
        TransposeB::default().to_string(),
        "(_1024,_1024):(_1,_1024)"
    );
    assert_eq!(<TransposeTile as Matrix>::COSIZE, 32 * 33 - 1);
    assert_eq!((TransposeThreads::ROWS, TransposeThreads::COLS), (32, 8));
}

/// The precondition of `Matrix::tile_origin`, which the generic bodies
/// address A and B by: both tile affinely by the shared tile's extents
/// (all 1024 · 1024 coordinates checked), and the check can fail.
#[test]
fn global_layouts_tile_affinely_by_the_shared_tile() {
    let (rows, cols) = (TransposeTile::ROWS, TransposeTile::COLS);
    assert_eq!(
        (rows, cols),
        (TransposeSwizzledTile::ROWS, TransposeSwizzledTile::COLS)
    );
    assert!(TransposeA::new().tiles_affinely(rows, cols));
    assert!(TransposeB::new().tiles_affinely(rows, cols));
    assert!(!TransposeA::new().tiles_affinely(rows + 1, cols));
    assert!(!TransposeSwizzledTile::default().tiles_affinely(8, 8));
    // The tile origin is the layout at the tile's first coordinate.
    let a = TransposeA::new();
    assert_eq!(
        a.tile_origin((3, 5), (rows, cols)),
        a.at(3 * rows, 5 * cols)
    );
}

#[test]
fn generic_transpose_matches_naive() {
    let a = input();
    let mut b = vec![f32::NAN; M * N];
    let (ta, tb, ts, tt) = (
        TransposeA::new(),
        TransposeB::new(),
        TransposeTile::new(),
        TransposeThreads::new(),
    );
    let src = &a[..];
    let dst = std::cell::RefCell::new(&mut b[..]);
    emulate(
        <TransposeTile as Matrix>::COSIZE,
        |blk, thr, mut tile| transpose_load((ta, ts, tt), blk, thr, &src, &mut tile),
        |blk, thr, tile| transpose_store((tb, ts, tt), blk, thr, &tile, &mut *dst.borrow_mut()),
    );
    assert_eq!(b, naive(&a));
}

#[test]
fn hand_written_transpose_matches_naive() {
    let a = input();
    let mut b = vec![f32::NAN; M * N];
    let src = &a[..];
    let dst = std::cell::RefCell::new(&mut b[..]);
    emulate(
        <TransposeTile as Matrix>::COSIZE,
        |blk, thr, mut tile| transpose_load_hand(blk, thr, &src, &mut tile),
        |blk, thr, tile| transpose_store_hand(blk, thr, &tile, &mut *dst.borrow_mut()),
    );
    assert_eq!(b, naive(&a));
}

/// The generic body over other layouts: a column-major input and a tile
/// whose rows are split hierarchically, `((8,4),32):((33,264),1)` — the
/// same padded tile with mode 0 as two leaves.
#[test]
fn generic_transpose_over_other_layouts() {
    type A = cute_static::Layout![(1024, 1024):(1, 1024)];
    type B = cute_static::Layout![(1024, 1024):(1024, 1)];
    type S = cute_static::Layout![((8, 4), 32):((33, 264), 1)];
    let a = input(); // read column-major: A(m, n) = a[m + 1024 n]
    let mut b = vec![f32::NAN; M * N];
    let (ts, tt) = (S::new(), TransposeThreads::new());
    let src = &a[..];
    let dst = std::cell::RefCell::new(&mut b[..]);
    emulate(
        <S as Matrix>::COSIZE,
        |blk, thr, mut tile| transpose_load((A::new(), ts, tt), blk, thr, &src, &mut tile),
        |blk, thr, tile| {
            transpose_store((B::new(), ts, tt), blk, thr, &tile, &mut *dst.borrow_mut())
        },
    );
    // B(m, n) = b[m·1024 + n] = A(m, n) = a[m + 1024 n]: b is aᵀ.
    assert_eq!(b, naive(&a));
}

#[test]
fn swizzled_tile_is_a_permutation_of_the_unpadded_tile() {
    let t = TransposeSwizzledTile::default();
    let mut seen = vec![false; 1024];
    for i in 0..32 {
        for j in 0..32 {
            assert_eq!(t.at(i, j), i * 32 + (j ^ i));
            seen[t.at(i, j)] = true;
        }
        // A column read (fixed j, i = lane) hits 32 different banks.
        let banks: std::collections::BTreeSet<usize> = (0..32).map(|l| t.at(l, i) % 32).collect();
        assert_eq!(banks.len(), 32);
    }
    assert!(seen.iter().all(|&s| s));
}

#[test]
fn generic_swizzled_transpose_matches_naive() {
    let a = input();
    let mut b = vec![f32::NAN; M * N];
    let (ta, tb, tt) = (
        TransposeA::new(),
        TransposeB::new(),
        TransposeThreads::new(),
    );
    let ts = TransposeSwizzledTile::default();
    let src = &a[..];
    let dst = std::cell::RefCell::new(&mut b[..]);
    emulate(
        <TransposeSwizzledTile as Matrix>::COSIZE,
        |blk, thr, mut tile| transpose_load((ta, ts, tt), blk, thr, &src, &mut tile),
        |blk, thr, tile| transpose_store((tb, ts, tt), blk, thr, &tile, &mut *dst.borrow_mut()),
    );
    assert_eq!(b, naive(&a));
}

#[test]
fn hand_written_swizzled_transpose_matches_naive() {
    let a = input();
    let mut b = vec![f32::NAN; M * N];
    let src = &a[..];
    let dst = std::cell::RefCell::new(&mut b[..]);
    emulate(
        1024,
        |blk, thr, mut tile| transpose_load_swizzled_hand(blk, thr, &src, &mut tile),
        |blk, thr, tile| transpose_store_swizzled_hand(blk, thr, &tile, &mut *dst.borrow_mut()),
    );
    assert_eq!(b, naive(&a));
}
