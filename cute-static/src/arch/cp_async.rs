//! SM80's asynchronous copies from global to shared memory (CuTe's
//! `SM80_CP_ASYNC_CACHEALWAYS<T>`, `SM80_CP_ASYNC_CACHEGLOBAL<T>`, their
//! zero-filling `_ZFILL` forms, `cp_async_fence`, `cp_async_wait<N>`).
//!
//! | CuTe | here |
//! |---|---|
//! | `copy(tiled_copy, gmem_src, smem_dst)` with a `cp.async` atom | [`copy_async`]`(&tiled_copy, &src, &mut dst)` |
//! | `copy(tiled_copy.with(pred(i)), src(_,i), dst(_,i))` for each `i`, with a `_ZFILL` atom | [`copy_async_if`]`(&tiled_copy, &pred, &src, &mut dst)` |
//! | `cp_async_fence()` | [`cp_async_fence`] (`cp.async.commit_group`) |
//! | `cp_async_wait<N>()` | [`cp_async_wait::<N>`](cp_async_wait) (`cp.async.wait_group N`) |
//!
//! On `nvptx64-nvidia-cuda` each atom instance of a thread's partition is
//! one `cp.async.ca.shared.global [smem], [gmem], size` (`.cg` and 16
//! bytes for `CACHEGLOBAL`; `.target sm_80`): the data reaches shared
//! memory after the thread's `cp_async_wait` of its group, and other
//! threads see it after a `syncthreads` that follows that wait (CuTe's
//! rule). On the host the copy is made at once (synchronously, one
//! vector read and write per instance); the fence and the wait do
//! nothing there, so the host emulation cannot catch a missing wait —
//! the PTX and the device can.
//!
//! ```
//! use cute_static::arch::{Dim3, GlobalBuffer, SmemArray, DeviceCopyPartition, ThreadSlice, copy_async, cp_async_fence, cp_async_wait, host, shared_storage, syncthreads, thread_idx};
//! use cute_static::atom::{MakeTiledCopy, SM80_CP_ASYNC_CACHEALWAYS};
//! use cute_static::{Layout, layout};
//! // 32 threads × 4 f32 each (one 128-bit cp.async per thread): a 16 × 8
//! // tile, gmem → smem, then smem → gmem by the same threads.
//! type Cp = MakeTiledCopy<SM80_CP_ASYNC_CACHEALWAYS<u128>, 32, Layout![(4, 8)], Layout![(4, 1)]>;
//! let src: Vec<f32> = (0..128).map(|i| i as f32).collect();
//! let (gs, gd) = (GlobalBuffer::from_slice(&src), GlobalBuffer::<f32>::zeroed(128));
//! let (s, d) = (gs.tensor(layout!((16, 8)))?, gd.tensor(layout!((16, 8)))?);
//! host::launch(Dim3::new(1, 1, 1), Dim3::new(32, 1, 1), || {
//!     let (smem,) = shared_storage::<(SmemArray<f32, Layout![(16, 8)]>,)>();
//!     let sm = smem.tensor(<Layout![(16, 8)]>::default());
//!     let thr = Cp::default().thread_slice(thread_idx().x);
//!     let mut dst = thr.partition_D(sm);
//!     copy_async(&Cp::default(), &thr.partition_S(s), &mut dst);
//!     cp_async_fence();
//!     cp_async_wait::<0>();
//!     syncthreads();
//!     let (back, out) = (thr.partition_S(sm), thr.partition_D(d));
//!     for i in 0..back.size() { out.write(i, back.read(i)); }
//! });
//! assert_eq!(gd.to_vec(), src);
//! # Ok::<(), cute_static::Error>(())
//! ```

use super::ptr::{GmemPtr, SmemPtr};
use super::scalar::{Scalar, lanes};
use super::tensor::PtrTensor;
use crate::atom::{
    SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEALWAYS_ZFILL, SM80_CP_ASYNC_CACHEGLOBAL,
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL, TiledCopy,
};
use crate::kernel::algorithms::CopyCompatible;
use crate::kernel::device::DevicePredicate;
use crate::kernel::layout::TensorLayout;

/// A `cp.async` copy operation: the unit one instruction moves (4, 8 or
/// 16 bytes; 16 for `CACHEGLOBAL`) and its cache operator.
///
/// # Examples
///
/// ```
/// use cute_static::arch::CpAsyncOp;
/// use cute_static::atom::{SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEGLOBAL};
/// /// The bytes one `cp.async` moves, and whether it bypasses L1.
/// fn access<Op: CpAsyncOp>() -> (usize, bool) {
///     (core::mem::size_of::<Op::Unit>(), Op::CACHE_GLOBAL)
/// }
/// assert_eq!(access::<SM80_CP_ASYNC_CACHEALWAYS<u64>>(), (8, false));
/// assert_eq!(access::<SM80_CP_ASYNC_CACHEGLOBAL<u128>>(), (16, true));
/// ```
pub trait CpAsyncOp {
    /// The value one instruction moves.
    type Unit: Scalar;
    /// `true` for `.cg` (cache at L2 only), `false` for `.ca`.
    const CACHE_GLOBAL: bool;
    /// `true` for the `_ZFILL` atoms: the instruction carries a `src-size`
    /// operand (the atom's size, or 0 where the predicate is false).
    const ZFILL: bool;
}
impl<U: Scalar> CpAsyncOp for SM80_CP_ASYNC_CACHEALWAYS<U> {
    type Unit = U;
    const CACHE_GLOBAL: bool = false;
    const ZFILL: bool = false;
}
/// `cp.async.cg` moves 16 bytes only (the PTX ISA's rule), so only the
/// `uint128_t` atom is one.
impl CpAsyncOp for SM80_CP_ASYNC_CACHEGLOBAL<u128> {
    type Unit = u128;
    const CACHE_GLOBAL: bool = true;
    const ZFILL: bool = false;
}
impl<U: Scalar> CpAsyncOp for SM80_CP_ASYNC_CACHEALWAYS_ZFILL<U> {
    type Unit = U;
    const CACHE_GLOBAL: bool = false;
    const ZFILL: bool = true;
}
/// 16 bytes only, as [`SM80_CP_ASYNC_CACHEGLOBAL`].
impl CpAsyncOp for SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128> {
    type Unit = u128;
    const CACHE_GLOBAL: bool = true;
    const ZFILL: bool = true;
}

/// A zero-filling `cp.async` operation (CuTe's
/// `SM80_CP_ASYNC_CACHEALWAYS_ZFILL<T>`, `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<T>`):
/// the atoms [`copy_async_if`] takes.
///
/// # Examples
///
/// ```
/// use cute_static::arch::CpAsyncZfill;
/// use cute_static::atom::{SM80_CP_ASYNC_CACHEALWAYS_ZFILL, SM80_CP_ASYNC_CACHEGLOBAL_ZFILL};
/// fn zfill<Op: CpAsyncZfill>() -> usize {
///     core::mem::size_of::<Op::Unit>()
/// }
/// assert_eq!(zfill::<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u32>>(), 4);
/// assert_eq!(zfill::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>>(), 16);
/// ```
///
/// A plain `cp.async` atom is not one (E0277, "`SM80_CP_ASYNC_CACHEGLOBAL<u128>`
/// is not a zero-filling cp.async atom"):
///
/// ```compile_fail,E0277
/// use cute_static::arch::CpAsyncZfill;
/// use cute_static::atom::SM80_CP_ASYNC_CACHEGLOBAL;
/// fn zfill<Op: CpAsyncZfill>() {}
/// zfill::<SM80_CP_ASYNC_CACHEGLOBAL<u128>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a zero-filling cp.async atom",
    label = "copy_async_if needs SM80_CP_ASYNC_CACHEALWAYS_ZFILL<T> or SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>",
    note = "a plain cp.async atom has no src-size operand: a false predicate could only skip the copy and leave shared memory stale"
)]
pub trait CpAsyncZfill: CpAsyncOp {}
impl<U: Scalar> CpAsyncZfill for SM80_CP_ASYNC_CACHEALWAYS_ZFILL<U> {}
impl CpAsyncZfill for SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128> {}

/// A tiled copy whose atom is a `cp.async` operation.
///
/// # Examples
///
/// ```
/// use cute_static::Layout;
/// use cute_static::arch::{CpAsyncOp, TiledCopyAsync};
/// use cute_static::atom::{MakeTiledCopy, SM80_CP_ASYNC_CACHEGLOBAL};
/// type Cp = MakeTiledCopy<SM80_CP_ASYNC_CACHEGLOBAL<u128>, 32, Layout![(4, 8)], Layout![(4, 1)]>;
/// // copy_async issues one 16-byte `cp.async.cg` per atom instance.
/// type Op = <Cp as TiledCopyAsync>::Op;
/// assert_eq!((core::mem::size_of::<<Op as CpAsyncOp>::Unit>(), Op::CACHE_GLOBAL), (16, true));
/// ```
pub trait TiledCopyAsync {
    /// The operation.
    type Op: CpAsyncOp;
}
impl<A: CpAsyncOp, const BITS: usize, L, T> TiledCopyAsync for TiledCopy<A, BITS, L, T> {
    type Op = A;
}

/// One `cp.async` of `Op`'s unit from `src` to `dst`; for a `_ZFILL` op,
/// with `src-size = pred ? size : 0` (`pred` is ignored otherwise, and is
/// `true` from [`copy_async`]).
#[inline(always)]
fn cp_async_unit<Op: CpAsyncOp, T: Scalar>(src: GmemPtr<T>, dst: SmemPtr<T>, pred: bool) {
    type U<Op> = <Op as CpAsyncOp>::Unit;
    const {
        assert!(
            U::<Op>::BYTES >= 4,
            "cp.async: the atom's unit must be 4, 8 or 16 bytes (the PTX ISA's sizes)"
        )
    };
    #[cfg(target_arch = "nvptx64")]
    {
        let cg = Op::CACHE_GLOBAL;
        let (s, d) = (src.as_raw() as u64, dst.raw());
        if Op::ZFILL {
            let n = if pred { U::<Op>::BYTES as u32 } else { 0 };
            // SAFETY: `dst` addresses `size(U)` bytes inside its tensor and
            // `src` an address inside its own (the caller took both from
            // `PtrTensor::vector_ptr`, which checks the coordinates), so
            // the source is in bounds even where `pred` is false; there
            // `src-size` is 0 and the instruction reads no global byte
            // (PTX ISA: the `cp-size - src-size` bytes past the source are
            // zero-filled), it only writes `size(U)` zeros to `dst`.
            // Alignment to `size(U)` is the hardware's check (a fault).
            // The shared bytes are written asynchronously, as below.
            unsafe {
                match (U::<Op>::BYTES, cg) {
                    (16, true) => {
                        core::arch::asm!("cp.async.cg.shared.global [{d}], [{s}], 16, {n};",
                        d = in(reg32) d, s = in(reg64) s, n = in(reg32) n, options(nostack, preserves_flags))
                    }
                    (16, false) => {
                        core::arch::asm!("cp.async.ca.shared.global [{d}], [{s}], 16, {n};",
                        d = in(reg32) d, s = in(reg64) s, n = in(reg32) n, options(nostack, preserves_flags))
                    }
                    (8, _) => core::arch::asm!("cp.async.ca.shared.global [{d}], [{s}], 8, {n};",
                        d = in(reg32) d, s = in(reg64) s, n = in(reg32) n, options(nostack, preserves_flags)),
                    _ => core::arch::asm!("cp.async.ca.shared.global [{d}], [{s}], 4, {n};",
                        d = in(reg32) d, s = in(reg64) s, n = in(reg32) n, options(nostack, preserves_flags)),
                }
            }
        } else {
            let _ = pred;
            // SAFETY: `src` and `dst` address `size(U)` bytes inside their
            // tensors (the caller took them from `PtrTensor::vector_ptr`,
            // which checks the coordinates); alignment to `size(U)` is the
            // hardware's check (a fault, as for every vector access). The
            // shared bytes are written asynchronously: reading them before
            // `cp_async_wait` gives stale values, not undefined behaviour of
            // this program's Rust (shared memory is only accessed by asm).
            unsafe {
                match (U::<Op>::BYTES, cg) {
                    (16, true) => core::arch::asm!("cp.async.cg.shared.global [{d}], [{s}], 16;",
                        d = in(reg32) d, s = in(reg64) s, options(nostack, preserves_flags)),
                    (16, false) => core::arch::asm!("cp.async.ca.shared.global [{d}], [{s}], 16;",
                        d = in(reg32) d, s = in(reg64) s, options(nostack, preserves_flags)),
                    (8, _) => core::arch::asm!("cp.async.ca.shared.global [{d}], [{s}], 8;",
                        d = in(reg32) d, s = in(reg64) s, options(nostack, preserves_flags)),
                    _ => core::arch::asm!("cp.async.ca.shared.global [{d}], [{s}], 4;",
                        d = in(reg32) d, s = in(reg64) s, options(nostack, preserves_flags)),
                }
            }
        }
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        use super::ptr::MemPtr;
        if pred || !Op::ZFILL {
            // SAFETY: as on the device; the host accesses check alignment.
            unsafe { dst.write_as::<U<Op>>(src.read_as::<U<Op>>()) }
        } else {
            // SAFETY: `dst` addresses `size(U)` bytes inside its tensor (as
            // on the device); the source is not read (the device's
            // `src-size` 0), zeros are written.
            unsafe { dst.write_as::<U<Op>>(U::<Op>::default()) }
        }
    }
}

/// CuTe's `copy(tiled_copy, src, dst)` for a tiled copy of `cp.async`
/// atoms, from a thread's global partition `(CPY_V, …)` to its shared one:
/// one `cp.async` of the atom's unit per instance (the `V = size(unit) /
/// size(T)` values of an instance must be consecutive on both sides, as
/// the tiled copy's partitions make them; a trap otherwise, folded where
/// the layouts are static). Completes after [`cp_async_fence`] and
/// [`cp_async_wait`].
#[inline(always)]
#[track_caller]
pub fn copy_async<Tc, T, LS, LD>(
    _tiled_copy: &Tc,
    src: &PtrTensor<GmemPtr<T>, LS>,
    dst: &mut PtrTensor<SmemPtr<T>, LD>,
) where
    Tc: TiledCopyAsync,
    T: Scalar,
    LS: TensorLayout + CopyCompatible<LD>,
    LD: TensorLayout,
{
    cp_async_each::<Tc::Op, T, LS, LD>(src, dst, "copy: sizes differ", |_| true);
}

/// The loop of [`copy_async`] and [`copy_async_if`]: one `cp.async` of
/// `Op` per atom instance `i` (every `lanes` values), `fill(i)` its
/// source-size flag; traps with `what` once when the sizes differ.
#[inline(always)]
fn cp_async_each<Op, T, LS, LD>(
    src: &PtrTensor<GmemPtr<T>, LS>,
    dst: &mut PtrTensor<SmemPtr<T>, LD>,
    what: &'static str,
    fill: impl Fn(usize) -> bool,
) where
    Op: CpAsyncOp,
    T: Scalar,
    LS: TensorLayout,
    LD: TensorLayout,
{
    let n = dst.size();
    if src.size() != n {
        super::trap(what);
    }
    let v = const { lanes::<T, Op::Unit>() };
    let mut i = 0;
    while i < n {
        cp_async_unit::<Op, T>(src.vector_ptr(i, v), dst.vector_ptr(i, v), fill(i));
        i += v;
    }
}

/// The zero-filling `cp.async` copy of a thread's partitions `(CPY_V, …)`:
/// CuTe's `copy(tiled_copy.with(pred(i)), src(_,i), dst(_,i))` over the
/// atom instances `i`, with a `_ZFILL` atom ([`CpAsyncZfill`]). Each
/// instance is one `cp.async … [dst], [src], size, src_size` with
/// `src_size = pred ? size : 0`, `pred` tested at the instance's first
/// value (as [`copy_if_with`](crate::device::copy_if_with)): where it is
/// false the instruction reads no global memory and writes `size` zero
/// bytes to shared memory, so a partial tile's missing rows are zeros
/// (CuTe's `copy_if` would leave them stale). On the host the copy is
/// synchronous: the vector read and written, or zeros written and nothing
/// read.
///
/// The source address is always the instance's own address in `src`
/// (checked by the coordinates, a trap outside): `src` must be a tensor
/// over the whole tile — e.g. a tile of a padded allocation, or a tile
/// whose rows past the data are still allocated — and the predicate says
/// which of its values are data. The address is not clamped to the base,
/// as it never leaves the tensor.
///
/// ```
/// use cute_static::arch::{Dim3, GlobalBuffer, SmemArray, DeviceCopyPartition, ThreadSlice, copy_async_if, cp_async_fence, cp_async_wait, host, shared_storage, syncthreads, thread_idx};
/// use cute_static::atom::{MakeTiledCopy, SM80_CP_ASYNC_CACHEALWAYS_ZFILL};
/// use cute_static::{Layout, layout};
/// // 32 threads, one 32-bit cp.async each: the even elements copied, the
/// // odd ones zero-filled (over the stale 7.0 of an earlier stage).
/// type Cp = MakeTiledCopy<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u32>, 32, Layout![(32, 1)], Layout![(1, 1)]>;
/// let src: Vec<f32> = (1..=32).map(|i| i as f32).collect();
/// let (gs, gd) = (GlobalBuffer::from_slice(&src), GlobalBuffer::<f32>::from_slice(&[9.0; 32]));
/// let (s, d) = (gs.tensor(layout!((32, 1)))?, gd.tensor(layout!((32, 1)))?);
/// host::launch(Dim3::new(1, 1, 1), Dim3::new(32, 1, 1), || {
///     let (smem,) = shared_storage::<(SmemArray<f32, Layout![(32, 1)]>,)>();
///     let sm = smem.tensor(<Layout![(32, 1)]>::default());
///     let t = thread_idx().x;
///     let thr = Cp::default().thread_slice(t);
///     let mut dst = thr.partition_D(sm);
///     dst.write(0, 7.0);
///     copy_async_if(&Cp::default(), &|_: usize| t % 2 == 0, &thr.partition_S(s), &mut dst);
///     cp_async_fence();
///     cp_async_wait::<0>();
///     syncthreads();
///     thr.partition_D(d).write(0, thr.partition_S(sm).read(0));
/// });
/// let want: Vec<f32> = (1..=32).map(|i| if i % 2 == 1 { i as f32 } else { 0.0 }).collect();
/// assert_eq!(gd.to_vec(), want);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[inline(always)]
#[track_caller]
pub fn copy_async_if<Tc, Q, T, LS, LD>(
    _tiled_copy: &Tc,
    pred: &Q,
    src: &PtrTensor<GmemPtr<T>, LS>,
    dst: &mut PtrTensor<SmemPtr<T>, LD>,
) where
    Tc: TiledCopyAsync,
    Tc::Op: CpAsyncZfill,
    Q: DevicePredicate,
    T: Scalar,
    LS: TensorLayout + CopyCompatible<LD>,
    LD: TensorLayout,
{
    cp_async_each::<Tc::Op, T, LS, LD>(src, dst, "copy_async_if: sizes differ", |i| pred.test(i));
}

/// CuTe's `cp_async_fence()`: commits this thread's `cp.async`s issued
/// since the last fence as one group (`cp.async.commit_group`).
#[inline(always)]
pub fn cp_async_fence() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: commits the thread's pending copies; no operand.
    unsafe {
        core::arch::asm!("cp.async.commit_group;", options(nostack, preserves_flags))
    }
}

/// CuTe's `cp_async_wait<N>()`: waits until at most `N` of this thread's
/// committed groups are pending (`cp.async.wait_group N`; the shared
/// memory of the others is then written). It is a memory clobber for the
/// compiler, so no shared-memory read moves above it.
#[inline(always)]
pub fn cp_async_wait<const N: usize>() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: waits; no operand (`N` is an immediate).
    unsafe {
        core::arch::asm!("cp.async.wait_group {n};", n = const N, options(nostack, preserves_flags))
    }
}
