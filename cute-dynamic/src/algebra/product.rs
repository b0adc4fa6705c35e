//! Products (docs/semantics/algebra.md#products): `logical_product(A, B) = (A, complement(A,
//! size(A)·cosize(B)) ∘ B)`: mode 0 is `A`, mode 1 repeats it as `B` says.
//! A tiler multiplies mode by mode and keeps `A`'s other modes. `zipped`,
//! `tiled` and `flat` products regroup like the divides; `blocked_product`
//! zips `A`'s modes with the repeat's modes (blocks of `A`), and
//! `raked_product` zips them the other way round (interleaved `A`)
//! (Cecka §3.5.1; the modes are not coalesced, as in the CuTe version the
//! oracle was computed with).
//!
//! Contract checked by `cute_tools::laws::check_{logical,zipped,tiled,flat,blocked,raked}_product`.
//!
//! ```
//! use cute_dynamic::{blocked_product, logical_product, raked_product, Layout};
//! let a: Layout = "(2,2):(1,2)".parse()?;
//! let b: Layout = "(3,4):(1,3)".parse()?;
//! assert_eq!(logical_product(&"4:1".parse()?, &"4:2".parse::<Layout>()?)?.to_string(), "(4,4):(1,8)");
//! assert_eq!(blocked_product(&a, &b)?.to_string(), "((2,3),(2,4)):((1,4),(2,12))");
//! assert_eq!(raked_product(&a, &b)?.to_string(), "((3,2),(4,2)):((4,1),(12,2))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::algebra::coalesce::{BACK_MODES, BackModes, Modes};
use crate::algebra::complement::complement_modes_in;
use crate::algebra::composition::{Operands, compose_modes_into, compose_modes_zip_into};
use crate::algebra::divide::{by_mode_built, hier_unzip, unpack_both, unpack_rest, whole_pair};
use crate::data::layout::{Layout, LayoutBuilder, LayoutRef};
use crate::data::tiler::AsTiler;
use crate::error::{LayoutError, mul};
use alloc::string::ToString;

/// `A ⊗ B` (see the module documentation).
pub fn logical_product<T: AsTiler + ?Sized>(a: &Layout, tiler: &T) -> Result<Layout, LayoutError> {
    by_mode_built(
        a.as_ref(),
        tiler.as_tiler(),
        "logical_product",
        &product_into,
    )
}

/// `((A modes…),(repeat modes…))`.
pub fn zipped_product<T: AsTiler + ?Sized>(a: &Layout, tiler: &T) -> Result<Layout, LayoutError> {
    let t = tiler.as_tiler();
    if whole_pair(t) {
        return by_mode_built(a.as_ref(), t, "zipped_product", &product_into);
    }
    let l = by_mode_built(a.as_ref(), t, "zipped_product", &product_into)?;
    hier_unzip(l.as_ref(), t)
}

/// `(A modes, repeat0, repeat1, …)`.
pub fn tiled_product<T: AsTiler + ?Sized>(a: &Layout, tiler: &T) -> Result<Layout, LayoutError> {
    Ok(unpack_rest(&zipped_product(a, tiler)?))
}

/// Everything one level flat.
pub fn flat_product<T: AsTiler + ?Sized>(a: &Layout, tiler: &T) -> Result<Layout, LayoutError> {
    Ok(unpack_both(&zipped_product(a, tiler)?))
}

fn product_layout(a: LayoutRef<'_>, b: LayoutRef<'_>) -> Result<Layout, LayoutError> {
    let mut out = LayoutBuilder::new();
    product_into(a, b, &mut out)?;
    Ok(out.finish())
}

/// `(A, complement(A, size(A)·cosize(B)) ∘ B)` written into `out` as one
/// mode: the complement's modes are composed where they are computed.
fn product_into(
    a: LayoutRef<'_>,
    b: LayoutRef<'_>,
    out: &mut LayoutBuilder,
) -> Result<(), LayoutError> {
    let o = out.open();
    out.push(a);
    repeat_into(a, b, out)?;
    out.close_with_rank(o, 2);
    Ok(())
}

/// The repeat `complement(A, size(A)·cosize(B)) ∘ B`, mode 1 of the
/// product, written into `out` as one mode: the complement's modes are
/// composed where they are computed.
fn repeat_into(
    a: LayoutRef<'_>,
    b: LayoutRef<'_>,
    out: &mut LayoutBuilder,
) -> Result<(), LayoutError> {
    let (mut c_buf, mut c_spill): (BackModes, Option<Modes>) = ([(0, 0); BACK_MODES], None);
    let c = repeat_complement(a, b, &mut c_buf, &mut c_spill)?;
    let operands = Operands {
        a: &|| Layout::unwrap_flat(c),
        b: &|| b.to_owned(),
    };
    compose_modes_into(c, b, None, out, &operands)
}

/// The modes of `complement(A, size(A)·cosize(B))`, the left side of the
/// repeat (coalesced and never empty, as composition reads its left side),
/// in `buf` or `spill` (see [`complement_modes_in`]).
#[inline(always)]
fn repeat_complement<'m>(
    a: LayoutRef<'_>,
    b: LayoutRef<'_>,
    buf: &'m mut BackModes,
    spill: &'m mut Option<Modes>,
) -> Result<&'m [(i64, i64)], LayoutError> {
    let m = mul(
        a.size(),
        b.cosize()?,
        "logical_product",
        &format_args!("{a} ⊗ {b}"),
    )?;
    complement_modes_in(a, m, buf, spill)
}

/// Blocks of `A` arranged as `B`.
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    zip_product(a, b, false)
}

/// `A` interleaved (raked) across the arrangement `B`.
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    zip_product(a, b, true)
}

/// `layout` padded with `1:0` modes to rank `r` (CuTe's `append<R>`); only
/// called when `layout.rank() < r`.
fn pad(layout: &Layout, r: usize) -> Layout {
    let unit = Layout::int(1, 0);
    let mut out = LayoutBuilder::new();
    let o = out.open();
    for m in layout.as_ref().modes() {
        out.push(m);
    }
    for _ in layout.rank()..r {
        out.push(unit.as_ref());
    }
    out.close(o);
    out.finish()
}

/// Mode `i` of an operand of the rank-`r` zip.
fn nth_mode(l: LayoutRef<'_>, i: usize, r: usize) -> Option<LayoutRef<'_>> {
    if r == 1 && l.rank() != 1 {
        Some(l)
    } else {
        l.mode(i)
    }
}

fn zip_product(a: &Layout, b: &Layout, raked: bool) -> Result<Layout, LayoutError> {
    // Tuples of equal rank (the common case): the pairs are written as the
    // repeat is composed, with no repeat layout to build and cut; any error
    // is recomputed on the general path below, which words it.
    if !a.shape.is_int()
        && !b.shape.is_int()
        && a.rank() == b.rank()
        && let Ok(l) = zip_product_direct(a.as_ref(), b.as_ref(), raked)
    {
        return Ok(l);
    }
    zip_product_general(a, b, raked)
}

/// [`zip_product`] of two tuples of equal rank, the repeat composed mode
/// by mode into the pairs.
fn zip_product_direct(
    a: LayoutRef<'_>,
    b: LayoutRef<'_>,
    raked: bool,
) -> Result<Layout, LayoutError> {
    let (mut c_buf, mut c_spill): (BackModes, Option<Modes>) = ([(0, 0); BACK_MODES], None);
    let c = repeat_complement(a, b, &mut c_buf, &mut c_spill)?;
    let operands = Operands {
        a: &|| Layout::unwrap_flat(c),
        b: &|| b.to_owned(),
    };
    let mut out = LayoutBuilder::new();
    compose_modes_zip_into(c, b, None, Some((a, raked)), &mut out, &operands)?;
    Ok(out.finish())
}

fn zip_product_general(a: &Layout, b: &Layout, raked: bool) -> Result<Layout, LayoutError> {
    let r = a.rank().max(b.rank());
    // Only the operand of smaller rank is padded (no copies of the other).
    let (pa, pb);
    let pa = if a.rank() < r {
        pa = pad(a, r);
        &pa
    } else {
        a
    };
    let pb = if b.rank() < r {
        pb = pad(b, r);
        &pb
    } else {
        b
    };
    // The repeat is built on its own; `A` and it are read in place (no
    // product layout is materialised and cut into modes).
    let mut rep = LayoutBuilder::new();
    repeat_into(pa.as_ref(), pb.as_ref(), &mut rep)?;
    let (first, second) = (pa.as_ref(), rep.as_layout_ref());
    let (x, y) = if raked {
        (second, first)
    } else {
        (first, second)
    };
    let mut out = LayoutBuilder::new();
    let o = out.open();
    // With r == 1 the operands are integers or 1-tuples; an integer `B` may
    // still produce a repeat with several modes, which then stays whole.
    // CuTe's `zip(x, y)` of an integer `x` is the 1-tuple `((x, y))` with
    // `y` whole (`blocked_product(16:1, (2):(1)) = ((16,(2))):((1,(16)))`).
    let (mut xs, mut ys) = (x.modes(), y.modes());
    for _ in 0..r {
        let pair = if r == 1 && x.shape.is_int() {
            (Some(x), Some(y))
        } else if r == 1 {
            (nth_mode(x, 0, r), nth_mode(y, 0, r))
        } else {
            (xs.next(), ys.next())
        };
        let (Some(xi), Some(yi)) = pair else {
            return Err(LayoutError::RankMismatch {
                operation: if raked {
                    "raked_product"
                } else {
                    "blocked_product"
                },
                layout: product_layout(pa.as_ref(), pb.as_ref())?.to_string(),
                requested: r,
                available: x.rank().min(y.rank()),
            });
        };
        let o2 = out.open();
        out.push(xi);
        out.push(yi);
        out.close_with_rank(o2, 2);
    }
    out.close_with_rank(o, r as u32);
    Ok(out.finish())
}
