//! The `ldmatrix` kernels (`cute_kernels::cute::ldsm_sm80`) on the host:
//! `C = A·Bᵀ` of a `16×8×16` tile whose MMA fragments were loaded from
//! shared memory by tiled copies of each LDSM atom, against the naive
//! product (small integers: exact in half_t and in the F16 accumulator).

use cute_kernels::cute::ldsm_sm80::{
    ldsm_n_mma_f16, ldsm_n_small_mma_f16, ldsm_t_mma_f16, ldsm_t_small_mma_f16,
};
use cute_static::arch::{Dim3, GlobalBuffer, GmemTensor, host};
use cute_static::{Layout, layout};

type Kernel = fn(
    GmemTensor<f32, Layout![(16, 16)]>,
    GmemTensor<f32, Layout![(8, 16)]>,
    GmemTensor<f32, Layout![(16, 8)]>,
);

fn check(kernel: Kernel) {
    let a: Vec<f32> = (0..256).map(|i| ((i * 7) % 11) as f32 - 5.0).collect();
    let b: Vec<f32> = (0..128).map(|i| ((i * 5) % 7) as f32 - 3.0).collect();
    let (ga, gb, gc) = (
        GlobalBuffer::from_slice(&a),
        GlobalBuffer::from_slice(&b),
        GlobalBuffer::<f32>::zeroed(128),
    );
    let (ta, tb, tc) = (
        ga.tensor(layout!((16, 16))).unwrap(),
        gb.tensor(layout!((8, 16))).unwrap(),
        gc.tensor(layout!((16, 8))).unwrap(),
    );
    host::launch(Dim3::new(1, 1, 1), Dim3::new(32, 1, 1), || {
        kernel(ta, tb, tc)
    });
    let c = gc.to_vec();
    let mut wrong = 0;
    for m in 0..16 {
        for n in 0..8 {
            let want: f32 = (0..16).map(|k| a[m + 16 * k] * b[n + 8 * k]).sum();
            wrong += (c[m + 16 * n] != want) as usize;
        }
    }
    assert_eq!(wrong, 0, "{wrong} of 128 elements of C differ");
}

#[test]
fn ldsm_n_x4_x2() {
    check(ldsm_n_mma_f16);
}

#[test]
fn ldsm_n_x2_x1() {
    check(ldsm_n_small_mma_f16);
}

#[test]
fn ldsm_t_x4_x2() {
    check(ldsm_t_mma_f16);
}

#[test]
fn ldsm_t_x2_x1() {
    check(ldsm_t_small_mma_f16);
}

/// Each thread's fragment loaded by the atom's tiled copy equals its MMA
/// partition of the shared tile value for value (a check that a
/// permutation of `k` common to A and B, which the product cannot see,
/// would fail). `$op` is `a` or `b`; `(M_or_N, K)` the tile.
macro_rules! fragment_check {
    ($name:ident, $atom:ident, $op:ident, $sh:tt : $st:tt) => {
        #[test]
        #[allow(non_snake_case)]
        fn $name() {
            use cute_static::arch::{
                DeviceCopyPartition, DeviceMmaPartition, F16, MmaFragments, SmemArray,
                ThreadSlice, copy_ldsm, shared_storage, syncthreads, thread_idx,
            };
            use cute_static::atom::{SM80_16x8x16_F16F16F16F16_TN, TiledMma};
            let wrong = std::sync::atomic::AtomicUsize::new(0);
            host::launch(Dim3::new(1, 1, 1), Dim3::new(32, 1, 1), || {
                type S = Layout![$sh : $st];
                let (smem,) = shared_storage::<(SmemArray<F16, S>,)>();
                let s = smem.tensor(S::default());
                let t = thread_idx().x;
                let mut i = t;
                while i < s.size() {
                    s.write(i, F16::from_bits(i as u16 + 1));
                    i += 32;
                }
                syncthreads();
                let mma = TiledMma::<SM80_16x8x16_F16F16F16F16_TN, Layout![(1, 1, 1)]>::new();
                let thr_mma = mma.thread_slice(t);
                fragment_check!(@$op, mma, thr_mma, s, t, wrong, cute_static::atom::$atom);
            });
            assert_eq!(wrong.into_inner(), 0, "fragment values differ from the MMA partition");
        }
    };
    (@a, $mma:ident, $thr_mma:ident, $s:ident, $t:ident, $wrong:ident, $atom:expr) => {
        let mut frag = $thr_mma.partition_fragment_A(&$s);
        let part = $thr_mma.partition_A($s);
        let cp = cute_static::atom::make_tiled_copy_a::<_, 16, _>($atom, &$mma);
        let thr = cp.thread_slice($t);
        let mut dst = thr.retile_d(&mut frag);
        copy_ldsm(&cp, &thr.partition_S($s), &mut dst);
        for i in 0..part.size() {
            if Some(&part.read(i)) != frag.at(i) {
                $wrong.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }
    };
    (@b, $mma:ident, $thr_mma:ident, $s:ident, $t:ident, $wrong:ident, $atom:expr) => {
        let mut frag = $thr_mma.partition_fragment_B(&$s);
        let part = $thr_mma.partition_B($s);
        let cp = cute_static::atom::make_tiled_copy_b::<_, 16, _>($atom, &$mma);
        let thr = cp.thread_slice($t);
        let mut dst = thr.retile_d(&mut frag);
        copy_ldsm(&cp, &thr.partition_S($s), &mut dst);
        for i in 0..part.size() {
            if Some(&part.read(i)) != frag.at(i) {
                $wrong.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }
    };
}
fragment_check!(fragment_a_u32x4_n, SM75_U32x4_LDSM_N, a, (16, 16):(16, 1));
fragment_check!(fragment_a_u32x2_n, SM75_U32x2_LDSM_N, a, (16, 16):(16, 1));
fragment_check!(fragment_a_u32x1_n, SM75_U32x1_LDSM_N, a, (16, 16):(16, 1));
fragment_check!(fragment_b_u32x2_n, SM75_U32x2_LDSM_N, b, (8, 16):(16, 1));
fragment_check!(fragment_b_u32x1_n, SM75_U32x1_LDSM_N, b, (8, 16):(16, 1));
fragment_check!(fragment_a_u16x8_t, SM75_U16x8_LDSM_T, a, (16, 16):(1, 16));
fragment_check!(fragment_a_u16x4_t, SM75_U16x4_LDSM_T, a, (16, 16):(1, 16));
fragment_check!(fragment_a_u16x2_t, SM75_U16x2_LDSM_T, a, (16, 16):(1, 16));
fragment_check!(fragment_b_u16x4_t, SM75_U16x4_LDSM_T, b, (8, 16):(1, 8));
fragment_check!(fragment_b_u16x2_t, SM75_U16x2_LDSM_T, b, (8, 16):(1, 8));
