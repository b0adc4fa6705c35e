//! Parsing and printing: the round trip, nesting and length limits, non-positive shapes: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::config;
use cute_dynamic::{Layout, ParseErrorKind};
use cute_tests::arb_layout;
use cute_tools::apply;
use proptest::prelude::*;
use std::time::{Duration, Instant};

proptest! {
    #![proptest_config(config())]

    #[test]
    fn print_parse_round_trip(l in arb_layout(40)) {
        let text = l.to_string();
        prop_assert!(!text.contains(' '));
        prop_assert_eq!(text.parse::<Layout>().unwrap(), l);
    }
}

#[test]
fn nesting_beyond_the_limit_is_a_quick_error() {
    for n in [cute_dynamic::MAX_DEPTH + 1, 1000, 1_000_000] {
        let text = format!("{}4{}", "(".repeat(n), ")".repeat(n));
        let t = Instant::now();
        let e = text.parse::<cute_dynamic::Layout>().unwrap_err();
        assert_eq!(e.kind(), "parse");
        assert_eq!(e.parse_kind(), Some(ParseErrorKind::TooDeep));
        assert!(e.to_string().contains("levels of nesting"), "{e}");
        assert!(t.elapsed() < Duration::from_millis(500));
        assert_eq!(apply("coalesce", &[&text]).unwrap_err().kind(), "parse");
        assert!(text.parse::<cute_dynamic::Tiler>().is_err());
        assert!(text.parse::<cute_dynamic::Coord>().is_err());
    }
    let tilers = format!("{}4:1{}", "<".repeat(100_000), ">".repeat(100_000));
    assert!(tilers.parse::<cute_dynamic::Tiler>().is_err());
}

#[test]
fn zero_and_negative_shapes_are_rejected() {
    for s in ["0:1", "(4,0):(1,4)", "-3:1", "(2,(3,-1)):(1,(2,6))"] {
        let e = s.parse::<cute_dynamic::Layout>().unwrap_err();
        assert_eq!(e.kind(), "parse", "{s}");
        assert_eq!(
            e.parse_kind(),
            Some(ParseErrorKind::NonPositiveShape),
            "{s}"
        );
        assert!(e.to_string().contains("positive shape"), "{e}");
    }
    assert_eq!(
        apply("complement", &["4:1", "0"]).unwrap_err().kind(),
        "invalid_argument"
    );
}

#[test]
fn long_inputs_answer_quickly() {
    let long = format!("({})", vec!["1"; 2_000_000].join(","));
    let t = Instant::now();
    let r = apply("coalesce", &[&long]);
    assert_eq!(r.unwrap(), "1:0");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    let junk = "(".to_string() + &"1,".repeat(5_000_000);
    assert!(apply("size", &[&junk]).is_err());
}
