//! Every algebra operation on parsed operands: never panic, and every
//! successful result satisfies its operation's law (`cute_dynamic::laws`).
#![no_main]

use cute_dynamic::{apply, laws};
use libfuzzer_sys::fuzz_target;

const OPS: &[&str] = &[
    "coalesce", "filter", "composition", "complement", "right_inverse", "left_inverse",
    "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
    "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product",
    "max_common_layout", "max_common_vector", "eval", "slice", "cosize",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut parts = text.splitn(3, '|');
    let (Some(op), Some(x)) = (parts.next(), parts.next()) else { return };
    let y = parts.next();
    let op = OPS.iter().find(|o| o.starts_with(op.trim())).copied().unwrap_or("composition");
    let args: Vec<&str> = std::iter::once(x).chain(y).collect();
    if let Ok(out) = apply(op, &args) {
        // Every successful result satisfies its operation's law (the one
        // contract, `cute_dynamic::laws`; large domains are sampled).
        if let Err(v) = laws::check_by_name(op, &args, &out) {
            panic!("{v}");
        }
    }
});
