//! CuTe's `sgemm_1` (`cute_kernels::cute::sgemm_1`) on the host: the one
//! generic kernel, its NT and TN instances as the PTX entry points run
//! them, the grid emulated by `cute_static::arch::host::launch` (one OS
//! thread per CUDA thread, `syncthreads` a barrier), against the naive
//! GEMM of the examples (`support/cute_gemm.rs`).

use cute_kernels::cute::entries::{sgemm_1_nt as gemm_nt, sgemm_1_tn as gemm_tn};
use cute_static::arch::{Dim3, GlobalBuffer, host};
use cute_static::layout::MixedLayout;
use cute_static::{C, Dyn};

#[path = "support/cute_gemm.rs"]
mod cute_gemm;
use cute_gemm::Gemm;

/// The padding of `ldA`, `ldB`, `ldC` (odd: the 32-bit accesses of
/// sgemm_1 take any leading dimension).
const PAD: (usize, usize, usize) = (3, 5, 1);

fn check(tn: bool, beta: f32) {
    let gemm = if tn {
        Gemm::Tn(gemm_tn)
    } else {
        Gemm::Nt(gemm_nt)
    };
    cute_gemm::check(gemm, beta, PAD);
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
