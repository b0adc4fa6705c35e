//! `domain_offset(c, L) = (L, L(c))` for a static layout
//! (docs/semantics/algebra.md#more-layout-functions): shifting a tensor's origin to
//! the coordinate `c` keeps its layout and moves its base by `L(c)` — the
//! result and the law (`laws::check_domain_offset`) of
//! `cute_dynamic::domain_offset`. A static coordinate (`C<N>` entries) gives
//! a static offset ([`DomainOffset<L, Crd>`], [`HasDomainOffset::OFFSET`]);
//! a run-time coordinate (`usize` entries, any coordinate
//! [`Coordinate`] accepts) a run-time one (`l.domain_offset(c)`). A
//! coordinate that does not fit the shape does not compile.
//!
//! ```
//! use cute_static::{layout, Layout, C, algebra::{DomainOffset, HasDomainOffset}};
//! let l = layout!((8, (4, 2)):(1, (8, 64)));
//! assert_eq!(l.domain_offset((2usize, (1usize, 1usize))), (l, 2 + 8 + 64));
//! type L = Layout![(8, (4, 2)):(1, (8, 64))];
//! static_assertions::assert_type_eq_all!(DomainOffset<L, (C<2>, (C<1>, C<1>))>, C<74>);
//! assert_eq!(<L as HasDomainOffset<(C<2>, C<5>)>>::OFFSET, 2 + 8 + 64);
//! ```

use core::marker::PhantomData;
use core::ops::{Add, Div, Mul, Rem};
use typenum::operator_aliases::{Mod, Prod, Quot, Sum};
use typenum::{U0, Unsigned};

use crate::data::int_tuple::{C, StaticInt};
use crate::data::layout::{Coordinate, FlatOf, Flatten, Layout, StaticLayout};
use crate::private::{HCons, HNil, P, Pretty};

/// `domain_offset(Crd, L)` for a static layout `L` and a static coordinate
/// `Crd`: the offset `L(Crd)` as a type.
///
/// # Examples
///
/// CuTe's `domain_offset(c, L)`: `(L, L(c))`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!((8, (4, 2)):(1, (8, 64)));
/// assert_eq!(l.domain_offset((2usize, (1usize, 1usize))), (l, 2 + 8 + 64));
/// ```
pub trait HasDomainOffset<Crd> {
    /// `L(Crd)` (a `C<N>` where readable, else a typenum integer).
    type Offset;
    /// `L(Crd)`.
    const OFFSET: usize;
}
/// `domain_offset(Crd, L)`'s offset `L(Crd)`.
pub type DomainOffset<L, Crd> = <L as HasDomainOffset<Crd>>::Offset;
impl<S, D, Crd> HasDomainOffset<Crd> for Layout<S, D>
where
    Self: StaticLayout,
    Crd: StaticCoord<<Self as StaticLayout>::Tree>,
    <Crd as StaticCoord<<Self as StaticLayout>::Tree>>::Out: Pretty + Unsigned,
{
    type Offset = P<<Crd as StaticCoord<<Self as StaticLayout>::Tree>>::Out>;
    const OFFSET: usize =
        <<Crd as StaticCoord<<Self as StaticLayout>::Tree>>::Out as Unsigned>::USIZE;
}

impl<S, D> Layout<S, D>
where
    Self: StaticLayout,
{
    /// `domain_offset(c, self)`: the layout and the offset `self(c)` of a
    /// run-time coordinate (`usize` entries; [`HasDomainOffset`] gives a
    /// static coordinate's offset as a type).
    #[inline(always)]
    pub fn domain_offset<Crd: Coordinate<<Self as StaticLayout>::Tree>>(
        self,
        c: Crd,
    ) -> (Self, usize)
    where
        <Self as StaticLayout>::Flat: crate::data::layout::NonNegativeStrides,
    {
        (self, c.offset(PhantomData))
    }
}

/// A static coordinate of a layout whose zipped tree is `T`: its offset.
#[diagnostic::on_unimplemented(
    message = "domain_offset is not admissible: `{Self}` is not a static coordinate of this layout",
    note = "a static coordinate is a `C<N>` or a tuple of static coordinates with one entry per mode"
)]
pub trait StaticCoord<T> {
    /// The offset (typenum).
    type Out;
}
/// An integer coordinate: split colexicographically over the mode's
/// leaves, the last not reduced.
impl<T, const N: usize> StaticCoord<T> for C<N>
where
    C<N>: StaticInt,
    T: Flatten,
    FlatOf<T>: IdxOffset<<C<N> as StaticInt>::Tn>,
{
    type Out = <FlatOf<T> as IdxOffset<<C<N> as StaticInt>::Tn>>::Out;
}
/// The offset of a list of coordinates on a list of modes: the sum.
#[diagnostic::on_unimplemented(
    message = "domain_offset is not admissible: a tuple coordinate has not the rank of the mode it is paired with",
    note = "a static coordinate is a `C<N>` or a tuple of static coordinates with one entry per mode"
)]
pub trait CoordList<T> {
    /// The offset.
    type Out;
}
impl CoordList<HNil> for HNil {
    type Out = U0;
}
impl<Ch: StaticCoord<Th>, Ct: CoordList<Tt>, Th, Tt> CoordList<HCons<Th, Tt>> for HCons<Ch, Ct>
where
    Ch::Out: Add<Ct::Out>,
{
    type Out = Sum<Ch::Out, Ct::Out>;
}
macro_rules! coord_tuples {
    ($($C:ident),+) => {
        /// A tuple coordinate: the sum of its entries' offsets.
        impl<T, $($C),+> StaticCoord<T> for ($($C,)+)
        where
            crate::data::int_tuple::hlist!($($C),+): CoordList<T>,
        {
            type Out = <crate::data::int_tuple::hlist!($($C),+) as CoordList<T>>::Out;
        }
    };
}
crate::data::int_tuple::arities!(coord_tuples; (C0), (C1), (C2), (C3), (C4), (C5), (C6), (C7));

/// The offset of the integer `I` on a flat list of modes (colexicographic,
/// the last mode not reduced).
pub trait IdxOffset<I> {
    /// The offset.
    type Out;
}
impl<I> IdxOffset<I> for HNil {
    type Out = U0;
}
impl<I: Mul<D>, S, D> IdxOffset<I> for HCons<(S, D), HNil> {
    type Out = Prod<I, D>;
}
impl<I, S, D, H2, T2> IdxOffset<I> for HCons<(S, D), HCons<H2, T2>>
where
    I: Rem<S> + Div<S>,
    Mod<I, S>: Mul<D>,
    HCons<H2, T2>: IdxOffset<Quot<I, S>>,
    Prod<Mod<I, S>, D>: Add<<HCons<H2, T2> as IdxOffset<Quot<I, S>>>::Out>,
{
    type Out = Sum<Prod<Mod<I, S>, D>, <HCons<H2, T2> as IdxOffset<Quot<I, S>>>::Out>;
}
