//! Tiled MMAs as types (CuTe's `TiledMMA`, `make_tiled_mma`, `ThrMMA`):
//! [`TiledMma<Atom, AtomLayout, Permutation>`] whose thread layout, tile
//! sizes and `layoutA/B/C_TV` are associated types computed by the static
//! algebra, following exactly the definitions of cute-dynamic's
//! `atom/tiled_mma.rs`:
//!
//! * `ThrLayoutVMNK = tiled_product(ThrID, AtomLayout)` (a [`Computed`]
//!   layout, [`VmnkQuery`]); the thread counts `size(ThrLayoutVMNK[i+1])`
//!   are the sizes of the atom layout's modes, which the product keeps, so
//!   the tiled MMA's other associated types do not compute the product;
//! * `permutation_mnk(i)` is the permutation's mode `i`, or the integer
//!   `Shape_MNK[i] · size(ThrLayoutVMNK[i+1])` where it is `_` (or the
//!   permutation is `()`); `TileSize<i> = size(permutation_mnk(i))`;
//! * `thrfrg_X(T) = zipped_divide(zipped_divide(logical_divide(T, <Perm_i,
//!   Perm_j>), <Ext_i, Ext_j>) ∘ <XLayout, _>, <_, <Thr_i, Thr_j>>)`; an
//!   operand whose two permutation modes are both `_` skips the
//!   `logical_divide` ([`NoPermutation`]): CuTe divides it by `<_, _>`,
//!   which leaves the tensor as it is (dividing by the integer tile sizes
//!   instead gives the same partitions at about 12 % more compile time);
//! * `partition_X` of thread `t` slices `thrfrg_X` at `((v,(i,j)),(_,(_,…)))`,
//!   `(v,m,n,k)` the thread's coordinate in `ThrLayoutVMNK`: the layout
//!   stays static, the offset is the run-time thread's;
//! * `layoutX_TV` is `thrfrg_X` of the compact column-major tile, with the
//!   thread coordinate of the mode `X` does not span ignored, composed in
//!   its thread mode with CuTe's `thridx_2_thrid` ([`ThrIdxToThrId`]:
//!   every lane of the thread layout's compact cover, 32 for one SM70
//!   quad-pair atom).
//!
//! The contract is the run-time one (`laws::check_tiled_mma`), checked in
//! `tests/atoms.rs` through `to_dynamic()`. A tensor whose `M`/`N`/`K`
//! extents the tile does not divide does not compile.
//!
//! ```
//! use cute_static::{Layout, Tensor, layout, atom::{LayoutCTv, SM80_16x8x16_F32F16F16F32_TN, TiledMma, TiledMmaLayouts, make_tiled_mma}, layout::StaticLayout, tensor::Counting};
//! let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)), ());
//! assert_eq!(mma.thr_layout_vmnk().to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
//! assert_eq!((mma.size(), mma.tile_size()), (128, [32, 16, 16]));
//! // layoutC_TV: (thread, value) → index of the 32×16 tile, a static layout
//! // named by the tiled MMA's type.
//! type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
//! let tv = LayoutCTv::<Mma>::default();
//! assert_eq!(tv.to_string(), "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))");
//! let c = Tensor::new(Counting, layout!((32, 16)))?;
//! // thread 37 = (v 5, m 1, n 0): lane 5 holds (1,2) of its atom, the
//! // second atom in M starts at row 16: (17,2) = 17 + 32·2 of the tile.
//! let mine = mma.get_slice(37)?.partition_c(c)?;
//! assert_eq!((mine.base(), mine.layout().to_string()), (81, "((_2,_2),_1,_1):((_32,_8),_0,_0)".to_string()));
//! assert_eq!(mine.base(), tv.call(37));
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::fmt;
use core::marker::PhantomData;
use core::ops::Mul;

use typenum::operator_aliases::{Eq, Prod};
use typenum::{B0, B1, IsEqual, U1, Unsigned};

use super::tiled_copy::{ModeSizeN, PaddedModeSize};
use super::{MmaAtom, ShapeMnk};
use crate::Error;
use crate::algebra::complement::{Complement, Complemented};
use crate::algebra::composition::Compose;
use crate::algebra::composition::{ComposeOnto, Composed, Report};
use crate::algebra::divide::{
    DivideOp, Logical, LogicalQuotient, SizeOf, TilerOp, Zipped, ZippedQuotient,
};
use crate::algebra::inverse::{RightInverse, RightInvert};
use crate::algebra::product::CosizeOf;
use crate::algebra::product::{TiledMultiply, TiledProduct};
use crate::data::int_tuple::{C, Spell, StaticInt, StaticIntTuple};
use crate::data::int_tuple_ops::TreeEvenly;
use crate::data::layout::{At, Layout, LayoutOf, Mode, ModeOf, StaticLayout, Unzip};
use crate::data::tiler::{IntoTiler, Tiler, TilerMode};
use crate::kernel::computed::{Computed, LayoutQuery, QueryOf};
use crate::kernel::layout::TensorLayout;
use crate::kernel::partition::{CompactColMajor, CompactFrom, MakeFragment};
use crate::kernel::tensor::{Engine, Tensor, Underscore};
use crate::private::{Err, HCons, HNil, Ok, P, Pretty};
use typenum::{U0, U2};

/// A tiled MMA (CuTe's `TiledMMA`): the atom `Atom` repeated over the
/// `(M,N,K)` layout of atoms `AtomLayout` (a static layout of three
/// modes, e.g. `Layout![(2, 2, 1)]`), each of `M`, `N`, `K` permuted by
/// the matching mode of `Permutation` (`()` for none, or a tiler
/// `Tiler![<…, …, …>]` whose modes are layouts, integers or `_`). A
/// zero-sized type: everything it computes is a type or a constant
/// ([`TiledMmaLayouts`]); only the thread index is run time
/// ([`TiledMma::get_slice`]).
pub struct TiledMma<Atom, AtomLayout, Permutation = ()>(Parts<Atom, AtomLayout, Permutation>);
type Parts<A, L, P> = PhantomData<fn() -> (A, L, P)>;

impl<A, L, P> TiledMma<A, L, P> {
    /// The tiled MMA (it carries no data).
    #[inline(always)]
    pub const fn new() -> Self {
        TiledMma(PhantomData)
    }
}
impl<A, L, P> Clone for TiledMma<A, L, P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A, L, P> Copy for TiledMma<A, L, P> {}
impl<A, L, P> Default for TiledMma<A, L, P> {
    fn default() -> Self {
        Self::new()
    }
}
impl<A, L, P> PartialEq for TiledMma<A, L, P> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<A, L, P> core::cmp::Eq for TiledMma<A, L, P> {}
impl<A, L, P> core::hash::Hash for TiledMma<A, L, P> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}
impl<A, L, P> fmt::Debug for TiledMma<A, L, P>
where
    Self: TiledMmaLayouts,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}
/// `TiledMMA(atom, ThrLayoutVMNK, PermutationMNK)`, as cute-dynamic prints it.
impl<A, L, P> fmt::Display for TiledMma<A, L, P>
where
    Self: TiledMmaLayouts,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TiledMMA({}, {}, {})",
            <<Self as TiledMmaLayouts>::Atom as MmaAtom>::NAME,
            <Self as TiledMmaLayouts>::ThrLayoutVMNK::default(),
            Tiler::<(
                <Self as TiledMmaLayouts>::PermM,
                <Self as TiledMmaLayouts>::PermN,
                <Self as TiledMmaLayouts>::PermK,
            )>::new()
        )
    }
}

/// CuTe's `make_tiled_mma(atom, atom_layout, permutation)`: the
/// [`TiledMma`] type's value (`()` for no permutation).
#[inline(always)]
pub fn make_tiled_mma<A, L, P>(_atom: A, _atom_layout: L, _permutation: P) -> TiledMma<A, L, P>
where
    TiledMma<A, L, P>: TiledMmaLayouts,
{
    TiledMma::new()
}

/// The size of a static tiler mode, as `C<N>`: an integer is its own
/// size, a layout its size.
///
/// ```
/// use cute_static::{C, Layout, atom::TilerSize, layout::StaticInt};
/// assert_eq!(<<C<8> as TilerSize>::Size as StaticInt>::VALUE, 8);
/// assert_eq!(<<Layout![(2, 4):(1, 8)] as TilerSize>::Size as StaticInt>::VALUE, 8);
/// ```
pub trait TilerSize {
    /// `C<size>`.
    type Size: StaticInt;
}
impl<const N: usize> TilerSize for C<N>
where
    C<N>: StaticInt,
{
    type Size = C<N>;
}
impl<S, D> TilerSize for Layout<S, D>
where
    Layout<S, D>: StaticLayout,
    <Layout<S, D> as StaticLayout>::Tree: SizeOf,
    <<Layout<S, D> as StaticLayout>::Tree as SizeOf>::Out: Pretty,
    P<<<Layout<S, D> as StaticLayout>::Tree as SizeOf>::Out>: StaticInt,
{
    type Size = P<<<Layout<S, D> as StaticLayout>::Tree as SizeOf>::Out>;
}

/// `size(L)` as `C<N>`.
pub type SizeC<L> = P<<<L as StaticLayout>::Tree as SizeOf>::Out>;

/// One mode of a permutation: `_` becomes the integer `extent · threads`
/// (`C<N>`), a layout or an integer is kept.
///
/// ```
/// use cute_static::{layout, tiler, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMmaLayouts, make_tiled_mma}};
/// // `()` (each mode `_`): the tile is the atom's extent times the threads
/// // along it, 16·2 × 8·2 × 16·1; a given mode is kept.
/// let plain = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)), ());
/// assert_eq!(plain.tile_size(), [32, 16, 16]);
/// let wide = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)), tiler!(<32, 32, 16>));
/// assert_eq!(wide.tile_size(), [32, 32, 16]);
/// ```
pub trait PermutationMode<Extent, Threads> {
    /// The tiler mode.
    type Mode: TilerMode + TilerSize;
}
impl<E: StaticInt, T: StaticInt> PermutationMode<E, T> for Underscore
where
    E::Tn: Mul<T::Tn>,
    Prod<E::Tn, T::Tn>: Pretty,
    P<Prod<E::Tn, T::Tn>>: TilerMode + TilerSize,
{
    type Mode = P<Prod<E::Tn, T::Tn>>;
}
impl<E, T, const N: usize> PermutationMode<E, T> for C<N>
where
    C<N>: TilerMode + TilerSize,
{
    type Mode = C<N>;
}
impl<E, T, S, D> PermutationMode<E, T> for Layout<S, D>
where
    Layout<S, D>: TilerMode + TilerSize,
{
    type Mode = Layout<S, D>;
}

/// The three modes of a permutation (`()`: `_` for each).
///
/// ```
/// use cute_static::{layout, tiler, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMmaLayouts, make_tiled_mma}};
/// // A permutation of M, N and K: here N's 32 columns through a layout.
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)), tiler!(<32, (8, 4):(4, 1), 16>));
/// assert_eq!(mma.tile_size(), [32, 32, 16]);
/// ```
pub trait Permutation {
    /// Mode `M`.
    type M;
    /// Mode `N`.
    type N;
    /// Mode `K`.
    type K;
}
impl Permutation for () {
    type M = Underscore;
    type N = Underscore;
    type K = Underscore;
}
impl<M, N, K> Permutation for Tiler<(M, N, K)> {
    type M = M;
    type N = N;
    type K = K;
}

/// What a [`TiledMma`] computes, as associated types and constants
/// (CuTe's `TiledMMA` members).
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::{atom::TiledMmaLayouts, layout::StaticInt};
/// assert_eq!((<Mma as TiledMmaLayouts>::SIZE, <Mma as TiledMmaLayouts>::TILE_SIZE), (128, [32, 16, 16]));
/// assert_eq!(<<Mma as TiledMmaLayouts>::ThrM as StaticInt>::VALUE, 2);
/// assert_eq!(Mma::default().thr_layout_vmnk().to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// // Thread 37: value-thread 5 of the atom at m = 1.
/// assert_eq!(<Mma as TiledMmaLayouts>::thr_coord(37), [5, 1, 0, 0]);
/// // The run-time tiled MMA agrees.
/// let atom = cute_dynamic::mma_atom("SM80_16x8x16_F32F16F16F32_TN")?;
/// let run = cute_dynamic::make_tiled_mma(&atom, Some(&"(2,2,1)".parse()?), None)?;
/// assert_eq!(run.thr_layout_vmnk().to_string(), "(32,2,2,1):(1,32,64,0)");
/// assert_eq!(run.tile_size(1)?, 16);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiled MMA",
    note = "a tiled MMA is `TiledMma<Atom, AtomLayout, Permutation>`: an MMA atom type, a static layout of three modes (M,N,K) of atoms, and `()` or a tiler `<M,N,K>` of layouts, integers or `_`"
)]
pub trait TiledMmaLayouts: Copy + Default {
    /// The atom.
    type Atom: MmaAtom;
    /// `get_thr_layout_vmnk()`: `(ThrV,ThrM,ThrN,ThrK) → thread`.
    type ThrLayoutVMNK: StaticLayout + ThrIdxToThrId;
    /// `size(ThrLayoutVMNK[1])` as `C<N>`.
    type ThrM: StaticInt + TilerMode;
    /// `size(ThrLayoutVMNK[2])`.
    type ThrN: StaticInt + TilerMode;
    /// `size(ThrLayoutVMNK[3])`.
    type ThrK: StaticInt + TilerMode;
    /// `permutation_mnk<0>()`.
    type PermM: TilerMode + TilerSize;
    /// `permutation_mnk<1>()`.
    type PermN: TilerMode + TilerSize;
    /// `permutation_mnk<2>()`.
    type PermK: TilerMode + TilerSize;
    /// C's step of `layoutC_TV` (see [`SpreadC`]).
    type CSpread;
    /// The number of threads, `size(ThrLayoutVMNK)`.
    const SIZE: usize = <Self::ThrLayoutVMNK as StaticLayout>::SIZE;
    /// `[tile_size<0>, tile_size<1>, tile_size<2>]`.
    const TILE_SIZE: [usize; 3] = [
        <<Self::PermM as TilerSize>::Size as StaticInt>::VALUE,
        <<Self::PermN as TilerSize>::Size as StaticInt>::VALUE,
        <<Self::PermK as TilerSize>::Size as StaticInt>::VALUE,
    ];

    /// The coordinate `(v, m, n, k)` of thread `thr_idx` in
    /// `ThrLayoutVMNK` (per leaf `s:d` of a mode, `(thr_idx / d) mod s`, as
    /// the run-time crate's `flat_coord`).
    fn thr_coord(thr_idx: usize) -> [usize; 4];

    /// `get_thr_layout_vmnk()`.
    #[inline(always)]
    fn thr_layout_vmnk(&self) -> Self::ThrLayoutVMNK {
        Default::default()
    }
    /// `size(tiled_mma)`: the number of threads.
    #[inline(always)]
    fn size(&self) -> usize {
        Self::SIZE
    }
    /// `tile_size<I>(tiled_mma)` for `I = 0, 1, 2`.
    #[inline(always)]
    fn tile_size(&self) -> [usize; 3] {
        Self::TILE_SIZE
    }
}

/// `TileSize<M, 0|1|2>`: `tile_size<I>` of a tiled MMA as `C<N>`.
pub type TileSize<M, const I: usize> = <<M as HasTileSize<I>>::Mode as TilerSize>::Size;
/// The permutation mode `I` of a tiled MMA.
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::{atom::TileSize, layout::StaticInt};
/// assert_eq!(<TileSize<Mma, 0> as StaticInt>::VALUE, 32);
/// assert_eq!(<TileSize<Mma, 2> as StaticInt>::VALUE, 16);
/// ```
pub trait HasTileSize<const I: usize> {
    /// `permutation_mnk<I>()`.
    type Mode: TilerSize;
}
impl<M: TiledMmaLayouts> HasTileSize<0> for M {
    type Mode = M::PermM;
}
impl<M: TiledMmaLayouts> HasTileSize<1> for M {
    type Mode = M::PermN;
}
impl<M: TiledMmaLayouts> HasTileSize<2> for M {
    type Mode = M::PermK;
}

type Vmnk<A, L> = TiledProduct<<A as MmaAtom>::ThrID, L>;
/// `size(ThrLayoutVMNK[I+1])`, the thread count along `M`, `N`, `K`
/// (`I` = `U0`, `U1`, `U2`): the size of the atom layout's mode `I`
/// (`1` beyond its rank), which `tiled_product(ThrID, AtomLayout)` keeps
/// as the size of its mode `I+1`. (From the atom layout, so that naming
/// a tiled MMA's thread counts does not compute the product.)
type ThrSize<L, I> = P<ModeSizeN<L, I>>;
type Ext<A> = <A as MmaAtom>::ShapeMNK;

/// The query behind a tiled MMA's `ThrLayoutVMNK` (a [`Computed`]
/// layout): `tiled_product(ThrID, AtomLayout)`, computed where it is
/// used (its threads' coordinates, `layoutX_TV`, printing), not by every
/// use of the tiled MMA's other associated types.
pub struct VmnkQuery<A, L>(QueryOf<(A, L)>);
impl<A, L> LayoutQuery for VmnkQuery<A, L>
where
    A: MmaAtom,
    A::ThrID: TiledMultiply<L>,
    Vmnk<A, L>: StaticLayout + TensorLayout,
{
    type Layout = Vmnk<A, L>;
}

/// The coordinate `(v, m, n, k)` of a thread in a four-mode thread layout
/// (per leaf `s:d` of a mode, `(thr_idx / d) mod s`).
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::atom::{ThrCoord, TiledMmaLayouts};
/// type V = <Mma as TiledMmaLayouts>::ThrLayoutVMNK;
/// // (thr_idx / d) mod s per mode of (32,2,2,1):(1,32,64,0).
/// assert_eq!(<V as ThrCoord>::thr_coord(101), [5, 1, 1, 0]);
/// assert_eq!(<V as ThrCoord>::thr_coord(101), <Mma as TiledMmaLayouts>::thr_coord(101));
/// ```
pub trait ThrCoord {
    /// The coordinate of thread `thr_idx`.
    fn thr_coord(thr_idx: usize) -> [usize; 4];
}
impl<Q: LayoutQuery> ThrCoord for Computed<Q>
where
    Q::Layout: Mode<0> + Mode<1> + Mode<2> + Mode<3>,
    <ModeOf<Q::Layout, 0> as StaticLayout>::Flat: Colex,
    <ModeOf<Q::Layout, 1> as StaticLayout>::Flat: Colex,
    <ModeOf<Q::Layout, 2> as StaticLayout>::Flat: Colex,
    <ModeOf<Q::Layout, 3> as StaticLayout>::Flat: Colex,
{
    #[inline(always)]
    fn thr_coord(thr_idx: usize) -> [usize; 4] {
        [
            <<ModeOf<Q::Layout, 0> as StaticLayout>::Flat as Colex>::colex(thr_idx, 1),
            <<ModeOf<Q::Layout, 1> as StaticLayout>::Flat as Colex>::colex(thr_idx, 1),
            <<ModeOf<Q::Layout, 2> as StaticLayout>::Flat as Colex>::colex(thr_idx, 1),
            <<ModeOf<Q::Layout, 3> as StaticLayout>::Flat as Colex>::colex(thr_idx, 1),
        ]
    }
}

/// The where-clauses hold no computation of `tiled_product(ThrID,
/// AtomLayout)` (the layout is a [`Computed`] query, proven by a cached
/// evaluation): normalizing any associated type of a tiled MMA confirms
/// this impl, which normalizes its where-clauses, in every body and every
/// evaluation that names one.
impl<A, L, Pm> TiledMmaLayouts for TiledMma<A, L, Pm>
where
    A: MmaAtom,
    L: StaticLayout,
    Pm: Permutation,
    VmnkQuery<A, L>: LayoutQuery,
    Computed<VmnkQuery<A, L>>: ThrIdxToThrId + ThrCoord,
    L::Tree: PaddedModeSize<U0> + PaddedModeSize<U1> + PaddedModeSize<U2>,
    ModeSizeN<L, U0>: Pretty,
    ModeSizeN<L, U1>: Pretty,
    ModeSizeN<L, U2>: Pretty,
    ThrSize<L, U0>: StaticInt + TilerMode,
    ThrSize<L, U1>: StaticInt + TilerMode,
    ThrSize<L, U2>: StaticInt + TilerMode,
    <ThrSize<L, U2> as StaticInt>::Tn: IsEqual<U1>,
    Eq<<ThrSize<L, U2> as StaticInt>::Tn, U1>:
        SpreadC<ThrSize<L, U0>, ThrSize<L, U1>, ThrSize<L, U2>>,
    Pm::M: PermutationMode<<Ext<A> as ShapeMnk>::M, ThrSize<L, U0>>,
    Pm::N: PermutationMode<<Ext<A> as ShapeMnk>::N, ThrSize<L, U1>>,
    Pm::K: PermutationMode<<Ext<A> as ShapeMnk>::K, ThrSize<L, U2>>,
{
    type Atom = A;
    type ThrLayoutVMNK = Computed<VmnkQuery<A, L>>;
    type ThrM = ThrSize<L, U0>;
    type ThrN = ThrSize<L, U1>;
    type ThrK = ThrSize<L, U2>;
    type PermM = <Pm::M as PermutationMode<<Ext<A> as ShapeMnk>::M, ThrSize<L, U0>>>::Mode;
    type PermN = <Pm::N as PermutationMode<<Ext<A> as ShapeMnk>::N, ThrSize<L, U1>>>::Mode;
    type PermK = <Pm::K as PermutationMode<<Ext<A> as ShapeMnk>::K, ThrSize<L, U2>>>::Mode;
    type CSpread = <Eq<<ThrSize<L, U2> as StaticInt>::Tn, U1> as SpreadC<
        ThrSize<L, U0>,
        ThrSize<L, U1>,
        ThrSize<L, U2>,
    >>::Spread;
    #[inline(always)]
    fn thr_coord(thr_idx: usize) -> [usize; 4] {
        <Computed<VmnkQuery<A, L>> as ThrCoord>::thr_coord(thr_idx)
    }
}

/// `A` of an MMA, an `M×K` tile (a type-level operand; see [`HasMmaOperand`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OperandA;
/// `B` of an MMA, an `N×K` tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OperandB;
/// `C` (and `D`) of an MMA, an `M×N` tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OperandC;

/// What one operand takes from a tiled MMA: the two of `M`, `N`, `K` its
/// tile spans (`I`, `J`), their permutations, the atom's extents and the
/// thread counts along them, the atom's `(thread, value)` layout, and the
/// step of `layoutX_TV` that ignores the thread coordinate of the third
/// mode.
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::{atom::{HasMmaOperand, OperandA, OperandB}, layout::StaticInt};
/// // A spans M×K, B spans N×K: their extents along the first mode.
/// assert_eq!(<<OperandA as HasMmaOperand<Mma>>::ExtI as StaticInt>::VALUE, 16);
/// assert_eq!(<<OperandB as HasMmaOperand<Mma>>::ExtI as StaticInt>::VALUE, 8);
/// assert_eq!(<<OperandA as HasMmaOperand<Mma>>::ThrI as StaticInt>::VALUE, 2);
/// ```
pub trait HasMmaOperand<M: TiledMmaLayouts> {
    /// `permutation_mnk<I>()`.
    type PermI: TilerMode + TilerSize;
    /// `permutation_mnk<J>()`.
    type PermJ: TilerMode + TilerSize;
    /// `Shape_MNK[I]`.
    type ExtI: StaticInt + TilerMode;
    /// `Shape_MNK[J]`.
    type ExtJ: StaticInt + TilerMode;
    /// `size(ThrLayoutVMNK[I+1])`.
    type ThrI: StaticInt + TilerMode;
    /// `size(ThrLayoutVMNK[J+1])`.
    type ThrJ: StaticInt + TilerMode;
    /// The atom's `XLayout`.
    type AtomTv: StaticLayout + TilerMode;
    /// `(ThrV,(Thr_I,Thr_J))` → `(ThrV,(ThrM,ThrN,ThrK))`: a tiler of
    /// the thread mode `<_, …>` (`<_, _>` for none: C without K threads).
    type Spread;
    /// The operand's name, for messages.
    const NAME: &'static str;
    /// The modes `(I+1, J+1)` of `ThrLayoutVMNK` whose thread
    /// coordinates place this operand: `(1, 3)` (M, K) for A, `(2, 3)`
    /// (N, K) for B, `(1, 2)` (M, N) for C.
    const MODES: (usize, usize);
}
impl<M: TiledMmaLayouts> HasMmaOperand<M> for OperandA {
    type PermI = M::PermM;
    type PermJ = M::PermK;
    type ExtI = <<M::Atom as MmaAtom>::ShapeMNK as ShapeMnk>::M;
    type ExtJ = <<M::Atom as MmaAtom>::ShapeMNK as ShapeMnk>::K;
    type ThrI = M::ThrM;
    type ThrJ = M::ThrK;
    type AtomTv = <M::Atom as MmaAtom>::ALayout;
    type Spread = Tiler<(
        Underscore,
        (Layout<(M::ThrM, M::ThrN), (C<1>, C<0>)>, Underscore),
    )>;
    const NAME: &'static str = "A";
    const MODES: (usize, usize) = (1, 3);
}
impl<M: TiledMmaLayouts> HasMmaOperand<M> for OperandB {
    type PermI = M::PermN;
    type PermJ = M::PermK;
    type ExtI = <<M::Atom as MmaAtom>::ShapeMNK as ShapeMnk>::N;
    type ExtJ = <<M::Atom as MmaAtom>::ShapeMNK as ShapeMnk>::K;
    type ThrI = M::ThrN;
    type ThrJ = M::ThrK;
    type AtomTv = <M::Atom as MmaAtom>::BLayout;
    type Spread = Tiler<(
        Underscore,
        (Layout<(M::ThrM, M::ThrN), (C<0>, C<1>)>, Underscore),
    )>;
    const NAME: &'static str = "B";
    const MODES: (usize, usize) = (2, 3);
}
impl<M: TiledMmaLayouts> HasMmaOperand<M> for OperandC {
    type PermI = M::PermM;
    type PermJ = M::PermN;
    type ExtI = <<M::Atom as MmaAtom>::ShapeMNK as ShapeMnk>::M;
    type ExtJ = <<M::Atom as MmaAtom>::ShapeMNK as ShapeMnk>::N;
    type ThrI = M::ThrM;
    type ThrJ = M::ThrN;
    type AtomTv = <M::Atom as MmaAtom>::CLayout;
    type Spread = M::CSpread;
    const NAME: &'static str = "C";
    const MODES: (usize, usize) = (1, 2);
}

/// C's spread: none (`<_, _>`, which keeps the layout) when
/// `size(ThrK) = 1`, else `(m,n,k):(1,m,0)` (the K thread coordinate
/// dropped).
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::{Tiler, atom::{HasMmaOperand, OperandC}, tensor::Underscore};
/// fn same<A: 'static, B: 'static>() -> bool {
///     core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>()
/// }
/// // No threads along K: C's thread mode is kept (`<_, _>`).
/// assert!(same::<<OperandC as HasMmaOperand<Mma>>::Spread, Tiler<(Underscore, Underscore)>>());
/// ```
pub trait SpreadC<Tm, Tn, Tk> {
    /// The tiler.
    type Spread;
}
impl<Tm, Tn, Tk> SpreadC<Tm, Tn, Tk> for B1 {
    type Spread = Tiler<(Underscore, Underscore)>;
}
impl<Tm, Tn, Tk> SpreadC<Tm, Tn, Tk> for B0 {
    type Spread = Tiler<(Underscore, Layout<(Tm, Tn, Tk), (C<1>, Tm, C<0>)>)>;
}

/// `thrfrg_X`'s first division when neither of the operand's
/// permutation modes is given (both `_`): none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoPermutation;
/// `thrfrg_X`'s first division when a permutation mode of the operand is
/// given: by `<PermI, PermJ>` (see [`HasMmaOperand`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PermuteByModes;
/// The operand's [`HasOperandPerm::Tile`] from its two permutation
/// modes as given (`Self`, a pair): `<_, _>` divides nothing, any other
/// pair divides by the modes. (A choice on the modes as written, so that
/// naming it computes no tile size.)
///
/// ```
/// use cute_static::{C, atom::{NoPermutation, OperandPermTile, PermuteByModes}, tensor::Underscore};
/// fn same<A: 'static, B: 'static>() -> bool {
///     core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>()
/// }
/// assert!(same::<<(Underscore, Underscore) as OperandPermTile>::Tile, NoPermutation>());
/// assert!(same::<<(C<32>, Underscore) as OperandPermTile>::Tile, PermuteByModes>());
/// ```
pub trait OperandPermTile {
    /// [`NoPermutation`] or [`PermuteByModes`].
    type Tile;
}
impl OperandPermTile for (Underscore, Underscore) {
    type Tile = NoPermutation;
}
impl<const N: usize, Y> OperandPermTile for (C<N>, Y) {
    type Tile = PermuteByModes;
}
impl<S, D, Y> OperandPermTile for (Layout<S, D>, Y) {
    type Tile = PermuteByModes;
}
impl<const N: usize> OperandPermTile for (Underscore, C<N>) {
    type Tile = PermuteByModes;
}
impl<S, D> OperandPermTile for (Underscore, Layout<S, D>) {
    type Tile = PermuteByModes;
}

/// The permutation of a tiled MMA as it was given (`()` or
/// `Tiler<(M, N, K)>`), without the computations of [`TiledMmaLayouts`]:
/// which operands are permuted is known from it alone.
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::atom::MmaPermutation;
/// fn same<A: 'static, B: 'static>() -> bool {
///     core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>()
/// }
/// // Made without a permutation: `()`, `_` for each mode.
/// assert!(same::<<Mma as MmaPermutation>::Perm, ()>());
/// ```
pub trait MmaPermutation {
    /// The permutation.
    type Perm: Permutation;
}
impl<A, L, Pm: Permutation> MmaPermutation for TiledMma<A, L, Pm> {
    type Perm = Pm;
}
type PermOf<M> = <M as MmaPermutation>::Perm;
/// What `thrfrg_X` of operand `Self` divides the tensor by first:
/// [`NoPermutation`] when both of the operand's permutation modes are `_`
/// (CuTe divides by `<_, _>`, which leaves the tensor as it is), else
/// [`PermuteByModes`].
///
/// ```
/// use cute_static::{Layout, Tiler, atom::{HasOperandPerm, NoPermutation, OperandA, OperandB, PermuteByModes, SM80_16x8x16_F32F16F16F32_TN, TiledMma}, tensor::Underscore, C};
/// fn same<A: 'static, B: 'static>() -> bool {
///     core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>()
/// }
/// // Only N is permuted: A (M×K) is not divided first, B (N×K) is.
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)], Tiler<(Underscore, C<32>, Underscore)>>;
/// assert!(same::<<OperandA as HasOperandPerm<Mma>>::Tile, NoPermutation>());
/// assert!(same::<<OperandB as HasOperandPerm<Mma>>::Tile, PermuteByModes>());
/// ```
pub trait HasOperandPerm<M> {
    /// [`NoPermutation`] or [`PermuteByModes`].
    type Tile;
}
impl<M: MmaPermutation> HasOperandPerm<M> for OperandA
where
    (<PermOf<M> as Permutation>::M, <PermOf<M> as Permutation>::K): OperandPermTile,
{
    type Tile =
        <(<PermOf<M> as Permutation>::M, <PermOf<M> as Permutation>::K) as OperandPermTile>::Tile;
}
impl<M: MmaPermutation> HasOperandPerm<M> for OperandB
where
    (<PermOf<M> as Permutation>::N, <PermOf<M> as Permutation>::K): OperandPermTile,
{
    type Tile =
        <(<PermOf<M> as Permutation>::N, <PermOf<M> as Permutation>::K) as OperandPermTile>::Tile;
}
impl<M: MmaPermutation> HasOperandPerm<M> for OperandC
where
    (<PermOf<M> as Permutation>::M, <PermOf<M> as Permutation>::N): OperandPermTile,
{
    type Tile =
        <(<PermOf<M> as Permutation>::M, <PermOf<M> as Permutation>::N) as OperandPermTile>::Tile;
}

/// `thrfrg_X`'s `logical_divide(T, <PermI, PermJ>)` of the tree `T` for
/// operand `Op` of the tiled MMA `M`: `T` itself for [`NoPermutation`]
/// (CuTe divides by `<_, _>`), the divided tree for [`PermuteByModes`].
pub trait PermuteTree<Tile, M, Op> {
    /// The divided tree.
    type Tree;
}
impl<H, Tl, M, Op> PermuteTree<NoPermutation, M, Op> for HCons<H, Tl> {
    type Tree = HCons<H, Tl>;
}
impl<H, Tl, M, Op> PermuteTree<PermuteByModes, M, Op> for HCons<H, Tl>
where
    M: TiledMmaLayouts,
    Op: HasMmaOperand<M>,
    HCons<H, Tl>: DivideTree<Logical, Tiler<(Op::PermI, Op::PermJ)>>,
{
    type Tree = DivTree<Logical, HCons<H, Tl>, Tiler<(Op::PermI, Op::PermJ)>>;
}

pub(crate) type ExtI<M, Op> = <Op as HasMmaOperand<M>>::ExtI;
pub(crate) type ExtJ<M, Op> = <Op as HasMmaOperand<M>>::ExtJ;
pub(crate) type AtomTvL<M, Op> = <Op as HasMmaOperand<M>>::AtomTv;

/// The zipped tree of a static layout.
pub(crate) type TreeOf<L> = <L as StaticLayout>::Tree;
/// The normalised form of a tiler.
pub(crate) type NormOf<T> = <T as IntoTiler>::Norm;
/// Child `I` of a tree (a layout's mode `I`).
pub(crate) type AtOf<T, I> = <T as At<I>>::Out;

/// A step of the atoms' pipelines on trees: `Ok<tree>` gives the tree,
/// `Err<E>` reports `E` with the spelled left operand `A` (a tree) and
/// the right operand `B`, as the layout-level operation would. The
/// pipelines compute on zipped trees and spell only their results: each
/// intermediate layout spelled as `C<N>` and zipped again would cost
/// compile time per leaf, for the same tree.
pub trait StepResult<A, B> {
    /// The result's tree.
    type Tree;
}
/// A successful step.
impl<A, B, T> StepResult<A, B> for Ok<T> {
    type Tree = T;
}
/// A failed step reports its rule (never holds).
impl<A, B, E> StepResult<A, B> for Err<E>
where
    A: Unzip,
    A::S: Spell,
    A::D: Spell,
    E: Report<LayoutOf<A>, B>,
{
    type Tree = (U1, typenum::U0);
}
/// The spelled layout of a zipped tree, behind a projection: a bound on
/// it stays ambiguous (rather than exploring the `Layout` impls) while the
/// tree is still being inferred.
pub trait SpellLayout {
    /// [`LayoutOf`] the tree.
    type Layout;
}
/// A tuple tree. (No blanket impl: an inferred tree is not explored.)
impl<H, T> SpellLayout for HCons<H, T>
where
    HCons<H, T>: Unzip,
    <HCons<H, T> as Unzip>::S: Spell,
    <HCons<H, T> as Unzip>::D: Spell,
{
    type Layout = LayoutOf<HCons<H, T>>;
}
/// A leaf.
impl<S, D> SpellLayout for (S, D)
where
    S: Spell,
    D: Spell,
{
    type Layout = LayoutOf<(S, D)>;
}
/// The spelled layout of the tree `T`.
pub(crate) type Spelled<T> = <T as SpellLayout>::Layout;

/// `R`-divide (`Logical`, `Zipped`) of the tree `Self` by the tiler `B`,
/// a step of the atoms' tree pipelines.
pub trait DivideTree<R, B> {
    /// The result's tree.
    type Tree;
}
impl<A, R, B> DivideTree<R, B> for A
where
    B: IntoTiler,
    NormOf<B>: TilerOp<DivideOp, R, A>,
    <NormOf<B> as TilerOp<DivideOp, R, A>>::Out: StepResult<A, B>,
{
    type Tree = <<NormOf<B> as TilerOp<DivideOp, R, A>>::Out as StepResult<A, B>>::Tree;
}
/// `Self ∘ B` for the tree `Self` and the tiler or layout `B`, a step of
/// the atoms' tree pipelines.
pub trait ComposeTreeWith<B> {
    /// The result's tree.
    type Tree;
}
impl<A, B> ComposeTreeWith<B> for A
where
    B: IntoTiler,
    NormOf<B>: ComposeOnto<A>,
    <NormOf<B> as ComposeOnto<A>>::Out: StepResult<A, B>,
{
    type Tree = <<NormOf<B> as ComposeOnto<A>>::Out as StepResult<A, B>>::Tree;
}
pub(crate) type DivTree<R, A, B> = <A as DivideTree<R, B>>::Tree;
pub(crate) type ComposeTreeOf<A, B> = <A as ComposeTreeWith<B>>::Tree;

/// `<Ext_I, Ext_J>`.
pub(crate) type ExtTiler<M, Op> = Tiler<(ExtI<M, Op>, ExtJ<M, Op>)>;
/// `<XLayout, _>`.
pub(crate) type AtomTiler<M, Op> = Tiler<(AtomTvL<M, Op>, Underscore)>;
/// `logical_divide(T, <Perm_I, Perm_J>)` of the tree `T`.
pub(crate) type PermutedT<T, M, Op> =
    <T as PermuteTree<<Op as HasOperandPerm<M>>::Tile, M, Op>>::Tree;
/// `zipped_divide(…, <Ext_I, Ext_J>)`.
pub(crate) type AtomsT<T, M, Op> = DivTree<Zipped, PermutedT<T, M, Op>, ExtTiler<M, Op>>;
/// `… ∘ <XLayout, _>`: `((ThrV, FrgV), (Rest_I, Rest_J, …))`.
pub(crate) type AtomTvT<T, M, Op> = ComposeTreeOf<AtomsT<T, M, Op>, AtomTiler<M, Op>>;
/// The rest modes zipped-divided by the thread counts.
pub(crate) type RestZT<T, M, Op> = DivTree<Zipped, AtOf<AtomTvT<T, M, Op>, U1>, ThrTileIJ<M, Op>>;

/// `thrfrg_X`'s thread mode `(ThrV,(Thr_I,Thr_J))` of the tensor tree `T`.
pub(crate) type ThrfrgThreads<T, M, Op> =
    <AtOf<AtOf<AtomTvT<T, M, Op>, U0>, U0> as JoinWith<AtOf<RestZT<T, M, Op>, U0>>>::Out;
/// `thrfrg_X`'s value mode `(FrgV,(Rest_I,Rest_J,…))` of the tensor tree `T`.
pub(crate) type ThrfrgValues<T, M, Op> =
    <AtOf<AtOf<AtomTvT<T, M, Op>, U0>, U1> as JoinWith<AtOf<RestZT<T, M, Op>, U1>>>::Out;

/// An impl, for a tensor layout's tree `HCons<H, Tl>`, of a trait whose
/// where-clauses are CuTe's `thrfrg_X` steps on trees (`T` names the
/// tree) followed by `$extra`: every step of a result is proven and
/// normalized in one impl, so no step is normalized again through another
/// trait's associated type. (No blanket impl: a tree still being inferred
/// is not explored, which would not terminate.)
macro_rules! thrfrg_impl {
    ($Trait:ident; where $($extra:tt)*) => {
        impl<H, Tl, M, Op> $Trait<M, Op> for HCons<H, Tl>
        where
            M: TiledMmaLayouts,
            Op: HasMmaOperand<M>,
            Op: HasOperandPerm<M>,
            HCons<H, Tl>: PermuteTree<<Op as HasOperandPerm<M>>::Tile, M, Op>,
            PermutedT<HCons<H, Tl>, M, Op>: DivideTree<Zipped, ExtTiler<M, Op>>,
            AtomsT<HCons<H, Tl>, M, Op>: ComposeTreeWith<AtomTiler<M, Op>>,
            AtomTvT<HCons<H, Tl>, M, Op>: At<U0> + At<U1>,
            AtOf<AtomTvT<HCons<H, Tl>, M, Op>, U0>: At<U0> + At<U1>,
            AtOf<AtomTvT<HCons<H, Tl>, M, Op>, U1>: DivideTree<Zipped, ThrTileIJ<M, Op>>,
            RestZT<HCons<H, Tl>, M, Op>: At<U0> + At<U1>,
            AtOf<AtOf<AtomTvT<HCons<H, Tl>, M, Op>, U0>, U0>:
                JoinWith<AtOf<RestZT<HCons<H, Tl>, M, Op>, U0>>,
            AtOf<AtOf<AtomTvT<HCons<H, Tl>, M, Op>, U0>, U1>:
                JoinWith<AtOf<RestZT<HCons<H, Tl>, M, Op>, U1>>,
            $($extra)*
    };
}

/// `layoutX_TV` of a tiled MMA computed on the tree `Self` of the
/// operand's compact tile: `thrfrg_X`, its thread mode composed with the
/// spread and `right_inverse(ThrLayoutVMNK)`, the value mode rejoined.
pub trait MmaTvTree<M, Op> {
    /// `layoutX_TV`.
    type Layout: StaticLayout + TensorLayout;
}
thrfrg_impl! { MmaTvTree; where
    ThrfrgThreads<HCons<H, Tl>, M, Op>: ComposeTreeWith<<Op as HasMmaOperand<M>>::Spread>,
    SpreadT<HCons<H, Tl>, M, Op>: ComposeTreeWith<ThrIdxOf<M>>,
    TvTree<HCons<H, Tl>, M, Op>: SpellLayout,
    Spelled<TvTree<HCons<H, Tl>, M, Op>>: StaticLayout + TensorLayout,
{
    type Layout = Spelled<TvTree<HCons<H, Tl>, M, Op>>;
}
}

/// `partition_X` of a tiled MMA computed on the tree `Self` of the
/// tensor's layout: `thrfrg_X`, the thread mode spelled (thread →
/// offset) and the value mode's rest spliced, `(FrgV, Rest_I, Rest_J, …)`.
pub trait MmaPartitionTree<M, Op> {
    /// The thread mode `(ThrV,(Thr_I,Thr_J))`.
    type Threads: StaticLayout;
    /// The partition's layout.
    type Layout: StaticLayout + TensorLayout;
}
thrfrg_impl! { MmaPartitionTree; where
    ThrfrgThreads<HCons<H, Tl>, M, Op>: SpellLayout,
    Spelled<ThrfrgThreads<HCons<H, Tl>, M, Op>>: StaticLayout,
    ThrfrgValues<HCons<H, Tl>, M, Op>: SpliceTree,
    <ThrfrgValues<HCons<H, Tl>, M, Op> as SpliceTree>::Out: SpellLayout,
    Spelled<<ThrfrgValues<HCons<H, Tl>, M, Op> as SpliceTree>::Out>: StaticLayout + TensorLayout,
{
    type Threads = Spelled<ThrfrgThreads<HCons<H, Tl>, M, Op>>;
    type Layout = Spelled<<ThrfrgValues<HCons<H, Tl>, M, Op> as SpliceTree>::Out>;
}
}
/// `(Self, R)` as a tree of two modes. (Implemented for a leaf and a tuple
/// separately: the pair's shape is known only once `Self` is.)
pub trait JoinWith<R> {
    /// `HCons<Self, HCons<R, HNil>>`.
    type Out;
}
impl<S, D, R> JoinWith<R> for (S, D) {
    type Out = HCons<(S, D), HCons<R, HNil>>;
}
impl<H, T, R> JoinWith<R> for HCons<H, T> {
    type Out = HCons<HCons<H, T>, HCons<R, HNil>>;
}

pub(crate) type Permuted<L, M, Op> = LogicalQuotient<
    L,
    Tiler<(
        <Op as HasMmaOperand<M>>::PermI,
        <Op as HasMmaOperand<M>>::PermJ,
    )>,
>;
pub(crate) type Atoms<L, M, Op> = ZippedQuotient<
    Permuted<L, M, Op>,
    Tiler<(
        <Op as HasMmaOperand<M>>::ExtI,
        <Op as HasMmaOperand<M>>::ExtJ,
    )>,
>;
pub(crate) type AtomTvOf<L, M, Op> =
    Composed<Atoms<L, M, Op>, Tiler<(<Op as HasMmaOperand<M>>::AtomTv, Underscore)>>;

/// CuTe's `thrfrg_X(T)` of a static layout `L` of shape `(I, J, …)`:
/// `((ThrV,(Thr_I,Thr_J)),(FrgV,(Rest_I,Rest_J,…)))` (see the module
/// documentation), a type alias: `(MmaThreads, MmaValues)`.
///
/// The last step, `zipped_divide(tv, <_, <Thr_I, Thr_J>>)`, is computed
/// mode by mode — `tv`'s atom mode `(ThrV, FrgV)` split and its rest mode
/// zipped-divided by `<Thr_I, Thr_J>` — which is the same layout: rustc's
/// trait solver does not terminate on some bounds of the layout the
/// by-mode divide with `_` builds (a `StaticLayout` bound inside another
/// impl's where-clause), while the mode-by-mode result is resolved.
pub type Thrfrg<M, Op, L> = <MmaThreads<M, Op, L> as Rejoin<MmaValues<M, Op, L>>>::Output;
/// `thrfrg_X`'s thread mode `(ThrV,(Thr_I,Thr_J))` for a tensor layout `L`.
pub type MmaThreads<M, Op, L> =
    <ModeOf<ModeOf<AtomTvOf<L, M, Op>, 0>, 0> as Rejoin<ModeOf<RestZ<L, M, Op>, 0>>>::Output;
/// `thrfrg_X`'s value mode `(FrgV,(Rest_I,Rest_J,…))` for a tensor layout `L`.
pub type MmaValues<M, Op, L> =
    <ModeOf<ModeOf<AtomTvOf<L, M, Op>, 0>, 1> as Rejoin<ModeOf<RestZ<L, M, Op>, 1>>>::Output;
/// The rest modes of `tv` zipped-divided by the thread counts.
pub(crate) type RestZ<L, M, Op> = ZippedQuotient<ModeOf<AtomTvOf<L, M, Op>, 1>, ThrTileIJ<M, Op>>;
pub(crate) type ThrTileIJ<M, Op> = Tiler<(
    <Op as HasMmaOperand<M>>::ThrI,
    <Op as HasMmaOperand<M>>::ThrJ,
)>;

/// The compact column-major tile of operand `Op`: `(TileSize<I>, TileSize<J>)`.
pub type OperandTile<M, Op> = CompactColMajor<(
    <<Op as HasMmaOperand<M>>::PermI as TilerSize>::Size,
    <<Op as HasMmaOperand<M>>::PermJ as TilerSize>::Size,
)>;

/// `layoutX_TV`'s thread-mode steps on the tile's tree `T`: the spread,
/// then CuTe's `thridx_2_thrid` ([`ThrIdxToThrId`]).
type SpreadT<T, M, Op> = ComposeTreeOf<ThrfrgThreads<T, M, Op>, <Op as HasMmaOperand<M>>::Spread>;
type ThrIdxOf<M> = <<M as TiledMmaLayouts>::ThrLayoutVMNK as ThrIdxToThrId>::Layout;
type TvThreadsDoneT<T, M, Op> = ComposeTreeOf<SpreadT<T, M, Op>, ThrIdxOf<M>>;

/// CuTe's `thridx_2_thrid` of a tiled MMA's thread layout `V`
/// (`ThrLayoutVMNK`): `(size(V),1):(1,0) ∘ right_inverse((V,
/// complement(V, cosize(V))))`, lane → thread index, over every lane of
/// `V`'s compact cover (`size(V)·size(complement(V))` lanes). For a
/// compact thread layout it is `right_inverse(V)`; one SM70 quad-pair
/// atom (`ThrID = (4,2):(1,16)`) has 8 threads and 32 lanes, lanes 4–15
/// and 20–31 reading as the thread whose index they reduce to (as
/// cute-dynamic's `TiledMma::layout_tv` and CuTe C++ do).
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::{atom::{ThrIdxToThrId, TiledMmaLayouts}, layout::StaticLayout};
/// type V = <Mma as TiledMmaLayouts>::ThrLayoutVMNK;
/// // A compact thread layout: 128 lanes, lane i is thread i.
/// assert_eq!(<V as ThrIdxToThrId>::LANES, 128);
/// let map = <<V as ThrIdxToThrId>::Layout as Default>::default().to_dynamic();
/// assert!((0..128).all(|i| map.call(i) == i));
/// ```
pub trait ThrIdxToThrId {
    /// The map lane → thread index.
    type Layout: StaticLayout + IntoTiler;
    /// The number of lanes, `size(V)·size(complement(V, cosize(V)))`:
    /// the thread mode of `layoutX_TV`, the lanes `get_slice` takes.
    const LANES: usize;
}
/// `complement(V, cosize(V))`.
type CoverOf<V> = Complemented<
    Layout<<V as StaticLayout>::Shape, <V as StaticLayout>::Stride>,
    P<<<V as StaticLayout>::Tree as CosizeOf>::Out>,
>;
/// `(V, complement(V, cosize(V)))`.
type FilledOf<V> = Layout<
    (
        <V as StaticLayout>::Shape,
        <CoverOf<V> as StaticLayout>::Shape,
    ),
    (
        <V as StaticLayout>::Stride,
        <CoverOf<V> as StaticLayout>::Stride,
    ),
>;
/// `(size(V),1):(1,0)`.
type ThreadOfLane<V> = Layout<(SizeC<V>, C<1>), (C<1>, C<0>)>;
impl<V> ThrIdxToThrId for V
where
    V: StaticLayout,
    V::Tree: CosizeOf + SizeOf,
    <V::Tree as CosizeOf>::Out: Pretty,
    <V::Tree as SizeOf>::Out: Pretty,
    P<<V::Tree as CosizeOf>::Out>: StaticInt,
    Layout<V::Shape, V::Stride>: Complement<P<<V::Tree as CosizeOf>::Out>>,
    CoverOf<V>: StaticLayout,
    FilledOf<V>: RightInvert,
    ThreadOfLane<V>: Compose<RightInverse<FilledOf<V>>>,
    Composed<ThreadOfLane<V>, RightInverse<FilledOf<V>>>: StaticLayout + IntoTiler,
{
    type Layout = Composed<ThreadOfLane<V>, RightInverse<FilledOf<V>>>;
    const LANES: usize = V::SIZE * <CoverOf<V> as StaticLayout>::SIZE;
}

/// CuTe's `get_layoutX_TV()` of a tiled MMA (`Self`) for operand `Op`,
/// as an associated type: one bound (`M: TiledMmaTv<Op>`) for the steps
/// that compute it (see [`LayoutTv`]).
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::atom::{OperandC, TiledMmaTv};
/// let tv = <<Mma as TiledMmaTv<OperandC>>::Layout as Default>::default();
/// assert_eq!(tv.to_string(), "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))");
/// let atom = cute_dynamic::mma_atom("SM80_16x8x16_F32F16F16F32_TN")?;
/// let run = cute_dynamic::make_tiled_mma(&atom, Some(&"(2,2,1)".parse()?), None)?;
/// assert_eq!(tv.to_dynamic(), run.layout_tv(cute_dynamic::MmaOperand::OperandC)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub trait TiledMmaTv<Op> {
    /// `layoutX_TV`.
    type Layout: StaticLayout + TensorLayout;
}
impl<M, Op> TiledMmaTv<Op> for M
where
    M: TiledMmaLayouts,
    Op: HasMmaOperand<M>,
    OperandTileShape<M, Op>: CompactFrom<U1>,
    OperandTile<M, Op>: StaticLayout,
    TreeOf<OperandTile<M, Op>>: MmaTvTree<M, Op>,
{
    type Layout = <TreeOf<OperandTile<M, Op>> as MmaTvTree<M, Op>>::Layout;
}
/// `layoutX_TV`'s tree.
type TvTree<T, M, Op> = HCons<TvThreadsDoneT<T, M, Op>, HCons<ThrfrgValues<T, M, Op>, HNil>>;

/// CuTe's `get_layoutX_TV()` of operand `Op`: `(thread, value)` → index
/// of the operand's compact column-major tile (see the module
/// documentation). The steps that act on the thread mode only (the spread
/// and `right_inverse(ThrLayoutVMNK)`, CuTe's by-mode `<…, _>`
/// compositions) are applied to that mode alone and the value mode is
/// rejoined: the same layout, computed on smaller operands.
///
/// The type is [`Computed`]: named by the tiled MMA and the operand, it
/// costs nothing to name; [`Resolved<LayoutTv<M, Op>>`](crate::Resolved)
/// (`<M as TiledMmaTv<Op>>::Layout`) is the computed `Layout<S, D>`.
pub type LayoutTv<M, Op> = Computed<MmaLayoutTvQuery<M, Op>>;
/// The query behind [`LayoutTv`]: `layoutX_TV` of the tiled MMA `M`.
pub struct MmaLayoutTvQuery<M, Op>(QueryOf<(M, Op)>);
impl<M, Op> LayoutQuery for MmaLayoutTvQuery<M, Op>
where
    M: TiledMmaTv<Op>,
{
    type Layout = <M as TiledMmaTv<Op>>::Layout;
}
/// `layoutX_TV` as its `Layout<S, D>` type.
pub(crate) type LayoutTvOf<M, Op> = <M as TiledMmaTv<Op>>::Layout;

/// `make_layout(Self, V)`: two layouts as the modes of one.
///
/// ```
/// use cute_static::{Layout, atom::Rejoin};
/// type R = <Layout![4:1] as Rejoin<Layout![(2, 3):(8, 16)]>>::Output;
/// assert_eq!(R::default().to_string(), "(_4,(_2,_3)):(_1,(_8,_16))");
/// ```
pub trait Rejoin<V> {
    /// `(Self, V)`.
    type Output;
}
impl<S0, D0, S1, D1> Rejoin<Layout<S1, D1>> for Layout<S0, D0> {
    type Output = Layout<(S0, S1), (D0, D1)>;
}

/// `layoutA_TV`: `(thread, value)` → `(m,k)` index of the `M×K` tile.
pub type LayoutATv<M> = LayoutTv<M, OperandA>;
/// `layoutB_TV`: `(thread, value)` → `(n,k)` index of the `N×K` tile.
pub type LayoutBTv<M> = LayoutTv<M, OperandB>;
/// `layoutC_TV`: `(thread, value)` → `(m,n)` index of the `M×N` tile.
pub type LayoutCTv<M> = LayoutTv<M, OperandC>;

impl<A, L, Pm> TiledMma<A, L, Pm>
where
    Self: TiledMmaLayouts,
{
    /// CuTe's `get_slice(thr_idx)`: the partitioner of thread `thr_idx`,
    /// a lane of the thread layout's compact cover, `0 ≤ thr_idx <
    /// size(ThrLayoutVMNK)·size(complement(ThrLayoutVMNK))`
    /// ([`ThrIdxToThrId::LANES`]: lanes 0–31 of one SM70 quad-pair atom);
    /// an `out_of_bounds` error beyond.
    pub fn get_slice(&self, thr_idx: usize) -> Result<ThrMma<Self>, Error> {
        let lanes = <VmnkOf<Self> as ThrIdxToThrId>::LANES.max(1);
        if thr_idx >= lanes {
            return Err(Error::OutOfBounds {
                layout: Some(crate::kernel::layout::notation::<VmnkOf<Self>>()),
                mode: None,
                index: thr_idx,
                size: lanes,
            });
        }
        Ok(ThrMma {
            thr: thr_idx,
            vmnk: <Self as TiledMmaLayouts>::thr_coord(thr_idx),
            mma: PhantomData,
        })
    }

    /// CuTe's `get_thread_slice`, the other name of [`get_slice`](Self::get_slice).
    pub fn get_thread_slice(&self, thr_idx: usize) -> Result<ThrMma<Self>, Error> {
        self.get_slice(thr_idx)
    }
}

type VmnkOf<M> = <M as TiledMmaLayouts>::ThrLayoutVMNK;

/// The coordinate of an index in a mode: per leaf `s:d`, `(idx / d) mod s`
/// (0 where `d = 0`), colexicographically combined (the run-time crate's
/// `flat_coord`).
///
/// ```
/// use cute_static::{Layout, atom::Colex, layout::StaticLayout};
/// // The coordinate of index 37 along the mode (4,8):(1,4): 37 mod 4 + 4·(9 mod 8).
/// type F = <Layout![(4, 8):(1, 4)] as StaticLayout>::Flat;
/// assert_eq!(<F as Colex>::colex(37, 1), 1 + 4 * 1);
/// ```
pub trait Colex {
    /// The coordinate, leaves scaled from `scale`.
    fn colex(idx: usize, scale: usize) -> usize;
}
impl Colex for HNil {
    #[inline(always)]
    fn colex(_: usize, _: usize) -> usize {
        0
    }
}
impl<S: Unsigned, D: Unsigned, T: Colex> Colex for HCons<(S, D), T> {
    #[inline(always)]
    fn colex(idx: usize, scale: usize) -> usize {
        let c = idx.checked_div(D::USIZE).map_or(0, |q| q % S::USIZE);
        c * scale + T::colex(idx, scale * S::USIZE)
    }
}

/// One thread's view of a [`TiledMma`] (CuTe's `ThrMMA`): the thread index
/// and its coordinate `(v, m, n, k)` are run time, everything else is in
/// the type.
pub struct ThrMma<M> {
    thr: usize,
    vmnk: [usize; 4],
    mma: PhantomData<fn() -> M>,
}
impl<M> Clone for ThrMma<M> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M> Copy for ThrMma<M> {}
impl<M> PartialEq for ThrMma<M> {
    fn eq(&self, o: &Self) -> bool {
        self.thr == o.thr
    }
}
impl<M> core::cmp::Eq for ThrMma<M> {}
impl<M> core::hash::Hash for ThrMma<M> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.thr.hash(h)
    }
}
impl<M> fmt::Debug for ThrMma<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThrMma")
            .field("thread", &self.thr)
            .field("vmnk", &self.vmnk)
            .finish()
    }
}

/// `(FrgV,(Rest_I,Rest_J,…))` → `(FrgV,Rest_I,Rest_J,…)`: the modes
/// CuTe's slice at `(thread, (_,(_,…)))` keeps (rest of rank 2 to 4).
///
/// ```
/// use cute_static::{Layout, atom::SpliceRest};
/// type S = <Layout![(2, (3, 4)):(1, (2, 6))] as SpliceRest>::Output;
/// assert_eq!(S::default().to_string(), "(_2,_3,_4):(_1,_2,_6)");
/// ```
pub trait SpliceRest {
    /// The kept modes as one layout.
    type Output;
}
macro_rules! splice_rest {
    ($($R:ident $Q:ident),+) => {
        /// The rest modes become top-level modes.
        impl<S0, D0, $($R, $Q),+> SpliceRest for Layout<(S0, ($($R,)+)), (D0, ($($Q,)+))> {
            type Output = Layout<(S0, $($R,)+), (D0, $($Q,)+)>;
        }
    };
}
splice_rest!(R0 Q0, R1 Q1);
splice_rest!(R0 Q0, R1 Q1, R2 Q2);
splice_rest!(R0 Q0, R1 Q1, R2 Q2, R3 Q3);

/// What `partition_X` of operand `Op` computes for a tensor with the
/// static layout `L` (implemented by every tiled MMA whose `thrfrg_X`
/// of `L` exists): one bound in the partition methods instead of the
/// steps, so that each step is proven once, in this impl.
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::{layout, Tensor, atom::{HasMmaPartition, OperandC}, tensor::Counting};
/// let c = Tensor::new(Counting, layout!((32, 16)))?;
/// let mine = Mma::default().get_slice(37)?.partition_c(c)?;
/// // The partition's layout is the bound's associated type.
/// let named = <<Mma as HasMmaPartition<OperandC, cute_static::Layout![(32, 16)]>>::Layout as Default>::default();
/// assert_eq!(mine.layout().to_string(), named.to_string());
/// assert_eq!(named.to_string(), "((_2,_2),_1,_1):((_32,_8),_0,_0)");
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait HasMmaPartition<Op, L> {
    /// `thrfrg_X`'s thread mode `(ThrV,(Thr_I,Thr_J))`: thread → offset.
    type Threads: StaticLayout;
    /// The partition's layout `(FrgV, Rest_I, Rest_J, …)`.
    type Layout: StaticLayout + TensorLayout;
}
impl<M, Op, L> HasMmaPartition<Op, L> for M
where
    M: TiledMmaLayouts,
    Op: HasMmaOperand<M>,
    L: StaticLayout,
    TreeOf<L>: MmaPartitionTree<M, Op>,
{
    type Threads = <TreeOf<L> as MmaPartitionTree<M, Op>>::Threads;
    type Layout = <TreeOf<L> as MmaPartitionTree<M, Op>>::Layout;
}

/// [`SpliceRest`] on trees: `(FrgV,(Rest_I,Rest_J,…))` → `(FrgV,Rest_I,Rest_J,…)`.
pub trait SpliceTree {
    /// The kept modes.
    type Out;
}
impl<V, R: SpliceOnto<V>> SpliceTree for HCons<V, HCons<R, HNil>> {
    type Out = <R as SpliceOnto<V>>::Out;
}
/// The rest modes `Self` (a tuple of at least two) after `V`. (Dispatching
/// on the rest as a self type: its shape is not assumed before it is known.)
pub trait SpliceOnto<V> {
    /// `HCons<V, Self>`.
    type Out;
}
impl<V, R0, R1, Rs> SpliceOnto<V> for HCons<R0, HCons<R1, Rs>> {
    type Out = HCons<V, HCons<R0, HCons<R1, Rs>>>;
}

/// The layout of `partition_X` of a tensor with the layout `L`:
/// `(FrgV, Rest_I, Rest_J, …)`.
/// The type is [`Computed`] (named by its inputs; see [`Resolved`](crate::Resolved)
/// for the `Layout<S, D>` type, `<M as HasMmaPartition<Op, L>>::Layout`).
pub type MmaPartition<M, Op, L> = Computed<MmaPartitionQuery<M, Op, L>>;
/// The query behind [`MmaPartition`].
pub struct MmaPartitionQuery<M, Op, L>(QueryOf<(M, Op, L)>);
impl<M, Op, L> LayoutQuery for MmaPartitionQuery<M, Op, L>
where
    M: HasMmaPartition<Op, L>,
{
    type Layout = <M as HasMmaPartition<Op, L>>::Layout;
}
/// The partition's layout as its `Layout<S, D>` type.
pub(crate) type MmaPartitionLayout<M, Op, L> = <M as HasMmaPartition<Op, L>>::Layout;

/// The register fragment `partition_fragment_X` makes for operand `Op` of
/// a tensor with the layout `L` and values `V`: CuTe's
/// `make_fragment_like(partition_X(tensor))`, the compact column-major
/// layout of the partition's shape over an owned `[V; size]`.
pub type MmaFragment<M, Op, L, V> = <M as HasMmaFragment<Op, L, V>>::Fragment;
/// [`MmaFragment`] as one projection on the tiled MMA (its where-clauses
/// are proven once, by trait evaluation, wherever the fragment's type is
/// named; a type nesting the partition's projection would be normalized
/// again in every check of the body).
///
/// ```
/// use cute_static::{Layout, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// use cute_static::{layout, Tensor, atom::{HasMmaFragment, OperandC}, tensor::Counting};
/// let data = [0.0f32; 32 * 16];
/// let c = Tensor::new(&data[..], layout!((32, 16)))?;
/// // The thread's C fragment: the compact layout of its partition's shape.
/// let f = Mma::default().get_slice(37)?.partition_fragment_c(&c);
/// assert_eq!((f.size(), f.layout().to_string()), (4, "((_2,_2),_1,_1):((_1,_2),_0,_0)".to_string()));
/// let g = <Mma as HasMmaFragment<OperandC, cute_static::Layout![(32, 16)], f32>>::fragment(1.0);
/// assert_eq!(g.layout().to_string(), f.layout().to_string());
/// # let _ = Counting;
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait HasMmaFragment<Op, L, V> {
    /// The fragment tensor.
    type Fragment;
    /// The fragment filled with `v`.
    fn fragment(v: V) -> Self::Fragment;
}
impl<M, Op, L, V: Clone> HasMmaFragment<Op, L, V> for M
where
    M: HasMmaPartition<Op, L>,
    MmaPartitionLayout<M, Op, L>: MakeFragment,
{
    type Fragment = crate::FragmentOf<V, MmaPartitionLayout<M, Op, L>>;
    #[inline(always)]
    fn fragment(v: V) -> Self::Fragment {
        <MmaPartitionLayout<M, Op, L> as MakeFragment>::fragment(v)
    }
}

/// A static layout with at least two modes, and the extents of its first
/// two modes: what the tiled MMA's and tiled copy's partitions check their
/// tiles against (one bound for the size computations behind it).
///
/// ```
/// use cute_static::{Layout, layout, Tensor, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}, tensor::Counting};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// // A (64, 32) tensor: its first two extents are multiples of the 32×16 tile.
/// let c = Tensor::new(Counting, layout!((64, 32)))?;
/// let mine = Mma::default().get_slice(0)?.partition_c(c)?;
/// assert_eq!(mine.layout().to_string(), "((_2,_2),_2,_2):((_64,_8),_32,_1024)");
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait TileExtents: StaticLayout + Mode<0> + Mode<1> {
    /// `(C<size<0>>, C<size<1>>)`.
    type Extents;
}
impl<L> TileExtents for L
where
    L: StaticLayout + Mode<0> + Mode<1>,
    <ModeOf<L, 0> as StaticLayout>::Tree: SizeOf,
    <ModeOf<L, 1> as StaticLayout>::Tree: SizeOf,
    <<ModeOf<L, 0> as StaticLayout>::Tree as SizeOf>::Out: Pretty,
    <<ModeOf<L, 1> as StaticLayout>::Tree as SizeOf>::Out: Pretty,
{
    type Extents = (SizeC<ModeOf<L, 0>>, SizeC<ModeOf<L, 1>>);
}
/// The extents of a tensor's first two modes, `(C<I>, C<J>)`.
pub type Extents<L> = <L as TileExtents>::Extents;
/// The operand's tile, `(C<TileSize<I>>, C<TileSize<J>>)`.
pub type OperandTileShape<M, Op> = (
    <<Op as HasMmaOperand<M>>::PermI as TilerSize>::Size,
    <<Op as HasMmaOperand<M>>::PermJ as TilerSize>::Size,
);

/// The offset of the thread at `(v, (i, j))` in `thrfrg_X`'s thread mode
/// `Threads` with `ti × tj` threads along `I`, `J`, or an `out_of_bounds`
/// error.
fn thread_offset<Threads: StaticLayout>(
    v: usize,
    i: usize,
    j: usize,
    ti: usize,
    tj: usize,
) -> Result<usize, Error> {
    // (v,(i,j)) in (ThrV,(Thr_I,Thr_J)), colexicographically.
    let size = Threads::SIZE;
    let tv = size / (ti * tj).max(1);
    let idx = v + tv * (i + ti * j);
    if v >= tv || i >= ti || j >= tj || idx >= size {
        return Err(crate::kernel::tensor::out_of_mode::<Threads>((
            0, idx, size,
        )));
    }
    Ok(Threads::default().call(idx))
}

/// The tile of a tiled MMA divides the tensor's extents (the rule behind
/// the compile error of a partition over a tile that does not fit).
///
/// ```
/// use cute_static::{C, atom::EvenlyDividesTile};
/// fn divides<A: EvenlyDividesTile<T>, T>() {}
/// // (64, 32) is a multiple of the (32, 16) tile, mode by mode.
/// divides::<(C<64>, C<32>), (C<32>, C<16>)>();
/// ```
/// ```compile_fail
/// use cute_static::{C, atom::EvenlyDividesTile};
/// fn divides<A: EvenlyDividesTile<T>, T>() {}
/// divides::<(C<24>, C<32>), (C<32>, C<16>)>();
/// ```
pub trait EvenlyDividesTile<T> {}
impl<A, T> EvenlyDividesTile<T> for A
where
    A: StaticIntTuple,
    T: StaticIntTuple,
    A::Tree: TreeEvenly<T::Tree>,
    <A::Tree as TreeEvenly<T::Tree>>::Out: TileAnswer<A, T>,
{
}
/// The tiled MMA's tile for operand `Op` divides the extents of the
/// tensor layout `L` (one bound for the partition methods: the tile's
/// and the tensor's extents are computed in this impl, proven once).
///
/// ```compile_fail
/// use cute_static::{Layout, layout, Tensor, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}, tensor::Counting};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// // 24 rows are not a multiple of the 32-row tile: a compile error.
/// let c = Tensor::new(Counting, layout!((24, 16))).unwrap();
/// let _ = Mma::default().get_slice(0).unwrap().partition_c(c);
/// ```
/// ```
/// use cute_static::{Layout, layout, Tensor, atom::{SM80_16x8x16_F32F16F16F32_TN, TiledMma}, tensor::Counting};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// let c = Tensor::new(Counting, layout!((32, 16)))?;
/// assert_eq!(Mma::default().get_slice(0)?.partition_c(c)?.size(), 4);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait MmaTileFits<Op, L> {}
impl<M, Op, L> MmaTileFits<Op, L> for M
where
    M: TiledMmaLayouts,
    Op: HasMmaOperand<M>,
    L: TileExtents,
    Extents<L>: EvenlyDividesTile<OperandTileShape<M, Op>>,
{
}
/// The tiled MMA reads operand `Op` from registers (its atom's
/// `FrgTypeA/B` is [`Registers`](crate::Registers)): what the register
/// fragments `partition_fragment_a/b` need. Matched on the tiled MMA's type
/// alone, without its layouts (a bound through `TiledMmaLayouts::Atom`
/// cost the benches' sgemm-shaped kernel about 0.8 % more rustc
/// instructions; this one is within the measurement's noise).
///
/// ```
/// use cute_static::{Layout, atom::{OperandA, OperandB, RegisterOperand, SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// // SM80's mma.sync reads A and B from registers.
/// fn from_registers<M: RegisterOperand<OperandA> + RegisterOperand<OperandB>>() -> bool { true }
/// assert!(from_registers::<TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>>());
/// ```
pub trait RegisterOperand<Op> {}
impl<A: MmaAtom, L, P> RegisterOperand<OperandA> for TiledMma<A, L, P> where
    A::FrgTypeA: crate::atom::RegisterSource
{
}
impl<A: MmaAtom, L, P> RegisterOperand<OperandB> for TiledMma<A, L, P> where
    A::FrgTypeB: crate::atom::RegisterSource
{
}

/// The answer of "the tile `T` divides the extents `A`" is `true`.
///
/// ```
/// use cute_static::{C, atom::EvenlyDividesTile};
/// // The answer `true` implements the trait: the bound below holds.
/// fn divides<A: EvenlyDividesTile<T>, T>() -> bool { true }
/// assert!(divides::<(C<32>, C<16>), (C<32>, C<16>)>());
/// ```
#[diagnostic::on_unimplemented(
    message = "the tiled MMA's tile `{T}` does not divide the tensor's extents `{A}`",
    label = "partition_A/B/C need whole tiles",
    note = "a tiled MMA partitions a tensor whose first two extents are multiples of its tile (tile_size<I> = size of permutation_mnk<I>, by default the atom's extent times the atoms along I): pad the tensor, or tile it with local_tile first"
)]
pub trait TileAnswer<A, T> {}
impl<A, T> TileAnswer<A, T> for B1 {}

impl<M: TiledMmaLayouts> ThrMma<M> {
    /// The thread index.
    #[inline(always)]
    pub fn thread(&self) -> usize {
        self.thr
    }
    /// The thread's coordinate `(v, m, n, k)` in `ThrLayoutVMNK`.
    #[inline(always)]
    pub fn thr_vmnk(&self) -> [usize; 4] {
        self.vmnk
    }

    /// `partition_X` of operand `Op` (no tile check: the callers' bounds
    /// make it).
    #[inline(always)]
    fn partition<Op, E, L>(
        &self,
        t: Tensor<E, L>,
    ) -> Result<Tensor<E, MmaPartition<M, Op, L>>, Error>
    where
        Op: HasMmaOperand<M>,
        E: Engine,
        L: TensorLayout,
        M: HasMmaPartition<Op, L>,
        MmaPartitionQuery<M, Op, L>: LayoutQuery,
    {
        let (e, base, _) = t.into_parts();
        let offset = thread_offset::<<M as HasMmaPartition<Op, L>>::Threads>(
            self.vmnk[0],
            self.vmnk[Op::MODES.0],
            self.vmnk[Op::MODES.1],
            <Op::ThrI as StaticInt>::VALUE,
            <Op::ThrJ as StaticInt>::VALUE,
        )?;
        let base = base.checked_add(offset).ok_or(Error::Overflow {
            operation: "partition",
            operands: "the tensor's base and the thread's offset",
        })?;
        Ok(Tensor::from_parts(e, base, Default::default()))
    }

    /// The offset of this thread's `partition_X` of operand `Op` in a
    /// tensor of layout `L` (modes `i`, `j` of the thread's coordinate).
    pub(crate) fn partition_offset<Op, L>(&self, i: usize, j: usize) -> Result<usize, Error>
    where
        Op: HasMmaOperand<M>,
        M: HasMmaPartition<Op, L>,
    {
        thread_offset::<<M as HasMmaPartition<Op, L>>::Threads>(
            self.vmnk[0],
            self.vmnk[i],
            self.vmnk[j],
            <Op::ThrI as StaticInt>::VALUE,
            <Op::ThrJ as StaticInt>::VALUE,
        )
    }

    /// CuTe's `partition_A`: this thread's values of a static tensor of
    /// shape `(M,K,…)`, as a tensor of shape `(FrgV,Rest_M,Rest_K,…)` with
    /// a static layout and the thread's run-time offset.
    #[inline(always)]
    pub fn partition_a<E, L>(
        &self,
        t: Tensor<E, L>,
    ) -> Result<Tensor<E, MmaPartition<M, OperandA, L>>, Error>
    where
        E: Engine,
        L: TensorLayout + TileExtents,
        M: HasMmaPartition<OperandA, L>,
        MmaPartitionQuery<M, OperandA, L>: LayoutQuery,
        M: MmaTileFits<OperandA, L>,
    {
        self.partition::<OperandA, E, L>(t)
    }
    /// CuTe's `partition_B`: shape `(N,K,…)` → `(FrgV,Rest_N,Rest_K,…)`.
    #[inline(always)]
    pub fn partition_b<E, L>(
        &self,
        t: Tensor<E, L>,
    ) -> Result<Tensor<E, MmaPartition<M, OperandB, L>>, Error>
    where
        E: Engine,
        L: TensorLayout + TileExtents,
        M: HasMmaPartition<OperandB, L>,
        MmaPartitionQuery<M, OperandB, L>: LayoutQuery,
        M: MmaTileFits<OperandB, L>,
    {
        self.partition::<OperandB, E, L>(t)
    }
    /// CuTe's `partition_C`: shape `(M,N,…)` → `(FrgV,Rest_M,Rest_N,…)`.
    #[inline(always)]
    pub fn partition_c<E, L>(
        &self,
        t: Tensor<E, L>,
    ) -> Result<Tensor<E, MmaPartition<M, OperandC, L>>, Error>
    where
        E: Engine,
        L: TensorLayout + TileExtents,
        M: HasMmaPartition<OperandC, L>,
        MmaPartitionQuery<M, OperandC, L>: LayoutQuery,
        M: MmaTileFits<OperandC, L>,
    {
        self.partition::<OperandC, E, L>(t)
    }

    /// CuTe's `partition_fragment_C(tensor)`: a register fragment (an
    /// owned array, default values) of the compact column-major layout of
    /// the shape of this thread's `partition_C`.
    #[inline(always)]
    pub fn partition_fragment_c<E, L>(
        &self,
        _t: &Tensor<E, L>,
    ) -> MmaFragment<M, OperandC, L, E::Value>
    where
        E: Engine,
        E::Value: Clone + Default,
        L: TensorLayout + TileExtents,
        M: HasMmaFragment<OperandC, L, E::Value>,
        M: MmaTileFits<OperandC, L>,
    {
        M::fragment(E::Value::default())
    }

    /// CuTe's `partition_fragment_A(tensor)`: a register fragment (an
    /// owned array, default values) of the compact column-major layout of
    /// the shape of this thread's `partition_A`.
    #[inline(always)]
    pub fn partition_fragment_a<E, L>(
        &self,
        _t: &Tensor<E, L>,
    ) -> MmaFragment<M, OperandA, L, E::Value>
    where
        E: Engine,
        E::Value: Clone + Default,
        L: TensorLayout + TileExtents,
        M: HasMmaFragment<OperandA, L, E::Value>,
        M: MmaTileFits<OperandA, L>,
        M: RegisterOperand<OperandA>,
    {
        M::fragment(E::Value::default())
    }

    /// CuTe's `partition_fragment_B(tensor)`: a register fragment (an
    /// owned array, default values) of the compact column-major layout of
    /// the shape of this thread's `partition_B`.
    #[inline(always)]
    pub fn partition_fragment_b<E, L>(
        &self,
        _t: &Tensor<E, L>,
    ) -> MmaFragment<M, OperandB, L, E::Value>
    where
        E: Engine,
        E::Value: Clone + Default,
        L: TensorLayout + TileExtents,
        M: HasMmaFragment<OperandB, L, E::Value>,
        M: MmaTileFits<OperandB, L>,
        M: RegisterOperand<OperandB>,
    {
        M::fragment(E::Value::default())
    }
}
