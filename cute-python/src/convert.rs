//! Python values <-> cute-dynamic values, as pycute writes them: an int is
//! a leaf, a tuple a tuple, `None` is `_` (a hole in a coordinate, a kept
//! mode in a tiler).

use std::fmt::Write as _;

use cute_dynamic::{Coord, IntTuple, IntTupleRef, Layout, Tiler};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyTuple};

use crate::layout::PyLayout;

/// An integer leaf: an `int`, or anything with `__index__` (numpy's
/// integers); bools and floats are refused, as pycute's `is_int` refuses
/// them.
pub fn leaf(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        return obj.extract::<i64>();
    }
    if !obj.is_instance_of::<PyBool>()
        && !obj.is_instance_of::<PyFloat>()
        && obj.hasattr("__index__")?
    {
        return obj.call_method0("__index__")?.extract::<i64>();
    }
    Err(PyTypeError::new_err(format!(
        "expected an int or a tuple of ints, got {}",
        obj.repr().map(|r| r.to_string()).unwrap_or_default()
    )))
}

/// A Python int or (nested) tuple of ints as an [`IntTuple`].
pub fn int_tuple(obj: &Bound<'_, PyAny>) -> PyResult<IntTuple> {
    if let Ok(t) = obj.downcast::<PyTuple>() {
        let mut flat = Vec::with_capacity(t.len());
        let mut nested = false;
        for c in t.iter() {
            if c.is_instance_of::<PyTuple>() {
                nested = true;
                break;
            }
            flat.push(leaf(&c)?);
        }
        if !nested {
            return Ok(IntTuple::flat(flat));
        }
        let children = t
            .iter()
            .map(|c| int_tuple(&c))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(IntTuple::tuple(children.iter().map(|c| c.as_ref())))
    } else {
        Ok(IntTuple::int(leaf(obj)?))
    }
}

/// The structure of a profile (any leaf, `None` included, is a leaf).
pub fn profile(obj: &Bound<'_, PyAny>) -> PyResult<IntTuple> {
    if let Ok(t) = obj.downcast::<PyTuple>() {
        let children = t
            .iter()
            .map(|c| profile(&c))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(IntTuple::tuple(children.iter().map(|c| c.as_ref())))
    } else {
        Ok(IntTuple::int(1))
    }
}

/// An [`IntTuple`] as a Python int or tuple.
pub fn to_py<'py>(py: Python<'py>, t: IntTupleRef<'_>) -> PyResult<Bound<'py, PyAny>> {
    if let Some(v) = t.as_int() {
        return Ok(v.into_pyobject(py)?.into_any());
    }
    let items = t
        .children()
        .map(|c| to_py(py, c))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyTuple::new(py, items)?.into_any())
}

/// Python's `str` of the tuple `t` (`(4, 8)`, `(4,)`, `()`), written
/// directly.
pub fn write_py(out: &mut String, t: IntTupleRef<'_>) {
    if let Some(v) = t.as_int() {
        let _ = write!(out, "{v}");
        return;
    }
    out.push('(');
    let mut n = 0;
    for c in t.children() {
        if n > 0 {
            out.push_str(", ");
        }
        write_py(out, c);
        n += 1;
    }
    if n == 1 {
        out.push(',');
    }
    out.push(')');
}

/// Does the value contain `None` (pycute's `has_none`)?
pub fn has_none(obj: &Bound<'_, PyAny>) -> bool {
    if obj.is_none() {
        return true;
    }
    match obj.downcast::<PyTuple>() {
        Ok(t) => t.iter().any(|c| has_none(&c)),
        Err(_) => false,
    }
}

/// A coordinate with holes (`None` is `_`).
pub fn coord(obj: &Bound<'_, PyAny>) -> PyResult<Coord> {
    if obj.is_none() {
        return Ok(Coord::Hole);
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return Ok(Coord::Tuple(
            t.iter().map(|c| coord(&c)).collect::<PyResult<_>>()?,
        ));
    }
    Ok(Coord::Int(leaf(obj)?))
}

/// pycute's `Layout(n)`: `n:1`.
pub fn int_layout(n: i64) -> PyResult<Layout> {
    Layout::rank1(n, 1).map_err(crate::error::to_py_err)
}

/// A tiler as pycute takes one: a `Layout`, an int `n` (`n:1`), `None` (keep
/// the mode) or a tuple of tilers (mode by mode).
pub fn tiler(obj: &Bound<'_, PyAny>) -> PyResult<Tiler> {
    if let Ok(l) = obj.downcast::<PyLayout>() {
        return Ok(Tiler::Layout(l.get().inner.clone()));
    }
    if obj.is_none() {
        return Ok(Tiler::Hole);
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return Ok(Tiler::Modes(
            t.iter().map(|c| tiler(&c)).collect::<PyResult<_>>()?,
        ));
    }
    if let Ok(n) = leaf(obj) {
        return Ok(Tiler::Layout(int_layout(n)?));
    }
    Err(PyTypeError::new_err(format!(
        "expected a Layout, an int, None or a tuple of them as the tiler, got {}",
        obj.repr()?
    )))
}

/// A layout argument: a `Layout`, or an int `n` (`n:1`).
pub fn layout(obj: &Bound<'_, PyAny>) -> PyResult<Layout> {
    if let Ok(l) = obj.downcast::<PyLayout>() {
        return Ok(l.get().inner.clone());
    }
    if let Ok(n) = leaf(obj) {
        return int_layout(n);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Layout, got {}",
        obj.repr()?
    )))
}
