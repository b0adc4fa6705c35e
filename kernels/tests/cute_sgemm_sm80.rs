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

#[path = "support/half_gemm.rs"]
mod half_gemm;
use half_gemm::{MNK, assert_halves, case};

/// The TN entry with `alpha`, `beta`, leading dimensions padded by
/// `(pa, pb, pc)` (`ldA = K + pa`, `ldB = K + pb`, `ldC = M + pc`), against
/// `C = alpha·A·Bᵀ + beta·C` computed exactly; the padding of C untouched.
fn check(alpha: f32, beta: f32, pads: (usize, usize, usize)) {
    let (m, n, k) = MNK;
    let case = case(true, alpha, beta, pads);
    let (lda, ldb, ldc) = case.ld;
    let (ga, gb, gc) = (
        GlobalBuffer::from_slice(&case.a),
        GlobalBuffer::from_slice(&case.b),
        GlobalBuffer::from_slice(&case.c),
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
    assert_halves(&gc.to_vec(), &case.want);
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
