//! # cute-core: the shared rules of the cute crates, on `core` alone
//!
//! The pieces of the layout algebra that every crate needs and that must be
//! written once: the [`limits`], the integer helpers ([`int`]), the
//! compact-stride rule and the sorted-stride walk ([`stride`]), the decimal
//! scanner of the text grammars ([`scan`]) and the small error type of
//! device builds ([`error`]) and the GMMA descriptor encoding ([`gmma`]). No dependency, no allocation, no `unsafe`:
//! usable from a `#![no_std]` GPU kernel crate.
//!
//! ```
//! use cute_core::{int, stride};
//! assert_eq!(int::ceil_div(7, 2), 4);
//! let mut d = [0i64; 3];
//! assert_eq!(stride::compact_strides(&[4, 1, 8], &mut d), Some(32));
//! assert_eq!(d, [1, 0, 4]);
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod error;
pub mod gmma;
pub mod int;
pub mod limits;
pub mod scan;
pub mod stride;
pub mod tma;

pub use error::{CoreError, ErrorKind, Notation};
