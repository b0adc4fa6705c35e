//! `make_layout_like(L)` of a mixed layout: the compact layout with `L`'s
//! shape whose leaves are laid out in the order of `L`'s strides, stride-0
//! (and size-1) leaves at stride 0 — the result and the law
//! (`laws::check_make_layout_like`) of `cute_dynamic::make_layout_like` on
//! the same values, by the same rule
//! (`cute_core::stride::compact_order_starts`, CuTe's `compact_order` on
//! the leaves).
//!
//! The result's structure is `L`'s shape, whatever the values: a fully
//! static `L` gives the static algebra's layout
//! ([`LayoutLike`](crate::LayoutLike), static types); otherwise the shape
//! keeps its leaf types and every stride is run-time ([`Dyn`]). Leaves of
//! size > 1 with the same non-zero stride share one stride (CuTe's answer,
//! as cute-dynamic and the static algebra).
//!
//! ```
//! use cute_static::layout;
//! let (m, n) = (6, 5);
//! let l = layout!(({m}, 4, {n}):(100, 0, 1))?;
//! let r = l.make_layout_like()?;
//! assert_eq!(r.to_string(), "(6,_4,5):(5,0,1)");
//! assert_eq!(r.to_dynamic(), cute_dynamic::make_layout_like(&l.to_dynamic())?);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::Error;
use crate::algebra::layout_like::{LayoutLike, MakeLayoutLike};
use crate::data::int_tuple::StaticIntTuple;
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::complement::{AsMixed, Leaves, MAX_LEAVES, as_mixed, leaves};
use crate::mixed::layout::KindOf;
use crate::mixed::layout::{AllStatic, Dyn, HasDyn, KindAnd, LeafKinds, MixedLayout, MixedShape};

/// A shape's tree with a run-time stride at every leaf, built from flat
/// values.
#[doc(hidden)]
pub trait RuntimeStrides {
    /// The stride tree.
    type Out;
    /// The tree of `values[*next..]`, in leaf order.
    fn fill(&self, values: &[usize], next: &mut usize) -> Self::Out;
    /// Push the leaf values in order; `false` when `out` is full.
    fn leaf_sizes(&self, out: &mut [usize], next: &mut usize) -> bool;
}
macro_rules! leaf_strides {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf: the next value.
        impl<$($g)*> RuntimeStrides for $t {
            type Out = Dyn;
            #[inline(always)]
            fn fill(&self, values: &[usize], next: &mut usize) -> Dyn {
                let v = values.get(*next).copied().unwrap_or(0);
                *next += 1;
                Dyn(v)
            }
            #[inline(always)]
            fn leaf_sizes(&self, out: &mut [usize], next: &mut usize) -> bool {
                match out.get_mut(*next) {
                    Some(o) => {
                        *o = crate::data::int_tuple::Int::value(*self);
                        *next += 1;
                        true
                    }
                    None => false,
                }
            }
        }
    };
}
crate::mixed::for_leaf_types!(leaf_strides);
macro_rules! tuple_strides {
    ($($S:ident $i:tt),+) => {
        /// A tuple: its children in order.
        impl<$($S: RuntimeStrides),+> RuntimeStrides for ($($S,)+) {
            type Out = ($($S::Out,)+);
            #[inline(always)]
            fn fill(&self, values: &[usize], next: &mut usize) -> Self::Out {
                ($(self.$i.fill(values, next),)+)
            }
            #[inline(always)]
            fn leaf_sizes(&self, out: &mut [usize], next: &mut usize) -> bool {
                true $(&& self.$i.leaf_sizes(out, next))+
            }
        }
    };
}
crate::data::int_tuple::arities!(tuple_strides; (S0 0), (S1 1), (S2 2), (S3 3), (S4 4), (S5 5), (S6 6), (S7 7));

/// `make_layout_like` of a mixed layout by its leaf kinds.
#[doc(hidden)]
pub trait LayoutLikeByKind<S, D> {
    /// The result's layout.
    type Out;
    /// `make_layout_like(s:d)`.
    fn like(s: &S, d: &D) -> Result<Self::Out, Error>;
}
/// Fully static: the static algebra.
impl<S, D> LayoutLikeByKind<S, D> for AllStatic
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    Layout<S, D>: StaticLayout + MakeLayoutLike,
{
    type Out = AsMixed<LayoutLike<Layout<S, D>>>;
    #[inline(always)]
    fn like(_: &S, _: &D) -> Result<Self::Out, Error> {
        as_mixed::<LayoutLike<Layout<S, D>>>()
    }
}
/// A run-time leaf: `L`'s shape, run-time strides.
impl<S, D> LayoutLikeByKind<S, D> for HasDyn
where
    S: Leaves<D> + RuntimeStrides + MixedShape<S::Out> + Copy,
    S::Out: crate::data::int_tuple::IntTuple,
{
    type Out = MixedLayout<S, S::Out>;
    fn like(s: &S, d: &D) -> Result<Self::Out, Error> {
        let list = leaves(s, d, "make_layout_like")?;
        let n = list.len;
        // Stride-0 leaves are filtered to size 1; the order is the stride.
        let mut refs = [(1i64, 0i64); MAX_LEAVES];
        for (r, &(s, d)) in refs.iter_mut().zip(&list.leaves[..n]) {
            *r = (if d == 0 { 1 } else { s }, d);
        }
        let mut starts = [0i64; MAX_LEAVES];
        cute_core::stride::compact_order_starts(&refs[..n], &mut starts);
        let mut strides = [0usize; MAX_LEAVES];
        for ((out, &(fs, _)), &start) in strides.iter_mut().zip(&refs[..n]).zip(&starts) {
            *out = if fs == 1 { 0 } else { start as usize };
        }
        let stride = s.fill(&strides[..n], &mut 0);
        MixedLayout::new(*s, stride)
    }
}

impl<S, D> MixedLayout<S, D> {
    /// CuTe's `make_layout_like(L)` (see the module docs).
    #[inline(always)]
    pub fn make_layout_like(&self) -> Result<<KindOf<S, D> as LayoutLikeByKind<S, D>>::Out, Error>
    where
        S: LeafKinds,
        D: LeafKinds,
        S::Kind: KindAnd<D::Kind>,
        KindOf<S, D>: LayoutLikeByKind<S, D>,
    {
        <KindOf<S, D> as LayoutLikeByKind<S, D>>::like(self.shape(), self.stride())
    }
}
