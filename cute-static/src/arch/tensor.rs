//! Device tensors: a memory-space pointer and a layout (CuTe's
//! `Tensor<ViewEngine<gmem_ptr<T*>>, Layout>` and its `smem_ptr` twin),
//! `#[repr(C)]` and `Copy`, passed by value as kernel parameters.
//!
//! **Invariant** (what makes every access safe): the layout is valid (its
//! size and every offset of its domain exact and within `i64`, as
//! [`MixedLayout::new`](crate::layout::MixedLayout::new) checks; static
//! layouts always are), its size and cosize at most [`MAX_COSIZE`]
//! (`i32::MAX`, as CuTe's `int`), and for every integral
//! coordinate `i < size(layout)`, the element at `ptr + layout(i)` lies in one
//! allocation of the pointer's memory space. It is established where
//! a tensor is made — [`GlobalBuffer::tensor`](super::GlobalBuffer::tensor)
//! on the host (the buffer holds `cosize(layout)` elements), a kernel
//! parameter on the device (the launch contract of the entry point that
//! [`kernel!`](crate::kernel) writes: the host made it so), and
//! [`SmemArray::tensor`](super::SmemArray::tensor) (a static
//! `cosize ≤ capacity`) — and kept by every view, each of which is a
//! restriction of its tensor's domain:
//!
//! * slicing ([`PtrTensor::slice`]): an index outside its mode traps;
//! * `local_tile`/`local_partition` ([`PtrTensor::local_tile`],
//!   [`PtrTensor::local_partition`]): the flat divide must not extend the
//!   domain (its size equals the tensor's: the tiler divides the shape —
//!   checked at compile time for static layouts, once at run time for
//!   mixed ones, and a trap otherwise) and the tile coordinate must be in
//!   range (the slice's check);
//! * the partitions of a tiled copy or MMA: their tile must divide the
//!   tensor's static shape (a compile error otherwise).
//!
//! What is *not* checked again in a view, because the invariant proves it:
//! overflow of the view's layout. A view's offsets are offsets of its
//! tensor's domain, so the flat divide of `local_tile`/`local_partition`
//! is not validated again for its size and cosize (as the host's
//! [`MixedLayout::new`](crate::layout::MixedLayout::new) does):
//! once the divide is whole (the check above), it is the tensor's layout
//! re-indexed, hence valid. The host API keeps every check.
//!
//! Accesses ([`read`](PtrTensor::read), [`write`](PtrTensor::write))
//! check `i < size` (constant-folded when the size is static and `i` a
//! loop index, as in every algorithm of the `device` module) and trap
//! beyond: no `Result` and no bounds check is left in an unrolled loop.
//!
//! A [`PartialTensor`] (CuTe's partial tiles, [`PtrTensor::partial`] and
//! [`PtrTensor::partial_over`]) is checked differently: its views are
//! views of the identity tensor of its shape, so they check nothing (any
//! tiler, tile coordinate or thread layout), and each access checks its
//! coordinate `c` against the tensor's shape, then is made at `L(c)` of
//! the tensor's own layout — an offset of its domain, so inside the
//! allocation by the invariant above. A predicate (`copy_if`'s) is never
//! trusted: it only joins that check, and when it is CuTe's
//! `elem_less(c, shape(S))` over the same coordinates the compiler
//! computes the two once.

use super::ptr::MemPtr;
use super::scalar::Scalar;
use crate::Error;
use crate::kernel::algorithms::Rank2;
use crate::kernel::layout::{SliceLayout, TensorLayout};
use crate::kernel::partition::{IdentityShape, PartitionLocally, TileLocally, elem_less, less};
use crate::kernel::tensor::{Coordinates, Counting, Engine, Tensor};

/// A device tensor: pointer `ptr` (a [`MemPtr`]) and layout `layout`.
/// `#[repr(C)]`: the pointer's address (8 bytes for a [`GmemPtr`](super::GmemPtr),
/// 4 for a [`SmemPtr`](super::SmemPtr) on the device), then the layout (its run-time leaves in
/// order; a static layout takes no bytes). See the module documentation
/// for its invariant.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct PtrTensor<P, L> {
    ptr: P,
    layout: L,
}

/// A tensor in global memory.
pub type GmemTensor<T, L> = PtrTensor<super::GmemPtr<T>, L>;
/// A tensor in shared memory.
pub type SmemTensor<T, L> = PtrTensor<super::SmemPtr<T>, L>;

impl<P: MemPtr, L: TensorLayout> core::fmt::Debug for PtrTensor<P, L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{}_tensor({:#x}) o {}",
            P::SPACE,
            self.ptr.addr(),
            self.layout
        )
    }
}

/// The largest size and cosize of a device tensor's layout: `i32::MAX`
/// (CuTe's `int`), checked where a tensor is made
/// ([`GlobalBuffer::tensor`](super::GlobalBuffer::tensor); a shared array
/// is static and far smaller). A view's size and cosize are at most its
/// tensor's, so every shape leaf and every stride that multiplies a
/// non-zero coordinate fits in 31 bits; [`PtrTensor::layout`] tells the
/// compiler so (each run-time leaf masked to 31 bits, the same function
/// on the domain), and the views' overflow checks that such operands
/// cannot fail fold away.
pub use crate::kernel_arg::MAX_COSIZE;

/// The value of a check made where a view is made: the result, or a trap.
#[inline(always)]
#[track_caller]
pub(crate) fn or_trap<T>(r: Result<T, Error>, why: &'static str) -> T {
    match r {
        Ok(v) => v,
        Err(_) => super::trap(why),
    }
}

impl<P: MemPtr, L: TensorLayout> PtrTensor<P, L> {
    /// The tensor `ptr ∘ layout`.
    ///
    /// # Safety
    /// The layout is valid ([`TensorLayout`]'s size and offsets exact, within
    /// `i64`: a static layout, or a mixed one that
    /// [`MixedLayout::new`](crate::layout::MixedLayout::new) accepts), its
    /// size and cosize at most [`MAX_COSIZE`], and
    /// for every `i < size(layout)`, `ptr.add(layout(i))` is an element of
    /// one live allocation of `P`'s memory space, for as long as the tensor
    /// or a view of it is used.
    #[inline(always)]
    pub unsafe fn from_raw_parts(ptr: P, layout: L) -> Self {
        PtrTensor { ptr, layout }
    }

    /// The pointer to the element at offset 0.
    #[inline(always)]
    pub fn ptr(&self) -> P {
        self.ptr
    }
    /// The layout, each run-time leaf masked to 31 bits: by the invariant
    /// (size and cosize at most [`MAX_COSIZE`]) the same offsets on the
    /// domain, now known to the compiler to be 31-bit operands.
    #[inline(always)]
    pub fn layout(&self) -> L {
        self.layout.narrowed()
    }
    /// The number of coordinates.
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.layout().size()
    }

    /// The element at integral coordinate `i` (traps for `i ≥ size`).
    #[inline(always)]
    #[track_caller]
    pub fn read(&self, i: usize) -> P::Value {
        if i >= self.size() {
            super::trap("PtrTensor::read: coordinate outside the tensor");
        }
        // SAFETY: `i < size`: the invariant puts the element in bounds.
        unsafe { self.at(i).read_as::<P::Value>() }
    }
    /// Writes the element at integral coordinate `i` (traps for `i ≥ size`).
    #[inline(always)]
    #[track_caller]
    pub fn write(&self, i: usize, v: P::Value) {
        if i >= self.size() {
            super::trap("PtrTensor::write: coordinate outside the tensor");
        }
        // SAFETY: as for `read`.
        unsafe { self.at(i).write_as::<P::Value>(v) }
    }

    /// The pointer to the `v` consecutive elements from coordinate `i`
    /// (the operand of an asynchronous copy); traps unless
    /// [`is_vector(i, v)`](Self::is_vector).
    #[inline(always)]
    #[track_caller]
    pub(crate) fn vector_ptr(&self, i: usize, v: usize) -> P {
        if !self.is_vector(i, v) {
            super::trap("PtrTensor: the elements of an asynchronous copy are not one vector");
        }
        self.at(i)
    }

    /// The pointer to the element at coordinate `i < size` (its offset is
    /// below [`MAX_COSIZE`]: the invariant).
    #[inline(always)]
    fn at(&self, i: usize) -> P {
        self.ptr.add(self.layout.offset(i))
    }

    /// Whether the `v` coordinates `i, i+1, …, i+v−1` are `v` consecutive
    /// elements inside the tensor: the first leaf has stride 1 and a size
    /// that `v` divides, and `i` is a multiple of `v` with `i + v ≤ size`
    /// (folded at compile time where the layout is static).
    #[inline(always)]
    pub fn is_vector(&self, i: usize, v: usize) -> bool {
        let (s, d) = self.layout.leading();
        v > 0
            && (v == 1 || d == 1)
            && s.is_multiple_of(v)
            && i.is_multiple_of(v)
            && i + v <= self.size()
    }

    /// The [`lanes`](super::lanes) `v = size(U)/size(T)` elements from
    /// coordinate `i` as one access of `U`: one `ld.*.v4.b32` for `u128`
    /// and 4 f32. Traps unless [`is_vector(i, v)`](Self::is_vector). An address not aligned to
    /// `size(U)` faults on the device (the hardware's check) and panics on
    /// the host.
    #[inline(always)]
    #[track_caller]
    pub fn read_vector<U: Scalar>(&self, i: usize) -> U {
        let v = const { vector_run::<L>(super::scalar::lanes::<P::Value, U>()) };
        if !self.is_vector(i, v) {
            super::trap("PtrTensor::read_vector: the elements are not one vector");
        }
        // SAFETY: the v elements from `layout(i)` are the consecutive
        // elements of coordinates i..i+v < size, each in bounds.
        unsafe { self.at(i).read_as::<U>() }
    }
    /// Writes the elements from coordinate `i` as one access of `U` (see
    /// [`read_vector`](Self::read_vector)).
    #[inline(always)]
    #[track_caller]
    pub fn write_vector<U: Scalar>(&self, i: usize, u: U) {
        let v = const { vector_run::<L>(super::scalar::lanes::<P::Value, U>()) };
        if !self.is_vector(i, v) {
            super::trap("PtrTensor::write_vector: the elements are not one vector");
        }
        // SAFETY: as for `read_vector`.
        unsafe { self.at(i).write_as::<U>(u) }
    }

    /// The view over the same pointer of the layout and offset a host
    /// operation computed on a counting tensor of this layout.
    ///
    /// # Safety
    /// Every offset `offset + M(j)`, `j < size(M)`, is `layout(i)` for some
    /// `i < size(layout)`.
    #[inline(always)]
    unsafe fn view<M: TensorLayout>(self, (layout, offset): (M, usize)) -> PtrTensor<P, M> {
        PtrTensor {
            ptr: self.ptr.add(offset),
            layout,
        }
    }

    /// Slice with `__` holes (CuTe's `t(_, _, k)`): the kept modes, the
    /// pointer moved to the fixed part. An index outside its mode traps.
    #[inline(always)]
    #[track_caller]
    pub fn slice<Cd>(self, coord: Cd) -> PtrTensor<P, L::Output>
    where
        L: SliceLayout<Cd>,
    {
        let part = or_trap(
            self.layout.slice_layout(coord),
            "slice: an index outside its mode",
        );
        // SAFETY: a slice with in-range indices restricts the domain.
        unsafe { self.view(part) }
    }

    /// CuTe's `local_tile(t, tiler, coord, step)` (see the host
    /// [`local_tile`](crate::tensor::local_tile)). Traps when the tiler does not
    /// divide the shape (checked once, here; folded for static layouts) or
    /// a coordinate is outside the tile grid.
    #[inline(always)]
    #[track_caller]
    pub fn local_tile<T: Copy, Cd, St: Copy>(
        self,
        tiler: T,
        coord: Cd,
        step: St,
    ) -> PtrTensor<P, <L as TileLocally<T, Cd, St>>::Output>
    where
        L: TileLocally<T, Cd, St>,
    {
        view_local_tile(self, tiler, coord, step)
    }

    /// CuTe's `local_partition(t, thr_layout, thr_idx, step)` (`()` for no
    /// step; see the host [`local_partition`](crate::tensor::local_partition)):
    /// thread `thr_idx`'s elements. Traps when the thread layout's shape
    /// does not divide the tensor's (checked once; folded when static).
    #[inline(always)]
    #[track_caller]
    pub fn local_partition<Thr: Copy, St: Copy>(
        self,
        thr_layout: Thr,
        thr_idx: usize,
        step: St,
    ) -> PtrTensor<P, <L as PartitionLocally<Thr, St>>::Output>
    where
        L: PartitionLocally<Thr, St>,
    {
        view_local_partition(self, thr_layout, thr_idx, step)
    }
}

/// `v`, the lanes of one vector access, after the compile-time part of
/// [`PtrTensor::is_vector`] for a layout whose first leaf is static: a
/// vector of more than one element needs a first leaf of stride 1 whose
/// size `v` divides, and a size that `v` divides. A layout known only at
/// run time is checked at each access (folded where it is constant).
const fn vector_run<L: TensorLayout>(v: usize) -> usize {
    if v > 1
        && let Some((s, d)) = L::STATIC_LEADING
        && (d != 1 || !s.is_multiple_of(v))
    {
        panic!(
            "vector copy: the atom's vector is not a contiguous run of the tensor's layout (its first mode needs stride 1 and a size that the atom's number of elements divides)"
        )
    }
    if v > 1
        && let Some(n) = L::STATIC_SIZE
        && !n.is_multiple_of(v)
    {
        panic!("vector copy: the atom's number of elements does not divide the tensor's size")
    }
    v
}

/// The coordinate layout of a rank-2 [`PartialTensor`]: CuTe's identity
/// layout of its shape, `(m, n):(E0, E1)` (the layout of
/// [`make_identity_tensor`](crate::device::make_identity_tensor)`((m, n))`).
pub type Coords2 = <(usize, usize) as IdentityShape>::Layout;

/// A tensor whose tiles may reach past its shape (CuTe's partial tiles:
/// the last tile of a problem whose size the tile does not divide), made
/// by [`PtrTensor::partial`]. Its views are views of its *coordinates*:
/// it keeps the tensor's pointer and layout `L` unchanged and tiles and
/// partitions an identity tensor of `L`'s shape (the same layout, type
/// `M`, as [`make_identity_tensor`](crate::device::make_identity_tensor)
/// of that shape, and the same operations on it), so element `i` of a
/// view is the tensor's coordinate `c = (c0, c1)` of the view's element
/// `i`. An access is made only when `c` lies inside the shape, and then
/// at `L(c)`, an offset of the tensor's domain: that is the whole proof
/// that it stays in the allocation, whatever the tiler, tile coordinate,
/// thread layout or predicate (so `local_tile` and `local_partition` take
/// any tiler and check nothing). [`try_read`](Self::try_read) gives
/// `None` and [`try_write`](Self::try_write) does nothing outside the
/// shape. `copy_if` (with the identity-tensor predicate of CuTe's
/// `tiled_copy_if.cu`) is how kernels use it; the predicate compares the
/// same coordinates with the same shape, which the compiler then computes
/// once for both.
#[derive(Clone, Copy)]
pub struct PartialTensor<P, L, M = Coords2> {
    ptr: P,
    /// The tensor's layout (narrowed): what an in-shape coordinate addresses.
    layout: L,
    /// The packed coordinate ([`Coordinates`]) of the view's element 0.
    base: usize,
    /// The view's coordinate layout.
    coords: M,
}

impl<P: MemPtr, L: TensorLayout, M: TensorLayout> core::fmt::Debug for PartialTensor<P, L, M> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{}_tensor({:#x}) o {} at the coordinates {:?} + {}",
            P::SPACE,
            self.ptr.addr(),
            self.layout,
            Coordinates::<2>.read(self.base),
            self.coords
        )
    }
}

impl<P: MemPtr, L: Rank2> PtrTensor<P, L> {
    /// The tensor as a [`PartialTensor`], whose tiles may reach past its
    /// shape: its views are views of the identity tensor of its shape, and
    /// each access is made only at an in-shape coordinate.
    #[inline(always)]
    pub fn partial(self) -> PartialTensor<P, L> {
        let (m, n) = self.layout().modes();
        // A device tensor's extents are at most `MAX_COSIZE` < 2^31, half
        // the coordinate radix (the narrowed extents are known so: folded).
        let coords = match (m.size(), n.size()).identity() {
            Some(c) => c,
            None => super::trap("partial: an extent beyond the coordinate radix"),
        };
        self.partial_over(&Tensor::from_parts(Coordinates::<2>, 0, coords))
    }
    /// The tensor as a [`PartialTensor`] over the coordinates of the
    /// identity tensor `c` (CuTe's `make_identity_tensor(shape(S))`, the
    /// tensor the predicate is made from): the same coordinate layout, so
    /// the data's tiles and the predicate's have one layout type and the
    /// compiler computes their coordinates once. Any `c` is safe (each
    /// access checks its coordinate against this tensor's own shape); for
    /// CuTe's meaning it is the identity tensor of this tensor's shape.
    #[inline(always)]
    pub fn partial_over<M: TensorLayout>(
        self,
        c: &Tensor<Coordinates<2>, M>,
    ) -> PartialTensor<P, L, M> {
        PartialTensor {
            ptr: self.ptr,
            layout: self.layout(),
            base: c.base(),
            coords: c.layout(),
        }
    }
}

impl<P: MemPtr, L: Rank2, M: TensorLayout> PartialTensor<P, L, M> {
    /// The view's coordinate layout (its element `i` is the tensor's
    /// coordinate `base + coords(i)`, packed as [`Coordinates`]).
    #[inline(always)]
    pub fn layout(&self) -> M {
        self.coords
    }
    /// The tensor's coordinate `(c0, c1)` of the view's element `i`.
    #[inline(always)]
    pub fn coord(&self, i: usize) -> [usize; 2] {
        Coordinates::<2>::sum(self.base, self.coords.offset(i))
    }
    /// The address of the view's element `i` when `when` holds, `i < size`,
    /// and the `v` elements from it are consecutive in memory (for `v >
    /// 1`: consecutive rows of one column, mode 0 of the tensor a
    /// stride-1 run that holds them) and inside the tensor's shape. One
    /// condition, not a chain: `copy_if`'s predicate joins it (`when`), so
    /// an access is one branch or one predicated instruction.
    #[inline(always)]
    fn fits(&self, when: bool, i: usize, v: usize) -> Option<P> {
        let ([b0, b1], [k0, k1]) = Coordinates::<2>::parts(self.base, self.coords.offset(i));
        let [c0, c1] = [b0.saturating_add(k0), b1.saturating_add(k1)];
        let (rows, cols) = self.layout.modes();
        let (m, n) = (rows.size(), cols.size());
        let vector = v == 1 || {
            // The view's v elements from `i` are the rows c0.. c0+v−1 of
            // column c1 (coordinate stride 1 = the next row) ...
            let (s, d) = self.coords.leading();
            // ... and the tensor's first leaf holds them at stride 1.
            let (s0, d0) = rows.leading();
            let r0 = if s0 >= m { c0 } else { c0 % s0 };
            d == 1 && s.is_multiple_of(v) && i.is_multiple_of(v) && d0 == 1 && r0 + v <= s0
        };
        // The last of the v rows inside, `c0 + v ≤ m` (for one element
        // the predicate's own `elem_less`: the compiler computes it once).
        let inside = if v == 1 {
            elem_less([c0, c1], [m, n])
        } else {
            less(c0, (m + 1).saturating_sub(v)) & less(c1, n)
        };
        let ok = when & vector & (i + v <= self.coords.size()) & inside;
        // `c` is inside the shape: `L(c)` is an offset of the domain.
        if one_leaf(&rows) && one_leaf(&cols) {
            // One-leaf modes: `L(c) = L(b) + L(k)`, the view's base pointer
            // (the same for every element: through a copy the compiler does
            // not look into, so that it does not fold the two sums back into
            // one address per element) and a constant offset. Formed before
            // the condition (wrapping pointer arithmetic, no access), so
            // that it is formed once.
            let (d0, d1) = (rows.leading().1, cols.leading().1);
            let base = self.ptr.add(b0 * d0 + b1 * d1).opaque();
            // The column's pointer too: formed once per column, each row
            // an offset of the access.
            let column = base.add(k1 * d1).opaque();
            ok.then_some(column.add(k0 * d0))
        } else {
            ok.then(|| self.ptr.add(rows.offset(c0) + cols.offset(c1)))
        }
    }
    /// Whether the `v` elements from the view's element `i` are inside
    /// the shape and consecutive (the check of every access, without one).
    #[inline(always)]
    pub(crate) fn inside(&self, i: usize, v: usize) -> bool {
        self.fits(true, i, v).is_some()
    }
    /// The element at coordinate `i`, `None` outside the shape.
    #[inline(always)]
    pub fn try_read(&self, i: usize) -> Option<P::Value> {
        self.try_read_if(true, i)
    }
    /// The element at coordinate `i` when `when` holds, `None` otherwise
    /// or outside the shape (one condition: see `copy_if`).
    #[inline(always)]
    pub fn try_read_if(&self, when: bool, i: usize) -> Option<P::Value> {
        let at = self.fits(when, i, 1)?;
        // SAFETY: `at` is `ptr + L(c)` for a coordinate `c` inside the
        // shape: an element of the tensor (its invariant).
        Some(unsafe { at.read_as::<P::Value>() })
    }
    /// Writes the element at coordinate `i`; nothing outside the shape.
    /// Whether it wrote.
    #[inline(always)]
    pub fn try_write(&self, i: usize, v: P::Value) -> bool {
        self.try_write_if(true, i, v)
    }
    /// Writes the element at coordinate `i` when `when` holds and it lies
    /// inside the shape; whether it wrote.
    #[inline(always)]
    pub fn try_write_if(&self, when: bool, i: usize, v: P::Value) -> bool {
        match self.fits(when, i, 1) {
            // SAFETY: as for `try_read_if`.
            Some(at) => unsafe {
                at.write_as::<P::Value>(v);
                true
            },
            None => false,
        }
    }
    /// The `v = lanes(T, U)` elements from coordinate `i` as one `U`, when
    /// they are consecutive in memory and inside the shape.
    #[inline(always)]
    pub fn try_read_vector<U: Scalar>(&self, i: usize) -> Option<U> {
        self.try_read_vector_if(true, i)
    }
    /// [`try_read_vector`](Self::try_read_vector) when `when` holds.
    #[inline(always)]
    pub fn try_read_vector_if<U: Scalar>(&self, when: bool, i: usize) -> Option<U> {
        let v = const { vector_run::<M>(super::scalar::lanes::<P::Value, U>()) };
        let at = self.fits(when, i, v)?;
        // SAFETY: the v elements from `at` are `ptr + L(c0 + j, c1)`, `j <
        // v`, all inside the shape (consecutive: mode 0's first leaf of
        // stride 1 holds them).
        Some(unsafe { at.read_as::<U>() })
    }
    /// Writes the elements from coordinate `i` as one `U` (see
    /// [`try_read_vector`](Self::try_read_vector)); whether it wrote.
    #[inline(always)]
    pub fn try_write_vector<U: Scalar>(&self, i: usize, u: U) -> bool {
        self.try_write_vector_if(true, i, u)
    }
    /// [`try_write_vector`](Self::try_write_vector) when `when` holds.
    #[inline(always)]
    pub fn try_write_vector_if<U: Scalar>(&self, when: bool, i: usize, u: U) -> bool {
        let v = const { vector_run::<M>(super::scalar::lanes::<P::Value, U>()) };
        match self.fits(when, i, v) {
            // SAFETY: as for `try_read_vector_if`.
            Some(at) => unsafe {
                at.write_as::<U>(u);
                true
            },
            None => false,
        }
    }
}

/// Whether a mode is one leaf `s:d` (its first leaf is all of it): its
/// offset is `c·d`, linear, so the offset of a view's coordinate (a base
/// plus a constant) is the base's offset plus a constant — an offset of
/// the access, not an address computed again.
#[inline(always)]
fn one_leaf<M: TensorLayout>(mode: &M) -> bool {
    mode.leading().0 >= mode.size()
}

/// A device view the partitioning functions take: a [`PtrTensor`] (whose
/// views must keep its domain: exact tilers, checked), a [`PartialTensor`]
/// (any tiler: its accesses are checked) or an identity tensor (CuTe's
/// `make_identity_tensor`: coordinates, no memory).
///
/// # Examples
///
/// ```
/// use cute_static::arch::{DeviceView, GlobalBuffer};
/// use cute_static::layout::TensorLayout;
/// use cute_static::{device, layout, tiler};
/// fn extent<V: DeviceView>(v: &V) -> (usize, bool) {
///     (v.view_layout().size(), V::EXACT)
/// }
/// let g = GlobalBuffer::<f32>::zeroed(64);
/// let t = g.tensor(layout!((8, 8)))?;
/// assert_eq!(extent(&t), (64, true));
/// let tile = device::local_tile(t, tiler!(<4, 4>), (1usize, 0usize), ());
/// assert_eq!(extent(&tile), (16, true));
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait DeviceView: Sized {
    /// The layout.
    type Layout: TensorLayout;
    /// The same kind of view over another layout.
    type With<M: TensorLayout>;
    /// Whether its views must keep its domain (the tiler must divide it).
    const EXACT: bool;
    /// The layout.
    fn view_layout(&self) -> Self::Layout;
    /// The view of `layout` at `offset`.
    ///
    /// # Safety
    /// When `EXACT`: every `offset + layout(j)`, `j < size(layout)`, is an
    /// offset of this view's domain.
    #[doc(hidden)]
    unsafe fn rebase<M: TensorLayout>(self, layout: M, offset: usize) -> Self::With<M>;
}

impl<P: MemPtr, L: TensorLayout> DeviceView for PtrTensor<P, L> {
    type Layout = L;
    type With<M: TensorLayout> = PtrTensor<P, M>;
    const EXACT: bool = true;
    #[inline(always)]
    fn view_layout(&self) -> L {
        self.layout()
    }
    #[inline(always)]
    unsafe fn rebase<M: TensorLayout>(self, layout: M, offset: usize) -> PtrTensor<P, M> {
        // SAFETY: the caller's contract.
        unsafe { self.view((layout, offset)) }
    }
}

impl<P: MemPtr, L: TensorLayout, C: TensorLayout> DeviceView for PartialTensor<P, L, C> {
    type Layout = C;
    type With<M: TensorLayout> = PartialTensor<P, L, M>;
    const EXACT: bool = false;
    #[inline(always)]
    fn view_layout(&self) -> C {
        self.coords
    }
    #[inline(always)]
    unsafe fn rebase<M: TensorLayout>(self, coords: M, offset: usize) -> PartialTensor<P, L, M> {
        // A view of the coordinates: any offset is safe (each access
        // checks its coordinate against the shape).
        PartialTensor {
            ptr: self.ptr,
            layout: self.layout,
            base: self.base.wrapping_add(offset),
            coords,
        }
    }
}

impl<const R: usize, L: TensorLayout> DeviceView
    for Tensor<crate::kernel::tensor::Coordinates<R>, L>
{
    type Layout = L;
    type With<M: TensorLayout> = Tensor<crate::kernel::tensor::Coordinates<R>, M>;
    const EXACT: bool = false;
    #[inline(always)]
    fn view_layout(&self) -> L {
        self.layout()
    }
    #[inline(always)]
    unsafe fn rebase<M: TensorLayout>(self, layout: M, offset: usize) -> Self::With<M> {
        let (e, base, _) = self.into_parts();
        Tensor::from_parts(e, base.wrapping_add(offset), layout)
    }
}

/// CuTe's `local_tile` on any [`DeviceView`] (the device module's
/// `local_tile`): exact tilers for a [`PtrTensor`] (a trap otherwise),
/// any tiler for the others.
#[inline(always)]
#[track_caller]
pub fn view_local_tile<V: DeviceView, T: Copy, Cd, St: Copy>(
    t: V,
    tiler: T,
    coord: Cd,
    step: St,
) -> V::With<<V::Layout as TileLocally<T, Cd, St>>::Output>
where
    V::Layout: TileLocally<T, Cd, St>,
{
    let l = t.view_layout();
    let r = if V::EXACT {
        l.view_tile(tiler, coord, step)
    } else {
        l.exact_tile(tiler, coord, step)
    };
    let (m, off, whole) = or_trap(r, "local_tile: a tile coordinate outside the tile grid");
    if V::EXACT && !whole {
        super::trap("local_tile: the tiler does not divide the tensor's shape");
    }
    // SAFETY: for an exact view, the divide keeps the domain (checked just
    // above: a whole divide of the view's valid layout is that layout
    // re-indexed, so `view_tile` need not validate it) and the in-range
    // coordinate restricts it.
    unsafe { t.rebase(m, off) }
}

/// CuTe's `local_partition` on any [`DeviceView`].
#[inline(always)]
#[track_caller]
pub fn view_local_partition<V: DeviceView, Thr: Copy, St: Copy>(
    t: V,
    thr_layout: Thr,
    thr_idx: usize,
    step: St,
) -> V::With<<V::Layout as PartitionLocally<Thr, St>>::Output>
where
    V::Layout: PartitionLocally<Thr, St>,
{
    let l = t.view_layout();
    let r = if V::EXACT {
        l.view_partition(thr_layout, thr_idx, step)
    } else {
        l.exact_partition(thr_layout, thr_idx, step)
    };
    let (m, off, whole) = or_trap(r, "local_partition: overflow");
    if V::EXACT && !whole {
        super::trap("local_partition: the thread layout does not divide the tensor's shape");
    }
    // SAFETY: as in `view_local_tile`, the thread coordinate reduced
    // modulo each thread mode.
    unsafe { t.rebase(m, off) }
}

/// The partition of a view computed by the atom layer on a counting tensor
/// of its layout.
///
/// # Safety
/// When `V::EXACT`: `part` is a partition of a counting tensor of the
/// view's layout by a tiled copy or MMA whose tile divides the shape, for
/// a thread index in range (a restriction of the domain).
#[inline(always)]
pub(crate) unsafe fn view_partitioned<V: DeviceView, M: TensorLayout>(
    t: V,
    part: Tensor<Counting, M>,
) -> V::With<M> {
    let base = part.base();
    // SAFETY: the caller's contract.
    unsafe { t.rebase(part.layout(), base) }
}

/// CuTe's `lazy::transform(t, f)`: the view of `t` whose element `i` is
/// `f(t(i))` (for a predicate, `elem_less(c, shape)` of an identity
/// tensor's coordinate `c`).
#[derive(Clone, Copy)]
pub struct Transform<T, F> {
    inner: T,
    f: F,
}

/// CuTe's `lazy::transform(t, f)`: [`Transform`].
#[inline(always)]
pub fn lazy_transform<T, F>(t: T, f: F) -> Transform<T, F> {
    Transform { inner: t, f }
}

impl<T: DeviceView, F> DeviceView for Transform<T, F> {
    type Layout = T::Layout;
    type With<M: TensorLayout> = Transform<T::With<M>, F>;
    const EXACT: bool = T::EXACT;
    #[inline(always)]
    fn view_layout(&self) -> T::Layout {
        self.inner.view_layout()
    }
    #[inline(always)]
    unsafe fn rebase<M: TensorLayout>(self, layout: M, offset: usize) -> Self::With<M> {
        Transform {
            // SAFETY: the caller's contract, passed on.
            inner: unsafe { self.inner.rebase(layout, offset) },
            f: self.f,
        }
    }
}

impl<T, F> Transform<T, F> {
    /// The view and the function.
    #[inline(always)]
    pub(crate) fn parts(&self) -> (&T, &F) {
        (&self.inner, &self.f)
    }
}
