//! Helpers shared by the CLI tests: run `cute` with arguments and stdin.
#![allow(dead_code)] // each test binary uses a subset of these helpers

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `cute args…` with `stdin` fed from a separate thread (so large
/// inputs and outputs cannot deadlock) and returns its output.
pub fn cute(args: &[&str], stdin: impl Into<Vec<u8>>) -> Output {
    let stdin = stdin.into();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn cute");
    let mut pipe = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // The child may exit without reading everything; that is its business.
        let _ = pipe.write_all(&stdin);
    });
    let out = child.wait_with_output().expect("wait for cute");
    writer.join().expect("writer thread");
    out
}

/// The standard output of a successful `cute args…` (no stdin).
pub fn stdout(args: &[&str]) -> String {
    let out = cute(args, "");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// [`stdout`] without its trailing newline.
pub fn stdout_trimmed(args: &[&str]) -> String {
    stdout(args).trim_end().to_string()
}

/// The answers of `cute batch` to the request lines, one per line.
pub fn batch(lines: &[serde_json::Value]) -> Vec<serde_json::Value> {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let out = cute(&["batch"], input);
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The oracle's cases, from the workspace's copy of the oracle data.
pub fn oracle_lines() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/oracle");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("oracle directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|p| {
            std::fs::read_to_string(p)
                .expect("oracle file")
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}
