//! `_` (skip) modes of tilers by their documented meaning, against pycute:
//! every case of `data/skip_tilers/cases.jsonl` (printed by
//! `data/skip_tilers/generate.py` from pycute's answers) must be answered
//! exactly, and the answer satisfies the operation's law.

use serde_json::Value;

use crate::support::op_and_args;

#[test]
fn skip_tiler_cases_match_pycute() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/skip_tilers/cases.jsonl");
    let text = std::fs::read_to_string(path).expect("the cases file");
    let mut failures = Vec::new();
    let mut total = 0;
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).expect("json");
        let (op, args) = op_and_args(&case);
        let want = case["expected"].as_str().unwrap();
        total += 1;
        match cute_tools::apply(op, &args) {
            Ok(got) if got == want => {
                if let Err(v) = cute_tools::check_law(op, &args, &got) {
                    failures.push(format!("{} {op}{args:?}: {v}", case["id"]));
                }
            }
            Ok(got) => failures.push(format!(
                "{} {op}{args:?}: want {want} got {got}",
                case["id"]
            )),
            Err(e) => failures.push(format!(
                "{} {op}{args:?}: want {want}, error [{}] {e}",
                case["id"],
                e.kind()
            )),
        }
    }
    // The named cases and 60 random ones for each of the eight operations.
    assert_eq!(total, 6 + 8 * 60);
    for f in failures.iter().take(40) {
        println!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{} of {total} cases fail",
        failures.len()
    );
}
