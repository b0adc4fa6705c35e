//! Common vectors of two static layouts (docs/semantics/algebra.md#max-common-layout-and-vector):
//! `max_common_layout(A, B)` is `B⁻¹` restricted to the leading stride-1
//! mode of `coalesce(A ∘ B⁻¹)` (or `1:0` when there is none), the largest
//! layout `R` with `A(R(k)) == k == B(R(k))` for `k < size(R)`, and
//! `max_common_vector(A, B)` its size — built from the static right
//! inverse, composition and coalesce, with the results of cute-dynamic's
//! `max_common_layout`/`max_common_vector` and their laws.
//!
//! ```
//! use cute_static::{layout, Layout, algebra::{MaxCommon, MaxCommonLayout}};
//! let a = layout!((4, 8):(1, 4));
//! let b = layout!((4, 8):(1, 8));
//! assert_eq!(a.max_common_vector(b), 4);
//! assert_eq!(a.max_common_layout(b).to_string(), "_4:_1");
//! assert_eq!(<Layout![(4, 8):(1, 4)] as MaxCommon<Layout![(4, 8):(8, 1)]>>::VECTOR, 1);
//! static_assertions::assert_type_eq_all!(MaxCommonLayout<Layout![(4, 8):(1, 4)], Layout![32:1]>, Layout![32:1]);
//! ```

use typenum::operator_aliases::Eq;
use typenum::{B0, B1, IsEqual, U1};

use crate::algebra::coalesce::{Coalesce, Coalesced};
use crate::algebra::composition::{Compose, Composed};
use crate::algebra::inverse::{RightInverse, RightInvert};
use crate::data::layout::{Layout, Mode, ModeOf, StaticLayout};

/// `max_common_layout(Self, B)` and `max_common_vector(Self, B)`.
///
/// # Examples
///
/// CuTe's `max_common_vector(A, B)` and `max_common_layout(A, B)`:
///
/// ```
/// use cute_static::prelude::*;
/// let (a, b) = (layout!((4, 8):(1, 4)), layout!((4, 8):(1, 8)));
/// assert_eq!(a.max_common_vector(b), 4);
/// assert_eq!(a.max_common_layout(b).to_string(), "_4:_1");
/// ```
pub trait MaxCommon<B> {
    /// The common layout.
    type Output: StaticLayout;
    /// The common vector: the size of the common layout.
    const VECTOR: usize = <Self::Output as StaticLayout>::SIZE;
}
/// `max_common_layout(A, B)`.
pub type MaxCommonLayout<A, B> = <A as MaxCommon<B>>::Output;
impl<S, D, B> MaxCommon<B> for Layout<S, D>
where
    B: RightInvert,
    Self: Compose<RightInverse<B>>,
    Composed<Self, RightInverse<B>>: Coalesce,
    Coalesced<Composed<Self, RightInverse<B>>>: Mode<0>,
    <ModeOf<Coalesced<Composed<Self, RightInverse<B>>>, 0> as StaticLayout>::Tree: LeadingUnit,
    <<ModeOf<Coalesced<Composed<Self, RightInverse<B>>>, 0> as StaticLayout>::Tree as LeadingUnit>::Unit:
        CommonCase<RightInverse<B>, ModeOf<Coalesced<Composed<Self, RightInverse<B>>>, 0>>,
{
    type Output = <<<ModeOf<Coalesced<Composed<Self, RightInverse<B>>>, 0> as StaticLayout>::Tree as LeadingUnit>::Unit as CommonCase<
        RightInverse<B>,
        ModeOf<Coalesced<Composed<Self, RightInverse<B>>>, 0>,
    >>::Output;
}
/// Whether a coalesced leaf `(s, d)` has stride 1.
pub trait LeadingUnit {
    /// `B1` for stride 1.
    type Unit;
}
impl<S, D: IsEqual<U1>> LeadingUnit for (S, D) {
    type Unit = Eq<D, U1>;
}
/// The common layout (`Self` = whether the leading mode has stride 1).
pub trait CommonCase<Inv, First> {
    /// The layout.
    type Output: StaticLayout;
}
/// Stride 1: `B⁻¹ ∘ first`.
impl<Inv: Compose<First>, First> CommonCase<Inv, First> for B1
where
    Composed<Inv, First>: StaticLayout,
{
    type Output = Composed<Inv, First>;
}
/// No stride-1 mode: `1:0`.
impl<Inv, First> CommonCase<Inv, First> for B0 {
    type Output = Layout<crate::C<1>, crate::C<0>>;
}

impl<S, D> Layout<S, D> {
    /// `max_common_layout(self, b)` (see [`MaxCommon`]).
    #[inline(always)]
    pub fn max_common_layout<B>(self, _b: B) -> MaxCommonLayout<Self, B>
    where
        Self: MaxCommon<B>,
    {
        Default::default()
    }
    /// `max_common_vector(self, b)` (see [`MaxCommon`]).
    #[inline(always)]
    pub fn max_common_vector<B>(self, _b: B) -> usize
    where
        Self: MaxCommon<B>,
    {
        <Self as MaxCommon<B>>::VECTOR
    }
}
