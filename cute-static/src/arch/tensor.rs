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

use super::ptr::MemPtr;
use super::scalar::Scalar;
use crate::Error;
use crate::kernel::layout::{SliceLayout, TensorLayout};
use crate::kernel::partition::{PartitionLocally, TileLocally};
use crate::kernel::tensor::{Counting, Tensor};

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

/// An offset of a device view in the 32 bits the address is formed from
/// (CuTe's `int` offsets: one 32-bit multiply-add per mode, one wide
/// multiply-add into the pointer). The identity on every offset of a
/// device tensor's domain, which is below its cosize, at most
/// [`MAX_COSIZE`]; the compiler then computes the offset's products and
/// sums in 32 bits. (A [`PartialTensor`]'s offsets past its storage may
/// wrap: its limit is kept against the same 32-bit offsets, so its checks
/// still hold.)
#[inline(always)]
pub(crate) fn offset32(o: usize) -> usize {
    o as u32 as usize
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

    /// The pointer to the element at coordinate `i < size`: its offset is
    /// below [`MAX_COSIZE`] (the invariant), so it is formed from 32 bits
    /// ([`offset32`]) of the narrowed layout's offset.
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

/// A tensor that may reach past its storage (CuTe's partial tiles: the
/// last tile of a problem whose size the tile does not divide), made by
/// [`PtrTensor::partial`]: a pointer, a layout and the number of elements
/// from the pointer that lie in its allocation (`limit`). Its views keep
/// the limit (relative to their pointer) instead of restricting the
/// domain, so `local_tile` and `local_partition` take any tiler, and every
/// access checks its offset against the limit: [`try_read`](Self::try_read)
/// gives `None` and [`try_write`](Self::try_write) does nothing outside
/// it. `copy_if` (with the identity-tensor predicate of CuTe's
/// `tiled_copy_if.cu`) is how kernels use it.
#[derive(Clone, Copy)]
pub struct PartialTensor<P, L> {
    ptr: P,
    layout: L,
    /// At most [`MAX_COSIZE`]: 32 bits.
    limit: u32,
}

impl<P: MemPtr, L: TensorLayout> core::fmt::Debug for PartialTensor<P, L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{}_tensor({:#x}, {} in storage) o {}",
            P::SPACE,
            self.ptr.addr(),
            self.limit,
            self.layout
        )
    }
}

impl<P: MemPtr, L: TensorLayout> PtrTensor<P, L> {
    /// The tensor as a [`PartialTensor`], whose tiles may reach past it:
    /// its storage holds `cosize(layout)` elements (every offset below it
    /// lies between two offsets of the domain, so in the one allocation).
    #[inline(always)]
    pub fn partial(self) -> PartialTensor<P, L> {
        let layout = self.layout();
        PartialTensor {
            ptr: self.ptr,
            // The cosize is at most `MAX_COSIZE` (the invariant).
            limit: layout.cosize() as u32,
            layout,
        }
    }
}

impl<P: MemPtr, L: TensorLayout> PartialTensor<P, L> {
    /// The layout.
    #[inline(always)]
    pub fn layout(&self) -> L {
        self.layout
    }
    /// The elements from the pointer that lie in the storage.
    #[inline(always)]
    pub fn limit(&self) -> usize {
        self.limit as usize
    }
    /// The offset of coordinate `i` when `when` holds, `i < size`, and
    /// the `v` elements from it are consecutive (for `v > 1`: as
    /// [`PtrTensor::is_vector`]) and lie in the storage. One condition, not
    /// a chain: `copy_if`'s predicate joins it (`when`), so an access is
    /// one branch or one predicated instruction.
    #[inline(always)]
    fn fits(&self, when: bool, i: usize, v: usize) -> Option<usize> {
        let (o, limit) = (offset32(self.layout.offset(i)), self.limit());
        let (s, d) = self.layout.leading();
        let n = self.layout.size();
        let vector = v == 1 || (d == 1 && s.is_multiple_of(v) && i.is_multiple_of(v));
        // `o < 2^32`: `o + v` does not overflow.
        (when & vector & (i < n) & (i + v <= n) & (o + v <= limit)).then_some(o)
    }
    /// The element at coordinate `i`, `None` outside the storage.
    #[inline(always)]
    pub fn try_read(&self, i: usize) -> Option<P::Value> {
        self.try_read_if(true, i)
    }
    /// The element at coordinate `i` when `when` holds, `None` otherwise
    /// or outside the storage (one condition: see `copy_if`).
    #[inline(always)]
    pub fn try_read_if(&self, when: bool, i: usize) -> Option<P::Value> {
        let o = self.fits(when, i, 1)?;
        // SAFETY: `o < limit`: inside the allocation.
        Some(unsafe { self.ptr.add(o).read_as::<P::Value>() })
    }
    /// Writes the element at coordinate `i`; nothing outside the storage.
    /// Whether it wrote.
    #[inline(always)]
    pub fn try_write(&self, i: usize, v: P::Value) -> bool {
        self.try_write_if(true, i, v)
    }
    /// Writes the element at coordinate `i` when `when` holds and it lies
    /// in the storage; whether it wrote.
    #[inline(always)]
    pub fn try_write_if(&self, when: bool, i: usize, v: P::Value) -> bool {
        match self.fits(when, i, 1) {
            // SAFETY: as for `try_read_if`.
            Some(o) => unsafe {
                self.ptr.add(o).write_as::<P::Value>(v);
                true
            },
            None => false,
        }
    }
    /// The `v = lanes(T, U)` elements from coordinate `i` as one `U`, when
    /// they are consecutive (as [`PtrTensor::is_vector`]) and in the storage.
    #[inline(always)]
    pub fn try_read_vector<U: Scalar>(&self, i: usize) -> Option<U> {
        self.try_read_vector_if(true, i)
    }
    /// [`try_read_vector`](Self::try_read_vector) when `when` holds.
    #[inline(always)]
    pub fn try_read_vector_if<U: Scalar>(&self, when: bool, i: usize) -> Option<U> {
        let v = const { vector_run::<L>(super::scalar::lanes::<P::Value, U>()) };
        let o = self.fits(when, i, v)?;
        // SAFETY: the v consecutive elements from `o` are below the limit.
        Some(unsafe { self.ptr.add(o).read_as::<U>() })
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
        let v = const { vector_run::<L>(super::scalar::lanes::<P::Value, U>()) };
        match self.fits(when, i, v) {
            // SAFETY: as for `try_read_vector_if`.
            Some(o) => unsafe {
                self.ptr.add(o).write_as::<U>(u);
                true
            },
            None => false,
        }
    }
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

impl<P: MemPtr, L: TensorLayout> DeviceView for PartialTensor<P, L> {
    type Layout = L;
    type With<M: TensorLayout> = PartialTensor<P, M>;
    const EXACT: bool = false;
    #[inline(always)]
    fn view_layout(&self) -> L {
        self.layout
    }
    #[inline(always)]
    unsafe fn rebase<M: TensorLayout>(self, layout: M, offset: usize) -> PartialTensor<P, M> {
        let offset = offset32(offset);
        PartialTensor {
            ptr: self.ptr.add(offset),
            layout,
            limit: self.limit.saturating_sub(offset as u32),
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
