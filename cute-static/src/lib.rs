//! Compile-time layouts (filled by the cute-static issue).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
