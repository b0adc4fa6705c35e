//! The `cute` command (filled in by the CLI work).
#![forbid(unsafe_code)]

fn main() {
    println!("cute: not yet implemented");
}
