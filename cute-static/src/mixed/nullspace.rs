//! `nullspace(L)` of a mixed layout (docs/semantics/algebra.md#more-layout-functions):
//! the result and the law (`laws::check_nullspace`) of
//! `cute_dynamic::nullspace` on the same values — CuTe's construction:
//! flatten `L`, keep the stride-0 leaves, give each the stride it has in
//! the compact column-major layout of `L`'s flat shape (a size-1 leaf
//! stride 0); one kept leaf gives `s:d`, several a flat tuple, none `1:0`.
//!
//! Which leaves are kept is the result's structure, so the types decide it:
//! * `L` fully static: the static algebra ([`Nullspace`](crate::Nullspace)),
//!   static types.
//! * Otherwise the kept leaves are those whose stride is the static `C<0>`;
//!   each keeps its shape type (static or run-time) and gets a run-time
//!   stride ([`Dyn`]). A run-time stride ([`Dyn`], [`DynDiv`](crate::DynDiv))
//!   whose value is 0 would be kept by CuTe, giving another structure:
//!   `Err(Error::ValueDependentStructure)`, never a different layout. A
//!   static stride other than 0 drops its leaf.
//!
//! ```
//! use cute_static::layout;
//! let (m, n) = (6, 5);
//! let l = layout!(({m}, 4, {n}):(1, 0, 0))?;
//! let r = l.nullspace()?;
//! assert_eq!(r.to_string(), "(_4,5):(6,24)");
//! assert_eq!(r.to_dynamic(), cute_dynamic::nullspace(&l.to_dynamic()));
//! let z = 0;
//! let d = layout!(({m}, 4):(1, {z}))?;
//! assert_eq!(d.nullspace().unwrap_err().kind(), "value_dependent_structure");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use typenum::operator_aliases::Eq;
use typenum::{B0, B1, IsEqual, U0};

use crate::Error;
use crate::algebra::nullspace::{HasNullspace, Nullspace};
use crate::data::int_tuple::{C, Int, IntTuple, StaticInt, StaticIntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::complement::{AsMixed, as_mixed};
use crate::mixed::layout::KindOf;
use crate::mixed::layout::{
    AllHoles, AllStatic, Dyn, DynDiv, HasDyn, KeptModes, KindAnd, LeafKinds, MCons, MNil,
    MixedFlattened, MixedLayout, MixedShape, MixedSliceCoord,
};

/// The requirement the rule names in its error.
const STATIC_ZEROS: &str = "the stride-0 leaves of a mixed layout's nullspace have the static stride _0 (a run-time stride is not 0)";

/// One flat leaf `s:d` of the walk, by its stride type `Self`: kept (a
/// static 0), dropped (another static stride), or dropped after checking
/// that its run-time value is not 0.
#[doc(hidden)]
pub trait NullEntry<S> {
    /// The kept leaves `R` with this one in front when kept.
    type Prepend<R>;
    /// Prepend the leaf (stride `cur`, or 0 for a size-1 leaf) when kept.
    fn prepend<R>(&self, s: &S, cur: usize, rest: R) -> Result<Self::Prepend<R>, Error>;
}
/// A static stride: kept exactly when it is 0.
impl<S: Int, const N: usize> NullEntry<S> for C<N>
where
    C<N>: StaticInt,
    <C<N> as StaticInt>::Tn: IsEqual<U0>,
    Eq<<C<N> as StaticInt>::Tn, U0>: NullKeep<S>,
{
    type Prepend<R> = <Eq<<C<N> as StaticInt>::Tn, U0> as NullKeep<S>>::Prepend<R>;
    #[inline(always)]
    fn prepend<R>(&self, s: &S, cur: usize, rest: R) -> Result<Self::Prepend<R>, Error> {
        Ok(<Eq<<C<N> as StaticInt>::Tn, U0> as NullKeep<S>>::prepend(
            s, cur, rest,
        ))
    }
}
crate::data::dec::impl_for_dec! {
    /// A static stride beyond the readable table is not 0: dropped.
    [S,] NullEntry<S> {
        type Prepend<R> = R;
        #[inline(always)]
        fn prepend<R>(&self, _: &S, _: usize, rest: R) -> Result<R, Error> {
            Ok(rest)
        }
    }
}
/// A run-time stride: dropped, when it is not 0.
fn nonzero<R>(d: usize, rest: R) -> Result<R, Error> {
    if d == 0 {
        Err(Error::ValueDependentStructure {
            operation: "nullspace",
            requires: STATIC_ZEROS,
        })
    } else {
        Ok(rest)
    }
}
/// A run-time stride: dropped, when it is not 0.
impl<S> NullEntry<S> for Dyn {
    type Prepend<R> = R;
    #[inline(always)]
    fn prepend<R>(&self, _: &S, _: usize, rest: R) -> Result<R, Error> {
        nonzero(self.0, rest)
    }
}
/// A run-time stride with a divisor: dropped, when it is not 0.
impl<S, const D: usize> NullEntry<S> for DynDiv<D> {
    type Prepend<R> = R;
    #[inline(always)]
    fn prepend<R>(&self, _: &S, _: usize, rest: R) -> Result<R, Error> {
        nonzero(self.get(), rest)
    }
}
/// Keep (`B1`) or drop (`B0`) a leaf of shape `S`.
#[doc(hidden)]
pub trait NullKeep<S> {
    /// The kept leaves.
    type Prepend<R>;
    /// Prepend the leaf when kept.
    fn prepend<R>(s: &S, cur: usize, rest: R) -> Self::Prepend<R>;
}
impl<S: Int> NullKeep<S> for B1 {
    type Prepend<R> = MCons<(S, Dyn), R>;
    #[inline(always)]
    fn prepend<R>(s: &S, cur: usize, rest: R) -> Self::Prepend<R> {
        let d = if s.value() == 1 { 0 } else { cur };
        MCons((*s, Dyn(d)), rest)
    }
}
impl<S> NullKeep<S> for B0 {
    type Prepend<R> = R;
    #[inline(always)]
    fn prepend<R>(_: &S, _: usize, rest: R) -> R {
        rest
    }
}

/// The kept leaves as a layout: none `1:0`, one `s:d`, several a tuple.
#[doc(hidden)]
pub trait NullFinish {
    /// The layout.
    type Out;
    /// The layout (its values are a sub-layout's: no check needed).
    fn finish(self) -> Self::Out;
}
impl NullFinish for MNil {
    type Out = MixedLayout<C<1>, C<0>>;
    #[inline(always)]
    fn finish(self) -> Self::Out {
        MixedLayout::from_parts(C, C)
    }
}
impl<S, D> NullFinish for MCons<(S, D), MNil> {
    type Out = MixedLayout<S, D>;
    #[inline(always)]
    fn finish(self) -> Self::Out {
        let MCons((s, d), _) = self;
        MixedLayout::from_parts(s, d)
    }
}
impl<A, B, T> NullFinish for MCons<A, MCons<B, T>>
where
    Self: KeptModes,
{
    type Out = MixedLayout<<Self as KeptModes>::S, <Self as KeptModes>::D>;
    #[inline(always)]
    fn finish(self) -> Self::Out {
        let (s, d) = self.into_tuples();
        MixedLayout::from_parts(s, d)
    }
}

/// The walk over a flat layout's leaves.
#[doc(hidden)]
pub trait NullWalkFlat {
    /// The kept leaves.
    type Kept;
    /// The kept leaves with their compact strides.
    fn walk(&self) -> Result<Self::Kept, Error>;
}
macro_rules! null_walk {
    ($($S:ident $D:ident $i:tt),+) => {
        /// A flat tuple: the leaves in order, `cur` their prefix product.
        impl<$($S: Int, $D: NullEntry<$S>),+> NullWalkFlat for MixedLayout<($($S,)+), ($($D,)+)> {
            type Kept = null_walk!(@kept $($S $D),+);
            #[inline(always)]
            fn walk(&self) -> Result<Self::Kept, Error> {
                let (s, d) = (self.shape(), self.stride());
                // Prefix products: bounded by the size, which fits.
                let mut cur = [1usize; 9];
                $( cur[$i + 1] = cur[$i].saturating_mul(s.$i.value()); )+
                null_walk!(@walk s d cur; $($i)+)
            }
        }
    };
    (@kept) => { MNil };
    (@kept $S0:ident $D0:ident $(, $S:ident $D:ident)*) => {
        <$D0 as NullEntry<$S0>>::Prepend<null_walk!(@kept $($S $D),*)>
    };
    (@walk $s:ident $d:ident $cur:ident;) => { Ok(MNil) };
    (@walk $s:ident $d:ident $cur:ident; $k:tt $($rest:tt)*) => {{
        let rest = null_walk!(@walk $s $d $cur; $($rest)*)?;
        $d.$k.prepend(&$s.$k, $cur[$k], rest)
    }};
}
crate::data::int_tuple::arities!(null_walk; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3), (S4 D4 4), (S5 D5 5), (S6 D6 6), (S7 D7 7));

/// A mixed layout's leaves as a flat layout (an integer layout as a rank-1
/// tuple).
#[doc(hidden)]
pub trait FlatLeaves {
    /// The flat layout.
    type Flat;
    /// It.
    fn flat(&self) -> Self::Flat;
}
macro_rules! flat_tuples {
    ($($S:ident $D:ident $i:tt),+) => {
        /// A tuple: `flatten`.
        impl<$($S, $D),+> FlatLeaves for MixedLayout<($($S,)+), ($($D,)+)>
        where
            ($($S,)+): AllHoles + MixedShape<($($D,)+)>,
            ($($D,)+): IntTuple,
            <($($S,)+) as AllHoles>::Coord: MixedSliceCoord<($($S,)+), ($($D,)+)>,
        {
            type Flat = MixedFlattened<($($S,)+), ($($D,)+)>;
            #[inline(always)]
            fn flat(&self) -> Self::Flat {
                self.flatten()
            }
        }
    };
}
crate::data::int_tuple::arities!(flat_tuples; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3), (S4 D4 4), (S5 D5 5), (S6 D6 6), (S7 D7 7));
macro_rules! flat_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// An integer layout: the rank-1 tuple of its leaf.
        impl<$($g)* Dd: Copy> FlatLeaves for MixedLayout<$t, Dd> {
            type Flat = MixedLayout<($t,), (Dd,)>;
            #[inline(always)]
            fn flat(&self) -> Self::Flat {
                MixedLayout::from_parts((*self.shape(),), (*self.stride(),))
            }
        }
    };
}
crate::mixed::for_leaf_types!(flat_leaf);

/// The nullspace of a mixed layout by its leaf kinds.
#[doc(hidden)]
pub trait NullspaceByKind<L> {
    /// The nullspace's layout.
    type Out;
    /// `nullspace(l)`.
    fn nullspace(l: &L) -> Result<Self::Out, Error>;
}
/// Fully static: the static algebra.
impl<S, D> NullspaceByKind<MixedLayout<S, D>> for AllStatic
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    Layout<S, D>: StaticLayout + HasNullspace,
{
    type Out = AsMixed<Nullspace<Layout<S, D>>>;
    #[inline(always)]
    fn nullspace(_: &MixedLayout<S, D>) -> Result<Self::Out, Error> {
        as_mixed::<Nullspace<Layout<S, D>>>()
    }
}
/// A run-time leaf: the leaves with a static stride 0 (see the module docs).
impl<L> NullspaceByKind<L> for HasDyn
where
    L: FlatLeaves,
    L::Flat: NullWalkFlat,
    <L::Flat as NullWalkFlat>::Kept: NullFinish,
{
    type Out = <<L::Flat as NullWalkFlat>::Kept as NullFinish>::Out;
    #[inline(always)]
    fn nullspace(l: &L) -> Result<Self::Out, Error> {
        Ok(l.flat().walk()?.finish())
    }
}

impl<S, D> MixedLayout<S, D> {
    /// CuTe's `nullspace(L)` (see the module docs): `Err` only where a
    /// run-time stride is 0 (`value_dependent_structure`).
    #[inline(always)]
    pub fn nullspace(&self) -> Result<<KindOf<S, D> as NullspaceByKind<Self>>::Out, Error>
    where
        S: LeafKinds,
        D: LeafKinds,
        S::Kind: KindAnd<D::Kind>,
        KindOf<S, D>: NullspaceByKind<Self>,
    {
        <KindOf<S, D> as NullspaceByKind<Self>>::nullspace(self)
    }
}
