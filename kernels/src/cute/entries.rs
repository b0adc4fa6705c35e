//! The PTX entry points of the CuTe tutorials (and, on the host, the same
//! functions, which the tests launch): each instantiates one generic
//! kernel of this module.

use cute_static::arch::GmemTensor;

use super::sgemm_1::{ColMajor, RowMajor};

cute_static::kernel! {
    /// `sgemm_1.cu`'s `gemm_nt`: A `(M,K)`, B `(N,K)`, C `(M,N)`, all
    /// column-major; grid `(M/128, N/128)`, 256 threads.
    pub fn sgemm_1_nt(
        mA: GmemTensor<f32, ColMajor>,
        mB: GmemTensor<f32, ColMajor>,
        mC: GmemTensor<f32, ColMajor>,
        alpha: f32,
        beta: f32,
    ) {
        super::sgemm_1::gemm_nt(mA, mB, mC, alpha, beta)
    }

    /// `sgemm_1.cu`'s `gemm_tn`: A `(M,K)` and B `(N,K)` row-major (K
    /// contiguous), C column-major; grid `(M/128, N/128)`, 256 threads.
    pub fn sgemm_1_tn(
        mA: GmemTensor<f32, RowMajor>,
        mB: GmemTensor<f32, RowMajor>,
        mC: GmemTensor<f32, ColMajor>,
        alpha: f32,
        beta: f32,
    ) {
        super::sgemm_1::gemm_tn(mA, mB, mC, alpha, beta)
    }
}
