//! Answers printed by CuTe C++ itself (CUTLASS 4.2.0's headers, compiled
//! for the host): the generators and their command are in
//! `tests/cute-cpp/` (README.md), the printed files are committed, so this
//! test needs no CUDA toolkit. Each line is `ATOM|ATOM_LAYOUT|PERMUTATION|
//! QUERY|ANSWER`; CuTe prints static integers as `_N`, which we print as
//! `N`, so the underscores are dropped before comparing: the structure
//! (nesting, size-1 modes, strides) must be CuTe's exactly.

fn check(file: &str, op: &str) -> (usize, Vec<String>) {
    let path = format!("{}/cute-cpp/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut diffs = Vec::new();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.is_empty()) {
        let parts: Vec<&str> = line.split('|').collect();
        let (args, want) = parts.split_at(parts.len() - 1);
        let want = want[0].replace('_', "");
        n += 1;
        match cute_dynamic::apply(op, args) {
            Ok(got) if got == want => {}
            other => diffs.push(format!("{line}\n  got {other:?}")),
        }
    }
    (n, diffs)
}

#[test]
fn tiled_mma_tv_layouts_are_cutes() {
    let (n, diffs) = check("tiled_mma_tv.expected", "tiled_mma");
    assert!(n > 0);
    assert!(
        diffs.is_empty(),
        "{} of {n} differ:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}
