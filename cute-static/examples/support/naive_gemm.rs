//! The reference GEMM and operands of the GEMM examples (`sgemm_1.rs`,
//! `sgemm_sm80.rs`), included by each with `#[path]`.

/// The reference: `C(m,n) = alpha·Σ_k A(m,k)·B(n,k) + beta·C(m,n)`.
#[allow(clippy::too_many_arguments)]
pub fn naive_gemm_nt(
    (m, n, k): (usize, usize, usize),
    alpha: f32,
    a: &[f32],
    lda: usize,
    b: &[f32],
    ldb: usize,
    beta: f32,
    c: &mut [f32],
    ldc: usize,
) {
    for j in 0..n {
        for i in 0..m {
            let mut acc = 0.0f32;
            for p in 0..k {
                acc += a[i + lda * p] * b[j + ldb * p];
            }
            c[i + ldc * j] = alpha * acc + beta * c[i + ldc * j];
        }
    }
}

/// Small integers, so that every sum is exact in `f32` whatever the order.
pub fn operand(len: usize, seed: usize) -> Vec<f32> {
    (0..len)
        .map(|i| ((i * 7 + seed) % 9) as f32 - 4.0)
        .collect()
}
