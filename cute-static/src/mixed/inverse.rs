//! `right_inverse(L)` of a mixed layout, with the static crate's trait
//! [`RightInvert`], whose `Output` for a [`MixedLayout`] is
//! `Result<MixedLayout<…>, Error>`. The result equals cute-dynamic's on the
//! same values.
//!
//! CuTe's algorithm coalesces `L`, visits its modes by increasing stride and
//! keeps the chain of modes whose stride is the extent reached so far, each
//! mapped back to its prefix product; then coalesces the result. Its
//! structure (how many modes survive, in which order) depends on the values
//! as soon as a shape or stride is run-time. The rule:
//! * `L` fully static: the static algebra computes the result (static types).
//! * Otherwise the result has one structure: a single leaf `s:p` with
//!   run-time shape and stride (`1:0` when no mode has stride 1). CuTe's
//!   result is one leaf exactly when the chain runs through consecutive
//!   modes of the coalesced `L` in order (for instance every compact
//!   column-major `L`, or `L` whose unit-stride part is one mode, with any
//!   other modes beyond the chain). For other values (the chain jumps
//!   between modes, as in a row-major `(m, n):(n, 1)`, whose inverse is
//!   `(n, m):(m, 1)`) the answer is `Err(Error::ValueDependentStructure)`
//!   naming the requirement, never a different layout: convert with
//!   `to_dynamic()` there.
//! * Except for a flat rank-2 `L = (s0, s1):(d0, _1)` whose static unit
//!   stride is in mode 1 and whose mode-0 stride is not the static `_1`
//!   (the row-major `(m, n):(n, 1)` and its relatives): the types fix
//!   where CuTe's chain starts (mode 1), and its result, when the chain
//!   continues into mode 0, is `(s1, s0):(s0, 1)` — that is the result
//!   structure, both modes run-time. It needs `s0 > 1`, `s1 > 1` and
//!   `d0 = s1`, checked at run time (`Err(Error::ValueDependentStructure)`
//!   otherwise, where CuTe's result is one leaf).
//!
//! ```
//! use cute_static::{layout, Dyn};
//! let (m, n) = (6, 5);
//! let a = layout!(({m}, 4, {n}):(1, {m}, 100))?;
//! let r = a.right_inverse()?;
//! assert_eq!(r.to_string(), "24:1");
//! assert_eq!(r.to_dynamic(), cute_dynamic::right_inverse(&a.to_dynamic())?);
//! let row = layout!(({m}, {n}):({n}, 1))?;
//! let t = row.right_inverse()?;
//! assert_eq!(t.to_string(), "(5,6):(6,1)");
//! assert_eq!(t.to_dynamic(), cute_dynamic::right_inverse(&row.to_dynamic())?);
//! // The chain stops after mode 1 (CuTe: one leaf 5:6): not the type's structure.
//! let gap = layout!(({m}, {n}):(100, 1))?;
//! assert_eq!(gap.right_inverse().unwrap_err().kind(), "value_dependent_structure");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::Error;
use crate::algebra::inverse::{RightInverse, RightInvert};
use crate::data::int_tuple::StaticIntTuple;
use crate::data::int_tuple::{C, Int, StaticInt};
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::complement::{AsMixed, Leaves, MAX_LEAVES, as_mixed, coalesce, leaves};
use crate::mixed::layout::KindOf;
use crate::mixed::layout::{AllStatic, Dyn, DynDiv, HasDyn, KindAnd, LeafKinds, MixedLayout};
use typenum::operator_aliases::Eq;
use typenum::{B0, B1, IsEqual, U1};

/// The requirement the single-leaf rule names in its error.
const ONE_MODE: &str = "a right inverse of one mode: the unit-stride chain of the coalesced layout runs through consecutive modes in order";

/// `right_inverse` of `s:d` with a single-leaf result (see the module docs).
fn right_inverse_leaf<S: Leaves<D>, D>(s: &S, d: &D) -> Result<(usize, usize), Error> {
    const OP: &str = "right_inverse";
    let mut list = leaves(s, d, OP)?;
    let n = coalesce(&mut list.leaves[..list.len]);
    let modes = &list.leaves[..n];
    // Prefix products (a checked layout's size fits), CuTe's exchange sort.
    let mut prefix = [0i64; MAX_LEAVES];
    let mut order = [0usize; MAX_LEAVES];
    let mut p = 1i64;
    for (k, &(s, _)) in modes.iter().enumerate() {
        prefix[k] = p;
        order[k] = k;
        p = p.saturating_mul(s);
    }
    for i in 0..n {
        for j in i + 1..n {
            if modes[order[j]].1 < modes[order[i]].1 {
                order.swap(i, j);
            }
        }
    }
    // The chain, coalesced on the fly: it must stay one mode.
    let mut out: Option<(i64, i64)> = None;
    let mut cur = 1i64;
    for &k in &order[..n] {
        let (s, d) = modes[k];
        if d != cur {
            continue;
        }
        out = match out {
            None => Some((s, prefix[k])),
            Some((s0, p0)) if s0.checked_mul(p0) == Some(prefix[k]) => Some((s0 * s, p0)),
            Some(_) => {
                return Err(Error::ValueDependentStructure {
                    operation: OP,
                    requires: ONE_MODE,
                });
            }
        };
        cur = s.saturating_mul(d);
    }
    Ok(out.map_or((1, 0), |(s, p)| (s as usize, p as usize)))
}

/// The right inverse of a mixed layout by its leaf kinds.
#[doc(hidden)]
pub trait RightInverseByKind<S, D> {
    /// The right inverse's layout.
    type Out;
    /// `right_inverse(s:d)`.
    fn right_inverse(s: &S, d: &D) -> Result<Self::Out, Error>;
}
/// Fully static: the static algebra.
impl<S, D> RightInverseByKind<S, D> for AllStatic
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    Layout<S, D>: StaticLayout + RightInvert,
    RightInverse<Layout<S, D>>: StaticLayout,
{
    type Out = AsMixed<RightInverse<Layout<S, D>>>;
    #[inline(always)]
    fn right_inverse(_: &S, _: &D) -> Result<Self::Out, Error> {
        as_mixed::<RightInverse<Layout<S, D>>>()
    }
}
/// A run-time leaf: the rule the stride types select.
impl<S, D> RightInverseByKind<S, D> for HasDyn
where
    D: InverseRuleOf,
    D::Rule: InverseRule<S, D>,
{
    type Out = <D::Rule as InverseRule<S, D>>::Out;
    #[inline(always)]
    fn right_inverse(s: &S, d: &D) -> Result<Self::Out, Error> {
        <D::Rule as InverseRule<S, D>>::right_inverse(s, d)
    }
}

/// The requirement the reversed rule names in its error.
const REVERSED: &str = "a right inverse (s1,s0):(s0,1) of (s0,s1):(d0,_1): s0 > 1, s1 > 1 and d0 = s1 (the unit-stride chain runs from mode 1 into mode 0)";

/// The single-leaf rule (see the module docs).
#[doc(hidden)]
pub struct OneLeafRule;
/// The reversed rank-2 rule (see the module docs).
#[doc(hidden)]
pub struct ReversedRule;

/// A mixed right inverse's rule and result structure.
#[doc(hidden)]
pub trait InverseRule<S, D> {
    /// The right inverse's layout.
    type Out;
    /// `right_inverse(s:d)`.
    fn right_inverse(s: &S, d: &D) -> Result<Self::Out, Error>;
}
impl<S: Leaves<D>, D> InverseRule<S, D> for OneLeafRule {
    type Out = MixedLayout<Dyn, Dyn>;
    fn right_inverse(s: &S, d: &D) -> Result<Self::Out, Error> {
        let (s, p) = right_inverse_leaf(s, d)?;
        MixedLayout::new(Dyn(s), Dyn(p))
    }
}
impl<S0: Int, S1: Int, D0: Int, D1> InverseRule<(S0, S1), (D0, D1)> for ReversedRule {
    type Out = MixedLayout<(Dyn, Dyn), (Dyn, Dyn)>;
    fn right_inverse(s: &(S0, S1), d: &(D0, D1)) -> Result<Self::Out, Error> {
        let (s0, s1, d0) = (s.0.value(), s.1.value(), d.0.value());
        if s0 > 1 && s1 > 1 && d0 == s1 {
            MixedLayout::new((Dyn(s1), Dyn(s0)), (Dyn(s0), Dyn(1)))
        } else {
            Err(Error::ValueDependentStructure {
                operation: "right_inverse",
                requires: REVERSED,
            })
        }
    }
}

/// Which rule a stride tree selects: [`ReversedRule`] for a pair of leaves
/// `(d0, _1)` with `d0` not the static `_1`, [`OneLeafRule`] otherwise.
#[doc(hidden)]
pub trait InverseRuleOf {
    /// The rule.
    type Rule;
}
/// Whether a stride is a leaf and the static `_1`.
#[doc(hidden)]
pub trait UnitLeaf {
    /// `B1` for the static `_1`, `B0` for another leaf, [`NotLeaf`] for a
    /// tuple.
    type Is;
}
/// A tuple, for [`UnitLeaf`].
#[doc(hidden)]
pub struct NotLeaf;
impl<const N: usize> UnitLeaf for C<N>
where
    C<N>: StaticInt,
    <C<N> as StaticInt>::Tn: IsEqual<U1>,
{
    type Is = Eq<<C<N> as StaticInt>::Tn, U1>;
}
impl UnitLeaf for Dyn {
    type Is = B0;
}
impl<const D: usize> UnitLeaf for DynDiv<D> {
    type Is = B0;
}
crate::data::dec::impl_for_dec! {
    /// A static leaf beyond the readable table is never 1.
    UnitLeaf {
        type Is = B0;
    }
}
macro_rules! one_leaf_rule {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf stride: the single-leaf rule.
        impl<$($g)*> InverseRuleOf for $t {
            type Rule = OneLeafRule;
        }
    };
}
crate::mixed::for_leaf_types!(one_leaf_rule);
macro_rules! tuple_rule {
    ($($D:ident),+) => {
        /// A tuple stride of another rank than 2: the single-leaf rule.
        impl<$($D),+> InverseRuleOf for ($($D,)+) {
            type Rule = OneLeafRule;
        }
        /// A tuple, for [`UnitLeaf`].
        impl<$($D),+> UnitLeaf for ($($D,)+) {
            type Is = NotLeaf;
        }
    };
}
tuple_rule!(D0);
tuple_rule!(D0, D1, D2);
tuple_rule!(D0, D1, D2, D3);
tuple_rule!(D0, D1, D2, D3, D4);
tuple_rule!(D0, D1, D2, D3, D4, D5);
tuple_rule!(D0, D1, D2, D3, D4, D5, D6);
tuple_rule!(D0, D1, D2, D3, D4, D5, D6, D7);
/// A tuple, for [`UnitLeaf`].
impl<D0, D1> UnitLeaf for (D0, D1) {
    type Is = NotLeaf;
}
/// A pair of strides: the reversed rule for `(d0, _1)`, `d0` a leaf other
/// than the static `_1`.
impl<D0: UnitLeaf, D1: UnitLeaf> InverseRuleOf for (D0, D1)
where
    (D0::Is, D1::Is): PairRule,
{
    type Rule = <(D0::Is, D1::Is) as PairRule>::Rule;
}
/// The rule of a pair of strides by their [`UnitLeaf`] answers.
#[doc(hidden)]
pub trait PairRule {
    /// The rule.
    type Rule;
}
impl PairRule for (B0, B1) {
    type Rule = ReversedRule;
}
impl PairRule for (B1, B1) {
    type Rule = OneLeafRule;
}
impl<X> PairRule for (X, B0) {
    type Rule = OneLeafRule;
}
impl<X> PairRule for (X, NotLeaf) {
    type Rule = OneLeafRule;
}
impl PairRule for (NotLeaf, B1) {
    type Rule = OneLeafRule;
}

/// `right_inverse(L)` of a mixed layout (see the module docs for the rule).
impl<S, D> RightInvert for MixedLayout<S, D>
where
    S: LeafKinds,
    D: LeafKinds,
    S::Kind: KindAnd<D::Kind>,
    KindOf<S, D>: RightInverseByKind<S, D>,
    <KindOf<S, D> as RightInverseByKind<S, D>>::Out: crate::kernel::layout::TensorLayout,
{
    type Output = Result<<KindOf<S, D> as RightInverseByKind<S, D>>::Out, Error>;
    #[inline(always)]
    fn right_inverse(&self) -> Self::Output {
        <KindOf<S, D> as RightInverseByKind<S, D>>::right_inverse(self.shape(), self.stride())
    }
}

impl<S, D> MixedLayout<S, D> {
    /// `right_inverse(self)` (see [`RightInvert`] and the module docs).
    #[inline(always)]
    pub fn right_inverse(&self) -> RightInverse<Self>
    where
        Self: RightInvert,
    {
        <Self as RightInvert>::right_inverse(self)
    }
}
