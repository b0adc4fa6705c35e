//! Static integers of any value (docs/semantics/static-and-mixed.md#static-integers): [`Dec`], the
//! static integer spelled by its decimal digits, for the values `C<N>`
//! cannot spell.
//!
//! On stable Rust a const generic `N` cannot be taken apart into a type
//! (that needs `generic_const_exprs`), and typenum turns `C<N>` into its
//! type-level integer only for a table of constants. So a value outside the
//! readable table ([`is_readable`](cute_core::limits::is_readable): `0..=1024`
//! and the powers of two up to `2^20`) is spelled digit by digit:
//! `Dec<1, 1, 0, 0, 8>` is 11008. Each digit is in typenum's table, so the
//! type-level value is computed generically (`((1·10 + 1)·10 + 0)…`), and
//! the reverse map — a computed typenum value back to its spelling — takes
//! the digits apart by long division by 10 ([`DivRem`](crate::private::DivRem))
//! ([`Pretty`](crate::private::Pretty)). Every static integer has exactly
//! one spelling: `C<N>` inside the readable table, `Dec<…>` outside; the
//! macros emit the same spelling the algebra computes.
//!
//! ```
//! use cute_static::{layout, layout::{Dec, Int, StaticInt}};
//! assert_eq!(<Dec<1, 1, 0, 0, 8> as StaticInt>::VALUE, 11008);
//! assert_eq!(Dec::<4, 5, 0, 8, 8, 7, 6, 8>.value(), 45088768);
//! let l = layout!((4096, 11008):(11008, 1));
//! assert_eq!(l.to_string(), "(_4096,_11008):(_11008,_1)");
//! ```

use core::ops::{Add, Mul};
use typenum::{Prod, Sum, U10, UInt, UTerm, Unsigned};

use crate::data::int_tuple::{C, Int, Sealed, StaticInt};
use crate::private::{DivRem, HCons, HNil, ToC};

/// Most decimal digits of a static integer: `i64` values and shapes
/// (`≤ 2^63 − 1`) have at most 19 (a `u64` beyond `10^19 − 1` has no
/// spelling).
const MAX_DIGITS: usize = 19;

/// The digit value of an unused trailing position of [`Dec`].
const NO_DIGIT: usize = 10;

/// The value of a digit list, most significant first, stopping at the
/// first [`NO_DIGIT`].
const fn digits_value(d: [usize; MAX_DIGITS]) -> usize {
    let mut v = 0usize;
    let mut i = 0;
    while i < MAX_DIGITS && d[i] < NO_DIGIT {
        v = v * 10 + d[i];
        i += 1;
    }
    v
}

/// One decimal digit `D` (`10` = no digit) as a type, for the type-level
/// fold of [`Dec`]'s digits.
#[doc(hidden)]
pub struct Digit<const D: usize>;

/// One step of the fold: `Acc·10 + D` (or `Acc` past the last digit).
#[doc(hidden)]
pub trait DigitStep<Acc> {
    /// The accumulated typenum value.
    type Out;
}
macro_rules! digit_steps {
    ($($d:literal $u:ident),*) => {$(
        impl<Acc: Mul<U10>> DigitStep<Acc> for Digit<$d>
        where
            Prod<Acc, U10>: Add<typenum::$u>,
        {
            type Out = Sum<Prod<Acc, U10>, typenum::$u>;
        }
    )*};
}
digit_steps!(0 U0, 1 U1, 2 U2, 3 U3, 4 U4, 5 U5, 6 U6, 7 U7, 8 U8, 9 U9);
/// Past the last digit the value is complete.
impl<Acc> DigitStep<Acc> for Digit<NO_DIGIT> {
    type Out = Acc;
}

/// The fold of a list of [`Digit`]s onto the typenum value `Acc`.
#[doc(hidden)]
pub trait FoldDigits<Acc> {
    /// The typenum value.
    type Out;
}
/// No digit left: `Acc`.
impl<Acc> FoldDigits<Acc> for HNil {
    type Out = Acc;
}
/// `fold(h :: t, acc) = fold(t, step(h, acc))`.
impl<Acc, H: DigitStep<Acc>, T: FoldDigits<H::Out>> FoldDigits<Acc> for HCons<H, T> {
    type Out = T::Out;
}

/// The digits of a typenum value prepended to the list `Acc` of `C<d>`
/// (most significant first): the reverse map's first half.
#[doc(hidden)]
pub trait DigitsOnto<Acc> {
    /// The digit list.
    type Out;
}
/// No digit left.
impl<Acc> DigitsOnto<Acc> for UTerm {
    type Out = Acc;
}
/// `digits(n) = digits(n / 10) ++ [n mod 10]`.
impl<U, B, Acc> DigitsOnto<Acc> for UInt<U, B>
where
    UInt<U, B>: DivRem<U10>,
    <UInt<U, B> as DivRem<U10>>::R: ToC,
    <UInt<U, B> as DivRem<U10>>::Q:
        DigitsOnto<HCons<<<UInt<U, B> as DivRem<U10>>::R as ToC>::C, Acc>>,
{
    type Out = <<UInt<U, B> as DivRem<U10>>::Q as DigitsOnto<
        HCons<<<UInt<U, B> as DivRem<U10>>::R as ToC>::C, Acc>,
    >>::Out;
}

/// A list of `C<d>` digits spelled as [`Dec`]: the reverse map's second
/// half (one impl per length).
#[doc(hidden)]
pub trait FromDigits {
    /// The `Dec` type.
    type Out;
}

/// The typenum value of a digit list: the [`Dec`] of those digits.
#[doc(hidden)]
pub type DecOf<N> = <<N as DigitsOnto<HNil>>::Out as FromDigits>::Out;

/// `Dec` and its impls, given the digit parameter names (the first has no
/// default: a static integer has at least one digit).
macro_rules! dec {
    ($D0:ident $(, $D:ident)*) => {
        /// The static integer whose decimal digits, most significant first,
        /// are `D0 D1 …` (at most 19; unused trailing positions
        /// hold `10`, which rustc leaves out when it prints the type):
        /// `Dec<1, 1, 0, 0, 8>` is 11008, printed `_11008` as CuTe prints its
        /// static integers. It spells the values that [`C<N>`] cannot: those
        /// outside the readable table `0..=1024` and powers of two up to
        /// `2^20`; `layout!`, `Layout![…]`, `tiler!` and the algebra's
        /// results use it for exactly those values (see the
        /// design in docs/semantics/static-and-mixed.md#static-integers). A zero-sized type like
        /// `C<N>`.
        ///
        /// ```
        /// use cute_static::{layout::{Dec, Int, IntTuple}};
        /// let n = Dec::<1, 0, 8, 8>;
        /// assert_eq!(n.value(), 1088);
        /// assert_eq!(n.to_dynamic().to_string(), "1088");
        /// assert_eq!(core::mem::size_of_val(&n), 0);
        /// ```
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
        pub struct Dec<const $D0: usize $(, const $D: usize = 10)*>;

        impl<const $D0: usize $(, const $D: usize)*> Sealed for Dec<$D0 $(, $D)*> {}
        /// The value of the digits.
        impl<const $D0: usize $(, const $D: usize)*> Int for Dec<$D0 $(, $D)*> {
            #[inline(always)]
            fn value(self) -> usize {
                digits_value([$D0 $(, $D)*])
            }
            const STATIC: Option<usize> = Some(digits_value([$D0 $(, $D)*]));
        }
        /// Computes as the typenum fold `(…(D0·10 + D1)·10 + …)`.
        impl<const $D0: usize $(, const $D: usize)*> StaticInt for Dec<$D0 $(, $D)*>
        where
            crate::data::int_tuple::hlist!(Digit<$D0> $(, Digit<$D>)*): FoldDigits<UTerm>,
            <crate::data::int_tuple::hlist!(Digit<$D0> $(, Digit<$D>)*) as FoldDigits<UTerm>>::Out:
                Unsigned,
        {
            const VALUE: usize = digits_value([$D0 $(, $D)*]);
            type Tn = <crate::data::int_tuple::hlist!(Digit<$D0> $(, Digit<$D>)*) as FoldDigits<UTerm>>::Out;
        }
        from_digits!([] $D0 $(, $D)*);
    };
}

/// `FromDigits` for the lists of 1, 2, …, [`MAX_DIGITS`] digits.
macro_rules! from_digits {
    ([$($done:ident),*] $next:ident $(, $rest:ident)*) => {
        impl<$(const $done: usize,)* const $next: usize> FromDigits
            for crate::data::int_tuple::hlist!($(C<$done>,)* C<$next>)
        {
            type Out = Dec<$($done,)* $next>;
        }
        from_digits!([$($done,)* $next] $($rest),*);
    };
    ([$($done:ident),*]) => {};
}

dec!(
    D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15, D16, D17, D18
);

/// Implement a trait for every [`Dec`], the body written in terms of
/// `Self` (used next to the same impl for `C<N>`); extra generic
/// parameters go in brackets before the trait: `[K: StaticInt,] Tr<K>`.
macro_rules! impl_for_dec {
    ($(#[$m:meta])* $([$($g:tt)*])? $tr:path { $($body:tt)* } $(where $($w:tt)*)?) => {
        $(#[$m])*
        impl<
            $($($g)*)?
            const D0: usize, const D1: usize, const D2: usize, const D3: usize,
            const D4: usize, const D5: usize, const D6: usize, const D7: usize,
            const D8: usize, const D9: usize, const D10: usize, const D11: usize,
            const D12: usize, const D13: usize, const D14: usize, const D15: usize,
            const D16: usize, const D17: usize, const D18: usize,
        > $tr
            for $crate::Dec<
                D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15,
                D16, D17, D18,
            >
        $(where $($w)*)?
        {
            $($body)*
        }
    };
}
pub(crate) use impl_for_dec;

// The struct's default digit is the literal `10` (rustc omits a default
// argument from a printed type only when the default is a literal).
const _: () = assert!(NO_DIGIT == 10);
const _: () = assert!(
    digits_value([
        1, 1, 0, 0, 8, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10
    ]) == 11008
);
