//! The workspace tests, one module per operation (as CuTe's
//! `test/unit/cute/core/` is): each holds that operation's CuTe answers
//! (the oracle's rows where it has some, the paper's worked examples), its
//! law on random operands (`cute_tools::laws`, the one contract) and the
//! documented errors. The modules about tensors, atoms, swizzles and
//! predication follow the same pattern by topic; `support` holds the shared
//! random inputs. One test binary keeps the link time low:
//! `cargo test -p cute-tests --test ops [MODULE::]`.

mod support;
// `one!` and `two!` for the modules below.
#[macro_use]
mod three_kinds;

mod atoms;
mod coalesce;
mod compare;
mod complement;
mod composition;
mod coordinates;
mod divides;
mod domain_distribute;
mod filter;
mod int_tuple;
mod layout_add;
mod layout_kinds;
mod left_inverse;
mod make_layout;
mod max_common_vector;
mod modes;
mod nullspace;
mod oracle;
mod parse;
mod predication;
mod predication_exact;
mod products;
mod recast;
mod right_inverse;
mod skip_tilers;
mod slice;
mod swizzle_descriptor_basis;
mod swizzled_layouts;
mod table;
mod tensor_algorithms;
mod tensor_partition;
mod tile_to_shape;
mod tiled_atoms;
