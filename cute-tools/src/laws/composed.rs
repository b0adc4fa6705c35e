//! The laws of the algebra of swizzled layouts: composition, divides and
//! slices (cute-dynamic's `algebra/composed.rs`).

use super::*;

/// The swizzle and the offset of `a` kept by `r` (the algebra of a
/// swizzled layout goes into its inner layout).
pub(super) fn same_outer(
    cx: &Ctx,
    a: &SwizzledLayout,
    r: &SwizzledLayout,
) -> Result<(), Violation> {
    cx.ensure(
        r.swizzle() == a.swizzle() && r.offset() == a.offset(),
        || {
            format!(
                "the swizzle and offset {} o {} must be kept",
                a.swizzle(),
                a.offset()
            )
        },
    )
}

/// `(Sw ∘ O ∘ L) ∘ B = R` for a layout or tiler `B` (CuTe's composition of a
/// `ComposedLayout`): `R = Sw ∘ O ∘ R'` with `R' = L ∘ B` by the
/// composition law, and for a layout `B` (an integer tile `n` reads `n:1`)
/// `R(i) == Sw(O + L(B(i)))` for every `i < size(B)`.
pub fn check_swizzled_composition<T: AsTiler + ?Sized>(
    a: &SwizzledLayout,
    b: &T,
    r: &SwizzledLayout,
) -> Result<(), Violation> {
    let t = b.as_tiler();
    let cx = Ctx::new("swizzled_composition", format!("({a}) ∘ {t}"), r);
    same_outer(&cx, a, r)?;
    check_composition(a.layout(), b, r.layout())?;
    let b = match t {
        TilerRef::Layout(b) => b.to_owned(),
        TilerRef::Int(n) => Layout::int(n, 1),
        TilerRef::Hole | TilerRef::Modes(_) => return Ok(()),
    };
    for i in points(b.size()) {
        let want = a
            .swizzle()
            .apply(a.offset().wrapping_add(a.layout().call(b.call(i))));
        let got = r.call(i);
        if got != want {
            return Err(cx.fail(
                Some(i.to_string()),
                format!("R({i}) = {got} but Sw(O + L(B({i}))) = {want}"),
            ));
        }
    }
    Ok(())
}

/// `divide(Sw ∘ O ∘ L, T) = R` for one of the divides, given by its law
/// (`check_logical_divide`, `check_zipped_divide`, …): `R = Sw ∘ O ∘ R'`
/// with `R'` satisfying that law on `(L, T)`.
pub fn check_swizzled_divide<T: AsTiler + ?Sized>(
    a: &SwizzledLayout,
    t: &T,
    r: &SwizzledLayout,
    divide_law: fn(&Layout, &T, &Layout) -> Result<(), Violation>,
) -> Result<(), Violation> {
    let cx = Ctx::new("swizzled_divide", format!("({a}) ⊘ {}", t.as_tiler()), r);
    same_outer(&cx, a, r)?;
    divide_law(a.layout(), t, r.layout())
}

/// `slice(c, Sw ∘ O ∘ L) = R` (CuTe's `slice_and_offset` of a
/// `ComposedLayout`): `R` keeps `Sw`, its inner layout and `O_R − O` satisfy
/// the slice law on `(L, c)`, and `R(k) == A(c with its holes filled by R's
/// coordinate of k)` for every `k < size(R)`: the fixed part's offset went
/// into the offset, inside the swizzle.
pub fn check_swizzled_slice(
    a: &SwizzledLayout,
    c: &Coord,
    r: &SwizzledLayout,
) -> Result<(), Violation> {
    let cx = Ctx::new("swizzled_slice", format!("({a}) sliced at {c}"), r);
    cx.ensure(r.swizzle() == a.swizzle(), || {
        format!("the swizzle {} must be kept", a.swizzle())
    })?;
    let moved = r
        .offset()
        .checked_sub(a.offset())
        .ok_or_else(|| cx.fail(None, "the offsets' difference overflows".into()))?;
    check_slice(a.layout(), c, r.layout(), moved)?;
    for_each_filled(&cx, c, r.layout(), |k, full| {
        let want = a
            .call_coord(full)
            .map_err(|e| cx.fail(Some(full.to_string()), format!("A fails there: {e}")))?;
        let got = r.call(k);
        if got != want {
            return Err(cx.fail(
                Some(full.to_string()),
                format!("R({k}) = {got} but A = {want}"),
            ));
        }
        Ok(())
    })
}

/// `tile_to_shape(Sw ∘ O ∘ L, shape, order) = R` (CuTe's `tile_to_shape`
/// of a `ComposedLayout`): `R = Sw ∘ O ∘ R'` with `R' = tile_to_shape(L,
/// shape, order)` by its law, and `R(i) == Sw(O + R'(i))` for every `i`.
pub fn check_swizzled_tile_to_shape(
    a: &SwizzledLayout,
    shape: &IntTuple,
    order: Option<&IntTuple>,
    r: &SwizzledLayout,
) -> Result<(), Violation> {
    let cx = Ctx::new(
        "swizzled_tile_to_shape",
        format!("tile_to_shape({a}, {shape})"),
        r,
    );
    same_outer(&cx, a, r)?;
    check_tile_to_shape(a.layout(), shape, order, r.layout())?;
    for i in points(r.size()) {
        let want = a
            .swizzle()
            .apply(a.offset().wrapping_add(r.layout().call(i)));
        let got = r.call(i);
        if got != want {
            return Err(cx.fail(
                Some(i.to_string()),
                format!("R({i}) = {got} but Sw(O + R'({i})) = {want}"),
            ));
        }
    }
    Ok(())
}
