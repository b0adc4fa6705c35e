//! Divides (docs/semantics/algebra.md#divides): `logical_divide(A, B) = A ∘ (B, complement(B, size(A)))`,
//! so mode 0 of the result is the tile `B` selects and mode 1 iterates over
//! the tiles; a tiler divides mode by mode and keeps `A`'s other modes.
//! `zipped_divide`, `tiled_divide` and `flat_divide` regroup the by-mode
//! result as CuTe's `zip2_by` over the tiler's profile does:
//! `((tiles…),(rests…))`, `(tile, rest0, rest1, …)` and fully flat.
//!
//! Contract checked by `cute_tools::laws::check_{logical,zipped,tiled,flat}_divide`.
//!
//! ```
//! use cute_dynamic::{logical_divide, tiled_divide, zipped_divide, Layout, Tiler};
//! let a: Layout = "48:1".parse()?;
//! assert_eq!(logical_divide(&a, &"32:1".parse::<Layout>()?)?.to_string(), "(32,2):(1,32)");
//! let a: Layout = "(4,6):(1,4)".parse()?;
//! let t: Tiler = "<2:1,3:1>".parse()?;
//! assert_eq!(zipped_divide(&a, &t)?.to_string(), "((2,3),(2,2)):((1,4),(2,12))");
//! assert_eq!(tiled_divide(&a, &t)?.to_string(), "((2,3),2,2):((1,4),2,12)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::algebra::coalesce::{BACK_MODES, BackModes, Modes};
use crate::algebra::complement::complement_modes_in;
use crate::algebra::composition::{Operands, coalesced_left_in, compose_modes_into};
use crate::data::layout::{Layout, LayoutBuilder, LayoutRef};
use crate::data::tiler::{AsTiler, Tiler, TilerRef, tile_of};
use crate::error::LayoutError;
use alloc::string::ToString;

/// `A ⊘ B` (see the module documentation).
pub fn logical_divide<T: AsTiler + ?Sized>(a: &Layout, tiler: &T) -> Result<Layout, LayoutError> {
    by_mode_built(a.as_ref(), tiler.as_tiler(), "logical_divide", &divide_into)
}

/// `((tiles…),(rests…))`.
pub fn zipped_divide<T: AsTiler + ?Sized>(a: &Layout, tiler: &T) -> Result<Layout, LayoutError> {
    let t = tiler.as_tiler();
    if whole_pair(t) {
        return by_mode_built(a.as_ref(), t, "zipped_divide", &divide_into);
    }
    let l = by_mode_built(a.as_ref(), t, "zipped_divide", &divide_into)?;
    hier_unzip(l.as_ref(), t)
}

/// CuTe C++'s `zipped_divide`, `zip2_by(logical_divide(A, T), T)`: the
/// tiler is `zip2_by`'s guide, so a mode kept by `_` must be a pair and is
/// split as one. Not the public meaning of `_` (see [`hier_unzip`]), but
/// the step CuTe's own algorithms are written with: `thrfrg_A/B/C` divide
/// the atom's `((ThrV, FrgV), rest)` by `(_, (ThrM, ThrK))` and read
/// `ThrV` and `FrgV` as the tile and the rest.
pub(crate) fn zipped_divide_by_guide<T: AsTiler + ?Sized>(
    a: &Layout,
    tiler: &T,
) -> Result<Layout, LayoutError> {
    let t = tiler.as_tiler();
    let l = by_mode_built(a.as_ref(), t, "zipped_divide", &divide_into)?;
    match t {
        TilerRef::Modes(_) => zip2_by_ref(l.as_ref(), t),
        _ if l.rank() == 2 && !l.shape.is_int() => Ok(l),
        _ => zip2_by_ref(l.as_ref(), t),
    }
}

/// `(tile, rest0, rest1, …)`.
pub fn tiled_divide<T: AsTiler + ?Sized>(a: &Layout, tiler: &T) -> Result<Layout, LayoutError> {
    Ok(unpack_rest(&zipped_divide(a, tiler)?))
}

/// `(tile0, tile1, …, rest0, rest1, …)`.
pub fn flat_divide<T: AsTiler + ?Sized>(a: &Layout, tiler: &T) -> Result<Layout, LayoutError> {
    Ok(unpack_both(&zipped_divide(a, tiler)?))
}

/// `A ∘ (B, complement(B, size(A)))` written into `out` as one mode: the
/// complement's modes are composed where they are computed, the pair
/// `(B, complement)` is never built.
fn divide_into(
    a: LayoutRef<'_>,
    b: LayoutRef<'_>,
    out: &mut LayoutBuilder,
) -> Result<(), LayoutError> {
    let (mut c_buf, mut c_spill): (BackModes, Option<Modes>) = ([(0, 0); BACK_MODES], None);
    let c = complement_modes_in(b, a.size(), &mut c_buf, &mut c_spill)?;
    let (mut a_buf, mut a_spill): (BackModes, Option<Modes>) = ([(0, 0); BACK_MODES], None);
    let a_modes = coalesced_left_in(a, &mut a_buf, &mut a_spill);
    let operands = Operands {
        a: &|| a.to_owned(),
        b: &|| {
            let mut bc = LayoutBuilder::new();
            let o = bc.open();
            bc.push(b);
            bc.flat_or_unit(c);
            bc.close(o);
            bc.finish()
        },
    };
    compose_modes_into(a_modes, b, Some(c), out, &operands)
}

/// The operation a by-mode divide or product applies: its result is
/// written into the builder as one mode.
pub(crate) type IntoOp<'a> =
    &'a dyn Fn(LayoutRef<'_>, LayoutRef<'_>, &mut LayoutBuilder) -> Result<(), LayoutError>;

/// Apply `op` to `A` and a tiler: a layout applies to the whole of `A`, an
/// integer `n` as CuTe's `make_layout(n)`, a tuple mode by mode (`A`'s modes
/// beyond the tiler are kept). `op` writes each result into the layout
/// being built: no intermediate layout per mode.
#[inline(always)]
pub(crate) fn by_mode_built(
    a: LayoutRef<'_>,
    t: TilerRef<'_>,
    operation: &'static str,
    op: IntoOp<'_>,
) -> Result<Layout, LayoutError> {
    let mut out = LayoutBuilder::new();
    match t {
        // (The common case, without the tiler's dispatch.)
        TilerRef::Layout(b) => op(a, b, &mut out)?,
        _ => by_mode_into(a, t, operation, op, &mut out)?,
    }
    Ok(out.finish())
}

fn by_mode_into(
    a: LayoutRef<'_>,
    t: TilerRef<'_>,
    operation: &'static str,
    op: IntoOp<'_>,
    out: &mut LayoutBuilder,
) -> Result<(), LayoutError> {
    match t {
        TilerRef::Layout(b) => op(a, b, out),
        TilerRef::Int(n) => op(a, tile_of(n).as_ref(), out),
        TilerRef::Hole => {
            out.push(a);
            Ok(())
        }
        TilerRef::Modes(ts) => {
            if ts.len() > a.rank() {
                return Err(LayoutError::RankMismatch {
                    operation,
                    layout: a.to_string(),
                    requested: ts.len(),
                    available: a.rank(),
                });
            }
            let o = out.open();
            for (i, m) in a.modes().enumerate() {
                match ts.get(i) {
                    Some(ti) => by_mode_into(m, ti.as_tiler(), operation, op, out)?,
                    None => out.push(m),
                }
            }
            out.close(o);
            Ok(())
        }
    }
}

/// `true` for a tiler (a layout or an integer) whose by-mode divide or
/// product is a single application of the operation, which writes the pair
/// `(tile, rest)` itself: [`zip2_by`] keeps it as it is.
#[inline]
pub(crate) fn whole_pair(t: TilerRef<'_>) -> bool {
    matches!(t, TilerRef::Layout(_) | TilerRef::Int(_))
}

/// CuTe's `zip2_by(layout, tiler)`: `layout` (the by-mode result of a
/// divide or product, each tiled mode a pair `(tile, rest)`) regrouped as
/// `((tiles…), (rests…, untiled modes…))`; a tiler that is not a tuple
/// keeps a rank-2 layout as it is.
///
/// ```
/// use cute_dynamic::{zip2_by, Layout, Tiler};
/// let l: Layout = "((2,3),(4,5),7):((1,2),(6,24),120)".parse()?;
/// assert_eq!(zip2_by(&l, &"<_,_>".parse()?)?.to_string(), "((2,4),(3,5,7)):((1,6),(2,24,120))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: a tiled mode that is not a pair (`not_compatible`).
pub fn zip2_by(l: &Layout, t: &Tiler) -> Result<Layout, LayoutError> {
    zip2_by_ref(l.as_ref(), t.as_tiler())
}

/// The zipped form `((tiles…), (rests…, untiled modes…))` of `l`, the
/// by-mode divide or product of `A` by the tiler `t` (pycute's `hier_unzip`,
/// the documented meaning of a `_` mode): a tiled mode of `l` is its
/// `(tile, rest)` pair, a mode kept by `_` contributes the size-1 tile `1:0`
/// and stays whole in the rest (whatever its rank), a nested by-mode tiler
/// contributes its own zipped pair, and `A`'s modes beyond the tiler join
/// the rests. A tiler that is a layout or an integer leaves `l` (already the
/// pair) as it is; `_` alone gives `(1:0, A)`.
///
/// CuTe C++ passes the tiler to `zip2_by` as its guide instead, which
/// splits a kept mode of rank 2 between the tile and the rest and rejects
/// any other kept mode (cutlass#3514; docs/semantics.md#differences-from-cute).
///
/// Errors: a tiled mode of `l` that is not a pair (`not_compatible`; the
/// divides and products always write pairs).
pub(crate) fn hier_unzip(l: LayoutRef<'_>, t: TilerRef<'_>) -> Result<Layout, LayoutError> {
    let mut out = LayoutBuilder::new();
    match t {
        TilerRef::Layout(_) | TilerRef::Int(_) => out.push(l),
        TilerRef::Hole => {
            let o = out.open();
            out.leaf(1, 0);
            out.push(l);
            out.close_with_rank(o, 2);
        }
        TilerRef::Modes(ts) => return hier_unzip_modes(l, ts),
    }
    Ok(out.finish())
}

/// [`hier_unzip`] of a by-mode tiler: the two halves built side by side.
fn hier_unzip_modes(l: LayoutRef<'_>, ts: &[Tiler]) -> Result<Layout, LayoutError> {
    let mut firsts = LayoutBuilder::new();
    let mut seconds = LayoutBuilder::new();
    let f = firsts.open();
    let s = seconds.open();
    for (i, m) in l.modes().enumerate() {
        match ts.get(i).map(AsTiler::as_tiler) {
            Some(TilerRef::Hole) => {
                firsts.leaf(1, 0);
                seconds.push(m);
            }
            Some(TilerRef::Modes(inner)) => {
                let z = hier_unzip_modes(m, inner)?;
                let zr = z.as_ref();
                firsts.push(zr.mode(0).expect("pair"));
                seconds.push(zr.mode(1).expect("pair"));
            }
            // A layout or integer tile: the mode is its (tile, rest) pair.
            Some(_) => match (m.mode(0), m.mode(1)) {
                (Some(tile), Some(rest)) => {
                    firsts.push(tile);
                    seconds.push(rest);
                }
                _ => {
                    return Err(LayoutError::NotCompatible {
                        operation: "hier_unzip",
                        left: m.to_string(),
                        right: "a (tile, rest) pair".to_string(),
                    });
                }
            },
            None => seconds.push(m),
        }
    }
    firsts.close(f);
    seconds.close(s);
    let (a, b) = (firsts.finish(), seconds.finish());
    Ok(Layout::concat([&a, &b]))
}

/// CuTe's `zip2_by(layout, tiler)`: a tuple tiler gathers the first
/// sub-modes of the tiled modes and the second sub-modes plus the untiled
/// modes; otherwise (a layout, an integer or `_`) the layout is already the
/// pair `(tile, rest)`. As in CuTe, a mode kept by `_` is split as such a
/// pair, so it must have rank 2 (CuTe rejects any other at compile time;
/// here it is a `not_compatible` error).
pub(crate) fn zip2_by_ref(l: LayoutRef<'_>, t: TilerRef<'_>) -> Result<Layout, LayoutError> {
    let mut firsts = LayoutBuilder::new();
    let mut seconds = LayoutBuilder::new();
    let f = firsts.open();
    let s = seconds.open();
    match t {
        TilerRef::Modes(ts) => {
            for (i, m) in l.modes().enumerate() {
                match ts.get(i) {
                    Some(ti) => {
                        let z = zip2_by_ref(m, ti.as_tiler())?;
                        let zr = z.as_ref();
                        firsts.push(zr.mode(0).expect("pair"));
                        seconds.push(zr.mode(1).expect("pair"));
                    }
                    None => seconds.push(m),
                }
            }
        }
        _ => {
            return if l.rank() == 2 && !l.is_int() {
                Ok(l.to_owned())
            } else {
                Err(LayoutError::NotCompatible {
                    operation: "zip2_by",
                    left: l.to_string(),
                    right: "a (tile, rest) pair".to_string(),
                })
            };
        }
    }
    firsts.close(f);
    seconds.close(s);
    let (a, b) = (firsts.finish(), seconds.finish());
    Ok(Layout::concat([&a, &b]))
}

/// Splice the modes of `part` into `out`, or push it whole when its rank is
/// 1 (CuTe's `repeat<1>(_)` is a single `_`, which keeps the mode).
fn splice(out: &mut LayoutBuilder, part: LayoutRef<'_>) {
    if part.rank() == 1 {
        out.push(part);
    } else {
        for m in part.modes() {
            out.push(m);
        }
    }
}

/// `result(_, repeat<R1>(_))`: mode 0 kept, mode 1 unpacked.
pub(crate) fn unpack_rest(zipped: &Layout) -> Layout {
    let z = zipped.as_ref();
    let mut out = LayoutBuilder::new();
    let o = out.open();
    out.push(z.mode(0).expect("pair"));
    splice(&mut out, z.mode(1).expect("pair"));
    out.close(o);
    out.finish()
}

/// `result(repeat<R0>(_), repeat<R1>(_))`: both modes unpacked.
pub(crate) fn unpack_both(zipped: &Layout) -> Layout {
    let z = zipped.as_ref();
    let mut out = LayoutBuilder::new();
    let o = out.open();
    splice(&mut out, z.mode(0).expect("pair"));
    splice(&mut out, z.mode(1).expect("pair"));
    out.close(o);
    out.finish()
}
