//! The layout algebra by trait resolution: one verb trait per operation
//! (its method is the operation: `a.compose(b)`, `l.coalesce()`) and one
//! noun alias naming its result ([`Composed<A, B>`], [`Coalesced<L>`]) —
//! coalesce, composition, complement, inverses, the divides and products,
//! the mode functions, upcast/downcast, max common layout, nullspace,
//! tile_to_shape — for static layouts and, through the same traits, mixed
//! ones; and the integer-tuple functions and queries (`shape_div`,
//! `ceil_div`, [`Profile`], [`Congruent`], …).
//!
//! Internally one file per operation, the same file names as
//! cute-dynamic's `algebra` layer, each with the same defining property.
//!
//! ```
//! use cute_static::algebra::{Compose, Composed};
//! use cute_static::{Layout, layout};
//! let r = layout!((4, 6):(2, 3)).compose(layout!(6:2));
//! assert_eq!(r.to_string(), "(_2,_3):(_4,_3)");
//! let _: Composed<Layout![(4, 6):(2, 3)], Layout![6:2]> = r;
//! ```

pub(crate) mod coalesce;
pub(crate) mod coalesce_by;
pub(crate) mod common_domain;
pub(crate) mod compact_major;
pub(crate) mod complement;
pub(crate) mod composed;
pub(crate) mod composition;
pub(crate) mod dice;
pub(crate) mod divide;
pub(crate) mod domain_offset;
pub(crate) mod fragment_like;
pub(crate) mod inverse;
pub(crate) mod layout_add;
pub(crate) mod layout_like;
pub(crate) mod max_common;
pub(crate) mod modes;
pub(crate) mod nullspace;
pub(crate) mod ordered_layout;
pub(crate) mod product;
pub(crate) mod recast;
pub(crate) mod tile_to_shape;
pub(crate) mod tuple_fold;

pub use crate::algebra::coalesce::{Coalesce, Coalesced};
pub use crate::algebra::coalesce_by::{CoalesceBy, CoalescedBy};
pub use crate::algebra::common_domain::{CommonDomain, GreatestCommonDomain};
pub use crate::algebra::compact_major::{PrefixProduct, PrefixProductOf};
pub use crate::algebra::complement::{Complement, Complemented};
pub use crate::algebra::composition::{Compose, Composed};
pub use crate::algebra::dice::{Diced, HasDice};
pub use crate::algebra::divide::{
    FlatDivide, FlatQuotient, LogicalDivide, LogicalQuotient, TiledDivide, TiledQuotient,
    ZippedDivide, ZippedQuotient,
};
pub use crate::algebra::domain_offset::{DomainOffset, HasDomainOffset};
pub use crate::algebra::fragment_like::{FragmentLayout, HasFragmentLayout};
pub use crate::algebra::inverse::{LeftInverse, LeftInvert, RightInverse, RightInvert};
pub use crate::algebra::layout_add::{LayoutAdd, LayoutSum};
pub use crate::algebra::layout_like::{LayoutLike, MakeLayoutLike};
pub use crate::algebra::max_common::{MaxCommon, MaxCommonLayout};
pub use crate::algebra::modes::{
    Append, Appended, FlattenLayout, Flattened, GroupModes, Grouped, MakeLayout, MakeLayoutOf,
    Prepend, Prepended, Replace, Replaced, Select, Selected, Take, Taken, make_layout,
};
pub use crate::algebra::nullspace::{HasNullspace, Nullspace};
pub use crate::algebra::ordered_layout::{MakeOrderedLayout, OrderedLayout, make_ordered_layout};
pub use crate::algebra::product::{
    BlockedMultiply, BlockedProduct, FlatMultiply, FlatProduct, LogicalMultiply, LogicalProduct,
    RakedMultiply, RakedProduct, TiledMultiply, TiledProduct, ZippedMultiply, ZippedProduct,
};
pub use crate::algebra::recast::{
    Downcast, Downcasted, Recast, RecastLayout, Upcast, UpcastBy, Upcasted, UpcastedBy,
};
pub use crate::algebra::tile_to_shape::{Arrangement, PadTo, TileToShape, tile_to_shape};
pub use crate::algebra::tuple_fold::{
    GcdOf, MaxOf, MinOf, ProductLike, ProductLikeOf, ShapeMin, ShapeMinOf, SumOf, TupleGcd,
    TupleMax, TupleMin, TupleSum,
};
pub use crate::data::int_tuple_ops::{
    CeilDiv, CeilDivide, Compatible, Congruent, Divisibility, ElemScale, ElemScaled, EvenlyDivides,
    InnerProduct, InnerProductOf, ProductEach, ProductEachOf, Profile, RoundUp, RoundedUp,
    ShapeDiv, ShapeDivide,
};
pub use crate::data::layout::{Mode, ModeOf};
pub use crate::mixed::coalesce::{MixedCoalescedBy, MixedProfile};
pub use crate::mixed::common_domain::{MixedCommonDomain, mixed_greatest_common_domain};
pub use crate::mixed::layout::{MixedFlattened, MixedGroupModes, MixedGrouped};
pub use crate::mixed::layout_add::MixedLayoutSum;
pub use crate::mixed::max_common::MixedMaxCommonLayout;
pub use crate::mixed::modes::{
    DiceCoord, MakeMixedLayout, MixedAppend, MixedDiceCoord, MixedDiced, MixedMode, MixedOperand,
    MixedReplace, MixedSelect, MixedSelected, MixedTake, MixedTaken, make_mixed_layout,
};
pub use crate::mixed::ordered_layout::{MixedOrder, MixedOrderedLayout, make_mixed_ordered_layout};
pub use crate::mixed::tile_to_shape::{
    MixedTiledToDynShape, MixedTiledToShape, TargetExtent, TileOrder, TileToDynShape,
};
