//! CuTe's `prefix_product(a, init)` as a type (`int_tuple.hpp`; the static
//! twin of cute-dynamic's `prefix_product` in `algebra/compact_major.rs`):
//! each leaf becomes `init` times the product of the leaves before it
//! (depth first); under a leaf the result is `init`. Defining property:
//! `cute_tools::laws::check_prefix_product`, with the same result on
//! every static tuple. The init is a static integer (CuTe's tuple `init`,
//! mode by mode, is run time only).
//!
//! ```
//! use cute_static::{C, algebra::{PrefixProduct, PrefixProductOf}};
//! static_assertions::assert_type_eq_all!(
//!     PrefixProductOf<(C<4>, (C<1>, C<3>), C<2>)>,
//!     (C<1>, (C<4>, C<4>), C<12>)
//! );
//! static_assertions::assert_type_eq_all!(PrefixProductOf<(C<2>, C<3>), C<5>>, (C<5>, C<10>));
//! assert_eq!((C::<2>, C::<3>).prefix_product(C::<1>), (C::<1>, C::<2>));
//! ```

use core::ops::Mul;
use typenum::operator_aliases::Prod;
use typenum::{UInt, UTerm};

use crate::data::int_tuple::{C, Spell, StaticInt, StaticIntTuple};
use crate::data::int_tuple_ops::{SizeT, Spelled, TSize};
use crate::private::{HCons, HNil};

/// The prefix products of a tree from the typenum integer `I`.
pub trait TreePrefix<I> {
    /// The tree of prefix products.
    type Out;
}
/// Under a leaf, `init` itself.
impl<I> TreePrefix<I> for UTerm {
    type Out = I;
}
impl<I, U, B> TreePrefix<I> for UInt<U, B> {
    type Out = I;
}
impl<I> TreePrefix<I> for HNil {
    type Out = HNil;
}
/// Mode `h` from `i`, the rest from `i·size(h)`.
impl<I, H, T> TreePrefix<I> for HCons<H, T>
where
    H: TreePrefix<I> + TSize,
    I: Mul<SizeT<H>>,
    T: TreePrefix<Prod<I, SizeT<H>>>,
{
    type Out = HCons<<H as TreePrefix<I>>::Out, T::Out>;
}

/// CuTe's `prefix_product(self, init)` with a static integer `init`
/// (default `C<1>`; see the module documentation).
///
/// # Examples
///
/// CuTe's `prefix_product(t, init)`:
///
/// ```
/// use cute_static::{C, algebra::{PrefixProduct, PrefixProductOf}};
/// assert_eq!((C::<2>, C::<3>).prefix_product(C::<1>), (C::<1>, C::<2>));
/// static_assertions::assert_type_eq_all!(PrefixProductOf<(C<2>, C<3>), C<5>>, (C<5>, C<10>));
/// ```
pub trait PrefixProduct<I = C<1>> {
    /// The tuple of prefix products.
    type Output: StaticIntTuple;
    /// `prefix_product(self, init)`.
    #[inline(always)]
    fn prefix_product(self, _init: I) -> Self::Output
    where
        Self: Sized,
    {
        Default::default()
    }
}
/// The static tuple `prefix_product(A, I)`.
pub type PrefixProductOf<A, I = C<1>> = <A as PrefixProduct<I>>::Output;
impl<A: StaticIntTuple, I: StaticInt> PrefixProduct<I> for A
where
    A::Tree: TreePrefix<I::Tn>,
    <A::Tree as TreePrefix<I::Tn>>::Out: Spell,
    Spelled<<A::Tree as TreePrefix<I::Tn>>::Out>: StaticIntTuple,
{
    type Output = Spelled<<A::Tree as TreePrefix<I::Tn>>::Out>;
}
