//! Hopper's Tensor Memory Accelerator (TMA): the layout analysis of CuTe's
//! `make_tma_copy`, ending in the arguments of the CUDA driver's
//! `cuTensorMapEncodeTiled`.
//!
//! A TMA instruction copies a *box* of a global tensor of rank ≤ 5 to (or
//! from) a dense, possibly swizzled, shared-memory buffer. Which box, and
//! how the global tensor is described to the hardware, follows from three
//! layouts, exactly as CuTe's SM90 TMA copy traits derive it:
//!
//! 1. the CTA tile `cta_v_map = identity(shape(gmem)) ∘ cta_tiler`, mapping a
//!    tile coordinate to a global coordinate;
//! 2. the shared-memory *vector* `right_inverse(smem)`, mapping a
//!    shared-memory offset to the tile coordinate stored there;
//! 3. `coalesce(cta_v_map ∘ right_inverse(smem))`: its leading modes whose
//!    stride is one step along one global mode (a basis stride `1@j`) are
//!    the box; the rest of the tile takes several instructions.
//!
//! The box's modes are the TMA's first modes (mode 0 must be the global
//! tensor's contiguous mode); the global modes the box does not touch follow
//! with box extent 1; beyond five modes the trailing ones are folded into the
//! fifth as CuTe does (a gcd stride and a recurrence on the extents).
//!
//! Every hardware rule the result can break is an error here, named
//! ([`TmaError::kind`]) and stated with the operands in CuTe notation, where
//! CuTe C++ would `assert` or the driver would refuse at launch time: the
//! rank, the contiguous first mode, a box extent above 256, a global stride
//! that is not a multiple of 16 bytes, a shared-memory swizzle TMA does not
//! have, an inner box wider than the swizzle span, an unaligned base address.
//! The limits and the swizzle modes are data: [`TMA_LIMITS`],
//! [`TMA_SWIZZLES`].
//!
//! ```
//! use cute_dynamic::{gmma_k_atom, make_tma_copy, tile_to_shape, SmemSwizzle, SwizzledLayout};
//! use cute_dynamic::{TmaGmem, TmaOp, TmaSwizzle, ValueType};
//!
//! // A K-major 512×256 half matrix, the 128-byte-swizzled K-major GMMA atom
//! // tiled to a 128×64 CTA tile (the A operand of a Hopper TN GEMM).
//! let gmem = TmaGmem::new(0x7f00_0000_0000, "(512,256):(256,1)".parse()?, ValueType::Half);
//! let atom = gmma_k_atom(SmemSwizzle::B128, 2)?;
//! let tiled = tile_to_shape(atom.layout(), &"(128,64)".parse()?, None)?;
//! let smem = SwizzledLayout::new(atom.swizzle(), 0, tiled);
//! let tma = make_tma_copy(TmaOp::Load, &gmem, &smem, None, 1)?;
//!
//! let p = tma.encode();
//! assert_eq!(p.global_dim(), &[256, 512]);       // K first: the contiguous mode
//! assert_eq!(p.global_strides(), &[512]);        // bytes, mode 0's stride is implied
//! assert_eq!(p.box_dim(), &[64, 128]);           // one instruction fills the tile
//! assert_eq!(p.swizzle, TmaSwizzle::B128);
//! assert_eq!(tma.instructions(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The 128-byte `CUtensorMap` the driver builds from [`TensorMapEncodeTiled`]
//! is opaque: its bytes are the driver's and are not described here.

use alloc::{format, string::String, string::ToString, vec::Vec};
use core::fmt;

use crate::algebra::coalesce::coalesce;
use crate::algebra::composition::composition;
use crate::algebra::inverse::right_inverse;
use crate::atom::gmma_desc::SmemLayout;
use crate::atom::value_type::ValueType;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::Layout;
use crate::data::swizzle::{Swizzle, SwizzledLayout};
use crate::data::tiler::Tiler;
use crate::error::LayoutError;

pub use cute_core::tma::{
    TMA_LIMITS, TMA_SWIZZLES, TmaBoxViolation, TmaLimits, TmaSwizzle, TmaSwizzleRule,
    tma_box_violation, tma_swizzle_mode,
};

/// The CUDA driver's `CUtensorMapDataType`, in its declaration order (the
/// discriminant is the driver's value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum TmaDataType {
    UInt8 = 0,
    UInt16,
    UInt32,
    Int32,
    UInt64,
    Int64,
    Float16,
    Float32,
    Float64,
    BFloat16,
    Float32Ftz,
    TFloat32,
    TFloat32Ftz,
}

impl TmaDataType {
    /// The data type CuTe's `to_CUtensorMapDataType<T>` picks for a value
    /// type (8-bit types travel as `UINT8`), or `None` where CuTe has none.
    pub fn of(value_type: ValueType) -> Option<TmaDataType> {
        use ValueType as V;
        Some(match value_type {
            V::Int8 | V::UInt8 | V::Float8E4M3 | V::Float8E5M2 | V::FloatUE8M0 => Self::UInt8,
            V::UInt16 => Self::UInt16,
            V::UInt32 => Self::UInt32,
            V::UInt64 => Self::UInt64,
            V::Int32 => Self::Int32,
            V::Half => Self::Float16,
            V::Float => Self::Float32,
            V::Double => Self::Float64,
            V::BFloat16 => Self::BFloat16,
            V::TFloat32 => Self::TFloat32,
            _ => return None,
        })
    }
    /// The driver's enum value.
    pub fn driver_value(self) -> u32 {
        self as u32
    }
}

/// The driver's `CUtensorMapInterleave` (CuTe always uses `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum TmaInterleave {
    None = 0,
    B16,
    B32,
}

/// The driver's `CUtensorMapL2promotion`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum TmaL2Promotion {
    None = 0,
    L2_64B,
    L2_128B,
    L2_256B,
}

/// The driver's `CUtensorMapFloatOOBfill`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmaOobFill {
    /// Out-of-bounds elements read as zero.
    None = 0,
    /// Out-of-bounds elements read as NaN (the "request zero FMA" mode).
    NanRequestZeroFma,
}

/// The TMA copy operations, by CuTe's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmaOp {
    /// `SM90_TMA_LOAD`: global → shared.
    Load,
    /// `SM90_TMA_LOAD_MULTICAST`: global → the shared memory of several CTAs.
    LoadMulticast,
    /// `SM90_TMA_STORE`: shared → global.
    Store,
}

impl TmaOp {
    /// CuTe's name.
    pub fn name(self) -> &'static str {
        match self {
            TmaOp::Load => "SM90_TMA_LOAD",
            TmaOp::LoadMulticast => "SM90_TMA_LOAD_MULTICAST",
            TmaOp::Store => "SM90_TMA_STORE",
        }
    }
}

/// A TMA rule a layout breaks, with the operands in CuTe notation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TmaError {
    /// The layout algebra refused an intermediate step.
    Layout(LayoutError),
    /// The element type has no tensor-map data type.
    UnsupportedValueType {
        /// The value type.
        value_type: &'static str,
    },
    /// The CTA tile and the shared-memory layout differ in size.
    SizeMismatch {
        /// The CTA tile `identity ∘ tiler`.
        tile: String,
        /// The shared-memory layout.
        smem: String,
    },
    /// A global stride is negative (tensor-map strides are unsigned).
    NegativeStride {
        /// The global layout.
        gmem: String,
    },
    /// The shared-memory vector's first mode is not one step along a
    /// global mode: no box exists.
    NoCommonVector {
        /// The global layout.
        gmem: String,
        /// `coalesce(cta_v_map ∘ right_inverse(smem))` (strides in the
        /// column-major index of the global shape).
        vector: String,
    },
    /// The box's first mode is not the global tensor's contiguous mode.
    NonContiguousFirstMode {
        /// The global layout.
        gmem: String,
        /// Its stride in elements.
        stride: i64,
    },
    /// More than five modes, and the trailing ones the box walks cannot be
    /// folded into one (they are not compact in order).
    TooManyModes {
        /// The global layout.
        gmem: String,
        /// The modes before folding, `box:stride` per mode.
        modes: String,
    },
    /// A box mode is longer than 256 elements.
    BoxTooLarge {
        /// The TMA mode.
        mode: usize,
        /// Its extent.
        extent: u64,
    },
    /// A global mode is longer than `2^32` elements.
    GlobalDimTooLarge {
        /// The TMA mode.
        mode: usize,
        /// Its extent.
        extent: u64,
    },
    /// A global stride is not a multiple of 16 bytes, or not below `2^40`.
    GlobalStride {
        /// The global layout.
        gmem: String,
        /// The TMA mode.
        mode: usize,
        /// Its stride in bytes.
        bytes: u64,
    },
    /// The shared-memory swizzle is not one of TMA's.
    UnsupportedSwizzle {
        /// The swizzle as given (element offsets).
        swizzle: String,
        /// The same swizzle on byte addresses.
        byte_swizzle: String,
    },
    /// The swizzled layout's offset does not start a swizzle period.
    SwizzleOffset {
        /// The shared-memory layout.
        smem: String,
        /// Its offset in bytes.
        bytes: i64,
        /// The period it must be a multiple of, in bytes.
        period: i64,
    },
    /// The inner box extent in bytes exceeds the swizzle span, or is not a
    /// multiple of 16 bytes.
    InnerBox {
        /// The inner extent in bytes.
        bytes: u64,
        /// The swizzle span (`None`: no swizzle, only the 16-byte rule).
        span: Option<u64>,
    },
    /// The global address is not 16-byte aligned.
    MisalignedAddress {
        /// The address.
        address: u64,
    },
    /// The multicast count does not split the box, or is used with a
    /// non-multicast operation.
    Multicast {
        /// The box, per mode.
        boxes: String,
        /// The number of CTAs.
        multicast: u32,
    },
}

impl TmaError {
    /// The rule's `snake_case` name.
    pub fn kind(&self) -> &'static str {
        match self {
            TmaError::Layout(e) => e.kind(),
            TmaError::UnsupportedValueType { .. } => "tma_value_type",
            TmaError::SizeMismatch { .. } => "tma_size_mismatch",
            TmaError::NegativeStride { .. } => "tma_negative_stride",
            TmaError::NoCommonVector { .. } => "tma_no_common_vector",
            TmaError::NonContiguousFirstMode { .. } => "tma_non_contiguous_first_mode",
            TmaError::TooManyModes { .. } => "tma_too_many_modes",
            TmaError::BoxTooLarge { .. } => "tma_box_too_large",
            TmaError::GlobalDimTooLarge { .. } => "tma_global_dim_too_large",
            TmaError::GlobalStride { .. } => "tma_global_stride",
            TmaError::UnsupportedSwizzle { .. } => "tma_unsupported_swizzle",
            TmaError::SwizzleOffset { .. } => "tma_swizzle_offset",
            TmaError::InnerBox { .. } => "tma_inner_box",
            TmaError::MisalignedAddress { .. } => "tma_misaligned_address",
            TmaError::Multicast { .. } => "tma_multicast",
        }
    }
}

impl From<LayoutError> for TmaError {
    fn from(e: LayoutError) -> Self {
        TmaError::Layout(e)
    }
}

impl fmt::Display for TmaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = &TMA_LIMITS;
        match self {
            TmaError::Layout(e) => write!(f, "{e}"),
            TmaError::UnsupportedValueType { value_type } => {
                write!(f, "TMA has no tensor-map data type for `{value_type}`")
            }
            TmaError::SizeMismatch { tile, smem } => write!(
                f,
                "TMA needs the CTA tile and the shared-memory layout to have the same size: tile {tile}, smem {smem}"
            ),
            TmaError::NegativeStride { gmem } => {
                write!(
                    f,
                    "TMA global strides are unsigned: {gmem} has a negative stride"
                )
            }
            TmaError::NoCommonVector { gmem, vector } => write!(
                f,
                "TMA box: the shared-memory vector {vector} does not start with a unit step along a mode of the global tensor {gmem} (does the tile select its contiguous mode?)"
            ),
            TmaError::NonContiguousFirstMode { gmem, stride } => write!(
                f,
                "TMA's first mode must be contiguous in global memory: the shared-memory vector starts along a mode of stride {stride} of {gmem} (the smem and gmem majorness differ)"
            ),
            TmaError::TooManyModes { gmem, modes } => write!(
                f,
                "TMA has at most {} modes: {gmem} needs {modes}, and the box walks trailing modes that do not fold into one (not compact in order)",
                l.max_rank
            ),
            TmaError::BoxTooLarge { mode, extent } => write!(
                f,
                "TMA box mode {mode} has {extent} elements, more than {}",
                l.max_box_dim
            ),
            TmaError::GlobalDimTooLarge { mode, extent } => write!(
                f,
                "TMA global mode {mode} has {extent} elements, more than 2^32"
            ),
            TmaError::GlobalStride { gmem, mode, bytes } => write!(
                f,
                "TMA global stride of mode {mode} is {bytes} bytes in {gmem}: it must be a multiple of {} bytes and below 2^40",
                l.global_stride_align
            ),
            TmaError::UnsupportedSwizzle {
                swizzle,
                byte_swizzle,
            } => write!(
                f,
                "TMA has no shared-memory swizzle {swizzle} (on bytes {byte_swizzle}); it has Sw<1,4,3>, Sw<2,4,3>, Sw<3,4,3> (32/64/128-byte) on byte addresses"
            ),
            TmaError::SwizzleOffset {
                smem,
                bytes,
                period,
            } => write!(
                f,
                "TMA swizzles by the shared-memory address: the offset of {smem} ({bytes} bytes) must be a multiple of the swizzle period {period} bytes"
            ),
            TmaError::InnerBox { bytes, span } => match span {
                Some(s) => write!(
                    f,
                    "TMA inner box extent is {bytes} bytes, wider than the {s}-byte swizzle span"
                ),
                None => write!(
                    f,
                    "TMA inner box extent is {bytes} bytes, not a multiple of {} bytes",
                    l.inner_box_align
                ),
            },
            TmaError::MisalignedAddress { address } => write!(
                f,
                "TMA global address {address:#x} is not {}-byte aligned",
                l.address_align
            ),
            TmaError::Multicast { boxes, multicast } => write!(
                f,
                "TMA multicast over {multicast} CTAs cannot split the box {boxes} (each trailing mode must divide or be divided by the count, and only SM90_TMA_LOAD_MULTICAST multicasts)"
            ),
        }
    }
}

impl core::error::Error for TmaError {}

/// The arguments of the CUDA driver's `cuTensorMapEncodeTiled`, except the
/// output pointer: plain Rust data for a host crate to pass to the driver.
///
/// The arrays hold five entries; the first [`rank`](Self::rank) of each are
/// meaningful (`global_strides`: the first `rank - 1`, the stride of mode 0
/// being implied as one element). The 128-byte `CUtensorMap` the driver
/// writes is opaque and is not modelled here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TensorMapEncodeTiled {
    /// `tensorDataType`.
    pub data_type: TmaDataType,
    /// `tensorRank`.
    pub rank: u32,
    /// `globalAddress`.
    pub global_address: u64,
    /// `globalDim`, in elements.
    pub global_dim: [u64; 5],
    /// `globalStrides`, in bytes, for modes 1….
    pub global_strides: [u64; 4],
    /// `boxDim`, in elements.
    pub box_dim: [u32; 5],
    /// `elementStrides`.
    pub element_strides: [u32; 5],
    /// `interleave`.
    pub interleave: TmaInterleave,
    /// `swizzle`.
    pub swizzle: TmaSwizzle,
    /// `l2Promotion`.
    pub l2_promotion: TmaL2Promotion,
    /// `oobFill`.
    pub oob_fill: TmaOobFill,
}

impl TensorMapEncodeTiled {
    fn r(&self) -> usize {
        self.rank as usize
    }
    /// The meaningful `globalDim` entries.
    pub fn global_dim(&self) -> &[u64] {
        &self.global_dim[..self.r()]
    }
    /// The meaningful `globalStrides` entries (bytes, modes 1…).
    pub fn global_strides(&self) -> &[u64] {
        &self.global_strides[..self.r().saturating_sub(1)]
    }
    /// The meaningful `boxDim` entries.
    pub fn box_dim(&self) -> &[u32] {
        &self.box_dim[..self.r()]
    }
    /// The meaningful `elementStrides` entries.
    pub fn element_strides(&self) -> &[u32] {
        &self.element_strides[..self.r()]
    }
}

/// A global tensor as a TMA sees it: base address, layout (strides in
/// elements) and element type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaGmem {
    /// The address of element 0.
    pub address: u64,
    /// The layout.
    pub layout: Layout,
    /// The element type.
    pub value_type: ValueType,
}

impl TmaGmem {
    /// A global tensor.
    pub fn new(address: u64, layout: Layout, value_type: ValueType) -> Self {
        TmaGmem {
            address,
            layout,
            value_type,
        }
    }
}

/// One TMA mode: its box extent and the global modes (flat leaves of the
/// global shape, by index) it walks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaMode {
    /// Box extent in elements (before any multicast split).
    pub extent: i64,
    /// The flat global modes it stands for (more than one only where the
    /// trailing modes were folded).
    pub gmodes: Vec<usize>,
}

/// The result of [`make_tma_copy`]: the tensor-map arguments and the TMA's
/// own mapping of box elements to shared-memory coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaCopy {
    op: TmaOp,
    params: TensorMapEncodeTiled,
    modes: Vec<TmaMode>,
    box_to_smem: Layout,
    tile: Layout,
    instructions: i64,
    multicast: u32,
}

impl TmaCopy {
    /// The copy operation.
    pub fn op(&self) -> TmaOp {
        self.op
    }
    /// The arguments of `cuTensorMapEncodeTiled`.
    pub fn encode(&self) -> TensorMapEncodeTiled {
        self.params
    }
    /// The TMA modes and the global modes each walks.
    pub fn modes(&self) -> &[TmaMode] {
        &self.modes
    }
    /// Box element index (column-major over the box, before a multicast
    /// split) → shared-memory coordinate (the column-major index into the
    /// shared layout's domain): which shared-memory elements one
    /// instruction fills. CuTe's `composition(right_inverse(smem), N)`.
    pub fn box_to_smem(&self) -> &Layout {
        &self.box_to_smem
    }
    /// The CTA tile `identity(shape(gmem)) ∘ tiler`, with the identity
    /// written as the column-major layout of the global shape (a tile
    /// coordinate → the column-major index of its global coordinate).
    pub fn tile(&self) -> &Layout {
        &self.tile
    }
    /// Elements one instruction moves (the box size, all CTAs together).
    pub fn box_size(&self) -> i64 {
        self.box_to_smem.size()
    }
    /// Bytes one instruction moves (the transaction count of its mbarrier,
    /// per CTA: divide by the multicast count).
    pub fn box_bytes(&self) -> i64 {
        self.box_size() * self.element_bytes()
    }
    /// Instructions per CTA tile.
    pub fn instructions(&self) -> i64 {
        self.instructions
    }
    /// The multicast count.
    pub fn multicast(&self) -> u32 {
        self.multicast
    }
    fn element_bytes(&self) -> i64 {
        element_bytes(self.params.data_type)
    }
}

fn element_bytes(t: TmaDataType) -> i64 {
    use TmaDataType as T;
    match t {
        T::UInt8 => 1,
        T::UInt16 | T::Float16 | T::BFloat16 => 2,
        T::UInt32 | T::Int32 | T::Float32 | T::Float32Ftz | T::TFloat32 | T::TFloat32Ftz => 4,
        T::UInt64 | T::Int64 | T::Float64 => 8,
    }
}

/// The TMA mode a swizzle on **element** offsets of `element_bytes`-byte
/// elements is (the swizzle re-based to byte addresses, then looked up in
/// [`TMA_SWIZZLES`]).
pub fn tma_swizzle(swizzle: Swizzle, element_bytes: i64) -> Result<TmaSwizzle, TmaError> {
    let byte_m = swizzle.base() + element_bytes.trailing_zeros();
    let bad = || TmaError::UnsupportedSwizzle {
        swizzle: swizzle.to_string(),
        byte_swizzle: format!("Sw<{},{},{}>", swizzle.bits(), byte_m, swizzle.shift()),
    };
    if element_bytes <= 0 || element_bytes.count_ones() != 1 {
        return Err(bad());
    }
    tma_swizzle_mode(swizzle.bits(), byte_m, swizzle.shift()).ok_or_else(bad)
}

/// CuTe's `make_tma_copy(op, gtensor, slayout, cta_tiler, cluster_size)`,
/// up to the driver call: the tensor-map arguments and the box mapping.
///
/// `smem` is a [`Layout`] or a [`SwizzledLayout`] with offsets in elements;
/// `cta_tiler` defaults to the shared layout's shape by mode (CuTe's
/// `product_each(shape(slayout))`); `multicast` is the number of CTAs an
/// `SM90_TMA_LOAD_MULTICAST` serves (1 otherwise).
///
/// Where CuTe's result depends on which strides are compile-time constants
/// this follows CuTe with run-time global strides: box modes are not merged
/// (CuTe's `coalesce_256` merges only static strides), and global modes of
/// extent 1 or stride 0 the box does not walk are dropped.
pub fn make_tma_copy<S: SmemLayout + ?Sized>(
    op: TmaOp,
    gmem: &TmaGmem,
    smem: &S,
    cta_tiler: Option<&Tiler>,
    multicast: u32,
) -> Result<TmaCopy, TmaError> {
    let g = &gmem.layout;
    let gtext = || g.to_string();
    let data_type = TmaDataType::of(gmem.value_type).ok_or(TmaError::UnsupportedValueType {
        value_type: gmem.value_type.name(),
    })?;
    let bytes = element_bytes(data_type);
    if multicast == 0 || (multicast > 1 && op != TmaOp::LoadMulticast) {
        return Err(TmaError::Multicast {
            boxes: "()".into(),
            multicast,
        });
    }
    let (swizzle, offset, s_layout) = smem.smem_parts();
    let smem_text = || {
        if swizzle.bits() == 0 && offset == 0 {
            s_layout.to_string()
        } else {
            SwizzledLayout::new(swizzle, offset, s_layout.clone()).to_string()
        }
    };

    // The global modes, flat.
    let shapes: Vec<i64> = g.shape().leaves().collect();
    let strides: Vec<i64> = g.stride().leaves().collect();
    if strides.iter().any(|&d| d < 0) {
        return Err(TmaError::NegativeStride { gmem: gtext() });
    }
    // identity(shape(gmem)) as the column-major layout: a global coordinate
    // is its column-major index; flat mode j has index stride `col[j]`.
    let identity = Layout::column_major(g.shape())?;
    let col: Vec<i64> = identity.stride().leaves().collect();
    let tiler = match cta_tiler {
        Some(t) => t.clone(),
        None => {
            Tiler::from_shape(crate::data::int_tuple_ops::product_each(s_layout.shape())?.as_ref())
        }
    };
    let tile = composition(&identity, &tiler)?;
    if tile.size() != s_layout.size() {
        return Err(TmaError::SizeMismatch {
            tile: tile.to_string(),
            smem: smem_text(),
        });
    }

    // smem offset → smem coordinate → global coordinate index.
    let inv = right_inverse(s_layout)?;
    let vector = coalesce(&composition(&tile, &inv)?);
    let vshape: Vec<i64> = vector.shape().leaves().collect();
    let vstride: Vec<i64> = vector.stride().leaves().collect();
    // The flat global mode whose unit step an index stride `q` is, if any.
    let unit_mode = |q: i64| -> Option<usize> {
        (0..shapes.len())
            .rev()
            .find(|&j| shapes[j] > 1 && col[j] <= q)
            .filter(|&j| col[j] == q)
    };
    let mut modes: Vec<TmaMode> = Vec::new();
    'walk: for (&n, &q) in vshape.iter().zip(&vstride) {
        if n == 1 {
            continue;
        }
        let Some(mut j) = unit_mode(q) else { break };
        let mut n = n;
        // A unit-step mode longer than its global mode continues into the
        // next global mode (CuTe's basis strides keep them apart).
        let mut pieces = Vec::new();
        loop {
            if modes
                .iter()
                .chain(&pieces)
                .any(|m: &TmaMode| m.gmodes.contains(&j))
            {
                break 'walk;
            }
            if n <= shapes[j] {
                pieces.push(TmaMode {
                    extent: n,
                    gmodes: [j].into(),
                });
                break;
            }
            if n % shapes[j] != 0 {
                break 'walk;
            }
            pieces.push(TmaMode {
                extent: shapes[j],
                gmodes: [j].into(),
            });
            n /= shapes[j];
            match (j + 1..shapes.len()).find(|&k| shapes[k] > 1) {
                Some(k) => j = k,
                None => break 'walk,
            }
        }
        modes.extend(pieces);
    }
    if modes.is_empty() {
        return Err(TmaError::NoCommonVector {
            gmem: gtext(),
            vector: vector.to_string(),
        });
    }
    let box_size: i64 = modes.iter().map(|m| m.extent).product();
    // The global modes the box does not walk, each a box mode of extent 1.
    for j in 0..shapes.len() {
        if shapes[j] > 1 && strides[j] != 0 && !modes.iter().any(|m| m.gmodes.contains(&j)) {
            modes.push(TmaMode {
                extent: 1,
                gmodes: [j].into(),
            });
        }
    }
    // Fold modes 4… into the fifth (CuTe's `group<4,-1>`).
    let max_rank = TMA_LIMITS.max_rank;
    if modes.len() > max_rank {
        // The fold is one TMA mode of stride `d_first` only where the folded
        // modes are compact in order (`d_next = s · d`) and the box walks
        // whole modes before the last one it walks; CuTe folds regardless.
        let tail = &modes[max_rank - 1..];
        let last_walked = tail.iter().rposition(|m| m.extent > 1).unwrap_or(0);
        let compact = tail.windows(2).all(|w| {
            let (a, b) = (w[0].gmodes[0], w[1].gmodes[0]);
            shapes[a].checked_mul(strides[a]) == Some(strides[b])
        });
        let whole = tail[..last_walked]
            .iter()
            .all(|m| m.extent == shapes[m.gmodes[0]]);
        if !(compact && whole) && tail.iter().any(|m| m.extent > 1) {
            let text: Vec<String> = modes
                .iter()
                .map(|m| format!("{}:{}", m.extent, strides[m.gmodes[0]]))
                .collect();
            return Err(TmaError::TooManyModes {
                gmem: gtext(),
                modes: format!("({})", text.join(",")),
            });
        }
        let tail: Vec<usize> = modes[max_rank - 1..]
            .iter()
            .flat_map(|m| m.gmodes.clone())
            .collect();
        let extent = modes[max_rank - 1..].iter().map(|m| m.extent).product();
        modes.truncate(max_rank - 1);
        modes.push(TmaMode {
            extent,
            gmodes: tail,
        });
    }
    let rank = modes.len();

    // Global extents and strides (CuTe's fill_tma_gmem_shape_stride).
    let mut dim = [1u64; 5];
    let mut stride = [0u64; 5];
    for (i, m) in modes.iter().enumerate() {
        let (mut gdim, mut gstride) = (1u64, 0u64);
        for &j in &m.gmodes {
            let (sj, dj) = (shapes[j] as u64, strides[j] as u64);
            if m.gmodes.len() == 1 {
                (gdim, gstride) = (sj, dj);
                continue;
            }
            let old = gstride;
            gstride = cute_core::int::gcd(gstride as i64, dj as i64) as u64;
            gdim = if let (Some(q_old), Some(q_j)) =
                (old.checked_div(gstride), dj.checked_div(gstride))
            {
                let a = (gdim - 1).checked_mul(q_old);
                let b = (sj - 1).checked_mul(q_j);
                a.zip(b)
                    .and_then(|(a, b)| a.checked_add(b))
                    .and_then(|x| x.checked_add(1))
                    .ok_or_else(|| LayoutError::overflow("make_tma_copy", g))?
            } else {
                sj
            };
        }
        if gdim > TMA_LIMITS.max_global_dim {
            return Err(TmaError::GlobalDimTooLarge {
                mode: i,
                extent: gdim,
            });
        }
        dim[i] = gdim;
        stride[i] = gstride;
    }
    if stride[0] != 1 {
        return Err(TmaError::NonContiguousFirstMode {
            gmem: gtext(),
            stride: stride[0] as i64,
        });
    }
    let mut global_strides = [0u64; 4];
    for i in 1..rank {
        let b = stride[i]
            .checked_mul(bytes as u64)
            .ok_or_else(|| LayoutError::overflow("make_tma_copy", g))?;
        if !b.is_multiple_of(TMA_LIMITS.global_stride_align) || b >= TMA_LIMITS.global_stride_limit
        {
            return Err(TmaError::GlobalStride {
                gmem: gtext(),
                mode: i,
                bytes: b,
            });
        }
        global_strides[i - 1] = b;
    }

    // The box, split over the multicast CTAs from the last mode down.
    let mut box_dim = [1u64; 5];
    for (i, m) in modes.iter().enumerate() {
        box_dim[i] = m.extent as u64;
    }
    let mut mc = u64::from(multicast);
    let mut i = rank;
    while mc > 1 {
        let boxes = || {
            let b: Vec<String> = box_dim[..rank].iter().map(u64::to_string).collect();
            format!("({})", b.join(","))
        };
        if i == 0 {
            return Err(TmaError::Multicast {
                boxes: boxes(),
                multicast,
            });
        }
        i -= 1;
        let b = box_dim[i];
        if !b.is_multiple_of(mc) && !mc.is_multiple_of(b) {
            return Err(TmaError::Multicast {
                boxes: boxes(),
                multicast,
            });
        }
        let next = mc.div_ceil(b);
        box_dim[i] = b.div_ceil(mc);
        mc = next;
    }
    // Shared memory: the swizzle mode and the box rules (one place for
    // them: cute-core's `tma_box_violation`), then the swizzle's anchoring.
    let mode = tma_swizzle(swizzle, bytes)?;
    let inner = box_dim[0] * bytes as u64;
    match tma_box_violation(bytes as u64, &box_dim[..rank], mode) {
        None => {}
        Some((TmaBoxViolation::BoxTooLarge, i)) => {
            return Err(TmaError::BoxTooLarge {
                mode: i,
                extent: box_dim[i],
            });
        }
        Some((TmaBoxViolation::InnerBeyondSpan, _)) => {
            return Err(TmaError::InnerBox {
                bytes: inner,
                span: mode.span_bytes(),
            });
        }
        // (The rank was bounded by the fold above.)
        Some((TmaBoxViolation::InnerNotGranule | TmaBoxViolation::TooManyModes, _)) => {
            return Err(TmaError::InnerBox {
                bytes: inner,
                span: None,
            });
        }
    }
    if swizzle.bits() != 0 {
        let overflow = || LayoutError::overflow("make_tma_copy", smem_text());
        let period = swizzle.period().checked_mul(bytes).ok_or_else(overflow)?;
        let off = offset.checked_mul(bytes).ok_or_else(overflow)?;
        if off % period != 0 {
            return Err(TmaError::SwizzleOffset {
                smem: smem_text(),
                bytes: off,
                period,
            });
        }
    }
    if !gmem.address.is_multiple_of(TMA_LIMITS.address_align) {
        return Err(TmaError::MisalignedAddress {
            address: gmem.address,
        });
    }

    let box_to_smem = coalesce(&composition(
        &inv,
        &Layout::new(IntTuple::int(box_size), IntTuple::int(1))?,
    )?);
    let mut box_u32 = [1u32; 5];
    for (d, s) in box_u32.iter_mut().zip(box_dim) {
        *d = s as u32;
    }
    Ok(TmaCopy {
        op,
        params: TensorMapEncodeTiled {
            data_type,
            rank: rank as u32,
            global_address: gmem.address,
            global_dim: dim,
            global_strides,
            box_dim: box_u32,
            element_strides: [1; 5],
            interleave: TmaInterleave::None,
            swizzle: mode,
            l2_promotion: TmaL2Promotion::L2_128B,
            oob_fill: TmaOobFill::None,
        },
        modes,
        box_to_smem,
        tile,
        instructions: s_layout.size() / box_size,
        multicast,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::coordinate::idx2crd;
    use crate::gmma_k_atom;
    use crate::{SmemSwizzle, tile_to_shape};
    use proptest::prelude::*;
    use std::collections::{BTreeMap, HashSet};

    /// CuTe C++'s analysis of the same cases (tests/tma/cute_ref.cpp's output).
    const CUTE_REF: &str = include_str!("../../tests/tma/cute_ref.txt");

    fn fields(line: &str) -> BTreeMap<&str, String> {
        let mut it = line.split(' ');
        let mut m = BTreeMap::new();
        m.insert("name", it.next().unwrap_or_default().to_string());
        for kv in it {
            let (k, v) = kv.split_once('=').expect("key=value");
            m.insert(k, v.replace('_', ""));
        }
        m
    }

    fn nums<T: core::str::FromStr>(s: &str) -> Vec<T> {
        s.split(',')
            .map(|x| x.parse().ok().expect("number"))
            .collect()
    }

    /// The case of one fixture line, run through `make_tma_copy`.
    fn run_case(f: &BTreeMap<&str, String>) -> Result<TmaCopy, TmaError> {
        let (vt, bytes) = match f["T"].as_str() {
            "float" => (ValueType::Float, 4),
            "halft" => (ValueType::Half, 2), // (underscores are stripped)
            t => panic!("type {t}"),
        };
        let g: Layout = f["g"].parse().expect("gmem");
        let s: Layout = f["s"].parse().expect("smem");
        // CuTe's swizzle is on byte addresses; ours on element offsets.
        let sw: Swizzle = f["sw"].parse().expect("swizzle");
        let shift = (bytes as i64).trailing_zeros();
        let sw = Swizzle::new(sw.bits(), sw.base() - shift, sw.shift()).expect("swizzle");
        let tile: IntTuple = f["tile"].parse().expect("tile");
        let tiler = Tiler::from_shape(tile.as_ref());
        let smem = SwizzledLayout::new(sw, 0, s);
        make_tma_copy(
            TmaOp::Load,
            &TmaGmem::new(0x1000, g, vt),
            &smem,
            Some(&tiler),
            1,
        )
    }

    #[test]
    fn tma_matches_cute_cpp() {
        let mut seen = 0;
        for line in CUTE_REF.lines().filter(|l| !l.trim().is_empty()) {
            let f = fields(line);
            let name = f["name"].clone();
            let boxes: Vec<u64> = nums(&f["box"]);
            let r = run_case(&f);
            if let Some(&big) = boxes.iter().find(|&&b| b > TMA_LIMITS.max_box_dim) {
                // CuTe asserts in make_tma_copy_desc; the driver would refuse.
                let e = r.expect_err(&name);
                assert_eq!(
                    e,
                    TmaError::BoxTooLarge {
                        mode: 0,
                        extent: big
                    },
                    "{name}"
                );
                seen += 1;
                continue;
            }
            let tma = r.unwrap_or_else(|e| panic!("{name}: {e}"));
            let p = tma.encode();
            let rank: usize = f["rank"].parse().expect("rank");
            assert_eq!(p.rank as usize, rank, "{name}");
            assert_eq!(p.global_dim(), nums::<u64>(&f["dim"]).as_slice(), "{name}");
            let sb: Vec<u64> = nums(&f["stride_bytes"]);
            assert_eq!(
                sb[0],
                element_bytes(p.data_type) as u64,
                "{name}: mode 0 is contiguous"
            );
            assert_eq!(p.global_strides(), &sb[1..], "{name}");
            let b32: Vec<u32> = boxes.iter().map(|&b| b as u32).collect();
            assert_eq!(p.box_dim(), b32.as_slice(), "{name}");
            let bits: u32 = f["swizzle_bits"].parse().expect("bits");
            assert_eq!(p.swizzle.driver_value(), bits, "{name}");
            assert_eq!(tma.box_to_smem().to_string(), f["v"], "{name}");
            assert_eq!(p.element_strides(), vec![1; rank].as_slice());
            assert_eq!(p.l2_promotion, TmaL2Promotion::L2_128B);
            seen += 1;
        }
        assert_eq!(seen, 12);
    }

    /// Our tiled GMMA K atoms are the layouts CuTe's `tile_to_shape` built
    /// in the fixture (so the doc example's inputs are CuTe's).
    #[test]
    fn tma_gmma_atoms_are_cutes() {
        for (name, mode, tile) in [
            ("k_sw128_f16", SmemSwizzle::B128, "(128,64)"),
            ("k_sw64_f16", SmemSwizzle::B64, "(128,32)"),
            ("k_sw32_f16", SmemSwizzle::B32, "(64,16)"),
        ] {
            let line = CUTE_REF.lines().find(|l| l.starts_with(name)).expect(name);
            let f = fields(line);
            let atom = gmma_k_atom(mode, 2).expect("atom");
            let tiled =
                tile_to_shape(atom.layout(), &tile.parse().expect("tile"), None).expect("tile");
            // The same function (CuTe keeps the atom's modes; our
            // tile_to_shape coalesces within each mode).
            let cute: Layout = f["s"].parse().expect("smem");
            assert_eq!(tiled.size(), cute.size(), "{name}");
            for i in 0..cute.size() {
                assert_eq!(tiled.call(i), cute.call(i), "{name} at {i}");
            }
        }
    }

    #[test]
    fn tma_limits_and_swizzles_as_data() {
        assert_eq!(TMA_LIMITS.max_rank, 5);
        assert_eq!(TMA_LIMITS.max_box_dim, 256);
        assert_eq!(TMA_LIMITS.global_stride_align, 16);
        assert_eq!(TMA_LIMITS.address_align, 16);
        // The GMMA atoms' swizzles are TMA's, for every element size.
        for (mode, want) in [
            (SmemSwizzle::Interleave, TmaSwizzle::None),
            (SmemSwizzle::B32, TmaSwizzle::B32),
            (SmemSwizzle::B64, TmaSwizzle::B64),
            (SmemSwizzle::B128, TmaSwizzle::B128),
        ] {
            for bytes in [1, 2, 4, 8] {
                let atom = gmma_k_atom(mode, bytes).expect("atom");
                assert_eq!(tma_swizzle(atom.swizzle(), bytes), Ok(want));
                assert_eq!(want.span_bytes().unwrap_or(16) as i64, mode.row_bytes());
            }
        }
        // Each table row is found, and nothing else with M = 4.
        for r in TMA_SWIZZLES {
            let s = Swizzle::new(r.b, r.m, r.s.unwrap_or(3)).expect("swizzle");
            assert_eq!(tma_swizzle(s, 1), Ok(r.mode));
        }
        assert_eq!(
            tma_swizzle(Swizzle::new(3, 4, 4).expect("sw"), 1)
                .unwrap_err()
                .kind(),
            "tma_unsupported_swizzle"
        );
        // The driver's enum values.
        assert_eq!(TmaDataType::BFloat16.driver_value(), 9);
        assert_eq!(TmaSwizzle::B128Atom64B.driver_value(), 6);
        assert_eq!(TmaL2Promotion::L2_256B as u32, 3);
        assert_eq!(TmaInterleave::B32 as u32, 2);
        assert_eq!(TmaOobFill::NanRequestZeroFma as u32, 1);
    }

    /// The law: box element `e` (column-major over the box) is written to
    /// shared offset `e`, at the tile coordinate `box_to_smem(e)`, and is
    /// read from the global offset the TMA computes from the descriptor —
    /// the same offset the global layout gives that tile coordinate.
    fn check_law(tma: &TmaCopy, gmem: &Layout, smem: &Layout) -> Result<(), TestCaseError> {
        let p = tma.encode();
        let rank = p.rank as usize;
        let bytes = element_bytes(p.data_type) as u64;
        let mut estride = vec![1u64];
        estride.extend(p.global_strides().iter().map(|b| b / bytes));
        let box_shape = IntTuple::flat(p.box_dim().iter().map(|&b| i64::from(b)));
        let n = tma.box_size() / i64::from(tma.multicast());
        prop_assert_eq!(box_shape.size(), Some(n));
        prop_assert_eq!(tma.instructions() * tma.box_size(), smem.size());
        let mut seen = HashSet::new();
        for e in 0..n {
            let c = tma.box_to_smem().call(e);
            prop_assert_eq!(smem.call(c), e, "smem offset of box element {}", e);
            let want = gmem.call(tma.tile().call(c));
            let bc = idx2crd(e, &box_shape);
            let coords: Vec<i64> = bc.leaves().collect();
            let mut got = 0u64;
            for i in 0..rank {
                prop_assert!((coords[i] as u64) < p.global_dim()[i], "in bounds");
                got += coords[i] as u64 * estride[i];
            }
            prop_assert_eq!(got as i64, want, "gmem offset of box element {}", e);
            prop_assert!(seen.insert(want), "distinct global elements");
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn tma_box_law(m in 1i64..5, k in 1i64..5, pad in 0i64..3, row_major in any::<bool>(),
                       smem_row in any::<bool>(), tm in 0u32..4, tk in 0u32..4, half in any::<bool>(),
                       batch in 1i64..4) {
            let (vt, bytes) = if half { (ValueType::Half, 2) } else { (ValueType::Float, 4) };
            let granule = 16 / bytes;
            let (mm, kk) = (m * 16, k * 16);
            let (bm, bk) = (1i64 << (tm + 3), 1i64 << (tk + 2));
            prop_assume!(bm <= mm && bk <= kk);
            // Leading dimension padded by whole 16-byte granules.
            let ld = if row_major { kk } else { mm } + pad * granule;
            let gstr = if row_major { format!("({mm},{kk},{batch}):({ld},1,{})", ld * mm.max(kk)) }
                       else { format!("({mm},{kk},{batch}):(1,{ld},{})", ld * mm.max(kk)) };
            let g: Layout = gstr.parse().expect("gmem");
            let s = if smem_row { Layout::row_major(&IntTuple::flat([bm, bk])) }
                    else { Layout::column_major(&IntTuple::flat([bm, bk])) }.expect("smem");
            let tiler: Tiler = Tiler::from_shape(IntTuple::flat([bm, bk, 1]).as_ref());
            let s3 = Layout::new(IntTuple::flat([bm, bk, 1]), {
                let st: Vec<i64> = s.stride().leaves().collect();
                IntTuple::flat([st[0], st[1], 0])
            }).expect("smem");
            match make_tma_copy(TmaOp::Load, &TmaGmem::new(0, g.clone(), vt), &s3, Some(&tiler), 1) {
                Ok(tma) => check_law(&tma, &g, &s3)?,
                // Only the rules a random tile can break.
                Err(e) => prop_assert!(matches!(e.kind(), "tma_non_contiguous_first_mode" | "tma_inner_box"), "{e}"),
            }
        }

        #[test]
        fn tma_box_law_swizzled(mode in 1usize..4, half in any::<bool>(), mtiles in 1i64..3, k in 1i64..3) {
            let modes = [SmemSwizzle::Interleave, SmemSwizzle::B32, SmemSwizzle::B64, SmemSwizzle::B128];
            let (vt, bytes) = if half { (ValueType::Half, 2) } else { (ValueType::Float, 4) };
            let atom = gmma_k_atom(modes[mode], bytes).expect("atom");
            let row = modes[mode].row_bytes() / bytes;
            let tile = IntTuple::flat([8 * mtiles, row]);
            let tiled = tile_to_shape(atom.layout(), &tile, None).expect("tile");
            let g: Layout = format!("(64,{}):({},1)", row * k, row * k).parse().expect("gmem");
            let smem = SwizzledLayout::new(atom.swizzle(), 0, tiled.clone());
            let tma = make_tma_copy(TmaOp::Load, &TmaGmem::new(0, g.clone(), vt), &smem, None, 1)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(tma.instructions(), 1);
            check_law(&tma, &g, &tiled)?;
        }
    }

    #[test]
    fn tma_multicast_splits_the_box_from_the_last_mode() {
        let g = TmaGmem::new(
            0,
            "(1024,256):(256,1)".parse().expect("g"),
            ValueType::Float,
        );
        let s: Layout = "(64,32):(32,1)".parse().expect("s");
        let t = make_tma_copy(TmaOp::LoadMulticast, &g, &s, None, 4).expect("multicast");
        assert_eq!(t.encode().box_dim(), &[32, 16]);
        assert_eq!(t.box_size(), 64 * 32);
        let t = make_tma_copy(TmaOp::LoadMulticast, &g, &s, None, 128).expect("multicast");
        assert_eq!(t.encode().box_dim(), &[16, 1]);
    }

    fn err(
        op: TmaOp,
        g: &str,
        vt: ValueType,
        addr: u64,
        s: &SwizzledLayout,
        tiler: Option<&str>,
        mc: u32,
    ) -> TmaError {
        let tiler = tiler.map(|t| Tiler::parse(t).expect("tiler"));
        make_tma_copy(
            op,
            &TmaGmem::new(addr, g.parse().expect("gmem"), vt),
            s,
            tiler.as_ref(),
            mc,
        )
        .expect_err("must be refused")
    }

    fn plain(s: &str) -> SwizzledLayout {
        SwizzledLayout::new(Swizzle::identity(), 0, s.parse().expect("smem"))
    }

    #[test]
    fn tma_errors_one_per_rule() {
        use TmaOp::*;
        use ValueType::{Float, Half, Int4};
        let col = plain("(64,32):(1,64)");
        let cases: Vec<(TmaError, &str)> = vec![
            (
                err(Load, "(64,64):(1,64)", Int4, 0, &col, None, 1),
                "tma_value_type",
            ),
            (
                err(Load, "(64,64):(1,64)", Float, 0, &col, Some("(64,64)"), 1),
                "tma_size_mismatch",
            ),
            (
                err(Load, "(64,64):(1,-64)", Float, 0, &col, None, 1),
                "tma_negative_stride",
            ),
            (
                err(
                    Load,
                    "(64,64):(1,64)",
                    Float,
                    0,
                    &plain("(32,32):(1,32)"),
                    Some("<32:2,32:1>"),
                    1,
                ),
                "tma_no_common_vector",
            ),
            (
                err(Load, "(64,64):(64,1)", Float, 0, &col, None, 1),
                "tma_non_contiguous_first_mode",
            ),
            (
                err(
                    Load,
                    "(4,2,2,2,2,2):(1,4,8,16,32,128)",
                    Float,
                    0,
                    &plain("(4,2,2,2,2,2):(1,4,8,16,32,64)"),
                    None,
                    1,
                ),
                "tma_too_many_modes",
            ),
            (
                err(Load, "(4096):(1)", Float, 0, &plain("512:1"), None, 1),
                "tma_box_too_large",
            ),
            (
                err(Load, "(8589934592):(1)", Float, 0, &plain("64:1"), None, 1),
                "tma_global_dim_too_large",
            ),
            (
                err(Load, "(64,62):(1,62)", Float, 0, &col, None, 1),
                "tma_global_stride",
            ),
            (
                err(
                    Load,
                    "(64,64):(1,64)",
                    Half,
                    0,
                    &SwizzledLayout::new(
                        Swizzle::new(1, 1, 1).expect("sw"),
                        0,
                        "(64,32):(1,64)".parse().expect("s"),
                    ),
                    None,
                    1,
                ),
                "tma_unsupported_swizzle",
            ),
            (
                err(
                    Load,
                    "(64,64):(64,1)",
                    Half,
                    0,
                    &SwizzledLayout::new(
                        Swizzle::new(3, 3, 3).expect("sw"),
                        8,
                        "(8,64):(64,1)".parse().expect("s"),
                    ),
                    None,
                    1,
                ),
                "tma_swizzle_offset",
            ),
            (
                err(
                    Load,
                    "(64,256):(256,1)",
                    Half,
                    0,
                    &SwizzledLayout::new(
                        Swizzle::new(3, 3, 3).expect("sw"),
                        0,
                        "(8,128):(128,1)".parse().expect("s"),
                    ),
                    None,
                    1,
                ),
                "tma_inner_box",
            ),
            (
                err(
                    Load,
                    "(2,64):(1,16)",
                    Float,
                    0,
                    &plain("(2,64):(1,2)"),
                    None,
                    1,
                ),
                "tma_inner_box",
            ),
            (
                err(Load, "(64,64):(1,64)", Float, 8, &col, None, 1),
                "tma_misaligned_address",
            ),
            (
                err(
                    LoadMulticast,
                    "(64,64):(64,1)",
                    Float,
                    0,
                    &plain("(64,32):(32,1)"),
                    None,
                    3,
                ),
                "tma_multicast",
            ),
            (
                err(
                    Load,
                    "(64,64):(64,1)",
                    Float,
                    0,
                    &plain("(64,32):(32,1)"),
                    None,
                    2,
                ),
                "tma_multicast",
            ),
        ];
        for (e, kind) in cases {
            assert_eq!(e.kind(), kind, "{e}");
            let text = e.to_string();
            assert!(text.starts_with("TMA"), "{text}");
        }
        // The fold CuTe makes where it is exact is accepted (compact trailing modes).
        let ok = make_tma_copy(
            TmaOp::Load,
            &TmaGmem::new(
                0,
                "(4,2,2,2,2,2):(1,4,8,16,32,64)".parse().expect("g"),
                Float,
            ),
            &"(4,2,2,2,2,2):(1,4,8,16,32,64)"
                .parse::<Layout>()
                .expect("s"),
            None,
            1,
        )
        .expect("compact fold");
        assert_eq!(ok.encode().global_dim(), &[4, 2, 2, 2, 4]);
        assert_eq!(ok.encode().box_dim(), &[4, 2, 2, 2, 4]);
        check_law(
            &ok,
            &"(4,2,2,2,2,2):(1,4,8,16,32,64)".parse().expect("g"),
            &"(4,2,2,2,2,2):(1,4,8,16,32,64)".parse().expect("s"),
        )
        .expect("law");
    }
}
