//! `upcast<N>` and `downcast<N>` of a mixed layout, leaf by leaf, structure
//! kept — the results of cute-dynamic's `upcast`/`downcast` and their laws
//! (`laws::check_upcast`, `check_downcast`) on the same values, by the
//! same leaf rules (`cute_core::int::upcast_leaf`, `downcast_leaf`):
//!
//! * `upcast<N>`: a leaf `s:d` becomes `⌈s / ⌈N/d⌉⌉ : ⌈d/N⌉` (stride-0
//!   leaves kept);
//! * `downcast<N>`: a leaf of stride 1 becomes `s·N:1`, any other `s:d·N`.
//!
//! The types of a result leaf: a static leaf `s:d` gives the static
//! algebra's leaf (static types); a run-time shape with a static stride
//! gives a run-time shape and the static stride the rule gives (the new
//! stride depends on the stride alone); a run-time stride makes both
//! run-time ([`Dyn`]; a [`DynDiv`](crate::DynDiv)'s divisor is not carried
//! over). `Err(overflow)` when a `downcast` leaves the `i64` range. A
//! factor of 0 does not compile (the static algebra's diagnostic).
//! `recast_layout<OLD, NEW>` is not defined on mixed layouts yet (convert
//! with `to_dynamic()`).
//!
//! ```
//! use cute_static::layout;
//! let m = 8;
//! let l = layout!(({m}, 8):(1, {m}))?;
//! let u = l.upcast::<2>()?;
//! assert_eq!(u.to_string(), "(4,8):(_1,4)");
//! assert_eq!(u.to_dynamic(), cute_dynamic::upcast(2, &l.to_dynamic())?);
//! let d = l.downcast::<4>()?;
//! assert_eq!(d.to_string(), "(32,8):(_1,32)");
//! assert_eq!(d.to_dynamic(), cute_dynamic::downcast(4, &l.to_dynamic())?);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use cute_core::int::{downcast_leaf, upcast_leaf};

use crate::Error;
use crate::algebra::recast::{Downcast, Upcast};
use crate::data::int_tuple::{C, Int, IntTuple, StaticInt};
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::layout::{
    AllStatic, Dyn, DynDiv, HasDyn, LeafKinds, MixedLayout, MixedShape, overflow,
};

/// The static algebra's `upcast<N>` (`UP`) or `downcast<N>` of a static
/// layout.
#[doc(hidden)]
pub trait StaticRecast<const UP: bool, const N: usize> {
    /// The recast layout.
    type Out: StaticLayout;
}
impl<L: Upcast<N>, const N: usize> StaticRecast<true, N> for L {
    type Out = <L as Upcast<N>>::Output;
}
impl<L: Downcast<N>, const N: usize> StaticRecast<false, N> for L {
    type Out = <L as Downcast<N>>::Output;
}

/// The leaf rule on values (`i64`, as the checked layout's values fit).
#[inline(always)]
fn leaf<const UP: bool>(s: usize, d: usize, n: usize) -> Result<(usize, usize), Error> {
    let (s, d, n) = (s as i64, d as i64, n as i64);
    let r = if UP {
        Some(upcast_leaf(s, d, n))
    } else {
        downcast_leaf(s, d, n)
    };
    let op = if UP { "upcast" } else { "downcast" };
    let (s, d) = r.ok_or_else(|| overflow(op, "a leaf of a mixed layout"))?;
    Ok((s as usize, d as usize))
}

/// A shape `Self` with strides `D`, recast leaf by leaf.
#[doc(hidden)]
pub trait RecastShape<D, const UP: bool, const N: usize> {
    /// The new shape.
    type S;
    /// The new stride.
    type D;
    /// The new values.
    fn recast(&self, d: &D) -> Result<(Self::S, Self::D), Error>;
}
/// A leaf by the kinds of its shape and stride (`Self`).
#[doc(hidden)]
pub trait RecastLeaf<S, D, const UP: bool, const N: usize> {
    /// The new shape.
    type S;
    /// The new stride.
    type D;
    /// The new values.
    fn recast(s: &S, d: &D) -> Result<(Self::S, Self::D), Error>;
}
/// Both static: the static algebra's leaf.
impl<S: StaticInt, D: StaticInt, const UP: bool, const N: usize> RecastLeaf<S, D, UP, N>
    for (AllStatic, AllStatic)
where
    Layout<S, D>: StaticRecast<UP, N>,
{
    type S = <<Layout<S, D> as StaticRecast<UP, N>>::Out as StaticLayout>::Shape;
    type D = <<Layout<S, D> as StaticRecast<UP, N>>::Out as StaticLayout>::Stride;
    #[inline(always)]
    fn recast(_: &S, _: &D) -> Result<(Self::S, Self::D), Error> {
        Ok(Default::default())
    }
}
/// A run-time shape, a static stride: the stride the rule gives it (that
/// of the leaf `1:d`), the shape at run time.
impl<S: Int, D: StaticInt, const UP: bool, const N: usize> RecastLeaf<S, D, UP, N>
    for (HasDyn, AllStatic)
where
    Layout<C<1>, D>: StaticRecast<UP, N>,
{
    type S = Dyn;
    type D = <<Layout<C<1>, D> as StaticRecast<UP, N>>::Out as StaticLayout>::Stride;
    #[inline(always)]
    fn recast(s: &S, d: &D) -> Result<(Dyn, Self::D), Error> {
        let (s, _) = leaf::<UP>(s.value(), d.value(), N)?;
        Ok((Dyn(s), Default::default()))
    }
}
/// A run-time stride: both at run time.
impl<K, S: Int, D: Int, const UP: bool, const N: usize> RecastLeaf<S, D, UP, N> for (K, HasDyn) {
    type S = Dyn;
    type D = Dyn;
    #[inline(always)]
    fn recast(s: &S, d: &D) -> Result<(Dyn, Dyn), Error> {
        let (s, d) = leaf::<UP>(s.value(), d.value(), N)?;
        Ok((Dyn(s), Dyn(d)))
    }
}
macro_rules! recast_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf: by the kinds of its shape and stride.
        impl<$($g)* Dd: LeafKinds, const UP: bool, const NN: usize> RecastShape<Dd, UP, NN> for $t
        where
            (<$t as LeafKinds>::Kind, Dd::Kind): RecastLeaf<$t, Dd, UP, NN>,
        {
            type S = <(<$t as LeafKinds>::Kind, Dd::Kind) as RecastLeaf<$t, Dd, UP, NN>>::S;
            type D = <(<$t as LeafKinds>::Kind, Dd::Kind) as RecastLeaf<$t, Dd, UP, NN>>::D;
            #[inline(always)]
            fn recast(&self, d: &Dd) -> Result<(Self::S, Self::D), Error> {
                <(<$t as LeafKinds>::Kind, Dd::Kind) as RecastLeaf<$t, Dd, UP, NN>>::recast(self, d)
            }
        }
    };
}
recast_leaf!([const M: usize,] C<M>);
recast_leaf!([] Dyn);
recast_leaf!([const M: usize,] DynDiv<M>);
recast_leaf!([const D0: usize, const D1: usize, const D2: usize, const D3: usize, const D4: usize, const D5: usize, const D6: usize, const D7: usize, const D8: usize, const D9: usize, const D10: usize, const D11: usize, const D12: usize, const D13: usize, const D14: usize, const D15: usize, const D16: usize, const D17: usize, const D18: usize,]
    crate::Dec<D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15, D16, D17, D18>);
macro_rules! recast_tuples {
    ($($S:ident $D:ident $i:tt),+) => {
        /// A tuple: child by child.
        impl<$($S: RecastShape<$D, UP, NN>, $D),+, const UP: bool, const NN: usize> RecastShape<($($D,)+), UP, NN> for ($($S,)+) {
            type S = ($($S::S,)+);
            type D = ($($S::D,)+);
            #[inline(always)]
            fn recast(&self, d: &($($D,)+)) -> Result<(Self::S, Self::D), Error> {
                let r = ($(self.$i.recast(&d.$i)?,)+);
                Ok((($(r.$i.0,)+), ($(r.$i.1,)+)))
            }
        }
    };
}
crate::data::int_tuple::arities!(recast_tuples; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3), (S4 D4 4), (S5 D5 5), (S6 D6 6), (S7 D7 7));

/// The layout `upcast<N>(L)` of a mixed layout `L = S:D`.
pub type MixedUpcasted<S, D, const N: usize> =
    MixedLayout<<S as RecastShape<D, true, N>>::S, <S as RecastShape<D, true, N>>::D>;
/// The layout `downcast<N>(L)` of a mixed layout `L = S:D`.
pub type MixedDowncasted<S, D, const N: usize> =
    MixedLayout<<S as RecastShape<D, false, N>>::S, <S as RecastShape<D, false, N>>::D>;

impl<S, D> MixedLayout<S, D> {
    /// CuTe's `upcast<N>(L)` (see the module docs), checked.
    #[inline(always)]
    pub fn upcast<const N: usize>(&self) -> Result<MixedUpcasted<S, D, N>, Error>
    where
        Layout<C<1>, C<1>>: Upcast<N>,
        S: RecastShape<D, true, N>,
        <S as RecastShape<D, true, N>>::S: MixedShape<<S as RecastShape<D, true, N>>::D>,
        <S as RecastShape<D, true, N>>::D: IntTuple,
    {
        let (s, d) = self.shape().recast(self.stride())?;
        MixedLayout::new(s, d)
    }
    /// CuTe's `downcast<N>(L)` (see the module docs), checked.
    #[inline(always)]
    pub fn downcast<const N: usize>(&self) -> Result<MixedDowncasted<S, D, N>, Error>
    where
        Layout<C<1>, C<1>>: Downcast<N>,
        S: RecastShape<D, false, N>,
        <S as RecastShape<D, false, N>>::S: MixedShape<<S as RecastShape<D, false, N>>::D>,
        <S as RecastShape<D, false, N>>::D: IntTuple,
    {
        let (s, d) = self.shape().recast(self.stride())?;
        MixedLayout::new(s, d)
    }
}
