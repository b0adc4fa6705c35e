//! CuTe's folds of integer tuples as types (`int_tuple.hpp`; the static
//! twin of cute-dynamic's `algebra/tuple_fold.rs`): `max`, `min`, `gcd` and
//! `sum` of the leaves of a static tuple, as a static integer (`MaxOf<T>`,
//! …), a constant (`VALUE`) and a method (`t.tuple_max()`, …; not `max`,
//! which `Ord` already names). Each has the defining property of its
//! run-time twin (`cute_dynamic::laws::check_{max,min,gcd,sum}`) and the
//! same result on every static tuple. A fold over no leaf (`()`, `((),())`)
//! has no value: `max`, `min` and `gcd` of it do not compile (the run-time
//! functions return `invalid_argument`); `sum(()) = 0`. The rule is
//! reported where the type is named (`MaxOf<()>`); the method form (no
//! generic parameter) is reported as a method whose bounds are not met,
//! with the rule in the note. Static integers are
//! non-negative, so CuTe's `abs` is the identity here.
//!
//! ```
//! use cute_static::{C, GcdOf, MaxOf, MinOf, SumOf, TupleMax, TupleSum};
//! type T = ((C<4>, C<6>), (C<8>, C<2>));
//! static_assertions::assert_type_eq_all!(MaxOf<T>, C<8>);
//! static_assertions::assert_type_eq_all!(MinOf<T>, C<2>);
//! static_assertions::assert_type_eq_all!(GcdOf<T>, C<2>);
//! static_assertions::assert_type_eq_all!(SumOf<T>, C<20>);
//! assert_eq!(<T as TupleSum>::VALUE, 20);
//! assert_eq!(((C::<4>, C::<6>), C::<9>).tuple_max(), C::<9>);
//! static_assertions::assert_type_eq_all!(SumOf<()>, C<0>);
//! ```

use core::ops::Add;
use typenum::operator_aliases::{Gcf, Maximum, Minimum, Sum};
use typenum::{Gcd, Max, Min, UInt, UTerm};

use crate::data::int_tuple::{Spell, StaticIntTuple};
use crate::data::int_tuple_ops::Spelled;
use crate::private::{HCons, HNil, Violation};

/// The fold `max`.
pub struct MaxOp;
/// The fold `min`.
pub struct MinOp;
/// The fold `gcd`.
pub struct GcdOp;
/// The fold `sum`.
pub struct SumOp;
/// The accumulator before the first leaf.
pub struct NoLeaf;

/// Two typenum integers combined by the fold `Self`.
pub trait Combine<A, B> {
    /// The result.
    type Out;
}
impl<A: Max<B>, B> Combine<A, B> for MaxOp {
    type Out = Maximum<A, B>;
}
impl<A: Min<B>, B> Combine<A, B> for MinOp {
    type Out = Minimum<A, B>;
}
impl<A: Gcd<B>, B> Combine<A, B> for GcdOp {
    type Out = Gcf<A, B>;
}
impl<A: Add<B>, B> Combine<A, B> for SumOp {
    type Out = Sum<A, B>;
}

/// One leaf `X` folded into the accumulator `Acc` by `Self`.
pub trait Step<Acc, X> {
    /// The new accumulator.
    type Out;
}
/// The first leaf starts the fold.
impl<Op, X> Step<NoLeaf, X> for Op {
    type Out = X;
}
impl<Op: Combine<UTerm, X>, X> Step<UTerm, X> for Op {
    type Out = <Op as Combine<UTerm, X>>::Out;
}
impl<Op: Combine<UInt<U, B>, X>, U, B, X> Step<UInt<U, B>, X> for Op {
    type Out = <Op as Combine<UInt<U, B>, X>>::Out;
}

/// The leaves of a tree folded, depth first, into `Acc` by `Op`.
pub trait FoldInto<Op, Acc> {
    /// The accumulator after the last leaf.
    type Out;
}
impl<Op, Acc> FoldInto<Op, Acc> for HNil {
    type Out = Acc;
}
impl<Op, Acc, H: FoldInto<Op, Acc>, T: FoldInto<Op, H::Out>> FoldInto<Op, Acc> for HCons<H, T> {
    type Out = T::Out;
}
impl<Op: Step<Acc, UTerm>, Acc> FoldInto<Op, Acc> for UTerm {
    type Out = <Op as Step<Acc, UTerm>>::Out;
}
impl<Op: Step<Acc, UInt<U, B>>, Acc, U, B> FoldInto<Op, Acc> for UInt<U, B> {
    type Out = <Op as Step<Acc, UInt<U, B>>>::Out;
}

/// Raised for `max` of a tuple without a leaf.
#[diagnostic::on_unimplemented(
    message = "max is not admissible: `{T}` has no leaf",
    label = "max folds the leaves of the tuple; a fold over none has no value"
)]
pub trait MaxNoLeaf<T> {}
/// Raised for `min` of a tuple without a leaf.
#[diagnostic::on_unimplemented(
    message = "min is not admissible: `{T}` has no leaf",
    label = "min folds the leaves of the tuple; a fold over none has no value"
)]
pub trait MinNoLeaf<T> {}
/// Raised for `gcd` of a tuple without a leaf.
#[diagnostic::on_unimplemented(
    message = "gcd is not admissible: `{T}` has no leaf",
    label = "gcd folds the leaves of the tuple; a fold over none has no value"
)]
pub trait GcdNoLeaf<T> {}

/// The value of a finished fold of the tuple `T` by `Op` (an error when no
/// leaf was folded).
pub trait Finished<Op, T> {
    /// The typenum result.
    type Out;
}
impl<Op, T> Finished<Op, T> for UTerm {
    type Out = UTerm;
}
impl<Op, T, U, B> Finished<Op, T> for UInt<U, B> {
    type Out = UInt<U, B>;
}
impl<T> Finished<MaxOp, T> for NoLeaf
where
    Violation: MaxNoLeaf<T>,
{
    type Out = UTerm;
}
impl<T> Finished<MinOp, T> for NoLeaf
where
    Violation: MinNoLeaf<T>,
{
    type Out = UTerm;
}
impl<T> Finished<GcdOp, T> for NoLeaf
where
    Violation: GcdNoLeaf<T>,
{
    type Out = UTerm;
}

/// The spelled result of folding `A`'s leaves by `Op` from `Start`.
type FoldOf<A, Op, Start> =
    Spelled<<<<A as StaticIntTuple>::Tree as FoldInto<Op, Start>>::Out as Finished<Op, A>>::Out>;

macro_rules! fold_verb {
    ($(#[$doc:meta])* $verb:ident, $noun:ident, $method:ident, $op:ty, $start:ty) => {
        $(#[$doc])*
        pub trait $verb {
            /// The result, a static integer.
            type Output: StaticIntTuple;
            /// Its value.
            const VALUE: usize;
            /// The fold of `self` (see the trait).
            #[inline(always)]
            fn $method(self) -> Self::Output
            where
                Self: Sized,
            {
                Default::default()
            }
        }
        /// The static integer of the trait of the same fold.
        pub type $noun<T> = <T as $verb>::Output;
        impl<A: StaticIntTuple> $verb for A
        where
            A::Tree: FoldInto<$op, $start>,
            <A::Tree as FoldInto<$op, $start>>::Out: Finished<$op, A>,
            <<A::Tree as FoldInto<$op, $start>>::Out as Finished<$op, A>>::Out: Spell,
            FoldOf<A, $op, $start>: StaticIntTuple,
        {
            type Output = FoldOf<A, $op, $start>;
            const VALUE: usize = <Self::Output as StaticIntTuple>::SIZE;
        }
    };
}

fold_verb!(
    /// CuTe's `max(t)`: the largest leaf (no leaf: does not compile).
    TupleMax, MaxOf, tuple_max, MaxOp, NoLeaf
);
fold_verb!(
    /// CuTe's `min(t)`: the smallest leaf (no leaf: does not compile).
    TupleMin, MinOf, tuple_min, MinOp, NoLeaf
);
fold_verb!(
    /// CuTe's `gcd(t)`: the greatest common divisor of the leaves, `0` when
    /// every leaf is 0 (no leaf: does not compile).
    TupleGcd, GcdOf, tuple_gcd, GcdOp, NoLeaf
);
fold_verb!(
    /// CuTe's `sum(t)`: the sum of the leaves (`0` for `()`).
    TupleSum, SumOf, tuple_sum, SumOp, UTerm
);
