//! The reference GEMM and operands of the GEMM examples (`sgemm_1.rs`,
//! `sgemm_sm80.rs`) and of `kernels/tests/sgemm.rs`, included by each with
//! `#[path]`.

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

/// The signature of the examples' `gemm_nt(m, n, k, alpha, A, ldA, B, ldB,
/// beta, C, ldC)`.
pub type GemmNt = fn(
    usize,
    usize,
    usize,
    f32,
    &[f32],
    usize,
    &[f32],
    usize,
    f32,
    &mut [f32],
    usize,
) -> Result<(), cute_static::Error>;

/// The examples' `main`: `gemm` on a 256×256×64 problem, and how many
/// elements differ from the naive GEMM.
pub fn report(name: &str, gemm: GemmNt) -> Result<(), cute_static::Error> {
    let (m, n, k) = (256, 256, 64);
    let (a, b) = (operand(m * k, 1), operand(n * k, 2));
    let mut c = operand(m * n, 3);
    let mut want = c.clone();
    gemm(m, n, k, 1.0, &a, m, &b, n, 0.5, &mut c, m)?;
    naive_gemm_nt((m, n, k), 1.0, &a, m, &b, n, 0.5, &mut want, m);
    let diff = c.iter().zip(&want).filter(|(x, y)| x != y).count();
    println!("{name} {m}x{n}x{k}: {diff} elements differ from the naive GEMM");
    Ok(())
}

/// `gemm` equals the naive GEMM on `(m, n, k)` with leading dimensions
/// larger than the extents (alpha 2, beta -1).
#[cfg(test)]
pub fn assert_matches_naive(gemm: GemmNt, (m, n, k): (usize, usize, usize)) {
    let (lda, ldb, ldc) = (m + 4, n + 8, m + 1);
    let (a, b) = (operand(lda * k, 1), operand(ldb * k, 2));
    let mut c = operand(ldc * n, 3);
    let mut want = c.clone();
    gemm(m, n, k, 2.0, &a, lda, &b, ldb, -1.0, &mut c, ldc).unwrap();
    naive_gemm_nt((m, n, k), 2.0, &a, lda, &b, ldb, -1.0, &mut want, ldc);
    assert_eq!(c, want);
}

/// `M`, `N`, `K` not multiples of the `(128, 128, 8)` tile: refused once,
/// when the global tensors are built, by the divisors of their run-time
/// leaves (a `divisibility` error, not a panic).
#[cfg(test)]
pub fn assert_partial_tiles_refused(gemm: GemmNt) {
    for (m, n, k) in [(100, 128, 8), (128, 200, 8), (128, 128, 12)] {
        let (a, b) = (operand(m * k, 1), operand(n * k, 2));
        let mut c = vec![0.0; m * n];
        let e = gemm(m, n, k, 1.0, &a, m, &b, n, 0.0, &mut c, m).unwrap_err();
        assert_eq!(e.kind(), "divisibility");
    }
}

/// The operands of a tile check `C = C₀ + A·Bᵀ` (the tensor-core tests):
/// host global buffers of `A` (`m×k`), `B` (`n×k`) and `C₀` (`m×n`),
/// column-major [`operand`]s — integers in `[-4, 4]`, exact in `half_t`,
/// and so is every sum for `k ≤ 127` whatever the order — and the
/// expected `C`.
#[allow(dead_code)] // the examples include this file too
pub fn mma_case(
    (m, n, k): (usize, usize, usize),
) -> ([cute_static::arch::GlobalBuffer<f32>; 3], Vec<f32>) {
    let (a, b, c0) = (operand(m * k, 1), operand(n * k, 2), operand(m * n, 3));
    let mut want = c0.clone();
    naive_gemm_nt((m, n, k), 1.0, &a, m, &b, n, 1.0, &mut want, m);
    let buffers = [&a, &b, &c0].map(|x| cute_static::arch::GlobalBuffer::from_slice(x));
    (buffers, want)
}

/// The number of elements of `got` that differ from `want`.
#[allow(dead_code)]
pub fn differences(got: &[f32], want: &[f32]) -> usize {
    got.iter().zip(want).filter(|(g, w)| g != w).count()
}
