//! Dynamic evaluation: `Layout::call(i)` for every `i` of a depth-2 rank-4
//! layout and the in-order offset iterator, in ns per element, beside a
//! hand-written div/mod loop over the same shapes and strides in the same
//! run; then the same for a layout whose leaves do not coalesce
//! (`UNCOALESCED`), where the evaluator and the odometer cannot shorten
//! the work.
//!
//! Run: `cargo bench -p benches --bench dynamic_eval`.

use std::hint::black_box;

use benches::EVAL_LAYOUT as LAYOUT;
use benches::timing::ns_per_call;

/// Eight leaves, no two of which merge under coalesce.
const UNCOALESCED: &str = "((3,4),(5,2),7,(2,3)):((2,60),(7,1000),3,(11,5000))";
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

/// Measure the four ways on one layout and print them beside the
/// hand-written loop.
fn report(text: &str) {
    let l: Layout = text.parse().unwrap();
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
    println!("layout {text} ({n} elements; coalesced {})", l.coalesce());
    println!("{:<28} {:>10} {:>8}", "", "ns/elem", "ratio");
    println!("{:<28} {:>10.2} {:>8.3}", "hand-written div/mod", base, 1.0);
    for (name, ns) in [
        ("Layout::call(i)", ours_call),
        ("Evaluator::call(i)", ours_eval),
        ("Layout::offsets()", ours_iter),
    ] {
        println!("{:<28} {:>10.2} {:>8.3}", name, ns, ns / base);
    }
}

fn main() {
    report(LAYOUT);
    // A layout whose leaves do not coalesce: the evaluator and the
    // odometer cannot shorten it.
    report(UNCOALESCED);
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
