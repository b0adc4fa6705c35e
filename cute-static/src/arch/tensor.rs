//! Device tensors: a memory-space pointer and a layout (CuTe's
//! `Tensor<ViewEngine<gmem_ptr<T*>>, Layout>` and its `smem_ptr` twin),
//! `#[repr(C)]` and `Copy`, passed by value as kernel parameters.
//!
//! **Invariant** (what makes every access safe): for every integral
//! coordinate `i < size(layout)`, the element at `ptr + layout(i)` lies in
//! one allocation of the pointer's memory space. It is established where
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
//! Accesses ([`read`](PtrTensor::read), [`write`](PtrTensor::write))
//! check `i < size` (constant-folded when the size is static and `i` a
//! loop index, as in every algorithm of the `device` module) and trap
//! beyond: no `Result` and no bounds check is left in an unrolled loop.

use super::ptr::MemPtr;
use super::scalar::Scalar;
use crate::Error;
use crate::kernel::layout::{SliceLayout, TensorLayout};
use crate::kernel::partition::{
    PartitionLocally, Projection, TensorDivide, ThreadLayout, TileLocally,
};
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
    /// For every `i < size(layout)`, `ptr.add(layout(i))` is an element of
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
    /// The layout.
    #[inline(always)]
    pub fn layout(&self) -> L {
        self.layout
    }
    /// The number of coordinates.
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The element at integral coordinate `i` (traps for `i ≥ size`).
    #[inline(always)]
    #[track_caller]
    pub fn read(&self, i: usize) -> P::Value {
        if i >= self.size() {
            super::trap("PtrTensor::read: coordinate outside the tensor");
        }
        // SAFETY: `i < size`: the invariant puts the element in bounds.
        unsafe { self.ptr.add(self.layout.offset(i)).read_as::<P::Value>() }
    }
    /// Writes the element at integral coordinate `i` (traps for `i ≥ size`).
    #[inline(always)]
    #[track_caller]
    pub fn write(&self, i: usize, v: P::Value) {
        if i >= self.size() {
            super::trap("PtrTensor::write: coordinate outside the tensor");
        }
        // SAFETY: as for `read`.
        unsafe { self.ptr.add(self.layout.offset(i)).write_as::<P::Value>(v) }
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
        let v = const { super::scalar::lanes::<P::Value, U>() };
        if !self.is_vector(i, v) {
            super::trap("PtrTensor::read_vector: the elements are not one vector");
        }
        // SAFETY: the v elements from `layout(i)` are the consecutive
        // elements of coordinates i..i+v < size, each in bounds.
        unsafe { self.ptr.add(self.layout.offset(i)).read_as::<U>() }
    }
    /// Writes the elements from coordinate `i` as one access of `U` (see
    /// [`read_vector`](Self::read_vector)).
    #[inline(always)]
    #[track_caller]
    pub fn write_vector<U: Scalar>(&self, i: usize, u: U) {
        let v = const { super::scalar::lanes::<P::Value, U>() };
        if !self.is_vector(i, v) {
            super::trap("PtrTensor::write_vector: the elements are not one vector");
        }
        // SAFETY: as for `read_vector`.
        unsafe { self.ptr.add(self.layout.offset(i)).write_as::<U>(u) }
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

    /// A counting tensor of this layout (the offsets themselves).
    #[inline(always)]
    pub(crate) fn counting(&self) -> Tensor<Counting, L> {
        Tensor::from_parts(Counting, 0, self.layout)
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
    /// [`local_tile`](crate::local_tile)). Traps when the tiler does not
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
        L: TileLocally<T, Cd, St> + TilerDivides<T, St>,
    {
        if !self.layout.tiler_divides(tiler, step) {
            super::trap("local_tile: the tiler does not divide the tensor's shape");
        }
        let part = or_trap(
            self.layout.local_tile(tiler, coord, step),
            "local_tile: a tile coordinate outside the tile grid",
        );
        // SAFETY: the flat divide keeps the domain (equal sizes: whole
        // tiles) and the in-range tile coordinate restricts it.
        unsafe { self.view(part) }
    }

    /// CuTe's `local_partition(t, thr_layout, thr_idx, step)` (`()` for no
    /// step; see the host [`local_partition`](crate::local_partition)):
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
        L: PartitionLocally<Thr, St> + ThreadsDivide<Thr, St>,
    {
        if !self.layout.threads_divide() {
            super::trap("local_partition: the thread layout does not divide the tensor's shape");
        }
        let part = or_trap(
            self.layout.local_partition(thr_layout, thr_idx, step),
            "local_partition: overflow",
        );
        // SAFETY: the divide keeps the domain (equal sizes) and the thread's
        // coordinate (reduced modulo each thread mode) restricts it.
        unsafe { self.view(part) }
    }

    /// The view of a partition computed by the atom layer on a counting
    /// tensor of this layout (`partition_S/D/A/B/C`), whose tile divides
    /// the tensor's static shape (the atom layer's compile-time bound).
    ///
    /// # Safety
    /// `part` is a partition of `self.counting()` by a tiled copy or MMA
    /// whose tile divides the shape, for a thread index in range.
    #[inline(always)]
    pub(crate) unsafe fn partitioned<M: TensorLayout>(
        self,
        part: Tensor<Counting, M>,
    ) -> PtrTensor<P, M> {
        let base = part.base();
        // SAFETY: the caller's contract: the partition restricts the domain.
        unsafe { self.view((part.layout(), base)) }
    }
}

/// Whether the flat divide of a layout by the (diced) tiler keeps its
/// domain: its size equals the layout's (whole tiles only). The check of
/// [`PtrTensor::local_tile`], constant for static layouts.
#[doc(hidden)]
pub trait TilerDivides<T, St> {
    /// The answer (`false` on overflow).
    fn tiler_divides(&self, tiler: T, step: St) -> bool;
}
impl<L: TensorLayout, T, St> TilerDivides<T, St> for L
where
    St: Projection<T>,
    L: TensorDivide<<St as Projection<T>>::Out>,
{
    #[inline(always)]
    fn tiler_divides(&self, tiler: T, step: St) -> bool {
        match self.flat(step.project(tiler)) {
            Ok(whole) => whole.size() == self.size(),
            Err(_) => false,
        }
    }
}

/// Whether the (diced) thread layout's shape divides a layout's: the check
/// of [`PtrTensor::local_partition`].
#[doc(hidden)]
pub trait ThreadsDivide<Thr, St> {
    /// The answer (`false` on overflow).
    fn threads_divide(&self) -> bool;
}
impl<L: TensorLayout, Thr, St> ThreadsDivide<Thr, St> for L
where
    St: Projection<Thr>,
    <St as Projection<Thr>>::Out: ThreadLayout,
    L: TensorDivide<<<St as Projection<Thr>>::Out as ThreadLayout>::Tiler>,
{
    #[inline(always)]
    fn threads_divide(&self) -> bool {
        let tiler = <<St as Projection<Thr>>::Out as ThreadLayout>::Tiler::default();
        match self.flat(tiler) {
            Ok(whole) => whole.size() == self.size(),
            Err(_) => false,
        }
    }
}
