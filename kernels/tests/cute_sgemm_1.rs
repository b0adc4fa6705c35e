//! CuTe's `sgemm_1` (`cute_kernels::cute::sgemm_1`) on the host: the one
//! generic kernel, its NT and TN instances as the PTX entry points run
//! them, the grid emulated by `cute_static::arch::host::launch` (one OS
//! thread per CUDA thread, `syncthreads` a barrier), against the naive
//! GEMM of the examples.

use cute_kernels::cute::entries::{sgemm_1_nt as gemm_nt, sgemm_1_tn as gemm_tn};
use cute_static::arch::{Dim3, GlobalBuffer, host};
use cute_static::layout::MixedLayout;
use cute_static::{C, Dyn};

#[allow(dead_code)]
#[path = "../../cute-static/examples/support/naive_gemm.rs"]
mod naive_gemm;

/// `(m, n, k)` and padded leading dimensions.
const MNK: (usize, usize, usize) = (256, 128, 24);

/// With `beta == 0` C starts as NaN: as in CuTe's `axpby`, C is then not
/// read, so no NaN may reach the result (and the padding rows stay NaN).
fn check(tn: bool, beta: f32) {
    let (m, n, k) = MNK;
    let alpha = 2.0f32;
    // NT: A is (m,k) column-major, ldA ≥ m; TN: (m,k) row-major, ldA ≥ k.
    let (lda, ldb, ldc) = if tn {
        (k + 3, k + 5, m + 1)
    } else {
        (m + 3, n + 5, m + 1)
    };
    let (a_len, b_len) = if tn {
        (lda * m, ldb * n)
    } else {
        (lda * k, ldb * k)
    };
    let a = naive_gemm::operand(a_len, 1);
    let b = naive_gemm::operand(b_len, 2);
    let c0 = if beta == 0.0 {
        vec![f32::NAN; ldc * n]
    } else {
        naive_gemm::operand(ldc * n, 3)
    };

    // The reference, on column-major copies of A and B.
    let at = |x: &[f32], ld: usize, rows: usize| -> Vec<f32> {
        if tn {
            (0..rows * k)
                .map(|i| x[(i % rows) * ld + i / rows])
                .collect()
        } else {
            (0..rows * k)
                .map(|i| x[i % rows + (i / rows) * ld])
                .collect()
        }
    };
    // The reference starts from C, or from zeros where C must not be read.
    let mut want = if beta == 0.0 {
        vec![0.0; ldc * n]
    } else {
        c0.clone()
    };
    naive_gemm::naive_gemm_nt(
        (m, n, k),
        alpha,
        &at(&a, lda, m),
        m,
        &at(&b, ldb, n),
        n,
        beta,
        &mut want,
        ldc,
    );

    let (ga, gb, gc) = (
        GlobalBuffer::from_slice(&a),
        GlobalBuffer::from_slice(&b),
        GlobalBuffer::from_slice(&c0),
    );
    let grid = Dim3::new(m / 128, n / 128, 1);
    let mc = gc
        .tensor(MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(ldc))).unwrap())
        .unwrap();
    if tn {
        let ma = ga
            .tensor(MixedLayout::new((Dyn(m), Dyn(k)), (Dyn(lda), C::<1>)).unwrap())
            .unwrap();
        let mb = gb
            .tensor(MixedLayout::new((Dyn(n), Dyn(k)), (Dyn(ldb), C::<1>)).unwrap())
            .unwrap();
        host::launch(grid, Dim3::new(256, 1, 1), || {
            gemm_tn(ma, mb, mc, alpha, beta)
        });
    } else {
        let ma = ga
            .tensor(MixedLayout::new((Dyn(m), Dyn(k)), (C::<1>, Dyn(lda))).unwrap())
            .unwrap();
        let mb = gb
            .tensor(MixedLayout::new((Dyn(n), Dyn(k)), (C::<1>, Dyn(ldb))).unwrap())
            .unwrap();
        host::launch(grid, Dim3::new(256, 1, 1), || {
            gemm_nt(ma, mb, mc, alpha, beta)
        });
    }
    // Cells outside the m × n problem (the padding rows) are left as C was.
    for (i, w) in want.iter_mut().enumerate() {
        if i % ldc >= m {
            *w = c0[i];
        }
    }
    let got = gc.to_vec();
    let bad = (0..ldc * n)
        .filter(|&i| got[i].to_bits() != want[i].to_bits())
        .count();
    assert_eq!(bad, 0, "{} of {} elements differ (tn = {tn})", bad, ldc * n);
}

#[test]
fn sgemm_1_nt_matches_naive() {
    check(false, -1.0);
}

#[test]
fn sgemm_1_nt_beta_zero_does_not_read_c() {
    check(false, 0.0);
}

#[test]
fn sgemm_1_tn_matches_naive() {
    check(true, -1.0);
}

#[test]
fn sgemm_1_tn_beta_zero_does_not_read_c() {
    check(true, 0.0);
}

/// A K that is not a multiple of the CTA tile's 8 traps in `local_tile`
/// (the tutorial assumes whole tiles).
#[test]
#[should_panic(expected = "local_tile: the tiler does not divide")]
fn partial_k_tile_traps() {
    let (m, n, k) = (128, 128, 12);
    let (ga, gb, gc) = (
        GlobalBuffer::<f32>::zeroed(m * k),
        GlobalBuffer::<f32>::zeroed(n * k),
        GlobalBuffer::<f32>::zeroed(m * n),
    );
    let ma = ga
        .tensor(MixedLayout::new((Dyn(m), Dyn(k)), (C::<1>, Dyn(m))).unwrap())
        .unwrap();
    let mb = gb
        .tensor(MixedLayout::new((Dyn(n), Dyn(k)), (C::<1>, Dyn(n))).unwrap())
        .unwrap();
    let mc = gc
        .tensor(MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(m))).unwrap())
        .unwrap();
    host::launch(Dim3::new(1, 1, 1), Dim3::new(256, 1, 1), || {
        gemm_nt(ma, mb, mc, 1.0, 0.0)
    });
}
