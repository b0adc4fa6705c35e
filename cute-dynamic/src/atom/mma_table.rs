//! The MMA atoms with fixed names (CUTLASS's `mma_traits.hpp` and
//! `mma_traits_sm61/70/75/80/89/90/120.hpp`), and the name-parsed ones
//! whose layouts do not depend on the template arguments (`UniversalFMA`,
//! SM120's `f8f6f4` atoms). The SM90 GMMA families are generated in
//! [`super::gmma`].
//!
//! Every layout below is checked against the PTX ISA's fragment
//! description by `atom::isa`'s tests, not only transcribed: two of
//! CUTLASS's own layouts fail that check and are given here as the ISA
//! describes them (see [`SM80_16X8X32_S4_B`] and [`SM80_16X8X128_B1_A`]).

use super::mma::{MmaAtom, MmaValueTypes};
use super::names;
use super::value_type::ValueType::{self, *};
use crate::data::layout::Layout;
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

// CUTLASS's named thread-value layouts (`mma_traits_sm70.hpp`,
// `mma_traits_sm80.hpp`), `(T, V) -> column-major tile index`.

/// `SM70_QuadPair`: logical thread → lane of quad pair 0 (lanes 0–3, 16–19).
const SM70_QUAD_PAIR: &str = "(4,2):(1,16)";
/// `SM70_8x4_Row`: `(T8,V4) -> (M8,K4)`, K-major operand.
const SM70_8X4_ROW: &str = "(8,4):(1,8)";
/// `SM70_8x4_Col`: `(T8,V4) -> (M8,K4)`, M-major operand.
const SM70_8X4_COL: &str = "((4,2),4):((8,4),1)";
/// `SM70_8x8_16b`: `(T8,V8) -> (M8,N8)`, f16 accumulators.
const SM70_8X8_16B: &str = "(8,8):(1,8)";
/// `SM70_8x8_32b`: `(T8,V8) -> (M8,N8)`, f32 accumulators.
const SM70_8X8_32B: &str = "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))";
/// `SM80_8x4`: `(T32,V1) -> (M8,K4)`.
const SM80_8X4: &str = "((4,8),1):((8,1),0)";
/// `SM80_8x8_Row`: `(T32,V2) -> (M8,N8)`.
const SM80_8X8_ROW: &str = "((4,8),2):((16,1),8)";
/// `SM80_8x16_Row`: `(T32,V4) -> (M8,K16)`.
const SM80_8X16_ROW: &str = "((4,8),4):((32,1),8)";
/// `SM80_16x8_Row`: `(T32,V4) -> (M16,N8)`.
const SM80_16X8_ROW: &str = "((4,8),(2,2)):((32,1),(16,8))";
/// `SM80_8x32_Row` (4-bit operands): `(T32,V8) -> (M8,K32)`, with
/// CuTe's rank-1 value mode `(8)`.
const SM80_8X32_ROW: &str = "((4,8),(8)):((64,1),(8))";
/// `SM80_8x128_Row` (1-bit operands): `(T32,V32) -> (M8,K128)`.
const SM80_8X128_ROW: &str = "((4,8),32):((256,1),8)";
/// The 8-bit `m16n8k32` A operand (`SM80_16x8x32_S32S8S8S32_TN`).
const SM80_16X8X32_S8_A: &str = "((4,8),(4,2,2)):((64,1),(16,8,256))";
/// The 8-bit `m16n8k32` B operand.
const SM80_16X8X32_S8_B: &str = "((4,8),(4,2)):((32,1),(8,128))";
/// The 4-bit `m16n8k64` A operand (`SM80_16x8x64_S32S4S4S32_TN`).
const SM80_16X8X64_S4_A: &str = "((4,8),(8,2,2)):((128,1),(16,8,512))";
/// The 4-bit `m16n8k64` B operand.
const SM80_16X8X64_S4_B: &str = "((4,8),(8,2)):((64,1),(8,256))";
/// The 4-bit `m16n8k32` B operand as the PTX ISA describes it (thread
/// `t` holds `k = 8·(t%4) + i` of column `n = t/4`). CUTLASS's
/// `SM80_16x8x32_S32S4S4S32_TN` gives `((4,8),(8)):((32,1),(8))`, which is
/// not injective (thread 1 value 0 and thread 0 value 4 both reach
/// `(n,k) = (0,4)`) and never reaches `k ≥ 20`. CuTe's structure (the
/// rank-1 value mode) is kept.
pub(super) const SM80_16X8X32_S4_B: &str = "((4,8),(8)):((64,1),(8))";
/// The 1-bit `m16n8k128` A operand as the PTX ISA describes it. CUTLASS's
/// `SM80_16x8x128_S32U1U1S32_TN_XORPOPC` writes its stride as
/// `((512,1),((16,8)))`, which is not congruent with the shape
/// `((4,8),(32,2))`; the strides meant are `((512,1),(16,8))`.
pub(super) const SM80_16X8X128_B1_A: &str = "((4,8),(32,2)):((512,1),(16,8))";

/// One fixed-name atom: CUTLASS's name, `Shape_MNK`, `ThrID`, the three
/// operand layouts and the value types `(D, A, B, C)`.
struct Spec {
    name: String,
    mnk: [i64; 3],
    thr: &'static str,
    abc: [&'static str; 3],
    types: MmaValueTypes,
}

fn types(d: ValueType, a: ValueType, b: ValueType, c: ValueType) -> MmaValueTypes {
    MmaValueTypes { d, a, b, c }
}

fn warp(name: String, mnk: [i64; 3], abc: [&'static str; 3], [d, a, b, c]: [ValueType; 4]) -> Spec {
    Spec {
        name,
        mnk,
        thr: "32:1",
        abc,
        types: types(d, a, b, c),
    }
}

/// CUTLASS's abbreviation of an integer operand type in atom names.
fn int_code(t: ValueType) -> &'static str {
    match t {
        Int8 => "S8",
        UInt8 => "U8",
        Int4 => "S4",
        UInt4 => "U4",
        _ => "?",
    }
}

/// Every fixed-name atom, in CUTLASS's order (SM61, SM70, SM75, SM80,
/// SM89, SM90 F64).
fn specs() -> Vec<Spec> {
    let mut v = Vec::new();
    // SM61: one thread, a dot product (`mma_traits_sm61.hpp`).
    for (name, k, ab, t) in [
        ("SM61_DP4A", 4, "(1,4):(0,1)", Int8),
        ("SM61_DP2A", 2, "(1,2):(0,1)", Int16),
    ] {
        v.push(Spec {
            name: name.into(),
            mnk: [1, 1, k],
            thr: "1:0",
            abc: [ab, ab, "(1,1):(0,0)"],
            types: types(Int32, t, t, Int32),
        });
    }
    // SM70: quad-pair 8x8x4 (`mma_traits_sm70.hpp`): T = K-major, N = M/N-major.
    for (acc, c, t) in [
        ("F16F16F16F16", SM70_8X8_16B, Half),
        ("F32F16F16F32", SM70_8X8_32B, Float),
    ] {
        for (layouts, a, b) in [
            ("TN", SM70_8X4_ROW, SM70_8X4_ROW),
            ("NT", SM70_8X4_COL, SM70_8X4_COL),
            ("NN", SM70_8X4_COL, SM70_8X4_ROW),
            ("TT", SM70_8X4_ROW, SM70_8X4_COL),
        ] {
            v.push(Spec {
                name: format!("SM70_8x8x4_{acc}_{layouts}"),
                mnk: [8, 8, 4],
                thr: SM70_QUAD_PAIR,
                abc: [a, b, c],
                types: types(t, Half, Half, t),
            });
        }
    }
    // SM75 (`mma_traits_sm75.hpp`).
    v.push(warp(
        "SM75_16x8x8_F32F16F16F32_TN".into(),
        [16, 8, 8],
        [SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW],
        [Float, Half, Half, Float],
    ));
    v.push(warp(
        "SM75_8x8x16_S32S8S8S32_TN".into(),
        [8, 8, 16],
        [SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW],
        [Int32, Int8, Int8, Int32],
    ));
    // SM80 floating point (`mma_traits_sm80.hpp`).
    const F16_16X8X8: [&str; 3] = [SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW];
    const F16_16X8X16: [&str; 3] = [
        "((4,8),(2,2,2)):((32,1),(16,8,128))",
        "((4,8),(2,2)):((16,1),(8,64))",
        SM80_16X8_ROW,
    ];
    for (types_name, t) in [
        ("F16F16F16F16", [Half; 4]),
        ("F32F16F16F32", [Float, Half, Half, Float]),
        ("F32BF16BF16F32", [Float, BFloat16, BFloat16, Float]),
    ] {
        for (k, abc) in [(8, F16_16X8X8), (16, F16_16X8X16)] {
            v.push(warp(
                format!("SM80_16x8x{k}_{types_name}_TN"),
                [16, 8, k],
                abc,
                t,
            ));
        }
    }
    let tf32 = [Float, TFloat32, TFloat32, Float];
    v.push(warp(
        "SM80_16x8x4_F32TF32TF32F32_TN".into(),
        [16, 8, 4],
        ["((4,8),2):((16,1),8)", SM80_8X4, SM80_16X8_ROW],
        tf32,
    ));
    v.push(warp(
        "SM80_16x8x8_F32TF32TF32F32_TN".into(),
        [16, 8, 8],
        [
            "((4,8),(2,2)):((16,1),(8,64))",
            "((4,8),2):((8,1),32)",
            SM80_16X8_ROW,
        ],
        tf32,
    ));
    // The Gaussian-complex atom has the complex atom's layouts (CUTLASS's
    // traits derive from them) with `GaussComplex` accumulators.
    for (name, types) in [
        ("SM80_8x8x4_F64F64F64F64_TN", [Double; 4]),
        ("SM80_8x8x4_C64C64C64C64_TN", [ComplexDouble; 4]),
        (
            "SM80_8x8x4_GC64C64C64GC64_TN",
            [GaussComplex, ComplexDouble, ComplexDouble, GaussComplex],
        ),
    ] {
        v.push(warp(
            name.into(),
            [8, 8, 4],
            [SM80_8X4, SM80_8X4, SM80_8X8_ROW],
            types,
        ));
    }
    // SM80 integer: 8-bit, 4-bit (each with _SATURATE), 1-bit.
    let int8_shapes: [([i64; 3], [&str; 3]); 3] = [
        ([8, 8, 16], [SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW]),
        (
            [16, 8, 16],
            [
                "((4,8),(4,2)):((64,1),(16,8))",
                SM80_8X16_ROW,
                SM80_16X8_ROW,
            ],
        ),
        (
            [16, 8, 32],
            [SM80_16X8X32_S8_A, SM80_16X8X32_S8_B, SM80_16X8_ROW],
        ),
    ];
    let int4_shapes: [([i64; 3], [&str; 3]); 3] = [
        ([8, 8, 32], [SM80_8X32_ROW, SM80_8X32_ROW, SM80_8X8_ROW]),
        (
            [16, 8, 32],
            [
                "((4,8),(8,2)):((128,1),(16,8))",
                SM80_16X8X32_S4_B,
                SM80_16X8_ROW,
            ],
        ),
        (
            [16, 8, 64],
            [SM80_16X8X64_S4_A, SM80_16X8X64_S4_B, SM80_16X8_ROW],
        ),
    ];
    for (shapes, signed, unsigned) in [(int8_shapes, Int8, UInt8), (int4_shapes, Int4, UInt4)] {
        for (a, b) in [
            (signed, signed),
            (signed, unsigned),
            (unsigned, signed),
            (unsigned, unsigned),
        ] {
            for (mnk, abc) in shapes {
                for saturate in ["", "_SATURATE"] {
                    let [m, n, k] = mnk;
                    v.push(warp(
                        format!(
                            "SM80_{m}x{n}x{k}_S32{}{}S32_TN{saturate}",
                            int_code(a),
                            int_code(b)
                        ),
                        mnk,
                        abc,
                        [Int32, a, b, Int32],
                    ));
                }
            }
        }
    }
    let int1_shapes: [([i64; 3], [&str; 3]); 3] = [
        ([8, 8, 128], [SM80_8X128_ROW, SM80_8X128_ROW, SM80_8X8_ROW]),
        (
            [16, 8, 128],
            [SM80_16X8X128_B1_A, SM80_8X128_ROW, SM80_16X8_ROW],
        ),
        (
            [16, 8, 256],
            [
                "((4,8),(32,2,2)):((512,1),(16,8,2048))",
                "((4,8),(32,2)):((256,1),(8,1024))",
                SM80_16X8_ROW,
            ],
        ),
    ];
    for (mnk, abc) in int1_shapes {
        for op in ["XORPOPC", "ANDPOPC"] {
            let [m, n, k] = mnk;
            v.push(warp(
                format!("SM80_{m}x{n}x{k}_S32U1U1S32_TN_{op}"),
                mnk,
                abc,
                [Int32, UInt1, UInt1, Int32],
            ));
        }
    }
    // SM89 FP8 (`mma_traits_sm89.hpp`): the 8-bit m16n8k32 layouts, with
    // f32 accumulators, then with f16 ones (`mma.sync…m16n8k32…f16.e4m3…`:
    // C and D in two f16x2 registers, the elements in the order and at
    // the places of the f32 accumulators).
    for (acc, c) in [("F32", Float), ("F16", Half)] {
        for (a, b) in [
            (Float8E4M3, Float8E4M3),
            (Float8E4M3, Float8E5M2),
            (Float8E5M2, Float8E5M2),
            (Float8E5M2, Float8E4M3),
        ] {
            v.push(warp(
                format!("SM89_16x8x32_{acc}{}{}{acc}_TN", fp8_code(a), fp8_code(b)),
                [16, 8, 32],
                [SM80_16X8X32_S8_A, SM80_16X8X32_S8_B, SM80_16X8_ROW],
                [c, a, b, c],
            ));
        }
    }
    // SM90 F64 and complex F64 (`mma_traits_sm90.hpp`).
    const F64_16X8: [([i64; 3], [&str; 3]); 3] = [
        (
            [16, 8, 4],
            ["((4,8),2):((16,1),8)", SM80_8X4, SM80_16X8_ROW],
        ),
        (
            [16, 8, 8],
            [
                "((4,8),(2,2)):((16,1),(8,64))",
                "((4,8),2):((8,1),32)",
                SM80_16X8_ROW,
            ],
        ),
        (
            [16, 8, 16],
            [
                "((4,8),(2,4)):((16,1),(8,64))",
                "((4,8),4):((8,1),32)",
                SM80_16X8_ROW,
            ],
        ),
    ];
    for (code, t) in [("F64F64F64F64", Double), ("C64C64C64C64", ComplexDouble)] {
        for (mnk, abc) in F64_16X8 {
            v.push(warp(
                format!("SM90_16x8x{}_{code}_TN", mnk[2]),
                mnk,
                abc,
                [t; 4],
            ));
        }
    }
    v
}

/// CUTLASS's abbreviation of an FP8 type in atom names.
pub(super) fn fp8_code(t: ValueType) -> &'static str {
    match t {
        Float8E4M3 => "E4M3",
        Float8E5M2 => "E5M2",
        _ => "?",
    }
}

fn build(spec: &Spec) -> Result<MmaAtom, LayoutError> {
    let parse = |text: &str| Layout::parse(text);
    MmaAtom::new(
        spec.name.clone(),
        spec.mnk,
        parse(spec.thr)?,
        [
            parse(spec.abc[0])?,
            parse(spec.abc[1])?,
            parse(spec.abc[2])?,
        ],
        spec.types,
    )
}

fn invalid(name: &str, argument: &'static str, reason: String) -> LayoutError {
    names::invalid("mma_atom", name, argument, reason)
}

fn value_type(name: &str, argument: &'static str, text: &str) -> Result<ValueType, LayoutError> {
    names::value_type_arg("mma_atom", name, argument, text)
}

/// `UniversalFMA<D, A = D, B = A, C = D>` (`cute/arch/mma.hpp`): one
/// thread, one multiply-add; the name is given back with all four
/// arguments.
fn universal_fma(key: &str, args: &[&str]) -> Result<MmaAtom, LayoutError> {
    if args.is_empty() || args.len() > 4 {
        return Err(invalid(
            key,
            "template arguments",
            format!(
                "UniversalFMA takes 1 to 4 value types <D, A = D, B = A, C = D>, {} given",
                args.len()
            ),
        ));
    }
    let d = value_type(key, "D", args[0])?;
    let a = args.get(1).map_or(Ok(d), |t| value_type(key, "A", t))?;
    let b = args.get(2).map_or(Ok(a), |t| value_type(key, "B", t))?;
    let c = args.get(3).map_or(Ok(d), |t| value_type(key, "C", t))?;
    let unit = Layout::parse("(1,1):(0,0)")?;
    MmaAtom::new(
        format!("UniversalFMA<{d},{a},{b},{c}>"),
        [1, 1, 1],
        Layout::parse("1:0")?,
        [unit.clone(), unit.clone(), unit],
        types(d, a, b, c),
    )
}

/// The operand types of SM120's `kind::f8f6f4` MMAs (PTX ISA `mma`,
/// `.kind::f8f6f4`): e4m3, e5m2, e3m2, e2m3, e2m1.
const F8F6F4: [ValueType; 5] = [Float8E4M3, Float8E5M2, Float6E3M2, Float6E2M3, Float4E2M1];

/// The SM120 atoms (`mma_traits_sm120.hpp`):
///
/// * `SM120_16x8x32_TN<a, b, c>`: `mma.sync.m16n8k32.kind::f8f6f4`, the
///   layouts of `SM80_16x8x32_S32S8S8S32_TN` (every operand travels in
///   an 8-bit container: `ValTypeA = ValTypeB = uint8_t`); `a, b` among
///   [`F8F6F4`], `c` is `float` or `half_t`;
/// * `SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<a, b, c, sf, VS>`
///   (`kind::mxf8f6f4`): the same layouts, `c = float`, `sf =
///   float_ue8m0_t`, `VS = 32`;
/// * `SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<a, b, c, sf, VS>`
///   (`kind::mxf4nvf4`): 4-bit operands (`uint4_t` containers), `a = b =
///   float_e2m1_t`, `c = float`, `(sf, VS)` one of `(float_ue8m0_t, 32)`,
///   `(float_ue8m0_t, 16)`, `(float_ue4m3_t, 16)`.
///
/// The scale-factor layouts (`SFALayout`, `SFBLayout`) of the
/// block-scaled atoms are not part of [`MmaAtom`].
fn sm120(key: &str, base: &str, args: &[&str]) -> Result<MmaAtom, LayoutError> {
    let base = base.trim_start_matches("SM120::BLOCKSCALED::");
    let (k, scaled) = match base {
        "SM120_16x8x32_TN" => (32, false),
        "SM120_16x8x32_TN_VS" => (32, true),
        "SM120_16x8x64_TN_VS" => (64, true),
        _ => return Err(unknown(key)),
    };
    let want = if scaled { 5 } else { 3 };
    if args.len() != want {
        return Err(invalid(
            key,
            "template arguments",
            format!(
                "{base} takes {want} template arguments <a_type, b_type, c_type{}>, {} given",
                if scaled { ", sf_type, VS" } else { "" },
                args.len()
            ),
        ));
    }
    let a = value_type(key, "a_type", args[0])?;
    let b = value_type(key, "b_type", args[1])?;
    let c = value_type(key, "c_type", args[2])?;
    let operands: &[ValueType] = if k == 64 { &[Float4E2M1] } else { &F8F6F4 };
    for (argument, t) in [("a_type", a), ("b_type", b)] {
        if !operands.contains(&t) {
            return Err(invalid(
                key,
                argument,
                format!(
                    "{base} multiplies {} operands (PTX ISA mma .kind::{}), not {t}",
                    operands
                        .iter()
                        .map(|t| t.name())
                        .collect::<Vec<_>>()
                        .join("/"),
                    if k == 64 { "mxf4nvf4" } else { "f8f6f4" },
                ),
            ));
        }
    }
    let accumulators: &[ValueType] = if scaled { &[Float] } else { &[Float, Half] };
    if !accumulators.contains(&c) {
        return Err(invalid(
            key,
            "c_type",
            format!(
                "{base} accumulates in float{}, not {c}",
                if scaled { "" } else { " or half_t" }
            ),
        ));
    }
    let mut name = format!("{base}<{a},{b},{c}");
    if scaled {
        let sf = value_type(key, "sf_type", args[3])?;
        let vs: i64 = args[4]
            .parse()
            .map_err(|_| invalid(key, "VS", format!("{} is not an integer", args[4])))?;
        let allowed: &[(ValueType, i64)] = if k == 64 {
            &[(FloatUE8M0, 32), (FloatUE8M0, 16), (FloatUE4M3, 16)]
        } else {
            &[(FloatUE8M0, 32)]
        };
        if !allowed.contains(&(sf, vs)) {
            return Err(invalid(
                key,
                "sf_type",
                format!(
                    "{base} takes the scale factors (sf_type, VS) {} (PTX ISA mma .block_scale), not ({sf}, {vs})",
                    allowed
                        .iter()
                        .map(|(t, n)| format!("({t}, {n})"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        name = format!("SM120::BLOCKSCALED::{name},{sf},{vs}");
    }
    name.push('>');
    let (container, abc) = if k == 64 {
        (UInt4, [SM80_16X8X64_S4_A, SM80_16X8X64_S4_B, SM80_16X8_ROW])
    } else {
        (UInt8, [SM80_16X8X32_S8_A, SM80_16X8X32_S8_B, SM80_16X8_ROW])
    };
    build(&warp(name, [16, 8, k], abc, [c, container, container, c]))
}

/// The names of SM120's atoms that [`sm120`] accepts.
fn sm120_names() -> Vec<String> {
    let mut v = Vec::new();
    for a in F8F6F4 {
        for b in F8F6F4 {
            for c in [Float, Half] {
                v.push(format!("SM120_16x8x32_TN<{a},{b},{c}>"));
            }
            v.push(format!(
                "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<{a},{b},float,float_ue8m0_t,32>"
            ));
        }
    }
    for (sf, vs) in [
        ("float_ue8m0_t", 32),
        ("float_ue8m0_t", 16),
        ("float_ue4m3_t", 16),
    ] {
        v.push(format!(
            "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,{sf},{vs}>"
        ));
    }
    v
}

/// The value types `UniversalFMA<T>` is listed for in [`names`] (any
/// other combination is accepted by name as well).
const FMA_LISTED: [ValueType; 6] = [Float, Double, Half, Int32, ComplexFloat, ComplexDouble];

fn unknown(name: &str) -> LayoutError {
    names::unknown("mma_atom", name)
}

/// The atom named `key` (already normalised), except the GMMA families.
pub(super) fn lookup(key: &str) -> Result<MmaAtom, LayoutError> {
    let (base, args) = names::split_key("mma_atom", key)?;
    if base == "UniversalFMA" {
        return universal_fma(key, &args);
    }
    if base.starts_with("SM120") {
        return sm120(key, base, &args);
    }
    match specs().iter().find(|s| s.name == key) {
        Some(spec) => build(spec),
        None => Err(unknown(key)),
    }
}

/// Every name [`lookup`] knows, `UniversalFMA` listed for [`FMA_LISTED`].
pub(super) fn names() -> Vec<String> {
    let mut v: Vec<String> = FMA_LISTED
        .iter()
        .map(|t| format!("UniversalFMA<{t},{t},{t},{t}>"))
        .collect();
    v.extend(specs().into_iter().map(|s| s.name));
    v.extend(sm120_names());
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_builds_and_is_named_once() {
        let names = names();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "{n} listed twice");
            let atom = lookup(n).unwrap_or_else(|e| panic!("{n}: {e}"));
            assert_eq!(atom.name(), n);
        }
    }

    #[test]
    fn universal_fma_defaults_follow_cutlass() {
        let a = lookup("UniversalFMA<float>").unwrap();
        assert_eq!(a.name(), "UniversalFMA<float,float,float,float>");
        let a = lookup("UniversalFMA<float,half_t>").unwrap();
        assert_eq!(a.name(), "UniversalFMA<float,half_t,half_t,float>");
        let e = lookup("UniversalFMA<>").unwrap_err();
        assert_eq!(e.kind(), "invalid_argument");
        assert!(
            lookup("UniversalFMA<floaty>")
                .unwrap_err()
                .to_string()
                .contains("floaty")
        );
    }

    #[test]
    fn sm120_arguments_are_checked() {
        assert!(lookup("SM120_16x8x32_TN<float_e2m1_t,float_e4m3_t,half_t>").is_ok());
        for bad in [
            "SM120_16x8x32_TN<int8_t,float_e4m3_t,float>",
            "SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,double>",
            "SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t>",
            "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>",
            "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,x>",
            "SM120_16x8x16_TN<float_e4m3_t,float_e4m3_t,float>",
        ] {
            assert_eq!(lookup(bad).unwrap_err().kind(), "invalid_argument", "{bad}");
        }
    }
}
