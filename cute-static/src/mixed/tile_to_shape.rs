//! `tile_to_shape(block, shape, order)` of a mixed layout whose leaves are
//! all static, to a static target shape (docs/semantics.md#more-layout-functions):
//! the static algebra's [`TileToShape`](crate::TileToShape), re-spelled as a
//! [`MixedLayout`] — the same layout as cute-dynamic's `tile_to_shape` on
//! the same values, never an error (a block that does not divide the
//! target is a compile error naming the rule, as for static layouts).
//!
//! A block with a run-time leaf, or a run-time target, does not compile:
//! with a run-time target the tile counts are run-time, and whether a
//! count of 1 is dropped and whether a count's mode merges with the
//! block's last leaf in the final coalesce depends on the values, so the
//! result has no structure fixed by the types; convert with `to_dynamic()`
//! and use cute-dynamic's `tile_to_shape` there.
//!
//! ```
//! use cute_static::{C, MixedLayout, layout};
//! let atom = MixedLayout::new((C::<8>, C::<64>), (C::<64>, C::<1>))?;
//! let l = atom.tile_to_shape((C::<128>, C::<64>), ());
//! assert_eq!(l.to_string(), "(_128,_64):(_64,_1)");
//! let t = cute_dynamic::tile_to_shape(&atom.to_dynamic(), &"(128,64)".parse()?, None)?;
//! assert_eq!(l.to_dynamic(), t);
//! // The same as the static algebra's.
//! let s = cute_static::tile_to_shape(layout!((2, 2):(1, 2)), (C::<4>, C::<4>), (C::<1>, C::<0>));
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
        Layout<S, D>: TileToShape<Sh, O>,
    {
        MixedLayout::from_parts(Default::default(), Default::default())
    }
}
