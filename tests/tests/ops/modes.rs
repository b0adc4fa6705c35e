//! A layout's modes: `select`, `take`, `group_modes`, `flatten`, `replace`, `make_layout` of modes, `append`/`prepend` (to a rank), `zip`, `unflatten`, `with_shape`, `coshape`, and the rest of the table's layout functions with CuTe's answers: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{coarsen, layout_over, run, tree};
use cute_dynamic::IntTuple;
use cute_tools::{apply, laws};
use proptest::prelude::*;

proptest! {
    #[test]
    fn layout_utilities(
        shape in tree(1..7),
        strides in prop::collection::vec(-9i64..10, 1..6),
        target in tree(1..7),
        choices in prop::collection::vec(any::<bool>(), 1..12),
    ) {
        let l = layout_over(&shape, &strides);
        let text = l.to_string();
        let c = cute_dynamic::coshape(&l).unwrap();
        prop_assert_eq!(laws::check_coshape(&l, c), Ok(()), "coshape({}) = {}", text, c);
        prop_assert!(laws::check_coshape(&l, c + 1).is_err());
        prop_assert_eq!(apply("coshape", &[&text]).unwrap(), c.to_string());
        // with_shape: whatever succeeds satisfies the composition law.
        if let Ok(r) = cute_dynamic::with_shape(&l, &target) {
            prop_assert_eq!(laws::check_with_shape(&l, &target, &r), Ok(()), "with_shape({}, {}) = {}", text, target, r);
            prop_assert_eq!(apply("with_shape", &[&text, &target.to_string()]).unwrap(), r.to_string());
        }
        // unflatten(flatten(L), profile of L) == L, and any coarser profile
        // regroups the same flat modes.
        let flat = l.flatten();
        let back = cute_dynamic::unflatten(&flat, l.shape()).unwrap();
        prop_assert_eq!(&back, &l);
        prop_assert_eq!(laws::check_unflatten(&flat, l.shape(), &back), Ok(()));
        let profile: IntTuple = coarsen(l.shape(), &choices, &mut 0).parse().unwrap();
        match cute_dynamic::unflatten(&flat, &profile) {
            Ok(r) => prop_assert_eq!(laws::check_unflatten(&flat, &profile, &r), Ok(()), "unflatten({}, {}) = {}", flat, profile, r),
            Err(e) => {
                let modes = if flat.shape().is_int() { 1 } else { flat.rank() };
                prop_assert!(profile.as_ref().leaf_count() != modes, "{}", e);
                prop_assert_eq!(e.kind(), "not_compatible");
            }
        }
    }

    /// `append<N>`/`prepend<N>` (and the one-mode forms): the law, a
    /// wrong result fails it, the table prints the method's result.
    #[test]
    fn append_prepend_to_rank(
        shape in tree(1..6),
        strides in prop::collection::vec(-9i64..10, 1..6),
        xs in tree(1..4),
        extra in 0usize..4,
    ) {
        let l = layout_over(&shape, &strides);
        let x = layout_over(&xs, &[3]);
        let n = l.rank() + extra;
        for front in [false, true] {
            let name = if front { "prepend" } else { "append" };
            let r = if front { l.prepend_to(n, &x) } else { l.append_to(n, &x) }.unwrap();
            prop_assert_eq!(laws::check_append(&l, &x, Some(n), front, &r), Ok(()), "{}<{}>({}, {}) = {}", name, n, l, x, r);
            let wrong = if front { r.append(&x) } else { r.prepend(&x) };
            prop_assert!(laws::check_append(&l, &x, Some(n), front, &wrong).is_err());
            prop_assert_eq!(apply(name, &[&l.to_string(), &x.to_string(), &n.to_string()]).unwrap(), r.to_string());
            let one = if front { l.prepend(&x) } else { l.append(&x) };
            prop_assert_eq!(laws::check_append(&l, &x, None, front, &one), Ok(()));
            prop_assert_eq!(apply(name, &[&l.to_string(), &x.to_string()]).unwrap(), one.to_string());
            if l.rank() > 0 {
                let e = if front { l.prepend_to(l.rank() - 1, &x) } else { l.append_to(l.rank() - 1, &x) };
                prop_assert_eq!(e.unwrap_err().kind(), "rank_mismatch");
            }
        }
    }
}

/// CuTe's `append<N>`/`prepend<N>` (layout.hpp; `x` defaults to `1:0`).
#[test]
fn append_prepend_cute_exact() {
    let run = |op: &str, args: &[&str]| apply(op, args).unwrap_or_else(|e| e.kind().to_string());
    assert_eq!(run("append", &["(4,8):(1,4)"]), "(4,8,1):(1,4,0)");
    assert_eq!(run("append", &["4:1", "1:0", "3"]), "(4,1,1):(1,0,0)");
    assert_eq!(run("append", &["4:1", "1:0", "1"]), "4:1");
    assert_eq!(
        run("prepend", &["(4,8):(1,4)", "(2,2):(0,1)", "3"]),
        "((2,2),4,8):((0,1),1,4)"
    );
    assert_eq!(
        run("prepend", &["(4,8):(1,4)", "1:0", "1"]),
        "rank_mismatch"
    );
    assert_eq!(
        run("append", &["(4,8):(1,4)", "1:0", "-1"]),
        "invalid_argument"
    );
}

proptest! {
    /// `zip`: the law, the table, and zip twice on a rank-k×rank-n layout
    /// (k, n ≥ 1, its modes tuples) gives it back.
    #[test]
    fn zip(shape in tree(1..6), strides in prop::collection::vec(-9i64..10, 1..6)) {
        let l = layout_over(&shape, &strides);
        match cute_dynamic::zip(&l) {
            Ok(r) => {
                prop_assert_eq!(laws::check_zip(&l, &r), Ok(()), "zip({}) = {}", l, r);
                prop_assert_eq!(apply("zip", &[&l.to_string()]).unwrap(), r.to_string());
                let transposed = !l.shape().is_int() && l.rank() > 0 && r.rank() > 0
                    && !l.mode(0).unwrap().shape().is_int();
                if transposed {
                    prop_assert_eq!(cute_dynamic::zip(&r).unwrap(), l.clone());
                    prop_assert!(laws::check_zip(&l, &l).is_err() || r == l);
                }
            }
            Err(e) => prop_assert_eq!(e.kind(), "not_compatible"),
        }
    }
}

/// CuTe's `zip` answers (int_tuple.hpp / layout.hpp) and its errors.
#[test]
fn zip_cute_exact() {
    let z = |a: &str| {
        cute_dynamic::zip(&a.parse().unwrap())
            .map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    };
    assert_eq!(
        z("((2,3),(4,5),(6,7)):((1,2),(6,24),(0,0))"),
        "((2,4,6),(3,5,7)):((1,6,0),(2,24,0))"
    );
    assert_eq!(z("(2,3):(1,2)"), "((2,3)):((1,2))");
    assert_eq!(z("8:1"), "8:1");
    assert_eq!(z("((2,3),4):((1,2),6)"), "not_compatible");
    assert_eq!(z("((2,3),(4,5,6)):((1,2),(6,24,96))"), "not_compatible");
}

proptest! {
    /// The modes of a layout by index, `flatten`, `make_layout`, `crd2idx`
    /// in CuTe's argument order, the recasts and `tile_unzip`, through the
    /// table and their laws.
    #[test]
    fn modes_by_index(
        shape in tree(1..6),
        strides in prop::collection::vec(-9i64..10, 1..6),
        picks in prop::collection::vec(0usize..5, 0..5),
        b in 0usize..5,
        e in 0usize..5,
        i in 0i64..10_000,
        n in 1i64..5,
    ) {
        let l = layout_over(&shape, &strides);
        let text = l.to_string();
        let check = |op: &str, args: &[&str]| -> Result<(), TestCaseError> {
            if let Ok(out) = apply(op, args) {
                prop_assert_eq!(cute_tools::check_law(op, args, &out), Ok(()), "{}{:?} = {}", op, args, out);
                prop_assert!(cute_tools::check_law(op, args, "#").is_err());
            }
            Ok(())
        };
        let picks_text = format!(
            "({})",
            picks.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
        );
        check("select", &[&text, &picks_text])?;
        let (bs, es) = (b.to_string(), e.to_string());
        check("take", &[&text, &bs, &es])?;
        check("group_modes", &[&text, &bs, &es])?;
        check("flatten", &[&text])?;
        // replace: mode B by a layout, beyond the rank an error.
        let x = "(3,2):(5,1)";
        check("replace", &[&text, &bs, x])?;
        match apply("replace", &[&text, &bs, x]) {
            Ok(out) => prop_assert_eq!(out, l.replace(b, &x.parse().unwrap()).unwrap().to_string()),
            Err(err) => {
                prop_assert!(b >= l.rank(), "replace({}, {}): {}", text, b, err);
                prop_assert_eq!(err.kind(), "rank_mismatch");
            }
        }
        let (st, dt) = (l.shape().to_string(), l.stride().to_string());
        check("make_layout", &[&st, &dt])?;
        check("make_layout", &[&st])?;
        let idx = (i % l.size()).to_string();
        let natural = cute_dynamic::idx2crd(i % l.size(), l.shape()).to_string();
        let want = l.call(i % l.size()).to_string();
        prop_assert_eq!(run("crd2idx", &[&idx, &st, &dt]), want.clone());
        prop_assert_eq!(run("crd2idx", &[&natural, &st, &dt]), want);
        check("crd2idx", &[&natural, &st, &dt])?;
        let ns = n.to_string();
        check("upcast", &[&ns, &text])?;
        check("downcast", &[&ns, &text])?;
        check("recast_layout", &[&ns, "8", &text])?;
        prop_assert_eq!(run("select", &[&text, &picks_text]),
            l.select(&picks).map_or_else(|e| e.kind().to_string(), |r| r.to_string()));
        let t: cute_dynamic::Tiler = "<2:1>".parse().unwrap();
        if let (Ok(d), Ok(z)) = (cute_dynamic::logical_divide(&l, &t), cute_dynamic::zipped_divide(&l, &t)) {
            let u = cute_dynamic::tile_unzip(&d, &t).unwrap();
            prop_assert_eq!(laws::check_zip2_by(&d, &t, &u), Ok(()));
            prop_assert_eq!(u, z);
        }
    }
}

/// CuTe's answers and errors for the functions above (layout.hpp,
/// int_tuple.hpp, tuple_algorithms.hpp; traced by hand where CuTe's
/// headers give no example).
#[test]
fn surface_rest_cute_exact() {
    // coalesce_x keeps the values beyond the domain; coalesce does not.
    assert_eq!(run("coalesce", &["(4,1):(1,0)"]), "4:1");
    assert_eq!(run("coalesce_x", &["(4,1):(1,0)"]), "(4,2):(1,0)");
    assert_eq!(run("coalesce_x", &["(4,1):(1,4)"]), "8:1");
    assert_eq!(run("coalesce_x", &["((2,1),(1,3)):((1,0),(9,2))"]), "6:1");
    assert_eq!(run("coalesce_x", &["():()"]), "not_compatible");
    assert_eq!(
        run("coalesce_x", &["(2,3):(1,2)", "(1,1,1)"]),
        "rank_mismatch"
    );
    assert_eq!(
        run("bw_coalesce", &["(2,(1,3)):(1,(5,4))", "1:7"]),
        "(2,3):(1,4)"
    );
    assert_eq!(
        run("bw_coalesce", &["(2,3):(1,2)", "((1)):((7))"]),
        "not_compatible"
    );
    // max_alignment: CuTe's formula, smaller than what upcast accepts.
    assert_eq!(run("max_alignment", &["(2,4):(1,4)"]), "2");
    assert_eq!(run("upcast", &["4", "(2,4):(1,4)"]), "(1,4):(1,1)");
    assert_eq!(run("max_alignment", &["8:2"]), "1");
    assert_eq!(run("max_alignment", &["((4,2),8):((1,4),8)"]), "64");
    assert_eq!(run("max_alignment", &["(4,8):(1,0)"]), "4");
    assert_eq!(run("max_alignment", &["(4,8):(2,8)"]), "1");
    // tile_unzip is zip2_by.
    assert_eq!(
        run("tile_unzip", &["((2,4),(4,2)):((1,2),(8,32))", "<2:1,4:1>"]),
        run("zipped_divide", &["(8,8):(1,8)", "<2:1,4:1>"])
    );
    // The modes by index.
    assert_eq!(run("select", &["(2,3,4):(1,2,6)", "(2,0)"]), "(4,2):(6,1)");
    assert_eq!(run("select", &["(2,3,4):(1,2,6)", "()"]), "():()");
    assert_eq!(run("select", &["(2,3,4):(1,2,6)", "3"]), "rank_mismatch");
    assert_eq!(
        run("select", &["(2,3,4):(1,2,6)", "-1"]),
        "invalid_argument"
    );
    assert_eq!(run("take", &["(2,3,4):(1,2,6)", "1", "1"]), "():()");
    assert_eq!(run("take", &["(2,3,4):(1,2,6)", "2", "4"]), "rank_mismatch");
    assert_eq!(
        run("group_modes", &["(2,3,4):(1,2,6)", "0", "3"]),
        "((2,3,4)):((1,2,6))"
    );
    assert_eq!(
        run("group_modes", &["(2,3,4):(1,2,6)", "1", "1"]),
        "rank_mismatch"
    );
    assert_eq!(run("make_layout", &["(2,(1,3))"]), "(2,(1,3)):(1,(0,2))");
    assert_eq!(run("make_layout", &["(2,3)", "(3,(1,1))"]), "not_congruent");
    assert_eq!(
        run("recast_layout", &["16", "8", "(4,8):(1,4)"]),
        "(8,8):(1,8)"
    );
    assert_eq!(run("downcast", &["0", "4:1"]), "invalid_argument");
    // crd2idx in CuTe's order: an integer, a natural and a hierarchical
    // coordinate of the same point.
    for c in ["22", "(2,5)", "((0,1),(1,1))"] {
        assert_eq!(
            run("crd2idx", &[c, "((2,2),(4,2))", "((1,8),(2,16))"]),
            "26"
        );
    }
    assert_eq!(
        run("crd2idx", &["(1,2,3)", "(2,3)", "(1,2)"]),
        "not_compatible"
    );
    // increment and its end.
    assert_eq!(run("increment", &["(1,(1,2))", "(2,(2,3))"]), "(0,(0,3))");
    assert_eq!(
        run("increment", &["(0,(0,3))", "(2,(2,3))"]),
        "out_of_bounds"
    );
    assert_eq!(run("increment", &["(0,0)", "(2,(2,3))"]), "not_compatible");
    // The int-tuple constructors.
    assert_eq!(
        run("repeat_like", &["(1,2,(2,3),3)", "(0,1)"]),
        "((0,1),(0,1),((0,1),(0,1)),(0,1))"
    );
    assert_eq!(run("make_int_tuple", &["5", "(6,3,4)", "0"]), "(6,3,4,0,0)");
    assert_eq!(run("make_int_tuple", &["1", "(6,3,4)", "0"]), "6");
    assert_eq!(run("make_int_tuple", &["0", "()", "0"]), "invalid_argument");
    assert_eq!(
        run("make_int_tuple", &["2", "((1,2))", "0"]),
        "invalid_argument"
    );
    assert_eq!(
        run("make_int_tuple_from", &["(1,(_,_,3),_,2)", "(6,3,4)"]),
        "(1,(6,3,3),4,2)"
    );
    assert_eq!(
        run("make_int_tuple_from", &["((_,_),(2,_))", "(2,4,23)"]),
        "((2,4),(2,23))"
    );
    assert_eq!(
        run("make_int_tuple_from", &["(1,(_,_,3),_,2)", "(6,3)"]),
        "invalid_argument"
    );
    // Scans: CuTe's exclusive scan never reads the last mode.
    assert_eq!(run("escan", &["(2,3,4)", "1", "multiplies"]), "(1,2,6)");
    assert_eq!(run("escan", &["(2,(3,4))", "1", "multiplies"]), "(1,2)");
    assert_eq!(
        run("escan", &["((3,4),2)", "1", "multiplies"]),
        "not_compatible"
    );
    assert_eq!(run("iscan", &["(2,3,4)", "0", "max"]), "(2,3,4)");
    assert_eq!(run("escan", &["(5,1,7)", "9", "min"]), "(9,5,1)");
    assert_eq!(run("escan", &["3", "1", "plus"]), "not_compatible");
    assert_eq!(run("escan", &["()", "1", "plus"]), "not_compatible");
    assert_eq!(run("escan", &["(2,3)", "1", "divides"]), "invalid_argument");
    assert_eq!(
        run("iscan", &["(4611686018427387904,2)", "1", "multiplies"]),
        "overflow"
    );
}
