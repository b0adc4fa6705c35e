//! Divides (docs/semantics/algebra.md#divides): `logical_divide(A, B) = A ∘ (B, complement(B, size(A)))`,
//! so mode 0 of the result is the tile `B` selects and mode 1 iterates over
//! the tiles; a tiler divides mode by mode and keeps `A`'s other modes.
//! `zipped_divide`, `tiled_divide` and `flat_divide` regroup the by-mode
//! result as CuTe's `zip2_by` over the tiler's profile:
//! `((tiles…),(rests…))`, `(tile, rest0, rest1, …)` and fully flat; a mode
//! kept by `_` is the tile `1:0` and stays whole in the rests.
//!
//! ```
//! use cute_static::{layout, tiler};
//! assert_eq!(layout!(48:1).logical_divide(layout!(32:1)).to_string(), "(_32,_2):(_1,_32)");
//! let a = layout!((4, 6):(1, 4));
//! let t = tiler!(<2:1, 3:1>);
//! assert_eq!(a.zipped_divide(t).to_string(), "((_2,_3),(_2,_2)):((_1,_4),(_2,_12))");
//! assert_eq!(a.tiled_divide(t).to_string(), "((_2,_3),_2,_2):((_1,_4),_2,_12)");
//! assert_eq!(a.flat_divide(t).to_string(), "(_2,_3,_2,_2):(_1,_4,_2,_12)");
//! ```

use core::ops::{Add, Mul};
use typenum::operator_aliases::{Add1, Eq, Prod};
use typenum::{B1, IsEqual, U0, U1};

use crate::algebra::complement::ComplementOf;
use crate::algebra::composition::{ComposeTree, Finish, ModesOf, RankErr};
use crate::data::layout::{FlatOf, Flatten, Layout, StaticLayout};
use crate::data::tiler::{IntoTiler, TI, TL, TS};
use crate::private::{Bind, ConsR, Err, Fun, HCons, HNil, If, Ok, Sel, Then};

/// The product of a tree's shapes.
pub trait SizeOf {
    /// The size.
    type Out;
}
/// `size` is the product of the flat shapes.
impl<T: Flatten> SizeOf for T
where
    FlatOf<T>: FlatSize,
{
    type Out = <FlatOf<T> as FlatSize>::Out;
}
/// The product of a list's shapes.
pub trait FlatSize {
    /// The size.
    type Out;
}
/// `size([]) = 1`.
impl FlatSize for HNil {
    type Out = U1;
}
/// `size((s, d) :: t) = s·size(t)`.
impl<S, D, T: FlatSize> FlatSize for HCons<(S, D), T>
where
    S: Mul<T::Out>,
{
    type Out = Prod<S, T::Out>;
}

/// An operation `A ⊙ B` on two trees (the per-mode step of a by-mode tiler).
pub trait TreeOp<A, B> {
    /// `Ok<tree>` or the error.
    type Out;
}

/// CuTe's `make_layout(n)` for an integer tile: `n:1`, or `1:0` for `n = 1`.
pub type TileOf<N> = Sel<Eq<N, U1>, (U1, U0), (N, U1)>;

/// Apply `Op` with the normalised tiler `Self` to `A`'s tree, mode by mode,
/// keeping the modes the tiler does not reach.
pub trait ApplyTiler<Op, A> {
    /// `Ok<tree>` or the error.
    type Out;
}
/// A layout applies to the whole of `A`.
impl<Op: TreeOp<A, BT>, A, BT> ApplyTiler<Op, A> for TL<BT> {
    type Out = Op::Out;
}
/// An integer tile applies as `make_layout(n)`.
impl<Op, A, N> ApplyTiler<Op, A> for TI<N>
where
    N: IsEqual<U1>,
    Eq<N, U1>: If<(U1, U0), (N, U1)>,
    Op: TreeOp<A, TileOf<N>>,
{
    type Out = <Op as TreeOp<A, TileOf<N>>>::Out;
}
/// `_` keeps the mode unchanged (CuTe's by-mode skip).
impl<Op, A> ApplyTiler<Op, A> for TS {
    type Out = Ok<A>;
}
/// A by-mode tiler applies to `A`'s modes by position.
impl<Op, A, TH, TT> ApplyTiler<Op, A> for HCons<TH, TT>
where
    A: ModesOf,
    A::Out: ByModeKeep<Op, HCons<TH, TT>>,
{
    type Out = <A::Out as ByModeKeep<Op, HCons<TH, TT>>>::Out;
}

/// `Op` over a list of `A`'s modes and a list of tilers; extra modes kept.
pub trait ByModeKeep<Op, Ts> {
    /// `Ok<list>` or the error.
    type Out;
}
/// No tilers left: the remaining modes are kept.
impl<Op, Ms> ByModeKeep<Op, HNil> for Ms {
    type Out = Ok<Ms>;
}
/// Tilers left but no modes: a rank error.
impl<Op, TH, TT: crate::algebra::composition::Len> ByModeKeep<Op, HCons<TH, TT>> for HNil
where
    TT::Out: Add<B1>,
    Add1<TT::Out>: crate::private::Pretty,
{
    type Out = Err<RankErr<crate::private::P<Add1<TT::Out>>>>;
}
/// `(m :: ms) ⊙ (t :: ts) = (m ⊙ t) :: (ms ⊙ ts)`.
impl<Op, M, Ms, TH, TT> ByModeKeep<Op, HCons<TH, TT>> for HCons<M, Ms>
where
    TH: ApplyTiler<Op, M>,
    Ms: ByModeKeep<Op, TT>,
    <TH as ApplyTiler<Op, M>>::Out: ConsR<<Ms as ByModeKeep<Op, TT>>::Out>,
{
    type Out = <<TH as ApplyTiler<Op, M>>::Out as ConsR<<Ms as ByModeKeep<Op, TT>>::Out>>::Out;
}

/// The divide step: `A ∘ (B, complement(B, size(A)))`.
pub struct DivideOp;
/// `A ⊘ B = A ∘ (B, complement(B, size(A)))`.
impl<A, B> TreeOp<A, B> for DivideOp
where
    A: SizeOf,
    A::Out: ComplementOf<B>,
    <A::Out as ComplementOf<B>>::Out: Bind<ComposePair<A, B>>,
{
    type Out = Then<<A::Out as ComplementOf<B>>::Out, ComposePair<A, B>>;
}
/// `C ↦ A ∘ (B, C)`.
pub struct ComposePair<A, B>(core::marker::PhantomData<(A, B)>);
/// Compose `A` with the pair `(B, C)`.
impl<A, B, Cm> Fun<Cm> for ComposePair<A, B>
where
    ComposeTree<HCons<B, HCons<Cm, HNil>>>: Fun<A>,
{
    type Out = <ComposeTree<HCons<B, HCons<Cm, HNil>>> as Fun<A>>::Out;
}

/// Regroupings of a by-mode result (`Self` = regrouping marker).
pub trait Regroup<L, T> {
    /// The regrouped tree.
    type Out;
}
/// The by-mode result itself.
pub struct Logical;
/// `((tiles…), (rests…))`.
pub struct Zipped;
/// `(tiles, rest0, rest1, …)`.
pub struct Tiled;
/// `(tile modes…, rest modes…)`.
pub struct Flat;
/// No regrouping.
impl<L, T> Regroup<L, T> for Logical {
    type Out = L;
}
/// `zip2_by(L, T)`.
impl<L: Zip2By<T>, T> Regroup<L, T> for Zipped {
    type Out = L::Out;
}
/// `(z0, splice(z1))` of the zipped result.
impl<L: Zip2By<T>, T, Z0, Z1> Regroup<L, T> for Tiled
where
    L: Zip2By<T, Out = HCons<Z0, HCons<Z1, HNil>>>,
    Z1: Splice,
{
    type Out = HCons<Z0, Z1::Out>;
}
/// `splice(z0) ++ splice(z1)` of the zipped result.
impl<L: Zip2By<T>, T, Z0, Z1> Regroup<L, T> for Flat
where
    L: Zip2By<T, Out = HCons<Z0, HCons<Z1, HNil>>>,
    Z0: Splice,
    Z1: Splice,
    Z0::Out: crate::private::Concat<Z1::Out>,
{
    type Out = crate::private::Cat<Z0::Out, Z1::Out>;
}

/// The modes a part contributes: a rank-1 part itself, else its children.
pub trait Splice {
    /// The list of modes.
    type Out;
}
/// A leaf is one mode.
impl<S, D> Splice for (S, D) {
    type Out = HCons<(S, D), HNil>;
}
/// A 1-tuple is kept whole.
impl<X> Splice for HCons<X, HNil> {
    type Out = HCons<HCons<X, HNil>, HNil>;
}
/// A longer tuple contributes its children.
impl<X, Y, T> Splice for HCons<X, HCons<Y, T>> {
    type Out = Self;
}
/// `()` contributes nothing.
impl Splice for HNil {
    type Out = HNil;
}

/// CuTe's `zip2_by`: gather the first and second halves of each tiled mode.
pub trait Zip2By<T> {
    /// `((firsts…), (seconds…))`.
    type Out;
}
/// A layout tile: the result is already the pair.
impl<X, Y, B> Zip2By<TL<B>> for HCons<X, HCons<Y, HNil>> {
    type Out = Self;
}
/// An integer tile: the result is already the pair.
impl<X, Y, N> Zip2By<TI<N>> for HCons<X, HCons<Y, HNil>> {
    type Out = Self;
}
/// A mode kept by `_` is the tile `1:0` and, whole, the rest (pycute's
/// `hier_unzip`, the documented meaning of `_`; CuTe C++ splits a rank-2
/// kept mode between tile and rest, cutlass#3514), whatever its rank, as
/// in cute-dynamic.
impl<M> Zip2By<TS> for M {
    type Out = HCons<(U1, U0), HCons<M, HNil>>;
}
/// A by-mode tiler: zip each tiled mode, untiled modes join the seconds.
impl<H, T, TH, TT> Zip2By<HCons<TH, TT>> for HCons<H, T>
where
    Self: Zip2Modes<HCons<TH, TT>>,
{
    type Out = HCons<
        <Self as Zip2Modes<HCons<TH, TT>>>::F,
        HCons<<Self as Zip2Modes<HCons<TH, TT>>>::S, HNil>,
    >;
}
/// `zip2_by` over the modes.
pub trait Zip2Modes<Ts> {
    /// The firsts.
    type F;
    /// The seconds.
    type S;
}
/// No tilers left: the modes are seconds.
impl<Ms> Zip2Modes<HNil> for Ms {
    type F = HNil;
    type S = Ms;
}
/// Zip mode `m` by tiler `t`, then the rest.
impl<M, Ms, TH, TT, Z0, Z1> Zip2Modes<HCons<TH, TT>> for HCons<M, Ms>
where
    M: Zip2By<TH, Out = HCons<Z0, HCons<Z1, HNil>>>,
    Ms: Zip2Modes<TT>,
{
    type F = HCons<Z0, Ms::F>;
    type S = HCons<Z1, Ms::S>;
}

/// `Ok<L> ↦ Ok<regroup(L)>`.
pub struct RegroupFun<R, T>(core::marker::PhantomData<(R, T)>);
/// Regroup the by-mode result.
impl<R: Regroup<L, T>, L, T> Fun<L> for RegroupFun<R, T> {
    type Out = Ok<R::Out>;
}

/// The tree of `Op` by tiler `T` on `A`, regrouped by `R`.
pub trait TilerOp<Op, R, A> {
    /// `Ok<tree>` or the error.
    type Out;
}
/// `regroup(by_mode(A, T))`.
impl<Op, R, A, T> TilerOp<Op, R, A> for T
where
    T: ApplyTiler<Op, A>,
    <T as ApplyTiler<Op, A>>::Out: Bind<RegroupFun<R, T>>,
{
    type Out = Then<<T as ApplyTiler<Op, A>>::Out, RegroupFun<R, T>>;
}

/// Declare a verb trait, its noun alias and its method for a tiler operation.
macro_rules! tiler_verb {
    ($(#[$doc:meta])* $Verb:ident, $Noun:ident, $method:ident, $Op:ty, $R:ty, $what:literal $(; $(#[$ex:meta])+)?) => {
        $(#[$doc])*
        ///
        /// `Output` is what the operation returns: for a static [`Layout`]
        /// the result layout itself (a [`StaticLayout`]; an inadmissible
        /// operation does not compile, so nothing is left to fail at run
        /// time); for an operand with run-time values (the divides of a
        /// [`MixedLayout`](crate::MixedLayout)), a `Result` of its layout.
        $($(#[$ex])+)?
        pub trait $Verb<T> {
            /// The result (a static layout, or a `Result` of a layout):
            /// usable as a layout through [`LayoutResult`](crate::LayoutResult).
            type Output: crate::kernel::layout::LayoutResult;
            #[doc = concat!("`", $what, "(self, t)`.")]
            fn $method(&self, t: T) -> Self::Output;
            /// The same result for a device view's layout: a mixed flat
            /// divide skips the validation of its result's size and cosize
            /// (the view checks that the divide is whole, and a whole
            /// divide of a valid layout is a valid layout: the same
            /// offsets, re-indexed). Every other divide is the checked one.
            #[doc(hidden)]
            #[inline(always)]
            fn divide_view(&self, t: T) -> Self::Output {
                self.$method(t)
            }
        }
        #[doc = concat!("`", $what, "(A, T)` by the tiler's normalised form, or a compile error naming the rule.")]
        impl<S, D, T> $Verb<T> for Layout<S, D>
        where
            Self: StaticLayout,
            T: IntoTiler,
            T::Norm: TilerOp<$Op, $R, <Self as StaticLayout>::Tree>,
            <T::Norm as TilerOp<$Op, $R, <Self as StaticLayout>::Tree>>::Out: Finish<Self, T>,
        {
            type Output = <<T::Norm as TilerOp<$Op, $R, <Self as StaticLayout>::Tree>>::Out as Finish<Self, T>>::Output;
            #[inline(always)]
            fn $method(&self, _t: T) -> Self::Output {
                Default::default()
            }
        }
        #[doc = concat!("The result of `", $what, "(A, T)`.")]
        pub type $Noun<A, T> = <A as $Verb<T>>::Output;
        impl<S, D> Layout<S, D> {
            #[doc = concat!("`", $what, "(self, t)` (see [`", stringify!($Verb), "`]).")]
            #[inline(always)]
            pub fn $method<T>(self, t: T) -> $Noun<Self, T>
            where
                Self: $Verb<T>,
            {
                <Self as $Verb<T>>::$method(&self, t)
            }
        }
    };
}
pub(crate) use tiler_verb;

tiler_verb!(
    /// `logical_divide(A, T)`: `A ∘ (B, complement(B, size(A)))`, by mode for a tiler.
    LogicalDivide, LogicalQuotient, logical_divide, DivideOp, Logical, "logical_divide";
    /// # Examples
    ///
    /// CuTe's `logical_divide(A, B)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// assert_eq!(layout!(48:1).logical_divide(layout!(32:1)).to_string(), "(_32,_2):(_1,_32)");
    /// ```
);
tiler_verb!(
    /// `zipped_divide(A, T)`: `((tiles…), (rests…))`.
    ZippedDivide, ZippedQuotient, zipped_divide, DivideOp, Zipped, "zipped_divide";
    /// # Examples
    ///
    /// CuTe's `zipped_divide(A, T)`: `((tile), (rest))`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// let a = layout!((4, 6):(1, 4));
    /// assert_eq!(a.zipped_divide(tiler!(<2:1, 3:1>)).to_string(), "((_2,_3),(_2,_2)):((_1,_4),(_2,_12))");
    /// ```
);
tiler_verb!(
    /// `tiled_divide(A, T)`: `(tiles, rest0, rest1, …)`.
    TiledDivide, TiledQuotient, tiled_divide, DivideOp, Tiled, "tiled_divide";
    /// # Examples
    ///
    /// CuTe's `tiled_divide(A, T)`: `((tile), rest0, rest1, …)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// let a = layout!((4, 6):(1, 4));
    /// assert_eq!(a.tiled_divide(tiler!(<2:1, 3:1>)).to_string(), "((_2,_3),_2,_2):((_1,_4),_2,_12)");
    /// ```
);
tiler_verb!(
    /// `flat_divide(A, T)`: the tile modes then the rest modes, one level.
    FlatDivide, FlatQuotient, flat_divide, DivideOp, Flat, "flat_divide";
    /// # Examples
    ///
    /// CuTe's `flat_divide(A, T)`: `(tile0, tile1, …, rest0, rest1, …)`:
    ///
    /// ```
    /// use cute_static::prelude::*;
    /// let a = layout!((4, 6):(1, 4));
    /// assert_eq!(a.flat_divide(tiler!(<2:1, 3:1>)).to_string(), "(_2,_3,_2,_2):(_1,_4,_2,_12)");
    /// ```
);
