//! Instruction counts of the run-time algebra, independent of machine noise:
//! every operation of `benches::icount::OPS` runs on its input table under
//! `valgrind --tool=callgrind` (the release build of `src/bin/icount.rs`),
//! twice, with a different number of passes; the difference of the two
//! instruction totals over the difference of the calls is the cost of one
//! call, with the process start-up and the parsing of the operands
//! cancelled out. The figures are compared with the committed baseline
//! `benches/icount-baseline.json` (operation → instructions per call): more
//! than 10 % above it fails, more than 10 % below it asks for a new
//! baseline, which `CUTE_ICOUNT_BLESS=1 cargo test -p benches --test icount`
//! writes. The table is printed on every run (`-- --nocapture` is not
//! needed). valgrind must be installed: this test fails without it, it
//! does not skip.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use benches::icount::OPS;

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

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the benches crate lies in the workspace")
        .to_path_buf()
}

/// The target directory this test was built in (`<target>/<profile>/deps/`).
fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        let dir = PathBuf::from(dir);
        return if dir.is_absolute() {
            dir
        } else {
            workspace_root().join(dir)
        };
    }
    let exe = std::env::current_exe().expect("path of the test binary");
    exe.ancestors()
        .nth(3)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| workspace_root().join("target"))
}

fn build_icount(target: &Path) -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| env!("CARGO").into());
    let status = Command::new(cargo)
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

/// The path of `valgrind` on `PATH`; fails (does not skip) without it.
fn require_valgrind() -> PathBuf {
    let found = std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join("valgrind"))
        .find(|p| p.is_file());
    let ok = found.as_ref().is_some_and(|v| {
        Command::new(v)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    assert!(
        ok,
        "valgrind is not installed (or not on PATH): the instruction-count \
         test needs it and does not skip. Install it, e.g. \
         `apt-get install -y valgrind` (.ci/run does this)."
    );
    found.expect("checked")
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
    let collected = stderr
        .lines()
        .find_map(|l| l.split_once("Collected :").map(|(_, n)| n.trim()))
        .and_then(|n| n.parse::<u64>().ok())
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

/// Reads the baseline: a flat JSON object of numbers.
fn parse_baseline(text: &str) -> BTreeMap<String, f64> {
    let body = text
        .trim()
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .expect("icount-baseline.json: a JSON object");
    body.split(',')
        .filter(|e| !e.trim().is_empty())
        .map(|entry| {
            let (k, v) = entry
                .split_once(':')
                .unwrap_or_else(|| panic!("icount-baseline.json: bad entry {entry:?}"));
            let k = k.trim().trim_matches('"').to_string();
            let v = v
                .trim()
                .parse::<f64>()
                .unwrap_or_else(|_| panic!("icount-baseline.json: bad number for {k}"));
            (k, v)
        })
        .collect()
}

fn write_baseline(path: &Path, measured: &[(&str, f64)]) {
    let body: Vec<String> = measured
        .iter()
        .map(|(op, v)| format!("  \"{op}\": {v:.1}"))
        .collect();
    std::fs::write(path, format!("{{\n{}\n}}\n", body.join(",\n")))
        .expect("writing icount-baseline.json");
}

/// Written past the test harness's capture, so the table shows on success.
fn report(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
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

    let path = workspace_root()
        .join("benches")
        .join("icount-baseline.json");
    let bless = std::env::var_os("CUTE_ICOUNT_BLESS").is_some_and(|v| !v.is_empty() && v != "0");
    if bless {
        write_baseline(&path, &measured);
        report(&format!("icount: wrote {}\n", path.display()));
    }
    let baseline = std::fs::read_to_string(&path)
        .map(|t| parse_baseline(&t))
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e}; write it with CUTE_ICOUNT_BLESS=1 cargo test -p benches --test icount",
                path.display()
            )
        });

    let mut table = format!(
        "\ninstructions per call (callgrind, release build; `call`/`offsets` per element)\n\
         {:<16} {:>12} {:>12} {:>9}  status\n",
        "op", "baseline", "now", "change"
    );
    let (mut regressions, mut faster, mut missing) = (Vec::new(), Vec::new(), Vec::new());
    for &(op, now) in &measured {
        let Some(&base) = baseline.get(op) else {
            table += &format!("{op:<16} {:>12} {now:>12.1} {:>9}  no baseline\n", "-", "-");
            missing.push(op);
            continue;
        };
        // Rounded to 0.1 %, without a "-0.0 %" for an unchanged figure.
        let change = ((now / base - 1.0) * 1000.0).round() / 1000.0 + 0.0;
        let status = if change > TOLERANCE {
            regressions.push(op);
            "REGRESSION"
        } else if change < -TOLERANCE {
            faster.push(op);
            "faster: re-bless"
        } else {
            "ok"
        };
        table += &format!(
            "{op:<16} {base:>12.1} {now:>12.1} {:>+8.1}%  {status}\n",
            change * 100.0
        );
    }
    for op in baseline.keys().filter(|k| !OPS.contains(&k.as_str())) {
        table += &format!("{op:<16} (in the baseline, no longer measured)\n");
    }
    if !faster.is_empty() {
        table += &format!(
            "{} got more than {:.0}% cheaper; record the new figures with\n  \
             CUTE_ICOUNT_BLESS=1 cargo test -p benches --test icount\n",
            faster.join(", "),
            TOLERANCE * 100.0
        );
    }
    report(&table);
    assert!(
        missing.is_empty(),
        "no baseline for {}: CUTE_ICOUNT_BLESS=1 cargo test -p benches --test icount",
        missing.join(", ")
    );
    assert!(
        regressions.is_empty(),
        "instruction count more than {:.0}% above benches/icount-baseline.json: {}",
        TOLERANCE * 100.0,
        regressions.join(", ")
    );
}
