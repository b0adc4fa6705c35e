//! The other layout kinds the parser reads — coordinate layouts (basis
//! strides) and swizzled layouts (`Sw<B,M,S> o OFFSET o LAYOUT`) — in the
//! operations that take a layout, against CuTe C++'s answers
//! (`tests/cute-cpp/layout_kinds.cu`, its printed `layout_kinds.expected`;
//! command in `tests/cute-cpp/README.md`): `OP|ARG|…|ANSWER`, CuTe's `_N`
//! read as `N`. Before, every such call but `cute show` and `cute svg` was
//! a parse error.

/// Lines where we differ from CuTe, with the reason
/// (docs/semantics/differences-from-cute.md#differences-from-cute); the
/// test checks they still differ and that our answer is the same function.
const KNOWN: &[(&str, &str)] = &[
    (
        "slice_and_offset|Sw<3,3,3> o 0 o (8,64):(64,1)|(3,_)|",
        "CuTe decays a static swizzled slice to a plain layout with negative strides; \
         we keep Sw o offset o sub-layout (its rule for run-time offsets), the same function",
    ),
    (
        "slice|Sw<3,3,3> o 0 o (8,64):(64,1)|(3,_)|",
        "as slice_and_offset",
    ),
];

fn lines() -> Vec<(Vec<String>, String)> {
    cute_tests::cute_cpp_calls("layout_kinds.expected")
        .into_iter()
        .map(|c| (std::iter::once(c.op).chain(c.args).collect(), c.answer))
        .collect()
}

/// Every answer is CuTe's, or a listed difference that is still a
/// difference.
#[test]
fn other_layout_kinds_are_cutes() {
    let mut diffs = Vec::new();
    let all = lines();
    assert!(all.len() > 40);
    for (call, want) in &all {
        let args: Vec<&str> = call[1..].iter().map(String::as_str).collect();
        match cute_tools::apply(&call[0], &args) {
            Ok(got) if got == *want => {}
            got => diffs.push(format!("{}|  want {want}, got {got:?}", call.join("|"))),
        }
    }
    cute_tests::assert_only_known_differences(&diffs, KNOWN, all.len(), "KNOWN");
}

/// The listed swizzled slices are the same function as CuTe's answer.
#[test]
fn known_swizzled_slices_are_the_same_function() {
    let sw: cute_dynamic::SwizzledLayout = "Sw<3,3,3> o 0 o (8,64):(64,1)".parse().unwrap();
    let got = cute_tools::apply("slice", &["Sw<3,3,3> o 0 o (8,64):(64,1)", "(3,_)"]).unwrap();
    let (off, sub) = got.split_once('|').unwrap();
    assert_eq!(off, "0");
    let sub: cute_dynamic::SwizzledLayout = sub.parse().unwrap();
    // CuTe's ((8,2,2,2)):((1,-8,-16,32)) at offset 216.
    let cute: cute_dynamic::Layout = "((8,2,2,2)):((1,-8,-16,32))".parse().unwrap();
    for i in 0..64 {
        assert_eq!(sub.call(i), 216 + cute.call(i), "at {i}");
        assert_eq!(
            sub.call(i),
            sw.call_coord(&format!("(3,{i})").parse().unwrap()).unwrap()
        );
    }
}

/// Operations CuTe has no form of for a kind, and a second layout operand
/// of another kind, are named errors (never a parse error, never a guess).
#[test]
fn other_kinds_elsewhere_are_named() {
    let id = "(4,8):(1@0,1@1)";
    let sw = "Sw<3,3,3> o 0 o (8,64):(64,1)";
    for (op, args) in [
        ("cosize", vec![id]),
        ("make_layout_like", vec![id]),
        ("logical_product", vec![id, "2:1"]),
        ("append", vec![id, "2:3"]),
        ("composition", vec!["4:1", id]),
        ("blocked_product", vec!["(2,2):(1,2)", sw]),
        ("right_inverse", vec![sw]),
        ("upcast", vec!["2", sw]),
        ("zip", vec![sw, "(2,2):(1,2)"]),
    ] {
        let e = cute_tools::apply(op, &args).unwrap_err();
        assert_eq!(e.kind(), "invalid_argument", "{op} {args:?}: {e}");
    }
}

/// A coordinate layout's domain-side answers commute with reading its
/// coordinates as offsets: for the weights `w` of a column-major codomain,
/// `f(C)` read through `w` is `f(C read through w)` (the law of the lift),
/// over every domain operation and a few tilers.
#[test]
fn coordinate_answers_commute_with_offsets() {
    // (c0, c1) -> c0 + 100·c1: injective on the codomains used here.
    let cases: &[(&str, &[&str])] = &[
        ("composition", &["(4,8):(1@0,1@1)", "(2,4):(1,8)"]),
        ("zipped_divide", &["(10,13):(1@0,1@1)", "<4,8>"]),
        ("logical_divide", &["(6,(2,4)):(1@0,(1@1,2@1))", "<3,2>"]),
        ("coalesce", &["(4,(2,4)):(1@0,(1@1,2@1))"]),
        ("flatten", &["((2,2),8):((1@0,2@0),1@1)"]),
        ("group_modes", &["(2,4,8):(1@0,2@0,1@1)", "1", "3"]),
        ("select", &["(2,4,8):(1@0,2@0,1@1)", "(2,0)"]),
        ("dice", &["(_,1,_)", "(2,4,8):(1@0,2@0,1@1)"]),
        ("with_shape", &["(4,8):(1@0,1@1)", "(2,16)"]),
    ];
    for (op, args) in cases {
        let got = cute_tools::apply(op, args).unwrap();
        let r: cute_dynamic::CoordLayout = got.parse().unwrap();
        // The same call on the integer layout c0 + 100·c1.
        let ints: Vec<String> = args.iter().map(|a| weigh(a)).collect();
        let int_args: Vec<&str> = ints.iter().map(String::as_str).collect();
        let want: cute_dynamic::Layout = cute_tools::apply(op, &int_args).unwrap().parse().unwrap();
        assert_eq!(r.shape(), want.shape(), "{op} {args:?}: {got} vs {want}");
        for i in 0..want.size() {
            let c = r.call(i).unwrap();
            let flat: Vec<i64> = c.leaves().collect();
            // A codomain the strides do not reach past mode 0 is shorter.
            let c1 = flat.get(1).copied().unwrap_or(0);
            assert_eq!(flat[0] + 100 * c1, want.call(i), "{op} {args:?} at {i}");
        }
    }
}

/// A layout argument with basis strides `k@0`, `k@1` rewritten as the
/// integer strides `k`, `100·k`; other arguments unchanged.
fn weigh(arg: &str) -> String {
    if !arg.contains('@') {
        return arg.to_string();
    }
    let mut out = String::new();
    let mut num = String::new();
    let mut chars = arg.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        if c == '@' {
            let d = chars.next().unwrap();
            let k: i64 = num.parse().unwrap();
            out.push_str(&(if d == '1' { 100 * k } else { k }).to_string());
            num.clear();
            continue;
        }
        out.push_str(&num);
        num.clear();
        out.push(c);
    }
    out.push_str(&num);
    out
}
