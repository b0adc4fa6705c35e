//! Tensors (docs/semantics/tensors-and-atoms.md#tensors, Cecka §2.5): a tensor is an accessor composed with a
//! layout, `T(c) = *(e + L(c))`. Defining properties, checked in the tests:
//!
//! * `T(c) == storage[base + L(c)]` for every coordinate form of `c`
//!   (integral, natural, hierarchical);
//! * slicing moves the fixed part into the accessor:
//!   `T(c' + c*) == T'(c*)` with `T' = (e + L(c')) ∘ L(c*)`;
//! * partitioning is composition then slicing (`local_tile`,
//!   `local_partition`, thread-value partitions).
//!
//! Accessors ([`Engine`]): `&[T]`, `&mut [T]`, `Vec<T>` (offsets index the
//! storage), [`Counting`] (the offset itself) and [`Coordinates`] (a
//! coordinate tuple, with a [`CoordLayout`] whose strides are scaled basis
//! elements: the identity tensor of [`make_identity_tensor`]).
//!
//! **Storage rule.** A tensor built over storage ([`Tensor::new`],
//! [`Tensor::with_base`]) is checked once: every offset its layout reaches on
//! its domain must lie inside the storage, so the fast path [`Tensor::at`]
//! never fails on `i < size`. The views made from it by partitioning
//! ([`Tensor::slice`], [`Tensor::compose`], the divides, `local_tile`,
//! `local_partition`, `group_modes`, `flatten`) are *not* re-checked: as in
//! CuTe, the last tile of a problem whose size is not a multiple of the tile
//! exists and reaches past the storage (a partial tile). Every access stays
//! checked, so this can never cause undefined behaviour or a panic: [`Tensor::get`]
//! returns an error, [`Tensor::at`] returns `None`, [`copy`](crate::copy)
//! returns an error, and [`copy_if`](crate::copy_if) touches only the
//! elements its predicate selects (CuTe's predication, with an identity
//! tensor tiled the same way). [`Tensor::fits_storage`] says whether a view
//! lies wholly inside its storage.
//!
//! ```
//! use cute_dynamic::{Layout, Tensor};
//! let data: Vec<i32> = (0..24).collect();
//! let t = Tensor::new(&data[..], "(4,6):(6,1)".parse::<Layout>()?)?; // row-major 4×6
//! assert_eq!(t.get(&"(2,3)".parse()?)?, 15);
//! assert_eq!(t.get(&"9".parse()?)?, 8);          // integral coordinate: (1,2)
//! let row = t.clone().slice(&"(2,_)".parse()?)?;         // the offset 12 moves into the accessor
//! assert_eq!((row.base(), row.layout().to_string()), (12, "(6):(1)".to_string()));
//! assert_eq!(row.at(5), Some(17));
//! assert_eq!(t.get(&"(4,0)".parse()?).unwrap_err().kind(), "out_of_bounds");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::{format, string::ToString, vec, vec::Vec};
use core::fmt;

use crate::algebra::composition::composition;
use crate::algebra::divide::zipped_divide;
use crate::data::basis::{CoordLayout, in_domain};
use crate::data::coordinate::Coord;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::Layout;
use crate::data::tiler::{AsTiler, Tiler};
use crate::error::LayoutError;

/// What a tensor's layout maps coordinates to: integer offsets ([`Layout`])
/// or coordinate tuples ([`CoordLayout`]).
pub trait TensorLayout: Clone + fmt::Display {
    /// The codomain element (an accessor is offset by it).
    type Offset: Clone + fmt::Debug + PartialEq;
    /// The shape.
    fn shape(&self) -> &IntTuple;
    /// The number of coordinates.
    fn size(&self) -> i64;
    /// The neutral offset.
    fn zero(&self) -> Result<Self::Offset, LayoutError>;
    /// `a + b`, checked.
    fn add(&self, a: &Self::Offset, b: &Self::Offset) -> Result<Self::Offset, LayoutError>;
    /// Evaluate at a coordinate weakly congruent to the shape, checked.
    fn eval(&self, coord: &IntTuple) -> Result<Self::Offset, LayoutError>;
    /// Evaluate at the integral coordinate `i` without bounds checks (the
    /// fast path; `None` only if the value cannot be formed).
    fn eval_fast(&self, i: i64) -> Option<Self::Offset>;
    /// Slice with `_` holes: sub-layout and offset of the fixed part.
    fn slice_layout(&self, coord: &Coord) -> Result<(Self, Self::Offset), LayoutError>;
    /// Apply a domain-side operation of the integer algebra (composition
    /// with a layout or tiler on the right, divides).
    fn map_domain(
        &self,
        op: &dyn Fn(&Layout) -> Result<Layout, LayoutError>,
    ) -> Result<Self, LayoutError>;
    /// The least and greatest offset reached on the domain, moved by `base`
    /// (`None` for codomains that are not integers).
    fn offset_range(&self, base: &Self::Offset) -> Result<Option<(i64, i64)>, LayoutError>;
}

impl TensorLayout for Layout {
    type Offset = i64;
    fn shape(&self) -> &IntTuple {
        Layout::shape(self)
    }
    fn size(&self) -> i64 {
        Layout::size(self)
    }
    fn zero(&self) -> Result<i64, LayoutError> {
        Ok(0)
    }
    fn add(&self, a: &i64, b: &i64) -> Result<i64, LayoutError> {
        a.checked_add(*b)
            .ok_or_else(|| LayoutError::overflow("tensor offset", self))
    }
    fn eval(&self, coord: &IntTuple) -> Result<i64, LayoutError> {
        self.call_coord(coord)
    }
    #[inline]
    fn eval_fast(&self, i: i64) -> Option<i64> {
        Some(self.call(i))
    }
    fn slice_layout(&self, coord: &Coord) -> Result<(Self, i64), LayoutError> {
        self.slice(coord)
    }
    fn map_domain(
        &self,
        op: &dyn Fn(&Layout) -> Result<Layout, LayoutError>,
    ) -> Result<Self, LayoutError> {
        op(self)
    }
    fn offset_range(&self, base: &i64) -> Result<Option<(i64, i64)>, LayoutError> {
        let over = || LayoutError::overflow("tensor offset range", self);
        let (mut lo, mut hi) = (*base, *base);
        for (s, d) in self.leaf_modes() {
            let reach = (s - 1).checked_mul(d).ok_or_else(over)?;
            if reach < 0 {
                lo = lo.checked_add(reach).ok_or_else(over)?;
            } else {
                hi = hi.checked_add(reach).ok_or_else(over)?;
            }
        }
        Ok(Some((lo, hi)))
    }
}

impl TensorLayout for CoordLayout {
    type Offset = IntTuple;
    fn shape(&self) -> &IntTuple {
        CoordLayout::shape(self)
    }
    fn size(&self) -> i64 {
        CoordLayout::size(self)
    }
    fn zero(&self) -> Result<IntTuple, LayoutError> {
        self.codomain()
    }
    fn add(&self, a: &IntTuple, b: &IntTuple) -> Result<IntTuple, LayoutError> {
        // CuTe's arithmetic tuples: a sub-layout's value may span fewer
        // codomain modes than the accessor's offset (a slice, or a mode
        // whose basis strides were all size-1 leaves), the missing
        // trailing modes and an integer 0 count as zeros.
        let mut out = crate::data::int_tuple::TupleBuilder::new();
        match crate::data::basis::add_coordinates(a.as_ref(), b.as_ref(), &mut out) {
            Some(Ok(())) => Ok(out.finish()),
            Some(Err(())) => Err(LayoutError::overflow("coordinate offset", self)),
            None => Err(LayoutError::NotCompatible {
                operation: "coordinate offset",
                left: a.to_string(),
                right: b.to_string(),
            }),
        }
    }
    fn eval(&self, coord: &IntTuple) -> Result<IntTuple, LayoutError> {
        self.call_coord(coord)
    }
    fn eval_fast(&self, i: i64) -> Option<IntTuple> {
        self.call(i).ok()
    }
    fn slice_layout(&self, coord: &Coord) -> Result<(Self, IntTuple), LayoutError> {
        self.slice(coord)
    }
    fn map_domain(
        &self,
        op: &dyn Fn(&Layout) -> Result<Layout, LayoutError>,
    ) -> Result<Self, LayoutError> {
        self.lift(op)
    }
    fn offset_range(&self, _: &IntTuple) -> Result<Option<(i64, i64)>, LayoutError> {
        Ok(None)
    }
}

/// An accessor (Cecka Def. 2.18) for offsets of type `O`: dereference at
/// an offset.
pub trait Engine<O> {
    /// What dereferencing yields.
    type Value;
    /// Length of the storage, `None` for implicit accessors.
    fn extent(&self) -> Option<usize>;
    /// The value at offset `off`, `None` outside the storage.
    fn read(&self, off: &O) -> Option<Self::Value>;
}

/// A writable accessor.
pub trait EngineMut<O>: Engine<O> {
    /// The slot at offset `off`, `None` outside the storage.
    fn slot(&mut self, off: &O) -> Option<&mut Self::Value>;
}

fn index(off: i64) -> Option<usize> {
    usize::try_from(off).ok()
}

/// The accessors of contiguous storage: offset `i` is element `i`.
macro_rules! storage_engines {
    (read: $($ty:ty),+; write: $($mut_ty:ty),+) => {
        $(
            impl<T: Clone> Engine<i64> for $ty {
                type Value = T;
                fn extent(&self) -> Option<usize> {
                    Some(self.len())
                }
                #[inline]
                fn read(&self, off: &i64) -> Option<T> {
                    index(*off).and_then(|i| self.get(i)).cloned()
                }
            }
        )+
        $(
            impl<T: Clone> EngineMut<i64> for $mut_ty {
                #[inline]
                fn slot(&mut self, off: &i64) -> Option<&mut T> {
                    index(*off).and_then(|i| self.get_mut(i))
                }
            }
        )+
    };
}

storage_engines!(read: &[T], &mut [T], Vec<T>; write: &mut [T], Vec<T>);

/// The counting accessor: dereferences to the offset itself (a layout made
/// into an implicit tensor).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counting;

impl Engine<i64> for Counting {
    type Value = i64;
    fn extent(&self) -> Option<usize> {
        None
    }
    fn read(&self, off: &i64) -> Option<i64> {
        Some(*off)
    }
}

/// The coordinate accessor: dereferences to the coordinate tuple it was
/// offset to (with a [`CoordLayout`], the identity tensor).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coordinates;

impl Engine<IntTuple> for Coordinates {
    type Value = IntTuple;
    fn extent(&self) -> Option<usize> {
        None
    }
    fn read(&self, off: &IntTuple) -> Option<IntTuple> {
        Some(off.clone())
    }
}

/// A tensor: accessor `engine` offset by `base`, composed with `layout`.
#[derive(Clone, Debug)]
pub struct Tensor<E, L: TensorLayout = Layout> {
    engine: E,
    base: L::Offset,
    layout: L,
}

/// A counting tensor over `layout`: `T(c) == layout(c)`.
///
/// ```
/// use cute_dynamic::make_counting_tensor;
/// let t = make_counting_tensor("(4,8):(8,1)".parse()?)?;
/// assert_eq!(t.get(&"(1,2)".parse()?)?, 10);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_counting_tensor(layout: Layout) -> Result<Tensor<Counting>, LayoutError> {
    Tensor::new(Counting, layout)
}

/// The identity tensor of `shape` (CuTe `make_identity_tensor`): the
/// coordinate accessor composed with [`make_identity_layout`]; `T(c)` is
/// the natural coordinate of `c`, also after tiling and partitioning, and
/// also beyond the shape (so tiles of a partially full tensor can be
/// predicated).
///
/// ```
/// use cute_dynamic::{make_identity_tensor, IntTuple};
/// let id = make_identity_tensor(&"(10,13)".parse()?)?;
/// let tile = id.local_tile(&"(4,8)".parse()?, &"(2,1)".parse()?)?; // last, partial tile
/// assert_eq!(tile.get(&"(3,7)".parse()?)?.to_string(), "(11,15)");  // out of (10,13)
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// [`make_identity_layout`]: crate::make_identity_layout
pub fn make_identity_tensor(
    shape: &IntTuple,
) -> Result<Tensor<Coordinates, CoordLayout>, LayoutError> {
    Tensor::new(
        Coordinates,
        crate::data::basis::make_identity_layout(shape)?,
    )
}

impl<E, L> Tensor<E, L>
where
    L: TensorLayout,
    E: Engine<L::Offset>,
{
    /// `engine ∘ layout`, checked: every offset of the domain lies in the
    /// storage.
    pub fn new(engine: E, layout: L) -> Result<Self, LayoutError> {
        let base = layout.zero()?;
        Self::with_base(engine, base, layout)
    }

    /// `(engine + base) ∘ layout`, checked like [`Tensor::new`].
    pub fn with_base(engine: E, base: L::Offset, layout: L) -> Result<Self, LayoutError> {
        if let (Some(len), Some((lo, hi))) = (engine.extent(), layout.offset_range(&base)?) {
            let fits = lo >= 0 && usize::try_from(hi).is_ok_and(|h| h < len);
            if !fits && layout.size() > 0 {
                return Err(LayoutError::OutOfStorage {
                    layout: format!("{base:?} + {layout}"),
                    range: (lo, hi),
                    len,
                });
            }
        }
        Ok(Tensor {
            engine,
            base,
            layout,
        })
    }

    /// The layout.
    pub fn layout(&self) -> &L {
        &self.layout
    }
    /// The accessor's offset (moved by slicing).
    pub fn base(&self) -> L::Offset {
        self.base.clone()
    }
    /// The accessor.
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// The accessor, mutably (crate-internal: the storage check must hold).
    pub(crate) fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }
    /// The accessor, by value.
    pub fn into_engine(self) -> E {
        self.engine
    }
    /// The number of coordinates.
    pub fn size(&self) -> i64 {
        self.layout.size()
    }
    /// The shape.
    pub fn shape(&self) -> &IntTuple {
        self.layout.shape()
    }

    fn offset_of(&self, coord: &IntTuple) -> Result<L::Offset, LayoutError> {
        if !in_domain(coord.as_ref(), self.layout.shape().as_ref())? {
            return Err(LayoutError::OutOfBounds {
                layout: self.layout.to_string(),
                coordinate: coord.to_string(),
            });
        }
        self.layout.add(&self.base, &self.layout.eval(coord)?)
    }

    /// The value at any coordinate form (integral, natural, hierarchical),
    /// checked: a coordinate outside the domain is an `out_of_bounds` error.
    pub fn get(&self, coord: &IntTuple) -> Result<E::Value, LayoutError> {
        let off = self.offset_of(coord)?;
        self.engine
            .read(&off)
            .ok_or_else(|| self.storage_error(&off))
    }

    fn storage_error(&self, off: &L::Offset) -> LayoutError {
        LayoutError::Unsupported {
            operation: "tensor access",
            reason: format!(
                "offset {off:?} of {} is outside the storage of length {}",
                self.layout,
                self.engine.extent().unwrap_or(0)
            ),
        }
    }

    /// The fast path at integral coordinate `i`: no bounds check on `i`
    /// (the layout's extended domain is used), wrapping offset arithmetic,
    /// and a safe storage lookup: `None` when the offset is outside the
    /// storage. Never `None` for `0 ≤ i < size` on a tensor that
    /// [fits its storage](Tensor::fits_storage) (every tensor from
    /// [`Tensor::new`]); on a partial tile, `None` exactly at the elements
    /// past the storage.
    #[inline]
    pub fn at(&self, i: i64) -> Option<E::Value> {
        let off = self.layout.eval_fast(i)?;
        let off = self.layout.add(&self.base, &off).ok()?;
        self.engine.read(&off)
    }

    /// `true` when every offset the layout reaches on its domain lies inside
    /// the storage (always for a tensor from [`Tensor::new`]; possibly not
    /// for a partial tile, see the module documentation).
    ///
    /// ```
    /// use cute_dynamic::{Layout, Tensor};
    /// let data = vec![0; 100];
    /// let t = Tensor::new(&data[..], "(10,10):(1,10)".parse::<Layout>()?)?;
    /// let last = t.clone().local_tile(&"(4,4)".parse()?, &"(2,2)".parse()?)?;
    /// assert!(t.fits_storage() && !last.fits_storage());
    /// assert_eq!(last.at(0), Some(0));                        // (8,8) is inside
    /// assert_eq!(last.at(15), None);                          // (11,11) is not
    /// assert!(last.get(&"(3,3)".parse()?).is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn fits_storage(&self) -> bool {
        match (self.engine.extent(), self.layout.offset_range(&self.base)) {
            (Some(len), Ok(Some((lo, hi)))) => {
                self.layout.size() == 0 || (lo >= 0 && usize::try_from(hi).is_ok_and(|h| h < len))
            }
            (Some(_), Err(_)) => false,
            _ => true,
        }
    }

    /// A view over the same accessor, not checked against the storage (see
    /// the module documentation: every access stays checked).
    pub(crate) fn view_of(engine: E, base: L::Offset, layout: L) -> Self {
        Tensor {
            engine,
            base,
            layout,
        }
    }

    /// Slice with `_` holes at any depth: the fixed part's offset moves into
    /// the accessor and the result is a tensor over the holes' sub-layout
    /// (the kept modes, flattened one level as in CuTe).
    ///
    /// ```
    /// use cute_dynamic::make_counting_tensor;
    /// let t = make_counting_tensor("(4,(3,5)):(1,(4,12))".parse()?)?;
    /// let s = t.slice(&"(_,(2,_))".parse()?)?;
    /// assert_eq!((s.base(), s.layout().to_string()), (8, "(4,5):(1,12)".to_string()));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn slice(self, coord: &Coord) -> Result<Self, LayoutError> {
        let (sub, off) = self.layout.slice_layout(coord)?;
        let base = self.layout.add(&self.base, &off)?;
        Ok(Self::view_of(self.engine, base, sub))
    }

    /// Re-lay out the tensor with a domain-side operation of the algebra.
    pub(crate) fn relayout(
        self,
        op: &dyn Fn(&Layout) -> Result<Layout, LayoutError>,
    ) -> Result<Self, LayoutError> {
        let layout = self.layout.map_domain(op)?;
        Ok(Self::view_of(self.engine, self.base, layout))
    }

    /// `T ∘ B`: compose the layout with a layout or tiler on the right.
    pub fn compose<T: AsTiler + ?Sized>(self, b: &T) -> Result<Self, LayoutError> {
        self.relayout(&|l| composition(l, b))
    }

    /// `zipped_divide(T, tiler)`: `((tile modes), (rest modes))`.
    pub fn zipped_divide<T: AsTiler + ?Sized>(self, tiler: &T) -> Result<Self, LayoutError> {
        self.relayout(&|l| zipped_divide(l, tiler))
    }

    /// The tile at `coord` of the tiling of `T` by `tiler` (CuTe
    /// `local_tile` / `inner_partition`): `zipped_divide(T, tiler)` sliced
    /// with `((_,…,_), coord)`; a tuple `coord` shorter than the rest modes
    /// is padded with `_`.
    pub fn local_tile(self, tiler: &Tiler, coord: &IntTuple) -> Result<Self, LayoutError> {
        self.local_tile_at(tiler, &Coord::from(coord.as_ref()))
    }

    /// [`Tensor::local_tile`] with a coordinate that may hold `_` (the rest
    /// modes kept, CuTe's `make_coord(m, n, _)`).
    pub(crate) fn local_tile_at(self, tiler: &Tiler, coord: &Coord) -> Result<Self, LayoutError> {
        let tiled = self.zipped_divide(tiler)?;
        let (r0, r1) = zipped_ranks(tiled.layout.shape())?;
        let tile = holes(r0);
        let rest = pad(coord.clone(), r1);
        tiled.slice(&Coord::Tuple(vec![tile, rest]))
    }

    /// The partition of thread `thr` for the thread layout `thr_layout`
    /// (CuTe `local_partition` / `outer_partition`): the tensor is divided
    /// by the per-mode sizes of `thr_layout`, and thread `thr` takes the
    /// element at its coordinate in every tile.
    ///
    /// ```
    /// use cute_dynamic::{make_counting_tensor, Layout};
    /// let t = make_counting_tensor("(8,8):(1,8)".parse()?)?;
    /// let thr: Layout = "(2,4):(4,1)".parse()?;   // 8 threads, row-major
    /// let p = t.local_partition(&thr, 5)?;         // thread 5 = (1,1)
    /// assert_eq!(p.layout().to_string(), "(4,2):(2,32)");
    /// assert_eq!(p.base(), 9);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn local_partition(self, thr_layout: &Layout, thr: i64) -> Result<Self, LayoutError> {
        let tiler = Tiler::Modes(
            (0..thr_layout.rank())
                .filter_map(|i| thr_layout.mode(i))
                .map(|m| Tiler::Int(m.size()))
                .collect(),
        );
        let coord = flat_coord(thr_layout, thr)?;
        let tiled = self.zipped_divide(&tiler)?;
        let (r0, r1) = zipped_ranks(tiled.layout.shape())?;
        let first = pad(coord, r0);
        tiled.slice(&Coord::Tuple(vec![first, holes(r1)]))
    }

    /// The values of thread `thr` under a thread-value layout
    /// `tv: (thread, value) → coordinate of T`: compose, then slice
    /// `(thr, _)` (Cecka §3.3.4).
    ///
    /// ```
    /// use cute_dynamic::{make_counting_tensor, Layout};
    /// let smem = make_counting_tensor("(8,8):(8,1)".parse()?)?; // row-major 8×8
    /// let tv: Layout = "((4,8),2):((16,1),8)".parse()?;
    /// let mine = smem.tv_partition(&tv, 5)?;
    /// assert_eq!((mine.base(), mine.layout().to_string()), (10, "(2):(1)".to_string()));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tv_partition(self, tv: &Layout, thr: i64) -> Result<Self, LayoutError> {
        if tv.rank() != 2 {
            return Err(LayoutError::RankMismatch {
                operation: "tv_partition",
                layout: tv.to_string(),
                requested: 2,
                available: tv.rank(),
            });
        }
        self.compose(tv)?
            .slice(&Coord::Tuple(vec![Coord::Int(thr), Coord::Hole]))
    }
}

impl<E, L> Tensor<E, L>
where
    L: TensorLayout,
    E: EngineMut<L::Offset>,
{
    /// The slot at any coordinate form, checked.
    pub fn get_mut(&mut self, coord: &IntTuple) -> Result<&mut E::Value, LayoutError> {
        let off = self.offset_of(coord)?;
        let err = self.storage_error(&off);
        self.engine.slot(&off).ok_or(err)
    }

    /// Store `v` at `coord`, checked.
    pub fn set(&mut self, coord: &IntTuple, v: E::Value) -> Result<(), LayoutError> {
        *self.get_mut(coord)? = v;
        Ok(())
    }

    /// The fast path of [`Tensor::get_mut`] at integral coordinate `i` (see
    /// [`Tensor::at`]).
    #[inline]
    pub fn at_mut(&mut self, i: i64) -> Option<&mut E::Value> {
        let off = self.layout.eval_fast(i)?;
        let off = self.layout.add(&self.base, &off).ok()?;
        self.engine.slot(&off)
    }
}

impl<T, L: TensorLayout> Tensor<&mut [T], L> {
    /// A shorter-lived mutable view of the same tensor (to slice or
    /// partition without giving the tensor up).
    pub fn reborrow(&mut self) -> Tensor<&mut [T], L> {
        Tensor {
            engine: &mut *self.engine,
            base: self.base.clone(),
            layout: self.layout.clone(),
        }
    }
}

impl<T, L: TensorLayout> Tensor<Vec<T>, L> {
    /// A read-only view.
    pub fn view(&self) -> Tensor<&[T], L> {
        Tensor {
            engine: &self.engine[..],
            base: self.base.clone(),
            layout: self.layout.clone(),
        }
    }
    /// A mutable view.
    pub fn view_mut(&mut self) -> Tensor<&mut [T], L> {
        Tensor {
            engine: &mut self.engine[..],
            base: self.base.clone(),
            layout: self.layout.clone(),
        }
    }
}

/// Ranks of the two modes of a zipped layout.
fn zipped_ranks(shape: &IntTuple) -> Result<(usize, usize), LayoutError> {
    match (shape.get(0), shape.get(1)) {
        (Some(a), Some(b)) if shape.rank() == 2 => Ok((a.rank(), b.rank())),
        _ => Err(LayoutError::RankMismatch {
            operation: "tiling",
            layout: shape.to_string(),
            requested: 2,
            available: shape.rank(),
        }),
    }
}

/// `_` for one mode, `(_,…,_)` for `n > 1` modes (CuTe `repeat<n>(_)`).
pub(crate) fn holes(n: usize) -> Coord {
    if n == 1 {
        Coord::Hole
    } else {
        Coord::Tuple(vec![Coord::Hole; n])
    }
}

/// A tuple coordinate padded with `_` to `n` modes (CuTe `append<n>(c, _)`);
/// an integer stays as it is.
fn pad(c: Coord, n: usize) -> Coord {
    match c {
        Coord::Tuple(mut v) => {
            while v.len() < n {
                v.push(Coord::Hole);
            }
            Coord::Tuple(v)
        }
        other => other,
    }
}

/// CuTe `Layout::get_flat_coord(idx)`: the coordinate `c` with
/// `layout(c) == idx` (each leaf `(idx / d) mod s`), as one integer per
/// top-level mode (an integer for a rank-1 layout).
pub(crate) fn flat_coord(layout: &Layout, idx: i64) -> Result<Coord, LayoutError> {
    let mut per_mode = Vec::new();
    for i in 0..layout.rank() {
        let m = layout.mode(i).ok_or_else(|| LayoutError::RankMismatch {
            operation: "local_partition",
            layout: layout.to_string(),
            requested: i + 1,
            available: layout.rank(),
        })?;
        let mut colex = 0i64;
        let mut scale = 1i64;
        for (s, d) in m.leaf_modes() {
            let c = if d == 0 { 0 } else { (idx / d).rem_euclid(s) };
            colex += c * scale;
            scale *= s;
        }
        per_mode.push(Coord::Int(colex));
    }
    Ok(if per_mode.len() == 1 {
        per_mode.remove(0)
    } else {
        Coord::Tuple(per_mode)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_is_checked() {
        let data = [0u8; 10];
        let e = Tensor::new(&data[..], "(4,4):(1,4)".parse::<Layout>().unwrap()).unwrap_err();
        assert_eq!(e.kind(), "out_of_storage");
        let e = Tensor::new(&data[..], "(4,2):(-1,4)".parse::<Layout>().unwrap()).unwrap_err();
        assert_eq!(e.kind(), "out_of_storage");
        let t = Tensor::with_base(&data[..], 3, "(4,2):(-1,4)".parse::<Layout>().unwrap()).unwrap();
        assert_eq!(t.at(0), Some(0));
        assert_eq!(t.at(1000), None);
        assert_eq!(t.at(-100), None);
    }
}
