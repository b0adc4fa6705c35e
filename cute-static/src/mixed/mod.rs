//! Mixed static/run-time layouts, organised like the static layers: the
//! data (`layout.rs`: [`MixedLayout`](crate::MixedLayout), [`Dyn`](crate::Dyn),
//! evaluation and slicing) and the algebra by static tilers and layouts,
//! one module per operation with the same file names as `algebra/` here
//! and in cute-dynamic (`divide.rs`, `composition.rs`, `product.rs`,
//! `complement.rs`, `inverse.rs`). A mixed layout answers to the static
//! crate's traits: [`LogicalDivide`](crate::LogicalDivide),
//! [`ZippedDivide`](crate::ZippedDivide), [`TiledDivide`](crate::TiledDivide),
//! [`FlatDivide`](crate::FlatDivide), [`Compose`](crate::Compose), the
//! product verbs ([`LogicalMultiply`](crate::LogicalMultiply), …,
//! [`BlockedMultiply`](crate::BlockedMultiply),
//! [`RakedMultiply`](crate::RakedMultiply)), [`Complement`](crate::Complement)
//! and [`RightInvert`](crate::RightInvert), whose `Output` (so
//! [`LogicalQuotient<A, T>`](crate::LogicalQuotient),
//! [`Composed<A, B>`](crate::Composed), …) is `Result<MixedLayout<…>,
//! Error>`: the run-time values may overflow, and where CuTe's result
//! structure depends on them, values that would give another structure
//! than the type's are `Error::ValueDependentStructure` (see each module).
//!
//! Limits: a tuple has at most [`MAX_RANK`](crate::MAX_RANK) children, as
//! for static layouts. The mixed algebra divides and composes layouts of at
//! most [`MIXED_ALGEBRA_MAX_RANK`] (4) top-level modes, by a by-mode tiler
//! `<T0, …>` with at most as many modes as the layout (so a flat divide
//! has at most 8 top-level modes). Beyond that the call does not compile,
//! and the first line of the error names the limit; convert with
//! `to_dynamic()` and use cute-dynamic there.

pub(crate) mod layout;

/// The largest number of top-level modes of a [`MixedLayout`](crate::MixedLayout)
/// that the mixed algebra (divides, composition by a static by-mode tiler)
/// accepts; a tiler has at most as many modes as the layout. A larger rank
/// does not compile, with an error naming this limit.
pub const MIXED_ALGEBRA_MAX_RANK: usize = 4;

/// Call `$op!([tiled modes…] [extra modes…])` once for every layout rank
/// `r` in `1..=MIXED_ALGEBRA_MAX_RANK` and every tiler rank `k` in `1..=r`:
/// the first `k` modes `(S D T index)` are tiled, the other `r - k` are
/// the layout's modes beyond the tiler. The mixed algebra's impls for all
/// ranks are written once, as the macro `$op`.
macro_rules! for_each_rank {
    ($op:ident) => {
        for_each_rank!(@ranks $op [] [(S0 D0 T0 0) (S1 D1 T1 1) (S2 D2 T2 2) (S3 D3 T3 3)]);
    };
    (@ranks $op:ident [$($m:tt)*] []) => {};
    (@ranks $op:ident [$($m:tt)*] [$next:tt $($rest:tt)*]) => {
        for_each_rank!(@tilers $op [] [$($m)* $next]);
        for_each_rank!(@ranks $op [$($m)* $next] [$($rest)*]);
    };
    (@tilers $op:ident [$($t:tt)*] []) => {};
    (@tilers $op:ident [$($t:tt)*] [$next:tt $($rest:tt)*]) => {
        $op!([$($t)* $next] [$($rest)*]);
        for_each_rank!(@tilers $op [$($t)* $next] [$($rest)*]);
    };
}

/// Call `$m!([generics…,] Leaf)` once for every leaf type of a mixed
/// layout: `C<N>`, `Dyn`, `DynDiv<N>` and `Dec<…>` (the generics end with a
/// comma, so `$m` writes `impl<$($g)* More…>`).
macro_rules! for_leaf_types {
    ($m:ident) => {
        $m!([const N: usize,] $crate::C<N>);
        $m!([] $crate::Dyn);
        $m!([const N: usize,] $crate::DynDiv<N>);
        $m!([const D0: usize, const D1: usize, const D2: usize, const D3: usize, const D4: usize, const D5: usize, const D6: usize, const D7: usize, const D8: usize, const D9: usize, const D10: usize, const D11: usize, const D12: usize, const D13: usize, const D14: usize, const D15: usize, const D16: usize, const D17: usize, const D18: usize,]
            $crate::Dec<D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15, D16, D17, D18>);
    };
}
pub(crate) use for_leaf_types;

pub(crate) mod coalesce;
pub(crate) mod common_domain;
pub(crate) mod complement;
pub(crate) mod composition;
pub(crate) mod divide;
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
