//! The layout constructors: `make_layout_like`, `make_ordered_layout`, `compact_col_major`/`compact_row_major` (CuTe's `compact_major`, also with a tuple of starts) and `compact_order`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{
    coarsen, layout, layout_over, leaves, relabel, run, shape, tree, with_leaves,
};
use cute_dynamic::{IntTuple, Layout};
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    #[test]
    fn make_layout_like(l in layout()) {
        match cute_dynamic::make_layout_like(&l) {
            Ok(r) => prop_assert_eq!(laws::check_make_layout_like(&l, &r), Ok(())),
            Err(e) => prop_assert_eq!(e.kind(), "invalid_argument"),
        }
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
    fn compact_majors(shape in tree(1..6), start in -5i64..6) {
        let text = shape.to_string();
        let c = cute_dynamic::compact_col_major(&shape, start).unwrap();
        prop_assert_eq!(laws::check_compact_col_major(&shape, start, &c), Ok(()), "compact_col_major({}, {}) = {}", text, start, c);
        prop_assert_eq!(apply("compact_col_major", &[&text, &start.to_string()]).unwrap(), c.to_string());
        let r = cute_dynamic::compact_row_major(&shape, start).unwrap();
        prop_assert_eq!(laws::check_compact_row_major(&shape, start, &r), Ok(()), "compact_row_major({}, {}) = {}", text, start, r);
        prop_assert_eq!(apply("compact_row_major", &[&text, &start.to_string()]).unwrap(), r.to_string());
        // Start 1 is the column-major / row-major layout's stride.
        prop_assert_eq!(cute_dynamic::compact_col_major(&shape, 1).unwrap(), Layout::column_major(&shape).unwrap().stride().clone());
        prop_assert_eq!(cute_dynamic::compact_row_major(&shape, 1).unwrap(), Layout::row_major(&shape).unwrap().stride().clone());
    }

    /// `compact_col_major`/`compact_row_major` with a tuple of starts
    /// (CuTe's `compact_major`): the table prints the library functions'
    /// answers, the laws hold and a wrong answer fails them, each mode is
    /// the integer form from its start, and a tuple of starts of another
    /// rank is `not_compatible`.
    #[test]
    fn compact_major_tuple_of_starts(
        shape in tree(1..5),
        choices in prop::collection::vec(any::<bool>(), 1..12),
        v in prop::collection::vec(-3i64..9, 1..8),
    ) {
        let starts: IntTuple = relabel(&coarsen(&shape, &choices, &mut 0).parse().unwrap(), &v, &mut 0).parse().unwrap();
        let (s, c) = (shape.to_string(), starts.to_string());
        for (op, f) in [
            ("compact_col_major", cute_dynamic::compact_col_major_by as fn(&IntTuple, &IntTuple) -> Result<IntTuple, cute_dynamic::LayoutError>),
            ("compact_row_major", cute_dynamic::compact_row_major_by),
        ] {
            let out = apply(op, &[&s, &c]).unwrap();
            let want = f(&shape, &starts).unwrap();
            prop_assert_eq!(&out, &want.to_string());
            prop_assert_eq!(cute_tools::check_law(op, &[&s, &c], &out), Ok(()), "{}({}, {}) = {}", op, s, c, out);
            prop_assert!(cute_tools::check_law(op, &[&s, &c], "(#)").is_err());
            if !starts.is_int() {
                // Mode by mode, the integer form.
                for ((sm, cm), om) in shape.as_ref().children().zip(starts.as_ref().children()).zip(want.as_ref().children()) {
                    let again = f(&sm.to_owned(), &cm.to_owned()).unwrap();
                    prop_assert_eq!(again, om.to_owned());
                }
                // One more mode than the shape has.
                let wrong = if starts.as_ref().rank() == 0 {
                    "(1)".to_string()
                } else {
                    format!("{},1)", &c[..c.len() - 1])
                };
                prop_assert_eq!(run(op, &[&s, &wrong]), "not_compatible");
                // A wrong mode fails the law.
                let bad: IntTuple = relabel(&want, &[7, 5], &mut 0).parse().unwrap();
                if bad != want {
                    prop_assert!(cute_tools::check_law(op, &[&s, &c], &bad.to_string()).is_err());
                }
            } else {
                let n = starts.as_int().unwrap();
                let plain = if op == "compact_col_major" {
                    cute_dynamic::compact_col_major(&shape, n)
                } else {
                    cute_dynamic::compact_row_major(&shape, n)
                };
                prop_assert_eq!(plain.unwrap(), want);
            }
        }
    }

    /// CuTe's `ceil_div(target, tiler)` by a layout, the two-layout `zip`
    /// and `compact_order`, through the table, equal to the library
    /// functions and satisfying their laws (a wrong result does not).
    #[test]
    fn ceil_div_by_layout_zip_pair_compact_order(
        shape in tree(1..7),
        strides in prop::collection::vec(0i64..9, 1..6),
        n in 1i64..9,
        d in 1i64..4,
        v in prop::collection::vec(0i64..6, 1..8),
    ) {
        let law = |op: &str, args: &[&str]| -> Result<Option<String>, TestCaseError> {
            Ok(match apply(op, args) {
                Ok(out) => {
                    prop_assert_eq!(cute_tools::check_law(op, args, &out), Ok(()), "{}{:?} = {}", op, args, out);
                    prop_assert!(cute_tools::check_law(op, args, "(#)").is_err());
                    Some(out)
                }
                Err(_) => None,
            })
        };
        let target = shape.to_string();
        for tiler in [format!("{n}:{d}"), format!("({n},2):(1,{})", n * 2)] {
            let l: Layout = tiler.parse().unwrap();
            let want = cute_dynamic::ceil_div_by_layout(&shape, &l).map(|r| r.to_string()).ok();
            prop_assert_eq!(law("ceil_div", &[&target, &tiler])?, want);
        }
        let a = layout_over(&shape, &strides);
        let b = layout_over(&shape, &[1]);
        let (ta, tb) = (a.to_string(), b.to_string());
        let want = cute_dynamic::zip_layouts(&a, &b).map(|r| r.to_string()).ok();
        prop_assert_eq!(law("zip", &[&ta, &tb])?, want.clone());
        prop_assert_eq!(want, cute_dynamic::zip(&Layout::concat([&a, &b])).map(|r| r.to_string()).ok());
        let order: IntTuple = relabel(&shape, &v, &mut 0).parse().unwrap();
        let got = law("compact_order", &[&target, &order.to_string()])?;
        let want = cute_dynamic::make_ordered_layout(&shape, &order).map(|l| l.stride().to_string()).ok();
        prop_assert_eq!(got, want);
    }
}
