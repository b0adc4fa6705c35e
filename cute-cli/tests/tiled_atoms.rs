//! The atom operations `mma_atom`, `tiled_mma`, `tiled_copy` and
//! `tiled_copy_mma`, as subcommands and through `cute batch`: results in
//! CuTe notation, errors as batch error objects naming the rule.
//!
//! The atoms come from the crate's table; the values below use its
//! `UniversalFMA`, `UniversalCopy<uint128_t>` and the A/B layouts and
//! shape of `SM80_16x8x16_F32F16F16F32_TN`.

mod common;

use common::{batch, cute, stdout_trimmed as stdout};

const SM80: &str = "SM80_16x8x16_F32F16F16F32_TN";
const FMA: &str = "UniversalFMA<float,float,float,float>";
const U128: &str = "UniversalCopy<uint128_t>";

#[test]
fn mma_atom_queries() {
    assert_eq!(stdout(&["mma_atom", SM80, "Shape_MNK"]), "(16,8,16)");
    assert_eq!(stdout(&["mma_atom", SM80, "ThrID"]), "32:1");
    assert_eq!(
        stdout(&["mma_atom", SM80, "ALayout"]),
        "((4,8),(2,2,2)):((32,1),(16,8,128))"
    );
    assert_eq!(stdout(&["mma_atom", FMA, "CLayout"]), "(1,1):(0,0)");
    let out = cute(&["mma_atom", SM80, "DLayout"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a query of mma_atom"));
}

#[test]
fn tiled_mma_queries() {
    // (atom layout, permutation, query, answer) of SM80.
    for (layout, perm, query, want) in [
        ("(2,2,1)", "", "thr_layout_vmnk", "(32,2,2,1):(1,32,64,0)"),
        (
            "(2,2):(2,1)",
            "",
            "thr_layout_vmnk",
            "(32,2,2,1):(1,64,32,0)",
        ),
        ("(2,2,1)", "<32,32,16>", "size", "128"),
        ("(2,2,1)", "<32,32,16>", "tile_size<1>", "32"),
        ("", "", "tile_size<2>", "16"),
        // The atom's A layout, for one atom (values: (atom values, (rest M, rest K))).
        (
            "",
            "",
            "layoutA_TV",
            "((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))",
        ),
        // Thread 37 of a 2x2 tiling: lane 5 of the second atom in M; its A
        // values start at (1 + 16, 2) of the 32x16 tile.
        (
            "(2,2,1)",
            "",
            "partition_A(t=37)",
            "81|((2,2,2),1,1):((32,8,256),0,0)",
        ),
        (
            "(2,2,1)",
            "",
            "partition_A_coord(t=37)",
            "(17,2)|((2,2,2),1,1):((1@1,8@0,8@1),0,0)",
        ),
        (
            "(2,2,1)",
            "<32,32,16>",
            "partition_shape_A((128,64))",
            "((2,2,2),4,4)",
        ),
        (
            "(2,2,1)",
            "",
            "partition_fragment_A(t=0)",
            "((2,2,2),1,1):((1,2,4),0,0)",
        ),
    ] {
        assert_eq!(stdout(&["tiled_mma", SM80, layout, perm, query]), want);
    }
    // UniversalFMA 16x16: thread t holds (t mod 16, t / 16) of C.
    let fma = |query: &str| stdout(&["tiled_mma", FMA, "(16,16,1)", "", query]);
    // Thread t holds index t: (t mod 16, t / 16).
    assert_eq!(fma("layoutC_TV"), "(256,(1,(1,1))):(1,(0,(0,0)))");
    assert_eq!(fma("partition_C(t=17)"), "17|(1,1,1):(0,0,0)");
}

#[test]
fn tiled_copy_queries() {
    for (query, want) in [
        ("Tiler_MN", "(32,32)"),
        ("TiledLayout_TV", "((4,32),8):((256,1),32)"),
        ("size", "128"),
        // (thread, (atom value, rest value)).
        ("layoutS_TV", "((4,32),(8,1)):((256,1),(32,0))"),
        // Thread 5 = row 1, k group 1: (1, 8..15).
        ("partition_S(t=5)", "257|((8,1),1,1):((32,0),0,0)"),
        ("partition_D_coord(t=5)", "(1,8)|((8,1),1,1):((1@1,0),0,0)"),
        (
            "make_fragment_like(partition_D(t=5))",
            "((8,1),1,1):((1,0),0,0)",
        ),
        (
            "retile_D(make_fragment_like(partition_D(t=5)))",
            "0|((8,1),1,1):((1,0),0,0)",
        ),
    ] {
        let got = stdout(&["tiled_copy", U128, "half_t", "(32,4):(4,1)", "(1,8)", query]);
        assert_eq!(got, want);
    }
    let m = stdout(&[
        "tiled_copy_mma",
        U128,
        "half_t",
        "A",
        SM80,
        "(2,2,1)",
        "",
        "Tiler_MN",
    ]);
    assert_eq!(m, "(32,16)");
}

#[test]
fn sm89_f16_accumulators_and_movmatrix() {
    let lines = [
        serde_json::json!({"id": 1, "op": "mma_atom", "args": ["SM89_16x8x32_F16E4M3E5M2F16_TN", "CLayout"]}),
        serde_json::json!({"id": 2, "op": "mma_atom", "args": ["SM89_16x8x32_F16E5M2E4M3F16_TN", "ALayout"]}),
        serde_json::json!({"id": 3, "op": "tiled_copy", "args": ["SM75_U32x1_MOVM_T", "half_t", "(8,4):(4,1)", "(1,2)", "Tiler_MN"]}),
        serde_json::json!({"id": 4, "op": "tiled_copy", "args": ["SM75_U32x1_MOVM_T", "half_t", "(8,4):(4,1)", "(1,2)", "partition_S_coord(t=1)"]}),
        serde_json::json!({"id": 5, "op": "tiled_copy", "args": ["SM75_U32x1_MOVM_T", "half_t", "(8,4):(4,1)", "(1,2)", "partition_D_coord(t=1)"]}),
    ];
    let out = batch(&lines);
    assert_eq!(out[0]["ok"], "((4,8),(2,2)):((32,1),(16,8))");
    assert_eq!(out[1]["ok"], "((4,8),(4,2,2)):((64,1),(16,8,256))");
    assert_eq!(out[2]["ok"], "(8,8)");
    // movmatrix transposes: thread 1 reads column 0 (rows 2, 3) of the
    // tile from its source registers and writes row 0 (columns 2, 3).
    assert_eq!(out[3]["ok"], "(2,0)|((2,1),1,1):((1@0,0),0,0)");
    assert_eq!(out[4]["ok"], "(0,2)|((2,1),1,1):((1@1,0),0,0)");
}

#[test]
fn batch_answers_and_errors() {
    let lines = [
        serde_json::json!({"id": 1, "op": "mma_atom", "args": [SM80, "Shape_MNK"]}),
        serde_json::json!({"id": 2, "op": "tiled_mma", "args": [SM80, "(2,2,1)", "<32,32,16>", "size"]}),
        serde_json::json!({"id": 3, "op": "tiled_copy", "args": [U128, "half_t", "(32,4):(4,1)", "(1,8)", "Tiler_MN"]}),
        serde_json::json!({"id": 4, "op": "tiled_copy_mma", "args": [U128, "half_t", "A", SM80, "(2,2,1)", "", "size"]}),
        serde_json::json!({"id": 5, "op": "tiled_mma", "args": ["SM99_nothing", "", "", "size"]}),
        serde_json::json!({"id": 6, "op": "tiled_mma", "args": [SM80, "(2,2,2,2)", "", "size"]}),
        serde_json::json!({"id": 7, "op": "tiled_copy", "args": [U128, "half_t", "(4,1)", "(1,2)", "size"]}),
        serde_json::json!({"id": 8, "op": "tiled_copy", "args": [U128, "halff", "(4,1)", "(1,8)", "size"]}),
        serde_json::json!({"id": 9, "op": "tiled_mma", "args": [SM80, "", "", "partition_A(t=32)"]}),
        serde_json::json!({"id": 10, "op": "tiled_copy_mma", "args": [U128, "half_t", "X", SM80, "", "", "size"]}),
    ];
    let out = batch(&lines);
    assert_eq!(out.len(), lines.len());
    assert_eq!(out[0]["ok"], "(16,8,16)");
    assert_eq!(out[1]["ok"], "128");
    assert_eq!(out[2]["ok"], "(32,32)");
    assert_eq!(out[3]["ok"], "128");
    let kind = |i: usize| out[i]["error"]["kind"].as_str().unwrap_or("").to_string();
    assert_eq!(kind(4), "invalid_argument");
    assert_eq!(kind(5), "rank_mismatch");
    assert_eq!(kind(6), "invalid_argument");
    assert!(
        out[6]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("too few values")
    );
    assert_eq!(kind(7), "invalid_argument");
    assert_eq!(kind(8), "out_of_bounds");
    assert_eq!(kind(9), "invalid_argument");
}

#[test]
fn pictures_of_tiled_mmas_and_copies() {
    let text = stdout(&[
        "show",
        "--mma",
        FMA,
        "--atom-layout",
        "(2,2,1)",
        "--style",
        "plain",
    ]);
    assert_eq!(
        text,
        "TiledMMA(UniversalFMA<float,float,float,float>, (1,2,2,1):(0,1,2,0), <_,_,_>)\n\
         \x20          B (1×2, transposed)\n\
         \x20                 0    1\n\
         \x20           0  T0V0 T2V0\n\
         \n\
         A (2×1)    C (2×2)\n\
         \x20      0          0    1\n\
         \x200  T0V0    0  T0V0 T2V0\n\
         \x201  T1V0    1  T1V0 T3V0"
    );
    let svg = stdout(&[
        "svg",
        "--copy",
        U128,
        "--value-type",
        "half_t",
        "--thr",
        "(32,4):(4,1)",
        "--val",
        "(1,8)",
    ]);
    assert!(svg.starts_with("<svg") && svg.contains(">S (32×32)<") && svg.contains(">T127V7<"));
    let svg = stdout(&[
        "svg",
        "--mma",
        SM80,
        "--atom-layout",
        "(2,2,1)",
        "--permutation",
        "<128,128,32>",
    ]);
    // 128×128 + 2 × 128×32 cells: compact cells with thread numbers only.
    assert!(svg.contains("font-size=\"9\"") && svg.contains(">T127<") && !svg.contains(">T0V0<"));
    let out = cute(&["latex", "--mma", SM80], "");
    assert_eq!(out.status.code(), Some(1));
    let out = cute(&["svg", "--copy", U128, "--value-type", "half_t"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--thr"));
}
