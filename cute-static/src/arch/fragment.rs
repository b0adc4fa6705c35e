//! Slices of register fragments in kernels (CuTe's `tCrA(_,_,k)` on a
//! fragment of `partition_fragment_A`, `retile_D`, `make_fragment_like`):
//! a view of the kept modes over the same registers, without `Result` —
//! an index outside its mode traps, as [`PtrTensor::slice`](super::PtrTensor::slice)
//! does (folded away for static layouts and constant indices, as in an
//! unrolled loop over `k`).

use super::tensor::or_trap;
use crate::data::int_tuple::C;
use crate::data::layout::{Layout, StaticLayout};
use crate::kernel::layout::{SliceLayout, TensorLayout};
use crate::kernel::tensor::{Engine, EngineMut, Tensor, Underscore};

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
        or_trap(
            self.view_mut().slice(coord),
            "slice: an index outside its mode",
        )
    }
}

/// `(V, M)` with a unit mode appended, `(V, M, _1)`: a k-block of an MMA
/// fragment as [`gemm_with`](crate::device::gemm_with) takes it (its
/// operands are rank 3, `(MMA, MMA_M, MMA_K)`; CuTe's `gemm` appends the
/// mode to a rank-2 operand the same way).
#[doc(hidden)]
pub trait WithUnitMode {
    /// The rank-3 layout.
    type Output: TensorLayout + Default;
}
impl<S0, S1, D0, D1> WithUnitMode for Layout<(S0, S1), (D0, D1)>
where
    Layout<(S0, S1, C<1>), (D0, D1, C<0>)>: StaticLayout + TensorLayout,
{
    type Output = Layout<(S0, S1, C<1>), (D0, D1, C<0>)>;
}

/// The layout of [`Tensor::k_block`].
pub type KBlock<L> =
    <<L as SliceLayout<(Underscore, Underscore, usize)>>::Output as WithUnitMode>::Output;

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `gemm(mma, tCrA(_,_,k), …)` operand: the k-th block `(MMA,
    /// MMA_M)` of an MMA fragment `(MMA, MMA_M, MMA_K)`, as the rank-3
    /// `(MMA, MMA_M, _1)` that `gemm_with` takes (traps for `k` outside
    /// the mode; folded for a constant `k`).
    #[inline(always)]
    #[track_caller]
    pub fn k_block(&self, k: usize) -> Tensor<E::View<'_>, KBlock<L>>
    where
        L: SliceLayout<(Underscore, Underscore, usize)>,
        L::Output: WithUnitMode,
    {
        let (e, base, _) = self.view_slice((Underscore, Underscore, k)).into_parts();
        Tensor::from_parts(e, base, Default::default())
    }
}
