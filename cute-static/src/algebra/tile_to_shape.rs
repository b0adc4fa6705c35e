//! `tile_to_shape(block, shape[, order])` for a static block and a static
//! target shape (docs/semantics/static-and-mixed.md#static-and-mixed-tensors): CuTe's
//! layout.hpp, as cute-dynamic's `tile_to_shape` — the block padded with
//! `1:0` modes to the shape's rank, its `product_each` dividing the
//! target's (a compile error naming the rule otherwise), then the blocked
//! product with the tile counts `ceil_div(product_each(shape),
//! product_each(block))` in `order` (column-major for `()`), not coalesced
//! (CuTe 4.2): mode `i` is `(block mode i, count i)`. The shape is a tuple
//! of rank at most 4, the block a tuple of rank at most that or a leaf
//! `N:d` (CuTe's `append<1>` keeps a leaf as it is).
//!
//! ```
//! use cute_static::{C, layout, algebra::tile_to_shape};
//! let atom = layout!((8, 64):(64, 1));
//! let l = tile_to_shape(atom, (C::<128>, C::<64>), ());
//! assert_eq!(l.to_string(), "((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
//! let l = tile_to_shape(layout!(16:1), (C::<32>,), ());
//! assert_eq!(l.to_string(), "((_16,(_2))):((_1,(_16)))");
//! ```

use crate::algebra::modes::{Spelt, SpeltOf};
use crate::algebra::ordered_layout::{MakeOrderedLayout, OrderedLayout};
use crate::algebra::product::{BlockedMultiply, BlockedProduct};
use crate::algebra::recast::{LeafFn, MapLeaves};
use crate::data::int_tuple::{C, StaticIntTuple};
use crate::data::int_tuple_ops::{CeilDiv, CeilDivide, EvenlyDivides, ProductEach, ProductEachOf};
use crate::data::layout::{Layout, StaticLayout};
use crate::data::swizzle::ComposedLayout;
use crate::kernel::partition::{CompactColMajor, CompactFrom};
use crate::private::{If, Sel};
use typenum::operator_aliases::Eq;
use typenum::{IsEqual, U0, U1};

/// CuTe's `append<R>(block)`: the block with `1:0` modes appended up to the
/// rank of the target shape `Sh` (a block of rank at most that of `Sh`,
/// both tuples of rank at most 4).
///
/// # Examples
///
/// ```
/// use cute_static::algebra::PadTo;
/// use cute_static::{C, Layout};
/// static_assertions::assert_type_eq_all!(
///     <Layout![(8, 64):(64, 1)] as PadTo<(C<128>, C<64>, C<2>)>>::Output,
///     Layout![(8, 64, 1):(64, 1, 0)]
/// );
/// // A leaf block stays a leaf for a rank-1 shape.
/// static_assertions::assert_type_eq_all!(<Layout![16:1] as PadTo<(C<32>,)>>::Output, Layout![16:1]);
/// ```
#[diagnostic::on_unimplemented(
    message = "tile_to_shape needs a block `{Self}` of rank at most that of the target shape `{Sh}` (tuples of rank at most 4)"
)]
pub trait PadTo<Sh> {
    /// The padded block.
    type Output;
}
macro_rules! pad_to {
    ([$($S:ident),+] [$($D:ident),+] [$($T:ident),+] [$($PS:ty),*] [$($PD:ty),*]) => {
        /// Pad with `1:0` modes.
        impl<$($S,)+ $($D,)+ $($T),+> PadTo<($($T,)+)> for Layout<($($S,)+), ($($D,)+)> {
            type Output = Layout<($($S,)+ $($PS,)*), ($($D,)+ $($PD,)*)>;
        }
    };
}
pad_to!([S0] [D0] [T0] [] []);
pad_to!([S0] [D0] [T0, T1] [C<1>] [C<0>]);
pad_to!([S0, S1] [D0, D1] [T0, T1] [] []);
pad_to!([S0] [D0] [T0, T1, T2] [C<1>, C<1>] [C<0>, C<0>]);
pad_to!([S0, S1] [D0, D1] [T0, T1, T2] [C<1>] [C<0>]);
pad_to!([S0, S1, S2] [D0, D1, D2] [T0, T1, T2] [] []);
pad_to!([S0] [D0] [T0, T1, T2, T3] [C<1>, C<1>, C<1>] [C<0>, C<0>, C<0>]);
pad_to!([S0, S1] [D0, D1] [T0, T1, T2, T3] [C<1>, C<1>] [C<0>, C<0>]);
pad_to!([S0, S1, S2] [D0, D1, D2] [T0, T1, T2, T3] [C<1>] [C<0>]);
pad_to!([S0, S1, S2, S3] [D0, D1, D2, D3] [T0, T1, T2, T3] [] []);
macro_rules! pad_leaf_to {
    ([$($T:ident),+] [$($PS:ty),*] [$($PD:ty),*]) => {
        /// A leaf block: kept as it is for a rank-1 target, else the first
        /// mode of the padded block.
        impl<const N: usize, D, $($T),+> PadTo<($($T,)+)> for Layout<C<N>, D> {
            type Output = pad_leaf_to!(@out N D [$($PS),*] [$($PD),*]);
        }
    };
    (@out $N:ident $D:ident [] []) => { Layout<C<$N>, $D> };
    (@out $N:ident $D:ident [$($PS:ty),+] [$($PD:ty),+]) => {
        Layout<(C<$N>, $($PS,)+), ($D, $($PD,)+)>
    };
}
pad_leaf_to!([T0] [] []);
pad_leaf_to!([T0, T1] [C<1>] [C<0>]);
pad_leaf_to!([T0, T1, T2] [C<1>, C<1>] [C<0>, C<0>]);
pad_leaf_to!([T0, T1, T2, T3] [C<1>, C<1>, C<1>] [C<0>, C<0>, C<0>]);

/// The arrangement of the tiles: column-major for `()`, else
/// `make_ordered_layout(counts, order)`.
///
/// # Examples
///
/// ```
/// use cute_static::algebra::Arrangement;
/// use cute_static::{C, Layout};
/// type Counts = (C<2>, C<3>);
/// static_assertions::assert_type_eq_all!(<() as Arrangement<Counts>>::Output, Layout![(2, 3):(1, 2)]);
/// // Order (1, 0): mode 1 first, as make_ordered_layout.
/// static_assertions::assert_type_eq_all!(
///     <(C<1>, C<0>) as Arrangement<Counts>>::Output,
///     Layout![(2, 3):(3, 1)]
/// );
/// ```
pub trait Arrangement<Counts> {
    /// The layout of the tile counts.
    type Output;
}
/// Column-major.
impl<Counts: CompactFrom<U1>> Arrangement<Counts> for () {
    type Output = CompactColMajor<Counts>;
}
macro_rules! arrangement {
    ($($O:ident),+) => {
        /// `make_ordered_layout(counts, order)`.
        impl<Counts: MakeOrderedLayout<($($O,)+)>, $($O),+> Arrangement<Counts> for ($($O,)+) {
            type Output = OrderedLayout<Counts, ($($O,)+)>;
        }
    };
}
crate::data::int_tuple::arities!(arrangement; (A), (B), (C2), (D));

/// A size-1 leaf of the tile arrangement gets stride 0: CuTe composes a
/// size-1 mode to `_1:_0`, so the count 1 of a mode is `1:0` in the result
/// (`((_8,_16),(_64,_1)):((_64,_512),(_1,_0))`).
pub struct UnitStrideZero;
impl<S: IsEqual<U1>, D> LeafFn<S, D> for UnitStrideZero
where
    Eq<S, U1>: If<U0, D>,
{
    type Out = (S, Sel<Eq<S, U1>, U0, D>);
}

/// `tile_to_shape(Self, Sh, O)` (see the module documentation).
///
/// # Examples
///
/// CuTe's `tile_to_shape(block, shape)`:
///
/// ```
/// use cute_static::prelude::*;
/// let l = tile_to_shape(layout!((8, 64):(64, 1)), (C::<128>, C::<64>), ());
/// assert_eq!(l.to_string(), "((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
/// ```
pub trait TileToShape<Sh, O> {
    /// The tiled layout: a static layout, or a composed layout over one.
    type Output: Copy;
    /// The tiled layout of this block (a static layout's is its type's
    /// value; a composed layout keeps its swizzle and offset).
    fn tiled(&self) -> Self::Output;
}
type Padded<L, Sh> = <L as PadTo<Sh>>::Output;
type Counts<L, Sh> =
    CeilDiv<ProductEachOf<Sh>, ProductEachOf<<Padded<L, Sh> as StaticLayout>::Shape>>;
type Arranged<L, Sh, O> = <O as Arrangement<Counts<L, Sh>>>::Output;
type ArrangedTree<L, Sh, O> =
    <<Arranged<L, Sh, O> as StaticLayout>::Tree as MapLeaves<UnitStrideZero>>::Out;
/// The blocked product of the padded block with the arranged tile counts.
impl<S, D, Sh, O> TileToShape<Sh, O> for Layout<S, D>
where
    Layout<S, D>: PadTo<Sh>,
    Padded<Layout<S, D>, Sh>: StaticLayout,
    Sh: ProductEach,
    <Padded<Layout<S, D>, Sh> as StaticLayout>::Shape: ProductEach,
    ProductEachOf<Sh>: EvenlyDivides<ProductEachOf<<Padded<Layout<S, D>, Sh> as StaticLayout>::Shape>>
        + CeilDivide<ProductEachOf<<Padded<Layout<S, D>, Sh> as StaticLayout>::Shape>>,
    Counts<Layout<S, D>, Sh>: StaticIntTuple,
    O: Arrangement<Counts<Layout<S, D>, Sh>>,
    O::Output: StaticLayout,
    <O::Output as StaticLayout>::Tree: MapLeaves<UnitStrideZero>,
    ArrangedTree<Layout<S, D>, Sh, O>: Spelt,
    Padded<Layout<S, D>, Sh>: BlockedMultiply<SpeltOf<ArrangedTree<Layout<S, D>, Sh, O>>>,
    BlockedProduct<Padded<Layout<S, D>, Sh>, SpeltOf<ArrangedTree<Layout<S, D>, Sh, O>>>:
        StaticLayout,
{
    type Output =
        BlockedProduct<Padded<Layout<S, D>, Sh>, SpeltOf<ArrangedTree<Layout<S, D>, Sh, O>>>;
    #[inline(always)]
    fn tiled(&self) -> Self::Output {
        Default::default()
    }
}

/// CuTe's `tile_to_shape` of a composed layout `Sw ∘ O ∘ L`: the swizzle
/// and the offset composed with `tile_to_shape(L, shape, order)` (CuTe's
/// `layout_composed.hpp`). The tiled inner layout repeats `L` at multiples
/// of its cosize, so a swizzle whose period divides `cosize(L)` acts on
/// every tile as on `L` (`Sw<3,3,3>` on an `8×64` atom: each tile is the
/// atom's swizzle pattern).
impl<Sw: Copy, Of: Copy, L, Sh, O> TileToShape<Sh, O> for ComposedLayout<Sw, Of, L>
where
    L: StaticLayout + TileToShape<Sh, O>,
{
    type Output = ComposedLayout<Sw, Of, L::Output>;
    #[inline(always)]
    fn tiled(&self) -> Self::Output {
        ComposedLayout::new(self.swizzle(), self.offset(), self.layout().tiled())
    }
}

/// `tile_to_shape(block, shape, order)`; `order = ()` is column-major. A
/// composed (swizzled) block tiles its inner layout.
#[inline(always)]
pub fn tile_to_shape<L: TileToShape<Sh, O>, Sh, O>(block: L, _shape: Sh, _order: O) -> L::Output {
    block.tiled()
}
