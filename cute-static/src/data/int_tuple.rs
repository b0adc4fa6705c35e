//! Integers and integer tuples as types (docs/semantics/objects.md#integer-tuples). A leaf is an [`Int`]: the
//! static [`C<N>`] (a typenum integer under the hood) or the run-time
//! [`Dyn`](crate::Dyn) of mixed layouts; a tuple is a Rust tuple of integer tuples, up to
//! [`MAX_RANK`] children per tuple. `rank` = number of children (1 for an
//! integer), `depth` = 0 for an integer and 1 + the deepest child for a
//! tuple, `size` = product of the leaves.
//!
//! ```
//! use cute_static::{C, layout::{IntTuple, StaticIntTuple}};
//! type S = (C<4>, (C<2>, C<3>));
//! assert_eq!(<S as IntTuple>::RANK, 2);
//! assert_eq!(<S as IntTuple>::DEPTH, 2);
//! assert_eq!(<S as StaticIntTuple>::SIZE, 24);
//! assert_eq!(S::default().to_dynamic().to_string(), "(4,(2,3))");
//! ```

use core::fmt;
use typenum::{Bit, Const, ToUInt, U, UInt, UTerm, Unsigned};

use crate::private::{HNil, Pretty};

/// Largest number of children of one tuple (shapes, strides, tilers).
pub const MAX_RANK: usize = cute_core::limits::MAX_RANK;

/// The static integer `N`: a zero-sized type, printed `_N` as CuTe prints
/// its static integers. `N` is a readable constant: `0..=1024` or a power
/// of two up to `2^20` (typenum has a type-level `U<N>` only for a table of
/// constants); other values are spelled [`Dec`](crate::Dec), and the
/// macros pick the spelling.
///
/// ```
/// use cute_static::{C, layout::Int};
/// assert_eq!(C::<12>.value(), 12);
/// assert_eq!(core::mem::size_of::<C<12>>(), 0);
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct C<const N: usize>;

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// The one integer concept of a layout leaf (like nalgebra's `Dim`): a
/// value known at compile time ([`C<N>`], or [`Dec`](crate::Dec) outside the
/// readable table) — or at run time ([`Dyn`](crate::Dyn)).
///
/// # Examples
///
/// A leaf: static (`C<N>`, CuTe's `_N`) or run-time (`Dyn`, CuTe's `int`):
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!((C::<8>.value(), Dyn(8).value()), (8, 8));
/// assert_eq!((<C<8> as Int>::STATIC, <Dyn as Int>::STATIC), (Some(8), None));
/// ```
pub trait Int: Copy + fmt::Debug + Sealed {
    /// The value.
    fn value(self) -> usize;
    /// The value if it is known at compile time.
    const STATIC: Option<usize>;
}

/// An [`Int`] known at compile time.
///
/// # Examples
///
/// CuTe's `Int<8>{}` (`_8`):
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(<C<8> as StaticInt>::VALUE, 8);
/// ```
pub trait StaticInt: Int + Default {
    /// The value.
    const VALUE: usize;
    /// The typenum integer the type-level algebra computes with.
    #[doc(hidden)]
    type Tn: Unsigned;
}

impl<const N: usize> Sealed for C<N> {}
/// `C<N>` has the value `N`.
impl<const N: usize> Int for C<N> {
    #[inline(always)]
    fn value(self) -> usize {
        N
    }
    const STATIC: Option<usize> = Some(N);
}
/// `C<N>` computes as typenum's `U<N>`.
impl<const N: usize> StaticInt for C<N>
where
    Const<N>: ToUInt,
    U<N>: Unsigned,
{
    const VALUE: usize = N;
    type Tn = U<N>;
}

impl Sealed for UTerm {}
/// typenum's 0.
impl Int for UTerm {
    #[inline(always)]
    fn value(self) -> usize {
        0
    }
    const STATIC: Option<usize> = Some(0);
}
/// typenum's 0 computes as itself.
impl StaticInt for UTerm {
    const VALUE: usize = 0;
    type Tn = UTerm;
}
impl<N: Unsigned, B: Bit> Sealed for UInt<N, B> {}
/// A typenum integer (the type-level algebra's own values; results are
/// re-spelled `C<N>` or `Dec<…>` before a user sees them).
impl<N: Unsigned + Default + Copy + fmt::Debug, B: Bit + Default + Copy + fmt::Debug> Int
    for UInt<N, B>
{
    #[inline(always)]
    fn value(self) -> usize {
        <Self as Unsigned>::USIZE
    }
    const STATIC: Option<usize> = Some(<Self as Unsigned>::USIZE);
}
/// A typenum integer computes as itself.
impl<N: Unsigned + Default + Copy + fmt::Debug, B: Bit + Default + Copy + fmt::Debug> StaticInt
    for UInt<N, B>
{
    const VALUE: usize = <Self as Unsigned>::USIZE;
    type Tn = Self;
}

/// An integer tuple: an [`Int`] or a tuple of integer tuples.
///
/// # Examples
///
/// CuTe's `rank` and `depth` of an integer tuple:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(<(C<2>, (C<3>, C<4>)) as IntTuple>::RANK, 2);
/// assert_eq!(<(C<2>, (C<3>, C<4>)) as IntTuple>::DEPTH, 2);
/// assert_eq!(<C<7> as IntTuple>::DEPTH, 0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer tuple",
    note = "shapes and strides are `C<N>` or tuples (of at most 8 children) of them; write them with `layout!`/`Layout![…]`"
)]
pub trait IntTuple: Copy + fmt::Debug + Sealed {
    /// Number of children (1 for an integer).
    const RANK: usize;
    /// Nesting depth (0 for an integer).
    const DEPTH: usize;
    /// The equal run-time tuple.
    #[cfg(feature = "std")]
    fn to_dynamic(&self) -> cute_dynamic::IntTuple;
    /// Write in CuTe notation, static leaves as `_N`.
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Write the structure the type fixes: static leaves as `_N`, a
    /// run-time leaf as `?`, a run-time leaf with a static divisor as
    /// `?{div=D}` (the values of run-time leaves are not written).
    fn fmt_structure(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
    /// The tuple with every run-time leaf masked to its low 31 bits (the
    /// same tuple when every run-time leaf is at most `i32::MAX`): see
    /// [`TensorLayout`](crate::kernel::layout::TensorLayout)'s `narrowed`.
    #[doc(hidden)]
    #[inline(always)]
    fn narrowed(self) -> Self {
        self
    }
    /// The shape with every run-time leaf `s` mapped into `1..=2^31` (as
    /// `((s − 1) mod 2^31) + 1`): the same shape when every run-time leaf
    /// is in `1..=i32::MAX` (a device tensor's), which the compiler then
    /// knows (no division by zero, no overflow of 31-bit products).
    #[doc(hidden)]
    #[inline(always)]
    fn narrowed_extent(self) -> Self {
        self
    }
}

/// An integer tuple known at compile time.
///
/// # Examples
///
/// CuTe's `Shape<_2, Shape<_3,_4>>`: its size is a constant:
///
/// ```
/// use cute_static::prelude::*;
/// use cute_static::layout::StaticIntTuple;
/// assert_eq!(<(C<2>, (C<3>, C<4>)) as StaticIntTuple>::SIZE, 24);
/// ```
pub trait StaticIntTuple: IntTuple + Default {
    /// Product of the leaves.
    const SIZE: usize;
    /// The tree of typenum integers the algebra computes with.
    #[doc(hidden)]
    type Tree;
}

/// Every static integer is an integer tuple of rank 1 and depth 0.
macro_rules! leaf_tuple {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> IntTuple for $t where $t: StaticInt {
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            #[cfg(feature = "std")]
            fn to_dynamic(&self) -> cute_dynamic::IntTuple {
                cute_dynamic::IntTuple::int(<$t as StaticInt>::VALUE as i64)
            }
            fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "_{}", <$t as StaticInt>::VALUE)
            }
        }
        impl<$($g)*> StaticIntTuple for $t where $t: StaticInt {
            const SIZE: usize = <$t as StaticInt>::VALUE;
            type Tree = <$t as StaticInt>::Tn;
        }
    )*};
}
leaf_tuple!([const N: usize] C<N>, [const D0: usize, const D1: usize, const D2: usize, const D3: usize, const D4: usize, const D5: usize, const D6: usize, const D7: usize, const D8: usize, const D9: usize, const D10: usize, const D11: usize, const D12: usize, const D13: usize, const D14: usize, const D15: usize, const D16: usize, const D17: usize, const D18: usize] crate::Dec<D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15, D16, D17, D18>, [] UTerm, [N: Unsigned + Default + Copy + fmt::Debug, B: Bit + Default + Copy + fmt::Debug] UInt<N, B>);

impl Sealed for () {}
/// The empty tuple `()`: rank 0, size 1.
impl IntTuple for () {
    const RANK: usize = 0;
    const DEPTH: usize = 1;
    #[cfg(feature = "std")]
    fn to_dynamic(&self) -> cute_dynamic::IntTuple {
        cute_dynamic::IntTuple::empty()
    }
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
}
/// The empty tuple is the empty list.
impl StaticIntTuple for () {
    const SIZE: usize = 1;
    type Tree = HNil;
}

/// The list type of the given element types.
macro_rules! hlist {
    () => { $crate::private::HNil };
    ($h:ty $(, $t:ty)*) => { $crate::private::HCons<$h, $crate::data::int_tuple::hlist!($($t),*)> };
}
#[allow(unused_imports)]
pub(crate) use hlist;

/// The impls of the tuples of every arity: `$m!` called on the first
/// group, then on the first two, …, the groups of one call separated by
/// commas. Given [`MAX_RANK`] groups, every tuple trait is implemented for
/// arities `1..=MAX_RANK` from one list.
macro_rules! arities {
    ($m:ident; $(($($g:tt)*)),+ $(,)?) => {
        $crate::data::int_tuple::arities!(@ $m [] $(($($g)*))+);
    };
    (@ $m:ident [$(($($done:tt)*))*]) => {};
    (@ $m:ident [$(($($done:tt)*))*] ($($next:tt)*) $($rest:tt)*) => {
        $m!($($($done)*,)* $($next)*);
        $crate::data::int_tuple::arities!(@ $m [$(($($done)*))* ($($next)*)] $($rest)*);
    };
}
pub(crate) use arities;

/// Integer-tuple impls of the tuples of one arity, and their conversions.
macro_rules! tuple_impls {
    ($($T:ident $i:tt),+) => {
        impl<$($T: Sealed),+> Sealed for ($($T,)+) {}
        /// A tuple: rank = number of children, depth = 1 + deepest child.
        impl<$($T: IntTuple),+> IntTuple for ($($T,)+) {
            const RANK: usize = [$($i),+].len();
            const DEPTH: usize = 1 + max_of(&[$($T::DEPTH),+]);
            #[cfg(feature = "std")]
            fn to_dynamic(&self) -> cute_dynamic::IntTuple {
                let children = [$(self.$i.to_dynamic()),+];
                cute_dynamic::IntTuple::tuple(children.iter().map(|c| c.as_ref()))
            }
            fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("(")?;
                $( if $i > 0 { f.write_str(",")?; } self.$i.fmt_cute(f)?; )+
                f.write_str(")")
            }
            fn fmt_structure(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("(")?;
                $( if $i > 0 { f.write_str(",")?; } self.$i.fmt_structure(f)?; )+
                f.write_str(")")
            }
            #[inline(always)]
            fn narrowed(self) -> Self {
                ($(self.$i.narrowed(),)+)
            }
            #[inline(always)]
            fn narrowed_extent(self) -> Self {
                ($(self.$i.narrowed_extent(),)+)
            }
        }
        /// A static tuple: size = product of the children's sizes.
        impl<$($T: StaticIntTuple),+> StaticIntTuple for ($($T,)+) {
            const SIZE: usize = 1 $(* $T::SIZE)+;
            type Tree = hlist!($($T::Tree),+);
        }
        /// A list of trees re-spelled as a tuple.
        impl<$($T: Spell),+> Spell for hlist!($($T),+) {
            type Out = ($($T::Out,)+);
        }
    };
}

const fn max_of(xs: &[usize]) -> usize {
    let mut m = 0;
    let mut i = 0;
    while i < xs.len() {
        if xs[i] > m {
            m = xs[i];
        }
        i += 1;
    }
    m
}

/// The user-facing spelling of a typenum tree: `C<N>` leaves, Rust tuples.
pub trait Spell {
    /// The spelling.
    type Out;
}
/// A typenum 0 is spelled `C<0>`.
impl Spell for UTerm {
    type Out = C<0>;
}
/// A typenum integer is spelled `C<N>` when readable.
impl<N, B> Spell for UInt<N, B>
where
    UInt<N, B>: Pretty,
{
    type Out = <UInt<N, B> as Pretty>::Out;
}
/// The empty list is spelled `()`.
impl Spell for HNil {
    type Out = ();
}

arities!(tuple_impls; (A 0), (B 1), (C2 2), (D 3), (E 4), (F 5), (G 6), (H 7));
