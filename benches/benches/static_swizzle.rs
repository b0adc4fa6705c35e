//! Zero cost of static swizzles: the same loops written with cute-static's
//! `Swizzle`/`ComposedLayout` and by hand with the xor/shift/mask
//! constants, in one process, with the ratio printed (target ≤ 1.10).
//!
//! * `Swizzle<3,3,3>::apply(i)` summed over `i` vs `i ^ ((i & 0x1c0) >> 3)`;
//! * a swizzled-tile copy: a 32×64 `f32` tile (column-major source) into
//!   the shared-memory tile `Sw<3,2,3> o 0 o (32,64):(64,1)` vs the
//!   hand-written index arithmetic.
//!
//! `benches/asm-equality.sh` diffs the disassembly of both pairs.
//!
//! Run: `cargo bench -p benches --bench static_swizzle` (criterion options
//! such as `--measurement-time 1` shorten it).

use std::hint::black_box;

use benches::timing::{paired_ns_per_call, ratio_line};
use criterion::Criterion;
use cute_static::{layout, layout::Swizzle};

#[inline(never)]
fn sum_swizzle_cute(n: usize) -> usize {
    let sw = Swizzle::<3, 3, 3>::new();
    (0..n).fold(0, |acc, i| acc.wrapping_add(black_box(sw.apply(i))))
}

#[inline(never)]
fn sum_swizzle_by_hand(n: usize) -> usize {
    (0..n).fold(0, |acc, i| {
        acc.wrapping_add(black_box(i ^ ((i & 0b1_1100_0000) >> 3)))
    })
}

/// `dst[Sw(L(i))] = src[i]` through the composed layout.
#[inline(never)]
fn swizzled_copy_cute(src: &[f32], dst: &mut [f32]) {
    let tile = layout!(Sw<3,2,3> o 0 o (32,64):(64,1));
    for (i, &x) in src[..32 * 64].iter().enumerate() {
        dst[tile.call(i)] = x;
    }
}

/// The same copy by hand: row `i % 32`, column `i / 32`, offset `64·r + c`,
/// bits 5..8 xor-ed into bits 2..5.
#[inline(never)]
fn swizzled_copy_by_hand(src: &[f32], dst: &mut [f32]) {
    for (i, &x) in src[..32 * 64].iter().enumerate() {
        let o = (i % 32) * 64 + i / 32;
        dst[o ^ ((o & 0b1110_0000) >> 3)] = x;
    }
}

fn main() {
    println!("{:<44} {:>10} {:>10}", "", "cute", "by hand");

    let n = 1 << 14;
    assert_eq!(sum_swizzle_cute(n), sum_swizzle_by_hand(n));
    let (ours, base) = paired_ns_per_call(
        50,
        || {
            black_box(sum_swizzle_cute(black_box(n)));
        },
        || {
            black_box(sum_swizzle_by_hand(black_box(n)));
        },
    );
    ratio_line(
        "Swizzle<3,3,3>::apply(i)",
        ours / n as f64,
        base / n as f64,
        "ns/el",
    );

    let src: Vec<f32> = (0..32 * 64).map(|x| x as f32).collect();
    let (mut a, mut b) = (vec![0f32; 32 * 64], vec![0f32; 32 * 64]);
    swizzled_copy_cute(&src, &mut a);
    swizzled_copy_by_hand(&src, &mut b);
    assert_eq!(a, b);
    // Both sides write the same destination buffer.
    let cell = std::cell::RefCell::new(a);
    let (ours, base) = paired_ns_per_call(
        200,
        || swizzled_copy_cute(black_box(&src), black_box(&mut cell.borrow_mut())),
        || swizzled_copy_by_hand(black_box(&src), black_box(&mut cell.borrow_mut())),
    );
    ratio_line(
        "swizzled-tile copy 32x64 f32, Sw<3,2,3>",
        ours / 1e3,
        base / 1e3,
        "us",
    );

    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("static_swizzled_copy");
    let mut dst = vec![0f32; 32 * 64];
    g.bench_function("cute-static", |bch| {
        bch.iter(|| swizzled_copy_cute(black_box(&src), black_box(&mut dst)))
    });
    g.bench_function("by-hand", |bch| {
        bch.iter(|| swizzled_copy_by_hand(black_box(&src), black_box(&mut dst)))
    });
    g.finish();
    c.final_summary();
}
