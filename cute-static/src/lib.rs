//! # cute-static: CuTe layouts as types
//!
//! A [`Layout<S, D>`](struct@Layout) is a zero-sized type whose shape `S` and stride `D`
//! are nested tuples of static integers [`C<N>`]. Its queries are constants,
//! `call(i)` folds to literal arithmetic, and the whole layout algebra —
//! coalesce, composition, complement, divides, products, inverses — runs by
//! trait resolution, with the same results as `cute_dynamic` (printed with
//! CuTe's `_N` static notation). An inadmissible operation does not compile,
//! and the first line of the error names the rule and the numbers.
//!
//! ```
//! use cute_static::algebra::Composed;
//! use cute_static::prelude::*;
//!
//! let a = layout!((4, 6, 8, 10):(2, 3, 5, 7));
//! assert_eq!(a.to_string(), "(_4,_6,_8,_10):(_2,_3,_5,_7)");
//! assert_eq!(<Layout![(4, 6, 8, 10):(2, 3, 5, 7)]>::SIZE, 1920);
//!
//! let r = a.compose(layout!(6:12));
//! assert_eq!(r.to_string(), "(_2,_3):(_9,_5)");
//! assert_eq!(r.call(4), (4 % 2) * 9 + (4 / 2) * 5);
//! static_assertions::assert_type_eq_all!(
//!     Composed<Layout![(4, 6, 8, 10):(2, 3, 5, 7)], Layout![6:12]>,
//!     Layout![(2, 3):(9, 5)]
//! );
//! assert_eq!(core::mem::size_of_val(&r), 0);
//!
//! // The same answer as the run-time crate.
//! let d = cute_dynamic::composition(&a.to_dynamic(), &"6:12".parse::<cute_dynamic::Layout>()?)?;
//! assert_eq!(r.to_dynamic(), d);
//!
//! let tiles = layout!((8, 8):(1, 8)).zipped_divide(tiler!(<2:1, 4:1>));
//! assert_eq!(tiles.to_string(), "((_2,_4),(_4,_2)):((_1,_8),(_2,_32))");
//! let t: cute_dynamic::Tiler = "<2:1,4:1>".parse()?;
//! assert_eq!(tiles.to_dynamic(), cute_dynamic::zipped_divide(&"(8,8):(1,8)".parse()?, &t)?);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```
//!
//! ## Modules
//!
//! The root holds only the layer modules, the macros ([`layout!`],
//! [`Layout!`](macro@Layout), [`tiler!`], [`Tiler!`](macro@Tiler),
//! [`dlayout!`], [`step!`]) and the central types ([`Layout`](struct@Layout),
//! [`Tiler`](struct@Tiler), [`C`], [`Dyn`], [`Tensor`], [`Error`]). Every
//! other item has one home:
//!
//! | module | holds |
//! |---|---|
//! | [`prelude`] | what a kernel or a typical file needs: `use cute_static::prelude::*;` |
//! | [`mod@layout`] | static integers and run-time leaves, int tuples, static and mixed layouts, swizzles and composed layouts, tilers, the layout concepts |
//! | [`algebra`] | the verb traits and noun aliases of the algebra, the int-tuple functions and queries |
//! | [`tensor`] | tensors and engines, slicing, `local_tile`/`local_partition`, identity and counting tensors, fragments |
//! | [`algorithm`] | `copy`, `copy_if`, `gemm`, `axpby`, `fill`, `clear` |
//! | [`atom`] | MMA and copy atoms, `TiledMma`/`TiledCopy` and their thread slices, GMMA descriptors |
//!
//! The tables below name items by their short names; each lives in one of
//! these modules (and the prelude re-exports the verb traits).
//!
//! | operation | verb trait | noun alias | method |
//! |---|---|---|---|
//! | coalesce | [`Coalesce`] | [`Coalesced<L>`] | `l.coalesce()` |
//! | composition | [`Compose`] | [`Composed<A, B>`] | `a.compose(b)` |
//! | complement | [`Complement`] | [`Complemented<A, M>`] | `a.complement(C::<M>)` |
//! | right inverse | [`RightInvert`] | [`RightInverse<L>`] | `l.right_inverse()` |
//! | left inverse (simply injective `L`) | [`LeftInvert`] | [`LeftInverse<L>`] | `l.left_inverse()` |
//! | logical / zipped / tiled / flat divide | [`LogicalDivide`], … | [`LogicalQuotient<A, T>`], … | `a.logical_divide(t)`, … |
//! | logical / zipped / tiled / flat product | [`LogicalMultiply`], … | [`LogicalProduct<A, T>`], … | `a.logical_product(t)`, … |
//! | blocked / raked product | [`BlockedMultiply`], [`RakedMultiply`] | [`BlockedProduct<A, B>`], [`RakedProduct<A, B>`] | `a.blocked_product(b)`, … |
//! | coalesce by a profile | [`CoalesceBy`] | [`CoalescedBy<L, P>`] | `l.coalesce_by(p)` |
//! | make_layout, append, prepend, replace | [`MakeLayout`], [`Append`], [`Prepend`], [`Replace`] | [`MakeLayoutOf<(L0, L1)>`], [`Appended<L, M>`], … | [`make_layout`]`((l0, l1))`, `l.append(m)`, `l.replace(C::<I>, m)` |
//! | group_modes, take, select, flatten | [`GroupModes`], [`Take`], [`Select`], [`FlattenLayout`] | [`Grouped<L, B, E>`], [`Taken<L, B, E>`], … | `l.group_modes::<B, E>()`, `l.take::<B, E>()`, `l.select((C::<I>, …))`, `l.flatten()` |
//! | upcast / downcast / recast | [`Upcast`] ([`UpcastBy`] for a type-level factor), [`Downcast`], [`RecastLayout`] | [`Upcasted<L, N>`] ([`UpcastedBy<L, N>`]), [`Downcasted<L, N>`], [`Recast<L, OLD, NEW>`] | `l.upcast::<N>()`, … |
//! | max common layout / vector | [`MaxCommon`] | [`MaxCommonLayout<A, B>`], [`MaxCommon::VECTOR`] | `a.max_common_layout(b)`, `a.max_common_vector(b)` |
//! | nullspace | [`HasNullspace`] | [`Nullspace<L>`] | `l.nullspace()` |
//! | make_layout_like | [`MakeLayoutLike`] | [`LayoutLike<L>`] | `l.make_layout_like()` |
//! | make_ordered_layout | [`MakeOrderedLayout`] | [`OrderedLayout<S, O>`] | [`make_ordered_layout`]`(shape, order)` |
//! | make_fragment_like's layout | [`HasFragmentLayout`] | [`FragmentLayout<L>`] | `l.fragment_layout_like()` |
//! | dice | [`HasDice`] | [`Diced<L, Crd>`] | `l.dice((2usize, __))` |
//! | domain_offset | [`HasDomainOffset`] | [`DomainOffset<L, Crd>`] (the offset) | `l.domain_offset(c)` → `(l, l(c))` |
//! | greatest_common_domain (shapes) | [`GreatestCommonDomain`] | [`CommonDomain<A, B>`] | `a.greatest_common_domain(b)` |
//! | layout_add | [`LayoutAdd`] | [`LayoutSum<A, B>`] | `a.layout_add(b)` |
//! | tile_to_shape | [`TileToShape`] | `<L as TileToShape<Sh, O>>::Output` | [`tile_to_shape`]`(block, shape, order)` (`()`: column-major) |
//! | integer-tuple functions | [`ShapeDivide`], [`CeilDivide`], [`RoundUp`], [`ProductEach`], [`InnerProduct`], [`ElemScale`] | [`ShapeDiv<A, B>`], [`CeilDiv<A, B>`], … | `a.shape_div(b)`, … |
//! | integer-tuple queries | [`Profile`], [`Divisibility`]; bounds [`Congruent`], [`Compatible`], [`EvenlyDivides`] | | `<A as Profile<B>>::CONGRUENT`, … |
//!
//! Each method is the verb trait's, so generic code calls it too (see
//! [Generic code](#generic-code)).
//!
//! Names follow one pattern each: a verb trait is the operation (its
//! `Output` the result); a noun alias names that result (`Coalesced<L>`);
//! a name ending in `Of` is always a type alias, the result of an
//! operation on its operands ([`MaxOf<T>`](algebra::MaxOf),
//! [`ModeOf<L, I>`](algebra::ModeOf), [`PrefixProductOf<A>`](algebra::PrefixProductOf));
//! a trait that a noun alias reads from, where the operation's name is
//! taken by the noun, begins with `Has` ([`HasNullspace`] for
//! [`Nullspace<L>`], `atom::HasMmaPartition` for `atom::MmaPartition`).
//!
//! Static tensors ([`Tensor`] over `&[T]`/`&mut [T]`, slicing with [`__`])
//! and the generic kernels [`copy`], [`axpby`] and [`gemm`] are written once
//! over static layouts; tensors of different static sizes, a gemm whose
//! `M`, `N` or `K` disagree, or an operand of the wrong rank do not compile.
//!
//! CuTe's atom layer as types: MMA and copy atoms generated from the
//! run-time crate's tables ([`SM80_16x8x16_F32F16F16F32_TN`],
//! [`UniversalFMA<f32>`](UniversalFMA), [`SM75_U32x4_LDSM_N`], …, traits
//! [`MmaAtom`], [`CopyAtom`]), [`TiledMma`] whose thread layout and
//! `layoutA/B/C_TV` ([`LayoutCTv`], …) are computed by trait resolution and
//! whose thread slices partition static tensors into static layouts at a
//! run-time offset, and [`TiledCopy`] ([`make_tiled_copy`],
//! [`make_tiled_copy_a`], …) whose thread slices ([`ThrCopy`]) partition
//! static tensors likewise.
//!
//! Mixed static/dynamic layouts ([`MixedLayout`], CuTe's `Int<N>` beside
//! `int`): run-time leaves [`Dyn`] written in braces, `layout!((128,{m}):(1,128))`,
//! with evaluation, slicing with [`__`], and divides and composition by
//! static by-mode tilers through the same traits and methods as static
//! layouts ([`LogicalDivide`], [`ZippedDivide`], [`TiledDivide`],
//! [`FlatDivide`], [`Compose`]). The tile modes stay static wherever they
//! depend only on static parts; the `Output` (so [`ZippedQuotient<A, T>`],
//! …) is `Result<MixedLayout<…>, LayoutError>`, since run-time values can
//! overflow. The mixed algebra takes layouts of at most
//! [`MIXED_ALGEBRA_MAX_RANK`] (4) top-level modes and tilers of at most as
//! many modes; beyond that a call does not compile, with an error naming
//! the limit. The products by static layouts, [`Complement`] and
//! [`RightInvert`] take mixed layouts too, and so do the mode functions
//! ([`make_mixed_layout`], `append`, `prepend`, `replace`, `take`,
//! `select`, `dice`, `domain_offset`), `nullspace`, `make_layout_like`,
//! [`make_mixed_ordered_layout`], `coalesce`/`coalesce_by` and
//! `upcast`/`downcast`/`recast_layout`
//! (methods of the same names on [`MixedLayout`]).
//!
//! ```
//! use cute_static::prelude::*;
//! let (m, n) = (100, 70);
//! let a = layout!(({m}, {n}):(1, {m}))?;
//! let tiles = a.zipped_divide(tiler!(<16, 16>))?;
//! assert_eq!(tiles.to_string(), "((_16,_16),(7,5)):((_1,100),(16,1600))");
//! // Generic code names the same trait for static and mixed layouts.
//! fn tiles_of<A: ZippedDivide<T>, T>(a: &A, t: T) -> A::Output {
//!     a.zipped_divide(t)
//! }
//! assert_eq!(tiles_of(&a, tiler!(<16, 16>))?, tiles);
//! assert_eq!(
//!     tiles_of(&layout!((32, 32):(1, 32)), tiler!(<16, 16>)).to_string(),
//!     "((_16,_16),(_2,_2)):((_1,_32),(_16,_512))"
//! );
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```
//!
//! ## Generic code
//!
//! Every operation, query, slice and partition is a trait method, so a type
//! parameter bounded by the operation's verb trait alone can call it, and
//! the result is usable as a layout with no further bound:
//!
//! | operations | verb trait (one bound) | the result is |
//! |---|---|---|
//! | size, cosize, offset / `SIZE`, `COSIZE`, `RANK`, `call` | [`TensorLayout`] / [`StaticLayout`] | — |
//! | coalesce, left inverse, `mode` | [`Coalesce`], [`LeftInvert`], [`Mode`] | a [`StaticLayout`] |
//! | composition, the divides, the products, complement, right inverse (static, mixed or composed operands) | [`Compose`], [`ZippedDivide`], …, [`ZippedMultiply`], …, [`BlockedMultiply`], [`RakedMultiply`], [`Complement`], [`RightInvert`] | a [`LayoutResult`]: `.into_layout()?` is a [`TensorLayout`] |
//! | slicing | [`SliceLayout`] | a [`TensorLayout`] and an offset |
//! | the divides of a tensor | [`TensorDivide`] | a tensor whose layout is a [`TensorLayout`] |
//! | `local_tile`, `local_partition` (with a step) | [`TileLocally`], [`PartitionLocally`] | a [`TensorLayout`] ([`LocalTileLayout`], [`LocalPartitionLayout`]) |
//! | `make_fragment_like` / `make_tensor_like` | [`MakeFragment`] | a fragment over an owned array |
//! | `copy`, `axpby`, `gemm` | [`CopyCompatible`], [`AxpbyCompatible`], [`GemmCompatible`] | — |
//!
//! Every result type is nameable by its noun alias ([`ZippedQuotient<A,
//! T>`], [`LocalPartitionLayout<L, Thr, St>`], …), a layout type by
//! [`Layout!`](macro@Layout) and a tiler type by [`Tiler!`](macro@Tiler)
//! (`Tiler![<128, 128, 8>]` is the type of `tiler!(<128, 128, 8>)`).
//!
//! ```
//! use cute_static::algebra::ZippedQuotient;
//! use cute_static::prelude::*;
//! fn tiles<L: ZippedDivide<T>, T>(l: L, t: T) -> ZippedQuotient<L, T> {
//!     l.zipped_divide(t)
//! }
//! let r = tiles(layout!((8, 8):(1, 8)), tiler!(<2, 4>)).into_layout()?;
//! assert_eq!((r.size(), r.offset(2)), (64, 8));
//! # Ok::<(), cute_static::Error>(())
//! ```
//!
//! CuTe's `sgemm_1` `gemm_device<SA, SB, TA, TB, TC>` with its five static
//! layouts as type parameters (`cute-static/tests/generic.rs`, run on the
//! host against a naive GEMM) needs **17 bounds**: one per thread layout
//! (`TA`, `TB`, `TC: StaticLayout`, for `size(tC)` and reuse; the smem
//! layouts need none of their own, their partition bounds imply
//! [`TensorLayout`]) and one per operation on them — 4 `local_partition`s
//! by `TA`/`TB`, 2 k-slices, 2 `copy`s, 3 `local_partition`s by `TC` with
//! steps, 1 fragment, `gemm` and `axpby` (14) — within the budget of one
//! per layout parameter plus one per operation (5 + 14). The CTA tiles'
//! layouts are named by their normalised types (`Layout![(128, 8,
//! {k}):(1, {ld}, {ld8})]`, checked equal to their `LocalTileLayout`): a
//! where-clause on a projection whose self type is concrete is not
//! matched by rustc after normalisation.
//!
//! Code generic over layouts needs one bound per layout, [`StaticLayout`]:
//!
//! ```
//! use cute_static::layout::StaticLayout;
//! use cute_static::layout;
//!
//! /// The offsets of a layout in domain order.
//! fn offsets<L: StaticLayout>(l: L) -> Vec<usize> {
//!     (0..L::SIZE).map(|i| l.call(i)).collect()
//! }
//! assert_eq!(offsets(layout!((2, 3):(3, 1))), [0, 3, 1, 4, 2, 5]);
//!
//! /// A generic copy: `dst[D(i)] = src[S(i)]`, two bounds.
//! fn copy<S: StaticLayout, D: StaticLayout>(s: S, d: D, src: &[f32], dst: &mut [f32]) {
//!     for i in 0..S::SIZE {
//!         dst[d.call(i)] = src[s.call(i)];
//!     }
//! }
//! let src: Vec<f32> = (0..6).map(|x| x as f32).collect();
//! let mut dst = vec![0.0; 6];
//! copy(layout!((2, 3):(1, 2)), layout!((2, 3):(3, 1)), &src, &mut dst); // transpose
//! assert_eq!(dst, [0.0, 2.0, 4.0, 1.0, 3.0, 5.0]);
//! ```
//!
//! Right operands are static layouts (`layout!`) or tilers (`tiler!`).
//! Every operation is a total type-level function returning `Ok<…>` or
//! `Err<…>`; the error is raised once, where the result is used, through a
//! never-implemented trait whose `#[diagnostic::on_unimplemented]` message
//! names the rule and the numbers (`composition is not admissible: stride
//! divisibility fails at mode C<0> …`), under `cargo check` too.
//!
//! Limits: at most [`MAX_RANK`] children per tuple; nesting is tested to
//! depth 6 with the default `recursion_limit`. Static integers take any value
//! of `0..=2^63 − 1`: [`C<N>`] for `0..=1024` and the powers of two up to
//! `2^20`, [`Dec`] (the decimal digits, `Dec<1, 1, 0, 0, 8>` for 11008)
//! beyond — literals and computed values alike, never a typenum type.
//! Static strides may be negative ([`Neg`]: `layout!((8, 4):(-1, 8))`
//! prints `(_8,_4):(_-1,_8)`); such a layout is evaluated by
//! [`call_signed`](StaticLayout::call_signed).
//!
//! Features: `std` (on by default) adds the run-time crate — the
//! `to_dynamic()` conversions and `dlayout!`. Without it
//! (`default-features = false`) the crate is `#![no_std]` and needs
//! neither `std` nor `alloc`: static and mixed layouts, evaluation,
//! slicing, the static algebra, tensors over slices and
//! [`copy`]/[`axpby`]/[`gemm`] all work in device code. Run-time checks
//! return [`Error`], a `Copy` error without allocation whose `kind()` is
//! the run-time crate's for the same rule (and which converts into
//! `cute_dynamic::LayoutError`, so `?` works in host code).
#![no_std]
// `unsafe` lives in `arch` only (its module allows it, each block with a
// `SAFETY` comment).
#![deny(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    target_arch = "nvptx64",
    feature(asm_experimental_arch, stdarch_nvptx, core_intrinsics),
    allow(internal_features)
)]

extern crate self as cute_static;
#[cfg(feature = "std")]
extern crate std;

pub mod algebra;
#[allow(unsafe_code)]
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
pub mod arch;
pub mod atom;
mod data;
/// CuTe's algorithms and partitioning functions on device tensors
/// ([`arch::PtrTensor`], register fragments): no `Result`, one instruction
/// per access (see [`arch`]).
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
pub mod device {
    pub use crate::kernel::device::*;
}
mod kernel;
pub mod kernel_arg;
mod mixed;
#[doc(hidden)]
pub mod private;

// The root: the modules, the macros and the central types. Everything else
// is public in exactly one layer module below (the prelude gathers what a
// kernel file needs).
pub use cute_macros::{Layout, Tiler, dlayout, layout, tiler};
pub use data::int_tuple::C;
pub use data::layout::Layout;
pub use data::tiler::Tiler;
pub use kernel::tensor::Tensor;
pub use mixed::layout::Dyn;

// The crate's own short paths (`crate::Compose`, …), which the internal
// modules use; not public: each item's public home is its layer module.
#[allow(unused_imports)]
pub(crate) use algebra::coalesce::{Coalesce, Coalesced};
#[allow(unused_imports)]
pub(crate) use algebra::coalesce_by::{CoalesceBy, CoalescedBy};
#[allow(unused_imports)]
pub(crate) use algebra::common_domain::{CommonDomain, GreatestCommonDomain};
#[allow(unused_imports)]
pub(crate) use algebra::compact_major::{PrefixProduct, PrefixProductOf};
#[allow(unused_imports)]
pub(crate) use algebra::complement::{Complement, Complemented};
#[allow(unused_imports)]
pub(crate) use algebra::composition::{Compose, Composed};
#[allow(unused_imports)]
pub(crate) use algebra::dice::{Diced, HasDice};
#[allow(unused_imports)]
pub(crate) use algebra::divide::{
    FlatDivide, FlatQuotient, LogicalDivide, LogicalQuotient, TiledDivide, TiledQuotient,
    ZippedDivide, ZippedQuotient,
};
#[allow(unused_imports)]
pub(crate) use algebra::domain_offset::{DomainOffset, HasDomainOffset};
#[allow(unused_imports)]
pub(crate) use algebra::fragment_like::{FragmentLayout, HasFragmentLayout};
#[allow(unused_imports)]
pub(crate) use algebra::inverse::{LeftInverse, LeftInvert, RightInverse, RightInvert};
#[allow(unused_imports)]
pub(crate) use algebra::layout_add::{LayoutAdd, LayoutSum};
#[allow(unused_imports)]
pub(crate) use algebra::layout_like::{LayoutLike, MakeLayoutLike};
#[allow(unused_imports)]
pub(crate) use algebra::max_common::{MaxCommon, MaxCommonLayout};
#[allow(unused_imports)]
pub(crate) use algebra::modes::{
    Append, Appended, FlattenLayout, Flattened, GroupModes, Grouped, MakeLayout, MakeLayoutOf,
    Prepend, Prepended, Replace, Replaced, Select, Selected, Take, Taken, make_layout,
};
#[allow(unused_imports)]
pub(crate) use algebra::nullspace::{HasNullspace, Nullspace};
#[allow(unused_imports)]
pub(crate) use algebra::ordered_layout::{MakeOrderedLayout, OrderedLayout, make_ordered_layout};
#[allow(unused_imports)]
pub(crate) use algebra::product::{
    BlockedMultiply, BlockedProduct, FlatMultiply, FlatProduct, LogicalMultiply, LogicalProduct,
    RakedMultiply, RakedProduct, TiledMultiply, TiledProduct, ZippedMultiply, ZippedProduct,
};
#[allow(unused_imports)]
pub(crate) use algebra::recast::{
    Downcast, Downcasted, Recast, RecastLayout, Upcast, UpcastBy, Upcasted, UpcastedBy,
};
#[allow(unused_imports)]
pub(crate) use algebra::tile_to_shape::{Arrangement, PadTo, TileToShape, tile_to_shape};
#[allow(unused_imports)]
pub(crate) use algebra::tuple_fold::{
    GcdOf, MaxOf, MinOf, ProductLike, ProductLikeOf, ShapeMin, ShapeMinOf, SumOf, TupleGcd,
    TupleMax, TupleMin, TupleSum,
};
#[allow(unused_imports)]
pub(crate) use atom::*;
#[allow(unused_imports)]
pub(crate) use data::dec::Dec;
#[allow(unused_imports)]
pub(crate) use data::int_tuple::{Int, IntTuple, MAX_RANK, StaticInt, StaticIntTuple};
#[allow(unused_imports)]
pub(crate) use data::int_tuple_ops::{
    CeilDiv, CeilDivide, Compatible, Congruent, Divisibility, ElemScale, ElemScaled, EvenlyDivides,
    InnerProduct, InnerProductOf, ProductEach, ProductEachOf, Profile, RoundUp, RoundedUp,
    ShapeDiv, ShapeDivide,
};
#[allow(unused_imports)]
pub(crate) use data::layout::{Coordinate, LayoutOf, Mode, ModeOf, StaticLayout};
#[allow(unused_imports)]
pub(crate) use data::neg::Neg;
#[allow(unused_imports)]
pub(crate) use data::swizzle::{ComposedLayout, StaticSwizzle, Swizzle};
#[allow(unused_imports)]
pub(crate) use data::tiler::{IntoTiler, TilerMode};
#[allow(unused_imports)]
pub(crate) use kernel::algorithms::{
    AxpbyCompatible, CopyCompatible, GemmCompatible, Predicate, Rank2, axpby, clear, copy, copy_if,
    fill, gemm,
};
#[allow(unused_imports)]
pub(crate) use kernel::computed::{Computed, LayoutQuery, Resolve, Resolved};
#[allow(unused_imports)]
pub(crate) use kernel::layout::{
    LayoutResult, RuntimeSize, SizeKind, SliceLayout, StaticSize, TensorLayout,
};
#[allow(unused_imports)]
pub(crate) use kernel::partition::{
    ArrayLen, CompactColMajor, Dice, FragmentOf, IdentityShape, LocalPartition,
    LocalPartitionLayout, LocalTile, LocalTileLayout, MakeFragment, PartitionLocally, Projection,
    StaticShape, Step, TensorArg, TensorDivide, ThreadLayout, TileLocally, TileSlice, X, elem_less,
    local_partition, local_partition_with_step, local_tile, make_fragment_like,
    make_identity_tensor, make_tensor_like,
};
#[allow(unused_imports)]
pub(crate) use kernel::tensor::{
    __, Coordinates, Counting, Engine, EngineMut, SliceArg, SliceCoord, Storage, Underscore,
    make_tensor,
};
#[allow(unused_imports)]
pub(crate) use mixed::MIXED_ALGEBRA_MAX_RANK;
#[allow(unused_imports)]
pub(crate) use mixed::coalesce::{MixedCoalescedBy, MixedProfile};
#[allow(unused_imports)]
pub(crate) use mixed::common_domain::{MixedCommonDomain, mixed_greatest_common_domain};
#[allow(unused_imports)]
pub(crate) use mixed::layout::{
    AllHoles, DynDiv, MixedCoord, MixedFlattened, MixedGroupModes, MixedGrouped, MixedLayout,
    MixedShape, MixedSliceCoord, SliceEntry, Sliced, Structure,
};
#[allow(unused_imports)]
pub(crate) use mixed::layout_add::MixedLayoutSum;
#[allow(unused_imports)]
pub(crate) use mixed::max_common::MixedMaxCommonLayout;
#[allow(unused_imports)]
pub(crate) use mixed::modes::{
    DiceCoord, MakeMixedLayout, MixedAppend, MixedDiceCoord, MixedDiced, MixedMode, MixedOperand,
    MixedReplace, MixedSelect, MixedSelected, MixedTake, MixedTaken, make_mixed_layout,
};
#[allow(unused_imports)]
pub(crate) use mixed::ordered_layout::{MixedOrder, MixedOrderedLayout, make_mixed_ordered_layout};
#[allow(unused_imports)]
pub(crate) use mixed::tile_to_shape::{
    MixedTiledToDynShape, MixedTiledToShape, TargetExtent, TileOrder, TileToDynShape,
};

pub mod layout {
    //! Layouts and their parts: static integers ([`C<N>`](C), [`Dec`],
    //! [`Neg`]) and run-time leaves ([`Dyn`], [`DynDiv`]), integer tuples,
    //! static layouts ([`Layout<S, D>`](struct@Layout)), mixed static/run-time
    //! layouts ([`MixedLayout`]), swizzles and composed (swizzled) layouts,
    //! tilers, and the concepts every layout kind shares ([`StaticLayout`],
    //! [`TensorLayout`], [`LayoutResult`], [`SliceLayout`]).
    //!
    //! ```
    //! use cute_static::layout::StaticLayout;
    //! use cute_static::{Layout, layout};
    //! let a = layout!((4, 2):(2, 1));
    //! assert_eq!((<Layout![(4, 2):(2, 1)]>::SIZE, a.call(5)), (8, 3));
    //! ```
    pub use crate::data::dec::Dec;
    pub use crate::data::int_tuple::{C, Int, IntTuple, MAX_RANK, StaticInt, StaticIntTuple};
    pub use crate::data::layout::{Coordinate, Layout, StaticLayout};
    pub use crate::data::neg::Neg;
    pub use crate::data::swizzle::{ComposedLayout, StaticSwizzle, Swizzle};
    pub use crate::data::tiler::{IntoTiler, Tiler, TilerMode};
    pub use crate::kernel::composed::split_offset;
    pub use crate::kernel::computed::{Computed, LayoutQuery, Resolve, Resolved};
    pub use crate::kernel::layout::{
        LayoutResult, RuntimeSize, SizeKind, SliceLayout, StaticSize, TensorLayout,
    };
    pub use crate::kernel::partition::StaticShape;
    pub use crate::mixed::MIXED_ALGEBRA_MAX_RANK;
    pub use crate::mixed::layout::{
        Dyn, DynDiv, MixedCoord, MixedLayout, MixedShape, MixedSliceCoord, SliceEntry, Sliced,
        Structure,
    };
}

pub mod tensor {
    //! Tensors: a layout over an engine ([`Tensor`], [`make_tensor`], the
    //! engines over slices and arrays, identity and counting tensors), slicing
    //! with [`__`], the divides of a tensor, [`local_tile`] and
    //! [`local_partition`], and fragments ([`make_fragment_like`]).
    //!
    //! ```
    //! use cute_static::layout;
    //! use cute_static::tensor::{__, make_tensor};
    //! let data: Vec<f32> = (0..8).map(|x| x as f32).collect();
    //! let t = make_tensor(&data[..], layout!((2, 4):(4, 1)))?;
    //! // Integral coordinate 6 is (0, 3): offset 3.
    //! assert_eq!(*t.get(6)?, 3.0);
    //! assert_eq!(t.slice((1usize, __))?.layout().to_string(), "(_4):(_1)");
    //! # Ok::<(), cute_static::Error>(())
    //! ```
    pub use crate::kernel::partition::{
        CompactColMajor, Dice, FragmentOf, IdentityShape, LocalPartition, LocalPartitionLayout,
        LocalTile, LocalTileLayout, MakeFragment, PartitionLocally, Step, TensorArg, TensorDivide,
        ThreadLayout, TileLocally, X, elem_less, local_partition, local_partition_with_step,
        local_tile, make_fragment_like, make_identity_tensor, make_tensor_like,
    };
    pub use crate::kernel::tensor::{
        __, Coordinates, Counting, Engine, EngineMut, SliceArg, SliceCoord, Storage, Tensor,
        Underscore, make_tensor,
    };
}

pub mod algorithm {
    //! The generic algorithms over static tensors: [`copy`], [`copy_if`],
    //! [`gemm`], [`axpby`], [`fill`] and [`clear`], with the bounds that make
    //! their operands agree ([`CopyCompatible`], [`GemmCompatible`],
    //! [`AxpbyCompatible`]).
    //!
    //! ```
    //! use cute_static::layout;
    //! use cute_static::algorithm::copy;
    //! use cute_static::tensor::make_tensor;
    //! let src = [1.0f32, 2.0, 3.0, 4.0];
    //! let mut dst = [0.0f32; 4];
    //! let s = make_tensor(&src[..], layout!((2, 2):(1, 2)))?;
    //! copy(&s, &mut make_tensor(&mut dst[..], layout!((2, 2):(2, 1)))?)?;
    //! assert_eq!(dst, [1.0, 3.0, 2.0, 4.0]);
    //! # Ok::<(), cute_static::Error>(())
    //! ```
    pub use crate::kernel::algorithms::{
        AxpbyCompatible, CopyCompatible, GemmCompatible, MmaGemmCompatible, Predicate, Rank2,
        Rank3, axpby, clear, copy, copy_if, fill, gemm,
    };
}

#[doc(hidden)]
pub mod __private {
    //! Machinery public only because bounds of the public traits name it: not
    //! part of the API and exempt from semver.
    pub use crate::atom::gmma_desc::{
        CanonicalDivide, DivideWith, Divided, GmmaCanonicalTree, GmmaLeaf, GmmaNode, GmmaPair,
        GmmaPairOfPairs, TryDivided, WholeUnits,
    };
    pub use crate::atom::tiled_mma::PermuteTree;
    pub use crate::data::layout::LayoutOf;
    pub use crate::kernel::partition::{ArrayLen, Projection, TileSlice};
    pub use crate::mixed::layout::AllHoles;
}

pub mod prelude {
    //! What a kernel or a typical user file needs, for
    //! `use cute_static::prelude::*;`: the central types and macros, the
    //! layout concepts, every verb trait of the algebra (so its methods are
    //! in scope), the tensor functions and slicing with [`__`], the
    //! algorithms, and the atoms' traits and tiled atoms.
    //!
    //! ```
    //! use cute_static::prelude::*;
    //! let tiles = layout!((8, 8):(1, 8)).zipped_divide(tiler!(<2, 4>));
    //! assert_eq!(tiles.to_string(), "((_2,_4),(_4,_2)):((_1,_8),(_2,_32))");
    //! assert_eq!(<Layout![(8, 8):(1, 8)]>::SIZE, 64);
    //! ```
    #[doc(no_inline)]
    pub use crate::algebra::{
        Append, BlockedMultiply, CeilDivide, Coalesce, CoalesceBy, Complement, Compose,
        Divisibility, Downcast, ElemScale, FlatDivide, FlatMultiply, FlattenLayout,
        GreatestCommonDomain, GroupModes, HasDice, HasDomainOffset, HasFragmentLayout,
        HasNullspace, InnerProduct, LayoutAdd, LeftInvert, LogicalDivide, LogicalMultiply,
        MakeLayout, MakeLayoutLike, MakeOrderedLayout, MaxCommon, Mode, Prepend, ProductEach,
        Profile, RakedMultiply, RecastLayout, Replace, RightInvert, RoundUp, Select, ShapeDivide,
        Take, TileToDynShape, TileToShape, TiledDivide, TiledMultiply, Upcast, UpcastBy,
        ZippedDivide, ZippedMultiply, make_layout, make_ordered_layout, tile_to_shape,
    };
    #[doc(no_inline)]
    pub use crate::algorithm::{axpby, clear, copy, copy_if, fill, gemm};
    #[doc(no_inline)]
    pub use crate::atom::{
        CopyAtom, MmaAtom, TiledCopy, TiledMma, ValueType, make_tiled_copy, make_tiled_mma,
    };
    #[doc(no_inline)]
    pub use crate::layout::{
        Int, IntTuple, IntoTiler, LayoutResult, MixedLayout, SliceLayout, StaticInt, StaticLayout,
        TensorLayout,
    };
    #[doc(no_inline)]
    pub use crate::tensor::{
        __, MakeFragment, PartitionLocally, Step, TensorDivide, TileLocally, Underscore, X,
        local_partition, local_partition_with_step, local_tile, make_fragment_like,
        make_identity_tensor, make_tensor, make_tensor_like,
    };
    #[doc(no_inline)]
    pub use crate::{C, Dyn, Error, Layout, Tensor, Tiler, dlayout, layout, tiler};
}

/// The run-time crate, for `dlayout!`'s expansion.
#[cfg(feature = "std")]
#[doc(hidden)]
pub use cute_dynamic as dynamic;

/// The run-time error of static and mixed layouts and tensors: `Copy`, no
/// allocation (usable in device code); its `kind()` is that of the
/// run-time crate's `LayoutError` for the same rule, into which it
/// converts.
pub use cute_core::CoreError as Error;
