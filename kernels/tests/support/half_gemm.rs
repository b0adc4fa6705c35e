//! The `half_t` GEMM cases of `cute_sgemm_sm80.rs` and
//! `cute_wgmma_sm90.rs`: small-integer operands (every product and
//! partial sum exact in `half_t`, whatever the order of accumulation), the
//! exact answer, and the bit-for-bit comparison.

// Each test uses a part of this module.
#![allow(dead_code)]

use cute_static::arch::F16;

/// `(m, n, k)`: two CTAs along M, five k-tiles (more than the 3 stages,
/// so the pipeline wraps around its shared buffers).
pub const MNK: (usize, usize, usize) = (256, 128, 320);

/// A deterministic operand of small integers in `-2..=2`.
pub fn operand(len: usize, seed: u64) -> Vec<f32> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x >> 33) % 5) as f32 - 2.0
        })
        .collect()
}

/// One case of `MNK`: the leading dimensions, A, B and C as halves, and
/// the answer.
pub struct Case {
    /// `(ldA, ldB, ldC)`.
    pub ld: (usize, usize, usize),
    /// A, B and C before the kernel, as halves.
    pub a: Vec<F16>,
    pub b: Vec<F16>,
    pub c: Vec<F16>,
    /// `C = alpha·A·Bᵀ + beta·C` computed exactly, the padding of C as it
    /// was.
    pub want: Vec<f32>,
}

/// TN (`tn`: A, B row-major, K contiguous) or NT (A, B column-major) with
/// `alpha`, `beta` and leading dimensions padded by `(pa, pb, pc)`; `C`
/// is NaN where `beta` is 0 (a kernel that reads it fails).
pub fn case(tn: bool, alpha: f32, beta: f32, (pa, pb, pc): (usize, usize, usize)) -> Case {
    let (m, n, k) = MNK;
    let (lda, ldb, ldc) = if tn {
        (k + pa, k + pb, m + pc)
    } else {
        (m + pa, n + pb, m + pc)
    };
    let (a, b) = if tn {
        (operand(lda * m, 1), operand(ldb * n, 2))
    } else {
        (operand(lda * k, 1), operand(ldb * k, 2))
    };
    let at = |i: usize, l: usize| if tn { a[i * lda + l] } else { a[i + l * lda] };
    let bt = |j: usize, l: usize| if tn { b[j * ldb + l] } else { b[j + l * ldb] };
    let c0: Vec<f32> = if beta == 0.0 {
        vec![f32::NAN; ldc * n]
    } else {
        operand(ldc * n, 3)
    };
    let mut want = c0.clone();
    for j in 0..n {
        for i in 0..m {
            let dot: f32 = (0..k).map(|l| at(i, l) * bt(j, l)).sum();
            let c = if beta == 0.0 {
                0.0
            } else {
                beta * c0[i + j * ldc]
            };
            want[i + j * ldc] = alpha * dot + c;
        }
    }
    Case {
        ld: (lda, ldb, ldc),
        a: half(&a),
        b: half(&b),
        c: half(&c0),
        want,
    }
}

/// `v` rounded to halves.
pub fn half(v: &[f32]) -> Vec<F16> {
    v.iter().map(|&x| F16::from_f32(x)).collect()
}

/// `got` is `want` rounded to halves, bit for bit.
pub fn assert_halves(got: &[F16], want: &[f32]) {
    let bad: Vec<usize> = (0..want.len())
        .filter(|&i| got[i].to_bits() != F16::from_f32(want[i]).to_bits())
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {} elements differ, first at {}: got {}, want {}",
        bad.len(),
        want.len(),
        bad[0],
        got[bad[0]].to_f32(),
        want[bad[0]]
    );
}
