//! The host check of CuTe's tutorial GEMMs (`sgemm_1`, `sgemm_2`): an
//! entry (NT or TN) run on the emulated grid (`cute_static::arch::host::
//! launch`: one OS thread per CUDA thread, `syncthreads` a barrier)
//! against the naive GEMM of the examples, bit for bit, the padding of C
//! untouched. Included by each test with `#[path]`.

use cute_static::arch::{Dim3, GlobalBuffer, GmemTensor, host};
use cute_static::layout::MixedLayout;
use cute_static::{C, Dyn};

#[allow(dead_code)]
#[path = "../../../cute-static/examples/support/naive_gemm.rs"]
mod naive_gemm;

/// A column-major `(M, K)` global layout with a run-time leading dimension.
pub type ColMajor = MixedLayout<(Dyn, Dyn), (C<1>, Dyn)>;
/// A row-major one (`(ldA, _1)` strides).
pub type RowMajor = MixedLayout<(Dyn, Dyn), (Dyn, C<1>)>;
/// An entry's signature: A, B (of layout `L`), C column-major, alpha, beta.
pub type Entry<L> = fn(GmemTensor<f32, L>, GmemTensor<f32, L>, GmemTensor<f32, ColMajor>, f32, f32);

/// The entry under test: NT (A, B column-major) or TN (row-major).
#[derive(Clone, Copy)]
pub enum Gemm {
    /// A `(M,K)`, B `(N,K)` column-major.
    Nt(Entry<ColMajor>),
    /// A `(M,K)`, B `(N,K)` row-major.
    Tn(Entry<RowMajor>),
}

/// `(m, n, k)`.
const MNK: (usize, usize, usize) = (256, 128, 24);

/// The entry on `MNK` with `alpha = 2` and `beta`, the leading dimensions
/// padded by `(pa, pb, pc)` beyond the contiguous extent (`ldA = M + pa`
/// for NT, `K + pa` for TN; `ldC = M + pc`), against the naive GEMM, bit
/// for bit. With `beta == 0` C starts as NaN: as in CuTe's `axpby`, C is
/// then not read, so no NaN may reach the result (and the padding rows stay NaN).
pub fn check(gemm: Gemm, beta: f32, (pa, pb, pc): (usize, usize, usize)) {
    let tn = matches!(gemm, Gemm::Tn(_));
    let (m, n, k) = MNK;
    let alpha = 2.0f32;
    // NT: A is (m,k) column-major, ldA ≥ m; TN: (m,k) row-major, ldA ≥ k.
    let (lda, ldb, ldc) = if tn {
        (k + pa, k + pb, m + pc)
    } else {
        (m + pa, n + pb, m + pc)
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
    match gemm {
        Gemm::Tn(gemm_tn) => {
            let ma = ga
                .tensor(MixedLayout::new((Dyn(m), Dyn(k)), (Dyn(lda), C::<1>)).unwrap())
                .unwrap();
            let mb = gb
                .tensor(MixedLayout::new((Dyn(n), Dyn(k)), (Dyn(ldb), C::<1>)).unwrap())
                .unwrap();
            host::launch(grid, Dim3::new(256, 1, 1), || {
                gemm_tn(ma, mb, mc, alpha, beta)
            });
        }
        Gemm::Nt(gemm_nt) => {
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

/// The NT entry on `128 × 128 × 12`: a K that is not a multiple of the CTA
/// tile's 8 (the tutorials assume whole tiles) must trap in `local_tile`.
pub fn partial_k_tile(gemm_nt: Entry<ColMajor>) {
    let (m, n, k) = (128, 128, 12);
    let (ga, gb, gc) = (
        GlobalBuffer::<f32>::zeroed(m * k),
        GlobalBuffer::<f32>::zeroed(n * k),
        GlobalBuffer::<f32>::zeroed(m * n),
    );
    let col = |r: usize, c: usize| MixedLayout::new((Dyn(r), Dyn(c)), (C::<1>, Dyn(r))).unwrap();
    let (ma, mb, mc) = (
        ga.tensor(col(m, k)).unwrap(),
        gb.tensor(col(n, k)).unwrap(),
        gc.tensor(col(m, n)).unwrap(),
    );
    host::launch(Dim3::new(1, 1, 1), Dim3::new(256, 1, 1), || {
        gemm_nt(ma, mb, mc, 1.0, 0.0)
    });
}
