//! The laws of `make_ordered_layout` and `compact_order` (cute-dynamic's
//! `algebra/ordered_layout.rs`).

use super::*;

/// `make_ordered_layout(shape, order) == r`: shape `shape`, compact, size-1
/// leaves at stride 0, and strides increasing with (order value, leaf
/// position) over the leaves of size > 1.
pub fn check_make_ordered_layout(
    shape: &IntTuple,
    order: &IntTuple,
    r: &Layout,
) -> Result<(), Violation> {
    binary_law(
        "make_ordered_layout",
        shape,
        order,
        &r,
        make_ordered_layout_law_text(shape, order, r),
    )
}

/// `compact_order(S, O) = R`: `S:R` is `make_ordered_layout(S, O)`, which
/// satisfies its law.
pub fn check_compact_order(
    shape: &IntTuple,
    order: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = Layout::new(shape.clone(), r.clone())
        .map_err(|e| format!("{shape}:{r} is not a layout: {e}"))
        .and_then(|l| make_ordered_layout_law_text(shape, order, &l));
    binary_law("compact_order", shape, order, r, law)
}

pub(super) fn make_ordered_layout_law_text(
    shape: &IntTuple,
    order: &IntTuple,
    r: &Layout,
) -> Outcome {
    ensure(r.shape() == shape, || {
        format!("make_ordered_layout({shape}, {order}) = {r}: wrong shape")
    })?;
    let mut orders = Vec::new();
    leaf_orders(shape.as_ref(), order.as_ref(), &mut orders);
    let orders: Vec<Option<i64>> = orders.into_iter().map(Some).collect();
    ordered_law(r, &orders, &|| {
        format!("make_ordered_layout({shape}, {order}) = {r}")
    })
}

pub(super) fn leaf_orders(shape: IntTupleRef<'_>, order: IntTupleRef<'_>, out: &mut Vec<i64>) {
    match order.as_int() {
        Some(o) => out.extend(shape.leaves().map(|_| o)),
        None => {
            for (s, o) in shape.children().zip(order.children()) {
                leaf_orders(s, o, out);
            }
        }
    }
}

/// Leaves of size > 1 with `Some(order)`: compact and increasing in
/// (order, position); the others at stride 0.
pub(super) fn ordered_law(
    r: &Layout,
    orders: &[Option<i64>],
    what: &dyn Fn() -> String,
) -> Outcome {
    let leaves: Vec<(i64, i64)> = r.leaf_modes().collect();
    ensure(orders.len() == leaves.len(), || {
        format!("{}: profile mismatch", what())
    })?;
    let mut live: Vec<(i64, i64, i64, usize)> = Vec::new();
    for (k, (&(s, d), &o)) in leaves.iter().zip(orders).enumerate() {
        match o {
            Some(o) if s > 1 => live.push((o, d, s, k)),
            _ => ensure(d == 0, || {
                format!("{}: leaf {k} should have stride 0", what())
            })?,
        }
    }
    let mut modes: Vec<(i64, i64)> = live.iter().map(|&(_, d, s, _)| (s, d)).collect();
    ensure(compact(&mut modes), || format!("{}: not compact", what()))?;
    live.sort_unstable_by_key(|&(o, _, _, k)| (o, k));
    ensure(live.windows(2).all(|w| w[0].1 < w[1].1), || {
        format!("{}: strides do not follow the order", what())
    })
}
