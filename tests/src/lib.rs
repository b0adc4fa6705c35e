//! Shared helpers for the workspace tests: random layouts for property
//! tests, the calls of CuTe C++'s expected files. The post-conditions of the operations are not here: they are
//! written once, in `cute_tools::laws`.
#![forbid(unsafe_code)]

/// The README's Rust examples, run as doctests so the front door stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The guide's Rust examples (the longer tour moved from the README).
#[cfg(doctest)]
#[doc = include_str!("../../docs/guide.md")]
pub struct GuideDoctests;

use cute_dynamic::Layout;
use proptest::prelude::*;

/// Number of proptest cases per property: 2,000 by default, more with
/// `CUTE_PROPTEST_CASES=N`.
pub fn cases() -> u32 {
    std::env::var("CUTE_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

/// Render leaves `(shape, stride)` as a layout, wrapping runs of leaves in
/// parentheses where `group` says so (a random hierarchy).
pub fn layout_text(leaves: &[(i64, i64)], group: &[bool], wrap_top: bool) -> String {
    let mut shapes = Vec::new();
    let mut strides = Vec::new();
    let mut i = 0;
    while i < leaves.len() {
        let take = if group.get(i).copied().unwrap_or(false) && i + 1 < leaves.len() {
            2
        } else {
            1
        };
        let part = &leaves[i..i + take];
        if take == 1 {
            shapes.push(part[0].0.to_string());
            strides.push(part[0].1.to_string());
        } else {
            shapes.push(format!("({},{})", part[0].0, part[1].0));
            strides.push(format!("({},{})", part[0].1, part[1].1));
        }
        i += take;
    }
    if shapes.len() == 1 && !wrap_top {
        format!("{}:{}", shapes[0], strides[0])
    } else {
        format!("({}):({})", shapes.join(","), strides.join(","))
    }
}

/// Random layouts: 1-4 leaves, shapes 1-8, strides 0-`max_stride`, random
/// grouping.
pub fn arb_layout(max_stride: i64) -> impl Strategy<Value = Layout> {
    (
        prop::collection::vec((1i64..=8, 0i64..=max_stride), 1..=4),
        prop::collection::vec(any::<bool>(), 4),
        any::<bool>(),
    )
        .prop_map(|(leaves, group, wrap)| {
            layout_text(&leaves, &group, wrap)
                .parse()
                .expect("valid layout")
        })
}

/// Random compact-ish layouts whose strides are products of earlier shapes
/// (the admissible cases composition and divides are built for), permuted.
pub fn arb_admissible_layout() -> impl Strategy<Value = Layout> {
    (
        prop::collection::vec(1i64..=6, 1..=4),
        any::<u64>(),
        prop::collection::vec(any::<bool>(), 4),
        any::<bool>(),
    )
        .prop_map(|(shapes, seed, group, wrap)| {
            let mut order: Vec<usize> = (0..shapes.len()).collect();
            let mut s = seed;
            for i in (1..order.len()).rev() {
                order.swap(i, (s % (i as u64 + 1)) as usize);
                s /= 7;
            }
            let mut strides = vec![0; shapes.len()];
            let mut cur = 1;
            for &i in &order {
                strides[i] = cur;
                cur *= shapes[i];
            }
            let leaves: Vec<_> = shapes.into_iter().zip(strides).collect();
            layout_text(&leaves, &group, wrap)
                .parse()
                .expect("valid layout")
        })
}

/// The offsets of `l` in domain order.
pub fn values(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.call(i)).collect()
}

/// Injective on its domain.
pub fn injective(l: &Layout) -> bool {
    let mut v = values(l);
    v.sort_unstable();
    v.dedup();
    v.len() as i64 == l.size()
}

/// CuTe's complement condition: with the leaves of size > 1 and stride ≠ 0
/// sorted by (stride, shape), each stride is at least the extent (shape ×
/// stride) of the previous one.
pub fn strides_nest(a: &Layout) -> bool {
    let mut m: Vec<(i64, i64)> = a
        .leaf_modes()
        .filter(|&(s, d)| s > 1 && d != 0)
        .map(|(s, d)| (d, s))
        .collect();
    m.sort_unstable();
    let mut cur = 1;
    for (d, s) in m {
        if d < cur {
            return false;
        }
        cur = s * d;
    }
    true
}

/// The known-differences rule of the CuTe C++ comparisons: every line that
/// differs from CuTe's answer starts with one of `known`'s prefixes, and
/// every listed prefix still differs (a listed line that now agrees must
/// leave the list). `total` is the number of lines compared; `list` names
/// the list in the message.
pub fn assert_only_known_differences(
    diffs: &[String],
    known: &[(&str, &str)],
    total: usize,
    list: &str,
) {
    let unknown: Vec<&String> = diffs
        .iter()
        .filter(|d| !known.iter().any(|(k, _)| d.starts_with(k)))
        .collect();
    assert!(
        unknown.is_empty(),
        "{} of {total} differ:\n{unknown:#?}",
        unknown.len()
    );
    for (k, why) in known {
        assert!(
            diffs.iter().any(|d| d.starts_with(k)),
            "{k} now agrees ({why}): remove it from {list}"
        );
    }
}

/// One call of a CuTe C++ expected file (`OP|ARG|…|ANSWER`): the operation,
/// its arguments and CuTe's answer (every field after the arguments, its
/// `_` static marks removed). An argument that is an optional one may also
/// be the answer's first field, so it takes the arguments the operation can
/// take and leaves at least one field.
pub struct CuteCppCall {
    /// The operation's name in the table.
    pub op: String,
    /// The arguments.
    pub args: Vec<String>,
    /// CuTe's answer.
    pub answer: String,
}

/// The calls of `tests/cute-cpp/<file>` (see [`CuteCppCall`]).
pub fn cute_cpp_calls(file: &str) -> Vec<CuteCppCall> {
    let path = format!("{}/cute-cpp/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let parts: Vec<&str> = l.split('|').collect();
            let op = cute_tools::operation(parts[0]).unwrap();
            let nargs = op.max_args().min(parts.len() - 2);
            CuteCppCall {
                op: parts[0].to_string(),
                args: parts[1..=nargs].iter().map(|s| s.to_string()).collect(),
                answer: parts[1 + nargs..].join("|").replace('_', ""),
            }
        })
        .collect()
}
