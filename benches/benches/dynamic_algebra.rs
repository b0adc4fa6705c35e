//! Dynamic algebra: composition, complement, logical_divide,
//! logical_product, coalesce, right/left inverse on the layouts of the Cecka
//! paper's tables, in ns per operation, each beside the naive
//! `Vec`-tree baseline (`benches::naive`) measured in the same run, and
//! with the heap allocations of our path counted (asserted to be zero).
//!
//! Run: `cargo bench -p benches --bench dynamic_algebra`.

use std::alloc::System;
use std::hint::black_box;

use benches::naive::{self, NaiveLayout};
use benches::timing::ns_per_call;
use benches::{COMPOSITIONS, DIVIDES, PRODUCTS, TABLE_LAYOUTS};
use criterion::Criterion;
use cute_dynamic::Layout;
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn parse(s: &str) -> Layout {
    s.parse().expect("benchmark operand")
}

struct Case {
    name: &'static str,
    ours: Box<dyn FnMut()>,
    baseline: Box<dyn FnMut()>,
    /// Operations per call of `ours` / `baseline`.
    ops: u64,
}

fn pairs(list: &[(&str, &str)]) -> Vec<(Layout, Layout)> {
    list.iter().map(|(a, b)| (parse(a), parse(b))).collect()
}

fn naive_pairs(list: &[(Layout, Layout)]) -> Vec<(NaiveLayout, NaiveLayout)> {
    list.iter()
        .map(|(a, b)| (NaiveLayout::from_layout(a), NaiveLayout::from_layout(b)))
        .collect()
}

fn cases() -> Vec<Case> {
    let comp = pairs(COMPOSITIONS);
    let ncomp = naive_pairs(&comp);
    let tab: Vec<Layout> = TABLE_LAYOUTS.iter().map(|s| parse(s)).collect();
    let ntab: Vec<NaiveLayout> = tab.iter().map(NaiveLayout::from_layout).collect();
    let div = pairs(DIVIDES);
    let ndiv = naive_pairs(&div);
    let prod = pairs(PRODUCTS);
    let nprod = naive_pairs(&prod);
    for (a, b) in &comp {
        cute_dynamic::composition(a, b).expect("admissible benchmark operands");
    }
    for (a, b) in &div {
        cute_dynamic::logical_divide(a, b).expect("admissible benchmark operands");
    }
    for (a, b) in &prod {
        cute_dynamic::logical_product(a, b).expect("admissible benchmark operands");
    }
    let cos: Vec<i64> = tab.iter().map(|l| l.cosize().unwrap() * 2).collect();
    let n = |v: usize| v as u64;
    vec![
        Case {
            name: "composition",
            ops: n(comp.len()),
            ours: Box::new({
                let c = comp.clone();
                move || {
                    c.iter().for_each(|(a, b)| {
                        drop(black_box(cute_dynamic::composition(
                            black_box(a),
                            black_box(b),
                        )))
                    })
                }
            }),
            baseline: Box::new({
                let c = ncomp.clone();
                move || {
                    c.iter().for_each(|(a, b)| {
                        drop(black_box(naive::composition(black_box(a), black_box(b))))
                    })
                }
            }),
        },
        Case {
            name: "complement",
            ops: n(tab.len()),
            ours: Box::new({
                let (t, m) = (tab.clone(), cos.clone());
                move || {
                    t.iter().zip(&m).for_each(|(a, &m)| {
                        drop(black_box(cute_dynamic::complement(black_box(a), m)))
                    })
                }
            }),
            baseline: Box::new({
                let (t, m) = (ntab.clone(), cos.clone());
                move || {
                    t.iter()
                        .zip(&m)
                        .for_each(|(a, &m)| drop(black_box(naive::complement(black_box(a), m))))
                }
            }),
        },
        Case {
            name: "coalesce",
            ops: n(tab.len()),
            ours: Box::new({
                let t = tab.clone();
                move || {
                    t.iter()
                        .for_each(|a| drop(black_box(cute_dynamic::coalesce(black_box(a)))))
                }
            }),
            baseline: Box::new({
                let t = ntab.clone();
                move || {
                    t.iter()
                        .for_each(|a| drop(black_box(naive::coalesce(black_box(a)))))
                }
            }),
        },
        Case {
            name: "right_inverse",
            ops: n(tab.len()),
            ours: Box::new({
                let t = tab.clone();
                move || {
                    t.iter()
                        .for_each(|a| drop(black_box(cute_dynamic::right_inverse(black_box(a)))))
                }
            }),
            baseline: Box::new({
                let t = ntab.clone();
                move || {
                    t.iter()
                        .for_each(|a| drop(black_box(naive::right_inverse(black_box(a)))))
                }
            }),
        },
        Case {
            name: "left_inverse",
            ops: n(tab.len()),
            ours: Box::new({
                let t = tab.clone();
                move || {
                    t.iter()
                        .for_each(|a| drop(black_box(cute_dynamic::left_inverse(black_box(a)))))
                }
            }),
            // pycute's left inverse is right_inverse((L, complement(L))).
            baseline: Box::new({
                let t = ntab.clone();
                move || {
                    t.iter().for_each(|a| {
                        let c = naive::complement(a, 1);
                        let lc = NaiveLayout {
                            shape: naive::Tree::Tup(vec![a.shape.clone(), c.shape]),
                            stride: naive::Tree::Tup(vec![a.stride.clone(), c.stride]),
                        };
                        drop(black_box(naive::right_inverse(&lc)))
                    })
                }
            }),
        },
        Case {
            name: "logical_divide",
            ops: n(div.len()),
            ours: Box::new({
                let t = div.clone();
                move || {
                    t.iter().for_each(|(a, b)| {
                        drop(black_box(cute_dynamic::logical_divide(
                            black_box(a),
                            black_box(b),
                        )))
                    })
                }
            }),
            baseline: Box::new({
                let t = ndiv.clone();
                move || {
                    t.iter().for_each(|(a, b)| {
                        drop(black_box(naive::logical_divide(black_box(a), black_box(b))))
                    })
                }
            }),
        },
        Case {
            name: "logical_product",
            ops: n(prod.len()),
            ours: Box::new({
                let t = prod.clone();
                move || {
                    t.iter().for_each(|(a, b)| {
                        drop(black_box(cute_dynamic::logical_product(
                            black_box(a),
                            black_box(b),
                        )))
                    })
                }
            }),
            baseline: Box::new({
                let t = nprod.clone();
                move || {
                    t.iter().for_each(|(a, b)| {
                        drop(black_box(naive::logical_product(
                            black_box(a),
                            black_box(b),
                        )))
                    })
                }
            }),
        },
    ]
}

fn main() {
    let mut cases = cases();
    println!(
        "{:<16} {:>12} {:>16} {:>8} {:>12}",
        "op", "ns/op", "naive ns/op", "ratio", "allocations"
    );
    for case in &mut cases {
        // Allocations of our path, counted over one pass over the operands.
        let region = Region::new(GLOBAL);
        (case.ours)();
        let allocs = region.change().allocations + region.change().reallocations;
        let ours = ns_per_call(2000, &mut case.ours) / case.ops as f64;
        let base = ns_per_call(2000, &mut case.baseline) / case.ops as f64;
        println!(
            "{:<16} {:>12.1} {:>16.1} {:>8.3} {:>12}",
            case.name,
            ours,
            base,
            ours / base,
            allocs
        );
        assert_eq!(allocs, 0, "{}: the algebra must not allocate", case.name);
    }
    let mut c = Criterion::default().configure_from_args();
    for case in &mut cases {
        let mut g = c.benchmark_group(case.name);
        g.throughput(criterion::Throughput::Elements(case.ops));
        g.bench_function("cute-dynamic", |b| b.iter(&mut case.ours));
        g.bench_function("naive-vec-tree", |b| b.iter(&mut case.baseline));
        g.finish();
    }
    c.final_summary();
}
