//! SM75's `ldmatrix` copy atoms in device kernels (CuTe's
//! `SM75_U32x{1,2,4}_LDSM_N`, `SM75_U16x{2,4,8}_LDSM_T` executed by
//! `copy(tiled_copy, src, dst)`): shared memory to registers, one
//! instruction per atom instance, for the tiled copies of
//! `make_tiled_copy_A/B(atom, tiled_mma)` and a fragment re-tiled by
//! `retile_D`.
//!
//! | CuTe | here |
//! |---|---|
//! | `copy(s2r_copy, tXsA(_,_,k), tXrA(_,_,k))` with an LDSM atom | [`copy_ldsm`]`(&s2r_copy, &tXsA.slice(…), &mut tXrA.slice(…))` |
//!
//! An instance moves, per thread, the 128 bits at one shared address
//! (`SrcLayout`'s value mode: 8 halves that must be consecutive in the
//! source partition) into `32·N` bits of registers (`DstLayout`'s: `2N`
//! halves, value `2r` in the low half of register `r`): on
//! `nvptx64-nvidia-cuda` one `ldmatrix.sync.aligned.m8n8.xN[.trans].shared.b16`
//! (`.target sm_75` or later). All 32 lanes of the warp must execute it
//! together (the `.aligned` rule, as for `mma.sync`).
//!
//! On the host ([`host`](super::host)) the warp's emulated threads read
//! their 128 bits and exchange them through the warp's buffer, each 16-bit
//! value at its reference position `SrcLayout(lane, bit) / 16` (for `x1`
//! and `x2`, where several lanes' `SrcLayout` coincide, the lowest such
//! lane's, as the hardware reads only lanes `0…8N−1`), and each thread
//! takes its registers' halves from `DstLayout(lane, bit) / 16`: the
//! instruction is executed as the atom's layouts define it (which the
//! device checks of `kernels/src/ptx.rs` verified against `ldmatrix` on
//! a GPU).

use super::ptr::SmemPtr;
#[cfg(not(target_arch = "nvptx64"))]
use super::scalar::unpack;
use super::scalar::{Scalar, lanes};
use super::tensor::PtrTensor;
use crate::atom::{
    CopyAtom, SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N,
    SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, TiledCopy,
};
use crate::kernel::device::GemmOperandMut;
use crate::kernel::layout::TensorLayout;

/// An `ldmatrix` copy atom: `N` 8×8 matrices of 16-bit values, plain or
/// transposed.
///
/// # Examples
///
/// ```
/// use cute_static::arch::LdsmOp;
/// use cute_static::atom::{SM75_U16x2_LDSM_T, SM75_U32x4_LDSM_N};
/// fn form<Op: LdsmOp>() -> (usize, bool) {
///     (Op::MATRICES, Op::TRANS)
/// }
/// assert_eq!(form::<SM75_U32x4_LDSM_N>(), (4, false)); // ldmatrix .x4
/// assert_eq!(form::<SM75_U16x2_LDSM_T>(), (1, true)); // ldmatrix .x1.trans
/// ```
pub trait LdsmOp: CopyAtom {
    /// The matrices per instruction (and 32-bit registers per thread): 1,
    /// 2 or 4.
    const MATRICES: usize;
    /// `.trans`.
    const TRANS: bool;
}
macro_rules! ldsm_ops {
    ($($atom:ident: $n:literal, $t:literal;)*) => {$(
        impl LdsmOp for $atom {
            const MATRICES: usize = $n;
            const TRANS: bool = $t;
        }
    )*};
}
ldsm_ops! {
    SM75_U32x1_LDSM_N: 1, false;
    SM75_U32x2_LDSM_N: 2, false;
    SM75_U32x4_LDSM_N: 4, false;
    SM75_U16x2_LDSM_T: 1, true;
    SM75_U16x4_LDSM_T: 2, true;
    SM75_U16x8_LDSM_T: 4, true;
}

/// A tiled copy whose atom is an `ldmatrix`.
///
/// # Examples
///
/// CuTe's `make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma)`:
///
/// ```
/// use cute_static::Layout;
/// use cute_static::arch::{LdsmOp, TiledCopyLdsm};
/// use cute_static::atom::{MakeTiledCopyA, SM75_U32x4_LDSM_N, SM80_16x8x16_F16F16F16F16_TN, TiledMma};
/// type Mma = TiledMma<SM80_16x8x16_F16F16F16F16_TN, Layout![(1, 1, 1)]>;
/// type S2R = MakeTiledCopyA<SM75_U32x4_LDSM_N, 16, Mma>;
/// assert_eq!(<<S2R as TiledCopyLdsm>::Op as LdsmOp>::MATRICES, 4);
/// ```
pub trait TiledCopyLdsm {
    /// The atom.
    type Op: LdsmOp;
}
impl<A: LdsmOp, const BITS: usize, L, T> TiledCopyLdsm for TiledCopy<A, BITS, L, T> {
    type Op = A;
}

/// One `ldmatrix` of `Op` at the shared address `src`: the thread's
/// `MATRICES` registers.
#[inline(always)]
fn ldsm<Op: LdsmOp, T: Scalar>(src: SmemPtr<T>) -> [u32; 4] {
    let mut r = [0u32; 4];
    #[cfg(target_arch = "nvptx64")]
    {
        let a = src.raw();
        // SAFETY: `src` addresses the 16 bytes of this thread's row inside
        // the source tensor (the caller took it from `PtrTensor::vector_ptr`,
        // which checks the coordinates); the alignment to 16 bytes is the
        // hardware's check (a fault, as for every vector access). The
        // instruction writes registers only. The `.aligned` rule (all 32
        // lanes together) is the caller's, as for `mma.sync`: a warp
        // breaking it gets unspecified values, not memory unsafety. Not
        // `pure`, so that it is not moved into a branch.
        unsafe {
            match (Op::MATRICES, Op::TRANS) {
                (1, false) => {
                    core::arch::asm!("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {{{0}}}, [{1}];",
                    out(reg32) r[0], in(reg32) a, options(nostack, preserves_flags, readonly))
                }
                (2, false) => {
                    core::arch::asm!("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {{{0}, {1}}}, [{2}];",
                    out(reg32) r[0], out(reg32) r[1], in(reg32) a, options(nostack, preserves_flags, readonly))
                }
                (4, false) => {
                    core::arch::asm!("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{{0}, {1}, {2}, {3}}}, [{4}];",
                    out(reg32) r[0], out(reg32) r[1], out(reg32) r[2], out(reg32) r[3], in(reg32) a,
                    options(nostack, preserves_flags, readonly))
                }
                (1, true) => {
                    core::arch::asm!("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {{{0}}}, [{1}];",
                    out(reg32) r[0], in(reg32) a, options(nostack, preserves_flags, readonly))
                }
                (2, true) => {
                    core::arch::asm!("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {{{0}, {1}}}, [{2}];",
                    out(reg32) r[0], out(reg32) r[1], in(reg32) a, options(nostack, preserves_flags, readonly))
                }
                _ => {
                    core::arch::asm!("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{{0}, {1}, {2}, {3}}}, [{4}];",
                    out(reg32) r[0], out(reg32) r[1], out(reg32) r[2], out(reg32) r[3], in(reg32) a,
                    options(nostack, preserves_flags, readonly))
                }
            }
        }
    }
    #[cfg(not(target_arch = "nvptx64"))]
    emulate::<Op, T>(src, &mut r);
    r
}

/// The host emulation of one `ldmatrix` (see the module documentation).
#[cfg(not(target_arch = "nvptx64"))]
fn emulate<Op: LdsmOp, T: Scalar>(src: SmemPtr<T>, r: &mut [u32; 4]) {
    use super::ptr::MemPtr;
    use crate::data::layout::StaticLayout;
    use core::sync::atomic::Ordering::Relaxed;
    let lane = super::host::imp::lane();
    let (ls, ld) = (Op::SrcLayout::default(), Op::DstLayout::default());
    // The reference position of lane `l`'s 16-bit value `e` of the source.
    let at = |l: usize, e: usize| ls.call(l + 32 * (16 * e)) / 16;
    let first = (0..lane).all(|l| at(l, 0) != at(lane, 0));
    // SAFETY: the caller's contract of `ldsm`: 16 bytes at `src` in the
    // tensor (the host access checks their 16-byte alignment).
    let row: u128 = if first {
        unsafe { src.read_as::<u128>() }
    } else {
        0
    };
    let n = Op::MATRICES;
    super::host::imp::warp_exchange(
        64 * n,
        |buf| {
            if first {
                unpack::<u16, u128>(row, |e, h| buf[at(lane, e)].store(h as u32, Relaxed));
            }
        },
        |buf| {
            for (q, reg) in r.iter_mut().enumerate().take(n) {
                let half =
                    |j: usize| buf[ld.call(lane + 32 * (16 * (2 * q + j))) / 16].load(Relaxed);
                *reg = half(0) | half(1) << 16;
            }
        },
    )
}

/// CuTe's `copy(tiled_copy, src, dst)` for a tiled copy of `ldmatrix`
/// atoms (`make_tiled_copy_A/B(atom, tiled_mma)`), from a thread's shared
/// partition `(CPY, …)` (`partition_S`) to its registers (`retile_D` of
/// its MMA fragment, or any register fragment of the same sizes): for each
/// atom instance `i`, one `ldmatrix` of the `128 / bits(T)` source values
/// from `i·128/bits(T)` (consecutive in shared memory: a trap otherwise,
/// folded where the layout is static) into the `32·N / bits(T)`
/// destination values from `i·32N/bits(T)`. `T` is 2 or 4 bytes.
///
/// All 32 lanes of each warp must call it together.
#[inline(always)]
#[track_caller]
pub fn copy_ldsm<Tc, T, LS, D>(_tiled_copy: &Tc, src: &PtrTensor<SmemPtr<T>, LS>, dst: &mut D)
where
    Tc: TiledCopyLdsm,
    T: Scalar,
    LS: TensorLayout,
    D: GemmOperandMut<Value = T>,
{
    const {
        assert!(
            T::BYTES == 2 || T::BYTES == 4,
            "copy(ldmatrix): the element type must be 2 or 4 bytes (ldmatrix moves 16-bit values)"
        )
    };
    let vs = const { lanes::<T, u128>() };
    let per_reg = const { lanes::<T, u32>() };
    let vd = <Tc::Op as LdsmOp>::MATRICES * per_reg;
    let n = src.size() / vs;
    if n * vs != src.size() || n * vd != dst.gemm_layout().size() {
        super::trap("copy(ldmatrix): the partitions hold different numbers of atom instances");
    }
    let mut i = 0;
    while i < n {
        let r = ldsm::<Tc::Op, T>(src.vector_ptr(i * vs, vs));
        let mut q = 0;
        while q < <Tc::Op as LdsmOp>::MATRICES {
            // One 32-bit register of the fragment where its values are
            // consecutive (`gemm_set_vector`): the `half_t`s stay packed.
            dst.gemm_set_vector::<u32>(i * vd + q * per_reg, r[q]);
            q += 1;
        }
        i += 1;
    }
}
