//! `tile_to_shape(block, shape, order)` of a mixed layout whose leaves are
//! all static, to a static target shape (docs/semantics/algebra.md#more-layout-functions):
//! the static algebra's [`TileToShape`](crate::TileToShape), re-spelled as a
//! [`MixedLayout`] — the same layout as cute-dynamic's `tile_to_shape` on
//! the same values, never an error (a block that does not divide the
//! target is a compile error naming the rule, as for static layouts).
//!
//! **A run-time target** ([`MixedLayout::tile_to_dyn_shape`]): a static
//! block (one static leaf `s:d` per mode, as many modes as the target,
//! rank 1 to 4) and a target tuple of `usize`, `Dyn`, `DynDiv<D>` or
//! `C<N>` extents, `order` `()` (column-major) or one `usize`/`C<N>` per
//! mode. The tile counts `c = t / s` are then run-time; CuTe 4.2 does not
//! coalesce the blocked product, so every result mode is `(s, c):(d, r)`
//! (docs/semantics/static-and-mixed.md#mixed-layouts):
//! * a target extent that is statically the block mode's (`C<N>`, `N = s`):
//!   `(s, _1):(d, _0)` (the count is statically 1);
//! * any other mode: `(s, c):(d, size(block)·a)` (`a` the count's place in
//!   the compact arrangement of the counts), `r = 0` for a count of 1.
//!
//! A block that is not compact (a gap, a broadcast or a size-1 leaf), whose
//! blocked product has another structure, is
//! `Err(Error::ValueDependentStructure)`, never a different layout; a
//! block mode that does not divide its target mode is `not_compatible`, a
//! zero extent `non_positive_shape`, ties in the order
//! `value_dependent_structure` (cute-dynamic: `invalid_argument`). A block
//! with a run-time leaf does not compile (convert with `to_dynamic()`).
//!
//! ```
//! use cute_static::{C, Dyn, layout::MixedLayout, layout};
//! let atom = MixedLayout::from(layout!((8, 64):(64, 1)));
//! let m = 128;
//! let l = atom.tile_to_dyn_shape((Dyn(m), C::<64>), ())?;
//! assert_eq!(l.to_string(), "((_8,16),(_64,_1)):((_64,512),(_1,_0))");
//! let t = cute_dynamic::tile_to_shape(&atom.to_dynamic(), &"(128,64)".parse()?, None)?;
//! assert_eq!(l.to_dynamic(), t);
//! // Repeated along mode 1 as well.
//! let l = atom.tile_to_dyn_shape((m, 256usize), ())?;
//! assert_eq!(l.to_string(), "((_8,16),(_64,4)):((_64,512),(_1,8192))");
//! // A run-time count of 1 has stride 0, as CuTe's static count.
//! let l = atom.tile_to_dyn_shape((m, 64usize), ())?;
//! assert_eq!(l.to_string(), "((_8,16),(_64,1)):((_64,512),(_1,0))");
//! // A block with a gap: its blocked product has another structure.
//! let gap = MixedLayout::from(layout!((8, 64):(128, 1)));
//! let e = gap.tile_to_dyn_shape((m, 64usize), ()).unwrap_err();
//! assert_eq!(e.kind(), "value_dependent_structure");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The static target:
//!
//! ```
//! use cute_static::{C, layout::MixedLayout, layout};
//! let atom = MixedLayout::new((C::<8>, C::<64>), (C::<64>, C::<1>))?;
//! let l = atom.tile_to_shape((C::<128>, C::<64>), ());
//! assert_eq!(l.to_string(), "((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
//! let t = cute_dynamic::tile_to_shape(&atom.to_dynamic(), &"(128,64)".parse()?, None)?;
//! assert_eq!(l.to_dynamic(), t);
//! // The same as the static algebra's.
//! let s = cute_static::algebra::tile_to_shape(layout!((2, 2):(1, 2)), (C::<4>, C::<4>), (C::<1>, C::<0>));
//! let m = MixedLayout::new((C::<2>, C::<2>), (C::<1>, C::<2>))?;
//! assert_eq!(m.tile_to_shape((C::<4>, C::<4>), (C::<1>, C::<0>)).to_string(), s.to_string());
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::algebra::tile_to_shape::TileToShape;
use crate::data::int_tuple::StaticIntTuple;
use crate::data::layout::Layout;
use crate::mixed::complement::AsMixed;
use crate::mixed::layout::MixedLayout;

/// The layout `block.tile_to_shape(shape, order)` of a mixed layout
/// `MixedLayout<S, D>` with static leaves.
pub type MixedTiledToShape<S, D, Sh, O> = AsMixed<<Layout<S, D> as TileToShape<Sh, O>>::Output>;

impl<S, D> MixedLayout<S, D> {
    /// CuTe's `tile_to_shape(self, shape, order)` for a block whose leaves
    /// are all static and a static target `shape` (a tuple of `C<N>`);
    /// `order = ()` is column-major (see the module docs).
    #[inline(always)]
    pub fn tile_to_shape<Sh, O>(&self, _shape: Sh, _order: O) -> MixedTiledToShape<S, D, Sh, O>
    where
        S: StaticIntTuple,
        D: StaticIntTuple,
        Layout<S, D>: TileToShape<Sh, O, Output: crate::data::layout::StaticLayout>,
    {
        MixedLayout::from_parts(Default::default(), Default::default())
    }
}

// ---------------------------------------------------------------------------
// A run-time target shape.

use crate::Error;
use crate::data::int_tuple::C;
use crate::data::int_tuple::{Int, IntTuple, StaticInt};
use crate::mixed::layout::{Dyn, DynDiv, MixedShape};
use typenum::{B0, B1, Eq, IsEqual};

/// What a run-time `tile_to_shape` requires of the values (its error).
const ONE_STRUCTURE: &str = "tile_to_shape to a run-time target: a compact block (leaves of size > 1, no gap); no ties in the order";

/// An extent of a run-time target shape: `usize`, `Dyn`, `DynDiv<D>` or a
/// static leaf.
///
/// ```
/// use cute_static::{layout, layout::MixedLayout, C, Dyn};
/// let atom = MixedLayout::from(layout!((8, 64):(64, 1)));
/// // `usize`, `Dyn` and `C<N>` are extents; the same target three ways.
/// let a = atom.tile_to_dyn_shape((128usize, 64usize), ())?;
/// let b = atom.tile_to_dyn_shape((Dyn(128), Dyn(64)), ())?;
/// assert_eq!(a, b);
/// assert_eq!(atom.tile_to_dyn_shape((Dyn(128), C::<64>), ())?.to_dynamic(), a.to_dynamic());
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an extent of a target shape",
    note = "a target mode of a mixed tile_to_shape is one leaf: `usize`, `Dyn`, `DynDiv<D>` or `C<N>`"
)]
pub trait TargetExtent {
    /// The value.
    #[doc(hidden)]
    fn extent(&self) -> usize;
}
impl<T: Int> TargetExtent for T {
    #[inline(always)]
    fn extent(&self) -> usize {
        self.value()
    }
}
impl TargetExtent for usize {
    #[inline(always)]
    fn extent(&self) -> usize {
        *self
    }
}

/// Whether a target extent is, by its type, the block mode's static
/// extent `S` (the count is then 1): `B1` or `B0`.
#[doc(hidden)]
pub trait CountIsOne<S> {
    /// `B1` when the count is statically 1.
    type Out;
}
impl<T: StaticInt, S: StaticInt> CountIsOne<S> for T
where
    T::Tn: IsEqual<S::Tn>,
{
    type Out = Eq<T::Tn, S::Tn>;
}
impl<S> CountIsOne<S> for Dyn {
    type Out = B0;
}
impl<S, const N: usize> CountIsOne<S> for DynDiv<N> {
    type Out = B0;
}
impl<S> CountIsOne<S> for usize {
    type Out = B0;
}

/// The result mode is `(s, _1):(d, _0)` (the count is statically 1).
#[doc(hidden)]
pub struct BlockLeaf;
/// The result mode is `(s, c):(d, size(block)·a)`.
#[doc(hidden)]
pub struct Repeated;

/// The structure of a result mode from whether its count is statically one.
#[doc(hidden)]
pub trait SelectMode {
    /// [`BlockLeaf`] or [`Repeated`].
    type Kind;
}
impl SelectMode for B1 {
    type Kind = BlockLeaf;
}
impl SelectMode for B0 {
    type Kind = Repeated;
}

/// One result mode of a block mode `s:d` (static leaves).
#[doc(hidden)]
pub trait TileMode<S, D> {
    /// The mode's shape.
    type Shape;
    /// The mode's stride.
    type Stride;
    /// The mode for the count `c` placed at `a` (the arrangement's start,
    /// meaningful for `c > 1`) in a block of size `z`; `None` when CuTe's
    /// result mode has another structure.
    fn mode(c: usize, a: usize, z: usize) -> Option<(Self::Shape, Self::Stride)>;
}
impl<S: StaticInt, D: StaticInt> TileMode<S, D> for BlockLeaf {
    type Shape = (S, C<1>);
    type Stride = (D, C<0>);
    #[inline(always)]
    fn mode(c: usize, _: usize, _: usize) -> Option<((S, C<1>), (D, C<0>))> {
        (c == 1).then(Default::default)
    }
}
impl<S: StaticInt, D: StaticInt> TileMode<S, D> for Repeated {
    type Shape = (S, Dyn);
    type Stride = (D, Dyn);
    #[inline(always)]
    fn mode(c: usize, a: usize, z: usize) -> Option<((S, Dyn), (D, Dyn))> {
        // A count of 1 has stride 0 (CuTe's size-1 mode of the product).
        let st = if c == 1 { 0 } else { z.checked_mul(a)? };
        Some(((S::default(), Dyn(c)), (D::default(), Dyn(st))))
    }
}

/// An order value of a run-time `tile_to_shape`: `usize` or `C<N>`.
#[doc(hidden)]
pub trait OrderValue {
    /// The value.
    fn order_value(&self) -> usize;
}
impl OrderValue for usize {
    #[inline(always)]
    fn order_value(&self) -> usize {
        *self
    }
}
impl<const N: usize> OrderValue for crate::C<N> {
    #[inline(always)]
    fn order_value(&self) -> usize {
        N
    }
}

/// An order for a target of `R` modes: `()` (column-major) or a tuple of
/// `R` order values.
///
/// ```
/// use cute_static::{layout, layout::MixedLayout};
/// let atom = MixedLayout::from(layout!((8, 8):(8, 1)));
/// // `()` repeats the block column-major; `(1, 0)` row-major.
/// let col = atom.tile_to_dyn_shape((32usize, 64usize), ())?;
/// let row = atom.tile_to_dyn_shape((32usize, 64usize), (1usize, 0usize))?;
/// assert_eq!(col.to_string(), "((_8,4),(_8,8)):((_8,64),(_1,256))");
/// assert_eq!(row.to_string(), "((_8,4),(_8,8)):((_8,512),(_1,64))");
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an order for the target `{T}`",
    note = "the order of a run-time tile_to_shape is `()` (column-major) or one `usize` or `C<N>` value per target mode"
)]
pub trait TileOrder<T> {
    /// The order values of the modes.
    #[doc(hidden)]
    fn values(&self, out: &mut [usize]);
}
impl<T> TileOrder<T> for () {
    #[inline(always)]
    fn values(&self, out: &mut [usize]) {
        for (i, o) in out.iter_mut().enumerate() {
            *o = i;
        }
    }
}

/// `tile_to_shape(block, target, order)` of a static block to a target
/// with run-time extents (see the module docs).
///
/// ```
/// use cute_static::{layout, layout::MixedLayout};
/// let atom = MixedLayout::from(layout!((8, 8):(8, 1)));
/// let m = 32;
/// let l = atom.tile_to_dyn_shape((m, 64usize), ())?;
/// let t = cute_dynamic::tile_to_shape(&atom.to_dynamic(), &"(32,64)".parse()?, None)?;
/// assert_eq!(l.to_dynamic(), t);
/// // A block mode that does not divide its target mode is named.
/// let e = atom.tile_to_dyn_shape((12usize, 64usize), ()).unwrap_err();
/// assert_eq!(e.kind(), "not_compatible");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "the mixed tile_to_shape to the run-time target `{T}` is not defined for the block `{Self}`",
    note = "the block has static leaves, one leaf per mode, and as many modes as the target (rank 1 to 4); the target has one `usize`, `Dyn`, `DynDiv<D>` or `C<N>` leaf per mode"
)]
pub trait TileToDynShape<T, O> {
    /// The result layout.
    type Output;
    /// The result, or the named error.
    #[doc(hidden)]
    fn tile(&self, target: &T, order: &O) -> Result<Self::Output, Error>;
}

/// The layout `block.tile_to_dyn_shape(target, order)`.
pub type MixedTiledToDynShape<L, T, O> = <L as TileToDynShape<T, O>>::Output;

/// The run-time part: block leaves `(s, d)`, target extents, order values
/// → per mode `(count, arrangement start)` and the block's size.
fn counts_and_starts(
    block: &[(usize, usize)],
    target: &[usize],
    order: &[usize],
    out: &mut [(usize, usize)],
) -> Result<usize, Error> {
    const OP: &str = "tile_to_shape";
    let named = Error::ValueDependentStructure {
        operation: OP,
        requires: ONE_STRUCTURE,
    };
    let r = block.len();
    // Counts: the block mode must divide the target mode.
    let mut total: usize = 1;
    let mut refs = [(1i64, 0i64); 4];
    for k in 0..r {
        let (s, t) = (block[k].0, target[k]);
        if t == 0 {
            return Err(Error::NonPositiveShape { operation: OP });
        }
        if t.checked_rem(s).ok_or(named)? != 0 {
            return Err(Error::NotCompatible {
                operation: "tile_to_shape (the block shape does not divide the target shape)",
                left: s,
                right: t,
            });
        }
        total = total
            .checked_mul(t)
            .filter(|&x| x <= i64::MAX as usize)
            .ok_or(Error::Overflow {
                operation: OP,
                operands: "the size of the target shape",
            })?;
        refs[k] = ((t / s) as i64, order[k].min(i64::MAX as usize) as i64);
    }
    // The block: compact (its leaves, sorted by stride, start at 1 and
    // each starts where the previous one ends), every leaf of size > 1.
    let mut sorted = [(0usize, 0usize); 4];
    sorted[..r].copy_from_slice(block);
    sorted[..r].sort_unstable_by_key(|&(_, d)| d);
    let mut end = 1usize;
    for &(s, d) in &sorted[..r] {
        if s < 2 || d != end {
            return Err(named);
        }
        end = s.saturating_mul(d);
    }
    let mut starts = [0i64; 4];
    cute_core::stride::order_starts(&refs[..r], &mut starts).map_err(|_| named)?;
    for k in 0..r {
        out[k] = (refs[k].0 as usize, starts[k] as usize);
    }
    Ok(end)
}

/// The structure of a result mode: target extent `T`, block mode extent `S`.
#[doc(hidden)]
pub type ModeKind<T, S> = <<T as CountIsOne<S>>::Out as SelectMode>::Kind;

macro_rules! tile_to_dyn_shape_impls {
    ($($S:ident $D:ident $T:ident $O:ident $i:tt),+) => {
        /// A tuple order: one value per target mode.
        impl<$($T, $O: OrderValue),+> TileOrder<($($T,)+)> for ($($O,)+) {
            #[inline(always)]
            fn values(&self, out: &mut [usize]) {
                $(out[$i] = self.$i.order_value();)+
            }
        }
        /// A block of static leaves to a target of as many leaf modes.
        impl<$($S: StaticInt, $D: StaticInt, $T: TargetExtent + CountIsOne<$S>,)+ Ord> TileToDynShape<($($T,)+), Ord>
            for MixedLayout<($($S,)+), ($($D,)+)>
        where
            Ord: TileOrder<($($T,)+)>,
            $(
                <$T as CountIsOne<$S>>::Out: SelectMode,
                ModeKind<$T, $S>: TileMode<$S, $D>,
            )+
            ($(<ModeKind<$T, $S> as TileMode<$S, $D>>::Shape,)+):
                MixedShape<($(<ModeKind<$T, $S> as TileMode<$S, $D>>::Stride,)+)>,
            ($(<ModeKind<$T, $S> as TileMode<$S, $D>>::Stride,)+): IntTuple,
        {
            type Output = MixedLayout<
                ($(<ModeKind<$T, $S> as TileMode<$S, $D>>::Shape,)+),
                ($(<ModeKind<$T, $S> as TileMode<$S, $D>>::Stride,)+),
            >;
            fn tile(&self, target: &($($T,)+), order: &Ord) -> Result<Self::Output, Error> {
                let block = [$(($S::VALUE, $D::VALUE)),+];
                let target = [$(target.$i.extent()),+];
                let mut ord = [0usize; 4];
                order.values(&mut ord[..block.len()]);
                let mut ca = [(1usize, 0usize); 4];
                let z = counts_and_starts(&block, &target, &ord[..block.len()], &mut ca)?;
                let named = Error::ValueDependentStructure {
                    operation: "tile_to_shape",
                    requires: ONE_STRUCTURE,
                };
                let modes = ($(
                    <ModeKind<$T, $S> as TileMode<$S, $D>>::mode(ca[$i].0, ca[$i].1, z).ok_or(named)?,
                )+);
                MixedLayout::new(($(modes.$i.0,)+), ($(modes.$i.1,)+))
            }
        }
    };
}
crate::data::int_tuple::arities!(tile_to_dyn_shape_impls; (S0 D0 T0 O0 0), (S1 D1 T1 O1 1), (S2 D2 T2 O2 2), (S3 D3 T3 O3 3));

impl<S, D> MixedLayout<S, D> {
    /// CuTe's `tile_to_shape(self, target, order)` for a block of static
    /// leaves (one per mode) and a `target` with run-time extents (a tuple
    /// of `usize`, `Dyn`, `DynDiv<D>` or `C<N>`, as many modes as the
    /// block); `order = ()` is column-major, else one `usize` or `C<N>`
    /// per mode. One structure fixed by the types, checked at run time
    /// (see the module docs): `Err(Error::ValueDependentStructure)` where
    /// CuTe's result has another, `Err(Error::NotCompatible)` for a block
    /// mode that does not divide its target mode.
    #[inline(always)]
    pub fn tile_to_dyn_shape<T, O>(
        &self,
        target: T,
        order: O,
    ) -> Result<MixedTiledToDynShape<Self, T, O>, Error>
    where
        Self: TileToDynShape<T, O>,
    {
        self.tile(&target, &order)
    }
}
