//! `sgemm_tv` on the host: its static TV layouts against cute-dynamic's
//! `make_tiled_mma`/`make_tiled_copy*`, and the kernel with blocks and
//! threads emulated by loops (every thread's step between two barriers
//! before any thread's next step) against a naive GEMM.

use cute_dynamic::{
    Layout, MmaOperand, ValueType, copy_atom, make_tiled_copy, make_tiled_copy_a,
    make_tiled_copy_b, make_tiled_mma, mma_atom,
};
use cute_kernels::Matrix;
use cute_kernels::sgemm_tv::{
    COPY_MK, CTA_MNK, MMA_MNK, REPS, SmemA, SmemB, THREADS, TvGmemCopy, TvLdsmA, TvLdsmB, TvMmaA,
    TvMmaB, TvMmaC, TvRegisters, VALUES, tv_copy_tile, tv_copy_tile_hand, tv_load_fragments,
    tv_load_fragments_hand, tv_mma_gather, tv_mma_gather_hand, tv_mma_scatter, tv_mma_scatter_hand,
    tv_splits, tv_store_c, tv_store_c_hand,
};
use cute_static::{layout, layout::StaticLayout};

fn parse(s: &str) -> Layout {
    s.parse().unwrap()
}

/// The static layout prints as the run-time one, up to CuTe's `_` on
/// static integers, and converts to it.
fn same<L: StaticLayout + std::fmt::Display>(s: L, d: &Layout) {
    assert_eq!(s.to_string().replace('_', ""), d.to_string());
    assert_eq!(&s.to_dynamic(), d);
}

/// Every static TV layout of the kernel is the one cute-static's atom
/// layer computes from the atoms at compile time (the same static layout:
/// `Display` prints shape and stride, static integers as `_N`).
#[test]
fn tv_layouts_are_cute_statics_atoms() {
    use cute_static::atom::{
        LayoutATv, LayoutBTv, LayoutCTv, LayoutDTv, MakeTiledCopyA, MakeTiledCopyB,
        MakeTiledCopyTv, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN,
        TiledMma,
    };
    type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, cute_static::Layout![(2, 2, 1)], ()>;
    let kernel = [
        TvGmemCopy::new().to_string(),
        TvLdsmA::new().to_string(),
        TvLdsmB::new().to_string(),
        TvMmaA::new().to_string(),
        TvMmaB::new().to_string(),
        TvMmaC::new().to_string(),
    ];
    let atoms = [
        <MakeTiledCopyTv<cute_static::Layout![(32, 4):(4, 1)], cute_static::Layout![(1, 8)]>>::default()
            .to_string(),
        LayoutDTv::<MakeTiledCopyA<SM75_U32x4_LDSM_N, 16, Mma>>::default().to_string(),
        LayoutDTv::<MakeTiledCopyB<SM75_U32x2_LDSM_N, 16, Mma>>::default().to_string(),
        LayoutATv::<Mma>::default().to_string(),
        LayoutBTv::<Mma>::default().to_string(),
        LayoutCTv::<Mma>::default().to_string(),
    ];
    assert_eq!(kernel, atoms);
}

/// Every static TV layout of the kernel equals the one cute-dynamic
/// computes from the atoms, and so do the tile extents.
#[test]
fn tv_layouts_are_the_atoms() {
    let atom = mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
    let mma = make_tiled_mma(&atom, Some(&parse("(2,2,1):(1,2,0)")), None).unwrap();
    assert_eq!(mma.size(), THREADS as i64);
    let extents = |op| mma.tile_shape(op).unwrap().to_string();
    let (m, n, k) = MMA_MNK;
    assert_eq!(extents(MmaOperand::OperandA), format!("({m},{k})"));
    assert_eq!(extents(MmaOperand::OperandB), format!("({n},{k})"));
    assert_eq!(extents(MmaOperand::OperandC), format!("({m},{n})"));
    assert_eq!(TvMmaA::new().to_dynamic(), mma.layout_a_tv().unwrap());
    assert_eq!(TvMmaB::new().to_dynamic(), mma.layout_b_tv().unwrap());
    assert_eq!(TvMmaC::new().to_dynamic(), mma.layout_c_tv().unwrap());
    same(TvMmaA::new(), &mma.layout_a_tv().unwrap());
    same(TvMmaB::new(), &mma.layout_b_tv().unwrap());
    same(TvMmaC::new(), &mma.layout_c_tv().unwrap());

    let ldsm_a = make_tiled_copy_a(
        &copy_atom("SM75_U32x4_LDSM_N").unwrap(),
        ValueType::Half,
        &mma,
    )
    .unwrap();
    let ldsm_b = make_tiled_copy_b(
        &copy_atom("SM75_U32x2_LDSM_N").unwrap(),
        ValueType::Half,
        &mma,
    )
    .unwrap();
    assert_eq!(ldsm_a.tiler_mn().to_string(), format!("({m},{k})"));
    assert_eq!(ldsm_b.tiler_mn().to_string(), format!("({n},{k})"));
    assert_eq!(TvLdsmA::new().to_dynamic(), ldsm_a.layout_d_tv().unwrap());
    assert_eq!(TvLdsmB::new().to_dynamic(), ldsm_b.layout_d_tv().unwrap());
    same(TvLdsmA::new(), &ldsm_a.layout_d_tv().unwrap());
    same(TvLdsmB::new(), &ldsm_b.layout_d_tv().unwrap());
    // `.x4` does not fit B of the 2 × 2 tiled MMA (4 values per thread).
    assert!(
        make_tiled_copy_b(
            &copy_atom("SM75_U32x4_LDSM_N").unwrap(),
            ValueType::Half,
            &mma
        )
        .is_err()
    );

    let gmem = make_tiled_copy(
        &copy_atom("UniversalCopy<uint128_t>").unwrap(),
        ValueType::Half,
        &parse("(32,4):(4,1)"),
        &parse("(1,8):(0,1)"),
    )
    .unwrap();
    assert_eq!(
        gmem.tiler_mn().to_string(),
        format!("({},{})", COPY_MK.0, COPY_MK.1)
    );
    assert_eq!(
        TvGmemCopy::new().to_dynamic(),
        gmem.tiled_layout_tv().clone()
    );
    same(TvGmemCopy::new(), gmem.tiled_layout_tv());

    assert_eq!(REPS, (4, 8, 2));
    assert_eq!(VALUES, (8, 4, 4));
    assert_eq!(
        (SmemA::SIZE, SmemB::SIZE),
        (CTA_MNK.0 * CTA_MNK.2, CTA_MNK.1 * CTA_MNK.2)
    );
}

/// `(m, n, k, lda, ldb, ldc)`: A is `m × k` K-major (leading dimension
/// `lda ≥ k`), B `n × k` K-major, C `m × n` column-major.
const DIMS: (usize, usize, usize, usize, usize, usize) = (256, 128, 64, 67, 65, 259);

/// Global → shared: `(operand B?, tile origin, thread, global, shared)`.
type CopyStep<'a> = &'a dyn Fn(bool, (usize, usize), usize, &[f32], &mut [f32]);
/// Shared → registers: `(kb, thread, (sA, sB), registers)`.
type LoadStep<'a> = &'a dyn Fn(usize, usize, (&[f32], &[f32]), &mut TvRegisters);
/// Fragments → operand tiles: `((i, j), thread, registers, (xA, xB))`.
type ScatterStep<'a> = &'a dyn Fn((usize, usize), usize, &TvRegisters, (&mut [f32], &mut [f32]));
/// Operand tiles → accumulators: `((i, j), thread, (xA, xB), registers)`.
type GatherStep<'a> = &'a dyn Fn((usize, usize), usize, (&[f32], &[f32]), &mut TvRegisters);
/// Accumulators → C: `(tile origin, thread, (α, β), registers, C)`.
type StoreStep<'a> = &'a dyn Fn((usize, usize), usize, (f32, f32), &TvRegisters, &mut [f32]);

/// One kernel's five steps, as the emulation calls them.
struct Steps<'a> {
    copy: CopyStep<'a>,
    load: LoadStep<'a>,
    scatter: ScatterStep<'a>,
    gather: GatherStep<'a>,
    store: StoreStep<'a>,
}

/// Runs a kernel's steps over the grid (every thread's step between two
/// barriers before any thread's next step) and compares with a naive GEMM.
fn matches_naive(steps: &Steps<'_>) {
    let (m, n, k, lda, ldb, ldc) = DIMS;
    let (alpha, beta) = (2.0f32, -1.0f32);
    // Small integers: exact in f16 and in every f32 summation order.
    let a: Vec<f32> = (0..m * lda).map(|x| (x % 7) as f32 - 3.0).collect();
    let b: Vec<f32> = (0..n * ldb).map(|x| (x % 5) as f32 - 2.0).collect();
    let c0: Vec<f32> = (0..ldc * n).map(|x| (x % 3) as f32).collect();
    let mut want = c0.clone();
    for j in 0..n {
        for i in 0..m {
            let s: f32 = (0..k).map(|l| a[i * lda + l] * b[j * ldb + l]).sum();
            want[i + j * ldc] = alpha * s + beta * want[i + j * ldc];
        }
    }

    let (cm, cn, ck) = CTA_MNK;
    let (mm, mn, mk) = MMA_MNK;
    let mut c = c0.clone();
    for bx in 0..m / cm {
        for by in 0..n / cn {
            let (bm, bn) = (bx * cm, by * cn);
            let mut regs = vec![TvRegisters::default(); THREADS];
            let (mut sa, mut sb) = (vec![f32::NAN; cm * ck], vec![f32::NAN; cn * ck]);
            for k0 in (0..k).step_by(ck) {
                for t in 0..THREADS {
                    (steps.copy)(false, (bm, k0), t, &a, &mut sa);
                    (steps.copy)(true, (bn, k0), t, &b, &mut sb);
                }
                assert!(
                    sa.iter().chain(&sb).all(|x| !x.is_nan()),
                    "copy left a hole"
                );
                for kb in 0..REPS.2 {
                    for (t, r) in regs.iter_mut().enumerate() {
                        (steps.load)(kb, t, (&sa, &sb), r);
                    }
                    for i in 0..REPS.0 {
                        for j in 0..REPS.1 {
                            let (mut xa, mut xb) =
                                (vec![f32::NAN; mm * mk], vec![f32::NAN; mn * mk]);
                            for (t, r) in regs.iter().enumerate() {
                                (steps.scatter)((i, j), t, r, (&mut xa, &mut xb));
                            }
                            assert!(
                                xa.iter().chain(&xb).all(|x| !x.is_nan()),
                                "fragments leave a hole"
                            );
                            for (t, r) in regs.iter_mut().enumerate() {
                                (steps.gather)((i, j), t, (&xa, &xb), r);
                            }
                        }
                    }
                }
            }
            for (t, r) in regs.iter().enumerate() {
                (steps.store)((bm, bn), t, (alpha, beta), r, &mut c);
            }
        }
    }
    assert_eq!(c, want);
}

#[test]
fn sgemm_tv_matches_naive() {
    let (m, n, k, lda, ldb, ldc) = DIMS;
    let ga = layout!(({m}, {k}):({lda}, 1)).unwrap();
    let gb = layout!(({n}, {k}):({ldb}, 1)).unwrap();
    let gc = layout!(({m}, {n}):(1, {ldc})).unwrap();
    let (sa_l, sb_l, gcopy) = (SmemA::new(), SmemB::new(), TvGmemCopy::new());
    let (ca, cb) = (TvLdsmA::new(), TvLdsmB::new());
    let (ta, tb, tc) = (TvMmaA::new(), TvMmaB::new(), TvMmaC::new());
    matches_naive(&Steps {
        copy: &|is_b, origin, t, g, mut s| {
            if is_b {
                tv_copy_tile((gb, sb_l, gcopy), origin, t, &g, &mut s);
            } else {
                tv_copy_tile((ga, sa_l, gcopy), origin, t, &g, &mut s);
            }
        },
        load: &|kb, t, (sa, sb), r| tv_load_fragments((sa_l, sb_l, ca, cb), kb, t, (&sa, &sb), r),
        scatter: &|ij, t, r, (mut xa, mut xb)| {
            tv_mma_scatter((ta, tb), ij, t, r, (&mut xa, &mut xb))
        },
        gather: &|ij, t, (xa, xb), r| tv_mma_gather(tc, ij, t, (&xa, &xb), r),
        store: &|origin, t, ab, r, mut c| tv_store_c((gc, tc), origin, t, ab, r, &mut c),
    });
}

/// The hand-written twin, through the same emulation.
#[test]
fn sgemm_tv_hand_matches_naive() {
    let (_, _, _, lda, ldb, ldc) = DIMS;
    matches_naive(&Steps {
        copy: &|is_b, origin, t, g, mut s| {
            tv_copy_tile_hand(if is_b { ldb } else { lda }, origin, t, &g, &mut s)
        },
        load: &|kb, t, (sa, sb), r| tv_load_fragments_hand(kb, t, (&sa, &sb), r),
        scatter: &|ij, t, r, (mut xa, mut xb)| tv_mma_scatter_hand(ij, t, r, (&mut xa, &mut xb)),
        gather: &|ij, t, (xa, xb), r| tv_mma_gather_hand(ij, t, (&xa, &xb), r),
        store: &|origin, t, ab, r, mut c| tv_store_c_hand(ldc, origin, t, ab, r, &mut c),
    });
}

/// The kernel's fragments come from where the MMA expects them: for every
/// thread and value, the `ldmatrix`-style copy layout and the MMA layout
/// name the same element (the copy's destination TV layout differs from
/// the MMA's only in the shape of its trivial value mode).
#[test]
fn ldmatrix_fragments_are_the_mma_fragments() {
    for t in 0..THREADS {
        for v in 0..VALUES.0 {
            assert_eq!(TvLdsmA::new().at(t, v), TvMmaA::new().at(t, v));
        }
        for v in 0..VALUES.1 {
            assert_eq!(TvLdsmB::new().at(t, v), TvMmaB::new().at(t, v));
        }
    }
}

/// Each step of the hand-written twin touches the same elements with the
/// same values as the generic step, thread by thread (distinct values
/// everywhere, so a permutation of (thread, value) pairs shows).
#[test]
fn hand_twin_steps_equal_the_generic_steps() {
    let (m, n, k, lda, _, ldc) = DIMS;
    let ga = layout!(({m}, {k}):({lda}, 1)).unwrap();
    let gc = layout!(({m}, {n}):(1, {ldc})).unwrap();
    let (sa_l, sb_l, gcopy) = (SmemA::new(), SmemB::new(), TvGmemCopy::new());
    let (ca, cb) = (TvLdsmA::new(), TvLdsmB::new());
    let (ta, tb, tc) = (TvMmaA::new(), TvMmaB::new(), TvMmaC::new());
    let (cm, _, ck) = CTA_MNK;
    let (mm, mn, mk) = MMA_MNK;
    let distinct = |len: usize| (0..len).map(|x| x as f32).collect::<Vec<_>>();
    let g = distinct(m * lda);
    let (sa, sb) = (distinct(cm * ck), distinct(cm * ck));
    let (xa, xb) = (distinct(mm * mk), distinct(mn * mk));
    let mut regs = TvRegisters::default();
    for (x, v) in regs.a.iter_mut().flatten().enumerate() {
        *v = x as f32;
    }
    for (x, v) in regs.b.iter_mut().flatten().enumerate() {
        *v = x as f32;
    }
    for (x, v) in regs.acc.iter_mut().flatten().flatten().enumerate() {
        *v = x as f32;
    }
    for t in 0..THREADS {
        let (mut s1, mut s2) = (vec![-1.0; cm * ck], vec![-1.0; cm * ck]);
        tv_copy_tile((ga, sa_l, gcopy), (128, 32), t, &&g[..], &mut &mut s1[..]);
        tv_copy_tile_hand(lda, (128, 32), t, &&g[..], &mut &mut s2[..]);
        assert_eq!(s1, s2, "copy, thread {t}");

        for kb in 0..REPS.2 {
            let (mut r1, mut r2) = (TvRegisters::default(), TvRegisters::default());
            tv_load_fragments((sa_l, sb_l, ca, cb), kb, t, (&&sa[..], &&sb[..]), &mut r1);
            tv_load_fragments_hand(kb, t, (&&sa[..], &&sb[..]), &mut r2);
            assert_eq!((r1.a, r1.b), (r2.a, r2.b), "fragments, thread {t}, kb {kb}");
        }
        for (i, j) in [(0, 0), (1, 2), (3, 7)] {
            let mut x1 = (vec![-1.0; mm * mk], vec![-1.0; mn * mk]);
            let mut x2 = x1.clone();
            tv_mma_scatter(
                (ta, tb),
                (i, j),
                t,
                &regs,
                (&mut &mut x1.0[..], &mut &mut x1.1[..]),
            );
            tv_mma_scatter_hand((i, j), t, &regs, (&mut &mut x2.0[..], &mut &mut x2.1[..]));
            assert_eq!(x1, x2, "scatter, thread {t}");
            let (mut r1, mut r2) = (regs, regs);
            tv_mma_gather(tc, (i, j), t, (&&xa[..], &&xb[..]), &mut r1);
            tv_mma_gather_hand((i, j), t, (&&xa[..], &&xb[..]), &mut r2);
            assert_eq!(r1.acc, r2.acc, "gather, thread {t}");
        }
        let (mut c1, mut c2) = (vec![-1.0; ldc * n], vec![-1.0; ldc * n]);
        tv_store_c((gc, tc), (128, 0), t, (1.0, 0.0), &regs, &mut &mut c1[..]);
        tv_store_c_hand(ldc, (128, 0), t, (1.0, 0.0), &regs, &mut &mut c2[..]);
        assert_eq!(c1, c2, "store, thread {t}");
    }
}

/// The precondition of `tv_coord`, by which the bodies address: for every
/// TV layout of the kernel and its tile's row count, the thread's part
/// and the value's part add without carry; and the check can fail.
#[test]
fn tv_layouts_split_into_thread_and_value_parts() {
    let (mm, mn, _) = MMA_MNK;
    assert!(tv_splits(&TvGmemCopy::new(), THREADS, COPY_MK.0));
    assert!(tv_splits(&TvLdsmA::new(), THREADS, mm));
    assert!(tv_splits(&TvLdsmB::new(), THREADS, mn));
    assert!(tv_splits(&TvMmaA::new(), THREADS, mm));
    assert!(tv_splits(&TvMmaB::new(), THREADS, mn));
    assert!(tv_splits(&TvMmaC::new(), THREADS, mm));
    // Thread part 1 and value part 1 carry into the column at 2 rows.
    assert!(!tv_splits(&layout!((2, 2):(1, 1)), 2, 2));
    assert!(!tv_splits(&TvMmaC::new(), THREADS, 0));
}
