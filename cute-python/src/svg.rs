//! Pictures: the SVG of `cute svg`, from cute-dynamic's renderer.

use cute_dynamic::Layout;
use pyo3::prelude::*;

/// The SVG of a layout.
pub fn layout_svg(_l: &Layout) -> PyResult<String> {
    Err(pyo3::exceptions::PyNotImplementedError::new_err("svg"))
}
