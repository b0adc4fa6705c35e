//! Static layouts (docs/semantics/objects.md#layouts): `Layout<S, D>` is the function from
//! coordinates to offsets given by the shape `S` and the congruent stride
//! `D`, both integer tuples of static leaves. It is zero-sized; its queries
//! are associated constants and `call(i)` folds to the literal arithmetic
//! `Σ ((i / (S0⋯S_{k-1})) mod S_k)·D_k`, the last mode not reduced.
//!
//! ```
//! use cute_static::{layout, Layout, layout::StaticLayout};
//! let l = layout!((4, 8):(1, 4));
//! assert_eq!(l.call(13), 13 % 4 + (13 / 4) * 4);
//! assert_eq!(<Layout![(4, 8):(1, 4)]>::SIZE, 32);
//! assert_eq!(l.to_string(), "(_4,_8):(_1,_4)");
//! assert_eq!(l.to_dynamic().to_string(), "(4,8):(1,4)");
//! assert_eq!(core::mem::size_of_val(&l), 0);
//! ```

use core::fmt;
use core::marker::PhantomData;
use typenum::{Bit, Const, Sub1, ToUInt, U, U0, UInt, UTerm, Unsigned};

use crate::data::int_tuple::{IntTuple, Sealed, Spell, StaticIntTuple};
use crate::data::neg::Ng;
use crate::private::{Cat, Concat, HCons, HNil, Violation};

/// A static layout `S:D`: zero-sized, every query a constant.
pub struct Layout<S, D>(PhantomData<(S, D)>);

impl<S, D> Layout<S, D> {
    /// The layout value (it carries no data).
    #[inline(always)]
    pub const fn new() -> Self {
        Layout(PhantomData)
    }
}
impl<S, D> Clone for Layout<S, D> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<S, D> Copy for Layout<S, D> {}
impl<S, D> Default for Layout<S, D> {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}
impl<S, D> PartialEq for Layout<S, D> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<S, D> Eq for Layout<S, D> {}
impl<S: IntTuple + Default, D: IntTuple + Default> fmt::Debug for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({self})")
    }
}
/// CuTe's static notation: `(_4,_8):(_1,_4)`.
impl<S: IntTuple + Default, D: IntTuple + Default> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        S::default().fmt_cute(f)?;
        f.write_str(":")?;
        D::default().fmt_cute(f)
    }
}
impl<S, D> Sealed for Layout<S, D> {}

/// A layout whose shape and stride are known at compile time.
///
/// # Examples
///
/// A layout whose shape and stride are types: CuTe's `Layout<Shape<_4,_8>, Stride<_1,_4>>`:
///
/// ```
/// use cute_static::prelude::*;
/// type L = Layout![(4, 8):(1, 4)];
/// assert_eq!(L::SIZE, 32);
/// assert_eq!(L::default().to_string(), "(_4,_8):(_1,_4)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static layout",
    note = "a static layout is `Layout<S, D>` with a positive shape `S` and a congruent stride `D`; write it with `layout!`/`Layout![…]`"
)]
pub trait StaticLayout: Copy + Default + fmt::Debug + fmt::Display + Sealed {
    /// The shape.
    type Shape: StaticIntTuple;
    /// The stride.
    type Stride: StaticIntTuple;
    /// The tree of `(shape, stride)` typenum leaves the algebra runs on.
    #[doc(hidden)]
    type Tree;
    /// The leaves of `Tree`, in order.
    #[doc(hidden)]
    type Flat: FlatModes;
    /// Number of coordinates: the product of the shape.
    const SIZE: usize;
    /// One past the largest offset over the domain: `L(SIZE - 1) + 1` when
    /// no stride is negative; negative strides contribute nothing (as
    /// cute-dynamic's `cosize`).
    const COSIZE: usize;
    /// Number of top-level modes (1 for an integer shape).
    const RANK: usize;
    /// Nesting depth of the shape (0 for an integer shape).
    const DEPTH: usize;
    /// The offset of the integral coordinate `i` (colexicographic; the last
    /// mode is not reduced, so `i ≥ SIZE` continues along it).
    #[inline(always)]
    fn call(&self, i: usize) -> usize {
        #[allow(clippy::let_unit_value)]
        let () = UnsignedOffsets::<Self>::CHECKED;
        Self::Flat::call(i)
    }
    /// The signed offset of the integral coordinate `i`: the offset of a
    /// layout with negative strides ([`Neg`](crate::Neg)); for any other
    /// layout `call(i)` as an `isize`. (For a layout with negative strides
    /// the inherent [`Layout::call`] does not compile, and this trait's
    /// `call`, reached by generic code, fails the build when it is
    /// instantiated.)
    ///
    /// ```
    /// use cute_static::{layout, layout::StaticLayout};
    /// let l = layout!((8, 4):(-1, 8));
    /// assert_eq!(l.call_signed(0), 0);
    /// assert_eq!(l.call_signed(7), -7);
    /// assert_eq!(l.call_signed(31), -7 + 3 * 8);
    /// ```
    #[inline(always)]
    fn call_signed(&self, i: usize) -> isize {
        Self::Flat::call_signed(i)
    }
    /// The equal run-time layout.
    #[cfg(feature = "std")]
    fn to_dynamic(&self) -> cute_dynamic::Layout {
        let shape = Self::Shape::default().to_dynamic();
        let stride = Self::Stride::default().to_dynamic();
        cute_dynamic::Layout::new(shape, stride)
            .expect("a static layout is congruent with positive shapes by construction")
    }
}

/// A static layout: shape and stride zipped into a tree of typenum leaves.
impl<S, D> StaticLayout for Layout<S, D>
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    S::Tree: Zip<D::Tree>,
    ZipOf<S, D>: Flatten,
    FlatOf<ZipOf<S, D>>: FlatModes,
{
    type Shape = S;
    type Stride = D;
    type Tree = ZipOf<S, D>;
    type Flat = FlatOf<ZipOf<S, D>>;
    const SIZE: usize = S::SIZE;
    const COSIZE: usize = <FlatOf<ZipOf<S, D>> as FlatModes>::COSIZE_M1 + 1;
    const RANK: usize = S::RANK;
    const DEPTH: usize = S::DEPTH;
}

impl<S, D> Layout<S, D>
where
    Self: StaticLayout,
{
    /// The offset of the integral coordinate `i` (see [`StaticLayout::call`]).
    /// A layout with a negative stride has signed offsets: it is evaluated
    /// by [`call_signed`](Self::call_signed), and `call` does not compile.
    #[inline(always)]
    pub fn call(self, i: usize) -> usize
    where
        <Self as StaticLayout>::Flat: NonNegativeStrides,
    {
        <Self as StaticLayout>::call(&self, i)
    }
    /// The signed offset of the integral coordinate `i` (see
    /// [`StaticLayout::call_signed`]): `(_8,_4):(_-1,_8)` maps 9 to 7.
    #[inline(always)]
    pub fn call_signed(self, i: usize) -> isize {
        <Self as StaticLayout>::call_signed(&self, i)
    }
    /// The offset of a natural or hierarchical coordinate (or an integer):
    /// `L(22) == L((2, 5)) == L(((0, 1), (1, 1)))` for
    /// `((2,2),(4,2)):((1,8),(2,16))` (Cecka §2.4.1).
    ///
    /// ```
    /// use cute_static::layout;
    /// let l = layout!(((2, 2), (4, 2)):((1, 8), (2, 16)));
    /// assert_eq!(l.call(22), 26);
    /// assert_eq!(l.call_coord((2, 5)), 26);
    /// assert_eq!(l.call_coord(((0, 1), (1, 1))), 26);
    /// ```
    #[inline(always)]
    pub fn call_coord<Cd: Coordinate<<Self as StaticLayout>::Tree>>(self, c: Cd) -> usize
    where
        <Self as StaticLayout>::Flat: NonNegativeStrides,
    {
        c.offset(PhantomData)
    }
    /// The equal run-time layout.
    #[cfg(feature = "std")]
    pub fn to_dynamic(self) -> cute_dynamic::Layout {
        <Self as StaticLayout>::to_dynamic(&self)
    }
    /// Sub-layout `I` (0-based) of a tuple layout; mode 0 of an integer
    /// layout is itself.
    ///
    /// ```
    /// use cute_static::layout;
    /// let l = layout!(((2, 2), 8):((1, 16), 2));
    /// assert_eq!(l.mode::<0>().to_string(), "(_2,_2):(_1,_16)");
    /// assert_eq!(l.mode::<1>().to_string(), "_8:_2");
    /// ```
    #[inline(always)]
    pub fn mode<const I: usize>(self) -> ModeOf<Self, I>
    where
        Self: Mode<I>,
    {
        Default::default()
    }
}

/// Shape and stride trees zipped: `(S, D)` leaves.
pub(crate) type ZipOf<S, D> =
    <<S as StaticIntTuple>::Tree as Zip<<D as StaticIntTuple>::Tree>>::Out;
/// The leaves of a tree, in order.
pub(crate) type FlatOf<T> = <T as Flatten>::Out;

/// Zip a shape tree with a congruent stride tree.
#[diagnostic::on_unimplemented(
    message = "the shape and the stride of a layout are not congruent",
    label = "shape `{Self}` vs stride `{D}`",
    note = "a stride must have the same tree shape as its shape; `layout!` checks this for you"
)]
pub trait Zip<D> {
    /// The zipped tree.
    type Out;
}
/// A positive leaf with a zero stride.
impl<N, B> Zip<UTerm> for UInt<N, B> {
    type Out = (UInt<N, B>, UTerm);
}
/// A positive leaf with a positive stride.
impl<N, B, N2, B2> Zip<UInt<N2, B2>> for UInt<N, B> {
    type Out = (UInt<N, B>, UInt<N2, B2>);
}
/// A positive leaf with a negative stride (of a positive magnitude:
/// `Neg<C<0>>` is not a stride).
impl<N, B, M, Bm> Zip<Ng<UInt<M, Bm>>> for UInt<N, B> {
    type Out = (UInt<N, B>, Ng<UInt<M, Bm>>);
}
/// A zero shape is rejected.
impl<D> Zip<D> for UTerm
where
    Violation: ZeroShape<D>,
{
    type Out = (UTerm, D);
}
/// `() ⊕ () = ()`.
impl Zip<HNil> for HNil {
    type Out = HNil;
}
/// Tuples zip child by child.
impl<H: Zip<DH>, T: Zip<DT>, DH, DT> Zip<HCons<DH, DT>> for HCons<H, T> {
    type Out = HCons<H::Out, T::Out>;
}

/// Raised for a zero in a shape.
#[diagnostic::on_unimplemented(message = "a layout shape has a zero leaf: shapes must be positive")]
pub trait ZeroShape<D> {}

/// The leaves of a tree, in order.
pub trait Flatten {
    /// The list of `(shape, stride)` leaves.
    type Out;
}
/// A leaf is the one-element list.
impl<S, D> Flatten for (S, D) {
    type Out = HCons<(S, D), HNil>;
}
/// `flatten(()) = []`.
impl Flatten for HNil {
    type Out = HNil;
}
/// `flatten(h :: t) = flatten(h) ++ flatten(t)`.
impl<H: Flatten, T: Flatten> Flatten for HCons<H, T>
where
    H::Out: Concat<T::Out>,
{
    type Out = Cat<H::Out, T::Out>;
}

/// [`FlatModes::TAIL_ALIGN`] of no mode.
const ALIGN_NONE: usize = 1 << 62;
/// The largest power of two dividing `d` (at most `2^62`; `2^62` for 0).
const fn pow2_divisor(d: usize) -> usize {
    if d == 0 {
        ALIGN_NONE
    } else {
        let a = 1usize << d.trailing_zeros();
        if a < ALIGN_NONE { a } else { ALIGN_NONE }
    }
}

/// Evaluation and extent of a flat list of modes.
pub trait FlatModes {
    /// `Σ (s - 1)·max(d, 0)`: the largest offset (negative strides
    /// contribute nothing, as in cute-dynamic's `cosize`).
    const COSIZE_M1: usize;
    /// The first leaf `(s, d)` (`(1, 0)` for none, or a negative stride):
    /// the kernels' inner loop.
    const LEAD: (usize, usize);
    /// Whether some stride is negative.
    const NEGATIVE: bool;
    /// The largest power of two (at most `2^62`) dividing the stride of
    /// every mode of extent above 1 but the first (`2^62` for none): every
    /// offset of a multiple of the first leaf's extent is a multiple of it.
    /// 1 when some stride is negative.
    const TAIL_ALIGN: usize;
    /// The offset of `i` (last mode not reduced); with negative strides,
    /// the signed offset modulo `2^64` (internal: `StaticLayout::call`
    /// refuses such layouts at compile time). By default (the modes of a
    /// negative stride) `call_signed` modulo `2^64`.
    #[inline(always)]
    fn call(i: usize) -> usize {
        Self::call_signed(i) as usize
    }
    /// The signed offset of `i` (last mode not reduced).
    fn call_signed(i: usize) -> isize;
}
/// No modes: every coordinate is offset 0.
impl FlatModes for HNil {
    const COSIZE_M1: usize = 0;
    const LEAD: (usize, usize) = (1, 0);
    const NEGATIVE: bool = false;
    const TAIL_ALIGN: usize = ALIGN_NONE;
    #[inline(always)]
    fn call(_: usize) -> usize {
        0
    }
    #[inline(always)]
    fn call_signed(_: usize) -> isize {
        0
    }
}
/// The last mode: `i·d`.
impl<S: Unsigned, D: Unsigned> FlatModes for HCons<(S, D), HNil> {
    const COSIZE_M1: usize = (S::USIZE - 1) * D::USIZE;
    const LEAD: (usize, usize) = (S::USIZE, D::USIZE);
    const NEGATIVE: bool = false;
    const TAIL_ALIGN: usize = ALIGN_NONE;
    #[inline(always)]
    fn call(i: usize) -> usize {
        i * D::USIZE
    }
    #[inline(always)]
    fn call_signed(i: usize) -> isize {
        i as isize * D::ISIZE
    }
}
/// An inner mode: `(i mod s)·d + rest(i / s)`.
impl<S: Unsigned, D: Unsigned, H, T> FlatModes for HCons<(S, D), HCons<H, T>>
where
    HCons<H, T>: FlatModes,
{
    const COSIZE_M1: usize = (S::USIZE - 1) * D::USIZE + <HCons<H, T> as FlatModes>::COSIZE_M1;
    const LEAD: (usize, usize) = (S::USIZE, D::USIZE);
    const NEGATIVE: bool = <HCons<H, T> as FlatModes>::NEGATIVE;
    const TAIL_ALIGN: usize = {
        let rest = <HCons<H, T> as FlatModes>::TAIL_ALIGN;
        let (s, d) = <HCons<H, T> as FlatModes>::LEAD;
        if <HCons<H, T> as FlatModes>::NEGATIVE {
            1
        } else if s == 1 {
            rest
        } else {
            let a = pow2_divisor(d);
            if a < rest { a } else { rest }
        }
    };
    #[inline(always)]
    fn call(i: usize) -> usize {
        (i % S::USIZE) * D::USIZE + <HCons<H, T> as FlatModes>::call(i / S::USIZE)
    }
    #[inline(always)]
    fn call_signed(i: usize) -> isize {
        ((i % S::USIZE) * D::USIZE) as isize + <HCons<H, T> as FlatModes>::call_signed(i / S::USIZE)
    }
}
/// The last mode with a negative stride `−m`: `−i·m`.
impl<S: Unsigned, M: Unsigned> FlatModes for HCons<(S, Ng<M>), HNil> {
    const COSIZE_M1: usize = 0;
    const LEAD: (usize, usize) = (1, 0);
    const NEGATIVE: bool = true;
    const TAIL_ALIGN: usize = 1;
    #[inline(always)]
    fn call_signed(i: usize) -> isize {
        -(i as isize * M::ISIZE)
    }
}
/// An inner mode with a negative stride `−m`: `−(i mod s)·m + rest(i / s)`.
impl<S: Unsigned, M: Unsigned, H, T> FlatModes for HCons<(S, Ng<M>), HCons<H, T>>
where
    HCons<H, T>: FlatModes,
{
    const COSIZE_M1: usize = <HCons<H, T> as FlatModes>::COSIZE_M1;
    const LEAD: (usize, usize) = (1, 0);
    const NEGATIVE: bool = true;
    const TAIL_ALIGN: usize = 1;
    #[inline(always)]
    fn call_signed(i: usize) -> isize {
        -(((i % S::USIZE) * M::USIZE) as isize)
            + <HCons<H, T> as FlatModes>::call_signed(i / S::USIZE)
    }
}

/// Generic code that reaches `StaticLayout::call` (an unsigned offset) on a
/// layout with negative strides fails to build: evaluating `CHECKED` for
/// such a layout `L` is a compile-time error raised when that `call` is
/// instantiated, instead of an offset silently wrapped modulo `2^64`.
struct UnsignedOffsets<L>(PhantomData<L>);
impl<L: StaticLayout> UnsignedOffsets<L> {
    const CHECKED: () = if <L::Flat as FlatModes>::NEGATIVE {
        panic!(
            "`StaticLayout::call` of a layout with negative strides: its offsets are signed, use `call_signed`"
        )
    };
}

/// A flat list of modes whose strides are all non-negative: its offsets
/// are `usize`.
#[diagnostic::on_unimplemented(
    message = "this layout has negative strides, so its offsets are signed: evaluate it with `call_signed` (slice it with `slice_signed`)",
    note = "`call` returns a `usize` offset; `call_signed(i)` returns the `isize` offset of a layout with negative strides"
)]
pub trait NonNegativeStrides {}
/// No modes.
impl NonNegativeStrides for HNil {}
/// A mode with stride 0, then the rest.
impl<S, T: NonNegativeStrides> NonNegativeStrides for HCons<(S, UTerm), T> {}
/// A mode with a positive stride, then the rest.
impl<S, U, B, T: NonNegativeStrides> NonNegativeStrides for HCons<(S, UInt<U, B>), T> {}

/// Split a zipped tree into its shape and stride trees.
pub trait Unzip {
    /// The shape tree.
    type S;
    /// The stride tree.
    type D;
}
/// A leaf splits into its two integers.
impl<S, D> Unzip for (S, D) {
    type S = S;
    type D = D;
}
/// `()` splits into `()` and `()`.
impl Unzip for HNil {
    type S = HNil;
    type D = HNil;
}
/// Tuples split child by child.
impl<H: Unzip, T: Unzip> Unzip for HCons<H, T> {
    type S = HCons<H::S, T::S>;
    type D = HCons<H::D, T::D>;
}

/// The user-facing layout type of a zipped tree (`C<N>` leaves).
pub type LayoutOf<T> = Layout<<<T as Unzip>::S as Spell>::Out, <<T as Unzip>::D as Spell>::Out>;

/// Child `N` (a typenum index) of a tree; child 0 of a leaf is the leaf.
pub trait At<N> {
    /// The child.
    type Out;
}
/// Child 0 of a leaf is the leaf itself.
impl<S, D> At<U0> for (S, D) {
    type Out = (S, D);
}
/// Child 0 of a tuple is its head.
impl<H, T> At<U0> for HCons<H, T> {
    type Out = H;
}
/// Child `n > 0` of a tuple is child `n - 1` of its tail.
impl<H, T, N: Unsigned, B: Bit> At<UInt<N, B>> for HCons<H, T>
where
    UInt<N, B>: core::ops::Sub<typenum::B1>,
    T: At<Sub1<UInt<N, B>>>,
{
    type Out = <T as At<Sub1<UInt<N, B>>>>::Out;
}

/// Sub-layout access by a static index.
///
/// # Examples
///
/// CuTe's `layout<I>(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!((4, (2, 3)):(1, (4, 8)));
/// assert_eq!(l.mode::<1>().to_string(), "(_2,_3):(_4,_8)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no mode {I}",
    label = "mode index out of range"
)]
pub trait Mode<const I: usize> {
    /// The sub-layout.
    type Output: StaticLayout;
    /// Sub-layout `I` (for a type parameter `L: Mode<I>`; a concrete
    /// layout has the inherent `l.mode::<I>()`).
    #[inline(always)]
    fn mode(&self) -> Self::Output {
        Default::default()
    }
}
/// Mode `I` is child `I` of the zipped tree.
impl<L: StaticLayout, const I: usize> Mode<I> for L
where
    Const<I>: ToUInt,
    L::Tree: At<U<I>>,
    <L::Tree as At<U<I>>>::Out: Unzip,
    <<L::Tree as At<U<I>>>::Out as Unzip>::S: Spell,
    <<L::Tree as At<U<I>>>::Out as Unzip>::D: Spell,
    LayoutOf<<L::Tree as At<U<I>>>::Out>: StaticLayout,
{
    type Output = LayoutOf<<L::Tree as At<U<I>>>::Out>;
}
/// Sub-layout `I` of `L`.
pub type ModeOf<L, const I: usize> = <L as Mode<I>>::Output;

/// A coordinate of a layout whose zipped tree is `T` (docs/semantics/objects.md#coordinates): an integer
/// (split colexicographically, the last mode not reduced) or a tuple of
/// coordinates, one per mode — natural and hierarchical coordinates alike.
///
/// ```
/// use cute_static::layout;
/// let l = layout!((2, (3, 4)):(1, (2, 6)));
/// // An integer, a natural and a hierarchical coordinate of the same element.
/// assert_eq!(l.call_coord(13usize), 1 + 2 * 0 + 6 * 2);
/// assert_eq!(l.call_coord((1usize, 6usize)), 13);
/// assert_eq!(l.call_coord((1usize, (0usize, 2usize))), 13);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of this layout",
    note = "a coordinate is a `usize` or a tuple of coordinates with one entry per mode"
)]
pub trait Coordinate<T> {
    /// The offset `L(c)`.
    fn offset(&self, _: PhantomData<T>) -> usize;
}
/// An integer coordinate: `L(i)` over the mode's leaves.
impl<T> Coordinate<T> for usize
where
    T: Flatten,
    FlatOf<T>: FlatModes,
{
    #[inline(always)]
    fn offset(&self, _: PhantomData<T>) -> usize {
        <FlatOf<T> as FlatModes>::call(*self)
    }
}
/// Coordinates of the tuples of one arity: the sum of the modes' offsets.
macro_rules! coordinate_tuples {
    ($($C:ident $T:ident $i:tt),+) => {
        /// A tuple coordinate: `L(c0, c1, …) = Σ L_k(c_k)`.
        impl<$($C: Coordinate<$T>, $T),+> Coordinate<crate::data::int_tuple::hlist!($($T),+)> for ($($C,)+) {
            #[inline(always)]
            fn offset(&self, _: PhantomData<crate::data::int_tuple::hlist!($($T),+)>) -> usize {
                0 $(+ self.$i.offset(PhantomData::<$T>))+
            }
        }
    };
}
crate::data::int_tuple::arities!(coordinate_tuples; (C0 T0 0), (C1 T1 1), (C2 T2 2), (C3 T3 3), (C4 T4 4), (C5 T5 5), (C6 T6 6), (C7 T7 7));
