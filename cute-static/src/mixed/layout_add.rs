//! `layout_add(A, B)` of mixed layouts (PyCuTe's; CuTe C++ has none):
//! `R(i) == A(i) + B(i)` for every `i < size(R) == size(A) == size(B)`, `R`
//! coalesced — the result and the law (`laws::check_layout_add`) of
//! `cute_dynamic::layout_add` on the same values, by the same construction
//! (the [greatest common domain](crate::mixed_greatest_common_domain) `G` of
//! the coalesced shapes, `R = coalesce(shape(G) : (A(dₖ) + B(dₖ))ₖ)`).
//!
//! How many modes `R` keeps depends on the values as soon as a leaf is
//! run-time. The rule:
//! * both layouts fully static: the static algebra
//!   ([`LayoutSum`](crate::LayoutSum), static types);
//! * otherwise one leaf `s:d`, both run-time (`1:0` for size 1), which is
//!   CuTe's result when the sum coalesces to one leaf (for instance two
//!   layouts that each coalesce to one leaf, or two compact layouts of the
//!   same shape); for values whose sum keeps several modes,
//!   `Err(Error::ValueDependentStructure)` naming the requirement, never a
//!   different layout.
//!
//! Layouts of different sizes, or whose coalesced shapes have no common
//! refinement, are `not_compatible` as at run time; an offset past `i64`
//! is `overflow`.
//!
//! ```
//! use cute_static::layout;
//! let (m, n) = (6, 5);
//! let a = layout!(({m}, {n}):(1, {m}))?;
//! let b = layout!(({m}, {n}):(1, {m}))?;
//! let r = a.layout_add(&b)?;
//! assert_eq!(r.to_string(), "30:2");
//! assert_eq!(r.to_dynamic(), cute_dynamic::layout_add(&a.to_dynamic(), &b.to_dynamic())?);
//! let row = layout!(({m}, {n}):({n}, 1))?;
//! assert_eq!(a.layout_add(&row).unwrap_err().kind(), "value_dependent_structure");
//! let short = layout!(({m}, 4):(1, {m}))?;
//! assert_eq!(a.layout_add(&short).unwrap_err().kind(), "not_compatible");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::Error;
use crate::algebra::layout_add::{LayoutAdd, LayoutSum};
use crate::data::int_tuple::StaticIntTuple;
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::common_domain::{LeafArray, common_factors};
use crate::mixed::complement::{AsMixed, Leaves, MAX_LEAVES, as_mixed, coalesce, leaves};
use crate::mixed::layout::{AllStatic, Dyn, HasDyn, MixedLayout};
use crate::mixed::layout::{PairKindOf, PairKinds};

/// The requirement the rule names in its error.
const ONE_LEAF: &str = "a sum of one leaf: A(i) + B(i) coalesces to one leaf s:d";

const OP: &str = "layout_add";

/// `L(i)` of flat leaves, `None` on overflow.
fn eval(modes: &[(i64, i64)], mut i: i64) -> Option<i64> {
    let mut off = 0i64;
    for (k, &(s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == modes.len() { i } else { i % s };
        i /= s;
        off = off.checked_add(c.checked_mul(d)?)?;
    }
    Some(off)
}

/// The coalesced flat leaves of `s:d` and the size.
fn coalesced<S: Leaves<D>, D>(s: &S, d: &D) -> Result<(LeafArray, usize, i64), Error> {
    let mut list = leaves(s, d, OP)?;
    // A checked mixed layout's size fits in an `i64`.
    let size = list.leaves[..list.len].iter().map(|&(s, _)| s).product();
    let n = coalesce(&mut list.leaves[..list.len]);
    Ok((list.leaves, n, size))
}

/// `layout_add` with a one-leaf result (see the module docs).
fn layout_add_leaf<S: Leaves<D>, D, S2: Leaves<D2>, D2>(
    s: &S,
    d: &D,
    s2: &S2,
    d2: &D2,
) -> Result<(usize, usize), Error> {
    let (a, na, size) = coalesced(s, d)?;
    let (b, nb, size_b) = coalesced(s2, d2)?;
    let not_compatible = |operation, left: i64, right: i64| Error::NotCompatible {
        operation,
        left: left as usize,
        right: right as usize,
    };
    if size != size_b {
        return Err(not_compatible(
            "layout_add (the sizes differ)",
            size,
            size_b,
        ));
    }
    let (a, b) = (&a[..na], &b[..nb]);
    let mut xa = [1i64; MAX_LEAVES];
    let mut xb = [1i64; MAX_LEAVES];
    for (x, &(s, _)) in xa.iter_mut().zip(a) {
        *x = s;
    }
    for (x, &(s, _)) in xb.iter_mut().zip(b) {
        *x = s;
    }
    let (mut g, n) = common_factors(&mut xa[..na], &mut xb[..nb], OP)?;
    let covered: i64 = g[..n].iter().map(|&(c, _)| c).product();
    if covered != size {
        return Err(not_compatible(
            "layout_add (the coalesced shapes have no common refinement)",
            covered,
            size,
        ));
    }
    let overflow = Error::Overflow {
        operation: OP,
        operands: "A(i) + B(i)",
    };
    for m in &mut g[..n] {
        let sum = eval(a, m.1)
            .zip(eval(b, m.1))
            .and_then(|(x, y)| x.checked_add(y))
            .ok_or(overflow)?;
        m.1 = sum;
    }
    match coalesce(&mut g[..n]) {
        0 => Ok((1, 0)),
        1 => Ok((g[0].0 as usize, g[0].1 as usize)),
        _ => Err(Error::ValueDependentStructure {
            operation: OP,
            requires: ONE_LEAF,
        }),
    }
}

/// `layout_add` of two mixed layouts by their leaf kinds.
#[doc(hidden)]
pub trait LayoutAddByKind<S, D, S2, D2> {
    /// The sum's layout.
    type Out;
    /// `layout_add(s:d, s2:d2)`.
    fn add(s: &S, d: &D, s2: &S2, d2: &D2) -> Result<Self::Out, Error>;
}
/// Fully static: the static algebra.
impl<S, D, S2, D2> LayoutAddByKind<S, D, S2, D2> for AllStatic
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    S2: StaticIntTuple,
    D2: StaticIntTuple,
    Layout<S, D>: StaticLayout + LayoutAdd<Layout<S2, D2>>,
{
    type Out = AsMixed<LayoutSum<Layout<S, D>, Layout<S2, D2>>>;
    #[inline(always)]
    fn add(_: &S, _: &D, _: &S2, _: &D2) -> Result<Self::Out, Error> {
        as_mixed::<LayoutSum<Layout<S, D>, Layout<S2, D2>>>()
    }
}
/// A run-time leaf: one leaf, or the named error.
impl<S: Leaves<D>, D, S2: Leaves<D2>, D2> LayoutAddByKind<S, D, S2, D2> for HasDyn {
    type Out = MixedLayout<Dyn, Dyn>;
    fn add(s: &S, d: &D, s2: &S2, d2: &D2) -> Result<Self::Out, Error> {
        let (s, d) = layout_add_leaf(s, d, s2, d2)?;
        MixedLayout::new(Dyn(s), Dyn(d))
    }
}

/// The layout `a.layout_add(&b)` of mixed layouts `MixedLayout<S, D>` and
/// `MixedLayout<S2, D2>`.
pub type MixedLayoutSum<S, D, S2, D2> =
    <PairKindOf<S, D, S2, D2> as LayoutAddByKind<S, D, S2, D2>>::Out;

impl<S, D> MixedLayout<S, D> {
    /// PyCuTe's `layout_add(self, b)` (see the module docs).
    #[inline(always)]
    pub fn layout_add<S2, D2>(
        &self,
        b: &MixedLayout<S2, D2>,
    ) -> Result<MixedLayoutSum<S, D, S2, D2>, Error>
    where
        S: PairKinds<D, S2, D2>,
        PairKindOf<S, D, S2, D2>: LayoutAddByKind<S, D, S2, D2>,
    {
        <PairKindOf<S, D, S2, D2> as LayoutAddByKind<S, D, S2, D2>>::add(
            self.shape(),
            self.stride(),
            b.shape(),
            b.stride(),
        )
    }
}
