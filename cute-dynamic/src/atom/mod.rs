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
//! independently of the tables.
//!
//! [`MmaAtom`]: crate::MmaAtom
//! [`CopyAtom`]: crate::CopyAtom
//! [`mma_atom`]: crate::mma_atom
//! [`copy_atom`]: crate::copy_atom

pub(crate) mod copy;
mod copy_table;
mod gmma;
#[cfg(test)]
mod isa;
pub(crate) mod mma;
mod mma_table;
mod names;
mod umma;
pub(crate) mod value_type;
