//! Every pointer into `docs/semantics.md` or `docs/architecture.md` — from
//! a code comment (`docs/semantics.md#composition`) or from a link inside
//! those documents (`[composition](#composition)`) — names a heading that
//! exists, so the anchors stay stable when the documents are edited.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const DOCS: [&str; 2] = ["docs/semantics.md", "docs/architecture.md"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate is inside the workspace")
        .to_path_buf()
}

/// The anchors of a Markdown file's headings, as GitHub computes them:
/// lower case, punctuation other than `-` and `_` removed, spaces as `-`.
fn anchors(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|l| {
            let title = l.trim_start_matches('#');
            (l.starts_with('#') && title.starts_with(' ')).then_some(title.trim())
        })
        .map(|title| {
            title
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
                .map(|c| if c == ' ' { '-' } else { c })
                .collect()
        })
        .collect()
}

/// The anchor name starting at `s` (letters, digits, `-`, `_`).
fn anchor_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(s.len());
    s[..end].trim_end_matches('-')
}

/// Source and documentation files of the workspace (build outputs skipped).
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" {
                files(&path, out);
            }
        } else if [".rs", ".md", ".toml", ".sh"]
            .iter()
            .any(|e| name.ends_with(e))
        {
            out.push(path);
        }
    }
}

#[test]
fn every_pointer_into_the_docs_names_a_heading() {
    let root = root();
    let known: Vec<(&str, BTreeSet<String>)> = DOCS
        .iter()
        .map(|d| {
            let text = fs::read_to_string(root.join(d)).unwrap_or_else(|e| panic!("{d}: {e}"));
            (*d, anchors(&text))
        })
        .collect();
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut bad = Vec::new();
    for path in &all {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        let rel = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        for (doc, names) in &known {
            let needle = format!("{doc}#");
            for (at, _) in text.match_indices(&needle) {
                let name = anchor_at(&text[at + needle.len()..]);
                if !names.contains(name) {
                    bad.push(format!("{rel}: {doc}#{name}"));
                }
            }
            if rel == *doc {
                for (at, _) in text.match_indices("](#") {
                    let name = anchor_at(&text[at + 3..]);
                    if !names.contains(name) {
                        bad.push(format!("{rel}: link to #{name}"));
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "pointers to headings that do not exist (headings: {:?}):\n  {}",
        known,
        bad.join("\n  ")
    );
}
