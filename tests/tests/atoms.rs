//! Tiled MMAs and tiled copies: the contract (`laws::check_tiled_mma`,
//! `laws::check_tiled_copy`) on many configurations, and exact values
//! printed by CuTe.
//!
//! The atoms are built here from CUTLASS's definitions
//! (`mma_traits_sm70.hpp`, `mma_traits_sm80.hpp`, `copy_traits_sm75.hpp`,
//! `copy_traits.hpp`), independently of the crate's atom table.

use cute_dynamic::laws::{check_tiled_copy, check_tiled_mma};
use cute_dynamic::{
    CopyAtom, CopySide, Layout, MmaAtom, MmaOperand, MmaValueTypes, TiledCopy, TiledMma, Tiler,
    ValueType, make_counting_tensor, make_identity_tensor, make_tiled_copy, make_tiled_copy_a,
    make_tiled_copy_b, make_tiled_copy_c, make_tiled_copy_d, make_tiled_copy_s, make_tiled_mma,
};

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

fn sm70_8x8x4_tn() -> MmaAtom {
    mma(
        "SM70_8x8x4_F32F16F16F32_TN",
        [8, 8, 4],
        "(4,2):(1,16)",
        "(8,4):(1,8)",
        "(8,4):(1,8)",
        "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
        types(ValueType::Half, ValueType::Float),
    )
}

fn sm70_8x8x4_nt() -> MmaAtom {
    mma(
        "SM70_8x8x4_F32F16F16F32_NT",
        [8, 8, 4],
        "(4,2):(1,16)",
        "((4,2),4):((8,4),1)",
        "((4,2),4):((8,4),1)",
        "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
        types(ValueType::Half, ValueType::Float),
    )
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

fn ldsm_x4() -> CopyAtom {
    let dst = "(32,(32,4)):(32,(1,1024))";
    CopyAtom::new(
        "SM75_U32x4_LDSM_N",
        l("32:1"),
        [l("(32,128):(128,1)"), l(dst), l(dst)],
    )
    .unwrap()
}

fn tiled(atom: &MmaAtom, layout: &str, perm: &str) -> TiledMma {
    let layout = (!layout.is_empty()).then(|| l(layout));
    let perm = (!perm.is_empty()).then(|| perm.parse::<Tiler>().unwrap());
    make_tiled_mma(atom, layout.as_ref(), perm.as_ref()).unwrap()
}

fn check_mma(m: &TiledMma) {
    for op in [MmaOperand::A, MmaOperand::B, MmaOperand::C] {
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
    assert!(check_tiled_mma(&m, MmaOperand::C, &wrong).is_err());
    assert!(check_tiled_mma(&m, MmaOperand::A, &tv).is_err());
    let c = make_tiled_copy(
        &universal_copy(128),
        ValueType::Half,
        &l("(32,4):(4,1)"),
        &l("(1,8)"),
    )
    .unwrap();
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
    assert_eq!(
        (
            m.tile_size(0).unwrap(),
            m.tile_size(1).unwrap(),
            m.tile_size(2).unwrap()
        ),
        (32, 32, 16)
    );
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
        .partition_shape(MmaOperand::C, &"(128,128)".parse().unwrap())
        .unwrap();
    assert_eq!(shape.to_string(), "((2,2),4,8)");
}

/// CuTe's `0t_mma_atom.md`: the SM70 8x8x4 atom tiled 2x2 is 16×16 with 32
/// threads, `ThrLayoutVMNK ((4,2),2,2,1):((1,16),4,8,0)` (the quad-pairs
/// interleave); thread 0 holds C rows 0,1 and 4,5 ... of the first atom.
#[test]
fn sm70_2x2() {
    let m = tiled(&sm70_8x8x4_tn(), "(2,2)", "");
    assert_eq!(
        m.thr_layout_vmnk().to_string(),
        "((4,2),2,2,1):((1,16),4,8,0)"
    );
    assert_eq!(
        (
            m.tile_size(0).unwrap(),
            m.tile_size(1).unwrap(),
            m.tile_size(2).unwrap()
        ),
        (16, 16, 4)
    );
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
    let c = make_tiled_copy(
        &universal_copy(128),
        ValueType::Half,
        &l("(32,4):(4,1)"),
        &l("(1,8)"),
    )
    .unwrap();
    assert_eq!(c.tiler_mn().to_string(), "(32,32)");
    assert_eq!(c.tiled_layout_tv().to_string(), "((4,32),8):((256,1),32)");
    assert_eq!(c.size(), 128);
    check_copy(&c);
}

fn copy_configs() -> Vec<TiledCopy> {
    let h = ValueType::Half;
    let u128c = universal_copy(128);
    let u32c = universal_copy(32);
    let s80 = tiled(&sm80_16x8x16(), "(2,2,1)", "");
    let s80p = tiled(&sm80_16x8x16(), "(2,2,1)", "<32,32,16>");
    let base = make_tiled_copy(&u128c, h, &l("(32,4):(4,1)"), &l("(1,8)")).unwrap();
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
