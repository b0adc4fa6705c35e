//! trybuild cases live in tests/.
#![forbid(unsafe_code)]
