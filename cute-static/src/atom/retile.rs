//! CuTe's `retile_S` / `retile_D` of a static tensor ([`ThrCopy::retile`]):
//! a thread's register fragment `(V, Rest…)` (e.g. a tiled MMA's
//! `partition_fragment_A`) re-tiled to the value order of a tiled copy
//! `TiledCopy<Atom, BITS, LayoutTv, (C<M>, C<N>)>`, with cute-dynamic's
//! definition (`TiledCopy::retile`), every step a type:
//!
//! * `frg_layout_mn = upcast<threads · V>(right_inverse(LayoutTv) ∘
//!   (M,N))` ([`RetileMn`]; the factor is a type-level number, so the
//!   upcast is [`UpcastBy`](crate::UpcastBy));
//! * `frg_layout_v = zipped_divide(logical_product(make_layout(V),
//!   right_inverse(frg_layout_mn)), make_layout(atom values))`
//!   ([`RetileV`]);
//! * the tensor's layout zipped-divided by the computed tiler
//!   `(V, product_each(shape(frg_layout_mn))…)`, its tile mode composed
//!   with `frg_layout_v` and sliced at `(_, (0, _, …))` ([`RetileSlice`]):
//!   `((atom values, rest values), Rest…)`, a static layout; the offset of
//!   the slice is 0, so the base is kept.
//!
//! ```
//! use cute_static::{Layout, Tensor, atom::{SM75_U32x4_LDSM_N, TiledMma, make_tiled_copy_a}, tensor::Counting};
//! type Mma = TiledMma<cute_static::atom::SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
//! let mma = Mma::new();
//! let copy = make_tiled_copy_a::<_, 16, _>(SM75_U32x4_LDSM_N, &mma);
//! let a = Tensor::new(Counting, cute_static::layout!((64, 32)))?;
//! let mut frag = mma.get_slice(5)?.partition_fragment_a(&a);
//! assert_eq!(frag.layout().to_string(), "((_2,_2,_2),_2,_2):((_1,_2,_4),_8,_16)");
//! // LDSM x4 moves 8 halves per thread: the 8 values of one MMA atom are
//! // one copy atom's values, contiguous in the fragment.
//! let view = copy.get_slice(5)?.retile_d(&mut frag);
//! assert_eq!(view.layout().to_string(), "((_8,_1),_2,_2):((_1,_0),_8,_16)");
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::ops::Mul;
use typenum::operator_aliases::Prod;

use super::CopyAtom;
use super::tiled_copy::{RefL, StrideUnlessOne, ThrCopy, TiledCopy};
use super::tiled_mma::SizeC;
use crate::algebra::composition::{Compose, Composed};
use crate::algebra::divide::{SizeOf, ZippedDivide, ZippedQuotient};
use crate::algebra::inverse::{RightInverse, RightInvert};
use crate::algebra::product::{LogicalMultiply, LogicalProduct};
use crate::algebra::recast::{UpcastBy, UpcastedBy};
use crate::data::int_tuple::{C, StaticInt};
use crate::data::int_tuple_ops::{ProductEach, ProductEachOf};
use crate::data::layout::{Layout, Mode, ModeOf, StaticLayout};
use crate::data::tiler::Tiler;
use crate::kernel::computed::{Resolve, Resolved};
use crate::kernel::layout::TensorLayout;
use crate::kernel::partition::{CompactColMajor, CompactFrom};
use crate::kernel::tensor::{Engine, EngineMut, Prepend, Tensor};
use crate::private::Pretty;
use typenum::{IsEqual, U1};

/// `size(L)` as a type-level number.
type SizeN<L> = <<L as StaticLayout>::Tree as SizeOf>::Out;
/// `V = size<0>(tensor)` as `C<V>`.
type VOf<X> = SizeC<ModeOf<X, 0>>;
/// The upcast factor `size(threads) · V`.
type FactorOf<L, X> = Prod<SizeN<ModeOf<L, 0>>, SizeN<ModeOf<X, 0>>>;
/// `right_inverse(LayoutTv).with_shape(Tiler_MN)`: `(m,n)` → `(thread, value)`.
type MnToTv<L, T> = Composed<RightInverse<L>, CompactColMajor<T>>;
/// CuTe's `make_layout(V)` (`V:1`, `1:0` for `V = 1`).
type VLayout<X> = Layout<VOf<X>, StrideUnlessOne<VOf<X>, C<1>>>;
/// The atom's values, `size<1>(RefLayout)` over `BITS`-bit values.
type AtomVal<A, const BITS: usize> = SizeC<ModeOf<RefL<A, BITS>, 1>>;

/// `frg_layout_mn` of the retile of a tensor of layout `X` by a tiled copy
/// with the TV layout `L` over the tile `T`: `upcast<size(threads) ·
/// V>(right_inverse(L) ∘ T)`, `(m,n)` → the `V`-block of the values.
pub type RetileMn<L, T, X> = UpcastedBy<MnToTv<L, T>, FactorOf<L, X>>;
/// `frg_layout_v`: `zipped_divide(logical_product(make_layout(V),
/// right_inverse(frg_layout_mn)), atom values)`, `(atom values, rest
/// values)` → `(v, m, n)`.
pub type RetileV<A, const BITS: usize, L, T, X> = ZippedQuotient<
    LogicalProduct<VLayout<X>, RightInverse<RetileMn<L, T, X>>>,
    Tiler<AtomVal<A, BITS>>,
>;
/// The tensor's tiler, `(V, product_each(shape(frg_layout_mn))…)`.
type RetileTiler<L, T, X> =
    <ProductEachOf<<RetileMn<L, T, X> as StaticLayout>::Shape> as Prepend<VOf<X>>>::Out;
/// The tensor's layout zipped-divided by the tiler: `((V, M, N), (1, Rest…))`.
type RetileTiles<L, T, X> = ZippedQuotient<X, Tiler<RetileTiler<L, T, X>>>;
/// The tile mode composed with `frg_layout_v`.
type RetileTile<A, const BITS: usize, L, T, X> =
    Composed<ModeOf<RetileTiles<L, T, X>, 0>, RetileV<A, BITS, L, T, X>>;

/// The slice `(_, (0, _, …))` of `(Tile, (1, Rest…))`, with `Self` the
/// rest mode: `(Tile, Rest…)` (the offset of coordinate 0 is 0).
///
/// ```
/// use cute_static::{Layout, Tensor, atom::{SM75_U32x4_LDSM_N, TiledMma, make_tiled_copy_a}, tensor::Counting};
/// type Mma = TiledMma<cute_static::atom::SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// let mma = Mma::new();
/// let copy = make_tiled_copy_a::<_, 16, _>(SM75_U32x4_LDSM_N, &mma);
/// let a = Tensor::new(Counting, cute_static::layout!((64, 32)))?;
/// let mut frag = mma.get_slice(5)?.partition_fragment_a(&a);
/// // The retiled view keeps the fragment's rest modes (2, 2) after the
/// // copy atom's value mode.
/// let view = copy.get_slice(5)?.retile_s(&mut frag);
/// assert_eq!(view.layout().to_string(), "((_8,_1),_2,_2):((_1,_0),_8,_16)");
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait RetileSlice<Tile> {
    /// `(Tile, Rest…)`.
    type Output;
}
macro_rules! retile_slice {
    ($($R:ident $Q:ident),+) => {
        /// The rest modes after the first become top-level modes after the tile.
        impl<S, D, S0, D0, $($R, $Q),+> RetileSlice<Layout<S, D>>
            for Layout<(S0, $($R,)+), (D0, $($Q,)+)>
        {
            type Output = Layout<(S, $($R,)+), (D, $($Q,)+)>;
        }
    };
}
retile_slice!(R1 Q1, R2 Q2);
retile_slice!(R1 Q1, R2 Q2, R3 Q3);
retile_slice!(R1 Q1, R2 Q2, R3 Q3, R4 Q4);

/// What `retile_S/D` computes for a tensor with the static layout `X`
/// (implemented by every tiled copy whose retile of `X` exists): one bound
/// in the methods instead of the steps.
///
/// ```
/// use cute_static::{Layout, Tensor, atom::{SM75_U32x4_LDSM_N, TiledMma, make_tiled_copy_a}, tensor::Counting};
/// type Mma = TiledMma<cute_static::atom::SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;
/// let mma = Mma::new();
/// let copy = make_tiled_copy_a::<_, 16, _>(SM75_U32x4_LDSM_N, &mma);
/// let a = Tensor::new(Counting, cute_static::layout!((64, 32)))?;
/// let mut frag = mma.get_slice(5)?.partition_fragment_a(&a);
/// // retile_D views the MMA's A fragment in the copy's value order.
/// let view = copy.get_slice(5)?.retile_d(&mut frag);
/// assert_eq!(view.layout().to_string(), "((_8,_1),_2,_2):((_1,_0),_8,_16)");
/// assert_eq!(view.size(), frag.size());
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait HasCopyRetile<X> {
    /// `((atom values, rest values), Rest…)`.
    type Layout: StaticLayout;
}
impl<A, const BITS: usize, L, T, X> HasCopyRetile<X> for TiledCopy<A, BITS, L, T>
where
    L: Resolve,
    A: CopyAtom,
    A::RefLayout: crate::Upcast<BITS>,
    RefL<A, BITS>: Mode<1>,
    <ModeOf<RefL<A, BITS>, 1> as StaticLayout>::Tree: SizeOf,
    <<ModeOf<RefL<A, BITS>, 1> as StaticLayout>::Tree as SizeOf>::Out: Pretty,
    Resolved<L>: StaticLayout + RightInvert + Mode<0>,
    T: CompactFrom<U1>,
    RightInverse<Resolved<L>>: Compose<CompactColMajor<T>>,
    X: StaticLayout + Mode<0>,
    <ModeOf<Resolved<L>, 0> as StaticLayout>::Tree: SizeOf,
    <ModeOf<X, 0> as StaticLayout>::Tree: SizeOf,
    <<ModeOf<X, 0> as StaticLayout>::Tree as SizeOf>::Out: Pretty,
    VOf<X>: StaticInt,
    <VOf<X> as StaticInt>::Tn: IsEqual<U1>,
    typenum::Eq<<VOf<X> as StaticInt>::Tn, U1>: crate::private::If<C<0>, C<1>>,
    SizeN<ModeOf<Resolved<L>, 0>>: Mul<SizeN<ModeOf<X, 0>>>,
    MnToTv<Resolved<L>, T>: UpcastBy<FactorOf<Resolved<L>, X>>,
    RetileMn<Resolved<L>, T, X>: RightInvert,
    <RetileMn<Resolved<L>, T, X> as StaticLayout>::Shape: ProductEach,
    ProductEachOf<<RetileMn<Resolved<L>, T, X> as StaticLayout>::Shape>: Prepend<VOf<X>>,
    VLayout<X>: LogicalMultiply<RightInverse<RetileMn<Resolved<L>, T, X>>>,
    LogicalProduct<VLayout<X>, RightInverse<RetileMn<Resolved<L>, T, X>>>:
        ZippedDivide<Tiler<AtomVal<A, BITS>>>,
    X: ZippedDivide<Tiler<RetileTiler<Resolved<L>, T, X>>>,
    RetileTiles<Resolved<L>, T, X>: Mode<0> + Mode<1>,
    ModeOf<RetileTiles<Resolved<L>, T, X>, 0>: Compose<RetileV<A, BITS, Resolved<L>, T, X>>,
    ModeOf<RetileTiles<Resolved<L>, T, X>, 1>: RetileSlice<RetileTile<A, BITS, Resolved<L>, T, X>>,
    <ModeOf<RetileTiles<Resolved<L>, T, X>, 1> as RetileSlice<
        RetileTile<A, BITS, Resolved<L>, T, X>,
    >>::Output: StaticLayout,
{
    type Layout = <ModeOf<RetileTiles<Resolved<L>, T, X>, 1> as RetileSlice<
        RetileTile<A, BITS, Resolved<L>, T, X>,
    >>::Output;
}
/// The layout of `retile_S/D` of a tensor with the layout `X` by the tiled
/// copy `Tc`: `((atom values, rest values), Rest…)`.
pub type CopyRetile<Tc, X> = <Tc as HasCopyRetile<X>>::Layout;

impl<Tc> ThrCopy<Tc> {
    /// CuTe's `retile` (of `retile_S` and `retile_D`, which are the same):
    /// a static tensor `(V, Rest…)` (a thread's register fragment, e.g. a
    /// tiled MMA's `partition_fragment_A`) re-tiled to the tiled copy's
    /// value order, `((atom values, rest values), Rest…)`, over the same
    /// accessor and base (see the module documentation).
    #[inline(always)]
    pub fn retile<E, X>(&self, t: Tensor<E, X>) -> Tensor<E, CopyRetile<Tc, X>>
    where
        E: Engine,
        X: TensorLayout,
        Tc: HasCopyRetile<X>,
        CopyRetile<Tc, X>: TensorLayout,
    {
        let (e, base, _) = t.into_parts();
        Tensor::from_parts(e, base, Default::default())
    }

    /// CuTe's `retile_S`: a read-only view of `t` re-tiled for the copy's
    /// source (see [`retile`](Self::retile)).
    #[inline(always)]
    pub fn retile_s<'a, E, X>(&self, t: &'a Tensor<E, X>) -> Tensor<E::View<'a>, CopyRetile<Tc, X>>
    where
        E: Engine,
        X: TensorLayout,
        Tc: HasCopyRetile<X>,
        CopyRetile<Tc, X>: TensorLayout,
    {
        self.retile(t.view())
    }

    /// CuTe's `retile_D`: a writable view of `t` re-tiled for the copy's
    /// destination (see [`retile`](Self::retile)).
    #[inline(always)]
    pub fn retile_d<'a, E, X>(
        &self,
        t: &'a mut Tensor<E, X>,
    ) -> Tensor<E::ViewMut<'a>, CopyRetile<Tc, X>>
    where
        E: EngineMut,
        X: TensorLayout,
        Tc: HasCopyRetile<X>,
        CopyRetile<Tc, X>: TensorLayout,
    {
        self.retile(t.view_mut())
    }
}
