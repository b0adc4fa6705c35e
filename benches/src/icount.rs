//! The workloads of the instruction-count benchmark (`src/bin/icount.rs`,
//! checked by `tests/icount.rs`): one named operation applied to every
//! operand of its input table (the tables of this crate, the same inputs the
//! criterion benches use), as one *pass*.
//!
//! The operands are parsed and checked (every call must take the success
//! path) before the first pass, so a run with `N` passes costs
//! `setup + N · calls_per_pass · (instructions per call)`; two runs with
//! different `N` give the per-call figure with the setup cancelled out.

use std::hint::black_box;

use cute_dynamic::Layout;

use crate::{COMPOSITIONS, DIVIDES, EVAL_LAYOUT, PRODUCTS, TABLE_LAYOUTS};

/// The operations, in the order the report prints them. `call`,
/// `evaluator` and `offsets` are per element of [`EVAL_LAYOUT`]; the others per operation.
pub const OPS: &[&str] = &[
    "coalesce",
    "composition",
    "complement",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "zipped_divide",
    "logical_product",
    "blocked_product",
    "raked_product",
    "call",
    "evaluator",
    "offsets",
];

/// One operation over its input table.
pub struct Workload {
    /// Calls of the operation (or elements evaluated) in one pass.
    pub calls_per_pass: usize,
    /// Runs one pass.
    pub pass: Box<dyn FnMut()>,
}

fn parse(s: &str) -> Layout {
    s.parse().expect("benchmark operand")
}

fn pairs(list: &[(&str, &str)]) -> Vec<(Layout, Layout)> {
    list.iter().map(|(a, b)| (parse(a), parse(b))).collect()
}

/// A pass over pairs: `f` is checked to succeed on each pair first.
fn binary<T: 'static, E: std::fmt::Debug + 'static>(
    list: &[(&str, &str)],
    f: fn(&Layout, &Layout) -> Result<T, E>,
) -> Workload {
    let ops = pairs(list);
    for (a, b) in &ops {
        f(a, b).expect("admissible benchmark operands");
    }
    Workload {
        calls_per_pass: ops.len(),
        pass: Box::new(move || {
            for (a, b) in &ops {
                drop(black_box(f(black_box(a), black_box(b))));
            }
        }),
    }
}

/// A pass over the table layouts: `f` is checked to succeed on each first.
fn unary<T: 'static, E: std::fmt::Debug + 'static>(f: fn(&Layout) -> Result<T, E>) -> Workload {
    let ops: Vec<Layout> = TABLE_LAYOUTS.iter().map(|s| parse(s)).collect();
    for a in &ops {
        f(a).expect("admissible benchmark operand");
    }
    Workload {
        calls_per_pass: ops.len(),
        pass: Box::new(move || {
            for a in &ops {
                drop(black_box(f(black_box(a))));
            }
        }),
    }
}

/// The workload of the operation `op` (one of [`OPS`]), or `None`.
pub fn workload(op: &str) -> Option<Workload> {
    Some(match op {
        // Whatever `coalesce` returns (a `Result` or a `Layout`), only its
        // cost is measured here.
        "coalesce" => {
            let ops: Vec<Layout> = TABLE_LAYOUTS.iter().map(|s| parse(s)).collect();
            Workload {
                calls_per_pass: ops.len(),
                pass: Box::new(move || {
                    for a in &ops {
                        drop(black_box(cute_dynamic::coalesce(black_box(a))));
                    }
                }),
            }
        }
        "composition" => binary(COMPOSITIONS, cute_dynamic::composition),
        "complement" => {
            let ops: Vec<(Layout, i64)> = TABLE_LAYOUTS
                .iter()
                .map(|s| {
                    let l = parse(s);
                    let m = l.cosize().expect("benchmark operand") * 2;
                    (l, m)
                })
                .collect();
            for (a, m) in &ops {
                cute_dynamic::complement(a, *m).expect("admissible benchmark operand");
            }
            Workload {
                calls_per_pass: ops.len(),
                pass: Box::new(move || {
                    for (a, m) in &ops {
                        drop(black_box(cute_dynamic::complement(
                            black_box(a),
                            black_box(*m),
                        )));
                    }
                }),
            }
        }
        "right_inverse" => unary(cute_dynamic::right_inverse),
        "left_inverse" => unary(cute_dynamic::left_inverse),
        "logical_divide" => binary(DIVIDES, cute_dynamic::logical_divide),
        "zipped_divide" => binary(DIVIDES, cute_dynamic::zipped_divide),
        "logical_product" => binary(PRODUCTS, cute_dynamic::logical_product),
        "blocked_product" => binary(PRODUCTS, cute_dynamic::blocked_product),
        "raked_product" => binary(PRODUCTS, cute_dynamic::raked_product),
        "call" => {
            let l = parse(EVAL_LAYOUT);
            let n = l.size();
            Workload {
                calls_per_pass: n as usize,
                pass: Box::new(move || {
                    let l = black_box(&l);
                    let s = (0..n).fold(0i64, |acc, i| acc.wrapping_add(black_box(l.call(i))));
                    black_box(s);
                }),
            }
        }
        "evaluator" => {
            let e = parse(EVAL_LAYOUT).evaluator();
            let n = parse(EVAL_LAYOUT).size() as u64;
            Workload {
                calls_per_pass: n as usize,
                pass: Box::new(move || {
                    let e = black_box(&e);
                    let s = (0..n).fold(0i64, |acc, i| acc.wrapping_add(black_box(e.call(i))));
                    black_box(s);
                }),
            }
        }
        "offsets" => {
            let l = parse(EVAL_LAYOUT);
            let n = l.size();
            Workload {
                calls_per_pass: n as usize,
                pass: Box::new(move || {
                    let s = black_box(&l)
                        .offsets()
                        .fold(0i64, |acc, o| acc.wrapping_add(black_box(o)));
                    black_box(s);
                }),
            }
        }
        _ => return None,
    })
}
