//! # cute-tools: the instruments of cute-algebra
//!
//! What the workspace uses to drive, check and show [`cute_dynamic`]'s
//! algebra, kept out of the library itself:
//!
//! * [`OPERATIONS`], the operation table: every operation callable by name
//!   on text operands (its name, the CLI's aliases, its arguments, a help
//!   line, an example), run by [`apply`]; the `cute` subcommands,
//!   `cute batch`, the oracle and hardening tests and the fuzz targets all
//!   read it;
//! * [`laws`], the executable contract: one `check_<op>` per operation,
//!   stating its defining property (docs/semantics/algebra.md), checked by
//!   evaluation on every result the tests produce;
//! * [`render`], pictures of layouts, swizzles, tiled MMAs and copies as
//!   text grids, SVG and TikZ ([`print_layout`]);
//! * the generators of cute-static's generated files (the readable-integer
//!   table, the static atoms, the static cross-check cases), as the
//!   crate's examples `gen_tables`, `gen_atoms` and `gen_cross_check`.
//!
//! ```
//! use cute_tools::{apply, laws};
//!
//! assert_eq!(
//!     apply("logical_divide", &["(8,8):(1,8)", "<2:1,4:1>"])?,
//!     "((2,4),(4,2)):((1,2),(8,32))"
//! );
//! let a: cute_dynamic::Layout = "(4,2):(2,1)".parse()?;
//! let r = cute_dynamic::coalesce(&a);
//! laws::check_coalesce(&a, &r).unwrap();
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The laws were written for the `no_std` library and name `alloc`.
extern crate alloc;

mod atom_ops;
mod kinds;
pub mod laws;
mod ops;
pub mod render;

pub use ops::{Arg, ArgKind, Args, Example, OPERATIONS, Operation, apply, check_law, operation};
pub use render::print_layout;
