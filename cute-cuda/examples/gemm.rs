//! One GEMM end to end: `sgemm_1_tensors` (CuTe's `sgemm_1` with its
//! operands passed as tensors, pointer and layout) at 4096³, checked
//! against the host in a few sampled entries, timed with events.
//!
//! ```text
//! cargo run --release -p cute-cuda --example gemm [MODULE.ptx]
//! ```
//!
//! Prints the TFLOP/s. Without a CUDA driver or device it prints
//! `SKIPPED: no CUDA driver …` and exits with status 2 (not 0: a script
//! running it must not take "nothing ran" for success; not 1, which means
//! a failure on a GPU).

use std::process::ExitCode;

use cute_cuda::check::Rng;
use cute_cuda::{
    Arg, Error, Gpu, LaunchPlan, ModuleSource, PushKernelArg, SharedMemory, tile_bytes,
};
use cute_kernels::Matrix;
use cute_kernels::sgemm::{SgemmSA, SgemmSB, SgemmTC};
use cute_static::kernel_arg::KernelTensor;
use cute_static::layout::{MixedLayout, StaticLayout};
use cute_static::{C, Dyn};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_no_device() => {
            println!("SKIPPED: {e}: there is no CUDA device to run the GEMM on");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Error> {
    let (m, n, k) = (4096, 4096, 4096);
    let gpu = Gpu::new(0)?;
    let source = match std::env::args().nth(1) {
        Some(p) => ModuleSource::from_path(p.as_ref())?,
        None => ModuleSource::locate()?,
    };
    let module = gpu.load(&source)?;
    let kernel = module.kernel("sgemm_1_tensors")?;
    println!("{}; {}", gpu.describe()?, source.origin());

    // The launch from the layouts: grid ceil_div((m, n), (bM, bN)), block
    // size(tC), shared cosize(sA) + cosize(sB) f32 (declared in the PTX).
    let plan = LaunchPlan::tiled(
        &[m, n],
        &[SgemmSA::ROWS, SgemmSB::ROWS],
        (<SgemmTC as StaticLayout>::SIZE, 1),
        SharedMemory::Static((tile_bytes::<SgemmSA, f32>() + tile_bytes::<SgemmSB, f32>()) as u64),
    )?;
    let cfg = kernel.configure(&gpu, &plan)?;

    let mut rng = Rng::new(1);
    let (ha, hb, hc) = (
        rng.uniforms(m * k),
        rng.uniforms(n * k),
        rng.uniforms(m * n),
    );
    let (a, b, c) = (gpu.upload(&ha)?, gpu.upload(&hb)?, gpu.upload(&hc)?);
    // The operands as tensors: (m,k):(_1,m), (n,k):(_1,n), (m,n):(_1,m).
    let tensor = |ptr, rows, cols| -> Result<_, Error> {
        let layout = MixedLayout::new((Dyn(rows), Dyn(cols)), (C::<1>, Dyn(rows)))?;
        Ok(Arg::new(KernelTensor::<f32, _, _>::new(ptr, layout)?))
    };
    let (ta, tb, tc) = (
        tensor(gpu.address(&a), m, k)?,
        tensor(gpu.address(&b), n, k)?,
        tensor(gpu.address(&c), m, n)?,
    );
    let (alpha, beta) = (1.0f32, 0.0f32);
    let launch = || {
        // SAFETY: `sgemm_1_tensors(α, A, B, β, C)`: the tensors' layouts
        // are their buffers' (m·k, n·k, m·n f32), m and n multiples of
        // 128, k of 8; C overlaps neither.
        unsafe {
            kernel.launch(&gpu, cfg, |x| {
                x.arg(&alpha).arg(&ta).arg(&tb).arg(&beta).arg(&tc);
            })
        }
    };
    launch()?;
    let out = gpu.download(&c)?;
    // A few entries against the host (f64).
    let mut worst = 0.0f64;
    for s in 0..64 {
        let (i, j) = ((s * 977) % m, (s * 1553) % n);
        let want: f64 = (0..k)
            .map(|p| f64::from(ha[p * m + i]) * f64::from(hb[p * n + j]))
            .sum();
        worst = worst.max((f64::from(out[j * m + i]) - want).abs() / want.abs().max(1.0));
    }
    let st = gpu.time(3, 10, launch)?;
    println!(
        "sgemm_1_tensors {m}x{n}x{k}: {:.2} TFLOP/s (median of {} after 3 warm-ups: {:.3} ms, {}), largest relative error in 64 sampled entries {worst:.1e}",
        st.tflops(2.0 * (m * n * k) as f64),
        st.n,
        st.median_ms,
        st.range()
    );
    if worst > 1e-4 {
        return Err(Error::Launch {
            kernel: "sgemm_1_tensors".into(),
            reason: format!("wrong result: relative error {worst:.1e} in a sampled entry"),
        });
    }
    Ok(())
}
