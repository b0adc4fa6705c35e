//! Layer 1, the data: static integers and integer tuples, layouts, tilers,
//! swizzles and composed layouts, and the table of readable names for static integers.

pub(crate) mod dec;
pub(crate) mod int_tuple;
pub(crate) mod int_tuple_ops;
pub(crate) mod layout;
pub(crate) mod neg;
pub(crate) mod swizzle;
#[rustfmt::skip]
pub(crate) mod table;
pub(crate) mod tiler;
