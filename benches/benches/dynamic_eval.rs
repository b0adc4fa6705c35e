//! Dynamic evaluation: `Layout::call(i)` for every `i` of a depth-2 rank-4
//! layout and the in-order offset iterator, in ns per element, beside a
//! hand-written div/mod loop over the same shapes and strides in the same
//! run.
//!
//! Run: `cargo bench -p benches --bench dynamic_eval`.

use std::hint::black_box;

use benches::EVAL_LAYOUT as LAYOUT;
use benches::timing::ns_per_call;
use criterion::Criterion;
use cute_dynamic::Layout;

/// The hand-written loop: split `i` by the leaf shapes with div/mod.
fn hand_written(shapes: &[i64], strides: &[i64], n: i64) -> i64 {
    let mut acc = 0i64;
    for i in 0..n {
        let mut rest = i;
        let mut off = 0;
        for k in 0..shapes.len() - 1 {
            off += (rest % shapes[k]) * strides[k];
            rest /= shapes[k];
        }
        off += rest * strides[shapes.len() - 1];
        acc = acc.wrapping_add(black_box(off));
    }
    acc
}

fn main() {
    let l: Layout = LAYOUT.parse().unwrap();
    let n = l.size();
    let shapes: Vec<i64> = l.leaf_modes().map(|m| m.0).collect();
    let strides: Vec<i64> = l.leaf_modes().map(|m| m.1).collect();
    let call = |l: &Layout| (0..n).fold(0i64, |acc, i| acc.wrapping_add(black_box(l.call(i))));
    let iter = |l: &Layout| {
        l.offsets()
            .fold(0i64, |acc, o| acc.wrapping_add(black_box(o)))
    };
    let ev = l.evaluator();
    let eval = |e: &cute_dynamic::Evaluator| {
        (0..n as u64).fold(0i64, |acc, i| acc.wrapping_add(black_box(e.call(i))))
    };
    assert_eq!(eval(&ev), hand_written(&shapes, &strides, n));
    assert_eq!(call(&l), hand_written(&shapes, &strides, n));
    assert_eq!(iter(&l), hand_written(&shapes, &strides, n));

    let base = ns_per_call(20, || {
        black_box(hand_written(black_box(&shapes), black_box(&strides), n));
    }) / n as f64;
    let ours_call = ns_per_call(20, || {
        black_box(call(black_box(&l)));
    }) / n as f64;
    let ours_iter = ns_per_call(20, || {
        black_box(iter(black_box(&l)));
    }) / n as f64;
    let ours_eval = ns_per_call(20, || {
        black_box(eval(black_box(&ev)));
    }) / n as f64;
    println!("layout {LAYOUT} ({n} elements)");
    println!("{:<28} {:>10} {:>8}", "", "ns/elem", "ratio");
    println!("{:<28} {:>10.2} {:>8.3}", "hand-written div/mod", base, 1.0);
    println!(
        "{:<28} {:>10.2} {:>8.3}",
        "Layout::call(i)",
        ours_call,
        ours_call / base
    );
    println!(
        "{:<28} {:>10.2} {:>8.3}",
        "Evaluator::call(i)",
        ours_eval,
        ours_eval / base
    );
    println!(
        "{:<28} {:>10.2} {:>8.3}",
        "Layout::offsets()",
        ours_iter,
        ours_iter / base
    );

    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("evaluate_depth2_rank4");
    g.throughput(criterion::Throughput::Elements(n as u64));
    g.bench_function("hand-written", |b| {
        b.iter(|| hand_written(black_box(&shapes), black_box(&strides), n))
    });
    g.bench_function("call", |b| b.iter(|| call(black_box(&l))));
    g.bench_function("evaluator", |b| b.iter(|| eval(black_box(&ev))));
    g.bench_function("offsets", |b| b.iter(|| iter(black_box(&l))));
    g.finish();
    c.final_summary();
}
