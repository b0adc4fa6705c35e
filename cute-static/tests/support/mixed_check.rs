//! `check!(layout, op, tiler, cute_dynamic::op, "tiler text")`: a mixed
//! operation on random run-time values against cute-dynamic (same text
//! via `to_dynamic()`) and the operation's law (`cute_tools::laws`).
//! Shared by `mixed.rs` and `divisor.rs`; the caller has `dt(&str) ->
//! cute_dynamic::Tiler` in scope and runs inside `proptest!`.

/// Cross-check one operation on random run-time values.
macro_rules! check {
    ($a:expr, $op:ident, $t:expr, $dop:path, $dt:expr) => {{
        let a = $a;
        let ours = a.$op($t).map(|r| r.to_dynamic());
        let theirs = $dop(&a.to_dynamic(), &dt($dt));
        match (ours, theirs) {
            (Ok(o), Ok(t)) => {
                prop_assert_eq!(o.to_string(), t.to_string());
                // The mixed result satisfies the operation's law.
                let op = match stringify!($op) {
                    "compose" => "composition",
                    other => other,
                };
                let law =
                    cute_tools::check_law(op, &[&a.to_dynamic().to_string(), $dt], &o.to_string());
                prop_assert!(law.is_ok(), "{}", law.unwrap_err());
            }
            (o, t) => prop_assert!(false, "{} {}: ours {:?}, cute-dynamic {:?}", a, $dt, o, t),
        }
    }};
}
