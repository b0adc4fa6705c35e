//! The orders and compatibility tests: `lex_less`, `colex_less`, `elem_less` and their `leq`/`gtr`/`geq` forms, `weakly_compatible`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{coarsen, relabel, shape, tree, tree_of, with_leaves};
use cute_dynamic::IntTuple;
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    /// Congruent tuples (the same tree with other leaves) and arbitrary ones.
    #[test]
    fn orders(a in tree_of(prop::sample::select(vec![0i64, 1, 2]).boxed()), v in prop::collection::vec(0i64..3, 1..8), c in shape()) {
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

    /// `elem_leq`, `elem_gtr`, `elem_geq` on congruent and arbitrary pairs:
    /// the law holds, the negated answer fails it, each is CuTe's
    /// `elem_less` with swapped or negated operands, and the table agrees.
    #[test]
    fn elem_orders(a in tree(0..3), v in prop::collection::vec(0i64..3, 1..8), c in tree(0..3)) {
        let b: IntTuple = relabel(&a, &v, &mut 0).parse().unwrap();
        type Cmp = (&'static str, fn(&IntTuple, &IntTuple) -> Result<bool, cute_dynamic::LayoutError>, fn(&IntTuple, &IntTuple, bool) -> Result<(), laws::Violation>);
        let cmps: [Cmp; 3] = [
            ("elem_leq", cute_dynamic::elem_leq, laws::check_elem_leq),
            ("elem_gtr", cute_dynamic::elem_gtr, laws::check_elem_gtr),
            ("elem_geq", cute_dynamic::elem_geq, laws::check_elem_geq),
        ];
        for (x, y) in [(&a, &b), (&b, &a), (&a, &c), (&c, &a)] {
            let less_yx = cute_dynamic::elem_less(y, x);
            let less_xy = cute_dynamic::elem_less(x, y);
            for (name, f, law) in cmps {
                let want = match name {
                    "elem_leq" => less_yx.clone().map(|r| !r),
                    "elem_gtr" => less_yx.clone(),
                    _ => less_xy.clone().map(|r| !r),
                };
                match f(x, y) {
                    Ok(r) => {
                        prop_assert_eq!(Ok(r), want.clone());
                        prop_assert_eq!(law(x, y, r), Ok(()), "{}({}, {}) = {}", name, x, y, r);
                        if x.as_ref().congruent(y.as_ref()) {
                            prop_assert!(law(x, y, !r).is_err(), "{}({}, {}) = {} negated passes", name, x, y, r);
                        }
                        prop_assert_eq!(apply(name, &[&x.to_string(), &y.to_string()]).unwrap(), r.to_string());
                    }
                    Err(e) => {
                        prop_assert!(want.is_err());
                        prop_assert_eq!(e.kind(), "not_compatible");
                        prop_assert!(e.to_string().starts_with(name), "{}", e);
                    }
                }
            }
        }
    }

    /// `weakly_compatible`: the law holds and its negation fails; a
    /// compatible pair is weakly compatible, a weakly compatible one weakly
    /// congruent; the table agrees.
    #[test]
    fn weakly_compatible(a in tree(-6..7), choices in prop::collection::vec(any::<bool>(), 1..12), c in tree(-6..7)) {
        let coarse: IntTuple = coarsen(&a, &choices, &mut 0).parse().unwrap();
        for (x, y) in [(&coarse, &a), (&a, &coarse), (&a, &c), (&c, &a)] {
            match cute_dynamic::weakly_compatible(x, y) {
                Ok(r) => {
                    prop_assert_eq!(laws::check_weakly_compatible(x, y, r), Ok(()));
                    prop_assert!(laws::check_weakly_compatible(x, y, !r).is_err());
                    if cute_dynamic::compatible(x, y) {
                        prop_assert!(r, "compatible({}, {}) but not weakly", x, y);
                    }
                    if r {
                        prop_assert!(cute_dynamic::weakly_congruent(x, y));
                    }
                    prop_assert_eq!(apply("weakly_compatible", &[&x.to_string(), &y.to_string()]).unwrap(), r.to_string());
                }
                Err(e) => {
                    prop_assert_eq!(e.kind(), "invalid_argument");
                    prop_assert!(x.leaves().any(|l| l == 0), "{}", e);
                }
            }
        }
        // A coarsening with leaf 1 everywhere divides any size.
        prop_assert_eq!(cute_dynamic::weakly_compatible(&coarse, &a), Ok(true));
    }
}

#[test]
fn elem_orders_weakly_compatible_abs_cute_exact() {
    let t = |s: &str| s.parse::<IntTuple>().unwrap();
    assert_eq!(cute_dynamic::elem_leq(&t("(1,2)"), &t("(1,2)")), Ok(true));
    assert_eq!(cute_dynamic::elem_geq(&t("(1,2)"), &t("(1,2)")), Ok(true));
    assert_eq!(cute_dynamic::elem_gtr(&t("(1,2)"), &t("(1,2)")), Ok(false));
    assert_eq!(
        cute_dynamic::weakly_compatible(&t("(2,3)"), &t("(8,(3,3))")),
        Ok(true)
    );
    assert_eq!(
        cute_dynamic::weakly_compatible(&t("12"), &t("(8,(3,3))")),
        Ok(true)
    );
    assert_eq!(
        cute_dynamic::weakly_compatible(&t("0"), &t("8"))
            .unwrap_err()
            .kind(),
        "invalid_argument"
    );
    assert_eq!(
        cute_dynamic::abs(&t("(-9223372036854775808)"))
            .unwrap_err()
            .kind(),
        "overflow"
    );
}

proptest! {
    /// `lex_leq`/`lex_gtr`/`lex_geq` and the colex three: CuTe's swaps and
    /// negations of `lex_less`/`colex_less` (errors named by the function
    /// called), the law, its negation failing on congruent pairs, and the
    /// table.
    #[test]
    fn lex_colex_orders(a in tree(0..3), v in prop::collection::vec(0i64..3, 1..8), c in tree(0..3)) {
        let b: IntTuple = relabel(&a, &v, &mut 0).parse().unwrap();
        type F = fn(&IntTuple, &IntTuple) -> Result<bool, cute_dynamic::LayoutError>;
        let cmps: [(&str, F, F, bool, bool); 6] = [
            ("lex_leq", cute_dynamic::lex_leq, cute_dynamic::lex_less, true, true),
            ("lex_gtr", cute_dynamic::lex_gtr, cute_dynamic::lex_less, true, false),
            ("lex_geq", cute_dynamic::lex_geq, cute_dynamic::lex_less, false, true),
            ("colex_leq", cute_dynamic::colex_leq, cute_dynamic::colex_less, true, true),
            ("colex_gtr", cute_dynamic::colex_gtr, cute_dynamic::colex_less, true, false),
            ("colex_geq", cute_dynamic::colex_geq, cute_dynamic::colex_less, false, true),
        ];
        for (x, y) in [(&a, &b), (&b, &a), (&a, &c), (&c, &a)] {
            for (name, f, less, swap, negate) in cmps {
                let base = if swap { less(y, x) } else { less(x, y) };
                match f(x, y) {
                    Ok(r) => {
                        prop_assert_eq!(Ok(r), base.map(|l| l != negate));
                        prop_assert_eq!(laws::check_lex_order(name, x, y, r), Ok(()));
                        if x.as_ref().congruent(y.as_ref()) {
                            prop_assert!(laws::check_lex_order(name, x, y, !r).is_err());
                        }
                        prop_assert_eq!(apply(name, &[&x.to_string(), &y.to_string()]).unwrap(), r.to_string());
                    }
                    Err(e) => {
                        prop_assert!(base.is_err());
                        prop_assert_eq!(e.kind(), "not_compatible");
                        prop_assert!(e.to_string().starts_with(name), "{}", e);
                    }
                }
            }
        }
    }
}
