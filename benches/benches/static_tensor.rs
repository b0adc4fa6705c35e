//! Tensors over static and mixed layouts against the same loops written by
//! hand over raw indices, in one process: CuTe's sgemm_1 over mixed tensors
//! (`cute-static/examples/sgemm_1.rs`, run-time M, N, K; threads and blocks
//! emulated by loops) and a static-tile copy (a 128×8 tile transposed
//! between two static layouts). The target: within 1.10× of the hand loops.
//!
//! Run: `cargo bench -p benches --bench static_tensor`.

use std::hint::black_box;

use benches::timing::paired_ns_per_call;
use criterion::Criterion;
use cute_static::{Layout, Tensor, algorithm::copy};

/// The example itself, so the benchmark measures the code the test checks.
#[allow(dead_code, unused_imports)]
#[path = "../../cute-static/examples/sgemm_1.rs"]
mod sgemm_1;

/// sgemm_1's loops with raw indices: the same blocks, emulated threads,
/// shared-memory tiles, per-thread 8×8 accumulators and epilogue.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn hand_sgemm_1(
    (m, n, k): (usize, usize, usize),
    alpha: f32,
    a: &[f32],
    lda: usize,
    b: &[f32],
    ldb: usize,
    beta: f32,
    c: &mut [f32],
    ldc: usize,
) {
    for bx in 0..m / 128 {
        for by in 0..n / 128 {
            let mut s_a = [0.0f32; 128 * 8];
            let mut s_b = [0.0f32; 128 * 8];
            let mut acc = vec![[0.0f32; 64]; 256];
            for kt in 0..k / 8 {
                for t in 0..256 {
                    let (tm, tk) = (t % 32, t / 32);
                    for i in 0..4 {
                        let mm = tm + 32 * i;
                        s_a[mm + 128 * tk] = a[bx * 128 + mm + lda * (kt * 8 + tk)];
                        s_b[mm + 128 * tk] = b[by * 128 + mm + ldb * (kt * 8 + tk)];
                    }
                }
                for (t, r) in acc.iter_mut().enumerate() {
                    let (tm, tn) = (t % 16, t / 16);
                    for kk in 0..8 {
                        for j in 0..8 {
                            for i in 0..8 {
                                r[i + 8 * j] +=
                                    s_a[tm + 16 * i + 128 * kk] * s_b[tn + 16 * j + 128 * kk];
                            }
                        }
                    }
                }
            }
            for (t, r) in acc.iter().enumerate() {
                let (tm, tn) = (t % 16, t / 16);
                for j in 0..8 {
                    for i in 0..8 {
                        let o = bx * 128 + tm + 16 * i + ldc * (by * 128 + tn + 16 * j);
                        c[o] = alpha * r[i + 8 * j] + beta * c[o];
                    }
                }
            }
        }
    }
}

type SrcTile = Layout![(128, 8):(1, 128)];
type DstTile = Layout![(128, 8):(8, 1)];

/// `copy` of a static 128×8 tile into its transpose.
#[inline(never)]
fn tensor_tile_copy(src: &[f32], dst: &mut [f32]) {
    let s = Tensor::new(src, SrcTile::default()).unwrap();
    let mut d = Tensor::new(dst, DstTile::default()).unwrap();
    copy(&s, &mut d).unwrap();
}

/// The same copy over raw indices.
#[inline(never)]
fn hand_tile_copy(src: &[f32], dst: &mut [f32]) {
    for j in 0..8 {
        for i in 0..128 {
            dst[i * 8 + j] = src[i + 128 * j];
        }
    }
}

fn main() {
    let row = |name: &str, ns: f64, base: f64| {
        println!("{name:<44} {ns:>12.1} {:>8.3}", ns / base);
    };
    let (m, n, k) = (256, 256, 64);
    let a: Vec<f32> = (0..m * k).map(|i| (i % 7) as f32).collect();
    let b: Vec<f32> = (0..n * k).map(|i| (i % 5) as f32).collect();
    let mut c1 = vec![0.0f32; m * n];
    let mut c2 = vec![0.0f32; m * n];
    sgemm_1::gemm_nt(m, n, k, 1.0, &a, m, &b, n, 0.0, &mut c1, m).unwrap();
    hand_sgemm_1((m, n, k), 1.0, &a, m, &b, n, 0.0, &mut c2, m);
    assert_eq!(c1, c2);
    let (hand, ours) = paired_ns_per_call(
        5,
        || {
            hand_sgemm_1(
                (m, n, k),
                1.0,
                black_box(&a),
                m,
                black_box(&b),
                n,
                0.0,
                black_box(&mut c2),
                m,
            )
        },
        || {
            sgemm_1::gemm_nt(
                m,
                n,
                k,
                1.0,
                black_box(&a),
                m,
                black_box(&b),
                n,
                0.0,
                black_box(&mut c1),
                m,
            )
            .unwrap()
        },
    );
    println!(
        "sgemm_1 {m}x{n}x{k} (run-time sizes)        {:>12} {:>8}",
        "ns/call", "ratio"
    );
    row("hand-written loops, raw indices", hand, hand);
    row("mixed tensors: local_tile/local_partition", ours, hand);

    let src: Vec<f32> = (0..1024).map(|x| x as f32).collect();
    let (mut d1, mut d2) = (vec![0.0f32; 1024], vec![0.0f32; 1024]);
    tensor_tile_copy(&src, &mut d1);
    hand_tile_copy(&src, &mut d2);
    assert_eq!(d1, d2);
    let (hand, ours) = paired_ns_per_call(
        20_000,
        || hand_tile_copy(black_box(&src), black_box(&mut d2)),
        || tensor_tile_copy(black_box(&src), black_box(&mut d1)),
    );
    println!("static 128x8 tile copy (transpose)");
    row("hand-written loop, raw indices", hand, hand);
    row("copy(Tensor<_, (128,8):(1,128)>, …)", ours, hand);

    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(std::time::Duration::from_millis(200))
        .measurement_time(std::time::Duration::from_millis(500));
    c.bench_function("static tile copy 128x8", |bch| {
        bch.iter(|| tensor_tile_copy(black_box(&src), black_box(&mut d1)))
    });
    c.bench_function("hand tile copy 128x8", |bch| {
        bch.iter(|| hand_tile_copy(black_box(&src), black_box(&mut d2)))
    });
    c.final_summary();
}
