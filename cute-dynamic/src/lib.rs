//! # cute-dynamic: CuTe's layout algebra at run time
//!
//! Layouts (`(4,8):(1,4)`), their queries, coordinates and slicing, and the
//! whole algebra of CuTe — coalesce, composition, complement, inverses,
//! divides and products — with CuTe's exact results, and an error naming the
//! broken rule wherever CuTe would silently return a wrong layout.
//!
//! ```
//! use cute_dynamic::{composition, logical_divide, Layout, LayoutError};
//!
//! let a: Layout = "(4,6,8,10):(2,3,5,7)".parse()?;
//! let b: Layout = "6:12".parse()?;
//! assert_eq!(composition(&a, &b)?.to_string(), "(2,3):(9,5)");
//!
//! // CuTe C++ accepts this and returns the wrong (2,3):(6,3).
//! let bad = composition(&"(4,6,8):(2,3,5)".parse()?, &"6:3".parse::<Layout>()?);
//! assert_eq!(bad.unwrap_err().kind(), "stride_divisibility");
//!
//! let tiled = logical_divide(&"(8,8):(1,8)".parse()?, &"<2:1,4:1>".parse::<cute_dynamic::Tiler>()?)?;
//! assert_eq!(tiled.to_string(), "((2,4),(4,2)):((1,2),(8,32))");
//! # Ok::<(), LayoutError>(())
//! ```
//!
//! Every operation is a free function and a method of [`Layout`] with the
//! name of cute-static's method, so code reads the same in both crates:
//!
//! | operation | function | method |
//! |---|---|---|
//! | coalesce (by a profile) | [`coalesce`] ([`coalesce_by`]) | `l.coalesce()` (`l.coalesce_by(&p)`) |
//! | filter | [`filter`], [`filter_zeros`] | `l.filter()`, `l.filter_zeros()` |
//! | composition | [`composition`] | `a.compose(&b)` |
//! | complement | [`complement`] | `a.complement(m)` |
//! | right / left inverse | [`right_inverse`], [`left_inverse`] | `l.right_inverse()`, `l.left_inverse()` |
//! | logical / zipped / tiled / flat divide | [`logical_divide`], … | `a.logical_divide(&t)`, … |
//! | logical / zipped / tiled / flat product | [`logical_product`], … | `a.logical_product(&t)`, … |
//! | blocked / raked product | [`blocked_product`], [`raked_product`] | `a.blocked_product(&b)`, … |
//!
//! The same operations by name on text operands (the operation table behind
//! `cute batch` and the `cute` subcommands), the executable laws of every
//! operation, and pictures of layouts are the workspace's instruments and
//! live in the `cute-tools` crate; this crate is the library alone.
//!
//! Without the default `std` feature the crate is `#![no_std]` + `alloc`:
//! the data, the algebra, tensors and the text grammars, for device and
//! embedded code; `std` links the standard library and adds nothing else.
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

// Every layer (data, algebra, kernel, text, error) uses `core` and
// `alloc` only.
extern crate alloc;

/// The `alloc` names the std prelude would give, for the `no_std` build.
mod prelude {
    // Not every name is used in every build.
    #[allow(unused_imports)]
    pub(crate) use alloc::{
        format,
        string::{String, ToString},
        vec,
        vec::Vec,
    };
}

mod algebra;
mod atom;
mod data;
mod error;
mod kernel;
mod text;

pub use algebra::coalesce::{coalesce, coalesce_by, coalesce_shape, filter, filter_zeros};
pub use algebra::coalesce_x::{bw_coalesce, coalesce_x, coalesce_x_by};
pub use algebra::complement::{
    ceil_div_by_layout, complement, complement_default, complement_shape, is_complement_admissible,
};
pub use algebra::composition::composition;
pub use algebra::divide::{flat_divide, logical_divide, tiled_divide, zip2_by, zipped_divide};
pub use algebra::inverse::{left_inverse, right_inverse};
pub use algebra::max_alignment::max_alignment;
pub use algebra::max_common::{max_common_layout, max_common_vector};
pub use algebra::product::{
    blocked_product, flat_product, logical_product, raked_product, tiled_product, zipped_product,
};
pub use algebra::recast::{downcast, recast_layout, upcast};
pub use algebra::{
    common_domain::greatest_common_domain,
    compact_major::{
        compact_col_major, compact_col_major_by, compact_row_major, compact_row_major_by,
        prefix_product,
    },
    dice::{dice, dice_coord, dice_int_tuple},
    domain_distribute::domain_distribute,
    domain_offset::domain_offset,
    filter_by::{filter_by, filter_zeros_by, filter_zeros_tuple, filter_zeros_tuples},
    layout_add::layout_add,
    layout_like::make_layout_like,
    layout_utils::{coshape, tile_unzip, unflatten, with_shape, zip, zip_layouts},
    nullspace::nullspace,
    ordered_layout::{compact_order, make_ordered_layout},
    tile_to_shape::tile_to_shape,
    tuple_fold::{gcd, max, min, product_like, shape_min, sum},
};
pub use atom::copy::{CopyAtom, copy_atom, copy_atom_names};
pub use atom::gmma_desc::{
    DescriptorIterator, GmmaDescriptor, GmmaLayoutType, GmmaMajor, SmemLayout, make_gmma_desc,
};
pub use atom::mma::{MmaAtom, MmaValueTypes, mma_atom, mma_atom_names};
pub use atom::tiled_copy::{
    CopySide, ThrCopy, TiledCopy, make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b,
    make_tiled_copy_c, make_tiled_copy_d, make_tiled_copy_impl, make_tiled_copy_mma,
    make_tiled_copy_s,
};
pub use atom::tiled_mma::{MmaFragment, MmaOperand, ThrMma, TiledMma, make_tiled_mma};
pub use atom::tma::{
    TMA_LIMITS, TMA_SWIZZLES, TensorMapEncodeTiled, TmaCopy, TmaDataType, TmaError, TmaGmem,
    TmaInterleave, TmaL2Promotion, TmaLimits, TmaMode, TmaOobFill, TmaOp, TmaSwizzle,
    TmaSwizzleRule, make_tma_copy, tma_swizzle,
};
pub use atom::value_type::ValueType;
pub use data::basis::{
    BasisStride, CoordLayout, MAX_CODOMAIN_RANK, ScaledBasis, coord_complement, coord_left_inverse,
    coord_right_inverse, make_identity_layout,
};
pub use data::coord_iter::{
    CoordIterator, increment, make_coord_iterator, make_coord_iterator_from,
    make_coord_iterator_ordered,
};
pub use data::coordinate::{Coord, crd2crd, crd2idx, crd2idx_shape, idx2crd, idx2crd_strided};
pub use data::int_tuple::{Children, IntTuple, IntTupleRef};
pub use data::int_tuple_make::{
    escan, fill_int_tuple_from, iscan, make_int_tuple, make_int_tuple_from, repeat_like,
};
pub use data::int_tuple_ops::{
    abs, ceil_div, colex_geq, colex_gtr, colex_leq, colex_less, compatible, congruent, elem_geq,
    elem_gtr, elem_leq, elem_less, elem_scale, evenly_divides, inner_product, lex_geq, lex_gtr,
    lex_leq, lex_less, product_each, round_up, shape_div, weakly_compatible, weakly_congruent,
};
pub use data::layout::{Evaluator, Layout, LayoutRef, Offsets};
pub use data::swizzle::{
    BankConflicts, MAX_SWIZZLE_BITS, SmemSwizzle, Swizzle, SwizzledLayout, bank_conflicts,
    gmma_k_atom,
};
pub use data::tiler::{AsTiler, Tiler, TilerRef};
pub use error::{LayoutError, ParseErrorKind};
pub use kernel::algorithms::{axpby, batched_gemm, copy, gemm};
pub use kernel::partition::{
    Step, TensorArg, fragment_layout_like, local_partition, local_tile, make_fragment_like,
    make_tensor, make_tensor_like,
};
pub use kernel::predicate::{Predicate, clear, copy_if, fill};
pub use kernel::tensor::{
    Coordinates, Counting, Engine, EngineMut, Tensor, TensorLayout, make_counting_tensor,
    make_identity_tensor,
};
pub use text::descriptor::Descriptor;

/// Internal functions that the instruments (the `cute-tools` crate: the
/// operation table, the laws) share with the library, so that each rule has
/// one place: the text forms of the atom arguments, the scan operators,
/// the inverse's witness. Not part of the API: no stability, no docs.
#[doc(hidden)]
pub mod __tools {
    pub use crate::algebra::complement::is_injective;
    pub use crate::algebra::inverse::left_inverse_witness;
    pub use crate::atom::gmma_desc::{canonical_address, gmma_major, smem_layout};
    pub use crate::atom::tiled_copy::{tiled_copy_from_text, tiled_copy_mma_from_text};
    pub use crate::atom::tiled_mma::tiled_mma_from_text;
    pub use crate::data::int_tuple_make::{MAX_BUILT, scan_integers, scan_operator};
    pub use crate::data::layout::replace_leaves;
    pub use crate::data::tiler::tile_of;
}
pub use text::parse::{MAX_DEPTH, parse_coord, parse_int_tuple, parse_layout, parse_tiler};
