//! cute-dynamic's errors as Python exceptions: one class per error kind
//! (`cute_algebra.errors`), all under `CuteError`; the message is the Rust
//! error's (the rule and the operands in CuTe notation).

use cute_dynamic::LayoutError;
use pyo3::prelude::*;

/// The exception of `e`'s kind, with `e`'s message.
pub fn to_py_err(e: LayoutError) -> PyErr {
    #[allow(deprecated)]
    Python::with_gil(|py| {
        let message = e.to_string();
        let made = (|| -> PyResult<PyErr> {
            let errors = py.import("cute_algebra.errors")?;
            let class = errors.getattr("class_of_kind")?.call1((e.kind(),))?;
            let value = class.call1((message.clone(),))?;
            Ok(PyErr::from_value(value))
        })();
        made.unwrap_or_else(|err| err)
    })
}

/// `Result<T, LayoutError>` into `PyResult<T>`.
pub trait OrRaise<T> {
    /// Raise the error's exception.
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, LayoutError> {
    #[inline]
    fn or_raise(self) -> PyResult<T> {
        self.map_err(to_py_err)
    }
}
