//! Pictures: the SVG of `cute svg`, from cute-dynamic's renderer.

use cute_dynamic::{Layout, SwizzledLayout};
use cute_tools::render::{ColorBy, Grid};
use pyo3::prelude::*;

use crate::error::OrRaise;

/// The SVG of a layout (`cute svg LAYOUT`: cells colored by offset).
pub fn layout_svg(l: &Layout) -> PyResult<String> {
    Ok(Grid::layout(l, ColorBy::Offset).or_raise()?.to_svg())
}

/// The SVG of a swizzled layout (`cute svg 'Sw<…> o O o L'`: each
/// element's shared-memory bank, 2-byte elements unless told).
pub fn swizzled_svg(s: &SwizzledLayout, element_bytes: i64) -> PyResult<String> {
    Ok(Grid::swizzled_banks(s, element_bytes).or_raise()?.to_svg())
}
