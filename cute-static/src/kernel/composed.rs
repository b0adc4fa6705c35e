//! Slicing composed layouts (docs/semantics.md#swizzled-layouts), CuTe's
//! `slice_and_offset` for a `ComposedLayout`: the inner layout is sliced,
//! and the offset of the fixed coordinates joins the composed layout's
//! offset **inside** the swizzle, `(Sw ∘ O ∘ L)(c' + c*) = (Sw ∘ (O +
//! L(c')) ∘ L|c*)(c*)`; the offset left for the accessor is 0 (a swizzle
//! does not distribute over addition, so nothing can move past it).
//!
//! ```
//! use cute_static::{layout, __};
//! let tile = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
//! let row = tile.slice((3, __))?;
//! assert_eq!(row.to_string(), "Sw<3,3,3> o 192 o (_64):(_1)");
//! assert_eq!(row.call(9), tile.call_coord((3, 9)));
//! assert_eq!(tile.slice((8, __)).unwrap_err().kind(), "out_of_bounds");
//! # Ok::<(), cute_static::Error>(())
//! ```

use crate::Error;
use crate::data::int_tuple::{Int, IntTuple};
use crate::data::layout::StaticLayout;
use crate::data::swizzle::{ComposedLayout, StaticSwizzle};
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
