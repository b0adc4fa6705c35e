//! Evaluation and the coordinate maps: the call, `idx2crd` (also by a stride), `crd2idx` (also by a shape), `crd2crd`, the offsets, `increment` and the coordinate iterators, `get_hier_coord`/`get_flat_coord`/`get_1d_coord`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, l, layout_over, relabel, run, tree};
use cute_dynamic::{IntTuple, Layout, crd2idx, idx2crd};
use cute_tests::{arb_layout, values};
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    #[test]
    fn idx2crd_crd2idx_agree_with_call(l in arb_layout(40), i in 0i64..600) {
        let c = idx2crd(i, l.shape());
        prop_assert_eq!(crd2idx(&c, &l).unwrap(), l.call(i));
        prop_assert_eq!(l.checked_call(i).unwrap(), l.call(i));
        // Negative indices follow C++'s truncating division.
        prop_assert_eq!(crd2idx(&IntTuple::int(-i), &l).unwrap(), l.call(-i));
    }

    #[test]
    fn offsets_iterate_in_order(l in arb_layout(40), split in 0usize..64) {
        prop_assert_eq!(l.offsets().collect::<Vec<_>>(), values(&l));
        // Internal iteration (fold), also after some external steps.
        let mut it = l.offsets();
        let mut v: Vec<i64> = it.by_ref().take(split).collect();
        v = it.fold(v, |mut v, o| { v.push(o); v });
        prop_assert_eq!(v, values(&l));
        let e = l.evaluator();
        prop_assert!((0..3 * l.size()).all(|i| e.call(i as u64) == l.call(i)));
    }
}

proptest! {
    /// `idx2crd(idx, shape, stride)`: every result satisfies its law, a
    /// changed leaf does not, and the table prints it; on a compact layout
    /// it inverts the evaluation.
    #[test]
    fn idx2crd_strided(
        shape in tree(1..6),
        strides in prop::collection::vec(-9i64..10, 1..6),
        idx in -200i64..200,
        start in 1i64..4,
    ) {
        let l = layout_over(&shape, &strides);
        let (s, d) = (l.shape().clone(), l.stride().clone());
        let i: IntTuple = idx.to_string().parse().unwrap();
        let args = [i.to_string(), s.to_string(), d.to_string()];
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        match cute_dynamic::idx2crd_strided(&i, &s, &d) {
            Ok(r) => {
                prop_assert_eq!(laws::check_idx2crd_strided(&i, &s, &d, &r), Ok(()), "idx2crd({}, {}, {}) = {}", i, s, d, r);
                // A changed leaf (its first digits plus one) fails the law.
                let text = r.to_string();
                if let Some(at) = text.find(|ch: char| ch.is_ascii_digit()) {
                    let len = text[at..].find(|ch: char| !ch.is_ascii_digit()).unwrap_or(text.len() - at);
                    let v: i64 = text[at..at + len].parse().unwrap();
                    let wrong: IntTuple = format!("{}{}{}", &text[..at], v + 1, &text[at + len..]).parse().unwrap();
                    prop_assert!(laws::check_idx2crd_strided(&i, &s, &d, &wrong).is_err(), "{} passes", wrong);
                }
                prop_assert_eq!(apply("idx2crd", &args).unwrap(), r.to_string());
            }
            Err(e) => {
                prop_assert!(l.leaf_modes().any(|(s, d)| s > 1 && d == 0), "{}", e);
                prop_assert_eq!(e.kind(), "invalid_argument");
            }
        }
        // The compact column-major form from `start`: idx2crd inverts it.
        let r = cute_dynamic::idx2crd_strided(&i, &s, &start.to_string().parse().unwrap()).unwrap();
        prop_assert_eq!(laws::check_idx2crd_strided(&i, &s, &start.to_string().parse().unwrap(), &r), Ok(()));
        if start == 1 && (0..l.size()).contains(&idx) {
            let compact = Layout::column_major(&s).unwrap();
            prop_assert_eq!(cute_dynamic::crd2idx(&r, &compact).unwrap(), idx);
        }
    }

    /// `crd2crd`: the law, the table, and a round trip through a second
    /// shape of the same size.
    #[test]
    fn crd2crd(src in tree(1..6), k in 0i64..10_000, split in 1i64..5) {
        let n = src.as_ref().size().unwrap().max(1);
        let c = cute_dynamic::idx2crd(k % n, &src);
        // A destination of the same size, per mode where src has two modes
        // (mode by mode), else split in two or flat.
        let dst: IntTuple = if !src.is_int() && src.rank() == 2 {
            let m = |k: usize| src.get(k).unwrap().size().unwrap();
            format!("({},{})", m(0), m(1)).parse().unwrap()
        } else if src.is_int() && n % split == 0 {
            format!("({},{})", split, n / split).parse().unwrap()
        } else {
            n.to_string().parse().unwrap()
        };
        let r = cute_dynamic::crd2crd(&c, &src, &dst).unwrap();
        prop_assert_eq!(laws::check_crd2crd(&c, &src, &dst, &r), Ok(()), "crd2crd({}, {}, {}) = {}", c, src, dst, r);
        prop_assert_eq!(cute_dynamic::crd2crd(&r, &dst, &src).unwrap(), c.clone());
        prop_assert_eq!(apply("crd2crd", &[&c.to_string(), &src.to_string(), &dst.to_string()]).unwrap(), r.to_string());
    }
}

/// CuTe's answers (stride.hpp) and the documented errors.
#[test]
fn coordinate_maps_cute_exact() {
    let t = |s: &str| s.parse::<IntTuple>().unwrap();
    type Map = fn(&IntTuple, &IntTuple, &IntTuple) -> Result<IntTuple, cute_dynamic::LayoutError>;
    let (i2c, c2c): (Map, Map) = (cute_dynamic::idx2crd_strided, cute_dynamic::crd2crd);
    // i2c(idx, shape, stride) and c2c(crd, src_shape, dst_shape).
    for (map, a, s, d, want) in [
        (i2c, "50", "(8,128)", "(1,16)", "(2,3)"),
        (i2c, "70", "(4,8)", "1", "(2,1)"),
        (i2c, "70", "(4,8)", "(8,1)", "(0,6)"),
        (i2c, "-7", "(4,8)", "(1,4)", "(-3,-1)"),
        (i2c, "5", "(1,4)", "(0,1)", "(0,1)"),
        (i2c, "5", "(2,4)", "(0,1)", "invalid_argument"),
        (i2c, "(1,2)", "(4,8)", "(1,4)", "(1,0)"),
        (i2c, "(1,2)", "4", "1", "not_compatible"),
        (i2c, "3", "(4,8)", "(1,4,2)", "not_compatible"),
        (i2c, "-9223372036854775808", "2", "-1", "overflow"),
        (c2c, "(1,2)", "(4,3)", "12", "9"),
        (c2c, "9", "12", "(2,6)", "(1,4)"),
        (c2c, "(1,2)", "(4,3)", "(2,6)", "(1,2)"),
        (c2c, "(1,2)", "(4,3)", "(2,3,2)", "not_compatible"),
        (c2c, "(1,2)", "(4,0)", "12", "non_positive_shape"),
        (c2c, "(1,2)", "(4,3)", "10", "not_compatible"),
    ] {
        let got = map(&t(a), &t(s), &t(d)).map_or_else(|e| e.kind().to_string(), |r| r.to_string());
        assert_eq!(got, want);
    }
    // A wrong answer fails the laws.
    assert!(
        laws::check_idx2crd_strided(&t("50"), &t("(8,128)"), &t("(1,16)"), &t("(2,4)")).is_err()
    );
    assert!(laws::check_crd2crd(&t("9"), &t("12"), &t("(2,6)"), &t("(3,3)")).is_err());
}

proptest! {
    /// The coordinate iterator yields `idx2crd(0..size)`; each step is an
    /// `increment` satisfying its law; an ordered iterator's `i`-th
    /// coordinate has index `i` in the compact layout of that order.
    #[test]
    fn coordinate_iteration(shape in tree(1..5), perm_seed in any::<u64>()) {
        let size = shape.size().unwrap();
        if shape.leaves().count() == 0 || size > 4096 {
            // No leaf: an error (`surface_rest_cute_exact`); too many to list.
            return Ok(());
        }
        let coords: Vec<IntTuple> = cute_dynamic::make_coord_iterator(&shape).unwrap().collect();
        prop_assert_eq!(coords.len() as i64, size);
        for (i, c) in coords.iter().enumerate() {
            prop_assert_eq!(c, &cute_dynamic::idx2crd(i as i64, &shape));
            let mut next = c.clone();
            cute_dynamic::increment(&mut next, &shape).unwrap();
            prop_assert_eq!(laws::check_increment(c, &shape, &next), Ok(()));
            if let Some(want) = coords.get(i + 1) {
                prop_assert_eq!(&next, want);
            }
            prop_assert_eq!(run("increment", &[&c.to_string(), &shape.to_string()]), next.to_string());
        }
        // A random order: a permutation of the leaves, as a congruent tuple.
        let n = shape.leaves().count();
        let mut perm: Vec<i64> = (0..n as i64).collect();
        let mut s = perm_seed;
        for k in (1..n).rev() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            perm.swap(k, (s >> 33) as usize % (k + 1));
        }
        let order = relabel(&shape, &perm, &mut 0).parse::<IntTuple>().unwrap();
        let Ok(ordered) = Layout::ordered(&shape, &order) else {
            return Ok(());
        };
        let it = cute_dynamic::make_coord_iterator_ordered(&shape, &order).unwrap();
        let mut count = 0i64;
        for (i, c) in it.enumerate() {
            prop_assert_eq!(cute_dynamic::crd2idx(&c, &ordered).unwrap(), i as i64, "{} in {}", c, ordered);
            count += 1;
        }
        prop_assert_eq!(count, size);
    }

    /// CuTe's two-argument `crd2idx(coord, shape)` through the table: the
    /// library function's answer, its law holds and a wrong answer fails
    /// it, on the domain the three-argument form by `compact_col_major`,
    /// and a coordinate not congruent to the shape is `not_compatible`.
    #[test]
    fn crd2idx_by_shape(shape in tree(1..7), v in prop::collection::vec(-2i64..9, 1..8)) {
        let coord: IntTuple = relabel(&shape, &v, &mut 0).parse().unwrap();
        let (c, s) = (coord.to_string(), shape.to_string());
        let out = apply("crd2idx", &[&c, &s]).unwrap();
        prop_assert_eq!(&out, &cute_dynamic::crd2idx_shape(&coord, &shape).unwrap().to_string());
        prop_assert_eq!(cute_tools::check_law("crd2idx", &[&c, &s], &out), Ok(()));
        let wrong = (out.parse::<i64>().unwrap() + 1).to_string();
        prop_assert!(cute_tools::check_law("crd2idx", &[&c, &s], &wrong).is_err());
        if coord.leaves().zip(shape.leaves()).all(|(x, e)| (0..e).contains(&x)) {
            let d = cute_dynamic::compact_col_major(&shape, 1).unwrap().to_string();
            prop_assert_eq!(run("crd2idx", &[&c, &s, &d]), out);
        }
        if !shape.is_int() {
            prop_assert_eq!(run("crd2idx", &["0", &s]), "not_compatible");
            prop_assert_eq!(run("crd2idx", &[&format!("({c})"), &s]), "not_compatible");
        }
    }

    /// CuTe's `Layout::get_hier_coord`, `get_flat_coord` and
    /// `get_1d_coord` through the table on compact layouts (column-major,
    /// row-major, ordered): the methods' answers, their laws hold and a
    /// wrong answer fails them; CuTe's postconditions (the hierarchical
    /// coordinate evaluates back to the index, congruent to the shape; the
    /// flat one has the layout's rank; column-major's 1-D coordinate is the
    /// index itself), and a stride-0 mode is `invalid_argument`.
    #[test]
    fn layout_index_to_coordinate_methods(
        shape in tree(1..5),
        v in prop::collection::vec(0i64..6, 1..8),
        pick in 0usize..3,
        k in 0i64..1000,
    ) {
        let Ok(col) = Layout::column_major(&shape) else { return Ok(()) };
        let l = match pick {
            0 => col.clone(),
            1 => Layout::row_major(&shape).unwrap(),
            _ => {
                let order: IntTuple = relabel(&shape, &v, &mut 0).parse().unwrap();
                // Tied orders are an error; fall back to column-major.
                cute_dynamic::make_ordered_layout(&shape, &order).unwrap_or(col.clone())
            }
        };
        let idx = k % l.size().max(1);
        let (lt, it) = (l.to_string(), idx.to_string());
        let hier = apply("get_hier_coord", &[&lt, &it]).unwrap();
        prop_assert_eq!(&hier, &l.get_hier_coord(idx).unwrap().to_string());
        prop_assert_eq!(cute_tools::check_law("get_hier_coord", &[&lt, &it], &hier), Ok(()));
        prop_assert!(cute_tools::check_law("get_hier_coord", &[&lt, &it], "(#)").is_err());
        let h: IntTuple = hier.parse().unwrap();
        prop_assert!(h.as_ref().congruent(shape.as_ref()));
        prop_assert_eq!(l.call_coord(&h).unwrap(), idx);
        let flat = apply("get_flat_coord", &[&lt, &it]).unwrap();
        prop_assert_eq!(&flat, &l.get_flat_coord(idx).unwrap().to_string());
        prop_assert_eq!(cute_tools::check_law("get_flat_coord", &[&lt, &it], &flat), Ok(()), "{}.get_flat_coord({}) = {}", lt, it, flat);
        let f: IntTuple = flat.parse().unwrap();
        if shape.is_int() || shape.as_ref().rank() == 1 {
            prop_assert!(f.is_int());
        } else {
            prop_assert_eq!(f.as_ref().rank(), shape.as_ref().rank());
            prop_assert!(f.as_ref().depth() <= 1);
            let wrong = IntTuple::flat(f.leaves().map(|x| x + 1)).to_string();
            if f.as_ref().rank() > 0 {
                prop_assert!(cute_tools::check_law("get_flat_coord", &[&lt, &it], &wrong).is_err());
            }
        }
        let one = apply("get_1d_coord", &[&lt, &it]).unwrap();
        prop_assert_eq!(&one, &l.get_1d_coord(idx).unwrap().to_string());
        prop_assert_eq!(cute_tools::check_law("get_1d_coord", &[&lt, &it], &one), Ok(()));
        let wrong = (one.parse::<i64>().unwrap() + 1).to_string();
        prop_assert!(cute_tools::check_law("get_1d_coord", &[&lt, &it], &wrong).is_err());
        if pick == 0 {
            prop_assert_eq!(one.parse::<i64>().unwrap(), idx);
        }
        prop_assert_eq!(run("get_hier_coord", &["(2,3):(0,1)", "1"]), "invalid_argument");
    }
}

#[test]
fn evaluation_2_4_1() {
    let a = l("((2,2),(4,2)):((1,8),(2,16))");
    for c in ["22", "(2,5)", "((0,1),(1,1))"] {
        assert_eq!(a.call_coord(&c.parse().unwrap()).unwrap(), 26, "{c}");
    }
    assert_eq!(a.call(22), 26);
}
