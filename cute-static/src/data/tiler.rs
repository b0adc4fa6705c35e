//! Static tilers (docs/semantics/objects.md#tilers): a layout, an integer tile `C<N>`, or a tuple of
//! tilers applied mode by mode — `tiler!(<4:1,8:2>)` is
//! `Tiler<(Layout<C<4>, C<1>>, Layout<C<8>, C<2>>)>`. An integer tile `n`
//! means `n:1` to composition and CuTe's `make_layout(n)` (`n:1`, `1:0` for
//! `n = 1`) to the divides and products, as in cute-dynamic. A `_` mode
//! ([`Underscore`], `tiler!(<_, 2>)`) is CuTe's by-mode skip: that mode is
//! left unchanged.
//!
//! ```
//! use cute_static::tiler;
//! let t = tiler!(<4:1, 8:2>);
//! assert_eq!(t.to_string(), "<_4:_1,_8:_2>");
//! assert_eq!(t.to_dynamic().to_string(), "<4:1,8:2>");
//! ```

use core::fmt;
use core::marker::PhantomData;

use crate::data::int_tuple::{C, Sealed, StaticInt, arities, hlist};
use crate::data::layout::{Layout, StaticLayout};
use crate::kernel::tensor::Underscore;

/// A static tiler: `T` is a layout, a `C<N>`, [`Underscore`] (`_`), or a
/// tuple of tilers.
pub struct Tiler<T>(PhantomData<T>);

impl<T> Tiler<T> {
    /// The tiler value (it carries no data).
    #[inline(always)]
    pub const fn new() -> Self {
        Tiler(PhantomData)
    }
}
impl<T> Clone for Tiler<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Tiler<T> {}
impl<T> Default for Tiler<T> {
    fn default() -> Self {
        Self::new()
    }
}
impl<T: TilerMode> fmt::Debug for Tiler<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tiler({self})")
    }
}
/// CuTe notation with static leaves: `<_4:_1,_8:_2>`.
impl<T: TilerMode> fmt::Display for Tiler<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        T::fmt_cute(f)
    }
}
impl<T: TilerMode> Tiler<T> {
    /// The equal run-time tiler.
    #[cfg(feature = "std")]
    pub fn to_dynamic(self) -> cute_dynamic::Tiler {
        T::to_dynamic()
    }
}

/// One part of a tiler: a static layout, a `C<N>`, `_`, or a tuple of parts.
///
/// ```
/// use cute_static::{tiler, layout};
/// // A by-mode tiler: a layout per mode, a `C<N>` (`N:1`) or `_`.
/// let t = tiler!(<4:2, 8>);
/// assert_eq!(t.to_string(), "<_4:_2,_8>");
/// assert_eq!(t.to_dynamic(), "<4:2,8>".parse()?);
/// assert_eq!(layout!((8, 16):(1, 8)).zipped_divide(t).to_string(), "((_4,_8),(_2,_2)):((_2,_8),(_1,_64))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static tiler",
    note = "a tiler is a static layout, a `C<N>`, or a tuple of tilers; write it with `tiler!(<…>)`"
)]
pub trait TilerMode: Sealed {
    /// The normalised tiler the algebra runs on.
    #[doc(hidden)]
    type Norm;
    /// The equal run-time tiler.
    #[cfg(feature = "std")]
    fn to_dynamic() -> cute_dynamic::Tiler;
    /// Write in CuTe notation.
    fn fmt_cute(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
/// A layout tiles the whole operand.
impl<S, D> TilerMode for Layout<S, D>
where
    Self: StaticLayout,
{
    type Norm = TL<<Self as StaticLayout>::Tree>;
    #[cfg(feature = "std")]
    fn to_dynamic() -> cute_dynamic::Tiler {
        cute_dynamic::Tiler::Layout(Self::default().to_dynamic())
    }
    fn fmt_cute(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Self::default())
    }
}
/// An integer tile.
impl<const N: usize> TilerMode for C<N>
where
    Self: StaticInt,
{
    type Norm = TI<<Self as StaticInt>::Tn>;
    #[cfg(feature = "std")]
    fn to_dynamic() -> cute_dynamic::Tiler {
        cute_dynamic::Tiler::Int(N as i64)
    }
    fn fmt_cute(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{N}")
    }
}
crate::data::dec::impl_for_dec! {
    /// An integer tile beyond the readable table.
    TilerMode {
        type Norm = TI<<Self as StaticInt>::Tn>;
        #[cfg(feature = "std")]
        fn to_dynamic() -> cute_dynamic::Tiler {
            cute_dynamic::Tiler::Int(<Self as StaticInt>::VALUE as i64)
        }
        fn fmt_cute(f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "_{}", <Self as StaticInt>::VALUE)
        }
    } where Self: StaticInt
}

/// CuTe's `_` as a tiler mode (`tiler!(<_, 2>)`): the by-mode skip, which
/// leaves its mode unchanged in every divide, product and composition.
impl Sealed for Underscore {}
/// `_` keeps the mode it applies to.
impl TilerMode for Underscore {
    type Norm = TS;
    #[cfg(feature = "std")]
    fn to_dynamic() -> cute_dynamic::Tiler {
        cute_dynamic::Tiler::Hole
    }
    fn fmt_cute(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_")
    }
}

macro_rules! tiler_tuples {
    ($($T:ident),+) => {
        /// A tuple of tilers applies them mode by mode.
        impl<$($T: TilerMode),+> TilerMode for ($($T,)+) {
            type Norm = hlist!($($T::Norm),+);
            #[cfg(feature = "std")]
            fn to_dynamic() -> cute_dynamic::Tiler {
                cute_dynamic::Tiler::Modes(std::vec![$($T::to_dynamic()),+])
            }
            fn fmt_cute(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("<")?;
                let mut first = true;
                $(
                    if !first { f.write_str(",")?; }
                    first = false;
                    $T::fmt_cute(f)?;
                )+
                let _ = first;
                f.write_str(">")
            }
        }
    };
}
arities!(tiler_tuples; (A), (B), (C2), (D), (E), (F), (G), (H));

/// A normalised layout tiler (its zipped tree).
#[doc(hidden)]
pub struct TL<T>(PhantomData<T>);
/// A normalised integer tile.
#[doc(hidden)]
pub struct TI<N>(PhantomData<N>);
/// A normalised `_` (the mode is kept).
#[doc(hidden)]
pub struct TS;

/// What the algebra accepts as a right operand: a static layout or tiler.
///
/// # Examples
///
/// A layout and a tiler of modes are both right operands:
///
/// ```
/// use cute_static::prelude::*;
/// fn right_operand<T: IntoTiler>(_: T) {}
/// right_operand(layout!(4:2));
/// right_operand(tiler!(<2:1, 3:1>));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static layout or tiler",
    note = "write the right operand with `layout!` or `tiler!`"
)]
pub trait IntoTiler {
    /// The normalised tiler.
    #[doc(hidden)]
    type Norm;
}
/// A layout is a tiler of the whole operand.
impl<S, D> IntoTiler for Layout<S, D>
where
    Self: StaticLayout,
{
    type Norm = TL<<Self as StaticLayout>::Tree>;
}
/// A tiler value.
impl<T: TilerMode> IntoTiler for Tiler<T> {
    type Norm = T::Norm;
}
