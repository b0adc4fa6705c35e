//! Every case of the oracle (tests/data/oracle/*.jsonl, 8400 lines) through
//! one `cute batch` process: a valid case must answer `ok` equal to
//! `expected`, an invalid one an error with a kind.

mod common;

use serde_json::Value;

#[test]
fn every_oracle_case_through_cute_batch() {
    let lines = common::oracle_lines();
    assert_eq!(lines.len(), 8400, "the oracle has 8400 cases");
    let input = lines.join("\n") + "\n";
    let out = common::cute(&["batch"], input);
    assert!(out.status.success(), "exit status {:?}", out.status);
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), lines.len(), "one answer per line");
    let mut failures = Vec::new();
    for (case, answer) in lines.iter().zip(&answers) {
        let case: Value = serde_json::from_str(case).unwrap();
        let answer: Value = serde_json::from_str(answer).expect("answer is JSON");
        assert_eq!(answer["id"], case["id"], "answers in order");
        match &case["expected"] {
            Value::String(expected) => {
                if answer["ok"].as_str() != Some(expected) {
                    failures.push(format!("{}: expected {expected}, got {answer}", case["id"]));
                }
            }
            _ => {
                let kind = answer["error"]["kind"].as_str().unwrap_or("");
                let message = answer["error"]["message"].as_str().unwrap_or("");
                if kind.is_empty() || kind == "parse" || message.is_empty() {
                    failures.push(format!(
                        "{}: expected a rule error, got {answer}",
                        case["id"]
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        lines.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
