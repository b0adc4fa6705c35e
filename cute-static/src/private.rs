//! Type-level machinery the public traits are built from: heterogeneous
//! lists, total results (`Ok`/`Err`), type-level functions, and the map from
//! typenum integers back to their readable spelling `C<N>`.
//!
//! Public only because trait bounds mention it; not part of the API and
//! exempt from semver.
#![allow(missing_docs)]

use core::marker::PhantomData;
use typenum::{B0, B1, UInt, UTerm};

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

/// The typenum → `C<N>` table (generated, `table.rs`), keyed by the bit
/// length `LEN` of the value: `<Bits<LEN> as TableAt<N>>::C`.
pub struct Bits<const LEN: usize>;
/// The table's entry for `N` among the values of one bit length.
#[diagnostic::on_unimplemented(message = "`{N}` is outside the table of readable constants")]
pub trait TableAt<N> {
    /// The readable spelling.
    type C;
}
/// A value's readable spelling (`C<N>`, or `Dec<…>` outside the table).
pub trait ToC {
    /// The readable spelling.
    type C;
}
impl<N: Pretty> ToC for N {
    type C = <N as Pretty>::Out;
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
// The readable-constant limits the classification below encodes: every
// value of at most 10 bits (`≤ 1023`), `1024 = 2^10` (11 bits) and the
// powers of two up to `2^20` (21 bits).
const _: () = assert!(
    cute_core::limits::MAX_READABLE == 1 << 10 && cute_core::limits::MAX_READABLE_POW2 == 20
);
/// `UInt<…UInt<Acc, b0>…, bk>`: the typenum integer of `Acc` followed by the
/// bits `b0 … bk` (highest first).
macro_rules! nest {
    ($acc:ty;) => { $acc };
    ($acc:ty; $b:ident $($rest:ident)*) => { nest!(UInt<$acc, $b>; $($rest)*) };
}
/// `n ↦ C<n>` when `n ≤ 1024` or `n` is a power of two `≤ 2^20`, else
/// `Dec<digits of n>`: one impl per bit length up to 10 (every such value
/// is in the table, looked up among the values of its length), and one
/// for the longer values.
macro_rules! pretty_by_len {
    ($($len:literal: $($b:ident)+;)*) => {$(
        /// A value of this many bits: in the table.
        impl<$($b),+> Pretty for nest!(UTerm; $($b)+)
        where
            Bits<$len>: TableAt<nest!(UTerm; $($b)+)>,
        {
            type Out = <Bits<$len> as TableAt<nest!(UTerm; $($b)+)>>::C;
        }
    )*};
}
pretty_by_len! {
    1: X0;
    2: X0 X1;
    3: X0 X1 X2;
    4: X0 X1 X2 X3;
    5: X0 X1 X2 X3 X4;
    6: X0 X1 X2 X3 X4 X5;
    7: X0 X1 X2 X3 X4 X5 X6;
    8: X0 X1 X2 X3 X4 X5 X6 X7;
    9: X0 X1 X2 X3 X4 X5 X6 X7 X8;
    10: X0 X1 X2 X3 X4 X5 X6 X7 X8 X9;
}
/// A value of 11 bits or more: in the table when a power of two up to
/// `2^20` (or `1024`), else spelled `Dec<digits>`; read off its bits
/// ([`Classify`]) rather than by typenum comparisons.
impl<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10> Pretty
    for Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10>
where
    Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10>: Classify<Pz, typenum::B1>,
    Cls<Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10>>: InTableBy + ClsLen,
    (
        <Cls<Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10>> as InTableBy>::Out,
        <Cls<Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10>> as ClsLen>::Len,
    ): PrettyIf<Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10>>,
{
    type Out = <(
        <Cls<Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10>> as InTableBy>::Out,
        <Cls<Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10>> as ClsLen>::Len,
    ) as PrettyIf<Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10>>>::Out;
}
/// A value of at least 11 bits, `U` its bits above the lowest 11.
type Long<U, B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10> =
    nest!(U; B0 B1 B2 B3 B4 B5 B6 B7 B8 B9 B10);
/// The classification `(length, power of two)` of `N`.
type Cls<N> = <N as Classify<Pz, typenum::B1>>::Out;
/// The length of a classification.
pub trait ClsLen {
    type Len;
}
impl<L, W> ClsLen for (L, W) {
    type Len = L;
}
/// The table's key `Bits<LEN>` of a length `LEN` in unary (the lengths of
/// the values above 10 bits that are in the table).
pub trait LenBits {
    type Bits;
}
impl LenBits for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>> {
    type Bits = Bits<11>;
}
impl LenBits for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>> {
    type Bits = Bits<12>;
}
impl LenBits for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>>> {
    type Bits = Bits<13>;
}
impl LenBits for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>>>> {
    type Bits = Bits<14>;
}
impl LenBits for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>>>>> {
    type Bits = Bits<15>;
}
impl LenBits for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>>>>>> {
    type Bits = Bits<16>;
}
impl LenBits for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>>>>>>> {
    type Bits = Bits<17>;
}
impl LenBits for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>>>>>>>> {
    type Bits = Bits<18>;
}
impl LenBits for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>>>>>>>>> {
    type Bits = Bits<19>;
}
impl LenBits
    for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>>>>>>>>>>
{
    type Bits = Bits<20>;
}
impl LenBits
    for Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Ps<Pz>>>>>>>>>>>>>>>>>>>>>
{
    type Bits = Bits<21>;
}

/// Zero, in the unary count of a number's bits.
pub struct Pz;
/// One more.
pub struct Ps<P>(PhantomData<P>);

/// `(bit length, power of two)` of a positive typenum integer, walking its
/// bits from the lowest with the count `P` so far and `Z` = all bits seen
/// so far are 0.
pub trait Classify<P, Z> {
    /// `(Ps<…Pz>, B0 | B1)`.
    type Out;
}
/// One bit `B`: the rest `U` decides whether it was the highest. (One
/// impl, dispatching on `U` as a self type: a value still being inferred
/// is merely ambiguous, never explored bit after bit.)
impl<U, B, P, Z> Classify<P, Z> for UInt<U, B>
where
    U: ClassifyRest<B, P, Z>,
{
    type Out = <U as ClassifyRest<B, P, Z>>::Out;
}
/// [`Classify`] after the bit `B`, `Self` the bits above it.
pub trait ClassifyRest<B, P, Z> {
    /// `(Ps<…Pz>, B0 | B1)`.
    type Out;
}
/// No bits above: `B` was the highest (a 1); the length is one more, a
/// power of two iff all lower bits are 0.
impl<B, P, Z> ClassifyRest<B, P, Z> for UTerm {
    type Out = (Ps<P>, Z);
}
/// A lower bit: count it, and keep `Z` only if it is 0.
impl<U, Bh, B, P, Z> ClassifyRest<B, P, Z> for UInt<U, Bh>
where
    (Z, B): AllZero,
    UInt<U, Bh>: Classify<Ps<P>, <(Z, B) as AllZero>::Out>,
{
    type Out = <UInt<U, Bh> as Classify<Ps<P>, <(Z, B) as AllZero>::Out>>::Out;
}
/// `z ∧ (b = 0)` for `Self = (z, b)`.
pub trait AllZero {
    type Out;
}
impl AllZero for (B1, B0) {
    type Out = B1;
}
impl AllZero for (B1, B1) {
    type Out = B0;
}
impl<B> AllZero for (B0, B) {
    type Out = B0;
}

/// Whether a `(bit length, power of two)` classification is in the table.
pub trait InTableBy {
    /// `B1` in the table, `B0` outside.
    type Out;
}
macro_rules! in_table_by {
    (@peano) => { Pz };
    (@peano $h:tt $($t:tt)*) => { Ps<in_table_by!(@peano $($t)*)> };
    ($($len:ident)* ; $($pow:ident)* ; $($out:ident)*) => {
        in_table_by!(@each [] [$($len)*] B1);
        in_table_by!(@pow [$($len)*] [$($pow)*]);
        /// Longer than 21 bits: outside the table.
        impl<P, W> InTableBy for (in_table_by!(@peanoP P $($len)* $($pow)* $($out)*), W) {
            type Out = B0;
        }
    };
    (@peanoP $p:ident) => { $p };
    (@peanoP $p:ident $h:tt $($t:tt)*) => { Ps<in_table_by!(@peanoP $p $($t)*)> };
    (@each [$($done:tt)*] [] $v:ty) => {};
    (@each [$($done:tt)*] [$h:tt $($t:tt)*] $v:ty) => {
        /// At most 10 bits: in the table.
        impl<W> InTableBy for (in_table_by!(@peano $($done)* $h), W) {
            type Out = $v;
        }
        in_table_by!(@each [$($done)* $h] [$($t)*] $v);
    };
    (@pow [$($done:tt)*] []) => {};
    (@pow [$($done:tt)*] [$h:tt $($t:tt)*]) => {
        /// 11 to 21 bits: in the table iff a power of two.
        impl<W> InTableBy for (in_table_by!(@peano $($done)* $h), W) {
            type Out = W;
        }
        in_table_by!(@pow [$($done)* $h] [$($t)*]);
    };
}
// Lengths 1..=10 in the table; 11..=21 if a power of two; 22 and more not.
in_table_by!(x x x x x x x x x x ; x x x x x x x x x x x ; x);
/// The table lookup, taken only when the value is in the table
/// (`Self = (B1, length)`), or the decimal digits (`(B0, length)`).
pub trait PrettyIf<N> {
    /// The spelling.
    type Out;
}
/// In the table: `C<N>`, among the values of its length.
impl<N, L: LenBits> PrettyIf<N> for (B1, L)
where
    L::Bits: TableAt<N>,
{
    type Out = <L::Bits as TableAt<N>>::C;
}
/// Outside the table: its decimal digits, `Dec<…>`.
impl<N, L> PrettyIf<N> for (B0, L)
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
/// An odd divisor above 1: the long division [`DivRem`].
impl<N, U, B> QuotBy<N> for UInt<UInt<U, B>, B1>
where
    N: DivRem<UInt<UInt<U, B>, B1>>,
{
    type Out = <N as DivRem<UInt<UInt<U, B>, B1>>>::Q;
}
/// `⌊N / D⌋` by [`QuotBy`].
pub type FloorQuot<N, D> = <D as QuotBy<N>>::Out;

/// `2·Self + B`, canonical (`2·0 + 0 = 0`, no leading zero bit).
pub trait Dbl<B> {
    type Out;
}
/// `2·0 + 0 = 0`.
impl Dbl<B0> for UTerm {
    type Out = UTerm;
}
/// `2·0 + 1 = 1`.
impl Dbl<B1> for UTerm {
    type Out = UInt<UTerm, B1>;
}
/// `2·u + b` appends the bit.
impl<U, B, C> Dbl<C> for UInt<U, B> {
    type Out = UInt<UInt<U, B>, C>;
}

/// One bit of a subtraction: `a - b - borrow` for `Self = (a, b, borrow)`.
pub trait BitSub {
    /// The difference bit.
    type D;
    /// The borrow out.
    type Bw;
}
macro_rules! bit_sub {
    ($($a:ident $b:ident $w:ident => $d:ident $o:ident;)*) => {$(
        impl BitSub for ($a, $b, $w) {
            type D = $d;
            type Bw = $o;
        }
    )*};
}
bit_sub! {
    B0 B0 B0 => B0 B0; B0 B0 B1 => B1 B1; B0 B1 B0 => B1 B1; B0 B1 B1 => B0 B1;
    B1 B0 B0 => B1 B0; B1 B0 B1 => B0 B0; B1 B1 B0 => B0 B0; B1 B1 B1 => B1 B1;
}
type SubBit<A, B, W> = <(A, B, W) as BitSub>::D;
type SubBorrow<A, B, W> = <(A, B, W) as BitSub>::Bw;

/// A trial subtraction that went below zero.
pub struct Below;
/// `Self - R - W` (`W` a borrow bit): `Ok<difference>` or [`Below`].
pub trait TrySub<R, W> {
    type Out;
}
/// `0 - 0 - 0 = 0`.
impl TrySub<UTerm, B0> for UTerm {
    type Out = Ok<UTerm>;
}
/// `0 - 0 - 1 < 0`.
impl TrySub<UTerm, B1> for UTerm {
    type Out = Below;
}
/// `0 - r - w < 0` for `r > 0`.
impl<U, B, W> TrySub<UInt<U, B>, W> for UTerm {
    type Out = Below;
}
/// `(2u + a) - 0 - w`: bit by bit against a zero.
impl<U, A, W> TrySub<UTerm, W> for UInt<U, A>
where
    (A, B0, W): BitSub,
    U: TrySub<UTerm, SubBorrow<A, B0, W>>,
    <U as TrySub<UTerm, SubBorrow<A, B0, W>>>::Out: PushBit<SubBit<A, B0, W>>,
{
    type Out = <<U as TrySub<UTerm, SubBorrow<A, B0, W>>>::Out as PushBit<SubBit<A, B0, W>>>::Out;
}
/// `(2u + a) - (2v + b) - w`: the low bit, then the rest with the borrow.
impl<U, A, V, B, W> TrySub<UInt<V, B>, W> for UInt<U, A>
where
    (A, B, W): BitSub,
    U: TrySub<V, SubBorrow<A, B, W>>,
    <U as TrySub<V, SubBorrow<A, B, W>>>::Out: PushBit<SubBit<A, B, W>>,
{
    type Out = <<U as TrySub<V, SubBorrow<A, B, W>>>::Out as PushBit<SubBit<A, B, W>>>::Out;
}
/// Append a low bit to a trial difference.
pub trait PushBit<B> {
    type Out;
}
/// Below zero stays below zero.
impl<B> PushBit<B> for Below {
    type Out = Below;
}
/// `Ok<u> ↦ Ok<2u + b>`.
impl<U: Dbl<B>, B> PushBit<B> for Ok<U> {
    type Out = Ok<<U as Dbl<B>>::Out>;
}

/// The bits of `Self`, most significant first, in front of `Acc`.
pub trait BitsOnto<Acc> {
    type Out;
}
/// No more bits.
impl<Acc> BitsOnto<Acc> for UTerm {
    type Out = Acc;
}
/// `2u + b`: `b` goes in front, then the bits of `u`.
impl<U: BitsOnto<HCons<B, Acc>>, B, Acc> BitsOnto<Acc> for UInt<U, B> {
    type Out = <U as BitsOnto<HCons<B, Acc>>>::Out;
}

/// Long division by `D > 0` over the bits (most significant first) of
/// the dividend, with the quotient `Q` and remainder `R` so far: each bit
/// doubles the remainder, and one trial subtraction of `D` decides the
/// quotient's bit. Tail-recursive, so that rustc's trait solver proves
/// each step once (typenum's `Div`/`Rem` cost compile time quadratic in
/// the dividend's bits).
pub trait DivFold<D, Q, R> {
    /// The quotient.
    type Q;
    /// The remainder.
    type R;
}
/// No bits left: the quotient and remainder so far.
impl<D, Q, R> DivFold<D, Q, R> for HNil {
    type Q = Q;
    type R = R;
}
type Twice<R, B> = <R as Dbl<B>>::Out;
type Trial<R, B, D> = <Twice<R, B> as TrySub<D, B0>>::Out;
type NextQ<R, B, D, Q> = <Trial<R, B, D> as DivStep<Twice<R, B>, Q>>::Q;
type NextR<R, B, D, Q> = <Trial<R, B, D> as DivStep<Twice<R, B>, Q>>::R;
/// One bit: `r ← 2r + b`, then `r - D` if it is not below zero.
impl<D, Q, R, B, T> DivFold<D, Q, R> for HCons<B, T>
where
    R: Dbl<B>,
    Twice<R, B>: TrySub<D, B0>,
    Trial<R, B, D>: DivStep<Twice<R, B>, Q>,
    T: DivFold<D, NextQ<R, B, D, Q>, NextR<R, B, D, Q>>,
{
    type Q = <T as DivFold<D, NextQ<R, B, D, Q>, NextR<R, B, D, Q>>>::Q;
    type R = <T as DivFold<D, NextQ<R, B, D, Q>, NextR<R, B, D, Q>>>::R;
}
/// The quotient's next bit from a trial subtraction (`Self`) of the
/// doubled remainder `R2`, the quotient so far `Q`.
pub trait DivStep<R2, Q> {
    type Q;
    type R;
}
/// Below: bit 0, the remainder kept.
impl<R2, Q: Dbl<B0>> DivStep<R2, Q> for Below {
    type Q = <Q as Dbl<B0>>::Out;
    type R = R2;
}
/// Not below: bit 1, the difference is the remainder.
impl<R2, Q: Dbl<B1>, X> DivStep<R2, Q> for Ok<X> {
    type Q = <Q as Dbl<B1>>::Out;
    type R = X;
}

/// `(⌊Self / D⌋, Self mod D)` for `D > 0`, as typenum integers (the
/// values of typenum's `Quot` and `Mod`).
pub trait DivRem<D> {
    /// The quotient.
    type Q;
    /// The remainder.
    type R;
}
impl<N, D> DivRem<D> for N
where
    N: BitsOnto<HNil>,
    <N as BitsOnto<HNil>>::Out: DivFold<D, UTerm, UTerm>,
{
    type Q = <<N as BitsOnto<HNil>>::Out as DivFold<D, UTerm, UTerm>>::Q;
    type R = <<N as BitsOnto<HNil>>::Out as DivFold<D, UTerm, UTerm>>::R;
}
/// `N mod D` by [`DivRem`].
pub type RemOf<N, D> = <N as DivRem<D>>::R;
