//! cute-static's SM80 tensor-core layer on the host (`device::gemm_with`,
//! the atoms' warp-cooperative emulation, `F16`): tiles of one and of
//! several atoms against the naive GEMM, the binary16 conversions, and the
//! full-warp rule.

#![allow(non_snake_case)]

use cute_static::arch::{
    DeviceMmaPartition, Dim3, F16, MmaCall, MmaFragments, MmaValue, ThreadSlice, host, thread_idx,
};
use cute_static::atom::{
    SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x8_F32F16F16F32_TN, SM80_16x8x16_F16F16F16F16_TN,
    SM80_16x8x16_F32F16F16F32_TN, make_tiled_mma,
};
use cute_static::device::gemm_with;
use cute_static::layout;

/// Every binary16 survives `to_f32` then `from_f32` (NaNs stay NaNs).
#[test]
fn f16_round_trip() {
    for bits in 0..=u16::MAX {
        let h = F16::from_bits(bits);
        let back = F16::from_f32(h.to_f32());
        if h.to_f32().is_nan() {
            assert!(back.to_f32().is_nan(), "{bits:#06x}");
        } else {
            assert_eq!(back, h, "{bits:#06x} -> {}", h.to_f32());
        }
    }
}

/// `from_f32` is the nearest binary16, ties to the even bit pattern:
/// checked against its two finite neighbours on a sweep of f32 bit
/// patterns (every 997th, both signs).
#[test]
fn f16_rounds_to_nearest_even() {
    let mut checked = 0;
    for b in (0..=u32::MAX).step_by(997) {
        let x = f32::from_bits(b);
        if !x.is_finite() || x.abs() >= 65504.0 {
            continue;
        }
        let h = F16::from_f32(x);
        let hv = h.to_f32() as f64;
        let err = (x as f64 - hv).abs();
        for nb in [h.to_bits().wrapping_add(1), h.to_bits().wrapping_sub(1)] {
            let n = F16::from_bits(nb).to_f32();
            if !n.is_finite() || (n < 0.0) != (hv < 0.0) && hv != 0.0 {
                continue;
            }
            let ne = (x as f64 - n as f64).abs();
            assert!(
                err < ne || (err == ne && h.to_bits() & 1 == 0),
                "{x:e}: {h:?} ({hv:e}) but {nb:#06x} ({n:e}) is as near"
            );
        }
        checked += 1;
    }
    assert!(checked > 1_000_000);
}

#[allow(dead_code)]
#[path = "../examples/support/naive_gemm.rs"]
mod naive_gemm;

/// `C = A·Bᵀ + C` for a tile `(M, N, K)` of a tiled MMA of `$atom` with
/// atom layout `$atoms`, run by `$threads` emulated threads from
/// column-major global tiles (converted to the atom's register types),
/// against the naive product.
macro_rules! check {
    ($atom:expr, $atoms:tt, $threads:expr, ($m:tt, $n:tt, $k:tt)) => {{
        let ([ga, gb, gc], want) = naive_gemm::mma_case(($m, $n, $k));
        let ta = ga.tensor(layout!(($m, $k))).unwrap();
        let tb = gb.tensor(layout!(($n, $k))).unwrap();
        let tc = gc.tensor(layout!(($m, $n))).unwrap();
        let mma = make_tiled_mma($atom, layout!($atoms), ());
        host::launch(Dim3::new(1, 1, 1), Dim3::new($threads, 1, 1), || {
            let thr = mma.thread_slice(thread_idx().x);
            let (tCgA, tCgB, tCgC) = (
                thr.partition_A(ta),
                thr.partition_B(tb),
                thr.partition_C(tc),
            );
            let mut tCrA = thr.partition_fragment_A(&ta);
            let mut tCrB = thr.partition_fragment_B(&tb);
            let mut tCrC = thr.partition_fragment_C(&tc);
            for i in 0..tCrA.size() {
                tCrA.set(i, MmaValue::from_f32(tCgA.read(i))).unwrap();
            }
            for i in 0..tCrB.size() {
                tCrB.set(i, MmaValue::from_f32(tCgB.read(i))).unwrap();
            }
            for i in 0..tCrC.size() {
                tCrC.set(i, MmaValue::from_f32(tCgC.read(i))).unwrap();
            }
            gemm_with(&mma, &tCrA, &tCrB, &mut tCrC);
            for i in 0..tCrC.size() {
                tCgC.write(i, MmaValue::to_f32(tCrC.read(i).unwrap()));
            }
        });
        let wrong = naive_gemm::differences(&gc.to_vec(), &want);
        assert_eq!(wrong, 0, "{} of {} elements of C differ", wrong, want.len());
    }};
}

#[test]
fn one_atom_16x8x16_f16() {
    check!(SM80_16x8x16_F16F16F16F16_TN, (1, 1, 1), 32, (16, 8, 16));
}

#[test]
fn one_atom_16x8x8_f16() {
    check!(SM80_16x8x8_F16F16F16F16_TN, (1, 1, 1), 32, (16, 8, 8));
}

/// Four warps (atom layout `(2,2,1)`) over a 64×32×32 tile: each
/// thread's fragments are `(V, 2, 2)` × `(V, 2, 2)` → `(V, 2, 2)`, so
/// the serpentine and the k-blocks are exercised.
#[test]
fn tiled_16x8x16_f16() {
    check!(SM80_16x8x16_F16F16F16F16_TN, (2, 2, 1), 128, (64, 32, 32));
}

#[test]
fn tiled_16x8x16_f32() {
    check!(SM80_16x8x16_F32F16F16F32_TN, (2, 2, 1), 128, (64, 32, 32));
}

/// Three k-blocks of 8, MMA_M 3 (the serpentine's odd column of an odd
/// count).
#[test]
fn tiled_16x8x8_f32() {
    check!(SM80_16x8x8_F32F16F16F32_TN, (1, 2, 1), 64, (48, 48, 24));
}

/// An MMA needs the warp's 32 lanes: a 16-thread block panics, naming
/// the rule.
#[test]
fn partial_warp_panics() {
    let r = std::panic::catch_unwind(|| {
        host::launch(Dim3::new(1, 1, 1), Dim3::new(16, 1, 1), || {
            let mut c = [F16::default(); 4];
            <SM80_16x8x16_F16F16F16F16_TN as MmaCall>::call(
                &[F16::default(); 8],
                &[F16::default(); 4],
                &mut c,
            );
        })
    });
    let e = r.unwrap_err();
    let msg = e
        .downcast_ref::<std::string::String>()
        .map(|s| s.as_str())
        .unwrap_or("");
    assert!(msg.contains("needs all 32 lanes"), "{msg}");
}

/// The one `gemm_with` executes `UniversalFMA` too, on the atom layer's
/// `Tensor` fragments (what the SM80 path takes): `C(m,n) += Σₖ A(m,k)·B(n,k)`
/// on `(1,M,K)`, `(1,N,K)`, `(1,M,N)` fragments, both serpentine columns
/// and several k-blocks (M = 3, N = 4, K = 5), `f32` (small integers:
/// exact) and `i32`.
#[test]
fn gemm_with_universal_fma_on_tensor_fragments() {
    use cute_static::atom::{TiledMma, UniversalFMA};
    use cute_static::tensor::make_tensor;
    use cute_static::{Layout, layout};
    macro_rules! run {
        ($t:ty) => {{
            let a: [$t; 15] = core::array::from_fn(|i| ((i as i32 * 7) % 11 - 5) as $t);
            let b: [$t; 20] = core::array::from_fn(|i| ((i as i32 * 5) % 9 - 4) as $t);
            let c0: [$t; 12] = core::array::from_fn(|i| (i as i32 - 6) as $t);
            let ta = make_tensor(a, layout!((1, 3, 5))).unwrap();
            let tb = make_tensor(b, layout!((1, 4, 5))).unwrap();
            let mut tc = make_tensor(c0, layout!((1, 3, 4))).unwrap();
            let mma = TiledMma::<UniversalFMA<$t, $t, $t, $t>, Layout![(1, 1, 1)]>::new();
            gemm_with(&mma, &ta, &tb, &mut tc);
            for m in 0..3 {
                for n in 0..4 {
                    let want =
                        (0..5).fold(c0[m + 3 * n], |acc, k| a[m + 3 * k] * b[n + 4 * k] + acc);
                    assert_eq!(*tc.at(m + 3 * n).unwrap(), want, "C({m},{n})");
                }
            }
        }};
    }
    run!(f32);
    run!(i32);
}

/// A fragment's values as 32-bit words (`GemmOperand::gemm_get_vector`,
/// what the SM80 atoms and `copy_ldsm` use) on an atom-layer tensor over
/// an owned array: the value `pack` gives of the elements, whether they
/// are consecutive registers or not; `gemm_set_vector` is its inverse and
/// leaves the other registers alone.
#[test]
fn fragment_words_are_the_packed_values() {
    use cute_static::Tensor;
    use cute_static::arch::{pack, unpack};
    use cute_static::device::{GemmOperand, GemmOperandMut};
    let h = |i: usize| F16::from_bits(0x3c00 + 17 * i as u16);
    let regs: [F16; 16] = core::array::from_fn(h);
    // Consecutive: (8, 2):(1, 8); not: (8, 2):(2, 1) (coordinates 0, 1 are
    // registers 0, 2).
    let dense = Tensor::new(regs, layout!((8, 2):(1, 8))).unwrap();
    let strided = Tensor::new(regs, layout!((8, 2):(2, 1))).unwrap();
    for i in (0..16).step_by(2) {
        let want: u32 = pack::<F16, u32>(|j| dense.gemm_get(i + j));
        assert_eq!(dense.gemm_get_vector::<u32>(i), want, "dense {i}");
        let want: u32 = pack::<F16, u32>(|j| strided.gemm_get(i + j));
        assert_eq!(strided.gemm_get_vector::<u32>(i), want, "strided {i}");
    }
    // An odd start is two registers of two words: still the packed value.
    let want: u32 = pack::<F16, u32>(|j| dense.gemm_get(3 + j));
    assert_eq!(dense.gemm_get_vector::<u32>(3), want);
    for layout_dense in [true, false] {
        let mut d = Tensor::new(regs, layout!((8, 2):(1, 8))).unwrap();
        let mut s = Tensor::new(regs, layout!((8, 2):(2, 1))).unwrap();
        let w = 0xdead_beefu32;
        let mut want = [F16::default(); 2];
        unpack::<F16, u32>(w, |j, v| want[j] = v);
        let t: &mut dyn FnMut(usize) -> [F16; 16] = if layout_dense {
            &mut |i| {
                d.gemm_set_vector::<u32>(i, w);
                assert_eq!([d.gemm_get(i), d.gemm_get(i + 1)], want);
                *d.engine()
            }
        } else {
            &mut |i| {
                s.gemm_set_vector::<u32>(i, w);
                assert_eq!([s.gemm_get(i), s.gemm_get(i + 1)], want);
                *s.engine()
            }
        };
        let after = t(4);
        let changed: Vec<usize> = (0..16).filter(|&r| after[r] != regs[r]).collect();
        // Dense: registers 4, 5; strided: coordinates 4, 5 are registers 8, 10.
        assert_eq!(
            changed,
            if layout_dense {
                vec![4, 5]
            } else {
                vec![8, 10]
            }
        );
    }
}

/// The same for a register fragment of `make_fragment_like` (a
/// `RegTensor`, what `make_fragment_C` makes and the SM80 atoms and
/// `copy_ldsm` access by 32-bit words): consecutive registers read and
/// written as one word are the packed values, the other registers kept.
#[test]
fn register_fragment_words_are_the_packed_values() {
    use cute_static::arch::{GlobalBuffer, pack, unpack};
    use cute_static::device::{
        DeviceTensor, DeviceTensorMut, GemmOperand, GemmOperandMut, make_fragment_like,
    };
    let src: Vec<F16> = (0..16)
        .map(|i| F16::from_bits(0x3c00 + 17 * i as u16))
        .collect();
    let g = GlobalBuffer::from_slice(&src);
    let t = g.tensor(layout!((8, 2))).unwrap();
    let mut r = make_fragment_like(&t);
    for (i, &x) in src.iter().enumerate() {
        r.set(i, x);
    }
    for i in 0..15 {
        let want: u32 = pack::<F16, u32>(|j| src[i + j]);
        assert_eq!(r.gemm_get_vector::<u32>(i), want, "{i}");
    }
    let w = 0x1234_abcdu32;
    r.gemm_set_vector::<u32>(6, w);
    let mut want = src.clone();
    unpack::<F16, u32>(w, |j, v| want[6 + j] = v);
    assert_eq!((0..16).map(|i| r.get(i)).collect::<Vec<_>>(), want);
}
