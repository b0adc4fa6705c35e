//! The oracle (docs/semantics/differences-from-cute.md#the-oracle): every case of `data/oracle/*.jsonl` through the
//! library. A valid case must print exactly `expected`; an invalid one must
//! return an error naming the rule. False rejections are counted and listed.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::support::op_and_args;

#[test]
fn oracle_cases() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data/oracle");
    let mut failures = Vec::new();
    let mut report = BTreeMap::new();
    let mut total = 0;
    // One data file per operation of the table that has oracle cases.
    for name in cute_tools::OPERATIONS.iter().map(|op| op.name) {
        let Ok(text) = std::fs::read_to_string(format!("{dir}/{name}.jsonl")) else {
            continue;
        };
        let (mut matched, mut rejected, mut false_rej) = (0, 0, 0);
        for line in text.lines() {
            let case: Value = serde_json::from_str(line).expect("json");
            let (op, args) = op_and_args(&case);
            let got = cute_tools::apply(op, &args);
            total += 1;
            match (case["expected"].as_str(), got) {
                (Some(want), Ok(got)) if want == got => {
                    matched += 1;
                    // Besides the exact answer, the operation's law holds.
                    if let Err(v) = cute_tools::check_law(op, &args, &got) {
                        failures.push(format!("{} {op}{args:?}: {v}", case["id"]));
                    }
                }
                (Some(want), Ok(got)) => failures.push(format!(
                    "{} {op}{args:?}: want {want} got {got}",
                    case["id"]
                )),
                (Some(want), Err(e)) => {
                    false_rej += 1;
                    failures.push(format!(
                        "{} {op}{args:?}: want {want}, FALSE REJECTION [{}] {e}",
                        case["id"],
                        e.kind()
                    ));
                }
                (None, Err(_)) => rejected += 1,
                (None, Ok(got)) => failures.push(format!(
                    "{} {op}{args:?}: must be an error, got {got} ({})",
                    case["id"], case["why"]
                )),
            }
        }
        report.insert(name, (matched, rejected, false_rej));
    }
    println!("op: valid matched / invalid rejected / false rejections");
    for (k, v) in &report {
        println!("{k:>16}: {:4} / {:4} / {}", v.0, v.1, v.2);
    }
    assert_eq!(total, 8400);
    if !failures.is_empty() {
        for f in failures.iter().take(60) {
            println!("{f}");
        }
        panic!("{} oracle cases fail", failures.len());
    }
}
