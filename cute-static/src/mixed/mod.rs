//! Mixed static/run-time layouts: the data ([`layout`]) and the algebra by
//! static tilers ([`algebra`]).

pub(crate) mod algebra;
pub(crate) mod layout;
