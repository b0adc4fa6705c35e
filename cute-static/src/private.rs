//! Type-level machinery the public traits are built from: heterogeneous
//! lists, total results (`Ok`/`Err`), type-level functions, and the map from
//! typenum integers back to their readable spelling `C<N>`.
//!
//! Public only because trait bounds mention it; not part of the API and
//! exempt from semver.
#![allow(missing_docs)]

use core::marker::PhantomData;
use core::ops::{BitAnd, BitOr, Div, Sub};
use typenum::operator_aliases::{And, Eq, LeEq, Or, Quot, Sub1};
use typenum::{B0, B1, IsEqual, IsLessOrEqual, U0, U1024, UInt, UTerm};

/// The empty list (the empty tuple of a tree).
pub struct HNil;
/// A non-empty list: head `H`, tail `T`.
pub struct HCons<H, T>(PhantomData<(H, T)>);

/// A successful type-level computation.
pub struct Ok<T>(PhantomData<T>);
/// A failed type-level computation: `E` names the rule and the numbers.
pub struct Err<E>(PhantomData<E>);

/// Self type of the never-implemented diagnostic traits. It must differ
/// from the self type of the failing obligation so that rustc reports the
/// diagnostic trait's own message.
pub struct Violation;

/// A type-level function (defunctionalised: `Self` names the function).
pub trait Fun<X> {
    /// `Self(X)`.
    type Out;
}
/// `F(X)`.
pub type Apply<F, X> = <F as Fun<X>>::Out;

/// Result bind: `Ok<X> >>= F = F(X)`, `Err<E> >>= F = Err<E>`.
pub trait Bind<F> {
    /// The bound result.
    type Out;
}
/// `Err<E> >>= F = Err<E>`.
impl<E, F> Bind<F> for Err<E> {
    type Out = Err<E>;
}
/// `Ok<X> >>= F = F(X)`.
impl<X, F: Fun<X>> Bind<F> for Ok<X> {
    type Out = F::Out;
}
/// `R >>= F`.
pub type Then<R, F> = <R as Bind<F>>::Out;

/// The pair of two results: `Ok<(X, Y)>` or the first error.
pub trait Both<R> {
    /// The paired result.
    type Out;
}
/// `(Err<E>, R) = Err<E>`.
impl<E, R> Both<R> for Err<E> {
    type Out = Err<E>;
}
/// `(Ok<X>, Err<E>) = Err<E>`.
impl<X, E> Both<Err<E>> for Ok<X> {
    type Out = Err<E>;
}
/// `(Ok<X>, Ok<Y>) = Ok<(X, Y)>`.
impl<X, Y> Both<Ok<Y>> for Ok<X> {
    type Out = Ok<(X, Y)>;
}
/// `(R1, R2)` paired.
pub type Pair<R1, R2> = <R1 as Both<R2>>::Out;

/// Prepend a result to a result list: `Ok<X> :: Ok<L> = Ok<HCons<X, L>>`.
pub trait ConsR<R> {
    /// The longer list.
    type Out;
}
/// `Err<E> :: R = Err<E>`.
impl<E, R> ConsR<R> for Err<E> {
    type Out = Err<E>;
}
/// `Ok<X> :: Err<E> = Err<E>`.
impl<X, E> ConsR<Err<E>> for Ok<X> {
    type Out = Err<E>;
}
/// `Ok<X> :: Ok<L> = Ok<HCons<X, L>>`.
impl<X, L> ConsR<Ok<L>> for Ok<X> {
    type Out = Ok<HCons<X, L>>;
}

/// Type-level `if`: `B1 ? A : B`.
pub trait If<A, B> {
    /// The selected branch.
    type Out;
}
/// `true ? A : B = A`.
impl<A, B> If<A, B> for B1 {
    type Out = A;
}
/// `false ? A : B = B`.
impl<A, B> If<A, B> for B0 {
    type Out = B;
}
/// `C ? A : B`.
pub type Sel<C, A, B> = <C as If<A, B>>::Out;

/// List concatenation.
pub trait Concat<R> {
    /// `Self ++ R`.
    type Out;
}
/// `[] ++ R = R`.
impl<R> Concat<R> for HNil {
    type Out = R;
}
/// `(h :: t) ++ R = h :: (t ++ R)`.
impl<H, T: Concat<R>, R> Concat<R> for HCons<H, T> {
    type Out = HCons<H, T::Out>;
}
/// `A ++ B`.
pub type Cat<A, B> = <A as Concat<B>>::Out;

/// List reversal onto an accumulator.
pub trait RevOnto<Acc> {
    /// `reverse(Self) ++ Acc`.
    type Out;
}
/// `rev([], acc) = acc`.
impl<Acc> RevOnto<Acc> for HNil {
    type Out = Acc;
}
/// `rev(h :: t, acc) = rev(t, h :: acc)`.
impl<H, T: RevOnto<HCons<H, Acc>>, Acc> RevOnto<Acc> for HCons<H, T> {
    type Out = T::Out;
}
/// `reverse(L)`.
pub type Rev<L> = <L as RevOnto<HNil>>::Out;

/// The typenum → `C<N>` table (generated, `table.rs`).
#[diagnostic::on_unimplemented(message = "`{Self}` is outside the table of readable constants")]
pub trait ToC {
    /// The readable spelling.
    type C;
}

/// Total re-spelling of a typenum integer: `C<N>` inside the table
/// (`0..=1024` and powers of two up to `2^20`), its decimal digits
/// `Dec<…>` outside.
pub trait Pretty {
    /// The spelling.
    type Out;
}
/// `0 ↦ C<0>`.
impl Pretty for UTerm {
    type Out = crate::C<0>;
}
type P20 = typenum::U1048576;
// The type-level bounds of the table are the readable-constant limits.
const _: () = assert!(
    <U1024 as typenum::Unsigned>::U64 == cute_core::limits::MAX_READABLE
        && <P20 as typenum::Unsigned>::U64 == 1 << cute_core::limits::MAX_READABLE_POW2
);
type InTable<N> = Or<LeEq<N, U1024>, And<Eq<And<N, Sub1<N>>, U0>, LeEq<N, P20>>>;
/// `n ↦ C<n>` when `n ≤ 1024` or `n` is a power of two `≤ 2^20`, else `Dec<digits of n>`.
impl<U, B> Pretty for UInt<U, B>
where
    UInt<U, B>: IsLessOrEqual<U1024> + Sub<B1> + BitAnd<Sub1<UInt<U, B>>> + IsLessOrEqual<P20>,
    And<UInt<U, B>, Sub1<UInt<U, B>>>: IsEqual<U0>,
    Eq<And<UInt<U, B>, Sub1<UInt<U, B>>>, U0>: BitAnd<LeEq<UInt<U, B>, P20>>,
    LeEq<UInt<U, B>, U1024>:
        BitOr<And<Eq<And<UInt<U, B>, Sub1<UInt<U, B>>>, U0>, LeEq<UInt<U, B>, P20>>>,
    InTable<UInt<U, B>>: PrettyIf<UInt<U, B>>,
{
    type Out = <InTable<UInt<U, B>> as PrettyIf<UInt<U, B>>>::Out;
}
/// The table lookup, taken only when the value is in the table.
pub trait PrettyIf<N> {
    /// The spelling.
    type Out;
}
/// In the table: `C<N>`.
impl<N: ToC> PrettyIf<N> for B1 {
    type Out = N::C;
}
/// Outside the table: its decimal digits, `Dec<…>`.
impl<N> PrettyIf<N> for B0
where
    N: crate::data::dec::DigitsOnto<HNil>,
    <N as crate::data::dec::DigitsOnto<HNil>>::Out: crate::data::dec::FromDigits,
{
    type Out = crate::data::dec::DecOf<N>;
}
/// The readable spelling of `N`.
pub type P<N> = <N as Pretty>::Out;

/// `⌊N / 2⌋` (the lowest bit dropped).
pub trait Halve {
    type Out;
}
/// `⌊0 / 2⌋ = 0`.
impl Halve for UTerm {
    type Out = UTerm;
}
/// `⌊(2u + b) / 2⌋ = u`.
impl<U, B> Halve for UInt<U, B> {
    type Out = U;
}

/// `⌊N / Self⌋` for `Self > 0`, with the factors of two of the divisor
/// shifted out of both first (`⌊N / (2^k·d)⌋ = ⌊⌊N / 2^k⌋ / d⌋`):
/// typenum's long division costs compile time with the bits of `N`, so a
/// power of two needs no division at all and any other divisor divides a
/// shorter `N`. The value is typenum's `Quot<N, Self>`.
pub trait QuotBy<N> {
    type Out;
}
/// An even divisor: halve both.
impl<N: Halve, U: QuotBy<N::Out>> QuotBy<N> for UInt<U, B0> {
    type Out = <U as QuotBy<N::Out>>::Out;
}
/// `⌊N / 1⌋ = N`.
impl<N> QuotBy<N> for UInt<UTerm, B1> {
    type Out = N;
}
/// An odd divisor above 1: typenum's division.
impl<N, U, B> QuotBy<N> for UInt<UInt<U, B>, B1>
where
    N: Div<UInt<UInt<U, B>, B1>>,
{
    type Out = Quot<N, UInt<UInt<U, B>, B1>>;
}
/// `⌊N / D⌋` by [`QuotBy`].
pub type FloorQuot<N, D> = <D as QuotBy<N>>::Out;
