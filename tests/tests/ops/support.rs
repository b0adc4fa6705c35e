//! Helpers shared by the operation files: random trees, shapes and
//! layouts for the property tests, the proptest configuration of the law
//! properties, and small parsers. The post-conditions of the operations are
//! not here: they are written once, in `cute_tools::laws`.

use cute_dynamic::{Engine, IntTuple, Layout, Tensor, TensorLayout};
use cute_tests::cases;
use cute_tools::apply;
use proptest::prelude::*;
use serde_json::Value;

/// A random tree of depth ≤ 2 over the given leaves, as text.
pub fn tree_text(leaf: BoxedStrategy<i64>) -> BoxedStrategy<String> {
    leaf.prop_map(|v| v.to_string())
        .prop_recursive(2, 12, 3, |inner| {
            prop::collection::vec(inner, 1..4).prop_map(|v| format!("({})", v.join(",")))
        })
        .boxed()
}

pub fn tree_of(leaf: BoxedStrategy<i64>) -> BoxedStrategy<IntTuple> {
    tree_text(leaf).prop_map(|s| s.parse().unwrap()).boxed()
}

pub fn shape() -> BoxedStrategy<IntTuple> {
    tree_of(prop::sample::select(vec![1i64, 2, 3, 4, 5, 6, 8, 12]).boxed())
}

/// `t` with its leaves replaced, in order, by `values` (cycled), as text.
pub fn replace_text(t: &IntTuple, values: &[String]) -> String {
    let mut k = 0;
    let text = t.to_string();
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
            out.push_str(&values[k % values.len()]);
            k += 1;
        } else {
            out.push(c);
        }
    }
    out
}

/// `t` with its leaves replaced, in order, by `values` (cycled).
pub fn with_leaves(t: &IntTuple, values: &[i64]) -> IntTuple {
    let v: Vec<String> = values.iter().map(|x| x.to_string()).collect();
    replace_text(t, &v).parse().unwrap()
}

/// A layout whose shape is a random tree and whose strides come from
/// `strides` (cycled).
pub fn layout_from(s: &IntTuple, strides: &[i64]) -> Layout {
    Layout::new(s.clone(), with_leaves(s, strides)).unwrap()
}

pub fn layout() -> impl Strategy<Value = Layout> {
    (
        shape(),
        prop::collection::vec(prop_oneof![Just(0i64), -4i64..40], 1..8),
    )
        .prop_map(|(s, d)| layout_from(&s, &d))
}

/// A coordinate matching `t`'s structure: at each mode an integer, a hole,
/// or (for a tuple mode) a tuple, as `choices` says.
pub fn coord_like(t: &IntTuple, choices: &[u8], k: &mut usize) -> String {
    let c = choices[*k % choices.len()];
    *k += 1;
    match (t.is_int(), c % 3) {
        (_, 0) => (c as i64 % 5).to_string(),
        (_, 1) => "_".to_string(),
        (true, _) => "1".to_string(),
        (false, _) => {
            let parts: Vec<String> = (0..t.rank())
                .map(|i| coord_like(&t.get(i).unwrap().to_owned(), choices, k))
                .collect();
            format!("({})", parts.join(","))
        }
    }
}

/// The leaves of `t`, as a flat list.
pub fn leaves(t: &IntTuple) -> Vec<i64> {
    t.leaves().collect()
}

/// A random tree of depth ≤ 3 with leaves in `leaf`, as a tuple.
pub fn tree(leaf: core::ops::Range<i64>) -> BoxedStrategy<IntTuple> {
    leaf.prop_map(|v| v.to_string())
        .prop_recursive(3, 16, 3, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(|v| format!("({})", v.join(",")))
        })
        .prop_map(|s| s.parse().unwrap())
        .boxed()
}

/// A guide `t` is at least as deep as: each node of `t` kept as a tuple or
/// replaced by a leaf, as `choices` say.
pub fn coarsen(t: &IntTuple, choices: &[bool], k: &mut usize) -> String {
    let c = choices[*k % choices.len()];
    *k += 1;
    if t.is_int() || c {
        return "1".into();
    }
    let parts: Vec<String> = t
        .as_ref()
        .children()
        .map(|m| coarsen(&m.to_owned(), choices, k))
        .collect();
    format!("({})", parts.join(","))
}

/// A layout over `shape` with strides from `strides` (cycled).
pub fn layout_over(shape: &IntTuple, strides: &[i64]) -> Layout {
    let strides: Vec<String> = strides.iter().map(ToString::to_string).collect();
    format!("{shape}:{}", replace_text(shape, &strides))
        .parse()
        .unwrap()
}

/// `t` with its leaves replaced, in order, by `v` (cycled): congruent to `t`.
pub fn relabel(t: &IntTuple, v: &[i64], k: &mut usize) -> String {
    if t.is_int() {
        *k += 1;
        return v[(*k - 1) % v.len()].to_string();
    }
    let parts: Vec<String> = t
        .as_ref()
        .children()
        .map(|m| relabel(&m.to_owned(), v, k))
        .collect();
    format!("({})", parts.join(","))
}

/// `apply` of `op`, or the error's kind.
pub fn run(op: &str, args: &[&str]) -> String {
    apply(op, args).unwrap_or_else(|e| e.kind().to_string())
}

pub fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

pub fn l(s: &str) -> Layout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn same_on_domain(a: &Layout, b: &Layout) -> bool {
    a.size() == b.size() && (0..a.size()).all(|i| a.call(i) == b.call(i))
}

/// A compact layout of the given mode sizes, column- or row-major.
pub fn compact(sizes: &[i64], row: bool) -> Layout {
    let s = IntTuple::flat(sizes.iter().copied());
    if row {
        Layout::row_major(&s).unwrap()
    } else {
        Layout::column_major(&s).unwrap()
    }
}

/// A case of a JSON-lines data file (the oracle's, the skip tilers'): its
/// operation and arguments.
pub fn op_and_args(case: &Value) -> (&str, Vec<&str>) {
    let op = case["op"].as_str().unwrap();
    let args = case["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    (op, args)
}

/// A tensor's values in index order (`t.at(i)` for `i` in `0..size`), as
/// the laws over values (`check_copy_if`) take them.
pub fn tensor_values<E, L>(t: &Tensor<E, L>) -> Vec<Option<E::Value>>
where
    E: Engine<L::Offset>,
    L: TensorLayout,
{
    (0..t.size()).map(|i| t.at(i)).collect()
}

/// Flat layouts of `ranks` modes, each of shape in `1..5` and stride in
/// `strides`.
pub fn flat_layout(
    strides: core::ops::Range<i64>,
    ranks: core::ops::Range<usize>,
) -> impl Strategy<Value = Layout> {
    proptest::collection::vec((1i64..5, strides), ranks).prop_map(|modes| {
        Layout::new(
            IntTuple::flat(modes.iter().map(|m| m.0)),
            IntTuple::flat(modes.iter().map(|m| m.1)),
        )
        .unwrap()
    })
}
