//! # cute-static: CuTe layouts as types
//!
//! A [`Layout<S, D>`] is a zero-sized type whose shape `S` and stride `D`
//! are nested tuples of static integers [`C<N>`]. Its queries are constants,
//! `call(i)` folds to literal arithmetic, and the whole layout algebra —
//! coalesce, composition, complement, divides, products, inverses — runs by
//! trait resolution, with the same results as `cute_dynamic` (printed with
//! CuTe's `_N` static notation). An inadmissible operation does not compile,
//! and the first line of the error names the rule and the numbers.
//!
//! ```
//! use cute_static::{layout, Layout, StaticLayout};
//!
//! let a = layout!((4, 6, 8, 10):(2, 3, 5, 7));
//! assert_eq!(a.to_string(), "(_4,_6,_8,_10):(_2,_3,_5,_7)");
//! assert_eq!(a.call(5), 2 * 1 + 3 * 1);
//! assert_eq!(<Layout![(4, 6, 8, 10):(2, 3, 5, 7)]>::SIZE, 1920);
//! assert_eq!(a.to_dynamic().to_string(), "(4,6,8,10):(2,3,5,7)");
//! ```
//!
//! Limits: at most [`MAX_RANK`] children per tuple; nesting is tested to
//! depth 6 with the default `recursion_limit`. Static integers are those of
//! typenum's table (`0..=1024` and powers of two); computed values print as
//! `C<N>` up to 1024 and for powers of two up to `2^20`, as typenum integers
//! beyond. Strides are non-negative.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate self as cute_static;

mod coalesce;
mod complement;
mod composition;
mod divide;
mod int_tuple;
mod inverse;
mod layout;
#[doc(hidden)]
pub mod private;
mod product;
mod tiler;
#[rustfmt::skip]
mod table;

pub use coalesce::{Coalesce, Coalesced};
pub use complement::{Complement, Complemented};
pub use composition::{Compose, Composed};
pub use cute_macros::{Layout, dlayout, layout, tiler};
pub use divide::{
    FlatDivide, FlatQuotient, LogicalDivide, LogicalQuotient, TiledDivide, TiledQuotient,
    ZippedDivide, ZippedQuotient,
};
pub use int_tuple::{C, Int, IntTuple, MAX_RANK, StaticInt, StaticIntTuple};
pub use inverse::{RightInverse, RightInvert};
pub use layout::{Layout, LayoutOf, Mode, ModeOf, StaticLayout};
pub use product::{
    BlockedMultiply, BlockedProduct, FlatMultiply, FlatProduct, LogicalMultiply, LogicalProduct,
    RakedMultiply, RakedProduct, TiledMultiply, TiledProduct, ZippedMultiply, ZippedProduct,
};
pub use tiler::{IntoTiler, Tiler, TilerMode};

/// The run-time crate, for `dlayout!`'s expansion.
#[doc(hidden)]
pub use cute_dynamic as dynamic;
