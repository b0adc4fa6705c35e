//! `sgemm_tv`: an SM80-style tiled GEMM partitioned by (thread, value)
//! layouts, `C = α·A·Bᵀ + β·C` ("TN": A is `M × K` and B is `N × K`, both
//! K-major; C column-major).
//!
//! A block of 128 threads computes a `128 × 128` tile of C, `32` of K at a
//! time:
//!
//! 1. [`tv_copy_tile`]: global → shared, partitioned by [`TvGmemCopy`], the
//!    TV layout of CuTe's `make_tiled_copy(UniversalCopy<uint128_t>,
//!    (32,4):(4,1), (1,8))` over `half_t` (each thread 8 consecutive K
//!    values of one row of a `32 × 32` tile); a barrier;
//! 2. per 16-wide K block, [`tv_load_fragments`]: shared → registers,
//!    partitioned by [`TvLdsmA`]/[`TvLdsmB`], the destination TV layouts of
//!    `make_tiled_copy_A(SM75_U32x4_LDSM_N)` and
//!    `make_tiled_copy_B(SM75_U32x2_LDSM_N)` over the tiled MMA: the values
//!    `ldmatrix` would leave in each thread's registers (`.x4` needs 8
//!    values of B per thread, the 2 × 2 tiled MMA has 4: hence `.x2`);
//! 3. per `32 × 16 × 16` tiled-MMA step (four `SM80_16x8x16_F32F16F16F32_TN`
//!    atoms, atom layout `(2,2,1)`), the MMA by its definition:
//!    [`tv_mma_scatter`] writes each thread's A and B fragments to the
//!    operand tiles through [`TvMmaA`]/[`TvMmaB`] (the tiled MMA's
//!    `layoutA_TV`/`layoutB_TV`: the atom's `ALayout`/`BLayout` tiled over
//!    the 4 warps), a barrier, [`tv_mma_gather`] accumulates, for each
//!    (thread, value) of [`TvMmaC`] (the `CLayout`s tiled), its `(m, n)`
//!    element `Σₖ A(m, k)·B(n, k)`, a barrier;
//! 4. [`tv_store_c`]: `C = α·acc + β·C` through [`TvMmaC`].
//!
//! Element type: f32 throughout. The inputs stand for f16 values (the TV
//! layouts are those of `half_t` operands) but are stored and multiplied
//! as f32; accumulation is f32. The tensor-core instruction is emulated by
//! step 3 on the host and on the device alike (there is no `mma.sync`
//! wrapper): per-thread scalar FMAs over the operand tiles assembled from
//! the fragments in shared memory.
//!
//! The bodies address a (thread, value) of a TV layout by [`tv_coord`]:
//! the thread's part and the value's part of its offset, each split into
//! row and column (the value's is a constant once the loops are unrolled),
//! under the precondition [`tv_splits`] that the host tests check for
//! every TV layout below. The `*_hand` functions are the hand-written twin
//! (`sgemm_tv_hand` in the PTX): the same steps with the TV layouts
//! written out as literal index expressions.
//!
//! Every TV layout is a static `Layout![…]` type; the host test
//! `tests/sgemm_tv.rs` computes each with cute-dynamic's `make_tiled_mma`
//! and `make_tiled_copy*` and asserts that the types print the same.
//! `M`, `N` must be multiples of 128 and `K` of 32 (no predication).

use cute_static::Layout;

use crate::sgemm::GlobalMatrix;
use crate::{Load, Matrix, Store};

/// Threads per block.
pub const THREADS: usize = 128;
/// The CTA tile: `M × N × K`.
pub const CTA_MNK: (usize, usize, usize) = (128, 128, 32);
/// The tiled MMA's tile: `M × N × K` (`tile_size_mnk`).
pub const MMA_MNK: (usize, usize, usize) = (32, 16, 16);
/// The tile of one [`TvGmemCopy`] step: `M × K` (its `tiler_mn`).
pub const COPY_MK: (usize, usize) = (32, 32);
/// Tiled-MMA repetitions over the CTA tile: `M`, `N`, `K`.
pub const REPS: (usize, usize, usize) = (
    CTA_MNK.0 / MMA_MNK.0,
    CTA_MNK.1 / MMA_MNK.1,
    CTA_MNK.2 / MMA_MNK.2,
);
/// Values per thread of A, B and C in one tiled-MMA step.
pub const VALUES: (usize, usize, usize) = (8, 4, 4);

/// The shared tile of A: `128 × 32`, K-major.
pub type SmemA = Layout![(128, 32):(32, 1)];
/// The shared tile of B: `128 × 32`, K-major.
pub type SmemB = Layout![(128, 32):(32, 1)];
/// Global → shared copy: `(thread, value) → m + 32·k` in a `32 × 32` tile
/// (`make_tiled_copy(UniversalCopy<uint128_t>, (32,4):(4,1), (1,8))`).
pub type TvGmemCopy = Layout![((4, 32), 8):((256, 1), 32)];
/// Shared → registers for A, `ldmatrix.x4`-style: `(thread, value) →
/// m + 32·k` in the `32 × 16` A tile of the tiled MMA.
pub type TvLdsmA = Layout![((4, 8, 2, 2), ((2, 2, 2), 1)):((64, 1, 16, 0), ((32, 8, 256), 0))];
/// Shared → registers for B, `ldmatrix.x2`-style: `(thread, value) →
/// n + 16·k` in the `16 × 16` B tile.
pub type TvLdsmB = Layout![((4, 8, 2, 2), ((2, 2), 1)):((32, 1, 0, 8), ((16, 128), 0))];
/// The tiled MMA's `layoutA_TV`: `(thread, value) → m + 32·k`.
pub type TvMmaA =
    Layout![((4, 8, 2, 2), ((2, 2, 2), (1, 1))):((64, 1, 16, 0), ((32, 8, 256), (0, 0)))];
/// The tiled MMA's `layoutB_TV`: `(thread, value) → n + 16·k`.
pub type TvMmaB = Layout![((4, 8, 2, 2), ((2, 2), (1, 1))):((32, 1, 0, 8), ((16, 128), (0, 0)))];
/// The tiled MMA's `layoutC_TV`: `(thread, value) → m + 32·n`.
pub type TvMmaC = Layout![((4, 8, 2, 2), ((2, 2), (1, 1))):((64, 1, 16, 256), ((32, 8), (0, 0)))];

/// One thread's registers: the A and B fragments of one K block and the
/// accumulators of the whole CTA tile.
#[derive(Clone, Copy, Debug)]
pub struct TvRegisters {
    /// A fragments, per M repetition.
    pub a: [[f32; VALUES.0]; REPS.0],
    /// B fragments, per N repetition.
    pub b: [[f32; VALUES.1]; REPS.1],
    /// Accumulators, per M and N repetition.
    pub acc: [[[f32; VALUES.2]; REPS.1]; REPS.0],
}

impl Default for TvRegisters {
    fn default() -> Self {
        TvRegisters {
            a: [[0.0; VALUES.0]; REPS.0],
            b: [[0.0; VALUES.1]; REPS.1],
            acc: [[[0.0; VALUES.2]; REPS.1]; REPS.0],
        }
    }
}

/// The coordinate `(m, n)` of `(thread, value)` in a tile with `rows`
/// rows, `tv(thr, v) = m + rows·n`, taken apart as the thread's part
/// `tv(thr, 0)` plus the value's part `tv(0, v)`, each split into row and
/// column: once the value loop is unrolled the value's part is a constant
/// and the thread's is computed once. Equal to `(tv(thr, v) % rows,
/// tv(thr, v) / rows)` when [`tv_splits`] holds (no carry from the
/// thread's row part plus the value's into the column).
#[inline(always)]
pub fn tv_coord<T: Matrix>(tv: &T, thr: usize, v: usize, rows: usize) -> (usize, usize) {
    let (t, o) = (tv.at(thr, 0), tv.at(0, v));
    (t % rows + o % rows, t / rows + o / rows)
}

/// Whether [`tv_coord`] names `(tv(thr, v) % rows, tv(thr, v) / rows)`
/// for every thread `thr < threads` and value `v < T::COLS`: the
/// precondition under which the kernel bodies address by it. The host
/// tests check it for every TV layout of the kernel (the MMA and copy
/// atoms give the thread and the value disjoint bits of the offset).
pub fn tv_splits<T: Matrix>(tv: &T, threads: usize, rows: usize) -> bool {
    rows > 0
        && (0..threads).all(|thr| {
            (0..T::COLS).all(|v| {
                let idx = tv.at(thr, v);
                tv_coord(tv, thr, v, rows) == (idx % rows, idx / rows)
            })
        })
}

/// Thread `thr` copies its elements of the global tile at `(m0, k0)`
/// (layout `g`) into the shared tile `s`: for each `32 × 32` copy tile
/// `(r, c)` and value `v`, the element `tv(thr, v) = m + 32·k` of it.
#[inline(always)]
pub fn tv_copy_tile<G: GlobalMatrix, S: Matrix, T: Matrix>(
    (g, s, tv): (G, S, T),
    (m0, k0): (usize, usize),
    thr: usize,
    src: &impl Load,
    dst: &mut impl Store,
) {
    const { assert!(S::ROWS % COPY_MK.0 == 0 && S::COLS % COPY_MK.1 == 0) };
    let mut c = 0;
    while c < S::COLS / COPY_MK.1 {
        let mut r = 0;
        while r < S::ROWS / COPY_MK.0 {
            let mut v = 0;
            while v < T::COLS {
                let (tm, tk) = tv_coord(&tv, thr, v, COPY_MK.0);
                let (m, k) = (r * COPY_MK.0 + tm, c * COPY_MK.1 + tk);
                dst.store(s.at(m, k), src.load(g.at(m0 + m, k0 + k)));
                v += 1;
            }
            r += 1;
        }
        c += 1;
    }
}

/// Thread `thr` loads its A and B fragments of K block `kb` from the
/// shared tiles, as `ldmatrix` partitions them: `a[i][v] = sA(32·i + m,
/// 16·kb + k)` with `ca(thr, v) = m + 32·k`, and likewise for B.
#[inline(always)]
pub fn tv_load_fragments<SA: Matrix, SB: Matrix, CA: Matrix, CB: Matrix>(
    (sa, sb, ca, cb): (SA, SB, CA, CB),
    kb: usize,
    thr: usize,
    (smem_a, smem_b): (&impl Load, &impl Load),
    regs: &mut TvRegisters,
) {
    const { assert!(CA::COLS == VALUES.0 && CB::COLS == VALUES.1) };
    let (mm, mn, mk) = MMA_MNK;
    let mut i = 0;
    while i < REPS.0 {
        let mut v = 0;
        while v < VALUES.0 {
            let (m, k) = tv_coord(&ca, thr, v, mm);
            regs.a[i][v] = smem_a.load(sa.at(i * mm + m, kb * mk + k));
            v += 1;
        }
        i += 1;
    }
    let mut j = 0;
    while j < REPS.1 {
        let mut v = 0;
        while v < VALUES.1 {
            let (n, k) = tv_coord(&cb, thr, v, mn);
            regs.b[j][v] = smem_b.load(sb.at(j * mn + n, kb * mk + k));
            v += 1;
        }
        j += 1;
    }
}

/// The first half of one tiled-MMA step `(i, j)`: thread `thr` writes its
/// fragments `a[i]` and `b[j]` to the operand tiles `xa` (`32 × 16`,
/// `m + 32·k`) and `xb` (`16 × 16`, `n + 16·k`) through the tiled MMA's A
/// and B TV layouts. Threads that hold the same element write the same
/// value.
#[inline(always)]
pub fn tv_mma_scatter<TA: Matrix, TB: Matrix>(
    (ta, tb): (TA, TB),
    (i, j): (usize, usize),
    thr: usize,
    regs: &TvRegisters,
    (xa, xb): (&mut impl Store, &mut impl Store),
) {
    const { assert!(TA::COLS == VALUES.0 && TB::COLS == VALUES.1) };
    let mut v = 0;
    while v < VALUES.0 {
        xa.store(ta.at(thr, v), regs.a[i][v]);
        v += 1;
    }
    let mut v = 0;
    while v < VALUES.1 {
        xb.store(tb.at(thr, v), regs.b[j][v]);
        v += 1;
    }
}

/// The second half of one tiled-MMA step `(i, j)`, after a barrier:
/// for each value `v` of thread `thr`, `tc(thr, v) = m + 32·n`,
/// `acc[i][j][v] += Σₖ xa(m + 32·k)·xb(n + 16·k)` — the definition of the
/// atoms' `D = A·B + C` on the element each (thread, value) of `CLayout`
/// names.
#[inline(always)]
pub fn tv_mma_gather<TC: Matrix>(
    tc: TC,
    (i, j): (usize, usize),
    thr: usize,
    (xa, xb): (&impl Load, &impl Load),
    regs: &mut TvRegisters,
) {
    const { assert!(TC::COLS == VALUES.2) };
    let (mm, mn, mk) = MMA_MNK;
    let mut v = 0;
    while v < VALUES.2 {
        let (m, n) = tv_coord(&tc, thr, v, mm);
        let mut acc = regs.acc[i][j][v];
        let mut k = 0;
        while k < mk {
            acc += xa.load(m + mm * k) * xb.load(n + mn * k);
            k += 1;
        }
        regs.acc[i][j][v] = acc;
        v += 1;
    }
}

/// Thread `thr` writes `C = α·acc + β·C` for its values of the C tile at
/// `(m0, n0)`: accumulator `acc[i][j][v]` is the element `(32·i + m,
/// 16·j + n)` with `tc(thr, v) = m + 32·n`.
#[inline(always)]
pub fn tv_store_c<G: GlobalMatrix, TC: Matrix>(
    (g, tc): (G, TC),
    (m0, n0): (usize, usize),
    thr: usize,
    (alpha, beta): (f32, f32),
    regs: &TvRegisters,
    c: &mut (impl Load + Store),
) {
    let (mm, mn, _) = MMA_MNK;
    let mut j = 0;
    while j < REPS.1 {
        let mut i = 0;
        while i < REPS.0 {
            let mut v = 0;
            while v < VALUES.2 {
                let (m, n) = tv_coord(&tc, thr, v, mm);
                let o = g.at(m0 + i * mm + m, n0 + j * mn + n);
                c.store(o, alpha * regs.acc[i][j][v] + beta * c.load(o));
                v += 1;
            }
            i += 1;
        }
        j += 1;
    }
}

// The hand-written twins: the same algorithm with the TV layouts above
// written out as literal index expressions. A thread `thr < 128` is
// `(t0, t1, t2, t3) = (thr % 4, thr / 4 % 8, thr / 32 % 2, thr / 64)`.

/// The hand-written twin of [`tv_copy_tile`] for [`SmemA`]/[`SmemB`],
/// [`TvGmemCopy`] and a K-major global matrix with leading dimension `ld`:
/// thread `thr` copies row `thr / 4` of each of the four `32 × 32` copy
/// tiles (the CTA tile's K extent is one copy tile), K values
/// `8·(thr % 4) .. 8·(thr % 4) + 8`.
#[inline(always)]
pub fn tv_copy_tile_hand(
    ld: usize,
    (m0, k0): (usize, usize),
    thr: usize,
    src: &impl Load,
    dst: &mut impl Store,
) {
    let (tm, tk) = (thr / 4, thr % 4 * 8);
    let mut r = 0;
    while r < 4 {
        let mut v = 0;
        while v < 8 {
            let (m, k) = (r * 32 + tm, tk + v);
            dst.store(m * 32 + k, src.load((m0 + m) * ld + (k0 + k)));
            v += 1;
        }
        r += 1;
    }
}

/// The hand-written twin of [`tv_load_fragments`] for [`TvLdsmA`] and
/// [`TvLdsmB`]: A value `v` of thread `thr` is row `t1 + 16·t2 + 8·v1`,
/// column `2·t0 + v0 + 8·v2` of the `32 × 16` A tile (`v = v0 + 2·v1 +
/// 4·v2`); B value `v` is row `t1 + 8·t3`, column `2·t0 + v0 + 8·v1` of the
/// `16 × 16` B tile (`v = v0 + 2·v1`).
#[inline(always)]
pub fn tv_load_fragments_hand(
    kb: usize,
    thr: usize,
    (smem_a, smem_b): (&impl Load, &impl Load),
    regs: &mut TvRegisters,
) {
    let (t0, t1, t2, t3) = (thr % 4, thr / 4 % 8, thr / 32 % 2, thr / 64);
    let mut i = 0;
    while i < 4 {
        let mut v = 0;
        while v < 8 {
            let (m, k) = (t1 + 16 * t2 + 8 * (v / 2 % 2), 2 * t0 + v % 2 + 8 * (v / 4));
            regs.a[i][v] = smem_a.load((i * 32 + m) * 32 + kb * 16 + k);
            v += 1;
        }
        i += 1;
    }
    let mut j = 0;
    while j < 8 {
        let mut v = 0;
        while v < 4 {
            let (n, k) = (t1 + 8 * t3, 2 * t0 + v % 2 + 8 * (v / 2));
            regs.b[j][v] = smem_b.load((j * 16 + n) * 32 + kb * 16 + k);
            v += 1;
        }
        j += 1;
    }
}

/// The hand-written twin of [`tv_mma_scatter`] for [`TvMmaA`] and
/// [`TvMmaB`] (the same elements as the `ldmatrix` layouts).
#[inline(always)]
pub fn tv_mma_scatter_hand(
    (i, j): (usize, usize),
    thr: usize,
    regs: &TvRegisters,
    (xa, xb): (&mut impl Store, &mut impl Store),
) {
    let (t0, t1, t2, t3) = (thr % 4, thr / 4 % 8, thr / 32 % 2, thr / 64);
    let mut v = 0;
    while v < 8 {
        let (m, k) = (t1 + 16 * t2 + 8 * (v / 2 % 2), 2 * t0 + v % 2 + 8 * (v / 4));
        xa.store(m + 32 * k, regs.a[i][v]);
        v += 1;
    }
    let mut v = 0;
    while v < 4 {
        let (n, k) = (t1 + 8 * t3, 2 * t0 + v % 2 + 8 * (v / 2));
        xb.store(n + 16 * k, regs.b[j][v]);
        v += 1;
    }
}

/// The hand-written twin of [`tv_mma_gather`] for [`TvMmaC`]: C value `v`
/// of thread `thr` is row `t1 + 16·t2 + 8·v1`, column `2·t0 + v0 + 8·t3` of
/// the `32 × 16` C tile (`v = v0 + 2·v1`).
#[inline(always)]
pub fn tv_mma_gather_hand(
    (i, j): (usize, usize),
    thr: usize,
    (xa, xb): (&impl Load, &impl Load),
    regs: &mut TvRegisters,
) {
    let (t0, t1, t2, t3) = (thr % 4, thr / 4 % 8, thr / 32 % 2, thr / 64);
    let mut v = 0;
    while v < 4 {
        let (m, n) = (t1 + 16 * t2 + 8 * (v / 2), 2 * t0 + v % 2 + 8 * t3);
        let mut acc = regs.acc[i][j][v];
        let mut k = 0;
        while k < 16 {
            acc += xa.load(m + 32 * k) * xb.load(n + 16 * k);
            k += 1;
        }
        regs.acc[i][j][v] = acc;
        v += 1;
    }
}

/// The hand-written twin of [`tv_store_c`] for [`TvMmaC`] and a
/// column-major C with leading dimension `ldc`.
#[inline(always)]
pub fn tv_store_c_hand(
    ldc: usize,
    (m0, n0): (usize, usize),
    thr: usize,
    (alpha, beta): (f32, f32),
    regs: &TvRegisters,
    c: &mut (impl Load + Store),
) {
    let (t0, t1, t2, t3) = (thr % 4, thr / 4 % 8, thr / 32 % 2, thr / 64);
    let mut j = 0;
    while j < 8 {
        let mut i = 0;
        while i < 4 {
            let mut v = 0;
            while v < 4 {
                let (m, n) = (t1 + 16 * t2 + 8 * (v / 2), 2 * t0 + v % 2 + 8 * t3);
                let o = (m0 + i * 32 + m) + (n0 + j * 16 + n) * ldc;
                c.store(o, alpha * regs.acc[i][j][v] + beta * c.load(o));
                v += 1;
            }
            i += 1;
        }
        j += 1;
    }
}
