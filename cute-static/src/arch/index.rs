//! The thread and block indices (CUDA's `threadIdx`, `blockIdx`,
//! `blockDim`, `gridDim`), the block barrier (`__syncthreads`) and `trap`.
//! On the device each reads its special register or issues its
//! instruction; on the host they answer for the emulated thread the block
//! runner ([`host::launch`](super::host::launch)) is running.

/// A 3-component index, as CUDA's `dim3`/`uint3`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dim3 {
    /// `x`.
    pub x: usize,
    /// `y`.
    pub y: usize,
    /// `z`.
    pub z: usize,
}

impl Dim3 {
    /// `(x, y, z)`.
    pub const fn new(x: usize, y: usize, z: usize) -> Self {
        Dim3 { x, y, z }
    }
    /// `x · y · z`.
    pub const fn count(self) -> usize {
        self.x * self.y * self.z
    }
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::Dim3;
    use core::arch::nvptx;

    macro_rules! special {
        ($($name:ident: $x:ident, $y:ident, $z:ident;)*) => {$(
            #[inline(always)]
            pub fn $name() -> Dim3 {
                // SAFETY: reading a special register has no precondition.
                unsafe {
                    Dim3::new(nvptx::$x() as usize, nvptx::$y() as usize, nvptx::$z() as usize)
                }
            }
        )*};
    }
    special! {
        thread_idx: _thread_idx_x, _thread_idx_y, _thread_idx_z;
        block_idx: _block_idx_x, _block_idx_y, _block_idx_z;
        block_dim: _block_dim_x, _block_dim_y, _block_dim_z;
        grid_dim: _grid_dim_x, _grid_dim_y, _grid_dim_z;
    }

    #[inline(always)]
    pub fn syncthreads() {
        // SAFETY: `bar.sync 0`; every thread of the block reaching it is
        // the caller's obligation (CUDA's rule for `__syncthreads`): a
        // block where some thread never arrives hangs, which is not memory
        // unsafety.
        unsafe { nvptx::_syncthreads() }
    }

    #[inline(always)]
    pub fn trap() -> ! {
        // SAFETY: `trap` aborts the kernel; it touches no memory.
        unsafe { core::arch::asm!("trap;", options(noreturn, nostack)) }
    }
}

#[cfg(not(target_arch = "nvptx64"))]
use super::host::imp;
#[cfg(target_arch = "nvptx64")]
use device as imp;

/// This thread's index in its block (CUDA's `threadIdx`).
#[inline(always)]
pub fn thread_idx() -> Dim3 {
    imp::thread_idx()
}
/// This block's index in the grid (CUDA's `blockIdx`).
#[inline(always)]
pub fn block_idx() -> Dim3 {
    imp::block_idx()
}
/// The block's extents (CUDA's `blockDim`).
#[inline(always)]
pub fn block_dim() -> Dim3 {
    imp::block_dim()
}
/// The grid's extents (CUDA's `gridDim`).
#[inline(always)]
pub fn grid_dim() -> Dim3 {
    imp::grid_dim()
}
/// CuTe's `thread0()`: thread 0 of block 0.
#[inline(always)]
pub fn thread0() -> bool {
    thread_idx() == Dim3::default() && block_idx() == Dim3::default()
}
/// The block barrier (`__syncthreads`, `bar.sync 0`): every thread of the
/// block waits until all have arrived, and the shared-memory writes before
/// it are visible to all after it. Every thread must reach it (a block in
/// which one thread does not hangs; the host emulation panics instead of
/// hanging when a thread of the block panicked).
#[inline(always)]
pub fn syncthreads() {
    imp::syncthreads()
}
/// Abort the kernel (`trap`): what a device tensor does when a run-time
/// fact checked where it is made fails (a tile coordinate outside its
/// tensor, sizes that differ). The host emulation panics with `why`.
#[inline(always)]
#[track_caller]
pub fn trap(why: &'static str) -> ! {
    #[cfg(target_arch = "nvptx64")]
    {
        let _ = why;
        imp::trap()
    }
    #[cfg(not(target_arch = "nvptx64"))]
    imp::trap(why)
}
