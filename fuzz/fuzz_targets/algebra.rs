//! Every algebra operation on parsed operands: never panic, and every
//! successful result satisfies its operation's law (`cute_tools::laws`).
#![no_main]

use cute_tools::{ArgKind, OPERATIONS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut parts = text.splitn(3, '|');
    let (Some(op), Some(x)) = (parts.next(), parts.next()) else { return };
    let y = parts.next();
    // Every operation of the table whose first operand is a layout.
    let ops = || OPERATIONS.iter().filter(|o| o.args.first().map(|a| a.kind) == Some(ArgKind::Layout));
    let Some(operation) = ops()
        .find(|o| o.name == op.trim())
        .or_else(|| ops().find(|o| o.name.starts_with(op.trim())))
        .or_else(|| ops().find(|o| o.name == "composition"))
    else {
        return;
    };
    let op = operation.name;
    let args: Vec<&str> = std::iter::once(x).chain(y).collect();
    if let Ok(out) = operation.apply(&args) {
        // Every successful result satisfies its operation's law (the one
        // contract, `cute_tools::laws`; large domains are sampled).
        if let Err(v) = cute_tools::check_law(op, &args, &out) {
            panic!("{v}");
        }
    }
});
