//! The partitions of tiled copies and tiled MMAs on device tensors
//! (CuTe's `thr_copy.partition_S(t)`, `thr_mma.partition_A(t)`, …): the
//! atom layer computes each on a counting tensor of the tensor's layout
//! (static, or mixed with a static shape), and the device tensor takes
//! its layout and offset. The tile of the copy or MMA must divide the
//! tensor's static shape (the atom layer's compile-time bound), so a
//! partition restricts the tensor's domain and keeps its invariant.

use super::tensor::{DeviceView, or_trap, view_partitioned};
use crate::Error;
use crate::atom::mixed_partition::{MixedTile, StandIn, WithRuntimeStrides};
use crate::atom::tiled_copy::{
    CopyDividesTile, CopyDst, CopyPartition, CopyPartitionLayout, CopyPartitionQuery, CopySrc,
    HasCopyPartition, ThrCopy, TiledCopy, TiledCopyLayouts,
};
use crate::atom::tiled_mma::{
    EvenlyDividesTile, Extents, HasMmaPartition, MmaPartition, MmaPartitionLayout,
    MmaPartitionQuery, MmaTileFits, OperandA, OperandB, OperandC, OperandTileShape, ThrMma,
    TileExtents, TiledMma, TiledMmaLayouts,
};
use crate::data::int_tuple::{Int, IntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::data::swizzle::{ComposedLayout, StaticSwizzle};
use crate::kernel::composed::split_offset;
use crate::kernel::computed::LayoutQuery;
use crate::kernel::device::{MaybeSource, RegFragment, make_fragment_like};
use crate::kernel::layout::TensorLayout;
use crate::kernel::partition::MakeFragment;
use crate::kernel::tensor::{Counting, Tensor};
use crate::mixed::layout::{Dyn, MixedLayout};
use crate::mixed::modes::MixedAppend;

/// CuTe's `get_thread_slice(thr_idx)` on the device: the slice of thread
/// `thr_idx`, which must be below the tiled copy's or MMA's thread count
/// (a trap beyond; the host method returns `Result`).
///
/// # Examples
///
/// On the host (the same code runs in a kernel):
///
/// ```
/// use cute_static::arch::{DeviceCopyPartition, GlobalBuffer, ThreadSlice};
/// use cute_static::atom::{MakeTiledCopy, UniversalCopy};
/// use cute_static::{Layout, layout};
/// // 32 threads, 4 consecutive f32 each (one 128-bit access): a 128 × 1 tile.
/// type Cp = MakeTiledCopy<UniversalCopy<u128>, 32, Layout![(32, 1)], Layout![(4, 1)]>;
/// fn slice<T: ThreadSlice>(tiled: &T, thr_idx: usize) -> T::Slice {
///     tiled.thread_slice(thr_idx)
/// }
/// let data: Vec<f32> = (0..128).map(|i| i as f32).collect();
/// let g = GlobalBuffer::from_slice(&data);
/// let part = slice(&Cp::default(), 5).partition_S(g.tensor(layout!((128, 1)))?);
/// assert_eq!((0..4).map(|i| part.read(i)).collect::<Vec<_>>(), [20.0, 21.0, 22.0, 23.0]);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait ThreadSlice {
    /// The thread's slice (`ThrCopy`, `ThrMma`).
    type Slice;
    /// Thread `thr_idx`'s slice.
    fn thread_slice(&self, thr_idx: usize) -> Self::Slice;
}
impl<A, const BITS: usize, L, T> ThreadSlice for TiledCopy<A, BITS, L, T>
where
    Self: TiledCopyLayouts,
{
    type Slice = ThrCopy<Self>;
    #[inline(always)]
    #[track_caller]
    fn thread_slice(&self, thr_idx: usize) -> ThrCopy<Self> {
        or_trap(
            self.get_slice(thr_idx),
            "thread_slice: a thread beyond the tiled copy",
        )
    }
}
impl<A, L, P> ThreadSlice for TiledMma<A, L, P>
where
    Self: TiledMmaLayouts,
{
    type Slice = ThrMma<Self>;
    #[inline(always)]
    #[track_caller]
    fn thread_slice(&self, thr_idx: usize) -> ThrMma<Self> {
        or_trap(
            self.get_slice(thr_idx),
            "thread_slice: a thread beyond the tiled MMA",
        )
    }
}

/// A layout a tiled copy `Tc` partitions on the side `Sd` (a static layout,
/// or a mixed one with a static shape): the partition of a counting tensor.
#[doc(hidden)]
pub trait CopyPartitionable<Tc, Sd>: TensorLayout {
    /// The partition's layout.
    type Output: TensorLayout;
    /// The partition of a counting tensor of this layout.
    fn partition(
        thr: &ThrCopy<Tc>,
        t: Tensor<Counting, Self>,
    ) -> Result<Tensor<Counting, Self::Output>, Error>;
    /// [`partition`](Self::partition) for a device view of a valid
    /// layout (see the `arch` tensor module): a mixed layout's partition
    /// is not checked for overflow again (its offsets are offsets of the
    /// view's domain).
    #[inline(always)]
    fn partition_view(
        thr: &ThrCopy<Tc>,
        t: Tensor<Counting, Self>,
    ) -> Result<Tensor<Counting, Self::Output>, Error> {
        Self::partition(thr, t)
    }
}

/// A layout a tiled MMA `M` partitions for the operand `Op`.
#[doc(hidden)]
pub trait MmaPartitionable<M, Op>: TensorLayout {
    /// The partition's layout.
    type Output: TensorLayout;
    /// The partition of a counting tensor of this layout.
    fn partition(
        thr: &ThrMma<M>,
        t: Tensor<Counting, Self>,
    ) -> Result<Tensor<Counting, Self::Output>, Error>;
    /// [`partition`](Self::partition) for a device view of a valid
    /// layout (see the `arch` tensor module): a mixed layout's partition
    /// is not checked for overflow again (its offsets are offsets of the
    /// view's domain).
    #[inline(always)]
    fn partition_view(
        thr: &ThrMma<M>,
        t: Tensor<Counting, Self>,
    ) -> Result<Tensor<Counting, Self::Output>, Error> {
        Self::partition(thr, t)
    }
}

/// The impl of `$Trait<$P, $side>` (a copy side or an MMA operand) for a
/// mixed layout with a static shape: the partition of its static stand-in
/// (`$host`) with the run-time strides put back (`$mixed`), or for a device
/// view the stand-in's partition remapped onto the view's offsets.
macro_rules! mixed_partitionable {
    (
        $(#[$doc:meta])*
        $Trait:ident<$P:ident, $side:ty>, $Thr:ident, $host:ident, $mixed:ident,
        $Layouts:ident + $Has:ident,
        [$($divides:tt)*],
        $Part:ident
    ) => {
        $(#[$doc])*
        impl<$P, S, D> $Trait<$P, $side> for MixedLayout<S, D>
        where
            Self: MixedTile + TensorLayout,
            StandIn<Self>: TensorLayout + TileExtents,
            $P: $Layouts + $Has<$side, StandIn<Self>>,
            Extents<StandIn<Self>>: $($divides)*,
            $Part<$P, $side, StandIn<Self>>:
                StaticLayout + TensorLayout + WithRuntimeStrides,
        {
            type Output = crate::atom::mixed_partition::Mixed<$Part<$P, $side, StandIn<Self>>>;
            #[inline(always)]
            fn partition(
                thr: &$Thr<$P>,
                t: Tensor<Counting, Self>,
            ) -> Result<Tensor<Counting, Self::Output>, Error> {
                thr.$mixed(t)
            }
            #[inline(always)]
            fn partition_view(
                thr: &$Thr<$P>,
                t: Tensor<Counting, Self>,
            ) -> Result<Tensor<Counting, Self::Output>, Error> {
                let (e, base, l) = t.into_parts();
                let part = thr.$host(Tensor::new(Counting, Default::default())?)?;
                crate::atom::mixed_partition::remap_view(e, base, &l, part)
            }
        }
    };
}

macro_rules! copy_sides {
    ($($side:ty, $host:ident, $mixed:ident;)*) => {$(
        /// A static layout: the atom layer's static partition.
        impl<Tc, S, D> CopyPartitionable<Tc, $side> for Layout<S, D>
        where
            Self: TensorLayout + TileExtents,
            Tc: TiledCopyLayouts + HasCopyPartition<$side, Self>,
            Extents<Self>: CopyDividesTile<<Tc as TiledCopyLayouts>::TilerMn>,
            CopyPartitionQuery<Tc, $side, Self>: LayoutQuery,
        {
            type Output = CopyPartition<Tc, $side, Self>;
            #[inline(always)]
            fn partition(
                thr: &ThrCopy<Tc>,
                t: Tensor<Counting, Self>,
            ) -> Result<Tensor<Counting, Self::Output>, Error> {
                thr.$host(t)
            }
        }
        mixed_partitionable! {
            /// A mixed layout with a static shape: the atom layer's mixed
            /// partition (static shape, run-time strides).
            CopyPartitionable<Tc, $side>, ThrCopy, $host, $mixed,
            TiledCopyLayouts + HasCopyPartition,
            [CopyDividesTile<<Tc as TiledCopyLayouts>::TilerMn>],
            CopyPartitionLayout
        }
    )*};
}
copy_sides! {
    CopySrc, partition_s, partition_s_mixed;
    CopyDst, partition_d, partition_d_mixed;
}

/// The head `(S0, S1):(D0, D1)` of a rank-3 mixed layout whose last mode
/// is a run-time extent (`local_tile`'s `(BLK_M, BLK_K, k)`).
type Head<S0, S1, D0, D1> = MixedLayout<(S0, S1), (D0, D1)>;
/// The head's copy partition with the last mode appended.
type WithTail<Tc, Sd, S0, S1, D0, D1, D2> =
    <<Head<S0, S1, D0, D1> as CopyPartitionable<Tc, Sd>>::Output as MixedAppend<
        MixedLayout<Dyn, D2>,
    >>::Appended;

/// A mixed `(BLK_M, BLK_K, k)` with a static tile and a run-time last
/// extent (a `local_tile` with the tile-index mode kept): CuTe's
/// `partition_S/D` of the tile modes, the last mode appended unchanged —
/// `(CPY, CPY_M, CPY_K, k)`. The head's partition restricts the tile's
/// domain and the last mode is kept as it is, so the result restricts the
/// tensor's.
impl<Tc, Sd, S0, S1, D0, D1, D2> CopyPartitionable<Tc, Sd>
    for MixedLayout<(S0, S1, Dyn), (D0, D1, D2)>
where
    Self: TensorLayout,
    S0: Copy,
    S1: Copy,
    D0: Copy,
    D1: Copy,
    D2: Copy,
    Head<S0, S1, D0, D1>: CopyPartitionable<Tc, Sd>,
    <Head<S0, S1, D0, D1> as CopyPartitionable<Tc, Sd>>::Output: MixedAppend<MixedLayout<Dyn, D2>>,
    WithTail<Tc, Sd, S0, S1, D0, D1, D2>: TensorLayout,
{
    type Output = WithTail<Tc, Sd, S0, S1, D0, D1, D2>;
    #[inline(always)]
    fn partition(
        thr: &ThrCopy<Tc>,
        t: Tensor<Counting, Self>,
    ) -> Result<Tensor<Counting, Self::Output>, Error> {
        with_tail::<false, _, _, _, _, _, _, _>(thr, t)
    }
    #[inline(always)]
    fn partition_view(
        thr: &ThrCopy<Tc>,
        t: Tensor<Counting, Self>,
    ) -> Result<Tensor<Counting, Self::Output>, Error> {
        with_tail::<true, _, _, _, _, _, _, _>(thr, t)
    }
}

/// The partition of the head `(BLK_M, BLK_K)` with the last mode
/// appended; for a device view (`VIEW`) of a valid layout, neither is
/// checked for overflow again (the result's offsets are the view's).
#[inline(always)]
#[allow(clippy::type_complexity)]
fn with_tail<const VIEW: bool, Tc, Sd, S0, S1, D0, D1, D2>(
    thr: &ThrCopy<Tc>,
    t: Tensor<Counting, MixedLayout<(S0, S1, Dyn), (D0, D1, D2)>>,
) -> Result<Tensor<Counting, WithTail<Tc, Sd, S0, S1, D0, D1, D2>>, Error>
where
    MixedLayout<(S0, S1, Dyn), (D0, D1, D2)>: TensorLayout,
    S0: Copy,
    S1: Copy,
    D0: Copy,
    D1: Copy,
    D2: Copy,
    Head<S0, S1, D0, D1>: CopyPartitionable<Tc, Sd>,
    <Head<S0, S1, D0, D1> as CopyPartitionable<Tc, Sd>>::Output: MixedAppend<MixedLayout<Dyn, D2>>,
    WithTail<Tc, Sd, S0, S1, D0, D1, D2>: TensorLayout,
{
    let (e, base, l) = t.into_parts();
    let (s, d) = (*l.shape(), *l.stride());
    let head = Tensor::from_parts(e, base, MixedLayout::from_parts((s.0, s.1), (d.0, d.1)));
    let (e, base, part) = if VIEW {
        <Head<S0, S1, D0, D1>>::partition_view(thr, head)?
    } else {
        <Head<S0, S1, D0, D1>>::partition(thr, head)?
    }
    .into_parts();
    let tail = MixedLayout::from_parts(s.2, d.2);
    let layout = if VIEW {
        part.append_unchecked(&tail)
    } else {
        part.append_mode(&tail)?
    };
    Ok(Tensor::from_parts(e, base, layout))
}

macro_rules! mma_operands {
    ($($op:ty, $host:ident, $mixed:ident;)*) => {$(
        /// A static layout: the atom layer's static partition.
        impl<M, S, D> MmaPartitionable<M, $op> for Layout<S, D>
        where
            Self: TensorLayout + TileExtents,
            M: TiledMmaLayouts + HasMmaPartition<$op, Self> + MmaTileFits<$op, Self>,
            MmaPartitionQuery<M, $op, Self>: LayoutQuery,
        {
            type Output = MmaPartition<M, $op, Self>;
            #[inline(always)]
            fn partition(
                thr: &ThrMma<M>,
                t: Tensor<Counting, Self>,
            ) -> Result<Tensor<Counting, Self::Output>, Error> {
                thr.$host(t)
            }
        }
        mixed_partitionable! {
            /// A mixed layout with a static shape.
            MmaPartitionable<M, $op>, ThrMma, $host, $mixed,
            TiledMmaLayouts + HasMmaPartition,
            [EvenlyDividesTile<OperandTileShape<M, $op>>],
            MmaPartitionLayout
        }
    )*};
}
mma_operands! {
    OperandA, partition_a, partition_a_mixed;
    OperandB, partition_b, partition_b_mixed;
    OperandC, partition_c, partition_c_mixed;
}

/// A static layout (a computed partition) as its `Layout<Shape, Stride>`.
type Plain<P> = Layout<<P as StaticLayout>::Shape, <P as StaticLayout>::Stride>;
/// The partition `P` of a swizzled layout's inner layout under its swizzle.
type SwizzledPart<Sw, P> = ComposedLayout<Sw, Dyn, Plain<P>>;

/// The partition of a swizzled layout `Sw ∘ O ∘ L` (CuTe's `partition_S/D`
/// and `partition_A/B/C` of a tensor over a `ComposedLayout`): the
/// partition of the inner static layout `L`, whose offset for the thread
/// (and any fixed coordinates) joins `O` inside the swizzle, as a slice of
/// a composed layout does — `R(j) = Sw(O + off + P(j))` where `off + P(j)`
/// is the inner partition's `L(i)`; the part of `O + off` that the
/// swizzle's period divides then moves to the tensor's base
/// ([`split_offset`](crate::layout::split_offset)).
fn composed_partition<Sw, O, L, P>(
    t: Tensor<Counting, ComposedLayout<Sw, O, L>>,
    inner: impl FnOnce(Tensor<Counting, L>) -> Result<Tensor<Counting, P>, Error>,
) -> Result<Tensor<Counting, SwizzledPart<Sw, P>>, Error>
where
    Sw: StaticSwizzle,
    O: Int + IntTuple,
    L: StaticLayout + TensorLayout,
    P: StaticLayout + TensorLayout,
    Plain<P>: StaticLayout,
{
    let (e, base, l) = t.into_parts();
    let (_, off, _) = inner(Tensor::from_parts(Counting, 0, l.layout()))?.into_parts();
    let offset = l.offset().value().checked_add(off).ok_or(Error::Overflow {
        operation: "partition",
        operands: "the offset of a composed layout",
    })?;
    // The part of the offset that the swizzle's period divides moves to the
    // base (`split_offset`: the same offsets): a thread's offset keeps only
    // its bits below the period inside the swizzle.
    let (part, moved) = split_offset(ComposedLayout::new(
        l.swizzle(),
        Dyn(offset),
        Default::default(),
    ));
    let base = base.checked_add(moved).ok_or(Error::Overflow {
        operation: "partition",
        operands: "the base of a composed layout's partition",
    })?;
    Ok(Tensor::from_parts(e, base, part))
}

/// A swizzled layout: its inner layout's copy partition (see
/// [`composed_partition`]).
impl<Tc, Sd, Sw, O, L> CopyPartitionable<Tc, Sd> for ComposedLayout<Sw, O, L>
where
    Sw: StaticSwizzle,
    O: Int + IntTuple,
    L: StaticLayout + CopyPartitionable<Tc, Sd, Output: StaticLayout>,
    Plain<L::Output>: StaticLayout,
{
    type Output = ComposedLayout<Sw, Dyn, Plain<L::Output>>;
    #[inline(always)]
    fn partition(
        thr: &ThrCopy<Tc>,
        t: Tensor<Counting, Self>,
    ) -> Result<Tensor<Counting, Self::Output>, Error> {
        composed_partition(t, |c| L::partition(thr, c))
    }
}

/// A swizzled layout: its inner layout's MMA partition (see
/// [`composed_partition`]).
impl<M, Op, Sw, O, L> MmaPartitionable<M, Op> for ComposedLayout<Sw, O, L>
where
    Sw: StaticSwizzle,
    O: Int + IntTuple,
    L: StaticLayout + MmaPartitionable<M, Op, Output: StaticLayout>,
    Plain<L::Output>: StaticLayout,
{
    type Output = ComposedLayout<Sw, Dyn, Plain<L::Output>>;
    #[inline(always)]
    fn partition(
        thr: &ThrMma<M>,
        t: Tensor<Counting, Self>,
    ) -> Result<Tensor<Counting, Self::Output>, Error> {
        composed_partition(t, |c| L::partition(thr, c))
    }
}

/// The layout of a copy partition of a view `V`.
pub type CopyOut<V, Tc, Sd> = <<V as DeviceView>::Layout as CopyPartitionable<Tc, Sd>>::Output;
/// The layout of an MMA partition of a view `V`.
pub type MmaOut<V, M, Op> = <<V as DeviceView>::Layout as MmaPartitionable<M, Op>>::Output;

/// A copy partition of a counting tensor of the view `V`'s layout: the
/// device view's (not checked for overflow again) when `V` is exact.
#[inline(always)]
fn partition_of<V: DeviceView, Tc, Sd>(
    thr: &ThrCopy<Tc>,
    c: Tensor<Counting, V::Layout>,
) -> Result<Tensor<Counting, CopyOut<V, Tc, Sd>>, Error>
where
    V::Layout: CopyPartitionable<Tc, Sd>,
{
    if V::EXACT {
        V::Layout::partition_view(thr, c)
    } else {
        V::Layout::partition(thr, c)
    }
}

/// CuTe's `partition_S`/`partition_D` of a thread's copy slice on device
/// tensors (CuTe's spelling; the host methods `partition_s`/`partition_d`
/// return `Result`).
///
/// # Examples
///
/// ```
/// use cute_static::arch::{DeviceCopyPartition, GlobalBuffer, ThreadSlice};
/// use cute_static::atom::{MakeTiledCopy, UniversalCopy};
/// use cute_static::{Layout, layout};
/// // 8 × 4 threads, 4 × 1 f32 values each: a 32 × 4 tile.
/// type Cp = MakeTiledCopy<UniversalCopy<u128>, 32, Layout![(8, 4)], Layout![(4, 1)]>;
/// let (src, dst) = (GlobalBuffer::from_slice(&[1.0f32; 128]), GlobalBuffer::<f32>::zeroed(128));
/// let thr = Cp::default().thread_slice(9); // thread (1, 1)
/// let (s, d) = (thr.partition_S(src.tensor(layout!((32, 4)))?), thr.partition_D(dst.tensor(layout!((32, 4)))?));
/// for i in 0..s.size() {
///     d.write(i, s.read(i));
/// }
/// // Rows 4..8 of column 1.
/// assert_eq!(dst.to_vec().iter().enumerate().filter(|(_, x)| **x == 1.0).map(|(i, _)| i).collect::<Vec<_>>(), [36, 37, 38, 39]);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[allow(non_snake_case)]
pub trait DeviceCopyPartition<Tc> {
    /// This thread's source values `(CPY_V, Rest_M, Rest_N, …)`.
    fn partition_S<V: DeviceView>(&self, t: V) -> V::With<CopyOut<V, Tc, CopySrc>>
    where
        V::Layout: CopyPartitionable<Tc, CopySrc>;
    /// This thread's destination values.
    fn partition_D<V: DeviceView>(&self, t: V) -> V::With<CopyOut<V, Tc, CopyDst>>
    where
        V::Layout: CopyPartitionable<Tc, CopyDst>;
}
#[allow(non_snake_case)]
impl<Tc> DeviceCopyPartition<Tc> for ThrCopy<Tc> {
    #[inline(always)]
    #[track_caller]
    fn partition_S<V: DeviceView>(&self, t: V) -> V::With<CopyOut<V, Tc, CopySrc>>
    where
        V::Layout: CopyPartitionable<Tc, CopySrc>,
    {
        let c = Tensor::from_parts(Counting, 0, t.view_layout());
        let part = or_trap(partition_of::<V, _, _>(self, c), "partition_S: overflow");
        // SAFETY: a tiled copy's partition of a tensor its tile divides,
        // for a thread of the copy: a restriction of the domain.
        unsafe { view_partitioned(t, part) }
    }
    #[inline(always)]
    #[track_caller]
    fn partition_D<V: DeviceView>(&self, t: V) -> V::With<CopyOut<V, Tc, CopyDst>>
    where
        V::Layout: CopyPartitionable<Tc, CopyDst>,
    {
        let c = Tensor::from_parts(Counting, 0, t.view_layout());
        let part = or_trap(partition_of::<V, _, _>(self, c), "partition_D: overflow");
        // SAFETY: as for `partition_S`.
        unsafe { view_partitioned(t, part) }
    }
}

/// CuTe's `partition_A/B/C` of a thread's MMA slice on device tensors.
///
/// # Examples
///
/// A 4 × 4 grid of threads, one `UniversalFMA` each:
///
/// ```
/// use cute_static::arch::{DeviceMmaPartition, GlobalBuffer, ThreadSlice};
/// use cute_static::atom::{TiledMma, UniversalFMA};
/// use cute_static::{Layout, layout};
/// let mma = TiledMma::<UniversalFMA<f32, f32, f32, f32>, Layout![(4, 4, 1)]>::new();
/// let a: Vec<f32> = (0..8).map(|i| i as f32).collect();
/// let (ga, gc) = (GlobalBuffer::from_slice(&a), GlobalBuffer::<f32>::zeroed(16));
/// let thr = mma.thread_slice(5); // thread (1, 1)
/// let t_a = thr.partition_A(ga.tensor(layout!((4, 2)))?); // (MMA, MMA_M, MMA_K)
/// assert_eq!((t_a.size(), t_a.read(0), t_a.read(1)), (2, 1.0, 5.0)); // A(1, 0), A(1, 1)
/// let t_c = thr.partition_C(gc.tensor(layout!((4, 4)))?);
/// t_c.write(0, 7.0);
/// assert_eq!(gc.get(1 + 4 * 1), 7.0); // C(1, 1)
/// let acc = thr.make_fragment_C(&t_c); // zero accumulators, in registers
/// assert_eq!(acc.regs(), [0.0]);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[allow(non_snake_case)]
pub trait DeviceMmaPartition<M> {
    /// This thread's A values `(MMA, MMA_M, MMA_K, …)`.
    fn partition_A<V: DeviceView>(&self, t: V) -> V::With<MmaOut<V, M, OperandA>>
    where
        V::Layout: MmaPartitionable<M, OperandA>;
    /// This thread's B values `(MMA, MMA_N, MMA_K, …)`.
    fn partition_B<V: DeviceView>(&self, t: V) -> V::With<MmaOut<V, M, OperandB>>
    where
        V::Layout: MmaPartitionable<M, OperandB>;
    /// This thread's C values `(MMA, MMA_M, MMA_N, …)`.
    fn partition_C<V: DeviceView>(&self, t: V) -> V::With<MmaOut<V, M, OperandC>>
    where
        V::Layout: MmaPartitionable<M, OperandC>;
    /// CuTe's `make_fragment_C(tCgC)`: the accumulators, a zero-filled
    /// register fragment of the (static) shape of a C partition (the
    /// layout of `make_fragment_like`).
    #[inline(always)]
    fn make_fragment_C<T: MaybeSource>(&self, t: &T) -> RegFragment<T::Value, T::Layout>
    where
        T::Layout: MakeFragment,
    {
        make_fragment_like(t)
    }
}
macro_rules! mma_partition_methods {
    ($($name:ident, $op:ty;)*) => {
        #[allow(non_snake_case)]
        impl<M> DeviceMmaPartition<M> for ThrMma<M> {
            $(
                #[inline(always)]
                #[track_caller]
                fn $name<V: DeviceView>(&self, t: V) -> V::With<MmaOut<V, M, $op>>
                where
                    V::Layout: MmaPartitionable<M, $op>,
                {
                    let c = Tensor::from_parts(Counting, 0, t.view_layout());
                    let part = or_trap(
                        if V::EXACT {
                            V::Layout::partition_view(self, c)
                        } else {
                            V::Layout::partition(self, c)
                        },
                        "partition: overflow",
                    );
                    // SAFETY: a tiled MMA's partition of a tensor its tile
                    // divides, for a thread of the MMA: a restriction of the domain.
                    unsafe { view_partitioned(t, part) }
                }
            )*
        }
    };
}
mma_partition_methods! {
    partition_A, OperandA;
    partition_B, OperandB;
    partition_C, OperandC;
}
