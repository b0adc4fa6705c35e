//! The operation table as a whole (`cute_tools::OPERATIONS`, `apply`): every operation's law on random operands, hostile operands answered quickly, negative and zero strides per operation, argument and arity errors, edge cases across operations: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, l};
use cute_dynamic::composition;
use cute_tests::{arb_layout, layout_text};
use cute_tools::{OPERATIONS, apply};
use proptest::prelude::*;
use std::time::{Duration, Instant};

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_operation_through_apply_satisfies_its_law(
        op in 0usize..cute_tools::OPERATIONS.len(),
        leaves in prop::collection::vec((1i64..=6, -8i64..=12), 1..=4),
        group in prop::collection::vec(any::<bool>(), 4),
        b in arb_layout(8),
        m in 1i64..100,
    ) {
        // What the fuzz target does, on random operands (negative strides
        // included): whatever succeeds satisfies its law.
        let op = cute_tools::OPERATIONS[op].name;
        let a = layout_text(&leaves, &group, false);
        let (b, m) = (b.to_string(), m.to_string());
        for args in [vec![a.as_str()], vec![a.as_str(), b.as_str()], vec![a.as_str(), m.as_str()]] {
            if let Ok(out) = cute_tools::apply(op, &args) {
                prop_assert_eq!(cute_tools::check_law(op, &args, &out), Ok(()), "{}{:?} = {}", op, args, out);
            }
        }
    }
}

/// Operands that stress every code path.
fn hostile_layouts() -> Vec<String> {
    let mut v: Vec<String> = [
        "1:0", "():()", "(()):(())", "(1,1,1):(0,0,0)", "(4,8):(0,0)", "(4,8):(-1,-4)",
        "(4,8):(1,-4)", "(2,3):(-3,1)", "(8,8):(8,1)", "(4,6,8):(2,3,5)", "(6,2):(1,7)",
        "(3,2):(2,3)", "((2,2),(4,2)):((1,8),(2,16))", "(1,(2,4)):(0,(-1,512))", "4:-1",
        "9223372036854775807:1", "(3037000499,3037000499):(1,3037000499)",
        "(2,2):(4611686018427387904,4611686018427387904)", "2:9223372036854775807",
        "2:-9223372036854775808", "(4294967296,2):(1,-9223372036854775808)",
        "(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536,131072,262144,524288)",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // The deepest legal nesting, and a wide flat layout.
    let depth = cute_dynamic::MAX_DEPTH;
    v.push(format!(
        "{}2{}:{}1{}",
        "(".repeat(depth),
        ")".repeat(depth),
        "(".repeat(depth),
        ")".repeat(depth)
    ));
    let wide = 200;
    v.push(format!(
        "({}):({})",
        vec!["2"; wide].join(","),
        (0..wide)
            .map(|i| if i < 62 {
                (1i64 << i).to_string()
            } else {
                "0".into()
            })
            .collect::<Vec<_>>()
            .join(",")
    ));
    v
}

fn hostile_second() -> Vec<String> {
    let mut v = hostile_layouts();
    v.extend(
        [
            "<2:1,3:1>",
            "<>",
            "(1,1)",
            "<<2:1>,4:1>",
            "0",
            "-5",
            "(_,0)",
            "(0,_)",
            "_",
            "99999999999999999999",
            "x",
        ]
        .map(String::from),
    );
    v
}

#[test]
fn every_operation_answers_every_hostile_input() {
    let firsts = hostile_layouts();
    let seconds = hostile_second();
    let start = Instant::now();
    let mut answered = 0usize;
    for op in OPERATIONS {
        for a in &firsts {
            // Unary form, then every binary form.
            let _ = op.apply(&[a]);
            answered += 1;
            for b in &seconds {
                let t = Instant::now();
                let r = op.apply(&[a, b]);
                assert!(
                    t.elapsed() < Duration::from_secs(2),
                    "{}({a}, {b}) took {:?}",
                    op.name,
                    t.elapsed()
                );
                if let Err(e) = &r {
                    assert!(!e.kind().is_empty() && !e.to_string().is_empty());
                }
                answered += 1;
            }
        }
    }
    assert!(answered > 10_000);
    assert!(start.elapsed() < Duration::from_secs(120));
}

/// Negative and zero strides: what each operation does (docs/guide.md "Differences
/// from CuTe" documents the same table).
#[test]
fn negative_and_zero_strides_per_operation() {
    let ok = |op: &str, args: &[&str], want: &str| {
        assert_eq!(apply(op, args).unwrap(), want, "{op}{args:?}")
    };
    let err = |op: &str, args: &[&str], kind: &str| {
        assert_eq!(apply(op, args).unwrap_err().kind(), kind, "{op}{args:?}")
    };
    ok("coalesce", &["(4,8):(-1,-4)"], "32:-1");
    ok("filter", &["(4,8):(0,-4)"], "8:-4");
    ok(
        "composition",
        &["(1,(2,4)):(0,(-1,512))", "4:-1"],
        "(2,2):(1,-512)",
    );
    ok("composition", &["(4,8):(-1,-4)", "8:1"], "8:-1");
    ok("composition", &["(4,8):(-1,4)", "8:1"], "(4,2):(-1,4)");
    err(
        "composition",
        &["(4,8):(1,4)", "(2,2):(-1,4)"],
        "unsupported",
    );
    ok(
        "composition",
        &["(4,8):(1,4)", "(2,2):(0,4)"],
        "(2,2):(0,4)",
    );
    err("complement", &["4:-1", "8"], "unsupported");
    ok("complement", &["(4,2):(0,4)", "16"], "(4,2):(1,8)");
    // Negative-stride modes cannot continue the run 0, 1, 2, …: skipped.
    ok("right_inverse", &["(4,8):(-1,-4)"], "1:0");
    ok("right_inverse", &["((2,2),(3,4)):((0,-1),(0,2))"], "1:0");
    ok("right_inverse", &["(2,4,3):(1,-2,2)"], "(2,3):(1,8)");
    err("left_inverse", &["(4,8):(-1,-4)"], "unsupported");
    ok("left_inverse", &["(4,8):(0,1)"], "8:4");
}

/// A value outside an operation's domain is an `invalid_argument` error
/// naming the operation and the argument, and a wrong number of arguments an
/// `arity` error.
#[test]
fn bad_arguments_name_the_argument() {
    let l: cute_dynamic::Layout = "(4,8):(1,4)".parse().unwrap();
    let named = |e: cute_dynamic::LayoutError, op: &str, arg: &str| match e {
        cute_dynamic::LayoutError::InvalidArgument {
            operation,
            argument,
            ..
        } => assert_eq!((operation, argument), (op, arg)),
        e => panic!("{op}: expected invalid_argument, got {e:?}"),
    };
    named(
        cute_dynamic::complement(&l, 0).unwrap_err(),
        "complement",
        "cotarget",
    );
    named(cute_dynamic::upcast(0, &l).unwrap_err(), "upcast", "n");
    named(cute_dynamic::downcast(-2, &l).unwrap_err(), "downcast", "n");
    named(
        cute_dynamic::recast_layout(16, 0, &l).unwrap_err(),
        "recast_layout",
        "new_bits",
    );
    // (complement takes a shape as M, CuTe's tuple cotarget.)
    named(
        apply("upcast", &["(2,2)", "(4,8):(1,4)"]).unwrap_err(),
        "upcast",
        "N",
    );
    // (A tuple START of compact_col_major is CuTe's tuple of starts.)
    assert_eq!(
        apply("compact_col_major", &["(2,2)", "(2,2)"]).unwrap(),
        "(2,2)"
    );
    for op in OPERATIONS {
        let e = op.apply(&vec!["4:1"; op.max_args() + 1]).unwrap_err();
        assert_eq!(e.kind(), "arity", "{}", op.name);
    }
}

#[test]
fn negative_strides_and_edge_cases() {
    // docs/semantics/algebra.md#composition: CuTe walks with |stride| and carries the sign.
    let r = composition(&l("(1,(2,4)):(0,(-1,512))"), &l("4:-1")).unwrap();
    assert_eq!(r.to_string(), "(2,2):(1,-512)");
    // The empty layout behaves as the constant 0.
    assert_eq!(apply("composition", &["():()", "4:1"]).unwrap(), "4:0");
    assert_eq!(apply("coalesce", &["():()"]).unwrap(), "1:0");
    assert_eq!(apply("right_inverse", &["():()"]).unwrap(), "1:0");
    // Overflow is an error, never a wrap.
    let big = "(4194304,4194304):(1,4194304)";
    assert_eq!(
        apply("cosize", &[big]).unwrap(),
        (4194304i64 * 4194304).to_string()
    );
    assert_eq!(
        apply("logical_product", &[big, "(4194304,4194304):(1,4194304)"])
            .unwrap_err()
            .kind(),
        "overflow"
    );
    assert_eq!(
        apply("complement", &["4:4611686018427387904", "8"])
            .unwrap_err()
            .kind(),
        "overflow"
    );
    assert_eq!(
        apply("cosize", &["(3,2):(4611686018427387904,1)"])
            .unwrap_err()
            .kind(),
        "overflow"
    );
    assert_eq!(
        apply("size", &["(4294967296,4294967296)"])
            .unwrap_err()
            .kind(),
        "parse"
    );
}
