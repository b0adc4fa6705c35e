//! The atom layouts on the hardware: one warp issues a real tensor-core
//! instruction with its operands placed by cute-static's atom types, so
//! that a GPU run checks the layouts against the instruction itself (the
//! host tests check them against the PTX ISA's fragment formulas).
//!
//! * MMA atoms (`mma.sync`): thread `t` loads value `v` of A from index
//!   `ALayout(t, v)` of the `M × K` A tile (`m + M·k`) and of B from
//!   `BLayout(t, v)` of the `N × K` B tile (`n + N·k`), packs `32 / bits`
//!   consecutive values into each 32-bit register (value `v` at bit
//!   `bits·(v mod 32/bits)` of register `v / (32/bits)`, as CUTLASS's
//!   `uint32_t` registers hold them; one 64-bit register per `double`),
//!   issues the instruction with C = 0 and stores value `v` of D at
//!   `CLayout(t, v)` of the `M × N` tile (`m + M·n`): D = A·Bᵀ exactly when
//!   the three layouts are the instruction's. Four atoms:
//!   `SM80_16x8x16_F32F16F16F32_TN` (`m16n8k16 .f16`),
//!   `SM80_16x8x8_F32TF32TF32F32_TN` (`m16n8k8 .tf32`),
//!   `SM80_16x8x32_S32S8S8S32_TN` (`m16n8k32 .s8`) and
//!   `SM80_8x8x4_F64F64F64F64_TN` (`m8n8k4 .f64`).
//! * Copy atoms `SM75_U32x{1,2,4}_LDSM_N`, `SM75_U16x{2,4,8}_LDSM_T`
//!   (`ldmatrix`, with `.trans` for the `_T` ones): thread `t` gives the
//!   row address `ValLayoutSrc(t, 0)` (16-bit elements) of the values in
//!   shared memory; value `v` it receives (register `v / 2`, half
//!   `v % 2`) must be the element `ValLayoutDst(t, v)`. `SM90_U32x4_STSM_N`
//!   and `SM90_U16x8_STSM_T` (`stmatrix`, feature `sm90a`): thread `t`
//!   gives the row address `ValLayoutDst(t, 0)` and its value `v` must
//!   land on the element `ValLayoutSrc(t, v)`.
//!
//! The packing and placement are plain functions ([`pack`], [`place`],
//! [`copy_row`], [`unpack`]) tested on the host; the
//! instructions themselves are inline PTX in `src/ptx.rs`, built only with
//! the `sm80` feature (they need `.target sm_80`, PTX ISA 7.0), and run by
//! `kernels/gpu/run.py`.

use cute_static::layout::StaticLayout;

/// Threads of one atom (a warp).
pub const WARP: usize = 32;
/// 16-bit elements `ldmatrix.x4` moves (four 8 × 8 matrices).
pub const LDSM_LEN: usize = 256;

/// Value `v` of thread `t` of the `(thread, value)` layout `L`.
#[inline(always)]
fn tv<L: StaticLayout>(t: usize, v: usize) -> usize {
    L::default().call(t + WARP * v)
}

/// Thread `t`'s `R` 32-bit registers of an operand whose `(thread,
/// value)` layout is `L`: value `v` is `f(L(t, v))` (a `bits`-wide bit
/// pattern: 8, 16 or 32), at bit `bits·(v mod 32/bits)` of register
/// `v / (32/bits)`.
#[inline(always)]
pub fn pack<L: StaticLayout, const R: usize>(
    t: usize,
    bits: usize,
    f: impl Fn(usize) -> u32,
) -> [u32; R] {
    let per = 32 / bits;
    let mask = u32::MAX >> (32 - bits);
    core::array::from_fn(|r| {
        (0..per).fold(0, |reg, j| {
            reg | ((f(tv::<L>(t, r * per + j)) & mask) << (bits * j))
        })
    })
}

/// Stores thread `t`'s values `x` (value `v` of the `(thread, value)`
/// layout `L`) at their indices `L(t, v)`.
#[inline(always)]
pub fn place<L: StaticLayout, T, const N: usize>(
    t: usize,
    x: [T; N],
    mut store: impl FnMut(usize, T),
) {
    for (v, x) in x.into_iter().enumerate() {
        store(tv::<L>(t, v), x);
    }
}

/// The element (16-bit units) of the row thread `t` hands `ldmatrix` or
/// `stmatrix`: `L(t, 0)` of the atom's shared-memory side (`ValLayoutSrc`
/// of an `ldmatrix` atom, `ValLayoutDst` of an `stmatrix` one).
#[inline(always)]
pub fn copy_row<L: StaticLayout>(t: usize) -> usize {
    tv::<L>(t, 0)
}

/// Thread `t`'s `2·R` 16-bit values in the registers `r` (value `v` in
/// half `v % 2` of register `v / 2`), each given to `f` with its number
/// and the element `L(t, v)` of the atom's register side names.
#[inline(always)]
pub fn unpack<L: StaticLayout, const R: usize>(
    t: usize,
    r: [u32; R],
    mut f: impl FnMut(usize, u16, usize),
) {
    for v in 0..2 * R {
        f(v, (r[v / 2] >> (16 * (v % 2))) as u16, tv::<L>(t, v));
    }
}

/// The GMMA atom checked on Hopper (`wgmma.mma_async`, feature `sm90a`):
/// A and B from shared memory through descriptors, D in the registers of
/// a warpgroup (128 threads) by the atom's `CLayout`.
pub type Gmma = cute_static::atom::SM90_64x8x16_F32F16F16_SS<
    cute_static::atom::MajorK,
    cute_static::atom::MajorK,
>;
/// Threads of a warpgroup.
pub const WARPGROUP: usize = 128;
/// A's layout in shared memory (16-bit elements; natural coordinate
/// `(m, k)` of the `64 × 16` tile): GMMA's canonical K-major form without
/// swizzle, 8 × 8 core matrices of 8 rows × 16 bytes, 128 bytes apart
/// along M, 1024 along K.
pub type GmmaSmemA = cute_static::Layout![((8, 8), (8, 2)):((8, 64), (1, 512))];
/// B's (`8 × 16`, `(n, k)`): one core matrix along N, two along K, 128
/// bytes apart.
pub type GmmaSmemB = cute_static::Layout![((8, 1), (8, 2)):((8, 64), (1, 64))];
/// The descriptor of [`GmmaSmemA`] at shared address 0: `cute gmma_desc K
/// "((8,8),(8,2)):((8,64),(1,512))" half_t` (leading byte offset 1024,
/// stride byte offset 128, no swizzle); the kernel adds the tile's address
/// (`>> 4`, bits 0–13). `tests/tensor_core.rs` checks it against
/// cute-dynamic's `make_gmma_desc`.
pub const GMMA_DESC_A: u64 = 0x0000_0008_0040_0000;
/// The descriptor of [`GmmaSmemB`] at address 0 (leading byte offset 128).
pub const GMMA_DESC_B: u64 = 0x0000_0000_0008_0000;

/// The descriptor `desc` (start address 0) of a tile at the shared-memory
/// byte address `addr` (16-byte aligned, below 256 KiB).
#[inline(always)]
pub fn gmma_desc_at(desc: u64, addr: u32) -> u64 {
    desc | u64::from((addr >> 4) & 0x3fff)
}

/// Thread `t`'s D values of the GMMA atom stored at their `CLayout`
/// indices of the `64 × 8` D tile (`m + 64·n`).
#[inline(always)]
pub fn gmma_store_d(t: usize, d: [f32; 4], store: impl FnMut(usize, f32)) {
    type Cl = <Gmma as cute_static::atom::MmaAtom>::CLayout;
    for_warpgroup::<Cl, 4>(t, d, store)
}

/// [`place`] over a warpgroup's `(thread, value)` layout (128 threads).
#[inline(always)]
fn for_warpgroup<L: StaticLayout, const N: usize>(
    t: usize,
    x: [f32; N],
    mut store: impl FnMut(usize, f32),
) {
    for (v, x) in x.into_iter().enumerate() {
        store(L::default().call(t + WARPGROUP * v), x);
    }
}

/// A's layout for the swizzled GMMA check (16-bit elements, natural
/// coordinate `(m, k)` of a `64 × 64` tile): GMMA's canonical K-major
/// 128-byte-swizzle form, rows of 64 values (128 bytes), 8-row swizzle
/// atoms 1024 bytes apart along M, `Sw<3,3,3>` on the element offset
/// (`Swizzle<3,4,3>` on bytes).
pub type GmmaSw128A = crate::Swizzled<cute_static::Layout![((8, 8), 64):((64, 512), 1)], 3, 3, 3>;
/// B's (`8 × 64`, `(n, k)`): one swizzle atom.
pub type GmmaSw128B = crate::Swizzled<cute_static::Layout![(8, 64):(64, 1)], 3, 3, 3>;
/// The descriptor of the first `K = 16` block of [`GmmaSw128A`] at
/// address 0: `cute gmma_desc K "Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)"
/// half_t` (128-byte swizzle, stride byte offset 1024); block `kb` starts
/// `32·kb` bytes on (`+ 2·kb` in the start-address field), as CuTe's
/// descriptor fragment `(1,1,4):(0,0,2)` steps.
pub const GMMA_SW128_DESC_A: u64 = 0x4000_0040_0001_0000;
/// The descriptor of [`GmmaSw128B`]'s first block at address 0.
pub const GMMA_SW128_DESC_B: u64 = 0x4000_0000_0001_0000;
