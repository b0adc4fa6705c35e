//! The counts the READMEs quote must match the repository: the number of
//! oracle cases (in total, valid, per operation), the trybuild fail cases,
//! the static cross-check cases, the property-test default. Each number is
//! found in the README text (README.md, docs/guide.md, the oracle's
//! README) by the phrase around it, so the test fails when
//! either the text or the reality changes; the failure names the number to
//! change and its new value.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace root (this crate lives in `tests/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate is inside the workspace")
        .to_path_buf()
}

fn read(rel: &str) -> String {
    fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"))
}

/// The text with every run of whitespace (line breaks included) collapsed
/// to one space, so phrases can wrap in the Markdown source.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `n` as the READMEs write it: `8,400`, `600`.
fn pretty(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn parse_number(s: &str) -> Option<u64> {
    let digits: String = s.chars().filter(|c| *c != ',').collect();
    if digits.is_empty() {
        None
    } else {
        digits.parse().ok()
    }
}

/// Collects every mismatch, then fails once with all of them.
struct Check {
    file: &'static str,
    text: String,
    failures: Vec<String>,
}

impl Check {
    fn new(file: &'static str) -> Self {
        Check {
            file,
            text: flat(&read(file)),
            failures: Vec::new(),
        }
    }

    /// The number written immediately before `phrase`.
    fn before(&mut self, phrase: &str, actual: u64, what: &str) {
        let Some(at) = self.text.find(phrase) else {
            self.failures.push(format!(
                "{}: the phrase `N{phrase}` is gone; {what} is {}: restore the phrase or update \
                 tests/tests/readme_counts.rs",
                self.file,
                pretty(actual)
            ));
            return;
        };
        let head = &self.text[..at];
        let start = head
            .rfind(|c: char| !(c.is_ascii_digit() || c == ','))
            .map_or(0, |i| i + 1);
        let written = head[start..].to_string();
        self.compare(&written, phrase, true, actual, what);
    }

    /// The number written immediately after `phrase`.
    fn after(&mut self, phrase: &str, actual: u64, what: &str) {
        let Some(at) = self.text.find(phrase) else {
            self.failures.push(format!(
                "{}: the phrase `{phrase}N` is gone; {what} is {}: restore the phrase or update \
                 tests/tests/readme_counts.rs",
                self.file,
                pretty(actual)
            ));
            return;
        };
        let tail = &self.text[at + phrase.len()..];
        let end = tail
            .find(|c: char| !(c.is_ascii_digit() || c == ','))
            .unwrap_or(tail.len());
        let written = tail[..end].trim_end_matches(',').to_string();
        self.compare(&written, phrase, false, actual, what);
    }

    fn compare(&mut self, written: &str, phrase: &str, before: bool, actual: u64, what: &str) {
        let quoted = if before {
            format!("{written}{phrase}")
        } else {
            format!("{phrase}{written}")
        };
        match parse_number(written) {
            Some(n) if n == actual => {}
            Some(_) => self.failures.push(format!(
                "{}: `{quoted}`: change {written} to {} ({what})",
                self.file,
                pretty(actual)
            )),
            None => self.failures.push(format!(
                "{}: no number at `{quoted}`; {what} is {}",
                self.file,
                pretty(actual)
            )),
        }
    }

    /// The rows of the Markdown table whose header line is `header`: the
    /// first cell, then the other cells.
    fn table(&mut self, header: &str) -> Vec<(String, Vec<String>)> {
        let source = read(self.file);
        let mut lines = source.lines().map(str::trim);
        if !lines.any(|l| l == header) {
            self.failures.push(format!(
                "{}: the table with header `{header}` is gone; update tests/tests/readme_counts.rs",
                self.file
            ));
            return Vec::new();
        }
        lines
            .skip(1) // the |---| line
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                let cells: Vec<String> = l
                    .trim_matches('|')
                    .split('|')
                    .map(|c| c.trim().to_string())
                    .collect();
                (cells[0].clone(), cells[1..].to_vec())
            })
            .collect()
    }

    fn cell(&mut self, op: &str, cells: &[String], i: usize, actual: u64, column: &str) {
        match cells.get(i).and_then(|c| parse_number(c)) {
            Some(n) if n == actual => {}
            _ => self.failures.push(format!(
                "{}: table row `{op}`, column `{column}`: change {} to {}",
                self.file,
                cells.get(i).map_or("(missing)", String::as_str),
                pretty(actual)
            )),
        }
    }

    fn finish(self) -> Vec<String> {
        self.failures
    }
}

/// Per operation: (cases, valid, invalid) of `tests/data/oracle/<op>.jsonl`.
fn oracle() -> BTreeMap<String, (u64, u64, u64)> {
    let dir = root().join("tests/data/oracle");
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(&dir).expect("tests/data/oracle exists") {
        let path = entry.expect("readable directory entry").path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let op = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&path).expect("readable oracle file");
        let (mut cases, mut valid) = (0, 0);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).expect("oracle JSON");
            cases += 1;
            if case["valid"] == serde_json::Value::Bool(true) {
                valid += 1;
            }
        }
        out.insert(op, (cases, valid, cases - valid));
    }
    out
}

fn count_files(rel: &str, ext: &str) -> u64 {
    fs::read_dir(root().join(rel))
        .unwrap_or_else(|e| panic!("cannot list {rel}: {e}"))
        .filter(|e| {
            e.as_ref()
                .expect("readable directory entry")
                .path()
                .extension()
                .is_some_and(|x| x == ext)
        })
        .count() as u64
}

/// The default of `CUTE_PROPTEST_CASES`: the first `unwrap_or(N)` after the
/// variable's name in `tests/src/*.rs`.
fn proptest_default() -> Option<u64> {
    for entry in fs::read_dir(root().join("tests/src")).ok()? {
        let text = fs::read_to_string(entry.ok()?.path()).ok()?;
        let Some(at) = text.find("\"CUTE_PROPTEST_CASES\"") else {
            continue;
        };
        let rest = &text[at..];
        let open = rest.find("unwrap_or(")? + "unwrap_or(".len();
        let close = rest[open..].find(')')?;
        return parse_number(&rest[open..open + close].replace('_', ""));
    }
    None
}

#[test]
fn readme_counts_match_the_repository() {
    let oracle = oracle();
    let total: u64 = oracle.values().map(|c| c.0).sum();
    let valid: u64 = oracle.values().map(|c| c.1).sum();

    let mut readme = Check::new("README.md");
    // The longer tour (correctness, diagnostics) moved from the README.
    let mut guide = Check::new("docs/guide.md");
    let cases = "oracle cases (lines of tests/data/oracle/*.jsonl)";
    readme.before(" cases of the shared oracle", total, cases);
    readme.after("the oracle (", total, cases);
    guide.before(" cases with CuTe's answer or `null`", total, cases);
    guide.before(
        " valid cases)",
        valid,
        "valid oracle cases (`\"valid\":true`)",
    );
    guide.before(
        " valid oracle left_inverse cases",
        oracle.get("left_inverse").map_or(0, |c| c.1),
        "valid left_inverse oracle cases",
    );
    guide.before(
        " of them, each with its reviewed",
        count_files("ui-tests/tests/ui/fail", "rs"),
        "trybuild fail cases (ui-tests/tests/ui/fail/*.rs)",
    );
    let generated = read("cute-static/tests/generated/oracle_cases.rs");
    guide.before(
        " oracle cases (all",
        generated.matches("cross!(").count() as u64,
        "static cross-check cases (`cross!(` in cute-static/tests/generated/oracle_cases.rs)",
    );
    guide.after(
        " oracle cases (all ",
        generated.matches("\nfn ").count() as u64,
        "operations of the static cross-check (test functions in cute-static/tests/generated/oracle_cases.rs)",
    );
    match proptest_default() {
        Some(n) => {
            let what = "the default of CUTE_PROPTEST_CASES in tests/src";
            readme.before(" random cases per property", n, what);
            guide.before(" cases per property by default", n, what);
        }
        None => guide.failures.push(
            "tests/src: no `unwrap_or(N)` default after \"CUTE_PROPTEST_CASES\"; update \
             tests/tests/readme_counts.rs"
                .to_string(),
        ),
    }
    for (op, cells) in guide.table("| op | valid matched | invalid rejected | false rejections |") {
        match oracle.get(&op) {
            Some(&(_, v, n)) => {
                guide.cell(&op, &cells, 0, v, "valid matched");
                guide.cell(&op, &cells, 1, n, "invalid rejected");
            }
            None => guide.failures.push(format!(
                "docs/guide.md: table row `{op}` has no oracle file"
            )),
        }
    }

    let mut data = Check::new("tests/data/oracle/README.md");
    data.before(" in total)", total, cases);
    let per_file: Vec<u64> = oracle.values().map(|c| c.0).collect();
    if per_file.windows(2).all(|w| w[0] == w[1]) {
        data.before(
            " cases each",
            per_file.first().copied().unwrap_or(0),
            "cases per oracle file",
        );
    } else {
        data.failures.push(format!(
            "tests/data/oracle/README.md says every file has the same number of cases, but they \
             have {per_file:?}"
        ));
    }
    let rows = data.table(
        "| op | cases | valid | pycute's answer also valid | valid only through cpp_port | null |",
    );
    for (op, cells) in rows {
        match oracle.get(&op) {
            Some(&(c, v, n)) => {
                data.cell(&op, &cells, 0, c, "cases");
                data.cell(&op, &cells, 1, v, "valid");
                data.cell(&op, &cells, 4, n, "null");
            }
            None => data.failures.push(format!(
                "tests/data/oracle/README.md: table row `{op}` has no oracle file"
            )),
        }
    }

    let failures: Vec<String> = readme
        .finish()
        .into_iter()
        .chain(guide.finish())
        .chain(data.finish())
        .collect();
    assert!(
        failures.is_empty(),
        "the READMEs quote counts that no longer match the repository:\n  {}",
        failures.join("\n  ")
    );
}
