//! The false rejections, overflows and unbounded lines of the exactness
//! audit, through the operation table (as `cute batch` answers them):
//! each is answered by the law, reported as what it is, or refused before
//! any work, with its rule named.

fn apply(op: &str, args: &[&str]) -> Result<String, cute_dynamic::LayoutError> {
    cute_tools::apply(op, args)
}

/// CuTe answers these, and the answers satisfy the operations' laws.
#[test]
fn false_rejections_are_answered() {
    for (op, args, want) in [
        ("composition", &["(5,2):(0,1)", "4:3"][..], "(2,2):(0,1)"),
        ("left_inverse", &["(1,2):(-1,1)"][..], "2:1"),
        ("make_layout_like", &["(4,8):(1,1)"][..], "(4,8):(1,1)"),
        (
            "make_ordered_layout",
            &["(4,8)", "LayoutRight"][..],
            "(4,8):(8,1)",
        ),
        ("evenly_divides", &["(64,32)", "<32:1,16:1>"][..], "true"),
        (
            "slice_and_offset",
            &["(4,8):(1,4)", "(_,2)"][..],
            "(4):(1)|8",
        ),
        ("make_fragment_like", &["(4,8):(8,1)"][..], "(4,8):(1,4)"),
        (
            "tile_to_shape",
            &["(8,64):(64,1)", "(128,64)"][..],
            "((8,16),(64,1)):((64,512),(1,0))",
        ),
        (
            "zipped_divide",
            &["(8,12):(1,8)", "<4:1,_>"][..],
            "((4,1),(2,12)):((1,0),(4,8))",
        ),
        ("size", &["(4,8):(1@0,1@1)"][..], "32"),
    ] {
        let got = apply(op, args).unwrap_or_else(|e| panic!("{op}{args:?}: {e}"));
        assert_eq!(got, want, "{op}{args:?}");
        cute_tools::check_law(op, args, &got).unwrap_or_else(|v| panic!("{op}{args:?}: {v}"));
    }
    // The laws read the tags and tilers too: wrong answers are rejected.
    for (op, args, wrong) in [
        (
            "make_ordered_layout",
            &["(4,8)", "LayoutRight"][..],
            "(4,8):(1,4)",
        ),
        (
            "make_ordered_layout",
            &["(4,8)", "LayoutLeft"][..],
            "(4,8):(8,1)",
        ),
        ("evenly_divides", &["(64,32)", "<32:1,16:1>"][..], "false"),
        ("make_layout_like", &["(4,8):(1,1)"][..], "(4,8):(1,4)"),
    ] {
        assert!(
            cute_tools::check_law(op, args, wrong).is_err(),
            "{op}{args:?} = {wrong}"
        );
    }
}

/// An offset beyond `i64` is an overflow, not "does not exist"; a left
/// inverse that does not exist names exact numbers (no wrapped ones).
#[test]
fn overflow_is_reported_as_overflow() {
    let e = apply(
        "left_inverse",
        &["(3,2):(9223372036854775807,9223372036854775807)"],
    )
    .unwrap_err();
    assert_eq!(e.kind(), "overflow", "{e}");
    // (4,64,8):(4,2^50,1) is not injective (offset 4 twice): no left
    // inverse, and the message's numbers are the true ones.
    let e = apply("left_inverse", &["(4,64,8):(4,1125899906842624,1)"]).unwrap_err();
    assert_eq!(e.kind(), "no_left_inverse", "{e}");
    let text = e.to_string();
    assert!(
        text.contains("1125899906842624") && !text.contains('-'),
        "{text}"
    );
}

/// Lines whose result would exhaust memory are refused before any work,
/// and the lines after them are answered.
#[test]
fn oversized_results_are_refused_first() {
    let t = std::time::Instant::now();
    for (op, args) in [
        ("append", &["(4,8):(1,4)", "1:0", "1000000000000"][..]),
        ("prepend", &["(4,8):(1,4)", "1:0", "100000000"][..]),
    ] {
        let e = apply(op, args).unwrap_err();
        assert_eq!(e.kind(), "invalid_argument", "{op}: {e}");
    }
    assert!(t.elapsed().as_secs() < 2, "{:?}", t.elapsed());
    assert_eq!(apply("size", &["(4,8)"]).unwrap(), "32");
}
