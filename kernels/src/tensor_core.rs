//! The atom layouts on the hardware: one warp issues a real tensor-core
//! instruction with its operands placed by cute-static's atom types, so
//! that a GPU run checks the layouts against the instruction itself (the
//! host tests check them against the PTX ISA's fragment formulas).
//!
//! * `SM80_16x8x16_F32F16F16F32_TN` (`mma.sync.aligned.m16n8k16.row.col.
//!   f32.f16.f16.f32`): thread `t` loads value `v` of A from index
//!   `ALayout(t, v)` of the `16 × 16` A tile (`m + 16·k`) and of B from
//!   `BLayout(t, v)` of the `8 × 16` B tile (`n + 8·k`), packs values
//!   `2r, 2r + 1` into register `r` (low half first, as CUTLASS's
//!   `uint32_t` registers hold them), issues the instruction with C = 0
//!   and stores value `v` of D at `CLayout(t, v)` of the `16 × 8` tile
//!   (`m + 16·n`): D = A·Bᵀ exactly when the three layouts are the
//!   instruction's.
//! * `SM75_U32x4_LDSM_N` (`ldmatrix.sync.aligned.m8n8.x4.shared.b16`):
//!   thread `t` gives the row address `ValLayoutSrc(t, 0)` (16-bit
//!   elements) of 256 values in shared memory; value `v` it receives
//!   (register `v / 2`, half `v % 2`) must be the element
//!   `ValLayoutDst(t, v)`.
//!
//! The packing and placement are plain functions ([`mma_operands`],
//! [`store_d`], [`ldsm_row`], [`ldsm_values`]) tested on the host; the
//! instructions themselves are inline PTX in `src/ptx.rs`, built only with
//! the `sm80` feature (they need `.target sm_80`, PTX ISA 7.0), and run by
//! `kernels/gpu/run.py`.

use cute_static::{
    MmaAtom, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN, StaticLayout, ValLayoutDst,
    ValLayoutSrc,
};

/// The MMA atom checked.
pub type Mma = SM80_16x8x16_F32F16F16F32_TN;
/// The copy atom checked.
pub type Ldsm = SM75_U32x4_LDSM_N;
/// Threads of one atom (a warp).
pub const WARP: usize = 32;
/// Elements of the A, B and D tiles.
pub const A_LEN: usize = 16 * 16;
/// Elements of the B tile.
pub const B_LEN: usize = 8 * 16;
/// Elements of the D tile.
pub const D_LEN: usize = 16 * 8;
/// 16-bit elements `ldmatrix.x4` moves (four 8 × 8 matrices).
pub const LDSM_LEN: usize = 256;

/// Value `v` of thread `t` of the `(thread, value)` layout `L`.
#[inline(always)]
fn tv<L: StaticLayout>(t: usize, v: usize) -> usize {
    L::default().call(t + WARP * v)
}

/// Two 16-bit values in one register, the first in the low half.
#[inline(always)]
fn pack(lo: u16, hi: u16) -> u32 {
    u32::from(lo) | (u32::from(hi) << 16)
}

/// Thread `t`'s A and B registers of the MMA: the 16-bit elements of the
/// tiles `a` (`m + 16·k`) and `b` (`n + 8·k`) at its `ALayout` and
/// `BLayout` indices, two per register.
#[inline(always)]
pub fn mma_operands(
    t: usize,
    a: impl Fn(usize) -> u16,
    b: impl Fn(usize) -> u16,
) -> ([u32; 4], [u32; 2]) {
    type A = <Mma as MmaAtom>::ALayout;
    type B = <Mma as MmaAtom>::BLayout;
    let ra = core::array::from_fn(|r| pack(a(tv::<A>(t, 2 * r)), a(tv::<A>(t, 2 * r + 1))));
    let rb = core::array::from_fn(|r| pack(b(tv::<B>(t, 2 * r)), b(tv::<B>(t, 2 * r + 1))));
    (ra, rb)
}

/// Stores thread `t`'s D registers at their `CLayout` indices of the D
/// tile (`m + 16·n`).
#[inline(always)]
pub fn store_d(t: usize, d: [f32; 4], mut store: impl FnMut(usize, f32)) {
    type Cl = <Mma as MmaAtom>::CLayout;
    for (v, x) in d.into_iter().enumerate() {
        store(tv::<Cl>(t, v), x);
    }
}

/// The element (16-bit units) whose row thread `t` hands `ldmatrix`.
#[inline(always)]
pub fn ldsm_row(t: usize) -> usize {
    tv::<ValLayoutSrc<Ldsm, 16>>(t, 0)
}

/// Thread `t`'s 8 values from `ldmatrix.x4`'s registers `r`, each with
/// the element index `ValLayoutDst(t, v)` it must hold.
#[inline(always)]
pub fn ldsm_values(t: usize, r: [u32; 4]) -> [(u16, usize); 8] {
    core::array::from_fn(|v| {
        let half = (r[v / 2] >> (16 * (v % 2))) as u16;
        (half, tv::<ValLayoutDst<Ldsm, 16>>(t, v))
    })
}
