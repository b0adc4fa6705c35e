//! Slicing composed layouts (docs/semantics/algebra.md#swizzled-layouts), CuTe's
//! `slice_and_offset` for a `ComposedLayout`: the inner layout is sliced,
//! and the offset of the fixed coordinates joins the composed layout's
//! offset **inside** the swizzle, `(Sw ∘ O ∘ L)(c' + c*) = (Sw ∘ (O +
//! L(c')) ∘ L|c*)(c*)`. A swizzle does not distribute over addition, but
//! it moves every multiple of its period through unchanged, so a tensor's
//! slice keeps only the offset's part below the period inside the swizzle
//! and moves the rest to the tensor's pointer ([`split_offset`]). A
//! composed layout is a [`TensorLayout`] and a [`TensorDivide`], so tensors
//! hold it, and their slices, [`local_tile`](crate::local_tile) and
//! [`local_partition`](crate::local_partition) are the swizzle applied to
//! the same operation on the inner layout.
//!
//! ```
//! use cute_static::{layout, tensor::__};
//! let tile = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
//! let row = tile.slice((3, __))?;
//! assert_eq!(row.to_string(), "Sw<3,3,3> o 192 o (_64):(_1)");
//! assert_eq!(row.call(9), tile.call_coord((3, 9)));
//! assert_eq!(tile.slice((8, __)).unwrap_err().kind(), "out_of_bounds");
//!
//! // A tensor layout (`TensorLayout`): a tensor slices into the layout's
//! // offset, and the multiples of the period (512) go to its pointer.
//! use cute_static::{layout::{SliceLayout, TensorLayout}};
//! assert_eq!((tile.size(), TensorLayout::cosize(&tile)), (512, 512));
//! let (col, moved) = tile.slice_layout((__, 9))?;
//! assert_eq!((col.to_string(), moved), ("Sw<3,3,3> o 9 o (_8):(_64)".to_string(), 0));
//! assert_eq!(TensorLayout::offset(&col, 5), tile.call_coord((5, 9)));
//! let stages = layout!(Sw<3,3,3> o 0 o (8,64,3):(64,1,512));
//! let (stage, moved) = stages.slice_layout((__, __, 2))?;
//! assert_eq!((stage.to_string(), moved), ("Sw<3,3,3> o 0 o (_8,_64):(_64,_1)".to_string(), 1024));
//! assert_eq!(moved + TensorLayout::offset(&stage, 77), stages.call_coord((5, 9, 2)));
//! # Ok::<(), cute_static::Error>(())
//! ```

use crate::Error;
use crate::algebra::divide::{
    FlatDivide, FlatQuotient, LogicalDivide, LogicalQuotient, TiledDivide, TiledQuotient,
    ZippedDivide, ZippedQuotient,
};
use crate::data::int_tuple::{Int, IntTuple};
use crate::data::layout::{FlatModes, StaticLayout};
use crate::data::swizzle::{ComposedLayout, StaticSwizzle};
use crate::kernel::layout::{LayoutResult, RuntimeSize, SliceLayout, TensorLayout};
use crate::kernel::partition::{ShapeOf, TensorDivide};
use crate::kernel::tensor::{SliceCoord, out_of_mode};
use crate::mixed::layout::Dyn;

impl<Sw: StaticSwizzle, O: Int + IntTuple, L: StaticLayout> ComposedLayout<Sw, O, L> {
    /// Slice with [`__`](crate::__) holes (one entry per top-level mode of
    /// the inner layout): `Sw ∘ (O + L(c')) ∘ L|c*`, the fixed part's offset
    /// moved into the (now run-time) offset. An index outside its mode is
    /// an `out_of_bounds` error, an offset beyond `usize` an `overflow`.
    pub fn slice<Cd: SliceCoord<L>>(
        &self,
        coord: Cd,
    ) -> Result<ComposedLayout<Sw, Dyn, Cd::Output>, Error> {
        let fixed = coord.locate().map_err(out_of_mode::<L>)?;
        let offset = self
            .offset()
            .value()
            .checked_add(fixed)
            .ok_or(Error::Overflow {
                operation: "slice",
                operands: "the offset of a composed layout",
            })?;
        Ok(ComposedLayout::new(
            self.swizzle(),
            Dyn(offset),
            Cd::Output::default(),
        ))
    }
}

/// A composed layout of static parts is its own result (see
/// [`LayoutResult`]); one with a run-time offset (after a slice) too.
impl<Sw: StaticSwizzle, O: Int + IntTuple, L: StaticLayout> LayoutResult
    for ComposedLayout<Sw, O, L>
{
    type Layout = Self;
    #[inline(always)]
    fn into_layout(self) -> Result<Self, Error> {
        Ok(self)
    }
}

/// A composed layout is a tensor layout: `offset(i) = Sw(O + L(i))`. Its
/// `cosize` is exact, the largest offset over the domain plus one,
/// computed by one pass over the `SIZE` coordinates (a swizzle may move an
/// offset above or below its argument). Its size is `L::SIZE`
/// (`STATIC_SIZE`), but the kernels' compile-time size checks take
/// [`StaticLayout`]s only, so its `SizeKind` is [`RuntimeSize`].
impl<Sw: StaticSwizzle, O: Int + IntTuple, L: StaticLayout> TensorLayout
    for ComposedLayout<Sw, O, L>
{
    type SizeKind = RuntimeSize;
    const STATIC_SIZE: Option<usize> = Some(L::SIZE);
    #[inline(always)]
    fn size(&self) -> usize {
        L::SIZE
    }
    fn cosize(&self) -> usize {
        (0..L::SIZE)
            .map(|i| self.call(i))
            .max()
            .map_or(0, |m| m + 1)
    }
    /// `Sw(O + L(i))`, computed as `Sw(O + lo) + hi` with `hi` the part
    /// of `L(i)` that the swizzle's period divides and `lo = L(i) − hi`
    /// (the same value: [`StaticSwizzle::PERIOD`]'s law). For a static `i`
    /// (an unrolled loop) `lo` and `hi` are constants, so the coordinates
    /// whose `lo` agree share one swizzle of the run-time offset and differ
    /// by a constant the address takes as an immediate (CuTe's swizzle
    /// pointer: nvcc folds the iterations above the swizzle's bits the same
    /// way).
    #[inline(always)]
    fn offset(&self, i: usize) -> usize {
        let p = self.layout().call(i);
        let hi = p & !(Sw::PERIOD - 1);
        self.swizzle()
            .apply_to(self.offset().value().wrapping_add(p - hi))
            .wrapping_add(hi)
    }
    /// `(v, 1)` for the largest power of two `v` that divides the inner
    /// layout's first leaf extent (of stride 1), the stride of every other
    /// mode of extent > 1 (`TAIL_ALIGN`), the offset `O`, and is at most
    /// the swizzle's `RUN` (`2^M`): then `O + L(v·j)` is a multiple of `v`
    /// and `L(i0 + v·j) = i0 + L(v·j)` for `i0 < v`, and the swizzle moves
    /// the run of `v` offsets from a multiple of `RUN`'s divisor `v` as a
    /// whole, so `offset(i0 + v·j) = i0 + offset(v·j)`. `(1, 0)` otherwise.
    #[inline(always)]
    fn leading(&self) -> (usize, usize) {
        let v = const {
            let (s, d) = <L::Flat as FlatModes>::LEAD;
            if d != 1 || s == 0 {
                1
            } else {
                let mut v = 1usize << s.trailing_zeros();
                if Sw::RUN < v {
                    v = Sw::RUN;
                }
                if <L::Flat as FlatModes>::TAIL_ALIGN < v {
                    v = <L::Flat as FlatModes>::TAIL_ALIGN;
                }
                v
            }
        };
        // The largest power of two dividing both `v` and the offset: `v`
        // itself when it divides the offset (a test the compiler folds when
        // it knows the offset's low bits, as for a thread's partition of
        // 128-bit runs), else the offset's lowest set bit (below `v`).
        let o = self.offset().value();
        let v = if o & (v - 1) == 0 {
            v
        } else {
            o & o.wrapping_neg()
        };
        if v > 1 { (v, 1) } else { (1, 0) }
    }
}

/// Slicing a composed layout for a tensor: the offset of the fixed part
/// joins the layout's offset inside the swizzle (CuTe: "for composed
/// layout tensors the offset is accumulated in the layout itself"), and
/// then the part of that sum that the swizzle's period divides moves out
/// of the swizzle to the tensor's pointer ([`split_offset`]): the same
/// offsets, with the layout's offset kept below the period. A run-time
/// stage index of a pipelined shared tile (its stride a multiple of the
/// period) so moves the pointer and leaves the swizzled offset of each
/// thread as it was, which the compiler then keeps across the main loop.
impl<Sw: StaticSwizzle, O: Int + IntTuple, L: StaticLayout, Cd> SliceLayout<Cd>
    for ComposedLayout<Sw, O, L>
where
    Cd: SliceCoord<L>,
{
    type Output = ComposedLayout<Sw, Dyn, Cd::Output>;
    #[inline(always)]
    fn slice_layout(&self, coord: Cd) -> Result<(Self::Output, usize), Error> {
        Ok(split_offset(self.slice(coord)?))
    }
}

/// `Sw ∘ O ∘ L` as `(Sw ∘ (O mod P) ∘ L, O − O mod P)` for the swizzle's
/// period `P`: the layout's offsets are the first's plus the second, for
/// every coordinate (`Sw(x + c) = Sw(x) + c` when `P` divides `c`:
/// [`StaticSwizzle::PERIOD`]). The tensor views of a composed layout
/// (slices, partitions) keep their layout's offset below `P` this way and
/// add the rest to their pointer.
///
/// ```
/// use cute_static::layout::{ComposedLayout, Dyn, Int, Swizzle, split_offset};
/// use cute_static::layout;
/// let l = ComposedLayout::new(Swizzle::<3, 3, 3>::new(), Dyn(5 * 512 + 72), layout!((8, 64):(64, 1)));
/// let (inside, moved) = split_offset(l);
/// assert_eq!((inside.offset().value(), moved), (72, 5 * 512));
/// for i in 0..512 {
///     assert_eq!(moved + inside.call(i), l.call(i));
/// }
/// ```
#[inline(always)]
pub fn split_offset<Sw: StaticSwizzle, L: StaticLayout>(
    l: ComposedLayout<Sw, Dyn, L>,
) -> (ComposedLayout<Sw, Dyn, L>, usize) {
    let o = l.offset().value();
    let inside = o & (Sw::PERIOD - 1);
    (
        ComposedLayout::new(l.swizzle(), Dyn(inside), l.layout()),
        o - inside,
    )
}

/// The shape of a composed layout is its inner layout's.
impl<Sw, O, L: ShapeOf> ShapeOf for ComposedLayout<Sw, O, L> {
    type Shape = L::Shape;
}

/// Tensor divides of a composed layout (and so [`local_tile`](crate::local_tile)
/// and [`local_partition`](crate::local_partition) on tensors over it): the
/// inner layout's divide, swizzle and offset kept; the slice that follows
/// moves the tile's offset into the layout's offset, inside the swizzle.
impl<Sw, O, L, T: Copy> TensorDivide<T> for ComposedLayout<Sw, O, L>
where
    Sw: StaticSwizzle,
    O: Int + IntTuple,
    L: StaticLayout + LogicalDivide<T> + ZippedDivide<T> + TiledDivide<T> + FlatDivide<T>,
    LogicalQuotient<L, T>: StaticLayout,
    ZippedQuotient<L, T>: StaticLayout,
    TiledQuotient<L, T>: StaticLayout,
    FlatQuotient<L, T>: StaticLayout,
{
    type Logical = ComposedLayout<Sw, O, LogicalQuotient<L, T>>;
    type Zipped = ComposedLayout<Sw, O, ZippedQuotient<L, T>>;
    type Tiled = ComposedLayout<Sw, O, TiledQuotient<L, T>>;
    type Flat = ComposedLayout<Sw, O, FlatQuotient<L, T>>;
    #[inline(always)]
    fn logical(&self, t: T) -> Result<Self::Logical, Error> {
        Ok(self.logical_divide(t))
    }
    #[inline(always)]
    fn zipped(&self, t: T) -> Result<Self::Zipped, Error> {
        Ok(self.zipped_divide(t))
    }
    #[inline(always)]
    fn tiled(&self, t: T) -> Result<Self::Tiled, Error> {
        Ok(self.tiled_divide(t))
    }
    #[inline(always)]
    fn flat(&self, t: T) -> Result<Self::Flat, Error> {
        Ok(self.flat_divide(t))
    }
}
