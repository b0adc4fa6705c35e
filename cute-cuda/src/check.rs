//! Host references and comparisons for the runner's checks.

/// A small deterministic generator (SplitMix64): the runner's inputs are
/// reproducible from the seed it prints.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `[-1, 1)`, 24 random bits (exact in f32).
    pub fn uniform(&mut self) -> f32 {
        ((self.next_u64() >> 40) as f32) / (1u64 << 23) as f32 - 1.0
    }
    /// `n` values uniform in `[-1, 1)`.
    pub fn uniforms(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.uniform()).collect()
    }
    /// An integer in `lo..=hi`.
    pub fn int(&mut self, lo: i32, hi: i32) -> i32 {
        let span = (hi - lo + 1) as u64;
        lo + (self.next_u64() % span) as i32
    }
}

/// Relative L2 error `‖out − ref‖ / ‖ref‖` (`‖out − ref‖` when the
/// reference is zero) and the largest element error.
pub fn rel_l2(out: impl Iterator<Item = f64>, reference: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut num, mut den, mut worst) = (0.0f64, 0.0f64, 0.0f64);
    for (o, r) in out.zip(reference) {
        let d = o - r;
        num += d * d;
        den += r * r;
        worst = worst.max(if d.is_nan() { f64::INFINITY } else { d.abs() });
    }
    let num = num.sqrt();
    (if den > 0.0 { num / den.sqrt() } else { num }, worst)
}

/// The GEMM `C = α·A·Bᵀ + β·C` in f64 on the host: `a(i, p)`, `b(j, p)`,
/// `c(i, j)` read the operands, the result is `m × n` column-major.
pub fn gemm_f64(
    (m, n, k): (usize, usize, usize),
    (alpha, beta): (f64, f64),
    a: impl Fn(usize, usize) -> f64,
    b: impl Fn(usize, usize) -> f64,
    c: impl Fn(usize, usize) -> f64,
) -> Vec<f64> {
    let mut out = vec![0.0f64; m * n];
    // A as an m × k column-major f64 copy: the inner loop runs over i.
    let a_cm: Vec<f64> = (0..k)
        .flat_map(|p| (0..m).map(move |i| (p, i)))
        .map(|(p, i)| a(i, p))
        .collect();
    for j in 0..n {
        let col = &mut out[j * m..(j + 1) * m];
        for p in 0..k {
            let bjp = b(j, p);
            let a_col = &a_cm[p * m..(p + 1) * m];
            for (o, &x) in col.iter_mut().zip(a_col) {
                *o += x * bjp;
            }
        }
        for (i, o) in col.iter_mut().enumerate() {
            *o = alpha * *o + beta * c(i, j);
        }
    }
    out
}

/// The f16 bits of a small integer `v` (`|v| < 2048`: exact).
pub fn f16_bits_of_int(v: i32) -> u16 {
    if v == 0 {
        return 0;
    }
    let sign = if v < 0 { 0x8000u16 } else { 0 };
    let a = v.unsigned_abs();
    let e = 31 - a.leading_zeros(); // a = 1.f × 2^e
    let mantissa = ((a << (10 - e)) & 0x3ff) as u16; // e ≤ 10
    sign | (((e + 15) as u16) << 10) | mantissa
}
