//! Every pointer into `docs/semantics.md` or `docs/architecture.md` — from
//! a code comment (`docs/semantics/algebra.md#composition`) or from a link inside
//! those documents (`[composition](#composition)`) — names a heading that
//! exists, so the anchors stay stable when the documents are edited.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The documents whose headings are pointed at: the architecture, the
/// semantics index and every topic file of the semantics.
fn docs(root: &Path) -> Vec<String> {
    let mut docs = vec![
        "docs/architecture.md".to_string(),
        "docs/semantics.md".to_string(),
    ];
    let dir = root.join("docs/semantics");
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut topics: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/semantics/{n}"))
        .collect();
    topics.sort();
    assert!(
        topics.len() >= 6,
        "docs/semantics/ holds the topic files: {topics:?}"
    );
    docs.extend(topics);
    docs
}

/// `path` relative to the directory of the workspace file `from`, with `..`
/// and `.` resolved (`docs/guide.md` + `semantics/algebra.md` is
/// `docs/semantics/algebra.md`).
fn resolve(from: &str, path: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for p in path.split('/') {
        match p {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    parts.join("/")
}

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
    let known: Vec<(String, BTreeSet<String>)> = docs(&root)
        .into_iter()
        .map(|d| {
            let text = fs::read_to_string(root.join(&d)).unwrap_or_else(|e| panic!("{d}: {e}"));
            let names = anchors(&text);
            (d, names)
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
        if rel.ends_with(".md") {
            // Relative links to another Markdown file: the file exists, and
            // when it is one of the documents above, so does the heading.
            for (at, _) in text.match_indices("](") {
                let link = &text[at + 2..];
                let Some(end) = link.find(')') else {
                    continue;
                };
                let link = &link[..end];
                let (path, anchor) = link.split_once('#').unwrap_or((link, ""));
                if !path.ends_with(".md") || path.contains("://") {
                    continue;
                }
                let target = resolve(&rel, path);
                if !root.join(&target).is_file() {
                    bad.push(format!("{rel}: link to missing file {path}"));
                    continue;
                }
                if anchor.is_empty() {
                    continue;
                }
                if let Some((_, names)) = known.iter().find(|(d, _)| *d == target)
                    && !names.contains(anchor_at(anchor))
                {
                    bad.push(format!("{rel}: link to {path}#{anchor}"));
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
