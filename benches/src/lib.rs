//! Benchmark support code.
#![forbid(unsafe_code)]
