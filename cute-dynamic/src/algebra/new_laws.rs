//! Defining properties of the int-tuple functions and of `nullspace`,
//! `domain_offset`, `dice`, `make_ordered_layout`, `make_layout_like`,
//! `greatest_common_domain` and `layout_add`, one `check_<name>(operands…,
//! result)` each: `Ok(())` when the result satisfies the property stated at
//! the top of the function's module, else a sentence saying what fails.
//! The property tests call them; they are meant to join the crate's laws
//! module.
//!
//! Layout checks enumerate at most [`MAX_ENUMERATED`] indices.
//!
//! ```
//! use cute_dynamic::{nullspace, surface_laws::check_nullspace, Layout};
//! let l: Layout = "(2,4,6):(1,2,0)".parse()?;
//! assert_eq!(check_nullspace(&l, &nullspace(&l)), Ok(()));
//! assert!(check_nullspace(&l, &"6:1".parse()?).is_err());
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::data::coordinate::{Coord, crd2idx, idx2crd};
use crate::data::int_tuple::{IntTuple, IntTupleRef};
use crate::data::layout::{Layout, LayoutRef, replace_leaves};
#[allow(unused_imports)]
use crate::prelude::*;

/// Layout checks look at indices below this bound only.
pub const MAX_ENUMERATED: i64 = 4096;

type Law = Result<(), String>;

fn ensure(ok: bool, msg: impl FnOnce() -> String) -> Law {
    if ok { Ok(()) } else { Err(msg()) }
}

fn size128(t: IntTupleRef<'_>) -> i128 {
    t.leaves().map(i128::from).product()
}

// ---------------------------------------------------------------------
// Int tuples
// ---------------------------------------------------------------------

/// `shape_div(a, b) == r`: exact division or `±1` for integers; mode by mode
/// for two tuples; for a tuple by an integer, `r` is congruent to `a`, each
/// leaf of `r` divides the leaf of `a`, and `size(r)·b == size(a)` when `b`
/// divides `size(a)` (positive leaves).
pub fn check_shape_div(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Law {
    shape_div_law(a.as_ref(), b.as_ref(), r.as_ref())
}

fn shape_div_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Law {
    match (a.as_int(), b.as_int()) {
        (Some(x), _) => {
            let y = size128(b);
            let v = i128::from(
                r.as_int()
                    .ok_or_else(|| format!("shape_div({a}, {b}) = {r} is not an integer"))?,
            );
            let x = i128::from(x);
            let ok = if y != 0 && x % y == 0 {
                v * y == x
            } else {
                x != 0 && y % x == 0 && v == x.signum() * y.signum()
            };
            ensure(ok, || {
                format!("shape_div({a}, {b}) = {r}: neither the quotient nor ±1")
            })
        }
        (None, None) => {
            ensure(
                r.rank() == a.rank() && !r.is_int() && a.rank() == b.rank(),
                || format!("shape_div({a}, {b}) = {r}: ranks differ"),
            )?;
            for ((x, y), z) in a.children().zip(b.children()).zip(r.children()) {
                shape_div_law(x, y, z)?;
            }
            Ok(())
        }
        (None, Some(y)) => {
            ensure(r.congruent(a), || {
                format!("shape_div({a}, {b}) = {r} is not congruent to {a}")
            })?;
            if y > 0 && a.leaves().all(|v| v > 0) {
                for (x, z) in a.leaves().zip(r.leaves()) {
                    ensure(z > 0 && x % z == 0, || {
                        format!("shape_div({a}, {b}) = {r}: leaf {z} does not divide {x}")
                    })?;
                }
                let sa = size128(a);
                if sa % i128::from(y) == 0 {
                    ensure(size128(r) * i128::from(y) == sa, || {
                        format!("shape_div({a}, {b}) = {r}: size(r)·{y} != size(a) = {sa}")
                    })?;
                }
            }
            Ok(())
        }
    }
}

/// `ceil_div(a, b) == r`: `⌈a/b⌉` for integers; mode by mode (missing modes
/// of `b` are 1) for two tuples; for a tuple by an integer, `r` is congruent
/// to `a`, `1 ≤ rᵢ ≤ aᵢ`, and `r == shape_div(a, b)` wherever that is defined.
pub fn check_ceil_div(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Law {
    ceil_div_law(a.as_ref(), b.as_ref(), r.as_ref())
}

fn ceil_div_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Law {
    let one = IntTuple::int(1);
    match (a.as_int(), b.as_int()) {
        (Some(x), _) => {
            let (x, y) = (i128::from(x), size128(b));
            let v = i128::from(
                r.as_int()
                    .ok_or_else(|| format!("ceil_div({a}, {b}) = {r} is not an integer"))?,
            );
            ensure(v * y >= x && (v - 1) * y < x.max(1) && v >= 0, || {
                format!("ceil_div({a}, {b}) = {r} is not the ceiling of {x}/{y}")
            })
        }
        (None, None) => {
            ensure(
                !r.is_int() && r.rank() == a.rank() && b.rank() <= a.rank(),
                || format!("ceil_div({a}, {b}) = {r}: ranks differ"),
            )?;
            for (k, (x, z)) in a.children().zip(r.children()).enumerate() {
                ceil_div_law(x, b.get(k).unwrap_or(one.as_ref()), z)?;
            }
            Ok(())
        }
        (None, Some(_)) => {
            ensure(r.congruent(a), || {
                format!("ceil_div({a}, {b}) = {r} is not congruent to {a}")
            })?;
            for (x, z) in a.leaves().zip(r.leaves()) {
                ensure(x < 1 || (1 <= z && z <= x), || {
                    format!("ceil_div({a}, {b}) = {r}: leaf {z} outside 1..={x}")
                })?;
            }
            if let Ok(s) = crate::shape_div(&a.to_owned(), &b.to_owned()) {
                ensure(s.as_ref() == r, || {
                    format!("ceil_div({a}, {b}) = {r} differs from shape_div = {s}")
                })?;
            }
            Ok(())
        }
    }
}

/// `round_up(a, b) == r`: the least multiple of `b` that is `≥ a`, leaf by
/// leaf (missing modes of `b` are 1).
pub fn check_round_up(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Law {
    round_up_law(a.as_ref(), b.as_ref(), r.as_ref())
}

fn round_up_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Law {
    let one = IntTuple::int(1);
    match (a.as_int(), b.as_int(), r.as_int()) {
        (Some(x), Some(y), Some(v)) => ensure(y > 0 && v % y == 0 && v >= x && v - x < y, || {
            format!("round_up({a}, {b}) = {r} is not the least multiple of {y} at least {x}")
        }),
        (None, None, None) if r.rank() == a.rank() && b.rank() <= a.rank() => {
            for (k, (x, z)) in a.children().zip(r.children()).enumerate() {
                round_up_law(x, b.get(k).unwrap_or(one.as_ref()), z)?;
            }
            Ok(())
        }
        _ => Err(format!("round_up({a}, {b}) = {r}: profiles differ")),
    }
}

/// `product_each(a) == r`: `r` is flat, one leaf per mode of `a`, the size of
/// that mode.
pub fn check_product_each(a: &IntTuple, r: &IntTuple) -> Law {
    ensure(
        !r.is_int() && r.rank() == a.rank() && r.depth() <= 1,
        || format!("product_each({a}) = {r} does not have one leaf per mode"),
    )?;
    for (m, v) in a.as_ref().modes().zip(r.leaves()) {
        ensure(size128(m) == i128::from(v), || {
            format!("product_each({a}) = {r}: size({m}) != {v}")
        })?;
    }
    Ok(())
}

/// `inner_product(a, b) == r`: `Σ aᵢ·bᵢ` over the leaves (congruent).
pub fn check_inner_product(a: &IntTuple, b: &IntTuple, r: i64) -> Law {
    ensure(congruent(a, b), || {
        format!("inner_product({a}, {b}): not congruent")
    })?;
    let want: i128 = a
        .leaves()
        .zip(b.leaves())
        .map(|(x, y)| i128::from(x) * i128::from(y))
        .sum();
    ensure(want == i128::from(r), || {
        format!("inner_product({a}, {b}) = {r}, want {want}")
    })
}

fn congruent(a: &IntTuple, b: &IntTuple) -> bool {
    a.as_ref().congruent(b.as_ref())
}

/// `elem_scale(a, b) == r`: `r` congruent to `a`, each leaf of `a` times the
/// size of the matching mode of `b`.
pub fn check_elem_scale(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Law {
    ensure(congruent(a, r), || {
        format!("elem_scale({a}, {b}) = {r} is not congruent to {a}")
    })?;
    elem_scale_law(a.as_ref(), b.as_ref(), r.as_ref())
}

fn elem_scale_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Law {
    match (a.as_int(), r.as_int()) {
        (Some(x), Some(v)) => ensure(i128::from(x) * size128(b) == i128::from(v), || {
            format!("elem_scale: {x}·size({b}) != {v}")
        }),
        _ => {
            for (k, (x, z)) in a.children().zip(r.children()).enumerate() {
                let y = b
                    .get(k)
                    .ok_or_else(|| format!("elem_scale: {b} has no mode {k}"))?;
                elem_scale_law(x, y, z)?;
            }
            Ok(())
        }
    }
}

/// `evenly_divides(shape, tiler) == r`: when `r`, every integer of the tiler
/// divides the size of the matching part of the shape; when every pairing
/// is integer by integer, `r` holds exactly when each divides.
pub fn check_evenly_divides(shape: &IntTuple, tiler: &IntTuple, r: bool) -> Law {
    let mut all_divide = true;
    let mut simple = true;
    pairings(shape.as_ref(), tiler.as_ref(), &mut all_divide, &mut simple);
    if r {
        ensure(all_divide, || {
            format!("evenly_divides({shape}, {tiler}) is true but a tile does not divide its mode")
        })?;
    }
    if simple {
        ensure(r == all_divide, || {
            format!("evenly_divides({shape}, {tiler}) = {r}, but divisibility says {all_divide}")
        })?;
    }
    Ok(())
}

fn pairings(a: IntTupleRef<'_>, b: IntTupleRef<'_>, all: &mut bool, simple: &mut bool) {
    match b.as_int() {
        Some(y) => {
            *simple &= a.is_int();
            *all &= y != 0 && size128(a) % i128::from(y) == 0;
        }
        None => {
            if b.rank() > a.rank() {
                *all = false;
                return;
            }
            for (k, y) in b.children().enumerate() {
                match a.get(k) {
                    Some(x) => pairings(x, y, all, simple),
                    None => *all = false,
                }
            }
        }
    }
}

// ---------------------------------------------------------------------
// Layouts
// ---------------------------------------------------------------------

/// `nullspace(l) == r`: `l(r(i)) == 0`, `r` injective into `l`'s domain, and
/// `size(r)` is the product of the sizes of `l`'s stride-0 leaves.
pub fn check_nullspace(l: &Layout, r: &Layout) -> Law {
    let want: i128 = l
        .leaf_modes()
        .filter(|&(_, d)| d == 0)
        .map(|(s, _)| i128::from(s))
        .product();
    ensure(i128::from(r.size()) == want, || {
        format!("nullspace({l}) = {r}: size should be {want}")
    })?;
    let n = r.size().min(MAX_ENUMERATED);
    let mut seen: Vec<i64> = (0..n).map(|i| r.call(i)).collect();
    for &x in &seen {
        ensure(0 <= x && x < l.size() && l.call(x) == 0, || {
            format!("nullspace({l}) = {r}: index {x} is not in the kernel")
        })?;
    }
    seen.sort_unstable();
    ensure(seen.windows(2).all(|w| w[0] != w[1]), || {
        format!("nullspace({l}) = {r} is not injective")
    })
}

/// `domain_offset(c, l) == (r, off)`: `r == l`, `off == l(c)`, and for
/// natural `c` the shifted tensor is the original one at `c + x`:
/// `l(c + x) == off + l(x)`.
pub fn check_domain_offset(coord: &IntTuple, l: &Layout, result: &(Layout, i64)) -> Law {
    let (r, off) = result;
    ensure(r == l, || {
        format!("domain_offset({coord}, {l}) changed the layout to {r}")
    })?;
    let want = crd2idx(coord, l).map_err(|e| e.to_string())?;
    ensure(*off == want, || {
        format!("domain_offset({coord}, {l}) = {off}, want {want}")
    })?;
    if coord.as_ref().congruent(l.shape().as_ref()) {
        for i in 0..l.size().min(64) {
            let x = idx2crd(i, l.shape());
            let sum = replace_leaves(
                coord.as_ref(),
                coord
                    .leaves()
                    .zip(x.leaves())
                    .map(|(p, q)| p.wrapping_add(q)),
            );
            if let Ok(v) = crd2idx(&sum, l) {
                ensure(v == off.wrapping_add(l.call(i)), || {
                    format!("domain_offset({coord}, {l}): l(c + {x}) = {v} != {off} + l({x})")
                })?;
            }
        }
    }
    Ok(())
}

/// `dice(c, l) == r`: `r`'s leaves are `l`'s leaves under integers of `c`,
/// in order, and `size(r) · size(slice(c, l)) == size(l)`.
pub fn check_dice(coord: &Coord, l: &Layout, r: &Layout) -> Law {
    let mut want = Vec::new();
    kept(coord, l.as_ref(), &mut want)?;
    let got: Vec<(i64, i64)> = r.leaf_modes().collect();
    ensure(got == want, || {
        format!("dice({coord}, {l}) = {r}: leaves {got:?}, want {want:?}")
    })?;
    if let Ok((s, _)) = l.slice(coord) {
        ensure(
            i128::from(s.size()) * i128::from(r.size()) == i128::from(l.size()),
            || format!("dice({coord}, {l}) = {r} and slice = {s} do not split {l}"),
        )?;
    }
    Ok(())
}

fn kept(c: &Coord, m: LayoutRef<'_>, out: &mut Vec<(i64, i64)>) -> Law {
    match c {
        Coord::Int(_) => out.extend(m.leaf_modes()),
        Coord::Hole => {}
        Coord::Tuple(items) => {
            ensure(!m.is_int() && items.len() == m.rank(), || {
                format!("dice: {c} does not match {m}")
            })?;
            for (ci, mi) in items.iter().zip(m.modes()) {
                kept(ci, mi, out)?;
            }
        }
    }
    Ok(())
}

/// The sorted-stride test: the leaves, sorted by stride, have strides
/// `1, s₀, s₀·s₁, …` (a bijection onto `[0, Π s)`).
fn compact(leaves: &mut [(i64, i64)]) -> bool {
    leaves.sort_unstable_by_key(|&(s, d)| (d, s));
    let mut cur = 1i128;
    for &(s, d) in leaves.iter() {
        if i128::from(d) != cur {
            return false;
        }
        cur *= i128::from(s);
    }
    true
}

/// `make_ordered_layout(shape, order) == r`: shape `shape`, compact, size-1
/// leaves at stride 0, and strides increasing with (order value, leaf
/// position) over the leaves of size > 1.
pub fn check_make_ordered_layout(shape: &IntTuple, order: &IntTuple, r: &Layout) -> Law {
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

fn leaf_orders(shape: IntTupleRef<'_>, order: IntTupleRef<'_>, out: &mut Vec<i64>) {
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
fn ordered_law(r: &Layout, orders: &[Option<i64>], what: &dyn Fn() -> String) -> Law {
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

/// `make_layout_like(l) == r`: same shape, stride-0 and size-1 leaves at
/// stride 0, the others compact and in the order of `l`'s strides.
pub fn check_make_layout_like(l: &Layout, r: &Layout) -> Law {
    ensure(r.shape() == l.shape(), || {
        format!("make_layout_like({l}) = {r}: wrong shape")
    })?;
    // Stride-0 leaves have no order: they must get stride 0.
    let orders: Vec<Option<i64>> = l.leaf_modes().map(|(_, d)| (d != 0).then_some(d)).collect();
    ordered_law(r, &orders, &|| format!("make_layout_like({l}) = {r}"))
}

/// `greatest_common_domain(a, b) == g`: a flat tuple layout, strictly
/// increasing and injective, `size(g)` divides `gcd(size(a), size(b))`, and
/// `column_major(a) ∘ g`, `column_major(b) ∘ g` are admissible.
pub fn check_greatest_common_domain(a: &IntTuple, b: &IntTuple, g: &Layout) -> Law {
    let what = || format!("greatest_common_domain({a}, {b}) = {g}");
    ensure(!g.shape().is_int() && g.depth() == 1, || {
        format!("{}: not a flat tuple", what())
    })?;
    if g.rank() == 1 && g.leaf_modes().eq([(1, 0)]) {
        return Ok(());
    }
    let mut end = 1i128;
    for (s, d) in g.leaf_modes() {
        ensure(s > 1 && i128::from(d) >= end, || {
            format!("{}: not increasing", what())
        })?;
        end = i128::from(d) * i128::from(s);
    }
    let (sa, sb, sg) = (
        size128(a.as_ref()),
        size128(b.as_ref()),
        i128::from(g.size()),
    );
    ensure(sa % sg == 0 && sb % sg == 0, || {
        format!("{}: size does not divide", what())
    })?;
    for t in [a, b] {
        let c = Layout::column_major(t).map_err(|e| e.to_string())?;
        crate::composition(&c, g).map_err(|e| format!("{}: {c} ∘ g: {e}", what()))?;
    }
    Ok(())
}

/// `layout_add(a, b) == r`: equal sizes and `r(i) == a(i) + b(i)`.
pub fn check_layout_add(a: &Layout, b: &Layout, r: &Layout) -> Law {
    ensure(r.size() == a.size() && a.size() == b.size(), || {
        format!("layout_add({a}, {b}) = {r}: sizes differ")
    })?;
    for i in 0..r.size().min(MAX_ENUMERATED) {
        let want = i128::from(a.call(i)) + i128::from(b.call(i));
        ensure(i128::from(r.call(i)) == want, || {
            format!(
                "layout_add({a}, {b}) = {r}: at {i} got {}, want {want}",
                r.call(i)
            )
        })?;
    }
    Ok(())
}

/// `tile_to_shape(block, shape, order) == r`: mode `i` of `r` has the size of
/// mode `i` of `shape`, and its first `size(blockᵢ)` indices are `blockᵢ`
/// (each tile is a copy of the block).
pub fn check_tile_to_shape(block: &Layout, shape: &IntTuple, r: &Layout) -> Law {
    let what = || format!("tile_to_shape({block}, {shape}) = {r}");
    ensure(r.rank() == shape.rank(), || {
        format!("{}: rank differs", what())
    })?;
    for (i, m) in shape.as_ref().modes().enumerate() {
        let ri = r.as_ref().mode(i).ok_or_else(what)?;
        ensure(i128::from(ri.size()) == size128(m), || {
            format!("{}: mode {i} has the wrong size", what())
        })?;
        if let Some(bi) = block.as_ref().mode(i).filter(|_| i < block.rank()) {
            let (ri, bi) = (ri.to_owned(), bi.to_owned());
            for j in 0..bi.size().min(MAX_ENUMERATED) {
                ensure(ri.call(j) == bi.call(j), || {
                    format!(
                        "{}: mode {i} at {j} is not the block's {}",
                        what(),
                        bi.call(j)
                    )
                })?;
            }
        }
    }
    Ok(())
}

/// `domain_distribute(shape, n) == r`: `size(r)` divides `n`, `r` is
/// strictly increasing, and `column_major(shape) ∘ r` is admissible.
pub fn check_domain_distribute(shape: &IntTuple, n: i64, r: &Layout) -> Law {
    let what = || format!("domain_distribute({shape}, {n}) = {r}");
    ensure(r.size() >= 1 && n % r.size() == 0, || {
        format!("{}: size does not divide {n}", what())
    })?;
    let mut prev = -1i64;
    for i in 0..r.size().min(MAX_ENUMERATED) {
        let v = r.call(i);
        ensure(v > prev, || format!("{}: not increasing at {i}", what()))?;
        prev = v;
    }
    let c = Layout::column_major(shape).map_err(|e| e.to_string())?;
    crate::composition(&c, r).map_err(|e| format!("{}: {c} ∘ r: {e}", what()))?;
    Ok(())
}

/// `lex_less(a, b) == r`: for congruent tuples, the lexicographic order of
/// the leaf sequences.
pub fn check_lex_less(a: &IntTuple, b: &IntTuple, r: bool) -> Law {
    if congruent(a, b) {
        let want = a.leaves().lt(b.leaves());
        ensure(r == want, || {
            format!("lex_less({a}, {b}) = {r}, want {want}")
        })?;
    }
    Ok(())
}

/// `colex_less(a, b) == r`: for congruent tuples, the lexicographic order
/// of the reversed leaf sequences.
pub fn check_colex_less(a: &IntTuple, b: &IntTuple, r: bool) -> Law {
    if congruent(a, b) {
        let (x, y): (Vec<i64>, Vec<i64>) = (a.leaves().collect(), b.leaves().collect());
        let want = x.iter().rev().lt(y.iter().rev());
        ensure(r == want, || {
            format!("colex_less({a}, {b}) = {r}, want {want}")
        })?;
    }
    Ok(())
}

/// `elem_less(a, b) == r`: for congruent tuples, every leaf of `a` is less
/// than the matching leaf of `b`.
pub fn check_elem_less(a: &IntTuple, b: &IntTuple, r: bool) -> Law {
    if congruent(a, b) {
        let want = a.leaves().zip(b.leaves()).all(|(x, y)| x < y);
        ensure(r == want, || {
            format!("elem_less({a}, {b}) = {r}, want {want}")
        })?;
    }
    Ok(())
}
