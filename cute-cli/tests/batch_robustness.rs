//! `cute batch` on ~100,000 hostile lines: valid oracle cases, malformed
//! JSON, blank lines, wrong arity, unknown ops, huge numbers, deep nesting,
//! non-object JSON, ill-typed arguments, invalid UTF-8 and over-long lines.
//! Exactly one well-formed answer per line, in order, and exit status 0.

mod common;

use serde_json::Value;

/// What the answer to one generated line must be.
enum Expect {
    /// `{"id":<id>,"ok":<ok>}`.
    Ok(Value, String),
    /// `{"id":<id>,"error":{"kind":<kind or any>,…}}`.
    Error(Value, Option<&'static str>),
}

/// A small deterministic generator (64-bit LCG; the high bits are used).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn generate(count: usize) -> (Vec<u8>, Vec<Expect>) {
    let oracle: Vec<Value> = common::oracle_lines()
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut rng = Lcg(0x5eed);
    let mut input = Vec::new();
    let mut expect = Vec::new();
    let null = Value::Null;
    for n in 0..count {
        let id = Value::from(n as u64);
        let (line, e): (Vec<u8>, Expect) = match rng.next(16) {
            0..=3 => {
                let case = &oracle[rng.next(oracle.len())];
                let req = serde_json::json!({"id": id, "op": case["op"], "args": case["args"]});
                let e = match &case["expected"] {
                    Value::String(s) => Expect::Ok(id, s.clone()),
                    _ => Expect::Error(id, None),
                };
                (req.to_string().into_bytes(), e)
            }
            4 => {
                let bad = [
                    format!("{{\"id\":{n},\"op\":"),
                    "not json at all".to_string(),
                    format!("{{\"id\":{n} \"op\":\"size\"}}"),
                    format!("{{\"id\":{n},\"op\":\"size\",\"args\":[\"8\"]}}}}"),
                    "{'id':1}".to_string(),
                ];
                let b = bad[rng.next(bad.len())].clone().into_bytes();
                (b, Expect::Error(null.clone(), Some("parse")))
            }
            5 => {
                let blank = ["", "   ", "\t"][rng.next(3)];
                (blank.into(), Expect::Error(null.clone(), Some("parse")))
            }
            6 => {
                let req = match rng.next(3) {
                    0 => format!("{{\"id\":{n},\"op\":\"composition\",\"args\":[\"4:1\"]}}"),
                    1 => {
                        format!("{{\"id\":{n},\"op\":\"coalesce\",\"args\":[\"4:1\",\"4\",\"4\"]}}")
                    }
                    _ => format!("{{\"id\":{n},\"op\":\"size\"}}"),
                };
                (req.into_bytes(), Expect::Error(id, Some("arity")))
            }
            7 => {
                let op = ["frobnicate", "", "COMPOSITION", "compose"][rng.next(4)];
                let req = format!("{{\"id\":{n},\"op\":\"{op}\",\"args\":[\"4:1\",\"2:1\"]}}");
                (
                    req.into_bytes(),
                    Expect::Error(id, Some("unknown_operation")),
                )
            }
            8 => {
                let huge = [
                    ("size", "123456789012345678901234567890"),
                    ("size", "(4294967296,4294967296)"),
                    ("cosize", "(3037000501,2):(3037000501,1)"),
                    ("size", "(3037000500,3037000500)"),
                    ("eval", "(4,8):(9223372036854775807,1)"),
                ];
                let (op, arg) = huge[rng.next(huge.len())];
                let extra = if op == "eval" { ",\"3\"" } else { "" };
                let req = format!("{{\"id\":{n},\"op\":\"{op}\",\"args\":[\"{arg}\"{extra}]}}");
                (req.into_bytes(), Expect::Error(id, None))
            }
            9 => {
                let depth = 100 + rng.next(2000);
                if rng.next(2) == 0 {
                    let arg = "(".repeat(depth) + "4" + &")".repeat(depth);
                    let req = format!("{{\"id\":{n},\"op\":\"size\",\"args\":[\"{arg}\"]}}");
                    (req.into_bytes(), Expect::Error(id, Some("parse")))
                } else {
                    let req = "[".repeat(depth) + &"]".repeat(depth);
                    (req.into_bytes(), Expect::Error(null.clone(), Some("parse")))
                }
            }
            10 => {
                let other = ["[1,2]", "\"size\"", "42", "null", "true"][rng.next(5)];
                (other.into(), Expect::Error(null.clone(), Some("parse")))
            }
            11 => {
                let args = ["[[\"8\"]]", "[null]", "[1.5]", "\"8\"", "{}"][rng.next(5)];
                let req = format!("{{\"id\":{n},\"op\":\"size\",\"args\":{args}}}");
                (req.into_bytes(), Expect::Error(id, Some("parse")))
            }
            12 => {
                let mut b = format!("{{\"id\":{n},\"op\":\"size\",\"args\":[\"").into_bytes();
                b.extend_from_slice(&[0xff, 0xfe, b'8']);
                b.extend_from_slice(b"\"]}");
                (b, Expect::Error(null.clone(), Some("parse")))
            }
            13 => {
                let id = Value::from(format!("é\"\\{n}\u{1F600}"));
                let req = serde_json::json!({"id": id, "op": "size", "args": ["((2,2),(4,2))"]});
                (req.to_string().into_bytes(), Expect::Ok(id, "32".into()))
            }
            14 => {
                let arg = [
                    "(4,8)：(1,4)",
                    "(4,8):(1,4",
                    "4:",
                    ":",
                    "(4,8):(1,4,5)",
                    "(0,2)",
                    "_",
                ][rng.next(7)];
                let req = serde_json::json!({"id": id, "op": "cosize", "args": [arg]});
                (req.to_string().into_bytes(), Expect::Error(id, None))
            }
            _ => {
                if n % 997 == 0 && n < 40_000 {
                    // An over-long line: 2 MiB of a string argument.
                    let req = format!(
                        "{{\"id\":{n},\"op\":\"size\",\"args\":[\"{}\"]}}",
                        "7".repeat(2 << 20)
                    );
                    (req.into_bytes(), Expect::Error(null.clone(), Some("parse")))
                } else {
                    let req = format!(
                        "{{\"id\":{n},\"op\":\"eval\",\"args\":[\"(4,8):(8,1)\",\"{n}\"]}}"
                    );
                    let offset = (n % 4) * 8 + n / 4;
                    (req.into_bytes(), Expect::Ok(id, offset.to_string()))
                }
            }
        };
        input.extend_from_slice(&line);
        input.push(b'\n');
        expect.push(e);
    }
    (input, expect)
}

#[test]
fn one_answer_per_line_in_order_on_hostile_input() {
    let (input, expect) = generate(100_000);
    let out = common::cute(&["batch"], input);
    assert!(out.status.success(), "exit status {:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let answers: Vec<&str> = stdout.split_terminator('\n').collect();
    assert_eq!(answers.len(), expect.len(), "one answer per input line");
    for (n, (answer, e)) in answers.iter().zip(&expect).enumerate() {
        let a: Value = serde_json::from_str(answer)
            .unwrap_or_else(|err| panic!("line {n}: answer is not JSON ({err}): {answer}"));
        let keys: Vec<&str> = a.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 2, "line {n}: {answer}");
        match e {
            Expect::Ok(id, ok) => {
                assert_eq!(&a["id"], id, "line {n}: {answer}");
                assert_eq!(a["ok"].as_str(), Some(ok.as_str()), "line {n}: {answer}");
            }
            Expect::Error(id, kind) => {
                assert_eq!(&a["id"], id, "line {n}: {answer}");
                let got = a["error"]["kind"].as_str();
                assert!(got.is_some_and(|k| !k.is_empty()), "line {n}: {answer}");
                if let Some(kind) = kind {
                    assert_eq!(got, Some(*kind), "line {n}: {answer}");
                }
                assert!(
                    a["error"]["message"]
                        .as_str()
                        .is_some_and(|m| !m.is_empty())
                );
            }
        }
    }
}

#[test]
fn a_ten_megabyte_line_is_answered_quickly() {
    let mut input = vec![b'{'; 10 << 20];
    input.extend_from_slice(b"\n{\"id\":1,\"op\":\"size\",\"args\":[\"(4,8)\"]}\n");
    let start = std::time::Instant::now();
    let out = common::cute(&["batch"], input);
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0]
            .starts_with(r#"{"id":null,"error":{"kind":"parse","message":"line of 10485760 bytes"#)
    );
    assert_eq!(lines[1], r#"{"id":1,"ok":"32"}"#);
}

#[test]
fn answers_are_flushed_before_the_next_line_arrives() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for (request, answer) in [
        (
            r#"{"id":"a","op":"size","args":["(4,8)"]}"#,
            r#"{"id":"a","ok":"32"}"#,
        ),
        ("garbage", r#"{"id":null,"error":{"kind":"parse""#),
        (
            r#"{"id":"b","op":"cosize","args":["(4,8):(1,5)"]}"#,
            r#"{"id":"b","ok":"39"}"#,
        ),
    ] {
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        assert!(line.starts_with(answer), "{line}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
