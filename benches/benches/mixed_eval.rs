//! Mixed static/dynamic layouts: `(_64,n)` evaluation against the
//! hand-written loop with 64 a constant and `n` a run-time value, and a
//! tiled copy (static 16×16 tiles over a run-time `(M,N)` matrix,
//! zipped_divide + slicing) against the naive transposing loop.
//!
//! Run: `cargo bench -p benches --bench mixed_eval`.

use std::hint::black_box;

use benches::timing::ns_per_call;
use criterion::Criterion;
use cute_static::{layout, tensor::__, tiler};

/// `(i % 64)·n + i / 64`: the offsets of `(64,n):(n,1)`, written by hand.
#[inline(never)]
fn hand_transposed(n: usize) -> usize {
    let mut acc = 0usize;
    for i in 0..64 * n {
        acc = acc.wrapping_add(black_box((i % 64) * n + i / 64));
    }
    acc
}

#[inline(never)]
fn mixed_transposed(n: usize) -> usize {
    let l = layout!((64, {n}):({n}, 1)).unwrap();
    let mut acc = 0usize;
    for i in 0..64 * n {
        acc = acc.wrapping_add(black_box(l.call(i)));
    }
    acc
}

/// `(i % 64)·3 + (i / 64)·192`: the offsets of `(64,n):(3,192)`, by hand.
#[inline(never)]
fn hand_strided(n: usize) -> usize {
    let mut acc = 0usize;
    for i in 0..64 * n {
        acc = acc.wrapping_add(black_box((i % 64) * 3 + (i / 64) * 192));
    }
    acc
}

#[inline(never)]
fn mixed_strided(n: usize) -> usize {
    let l = layout!((64, {n}):(3, 192)).unwrap();
    let mut acc = 0usize;
    for i in 0..64 * n {
        acc = acc.wrapping_add(black_box(l.call(i)));
    }
    acc
}

#[inline(never)]
fn naive_copy(src: &[f32], dst: &mut [f32], m: usize, n: usize) {
    for j in 0..n {
        for i in 0..m {
            dst[i * n + j] = src[i + j * m];
        }
    }
}

/// The tiled copy of `cute-static/tests/mixed.rs`, for `M`, `N` multiples of 16.
#[inline(never)]
fn tiled_copy(src: &[f32], dst: &mut [f32], m: usize, n: usize) {
    let s = layout!(({m}, {n}):(1, {m}))
        .unwrap()
        .zipped_divide(tiler!(<16, 16>))
        .unwrap();
    let d = layout!(({m}, {n}):({n}, 1))
        .unwrap()
        .zipped_divide(tiler!(<16, 16>))
        .unwrap();
    for blk in 0..(m / 16) * (n / 16) {
        let (st, so) = s.slice((__, blk));
        let (dt, doff) = d.slice((__, blk));
        for j in 0..16 {
            for i in 0..16 {
                dst[doff + dt.call_coord(((i, j),))] = src[so + st.call_coord(((i, j),))];
            }
        }
    }
}

fn main() {
    let n = 1024;
    assert_eq!(mixed_transposed(n), hand_transposed(n));
    assert_eq!(mixed_strided(n), hand_strided(n));
    let row = |name: &str, ns: f64, base: f64| {
        println!("{name:<40} {ns:>10.3} {:>8.3}", ns / base);
    };
    println!("(_64,n) evaluation, n = {n} run-time ({} elements)", 64 * n);
    println!("{:<40} {:>10} {:>8}", "", "ns/elem", "ratio");
    let e = (64 * n) as f64;
    let base = ns_per_call(20, || {
        black_box(hand_transposed(black_box(n)));
    }) / e;
    let ours = ns_per_call(20, || {
        black_box(mixed_transposed(black_box(n)));
    }) / e;
    row("hand-written (i%64)*n + i/64", base, base);
    row("layout!((64,{n}):({n},1)).call(i)", ours, base);
    let base = ns_per_call(20, || {
        black_box(hand_strided(black_box(n)));
    }) / e;
    let ours = ns_per_call(20, || {
        black_box(mixed_strided(black_box(n)));
    }) / e;
    row("hand-written (i%64)*3 + (i/64)*192", base, base);
    row("layout!((64,{n}):(3,192)).call(i)", ours, base);

    let (m, n) = (512, 384);
    let src: Vec<f32> = (0..m * n).map(|x| x as f32).collect();
    let mut a = vec![0.0f32; m * n];
    let mut b = vec![0.0f32; m * n];
    naive_copy(&src, &mut a, m, n);
    tiled_copy(&src, &mut b, m, n);
    assert_eq!(a, b);
    let e = (m * n) as f64;
    let base = ns_per_call(10, || naive_copy(black_box(&src), black_box(&mut a), m, n)) / e;
    let ours = ns_per_call(10, || tiled_copy(black_box(&src), black_box(&mut b), m, n)) / e;
    println!("transposing copy {m}x{n} (run-time sizes), static 16x16 tiles");
    row("naive loop", base, base);
    row("zipped_divide + slice, 16x16 tiles", ours, base);

    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(std::time::Duration::from_millis(200))
        .measurement_time(std::time::Duration::from_millis(500));
    c.bench_function("mixed (64,n):(n,1) call, n=1024", |bch| {
        bch.iter(|| mixed_transposed(black_box(1024)))
    });
    c.bench_function("hand-written (64,n):(n,1), n=1024", |bch| {
        bch.iter(|| hand_transposed(black_box(1024)))
    });
    c.final_summary();
}
