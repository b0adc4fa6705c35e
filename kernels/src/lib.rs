//! # cute-kernels: device kernels written with cute-static
//!
//! Each kernel body is a plain generic Rust function over its layouts —
//! one bound per layout: [`Matrix`] (a rank-2 [`StaticLayout`], or a
//! [`Swizzled`] one) or, for run-time global matrices,
//! [`sgemm::GlobalMatrix`] (a rank-2 `MixedLayout`) — that takes the block
//! and thread indices and an accessor for each buffer. It is instantiated
//! twice:
//!
//! * for `nvptx64-nvidia-cuda`, where `extern "ptx-kernel"` entry points
//!   (module `ptx`, compiled for that target only) read the block and
//!   thread indices from `core::arch::nvptx` and pass raw-pointer
//!   accessors;
//! * for the host, where the tests emulate the grid with loops over blocks
//!   and threads and compare with naive loops.
//!
//! Beside each generic kernel lives its hand-written twin
//! with literal index arithmetic (`row * 1024 + col`), exported the same
//! way, so that the PTX of the two can be compared
//! (`kernels/ptx-check.sh`).
//!
//! ```
//! use cute_kernels::Matrix;
//! use cute_kernels::transpose::{TransposeA, TransposeB};
//! // A is row-major 1024×1024; B = Aᵀ, addressed by A's coordinates.
//! assert_eq!(TransposeA::default().at(3, 5), 3 * 1024 + 5);
//! assert_eq!(TransposeB::default().at(3, 5), 3 + 5 * 1024);
//! ```
#![no_std]
#![cfg_attr(
    target_arch = "nvptx64",
    feature(abi_ptx, stdarch_nvptx, asm_experimental_arch)
)]
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(missing_docs)]

// The host instantiation links `std` (its panic handler) so that the
// `cdylib` builds on the host too; the kernels themselves use `core` only.
#[cfg(not(target_arch = "nvptx64"))]
extern crate std;

pub mod access;
pub mod cute;
pub mod matrix;
pub mod sgemm;
pub mod sgemm_tv;
pub mod tensor_core;
pub mod transpose;

#[cfg(target_arch = "nvptx64")]
mod ptx;

pub use access::{Load, Store};
pub use matrix::{Matrix, Swizzled};

pub use cute_static::layout::StaticLayout;
