//! The operation table's answers on coordinate layouts (basis strides) and
//! swizzled layouts (`cute-tools/src/kinds.rs`) against their per-operation
//! laws (`cute_tools::laws::check_other_kind`, which `check_law` runs for
//! such operands): every call of CuTe C++'s cases
//! (`tests/cute-cpp/layout_kinds.expected`, whose answers
//! `exact_layout_kinds.rs` compares), a planted wrong answer for each, and
//! random operands.

use cute_dynamic::Swizzle;
use proptest::prelude::*;

/// The calls of `tests/cute-cpp/layout_kinds.expected`: the operation and
/// its arguments (`OP|ARG|…|ANSWER`).
fn cute_cpp_calls() -> Vec<(String, Vec<String>)> {
    cute_tests::cute_cpp_calls("layout_kinds.expected")
        .into_iter()
        .map(|c| (c.op, c.args))
        .collect()
}

/// `answer` with its first integer increased by one (a wrong answer of the
/// same form).
fn planted(answer: &str) -> String {
    let start = answer.find(|c: char| c.is_ascii_digit()).unwrap();
    let len = answer[start..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(answer.len() - start);
    let n: i64 = answer[start..start + len].parse().unwrap();
    format!("{}{}{}", &answer[..start], n + 1, &answer[start + len..])
}

/// Every answer on CuTe C++'s cases passes its law, and the law is the
/// other kinds' (not the integer law failing to read the operand); the
/// same answer with one number changed fails it.
#[test]
fn cute_cpp_cases_obey_their_laws_and_planted_errors_fail() {
    let calls = cute_cpp_calls();
    assert!(calls.len() > 40);
    for (op, args) in &calls {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let got = cute_tools::apply(op, &args).unwrap();
        let entry = cute_tools::operation(op).unwrap();
        let law = cute_tools::laws::check_other_kind(entry, &args, &got);
        assert_eq!(law, Some(Ok(())), "{op}{args:?} = {got}");
        let wrong = planted(&got);
        assert!(
            cute_tools::check_law(op, &args, &wrong).is_err(),
            "{op}{args:?}: the planted {wrong} passes"
        );
    }
}

/// An integer layout operand is left to the operation's own law.
#[test]
fn integer_operands_are_not_this_law() {
    let entry = cute_tools::operation("coalesce").unwrap();
    assert_eq!(
        cute_tools::laws::check_other_kind(entry, &["(2,4):(1,2)"], "8:1"),
        None
    );
}

/// A valid swizzle with `B ≤ 3`, `M ≤ 4`, `B ≤ |S| ≤ 5`.
fn swizzle() -> impl Strategy<Value = Swizzle> {
    (0u32..=3, 0u32..=4, 0i32..=5, any::<bool>()).prop_map(|(b, m, s, neg)| {
        let s = s.max(b as i32);
        Swizzle::new(b, m, if neg { -s } else { s }).unwrap()
    })
}

/// `(sizes, strides)` of 1 to 3 modes of sizes `1, 2, 4, 8`.
fn modes(stride: impl Strategy<Value = i64>) -> impl Strategy<Value = Vec<(i64, i64)>> {
    prop::collection::vec(((0u32..=3).prop_map(|e| 1i64 << e), stride), 1..=3)
}

fn tuple(v: impl Iterator<Item = String>) -> String {
    format!("({})", v.collect::<Vec<_>>().join(","))
}

/// The calls every layout operand `l` of rank `rank` is tried in.
fn calls(
    l: &str,
    rank: usize,
    sizes: &[i64],
    fix: &[Option<i64>],
) -> Vec<(&'static str, Vec<String>)> {
    let tiles = tuple(sizes.iter().map(|s| (s / 2).max(1).to_string()));
    let tiler = format!("<{}>", &tiles[1..tiles.len() - 1]);
    let slice = tuple(sizes.iter().zip(fix).map(|(s, f)| match f {
        Some(v) => (v % s).to_string(),
        None => "_".into(),
    }));
    let point = tuple(
        sizes
            .iter()
            .zip(fix)
            .map(|(s, f)| (f.unwrap_or(0) % s).to_string()),
    );
    let l = l.to_string();
    let mut v = vec![
        ("size", vec![l.clone()]),
        ("rank", vec![l.clone()]),
        ("depth", vec![l.clone()]),
        ("eval", vec![l.clone(), point.clone()]),
        ("slice", vec![l.clone(), slice.clone()]),
        ("slice_and_offset", vec![l.clone(), slice]),
        ("domain_offset", vec![point, l.clone()]),
        ("coalesce", vec![l.clone()]),
        ("filter", vec![l.clone()]),
        ("flatten", vec![l.clone()]),
        ("composition", vec![l.clone(), tiler.clone()]),
        (
            "composition",
            vec![l.clone(), format!("{}:1", sizes.iter().product::<i64>())],
        ),
        ("logical_divide", vec![l.clone(), tiler.clone()]),
        ("zipped_divide", vec![l.clone(), tiler.clone()]),
        ("tiled_divide", vec![l.clone(), tiler.clone()]),
        ("flat_divide", vec![l.clone(), tiler]),
        ("take", vec![l.clone(), "0".into(), rank.to_string()]),
        ("group_modes", vec![l.clone(), "0".into(), rank.to_string()]),
        ("complement", vec![l.clone()]),
    ];
    if rank > 1 {
        v.push(("select", vec![l.clone(), format!("({},0)", rank - 1)]));
    }
    v
}

/// `apply` on `calls`: each answer passes its law, and at least `min` of
/// the calls have one (the others are errors: an inadmissible divide, a
/// complement of a layout CuTe has none of).
fn answers_obey_their_laws(
    calls: &[(&'static str, Vec<String>)],
    min: usize,
) -> Result<(), TestCaseError> {
    let mut answered = Vec::new();
    for (op, args) in calls {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        if let Ok(got) = cute_tools::apply(op, &args) {
            prop_assert_eq!(
                cute_tools::check_law(op, &args, &got),
                Ok(()),
                "{}{:?} = {}",
                op,
                args,
                got
            );
            answered.push(*op);
        }
    }
    prop_assert!(answered.len() >= min, "only {:?} answered", answered);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn swizzled_answers_obey_their_laws(
        sw in swizzle(),
        offset in 0i64..1024,
        m in modes(0i64..=64),
        fix in prop::collection::vec(prop::option::of(0i64..8), 3),
    ) {
        let (sizes, strides): (Vec<i64>, Vec<i64>) = m.iter().copied().unzip();
        let inner = format!(
            "{}:{}",
            tuple(sizes.iter().map(i64::to_string)),
            tuple(strides.iter().map(i64::to_string))
        );
        let a = format!("{sw} o {offset} o {inner}");
        let mut calls = calls(&a, sizes.len(), &sizes, &fix);
        for (op, more) in [
            ("cosize", vec![]),
            ("max_alignment", vec![]),
            ("nullspace", vec![]),
            ("logical_product", vec!["2:1"]),
            ("blocked_product", vec!["(2,1)"]),
            ("raked_product", vec!["(1,2)"]),
        ] {
            calls.push((op, std::iter::once(a.clone()).chain(more.into_iter().map(String::from)).collect()));
        }
        answers_obey_their_laws(&calls, 20)?;
    }

    #[test]
    fn coordinate_answers_obey_their_laws(
        m in modes((0i64..=3, 0u32..=1).prop_map(|(k, d)| k * 2 + i64::from(d))),
        fix in prop::collection::vec(prop::option::of(0i64..8), 3),
    ) {
        // Stride `2k + d` stands for `k@d`.
        let sizes: Vec<i64> = m.iter().map(|x| x.0).collect();
        let strides = tuple(m.iter().map(|&(_, e)| match e / 2 {
            0 => "0".to_string(),
            k => format!("{k}@{}", e % 2),
        }));
        let c = format!("{}:{strides}", tuple(sizes.iter().map(i64::to_string)));
        let mut calls = calls(&c, sizes.len(), &sizes, &fix);
        for op in ["right_inverse", "left_inverse"] {
            calls.push((op, vec![c.clone()]));
        }
        answers_obey_their_laws(&calls, 14)?;
    }
}
