//! Shared helpers for the workspace tests: random layouts for property
//! tests and the executable post-conditions of every operation (docs/semantics.md#operations),
//! checked by brute-force evaluation.
#![forbid(unsafe_code)]

/// The README's Rust examples, run as doctests so the front door stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

use std::collections::BTreeSet;

use cute_dynamic::Layout;
use proptest::prelude::*;

/// Number of proptest cases per property: 2,000 by default, more with
/// `CUTE_PROPTEST_CASES=N`.
pub fn cases() -> u32 {
    std::env::var("CUTE_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

/// Render leaves `(shape, stride)` as a layout, wrapping runs of leaves in
/// parentheses where `group` says so (a random hierarchy).
pub fn layout_text(leaves: &[(i64, i64)], group: &[bool], wrap_top: bool) -> String {
    let mut shapes = Vec::new();
    let mut strides = Vec::new();
    let mut i = 0;
    while i < leaves.len() {
        let take = if group.get(i).copied().unwrap_or(false) && i + 1 < leaves.len() {
            2
        } else {
            1
        };
        let part = &leaves[i..i + take];
        if take == 1 {
            shapes.push(part[0].0.to_string());
            strides.push(part[0].1.to_string());
        } else {
            shapes.push(format!("({},{})", part[0].0, part[1].0));
            strides.push(format!("({},{})", part[0].1, part[1].1));
        }
        i += take;
    }
    if shapes.len() == 1 && !wrap_top {
        format!("{}:{}", shapes[0], strides[0])
    } else {
        format!("({}):({})", shapes.join(","), strides.join(","))
    }
}

/// Random layouts: 1-4 leaves, shapes 1-8, strides 0-`max_stride`, random
/// grouping.
pub fn arb_layout(max_stride: i64) -> impl Strategy<Value = Layout> {
    (
        prop::collection::vec((1i64..=8, 0i64..=max_stride), 1..=4),
        prop::collection::vec(any::<bool>(), 4),
        any::<bool>(),
    )
        .prop_map(|(leaves, group, wrap)| {
            layout_text(&leaves, &group, wrap)
                .parse()
                .expect("valid layout")
        })
}

/// Random compact-ish layouts whose strides are products of earlier shapes
/// (the admissible cases composition and divides are built for), permuted.
pub fn arb_admissible_layout() -> impl Strategy<Value = Layout> {
    (
        prop::collection::vec(1i64..=6, 1..=4),
        any::<u64>(),
        prop::collection::vec(any::<bool>(), 4),
        any::<bool>(),
    )
        .prop_map(|(shapes, seed, group, wrap)| {
            let mut order: Vec<usize> = (0..shapes.len()).collect();
            let mut s = seed;
            for i in (1..order.len()).rev() {
                order.swap(i, (s % (i as u64 + 1)) as usize);
                s /= 7;
            }
            let mut strides = vec![0; shapes.len()];
            let mut cur = 1;
            for &i in &order {
                strides[i] = cur;
                cur *= shapes[i];
            }
            let leaves: Vec<_> = shapes.into_iter().zip(strides).collect();
            layout_text(&leaves, &group, wrap)
                .parse()
                .expect("valid layout")
        })
}

/// The image of `l` over its domain, as a set.
pub fn image(l: &Layout) -> BTreeSet<i64> {
    (0..l.size()).map(|i| l.call(i)).collect()
}

/// The offsets of `l` in domain order.
pub fn values(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.call(i)).collect()
}

/// Injective on its domain.
pub fn injective(l: &Layout) -> bool {
    image(l).len() as i64 == l.size()
}

/// `coalesce`: same size, depth ≤ 1, same values, no size-1 modes unless
/// `1:0`, no two adjacent modes that merge.
pub fn check_coalesce(l: &Layout, r: &Layout) -> Result<(), String> {
    if r.size() != l.size() || r.depth() > 1 || values(r) != values(l) {
        return Err(format!("coalesce({l}) = {r}: not the same function"));
    }
    let modes: Vec<_> = r.leaf_modes().collect();
    if modes.len() > 1 {
        if modes.iter().any(|m| m.0 == 1) {
            return Err(format!("coalesce({l}) = {r}: keeps a size-1 mode"));
        }
        if modes.windows(2).any(|w| w[0].0 * w[0].1 == w[1].1) {
            return Err(format!("coalesce({l}) = {r}: not minimal"));
        }
    }
    Ok(())
}

/// `composition`: `R(i) == A(B(i))` for every `i < size(B)`, and `B`'s shape
/// compatible with `R`'s.
pub fn check_composition(a: &Layout, b: &Layout, r: &Layout) -> Result<(), String> {
    if !b.shape().as_ref().compatible(r.shape().as_ref()) {
        return Err(format!("{a} ∘ {b} = {r}: shape not compatible with B"));
    }
    for i in 0..b.size() {
        if r.call(i) != a.call(b.call(i)) {
            return Err(format!(
                "{a} ∘ {b} = {r}: R({i}) = {} but A(B({i})) = {}",
                r.call(i),
                a.call(b.call(i))
            ));
        }
    }
    Ok(())
}

/// `complement(A, M)`: strictly increasing, image disjoint from `A`'s
/// (`R(k) ∉ image(A)` for `0 < k < size(R)`), and when admissible, `(A, R)`
/// is a bijection onto `[0, size(A)·size(R))` with that size `≥ M`.
pub fn check_complement(a: &Layout, m: i64, r: &Layout) -> Result<(), String> {
    let img = image(a);
    let v = values(r);
    if v.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!(
            "complement({a},{m}) = {r}: not strictly increasing"
        ));
    }
    if v.iter().skip(1).any(|x| img.contains(x)) {
        return Err(format!("complement({a},{m}) = {r}: images overlap"));
    }
    if cute_dynamic::is_complement_admissible(a, m) && injective(a) {
        let both = Layout::concat([a, r]);
        let n = both.size();
        if n < m || image(&both) != (0..n).collect() {
            return Err(format!(
                "complement({a},{m}) = {r}: (A,R) is not a bijection onto [0,{n}) ⊇ [0,{m})"
            ));
        }
    }
    Ok(())
}

/// CuTe's complement condition: with the leaves of size > 1 and stride ≠ 0
/// sorted by (stride, shape), each stride is at least the extent (shape ×
/// stride) of the previous one.
pub fn strides_nest(a: &Layout) -> bool {
    let mut m: Vec<(i64, i64)> = a
        .leaf_modes()
        .filter(|&(s, d)| s > 1 && d != 0)
        .map(|(s, d)| (d, s))
        .collect();
    m.sort_unstable();
    let mut cur = 1;
    for (d, s) in m {
        if d < cur {
            return false;
        }
        cur = s * d;
    }
    true
}
