//! Mixed static/dynamic layouts (CuTe's `Int<N>` and `int` side by side):
//! a [`MixedLayout<S, D>`] is the same function from coordinates to offsets
//! as a [`Layout`](crate::Layout) — `L(i) = Σ ((i / (S0⋯S_{k-1})) mod S_k)·D_k`,
//! the last mode not reduced — whose leaves are static [`C<N>`](crate::C)
//! or run-time [`Dyn`] integers. Static leaves are zero-sized, so a mixed
//! layout stores only its run-time leaves, and evaluation folds the static
//! ones to constants (`i % 64`, `i / 64` become a mask and a shift).
//!
//! Invariants (checked by [`MixedLayout::new`]): every shape leaf is
//! positive, and the size and the largest offset fit in an `i64`, so
//! [`to_dynamic`](MixedLayout::to_dynamic) always succeeds and evaluation
//! on the domain never overflows.
//!
//! ```
//! use cute_static::{layout, tensor::__, layout::MixedLayout};
//! let m = 1000;
//! let l = layout!((128, {m}):(1, 128))?;
//! assert_eq!(l.to_string(), "(_128,1000):(_1,_128)");
//! assert_eq!(core::mem::size_of_val(&l), core::mem::size_of::<usize>());
//! assert_eq!(l.call(300), 300 % 128 + (300 / 128) * 128);
//! assert_eq!(l.call_coord((5, 7)), 5 + 7 * 128);
//! assert_eq!(l.to_dynamic(), "(128,1000):(1,128)".parse()?);
//! // Slicing: the kept modes and the offset of the fixed ones.
//! let (col, off) = l.slice((__, 7));
//! assert_eq!((col.to_string(), off), ("(_128):(_1)".to_string(), 7 * 128));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::fmt;

use crate::Error;

use crate::data::int_tuple::{C, Int, IntTuple, Sealed};
use crate::data::layout::{Layout, StaticLayout};

/// A run-time integer leaf (nalgebra's `Dyn`, CuTe's `int`): usable
/// wherever a static leaf [`C<N>`] is, in the shape or the stride of a
/// [`MixedLayout`]. Printed as a plain number, as CuTe prints dynamic
/// integers.
///
/// ```
/// use cute_static::{Dyn, layout::Int};
/// assert_eq!(Dyn(12).value(), 12);
/// assert_eq!(<Dyn as Int>::STATIC, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Dyn(pub usize);

/// `IntTuple` for a run-time integer leaf `$ty` (a `$ctor` of its value):
/// rank 1, depth 0, printed as its value; `|$f| $structure` prints its
/// structure.
macro_rules! run_time_leaf {
    ($(#[$doc:meta])* [$($g:tt)*] $ty:ty, $ctor:ident, |$f:ident| $structure:expr) => {
        $(#[$doc])*
        impl<$($g)*> IntTuple for $ty {
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            #[cfg(feature = "std")]
            fn to_dynamic(&self) -> cute_dynamic::IntTuple {
                cute_dynamic::IntTuple::int(self.0 as i64)
            }
            fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
            fn fmt_structure(&self, $f: &mut fmt::Formatter<'_>) -> fmt::Result {
                $structure
            }
            #[inline(always)]
            fn narrowed(self) -> Self {
                $ctor(low31(self.0))
            }
            #[inline(always)]
            fn narrowed_extent(self) -> Self {
                $ctor((self.0.wrapping_sub(1) & i32::MAX as usize) + 1)
            }
        }
    };
}

impl Sealed for Dyn {}
/// `Dyn(n)` has the value `n`, unknown at compile time.
impl Int for Dyn {
    #[inline(always)]
    fn value(self) -> usize {
        self.0
    }
    const STATIC: Option<usize> = None;
}
run_time_leaf! {
    /// A run-time integer is an integer tuple of rank 1 and depth 0.
    [] Dyn, Dyn, |f| f.write_str("?")
}

/// A run-time integer leaf known to be a multiple of the static divisor
/// `D` (a CuTe `int` with a divisibility fact the type checker can use):
/// written `{m:128}` in [`layout!`](macro@crate::layout). The value is checked
/// once, when it is supplied ([`DynDiv::new`]: a `divisibility` error
/// when `D` does not divide it); the mixed algebra then uses `D` at
/// compile time — a divide by a static tile `N` with `N | D` is exact, its
/// tile stays static and its rest mode is a `DynDiv<{D / N}>`, with no
/// run-time check (see [`LogicalDivide`](crate::LogicalDivide) on mixed
/// layouts). A layout prints the value, as for [`Dyn`];
/// [`MixedLayout::structure`] prints the leaf as `?{div=D}`. The algebra
/// computes with `D` as a static integer, so `D` is a readable constant
/// (`1..=1024`, or a power of two up to `2^20`, which `layout!` checks);
/// with another `D` the divides do not compile.
///
/// ```
/// use cute_static::{layout::{DynDiv, Int}};
/// let m = DynDiv::<128>::new(384)?;
/// assert_eq!((m.value(), DynDiv::<128>::DIVISOR), (384, 128));
/// let e = DynDiv::<128>::new(100).unwrap_err();
/// assert_eq!(e.kind(), "divisibility");
/// assert_eq!(e.to_string(), "DynDiv::new: the run-time value 100 is not a multiple of its static divisor 128");
/// # Ok::<(), cute_static::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct DynDiv<const D: usize>(usize);

impl<const D: usize> DynDiv<D> {
    /// The static divisor `D` (positive: `DynDiv<0>::new` does not build).
    pub const DIVISOR: usize = {
        assert!(
            D > 0,
            "the divisor of a run-time leaf DynDiv<D> is positive"
        );
        D
    };
    /// The leaf of value `value`, checked: `Err` (`divisibility`) unless `D`
    /// divides it. Zero is a multiple of every `D` (a stride may be 0; a
    /// shape leaf 0 is refused by [`MixedLayout::new`]).
    #[inline(always)]
    pub const fn new(value: usize) -> Result<Self, Error> {
        if value.is_multiple_of(Self::DIVISOR) {
            Ok(DynDiv(value))
        } else {
            Err(Error::Divisibility {
                operation: "DynDiv::new",
                value,
                divisor: D,
            })
        }
    }
    /// `factor · Π leaves`, checked: `overflow` when the product does not
    /// fit, `divisibility` unless `D` divides it (the compact stride of a
    /// [`layout!`](macro@crate::layout) after leaves with divisors).
    #[doc(hidden)]
    pub fn from_product(factor: usize, leaves: &[usize]) -> Result<Self, Error> {
        let v = leaves
            .iter()
            .try_fold(factor, |acc, &x| acc.checked_mul(x))
            .ok_or_else(|| overflow("compact stride", "run-time leaves with divisors"))?;
        Self::new(v)
    }
    /// A leaf whose divisibility the mixed algebra has proven (a quotient
    /// `m / N` of a `DynDiv<{D·N}>`).
    #[inline(always)]
    pub(crate) const fn proven(value: usize) -> Self {
        DynDiv(value)
    }
    /// The value.
    #[inline(always)]
    pub const fn get(self) -> usize {
        self.0
    }
}

/// Forgetting the divisor.
impl<const D: usize> From<DynDiv<D>> for Dyn {
    fn from(d: DynDiv<D>) -> Dyn {
        Dyn(d.0)
    }
}

impl<const D: usize> Sealed for DynDiv<D> {}
/// A multiple of `D`, unknown at compile time.
impl<const D: usize> Int for DynDiv<D> {
    #[inline(always)]
    fn value(self) -> usize {
        self.0
    }
    const STATIC: Option<usize> = None;
}
run_time_leaf! {
    /// A run-time integer with a divisor is an integer tuple of rank 1 and
    /// depth 0; it prints its value (`384`), its structure as `?{div=128}`.
    [const D: usize] DynDiv<D>, DynDiv, |f| write!(f, "?{{div={D}}}")
}

/// `x mod 2^31` (a run-time leaf's `narrowed`). On the device it is
/// formed by one 32-bit `and` the compiler does not look into, so the leaf
/// stays a zero-extended 32-bit value wherever it is used: a product with
/// another such value (a block or thread index) or a constant is one
/// `mul.wide.u32`, and an address `ptr + 4·d·k` one wide multiply-add, as
/// nvcc forms CuTe's `int` offsets.
#[inline(always)]
pub(crate) fn low31(x: usize) -> usize {
    #[cfg(target_arch = "nvptx64")]
    {
        (crate::arch::math::opaque_low31(x as u32) & i32::MAX as u32) as usize
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        x & i32::MAX as usize
    }
}

/// Whether a shape or stride tree is wholly static ([`AllStatic`]) or has
/// a run-time leaf ([`HasDyn`]): computed by structure alone, so the mixed
/// algebra can dispatch on it before touching the static algebra (which
/// cannot be asked about a tree holding a `Dyn`).
#[doc(hidden)]
pub trait LeafKinds {
    /// [`AllStatic`] or [`HasDyn`].
    type Kind;
}
/// Every leaf static.
#[doc(hidden)]
pub struct AllStatic;
/// At least one run-time leaf.
#[doc(hidden)]
pub struct HasDyn;
/// Both kinds static?
#[doc(hidden)]
pub trait KindAnd<K> {
    /// The combined kind.
    type Out;
}
impl KindAnd<AllStatic> for AllStatic {
    type Out = AllStatic;
}
impl KindAnd<HasDyn> for AllStatic {
    type Out = HasDyn;
}
impl<K> KindAnd<K> for HasDyn {
    type Out = HasDyn;
}
/// The kind of a layout's shape `S` and stride `D` together: the one
/// dispatch key of the mixed operations on one layout.
pub(crate) type KindOf<S, D> = <<S as LeafKinds>::Kind as KindAnd<<D as LeafKinds>::Kind>>::Out;
/// The kind of two layouts `S:D` and `S2:D2` together (the binary mixed
/// operations dispatch on it).
pub(crate) type PairKind<S, D, S2, D2> = <KindOf<S, D> as KindAnd<KindOf<S2, D2>>>::Out;
/// The leaf kinds of two mixed layouts `Self:D` and `S2:D2` and their
/// combination: one bound for the binary mixed methods that dispatch on it
/// (`Kind` is [`PairKind`]).
#[doc(hidden)]
pub trait PairKinds<D, S2, D2> {
    /// The kind of both layouts together.
    type Kind;
}
impl<S, D, S2, D2> PairKinds<D, S2, D2> for S
where
    S: LeafKinds,
    D: LeafKinds,
    S2: LeafKinds,
    D2: LeafKinds,
    S::Kind: KindAnd<D::Kind>,
    S2::Kind: KindAnd<D2::Kind>,
    KindOf<S, D>: KindAnd<KindOf<S2, D2>>,
{
    type Kind = PairKind<S, D, S2, D2>;
}
/// [`PairKinds::Kind`] of `S:D` and `S2:D2`.
pub(crate) type PairKindOf<S, D, S2, D2> = <S as PairKinds<D, S2, D2>>::Kind;
impl<const N: usize> LeafKinds for C<N> {
    type Kind = AllStatic;
}
crate::data::dec::impl_for_dec! {
    /// A static leaf beyond the readable table.
    LeafKinds {
        type Kind = AllStatic;
    }
}
impl LeafKinds for typenum::UTerm {
    type Kind = AllStatic;
}
impl<U, B> LeafKinds for typenum::UInt<U, B> {
    type Kind = AllStatic;
}
impl LeafKinds for Dyn {
    type Kind = HasDyn;
}
impl<const D: usize> LeafKinds for DynDiv<D> {
    type Kind = HasDyn;
}
impl LeafKinds for () {
    type Kind = AllStatic;
}
macro_rules! leaf_kinds {
    ($T0:ident $(, $T:ident)*) => {
        /// A tuple: static when every child is.
        impl<$T0: LeafKinds $(, $T: LeafKinds)*> LeafKinds for ($T0, $($T,)*)
        where
            ($($T,)*): LeafKinds,
            $T0::Kind: KindAnd<<($($T,)*) as LeafKinds>::Kind>,
        {
            type Kind = <$T0::Kind as KindAnd<<($($T,)*) as LeafKinds>::Kind>>::Out;
        }
    };
}
crate::data::int_tuple::arities!(leaf_kinds; (A0), (A1), (A2), (A3), (A4), (A5), (A6), (A7));

/// A shape whose leaves are static or run-time integers, with its
/// congruent stride type `D`: the value-level evaluation of mixed layouts.
///
/// ```
/// use cute_static::{layout, layout::MixedShape, C, Dyn};
/// // `(Dyn, C<4>)` is a shape for the stride `(C<1>, Dyn)`: `layout!` builds
/// // the mixed layout over it.
/// fn size_of<S: MixedShape<D>, D: cute_static::layout::IntTuple>(s: S, d: D) -> usize {
///     cute_static::layout::MixedLayout::new(s, d).map_or(0, |l| l.size())
/// }
/// assert_eq!(size_of((Dyn(5), C::<4>), (C::<1>, Dyn(5))), 20);
/// let m = 5;
/// assert_eq!(layout!(({m}, 4):(1, {m}))?.size(), 20);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape congruent with the stride `{D}`",
    note = "a mixed layout's shape and stride have the same tree shape; leaves are `C<N>` or `Dyn`"
)]
pub trait MixedShape<D>: IntTuple {
    /// Product of the leaves, or `None` on a zero leaf or an overflow.
    #[doc(hidden)]
    fn checked_size(&self) -> Option<usize>;
    /// `true` when a leaf is zero.
    #[doc(hidden)]
    fn has_zero(&self) -> bool;
    /// `Σ (s - 1)·d` over the leaves, or `None` on overflow.
    #[doc(hidden)]
    fn checked_max_offset(&self, d: &D) -> Option<usize>;
    /// The offset of `i` over these leaves and the quotient left for the
    /// following modes; with `LAST` the last leaf is not reduced.
    #[doc(hidden)]
    fn eval<const LAST: bool>(&self, d: &D, i: usize) -> (usize, usize);
    /// [`eval`](Self::eval) with overflow checks (`None` on overflow), for
    /// coordinates outside the domain.
    #[doc(hidden)]
    fn checked_eval<const LAST: bool>(&self, d: &D, i: usize) -> Option<(usize, usize)>;
    /// The first leaf `(s, d)` (`(1, 0)` for none).
    #[doc(hidden)]
    fn lead(&self, d: &D) -> (usize, usize);
}

/// Leaves: every integer type, with any integer stride.
macro_rules! leaf_shape {
    ($([$($g:tt)*] $t:ty),*) => {$(
        /// A leaf `s:d`: `(i mod s)·d`, or `i·d` as the last mode.
        impl<$($g)* Dd: Int> MixedShape<Dd> for $t where $t: Int + IntTuple {
            #[inline(always)]
            fn checked_size(&self) -> Option<usize> {
                Some(self.value()).filter(|&s| s > 0)
            }
            #[inline(always)]
            fn has_zero(&self) -> bool {
                self.value() == 0
            }
            #[inline(always)]
            fn checked_max_offset(&self, d: &Dd) -> Option<usize> {
                (self.value() - 1).checked_mul(d.value())
            }
            #[inline(always)]
            fn lead(&self, d: &Dd) -> (usize, usize) {
                (self.value(), d.value())
            }
            #[inline(always)]
            fn eval<const LAST: bool>(&self, d: &Dd, i: usize) -> (usize, usize) {
                let (s, d) = (self.value(), d.value());
                if LAST {
                    (i.wrapping_mul(d), 0)
                } else {
                    ((i % s).wrapping_mul(d), i / s)
                }
            }
            #[inline(always)]
            fn checked_eval<const LAST: bool>(&self, d: &Dd, i: usize) -> Option<(usize, usize)> {
                let (s, d) = (self.value(), d.value());
                if LAST {
                    Some((i.checked_mul(d)?, 0))
                } else {
                    Some(((i % s).checked_mul(d)?, i / s))
                }
            }
        }
    )*};
}
leaf_shape!([const N: usize,] C<N>, [const D0: usize, const D1: usize, const D2: usize, const D3: usize, const D4: usize, const D5: usize, const D6: usize, const D7: usize, const D8: usize, const D9: usize, const D10: usize, const D11: usize, const D12: usize, const D13: usize, const D14: usize, const D15: usize, const D16: usize, const D17: usize, const D18: usize,] crate::Dec<D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15, D16, D17, D18>, [] Dyn, [const N: usize,] DynDiv<N>, [] typenum::UTerm,
    [Nn: typenum::Unsigned + Default + Copy + fmt::Debug, B: typenum::Bit + Default + Copy + fmt::Debug,] typenum::UInt<Nn, B>);

/// `()`: size 1, every offset 0.
impl MixedShape<()> for () {
    fn checked_size(&self) -> Option<usize> {
        Some(1)
    }
    fn has_zero(&self) -> bool {
        false
    }
    fn checked_max_offset(&self, _: &()) -> Option<usize> {
        Some(0)
    }
    #[inline(always)]
    fn eval<const LAST: bool>(&self, _: &(), i: usize) -> (usize, usize) {
        (0, i)
    }
    fn checked_eval<const LAST: bool>(&self, _: &(), i: usize) -> Option<(usize, usize)> {
        Some((0, i))
    }
    fn lead(&self, _: &()) -> (usize, usize) {
        (1, 0)
    }
}

/// A coordinate of a mixed layout of shape `S` and stride `D`: a `usize`
/// (split colexicographically, the last mode not reduced) or a tuple with
/// one coordinate per mode.
///
/// ```
/// use cute_static::{layout, layout::MixedCoord};
/// let n = 5;
/// let l = layout!((2, ({n}, 4)):(1, (2, 64)))?;
/// // An integer, a natural and a hierarchical coordinate of the same element.
/// assert_eq!(l.call_coord(13usize), 1 + 2 * 1 + 64 * 1);
/// assert_eq!(l.call_coord((1usize, 6usize)), 67);
/// assert_eq!((1usize, (1usize, 1usize)).offset(l.shape(), l.stride()), 67);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of this layout",
    note = "a coordinate is a `usize` or a tuple of coordinates with one entry per mode"
)]
pub trait MixedCoord<S, D> {
    /// The offset `L(c)`.
    fn offset(&self, s: &S, d: &D) -> usize;
    /// The offset `L(c)`, `None` when it overflows (a coordinate outside
    /// the domain, as CuTe's `domain_offset` allows).
    #[doc(hidden)]
    fn checked_offset(&self, s: &S, d: &D) -> Option<usize>;
}
/// An integer coordinate.
impl<S: MixedShape<D>, D> MixedCoord<S, D> for usize {
    #[inline(always)]
    fn offset(&self, s: &S, d: &D) -> usize {
        s.eval::<true>(d, *self).0
    }
    #[inline(always)]
    fn checked_offset(&self, s: &S, d: &D) -> Option<usize> {
        Some(s.checked_eval::<true>(d, *self)?.0)
    }
}

// The hole of a slicing coordinate is the same `__` as for static layouts
// and tensors.
use crate::kernel::tensor::Underscore;

/// A value-level list of kept `(shape, stride)` modes.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct MNil;
/// A non-empty list of kept modes.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct MCons<H, T>(pub H, pub T);

/// One entry of a slicing coordinate against one mode: [`__`](crate::__) keeps the
/// mode, a `usize` fixes it, a tuple of entries slices a tuple mode (any
/// depth).
///
/// ```
/// use cute_static::{layout, tensor::__};
/// let n = 5;
/// let l = layout!(((2, {n}), 4):((1, 2), 64))?;
/// // A tuple entry slices the tuple mode: keep its first sub-mode, fix the second.
/// let (sub, offset) = l.slice(((__, 1usize), __));
/// assert_eq!((sub.to_string(), offset), ("(_2,_4):(_1,_64)".to_string(), 2));
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a slicing coordinate of this mode",
    note = "each entry of a slicing coordinate is `__` (keep the mode), a `usize` (fix it), or a tuple of entries for a tuple mode"
)]
pub trait SliceEntry<S, D> {
    /// The kept modes `R` of the following entries, with this mode in front if kept.
    #[doc(hidden)]
    type Prepend<R>;
    /// The kept modes and the offset of the fixed part.
    #[doc(hidden)]
    fn prepend<R>(&self, s: &S, d: &D, rest: R) -> (Self::Prepend<R>, usize);
    /// `Some((index, mode size))` when an index lies outside its mode.
    #[doc(hidden)]
    fn outside(&self, s: &S) -> Option<(usize, usize)>;
}
/// `_` keeps the mode.
impl<S: Copy, D: Copy> SliceEntry<S, D> for Underscore {
    type Prepend<R> = MCons<(S, D), R>;
    #[inline(always)]
    fn prepend<R>(&self, s: &S, d: &D, rest: R) -> (Self::Prepend<R>, usize) {
        (MCons((*s, *d), rest), 0)
    }
    #[inline(always)]
    fn outside(&self, _: &S) -> Option<(usize, usize)> {
        None
    }
}
/// An integer fixes the mode at that coordinate.
impl<S: MixedShape<D>, D> SliceEntry<S, D> for usize {
    type Prepend<R> = R;
    #[inline(always)]
    fn prepend<R>(&self, s: &S, d: &D, rest: R) -> (R, usize) {
        (rest, self.offset(s, d))
    }
    #[inline(always)]
    fn outside(&self, s: &S) -> Option<(usize, usize)> {
        let size = s.checked_size().unwrap_or(0);
        (*self >= size).then_some((*self, size))
    }
}

/// A slicing coordinate of a layout of shape `S`, stride `D`: a tuple with
/// one [`SliceEntry`] per top-level mode.
///
/// ```
/// use cute_static::{layout, tensor::__};
/// let n = 5;
/// let l = layout!((2, {n}, 4):(1, 2, 64))?;
/// // One entry per top-level mode: `__` keeps the mode, a `usize` fixes it.
/// let (sub, offset) = l.slice((__, 3usize, __));
/// assert_eq!((sub.to_string(), offset), ("(_2,_4):(_1,_64)".to_string(), 6));
/// assert!(l.checked_slice((__, 5usize, __)).is_err()); // 5 is outside mode 1
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a slicing coordinate of this layout",
    note = "a slicing coordinate has one entry per top-level mode, each `__` or a `usize`"
)]
pub trait MixedSliceCoord<S, D> {
    /// The kept modes.
    #[doc(hidden)]
    type Kept: KeptModes;
    /// The kept modes and the offset of the fixed part.
    #[doc(hidden)]
    fn split(&self, s: &S, d: &D) -> (Self::Kept, usize);
    /// The first index outside its mode, as `(mode, index, mode size)`.
    #[doc(hidden)]
    fn outside(&self, s: &S) -> Option<(usize, usize, usize)>;
}

/// A list of kept modes as a shape tuple and a stride tuple.
#[doc(hidden)]
pub trait KeptModes {
    /// The shape tuple.
    type S;
    /// The stride tuple.
    type D;
    /// The two tuples.
    fn into_tuples(self) -> (Self::S, Self::D);
}
impl KeptModes for MNil {
    type S = ();
    type D = ();
    fn into_tuples(self) -> ((), ()) {
        ((), ())
    }
}

macro_rules! mixed_tuples {
    ($($S:ident $D:ident $Cd:ident $i:tt),+) => {
        /// A tuple: modes evaluated in order, the last one inheriting `LAST`.
        impl<$($S: MixedShape<$D>, $D),+> MixedShape<($($D,)+)> for ($($S,)+) {
            #[inline(always)]
            fn checked_size(&self) -> Option<usize> {
                let mut n = 1usize;
                $( n = n.checked_mul(self.$i.checked_size()?)?; )+
                Some(n)
            }
            #[inline(always)]
            fn has_zero(&self) -> bool {
                false $(|| self.$i.has_zero())+
            }
            #[inline(always)]
            fn checked_max_offset(&self, d: &($($D,)+)) -> Option<usize> {
                let mut m = 0usize;
                $( m = m.checked_add(self.$i.checked_max_offset(&d.$i)?)?; )+
                Some(m)
            }
            #[inline(always)]
            fn eval<const LAST: bool>(&self, d: &($($D,)+), i: usize) -> (usize, usize) {
                mixed_tuples!(@eval self d i LAST 0usize; $($i)+)
            }
            #[inline(always)]
            fn checked_eval<const LAST: bool>(&self, d: &($($D,)+), i: usize) -> Option<(usize, usize)> {
                mixed_tuples!(@ceval self d i LAST 0usize; $($i)+)
            }
            #[inline(always)]
            fn lead(&self, d: &($($D,)+)) -> (usize, usize) {
                self.0.lead(&d.0)
            }
        }
        /// A tuple coordinate: `L(c0, c1, …) = Σ L_k(c_k)`.
        impl<$($Cd: MixedCoord<$S, $D>, $S, $D),+> MixedCoord<($($S,)+), ($($D,)+)> for ($($Cd,)+) {
            #[inline(always)]
            fn offset(&self, s: &($($S,)+), d: &($($D,)+)) -> usize {
                0usize $(.wrapping_add(self.$i.offset(&s.$i, &d.$i)))+
            }
            #[inline(always)]
            fn checked_offset(&self, s: &($($S,)+), d: &($($D,)+)) -> Option<usize> {
                let mut o = 0usize;
                $( o = o.checked_add(self.$i.checked_offset(&s.$i, &d.$i)?)?; )+
                Some(o)
            }
        }
        /// A tuple slicing coordinate: the kept modes concatenated in order.
        impl<$($Cd: SliceEntry<$S, $D>, $S, $D),+> MixedSliceCoord<($($S,)+), ($($D,)+)> for ($($Cd,)+)
        where
            mixed_tuples!(@kept $($Cd $S $D),+): KeptModes,
        {
            type Kept = mixed_tuples!(@kept $($Cd $S $D),+);
            #[inline(always)]
            fn split(&self, s: &($($S,)+), d: &($($D,)+)) -> (Self::Kept, usize) {
                mixed_tuples!(@split self s d; $($i)+)
            }
            #[inline(always)]
            fn outside(&self, s: &($($S,)+)) -> Option<(usize, usize, usize)> {
                $( if let Some((i, n)) = self.$i.outside(&s.$i) { return Some(($i, i, n)); } )+
                None
            }
        }
        /// A nested slicing entry on a tuple mode: its entries apply to the
        /// sub-modes, and the modes they keep join the kept modes in place
        /// (CuTe's `slice`: modes kept at any depth become top-level modes).
        impl<$($Cd: SliceEntry<$S, $D>, $S, $D),+> SliceEntry<($($S,)+), ($($D,)+)> for ($($Cd,)+) {
            type Prepend<R> = mixed_tuples!(@prep R; $($Cd $S $D),+);
            #[inline(always)]
            fn prepend<R>(&self, s: &($($S,)+), d: &($($D,)+), rest: R) -> (Self::Prepend<R>, usize) {
                mixed_tuples!(@nest self s d rest; $($i)+)
            }
            #[inline(always)]
            fn outside(&self, s: &($($S,)+)) -> Option<(usize, usize)> {
                $( if let Some(x) = self.$i.outside(&s.$i) { return Some(x); } )+
                None
            }
        }
        /// A tuple: `__` at every leaf.
        impl<$($S: AllHoles),+> AllHoles for ($($S,)+) {
            type Coord = ($($S::Coord,)+);
            const COORD: Self::Coord = ($($S::COORD,)+);
        }
        /// Kept modes as tuples.
        impl<$($S, $D),+> KeptModes for mixed_tuples!(@list $($S $D)+) {
            type S = ($($S,)+);
            type D = ($($D,)+);
            #[inline(always)]
            fn into_tuples(self) -> (Self::S, Self::D) {
                let l = self;
                mixed_tuples!(@unpack l [] []; $($S)+)
            }
        }
    };
    (@eval $s:ident $d:ident $i:ident $last:ident $acc:expr; $k:tt) => {{
        let (o, q) = $s.$k.eval::<$last>(&$d.$k, $i);
        ($acc.wrapping_add(o), q)
    }};
    (@eval $s:ident $d:ident $i:ident $last:ident $acc:expr; $k:tt $($rest:tt)+) => {{
        let (o, q) = $s.$k.eval::<false>(&$d.$k, $i);
        let acc = $acc.wrapping_add(o);
        mixed_tuples!(@eval $s $d q $last acc; $($rest)+)
    }};
    (@ceval $s:ident $d:ident $i:ident $last:ident $acc:expr; $k:tt) => {{
        let (o, q) = $s.$k.checked_eval::<$last>(&$d.$k, $i)?;
        Some(($acc.checked_add(o)?, q))
    }};
    (@ceval $s:ident $d:ident $i:ident $last:ident $acc:expr; $k:tt $($rest:tt)+) => {{
        let (o, q) = $s.$k.checked_eval::<false>(&$d.$k, $i)?;
        let acc = $acc.checked_add(o)?;
        mixed_tuples!(@ceval $s $d q $last acc; $($rest)+)
    }};
    (@kept) => { MNil };
    (@kept $C0:ident $S0:ident $D0:ident $(, $C:ident $S:ident $D:ident)*) => {
        <$C0 as SliceEntry<$S0, $D0>>::Prepend<mixed_tuples!(@kept $($C $S $D),*)>
    };
    (@prep $r:ident;) => { $r };
    (@prep $r:ident; $C0:ident $S0:ident $D0:ident $(, $C:ident $S:ident $D:ident)*) => {
        <$C0 as SliceEntry<$S0, $D0>>::Prepend<mixed_tuples!(@prep $r; $($C $S $D),*)>
    };
    (@nest $c:ident $s:ident $d:ident $r:ident;) => { ($r, 0usize) };
    (@nest $c:ident $s:ident $d:ident $r:ident; $k:tt $($rest:tt)*) => {{
        let (rest, o) = mixed_tuples!(@nest $c $s $d $r; $($rest)*);
        let (kept, o0) = $c.$k.prepend(&$s.$k, &$d.$k, rest);
        (kept, o.wrapping_add(o0))
    }};
    (@split $c:ident $s:ident $d:ident;) => { (MNil, 0usize) };
    (@split $c:ident $s:ident $d:ident; $k:tt $($rest:tt)*) => {{
        let (rest, o) = mixed_tuples!(@split $c $s $d; $($rest)*);
        let (kept, o0) = $c.$k.prepend(&$s.$k, &$d.$k, rest);
        (kept, o.wrapping_add(o0))
    }};
    (@list $S0:ident $D0:ident) => { MCons<($S0, $D0), MNil> };
    (@list $S0:ident $D0:ident $($S:ident $D:ident)+) => { MCons<($S0, $D0), mixed_tuples!(@list $($S $D)+)> };
    (@unpack $l:ident [$($s:expr,)*] [$($d:expr,)*];) => { (($($s,)*), ($($d,)*)) };
    (@unpack $l:ident [$($s:expr,)*] [$($d:expr,)*]; $S0:ident $($S:ident)*) => {{
        let MCons((s, d), _l) = $l;
        mixed_tuples!(@unpack _l [$($s,)* s,] [$($d,)* d,]; $($S)*)
    }};
}

crate::data::int_tuple::arities!(mixed_tuples; (S0 D0 C0 0), (S1 D1 C1 1), (S2 D2 C2 2), (S3 D3 C3 3), (S4 D4 C4 4), (S5 D5 C5 5), (S6 D6 C6 6), (S7 D7 C7 7));

/// The slicing coordinate with `__` at every leaf of a shape: slicing with
/// it is CuTe's `flatten` (every leaf kept, in order, as a top-level mode).
#[doc(hidden)]
pub trait AllHoles {
    /// The coordinate's type.
    type Coord: Copy;
    /// The coordinate.
    const COORD: Self::Coord;
}
/// A static leaf is kept.
impl<const N: usize> AllHoles for C<N> {
    type Coord = Underscore;
    const COORD: Underscore = Underscore;
}
crate::data::dec::impl_for_dec! {
    /// A static leaf beyond the readable table is kept.
    AllHoles {
        type Coord = Underscore;
        const COORD: Underscore = Underscore;
    }
}
/// A run-time leaf is kept.
impl AllHoles for Dyn {
    type Coord = Underscore;
    const COORD: Underscore = Underscore;
}
/// A run-time leaf with a divisor is kept.
impl<const D: usize> AllHoles for DynDiv<D> {
    type Coord = Underscore;
    const COORD: Underscore = Underscore;
}
/// The layout `flatten(L)` of a mixed layout of shape `S`, stride `D`.
pub type MixedFlattened<S, D> = Sliced<S, D, <S as AllHoles>::Coord>;

/// `group_modes<B, E>(L)` of a mixed layout: top-level modes `B..E` grouped
/// into one mode (`B < E ≤ rank`), the values unchanged — for layouts of
/// rank at most [`MIXED_ALGEBRA_MAX_RANK`](crate::MIXED_ALGEBRA_MAX_RANK).
///
/// ```
/// use cute_static::{layout, algebra::MixedGroupModes};
/// let n = 5;
/// let l = layout!((2, {n}, 4):(1, 2, 64))?;
/// assert_eq!(MixedGroupModes::<1, 3>::group(&l).to_string(), "(_2,(5,_4)):(_1,(_2,_64))");
/// assert_eq!(l.group_modes::<0, 2>().to_string(), "((_2,5),_4):((_1,_2),_64)");
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "group_modes<{B}, {E}> needs B < E ≤ rank of the mixed layout `{Self}` (of rank at most 4, MIXED_ALGEBRA_MAX_RANK)",
    note = "modes B..E of the top level are grouped into one; for a larger rank convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait MixedGroupModes<const B: usize, const E: usize> {
    /// The regrouped layout.
    type Output;
    /// `group_modes<B, E>(self)`.
    fn group(&self) -> Self::Output;
}
/// The layout `group_modes<B, E>(L)` of a mixed layout `L`.
pub type MixedGrouped<L, const B: usize, const E: usize> = <L as MixedGroupModes<B, E>>::Output;
macro_rules! mixed_group {
    ($B:literal, $E:literal; [$($P:ident $PD:ident $p:tt)*] [$($G:ident $GD:ident $g:tt)+] [$($A:ident $AD:ident $a:tt)*]) => {
        /// Modes `B..E` as one mode.
        impl<$($P: Copy, $PD: Copy,)* $($G: Copy, $GD: Copy,)+ $($A: Copy, $AD: Copy,)*> MixedGroupModes<$B, $E>
            for MixedLayout<($($P,)* $($G,)+ $($A,)*), ($($PD,)* $($GD,)+ $($AD,)*)>
        {
            type Output = MixedLayout<($($P,)* ($($G,)+), $($A,)*), ($($PD,)* ($($GD,)+), $($AD,)*)>;
            #[inline(always)]
            fn group(&self) -> Self::Output {
                let (s, d) = (&self.shape, &self.stride);
                MixedLayout {
                    shape: ($(s.$p,)* ($(s.$g,)+), $(s.$a,)*),
                    stride: ($(d.$p,)* ($(d.$g,)+), $(d.$a,)*),
                }
            }
        }
    };
}
mixed_group!(0, 1; [] [S0 D0 0] []);
mixed_group!(0, 1; [] [S0 D0 0] [S1 D1 1]);
mixed_group!(0, 2; [] [S0 D0 0 S1 D1 1] []);
mixed_group!(1, 2; [S0 D0 0] [S1 D1 1] []);
mixed_group!(0, 1; [] [S0 D0 0] [S1 D1 1 S2 D2 2]);
mixed_group!(0, 2; [] [S0 D0 0 S1 D1 1] [S2 D2 2]);
mixed_group!(0, 3; [] [S0 D0 0 S1 D1 1 S2 D2 2] []);
mixed_group!(1, 2; [S0 D0 0] [S1 D1 1] [S2 D2 2]);
mixed_group!(1, 3; [S0 D0 0] [S1 D1 1 S2 D2 2] []);
mixed_group!(2, 3; [S0 D0 0 S1 D1 1] [S2 D2 2] []);
mixed_group!(0, 1; [] [S0 D0 0] [S1 D1 1 S2 D2 2 S3 D3 3]);
mixed_group!(0, 2; [] [S0 D0 0 S1 D1 1] [S2 D2 2 S3 D3 3]);
mixed_group!(0, 3; [] [S0 D0 0 S1 D1 1 S2 D2 2] [S3 D3 3]);
mixed_group!(0, 4; [] [S0 D0 0 S1 D1 1 S2 D2 2 S3 D3 3] []);
mixed_group!(1, 2; [S0 D0 0] [S1 D1 1] [S2 D2 2 S3 D3 3]);
mixed_group!(1, 3; [S0 D0 0] [S1 D1 1 S2 D2 2] [S3 D3 3]);
mixed_group!(1, 4; [S0 D0 0] [S1 D1 1 S2 D2 2 S3 D3 3] []);
mixed_group!(2, 3; [S0 D0 0 S1 D1 1] [S2 D2 2] [S3 D3 3]);
mixed_group!(2, 4; [S0 D0 0 S1 D1 1] [S2 D2 2 S3 D3 3] []);
mixed_group!(3, 4; [S0 D0 0 S1 D1 1 S2 D2 2] [S3 D3 3] []);

impl<S, D> MixedLayout<S, D> {
    /// CuTe's `group_modes<B, E>(L)`: top-level modes `B..E` grouped into
    /// one mode, the values unchanged (see [`MixedGroupModes`]).
    ///
    /// ```
    /// use cute_static::layout;
    /// let n = 5;
    /// let l = layout!((2, {n}, 4, 3):(1, 2, 64, 256))?;
    /// let g = l.group_modes::<1, 3>();
    /// assert_eq!(g.to_string(), "(_2,(5,_4),_3):(_1,(_2,_64),_256)");
    /// assert_eq!(g.to_dynamic(), l.to_dynamic().group_modes(1, 3)?);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn group_modes<const B: usize, const E: usize>(&self) -> MixedGrouped<Self, B, E>
    where
        Self: MixedGroupModes<B, E>,
    {
        self.group()
    }
}

/// The layout of the modes a slicing coordinate `Cd` keeps.
pub type Sliced<S, D, Cd> = MixedLayout<
    <<Cd as MixedSliceCoord<S, D>>::Kept as KeptModes>::S,
    <<Cd as MixedSliceCoord<S, D>>::Kept as KeptModes>::D,
>;

/// A layout whose leaves are static ([`C<N>`]) or run-time ([`Dyn`])
/// integers. Only the run-time leaves take space.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MixedLayout<S, D> {
    shape: S,
    stride: D,
}

impl<S: MixedShape<D>, D: IntTuple> MixedLayout<S, D> {
    /// The layout `shape:stride`, checked: every shape leaf is positive and
    /// the size and the largest offset fit in an `i64`.
    ///
    /// ```
    /// use cute_static::{Dyn, layout::MixedLayout, C};
    /// let l = MixedLayout::new((C::<16>, Dyn(5)), (C::<1>, C::<16>))?;
    /// assert_eq!(l.to_string(), "(_16,5):(_1,_16)");
    /// assert!(MixedLayout::new((C::<16>, Dyn(0)), (C::<1>, C::<16>)).is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn new(shape: S, stride: D) -> Result<Self, Error> {
        let l = MixedLayout { shape, stride };
        let size = shape_size(&l.shape).ok_or_else(|| {
            if l.shape.has_zero() {
                Error::NonPositiveShape {
                    operation: "MixedLayout::new",
                }
            } else {
                overflow("size", "a mixed layout")
            }
        })?;
        let max = l.shape.checked_max_offset(&l.stride);
        match max {
            Some(m) if m < i64::MAX as usize && size <= i64::MAX as usize => Ok(l),
            _ => Err(overflow("cosize", "a mixed layout")),
        }
    }

    /// The layout `shape:stride` without [`MixedLayout::new`]'s checks, for
    /// code whose own contract already bounds the run-time leaves (a device
    /// kernel whose launch contract fixes its sizes and leading
    /// dimensions, so that the checks are not repeated in every thread).
    /// Safe: a layout `new` would refuse (a zero leaf, a size or an offset
    /// past `i64`) evaluates to wrong offsets (wrapping, or a panic where
    /// overflow checks are on) and `size()`/`cosize()` may be wrong, never
    /// undefined behaviour; accessors that take its offsets stay
    /// bounds-checked. Use [`MixedLayout::new`] (or `layout!`) otherwise.
    ///
    /// ```
    /// use cute_static::{Dyn, layout::MixedLayout, C};
    /// let (m, k, lda) = (256, 64, 300);
    /// let l = MixedLayout::new_unchecked((Dyn(m), Dyn(k)), (C::<1>, Dyn(lda)));
    /// assert_eq!(Ok(l), MixedLayout::new((Dyn(m), Dyn(k)), (C::<1>, Dyn(lda))));
    /// assert_eq!(l.call_coord((5, 7)), 5 + 7 * lda);
    /// ```
    #[inline(always)]
    pub const fn new_unchecked(shape: S, stride: D) -> Self {
        MixedLayout { shape, stride }
    }

    /// Number of coordinates: the product of the shape.
    #[inline(always)]
    pub fn size(&self) -> usize {
        shape_size(&self.shape).unwrap_or(0)
    }
    /// One past the largest offset.
    pub fn cosize(&self) -> usize {
        self.shape.checked_max_offset(&self.stride).unwrap_or(0) + 1
    }
    /// Number of top-level modes (1 for an integer shape).
    pub const RANK: usize = S::RANK;
    /// Nesting depth of the shape (0 for an integer shape).
    pub const DEPTH: usize = S::DEPTH;
    /// The offset of the integral coordinate `i` (colexicographic, the last
    /// mode not reduced); static leaves fold to constants.
    #[inline(always)]
    pub fn call(&self, i: usize) -> usize {
        self.shape.eval::<true>(&self.stride, i).0
    }
    /// The offset of a natural or hierarchical coordinate (or an integer).
    ///
    /// ```
    /// use cute_static::layout;
    /// let n = 3;
    /// let l = layout!(((2, 2), ({n}, 2)):((1, 8), (2, 16)))?;
    /// assert_eq!(l.call_coord(((1, 1), (2, 1))), 1 + 8 + 4 + 16);
    /// assert_eq!(l.call_coord((3, 5)), l.call(3 + 4 * 5));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn call_coord<Cd: MixedCoord<S, D>>(&self, c: Cd) -> usize {
        c.offset(&self.shape, &self.stride)
    }
    /// Slice with a coordinate holding [`__`](crate::__) holes: the layout of the kept
    /// top-level modes (concatenated in order; a single kept mode is a
    /// rank-1 tuple, as in CuTe) and the offset of the fixed part.
    ///
    /// ```
    /// use cute_static::{layout, tensor::__};
    /// let n = 10;
    /// let l = layout!((4, {n}, 2):(1, 4, 64))?;
    /// let (sub, off) = l.slice((__, 3, __));
    /// assert_eq!((sub.to_string(), off), ("(_4,_2):(_1,_64)".to_string(), 12));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn slice<Cd>(&self, c: Cd) -> (Sliced<S, D, Cd>, usize)
    where
        Cd: MixedSliceCoord<S, D>,
    {
        let (kept, off) = c.split(&self.shape, &self.stride);
        let (shape, stride) = kept.into_tuples();
        (MixedLayout { shape, stride }, off)
    }
    /// CuTe's `flatten(L)`: the leaves as top-level modes, in order, the
    /// values unchanged (static leaves stay static, run-time ones
    /// run-time); a layout whose shape is a tuple (a leaf is already flat).
    ///
    /// ```
    /// use cute_static::layout;
    /// let n = 3;
    /// let l = layout!(((2, 2), ({n}, 2)):((1, 8), (2, 16)))?;
    /// let f = l.flatten();
    /// assert_eq!(f.to_string(), "(_2,_2,3,_2):(_1,_8,_2,_16)");
    /// assert_eq!(f.to_dynamic(), l.to_dynamic().flatten());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn flatten(&self) -> MixedFlattened<S, D>
    where
        S: AllHoles,
        S::Coord: MixedSliceCoord<S, D>,
    {
        self.slice(S::COORD).0
    }
    /// [`slice`](Self::slice), checked: an index outside its mode is an
    /// `out_of_bounds` error.
    ///
    /// ```
    /// use cute_static::{layout, tensor::__};
    /// let n = 10;
    /// let l = layout!((4, {n}):(1, 4))?;
    /// assert_eq!(l.checked_slice((__, 9))?.1, 36);
    /// assert_eq!(l.checked_slice((__, 10)).unwrap_err().kind(), "out_of_bounds");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn checked_slice<Cd>(&self, c: Cd) -> Result<(Sliced<S, D, Cd>, usize), Error>
    where
        Cd: MixedSliceCoord<S, D>,
    {
        if let Some((mode, index, size)) = c.outside(&self.shape) {
            return Err(Error::OutOfBounds {
                layout: None,
                mode: Some(mode),
                index,
                size,
            });
        }
        Ok(self.slice(c))
    }
    /// The equal run-time layout.
    #[cfg(feature = "std")]
    pub fn to_dynamic(&self) -> cute_dynamic::Layout {
        cute_dynamic::Layout::new(self.shape.to_dynamic(), self.stride.to_dynamic())
            .expect("a mixed layout is congruent with positive shapes by construction")
    }
}

impl<S, D> MixedLayout<S, D> {
    /// A layout from parts known to satisfy the invariants (a mode of a
    /// checked layout, for instance).
    #[inline(always)]
    pub(crate) fn from_parts(shape: S, stride: D) -> Self {
        MixedLayout { shape, stride }
    }
    /// The shape.
    #[inline(always)]
    pub fn shape(&self) -> &S {
        &self.shape
    }
    /// The stride.
    #[inline(always)]
    pub fn stride(&self) -> &D {
        &self.stride
    }
}

/// A static layout is a mixed layout with no run-time leaf.
impl<S, D> From<Layout<S, D>> for MixedLayout<S, D>
where
    Layout<S, D>: StaticLayout,
    S: Default,
    D: Default,
{
    fn from(_: Layout<S, D>) -> Self {
        MixedLayout {
            shape: S::default(),
            stride: D::default(),
        }
    }
}

/// The error of a mixed-layout operation whose run-time values leave the
/// `i64` range: the one place the mixed layer builds an overflow error.
/// The one overflow error of the mixed layer: run-time values whose
/// result does not fit (the device-ready error carries no text).
pub(crate) fn overflow(operation: &'static str, operands: &'static str) -> Error {
    Error::Overflow {
        operation,
        operands,
    }
}

fn shape_size<S: MixedShape<D>, D>(s: &S) -> Option<usize> {
    s.checked_size()
}

impl<S: IntTuple, D: IntTuple> MixedLayout<S, D> {
    /// The structure the type fixes, values left out: static leaves `_N`,
    /// run-time leaves `?`, run-time leaves with a divisor `?{div=D}`.
    ///
    /// ```
    /// use cute_static::layout;
    /// let (m, n) = (256, 24);
    /// let l = layout!(({m:128}, {n}):(1, {m}))?;
    /// assert_eq!(l.to_string(), "(256,24):(_1,256)");
    /// assert_eq!(l.structure().to_string(), "(?{div=128},?):(_1,?{div=128})");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn structure(&self) -> Structure<'_, S, D> {
        Structure(self)
    }
}

/// The structure of a mixed layout ([`MixedLayout::structure`]), for
/// `Display`: `(?{div=128},_8):(_1,?{div=128})`.
#[derive(Clone, Copy)]
pub struct Structure<'a, S, D>(&'a MixedLayout<S, D>);
impl<S: IntTuple, D: IntTuple> fmt::Debug for Structure<'_, S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Structure({self})")
    }
}
impl<S: IntTuple, D: IntTuple> fmt::Display for Structure<'_, S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.shape.fmt_structure(f)?;
        f.write_str(":")?;
        self.0.stride.fmt_structure(f)
    }
}

/// CuTe notation: static leaves `_N`, run-time leaves plain, `(_128,1000):(_1,_128)`.
impl<S: IntTuple, D: IntTuple> fmt::Display for MixedLayout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.fmt_cute(f)?;
        f.write_str(":")?;
        self.stride.fmt_cute(f)
    }
}
impl<S: IntTuple, D: IntTuple> fmt::Debug for MixedLayout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MixedLayout({self})")
    }
}
