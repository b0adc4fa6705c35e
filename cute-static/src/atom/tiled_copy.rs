//! Tiled copies as types (CuTe's `TiledCopy`, `make_tiled_copy`,
//! `ThrCopy`): [`TiledCopy<Atom, BITS, LayoutTv, TilerMn>`] whose layouts
//! are computed by the static algebra with the definitions of
//! cute-dynamic's `atom/tiled_copy.rs`:
//!
//! * the atom's bit layouts in units of a `BITS`-bit value: `Src`, `Dst`,
//!   `Ref` ([`ValLayoutSrc`](crate::ValLayoutSrc), …);
//! * `make_tiled_copy(atom, thr, val)`: `LayoutMN = raked_product(thr,
//!   val)`, `LayoutTV = right_inverse(LayoutMN) ∘ (size(thr),size(val))`,
//!   `TilerMN = product_each(shape(LayoutMN))`;
//! * `tile2thrfrg(T)`: `thrval2mn = coalesce(zip2(zipped_divide(LayoutTV,
//!   (atom threads, atom values)) ∘ <right_inverse(Ref) ∘ Trg, _>),
//!   (1,(1,1)))`, `T ∘ <thrval2mn, _>` unfolded to `(thread, value, rest)`;
//! * `layoutS/D_TV = tile ∘ thrval2mn` (CuTe's `tile2thrfrg((tile, 1:0))`
//!   at `(_, _, 0)`);
//! * `partition_S/D` of thread `t` ([`ThrCopy`], from
//!   [`TiledCopy::get_slice`]): the tensor's layout zipped-divided by
//!   `Tiler_MN`, its tile mode composed with `thrval2mn` (the by-mode
//!   `<thrval2mn, _>`, computed on the tile mode alone), sliced at
//!   `(t, _, (_,…))`: a static layout `(CPY_V, Rest_M, Rest_N, …)` and the
//!   thread's run-time offset;
//! * `make_tiled_copy_A/B/C(atom, tiled_mma)`: the tiled MMA's
//!   `layoutX_TV` over its `(tile_size<I>, tile_size<J>)` tile.
//!
//! `retile_S/D` are in `atom/retile.rs`, the thread and value counts'
//! rule in `atom/copy_counts.rs`, partitions of mixed tensors in
//! `atom/mixed_partition.rs`.
//!
//! ```
//! use cute_static::{Layout, Tensor, layout, atom::{CopyLayoutTv, CopySrc, MakeTiledCopy, TiledCopyLayouts, UniversalCopy, make_tiled_copy}, layout::StaticLayout, tensor::Counting};
//! // 32×8 threads, each 8 contiguous 16-bit values in M: 128-bit copies.
//! let copy = make_tiled_copy::<_, 16, _, _>(UniversalCopy::<u128>::new(), layout!((32, 8):(1, 32)), layout!((8, 1)));
//! assert_eq!((copy.size(), copy.tiler_mn()), (256, [256, 8]));
//! type Copy = MakeTiledCopy<UniversalCopy<u128>, 16, Layout![(32, 8):(1, 32)], Layout![(8, 1)]>;
//! type Tv = CopyLayoutTv<UniversalCopy<u128>, 16, <Copy as TiledCopyLayouts>::LayoutTv, <Copy as TiledCopyLayouts>::TilerMn, CopySrc>;
//! // thread t holds rows 8(t mod 32)…+7 of column t/32: index 8t + v.
//! assert_eq!(Tv::default().call(33 + 256 * 2), 8 * 33 + 2);
//! // Thread 33's source values of a 256×8 tensor: 8 values from 264 on.
//! let mine = copy.get_slice(33)?.partition_s(Tensor::new(Counting, layout!((256, 8)))?)?;
//! assert_eq!((mine.base(), mine.size(), mine.read(7)?), (264, 8, 271));
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::fmt;
use core::marker::PhantomData;

use super::CopyAtom;
use super::tiled_mma::SizeC;
use super::tiled_mma::{
    AtOf, ComposeTreeOf, ComposeTreeWith, DivTree, DivideTree, Extents, JoinWith, LayoutTvOf,
    OperandA, OperandB, OperandC, SpellLayout, Spelled, SpliceTree, StepResult, TileExtents,
    TileSize, TiledMmaLayouts, TiledMmaTv, TreeOf,
};
use crate::Error;
use crate::algebra::coalesce_by::CoalescedBy;
use crate::algebra::composition::Compose;
use crate::algebra::composition::Composed;
use crate::algebra::divide::SizeOf;
use crate::algebra::divide::Zipped;
use crate::algebra::divide::ZippedDivide;
use crate::algebra::divide::ZippedQuotient;
use crate::algebra::inverse::RightInverse;
use crate::algebra::inverse::RightInvert;
use crate::algebra::inverse::{NegativeRightInverseErr, RightInverseOk};
use crate::algebra::product::ZipProductWith;
use crate::algebra::recast::Upcasted;
use crate::data::int_tuple::C;
use crate::data::int_tuple::StaticInt;
use crate::data::int_tuple::StaticIntTuple;
use crate::data::int_tuple_ops::TreeEvenly;
use crate::data::layout::{At, Layout, ModeOf, StaticLayout};
use crate::data::neg::{AnyNegative, HasNegative, NegativeGate, UnlessNegative};
use crate::data::tiler::Tiler;
use crate::kernel::computed::{Computed, LayoutQuery, QueryOf, Resolve, Resolved};
use crate::kernel::layout::TensorLayout;
use crate::kernel::partition::{CompactColMajor, CompactFrom};
use crate::kernel::tensor::{Engine, Tensor, Underscore};
use crate::private::HCons;
use crate::private::{If, P, Pretty};
use core::ops::Mul;
use typenum::operator_aliases::{Eq, Prod};
use typenum::{B1, IsEqual, U1};
use typenum::{U0, U2};

/// A tiled copy (CuTe's `TiledCopy`): the copy atom `Atom` over values of
/// `BITS` bits, tiled by the `(thread, value) → tile index` layout
/// `LayoutTv` over a tile of shape `TilerMn`. Zero-sized; build it with
/// [`make_tiled_copy`].
pub struct TiledCopy<Atom, const BITS: usize, LayoutTv, TilerMn>(Parts<Atom, LayoutTv, TilerMn>);
type Parts<A, L, T> = PhantomData<fn() -> (A, L, T)>;

impl<A, const BITS: usize, L, T> TiledCopy<A, BITS, L, T> {
    /// The tiled copy (it carries no data).
    #[inline(always)]
    pub const fn new() -> Self {
        TiledCopy(PhantomData)
    }
}
impl<A, const BITS: usize, L, T> Clone for TiledCopy<A, BITS, L, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A, const BITS: usize, L, T> Copy for TiledCopy<A, BITS, L, T> {}
impl<A, const BITS: usize, L, T> Default for TiledCopy<A, BITS, L, T> {
    fn default() -> Self {
        Self::new()
    }
}
impl<A: CopyAtom, const BITS: usize, L: StaticLayout, T> fmt::Debug for TiledCopy<A, BITS, L, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TiledCopy({}, {BITS} bits, {})", A::NAME, L::default())
    }
}

/// The TV layout of `make_tiled_copy(atom, thr, val)`:
/// `right_inverse(raked_product(thr, val))` composed with the compact
/// `(size(thr), size(val))` layout (`MakeTiledCopyTvOf`).
pub type MakeTiledCopyTv<Thr, Val> = <Thr as MakeTiledCopyTvOf<Val>>::Layout;
/// `raked_product(thr, val)`'s tree.
type RakedT<Thr, Val> = <<<Val as StaticLayout>::Tree as ZipProductWith<
    B1,
    <Thr as StaticLayout>::Tree,
>>::Out as StepResult<<Thr as StaticLayout>::Tree, Val>>::Tree;
/// Its right inverse's tree (`Err` for a negative stride, as
/// [`RightInverse`] reports it).
type InverseT<Thr, Val> = <UnlessNegative<
    RakedT<Thr, Val>,
    NegativeRightInverseErr,
    RightInverseOk<RakedT<Thr, Val>>,
> as StepResult<RakedT<Thr, Val>, ()>>::Tree;
/// The inverse composed with `(size(thr), size(val))`.
type TiledTvT<Thr, Val> = ComposeTreeOf<InverseT<Thr, Val>, ThrValShape<Thr, Val>>;
/// [`MakeTiledCopyTv`] computed on trees in one impl: the raked product,
/// its right inverse and the composition, spelled once (the layout-level
/// operations would spell and re-zip each intermediate layout).
pub trait MakeTiledCopyTvOf<Val> {
    /// The TV layout.
    type Layout: StaticLayout + TensorLayout;
}
impl<Thr, Val> MakeTiledCopyTvOf<Val> for Thr
where
    Thr: StaticLayout,
    Val: StaticLayout,
    Val::Tree: ZipProductWith<B1, Thr::Tree>,
    <Val::Tree as ZipProductWith<B1, Thr::Tree>>::Out: StepResult<Thr::Tree, Val>,
    RakedT<Thr, Val>: HasNegative,
    AnyNegative<RakedT<Thr, Val>>:
        NegativeGate<NegativeRightInverseErr, RightInverseOk<RakedT<Thr, Val>>>,
    UnlessNegative<RakedT<Thr, Val>, NegativeRightInverseErr, RightInverseOk<RakedT<Thr, Val>>>:
        StepResult<RakedT<Thr, Val>, ()>,
    Thr::Tree: SizeOf,
    Val::Tree: SizeOf,
    <Thr::Tree as SizeOf>::Out: Pretty,
    <Val::Tree as SizeOf>::Out: Pretty,
    SizeC<Thr>: StaticInt,
    SizeC<Val>: StaticInt,
    <SizeC<Thr> as StaticInt>::Tn: IsEqual<U1>,
    <SizeC<Val> as StaticInt>::Tn: IsEqual<U1>,
    Eq<<SizeC<Thr> as StaticInt>::Tn, U1>: If<C<0>, C<1>>,
    Eq<<SizeC<Val> as StaticInt>::Tn, U1>: If<C<0>, SizeC<Thr>>,
    InverseT<Thr, Val>: ComposeTreeWith<ThrValShape<Thr, Val>>,
    TiledTvT<Thr, Val>: SpellLayout,
    Spelled<TiledTvT<Thr, Val>>: StaticLayout + TensorLayout,
{
    type Layout = Spelled<TiledTvT<Thr, Val>>;
}
/// The compact column-major `(size(thr), size(val))` layout (a size-1
/// mode has stride 0, as the run-time crate's column-major layouts).
type ThrValShape<Thr, Val> = Layout<
    (SizeC<Thr>, SizeC<Val>),
    (
        StrideUnlessOne<SizeC<Thr>, C<1>>,
        StrideUnlessOne<SizeC<Val>, SizeC<Thr>>,
    ),
>;
/// `S`, or `C<0>` for a mode of size 1.
pub(crate) type StrideUnlessOne<N, S> = <Eq<<N as StaticInt>::Tn, U1> as If<C<0>, S>>::Out;
/// The tile shape of `make_tiled_copy(atom, thr, val)`: CuTe's
/// `product_each(shape(raked_product(thr, val)))`, i.e. mode by mode
/// `size(thr_i)·size(val_i)` (the raked product's mode `i` is `thr_i` and
/// `val_i` interleaved), computed from the sizes without the product.
pub type MakeTiledCopyTiler<Thr, Val> = <Thr as TiledCopyTiler<Val>>::Tiler;
/// [`MakeTiledCopyTiler`] as an associated type (one bound for the sizes
/// behind it).
///
/// ```
/// use cute_static::{Layout, layout, atom::{MakeTiledCopy, TiledCopyLayouts, UniversalCopy, make_tiled_copy}};
/// // 32×8 threads, each 8 contiguous 16-bit values in M: 128-bit copies.
/// type Copy = MakeTiledCopy<UniversalCopy<u128>, 16, Layout![(32, 8):(1, 32)], Layout![(8, 1)]>;
/// use cute_static::atom::TiledCopyTiler;
/// // The tile one copy step covers: 32·8 rows by 8 columns.
/// let t: (cute_static::C<256>, cute_static::C<8>) = <Copy as TiledCopyLayouts>::TilerMn::default();
/// assert_eq!(t, Default::default());
/// # let _ = core::marker::PhantomData::<<Layout![(32, 8):(1, 32)] as TiledCopyTiler<Layout![(8, 1)]>>::Tiler>;
/// ```
pub trait TiledCopyTiler<Val> {
    /// `(C<size<0>(thr)·size<0>(val)>, C<size<1>(thr)·size<1>(val)>)`.
    type Tiler: Copy + Default;
}
impl<Thr, Val> TiledCopyTiler<Val> for Thr
where
    Thr: StaticLayout,
    Val: StaticLayout,
    Thr::Tree: PaddedModeSize<U0> + PaddedModeSize<U1>,
    Val::Tree: PaddedModeSize<U0> + PaddedModeSize<U1>,
    ModeSizeN<Thr, U0>: Mul<ModeSizeN<Val, U0>>,
    ModeSizeN<Thr, U1>: Mul<ModeSizeN<Val, U1>>,
    Prod<ModeSizeN<Thr, U0>, ModeSizeN<Val, U0>>: Pretty,
    Prod<ModeSizeN<Thr, U1>, ModeSizeN<Val, U1>>: Pretty,
    TilerExtent<Thr, Val, U0>: Copy + Default,
    TilerExtent<Thr, Val, U1>: Copy + Default,
{
    type Tiler = (TilerExtent<Thr, Val, U0>, TilerExtent<Thr, Val, U1>);
}
/// `size<I>(thr)·size<I>(val)` as a readable constant.
type TilerExtent<Thr, Val, I> = P<Prod<ModeSizeN<Thr, I>, ModeSizeN<Val, I>>>;
/// `size<I>(L)` of the layout padded with size-1 modes, as a type-level
/// number.
pub(crate) type ModeSizeN<L, I> = <<L as StaticLayout>::Tree as PaddedModeSize<I>>::Out;
/// The size of mode `I` (`U0`, `U1` or `U2`) of a zipped tree, `1` beyond
/// its rank (CuTe pads the ranks of a product's operands with `_1:_0`).
pub trait PaddedModeSize<I> {
    /// The size.
    type Out;
}
/// An integer layout: mode 0 is itself.
impl<S, D> PaddedModeSize<U0> for (S, D) {
    type Out = S;
}
/// An integer layout has no mode 1.
impl<S, D> PaddedModeSize<U1> for (S, D) {
    type Out = U1;
}
/// An integer layout has no mode 2.
impl<S, D> PaddedModeSize<U2> for (S, D) {
    type Out = U1;
}
/// The first mode of a tuple.
impl<H: SizeOf, T> PaddedModeSize<U0> for HCons<H, T> {
    type Out = H::Out;
}
/// The second mode of a tuple: the first of its tail.
impl<H, T: PaddedModeSize<U0>> PaddedModeSize<U1> for HCons<H, T> {
    type Out = T::Out;
}
/// The third mode of a tuple: the second of its tail.
impl<H, T: PaddedModeSize<U1>> PaddedModeSize<U2> for HCons<H, T> {
    type Out = T::Out;
}
/// Past the last mode.
impl PaddedModeSize<U0> for crate::private::HNil {
    type Out = U1;
}
/// Past the last mode.
impl PaddedModeSize<U1> for crate::private::HNil {
    type Out = U1;
}
/// The type of `make_tiled_copy::<_, BITS, _, _>(atom, thr, val)`.
pub type MakeTiledCopy<A, const BITS: usize, Thr, Val> =
    TiledCopy<A, BITS, MakeTiledCopyTv<Thr, Val>, MakeTiledCopyTiler<Thr, Val>>;

/// CuTe's `make_tiled_copy(Copy_Atom<Op, T>{}, thr_layout, val_layout)`
/// over values of `BITS` bits (`T`'s width).
#[inline(always)]
pub fn make_tiled_copy<A, const BITS: usize, Thr, Val>(
    _atom: A,
    _thr_layout: Thr,
    _val_layout: Val,
) -> MakeTiledCopy<A, BITS, Thr, Val>
where
    A: CopyAtom,
    Thr: MakeTiledCopyTvOf<Val> + TiledCopyTiler<Val>,
    MakeTiledCopy<A, BITS, Thr, Val>: TiledCopyLayouts,
{
    TiledCopy::new()
}

/// What a [`TiledCopy`] computes.
///
/// ```
/// use cute_static::{Layout, layout, atom::{MakeTiledCopy, TiledCopyLayouts, UniversalCopy, make_tiled_copy}};
/// // 32×8 threads, each 8 contiguous 16-bit values in M: 128-bit copies.
/// type Copy = MakeTiledCopy<UniversalCopy<u128>, 16, Layout![(32, 8):(1, 32)], Layout![(8, 1)]>;
/// let copy = Copy::default();
/// assert_eq!((<Copy as TiledCopyLayouts>::SIZE, <Copy as TiledCopyLayouts>::TILER_MN), (256, [256, 8]));
/// assert_eq!((copy.size(), copy.tiler_mn()), (256, [256, 8]));
/// let same = make_tiled_copy::<_, 16, _, _>(UniversalCopy::<u128>::new(), layout!((32, 8):(1, 32)), layout!((8, 1)));
/// assert_eq!(same.tiler_mn(), copy.tiler_mn());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiled copy",
    note = "a tiled copy is built by make_tiled_copy(atom, thr_layout, val_layout): a copy atom type and two static layouts"
)]
pub trait TiledCopyLayouts: Copy + Default {
    /// The atom.
    type Atom: CopyAtom;
    /// `TiledLayout_TV`: `(thread, value)` → index of the tile.
    type LayoutTv: StaticLayout;
    /// `Tiler_MN`: `(C<M>, C<N>)`.
    type TilerMn: Copy + Default;
    /// The number of threads, `size(LayoutTv[0])`.
    const SIZE: usize;
    /// `Tiler_MN` as numbers.
    const TILER_MN: [usize; 2];
    /// The number of threads.
    #[inline(always)]
    fn size(&self) -> usize {
        Self::SIZE
    }
    /// `Tiler_MN`.
    #[inline(always)]
    fn tiler_mn(&self) -> [usize; 2] {
        Self::TILER_MN
    }
}
impl<A, const BITS: usize, L, const M: usize, const N: usize> TiledCopyLayouts
    for TiledCopy<A, BITS, L, (C<M>, C<N>)>
where
    A: CopyAtom,
    L: StaticLayout + crate::Mode<0>,
    Self: super::copy_counts::CopyCountsFit,
{
    type Atom = A;
    type LayoutTv = L;
    type TilerMn = (C<M>, C<N>);
    const SIZE: usize = <ModeOf<L, 0> as StaticLayout>::SIZE;
    const TILER_MN: [usize; 2] = [M, N];
}

/// The source side of a copy (a type-level marker).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CopySrc;
/// The destination side of a copy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CopyDst;

/// The atom's layout of one side in units of `BITS`-bit values.
///
/// ```
/// use cute_static::{atom::{CopySrc, HasCopySide, UniversalCopy}, layout::StaticLayout};
/// // A 128-bit universal copy moves 8 16-bit values (4 32-bit ones) per thread.
/// assert_eq!(<<CopySrc as HasCopySide<UniversalCopy<u128>, 16>>::Trg as StaticLayout>::SIZE, 8);
/// assert_eq!(<<CopySrc as HasCopySide<UniversalCopy<u128>, 32>>::Trg as StaticLayout>::SIZE, 4);
/// ```
pub trait HasCopySide<A: CopyAtom, const BITS: usize> {
    /// `Src` or `Dst` over values.
    type Trg;
}
impl<A: CopyAtom, const BITS: usize> HasCopySide<A, BITS> for CopySrc
where
    A::SrcLayout: crate::Upcast<BITS>,
{
    type Trg = Upcasted<A::SrcLayout, BITS>;
}
impl<A: CopyAtom, const BITS: usize> HasCopySide<A, BITS> for CopyDst
where
    A::DstLayout: crate::Upcast<BITS>,
{
    type Trg = Upcasted<A::DstLayout, BITS>;
}

/// `((a,b),(c,d))` → `((a,c),(b,d))`: CuTe's `zip2_by` of a zipped layout.
///
/// ```
/// use cute_static::{Layout, atom::Zip2};
/// type Z = <Layout![((2, 3), (4, 5)):((1, 2), (6, 24))] as Zip2>::Output;
/// assert_eq!(Z::default().to_string(), "((_2,_4),(_3,_5)):((_1,_6),(_2,_24))");
/// assert_eq!(
///     Z::default().to_dynamic(),
///     cute_dynamic::zip2_by(&"((2,3),(4,5)):((1,2),(6,24))".parse()?, &"<_,_>".parse()?)?
/// );
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub trait Zip2 {
    /// The zipped layout.
    type Output;
}
impl<S0, S1, S2, S3, D0, D1, D2, D3> Zip2 for Layout<((S0, S1), (S2, S3)), ((D0, D1), (D2, D3))> {
    type Output = Layout<((S0, S2), (S1, S3)), ((D0, D2), (D1, D3))>;
}

pub(crate) type RefL<A, const BITS: usize> = Upcasted<<A as CopyAtom>::RefLayout, BITS>;
/// The side's layout `Trg` (`Src` or `Dst` in values) relative to the
/// reference layout `R`: `right_inverse(R) ∘ Trg`.
type Ref2Trg<R, Trg> = Composed<RightInverse<R>, Trg>;
/// The atom's tile `<size(R<0>), size(R<1>)>` of the reference layout `R`.
type AtomTile<R> = Tiler<(SizeC<ModeOf<R, 0>>, SizeC<ModeOf<R, 1>>)>;
type TrgTv<Tv, R, Trg> =
    Composed<ZippedQuotient<Tv, AtomTile<R>>, Tiler<(Ref2Trg<R, Trg>, Underscore)>>;
/// `thrval2mn` of a tiled copy's side `Sd` ([`CopySrc`], [`CopyDst`]):
/// `(thread, value)` → index of the tile.
pub type ThrVal2Mn<A, const BITS: usize, L, Sd> =
    ThrVal2MnOfLayouts<Resolved<L>, RefL<A, BITS>, <Sd as HasCopySide<A, BITS>>::Trg>;
/// The [`ThrVal2MnKey`] of a tiled copy's side `Sd`: its TV layout, the
/// atom's reference layout and the side's layout, in values.
type ThrValKeyOf<A, const BITS: usize, L, Sd> = (
    Resolved<L>,
    RefL<A, BITS>,
    <Sd as HasCopySide<A, BITS>>::Trg,
);
/// `thrval2mn` of the tiled TV layout `Tv`, the atom's reference layout
/// `R` and the side's layout `Trg` (both in values).
type ThrVal2MnOfLayouts<Tv, R, Trg> =
    CoalescedBy<<TrgTv<Tv, R, Trg> as Zip2>::Output, (C<1>, (C<1>, C<1>))>;

/// `thrval2mn` of a tiled copy's side `Sd` as an associated type, so that
/// generic code names it with one bound (`TiledCopy<…>: CopyThrVal2Mn<Sd>`)
/// instead of the steps that compute it.
///
/// ```
/// use cute_static::{Layout, layout, atom::{MakeTiledCopy, TiledCopyLayouts, UniversalCopy, make_tiled_copy}};
/// // 32×8 threads, each 8 contiguous 16-bit values in M: 128-bit copies.
/// type Copy = MakeTiledCopy<UniversalCopy<u128>, 16, Layout![(32, 8):(1, 32)], Layout![(8, 1)]>;
/// use cute_static::{atom::{CopySrc, CopyThrVal2Mn}, layout::StaticLayout};
/// // (thread, value) → index of the 256×8 tile: every element once.
/// type L = <Copy as CopyThrVal2Mn<CopySrc>>::Layout;
/// assert_eq!(<L as StaticLayout>::SIZE, 256 * 8);
/// let l = L::default().to_dynamic();
/// let mut seen: Vec<i64> = (0..l.size()).map(|i| l.call(i)).collect();
/// seen.sort();
/// assert!(seen.iter().copied().eq(0..256 * 8));
/// ```
pub trait CopyThrVal2Mn<Sd> {
    /// [`ThrVal2Mn`] of the tiled copy.
    type Layout: StaticLayout;
}
impl<A, const BITS: usize, L, T, Sd> CopyThrVal2Mn<Sd> for TiledCopy<A, BITS, L, T>
where
    L: Resolve,
    A: CopyAtom,
    Sd: HasCopySide<A, BITS>,
    A::RefLayout: crate::Upcast<BITS>,
    ThrValKeyOf<A, BITS, L, Sd>: ThrVal2MnKey,
{
    type Layout = <ThrValKeyOf<A, BITS, L, Sd> as ThrVal2MnKey>::Layout;
}
/// `thrval2mn` keyed by the layouts it is computed from, `(Tv, R, Trg)`
/// (see [`ThrVal2Mn`]), not by the copy atom or the side: tiled
/// copies whose layouts agree — the same thread and value layouts over
/// atoms of one width, or a side whose layout is the reference's — share
/// one evaluation in the compiler's caches instead of repeating it per
/// atom and per side.
///
/// ```
/// use cute_static::{Layout, layout, atom::{MakeTiledCopy, TiledCopyLayouts, UniversalCopy, make_tiled_copy}};
/// // 32×8 threads, each 8 contiguous 16-bit values in M: 128-bit copies.
/// type Copy = MakeTiledCopy<UniversalCopy<u128>, 16, Layout![(32, 8):(1, 32)], Layout![(8, 1)]>;
/// use cute_static::{atom::{CopyDst, CopySrc, CopyThrVal2Mn}};
/// // A universal copy's source and destination layouts agree: both sides
/// // name one thrval2mn.
/// fn same<A: 'static, B: 'static>() -> bool {
///     core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>()
/// }
/// assert!(same::<<Copy as CopyThrVal2Mn<CopySrc>>::Layout, <Copy as CopyThrVal2Mn<CopyDst>>::Layout>());
/// ```
pub trait ThrVal2MnKey {
    /// `thrval2mn`.
    type Layout: StaticLayout;
}
impl<Tv, R, Trg> ThrVal2MnKey for (Tv, R, Trg)
where
    R: RightInvert + crate::Mode<0> + crate::Mode<1>,
    RightInverse<R>: Compose<Trg>,
    <ModeOf<R, 0> as StaticLayout>::Tree: SizeOf,
    <ModeOf<R, 1> as StaticLayout>::Tree: SizeOf,
    <<ModeOf<R, 0> as StaticLayout>::Tree as SizeOf>::Out: Pretty,
    <<ModeOf<R, 1> as StaticLayout>::Tree as SizeOf>::Out: Pretty,
    Tv: ZippedDivide<AtomTile<R>>,
    ZippedQuotient<Tv, AtomTile<R>>: Compose<Tiler<(Ref2Trg<R, Trg>, Underscore)>>,
    TrgTv<Tv, R, Trg>: Zip2,
    <TrgTv<Tv, R, Trg> as Zip2>::Output:
        crate::algebra::coalesce_by::CoalesceBy<(C<1>, (C<1>, C<1>))>,
    ThrVal2MnOfLayouts<Tv, R, Trg>: StaticLayout,
{
    type Layout = ThrVal2MnOfLayouts<Tv, R, Trg>;
}
/// [`ThrVal2Mn`] named through [`CopyThrVal2Mn`].
type ThrValOf<A, const BITS: usize, L, T, Sd> =
    <TiledCopy<A, BITS, L, T> as CopyThrVal2Mn<Sd>>::Layout;

/// CuTe's `get_layoutS_TV()` / `get_layoutD_TV()` of the tiled copy
/// `TiledCopy<A, BITS, L, T>`: `(thread, value)` → index of the compact
/// column-major `Tiler_MN` tile.
pub type CopyLayoutTv<A, const BITS: usize, L, T, Sd> =
    Composed<CompactColMajor<T>, ThrVal2Mn<A, BITS, L, Sd>>;

/// CuTe's `get_layoutS_TV()` of the tiled copy `Tc` (a [`Computed`]
/// layout named by the copy: [`CopyLayoutTv`] without naming its steps).
pub type LayoutSTv<Tc> = Computed<CopyLayoutTvQuery<Tc, CopySrc>>;
/// CuTe's `get_layoutD_TV()` of the tiled copy `Tc` (see [`LayoutSTv`]).
pub type LayoutDTv<Tc> = Computed<CopyLayoutTvQuery<Tc, CopyDst>>;
/// The query behind [`LayoutSTv`] and [`LayoutDTv`].
pub struct CopyLayoutTvQuery<Tc, Sd>(QueryOf<(Tc, Sd)>);
impl<A, const BITS: usize, L, T, Sd> LayoutQuery for CopyLayoutTvQuery<TiledCopy<A, BITS, L, T>, Sd>
where
    TiledCopy<A, BITS, L, T>: CopyThrVal2Mn<Sd>,
    T: CompactFrom<U1>,
    CompactColMajor<T>: Compose<ThrValOf<A, BITS, L, T, Sd>>,
    Composed<CompactColMajor<T>, ThrValOf<A, BITS, L, T, Sd>>: StaticLayout + TensorLayout,
{
    type Layout = Composed<CompactColMajor<T>, ThrValOf<A, BITS, L, T, Sd>>;
}

/// `make_tiled_copy_A(atom, tiled_mma)`'s type: the atom over
/// `layoutA_TV` of the tiled MMA `M` and its `(tile_size<0>, tile_size<2>)`.
pub type MakeTiledCopyA<A, const BITS: usize, M> =
    TiledCopy<A, BITS, LayoutTvOf<M, OperandA>, (TileSize<M, 0>, TileSize<M, 2>)>;
/// `make_tiled_copy_B(atom, tiled_mma)`'s type: `layoutB_TV` over
/// `(tile_size<1>, tile_size<2>)`.
pub type MakeTiledCopyB<A, const BITS: usize, M> =
    TiledCopy<A, BITS, LayoutTvOf<M, OperandB>, (TileSize<M, 1>, TileSize<M, 2>)>;
/// `make_tiled_copy_C(atom, tiled_mma)`'s type: `layoutC_TV` over
/// `(tile_size<0>, tile_size<1>)`.
pub type MakeTiledCopyC<A, const BITS: usize, M> =
    TiledCopy<A, BITS, LayoutTvOf<M, OperandC>, (TileSize<M, 0>, TileSize<M, 1>)>;

/// `make_tiled_copy_A/B/C`: the copy atom over the operand's
/// `layoutX_TV`, with the bounds that compute it for a generic tiled MMA
/// (the steps of [`LayoutTv`](crate::LayoutTv) over the operand's tile).
macro_rules! make_tiled_copy_mma {
    ($(#[$doc:meta])* $name:ident, $alias:ident, $op:ty) => {
        $(#[$doc])*
        #[inline(always)]
        pub fn $name<A, const BITS: usize, M>(_atom: A, _tiled_mma: &M) -> $alias<A, BITS, M>
        where
            A: CopyAtom,
            M: TiledMmaLayouts + TiledMmaTv<$op>,
            $alias<A, BITS, M>: TiledCopyLayouts,
        {
            TiledCopy::new()
        }
    };
}
make_tiled_copy_mma! {
    /// CuTe's `make_tiled_copy_A(Copy_Atom<Op, T>{}, tiled_mma)` over
    /// values of `BITS` bits: the copy that moves the values of `A` each
    /// thread of the tiled MMA holds (the tiled MMA's `layoutA_TV` over its
    /// `(tile_size<0>, tile_size<2>)` tile).
    ///
    /// ```
    /// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledCopyLayouts, TiledMma, UniversalCopy, make_tiled_copy_a}};
    /// let mma = TiledMma::<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>::new();
    /// let copy = make_tiled_copy_a::<_, 16, _>(UniversalCopy::<u32>::new(), &mma);
    /// assert_eq!((copy.size(), copy.tiler_mn()), (128, [32, 16]));
    /// ```
    make_tiled_copy_a, MakeTiledCopyA, OperandA
}
make_tiled_copy_mma! {
    /// CuTe's `make_tiled_copy_B(atom, tiled_mma)`: `layoutB_TV` over
    /// `(tile_size<1>, tile_size<2>)` (see [`make_tiled_copy_a`]).
    make_tiled_copy_b, MakeTiledCopyB, OperandB
}
make_tiled_copy_mma! {
    /// CuTe's `make_tiled_copy_C(atom, tiled_mma)`: `layoutC_TV` over
    /// `(tile_size<0>, tile_size<1>)` (see [`make_tiled_copy_a`]).
    make_tiled_copy_c, MakeTiledCopyC, OperandC
}

impl<A, const BITS: usize, L, T> TiledCopy<A, BITS, L, T>
where
    Self: TiledCopyLayouts,
{
    /// CuTe's `get_slice(thr_idx)`: the partitioner of thread `thr_idx`,
    /// `0 ≤ thr_idx < size()`; an `out_of_bounds` error beyond.
    pub fn get_slice(&self, thr_idx: usize) -> Result<ThrCopy<Self>, Error> {
        let size = <Self as TiledCopyLayouts>::SIZE;
        if thr_idx >= size {
            return Err(Error::OutOfBounds {
                layout: Some(crate::kernel::layout::notation::<
                    <Self as TiledCopyLayouts>::LayoutTv,
                >()),
                mode: Some(0),
                index: thr_idx,
                size,
            });
        }
        Ok(ThrCopy {
            thr: thr_idx,
            copy: PhantomData,
        })
    }

    /// CuTe's `get_thread_slice`, the other name of [`get_slice`](Self::get_slice).
    pub fn get_thread_slice(&self, thr_idx: usize) -> Result<ThrCopy<Self>, Error> {
        self.get_slice(thr_idx)
    }
}

/// One thread's view of a tiled copy `Tc` ([`TiledCopy`], CuTe's
/// `ThrCopy`): the thread index is run time, everything else is in the
/// type.
pub struct ThrCopy<Tc> {
    thr: usize,
    copy: PhantomData<fn() -> Tc>,
}
impl<Tc> Clone for ThrCopy<Tc> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Tc> Copy for ThrCopy<Tc> {}
impl<Tc> PartialEq for ThrCopy<Tc> {
    fn eq(&self, o: &Self) -> bool {
        self.thr == o.thr
    }
}
impl<Tc> core::cmp::Eq for ThrCopy<Tc> {}
impl<Tc> core::hash::Hash for ThrCopy<Tc> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.thr.hash(h)
    }
}
impl<Tc> fmt::Debug for ThrCopy<Tc> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThrCopy")
            .field("thread", &self.thr)
            .finish()
    }
}

/// The tensor layout's zipped quotient by the tile, as a tree.
type TilesT<X, Tl> = DivTree<Zipped, X, Tl>;
/// The tile mode composed with `thrval2mn`: `(thread, value)` → offset.
type CopyTvT<X, Tl, Tv> = ComposeTreeOf<AtOf<TilesT<X, Tl>, U0>, Tv>;
/// `tidfrg_S/D`'s thread mode of the tensor tree `X`.
type TidfrgThreads<X, Tl, Tv> = AtOf<CopyTvT<X, Tl, Tv>, U0>;
/// `tidfrg_S/D`'s value mode `(CPY_V,(Rest_M,Rest_N,…))` of the tensor tree `X`.
type TidfrgValues<X, Tl, Tv> =
    <AtOf<CopyTvT<X, Tl, Tv>, U1> as JoinWith<AtOf<TilesT<X, Tl>, U1>>>::Out;

/// `partition_S/D` of a tiled copy computed on the zipped tree `Self` of
/// a tensor layout: CuTe's `tidfrg_S/D` (`Self` zipped-divided by the tile
/// `Tl` = `Tiler<Tiler_MN>`, its tile mode composed with `thrval2mn`, the
/// layout of the [`ThrVal2MnKey`] `K`), the thread mode spelled (thread →
/// offset) and the value mode's rest spliced, `(CPY_V, Rest_M, Rest_N,
/// …)`. Every step is proven and normalized in this one impl, and no
/// intermediate layout is spelled. (Keyed by `K`, not by `thrval2mn`
/// itself: a bound naming this trait normalizes its arguments before the
/// cached evaluation answers, and the key's layouts are at hand where
/// `thrval2mn` would be computed again.)
pub trait CopyPartitionTree<Tl, K> {
    /// The thread mode: thread → offset.
    type Threads: StaticLayout;
    /// The partition's layout.
    type Layout: StaticLayout + TensorLayout;
}
/// A tensor layout's tree is a tuple (no blanket impl: a tree still being
/// inferred is not explored).
impl<H, Rs, Tl, K> CopyPartitionTree<Tl, K> for HCons<H, Rs>
where
    K: ThrVal2MnKey,
    HCons<H, Rs>: DivideTree<Zipped, Tl>,
    TilesT<HCons<H, Rs>, Tl>: At<U0> + At<U1>,
    AtOf<TilesT<HCons<H, Rs>, Tl>, U0>: ComposeTreeWith<KeyTv<K>>,
    CopyTvT<HCons<H, Rs>, Tl, KeyTv<K>>: At<U0> + At<U1>,
    AtOf<CopyTvT<HCons<H, Rs>, Tl, KeyTv<K>>, U1>: JoinWith<AtOf<TilesT<HCons<H, Rs>, Tl>, U1>>,
    TidfrgThreads<HCons<H, Rs>, Tl, KeyTv<K>>: SpellLayout,
    Spelled<TidfrgThreads<HCons<H, Rs>, Tl, KeyTv<K>>>: StaticLayout,
    TidfrgValues<HCons<H, Rs>, Tl, KeyTv<K>>: SpliceTree,
    <TidfrgValues<HCons<H, Rs>, Tl, KeyTv<K>> as SpliceTree>::Out: SpellLayout,
    Spelled<<TidfrgValues<HCons<H, Rs>, Tl, KeyTv<K>> as SpliceTree>::Out>:
        StaticLayout + TensorLayout,
{
    type Threads = Spelled<TidfrgThreads<HCons<H, Rs>, Tl, KeyTv<K>>>;
    type Layout = Spelled<<TidfrgValues<HCons<H, Rs>, Tl, KeyTv<K>> as SpliceTree>::Out>;
}
/// The partition's thread mode for the tensor layout `X` by the tiled
/// copy's side `Sd`.
type PartitionThreadsOf<A, const BITS: usize, L, T, Sd, X> =
    <TreeOf<X> as CopyPartitionTree<Tiler<T>, ThrValKeyOf<A, BITS, L, Sd>>>::Threads;
/// The partition's layout for the tensor layout `X` by the tiled copy's
/// side `Sd`.
type PartitionLayoutOf<A, const BITS: usize, L, T, Sd, X> =
    <TreeOf<X> as CopyPartitionTree<Tiler<T>, ThrValKeyOf<A, BITS, L, Sd>>>::Layout;
/// `thrval2mn` of a key.
type KeyTv<K> = <K as ThrVal2MnKey>::Layout;

/// The tile of a tiled copy divides the tensor's extents (the rule behind
/// the compile error of a partition over a tile that does not fit).
///
/// ```
/// use cute_static::{C, atom::CopyDividesTile};
/// fn divides<A: CopyDividesTile<T>, T>() -> bool { true }
/// // A 512×16 tensor holds whole 256×8 tiles.
/// assert!(divides::<(C<512>, C<16>), (C<256>, C<8>)>());
/// ```
/// ```compile_fail
/// use cute_static::{C, atom::CopyDividesTile};
/// fn divides<A: CopyDividesTile<T>, T>() -> bool { true }
/// divides::<(C<128>, C<16>), (C<256>, C<8>)>();
/// ```
pub trait CopyDividesTile<T> {}
impl<A, T> CopyDividesTile<T> for A
where
    A: StaticIntTuple,
    T: StaticIntTuple,
    A::Tree: TreeEvenly<T::Tree>,
    <A::Tree as TreeEvenly<T::Tree>>::Out: CopyTileAnswer<A, T>,
{
}
/// The answer of "the tiled copy's tile `T` divides the extents `A`" is
/// `true`.
///
/// ```
/// use cute_static::{C, atom::CopyDividesTile};
/// // The answer `true` implements the trait: the bound below holds.
/// fn divides<A: CopyDividesTile<T>, T>() -> bool { true }
/// assert!(divides::<(C<256>, C<8>), (C<256>, C<8>)>());
/// ```
#[diagnostic::on_unimplemented(
    message = "the tiled copy's tile `{T}` does not divide the tensor's extents `{A}`",
    label = "partition_S/D need whole tiles",
    note = "a tiled copy partitions a tensor whose first two extents are multiples of its tile Tiler_MN (the shape of raked_product(thr_layout, val_layout), or the tiled MMA's tile for make_tiled_copy_A/B/C): pad the tensor, or tile it with local_tile first"
)]
pub trait CopyTileAnswer<A, T> {}
impl<A, T> CopyTileAnswer<A, T> for typenum::B1 {}

/// What `partition_S/D` of the side `Sd` computes for a tensor with the
/// static layout `X` (implemented by every tiled copy whose `tidfrg` of
/// `X` exists): one bound in the partition methods instead of the steps.
///
/// ```
/// use cute_static::{Layout, layout, atom::{MakeTiledCopy, TiledCopyLayouts, UniversalCopy, make_tiled_copy}};
/// // 32×8 threads, each 8 contiguous 16-bit values in M: 128-bit copies.
/// type Copy = MakeTiledCopy<UniversalCopy<u128>, 16, Layout![(32, 8):(1, 32)], Layout![(8, 1)]>;
/// use cute_static::{Tensor, atom::{CopySrc, HasCopyPartition}, tensor::Counting};
/// let mine = Copy::default().get_slice(33)?.partition_s(Tensor::new(Counting, layout!((256, 8)))?)?;
/// type P = <Copy as HasCopyPartition<CopySrc, Layout![(256, 8)]>>::Layout;
/// assert_eq!(mine.layout().to_string(), P::default().to_string());
/// assert_eq!((mine.base(), mine.size()), (264, 8));
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait HasCopyPartition<Sd, X> {
    /// The thread mode of `tidfrg_S/D`: thread → offset.
    type Threads: StaticLayout;
    /// The partition's layout `(CPY_V, Rest_M, Rest_N, …)`.
    type Layout: StaticLayout + TensorLayout;
}
impl<A, const BITS: usize, L, T, Sd, X> HasCopyPartition<Sd, X> for TiledCopy<A, BITS, L, T>
where
    L: Resolve,
    A: CopyAtom,
    Sd: HasCopySide<A, BITS>,
    A::RefLayout: crate::Upcast<BITS>,
    X: StaticLayout,
    TreeOf<X>: CopyPartitionTree<Tiler<T>, ThrValKeyOf<A, BITS, L, Sd>>,
{
    type Threads = PartitionThreadsOf<A, BITS, L, T, Sd, X>;
    type Layout = PartitionLayoutOf<A, BITS, L, T, Sd, X>;
}
/// The layout of `partition_S/D` (side `Sd`) of a tensor with the layout
/// `X` by the tiled copy `Tc`: `(CPY_V, Rest_M, Rest_N, …)`.
///
/// The type is [`Computed`] (named by its inputs; see [`Resolved`](crate::Resolved)
/// for the `Layout<S, D>` type, `<Tc as HasCopyPartition<Sd, X>>::Layout`).
pub type CopyPartition<Tc, Sd, X> = Computed<CopyPartitionQuery<Tc, Sd, X>>;
/// The query behind [`CopyPartition`].
pub struct CopyPartitionQuery<Tc, Sd, X>(QueryOf<(Tc, Sd, X)>);
impl<Tc, Sd, X> LayoutQuery for CopyPartitionQuery<Tc, Sd, X>
where
    Tc: HasCopyPartition<Sd, X>,
{
    type Layout = <Tc as HasCopyPartition<Sd, X>>::Layout;
}
/// The partition's layout as its `Layout<S, D>` type.
pub(crate) type CopyPartitionLayout<Tc, Sd, X> = <Tc as HasCopyPartition<Sd, X>>::Layout;
/// The thread mode of `tidfrg_S/D` of `X` by the tiled copy `Tc`.
pub type CopyThreads<Tc, Sd, X> = <Tc as HasCopyPartition<Sd, X>>::Threads;

impl<Tc> ThrCopy<Tc> {
    /// The thread index.
    #[inline(always)]
    pub fn thread(&self) -> usize {
        self.thr
    }

    /// CuTe's `partition_S/D` of the side `Sd` ([`CopySrc`], [`CopyDst`]):
    /// this thread's values of a static tensor of shape `(M,N,…)`, as a
    /// tensor of shape `(CPY_V,Rest_M,Rest_N,…)` with a static layout and
    /// the thread's run-time offset.
    #[inline(always)]
    pub fn partition<Sd, E, X>(
        &self,
        t: Tensor<E, X>,
    ) -> Result<Tensor<E, CopyPartition<Tc, Sd, X>>, Error>
    where
        E: Engine,
        X: TensorLayout + TileExtents,
        Tc: TiledCopyLayouts,
        Extents<X>: CopyDividesTile<<Tc as TiledCopyLayouts>::TilerMn>,
        Tc: HasCopyPartition<Sd, X>,
        CopyPartitionQuery<Tc, Sd, X>: LayoutQuery,
    {
        let (e, base, _) = t.into_parts();
        let offset = CopyThreads::<Tc, Sd, X>::default().call(self.thr);
        let base = base.checked_add(offset).ok_or(Error::Overflow {
            operation: "partition",
            operands: "the tensor's base and the thread's offset",
        })?;
        Ok(Tensor::from_parts(e, base, Default::default()))
    }

    /// CuTe's `partition_S`: this thread's source values of a static
    /// tensor of shape `(M,N,…)` (see [`partition`](Self::partition)).
    #[inline(always)]
    pub fn partition_s<E, X>(
        &self,
        t: Tensor<E, X>,
    ) -> Result<Tensor<E, CopyPartition<Tc, CopySrc, X>>, Error>
    where
        E: Engine,
        X: TensorLayout + TileExtents,
        Tc: TiledCopyLayouts,
        Extents<X>: CopyDividesTile<<Tc as TiledCopyLayouts>::TilerMn>,
        Tc: HasCopyPartition<CopySrc, X>,
        CopyPartitionQuery<Tc, CopySrc, X>: LayoutQuery,
    {
        self.partition::<CopySrc, E, X>(t)
    }

    /// CuTe's `partition_D`: this thread's destination values.
    #[inline(always)]
    pub fn partition_d<E, X>(
        &self,
        t: Tensor<E, X>,
    ) -> Result<Tensor<E, CopyPartition<Tc, CopyDst, X>>, Error>
    where
        E: Engine,
        X: TensorLayout + TileExtents,
        Tc: TiledCopyLayouts,
        Extents<X>: CopyDividesTile<<Tc as TiledCopyLayouts>::TilerMn>,
        Tc: HasCopyPartition<CopyDst, X>,
        CopyPartitionQuery<Tc, CopyDst, X>: LayoutQuery,
    {
        self.partition::<CopyDst, E, X>(t)
    }
}
