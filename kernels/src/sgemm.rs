//! CuTe's `sgemm_1`: `C = α·A·Bᵀ + β·C` ("NT": A is `M × K`, B is `N × K`,
//! both M-/N-major) with static shared-memory tiles and thread layouts and
//! mixed global layouts (run-time `M`, `N`, `K` and leading dimensions).
//!
//! A block of `TC::ROWS · TC::COLS` threads (256) computes one
//! `SA::ROWS × SB::ROWS` (128 × 128) tile of C. For each `SA::COLS`-wide
//! (8) slice of K: every thread copies its elements of the A and B tiles
//! into shared memory ([`copy_tile`], thread layouts `TA`, `TB` of 32 × 8),
//! a barrier, every thread accumulates its `8 × 8` partition of C from the
//! shared tiles ([`mma_tile`], thread layout `TC` of 16 × 16), a barrier.
//! Finally [`store_c`] writes `α·acc + β·C`.
//!
//! Thread layouts are used by their shape, as CuTe does for compact
//! thread layouts: thread `t` has coordinate `(t mod ROWS, t / ROWS)`
//! (static sizes: a mask and a shift). `M` and `N` must be multiples of
//! 128 and `K` of 8 (no predication, as in CuTe's `sgemm_1`).

use cute_static::{
    Layout,
    layout::{IntTuple, MixedCoord, MixedLayout, MixedShape},
};

use crate::{Load, Matrix, Store};

/// The shared tile of A: `128 × 8`, M-major.
pub type SgemmSA = Layout![(128, 8):(1, 128)];
/// The shared tile of B: `128 × 8`, N-major.
pub type SgemmSB = Layout![(128, 8):(1, 128)];
/// The threads copying A and B: `32 × 8`.
pub type SgemmTA = Layout![(32, 8):(1, 32)];
/// The threads computing C: `16 × 16`.
pub type SgemmTC = Layout![(16, 16):(1, 16)];
/// A thread's accumulator: `8 × 8`, column-major.
pub type SgemmRC = Layout![(8, 8):(1, 8)];

/// An operand of `sgemm_1_tensors` as a kernel argument: a device pointer
/// and the column-major layout `(rows,k):(_1,ld)` with run-time leaves
/// (cute-static's `#[repr(C)]` [`KernelTensor`](cute_static::kernel_arg::KernelTensor),
/// 32 bytes: the pointer, then `rows`, `k`, `ld`).
pub type Sgemm1Tensor = cute_static::kernel_arg::KernelTensor<
    f32,
    (cute_static::Dyn, cute_static::Dyn),
    (cute_static::C<1>, cute_static::Dyn),
>;

/// A rank-2 global layout with run-time parts: `at(m, n)` is its offset
/// function on natural coordinates. Implemented by mixed layouts.
pub trait GlobalMatrix: Copy {
    /// The offset of the natural coordinate `(m, n)`.
    fn at(&self, m: usize, n: usize) -> usize;
}

/// Every mixed layout with two top-level modes.
impl<S: MixedShape<D> + Copy, D: IntTuple> GlobalMatrix for MixedLayout<S, D>
where
    (usize, usize): MixedCoord<S, D>,
{
    #[inline(always)]
    fn at(&self, m: usize, n: usize) -> usize {
        self.call_coord((m, n))
    }
}

/// A thread's accumulator in registers (once the loops are unrolled).
#[derive(Clone, Copy, Debug)]
pub struct Fragment<const N: usize>(pub [f32; N]);

impl<const N: usize> Default for Fragment<N> {
    fn default() -> Self {
        Fragment([0.0; N])
    }
}

impl<const N: usize> Load for Fragment<N> {
    #[inline(always)]
    fn load(&self, offset: usize) -> f32 {
        self.0[offset]
    }
}

impl<const N: usize> Store for Fragment<N> {
    #[inline(always)]
    fn store(&mut self, offset: usize, value: f32) {
        self.0[offset] = value;
    }
}

/// Thread `thr` copies its elements of the global tile at `(m0, k0)`
/// (global layout `g`) into the shared tile `s`, partitioned by the thread
/// layout `T`: element `(tm + i·T::ROWS, tk + j·T::COLS)`.
#[inline(always)]
pub fn copy_tile<G: GlobalMatrix, S: Matrix, T: Matrix>(
    (g, s, _t): (G, S, T),
    (m0, k0): (usize, usize),
    thr: usize,
    src: &impl Load,
    dst: &mut impl Store,
) {
    let (tm, tk) = (thr % T::ROWS, thr / T::ROWS);
    let mut j = 0;
    while j < S::COLS / T::COLS {
        let mut i = 0;
        while i < S::ROWS / T::ROWS {
            let (m, k) = (tm + i * T::ROWS, tk + j * T::COLS);
            dst.store(s.at(m, k), src.load(g.at(m0 + m, k0 + k)));
            i += 1;
        }
        j += 1;
    }
}

/// Thread `thr` accumulates its partition of the C tile from the shared
/// tiles: `acc(i, j) += Σ_k sA(tm + i·TC::ROWS, k) · sB(tn + j·TC::COLS, k)`.
#[inline(always)]
pub fn mma_tile<SA: Matrix, SB: Matrix, TC: Matrix, RC: Matrix>(
    (sa, sb, _tc, rc): (SA, SB, TC, RC),
    thr: usize,
    smem_a: &impl Load,
    smem_b: &impl Load,
    acc: &mut (impl Load + Store),
) {
    let (tm, tn) = (thr % TC::ROWS, thr / TC::ROWS);
    let mut k = 0;
    while k < SA::COLS {
        let mut j = 0;
        while j < RC::COLS {
            let b = smem_b.load(sb.at(tn + j * TC::COLS, k));
            let mut i = 0;
            while i < RC::ROWS {
                let a = smem_a.load(sa.at(tm + i * TC::ROWS, k));
                let o = rc.at(i, j);
                acc.store(o, acc.load(o) + a * b);
                i += 1;
            }
            j += 1;
        }
        k += 1;
    }
}

/// Thread `thr` writes `C = α·acc + β·C` for its partition of the C tile
/// at `(m0, n0)`.
#[inline(always)]
pub fn store_c<G: GlobalMatrix, TC: Matrix, RC: Matrix>(
    (g, _tc, rc): (G, TC, RC),
    (m0, n0): (usize, usize),
    thr: usize,
    (alpha, beta): (f32, f32),
    acc: &impl Load,
    c: &mut (impl Load + Store),
) {
    let (tm, tn) = (thr % TC::ROWS, thr / TC::ROWS);
    let mut j = 0;
    while j < RC::COLS {
        let mut i = 0;
        while i < RC::ROWS {
            let o = g.at(m0 + tm + i * TC::ROWS, n0 + tn + j * TC::COLS);
            c.store(o, alpha * acc.load(rc.at(i, j)) + beta * c.load(o));
            i += 1;
        }
        j += 1;
    }
}

/// The hand-written twin of [`copy_tile`] for `SgemmSA`/`SgemmTA` and a
/// column-major global matrix with leading dimension `ld`.
#[inline(always)]
pub fn copy_tile_hand(
    ld: usize,
    (m0, k0): (usize, usize),
    thr: usize,
    src: &impl Load,
    dst: &mut impl Store,
) {
    let (tm, tk) = (thr % 32, thr / 32);
    let mut i = 0;
    while i < 4 {
        let (m, k) = (tm + i * 32, tk);
        dst.store(m + k * 128, src.load((m0 + m) + (k0 + k) * ld));
        i += 1;
    }
}

/// The hand-written twin of [`mma_tile`].
#[inline(always)]
pub fn mma_tile_hand(thr: usize, smem_a: &impl Load, smem_b: &impl Load, acc: &mut [f32; 64]) {
    let (tm, tn) = (thr % 16, thr / 16);
    let mut k = 0;
    while k < 8 {
        let mut j = 0;
        while j < 8 {
            let b = smem_b.load(tn + j * 16 + k * 128);
            let mut i = 0;
            while i < 8 {
                let a = smem_a.load(tm + i * 16 + k * 128);
                acc[i + j * 8] += a * b;
                i += 1;
            }
            j += 1;
        }
        k += 1;
    }
}

/// The hand-written twin of [`store_c`].
#[inline(always)]
pub fn store_c_hand(
    ldc: usize,
    (m0, n0): (usize, usize),
    thr: usize,
    (alpha, beta): (f32, f32),
    acc: &[f32; 64],
    c: &mut (impl Load + Store),
) {
    let (tm, tn) = (thr % 16, thr / 16);
    let mut j = 0;
    while j < 8 {
        let mut i = 0;
        while i < 8 {
            let o = (m0 + tm + i * 16) + (n0 + tn + j * 16) * ldc;
            c.store(o, alpha * acc[i + j * 8] + beta * c.load(o));
            i += 1;
        }
        j += 1;
    }
}
