//! The rule of `make_tiled_copy*` on thread and value counts (CuTe's
//! static assertions in `make_tiled_copy_impl`, cute-dynamic's
//! `make_tiled_copy_impl` errors): a tiled copy's threads,
//! `size<0>(LayoutTv)`, are a multiple of the atom's, `size<0>(RefLayout)`,
//! and its values per thread, `size<1>(LayoutTv)`, a multiple of the
//! atom's values, `size<1>(RefLayout)` over `BITS`-bit values. Every
//! [`TiledCopy`] that is a [`TiledCopyLayouts`](crate::TiledCopyLayouts)
//! satisfies it: a violation is a compile error naming the rule.

use typenum::operator_aliases::{Eq, Mod};
use typenum::{B0, B1, IsEqual, U0};

use super::CopyAtom;
use super::tiled_copy::{RefL, TiledCopy};
use crate::algebra::divide::SizeOf;
use crate::data::layout::{Mode, ModeOf, StaticLayout};
use crate::private::{P, Pretty, Violation};

/// `size(L)` as a type-level number.
type SizeN<L> = <<L as StaticLayout>::Tree as SizeOf>::Out;
/// `size<I>(L)` as a type-level number.
type ModeN<L, const I: usize> = SizeN<ModeOf<L, I>>;

/// A tiled copy's thread and value counts are multiples of its atom's.
///
/// ```
/// use cute_static::{Layout, atom::{CopyCountsFit, MakeTiledCopy, SM75_U32x4_LDSM_N}};
/// fn fits<T: CopyCountsFit>() -> bool { true }
/// // 32 threads of 8 16-bit values: one ldmatrix.x4 atom.
/// assert!(fits::<MakeTiledCopy<SM75_U32x4_LDSM_N, 16, Layout![(32, 1)], Layout![(1, 8)]>>());
/// ```
pub trait CopyCountsFit {}
impl<A, const BITS: usize, L, T> CopyCountsFit for TiledCopy<A, BITS, L, T>
where
    A: CopyAtom,
    A::RefLayout: crate::Upcast<BITS>,
    RefL<A, BITS>: Mode<0> + Mode<1>,
    L: StaticLayout + Mode<0> + Mode<1>,
    <ModeOf<L, 0> as StaticLayout>::Tree: SizeOf,
    <ModeOf<L, 1> as StaticLayout>::Tree: SizeOf,
    <ModeOf<RefL<A, BITS>, 0> as StaticLayout>::Tree: SizeOf,
    <ModeOf<RefL<A, BITS>, 1> as StaticLayout>::Tree: SizeOf,
    ModeN<L, 0>: core::ops::Rem<ModeN<RefL<A, BITS>, 0>>,
    ModeN<L, 1>: core::ops::Rem<ModeN<RefL<A, BITS>, 1>>,
    Mod<ModeN<L, 0>, ModeN<RefL<A, BITS>, 0>>: IsEqual<U0>,
    Mod<ModeN<L, 1>, ModeN<RefL<A, BITS>, 1>>: IsEqual<U0>,
    Eq<Mod<ModeN<L, 0>, ModeN<RefL<A, BITS>, 0>>, U0>:
        ThreadsFit<A, ModeN<L, 0>, ModeN<RefL<A, BITS>, 0>>,
    Eq<Mod<ModeN<L, 1>, ModeN<RefL<A, BITS>, 1>>, U0>:
        ValuesFit<A, ModeN<L, 1>, ModeN<RefL<A, BITS>, 1>>,
{
}

/// The answer of "the tiled copy's `N` threads are a multiple of the
/// atom's `R`" (`Self`).
#[doc(hidden)]
pub trait ThreadsFit<A, N, R> {}
impl<A, N, R> ThreadsFit<A, N, R> for B1 {}
impl<A, N: Pretty, R: Pretty> ThreadsFit<A, N, R> for B0 where
    Violation: TooFewThreads<A, P<N>, P<R>>
{
}
/// The answer of "the tiled copy's `N` values per thread are a multiple
/// of the atom's `R`" (`Self`).
#[doc(hidden)]
pub trait ValuesFit<A, N, R> {}
impl<A, N, R> ValuesFit<A, N, R> for B1 {}
impl<A, N: Pretty, R: Pretty> ValuesFit<A, N, R> for B0 where Violation: TooFewValues<A, P<N>, P<R>> {}

/// Raised by a tiled copy whose thread count is not a multiple of its
/// atom's.
///
/// ```
/// use cute_static::{layout, atom::{SM75_U32x4_LDSM_N, TiledCopyLayouts, make_tiled_copy}};
/// // ldmatrix.x4 needs a multiple of 32 threads.
/// let copy = make_tiled_copy::<_, 16, _, _>(SM75_U32x4_LDSM_N, layout!((32, 1)), layout!((1, 8)));
/// assert_eq!(copy.size(), 32);
/// ```
/// ```compile_fail
/// use cute_static::{layout, atom::{SM75_U32x4_LDSM_N, make_tiled_copy}};
/// // 16 threads: "TiledCopy uses too few threads for the copy atom" (ui-tests' tiled_copy_too_few_threads).
/// let copy = make_tiled_copy::<_, 16, _, _>(SM75_U32x4_LDSM_N, layout!((16, 1)), layout!((1, 8)));
/// ```
#[diagnostic::on_unimplemented(
    message = "TiledCopy uses too few threads for the copy atom `{A}`: its {N} threads are not a multiple of the atom's {R}",
    label = "a tiled copy whose threads do not fill whole atoms",
    note = "make_tiled_copy(atom, thr_layout, val_layout) (and make_tiled_copy_A/B/C) runs the atom on groups of size<0>(RefLayout) threads: size(thr_layout) (the tiled MMA's size) must be a multiple of it"
)]
pub trait TooFewThreads<A, N, R> {}
/// Raised by a tiled copy whose values per thread are not a multiple of
/// its atom's.
///
/// ```
/// use cute_static::{layout, atom::{TiledCopyLayouts, UniversalCopy, make_tiled_copy}};
/// // A 128-bit copy moves 8 16-bit values per thread.
/// let copy = make_tiled_copy::<_, 16, _, _>(UniversalCopy::<u128>::new(), layout!((32, 8)), layout!((8, 1)));
/// assert_eq!(copy.tiler_mn(), [256, 8]);
/// ```
/// ```compile_fail
/// use cute_static::{layout, atom::{UniversalCopy, make_tiled_copy}};
/// // 4 values: "TiledCopy uses too few values" (ui-tests' tiled_copy_too_few_values).
/// let copy = make_tiled_copy::<_, 16, _, _>(UniversalCopy::<u128>::new(), layout!((32, 8)), layout!((4, 1)));
/// ```
#[diagnostic::on_unimplemented(
    message = "TiledCopy uses too few values for the copy atom `{A}`: its {N} values per thread are not a multiple of the atom's {R}",
    label = "a tiled copy whose values do not fill whole atoms",
    note = "each thread of a tiled copy moves whole atoms of size<1>(RefLayout) values of the value type: size(val_layout) (the values each thread of the tiled MMA holds) must be a multiple of it"
)]
pub trait TooFewValues<A, N, R> {}
