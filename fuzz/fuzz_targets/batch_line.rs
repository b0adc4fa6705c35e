//! `cute batch` on arbitrary input: one JSON answer line per input line, in
//! order, never a stop, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    cute_cli::batch::run(data, &mut out).expect("writing to a Vec never fails");
    let lines_in = data.split(|&b| b == b'\n').count() - usize::from(data.ends_with(b"\n") || data.is_empty());
    let text = String::from_utf8(out).expect("answers are UTF-8");
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), lines_in, "one answer per line");
    for a in answers {
        let v: serde_json::Value = serde_json::from_str(a).expect("each answer is JSON");
        assert!(v.get("ok").is_some() ^ v.get("error").is_some(), "{a}");
        if let Some(e) = v.get("error") {
            assert_ne!(e["kind"], "internal", "a panic was caught: {a}");
        }
    }
});
