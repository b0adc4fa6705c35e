//! Generator of `cute-static/src/atom/generated.rs`: the static MMA and copy
//! atoms, their layouts taken from cute-dynamic's atom tables (`mma_atom`,
//! `copy_atom`) by CUTLASS name, never transcribed by hand.
//!
//! Run `cargo run -p cute-tools --example gen_atoms > cute-static/src/atom/generated.rs`
//! and commit the result (cute-tools' `tests/generated_up_to_date.rs` checks it).
//!
//! The selection (a few dozen types, to keep the crate's compile cost
//! small): UniversalFMA over the common types; every SM70 8x8x4 variant;
//! SM75 16x8x8 and 8x8x16; the SM80 F16, BF16, TF32, F64 and S8/U8 atoms;
//! the four SM89 FP8 atoms; the SM90 F64 atoms; SM90 GMMA 64x{8,64,128,256}x16
//! F32F16F16 and F32BF16BF16, SS, K-major, 64x64x16 F32F16F16 SS with the
//! other three pairs of majors and RS, 64x64x16 F16F16F16 SS K/K and MN/MN
//! (CuTe's `wgmma_sm90.cu`), 64x64x8 F32TF32TF32 SS and RS (every
//! atom's `FrgTypeA/B` says where it reads A and B from);
//! UniversalCopy over 8…128 bits,
//! DefaultCopy, every LDSM/STSM and the cp.async atoms. The remaining
//! run-time atoms (GMMA N/majors/RS, SM100, SM120, sub-byte integers,
//! complex) follow the same pattern by adding their names here.

use std::fmt::Write;

const MMA: &[&str] = &[
    "UniversalFMA<float,float,float,float>",
    "UniversalFMA<double,double,double,double>",
    "UniversalFMA<half_t,half_t,half_t,half_t>",
    "UniversalFMA<int32_t,int32_t,int32_t,int32_t>",
    "SM70_8x8x4_F16F16F16F16_TN",
    "SM70_8x8x4_F16F16F16F16_NT",
    "SM70_8x8x4_F16F16F16F16_NN",
    "SM70_8x8x4_F16F16F16F16_TT",
    "SM70_8x8x4_F32F16F16F32_TN",
    "SM70_8x8x4_F32F16F16F32_NT",
    "SM70_8x8x4_F32F16F16F32_NN",
    "SM70_8x8x4_F32F16F16F32_TT",
    "SM75_16x8x8_F32F16F16F32_TN",
    "SM75_8x8x16_S32S8S8S32_TN",
    "SM80_16x8x8_F16F16F16F16_TN",
    "SM80_16x8x16_F16F16F16F16_TN",
    "SM80_16x8x8_F32F16F16F32_TN",
    "SM80_16x8x16_F32F16F16F32_TN",
    "SM80_16x8x8_F32BF16BF16F32_TN",
    "SM80_16x8x16_F32BF16BF16F32_TN",
    "SM80_16x8x4_F32TF32TF32F32_TN",
    "SM80_16x8x8_F32TF32TF32F32_TN",
    "SM80_8x8x4_F64F64F64F64_TN",
    "SM80_8x8x16_S32S8S8S32_TN",
    "SM80_16x8x16_S32S8S8S32_TN",
    "SM80_16x8x32_S32S8S8S32_TN",
    "SM80_16x8x32_S32U8U8S32_TN",
    "SM89_16x8x32_F32E4M3E4M3F32_TN",
    "SM89_16x8x32_F32E4M3E5M2F32_TN",
    "SM89_16x8x32_F32E5M2E5M2F32_TN",
    "SM89_16x8x32_F32E5M2E4M3F32_TN",
    "SM90_16x8x4_F64F64F64F64_TN",
    "SM90_16x8x8_F64F64F64F64_TN",
    "SM90_16x8x16_F64F64F64F64_TN",
    "SM90_64x8x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x256x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x8x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x256x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>",
    "SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>",
    "SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN,GMMA::Major::K>",
    "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>",
    "SM90_64x64x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x64x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::MN>",
    "SM90_64x64x8_F32TF32TF32_SS_TN",
    "SM90_64x64x8_F32TF32TF32_RS_TN",
];

const COPY: &[&str] = &[
    "UniversalCopy<uint8_t>",
    "UniversalCopy<uint16_t>",
    "UniversalCopy<uint32_t>",
    "UniversalCopy<uint64_t>",
    "UniversalCopy<uint128_t>",
    "DefaultCopy",
    "SM75_U32x1_LDSM_N",
    "SM75_U32x2_LDSM_N",
    "SM75_U32x4_LDSM_N",
    "SM75_U16x2_LDSM_T",
    "SM75_U16x4_LDSM_T",
    "SM75_U16x8_LDSM_T",
    "SM90_U32x1_STSM_N",
    "SM90_U32x2_STSM_N",
    "SM90_U32x4_STSM_N",
    "SM90_U16x2_STSM_T",
    "SM90_U16x4_STSM_T",
    "SM90_U16x8_STSM_T",
    "SM80_CP_ASYNC_CACHEALWAYS<uint32_t>",
    "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>",
    "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
    "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>",
    "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint32_t>",
    "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint64_t>",
    "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>",
    "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>",
];

/// The Rust spelling of a CUTLASS value type or template argument.
fn rust_type(cutlass: &str) -> &'static str {
    match cutlass {
        "float" => "f32",
        "double" => "f64",
        "half_t" => "Half",
        "bfloat16_t" => "BFloat16",
        "tfloat32_t" => "TFloat32",
        "float_e4m3_t" => "Float8E4M3",
        "float_e5m2_t" => "Float8E5M2",
        "int8_t" => "i8",
        "uint8_t" => "u8",
        "int32_t" => "i32",
        "uint16_t" => "u16",
        "uint32_t" => "u32",
        "uint64_t" => "u64",
        "uint128_t" => "u128",
        "GMMA::Major::K" => "MajorK",
        "GMMA::Major::MN" => "MajorMN",
        other => panic!("no Rust spelling for {other}"),
    }
}

/// `(base, [template arguments])`.
fn split(name: &str) -> (&str, Vec<&str>) {
    match name.split_once('<') {
        None => (name, vec![]),
        Some((base, rest)) => (base, rest.trim_end_matches('>').split(',').collect()),
    }
}

/// The Rust type of an atom named `name`; defines the generic GMMA struct
/// on its first use (the other generic bases are defined in `atom/mod.rs`).
fn type_name(out: &mut String, defined: &mut Vec<String>, name: &str, doc: &str) -> String {
    let (base, args) = split(name);
    if args.is_empty() {
        writeln!(out, "/// CUTLASS's `{name}`{doc}.").unwrap();
        writeln!(out, "#[allow(non_camel_case_types)]").unwrap();
        writeln!(
            out,
            "#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]"
        )
        .unwrap();
        writeln!(out, "pub struct {base};").unwrap();
        return base.to_string();
    }
    if base.starts_with("SM90_64x") && !defined.iter().any(|d| d == base) {
        defined.push(base.to_string());
        writeln!(out, "generic_atom! {{").unwrap();
        writeln!(
            out,
            "    /// CUTLASS's `{base}<A, B>` (GMMA; `A`, `B`: the operands' majors){doc}."
        )
        .unwrap();
        writeln!(out, "    {base}<MajorA = MajorK, MajorB = MajorK>").unwrap();
        writeln!(out, "}}").unwrap();
    }
    let rust: Vec<&str> = args.iter().map(|a| rust_type(a)).collect();
    format!("{base}<{}>", rust.join(", "))
}

/// A run-time layout as the static type: every integer `n` as `C<n>`.
fn static_type(l: &cute_dynamic::Layout) -> String {
    let tuple = |t: String| {
        let mut s = String::new();
        let mut digits = String::new();
        for ch in t.chars() {
            if ch.is_ascii_digit() {
                digits.push(ch);
                continue;
            }
            if !digits.is_empty() {
                let n: u64 = digits.parse().unwrap();
                assert!(
                    n <= 1024 || n.is_power_of_two(),
                    "{n} is not a readable static integer"
                );
                write!(s, "C<{digits}>").unwrap();
                digits.clear();
            }
            s.push(ch);
            if ch == ',' {
                s.push(' ');
            }
        }
        if !digits.is_empty() {
            write!(s, "C<{digits}>").unwrap();
        }
        s
    };
    format!(
        "Layout<{}, {}>",
        tuple(l.shape().to_string()),
        tuple(l.stride().to_string())
    )
}

/// The generated file.
pub fn generate() -> String {
    let mut out = String::new();
    out.push_str(
        "// Generated by `cargo run -p cute-tools --example gen_atoms > cute-static/src/atom/generated.rs`:\n\
         // the static atoms, their layouts from cute-dynamic's atom tables. Do not edit.\n\n\
         //! The generated atom types (see cute-tools' `examples/gen_atoms.rs`).\n\n\
         use super::*;\n\
         use crate::data::int_tuple::C;\n\
         use crate::data::layout::Layout;\n",
    );
    let mut defined = Vec::new();
    let mut mma_types = Vec::new();
    let mut copy_types = Vec::new();
    for &name in MMA {
        let atom = cute_dynamic::mma_atom(name).unwrap();
        assert_eq!(atom.name(), name);
        let [m, n, k] = atom.shape_mnk();
        out.push('\n');
        let ty = type_name(
            &mut out,
            &mut defined,
            name,
            &format!(": an MMA atom of {m}×{n}×{k}"),
        );
        mma_types.push(ty.clone());
        let t = atom.value_types();
        writeln!(out, "impl MmaAtom for {ty} {{").unwrap();
        writeln!(out, "    const NAME: &'static str = {name:?};").unwrap();
        writeln!(out, "    type ShapeMNK = (C<{m}>, C<{n}>, C<{k}>);").unwrap();
        writeln!(out, "    type ThrID = {};", static_type(atom.thr_id())).unwrap();
        for (slot, l) in [
            ("ALayout", atom.a_layout()),
            ("BLayout", atom.b_layout()),
            ("CLayout", atom.c_layout()),
        ] {
            writeln!(out, "    type {slot} = {};", static_type(l)).unwrap();
        }
        for (slot, v) in [("D", t.d), ("A", t.a), ("B", t.b), ("C", t.c)] {
            writeln!(out, "    type ValType{slot} = {};", rust_type(v.name())).unwrap();
        }
        // Where A and B are read from: registers, or (SM90 GMMA) shared
        // memory through a descriptor of the operand's major.
        let mma = cute_dynamic::make_tiled_mma(&atom, None, None).unwrap();
        for (slot, op) in [
            ("A", cute_dynamic::MmaOperand::OperandA),
            ("B", cute_dynamic::MmaOperand::OperandB),
        ] {
            let source = match mma.descriptor_major(op) {
                Some(cute_dynamic::GmmaMajor::K) => "SmemDesc<MajorK>",
                Some(cute_dynamic::GmmaMajor::MN) => "SmemDesc<MajorMN>",
                None => "Registers",
            };
            writeln!(out, "    type FrgType{slot} = {source};").unwrap();
        }
        writeln!(out, "}}").unwrap();
    }
    for &name in COPY {
        let atom = cute_dynamic::copy_atom(name).unwrap();
        assert_eq!(atom.name(), name);
        out.push('\n');
        let ty = type_name(&mut out, &mut defined, name, ": a copy atom");
        copy_types.push(ty.clone());
        writeln!(out, "impl CopyAtom for {ty} {{").unwrap();
        writeln!(out, "    const NAME: &'static str = {name:?};").unwrap();
        writeln!(out, "    type ThrID = {};", static_type(atom.thr_id())).unwrap();
        for (slot, l) in [
            ("SrcLayout", atom.src_layout_bits()),
            ("DstLayout", atom.dst_layout_bits()),
            ("RefLayout", atom.ref_layout_bits()),
        ] {
            writeln!(out, "    type {slot} = {};", static_type(l)).unwrap();
        }
        writeln!(out, "}}").unwrap();
    }
    for (mac, what, types) in [
        ("__for_each_mma_atom", "MMA", &mma_types),
        ("__for_each_copy_atom", "copy", &copy_types),
    ] {
        writeln!(out).unwrap();
        writeln!(
            out,
            "/// `$m!(Atom)` for every generated {what} atom type (for the tests)."
        )
        .unwrap();
        writeln!(
            out,
            "#[doc(hidden)]\n#[macro_export]\nmacro_rules! {mac} {{"
        )
        .unwrap();
        writeln!(out, "    ($m:ident) => {{").unwrap();
        for t in types {
            writeln!(out, "        $m!({});", qualified(t)).unwrap();
        }
        writeln!(out, "    }};\n}}").unwrap();
    }
    out
}

/// A generated type with every non-primitive name qualified by `$crate::atom::`.
fn qualified(t: &str) -> String {
    // Identifiers that start with a capital letter are this crate's types.
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if !word.is_empty() {
            if word.starts_with(|c: char| c.is_ascii_uppercase()) {
                out.push_str("$crate::atom::");
            }
            out.push_str(word);
            word.clear();
        }
    };
    for ch in t.chars() {
        if ch.is_ascii_alphanumeric() || ch == '_' {
            word.push(ch);
        } else {
            flush(&mut word, &mut out);
            out.push(ch);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The MMA atoms' names, for the tests.
pub fn mma_names() -> &'static [&'static str] {
    MMA
}

/// The copy atoms' names, for the tests.
pub fn copy_names() -> &'static [&'static str] {
    COPY
}

#[allow(dead_code)]
fn main() {
    print!("{}", generate());
}
