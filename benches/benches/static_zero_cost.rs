//! Zero cost of static layouts: the same loops written with cute-static
//! layouts and by hand with the same constants, in one process, with the
//! ratio printed (target ≤ 1.02, ≤ 1.05 for the tiled copy).
//!
//! * `call(i)` of a static layout vs the literal expression;
//! * a generic transpose (copy from a column-major to a row-major tile) of a
//!   64×64 and a 256×256 `f32` tile vs the hand-written loop;
//! * a tiled transpose of a 4096² `f32` matrix through `zipped_divide` by a
//!   static 64×64 tile vs a hand-blocked loop (GB/s).
//!
//! Run: `cargo bench -p benches --bench static_zero_cost`.

use std::hint::black_box;

use benches::timing::{paired_ns_per_call, ratio_line};
use criterion::Criterion;
use cute_static::{layout, layout::StaticLayout, tiler};

/// `dst[D(i)] = src[S(i)]` for every coordinate: written once for any two
/// static layouts.
#[inline(always)]
fn copy_static<S: StaticLayout, D: StaticLayout>(s: S, d: D, src: &[f32], dst: &mut [f32]) {
    for i in 0..S::SIZE {
        dst[d.call(i)] = src[s.call(i)];
    }
}

/// The generic copy instantiated for the 64×64 transpose.
#[inline(never)]
fn transpose_64_cute(src: &[f32], dst: &mut [f32]) {
    copy_static(
        layout!((64, 64):(1, 64)),
        layout!((64, 64):(64, 1)),
        src,
        dst,
    );
}

/// The generic copy instantiated for the 256×256 transpose.
#[inline(never)]
fn transpose_256_cute(src: &[f32], dst: &mut [f32]) {
    copy_static(
        layout!((256, 256):(1, 256)),
        layout!((256, 256):(256, 1)),
        src,
        dst,
    );
}

/// Tiled transpose the CuTe way: divide both matrices into static 64×64
/// tiles (`zipped_divide`: mode 0 walks a tile, mode 1 the grid), then for
/// each tile copy mode 0 from the tile's base offset.
#[inline(never)]
fn tiled_transpose_cute(src: &[f32], dst: &mut [f32]) {
    let s = layout!((4096, 4096):(1, 4096)).zipped_divide(tiler!(<64:1, 64:1>));
    let d = layout!((4096, 4096):(4096, 1)).zipped_divide(tiler!(<64:1, 64:1>));
    let (s_tile, s_grid) = (s.mode::<0>(), s.mode::<1>());
    let (d_tile, d_grid) = (d.mode::<0>(), d.mode::<1>());
    for t in 0..N / T * (N / T) {
        let (sb, db) = (s_grid.call(t), d_grid.call(t));
        copy_static(s_tile, d_tile, &src[sb..], &mut dst[db..]);
    }
}

#[inline(never)]
fn transpose_64_by_hand(src: &[f32], dst: &mut [f32]) {
    for i in 0..64 * 64 {
        dst[(i % 64) * 64 + i / 64] = src[(i % 64) + (i / 64) * 64];
    }
}

#[inline(never)]
fn transpose_256_by_hand(src: &[f32], dst: &mut [f32]) {
    for i in 0..256 * 256 {
        dst[(i % 256) * 256 + i / 256] = src[(i % 256) + (i / 256) * 256];
    }
}

const N: usize = 4096;
const T: usize = 64;

#[inline(never)]
fn tiled_transpose_by_hand(src: &[f32], dst: &mut [f32]) {
    for bj in 0..N / T {
        for bi in 0..N / T {
            for j in 0..T {
                for i in 0..T {
                    let (r, c) = (bi * T + i, bj * T + j);
                    dst[r * N + c] = src[r + c * N];
                }
            }
        }
    }
}

#[inline(never)]
fn sum_call<L: StaticLayout>(l: L, n: usize) -> usize {
    (0..n).fold(0, |acc, i| acc.wrapping_add(black_box(l.call(i))))
}

#[inline(never)]
fn sum_literal(n: usize) -> usize {
    (0..n).fold(0, |acc, i| {
        acc.wrapping_add(black_box(
            i % 4 + (i / 4) % 8 * 8 + (i / 32) % 2 * 4 + (i / 64) * 64,
        ))
    })
}

fn main() {
    println!("{:<44} {:>10} {:>10}", "", "cute", "by hand");

    // call(i): ((4,8),(2,64)):((1,8),(4,64)) — a literal with the same constants.
    let l = layout!(((4, 8), (2, 64)):((1, 8), (4, 64)));
    let n = 1 << 14;
    assert_eq!(sum_call(l, n), sum_literal(n));
    let (ours, base) = paired_ns_per_call(
        50,
        || {
            black_box(sum_call(black_box(l), n));
        },
        || {
            black_box(sum_literal(black_box(n)));
        },
    );
    ratio_line(
        "call(i), ((4,8),(2,64)):((1,8),(4,64))",
        ours / n as f64,
        base / n as f64,
        "ns/el",
    );

    // Both sides write the same destination buffer, so placement cannot differ.
    let src: Vec<f32> = (0..64 * 64).map(|x| x as f32).collect();
    let (mut a, mut b) = (vec![0f32; 64 * 64], vec![0f32; 64 * 64]);
    transpose_64_cute(&src, &mut a);
    transpose_64_by_hand(&src, &mut b);
    assert_eq!(a, b);
    let cell = std::cell::RefCell::new(a);
    let (ours, base) = paired_ns_per_call(
        200,
        || transpose_64_cute(black_box(&src), black_box(&mut cell.borrow_mut())),
        || transpose_64_by_hand(black_box(&src), black_box(&mut cell.borrow_mut())),
    );
    ratio_line("transpose 64x64 f32", ours / 1e3, base / 1e3, "us");

    let src: Vec<f32> = (0..256 * 256).map(|x| x as f32).collect();
    let (mut a, mut b) = (vec![0f32; 256 * 256], vec![0f32; 256 * 256]);
    transpose_256_cute(&src, &mut a);
    transpose_256_by_hand(&src, &mut b);
    assert_eq!(a, b);
    let cell = std::cell::RefCell::new(a);
    let (ours, base) = paired_ns_per_call(
        20,
        || transpose_256_cute(black_box(&src), black_box(&mut cell.borrow_mut())),
        || transpose_256_by_hand(black_box(&src), black_box(&mut cell.borrow_mut())),
    );
    ratio_line("transpose 256x256 f32", ours / 1e3, base / 1e3, "us");

    let src: Vec<f32> = (0..N * N).map(|x| x as f32).collect();
    let (mut a, mut b) = (vec![0f32; N * N], vec![0f32; N * N]);
    tiled_transpose_cute(&src, &mut a);
    tiled_transpose_by_hand(&src, &mut b);
    assert!(a == b);
    drop(b);
    let cell = std::cell::RefCell::new(a);
    let bytes = (2 * N * N * 4) as f64;
    let (ours, base) = paired_ns_per_call(
        2,
        || tiled_transpose_cute(black_box(&src), black_box(&mut cell.borrow_mut())),
        || tiled_transpose_by_hand(black_box(&src), black_box(&mut cell.borrow_mut())),
    );
    println!(
        "{:<44} {:>10.3} {:>10.3} GB/s   ratio {:.3} (time ratio)",
        "tiled transpose 4096^2 f32, 64x64 tiles",
        bytes / ours,
        bytes / base,
        ours / base
    );

    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("static_transpose_64");
    let src: Vec<f32> = (0..64 * 64).map(|x| x as f32).collect();
    let mut dst = vec![0f32; 64 * 64];
    g.bench_function("cute-static", |bch| {
        bch.iter(|| transpose_64_cute(black_box(&src), black_box(&mut dst)))
    });
    g.bench_function("by-hand", |bch| {
        bch.iter(|| transpose_64_by_hand(black_box(&src), black_box(&mut dst)))
    });
    g.finish();
    c.final_summary();
}
