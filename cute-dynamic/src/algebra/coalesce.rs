//! Coalesce (docs/semantics/algebra.md#coalesce): `R = coalesce(L)` has the same size as `L`, depth at
//! most 1, `R(i) == L(i)` for every `i < size(L)`, and the fewest modes.
//! Size-1 modes are dropped and a mode `(s0,d0)` followed by `(s1,d1)` with
//! `s0·d0 == d1` merges into `(s0·s1, d0)` (CuTe's back-to-front walk).
//! The by-mode form `coalesce_by(L, profile)` (CuTe's
//! `coalesce(layout, trg_profile)`) coalesces each mode named by the profile
//! and keeps the rest. Coalescing cannot fail; only a profile that does not
//! fit the layout is an error.
//!
//! The walk has one switch, `drop_unit` here and `DropUnit` in cute-static,
//! with the same polarity in both crates: on (`true`, `B1`) it is CuTe's
//! coalesce, where a size-1 mode is dropped even at the end; off (`false`,
//! `B0`) the trailing size-1 mode is kept, because it decides the layout on
//! its extended domain (the form composition uses on its left operand).
//!
//! Contract checked by `cute_tools::laws::check_{coalesce,coalesce_by,filter,filter_zeros}`.
//!
//! ```
//! use cute_dynamic::{coalesce, Layout};
//! let l: Layout = "(2,(1,6)):(1,(6,2))".parse()?;
//! assert_eq!(coalesce(&l).to_string(), "12:1");
//! assert_eq!(l.coalesce().to_string(), "12:1");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::string::ToString;

use crate::data::inline::InlineVec;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::{Layout, LayoutBuilder, LayoutRef, leaf_pairs};
use crate::error::LayoutError;

/// Flat modes, inline for the common ranks.
pub(crate) type Modes = InlineVec<(i64, i64), 8>;

/// CuTe's back-to-front coalescing of flat modes, front to back in the result.
///
/// With `drop_unit` (CuTe's coalesce) a trailing size-1 mode is replaced by
/// the mode before it and a lone size-1 mode becomes `1:0`; without it the
/// trailing size-1 mode is kept (it decides the layout on its extended
/// domain), the form composition uses on its left operand.
pub(crate) fn coalesce_modes(
    modes: impl DoubleEndedIterator<Item = (i64, i64)>,
    drop_unit: bool,
) -> Modes {
    coalesce_rev(modes.rev(), drop_unit)
}

/// [`coalesce_modes`] written into `out` (cleared first), for callers that
/// keep the modes in a buffer of their own (no move of the inline buffer).
pub(crate) fn coalesce_modes_into(
    modes: impl DoubleEndedIterator<Item = (i64, i64)>,
    drop_unit: bool,
    out: &mut Modes,
) {
    coalesce_rev_into(modes.rev(), drop_unit, out);
}

/// [`coalesce_modes`] on the modes given last to first.
#[inline]
fn coalesce_rev(it: impl Iterator<Item = (i64, i64)>, drop_unit: bool) -> Modes {
    let mut rev: Modes = Modes::new();
    coalesce_rev_into(it, drop_unit, &mut rev);
    rev
}

/// One step of CuTe's back-to-front walk: the mode `(s, d)` (of size ≠ 1)
/// met before `front`, the first mode kept so far. It replaces a size-1
/// `front` when dropping size-1 modes and `front` is the only mode kept
/// (`single`), or merges with it when `s·d` is its stride: the new front;
/// else (`None`) it is a mode of its own.
#[inline(always)]
fn absorb(
    front: (i64, i64),
    (s, d): (i64, i64),
    drop_unit: bool,
    single: bool,
) -> Option<(i64, i64)> {
    if drop_unit && single && front.0 == 1 {
        Some((s, d))
    } else if let (Some(true), Some(merged)) = (
        s.checked_mul(d).map(|x| x == front.1),
        front.0.checked_mul(s),
    ) {
        Some((merged, d))
    } else {
        None
    }
}

/// [`coalesce_rev`] into `rev` (cleared first).
#[inline]
fn coalesce_rev_into(mut it: impl Iterator<Item = (i64, i64)>, drop_unit: bool, rev: &mut Modes) {
    rev.clear();
    let Some(last) = it.next() else {
        return;
    };
    rev.push(last);
    for (s, d) in it {
        if s == 1 {
            continue;
        }
        let single = rev.len() == 1;
        let front = rev.last_mut().expect("non-empty");
        match absorb(*front, (s, d), drop_unit, single) {
            Some(m) => *front = m,
            None => rev.push((s, d)),
        }
    }
    if drop_unit && rev.len() == 1 && rev[0].0 == 1 {
        rev[0] = (1, 0);
    }
    rev.reverse();
}

/// [`coalesce_modes`] over the leaves of a layout, walked back to front
/// without collecting them first, written into `out` (cleared first).
#[inline]
pub(crate) fn coalesce_leaves_into(layout: LayoutRef<'_>, drop_unit: bool, out: &mut Modes) {
    let rev = leaf_pairs(layout).rev();
    coalesce_rev_into(rev, drop_unit, out);
}

/// Capacity of the plain array [`coalesce_leaves_back`] writes into.
pub(crate) const BACK_MODES: usize = 8;

/// A plain array of modes filled from the back by [`coalesce_leaves_back`].
pub(crate) type BackModes = [(i64, i64); BACK_MODES];

/// [`coalesce_leaves_into`] written from the back of `buf`: the coalesced
/// modes are `buf[start..]`, in order, for the returned `start` (the walk
/// is back to front, so nothing is reversed or moved). `None` when they do
/// not fit (the caller takes [`coalesce_leaves_into`]); the same modes
/// otherwise, step for step.
#[inline]
pub(crate) fn coalesce_leaves_back(
    layout: LayoutRef<'_>,
    drop_unit: bool,
    buf: &mut BackModes,
) -> Option<usize> {
    coalesce_back(leaf_pairs(layout).rev(), drop_unit, buf)
}

/// [`coalesce_rev_into`] on the modes given last to first, written from
/// the back of `buf` (see [`coalesce_leaves_back`]).
#[inline(always)]
pub(crate) fn coalesce_back(
    mut rev: impl Iterator<Item = (i64, i64)>,
    drop_unit: bool,
    buf: &mut BackModes,
) -> Option<usize> {
    let Some(last) = rev.next() else {
        return Some(BACK_MODES);
    };
    let mut pos = BACK_MODES - 1;
    buf[pos] = last;
    for (s, d) in rev {
        if s == 1 {
            continue;
        }
        match absorb(buf[pos], (s, d), drop_unit, pos == BACK_MODES - 1) {
            Some(m) => buf[pos] = m,
            None => {
                pos = pos.checked_sub(1)?;
                buf[pos] = (s, d);
            }
        }
    }
    if drop_unit && pos == BACK_MODES - 1 && buf[pos].0 == 1 {
        buf[pos] = (1, 0);
    }
    Some(pos)
}

/// Coalesce a layout (see the module documentation); it cannot fail.
pub fn coalesce(layout: &Layout) -> Layout {
    coalesce_ref(layout.as_ref())
}

#[inline]
pub(crate) fn coalesce_ref(layout: LayoutRef<'_>) -> Layout {
    let mut buf: BackModes = [(0, 0); BACK_MODES];
    if let Some(start) = coalesce_leaves_back(layout, true, &mut buf) {
        return Layout::unwrap_flat(&buf[start..]);
    }
    let mut m: Modes = Modes::new();
    coalesce_leaves_into(layout, true, &mut m);
    Layout::unwrap_flat(&m)
}

/// Coalesce mode by mode as `profile` says (CuTe's
/// `coalesce(layout, trg_profile)`): an integer profile coalesces the whole
/// layout; a tuple profile of rank `r ≤ rank(L)` coalesces mode `i` by
/// `profile[i]` for `i < r` and keeps the other modes. A profile of higher
/// rank than the mode it applies to is a [`LayoutError::RankMismatch`].
///
/// ```
/// use cute_dynamic::{coalesce_by, Layout};
/// let l: Layout = "((2,2),(2,2),3):((1,2),(4,8),16)".parse()?;
/// assert_eq!(coalesce_by(&l, &"(1,1)".parse()?)?.to_string(), "(4,4,3):(1,4,16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn coalesce_by(layout: &Layout, profile: &IntTuple) -> Result<Layout, LayoutError> {
    by_profile("coalesce", layout, profile, |l| Ok(coalesce_ref(l)))
}

/// CuTe's `transform_layout(layout, trg_profile, …)` walk shared by the
/// by-profile forms (`coalesce`, `filter`): `f` applied to the part of
/// `layout` at each leaf of `profile`; a tuple profile of rank `r ≤ rank`
/// keeps the modes after `r`; a higher rank is a
/// [`LayoutError::RankMismatch`] of `operation`; an error of `f` is passed on.
pub(crate) fn by_profile(
    operation: &'static str,
    layout: &Layout,
    profile: &IntTuple,
    f: fn(LayoutRef<'_>) -> Result<Layout, LayoutError>,
) -> Result<Layout, LayoutError> {
    let mut b = LayoutBuilder::new();
    by_profile_into(operation, layout.as_ref(), profile, layout, f, &mut b)?;
    Ok(b.finish())
}

fn by_profile_into(
    operation: &'static str,
    l: LayoutRef<'_>,
    profile: &IntTuple,
    whole: &Layout,
    f: fn(LayoutRef<'_>) -> Result<Layout, LayoutError>,
    b: &mut LayoutBuilder,
) -> Result<(), LayoutError> {
    if profile.is_int() {
        b.push(f(l)?.as_ref());
        return Ok(());
    }
    if profile.rank() > l.rank() {
        return Err(LayoutError::RankMismatch {
            operation,
            layout: whole.to_string(),
            requested: profile.rank(),
            available: l.rank(),
        });
    }
    let o = b.open();
    let mut ps = profile.as_ref().modes();
    for m in l.modes() {
        match ps.next() {
            Some(p) => by_profile_into(operation, m, &p.to_owned(), whole, f, b)?,
            None => b.push(m),
        }
    }
    b.close(o);
    Ok(())
}

/// CuTe's `coalesce(shape)` (`layout.hpp`): the flattened shape with
/// adjacent leaves of one kind (both static or both dynamic) multiplied
/// together. A run-time shape has one kind of leaf only (all dynamic here,
/// all static in the convention of the integer-tuple functions), so every
/// leaf merges and the result is the integer `size(shape)` (CuTe's
/// `@post size(result) == size(shape)`, `depth(result) <= 1`).
///
/// ```
/// use cute_dynamic::{coalesce_shape, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(coalesce_shape(&t("(2,(3,4))"))?.to_string(), "24");
/// assert_eq!(coalesce_shape(&t("7"))?.to_string(), "7");
/// assert_eq!(coalesce_shape(&t("()")).unwrap_err().kind(), "invalid_argument");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: a shape without a leaf (`invalid_argument`; CuTe's `fold_first`
/// of an empty tuple does not compile), a non-positive leaf
/// (`non_positive_shape`), a size beyond `i64` (`overflow`).
pub fn coalesce_shape(shape: &IntTuple) -> Result<IntTuple, LayoutError> {
    if shape.leaves().next().is_none() {
        return Err(LayoutError::InvalidArgument {
            operation: "coalesce",
            argument: "SHAPE",
            value: shape.to_string(),
            reason: "a shape without a leaf (CuTe folds from the first leaf)".to_string(),
        });
    }
    Ok(IntTuple::int(Layout::column_major(shape)?.size()))
}

/// `L` with every stride-0 leaf replaced by a size-1 leaf (structure kept).
///
/// ```
/// use cute_dynamic::{filter_zeros, Layout};
/// let l: Layout = "(4,(2,3)):(0,(1,0))".parse()?;
/// assert_eq!(filter_zeros(&l).to_string(), "(1,(2,1)):(0,(1,0))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn filter_zeros(layout: &Layout) -> Layout {
    let shape = crate::data::layout::replace_leaves(
        layout.shape.as_ref(),
        layout.leaf_modes().map(|(s, d)| if d == 0 { 1 } else { s }),
    );
    Layout::from_parts_unchecked(shape, layout.stride.clone())
}

/// `filter(L) = coalesce(filter_zeros(L))`: stride-0 and size-1 modes
/// removed (`1:0` when nothing is left), same image as `L`.
///
/// ```
/// use cute_dynamic::{filter, Layout};
/// let l: Layout = "(4,(2,3)):(0,(1,2))".parse()?;
/// assert_eq!(filter(&l).to_string(), "6:1");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn filter(layout: &Layout) -> Layout {
    let m = coalesce_modes(
        layout
            .leaf_modes()
            .map(|(s, d)| if d == 0 { (1, d) } else { (s, d) })
            .collect::<Modes>()
            .iter()
            .copied(),
        true,
    );
    Layout::unwrap_flat(&m)
}
