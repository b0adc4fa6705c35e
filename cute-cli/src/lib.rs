//! The library half of the `cute` command: the JSON Lines batch protocol
//! ([`batch`]), shared by the binary, its tests and the fuzz harness.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod batch;
