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
//!   exactly as CUTLASS's `Copy_Traits` do.
//!
//! Atoms are looked up by CUTLASS's own spelling, template arguments
//! included: [`mma_atom`], [`copy_atom`].
//!
//! A [`TiledMma`] repeats an MMA atom over threads and values
//! ([`make_tiled_mma`]); a [`TiledCopy`] does the same for a copy atom
//! ([`make_tiled_copy`], [`make_tiled_copy_a`], …). Their thread slices
//! ([`ThrMma`], [`ThrCopy`]) partition any tensor.

pub(crate) mod copy;
mod copy_table;
pub(crate) mod mma;
mod mma_table;
pub(crate) mod tiled_copy;
pub(crate) mod tiled_mma;
pub(crate) mod value_type;
