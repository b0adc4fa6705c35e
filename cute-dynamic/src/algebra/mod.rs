//! Layer 2, the algebra: one module per operation, each opening with the
//! operation's defining property (the contract that `cute_tools::laws` checks).

pub(crate) mod coalesce;
pub(crate) mod coalesce_x;
pub(crate) mod common_domain;
pub(crate) mod compact_major;
pub(crate) mod complement;
pub(crate) mod composed;
pub(crate) mod composition;
pub(crate) mod dice;
pub(crate) mod divide;
pub(crate) mod domain_distribute;
pub(crate) mod domain_offset;
pub(crate) mod filter_by;
pub(crate) mod inverse;
pub(crate) mod layout_add;
pub(crate) mod layout_like;
pub(crate) mod layout_utils;
pub(crate) mod max_alignment;
pub(crate) mod max_common;
pub(crate) mod methods;
pub(crate) mod nullspace;
pub(crate) mod ordered_layout;
pub(crate) mod product;
pub(crate) mod recast;
pub(crate) mod tile_to_shape;
pub(crate) mod tuple_fold;
