//! The operand placement of the tensor-core kernels (`src/tensor_core.rs`,
//! `src/ptx.rs`) against the PTX ISA's fragment descriptions, written out
//! here as the ISA states them (§9.7.14.5, "Matrix Fragments for mma.m16n8k16
//! with floating point type", "… mma.m16n8k8 (.tf32)", "… mma.m16n8k32
//! (.s8)", "… mma.m8n8k4 (.f64)"; "ldmatrix"): `g = lane / 4` (groupID),
//! `q = lane % 4` (threadID_in_group). The instructions themselves run only
//! on a GPU (`kernels/gpu/run.py`); these tests pin what the kernels hand
//! them and where they store the results.

use cute_kernels::tensor_core::{LDSM_LEN, WARP, copy_row, pack, place, unpack};
use cute_static::{
    atom::{
        CopyAtom, MmaAtom, SM80_8x8x4_F64F64F64F64_TN, SM80_16x8x8_F32TF32TF32F32_TN,
        SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x32_S32S8S8S32_TN, ValLayoutDst, ValLayoutSrc,
    },
    layout::StaticLayout,
};

/// An atom's fragments as the ISA describes them: `(row, col)` of element
/// `i` of lane `lane` in A (`M × K`), B (`K × N`) and D (`M × N`).
struct Isa {
    m: usize,
    n: usize,
    a: fn(usize, usize) -> (usize, usize),
    b: fn(usize, usize) -> (usize, usize),
    d: fn(usize, usize) -> (usize, usize),
}

const F16_M16N8K16: Isa = Isa {
    m: 16,
    n: 8,
    // a0, a1: row g; a2, a3: g + 8; a4…a7 the same, 8 columns on.
    a: |l, i| (l / 4 + 8 * ((i / 2) % 2), 2 * (l % 4) + i % 2 + 8 * (i / 4)),
    b: |l, i| (2 * (l % 4) + i % 2 + 8 * (i / 2), l / 4),
    d: |l, i| (l / 4 + 8 * (i / 2), 2 * (l % 4) + i % 2),
};
const TF32_M16N8K8: Isa = Isa {
    m: 16,
    n: 8,
    // a0: (g, q); a1: (g + 8, q); a2: (g, q + 4); a3: (g + 8, q + 4).
    a: |l, i| (l / 4 + 8 * (i % 2), l % 4 + 4 * (i / 2)),
    b: |l, i| (l % 4 + 4 * i, l / 4),
    d: F16_M16N8K16.d,
};
const S8_M16N8K32: Isa = Isa {
    m: 16,
    n: 8,
    // a0…a3: row g, cols 4q…; a4…a7: row g + 8; a8…a15: 16 columns on.
    a: |l, i| {
        (
            l / 4 + 8 * ((i / 4) % 2),
            4 * (l % 4) + i % 4 + 16 * (i / 8),
        )
    },
    b: |l, i| (4 * (l % 4) + i % 4 + 16 * (i / 4), l / 4),
    d: F16_M16N8K16.d,
};
const F64_M8N8K4: Isa = Isa {
    m: 8,
    n: 8,
    a: |l, _| (l / 4, l % 4),
    b: |l, _| (l % 4, l / 4),
    d: |l, i| (l / 4, 2 * (l % 4) + i),
};

/// `pack` of the atom's A and B with `bits`-wide values: register `r`
/// holds, at bit `bits·j`, the element the ISA puts in element
/// `r·(32/bits) + j` (the element's index `m + M·k` / `n + N·k`, checked
/// `bits` bits at a time); `place` of D stores element `i` where the ISA
/// says it lies.
fn check_mma<A: MmaAtom, const RA: usize, const RB: usize, const RD: usize>(
    isa: &Isa,
    bits: usize,
) {
    let (per, mask) = (32 / bits, u32::MAX >> (32 - bits));
    for lane in 0..WARP {
        for shift in (0..16).step_by(bits) {
            let ra: [u32; RA] = pack::<A::ALayout, RA>(lane, bits, |i| (i >> shift) as u32);
            let rb: [u32; RB] = pack::<A::BLayout, RB>(lane, bits, |i| (i >> shift) as u32);
            for i in 0..RA * per {
                let (m, k) = (isa.a)(lane, i);
                let got = (ra[i / per] >> (bits * (i % per))) & mask;
                assert_eq!(
                    got,
                    ((m + isa.m * k) >> shift) as u32 & mask,
                    "{}: A, lane {lane}, a{i}",
                    A::NAME
                );
            }
            for i in 0..RB * per {
                let (k, n) = (isa.b)(lane, i);
                let got = (rb[i / per] >> (bits * (i % per))) & mask;
                assert_eq!(
                    got,
                    ((n + isa.n * k) >> shift) as u32 & mask,
                    "{}: B, lane {lane}, b{i}",
                    A::NAME
                );
            }
        }
        check_d::<A, RD>(isa, lane);
    }
}

/// `place` of D: register `i` of lane `lane` lands on the ISA's element.
fn check_d<A: MmaAtom, const RD: usize>(isa: &Isa, lane: usize) {
    let want: [usize; RD] = core::array::from_fn(|i| {
        let (m, n) = (isa.d)(lane, i);
        m + isa.m * n
    });
    let mut got = [usize::MAX; RD];
    place::<A::CLayout, _, RD>(lane, core::array::from_fn(|v| v), |idx, v| got[v] = idx);
    assert_eq!(got, want, "{}: D of lane {lane}", A::NAME);
}

#[test]
fn mma_registers_hold_the_isa_fragments() {
    check_mma::<SM80_16x8x16_F32F16F16F32_TN, 4, 2, 4>(&F16_M16N8K16, 16);
    check_mma::<SM80_16x8x8_F32TF32TF32F32_TN, 4, 2, 4>(&TF32_M16N8K8, 32);
    check_mma::<SM80_16x8x32_S32S8S8S32_TN, 4, 2, 4>(&S8_M16N8K32, 8);
}

#[test]
fn f64_operands_are_the_isa_elements() {
    // One 64-bit register each: `place` of A and B names the element a
    // lane loads.
    type A = SM80_8x8x4_F64F64F64F64_TN;
    let isa = &F64_M8N8K4;
    for lane in 0..WARP {
        let (mut a, mut b) = (usize::MAX, usize::MAX);
        place::<<A as MmaAtom>::ALayout, _, 1>(lane, [()], |i, ()| a = i);
        place::<<A as MmaAtom>::BLayout, _, 1>(lane, [()], |i, ()| b = i);
        let ((m, k), (kb, n)) = ((isa.a)(lane, 0), (isa.b)(lane, 0));
        assert_eq!((a, b), (m + isa.m * k, n + isa.n * kb), "lane {lane}");
        check_d::<A, 2>(isa, lane);
    }
}

/// The element of matrix `q` (of the four 8 × 8 ones) at `(row, col)`:
/// row `r` of matrix `q` is the row whose address lane `8q + r` gave.
fn element(rows: &impl Fn(usize) -> usize, q: usize, row: usize, col: usize) -> usize {
    rows(8 * q + row) + col
}

/// The element lane `lane` has in half `j` of register `q` of `ldmatrix`
/// / `stmatrix` (`.trans`: the transposed fragment), the ISA's words:
/// row `lane / 4`, column `2·(lane % 4) + j` of matrix `q`, or with
/// `.trans` row `2·(lane % 4) + j`, column `lane / 4`.
fn fragment(rows: &impl Fn(usize) -> usize, trans: bool, lane: usize, q: usize, j: usize) -> usize {
    if trans {
        element(rows, q, 2 * (lane % 4) + j, lane / 4)
    } else {
        element(rows, q, lane / 4, 2 * (lane % 4) + j)
    }
}

/// `ldmatrix` of atom `A` emulated by the ISA on a tile holding element
/// `e` at `e`: every value lane `lane` receives is the element
/// `ValLayoutDst(lane, v)` names, and the row addresses are 16-byte
/// aligned inside the tile.
fn check_ldsm<A: CopyAtom, Src: StaticLayout, Dst: StaticLayout, const R: usize>(trans: bool) {
    let rows = |l: usize| copy_row::<Src>(l);
    for lane in 0..WARP {
        let r = rows(lane);
        assert!(
            r.is_multiple_of(8) && r + 8 <= LDSM_LEN,
            "{}: lane {lane}: row {r}",
            A::NAME
        );
        let regs: [u32; R] = core::array::from_fn(|q| {
            (fragment(&rows, trans, lane, q, 0) | (fragment(&rows, trans, lane, q, 1) << 16)) as u32
        });
        unpack::<Dst, R>(lane, regs, |v, x, idx| {
            assert_eq!(idx, x as usize, "{}: lane {lane}, value {v}", A::NAME);
        });
    }
}

/// `stmatrix` of atom `A` emulated by the ISA: lane `lane`'s value `v`
/// (`8·lane + v`) lands on the element `ValLayoutSrc(lane, v)` names.
fn check_stsm<A: CopyAtom, Src: StaticLayout, Dst: StaticLayout, const R: usize>(trans: bool) {
    let rows = |l: usize| copy_row::<Dst>(l);
    let mut smem = vec![u16::MAX; LDSM_LEN];
    let token = |lane: usize, v: usize| (8 * lane + v) as u16;
    for lane in 0..WARP {
        for q in 0..R {
            for j in 0..2 {
                smem[fragment(&rows, trans, lane, q, j)] = token(lane, 2 * q + j);
            }
        }
    }
    for lane in 0..WARP {
        unpack::<Src, R>(lane, [0; R], |v, _, idx| {
            assert_eq!(
                smem[idx],
                token(lane, v),
                "{}: lane {lane}, value {v}",
                A::NAME
            );
        });
    }
}

#[test]
fn ldmatrix_values_are_the_elements_the_layouts_name() {
    use cute_static::atom::{
        SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N,
        SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N,
    };
    check_ldsm::<
        SM75_U32x1_LDSM_N,
        ValLayoutSrc<SM75_U32x1_LDSM_N, 16>,
        ValLayoutDst<SM75_U32x1_LDSM_N, 16>,
        1,
    >(false);
    check_ldsm::<
        SM75_U32x2_LDSM_N,
        ValLayoutSrc<SM75_U32x2_LDSM_N, 16>,
        ValLayoutDst<SM75_U32x2_LDSM_N, 16>,
        2,
    >(false);
    check_ldsm::<
        SM75_U32x4_LDSM_N,
        ValLayoutSrc<SM75_U32x4_LDSM_N, 16>,
        ValLayoutDst<SM75_U32x4_LDSM_N, 16>,
        4,
    >(false);
    check_ldsm::<
        SM75_U16x2_LDSM_T,
        ValLayoutSrc<SM75_U16x2_LDSM_T, 16>,
        ValLayoutDst<SM75_U16x2_LDSM_T, 16>,
        1,
    >(true);
    check_ldsm::<
        SM75_U16x4_LDSM_T,
        ValLayoutSrc<SM75_U16x4_LDSM_T, 16>,
        ValLayoutDst<SM75_U16x4_LDSM_T, 16>,
        2,
    >(true);
    check_ldsm::<
        SM75_U16x8_LDSM_T,
        ValLayoutSrc<SM75_U16x8_LDSM_T, 16>,
        ValLayoutDst<SM75_U16x8_LDSM_T, 16>,
        4,
    >(true);
}

#[test]
fn stmatrix_values_land_on_the_elements_the_layouts_name() {
    use cute_static::atom::{SM90_U16x8_STSM_T, SM90_U32x4_STSM_N};
    check_stsm::<
        SM90_U32x4_STSM_N,
        ValLayoutSrc<SM90_U32x4_STSM_N, 16>,
        ValLayoutDst<SM90_U32x4_STSM_N, 16>,
        4,
    >(false);
    check_stsm::<
        SM90_U16x8_STSM_T,
        ValLayoutSrc<SM90_U16x8_STSM_T, 16>,
        ValLayoutDst<SM90_U16x8_STSM_T, 16>,
        4,
    >(true);
}

#[test]
fn gmma_descriptors_are_the_librarys() {
    // The kernel's descriptor words (start address 0) are cute-dynamic's
    // make_gmma_desc of its shared-memory layouts.
    use cute_kernels::tensor_core::{GMMA_DESC_A, GMMA_DESC_B, GmmaSmemA, GmmaSmemB, gmma_desc_at};
    let desc = |l: cute_dynamic::Layout| {
        cute_dynamic::make_gmma_desc(cute_dynamic::GmmaMajor::K, &l, 16, 0)
            .unwrap()
            .bits()
    };
    assert_eq!(desc(GmmaSmemA::default().to_dynamic()), GMMA_DESC_A);
    assert_eq!(desc(GmmaSmemB::default().to_dynamic()), GMMA_DESC_B);
    // At a shared address: the start-address field (bits 0-13, in 16-byte
    // units) is the library's too.
    let at = cute_dynamic::make_gmma_desc(
        cute_dynamic::GmmaMajor::K,
        &GmmaSmemA::default().to_dynamic(),
        16,
        0x2400,
    )
    .unwrap()
    .bits();
    assert_eq!(gmma_desc_at(GMMA_DESC_A, 0x2400), at);
}

#[test]
fn gmma_d_registers_land_on_their_isa_elements() {
    // wgmma's D fragment for m64nNk16 with f32 accumulators (PTX ISA,
    // "Register fragments for wgmma .m64nNk16"): thread t of the
    // warpgroup, warp w = t / 32, lane l: element i at row 16·w + l / 4 +
    // 8·((i / 2) % 2), column 2·(l % 4) + i % 2 + 8·(i / 4).
    use cute_kernels::tensor_core::{WARPGROUP, gmma_store_d};
    let mut d = vec![f32::NAN; 64 * 8];
    for t in 0..WARPGROUP {
        let (w, l) = (t / 32, t % 32);
        let regs: [f32; 4] = core::array::from_fn(|i| {
            let (m, n) = (
                16 * w + l / 4 + 8 * ((i / 2) % 2),
                2 * (l % 4) + i % 2 + 8 * (i / 4),
            );
            (m + 64 * n) as f32
        });
        gmma_store_d(t, regs, |idx, x| d[idx] = x);
    }
    for (idx, x) in d.iter().enumerate() {
        assert_eq!(*x, idx as f32, "D element {idx}");
    }
}

#[test]
fn swizzled_gmma_descriptors_are_the_librarys() {
    // The first K = 16 block of each swizzled tile, and the k-block steps
    // (+2 in the start-address field: 32 bytes) against make_gmma_desc of
    // each block's own layout.
    use cute_kernels::tensor_core::{GMMA_SW128_DESC_A, GMMA_SW128_DESC_B};
    let desc = |text: &str| {
        let l: cute_dynamic::SwizzledLayout = text.parse().unwrap();
        cute_dynamic::make_gmma_desc(cute_dynamic::GmmaMajor::K, &l, 16, 0)
            .unwrap()
            .bits()
    };
    for kb in 0..4u64 {
        let off = 16 * kb;
        assert_eq!(
            desc(&format!("Sw<3,3,3> o {off} o ((8,8),16):((64,512),1)")),
            GMMA_SW128_DESC_A + 2 * kb,
            "A, k-block {kb}"
        );
        assert_eq!(
            desc(&format!("Sw<3,3,3> o {off} o (8,16):(64,1)")),
            GMMA_SW128_DESC_B + 2 * kb,
            "B, k-block {kb}"
        );
    }
}

#[test]
fn the_swizzled_tiles_are_the_librarys_layouts() {
    // The kernel's swizzled shared layouts (this crate's `Swizzled`) give
    // the offsets of cute-dynamic's `Sw<3,3,3> o 0 o …` at every (row, k).
    use cute_kernels::Matrix;
    use cute_kernels::tensor_core::{GmmaSw128A, GmmaSw128B};
    let a: cute_dynamic::SwizzledLayout =
        "Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)".parse().unwrap();
    let b: cute_dynamic::SwizzledLayout = "Sw<3,3,3> o 0 o (8,64):(64,1)".parse().unwrap();
    let (la, lb) = (GmmaSw128A::default(), GmmaSw128B::default());
    for e in 0..4096usize {
        assert_eq!(
            la.at(e % 64, e / 64) as i64,
            a.call(e as i64),
            "A element {e}"
        );
    }
    for e in 0..512usize {
        assert_eq!(
            lb.at(e % 8, e / 8) as i64,
            b.call(e as i64),
            "B element {e}"
        );
    }
}
