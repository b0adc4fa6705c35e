//! `cute batch`: the JSON Lines protocol of docs/architecture.md#the-batch-protocol.
//!
//! Every input line gets exactly one output line, in order, flushed as soon
//! as it is written, whatever the line holds:
//!
//! ```text
//! in : {"id":"c1","op":"composition","args":["(4,6,8,10):(2,3,5,7)","6:12"]}
//! out: {"id":"c1","ok":"(2,3):(9,5)"}
//! out: {"id":"c2","error":{"kind":"stride_divisibility","message":"…"}}
//! ```
//!
//! A blank line, malformed JSON, or a line longer than [`MAX_LINE`] bytes is
//! answered with `{"id":null,"error":{"kind":"parse",…}}`; a request whose
//! `op` or `args` are missing or ill-typed is answered with kind `parse` and
//! its `id`; everything else is the library's answer through
//! [`cute_tools::apply`], which runs the `op` of the library's operation
//! table ([`cute_tools::OPERATIONS`]): a wrong number of arguments is an
//! `arity` error, an argument of the wrong kind an `invalid_argument` error.
//! The loop stops only at end of input (or when stdout is closed).

use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::Value;

/// The longest line accepted, in bytes (1 MiB). Longer lines are consumed to
/// their end in bounded memory and answered with a `parse` error.
pub const MAX_LINE: usize = 1 << 20;

/// One input line, as read by [`read_line`].
enum Line {
    /// The bytes of the line, without its terminator.
    Text(Vec<u8>),
    /// The line was longer than [`MAX_LINE`]; its bytes were discarded.
    TooLong(usize),
}

/// Reads one line (terminated by `\n` or end of input) keeping at most
/// [`MAX_LINE`] bytes of it. Returns `None` at end of input.
fn read_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let mut total = 0usize;
    let mut seen_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        seen_any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(p) => (&chunk[..p], Some(p + 1)),
            None => (chunk, None),
        };
        total = total.saturating_add(part.len());
        if total <= MAX_LINE {
            buf.extend_from_slice(part);
        } else if !buf.is_empty() {
            buf.clear();
            buf.shrink_to(0);
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !seen_any {
        return Ok(None);
    }
    if total > MAX_LINE {
        return Ok(Some(Line::TooLong(total)));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(Line::Text(std::mem::take(buf))))
}

/// An error answer before the library is reached.
struct Failure {
    kind: &'static str,
    message: String,
}

fn parse_error(message: impl Into<String>) -> Failure {
    Failure {
        kind: "parse",
        message: message.into(),
    }
}

/// Answers one line: the request's id and its result.
fn answer(line: &[u8]) -> (Value, Result<String, Failure>) {
    let text = match std::str::from_utf8(line) {
        Ok(t) => t,
        Err(e) => {
            return (
                Value::Null,
                Err(parse_error(format!("line is not UTF-8: {e}"))),
            );
        }
    };
    if text.trim().is_empty() {
        return (
            Value::Null,
            Err(parse_error("empty line: expected a JSON request")),
        );
    }
    let request: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return (
                Value::Null,
                Err(parse_error(format!("malformed JSON: {e}"))),
            );
        }
    };
    let Value::Object(mut request) = request else {
        return (
            Value::Null,
            Err(parse_error(
                "expected a JSON object {\"id\":…,\"op\":…,\"args\":[…]}",
            )),
        );
    };
    let id = request.remove("id").unwrap_or(Value::Null);
    let result = run_request(&request);
    (id, result)
}

fn run_request(request: &serde_json::Map<String, Value>) -> Result<String, Failure> {
    let op = match request.get("op") {
        Some(Value::String(op)) => op.as_str(),
        Some(_) => return Err(parse_error("\"op\" must be a string")),
        None => return Err(parse_error("missing \"op\"")),
    };
    let args: Vec<String> = match request.get("args") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(s.clone()),
                Value::Number(n) if n.is_i64() || n.is_u64() => Ok(n.to_string()),
                _ => Err(parse_error(format!(
                    "every argument must be a string (or an integer), found {v}"
                ))),
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(parse_error("\"args\" must be an array of strings")),
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // The library promises not to panic; should it ever, the protocol still
    // answers this line and goes on with the next one.
    match catch_unwind(AssertUnwindSafe(|| cute_tools::apply(op, &args))) {
        Ok(Ok(ok)) => Ok(ok),
        Ok(Err(e)) => Err(Failure {
            kind: e.kind(),
            message: e.to_string(),
        }),
        Err(_) => Err(Failure {
            kind: "internal",
            message: format!("internal error while running {op}; please report this input"),
        }),
    }
}

/// Writes one answer line (`id` first, then `ok` or `error`).
fn write_answer<W: Write>(
    out: &mut W,
    id: &Value,
    result: &Result<String, Failure>,
) -> io::Result<()> {
    let id = serde_json::to_string(id).unwrap_or_else(|_| "null".to_string());
    match result {
        Ok(ok) => writeln!(out, "{{\"id\":{id},\"ok\":{}}}", Value::String(ok.clone())),
        Err(f) => writeln!(
            out,
            "{{\"id\":{id},\"error\":{{\"kind\":{},\"message\":{}}}}}",
            Value::String(f.kind.to_string()),
            Value::String(f.message.clone())
        ),
    }?;
    out.flush()
}

/// Runs the protocol from `input` to `output` until end of input.
///
/// Returns an error only when reading or writing fails (e.g. a closed pipe).
pub fn run<R: BufRead, W: Write>(mut input: R, mut output: W) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(line) = read_line(&mut input, &mut buf)? {
        let (id, result) = match line {
            Line::Text(bytes) => {
                let r = answer(&bytes);
                buf = bytes;
                r
            }
            Line::TooLong(n) => (
                Value::Null,
                Err(parse_error(format!(
                    "line of {n} bytes is longer than the limit of {MAX_LINE} bytes"
                ))),
            ),
        };
        write_answer(&mut output, &id, &result)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(input: &str) -> String {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn answers_every_line_in_order() {
        let out = batch(concat!(
            "{\"id\":\"c1\",\"op\":\"composition\",\"args\":[\"(4,6,8,10):(2,3,5,7)\",\"6:12\"]}\n",
            "\n",
            "{oops\n",
            "{\"id\":7,\"op\":\"nope\",\"args\":[]}\n",
            "{\"id\":\"c2\",\"op\":\"composition\",\"args\":[\"(4,6,8):(2,3,5)\",\"6:3\"]}",
        ));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[0], r#"{"id":"c1","ok":"(2,3):(9,5)"}"#);
        assert!(lines[1].starts_with(r#"{"id":null,"error":{"kind":"parse""#));
        assert!(lines[2].starts_with(r#"{"id":null,"error":{"kind":"parse""#));
        assert!(lines[3].starts_with(r#"{"id":7,"error":{"kind":"unknown_operation""#));
        assert!(lines[4].starts_with(r#"{"id":"c2","error":{"kind":"stride_divisibility""#));
    }

    /// Hostile lines: a result beyond the limits is refused before it is
    /// built, and the next line is answered.
    #[test]
    fn results_beyond_the_limits_are_refused_before_allocating() {
        let out = batch(concat!(
            "{\"id\":1,\"op\":\"append\",\"args\":[\"(4,8):(1,4)\",\"1:0\",\"1000000000000\"]}\n",
            "{\"id\":2,\"op\":\"prepend\",\"args\":[\"(4,8):(1,4)\",\"1:0\",\"100000000\"]}\n",
            "{\"id\":3,\"op\":\"append\",\"args\":[\"(4,8):(1,4)\",\"1:0\",\"2000000\"]}\n",
            "{\"id\":4,\"op\":\"size\",\"args\":[\"(4,8)\"]}\n",
        ));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4);
        for (i, line) in lines[..3].iter().enumerate() {
            let want = format!(
                "{{\"id\":{},\"error\":{{\"kind\":\"invalid_argument\"",
                i + 1
            );
            assert!(line.starts_with(&want), "{line}");
        }
        assert_eq!(lines[3], r#"{"id":4,"ok":"32"}"#);
    }

    /// Lines of a few hundred thousand leaves are answered in linear time
    /// (lex_less and zip walked their modes by index: quadratic, 73 s and
    /// 38 s on such lines).
    #[test]
    fn wide_operands_take_linear_time() {
        let n = 200_000;
        let t = format!("({})", vec!["1"; n].join(","));
        let z = 100_000; // two such layouts fill most of a 1 MiB line
        let l = format!("({}):({})", vec!["1"; z].join(","), vec!["0"; z].join(","));
        let input = format!(
            "{{\"id\":1,\"op\":\"lex_less\",\"args\":[\"{t}\",\"{t}\"]}}\n{{\"id\":2,\"op\":\"zip\",\"args\":[\"{l}\",\"{l}\"]}}\n{{\"id\":3,\"op\":\"colex_less\",\"args\":[\"{t}\",\"{t}\"]}}\n"
        );
        let start = std::time::Instant::now();
        let out = batch(&input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], r#"{"id":1,"ok":"false"}"#);
        assert!(
            lines[1].starts_with(r#"{"id":2,"ok":"((1,1),(1,1),"#),
            "{}",
            &lines[1][..60]
        );
        assert_eq!(lines[2], r#"{"id":3,"ok":"false"}"#);
        // Rank-50k operands through the functions whose modes were walked
        // by index or ordered pairwise (5.3 s, 2.9 s, 10.1 s, 3.4 s, 3.3 s
        // before, in this test build).
        let z = 50_000;
        let l = format!(
            "({}):({})",
            vec!["1"; z].join(","),
            (1..=z).map(|i| i.to_string()).collect::<Vec<_>>().join(",")
        );
        let sh = format!("({})", vec!["1"; z].join(","));
        for (op, args) in [
            ("make_layout_like", vec![&l]),
            ("make_ordered_layout", vec![&sh, &sh]),
            ("tile_to_shape", vec![&l, &sh]),
            ("coalesce", vec![&l, &sh]),
            ("shape_div", vec![&sh, &sh]),
        ] {
            let a: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
            assert!(cute_tools::apply(op, &a).is_ok(), "{op}");
        }
        assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    }

    /// Numeric ids come back exactly as they were written.
    #[test]
    fn numeric_ids_round_trip() {
        let out = batch(concat!(
            "{\"id\":123456789012345678901234567890,\"op\":\"size\",\"args\":[\"(4,8)\"]}\n",
            "{\"id\":-0.000000000000000000001,\"op\":\"size\",\"args\":[\"4\"]}\n",
        ));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            r#"{"id":123456789012345678901234567890,"ok":"32"}"#
        );
        assert_eq!(lines[1], r#"{"id":-0.000000000000000000001,"ok":"4"}"#);
    }

    #[test]
    fn long_lines_are_rejected_and_skipped() {
        let long = "x".repeat(MAX_LINE + 10);
        let out = batch(&format!(
            "{long}\n{{\"id\":1,\"op\":\"size\",\"args\":[\"(4,8)\"]}}\n"
        ));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("longer than the limit"));
        assert_eq!(lines[1], r#"{"id":1,"ok":"32"}"#);
    }

    #[test]
    fn the_int_tuple_and_layout_surface() {
        // One request per argument-kind combination of the int-tuple and layout operations.
        let requests = [
            (
                r#""shape_div","args":["(4,5,6)","40"]"#,
                r#""ok":"(1,1,3)""#,
            ),
            (
                r#""congruent","args":["(1,2)","((1,2),3)"]"#,
                r#""ok":"false""#,
            ),
            (r#""lex_less","args":["(1,5)","(2,0)"]"#, r#""ok":"true""#),
            (r#""product_each","args":["((2,3),4)"]"#, r#""ok":"(6,4)""#),
            (
                r#""inner_product","args":["(2,3)","(1,10)"]"#,
                r#""ok":"32""#,
            ),
            (r#""nullspace","args":["(2,4,6):(1,2,0)"]"#, r#""ok":"6:8""#),
            (
                r#""domain_offset","args":["(1,2)","(4,6):(6,1)"]"#,
                r#""ok":"8|(4,6):(6,1)""#,
            ),
            (
                r#""dice","args":["(_,2)","(4,(2,3)):(1,(4,8))"]"#,
                r#""ok":"((2,3)):((4,8))""#,
            ),
            (
                r#""tile_to_shape","args":["(2,2):(1,2)","(4,4)"]"#,
                r#""ok":"((2,2),(2,2)):((1,4),(2,8))""#,
            ),
            (r#""layout_add","args":["12:1","12:1"]"#, r#""ok":"12:2""#),
            (
                r#""domain_distribute","args":["(15,14)",6]"#,
                r#""ok":"(3,2):(1,15)""#,
            ),
            (
                r#""shape_div","args":["6","4"]"#,
                r#""error":{"kind":"invalid_argument""#,
            ),
            (
                r#""make_ordered_layout","args":["(2,3)","(0,0)"]"#,
                r#""error":{"kind":"invalid_argument""#,
            ),
            (
                r#""tile_to_shape","args":["(2,2):(1,2)"]"#,
                r#""error":{"kind":"arity""#,
            ),
        ];
        let input: String = requests
            .iter()
            .enumerate()
            .map(|(i, (req, _))| format!("{{\"id\":{i},\"op\":{req}}}\n"))
            .collect();
        let out = batch(&input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), requests.len());
        for (i, (line, (req, want))) in lines.iter().zip(&requests).enumerate() {
            assert!(
                line.starts_with(&format!("{{\"id\":{i},{want}")),
                "{req}: {line}"
            );
        }
    }

    #[test]
    fn crlf_and_numeric_arguments() {
        let out = batch("{\"id\":1,\"op\":\"complement\",\"args\":[\"4:32\",256]}\r\n");
        assert_eq!(out, "{\"id\":1,\"ok\":\"(32,2):(1,128)\"}\n");
    }
}
