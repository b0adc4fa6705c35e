//! Layer 2, the algebra by trait resolution: one module per operation, the
//! same file names as cute-dynamic's `algebra` layer, each with the same
//! defining property.

pub(crate) mod coalesce;
pub(crate) mod coalesce_by;
pub(crate) mod common_domain;
pub(crate) mod compact_major;
pub(crate) mod complement;
pub(crate) mod composed;
pub(crate) mod composition;
pub(crate) mod dice;
pub(crate) mod divide;
pub(crate) mod domain_offset;
pub(crate) mod fragment_like;
pub(crate) mod inverse;
pub(crate) mod layout_add;
pub(crate) mod layout_like;
pub(crate) mod max_common;
pub(crate) mod modes;
pub(crate) mod nullspace;
pub(crate) mod ordered_layout;
pub(crate) mod product;
pub(crate) mod recast;
pub(crate) mod tile_to_shape;
pub(crate) mod tuple_fold;
