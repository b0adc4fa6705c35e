//! The GPU test and benchmark runner of the kernels' PTX module (replaces
//! `kernels/gpu/run.py`):
//!
//! ```text
//! cute-gpu-run [MODULE] [--small] [--no-time] [--filter TEXT] [--cute-dir DIR] [--seed N]
//! ```
//!
//! `MODULE`: a `.ptx` (JIT-compiled by the driver) or a `.cubin`; default
//! `$CUTE_KERNELS_PTX`, else the kernels crate's default build output.
//! `--small`: correctness only, small sizes (for compute-sanitizer).
//! `--no-time`: no timings. `--filter TEXT`: only kernels whose name
//! contains it. `--cute-dir DIR`: time CuTe C++'s tutorial executables
//! (`sgemm_1`, `sgemm_2`, `sgemm_sm80`) found there.
//!
//! Prints one line per check (`ok`, `FAIL`, `SKIP` with the reason), then
//! the timing table. Exit status: 0 when no check failed (skips allowed),
//! 1 when one failed or the module could not be loaded, 2 when there is
//! no CUDA driver or device (nothing was run).

use std::path::PathBuf;
use std::process::ExitCode;

use cute_cuda::runner::{Options, Verdict, run_all};
use cute_cuda::{Gpu, ModuleSource};

const USAGE: &str = "usage: cute-gpu-run [MODULE.ptx|MODULE.cubin] [--small] [--no-time] [--filter TEXT] [--cute-dir DIR] [--seed N]";

fn parse(args: &[String]) -> Result<(Option<PathBuf>, Options), String> {
    let mut opts = Options {
        seed: 2026,
        ..Options::default()
    };
    let mut module = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| it.next().cloned().ok_or(format!("{flag} needs a value"));
        match a.as_str() {
            "--small" => opts.small = true,
            "--no-time" => opts.no_time = true,
            "--filter" => opts.filter = Some(value("--filter")?),
            "--cute-dir" => opts.cute_dir = Some(PathBuf::from(value("--cute-dir")?)),
            "--seed" => {
                opts.seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?
            }
            "-h" | "--help" => return Err(String::new()),
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            s if module.is_none() => module = Some(PathBuf::from(s)),
            s => return Err(format!("a second module {s}")),
        }
    }
    Ok((module, opts))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (module, opts) = match parse(&args) {
        Ok(p) => p,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(if e.is_empty() { 0 } else { 1 });
        }
    };
    let gpu = match Gpu::new(0) {
        Ok(g) => g,
        Err(e) if e.is_no_device() => {
            println!("SKIPPED: {e}: no kernel was run");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let loaded = module
        .as_deref()
        .map_or_else(ModuleSource::locate, ModuleSource::from_path)
        .and_then(|src| {
            println!(
                "device: {}; module {}",
                gpu.describe().unwrap_or_else(|e| e.to_string()),
                src.origin()
            );
            gpu.load(&src)
        });
    let module = match loaded {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let rep = run_all(&gpu, &module, &opts);
    if !rep.rows.is_empty() {
        println!("\n{}", rep.table());
    }
    let count = |v: Verdict| rep.checks.iter().filter(|c| c.0 == v).count();
    let failed = rep.failed();
    println!(
        "{} checks: {} ok, {} failed, {} skipped{}",
        rep.checks.len(),
        count(Verdict::Ok),
        failed.len(),
        count(Verdict::Skip),
        if failed.is_empty() {
            String::new()
        } else {
            format!(": {}", failed.join(", "))
        }
    );
    ExitCode::from(if failed.is_empty() { 0 } else { 1 })
}
