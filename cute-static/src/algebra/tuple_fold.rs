//! CuTe's folds of integer tuples as types (`int_tuple.hpp`; the static
//! twin of cute-dynamic's `algebra/tuple_fold.rs`, with its `shape_min` and
//! `product_like` below): `max`, `min`, `gcd` and `sum` of the leaves of a
//! static tuple, as a static integer (`MaxOf<T>`,
//! …), a constant (`VALUE`) and a method (`t.tuple_max()`, …; not `max`,
//! which `Ord` already names). Each has the defining property of its
//! run-time twin (`cute_tools::laws::check_{max,min,gcd,sum}`) and the
//! same result on every static tuple. A fold over no leaf (`()`, `((),())`)
//! has no value: `max`, `min` and `gcd` of it do not compile (the run-time
//! functions return `invalid_argument`); `sum(()) = 0`. The rule is
//! reported where the type is named (`MaxOf<()>`); the method form (no
//! generic parameter) is reported as a method whose bounds are not met,
//! with the rule in the note. Static integers are
//! non-negative, so CuTe's `abs` is the identity here.
//!
//! ```
//! use cute_static::{C, algebra::{GcdOf, MaxOf, MinOf, SumOf, TupleMax, TupleSum}};
//! type T = ((C<4>, C<6>), (C<8>, C<2>));
//! static_assertions::assert_type_eq_all!(MaxOf<T>, C<8>);
//! static_assertions::assert_type_eq_all!(MinOf<T>, C<2>);
//! static_assertions::assert_type_eq_all!(GcdOf<T>, C<2>);
//! static_assertions::assert_type_eq_all!(SumOf<T>, C<20>);
//! assert_eq!(<T as TupleSum>::VALUE, 20);
//! assert_eq!(((C::<4>, C::<6>), C::<9>).tuple_max(), C::<9>);
//! static_assertions::assert_type_eq_all!(SumOf<()>, C<0>);
//! ```

use core::ops::{Add, BitOr};
use typenum::operator_aliases::{Eq, Gcf, Maximum, Minimum, Or, Sum};
use typenum::{Gcd, IsEqual, Max, Min, U1, UInt, UTerm};

use crate::data::int_tuple::{Spell, StaticIntTuple};
use crate::data::int_tuple_ops::{Leaf, SizeT, Spelled, TSize};
use crate::private::{HCons, HNil, If, Sel, Violation};

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
    ///
    /// # Examples
    ///
    /// CuTe's `max(t)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// use cute_static::algebra::{MaxOf, TupleMax};
    /// assert_eq!(((C::<4>, C::<6>), C::<9>).tuple_max(), C::<9>);
    /// static_assertions::assert_type_eq_all!(MaxOf<((C<4>, C<6>), (C<8>, C<2>))>, C<8>);
    /// ```
    TupleMax, MaxOf, tuple_max, MaxOp, NoLeaf
);
fold_verb!(
    /// CuTe's `min(t)`: the smallest leaf (no leaf: does not compile).
    ///
    /// # Examples
    ///
    /// CuTe's `min(t)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// use cute_static::algebra::MinOf;
    /// static_assertions::assert_type_eq_all!(MinOf<((C<4>, C<6>), (C<8>, C<2>))>, C<2>);
    /// ```
    TupleMin, MinOf, tuple_min, MinOp, NoLeaf
);
fold_verb!(
    /// CuTe's `gcd(t)`: the greatest common divisor of the leaves, `0` when
    /// every leaf is 0 (no leaf: does not compile).
    ///
    /// # Examples
    ///
    /// CuTe's `gcd(t)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// use cute_static::algebra::GcdOf;
    /// static_assertions::assert_type_eq_all!(GcdOf<((C<4>, C<6>), (C<8>, C<2>))>, C<2>);
    /// ```
    TupleGcd, GcdOf, tuple_gcd, GcdOp, NoLeaf
);
fold_verb!(
    /// CuTe's `sum(t)`: the sum of the leaves (`0` for `()`).
    ///
    /// # Examples
    ///
    /// CuTe's `sum(t)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// use cute_static::algebra::{SumOf, TupleSum};
    /// static_assertions::assert_type_eq_all!(SumOf<((C<4>, C<6>), (C<8>, C<2>))>, C<20>);
    /// assert_eq!(<((C<4>, C<6>), (C<8>, C<2>)) as TupleSum>::VALUE, 20);
    /// ```
    TupleSum, SumOf, tuple_sum, SumOp, UTerm
);

// ------------------------------------------------- shape_min, product_like

/// CuTe's `shape_min(a, b)` of two static shape integers: `1` when either
/// is 1 (CuTe keeps a static `_1`), else the smaller; the static twin of
/// `cute_dynamic::shape_min` (law `check_shape_min`). CuTe has no
/// `shape_min` of tuples: a tuple operand does not compile (the rule is
/// reported where the type is named, `ShapeMinOf<(…), B>`; the method on a
/// tuple is reported as a method whose bounds are not met).
///
/// ```
/// use cute_static::{C, algebra::{ShapeMin, ShapeMinOf}};
/// static_assertions::assert_type_eq_all!(ShapeMinOf<C<4>, C<6>>, C<4>);
/// static_assertions::assert_type_eq_all!(ShapeMinOf<C<0>, C<1>>, C<1>);
/// assert_eq!(C::<8>.shape_min(C::<2>), C::<2>);
/// ```
pub trait ShapeMin<B> {
    /// The result, a static integer.
    type Output: StaticIntTuple;
    /// Its value.
    const VALUE: usize;
    /// `shape_min(self, b)`.
    #[inline(always)]
    fn shape_min(self, _b: B) -> Self::Output
    where
        Self: Sized,
    {
        Default::default()
    }
}
/// The static integer `shape_min(A, B)`.
pub type ShapeMinOf<A, B> = <A as ShapeMin<B>>::Output;
impl<A: StaticIntTuple, B: StaticIntTuple> ShapeMin<B> for A
where
    A::Tree: ShapeMinTree<B::Tree>,
    <A::Tree as ShapeMinTree<B::Tree>>::Out: Spell,
    Spelled<<A::Tree as ShapeMinTree<B::Tree>>::Out>: StaticIntTuple,
{
    type Output = Spelled<<A::Tree as ShapeMinTree<B::Tree>>::Out>;
    const VALUE: usize = <Self::Output as StaticIntTuple>::SIZE;
}

/// Raised for `shape_min` of a tuple.
#[diagnostic::on_unimplemented(
    message = "shape_min is not admissible: `{A}` and `{B}` are not two integers",
    label = "CuTe's shape_min is implemented for shape integers only"
)]
pub trait ShapeMinIntegers<A, B> {}

/// `shape_min` of two typenum trees (an error unless both are leaves).
pub trait ShapeMinTree<Y> {
    /// The typenum result.
    type Out;
}
/// `1` when either is 1, else the smaller (typenum).
type ShapeMinT<A, B> = Sel<Or<Eq<A, U1>, Eq<B, U1>>, U1, Minimum<A, B>>;
macro_rules! shape_min_leaves {
    ($([$($g:tt)*] $x:ty, $y:ty);* $(;)?) => {$(
        impl<$($g)*> ShapeMinTree<$y> for $x
        where
            $x: IsEqual<U1> + Min<$y>,
            $y: IsEqual<U1>,
            Eq<$x, U1>: BitOr<Eq<$y, U1>>,
            Or<Eq<$x, U1>, Eq<$y, U1>>: If<U1, Minimum<$x, $y>>,
        {
            type Out = ShapeMinT<$x, $y>;
        }
    )*};
}
// Concrete leaf types on both sides, so that each operand pair has one
// candidate impl and a tuple reaches its rule.
shape_min_leaves!(
    [U, B, U2, B2] UInt<U, B>, UInt<U2, B2>;
);
/// `shape_min(0, 0) = 0`.
impl ShapeMinTree<UTerm> for UTerm {
    type Out = UTerm;
}
/// `shape_min(0, y)`: `1` when `y` is 1, else 0.
impl<U, B> ShapeMinTree<UInt<U, B>> for UTerm
where
    UInt<U, B>: IsEqual<U1>,
    Eq<UInt<U, B>, U1>: If<U1, UTerm>,
{
    type Out = Sel<Eq<UInt<U, B>, U1>, U1, UTerm>;
}
/// `shape_min(x, 0)`: `1` when `x` is 1, else 0.
impl<U, B> ShapeMinTree<UTerm> for UInt<U, B>
where
    UInt<U, B>: IsEqual<U1>,
    Eq<UInt<U, B>, U1>: If<U1, UTerm>,
{
    type Out = Sel<Eq<UInt<U, B>, U1>, U1, UTerm>;
}
macro_rules! shape_min_misfit {
    ($([$($g:tt)*] $x:ty, $y:ty);* $(;)?) => {$(
        impl<$($g)*> ShapeMinTree<$y> for $x
        where
            $x: Spell,
            $y: Spell,
            Violation: ShapeMinIntegers<Spelled<$x>, Spelled<$y>>,
        {
            type Out = U1;
        }
    )*};
}
shape_min_misfit!(
    [H, T, Y] HCons<H, T>, Y;
    [Y] HNil, Y;
    [H, T] UTerm, HCons<H, T>;
    [U, B, H, T] UInt<U, B>, HCons<H, T>;
    [U, B] UInt<U, B>, HNil;
);
// (`shape_min(C<0>, ())` has no impl with a generic parameter to defer the
// rule to: it fails with the plain unmet bound.)

/// Raised when `product_like`'s tuple does not fit its guide (shallower
/// than the guide, or a tuple of another rank where the guide has a tuple).
#[diagnostic::on_unimplemented(
    message = "product_like is not admissible: `{T}` does not fit the guide `{G}`",
    label = "the tuple must be at least as deep as the guide, with the guide's ranks",
    note = "product_like(t, guide) is congruent to guide, each leaf the size of the part of t under it"
)]
pub trait ProductLikeFit<T, G> {}

/// `product_like` of a tree `Self` by the guide tree `G`.
pub trait TreeProductLike<G> {
    /// The tree of sizes, congruent to `G`.
    type Out;
}
/// A leaf of the guide: the size of the part of the tuple under it.
impl<T: TSize> TreeProductLike<UTerm> for T {
    type Out = SizeT<T>;
}
impl<T: TSize, U, B> TreeProductLike<UInt<U, B>> for T {
    type Out = SizeT<T>;
}
impl TreeProductLike<HNil> for HNil {
    type Out = HNil;
}
/// Tuples of the same rank: mode by mode.
impl<TH, TT, GH, GT> TreeProductLike<HCons<GH, GT>> for HCons<TH, TT>
where
    TH: TreeProductLike<GH>,
    TT: TreeProductLike<GT>,
{
    type Out = HCons<TH::Out, TT::Out>;
}
macro_rules! product_like_misfit {
    ($([$($g:tt)*] $t:ty => $guide:ty),* $(,)?) => {$(
        impl<$($g)*> TreeProductLike<$guide> for $t
        where
            $t: Spell,
            $guide: Spell,
            Violation: ProductLikeFit<Spelled<$t>, Spelled<$guide>>,
        {
            type Out = HNil;
        }
    )*};
}
product_like_misfit!(
    [T: Leaf] T => HNil,
    [H, T] HCons<H, T> => HNil,
    [GH, GT] UTerm => HCons<GH, GT>,
    [U, B, GH, GT] UInt<U, B> => HCons<GH, GT>,
    [GH, GT] HNil => HCons<GH, GT>,
);

/// CuTe's `product_like(t, guide)`: congruent to `guide`, each leaf the
/// size of the part of `t` at that leaf of the guide; the static twin of
/// `cute_dynamic::product_like` (law `check_product_like`). A tuple
/// shallower than its guide, or of another rank, does not compile.
///
/// ```
/// use cute_static::{C, algebra::{ProductLike, ProductLikeOf}};
/// static_assertions::assert_type_eq_all!(
///     ProductLikeOf<((C<2>, C<3>), (C<4>, C<5>), C<6>), (C<1>, (C<1>, C<1>), C<1>)>,
///     (C<6>, (C<4>, C<5>), C<6>)
/// );
/// assert_eq!(((C::<2>, C::<3>), C::<4>).product_like(C::<0>), C::<24>);
/// ```
pub trait ProductLike<G> {
    /// The tuple of sizes, congruent to `G`.
    type Output: StaticIntTuple;
    /// `product_like(self, guide)`.
    #[inline(always)]
    fn product_like(self, _guide: G) -> Self::Output
    where
        Self: Sized,
    {
        Default::default()
    }
}
/// The static tuple `product_like(T, G)`.
pub type ProductLikeOf<T, G> = <T as ProductLike<G>>::Output;
impl<A: StaticIntTuple, G: StaticIntTuple> ProductLike<G> for A
where
    A::Tree: TreeProductLike<G::Tree>,
    <A::Tree as TreeProductLike<G::Tree>>::Out: Spell,
    Spelled<<A::Tree as TreeProductLike<G::Tree>>::Out>: StaticIntTuple,
{
    type Output = Spelled<<A::Tree as TreeProductLike<G::Tree>>::Out>;
}
