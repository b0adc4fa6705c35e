//! The laws of `tile_to_shape` (cute-dynamic's `algebra/tile_to_shape.rs`).

use super::*;

// ---------------------------------------------------------------------
// tile_to_shape
// ---------------------------------------------------------------------

/// `tile_to_shape(block, shape, order) = R`, CuTe's definition: with `N =
/// rank(shape)`, `B = append<N>(block)` (`1:0` modes appended; an integer
/// block stays itself for `N = 1`) and `O` the compact layout of the tile
/// counts `ceil_div(product_each(shape), product_each(B))` in `order`
/// (column-major when absent), `R == blocked_product(B, O)` (CuTe 4.2:
/// not coalesced, each mode `(block mode, count)`) — `product_each`,
/// `ceil_div`, the ordered layout and the blocked product each by their
/// laws. The evaluation property that
/// follows: `R` is compatible with `shape` (mode `i` of `R` has the size of
/// mode `i` of `shape`; an integer `shape` is `size(R)`), and `R(c) ==
/// B(c)` for every coordinate `c` of `B` taken mode by mode: every tile is
/// a copy of the block.
pub fn check_tile_to_shape(
    block: &Layout,
    shape: &IntTuple,
    order: Option<&IntTuple>,
    r: &Layout,
) -> Result<(), Violation> {
    let operands = match order {
        Some(o) => format!("tile_to_shape({block}, {shape}, {o})"),
        None => format!("tile_to_shape({block}, {shape})"),
    };
    let cx = Ctx::new("tile_to_shape", operands, r);
    let n = shape.rank();
    cx.ensure(block.rank() <= n, || {
        format!("rank(block) = {} > rank(shape) = {n}", block.rank())
    })?;
    let padded = if n <= 1 {
        block.clone()
    } else {
        pad_layout(block, n)
    };
    let fails =
        |what: &str, e: cute_dynamic::LayoutError| cx.fail(None, format!("{what} fails: {e}"));
    let block_shape =
        cute_dynamic::product_each(padded.shape()).map_err(|e| fails("product_each(B)", e))?;
    check_product_each(padded.shape(), &block_shape)?;
    let target = cute_dynamic::product_each(shape).map_err(|e| fails("product_each(shape)", e))?;
    check_product_each(shape, &target)?;
    let counts = cute_dynamic::ceil_div(&target, &block_shape).map_err(|e| fails("ceil_div", e))?;
    check_ceil_div(&target, &block_shape, &counts)?;
    // For an integer target, a rank-1 order is the order of its one mode.
    let order = order.map(|o| match o.get(0) {
        Some(m) if counts.is_int() && !o.is_int() && o.rank() == 1 => m.to_owned(),
        _ => o.clone(),
    });
    let arrangement = match &order {
        None => Layout::column_major(&counts),
        Some(o) => cute_dynamic::make_ordered_layout(&counts, o),
    }
    .map_err(|e| fails("the tile arrangement", e))?;
    if let Some(o) = &order {
        check_make_ordered_layout(&counts, o, &arrangement)?;
    }
    let p = cute_dynamic::blocked_product(&padded, &arrangement)
        .map_err(|e| fails("the blocked product", e))?;
    check_blocked_product(&padded, &arrangement, &p)?;
    same_layout(&cx, Some(r.clone()), &p, "the result")?;
    // The evaluation property, from the definition's result alone.
    if let Some(s) = shape.as_int() {
        cx.ensure(r.size() == s, || format!("size {} is not {s}", r.size()))?;
    } else {
        cx.ensure(!r.shape().is_int() && r.rank() == n, || {
            format!("rank {}, expected rank(shape) = {n}", r.rank())
        })?;
        for (i, m) in shape.as_ref().modes().enumerate() {
            let got = mode(r, i).size();
            cx.ensure(i128::from(got) == size128(m), || {
                format!("mode {i} has size {got}, expected size({m})")
            })?;
        }
    }
    let sizes: Vec<i64> = (0..n).map(|i| mode(&padded, i).size().max(1)).collect();
    for j in points(padded.size()) {
        let want = padded.call(j);
        let (got, at) = if n <= 1 {
            (r.call(j), j.to_string())
        } else {
            let mut rest = j;
            let c = IntTuple::flat(sizes.iter().map(|&s| {
                let u = rest % s;
                rest /= s;
                u
            }));
            let got = r
                .call_coord(&c)
                .map_err(|e| cx.fail(Some(c.to_string()), format!("R fails there: {e}")))?;
            (got, c.to_string())
        };
        if got != want {
            return Err(cx.fail(
                Some(at),
                format!("R = {got} but the block gives {want}: a tile is not a copy of the block"),
            ));
        }
    }
    Ok(())
}
