//! The algebra and the int-tuple functions, taking and returning pycute's
//! values. Each is one call into cute-dynamic; its error becomes the
//! exception of its kind.

use cute_dynamic::{self as cd, AsTiler, IntTuple, Layout};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::wrap_pyfunction;

use crate::convert::{self, int_tuple, profile, to_py};
use crate::error::OrRaise;
use crate::layout::{PyComposedLayout, PyLayout, PySwizzle, slice};

type R<T> = PyResult<T>;

/// Run `f` on the tiler `b` (a `Layout` without copying it).
#[inline]
fn with_tiler<T>(b: &Bound<'_, PyAny>, f: impl FnOnce(&dyn AsTiler) -> T) -> R<T> {
    if let Ok(l) = b.downcast::<PyLayout>() {
        return Ok(f(&l.get().inner));
    }
    let t = convert::tiler(b)?;
    Ok(f(&t))
}

/// Run `f` on the layout `a` (a `Layout` without copying it, or an int).
#[inline]
fn with_layout<T>(a: &Bound<'_, PyAny>, f: impl FnOnce(&Layout) -> T) -> R<T> {
    if let Ok(l) = a.downcast::<PyLayout>() {
        return Ok(f(&l.get().inner));
    }
    let l = convert::layout(a)?;
    Ok(f(&l))
}

fn wrap(py: Python<'_>, l: Layout) -> R<Bound<'_, PyAny>> {
    Ok(Bound::new(py, PyLayout::from(l))?.into_any())
}

/// A tiler operation that also applies to a `ComposedLayout` (into its
/// inner layout, as CuTe does).
fn tiler_op<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    op: fn(&Layout, &dyn AsTiler) -> Result<Layout, cd::LayoutError>,
) -> R<Bound<'py, PyAny>> {
    if b.is_none() {
        return Ok(a.clone());
    }
    if let Ok(c) = a.downcast::<PyComposedLayout>() {
        let c = c.get();
        let inner = with_tiler(b, |t| op(&c.inner, t))?.or_raise()?;
        return Ok(Bound::new(py, c.with_inner(c.offset, inner))?.into_any());
    }
    let r = with_layout(a, |a| with_tiler(b, |t| op(a, t)))??.or_raise()?;
    wrap(py, r)
}

macro_rules! tiler_ops {
    ($($(#[$doc:meta])* $name:ident;)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (layoutA, layoutB))]
        #[allow(non_snake_case)]
        pub fn $name<'py>(py: Python<'py>, layoutA: &Bound<'py, PyAny>, layoutB: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
            tiler_op(py, layoutA, layoutB, |a, t| cd::$name(a, t))
        }
    )+};
}

tiler_ops! {
    /// `logical_divide(A, B)`: `A ∘ (B, complement(B, size(A)))`; `B` a
    /// Layout, an int, `None` or a tuple of them (mode by mode).
    ///
    /// >>> from cute_algebra import Layout, logical_divide
    /// >>> print(logical_divide(Layout((8, 8), (1, 8)), (Layout(2, 1), Layout(4, 1))))
    /// ((2, 4), (4, 2)):((1, 2), (8, 32))
    logical_divide;
    /// `zipped_divide(A, B)`: the tiles in mode 0, the rest in mode 1.
    zipped_divide;
    /// `tiled_divide(A, B)`: the tiles in mode 0, each rest mode after it.
    tiled_divide;
    /// `flat_divide(A, B)`: the tile modes and the rest modes, flat.
    flat_divide;
    /// `logical_product(A, B)`: `(A, complement(A, size(A)·cosize(B)) ∘ B)`.
    logical_product;
    /// `zipped_product(A, B)`.
    zipped_product;
    /// `tiled_product(A, B)`.
    tiled_product;
    /// `flat_product(A, B)`.
    flat_product;
}

/// `composition(A, B)`: the layout `R` with `R(c) = A(B(c))`; `B` a Layout,
/// an int `n` (`n:1`), `None` (keep `A`) or a tuple of them (mode by mode).
/// `A` may be a `ComposedLayout` (composed into its inner layout) and a
/// `Swizzle` (giving `ComposedLayout(A, 0, B)`).
///
/// >>> from cute_algebra import Layout, composition
/// >>> print(composition(Layout((4, 6, 8, 10), (2, 3, 5, 7)), Layout(6, 12)))
/// (2, 3):(9, 5)
#[pyfunction]
#[pyo3(signature = (layoutA, layoutB))]
#[allow(non_snake_case)]
pub fn composition<'py>(
    py: Python<'py>,
    layoutA: &Bound<'py, PyAny>,
    layoutB: &Bound<'py, PyAny>,
) -> R<Bound<'py, PyAny>> {
    if let (Ok(a), Ok(b)) = (
        layoutA.downcast::<PyLayout>(),
        layoutB.downcast::<PyLayout>(),
    ) {
        return wrap(
            py,
            cd::composition(&a.get().inner, &b.get().inner).or_raise()?,
        );
    }
    if let Ok(s) = layoutA.downcast::<PySwizzle>() {
        let inner = convert::layout(layoutB)?;
        let c = PyComposedLayout {
            outer: crate::layout::Outer::Swizzle(s.get().inner),
            offset: 0,
            inner,
        };
        return Ok(Bound::new(py, c)?.into_any());
    }
    tiler_op(py, layoutA, layoutB, |a, t| cd::composition(a, t))
}

/// Mode `i` of `a` as pycute's `layoutA[i]` reads it (an integral layout is
/// its own mode 0).
fn mode_of(a: &Layout, i: usize) -> R<Layout> {
    if a.shape().is_int() && i == 0 {
        return Ok(a.clone());
    }
    a.mode(i).ok_or_else(|| {
        crate::error::to_py_err(cd::LayoutError::RankMismatch {
            operation: "composition",
            layout: a.to_string(),
            requested: i + 1,
            available: if a.shape().is_int() { 1 } else { a.rank() },
        })
    })
}

fn rank_of(a: &Layout) -> usize {
    if a.shape().is_int() { 1 } else { a.rank() }
}

/// pycute's by-mode composition: mode `i < len(B)` is `A_i ∘ B_i` (by the
/// same rule when `B_i` is a tuple), `A`'s modes beyond `B`'s are kept (CuTe
/// C++ drops them).
fn pycute_compose(a: &Layout, b: &Bound<'_, PyAny>) -> R<Layout> {
    if b.is_none() {
        return Ok(a.clone());
    }
    if let Ok(t) = b.downcast::<PyTuple>() {
        let n = rank_of(a);
        if t.len() > n {
            return Err(crate::error::to_py_err(cd::LayoutError::RankMismatch {
                operation: "composition",
                layout: a.to_string(),
                requested: t.len(),
                available: n,
            }));
        }
        let mut modes = Vec::with_capacity(n);
        for (i, bi) in t.iter().enumerate() {
            modes.push(pycute_compose(&mode_of(a, i)?, &bi)?);
        }
        for i in t.len()..n {
            modes.push(mode_of(a, i)?);
        }
        return Ok(Layout::concat(modes.iter()));
    }
    with_tiler(b, |t| cd::composition(a, t))?.or_raise()
}

/// `composition(layoutA, layoutB)` as pycute defines it for a tuple
/// `layoutB`: `A`'s modes beyond `B`'s are kept (CuTe C++ drops them);
/// otherwise `cute_algebra.composition`.
///
/// >>> from cute_algebra import Layout
/// >>> from cute_algebra.pycute import composition
/// >>> print(composition(Layout((8, 4), (1, 8)), (Layout(4, 2),)))
/// (4, 4):(2, 8)
#[pyfunction(name = "composition")]
#[pyo3(signature = (layoutA, layoutB))]
#[allow(non_snake_case)]
pub fn pycute_composition<'py>(
    py: Python<'py>,
    layoutA: &Bound<'py, PyAny>,
    layoutB: &Bound<'py, PyAny>,
) -> R<Bound<'py, PyAny>> {
    if !layoutB.is_instance_of::<PyTuple>() {
        return composition(py, layoutA, layoutB);
    }
    if let Ok(c) = layoutA.downcast::<PyComposedLayout>() {
        let c = c.get();
        let inner = pycute_compose(&c.inner, layoutB)?;
        return Ok(Bound::new(py, c.with_inner(c.offset, inner))?.into_any());
    }
    let r = with_layout(layoutA, |a| pycute_compose(a, layoutB))??;
    wrap(py, r)
}

/// `complement(L, max_idx=1)`: the layout of the offsets below `max_idx`
/// that `L` does not reach, ordered; raises where no such layout exists
/// (overlapping or non-dividing modes).
///
/// >>> from cute_algebra import Layout, complement
/// >>> print(complement(Layout(4, 2), 24))
/// (2, 3):(1, 8)
#[pyfunction]
#[pyo3(signature = (layout, max_idx=1))]
pub fn complement<'py>(
    py: Python<'py>,
    layout: &Bound<'py, PyAny>,
    max_idx: i64,
) -> R<Bound<'py, PyAny>> {
    let r = with_layout(layout, |l| cd::complement(l, max_idx))?.or_raise()?;
    wrap(py, r)
}

macro_rules! optional_layout_ops {
    ($($(#[$doc:meta])* $name:ident;)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        pub fn $name<'py>(py: Python<'py>, layout: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
            if layout.is_none() {
                return Ok(layout.clone());
            }
            let r = with_layout(layout, cd::$name)?.or_raise()?;
            wrap(py, r)
        }
    )+};
}

optional_layout_ops! {
    /// `right_inverse(L)`: the largest `R` with `L(R(i)) == i`; `None` gives
    /// `None`, an int `n` gives `Layout(n)`.
    ///
    /// >>> from cute_algebra import Layout, right_inverse
    /// >>> print(right_inverse(Layout((4, 2), (2, 1))))
    /// (2, 4):(4, 1)
    right_inverse;
    /// `left_inverse(L)`: an `R` with `R(L(i)) == i` for every `i < size(L)`;
    /// raises where `L` is not injective.
    ///
    /// >>> from cute_algebra import Layout, left_inverse
    /// >>> print(left_inverse(Layout((4, 2), (2, 1))))
    /// (2, 4):(4, 1)
    left_inverse;
}

/// `coalesce(L, profile=None)`: the fewest modes with the same function;
/// a tuple profile coalesces mode by mode.
///
/// >>> from cute_algebra import Layout, coalesce
/// >>> print(coalesce(Layout((2, (1, 6)), (1, (6, 2)))))
/// 12:1
#[pyfunction]
#[pyo3(signature = (layout, profile=None))]
pub fn coalesce<'py>(
    py: Python<'py>,
    layout: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
) -> R<Bound<'py, PyAny>> {
    profiled(py, layout, profile, cd::coalesce, cd::coalesce_by)
}

/// `whole(L)`, or `by(L, profile)` for a tuple profile (pycute reads any
/// other profile as none).
fn profiled<'py>(
    py: Python<'py>,
    layout: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
    whole: fn(&Layout) -> Layout,
    by: fn(&Layout, &IntTuple) -> Result<Layout, cd::LayoutError>,
) -> R<Bound<'py, PyAny>> {
    let r = match profile {
        Some(p) if p.is_instance_of::<PyTuple>() => {
            let p = convert::profile(p)?;
            with_layout(layout, |l| by(l, &p))?.or_raise()?
        }
        _ => with_layout(layout, whole)?,
    };
    wrap(py, r)
}

/// `filter(L, profile=None)`: `coalesce` after removing the stride-0 and
/// size-1 modes; a tuple profile filters mode by mode.
#[pyfunction]
#[pyo3(signature = (layout, profile=None))]
pub fn filter<'py>(
    py: Python<'py>,
    layout: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
) -> R<Bound<'py, PyAny>> {
    profiled(py, layout, profile, cd::filter, cd::filter_by)
}

/// `filter_zeros(L)`: the stride-0 modes' shapes set to 1.
#[pyfunction]
pub fn filter_zeros<'py>(py: Python<'py>, layout: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
    let r = with_layout(layout, cd::filter_zeros)?;
    wrap(py, r)
}

/// `#[pyfunction]`s `$name($layout, $arg)`: `$arg` converted by `$conv`,
/// then one call `cd::$name(layout, &arg)` giving a layout.
macro_rules! layout_with_ops {
    ($($(#[$doc:meta])* $name:ident($layout:ident, $arg:ident: $conv:path);)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        pub fn $name<'py>(py: Python<'py>, $layout: &Bound<'py, PyAny>, $arg: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
            let $arg = $conv($arg)?;
            let r = with_layout($layout, |l| cd::$name(l, &$arg))?.or_raise()?;
            wrap(py, r)
        }
    )+};
}

layout_with_ops! {
    /// `blocked_product(A, B)`: `B`'s tiling of `A`-blocks, mode by mode.
    blocked_product(a, b: convert::layout);
    /// `raked_product(A, B)`: `A`'s elements raked across `B`, mode by mode.
    raked_product(a, b: convert::layout);
    /// `max_common_layout(A, B)`: the largest layout both map the same way
    /// from offset 0 contiguously.
    max_common_layout(a, b: convert::layout);
    /// `layout_add(A, B)`: the layout of `A(i) + B(i)` (same shape).
    layout_add(a, b: convert::layout);
}

macro_rules! layout_ops {
    ($($(#[$doc:meta])* $name:ident;)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        pub fn $name<'py>(py: Python<'py>, layout: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
            let r = with_layout(layout, cd::$name)?.or_raise()?;
            wrap(py, r)
        }
    )+};
}

layout_ops! {
    /// `coalesce_x(L)`: coalesce that also merges across the extended
    /// domain (the last mode unbounded).
    coalesce_x;
    /// `zip(L)`: the modes of a rank-2 layout of tuples zipped mode by mode.
    zip;
}

layout_with_ops! {
    /// `with_shape(L, shape)`: `L ∘ column_major(shape)`, `L` read with the
    /// given shape.
    with_shape(layout, profile: int_tuple);
    /// `unflatten(L, profile)`: a flat `L` regrouped as `profile`.
    unflatten(layout, profile: int_tuple);
    /// `coalesce_x(L, profile)`, mode by mode.
    coalesce_x_by(layout, profile: int_tuple);
    /// `filter_zeros(L, profile)`: the leaves under a stride-0 profile leaf
    /// set to size 1.
    filter_zeros_by(layout, profile: int_tuple);
    /// `complement(L, shape)`: the complement with respect to a shape.
    complement_shape(layout, profile: int_tuple);
    /// `bw_coalesce(L, seed)`: coalesce from the back onto `seed`.
    bw_coalesce(layout, seed: convert::layout);
    /// `zip_layouts(A, B)`: `(A, B)` zipped mode by mode.
    zip_layouts(a, b: convert::layout);
    /// `tile_unzip(L, tiler)` and `zip2_by(L, tiler)`: the leaves of a divide
    /// regrouped by the tiler.
    tile_unzip(layout, tiler: convert::tiler);
    /// `zip2_by(L, tiler)`: split each mode of `L` as `tiler` does and zip.
    zip2_by(layout, tiler: convert::tiler);
}

macro_rules! layout_int_ops {
    ($($(#[$doc:meta])* $name:ident;)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        pub fn $name(layout: &Bound<'_, PyAny>) -> R<i64> {
            with_layout(layout, cd::$name)?.or_raise()
        }
    )+};
}

layout_int_ops! {
    /// `coshape(L)`: the size of the codomain's extent, `max L(i) + 1`.
    coshape;
    /// `max_alignment(L)`: the largest `n` dividing every offset step of `L`.
    max_alignment;
}

/// `dice(crd, L)`: the modes of `L` under the integers of `crd` (`None`
/// drops a mode; CuTe's complement of `slice`).
#[pyfunction]
pub fn dice<'py>(
    py: Python<'py>,
    crd: &Bound<'py, PyAny>,
    layout: &Bound<'py, PyAny>,
) -> R<Bound<'py, PyAny>> {
    let c = convert::coord(crd)?;
    let r = with_layout(layout, |l| cd::dice(&c, l))?.or_raise()?;
    wrap(py, r)
}

/// `domain_offset(crd, L)`: `L` and the offset `L(crd)` of its origin moved
/// to `crd`.
#[pyfunction]
pub fn domain_offset<'py>(
    py: Python<'py>,
    crd: &Bound<'py, PyAny>,
    layout: &Bound<'py, PyAny>,
) -> R<(Bound<'py, PyAny>, i64)> {
    let c = int_tuple(crd)?;
    let (l, off) = with_layout(layout, |l| cd::domain_offset(&c, l))?.or_raise()?;
    Ok((wrap(py, l)?, off))
}

/// `greatest_common_domain(a, b)`: the largest layout admissible in both
/// column-major shapes.
#[pyfunction]
pub fn greatest_common_domain<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> R<Bound<'py, PyAny>> {
    wrap(
        py,
        cd::greatest_common_domain(&int_tuple(a)?, &int_tuple(b)?).or_raise()?,
    )
}

/// `domain_distribute(shape, n)`: `n` spread over the modes of `shape`.
#[pyfunction]
pub fn domain_distribute<'py>(
    py: Python<'py>,
    shape: &Bound<'py, PyAny>,
    n: i64,
) -> R<Bound<'py, PyAny>> {
    wrap(py, cd::domain_distribute(&int_tuple(shape)?, n).or_raise()?)
}

macro_rules! tuple_unary_ops {
    ($($(#[$doc:meta])* $name:ident;)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        pub fn $name<'py>(py: Python<'py>, a: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
            let r = cd::$name(&int_tuple(a)?).or_raise()?;
            to_py(py, r.as_ref())
        }
    )+};
}

tuple_unary_ops! {
    /// `product_each(a)`: the size of each mode.
    product_each;
    /// `abs(a)`: each leaf's absolute value.
    abs;
    /// `coalesce_shape(shape)`: the coalesced shape.
    coalesce_shape;
}

macro_rules! compact_ops {
    ($($(#[$doc:meta])* $name:ident;)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (shape, current=1))]
        pub fn $name<'py>(py: Python<'py>, shape: &Bound<'py, PyAny>, current: i64) -> R<Bound<'py, PyAny>> {
            let r = cd::$name(&int_tuple(shape)?, current).or_raise()?;
            to_py(py, r.as_ref())
        }
    )+};
}

compact_ops! {
    /// `compact_col_major(shape, current=1)`: column-major strides of `shape`
    /// (size-1 modes get stride 0, as in CuTe).
    compact_col_major;
    /// `compact_row_major(shape, current=1)`: row-major strides of `shape`.
    compact_row_major;
}

/// `compact_order(shape, order)`: the strides of `make_ordered_layout`.
#[pyfunction]
pub fn compact_order<'py>(
    py: Python<'py>,
    shape: &Bound<'py, PyAny>,
    order: &Bound<'py, PyAny>,
) -> R<Bound<'py, PyAny>> {
    to_py(
        py,
        cd::compact_order(&int_tuple(shape)?, &int_tuple(order)?)
            .or_raise()?
            .as_ref(),
    )
}

/// `max_common_vector(A, B)`: the size of `max_common_layout(A, B)`.
#[pyfunction]
pub fn max_common_vector(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> R<i64> {
    let b = convert::layout(b)?;
    with_layout(a, |a| cd::max_common_vector(a, &b))?.or_raise()
}

/// `nullspace(L)`: the layout of the coordinates `L` maps to 0.
#[pyfunction]
pub fn nullspace<'py>(py: Python<'py>, layout: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
    let r = with_layout(layout, cd::nullspace)?;
    wrap(py, r)
}

macro_rules! cast_ops {
    ($($(#[$doc:meta])* $name:ident;)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        pub fn $name<'py>(py: Python<'py>, n: i64, layout: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
            let r = with_layout(layout, |l| cd::$name(n, l))?.or_raise()?;
            wrap(py, r)
        }
    )+};
}

cast_ops! {
    /// `upcast(n, L)`: `L` seen in elements `n` times wider.
    upcast;
    /// `downcast(n, L)`: `L` seen in elements `n` times narrower.
    downcast;
}

/// `recast_layout(old_bits, new_bits, L)`: `L` of `old_bits`-bit elements
/// seen as `new_bits`-bit elements.
#[pyfunction]
pub fn recast_layout<'py>(
    py: Python<'py>,
    old_bits: i64,
    new_bits: i64,
    layout: &Bound<'py, PyAny>,
) -> R<Bound<'py, PyAny>> {
    let r = with_layout(layout, |l| cd::recast_layout(old_bits, new_bits, l))?.or_raise()?;
    wrap(py, r)
}

/// `make_ordered_layout(shape, order)`: compact strides, the mode of the
/// smallest `order` first.
#[pyfunction]
pub fn make_ordered_layout<'py>(
    py: Python<'py>,
    shape: &Bound<'py, PyAny>,
    order: &Bound<'py, PyAny>,
) -> R<Bound<'py, PyAny>> {
    let r = cd::make_ordered_layout(&int_tuple(shape)?, &int_tuple(order)?).or_raise()?;
    wrap(py, r)
}

/// `make_layout_like(L)`: the compact layout with `L`'s shape whose modes
/// are ordered as `L`'s strides.
#[pyfunction]
pub fn make_layout_like<'py>(py: Python<'py>, layout: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
    let r = with_layout(layout, cd::make_layout_like)?.or_raise()?;
    wrap(py, r)
}

/// `tile_to_shape(block, shape, order=None)`: `block` repeated to cover
/// `shape` (a multiple of its shape), the repeats ordered by `order`.
#[pyfunction]
#[pyo3(signature = (block, shape, order=None))]
pub fn tile_to_shape<'py>(
    py: Python<'py>,
    block: &Bound<'py, PyAny>,
    shape: &Bound<'py, PyAny>,
    order: Option<&Bound<'py, PyAny>>,
) -> R<Bound<'py, PyAny>> {
    let shape = int_tuple(shape)?;
    let order = order.filter(|o| !o.is_none()).map(int_tuple).transpose()?;
    let r = with_layout(block, |b| cd::tile_to_shape(b, &shape, order.as_ref()))?.or_raise()?;
    wrap(py, r)
}

/// `make_layout(*layouts)`: the layout whose modes are the given layouts
/// (or the layouts of one iterable).
///
/// >>> from cute_algebra import Layout, make_layout
/// >>> print(make_layout(Layout(4, 1), Layout(8, 4)))
/// (4, 8):(1, 4)
#[pyfunction]
#[pyo3(signature = (*layouts))]
pub fn make_layout<'py>(py: Python<'py>, layouts: &Bound<'py, PyTuple>) -> R<Bound<'py, PyAny>> {
    let items: Vec<Bound<'py, PyAny>> =
        if layouts.len() == 1 && !layouts.get_item(0)?.is_instance_of::<PyLayout>() {
            layouts.get_item(0)?.try_iter()?.collect::<R<_>>()?
        } else {
            layouts.iter().collect()
        };
    let modes = items
        .iter()
        .map(|m| {
            m.downcast::<PyLayout>()
                .map(|l| l.get().inner.clone())
                .map_err(|_| PyTypeError::new_err("make_layout takes Layouts"))
        })
        .collect::<R<Vec<_>>>()?;
    wrap(py, Layout::concat(modes.iter()))
}

/// `size(x)`: the size of a layout's domain, or the product of an int
/// tuple.
#[pyfunction]
#[pyo3(signature = (layout))]
pub fn size(layout: &Bound<'_, PyAny>) -> R<i64> {
    let x = layout;
    if let Ok(l) = x.downcast::<PyLayout>() {
        return Ok(l.get().inner.size());
    }
    if let Ok(c) = x.downcast::<PyComposedLayout>() {
        return Ok(c.get().inner.size());
    }
    if let Ok(s) = x.downcast::<PySwizzle>() {
        return Ok(s.get().inner.period());
    }
    product(x)
}

/// `cosize(L)`: the size of a layout's codomain, `L(size(L) - 1) + 1`.
#[pyfunction]
#[pyo3(signature = (layout))]
pub fn cosize(layout: &Bound<'_, PyAny>) -> R<i64> {
    let x = layout;
    if let Ok(l) = x.downcast::<PyLayout>() {
        return l.get().inner.cosize().or_raise();
    }
    x.call_method0("cosize")?.extract()
}

/// `slice_and_offset(crd, L)`: the sub-layout of `crd`'s `None` modes and
/// the offset of its fixed part.
#[pyfunction]
pub fn slice_and_offset<'py>(
    py: Python<'py>,
    crd: &Bound<'py, PyAny>,
    layout: &Bound<'py, PyAny>,
) -> R<(Bound<'py, PyAny>, i64)> {
    let l = convert::layout(layout)?;
    let (sub, off) = slice(&l, crd)?;
    Ok((wrap(py, sub)?, off))
}

// ---- int-tuple functions (pycute's int_tuple module) ----

/// `product(a)`: the product of an int tuple's leaves (an int is itself).
///
/// >>> from cute_algebra import product
/// >>> product((2, (3, 4)))
/// 24
#[pyfunction]
pub fn product(a: &Bound<'_, PyAny>) -> R<i64> {
    let t = int_tuple(a)?;
    t.size().ok_or_else(|| {
        crate::error::to_py_err(cd::LayoutError::Overflow {
            operation: "product",
            operands: t.to_string(),
        })
    })
}

/// `inner_product(a, b)`: the sum of the products of congruent leaves.
#[pyfunction]
pub fn inner_product(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> R<i64> {
    cd::inner_product(&int_tuple(a)?, &int_tuple(b)?).or_raise()
}

/// `tuple_max(a)`: the largest leaf.
#[pyfunction]
pub fn tuple_max(a: &Bound<'_, PyAny>) -> R<i64> {
    cd::max(&int_tuple(a)?).or_raise()
}

macro_rules! tuple_pair_ops {
    ($($(#[$doc:meta])* $name:ident;)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        pub fn $name<'py>(py: Python<'py>, a: &Bound<'py, PyAny>, b: &Bound<'py, PyAny>) -> R<Bound<'py, PyAny>> {
            let r = cd::$name(&int_tuple(a)?, &int_tuple(b)?).or_raise()?;
            to_py(py, r.as_ref())
        }
    )+};
}

tuple_pair_ops! {
    /// `elem_scale(a, b)`: each leaf of `a` times the size of `b`'s mode.
    elem_scale;
    /// `shape_div(a, b)`: `a` divided by `b` where one divides the other,
    /// leaves left to right.
    ///
    /// >>> from cute_algebra import shape_div
    /// >>> shape_div((8, (3, 4)), (2, 3))
    /// (4, (1, 4))
    shape_div;
    /// `ceil_div(a, b)`.
    ceil_div;
    /// `round_up(a, b)`.
    round_up;
}

/// `prefix_product(a, init=1)`: each leaf replaced by `init` times the
/// product of the leaves before it.
///
/// >>> from cute_algebra import prefix_product
/// >>> prefix_product((4, (1, 3), 2))
/// (1, (4, 4), 12)
#[pyfunction]
#[pyo3(signature = (a, init=None), text_signature = "(a, init=1)")]
pub fn prefix_product<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    init: Option<&Bound<'py, PyAny>>,
) -> R<Bound<'py, PyAny>> {
    let init = match init {
        Some(i) => int_tuple(i)?,
        None => IntTuple::int(1),
    };
    let r = cd::prefix_product(&int_tuple(a)?, &init).or_raise()?;
    to_py(py, r.as_ref())
}

fn default_stride(shape: &IntTuple, stride: Option<&Bound<'_, PyAny>>) -> R<IntTuple> {
    match stride {
        Some(s) if !s.is_none() => int_tuple(s),
        _ => cd::prefix_product(shape, &IntTuple::int(1)).or_raise(),
    }
}

/// `idx2crd(idx, shape, stride=None)`: the coordinate of `idx` (pycute's
/// rule: every mode `(idx // stride) % shape`, the stride by default the
/// prefix product of `shape`).
///
/// >>> from cute_algebra import idx2crd
/// >>> idx2crd(22, ((2, 2), (4, 2)))
/// ((0, 1), (1, 1))
#[pyfunction]
#[pyo3(signature = (idx, shape, stride=None))]
pub fn idx2crd<'py>(
    py: Python<'py>,
    idx: &Bound<'py, PyAny>,
    shape: &Bound<'py, PyAny>,
    stride: Option<&Bound<'py, PyAny>>,
) -> R<Bound<'py, PyAny>> {
    let shape = int_tuple(shape)?;
    let stride = default_stride(&shape, stride)?;
    let r = cd::idx2crd_strided(&int_tuple(idx)?, &shape, &stride).or_raise()?;
    to_py(py, r.as_ref())
}

/// A coordinate's `None` leaves read as 0 (pycute's `crd2idx`).
fn none_is_zero(obj: &Bound<'_, PyAny>) -> R<IntTuple> {
    if obj.is_none() {
        return Ok(IntTuple::int(0));
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        let children = t.iter().map(|c| none_is_zero(&c)).collect::<R<Vec<_>>>()?;
        return Ok(IntTuple::tuple(children.iter().map(|c| c.as_ref())));
    }
    int_tuple(obj)
}

/// `crd2idx(crd, shape, stride=None)`: the offset of the coordinate `crd`
/// (an int, natural or hierarchical) under `shape:stride`.
///
/// >>> from cute_algebra import crd2idx
/// >>> crd2idx((1, 2), (4, 8), (1, 4))
/// 9
#[pyfunction]
#[pyo3(signature = (crd, shape, stride=None))]
pub fn crd2idx(
    crd: &Bound<'_, PyAny>,
    shape: &Bound<'_, PyAny>,
    stride: Option<&Bound<'_, PyAny>>,
) -> R<i64> {
    let shape = int_tuple(shape)?;
    let stride = default_stride(&shape, stride)?;
    let l = Layout::new(shape, stride).or_raise()?;
    cd::crd2idx(&none_is_zero(crd)?, &l).or_raise()
}

/// `crd2crd(crd, src_shape, dst_shape)` of cute-dynamic: a coordinate of
/// `src_shape` as the coordinate of the same index in `dst_shape`.
#[pyfunction]
pub fn crd2crd_shapes<'py>(
    py: Python<'py>,
    crd: &Bound<'py, PyAny>,
    src_shape: &Bound<'py, PyAny>,
    dst_shape: &Bound<'py, PyAny>,
) -> R<Bound<'py, PyAny>> {
    let r = cd::crd2crd(
        &int_tuple(crd)?,
        &int_tuple(src_shape)?,
        &int_tuple(dst_shape)?,
    )
    .or_raise()?;
    to_py(py, r.as_ref())
}

macro_rules! tuple_preds {
    ($($(#[$doc:meta])* $name:ident => $e:expr;)+) => {$(
        $(#[$doc])*
        #[pyfunction]
        pub fn $name(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> R<bool> {
            let f = $e;
            f(&int_tuple(a)?, &int_tuple(b)?)
        }
    )+};
}

tuple_preds! {
    /// `congruent(a, b)`: the same tree.
    congruent => |a: &IntTuple, b: &IntTuple| Ok(cd::congruent(a, b));
    /// `weakly_congruent(a, b)`: `a`'s tree a prefix of `b`'s.
    weakly_congruent => |a: &IntTuple, b: &IntTuple| Ok(cd::weakly_congruent(a, b));
    /// `compatible(a, b)`: every leaf of `a` the size of a mode of `b`.
    compatible => |a: &IntTuple, b: &IntTuple| Ok(cd::compatible(a, b));
    /// `weakly_compatible(a, b)`.
    weakly_compatible => |a: &IntTuple, b: &IntTuple| cd::weakly_compatible(a, b).or_raise();
    /// `evenly_divides(shape, tiler)`.
    evenly_divides => |a: &IntTuple, b: &IntTuple| cd::evenly_divides(a, b).or_raise();
    /// `elem_less(a, b)`: every leaf of `a` below `b`'s.
    elem_less => |a: &IntTuple, b: &IntTuple| cd::elem_less(a, b).or_raise();
    /// `lex_less(a, b)`.
    lex_less => |a: &IntTuple, b: &IntTuple| cd::lex_less(a, b).or_raise();
    /// `colex_less(a, b)`.
    colex_less => |a: &IntTuple, b: &IntTuple| cd::colex_less(a, b).or_raise();
}

/// `depth(a)`: the nesting depth (0 for an int).
#[pyfunction]
pub fn depth(a: &Bound<'_, PyAny>) -> R<usize> {
    if let Ok(l) = a.downcast::<PyLayout>() {
        return Ok(l.get().inner.depth());
    }
    Ok(int_tuple(a)?.depth())
}

/// `rank(a)`: the number of modes (1 for an int).
#[pyfunction]
pub fn rank(a: &Bound<'_, PyAny>) -> R<usize> {
    if let Ok(l) = a.downcast::<PyLayout>() {
        let l = &l.get().inner;
        return Ok(if l.shape().is_int() { 1 } else { l.rank() });
    }
    let t = int_tuple(a)?;
    Ok(if t.is_int() { 1 } else { t.rank() })
}

/// Register the functions.
pub fn register(m: &Bound<'_, PyModule>) -> R<()> {
    macro_rules! add {
        ($($f:ident),+ $(,)?) => { $( m.add_function(wrap_pyfunction!($f, m)?)?; )+ };
    }
    add!(
        composition,
        complement,
        right_inverse,
        left_inverse,
        coalesce,
        filter,
        filter_zeros,
        logical_divide,
        zipped_divide,
        tiled_divide,
        flat_divide,
        logical_product,
        zipped_product,
        tiled_product,
        flat_product,
        blocked_product,
        raked_product,
        max_common_layout,
        max_common_vector,
        layout_add,
        nullspace,
        upcast,
        downcast,
        recast_layout,
        max_alignment,
        make_ordered_layout,
        make_layout_like,
        tile_to_shape,
        make_layout,
        size,
        cosize,
        slice_and_offset,
        product,
        inner_product,
        tuple_max,
        elem_scale,
        shape_div,
        ceil_div,
        round_up,
        prefix_product,
        idx2crd,
        crd2idx,
        crd2crd_shapes,
        congruent,
        weakly_congruent,
        compatible,
        weakly_compatible,
        evenly_divides,
        elem_less,
        lex_less,
        colex_less,
        depth,
        rank,
        coalesce_x,
        zip,
        with_shape,
        unflatten,
        coalesce_x_by,
        filter_zeros_by,
        complement_shape,
        bw_coalesce,
        zip_layouts,
        tile_unzip,
        zip2_by,
        coshape,
        dice,
        domain_offset,
        greatest_common_domain,
        domain_distribute,
        product_each,
        abs,
        coalesce_shape,
        compact_col_major,
        compact_row_major,
        compact_order,
        check_law,
    );
    let _ = profile;
    // pycute's conventions where they differ from CuTe C++'s, for
    // `cute_algebra.pycute`.
    let compat = PyModule::new(m.py(), "pycute_compat")?;
    compat.add_function(wrap_pyfunction!(pycute_composition, &compat)?)?;
    m.add_submodule(&compat)?;
    Ok(())
}

/// The law of operation `op` (cute-dynamic's operation name) on operands
/// and a result written in CuTe notation: `None` when it holds, else the
/// violation (the law, the operands, the result, a witness).
///
/// >>> from cute_algebra.laws import check
/// >>> check("composition", ["(4,6):(1,4)", "6:2"], "(2,3):(2,4)") is None
/// True
#[pyfunction]
pub fn check_law(op: &str, args: Vec<String>, result: &str) -> Option<String> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    cute_tools::check_law(op, &args, result)
        .err()
        .map(|v| v.to_string())
}
