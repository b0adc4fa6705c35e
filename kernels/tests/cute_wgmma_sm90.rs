//! CuTe's Hopper tutorial `wgmma_sm90` (`cute_kernels::cute::wgmma_sm90`)
//! on the host: the TN and NT entries (`half_t`; a 3-stage `cp.async`
//! pipeline into GMMA's 128-byte-swizzled canonical tiles, `wgmma.mma_async`
//! m64n64k16 from shared-memory descriptors) on the emulated grid against
//! a naive GEMM, bit for bit. The emulated `wgmma` reads A and B at the
//! addresses its descriptors name (the canonical layout of the descriptor's
//! fields, the swizzle on the shared address), so a wrong descriptor, a
//! wrong k-block step or a wrong pipe stage fails here. The operands are
//! small integers, exact in `half_t` in any order of accumulation.

use cute_kernels::cute::entries::{wgmma_sm90_nt, wgmma_sm90_tn};
use cute_kernels::cute::wgmma_sm90::SMEM_BYTES;
use cute_static::arch::{Dim3, F16, GlobalBuffer, host};
use cute_static::layout::MixedLayout;
use cute_static::{C, Dyn};

#[path = "support/half_gemm.rs"]
mod half_gemm;
use half_gemm::{MNK, assert_halves, case, half, operand};

/// TN (`tn`: A, B row-major, K contiguous) or NT (A, B column-major) with
/// `alpha`, `beta` and leading dimensions padded by `pads`, against
/// `C = alpha·A·Bᵀ + beta·C` computed exactly; the padding of C
/// untouched.
fn check(tn: bool, alpha: f32, beta: f32, pads: (usize, usize, usize)) {
    let (m, n, k) = MNK;
    let case = case(tn, alpha, beta, pads);
    let (lda, ldb, ldc) = case.ld;
    let (ga, gb, gc) = (
        GlobalBuffer::from_slice(&case.a),
        GlobalBuffer::from_slice(&case.b),
        GlobalBuffer::from_slice(&case.c),
    );
    let mc = gc
        .tensor(MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(ldc))).unwrap())
        .unwrap();
    let (alpha, beta) = (F16::from_f32(alpha), F16::from_f32(beta));
    let grid = Dim3::new(m / 128, n / 128, 1);
    if tn {
        let ma = ga
            .tensor(MixedLayout::new((Dyn(m), Dyn(k)), (Dyn(lda), C::<1>)).unwrap())
            .unwrap();
        let mb = gb
            .tensor(MixedLayout::new((Dyn(n), Dyn(k)), (Dyn(ldb), C::<1>)).unwrap())
            .unwrap();
        host::launch(grid, Dim3::new(128, 1, 1), || {
            wgmma_sm90_tn(ma, mb, mc, alpha, beta)
        });
    } else {
        let ma = ga
            .tensor(MixedLayout::new((Dyn(m), Dyn(k)), (C::<1>, Dyn(lda))).unwrap())
            .unwrap();
        let mb = gb
            .tensor(MixedLayout::new((Dyn(n), Dyn(k)), (C::<1>, Dyn(ldb))).unwrap())
            .unwrap();
        host::launch(grid, Dim3::new(128, 1, 1), || {
            wgmma_sm90_nt(ma, mb, mc, alpha, beta)
        });
    }
    assert_halves(&gc.to_vec(), &case.want);
}

#[test]
fn wgmma_sm90_tn_matches_naive() {
    // The values stay within ±2048 (exact integers in half_t).
    check(true, 1.0, -1.0, (8, 16, 1));
}

#[test]
fn wgmma_sm90_tn_beta_zero_does_not_read_c() {
    check(true, 1.0, 0.0, (0, 8, 3));
}

#[test]
fn wgmma_sm90_nt_matches_naive() {
    check(false, 1.0, -1.0, (8, 16, 1));
}

#[test]
fn shared_storage_is_cutes() {
    // sizeof(SharedStorage<half_t, half_t, sA, sB>): 2 × 128·64·3 halves.
    assert_eq!(SMEM_BYTES, 2 * 128 * 64 * 3 * 2);
}

/// One warpgroup, one `64×64×64` tile through the library's pieces alone
/// (`Layout_K_SW128_Atom` shared tiles, `make_fragment_A/B`, `gemm_with`):
/// C = A·Bᵀ exactly; the same descriptors with their layout type set to
/// `INTERLEAVE` (the swizzle dropped, a planted mistake) read other
/// elements and give another C — the emulated `wgmma` follows the
/// descriptor, not the tensor it was made from.
fn one_tile(plant: bool) -> (Vec<f32>, Vec<f32>) {
    use cute_static::algebra::tile_to_shape;
    use cute_static::arch::{
        DeviceMmaPartition, GmmaFragments, SmemArray, ThreadSlice, dynamic_shared_storage,
        syncthreads, thread_idx, warpgroup_arrive, warpgroup_commit_batch, warpgroup_wait,
    };
    use cute_static::atom::{
        DescriptorIterator, GMMA, GmmaDescriptor, Half, MajorK, SM90_64x64x16_F16F16F16_SS,
        TiledMma,
    };
    use cute_static::device::{axpby, clear, gemm_with};
    use cute_static::tensor::make_tensor;
    type Tile = <GMMA::Layout_K_SW128_Atom<Half> as cute_static::algebra::TileToShape<
        (C<64>, C<64>),
        (),
    >>::Output;
    let (a, b) = (operand(64 * 64, 7), operand(64 * 64, 8));
    let mut want = vec![0f32; 64 * 64];
    for n in 0..64 {
        for m in 0..64 {
            want[m + 64 * n] = (0..64).map(|k| a[m * 64 + k] * b[n * 64 + k]).sum();
        }
    }
    let (ga, gb) = (
        GlobalBuffer::from_slice(&half(&a)),
        GlobalBuffer::from_slice(&half(&b)),
    );
    let gc = GlobalBuffer::from_slice(&vec![F16::from_f32(0.0); 64 * 64]);
    let mc = gc.tensor(cute_static::layout!((64, 64))).unwrap();
    host::launch(Dim3::new(1, 1, 1), Dim3::new(128, 1, 1), || {
        let (s_a, s_b) = dynamic_shared_storage::<(SmemArray<F16, Tile>, SmemArray<F16, Tile>)>();
        let layout = tile_to_shape(
            GMMA::Layout_K_SW128_Atom::<Half>::default(),
            (C::<64>, C::<64>),
            (),
        );
        let (sa, sb) = (s_a.tensor(layout), s_b.tensor(layout));
        let t = thread_idx().x;
        for i in (t..64 * 64).step_by(128) {
            // Element (m, k) = i % 64, i / 64 of the (M, K) tiles.
            sa.write(i, ga.get((i % 64) * 64 + i / 64));
            sb.write(i, gb.get((i % 64) * 64 + i / 64));
        }
        syncthreads();
        let mma = TiledMma::<
            SM90_64x64x16_F16F16F16_SS<MajorK, MajorK>,
            cute_static::Layout![(1, 1, 1)],
        >::new();
        let thr = mma.thread_slice(t);
        let mut t_cg_c = thr.partition_C(mc);
        let (mut t_cr_a, mut t_cr_b) = (
            thr.make_fragment_A(&thr.partition_A(sa)),
            thr.make_fragment_B(&thr.partition_B(sb)),
        );
        if plant {
            let drop = |d: GmmaDescriptor| GmmaDescriptor::from_bits(d.bits() & !(3 << 62));
            t_cr_a =
                make_tensor(DescriptorIterator(drop(t_cr_a.engine().0)), t_cr_a.layout()).unwrap();
            t_cr_b =
                make_tensor(DescriptorIterator(drop(t_cr_b.engine().0)), t_cr_b.layout()).unwrap();
        }
        let mut t_cr_c = thr.make_fragment_C(&t_cg_c);
        clear(&mut t_cr_c);
        warpgroup_arrive();
        gemm_with(&mma, &t_cr_a, &t_cr_b, &mut t_cr_c);
        warpgroup_commit_batch();
        warpgroup_wait::<0>();
        axpby(F16::from_f32(1.0), &t_cr_c, F16::from_f32(0.0), &mut t_cg_c);
    });
    (gc.to_vec().iter().map(|h| h.to_f32()).collect(), want)
}

#[test]
fn one_tile_through_descriptors_is_exact() {
    let (got, want) = one_tile(false);
    assert_eq!(got, want);
}

#[test]
fn a_descriptor_without_its_swizzle_reads_other_elements() {
    let (got, want) = one_tile(true);
    let bad = (0..64 * 64).filter(|&i| got[i] != want[i]).count();
    assert!(bad > 3000, "only {bad} of 4096 elements differ");
}
