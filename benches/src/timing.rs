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
