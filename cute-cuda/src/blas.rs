//! The GEMM reference through cuBLAS (feature `cublas`; the library is
//! opened at run time like the driver).

use cudarc::cublas::sys::cublasOperation_t;
use cudarc::cublas::{CudaBlas, Gemm, GemmConfig};
use cudarc::driver::CudaSlice;

use crate::error::{Error, Result};
use crate::gpu::Gpu;
use crate::runner::GemmArgs;

/// Whether libcublas can be opened here.
pub fn cublas_present() -> bool {
    // SAFETY: opens the library by name and closes it; no symbol called.
    unsafe { cudarc::cublas::sys::is_culib_present() }
}

/// `C = α·A·Bᵀ + β·C` by `cublasSgemm` on the operands of a GEMM kernel
/// of argument list `args` (A `m × k`, B `n × k`, column-major for NT,
/// K-major for TN; C `m × n` column-major, leading dimensions `ld`), with
/// C starting from `c`; returns C.
pub fn sgemm(
    gpu: &Gpu,
    args: GemmArgs,
    (m, n, k): (usize, usize, usize),
    (lda, ldb, ldc): (usize, usize, usize),
    (alpha, beta): (f32, f32),
    (a, b): (&CudaSlice<f32>, &CudaSlice<f32>),
    c: &[f32],
) -> Result<Vec<f32>> {
    if !cublas_present() {
        return Err(Error::Cublas {
            reason: "libcublas could not be opened".into(),
        });
    }
    let int = |v: usize| {
        i32::try_from(v).map_err(|_| Error::Cublas {
            reason: format!("{v} does not fit cuBLAS's int"),
        })
    };
    let blas = CudaBlas::new(gpu.stream().clone()).map_err(|e| Error::Cublas {
        reason: format!("cublasCreate: {e:?}"),
    })?;
    // NT: op(A) = A (m × k, lda), op(B) = Bᵀ (B n × k, ldb). TN: A is
    // stored as the k × m column-major Aᵀ, so op(A) = T; B as the k × n
    // Bᵀ, op(B) = N.
    let (transa, transb) = if args.k_major() {
        (
            cublasOperation_t::CUBLAS_OP_T,
            cublasOperation_t::CUBLAS_OP_N,
        )
    } else {
        (
            cublasOperation_t::CUBLAS_OP_N,
            cublasOperation_t::CUBLAS_OP_T,
        )
    };
    let cfg = GemmConfig {
        transa,
        transb,
        m: int(m)?,
        n: int(n)?,
        k: int(k)?,
        alpha,
        lda: int(lda)?,
        ldb: int(ldb)?,
        beta,
        ldc: int(ldc)?,
    };
    let mut c_dev = gpu.upload(c)?;
    // SAFETY: A, B and C hold the operands for (m, n, k) and the leading
    // dimensions as the kernels' buffers do (the runner sizes them).
    unsafe { blas.gemm(cfg, a, b, &mut c_dev) }.map_err(|e| Error::Cublas {
        reason: format!("cublasSgemm: {e:?}"),
    })?;
    gpu.download(&c_dev)
}
