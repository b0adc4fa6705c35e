//! `sgemm_1` on the host: blocks and threads emulated by loops (every
//! thread's copy, then every thread's multiply-accumulate, per K slice, as
//! the barriers order them), compared with a naive GEMM.

use cute_kernels::sgemm::{
    Fragment, SgemmRC, SgemmSA, SgemmSB, SgemmTA, SgemmTC, copy_tile, copy_tile_hand, mma_tile,
    mma_tile_hand, store_c, store_c_hand,
};
use cute_static::layout;

/// `(m, n, k, lda, ldb, ldc)`: leading dimensions padded past the sizes.
const DIMS: (usize, usize, usize, usize, usize, usize) = (256, 128, 64, 259, 133, 257);
const THREADS: usize = 256;

fn inputs() -> (Vec<f32>, Vec<f32>, Vec<f32>) {
    let (_, n, k, lda, ldb, ldc) = DIMS;
    let a = (0..lda * k).map(|x| (x % 7) as f32 - 3.0).collect();
    let b = (0..ldb * k).map(|x| (x % 5) as f32 - 2.0).collect();
    let c = (0..ldc * n).map(|x| (x % 3) as f32).collect();
    (a, b, c)
}

/// The reference GEMM of cute-static's GEMM examples (`naive_gemm_nt`:
/// `C = α·A·Bᵀ + β·C`, column-major, by the definition).
#[allow(dead_code)]
#[path = "../../cute-static/examples/support/naive_gemm.rs"]
mod naive_gemm;

/// The reference on [`DIMS`].
fn naive(alpha: f32, a: &[f32], b: &[f32], beta: f32, c: &mut [f32]) {
    let (m, n, k, lda, ldb, ldc) = DIMS;
    naive_gemm::naive_gemm_nt((m, n, k), alpha, a, lda, b, ldb, beta, c, ldc);
}

#[test]
fn generic_sgemm_1_matches_naive() {
    let (m, n, k, lda, ldb, ldc) = DIMS;
    let (alpha, beta) = (2.0, -1.0);
    let (a, b, c0) = inputs();
    let ga = layout!(({m:128}, {k:8}):(1, {lda})).unwrap(); // as the PTX kernel
    let gb = layout!(({n:128}, {k:8}):(1, {ldb})).unwrap();
    let gc = layout!(({m:128}, {n:128}):(1, {ldc})).unwrap();
    let (sa_l, sb_l, ta, tc, rc) = (
        SgemmSA::new(),
        SgemmSB::new(),
        SgemmTA::new(),
        SgemmTC::new(),
        SgemmRC::new(),
    );
    let mut c = c0.clone();
    for bx in 0..m / 128 {
        for by in 0..n / 128 {
            let (bm, bn) = (bx * 128, by * 128);
            let mut acc = vec![Fragment::<64>::default(); THREADS];
            let (mut sa, mut sb) = (vec![f32::NAN; 1024], vec![f32::NAN; 1024]);
            for k0 in (0..k).step_by(8) {
                for t in 0..THREADS {
                    copy_tile((ga, sa_l, ta), (bm, k0), t, &&a[..], &mut &mut sa[..]);
                    copy_tile((gb, sb_l, ta), (bn, k0), t, &&b[..], &mut &mut sb[..]);
                }
                for (t, acc) in acc.iter_mut().enumerate() {
                    mma_tile((sa_l, sb_l, tc, rc), t, &&sa[..], &&sb[..], acc);
                }
            }
            for (t, acc) in acc.iter().enumerate() {
                store_c(
                    (gc, tc, rc),
                    (bm, bn),
                    t,
                    (alpha, beta),
                    acc,
                    &mut &mut c[..],
                );
            }
        }
    }
    let mut expected = c0;
    naive(alpha, &a, &b, beta, &mut expected);
    assert_eq!(c, expected);
}

#[test]
fn hand_written_sgemm_1_matches_naive() {
    let (m, n, k, lda, ldb, ldc) = DIMS;
    let (alpha, beta) = (0.5, 3.0);
    let (a, b, c0) = inputs();
    let mut c = c0.clone();
    for bx in 0..m / 128 {
        for by in 0..n / 128 {
            let (bm, bn) = (bx * 128, by * 128);
            let mut acc = vec![[0.0f32; 64]; THREADS];
            let (mut sa, mut sb) = (vec![f32::NAN; 1024], vec![f32::NAN; 1024]);
            for k0 in (0..k).step_by(8) {
                for t in 0..THREADS {
                    copy_tile_hand(lda, (bm, k0), t, &&a[..], &mut &mut sa[..]);
                    copy_tile_hand(ldb, (bn, k0), t, &&b[..], &mut &mut sb[..]);
                }
                for (t, acc) in acc.iter_mut().enumerate() {
                    mma_tile_hand(t, &&sa[..], &&sb[..], acc);
                }
            }
            for (t, acc) in acc.iter().enumerate() {
                store_c_hand(ldc, (bm, bn), t, (alpha, beta), acc, &mut &mut c[..]);
            }
        }
    }
    let mut expected = c0;
    naive(alpha, &a, &b, beta, &mut expected);
    assert_eq!(c, expected);
}
