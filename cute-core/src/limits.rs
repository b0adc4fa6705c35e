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
