//! The SM80 tensor cores in device kernels: the MMA atoms executed
//! (CuTe's `MMA_Atom::call`, CUTLASS's `SM80_16x8x16_F16F16F16F16_TN::fma`)
//! that [`device::gemm_with`](crate::device::gemm_with) (CuTe's
//! `gemm(tiled_mma, A, B, C)`) issues on register fragments, one
//! `mma.sync` per atom.
//!
//! | CuTe | here |
//! |---|---|
//! | `half_t` (a register value) | [`F16`] |
//! | `mma.call(D, A, B, C)`, `SM80_…::fma(d…, a…, b…, c…)` | [`MmaCall::call`] |
//! | `gemm(tiled_mma, tCrA, tCrB, tCrC)` | [`device::gemm_with`](crate::device::gemm_with)`(&tiled_mma, &tCrA, &tCrB, &mut tCrC)` |
//! | `thr_mma.partition_fragment_A(sA)` (device tensors) | [`MmaFragments::partition_fragment_A`] |
//!
//! Executed atoms: `SM80_16x8x16_F16F16F16F16_TN`,
//! `SM80_16x8x8_F16F16F16F16_TN` (F16 accumulators), and
//! `SM80_16x8x16_F32F16F16F32_TN`, `SM80_16x8x8_F32F16F16F32_TN` (F32
//! accumulators). Thread `t` of the warp holds value `v` of A at index
//! `ALayout(t, v)` of the `M × K` tile (`m + M·k`), of B at `BLayout(t, v)`
//! of the `N × K` tile and of C and D at `CLayout(t, v)` of the `M × N`
//! tile: the atom's exact layouts, which the partitions of a tiled MMA
//! give each thread (`partition_A/B/C`, whose mode 0 is the atom's value
//! mode).
//!
//! On `nvptx64-nvidia-cuda` an atom is its instruction: the values packed
//! two halves to a 32-bit register (value `2r` in the low half of register
//! `r`, as CUTLASS's `uint32_t` registers hold `half_t` pairs) and one
//! `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16` (…) in inline PTX,
//! which needs `.target sm_80` (build with `-C target-cpu=sm_80`). On the
//! host ([`host`](super::host)) the warp's 32 emulated threads exchange
//! their A and B values through the warp's buffer, placing each at its
//! index by the atom's layouts, and each thread computes its own D values
//! `D(m,n) = C(m,n) + Σₖ A(m,k)·B(n,k)` (products and sum in `f32`,
//! rounded once to the accumulator type): the instruction's definition.
//!
//! ```
//! use cute_static::arch::{F16, GlobalBuffer, MmaFragments, ThreadSlice, DeviceMmaPartition, host, thread_idx, Dim3};
//! use cute_static::device::gemm_with;
//! use cute_static::atom::{SM80_16x8x16_F16F16F16F16_TN, make_tiled_mma};
//! use cute_static::layout;
//! // One warp multiplies A (16×16) by Bᵀ (B 8×16) into C (16×8), all
//! // column-major in global memory (as f32, converted in registers).
//! let a: Vec<f32> = (0..256).map(|i| (i % 7) as f32 - 3.0).collect();
//! let b: Vec<f32> = (0..128).map(|i| (i % 5) as f32 - 2.0).collect();
//! let (ga, gb, gc) = (GlobalBuffer::from_slice(&a), GlobalBuffer::from_slice(&b), GlobalBuffer::<f32>::zeroed(128));
//! let (ta, tb, tc) = (ga.tensor(layout!((16, 16)))?, gb.tensor(layout!((8, 16)))?, gc.tensor(layout!((16, 8)))?);
//! let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout!((1, 1, 1)), ());
//! host::launch(Dim3::new(1, 1, 1), Dim3::new(32, 1, 1), || {
//!     let thr = mma.thread_slice(thread_idx().x);
//!     let (tCgA, tCgB, tCgC) = (thr.partition_A(ta), thr.partition_B(tb), thr.partition_C(tc));
//!     let mut tCrA = thr.partition_fragment_A(&ta);
//!     let mut tCrB = thr.partition_fragment_B(&tb);
//!     let mut tCrC = thr.partition_fragment_C(&tc); // zeros
//!     for i in 0..tCrA.size() { tCrA.set(i, F16::from_f32(tCgA.read(i))).unwrap(); }
//!     for i in 0..tCrB.size() { tCrB.set(i, F16::from_f32(tCgB.read(i))).unwrap(); }
//!     gemm_with(&mma, &tCrA, &tCrB, &mut tCrC); // one mma.sync
//!     for i in 0..tCrC.size() { tCgC.write(i, tCrC.read(i).unwrap().to_f32()); }
//! });
//! let c = gc.to_vec();
//! for (m, n) in (0..16).flat_map(|m| (0..8).map(move |n| (m, n))) {
//!     let want: f32 = (0..16).map(|k| a[m + 16 * k] * b[n + 8 * k]).sum();
//!     assert_eq!(c[m + 16 * n], want);
//! }
//! # Ok::<(), cute_static::Error>(())
//! ```

use super::scalar::{Scalar, lanes, pack, unpack};
use super::tensor::DeviceView;
use crate::atom::tiled_mma::{
    HasMmaFragment, MmaFragment, MmaTileFits, OperandA, OperandB, OperandC, RegisterOperand,
    ThrMma, TileExtents, TiledMmaLayouts,
};
use crate::atom::{
    MmaAtom, SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x8_F32F16F16F32_TN,
    SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN,
};
use crate::data::layout::StaticLayout;
use crate::kernel::device::{GemmOperand, GemmOperandMut};

/// CuTe's `half_t` as a register value: the bits of an IEEE binary16.
/// `PartialEq` compares bits (`-0 ≠ +0`; a NaN equals itself); the
/// arithmetic is the tensor cores'. The value type an atom names is the
/// marker [`atom::Half`](crate::atom::Half).
///
/// ```
/// use cute_static::arch::F16;
/// assert_eq!(F16::from_f32(1.5).to_bits(), 0x3e00);
/// assert_eq!(F16::from_f32(65520.0).to_f32(), f32::INFINITY); // rounds up past the largest
/// assert_eq!(F16::from_f32(1.0 + 1.0 / 2048.0).to_f32(), 1.0); // a tie, to even
/// assert_eq!(F16::from_bits(0x0001).to_f32(), 2f32.powi(-24)); // the smallest subnormal
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct F16(u16);

impl F16 {
    /// The value with the bits `bits`.
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Self {
        F16(bits)
    }
    /// The bits.
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }
    /// `x` rounded to the nearest binary16, ties to even (as
    /// `cvt.rn.f16.f32`, `__float2half_rn`): beyond the largest finite
    /// value ±∞, a NaN a quiet NaN.
    #[inline(always)]
    pub const fn from_f32(x: f32) -> Self {
        let b = x.to_bits();
        let sign = ((b >> 16) & 0x8000) as u16;
        let exp = ((b >> 23) & 0xff) as i32;
        let man = b & 0x7f_ffff;
        if exp == 0xff {
            let nan = if man != 0 {
                0x200 | (man >> 13) as u16
            } else {
                0
            };
            return F16(sign | 0x7c00 | nan);
        }
        let e = exp - 112; // the binary16 biased exponent
        if e >= 0x1f {
            return F16(sign | 0x7c00);
        }
        if e <= 0 {
            // A subnormal (or zero): the 24-bit significand scaled by 2^(e-14).
            if e < -10 {
                return F16(sign);
            }
            let sig = man | 0x80_0000;
            let shift = (14 - e) as u32;
            let q = sig >> shift;
            let rem = sig & ((1 << shift) - 1);
            let half = 1 << (shift - 1);
            let up = rem > half || (rem == half && q & 1 == 1);
            // A carry into bit 10 is the smallest normal's encoding.
            return F16(sign | (q + up as u32) as u16);
        }
        let h = ((e as u32) << 10) | (man >> 13);
        let rem = man & 0x1fff;
        let up = rem > 0x1000 || (rem == 0x1000 && h & 1 == 1);
        // A carry into the exponent is right (up to ∞ = 0x7c00).
        F16(sign | (h + up as u32) as u16)
    }
    /// The value as an `f32` (exact).
    #[inline(always)]
    pub const fn to_f32(self) -> f32 {
        let h = self.0 as u32;
        let sign = (h & 0x8000) << 16;
        let exp = (h >> 10) & 0x1f;
        let man = h & 0x3ff;
        if exp == 0 {
            // man · 2^-24, exact in f32.
            let v = man as f32 * (1.0 / 16_777_216.0);
            return if sign != 0 { -v } else { v };
        }
        if exp == 0x1f {
            return f32::from_bits(sign | 0x7f80_0000 | (man << 13));
        }
        f32::from_bits(sign | ((exp + 112) << 23) | (man << 13))
    }
}

/// `half_t`'s product, rounded once (`mul.rn.f16`, never contracted into
/// an `fma`; the host rounds the exact `f32` product).
///
/// ```
/// use cute_static::arch::F16;
/// assert_eq!(F16::from_f32(1.5) * F16::from_f32(-3.0), F16::from_f32(-4.5));
/// ```
impl core::ops::Mul for F16 {
    type Output = F16;
    #[inline(always)]
    fn mul(self, rhs: F16) -> F16 {
        #[cfg(target_arch = "nvptx64")]
        {
            let d: u16;
            // SAFETY: a register operation; no memory.
            unsafe {
                core::arch::asm!("mul.rn.f16 {d}, {a}, {b};", d = out(reg16) d,
                    a = in(reg16) self.0, b = in(reg16) rhs.0,
                    options(pure, nomem, nostack, preserves_flags));
            }
            F16(d)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            F16::from_f32(self.to_f32() * rhs.to_f32())
        }
    }
}

/// A value of an MMA operand held in registers: [`F16`] or `f32`, with
/// the `f32` the host emulation computes in.
///
/// # Examples
///
/// ```
/// use cute_static::arch::{F16, MmaValue};
/// fn widened<V: MmaValue>(values: &[V]) -> Vec<f32> {
///     values.iter().map(|v| v.to_f32()).collect()
/// }
/// assert_eq!(widened(&[F16::from_f32(0.5), F16::from_f32(-2.0)]), [0.5, -2.0]);
/// assert_eq!(<F16 as MmaValue>::from_f32(0.1).to_f32(), 0.0999755859375); // rounded to binary16
/// ```
pub trait MmaValue: Copy + Default + 'static {
    /// The value as an `f32` (exact for `F16` and `f32`).
    fn to_f32(self) -> f32;
    /// `x` rounded to this type.
    fn from_f32(x: f32) -> Self;
}
/// On the device one `cvt` each way (`cvt.f32.f16`, `cvt.rn.f16.f32`,
/// the same rounding as [`F16::from_f32`]); on the host those functions.
impl MmaValue for F16 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        #[cfg(target_arch = "nvptx64")]
        {
            let x: f32;
            // SAFETY: a register-to-register conversion; no memory.
            unsafe {
                core::arch::asm!("cvt.f32.f16 {x}, {h};", x = out(reg32) x, h = in(reg16) self.0,
                    options(pure, nomem, nostack, preserves_flags));
            }
            x
        }
        #[cfg(not(target_arch = "nvptx64"))]
        F16::to_f32(self)
    }
    #[inline(always)]
    fn from_f32(x: f32) -> Self {
        #[cfg(target_arch = "nvptx64")]
        {
            let h: u16;
            // SAFETY: a register-to-register conversion; no memory.
            unsafe {
                core::arch::asm!("cvt.rn.f16.f32 {h}, {x};", h = out(reg16) h, x = in(reg32) x,
                    options(pure, nomem, nostack, preserves_flags));
            }
            F16(h)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        F16::from_f32(x)
    }
}
impl MmaValue for f32 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline(always)]
    fn from_f32(x: f32) -> Self {
        x
    }
}

/// An MMA atom that executes (CuTe's `MMA_Atom::call`): one thread's
/// values of A, B and C in the order of the atom's value modes, and the
/// warp computes `C ← A·Bᵀ + C`. All 32 lanes of the warp must call it
/// together (CUDA's rule for `mma.sync.aligned`: on the device a warp
/// that does not gets unspecified values; the host emulation waits for
/// the missing lanes, so such a kernel hangs there).
///
/// # Examples
///
/// `UniversalFMA`, one thread and one value each (the SM80 atoms take a
/// warp: see the module's example):
///
/// ```
/// use cute_static::arch::MmaCall;
/// use cute_static::atom::UniversalFMA;
/// let mut c = [1.0f32];
/// <UniversalFMA<f32, f32, f32, f32> as MmaCall>::call(&[2.0], &[3.0], &mut c);
/// assert_eq!(c, [7.0]);
/// ```
pub trait MmaCall: MmaAtom {
    /// The register type of A's values.
    type A: Copy + Default + 'static;
    /// The register type of B's values.
    type B: Copy + Default + 'static;
    /// The register type of C's and D's values.
    type C: Copy + Default + 'static;
    /// One thread's A values: `[A; size(ALayout) / 32]`.
    type RegsA: Copy + Default + AsRef<[Self::A]> + AsMut<[Self::A]>;
    /// One thread's B values.
    type RegsB: Copy + Default + AsRef<[Self::B]> + AsMut<[Self::B]>;
    /// One thread's C (and D) values.
    type RegsC: Copy + Default + AsRef<[Self::C]> + AsMut<[Self::C]>;
    /// The values of A, B and C one thread holds per atom (the mode 0 of
    /// its fragments): `size(ALayout) / size(ThrID)`, … (CuTe's `size<1>`
    /// of the atom's `(thread, value)` layouts) for register operands; an
    /// operand read through a GMMA descriptor is one descriptor.
    const VALUES: [usize; 3] = layout_values::<Self>();
    /// `C ← A·Bᵀ + C`: one instruction on the device.
    fn call(a: &Self::RegsA, b: &Self::RegsB, c: &mut Self::RegsC);
    /// One atom's A values, `x(at), x(at+1), …` (what
    /// [`gemm_with`](crate::device::gemm_with) hands [`call`](Self::call)):
    /// element by element; the SM80 atoms read them as 32-bit words.
    #[doc(hidden)]
    #[inline(always)]
    fn load_a<X: GemmOperand<Value = Self::A>>(x: &X, at: usize) -> Self::RegsA {
        let mut r = Self::RegsA::default();
        for (v, e) in r.as_mut().iter_mut().enumerate() {
            *e = x.gemm_get(at + v);
        }
        r
    }
    /// One atom's B values (see [`load_a`](Self::load_a)).
    #[doc(hidden)]
    #[inline(always)]
    fn load_b<X: GemmOperand<Value = Self::B>>(x: &X, at: usize) -> Self::RegsB {
        let mut r = Self::RegsB::default();
        for (v, e) in r.as_mut().iter_mut().enumerate() {
            *e = x.gemm_get(at + v);
        }
        r
    }
    /// One atom's C values (see [`load_a`](Self::load_a)).
    #[doc(hidden)]
    #[inline(always)]
    fn load_c<X: GemmOperand<Value = Self::C>>(x: &X, at: usize) -> Self::RegsC {
        let mut r = Self::RegsC::default();
        for (v, e) in r.as_mut().iter_mut().enumerate() {
            *e = x.gemm_get(at + v);
        }
        r
    }
    /// Writes one atom's C values back, `x(at) = r[0], …`.
    #[doc(hidden)]
    #[inline(always)]
    fn store_c<X: GemmOperandMut<Value = Self::C>>(x: &mut X, at: usize, r: &Self::RegsC) {
        for (v, e) in r.as_ref().iter().enumerate() {
            x.gemm_set(at + v, *e);
        }
    }
}

/// `N` values of an operand from `at`, read as 32-bit words
/// ([`GemmOperand::gemm_get_vector`]: one register of a fragment, two
/// `half_t`s or one `f32`), so that a fragment's `half_t`s stay in the
/// 32-bit registers `ldmatrix` writes and `mma.sync` reads.
#[inline(always)]
fn load_words<T: Scalar, X: GemmOperand<Value = T>, const N: usize>(x: &X, at: usize) -> [T; N] {
    let per = const { lanes::<T, u32>() };
    let mut r = [T::default(); N];
    let mut w = 0;
    while w < N / per {
        let word: u32 = x.gemm_get_vector(at + w * per);
        unpack::<T, u32>(word, |j, v| r[w * per + j] = v);
        w += 1;
    }
    r
}
/// The inverse of [`load_words`].
#[inline(always)]
fn store_words<T: Scalar, X: GemmOperandMut<Value = T>, const N: usize>(
    x: &mut X,
    at: usize,
    r: &[T; N],
) {
    let per = const { lanes::<T, u32>() };
    let mut w = 0;
    while w < N / per {
        let word: u32 = pack::<T, u32>(|j| r[w * per + j]);
        x.gemm_set_vector(at + w * per, word);
        w += 1;
    }
}

/// `size(ALayout) / size(ThrID)`, … of the atom `A`.
pub(crate) const fn layout_values<A: MmaAtom>() -> [usize; 3] {
    let threads = <A::ThrID as StaticLayout>::SIZE;
    [
        <A::ALayout as StaticLayout>::SIZE / threads,
        <A::BLayout as StaticLayout>::SIZE / threads,
        <A::CLayout as StaticLayout>::SIZE / threads,
    ]
}

/// The host emulation of one atom: the warp exchanges A and B through its
/// buffer (`A` at `[0, M·K)`, `B` at `[M·K, M·K + N·K)`, each value at its
/// layout's index), then each thread computes its C values.
#[cfg(not(target_arch = "nvptx64"))]
fn emulate<Atom>(a: &Atom::RegsA, b: &Atom::RegsB, c: &mut Atom::RegsC)
where
    Atom: MmaCall<A: MmaValue, B: MmaValue, C: MmaValue>,
{
    use core::sync::atomic::Ordering::Relaxed;
    let [m_, n_, k_] = Atom::MNK;
    let lane = super::host::imp::lane();
    let (la, lb, lc) = (
        Atom::ALayout::default(),
        Atom::BLayout::default(),
        Atom::CLayout::default(),
    );
    let (va, vb, vc) = (a.as_ref(), b.as_ref(), c.as_mut());
    super::host::imp::warp_exchange(
        m_ * k_ + n_ * k_,
        |buf| {
            for (v, x) in va.iter().enumerate() {
                buf[la.call(lane + 32 * v)].store(x.to_f32().to_bits(), Relaxed);
            }
            for (v, x) in vb.iter().enumerate() {
                buf[m_ * k_ + lb.call(lane + 32 * v)].store(x.to_f32().to_bits(), Relaxed);
            }
        },
        |buf| {
            let at = |i: usize| f32::from_bits(buf[i].load(Relaxed));
            for (v, x) in vc.iter_mut().enumerate() {
                let i = lc.call(lane + 32 * v);
                let (m, n) = (i % m_, i / m_);
                let sum: f32 = (0..k_)
                    .map(|k| at(m + m_ * k) * at(m_ * k_ + n + n_ * k))
                    .sum();
                *x = Atom::C::from_f32(x.to_f32() + sum);
            }
        },
    )
}

/// Thread's halves packed two to a 32-bit register (value `2r` in the low
/// half of register `r`, as CUTLASS's `uint32_t` registers hold them).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn pack_halves<const N: usize, const R: usize>(h: &[F16; N]) -> [u32; R] {
    core::array::from_fn(|r| h[2 * r].0 as u32 | (h[2 * r + 1].0 as u32) << 16)
}
/// The inverse of [`pack_halves`].
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn unpack_halves<const N: usize, const R: usize>(r: [u32; R], h: &mut [F16; N]) {
    for (i, x) in h.iter_mut().enumerate() {
        *x = F16((r[i / 2] >> (16 * (i % 2))) as u16);
    }
}
/// `f32` accumulators: one register each.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn pack_f32<const N: usize, const R: usize>(c: &[f32; N]) -> [u32; R] {
    core::array::from_fn(|r| c[r].to_bits())
}
/// The inverse of [`pack_f32`].
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn unpack_f32<const N: usize, const R: usize>(r: [u32; R], c: &mut [f32; N]) {
    for (i, x) in c.iter_mut().enumerate() {
        *x = f32::from_bits(r[i]);
    }
}

/// The executed atoms: `$atom` holds `$na`, `$nb`, `$nc` values of A, B
/// and C per thread (A and B `F16`, C `$c`, packed by `$pack`/`$unpack`
/// into the registers `c`, `a`, `b`); `$ptx` is the instruction with
/// C and D in the same registers (operands `{0}…`: C/D, then A, then B).
macro_rules! sm80_mma {
    ($($atom:ident: [$na:literal, $nb:literal, $nc:literal] $c:ty, $pack:ident, $unpack:ident,
       c [$($ci:literal),*], a [$($ai:literal),*], b [$($bi:literal),*], $ptx:literal;)*) => {$(
        impl MmaCall for $atom {
            type A = F16;
            type B = F16;
            type C = $c;
            type RegsA = [F16; $na];
            type RegsB = [F16; $nb];
            type RegsC = [$c; $nc];
            #[inline(always)]
            fn load_a<X: GemmOperand<Value = F16>>(x: &X, at: usize) -> [F16; $na] {
                load_words(x, at)
            }
            #[inline(always)]
            fn load_b<X: GemmOperand<Value = F16>>(x: &X, at: usize) -> [F16; $nb] {
                load_words(x, at)
            }
            #[inline(always)]
            fn load_c<X: GemmOperand<Value = $c>>(x: &X, at: usize) -> [$c; $nc] {
                load_words(x, at)
            }
            #[inline(always)]
            fn store_c<X: GemmOperandMut<Value = $c>>(x: &mut X, at: usize, r: &[$c; $nc]) {
                store_words(x, at, r)
            }
            #[inline(always)]
            fn call(a: &[F16; $na], b: &[F16; $nb], c: &mut [$c; $nc]) {
                #[cfg(target_arch = "nvptx64")]
                {
                    let ra: [u32; { $na / 2 }] = pack_halves(a);
                    let rb: [u32; { $nb / 2 }] = pack_halves(b);
                    let mut rc: [u32; { [$($ci),*].len() }] = $pack(c);
                    // SAFETY: `mma.sync` reads and writes registers only (no
                    // memory); the `.aligned` rule that the warp's 32 lanes
                    // execute it together is the caller's, as for `bar.sync`
                    // (`MmaCall`'s contract: a warp breaking it gets
                    // unspecified values, not memory unsafety). Needs
                    // `.target sm_80`. Not `pure`/`nomem`, although it is
                    // both: the compiler may sink a pure asm into a branch
                    // its result is used in, which would make the warp
                    // diverge at an `.aligned` instruction (Rust marks no
                    // asm `convergent`); an asm with effects stays where
                    // the kernel put it.
                    unsafe {
                        core::arch::asm!(
                            $ptx,
                            $(inout(reg32) rc[$ci],)*
                            $(in(reg32) ra[$ai],)*
                            $(in(reg32) rb[$bi],)*
                            options(nostack, preserves_flags),
                        );
                    }
                    $unpack(rc, c);
                }
                #[cfg(not(target_arch = "nvptx64"))]
                emulate::<Self>(a, b, c)
            }
        }
    )*};
}
sm80_mma! {
    SM80_16x8x16_F16F16F16F16_TN: [8, 4, 4] F16, pack_halves, unpack_halves,
        c [0, 1], a [0, 1, 2, 3], b [0, 1],
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {{{0}, {1}}}, {{{2}, {3}, {4}, {5}}}, {{{6}, {7}}}, {{{0}, {1}}};";
    SM80_16x8x8_F16F16F16F16_TN: [4, 2, 4] F16, pack_halves, unpack_halves,
        c [0, 1], a [0, 1], b [0],
        "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {{{0}, {1}}}, {{{2}, {3}}}, {{{4}}}, {{{0}, {1}}};";
    SM80_16x8x16_F32F16F16F32_TN: [8, 4, 4] f32, pack_f32, unpack_f32,
        c [0, 1, 2, 3], a [0, 1, 2, 3], b [0, 1],
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{{0}, {1}, {2}, {3}}}, {{{4}, {5}, {6}, {7}}}, {{{8}, {9}}}, {{{0}, {1}, {2}, {3}}};";
    SM80_16x8x8_F32F16F16F32_TN: [4, 2, 4] f32, pack_f32, unpack_f32,
        c [0, 1, 2, 3], a [0, 1], b [0],
        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {{{0}, {1}, {2}, {3}}}, {{{4}, {5}}}, {{{6}}}, {{{0}, {1}, {2}, {3}}};";
}

/// The atom of a tiled MMA.
type AtomOf<M> = <M as TiledMmaLayouts>::Atom;

/// A layout whose MMA fragments are those of a static layout of the same
/// shape: a static layout itself, the inner layout of a swizzled one
/// (`partition_fragment_A(sA(_,_,0))` of a swizzled shared tile). A
/// fragment depends only on the shape of the thread's partition.
#[doc(hidden)]
pub trait FragmentShape {
    /// The static layout of the same shape.
    type Of;
}
impl<S, D> FragmentShape for crate::data::layout::Layout<S, D> {
    type Of = Self;
}
impl<Sw, O, L> FragmentShape for crate::data::swizzle::ComposedLayout<Sw, O, L> {
    type Of = L;
}
/// The static layout standing for a view's layout in its fragments.
type ShapeOfView<V> = <<V as DeviceView>::Layout as FragmentShape>::Of;

/// CuTe's `partition_fragment_A/B/C` of a thread's MMA slice on device
/// tensors (static layouts: a shared tile, a static global tile): a
/// register fragment of the atom's register type ([`MmaCall::A`], …),
/// zero-filled, of the compact column-major layout of the shape of the
/// thread's `partition_A/B/C`.
///
/// # Examples
///
/// ```
/// use cute_static::arch::{GlobalBuffer, MmaFragments, ThreadSlice};
/// use cute_static::atom::{TiledMma, UniversalFMA};
/// use cute_static::{Layout, layout};
/// let mma = TiledMma::<UniversalFMA<f32, f32, f32, f32>, Layout![(4, 4, 1)]>::new();
/// let ga = GlobalBuffer::<f32>::zeroed(32);
/// let t_a = ga.tensor(layout!((4, 8)))?; // M × K
/// let r_a = mma.thread_slice(5).partition_fragment_A(&t_a);
/// // (MMA, MMA_M, MMA_K) = (1, 1, 8): eight registers, zero.
/// assert_eq!((r_a.size(), r_a.storage()), (8, &[0.0; 8][..]));
/// # Ok::<(), cute_static::Error>(())
/// ```
#[allow(non_snake_case)]
pub trait MmaFragments<M: TiledMmaLayouts>
where
    AtomOf<M>: MmaCall,
{
    /// The fragment of A: `(V_A, MMA_M, MMA_K, …)`.
    fn partition_fragment_A<V: DeviceView>(
        &self,
        t: &V,
    ) -> MmaFragment<M, OperandA, ShapeOfView<V>, <AtomOf<M> as MmaCall>::A>
    where
        V::Layout: FragmentShape<Of: TileExtents>,
        M: HasMmaFragment<OperandA, ShapeOfView<V>, <AtomOf<M> as MmaCall>::A>
            + MmaTileFits<OperandA, ShapeOfView<V>>
            + RegisterOperand<OperandA>,
    {
        let _ = t;
        <M as HasMmaFragment<OperandA, ShapeOfView<V>, _>>::fragment(Default::default())
    }
    /// The fragment of B: `(V_B, MMA_N, MMA_K, …)`.
    fn partition_fragment_B<V: DeviceView>(
        &self,
        t: &V,
    ) -> MmaFragment<M, OperandB, ShapeOfView<V>, <AtomOf<M> as MmaCall>::B>
    where
        V::Layout: FragmentShape<Of: TileExtents>,
        M: HasMmaFragment<OperandB, ShapeOfView<V>, <AtomOf<M> as MmaCall>::B>
            + MmaTileFits<OperandB, ShapeOfView<V>>
            + RegisterOperand<OperandB>,
    {
        let _ = t;
        <M as HasMmaFragment<OperandB, ShapeOfView<V>, _>>::fragment(Default::default())
    }
    /// The fragment of C: `(V_C, MMA_M, MMA_N, …)`.
    fn partition_fragment_C<V: DeviceView>(
        &self,
        t: &V,
    ) -> MmaFragment<M, OperandC, ShapeOfView<V>, <AtomOf<M> as MmaCall>::C>
    where
        V::Layout: FragmentShape<Of: TileExtents>,
        M: HasMmaFragment<OperandC, ShapeOfView<V>, <AtomOf<M> as MmaCall>::C>
            + MmaTileFits<OperandC, ShapeOfView<V>>,
    {
        let _ = t;
        <M as HasMmaFragment<OperandC, ShapeOfView<V>, _>>::fragment(Default::default())
    }
}
impl<M: TiledMmaLayouts> MmaFragments<M> for ThrMma<M> where AtomOf<M>: MmaCall {}
