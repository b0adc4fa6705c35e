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
    if !OPS.contains(&op.as_str()) {
        eprintln!(
            "icount: unknown operation {op:?} (one of {})",
            OPS.join(", ")
        );
        return ExitCode::FAILURE;
    }
    // The work runs on a thread of its own: its stack is a fresh mapping,
    // aligned the same way whatever the program's path, arguments and
    // environment (which shift the main thread's stack and, with it, the
    // cost of the copies of the results by a few per cent).
    let name = op.clone();
    let calls = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let mut w = workload(&name).expect("a known operation");
            for _ in 0..passes {
                (w.pass)();
            }
            w.calls_per_pass
        })
        .expect("spawning the workload thread")
        .join()
        .expect("the workload thread");
    println!("{op} {calls} calls per pass");
    ExitCode::SUCCESS
}
