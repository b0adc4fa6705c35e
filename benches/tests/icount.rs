//! Instruction counts of the run-time algebra, independent of machine noise:
//! every operation of `benches::icount::OPS` runs on its input table under
//! `valgrind --tool=callgrind` (the release build of `src/bin/icount.rs`),
//! twice, with a different number of passes; the difference of the two
//! instruction totals over the difference of the calls is the cost of one
//! call, with the process start-up and the parsing of the operands
//! cancelled out. The figures are compared with the committed baseline
//! `benches/icount-baseline.json` (operation → instructions per call): more
//! than 10 % above it fails, more than 10 % below it asks for a new
//! baseline, which `CUTE_ICOUNT_BLESS=1 cargo test -p benches --features valgrind --test icount`
//! writes. The table is printed on every run (`-- --nocapture` is not
//! needed). valgrind must be installed: this test fails without it, it
//! does not skip.

use std::path::{Path, PathBuf};
use std::process::Command;

use benches::icount::OPS;

mod common;
use common::{Gate, cargo, collected, gate, require_valgrind, target_dir, workspace_root};

/// Fails above, and asks for a new baseline below, this relative change.
const TOLERANCE: f64 = 0.10;
/// Passes of the short run; the long run adds `extra_passes(op)`.
const BASE_PASSES: u64 = 10;

fn extra_passes(op: &str) -> u64 {
    match op {
        // Per element: one pass evaluates 2048 elements.
        "call" | "evaluator" | "offsets" => 20,
        _ => 400,
    }
}

fn build_icount(target: &Path) -> PathBuf {
    let status = Command::new(cargo())
        .current_dir(workspace_root())
        .args([
            "build",
            "--release",
            "--quiet",
            "-p",
            "benches",
            "--bin",
            "icount",
        ])
        .arg("--target-dir")
        .arg(target)
        .status()
        .expect("running cargo build for the icount binary");
    assert!(
        status.success(),
        "cargo build --release --bin icount failed"
    );
    let exe = target
        .join("release")
        .join(format!("icount{}", std::env::consts::EXE_SUFFIX));
    assert!(exe.exists(), "{} was not built", exe.display());
    exe
}

/// Total instructions of `icount op passes` under callgrind, and the calls
/// of one pass.
fn count(valgrind: &Path, exe: &Path, out_dir: &Path, op: &str, passes: u64) -> (u64, u64) {
    let out_file = out_dir.join(format!("callgrind.out.{op}.{passes}"));
    let out = Command::new(valgrind)
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(exe)
        .arg(op)
        .arg(passes.to_string())
        .output()
        .expect("running valgrind");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "valgrind icount {op} {passes} failed:\n{stdout}\n{stderr}"
    );
    let collected = collected(&stderr)
        .unwrap_or_else(|| panic!("no 'Collected :' line from callgrind:\n{stderr}"));
    let calls = stdout
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no calls-per-pass line from icount:\n{stdout}"));
    (collected, calls)
}

/// Instructions per call of `op`.
fn per_call(valgrind: &Path, exe: &Path, out_dir: &Path, op: &str) -> f64 {
    let extra = extra_passes(op);
    let (short, calls) = count(valgrind, exe, out_dir, op, BASE_PASSES);
    let (long, _) = count(valgrind, exe, out_dir, op, BASE_PASSES + extra);
    assert!(long > short, "{op}: more passes counted fewer instructions");
    (long - short) as f64 / (extra * calls) as f64
}

#[test]
fn instruction_counts_match_the_baseline() {
    let valgrind = require_valgrind();
    let target = target_dir();
    let exe = build_icount(&target);
    let out_dir = target.join("icount");
    std::fs::create_dir_all(&out_dir).expect("creating the callgrind output folder");

    // Two valgrind processes at a time at most per core.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut measured: Vec<(&str, f64)> = Vec::new();
    for chunk in OPS.chunks(threads) {
        std::thread::scope(|s| {
            let handles: Vec<_> = chunk
                .iter()
                .map(|op| s.spawn(|| (*op, per_call(&valgrind, &exe, &out_dir, op))))
                .collect();
            for h in handles {
                measured.push(h.join().expect("measuring thread"));
            }
        });
    }

    gate(
        &Gate {
            file: "icount-baseline.json",
            test: "icount",
            bless_var: "CUTE_ICOUNT_BLESS",
            heading: "instructions per call (callgrind, release build; `call`/`offsets` per element)",
            what: "op",
            tolerance: TOLERANCE,
        },
        &measured,
    );
}
