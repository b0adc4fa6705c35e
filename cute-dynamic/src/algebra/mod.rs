//! Layer 2, the algebra: one module per operation, each opening with the
//! operation's defining property (the contract that `crate::laws` checks).

pub(crate) mod coalesce;
pub(crate) mod complement;
pub(crate) mod composition;
pub(crate) mod divide;
pub(crate) mod inverse;
pub(crate) mod max_common;
pub(crate) mod methods;
pub(crate) mod product;
pub(crate) mod recast;
