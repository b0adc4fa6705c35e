//! `make_ordered_layout(S, O)` for a mixed shape `S` (static and run-time
//! leaves) and an order `O` of `usize` or `C<N>` values weakly congruent
//! to it ([`make_mixed_ordered_layout`]): the compact layout of shape `S`
//! whose leaves (or sub-shapes, laid out column-major inside) are placed in
//! increasing order of `O` — the result and the law
//! (`laws::check_make_ordered_layout`) of `cute_dynamic::make_ordered_layout`
//! on the same values, by the same rule (`cute_core::stride::order_starts`,
//! CuTe's `compact_order`).
//!
//! The result has shape `S` (its leaf types kept) and run-time strides
//! ([`Dyn`](crate::Dyn)); an order not weakly congruent to `S` does not
//! compile. Two sub-shapes of size > 1 with the same order value have no
//! order between them (cute-dynamic: `invalid_argument`):
//! `Err(Error::ValueDependentStructure)` naming the requirement, as is a
//! shape with more than 64 leaves.
//!
//! ```
//! use cute_static::{algebra::make_mixed_ordered_layout, Dyn, C};
//! let m = 6;
//! let l = make_mixed_ordered_layout((C::<2>, Dyn(m), C::<4>), (1usize, 2usize, 0usize))?;
//! assert_eq!(l.to_string(), "(_2,6,_4):(4,8,1)");
//! let t = |s: &str| s.parse::<cute_dynamic::IntTuple>();
//! assert_eq!(l.to_dynamic(), cute_dynamic::make_ordered_layout(&t("(2,6,4)")?, &t("(1,2,0)")?)?);
//! // An order value per sub-shape.
//! let l = make_mixed_ordered_layout(((C::<2>, Dyn(3)), C::<4>), (C::<1>, C::<0>))?;
//! assert_eq!(l.to_string(), "((_2,3),_4):((4,8),1)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::Error;
use crate::data::int_tuple::{C, IntTuple};
use crate::mixed::complement::MAX_LEAVES;
use crate::mixed::layout::{MixedLayout, MixedShape};
use crate::mixed::layout_like::RuntimeStrides;

/// The requirement the rule names in its error.
const NO_TIES: &str = "make_ordered_layout: no two sub-shapes of size > 1 with the same order value, and at most 64 leaves";

/// The references of an ordered layout: per order leaf, `(size, order)`
/// and the number of shape leaves under it; the shape's leaf sizes.
#[doc(hidden)]
pub struct OrderRefs {
    refs: [(i64, i64); MAX_LEAVES],
    counts: [usize; MAX_LEAVES],
    len: usize,
    sizes: [usize; MAX_LEAVES],
    leaves: usize,
}

/// An order tree `Self` paired with a shape `S`.
///
/// ```
/// use cute_static::{algebra::make_mixed_ordered_layout, Dyn, C};
/// // One order value per leaf of the shape, or one per whole sub-shape.
/// let l = make_mixed_ordered_layout((C::<2>, Dyn(6)), (1usize, 0usize))?;
/// assert_eq!(l.to_string(), "(_2,6):(6,1)");
/// let l = make_mixed_ordered_layout(((C::<2>, Dyn(3)), C::<4>), (C::<1>, C::<0>))?;
/// assert_eq!(l.to_string(), "((_2,3),_4):((4,8),1)");
/// // Tied sub-shapes have no order between them.
/// assert!(make_mixed_ordered_layout((C::<2>, Dyn(3)), (0usize, 0usize)).is_err());
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an order for the shape `{S}`",
    note = "an order has one `usize` or `C<N>` value per leaf of the shape, or per whole sub-shape (weakly congruent)"
)]
pub trait MixedOrder<S> {
    /// Collect the references; `false` when a limit is exceeded.
    #[doc(hidden)]
    fn collect(&self, s: &S, r: &mut OrderRefs) -> bool;
}
/// One order value for a whole sub-shape.
fn collect_leaf<S: RuntimeStrides>(o: usize, s: &S, r: &mut OrderRefs) -> bool {
    let first = r.leaves;
    if r.len == MAX_LEAVES || !s.leaf_sizes(&mut r.sizes, &mut r.leaves) {
        return false;
    }
    // A checked shape's size fits in an `i64`.
    let size = r.sizes[first..r.leaves]
        .iter()
        .fold(1i64, |p, &x| p.saturating_mul(x as i64));
    r.refs[r.len] = (size, o.min(i64::MAX as usize) as i64);
    r.counts[r.len] = r.leaves - first;
    r.len += 1;
    true
}
/// An order value.
impl<S: RuntimeStrides> MixedOrder<S> for usize {
    #[inline(always)]
    fn collect(&self, s: &S, r: &mut OrderRefs) -> bool {
        collect_leaf(*self, s, r)
    }
}
/// A static order value.
impl<S: RuntimeStrides, const N: usize> MixedOrder<S> for C<N> {
    #[inline(always)]
    fn collect(&self, s: &S, r: &mut OrderRefs) -> bool {
        collect_leaf(N, s, r)
    }
}
macro_rules! order_tuples {
    ($($O:ident $S:ident $i:tt),+) => {
        /// A tuple order: mode by mode.
        impl<$($O: MixedOrder<$S>, $S),+> MixedOrder<($($S,)+)> for ($($O,)+) {
            #[inline(always)]
            fn collect(&self, s: &($($S,)+), r: &mut OrderRefs) -> bool {
                true $(&& self.$i.collect(&s.$i, r))+
            }
        }
    };
}
crate::data::int_tuple::arities!(order_tuples; (O0 S0 0), (O1 S1 1), (O2 S2 2), (O3 S3 3), (O4 S4 4), (O5 S5 5), (O6 S6 6), (O7 S7 7));

/// The layout `make_mixed_ordered_layout(S, O)`.
pub type MixedOrderedLayout<S> = MixedLayout<S, <S as RuntimeStrides>::Out>;

/// CuTe's `make_ordered_layout(shape, order)` for a mixed shape (see the
/// module docs).
pub fn make_mixed_ordered_layout<S, O>(shape: S, order: O) -> Result<MixedOrderedLayout<S>, Error>
where
    S: RuntimeStrides + MixedShape<<S as RuntimeStrides>::Out>,
    S::Out: IntTuple,
    O: MixedOrder<S>,
{
    let named = Error::ValueDependentStructure {
        operation: "make_ordered_layout",
        requires: NO_TIES,
    };
    let mut r = OrderRefs {
        refs: [(1, 0); MAX_LEAVES],
        counts: [0; MAX_LEAVES],
        len: 0,
        sizes: [0; MAX_LEAVES],
        leaves: 0,
    };
    if !order.collect(&shape, &mut r) {
        return Err(named);
    }
    let mut starts = [0i64; MAX_LEAVES];
    cute_core::stride::order_starts(&r.refs[..r.len], &mut starts).map_err(|_| named)?;
    // Each sub-shape column-major from its start; size-1 leaves at 0.
    let mut strides = [0usize; MAX_LEAVES];
    let mut leaf = 0;
    for (&count, &start) in r.counts[..r.len].iter().zip(&starts) {
        let mut cur = start as usize;
        for (out, &s) in strides[leaf..leaf + count]
            .iter_mut()
            .zip(&r.sizes[leaf..leaf + count])
        {
            *out = if s == 1 { 0 } else { cur };
            cur = cur.saturating_mul(s);
        }
        leaf += count;
    }
    let stride = shape.fill(&strides[..leaf], &mut 0);
    MixedLayout::new(shape, stride)
}
