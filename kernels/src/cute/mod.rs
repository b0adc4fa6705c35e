//! CuTe's SIMT tutorials (CUTLASS 4.2.0 `examples/cute/tutorial`) written
//! with cute-static's device tensors (`cute_static::arch`,
//! `cute_static::device`): each is one generic function, line for line
//! like the tutorial's, instantiated as the PTX entry points of `ptx.rs`
//! and, on the host, run by `cute_static::arch::host::launch` in the
//! tests.

pub mod cp_async_sm80;
pub mod dynamic_smem;
pub mod entries;
pub mod half_copy;
pub mod ldsm_sm80;
pub mod mma_sm80;
pub mod sgemm_1;
pub mod sgemm_2;
pub mod sgemm_sm80;
pub mod tiled_copy;
pub mod tiled_copy_if;
pub mod wgmma_sm90;
