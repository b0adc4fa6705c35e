//! Nullspace (kernel) of a static layout (docs/semantics/algebra.md#more-layout-functions):
//! `R = nullspace(L)` enumerates the coordinates `L` maps to offset 0 that
//! come from stride-0 leaves: `L(R(i)) == 0` for every `i < size(R)`, `R`
//! is injective, and `size(R) · size(filter(L)) == size(L)` — the result and
//! the law (`laws::check_nullspace`) of `cute_dynamic::nullspace`.
//!
//! CuTe's construction: flatten `L`, keep the stride-0 leaves, and give each
//! the stride it has in the compact column-major layout of `L`'s flat shape
//! (a size-1 leaf gets stride 0); one kept leaf gives `s:d`, several a flat
//! tuple, none `1:0`.
//!
//! ```
//! use cute_static::{layout, Layout, algebra::Nullspace};
//! assert_eq!(layout!((2, 4, 6):(1, 2, 0)).nullspace().to_string(), "_6:_8");
//! assert_eq!(layout!((4, (3, 5)):(0, (1, 0))).nullspace().to_string(), "(_4,_5):(_1,_12)");
//! static_assertions::assert_type_eq_all!(Nullspace<Layout![(4, 8):(1, 4)]>, Layout![1:0]);
//! ```

use core::ops::Mul;
use typenum::operator_aliases::{Eq, Prod};
use typenum::{IsEqual, U0, U1};

use crate::algebra::coalesce::Unwrap;
use crate::algebra::modes::{Spelt, SpeltOf};
use crate::data::layout::{FlatOf, Flatten, Layout, StaticLayout};
use crate::private::{HCons, HNil, If, Sel};

/// `nullspace(L)`.
///
/// # Examples
///
/// CuTe's `nullspace(L)`: the coordinates that `L` sends to 0:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!((2, 4, 6):(1, 2, 0)).nullspace().to_string(), "_6:_8");
/// ```
pub trait HasNullspace {
    /// The nullspace layout.
    type Output: StaticLayout;
}
/// `nullspace(L)`.
pub type Nullspace<L> = <L as HasNullspace>::Output;
impl<S, D> HasNullspace for Layout<S, D>
where
    Self: StaticLayout,
    <Self as StaticLayout>::Tree: Flatten,
    FlatOf<<Self as StaticLayout>::Tree>: NullWalk<U1>,
    <FlatOf<<Self as StaticLayout>::Tree> as NullWalk<U1>>::Out: Unwrap,
    <<FlatOf<<Self as StaticLayout>::Tree> as NullWalk<U1>>::Out as Unwrap>::Out: Spelt,
{
    type Output =
        SpeltOf<<<FlatOf<<Self as StaticLayout>::Tree> as NullWalk<U1>>::Out as Unwrap>::Out>;
}

/// The kept leaves of a flat list, `Cur` the compact stride so far.
pub trait NullWalk<Cur> {
    /// The kept leaves with their compact strides.
    type Out;
}
impl<Cur> NullWalk<Cur> for HNil {
    type Out = HNil;
}
/// `(s, 0)` is kept with stride `cur` (`0` for `s = 1`); the others dropped.
impl<Cur, S, D, T> NullWalk<Cur> for HCons<(S, D), T>
where
    Cur: Mul<S>,
    T: NullWalk<Prod<Cur, S>>,
    D: IsEqual<U0>,
    S: IsEqual<U1>,
    Eq<S, U1>: If<U0, Cur>,
    Eq<D, U0>: If<
            HCons<(S, Sel<Eq<S, U1>, U0, Cur>), <T as NullWalk<Prod<Cur, S>>>::Out>,
            <T as NullWalk<Prod<Cur, S>>>::Out,
        >,
{
    type Out = Sel<
        Eq<D, U0>,
        HCons<(S, Sel<Eq<S, U1>, U0, Cur>), <T as NullWalk<Prod<Cur, S>>>::Out>,
        <T as NullWalk<Prod<Cur, S>>>::Out,
    >;
}

impl<S, D> Layout<S, D> {
    /// `nullspace(self)` (see [`HasNullspace`]).
    #[inline(always)]
    pub fn nullspace(self) -> Nullspace<Self>
    where
        Self: HasNullspace,
    {
        Default::default()
    }
}
