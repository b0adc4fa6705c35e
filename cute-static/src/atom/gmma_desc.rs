//! SM90 GMMA shared-memory descriptors of static operands (CuTe's
//! `GMMA::make_gmma_desc<Major>` and the descriptor fragments of
//! `partition_fragment_A/B` on an SS atom): the operand's recast to 128-bit
//! units and its `logical_divide` by the canonical tile are computed by
//! trait resolution, the rules and the 64-bit encoding are cute-core's
//! ([`cute_core::gmma`], shared with cute-dynamic's `make_gmma_desc`); see
//! docs/semantics/tensors-and-atoms.md#gmma-descriptors-and-descriptor-fragments.
//!
//! A layout that is not one of GMMA's canonical forms is a run-time
//! `non_canonical_gmma_layout` error naming the rule, with the operand in
//! CuTe notation (as cute-dynamic's).
//!
//! ```
//! use cute_static::{layout, atom::{make_gmma_desc, GmmaLayoutType, Half, MajorK}};
//! // A 64x16 K-major tile of 16-bit values, 128-byte swizzle.
//! let s = layout!(Sw<3,3,3> o 0 o ((8,8),16):((64,512),1));
//! let d = make_gmma_desc::<MajorK, Half, _>(&s, 0x400)?;
//! assert_eq!(d.layout_type(), GmmaLayoutType::B128);
//! assert_eq!(d.bits(), 0x4000_0040_0001_0040);
//! // Rows of 64 bytes under a 128-byte swizzle: not canonical.
//! let e = make_gmma_desc::<MajorK, Half, _>(&layout!(Sw<3,3,3> o 0 o ((8,8),16):((32,256),1)), 0).unwrap_err();
//! assert_eq!(e.kind(), "non_canonical_gmma_layout");
//! assert!(e.to_string().contains("B128 needs 8"), "{e}");
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::fmt;

use cute_core::gmma::{self as core_gmma, OffsetError, Rule, StartError};
pub use cute_core::gmma::{GmmaDescriptor, GmmaLayoutType, GmmaMajor};
use typenum::{U4, U8, U16, Unsigned};

use super::{
    BFloat16, Float8E4M3, Float8E5M2, Half, MajorK, MajorMN, MmaAtom, TFloat32, ValueType,
};
use crate::Error;
use crate::algebra::divide::{DivideOp, Logical, TilerOp};
use crate::algebra::modes::{Replace, Replaced};
use crate::algebra::modes::{Spelt, SpeltOf};
use crate::algebra::recast::{UpcastBy, UpcastedBy};
use crate::atom::tiled_mma::{
    HasMmaPartition, MmaTileFits, OperandA, OperandB, ThrMma, TiledMma, TiledMmaLayouts,
};
use crate::data::int_tuple::{C, Int, IntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::data::layout::{Mode, ModeOf};
use crate::data::neg::Ng;
use crate::data::swizzle::{ComposedLayout, Swizzle};
use crate::data::tiler::{IntoTiler, Tiler};
use crate::kernel::layout::TensorLayout;
use crate::kernel::tensor::{Engine, Tensor};
use crate::private::{Err, HCons, HNil, Ok};

/// A GMMA operand major as a type ([`MajorK`], [`MajorMN`]).
///
/// ```
/// use cute_static::atom::{GmmaMajor, GmmaMajorKind, MajorK, MajorMN};
/// assert_eq!((MajorK::MAJOR, MajorMN::MAJOR), (GmmaMajor::K, GmmaMajor::MN));
/// ```
pub trait GmmaMajorKind: Copy + Default + 'static {
    /// The major.
    const MAJOR: GmmaMajor;
}
impl GmmaMajorKind for MajorK {
    const MAJOR: GmmaMajor = GmmaMajor::K;
}
impl GmmaMajorKind for MajorMN {
    const MAJOR: GmmaMajor = GmmaMajor::MN;
}

/// An element type a GMMA atom reads through a descriptor, with its number
/// of elements per 128-bit unit as a type-level integer (the factor of
/// CuTe's `upcast<128 / sizeof_bits<T>>`).
///
/// ```
/// use cute_static::atom::{GmmaValue, Half, TFloat32, ValueType};
/// use typenum::Unsigned;
/// // Elements per 128-bit unit: 8 halves, 4 tf32 values.
/// assert_eq!(<Half as GmmaValue>::PerU128::USIZE, 8);
/// assert_eq!(<TFloat32 as GmmaValue>::PerU128::USIZE * <TFloat32 as ValueType>::BITS, 128);
/// ```
pub trait GmmaValue: ValueType {
    /// `128 / BITS`.
    type PerU128: Unsigned;
}
/// `GmmaValue` for each element type with its `128 / BITS` (checked
/// against the type's `BITS` at compile time).
macro_rules! gmma_values {
    ($($t:ty => $per:ty),+ $(,)?) => {$(
        impl GmmaValue for $t {
            type PerU128 = $per;
        }
        const _: () = assert!(<$per as Unsigned>::USIZE * <$t as ValueType>::BITS == 128);
    )+};
}
gmma_values!(
    Half => U8,
    BFloat16 => U8,
    TFloat32 => U4,
    f32 => U4,
    Float8E4M3 => U16,
    Float8E5M2 => U16,
    i8 => U16,
    u8 => U16,
);

/// Where an atom reads an operand from (CuTe's `FrgTypeA/B`):
/// [`Registers`] or [`SmemDesc`] (shared memory, through a GMMA
/// descriptor).
///
/// ```
/// use cute_static::atom::{GmmaMajor, MajorK, OperandSource, Registers, SmemDesc};
/// assert_eq!(<SmemDesc<MajorK> as OperandSource>::DESCRIPTOR, Some(GmmaMajor::K));
/// assert_eq!(<Registers as OperandSource>::DESCRIPTOR, None);
/// ```
pub trait OperandSource {
    /// The descriptor's major, `None` for registers.
    const DESCRIPTOR: Option<GmmaMajor>;
}
/// An operand read from shared memory through a GMMA descriptor, of the
/// major `Major` (CuTe's `GMMA::smem_desc<Major>`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SmemDesc<Major>(core::marker::PhantomData<Major>);
/// An operand read from registers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Registers;
impl<M: GmmaMajorKind> OperandSource for SmemDesc<M> {
    const DESCRIPTOR: Option<GmmaMajor> = Some(M::MAJOR);
}
impl OperandSource for Registers {
    const DESCRIPTOR: Option<GmmaMajor> = None;
}

/// An operand read from registers: what the register fragments
/// (`partition_fragment_a/b`) need.
///
/// ```
/// use cute_static::atom::{MmaAtom, RegisterSource, SM90_64x64x16_F32F16F16_RS, MajorK, MajorMN};
/// // The RS GMMA atom reads A from registers (B through a descriptor).
/// fn registers<S: RegisterSource>() -> bool { true }
/// assert!(registers::<<SM90_64x64x16_F32F16F16_RS<MajorK, MajorMN> as MmaAtom>::FrgTypeA>());
/// ```
#[diagnostic::on_unimplemented(
    message = "this operand is read through a GMMA shared-memory descriptor, not from registers: use `partition_fragment_desc_a` (A) or `partition_fragment_desc_b` (B)",
    label = "an SM90 GMMA atom reads this operand from shared memory",
    note = "CuTe's partition_fragment_A/B of such an operand is a tensor of GMMA descriptors: `thr_mma.partition_fragment_desc_a(&smem_layout, smem_address)`"
)]
pub trait RegisterSource {}
impl RegisterSource for Registers {}

/// An operand read through a descriptor: its major.
///
/// ```
/// use cute_static::atom::{DescriptorSource, GmmaMajorKind, GmmaMajor, MajorK, MajorMN, MmaAtom, SM90_64x64x16_F32F16F16_RS};
/// type Atom = SM90_64x64x16_F32F16F16_RS<MajorK, MajorMN>;
/// // B of this atom is read through an MN-major descriptor.
/// assert_eq!(<<<Atom as MmaAtom>::FrgTypeB as DescriptorSource>::Major as GmmaMajorKind>::MAJOR, GmmaMajor::MN);
/// ```
#[diagnostic::on_unimplemented(
    message = "this GMMA operand is read from registers, not through a shared-memory descriptor",
    label = "an RS atom reads A from registers",
    note = "use `partition_fragment_a` for a register operand; `partition_fragment_desc_a/b` are for operands the atom reads from shared memory"
)]
pub trait DescriptorSource {
    /// The operand's major.
    type Major: GmmaMajorKind;
}
impl<M: GmmaMajorKind> DescriptorSource for SmemDesc<M> {
    type Major = M;
}

/// A shared-memory operand layout for [`make_gmma_desc`]: a static
/// [`Layout`] (no swizzle, offset 0), a [`ComposedLayout`] `Sw ∘ O ∘ L`
/// with a [`Swizzle`], offsets in elements, or a [`Tensor`] over either.
///
/// ```
/// use cute_static::{layout, atom::SmemLayout};
/// // A swizzled layout: its swizzle (B, M, S) and its offset in elements.
/// let s = layout!(Sw<3,3,3> o 32 o ((8,8),16):((64,512),1));
/// assert_eq!((s.smem_offset(), <_ as SmemLayoutOf>::swizzle(&s)), (32, (3, 3, 3)));
/// // A plain layout: no swizzle, offset 0.
/// let p = layout!((64, 16):(16, 1));
/// assert_eq!((p.smem_offset(), <_ as SmemLayoutOf>::swizzle(&p)), (0, (0, 0, 0)));
/// # trait SmemLayoutOf { fn swizzle(&self) -> (u32, u32, i32); }
/// # impl<T: SmemLayout> SmemLayoutOf for T { fn swizzle(&self) -> (u32, u32, i32) { T::SWIZZLE } }
/// ```
pub trait SmemLayout {
    /// The inner layout `L`.
    type Inner: StaticLayout;
    /// `(B, M, S)` of the swizzle (`(0, 0, 0)` for none).
    const SWIZZLE: (u32, u32, i32);
    /// The offset `O` in elements.
    fn smem_offset(&self) -> usize;
    /// The operand in CuTe notation.
    fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl<S, D> SmemLayout for Layout<S, D>
where
    Self: StaticLayout,
{
    type Inner = Self;
    const SWIZZLE: (u32, u32, i32) = (0, 0, 0);
    #[inline(always)]
    fn smem_offset(&self) -> usize {
        0
    }
    fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Self::default(), f)
    }
}
impl<const B: u32, const M: u32, const S: i32, O, L> SmemLayout
    for ComposedLayout<Swizzle<B, M, S>, O, L>
where
    O: Int + IntTuple,
    L: StaticLayout,
{
    type Inner = L;
    const SWIZZLE: (u32, u32, i32) = (B, M, S);
    #[inline(always)]
    fn smem_offset(&self) -> usize {
        self.offset().value()
    }
    fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{B},{M},{S}> o {}", L::default())
    }
}

/// A tensor over shared memory: its layout, offset by the tensor's base
/// (`smem_address` is then the byte address of the storage's offset 0).
impl<E, L> SmemLayout for Tensor<E, L>
where
    E: Engine,
    L: SmemLayout + TensorLayout,
{
    type Inner = L::Inner;
    const SWIZZLE: (u32, u32, i32) = L::SWIZZLE;
    #[inline(always)]
    fn smem_offset(&self) -> usize {
        // An offset past usize fails the start address (`overflow`).
        self.base().saturating_add(self.layout().smem_offset())
    }
    fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        L::write(f)
    }
}

/// A leaf `(size, stride)` of a layout's tree, as numbers.
pub trait GmmaLeaf {
    /// `(size, stride)`.
    const SD: (i64, i64);
}
impl<S: Unsigned, D: Unsigned> GmmaLeaf for (S, D) {
    const SD: (i64, i64) = (S::I64, D::I64);
}
impl<S: Unsigned, M: Unsigned> GmmaLeaf for (S, Ng<M>) {
    const SD: (i64, i64) = (S::I64, -M::I64);
}

/// The leaves of a flat list made of whole 128-bit units
/// ([`core_gmma::whole_units`]).
pub trait WholeUnits {
    /// The first leaf that is not made of whole units of `n` elements.
    fn not_whole(n: i64) -> Option<(i64, i64)>;
}
impl WholeUnits for HNil {
    #[inline(always)]
    fn not_whole(_: i64) -> Option<(i64, i64)> {
        None
    }
}
impl<L: GmmaLeaf, T: WholeUnits> WholeUnits for HCons<L, T> {
    #[inline(always)]
    fn not_whole(n: i64) -> Option<(i64, i64)> {
        let (s, d) = L::SD;
        if core_gmma::whole_units(s, d, n) {
            T::not_whole(n)
        } else {
            Some((s, d))
        }
    }
}

/// A node of a layout's tree as numbers: its size, and its stride when it
/// is a leaf.
pub trait GmmaNode {
    /// The product of the shapes.
    const SIZE: i64;
    /// The stride of a leaf, `None` for a tuple.
    const LEAF: Option<i64>;
}
impl<S: Unsigned, D> GmmaNode for (S, D)
where
    (S, D): GmmaLeaf,
{
    const SIZE: i64 = S::I64;
    const LEAF: Option<i64> = Some(<(S, D) as GmmaLeaf>::SD.1);
}
impl GmmaNode for HNil {
    const SIZE: i64 = 1;
    const LEAF: Option<i64> = None;
}
impl<H: GmmaNode, T: GmmaNode> GmmaNode for HCons<H, T> {
    const SIZE: i64 = H::SIZE.saturating_mul(T::SIZE);
    const LEAF: Option<i64> = None;
}

/// A tree of two modes: their sizes, and the strides when both are
/// leaves.
pub trait GmmaPair {
    /// `(size<0>, size<1>)` of a rank-2 tree.
    const SIZES: Option<(i64, i64)>;
    /// The strides of two leaves.
    const STRIDES: Option<[i64; 2]>;
}
impl<S, D> GmmaPair for (S, D) {
    const SIZES: Option<(i64, i64)> = None;
    const STRIDES: Option<[i64; 2]> = None;
}
impl GmmaPair for HNil {
    const SIZES: Option<(i64, i64)> = None;
    const STRIDES: Option<[i64; 2]> = None;
}
impl<A> GmmaPair for HCons<A, HNil> {
    const SIZES: Option<(i64, i64)> = None;
    const STRIDES: Option<[i64; 2]> = None;
}
impl<A, B, X, T> GmmaPair for HCons<A, HCons<B, HCons<X, T>>> {
    const SIZES: Option<(i64, i64)> = None;
    const STRIDES: Option<[i64; 2]> = None;
}
impl<A: GmmaNode, B: GmmaNode> GmmaPair for HCons<A, HCons<B, HNil>> {
    const SIZES: Option<(i64, i64)> = Some((A::SIZE, B::SIZE));
    const STRIDES: Option<[i64; 2]> = match (A::LEAF, B::LEAF) {
        (Some(a), Some(b)) => Some([a, b]),
        _ => None,
    };
}

/// The profile `((_,_),(_,_))` of a divided tree and its four strides
/// `[C<0,0>, C<0,1>, C<1,0>, C<1,1>]`.
pub trait GmmaCanonicalTree {
    /// The strides, `None` for another profile.
    const STRIDES: Option<[i64; 4]>;
}
impl<T: GmmaPairOfPairs> GmmaCanonicalTree for T {
    const STRIDES: Option<[i64; 4]> = T::STRIDES4;
}
/// Helper of [`GmmaCanonicalTree`]: a pair of pairs.
pub trait GmmaPairOfPairs {
    /// The strides.
    const STRIDES4: Option<[i64; 4]>;
}
impl<S, D> GmmaPairOfPairs for (S, D) {
    const STRIDES4: Option<[i64; 4]> = None;
}
impl GmmaPairOfPairs for HNil {
    const STRIDES4: Option<[i64; 4]> = None;
}
impl<A> GmmaPairOfPairs for HCons<A, HNil> {
    const STRIDES4: Option<[i64; 4]> = None;
}
impl<A, B, X, T> GmmaPairOfPairs for HCons<A, HCons<B, HCons<X, T>>> {
    const STRIDES4: Option<[i64; 4]> = None;
}
impl<A: GmmaPair, B: GmmaPair> GmmaPairOfPairs for HCons<A, HCons<B, HNil>> {
    const STRIDES4: Option<[i64; 4]> = match (A::STRIDES, B::STRIDES) {
        (Some([a, b]), Some([c, d])) => Some([a, b, c, d]),
        _ => None,
    };
}

/// The outcome of `logical_divide(U, tile)` for the canonical-form check.
#[derive(Clone, Copy, Debug)]
pub enum Divided {
    /// The divide is not admissible.
    Inadmissible,
    /// The divided layout (in CuTe notation) and its four strides, `None`
    /// when it is not of the profile `((_,_),(_,_))`.
    Layout(cute_core::Notation, Option<[i64; 4]>),
}

/// A type-level `Ok<tree>` / `Err<rule>` of a divide, as a [`Divided`].
pub trait TryDivided {
    /// The outcome.
    fn divided() -> Divided;
}
impl<T> TryDivided for Ok<T>
where
    T: Spelt + GmmaCanonicalTree,
{
    fn divided() -> Divided {
        Divided::Layout(
            cute_core::Notation::new(|f| fmt::Display::fmt(&SpeltOf::<T>::default(), f)),
            T::STRIDES,
        )
    }
}
impl<E> TryDivided for Err<E> {
    fn divided() -> Divided {
        Divided::Inadmissible
    }
}

/// `logical_divide(Self, Tl)` as a [`Divided`] (an inadmissible divide
/// is a value, not a compile error).
pub trait DivideWith<Tl> {
    /// The outcome.
    fn divided() -> Divided;
}
impl<U: StaticLayout, Tl: IntoTiler> DivideWith<Tl> for U
where
    Tl::Norm: TilerOp<DivideOp, Logical, U::Tree>,
    <Tl::Norm as TilerOp<DivideOp, Logical, U::Tree>>::Out: TryDivided,
{
    #[inline(always)]
    fn divided() -> Divided {
        <<Tl::Norm as TilerOp<DivideOp, Logical, U::Tree>>::Out as TryDivided>::divided()
    }
}

/// The divides of CuTe's `make_gmma_desc<Major>` on the layout `U` of the
/// operand in 128-bit units: `<8:1,2:1>` (K-major) or `<W:1,8:1>` with the
/// swizzle width `W` (MN-major; each of 1, 2, 4, 8 is computed, the layout
/// type picks one).
pub trait CanonicalDivide<U> {
    /// The divide by the tile of swizzle width `w`.
    fn divide(w: i64) -> Divided;
}
impl<U> CanonicalDivide<U> for MajorK
where
    U: DivideWith<Tiler<(C<8>, C<2>)>>,
{
    fn divide(_: i64) -> Divided {
        <U as DivideWith<Tiler<(C<8>, C<2>)>>>::divided()
    }
}
impl<U> CanonicalDivide<U> for MajorMN
where
    U: DivideWith<Tiler<(C<1>, C<8>)>>
        + DivideWith<Tiler<(C<2>, C<8>)>>
        + DivideWith<Tiler<(C<4>, C<8>)>>
        + DivideWith<Tiler<(C<8>, C<8>)>>,
{
    fn divide(w: i64) -> Divided {
        match w {
            1 => <U as DivideWith<Tiler<(C<1>, C<8>)>>>::divided(),
            2 => <U as DivideWith<Tiler<(C<2>, C<8>)>>>::divided(),
            4 => <U as DivideWith<Tiler<(C<4>, C<8>)>>>::divided(),
            _ => <U as DivideWith<Tiler<(C<8>, C<8>)>>>::divided(),
        }
    }
}

/// The operand in 128-bit units, `upcast<N>(L)`.
type Units<L, N> = UpcastedBy<L, N>;
/// Its tree.
type UnitsTree<L, N> = <Units<L, N> as StaticLayout>::Tree;

/// CuTe's `make_gmma_desc<Major>` of a static `(MN,K)` layout `Self` in
/// elements (`N` of them a 128-bit unit): everything the layout's type
/// fixes, proven once (one bound for [`make_gmma_desc`]).
///
/// ```
/// use cute_static::{layout, atom::{make_gmma_desc, GmmaLayoutType, Half, MajorK}};
/// // The layout's type fixes the canonical form: here 128-byte swizzle atoms.
/// let d = make_gmma_desc::<MajorK, Half, _>(&layout!(Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)), 0x400)?;
/// assert_eq!(d.layout_type(), GmmaLayoutType::B128);
/// // The same rule at run time.
/// let s: cute_dynamic::SwizzledLayout = "Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)".parse().unwrap();
/// let r = cute_dynamic::make_gmma_desc(cute_dynamic::GmmaMajor::K, &s, 16, 0x400).unwrap();
/// assert_eq!(d.bits(), r.bits());
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait GmmaOperandLayout<Major, N> {
    /// The descriptor of `Sw ∘ offset ∘ Self` at byte address
    /// `smem_address`, `Sw = Sw<swizzle>`, written as `operand` in errors.
    fn gmma_desc(
        swizzle: (u32, u32, i32),
        offset: usize,
        value_bits: i64,
        smem_address: u32,
        operand: cute_core::Notation,
    ) -> Result<GmmaDescriptor, Error>;
}
impl<L, Major, N> GmmaOperandLayout<Major, N> for L
where
    L: StaticLayout + UpcastBy<N>,
    L::Flat: WholeUnits,
    N: Unsigned,
    UnitsTree<L, N>: GmmaPair,
    Major: GmmaMajorKind + CanonicalDivide<Units<L, N>>,
{
    fn gmma_desc(
        (b, m, s): (u32, u32, i32),
        offset: usize,
        value_bits: i64,
        smem_address: u32,
        operand: cute_core::Notation,
    ) -> Result<GmmaDescriptor, Error> {
        let major = Major::MAJOR;
        let n = core_gmma::per_u128(value_bits)
            .filter(|&n| n == N::I64)
            .ok_or(Error::InvalidArgument {
                operation: "make_gmma_desc",
                argument: "value type",
                reason: "must be of 128 / PerU128 bits, a power of two from 1 to 128",
            })?;
        let error = |layout: cute_core::Notation, canonical, rule| Error::NonCanonicalGmmaLayout {
            major,
            layout: Some(layout),
            canonical,
            rule,
        };
        let Some(layout_type) = core_gmma::layout_type(b, m, s, value_bits) else {
            let rule = Rule::NotGmmaSwizzle {
                bits: b,
                base: m,
                shift: s,
                value_bits,
            };
            return Err(error(operand, None, rule));
        };
        let offset = i64::try_from(offset).map_err(|_| Error::Overflow {
            operation: "make_gmma_desc",
            operands: "the operand's offset",
        })?;
        let start =
            core_gmma::start_address(smem_address, offset, value_bits).map_err(|e| match e {
                StartError::Misaligned => Error::InvalidArgument {
                    operation: "make_gmma_desc",
                    argument: "start address",
                    reason: "must be a non-negative multiple of 16 bytes",
                },
                StartError::Overflow => Error::Overflow {
                    operation: "make_gmma_desc",
                    operands: "the start address",
                },
            })?;
        let Some((mn_size, k_size)) = <UnitsTree<L, N> as GmmaPair>::SIZES else {
            return Err(error(operand, None, Rule::Rank));
        };
        if let Some((size, stride)) = L::Flat::not_whole(n) {
            return Err(error(
                operand,
                None,
                Rule::NotWholeUnits { size, stride, n },
            ));
        }
        // The operand in 128-bit units, where the swizzle is Sw<B,0,3>.
        let shown = units_notation::<L, N>(layout_type);
        let (t0, t1) = core_gmma::canonical_tile(major, layout_type, value_bits, mn_size, k_size)
            .map_err(|rule| error(shown, None, rule))?;
        let (canonical, strides) = match Major::divide(layout_type.width()) {
            Divided::Inadmissible => return Err(error(shown, None, Rule::Divide { t0, t1 })),
            Divided::Layout(c, s) => (c, s),
        };
        let Some(strides) = strides else {
            return Err(error(shown, Some(canonical), Rule::Profile));
        };
        let (lbo, sbo) =
            core_gmma::canonical_offsets(major, layout_type, strides).map_err(|e| match e {
                OffsetError::Rule(rule) => error(shown, Some(canonical), rule),
                OffsetError::Overflow { leading, .. } => Error::Overflow {
                    operation: "make_gmma_desc",
                    operands: if leading {
                        "the leading byte offset (14 bits)"
                    } else {
                        "the stride byte offset (14 bits)"
                    },
                },
            })?;
        GmmaDescriptor::new(layout_type, start, lbo, sbo).ok_or(Error::Overflow {
            operation: "make_gmma_desc",
            operands: "the start address (14 bits)",
        })
    }
}

/// The operand `L` in 128-bit units in CuTe notation, with the swizzle of
/// `layout_type` on 128-bit units (`Sw<B,0,3>`) when it has one.
fn units_notation<L, N>(layout_type: GmmaLayoutType) -> cute_core::Notation
where
    L: UpcastBy<N>,
{
    fn show<L: UpcastBy<N>, N>(f: &mut fmt::Formatter<'_>, b: u32) -> fmt::Result {
        if b != 0 {
            write!(f, "Sw<{b},0,3> o ")?;
        }
        fmt::Display::fmt(&Units::<L, N>::default(), f)
    }
    cute_core::Notation::new(match layout_type {
        GmmaLayoutType::Interleave => |f| show::<L, N>(f, 0),
        GmmaLayoutType::B32 => |f| show::<L, N>(f, 1),
        GmmaLayoutType::B64 => |f| show::<L, N>(f, 2),
        GmmaLayoutType::B128 => |f| show::<L, N>(f, 3),
    })
}

/// CuTe's `GMMA::make_gmma_desc<Major>(tensor)` for the static `(MN,K)`
/// shared-memory operand `smem` (a [`Layout`] or a swizzled
/// [`ComposedLayout`]) of elements of type `T`, whose element offset 0 lies
/// at byte address `smem_address`: the same descriptor as cute-dynamic's
/// `make_gmma_desc` (see the module documentation).
///
/// Errors: `non_canonical_gmma_layout` when the swizzle is not a GMMA
/// swizzle or the layout is not the canonical form of `Major` (the error
/// names the rule and writes the operand); `invalid_argument` for a start
/// address not 16-byte aligned; `overflow` when the start address, LBO or
/// SBO do not fit their 14 bits.
pub fn make_gmma_desc<Major, T, S>(smem: &S, smem_address: u32) -> Result<GmmaDescriptor, Error>
where
    T: GmmaValue,
    S: SmemLayout,
    S::Inner: GmmaOperandLayout<Major, T::PerU128>,
{
    <S::Inner as GmmaOperandLayout<Major, T::PerU128>>::gmma_desc(
        S::SWIZZLE,
        smem.smem_offset(),
        T::BITS as i64,
        smem_address,
        cute_core::Notation::new(S::write),
    )
}

/// CuTe's `GMMA::DescriptorIterator`: the accessor of a descriptor
/// fragment. Offset `o` (in 128-bit units) reads as the base descriptor
/// advanced by `o` ([`GmmaDescriptor::offset`]); an offset that would leave
/// the 14-bit start address reads as outside the storage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DescriptorIterator(pub GmmaDescriptor);

impl Engine for DescriptorIterator {
    type Value = GmmaDescriptor;
    type View<'a> = DescriptorIterator;
    #[inline(always)]
    fn extent(&self) -> Option<usize> {
        None
    }
    #[inline(always)]
    fn read(&self, off: usize) -> Option<GmmaDescriptor> {
        self.0.offset(i64::try_from(off).ok()?)
    }
    #[inline(always)]
    fn view(&self) -> DescriptorIterator {
        *self
    }
}

/// The layout of a descriptor fragment of the partition `P` (in elements,
/// `N` a 128-bit unit): `upcast<N>(P)` with mode 0 replaced by `1:0`,
/// shape `(1, MMA_M, MMA_K)`.
pub type DescFragmentLayout<P, N> = Replaced<UpcastedBy<P, N>, 0, Layout<C<1>, C<0>>>;

/// What a descriptor fragment of this thread's partition `Self`
/// (`(FrgV, Rest_I, Rest_J, …)` of the smem layout, in elements) needs:
/// one bound for [`ThrMma::partition_fragment_desc_a`] and `_b`.
///
/// ```
/// use cute_static::{layout, atom::{make_tiled_mma, MajorK, SM90_64x64x16_F32F16F16_SS}};
/// let mma = make_tiled_mma(SM90_64x64x16_F32F16F16_SS::<MajorK, MajorK>::new(), layout!((1, 1, 1)), ());
/// // A thread's A descriptors of a 64×64 K-major tile: one per 16-wide k-block.
/// let s_a = layout!(Sw<3,3,3> o 0 o ((8,8),64):((64,512),1));
/// let frag = mma.get_slice(5)?.partition_fragment_desc_a(&s_a, 0)?;
/// assert_eq!((frag.size(), frag.layout().to_string()), (4, "(_1,_1,_4):(_0,_0,_2)".to_string()));
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait HasDescFragment<Major, N> {
    /// [`DescFragmentLayout<Self, N>`].
    type Layout: StaticLayout + TensorLayout;
    /// The descriptor of the atom tile `Sw ∘ offset ∘ Self<0>`.
    fn tile_desc(
        swizzle: (u32, u32, i32),
        offset: usize,
        value_bits: i64,
        smem_address: u32,
        operand: cute_core::Notation,
    ) -> Result<GmmaDescriptor, Error>;
    /// The first leaf of the rest modes that is not whole 128-bit units.
    fn rest_not_whole(n: i64) -> Option<(i64, i64)>;
    /// The atom tile `Self<0>` in CuTe notation.
    fn write_tile(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl<P, Major, N> HasDescFragment<Major, N> for P
where
    P: StaticLayout + Mode<0> + UpcastBy<N> + Replace<0, Layout<C<1>, C<0>>>,
    ModeOf<P, 0>: GmmaOperandLayout<Major, N>,
    <Replaced<P, 0, Layout<C<1>, C<0>>> as StaticLayout>::Flat: WholeUnits,
    UpcastedBy<P, N>: Replace<0, Layout<C<1>, C<0>>>,
    DescFragmentLayout<P, N>: TensorLayout,
{
    type Layout = DescFragmentLayout<P, N>;
    #[inline(always)]
    fn tile_desc(
        swizzle: (u32, u32, i32),
        offset: usize,
        value_bits: i64,
        smem_address: u32,
        operand: cute_core::Notation,
    ) -> Result<GmmaDescriptor, Error> {
        <ModeOf<P, 0> as GmmaOperandLayout<Major, N>>::gmma_desc(
            swizzle,
            offset,
            value_bits,
            smem_address,
            operand,
        )
    }
    #[inline(always)]
    fn rest_not_whole(n: i64) -> Option<(i64, i64)> {
        <<Replaced<P, 0, Layout<C<1>, C<0>>> as StaticLayout>::Flat as WholeUnits>::not_whole(n)
    }
    fn write_tile(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&ModeOf::<P, 0>::default(), f)
    }
}

/// The atom tile `Sw ∘ P<0>` of the smem layout `S`, in CuTe notation.
fn tile_notation<S: SmemLayout, P: HasDescFragment<Mj, N>, Mj, N>() -> cute_core::Notation {
    cute_core::Notation::new(|f| {
        let (b, m, s) = S::SWIZZLE;
        if b != 0 {
            write!(f, "Sw<{b},{m},{s}> o ")?;
        }
        P::write_tile(f)
    })
}

/// Where the atom `A` reads operand `Self` from, and its value type.
///
/// ```
/// use cute_static::atom::{HasGmmaOperand, Half, MajorK, OperandA, Registers, SM90_64x64x16_F32F16F16_RS, MajorMN};
/// fn same<A: 'static, B: 'static>() -> bool {
///     core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>()
/// }
/// type Atom = SM90_64x64x16_F32F16F16_RS<MajorK, MajorMN>;
/// assert!(same::<<OperandA as HasGmmaOperand<Atom>>::Source, Registers>());
/// assert!(same::<<OperandA as HasGmmaOperand<Atom>>::Value, Half>());
/// ```
pub trait HasGmmaOperand<A: MmaAtom> {
    /// `FrgTypeA` or `FrgTypeB`.
    type Source;
    /// `ValTypeA` or `ValTypeB`.
    type Value;
}
impl<A: MmaAtom> HasGmmaOperand<A> for OperandA {
    type Source = A::FrgTypeA;
    type Value = A::ValTypeA;
}
impl<A: MmaAtom> HasGmmaOperand<A> for OperandB {
    type Source = A::FrgTypeB;
    type Value = A::ValTypeB;
}

/// This thread's partition of operand `Op` of the smem layout `S` by the
/// tiled MMA `M`.
type PartitionOf<M, Op, S> = <M as HasMmaPartition<Op, <S as SmemLayout>::Inner>>::Layout;
/// The major of operand `Op` of the atom `A`.
type MajorOf<A, Op> = <<Op as HasGmmaOperand<A>>::Source as DescriptorSource>::Major;
/// `128 / bits` of operand `Op`'s value type, type-level.
type PerU128Of<A, Op> = <<Op as HasGmmaOperand<A>>::Value as GmmaValue>::PerU128;
/// The value type of operand `Op`.
type ValueOf<A, Op> = <Op as HasGmmaOperand<A>>::Value;

/// The descriptor fragment of operand `Op` (read through GMMA
/// descriptors) of the smem layout `S` by the tiled MMA
/// `TiledMma<A, Lay, Pm>`: a tensor of
/// [`GmmaDescriptor`]s over [`DescriptorIterator`], with the static layout
/// `(1, MMA_M, MMA_K)` (`(1, MMA_N, MMA_K)` for B).
pub type DescFragment<A, Lay, Pm, Op, S> = Tensor<
    DescriptorIterator,
    <PartitionOf<TiledMma<A, Lay, Pm>, Op, S> as HasDescFragment<
        MajorOf<A, Op>,
        PerU128Of<A, Op>,
    >>::Layout,
>;

impl<A, Lay, Pm> ThrMma<TiledMma<A, Lay, Pm>>
where
    TiledMma<A, Lay, Pm>: TiledMmaLayouts,
    A: MmaAtom,
{
    fn fragment_desc<Op, S>(
        &self,
        i: usize,
        smem: &S,
        smem_address: u32,
    ) -> Result<DescFragment<A, Lay, Pm, Op, S>, Error>
    where
        Op: crate::atom::tiled_mma::HasMmaOperand<TiledMma<A, Lay, Pm>> + HasGmmaOperand<A>,
        S: SmemLayout,
        Op::Source: DescriptorSource,
        Op::Value: GmmaValue,
        TiledMma<A, Lay, Pm>: HasMmaPartition<Op, S::Inner>,
        PartitionOf<TiledMma<A, Lay, Pm>, Op, S>: HasDescFragment<MajorOf<A, Op>, PerU128Of<A, Op>>,
    {
        type M<A, Lay, Pm> = TiledMma<A, Lay, Pm>;
        type P<A, Lay, Pm, Op, S> = PartitionOf<M<A, Lay, Pm>, Op, S>;
        let off = self.partition_offset::<Op, S::Inner>(i, 3)?;
        let start = smem.smem_offset().checked_add(off).ok_or(Error::Overflow {
            operation: "partition_fragment_desc",
            operands: "the smem layout's offset and the thread's offset",
        })?;
        let desc =
            <P<A, Lay, Pm, Op, S> as HasDescFragment<MajorOf<A, Op>, PerU128Of<A, Op>>>::tile_desc(
                S::SWIZZLE,
                start,
                <ValueOf<A, Op> as ValueType>::BITS as i64,
                smem_address,
                tile_notation::<S, P<A, Lay, Pm, Op, S>, MajorOf<A, Op>, PerU128Of<A, Op>>(),
            )?;
        let n = <PerU128Of<A, Op> as Unsigned>::I64;
        if <P<A, Lay, Pm, Op, S> as HasDescFragment<MajorOf<A, Op>, PerU128Of<A, Op>>>::rest_not_whole(n)
            .is_some()
        {
            return Err(Error::InvalidArgument {
                operation: "partition_fragment_desc",
                argument: "smem",
                reason: "must give every thread rest modes of whole 128-bit units",
            });
        }
        Ok(Tensor::from_parts(
            DescriptorIterator(desc),
            0,
            Default::default(),
        ))
    }

    /// CuTe's `partition_fragment_A(sA)` for an atom that reads A from
    /// shared memory through GMMA descriptors (an SS atom; CuTe's
    /// `FrgTypeA` is `GMMA::smem_desc<Major>`): a tensor of descriptors
    /// with the static layout `(1, MMA_M, MMA_K)`.
    ///
    /// `smem` is A's shared-memory layout `(M,K)` in elements of the atom's
    /// A type (a static [`Layout`], a swizzled [`ComposedLayout`] or a
    /// [`Tensor`] over either) and `smem_address` the byte address of its
    /// offset 0 (of the tensor's storage). With `P` this
    /// thread's `partition_A` of the inner layout and `O` its offset,
    /// element `(0,m,k)` is `make_gmma_desc(Sw ∘ O ∘ P<0>)` advanced by
    /// `P(0,m,k)` in 128-bit units: the descriptor of instruction `(m,k)`'s
    /// tile (the same as cute-dynamic's `ThrMma::partition_fragment_desc`).
    ///
    /// Errors: those of [`make_gmma_desc`] on the atom tile
    /// (`non_canonical_gmma_layout`, …); `invalid_argument` when a rest
    /// mode of `P` is not in whole 128-bit units. An atom that reads A from
    /// registers (RS) does not compile.
    ///
    /// ```
    /// use cute_static::{layout, atom::{make_gmma_desc, make_tiled_mma, Half, MajorK, SM90_64x64x16_F32F16F16_SS}, layout::StaticLayout};
    /// let mma = make_tiled_mma(SM90_64x64x16_F32F16F16_SS::<MajorK, MajorK>::new(), layout!((1, 1, 1)), ());
    /// let thr = mma.get_slice(5)?;
    /// // 64x64 K-major, 128-byte swizzle atoms (8 rows of 64 halves).
    /// let s_a = layout!(Sw<3,3,3> o 0 o ((8,8),64):((64,512),1));
    /// let frag = thr.partition_fragment_desc_a(&s_a, 0)?;
    /// assert_eq!(frag.layout().to_string(), "(_1,_1,_4):(_0,_0,_2)");
    /// // k-block 2: 32 halves along K, 64 bytes past the start.
    /// let tile = layout!(Sw<3,3,3> o 32 o ((8,8),16):((64,512),1));
    /// assert_eq!(frag.read(2)?, make_gmma_desc::<MajorK, Half, _>(&tile, 0)?);
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    pub fn partition_fragment_desc_a<S>(
        &self,
        smem: &S,
        smem_address: u32,
    ) -> Result<DescFragment<A, Lay, Pm, OperandA, S>, Error>
    where
        S: SmemLayout,
        A::FrgTypeA: DescriptorSource,
        A::ValTypeA: GmmaValue,
        TiledMma<A, Lay, Pm>: HasMmaPartition<OperandA, S::Inner> + MmaTileFits<OperandA, S::Inner>,
        PartitionOf<TiledMma<A, Lay, Pm>, OperandA, S>:
            HasDescFragment<MajorOf<A, OperandA>, PerU128Of<A, OperandA>>,
    {
        self.fragment_desc::<OperandA, S>(1, smem, smem_address)
    }

    /// CuTe's `partition_fragment_B(sB)` for a GMMA atom (SS or RS: B is
    /// always read through descriptors): a tensor of descriptors with the
    /// static layout `(1, MMA_N, MMA_K)`; `smem` is B's `(N,K)` layout. See
    /// [`partition_fragment_desc_a`](Self::partition_fragment_desc_a).
    pub fn partition_fragment_desc_b<S>(
        &self,
        smem: &S,
        smem_address: u32,
    ) -> Result<DescFragment<A, Lay, Pm, OperandB, S>, Error>
    where
        S: SmemLayout,
        A::FrgTypeB: DescriptorSource,
        A::ValTypeB: GmmaValue,
        TiledMma<A, Lay, Pm>: HasMmaPartition<OperandB, S::Inner> + MmaTileFits<OperandB, S::Inner>,
        PartitionOf<TiledMma<A, Lay, Pm>, OperandB, S>:
            HasDescFragment<MajorOf<A, OperandB>, PerU128Of<A, OperandB>>,
    {
        self.fragment_desc::<OperandB, S>(2, smem, smem_address)
    }
}
