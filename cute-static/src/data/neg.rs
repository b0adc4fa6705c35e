//! Negative static strides (docs/semantics/static-and-mixed.md#static-integers): [`Neg<M>`],
//! the stride `−M` for a positive static integer `M` (`C<N>` or `Dec<…>`),
//! printed `_-M` as CuTe prints a static negative integer.
//!
//! A negative integer is a stride only: a shape leaf is positive, so `Neg`
//! is an [`IntTuple`] (a stride leaf) but not an [`Int`](crate::Int) (whose
//! value is a `usize`). The algebra computes with its type-level image
//! [`Ng<U>`] (`U` a positive typenum integer), for which this module
//! defines the signed products and equalities coalesce and composition use
//! next to typenum's unsigned ones (`Ng` is local, so `UInt: Mul<Ng<…>>`
//! may be implemented here). An operation that has no rule for negative
//! strides never sees an `Ng`: it is rejected at its API boundary by a
//! named diagnostic ([`HasNegative`]).
//!
//! A layout with a negative stride has signed offsets: it is evaluated by
//! [`StaticLayout::call_signed`](crate::StaticLayout::call_signed)
//! (`isize`); its inherent `call` (`usize`) does not compile.
//!
//! ```
//! use cute_static::{layout, C, layout::{Neg, IntTuple}};
//! let l = layout!((8, 4):(-1, 8));
//! assert_eq!(l.to_string(), "(_8,_4):(_-1,_8)");
//! assert_eq!(l.call_signed(9), -1 + 8);
//! assert_eq!(Neg::<C<1>>::default().to_dynamic().to_string(), "-1");
//! ```

use core::fmt;
use core::marker::PhantomData;
use core::ops::Mul;
use typenum::operator_aliases::Prod;
use typenum::{B0, B1, Bit, IsEqual, UInt, UTerm};

use crate::data::int_tuple::{IntTuple, Sealed, Spell, StaticInt, StaticIntTuple};
use crate::private::{HCons, HNil, Pretty};

/// The negative static stride `−M`, `M` a positive static integer
/// ([`C<N>`](crate::C) or [`Dec`](crate::Dec)): `Neg<C<1>>` is `−1`,
/// printed `_-1`. `layout!`, `Layout![…]` and `tiler!` emit it for a
/// negative stride literal, and the algebra spells its negative results
/// with it. A zero-sized type.
///
/// ```
/// use cute_static::{C, layout::{Dec, IntTuple, Neg}};
/// assert_eq!(Neg::<Dec<1, 1, 0, 0, 8>>::default().to_dynamic().to_string(), "-11008");
/// assert_eq!(Neg::<C<1>>::default().to_string(), "_-1");
/// assert_eq!(Neg::<C<3>>::VALUE, -3);
/// ```
pub struct Neg<M>(PhantomData<M>);

impl<M> Neg<M> {
    /// The stride value (it carries no data).
    #[inline(always)]
    pub const fn new() -> Self {
        Neg(PhantomData)
    }
}
impl<M: StaticInt> Neg<M> {
    /// The value `−M`.
    pub const VALUE: i64 = -(M::VALUE as i64);
}
impl<M> Clone for Neg<M> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<M> Copy for Neg<M> {}
impl<M> Default for Neg<M> {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}
impl<M> PartialEq for Neg<M> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<M> Eq for Neg<M> {}
impl<M> core::hash::Hash for Neg<M> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}
impl<M: StaticInt> fmt::Debug for Neg<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Neg({})", Self::VALUE)
    }
}
/// CuTe's notation of a static negative integer: `_-1`.
impl<M: StaticInt> fmt::Display for Neg<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", Self::VALUE)
    }
}
impl<M> Sealed for Neg<M> {}
/// A negative stride leaf: rank 1, depth 0.
impl<M: StaticInt> IntTuple for Neg<M> {
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    #[cfg(feature = "std")]
    fn to_dynamic(&self) -> cute_dynamic::IntTuple {
        cute_dynamic::IntTuple::int(Self::VALUE)
    }
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
/// A static negative leaf computes as `Ng` of its magnitude. (`SIZE`, the
/// product of the leaves, is only read for shapes, which are positive; it
/// is the magnitude here.)
impl<M: StaticInt> StaticIntTuple for Neg<M> {
    const SIZE: usize = M::VALUE;
    type Tree = Ng<M::Tn>;
}

/// The type-level negative integer `−U` (`U` a positive typenum integer):
/// the image of [`Neg`] in the algebra's trees.
#[doc(hidden)]
#[derive(Clone, Copy, Default, Debug)]
pub struct Ng<U>(PhantomData<U>);

/// A negative typenum value is spelled `Neg<…>` of its magnitude's spelling.
impl<U: Pretty> Spell for Ng<U> {
    type Out = Neg<<U as Pretty>::Out>;
}

/// `−x` for a stride of the algebra (`−0 = 0`).
#[doc(hidden)]
pub trait Negate {
    /// The negation.
    type Out;
}
impl Negate for UTerm {
    type Out = UTerm;
}
impl<U, B> Negate for UInt<U, B> {
    type Out = Ng<UInt<U, B>>;
}
impl<U> Negate for Ng<U> {
    type Out = U;
}
/// `−X`.
#[doc(hidden)]
pub type Negated<X> = <X as Negate>::Out;

// Signed products: a positive integer (or 0) times `Ng`, `Ng` times
// anything. Only the type is used; the values are zero-sized.
impl<U, B, M> Mul<Ng<M>> for UInt<U, B>
where
    UInt<U, B>: Mul<M>,
{
    type Output = Ng<Prod<UInt<U, B>, M>>;
    fn mul(self, _: Ng<M>) -> Self::Output {
        Ng(PhantomData)
    }
}
impl<M> Mul<Ng<M>> for UTerm {
    type Output = UTerm;
    fn mul(self, _: Ng<M>) -> UTerm {
        UTerm
    }
}
impl<M, U, B> Mul<UInt<U, B>> for Ng<M>
where
    M: Mul<UInt<U, B>>,
{
    type Output = Ng<Prod<M, UInt<U, B>>>;
    fn mul(self, _: UInt<U, B>) -> Self::Output {
        Ng(PhantomData)
    }
}
impl<M> Mul<UTerm> for Ng<M> {
    type Output = UTerm;
    fn mul(self, _: UTerm) -> UTerm {
        UTerm
    }
}
impl<M, M2> Mul<Ng<M2>> for Ng<M>
where
    M: Mul<M2>,
    Prod<M, M2>: Default,
{
    type Output = Prod<M, M2>;
    fn mul(self, _: Ng<M2>) -> Self::Output {
        Default::default()
    }
}

// Signed equality: values of different signs differ.
impl<M, U, B> IsEqual<UInt<U, B>> for Ng<M> {
    type Output = B0;
    fn is_equal(self, _: UInt<U, B>) -> B0 {
        B0
    }
}
impl<M> IsEqual<UTerm> for Ng<M> {
    type Output = B0;
    fn is_equal(self, _: UTerm) -> B0 {
        B0
    }
}
impl<M, U, B> IsEqual<Ng<M>> for UInt<U, B> {
    type Output = B0;
    fn is_equal(self, _: Ng<M>) -> B0 {
        B0
    }
}
impl<M> IsEqual<Ng<M>> for UTerm {
    type Output = B0;
    fn is_equal(self, _: Ng<M>) -> B0 {
        B0
    }
}
impl<M, M2> IsEqual<Ng<M2>> for Ng<M>
where
    M: IsEqual<M2>,
    <M as IsEqual<M2>>::Output: Default,
{
    type Output = <M as IsEqual<M2>>::Output;
    fn is_equal(self, _: Ng<M2>) -> Self::Output {
        Default::default()
    }
}

// Signed order: a negative value is below every unsigned one, and
// `-M < -M2` exactly when `M2 < M` (make_layout_like orders strides so).
impl<M, U, B> typenum::IsLess<UInt<U, B>> for Ng<M> {
    type Output = B1;
    fn is_less(self, _: UInt<U, B>) -> B1 {
        B1
    }
}
impl<M> typenum::IsLess<UTerm> for Ng<M> {
    type Output = B1;
    fn is_less(self, _: UTerm) -> B1 {
        B1
    }
}
impl<M, U, B> typenum::IsLess<Ng<M>> for UInt<U, B> {
    type Output = B0;
    fn is_less(self, _: Ng<M>) -> B0 {
        B0
    }
}
impl<M> typenum::IsLess<Ng<M>> for UTerm {
    type Output = B0;
    fn is_less(self, _: Ng<M>) -> B0 {
        B0
    }
}
impl<M, M2> typenum::IsLess<Ng<M2>> for Ng<M>
where
    M2: typenum::IsLess<M>,
    <M2 as typenum::IsLess<M>>::Output: Default,
{
    type Output = <M2 as typenum::IsLess<M>>::Output;
    fn is_less(self, _: Ng<M2>) -> Self::Output {
        Default::default()
    }
}

/// Whether a zipped tree (or a flat list of `(shape, stride)` leaves) has
/// a negative stride: `B1` or `B0`. The operations without a rule for
/// negative strides dispatch on it to their named diagnostic.
#[doc(hidden)]
pub trait HasNegative {
    /// `B1` when some stride is an [`Ng`].
    type Out: Bit;
}
impl<S> HasNegative for (S, UTerm) {
    type Out = B0;
}
impl<S, U, B> HasNegative for (S, UInt<U, B>) {
    type Out = B0;
}
impl<S, U> HasNegative for (S, Ng<U>) {
    type Out = B1;
}
impl HasNegative for HNil {
    type Out = B0;
}
impl<H: HasNegative, T: HasNegative> HasNegative for HCons<H, T>
where
    H::Out: core::ops::BitOr<T::Out>,
    <H::Out as core::ops::BitOr<T::Out>>::Output: Bit,
{
    type Out = <H::Out as core::ops::BitOr<T::Out>>::Output;
}
/// `B1` when the zipped tree `T` has a negative stride.
#[doc(hidden)]
pub type AnyNegative<T> = <T as HasNegative>::Out;

/// A zipped tree that is a tuple (a list of children), as opposed to a
/// `(shape, stride)` leaf.
#[doc(hidden)]
pub trait TupleTree {}
impl TupleTree for HNil {}
impl<H, T> TupleTree for HCons<H, T> {}

/// Run the operation `F` (a `Fun<()>`) unless `Self` (whether the operand
/// has a negative stride) is `B1`, which gives `Err<E>`: the gate of the
/// operations that are not defined for negative strides.
#[doc(hidden)]
pub trait NegativeGate<E, F> {
    /// `F`'s result or `Err<E>`.
    type Out;
}
impl<E, F: crate::private::Fun<()>> NegativeGate<E, F> for B0 {
    type Out = F::Out;
}
impl<E, F> NegativeGate<E, F> for B1 {
    type Out = crate::private::Err<E>;
}
/// `F`'s result for the zipped tree `T`, or `Err<E>` if `T` has a negative stride.
#[doc(hidden)]
pub type UnlessNegative<T, E, F> = <AnyNegative<T> as NegativeGate<E, F>>::Out;

/// `max(d, 0)` of a stride of the algebra.
#[doc(hidden)]
pub trait PositivePart {
    /// The positive part.
    type Out;
}
impl PositivePart for UTerm {
    type Out = UTerm;
}
impl<U, B> PositivePart for UInt<U, B> {
    type Out = UInt<U, B>;
}
impl<U> PositivePart for Ng<U> {
    type Out = UTerm;
}
