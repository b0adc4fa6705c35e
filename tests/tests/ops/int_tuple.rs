//! The int-tuple functions: `shape_div`, `ceil_div`, `round_up`, `product_each`, `inner_product`, `elem_scale`, `evenly_divides`, `greatest_common_domain`, the folds (`max`, `min`, `gcd`, `sum`), `shape_min`, `product_like`, `prefix_product`, `abs`, `repeat_like`, `make_int_tuple(_from)` and the scans: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{
    coarsen, leaves, relabel, replace_text, run, shape, tree, tree_text, with_leaves,
};
use cute_dynamic::IntTuple;
use cute_tools::{apply, laws};
use proptest::prelude::*;

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
    fn greatest_common_domain(a in shape(), b in shape()) {
        let g = cute_dynamic::greatest_common_domain(&a, &b).unwrap();
        prop_assert_eq!(laws::check_greatest_common_domain(&a, &b, &g), Ok(()));
        prop_assert_eq!(cute_dynamic::greatest_common_domain(&b, &a).unwrap(), g);
    }

    #[test]
    fn folds(t in tree(-20..21)) {
        let leaves: Vec<i64> = t.leaves().collect();
        let text = t.to_string();
        type Fold = (&'static str, fn(&IntTuple) -> Result<i64, cute_dynamic::LayoutError>, fn(&IntTuple, i64) -> Result<(), laws::Violation>);
        let folds: [Fold; 4] = [
            ("max", cute_dynamic::max, laws::check_max),
            ("min", cute_dynamic::min, laws::check_min),
            ("gcd", cute_dynamic::gcd, laws::check_gcd),
            ("sum", cute_dynamic::sum, laws::check_sum),
        ];
        for (name, f, law) in folds {
            match f(&t) {
                Ok(r) => {
                    prop_assert_eq!(law(&t, r), Ok(()), "{}({}) = {}", name, text, r);
                    prop_assert!(law(&t, r + 1).is_err(), "{}({}) = {} + 1 passes", name, text, r);
                    prop_assert_eq!(apply(name, &[&text]).unwrap(), r.to_string());
                }
                Err(e) => {
                    // Only a fold over no leaf fails (the leaves are small).
                    prop_assert!(leaves.is_empty() && name != "sum", "{}({}): {}", name, text, e);
                    prop_assert_eq!(e.kind(), "invalid_argument");
                }
            }
        }
    }

    #[test]
    fn shape_min(a in 1i64..20, b in 1i64..20) {
        let (ta, tb): (IntTuple, IntTuple) = (a.to_string().parse().unwrap(), b.to_string().parse().unwrap());
        let r = cute_dynamic::shape_min(&ta, &tb).unwrap();
        prop_assert_eq!(laws::check_shape_min(&ta, &tb, r), Ok(()));
        prop_assert!(laws::check_shape_min(&ta, &tb, r + 1).is_err());
        prop_assert_eq!(apply("shape_min", &[&a.to_string(), &b.to_string()]).unwrap(), r.to_string());
    }

    #[test]
    fn product_like(t in tree(1..9), choices in prop::collection::vec(any::<bool>(), 1..12)) {
        let guide: IntTuple = coarsen(&t, &choices, &mut 0).parse().unwrap();
        let r = cute_dynamic::product_like(&t, &guide).unwrap();
        prop_assert_eq!(laws::check_product_like(&t, &guide, &r), Ok(()), "product_like({}, {}) = {}", t, guide, r);
        prop_assert_eq!(r.leaves().map(i128::from).product::<i128>(), t.leaves().map(i128::from).product::<i128>());
        prop_assert_eq!(apply("product_like", &[&t.to_string(), &guide.to_string()]).unwrap(), r.to_string());
        // A guide deeper than the tuple: an error.
        let deeper: IntTuple = format!("({},1)", guide).parse().unwrap();
        if t.is_int() || t.rank() != 2 {
            prop_assert_eq!(cute_dynamic::product_like(&t, &deeper).unwrap_err().kind(), "not_compatible");
        }
    }
}

#[test]
fn errors() {
    let t = |s: &str| s.parse::<IntTuple>().unwrap();
    assert_eq!(
        cute_dynamic::max(&t("()")).unwrap_err().kind(),
        "invalid_argument"
    );
    assert_eq!(
        cute_dynamic::shape_min(&t("(2,3)"), &t("4"))
            .unwrap_err()
            .kind(),
        "not_compatible"
    );
    assert_eq!(
        cute_dynamic::sum(&t("(9223372036854775807,1)"))
            .unwrap_err()
            .kind(),
        "overflow"
    );
    assert_eq!(
        cute_dynamic::product_like(&t("(4611686018427387904,4)"), &t("1"))
            .unwrap_err()
            .kind(),
        "overflow"
    );
}

proptest! {
    /// `prefix_product`: the law, a changed result fails it, the table
    /// prints it; with init 1 on positive leaves it is `compact_col_major`
    /// except where that puts 0 on a size-1 leaf.
    #[test]
    fn prefix_product(t in tree(-5..9), init in -4i64..5, by_mode in any::<bool>()) {
        let i: IntTuple = if by_mode && !t.is_int() {
            format!("({})", vec![init.to_string(); t.rank()].join(",")).parse().unwrap()
        } else {
            init.to_string().parse().unwrap()
        };
        let r = cute_dynamic::prefix_product(&t, &i).unwrap();
        prop_assert_eq!(laws::check_prefix_product(&t, &i, &r), Ok(()), "prefix_product({}, {}) = {}", t, i, r);
        prop_assert_eq!(apply("prefix_product", &[&t.to_string(), &i.to_string()]).unwrap(), r.to_string());
        if let Some(first) = r.leaves().next() {
            let text = r.to_string();
            let wrong: IntTuple = text.replacen(&first.to_string(), &(first + 1).to_string(), 1).parse().unwrap();
            if wrong != r {
                prop_assert!(laws::check_prefix_product(&t, &i, &wrong).is_err(), "{} passes", wrong);
            }
        }
        if init == 1 && !by_mode && t.leaves().all(|v| v > 0) {
            let c = cute_dynamic::compact_col_major(&t, 1).unwrap();
            for ((p, q), s) in r.leaves().zip(c.leaves()).zip(t.leaves()) {
                prop_assert!(p == q || (s == 1 && q == 0), "{} vs {}", r, c);
            }
        }
    }
}

/// CuTe's `prefix_product` answers and its errors.
#[test]
fn prefix_product_cute_exact() {
    let p = |a: &str, i: &str| {
        cute_dynamic::prefix_product(&a.parse().unwrap(), &i.parse().unwrap())
            .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    };
    assert_eq!(p("(2,3,4)", "1"), "(1,2,6)");
    assert_eq!(p("(4,(1,3),2)", "2"), "(2,(8,8),24)");
    assert_eq!(p("(4,(1,3))", "(2,5)"), "(2,(5,5))");
    assert_eq!(p("5", "(1,2)"), "(1,2)");
    assert_eq!(p("(4,3)", "(1,2,3)"), "not_compatible");
    assert_eq!(p("(4611686018427387904,4)", "1"), "(1,4611686018427387904)");
    assert_eq!(p("(4611686018427387904,4,2)", "1"), "overflow");
}

proptest! {
    /// `abs`: the law holds, a result with one leaf negated or changed fails
    /// it, and the table agrees.
    #[test]
    fn abs(t in tree(-20..21)) {
        let r = cute_dynamic::abs(&t).unwrap();
        prop_assert_eq!(laws::check_abs(&t, &r), Ok(()));
        if r.leaves().any(|l| l != 0) {
            let bumped: Vec<i64> = r.leaves().map(|l| if l != 0 { -l } else { l }).collect();
            let bad: IntTuple = relabel(&r, &bumped, &mut 0).parse().unwrap();
            prop_assert!(laws::check_abs(&t, &bad).is_err());
        }
        prop_assert_eq!(apply("abs", &[&t.to_string()]).unwrap(), r.to_string());
    }

    /// `repeat_like`, `make_int_tuple`, `make_int_tuple_from` and the
    /// scans: laws, the table, and the closure form against the table's
    /// operators.
    #[test]
    fn int_tuple_constructors_and_scans(
        t in tree(1..9),
        x in tree(0..4),
        values in prop::collection::vec(-50i64..50, 0..7),
        n in 1usize..8,
        init in -5i64..6,
        holes in prop::collection::vec(any::<bool>(), 1..12),
    ) {
        let r = cute_dynamic::repeat_like(&t, &x).unwrap();
        prop_assert_eq!(laws::check_repeat_like(&t, &x, &r), Ok(()));
        prop_assert!(t.is_int() || laws::check_repeat_like(&t, &x, &t).is_err() || t == r);
        let r = cute_dynamic::make_int_tuple(n, &values, init).unwrap();
        prop_assert_eq!(laws::check_make_int_tuple(n, &values, init, &r), Ok(()));
        // A template: t's leaves turned into holes where `holes` says.
        let mut k = 0;
        let template: cute_dynamic::Coord = {
            let text = t.to_string();
            let mut out = String::new();
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() || c == '-' {
                    let mut num = c.to_string();
                    while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                        num.push(chars.next().unwrap());
                    }
                    out.push_str(if holes[k % holes.len()] { "_" } else { &num });
                    k += 1;
                } else {
                    out.push(c);
                }
            }
            out.parse().unwrap()
        };
        let vals_text = format!(
            "({})",
            values.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
        );
        match cute_dynamic::fill_int_tuple_from(&template, &values) {
            Ok((filled, rest)) => {
                prop_assert_eq!(laws::check_make_int_tuple_from(&template, &values, &filled), Ok(()));
                let holes = template.to_string().matches('_').count();
                prop_assert_eq!(rest.len(), values.len() - holes);
                prop_assert_eq!(run("make_int_tuple_from", &[&template.to_string(), &vals_text]), filled.to_string());
            }
            Err(e) => prop_assert_eq!(e.kind(), "invalid_argument"),
        }
        // Scans over the top-level modes by a closure equal the table's.
        let flat = IntTuple::flat(values.iter().copied());
        let plus = |a: &IntTuple, b: cute_dynamic::IntTupleRef<'_>| {
            Ok(IntTuple::int(a.as_int().unwrap() + b.as_int().unwrap()))
        };
        let init_t = IntTuple::int(init);
        for (op, inclusive) in [("escan", false), ("iscan", true)] {
            let by_closure = if inclusive {
                cute_dynamic::iscan(&flat, &init_t, plus)
            } else {
                cute_dynamic::escan(&flat, &init_t, plus)
            };
            let by_table = run(op, &[&flat.to_string(), &init.to_string(), "plus"]);
            match by_closure {
                Ok(r) => {
                    prop_assert_eq!(&by_table, &r.to_string());
                    prop_assert_eq!(cute_tools::check_law(op, &[&flat.to_string(), &init.to_string(), "plus"], &by_table), Ok(()));
                }
                Err(e) => prop_assert_eq!(by_table, e.kind()),
            }
        }
    }
}
