//! The GPU tests: ignored by a plain `cargo test` (reported `ignored`,
//! with the reason, never `ok`), run with
//! `cargo test -p cute-cuda --release -- --ignored` on a machine with a
//! CUDA device and the PTX module (kernels/ptx-check.sh, or
//! `CUTE_KERNELS_PTX`). Run without a device they fail, naming it.

use cute_cuda::runner::{Options, Report, run_all};
use cute_cuda::{Gpu, ModuleSource};

/// The runner's report with `opts` on device 0 and the located module;
/// fails unless every check passed.
fn run_passing(opts: Options) -> Report {
    let gpu = Gpu::new(0).unwrap_or_else(|e| panic!("this test needs a CUDA device: {e}"));
    let src = ModuleSource::locate().unwrap_or_else(|e| panic!("{e}"));
    let module = gpu.load(&src).unwrap_or_else(|e| panic!("{e}"));
    let rep = run_all(&gpu, &module, &opts);
    assert!(rep.failed().is_empty(), "failed: {:?}", rep.failed());
    rep
}

#[test]
#[ignore = "needs a CUDA device and the PTX module: cargo test -p cute-cuda --release -- --ignored"]
fn every_kernel_passes_its_checks_at_small_sizes() {
    run_passing(Options {
        small: true,
        seed: 1,
        ..Options::default()
    });
}

#[test]
#[ignore = "needs a CUDA device and the PTX module: cargo test -p cute-cuda --release -- --ignored"]
fn generic_sgemm_1_and_its_tensor_twin_match_the_hand_kernel() {
    let rep = run_passing(Options {
        small: true,
        no_time: true,
        filter: Some("sgemm_1".into()),
        seed: 2,
        ..Options::default()
    });
    let compared = |c: &str| rep.checks.iter().any(|x| x.1.starts_with(c));
    assert!(
        compared("sgemm_1 == sgemm_1_hand"),
        "sgemm_1 was not compared"
    );
    assert!(
        compared("sgemm_1_tensors == sgemm_1_hand"),
        "sgemm_1_tensors was not compared"
    );
}

/// The driver's descriptor of `make_tma_copy`'s arguments is byte for
/// byte the one of the arguments CuTe C++ derives for the same layouts,
/// for every reference case ([`cute_cuda::tma_reference_cases`]), and a
/// different swizzle gives different bytes (the runner's check
/// `tma_descriptors`).
#[test]
#[ignore = "needs a CUDA device and the PTX module: cargo test -p cute-cuda --release -- --ignored"]
fn tma_descriptors_are_cutes_byte_for_byte() {
    let rep = run_passing(Options {
        small: true,
        no_time: true,
        filter: Some("tma_descriptors".into()),
        seed: 3,
        ..Options::default()
    });
    let n = rep
        .checks
        .iter()
        .filter(|c| c.1.starts_with("tma_descriptors "))
        .count();
    assert!(n >= 10, "{n} descriptors compared");
}
