//! Slices of register fragments in kernels (CuTe's `tCrA(_,_,k)` on a
//! fragment of `partition_fragment_A`, `retile_D`, `make_fragment_like`):
//! a view of the kept modes over the same registers, without `Result` —
//! an index outside its mode traps, as [`PtrTensor::slice`](super::PtrTensor::slice)
//! does (folded away for static layouts and constant indices, as in an
//! unrolled loop over `k`).

use super::tensor::or_trap;
use crate::kernel::layout::{SliceLayout, TensorLayout};
use crate::kernel::tensor::{Engine, EngineMut, Tensor};

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `t(_, _, k)` in a kernel: the slice of a read-only view
    /// (traps for an index outside its mode).
    #[inline(always)]
    #[track_caller]
    pub fn view_slice<Cd>(&self, coord: Cd) -> Tensor<E::View<'_>, L::Output>
    where
        L: SliceLayout<Cd>,
    {
        or_trap(self.view().slice(coord), "slice: an index outside its mode")
    }
}

impl<E: EngineMut, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `t(_, _, k)` in a kernel, writable (the destination of a
    /// copy into a fragment's `k`-th block; traps for an index outside its
    /// mode).
    #[inline(always)]
    #[track_caller]
    pub fn view_slice_mut<Cd>(&mut self, coord: Cd) -> Tensor<E::ViewMut<'_>, L::Output>
    where
        L: SliceLayout<Cd>,
    {
        or_trap(self.view_mut().slice(coord), "slice: an index outside its mode")
    }
}
