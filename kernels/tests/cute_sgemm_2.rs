//! CuTe's `sgemm_2` (`cute_kernels::cute::sgemm_2`) on the host: the one
//! generic kernel (tiled copies global → registers → shared, a tiled MMA
//! of `UniversalFMA` over `16×16×1` threads), its NT and TN instances as
//! the PTX entry points run them, the grid emulated with its barriers,
//! against the naive GEMM of the examples (`support/cute_gemm.rs`).

use cute_kernels::cute::entries::{sgemm_2_nt as gemm_nt, sgemm_2_tn as gemm_tn};

#[path = "support/cute_gemm.rs"]
mod cute_gemm;
use cute_gemm::Gemm;

/// NT: `ldA`, `ldB` padded by multiples of 4 floats (each thread's
/// 128-bit accesses need 16-byte aligned columns), `ldC` by 1.
const PAD_NT: (usize, usize, usize) = (4, 8, 1);
/// TN: 32-bit accesses, any leading dimension.
const PAD_TN: (usize, usize, usize) = (3, 5, 1);

#[test]
fn sgemm_2_nt_matches_naive() {
    cute_gemm::check(Gemm::Nt(gemm_nt), -1.0, PAD_NT);
}

#[test]
fn sgemm_2_nt_beta_zero_does_not_read_c() {
    cute_gemm::check(Gemm::Nt(gemm_nt), 0.0, PAD_NT);
}

#[test]
fn sgemm_2_tn_matches_naive() {
    cute_gemm::check(Gemm::Tn(gemm_tn), -1.0, PAD_TN);
}

#[test]
fn sgemm_2_tn_beta_zero_does_not_read_c() {
    cute_gemm::check(Gemm::Tn(gemm_tn), 0.0, PAD_TN);
}

/// A leading dimension that is not a multiple of 4 floats makes the NT
/// copies' 128-bit loads misaligned: a fault on the device, a panic in
/// the emulation (never a silent scalar fallback).
#[test]
#[should_panic(expected = "misaligned")]
fn sgemm_2_nt_misaligned_lda_faults() {
    cute_gemm::check(Gemm::Nt(gemm_nt), -1.0, (3, 8, 1));
}

/// A K that is not a multiple of the CTA tile's 8 traps in `local_tile`.
#[test]
#[should_panic(expected = "local_tile: the tiler does not divide")]
fn partial_k_tile_traps() {
    cute_gemm::partial_k_tile(gemm_nt);
}
