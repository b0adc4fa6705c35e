//! Timings: median, min and max of repeated launches.

use std::fmt;

/// The median, min and max of `n` timed launches, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    /// The median (the mean of the two middle samples for even `n`).
    pub median_ms: f64,
    /// The fastest.
    pub min_ms: f64,
    /// The slowest.
    pub max_ms: f64,
    /// Number of samples.
    pub n: usize,
}

impl Stats {
    /// The statistics of `samples` (ms); `None` when empty or when one is
    /// not a number.
    pub fn of_ms(samples: &[f32]) -> Option<Self> {
        let mut v: Vec<f64> = samples.iter().map(|&x| f64::from(x)).collect();
        if v.is_empty() || v.iter().any(|x| x.is_nan()) {
            return None;
        }
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        Some(Stats {
            median_ms: median,
            min_ms: v[0],
            max_ms: v[n - 1],
            n,
        })
    }

    /// `flop` floating-point operations per launch, in TFLOP/s at the
    /// median.
    pub fn tflops(&self, flop: f64) -> f64 {
        flop / (self.median_ms * 1e-3) / 1e12
    }

    /// `bytes` moved per launch, in GB/s at the median.
    pub fn gbps(&self, bytes: f64) -> f64 {
        bytes / (self.median_ms * 1e-3) / 1e9
    }
}

/// `9.327 ms` or `7.9 µs`: the unit the table of kernels/README.md uses.
pub struct Duration(pub f64);

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 < 1.0 {
            write!(f, "{:.1} µs", self.0 * 1e3)
        } else {
            write!(f, "{:.3} ms", self.0)
        }
    }
}

impl Stats {
    /// `min–max` in the median's unit.
    pub fn range(&self) -> String {
        if self.median_ms < 1.0 {
            format!("{:.1}–{:.1} µs", self.min_ms * 1e3, self.max_ms * 1e3)
        } else {
            format!("{:.3}–{:.3} ms", self.min_ms, self.max_ms)
        }
    }
}
