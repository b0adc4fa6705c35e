//! The laws of the logical, zipped, tiled and flat divides and `zip2_by`
//! (cute-dynamic's `algebra/divide.rs`).

use super::*;

/// A divide or product law by the tiler `t`: a hole keeps `A`, a by-mode
/// tiler is checked by `law` mode by mode (`A`'s modes beyond it kept), and
/// a layout or an integer tile `B` (CuTe's `make_layout(n)`) by `tile`.
pub(super) fn by_tiler(
    cx: &Ctx,
    a: &Layout,
    t: TilerRef<'_>,
    r: &Layout,
    law: fn(&Layout, TilerRef<'_>, &Layout) -> Result<(), Violation>,
    tile: impl FnOnce(Layout) -> Result<(), Violation>,
) -> Result<(), Violation> {
    match t {
        TilerRef::Layout(b) => tile(b.to_owned()),
        TilerRef::Int(n) => tile(tile_of(n)),
        TilerRef::Hole => hole_law(cx, a, r),
        TilerRef::Modes(ts) => by_mode(cx, a, ts, r, true, &law),
    }
}

/// `logical_divide(A, T) = R`: for a layout `B` (an integer tile `n` is
/// CuTe's `make_layout(n)`), `R == A ∘ (B, complement(B, size(A)))` by the
/// composition law (and that complement by its law); for a by-mode tiler,
/// mode by mode, `A`'s modes beyond the tiler kept.
pub fn check_logical_divide<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    divide_law(a, t.as_tiler(), r)
}

pub(super) fn divide_law(a: &Layout, t: TilerRef<'_>, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("logical_divide", format!("{a} ⊘ {t}"), r);
    by_tiler(&cx, a, t, r, divide_law, |b| {
        let c = cute_dynamic::complement(&b, a.size())
            .map_err(|e| cx.fail(None, format!("complement(B, size(A)) fails: {e}")))?;
        check_complement(&b, a.size(), &c)?;
        compose_law("logical_divide", a, &Layout::concat([&b, &c]), r)
    })
}

/// The modes of `part` spliced (a rank-1 part stays one mode, as CuTe's
/// `repeat<1>(_)`).
pub(super) fn spliced(part: &Layout) -> Vec<Layout> {
    if part.rank() == 1 {
        alloc::vec![part.clone()]
    } else {
        (0..part.rank()).map(|i| mode(part, i)).collect()
    }
}

/// `r`'s modes are `expected`, in order.
pub(super) fn modes_are(cx: &Ctx, r: &Layout, expected: &[Layout]) -> Result<(), Violation> {
    cx.ensure(!r.shape().is_int() && r.rank() == expected.len(), || {
        format!("rank {}, expected {}", r.rank(), expected.len())
    })?;
    for (i, e) in expected.iter().enumerate() {
        same_layout(cx, r.mode(i), e, &format!("mode {i}"))?;
    }
    Ok(())
}

/// Which regrouping of the zipped result.
#[derive(Clone, Copy)]
pub(super) enum Group {
    Zipped,
    Tiled,
    Flat,
}

/// The regrouping law shared by the divides and the products: `logical` is
/// the by-mode result (checked by its own law), `r` the regrouped one.
pub(super) fn regroup_law(
    cx: &Ctx,
    logical: &Layout,
    t: TilerRef<'_>,
    r: &Layout,
    group: Group,
) -> Result<(), Violation> {
    // The zipped form `((tiles…), (rests…, modes beyond the tiler…))`, a
    // mode kept by `_` as the tile `1:0` and the whole mode in the rests
    // (pycute's `hier_unzip`); for a layout tiler, the by-mode result
    // itself; for `_` alone, `(1:0, result)`.
    let zipped = match t {
        TilerRef::Hole => Layout::concat([&Layout::int(1, 0), logical]),
        TilerRef::Modes(_) => {
            let tile_modes = group_like(logical, t, true, Skip::Keep);
            let rest_modes = group_like(logical, t, false, Skip::Keep);
            Layout::concat([
                &Layout::concat(tile_modes.iter()),
                &Layout::concat(rest_modes.iter()),
            ])
        }
        _ => logical.clone(),
    };
    if let Group::Zipped = group {
        return same_layout(cx, Some(r.clone()), &zipped, "the result");
    }
    let (z0, z1) = (mode(&zipped, 0), mode(&zipped, 1));
    let mut expected = match group {
        Group::Tiled => alloc::vec![z0],
        _ => spliced(&z0),
    };
    expected.extend(spliced(&z1));
    modes_are(cx, r, &expected)
}

/// What a `_` mode of the tiler means to [`group_like`].
#[derive(Clone, Copy)]
pub(super) enum Skip {
    /// The divides' and products' meaning (pycute's `hier_unzip`): the
    /// tile `1:0`, the whole mode in the rests.
    Keep,
    /// CuTe's `zip2_by` guide: the mode is a pair, split as one.
    Pair,
}

/// The tile modes (`tiles`) or rest modes of the zipped form of `l` by
/// `t`, as layouts (a mode under `_` as `skip` says).
pub(super) fn group_like(l: &Layout, t: TilerRef<'_>, tiles: bool, skip: Skip) -> Vec<Layout> {
    let mut out = Vec::new();
    match t {
        TilerRef::Modes(ts) => {
            for i in 0..l.rank() {
                let m = mode(l, i);
                match ts.get(i) {
                    Some(Tiler::Hole) if matches!(skip, Skip::Keep) => {
                        out.push(if tiles { Layout::int(1, 0) } else { m })
                    }
                    Some(ti) => {
                        let inner = group_like(&m, ti.as_tiler(), tiles, skip);
                        match ti.as_tiler() {
                            TilerRef::Modes(_) => out.push(Layout::concat(inner.iter())),
                            _ => out.extend(inner),
                        }
                    }
                    None if !tiles => out.push(m),
                    None => {}
                }
            }
        }
        _ => out.push(mode(l, if tiles { 0 } else { 1 })),
    }
    out
}

/// What a regrouped divide or product regroups: the logical divide or the
/// logical product.
#[derive(Clone, Copy)]
pub(super) enum Logical {
    Divide,
    Product,
}

/// The regrouped `law` on `A`, `T` and `R`: the logical operation's result
/// satisfies its own law, and `R` is that result regrouped by `group`.
pub(super) fn check_regrouped(
    law: &'static str,
    a: &Layout,
    t: TilerRef<'_>,
    r: &Layout,
    group: Group,
    base: Logical,
) -> Result<(), Violation> {
    let cx = Ctx::new(law, format!("{law}({a}, {t})"), r);
    let (logical, name) = match base {
        Logical::Divide => (cute_dynamic::logical_divide(a, &t), "divide"),
        Logical::Product => (cute_dynamic::logical_product(a, &t), "product"),
    };
    let logical = logical.map_err(|e| cx.fail(None, format!("the logical {name} fails: {e}")))?;
    match base {
        Logical::Divide => divide_law(a, t, &logical)?,
        Logical::Product => product_law(a, t, &logical)?,
    }
    regroup_law(&cx, &logical, t, r, group)
}

regrouped_checks! {
    /// `zipped_divide(A, T) = R`: the logical divide's leaves regrouped as
    /// `((tiles…), (rests…, A's modes beyond T))` (for a layout tiler, the
    /// logical divide itself).
    check_zipped_divide => Divide("zipped_divide", Zipped);
    /// `tiled_divide(A, T) = R`: `(tiles, rest0, rest1, …)` of the zipped
    /// divide.
    check_tiled_divide => Divide("tiled_divide", Tiled);
    /// `flat_divide(A, T) = R`: `(tile0, tile1, …, rest0, rest1, …)` of the
    /// zipped divide.
    check_flat_divide => Divide("flat_divide", Flat);
}

/// `zip2_by(L, T) == r`: for a by-mode tiler, `r` is the pair of the
/// tile modes and the rest modes of `L` by `T` (each tiled mode of `L` a
/// pair `(tile, rest)`, recursively; the untiled modes among the rests);
/// for any other tiler `r` is `L`, a pair.
pub fn check_zip2_by(l: &Layout, t: &Tiler, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("zip2_by", format!("zip2_by({l}, {t})"), r);
    let pairs = |m: &Layout| !m.shape().is_int() && m.rank() == 2;
    fn tiled_are_pairs(l: &Layout, t: TilerRef<'_>) -> bool {
        match t {
            TilerRef::Modes(ts) => (0..l.rank()).all(|i| match (ts.get(i), l.mode(i)) {
                (Some(ti), Some(m)) => tiled_are_pairs(&m, ti.as_tiler()),
                (None, _) => true,
                (Some(_), None) => false,
            }),
            _ => !l.shape().is_int() && l.rank() == 2,
        }
    }
    cx.ensure(tiled_are_pairs(l, t.as_tiler()), || {
        format!("a mode of {l} tiled by {t} is not a pair")
    })?;
    let want = match t.as_tiler() {
        TilerRef::Modes(_) => Layout::concat([
            &Layout::concat(group_like(l, t.as_tiler(), true, Skip::Pair).iter()),
            &Layout::concat(group_like(l, t.as_tiler(), false, Skip::Pair).iter()),
        ]),
        _ => l.clone(),
    };
    cx.ensure(pairs(r), || format!("{r} is not a pair"))?;
    same_layout(&cx, Some(r.clone()), &want, "the result")
}
