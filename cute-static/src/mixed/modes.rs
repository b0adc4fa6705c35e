//! CuTe's mode functions on mixed layouts — `make_layout(l0, l1, …)`
//! ([`make_mixed_layout`]), `append`, `prepend`, `replace<I>`, `take<B, E>`,
//! `select<I…>`, `dice(c)` and `domain_offset(c)` — with the results of
//! cute-dynamic's `Layout::concat`, `append`, `prepend`, `replace`, `take`,
//! `select`, `dice` and `domain_offset` on the same values (checked on
//! random run-time values in `tests/mixed_surface.rs`, with the laws).
//! `flatten` and `group_modes` are in `layout.rs`.
//!
//! They move modes without changing a `(shape, stride)` leaf, so the
//! result's structure is the operands' types: static leaves stay static,
//! run-time leaves run-time (a `DynDiv` keeps its divisor). A mode index or
//! range outside the layout does not compile. A result that repeats or
//! joins modes (`make_mixed_layout`, `append`, `prepend`, `replace`,
//! `select`) is checked as [`MixedLayout::new`] checks: `Err(overflow)`
//! when its size or largest offset leaves the `i64` range; a sub-layout
//! (`take`, `dice`) cannot fail. A mode operand is a mixed layout or a
//! static one ([`MixedOperand`]).
//!
//! ```
//! use cute_static::{layout, algebra::make_mixed_layout, C, tensor::__};
//! let n = 5;
//! let a = layout!(({n}, 3):(1, {n}))?;
//! let b = layout!(4:64);
//! assert_eq!(make_mixed_layout((a, b))?.to_string(), "((5,_3),_4):((_1,5),_64)");
//! assert_eq!(a.append(b)?.to_string(), "(5,_3,_4):(_1,5,_64)");
//! assert_eq!(a.prepend(b)?.to_string(), "(_4,5,_3):(_64,_1,5)");
//! assert_eq!(a.replace(C::<0>, b)?.to_string(), "(_4,_3):(_64,5)");
//! let l = layout!((2, {n}, 4):(1, 2, 64))?;
//! assert_eq!(l.take::<1, 3>().to_string(), "(5,_4):(_2,_64)");
//! assert_eq!(l.select((C::<2>, C::<0>))?.to_string(), "(_4,_2):(_64,_1)");
//! assert_eq!(l.dice((1usize, __, 0usize)).to_string(), "(_2,_4):(_1,_64)");
//! assert_eq!(l.domain_offset((1usize, 2usize, 3usize))?.1, 1 + 4 + 192);
//! # Ok::<(), cute_static::Error>(())
//! ```

use crate::Error;
use crate::data::int_tuple::{C, IntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::kernel::tensor::Underscore;
use crate::mixed::layout::{
    MixedCoord, MixedLayout, MixedShape, MixedSliceCoord, Sliced, overflow,
};

/// A layout that can be a mode of a mixed layout: a [`MixedLayout`] or a
/// static [`Layout`], as its shape and stride values.
///
/// ```
/// use cute_static::{layout, algebra::MixedOperand, C, Dyn};
/// let n = 6;
/// let (s, d) = layout!(({n}, 4):(1, {n}))?.parts();
/// assert_eq!((s.0, d.1), (Dyn(6), Dyn(6)));
/// // A static layout's parts are its zero-sized values.
/// let (s, d): ((C<2>, C<3>), (C<1>, C<2>)) = layout!((2, 3):(1, 2)).parts();
/// assert_eq!((s, d), Default::default());
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait MixedOperand {
    /// The shape (static leaves `C<N>`, run-time leaves [`Dyn`](crate::Dyn)).
    type Shape: Copy;
    /// The stride.
    type Stride: Copy;
    /// The shape and the stride.
    fn parts(&self) -> (Self::Shape, Self::Stride);
}
/// A mixed layout's values.
impl<S: Copy, D: Copy> MixedOperand for MixedLayout<S, D> {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn parts(&self) -> (S, D) {
        (*self.shape(), *self.stride())
    }
}
/// A static layout's (zero-sized) values.
impl<S: Copy + Default, D: Copy + Default> MixedOperand for Layout<S, D>
where
    Layout<S, D>: StaticLayout,
{
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn parts(&self) -> (S, D) {
        (S::default(), D::default())
    }
}

/// The layout `shape:stride`, checked as [`MixedLayout::new`] checks.
#[inline(always)]
fn checked<S: MixedShape<D>, D: IntTuple>(s: S, d: D) -> Result<MixedLayout<S, D>, Error> {
    MixedLayout::new(s, d)
}

/// Mode `I` of a mixed layout (CuTe's `layout<I>(L)`; an integer layout's
/// only mode is 0): an index outside the modes does not compile.
///
/// ```
/// use cute_static::{layout, algebra::MixedMode};
/// let n = 6;
/// let l = layout!((2, ({n}, 4)):(1, (2, 12)))?;
/// let (s, d) = MixedMode::<1>::mode_parts(&l);
/// assert_eq!((s.0, d.1), (cute_static::Dyn(6), cute_static::C::<12>));
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "the mixed layout `{Self}` has no mode {I}",
    note = "modes are numbered from 0 to rank - 1 (an integer layout has the one mode 0)"
)]
pub trait MixedMode<const I: usize> {
    /// The mode's shape.
    type Shape: Copy;
    /// The mode's stride.
    type Stride: Copy;
    /// The mode's shape and stride.
    fn mode_parts(&self) -> (Self::Shape, Self::Stride);
}
macro_rules! mode_tuples {
    ($($S:ident $D:ident $i:tt),+) => {
        mode_tuples!(@each [$($S $D $i),+] $($S $D $i),+);
    };
    (@each $all:tt $($S:ident $D:ident $i:tt),+) => {
        $( mode_tuples!(@one $all $S $D $i); )+
    };
    (@one [$($AS:ident $AD:ident $ai:tt),+] $S:ident $D:ident $i:tt) => {
        /// Mode `I` of a tuple layout: child `I` of the shape and the stride.
        impl<$($AS: Copy, $AD: Copy),+> MixedMode<$i> for MixedLayout<($($AS,)+), ($($AD,)+)> {
            type Shape = $S;
            type Stride = $D;
            #[inline(always)]
            fn mode_parts(&self) -> ($S, $D) {
                (self.shape().$i, self.stride().$i)
            }
        }
    };
}
crate::data::int_tuple::arities!(mode_tuples; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3), (S4 D4 4), (S5 D5 5), (S6 D6 6), (S7 D7 7));

macro_rules! leaf_mode {
    ([$($g:tt)*] $t:ty) => {
        /// An integer layout's only mode is itself.
        impl<$($g)* Dd: Copy> MixedMode<0> for MixedLayout<$t, Dd> {
            type Shape = $t;
            type Stride = Dd;
            #[inline(always)]
            fn mode_parts(&self) -> ($t, Dd) {
                (*self.shape(), *self.stride())
            }
        }
    };
}
crate::mixed::for_leaf_types!(leaf_mode);

/// `select<I…>(L)`: the modes `I…` (a tuple of `C<I>`), in that order.
///
/// ```
/// use cute_static::{layout, algebra::MixedSelect, C};
/// let n = 5;
/// let l = layout!((2, {n}, 4):(1, 2, 64))?;
/// let s = MixedSelect::<(C<2>, C<1>)>::select_modes(&l);
/// assert_eq!(s.to_string(), "(_4,5):(_64,_2)");
/// assert_eq!(s, l.select((C::<2>, C::<1>))?);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "select: `{Is}` is not a tuple of mode indices `C<I>` of the mixed layout `{Self}`",
    note = "modes are numbered from 0 to rank - 1; select takes 1 to 8 indices"
)]
pub trait MixedSelect<Is> {
    /// The selected layout.
    type Output;
    /// The selected modes, unchecked (a sub-layout needs no check; a
    /// repeated mode does: see [`MixedLayout::select`]).
    #[doc(hidden)]
    fn select_modes(&self) -> Self::Output;
    /// The selected modes, checked as [`MixedLayout::new`] checks.
    #[doc(hidden)]
    fn select_checked(&self) -> Result<Self::Output, Error>;
}
/// The layout `select<I…>(L)` of a mixed layout `L`.
pub type MixedSelected<L, Is> = <L as MixedSelect<Is>>::Output;
macro_rules! select_tuples {
    ($($I:ident $i:tt),+) => {
        /// A tuple of static indices.
        impl<L, $(const $I: usize),+> MixedSelect<($(C<$I>,)+)> for L
        where
            $(L: MixedMode<$I>,)+
            ($(<L as MixedMode<$I>>::Shape,)+): MixedShape<($(<L as MixedMode<$I>>::Stride,)+)>,
            ($(<L as MixedMode<$I>>::Stride,)+): IntTuple,
        {
            type Output = MixedLayout<
                ($(<L as MixedMode<$I>>::Shape,)+),
                ($(<L as MixedMode<$I>>::Stride,)+),
            >;
            #[inline(always)]
            fn select_modes(&self) -> Self::Output {
                let m = ($(<L as MixedMode<$I>>::mode_parts(self),)+);
                MixedLayout::from_parts(($(m.$i.0,)+), ($(m.$i.1,)+))
            }
            #[inline(always)]
            fn select_checked(&self) -> Result<Self::Output, Error> {
                let m = ($(<L as MixedMode<$I>>::mode_parts(self),)+);
                checked(($(m.$i.0,)+), ($(m.$i.1,)+))
            }
        }
    };
}
crate::data::int_tuple::arities!(select_tuples; (I0 0), (I1 1), (I2 2), (I3 3), (I4 4), (I5 5), (I6 6), (I7 7));

/// `take<B, E>(L)`: modes `B..E` (`B < E ≤ rank`) as a new layout.
///
/// ```
/// use cute_static::{layout, algebra::MixedTake};
/// let n = 5;
/// let l = layout!((2, {n}, 4):(1, 2, 64))?;
/// assert_eq!(MixedTake::<0, 2>::take_modes(&l).to_string(), "(_2,5):(_1,_2)");
/// assert_eq!(l.take::<2, 3>().to_string(), "(_4):(_64)");
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "take<{B}, {E}> needs B < E ≤ rank of the mixed layout `{Self}`",
    note = "modes B..E of the top level are taken"
)]
pub trait MixedTake<const B: usize, const E: usize> {
    /// The sub-layout.
    type Output;
    /// `take<B, E>(self)`.
    fn take_modes(&self) -> Self::Output;
}
/// The layout `take<B, E>(L)` of a mixed layout `L`.
pub type MixedTaken<L, const B: usize, const E: usize> = <L as MixedTake<B, E>>::Output;
macro_rules! take_ranges {
    ($(($b:literal, $e:literal) [$($k:literal)+]);* $(;)?) => {$(
        /// Modes `B..E`: the selection of `B, …, E - 1`.
        impl<L> MixedTake<$b, $e> for L
        where
            L: MixedSelect<($(C<$k>,)+)>,
        {
            type Output = MixedSelected<L, ($(C<$k>,)+)>;
            #[inline(always)]
            fn take_modes(&self) -> Self::Output {
                self.select_modes()
            }
        }
    )*};
}
take_ranges!(
(0, 1) [0];
    (0, 2) [0 1];
    (0, 3) [0 1 2];
    (0, 4) [0 1 2 3];
    (0, 5) [0 1 2 3 4];
    (0, 6) [0 1 2 3 4 5];
    (0, 7) [0 1 2 3 4 5 6];
    (0, 8) [0 1 2 3 4 5 6 7];
    (1, 2) [1];
    (1, 3) [1 2];
    (1, 4) [1 2 3];
    (1, 5) [1 2 3 4];
    (1, 6) [1 2 3 4 5];
    (1, 7) [1 2 3 4 5 6];
    (1, 8) [1 2 3 4 5 6 7];
    (2, 3) [2];
    (2, 4) [2 3];
    (2, 5) [2 3 4];
    (2, 6) [2 3 4 5];
    (2, 7) [2 3 4 5 6];
    (2, 8) [2 3 4 5 6 7];
    (3, 4) [3];
    (3, 5) [3 4];
    (3, 6) [3 4 5];
    (3, 7) [3 4 5 6];
    (3, 8) [3 4 5 6 7];
    (4, 5) [4];
    (4, 6) [4 5];
    (4, 7) [4 5 6];
    (4, 8) [4 5 6 7];
    (5, 6) [5];
    (5, 7) [5 6];
    (5, 8) [5 6 7];
    (6, 7) [6];
    (6, 8) [6 7];
    (7, 8) [7]
);

/// `append(L, M)` / `prepend(L, M)`: `L`'s modes with `M` as a new last
/// (first) mode (an integer layout becomes a rank-2 tuple).
///
/// ```
/// use cute_static::{layout, algebra::MixedAppend};
/// let n = 5;
/// let a = layout!(({n}, 3):(1, {n}))?;
/// let b = layout!(4:64);
/// assert_eq!(a.append_mode(&b)?.to_string(), "(5,_3,_4):(_1,5,_64)");
/// assert_eq!(a.prepend_mode(&b)?.to_string(), "(_4,5,_3):(_64,_1,5)");
/// // An integer layout becomes a rank-2 tuple.
/// assert_eq!(layout!({n}:1)?.append_mode(&b)?.to_string(), "(5,_4):(_1,_64)");
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "append/prepend: `{M}` cannot be added as a mode of the mixed layout `{Self}`",
    note = "the mode is a mixed or a static layout, and the result has at most 8 top-level modes"
)]
pub trait MixedAppend<M> {
    /// `L`'s modes followed by `M`.
    type Appended;
    /// `M` followed by `L`'s modes.
    type Prepended;
    /// `append(self, m)`, checked.
    fn append_mode(&self, m: &M) -> Result<Self::Appended, Error>;
    /// `prepend(self, m)`, checked.
    fn prepend_mode(&self, m: &M) -> Result<Self::Prepended, Error>;
    /// `append(self, m)` without validating the result, for a device
    /// view whose result's offsets are offsets of a valid layout's domain
    /// (a partition of a tile with the tile's last mode appended).
    #[doc(hidden)]
    fn append_unchecked(&self, m: &M) -> Self::Appended;
}
macro_rules! append_tuples {
    ($($S:ident $D:ident $i:tt),+) => {
        /// A tuple layout: one more child.
        impl<M: MixedOperand, $($S: Copy, $D: Copy),+> MixedAppend<M> for MixedLayout<($($S,)+), ($($D,)+)>
        where
            ($($S,)+ M::Shape,): MixedShape<($($D,)+ M::Stride,)>,
            ($($D,)+ M::Stride,): IntTuple,
            (M::Shape, $($S,)+): MixedShape<(M::Stride, $($D,)+)>,
            (M::Stride, $($D,)+): IntTuple,
        {
            type Appended = MixedLayout<($($S,)+ M::Shape,), ($($D,)+ M::Stride,)>;
            type Prepended = MixedLayout<(M::Shape, $($S,)+), (M::Stride, $($D,)+)>;
            #[inline(always)]
            fn append_mode(&self, m: &M) -> Result<Self::Appended, Error> {
                let ((s, d), (ms, md)) = ((self.shape(), self.stride()), m.parts());
                checked(($(s.$i,)+ ms,), ($(d.$i,)+ md,))
            }
            #[inline(always)]
            fn append_unchecked(&self, m: &M) -> Self::Appended {
                let ((s, d), (ms, md)) = ((self.shape(), self.stride()), m.parts());
                MixedLayout::from_parts(($(s.$i,)+ ms,), ($(d.$i,)+ md,))
            }
            #[inline(always)]
            fn prepend_mode(&self, m: &M) -> Result<Self::Prepended, Error> {
                let ((s, d), (ms, md)) = ((self.shape(), self.stride()), m.parts());
                checked((ms, $(s.$i,)+), (md, $(d.$i,)+))
            }
        }
    };
}
crate::data::int_tuple::arities!(append_tuples; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3), (S4 D4 4), (S5 D5 5), (S6 D6 6));
macro_rules! leaf_append {
    ([$($g:tt)*] $t:ty) => {
        /// An integer layout: a rank-2 tuple.
        impl<$($g)* Dd: Copy, M: MixedOperand> MixedAppend<M> for MixedLayout<$t, Dd>
        where
            ($t, M::Shape): MixedShape<(Dd, M::Stride)>,
            (Dd, M::Stride): IntTuple,
            (M::Shape, $t): MixedShape<(M::Stride, Dd)>,
            (M::Stride, Dd): IntTuple,
        {
            type Appended = MixedLayout<($t, M::Shape), (Dd, M::Stride)>;
            type Prepended = MixedLayout<(M::Shape, $t), (M::Stride, Dd)>;
            #[inline(always)]
            fn append_mode(&self, m: &M) -> Result<Self::Appended, Error> {
                let (ms, md) = m.parts();
                checked((*self.shape(), ms), (*self.stride(), md))
            }
            #[inline(always)]
            fn append_unchecked(&self, m: &M) -> Self::Appended {
                let (ms, md) = m.parts();
                MixedLayout::from_parts((*self.shape(), ms), (*self.stride(), md))
            }
            #[inline(always)]
            fn prepend_mode(&self, m: &M) -> Result<Self::Prepended, Error> {
                let (ms, md) = m.parts();
                checked((ms, *self.shape()), (md, *self.stride()))
            }
        }
    };
}
crate::mixed::for_leaf_types!(leaf_append);

/// `replace<I>(L, M)`: mode `I` of `L` replaced by `M` (an integer layout,
/// whose only mode is 0, becomes `M`).
///
/// ```
/// use cute_static::{layout, algebra::MixedReplace, C};
/// let n = 5;
/// let a = layout!(({n}, 3):(1, {n}))?;
/// let b = layout!(4:64);
/// assert_eq!(MixedReplace::<1, _>::replace_mode(&a, &b)?.to_string(), "(5,_4):(_1,_64)");
/// assert_eq!(a.replace(C::<0>, b)?.to_string(), "(_4,_3):(_64,5)");
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "replace<{I}>: the mixed layout `{Self}` has no mode {I}",
    note = "modes are numbered from 0 to rank - 1 (an integer layout has the one mode 0)"
)]
pub trait MixedReplace<const I: usize, M> {
    /// The layout with the new mode.
    type Output;
    /// `replace<I>(self, m)`, checked.
    fn replace_mode(&self, m: &M) -> Result<Self::Output, Error>;
}
macro_rules! replace_tuples {
    ($($S:ident $D:ident $i:tt),+) => {
        replace_tuples!(@walk [] [$($S $D $i)+]);
    };
    (@walk [$($P:ident $PD:ident $p:tt)*] []) => {};
    (@walk [$($P:ident $PD:ident $p:tt)*] [$S:ident $D:ident $i:tt $($A:ident $AD:ident $a:tt)*]) => {
        /// Child `I` of a tuple layout replaced.
        impl<M: MixedOperand, $($P: Copy, $PD: Copy,)* $S, $D, $($A: Copy, $AD: Copy,)*> MixedReplace<$i, M>
            for MixedLayout<($($P,)* $S, $($A,)*), ($($PD,)* $D, $($AD,)*)>
        where
            ($($P,)* M::Shape, $($A,)*): MixedShape<($($PD,)* M::Stride, $($AD,)*)>,
            ($($PD,)* M::Stride, $($AD,)*): IntTuple,
        {
            type Output = MixedLayout<($($P,)* M::Shape, $($A,)*), ($($PD,)* M::Stride, $($AD,)*)>;
            #[inline(always)]
            fn replace_mode(&self, m: &M) -> Result<Self::Output, Error> {
                let ((_s, _d), (ms, md)) = ((self.shape(), self.stride()), m.parts());
                checked(($(_s.$p,)* ms, $(_s.$a,)*), ($(_d.$p,)* md, $(_d.$a,)*))
            }
        }
        replace_tuples!(@walk [$($P $PD $p)* $S $D $i] [$($A $AD $a)*]);
    };
}
crate::data::int_tuple::arities!(replace_tuples; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3), (S4 D4 4), (S5 D5 5), (S6 D6 6), (S7 D7 7));
macro_rules! leaf_replace {
    ([$($g:tt)*] $t:ty) => {
        /// An integer layout's mode 0 is the layout: the result is `M`.
        impl<$($g)* Dd, M: MixedOperand> MixedReplace<0, M> for MixedLayout<$t, Dd>
        where
            M::Shape: MixedShape<M::Stride>,
            M::Stride: IntTuple,
        {
            type Output = MixedLayout<M::Shape, M::Stride>;
            #[inline(always)]
            fn replace_mode(&self, m: &M) -> Result<Self::Output, Error> {
                let (ms, md) = m.parts();
                checked(ms, md)
            }
        }
    };
}
crate::mixed::for_leaf_types!(leaf_replace);

/// CuTe's `make_layout(l0, l1, …)` for mixed (or static) layouts: the
/// layouts of a tuple as the modes of one layout.
///
/// ```
/// use cute_static::{layout, algebra::MakeMixedLayout};
/// let n = 5;
/// let modes = (layout!({n}:1)?, layout!((2, 2):(8, 16)));
/// assert_eq!(modes.make()?.to_string(), "(5,(_2,_2)):(_1,(_8,_16))");
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "make_mixed_layout: `{Self}` is not a tuple of 1 to 8 mixed or static layouts"
)]
pub trait MakeMixedLayout {
    /// The concatenated layout.
    type Output;
    /// The layout, checked.
    fn make(&self) -> Result<Self::Output, Error>;
}
macro_rules! make_tuples {
    ($($L:ident $i:tt),+) => {
        /// The layouts of a tuple as modes.
        impl<$($L: MixedOperand),+> MakeMixedLayout for ($($L,)+)
        where
            ($($L::Shape,)+): MixedShape<($($L::Stride,)+)>,
            ($($L::Stride,)+): IntTuple,
        {
            type Output = MixedLayout<($($L::Shape,)+), ($($L::Stride,)+)>;
            #[inline(always)]
            fn make(&self) -> Result<Self::Output, Error> {
                let m = ($(self.$i.parts(),)+);
                checked(($(m.$i.0,)+), ($(m.$i.1,)+))
            }
        }
    };
}
crate::data::int_tuple::arities!(make_tuples; (L0 0), (L1 1), (L2 2), (L3 3), (L4 4), (L5 5), (L6 6), (L7 7));

/// CuTe's `make_layout(l0, l1, …)` for mixed layouts (static ones may be
/// among them): the layouts as the modes of one layout, static leaves
/// static and run-time leaves run-time; `Err(overflow)` when its size or
/// largest offset leaves the `i64` range (see [`MakeMixedLayout`]).
#[inline(always)]
pub fn make_mixed_layout<Ls: MakeMixedLayout>(modes: Ls) -> Result<Ls::Output, Error> {
    modes.make()
}

/// A dice coordinate: an integer (`usize` or `C<N>`) keeps its mode, `__`
/// drops it, a tuple applies to the sub-modes — as the slicing coordinate
/// with integers and holes exchanged (CuTe's `dice` is the complement of
/// `slice`, with the same splicing of nested modes).
///
/// ```
/// use cute_static::{algebra::DiceCoord, tensor::__, C};
/// // Integers keep their mode (a hole in the slicing coordinate), `__` drops it.
/// let slice = (1usize, __, (C::<0>, __)).to_slice();
/// assert_eq!(slice, (__, 0, (__, 0)));
/// ```
#[diagnostic::on_unimplemented(
    message = "dice: `{Self}` is not a dice coordinate",
    note = "each entry is an integer (`usize` or `C<N>`: keep the mode), `__` (drop it) or a tuple of entries for a tuple mode"
)]
pub trait DiceCoord {
    /// The slicing coordinate that keeps what this one keeps.
    type Slice: Copy;
    /// That coordinate.
    fn to_slice(&self) -> Self::Slice;
}
/// An integer keeps the mode.
impl DiceCoord for usize {
    type Slice = Underscore;
    #[inline(always)]
    fn to_slice(&self) -> Underscore {
        Underscore
    }
}
/// An integer keeps the mode.
impl<const N: usize> DiceCoord for C<N> {
    type Slice = Underscore;
    #[inline(always)]
    fn to_slice(&self) -> Underscore {
        Underscore
    }
}
/// `__` drops the mode.
impl DiceCoord for Underscore {
    type Slice = usize;
    #[inline(always)]
    fn to_slice(&self) -> usize {
        0
    }
}
macro_rules! dice_tuples {
    ($($Cd:ident $i:tt),+) => {
        /// A tuple: its entries exchanged.
        impl<$($Cd: DiceCoord),+> DiceCoord for ($($Cd,)+) {
            type Slice = ($($Cd::Slice,)+);
            #[inline(always)]
            fn to_slice(&self) -> Self::Slice {
                ($(self.$i.to_slice(),)+)
            }
        }
    };
}
crate::data::int_tuple::arities!(dice_tuples; (C0 0), (C1 1), (C2 2), (C3 3), (C4 4), (C5 5), (C6 6), (C7 7));
/// A dice coordinate `Self` of the top level of a mixed layout `S:D`: one
/// entry per top-level mode.
///
/// ```
/// use cute_static::{layout, tensor::__};
/// let n = 5;
/// let l = layout!((2, {n}, 4):(1, 2, 64))?;
/// // `(usize, __, usize)` is a dice coordinate of a rank-3 layout: keep modes 0 and 2.
/// assert_eq!(l.dice((1usize, __, 0usize)).to_string(), "(_2,_4):(_1,_64)");
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "dice: `{Self}` is not a dice coordinate of the mixed layout `{S}:{D}`",
    note = "a dice coordinate has one entry per top-level mode: an integer (`usize` or `C<N>`: keep the mode), `__` (drop it) or a tuple of entries for a tuple mode"
)]
pub trait MixedDiceCoord<S, D>: DiceCoord {}
macro_rules! dice_top {
    ($($Cd:ident $S:ident $D:ident),+) => {
        /// A tuple coordinate with one entry per top-level mode.
        impl<$($Cd: DiceCoord, $S, $D),+> MixedDiceCoord<($($S,)+), ($($D,)+)> for ($($Cd,)+) {}
    };
}
crate::data::int_tuple::arities!(dice_top; (C0 S0 D0), (C1 S1 D1), (C2 S2 D2), (C3 S3 D3), (C4 S4 D4), (C5 S5 D5), (C6 S6 D6), (C7 S7 D7));
/// The layout `dice(Crd, L)` of a mixed layout `L = S:D`.
pub type MixedDiced<S, D, Crd> = Sliced<S, D, <Crd as DiceCoord>::Slice>;

impl<S, D> MixedLayout<S, D> {
    /// CuTe's `select<I…>(L)`: the modes `I…` (a tuple of `C<I>`), in that
    /// order, checked (`Err(overflow)` only when a repeated mode makes the
    /// size or an offset leave the `i64` range).
    ///
    /// ```
    /// use cute_static::{layout, C};
    /// let n = 5;
    /// let l = layout!((2, {n}, 4):(1, 2, 64))?;
    /// let s = l.select((C::<1>, C::<1>))?;
    /// assert_eq!(s.to_string(), "(5,5):(_2,_2)");
    /// assert_eq!(s.to_dynamic(), l.to_dynamic().select(&[1, 1])?);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn select<Is>(&self, _indices: Is) -> Result<MixedSelected<Self, Is>, Error>
    where
        Self: MixedSelect<Is>,
    {
        self.select_checked()
    }
    /// CuTe's `take<B, E>(L)`: modes `B..E` (`B < E ≤ rank`) as a new
    /// layout; a sub-layout, so nothing can fail.
    ///
    /// ```
    /// use cute_static::layout;
    /// let n = 5;
    /// let l = layout!((2, {n}, 4):(1, 2, 64))?;
    /// assert_eq!(l.take::<0, 2>().to_string(), "(_2,5):(_1,_2)");
    /// assert_eq!(l.take::<0, 2>().to_dynamic(), l.to_dynamic().take(0, 2)?);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn take<const B: usize, const E: usize>(&self) -> MixedTaken<Self, B, E>
    where
        Self: MixedTake<B, E>,
    {
        self.take_modes()
    }
    /// CuTe's `append(L, M)`: `M` (a mixed or static layout) as a new last
    /// mode, checked (see [`MixedAppend`]).
    #[inline(always)]
    pub fn append<M>(&self, m: M) -> Result<<Self as MixedAppend<M>>::Appended, Error>
    where
        Self: MixedAppend<M>,
    {
        self.append_mode(&m)
    }
    /// CuTe's `prepend(L, M)`: `M` (a mixed or static layout) as a new
    /// first mode, checked (see [`MixedAppend`]).
    #[inline(always)]
    pub fn prepend<M>(&self, m: M) -> Result<<Self as MixedAppend<M>>::Prepended, Error>
    where
        Self: MixedAppend<M>,
    {
        self.prepend_mode(&m)
    }
    /// CuTe's `replace<I>(L, M)`: mode `I` replaced by `M` (a mixed or
    /// static layout), checked (see [`MixedReplace`]).
    #[inline(always)]
    pub fn replace<const I: usize, M>(
        &self,
        _i: C<I>,
        m: M,
    ) -> Result<<Self as MixedReplace<I, M>>::Output, Error>
    where
        Self: MixedReplace<I, M>,
    {
        self.replace_mode(&m)
    }
    /// CuTe's `dice(c, L)`: the modes paired with an integer (`usize` or
    /// `C<N>`) in the tuple coordinate `c`, those paired with `__` dropped,
    /// nested modes spliced as [`slice`](Self::slice) splices them (see
    /// [`DiceCoord`]); a sub-layout, so nothing can fail.
    ///
    /// ```
    /// use cute_static::{layout, tensor::__};
    /// let n = 3;
    /// let l = layout!(((3, 2), (({n}, 3), 2)):((4, 1), ((2, 15), 100)))?;
    /// assert_eq!(l.dice((__, ((0usize, __), __))).to_string(), "(3):(_2)");
    /// assert_eq!(l.dice((1usize, __)).to_string(), "((_3,_2)):((_4,_1))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn dice<Crd: MixedDiceCoord<S, D>>(&self, c: Crd) -> MixedDiced<S, D, Crd>
    where
        Crd::Slice: MixedSliceCoord<S, D>,
        S: MixedShape<D>,
        D: IntTuple,
    {
        self.slice(c.to_slice()).0
    }
    /// CuTe's `domain_offset(c, L) = (L, L(c))`: the layout and the offset
    /// of the coordinate `c` (a `usize` or a tuple of coordinates, which may
    /// lie outside the domain, as CuTe allows); `Err(overflow)` when the
    /// offset does not fit in an `i64`.
    ///
    /// ```
    /// use cute_static::layout;
    /// let n = 6;
    /// let l = layout!((8, ({n}, 2)):(1, (8, 64)))?;
    /// assert_eq!(l.domain_offset((2usize, (1usize, 1usize)))?, (l, 2 + 8 + 64));
    /// assert_eq!(l.domain_offset(usize::MAX).unwrap_err().kind(), "overflow");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline(always)]
    pub fn domain_offset<Cd: MixedCoord<S, D>>(&self, c: Cd) -> Result<(Self, usize), Error>
    where
        Self: Copy,
    {
        match c.checked_offset(self.shape(), self.stride()) {
            Some(o) if o <= i64::MAX as usize => Ok((*self, o)),
            _ => Err(overflow("domain_offset", "a coordinate of a mixed layout")),
        }
    }
}
