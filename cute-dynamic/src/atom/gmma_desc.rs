//! SM90 GMMA shared-memory matrix descriptors (CuTe's `GmmaDescriptor`,
//! `GMMA::make_gmma_desc<Major>` and `GMMA::DescriptorIterator`);
//! docs/semantics/tensors-and-atoms.md#gmma-descriptors-and-descriptor-fragments.
//!
//! A `wgmma.mma_async` operand read from shared memory is named by a 64-bit
//! descriptor (PTX ISA, "Matrix Descriptor Format"), with the fields
//!
//! | bits | field | unit |
//! |---|---|---|
//! | `[0,14)` | `start_address` | byte address `>> 4` |
//! | `[16,30)` | `leading_byte_offset` (LBO) | bytes `>> 4` |
//! | `[32,46)` | `stride_byte_offset` (SBO) | bytes `>> 4` |
//! | `[49,52)` | `base_offset` | (CuTe always writes 0) |
//! | `[62,64)` | `layout_type` | `INTERLEAVE = 0`, `B128 = 1`, `B64 = 2`, `B32 = 3` |
//!
//! [`make_gmma_desc`] follows CuTe's definition. The operand's layout is
//! recast to 128-bit units (`upcast<128 / bits>`); its swizzle gives the
//! layout type (in element units, this crate's convention, the swizzle
//! `Swizzle<B,4,3>` on byte addresses is `Sw<B, log2(128/bits), 3>`:
//! `B = 0` or no swizzle is `INTERLEAVE`, 1 is `B32`, 2 is `B64`, 3 is
//! `B128`); with `W` = 1, 2, 4, 8 the width of a swizzle row in 128-bit
//! units (`INTERLEAVE`, `B32`, `B64`, `B128`), the rank-2 `(MN,K)` layout
//! `U` in 128-bit units must be one of the canonical forms
//!
//! * K-major: `size(U<0>)` a multiple of 8, `size(U<1>)` 2 (dense) or 4
//!   (sparse), and `C = logical_divide(U, <8:1,2:1>)` of the profile
//!   `((_,_),(_,_))` with `C<0,0>` of stride `W` and (swizzled) `C<1,0>` of
//!   stride 1: `((8,m),(2,1)):((W,SBO),(LBO,_))`, LBO = 1 when swizzled;
//! * MN-major: `size(U<1>)` (the K extent, which the recast leaves in
//!   elements) `256/bits` (dense) or `128/bits`, `512/bits` (sparse), and
//!   `C = logical_divide(U, <W:1,8:1>)` of the profile `((_,_),(_,_))` with
//!   `C<1,0>` of stride `W` and (swizzled) `C<0,0>` of stride 1: swizzled
//!   `((W,m),(8,k)):((1,LBO),(W,SBO))`, interleaved
//!   `((1,m),(8,k)):((_,SBO),(1,LBO))`.
//!
//! The start address is the operand's unswizzled address (the swizzle is
//! applied by the hardware on address bits), so a [`SwizzledLayout`]'s
//! offset `O` is part of it.
//!
//! ```
//! use cute_dynamic::{make_gmma_desc, GmmaLayoutType, GmmaMajor, SwizzledLayout};
//! // A 64x16 K-major tile of 16-bit values, 128-byte swizzle: 8 rows of
//! // 128 bytes (8 uint128_t) per swizzle atom, atoms 1024 bytes apart.
//! let s: SwizzledLayout = "Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)".parse()?;
//! let d = make_gmma_desc(GmmaMajor::K, &s, 16, 0x400)?;
//! assert_eq!(d.layout_type(), GmmaLayoutType::B128);
//! assert_eq!((d.start_address(), d.leading_byte_offset(), d.stride_byte_offset()), (0x40, 1, 64));
//! assert_eq!(d.bits(), 0x4000_0040_0001_0040);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::fmt;

use crate::algebra::divide::logical_divide;
use crate::algebra::recast::upcast;
use crate::data::layout::Layout;
use crate::data::swizzle::{Swizzle, SwizzledLayout};
use crate::data::tiler::Tiler;
use crate::error::LayoutError;
use crate::kernel::tensor::Engine;
#[allow(unused_imports)]
use crate::prelude::*;

use cute_core::gmma::{self as core_gmma, Rule};
pub use cute_core::gmma::{GmmaLayoutType, GmmaMajor};

/// A 64-bit SM90 GMMA shared-memory matrix descriptor (CuTe's
/// `GmmaDescriptor`); see the module documentation for the fields.
///
/// ```
/// use cute_dynamic::{GmmaDescriptor, GmmaLayoutType};
/// let mut d = GmmaDescriptor::default();
/// d.set_start_address(0x40)?;
/// d.set_leading_byte_offset(128)?;
/// d.set_stride_byte_offset(8)?;
/// d.set_layout_type(GmmaLayoutType::Interleave);
/// assert_eq!(d.bits(), 0x0000_0008_0080_0040);
/// assert_eq!(d.to_string().lines().nth(2), Some("  leading_off:  0x0080 (128)"));
/// assert_eq!(d.set_start_address(1 << 14).unwrap_err().kind(), "overflow");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct GmmaDescriptor(u64);

use cute_core::gmma::{BASE, Field, LAYOUT, LBO, SBO, START};

impl GmmaDescriptor {
    /// The descriptor of raw bits `bits`.
    pub const fn from_bits(bits: u64) -> Self {
        GmmaDescriptor(bits)
    }

    /// The raw 64 bits.
    pub const fn bits(self) -> u64 {
        self.0
    }

    const fn get(self, field: Field) -> u16 {
        core_gmma::get(self.0, field) as u16
    }

    fn set(&mut self, field: &'static str, bits: Field, v: u64) -> Result<(), LayoutError> {
        self.0 = core_gmma::set(self.0, bits, v).ok_or_else(|| {
            LayoutError::overflow(
                "GmmaDescriptor field",
                format!("{field} = {v} (a {}-bit field)", bits.1),
            )
        })?;
        Ok(())
    }

    /// `start_address_`: the byte address `>> 4` (14 bits).
    pub const fn start_address(self) -> u16 {
        self.get(START)
    }
    /// `leading_byte_offset_`: LBO in bytes `>> 4` (14 bits).
    pub const fn leading_byte_offset(self) -> u16 {
        self.get(LBO)
    }
    /// `stride_byte_offset_`: SBO in bytes `>> 4` (14 bits).
    pub const fn stride_byte_offset(self) -> u16 {
        self.get(SBO)
    }
    /// `base_offset_` (3 bits).
    pub const fn base_offset(self) -> u8 {
        self.get(BASE) as u8
    }
    /// `layout_type_` (2 bits).
    pub const fn layout_type(self) -> GmmaLayoutType {
        GmmaLayoutType::from_field(self.get(LAYOUT) as u8)
    }

    /// Sets `start_address_`; a value of more than 14 bits is an
    /// `overflow` error (the descriptor is unchanged).
    pub fn set_start_address(&mut self, v: u16) -> Result<(), LayoutError> {
        self.set("start_address", START, u64::from(v))
    }
    /// Sets `leading_byte_offset_` (14 bits, else `overflow`).
    pub fn set_leading_byte_offset(&mut self, v: u16) -> Result<(), LayoutError> {
        self.set("leading_byte_offset", LBO, u64::from(v))
    }
    /// Sets `stride_byte_offset_` (14 bits, else `overflow`).
    pub fn set_stride_byte_offset(&mut self, v: u16) -> Result<(), LayoutError> {
        self.set("stride_byte_offset", SBO, u64::from(v))
    }
    /// Sets `base_offset_` (3 bits, else `overflow`).
    pub fn set_base_offset(&mut self, v: u8) -> Result<(), LayoutError> {
        self.set("base_offset", BASE, u64::from(v))
    }
    /// Sets `layout_type_`.
    pub fn set_layout_type(&mut self, t: GmmaLayoutType) {
        let mask = 3u64 << LAYOUT.0;
        self.0 = (self.0 & !mask) | (u64::from(t.field()) << LAYOUT.0);
    }

    /// The descriptor advanced by `offset` 128-bit units (CuTe's
    /// `DescriptorIterator + offset`, which adds to the raw 64 bits, that
    /// is to `start_address_`); `None` when the start address would leave
    /// its 14 bits (CuTe would carry into the next field).
    pub fn offset(self, offset: i64) -> Option<GmmaDescriptor> {
        core_gmma::GmmaDescriptor::from_bits(self.0)
            .offset(offset)
            .map(|d| GmmaDescriptor(d.bits()))
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

impl fmt::Display for GmmaDescriptor {
    /// CuTe's `print(GmmaDescriptor)`, without the final newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        core_gmma::write_descriptor(self.0, f)
    }
}

impl fmt::Debug for GmmaDescriptor {
    /// cute-core's (the same fields).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&core_gmma::GmmaDescriptor::from_bits(self.0), f)
    }
}

/// CuTe's `GMMA::DescriptorIterator`: the accessor of a descriptor
/// fragment. Offset `o` (in 128-bit units) dereferences to the base
/// descriptor advanced by `o` ([`GmmaDescriptor::offset`]); an offset that
/// would leave the 14-bit start address reads as outside the storage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DescriptorIterator(pub GmmaDescriptor);

impl Engine<i64> for DescriptorIterator {
    type Value = GmmaDescriptor;
    fn extent(&self) -> Option<usize> {
        None
    }
    fn read(&self, off: &i64) -> Option<GmmaDescriptor> {
        self.0.offset(*off)
    }
}

/// A shared-memory operand layout for [`make_gmma_desc`]: a [`Layout`]
/// (no swizzle, offset 0) or a [`SwizzledLayout`] `Sw ∘ O ∘ L`, offsets in
/// elements.
pub trait SmemLayout {
    /// `(swizzle, offset, layout)`.
    fn smem_parts(&self) -> (Swizzle, i64, &Layout);
}

impl SmemLayout for Layout {
    fn smem_parts(&self) -> (Swizzle, i64, &Layout) {
        (Swizzle::identity(), 0, self)
    }
}

impl SmemLayout for SwizzledLayout {
    fn smem_parts(&self) -> (Swizzle, i64, &Layout) {
        (self.swizzle(), self.offset(), self.layout())
    }
}

/// A [`Rule`] in words, with the divided layout it may name.
struct RuleText<'a>(Rule, &'a dyn fmt::Display);

impl fmt::Display for RuleText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, self.1)
    }
}

fn rule_text(rule: Rule, canonical: &dyn fmt::Display) -> String {
    RuleText(rule, canonical).to_string()
}

/// The number of 128-bit units' worth of elements of `value_bits` bits,
/// `128 / value_bits`, checked.
pub(crate) fn per_u128(value_bits: i64) -> Result<i64, LayoutError> {
    core_gmma::per_u128(value_bits).ok_or_else(|| LayoutError::InvalidArgument {
        operation: "make_gmma_desc",
        argument: "value_bits",
        value: value_bits.to_string(),
        reason: "must divide 128 (a power of two from 1 to 128)".to_string(),
    })
}

/// Recasts `l` (elements of `128 / n` bits) to 128-bit units, checking it is
/// made of whole 128-bit units: every leaf of stride ±1 and size > 1 has a
/// size divisible by `n`, every other nonzero stride is divisible by `n`.
pub(crate) fn to_u128(l: &Layout, n: i64) -> Result<Layout, Option<String>> {
    for (s, d) in l.leaf_modes() {
        if !core_gmma::whole_units(s, d, n) {
            let rule = Rule::NotWholeUnits {
                size: s,
                stride: d,
                n,
            };
            return Err(Some(rule_text(rule, &"")));
        }
    }
    if n == 1 {
        return Ok(l.clone());
    }
    upcast(n, l).map_err(|_| None)
}

/// CuTe's `GMMA::make_gmma_desc<Major>(tensor)` for the rank-2 `(MN,K)`
/// shared-memory operand `smem` of `value_bits`-bit elements whose element
/// offset 0 lies at byte address `smem_address` (see the module
/// documentation for the canonical forms; `base_offset` is 0, as in CuTe).
///
/// Errors: `non_canonical_gmma_layout` when the swizzle is not a GMMA
/// swizzle or the layout is not the canonical form of `major` (the error
/// names the rule and gives the operand in 128-bit units);
/// `invalid_argument` for `value_bits` not dividing 128, or a start
/// address not 16-byte aligned; `overflow` when the start address, LBO or
/// SBO do not fit their 14 bits.
///
/// ```
/// use cute_dynamic::{make_gmma_desc, GmmaMajor, Layout};
/// // Interleaved (no swizzle) K-major 64x16 of 16-bit values: 8x1 core
/// // matrices of 128 bits, 8 rows apart, the two K halves 64 units apart.
/// let l: Layout = "((8,8),(8,2)):((8,64),(1,512))".parse()?;
/// let d = make_gmma_desc(GmmaMajor::K, &l, 16, 0)?;
/// assert_eq!((d.leading_byte_offset(), d.stride_byte_offset()), (64, 8));
/// // Row-major rows are 2 units apart; an interleaved core matrix needs its
/// // 8 rows 1 unit apart (stride W = 1): not a K-major GMMA layout.
/// let e = make_gmma_desc(GmmaMajor::K, &"(64,16):(16,1)".parse::<Layout>()?, 16, 0).unwrap_err();
/// assert_eq!(e.kind(), "non_canonical_gmma_layout");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_gmma_desc<L: SmemLayout + ?Sized>(
    major: GmmaMajor,
    smem: &L,
    value_bits: i64,
    smem_address: u32,
) -> Result<GmmaDescriptor, LayoutError> {
    let n = per_u128(value_bits)?;
    let (sw, offset, layout) = smem.smem_parts();
    let not_canonical = |u: String, rule: String| LayoutError::NonCanonicalGmmaLayout {
        major: major.name(),
        layout: u,
        rule,
    };
    // The layout type of the swizzle (in element units Sw<B, log2(n), 3>).
    let Some(layout_type) = core_gmma::layout_type(sw.bits(), sw.base(), sw.shift(), value_bits)
    else {
        let rule = Rule::NotGmmaSwizzle {
            bits: sw.bits(),
            base: sw.base(),
            shift: sw.shift(),
            value_bits,
        };
        return Err(not_canonical(
            format!("{sw} o {layout}"),
            rule_text(rule, &""),
        ));
    };
    // The start address: the unswizzled byte address of element 0.
    let start = core_gmma::start_address(smem_address, offset, value_bits).map_err(|e| {
        let value = format!("{smem_address} + {offset} elements of {value_bits} bits");
        match e {
            core_gmma::StartError::Misaligned => LayoutError::InvalidArgument {
                operation: "make_gmma_desc",
                argument: "start address",
                value,
                reason: "must be a non-negative multiple of 16 bytes".to_string(),
            },
            core_gmma::StartError::Overflow => {
                LayoutError::overflow("make_gmma_desc start address", value)
            }
        }
    })?;
    // The operand in 128-bit units.
    if layout.shape().is_int() || layout.rank() != 2 {
        return Err(not_canonical(
            format!("{sw} o {layout}"),
            rule_text(Rule::Rank, &""),
        ));
    }
    let u = match to_u128(layout, n) {
        Ok(u) => u,
        Err(why) => {
            return Err(not_canonical(
                format!("{sw} o {layout}"),
                why.unwrap_or_else(|| "it cannot be recast to 128-bit units".to_string()),
            ));
        }
    };
    let swizzled = layout_type != GmmaLayoutType::Interleave;
    // The operand as the error shows it: in 128-bit units, where the
    // swizzle is Sw<B,0,3>.
    let shown_u = if swizzled {
        format!("Sw<{},0,3> o {u}", layout_type.swizzle_bits())
    } else {
        u.to_string()
    };
    let size_of = |i: usize| u.mode(i).map(|m| m.size()).unwrap_or(0);
    let tile = |a: i64, b: i64| Tiler::Modes(vec![Tiler::Int(a), Tiler::Int(b)]);
    let (t0, t1) =
        core_gmma::canonical_tile(major, layout_type, value_bits, size_of(0), size_of(1))
            .map_err(|rule| not_canonical(shown_u.clone(), rule_text(rule, &"")))?;
    // A divide that is not admissible (CuTe's static assertion) is a
    // non-canonical layout too; an overflow stays one.
    let canonical = logical_divide(&u, &tile(t0, t1)).map_err(|e| match e {
        LayoutError::Overflow { .. } => e,
        _ => not_canonical(
            shown_u.clone(),
            format!("{}: {e}", rule_text(Rule::Divide { t0, t1 }, &"")),
        ),
    })?;
    // The profile ((_,_),(_,_)), and its four strides.
    let stride = |i: usize, j: usize| -> Option<i64> {
        let m = canonical.as_ref().mode(i)?;
        if m.is_int() || m.rank() != 2 {
            return None;
        }
        let leaf = m.mode(j)?;
        if !leaf.is_int() {
            return None;
        }
        leaf.leaf_modes().next().map(|(_, d)| d)
    };
    let strides = (|| Some([stride(0, 0)?, stride(0, 1)?, stride(1, 0)?, stride(1, 1)?]))();
    let Some(strides) = strides else {
        return Err(not_canonical(shown_u, rule_text(Rule::Profile, &canonical)));
    };
    let (lbo, sbo) =
        core_gmma::canonical_offsets(major, layout_type, strides).map_err(|e| match e {
            core_gmma::OffsetError::Rule(rule) => {
                not_canonical(shown_u.clone(), rule_text(rule, &canonical))
            }
            core_gmma::OffsetError::Overflow { leading, value } => {
                let name = if leading {
                    "leading byte offset"
                } else {
                    "stride byte offset"
                };
                LayoutError::overflow(
                    "make_gmma_desc",
                    format!("{name} {value} of {shown_u} (14 bits)"),
                )
            }
        })?;
    let mut d = GmmaDescriptor::default();
    d.set_layout_type(layout_type);
    d.set_start_address(start)?;
    d.set_leading_byte_offset(lbo)?;
    d.set_stride_byte_offset(sbo)?;
    Ok(d)
}

/// A shared-memory operand in text: a swizzled layout `Sw<B,M,S> o OFFSET
/// o LAYOUT` (or `Sw<B,M,S> o LAYOUT`), else a plain layout (no swizzle,
/// offset 0).
pub fn smem_layout(text: &str) -> Result<SwizzledLayout, LayoutError> {
    if text.trim_start().starts_with("Sw<") {
        text.parse()
    } else {
        Ok(SwizzledLayout::new(Swizzle::identity(), 0, text.parse()?))
    }
}

/// A major in text: `K`, `MN`, or CUTLASS's `GMMA::Major::K`,
/// `GMMA::Major::MN` (`cute::` qualifiers dropped).
pub fn gmma_major(text: &str) -> Option<GmmaMajor> {
    let key = crate::atom::names::normalize(text);
    use crate::atom::gmma::major_from_name;
    major_from_name(&key).or_else(|| major_from_name(&format!("GMMA::Major::{key}")))
}

/// The byte address the hardware reads for element `(mn, k)` of the
/// operand a descriptor names, from the PTX ISA's canonical layouts
/// (written in elements, `T = 128/bits` elements a 16-byte unit, LBO
/// and SBO in units), independently of `make_gmma_desc`:
///
/// * K-major: `((8,m),(T,2k)):((W·T,SBO),(1,LBO))` interleaved,
///   `((8,m),(T,2k)):((W·T,SBO),(1,T))` swizzled;
/// * MN-major: `((T,1,m),(8,k)):((1,T,SBO),(T,LBO))` interleaved,
///   `((T,W,m),(8,k)):((1,T,LBO),(W·T,SBO))` swizzled;
///
/// then `Swizzle<B,4,3>` on the byte address (bits `[7,7+B)` into
/// `[4,4+B)`). The law of `make_gmma_desc` (`cute_tools::laws::check_gmma_desc`) and
/// the tests read descriptors with it.
pub fn canonical_address(d: GmmaDescriptor, major: GmmaMajor, bits: i64, mn: i64, k: i64) -> i64 {
    let per = 128 / bits;
    let t = d.layout_type();
    let w = t.width();
    let interleaved = t == GmmaLayoutType::Interleave;
    let (lbo, sbo) = (
        i64::from(d.leading_byte_offset()),
        i64::from(d.stride_byte_offset()),
    );
    let (units, r) = match major {
        GmmaMajor::K => {
            let (ku, r) = (k / per, k % per);
            let along_k = if interleaved { ku * lbo } else { ku };
            ((mn % 8) * w + (mn / 8) * sbo + along_k, r)
        }
        GmmaMajor::MN => {
            let (mu, r) = (mn / per, mn % per);
            let (k8, kj) = (k % 8, k / 8);
            if interleaved {
                (mu * sbo + k8 + kj * lbo, r)
            } else {
                ((mu % w) + (mu / w) * lbo + k8 * w + kj * sbo, r)
            }
        }
    };
    let addr = (i64::from(d.start_address()) + units) * 16 + r * bits / 8;
    let b = t.swizzle_bits();
    addr ^ ((addr >> 3) & (((1 << b) - 1) << 4))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom::mma::mma_atom;
    use crate::atom::tiled_mma::{MmaFragment, MmaOperand, make_tiled_mma};
    use crate::data::coordinate::Coord;

    fn sw(text: &str) -> SwizzledLayout {
        text.parse().unwrap()
    }

    fn layout(text: &str) -> Layout {
        text.parse().unwrap()
    }

    /// The raw bits of a descriptor, from its fields as the PTX ISA places
    /// them (written out here, independently of the setters).
    fn raw(t: u64, start: u64, lbo: u64, sbo: u64) -> u64 {
        (t << 62) | (sbo << 32) | (lbo << 16) | start
    }

    fn desc(major: GmmaMajor, l: &dyn SmemLayoutDyn, bits: i64, addr: u32) -> GmmaDescriptor {
        l.desc(major, bits, addr).unwrap()
    }

    /// `make_gmma_desc` and evaluation through a trait object (Layout or
    /// SwizzledLayout).
    trait SmemLayoutDyn {
        fn desc(
            &self,
            major: GmmaMajor,
            bits: i64,
            addr: u32,
        ) -> Result<GmmaDescriptor, LayoutError>;
        fn offset_of(&self, mn: i64, k: i64) -> i64;
    }
    impl<T: SmemLayout> SmemLayoutDyn for T {
        fn desc(
            &self,
            major: GmmaMajor,
            bits: i64,
            addr: u32,
        ) -> Result<GmmaDescriptor, LayoutError> {
            make_gmma_desc(major, self, bits, addr)
        }
        fn offset_of(&self, mn: i64, k: i64) -> i64 {
            let (sw, o, l) = self.smem_parts();
            let c = crate::data::int_tuple::IntTuple::flat([mn, k]);
            sw.apply(o + l.call_coord(&c).unwrap())
        }
    }

    /// K-major 64 (M) x 16 (K) tiles of 16-bit values (8 per 128-bit unit),
    /// at byte address 0x400 (start address field 0x40). In 128-bit units
    /// (`upcast<8>`, strides / 8, the contiguous K mode 16:1 -> 2:1) and
    /// divided by `<8:1,2:1>`:
    ///
    /// * B128, `Sw<3,3,3> o ((8,8),16):((64,512),1)` (CuTe's
    ///   `Layout_K_SW128_Atom` repeated down M): `U = ((8,8),2):((8,64),1)`,
    ///   `C = ((8,8),(2,1)):((8,64),(1,_))`; `C<0,0>` = 8 = W, `C<1,0>` = 1;
    ///   SBO = `C<0,1>` = 64 (1024 bytes between 8-row groups), LBO = 1;
    ///   type 1.
    /// * B64, `Sw<2,3,3> o ((8,8),16):((32,256),1)`: `U = ((8,8),2):((4,32),1)`,
    ///   W = 4, SBO = 32, LBO = 1, type 2.
    /// * B32, `Sw<1,3,3> o ((8,8),16):((16,128),1)`: `U = ((8,8),2):((2,16),1)`,
    ///   W = 2, SBO = 16, LBO = 1, type 3.
    /// * INTERLEAVE, `((8,8),(8,2)):((8,64),(1,512))` (8x8 core matrices of
    ///   64 contiguous elements, down M first): `U = ((8,8),(1,2)):((1,8),(1,64))`,
    ///   `C = ((8,8),(2,1)):((1,8),(64,_))`; W = 1; SBO = 8 (128 bytes
    ///   between core matrices along M), LBO = `C<1,0>` = 64 (the second
    ///   K half 1024 bytes on); type 0.
    #[test]
    fn k_major_each_swizzle() {
        let k = GmmaMajor::K;
        let cases: [(&dyn SmemLayoutDyn, u64); 4] = [
            (
                &sw("Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)"),
                raw(1, 0x40, 1, 64),
            ),
            (
                &sw("Sw<2,3,3> o 0 o ((8,8),16):((32,256),1)"),
                raw(2, 0x40, 1, 32),
            ),
            (
                &sw("Sw<1,3,3> o 0 o ((8,8),16):((16,128),1)"),
                raw(3, 0x40, 1, 16),
            ),
            (
                &layout("((8,8),(8,2)):((8,64),(1,512))"),
                raw(0, 0x40, 64, 8),
            ),
        ];
        for (l, want) in cases {
            let d = desc(k, l, 16, 0x400);
            assert_eq!(d.bits(), want, "{d}");
        }
        let d = desc(k, &sw("Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)"), 16, 0x400);
        assert_eq!(d.layout_type(), GmmaLayoutType::B128);
        assert_eq!(
            (
                d.start_address(),
                d.leading_byte_offset(),
                d.stride_byte_offset(),
                d.base_offset()
            ),
            (0x40, 1, 64, 0)
        );
        // 32-bit values (tf32), 4 per unit: B128 rows of 32, K = 8 -> 2 units.
        // U = ((8,8),2):((8,64),1) again: the same descriptor.
        let tf32 = desc(k, &sw("Sw<3,2,3> o 0 o ((8,8),8):((32,256),1)"), 32, 0x400);
        assert_eq!(tf32.bits(), raw(1, 0x40, 1, 64));
        // The swizzled layout's offset is part of the start address: 64
        // 16-bit elements = 128 bytes = 8 units.
        let moved = desc(
            k,
            &sw("Sw<3,3,3> o 64 o ((8,8),16):((64,512),1)"),
            16,
            0x400,
        );
        assert_eq!(moved.start_address(), 0x48);
    }

    /// MN-major tiles of 16-bit values, K = 16 = 256/16 (dense), each
    /// CuTe's `Layout_MN_SW*_Atom` `(W·8, 8):(1, W·8)` (in elements) tiled
    /// down MN then K. In 128-bit units, divided by `<W:1,8:1>`:
    ///
    /// * B128, 128x16, `Sw<3,3,3> o ((64,2),(8,2)):((1,512),(64,1024))`:
    ///   `U = ((8,2),(8,2)):((1,64),(8,128))` = `C`; `C<0,0>` = 1,
    ///   `C<1,0>` = 8 = W; LBO = `C<0,1>` = 64 (the next 64 MN elements,
    ///   1024 bytes on), SBO = `C<1,1>` = 128 (the next 8 K, 2048 bytes on);
    ///   type 1.
    /// * B64, 64x16, `Sw<2,3,3> o ((32,2),(8,2)):((1,256),(32,512))`:
    ///   `U = ((4,2),(8,2)):((1,32),(4,64))`; LBO = 32, SBO = 64; type 2.
    /// * B32, 64x16, `Sw<1,3,3> o ((16,4),(8,2)):((1,128),(16,512))`:
    ///   `U = ((2,4),(8,2)):((1,16),(2,64))`; LBO = 16, SBO = 64; type 3.
    /// * INTERLEAVE, 64x16, `((8,8),(8,2)):((1,64),(8,512))`:
    ///   `U = ((1,8),(8,2)):((1,8),(1,64))`, `C<1,0>` = 1 = W; SBO =
    ///   `C<0,1>` = 8 (core matrices along MN 128 bytes apart), LBO =
    ///   `C<1,1>` = 64 (along K, 1024 bytes apart); type 0.
    #[test]
    fn mn_major_each_swizzle() {
        let mn = GmmaMajor::MN;
        let cases: [(&dyn SmemLayoutDyn, u64); 4] = [
            (
                &sw("Sw<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))"),
                raw(1, 0, 64, 128),
            ),
            (
                &sw("Sw<2,3,3> o 0 o ((32,2),(8,2)):((1,256),(32,512))"),
                raw(2, 0, 32, 64),
            ),
            (
                &sw("Sw<1,3,3> o 0 o ((16,4),(8,2)):((1,128),(16,512))"),
                raw(3, 0, 16, 64),
            ),
            (&layout("((8,8),(8,2)):((1,64),(8,512))"), raw(0, 0, 64, 8)),
        ];
        for (l, want) in cases {
            let d = desc(mn, l, 16, 0);
            assert_eq!(d.bits(), want, "{d}");
        }
        // 8-bit values, K = 32 = 256/8: B128 atom (128,8):(1,128) tiled
        // twice down K: U = (8,(8,4)):(1,(8,64)), C = ((8,1),(8,4)); LBO is
        // the stride of the size-1 mode, SBO = 64.
        let e4m3 = desc(mn, &sw("Sw<3,4,3> o 0 o (128,(8,4)):(1,(128,1024))"), 8, 0);
        assert_eq!(
            (e4m3.layout_type(), e4m3.stride_byte_offset()),
            (GmmaLayoutType::B128, 64)
        );
    }

    #[test]
    fn non_canonical_layouts_are_named_errors() {
        let kind = |r: Result<GmmaDescriptor, LayoutError>| r.unwrap_err().kind();
        let k = GmmaMajor::K;
        // 128-byte swizzle with 64-byte rows: C<0,0> = 4, B128 needs 8.
        let e =
            make_gmma_desc(k, &sw("Sw<3,3,3> o 0 o ((8,8),16):((32,256),1)"), 16, 0).unwrap_err();
        assert_eq!(e.kind(), "non_canonical_gmma_layout");
        let text = e.to_string();
        assert!(
            text.contains("GMMA::Major::K") && text.contains("Sw<3,0,3> o ((8,8),2):((4,32),1)"),
            "{text}"
        );
        assert!(
            text.contains("stride<0,0>") && text.contains("B128 needs 8"),
            "{text}"
        );
        // The byte swizzle Swizzle<3,4,3> written for 8-bit elements used
        // with 16-bit ones (it would be Swizzle<3,5,3> on bytes).
        assert_eq!(
            kind(make_gmma_desc(
                k,
                &sw("Sw<3,4,3> o 0 o ((8,8),16):((64,512),1)"),
                16,
                0
            )),
            "non_canonical_gmma_layout"
        );
        // K = 24 elements = 3 units.
        assert_eq!(
            kind(make_gmma_desc(
                k,
                &sw("Sw<3,3,3> o 0 o ((8,8),24):((64,512),1)"),
                16,
                0
            )),
            "non_canonical_gmma_layout"
        );
        // MN = 60 rows.
        assert_eq!(
            kind(make_gmma_desc(
                k,
                &layout("((4,15),(8,2)):((8,32),(1,512))"),
                16,
                0
            )),
            "non_canonical_gmma_layout"
        );
        // Blocks of 4 contiguous rows, 8 units apart: logical_divide by 8:1
        // gives ((4,2),8), not a leaf.
        let e = make_gmma_desc(k, &layout("((4,16),(8,2)):((8,64),(1,1024))"), 16, 0).unwrap_err();
        assert!(e.to_string().contains("profile"), "{e}");
        // 12 contiguous rows then a jump: 8:1 does not divide (12,2):(1,25).
        let e = make_gmma_desc(k, &layout("((12,2),(8,2)):((8,200),(1,2000))"), 16, 0).unwrap_err();
        assert_eq!(e.kind(), "non_canonical_gmma_layout");
        assert!(
            e.to_string().contains("logical_divide(U, <8:1,2:1>)"),
            "{e}"
        );
        // A K mode of stride 2: not whole 128-bit units.
        assert_eq!(
            kind(make_gmma_desc(k, &layout("(64,16):(32,2)"), 16, 0)),
            "non_canonical_gmma_layout"
        );
        // Rank 3.
        assert_eq!(
            kind(make_gmma_desc(k, &layout("(8,8,16):(8,64,1)"), 16, 0)),
            "non_canonical_gmma_layout"
        );
        // MN-major with K = 24 (not 256/16 = 16, nor 8 or 32 for sparse).
        assert_eq!(
            kind(make_gmma_desc(
                GmmaMajor::MN,
                &sw("Sw<3,3,3> o 0 o (64,(8,3)):(1,(64,512))"),
                16,
                0
            )),
            "non_canonical_gmma_layout"
        );
        // MN-major B64 rows of 64 elements: C<1,0> = 8, B64 needs 4.
        assert_eq!(
            kind(make_gmma_desc(
                GmmaMajor::MN,
                &sw("Sw<2,3,3> o 0 o (64,(8,2)):(1,(64,512))"),
                16,
                0
            )),
            "non_canonical_gmma_layout"
        );
        // Arguments and overflow.
        let ok = sw("Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)");
        assert_eq!(kind(make_gmma_desc(k, &ok, 24, 0)), "invalid_argument");
        assert_eq!(kind(make_gmma_desc(k, &ok, 16, 8)), "invalid_argument");
        assert_eq!(
            kind(make_gmma_desc(
                k,
                &sw("Sw<3,3,3> o 3 o ((8,8),16):((64,512),1)"),
                16,
                0
            )),
            "invalid_argument"
        );
        assert_eq!(kind(make_gmma_desc(k, &ok, 16, 1 << 18)), "overflow");
        assert!(make_gmma_desc(k, &ok, 16, (1 << 18) - 16).is_ok());
        // SBO of 2^14 units.
        assert_eq!(
            kind(make_gmma_desc(
                k,
                &sw("Sw<3,3,3> o 0 o ((8,8),16):((64,131072),1)"),
                16,
                0
            )),
            "overflow"
        );
        assert_eq!(
            kind(make_gmma_desc(
                k,
                &sw("Sw<3,3,3> o 0 o ((8,8),16):((64,-512),1)"),
                16,
                0
            )),
            "non_canonical_gmma_layout"
        );
    }

    #[test]
    fn descriptor_fields_and_printing() {
        let d = GmmaDescriptor::from_bits(0x0000_0008_0080_0040);
        assert_eq!(
            d.to_string(),
            "GmmaDescriptor: 0x0000000800800040\n  start_addr :  0x0040\n  leading_off:  0x0080 (128)\n  \
             stride_off :  0x0008 (8)\n  base_offset:  0x0\n  layout_type:  0x0 (INTERLEAVE)"
        );
        let mut e = GmmaDescriptor::default();
        e.set_layout_type(GmmaLayoutType::B32);
        e.set_base_offset(5).unwrap();
        e.set_stride_byte_offset(0x3fff).unwrap();
        assert_eq!(e.bits(), (3 << 62) | (5 << 49) | (0x3fff << 32));
        assert_eq!(e.set_base_offset(8).unwrap_err().kind(), "overflow");
        assert_eq!(
            e.set_leading_byte_offset(1 << 14).unwrap_err().kind(),
            "overflow"
        );
        assert_eq!(
            (e.base_offset(), e.layout_type(), e.leading_byte_offset()),
            (5, GmmaLayoutType::B32, 0)
        );
        assert!(format!("{e:?}").contains("layout_type: B32"));
        for t in [
            GmmaLayoutType::Interleave,
            GmmaLayoutType::B128,
            GmmaLayoutType::B64,
            GmmaLayoutType::B32,
        ] {
            assert_eq!(GmmaLayoutType::from_field(t.field()), t);
        }
        assert_eq!(d.offset(3).map(u64::from), Some(0x0000_0008_0080_0043));
        assert_eq!(GmmaDescriptor::from(d.bits()), d);
        assert_eq!(d.offset(-0x40).map(|x| x.start_address()), Some(0));
        assert_eq!(d.offset(-0x41), None);
        assert_eq!(d.offset((1 << 14) - 0x40), None);
    }

    /// The byte address of element `(mn, k)` of `smem` (element offsets,
    /// swizzled in element units) at byte address `base`.
    fn address(smem: &dyn SmemLayoutDyn, bits: i64, base: u32, mn: i64, k: i64) -> i64 {
        i64::from(base) + smem.offset_of(mn, k) * bits / 8
    }

    /// A major, an operand of elements of so many bits, and its extents.
    type Case<'a> = (GmmaMajor, &'a dyn SmemLayoutDyn, i64, (i64, i64));

    /// Every element of every canonical operand above is read from where
    /// the operand's layout puts it.
    #[test]
    fn descriptors_address_every_element() {
        let cases: [Case<'_>; 10] = [
            (
                GmmaMajor::K,
                &sw("Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)"),
                16,
                (64, 16),
            ),
            (
                GmmaMajor::K,
                &sw("Sw<2,3,3> o 0 o ((8,8),16):((32,256),1)"),
                16,
                (64, 16),
            ),
            (
                GmmaMajor::K,
                &sw("Sw<1,3,3> o 0 o ((8,8),16):((16,128),1)"),
                16,
                (64, 16),
            ),
            (
                GmmaMajor::K,
                &layout("((8,8),(8,2)):((8,64),(1,512))"),
                16,
                (64, 16),
            ),
            (
                GmmaMajor::K,
                &sw("Sw<3,2,3> o 0 o ((8,8),8):((32,256),1)"),
                32,
                (64, 8),
            ),
            (
                GmmaMajor::MN,
                &sw("Sw<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))"),
                16,
                (128, 16),
            ),
            (
                GmmaMajor::MN,
                &sw("Sw<2,3,3> o 0 o ((32,2),(8,2)):((1,256),(32,512))"),
                16,
                (64, 16),
            ),
            (
                GmmaMajor::MN,
                &sw("Sw<1,3,3> o 0 o ((16,4),(8,2)):((1,128),(16,512))"),
                16,
                (64, 16),
            ),
            (
                GmmaMajor::MN,
                &layout("((8,8),(8,2)):((1,64),(8,512))"),
                16,
                (64, 16),
            ),
            (
                GmmaMajor::MN,
                &sw("Sw<3,4,3> o 0 o (128,(8,4)):(1,(128,1024))"),
                8,
                (128, 32),
            ),
        ];
        for (major, smem, bits, (m, k)) in cases {
            let d = smem.desc(major, bits, 0x2000).unwrap();
            for i in 0..m {
                for j in 0..k {
                    assert_eq!(
                        canonical_address(d, major, bits, i, j),
                        address(smem, bits, 0x2000, i, j),
                        "{major:?} {d} at ({i},{j})"
                    );
                }
            }
        }
    }

    /// The tile `(m,k)` of a `(MN,K)` operand cut into `mn x k` tiles, as a
    /// swizzled layout: `zipped_divide` then a slice, independently of the
    /// tiled MMA's partition.
    fn tile_of(s: &SwizzledLayout, mn: i64, k: i64, m: i64, kk: i64) -> SwizzledLayout {
        let t: Tiler = format!("<{mn},{k}>").parse().unwrap();
        let tiles = s.zipped_divide(&t).unwrap();
        let c = Coord::Tuple(vec![
            Coord::Tuple(vec![Coord::Hole, Coord::Hole]),
            Coord::Tuple(vec![Coord::Int(m), Coord::Int(kk)]),
        ]);
        tiles.slice(&c).unwrap()
    }

    /// The SS GMMA descriptor fragments of 64x64x16 tiled MMAs, element by
    /// element against `make_gmma_desc` of the instruction's sub-tile.
    #[test]
    fn ss_fragment_matches_make_gmma_desc_of_each_tile() {
        // A: 128x64 K-major, B128 atoms stacked down M then along K.
        let s_a = sw("Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))");
        // B: 64x64 MN-major (N contiguous), B128 atoms (64,8):(1,64) along K.
        let s_b = sw("Sw<3,3,3> o 0 o (64,(8,8)):(1,(64,512))");
        let atom = mma_atom("SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>").unwrap();
        let mma = make_tiled_mma(&atom, None, None).unwrap();
        for (op, s, major, mn, shape) in [
            (MmaOperand::OperandA, &s_a, GmmaMajor::K, 2, "(1,2,4)"),
            (MmaOperand::OperandB, &s_b, GmmaMajor::MN, 1, "(1,1,4)"),
        ] {
            for t in [0, 37, 127] {
                let thr = mma.thr_slice(t).unwrap();
                let frag = thr.partition_fragment_desc(op, s, 0x1000).unwrap();
                assert_eq!(frag.shape().to_string(), shape);
                match thr.partition_fragment_smem(op, s, 0x1000).unwrap() {
                    MmaFragment::Descriptors(f) => assert_eq!(f.layout(), frag.layout()),
                    MmaFragment::Registers(l) => panic!("registers {l}"),
                }
                for m in 0..mn {
                    for k in 0..4 {
                        let want =
                            make_gmma_desc(major, &tile_of(s, 64, 16, m, k), 16, 0x1000).unwrap();
                        let got = frag.get(&format!("(0,{m},{k})").parse().unwrap()).unwrap();
                        assert_eq!(got, want, "{op} thread {t} tile ({m},{k})");
                        if t == 37 {
                            for i in 0..64 {
                                for j in 0..16 {
                                    let (row, col) = (64 * m + i, 16 * k + j);
                                    assert_eq!(
                                        canonical_address(got, major, 16, i, j),
                                        address(s, 16, 0x1000, row, col),
                                        "{op} tile ({m},{k}) element ({i},{j})"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        // The first A descriptor by hand: K-major B128, SBO 64, LBO 1, start
        // 0x1000 >> 4; tile (1,0) is 64 rows = 8 atoms of 1024 bytes on.
        let thr = mma.thr_slice(0).unwrap();
        let frag = thr
            .partition_fragment_desc(MmaOperand::OperandA, &s_a, 0x1000)
            .unwrap();
        assert_eq!(frag.layout().to_string(), "(1,2,4):(0,512,2)");
        assert_eq!(
            frag.get(&"(0,0,0)".parse().unwrap()).unwrap().bits(),
            raw(1, 0x100, 1, 64)
        );
        assert_eq!(
            frag.get(&"(0,1,0)".parse().unwrap())
                .unwrap()
                .start_address(),
            0x100 + 512
        );
    }

    #[test]
    fn register_operands_keep_register_fragments() {
        let rs = mma_atom("SM90_64x64x16_F16F16F16_RS<GMMA::Major::K,GMMA::Major::K>").unwrap();
        let thr = make_tiled_mma(&rs, None, None)
            .unwrap()
            .thr_slice(3)
            .unwrap();
        let s = layout("((8,8),(8,2)):((8,64),(1,512))");
        let want = thr.fragment_layout(MmaOperand::OperandA, &s).unwrap();
        match thr
            .partition_fragment_smem(MmaOperand::OperandA, &s, 0)
            .unwrap()
        {
            MmaFragment::Registers(l) => assert_eq!(l, want),
            MmaFragment::Descriptors(f) => panic!("descriptors {}", f.layout()),
        }
        let e = thr
            .partition_fragment_desc(MmaOperand::OperandA, &s, 0)
            .unwrap_err();
        assert_eq!(e.kind(), "invalid_argument");
        assert!(matches!(
            thr.partition_fragment_smem(MmaOperand::OperandB, &s, 0)
                .unwrap(),
            MmaFragment::Descriptors(_)
        ));
        assert!(
            thr.partition_fragment_desc(MmaOperand::OperandC, &s, 0)
                .is_err()
        );
        // A non-GMMA atom: registers for every operand.
        let sm80 = mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
        let thr = make_tiled_mma(&sm80, None, None)
            .unwrap()
            .thr_slice(0)
            .unwrap();
        let s = layout("(16,16):(16,1)");
        assert!(matches!(
            thr.partition_fragment_smem(MmaOperand::OperandA, &s, 0)
                .unwrap(),
            MmaFragment::Registers(_)
        ));
        assert_eq!(
            thr.partition_fragment_desc(MmaOperand::OperandA, &s, 0)
                .unwrap_err()
                .kind(),
            "invalid_argument"
        );
    }
}
