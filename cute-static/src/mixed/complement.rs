//! `complement(A, M)` of a mixed layout, with the static crate's trait
//! [`Complement`], whose `Output` for a [`MixedLayout`] is
//! `Result<MixedLayout<…>, Error>`. The result equals cute-dynamic's on the
//! same values.
//!
//! CuTe's complement sorts `A`'s leaves by stride and fills the gap below
//! each one, so its structure depends on the values as soon as a shape or a
//! stride is run-time. The rule:
//! * `A` and `M` fully static: the static algebra computes the result
//!   (static types; a non-injective `A` is a compile error naming the rule).
//! * Otherwise the result has one structure, a single leaf with run-time
//!   shape and stride, which CuTe gives when `A`'s leaves of size ≠ 1 and
//!   stride ≠ 0, sorted by stride, each start where the previous ones end
//!   (`d_k = s_{k-1}·d_{k-1}`; their extent is `P`), and either
//!   - the first starts at `d_0 = 1` (*gap-free*: compact layouts in any
//!     mode order, with any broadcast modes): `⌈M/P⌉:P`, or `1:0` when
//!     `⌈M/P⌉ = 1` (CuTe coalesces it so); or
//!   - the first starts at `d_0 > 1` and `M ≤ P`: the gap below it, `d_0:1`.
//!
//!   Other values (a later gap, overlapping leaves, or `M > P` after a first
//!   gap) give CuTe a result of another structure:
//!   `Err(Error::ValueDependentStructure)` naming the requirement, never a
//!   silently different layout. Convert with `to_dynamic()` for those.
//!
//! The same rule makes the products of a mixed layout by a static layout
//! static in structure (`complement(A, size(A)·cosize(B))` is one leaf, so
//! composing it with `B` scales `B`'s strides): see
//! [`product`](super::product).
//!
//! ```
//! use cute_static::{layout, C, Dyn};
//! let (m, n) = (6, 5);
//! let a = layout!(({m}, {n}):({n}, 1))?;
//! let c = a.complement(Dyn(m * n * 4))?;
//! assert_eq!(c.to_string(), "4:30");
//! assert_eq!(c.to_dynamic(), cute_dynamic::complement(&a.to_dynamic(), 120)?);
//! // A first gap below stride 2: one leaf while M ≤ 2·m, else two modes.
//! let g = layout!(({m}):(2))?;
//! assert_eq!(g.complement(C::<12>)?.to_string(), "2:1");
//! assert_eq!(g.complement(C::<64>).unwrap_err().kind(), "value_dependent_structure");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::Error;
use crate::algebra::complement::{Complement, Complemented};
use crate::data::int_tuple::{C, Int, StaticInt, StaticIntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::layout::{AllStatic, Dyn, HasDyn, KindAnd, LeafKinds, MixedLayout, overflow};

/// A static layout `L` as the mixed layout of the same (static) types.
pub(crate) type AsMixed<L> = MixedLayout<<L as StaticLayout>::Shape, <L as StaticLayout>::Stride>;
/// The static layout `L` as a mixed layout: the static algebra's answer to
/// a fully static mixed operand.
#[inline(always)]
pub(crate) fn as_mixed<L: StaticLayout>() -> Result<AsMixed<L>, Error> {
    Ok(MixedLayout::from_parts(
        Default::default(),
        Default::default(),
    ))
}

/// The most leaves the run-time rules of the mixed algebra look at (a
/// mixed layout of rank ≤ 4 with up to 8 children per tuple, nested).
pub(crate) const MAX_LEAVES: usize = 64;

/// The flat leaves `(shape, stride)` of a mixed layout, in order.
#[doc(hidden)]
pub trait Leaves<D> {
    /// Push every leaf; `false` when there are more than [`MAX_LEAVES`].
    fn push_leaves(&self, d: &D, out: &mut LeafList) -> bool;
}
/// A fixed-capacity list of leaves (no allocation: the mixed layer is
/// `no_std`).
#[doc(hidden)]
pub struct LeafList {
    pub(crate) leaves: [(i64, i64); MAX_LEAVES],
    pub(crate) len: usize,
}
impl LeafList {
    fn push(&mut self, s: usize, d: usize) -> bool {
        if self.len == MAX_LEAVES {
            return false;
        }
        // A checked mixed layout's values fit in an `i64`.
        self.leaves[self.len] = (s as i64, d as i64);
        self.len += 1;
        true
    }
}
macro_rules! leaf_leaves {
    ($([$($g:tt)*] $t:ty),*) => {$(
        /// A leaf `s:d`.
        impl<$($g)* Dd: Int> Leaves<Dd> for $t {
            #[inline(always)]
            fn push_leaves(&self, d: &Dd, out: &mut LeafList) -> bool {
                out.push(self.value(), d.value())
            }
        }
    )*};
}
leaf_leaves!(
    [const N: usize,] C<N>,
    [] Dyn,
    [const N: usize,] crate::DynDiv<N>,
    [const D0: usize, const D1: usize, const D2: usize, const D3: usize, const D4: usize, const D5: usize, const D6: usize, const D7: usize, const D8: usize, const D9: usize, const D10: usize, const D11: usize, const D12: usize, const D13: usize, const D14: usize, const D15: usize, const D16: usize, const D17: usize, const D18: usize,]
    crate::Dec<D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15, D16, D17, D18>
);
macro_rules! tuple_leaves {
    ($($S:ident $D:ident $i:tt),+) => {
        /// A tuple: its children's leaves in order.
        impl<$($S: Leaves<$D>, $D),+> Leaves<($($D,)+)> for ($($S,)+) {
            #[inline(always)]
            fn push_leaves(&self, d: &($($D,)+), out: &mut LeafList) -> bool {
                true $(&& self.$i.push_leaves(&d.$i, out))+
            }
        }
    };
}
crate::data::int_tuple::arities!(tuple_leaves; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3), (S4 D4 4), (S5 D5 5), (S6 D6 6), (S7 D7 7));

/// The flat leaves of `s:d` (at most [`MAX_LEAVES`]).
pub(crate) fn leaves<S: Leaves<D>, D>(
    s: &S,
    d: &D,
    operation: &'static str,
) -> Result<LeafList, Error> {
    let mut out = LeafList {
        leaves: [(0, 0); MAX_LEAVES],
        len: 0,
    };
    if s.push_leaves(d, &mut out) {
        Ok(out)
    } else {
        Err(Error::ValueDependentStructure {
            operation,
            requires: "at most 64 leaves",
        })
    }
}

/// CuTe's coalesce of flat leaves, in place: size-1 leaves dropped, a leaf
/// continuing the previous one (`d1 = s0·d0`) merged; returns the length.
pub(crate) fn coalesce(modes: &mut [(i64, i64)]) -> usize {
    let mut n = 0usize;
    for i in 0..modes.len() {
        let (s, d) = modes[i];
        if s == 1 {
            continue;
        }
        match n.checked_sub(1).map(|k| modes[k]) {
            Some((s0, d0)) if s0.checked_mul(d0) == Some(d) => modes[n - 1] = (s0 * s, d0),
            _ => {
                modes[n] = (s, d);
                n += 1;
            }
        }
    }
    n
}

/// The requirement the single-leaf rule names in its error.
pub(crate) const ONE_LEAF: &str = "a complement of one leaf: the leaves of size != 1 and stride != 0, sorted by stride, each start where the previous ones end (d_k = s_(k-1)*d_(k-1)), from d0 = 1, or from any d0 with the cotarget at most their extent";

/// `complement(s:d, m)` when it is one leaf `(shape, stride)` (see the
/// module docs), or the named error.
pub(crate) fn one_leaf_complement<S: Leaves<D>, D>(
    s: &S,
    d: &D,
    m: usize,
    operation: &'static str,
) -> Result<(usize, usize), Error> {
    let inadmissible = Error::ValueDependentStructure {
        operation,
        requires: ONE_LEAF,
    };
    let mut list = leaves(s, d, operation)?;
    let kept = cute_core::stride::sort_by_stride(&mut list.leaves[..list.len]);
    let mut walk = cute_core::stride::walk(&list.leaves[..kept]);
    // The first leaf may start beyond 1: CuTe's gap mode `d0:1`.
    let mut gap = None;
    for step in walk.by_ref() {
        match step.covered {
            Some(c) if c == step.stride => {}
            Some(_) if step.index == 0 => gap = Some(step.stride as usize),
            _ => return Err(inadmissible),
        }
    }
    let p = walk
        .extent()
        .ok_or_else(|| overflow(operation, "the extent of a mixed layout"))? as usize;
    // The last mode `⌈m/p⌉:p`; CuTe's coalesce drops it when of size 1,
    // and a lone size-1 result is `1:0`.
    match (gap, m.div_ceil(p)) {
        (None, c) if c <= 1 => Ok((1, 0)),
        (None, c) => Ok((c, p)),
        (Some(d0), c) if c <= 1 => Ok((d0, 1)),
        (Some(_), _) => Err(inadmissible),
    }
}

/// The complement of a mixed layout by its leaf kinds: every leaf of `A`
/// and `M` static, or not.
#[doc(hidden)]
pub trait ComplementByKind<S, D, M> {
    /// The complement's layout.
    type Out;
    /// `complement(s:d, m)`.
    fn complement(s: &S, d: &D, m: &M) -> Result<Self::Out, Error>;
}
/// Fully static: the static algebra.
impl<S, D, M> ComplementByKind<S, D, M> for AllStatic
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    M: StaticInt,
    Layout<S, D>: StaticLayout + Complement<M>,
    Complemented<Layout<S, D>, M>: StaticLayout,
{
    type Out = AsMixed<Complemented<Layout<S, D>, M>>;
    #[inline(always)]
    fn complement(_: &S, _: &D, _: &M) -> Result<Self::Out, Error> {
        as_mixed::<Complemented<Layout<S, D>, M>>()
    }
}
/// A run-time leaf: the gap-free rule, one run-time leaf.
impl<S: Leaves<D>, D, M: Int> ComplementByKind<S, D, M> for HasDyn {
    type Out = MixedLayout<Dyn, Dyn>;
    fn complement(s: &S, d: &D, m: &M) -> Result<Self::Out, Error> {
        let (c, r) = one_leaf_complement(s, d, m.value(), "complement")?;
        MixedLayout::new(Dyn(c), Dyn(r))
    }
}

/// The kind of `A` and `M` together.
type KindOf<S, D, M> =
    <<<S as LeafKinds>::Kind as KindAnd<<D as LeafKinds>::Kind>>::Out as KindAnd<
        <M as LeafKinds>::Kind,
    >>::Out;

/// `complement(A, M)` for a static (`C<N>`) or run-time (`Dyn`) cotarget
/// (see the module docs for the rule).
impl<S, D, M> Complement<M> for MixedLayout<S, D>
where
    S: LeafKinds,
    D: LeafKinds,
    M: LeafKinds + Int,
    S::Kind: KindAnd<D::Kind>,
    <S::Kind as KindAnd<D::Kind>>::Out: KindAnd<M::Kind>,
    KindOf<S, D, M>: ComplementByKind<S, D, M>,
    <KindOf<S, D, M> as ComplementByKind<S, D, M>>::Out: crate::kernel::layout::TensorLayout,
{
    type Output = Result<<KindOf<S, D, M> as ComplementByKind<S, D, M>>::Out, Error>;
    #[inline(always)]
    fn complement(&self, m: M) -> Self::Output {
        <KindOf<S, D, M> as ComplementByKind<S, D, M>>::complement(self.shape(), self.stride(), &m)
    }
}

impl<S, D> MixedLayout<S, D> {
    /// `complement(self, m)` (see [`Complement`]).
    #[inline(always)]
    pub fn complement<M>(&self, m: M) -> Complemented<Self, M>
    where
        Self: Complement<M>,
    {
        <Self as Complement<M>>::complement(self, m)
    }
}
