//! CuTe's `partition_shape_A/B/C(tiled_mma, shape)` as types
//! ([`TiledMma::partition_shape_a`], …): the shape of a thread's
//! partition of a tensor of shape `(I, J, rest…)`, with cute-dynamic's
//! definition (`TiledMma::partition_shape`):
//! `(V, shape_div(size(I), atom_I · threads_I), shape_div(size(J), atom_J ·
//! threads_J), rest…)`, `V` the shape of the atom layout's value mode (the
//! permutation is not used, as in CuTe).
//!
//! ```
//! use cute_static::{C, Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}, layout::IntTuple};
//! let mma = TiledMma::<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>::new();
//! // A 128×64 tile of A: 2×2×2 values per atom, 4 atoms along M, 4 along K.
//! let s = mma.partition_shape_a((C::<128>, C::<64>));
//! assert_eq!(s.to_dynamic().to_string(), "((2,2,2),4,4)");
//! static_assertions::assert_type_eq_all!(
//!     cute_static::atom::MmaPartitionShape<TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>, cute_static::atom::OperandC, (C<128>, C<64>, C<3>)>,
//!     ((C<2>, C<2>), C<4>, C<4>, C<3>)
//! );
//! ```

use core::ops::Mul;
use typenum::operator_aliases::Prod;

use super::tiled_mma::{HasMmaOperand, OperandA, OperandB, OperandC, TiledMma, TiledMmaLayouts};
use crate::data::int_tuple::{StaticInt, StaticIntTuple};
use crate::data::int_tuple_ops::{ShapeDiv, ShapeDivide, SizeT, TSize};
use crate::data::layout::{Mode, ModeOf, StaticLayout};
use crate::private::{P, Pretty};

/// `size(S)` of a static shape as `C<N>`.
type SizeOfShape<S> = P<SizeT<<S as StaticIntTuple>::Tree>>;
/// `atom extent · threads` along the operand's first mode.
type PerI<M, Op> = P<
    Prod<
        <<Op as HasMmaOperand<M>>::ExtI as StaticInt>::Tn,
        <<Op as HasMmaOperand<M>>::ThrI as StaticInt>::Tn,
    >,
>;
/// `atom extent · threads` along the operand's second mode.
type PerJ<M, Op> = P<
    Prod<
        <<Op as HasMmaOperand<M>>::ExtJ as StaticInt>::Tn,
        <<Op as HasMmaOperand<M>>::ThrJ as StaticInt>::Tn,
    >,
>;
/// `V`: the shape of the atom layout's value mode.
type ValShape<M, Op> = <ModeOf<<Op as HasMmaOperand<M>>::AtomTv, 1> as StaticLayout>::Shape;

/// What `partition_shape_X(tiled_mma, Self)` is, for a static shape `Self`
/// of rank 2 to 6: `(V, I / (atom_I·thr_I), J / (atom_J·thr_J), rest…)`.
///
/// ```
/// use cute_static::{C, Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// // A's partition of a 64×32 (M×K) tile: the atom's value mode, then
/// // 64 / (16·2) and 32 / (16·1).
/// let s = Mma::new().partition_shape_a((C::<64>, C::<32>));
/// let want: ((C<2>, C<2>, C<2>), C<2>, C<2>) = Default::default();
/// assert_eq!(s, want);
/// ```
pub trait HasMmaPartitionShape<M, Op> {
    /// The partition's shape.
    type Output: StaticIntTuple;
}
/// `partition_shape_X(tiled_mma, S)` of the tiled MMA `M`, operand `Op`.
pub type MmaPartitionShape<M, Op, S> = <S as HasMmaPartitionShape<M, Op>>::Output;

macro_rules! partition_shape {
    ($($R:ident),*) => {
        /// The first two modes divided, the rest kept.
        impl<M, Op, S0, S1, $($R),*> HasMmaPartitionShape<M, Op> for (S0, S1, $($R,)*)
        where
            M: TiledMmaLayouts,
            Op: HasMmaOperand<M>,
            S0: StaticIntTuple,
            S1: StaticIntTuple,
            (S0, S1, $($R,)*): StaticIntTuple,
            <Op as HasMmaOperand<M>>::AtomTv: Mode<1>,
            S0::Tree: TSize,
            S1::Tree: TSize,
            SizeT<S0::Tree>: Pretty,
            SizeT<S1::Tree>: Pretty,
            <<Op as HasMmaOperand<M>>::ExtI as StaticInt>::Tn:
                Mul<<<Op as HasMmaOperand<M>>::ThrI as StaticInt>::Tn>,
            <<Op as HasMmaOperand<M>>::ExtJ as StaticInt>::Tn:
                Mul<<<Op as HasMmaOperand<M>>::ThrJ as StaticInt>::Tn>,
            Prod<<<Op as HasMmaOperand<M>>::ExtI as StaticInt>::Tn, <<Op as HasMmaOperand<M>>::ThrI as StaticInt>::Tn>: Pretty,
            Prod<<<Op as HasMmaOperand<M>>::ExtJ as StaticInt>::Tn, <<Op as HasMmaOperand<M>>::ThrJ as StaticInt>::Tn>: Pretty,
            SizeOfShape<S0>: ShapeDivide<PerI<M, Op>>,
            SizeOfShape<S1>: ShapeDivide<PerJ<M, Op>>,
            (
                ValShape<M, Op>,
                ShapeDiv<SizeOfShape<S0>, PerI<M, Op>>,
                ShapeDiv<SizeOfShape<S1>, PerJ<M, Op>>,
                $($R,)*
            ): StaticIntTuple,
        {
            type Output = (
                ValShape<M, Op>,
                ShapeDiv<SizeOfShape<S0>, PerI<M, Op>>,
                ShapeDiv<SizeOfShape<S1>, PerJ<M, Op>>,
                $($R,)*
            );
        }
    };
}
partition_shape!();
partition_shape!(R2);
partition_shape!(R2, R3);
partition_shape!(R2, R3, R4);
partition_shape!(R2, R3, R4, R5);

impl<A, L, Pm> TiledMma<A, L, Pm>
where
    Self: TiledMmaLayouts,
{
    /// CuTe's `partition_shape_A(tiled_mma, shape_MK)`: the shape
    /// `(V, M / (atom_M·thr_M), K / (atom_K·thr_K), rest…)` of a thread's
    /// partition of A (see the module documentation).
    #[inline(always)]
    pub fn partition_shape_a<S>(&self, _shape: S) -> MmaPartitionShape<Self, OperandA, S>
    where
        S: HasMmaPartitionShape<Self, OperandA>,
    {
        Default::default()
    }
    /// CuTe's `partition_shape_B(tiled_mma, shape_NK)`.
    #[inline(always)]
    pub fn partition_shape_b<S>(&self, _shape: S) -> MmaPartitionShape<Self, OperandB, S>
    where
        S: HasMmaPartitionShape<Self, OperandB>,
    {
        Default::default()
    }
    /// CuTe's `partition_shape_C(tiled_mma, shape_MN)`.
    #[inline(always)]
    pub fn partition_shape_c<S>(&self, _shape: S) -> MmaPartitionShape<Self, OperandC, S>
    where
        S: HasMmaPartitionShape<Self, OperandC>,
    {
        Default::default()
    }
}
