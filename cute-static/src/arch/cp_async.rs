//! SM80's asynchronous copies from global to shared memory (CuTe's
//! `SM80_CP_ASYNC_CACHEALWAYS<T>`, `SM80_CP_ASYNC_CACHEGLOBAL<T>`,
//! `cp_async_fence`, `cp_async_wait<N>`).
//!
//! | CuTe | here |
//! |---|---|
//! | `copy(tiled_copy, gmem_src, smem_dst)` with a `cp.async` atom | [`copy_async`]`(&tiled_copy, &src, &mut dst)` |
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
use crate::atom::{SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEGLOBAL, TiledCopy};
use crate::kernel::algorithms::CopyCompatible;
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
}
impl<U: Scalar> CpAsyncOp for SM80_CP_ASYNC_CACHEALWAYS<U> {
    type Unit = U;
    const CACHE_GLOBAL: bool = false;
}
/// `cp.async.cg` moves 16 bytes only (the PTX ISA's rule), so only the
/// `uint128_t` atom is one.
impl CpAsyncOp for SM80_CP_ASYNC_CACHEGLOBAL<u128> {
    type Unit = u128;
    const CACHE_GLOBAL: bool = true;
}

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

/// One `cp.async` of `Op`'s unit from `src` to `dst`.
#[inline(always)]
fn cp_async_unit<Op: CpAsyncOp, T: Scalar>(src: GmemPtr<T>, dst: SmemPtr<T>) {
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
    #[cfg(not(target_arch = "nvptx64"))]
    {
        use super::ptr::MemPtr;
        // SAFETY: as on the device; the host accesses check alignment.
        unsafe { dst.write_as::<U<Op>>(src.read_as::<U<Op>>()) }
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
    let n = dst.size();
    if src.size() != n {
        super::trap("copy: sizes differ");
    }
    let v = const { lanes::<T, <Tc::Op as CpAsyncOp>::Unit>() };
    let mut i = 0;
    while i < n {
        cp_async_unit::<Tc::Op, T>(src.vector_ptr(i, v), dst.vector_ptr(i, v));
        i += v;
    }
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
