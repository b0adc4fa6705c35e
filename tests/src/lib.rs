//! Shared helpers for the workspace tests.
#![forbid(unsafe_code)]
