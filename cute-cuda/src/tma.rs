//! TMA descriptors: the 128-byte `CUtensorMap` the driver's
//! `cuTensorMapEncodeTiled` writes from the arguments cute-dynamic's
//! [`make_tma_copy`](cute_dynamic::make_tma_copy) derives from a global
//! and a shared layout ([`TensorMapEncodeTiled`]).
//!
//! The arguments carry every rule the layouts must obey (box extents,
//! swizzle span, 16-byte strides), checked where `make_tma_copy` builds
//! them; what is left to the driver is the device address, whose 16-byte
//! alignment [`Gpu::encode_tensor_map`] checks before the call.
//!
//! ```no_run
//! use cute_cuda::{Error, Gpu, TensorMap};
//! use cute_dynamic::{
//!     make_tma_copy, Layout, SwizzledLayout, Swizzle, TmaGmem, TmaOp, ValueType,
//! };
//! let gpu = Gpu::new(0)?;
//! let a = gpu.upload(&vec![0f32; 1024 * 256])?;
//! // A row-major 1024 × 256 f32 tensor, loaded by (64, 32) tiles.
//! let g = TmaGmem::new(gpu.address(&a) as u64, "(1024,256):(256,1)".parse()?, ValueType::Float);
//! let s = SwizzledLayout::new(Swizzle::new(0, 4, 3)?, 0, "(64,32):(32,1)".parse()?);
//! let tma = make_tma_copy(TmaOp::Load, &g, &s, None, 1)?;
//! let map: TensorMap = gpu.encode_tensor_map(&tma.encode())?;
//! assert_eq!(map.bytes().len(), 128);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use cudarc::driver::DeviceRepr;
use cudarc::driver::sys::{
    self, CUtensorMap, CUtensorMapDataType, CUtensorMapFloatOOBfill, CUtensorMapInterleave,
    CUtensorMapL2promotion, CUtensorMapSwizzle,
};
use cute_dynamic::{
    TensorMapEncodeTiled, TmaDataType, TmaInterleave, TmaL2Promotion, TmaOobFill, TmaSwizzle,
};

use cute_dynamic::{
    IntTuple, Layout, Swizzle, SwizzledLayout, TMA_LIMITS, Tiler, TmaGmem, TmaOp, ValueType,
    make_tma_copy,
};

use crate::error::{Error, Result};
use crate::gpu::Gpu;

/// A `CUtensorMap`: 128 opaque bytes, 64-byte aligned, passed by value
/// to a kernel (CUDA's `const __grid_constant__ CUtensorMap`).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct TensorMap(CUtensorMap);

impl TensorMap {
    /// The descriptor's bytes.
    pub fn bytes(&self) -> [u8; 128] {
        let mut out = [0u8; 128];
        for (chunk, word) in out.chunks_exact_mut(8).zip(self.0.opaque.iter()) {
            chunk.copy_from_slice(&word.to_ne_bytes());
        }
        out
    }
}

impl core::fmt::Debug for TensorMap {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "TensorMap(")?;
        for b in self.bytes() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

// SAFETY: `#[repr(transparent)]` over the driver's `CUtensorMap` (16
// `u64`, 64-byte aligned), plain bytes the kernel reads as its parameter.
unsafe impl DeviceRepr for TensorMap {}

/// The driver's `CUtensorMapDataType` of `t` (the same values, in the
/// same order; checked by the tests).
pub fn driver_data_type(t: TmaDataType) -> CUtensorMapDataType {
    use CUtensorMapDataType as D;
    use TmaDataType as T;
    match t {
        T::UInt8 => D::CU_TENSOR_MAP_DATA_TYPE_UINT8,
        T::UInt16 => D::CU_TENSOR_MAP_DATA_TYPE_UINT16,
        T::UInt32 => D::CU_TENSOR_MAP_DATA_TYPE_UINT32,
        T::Int32 => D::CU_TENSOR_MAP_DATA_TYPE_INT32,
        T::UInt64 => D::CU_TENSOR_MAP_DATA_TYPE_UINT64,
        T::Int64 => D::CU_TENSOR_MAP_DATA_TYPE_INT64,
        T::Float16 => D::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        T::Float32 => D::CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
        T::Float64 => D::CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
        T::BFloat16 => D::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        T::Float32Ftz => D::CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ,
        T::TFloat32 => D::CU_TENSOR_MAP_DATA_TYPE_TFLOAT32,
        T::TFloat32Ftz => D::CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ,
    }
}

/// The driver's `CUtensorMapSwizzle` of `s`.
pub fn driver_swizzle(s: TmaSwizzle) -> CUtensorMapSwizzle {
    use CUtensorMapSwizzle as D;
    match s {
        TmaSwizzle::None => D::CU_TENSOR_MAP_SWIZZLE_NONE,
        TmaSwizzle::B32 => D::CU_TENSOR_MAP_SWIZZLE_32B,
        TmaSwizzle::B64 => D::CU_TENSOR_MAP_SWIZZLE_64B,
        TmaSwizzle::B128 => D::CU_TENSOR_MAP_SWIZZLE_128B,
        TmaSwizzle::B128Atom32B => D::CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B,
        TmaSwizzle::B128Atom32BFlip8B => D::CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B,
        TmaSwizzle::B128Atom64B => D::CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B,
    }
}

/// The driver's `CUtensorMapInterleave` of `i`.
pub fn driver_interleave(i: TmaInterleave) -> CUtensorMapInterleave {
    use CUtensorMapInterleave as D;
    match i {
        TmaInterleave::None => D::CU_TENSOR_MAP_INTERLEAVE_NONE,
        TmaInterleave::B16 => D::CU_TENSOR_MAP_INTERLEAVE_16B,
        TmaInterleave::B32 => D::CU_TENSOR_MAP_INTERLEAVE_32B,
    }
}

/// The driver's `CUtensorMapL2promotion` of `p`.
pub fn driver_l2_promotion(p: TmaL2Promotion) -> CUtensorMapL2promotion {
    use CUtensorMapL2promotion as D;
    match p {
        TmaL2Promotion::None => D::CU_TENSOR_MAP_L2_PROMOTION_NONE,
        TmaL2Promotion::L2_64B => D::CU_TENSOR_MAP_L2_PROMOTION_L2_64B,
        TmaL2Promotion::L2_128B => D::CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
        TmaL2Promotion::L2_256B => D::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
    }
}

/// The driver's `CUtensorMapFloatOOBfill` of `o`.
pub fn driver_oob_fill(o: TmaOobFill) -> CUtensorMapFloatOOBfill {
    use CUtensorMapFloatOOBfill as D;
    match o {
        TmaOobFill::None => D::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        TmaOobFill::NanRequestZeroFma => D::CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA,
    }
}

/// The first argument rule `p` breaks that only the driver would
/// otherwise report (after `make_tma_copy`'s own checks): the rank, the
/// global address's 16-byte alignment.
pub fn tensor_map_violation(p: &TensorMapEncodeTiled) -> Option<String> {
    if !(1..=5).contains(&p.rank) {
        return Some(format!("rank {} is not in 1..=5", p.rank));
    }
    if !p.global_address.is_multiple_of(16) {
        return Some(format!(
            "the global address {:#x} is not a multiple of 16 bytes",
            p.global_address
        ));
    }
    None
}

impl Gpu {
    /// The `CUtensorMap` of `params` (from
    /// [`TmaCopy::encode`](cute_dynamic::TmaCopy::encode)), encoded by the
    /// driver's `cuTensorMapEncodeTiled`.
    ///
    /// [`Error::TensorMap`] when `params` break a rule the driver checks
    /// ([`tensor_map_violation`]), [`Error::Driver`] when the driver
    /// refuses them anyway.
    pub fn encode_tensor_map(&self, params: &TensorMapEncodeTiled) -> Result<TensorMap> {
        if let Some(reason) = tensor_map_violation(params) {
            return Err(Error::TensorMap { reason });
        }
        self.bind()?;
        let mut map = core::mem::MaybeUninit::<CUtensorMap>::uninit();
        // SAFETY: the driver is loaded and initialised (`self` exists, its
        // context is current); `map` is a writable `CUtensorMap`; the
        // arrays hold five entries, of which the driver reads `rank` (1..=5,
        // checked above; `global_strides`: `rank - 1`); the address is not
        // dereferenced by the encoding.
        let r = unsafe {
            sys::cuTensorMapEncodeTiled(
                map.as_mut_ptr(),
                driver_data_type(params.data_type),
                params.rank,
                params.global_address as usize as *mut core::ffi::c_void,
                params.global_dim.as_ptr(),
                params.global_strides.as_ptr(),
                params.box_dim.as_ptr(),
                params.element_strides.as_ptr(),
                driver_interleave(params.interleave),
                driver_swizzle(params.swizzle),
                driver_l2_promotion(params.l2_promotion),
                driver_oob_fill(params.oob_fill),
            )
        };
        r.result()
            .map_err(|e| Error::driver("cuTensorMapEncodeTiled", e))?;
        // SAFETY: CUDA_SUCCESS: the driver wrote the whole descriptor.
        Ok(TensorMap(unsafe { map.assume_init() }))
    }
}

/// CuTe C++'s analysis of TMA cases (cute-dynamic/tests/tma/cute_ref.txt,
/// printed by CuTe's `make_tma_copy` for each global and shared layout).
const CUTE_REF: &str = include_str!("../../cute-dynamic/tests/tma/cute_ref.txt");

/// One TMA reference case: `make_tma_copy`'s arguments for a global
/// tensor at `address`, and the arguments CuTe C++ printed for the same
/// layouts (its `make_tma_copy`), with the same address.
#[derive(Clone, Debug)]
pub struct TmaReferenceCase {
    /// The case's name in the reference file.
    pub name: String,
    /// Ours.
    pub ours: TensorMapEncodeTiled,
    /// CuTe C++'s.
    pub cute: TensorMapEncodeTiled,
}

/// The reference cases whose box the hardware allows (the others are
/// refused by `make_tma_copy`, as CuTe asserts; cute-dynamic's tests check
/// that), for a global tensor at `address`.
///
/// A line the file cannot hold (a malformed field) or a case
/// `make_tma_copy` refuses is an error naming the line.
pub fn tma_reference_cases(address: u64) -> core::result::Result<Vec<TmaReferenceCase>, String> {
    let mut out = Vec::new();
    for line in CUTE_REF.lines().filter(|l| !l.trim().is_empty()) {
        out.extend(reference_case(line, address).map_err(|e| format!("{line}: {e}"))?);
    }
    Ok(out)
}

fn reference_case(
    line: &str,
    address: u64,
) -> core::result::Result<Option<TmaReferenceCase>, String> {
    let mut words = line.split(' ');
    let name = words.next().unwrap_or_default().to_string();
    let mut f = std::collections::BTreeMap::new();
    for kv in words {
        let (k, v) = kv.split_once('=').ok_or("a field is not key=value")?;
        f.insert(k, v.replace('_', ""));
    }
    let field = |k: &str| f.get(k).map(String::as_str).ok_or(format!("no field {k}"));
    let nums = |k: &str| -> core::result::Result<Vec<u64>, String> {
        field(k)?
            .split(',')
            .map(|x| x.parse().map_err(|e| format!("{k}: {e}")))
            .collect()
    };
    let boxes = nums("box")?;
    if boxes.iter().any(|&b| b > TMA_LIMITS.max_box_dim) {
        return Ok(None);
    }
    let (value_type, data_type, bytes) = match field("T")? {
        "float" => (ValueType::Float, TmaDataType::Float32, 4i64),
        "halft" => (ValueType::Half, TmaDataType::Float16, 2),
        t => return Err(format!("element type {t}")),
    };
    let e = |x: &dyn core::fmt::Display| x.to_string();
    let g: Layout = field("g")?.parse().map_err(|x| e(&x))?;
    let s: Layout = field("s")?.parse().map_err(|x| e(&x))?;
    // CuTe's swizzle is on byte addresses; ours on element offsets.
    let sw: Swizzle = field("sw")?.parse().map_err(|x| e(&x))?;
    let sw = Swizzle::new(sw.bits(), sw.base() - bytes.trailing_zeros(), sw.shift())
        .map_err(|x| e(&x))?;
    let tile: IntTuple = field("tile")?.parse().map_err(|x| e(&x))?;
    let ours = make_tma_copy(
        TmaOp::Load,
        &TmaGmem::new(address, g, value_type),
        &SwizzledLayout::new(sw, 0, s),
        Some(&Tiler::from_shape(tile.as_ref())),
        1,
    )
    .map_err(|x| e(&x))?
    .encode();
    let rank: usize = field("rank")?.parse().map_err(|x| e(&x))?;
    let (dim, strides) = (nums("dim")?, nums("stride_bytes")?);
    if !(1..=5).contains(&rank) || dim.len() != rank || strides.len() != rank || boxes.len() != rank
    {
        return Err(format!("rank {rank} against the dims, strides and box"));
    }
    let swizzle = match field("swizzle_bits")? {
        "0" => TmaSwizzle::None,
        "1" => TmaSwizzle::B32,
        "2" => TmaSwizzle::B64,
        "3" => TmaSwizzle::B128,
        b => return Err(format!("swizzle bits {b}")),
    };
    let mut cute = TensorMapEncodeTiled {
        data_type,
        rank: rank as u32,
        global_address: address,
        global_dim: [1; 5],
        global_strides: [0; 4],
        box_dim: [1; 5],
        element_strides: [1; 5],
        interleave: TmaInterleave::None,
        swizzle,
        l2_promotion: TmaL2Promotion::L2_128B,
        oob_fill: TmaOobFill::None,
    };
    for i in 0..rank {
        cute.global_dim[i] = dim[i];
        cute.box_dim[i] = u32::try_from(boxes[i]).map_err(|x| e(&x))?;
        if i > 0 {
            cute.global_strides[i - 1] = strides[i];
        }
    }
    Ok(Some(TmaReferenceCase { name, ours, cute }))
}
