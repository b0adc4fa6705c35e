//! CuTe's `sgemm_sm80` (`cute_kernels::cute::sgemm_sm80`) on the host: the
//! TN entry (`half_t` A, B row-major, C column-major; 3-stage `cp.async`
//! pipeline into swizzled shared tiles, `ldmatrix`, `mma.sync` m16n8k16)
//! on the emulated grid (one OS thread per CUDA thread, `syncthreads` a
//! barrier, `ldmatrix` and `mma.sync` executed as their atoms' layouts
//! define them) against a naive GEMM, bit for bit. The operands are small
//! integers, so every product and partial sum is exact in `half_t`
//! whatever the order of the MMA's accumulation.

use cute_kernels::cute::entries::sgemm_sm80_tn;
use cute_kernels::cute::sgemm_sm80::SMEM_BYTES;
use cute_static::arch::{Dim3, F16, GlobalBuffer, host};
use cute_static::layout::MixedLayout;
use cute_static::{C, Dyn};

/// `(m, n, k)`: two CTAs along M, five k-tiles (more than the 3 stages,
/// so the pipeline wraps around its shared buffers).
const MNK: (usize, usize, usize) = (256, 128, 320);

/// A deterministic operand of small integers in `-2..=2`.
fn operand(len: usize, seed: u64) -> Vec<f32> {
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

/// The TN entry with `alpha`, `beta`, leading dimensions padded by
/// `(pa, pb, pc)` (`ldA = K + pa`, `ldB = K + pb`, `ldC = M + pc`), against
/// `C = alpha·A·Bᵀ + beta·C` computed exactly; the padding of C untouched.
fn check(alpha: f32, beta: f32, (pa, pb, pc): (usize, usize, usize)) {
    let (m, n, k) = MNK;
    let (lda, ldb, ldc) = (k + pa, k + pb, m + pc);
    let (a, b) = (operand(lda * m, 1), operand(ldb * n, 2));
    let c0: Vec<f32> = if beta == 0.0 {
        vec![f32::NAN; ldc * n]
    } else {
        operand(ldc * n, 3)
    };
    let mut want = c0.clone();
    for j in 0..n {
        for i in 0..m {
            let dot: f32 = (0..k).map(|l| a[i * lda + l] * b[j * ldb + l]).sum();
            let c = if beta == 0.0 {
                0.0
            } else {
                beta * c0[i + j * ldc]
            };
            want[i + j * ldc] = alpha * dot + c;
        }
    }
    let half = |v: &[f32]| v.iter().map(|&x| F16::from_f32(x)).collect::<Vec<_>>();
    let (ga, gb, gc) = (
        GlobalBuffer::from_slice(&half(&a)),
        GlobalBuffer::from_slice(&half(&b)),
        GlobalBuffer::from_slice(&half(&c0)),
    );
    let ma = ga
        .tensor(MixedLayout::new((Dyn(m), Dyn(k)), (Dyn(lda), C::<1>)).unwrap())
        .unwrap();
    let mb = gb
        .tensor(MixedLayout::new((Dyn(n), Dyn(k)), (Dyn(ldb), C::<1>)).unwrap())
        .unwrap();
    let mc = gc
        .tensor(MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(ldc))).unwrap())
        .unwrap();
    let (alpha, beta) = (F16::from_f32(alpha), F16::from_f32(beta));
    host::launch(Dim3::new(m / 128, n / 128, 1), Dim3::new(128, 1, 1), || {
        sgemm_sm80_tn(ma, mb, mc, alpha, beta)
    });
    let got = gc.to_vec();
    let bad: Vec<usize> = (0..ldc * n)
        .filter(|&i| got[i].to_bits() != F16::from_f32(want[i]).to_bits())
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {} elements differ, first at {}: got {}, want {}",
        bad.len(),
        ldc * n,
        bad[0],
        got[bad[0]].to_f32(),
        want[bad[0]]
    );
}

#[test]
fn sgemm_sm80_tn_matches_naive() {
    // The values stay within ±2048 (exact integers in half_t).
    check(1.0, -1.0, (8, 16, 1));
}

#[test]
fn sgemm_sm80_tn_beta_zero_does_not_read_c() {
    check(1.0, 0.0, (0, 8, 3));
}

#[test]
fn shared_storage_is_cutes() {
    // sizeof(SharedStorage<half_t, half_t, sA, sB>): 2 × 128·64·3 halves.
    assert_eq!(SMEM_BYTES, 2 * 128 * 64 * 3 * 2);
}

/// A leading dimension that is not a multiple of 8 halves makes the
/// 128-bit `cp.async` misaligned: a fault on the device, a panic here.
#[test]
#[should_panic(expected = "misaligned")]
fn misaligned_lda_faults() {
    check(1.0, 0.0, (4, 8, 1));
}
