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
//!   at `(_, _, 0)`).
//!
//! Not yet static: `get_slice`/`partition_S/D`, `retile_S/D` and
//! `make_tiled_copy_A/B/C` (the run-time crate has them).
//!
//! ```
//! use cute_static::{CopyLayoutTv, CopySrc, Layout, MakeTiledCopy, StaticLayout, TiledCopyLayouts, UniversalCopy, layout, make_tiled_copy};
//! // 32×8 threads, each 8 contiguous 16-bit values in M: 128-bit copies.
//! let copy = make_tiled_copy::<_, 16, _, _>(UniversalCopy::<u128>::new(), layout!((32, 8):(1, 32)), layout!((8, 1)));
//! assert_eq!((copy.size(), copy.tiler_mn()), (256, [256, 8]));
//! type Copy = MakeTiledCopy<UniversalCopy<u128>, 16, Layout![(32, 8):(1, 32)], Layout![(8, 1)]>;
//! type Tv = CopyLayoutTv<UniversalCopy<u128>, 16, <Copy as TiledCopyLayouts>::LayoutTv, <Copy as TiledCopyLayouts>::TilerMn, CopySrc>;
//! // thread t holds rows 8(t mod 32)…+7 of column t/32: index 8t + v.
//! assert_eq!(Tv::default().call(33 + 256 * 2), 8 * 33 + 2);
//! ```

use core::fmt;
use core::marker::PhantomData;

use super::CopyAtom;
use super::tiled_mma::SizeC;
use crate::algebra::coalesce_by::CoalescedBy;
use crate::algebra::composition::Compose;
use crate::algebra::composition::Composed;
use crate::algebra::divide::SizeOf;
use crate::algebra::divide::ZippedQuotient;
use crate::algebra::inverse::RightInverse;
use crate::algebra::inverse::RightInvert;
use crate::algebra::product::RakedMultiply;
use crate::algebra::product::RakedProduct;
use crate::algebra::recast::Upcasted;
use crate::data::int_tuple::C;
use crate::data::int_tuple::StaticInt;
use crate::data::int_tuple_ops::ProductEach;
use crate::data::int_tuple_ops::ProductEachOf;
use crate::data::layout::{Layout, ModeOf, StaticLayout};
use crate::data::tiler::Tiler;
use crate::kernel::partition::CompactColMajor;
use crate::kernel::tensor::Underscore;
use crate::private::{If, Pretty};
use typenum::operator_aliases::Eq;
use typenum::{IsEqual, U1};

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

/// `raked_product(thr, val)`: `(m, n) → (thread, value)`.
type LayoutMn<Thr, Val> = RakedProduct<Thr, Val>;
/// The TV layout of `make_tiled_copy(atom, thr, val)`.
pub type MakeTiledCopyTv<Thr, Val> =
    Composed<RightInverse<LayoutMn<Thr, Val>>, ThrValShape<Thr, Val>>;
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
type StrideUnlessOne<N, S> = <Eq<<N as StaticInt>::Tn, U1> as If<C<0>, S>>::Out;
/// The tile shape of `make_tiled_copy(atom, thr, val)`.
pub type MakeTiledCopyTiler<Thr, Val> = ProductEachOf<<LayoutMn<Thr, Val> as StaticLayout>::Shape>;
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
    Thr: StaticLayout + RakedMultiply<Val>,
    LayoutMn<Thr, Val>: StaticLayout,
    Val: StaticLayout,
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
    LayoutMn<Thr, Val>: RightInvert,
    RightInverse<LayoutMn<Thr, Val>>: Compose<ThrValShape<Thr, Val>>,
    <LayoutMn<Thr, Val> as StaticLayout>::Shape: ProductEach,
    MakeTiledCopy<A, BITS, Thr, Val>: TiledCopyLayouts,
{
    TiledCopy::new()
}

/// What a [`TiledCopy`] computes.
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
pub trait CopySideOf<A: CopyAtom, const BITS: usize> {
    /// `Src` or `Dst` over values.
    type Trg;
}
impl<A: CopyAtom, const BITS: usize> CopySideOf<A, BITS> for CopySrc
where
    A::SrcLayout: crate::Upcast<BITS>,
{
    type Trg = Upcasted<A::SrcLayout, BITS>;
}
impl<A: CopyAtom, const BITS: usize> CopySideOf<A, BITS> for CopyDst
where
    A::DstLayout: crate::Upcast<BITS>,
{
    type Trg = Upcasted<A::DstLayout, BITS>;
}

/// `((a,b),(c,d))` → `((a,c),(b,d))`: CuTe's `zip2_by` of a zipped layout.
pub trait Zip2 {
    /// The zipped layout.
    type Output;
}
impl<S0, S1, S2, S3, D0, D1, D2, D3> Zip2 for Layout<((S0, S1), (S2, S3)), ((D0, D1), (D2, D3))> {
    type Output = Layout<((S0, S2), (S1, S3)), ((D0, D2), (D1, D3))>;
}

type RefL<A, const BITS: usize> = Upcasted<<A as CopyAtom>::RefLayout, BITS>;
type Ref2Trg<A, const BITS: usize, Sd> =
    Composed<RightInverse<RefL<A, BITS>>, <Sd as CopySideOf<A, BITS>>::Trg>;
type AtomTile<A, const BITS: usize> = Tiler<(
    SizeC<ModeOf<RefL<A, BITS>, 0>>,
    SizeC<ModeOf<RefL<A, BITS>, 1>>,
)>;
type TrgTv<A, const BITS: usize, L, Sd> =
    Composed<ZippedQuotient<L, AtomTile<A, BITS>>, Tiler<(Ref2Trg<A, BITS, Sd>, Underscore)>>;
/// `thrval2mn` of a tiled copy's side `Sd` ([`CopySrc`], [`CopyDst`]):
/// `(thread, value)` → index of the tile.
pub type ThrVal2Mn<A, const BITS: usize, L, Sd> =
    CoalescedBy<<TrgTv<A, BITS, L, Sd> as Zip2>::Output, (C<1>, (C<1>, C<1>))>;

/// CuTe's `get_layoutS_TV()` / `get_layoutD_TV()` of the tiled copy
/// `TiledCopy<A, BITS, L, T>`: `(thread, value)` → index of the compact
/// column-major `Tiler_MN` tile.
pub type CopyLayoutTv<A, const BITS: usize, L, T, Sd> =
    Composed<CompactColMajor<T>, ThrVal2Mn<A, BITS, L, Sd>>;
