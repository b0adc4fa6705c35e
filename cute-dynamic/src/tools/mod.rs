//! Layer 5, tooling: the operation table behind `cute batch` and the CLI,
//! and pictures (text grids, SVG, TikZ).

pub(crate) mod apply;
pub mod render;
