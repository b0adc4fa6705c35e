//! cute-algebra's Python extension (`cute_algebra._native`): cute-dynamic's
//! layouts and algebra with pycute's values and printed forms.
#![deny(missing_docs)]

mod atom;
mod convert;
mod error;
mod layout;
mod ops;
mod svg;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<layout::PyLayout>()?;
    m.add_class::<layout::PySwizzle>()?;
    m.add_class::<layout::PyComposedLayout>()?;
    ops::register(m)?;
    atom::register(m)?;
    Ok(())
}
