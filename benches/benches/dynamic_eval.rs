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

/// A layout with the three ways of evaluating it and the hand-written
/// loop's inputs: every way folds the offsets of all `n` elements.
struct Ways {
    l: Layout,
    ev: cute_dynamic::Evaluator,
    n: i64,
    shapes: Vec<i64>,
    strides: Vec<i64>,
}

impl Ways {
    fn new(text: &str) -> Ways {
        let l: Layout = text.parse().unwrap();
        let ways = Ways {
            ev: l.evaluator(),
            n: l.size(),
            shapes: l.leaf_modes().map(|m| m.0).collect(),
            strides: l.leaf_modes().map(|m| m.1).collect(),
            l,
        };
        let want = ways.hand();
        assert_eq!((ways.call(), ways.eval(), ways.iter()), (want, want, want));
        ways
    }
    fn hand(&self) -> i64 {
        hand_written(black_box(&self.shapes), black_box(&self.strides), self.n)
    }
    fn call(&self) -> i64 {
        let l = black_box(&self.l);
        (0..self.n).fold(0i64, |acc, i| acc.wrapping_add(black_box(l.call(i))))
    }
    fn eval(&self) -> i64 {
        let e = black_box(&self.ev);
        (0..self.n as u64).fold(0i64, |acc, i| acc.wrapping_add(black_box(e.call(i))))
    }
    fn iter(&self) -> i64 {
        black_box(&self.l)
            .offsets()
            .fold(0i64, |acc, o| acc.wrapping_add(black_box(o)))
    }
}

/// Measure the three ways on one layout and print them beside the
/// hand-written loop.
fn report(text: &str) -> Ways {
    let w = Ways::new(text);
    let per_elem = |f: &dyn Fn() -> i64| {
        ns_per_call(20, || {
            black_box(f());
        }) / w.n as f64
    };
    let base = per_elem(&|| w.hand());
    println!(
        "layout {text} ({} elements; coalesced {})",
        w.n,
        w.l.coalesce()
    );
    println!("{:<28} {:>10} {:>8}", "", "ns/elem", "ratio");
    println!("{:<28} {:>10.2} {:>8.3}", "hand-written div/mod", base, 1.0);
    for (name, ns) in [
        ("Layout::call(i)", per_elem(&|| w.call())),
        ("Evaluator::call(i)", per_elem(&|| w.eval())),
        ("Layout::offsets()", per_elem(&|| w.iter())),
    ] {
        println!("{:<28} {:>10.2} {:>8.3}", name, ns, ns / base);
    }
    w
}

fn main() {
    // A layout whose leaves do not coalesce: the evaluator and the
    // odometer cannot shorten it.
    report(UNCOALESCED);
    let w = report(LAYOUT);

    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("evaluate_depth2_rank4");
    g.throughput(criterion::Throughput::Elements(w.n as u64));
    g.bench_function("hand-written", |b| b.iter(|| w.hand()));
    g.bench_function("call", |b| b.iter(|| w.call()));
    g.bench_function("evaluator", |b| b.iter(|| w.eval()));
    g.bench_function("offsets", |b| b.iter(|| w.iter()));
    g.finish();
    c.final_summary();
}
