//! The SM90 GMMA (`wgmma.mma_async`) atoms, generated from their family
//! description (CUTLASS's `mma_traits_sm90_gmma.hpp` and
//! `mma_traits_sm90_gmma_ext.hpp`) rather than listed.
//!
//! A name `SM90_64xNxK_<types>_<SS|RS><suffix>` is parsed and only that
//! atom is built:
//!
//! | family | K | names | template arguments |
//! |---|---|---|---|
//! | F16/BF16 | 16 | `F16F16F16`, `F32F16F16`, `F32BF16BF16` | `<GMMA::Major::{K,MN}, GMMA::Major::{K,MN}[, GMMA::ScaleIn::{One,Neg} ×2]>`; `RS` needs A K-major |
//! | TF32 | 8 | `F32TF32TF32_{SS,RS}_TN` | none, `<>` or the two `ScaleIn` |
//! | S8/U8 | 32 | `S32{S8,U8}{S8,U8}_{SS,RS}_TN[_SATURATE]` | none |
//! | E4M3/E5M2 | 32 | `{F16,F32}{E4M3,E5M2}{E4M3,E5M2}_{SS,RS}_TN` | none, `<>` or the two `ScaleIn` |
//!
//! `N` is a multiple of 8 from 8 to 256 (PTX ISA, `wgmma.mma_async`
//! shapes `.m64nNk16`, `.m64nNk8`, `.m64nNk32`); the integer family allows
//! only `N` ∈ {8, 16, 24} ∪ {32, 48, …, 256} (multiples of 16 from 32).
//!
//! The layouts (CUTLASS's `GMMA::` layouts, `ThrID = 128:1`):
//!
//! * `CLayout_64xN = ((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512))`;
//! * SS operands (`ABLayout<M,K>`) are described by the shared-memory
//!   descriptor, not by threads: every thread sees the whole `M×K` tile,
//!   `(128,(M,K)):(0,(1,M))`;
//! * the RS A operand is in registers: `ALayout_64x8` (32-bit types),
//!   `ALayout_64x16` (16-bit), `ALayout_64x32` (8-bit).
//!
//! The operand majors (`GMMA::Major`) and input scales change the
//! instruction's descriptors and flags, not these layouts.

use super::gmma_desc::GmmaMajor as Major;
use super::mma::{MmaAtom, MmaValueTypes};
use super::mma_table::fp8_code;
use super::names;
use super::tiled_mma::MmaOperand;
use super::value_type::ValueType::{self, *};
use crate::data::layout::Layout;
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

/// A GMMA family: its operand and accumulator types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// `F16F16F16`, `F32F16F16`, `F32BF16BF16` (K = 16).
    Half { d: ValueType, ab: ValueType },
    /// `F32TF32TF32` (K = 8).
    Tf32,
    /// `S32{S8,U8}{S8,U8}` (K = 32), saturating or not.
    Int8 {
        a: ValueType,
        b: ValueType,
        saturate: bool,
    },
    /// `{F16,F32}{E4M3,E5M2}{E4M3,E5M2}` (K = 32).
    Fp8 {
        d: ValueType,
        a: ValueType,
        b: ValueType,
    },
}

impl Family {
    fn all() -> Vec<Family> {
        let mut v = vec![
            Family::Half { d: Half, ab: Half },
            Family::Half { d: Float, ab: Half },
            Family::Half {
                d: Float,
                ab: BFloat16,
            },
            Family::Tf32,
        ];
        for a in [Int8, UInt8] {
            for b in [Int8, UInt8] {
                for saturate in [false, true] {
                    v.push(Family::Int8 { a, b, saturate });
                }
            }
        }
        for d in [Half, Float] {
            for a in [Float8E4M3, Float8E5M2] {
                for b in [Float8E4M3, Float8E5M2] {
                    v.push(Family::Fp8 { d, a, b });
                }
            }
        }
        v
    }

    /// The `K` of one instruction.
    fn k(self) -> i64 {
        match self {
            Family::Half { .. } => 16,
            Family::Tf32 => 8,
            Family::Int8 { .. } | Family::Fp8 { .. } => 32,
        }
    }

    /// `(D, A, B, C)`.
    fn types(self) -> MmaValueTypes {
        let (d, a, b) = match self {
            Family::Half { d, ab } => (d, ab, ab),
            Family::Tf32 => (Float, TFloat32, TFloat32),
            Family::Int8 { a, b, .. } => (Int32, a, b),
            Family::Fp8 { d, a, b } => (d, a, b),
        };
        MmaValueTypes { d, a, b, c: d }
    }

    /// The types part of the name (`F32BF16BF16`, `S32S8U8`, …).
    fn code(self) -> String {
        let short = |t: ValueType| match t {
            Half => "F16",
            Float => "F32",
            BFloat16 => "BF16",
            Int8 => "S8",
            UInt8 => "U8",
            Int32 => "S32",
            _ => fp8_code(t),
        };
        match self {
            Family::Half { d, ab } => format!("{}{}{}", short(d), short(ab), short(ab)),
            Family::Tf32 => "F32TF32TF32".to_string(),
            Family::Int8 { a, b, .. } => format!("S32{}{}", short(a), short(b)),
            Family::Fp8 { d, a, b } => format!("{}{}{}", short(d), short(a), short(b)),
        }
    }

    /// Whether `n` is a shape the PTX ISA gives this family.
    fn admits_n(self, n: i64) -> bool {
        let step8 = n % 8 == 0 && (8..=256).contains(&n);
        match self {
            Family::Int8 { .. } => step8 && (n <= 24 || n % 16 == 0),
            _ => step8,
        }
    }

    /// Whether the operand majors are template arguments (the F16/BF16
    /// families); the others are K-major only (`_TN`).
    fn has_majors(self) -> bool {
        matches!(self, Family::Half { .. })
    }
}

/// The major CUTLASS spells `text` (`GMMA::Major::K`, `GMMA::Major::MN`,
/// after [`names::normalize`]).
pub(crate) fn major_from_name(text: &str) -> Option<Major> {
    [Major::K, Major::MN].into_iter().find(|m| m.name() == text)
}

/// One GMMA atom.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Spec {
    n: i64,
    family: Family,
    /// A from registers (`RS`) rather than shared memory (`SS`).
    rs: bool,
    /// `(tnspA, tnspB)` for the families that take them.
    majors: Option<(Major, Major)>,
    /// The two `GMMA::ScaleIn` arguments, when given and not both `One`.
    scales: Option<(bool, bool)>,
}

impl Spec {
    fn name(&self) -> String {
        let f = self.family;
        let mut s = format!(
            "SM90_64x{}x{}_{}_{}",
            self.n,
            f.k(),
            f.code(),
            if self.rs { "RS" } else { "SS" }
        );
        if !f.has_majors() {
            s.push_str("_TN");
        }
        if let Family::Int8 { saturate: true, .. } = f {
            s.push_str("_SATURATE");
        }
        let mut args: Vec<&str> = Vec::new();
        if let Some((a, b)) = self.majors {
            args.extend([a.name(), b.name()]);
        }
        if let Some((a, b)) = self.scales {
            let scale = |neg: bool| {
                if neg {
                    "GMMA::ScaleIn::Neg"
                } else {
                    "GMMA::ScaleIn::One"
                }
            };
            args.extend([scale(a), scale(b)]);
        }
        if !args.is_empty() {
            s.push('<');
            s.push_str(&args.join(","));
            s.push('>');
        }
        s
    }

    fn build(&self) -> Result<MmaAtom, LayoutError> {
        let (n, k) = (self.n, self.family.k());
        let types = self.family.types();
        let a = if self.rs {
            match types.a.bits() {
                32 => "((4,8,4),(2,2)):((64,1,16),(8,256))".to_string(),
                16 => "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))".to_string(),
                _ => "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))".to_string(),
            }
        } else {
            ab_layout(64, k)
        };
        let c = format!("((4,8,4),(2,2,{})):((128,1,16),(64,8,512))", n / 8);
        MmaAtom::new(
            self.name(),
            [64, n, k],
            Layout::parse("128:1")?,
            [
                Layout::parse(&a)?,
                Layout::parse(&ab_layout(n, k))?,
                Layout::parse(&c)?,
            ],
            types,
        )
    }
}

/// `GMMA::ABLayout<M,K>`: the shared-memory operand, every thread seeing
/// the whole `M×K` tile.
fn ab_layout(m: i64, k: i64) -> String {
    format!("(128,({m},{k})):(0,(1,{m}))")
}

fn invalid(name: &str, argument: &'static str, reason: String) -> LayoutError {
    names::invalid("mma_atom", name, argument, reason)
}

/// Leading decimal digits of `s` and the rest.
fn digits(s: &str) -> Option<(i64, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    Some((s[..end].parse().ok()?, &s[end..]))
}

/// The family whose types part is `code` (the text after `SM90_64xNxK_`).
fn family(code: &str) -> Option<Family> {
    Family::all()
        .into_iter()
        .find(|f| f.code() == code && !matches!(f, Family::Int8 { saturate: true, .. }))
}

fn scale(name: &str, text: &str) -> Result<bool, LayoutError> {
    match text {
        "GMMA::ScaleIn::One" => Ok(false),
        "GMMA::ScaleIn::Neg" => Ok(true),
        _ => Err(invalid(
            name,
            "scale",
            format!("{text} is not GMMA::ScaleIn::One or GMMA::ScaleIn::Neg"),
        )),
    }
}

fn major(name: &str, argument: &'static str, text: &str) -> Result<Major, LayoutError> {
    major_from_name(text).ok_or_else(|| {
        invalid(
            name,
            argument,
            format!("{text} is not GMMA::Major::K or GMMA::Major::MN"),
        )
    })
}

/// Parses a normalised GMMA name (`SM90_64x…`).
fn parse(key: &str) -> Result<Spec, LayoutError> {
    let malformed = |what: &str| {
        invalid(
            key,
            "name",
            format!("not a GMMA atom name SM90_64xNxK_<types>_<SS|RS>…: {what}"),
        )
    };
    let rest = key
        .strip_prefix("SM90_64x")
        .ok_or_else(|| malformed("it must start with SM90_64x"))?;
    let (n, rest) = digits(rest).ok_or_else(|| malformed("N is not a number"))?;
    let rest = rest
        .strip_prefix('x')
        .ok_or_else(|| malformed("x after N"))?;
    let (k, rest) = digits(rest).ok_or_else(|| malformed("K is not a number"))?;
    let rest = rest
        .strip_prefix('_')
        .ok_or_else(|| malformed("_ after K"))?;
    let (code, rest) = rest
        .split_once('_')
        .ok_or_else(|| malformed("no _SS or _RS"))?;
    let mut family = family(code).ok_or_else(|| {
        invalid(
            key,
            "types",
            format!(
                "{code} is not a GMMA type family (F16F16F16, F32F16F16, F32BF16BF16, F32TF32TF32, S32{{S8,U8}}{{S8,U8}}, {{F16,F32}}{{E4M3,E5M2}}{{E4M3,E5M2}})"
            ),
        )
    })?;
    let (rs, rest) = if let Some(r) = rest.strip_prefix("RS") {
        (true, r)
    } else if let Some(r) = rest.strip_prefix("SS") {
        (false, r)
    } else {
        return Err(malformed("SS or RS after the types"));
    };
    if k != family.k() {
        return Err(invalid(
            key,
            "K",
            format!(
                "{code} GMMA atoms have K = {} (PTX ISA wgmma.mma_async .m64nNk{}), not {k}",
                family.k(),
                family.k()
            ),
        ));
    }
    if !family.admits_n(n) {
        let rule = match family {
            Family::Int8 { .. } => {
                "N in {8, 16, 24, 32, 48, 64, …, 256} (multiples of 16 from 32) for .s8/.u8"
            }
            _ => "N a multiple of 8 from 8 to 256",
        };
        return Err(invalid(
            key,
            "N",
            format!("wgmma.mma_async .m64nNk{k} needs {rule} (PTX ISA), not {n}"),
        ));
    }
    // The suffix and template arguments.
    let (suffix, args) = match rest.find('<') {
        Some(open) => {
            let inner = rest[open + 1..]
                .strip_suffix('>')
                .ok_or_else(|| malformed("unbalanced <…>"))?;
            let args: Vec<&str> = if inner.is_empty() {
                Vec::new()
            } else {
                inner.split(',').collect()
            };
            (&rest[..open], args)
        }
        None => (rest, Vec::new()),
    };
    let want_suffix: &[&str] = match family {
        Family::Half { .. } => &[""],
        Family::Int8 { .. } => &["_TN", "_TN_SATURATE"],
        _ => &["_TN"],
    };
    if !want_suffix.contains(&suffix) {
        return Err(invalid(
            key,
            "name",
            format!(
                "{code} GMMA atoms end in {} after SS/RS, not {suffix:?}",
                want_suffix
                    .iter()
                    .map(|s| if s.is_empty() { "<majors>" } else { s })
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        ));
    }
    if let (Family::Int8 { a, b, .. }, "_TN_SATURATE") = (family, suffix) {
        family = Family::Int8 {
            a,
            b,
            saturate: true,
        };
    }
    let (majors, scale_args) = if family.has_majors() {
        if args.len() != 2 && args.len() != 4 {
            return Err(invalid(
                key,
                "template arguments",
                format!(
                    "{code} GMMA atoms take <tnspA, tnspB[, scaleA, scaleB]>, {} arguments given",
                    args.len()
                ),
            ));
        }
        let a = major(key, "tnspA", args[0])?;
        let b = major(key, "tnspB", args[1])?;
        (Some((a, b)), &args[2..])
    } else {
        let allowed = if matches!(family, Family::Int8 { .. }) {
            0
        } else {
            2
        };
        if !args.is_empty() && args.len() != allowed {
            return Err(invalid(
                key,
                "template arguments",
                format!(
                    "{code} GMMA atoms take {} template arguments, {} given",
                    if allowed == 0 {
                        "no"
                    } else {
                        "none, <> or <scaleA, scaleB> as"
                    },
                    args.len()
                ),
            ));
        }
        (None, &args[..])
    };
    let scales = match scale_args {
        [a, b] => {
            let s = (scale(key, a)?, scale(key, b)?);
            (s != (false, false)).then_some(s)
        }
        _ => None,
    };
    if rs && majors.is_some_and(|(a, _)| a != Major::K) {
        return Err(invalid(
            key,
            "tnspA",
            "an RS atom reads A from registers, which must be K-major (GMMA::Major::K)".to_string(),
        ));
    }
    Ok(Spec {
        n,
        family,
        rs,
        majors,
        scales,
    })
}

/// Whether a normalised name belongs to the GMMA families.
pub(super) fn is_gmma(key: &str) -> bool {
    key.starts_with("SM90_64x")
}

/// The major of operand `op` of the GMMA atom named `name` when the atom
/// reads it from shared memory through a descriptor (A of `SS`, B of `SS`
/// and `RS`), `None` otherwise (A of `RS`, C, and every other atom). The
/// families without major arguments (`_TN`) are K-major.
pub(crate) fn smem_major(name: &str, op: MmaOperand) -> Option<Major> {
    if !is_gmma(name) {
        return None;
    }
    let spec = parse(name).ok()?;
    let (a, b) = spec.majors.unwrap_or((Major::K, Major::K));
    match op {
        MmaOperand::OperandA if !spec.rs => Some(a),
        MmaOperand::OperandB => Some(b),
        _ => None,
    }
}

/// Builds the GMMA atom named `key` (normalised).
pub(super) fn lookup(key: &str) -> Result<MmaAtom, LayoutError> {
    parse(key)?.build()
}

/// Every GMMA atom's name, expanded: each family × each admitted `N` × SS
/// and RS × the majors (four SS pairs, two RS pairs, for the F16/BF16
/// families); input scales at their default.
pub(super) fn names() -> Vec<String> {
    let mut v = Vec::new();
    for family in Family::all() {
        for n in (8..=256).step_by(8).filter(|&n| family.admits_n(n)) {
            for rs in [false, true] {
                let pairs: Vec<Option<(Major, Major)>> = if !family.has_majors() {
                    vec![None]
                } else {
                    let a_majors: &[Major] = if rs {
                        &[Major::K]
                    } else {
                        &[Major::K, Major::MN]
                    };
                    a_majors
                        .iter()
                        .flat_map(|&a| [Major::K, Major::MN].map(|b| Some((a, b))))
                        .collect()
                };
                for majors in pairs {
                    v.push(
                        Spec {
                            n,
                            family,
                            rs,
                            majors,
                            scales: None,
                        }
                        .name(),
                    );
                }
            }
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_to_themselves() {
        let names = names();
        // 3 F16/BF16 families × 32 N × 6 major pairs, TF32 32 × 2, 8 integer
        // families × 18 N × 2, 8 FP8 families × 32 N × 2.
        assert_eq!(names.len(), 3 * 32 * 6 + 32 * 2 + 8 * 18 * 2 + 8 * 32 * 2);
        for n in &names {
            let atom = lookup(n).unwrap_or_else(|e| panic!("{n}: {e}"));
            assert_eq!(atom.name(), n);
        }
    }

    #[test]
    fn cutlass_layouts() {
        let a = lookup("SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>").unwrap();
        assert_eq!(a.shape_mnk(), [64, 64, 16]);
        assert_eq!(a.a_layout().to_string(), "(128,(64,16)):(0,(1,64))");
        assert_eq!(a.b_layout().to_string(), "(128,(64,16)):(0,(1,64))");
        assert_eq!(
            a.c_layout().to_string(),
            "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))"
        );
        let a = lookup("SM90_64x8x32_S32U8S8_RS_TN_SATURATE").unwrap();
        assert_eq!(
            a.a_layout().to_string(),
            "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))"
        );
        assert_eq!(
            a.c_layout().to_string(),
            "((4,8,4),(2,2,1)):((128,1,16),(64,8,512))"
        );
        let a = lookup("SM90_64x24x8_F32TF32TF32_RS_TN<>").unwrap();
        assert_eq!(a.name(), "SM90_64x24x8_F32TF32TF32_RS_TN");
        assert_eq!(
            a.a_layout().to_string(),
            "((4,8,4),(2,2)):((64,1,16),(8,256))"
        );
        let a = lookup(
            "SM90_64x16x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::K,GMMA::ScaleIn::Neg,GMMA::ScaleIn::One>",
        )
        .unwrap();
        assert!(a.name().ends_with("GMMA::ScaleIn::Neg,GMMA::ScaleIn::One>"));
    }

    #[test]
    fn malformed_names_are_named_errors() {
        for (bad, argument) in [
            (
                "SM90_64x13x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
                "N",
            ),
            (
                "SM90_64x264x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
                "N",
            ),
            (
                "SM90_64x0x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
                "N",
            ),
            ("SM90_64x40x32_S32S8S8_SS_TN", "N"),
            (
                "SM90_64x64x32_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
                "K",
            ),
            (
                "SM90_64x64x16_F32F16F16_RS<GMMA::Major::MN,GMMA::Major::K>",
                "tnspA",
            ),
            (
                "SM90_64x64x16_F32F16F16_SS<GMMA::Major::K>",
                "template arguments",
            ),
            ("SM90_64x64x16_F32F16F16_SS", "template arguments"),
            (
                "SM90_64x64x16_F32F16F16_SS<GMMA::Major::X,GMMA::Major::K>",
                "tnspA",
            ),
            (
                "SM90_64x64x16_F64F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
                "types",
            ),
            ("SM90_64x64x8_F32TF32TF32_SS", "name"),
            (
                "SM90_64x64x32_S32S8S8_SS_TN<GMMA::ScaleIn::One,GMMA::ScaleIn::One>",
                "template arguments",
            ),
            ("SM90_64x64x32_F32E4M3E4M3_XS_TN", "name"),
            ("SM90_64xAx32_F32E4M3E4M3_SS_TN", "name"),
            (
                "SM90_64x99999999999999999999x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
                "name",
            ),
        ] {
            match lookup(bad) {
                Err(LayoutError::InvalidArgument { argument: a, .. }) => {
                    assert_eq!(a, argument, "{bad}")
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
    }
}
