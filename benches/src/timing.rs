//! A small in-process timer for the ratio tables the benchmarks print
//! (criterion measures the same closures for its own detailed reports).

use std::time::Instant;

/// Median nanoseconds per call of `f` over 15 batches of `iters` calls.
pub fn ns_per_call(iters: u64, mut f: impl FnMut()) -> f64 {
    for _ in 0..iters / 4 + 1 {
        f();
    }
    let mut samples: Vec<f64> = (0..15)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                f();
            }
            t.elapsed().as_nanos() as f64 / iters as f64
        })
        .collect();
    samples.sort_by(|a, b| a.total_cmp(b));
    samples[samples.len() / 2]
}

/// Nanoseconds per call of `a` and of `b`, measured alternately (15 rounds
/// of `iters` calls each) and each taken as its fastest round, so load from
/// other processes disturbs both sides alike and is filtered out.
pub fn paired_ns_per_call(iters: u64, mut a: impl FnMut(), mut b: impl FnMut()) -> (f64, f64) {
    for _ in 0..iters / 4 + 1 {
        a();
        b();
    }
    let (mut best_a, mut best_b) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..15 {
        let t = Instant::now();
        for _ in 0..iters {
            a();
        }
        best_a = best_a.min(t.elapsed().as_nanos() as f64 / iters as f64);
        let t = Instant::now();
        for _ in 0..iters {
            b();
        }
        best_b = best_b.min(t.elapsed().as_nanos() as f64 / iters as f64);
    }
    (best_a, best_b)
}

/// One line of a paired bench: both figures and their ratio `ours / base`.
pub fn ratio_line(name: &str, ours: f64, base: f64, unit: &str) {
    println!(
        "{name:<44} {ours:>10.3} {base:>10.3} {unit:<6} ratio {:.3}",
        ours / base
    );
}
