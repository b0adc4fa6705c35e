//! `icount OP PASSES`: runs the instruction-count workload of `OP` (see
//! `benches::icount`) `PASSES` times and nothing else, for counting under
//! `valgrind --tool=callgrind`. `icount --list` prints the operations.
//! `tests/icount.rs` drives it; by hand:
//!
//! ```text
//! cargo build --release -p benches --bin icount
//! valgrind --tool=callgrind target/release/icount composition 1000
//! ```
#![forbid(unsafe_code)]

use std::process::ExitCode;

use benches::icount::{OPS, workload};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--list") {
        for op in OPS {
            println!("{op}");
        }
        return ExitCode::SUCCESS;
    }
    let (Some(op), Some(Ok(passes))) = (args.first(), args.get(1).map(|n| n.parse::<u64>())) else {
        eprintln!("usage: icount OP PASSES | icount --list");
        return ExitCode::FAILURE;
    };
    let Some(mut w) = workload(op) else {
        eprintln!(
            "icount: unknown operation {op:?} (one of {})",
            OPS.join(", ")
        );
        return ExitCode::FAILURE;
    };
    for _ in 0..passes {
        (w.pass)();
    }
    println!("{op} {} calls per pass", w.calls_per_pass);
    ExitCode::SUCCESS
}
