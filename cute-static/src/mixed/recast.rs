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
//! `recast_layout<OLD, NEW>` (element sizes in bits) is `upcast<num>` then
//! `downcast<den>` with `NEW/OLD = num/den` in lowest terms, leaf by leaf
//! with the same types.
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
//! let r = l.recast_layout::<16, 32>()?;
//! assert_eq!(r.to_dynamic(), cute_dynamic::recast_layout(16, 32, &l.to_dynamic())?);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use cute_core::int::{downcast_leaf, gcd, upcast_leaf};

use crate::Error;
use crate::algebra::recast::{Downcast, RecastLayout, Upcast};
use crate::data::int_tuple::{C, Int, IntTuple, StaticInt};
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::layout::{AllStatic, Dyn, HasDyn, LeafKinds, MixedLayout, MixedShape, overflow};

/// A leaf rule of the recasts: `upcast<N>` ([`UpOp`]), `downcast<N>`
/// ([`DownOp`]) or `recast_layout<OLD, NEW>` ([`RecastOp`]).
#[doc(hidden)]
pub trait LeafOp {
    /// The leaf `s:d` recast (values), or `overflow`.
    fn apply(s: usize, d: usize) -> Result<(usize, usize), Error>;
}
/// The static algebra's form of a leaf rule, on the static layout `L`.
#[doc(hidden)]
pub trait StaticOp<L> {
    /// The recast layout.
    type Out: StaticLayout;
}
/// `upcast<N>`.
#[doc(hidden)]
pub struct UpOp<const N: usize>;
/// `downcast<N>`.
#[doc(hidden)]
pub struct DownOp<const N: usize>;
/// `recast_layout<OLD, NEW>`: `upcast<num>` then `downcast<den>`, with
/// `NEW/OLD = num/den` in lowest terms.
#[doc(hidden)]
pub struct RecastOp<const OLD: usize, const NEW: usize>;

/// The leaf rules on values (`i64`, as the checked layout's values fit).
#[inline(always)]
fn leaf(
    s: usize,
    d: usize,
    up: usize,
    down: usize,
    op: &'static str,
) -> Result<(usize, usize), Error> {
    let (s, d) = upcast_leaf(s as i64, d as i64, up as i64);
    let (s, d) =
        downcast_leaf(s, d, down as i64).ok_or_else(|| overflow(op, "a leaf of a mixed layout"))?;
    Ok((s as usize, d as usize))
}
impl<const N: usize> LeafOp for UpOp<N> {
    #[inline(always)]
    fn apply(s: usize, d: usize) -> Result<(usize, usize), Error> {
        leaf(s, d, N, 1, "upcast")
    }
}
impl<const N: usize> LeafOp for DownOp<N> {
    #[inline(always)]
    fn apply(s: usize, d: usize) -> Result<(usize, usize), Error> {
        leaf(s, d, 1, N, "downcast")
    }
}
impl<const OLD: usize, const NEW: usize> LeafOp for RecastOp<OLD, NEW> {
    #[inline(always)]
    fn apply(s: usize, d: usize) -> Result<(usize, usize), Error> {
        let g = gcd(OLD as i64, NEW as i64) as usize;
        leaf(s, d, NEW / g, OLD / g, "recast_layout")
    }
}
impl<L: Upcast<N>, const N: usize> StaticOp<L> for UpOp<N> {
    type Out = <L as Upcast<N>>::Output;
}
impl<L: Downcast<N>, const N: usize> StaticOp<L> for DownOp<N> {
    type Out = <L as Downcast<N>>::Output;
}
impl<L: RecastLayout<OLD, NEW>, const OLD: usize, const NEW: usize> StaticOp<L>
    for RecastOp<OLD, NEW>
{
    type Out = <L as RecastLayout<OLD, NEW>>::Output;
}

/// A shape `Self` with strides `D`, recast leaf by leaf by `Op`.
#[doc(hidden)]
pub trait RecastShape<D, Op> {
    /// The new shape.
    type S;
    /// The new stride.
    type D;
    /// The new values.
    fn recast(&self, d: &D) -> Result<(Self::S, Self::D), Error>;
}
/// A leaf by the kinds of its shape and stride (`Self`).
#[doc(hidden)]
pub trait RecastLeaf<S, D, Op> {
    /// The new shape.
    type S;
    /// The new stride.
    type D;
    /// The new values.
    fn recast(s: &S, d: &D) -> Result<(Self::S, Self::D), Error>;
}
/// Both static: the static algebra's leaf.
impl<S: StaticInt, D: StaticInt, Op> RecastLeaf<S, D, Op> for (AllStatic, AllStatic)
where
    Op: StaticOp<Layout<S, D>>,
{
    type S = <<Op as StaticOp<Layout<S, D>>>::Out as StaticLayout>::Shape;
    type D = <<Op as StaticOp<Layout<S, D>>>::Out as StaticLayout>::Stride;
    #[inline(always)]
    fn recast(_: &S, _: &D) -> Result<(Self::S, Self::D), Error> {
        Ok(Default::default())
    }
}
/// A run-time shape, a static stride: the stride the rule gives it (that
/// of the leaf `1:d`: the new stride depends on the stride alone), the
/// shape at run time.
impl<S: Int, D: StaticInt, Op: LeafOp> RecastLeaf<S, D, Op> for (HasDyn, AllStatic)
where
    Op: StaticOp<Layout<C<1>, D>>,
{
    type S = Dyn;
    type D = <<Op as StaticOp<Layout<C<1>, D>>>::Out as StaticLayout>::Stride;
    #[inline(always)]
    fn recast(s: &S, d: &D) -> Result<(Dyn, Self::D), Error> {
        let (s, _) = Op::apply(s.value(), d.value())?;
        Ok((Dyn(s), Default::default()))
    }
}
/// A run-time stride: both at run time.
impl<K, S: Int, D: Int, Op: LeafOp> RecastLeaf<S, D, Op> for (K, HasDyn) {
    type S = Dyn;
    type D = Dyn;
    #[inline(always)]
    fn recast(s: &S, d: &D) -> Result<(Dyn, Dyn), Error> {
        let (s, d) = Op::apply(s.value(), d.value())?;
        Ok((Dyn(s), Dyn(d)))
    }
}
macro_rules! recast_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf: by the kinds of its shape and stride.
        impl<$($g)* Dd: LeafKinds, Op> RecastShape<Dd, Op> for $t
        where
            (<$t as LeafKinds>::Kind, Dd::Kind): RecastLeaf<$t, Dd, Op>,
        {
            type S = <(<$t as LeafKinds>::Kind, Dd::Kind) as RecastLeaf<$t, Dd, Op>>::S;
            type D = <(<$t as LeafKinds>::Kind, Dd::Kind) as RecastLeaf<$t, Dd, Op>>::D;
            #[inline(always)]
            fn recast(&self, d: &Dd) -> Result<(Self::S, Self::D), Error> {
                <(<$t as LeafKinds>::Kind, Dd::Kind) as RecastLeaf<$t, Dd, Op>>::recast(self, d)
            }
        }
    };
}
crate::mixed::for_leaf_types!(recast_leaf);
macro_rules! recast_tuples {
    ($($S:ident $D:ident $i:tt),+) => {
        /// A tuple: child by child.
        impl<$($S: RecastShape<$D, Op>, $D),+, Op> RecastShape<($($D,)+), Op> for ($($S,)+) {
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

/// The layout of a mixed layout `S:D` recast by `Op`.
pub type MixedRecast<S, D, Op> =
    MixedLayout<<S as RecastShape<D, Op>>::S, <S as RecastShape<D, Op>>::D>;

impl<S, D> MixedLayout<S, D> {
    /// The layout recast by `Op`, checked.
    #[inline(always)]
    fn recast_by<Op>(&self) -> Result<MixedRecast<S, D, Op>, Error>
    where
        S: RecastShape<D, Op>,
        <S as RecastShape<D, Op>>::S: MixedShape<<S as RecastShape<D, Op>>::D>,
        <S as RecastShape<D, Op>>::D: IntTuple,
    {
        let (s, d) = self.shape().recast(self.stride())?;
        MixedLayout::new(s, d)
    }
    /// CuTe's `upcast<N>(L)` (see the module docs), checked.
    #[inline(always)]
    pub fn upcast<const N: usize>(&self) -> Result<MixedRecast<S, D, UpOp<N>>, Error>
    where
        Layout<C<1>, C<1>>: Upcast<N>,
        S: RecastShape<D, UpOp<N>>,
        <S as RecastShape<D, UpOp<N>>>::S: MixedShape<<S as RecastShape<D, UpOp<N>>>::D>,
        <S as RecastShape<D, UpOp<N>>>::D: IntTuple,
    {
        self.recast_by::<UpOp<N>>()
    }
    /// CuTe's `downcast<N>(L)` (see the module docs), checked.
    #[inline(always)]
    pub fn downcast<const N: usize>(&self) -> Result<MixedRecast<S, D, DownOp<N>>, Error>
    where
        Layout<C<1>, C<1>>: Downcast<N>,
        S: RecastShape<D, DownOp<N>>,
        <S as RecastShape<D, DownOp<N>>>::S: MixedShape<<S as RecastShape<D, DownOp<N>>>::D>,
        <S as RecastShape<D, DownOp<N>>>::D: IntTuple,
    {
        self.recast_by::<DownOp<N>>()
    }
    /// CuTe's `recast_layout<OLD, NEW>(L)` for element sizes in bits:
    /// `upcast<num>` then `downcast<den>` with `NEW/OLD = num/den` in lowest
    /// terms (see the module docs), checked.
    #[inline(always)]
    pub fn recast_layout<const OLD: usize, const NEW: usize>(
        &self,
    ) -> Result<MixedRecast<S, D, RecastOp<OLD, NEW>>, Error>
    where
        Layout<C<1>, C<1>>: RecastLayout<OLD, NEW>,
        S: RecastShape<D, RecastOp<OLD, NEW>>,
        <S as RecastShape<D, RecastOp<OLD, NEW>>>::S:
            MixedShape<<S as RecastShape<D, RecastOp<OLD, NEW>>>::D>,
        <S as RecastShape<D, RecastOp<OLD, NEW>>>::D: IntTuple,
    {
        self.recast_by::<RecastOp<OLD, NEW>>()
    }
}
