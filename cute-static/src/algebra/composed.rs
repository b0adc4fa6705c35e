//! The algebra of composed layouts (docs/semantics/algebra.md#swizzled-layouts):
//! CuTe's rule, an operation with a layout or tiler on the right goes into
//! the inner layout and keeps the swizzle and the offset:
//!
//! * `(Sw ∘ O ∘ L) ∘ B = Sw ∘ O ∘ (L ∘ B)`, so `R(i) == Sw(O + L(B(i)))`
//!   for every `i < size(B)` (the composition law of `L ∘ B`);
//! * `divide(Sw ∘ O ∘ L, T) = Sw ∘ O ∘ divide(L, T)` for the logical,
//!   zipped, tiled and flat divides (each the composition of `L` with the
//!   divide's layout).
//!
//! The results are those of cute-dynamic's `SwizzledLayout` methods (held
//! to `laws::check_swizzled_composition` / `check_swizzled_divide` in the
//! tests). An inadmissible inner operation does not compile, with the
//! inner operation's error.
//!
//! ```
//! use cute_static::{layout, tiler};
//! let tile = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
//! let col = tile.compose(layout!(8:1)); // column 0: the first 8 coordinates
//! assert_eq!(col.to_string(), "Sw<3,3,3> o _0 o _8:_64");
//! assert_eq!(col.call(3), tile.call_coord((3, 0)));
//! let blocks = tile.zipped_divide(tiler!(<8, 8>)); // 8×8 blocks
//! assert_eq!(blocks.to_string(), "Sw<3,3,3> o _0 o ((_8,_8),(_1,_8)):((_64,_1),(_0,_8))");
//! assert_eq!(blocks.call_coord(((2, 5), (0, 3))), tile.call_coord((2, 29)));
//! ```

use crate::algebra::composition::Compose;
use crate::algebra::divide::{FlatDivide, LogicalDivide, TiledDivide, ZippedDivide};
use crate::data::layout::StaticLayout;
use crate::data::swizzle::ComposedLayout;

/// `Sw ∘ O ∘ L` with `B` on the right: `Sw ∘ O ∘ (L ∘ B)`.
impl<Sw: Copy, O: Copy, L, B> Compose<B> for ComposedLayout<Sw, O, L>
where
    L: StaticLayout + Compose<B>,
    L::Output: StaticLayout,
    ComposedLayout<Sw, O, L::Output>: crate::kernel::layout::LayoutResult,
{
    type Output = ComposedLayout<Sw, O, L::Output>;
    #[inline(always)]
    fn compose(&self, b: B) -> Self::Output {
        ComposedLayout::new(self.swizzle(), self.offset(), self.layout().compose(b))
    }
}

/// The divides of a composed layout: the inner layout's, swizzle and
/// offset kept.
macro_rules! composed_divide {
    ($($Verb:ident $method:ident),+) => {$(
        #[doc = concat!("`", stringify!($method), "(Sw ∘ O ∘ L, T) = Sw ∘ O ∘ ", stringify!($method), "(L, T)`.")]
        impl<Sw: Copy, O: Copy, L, T> $Verb<T> for ComposedLayout<Sw, O, L>
        where
            L: StaticLayout + $Verb<T>,
            L::Output: StaticLayout,
            ComposedLayout<Sw, O, L::Output>: crate::kernel::layout::LayoutResult,
        {
            type Output = ComposedLayout<Sw, O, L::Output>;
            #[inline(always)]
            fn $method(&self, t: T) -> Self::Output {
                ComposedLayout::new(self.swizzle(), self.offset(), self.layout().$method(t))
            }
        }
    )+
        impl<Sw: Copy, O: Copy, L: StaticLayout> ComposedLayout<Sw, O, L> {
            /// `(Sw ∘ O ∘ L) ∘ b = Sw ∘ O ∘ (L ∘ b)` (see [`Compose`]).
            #[inline(always)]
            pub fn compose<B>(&self, b: B) -> <Self as Compose<B>>::Output
            where
                Self: Compose<B>,
            {
                <Self as Compose<B>>::compose(self, b)
            }
            $(
                #[doc = concat!("`", stringify!($method), "(self, t)`: the inner layout's, swizzle and offset kept (see [`", stringify!($Verb), "`]).")]
                #[inline(always)]
                pub fn $method<T>(&self, t: T) -> <Self as $Verb<T>>::Output
                where
                    Self: $Verb<T>,
                {
                    <Self as $Verb<T>>::$method(self, t)
                }
            )+
        }
    };
}
composed_divide!(
    LogicalDivide logical_divide,
    ZippedDivide zipped_divide,
    TiledDivide tiled_divide,
    FlatDivide flat_divide
);
