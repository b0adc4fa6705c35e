//! The atom layer: CuTe's MMA and copy atoms as data, and their tilings.
//!
//! An *atom* is one hardware instruction described by layouts:
//!
//! * an [`MmaAtom`] maps (thread, value) pairs of the instruction's
//!   operands to coordinates of its `M×K` (A), `N×K` (B) and `M×N` (C)
//!   tiles, each tile indexed column-major, exactly as CUTLASS's
//!   `MMA_Traits` do;
//! * a [`CopyAtom`] maps (thread, value) pairs to bit offsets of the data
//!   each thread holds before (source) and after (destination) the copy,
//!   exactly as CUTLASS's `Copy_Traits` do, and in units of a value type
//!   through `recast_layout<uint1_t, T>`.
//!
//! Atoms are looked up by CUTLASS's own spelling, template arguments
//! included: [`mma_atom`], [`copy_atom`]. Every layout is checked against
//! the PTX ISA's fragment descriptions by the tests of `isa.rs`, written
//! independently of the tables; the few CUTLASS layouts that fail that
//! check are given as the ISA describes them (the errata of
//! `docs/semantics/differences-from-cute.md#errata-in-the-sources`).
//!
//! A [`TiledMma`] repeats an MMA atom over threads and values
//! ([`make_tiled_mma`]); a [`TiledCopy`] does the same for a copy atom
//! ([`make_tiled_copy`], [`make_tiled_copy_a`], …). Their thread slices
//! ([`ThrMma`], [`ThrCopy`]) partition any tensor.
//!
//! [`MmaAtom`]: crate::MmaAtom
//! [`CopyAtom`]: crate::CopyAtom
//! [`mma_atom`]: crate::mma_atom
//! [`copy_atom`]: crate::copy_atom
//! [`TiledMma`]: crate::TiledMma
//! [`TiledCopy`]: crate::TiledCopy
//! [`ThrMma`]: crate::ThrMma
//! [`ThrCopy`]: crate::ThrCopy
//! [`make_tiled_mma`]: crate::make_tiled_mma
//! [`make_tiled_copy`]: crate::make_tiled_copy
//! [`make_tiled_copy_a`]: crate::make_tiled_copy_a

pub(crate) mod copy;
mod copy_table;
mod gmma;
pub(crate) mod gmma_desc;
#[cfg(test)]
mod isa;
pub(crate) mod mma;
mod mma_table;
pub(crate) mod names;
pub(crate) mod tiled_copy;
pub(crate) mod tiled_mma;
pub(crate) mod tma;
mod umma;
pub(crate) mod value_type;
