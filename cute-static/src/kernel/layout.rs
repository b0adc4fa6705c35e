//! The layouts a [`Tensor`](crate::Tensor) can hold ([`TensorLayout`]):
//! static layouts ([`Layout`]), mixed static/run-time layouts
//! ([`MixedLayout`]) and any other layout kind that implements the trait
//! (a composed layout, for instance). A tensor, its accessors and the
//! kernels ([`copy`](crate::copy), [`copy_if`](crate::copy_if),
//! [`axpby`](crate::axpby), [`gemm`](crate::gemm), [`fill`](crate::fill),
//! [`clear`](crate::clear)) are written once over this trait.
//!
//! Defining property: `offset(i)` is the layout's value at the integral
//! coordinate `i` for `i < size()`, and every such value is `< cosize()`.
//!
//! ```
//! use cute_static::{layout, layout::TensorLayout};
//! let s = layout!((4, 8):(1, 4));
//! assert_eq!((TensorLayout::size(&s), TensorLayout::cosize(&s), s.offset(13)), (32, 32, 13));
//! assert_eq!(<cute_static::Layout![(4, 8):(1, 4)] as TensorLayout>::STATIC_SIZE, Some(32));
//! let m = 10;
//! let d = layout!((4, {m}):(1, 4))?;
//! assert_eq!((TensorLayout::size(&d), TensorLayout::cosize(&d), d.offset(13)), (40, 40, 13));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::fmt;

use crate::Error;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::{Layout, StaticLayout};
use crate::kernel::tensor::SliceCoord;
use crate::mixed::layout::{KeptModes, MixedLayout, MixedShape, MixedSliceCoord, Sliced};

/// Whether a layout's size is a compile-time fact: [`StaticSize`] or
/// [`RuntimeSize`]. The kernels check the sizes of two static layouts at
/// compile time and every other pair at run time.
///
/// ```
/// use cute_static::{Layout, layout::{Dyn, MixedLayout, RuntimeSize, StaticSize, TensorLayout}};
/// use core::any::TypeId;
/// fn kind<L: TensorLayout>() -> TypeId where L::SizeKind: 'static {
///     TypeId::of::<L::SizeKind>()
/// }
/// assert_eq!(kind::<Layout![(4, 8)]>(), TypeId::of::<StaticSize>());
/// assert_eq!(kind::<MixedLayout<Dyn, cute_static::C<1>>>(), TypeId::of::<RuntimeSize>());
/// assert_eq!(<Layout![(4, 8)] as TensorLayout>::STATIC_SIZE, Some(32));
/// ```
pub trait SizeKind: crate::data::int_tuple::Sealed {}
/// The size is a type-level constant (a [`StaticLayout`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StaticSize;
/// The size is known at run time only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuntimeSize;
impl crate::data::int_tuple::Sealed for StaticSize {}
impl crate::data::int_tuple::Sealed for RuntimeSize {}
impl SizeKind for StaticSize {}
impl SizeKind for RuntimeSize {}

/// A layout a tensor can hold: a function from integral coordinates
/// `0..size()` to offsets `0..cosize()`.
///
/// Implemented by [`Layout`] (every query a constant) and [`MixedLayout`];
/// other layout kinds (a composed or swizzled layout) implement it to get
/// tensors and the kernels. Implementations must keep `offset(i) <
/// cosize()` for every `i < size()` (the tensor relies on it only for
/// speed, never for safety: every access is a checked slice lookup).
///
/// # Examples
///
/// CuTe's `size(L)` and `cosize(L)`, for any layout a tensor holds:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!((4, 8):(1, 5));
/// assert_eq!((TensorLayout::size(&l), TensorLayout::cosize(&l)), (32, 39));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a layout a tensor can hold",
    note = "a tensor's layout is a static layout (`layout!(…)`), a mixed layout (`layout!((…, {{m}}):(…))?`) or another type implementing `TensorLayout`"
)]
pub trait TensorLayout: Copy + fmt::Debug + fmt::Display {
    /// [`StaticSize`] when the size is a type-level constant (only for
    /// static layouts), else [`RuntimeSize`].
    type SizeKind: SizeKind;
    /// The size when it is known at compile time.
    const STATIC_SIZE: Option<usize>;
    /// [`leading`](Self::leading) when it is a compile-time constant (a
    /// static layout): the device's vector accesses are checked against it
    /// at compile time.
    #[doc(hidden)]
    const STATIC_LEADING: Option<(usize, usize)> = None;
    /// The number of coordinates.
    fn size(&self) -> usize;
    /// One past the largest offset reached on the domain.
    fn cosize(&self) -> usize;
    /// The offset of the integral coordinate `i` (colexicographic), for
    /// `i < size()`.
    fn offset(&self, i: usize) -> usize;
    /// The first leaf mode `(s, d)`: `offset(i0 + s·j) = i0·d +
    /// offset(s·j)` for `i0 < s`, so the kernels run an inner loop of
    /// constant stride over it. The default `(1, 0)` is always correct.
    #[doc(hidden)]
    #[inline(always)]
    fn leading(&self) -> (usize, usize) {
        (1, 0)
    }
    /// Whether the layout is valid: its size and every offset of its domain
    /// are exact (no overflow) and fit in an `i64`, every shape leaf
    /// positive. Always true for a static layout (checked at compile
    /// time); a mixed layout made by [`MixedLayout::new`] (or `layout!`)
    /// is, one made by [`MixedLayout::new_unchecked`] may not be. A device
    /// tensor is made only over a valid layout
    /// ([`GlobalBuffer::tensor`](crate::arch::GlobalBuffer::tensor) checks
    /// it), so its views need not check overflow again.
    #[doc(hidden)]
    #[inline(always)]
    fn validate(&self) -> Result<(), Error> {
        Ok(())
    }
    /// The layout with every run-time stride masked to its low 31 bits and
    /// every run-time shape leaf mapped into `1..=2^31`. On a valid layout
    /// of size and cosize at most `i32::MAX` (a device tensor's) it is the
    /// same function on the domain: every shape leaf is positive and at
    /// most the size, every stride of a mode of extent > 1 below the
    /// cosize, so those are unchanged; only the stride of an extent-1 mode
    /// may change, which multiplies coordinate 0. The compiler then knows
    /// that each leaf fits in 31 bits and each extent is positive, so the
    /// overflow and division-by-zero checks of the views' index arithmetic
    /// that such operands cannot fail fold away. On the device a stride is
    /// masked by a 32-bit `and` the compiler does not look into, so it
    /// stays a zero-extended 32-bit operand: its products with an index or
    /// a constant are `mul.wide.u32` (one wide multiply-add per address, as
    /// nvcc forms CuTe's `int` offsets).
    #[doc(hidden)]
    #[inline(always)]
    fn narrowed(self) -> Self {
        self
    }
    /// The layout in CuTe notation for an error message, when it can be
    /// written without run-time values (static layouts).
    #[doc(hidden)]
    fn notation(&self) -> Option<cute_core::Notation> {
        None
    }
    /// The equal run-time layout, when there is one.
    #[cfg(feature = "std")]
    fn dynamic_layout(&self) -> Option<cute_dynamic::Layout> {
        None
    }
}

/// What a layout operation returns, read as a layout: the bound of the
/// `Output` of every verb trait whose operand may be static or mixed
/// ([`Compose`](crate::Compose), the divides, the products), so generic
/// code bounded by the verb alone can use the result.
///
/// A static operand's result is a static layout (the operation was checked
/// at compile time; `into_layout` is `Ok(self)`); a mixed operand's result
/// is `Result<L, Error>` (run-time values can overflow).
///
/// ```
/// use cute_static::{layout, tiler, algebra::{ZippedDivide, ZippedQuotient}, layout::{LayoutResult, TensorLayout}};
/// /// One bound: the operation's verb. The result is a layout.
/// fn tiles<A: ZippedDivide<T>, T>(a: A, t: T) -> Result<usize, cute_static::Error> {
///     let r = a.zipped_divide(t).into_layout()?;
///     Ok(r.size() + r.offset(1))
/// }
/// assert_eq!(tiles(layout!((8, 8):(1, 8)), tiler!(<2, 4>))?, 64 + 1);
/// let m = 16;
/// assert_eq!(tiles(layout!(({m}, 8):(1, {m}))?, tiler!(<2, 4>))?, 128 + 1);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not the result of a layout operation",
    note = "a layout operation returns a static layout or `Result<L, Error>` with `L` a tensor layout"
)]
pub trait LayoutResult {
    /// The layout.
    type Layout: TensorLayout;
    /// The layout, or the run-time error of the operation.
    fn into_layout(self) -> Result<Self::Layout, Error>;
}
/// A static layout is its own result: nothing is left to fail.
impl<L: StaticLayout + TensorLayout> LayoutResult for L {
    type Layout = L;
    #[inline(always)]
    fn into_layout(self) -> Result<L, Error> {
        Ok(self)
    }
}
/// A run-time checked result.
impl<L: TensorLayout> LayoutResult for Result<L, Error> {
    type Layout = L;
    #[inline(always)]
    fn into_layout(self) -> Result<L, Error> {
        self
    }
}

/// The CuTe notation of the static layout `L`, written on demand.
pub(crate) fn notation<L: StaticLayout>() -> cute_core::Notation {
    cute_core::Notation::new(|f| fmt::Display::fmt(&L::default(), f))
}

/// A static layout: every query a constant.
impl<S, D> TensorLayout for Layout<S, D>
where
    Layout<S, D>: StaticLayout,
{
    type SizeKind = StaticSize;
    const STATIC_SIZE: Option<usize> = Some(<Self as StaticLayout>::SIZE);
    const STATIC_LEADING: Option<(usize, usize)> =
        Some(<<Self as StaticLayout>::Flat as crate::data::layout::FlatModes>::LEAD);
    #[inline(always)]
    fn size(&self) -> usize {
        <Self as StaticLayout>::SIZE
    }
    #[inline(always)]
    fn cosize(&self) -> usize {
        <Self as StaticLayout>::COSIZE
    }
    #[inline(always)]
    fn offset(&self, i: usize) -> usize {
        <Self as StaticLayout>::call(self, i)
    }
    fn notation(&self) -> Option<cute_core::Notation> {
        Some(notation::<Self>())
    }
    #[inline(always)]
    fn leading(&self) -> (usize, usize) {
        <<Self as StaticLayout>::Flat as crate::data::layout::FlatModes>::LEAD
    }
    #[cfg(feature = "std")]
    fn dynamic_layout(&self) -> Option<cute_dynamic::Layout> {
        Some(<Self as StaticLayout>::to_dynamic(self))
    }
}

/// A mixed layout: static leaves fold to constants.
impl<S, D> TensorLayout for MixedLayout<S, D>
where
    S: MixedShape<D> + Copy,
    D: IntTuple + Copy,
{
    type SizeKind = RuntimeSize;
    const STATIC_SIZE: Option<usize> = None;
    #[inline(always)]
    fn size(&self) -> usize {
        MixedLayout::size(self)
    }
    #[inline(always)]
    fn cosize(&self) -> usize {
        MixedLayout::cosize(self)
    }
    #[inline(always)]
    fn offset(&self, i: usize) -> usize {
        MixedLayout::call(self, i)
    }
    #[inline(always)]
    fn leading(&self) -> (usize, usize) {
        self.shape().lead(self.stride())
    }
    #[inline(always)]
    fn validate(&self) -> Result<(), Error> {
        MixedLayout::new(*self.shape(), *self.stride()).map(|_| ())
    }
    #[inline(always)]
    fn narrowed(self) -> Self {
        MixedLayout::from_parts(self.shape().narrowed_extent(), self.stride().narrowed())
    }
    #[cfg(feature = "std")]
    fn dynamic_layout(&self) -> Option<cute_dynamic::Layout> {
        Some(self.to_dynamic())
    }
}

/// Slicing a layout with a coordinate `Cd` holding [`__`](crate::__)
/// holes: the layout of the kept modes and the offset of the fixed part,
/// an index outside its mode an `out_of_bounds` error. A static layout's
/// kept modes stay a static layout.
///
/// # Examples
///
/// CuTe's `slice_and_offset(c, L)`: the modes under `_` and the offset of the rest:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100)));
/// let (sub, offset) = l.slice_layout((2usize, ((0usize, __), __)))?;
/// assert_eq!((sub.to_string(), offset), ("(_3,_2):(_15,_100)".to_string(), 8));
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Cd}` is not a slice coordinate of the layout `{Self}`",
    note = "a slice coordinate is a tuple with one entry per top-level mode: an index (`usize`) fixes the mode, `__` keeps it"
)]
pub trait SliceLayout<Cd>: TensorLayout {
    /// The layout of the kept modes.
    type Output: TensorLayout;
    /// The kept modes and the offset of the fixed part.
    fn slice_layout(&self, coord: Cd) -> Result<(Self::Output, usize), Error>;
}

/// Static: the kept modes form a static layout (a layout with negative
/// strides has signed offsets: [`Layout::slice_signed`]).
impl<S, D, Cd> SliceLayout<Cd> for Layout<S, D>
where
    Layout<S, D>: StaticLayout,
    <Layout<S, D> as StaticLayout>::Flat: crate::data::layout::NonNegativeStrides,
    Cd: SliceCoord<Layout<S, D>>,
    Cd::Output: TensorLayout,
{
    type Output = Cd::Output;
    #[inline(always)]
    fn slice_layout(&self, coord: Cd) -> Result<(Cd::Output, usize), Error> {
        self.slice(coord)
    }
}

/// Mixed: the kept modes keep their leaf kinds.
impl<S, D, Cd> SliceLayout<Cd> for MixedLayout<S, D>
where
    S: MixedShape<D> + Copy,
    D: IntTuple + Copy,
    Cd: MixedSliceCoord<S, D>,
    Sliced<S, D, Cd>: TensorLayout,
    <Cd::Kept as KeptModes>::S: Copy,
{
    type Output = Sliced<S, D, Cd>;
    #[inline(always)]
    fn slice_layout(&self, coord: Cd) -> Result<(Self::Output, usize), Error> {
        self.checked_slice(coord)
    }
}
