//! The atom layer: MMA and copy atoms by CuTe's names, tiled MMAs and
//! copies (their TV layouts and per-thread partitions) and SM90 GMMA
//! descriptors, from cute-dynamic's atom module.

use cute_dynamic::{
    self as cd, CopyAtom, CopySide, GmmaMajor, Layout, MmaAtom, MmaOperand, SwizzledLayout,
    TiledCopy, TiledMma, ValueType,
};
use cute_tools::render::{Figure, Grid};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert;
use crate::error::OrRaise;
use crate::layout::{Outer, PyComposedLayout, PyLayout};

fn operand(name: &str) -> PyResult<MmaOperand> {
    match name {
        "A" | "a" => Ok(MmaOperand::OperandA),
        "B" | "b" => Ok(MmaOperand::OperandB),
        "C" | "c" | "D" | "d" => Ok(MmaOperand::OperandC),
        _ => Err(PyValueError::new_err(format!(
            "operand must be 'A', 'B' or 'C', got {name:?}"
        ))),
    }
}

fn wrap(l: Layout) -> PyLayout {
    PyLayout::from(l)
}

/// An MMA atom by CuTe's name (`SM80_16x8x16_F32F16F16F32_TN`,
/// `UniversalFMA<float>`, …; `mma_atom_names()` lists them).
///
/// >>> from cute_algebra.atom import MmaAtom
/// >>> atom = MmaAtom("SM80_16x8x8_F16F16F16F16_TN")
/// >>> atom.shape_mnk
/// (16, 8, 8)
/// >>> print(atom.layout_c)
/// ((4, 8), (2, 2)):((32, 1), (16, 8))
#[pyclass(frozen, name = "MmaAtom", module = "cute_algebra.atom")]
pub struct PyMmaAtom {
    inner: MmaAtom,
}

#[pymethods]
impl PyMmaAtom {
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        Ok(PyMmaAtom {
            inner: cd::mma_atom(name).or_raise()?,
        })
    }

    /// CuTe's name of the atom.
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// `(M, N, K)` of one instruction.
    #[getter]
    fn shape_mnk(&self) -> (i64, i64, i64) {
        let [m, n, k] = self.inner.shape_mnk();
        (m, n, k)
    }

    /// `ThrID`: the atom's thread layout.
    #[getter]
    fn thr_id(&self) -> PyLayout {
        wrap(self.inner.thr_id().clone())
    }

    /// `ALayout`: `(thread, value) → (m, k)` index.
    #[getter]
    fn layout_a(&self) -> PyLayout {
        wrap(self.inner.a_layout().clone())
    }

    /// `BLayout`: `(thread, value) → (n, k)` index.
    #[getter]
    fn layout_b(&self) -> PyLayout {
        wrap(self.inner.b_layout().clone())
    }

    /// `CLayout`: `(thread, value) → (m, n)` index.
    #[getter]
    fn layout_c(&self) -> PyLayout {
        wrap(self.inner.c_layout().clone())
    }

    /// The value types `(D, A, B, C)` in CUTLASS's spelling.
    #[getter]
    fn value_types(&self) -> (String, String, String, String) {
        let t = self.inner.value_types();
        (
            t.d.to_string(),
            t.a.to_string(),
            t.b.to_string(),
            t.c.to_string(),
        )
    }

    fn __repr__(&self) -> String {
        format!("MmaAtom({:?})", self.inner.name())
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }
}

/// A copy atom by CuTe's name (`SM80_CP_ASYNC_CACHEALWAYS<uint128_t>`,
/// `SM75_U32x4_LDSM_N`, `UniversalCopy<uint32_t>`, …; `copy_atom_names()`)
/// and the value type it moves (CUTLASS's spelling, e.g. `half_t`).
///
/// >>> from cute_algebra.atom import CopyAtom
/// >>> print(CopyAtom("UniversalCopy<uint32_t>", "half_t").layout_src)
/// (1, 2):(0, 1)
#[pyclass(frozen, name = "CopyAtom", module = "cute_algebra.atom")]
pub struct PyCopyAtom {
    inner: CopyAtom,
    value_type: ValueType,
}

#[pymethods]
impl PyCopyAtom {
    #[new]
    fn new(name: &str, value_type: &str) -> PyResult<Self> {
        Ok(PyCopyAtom {
            inner: cd::copy_atom(name).or_raise()?,
            value_type: value_type.parse().or_raise()?,
        })
    }

    /// CuTe's name of the atom.
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The value type, in CUTLASS's spelling.
    #[getter]
    fn value_type(&self) -> String {
        self.value_type.to_string()
    }

    /// `ThrID`.
    #[getter]
    fn thr_id(&self) -> PyLayout {
        wrap(self.inner.thr_id().clone())
    }

    /// `SrcLayout` in values: `(thread, value) → value index`.
    #[getter]
    fn layout_src(&self) -> PyResult<PyLayout> {
        Ok(wrap(self.inner.src_layout(self.value_type).or_raise()?))
    }

    /// `DstLayout` in values.
    #[getter]
    fn layout_dst(&self) -> PyResult<PyLayout> {
        Ok(wrap(self.inner.dst_layout(self.value_type).or_raise()?))
    }

    /// `RefLayout` in values.
    #[getter]
    fn layout_ref(&self) -> PyResult<PyLayout> {
        Ok(wrap(self.inner.ref_layout(self.value_type).or_raise()?))
    }

    fn __repr__(&self) -> String {
        format!(
            "CopyAtom({:?}, {:?})",
            self.inner.name(),
            self.value_type.to_string()
        )
    }
}

/// CuTe's `make_tiled_mma(atom, atom_layout=None, permutation=None)`:
/// `atom_layout` a layout `(M,N,K) → atom`, `permutation` a tiler of up to
/// three modes (layouts, ints, `None`).
///
/// >>> from cute_algebra import Layout
/// >>> from cute_algebra.atom import MmaAtom, TiledMma
/// >>> mma = TiledMma(MmaAtom("UniversalFMA<float>"), Layout((16, 16, 1)))
/// >>> mma.size, mma.tile_shape("C")
/// (256, (16, 16))
/// >>> print(mma.layout_tv("C"))
/// (256, (1, (1, 1))):(1, (0, (0, 0)))
/// >>> mma.partition("C", 3, Layout((32, 32)))
/// (Layout((1, 2, 2),(0, 16, 512)), 3)
#[pyclass(frozen, name = "TiledMma", module = "cute_algebra.atom")]
pub struct PyTiledMma {
    inner: TiledMma,
}

#[pymethods]
impl PyTiledMma {
    #[new]
    #[pyo3(signature = (atom, atom_layout=None, permutation=None))]
    fn new(
        atom: &Bound<'_, PyAny>,
        atom_layout: Option<&Bound<'_, PyAny>>,
        permutation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let atom = match atom.downcast::<PyMmaAtom>() {
            Ok(a) => a.get().inner.clone(),
            Err(_) => cd::mma_atom(&atom.extract::<String>()?).or_raise()?,
        };
        let layout = atom_layout
            .filter(|l| !l.is_none())
            .map(convert::layout)
            .transpose()?;
        let perm = permutation
            .filter(|p| !p.is_none())
            .map(convert::tiler)
            .transpose()?;
        Ok(PyTiledMma {
            inner: cd::make_tiled_mma(&atom, layout.as_ref(), perm.as_ref()).or_raise()?,
        })
    }

    /// The number of threads.
    #[getter]
    fn size(&self) -> i64 {
        self.inner.size()
    }

    /// The atom.
    #[getter]
    fn atom(&self) -> PyMmaAtom {
        PyMmaAtom {
            inner: self.inner.atom().clone(),
        }
    }

    /// `ThrLayoutVMNK`.
    #[getter]
    fn thr_layout_vmnk(&self) -> PyLayout {
        wrap(self.inner.thr_layout_vmnk().clone())
    }

    /// `tile_size_mnk<i>`: the tile's extent in mode `i` (0: M, 1: N, 2: K).
    fn tile_size(&self, i: usize) -> PyResult<i64> {
        self.inner.tile_size(i).or_raise()
    }

    /// The tile shape of an operand: `(M, K)` for A, `(N, K)` for B,
    /// `(M, N)` for C.
    fn tile_shape<'py>(&self, py: Python<'py>, op: &str) -> PyResult<Bound<'py, PyAny>> {
        let s = self.inner.tile_shape(operand(op)?).or_raise()?;
        convert::to_py(py, s.as_ref())
    }

    /// `get_layoutX_TV()`: `(thread, value) → index in the operand's tile`.
    fn layout_tv(&self, op: &str) -> PyResult<PyLayout> {
        Ok(wrap(self.inner.layout_tv(operand(op)?).or_raise()?))
    }

    /// `thrfrg_X(layout)`: the operand layout split into
    /// `((thread, value), rest)`.
    fn thrfrg(&self, op: &str, layout: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
        Ok(wrap(
            self.inner
                .thrfrg(operand(op)?, &convert::layout(layout)?)
                .or_raise()?,
        ))
    }

    /// `get_slice(t).partition_X(tensor)` on a tensor of `layout`: thread
    /// `t`'s part as `(layout, offset)`, the layout of shape
    /// `(FrgV, Rest…)` and the offset of its first element.
    fn partition(
        &self,
        op: &str,
        thread: i64,
        layout: &Bound<'_, PyAny>,
    ) -> PyResult<(PyLayout, i64)> {
        let thr = self.inner.thr_slice(thread).or_raise()?;
        let t = cd::make_counting_tensor(convert::layout(layout)?).or_raise()?;
        let p = thr.partition(operand(op)?, t).or_raise()?;
        Ok((wrap(p.layout().clone()), p.base()))
    }

    /// `partition_shape_X(shape)`.
    fn partition_shape<'py>(
        &self,
        py: Python<'py>,
        op: &str,
        shape: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let s = self
            .inner
            .partition_shape(operand(op)?, &convert::int_tuple(shape)?)
            .or_raise()?;
        convert::to_py(py, s.as_ref())
    }

    /// The picture of `cute svg` for a tiled MMA: A, B and C's TV layouts.
    fn _repr_svg_(&self) -> PyResult<String> {
        Ok(Figure::tiled_mma(&self.inner).or_raise()?.to_svg())
    }

    fn _repr_html_(&self) -> PyResult<String> {
        Ok(format!("<div>{}</div>", self._repr_svg_()?))
    }
}

/// CuTe's `make_tiled_copy(atom, thr_layout, val_layout)`, or one of an MMA's
/// operands (`TiledCopy.for_mma(atom, mma, "A")`, `make_tiled_copy_A/B/C`).
///
/// >>> from cute_algebra import Layout
/// >>> from cute_algebra.atom import CopyAtom, TiledCopy
/// >>> cp = TiledCopy(CopyAtom("UniversalCopy<uint32_t>", "half_t"), Layout((32, 8), (8, 1)), Layout((1, 2)))
/// >>> cp.size, cp.tiler_mn
/// (256, (32, 16))
#[pyclass(frozen, name = "TiledCopy", module = "cute_algebra.atom")]
pub struct PyTiledCopy {
    inner: TiledCopy,
}

fn side(name: &str) -> PyResult<CopySide> {
    match name {
        "S" | "s" | "src" => Ok(CopySide::Src),
        "D" | "d" | "dst" => Ok(CopySide::Dst),
        _ => Err(PyValueError::new_err(format!(
            "side must be 'S' or 'D', got {name:?}"
        ))),
    }
}

#[pymethods]
impl PyTiledCopy {
    #[new]
    fn new(
        atom: &Bound<'_, PyCopyAtom>,
        thr_layout: &Bound<'_, PyAny>,
        val_layout: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let a = atom.get();
        let t = cd::make_tiled_copy(
            &a.inner,
            a.value_type,
            &convert::layout(thr_layout)?,
            &convert::layout(val_layout)?,
        )
        .or_raise()?;
        Ok(PyTiledCopy { inner: t })
    }

    /// `make_tiled_copy_A/B/C(atom, mma)`: the copy of an MMA operand.
    #[staticmethod]
    fn for_mma(
        atom: &Bound<'_, PyCopyAtom>,
        mma: &Bound<'_, PyTiledMma>,
        op: &str,
    ) -> PyResult<Self> {
        let a = atom.get();
        let t = cd::make_tiled_copy_mma(&a.inner, a.value_type, operand(op)?, &mma.get().inner)
            .or_raise()?;
        Ok(PyTiledCopy { inner: t })
    }

    /// The number of threads.
    #[getter]
    fn size(&self) -> i64 {
        self.inner.size()
    }

    /// The tile `(M, N)` one copy covers.
    #[getter]
    fn tiler_mn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, self.inner.tiler_mn().as_ref())
    }

    /// `get_layoutS_TV()` / `get_layoutD_TV()`: `(thread, value) → index in
    /// the tile` of side `'S'` or `'D'`.
    fn layout_tv(&self, side_name: &str) -> PyResult<PyLayout> {
        Ok(wrap(self.inner.layout_tv_of(side(side_name)?).or_raise()?))
    }

    /// `tidfrg_S/D(layout)`.
    fn tidfrg(&self, side_name: &str, layout: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
        Ok(wrap(
            self.inner
                .tidfrg(side(side_name)?, &convert::layout(layout)?)
                .or_raise()?,
        ))
    }

    /// `get_slice(t).partition_S/D(tensor)` on a tensor of `layout`: thread
    /// `t`'s part as `(layout, offset)`.
    fn partition(
        &self,
        side_name: &str,
        thread: i64,
        layout: &Bound<'_, PyAny>,
    ) -> PyResult<(PyLayout, i64)> {
        let thr = self.inner.thr_slice(thread).or_raise()?;
        let t = cd::make_counting_tensor(convert::layout(layout)?).or_raise()?;
        let p = match side(side_name)? {
            CopySide::Src => thr.partition_s(t),
            CopySide::Dst => thr.partition_d(t),
        }
        .or_raise()?;
        Ok((wrap(p.layout().clone()), p.base()))
    }

    /// The picture of `cute svg` for a tiled copy: S and D's TV layouts.
    fn _repr_svg_(&self) -> PyResult<String> {
        Ok(Figure::tiled_copy(&self.inner).or_raise()?.to_svg())
    }

    fn _repr_html_(&self) -> PyResult<String> {
        Ok(format!("<div>{}</div>", self._repr_svg_()?))
    }
}

/// CuTe's `make_gmma_desc<Major>(smem, value_bits)`: the 64-bit SM90 GMMA
/// descriptor of a shared-memory operand (a `Layout`, or a
/// `ComposedLayout` with a `Swizzle`, in elements), as `(bits, text)`.
#[pyfunction]
#[pyo3(signature = (major, smem, value_bits, smem_address=0))]
pub fn make_gmma_desc(
    major: &str,
    smem: &Bound<'_, PyAny>,
    value_bits: i64,
    smem_address: u32,
) -> PyResult<(u64, String)> {
    let major = match major {
        "K" => GmmaMajor::K,
        "MN" => GmmaMajor::MN,
        _ => {
            return Err(PyValueError::new_err(format!(
                "major must be 'K' or 'MN', got {major:?}"
            )));
        }
    };
    let d = if let Ok(c) = smem.downcast::<PyComposedLayout>() {
        let c = c.get();
        let Outer::Swizzle(sw) = &c.outer else {
            return Err(PyValueError::new_err(
                "a GMMA operand's ComposedLayout must have a Swizzle outside",
            ));
        };
        let s = SwizzledLayout::new(*sw, c.offset, c.inner.clone());
        cd::make_gmma_desc(major, &s, value_bits, smem_address).or_raise()?
    } else {
        cd::make_gmma_desc(major, &convert::layout(smem)?, value_bits, smem_address).or_raise()?
    };
    Ok((d.bits(), d.to_string()))
}

/// The SVG of a `(thread, value) → index` layout on an `m × n` tile (`cute
/// svg --tv MxN`).
#[pyfunction]
pub fn tv_svg(tv: &Bound<'_, PyAny>, m: i64, n: i64) -> PyResult<String> {
    Ok(Grid::thread_value(&convert::layout(tv)?, m, n)
        .or_raise()?
        .to_svg())
}

/// The names of the MMA atoms.
#[pyfunction]
pub fn mma_atom_names() -> Vec<String> {
    cd::mma_atom_names()
}

/// The names of the copy atoms.
#[pyfunction]
pub fn copy_atom_names() -> Vec<String> {
    cd::copy_atom_names()
}

/// Register the atom classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMmaAtom>()?;
    m.add_class::<PyCopyAtom>()?;
    m.add_class::<PyTiledMma>()?;
    m.add_class::<PyTiledCopy>()?;
    m.add_function(wrap_pyfunction!(make_gmma_desc, m)?)?;
    m.add_function(wrap_pyfunction!(tv_svg, m)?)?;
    m.add_function(wrap_pyfunction!(mma_atom_names, m)?)?;
    m.add_function(wrap_pyfunction!(copy_atom_names, m)?)?;
    Ok(())
}
