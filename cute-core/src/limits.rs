//! The limits of the cute crates, in one place.
//!
//! ```
//! use cute_core::limits;
//! assert!(limits::is_readable(1024) && limits::is_readable(1 << 20));
//! assert!(!limits::is_readable(1025) && !limits::is_readable(1 << 21));
//! ```

/// Largest number of children of one static tuple (shapes, strides,
/// tilers of `cute-static` and of `layout!`).
pub const MAX_RANK: usize = 8;

/// Deepest nesting of parentheses (or tiler brackets) the text grammars
/// accept (CuTe notation, descriptors).
pub const MAX_DEPTH: usize = 64;

/// Largest value of the contiguous part of the readable static integers:
/// computed static integers print as `C<N>` for `N` in `0..=MAX_READABLE`.
pub const MAX_READABLE: u64 = 1024;

/// Largest power-of-two exponent of the readable static integers: powers of
/// two up to `2^MAX_READABLE_POW2` also print as `C<N>`.
pub const MAX_READABLE_POW2: u32 = 20;

/// Largest `B + M + |S|` a swizzle accepts: the swizzled bits stay inside
/// a non-negative `i64`.
pub const MAX_SWIZZLE_BITS: u32 = 62;

/// The rule of a swizzle `Sw<B,M,S>`, one place for every crate: `None`
/// when it is admissible, else the part of the rule it breaks. `|S| ≥ B`
/// (the read and the written bit fields must not overlap, as CuTe
/// requires) and `B + M + |S| ≤ MAX_SWIZZLE_BITS`.
///
/// ```
/// use cute_core::limits::{swizzle_violation, SwizzleViolation};
/// assert_eq!(swizzle_violation(3, 3, 3), None);
/// let v = swizzle_violation(3, 3, -2).unwrap();
/// assert_eq!(v, SwizzleViolation::ShiftBelowBits);
/// assert_eq!(v.reason(), "|S| must be at least B");
/// assert_eq!(swizzle_violation(20, 20, 30).unwrap().reason(), "B + M + |S| must be at most 62");
/// ```
pub const fn swizzle_violation(b: u32, m: u32, s: i32) -> Option<SwizzleViolation> {
    if s.unsigned_abs() < b {
        return Some(SwizzleViolation::ShiftBelowBits);
    }
    if b as u64 + m as u64 + s.unsigned_abs() as u64 > MAX_SWIZZLE_BITS as u64 {
        return Some(SwizzleViolation::TooManyBits);
    }
    None
}

/// The part of the swizzle rule a swizzle breaks ([`swizzle_violation`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SwizzleViolation {
    /// `|S| < B`: the read and the written bits overlap.
    ShiftBelowBits,
    /// `B + M + |S| > MAX_SWIZZLE_BITS`.
    TooManyBits,
}

impl SwizzleViolation {
    /// The rule, in words (run-time errors add the swizzle).
    pub const fn reason(self) -> &'static str {
        match self {
            Self::ShiftBelowBits => "|S| must be at least B",
            Self::TooManyBits => "B + M + |S| must be at most 62",
        }
    }
    /// The compile-time diagnostic (a constant panic cannot format; the
    /// compiler's note names the swizzle's parameters).
    pub const fn diagnostic(self) -> &'static str {
        match self {
            Self::ShiftBelowBits => {
                "invalid swizzle: |S| must be at least B (the read and the written bits overlap)"
            }
            Self::TooManyBits => "invalid swizzle: B + M + |S| must be at most 62",
        }
    }
}

// The message states the limit.
const _: () = assert!(MAX_SWIZZLE_BITS == 62);

/// Bound on the indices at every level of a coordinate codomain (basis
/// strides `e_i` need `i < MAX_CODOMAIN_RANK`): bounds the memory a
/// codomain profile may take.
pub const MAX_CODOMAIN_RANK: u32 = 1024;

/// `true` when a computed static integer prints as `C<N>`: `0..=1024`, or a
/// power of two up to `2^20`.
pub const fn is_readable(n: u64) -> bool {
    n <= MAX_READABLE || (n.is_power_of_two() && n <= 1 << MAX_READABLE_POW2)
}

/// `true` when `N` can be written as the static integer `C<N>` of a
/// literal (typenum's constants: `0..=1024` and the powers of two).
pub const fn is_static_literal(n: u64) -> bool {
    n <= MAX_READABLE || n.is_power_of_two()
}
