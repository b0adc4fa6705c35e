//! Property tests of the int-tuple functions and of nullspace,
//! domain_offset, dice, make_ordered_layout, make_layout_like,
//! greatest_common_domain, layout_add, tile_to_shape, domain_distribute,
//! upcast and recast_layout: every result satisfies its law
//! (`cute_tools::laws::check_<name>`), and every error is the documented
//! one.

use cute_dynamic::{Coord, IntTuple, Layout};
use cute_tools::laws;
use proptest::prelude::*;

/// A random tree of depth ≤ 2 over the given leaves, as text.
fn tree_text(leaf: BoxedStrategy<i64>) -> BoxedStrategy<String> {
    leaf.prop_map(|v| v.to_string())
        .prop_recursive(2, 12, 3, |inner| {
            prop::collection::vec(inner, 1..4).prop_map(|v| format!("({})", v.join(",")))
        })
        .boxed()
}

fn tree(leaf: BoxedStrategy<i64>) -> BoxedStrategy<IntTuple> {
    tree_text(leaf).prop_map(|s| s.parse().unwrap()).boxed()
}

fn shape() -> BoxedStrategy<IntTuple> {
    tree(prop::sample::select(vec![1i64, 2, 3, 4, 5, 6, 8, 12]).boxed())
}

/// `t` with its leaves replaced, in order, by `values` (cycled), as text.
fn replace_text(t: &IntTuple, values: &[String]) -> String {
    let mut k = 0;
    let text = t.to_string();
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
            out.push_str(&values[k % values.len()]);
            k += 1;
        } else {
            out.push(c);
        }
    }
    out
}

/// `t` with its leaves replaced, in order, by `values` (cycled).
fn with_leaves(t: &IntTuple, values: &[i64]) -> IntTuple {
    let v: Vec<String> = values.iter().map(|x| x.to_string()).collect();
    replace_text(t, &v).parse().unwrap()
}

/// A layout whose shape is a random tree and whose strides come from
/// `strides` (cycled).
fn layout_from(s: &IntTuple, strides: &[i64]) -> Layout {
    Layout::new(s.clone(), with_leaves(s, strides)).unwrap()
}

fn layout() -> impl Strategy<Value = Layout> {
    (
        shape(),
        prop::collection::vec(prop_oneof![Just(0i64), -4i64..40], 1..8),
    )
        .prop_map(|(s, d)| layout_from(&s, &d))
}

/// A coordinate matching `t`'s structure: at each mode an integer, a hole,
/// or (for a tuple mode) a tuple, as `choices` says.
fn coord_like(t: &IntTuple, choices: &[u8], k: &mut usize) -> String {
    let c = choices[*k % choices.len()];
    *k += 1;
    match (t.is_int(), c % 3) {
        (_, 0) => (c as i64 % 5).to_string(),
        (_, 1) => "_".to_string(),
        (true, _) => "1".to_string(),
        (false, _) => {
            let parts: Vec<String> = (0..t.rank())
                .map(|i| coord_like(&t.get(i).unwrap().to_owned(), choices, k))
                .collect();
            format!("({})", parts.join(","))
        }
    }
}

/// The leaves of `t`, as a flat list.
fn leaves(t: &IntTuple) -> Vec<i64> {
    t.leaves().collect()
}

proptest! {
    #[test]
    fn shape_div_by_an_integer(a in shape(), b in 1i64..64) {
        match cute_dynamic::shape_div(&a, &IntTuple::int(b)) {
            Ok(r) => prop_assert_eq!(laws::check_shape_div(&a, &IntTuple::int(b), &r), Ok(())),
            Err(e) => prop_assert_eq!(e.kind(), "invalid_argument"),
        }
    }

    /// A prefix of the leaves times a divisor of the next leaf always
    /// divides out of the shape.
    #[test]
    fn shape_div_by_a_prefix(a in shape(), cut in 0usize..6, pick in 0usize..6) {
        let l = leaves(&a);
        let cut = cut.min(l.len());
        let next = l.get(cut).copied().unwrap_or(1);
        let divisors: Vec<i64> = (1..=next).filter(|d| next % d == 0).collect();
        let b = l[..cut].iter().product::<i64>() * divisors[pick % divisors.len()];
        let r = cute_dynamic::shape_div(&a, &IntTuple::int(b)).unwrap();
        prop_assert_eq!(laws::check_shape_div(&a, &IntTuple::int(b), &r), Ok(()));
        // ceil_div agrees where shape_div is defined.
        let c = cute_dynamic::ceil_div(&a, &IntTuple::int(b)).unwrap();
        prop_assert_eq!(c, r);
    }

    #[test]
    fn shape_div_mode_by_mode(a in shape(), d in prop::collection::vec(1i64..13, 1..4)) {
        let b = IntTuple::flat(d.iter().copied());
        match cute_dynamic::shape_div(&a, &b) {
            Ok(r) => prop_assert_eq!(laws::check_shape_div(&a, &b, &r), Ok(())),
            Err(e) => prop_assert!(["invalid_argument", "rank_mismatch"].contains(&e.kind())),
        }
    }

    #[test]
    fn ceil_div_and_round_up(a in shape(), b in 1i64..64, d in prop::collection::vec(1i64..9, 1..4)) {
        let bi = IntTuple::int(b);
        let r = cute_dynamic::ceil_div(&a, &bi).unwrap();
        prop_assert_eq!(laws::check_ceil_div(&a, &bi, &r), Ok(()));
        let bt = IntTuple::flat(d.iter().copied());
        match cute_dynamic::ceil_div(&a, &bt) {
            Ok(r) => prop_assert_eq!(laws::check_ceil_div(&a, &bt, &r), Ok(())),
            Err(e) => prop_assert_eq!(e.kind(), "rank_mismatch"),
        }
        let like = with_leaves(&a, &d);
        let r = cute_dynamic::round_up(&a, &like).unwrap();
        prop_assert_eq!(laws::check_round_up(&a, &like, &r), Ok(()));
    }

    #[test]
    fn products(a in shape(), v in prop::collection::vec(-5i64..6, 1..8), b in prop::collection::vec(tree_text(prop::sample::select(vec![1i64, 2, 3, 7]).boxed()), 1..4)) {
        let r = cute_dynamic::product_each(&a).unwrap();
        prop_assert_eq!(laws::check_product_each(&a, &r), Ok(()));
        let w = with_leaves(&a, &v);
        let p = cute_dynamic::inner_product(&a, &w).unwrap();
        prop_assert_eq!(laws::check_inner_product(&a, &w, p), Ok(()));
        // elem_scale by `a` with each leaf replaced by a random tree.
        let scale: IntTuple = replace_text(&a, &b).parse().unwrap();
        let r = cute_dynamic::elem_scale(&a, &scale).unwrap();
        prop_assert_eq!(laws::check_elem_scale(&a, &scale, &r), Ok(()));
    }

    #[test]
    fn evenly_divides(a in shape(), t in shape()) {
        let r = cute_dynamic::evenly_divides(&a, &t).unwrap();
        prop_assert_eq!(laws::check_evenly_divides(&a, &t, r), Ok(()));
        // A shape divides itself.
        prop_assert!(cute_dynamic::evenly_divides(&a, &a).unwrap());
    }

    #[test]
    fn nullspace(l in layout()) {
        let r = cute_dynamic::nullspace(&l);
        prop_assert_eq!(laws::check_nullspace(&l, &r), Ok(()));
        // CuTe's post-condition: the nullspace of a nullspace is trivial.
        prop_assert_eq!(cute_dynamic::nullspace(&r).size(), 1);
    }

    #[test]
    fn domain_offset(l in layout(), c in prop::collection::vec(-3i64..10, 1..8), whole in any::<bool>()) {
        let coord = if whole { IntTuple::int(c[0]) } else { with_leaves(l.shape(), &c) };
        let r = cute_dynamic::domain_offset(&coord, &l).unwrap();
        prop_assert_eq!(laws::check_domain_offset(&coord, &l, &r.0, r.1), Ok(()));
    }

    #[test]
    fn dice(l in layout(), choices in prop::collection::vec(any::<u8>(), 1..12)) {
        let mut k = 0;
        let coord: Coord = coord_like(l.shape(), &choices, &mut k).parse().unwrap();
        let r = cute_dynamic::dice(&coord, &l).unwrap();
        prop_assert_eq!(laws::check_dice(&coord, &l, &r), Ok(()));
    }

    #[test]
    fn make_ordered_layout(s in shape(), o in prop::collection::vec(0i64..6, 1..8), coarse in any::<bool>()) {
        let order = if coarse && !s.is_int() {
            IntTuple::flat((0..s.rank() as i64).map(|i| o[i as usize % o.len()] + i))
        } else {
            with_leaves(&s, &o)
        };
        match cute_dynamic::make_ordered_layout(&s, &order) {
            Ok(r) => prop_assert_eq!(laws::check_make_ordered_layout(&s, &order, &r), Ok(())),
            Err(e) => prop_assert_eq!(e.kind(), "invalid_argument"),
        }
        // Distinct orders never tie.
        let n = leaves(&s).len() as i64;
        let distinct = with_leaves(&s, &(0..n).map(|i| (i + o[0]) % n).collect::<Vec<_>>());
        let r = cute_dynamic::make_ordered_layout(&s, &distinct).unwrap();
        prop_assert_eq!(laws::check_make_ordered_layout(&s, &distinct, &r), Ok(()));
    }

    #[test]
    fn make_layout_like(l in layout()) {
        match cute_dynamic::make_layout_like(&l) {
            Ok(r) => prop_assert_eq!(laws::check_make_layout_like(&l, &r), Ok(())),
            Err(e) => prop_assert_eq!(e.kind(), "invalid_argument"),
        }
    }

    #[test]
    fn greatest_common_domain(a in shape(), b in shape()) {
        let g = cute_dynamic::greatest_common_domain(&a, &b).unwrap();
        prop_assert_eq!(laws::check_greatest_common_domain(&a, &b, &g), Ok(()));
        prop_assert_eq!(cute_dynamic::greatest_common_domain(&b, &a).unwrap(), g);
    }

    /// Two layouts over the same factors, grouped and ordered at random.
    #[test]
    fn layout_add(
        f in prop::collection::vec(prop::sample::select(vec![2i64, 3, 4, 5]), 1..5),
        perm in any::<bool>(),
        da in prop::collection::vec(prop_oneof![Just(0i64), 1i64..30], 1..6),
        db in prop::collection::vec(prop_oneof![Just(0i64), 1i64..30], 1..6),
    ) {
        let sa = IntTuple::flat(f.iter().copied());
        let mut g = f.clone();
        if perm {
            g.reverse();
        }
        let sb = IntTuple::flat(g.iter().copied());
        let (a, b) = (layout_from(&sa, &da), layout_from(&sb, &db));
        match cute_dynamic::layout_add(&a, &b) {
            Ok(r) => {
                prop_assert_eq!(laws::check_layout_add(&a, &b, &r), Ok(()));
                prop_assert_eq!(cute_dynamic::layout_add(&b, &a).unwrap(), r);
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), "not_compatible");
                prop_assert!(perm, "same shapes always add: {a} + {b}: {e}");
            }
        }
    }
}

proptest! {
    /// Compact blocks of shape leaves 1, 2, 4 (leaves in a random order)
    /// tiled to multiples of their modes.
    #[test]
    fn tile_to_shape(
        s in tree(prop::sample::select(vec![1i64, 2, 4]).boxed()),
        rot in 0i64..8,
        mult in prop::collection::vec(1i64..4, 1..4),
        extra in 0usize..2,
        shift in 0i64..4,
        ordered in any::<bool>(),
    ) {
        let n = leaves(&s).len() as i64;
        let block_order = with_leaves(&s, &(0..n).map(|i| (i + rot) % n).collect::<Vec<_>>());
        let block = cute_dynamic::make_ordered_layout(&s, &block_order).unwrap();
        let mut modes: Vec<i64> = block.as_ref().modes().enumerate()
            .map(|(i, m)| m.size() * mult[i % mult.len()]).collect();
        modes.extend((0..extra).map(|i| mult[i % mult.len()]));
        let target = if modes.len() == 1 && s.is_int() {
            IntTuple::int(modes[0])
        } else {
            IntTuple::flat(modes.iter().copied())
        };
        let n = target.rank() as i64;
        let order = IntTuple::flat((0..n).map(|i| (i + shift) % n));
        let order = ordered.then_some(&order);
        let r = cute_dynamic::tile_to_shape(&block, &target, order).unwrap();
        prop_assert_eq!(laws::check_tile_to_shape(&block, &target, order, &r), Ok(()));
    }
}

proptest! {
    #[test]
    fn domain_distribute(s in shape(), n in 1i64..100) {
        let r = cute_dynamic::domain_distribute(&s, n).unwrap();
        prop_assert_eq!(laws::check_domain_distribute(&s, n, &r), Ok(()));
    }
}

proptest! {
    /// Congruent tuples (the same tree with other leaves) and arbitrary ones.
    #[test]
    fn orders(a in tree(prop::sample::select(vec![0i64, 1, 2]).boxed()), v in prop::collection::vec(0i64..3, 1..8), c in shape()) {
        let b = with_leaves(&a, &v);
        for (x, y) in [(&a, &b), (&b, &a), (&a, &c), (&c, &a)] {
            let results = [
                cute_dynamic::lex_less(x, y),
                cute_dynamic::colex_less(x, y),
                cute_dynamic::elem_less(x, y),
            ];
            for r in &results {
                if let Err(e) = r {
                    prop_assert_eq!(e.kind(), "not_compatible");
                }
            }
            if let [Ok(lex), Ok(colex), Ok(elem)] = results {
                prop_assert_eq!(laws::check_lex_less(x, y, lex), Ok(()));
                prop_assert_eq!(laws::check_colex_less(x, y, colex), Ok(()));
                prop_assert_eq!(laws::check_elem_less(x, y, elem), Ok(()));
                // Strict orders: never both ways.
                prop_assert!(!(lex && cute_dynamic::lex_less(y, x).unwrap()));
                prop_assert!(!(colex && cute_dynamic::colex_less(y, x).unwrap()));
            }
        }
    }
}

proptest! {
    /// Every upcast and recast satisfies its law (the exact evaluation
    /// property included where it applies).
    #[test]
    fn upcast_and_recast_layout(
        l in layout(),
        n in 1i64..9,
        compact_first in any::<bool>(),
        (old, new) in (prop::sample::select(vec![4i64, 8, 16, 24, 32]), prop::sample::select(vec![4i64, 8, 16, 24, 32])),
    ) {
        // Also layouts where the exact property applies: first leaf 8:1,
        // the other strides multiples of 8.
        let l = if compact_first {
            let strides: Vec<i64> = l.leaf_modes().map(|(_, d)| d * 8).collect();
            let mut strides = strides;
            strides[0] = 1;
            let mut sizes: Vec<i64> = l.leaf_modes().map(|(s, _)| s).collect();
            sizes[0] = 8;
            Layout::new(with_leaves(l.shape(), &sizes), with_leaves(l.shape(), &strides)).unwrap()
        } else {
            l
        };
        if let Ok(r) = cute_dynamic::upcast(n, &l) {
            prop_assert_eq!(laws::check_upcast(n, &l, &r), Ok(()));
        }
        if let Ok(r) = cute_dynamic::recast_layout(old, new, &l) {
            prop_assert_eq!(laws::check_recast_layout(old, new, &l, &r), Ok(()));
        }
    }
}
