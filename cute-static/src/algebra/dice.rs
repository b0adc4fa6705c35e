//! `dice(c, L)` for a static layout (docs/semantics/algebra.md#more-layout-functions):
//! the complement of slicing. It keeps the modes of `L` paired with an
//! integer in `c` (a `usize` or a `C<N>`: only its being an integer counts)
//! and drops those paired with `__`; a tuple coordinate keeps what its
//! children keep, spliced one level up. `dice(n, L) = L`,
//! `dice(__, L) = ():()`. The result and the law (`laws::check_dice`) of
//! `cute_dynamic::dice`; a tuple coordinate whose rank differs from the
//! mode it is paired with (`not_compatible` at run time) does not compile.
//!
//! ```
//! use cute_static::{layout, Layout, C, algebra::Diced, tensor::{__, Underscore}};
//! let l = layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100)));
//! assert_eq!(l.dice((2usize, __)).to_string(), "((_3,_2)):((_4,_1))");
//! assert_eq!(l.dice((__, ((0usize, __), __))).to_string(), "(_2):(_2)");
//! static_assertions::assert_type_eq_all!(
//!     Diced<Layout![((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100))], ((C<1>, Underscore), ((Underscore, C<0>), Underscore))>,
//!     Layout![(3, 3):(4, 15)]
//! );
//! ```

use crate::algebra::modes::{Spelt, SpeltOf};
use crate::data::int_tuple::C;
use crate::data::layout::{Layout, StaticLayout};
use crate::kernel::tensor::Underscore;
use crate::private::{Cat, Concat, HCons, HNil};

/// `dice(Crd, L)` for a static layout `L` and a coordinate type `Crd`.
///
/// # Examples
///
/// CuTe's `dice(c, L)`: the modes under the integers of `c`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100)));
/// assert_eq!(l.dice((2usize, __)).to_string(), "((_3,_2)):((_4,_1))");
/// ```
pub trait HasDice<Crd> {
    /// The diced layout.
    type Output: StaticLayout;
}
/// `dice(Crd, L)`.
pub type Diced<L, Crd> = <L as HasDice<Crd>>::Output;
impl<S, D, Crd> HasDice<Crd> for Layout<S, D>
where
    Self: StaticLayout,
    Crd: DiceTop<<Self as StaticLayout>::Tree>,
    <Crd as DiceTop<<Self as StaticLayout>::Tree>>::Out: Spelt,
{
    type Output = SpeltOf<<Crd as DiceTop<<Self as StaticLayout>::Tree>>::Out>;
}

impl<S, D> Layout<S, D> {
    /// `dice(c, self)` (see [`HasDice`]).
    #[inline(always)]
    pub fn dice<Crd>(self, _c: Crd) -> Diced<Self, Crd>
    where
        Self: HasDice<Crd>,
    {
        Default::default()
    }
}

/// The diced tree of the zipped tree `T` under the coordinate `Self`.
#[diagnostic::on_unimplemented(
    message = "dice is not admissible: the coordinate `{Self}` does not fit the layout",
    note = "each entry of a dice coordinate is an integer (keep the mode), `__` (drop it) or a tuple with one entry per sub-mode"
)]
pub trait DiceTop<T> {
    /// The diced tree.
    type Out;
}
/// An integer keeps the whole layout.
impl<T> DiceTop<T> for usize {
    type Out = T;
}
/// An integer keeps the whole layout.
impl<T, const N: usize> DiceTop<T> for C<N> {
    type Out = T;
}
/// `__` keeps nothing.
impl<T> DiceTop<T> for Underscore {
    type Out = HNil;
}

/// The list of the parts of the zipped tree `T` the coordinate `Self` keeps.
#[diagnostic::on_unimplemented(
    message = "dice is not admissible: the coordinate `{Self}` does not fit the layout",
    note = "a tuple coordinate has one entry per mode of the layout (or sub-mode), each an integer, `__` or a tuple"
)]
pub trait DiceLift<T> {
    /// The kept parts.
    type Out;
}
/// An integer keeps the mode.
impl<T> DiceLift<T> for usize {
    type Out = HCons<T, HNil>;
}
/// An integer keeps the mode.
impl<T, const N: usize> DiceLift<T> for C<N> {
    type Out = HCons<T, HNil>;
}
/// `__` drops the mode.
impl<T> DiceLift<T> for Underscore {
    type Out = HNil;
}
/// The kept parts of a list of modes under a list of coordinates.
#[diagnostic::on_unimplemented(
    message = "dice is not admissible: a tuple coordinate has not the rank of the mode it is paired with",
    note = "a tuple coordinate has one entry per mode of the layout (or sub-mode)"
)]
pub trait LiftList<T> {
    /// The kept parts, spliced.
    type Out;
}
impl LiftList<HNil> for HNil {
    type Out = HNil;
}
impl<Ch: DiceLift<Th>, Ct: LiftList<Tt>, Th, Tt> LiftList<HCons<Th, Tt>> for HCons<Ch, Ct>
where
    Ch::Out: Concat<Ct::Out>,
{
    type Out = Cat<Ch::Out, Ct::Out>;
}
macro_rules! dice_tuples {
    ($($C:ident),+) => {
        /// A tuple coordinate: its entries' kept parts, spliced.
        impl<T, $($C),+> DiceTop<T> for ($($C,)+)
        where
            crate::data::int_tuple::hlist!($($C),+): LiftList<T>,
        {
            type Out = <crate::data::int_tuple::hlist!($($C),+) as LiftList<T>>::Out;
        }
        /// A tuple coordinate: its entries' kept parts, spliced.
        impl<T, $($C),+> DiceLift<T> for ($($C,)+)
        where
            crate::data::int_tuple::hlist!($($C),+): LiftList<T>,
        {
            type Out = <crate::data::int_tuple::hlist!($($C),+) as LiftList<T>>::Out;
        }
    };
}
crate::data::int_tuple::arities!(dice_tuples; (C0), (C1), (C2), (C3), (C4), (C5), (C6), (C7));
