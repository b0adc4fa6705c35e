//! The host side of cute-algebra's kernels, on
//! [cudarc](https://docs.rs/cudarc) with the CUDA driver loaded at run
//! time: the crate builds, links and tests on a machine without CUDA, and
//! says so ([`Error::NoDriver`]) instead of aborting.
//!
//! * [`Gpu`], [`Module`], [`Kernel`]: a device, its PTX module (text
//!   JIT-compiled by the driver, or a cubin) located by [`ModuleSource`],
//!   device buffers, launches, event timings ([`Stats`]: median, min,
//!   max).
//! * [`LaunchPlan`]: a launch configuration from the layouts — grid
//!   `ceil_div(problem, CTA tile)`, block `size(thread layout)`, shared
//!   bytes `cosize(sA) × sizeof(T) + …` ([`SharedMemory`]: declared in the
//!   module and checked, or dynamic with the opt-in above 48 KiB).
//! * [`Arg`]: a cute-static [`DeviceCopy`](cute_static::kernel_arg::DeviceCopy) value
//!   (a [`KernelLayout`](cute_static::kernel_arg::KernelLayout) or
//!   [`KernelTensor`](cute_static::kernel_arg::KernelTensor): a mixed layout's
//!   run-time leaves, `#[repr(C)]`) as a cudarc kernel argument.
//! * [`TensorMap`]: a TMA descriptor, the driver's encoding
//!   ([`Gpu::encode_tensor_map`]) of the arguments cute-dynamic's
//!   `make_tma_copy` derives from a global and a shared layout.
//! * [`runner`]: the table-driven GPU test and benchmark runner (binary
//!   `cute-gpu-run`), every kernel against a reference (cuBLAS with the
//!   feature `cublas`, the host otherwise) and its twin.
//!
//! ```
//! use cute_cuda::{Gpu, Error};
//! match Gpu::new(0) {
//!     Ok(gpu) => println!("{}", gpu.describe()?),
//!     Err(e) if e.is_no_device() => println!("SKIPPED: {e}"),
//!     Err(e) => return Err(e),
//! }
//! # Ok::<(), Error>(())
//! ```
#![deny(missing_docs)]

mod arg;
#[cfg(feature = "cublas")]
pub mod blas;
pub mod check;
mod error;
mod gpu;
mod launch;
pub mod runner;
mod timing;
mod tma;

pub use arg::Arg;
pub use error::{Error, Result};
#[cfg(feature = "embed-ptx")]
pub use gpu::EMBEDDED_PTX;
pub use gpu::{
    DEFAULT_PTX, Gpu, Kernel, Module, ModuleSource, PTX_ENV, driver_present, ptx_entries,
};
pub use launch::{LaunchPlan, SharedMemory, tile_bytes};
pub use timing::{Duration, Stats};
pub use tma::{
    TensorMap, TmaReferenceCase, driver_data_type, driver_interleave, driver_l2_promotion,
    driver_oob_fill, driver_swizzle, tensor_map_violation, tma_reference_cases,
};

/// cudarc's launch builder and argument trait, for [`Kernel::launch`]'s
/// closure (`args.arg(&x)`).
pub use cudarc::driver::{LaunchArgs, PushKernelArg};
