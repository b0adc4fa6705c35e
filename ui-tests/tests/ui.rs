//! trybuild: static programs that must compile and run (`ui/pass`), and
//! one program per diagnostic that must not compile, with its reviewed
//! `.stderr` (`ui/fail`). The first line of every static-algebra error
//! names the rule that failed, with no typenum type in it.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}

/// The first line of every reviewed diagnostic names the rule in plain
/// words: no typenum type in it (docs/architecture.md#diagnostics: a `.stderr` whose first line shows
/// `UInt<` or `typenum::` is a regression), and it is short enough to read.
#[test]
fn first_lines_are_readable() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/fail");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/ui/fail exists") {
        let path = entry.expect("readable directory entry").path();
        if path.extension().is_none_or(|e| e != "stderr") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable .stderr");
        let first = text.lines().next().unwrap_or_default();
        assert!(first.starts_with("error"), "{}: {first}", path.display());
        for bad in ["UInt<", "UTerm", "B1", "B0", "typenum::", "HCons", "HNil"] {
            assert!(
                !first.contains(bad),
                "{}: first line shows `{bad}`: {first}",
                path.display()
            );
        }
        seen += 1;
    }
    assert!(seen >= 20, "expected the reviewed fail cases, found {seen}");
}

/// A diagnostic about static integers above 1024: `11008` is
/// spelled `Dec<1, 1, 0, 0, 8>` in every line (first line, label, help and
/// notes), with no typenum type anywhere in the `.stderr`.
#[test]
fn big_integers_are_readable_everywhere() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ui/fail/compose_big_int_not_admissible.stderr");
    let text = std::fs::read_to_string(&path).expect("reviewed .stderr");
    assert!(
        text.lines()
            .next()
            .unwrap_or_default()
            .contains("Dec<1, 1, 0, 0, 8>")
    );
    for bad in [
        "UInt", "UTerm", "B1", "B0", "typenum", "HCons", "HNil", ", 10",
    ] {
        assert!(!text.contains(bad), "{}: shows `{bad}`", path.display());
    }
}
