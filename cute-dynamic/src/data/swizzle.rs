//! Swizzles (docs/semantics/objects.md#swizzles): `Swizzle<B,M,S>` maps an offset `x` to
//! `x ^ ((x & (((1<<B)-1) << (M + max(0,S)))) >> S)` (a negative `S` shifts
//! left). With `|S| ≥ B` the bits read and the bits written are disjoint, so
//! the map is an involution, hence a bijection, on `[0, 2^(B+M+|S|))` (and on
//! every aligned block of that size). A swizzled layout is the composition
//! `Swizzle ∘ (offset + L)` ([`SwizzledLayout`], CuTe's `ComposedLayout`).
//!
//! Also here: a shared-memory bank-conflict counter ([`bank_conflicts`]) and
//! the canonical 32/64/128-byte SMEM swizzle atoms of Hopper GMMA
//! ([`gmma_k_atom`]).
//!
//! ```
//! use cute_dynamic::Swizzle;
//! let sw = Swizzle::new(3, 4, 3)?;
//! // bit 7 (row 1 of 128-byte rows) flips bit 4 (the 16-byte chunk)
//! assert_eq!(sw.apply(0x80), 0x90);
//! assert_eq!(sw.apply(sw.apply(0x80)), 0x80);
//! assert_eq!(sw.to_string(), "Sw<3,4,3>");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::{format, string::ToString, vec::Vec};
use core::fmt;
use core::str::FromStr;

use crate::data::coordinate::Coord;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::Layout;
use crate::error::{LayoutError, ParseErrorKind};

pub use cute_core::limits::MAX_SWIZZLE_BITS;

/// `Swizzle<B,M,S>`: XOR the `B` bits at `[M + max(0,S), …)` into the `B`
/// bits at `[M - min(0,S), …)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Swizzle {
    b: u32,
    m: u32,
    s: i32,
}

impl Swizzle {
    /// `Swizzle<B,M,S>`, checked: `|S| ≥ B` (the read and written bit fields
    /// must not overlap, as CuTe requires) and `B + M + |S| ≤ 62`.
    ///
    /// ```
    /// use cute_dynamic::Swizzle;
    /// assert!(Swizzle::new(3, 4, 3).is_ok());
    /// assert_eq!(Swizzle::new(3, 4, 2).unwrap_err().kind(), "invalid_swizzle");
    /// ```
    pub fn new(b: u32, m: u32, s: i32) -> Result<Self, LayoutError> {
        let bad = |reason: &str| LayoutError::InvalidSwizzle {
            b: i64::from(b),
            m: i64::from(m),
            s: i64::from(s),
            reason: reason.to_string(),
        };
        if let Some(reason) = cute_core::limits::swizzle_violation(b, m, s) {
            return Err(bad(reason.reason()));
        }
        Ok(Swizzle { b, m, s })
    }

    /// The identity swizzle `Swizzle<0,0,0>`.
    pub fn identity() -> Self {
        Swizzle { b: 0, m: 0, s: 0 }
    }

    /// `B`: number of bits swizzled.
    pub fn bits(&self) -> u32 {
        self.b
    }
    /// `M`: number of least-significant bits kept constant.
    pub fn base(&self) -> u32 {
        self.m
    }
    /// `S`: distance (signed) from the read bits to the written bits.
    pub fn shift(&self) -> i32 {
        self.s
    }

    /// The mask of the bits that are read (`yyy` in CuTe).
    pub fn read_mask(&self) -> i64 {
        ((1i64 << self.b) - 1) << (self.m + self.s.max(0).unsigned_abs())
    }

    /// The mask of the bits that are flipped (`zzz` in CuTe).
    pub fn write_mask(&self) -> i64 {
        ((1i64 << self.b) - 1) << (self.m + self.s.min(0).unsigned_abs())
    }

    /// `2^(B+M+|S|)`: the period of the swizzle (it permutes every aligned
    /// block of this size).
    pub fn period(&self) -> i64 {
        1i64 << (self.b + self.m + self.s.unsigned_abs())
    }

    /// Apply the swizzle to offset `x` (the formula of docs/semantics/objects.md#swizzles).
    ///
    /// ```
    /// use cute_dynamic::Swizzle;
    /// // The ISL paper's table: Swizzle<1,2,1>(c) = c − c mod 8 + (c + 4⌊c/8⌋) mod 8.
    /// let sw = Swizzle::new(1, 2, 1)?;
    /// for c in 0..16i64 {
    ///     assert_eq!(sw.apply(c), c - c % 8 + (c + 4 * (c / 8)) % 8);
    /// }
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline]
    pub fn apply(&self, x: i64) -> i64 {
        let picked = x & self.read_mask();
        let moved = if self.s >= 0 {
            picked >> self.s
        } else {
            picked << self.s.unsigned_abs()
        };
        x ^ moved
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.b, self.m, self.s)
    }
}

impl FromStr for Swizzle {
    type Err = LayoutError;
    /// `Sw<B,M,S>` or `B,M,S` (whitespace allowed).
    fn from_str(text: &str) -> Result<Self, LayoutError> {
        let t = text.trim();
        let (inner, base) = match t.strip_prefix("Sw<").and_then(|r| r.strip_suffix('>')) {
            Some(inner) => (inner, text.len() - text.trim_start().len() + 3),
            None => (t, text.len() - text.trim_start().len()),
        };
        let mut parts = Vec::with_capacity(3);
        let mut pos = base;
        for piece in inner.split(',') {
            let v: i64 = piece
                .trim()
                .parse()
                .map_err(|e: core::num::ParseIntError| LayoutError::Parse {
                    kind: match e.kind() {
                        core::num::IntErrorKind::PosOverflow
                        | core::num::IntErrorKind::NegOverflow => ParseErrorKind::IntegerOverflow,
                        _ => ParseErrorKind::UnexpectedChar,
                    },
                    position: pos + (piece.len() - piece.trim_start().len()),
                    expected: "an integer swizzle parameter".into(),
                    found: format!("{:?}", piece.trim()),
                })?;
            parts.push(v);
            pos += piece.len() + 1;
        }
        if parts.len() != 3 {
            return Err(LayoutError::Parse {
                kind: ParseErrorKind::WrongCount,
                position: base,
                expected: "three swizzle parameters B,M,S".into(),
                found: format!("{} parameter(s)", parts.len()),
            });
        }
        let invalid = |reason: &str| LayoutError::InvalidSwizzle {
            b: parts[0],
            m: parts[1],
            s: parts[2],
            reason: reason.into(),
        };
        let b = u32::try_from(parts[0]).map_err(|_| invalid("B must be non-negative"))?;
        let m = u32::try_from(parts[1]).map_err(|_| invalid("M must be non-negative"))?;
        let s = i32::try_from(parts[2]).map_err(|_| invalid("S is out of range"))?;
        Swizzle::new(b, m, s)
    }
}

/// A swizzled layout `Swizzle ∘ (offset + L)`: the layout's offset is moved
/// by `offset` and then swizzled (CuTe's `ComposedLayout<Swizzle, Offset,
/// Layout>`, printed the same way: `Sw<3,4,3> o 0 o (8,64):(64,1)`).
///
/// ```
/// use cute_dynamic::{Layout, Swizzle, SwizzledLayout};
/// let l = SwizzledLayout::new(Swizzle::new(3, 3, 3)?, 0, "(8,64):(64,1)".parse()?);
/// assert_eq!(l.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
/// assert_eq!(l.call(1), 64 ^ 8);       // row 1, column 0: chunk 0 xor 1
/// assert_eq!(l.call_coord(&"(1,8)".parse()?)?, 64);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct SwizzledLayout {
    swizzle: Swizzle,
    offset: i64,
    layout: Layout,
}

impl SwizzledLayout {
    /// `swizzle ∘ (offset + layout)`.
    pub fn new(swizzle: Swizzle, offset: i64, layout: Layout) -> Self {
        SwizzledLayout {
            swizzle,
            offset,
            layout,
        }
    }
    /// The swizzle.
    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }
    /// The offset applied before the swizzle.
    pub fn offset(&self) -> i64 {
        self.offset
    }
    /// The inner layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    /// Size of the domain (that of the inner layout).
    pub fn size(&self) -> i64 {
        self.layout.size()
    }
    /// Evaluate at integral coordinate `i` (wrapping arithmetic, like
    /// [`Layout::call`]).
    pub fn call(&self, i: i64) -> i64 {
        self.swizzle
            .apply(self.offset.wrapping_add(self.layout.call(i)))
    }
    /// Evaluate at any coordinate weakly congruent to the shape (checked).
    pub fn call_coord(&self, coord: &IntTuple) -> Result<i64, LayoutError> {
        let inner = self.layout.call_coord(coord)?;
        let off = self
            .offset
            .checked_add(inner)
            .ok_or_else(|| LayoutError::overflow("evaluation", self))?;
        Ok(self.swizzle.apply(off))
    }
    /// Slice with `_` (CuTe's `slice_and_offset` of a `ComposedLayout`): the
    /// fixed part's offset joins the inner offset, inside the swizzle, so
    /// the result is again `swizzle ∘ (offset' + sub-layout)` and its value
    /// at `c*` is the original's at `c' + c*` (a swizzle does not
    /// distribute over addition: nothing moves past it).
    ///
    /// ```
    /// use cute_dynamic::{Swizzle, SwizzledLayout};
    /// let l = SwizzledLayout::new(Swizzle::new(3, 3, 3)?, 0, "(8,64):(64,1)".parse()?);
    /// let row = l.slice(&"(3,_)".parse()?)?;
    /// assert_eq!(row.to_string(), "Sw<3,3,3> o 192 o (64):(1)");
    /// assert_eq!(row.call(0), l.call_coord(&"(3,0)".parse()?)?);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn slice(&self, coord: &Coord) -> Result<SwizzledLayout, LayoutError> {
        let (sub, off) = self.layout.slice(coord)?;
        let offset = self
            .offset
            .checked_add(off)
            .ok_or_else(|| LayoutError::overflow("slice", self))?;
        Ok(SwizzledLayout::new(self.swizzle, offset, sub))
    }
}

impl FromStr for SwizzledLayout {
    type Err = LayoutError;
    /// `Sw<B,M,S> o OFFSET o LAYOUT` (as printed) or `Sw<B,M,S> o LAYOUT`.
    ///
    /// ```
    /// use cute_dynamic::SwizzledLayout;
    /// let l: SwizzledLayout = "Sw<3,3,3> o 0 o (8,64):(64,1)".parse()?;
    /// assert_eq!(l.to_string().parse::<SwizzledLayout>()?, l);
    /// assert_eq!("Sw<1,2,1> o 8:1".parse::<SwizzledLayout>()?.to_string(), "Sw<1,2,1> o 0 o 8:1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, LayoutError> {
        let lead = text.len() - text.trim_start().len();
        let Some(close) = text.find('>') else {
            return Err(LayoutError::Parse {
                kind: ParseErrorKind::UnexpectedEnd,
                position: lead,
                expected: "a swizzled layout `Sw<B,M,S> o OFFSET o LAYOUT`".into(),
                found: text.chars().take(16).collect(),
            });
        };
        let swizzle: Swizzle = text[..=close].parse()?;
        let parts: Vec<&str> = text[close + 1..].split(" o ").collect();
        let at = |k: usize| close + 1 + parts[..k].iter().map(|p| p.len() + 3).sum::<usize>();
        let shift = |e: LayoutError, base: usize| e.shifted(base);
        let (offset, layout_text, layout_at) = match parts.as_slice() {
            ["", layout] => (0, *layout, at(1)),
            ["", offset, layout] => {
                let o = offset
                    .trim()
                    .parse::<i64>()
                    .map_err(|_| LayoutError::Parse {
                        kind: ParseErrorKind::UnexpectedChar,
                        position: at(1),
                        expected: "an integer offset".into(),
                        found: offset.trim().to_string(),
                    })?;
                (o, *layout, at(2))
            }
            _ => {
                return Err(LayoutError::Parse {
                    kind: if text[close + 1..].trim().is_empty() {
                        ParseErrorKind::UnexpectedEnd
                    } else {
                        ParseErrorKind::UnexpectedChar
                    },
                    position: close + 1,
                    expected: "` o OFFSET o LAYOUT` or ` o LAYOUT` after the swizzle".into(),
                    found: text[close + 1..].chars().take(16).collect(),
                });
            }
        };
        let layout: Layout = layout_text.parse().map_err(|e| shift(e, layout_at))?;
        Ok(SwizzledLayout::new(swizzle, offset, layout))
    }
}

impl fmt::Display for SwizzledLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.layout)
    }
}

/// The canonical Hopper shared-memory swizzle modes (SM90 GMMA descriptors).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SmemSwizzle {
    /// No swizzle (CuTe's `INTER`, 16-byte rows): `Swizzle<0,4,3>`.
    Interleave,
    /// 32-byte rows: `Swizzle<1,4,3>` on byte addresses.
    B32,
    /// 64-byte rows: `Swizzle<2,4,3>` on byte addresses.
    B64,
    /// 128-byte rows: `Swizzle<3,4,3>` on byte addresses.
    B128,
}

impl SmemSwizzle {
    /// Bytes per row of the atom.
    pub fn row_bytes(self) -> i64 {
        match self {
            SmemSwizzle::Interleave => 16,
            SmemSwizzle::B32 => 32,
            SmemSwizzle::B64 => 64,
            SmemSwizzle::B128 => 128,
        }
    }
    /// The swizzle as CuTe states it, on **byte** addresses:
    /// `Swizzle<log2(row_bytes/16), 4, 3>`.
    pub fn byte_swizzle(self) -> Swizzle {
        let b = match self {
            SmemSwizzle::Interleave => 0,
            SmemSwizzle::B32 => 1,
            SmemSwizzle::B64 => 2,
            SmemSwizzle::B128 => 3,
        };
        Swizzle { b, m: 4, s: 3 }
    }
}

/// The K-major GMMA shared-memory atom for elements of `element_bytes`
/// bytes (1, 2, 4 or 8): 8 rows of `row_bytes` bytes, row-major, swizzled.
///
/// CuTe prints the 16-bit 128-byte atom as `Sw<3,4,3> o smem_ptr o
/// (_8,_64):(_64,_1)`: its swizzle acts on the **byte address** through the
/// shared-memory pointer. Here offsets are in elements, so the swizzle is
/// re-based to element units, `Swizzle<B, 4 - log2(element_bytes), 3>`
/// (for 16-bit elements `Sw<3,3,3>`); `element offset · element_bytes` then
/// equals CuTe's swizzled byte address.
///
/// ```
/// use cute_dynamic::{gmma_k_atom, SmemSwizzle};
/// let atom = gmma_k_atom(SmemSwizzle::B128, 2)?;
/// assert_eq!(atom.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
/// let sw = SmemSwizzle::B128.byte_swizzle();
/// for i in 0..atom.size() {
///     assert_eq!(atom.call(i) * 2, sw.apply(atom.layout().call(i) * 2));
/// }
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn gmma_k_atom(mode: SmemSwizzle, element_bytes: i64) -> Result<SwizzledLayout, LayoutError> {
    let shift = match element_bytes {
        1 => 0,
        2 => 1,
        4 => 2,
        8 => 3,
        _ => {
            return Err(LayoutError::Unsupported {
                operation: "gmma_k_atom",
                reason: format!("element size {element_bytes} bytes is not 1, 2, 4 or 8"),
            });
        }
    };
    let row = mode.row_bytes() / element_bytes;
    let layout = Layout::new(IntTuple::flat([8, row]), IntTuple::flat([row, 1]))?;
    let b = mode.byte_swizzle().bits();
    Ok(SwizzledLayout::new(
        Swizzle::new(b, 4 - shift, 3)?,
        0,
        layout,
    ))
}

/// Shared-memory bank conflicts of one warp-wide access.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BankConflicts {
    /// Shared-memory wavefronts (transactions) the access takes.
    pub wavefronts: u64,
    /// The least number of wavefronts any access of this width takes (one
    /// per phase).
    pub ideal: u64,
}

impl BankConflicts {
    /// `wavefronts − ideal`: the extra wavefronts caused by conflicts.
    pub fn conflicts(&self) -> u64 {
        self.wavefronts - self.ideal
    }
}

/// Count bank conflicts of a warp's shared-memory access (32 banks of 4
/// bytes).
///
/// `byte_addresses[t]` is the byte address thread `t` accesses, each access
/// `width` bytes wide (4, 8 or 16, naturally aligned). Model: accesses wider
/// than 4 bytes are served in phases of `128 / width` threads (8 threads for
/// 16-byte accesses, 16 for 8-byte ones, 32 for 4-byte ones); within a phase
/// every 4-byte word touched is mapped to bank `(address / 4) mod 32`; the
/// phase takes as many wavefronts as the largest number of **distinct** words
/// in one bank (the same word read by several threads is a broadcast, not a
/// conflict). The result is the total number of wavefronts and the ideal
/// (one per phase); [`BankConflicts::conflicts`] is their difference.
///
/// ```
/// use cute_dynamic::bank_conflicts;
/// let stride1: Vec<i64> = (0..32).map(|t| 4 * t).collect();
/// assert_eq!(bank_conflicts(&stride1, 4)?.conflicts(), 0);
/// let stride32: Vec<i64> = (0..32).map(|t| 128 * t).collect();
/// assert_eq!(bank_conflicts(&stride32, 4)?.wavefronts, 32);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn bank_conflicts(byte_addresses: &[i64], width: i64) -> Result<BankConflicts, LayoutError> {
    if !matches!(width, 4 | 8 | 16) {
        return Err(LayoutError::Unsupported {
            operation: "bank_conflicts",
            reason: format!("access width {width} is not 4, 8 or 16 bytes"),
        });
    }
    if let Some(a) = byte_addresses.iter().find(|&&a| a < 0 || a % width != 0) {
        return Err(LayoutError::Unsupported {
            operation: "bank_conflicts",
            reason: format!("address {a} is negative or not aligned to {width} bytes"),
        });
    }
    let phase = (128 / width) as usize;
    let mut wavefronts = 0u64;
    let mut ideal = 0u64;
    for chunk in byte_addresses.chunks(phase) {
        let mut per_bank: [Vec<i64>; 32] = core::array::from_fn(|_| Vec::new());
        for &a in chunk {
            for w in 0..width / 4 {
                let word = a / 4 + w;
                let bank = &mut per_bank[(word % 32) as usize];
                if !bank.contains(&word) {
                    bank.push(word);
                }
            }
        }
        wavefronts += per_bank.iter().map(Vec::len).max().unwrap_or(0).max(1) as u64;
        ideal += 1;
    }
    Ok(BankConflicts { wavefronts, ideal })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_shift() {
        let sw = Swizzle::new(1, 2, -1).unwrap();
        // reads bit 2, flips bit 3
        assert_eq!(sw.apply(4), 12);
        assert_eq!(sw.apply(12), 4);
        assert_eq!(sw.apply(8), 8);
    }

    #[test]
    fn parse_and_print() {
        let sw: Swizzle = "Sw<2,4,3>".parse().unwrap();
        assert_eq!(sw, Swizzle::new(2, 4, 3).unwrap());
        assert_eq!(" 1, 2 ,-1".parse::<Swizzle>().unwrap().shift(), -1);
        assert_eq!("1,2".parse::<Swizzle>().unwrap_err().kind(), "parse");
        assert_eq!(
            "-1,2,3".parse::<Swizzle>().unwrap_err().kind(),
            "invalid_swizzle"
        );
        assert_eq!(
            "40,10,40".parse::<Swizzle>().unwrap_err().kind(),
            "invalid_swizzle"
        );
    }
}
