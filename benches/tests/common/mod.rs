//! What the instruction-count tests share: where the workspace and its
//! target directory are, valgrind, callgrind's totals, and the baseline
//! files (a flat JSON object of numbers, rewritten on request).

#![allow(dead_code)] // each test uses its part

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (the parent of the benches crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the benches crate lies in the workspace")
        .to_path_buf()
}

/// The target directory this test was built in (`<target>/<profile>/deps/`).
pub fn target_dir() -> PathBuf {
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

/// The `cargo` that runs the tests.
pub fn cargo() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| env!("CARGO").into())
}

/// The path of `valgrind` on `PATH`; fails (does not skip) without it.
pub fn require_valgrind() -> PathBuf {
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
         tests need it and do not skip. Install it, e.g. \
         `apt-get install -y valgrind` (.ci/run does this)."
    );
    found.expect("checked")
}

/// The instructions callgrind collected, from its report on stderr
/// (`Collected : N`).
pub fn collected(stderr: &str) -> Option<u64> {
    stderr
        .lines()
        .find_map(|l| l.split_once("Collected :").map(|(_, n)| n.trim()))
        .and_then(|n| n.parse::<u64>().ok())
}

/// The instructions of a callgrind output file (its `summary:` line).
pub fn summary(callgrind_out: &Path) -> Option<u64> {
    std::fs::read_to_string(callgrind_out)
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix("summary:"))
        .and_then(|n| n.trim().parse::<u64>().ok())
}

/// Whether the environment variable `var` asks for a new baseline.
pub fn bless(var: &str) -> bool {
    std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "0")
}

/// Reads a baseline: a flat JSON object of numbers.
pub fn parse_baseline(path: &Path, text: &str) -> BTreeMap<String, f64> {
    let name = path.display();
    let body = text
        .trim()
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or_else(|| panic!("{name}: a JSON object"));
    body.split(',')
        .filter(|e| !e.trim().is_empty())
        .map(|entry| {
            let (k, v) = entry
                .split_once(':')
                .unwrap_or_else(|| panic!("{name}: bad entry {entry:?}"));
            let k = k.trim().trim_matches('"').to_string();
            let v = v
                .trim()
                .parse::<f64>()
                .unwrap_or_else(|_| panic!("{name}: bad number for {k}"));
            (k, v)
        })
        .collect()
}

/// Writes a baseline (one decimal).
pub fn write_baseline(path: &Path, measured: &[(&str, f64)]) {
    let body: Vec<String> = measured
        .iter()
        .map(|(op, v)| format!("  \"{op}\": {v:.1}"))
        .collect();
    std::fs::write(path, format!("{{\n{}\n}}\n", body.join(",\n")))
        .unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

/// Written past the test harness's capture, so the table shows on success.
pub fn report(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// What a figure is against its baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Within the tolerance.
    Ok,
    /// Above it: the test fails.
    Regression,
    /// Below it: the baseline asks to be recorded again.
    Faster,
}

/// The change of `now` against `base` (rounded to 0.1 %, without a
/// "-0.0 %" for an unchanged figure) and its verdict under `tolerance`.
pub fn judge(base: f64, now: f64, tolerance: f64) -> (f64, Verdict) {
    let change = ((now / base - 1.0) * 1000.0).round() / 1000.0 + 0.0;
    let verdict = if change > tolerance {
        Verdict::Regression
    } else if change < -tolerance {
        Verdict::Faster
    } else {
        Verdict::Ok
    };
    (change, verdict)
}

/// A figure table gated against a committed baseline (see [`gate`]).
pub struct Gate<'a> {
    /// The baseline file, relative to `benches/`.
    pub file: &'a str,
    /// The test, as `cargo test -p benches --features valgrind --test NAME` runs it.
    pub test: &'a str,
    /// The environment variable that rewrites the baseline.
    pub bless_var: &'a str,
    /// The table's first line (what the figures are).
    pub heading: &'a str,
    /// The name column's header.
    pub what: &'a str,
    /// The relative change above which a figure fails (and below whose
    /// negative it asks for a new baseline).
    pub tolerance: f64,
}

/// Compares `measured` with the baseline: rewrites the baseline first when
/// `bless_var` asks for it, prints the table (baseline, now, change,
/// status), and fails for a figure more than `tolerance` above its
/// baseline or without one; a figure more than `tolerance` below passes
/// with a hint to record it.
pub fn gate(g: &Gate<'_>, measured: &[(&str, f64)]) {
    let path = workspace_root().join("benches").join(g.file);
    let rebless = format!(
        "{}=1 cargo test -p benches --features valgrind --test {}",
        g.bless_var, g.test
    );
    if bless(g.bless_var) {
        write_baseline(&path, measured);
        report(&format!("{}: wrote {}\n", g.test, path.display()));
    }
    let baseline = std::fs::read_to_string(&path)
        .map(|t| parse_baseline(&path, &t))
        .unwrap_or_else(|e| panic!("{}: {e}; write it with {rebless}", path.display()));
    let mut table = format!(
        "\n{}\n{:<16} {:>12} {:>12} {:>9}  status\n",
        g.heading, g.what, "baseline", "now", "change"
    );
    let (mut regressions, mut faster, mut missing) = (Vec::new(), Vec::new(), Vec::new());
    for &(name, now) in measured {
        let Some(&base) = baseline.get(name) else {
            table += &format!(
                "{name:<16} {:>12} {now:>12.1} {:>9}  no baseline\n",
                "-", "-"
            );
            missing.push(name);
            continue;
        };
        let (change, verdict) = judge(base, now, g.tolerance);
        let status = match verdict {
            Verdict::Regression => {
                regressions.push(format!("{name} ({now:.1} against {base:.1})"));
                "REGRESSION"
            }
            Verdict::Faster => {
                faster.push(name);
                "faster: re-bless"
            }
            Verdict::Ok => "ok",
        };
        table += &format!(
            "{name:<16} {base:>12.1} {now:>12.1} {:>+8.1}%  {status}\n",
            change * 100.0
        );
    }
    for name in baseline
        .keys()
        .filter(|k| !measured.iter().any(|(m, _)| m == k))
    {
        table += &format!("{name:<16} (in the baseline, no longer measured)\n");
    }
    if !faster.is_empty() {
        table += &format!(
            "{} got more than {:.0}% cheaper; record the new figures with\n  {rebless}\n",
            faster.join(", "),
            g.tolerance * 100.0
        );
    }
    report(&table);
    assert!(
        missing.is_empty(),
        "no baseline for {}: {rebless}",
        missing.join(", ")
    );
    assert!(
        regressions.is_empty(),
        "more than {:.0}% above benches/{}: {}",
        g.tolerance * 100.0,
        g.file,
        regressions.join(", ")
    );
}
