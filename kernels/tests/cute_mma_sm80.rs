//! The SM80 MMA kernels (`cute_kernels::cute::mma_sm80`) on the host: the
//! PTX entries as the device runs them, the grid emulated by
//! `cute_static::arch::host::launch` (the atoms' warp-cooperative
//! emulation: the warp's threads exchange their A and B values by the
//! atom's layouts), against the naive product `C + A·Bᵀ`.

use cute_kernels::cute::mma_sm80::{mma_sm80_atom_f16, mma_sm80_tiled_f16, mma_sm80_tiled_f32};
use cute_static::arch::{Dim3, GlobalBuffer, host};
use cute_static::layout;

/// Small integers: exact in `half_t`, and so is every sum below (|C| ≤
/// 3 + 32·9 < 2048), whatever the order of the additions.
fn values(n: usize, seed: u32) -> Vec<f32> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((s >> 24) % 7) as f32 - 3.0
        })
        .collect()
}

/// The elements of `got` (column-major `m × n`) that differ from `C0 +
/// A·Bᵀ`.
fn wrong(
    got: &[f32],
    (a, b, c0): (&[f32], &[f32], &[f32]),
    (m, n, k): (usize, usize, usize),
) -> usize {
    let mut bad = 0;
    for i in 0..m {
        for j in 0..n {
            let want = c0[i + m * j] + (0..k).map(|l| a[i + m * l] * b[j + n * l]).sum::<f32>();
            bad += usize::from(got[i + m * j] != want);
        }
    }
    bad
}

macro_rules! run {
    ($kernel:ident, $threads:expr, ($m:tt, $n:tt, $k:tt)) => {{
        let (m, n, k) = ($m, $n, $k);
        let (a, b, c0) = (values(m * k, 1), values(n * k, 2), values(m * n, 3));
        let (ga, gb, gc) = (
            GlobalBuffer::from_slice(&a),
            GlobalBuffer::from_slice(&b),
            GlobalBuffer::from_slice(&c0),
        );
        let ta = ga.tensor(layout!(($m, $k))).unwrap();
        let tb = gb.tensor(layout!(($n, $k))).unwrap();
        let tc = gc.tensor(layout!(($m, $n))).unwrap();
        host::launch(Dim3::new(1, 1, 1), Dim3::new($threads, 1, 1), || {
            $kernel(ta, tb, tc)
        });
        assert_eq!(
            wrong(&gc.to_vec(), (&a, &b, &c0), (m, n, k)),
            0,
            "elements of C differ from C + A·Bᵀ"
        );
    }};
}

#[test]
fn atom_16x8x16_f16() {
    run!(mma_sm80_atom_f16, 32, (16, 8, 16));
}

#[test]
fn tiled_64x32x32_f16() {
    run!(mma_sm80_tiled_f16, 128, (64, 32, 32));
}

#[test]
fn tiled_64x32x32_f32() {
    run!(mma_sm80_tiled_f32, 128, (64, 32, 32));
}
