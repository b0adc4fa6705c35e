//! Layer 1, the data: integer tuples, layouts, coordinates, tilers, basis
//! strides and swizzles. Nothing here depends on the algebra.

pub(crate) mod basis;
pub(crate) mod coord_iter;
pub(crate) mod coordinate;
pub(crate) mod inline;
pub(crate) mod int_tuple;
pub(crate) mod int_tuple_make;
pub(crate) mod int_tuple_ops;
pub(crate) mod layout;
pub(crate) mod swizzle;
pub(crate) mod tiler;

/// The int tuple written `s` (the unit tests' operands).
#[cfg(test)]
pub(crate) fn t(s: &str) -> crate::IntTuple {
    s.parse().unwrap()
}

/// The layout written `s` (the unit tests' operands).
#[cfg(test)]
pub(crate) fn l(s: &str) -> crate::Layout {
    s.parse().unwrap()
}
