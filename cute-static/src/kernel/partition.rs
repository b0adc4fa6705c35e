//! Partitioning static and mixed tensors (docs/semantics/tensors-and-atoms.md#partitioning):
//! CuTe's `local_tile` (a CTA's tile: the divide, then the tile modes kept
//! and the rest modes fixed by the tile coordinate) and `local_partition`
//! (a thread's elements: the divide by the thread layout's shape, then the
//! tile modes fixed by the thread's coordinate), with [`Step`] projections
//! (`X` drops a mode of the tiler and the coordinate), the divides of
//! tensors, and register fragments (`make_fragment_like`,
//! `make_tensor_like`, [`Tensor::fragment`]: owned arrays sized by the
//! static size, no allocation).
//!
//! Defining properties (the run-time contracts `local_tile` and
//! `local_partition` of `cute_tools::laws`, checked in the tests on the
//! `to_dynamic()` of the results):
//! * `local_tile(T, tiler, c)(i, j…) == T(tile c's element (i, j…))`, the
//!   result's layout that of `flat_divide(T, tiler)` sliced at
//!   `(_…, c)`;
//! * `local_partition(T, thr, t)(j…) == T` at thread `t`'s coordinate in
//!   the tile `shape(thr)`, the layout that of `flat_divide(T, shape(thr))`
//!   sliced at `(thr_coord(t), _…)`.
//!
//! The layouts stay static where the input is static (a static tensor's
//! tiles have static layouts); only the base offset is run time. Over a
//! mixed tensor, the tile modes stay static where they depend only on
//! static parts (see the mixed divides).
//!
//! ```
//! use cute_static::{Tensor, layout, step, tiler, tensor::{Counting, X, __, local_partition, local_tile}};
//! let (m, k) = (256, 64);
//! let m_a = Tensor::new(Counting, layout!(({m}, {k}):(1, {m}))?)?; // (M,K)
//! // CTA (1, 1) of a (128, 128, 8) tiler, A's modes (M, K): Step<_1, X, _1>.
//! let g_a = local_tile(&m_a, tiler!(<128, 128, 8>), (1, 1, __), step!(1, X, 1))?;
//! assert_eq!((g_a.base(), g_a.layout().to_string()), (128, "(_128,_8,8):(_1,256,2048)".to_string()));
//! // Thread 33 of a 32×8 thread layout.
//! let t_a = local_partition(&g_a, layout!((32, 8)), 33)?;
//! assert_eq!((t_a.base(), t_a.layout().to_string()), (128 + 1 + 256, "(_4,_1,8):(_32,0,2048)".to_string()));
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::marker::PhantomData;
use core::ops::{Mul, Rem};

use typenum::operator_aliases::Eq;
use typenum::{IsEqual, Mod, Prod, U0, U1};

use crate::algebra::divide::SizeOf;
use crate::algebra::fragment_like::{FragmentLayout, HasFragmentLayout};
use crate::algebra::modes::{FlattenLayout, Flattened};
use crate::data::layout::{Mode, ModeOf};
use crate::kernel::algorithms::{SizesDiffer, SizesEqual, Verdict};
use crate::kernel::layout::{RuntimeSize, StaticSize};
use crate::private::Violation;

use crate::Error;
use crate::algebra::divide::{
    FlatDivide, FlatQuotient, LogicalDivide, LogicalQuotient, TiledDivide, TiledQuotient,
    ZippedDivide, ZippedQuotient,
};
use crate::data::int_tuple::{C, StaticInt, StaticIntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::data::tiler::Tiler;
use crate::kernel::layout::{SliceLayout, TensorLayout};
use crate::kernel::tensor::{Coordinates, Engine, EngineMut, Storage, Tensor, Underscore};
use crate::mixed::layout::{Dyn, MixedLayout};
use crate::private::{P, Pretty};

// ---------------------------------------------------------------------------
// Step projections.

/// CuTe's `X` in a [`Step`]: drop this mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct X;

/// CuTe's `Step<…>` projection: a tuple of `C<1>` (keep the mode) and
/// [`X`] (drop it), one entry per mode of the tiler and coordinate it
/// dices. Write it with [`step!`](crate::step): `step!(1, X, 1)` is CuTe's
/// `Step<_1, X, _1>{}`.
///
/// ```
/// use cute_static::{C, step, tensor::{Step, X}};
/// let s: Step<(C<1>, X, C<1>)> = step!(1, X, 1);
/// assert_eq!(s.dice((7usize, 8usize, 9usize)), (7, 9));
/// ```
pub struct Step<S>(PhantomData<S>);

impl<S> Step<S> {
    /// The step value (it carries no data).
    #[inline(always)]
    pub const fn new() -> Self {
        Step(PhantomData)
    }
    /// Keep the entries of `t` where the step has `1`, in order.
    #[inline(always)]
    pub fn dice<T: Dice<S>>(&self, t: T) -> T::Out {
        t.dice()
    }
}
impl<S> Clone for Step<S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S> Copy for Step<S> {}
impl<S> Default for Step<S> {
    fn default() -> Self {
        Self::new()
    }
}
impl<S> core::fmt::Debug for Step<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Step")
    }
}

/// CuTe's `Step<…>{}`: `step!(1, X, 1)` is `Step<(C<1>, X, C<1>)>`.
///
/// ```
/// use cute_static::{tensor::X, step};
/// let s = step!(X, 1, 1);
/// assert_eq!(s.dice(('m', 'n', 'k')), ('n', 'k'));
/// ```
#[macro_export]
macro_rules! step {
    ($($e:tt),+ $(,)?) => {
        $crate::tensor::Step::<($($crate::step!(@mode $e),)+)>::new()
    };
    (@mode 1) => { $crate::C<1> };
    (@mode X) => { $crate::tensor::X };
    (@mode _1) => { $crate::C<1> };
}

/// One entry of a [`Step`]: `C<1>` keeps the mode, [`X`] drops it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a step entry: use `1` (keep the mode) or `X` (drop it)",
    note = "a step is `step!(1, X, 1)`: one entry per mode, `1` keeps it and `X` drops it"
)]
pub trait StepMode {
    /// The list `R` with `H` in front when kept.
    type Cons<H, R>;
    /// Put `h` in front of `r` when kept.
    fn cons<H, R>(h: H, r: R) -> Self::Cons<H, R>;
}
/// `1` keeps the mode.
impl StepMode for C<1> {
    type Cons<H, R> = (H, R);
    #[inline(always)]
    fn cons<H, R>(h: H, r: R) -> (H, R) {
        (h, r)
    }
}
/// `X` drops the mode.
impl StepMode for X {
    type Cons<H, R> = R;
    #[inline(always)]
    fn cons<H, R>(_: H, r: R) -> R {
        r
    }
}

/// A nested list `(a, (b, ()))` as the tuple `(a, b)`.
#[doc(hidden)]
pub trait Unnest {
    /// The tuple.
    type Flat;
    /// Convert.
    fn unnest(self) -> Self::Flat;
}
impl Unnest for () {
    type Flat = ();
    #[inline(always)]
    fn unnest(self) {}
}
macro_rules! unnest {
    ($($A:ident $a:ident),+) => {
        impl<$($A),+> Unnest for unnest!(@nest $($A),+) {
            type Flat = ($($A,)+);
            #[inline(always)]
            #[allow(non_snake_case)]
            fn unnest(self) -> Self::Flat {
                let unnest!(@pat $($a),+) = self;
                ($($a,)+)
            }
        }
    };
    (@nest) => { () };
    (@nest $h:ident $(, $t:ident)*) => { ($h, unnest!(@nest $($t),*)) };
    (@pat) => { () };
    (@pat $h:ident $(, $t:ident)*) => { ($h, unnest!(@pat $($t),*)) };
}
crate::data::int_tuple::arities!(unnest; (A0 a0), (A1 a1), (A2 a2), (A3 a3), (A4 a4), (A5 a5), (A6 a6), (A7 a7));

/// A tuple diced by a step `S` of the same rank: the entries where `S`
/// has `1`, in order.
///
/// # Examples
///
/// What a [`Step`] does to a tiler or a coordinate; generic code names
/// the bound:
///
/// ```
/// use cute_static::C;
/// use cute_static::tensor::{Dice, X};
/// fn m_and_k<T: Dice<(C<1>, X, C<1>)>>(t: T) -> T::Out {
///     t.dice()
/// }
/// assert_eq!(m_and_k((128usize, 64usize, 8usize)), (128, 8));
/// assert_eq!(m_and_k(('m', 'n', 'k')), ('m', 'k'));
/// ```
#[diagnostic::on_unimplemented(
    message = "the step `{S}` does not have one entry per mode of `{Self}`",
    label = "a step needs one entry (`1` or `X`) per mode",
    note = "CuTe's Step<_1, X, _1> projects a rank-3 tiler and coordinate: write `step!(1, X, 1)` with as many entries as the tiler has modes"
)]
pub trait Dice<S> {
    /// The kept entries.
    type Out;
    /// Keep them.
    fn dice(self) -> Self::Out;
}
macro_rules! dice {
    ($($S:ident $A:ident $i:tt),+) => {
        /// Dice a tuple by a step of the same rank.
        impl<$($S: StepMode, $A),+> Dice<($($S,)+)> for ($($A,)+)
        where
            dice!(@ty $($S $A),+): Unnest,
        {
            type Out = <dice!(@ty $($S $A),+) as Unnest>::Flat;
            #[inline(always)]
            fn dice(self) -> Self::Out {
                dice!(@val self; $($S $i),+).unnest()
            }
        }
    };
    (@ty) => { () };
    (@ty $S0:ident $A0:ident $(, $S:ident $A:ident)*) => {
        <$S0 as StepMode>::Cons<$A0, dice!(@ty $($S $A),*)>
    };
    (@val $s:ident;) => { () };
    (@val $s:ident; $S0:ident $i0:tt $(, $S:ident $i:tt)*) => {
        <$S0 as StepMode>::cons($s.$i0, dice!(@val $s; $($S $i),*))
    };
}
crate::data::int_tuple::arities!(dice; (S0 A0 0), (S1 A1 1), (S2 A2 2), (S3 A3 3), (S4 A4 4), (S5 A5 5), (S6 A6 6), (S7 A7 7));

/// A by-mode tiler diced by a step: the kept tiler modes.
impl<T: Dice<S> + Default, S> Dice<S> for Tiler<T> {
    type Out = Tiler<T::Out>;
    #[inline(always)]
    fn dice(self) -> Tiler<T::Out> {
        Tiler::new()
    }
}
/// A static layout diced by a step: the kept top-level modes.
impl<Sh, D, S> Dice<S> for Layout<Sh, D>
where
    Sh: Dice<S>,
    D: Dice<S>,
{
    type Out = Layout<Sh::Out, D::Out>;
    #[inline(always)]
    fn dice(self) -> Self::Out {
        Layout::new()
    }
}

/// A projection of [`local_tile`]/[`local_partition_with_step`]: a
/// [`Step`], or `()` for none.
pub trait Projection<T> {
    /// The projected operand.
    type Out;
    /// Project it.
    fn project(&self, t: T) -> Self::Out;
}
/// No projection.
impl<T> Projection<T> for () {
    type Out = T;
    #[inline(always)]
    fn project(&self, t: T) -> T {
        t
    }
}
/// A step dices.
impl<T: Dice<S>, S> Projection<T> for Step<S> {
    type Out = T::Out;
    #[inline(always)]
    fn project(&self, t: T) -> T::Out {
        t.dice()
    }
}

// ---------------------------------------------------------------------------
// Divides of tensor layouts, static or mixed, as one trait.

/// The divides of a tensor layout by a static tiler, as one fallible
/// interface over static layouts (always `Ok`; an inadmissible tile does
/// not compile) and mixed layouts (`Err` on overflow).
///
/// # Examples
///
/// One bound for a function over static and mixed layouts:
///
/// ```
/// use cute_static::layout::TensorLayout;
/// use cute_static::tensor::TensorDivide;
/// use cute_static::{layout, tiler};
/// /// The offset where the second 4×4 tile starts.
/// fn second_tile<L: TensorDivide<T>, T>(l: &L, tiler: T) -> Result<usize, cute_static::Error> {
///     Ok(l.zipped(tiler)?.offset(16))
/// }
/// let n = 12;
/// assert_eq!(second_tile(&layout!((8, 12):(1, 8)), tiler!(<4, 4>))?, 4);
/// assert_eq!(second_tile(&layout!((8, {n}):(1, 8))?, tiler!(<4, 4>))?, 4);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be divided by the tiler `{T}`",
    note = "a static layout takes any admissible static tiler; a mixed layout takes a by-mode tiler `<T0, …>` of at most as many modes (see the mixed divides)"
)]
pub trait TensorDivide<T>: TensorLayout {
    /// `logical_divide(self, T)`.
    type Logical: TensorLayout;
    /// `zipped_divide(self, T)`.
    type Zipped: TensorLayout;
    /// `tiled_divide(self, T)`.
    type Tiled: TensorLayout;
    /// `flat_divide(self, T)`.
    type Flat: TensorLayout;
    /// The logical divide.
    fn logical(&self, t: T) -> Result<Self::Logical, Error>;
    /// The zipped divide.
    fn zipped(&self, t: T) -> Result<Self::Zipped, Error>;
    /// The tiled divide.
    fn tiled(&self, t: T) -> Result<Self::Tiled, Error>;
    /// The flat divide.
    fn flat(&self, t: T) -> Result<Self::Flat, Error>;
    /// The flat divide of a device view's layout, which the view then
    /// checks to be whole (see [`FlatDivide`]'s `divide_view`): a mixed
    /// layout's result is not validated again. The default is
    /// [`flat`](Self::flat).
    #[doc(hidden)]
    #[inline(always)]
    fn flat_view(&self, t: T) -> Result<Self::Flat, Error> {
        self.flat(t)
    }
}
/// A static layout: the static algebra.
impl<S, D, T: Copy> TensorDivide<T> for Layout<S, D>
where
    Self: StaticLayout
        + LogicalDivide<T>
        + ZippedDivide<T>
        + TiledDivide<T>
        + FlatDivide<T>
        + TensorLayout,
    LogicalQuotient<Self, T>: TensorLayout,
    ZippedQuotient<Self, T>: TensorLayout,
    TiledQuotient<Self, T>: TensorLayout,
    FlatQuotient<Self, T>: TensorLayout,
{
    type Logical = LogicalQuotient<Self, T>;
    type Zipped = ZippedQuotient<Self, T>;
    type Tiled = TiledQuotient<Self, T>;
    type Flat = FlatQuotient<Self, T>;
    #[inline(always)]
    fn logical(&self, t: T) -> Result<Self::Logical, Error> {
        Ok(LogicalDivide::logical_divide(self, t))
    }
    #[inline(always)]
    fn zipped(&self, t: T) -> Result<Self::Zipped, Error> {
        Ok(ZippedDivide::zipped_divide(self, t))
    }
    #[inline(always)]
    fn tiled(&self, t: T) -> Result<Self::Tiled, Error> {
        Ok(TiledDivide::tiled_divide(self, t))
    }
    #[inline(always)]
    fn flat(&self, t: T) -> Result<Self::Flat, Error> {
        Ok(FlatDivide::flat_divide(self, t))
    }
}
/// A mixed layout: the mixed algebra.
impl<S, D, T, L1, L2, L3, L4> TensorDivide<T> for MixedLayout<S, D>
where
    Self: LogicalDivide<T, Output = Result<L1, Error>>
        + ZippedDivide<T, Output = Result<L2, Error>>
        + TiledDivide<T, Output = Result<L3, Error>>
        + FlatDivide<T, Output = Result<L4, Error>>
        + TensorLayout,
    L1: TensorLayout,
    L2: TensorLayout,
    L3: TensorLayout,
    L4: TensorLayout,
{
    type Logical = L1;
    type Zipped = L2;
    type Tiled = L3;
    type Flat = L4;
    #[inline(always)]
    fn logical(&self, t: T) -> Result<L1, Error> {
        LogicalDivide::logical_divide(self, t)
    }
    #[inline(always)]
    fn zipped(&self, t: T) -> Result<L2, Error> {
        ZippedDivide::zipped_divide(self, t)
    }
    #[inline(always)]
    fn tiled(&self, t: T) -> Result<L3, Error> {
        TiledDivide::tiled_divide(self, t)
    }
    #[inline(always)]
    fn flat(&self, t: T) -> Result<L4, Error> {
        FlatDivide::flat_divide(self, t)
    }
    #[inline(always)]
    fn flat_view(&self, t: T) -> Result<L4, Error> {
        FlatDivide::divide_view(self, t)
    }
}

/// The four divides of a tensor, one method each: the layout divided, the
/// accessor and base unchanged.
macro_rules! tensor_divides {
    ($($(#[$doc:meta])* $method:ident => $Part:ident, $part:ident;)+) => {
        impl<E: Engine, L: TensorLayout> Tensor<E, L> {
            $(
                $(#[$doc])*
                pub fn $method<T>(self, tiler: T) -> Result<Tensor<E, L::$Part>, Error>
                where
                    L: TensorDivide<T>,
                {
                    let (e, b, l) = self.into_parts();
                    Ok(Tensor::from_parts(e, b, l.$part(tiler)?))
                }
            )+
        }
    };
}
tensor_divides! {
    /// `logical_divide(T, tiler)`: the layout divided, the values unchanged.
    logical_divide => Logical, logical;
    /// `zipped_divide(T, tiler)`: `((tile), (rest))`.
    ///
    /// ```
    /// use cute_static::{tensor::Counting, Tensor, layout, tiler};
    /// let n = 12;
    /// let t = Tensor::new(Counting, layout!((8, {n}):(1, 8))?)?;
    /// let z = t.zipped_divide(tiler!(<4, 4>))?;
    /// assert_eq!(z.layout().to_string(), "((_4,_4),(_2,3)):((_1,_8),(_4,32))");
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    zipped_divide => Zipped, zipped;
    /// `tiled_divide(T, tiler)`: `((tile), rest…)`.
    tiled_divide => Tiled, tiled;
    /// `flat_divide(T, tiler)`: `(tile…, rest…)`.
    flat_divide => Flat, flat;
}

impl<E: Engine, S, D> Tensor<E, Layout<S, D>>
where
    Layout<S, D>: TensorLayout + FlattenLayout,
    Flattened<Layout<S, D>>: TensorLayout,
{
    /// CuTe's `flatten(T)` for a static layout: the leaves as top-level
    /// modes, the values unchanged (the layout stays static).
    ///
    /// ```
    /// use cute_static::{tensor::Counting, Tensor, layout};
    /// let t = Tensor::new(Counting, layout!(((2, 2), (4, 2)):((1, 8), (2, 16))))?;
    /// let f = t.flatten();
    /// assert_eq!(f.layout().to_string(), "(_2,_2,_4,_2):(_1,_8,_2,_16)");
    /// assert!((0..32).all(|i| f.read(i) == t.read(i)));
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    pub fn flatten(self) -> Tensor<E, Flattened<Layout<S, D>>> {
        let (e, b, _) = self.into_parts();
        Tensor::from_parts(e, b, Default::default())
    }
}

impl<E: Engine, S, D> Tensor<E, crate::MixedLayout<S, D>>
where
    crate::MixedLayout<S, D>: TensorLayout,
    S: crate::MixedShape<D> + crate::mixed::layout::AllHoles,
    D: crate::data::int_tuple::IntTuple,
    S::Coord: crate::MixedSliceCoord<S, D>,
    crate::mixed::layout::MixedFlattened<S, D>: TensorLayout,
{
    /// CuTe's `flatten(T)` for a mixed layout (with a tuple shape): the
    /// leaves as top-level modes, static leaves staying static, the values
    /// unchanged.
    ///
    /// ```
    /// use cute_static::{tensor::Counting, Tensor, layout};
    /// let n = 3;
    /// let t = Tensor::new(Counting, layout!(((2, 2), ({n}, 2)):((1, 8), (2, 16)))?)?;
    /// let f = t.flatten();
    /// assert_eq!(f.layout().to_string(), "(_2,_2,3,_2):(_1,_8,_2,_16)");
    /// assert!((0..24).all(|i| f.read(i) == t.read(i)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn flatten(self) -> Tensor<E, crate::mixed::layout::MixedFlattened<S, D>> {
        let (e, b, l) = self.into_parts();
        Tensor::from_parts(e, b, l.flatten())
    }
}

impl<E: Engine, S, D> Tensor<E, Layout<S, D>>
where
    Layout<S, D>: TensorLayout,
{
    /// CuTe's `group_modes<B, E>(T)` for a static layout: top-level modes
    /// `B..E` grouped into one mode (`B < E ≤ rank`, checked by the
    /// compiler), the values unchanged.
    ///
    /// ```
    /// use cute_static::{tensor::Counting, Tensor, layout};
    /// let t = Tensor::new(Counting, layout!((2, 3, 4):(1, 2, 6)))?;
    /// let g = t.group_modes::<1, 3>();
    /// assert_eq!(g.layout().to_string(), "(_2,(_3,_4)):(_1,(_2,_6))");
    /// assert!((0..24).all(|i| g.read(i) == t.read(i)));
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    pub fn group_modes<const B: usize, const G: usize>(
        self,
    ) -> Tensor<E, crate::algebra::modes::Grouped<Layout<S, D>, B, G>>
    where
        Layout<S, D>: crate::algebra::modes::GroupModes<B, G>,
        crate::algebra::modes::Grouped<Layout<S, D>, B, G>: TensorLayout,
    {
        let (e, b, _) = self.into_parts();
        Tensor::from_parts(e, b, Default::default())
    }
}

impl<E: Engine, S, D> Tensor<E, crate::MixedLayout<S, D>>
where
    crate::MixedLayout<S, D>: TensorLayout,
{
    /// CuTe's `group_modes<B, E>(T)` for a mixed layout (rank at most
    /// [`MIXED_ALGEBRA_MAX_RANK`](crate::MIXED_ALGEBRA_MAX_RANK)): top-level
    /// modes `B..E` grouped into one mode, the values unchanged.
    ///
    /// ```
    /// use cute_static::{tensor::Counting, Tensor, layout};
    /// let n = 3;
    /// let t = Tensor::new(Counting, layout!((2, {n}, 4):(1, 2, 6))?)?;
    /// let g = t.group_modes::<0, 2>();
    /// assert_eq!(g.layout().to_string(), "((_2,3),_4):((_1,_2),_6)");
    /// assert!((0..24).all(|i| g.read(i) == t.read(i)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn group_modes<const B: usize, const G: usize>(
        self,
    ) -> Tensor<E, crate::mixed::layout::MixedGrouped<crate::MixedLayout<S, D>, B, G>>
    where
        crate::MixedLayout<S, D>: crate::MixedGroupModes<B, G>,
        crate::mixed::layout::MixedGrouped<crate::MixedLayout<S, D>, B, G>: TensorLayout,
    {
        let (e, b, l) = self.into_parts();
        Tensor::from_parts(e, b, l.group_modes::<B, G>())
    }
}

// ---------------------------------------------------------------------------
// Tensor arguments: by reference (a view) or by value.

/// What [`local_tile`] and [`local_partition`] take: a tensor by value, or
/// by (mutable) reference (a view of it).
///
/// # Examples
///
/// ```
/// use cute_static::tensor::{Counting, TensorArg, local_partition};
/// use cute_static::{Tensor, layout};
/// let t = Tensor::new(Counting, layout!((4, 4):(1, 4)))?;
/// // By reference (a view; `t` stays usable) or by value.
/// let by_ref = local_partition(&t, layout!((2, 2)), 3)?;
/// let by_val = local_partition(t, layout!((2, 2)), 3)?;
/// assert_eq!((by_ref.base(), by_val.base()), (5, 5)); // thread 3 is (1, 1)
/// // Generic code takes either.
/// fn size_of<A: TensorArg>(a: A) -> usize {
///     a.into_tensor().size()
/// }
/// assert_eq!(size_of(&by_val), 4);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait TensorArg {
    /// The view's accessor.
    type Engine: Engine;
    /// The layout.
    type Layout: TensorLayout;
    /// The tensor.
    fn into_tensor(self) -> Tensor<Self::Engine, Self::Layout>;
}
/// By value.
impl<E: Engine, L: TensorLayout> TensorArg for Tensor<E, L> {
    type Engine = E;
    type Layout = L;
    #[inline(always)]
    fn into_tensor(self) -> Tensor<E, L> {
        self
    }
}
/// A shared reference: a read-only view.
impl<'a, E: Engine, L: TensorLayout> TensorArg for &'a Tensor<E, L> {
    type Engine = E::View<'a>;
    type Layout = L;
    #[inline(always)]
    fn into_tensor(self) -> Tensor<E::View<'a>, L> {
        self.view()
    }
}
/// A mutable reference: a writable view.
impl<'a, E: EngineMut, L: TensorLayout> TensorArg for &'a mut Tensor<E, L> {
    type Engine = E::ViewMut<'a>;
    type Layout = L;
    #[inline(always)]
    fn into_tensor(self) -> Tensor<E::ViewMut<'a>, L> {
        self.view_mut()
    }
}

// ---------------------------------------------------------------------------
// local_tile and local_partition.

/// The shape tuple of a layout (static or mixed).
#[doc(hidden)]
pub trait ShapeOf {
    /// The shape.
    type Shape;
}
impl<S, D> ShapeOf for Layout<S, D> {
    type Shape = S;
}
impl<S, D> ShapeOf for MixedLayout<S, D> {
    type Shape = S;
}

/// The slice coordinate of [`local_tile`] on a flat divide whose tiled
/// modes number `rank(Self)`: `(_…, coord…, _…)` against the flat
/// layout's shape `F`.
#[diagnostic::on_unimplemented(
    message = "the tile coordinate `{Self}` does not have one entry per mode of the tiler",
    note = "local_tile(t, tiler, coord, step): after the step, the coordinate has one entry (an index or `__`) per tiler mode, and the tiler at most as many modes as the tensor"
)]
pub trait TileSlice<F> {
    /// The slice coordinate.
    type Coord;
    /// It.
    fn coord(self) -> Self::Coord;
}

/// The slice coordinate of [`local_partition`] on a flat divide whose
/// tiled modes number `R`: `(thread coordinate…, _…)` against the flat
/// layout's shape `F`.
#[doc(hidden)]
pub trait PartitionSlice<F> {
    /// The slice coordinate.
    type Coord;
    /// It.
    fn coord(self) -> Self::Coord;
}

/// Both slice coordinates for a tiler of rank `r` and a tensor of rank
/// `n` (the flat divide has `r + n` modes): the tiler's entries `E`, the
/// flat shape `F`, the `n − r` trailing holes `H` of `local_tile`, the `n`
/// holes `P` of `local_partition`.
macro_rules! slices {
    ([$($E:ident $i:tt)+] [$($F:ident)+] [$($H:ident)*] [$($P:ident)+]) => {
        /// `(_ × r, coord…, _ × (n − r))`.
        impl<$($E,)+ $($F),+> TileSlice<($($F,)+)> for ($($E,)+) {
            type Coord = ($(slices!(@u $E),)+ $($E,)+ $(slices!(@u $H),)*);
            #[inline(always)]
            fn coord(self) -> Self::Coord {
                ($(slices!(@v $E),)+ $(self.$i,)+ $(slices!(@v $H),)*)
            }
        }
        /// `(thread coordinate…, _ × n)`.
        impl<$($F),+> PartitionSlice<($($F,)+)> for [usize; 0 $(+ slices!(@one $E))+] {
            type Coord = ($(slices!(@us $E),)+ $(slices!(@u $P),)+);
            #[inline(always)]
            fn coord(self) -> Self::Coord {
                ($(self[$i],)+ $(slices!(@v $P),)+)
            }
        }
    };
    (@u $x:ident) => { Underscore };
    (@us $x:ident) => { usize };
    (@v $x:ident) => { Underscore };
    (@one $x:ident) => { 1 };
}
// (r, n) with 1 ≤ r ≤ n ≤ 4.
slices!([E0 0] [F0 F1] [] [P0]);
slices!([E0 0] [F0 F1 F2] [H0] [P0 P1]);
slices!([E0 0] [F0 F1 F2 F3] [H0 H1] [P0 P1 P2]);
slices!([E0 0] [F0 F1 F2 F3 F4] [H0 H1 H2] [P0 P1 P2 P3]);
slices!([E0 0 E1 1] [F0 F1 F2 F3] [] [P0 P1]);
slices!([E0 0 E1 1] [F0 F1 F2 F3 F4] [H0] [P0 P1 P2]);
slices!([E0 0 E1 1] [F0 F1 F2 F3 F4 F5] [H0 H1] [P0 P1 P2 P3]);
slices!([E0 0 E1 1 E2 2] [F0 F1 F2 F3 F4 F5] [] [P0 P1 P2]);
slices!([E0 0 E1 1 E2 2] [F0 F1 F2 F3 F4 F5 F6] [H0] [P0 P1 P2 P3]);
slices!([E0 0 E1 1 E2 2 E3 3] [F0 F1 F2 F3 F4 F5 F6 F7] [] [P0 P1 P2 P3]);

/// `local_tile` as a verb of the layout being tiled (CuTe's
/// `local_tile(tensor, tiler, coord, step)` on a tensor's layout): the
/// layout of the tile at `coord` and its offset. One bound,
/// `L: TileLocally<T, Cd, St>`, lets generic code call it (and
/// [`local_tile`] on a tensor with that layout); the result is a
/// [`TensorLayout`].
///
/// # Examples
///
/// CuTe's `local_tile(mA, tiler, coord, Step<_1, X, _1>{})`:
///
/// ```
/// use cute_static::{Tensor, layout, step, tiler, tensor::{Counting, X, __, local_tile}};
/// let m_a = Tensor::new(Counting, layout!((256, 64):(1, 256)))?;
/// let g_a = local_tile(&m_a, tiler!(<128, 128, 8>), (1, 1, __), step!(1, X, 1))?;
/// assert_eq!(g_a.base(), 128);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be tiled by `{T}` at the coordinate `{Cd}` (step `{St}`)",
    note = "local_tile(t, tiler, coord, step): the step dices the tiler and the coordinate; the tensor is flat-divided by the tiler, and the coordinate has one entry (an index or `__`) per kept tiler mode"
)]
pub trait TileLocally<T, Cd, St = ()>: TensorLayout {
    /// The layout of the tile.
    type Output: TensorLayout;
    /// The tile's layout, the offset of its first element, and whether the
    /// tiling is exact: the flat divide kept the domain (its size equals
    /// this layout's: the tiler divides the shape, else the last tiles are
    /// partial). The device `local_tile` traps on an inexact tiling of a
    /// tensor whose views must stay in their storage.
    fn exact_tile(
        &self,
        tiler: T,
        coord: Cd,
        step: St,
    ) -> Result<(Self::Output, usize, bool), Error>;
    /// [`exact_tile`](Self::exact_tile) for a device view that traps
    /// unless the tiling is exact: the flat divide's result is not
    /// validated again ([`TensorDivide::flat_view`]; an exact divide of a
    /// valid layout is valid).
    #[doc(hidden)]
    #[inline(always)]
    fn view_tile(
        &self,
        tiler: T,
        coord: Cd,
        step: St,
    ) -> Result<(Self::Output, usize, bool), Error> {
        self.exact_tile(tiler, coord, step)
    }
    /// The tile's layout and the offset of its first element.
    #[inline(always)]
    fn local_tile(&self, tiler: T, coord: Cd, step: St) -> Result<(Self::Output, usize), Error> {
        self.exact_tile(tiler, coord, step)
            .map(|(tile, offset, _)| (tile, offset))
    }
}
/// The flat divide by the diced tiler, sliced at the diced coordinate.
impl<L, T, Cd, St> TileLocally<T, Cd, St> for L
where
    L: TensorDivide<<St as Projection<T>>::Out>,
    St: Projection<T> + Projection<Cd>,
    L::Flat: ShapeOf,
    <St as Projection<Cd>>::Out: TileSlice<<L::Flat as ShapeOf>::Shape>,
    L::Flat:
        SliceLayout<<<St as Projection<Cd>>::Out as TileSlice<<L::Flat as ShapeOf>::Shape>>::Coord>,
{
    type Output = <L::Flat as SliceLayout<
        <<St as Projection<Cd>>::Out as TileSlice<<L::Flat as ShapeOf>::Shape>>::Coord,
    >>::Output;
    #[inline(always)]
    fn exact_tile(
        &self,
        tiler: T,
        coord: Cd,
        step: St,
    ) -> Result<(Self::Output, usize, bool), Error> {
        let flat = self.flat(<St as Projection<T>>::project(&step, tiler))?;
        tile_of(self.size(), flat, coord, step)
    }
    #[inline(always)]
    fn view_tile(
        &self,
        tiler: T,
        coord: Cd,
        step: St,
    ) -> Result<(Self::Output, usize, bool), Error> {
        let flat = self.flat_view(<St as Projection<T>>::project(&step, tiler))?;
        tile_of(self.size(), flat, coord, step)
    }
}

/// The tile at the diced `coord` of the flat divide `flat` of a layout of
/// size `size`, and whether the divide is whole.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn tile_of<F, Cd, St>(
    size: usize,
    flat: F,
    coord: Cd,
    step: St,
) -> Result<(F::Output, usize, bool), Error>
where
    F: ShapeOf + SliceLayout<<<St as Projection<Cd>>::Out as TileSlice<F::Shape>>::Coord>,
    St: Projection<Cd>,
    <St as Projection<Cd>>::Out: TileSlice<F::Shape>,
{
    let whole = flat.size() == size;
    let coord = <St as Projection<Cd>>::project(&step, coord).coord();
    let (tile, offset) = flat.slice_layout(coord)?;
    Ok((tile, offset, whole))
}

/// A tensor's engine with a new layout at `base + offset` (the offset of a
/// tile or partition), an overflow error past `usize`.
fn rebase<E: crate::kernel::tensor::Engine, L: TensorLayout, R: TensorLayout>(
    t: Tensor<E, L>,
    (layout, offset): (R, usize),
    operation: &'static str,
) -> Result<Tensor<E, R>, Error> {
    let (e, b, _) = t.into_parts();
    let base = b.checked_add(offset).ok_or(crate::mixed::layout::overflow(
        operation,
        "a tensor's base offset plus the tile offset",
    ))?;
    Ok(Tensor::from_parts(e, base, layout))
}

/// The layout of a tile of [`TileLocally`]: `local_tile`'s result layout
/// for a tensor of layout `L`.
pub type LocalTileLayout<L, T, Cd, St = ()> = <L as TileLocally<T, Cd, St>>::Output;

/// The result of [`local_tile`]: the tile of [`TileLocally`].
pub type LocalTile<A, T, Cd, St = ()> =
    Tensor<<A as TensorArg>::Engine, <<A as TensorArg>::Layout as TileLocally<T, Cd, St>>::Output>;

/// CuTe's `local_tile(tensor, tiler, coord, step)`: the tile at `coord` of
/// the tiling of `tensor` by `tiler`. The step ([`step!`](crate::step), or
/// `()` for none) first dices the tiler and the coordinate (`X` modes
/// dropped). The coordinate has one entry per (kept) tiler mode, an index
/// or [`__`](crate::__) (the tile-index mode kept, as in `(m, n, _)`); the
/// result's modes are the tile's, then the kept tile-index modes, then the
/// tensor's modes beyond the tiler. A partial last tile is a view past the
/// storage whose accesses are checked (see the tensor module).
///
/// ```
/// use cute_static::{Tensor, layout, step, tiler, tensor::{Counting, X, __, local_tile}};
/// let m_b = Tensor::new(Counting, layout!((256, 64):(1, 256)))?; // (N,K), static
/// let g_b = local_tile(&m_b, tiler!(<128, 128, 8>), (1, 1, __), step!(X, 1, 1))?;
/// assert_eq!((g_b.base(), g_b.layout().to_string()), (128, "(_128,_8,_8):(_1,_256,_2048)".to_string()));
/// # Ok::<(), cute_static::Error>(())
/// ```
pub fn local_tile<A, T, Cd, St>(
    tensor: A,
    tiler: T,
    coord: Cd,
    step: St,
) -> Result<LocalTile<A, T, Cd, St>, Error>
where
    A: TensorArg,
    A::Layout: TileLocally<T, Cd, St>,
{
    let t = tensor.into_tensor();
    let tile = t.layout().local_tile(tiler, coord, step)?;
    rebase(t, tile, "local_tile")
}

/// A thread layout of [`local_partition`]: a static layout whose
/// top-level modes are leaves `s_k:d_k`. Thread `t` sits at the coordinate
/// `((t / d_k) mod s_k)_k` (CuTe's `get_flat_coord`), and the tensor is
/// divided by the tiler `<s_0, s_1, …>`.
///
/// # Examples
///
/// ```
/// use cute_static::layout;
/// use cute_static::tensor::ThreadLayout;
/// let thr = layout!((4, 8):(8, 1)); // 32 threads, row-major
/// assert_eq!(thr.thread_coord(10), [1, 2]);
/// assert_eq!(layout!((4, 8)).thread_coord(10), [2, 2]); // column-major
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a thread layout: local_partition takes a static layout of one to four leaf modes",
    note = "write the thread layout with `layout!`, e.g. `layout!((32, 8))`; each top-level mode a single integer"
)]
pub trait ThreadLayout: StaticLayout {
    /// The tiler `<s_0, s_1, …>` of its shape.
    type Tiler: Copy + Default;
    /// The thread coordinate, one index per mode.
    type Coord;
    /// Thread `t`'s coordinate.
    fn thread_coord(&self, t: usize) -> Self::Coord;
}
macro_rules! thread_layouts {
    ($($S:ident $D:ident $i:tt),+) => {
        /// A static layout with leaf modes.
        impl<$($S: StaticInt, $D: StaticInt),+> ThreadLayout for Layout<($($S,)+), ($($D,)+)>
        where
            Self: StaticLayout,
        {
            type Tiler = Tiler<($($S,)+)>;
            type Coord = [usize; 0 $(+ thread_layouts!(@one $i))+];
            #[inline(always)]
            fn thread_coord(&self, t: usize) -> Self::Coord {
                [$((if $D::VALUE == 0 { 0 } else { t / $D::VALUE }) % $S::VALUE,)+]
            }
        }
    };
    (@one $i:tt) => { 1 };
}
crate::data::int_tuple::arities!(thread_layouts; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3));

/// A static tensor's modes are tiled exactly by a thread layout's modes:
/// mode `k` of the tensor has a multiple of `s_k` elements (checked by the
/// compiler for a static layout; a mixed layout may be a partial tile and
/// is not checked, as in CuTe).
#[doc(hidden)]
pub trait ThreadTiling<Thr> {}
/// Dispatch on whether the tensor's size is static.
impl<L: TensorLayout, Thr> ThreadTiling<Thr> for L where L::SizeKind: TilingBy<L, Thr> {}
/// The check for one size kind.
#[doc(hidden)]
pub trait TilingBy<L, Thr> {}
/// A run-time size: not checked (partial tiles are predicated).
impl<L, Thr> TilingBy<L, Thr> for RuntimeSize {}
/// A static size: every mode checked.
impl<L, Thr> TilingBy<L, Thr> for StaticSize where (L, Thr): TileModes {}

/// Every tensor mode `k < rank(thr)` is a multiple of `s_k`.
#[doc(hidden)]
pub trait TileModes {}
macro_rules! tile_modes {
    ($($S:ident $D:ident $i:tt),+) => {
        /// One check per thread mode.
        impl<L, $($S, $D),+> TileModes for (L, Layout<($($S,)+), ($($D,)+)>)
        where
            $(L: Mode<$i>, ModeOf<L, $i>: ModeTiledBy<$S, C<$i>>,)+
        {}
    };
}
crate::data::int_tuple::arities!(tile_modes; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3));

/// `size(Self) mod R == 0` for the thread extent `R` of mode `K`.
#[doc(hidden)]
pub trait ModeTiledBy<R, K> {}
type ModeSize<M> = <<M as StaticLayout>::Tree as SizeOf>::Out;
impl<M, R, K> ModeTiledBy<R, K> for M
where
    M: StaticLayout,
    M::Tree: SizeOf,
    R: StaticInt,
    ModeSize<M>: Rem<R::Tn> + Pretty,
    Mod<ModeSize<M>, R::Tn>: IsEqual<U0>,
    Eq<Mod<ModeSize<M>, R::Tn>, U0>: Verdict,
    <Eq<Mod<ModeSize<M>, R::Tn>, U0> as Verdict>::Out: TilingVerdict<K, P<ModeSize<M>>, R>,
{
}
/// The answer of one divisibility check.
#[doc(hidden)]
pub trait TilingVerdict<K, N, R> {}
impl<K, N, R> TilingVerdict<K, N, R> for SizesEqual {}
impl<K, N, R> TilingVerdict<K, N, R> for SizesDiffer where Violation: ThreadsDoNotTile<K, N, R> {}

/// Raised by `local_partition` of a static tensor whose mode is not a
/// multiple of the thread layout's extent there.
#[diagnostic::on_unimplemented(
    message = "the thread layout does not tile the tensor: mode {K} has {N} elements, not a multiple of its {R} threads",
    label = "a thread layout that does not tile the tile",
    note = "local_partition(t, thr, i) splits mode k of a static tensor among the size of thr's mode k: every mode must be a multiple of it (a run-time-sized tensor may be a partial tile and is predicated instead)"
)]
pub trait ThreadsDoNotTile<K, N, R> {}

/// `local_partition` as a verb of the layout being partitioned (CuTe's
/// `local_partition(tensor, thr_layout, thr_idx[, step])` on a tensor's
/// layout): the layout of thread `thr_idx`'s elements and their first
/// offset. The step ([`step!`](crate::step), or `()` for none) first dices
/// the thread layout. One bound, `L: PartitionLocally<Thr, St>`, lets
/// generic code call it (and [`local_partition`] /
/// [`local_partition_with_step`] on a tensor with that layout); the result
/// is a [`TensorLayout`].
///
/// # Examples
///
/// CuTe's `local_partition(tA, thr_layout, thr_idx)`:
///
/// ```
/// use cute_static::{Tensor, layout, tensor::{Counting, local_partition}};
/// let g_a = Tensor::new(Counting, layout!((128, 8):(1, 256)))?;
/// let t_a = local_partition(&g_a, layout!((32, 8)), 33)?;
/// assert_eq!((t_a.base(), t_a.layout().to_string()), (1 + 256, "(_4,_1):(_32,_0)".to_string()));
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be partitioned by the thread layout `{Thr}` (step `{St}`)",
    note = "local_partition(t, thr_layout, thr_idx): the thread layout (diced by the step) is a static layout of one to four leaf modes, and the tensor is flat-divided by its shape"
)]
pub trait PartitionLocally<Thr, St = ()>: TensorLayout {
    /// The layout of one thread's elements.
    type Output: TensorLayout;
    /// Thread `thr_idx`'s layout, the offset of its first element, and
    /// whether the partition is exact: the flat divide kept the domain (the
    /// diced thread layout's shape divides the tensor's; see
    /// [`TileLocally::exact_tile`]).
    fn exact_partition(
        &self,
        thr_layout: Thr,
        thr_idx: usize,
        step: St,
    ) -> Result<(Self::Output, usize, bool), Error>;
    /// [`exact_partition`](Self::exact_partition) for a device view that
    /// traps unless the partition is exact (see [`TileLocally::view_tile`]).
    #[doc(hidden)]
    #[inline(always)]
    fn view_partition(
        &self,
        thr_layout: Thr,
        thr_idx: usize,
        step: St,
    ) -> Result<(Self::Output, usize, bool), Error> {
        self.exact_partition(thr_layout, thr_idx, step)
    }
    /// Thread `thr_idx`'s layout and the offset of its first element.
    #[inline(always)]
    fn local_partition(
        &self,
        thr_layout: Thr,
        thr_idx: usize,
        step: St,
    ) -> Result<(Self::Output, usize), Error> {
        self.exact_partition(thr_layout, thr_idx, step)
            .map(|(part, offset, _)| (part, offset))
    }
}
/// The diced thread layout.
type Diced<Thr, St> = <St as Projection<Thr>>::Out;
/// The flat divide by the diced thread layout's shape, sliced at the
/// thread's coordinate.
impl<L, Thr, St> PartitionLocally<Thr, St> for L
where
    St: Projection<Thr>,
    Diced<Thr, St>: ThreadLayout,
    L: ThreadTiling<Diced<Thr, St>>,
    L: TensorDivide<<Diced<Thr, St> as ThreadLayout>::Tiler>,
    L::Flat: ShapeOf,
    <Diced<Thr, St> as ThreadLayout>::Coord: PartitionSlice<<L::Flat as ShapeOf>::Shape>,
    L::Flat:
        SliceLayout<
            <<Diced<Thr, St> as ThreadLayout>::Coord as PartitionSlice<
                <L::Flat as ShapeOf>::Shape,
            >>::Coord,
        >,
{
    type Output =
        <L::Flat as SliceLayout<
            <<Diced<Thr, St> as ThreadLayout>::Coord as PartitionSlice<
                <L::Flat as ShapeOf>::Shape,
            >>::Coord,
        >>::Output;
    #[inline(always)]
    fn exact_partition(
        &self,
        thr_layout: Thr,
        thr_idx: usize,
        step: St,
    ) -> Result<(Self::Output, usize, bool), Error> {
        // CuTe dices the thread layout and the thread's coordinate: the
        // coordinate of `thr_idx` in the diced layout's modes is the same.
        let thr = step.project(thr_layout);
        let flat = self.flat(<Diced<Thr, St> as ThreadLayout>::Tiler::default())?;
        part_of(self.size(), flat, thr.thread_coord(thr_idx))
    }
    #[inline(always)]
    fn view_partition(
        &self,
        thr_layout: Thr,
        thr_idx: usize,
        step: St,
    ) -> Result<(Self::Output, usize, bool), Error> {
        let thr = step.project(thr_layout);
        let flat = self.flat_view(<Diced<Thr, St> as ThreadLayout>::Tiler::default())?;
        part_of(self.size(), flat, thr.thread_coord(thr_idx))
    }
}

/// The part at the thread coordinate `c` of the flat divide `flat` of a
/// layout of size `size`, and whether the divide is whole.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn part_of<F, Tc>(size: usize, flat: F, c: Tc) -> Result<(F::Output, usize, bool), Error>
where
    F: ShapeOf + SliceLayout<<Tc as PartitionSlice<F::Shape>>::Coord>,
    Tc: PartitionSlice<F::Shape>,
{
    let whole = flat.size() == size;
    let (part, offset) = flat.slice_layout(c.coord())?;
    Ok((part, offset, whole))
}

/// The layout of a partition of [`PartitionLocally`]: `local_partition`'s
/// result layout for a tensor of layout `L`.
pub type LocalPartitionLayout<L, Thr, St = ()> = <L as PartitionLocally<Thr, St>>::Output;

/// The result of [`local_partition`] (and, with a step `St`, of
/// [`local_partition_with_step`]): the partition of [`PartitionLocally`].
pub type LocalPartition<A, Thr, St = ()> = Tensor<
    <A as TensorArg>::Engine,
    <<A as TensorArg>::Layout as PartitionLocally<Thr, St>>::Output,
>;

/// CuTe's `local_partition(tensor, thr_layout, thr_idx)`: the elements of
/// thread `thr_idx` when the tensor is tiled by the shape of `thr_layout`
/// (the tensor's modes beyond the thread layout's are kept whole). The
/// result's modes are the rest modes of the divide (how often the thread
/// tile repeats), then the tensor's modes beyond the thread layout.
///
/// ```
/// use cute_static::{Tensor, layout, tensor::{Counting, local_partition}};
/// let s_a = Tensor::new(Counting, layout!((128, 8):(1, 128)))?; // (BM,BK)
/// let t_a = local_partition(&s_a, layout!((32, 8)), 33)?; // thread (1, 1)
/// assert_eq!((t_a.base(), t_a.layout().to_string()), (129, "(_4,_1):(_32,_0)".to_string()));
/// # Ok::<(), cute_static::Error>(())
/// ```
pub fn local_partition<A, Thr>(
    tensor: A,
    thr_layout: Thr,
    thr_idx: usize,
) -> Result<LocalPartition<A, Thr>, Error>
where
    A: TensorArg,
    A::Layout: PartitionLocally<Thr>,
{
    let t = tensor.into_tensor();
    let part = t.layout().local_partition(thr_layout, thr_idx, ())?;
    rebase(t, part, "local_partition")
}

/// CuTe's `local_partition(tensor, thr_layout, thr_idx, step)`: the thread
/// layout is first diced by the step (`X` modes dropped), then
/// [`local_partition`].
///
/// ```
/// use cute_static::{Tensor, layout, step, tensor::{Counting, X, local_partition_with_step}};
/// let s_b = Tensor::new(Counting, layout!((128, 8):(1, 128)))?; // (BN,BK)
/// // Thread 17 of a 16×16 thread layout, B by its columns: n = 1.
/// let t_b = local_partition_with_step(&s_b, layout!((16, 16)), 17, step!(X, 1))?;
/// assert_eq!((t_b.base(), t_b.layout().to_string()), (1, "(_8,_8):(_16,_128)".to_string()));
/// # Ok::<(), cute_static::Error>(())
/// ```
pub fn local_partition_with_step<A, Thr, St>(
    tensor: A,
    thr_layout: Thr,
    thr_idx: usize,
    step: St,
) -> Result<LocalPartition<A, Thr, St>, Error>
where
    A: TensorArg,
    A::Layout: PartitionLocally<Thr, St>,
{
    let t = tensor.into_tensor();
    let part = t.layout().local_partition(thr_layout, thr_idx, step)?;
    rebase(t, part, "local_partition")
}

// ---------------------------------------------------------------------------
// Fragments: owned arrays sized by a static size.

/// A static integer `C<N>` as the array `[T; N]`.
#[diagnostic::on_unimplemented(
    message = "a register fragment needs a size that is a readable static integer (0..=1024 or a power of two up to 2^20)",
    note = "the fragment's storage is `[T; N]` with N the static size (or cosize) of its layout"
)]
pub trait ArrayLen {
    /// `[T; N]`.
    type Array<T: Clone>: EngineMut<Value = T> + Storage;
    /// `[v; N]`.
    fn filled<T: Clone>(v: T) -> Self::Array<T>;
}
/// `C<N>` is `[T; N]`.
impl<const N: usize> ArrayLen for C<N> {
    type Array<T: Clone> = [T; N];
    #[inline(always)]
    fn filled<T: Clone>(v: T) -> [T; N] {
        core::array::from_fn(|_| v.clone())
    }
}

/// The compact column-major strides of a static shape, starting at the
/// type-level stride `A`.
#[doc(hidden)]
pub trait CompactFrom<A> {
    /// The strides (a tuple tree like the shape).
    type Stride: StaticIntTuple;
    /// The stride after the last mode (the size times `A`).
    type Next;
}
/// A leaf `N` at stride `A`: stride `A`, next `A·N`.
impl<const N: usize, A> CompactFrom<A> for C<N>
where
    C<N>: StaticInt,
    A: Pretty + Mul<<C<N> as StaticInt>::Tn>,
    P<A>: StaticIntTuple,
{
    type Stride = P<A>;
    type Next = Prod<A, <C<N> as StaticInt>::Tn>;
}
/// The compact strides of a nested list of modes `(m0, (m1, ()))`,
/// starting at the type-level stride `A`.
#[doc(hidden)]
pub trait CompactList<A> {
    /// The strides, as a nested list.
    type Strides;
    /// The stride after the last mode.
    type Next;
}
impl<A> CompactList<A> for () {
    type Strides = ();
    type Next = A;
}
impl<A, H: CompactFrom<A>, R: CompactList<H::Next>> CompactList<A> for (H, R) {
    type Strides = (H::Stride, R::Strides);
    type Next = R::Next;
}
macro_rules! compact_tuple {
    ($($T:ident),+) => {
        /// A tuple: the children in order, each starting where the last ended.
        impl<A, $($T),+> CompactFrom<A> for ($($T,)+)
        where
            compact_tuple!(@nest $($T),+): CompactList<A>,
            <compact_tuple!(@nest $($T),+) as CompactList<A>>::Strides: Unnest,
            <<compact_tuple!(@nest $($T),+) as CompactList<A>>::Strides as Unnest>::Flat: StaticIntTuple,
        {
            type Stride = <<compact_tuple!(@nest $($T),+) as CompactList<A>>::Strides as Unnest>::Flat;
            type Next = <compact_tuple!(@nest $($T),+) as CompactList<A>>::Next;
        }
    };
    (@nest) => { () };
    (@nest $h:ident $(, $t:ident)*) => { ($h, compact_tuple!(@nest $($t),*)) };
}
crate::data::int_tuple::arities!(compact_tuple; (T0), (T1), (T2), (T3), (T4), (T5), (T6), (T7));

/// The compact column-major layout of a static shape `S`.
pub type CompactColMajor<S> = Layout<S, <S as CompactFrom<U1>>::Stride>;

/// A layout whose shape is fully static (a static layout, or a mixed
/// layout with only run-time strides): a register fragment can copy its
/// shape.
///
/// ```
/// use cute_static::{Layout, layout::StaticShape};
/// use core::any::TypeId;
/// // A static layout's shape is a type: a fragment of that shape can be allocated.
/// type S = <Layout![(4, 8):(8, 1)] as StaticShape>::Shape;
/// assert_eq!(TypeId::of::<S>(), TypeId::of::<<Layout![(4, 8)] as StaticShape>::Shape>());
/// let data = [0.0f32; 32];
/// let t = cute_static::Tensor::new(&data[..], cute_static::layout!((4, 8):(8, 1)))?;
/// let f = cute_static::tensor::make_fragment_like(&t);
/// assert_eq!((f.size(), f.layout().to_string()), (32, "(_4,_8):(_1,_4)".to_string()));
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has run-time shape leaves: a register fragment needs a static shape",
    note = "make_fragment_like/make_tensor_like allocate `[T; size]` with a static size; tile the tensor by a static tiler first"
)]
pub trait StaticShape: TensorLayout {
    /// The shape.
    type Shape: StaticIntTuple + CompactFrom<U1>;
}
impl<S, D> StaticShape for Layout<S, D>
where
    Self: TensorLayout,
    S: StaticIntTuple + CompactFrom<U1>,
{
    type Shape = S;
}
impl<S, D> StaticShape for MixedLayout<S, D>
where
    Self: TensorLayout,
    S: StaticIntTuple + CompactFrom<U1>,
{
    type Shape = S;
}

/// The fragment of a layout `L`: the array and the compact layout.
pub type FragmentOf<T, L> = Tensor<<L as MakeFragment>::Array<T>, <L as MakeFragment>::Compact>;

/// `make_fragment_like` as a verb of the layout (one bound for generic
/// code, `L: MakeFragment`): a layout with a static shape whose fragment
/// layout ([`FragmentLayout`](crate::FragmentLayout), CuTe's) and `[T; size]`
/// array exist. The fragment's layout
/// is a [`TensorLayout`] and its array a writable engine.
///
/// # Examples
///
/// ```
/// use cute_static::layout;
/// use cute_static::tensor::{FragmentOf, MakeFragment};
/// fn ones<L: MakeFragment>(_: &L) -> FragmentOf<f32, L> {
///     L::fragment(1.0)
/// }
/// let r = ones(&layout!((4, 2):(2, 1)));
/// assert_eq!(r.layout().to_string(), "(_4,_2):(_1,_4)");
/// assert_eq!(r.storage(), [1.0; 8]);
/// ```
#[diagnostic::on_unimplemented(
    message = "no register fragment can be made like a tensor with the layout `{Self}`",
    note = "make_fragment_like/make_tensor_like need a static shape whose size is a readable static integer (0..=1024 or a power of two up to 2^20)"
)]
pub trait MakeFragment: StaticShape {
    /// The owned array `[T; size]`.
    type Array<T: Clone>: EngineMut<Value = T> + Storage;
    /// The fragment's compact layout ([`FragmentLayout<Self>`](crate::FragmentLayout)).
    type Compact: TensorLayout;
    /// The fragment filled with `v`.
    fn fragment<T: Clone>(v: T) -> Tensor<Self::Array<T>, Self::Compact>;
}
/// The fragment layout of the layout and the array of its size.
impl<L> MakeFragment for L
where
    L: StaticShape + HasFragmentLayout,
    <L::Shape as CompactFrom<U1>>::Next: Pretty,
    P<<L::Shape as CompactFrom<U1>>::Next>: ArrayLen,
    FragmentLayout<L>: TensorLayout,
{
    type Array<T: Clone> = <P<<L::Shape as CompactFrom<U1>>::Next> as ArrayLen>::Array<T>;
    type Compact = FragmentLayout<L>;
    #[inline(always)]
    fn fragment<T: Clone>(v: T) -> Tensor<Self::Array<T>, Self::Compact> {
        Tensor::from_parts(
            <P<<L::Shape as CompactFrom<U1>>::Next> as ArrayLen>::filled(v),
            0,
            Default::default(),
        )
    }
}

/// CuTe's `make_fragment_like(t)`: a register tensor with `t`'s (static)
/// shape, CuTe's fragment layout ([`FragmentLayout`](crate::FragmentLayout):
/// mode 0 compact column-major first, the leaves of the other modes in the
/// order of `t`'s strides, run-time strides after the static ones, left to
/// right), and owned storage `[T; size]` filled with `T::default()` — no
/// allocation.
///
/// ```
/// use cute_static::{Tensor, layout, tensor::make_fragment_like};
/// let m = 100;
/// let data = vec![1.0f32; 800];
/// let g = Tensor::new(&data[..], layout!((8, 4):(1, {m}))?)?; // run-time stride
/// let r = make_fragment_like(&g);
/// assert_eq!(r.layout().to_string(), "(_8,_4):(_1,_8)");
/// assert_eq!((core::mem::size_of_val(&r), r.storage().len()), (32 * 4 + 8, 32));
/// # Ok::<(), cute_static::Error>(())
/// ```
pub fn make_fragment_like<E, L>(_t: &Tensor<E, L>) -> FragmentOf<E::Value, L>
where
    E: Engine,
    E::Value: Clone + Default,
    L: MakeFragment,
{
    L::fragment(E::Value::default())
}

/// CuTe's `make_tensor_like(t)`, as [`make_fragment_like`]: the fragment
/// layout. (CuTe's uses `make_layout_like(t.layout())`, which orders mode 0
/// by its strides too and keeps stride-0 leaves at 0; the two agree where
/// mode 0's strides increase and no stride is 0.)
pub fn make_tensor_like<E, L>(t: &Tensor<E, L>) -> FragmentOf<E::Value, L>
where
    E: Engine,
    E::Value: Clone + Default,
    L: MakeFragment,
{
    make_fragment_like(t)
}

/// The cosize of a static layout as a type.
type CosizeT<L> = P<<<L as StaticLayout>::Tree as crate::algebra::product::CosizeOf>::Out>;

impl<T: Clone + Default, L: StaticLayout + TensorLayout> Tensor<[T; 0], L> {
    /// CuTe's `make_tensor<T>(layout)` for registers: owned storage `[T;
    /// cosize(L)]` of `T::default()`, no allocation.
    ///
    /// ```
    /// use cute_static::{Tensor, layout};
    /// let f = Tensor::<[f32; 0], _>::fragment(layout!((4, 2):(2, 1)));
    /// assert_eq!((f.storage().len(), f.get(3).copied()), (8, Ok(0.0)));
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    #[allow(clippy::new_ret_no_self)]
    pub fn fragment(layout: L) -> Tensor<<CosizeT<L> as ArrayLen>::Array<T>, L>
    where
        L::Tree: crate::algebra::product::CosizeOf,
        <L::Tree as crate::algebra::product::CosizeOf>::Out: Pretty,
        CosizeT<L>: ArrayLen,
    {
        Tensor::from_parts(<CosizeT<L> as ArrayLen>::filled(T::default()), 0, layout)
    }
}

// ---------------------------------------------------------------------------
// Identity tensors.

/// A run-time shape an identity tensor can take: a tuple of one to four
/// extents (`usize`).
///
/// # Examples
///
/// ```
/// use cute_static::layout::TensorLayout;
/// use cute_static::tensor::{IdentityShape, make_identity_tensor};
/// fn points<Sh: IdentityShape>(shape: Sh) -> Option<usize> {
///     Some(shape.identity()?.size())
/// }
/// assert_eq!(points((10usize, 13usize)), Some(130));
/// assert_eq!(points((10usize, 0usize)), None);
/// assert_eq!(make_identity_tensor((10, 13))?.read(3 + 10 * 7)?, [3, 7]);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait IdentityShape {
    /// The rank.
    const R: usize;
    /// The identity layout: shape `(m, n, …)`, strides the radix powers of
    /// [`Coordinates`].
    type Layout: TensorLayout;
    /// The coordinate accessor.
    type Engine: Engine;
    /// The layout, `None` when an extent is zero or too large for the radix.
    fn identity(self) -> Option<Self::Layout>;
}
macro_rules! identity_shapes {
    ($($T:ident $i:tt),+) => {
        /// A tuple of extents.
        impl IdentityShape for ($(identity_shapes!(@u $T),)+) {
            const R: usize = 0 $(+ identity_shapes!(@one $i))+;
            type Layout = MixedLayout<($(identity_shapes!(@dyn $T),)+), ($(identity_shapes!(@dyn $T),)+)>;
            type Engine = Coordinates<{ 0 $(+ identity_shapes!(@one $i))+ }>;
            fn identity(self) -> Option<Self::Layout> {
                const R: usize = 0 $(+ identity_shapes!(@one $i))+;
                let half = 1usize << (Coordinates::<R>::BITS - 1);
                $( if self.$i == 0 || self.$i > half { return None; } )+
                let (shape, stride) = (
                    ($(Dyn(self.$i),)+),
                    ($(Dyn(Coordinates::<R>::stride($i)),)+),
                );
                if R >= 2 {
                    // Extents of at most 2^(BITS-1) with BITS ≤ 32: the size
                    // is below 2^62 and the cosize below 2^63, so
                    // `MixedLayout::new`'s checks hold (and a device kernel
                    // does not repeat them).
                    Some(MixedLayout::new_unchecked(shape, stride))
                } else {
                    MixedLayout::new(shape, stride).ok()
                }
            }
        }
    };
    (@u $T:ident) => { usize };
    (@dyn $T:ident) => { Dyn };
    (@one $i:tt) => { 1 };
}
crate::data::int_tuple::arities!(identity_shapes; (A 0), (B 1), (C2 2), (D 3));

/// CuTe's `make_identity_tensor(shape)`: the tensor over `shape` whose
/// element at coordinate `(m, n, …)` is `[m, n, …]` (for predication: tile
/// it like the data, and compare each element with the shape). The
/// coordinates of a partial tile (past the shape) stay exact.
///
/// ```
/// use cute_static::{tiler, tensor::{__, local_tile, make_identity_tensor}};
/// let c = make_identity_tensor((10, 13))?;
/// assert_eq!(c.read(3 + 10 * 7)?, [3, 7]);
/// let tile = local_tile(&c, tiler!(<4, 8>), (2, 1), ())?; // a partial tile
/// assert_eq!(tile.read(3 + 4 * 7)?, [11, 15]); // past (10, 13)
/// # Ok::<(), cute_static::Error>(())
/// ```
pub fn make_identity_tensor<Sh: IdentityShape>(
    shape: Sh,
) -> Result<Tensor<Sh::Engine, Sh::Layout>, Error>
where
    Sh::Engine: Default,
{
    match shape.identity() {
        Some(l) => Tensor::new(Sh::Engine::default(), l),
        None => Err(Error::Overflow {
            operation: "make_identity_tensor",
            operands: "an extent that is zero or beyond half the coordinate radix",
        }),
    }
}

/// A coordinate is inside a shape when every entry is below its extent
/// (CuTe's `elem_less(coord, shape)`).
///
/// ```
/// use cute_static::tensor::elem_less;
/// assert!(elem_less([9, 12], [10, 13]));
/// assert!(!elem_less([10, 0], [10, 13]));
/// // Exact beyond 32 bits (the comparison is 32-bit only where both fit).
/// assert!(!elem_less([(1 << 32) + 1], [2]));
/// assert!(elem_less([1 << 40], [(1 << 40) + 1]));
/// ```
#[inline(always)]
pub fn elem_less<const R: usize>(coord: [usize; R], shape: [usize; R]) -> bool {
    // Not short-circuited: one condition (a predicated access), no branches.
    coord
        .iter()
        .zip(shape.iter())
        .fold(true, |ok, (&c, &s)| ok & less(c, s))
}

/// `c < s`, compared in 32 bits when both fit (a device coordinate and a
/// device tensor's extent, which the compiler knows to be below 2^32:
/// the test folds and one 32-bit comparison is left, as nvcc's of CuTe's
/// `int`s); the same answer for any operands.
#[inline(always)]
pub(crate) fn less(c: usize, s: usize) -> bool {
    if (c | s) >> 32 == 0 {
        // On the device through a copy the compiler does not look into:
        // it would widen the comparison back to 64 bits (two instructions).
        #[cfg(target_arch = "nvptx64")]
        let c = crate::arch::math::opaque_u32(c as u32);
        #[cfg(not(target_arch = "nvptx64"))]
        let c = c as u32;
        c < s as u32
    } else {
        c < s
    }
}
