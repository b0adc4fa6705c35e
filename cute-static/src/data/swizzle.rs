//! Static swizzles and composed layouts (docs/semantics/algebra.md#swizzled-layouts).
//!
//! [`Swizzle<B, M, S>`] is CuTe's `Swizzle<B,M,S>` as a zero-sized type:
//! `apply(x) = x ^ ((x & READ_MASK) >> S)` (a negative `S` shifts left),
//! with the mask and the shift constants, so it compiles to the same
//! and/shift/xor as the hand-written expression. Its parameters obey the
//! one swizzle rule of the workspace, [`cute_core::limits::swizzle_violation`]
//! (`|S| ≥ B`, `B + M + |S| ≤ 62`): a swizzle that breaks it does not
//! compile (the error names the rule).
//!
//! [`ComposedLayout<Sw, O, L>`] is CuTe's `ComposedLayout`: the swizzle
//! after the offset after a static layout, `R(i) = Sw(O + L(i))`, printed
//! `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)` (CuTe's notation; a run-time offset
//! [`Dyn`](crate::Dyn) prints without `_`). Its algebra (composition with a
//! layout on the right, the divides) goes into the inner layout, and
//! slicing moves the offset of the fixed coordinates into `O`, never past
//! the swizzle.
//!
//! ```
//! use cute_static::{layout, Layout, C, layout::{ComposedLayout, Swizzle}};
//! let sw = Swizzle::<3, 3, 3>::new();
//! assert_eq!(sw.apply(64), 64 ^ 8); // bit 6 flips bit 3
//! assert_eq!(sw.to_string(), "Sw<3,3,3>");
//!
//! let tile = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
//! assert_eq!(tile.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
//! assert_eq!(tile.call(1), 64 ^ 8); // row 1, column 0
//! assert_eq!(tile.call_coord((1, 8)), 64); // row 1, column 8: chunk 1 ^ 1 = 0
//! assert_eq!(<Layout![Sw<3,3,3> o 0 o (8,64):(64,1)]>::SIZE, 512);
//! let same: ComposedLayout<Swizzle<3, 3, 3>, C<0>, Layout![(8,64):(64,1)]> = tile;
//! assert_eq!(same.to_dynamic()?.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::fmt;
use core::marker::PhantomData;

use crate::data::int_tuple::{Int, IntTuple, Sealed};
use crate::data::layout::{Coordinate, StaticLayout};

/// CuTe's `Swizzle<B,M,S>`, zero-sized: XOR the `B` bits at
/// `[M + max(0,S), …)` into the `B` bits at `[M - min(0,S), …)`.
///
/// Parameters that break the swizzle rule do not compile:
///
/// ```compile_fail
/// let _ = cute_static::layout::Swizzle::<3, 3, 2>::new(); // |S| < B
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swizzle<const B: u32, const M: u32, const S: i32>(PhantomData<()>);

impl<const B: u32, const M: u32, const S: i32> Swizzle<B, M, S> {
    /// The swizzle rule, checked when the swizzle is used (a compile error
    /// naming the rule).
    const ADMISSIBLE: () = if let Some(rule) = cute_core::limits::swizzle_violation(B, M, S) {
        panic!("{}", rule.diagnostic())
    };
    /// The mask of the bits read (`yyy` in CuTe).
    pub const READ_MASK: usize = {
        let () = Self::ADMISSIBLE;
        ((1usize << B) - 1) << (M + if S > 0 { S.unsigned_abs() } else { 0 })
    };
    /// The mask of the bits flipped (`zzz` in CuTe).
    pub const WRITE_MASK: usize = {
        let () = Self::ADMISSIBLE;
        ((1usize << B) - 1) << (M + if S < 0 { S.unsigned_abs() } else { 0 })
    };
    /// `2^(B+M+|S|)`: the swizzle permutes every aligned block of this size.
    pub const PERIOD: usize = {
        let () = Self::ADMISSIBLE;
        1usize << (B + M + S.unsigned_abs())
    };

    /// The swizzle (it carries no data); a compile error when `B`, `M`,
    /// `S` break the swizzle rule.
    #[inline(always)]
    pub const fn new() -> Self {
        let () = Self::ADMISSIBLE;
        Swizzle(PhantomData)
    }

    /// `x ^ ((x & READ_MASK) >> S)` (`<< -S` for a negative `S`), constants
    /// folded.
    ///
    /// ```
    /// use cute_static::layout::Swizzle;
    /// // The ISL paper's table: Swizzle<1,2,1>(c) = c − c mod 8 + (c + 4⌊c/8⌋) mod 8.
    /// let sw = Swizzle::<1, 2, 1>::new();
    /// for c in 0..16 {
    ///     assert_eq!(sw.apply(c), c - c % 8 + (c + 4 * (c / 8)) % 8);
    /// }
    /// assert_eq!(Swizzle::<1, 2, -1>::new().apply(4), 12); // reads bit 2, flips bit 3
    /// ```
    #[inline(always)]
    pub const fn apply(self, x: usize) -> usize {
        let picked = x & Self::READ_MASK;
        if S >= 0 {
            x ^ (picked >> S.unsigned_abs())
        } else {
            x ^ (picked << S.unsigned_abs())
        }
    }

    /// The equal run-time swizzle.
    #[cfg(feature = "std")]
    pub fn to_dynamic(self) -> cute_dynamic::Swizzle {
        cute_dynamic::Swizzle::new(B, M, S)
            .expect("a static swizzle satisfies the swizzle rule by construction")
    }
}

impl<const B: u32, const M: u32, const S: i32> Default for Swizzle<B, M, S> {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}
/// CuTe's notation: `Sw<3,3,3>`.
impl<const B: u32, const M: u32, const S: i32> fmt::Display for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{B},{M},{S}>")
    }
}
impl<const B: u32, const M: u32, const S: i32> fmt::Debug for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Swizzle({self})")
    }
}
impl<const B: u32, const M: u32, const S: i32> Sealed for Swizzle<B, M, S> {}

/// A function on offsets known at compile time: the outer function of a
/// [`ComposedLayout`] (a [`Swizzle`]).
///
/// # Examples
///
/// CuTe's `Swizzle<3,4,3>{}(128)`:
///
/// ```
/// use cute_static::layout::{StaticSwizzle, Swizzle};
/// assert_eq!(Swizzle::<3, 4, 3>::default().apply_to(128), 144);
/// ```
pub trait StaticSwizzle: Copy + Default + fmt::Display + fmt::Debug + Sealed {
    /// The swizzle maps every aligned block of `PERIOD` offsets onto itself,
    /// each block the same way: `apply(x + c) = apply(x) + c` for every `c`
    /// that `PERIOD` divides (wrapping; no bit at or above `PERIOD` is read
    /// or flipped, and adding such a `c` leaves the bits below it as they
    /// are).
    ///
    /// ```
    /// use cute_static::layout::{StaticSwizzle, Swizzle};
    /// let sw = Swizzle::<3, 3, 3>::default();
    /// assert_eq!(<Swizzle<3, 3, 3> as StaticSwizzle>::PERIOD, 512);
    /// for x in [0, 77, 300, 511] {
    ///     assert_eq!(sw.apply_to(x + 3 * 512), sw.apply_to(x) + 3 * 512);
    /// }
    /// ```
    const PERIOD: usize;
    /// The swizzle moves every aligned run of `RUN` offsets as a whole:
    /// `apply(a + i) = apply(a) + i` for `a` a multiple of `RUN`, `i < RUN`
    /// (`2^M`: no bit below `M` is read or flipped).
    const RUN: usize;
    /// The image of offset `x`.
    fn apply_to(self, x: usize) -> usize;
    /// The equal run-time swizzle.
    #[cfg(feature = "std")]
    fn to_dynamic_swizzle(self) -> cute_dynamic::Swizzle;
}
/// A swizzle is a static offset function.
impl<const B: u32, const M: u32, const S: i32> StaticSwizzle for Swizzle<B, M, S> {
    const PERIOD: usize = Self::PERIOD;
    const RUN: usize = {
        let () = Self::ADMISSIBLE;
        1usize << M
    };
    #[inline(always)]
    fn apply_to(self, x: usize) -> usize {
        self.apply(x)
    }
    #[cfg(feature = "std")]
    fn to_dynamic_swizzle(self) -> cute_dynamic::Swizzle {
        self.to_dynamic()
    }
}

/// CuTe's `ComposedLayout<Sw, O, L>`: `R(i) = Sw(O + L(i))` with a static
/// swizzle `Sw`, an offset `O` (static [`C<N>`](crate::C) or run-time
/// [`Dyn`](crate::Dyn)) and a static inner layout `L`. Written
/// `layout!(Sw<B,M,S> o O o L)` (value) and `Layout![Sw<B,M,S> o O o L]`
/// (type); `o O` may be left out (offset `0`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ComposedLayout<Sw, O, L> {
    swizzle: Sw,
    offset: O,
    layout: L,
}

impl<Sw, O, L> ComposedLayout<Sw, O, L> {
    /// `swizzle ∘ (offset + layout)`.
    #[inline(always)]
    pub const fn new(swizzle: Sw, offset: O, layout: L) -> Self {
        ComposedLayout {
            swizzle,
            offset,
            layout,
        }
    }
}

impl<Sw: Copy, O: Copy, L: Copy> ComposedLayout<Sw, O, L> {
    /// The swizzle (CuTe's `layout_a()`).
    #[inline(always)]
    pub fn swizzle(&self) -> Sw {
        self.swizzle
    }
    /// The offset added before the swizzle.
    #[inline(always)]
    pub fn offset(&self) -> O {
        self.offset
    }
    /// The inner layout (CuTe's `layout_b()`).
    #[inline(always)]
    pub fn layout(&self) -> L {
        self.layout
    }
}

impl<Sw: StaticSwizzle, O: Int + IntTuple, L: StaticLayout> ComposedLayout<Sw, O, L> {
    /// Number of coordinates: that of the inner layout.
    pub const SIZE: usize = L::SIZE;
    /// Number of top-level modes: that of the inner layout.
    pub const RANK: usize = L::RANK;

    /// The number of coordinates, [`Self::SIZE`].
    #[inline(always)]
    pub const fn size(&self) -> usize {
        L::SIZE
    }
    /// `Sw(O + L(i))` (wrapping like the inner layout's arithmetic).
    ///
    /// ```
    /// use cute_static::layout;
    /// let l = layout!(Sw<1,2,1> o 4 o 8:1); // bit 3 flips bit 2
    /// assert_eq!((0..8).map(|i| l.call(i)).collect::<Vec<_>>(), [4, 5, 6, 7, 12, 13, 14, 15]);
    /// ```
    #[inline(always)]
    pub fn call(&self, i: usize) -> usize {
        self.swizzle
            .apply_to(self.offset.value().wrapping_add(self.layout.call(i)))
    }

    /// `Sw(O + L(c))` for a natural or hierarchical coordinate (or an
    /// integer), as [`Layout::call_coord`](crate::Layout::call_coord).
    #[inline(always)]
    pub fn call_coord<Cd: Coordinate<L::Tree>>(&self, c: Cd) -> usize {
        self.swizzle
            .apply_to(self.offset.value().wrapping_add(c.offset(PhantomData)))
    }

    /// The equal run-time swizzled layout; an `overflow` error when a
    /// run-time offset does not fit in an `i64`.
    #[cfg(feature = "std")]
    pub fn to_dynamic(&self) -> Result<cute_dynamic::SwizzledLayout, crate::Error> {
        let offset = i64::try_from(self.offset.value()).map_err(|_| crate::Error::Overflow {
            operation: "to_dynamic",
            operands: "the offset of a composed layout",
        })?;
        Ok(cute_dynamic::SwizzledLayout::new(
            self.swizzle.to_dynamic_swizzle(),
            offset,
            self.layout.to_dynamic(),
        ))
    }
}

/// CuTe's notation: `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`.
impl<Sw: fmt::Display, O: IntTuple, L: fmt::Display> fmt::Display for ComposedLayout<Sw, O, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o ", self.swizzle)?;
        self.offset.fmt_cute(f)?;
        write!(f, " o {}", self.layout)
    }
}
impl<Sw: fmt::Display, O: IntTuple, L: fmt::Display> fmt::Debug for ComposedLayout<Sw, O, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ComposedLayout({self})")
    }
}
impl<Sw, O, L> Sealed for ComposedLayout<Sw, O, L> {}
