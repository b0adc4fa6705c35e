//! Mode manipulation on static layouts (docs/semantics/algebra.md#more-layout-functions), CuTe's
//! `make_layout(l0, l1, …)`, `append`, `prepend`, `replace<I>`,
//! `group_modes<B, E>`, `select<I…>`, `take<B, E>` and `flatten`: the same
//! results as cute-dynamic's `Layout::concat`, `append`, `prepend`,
//! `replace`, `group_modes`, `select`, `take` and `flatten`. They move
//! modes without changing any `(shape, stride)` leaf; an index or range
//! outside the layout's modes does not compile.
//!
//! ```
//! use cute_static::{layout, Layout, C, algebra::{make_layout, Taken}};
//! let a = layout!((2, 3):(1, 2));
//! let b = layout!(4:6);
//! assert_eq!(make_layout((a, b)).to_string(), "((_2,_3),_4):((_1,_2),_6)");
//! assert_eq!(a.append(b).to_string(), "(_2,_3,_4):(_1,_2,_6)");
//! assert_eq!(a.prepend(b).to_string(), "(_4,_2,_3):(_6,_1,_2)");
//! assert_eq!(a.replace(C::<1>, b).to_string(), "(_2,_4):(_1,_6)");
//! let l = layout!((2, 3, 4, 5):(1, 2, 6, 24));
//! assert_eq!(l.group_modes::<1, 3>().to_string(), "(_2,(_3,_4),_5):(_1,(_2,_6),_24)");
//! assert_eq!(l.take::<1, 3>().to_string(), "(_3,_4):(_2,_6)");
//! assert_eq!(l.select((C::<3>, C::<0>)).to_string(), "(_5,_2):(_24,_1)");
//! assert_eq!(layout!(((2, 2), (4, 2)):((1, 8), (2, 16))).flatten().to_string(), "(_2,_2,_4,_2):(_1,_8,_2,_16)");
//! static_assertions::assert_type_eq_all!(Taken<Layout![(2, 3, 4):(1, 2, 6)], 0, 2>, Layout![(2, 3):(1, 2)]);
//! ```

use core::ops::Sub;
use typenum::operator_aliases::{And, Le, LeEq, Sub1};
use typenum::{B0, B1, Const, IsLess, IsLessOrEqual, ToUInt, U, U0, UInt};

use crate::algebra::composition::{Len, ModesOf};
use crate::data::int_tuple::{Spell, StaticInt, arities};
use crate::data::layout::{FlatOf, Flatten, Layout, LayoutOf, StaticLayout, Unzip};
use crate::private::{Cat, Concat, HCons, HNil, P, Pretty, Violation};

/// A zipped tree that is a layout: spelled back with `C<N>` leaves.
pub trait Spelt {
    /// The layout.
    type Output: StaticLayout;
}
impl<T: Unzip> Spelt for T
where
    T::S: Spell,
    T::D: Spell,
    LayoutOf<T>: StaticLayout,
{
    type Output = LayoutOf<T>;
}
/// The layout of a zipped tree.
pub type SpeltOf<T> = <T as Spelt>::Output;

/// The top-level modes of a layout's tree.
type Modes<L> = <<L as StaticLayout>::Tree as ModesOf>::Out;
/// The number of top-level modes of a layout.
type Rank<L> = <Modes<L> as Len>::Out;

// ------------------------------------------------------------- list helpers

/// Split a list after `N` entries: `(prefix, suffix)` (total: a list shorter
/// than `N` gives itself and `[]`; ranges are checked before).
pub trait SplitAt<N> {
    /// The prefix.
    type Pre;
    /// The suffix.
    type Suf;
}
impl<L> SplitAt<U0> for L {
    type Pre = HNil;
    type Suf = L;
}
impl<X, Bt> SplitAt<UInt<X, Bt>> for HNil {
    type Pre = HNil;
    type Suf = HNil;
}
impl<H, T, X, Bt> SplitAt<UInt<X, Bt>> for HCons<H, T>
where
    UInt<X, Bt>: Sub<B1>,
    T: SplitAt<Sub1<UInt<X, Bt>>>,
{
    type Pre = HCons<H, <T as SplitAt<Sub1<UInt<X, Bt>>>>::Pre>;
    type Suf = <T as SplitAt<Sub1<UInt<X, Bt>>>>::Suf;
}
type Pre<L, N> = <L as SplitAt<N>>::Pre;
type Suf<L, N> = <L as SplitAt<N>>::Suf;

/// A range check: `Self` is whether the range `B..E` of `L`'s modes is valid.
pub trait RangeOk<Op, L, B, E> {}
impl<Op, L, B, E> RangeOk<Op, L, B, E> for B1 {}
impl<Op: ReportRange<L, P<B>, P<E>>, L, B: Pretty, E: Pretty> RangeOk<Op, L, B, E> for B0 {}
/// Report an invalid range through the operation's diagnostic.
pub trait ReportRange<L, B, E> {}

macro_rules! range_diagnostics {
    ($($op:ident $rule:ident $what:literal;)+) => {
        /// The operation names of the range checks.
        #[allow(non_camel_case_types)]
        pub mod names {
            $(
                #[doc = concat!("`", stringify!($op), "`.")]
                pub struct $op;
            )+
        }
        $(
            #[doc = concat!("Raised for `", stringify!($op), "` outside a layout's modes.")]
            #[diagnostic::on_unimplemented(
                message = $what,
                label = "a layout of rank r has modes 0..r",
                note = "mode indices (and half-open ranges of them) must lie below the layout's rank"
            )]
            pub trait $rule<L, B, E> {}
            impl<L, B, E> ReportRange<L, B, E> for names::$op where Violation: $rule<L, B, E> {}
        )+
    };
}
range_diagnostics! {
    take TakeRange "take is not admissible: modes {B}..{E} are not a range of the modes of {L}";
    group_modes GroupRange "group_modes is not admissible: modes {B}..{E} are not a non-empty range of the modes of {L}";
    replace ReplaceIndex "replace is not admissible: {L} has no mode {B}";
    select SelectIndex "select is not admissible: {L} has no mode {B}";
}

// ------------------------------------------------------------- make_layout

/// CuTe's `make_layout(l0, l1, …)`: the layouts as the modes of one layout,
/// implemented for tuples of static layouts.
///
/// # Examples
///
/// CuTe's `make_layout(L0, L1)`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = make_layout((layout!((2, 3):(1, 2)), layout!(4:6)));
/// assert_eq!(l.to_string(), "((_2,_3),_4):((_1,_2),_6)");
/// ```
pub trait MakeLayout {
    /// The concatenated layout.
    type Output: StaticLayout;
}
/// The layout whose modes are the layouts of the tuple `Ls`.
pub type MakeLayoutOf<Ls> = <Ls as MakeLayout>::Output;
/// `make_layout((l0, l1, …))`: the layouts as the modes of one layout (see [`MakeLayout`]).
#[inline(always)]
pub fn make_layout<Ls: MakeLayout>(_modes: Ls) -> Ls::Output {
    Default::default()
}
macro_rules! make_layout_tuples {
    ($($L:ident $i:tt),+) => {
        /// The layouts of a tuple as modes.
        impl<$($L: StaticLayout),+> MakeLayout for ($($L,)+)
        where
            Layout<($($L::Shape,)+), ($($L::Stride,)+)>: StaticLayout,
        {
            type Output = Layout<($($L::Shape,)+), ($($L::Stride,)+)>;
        }
    };
}
arities!(make_layout_tuples; (L0 0), (L1 1), (L2 2), (L3 3), (L4 4), (L5 5), (L6 6), (L7 7));

// ------------------------------------------------------------- append, prepend, replace

/// `append(L, M)`: `L`'s modes followed by `M` as one new mode (an integer
/// layout becomes a rank-2 tuple).
///
/// # Examples
///
/// CuTe's `append(A, B)`:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!((2, 3):(1, 2)).append(layout!(4:6)).to_string(), "(_2,_3,_4):(_1,_2,_6)");
/// ```
pub trait Append<M> {
    /// The longer layout.
    type Output: StaticLayout;
}
/// `append(L, M)`.
pub type Appended<L, M> = <L as Append<M>>::Output;
/// (The obligations keep `M`'s tree as their self type, so an operand
/// still being inferred is merely ambiguous, never explored.)
impl<L: StaticLayout, M: StaticLayout> Append<M> for L
where
    L::Tree: ModesOf,
    M::Tree: AppendTo<Modes<L>>,
{
    type Output = <M::Tree as AppendTo<Modes<L>>>::Output;
}
/// `Self` (a mode's tree) appended to, or prepended to, the modes `Ms`.
pub trait AppendTo<Ms> {
    /// The layout of `Ms ++ [Self]`.
    type Output: StaticLayout;
    /// The layout of `[Self] ++ Ms`.
    type Prepended: StaticLayout;
}
impl<Mt, Ms> AppendTo<Ms> for Mt
where
    Ms: Concat<HCons<Mt, HNil>>,
    Cat<Ms, HCons<Mt, HNil>>: Spelt,
    HCons<Mt, Ms>: Spelt,
{
    type Output = SpeltOf<Cat<Ms, HCons<Mt, HNil>>>;
    type Prepended = SpeltOf<HCons<Mt, Ms>>;
}

/// `prepend(L, M)`: `M` as a new first mode followed by `L`'s modes.
///
/// # Examples
///
/// CuTe's `prepend(A, B)`:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!((2, 3):(1, 2)).prepend(layout!(4:6)).to_string(), "(_4,_2,_3):(_6,_1,_2)");
/// ```
pub trait Prepend<M> {
    /// The longer layout.
    type Output: StaticLayout;
}
/// `prepend(L, M)`.
pub type Prepended<L, M> = <L as Prepend<M>>::Output;
impl<L: StaticLayout, M: StaticLayout> Prepend<M> for L
where
    L::Tree: ModesOf,
    M::Tree: AppendTo<Modes<L>>,
{
    type Output = <M::Tree as AppendTo<Modes<L>>>::Prepended;
}

/// `replace<I>(L, M)`: mode `I` of `L` replaced by `M` (an integer layout,
/// whose only mode is 0, becomes `M`).
///
/// # Examples
///
/// CuTe's `replace<I>(A, B)`:
///
/// ```
/// use cute_static::prelude::*;
/// assert_eq!(layout!((2, 3):(1, 2)).replace(C::<1>, layout!(4:6)).to_string(), "(_2,_4):(_1,_6)");
/// ```
pub trait Replace<const I: usize, M> {
    /// The layout with the new mode.
    type Output: StaticLayout;
}
/// `replace<I>(L, M)`.
pub type Replaced<L, const I: usize, M> = <L as Replace<I, M>>::Output;
impl<L: StaticLayout, M: StaticLayout, const I: usize> Replace<I, M> for L
where
    Const<I>: ToUInt,
    L::Tree: ModesOf,
    Modes<L>: Len,
    U<I>: IsLess<Rank<L>> + Add1Of,
    Le<U<I>, Rank<L>>: RangeOk<names::replace, L, U<I>, <U<I> as Add1Of>::Out>,
    M::Tree: ReplaceInto<L::Tree, U<I>>,
{
    type Output = <M::Tree as ReplaceInto<L::Tree, U<I>>>::Output;
}
/// `Self` (a mode's tree) put in place of child `N` of the tree `T`.
pub trait ReplaceInto<T, N> {
    /// The new layout.
    type Output: StaticLayout;
}
impl<Mt, T: ReplaceTree<N, Mt>, N> ReplaceInto<T, N> for Mt
where
    T::Out: Spelt,
{
    type Output = SpeltOf<T::Out>;
}
/// `n + 1`.
pub trait Add1Of {
    /// The successor.
    type Out;
}
impl<N: core::ops::Add<B1>> Add1Of for N {
    type Out = typenum::Add1<N>;
}
/// Replace child `N` of a zipped tree by `M`.
pub trait ReplaceTree<N, M> {
    /// The new tree.
    type Out;
}
/// An integer layout: its only mode becomes `M`.
impl<S, D, N, M> ReplaceTree<N, M> for (S, D) {
    type Out = M;
}
/// A tuple: prefix, `M`, the rest after the replaced child.
impl<H, T, N, M> ReplaceTree<N, M> for HCons<H, T>
where
    Self: SplitAt<N>,
    Suf<Self, N>: Tail,
    Pre<Self, N>: Concat<HCons<M, <Suf<Self, N> as Tail>::Out>>,
{
    type Out = Cat<Pre<Self, N>, HCons<M, <Suf<Self, N> as Tail>::Out>>;
}
/// The tail of a list (`[]` for `[]`).
pub trait Tail {
    /// The tail.
    type Out;
}
impl Tail for HNil {
    type Out = HNil;
}
impl<H, T> Tail for HCons<H, T> {
    type Out = T;
}

// ------------------------------------------------------------- group, take, select, flatten

/// `group_modes<B, E>(L)`: modes `B..E` grouped into one mode (`B < E ≤ rank`).
///
/// # Examples
///
/// CuTe's `group_modes<B, E>(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!((2, 3, 4, 5):(1, 2, 6, 24));
/// assert_eq!(l.group_modes::<1, 3>().to_string(), "(_2,(_3,_4),_5):(_1,(_2,_6),_24)");
/// ```
pub trait GroupModes<const B: usize, const E: usize> {
    /// The regrouped layout.
    type Output: StaticLayout;
}
/// `group_modes<B, E>(L)`.
pub type Grouped<L, const B: usize, const E: usize> = <L as GroupModes<B, E>>::Output;
impl<L: StaticLayout, const B: usize, const E: usize> GroupModes<B, E> for L
where
    Const<B>: ToUInt,
    Const<E>: ToUInt,
    L::Tree: ModesOf,
    Modes<L>: Len + SplitAt<U<E>>,
    U<B>: IsLess<U<E>>,
    U<E>: IsLessOrEqual<Rank<L>>,
    Le<U<B>, U<E>>: core::ops::BitAnd<LeEq<U<E>, Rank<L>>>,
    And<Le<U<B>, U<E>>, LeEq<U<E>, Rank<L>>>: RangeOk<names::group_modes, L, U<B>, U<E>>,
    Pre<Modes<L>, U<E>>: SplitAt<U<B>>,
    Pre<Pre<Modes<L>, U<E>>, U<B>>:
        Concat<HCons<Suf<Pre<Modes<L>, U<E>>, U<B>>, Suf<Modes<L>, U<E>>>>,
    Cat<Pre<Pre<Modes<L>, U<E>>, U<B>>, HCons<Suf<Pre<Modes<L>, U<E>>, U<B>>, Suf<Modes<L>, U<E>>>>:
        Spelt,
{
    type Output = SpeltOf<
        Cat<
            Pre<Pre<Modes<L>, U<E>>, U<B>>,
            HCons<Suf<Pre<Modes<L>, U<E>>, U<B>>, Suf<Modes<L>, U<E>>>,
        >,
    >;
}

/// `take<B, E>(L)`: modes `B..E` as a new layout (`B ≤ E ≤ rank`).
///
/// # Examples
///
/// CuTe's `take<B, E>(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!((2, 3, 4, 5):(1, 2, 6, 24));
/// assert_eq!(l.take::<1, 3>().to_string(), "(_3,_4):(_2,_6)");
/// ```
pub trait Take<const B: usize, const E: usize> {
    /// The sub-layout.
    type Output: StaticLayout;
}
/// `take<B, E>(L)`.
pub type Taken<L, const B: usize, const E: usize> = <L as Take<B, E>>::Output;
impl<L: StaticLayout, const B: usize, const E: usize> Take<B, E> for L
where
    Const<B>: ToUInt,
    Const<E>: ToUInt,
    L::Tree: ModesOf,
    Modes<L>: Len + SplitAt<U<E>>,
    U<B>: IsLessOrEqual<U<E>>,
    U<E>: IsLessOrEqual<Rank<L>>,
    LeEq<U<B>, U<E>>: core::ops::BitAnd<LeEq<U<E>, Rank<L>>>,
    And<LeEq<U<B>, U<E>>, LeEq<U<E>, Rank<L>>>: RangeOk<names::take, L, U<B>, U<E>>,
    Pre<Modes<L>, U<E>>: SplitAt<U<B>>,
    Suf<Pre<Modes<L>, U<E>>, U<B>>: Spelt,
{
    type Output = SpeltOf<Suf<Pre<Modes<L>, U<E>>, U<B>>>;
}

/// `select<I…>(L)`: the modes `I…` (a tuple of `C<I>`), in that order.
///
/// # Examples
///
/// CuTe's `select<I…>(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!((2, 3, 4, 5):(1, 2, 6, 24));
/// assert_eq!(l.select((C::<3>, C::<0>)).to_string(), "(_5,_2):(_24,_1)");
/// ```
pub trait Select<Is> {
    /// The selected layout.
    type Output: StaticLayout;
}
/// `select<I…>(L)`.
pub type Selected<L, Is> = <L as Select<Is>>::Output;
/// Pick the modes at the indices of a list from a list of modes.
pub trait Pick<Ms, L> {
    /// The picked modes.
    type Out;
}
impl<Ms, L> Pick<Ms, L> for HNil {
    type Out = HNil;
}
impl<Ms, L, I, T> Pick<Ms, L> for HCons<I, T>
where
    Ms: Len + SplitAt<I>,
    I: IsLess<<Ms as Len>::Out> + Add1Of,
    Le<I, <Ms as Len>::Out>: RangeOk<names::select, L, I, <I as Add1Of>::Out>,
    Suf<Ms, I>: Head,
    T: Pick<Ms, L>,
{
    type Out = HCons<<Suf<Ms, I> as Head>::Out, <T as Pick<Ms, L>>::Out>;
}
/// The head of a list (a placeholder for `[]`: ranges are checked before).
pub trait Head {
    /// The head.
    type Out;
}
impl Head for HNil {
    type Out = HNil;
}
impl<H, T> Head for HCons<H, T> {
    type Out = H;
}
/// A tuple of static indices as a list of typenum integers.
pub trait Indices {
    /// The list.
    type Out;
}
macro_rules! index_tuples {
    ($($I:ident),+) => {
        /// A tuple of `C<I>`.
        impl<$($I: StaticInt),+> Indices for ($($I,)+) {
            type Out = crate::data::int_tuple::hlist!($($I::Tn),+);
        }
    };
}
arities!(index_tuples; (I0), (I1), (I2), (I3), (I4), (I5), (I6), (I7));
impl<L: StaticLayout, Is: Indices> Select<Is> for L
where
    L::Tree: ModesOf,
    Is::Out: Pick<Modes<L>, L>,
    <Is::Out as Pick<Modes<L>, L>>::Out: Spelt,
{
    type Output = SpeltOf<<Is::Out as Pick<Modes<L>, L>>::Out>;
}

/// `flatten(L)`: the leaves as a flat layout (`s:d` stays `s:d`).
///
/// # Examples
///
/// CuTe's `flatten(L)`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = layout!(((2, 2), (4, 2)):((1, 8), (2, 16)));
/// assert_eq!(l.flatten().to_string(), "(_2,_2,_4,_2):(_1,_8,_2,_16)");
/// ```
pub trait FlattenLayout {
    /// The flat layout.
    type Output: StaticLayout;
}
/// `flatten(L)`.
pub type Flattened<L> = <L as FlattenLayout>::Output;
/// A tree flattened: a leaf stays a leaf, a tuple becomes the list of its leaves.
pub trait FlattenTree {
    /// The flat tree.
    type Out;
}
impl<S, D> FlattenTree for (S, D) {
    type Out = (S, D);
}
impl FlattenTree for HNil {
    type Out = HNil;
}
impl<H, T> FlattenTree for HCons<H, T>
where
    Self: Flatten,
{
    type Out = FlatOf<Self>;
}
impl<L: StaticLayout> FlattenLayout for L
where
    L::Tree: FlattenTree,
    <L::Tree as FlattenTree>::Out: Spelt,
{
    type Output = SpeltOf<<L::Tree as FlattenTree>::Out>;
}

// ------------------------------------------------------------- methods

impl<S, D> Layout<S, D> {
    /// `append(self, m)` (see [`Append`]).
    #[inline(always)]
    pub fn append<M>(self, _m: M) -> Appended<Self, M>
    where
        Self: Append<M>,
    {
        Default::default()
    }
    /// `prepend(self, m)` (see [`Prepend`]).
    #[inline(always)]
    pub fn prepend<M>(self, _m: M) -> Prepended<Self, M>
    where
        Self: Prepend<M>,
    {
        Default::default()
    }
    /// `replace<I>(self, m)`, the index written `C::<I>` (see [`Replace`]).
    #[inline(always)]
    pub fn replace<const I: usize, M>(self, _i: crate::C<I>, _m: M) -> Replaced<Self, I, M>
    where
        Self: Replace<I, M>,
    {
        Default::default()
    }
    /// `group_modes<B, E>(self)` (see [`GroupModes`]).
    #[inline(always)]
    pub fn group_modes<const B: usize, const E: usize>(self) -> Grouped<Self, B, E>
    where
        Self: GroupModes<B, E>,
    {
        Default::default()
    }
    /// `take<B, E>(self)` (see [`Take`]).
    #[inline(always)]
    pub fn take<const B: usize, const E: usize>(self) -> Taken<Self, B, E>
    where
        Self: Take<B, E>,
    {
        Default::default()
    }
    /// `select<I…>(self)` for a tuple of `C<I>` (see [`Select`]).
    #[inline(always)]
    pub fn select<Is>(self, _indices: Is) -> Selected<Self, Is>
    where
        Self: Select<Is>,
    {
        Default::default()
    }
    /// `flatten(self)` (see [`FlattenLayout`]).
    #[inline(always)]
    pub fn flatten(self) -> Flattened<Self>
    where
        Self: FlattenLayout,
    {
        Default::default()
    }
}
