//! Tiled transpose `B = Aᵀ` through a shared-memory tile.
//!
//! A block moves one `S::ROWS × S::COLS` tile: in phase 1 each thread
//! reads `S::ROWS / T::COLS` elements of A along a row (coalesced) and
//! writes them into the shared tile; after a barrier, phase 2 reads the
//! tile down a column and writes B along its contiguous direction
//! (coalesced again). The column reads of phase 2 hit 32 different banks
//! with either tile layout: the padded `(32,32):(33,1)` ([`TransposeTile`])
//! or the swizzled `Sw<5,0,5> ∘ (32,32):(32,1)` ([`TransposeSwizzledTile`],
//! no padding: the column index is XORed with the row).
//!
//! All layouts are static, so every index expression folds to shifts,
//! adds and multiplications by constants: no division or remainder. A and
//! B are addressed by tile origin plus in-tile offset
//! ([`Matrix::tile_origin`]), which requires them to tile affinely by the
//! shared tile's extents ([`Matrix::tiles_affinely`], checked by the host
//! test for the layouts below).

use cute_static::Layout;

use crate::{Load, Matrix, Store, Swizzled};

/// The input A: row-major `1024 × 1024`.
pub type TransposeA = Layout![(1024, 1024):(1024, 1)];
/// The output B = Aᵀ, addressed by A's coordinates: `B(m, n) = m + 1024·n`.
pub type TransposeB = Layout![(1024, 1024):(1, 1024)];
/// The shared tile: `32 × 32`, rows padded to 33 elements.
pub type TransposeTile = Layout![(32, 32):(33, 1)];
/// The shared tile, swizzled: `32 × 32` row-major, column XOR row.
pub type TransposeSwizzledTile = Swizzled<Layout![(32, 32):(32, 1)], 5, 0, 5>;
/// The threads of a block: `32 × 8` (`threadIdx.x`, `threadIdx.y`).
pub type TransposeThreads = Layout![(32, 8):(1, 32)];

/// Phase 1 of block `(bm, bn)`, thread `(tx, ty)`: copy its elements of
/// the A tile into the shared tile.
#[inline(always)]
pub fn transpose_load<A: Matrix, S: Matrix, T: Matrix>(
    (a, s, _t): (A, S, T),
    (bm, bn): (usize, usize),
    (tx, ty): (usize, usize),
    src: &impl Load,
    tile: &mut impl Store,
) {
    let origin = a.tile_origin((bm, bn), (S::ROWS, S::COLS));
    let mut k = 0;
    while k < S::ROWS / T::COLS {
        let (i, j) = (ty + k * T::COLS, tx);
        tile.store(s.at(i, j), src.load(origin + a.at(i, j)));
        k += 1;
    }
}

/// Phase 2 of block `(bm, bn)`, thread `(tx, ty)` (after a barrier):
/// copy its elements of the shared tile into B, transposed.
#[inline(always)]
pub fn transpose_store<B: Matrix, S: Matrix, T: Matrix>(
    (b, s, _t): (B, S, T),
    (bm, bn): (usize, usize),
    (tx, ty): (usize, usize),
    tile: &impl Load,
    dst: &mut impl Store,
) {
    let origin = b.tile_origin((bm, bn), (S::ROWS, S::COLS));
    let mut k = 0;
    while k < S::COLS / T::COLS {
        let (i, j) = (tx, ty + k * T::COLS);
        dst.store(origin + b.at(i, j), tile.load(s.at(i, j)));
        k += 1;
    }
}

/// The hand-written twin of [`transpose_load`] for the layouts above:
/// literal index arithmetic.
#[inline(always)]
pub fn transpose_load_hand(
    block: (usize, usize),
    thread: (usize, usize),
    src: &impl Load,
    tile: &mut impl Store,
) {
    load_hand_at(block, thread, src, tile, padded_at);
}

/// The hand-written twin of [`transpose_store`].
#[inline(always)]
pub fn transpose_store_hand(
    block: (usize, usize),
    thread: (usize, usize),
    tile: &impl Load,
    dst: &mut impl Store,
) {
    store_hand_at(block, thread, tile, dst, padded_at);
}

/// The hand-written twin of [`transpose_load`] with the swizzled tile:
/// the swizzle written out on the row-major offset `o = 32 i + j`. (A
/// kernel that knows `i < 32` may write `32 i + (j ^ i)` instead; neither
/// the generic body nor LLVM knows that bound.)
#[inline(always)]
pub fn transpose_load_swizzled_hand(
    block: (usize, usize),
    thread: (usize, usize),
    src: &impl Load,
    tile: &mut impl Store,
) {
    load_hand_at(block, thread, src, tile, swizzled_at);
}

/// The hand-written twin of [`transpose_store`] with the swizzled tile.
#[inline(always)]
pub fn transpose_store_swizzled_hand(
    block: (usize, usize),
    thread: (usize, usize),
    tile: &impl Load,
    dst: &mut impl Store,
) {
    store_hand_at(block, thread, tile, dst, swizzled_at);
}

/// The padded tile's offset of `(i, j)`, written out: `33 i + j`.
#[inline(always)]
fn padded_at(i: usize, j: usize) -> usize {
    i * 33 + j
}

/// The swizzled tile's offset of `(i, j)`, written out on the row-major
/// offset `o = 32 i + j`.
#[inline(always)]
fn swizzled_at(i: usize, j: usize) -> usize {
    let o = i * 32 + j;
    o ^ ((o >> 5) & 31)
}

/// Phase 1 of the hand-written twins, the tile's offset of `(i, j)` being
/// `tile_at(i, j)`.
#[inline(always)]
fn load_hand_at(
    (bm, bn): (usize, usize),
    (tx, ty): (usize, usize),
    src: &impl Load,
    tile: &mut impl Store,
    tile_at: impl Fn(usize, usize) -> usize,
) {
    let (m0, n0) = (bm * 32, bn * 32);
    let mut k = 0;
    while k < 4 {
        let (i, j) = (ty + k * 8, tx);
        tile.store(tile_at(i, j), src.load((m0 + i) * 1024 + (n0 + j)));
        k += 1;
    }
}

/// Phase 2 of the hand-written twins, as [`load_hand_at`].
#[inline(always)]
fn store_hand_at(
    (bm, bn): (usize, usize),
    (tx, ty): (usize, usize),
    tile: &impl Load,
    dst: &mut impl Store,
    tile_at: impl Fn(usize, usize) -> usize,
) {
    let (m0, n0) = (bm * 32, bn * 32);
    let mut k = 0;
    while k < 4 {
        let (i, j) = (tx, ty + k * 8);
        dst.store((m0 + i) + (n0 + j) * 1024, tile.load(tile_at(i, j)));
        k += 1;
    }
}
