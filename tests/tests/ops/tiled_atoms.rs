//! Tiled MMAs and tiled copies: the contract (`laws::check_tiled_mma`,
//! `laws::check_tiled_copy`) on many configurations, and exact values
//! printed by CuTe.
//!
//! The atoms are built here from CUTLASS's definitions
//! (`mma_traits_sm70.hpp`, `mma_traits_sm80.hpp`, `copy_traits_sm75.hpp`,
//! `copy_traits.hpp`), independently of the crate's atom table.

use cute_dynamic::{
    CopyAtom, CopySide, Layout, MmaAtom, MmaOperand, MmaValueTypes, TiledCopy, TiledMma, Tiler,
    ValueType, make_counting_tensor, make_identity_tensor, make_tiled_copy, make_tiled_copy_a,
    make_tiled_copy_b, make_tiled_copy_c, make_tiled_copy_d, make_tiled_copy_s, make_tiled_mma,
};
use cute_tools::laws::{check_tiled_copy, check_tiled_mma};

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn types(a: ValueType, c: ValueType) -> MmaValueTypes {
    MmaValueTypes { d: c, a, b: a, c }
}

fn mma(
    name: &str,
    mnk: [i64; 3],
    thr: &str,
    a: &str,
    b: &str,
    c: &str,
    t: MmaValueTypes,
) -> MmaAtom {
    MmaAtom::new(name, mnk, l(thr), [l(a), l(b), l(c)], t).unwrap()
}

const SM80_16X8_ROW: &str = "((4,8),(2,2)):((32,1),(16,8))";

fn universal_fma() -> MmaAtom {
    let f = ValueType::Float;
    mma(
        "UniversalFMA<float,float,float,float>",
        [1, 1, 1],
        "1:0",
        "(1,1):(0,0)",
        "(1,1):(0,0)",
        "(1,1):(0,0)",
        types(f, f),
    )
}

fn sm80_16x8x16() -> MmaAtom {
    mma(
        "SM80_16x8x16_F32F16F16F32_TN",
        [16, 8, 16],
        "32:1",
        "((4,8),(2,2,2)):((32,1),(16,8,128))",
        "((4,8),(2,2)):((16,1),(8,64))",
        SM80_16X8_ROW,
        types(ValueType::Half, ValueType::Float),
    )
}

fn sm80_16x8x8() -> MmaAtom {
    mma(
        "SM80_16x8x8_F32F16F16F32_TN",
        [16, 8, 8],
        "32:1",
        SM80_16X8_ROW,
        "((4,8),2):((8,1),32)",
        SM80_16X8_ROW,
        types(ValueType::Half, ValueType::Float),
    )
}

/// `SM70_8x8x4_F32F16F16F32_{major}`, whose A and B have the layout `ab`.
fn sm70_8x8x4(major: &str, ab: &str) -> MmaAtom {
    mma(
        &format!("SM70_8x8x4_F32F16F16F32_{major}"),
        [8, 8, 4],
        "(4,2):(1,16)",
        ab,
        ab,
        "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
        types(ValueType::Half, ValueType::Float),
    )
}

fn sm70_8x8x4_tn() -> MmaAtom {
    sm70_8x8x4("TN", "(8,4):(1,8)")
}

fn sm70_8x8x4_nt() -> MmaAtom {
    sm70_8x8x4("NT", "((4,2),4):((8,4),1)")
}

fn universal_copy(bits: i64) -> CopyAtom {
    let v = format!("(1,{bits}):(0,1)");
    CopyAtom::new(
        format!("UniversalCopy<uint{bits}_t>"),
        l("1:0"),
        [l(&v), l(&v), l(&v)],
    )
    .unwrap()
}

/// An LDSM atom of 32 threads: the source layout `src`, the destination
/// (and reference) layout `dst`.
fn ldsm(name: &str, src: &str, dst: &str) -> CopyAtom {
    CopyAtom::new(name, l("32:1"), [l(src), l(dst), l(dst)]).unwrap()
}

fn ldsm_x4() -> CopyAtom {
    ldsm(
        "SM75_U32x4_LDSM_N",
        "(32,128):(128,1)",
        "(32,(32,4)):(32,(1,1024))",
    )
}

fn ldsm_x2() -> CopyAtom {
    ldsm(
        "SM75_U32x2_LDSM_N",
        "((16,2),128):((128,0),1)",
        "(32,(32,2)):(32,(1,1024))",
    )
}

fn ldsm_x1() -> CopyAtom {
    ldsm(
        "SM75_U32x1_LDSM_N",
        "((8,4),128):((128,0),1)",
        "(32,32):(32,1)",
    )
}

fn tiled(atom: &MmaAtom, layout: &str, perm: &str) -> TiledMma {
    let layout = (!layout.is_empty()).then(|| l(layout));
    let perm = (!perm.is_empty()).then(|| perm.parse::<Tiler>().unwrap());
    make_tiled_mma(atom, layout.as_ref(), perm.as_ref()).unwrap()
}

const OPERANDS: [MmaOperand; 3] = [
    MmaOperand::OperandA,
    MmaOperand::OperandB,
    MmaOperand::OperandC,
];

/// `tile_size<0..3>` of a tiled MMA.
fn tile_sizes(m: &TiledMma) -> (i64, i64, i64) {
    (
        m.tile_size(0).unwrap(),
        m.tile_size(1).unwrap(),
        m.tile_size(2).unwrap(),
    )
}

fn check_mma(m: &TiledMma) {
    for op in OPERANDS {
        let tv = m.layout_tv(op).unwrap();
        check_tiled_mma(m, op, &tv).unwrap_or_else(|v| panic!("{m}: {v}"));
    }
}

fn check_copy(c: &TiledCopy) {
    for side in [CopySide::Src, CopySide::Dst] {
        let tv = c.layout_tv_of(side).unwrap();
        check_tiled_copy(c, side, &tv).unwrap_or_else(|v| panic!("{c}: {v}"));
    }
}

/// The MMA configurations: atoms × atom layouts (K-tiled, N-major) ×
/// permutations.
fn mma_configs() -> Vec<TiledMma> {
    let fma = universal_fma();
    let s80 = sm80_16x8x16();
    let s80k8 = sm80_16x8x8();
    let s70 = sm70_8x8x4_tn();
    let s70nt = sm70_8x8x4_nt();
    vec![
        tiled(&fma, "", ""),
        tiled(&fma, "(16,16,1)", ""),
        tiled(&fma, "(16,8):(8,1)", ""),
        tiled(&fma, "(4,4,2)", ""),
        tiled(&fma, "(8,8,1)", "<(4,2):(2,1),_,_>"),
        tiled(&s80, "", ""),
        tiled(&s80, "(2,2,1)", ""),
        tiled(&s80, "(2,2):(2,1)", ""),
        tiled(&s80, "(2,2,2)", ""),
        tiled(&s80, "(2,1,2)", ""),
        tiled(&s80, "(2,2,1)", "<32,32,16>"),
        tiled(&s80, "(2,2,1)", "<(16,2):(1,32),32,16>"),
        tiled(&s80, "(4,1,1)", "<64,16,16>"),
        tiled(&s80, "(1,2,1)", "<_,(8,2,2):(1,16,8),_>"),
        tiled(&s80k8, "(2,2,1)", ""),
        tiled(&s80k8, "(1,1,2)", "<16,16,16>"),
        tiled(&s70, "", ""),
        tiled(&s70, "(2,2)", ""),
        tiled(&s70, "(2,2):(2,1)", ""),
        tiled(&s70, "(2,2,2)", ""),
        tiled(&s70nt, "(2,2):(2,1)", "<(4,4,2):(1,8,4),32,4>"),
        tiled(&s70nt, "(4,2,1)", "<_,_,8>"),
    ]
}

#[test]
fn tiled_mma_layouts_agree_with_partitions() {
    let configs = mma_configs();
    assert!(configs.len() >= 20);
    for m in &configs {
        check_mma(m);
    }
}

#[test]
fn a_wrong_layout_breaks_the_contract() {
    let m = tiled(&sm80_16x8x16(), "(2,2,1)", "");
    let tv = m.layout_c_tv().unwrap();
    // Swap the two value modes of C: still a bijection, but wrong.
    let wrong = l("((32,2,2),(2,2)):((64,16,1024),(8,32))");
    assert_eq!(tv.size(), wrong.size());
    assert!(check_tiled_mma(&m, MmaOperand::OperandC, &wrong).is_err());
    assert!(check_tiled_mma(&m, MmaOperand::OperandA, &tv).is_err());
    let c = g2s_copy();
    let s = c.layout_s_tv().unwrap();
    assert!(check_tiled_copy(&c, CopySide::Src, &l("(128,8):(1,128)")).is_err());
    assert!(check_tiled_copy(&c, CopySide::Src, &s).is_ok());
}

/// CUTLASS's `get_layoutC_TV()` keeps the K thread coordinate: threads of
/// the second K slice would point past the `M×N` tile. Ours follows the
/// partition: they hold the same C values as the first K slice.
#[test]
fn k_tiled_layout_c_follows_the_partition() {
    let m = tiled(&sm80_16x8x16(), "(2,2,2)", "");
    let tv = m.layout_c_tv().unwrap();
    assert_eq!(tv.size(), 256 * 4);
    let threads = 256;
    for t in 0..128 {
        for v in 0..4 {
            assert_eq!(tv.call(t + threads * v), tv.call(t + 128 + threads * v));
        }
    }
    assert!(tv.cosize().unwrap() <= 32 * 16);
}

/// Printed by CuTe (a CUTLASS sm80 GEMM example that prints its
/// `TiledMMA`, `ThrMMA::partition_C(gC)` and `partition_fragment_A`):
/// `make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1), Tile<32,32,16>)`
/// has `ThrLayoutVMNK (_32,_2,_2,_1):(_1,_32,_64,_0)`; thread 0's
/// `partition_C` of a `(128,128):(4096,1)` tile is
/// `((_2,_2),_4,_8):((_1,32768),131072,_16)`.
#[test]
fn sm80_2x2_values_printed_by_cute() {
    let m = tiled(&sm80_16x8x16(), "(2,2,1)", "<32,32,16>");
    assert_eq!(m.thr_layout_vmnk().to_string(), "(32,2,2,1):(1,32,64,0)");
    assert_eq!(tile_sizes(&m), (32, 32, 16));
    assert_eq!(m.size(), 128);
    let g_c = make_counting_tensor(l("(128,128):(4096,1)")).unwrap();
    let p = m.thr_slice(0).unwrap().partition_c(&g_c).unwrap();
    assert_eq!(
        (p.base(), p.layout().to_string()),
        (0, "((2,2),4,8):((1,32768),131072,16)".to_string())
    );
    // partition_fragment_A of a K-major (128,64) tile: ((_2,_2,_2),_4,_4):((_1,_2,_4),_32,_8).
    let s_a = make_counting_tensor(l("(128,64):(64,1)")).unwrap();
    let f = m.thr_slice(0).unwrap().partition_fragment_a(&s_a).unwrap();
    let f: cute_dynamic::Tensor<Vec<i64>> = f;
    assert_eq!(f.layout().to_string(), "((2,2,2),4,4):((1,2,4),32,8)");
    let shape = m
        .partition_shape(MmaOperand::OperandC, &"(128,128)".parse().unwrap())
        .unwrap();
    assert_eq!(shape.to_string(), "((2,2),4,8)");
}

/// The SM70 8x8x4 TN atom tiled 2x2 (M-major): a 16×16×4 tile over 32
/// lanes, `thr_layout_vmnk = tiled_product((4,2):(1,16), (2,2,1))`
/// = `((4,2),2,2,1):((1,16),4,8,0)` (worked by hand: the complement of the
/// quad-pair `(4,2):(1,16)` in 32 lanes is `(4,…):(4,…)`), and every C
/// element held once.
#[test]
fn sm70_2x2() {
    let m = tiled(&sm70_8x8x4_tn(), "(2,2)", "");
    assert_eq!(
        m.thr_layout_vmnk().to_string(),
        "((4,2),2,2,1):((1,16),4,8,0)"
    );
    assert_eq!(tile_sizes(&m), (16, 16, 4));
    let tv = m.layout_c_tv().unwrap();
    assert_eq!(mode_size(&tv, 0), 32);
    // Every element of the 16×16 C tile is held once.
    let mut seen = vec![0; 256];
    for i in 0..tv.size() {
        seen[tv.call(i) as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n == 1));
    // A single SM70 atom: lanes 0-3 and 16-19.
    let one = tiled(&sm70_8x8x4_tn(), "", "");
    assert_eq!(one.size(), 8);
    assert_eq!(one.thr_slice(16).unwrap().thr_vmnk(), [4, 0, 0, 0]);
}

fn mode_size(l: &Layout, i: usize) -> i64 {
    l.mode(i).unwrap().size()
}

#[test]
fn partitions_of_identity_and_storage_tensors_agree() {
    let m = tiled(&sm80_16x8x16(), "(2,2,1)", "");
    let id = make_identity_tensor(&"(32,16)".parse().unwrap()).unwrap();
    let data: Vec<i32> = (0..32 * 16).collect();
    let t = cute_dynamic::Tensor::new(&data[..], l("(32,16):(1,32)")).unwrap();
    for thr in [0, 5, 37, 127] {
        let s = m.thr_slice(thr).unwrap();
        let pc = s.partition_c(&id).unwrap();
        let pd = s.partition_c(&t).unwrap();
        assert_eq!(pc.size(), pd.size());
        for v in 0..pc.size() {
            let c = pc.at(v).unwrap();
            let (i, j) = (
                c.get(0).unwrap().as_int().unwrap(),
                c.get(1).unwrap().as_int().unwrap(),
            );
            assert_eq!(pd.at(v).unwrap() as i64, i + 32 * j);
        }
    }
}

/// Printed by CuTe (an sm80 GEMM example): `make_tiled_copy(
/// Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>, (32,4):(4,1),
/// (1,8))` has `Tiler_MN (_32,_32)` and `TiledLayout_TV
/// ((_4,_32),_8):((_256,_1),_32)` (cp.async has UniversalCopy's layouts).
#[test]
fn g2s_copy_printed_by_cute() {
    let c = g2s_copy();
    assert_eq!(c.tiler_mn().to_string(), "(32,32)");
    assert_eq!(c.tiled_layout_tv().to_string(), "((4,32),8):((256,1),32)");
    assert_eq!(c.size(), 128);
    check_copy(&c);
}

/// The sm80 GEMM's global-to-shared copy: 128-bit copies of halves by
/// `(32,4):(4,1)` threads, `(1,8)` values each.
fn g2s_copy() -> TiledCopy {
    make_tiled_copy(
        &universal_copy(128),
        ValueType::Half,
        &l("(32,4):(4,1)"),
        &l("(1,8)"),
    )
    .unwrap()
}

fn copy_configs() -> Vec<TiledCopy> {
    let h = ValueType::Half;
    let u128c = universal_copy(128);
    let u32c = universal_copy(32);
    let s80 = tiled(&sm80_16x8x16(), "(2,2,1)", "");
    let s80p = tiled(&sm80_16x8x16(), "(2,2,1)", "<32,32,16>");
    let base = g2s_copy();
    vec![
        base.clone(),
        make_tiled_copy(&u128c, h, &l("(16,8):(1,16)"), &l("(8,1)")).unwrap(),
        make_tiled_copy(&u32c, ValueType::Float, &l("(8,8)"), &l("(2,2)")).unwrap(),
        make_tiled_copy(&u32c, h, &l("(4,8):(8,1)"), &l("(1,2)")).unwrap(),
        make_tiled_copy(
            &universal_copy(64),
            ValueType::Double,
            &l("(32,1)"),
            &l("(1,4)"),
        )
        .unwrap(),
        make_tiled_copy_a(&ldsm_x4(), h, &s80).unwrap(),
        make_tiled_copy_b(&ldsm_x4(), h, &s80p).unwrap(),
        make_tiled_copy_b(&ldsm_x2(), h, &s80).unwrap(),
        make_tiled_copy(&ldsm_x1(), h, &l("(32,1)"), &l("(1,2)")).unwrap(),
        make_tiled_copy_a(
            &ldsm_x4(),
            h,
            &tiled(&sm80_16x8x16(), "(4,1,1)", "<64,16,16>"),
        )
        .unwrap(),
        make_tiled_copy_c(&u32c, ValueType::Float, &s80).unwrap(),
        make_tiled_copy_a(&u32c, h, &s80p).unwrap(),
        make_tiled_copy_s(&u32c, h, &base).unwrap(),
        make_tiled_copy_d(&u128c, h, &base).unwrap(),
    ]
}

#[test]
fn tiled_copy_layouts_agree_with_partitions() {
    for c in copy_configs() {
        check_copy(&c);
    }
}

#[test]
fn ldsm_copy_a_matches_the_mma_a_layout() {
    let m = tiled(&sm80_16x8x16(), "(2,2,1)", "");
    let c = make_tiled_copy_a(&ldsm_x4(), ValueType::Half, &m).unwrap();
    assert_eq!(c.tiler_mn().to_string(), "(32,16)");
    assert_eq!(c.size(), 128);
    // The destination of the ldmatrix copy is the MMA's A layout.
    let d = c.layout_d_tv().unwrap();
    let a = m.layout_a_tv().unwrap();
    for t in 0..128 {
        for v in 0..8 {
            assert_eq!(d.call(t + 128 * v), a.call(t + 128 * v), "t={t} v={v}");
        }
    }
    // A register fragment of thread 3, retiled for the copy.
    let s_a = make_counting_tensor(l("(32,16):(16,1)")).unwrap();
    let thr = c.thr_slice(3).unwrap();
    let frag = m.thr_slice(3).unwrap().partition_fragment_a(&s_a).unwrap();
    let frag: cute_dynamic::Tensor<Vec<i64>> = frag;
    let r = thr.retile_d(&frag.view()).unwrap();
    assert_eq!(r.size(), frag.size());
    // The retiled view reaches every register of the fragment once, the
    // atom's 8 values (one ldmatrix.x4) first.
    let offsets = |l: &Layout, base: i64| -> Vec<i64> {
        let mut v: Vec<i64> = (0..l.size()).map(|i| base + l.call(i)).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(
        offsets(r.layout(), r.base()),
        (0..frag.size()).collect::<Vec<_>>()
    );
    assert_eq!(r.layout().mode(0).unwrap().mode(0).unwrap().size(), 8);
}

#[test]
fn errors_name_the_rule() {
    let e = make_tiled_mma(&sm80_16x8x16(), Some(&l("(2,2,2,2)")), None).unwrap_err();
    assert_eq!(e.kind(), "rank_mismatch");
    let e = make_tiled_copy(&ldsm_x4(), ValueType::Half, &l("(16,1)"), &l("(1,8)")).unwrap_err();
    assert_eq!(e.kind(), "invalid_argument");
    assert!(e.to_string().contains("too few threads"));
    let m = tiled(&sm80_16x8x16(), "", "");
    assert_eq!(m.thr_slice(32).unwrap_err().kind(), "out_of_bounds");
    let e = make_tiled_copy(
        &universal_copy(128),
        ValueType::UInt1,
        &l("(4,1)"),
        &l("(1,1)"),
    )
    .unwrap_err();
    assert_eq!(e.kind(), "invalid_argument");
}

/// `apply(op, args)` answers (an error or not) without a panic.
fn no_panic(op: &str, args: &[&str]) {
    let r = std::panic::catch_unwind(|| cute_tools::apply(op, args));
    assert!(r.is_ok(), "{op} {args:?} panicked");
}

/// Hostile operands to the atom operations: errors, never a panic.
#[test]
fn hostile_atom_operations_do_not_panic() {
    let atoms = [
        "SM80_16x8x16_F32F16F16F32_TN",
        "SM70_8x8x4_F32F16F16F32_NT",
        "UniversalFMA<float,float,float,float>",
        "x",
    ];
    let layouts = [
        "",
        "(2,2,1)",
        "(2,2):(2,1)",
        "(2,2,2):(0,0,0)",
        "(3,5,7)",
        "(1000000,1000000,1000000)",
        "(2,2,2,2)",
        "8:-1",
        "((",
    ];
    let perms = [
        "",
        "<3,5,7>",
        "<(16,2):(1,32),32,16>",
        "<_,_,_,_>",
        "<(2,2),2,2>",
        "7:3",
        "<0,1,1>",
        "<9223372036854775807,1,1>",
    ];
    let queries = [
        "size",
        "thr_layout_vmnk",
        "tile_size<2>",
        "layoutA_TV",
        "layoutB_TV",
        "layoutC_TV",
        "partition_A(t=0)",
        "partition_C(t=-1)",
        "partition_B_coord(t=9999999999)",
        "partition_shape_C((128,128))",
        "partition_shape_A(7)",
        "partition_shape_B((0,-3))",
        "partition_fragment_B(t=3)",
        "partition_A(t=)",
        "bogus",
    ];
    for a in atoms {
        for l in layouts {
            for p in perms {
                for q in queries {
                    no_panic("tiled_mma", &[a, l, p, q]);
                }
            }
        }
    }
    let copies = [
        "UniversalCopy<uint128_t>",
        "SM75_U32x4_LDSM_N",
        "SM75_U32x1_LDSM_N",
        "y",
    ];
    let types = ["half_t", "double", "uint1b_t", "int4b_t", "z"];
    let thrs = [
        "(32,4):(4,1)",
        "(0,1)",
        "(4,4):(0,0)",
        "(1000000000,1000000000)",
        "32",
    ];
    let vals = ["(1,8)", "(8,1)", "1", "(3,3):(7,1)"];
    let cq = [
        "Tiler_MN",
        "TiledLayout_TV",
        "layoutS_TV",
        "layoutD_TV",
        "size",
        "partition_S(t=5)",
        "partition_D_coord(t=-2)",
        "make_fragment_like(partition_D(t=1))",
        "retile_S(make_fragment_like(partition_S(t=1)))",
        "retile_D(x)",
    ];
    for c in copies {
        for t in types {
            for th in thrs {
                for v in vals {
                    for q in cq {
                        no_panic("tiled_copy", &[c, t, th, v, q]);
                    }
                }
            }
            for op in ["A", "B", "C", "Q"] {
                for l in ["", "(2,2,1)", "(2,2,2)", "(4,1,1)"] {
                    for q in cq {
                        let args = [c, t, op, "SM80_16x8x16_F32F16F16F32_TN", l, "", q];
                        no_panic("tiled_copy_mma", &args);
                    }
                }
            }
        }
    }
}

/// CuTe's `media/docs/cpp/cute/0t_mma_atom.md`, section "TiledMMAs", for
/// `SM70_8x8x4_F32F16F16F32_NT`:
/// * one atom is the tiled MMA with `Tile<_8,_8,_4>`;
/// * with the 2x2 n-major atom layout `(2,2):(2,1)`, "each quadrant of the
///   C-matrix is a replica of the atom's partitioning pattern for a new
///   quadpair" (threads `T4`, `T8`, `T12` appear);
/// * with `Tile<_32,_32,_4>`, "T0 receives from the A-matrix"
///   `T0V0 => (0,0) … T0V3 => (3,0), T0V4 => (16,0) … T0V7 => (19,0)`;
/// * with the M permutation `(4,4,2):(1,8,4)` those reads become
///   contiguous: old m 16..19 go to new m 4..7.
#[test]
fn sm70_nt_tiled_mmas_of_the_cute_docs() {
    let atom = sm70_8x8x4_nt();
    let one = tiled(&atom, "", "");
    assert_eq!(tile_sizes(&one), (8, 8, 4));

    let quad = tiled(&atom, "(2,2):(2,1)", "");
    let c = quad.layout_c_tv().unwrap();
    let owner = |m: i64, n: i64| -> i64 {
        let threads = mode_size(&c, 0);
        (0..c.size())
            .find(|&i| c.call(i) == m + 16 * n)
            .map(|i| i % threads)
            .unwrap()
    };
    for (m, n) in [(0, 0), (1, 3), (5, 6), (7, 7)] {
        let t = owner(m, n);
        assert_eq!(owner(m, n + 8), t + 4, "N neighbour of ({m},{n})");
        assert_eq!(owner(m + 8, n), t + 8, "M neighbour of ({m},{n})");
        assert_eq!(owner(m + 8, n + 8), t + 12);
    }

    let a_reads = |m: &TiledMma| -> Vec<(i64, i64)> {
        let a = m.layout_a_tv().unwrap();
        let threads = mode_size(&a, 0);
        (0..mode_size(&a, 1))
            .map(|v| {
                let i = a.call(threads * v);
                (i % 32, i / 32)
            })
            .collect()
    };
    let wide = tiled(&atom, "(2,2):(2,1)", "<32,32,4>");
    assert_eq!(
        a_reads(&wide),
        [
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (16, 0),
            (17, 0),
            (18, 0),
            (19, 0)
        ]
    );
    let permuted = tiled(&atom, "(2,2):(2,1)", "<(4,4,2):(1,8,4),32,4>");
    assert_eq!(
        a_reads(&permuted),
        (0..8).map(|m| (m, 0)).collect::<Vec<_>>()
    );
    check_mma(&wide);
    check_mma(&permuted);
}

/// A tensor larger than the tile, with an extra mode: the partition is
/// `(FrgV, RestM, RestK, L)` and each tile repeats the tile's partition.
#[test]
fn partitions_of_larger_tensors_with_extra_modes() {
    let m = tiled(&sm80_16x8x16(), "(2,2,1)", "");
    let big = make_counting_tensor(l("(64,32,3)")).unwrap();
    let p = m.thr_slice(37).unwrap().partition_a(&big).unwrap();
    assert_eq!(p.shape().to_string(), "((2,2,2),2,2,3)");
    let tile = make_counting_tensor(l("(32,16):(1,64)")).unwrap();
    let q = m.thr_slice(37).unwrap().partition_a(&tile).unwrap();
    for v in 0..8 {
        // Value v of tile (1,1) of slice 2 = value v of the (32,16) tile moved by (32, 16, 2).
        let c: cute_dynamic::IntTuple = format!("({v},1,1,2)").parse().unwrap();
        let want = q.at(v).unwrap() + 32 + 16 * 64 + 2 * 64 * 32;
        assert_eq!(p.get(&c).unwrap(), want);
    }
    assert_eq!(
        m.partition_shape(MmaOperand::OperandA, &"(64,32,3)".parse().unwrap())
            .unwrap()
            .to_string(),
        "((2,2,2),2,2,3)"
    );
}

/// `partition_X_coord` is `partition_X` of the identity tensor: for every
/// configuration (the reported UniversalFMA over `(2,3,1):(1,2,0)` among
/// them, whose size-1 modes made the coordinate sum fail: "coordinate
/// offset: (0,0) is not compatible with (0)"), every operand and every
/// thread, the coordinate of value `v` is the one the storage partition of
/// a column-major tile reaches.
#[test]
fn coordinate_partitions_name_the_storage_partitions_elements() {
    let mut configs = mma_configs();
    configs.push(tiled(&universal_fma(), "(2,3,1):(1,2,0)", ""));
    configs.push(tiled(&universal_fma(), "(2,3,2):(1,2,6)", ""));
    for m in &configs {
        for op in OPERANDS {
            let shape = m.tile_shape(op).unwrap();
            let col = Layout::column_major(&shape).unwrap();
            let id = make_identity_tensor(&shape).unwrap();
            let data = make_counting_tensor(col.clone()).unwrap();
            for thr in 0..m.size() {
                let s = m.thr_slice(thr).unwrap();
                let (pc, pd) = match op {
                    MmaOperand::OperandA => (s.partition_a(&id), s.partition_a(&data)),
                    MmaOperand::OperandB => (s.partition_b(&id), s.partition_b(&data)),
                    _ => (s.partition_c(&id), s.partition_c(&data)),
                };
                let (pc, pd) = (pc.unwrap(), pd.unwrap());
                assert_eq!(pc.size(), pd.size());
                for v in 0..pc.size() {
                    let c = pc.at(v).unwrap();
                    assert_eq!(
                        col.call_coord(&c).unwrap(),
                        pd.at(v).unwrap(),
                        "{op:?} thread {thr} value {v} of {m:?}"
                    );
                }
            }
        }
    }
}
