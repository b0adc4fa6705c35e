//! `max_common_layout(A, B)` and `max_common_vector(A, B)` of mixed layouts
//! (docs/semantics/algebra.md#max-common-layout-and-vector): a layout `R` with
//! `A(R(k)) == k == B(R(k))` for every `k < size(R)` (the law
//! `laws::check_max_common_layout`), and its size.
//!
//! cute-dynamic's answer is the leading stride-1 mode of
//! `coalesce(A ∘ right_inverse(B))`, whose size depends on the values as
//! soon as a leaf is run-time. CuTe itself keeps, for dynamic leaves, only
//! what it can prove statically (a first mode of static shape and static
//! stride 1; `1:0` otherwise). The mixed rule follows CuTe and is decided by
//! the types alone, so it never fails:
//! * both layouts fully static: the static algebra
//!   ([`MaxCommon`](crate::MaxCommon), [`MaxCommonLayout`](crate::MaxCommonLayout)),
//!   equal to cute-dynamic's answer;
//! * otherwise the *static unit prefix* of each layout: its first flat leaf
//!   `s:d` when `d` is the static `_1`, of static length `s` (`C<N>` or a
//!   big static `Dec`), or `D` for a `DynDiv<D>` shape (a positive multiple
//!   of `D`); `1` when the first leaf has a run-time stride, a stride other
//!   than `_1`, or a `Dyn` shape. Both layouts are the identity on
//!   `[0, n)` for `n` the smaller prefix, so the result is the static
//!   `_n:_1` (`_1:_0` for `n = 1`) and the vector is `n`.
//!
//! The mixed vector is a valid common vector, never larger than
//! cute-dynamic's value-dependent answer on the same values, possibly
//! smaller (a static prefix over several leaves, or a common run reached
//! through `B`'s inverse, is not looked at).
//!
//! ```
//! use cute_static::layout;
//! let (m, n) = (6, 5);
//! let a = layout!((8, {m}):(1, 8))?;
//! let b = layout!((4, {n}):(1, {m}))?;
//! let r = a.max_common_layout(&b);
//! assert_eq!(r.to_string(), "_4:_1");
//! assert_eq!(a.max_common_vector(&b), 4);
//! let (da, db) = (a.to_dynamic(), b.to_dynamic());
//! assert!(cute_tools::laws::check_max_common_layout(&da, &db, &r.to_dynamic()).is_ok());
//! assert!(4 <= cute_dynamic::max_common_vector(&da, &db)?);
//! // A run-time first leaf proves nothing: `_1:_0`.
//! let c = layout!(({m}, 8):(1, {m}))?;
//! assert_eq!(c.max_common_layout(&a).to_string(), "_1:_0");
//! // Fully static: the static algebra's answer.
//! let s = layout!((4, 8):(1, 4));
//! let t = layout!((4, 8):(1, 8));
//! assert_eq!(s.max_common_vector(t), 4);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use typenum::operator_aliases::{Eq, Minimum};
use typenum::{B0, B1, IsEqual, Min, U1, Unsigned};

use crate::algebra::max_common::{MaxCommon, MaxCommonLayout};
use crate::data::int_tuple::{C, StaticInt, StaticIntTuple};
use crate::data::layout::Layout;
use crate::mixed::complement::AsMixed;
use crate::mixed::layout::{AllStatic, Dyn, DynDiv, HasDyn, MixedLayout};
use crate::mixed::layout::{PairKindOf, PairKinds};
use crate::private::{If, Sel, ToC};

/// The first flat leaf of a shape or stride.
#[doc(hidden)]
pub trait FirstLeaf {
    /// The leaf type.
    type Leaf;
}
macro_rules! first_leaf_leaf {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)*> FirstLeaf for $t {
            type Leaf = Self;
        }
    };
}
crate::mixed::for_leaf_types!(first_leaf_leaf);
macro_rules! first_leaf_tuple {
    ($($t:ident)*) => {
        impl<T0: FirstLeaf $(, $t)*> FirstLeaf for (T0, $($t,)*) {
            type Leaf = T0::Leaf;
        }
    };
}
first_leaf_tuple!();
first_leaf_tuple!(T1);
first_leaf_tuple!(T1 T2);
first_leaf_tuple!(T1 T2 T3);
first_leaf_tuple!(T1 T2 T3 T4);
first_leaf_tuple!(T1 T2 T3 T4 T5);
first_leaf_tuple!(T1 T2 T3 T4 T5 T6);
first_leaf_tuple!(T1 T2 T3 T4 T5 T6 T7);

/// What the type of a leaf proves about its value.
#[doc(hidden)]
pub trait LeafBound {
    /// A lower bound of a positive shape leaf (typenum).
    type Least: Unsigned;
    /// `B1` when the leaf is the static 1.
    type IsOne;
}
/// A static leaf (`C<N>`, `Dec<…>`): its value.
impl<T: StaticInt> LeafBound for T
where
    T::Tn: IsEqual<U1>,
{
    type Least = T::Tn;
    type IsOne = Eq<T::Tn, U1>;
}
/// `Dyn`: at least 1, not known to be 1.
impl LeafBound for Dyn {
    type Least = U1;
    type IsOne = B0;
}
/// `DynDiv<D>`: a positive multiple of `D`, so at least `D`.
impl<const D: usize> LeafBound for DynDiv<D>
where
    C<D>: StaticInt,
{
    type Least = <C<D> as StaticInt>::Tn;
    type IsOne = B0;
}

/// The static unit prefix of a layout `S:D` (see the module docs).
#[doc(hidden)]
pub trait UnitPrefix {
    /// Its length (typenum).
    type Len;
}
impl<S: FirstLeaf, D: FirstLeaf> UnitPrefix for (S, D)
where
    S::Leaf: LeafBound,
    D::Leaf: LeafBound,
    <D::Leaf as LeafBound>::IsOne: If<<S::Leaf as LeafBound>::Least, U1>,
{
    type Len = Sel<<D::Leaf as LeafBound>::IsOne, <S::Leaf as LeafBound>::Least, U1>;
}

/// The common layout of a static length `N` (`Self` = whether `N` is 1).
#[doc(hidden)]
pub trait PickCommon<N> {
    /// The layout.
    type Out;
    /// Its size.
    const VECTOR: usize;
    /// The layout's value.
    fn layout() -> Self::Out;
}
/// Length 1: CuTe's `_1:_0`.
impl<N> PickCommon<N> for B1 {
    type Out = MixedLayout<C<1>, C<0>>;
    const VECTOR: usize = 1;
    #[inline(always)]
    fn layout() -> Self::Out {
        MixedLayout::from_parts(C::<1>, C::<0>)
    }
}
/// Length `N > 1`: `_N:_1`.
impl<N: Unsigned + ToC> PickCommon<N> for B0
where
    N::C: Default,
{
    type Out = MixedLayout<N::C, C<1>>;
    const VECTOR: usize = N::USIZE;
    #[inline(always)]
    fn layout() -> Self::Out {
        MixedLayout::from_parts(Default::default(), C::<1>)
    }
}

/// `max_common_layout`/`max_common_vector` of two mixed layouts by their
/// leaf kinds.
#[doc(hidden)]
pub trait MaxCommonByKind<S, D, S2, D2> {
    /// The common layout.
    type Out;
    /// The common vector (the layout's size).
    const VECTOR: usize;
    /// The common layout's value.
    fn layout() -> Self::Out;
}
/// Fully static: the static algebra.
impl<S, D, S2, D2> MaxCommonByKind<S, D, S2, D2> for AllStatic
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    S2: StaticIntTuple,
    D2: StaticIntTuple,
    Layout<S, D>: MaxCommon<Layout<S2, D2>>,
{
    type Out = AsMixed<MaxCommonLayout<Layout<S, D>, Layout<S2, D2>>>;
    const VECTOR: usize = <Layout<S, D> as MaxCommon<Layout<S2, D2>>>::VECTOR;
    #[inline(always)]
    fn layout() -> Self::Out {
        MixedLayout::from_parts(Default::default(), Default::default())
    }
}

type Prefix<S, D> = <(S, D) as UnitPrefix>::Len;
type CommonLen<S, D, S2, D2> = Minimum<Prefix<S, D>, Prefix<S2, D2>>;
type Pick<S, D, S2, D2> = Eq<CommonLen<S, D, S2, D2>, U1>;

/// A run-time leaf: the smaller static unit prefix.
impl<S, D, S2, D2> MaxCommonByKind<S, D, S2, D2> for HasDyn
where
    (S, D): UnitPrefix,
    (S2, D2): UnitPrefix,
    Prefix<S, D>: Min<Prefix<S2, D2>>,
    CommonLen<S, D, S2, D2>: IsEqual<U1>,
    Pick<S, D, S2, D2>: PickCommon<CommonLen<S, D, S2, D2>>,
{
    type Out = <Pick<S, D, S2, D2> as PickCommon<CommonLen<S, D, S2, D2>>>::Out;
    const VECTOR: usize = <Pick<S, D, S2, D2> as PickCommon<CommonLen<S, D, S2, D2>>>::VECTOR;
    #[inline(always)]
    fn layout() -> Self::Out {
        <Pick<S, D, S2, D2> as PickCommon<CommonLen<S, D, S2, D2>>>::layout()
    }
}

/// The layout `a.max_common_layout(&b)` of mixed layouts
/// `MixedLayout<S, D>` and `MixedLayout<S2, D2>` (static: its leaves are
/// fixed by the types).
pub type MixedMaxCommonLayout<S, D, S2, D2> =
    <PairKindOf<S, D, S2, D2> as MaxCommonByKind<S, D, S2, D2>>::Out;

impl<S, D> MixedLayout<S, D> {
    /// `max_common_layout(self, b)`: a static layout `R` with
    /// `self(R(k)) == k == b(R(k))` for `k < size(R)`, decided by the types
    /// (see the module docs).
    #[inline(always)]
    pub fn max_common_layout<S2, D2>(
        &self,
        _b: &MixedLayout<S2, D2>,
    ) -> MixedMaxCommonLayout<S, D, S2, D2>
    where
        S: PairKinds<D, S2, D2>,
        PairKindOf<S, D, S2, D2>: MaxCommonByKind<S, D, S2, D2>,
    {
        <PairKindOf<S, D, S2, D2> as MaxCommonByKind<S, D, S2, D2>>::layout()
    }

    /// `max_common_vector(self, b)`: the size of
    /// [`max_common_layout`](Self::max_common_layout), a constant of the
    /// types.
    #[inline(always)]
    pub fn max_common_vector<S2, D2>(&self, _b: &MixedLayout<S2, D2>) -> usize
    where
        S: PairKinds<D, S2, D2>,
        PairKindOf<S, D, S2, D2>: MaxCommonByKind<S, D, S2, D2>,
    {
        <PairKindOf<S, D, S2, D2> as MaxCommonByKind<S, D, S2, D2>>::VECTOR
    }
}
