//! CuTe's `sgemm_1` (`cute_kernels::cute::sgemm_1`) on the host: the one
//! generic kernel, its NT and TN instances as the PTX entry points run
//! them, the grid emulated by `cute_static::arch::host::launch` (one OS
//! thread per CUDA thread, `syncthreads` a barrier), against the naive
//! GEMM of the examples (`support/cute_gemm.rs`).

use cute_kernels::cute::entries::{sgemm_1_nt as gemm_nt, sgemm_1_tn as gemm_tn};

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
    cute_gemm::partial_k_tile(gemm_nt);
}
