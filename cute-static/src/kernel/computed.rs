//! Layouts named by the computation that gives them.
//!
//! A result of the atom layer — a tiled MMA's `layoutC_TV`, a thread's
//! `partition_C` — is a static layout computed by trait resolution. Named
//! through an associated type (`<M as TiledMmaTv<OperandC>>::Layout`),
//! rustc normalizes that projection in every function body that mentions
//! it, and again when it borrow-checks the body: the whole computation,
//! each time, since only trait *evaluations* are cached across bodies.
//! [`Computed<Q>`] names the result by its query `Q` instead: a plain
//! type, which costs nothing to name, and which implements
//! [`StaticLayout`], [`TensorLayout`], [`SliceLayout`] and the fragment
//! traits by `Q::Layout` — each use proves `Q: LayoutQuery` once, an
//! evaluation rustc caches for the whole crate. It is the same layout:
//! the same constants, the same offsets, the same CuTe notation;
//! [`Resolved<L>`] (or [`Computed::resolve`]) is the computed
//! `Layout<S, D>` itself, for the layout algebra.
//!
//! ```
//! use cute_static::Layout;
//! use cute_static::atom::{LayoutCTv, SM80_16x8x16_F32F16F16F32_TN, TiledMma};
//! use cute_static::layout::{Resolve, Resolved, StaticLayout};
//! use cute_static::algebra::Mode;
//! type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)], ()>;
//! let tv = LayoutCTv::<Mma>::default();
//! assert_eq!(tv.to_string(), "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))");
//! assert_eq!(tv.call(5), tv.resolve().call(5));
//! // The computed `Layout<S, D>` type, for the layout algebra.
//! let c: Resolved<LayoutCTv<Mma>> = tv.resolve();
//! assert_eq!(c.mode::<0>().to_string(), "(_4,_8,_2,_2):(_64,_1,_16,_256)");
//! ```

use core::fmt;
use core::marker::PhantomData;

use crate::algebra::fragment_like::HasFragmentLayout;
use crate::data::int_tuple::Sealed;
use crate::data::layout::StaticLayout;
use crate::kernel::layout::{SliceLayout, StaticSize, TensorLayout};
use crate::kernel::partition::{ShapeOf, StaticShape};

/// A computation whose result is a static layout: the query behind a
/// [`Computed`] layout (a tiled MMA's TV layout, a thread's partition).
///
/// ```
/// use cute_static::{Layout, atom::{LayoutCTv, SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// use cute_static::layout::{Computed, LayoutQuery, StaticLayout};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// // LayoutCTv<Mma> is Computed<Q>: Q's layout is the C TV layout, a type.
/// fn query_size<Q: LayoutQuery>(_: Computed<Q>) -> usize {
///     <Q::Layout as StaticLayout>::SIZE
/// }
/// assert_eq!(query_size(LayoutCTv::<Mma>::default()), 128 * 4);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not compute a static layout",
    note = "a Computed<Q> layout is the result of the query Q (a TV layout or a partition of the atom layer); the bound that fails below names the rule"
)]
pub trait LayoutQuery {
    /// The computed layout.
    type Layout: StaticLayout + TensorLayout;
}

/// The phantom field of a query type: `T` names its inputs (no data, no
/// variance or drop obligations).
pub(crate) type QueryOf<T> = PhantomData<fn() -> T>;

/// The static layout computed by the query `Q`, named by `Q` (see the
/// module documentation): zero-sized, every query a constant of
/// `Q::Layout`.
pub struct Computed<Q>(QueryOf<Q>);

impl<Q> Computed<Q> {
    /// The layout value (it carries no data).
    #[inline(always)]
    pub const fn new() -> Self {
        Computed(PhantomData)
    }
}
impl<Q: LayoutQuery> Computed<Q> {
    /// The computed layout as its `Layout<S, D>` type, for the layout
    /// algebra.
    #[inline(always)]
    pub fn resolve(self) -> Q::Layout {
        Default::default()
    }
    /// The offset of the integral coordinate `i` (see [`StaticLayout::call`]).
    #[inline(always)]
    pub fn call(self, i: usize) -> usize {
        <Self as StaticLayout>::call(&self, i)
    }
    /// The equal run-time layout.
    #[cfg(feature = "std")]
    pub fn to_dynamic(self) -> cute_dynamic::Layout {
        <Q::Layout as StaticLayout>::to_dynamic(&Default::default())
    }
}
impl<Q> Clone for Computed<Q> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<Q> Copy for Computed<Q> {}
impl<Q> Default for Computed<Q> {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}
impl<Q> PartialEq for Computed<Q> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<Q> Eq for Computed<Q> {}
impl<Q> core::hash::Hash for Computed<Q> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}
/// The computed layout's `Debug`: `Layout(…)`.
impl<Q: LayoutQuery> fmt::Debug for Computed<Q> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&Q::Layout::default(), f)
    }
}
/// The computed layout in CuTe notation.
impl<Q: LayoutQuery> fmt::Display for Computed<Q> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Q::Layout::default(), f)
    }
}
impl<Q> Sealed for Computed<Q> {}

/// Every item is the computed layout's.
impl<Q: LayoutQuery> StaticLayout for Computed<Q> {
    type Shape = <Q::Layout as StaticLayout>::Shape;
    type Stride = <Q::Layout as StaticLayout>::Stride;
    type Tree = <Q::Layout as StaticLayout>::Tree;
    type Flat = <Q::Layout as StaticLayout>::Flat;
    const SIZE: usize = <Q::Layout as StaticLayout>::SIZE;
    const COSIZE: usize = <Q::Layout as StaticLayout>::COSIZE;
    const RANK: usize = <Q::Layout as StaticLayout>::RANK;
    const DEPTH: usize = <Q::Layout as StaticLayout>::DEPTH;
}

/// A static layout: every query a constant of the computed layout.
impl<Q: LayoutQuery> TensorLayout for Computed<Q> {
    type SizeKind = StaticSize;
    const STATIC_SIZE: Option<usize> = Some(<Q::Layout as StaticLayout>::SIZE);
    const STATIC_LEADING: Option<(usize, usize)> = <Q::Layout as TensorLayout>::STATIC_LEADING;
    #[inline(always)]
    fn size(&self) -> usize {
        Q::Layout::default().size()
    }
    #[inline(always)]
    fn cosize(&self) -> usize {
        Q::Layout::default().cosize()
    }
    #[inline(always)]
    fn offset(&self, i: usize) -> usize {
        Q::Layout::default().offset(i)
    }
    fn notation(&self) -> Option<cute_core::Notation> {
        Q::Layout::default().notation()
    }
    #[inline(always)]
    fn leading(&self) -> (usize, usize) {
        Q::Layout::default().leading()
    }
    #[cfg(feature = "std")]
    fn dynamic_layout(&self) -> Option<cute_dynamic::Layout> {
        Q::Layout::default().dynamic_layout()
    }
}

/// Slicing the computed layout.
impl<Q: LayoutQuery, Cd> SliceLayout<Cd> for Computed<Q>
where
    Q::Layout: SliceLayout<Cd>,
{
    type Output = <Q::Layout as SliceLayout<Cd>>::Output;
    #[inline(always)]
    fn slice_layout(&self, coord: Cd) -> Result<(Self::Output, usize), crate::Error> {
        Q::Layout::default().slice_layout(coord)
    }
}

/// The right inverse of the computed layout.
impl<Q: LayoutQuery> crate::algebra::inverse::RightInvert for Computed<Q>
where
    Q::Layout: crate::algebra::inverse::RightInvert,
{
    type Output = <Q::Layout as crate::algebra::inverse::RightInvert>::Output;
    #[inline(always)]
    fn right_inverse(&self) -> Self::Output {
        Q::Layout::default().right_inverse()
    }
}

impl<Q: LayoutQuery> ShapeOf for Computed<Q>
where
    Q::Layout: ShapeOf,
{
    type Shape = <Q::Layout as ShapeOf>::Shape;
}
impl<Q: LayoutQuery> StaticShape for Computed<Q>
where
    Q::Layout: StaticShape,
{
    type Shape = <Q::Layout as StaticShape>::Shape;
}
impl<Q: LayoutQuery> HasFragmentLayout for Computed<Q>
where
    Q::Layout: HasFragmentLayout,
{
    type Output = <Q::Layout as HasFragmentLayout>::Output;
}

/// The `Layout<S, D>` type of a static layout: itself, or what a
/// [`Computed`] layout's query computes.
///
/// ```
/// use cute_static::{Layout, atom::{LayoutCTv, SM80_16x8x16_F32F16F16F32_TN, TiledMma}};
/// use cute_static::layout::{Resolved, StaticLayout};
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// // A static layout resolves to itself, a computed one to its `Layout<S, D>`.
/// assert_eq!(<Resolved<Layout![(4, 8):(1, 4)]>>::SIZE, 32);
/// let tv = <Resolved<LayoutCTv<Mma>>>::default();
/// assert_eq!(tv.to_string(), LayoutCTv::<Mma>::default().to_string());
/// ```
pub trait Resolve {
    /// The layout type.
    type Layout: StaticLayout;
}
impl<S, D> Resolve for crate::Layout<S, D>
where
    crate::Layout<S, D>: StaticLayout,
{
    type Layout = Self;
}
impl<Q: LayoutQuery> Resolve for Computed<Q> {
    type Layout = Q::Layout;
}
/// The `Layout<S, D>` type of the static layout `L` (see [`Resolve`]).
pub type Resolved<L> = <L as Resolve>::Layout;
