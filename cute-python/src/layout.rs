//! `Layout`, `Swizzle` and `ComposedLayout`: pycute's classes, backed by
//! cute-dynamic's values.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use cute_dynamic::{Coord, IntTuple, Layout, Swizzle, prefix_product};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PySlice, PyTuple};

use crate::convert::{self, has_none, int_tuple, to_py, write_py};
use crate::error::OrRaise;

/// A CuTe layout `shape:stride`: a function from coordinates to offsets.
///
/// `Layout(shape, stride=None)` takes pycute's values: ints and (nested)
/// tuples of ints, congruent; without a stride it is the column-major
/// prefix product of the shape (pycute's default).
///
/// >>> from cute_algebra import Layout
/// >>> L = Layout((4, 8), (1, 4))
/// >>> print(L)
/// (4, 8):(1, 4)
/// >>> L(5), L(1, 2), len(L), L.size(), L.cosize()
/// (5, 9, 2, 32, 32)
/// >>> print(L(None, 2))
/// (4,):(1,)
#[pyclass(frozen, name = "Layout", module = "cute_algebra")]
#[derive(Clone)]
pub struct PyLayout {
    /// The layout.
    pub inner: Layout,
}

impl PyLayout {
    /// Wrap a layout.
    pub fn from(inner: Layout) -> Self {
        PyLayout { inner }
    }
}

/// pycute's text of a layout: Python's tuples, `shape:stride`.
pub fn layout_str(l: &Layout) -> String {
    let mut s = String::new();
    write_py(&mut s, l.shape().as_ref());
    s.push(':');
    write_py(&mut s, l.stride().as_ref());
    s
}

fn layout_repr(l: &Layout) -> String {
    let mut s = String::from("Layout(");
    write_py(&mut s, l.shape().as_ref());
    s.push(',');
    write_py(&mut s, l.stride().as_ref());
    s.push(')');
    s
}

/// The layout of a Python index into a mode list (negative counts from the
/// end, as tuples do).
fn mode_index(len: usize, i: isize) -> PyResult<usize> {
    let j = if i < 0 { i + len as isize } else { i };
    if j < 0 || j as usize >= len {
        return Err(PyIndexError::new_err("layout index out of range"));
    }
    Ok(j as usize)
}

/// Evaluate or slice `l` at pycute's `*args`.
fn call_layout<'py>(
    py: Python<'py>,
    l: &Layout,
    args: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    let one = args.len() == 1;
    if one {
        let a = args.get_item(0)?;
        if let Ok(i) = convert::leaf(&a) {
            return Ok(l.checked_call(i).or_raise()?.into_pyobject(py)?.into_any());
        }
    }
    let crd = if one {
        args.get_item(0)?
    } else {
        args.clone().into_any()
    };
    if has_none(&crd) {
        let (sub, _) = slice(l, &crd)?;
        return Ok(Bound::new(py, PyLayout::from(sub))?.into_any());
    }
    Ok(l.call_coord(&int_tuple(&crd)?)
        .or_raise()?
        .into_pyobject(py)?
        .into_any())
}

/// Slice `l` with a coordinate containing `None`: pycute's (and CuTe's)
/// sub-layout (always a tuple of the kept modes) and the offset.
pub fn slice(l: &Layout, crd: &Bound<'_, PyAny>) -> PyResult<(Layout, i64)> {
    let c = convert::coord(crd)?;
    if c == Coord::Hole {
        // CuTe's slice of `_` is the tuple holding the whole layout.
        return Ok((Layout::concat([l]), 0));
    }
    l.slice(&c).or_raise()
}

fn getitem(l: &Layout, i: &Bound<'_, PyAny>) -> PyResult<Layout> {
    if l.shape().is_int() {
        let k: isize = i.extract()?;
        if k != 0 {
            return Err(PyIndexError::new_err("a rank-1 layout has only mode 0"));
        }
        return Ok(l.clone());
    }
    let n = l.rank();
    if let Ok(s) = i.downcast::<PySlice>() {
        let ind = s.indices(n as isize)?;
        let mut modes = Vec::new();
        let mut k = ind.start;
        while (ind.step > 0 && k < ind.stop) || (ind.step < 0 && k > ind.stop) {
            modes.push(l.mode(k as usize).expect("index within the rank"));
            k += ind.step;
        }
        return Ok(Layout::concat(modes.iter()));
    }
    let k = mode_index(n, i.extract()?)?;
    Ok(l.mode(k).expect("index within the rank"))
}

#[pymethods]
impl PyLayout {
    #[new]
    #[pyo3(signature = (shape, stride=None))]
    fn new(shape: &Bound<'_, PyAny>, stride: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let shape = int_tuple(shape)?;
        let stride = match stride {
            Some(s) if !s.is_none() => int_tuple(s)?,
            _ => prefix_product(&shape, &IntTuple::int(1)).or_raise()?,
        };
        Ok(PyLayout::from(Layout::new(shape, stride).or_raise()?))
    }

    /// The shape, as pycute's ints and tuples.
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.inner.shape().as_ref())
    }

    /// The stride, as pycute's ints and tuples.
    #[getter]
    fn stride<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.inner.stride().as_ref())
    }

    /// Evaluate at a coordinate (`L(i)`, `L(i, j)`, `L((i, j))`), or slice
    /// when the coordinate holds `None` (`L(None, 2)` is CuTe's `L(_, 2)`).
    #[pyo3(signature = (*args))]
    fn __call__<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        call_layout(py, &self.inner, args)
    }

    /// Mode `i` (or a slice of modes) as a layout; a rank-1 integral layout
    /// has only mode 0 (itself).
    fn __getitem__(&self, i: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
        Ok(PyLayout::from(getitem(&self.inner, i)?))
    }

    /// The rank (1 for an integral shape).
    fn __len__(&self) -> usize {
        if self.inner.shape().is_int() {
            1
        } else {
            self.inner.rank()
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<PyLayout>() {
            Ok(o) => self.inner == o.get().inner,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    /// The size of the domain (the product of the shape).
    fn size(&self) -> i64 {
        self.inner.size()
    }

    /// The size of the codomain, `L(size(L) - 1) + 1`.
    fn cosize(&self) -> PyResult<i64> {
        self.inner.cosize().or_raise()
    }

    fn __str__(&self) -> String {
        layout_str(&self.inner)
    }

    fn __repr__(&self) -> String {
        layout_repr(&self.inner)
    }

    /// The layout in CuTe C++'s notation, `(4,8):(1,4)`.
    fn cute_str(&self) -> String {
        self.inner.to_string()
    }

    /// The SVG picture of the layout (the same as `cute svg`).
    fn _repr_svg_(&self) -> PyResult<String> {
        crate::svg::layout_svg(&self.inner)
    }

    /// The picture, for notebooks that prefer HTML.
    fn _repr_html_(&self) -> PyResult<String> {
        Ok(format!(
            "<div>{}</div>",
            crate::svg::layout_svg(&self.inner)?
        ))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let cls = py.get_type::<PyLayout>();
        let args = PyTuple::new(py, [self.shape(py)?, self.stride(py)?])?;
        Ok(PyTuple::new(py, [cls.into_any(), args.into_any()])?.into_any())
    }
}

/// A swizzle functor `Swizzle(bits, base, shift)`: xor the `bits` bits at
/// `base + max(0, shift)` into those at `base - min(0, shift)`.
///
/// >>> from cute_algebra import Swizzle
/// >>> sw = Swizzle(3, 4, 3)
/// >>> print(sw)
/// SW_3_4_3
/// >>> sw(0b10000000)
/// 144
#[pyclass(frozen, name = "Swizzle", module = "cute_algebra")]
#[derive(Clone)]
pub struct PySwizzle {
    /// The swizzle.
    pub inner: Swizzle,
}

#[pymethods]
impl PySwizzle {
    #[new]
    fn new(bits: i64, base: i64, shift: i64) -> PyResult<Self> {
        let bad = || {
            crate::error::to_py_err(cute_dynamic::LayoutError::InvalidSwizzle {
                b: bits,
                m: base,
                s: shift,
                reason: "bits and base must be non-negative and small".to_string(),
            })
        };
        let b = u32::try_from(bits).map_err(|_| bad())?;
        let m = u32::try_from(base).map_err(|_| bad())?;
        let s = i32::try_from(shift).map_err(|_| bad())?;
        Ok(PySwizzle {
            inner: Swizzle::new(b, m, s).or_raise()?,
        })
    }

    #[getter]
    fn bits(&self) -> u32 {
        self.inner.bits()
    }

    #[getter]
    fn base(&self) -> u32 {
        self.inner.base()
    }

    #[getter]
    fn shift(&self) -> i32 {
        self.inner.shift()
    }

    /// The mask of the bits that are read (pycute's `yyy_msk`).
    #[getter]
    fn yyy_msk(&self) -> i64 {
        self.inner.read_mask()
    }

    /// The mask of the bits that are written (pycute's `zzz_msk`).
    #[getter]
    fn zzz_msk(&self) -> i64 {
        self.inner.write_mask()
    }

    /// Swizzle an offset.
    fn __call__(&self, offset: i64) -> i64 {
        self.inner.apply(offset)
    }

    /// `2^(bits + base + |shift|)`.
    fn size(&self) -> i64 {
        1i64 << (self.inner.bits() as i64
            + self.inner.base() as i64
            + self.inner.shift().abs() as i64)
    }

    /// Equal to the size.
    fn cosize(&self) -> i64 {
        self.size()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<PySwizzle>() {
            Ok(o) => self.inner == o.get().inner,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        (self.inner.bits(), self.inner.base(), self.inner.shift()).hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        format!(
            "SW_{}_{}_{}",
            self.inner.bits(),
            self.inner.base(),
            self.inner.shift()
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Swizzle({},{},{})",
            self.inner.bits(),
            self.inner.base(),
            self.inner.shift()
        )
    }
}

/// The outer function of a composed layout.
#[derive(Clone, PartialEq, Eq, Hash)]
// A layout keeps its nodes inline; composed layouts are few, so the
// variant's size is the better trade than a box on every evaluation.
#[allow(clippy::large_enum_variant)]
pub enum Outer {
    /// A swizzle.
    Swizzle(Swizzle),
    /// A layout.
    Layout(Layout),
}

/// `ComposedLayout(layoutB, offset, layoutA)`: `i ↦ layoutB(offset +
/// layoutA(i))`, with `layoutB` a `Swizzle` or a `Layout`.
///
/// >>> from cute_algebra import ComposedLayout, Swizzle, Layout
/// >>> C = ComposedLayout(Swizzle(1, 0, 1), 0, Layout((2, 2), (1, 2)))
/// >>> print(C)
/// SW_1_0_1 o 0 o (2, 2):(1, 2)
/// >>> [C(i) for i in range(4)]
/// [0, 1, 3, 2]
#[pyclass(frozen, name = "ComposedLayout", module = "cute_algebra")]
#[derive(Clone)]
pub struct PyComposedLayout {
    /// `layoutB`.
    pub outer: Outer,
    /// The offset.
    pub offset: i64,
    /// `layoutA`.
    pub inner: Layout,
}

impl PyComposedLayout {
    /// `outer(offset + x)`.
    pub fn apply_outer(&self, x: i64) -> PyResult<i64> {
        let y = self.offset.checked_add(x).ok_or_else(|| {
            crate::error::to_py_err(cute_dynamic::LayoutError::Overflow {
                operation: "ComposedLayout evaluation",
                operands: format!("{} + {}", self.offset, x),
            })
        })?;
        match &self.outer {
            Outer::Swizzle(s) => Ok(s.apply(y)),
            Outer::Layout(l) => l.checked_call(y).or_raise(),
        }
    }

    fn outer_str(&self) -> String {
        match &self.outer {
            Outer::Swizzle(s) => format!("SW_{}_{}_{}", s.bits(), s.base(), s.shift()),
            Outer::Layout(l) => layout_str(l),
        }
    }

    fn outer_repr(&self) -> String {
        match &self.outer {
            Outer::Swizzle(s) => format!("Swizzle({},{},{})", s.bits(), s.base(), s.shift()),
            Outer::Layout(l) => layout_repr(l),
        }
    }

    /// With a new inner layout and offset.
    pub fn with_inner(&self, offset: i64, inner: Layout) -> Self {
        PyComposedLayout {
            outer: self.outer.clone(),
            offset,
            inner,
        }
    }
}

#[pymethods]
impl PyComposedLayout {
    #[new]
    #[pyo3(signature = (layoutB, offset, layoutA))]
    #[allow(non_snake_case)]
    fn new(layoutB: &Bound<'_, PyAny>, offset: i64, layoutA: &Bound<'_, PyAny>) -> PyResult<Self> {
        let outer = if let Ok(s) = layoutB.downcast::<PySwizzle>() {
            Outer::Swizzle(s.get().inner)
        } else if let Ok(l) = layoutB.downcast::<PyLayout>() {
            Outer::Layout(l.get().inner.clone())
        } else {
            return Err(PyTypeError::new_err(
                "ComposedLayout's layoutB must be a Swizzle or a Layout",
            ));
        };
        let inner = convert::layout(layoutA)?;
        Ok(PyComposedLayout {
            outer,
            offset,
            inner,
        })
    }

    /// The outer function (a `Swizzle` or a `Layout`).
    #[getter]
    #[allow(non_snake_case)]
    fn layoutB<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match &self.outer {
            Outer::Swizzle(s) => Bound::new(py, PySwizzle { inner: *s })?.into_any(),
            Outer::Layout(l) => Bound::new(py, PyLayout::from(l.clone()))?.into_any(),
        })
    }

    #[getter]
    fn offset(&self) -> i64 {
        self.offset
    }

    /// The inner layout.
    #[getter]
    #[allow(non_snake_case)]
    fn layoutA(&self) -> PyLayout {
        PyLayout::from(self.inner.clone())
    }

    /// `layoutB(offset + layoutA(*args))`; a coordinate holding `None`
    /// slices `layoutA`, its fixed part's offset moved into `offset`.
    #[pyo3(signature = (*args))]
    fn __call__<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let crd = if args.len() == 1 {
            args.get_item(0)?
        } else {
            args.clone().into_any()
        };
        if has_none(&crd) {
            let (sub, off) = slice(&self.inner, &crd)?;
            let off = self.offset.checked_add(off).ok_or_else(|| {
                crate::error::to_py_err(cute_dynamic::LayoutError::Overflow {
                    operation: "ComposedLayout slice",
                    operands: format!("{} + {}", self.offset, off),
                })
            })?;
            return Ok(Bound::new(py, self.with_inner(off, sub))?.into_any());
        }
        let x = call_layout(py, &self.inner, args)?.extract::<i64>()?;
        Ok(self.apply_outer(x)?.into_pyobject(py)?.into_any())
    }

    fn __getitem__(&self, i: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(self.with_inner(self.offset, getitem(&self.inner, i)?))
    }

    fn __len__(&self) -> usize {
        if self.inner.shape().is_int() {
            1
        } else {
            self.inner.rank()
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<PyComposedLayout>() {
            Ok(o) => {
                let o = o.get();
                self.outer == o.outer && self.offset == o.offset && self.inner == o.inner
            }
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        (&self.outer, self.offset, &self.inner).hash(&mut h);
        h.finish()
    }

    /// The size of `layoutA`.
    fn size(&self) -> i64 {
        self.inner.size()
    }

    /// The cosize of `layoutB`.
    fn cosize(&self) -> PyResult<i64> {
        match &self.outer {
            Outer::Swizzle(s) => Ok(PySwizzle { inner: *s }.size()),
            Outer::Layout(l) => l.cosize().or_raise(),
        }
    }

    /// The picture of `cute svg`: for a swizzle outside, each element's
    /// shared-memory bank (`element_bytes` wide, 2 by default).
    #[pyo3(signature = (element_bytes=2))]
    fn svg(&self, element_bytes: i64) -> PyResult<String> {
        match &self.outer {
            Outer::Swizzle(s) => crate::svg::swizzled_svg(
                &cute_dynamic::SwizzledLayout::new(*s, self.offset, self.inner.clone()),
                element_bytes,
            ),
            Outer::Layout(_) => Err(pyo3::exceptions::PyValueError::new_err(
                "only a swizzled ComposedLayout has a picture",
            )),
        }
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(2)
    }

    fn _repr_html_(&self) -> PyResult<String> {
        Ok(format!("<div>{}</div>", self.svg(2)?))
    }

    fn __str__(&self) -> String {
        format!(
            "{} o {} o {}",
            self.outer_str(),
            self.offset,
            layout_str(&self.inner)
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "ComposedLayout({},{},{})",
            self.outer_repr(),
            self.offset,
            layout_repr(&self.inner)
        )
    }
}
