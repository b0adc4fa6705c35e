//! TMA boxes and atoms at compile time: a box, swizzle or shared-memory
//! alignment the hardware cannot have is a compile error whose first line
//! names the rule.
//!
//! The rules are cute-core's (`cute_core::tma`), the same `const fn`s the
//! run-time `make_tma_copy` of cute-dynamic applies; here they run when a
//! [`TmaBox`] is named in code that is compiled.
//!
//! ```
//! use cute_static::atom::{SM90_TMA_LOAD, TmaBox, TmaCopyOp, TmaSwizzle};
//! // Half elements, the 128-byte GMMA swizzle on element offsets
//! // (`Sw<3,3,3>`), a 64×128 box: the A tile of a Hopper TN GEMM.
//! type ABox = TmaBox<2, 3, 3, 3, 64, 128>;
//! let _ = ABox::new();
//! assert_eq!(ABox::SWIZZLE, TmaSwizzle::B128);
//! assert_eq!(ABox::BYTES, 64 * 128 * 2);      // the mbarrier's transaction count
//! assert_eq!(ABox::SMEM_ALIGN, 1024);         // one 8-row swizzle atom
//! assert_eq!(SM90_TMA_LOAD::NAME, "SM90_TMA_LOAD");
//! ```
//!
//! ```compile_fail
//! // 128 halves a row are 256 bytes: wider than the 128-byte swizzle span.
//! let _ = cute_static::atom::TmaBox::<2, 3, 3, 3, 128, 8>::new();
//! ```

use core::marker::PhantomData;

pub use cute_core::tma::TmaSwizzle;
use cute_core::tma::{TMA_LIMITS, tma_box_violation, tma_swizzle_mode};

/// A TMA box fixed at compile time: `E`-byte elements, the shared-memory
/// swizzle `Sw<B,M,S>` on **element** offsets (as the library's swizzled
/// layouts state it; `B = 0` for none), and the box extents `D0…D4` in
/// elements, `D0` innermost (modes past the rank are 1).
///
/// Naming a box that breaks a TMA rule does not compile:
///
/// ```compile_fail
/// let _ = cute_static::atom::TmaBox::<4, 0, 0, 0, 512>::new(); // a box mode above 256
/// ```
///
/// ```compile_fail
/// let _ = cute_static::atom::TmaBox::<2, 2, 4, 3, 64, 8>::new(); // Sw<2,5,3> on bytes: not TMA's
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TmaBox<
    const E: u32,
    const B: u32,
    const M: u32,
    const S: i32,
    const D0: u32,
    const D1: u32 = 1,
    const D2: u32 = 1,
    const D3: u32 = 1,
    const D4: u32 = 1,
>(PhantomData<()>);

impl<
    const E: u32,
    const B: u32,
    const M: u32,
    const S: i32,
    const D0: u32,
    const D1: u32,
    const D2: u32,
    const D3: u32,
    const D4: u32,
> TmaBox<E, B, M, S, D0, D1, D2, D3, D4>
{
    /// The box extents, `D0` first.
    pub const BOX: [u32; 5] = [D0, D1, D2, D3, D4];

    /// The tensor-map swizzle mode; a compile error naming the rule where
    /// TMA has none for this swizzle.
    pub const SWIZZLE: TmaSwizzle = {
        if !matches!(E, 1 | 2 | 4 | 8) {
            panic!("TMA element: the element size must be 1, 2, 4 or 8 bytes");
        }
        if let Some(rule) = cute_core::limits::swizzle_violation(B, M, S) {
            panic!("{}", rule.diagnostic())
        }
        match tma_swizzle_mode(B, M + E.trailing_zeros(), S) {
            Some(mode) => mode,
            None => panic!(
                "TMA swizzle: on byte addresses the shared-memory swizzle must be Sw<1,4,3>, Sw<2,4,3> or Sw<3,4,3> (32, 64 or 128 bytes)"
            ),
        }
    };

    const CHECKED: () = {
        let boxes = [D0 as u64, D1 as u64, D2 as u64, D3 as u64, D4 as u64];
        if let Some((rule, _)) = tma_box_violation(E as u64, &boxes, Self::SWIZZLE) {
            panic!("{}", rule.diagnostic())
        }
    };

    /// Elements one instruction moves.
    pub const ELEMENTS: u32 = {
        let () = Self::CHECKED;
        D0 * D1 * D2 * D3 * D4
    };

    /// Bytes one instruction moves: the transaction count its mbarrier
    /// expects.
    pub const BYTES: u32 = Self::ELEMENTS * E;

    /// The alignment, in bytes, of the shared-memory destination: 128 bytes
    /// without a swizzle, one whole swizzle pattern (8 rows of the span)
    /// with one, so that the hardware's address-based swizzle agrees with
    /// the layout's offset-based one.
    pub const SMEM_ALIGN: usize = {
        let () = Self::CHECKED;
        match Self::SWIZZLE.span_bytes() {
            Some(span) => 8 * span as usize,
            None => 128,
        }
    };

    /// The box; a compile error naming the rule where it breaks one.
    #[inline(always)]
    pub const fn new() -> Self {
        let () = Self::CHECKED;
        TmaBox(PhantomData)
    }

    /// A shared-memory stage at byte offset `OFFSET` of an aligned buffer:
    /// a compile error unless `OFFSET` is a multiple of
    /// [`SMEM_ALIGN`](Self::SMEM_ALIGN).
    ///
    /// ```compile_fail
    /// // A 128-byte-swizzled stage must start on a 1024-byte boundary.
    /// let _ = cute_static::atom::TmaBox::<2, 3, 3, 3, 64, 128>::stage::<512>();
    /// ```
    #[inline(always)]
    pub const fn stage<const OFFSET: usize>() -> TmaStage<OFFSET> {
        const {
            if !OFFSET.is_multiple_of(Self::SMEM_ALIGN) {
                panic!(
                    "TMA alignment: a shared-memory stage must start at a multiple of the box's alignment (128 bytes, or the swizzle pattern: 256, 512 or 1024 bytes)"
                );
            }
        }
        TmaStage
    }
}

impl<
    const E: u32,
    const B: u32,
    const M: u32,
    const S: i32,
    const D0: u32,
    const D1: u32,
    const D2: u32,
    const D3: u32,
    const D4: u32,
> Default for TmaBox<E, B, M, S, D0, D1, D2, D3, D4>
{
    /// [`TmaBox::new`].
    fn default() -> Self {
        Self::new()
    }
}

/// A shared-memory stage offset checked by [`TmaBox::stage`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TmaStage<const OFFSET: usize>;

impl<const OFFSET: usize> TmaStage<OFFSET> {
    /// The byte offset.
    pub const OFFSET: usize = OFFSET;
}

/// Which way a TMA copy goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmaDirection {
    /// Global → shared.
    GlobalToShared,
    /// Shared → global.
    SharedToGlobal,
}

/// The traits of a TMA copy operation, as data.
///
/// ```
/// use cute_static::atom::{SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE, TmaCopyOp, TmaDirection};
/// assert_eq!(SM90_TMA_LOAD::DIRECTION, TmaDirection::GlobalToShared);
/// assert_eq!(SM90_TMA_STORE::DIRECTION, TmaDirection::SharedToGlobal);
/// assert!(SM90_TMA_LOAD_MULTICAST::MULTICAST && !SM90_TMA_LOAD::MULTICAST);
/// assert!(SM90_TMA_LOAD::PTX.starts_with("cp.async.bulk.tensor.{N}d"));
/// ```
pub trait TmaCopyOp {
    /// CuTe's name.
    const NAME: &'static str;
    /// The direction.
    const DIRECTION: TmaDirection;
    /// Whether one instruction serves several CTAs of a cluster.
    const MULTICAST: bool;
    /// The PTX instruction (`{N}` is the rank, 1 to 5).
    const PTX: &'static str;
    /// How completion is observed.
    const COMPLETION: &'static str;
}

/// The size of the driver's opaque `CUtensorMap`, in bytes.
pub const TENSOR_MAP_BYTES: usize = 128;
/// The alignment the `CUtensorMap` a kernel reads must have, in bytes.
pub const TENSOR_MAP_ALIGN: usize = 64;
/// The rank bound of a tensor map.
pub const TMA_MAX_RANK: usize = TMA_LIMITS.max_rank;

macro_rules! tma_ops {
    ($($(#[$doc:meta])* $name:ident: $dir:ident, $mc:literal, $ptx:literal, $done:literal;)*) => {$(
        $(#[$doc])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl TmaCopyOp for $name {
            const NAME: &'static str = stringify!($name);
            const DIRECTION: TmaDirection = TmaDirection::$dir;
            const MULTICAST: bool = $mc;
            const PTX: &'static str = $ptx;
            const COMPLETION: &'static str = $done;
        }
    )*};
}

tma_ops! {
    /// CuTe's `SM90_TMA_LOAD`: one box from global to this CTA's shared memory.
    SM90_TMA_LOAD: GlobalToShared, false,
        "cp.async.bulk.tensor.{N}d.shared::cluster.global.mbarrier::complete_tx::bytes",
        "the mbarrier's transaction count (expect_tx of the box bytes, then wait)";
    /// CuTe's `SM90_TMA_LOAD_MULTICAST`: one box to the shared memory of the
    /// CTAs of a cluster mask.
    SM90_TMA_LOAD_MULTICAST: GlobalToShared, true,
        "cp.async.bulk.tensor.{N}d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster",
        "each destination CTA's mbarrier transaction count";
    /// CuTe's `SM90_TMA_STORE`: one box from shared to global memory.
    SM90_TMA_STORE: SharedToGlobal, false,
        "cp.async.bulk.tensor.{N}d.global.shared::cta.bulk_group",
        "cp.async.bulk.commit_group, then cp.async.bulk.wait_group.read";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tma_box_constants() {
        type K128 = TmaBox<2, 3, 3, 3, 64, 128>;
        assert_eq!(K128::SWIZZLE, TmaSwizzle::B128);
        assert_eq!(K128::ELEMENTS, 8192);
        assert_eq!(K128::SMEM_ALIGN, 1024);
        assert_eq!(K128::stage::<2048>(), TmaStage::<2048>);
        type F32 = TmaBox<4, 0, 0, 0, 32, 64>;
        assert_eq!(F32::SWIZZLE, TmaSwizzle::None);
        assert_eq!(F32::BYTES, 8192);
        assert_eq!(F32::SMEM_ALIGN, 128);
        type Sw32 = TmaBox<2, 1, 3, 3, 16, 64>;
        assert_eq!(Sw32::SWIZZLE, TmaSwizzle::B32);
        assert_eq!(Sw32::SMEM_ALIGN, 256);
        assert_eq!(
            [SM90_TMA_LOAD::MULTICAST, SM90_TMA_LOAD_MULTICAST::MULTICAST],
            [false, true]
        );
        assert_eq!(SM90_TMA_STORE::DIRECTION, TmaDirection::SharedToGlobal);
    }

    /// The static box agrees with the run-time analysis on the same box.
    #[cfg(feature = "std")]
    #[test]
    fn tma_box_agrees_with_make_tma_copy() {
        use cute_dynamic::{SmemSwizzle, SwizzledLayout, TmaGmem, TmaOp, ValueType};
        let atom = cute_dynamic::gmma_k_atom(SmemSwizzle::B128, 2).expect("atom");
        let tiled =
            cute_dynamic::tile_to_shape(atom.layout(), &"(128,64)".parse().expect("t"), None)
                .expect("tile");
        let smem = SwizzledLayout::new(atom.swizzle(), 0, tiled);
        let g = TmaGmem::new(0, "(512,256):(256,1)".parse().expect("g"), ValueType::Half);
        let t = cute_dynamic::make_tma_copy(TmaOp::Load, &g, &smem, None, 1).expect("tma");
        type K128 = TmaBox<2, 3, 3, 3, 64, 128>;
        assert_eq!(t.encode().box_dim(), &K128::BOX[..2]);
        assert_eq!(t.encode().swizzle, K128::SWIZZLE);
        assert_eq!(t.box_bytes(), i64::from(K128::BYTES));
        assert_eq!(SM90_TMA_LOAD::NAME, TmaOp::Load.name());
    }
}
