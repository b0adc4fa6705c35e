//! `partition_A/B/C` and `partition_S/D` of a tensor whose layout is a
//! [`MixedLayout`] with a static shape and run-time (or mixed) strides —
//! a global tile `(BM, BK):(1, ldA)` as in sgemm_1 — equal to cute-dynamic's
//! partition of the same layout for every thread
//! ([`ThrMma::partition_a_mixed`], …, [`ThrCopy::partition_s_mixed`], …).
//!
//! The partitions are compositions and divides of the tensor's layout `L`
//! whose structure depends only on `L`'s shape (the run-time strides are
//! carried along), except where modes coalesce. So the static algebra
//! partitions a *stand-in* ([`MixedTile::StandIn`]): the static layout of
//! `L`'s shape `(s_0, s_1, …)` with the strides `(1, 2s_0, 4s_0s_1, …)`,
//! which never coalesce (each stride is twice the extent of the modes
//! before it). Every leaf of the stand-in's partition lies in one mode
//! `k`, so its stride is `c·d'_k` with `c < s_k`; the mixed result keeps
//! the static shape and maps each stride and the thread's offset `x`
//! through `x ↦ Σ_k ((x / d'_k) mod 2s_k)·d_k`, `d_k` the tensor's strides
//! ([`MixedTile::decode`]): run-time strides (`Dyn`), checked for
//! overflow.
//!
//! Where the run-time strides happen to coalesce (`ldA = BM`), cute-dynamic
//! merges the modes and its layout has fewer, longer leaves; the static
//! result is then the same function (the same offset for every index) with
//! the structure CuTe's static types would have. Limits: the tensor's
//! shape is a flat tuple of 2 to 4 static integers.
//!
//! ```
//! use cute_static::{Layout, Tensor, layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}, tensor::Counting};
//! let mma = TiledMma::<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>::new();
//! let ld = 100; // a 32×16 tile of a column-major matrix with 100 rows
//! let g = Tensor::new(Counting, layout!((32, 16):(1, {ld}))?)?;
//! let mine = mma.get_slice(37)?.partition_c_mixed(g)?;
//! // thread 37 holds (17, 2), (17, 3), (25, 2), … as in the static example.
//! assert_eq!(mine.base(), 17 + 2 * ld);
//! assert_eq!(mine.layout().to_string(), "((_2,_2),_1,_1):((100,8),0,0)");
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::ops::Mul;
use typenum::U2;
use typenum::operator_aliases::Prod;

use super::tiled_copy::{CopyDividesTile, TiledCopyLayouts};
use super::tiled_copy::{CopyDst, CopyPartitionLayout, CopySrc, HasCopyPartition, ThrCopy};
use super::tiled_mma::{
    EvenlyDividesTile, Extents, HasMmaPartition, MmaPartitionLayout, OperandA, OperandB, OperandC,
    OperandTileShape, ThrMma, TileExtents, TiledMmaLayouts,
};
use crate::Error;
use crate::data::int_tuple::{C, Int, IntTuple, StaticInt, StaticIntTuple, arities};
use crate::data::layout::{Layout, StaticLayout};
use crate::kernel::computed::{Computed, LayoutQuery};
use crate::kernel::layout::TensorLayout;
use crate::kernel::tensor::{Counting, Engine, Tensor};
use crate::mixed::layout::{Dyn, MixedLayout, MixedShape, overflow};
use crate::private::{P, Pretty};

/// The stride after a mode of extent `Self` whose stride is `Prev`:
/// `2 · Self · Prev` (the stand-in's strides never coalesce).
///
/// ```
/// use cute_static::{C, atom::GapAfter, layout::StaticInt};
/// // After a mode of extent 32 and stride 1, the stand-in's next stride is 64.
/// assert_eq!(<<C<32> as GapAfter<C<1>>>::Next as StaticInt>::VALUE, 64);
/// ```
pub trait GapAfter<Prev> {
    /// `C<2·Self·Prev>`.
    type Next: StaticInt;
}
impl<S: StaticExtent, Prev: StaticInt> GapAfter<Prev> for S
where
    S::Tn: Mul<U2>,
    Prod<S::Tn, U2>: Mul<Prev::Tn>,
    Prod<Prod<S::Tn, U2>, Prev::Tn>: Pretty,
    P<Prod<Prod<S::Tn, U2>, Prev::Tn>>: StaticInt,
{
    type Next = P<Prod<Prod<S::Tn, U2>, Prev::Tn>>;
}
type G<S, Prev> = <S as GapAfter<Prev>>::Next;

/// A mixed layout with a flat static shape (2 to 4 modes): its static
/// stand-in and the map from the stand-in's offsets to its own.
///
/// ```
/// use cute_static::{layout, atom::MixedTile};
/// let ld = 100;
/// let g = layout!((32, 16):(1, {ld}))?;
/// // The stand-in (32,16):(1,64): its offset 64·2 + 17 is (17, 2), which is
/// // 17 + 2·ld in the tile.
/// assert_eq!(<_ as MixedTile>::decode(&g, 17 + 64 * 2), Some(17 + 2 * ld));
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait MixedTile {
    /// The static layout of the same shape with the strides `(1, 2s_0,
    /// 4s_0s_1, …)`.
    type StandIn: StaticLayout;
    /// `Σ_k ((x / d'_k) mod 2s_k)·d_k`: the offset, in this layout, of the
    /// stand-in's offset `x` (`None` on overflow).
    #[inline(always)]
    fn decode(&self, x: usize) -> Option<usize> {
        self.decode_with::<true>(x)
    }
    /// [`decode`](Self::decode), checked for overflow when `CHECKED`,
    /// else in wrapping arithmetic (always `Some`): for a device view of a
    /// valid layout, where `x` is an offset or a stride of a partition of
    /// the stand-in and so decodes to an offset of the layout's domain or
    /// a difference of two of them, which cannot overflow.
    #[doc(hidden)]
    fn decode_with<const CHECKED: bool>(&self, x: usize) -> Option<usize>;
}

/// A static extent of a mixed tensor that a tiled MMA or copy partitions
/// (a `C<N>`; a run-time `Dyn` is the named error).
///
/// ```
/// use cute_static::{Layout, Tensor, layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}, tensor::Counting};
/// let mma = TiledMma::<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>::new();
/// // Static extents (32, 16) with a run-time leading dimension partition.
/// let ld = 100;
/// let g = Tensor::new(Counting, layout!((32, 16):(1, {ld}))?)?;
/// let mine = mma.get_slice(37)?.partition_c_mixed(g)?;
/// assert_eq!(mine.base(), 17 + 2 * ld);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "a tiled MMA or tiled copy partitions a mixed tensor of a static shape: `{Self}` is not a static extent",
    label = "a tensor with a run-time extent",
    note = "partition_*_mixed take a MixedLayout whose shape is 2 to 4 static integers (the strides may be run time): tile a run-time-sized tensor with local_tile first"
)]
pub trait StaticExtent: StaticInt {}
impl<const N: usize> StaticExtent for C<N> where C<N>: StaticInt {}
crate::data::dec::impl_for_dec! {
    /// A static extent beyond the readable table.
    StaticExtent {} where Self: StaticInt
}

/// `Σ_k ((x / d'_k) mod 2s_k)·d_k` over `(s_k, d_k)`, `d'_0 = 1`,
/// `d'_{k+1} = 2s_k·d'_k`.
/// Checked for overflow when `CHECKED`, else wrapping (see
/// [`MixedTile::decode_with`]).
#[inline(always)]
fn decode_modes<const CHECKED: bool>(modes: &[(usize, usize)], x: usize) -> Option<usize> {
    let mul = |a: usize, b: usize| {
        if CHECKED {
            a.checked_mul(b)
        } else {
            Some(a.wrapping_mul(b))
        }
    };
    let (mut scale, mut off) = (1usize, 0usize);
    for &(s, d) in modes {
        let m = mul(s, 2)?;
        let c = (x / scale) % m;
        let t = mul(c, d)?;
        off = if CHECKED {
            off.checked_add(t)?
        } else {
            off.wrapping_add(t)
        };
        scale = mul(scale, m)?;
    }
    Some(off)
}

macro_rules! mixed_tile {
    ($(#[$doc:meta])* [$($S:ident $D:ident $i:tt),+] $strides:ty; $($bound:tt)*) => {
        $(#[$doc])*
        impl<$($S, $D),+> MixedTile for MixedLayout<($($S,)+), ($($D,)+)>
        where
            $($S: StaticExtent, $D: Int,)+
            $($bound)*
            Layout<($($S,)+), $strides>: StaticLayout,
        {
            type StandIn = Layout<($($S,)+), $strides>;
            #[inline(always)]
            fn decode_with<const CHECKED: bool>(&self, x: usize) -> Option<usize> {
                let d = self.stride();
                decode_modes::<CHECKED>(&[$((<$S as StaticInt>::VALUE, d.$i.value())),+], x)
            }
        }
    };
}
mixed_tile!(
    /// Two modes.
    [S0 D0 0, S1 D1 1] (C<1>, G<S0, C<1>>);
    S0: GapAfter<C<1>>,
);
mixed_tile!(
    /// Three modes.
    [S0 D0 0, S1 D1 1, S2 D2 2] (C<1>, G<S0, C<1>>, G<S1, G<S0, C<1>>>);
    S0: GapAfter<C<1>>,
    S1: GapAfter<G<S0, C<1>>>,
);
mixed_tile!(
    /// Four modes.
    [S0 D0 0, S1 D1 1, S2 D2 2, S3 D3 3]
    (C<1>, G<S0, C<1>>, G<S1, G<S0, C<1>>>, G<S2, G<S1, G<S0, C<1>>>>);
    S0: GapAfter<C<1>>,
    S1: GapAfter<G<S0, C<1>>>,
    S2: GapAfter<G<S1, G<S0, C<1>>>>,
);

/// The stand-in of a mixed layout `X`.
pub type StandIn<X> = <X as MixedTile>::StandIn;

/// A static stride tuple whose leaves become run-time [`Dyn`] values,
/// each mapped by a function (same tree shape).
///
/// ```
/// use cute_static::{C, atom::RuntimeStrides, layout::Dyn};
/// // Each static stride mapped by the function, as run-time leaves.
/// let out = <(C<1>, C<64>) as RuntimeStrides>::map(&|d| Some(d * 3));
/// assert_eq!(out, Some((Dyn(3), Dyn(192))));
/// // A failing map (an overflow) is `None`.
/// assert_eq!(<(C<1>, C<64>) as RuntimeStrides>::map(&|d| (d < 64).then_some(d)), None);
/// ```
pub trait RuntimeStrides: StaticIntTuple {
    /// The tuple with `Dyn` leaves.
    type Out: IntTuple;
    /// The leaves mapped by `f` (`None` when `f` answers `None`).
    fn map<Fm: Fn(usize) -> Option<usize>>(f: &Fm) -> Option<Self::Out>;
}
impl<const N: usize> RuntimeStrides for C<N>
where
    C<N>: StaticInt,
{
    type Out = Dyn;
    #[inline(always)]
    fn map<Fm: Fn(usize) -> Option<usize>>(f: &Fm) -> Option<Dyn> {
        f(N).map(Dyn)
    }
}
crate::data::dec::impl_for_dec! {
    /// A leaf beyond the readable table.
    RuntimeStrides {
        type Out = Dyn;
        #[inline(always)]
        fn map<Fm: Fn(usize) -> Option<usize>>(f: &Fm) -> Option<Dyn> {
            f(<Self as StaticInt>::VALUE).map(Dyn)
        }
    } where Self: StaticInt
}
macro_rules! runtime_strides {
    ($($T:ident),+) => {
        /// Mode by mode.
        impl<$($T: RuntimeStrides),+> RuntimeStrides for ($($T,)+)
        where
            ($($T,)+): StaticIntTuple,
            ($($T::Out,)+): IntTuple,
        {
            type Out = ($($T::Out,)+);
            #[inline(always)]
            fn map<Fm: Fn(usize) -> Option<usize>>(f: &Fm) -> Option<Self::Out> {
                Some(($($T::map(f)?,)+))
            }
        }
    };
}
arities!(runtime_strides; (A), (B), (C2), (D), (E), (F), (G2), (H));

/// A static partition layout with its strides made run-time.
///
/// ```
/// use cute_static::{Layout, Tensor, layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}, tensor::Counting};
/// let mma = TiledMma::<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>::new();
/// let ld = 100;
/// let g = Tensor::new(Counting, layout!((32, 16):(1, {ld}))?)?;
/// // The static partition's strides, made run-time: 8 rows → 8, 1 column → ld.
/// let mine = mma.get_slice(37)?.partition_c_mixed(g)?;
/// assert_eq!(mine.layout().to_string(), "((_2,_2),_1,_1):((100,8),0,0)");
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait WithRuntimeStrides {
    /// `MixedLayout<Shape, Dyn strides>`.
    type Mixed: TensorLayout;
    /// The strides mapped by `f`, the layout validated when `CHECKED`
    /// (else the caller knows it valid: a device view's partition).
    fn mixed<const CHECKED: bool, Fm: Fn(usize) -> Option<usize>>(f: &Fm) -> Option<Self::Mixed>;
}
impl<S, D> WithRuntimeStrides for Layout<S, D>
where
    S: StaticIntTuple + MixedShape<D::Out>,
    D: RuntimeStrides,
    MixedLayout<S, D::Out>: TensorLayout,
{
    type Mixed = MixedLayout<S, D::Out>;
    #[inline(always)]
    fn mixed<const CHECKED: bool, Fm: Fn(usize) -> Option<usize>>(f: &Fm) -> Option<Self::Mixed> {
        let d = D::map(f)?;
        if CHECKED {
            MixedLayout::new(S::default(), d).ok()
        } else {
            Some(MixedLayout::from_parts(S::default(), d))
        }
    }
}
/// The mixed result of a static partition layout `P`.
pub type Mixed<P> = <P as WithRuntimeStrides>::Mixed;

/// The tensor of engine `e` and base `base` over the mixed layout `l`
/// whose stand-in was partitioned to `part` (a counting tensor: its base
/// is the thread's stand-in offset). Checked for overflow when `CHECKED`;
/// else (a device view of a valid layout, whose partition's offsets are
/// offsets of its domain) computed in wrapping arithmetic, never failing.
#[inline(always)]
fn remap<const CHECKED: bool, E, S, D, Pl>(
    e: E,
    base: usize,
    l: &MixedLayout<S, D>,
    part: Tensor<Counting, Pl>,
) -> Result<Tensor<E, Mixed<Pl>>, Error>
where
    E: Engine,
    MixedLayout<S, D>: MixedTile,
    Pl: TensorLayout + WithRuntimeStrides,
{
    let err = || {
        overflow(
            "partition",
            "the strides and offset of a mixed tensor's partition",
        )
    };
    let decode = |x: usize| l.decode_with::<CHECKED>(x);
    let offset = decode(part.base()).ok_or_else(err)?;
    let layout = Pl::mixed::<CHECKED, _>(&decode).ok_or_else(err)?;
    let base = if CHECKED {
        base.checked_add(offset).ok_or_else(err)?
    } else {
        base.wrapping_add(offset)
    };
    Ok(Tensor::from_parts(e, base, layout))
}

/// The device view's remap (see [`remap`]): the partition `part` of the
/// stand-in of `l`, for a view of a valid layout the partition divides.
/// Only the device views of `arch` call it (so only where `arch` exists).
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
#[inline(always)]
pub(crate) fn remap_view<E, S, D, Q>(
    e: E,
    base: usize,
    l: &MixedLayout<S, D>,
    part: Tensor<Counting, Computed<Q>>,
) -> Result<Tensor<E, Mixed<Q::Layout>>, Error>
where
    E: Engine,
    MixedLayout<S, D>: MixedTile,
    Q: LayoutQuery,
    Q::Layout: TensorLayout + WithRuntimeStrides,
{
    remap::<false, _, _, _, _>(e, base, l, resolved(part))
}

/// The partition of the stand-in with its layout as the `Layout<S, D>`
/// type (the same offsets).
fn resolved<Q: LayoutQuery>(part: Tensor<Counting, Computed<Q>>) -> Tensor<Counting, Q::Layout> {
    let (e, base, _) = part.into_parts();
    Tensor::from_parts(e, base, Default::default())
}

macro_rules! mma_mixed {
    ($(#[$doc:meta])* $name:ident, $partition:ident, $op:ty) => {
        $(#[$doc])*
        pub fn $name<E, S, D>(
            &self,
            t: Tensor<E, MixedLayout<S, D>>,
        ) -> Result<Tensor<E, Mixed<MmaPartitionLayout<M, $op, StandIn<MixedLayout<S, D>>>>>, Error>
        where
            E: Engine,
            MixedLayout<S, D>: MixedTile + TensorLayout,
            StandIn<MixedLayout<S, D>>: TensorLayout + TileExtents,
            M: HasMmaPartition<$op, StandIn<MixedLayout<S, D>>>,
            Extents<StandIn<MixedLayout<S, D>>>: EvenlyDividesTile<OperandTileShape<M, $op>>,
            MmaPartitionLayout<M, $op, StandIn<MixedLayout<S, D>>>:
                StaticLayout + TensorLayout + WithRuntimeStrides,
        {
            let (e, base, l) = t.into_parts();
            let part = self.$partition(Tensor::new(Counting, Default::default())?)?;
            remap::<true, _, _, _, _>(e, base, &l, resolved(part))
        }
    };
}

impl<M: TiledMmaLayouts> ThrMma<M> {
    mma_mixed!(
        /// CuTe's `partition_A` of a tensor with a mixed layout (static
        /// shape `(M,K,…)`, run-time strides): shape `(FrgV,Rest_M,Rest_K,…)`
        /// static, strides run-time (see the module documentation).
        partition_a_mixed, partition_a, OperandA
    );
    mma_mixed!(
        /// CuTe's `partition_B` of a mixed tensor (see [`partition_a_mixed`](Self::partition_a_mixed)).
        partition_b_mixed, partition_b, OperandB
    );
    mma_mixed!(
        /// CuTe's `partition_C` of a mixed tensor (see [`partition_a_mixed`](Self::partition_a_mixed)).
        partition_c_mixed, partition_c, OperandC
    );
}

macro_rules! copy_mixed {
    ($(#[$doc:meta])* $name:ident, $partition:ident, $side:ty) => {
        $(#[$doc])*
        pub fn $name<E, S, D>(
            &self,
            t: Tensor<E, MixedLayout<S, D>>,
        ) -> Result<Tensor<E, Mixed<CopyPartitionLayout<Tc, $side, StandIn<MixedLayout<S, D>>>>>, Error>
        where
            E: Engine,
            MixedLayout<S, D>: MixedTile + TensorLayout,
            StandIn<MixedLayout<S, D>>: TensorLayout + TileExtents,
            Tc: TiledCopyLayouts,
            Extents<StandIn<MixedLayout<S, D>>>:
                CopyDividesTile<<Tc as TiledCopyLayouts>::TilerMn>,
            Tc: HasCopyPartition<$side, StandIn<MixedLayout<S, D>>>,
            CopyPartitionLayout<Tc, $side, StandIn<MixedLayout<S, D>>>:
                StaticLayout + TensorLayout + WithRuntimeStrides,
        {
            let (e, base, l) = t.into_parts();
            let part = self.$partition(Tensor::new(Counting, Default::default())?)?;
            remap::<true, _, _, _, _>(e, base, &l, resolved(part))
        }
    };
}

impl<Tc> ThrCopy<Tc> {
    copy_mixed!(
        /// CuTe's `partition_S` of a tensor with a mixed layout (static
        /// shape `(M,N,…)`, run-time strides): shape `(CPY_V,Rest_M,Rest_N,…)`
        /// static, strides run-time (see the module documentation).
        partition_s_mixed, partition_s, CopySrc
    );
    copy_mixed!(
        /// CuTe's `partition_D` of a mixed tensor (see [`partition_s_mixed`](Self::partition_s_mixed)).
        partition_d_mixed, partition_d, CopyDst
    );
}
