//! The copy atoms (CUTLASS's `copy_traits.hpp`, `copy_traits_sm75.hpp`,
//! `copy_traits_sm80.hpp`, `copy_traits_sm90.hpp`; layouts in bits).
//!
//! * `UniversalCopy<S, D = S>`: one thread copies one value,
//!   `(1,bits(S)):(0,1)`;
//! * `DefaultCopy` (CuTe's alias of
//!   `AutoVectorizingCopyWithAssumedAlignment<8>`) and
//!   `AutoVectorizingCopyWithAssumedAlignment<N>`: a placeholder, `(1,1):(0,0)`
//!   (`cute::copy` picks the vector width);
//! * `SM75_*_LDSM_*` (`ldmatrix`) and `SM90_*_STSM_*` (`stmatrix`, the
//!   same layouts with source and destination exchanged);
//! * `SM75_U32x1_MOVM_T` (`movmatrix.sync.aligned.m8n8.trans.b16`): a
//!   warp transposes one 8×8 matrix of 16-bit values held in registers
//!   (see [`MOVM_T_SRC`] for where its layouts differ from CUTLASS's);
//! * `SM80_CP_ASYNC_CACHEALWAYS<S, D = S>` (4, 8 or 16 bytes) and
//!   `SM80_CP_ASYNC_CACHEGLOBAL<S, D = S>` (16 bytes only: PTX ISA
//!   `cp.async.cg` has `cp-size = 16`), and their zero-filling forms
//!   `SM80_CP_ASYNC_CACHEALWAYS_ZFILL` / `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL`
//!   (the same sizes and layouts; a predicate selects `src-size` 0).

use super::copy::CopyAtom;
use super::names;
use super::value_type::ValueType;
use crate::data::layout::Layout;
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

/// `ldmatrix` source: thread `t` gives the address of row `t % 8` of matrix
/// `t / 8`; 128 bits a row. Threads beyond the matrices loaded repeat
/// (stride 0).
const LDSM_X1_SRC: &str = "((8,4),128):((128,0),1)";
const LDSM_X2_SRC: &str = "((16,2),128):((128,0),1)";
const LDSM_X4_SRC: &str = "(32,128):(128,1)";
/// `ldmatrix` destination, not transposed: thread `t` holds 32 bits of
/// each matrix.
const LDSM_X1_DST: &str = "(32,32):(32,1)";
const LDSM_X2_DST: &str = "(32,(32,2)):(32,(1,1024))";
const LDSM_X4_DST: &str = "(32,(32,4)):(32,(1,1024))";
/// `ldmatrix.trans` destination: two 16-bit values of one column.
const LDSM_T_X1_DST: &str = "((4,8),(16,2)):((256,16),(1,128))";
const LDSM_T_X2_DST: &str = "((4,8),(16,2,2)):((256,16),(1,128,1024))";
const LDSM_T_X4_DST: &str = "((4,8),(16,2,4)):((256,16),(1,128,1024))";

/// `movmatrix.trans` source: thread `t` holds the two 16-bit values of
/// row `t / 4`, columns `2·(t % 4)` and `+1`, of the 8×8 matrix (bits
/// numbered row-major over that matrix, as for `ldmatrix`).
///
/// The destination holds the transpose in the same fragment shape: thread
/// `t` receives the values of column `t / 4`, rows `2·(t % 4)` and `+1`,
/// of the source matrix, which is [`LDSM_T_X1_DST`] (what `ldmatrix.trans`
/// gives when the matrix is in shared memory). CUTLASS's
/// `Copy_Traits<SM75_U32x1_MOVM_T>` gives `(32,32):(32,1)` to both
/// source and destination: as one bit numbering (CuTe's convention, the
/// one its `LDSM_T` traits follow) that describes a copy that keeps
/// every value in place, which is not what the instruction does.
const MOVM_T_SRC: &str = LDSM_X1_DST;

/// The `ldmatrix`/`stmatrix` atoms: (name, shared-memory side, register side).
const MATRIX: [(&str, &str, &str); 12] = [
    ("SM75_U32x1_LDSM_N", LDSM_X1_SRC, LDSM_X1_DST),
    ("SM75_U32x2_LDSM_N", LDSM_X2_SRC, LDSM_X2_DST),
    ("SM75_U32x4_LDSM_N", LDSM_X4_SRC, LDSM_X4_DST),
    ("SM75_U16x2_LDSM_T", LDSM_X1_SRC, LDSM_T_X1_DST),
    ("SM75_U16x4_LDSM_T", LDSM_X2_SRC, LDSM_T_X2_DST),
    ("SM75_U16x8_LDSM_T", LDSM_X4_SRC, LDSM_T_X4_DST),
    ("SM90_U32x1_STSM_N", LDSM_X1_SRC, LDSM_X1_DST),
    ("SM90_U32x2_STSM_N", LDSM_X2_SRC, LDSM_X2_DST),
    ("SM90_U32x4_STSM_N", LDSM_X4_SRC, LDSM_X4_DST),
    ("SM90_U16x2_STSM_T", LDSM_X1_SRC, LDSM_T_X1_DST),
    ("SM90_U16x4_STSM_T", LDSM_X2_SRC, LDSM_T_X2_DST),
    ("SM90_U16x8_STSM_T", LDSM_X4_SRC, LDSM_T_X4_DST),
];

fn invalid(name: &str, argument: &'static str, reason: String) -> LayoutError {
    names::invalid("copy_atom", name, argument, reason)
}

fn unknown(name: &str) -> LayoutError {
    names::unknown("copy_atom", name)
}

/// One value of `bits` bits held by one thread.
fn one_value(bits: i64) -> Layout {
    Layout::flat([(1, 0), (bits, 1)])
}

/// `Op<S, D = S>` for the one-thread atoms: the canonical name and the
/// source and destination types.
fn source_dest(
    key: &str,
    base: &str,
    args: &[&str],
) -> Result<(String, ValueType, ValueType), LayoutError> {
    if args.is_empty() || args.len() > 2 {
        return Err(invalid(
            key,
            "template arguments",
            format!("{base} takes <S, D = S>, {} arguments given", args.len()),
        ));
    }
    let parse = |argument: &'static str, text: &str| {
        names::value_type_arg("copy_atom", key, argument, text)
    };
    let s = parse("S", args[0])?;
    let d = args.get(1).map_or(Ok(s), |t| parse("D", t))?;
    let name = if s == d {
        format!("{base}<{s}>")
    } else {
        format!("{base}<{s},{d}>")
    };
    Ok((name, s, d))
}

/// The atom named `key` (normalised).
pub(super) fn lookup(key: &str) -> Result<CopyAtom, LayoutError> {
    let (base, args) = names::split_key("copy_atom", key)?;
    let one = Layout::int(1, 0);
    match base {
        "UniversalCopy"
        | "SM80_CP_ASYNC_CACHEALWAYS"
        | "SM80_CP_ASYNC_CACHEGLOBAL"
        | "SM80_CP_ASYNC_CACHEALWAYS_ZFILL"
        | "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL" => {
            let (name, s, d) = source_dest(key, base, &args)?;
            let allowed: &[i64] = match base {
                "SM80_CP_ASYNC_CACHEALWAYS" | "SM80_CP_ASYNC_CACHEALWAYS_ZFILL" => &[32, 64, 128],
                "SM80_CP_ASYNC_CACHEGLOBAL" | "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL" => &[128],
                _ => &[],
            };
            if !allowed.is_empty() && !allowed.contains(&s.bits()) {
                return Err(invalid(
                    key,
                    "S",
                    format!(
                        "{base} copies {} bits (PTX ISA cp.async{} cp-size), {s} has {}",
                        allowed
                            .iter()
                            .map(|b| b.to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                        if allowed.len() == 1 { ".cg" } else { ".ca" },
                        s.bits()
                    ),
                ));
            }
            CopyAtom::new(
                name,
                one,
                [
                    one_value(s.bits()),
                    one_value(d.bits()),
                    one_value(s.bits()),
                ],
            )
        }
        "DefaultCopy" | "AutoVectorizingCopyWithAssumedAlignment" => {
            let name = if base == "DefaultCopy" {
                if !args.is_empty() {
                    return Err(invalid(
                        key,
                        "template arguments",
                        "DefaultCopy takes no template arguments".to_string(),
                    ));
                }
                base.to_string()
            } else {
                let bits: Option<i64> = match args[..] {
                    [b] => b.parse().ok(),
                    _ => None,
                };
                match bits {
                    Some(b) if (8..=128).contains(&b) && b.count_ones() == 1 => {
                        format!("{base}<{b}>")
                    }
                    _ => {
                        return Err(invalid(
                            key,
                            "MaxVecBits",
                            "AutoVectorizingCopyWithAssumedAlignment takes one alignment in bits: 8, 16, 32, 64 or 128".to_string(),
                        ));
                    }
                }
            };
            let placeholder = Layout::flat([(1, 0), (1, 0)]);
            CopyAtom::new(
                name,
                one,
                [placeholder.clone(), placeholder.clone(), placeholder],
            )
        }
        "SM75_U32x1_MOVM_T" => {
            if !args.is_empty() {
                return Err(unknown(key));
            }
            // Registers to registers; RefLayout is the destination, as in
            // CUTLASS.
            let (src, dst) = (Layout::parse(MOVM_T_SRC)?, Layout::parse(LDSM_T_X1_DST)?);
            CopyAtom::new(base, Layout::int(32, 1), [src, dst.clone(), dst])
        }
        _ => {
            let &(name, smem, regs) = MATRIX
                .iter()
                .find(|(n, ..)| *n == key)
                .ok_or_else(|| unknown(key))?;
            let (smem, regs) = (Layout::parse(smem)?, Layout::parse(regs)?);
            // ldmatrix: shared memory → registers; stmatrix the reverse.
            // RefLayout is the register side in both.
            let [src, dst] = if name.contains("LDSM") {
                [smem, regs.clone()]
            } else {
                [regs.clone(), smem]
            };
            CopyAtom::new(name, Layout::int(32, 1), [src, dst, regs])
        }
    }
}

/// Every listed name.
pub(super) fn names() -> Vec<String> {
    let mut v: Vec<String> = ["uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint128_t"]
        .iter()
        .map(|t| format!("UniversalCopy<{t}>"))
        .collect();
    v.push("DefaultCopy".into());
    v.extend([8, 16, 32, 64, 128].map(|b| format!("AutoVectorizingCopyWithAssumedAlignment<{b}>")));
    v.extend(MATRIX.iter().map(|(n, ..)| n.to_string()));
    v.push("SM75_U32x1_MOVM_T".into());
    v.extend(
        ["uint32_t", "uint64_t", "uint128_t"].map(|t| format!("SM80_CP_ASYNC_CACHEALWAYS<{t}>")),
    );
    v.push("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>".into());
    v.extend(
        ["uint32_t", "uint64_t", "uint128_t"]
            .map(|t| format!("SM80_CP_ASYNC_CACHEALWAYS_ZFILL<{t}>")),
    );
    v.push("SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>".into());
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
            assert_eq!(lookup(n).unwrap_or_else(|e| panic!("{n}: {e}")).name(), n);
        }
    }

    #[test]
    fn cutlass_layouts_and_forms() {
        let a = lookup("UniversalCopy<uint32_t,float>").unwrap();
        assert_eq!(a.name(), "UniversalCopy<uint32_t,float>");
        assert_eq!(a.dst_layout_bits().to_string(), "(1,32):(0,1)");
        assert_eq!(
            lookup("UniversalCopy<half_t,half_t>").unwrap().name(),
            "UniversalCopy<half_t>"
        );
        let d = lookup("DefaultCopy").unwrap();
        assert_eq!(d.src_layout_bits().to_string(), "(1,1):(0,0)");
        let s = lookup("SM90_U16x8_STSM_T").unwrap();
        assert_eq!(
            s.src_layout_bits().to_string(),
            "((4,8),(16,2,4)):((256,16),(1,128,1024))"
        );
        assert_eq!(s.dst_layout_bits().to_string(), "(32,128):(128,1)");
        assert_eq!(s.ref_layout_bits(), s.src_layout_bits());
        let l = lookup("SM75_U32x1_LDSM_N").unwrap();
        assert_eq!(l.ref_layout_bits(), l.dst_layout_bits());
        let m = lookup("SM75_U32x1_MOVM_T").unwrap();
        assert_eq!(m.src_layout_bits().to_string(), "(32,32):(32,1)");
        assert_eq!(
            m.dst_layout_bits().to_string(),
            "((4,8),(16,2)):((256,16),(1,128))"
        );
        assert_eq!(m.ref_layout_bits(), m.dst_layout_bits());
        assert_eq!(
            m.dst_layout(ValueType::Half).unwrap().to_string(),
            "((4,8),(1,2)):((16,1),(1,8))"
        );
        assert_eq!(
            lookup("SM80_CP_ASYNC_CACHEALWAYS<float>")
                .unwrap()
                .src_layout_bits()
                .to_string(),
            "(1,32):(0,1)"
        );
    }

    #[test]
    fn bad_names_are_named_errors() {
        for (bad, argument) in [
            ("SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>", "S"),
            ("SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint64_t>", "S"),
            ("SM80_CP_ASYNC_CACHEALWAYS<uint16_t>", "S"),
            ("UniversalCopy<uint8_t,uint16_t>", "DstLayout"),
            ("UniversalCopy<>", "template arguments"),
            ("UniversalCopy<foo>", "S"),
            ("AutoVectorizingCopyWithAssumedAlignment<12>", "MaxVecBits"),
            ("DefaultCopy<8>", "template arguments"),
            ("SM75_U32x8_LDSM_N", "name"),
            ("UniversalCopy<uint8_t", "name"),
        ] {
            match lookup(bad) {
                Err(LayoutError::InvalidArgument { argument: a, .. }) => {
                    assert_eq!(a, argument, "{bad}")
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn recast_to_value_types() {
        let a = lookup("UniversalCopy<uint128_t>").unwrap();
        assert_eq!(
            a.ref_layout(ValueType::Float).unwrap().to_string(),
            "(1,4):(0,1)"
        );
        let ldsm = lookup("SM75_U16x2_LDSM_T").unwrap();
        assert_eq!(
            ldsm.dst_layout(ValueType::Half).unwrap().to_string(),
            "((4,8),(1,2)):((16,1),(1,8))"
        );
        assert_eq!(
            ldsm.src_layout(ValueType::Half).unwrap().to_string(),
            "((8,4),8):((8,0),1)"
        );
        // A 16-bit value of the transposed load is not a whole 32-bit value.
        assert_eq!(
            ldsm.dst_layout(ValueType::Float).unwrap_err().kind(),
            "invalid_argument"
        );
        let u8 = lookup("UniversalCopy<uint8_t>").unwrap();
        assert!(u8.src_layout(ValueType::Half).is_err());
        assert_eq!(
            lookup("DefaultCopy")
                .unwrap()
                .src_layout(ValueType::Double)
                .unwrap()
                .to_string(),
            "(1,1):(0,0)"
        );
    }
}
