//! The device: memory-space pointers, device tensors, shared storage,
//! thread and block indices, the block barrier, fused multiply-add and
//! vector accesses — the crate's only `unsafe` code and inline assembly.
//!
//! | CuTe / CUDA | here |
//! |---|---|
//! | `make_gmem_ptr(p)`, `make_smem_ptr(p)` | [`GmemPtr`], [`SmemPtr`] |
//! | `make_tensor(make_gmem_ptr(p), layout)` | a kernel parameter [`GmemTensor`] (host: [`GlobalBuffer::tensor`]) |
//! | `__shared__ T smem[cosize_v<L>]`, `SharedStorage` | [`shared_storage`]`::<(SmemArray<T, L>, …)>()` |
//! | `extern __shared__` storage (dynamic shared memory) | [`dynamic_shared_storage`] |
//! | `make_tensor(make_smem_ptr(smem), layout)` | [`SmemArray::tensor`] |
//! | `threadIdx`, `blockIdx`, `blockDim`, `gridDim` | [`thread_idx`], [`block_idx`], [`block_dim`], [`grid_dim`] |
//! | `__syncthreads()` | [`syncthreads`] |
//! | `fma` (`UniversalFMA`) | [`fma`] |
//! | `half_t` in registers, `MMA_Atom::call` (`mma.sync`, `fma`) | [`F16`], [`MmaCall`] (the SM80 atoms, `UniversalFMA`; what [`device::gemm_with`](crate::device::gemm_with) issues) |
//! | `SM75_*_LDSM_*` copies (`ldmatrix`) | [`copy_ldsm`] |
//! | `SM80_CP_ASYNC_*` copies (`_ZFILL`: predicated, zero-filling), `cp_async_fence`, `cp_async_wait<N>` | [`copy_async`], [`copy_async_if`], [`cp_async_fence`], [`cp_async_wait`] |
//! | GMMA SS atoms (`wgmma.mma_async`), `make_fragment_A/B` descriptors, `warpgroup_arrive/commit_batch/wait<N>/fence_operand` | [`GmmaFragments`], [`warpgroup_arrive`], [`warpgroup_commit_batch`], [`warpgroup_wait`], [`warpgroup_fence_operand`] |
//! | `uint128_t` accesses (`UniversalCopy<uint128_t>`) | [`PtrTensor::read_vector`], [`PtrTensor::write_vector`] |
//!
//! On `nvptx64-nvidia-cuda` each is its instruction: `ld.global`/`st.global`
//! for global tensors, `ld.shared`/`st.shared` on 32-bit shared addresses
//! for shared ones (never generic `ld`/`st`), `.v2`/`.v4` for 64- and
//! 128-bit accesses, `fma.rn.f32`, `bar.sync 0`, the special registers.
//! On the host ([`host`], with the `std` feature) the same functions run a
//! grid emulated by OS threads and barriers, so the one generic kernel
//! function is tested on the host. The device algorithms over these
//! tensors (`copy`, `gemm`, `axpby`, …) are in [`device`](crate::device).
//!
//! What is checked where: the static facts (sizes of static layouts, a
//! tiled copy's tile dividing the tile, the shared array holding the
//! layout) at compile time; the run-time ones once where a tensor or view
//! is made (a host buffer's length and the layout's validity, no overflow
//! in its size and offsets, its size and cosize within `i32` as CuTe's
//! `int` ([`MAX_COSIZE`]); a tile coordinate; a run-time shape divisible
//! by the tiler), by a trap on the device and a panic on the host. A view
//! of a tensor does not check overflow again: its offsets are offsets of
//! the tensor's valid layout (see the tensor type's invariant). Nothing
//! returns `Result` in device code.

mod cp_async;
mod entry;
mod fragment;
pub use fragment::{KBlock, WithUnitMode};
mod index;
mod ldsm;
pub(crate) mod math;
mod partition;
mod ptr;
pub(crate) mod scalar;
mod sm80;
mod sm90;
mod smem;
mod tensor;

#[cfg(not(target_arch = "nvptx64"))]
pub mod host;

pub use cp_async::{
    CpAsyncOp, CpAsyncZfill, TiledCopyAsync, copy_async, copy_async_if, cp_async_fence,
    cp_async_wait,
};
#[cfg(not(target_arch = "nvptx64"))]
pub use host::GlobalBuffer;
pub use index::{Dim3, block_dim, block_idx, grid_dim, syncthreads, thread_idx, thread0, trap};
pub use ldsm::{LdsmOp, TiledCopyLdsm, copy_ldsm};
pub use math::{Fma, fma};
pub use partition::{
    CopyPartitionable, DeviceCopyPartition, DeviceMmaPartition, MmaPartitionable, ThreadSlice,
};
pub use ptr::{GmemPtr, MemPtr, SmemPtr};
pub use scalar::{Scalar, lanes, pack, unpack};
pub use sm80::{F16, FragmentShape, MmaCall, MmaFragments, MmaValue};
pub use sm90::{
    DescLayout, DescTensor, FenceValue, GmmaFragments, warpgroup_arrive, warpgroup_commit_batch,
    warpgroup_fence_operand, warpgroup_wait,
};
pub use smem::{
    MAX_DYNAMIC_BYTES, MAX_STATIC_BYTES, SharedStorage, SmemArray, SmemLayout,
    dynamic_shared_storage, shared_storage,
};
pub use tensor::{
    Coords2, DeviceView, GmemTensor, MAX_COSIZE, PartialTensor, PtrTensor, SmemTensor, Transform,
    lazy_transform, view_local_partition, view_local_tile,
};
