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

use super::tiled_copy::{ThrLayout, TiledCopyVec, TiledTensor};

cute_static::kernel! {
    /// `tiled_copy.cu`'s `copy_kernel`: `D = S` over the tiled tensors
    /// `((_128,_64), m', n')`; grid `(m', n')`, 256 threads (`(32,8)`).
    pub fn copy_kernel(S: GmemTensor<f32, TiledTensor>, D: GmemTensor<f32, TiledTensor>) {
        super::tiled_copy::copy_kernel(S, D, ThrLayout::default())
    }

    /// `tiled_copy.cu`'s `copy_kernel_vectorized`: the same through the
    /// tiled copy of `UniversalCopy<uint128_t>` atoms (thread layout
    /// `(32,8)`, value layout `(4,1)`); the tensors' addresses and leading
    /// dimension multiples of 16 bytes.
    pub fn copy_kernel_vectorized(S: GmemTensor<f32, TiledTensor>, D: GmemTensor<f32, TiledTensor>) {
        super::tiled_copy::copy_kernel_vectorized(S, D, TiledCopyVec::default())
    }
}

use super::tiled_copy::{BlockShape, TensorLayout};

cute_static::kernel! {
    /// `tiled_copy_if.cu`'s `copy_if_kernel`: `D = S` for an `(M, N)`
    /// column-major tensor of any extents, by `(_128,_64)` tiles (partial
    /// ones predicated); grid `(⌈M/128⌉, ⌈N/64⌉)`, 256 threads.
    pub fn copy_if_kernel(S: GmemTensor<f32, TensorLayout>, D: GmemTensor<f32, TensorLayout>) {
        super::tiled_copy_if::copy_if_kernel::<_, _, _, _, (usize, usize)>(
            S,
            D,
            BlockShape::default(),
            ThrLayout::default(),
        )
    }

    /// `tiled_copy_if.cu`'s `copy_if_kernel_vectorized`: the same through
    /// the tiled copy of `UniversalCopy<uint128_t>` atoms (`(32,8)` threads,
    /// `(4,1)` values); `M` and the leading dimension multiples of 4.
    pub fn copy_if_kernel_vectorized(S: GmemTensor<f32, TensorLayout>, D: GmemTensor<f32, TensorLayout>) {
        super::tiled_copy_if::copy_if_kernel_vectorized::<_, _, _, _, (usize, usize)>(
            S,
            D,
            BlockShape::default(),
            TiledCopyVec::default(),
        )
    }
}

cute_static::kernel! {
    /// `sgemm_2.cu`'s `gemm_nt`: A `(M,K)`, B `(N,K)`, C `(M,N)`, all
    /// column-major, through tiled copies of 128-bit `UniversalCopy` atoms
    /// and a tiled MMA of `UniversalFMA`; grid `(M/128, N/128)`, 256
    /// threads; `ldA`, `ldB` and the addresses multiples of 16 bytes.
    pub fn sgemm_2_nt(
        mA: GmemTensor<f32, ColMajor>,
        mB: GmemTensor<f32, ColMajor>,
        mC: GmemTensor<f32, ColMajor>,
        alpha: f32,
        beta: f32,
    ) {
        super::sgemm_2::gemm_nt(mA, mB, mC, alpha, beta)
    }

    /// `sgemm_2.cu`'s `gemm_tn`: A `(M,K)` and B `(N,K)` row-major (K
    /// contiguous), C column-major, through tiled copies of 32-bit atoms
    /// (k-major threads) into padded shared tiles; grid `(M/128, N/128)`,
    /// 256 threads.
    pub fn sgemm_2_tn(
        mA: GmemTensor<f32, RowMajor>,
        mB: GmemTensor<f32, RowMajor>,
        mC: GmemTensor<f32, ColMajor>,
        alpha: f32,
        beta: f32,
    ) {
        super::sgemm_2::gemm_tn(mA, mB, mC, alpha, beta)
    }
}

cute_static::kernel! {
    /// `sgemm_sm80.cu`'s `gemm_tn` (`half_t`): A `(M,K)` and B `(N,K)`
    /// row-major (K contiguous), C column-major, all `half_t`; a 3-stage
    /// `cp.async` pipeline into `Sw<3,3,3>`-swizzled shared tiles, `ldmatrix`
    /// and `mma.sync` m16n8k16; grid `(M/128, N/128)`, 128 threads,
    /// `sgemm_sm80::SMEM_BYTES` (96 KiB) of dynamic shared memory.
    #[cfg(any(not(target_arch = "nvptx64"), feature = "sm80"))]
    pub fn sgemm_sm80_tn(
        mA: GmemTensor<cute_static::arch::F16, RowMajor>,
        mB: GmemTensor<cute_static::arch::F16, RowMajor>,
        mC: GmemTensor<cute_static::arch::F16, ColMajor>,
        alpha: cute_static::arch::F16,
        beta: cute_static::arch::F16,
    ) {
        super::sgemm_sm80::gemm_tn(mA, mB, mC, alpha, beta)
    }
}

cute_static::kernel! {
    /// `hopper/wgmma_sm90.cu`'s `gemm_tn` (`half_t`): A `(M,K)` and B
    /// `(N,K)` row-major, C column-major; a 3-stage `cp.async` pipeline into
    /// `GMMA::Layout_K_SW128_Atom` tiles, `wgmma.mma_async` m64n64k16 from
    /// shared-memory descriptors; grid `(M/128, N/128)`, 128 threads,
    /// `wgmma_sm90::SMEM_BYTES` (96 KiB) of dynamic shared memory.
    #[cfg(any(not(target_arch = "nvptx64"), feature = "sm90a"))]
    pub fn wgmma_sm90_tn(
        mA: GmemTensor<cute_static::arch::F16, RowMajor>,
        mB: GmemTensor<cute_static::arch::F16, RowMajor>,
        mC: GmemTensor<cute_static::arch::F16, ColMajor>,
        alpha: cute_static::arch::F16,
        beta: cute_static::arch::F16,
    ) {
        super::wgmma_sm90::gemm_tn(mA, mB, mC, alpha, beta)
    }

    /// `hopper/wgmma_sm90.cu`'s `gemm_nt` (`half_t`): A, B, C column-major;
    /// `GMMA::Layout_MN_SW128_Atom` tiles, MN-major descriptors; as
    /// `wgmma_sm90_tn` otherwise.
    #[cfg(any(not(target_arch = "nvptx64"), feature = "sm90a"))]
    pub fn wgmma_sm90_nt(
        mA: GmemTensor<cute_static::arch::F16, ColMajor>,
        mB: GmemTensor<cute_static::arch::F16, ColMajor>,
        mC: GmemTensor<cute_static::arch::F16, ColMajor>,
        alpha: cute_static::arch::F16,
        beta: cute_static::arch::F16,
    ) {
        super::wgmma_sm90::gemm_nt(mA, mB, mC, alpha, beta)
    }
}
