//! CuTe's atom layer as types: MMA and copy atoms are zero-sized types
//! whose layouts are static ([`MmaAtom`], [`CopyAtom`]), tiled by
//! [`TiledMma`] and [`TiledCopy`] with
//! every thread-value layout computed by trait resolution
//! ([semantics](../../docs/semantics/static-and-mixed.md#static-atoms)).
//!
//! The atom types and their layouts are generated from cute-dynamic's atom
//! tables (cute-tools' `examples/gen_atoms.rs` writes `atom/generated.rs`); a test
//! holds every static atom's `to_dynamic()` equal to the run-time atom of
//! the same CUTLASS name.
//!
//! ```
//! use cute_static::{atom::{MmaAtom, SM80_16x8x16_F32F16F16F32_TN}, layout::StaticLayout};
//! type Atom = SM80_16x8x16_F32F16F16F32_TN;
//! assert_eq!(<Atom as MmaAtom>::CLayout::default().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
//! assert_eq!(<Atom as MmaAtom>::MNK, [16, 8, 16]);
//! // Lane 6, value 3 of C: row 9, column 5 of the 16×8 tile.
//! assert_eq!(<Atom as MmaAtom>::CLayout::default().call(6 + 32 * 3), 9 + 16 * 5);
//! ```

use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;

use crate::data::int_tuple::{C, StaticInt};
use crate::data::layout::StaticLayout;
use crate::data::tiler::TilerMode;

#[rustfmt::skip]
mod generated;
pub(crate) mod copy_counts;
pub(crate) mod gmma_desc;
#[allow(non_snake_case)]
pub mod GMMA {
    //! CuTe's canonical GMMA shared-memory layout atoms
    //! (`cute/atom/mma_traits_sm90_gmma.hpp`, namespace `GMMA`): the smallest
    //! K-major and MN-major tiles of each GMMA swizzle, in elements of the
    //! value type `T`, which `tile_to_shape` repeats to a shared tile that
    //! [`make_gmma_desc`](super::make_gmma_desc) accepts.
    //!
    //! CuTe defines them in bits (`Layout_K_SW128_Atom_Bits =
    //! Sw<3,4,3> o smem_ptr_flag o (8,1024):(1024,1)`) and `upcast`s them to
    //! `T`; here each is that upcast written on element offsets: a row of 128,
    //! 64, 32 or 16 bytes (`1024 / bits`, … elements), 8 rows, and the swizzle
    //! `Swizzle<B,4,3>` of byte addresses as `Sw<B, log2(128/bits), 3>` of
    //! element offsets (a 128-bit unit is `128/bits` elements). The
    //! interleaved (`INTER`) atoms have no swizzle.
    //!
    //! ```
    //! use cute_static::atom::{GMMA, Half, TFloat32};
    //! // Layout_K_SW128_Atom<half_t>: 8 rows of 64 halves (128 bytes).
    //! assert_eq!(GMMA::Layout_K_SW128_Atom::<Half>::default().to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    //! assert_eq!(GMMA::Layout_MN_SW128_Atom::<Half>::default().to_string(), "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)");
    //! assert_eq!(GMMA::Layout_K_SW64_Atom::<TFloat32>::default().to_string(), "Sw<2,2,3> o _0 o (_8,_16):(_16,_1)");
    //! assert_eq!(GMMA::Layout_K_INTER_Atom::<Half>::default().to_string(), "(_8,_8):(_8,_1)");
    //! ```
    pub use super::gmma_layouts::*;
}
mod gmma_layouts;
pub(crate) mod mixed_partition;
pub(crate) mod partition_shape;
pub(crate) mod retile;
pub(crate) mod tiled_copy;
pub(crate) mod tiled_mma;
pub(crate) mod tma;

pub use copy_counts::{CopyCountsFit, TooFewThreads, TooFewValues};
pub use generated::*;
pub use gmma_desc::{
    DescFragment, DescFragmentLayout, DescriptorIterator, DescriptorSource, GmmaDescriptor,
    GmmaLayoutType, GmmaMajor, GmmaMajorKind, GmmaOperandLayout, GmmaValue, HasDescFragment,
    HasGmmaOperand, OperandSource, RegisterSource, Registers, SmemDesc, SmemLayout, make_gmma_desc,
};
pub use mixed_partition::{
    GapAfter, Mixed, MixedTile, RuntimeStrides, StandIn, StaticExtent, WithRuntimeStrides,
};
pub use partition_shape::{HasMmaPartitionShape, MmaPartitionShape};
pub use retile::{CopyRetile, HasCopyRetile, RetileMn, RetileSlice, RetileV};
pub use tiled_copy::{
    CopyDividesTile, CopyDst, CopyLayoutTv, CopyLayoutTvQuery, CopyPartition, CopyPartitionQuery,
    CopySrc, CopyThrVal2Mn, CopyThreads, CopyTileAnswer, HasCopyPartition, HasCopySide, LayoutDTv,
    LayoutSTv, MakeTiledCopy, MakeTiledCopyA, MakeTiledCopyB, MakeTiledCopyC, MakeTiledCopyTiler,
    MakeTiledCopyTv, ThrCopy, ThrVal2Mn, ThrVal2MnKey, TiledCopy, TiledCopyLayouts, TiledCopyTiler,
    Zip2, make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c,
};
pub use tiled_mma::{
    Colex, EvenlyDividesTile, Extents, HasMmaFragment, HasMmaOperand, HasMmaPartition,
    HasOperandPerm, HasTileSize, LayoutATv, LayoutBTv, LayoutCTv, LayoutTv, MmaFragment,
    MmaLayoutTvQuery, MmaPartition, MmaPartitionQuery, MmaPermutation, MmaThreads, MmaTileFits,
    MmaValues, NoPermutation, OperandA, OperandB, OperandC, OperandPermTile, OperandTile,
    OperandTileShape, Permutation, PermutationMode, PermuteByModes, RegisterOperand, Rejoin, SizeC,
    SpliceRest, SpreadC, ThrCoord, ThrIdxToThrId, ThrMma, Thrfrg, TileAnswer, TileExtents,
    TileSize, TiledMma, TiledMmaLayouts, TiledMmaTv, TilerSize, VmnkQuery, make_tiled_mma,
};
pub use tma::{
    SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE, TENSOR_MAP_ALIGN, TENSOR_MAP_BYTES,
    TMA_MAX_RANK, TmaBox, TmaCopyOp, TmaDirection, TmaStage, TmaSwizzle,
};

/// An element type of an atom's operands (CUTLASS's `ValTypeA`, …): a Rust
/// type where Rust has one (`f32`, `f64`, `i32`, `i8`, `u8`, `u16`, `u32`,
/// `u64`, `u128`), a marker type otherwise ([`Half`], [`BFloat16`],
/// [`TFloat32`], [`Float8E4M3`], [`Float8E5M2`]).
///
/// # Examples
///
/// CUTLASS's name and width of an element type:
///
/// ```
/// use cute_static::atom::{Half, ValueType};
/// assert_eq!((<Half as ValueType>::NAME, <Half as ValueType>::BITS), ("half_t", 16));
/// assert_eq!(<f32 as ValueType>::BITS, 32);
/// ```
pub trait ValueType: 'static {
    /// CUTLASS's name of the type (`half_t`, `float`, …).
    const NAME: &'static str;
    /// The width in bits.
    const BITS: usize;
    /// The run-time crate's value type of the same name.
    #[cfg(feature = "std")]
    fn to_dynamic() -> cute_dynamic::ValueType;
}

macro_rules! value_types {
    ($($(#[$doc:meta])* $marker:ident;)* | $($t:ty => $variant:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub struct $marker;
            impl ValueType for $marker {
                const NAME: &'static str = cute_core_name(stringify!($marker));
                const BITS: usize = bits_of(stringify!($marker));
                #[cfg(feature = "std")]
                fn to_dynamic() -> cute_dynamic::ValueType {
                    cute_dynamic::ValueType::$marker
                }
            }
        )*
        $(
            impl ValueType for $t {
                const NAME: &'static str = cute_core_name(stringify!($variant));
                const BITS: usize = bits_of(stringify!($variant));
                #[cfg(feature = "std")]
                fn to_dynamic() -> cute_dynamic::ValueType {
                    cute_dynamic::ValueType::$variant
                }
            }
        )*
    };
}

/// CUTLASS's name and width of each value type, by the run-time crate's
/// variant name (the one table both crates' value types are named from).
const VALUE_TYPES: &[(&str, &str, usize)] = &[
    ("Half", "half_t", 16),
    ("BFloat16", "bfloat16_t", 16),
    ("TFloat32", "tfloat32_t", 32),
    ("Float8E4M3", "float_e4m3_t", 8),
    ("Float8E5M2", "float_e5m2_t", 8),
    ("Float", "float", 32),
    ("Double", "double", 64),
    ("Int8", "int8_t", 8),
    ("UInt8", "uint8_t", 8),
    ("Int32", "int32_t", 32),
    ("UInt16", "uint16_t", 16),
    ("UInt32", "uint32_t", 32),
    ("UInt64", "uint64_t", 64),
    ("UInt128", "uint128_t", 128),
];

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn entry(variant: &str) -> (&'static str, usize) {
    let mut i = 0;
    while i < VALUE_TYPES.len() {
        if str_eq(VALUE_TYPES[i].0, variant) {
            return (VALUE_TYPES[i].1, VALUE_TYPES[i].2);
        }
        i += 1;
    }
    ("", 0)
}
const fn cute_core_name(variant: &str) -> &'static str {
    entry(variant).0
}
const fn bits_of(variant: &str) -> usize {
    entry(variant).1
}

value_types! {
    /// CUTLASS's `half_t` (IEEE binary16).
    Half;
    /// CUTLASS's `bfloat16_t`.
    BFloat16;
    /// CUTLASS's `tfloat32_t` (stored in 32 bits).
    TFloat32;
    /// CUTLASS's `float_e4m3_t` (FP8).
    Float8E4M3;
    /// CUTLASS's `float_e5m2_t` (FP8).
    Float8E5M2;
    |
    f32 => Float;
    f64 => Double;
    i8 => Int8;
    u8 => UInt8;
    i32 => Int32;
    u16 => UInt16;
    u32 => UInt32;
    u64 => UInt64;
    u128 => UInt128;
}

/// The `M×N×K` extent of an MMA atom, `(C<M>, C<N>, C<K>)`.
///
/// ```
/// use cute_static::{atom::{MmaAtom, SM80_16x8x16_F32F16F16F32_TN, ShapeMnk}, layout::StaticInt};
/// type Mnk = <SM80_16x8x16_F32F16F16F32_TN as MmaAtom>::ShapeMNK;
/// assert_eq!(<Mnk as ShapeMnk>::MNK, [16, 8, 16]);
/// assert_eq!(<<Mnk as ShapeMnk>::N as StaticInt>::VALUE, 8);
/// ```
pub trait ShapeMnk {
    /// `C<M>`.
    type M: StaticInt + TilerMode;
    /// `C<N>`.
    type N: StaticInt + TilerMode;
    /// `C<K>`.
    type K: StaticInt + TilerMode;
    /// `[M, N, K]`.
    const MNK: [usize; 3];
}
impl<const M: usize, const N: usize, const K: usize> ShapeMnk for (C<M>, C<N>, C<K>)
where
    C<M>: StaticInt,
    C<N>: StaticInt,
    C<K>: StaticInt,
{
    type M = C<M>;
    type N = C<N>;
    type K = C<K>;
    const MNK: [usize; 3] = [M, N, K];
}

/// One MMA instruction as CUTLASS's `MMA_Traits` describe it, as a type:
/// `ThrID` maps the atom's logical thread to the lane that runs it, and
/// `ALayout`, `BLayout`, `CLayout` map `(thread, value)` to the
/// column-major index of the `M×K`, `N×K` and `M×N` tile (the run-time
/// `cute_dynamic::MmaAtom`'s definitions).
///
/// # Examples
///
/// CuTe's `MMA_Traits<SM80_16x8x16_F32F16F16F32_TN>`:
///
/// ```
/// use cute_static::{atom::{MmaAtom, SM80_16x8x16_F32F16F16F32_TN}, layout::StaticLayout};
/// type Atom = SM80_16x8x16_F32F16F16F32_TN;
/// assert_eq!(<Atom as MmaAtom>::MNK, [16, 8, 16]);
/// assert_eq!(<Atom as MmaAtom>::CLayout::default().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// ```
pub trait MmaAtom: Copy + Default + fmt::Debug + Eq + Hash + 'static {
    /// CUTLASS's name, template arguments included (the run-time crate's
    /// `mma_atom` looks it up).
    const NAME: &'static str;
    /// `Shape_MNK`: `(C<M>, C<N>, C<K>)`.
    type ShapeMNK: ShapeMnk;
    /// `ThrID`.
    type ThrID: StaticLayout;
    /// `ALayout`: `(thread, value)` → index of the `M×K` tile.
    type ALayout: StaticLayout + TilerMode;
    /// `BLayout`: `(thread, value)` → index of the `N×K` tile.
    type BLayout: StaticLayout + TilerMode;
    /// `CLayout`: `(thread, value)` → index of the `M×N` tile.
    type CLayout: StaticLayout + TilerMode;
    /// `ValTypeD`, the accumulator written.
    type ValTypeD: ValueType;
    /// `ValTypeA`.
    type ValTypeA: ValueType;
    /// `ValTypeB`.
    type ValTypeB: ValueType;
    /// `ValTypeC`, the accumulator read.
    type ValTypeC: ValueType;
    /// CuTe's `FrgTypeA`: where A is read from, [`Registers`] or (an SM90
    /// GMMA SS atom) [`SmemDesc<Major>`](SmemDesc), shared memory through a
    /// GMMA descriptor (`GMMA::smem_desc<Major>`).
    type FrgTypeA: OperandSource;
    /// CuTe's `FrgTypeB`: [`SmemDesc<Major>`](SmemDesc) for every SM90
    /// GMMA atom, [`Registers`] for the others.
    type FrgTypeB: OperandSource;
    /// `[M, N, K]`.
    const MNK: [usize; 3] = <Self::ShapeMNK as ShapeMnk>::MNK;

    /// The equal run-time atom (checked by `cute_dynamic::MmaAtom::new`).
    #[cfg(feature = "std")]
    fn to_dynamic() -> Result<cute_dynamic::MmaAtom, cute_dynamic::LayoutError> {
        let [m, n, k] = Self::MNK.map(|x| x as i64);
        cute_dynamic::MmaAtom::new(
            Self::NAME,
            [m, n, k],
            Self::ThrID::default().to_dynamic(),
            [
                Self::ALayout::default().to_dynamic(),
                Self::BLayout::default().to_dynamic(),
                Self::CLayout::default().to_dynamic(),
            ],
            cute_dynamic::MmaValueTypes {
                d: Self::ValTypeD::to_dynamic(),
                a: Self::ValTypeA::to_dynamic(),
                b: Self::ValTypeB::to_dynamic(),
                c: Self::ValTypeC::to_dynamic(),
            },
        )
    }
}

/// One copy instruction as CUTLASS's `Copy_Traits` describe it, as a type:
/// `ThrID` and the `(thread, value)` layouts `SrcLayout`, `DstLayout`,
/// `RefLayout` over **bits**; in units of a value type of `BITS` bits they
/// are [`ValLayoutSrc<A, BITS>`], … (CuTe's `recast_layout<uint1_t, T>`,
/// the static [`Upcast`](crate::Upcast)).
///
/// ```
/// use cute_static::{atom::{CopyAtom, SM75_U32x4_LDSM_N}, layout::StaticLayout};
/// type A = SM75_U32x4_LDSM_N;
/// // ldmatrix.x4: 32 threads; each holds 4 32-bit registers (128 bits) of
/// // the destination.
/// assert_eq!(<<A as CopyAtom>::ThrID as StaticLayout>::SIZE, 32);
/// assert_eq!(<<A as CopyAtom>::DstLayout as StaticLayout>::SIZE, 32 * 128);
/// // The run-time atom of the same name has the same layouts.
/// let run = <A as CopyAtom>::to_dynamic()?;
/// assert_eq!(run.name(), <A as CopyAtom>::NAME);
/// assert_eq!(*run.dst_layout_bits(), <<A as CopyAtom>::DstLayout as Default>::default().to_dynamic());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub trait CopyAtom: Copy + Default + fmt::Debug + Eq + Hash + 'static {
    /// CUTLASS's name, template arguments included.
    const NAME: &'static str;
    /// `ThrID`.
    type ThrID: StaticLayout;
    /// `SrcLayout`: `(thread, value)` → bit of the source.
    type SrcLayout: StaticLayout;
    /// `DstLayout`: `(thread, value)` → bit of the destination.
    type DstLayout: StaticLayout;
    /// `RefLayout`: `(thread, value)` → bit of the reference.
    type RefLayout: StaticLayout;

    /// The equal run-time atom (checked by `cute_dynamic::CopyAtom::new`).
    #[cfg(feature = "std")]
    fn to_dynamic() -> Result<cute_dynamic::CopyAtom, cute_dynamic::LayoutError> {
        cute_dynamic::CopyAtom::new(
            Self::NAME,
            Self::ThrID::default().to_dynamic(),
            [
                Self::SrcLayout::default().to_dynamic(),
                Self::DstLayout::default().to_dynamic(),
                Self::RefLayout::default().to_dynamic(),
            ],
        )
    }
}

/// A copy atom's `SrcLayout` in units of a `BITS`-bit value type (CuTe's
/// `Copy_Atom<…, T>::ValLayoutSrc`).
pub type ValLayoutSrc<A, const BITS: usize> = crate::Upcasted<<A as CopyAtom>::SrcLayout, BITS>;
/// A copy atom's `DstLayout` in units of a `BITS`-bit value type.
pub type ValLayoutDst<A, const BITS: usize> = crate::Upcasted<<A as CopyAtom>::DstLayout, BITS>;
/// A copy atom's `RefLayout` in units of a `BITS`-bit value type.
pub type ValLayoutRef<A, const BITS: usize> = crate::Upcasted<<A as CopyAtom>::RefLayout, BITS>;

/// Defines a zero-sized atom type generic over marker types (no data, every
/// trait whatever the parameters).
macro_rules! generic_atom {
    ($(#[$doc:meta])* $name:ident<$($p:ident $(= $d:ty)?),+>) => {
        $(#[$doc])*
        #[allow(non_camel_case_types)]
        pub struct $name<$($p $(= $d)?),+>(PhantomData<fn() -> ($($p,)+)>);
        impl<$($p),+> $name<$($p),+> {
            /// The atom (it carries no data).
            #[inline(always)]
            pub const fn new() -> Self {
                Self(PhantomData)
            }
        }
        impl<$($p),+> Clone for $name<$($p),+> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<$($p),+> Copy for $name<$($p),+> {}
        impl<$($p),+> Default for $name<$($p),+> {
            fn default() -> Self {
                Self::new()
            }
        }
        impl<$($p),+> PartialEq for $name<$($p),+> {
            fn eq(&self, _: &Self) -> bool {
                true
            }
        }
        impl<$($p),+> Eq for $name<$($p),+> {}
        impl<$($p),+> Hash for $name<$($p),+> {
            fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
        }
        impl<$($p),+> fmt::Debug for $name<$($p),+> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(stringify!($name))
            }
        }
    };
}
pub(crate) use generic_atom;

generic_atom! {
    /// CUTLASS's `UniversalFMA<D, A, B, C>`: one thread, one fused
    /// multiply-add `d = a * b + c` (the parameters default to `D`).
    UniversalFMA<Td, Ta = Td, Tb = Ta, Tc = Td>
}
generic_atom! {
    /// CUTLASS's `UniversalCopy<S>`: one thread copies one value of `S`.
    UniversalCopy<S>
}
generic_atom! {
    /// CUTLASS's `SM80_CP_ASYNC_CACHEALWAYS<S>` (`cp.async.ca`).
    SM80_CP_ASYNC_CACHEALWAYS<S>
}
generic_atom! {
    /// CUTLASS's `SM80_CP_ASYNC_CACHEGLOBAL<S>` (`cp.async.cg`).
    SM80_CP_ASYNC_CACHEGLOBAL<S>
}
generic_atom! {
    /// CUTLASS's `SM80_CP_ASYNC_CACHEALWAYS_ZFILL<S>` (`cp.async.ca` with
    /// a `src-size` operand: a false predicate writes zeros to shared
    /// memory and reads nothing; see `arch::copy_async_if`).
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL<S>
}
generic_atom! {
    /// CUTLASS's `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<S>` (`cp.async.cg` with
    /// a `src-size` operand; 16 bytes only).
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<S>
}

/// CUTLASS's `GMMA::Major::K`: the operand is K-major in shared memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MajorK;
/// CUTLASS's `GMMA::Major::MN`: the operand is M- (or N-) major.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MajorMN;
