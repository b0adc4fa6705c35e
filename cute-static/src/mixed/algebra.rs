//! The algebra on mixed layouts with static by-mode tilers (SPEC §3): the
//! results equal cute-dynamic's on the same values — `logical_divide(A, T)
//! = A ∘ (T, complement(T, size(A)))` mode by mode, `zipped_divide` =
//! `((tiles…),(rests…, A's modes beyond T))`, `tiled_divide` = `(tiles,
//! rests…)`, and composition `A ∘ <T0,T1,…>` composes mode by mode and drops
//! `A`'s modes beyond the tiler — with the tile modes static wherever they
//! depend only on static parts.
//!
//! The rule, per top-level mode `A_k` of `A` and tiler mode `T_k` (a static
//! integer tile `C<N>` or a static layout):
//! * `A_k` fully static: the static algebra computes the result (static
//!   types, and an inadmissible tile is a compile error naming the rule).
//! * `A_k` a leaf `s:d` with a run-time shape or stride (`Dyn`), `T_k` a
//!   contiguous tile `C<N>` (`N ≥ 2`) or `N:1`: the divide is
//!   `(N:d, ⌈s/N⌉:r)` with `r = N·d` (CuTe's complement gives `r = 0` when
//!   `⌈s/N⌉ = 1`). The tile keeps the static shape `C<N>` and the mode's own
//!   stride type (static stride → static tile); the rest mode is run-time.
//!   Composition `s:d ∘ B` (any static layout `B`, or `C<N>` as `N:1`) is
//!   `B` with its strides multiplied by `d` (`A_k` is rank 1, so no
//!   divisibility condition applies): static strides stay static, `Dyn`
//!   makes them run-time.
//! * Anything else (a tuple mode with a run-time leaf, a run-time mode
//!   under a non-contiguous tile) does not compile: its result structure
//!   would depend on run-time values. Convert with `to_dynamic()` and use
//!   cute-dynamic there.
//!
//! A leaf mode divided by a contiguous tile is always admissible, so the
//! run-time check is that the result's size and offsets fit in an `i64`
//! (`Err(Error::Overflow)` otherwise).
//!
//! ```
//! use cute_static::{layout, tiler, __};
//! let (m, n) = (100, 70);
//! let a = layout!(({m}, {n}):(1, {m}))?;
//! let tiles = a.zipped_divide(tiler!(<16, 16>))?;
//! assert_eq!(tiles.to_string(), "((_16,_16),(7,5)):((_1,100),(16,1600))");
//! let t = cute_dynamic::zipped_divide(&a.to_dynamic(), &"<16,16>".parse::<cute_dynamic::Tiler>()?)?;
//! assert_eq!(tiles.to_dynamic(), t);
//! // Block (2, 3): a 16×16 tile with static shape at its offset.
//! let (tile, off) = tiles.slice((__, 2 + 7 * 3));
//! assert_eq!((tile.to_string(), off), ("((_16,_16)):((_1,100))".to_string(), 32 + 48 * 100));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::ops::Mul;

use crate::Error;
use typenum::{B1, IsGreater, U1};

use crate::algebra::composition::Compose;
use crate::algebra::divide::LogicalDivide;
use crate::data::int_tuple::{C, Int, IntTuple, StaticInt, StaticIntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::data::tiler::{Tiler, TilerMode};
use crate::mixed::layout::{Dyn, MixedLayout, MixedShape};
use crate::private::{P, Pretty};

/// A contiguous static tile `N:1` over a run-time mode: `C<N>` (`N ≥ 2`;
/// CuTe's integer tile 1 means `1:0`) or the layout `N:1`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot tile a mode with run-time parts",
    note = "a mode with a run-time shape or stride is divided by a contiguous static tile: `C<N>` with N ≥ 2 or a layout `N:1`"
)]
pub trait UnitTile {
    /// The tile's length.
    const N: usize;
    /// `C<N>`.
    type Len: Int + IntTuple + Default;
}
/// `C<N>` with `N ≥ 2` is the tile `N:1`.
impl<const N: usize> UnitTile for C<N>
where
    C<N>: StaticInt,
    <C<N> as StaticInt>::Tn: IsGreater<U1, Output = B1>,
{
    const N: usize = N;
    type Len = C<N>;
}
/// The layout `N:1`.
impl<const N: usize> UnitTile for Layout<C<N>, C<1>>
where
    C<N>: StaticInt,
{
    const N: usize = N;
    type Len = C<N>;
}

/// The parts of a static two-mode result: mode 0 and mode 1.
pub trait Halves {
    /// Mode 0.
    type A: Copy + Default;
    /// Mode 1.
    type B: Copy + Default;
}
/// `(X, Y)` has halves `X` and `Y`.
impl<X: Copy + Default, Y: Copy + Default> Halves for (X, Y) {
    type A = X;
    type B = Y;
}

/// A leaf only appears as the placeholder `1:0` of a failed static divide,
/// whose error is already reported by name: no follow-up error here.
impl<const N: usize> Halves for C<N> {
    type A = C<N>;
    type B = C<N>;
}

/// The logical divide of one mode `(shape, stride)` by one tiler mode `T`:
/// `(tile shape, tile stride, rest shape, rest stride)`.
#[diagnostic::on_unimplemented(
    message = "the mode `{Self}` cannot be divided by `{T}` in a mixed layout",
    note = "a fully static mode takes any static tile; a mode with run-time parts must be a leaf `s:d`, divided by `C<N>` (N ≥ 2) or `N:1`"
)]
pub trait DivideMode<T> {
    /// Tile shape.
    type TS;
    /// Tile stride.
    type TD;
    /// Rest shape.
    type RS;
    /// Rest stride.
    type RD;
    /// The four parts.
    #[allow(clippy::type_complexity)]
    fn divide(&self) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error>;
}

type StaticQuot<Sk, Dk, T> = <Layout<Sk, Dk> as LogicalDivide<Tiler<T>>>::Output;
/// A static mode: the static algebra's logical divide.
impl<Sk, Dk, T> DivideMode<T> for (Sk, Dk)
where
    Sk: StaticIntTuple,
    Dk: StaticIntTuple,
    T: TilerMode,
    Layout<Sk, Dk>: LogicalDivide<Tiler<T>>,
    <StaticQuot<Sk, Dk, T> as StaticLayout>::Shape: Halves,
    <StaticQuot<Sk, Dk, T> as StaticLayout>::Stride: Halves,
{
    type TS = <<StaticQuot<Sk, Dk, T> as StaticLayout>::Shape as Halves>::A;
    type TD = <<StaticQuot<Sk, Dk, T> as StaticLayout>::Stride as Halves>::A;
    type RS = <<StaticQuot<Sk, Dk, T> as StaticLayout>::Shape as Halves>::B;
    type RD = <<StaticQuot<Sk, Dk, T> as StaticLayout>::Stride as Halves>::B;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn divide(&self) -> Result<(Self::TS, Self::TD, Self::RS, Self::RD), Error> {
        Ok(Default::default())
    }
}

/// `s:d / N = (N:d, ⌈s/N⌉:r)`, `r = N·d`, or 0 when `⌈s/N⌉ = 1`.
fn divide_leaf(s: usize, d: usize, n: usize) -> Result<(Dyn, Dyn), Error> {
    let c = s.div_ceil(n);
    let r = if c == 1 { Some(0) } else { n.checked_mul(d) };
    r.map(|r| (Dyn(c), Dyn(r))).ok_or(Error::Overflow {
        operation: "logical_divide",
        operands: "a run-time leaf s:d by a tile N:1 (N·d)",
    })
}

/// A run-time shape: tile `N:d` (the mode's stride type), rest run-time.
impl<Dk: Int + IntTuple, T: UnitTile> DivideMode<T> for (Dyn, Dk) {
    type TS = T::Len;
    type TD = Dk;
    type RS = Dyn;
    type RD = Dyn;
    #[inline(always)]
    fn divide(&self) -> Result<(T::Len, Dk, Dyn, Dyn), Error> {
        let (rs, rd) = divide_leaf(self.0.0, self.1.value(), T::N)?;
        Ok((T::Len::default(), self.1, rs, rd))
    }
}
/// A static shape with a run-time stride: tile `N:d`, rest run-time.
impl<const M: usize, T: UnitTile> DivideMode<T> for (C<M>, Dyn) {
    type TS = T::Len;
    type TD = Dyn;
    type RS = Dyn;
    type RD = Dyn;
    #[inline(always)]
    fn divide(&self) -> Result<(T::Len, Dyn, Dyn, Dyn), Error> {
        let (rs, rd) = divide_leaf(M, self.1.0, T::N)?;
        Ok((T::Len::default(), self.1, rs, rd))
    }
}

/// The composition of one mode `(shape, stride)` with one tiler mode `T`.
#[diagnostic::on_unimplemented(
    message = "the mode `{Self}` cannot be composed with `{T}` in a mixed layout",
    note = "a fully static mode takes any static tiler; a mode with run-time parts must be a leaf `s:d`, composed with a static layout or `C<N>`"
)]
pub trait ComposeMode<T> {
    /// Result shape.
    type RS;
    /// Result stride.
    type RD;
    /// The two parts.
    fn compose(&self) -> Result<(Self::RS, Self::RD), Error>;
}
type StaticComp<Sk, Dk, T> = <Layout<Sk, Dk> as Compose<Tiler<T>>>::Output;
/// A static mode: the static algebra's composition.
impl<Sk, Dk, T> ComposeMode<T> for (Sk, Dk)
where
    Sk: StaticIntTuple,
    Dk: StaticIntTuple,
    T: TilerMode,
    Layout<Sk, Dk>: Compose<Tiler<T>>,
{
    type RS = <StaticComp<Sk, Dk, T> as StaticLayout>::Shape;
    type RD = <StaticComp<Sk, Dk, T> as StaticLayout>::Stride;
    #[inline(always)]
    fn compose(&self) -> Result<(Self::RS, Self::RD), Error> {
        Ok(Default::default())
    }
}

/// A static right operand of a run-time leaf mode, as a layout.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be composed onto a mode with run-time parts",
    note = "use a static layout (`layout!`) or an integer tile `C<N>`"
)]
pub trait LayoutTile {
    /// Its shape.
    type S: Default;
    /// Its stride.
    type D;
}
/// An integer tile composes as `N:1`.
impl<const N: usize> LayoutTile for C<N> {
    type S = C<N>;
    type D = C<1>;
}
/// A static layout.
impl<S: Default, D> LayoutTile for Layout<S, D> {
    type S = S;
    type D = D;
}

/// A static stride tree multiplied by a stride leaf `K`.
pub trait ScaleBy<K> {
    /// The scaled tree.
    type Out;
    /// Its value, `None` on overflow.
    fn scale(k: &K) -> Option<Self::Out>;
}
/// `c·Dyn(k)` is run-time.
impl<const V: usize> ScaleBy<Dyn> for C<V> {
    type Out = Dyn;
    #[inline(always)]
    fn scale(k: &Dyn) -> Option<Dyn> {
        V.checked_mul(k.0).map(Dyn)
    }
}
/// `c·C<k>` is static.
impl<const V: usize, K: StaticInt> ScaleBy<K> for C<V>
where
    C<V>: StaticInt,
    <C<V> as StaticInt>::Tn: Mul<K::Tn>,
    <<C<V> as StaticInt>::Tn as Mul<K::Tn>>::Output: Pretty,
    P<<<C<V> as StaticInt>::Tn as Mul<K::Tn>>::Output>: Default,
{
    type Out = P<<<C<V> as StaticInt>::Tn as Mul<K::Tn>>::Output>;
    #[inline(always)]
    fn scale(_: &K) -> Option<Self::Out> {
        Some(Default::default())
    }
}
macro_rules! scale_tuples {
    ($($T:ident $i:tt),+) => {
        /// A tuple scales leaf by leaf.
        impl<K, $($T: ScaleBy<K>),+> ScaleBy<K> for ($($T,)+) {
            type Out = ($($T::Out,)+);
            #[inline(always)]
            fn scale(k: &K) -> Option<Self::Out> {
                Some(($($T::scale(k)?,)+))
            }
        }
    };
}
scale_tuples!(A 0);
scale_tuples!(A 0, B 1);
scale_tuples!(A 0, B 1, C2 2);
scale_tuples!(A 0, B 1, C2 2, D 3);

fn scale_overflow() -> Error {
    Error::Overflow {
        operation: "composition",
        operands: "a run-time stride times a tile stride",
    }
}

/// A run-time shape: `s:d ∘ B = B` with strides times `d`.
impl<Dk, T: LayoutTile> ComposeMode<T> for (Dyn, Dk)
where
    T::D: ScaleBy<Dk>,
{
    type RS = T::S;
    type RD = <T::D as ScaleBy<Dk>>::Out;
    #[inline(always)]
    fn compose(&self) -> Result<(Self::RS, Self::RD), Error> {
        let d = <T::D as ScaleBy<Dk>>::scale(&self.1).ok_or_else(scale_overflow)?;
        Ok((T::S::default(), d))
    }
}
/// A run-time stride: `s:d ∘ B = B` with strides times `d`.
impl<const M: usize, T: LayoutTile> ComposeMode<T> for (C<M>, Dyn)
where
    T::D: ScaleBy<Dyn>,
{
    type RS = T::S;
    type RD = <T::D as ScaleBy<Dyn>>::Out;
    #[inline(always)]
    fn compose(&self) -> Result<(Self::RS, Self::RD), Error> {
        let d = <T::D as ScaleBy<Dyn>>::scale(&self.1).ok_or_else(scale_overflow)?;
        Ok((T::S::default(), d))
    }
}

/// The by-mode divides of a mixed layout by a static tiler `T`.
pub trait MixedDivide<T> {
    /// `logical_divide`: `((tile0, rest0), (tile1, rest1), …, extra modes…)`.
    type Logical;
    /// `zipped_divide`: `((tiles…), (rests…, extra modes…))`.
    type Zipped;
    /// `tiled_divide`: `((tiles…), rests…, extra modes…)`.
    type Tiled;
    /// The logical divide.
    fn logical(&self) -> Result<Self::Logical, Error>;
    /// The zipped divide.
    fn zipped(&self) -> Result<Self::Zipped, Error>;
    /// The tiled divide.
    fn tiled(&self) -> Result<Self::Tiled, Error>;
}

/// The by-mode composition of a mixed layout with a static tiler `T`.
pub trait MixedCompose<T> {
    /// `(A0 ∘ T0, A1 ∘ T1, …)`.
    type Output;
    /// The composition.
    fn composed(&self) -> Result<Self::Output, Error>;
}

macro_rules! by_mode {
    ([$($S:ident $D:ident $T:ident $i:tt),+] [$($ES:ident $ED:ident $e:tt),*] $tiled:ident) => {
        /// Divide mode by mode; `A`'s modes beyond the tiler are kept.
        impl<$($S, $D, $T,)+ $($ES: Copy, $ED: Copy,)*> MixedDivide<Tiler<($($T,)+)>>
            for MixedLayout<($($S,)+ $($ES,)*), ($($D,)+ $($ED,)*)>
        where
            $(($S, $D): DivideMode<$T>, $S: Copy, $D: Copy,)+
            ($((<($S, $D) as DivideMode<$T>>::TS, <($S, $D) as DivideMode<$T>>::RS),)+ $($ES,)*):
                MixedShape<($((<($S, $D) as DivideMode<$T>>::TD, <($S, $D) as DivideMode<$T>>::RD),)+ $($ED,)*)>,
            (($(<($S, $D) as DivideMode<$T>>::TS,)+), ($(<($S, $D) as DivideMode<$T>>::RS,)+ $($ES,)*)):
                MixedShape<(($(<($S, $D) as DivideMode<$T>>::TD,)+), ($(<($S, $D) as DivideMode<$T>>::RD,)+ $($ED,)*))>,
            by_mode!(@tiled_s $tiled [$($S $D $T),+] [$($ES),*]):
                MixedShape<by_mode!(@tiled_d $tiled [$($S $D $T),+] [$($ED),*])>,
            $(<($S, $D) as DivideMode<$T>>::TD: IntTuple, <($S, $D) as DivideMode<$T>>::RD: IntTuple,)+
            $($ED: IntTuple,)*
            $(<($S, $D) as DivideMode<$T>>::TS: Copy, <($S, $D) as DivideMode<$T>>::TD: Copy,
              <($S, $D) as DivideMode<$T>>::RS: Copy, <($S, $D) as DivideMode<$T>>::RD: Copy,)+
        {
            type Logical = MixedLayout<
                ($((<($S, $D) as DivideMode<$T>>::TS, <($S, $D) as DivideMode<$T>>::RS),)+ $($ES,)*),
                ($((<($S, $D) as DivideMode<$T>>::TD, <($S, $D) as DivideMode<$T>>::RD),)+ $($ED,)*),
            >;
            type Zipped = MixedLayout<
                (($(<($S, $D) as DivideMode<$T>>::TS,)+), ($(<($S, $D) as DivideMode<$T>>::RS,)+ $($ES,)*)),
                (($(<($S, $D) as DivideMode<$T>>::TD,)+), ($(<($S, $D) as DivideMode<$T>>::RD,)+ $($ED,)*)),
            >;
            type Tiled = MixedLayout<
                by_mode!(@tiled_s $tiled [$($S $D $T),+] [$($ES),*]),
                by_mode!(@tiled_d $tiled [$($S $D $T),+] [$($ED),*]),
            >;
            fn logical(&self) -> Result<Self::Logical, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).divide()?; )+
                MixedLayout::new(
                    ($(($T.0, $T.2),)+ $(s.$e,)*),
                    ($(($T.1, $T.3),)+ $(d.$e,)*),
                )
            }
            fn zipped(&self) -> Result<Self::Zipped, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).divide()?; )+
                MixedLayout::new(
                    (($($T.0,)+), ($($T.2,)+ $(s.$e,)*)),
                    (($($T.1,)+), ($($T.3,)+ $(d.$e,)*)),
                )
            }
            fn tiled(&self) -> Result<Self::Tiled, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).divide()?; )+
                by_mode!(@tiled_v $tiled s d [$($T),+] [$($e),*])
            }
        }
        /// Compose mode by mode; `A`'s modes beyond the tiler are dropped.
        impl<$($S, $D, $T,)+ $($ES, $ED,)*> MixedCompose<Tiler<($($T,)+)>>
            for MixedLayout<($($S,)+ $($ES,)*), ($($D,)+ $($ED,)*)>
        where
            $(($S, $D): ComposeMode<$T>, $S: Copy, $D: Copy,)+
            ($(<($S, $D) as ComposeMode<$T>>::RS,)+): MixedShape<($(<($S, $D) as ComposeMode<$T>>::RD,)+)>,
            $(<($S, $D) as ComposeMode<$T>>::RD: IntTuple,)+
        {
            type Output = MixedLayout<
                ($(<($S, $D) as ComposeMode<$T>>::RS,)+),
                ($(<($S, $D) as ComposeMode<$T>>::RD,)+),
            >;
            fn composed(&self) -> Result<Self::Output, Error> {
                let (s, d) = (self.shape(), self.stride());
                $( #[allow(non_snake_case)] let $T = (s.$i, d.$i).compose()?; )+
                MixedLayout::new(($($T.0,)+), ($($T.1,)+))
            }
        }
    };
    // `tiled_divide` splices the rests: one rest mode stays a 1-tuple.
    (@tiled_s one [$S:ident $D:ident $T:ident] []) => {
        ((<($S, $D) as DivideMode<$T>>::TS,), (<($S, $D) as DivideMode<$T>>::RS,))
    };
    (@tiled_d one [$S:ident $D:ident $T:ident] []) => {
        ((<($S, $D) as DivideMode<$T>>::TD,), (<($S, $D) as DivideMode<$T>>::RD,))
    };
    (@tiled_v one $s:ident $d:ident [$T:ident] []) => {
        MixedLayout::new((($T.0,), ($T.2,)), (($T.1,), ($T.3,)))
    };
    (@tiled_s many [$($S:ident $D:ident $T:ident),+] [$($ES:ident),*]) => {
        (($(<($S, $D) as DivideMode<$T>>::TS,)+), $(<($S, $D) as DivideMode<$T>>::RS,)+ $($ES,)*)
    };
    (@tiled_d many [$($S:ident $D:ident $T:ident),+] [$($ED:ident),*]) => {
        (($(<($S, $D) as DivideMode<$T>>::TD,)+), $(<($S, $D) as DivideMode<$T>>::RD,)+ $($ED,)*)
    };
    (@tiled_v many $s:ident $d:ident [$($T:ident),+] [$($e:tt),*]) => {
        MixedLayout::new((($($T.0,)+), $($T.2,)+ $($s.$e,)*), (($($T.1,)+), $($T.3,)+ $($d.$e,)*))
    };
}

by_mode!([S0 D0 T0 0] [] one);
by_mode!([S0 D0 T0 0] [S1 D1 1] many);
by_mode!([S0 D0 T0 0] [S1 D1 1, S2 D2 2] many);
by_mode!([S0 D0 T0 0, S1 D1 T1 1] [] many);
by_mode!([S0 D0 T0 0, S1 D1 T1 1] [S2 D2 2] many);
by_mode!([S0 D0 T0 0, S1 D1 T1 1] [S2 D2 2, S3 D3 3] many);
by_mode!([S0 D0 T0 0, S1 D1 T1 1, S2 D2 T2 2] [] many);
by_mode!([S0 D0 T0 0, S1 D1 T1 1, S2 D2 T2 2] [S3 D3 3] many);

impl<S, D> MixedLayout<S, D> {
    /// `logical_divide(self, t)` for a static by-mode tiler (see the
    /// module docs for which modes stay static).
    pub fn logical_divide<T>(
        &self,
        _t: Tiler<T>,
    ) -> Result<<Self as MixedDivide<Tiler<T>>>::Logical, Error>
    where
        Self: MixedDivide<Tiler<T>>,
    {
        self.logical()
    }
    /// `zipped_divide(self, t)`: `((tiles…), (rests…))`.
    pub fn zipped_divide<T>(
        &self,
        _t: Tiler<T>,
    ) -> Result<<Self as MixedDivide<Tiler<T>>>::Zipped, Error>
    where
        Self: MixedDivide<Tiler<T>>,
    {
        self.zipped()
    }
    /// `tiled_divide(self, t)`: `((tiles…), rests…)`.
    pub fn tiled_divide<T>(
        &self,
        _t: Tiler<T>,
    ) -> Result<<Self as MixedDivide<Tiler<T>>>::Tiled, Error>
    where
        Self: MixedDivide<Tiler<T>>,
    {
        self.tiled()
    }
    /// `self ∘ <T0, T1, …>` for a static by-mode tiler.
    ///
    /// ```
    /// use cute_static::{layout, tiler};
    /// let m = 40;
    /// let a = layout!(({m}, 8):(1, {m}))?;
    /// let r = a.compose(tiler!(<(2, 4):(1, 8), 4:2>))?;
    /// assert_eq!(r.to_string(), "((_2,_4),_4):((_1,_8),80)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn compose<T>(
        &self,
        _t: Tiler<T>,
    ) -> Result<<Self as MixedCompose<Tiler<T>>>::Output, Error>
    where
        Self: MixedCompose<Tiler<T>>,
    {
        self.composed()
    }
}
