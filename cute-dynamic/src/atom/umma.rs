//! The SM100 UMMA (`tcgen05.mma`) atoms, generated from their family
//! description (CUTLASS's `mma_traits_sm100.hpp`).
//!
//! `SM100_MMA_<kind>_<SS|TS>` (one CTA) and `SM100_MMA_<kind>_2x1SM_<SS|TS>`
//! (a pair of peer CTAs, `cta_group::2`) take the template arguments
//! `<a_type, b_type, c_type, M, N, a_major, b_major[, …]>`; the trailing
//! arguments (`UMMA::ScaleIn` negations, `UMMA::Saturate`) change flags,
//! not layouts, and are kept in the name as given.
//!
//! | kind | K | `a_type`, `b_type` | `c_type` |
//! |---|---|---|---|
//! | `TF32` | 8 | `tfloat32_t` | `float` |
//! | `F16BF16` | 16 | `half_t` or `bfloat16_t` (both the same) | `float`; `half_t` for `half_t` operands |
//! | `S8` | 32 | `int8_t`, `uint8_t` | `int32_t` |
//! | `F8F6F4` (`SS` only) | 32 | e4m3, e5m2, e3m2, e2m3, e2m1 | `float`, `half_t` |
//!
//! Shapes (CUTLASS's static assertions, current version): one CTA,
//! `M ∈ {64, 128}` with `N` a multiple of 8 in 8…256 (`F8F6F4` with an
//! MN-major B: a multiple of 16 in 16…256); two CTAs, `M ∈ {128, 256}`
//! with `N` a multiple of 16 in 16…256. (Older CUTLASS versions asked
//! for a multiple of 16 at `M = 128` with one CTA.) `TS` atoms read A
//! from tensor memory, which is K-major.
//!
//! The layouts: the operands are described by shared-memory (or tensor
//! memory) descriptors, not by threads. One CTA: `ThrID = 1:0`, `A =
//! (1,(M,K)):(0,(1,M))`, `B = (1,(N,K)):(0,(1,N))`, `C =
//! (1,(M,N)):(0,(1,M))`. Two CTAs: `ThrID = 2:1`, peer CTA `c` holds rows
//! `c·M/2 …` of A and C and columns `c·N/2 …` of B: `A =
//! (2,(M/2,K)):(M/2,(1,M))`, `B = (2,(N/2,K)):(N/2,(1,N))`, `C =
//! (2,(M/2,N)):(M/2,(1,M))`.
//!
//! Left out: the block-scaled (`MXF8F6F4`, `MXF4`, `MXF4NVF4`), sparse,
//! interleaved-complex and scaled-accumulator (`_SCALED`) variants.

use super::mma::{MmaAtom, MmaValueTypes};
use super::names;
use super::value_type::ValueType::{self, *};
use crate::data::layout::Layout;
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

/// The UMMA kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Tf32,
    F16Bf16,
    S8,
    F8F6F4,
}

impl Kind {
    fn code(self) -> &'static str {
        match self {
            Kind::Tf32 => "TF32",
            Kind::F16Bf16 => "F16BF16",
            Kind::S8 => "S8",
            Kind::F8F6F4 => "F8F6F4",
        }
    }

    fn k(self) -> i64 {
        match self {
            Kind::Tf32 => 8,
            Kind::F16Bf16 => 16,
            Kind::S8 | Kind::F8F6F4 => 32,
        }
    }

    /// The admitted `(a_type, b_type, c_type)`.
    fn types(self) -> Vec<(ValueType, ValueType, ValueType)> {
        match self {
            Kind::Tf32 => vec![(TFloat32, TFloat32, Float)],
            Kind::F16Bf16 => vec![
                (Half, Half, Half),
                (Half, Half, Float),
                (BFloat16, BFloat16, Float),
            ],
            Kind::S8 => [Int8, UInt8]
                .iter()
                .flat_map(|&a| [Int8, UInt8].map(|b| (a, b, Int32)))
                .collect(),
            Kind::F8F6F4 => {
                let ops = [Float8E4M3, Float8E5M2, Float6E3M2, Float6E2M3, Float4E2M1];
                let mut v = Vec::new();
                for a in ops {
                    for b in ops {
                        for c in [Float, Half] {
                            v.push((a, b, c));
                        }
                    }
                }
                v
            }
        }
    }
}

/// The ops: (name, kind, two CTAs, A from tensor memory).
const OPS: [(&str, Kind, bool, bool); 14] = [
    ("SM100_MMA_TF32_SS", Kind::Tf32, false, false),
    ("SM100_MMA_TF32_TS", Kind::Tf32, false, true),
    ("SM100_MMA_TF32_2x1SM_SS", Kind::Tf32, true, false),
    ("SM100_MMA_TF32_2x1SM_TS", Kind::Tf32, true, true),
    ("SM100_MMA_F16BF16_SS", Kind::F16Bf16, false, false),
    ("SM100_MMA_F16BF16_TS", Kind::F16Bf16, false, true),
    ("SM100_MMA_F16BF16_2x1SM_SS", Kind::F16Bf16, true, false),
    ("SM100_MMA_F16BF16_2x1SM_TS", Kind::F16Bf16, true, true),
    ("SM100_MMA_S8_SS", Kind::S8, false, false),
    ("SM100_MMA_S8_TS", Kind::S8, false, true),
    ("SM100_MMA_S8_2x1SM_SS", Kind::S8, true, false),
    ("SM100_MMA_S8_2x1SM_TS", Kind::S8, true, true),
    ("SM100_MMA_F8F6F4_SS", Kind::F8F6F4, false, false),
    ("SM100_MMA_F8F6F4_2x1SM_SS", Kind::F8F6F4, true, false),
];

fn invalid(name: &str, argument: &'static str, reason: String) -> LayoutError {
    names::invalid("mma_atom", name, argument, reason)
}

/// Whether a normalised name is a UMMA op's.
pub(super) fn is_umma(key: &str) -> bool {
    key.starts_with("SM100_MMA_")
}

/// Whether `(M, N)` is a shape of the op (`k_major_b`: B is K-major).
fn admits(kind: Kind, two_cta: bool, m: i64, n: i64, k_major_b: bool) -> bool {
    let step = |s: i64| n % s == 0 && (s..=256).contains(&n);
    if two_cta {
        matches!(m, 128 | 256) && step(16)
    } else {
        let n_step = if kind == Kind::F8F6F4 && !k_major_b {
            16
        } else {
            8
        };
        matches!(m, 64 | 128) && step(n_step)
    }
}

fn major(key: &str, argument: &'static str, text: &str) -> Result<bool, LayoutError> {
    match text {
        "UMMA::Major::K" => Ok(true),
        "UMMA::Major::MN" => Ok(false),
        _ => Err(invalid(
            key,
            argument,
            format!("{text} is not UMMA::Major::K or UMMA::Major::MN"),
        )),
    }
}

/// Builds the UMMA atom named `key` (normalised).
pub(super) fn lookup(key: &str) -> Result<MmaAtom, LayoutError> {
    let (base, args) = names::split_key("mma_atom", key)?;
    let &(op, kind, two_cta, tmem_a) = OPS.iter().find(|o| o.0 == base).ok_or_else(|| {
        invalid(
            key,
            "name",
            "no MMA atom of that name (see mma_atom_names; the block-scaled, sparse and scaled SM100 atoms are not described)".to_string(),
        )
    })?;
    if args.len() < 7 || args.len() > 10 {
        return Err(invalid(
            key,
            "template arguments",
            format!(
                "{op} takes <a_type, b_type, c_type, M, N, a_major, b_major[, …]>, {} arguments given",
                args.len()
            ),
        ));
    }
    let ty =
        |argument: &'static str, text: &str| names::value_type_arg("mma_atom", key, argument, text);
    let (a, b, c) = (
        ty("a_type", args[0])?,
        ty("b_type", args[1])?,
        ty("c_type", args[2])?,
    );
    if !kind.types().contains(&(a, b, c)) {
        return Err(invalid(
            key,
            "types",
            format!(
                "{op} does not multiply ({a}, {b}) into {c} (PTX ISA tcgen05.mma .kind::{})",
                kind.code().to_lowercase()
            ),
        ));
    }
    let int = |argument: &'static str, text: &str| {
        text.parse::<i64>()
            .map_err(|_| invalid(key, argument, format!("{text} is not an integer")))
    };
    let (m, n) = (int("M", args[3])?, int("N", args[4])?);
    let (a_k, b_k) = (
        major(key, "a_major", args[5])?,
        major(key, "b_major", args[6])?,
    );
    if !admits(kind, two_cta, m, n, b_k) {
        return Err(invalid(
            key,
            "N",
            format!(
                "{op} has no {m}×{n} shape: {} (CUTLASS's static assertions, PTX ISA tcgen05.mma shapes)",
                if two_cta {
                    "M is 128 or 256 and N a multiple of 16 in 16…256"
                } else {
                    "M is 64 or 128 and N a multiple of 8 in 8…256 (of 16 for F8F6F4 with an MN-major B)"
                }
            ),
        ));
    }
    if tmem_a && !a_k {
        return Err(invalid(
            key,
            "a_major",
            "a TS atom reads A from tensor memory, which is K-major (UMMA::Major::K)".to_string(),
        ));
    }
    for (i, extra) in args[7..].iter().enumerate() {
        let ok = matches!(
            *extra,
            "UMMA::ScaleIn::One"
                | "UMMA::ScaleIn::Neg"
                | "UMMA::Saturate::False"
                | "UMMA::Saturate::True"
        );
        if !ok {
            return Err(invalid(
                key,
                "template arguments",
                format!(
                    "argument {} ({extra}) is not a UMMA::ScaleIn or UMMA::Saturate value",
                    i + 8
                ),
            ));
        }
    }
    let k = kind.k();
    let (thr, al, bl, cl) = if two_cta {
        let (hm, hn) = (m / 2, n / 2);
        (
            "2:1".to_string(),
            format!("(2,({hm},{k})):({hm},(1,{m}))"),
            format!("(2,({hn},{k})):({hn},(1,{n}))"),
            format!("(2,({hm},{n})):({hm},(1,{m}))"),
        )
    } else {
        (
            "1:0".to_string(),
            format!("(1,({m},{k})):(0,(1,{m}))"),
            format!("(1,({n},{k})):(0,(1,{n}))"),
            format!("(1,({m},{n})):(0,(1,{m}))"),
        )
    };
    let name = format!("{op}<{}>", args.join(","));
    MmaAtom::new(
        name,
        [m, n, k],
        Layout::parse(&thr)?,
        [
            Layout::parse(&al)?,
            Layout::parse(&bl)?,
            Layout::parse(&cl)?,
        ],
        MmaValueTypes { d: c, a, b, c },
    )
}

/// One name per op and operand types: the largest shape (`M = 128`, or
/// 256 for two CTAs; `N = 256`) with K-major operands. Every admitted `M`,
/// `N` and major is accepted by name.
pub(super) fn names() -> Vec<String> {
    let mut v = Vec::new();
    for (op, kind, two_cta, _) in OPS {
        let m = if two_cta { 256 } else { 128 };
        for (a, b, c) in kind.types() {
            v.push(format!(
                "{op}<{a},{b},{c},{m},256,UMMA::Major::K,UMMA::Major::K>"
            ));
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutlass_layouts() {
        let a = lookup(
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>",
        )
        .unwrap();
        assert_eq!(a.shape_mnk(), [128, 256, 16]);
        assert_eq!(a.thr_id().to_string(), "1:0");
        assert_eq!(a.a_layout().to_string(), "(1,(128,16)):(0,(1,128))");
        assert_eq!(a.c_layout().to_string(), "(1,(128,256)):(0,(1,128))");
        let a = lookup(
            "SM100_MMA_S8_2x1SM_SS<int8_t,uint8_t,int32_t,256,64,UMMA::Major::MN,UMMA::Major::K,UMMA::Saturate::True>",
        )
        .unwrap();
        assert_eq!(a.thr_id().to_string(), "2:1");
        assert_eq!(a.a_layout().to_string(), "(2,(128,32)):(128,(1,256))");
        assert_eq!(a.b_layout().to_string(), "(2,(32,32)):(32,(1,64))");
        assert_eq!(a.c_layout().to_string(), "(2,(128,64)):(128,(1,256))");
        assert!(a.name().ends_with(",UMMA::Saturate::True>"));
    }

    #[test]
    fn bad_names_are_named_errors() {
        for (bad, argument) in [
            (
                "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,20,UMMA::Major::K,UMMA::Major::K>",
                "N",
            ),
            (
                "SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e2m1_t,float,128,24,UMMA::Major::K,UMMA::Major::MN>",
                "N",
            ),
            (
                "SM100_MMA_F16BF16_SS<half_t,half_t,float,96,64,UMMA::Major::K,UMMA::Major::K>",
                "N",
            ),
            (
                "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,64,64,UMMA::Major::K,UMMA::Major::K>",
                "N",
            ),
            (
                "SM100_MMA_F16BF16_SS<bfloat16_t,bfloat16_t,half_t,128,64,UMMA::Major::K,UMMA::Major::K>",
                "types",
            ),
            (
                "SM100_MMA_TF32_TS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::MN,UMMA::Major::K>",
                "a_major",
            ),
            (
                "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::K>",
                "template arguments",
            ),
            (
                "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::K,UMMA::Major::K,x>",
                "template arguments",
            ),
            (
                "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,M,64,UMMA::Major::K,UMMA::Major::K>",
                "M",
            ),
            ("SM100_MMA_MXF4_SS<float_e2m1_t>", "name"),
        ] {
            match lookup(bad) {
                Err(LayoutError::InvalidArgument { argument: a, .. }) => {
                    assert_eq!(a, argument, "{bad}")
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
        // N = 24 at M = 128 (a K-major B for F8F6F4).
        assert!(lookup(
            "SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e2m1_t,float,128,24,UMMA::Major::K,UMMA::Major::K>"
        )
        .is_ok());
    }
}
