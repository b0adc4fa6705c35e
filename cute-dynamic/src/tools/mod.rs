//! Layer 5, tooling: the operation table behind `apply`, `cute batch` and
//! the CLI, and pictures (text grids, SVG, TikZ).

pub(crate) mod atom_ops;
pub(crate) mod ops;
pub mod render;
