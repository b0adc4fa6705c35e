//! SM90 GMMA shared-memory matrix descriptors on plain numbers: the 64-bit
//! encoding (PTX ISA, "Matrix Descriptor Format"), the swizzle → layout
//! type rule and the rules of CuTe's canonical K- and MN-major forms
//! (`GMMA::make_gmma_desc<Major>`), written once for cute-dynamic (run-time
//! layouts) and cute-static (static layouts). Each crate computes the
//! operand in 128-bit units and its `logical_divide` with its own algebra
//! and hands the numbers here (docs/semantics/tensors-and-atoms.md#gmma-descriptors-and-descriptor-fragments).
//!
//! | bits | field | unit |
//! |---|---|---|
//! | `[0,14)` | `start_address` | byte address `>> 4` |
//! | `[16,30)` | `leading_byte_offset` (LBO) | bytes `>> 4` |
//! | `[32,46)` | `stride_byte_offset` (SBO) | bytes `>> 4` |
//! | `[49,52)` | `base_offset` | (CuTe always writes 0) |
//! | `[62,64)` | `layout_type` | `INTERLEAVE = 0`, `B128 = 1`, `B64 = 2`, `B32 = 3` |
//!
//! ```
//! use cute_core::gmma::{self, GmmaDescriptor, GmmaLayoutType, GmmaMajor};
//! // Sw<3,3,3> on 16-bit elements is the 128-byte swizzle.
//! let t = gmma::layout_type(3, 3, 3, 16).unwrap();
//! assert_eq!(t, GmmaLayoutType::B128);
//! // K-major, canonical ((8,m),(2,1)):((8,64),(1,_)) in 128-bit units.
//! let (lbo, sbo) = gmma::canonical_offsets(GmmaMajor::K, t, [8, 64, 1, 0]).unwrap();
//! let d = GmmaDescriptor::new(t, 0x40, lbo, sbo).unwrap();
//! assert_eq!(d.bits(), 0x4000_0040_0001_0040);
//! ```

use core::fmt;

/// CuTe's `GMMA::Major`: which mode of a GMMA operand is contiguous.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GmmaMajor {
    /// `GMMA::Major::K`: the K mode is contiguous.
    K,
    /// `GMMA::Major::MN`: the M (A) or N (B) mode is contiguous.
    MN,
}

impl GmmaMajor {
    /// CuTe's name: `GMMA::Major::K` or `GMMA::Major::MN`.
    pub const fn name(self) -> &'static str {
        match self {
            GmmaMajor::K => "GMMA::Major::K",
            GmmaMajor::MN => "GMMA::Major::MN",
        }
    }
}

/// CuTe's `GMMA::LayoutType`: the swizzle mode of a descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GmmaLayoutType {
    /// No swizzle (`INTERLEAVE`, field value 0).
    Interleave,
    /// 128-byte swizzle, `Swizzle<3,4,3>` on byte addresses (field value 1).
    B128,
    /// 64-byte swizzle, `Swizzle<2,4,3>` (field value 2).
    B64,
    /// 32-byte swizzle, `Swizzle<1,4,3>` (field value 3).
    B32,
}

impl GmmaLayoutType {
    /// The 2-bit field value.
    pub const fn field(self) -> u8 {
        match self {
            GmmaLayoutType::Interleave => 0,
            GmmaLayoutType::B128 => 1,
            GmmaLayoutType::B64 => 2,
            GmmaLayoutType::B32 => 3,
        }
    }

    /// The layout type of a 2-bit field value (only the low 2 bits are read).
    pub const fn from_field(v: u8) -> Self {
        match v & 3 {
            0 => GmmaLayoutType::Interleave,
            1 => GmmaLayoutType::B128,
            2 => GmmaLayoutType::B64,
            _ => GmmaLayoutType::B32,
        }
    }

    /// CuTe's name: `INTERLEAVE`, `B128`, `B64`, `B32`.
    pub const fn name(self) -> &'static str {
        match self {
            GmmaLayoutType::Interleave => "INTERLEAVE",
            GmmaLayoutType::B128 => "B128",
            GmmaLayoutType::B64 => "B64",
            GmmaLayoutType::B32 => "B32",
        }
    }

    /// `B` of the swizzle `Swizzle<B,4,3>` on byte addresses (0 for none).
    pub const fn swizzle_bits(self) -> u32 {
        match self {
            GmmaLayoutType::Interleave => 0,
            GmmaLayoutType::B32 => 1,
            GmmaLayoutType::B64 => 2,
            GmmaLayoutType::B128 => 3,
        }
    }

    /// `W`: the width of a swizzle row in 128-bit units (1, 2, 4, 8).
    pub const fn width(self) -> i64 {
        1 << self.swizzle_bits()
    }
}

impl fmt::Display for GmmaLayoutType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `(shift, width)` of a descriptor field.
pub type Field = (u32, u32);
/// `start_address_`: bits `[0,14)`.
pub const START: Field = (0, 14);
/// `leading_byte_offset_`: bits `[16,30)`.
pub const LBO: Field = (16, 14);
/// `stride_byte_offset_`: bits `[32,46)`.
pub const SBO: Field = (32, 14);
/// `base_offset_`: bits `[49,52)`.
pub const BASE: Field = (49, 3);
/// `layout_type_`: bits `[62,64)`.
pub const LAYOUT: Field = (62, 2);

/// Field `f` of the raw bits.
pub const fn get(bits: u64, (shift, width): Field) -> u64 {
    (bits >> shift) & ((1u64 << width) - 1)
}

/// The raw bits with field `f` set to `v`, or `None` when `v` does not fit
/// the field's width.
pub const fn set(bits: u64, (shift, width): Field, v: u64) -> Option<u64> {
    if v >> width != 0 {
        return None;
    }
    let mask = ((1u64 << width) - 1) << shift;
    Some((bits & !mask) | (v << shift))
}

/// A 64-bit SM90 GMMA shared-memory matrix descriptor (CuTe's
/// `GmmaDescriptor`), as plain bits; see the module documentation for the
/// fields.
///
/// ```
/// use cute_core::gmma::{GmmaDescriptor, GmmaLayoutType};
/// let d = GmmaDescriptor::new(GmmaLayoutType::Interleave, 0x40, 128, 8).unwrap();
/// assert_eq!(d.bits(), 0x0000_0008_0080_0040);
/// assert_eq!(d.offset(3).map(GmmaDescriptor::start_address), Some(0x43));
/// assert_eq!(GmmaDescriptor::new(GmmaLayoutType::B32, 1 << 14, 0, 0), None);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct GmmaDescriptor(u64);

impl GmmaDescriptor {
    /// The descriptor of `layout_type` with the given start address, LBO
    /// and SBO (each in 16-byte units, 14 bits; `None` when one does not
    /// fit) and `base_offset` 0, as CuTe's `make_gmma_desc` writes it.
    pub const fn new(layout_type: GmmaLayoutType, start: u16, lbo: u16, sbo: u16) -> Option<Self> {
        let bits = (layout_type.field() as u64) << LAYOUT.0;
        let Some(bits) = set(bits, START, start as u64) else {
            return None;
        };
        let Some(bits) = set(bits, LBO, lbo as u64) else {
            return None;
        };
        let Some(bits) = set(bits, SBO, sbo as u64) else {
            return None;
        };
        Some(GmmaDescriptor(bits))
    }
    /// The descriptor of raw bits `bits`.
    pub const fn from_bits(bits: u64) -> Self {
        GmmaDescriptor(bits)
    }
    /// The raw 64 bits.
    pub const fn bits(self) -> u64 {
        self.0
    }
    /// `start_address_`: the byte address `>> 4` (14 bits).
    pub const fn start_address(self) -> u16 {
        get(self.0, START) as u16
    }
    /// `leading_byte_offset_`: LBO in bytes `>> 4` (14 bits).
    pub const fn leading_byte_offset(self) -> u16 {
        get(self.0, LBO) as u16
    }
    /// `stride_byte_offset_`: SBO in bytes `>> 4` (14 bits).
    pub const fn stride_byte_offset(self) -> u16 {
        get(self.0, SBO) as u16
    }
    /// `base_offset_` (3 bits).
    pub const fn base_offset(self) -> u8 {
        get(self.0, BASE) as u8
    }
    /// `layout_type_` (2 bits).
    pub const fn layout_type(self) -> GmmaLayoutType {
        GmmaLayoutType::from_field(get(self.0, LAYOUT) as u8)
    }
    /// The descriptor advanced by `offset` 128-bit units (CuTe's
    /// `DescriptorIterator + offset`, which adds to the raw 64 bits, that
    /// is to `start_address_`); `None` when the start address would leave
    /// its 14 bits (CuTe would carry into the next field).
    pub const fn offset(self, offset: i64) -> Option<GmmaDescriptor> {
        let Some(start) = (self.start_address() as i64).checked_add(offset) else {
            return None;
        };
        if start < 0 || start >= 1 << START.1 {
            return None;
        }
        match set(self.0, START, start as u64) {
            Some(b) => Some(GmmaDescriptor(b)),
            None => None,
        }
    }
}

/// CuTe's `GmmaDescriptor` decays to its `uint64_t`.
impl From<GmmaDescriptor> for u64 {
    fn from(d: GmmaDescriptor) -> u64 {
        d.0
    }
}

impl From<u64> for GmmaDescriptor {
    fn from(bits: u64) -> Self {
        GmmaDescriptor(bits)
    }
}

/// CuTe's `print(GmmaDescriptor)`, without the final newline.
pub fn write_descriptor(bits: u64, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let d = GmmaDescriptor(bits);
    let (lbo, sbo) = (d.leading_byte_offset(), d.stride_byte_offset());
    let t = d.layout_type();
    writeln!(f, "GmmaDescriptor: 0x{bits:016x}")?;
    writeln!(f, "  start_addr :  0x{:04x}", d.start_address())?;
    writeln!(f, "  leading_off:  0x{lbo:04x} ({lbo})")?;
    writeln!(f, "  stride_off :  0x{sbo:04x} ({sbo})")?;
    writeln!(f, "  base_offset:  0x{:01x}", d.base_offset())?;
    write!(f, "  layout_type:  0x{:01x} ({t})", t.field())
}

impl fmt::Display for GmmaDescriptor {
    /// CuTe's `print(GmmaDescriptor)`, without the final newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_descriptor(self.0, f)
    }
}

impl fmt::Debug for GmmaDescriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GmmaDescriptor")
            .field("bits", &format_args!("0x{:016x}", self.0))
            .field("start_address", &self.start_address())
            .field("leading_byte_offset", &self.leading_byte_offset())
            .field("stride_byte_offset", &self.stride_byte_offset())
            .field("base_offset", &self.base_offset())
            .field("layout_type", &self.layout_type())
            .finish()
    }
}

/// `128 / value_bits`, the elements of a 128-bit unit, or `None` when
/// `value_bits` does not divide 128.
pub const fn per_u128(value_bits: i64) -> Option<i64> {
    if value_bits < 1 || value_bits > 128 || 128 % value_bits != 0 {
        None
    } else {
        Some(128 / value_bits)
    }
}

/// The layout type of the swizzle `Sw<bits, base, shift>` on elements of
/// `value_bits` bits (`Swizzle<B,4,3>` on byte addresses is
/// `Sw<B, log2(128/value_bits), 3>` in elements); `None` when it is not a
/// GMMA swizzle. `bits = 0` is no swizzle (`INTERLEAVE`).
pub const fn layout_type(
    bits: u32,
    base: u32,
    shift: i32,
    value_bits: i64,
) -> Option<GmmaLayoutType> {
    let Some(n) = per_u128(value_bits) else {
        return None;
    };
    let gmma = base == n.trailing_zeros() && shift == 3;
    match (bits, gmma) {
        (0, _) => Some(GmmaLayoutType::Interleave),
        (1, true) => Some(GmmaLayoutType::B32),
        (2, true) => Some(GmmaLayoutType::B64),
        (3, true) => Some(GmmaLayoutType::B128),
        _ => None,
    }
}

/// Why the start address of a descriptor cannot be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StartError {
    /// The address is not a non-negative multiple of 16 bytes.
    Misaligned,
    /// The address `>> 4` does not fit 14 bits.
    Overflow,
}

/// The start address field (bytes `>> 4`) of the operand whose element
/// offset 0 lies at byte address `smem_address`, shifted by `offset`
/// elements of `value_bits` bits (the unswizzled address: the hardware
/// applies the swizzle on address bits).
pub const fn start_address(
    smem_address: u32,
    offset: i64,
    value_bits: i64,
) -> Result<u16, StartError> {
    let start_bits = offset as i128 * value_bits as i128;
    if !smem_address.is_multiple_of(16) || start_bits < 0 || start_bits % 128 != 0 {
        return Err(StartError::Misaligned);
    }
    let start = (smem_address / 16) as i128 + start_bits / 128;
    if start > u16::MAX as i128 {
        return Err(StartError::Overflow);
    }
    Ok(start as u16)
}

/// Whether a leaf `size:stride` of an operand in elements consists of whole
/// 128-bit units of `n` elements (so that `upcast<n>` keeps every element):
/// a leaf of size 1 or stride 0 always, one of stride ±1 when its size is a
/// multiple of `n`, any other when its stride is.
pub const fn whole_units(size: i64, stride: i64, n: i64) -> bool {
    if size == 1 || stride == 0 {
        true
    } else if stride == 1 || stride == -1 {
        size % n == 0
    } else {
        stride % n == 0
    }
}

/// A rule of the canonical GMMA forms that an operand fails (the numbers
/// are in 128-bit units unless said otherwise). The layouts the rules are
/// about are written by the caller ([`Rule::write`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The swizzle `Sw<bits, base, shift>` (in elements) is not a GMMA
    /// swizzle for elements of `value_bits` bits.
    NotGmmaSwizzle {
        /// `B`.
        bits: u32,
        /// `M`.
        base: u32,
        /// `S`.
        shift: i32,
        /// The element size.
        value_bits: i64,
    },
    /// The operand is not of rank 2.
    Rank,
    /// A leaf `size:stride` (in elements) is not made of whole 128-bit units.
    NotWholeUnits {
        /// The leaf's size.
        size: i64,
        /// The leaf's stride.
        stride: i64,
        /// Elements per unit.
        n: i64,
    },
    /// The MN size is not a multiple of 8 (K-major).
    MnSize {
        /// The MN size in units.
        size: i64,
    },
    /// The K size is not 2 (dense) or 4 (sparse) units (K-major).
    KSizeK {
        /// The K size in units.
        size: i64,
    },
    /// The K size is not `256/bits` (dense), `128/bits` or `512/bits`
    /// (sparse) elements (MN-major).
    KSizeMn {
        /// The K size (the recast leaves it in elements).
        size: i64,
        /// The element size.
        value_bits: i64,
    },
    /// `logical_divide(U, <t0:1,t1:1>)` is not admissible.
    Divide {
        /// The tile of mode 0.
        t0: i64,
        /// The tile of mode 1.
        t1: i64,
    },
    /// The divided layout is not of the profile `((_,_),(_,_))`.
    Profile,
    /// `stride<what>` of the divided layout is `got`, the layout type needs
    /// `want`.
    Stride {
        /// `"0,0"` or `"1,0"`.
        what: &'static str,
        /// The stride found.
        got: i64,
        /// The stride needed.
        want: i64,
        /// The layout type.
        layout_type: GmmaLayoutType,
    },
    /// The leading (`leading = true`) or stride byte offset is negative.
    Negative {
        /// LBO (true) or SBO.
        leading: bool,
        /// The offset.
        value: i64,
    },
}

impl Rule {
    /// The rule in words; `canonical` writes the divided layout where the
    /// rule names it ([`Rule::Profile`], [`Rule::Stride`]).
    pub fn write(&self, f: &mut fmt::Formatter<'_>, canonical: &dyn fmt::Display) -> fmt::Result {
        match *self {
            Rule::NotGmmaSwizzle {
                bits,
                base,
                shift,
                value_bits,
            } => {
                let log_n = per_u128(value_bits).map_or(0, i64::trailing_zeros);
                write!(
                    f,
                    "the swizzle Sw<{bits},{base},{shift}> of {value_bits}-bit elements is not a GMMA swizzle: \
                     Sw<B,{log_n},3> with B = 1, 2, 3 (Swizzle<B,4,3> on byte addresses) or none"
                )
            }
            Rule::Rank => f.write_str("the operand must be of rank 2, (MN,K)"),
            Rule::NotWholeUnits { size, stride, n } => write!(
                f,
                "its mode {size}:{stride} does not consist of whole 128-bit units ({n} elements)"
            ),
            Rule::MnSize { size } => write!(f, "the MN size {size} is not a multiple of 8"),
            Rule::KSizeK { size } => write!(
                f,
                "the K size {size} (in 128-bit units) is not 2 (dense) or 4 (sparse)"
            ),
            Rule::KSizeMn { size, value_bits } => write!(
                f,
                "the K size {size} is not {} (dense) or {} or {} (sparse), \
                 256/128/512 over {value_bits} bits",
                256 / value_bits,
                128 / value_bits,
                512 / value_bits
            ),
            Rule::Divide { t0, t1 } => {
                write!(f, "logical_divide(U, <{t0}:1,{t1}:1>) is not admissible")
            }
            Rule::Profile => write!(
                f,
                "the canonical layout {canonical} is not of the profile ((_,_),(_,_))"
            ),
            Rule::Stride {
                what,
                got,
                want,
                layout_type,
            } => write!(
                f,
                "stride<{what}> of the canonical layout {canonical} is {got}, \
                 {layout_type} needs {want}"
            ),
            Rule::Negative { leading, value } => {
                let name = if leading {
                    "leading byte offset"
                } else {
                    "stride byte offset"
                };
                write!(f, "its {name} {value} is negative")
            }
        }
    }
}

/// The tile `<t0:1,t1:1>` that CuTe's `make_gmma_desc<major>` divides the
/// operand `U` (in 128-bit units, of MN size `mn_size` units and K size
/// `k_size`: units for K-major, elements for MN-major) by, after checking
/// the sizes.
pub const fn canonical_tile(
    major: GmmaMajor,
    layout_type: GmmaLayoutType,
    value_bits: i64,
    mn_size: i64,
    k_size: i64,
) -> Result<(i64, i64), Rule> {
    match major {
        GmmaMajor::K => {
            if mn_size % 8 != 0 {
                return Err(Rule::MnSize { size: mn_size });
            }
            if k_size != 2 && k_size != 4 {
                return Err(Rule::KSizeK { size: k_size });
            }
            Ok((8, 2))
        }
        GmmaMajor::MN => {
            if value_bits < 1
                || (k_size != 256 / value_bits
                    && k_size != 128 / value_bits
                    && k_size != 512 / value_bits)
            {
                return Err(Rule::KSizeMn {
                    size: k_size,
                    value_bits,
                });
            }
            Ok((layout_type.width(), 8))
        }
    }
}

/// Why LBO/SBO cannot be written: a rule, or a field over 14 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OffsetError {
    /// The layout is not canonical.
    Rule(Rule),
    /// The leading (`leading = true`) or stride byte offset `value` does
    /// not fit 14 bits.
    Overflow {
        /// LBO (true) or SBO.
        leading: bool,
        /// The offset.
        value: i64,
    },
}

/// `(LBO, SBO)` of the canonical layout `C = logical_divide(U, tile)` of
/// profile `((_,_),(_,_))` whose four strides are `[C<0,0>, C<0,1>,
/// C<1,0>, C<1,1>]`, after checking the strides the layout type fixes:
///
/// * K-major: `C<0,0> = W`, and (swizzled) `C<1,0> = 1`; LBO = `C<1,0>`,
///   SBO = `C<0,1>`;
/// * MN-major: `C<1,0> = W`, and (swizzled) `C<0,0> = 1`; swizzled LBO =
///   `C<0,1>`, SBO = `C<1,1>`; interleaved LBO = `C<1,1>`, SBO = `C<0,1>`.
pub fn canonical_offsets(
    major: GmmaMajor,
    layout_type: GmmaLayoutType,
    [s00, s01, s10, s11]: [i64; 4],
) -> Result<(u16, u16), OffsetError> {
    let w = layout_type.width();
    let swizzled = layout_type != GmmaLayoutType::Interleave;
    let expect = |what: &'static str, got: i64, want: i64| {
        if got == want {
            Ok(())
        } else {
            Err(OffsetError::Rule(Rule::Stride {
                what,
                got,
                want,
                layout_type,
            }))
        }
    };
    let (lbo, sbo) = match major {
        GmmaMajor::K => {
            expect("0,0", s00, w)?;
            if swizzled {
                expect("1,0", s10, 1)?;
            }
            (s10, s01)
        }
        GmmaMajor::MN => {
            if swizzled {
                expect("0,0", s00, 1)?;
            }
            expect("1,0", s10, w)?;
            if swizzled { (s01, s11) } else { (s11, s01) }
        }
    };
    let field = |leading: bool, value: i64| {
        if value < 0 {
            return Err(OffsetError::Rule(Rule::Negative { leading, value }));
        }
        if value >= 1 << 14 {
            return Err(OffsetError::Overflow { leading, value });
        }
        Ok(value as u16)
    };
    Ok((field(true, lbo)?, field(false, sbo)?))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::format;
    use std::string::ToString;

    struct Text(Rule);
    impl fmt::Display for Text {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.write(f, &"C")
        }
    }

    #[test]
    fn fields_and_rules() {
        let d = GmmaDescriptor::new(GmmaLayoutType::B128, 0x40, 1, 64).unwrap();
        assert_eq!(d.bits(), 0x4000_0040_0001_0040);
        assert_eq!(
            d.to_string().lines().nth(5),
            Some("  layout_type:  0x1 (B128)")
        );
        assert!(format!("{d:?}").contains("layout_type: B128"));
        assert_eq!(d.offset(-0x41), None);
        assert_eq!(d.offset((1 << 14) - 0x40), None);
        assert_eq!(set(0, BASE, 8), None);
        assert_eq!(layout_type(3, 2, 3, 32), Some(GmmaLayoutType::B128));
        assert_eq!(layout_type(3, 4, 3, 16), None);
        assert_eq!(layout_type(0, 0, 0, 16), Some(GmmaLayoutType::Interleave));
        assert_eq!(start_address(0x400, 64, 16), Ok(0x48));
        assert_eq!(start_address(8, 0, 16), Err(StartError::Misaligned));
        assert_eq!(start_address(0, 3, 16), Err(StartError::Misaligned));
        assert_eq!(
            start_address(u32::MAX - 15, 0, 16),
            Err(StartError::Overflow)
        );
        assert!(whole_units(16, 1, 8) && !whole_units(12, 1, 8) && !whole_units(4, 2, 8));
        assert_eq!(
            canonical_tile(GmmaMajor::K, GmmaLayoutType::B128, 16, 8, 3),
            Err(Rule::KSizeK { size: 3 })
        );
        assert_eq!(
            canonical_tile(GmmaMajor::MN, GmmaLayoutType::B64, 16, 8, 16),
            Ok((4, 8))
        );
        let e = canonical_offsets(GmmaMajor::K, GmmaLayoutType::B128, [4, 32, 1, 0]).unwrap_err();
        assert_eq!(
            Text(match e {
                OffsetError::Rule(r) => r,
                OffsetError::Overflow { .. } => Rule::Profile,
            })
            .to_string(),
            "stride<0,0> of the canonical layout C is 4, B128 needs 8"
        );
        assert_eq!(
            canonical_offsets(GmmaMajor::K, GmmaLayoutType::B128, [8, 1 << 14, 1, 0]),
            Err(OffsetError::Overflow {
                leading: false,
                value: 1 << 14
            })
        );
        assert_eq!(
            canonical_offsets(GmmaMajor::MN, GmmaLayoutType::Interleave, [0, 8, 1, 64]),
            Ok((64, 8))
        );
    }
}
