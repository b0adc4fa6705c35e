//! The algebra of swizzled layouts (docs/semantics/algebra.md#swizzled-layouts),
//! CuTe's rule for a `ComposedLayout`: an operation with a layout or tiler
//! on the right goes into the inner layout, the swizzle and the offset are
//! kept.
//!
//! * composition: `(Sw ∘ O ∘ L) ∘ B = Sw ∘ O ∘ (L ∘ B)`, so `R(i) ==
//!   Sw(O + L(B(i)))` for every `i < size(B)`;
//! * the divides: `divide(Sw ∘ O ∘ L, T) = Sw ∘ O ∘ divide(L, T)` (logical,
//!   zipped, tiled, flat), each the composition of `L` with the divide's
//!   layout.
//!
//! Slicing ([`SwizzledLayout::slice`]) moves the offset of the fixed
//! coordinates into `O`. Contract checked by
//! `cute_tools::laws::check_swizzled_composition`, `cute_tools::laws::check_swizzled_divide` and
//! `cute_tools::laws::check_swizzled_slice`.
//!
//! ```
//! use cute_dynamic::{SwizzledLayout, Layout, Tiler};
//! let tile: SwizzledLayout = "Sw<3,3,3> o 0 o (8,64):(64,1)".parse()?;
//! let col = tile.compose(&"8:1".parse::<Layout>()?)?;
//! assert_eq!(col.to_string(), "Sw<3,3,3> o 0 o 8:64");
//! assert_eq!(col.call(3), tile.call_coord(&"(3,0)".parse()?)?);
//! let blocks = tile.zipped_divide(&"<8,8>".parse::<Tiler>()?)?;
//! assert_eq!(blocks.to_string(), "Sw<3,3,3> o 0 o ((8,8),(1,8)):((64,1),(0,8))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::algebra::composition::composition;
use crate::algebra::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use crate::algebra::tile_to_shape::tile_to_shape;
use crate::data::int_tuple::IntTuple;
use crate::data::swizzle::SwizzledLayout;
use crate::data::tiler::AsTiler;
use crate::error::LayoutError;

/// The operations that go into the inner layout, one method each.
macro_rules! into_inner {
    ($($(#[$doc:meta])* $method:ident => $op:ident;)+) => {
        impl SwizzledLayout {
            $(
                $(#[$doc])*
                pub fn $method<T: AsTiler + ?Sized>(&self, t: &T) -> Result<SwizzledLayout, LayoutError> {
                    Ok(SwizzledLayout::new(self.swizzle(), self.offset(), $op(self.layout(), t)?))
                }
            )+
        }
    };
}

into_inner! {
    /// `(Sw ∘ O ∘ L) ∘ B = Sw ∘ O ∘ (L ∘ B)` for a layout or tiler `B`
    /// (CuTe's `composition(ComposedLayout, Tiler)`); the error is that of
    /// `L ∘ B`.
    compose => composition;
    /// `logical_divide(Sw ∘ O ∘ L, T) = Sw ∘ O ∘ logical_divide(L, T)`.
    logical_divide => logical_divide;
    /// `zipped_divide(Sw ∘ O ∘ L, T) = Sw ∘ O ∘ zipped_divide(L, T)`.
    zipped_divide => zipped_divide;
    /// `tiled_divide(Sw ∘ O ∘ L, T) = Sw ∘ O ∘ tiled_divide(L, T)`.
    tiled_divide => tiled_divide;
    /// `flat_divide(Sw ∘ O ∘ L, T) = Sw ∘ O ∘ flat_divide(L, T)`.
    flat_divide => flat_divide;
}

impl SwizzledLayout {
    /// `tile_to_shape(Sw ∘ O ∘ L, shape, order) = Sw ∘ O ∘
    /// tile_to_shape(L, shape, order)` (CuTe's `tile_to_shape` of a
    /// `ComposedLayout`); the error is that of the inner `tile_to_shape`.
    ///
    /// ```
    /// use cute_dynamic::SwizzledLayout;
    /// let atom: SwizzledLayout = "Sw<3,3,3> o 0 o (8,(8,8)):(8,(1,64))".parse()?;
    /// let s = atom.tile_to_shape(&"(128,64,3)".parse()?, None)?;
    /// assert_eq!(s.to_string(), "Sw<3,3,3> o 0 o ((8,16),((8,8),1),(1,3)):((8,512),((1,64),0),(0,8192))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tile_to_shape(
        &self,
        shape: &IntTuple,
        order: Option<&IntTuple>,
    ) -> Result<SwizzledLayout, LayoutError> {
        Ok(SwizzledLayout::new(
            self.swizzle(),
            self.offset(),
            tile_to_shape(self.layout(), shape, order)?,
        ))
    }
}
