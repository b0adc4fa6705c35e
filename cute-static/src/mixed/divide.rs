//! Divides of mixed layouts by static by-mode tilers, with the static
//! crate's traits: [`LogicalDivide`], [`ZippedDivide`], [`TiledDivide`] and
//! [`FlatDivide`], whose `Output` for a [`MixedLayout`] is
//! `Result<MixedLayout<…>, Error>`. The results equal cute-dynamic's
//! on the same values: `logical_divide(A, T) = A ∘ (T, complement(T,
//! size(A)))` mode by mode, `A`'s modes beyond the tiler kept;
//! `zipped_divide` = `((tiles…),(rests…, A's modes beyond T))`,
//! `tiled_divide` = `((tiles…), rests…)` and `flat_divide` = `(tiles…,
//! rests…)`, a part of a single mode staying a 1-tuple as in CuTe — with the
//! tile modes static wherever they depend only on static parts.
//!
//! The rule, per top-level mode `A_k` of `A` and tiler mode `T_k` (a static
//! integer tile `C<N>` or a static layout):
//! * `A_k` fully static: the static algebra computes the result (static
//!   types, and an inadmissible tile is a compile error naming the rule).
//! * `A_k` a leaf `s:d` with a run-time shape or stride (`Dyn`), `T_k` a
//!   contiguous tile `C<N>` (`N ≥ 2`) or `N:1`: the divide is
//!   `(N:d, ⌈s/N⌉:r)` with `r = N·d` (CuTe's complement gives `r = 0` when
//!   `⌈s/N⌉ = 1`, so a rest mode of size 1 has stride 0, as in the static
//!   crate and cute-dynamic). The tile keeps the static shape `C<N>` and
//!   the mode's own stride type (static stride → static tile); the rest mode
//!   has a run-time stride, and a static shape `⌈s/N⌉` when `s` is static.
//! * `T_k = _` (`tiler!(<_, …>)`) over a static rank-2 mode: the logical
//!   divide keeps the mode. The zipped, tiled and flat divides by a tiler
//!   with `_` do not compile (by `_`'s documented meaning the kept mode is
//!   the tile `1:0` and stays whole in the rest, which the split of each
//!   mode into `(tile, rest)` halves here does not express: use
//!   cute-dynamic); nor does `_` over any other mode.
//! * A nested by-mode tiler mode (`<16, <2, 3>>`) does not compile: the
//!   zipped form regroups its tiles and rests (CuTe's `zip2_by`), which a
//!   split of the mode's logical result does not.
//! * Anything else (a tuple mode with a run-time leaf, a run-time mode
//!   under a non-contiguous tile) does not compile: its result structure
//!   would depend on run-time values. Convert with `to_dynamic()` and use
//!   cute-dynamic there.
//!
//! A leaf mode divided by a contiguous tile is always admissible, so the
//! run-time check is that the result's size and offsets fit in an `i64`
//! (`Err(Error::Overflow)` otherwise).
//!
//! By one static layout `B` (bare, or the whole-layout tiler `tiler!(B)`;
//! any `B` with a complement: gaps, broadcast, permuted or nested modes),
//! see [`WholeDivideByKind`]: a fully static `A` by the static algebra; an
//! `A` with run-time leaves when its values coalesce to one leaf `s:d` and,
//! for a `B` with gaps, `s` exceeds the extent `P` of `(B, complement(B,
//! 1))` (else `Err(Error::ValueDependentStructure)`). The tile keeps `B`'s
//! static shape, the rest is `B`'s static gaps then one run-time leaf
//! `⌈s/P⌉`, every stride run-time:
//!
//! ```
//! use cute_static::layout;
//! let (m, n) = (40, 3);
//! let a = layout!(({m}, {n}):(1, {m}))?;
//! // complement((4,2):(1,8), 120) = (2,8):(4,16): the gap 2:4, then ⌈120/16⌉.
//! let q = a.zipped_divide(layout!((4, 2):(1, 8)))?;
//! assert_eq!(q.to_string(), "((_4,_2),(_2,8)):((1,8),(4,16))");
//! let b: cute_dynamic::Layout = "(4,2):(1,8)".parse()?;
//! assert_eq!(q.to_dynamic(), cute_dynamic::zipped_divide(&a.to_dynamic(), &b)?);
//! let f = a.flat_divide(layout!((4, 2):(1, 8)))?;
//! assert_eq!(f.to_string(), "(_4,_2,_2,8):(1,8,4,16)");
//! // 2·6 = 12 ≤ 16: CuTe drops the rest leaf, another structure.
//! let small = layout!(({2}, 6):(1, 2))?;
//! let e = small.logical_divide(layout!((4, 2):(1, 8))).unwrap_err();
//! assert_eq!(e.kind(), "value_dependent_structure");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```
//!
//! Limits: layouts of at most [`MIXED_ALGEBRA_MAX_RANK`](crate::MIXED_ALGEBRA_MAX_RANK)
//! (4) top-level modes, tilers of at most as many modes as the layout; a
//! larger rank does not compile, and the error's first line names the limit.
//!
//! ```
//! use cute_static::{layout, tiler, Layout, Tiler, algebra::ZippedQuotient, C, tensor::__};
//! let (m, n) = (100, 70);
//! let a = layout!(({m}, {n}):(1, {m}))?;
//! let tiles = a.zipped_divide(tiler!(<16, 16>))?;
//! assert_eq!(tiles.to_string(), "((_16,_16),(7,5)):((_1,100),(16,1600))");
//! let t = cute_dynamic::zipped_divide(&a.to_dynamic(), &"<16,16>".parse::<cute_dynamic::Tiler>()?)?;
//! assert_eq!(tiles.to_dynamic(), t);
//! // Block (2, 3): a 16×16 tile with static shape at its offset.
//! let (tile, off) = tiles.slice((__, 2 + 7 * 3));
//! assert_eq!((tile.to_string(), off), ("((_16,_16)):((_1,100))".to_string(), 32 + 48 * 100));
//! // The noun alias names the result, as for static layouts.
//! let same: ZippedQuotient<Layout![({m}, {n}):(1, {m})], Tiler<(C<16>, C<16>)>> =
//!     a.zipped_divide(tiler!(<16, 16>));
//! assert_eq!(same?.to_string(), tiles.to_string());
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::Error;
use core::ops::{Add, Div, Sub};
use typenum::{B1, IsGreater, Quot, Sub1, Sum, U0};

use crate::private::{P, Pretty};

use crate::algebra::complement::{Complement, Complemented};
use crate::algebra::divide::{
    FlatDivide, FlatQuotient, LogicalDivide, LogicalQuotient, TiledDivide, TiledQuotient,
    ZippedDivide, ZippedQuotient,
};
use crate::data::int_tuple::{C, Int, IntTuple, StaticInt, StaticIntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::data::tiler::{Tiler, TilerMode};
use crate::kernel::tensor::Underscore;
use crate::mixed::composition::ScaleBy;
use crate::mixed::layout::{
    AllStatic, Dyn, DynDiv, HasDyn, LeafKinds, MixedLayout, MixedShape, MixedSliceCoord, Sliced,
    overflow,
};
use crate::mixed::product::TopHoles;

/// A contiguous static tile `N:1` over a run-time mode: `C<N>` (`N ≥ 1`)
/// or the layout `N:1`. The tile `C<1>` keeps the whole mode in the rest
/// (`s:d / 1 = (1:d, s:d)`): CuTe's integer tile 1 is `1:0`, and the
/// size-1 tile mode evaluates the same with either stride (the mode's
/// stride type is kept so one rule serves every tile).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot tile a mode with run-time parts",
    note = "a mode with a run-time shape or stride is divided by a contiguous static tile: `C<N>` with N ≥ 2 or a layout `N:1`"
)]
pub trait UnitTile {
    /// The tile's length.
    const N: usize;
    /// `C<N>`.
    type Len: Int + IntTuple + Default;
}
/// `C<N>` with `N ≥ 1` is the tile `N:1`.
impl<const N: usize> UnitTile for C<N>
where
    C<N>: StaticInt,
    <C<N> as StaticInt>::Tn: IsGreater<U0, Output = B1>,
{
    const N: usize = N;
    type Len = C<N>;
}
crate::data::dec::impl_for_dec! {
    /// An integer tile beyond the readable table is the tile `N:1`.
    UnitTile {
        const N: usize = <Self as StaticInt>::VALUE;
        type Len = Self;
    } where Self: StaticInt
}
/// The layout `N:1`, `N` a readable constant or a `Dec` integer.
impl<N> UnitTile for Layout<N, C<1>>
where
    N: StaticInt + IntTuple + Default,
{
    const N: usize = N::VALUE;
    type Len = N;
}

/// The parts of a static two-mode result: mode 0 and mode 1.
pub trait Halves {
    /// Mode 0.
    type A: Copy + Default;
    /// Mode 1.
    type B: Copy + Default;
}
/// `(X, Y)` has halves `X` and `Y`.
impl<X: Copy + Default, Y: Copy + Default> Halves for (X, Y) {
    type A = X;
    type B = Y;
}

/// A leaf only appears as the placeholder `1:0` of a failed static divide,
/// whose error is already reported by name: no follow-up error here.
impl<const N: usize> Halves for C<N> {
    type A = C<N>;
    type B = C<N>;
}
crate::data::dec::impl_for_dec! {
    /// As for `C<N>`.
    Halves {
        type A = Self;
        type B = Self;
    }
}

/// The logical divide of one mode `(shape, stride)` by one tiler mode `T`:
/// `(tile shape, tile stride, rest shape, rest stride)`.
#[diagnostic::on_unimplemented(
    message = "the mode `{Self}` cannot be divided by `{T}` in a mixed layout",
    note = "a fully static mode takes any static tile; a mode with run-time parts must be a leaf `s:d`, divided by `C<N>` (N ≥ 2) or `N:1`"
)]
pub trait DivideMode<T> {
    /// Tile shape.
    type TS: Copy;
    /// Tile stride.
    type TD: Copy + IntTuple;
    /// Rest shape.
    type RS: Copy;
    /// Rest stride.
    type RD: Copy + IntTuple;
    /// The four parts.
    #[allow(clippy::type_complexity)]
    fn divide(&self) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error>;
}

/// A tiler mode the mixed divides split into `(tile, rest)`: a static
/// layout, an integer tile, and `_` over a static rank-2 mode, which the
/// logical divide keeps as it is (the two halves of the split are its two
/// modes; the zipped, tiled and flat forms refuse `_`, [`NoSkipMode`]).
/// Not a nested by-mode tiler: its zipped form regroups the mode's tiles
/// and rests, which the split of the logical result into two halves does
/// not (it gave wrong zipped, tiled and flat divides); nor `_` over a mode
/// that is not of rank 2. Those are left to cute-dynamic.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a mixed layout's mode `{Sk}` is divided by a layout, an integer tile, or `_` over a static rank-2 mode, not by `{Self}`",
    label = "a nested by-mode tiler, or `_` over a mode that is not of rank 2",
    note = "the mixed divides split every divided mode into (tile, rest): a layout or an integer tile does, and the logical divide keeps a static rank-2 mode under `_`; for anything else convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait SplitsMode<Sk> {}
/// A static layout tile splits any mode.
impl<Sk, S, D> SplitsMode<Sk> for Layout<S, D> {}
/// An integer tile splits any mode.
impl<Sk, const N: usize> SplitsMode<Sk> for C<N> {}
crate::data::dec::impl_for_dec! {
    /// An integer tile beyond the readable table splits any mode.
    [Sk,] SplitsMode<Sk> {}
}
/// `_` keeps a rank-2 mode (in the logical divide).
impl<X, Y> SplitsMode<(X, Y)> for Underscore {}

type StaticQuot<Sk, Dk, T> = LogicalQuotient<Layout<Sk, Dk>, Tiler<T>>;
/// A mode divided according to its leaf kinds `(shape kind, stride kind)`:
/// only a wholly static mode goes to the static algebra.
#[diagnostic::on_unimplemented(
    message = "a mode with run-time leaves inside a tuple cannot be divided in a mixed layout: `{Sk}:{Dk}`",
    label = "the divide's structure would depend on run-time values",
    note = "a mixed layout divides a fully static mode, or a single leaf `s:d` with run-time parts by `C<N>` (N ≥ 2) or `N:1`; a tuple mode holding a run-time leaf (e.g. the rest mode of an earlier divide) is divided at run time: convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait DivideByKind<Sk, Dk, T> {
    /// Tile shape.
    type TS: Copy;
    /// Tile stride.
    type TD: Copy + IntTuple;
    /// Rest shape.
    type RS: Copy;
    /// Rest stride.
    type RD: Copy + IntTuple;
    /// The four parts.
    #[allow(clippy::type_complexity)]
    fn divide(s: &Sk, d: &Dk) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error>;
}
/// A static mode: the static algebra's logical divide.
impl<Sk, Dk, T> DivideByKind<Sk, Dk, T> for (AllStatic, AllStatic)
where
    Sk: StaticIntTuple,
    Dk: StaticIntTuple,
    T: TilerMode + SplitsMode<Sk>,
    Layout<Sk, Dk>: LogicalDivide<Tiler<T>>,
    StaticQuot<Sk, Dk, T>: StaticLayout,
    <StaticQuot<Sk, Dk, T> as StaticLayout>::Shape: Halves,
    <StaticQuot<Sk, Dk, T> as StaticLayout>::Stride: Halves,
    <<StaticQuot<Sk, Dk, T> as StaticLayout>::Stride as Halves>::A: IntTuple,
    <<StaticQuot<Sk, Dk, T> as StaticLayout>::Stride as Halves>::B: IntTuple,
{
    type TS = <<StaticQuot<Sk, Dk, T> as StaticLayout>::Shape as Halves>::A;
    type TD = <<StaticQuot<Sk, Dk, T> as StaticLayout>::Stride as Halves>::A;
    type RS = <<StaticQuot<Sk, Dk, T> as StaticLayout>::Shape as Halves>::B;
    type RD = <<StaticQuot<Sk, Dk, T> as StaticLayout>::Stride as Halves>::B;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn divide(_: &Sk, _: &Dk) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error> {
        Ok(Default::default())
    }
}
type ByKind<Sk, Dk> = (<Sk as LeafKinds>::Kind, <Dk as LeafKinds>::Kind);
/// Every mode, by its leaf kinds: a static mode goes to the static algebra,
/// a leaf with run-time parts to the rule above; a tuple mode with a
/// run-time leaf gets the named error of [`DivideByKind`] (it used to
/// overflow the trait solver, E0275).
impl<Sk, Dk, T> DivideMode<T> for (Sk, Dk)
where
    Sk: LeafKinds,
    Dk: LeafKinds,
    ByKind<Sk, Dk>: DivideByKind<Sk, Dk, T>,
{
    type TS = <ByKind<Sk, Dk> as DivideByKind<Sk, Dk, T>>::TS;
    type TD = <ByKind<Sk, Dk> as DivideByKind<Sk, Dk, T>>::TD;
    type RS = <ByKind<Sk, Dk> as DivideByKind<Sk, Dk, T>>::RS;
    type RD = <ByKind<Sk, Dk> as DivideByKind<Sk, Dk, T>>::RD;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn divide(&self) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error> {
        <ByKind<Sk, Dk> as DivideByKind<Sk, Dk, T>>::divide(&self.0, &self.1)
    }
}

/// `s:d / N = (N:d, ⌈s/N⌉:r)`, `r = N·d`, or 0 when `⌈s/N⌉ = 1`.
fn divide_leaf(s: usize, d: usize, n: usize) -> Result<(Dyn, Dyn), Error> {
    let c = s.div_ceil(n);
    let r = if c == 1 { Some(0) } else { n.checked_mul(d) };
    r.map(|r| (Dyn(c), Dyn(r)))
        .ok_or_else(|| overflow("logical_divide", "a run-time leaf divided by a static tile"))
}

/// A run-time shape: tile `N:d` (the mode's stride type), rest run-time.
impl<Dk: Int + IntTuple, K, T: UnitTile> DivideByKind<Dyn, Dk, T> for (HasDyn, K) {
    type TS = T::Len;
    type TD = Dk;
    type RS = Dyn;
    type RD = Dyn;
    #[inline(always)]
    fn divide(s: &Dyn, d: &Dk) -> Result<(T::Len, Dk, Dyn, Dyn), Error> {
        let (rs, rd) = divide_leaf(s.0, d.value(), T::N)?;
        Ok((T::Len::default(), *d, rs, rd))
    }
}
/// The static `⌈M/N⌉` of a static extent `M` and a static tile `N`.
type CeilDiv<M, N> = P<Quot<Sum<M, Sub1<N>>, N>>;
/// A static shape with a run-time stride (`Dyn` or `DynDiv<E>`): tile
/// `N:d` (the stride's own type), rest `⌈M/N⌉:r` with a static shape (both
/// depend only on static parts) and a run-time stride.
impl<const M: usize, Dd: Int + IntTuple, T: UnitTile> DivideByKind<C<M>, Dd, T>
    for (AllStatic, HasDyn)
where
    C<M>: StaticInt,
    T::Len: StaticInt,
    <T::Len as StaticInt>::Tn: Sub<B1>,
    <C<M> as StaticInt>::Tn: Add<Sub1<<T::Len as StaticInt>::Tn>>,
    Sum<<C<M> as StaticInt>::Tn, Sub1<<T::Len as StaticInt>::Tn>>: Div<<T::Len as StaticInt>::Tn>,
    Quot<Sum<<C<M> as StaticInt>::Tn, Sub1<<T::Len as StaticInt>::Tn>>, <T::Len as StaticInt>::Tn>:
        Pretty,
    CeilDiv<<C<M> as StaticInt>::Tn, <T::Len as StaticInt>::Tn>: Copy + Default,
{
    type TS = T::Len;
    type TD = Dd;
    type RS = CeilDiv<<C<M> as StaticInt>::Tn, <T::Len as StaticInt>::Tn>;
    type RD = Dyn;
    #[inline(always)]
    fn divide(_: &C<M>, d: &Dd) -> Result<(T::Len, Dd, Self::RS, Dyn), Error> {
        let (_, rd) = divide_leaf(M, d.value(), T::N)?;
        Ok((T::Len::default(), *d, Default::default(), rd))
    }
}

/// The run-time leaf of a quotient `m / N` known to be a multiple of `Q`
/// (`Q` in the readable table: `C<Q>`): `DynDiv<Q>`; outside the table the
/// divisor is dropped (`Dyn`).
#[doc(hidden)]
pub trait DivisorLeaf {
    /// `DynDiv<Q>` or `Dyn`.
    type Leaf: Copy + Int + IntTuple;
    /// The leaf of a value proven to be a multiple of `Q`.
    fn leaf(v: usize) -> Self::Leaf;
}
impl<const Q: usize> DivisorLeaf for C<Q> {
    type Leaf = DynDiv<Q>;
    #[inline(always)]
    fn leaf(v: usize) -> DynDiv<Q> {
        DynDiv::proven(v)
    }
}
impl<U, B> DivisorLeaf for typenum::UInt<U, B> {
    type Leaf = Dyn;
    #[inline(always)]
    fn leaf(v: usize) -> Dyn {
        Dyn(v)
    }
}

/// The rest leaf of a run-time shape with divisor `D` (typenum `Dn`)
/// divided by a static tile `N` (`Nn`), chosen at compile time by whether
/// `N | D` (`Self` is that answer, `B1` or `B0`).
#[doc(hidden)]
pub trait DivisorRest<Dn, Nn> {
    /// `DynDiv<{D / N}>` when `N | D`, else `Dyn`.
    type Leaf: Copy + Int + IntTuple;
    /// The rest leaf of value `c` (`m / N`, or `⌈m / N⌉`).
    fn leaf(c: usize) -> Self::Leaf;
}
/// Proven: `N | D`, so `N | m` and `m / N` is a multiple of `D / N`.
impl<Dn: Div<Nn>, Nn> DivisorRest<Dn, Nn> for B1
where
    Quot<Dn, Nn>: Pretty,
    P<Quot<Dn, Nn>>: DivisorLeaf,
{
    type Leaf = <P<Quot<Dn, Nn>> as DivisorLeaf>::Leaf;
    #[inline(always)]
    fn leaf(c: usize) -> Self::Leaf {
        <P<Quot<Dn, Nn>> as DivisorLeaf>::leaf(c)
    }
}
/// Open: `N ∤ D`, so `N` may or may not divide `m`; the rest `⌈m / N⌉`
/// carries no divisor.
impl<Dn, Nn> DivisorRest<Dn, Nn> for typenum::B0 {
    type Leaf = Dyn;
    #[inline(always)]
    fn leaf(c: usize) -> Dyn {
        Dyn(c)
    }
}
type TnOf<X> = <X as StaticInt>::Tn;
/// `N | D`, as `B1` or `B0`.
type Divides<const D: usize, L> = typenum::Eq<typenum::Mod<TnOf<C<D>>, TnOf<L>>, typenum::U0>;

/// A run-time shape with a static divisor `D` (`{m:128}`) divided by a
/// contiguous tile `N`: tile `N:d` (the mode's stride type), rest `m/N` of
/// type `DynDiv<{D/N}>` when `N | D` — decided at compile time; the result
/// is then exact (`m/N` tiles, no partial one) and can never be `Err`
/// (its size is `m`'s and its largest offset `(m−1)·d`, both checked when
/// the layout was built) — else the run-time rule of a `Dyn` shape
/// (`⌈m/N⌉`, a `Dyn` rest).
impl<const DV: usize, Dk: Int + IntTuple, K, T: UnitTile> DivideByKind<DynDiv<DV>, Dk, T>
    for (HasDyn, K)
where
    C<DV>: StaticInt,
    T::Len: StaticInt,
    TnOf<C<DV>>: core::ops::Rem<TnOf<T::Len>>,
    typenum::Mod<TnOf<C<DV>>, TnOf<T::Len>>: typenum::IsEqual<typenum::U0>,
    Divides<DV, T::Len>: DivisorRest<TnOf<C<DV>>, TnOf<T::Len>>,
{
    type TS = T::Len;
    type TD = Dk;
    type RS = <Divides<DV, T::Len> as DivisorRest<TnOf<C<DV>>, TnOf<T::Len>>>::Leaf;
    type RD = Dyn;
    #[inline(always)]
    fn divide(s: &DynDiv<DV>, d: &Dk) -> Result<(T::Len, Dk, Self::RS, Dyn), Error> {
        let (rs, rd) = divide_leaf(s.get(), d.value(), T::N)?;
        let rs = <Divides<DV, T::Len> as DivisorRest<TnOf<C<DV>>, TnOf<T::Len>>>::leaf(rs.0);
        Ok((T::Len::default(), *d, rs, rd))
    }
}

type Ts<S, D, T> = <(S, D) as DivideMode<T>>::TS;
type Td<S, D, T> = <(S, D) as DivideMode<T>>::TD;
type Rs<S, D, T> = <(S, D) as DivideMode<T>>::RS;
type Rd<S, D, T> = <(S, D) as DivideMode<T>>::RD;

/// The by-mode divides of a mixed layout by a static by-mode tiler `T`,
/// implemented for layouts of rank `1..=MIXED_ALGEBRA_MAX_RANK` and tilers
/// of rank `1..=` the layout's: the four regroupings of the by-mode result.
/// Behind [`LogicalDivide`], [`ZippedDivide`], [`TiledDivide`] and
/// [`FlatDivide`]; its message is the one a rank beyond the limit gets.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the mixed algebra divides layouts of at most 4 top-level modes (MIXED_ALGEBRA_MAX_RANK) by a static by-mode tiler with at most as many modes",
    label = "beyond the mixed algebra's rank limit, or a tiler with more modes than the layout",
    note = "layout: {Self}",
    note = "tiler:  {T}",
    note = "a mixed layout is divided by a by-mode tiler `<T0, …>` of at most as many modes as it has, up to rank 4; for a larger rank convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait DivideModes<T> {
    /// `((tile0, rest0), (tile1, rest1), …, extra modes…)`.
    type Logical;
    /// `((tiles…), (rests…, extra modes…))`.
    type Zipped;
    /// `((tiles…), rests…, extra modes…)`.
    type Tiled;
    /// `(tiles…, rests…, extra modes…)`.
    type Flat;
    /// The logical divide.
    fn logical(&self) -> Result<Self::Logical, Error>;
    /// The zipped divide.
    fn zipped(&self) -> Result<Self::Zipped, Error>;
    /// The tiled divide.
    fn tiled(&self) -> Result<Self::Tiled, Error>;
    /// The flat divide.
    fn flat(&self) -> Result<Self::Flat, Error>;
    /// The flat divide without [`MixedLayout::new`]'s validation of the
    /// result (its size and cosize), for a device view that then checks
    /// that the divide is whole: a whole divide of a valid layout has the
    /// same offsets, re-indexed, so its result is valid. Each mode's split
    /// is still checked. The default is [`flat`](Self::flat).
    #[doc(hidden)]
    #[inline(always)]
    fn flat_view(&self) -> Result<Self::Flat, Error> {
        self.flat()
    }
}

/// The divides of one layout rank and tiler rank (called by
/// `for_each_rank!`): the tiled modes `(S D T i)`, then the modes `A`
/// keeps beyond the tiler. A part with a single mode stays a 1-tuple
/// (`tiled`: one rest; `flat`: one tile, or one rest).
macro_rules! divide_modes {
    ($($x:tt)*) => { split_modes!((Plain DivideMode divide Ts Td Rs Rd) $($x)*); };
}
/// The four regroupings of a by-mode split into `(first, second)` halves
/// per mode: the divides (`(tile, rest)`, [`DivideMode`]) and the mixed
/// products (`(A_k, repeat)`, through `Product<…>`), written once. The
/// header names the tiler wrapper, the per-mode trait and method and its
/// part aliases.
macro_rules! split_modes {
    // The regrouping form: `one` (rank 1), `single` (one tiled mode of
    // several), `many` (several tiled modes).
    ($h:tt [$t:tt] []) => { split_modes!(@impl $h one [$t] []); };
    ($h:tt [$t:tt] [$($e:tt)+]) => { split_modes!(@impl $h single [$t] [$($e)+]); };
    ($h:tt [$t:tt $($u:tt)+] [$($e:tt)*]) => { split_modes!(@impl $h many [$t $($u)+] [$($e)*]); };
    (@impl ($W:ident $Mode:ident $split:ident $Ts:ident $Td:ident $Rs:ident $Rd:ident) $form:ident [$(($S:ident $D:ident $T:ident $i:tt))+] [$(($ES:ident $ED:ident $ET:ident $e:tt))*]) => {
        /// Split mode by mode; `A`'s modes beyond the tiler are kept.
        impl<$($S, $D, $T,)+ $($ES: Copy, $ED: Copy + IntTuple,)*> DivideModes<$W<Tiler<($($T,)+)>>>
            for MixedLayout<($($S,)+ $($ES,)*), ($($D,)+ $($ED,)*)>
        where
            $(($S, $D): $Mode<$T>, $S: Copy, $D: Copy,)+
            ($(($Ts<$S, $D, $T>, $Rs<$S, $D, $T>),)+ $($ES,)*):
                MixedShape<($(($Td<$S, $D, $T>, $Rd<$S, $D, $T>),)+ $($ED,)*)>,
            (($($Ts<$S, $D, $T>,)+), ($($Rs<$S, $D, $T>,)+ $($ES,)*)):
                MixedShape<(($($Td<$S, $D, $T>,)+), ($($Rd<$S, $D, $T>,)+ $($ED,)*))>,
            split_modes!(@tiled $form $Ts $Rs [$($S $D $T),+] [$($ES),*]):
                MixedShape<split_modes!(@tiled $form $Td $Rd [$($S $D $T),+] [$($ED),*])>,
            split_modes!(@flat $form $Ts $Rs [$($S $D $T),+] [$($ES),*]):
                MixedShape<split_modes!(@flat $form $Td $Rd [$($S $D $T),+] [$($ED),*])>,
        {
            type Logical = MixedLayout<
                ($(($Ts<$S, $D, $T>, $Rs<$S, $D, $T>),)+ $($ES,)*),
                ($(($Td<$S, $D, $T>, $Rd<$S, $D, $T>),)+ $($ED,)*),
            >;
            type Zipped = MixedLayout<
                (($($Ts<$S, $D, $T>,)+), ($($Rs<$S, $D, $T>,)+ $($ES,)*)),
                (($($Td<$S, $D, $T>,)+), ($($Rd<$S, $D, $T>,)+ $($ED,)*)),
            >;
            type Tiled = MixedLayout<
                split_modes!(@tiled $form $Ts $Rs [$($S $D $T),+] [$($ES),*]),
                split_modes!(@tiled $form $Td $Rd [$($S $D $T),+] [$($ED),*]),
            >;
            type Flat = MixedLayout<
                split_modes!(@flat $form $Ts $Rs [$($S $D $T),+] [$($ES),*]),
                split_modes!(@flat $form $Td $Rd [$($S $D $T),+] [$($ED),*]),
            >;
            fn logical(&self) -> Result<Self::Logical, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).$split()?; )+
                MixedLayout::new(
                    ($(($T.0, $T.2),)+ $(s.$e,)*),
                    ($(($T.1, $T.3),)+ $(d.$e,)*),
                )
            }
            fn zipped(&self) -> Result<Self::Zipped, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).$split()?; )+
                MixedLayout::new(
                    (($($T.0,)+), ($($T.2,)+ $(s.$e,)*)),
                    (($($T.1,)+), ($($T.3,)+ $(d.$e,)*)),
                )
            }
            fn tiled(&self) -> Result<Self::Tiled, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).$split()?; )+
                MixedLayout::new(
                    split_modes!(@tiled $form 0 2 [$($T),+] [$(s.$e),*]),
                    split_modes!(@tiled $form 1 3 [$($T),+] [$(d.$e),*]),
                )
            }
            fn flat(&self) -> Result<Self::Flat, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).$split()?; )+
                MixedLayout::new(
                    split_modes!(@flat $form 0 2 [$($T),+] [$(s.$e),*]),
                    split_modes!(@flat $form 1 3 [$($T),+] [$(d.$e),*]),
                )
            }
            #[inline(always)]
            fn flat_view(&self) -> Result<Self::Flat, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).$split()?; )+
                Ok(MixedLayout::from_parts(
                    split_modes!(@flat $form 0 2 [$($T),+] [$(s.$e),*]),
                    split_modes!(@flat $form 1 3 [$($T),+] [$(d.$e),*]),
                ))
            }
        }
    };
    // Types: `$tile`/`$rest` name the part aliases (`Ts`/`Rs` or `Td`/`Rd`).
    (@tiled one $tile:ident $rest:ident [$S:ident $D:ident $T:ident] []) => {
        (($tile<$S, $D, $T>,), ($rest<$S, $D, $T>,))
    };
    (@tiled $form:ident $tile:ident $rest:ident [$($S:ident $D:ident $T:ident),+] [$($E:ident),*]) => {
        (($($tile<$S, $D, $T>,)+), $($rest<$S, $D, $T>,)+ $($E,)*)
    };
    (@flat many $tile:ident $rest:ident [$($S:ident $D:ident $T:ident),+] [$($E:ident),*]) => {
        ($($tile<$S, $D, $T>,)+ $($rest<$S, $D, $T>,)+ $($E,)*)
    };
    (@flat $form:ident $tile:ident $rest:ident [$($m:tt)*] [$($E:ident),*]) => {
        split_modes!(@tiled $form $tile $rest [$($m)*] [$($E),*])
    };
    // Values: `$tile`/`$rest` index the parts of `divide()` (0/2 or 1/3).
    (@tiled one $tile:tt $rest:tt [$T:ident] []) => {
        (($T.$tile,), ($T.$rest,))
    };
    (@tiled $form:ident $tile:tt $rest:tt [$($T:ident),+] [$($x:expr),*]) => {
        (($($T.$tile,)+), $($T.$rest,)+ $($x,)*)
    };
    (@flat many $tile:tt $rest:tt [$($T:ident),+] [$($x:expr),*]) => {
        ($($T.$tile,)+ $($T.$rest,)+ $($x,)*)
    };
    (@flat $form:ident $tile:tt $rest:tt [$($T:ident),+] [$($x:expr),*]) => {
        split_modes!(@tiled $form $tile $rest [$($T),+] [$($x),*])
    };
}
for_each_rank!(divide_modes);
pub(crate) use split_modes;
/// The tiler itself: the divides split by [`DivideMode`] with no wrapper.
pub(crate) type Plain<T> = T;

/// A by-mode tiler of the mixed zipped, tiled and flat divides: no mode is
/// `_`. A mode kept by `_` is, by its documented meaning, the tile `1:0`
/// and stays whole in the rest; the mixed divides split every mode's
/// logical result into `(tile, rest)` halves, which a kept mode is not.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the mixed zipped, tiled and flat divides take no `_` tiler mode: `{Self}`",
    label = "a `_` mode (kept whole in the rest with a size-1 tile) is regrouped by cute-dynamic",
    note = "`logical_divide` takes `_` over a static rank-2 mode; for the zipped, tiled or flat divide by a tiler with `_`, convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait NoSkipMode {}
impl<S, D> NoSkipMode for Layout<S, D> {}
impl<const N: usize> NoSkipMode for C<N> {}
crate::data::dec::impl_for_dec! {
    /// An integer tile beyond the readable table.
    NoSkipMode {}
}
impl<A: NoSkipMode> NoSkipMode for (A,) {}
impl<A: NoSkipMode, B: NoSkipMode> NoSkipMode for (A, B) {}
impl<A: NoSkipMode, B: NoSkipMode, E: NoSkipMode> NoSkipMode for (A, B, E) {}
impl<A: NoSkipMode, B: NoSkipMode, E: NoSkipMode, F: NoSkipMode> NoSkipMode for (A, B, E, F) {}
/// The logical divide keeps a `_` mode as it is: any tiler.
#[doc(hidden)]
pub trait AnyModes {}
impl<T> AnyModes for T {}

/// The four divide verbs of a mixed layout, each one regrouping of
/// [`DivideModes`].
macro_rules! mixed_divide_verb {
    ($Verb:ident, $Noun:ident, $method:ident, $Part:ident, $part:ident, $view:ident, $what:literal, $Modes:ident) => {
        #[doc = concat!("`", $what, "(A, T)` for a static by-mode tiler `T` (see the module docs for which modes stay static).")]
        impl<S, D, T: $Modes> $Verb<Tiler<T>> for MixedLayout<S, D>
        where
            Self: DivideModes<Tiler<T>>,
            <Self as DivideModes<Tiler<T>>>::$Part: crate::kernel::layout::TensorLayout,
        {
            type Output = Result<<Self as DivideModes<Tiler<T>>>::$Part, Error>;
            #[inline(always)]
            fn $method(&self, _t: Tiler<T>) -> Self::Output {
                self.$part()
            }
            #[inline(always)]
            fn divide_view(&self, _t: Tiler<T>) -> Self::Output {
                self.$view()
            }
        }
        impl<S, D> MixedLayout<S, D> {
            #[doc = concat!("`", $what, "(self, t)` (see [`", stringify!($Verb), "`]).")]
            #[inline(always)]
            pub fn $method<T>(&self, t: T) -> $Noun<Self, T>
            where
                Self: $Verb<T>,
            {
                <Self as $Verb<T>>::$method(self, t)
            }
        }
    };
}
mixed_divide_verb!(
    LogicalDivide,
    LogicalQuotient,
    logical_divide,
    Logical,
    logical,
    logical,
    "logical_divide",
    AnyModes
);
mixed_divide_verb!(
    ZippedDivide,
    ZippedQuotient,
    zipped_divide,
    Zipped,
    zipped,
    zipped,
    "zipped_divide",
    NoSkipMode
);
mixed_divide_verb!(
    TiledDivide,
    TiledQuotient,
    tiled_divide,
    Tiled,
    tiled,
    tiled,
    "tiled_divide",
    NoSkipMode
);
mixed_divide_verb!(
    FlatDivide,
    FlatQuotient,
    flat_divide,
    Flat,
    flat,
    flat_view,
    "flat_divide",
    NoSkipMode
);

/// The divides of a mixed layout by one static layout `B` (bare or as the
/// whole-layout tiler `tiler!(B)`), by `A`'s leaf kinds.
///
/// * `A` fully static: the static algebra (static types).
/// * `A` with run-time leaves: `A` must coalesce to one leaf `s:d`, its
///   last leaf included (checked at run time, else
///   `Err(Error::ValueDependentStructure)`). Then `A ∘ (B, complement(B,
///   s))` is `(B, R)` with every stride times `d`: `R` the static gaps
///   `complement(B, 1)` then the rest leaf `⌈s/P⌉:P` (see [`RestOfGaps`];
///   with gaps, `⌈s/P⌉ ≥ 2` is required). The zipped divide is the same;
///   the tiled and flat divides splice `R` (and `B`) as CuTe does.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a mixed layout with run-time leaves is divided by one static layout `B` only when `B` has a complement",
    label = "`B` is not a static layout with a complement (injective on its modes of stride ≠ 0)",
    note = "layout: {S}:{D}",
    note = "tiler:  {B}",
    note = "divide by a by-mode tiler `<…>` instead, or convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait WholeDivideByKind<S, D, B> {
    /// `logical_divide`.
    type Logical;
    /// `zipped_divide`.
    type Zipped;
    /// `tiled_divide`.
    type Tiled;
    /// `flat_divide`.
    type Flat;
    /// The run-time parts `(⌈s/N⌉, d, N·d)`, or nothing for a static `A`.
    #[allow(clippy::type_complexity)]
    fn divide(
        s: &S,
        d: &D,
    ) -> Result<(Self::Logical, Self::Zipped, Self::Tiled, Self::Flat), Error>;
}
/// A static `A`: the static algebra.
impl<S, D, B> WholeDivideByKind<S, D, B> for AllStatic
where
    Layout<S, D>: LogicalDivide<B> + ZippedDivide<B> + TiledDivide<B> + FlatDivide<B>,
    LogicalQuotient<Layout<S, D>, B>: StaticLayout,
    ZippedQuotient<Layout<S, D>, B>: StaticLayout,
    TiledQuotient<Layout<S, D>, B>: StaticLayout,
    FlatQuotient<Layout<S, D>, B>: StaticLayout,
{
    type Logical = LogicalQuotient<Layout<S, D>, B>;
    type Zipped = ZippedQuotient<Layout<S, D>, B>;
    type Tiled = TiledQuotient<Layout<S, D>, B>;
    type Flat = FlatQuotient<Layout<S, D>, B>;
    #[allow(clippy::type_complexity)]
    fn divide(
        _: &S,
        _: &D,
    ) -> Result<(Self::Logical, Self::Zipped, Self::Tiled, Self::Flat), Error> {
        Ok(Default::default())
    }
}
/// The gaps of a static layout `B = BS:BD`: `complement(B, 1)`, static.
type Gaps<BS, BD> = Complemented<Layout<BS, BD>, C<1>>;
type GapS<BS, BD> = <Gaps<BS, BD> as StaticLayout>::Shape;
type GapD<BS, BD> = <Gaps<BS, BD> as StaticLayout>::Stride;
/// `complement(B, s)` composed with `s:d`: the gaps, then the rest leaf.
type RestS<BS, BD> = <GapS<BS, BD> as RestOfGaps<GapD<BS, BD>>>::S;
type RestD<BS, BD> = <GapS<BS, BD> as RestOfGaps<GapD<BS, BD>>>::D;
/// `B` with its strides times a run-time stride.
type TileD<BD> = <BD as ScaleBy<Dyn>>::Out;
/// The zipped (and logical) quotient `(B, rest)` of a run-time `A`.
type QuotS<BS, BD> = (BS, RestS<BS, BD>);
type QuotD<BS, BD> = (TileD<BD>, RestD<BS, BD>);
/// `tiled_divide`'s coordinate on `(B, rest)`: `B` whole, the rest spliced.
type TiledCoord<BS, BD> = (Underscore, <RestS<BS, BD> as TopHoles>::Coord);
/// `flat_divide`'s coordinate on `(B, rest)`: both spliced.
type FlatCoord<BS, BD> = (<BS as TopHoles>::Coord, <RestS<BS, BD> as TopHoles>::Coord);

/// The requirement of a rest leaf beside gaps.
const REST_BESIDE_GAPS: &str = "size(A) > the extent P of (B, complement(B, 1)) when B has gaps (complement(B, 1) != 1:0): CuTe drops the rest mode of size 1 otherwise";

/// `complement(B, s)` for a static `B` with gaps `G = complement(B, 1)`
/// (shape `Self`, stride `GD`) and a run-time cotarget `s`, composed with a
/// run-time leaf `s:d`: CuTe's complement is the gaps then the rest leaf
/// `⌈s/P⌉:P` (`P` the extent of `(B, G)`), coalesced. One structure per
/// `G`: no gaps (`G = 1:0`): the rest leaf alone, `1:0` when `⌈s/P⌉ = 1`;
/// gaps: `(gaps…, rest)`, which needs `⌈s/P⌉ ≥ 2` (CuTe drops a rest of
/// size 1, leaving another structure: `Err(ValueDependentStructure)`).
#[doc(hidden)]
pub trait RestOfGaps<GD> {
    /// The shape: static gaps, a run-time rest.
    type S: Copy;
    /// The strides, all times `d` (run-time).
    type D: Copy + IntTuple;
    /// The parts for `k = ⌈s/P⌉`, `P`, `d`.
    fn rest(k: usize, p: usize, d: Dyn) -> Result<(Self::S, Self::D), Error>;
}
/// The rest leaf `k:P·d` (`1:0` when `k = 1`).
fn rest_leaf(k: usize, p: usize, d: Dyn) -> Result<(Dyn, Dyn), Error> {
    if k <= 1 {
        return Ok((Dyn(1), Dyn(0)));
    }
    p.checked_mul(d.0)
        .map(|r| (Dyn(k), Dyn(r)))
        .ok_or_else(|| overflow("logical_divide", "the rest stride P·d"))
}
/// The rest leaf beside gaps: `k ≥ 2` required.
fn rest_beside_gaps(k: usize, p: usize, d: Dyn) -> Result<(Dyn, Dyn), Error> {
    if k <= 1 {
        return Err(Error::ValueDependentStructure {
            operation: "logical_divide",
            requires: REST_BESIDE_GAPS,
        });
    }
    rest_leaf(k, p, d)
}
/// A scaled gap stride.
fn gap_stride<E: ScaleBy<Dyn>>(d: Dyn) -> Result<E::Out, Error> {
    E::scale(&d).ok_or_else(|| overflow("logical_divide", "a gap stride times a run-time stride"))
}
/// A leaf `G`: `1:0` (no gaps) or one gap, told apart by its typenum value.
impl<const N: usize, GD> RestOfGaps<GD> for C<N>
where
    C<N>: StaticInt,
    <C<N> as StaticInt>::Tn: LeafGaps<C<N>, GD>,
{
    type S = <<C<N> as StaticInt>::Tn as LeafGaps<C<N>, GD>>::S;
    type D = <<C<N> as StaticInt>::Tn as LeafGaps<C<N>, GD>>::D;
    #[inline(always)]
    fn rest(k: usize, p: usize, d: Dyn) -> Result<(Self::S, Self::D), Error> {
        <<C<N> as StaticInt>::Tn as LeafGaps<C<N>, GD>>::rest(k, p, d)
    }
}
crate::data::dec::impl_for_dec! {
    /// A gap beyond the readable table: one gap.
    [GD: ScaleBy<Dyn>,] RestOfGaps<GD> {
        type S = (Self, Dyn);
        type D = (GD::Out, Dyn);
        #[inline(always)]
        fn rest(k: usize, p: usize, d: Dyn) -> Result<(Self::S, Self::D), Error> {
            let (rs, rd) = rest_beside_gaps(k, p, d)?;
            Ok(((Self, rs), (gap_stride::<GD>(d)?, rd)))
        }
    }
}
/// [`RestOfGaps`] of a leaf `G` (shape `G`, stride `GD`) by its typenum
/// value `Self`.
#[doc(hidden)]
pub trait LeafGaps<G, GD> {
    /// The shape.
    type S: Copy;
    /// The strides.
    type D: Copy + IntTuple;
    /// The parts.
    fn rest(k: usize, p: usize, d: Dyn) -> Result<(Self::S, Self::D), Error>;
}
/// `G = 1:0`: no gaps, the rest leaf alone.
impl<G, GD> LeafGaps<G, GD> for typenum::UInt<typenum::UTerm, B1> {
    type S = Dyn;
    type D = Dyn;
    #[inline(always)]
    fn rest(k: usize, p: usize, d: Dyn) -> Result<(Dyn, Dyn), Error> {
        rest_leaf(k, p, d)
    }
}
/// `G = g:c` with `g ≥ 2`: one gap, then the rest.
impl<X, Bx, By, G: Copy + Default, GD: ScaleBy<Dyn>> LeafGaps<G, GD>
    for typenum::UInt<typenum::UInt<X, Bx>, By>
{
    type S = (G, Dyn);
    type D = (GD::Out, Dyn);
    #[inline(always)]
    fn rest(k: usize, p: usize, d: Dyn) -> Result<(Self::S, Self::D), Error> {
        let (rs, rd) = rest_beside_gaps(k, p, d)?;
        Ok(((G::default(), rs), (gap_stride::<GD>(d)?, rd)))
    }
}
/// Several gaps `(g0, …):(c0, …)`: `(g0, …, rest)`.
macro_rules! rest_of_gap_tuple {
    ($($G:ident $E:ident),+) => {
        /// Several gaps, then the rest.
        impl<$($G: Copy + Default, $E: ScaleBy<Dyn>),+> RestOfGaps<($($E,)+)> for ($($G,)+) {
            type S = ($($G,)+ Dyn);
            type D = ($($E::Out,)+ Dyn);
            #[inline(always)]
            fn rest(k: usize, p: usize, d: Dyn) -> Result<(Self::S, Self::D), Error> {
                let (rs, rd) = rest_beside_gaps(k, p, d)?;
                Ok((($($G::default(),)+ rs), ($(gap_stride::<$E>(d)?,)+ rd)))
            }
        }
    };
}
rest_of_gap_tuple!(G0 E0, G1 E1);
rest_of_gap_tuple!(G0 E0, G1 E1, G2 E2);
rest_of_gap_tuple!(G0 E0, G1 E1, G2 E2, G3 E3);
rest_of_gap_tuple!(G0 E0, G1 E1, G2 E2, G3 E3, G4 E4);
rest_of_gap_tuple!(G0 E0, G1 E1, G2 E2, G3 E3, G4 E4, G5 E5);
rest_of_gap_tuple!(G0 E0, G1 E1, G2 E2, G3 E3, G4 E4, G5 E5, G6 E6);

/// `A` with run-time leaves by a static layout `B`: `A` coalesces to one
/// leaf `s:d` (checked at run time), so `A ∘ (B, complement(B, s))` is
/// `(B, gaps…, ⌈s/P⌉)` with every stride times `d` (see [`RestOfGaps`]).
impl<S, D, BS, BD> WholeDivideByKind<S, D, Layout<BS, BD>> for HasDyn
where
    S: crate::mixed::complement::Leaves<D>,
    BS: Copy + Default + TopHoles + crate::mixed::complement::Leaves<BD>,
    BD: Default + ScaleBy<Dyn>,
    Layout<BS, BD>: Complement<C<1>>,
    Gaps<BS, BD>: StaticLayout,
    GapS<BS, BD>: RestOfGaps<GapD<BS, BD>>,
    RestS<BS, BD>: TopHoles,
    QuotS<BS, BD>: MixedShape<QuotD<BS, BD>>,
    TiledCoord<BS, BD>: MixedSliceCoord<QuotS<BS, BD>, QuotD<BS, BD>>,
    FlatCoord<BS, BD>: MixedSliceCoord<QuotS<BS, BD>, QuotD<BS, BD>>,
{
    type Logical = MixedLayout<QuotS<BS, BD>, QuotD<BS, BD>>;
    type Zipped = MixedLayout<QuotS<BS, BD>, QuotD<BS, BD>>;
    type Tiled = Sliced<QuotS<BS, BD>, QuotD<BS, BD>, TiledCoord<BS, BD>>;
    type Flat = Sliced<QuotS<BS, BD>, QuotD<BS, BD>, FlatCoord<BS, BD>>;
    #[allow(clippy::type_complexity)]
    fn divide(
        s: &S,
        d: &D,
    ) -> Result<(Self::Logical, Self::Zipped, Self::Tiled, Self::Flat), Error> {
        let op = "logical_divide";
        let (size, stride) = crate::mixed::composition::one_leaf(s, d, op)?;
        // `P`: the gaps' size times `B`'s non-broadcast sizes (static).
        let b = crate::mixed::complement::leaves(&BS::default(), &BD::default(), op)?;
        let p = b.leaves[..b.len]
            .iter()
            .filter(|&&(_, e)| e != 0)
            .try_fold(<Gaps<BS, BD> as StaticLayout>::SIZE, |p, &(n, _)| {
                p.checked_mul(n as usize)
            })
            .ok_or_else(|| overflow(op, "the extent of (B, complement(B, 1))"))?;
        let d = Dyn(stride);
        let td = <BD as ScaleBy<Dyn>>::scale(&d)
            .ok_or_else(|| overflow(op, "a tile stride times a run-time stride"))?;
        let (rs, rd) = <GapS<BS, BD> as RestOfGaps<GapD<BS, BD>>>::rest(size.div_ceil(p), p, d)?;
        let z = MixedLayout::new((BS::default(), rs), (td, rd))?;
        let t = z.slice((Underscore, <RestS<BS, BD> as TopHoles>::COORD)).0;
        let f = z
            .slice((<BS as TopHoles>::COORD, <RestS<BS, BD> as TopHoles>::COORD))
            .0;
        Ok((z, z, t, f))
    }
}

type WholeKind<S, D> =
    <<S as LeafKinds>::Kind as crate::mixed::layout::KindAnd<<D as LeafKinds>::Kind>>::Out;

/// `tiler!(B)` for one static layout `B`: the same four divides.
impl<S, D, BS, BD> DivideModes<Tiler<Layout<BS, BD>>> for MixedLayout<S, D>
where
    S: LeafKinds,
    D: LeafKinds,
    S::Kind: crate::mixed::layout::KindAnd<D::Kind>,
    WholeKind<S, D>: WholeDivideByKind<S, D, Layout<BS, BD>>,
{
    type Logical = <WholeKind<S, D> as WholeDivideByKind<S, D, Layout<BS, BD>>>::Logical;
    type Zipped = <WholeKind<S, D> as WholeDivideByKind<S, D, Layout<BS, BD>>>::Zipped;
    type Tiled = <WholeKind<S, D> as WholeDivideByKind<S, D, Layout<BS, BD>>>::Tiled;
    type Flat = <WholeKind<S, D> as WholeDivideByKind<S, D, Layout<BS, BD>>>::Flat;
    fn logical(&self) -> Result<Self::Logical, Error> {
        Ok(
            <WholeKind<S, D> as WholeDivideByKind<S, D, Layout<BS, BD>>>::divide(
                self.shape(),
                self.stride(),
            )?
            .0,
        )
    }
    fn zipped(&self) -> Result<Self::Zipped, Error> {
        Ok(
            <WholeKind<S, D> as WholeDivideByKind<S, D, Layout<BS, BD>>>::divide(
                self.shape(),
                self.stride(),
            )?
            .1,
        )
    }
    fn tiled(&self) -> Result<Self::Tiled, Error> {
        Ok(
            <WholeKind<S, D> as WholeDivideByKind<S, D, Layout<BS, BD>>>::divide(
                self.shape(),
                self.stride(),
            )?
            .2,
        )
    }
    fn flat(&self) -> Result<Self::Flat, Error> {
        Ok(
            <WholeKind<S, D> as WholeDivideByKind<S, D, Layout<BS, BD>>>::divide(
                self.shape(),
                self.stride(),
            )?
            .3,
        )
    }
}

/// The four divides by one bare static layout `B`, as by `tiler!(B)`.
macro_rules! whole_divide_verb {
    ($($Verb:ident $method:ident $part:ident $Part:ident;)+) => {$(
        #[doc = concat!("`", stringify!($method), "(A, B)` for one static layout `B` (see `WholeDivideByKind`).")]
        impl<S, D, BS, BD> $Verb<Layout<BS, BD>> for MixedLayout<S, D>
        where
            Self: DivideModes<Tiler<Layout<BS, BD>>>,
            <Self as DivideModes<Tiler<Layout<BS, BD>>>>::$Part: crate::kernel::layout::TensorLayout,
        {
            type Output = Result<<Self as DivideModes<Tiler<Layout<BS, BD>>>>::$Part, Error>;
            #[inline(always)]
            fn $method(&self, _b: Layout<BS, BD>) -> Self::Output {
                <Self as DivideModes<Tiler<Layout<BS, BD>>>>::$part(self)
            }
        }
    )+};
}
whole_divide_verb! {
    LogicalDivide logical_divide logical Logical;
    ZippedDivide zipped_divide zipped Zipped;
    TiledDivide tiled_divide tiled Tiled;
    FlatDivide flat_divide flat Flat;
}
