//! The rules of Hopper's Tensor Memory Accelerator (TMA) as data and
//! `const fn`s, shared by the run-time analysis (cute-dynamic's
//! `make_tma_copy`) and the compile-time checks (cute-static's `TmaBox`).
//!
//! The limits are those of the CUDA driver's `cuTensorMapEncodeTiled`
//! (tiled mode, no interleave); the swizzle modes those CuTe's
//! `get_tma_swizzle_bits`/`get_tma_swizzle_base` produce.
//!
//! ```
//! use cute_core::tma::{tma_box_violation, tma_swizzle_mode, TmaBoxViolation, TmaSwizzle};
//! // 128-byte swizzle on byte addresses, half elements, a 64×128 box.
//! assert_eq!(tma_swizzle_mode(3, 4, 3), Some(TmaSwizzle::B128));
//! assert_eq!(tma_box_violation(2, &[64, 128], TmaSwizzle::B128), None);
//! // 128 halves per row are 256 bytes, wider than the 128-byte span.
//! assert_eq!(tma_box_violation(2, &[128, 8], TmaSwizzle::B128), Some((TmaBoxViolation::InnerBeyondSpan, 0)));
//! ```

/// The hardware limits of `cuTensorMapEncodeTiled` (CUDA driver API,
/// tiled mode), as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaLimits {
    /// Most modes of a tensor map.
    pub max_rank: usize,
    /// Largest extent of a box mode, in elements.
    pub max_box_dim: u64,
    /// Largest extent of a global mode, in elements.
    pub max_global_dim: u64,
    /// Global strides (modes 1…) must be below this, in bytes.
    pub global_stride_limit: u64,
    /// Global strides (modes 1…) must be multiples of this, in bytes.
    pub global_stride_align: u64,
    /// The global address must be a multiple of this, in bytes.
    pub address_align: u64,
    /// The inner box extent, in bytes, must be a multiple of this (without
    /// interleave).
    pub inner_box_align: u64,
    /// Largest element stride (traversal step) of a box mode.
    pub max_element_stride: u32,
}

/// The limits every tensor map obeys (tiled mode, no interleave).
pub const TMA_LIMITS: TmaLimits = TmaLimits {
    max_rank: 5,
    max_box_dim: 256,
    max_global_dim: 1 << 32,
    global_stride_limit: 1 << 40,
    global_stride_align: 16,
    address_align: 16,
    inner_box_align: 16,
    max_element_stride: 8,
};

/// The driver's `CUtensorMapSwizzle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmaSwizzle {
    /// No swizzle.
    None = 0,
    /// 32-byte span (`Swizzle<1,4,3>` on bytes).
    B32,
    /// 64-byte span (`Swizzle<2,4,3>` on bytes).
    B64,
    /// 128-byte span (`Swizzle<3,4,3>` on bytes).
    B128,
    /// 128-byte span of 32-byte atoms (`Swizzle<2,5,2>`, SM100).
    B128Atom32B,
    /// 128-byte span of 32-byte atoms, 8-byte flip (no CuTe layout maps here).
    B128Atom32BFlip8B,
    /// 128-byte span of 64-byte atoms (`Swizzle<2,6,·>`, SM100).
    B128Atom64B,
}

impl TmaSwizzle {
    /// The driver's enum value.
    pub const fn driver_value(self) -> u32 {
        self as u32
    }
    /// The swizzle span in bytes: the widest inner box extent, in bytes,
    /// the mode allows (`None` for no swizzle, where only the 16-byte
    /// granule rule applies).
    pub const fn span_bytes(self) -> Option<u64> {
        match self {
            TmaSwizzle::None => None,
            TmaSwizzle::B32 => Some(32),
            TmaSwizzle::B64 => Some(64),
            _ => Some(128),
        }
    }
}

/// One row of [`TMA_SWIZZLES`]: a swizzle on **byte** addresses
/// `Swizzle<b,m,s>` (`s: None` for any shift) and the TMA mode it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaSwizzleRule {
    /// The swizzle's `B`.
    pub b: u32,
    /// The swizzle's `M` (the log2 of the swizzled granule in bytes).
    pub m: u32,
    /// The swizzle's `S`, or `None` where CuTe accepts any.
    pub s: Option<i32>,
    /// The tensor-map mode.
    pub mode: TmaSwizzle,
}

/// The shared-memory swizzles a tensor map can produce, as CuTe's
/// `get_tma_swizzle_bits`/`get_tma_swizzle_base` map them. A `B = 0`
/// swizzle of any `M`/`S` is the identity and maps to [`TmaSwizzle::None`].
pub const TMA_SWIZZLES: &[TmaSwizzleRule] = &[
    TmaSwizzleRule {
        b: 1,
        m: 4,
        s: Some(3),
        mode: TmaSwizzle::B32,
    },
    TmaSwizzleRule {
        b: 2,
        m: 4,
        s: Some(3),
        mode: TmaSwizzle::B64,
    },
    TmaSwizzleRule {
        b: 3,
        m: 4,
        s: Some(3),
        mode: TmaSwizzle::B128,
    },
    TmaSwizzleRule {
        b: 2,
        m: 5,
        s: Some(2),
        mode: TmaSwizzle::B128Atom32B,
    },
    TmaSwizzleRule {
        b: 2,
        m: 6,
        s: None,
        mode: TmaSwizzle::B128Atom64B,
    },
];

/// The TMA mode of a swizzle on **byte** addresses `Swizzle<b,m,s>`, from
/// [`TMA_SWIZZLES`] (`B = 0`: no swizzle); `None` where TMA has no such
/// swizzle.
pub const fn tma_swizzle_mode(b: u32, m: u32, s: i32) -> Option<TmaSwizzle> {
    if b == 0 {
        return Some(TmaSwizzle::None);
    }
    let mut i = 0;
    while i < TMA_SWIZZLES.len() {
        let r = &TMA_SWIZZLES[i];
        let s_ok = match r.s {
            Some(rs) => rs == s,
            None => true,
        };
        if r.b == b && r.m == m && s_ok {
            return Some(r.mode);
        }
        i += 1;
    }
    None
}

/// A box rule a TMA box breaks ([`tma_box_violation`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TmaBoxViolation {
    /// A box mode is empty or longer than [`TmaLimits::max_box_dim`].
    BoxTooLarge,
    /// The inner extent in bytes is wider than the swizzle span.
    InnerBeyondSpan,
    /// The inner extent in bytes is not a multiple of 16.
    InnerNotGranule,
    /// More modes than [`TmaLimits::max_rank`].
    TooManyModes,
}

impl TmaBoxViolation {
    /// The compile-time diagnostic (a constant panic cannot format; the
    /// compiler's note names the parameters).
    pub const fn diagnostic(self) -> &'static str {
        match self {
            Self::BoxTooLarge => "TMA box: every box mode must have 1 to 256 elements",
            Self::InnerBeyondSpan => {
                "TMA box: the inner box extent in bytes must not exceed the swizzle span (32, 64 or 128 bytes)"
            }
            Self::InnerNotGranule => "TMA box: the inner box extent must be a multiple of 16 bytes",
            Self::TooManyModes => "TMA box: a tensor map has at most 5 modes",
        }
    }
}

/// The first box rule the box `boxes` (elements per mode, mode 0 inner) of
/// `element_bytes`-byte elements breaks under `swizzle`, with the mode.
pub const fn tma_box_violation(
    element_bytes: u64,
    boxes: &[u64],
    swizzle: TmaSwizzle,
) -> Option<(TmaBoxViolation, usize)> {
    if boxes.len() > TMA_LIMITS.max_rank {
        return Some((TmaBoxViolation::TooManyModes, TMA_LIMITS.max_rank));
    }
    let mut i = 0;
    while i < boxes.len() {
        if boxes[i] == 0 || boxes[i] > TMA_LIMITS.max_box_dim {
            return Some((TmaBoxViolation::BoxTooLarge, i));
        }
        i += 1;
    }
    if boxes.is_empty() {
        return None;
    }
    let inner = boxes[0].saturating_mul(element_bytes);
    if let Some(span) = swizzle.span_bytes()
        && inner > span
    {
        return Some((TmaBoxViolation::InnerBeyondSpan, 0));
    }
    if !inner.is_multiple_of(TMA_LIMITS.inner_box_align) {
        return Some((TmaBoxViolation::InnerNotGranule, 0));
    }
    None
}
