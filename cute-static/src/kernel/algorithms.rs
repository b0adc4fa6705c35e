//! The generic reference algorithms of Cecka §2.6 over static and mixed
//! tensors, written once over [`TensorLayout`]: `copy` (`dst(i) = src(i)` for
//! `i < size`), `axpby` (`y(i) = a·x(i) + b·y(i)`) and `gemm` over
//! `(M,K) × (N,K) → (M,N)` (`C(m,n) += A(m,k)·B(n,k)`, the paper's loop
//! nest, `k` outermost), `copy_if`, `fill` and `clear`. Their preconditions
//! are checked by the compiler where both sides are static: tensors of
//! different static sizes, a gemm whose `M`, `N` or `K` disagree, or a gemm
//! operand that is not rank 2 do not compile, and the first line of the
//! error names the rule and the sizes. Where a size is a run-time value (a
//! mixed layout), the same rule is checked at run time: `Err` with kind
//! `not_compatible`, never a panic. Each kernel returns `Result`: a tensor
//! that does not fit its storage (a partial tile) is an `out_of_storage`
//! error, and nothing is written then (use `copy_if` with a predicate).
//!
//! ```
//! use cute_static::{Tensor, algorithm::copy, layout};
//! let src: Vec<i32> = (0..24).collect();
//! let mut dst = vec![0; 24];
//! let s = Tensor::new(&src[..], layout!((8, 3):(1, 8)))?;
//! let mut d = Tensor::new(&mut dst[..], layout!((8, 3):(3, 1)))?; // transpose
//! copy(&s, &mut d)?;
//! assert_eq!((dst[3], dst[1]), (1, 8));
//! // A mixed tensor (run-time extent): the sizes are compared at run time.
//! let n = 3;
//! let m = Tensor::new(&src[..], layout!((8, {n}):(1, 8))?)?;
//! let mut flat = vec![0; 24];
//! copy(&m, &mut Tensor::new(&mut flat[..], layout!(24:1))?)?;
//! assert_eq!(flat, src);
//! let mut short = vec![0; 16];
//! let e = copy(&m, &mut Tensor::new(&mut short[..], layout!(16:1))?).unwrap_err();
//! assert_eq!(e.kind(), "not_compatible");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```
//!
//! ```compile_fail
//! use cute_static::{Tensor, algorithm::copy, layout};
//! let (src, mut dst) = ([0; 64], [0; 32]);
//! let s = Tensor::new(&src[..], layout!(64:1)).unwrap();
//! let mut d = Tensor::new(&mut dst[..], layout!(32:1)).unwrap();
//! copy(&s, &mut d); // copy between tensors of different sizes: … C<64> … C<32>
//! ```

use core::ops::{Add, Mul};
use typenum::operator_aliases::Eq;
use typenum::{B0, B1, IsEqual};

use crate::Error;
use crate::algebra::divide::SizeOf;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::{Layout, StaticLayout};
use crate::kernel::computed::{Computed, LayoutQuery};
use crate::kernel::layout::{RuntimeSize, StaticSize, TensorLayout};
use crate::kernel::tensor::{Engine, EngineMut, Storage, Tensor};
use crate::mixed::layout::{MixedLayout, MixedShape};
use crate::private::{P, Pretty, Violation};

/// The size of a static layout as a type-level integer.
type SizeT<L> = <<L as StaticLayout>::Tree as SizeOf>::Out;

/// The impls of a rank trait (`Rank2`, `Rank3`) for a static layout
/// `(S0, …):(D0, …)` (its modes `Sk:Dk`, constants) and for a mixed one
/// (its mixed modes, the values taken apart).
macro_rules! rank_modes {
    ($tr:ident, $modes:ident, ($($S:ident $D:ident $M:ident $i:tt),+)) => {
        /// The top-level modes `Sk:Dk` of a static layout.
        impl<$($S, $D),+> $tr for Layout<($($S,)+), ($($D,)+)>
        where
            Self: StaticLayout,
            $(Layout<$S, $D>: StaticLayout,)+
        {
            $(type $M = Layout<$S, $D>;)+
            #[inline(always)]
            fn $modes(&self) -> ($(Self::$M,)+) {
                Default::default()
            }
        }
        /// The mixed top-level modes `Sk:Dk` of a mixed layout.
        impl<$($S, $D),+> $tr for MixedLayout<($($S,)+), ($($D,)+)>
        where
            Self: TensorLayout,
            $(MixedLayout<$S, $D>: TensorLayout, $S: MixedShape<$D> + Copy, $D: IntTuple + Copy,)+
        {
            $(type $M = MixedLayout<$S, $D>;)+
            #[inline(always)]
            fn $modes(&self) -> ($(Self::$M,)+) {
                let (s, d) = (self.shape(), self.stride());
                ($(MixedLayout::from_parts(s.$i, d.$i),)+)
            }
        }
    };
}

/// A layout with exactly two top-level modes, `(rows, columns)`: what
/// `gemm` requires of each operand.
///
/// # Examples
///
/// ```
/// use cute_static::algorithm::Rank2;
/// use cute_static::layout::TensorLayout;
/// use cute_static::layout;
/// let (rows, columns) = layout!(((2, 3), 4):((1, 2), 6)).modes();
/// assert_eq!((rows.size(), columns.size(), columns.offset(1)), (6, 4, 6));
/// ```
#[diagnostic::on_unimplemented(
    message = "this algorithm needs a rank-2 layout `(rows, columns)`, but `{Self}` does not have exactly two top-level modes",
    label = "not rank 2",
    note = "gemm multiplies (M,K) × (N,K) → (M,N): every operand must have exactly two top-level modes (each may be hierarchical); group modes with a nested shape, e.g. `((2, 3), 4)`"
)]
pub trait Rank2: TensorLayout {
    /// Mode 0 (rows).
    type Mode0: TensorLayout;
    /// Mode 1 (columns).
    type Mode1: TensorLayout;
    /// The two modes.
    fn modes(&self) -> (Self::Mode0, Self::Mode1);
}
rank_modes!(Rank2, modes, (S0 D0 Mode0 0, S1 D1 Mode1 1));

/// `size(Self) == size(B)`, or the compile error of rule `R` (which names
/// the two sizes).
#[doc(hidden)]
pub trait SameSize<B, R> {}
/// Compare the type-level sizes; dispatch on the answer.
impl<A, B, R> SameSize<B, R> for A
where
    A: StaticLayout,
    B: StaticLayout,
    A::Tree: SizeOf,
    B::Tree: SizeOf,
    SizeT<A>: IsEqual<SizeT<B>> + Pretty,
    SizeT<B>: Pretty,
    Eq<SizeT<A>, SizeT<B>>: Verdict,
    <Eq<SizeT<A>, SizeT<B>> as Verdict>::Out: SizeCheck<R, SpelledSize<A>, SpelledSize<B>>,
{
}

/// The answer of a size comparison under a name of this crate (so the
/// notes of a diagnostic do not show typenum's bits).
#[doc(hidden)]
pub trait Verdict {
    /// [`SizesEqual`] or [`SizesDiffer`].
    type Out;
}
/// Equal sizes.
impl Verdict for B1 {
    type Out = SizesEqual;
}
/// Different sizes.
impl Verdict for B0 {
    type Out = SizesDiffer;
}
/// The sizes are equal.
#[doc(hidden)]
pub struct SizesEqual;
/// The sizes differ.
#[doc(hidden)]
pub struct SizesDiffer;

/// The size of `L` as diagnostics show it: `C<N>`, or `Dec<…>` beyond the
/// table of readable constants (never a typenum type).
type SpelledSize<L> = P<SizeT<L>>;
/// The outcome of a size comparison under rule `R`.
#[doc(hidden)]
pub trait SizeCheck<R, NA, NB> {}
/// Equal sizes: nothing to report.
impl<R, NA, NB> SizeCheck<R, NA, NB> for SizesEqual {}
/// Different sizes: the rule reports them.
impl<R: SizeRule<NA, NB>, NA, NB> SizeCheck<R, NA, NB> for SizesDiffer {}
/// A rule that two sizes `NA`, `NB` must be equal, reported through a
/// never-implemented diagnostic trait.
#[doc(hidden)]
pub trait SizeRule<NA, NB> {}

/// Rule: `copy(src, dst)` needs `size(src) == size(dst)`.
#[doc(hidden)]
pub struct CopyRule<LS, LD>(core::marker::PhantomData<(LS, LD)>);
/// Rule: `axpby(a, x, b, y)` needs `size(x) == size(y)`.
#[doc(hidden)]
pub struct AxpbyRule<LX, LY>(core::marker::PhantomData<(LX, LY)>);
/// Rule: gemm's `M`: `size<0>(A) == size<0>(C)`.
#[doc(hidden)]
pub struct GemmM<LA, LB, LC>(core::marker::PhantomData<(LA, LB, LC)>);
/// Rule: gemm's `N`: `size<0>(B) == size<1>(C)`.
#[doc(hidden)]
pub struct GemmN<LA, LB, LC>(core::marker::PhantomData<(LA, LB, LC)>);
/// Rule: gemm's `K`: `size<1>(A) == size<1>(B)` (it does not involve `C`,
/// whose type may still be unknown when the check runs).
#[doc(hidden)]
pub struct GemmK<LA, LB>(core::marker::PhantomData<(LA, LB)>);

/// Raised by `copy` for tensors of different sizes.
#[diagnostic::on_unimplemented(
    message = "copy between tensors of different sizes: the source has {NS} elements, the destination {ND}",
    label = "size(src) = {NS} but size(dst) = {ND}",
    note = "source layout:      {LS}",
    note = "destination layout: {LD}",
    note = "copy is `dst(i) = src(i)` for every i < size: both tensors must have the same number of elements (their shapes may differ)"
)]
pub trait CopySizes<LS, LD, NS, ND> {}
/// A copy size mismatch is reported by name.
impl<LS, LD, NS, ND> SizeRule<NS, ND> for CopyRule<LS, LD> where Violation: CopySizes<LS, LD, NS, ND>
{}

/// Raised by `axpby` for tensors of different sizes.
#[diagnostic::on_unimplemented(
    message = "axpby between tensors of different sizes: x has {NX} elements, y has {NY}",
    label = "size(x) = {NX} but size(y) = {NY}",
    note = "x layout: {LX}",
    note = "y layout: {LY}",
    note = "axpby is `y(i) = a·x(i) + b·y(i)` for every i < size: both tensors must have the same number of elements"
)]
pub trait AxpbySizes<LX, LY, NX, NY> {}
/// An axpby size mismatch is reported by name.
impl<LX, LY, NX, NY> SizeRule<NX, NY> for AxpbyRule<LX, LY> where
    Violation: AxpbySizes<LX, LY, NX, NY>
{
}

/// Raised by `gemm` when `A` and `C` disagree on `M`.
#[diagnostic::on_unimplemented(
    message = "gemm with mismatched M: A is (M,K) with M = {MA}, but C is (M,N) with M = {MC}",
    label = "size<0>(A) = {MA} but size<0>(C) = {MC}",
    note = "A layout: {LA}",
    note = "B layout: {LB}",
    note = "C layout: {LC}",
    note = "gemm computes C(m,n) += A(m,k)·B(n,k) over A: (M,K), B: (N,K), C: (M,N)"
)]
pub trait GemmSizeM<LA, LB, LC, MA, MC> {}
/// A gemm M mismatch is reported by name.
impl<LA, LB, LC, MA, MC> SizeRule<MA, MC> for GemmM<LA, LB, LC> where
    Violation: GemmSizeM<LA, LB, LC, MA, MC>
{
}

/// Raised by `gemm` when `B` and `C` disagree on `N`.
#[diagnostic::on_unimplemented(
    message = "gemm with mismatched N: B is (N,K) with N = {NB}, but C is (M,N) with N = {NC}",
    label = "size<0>(B) = {NB} but size<1>(C) = {NC}",
    note = "A layout: {LA}",
    note = "B layout: {LB}",
    note = "C layout: {LC}",
    note = "gemm computes C(m,n) += A(m,k)·B(n,k) over A: (M,K), B: (N,K), C: (M,N)"
)]
pub trait GemmSizeN<LA, LB, LC, NB, NC> {}
/// A gemm N mismatch is reported by name.
impl<LA, LB, LC, NB, NC> SizeRule<NB, NC> for GemmN<LA, LB, LC> where
    Violation: GemmSizeN<LA, LB, LC, NB, NC>
{
}

/// Raised by `gemm` when `A` and `B` disagree on `K`.
#[diagnostic::on_unimplemented(
    message = "gemm with mismatched K: A is (M,K) with K = {KA}, but B is (N,K) with K = {KB}",
    label = "size<1>(A) = {KA} but size<1>(B) = {KB}",
    note = "A layout: {LA}",
    note = "B layout: {LB}",
    note = "gemm computes C(m,n) += A(m,k)·B(n,k) over A: (M,K), B: (N,K), C: (M,N)"
)]
pub trait GemmSizeK<LA, LB, KA, KB> {}
/// A gemm K mismatch is reported by name.
impl<LA, LB, KA, KB> SizeRule<KA, KB> for GemmK<LA, LB> where Violation: GemmSizeK<LA, LB, KA, KB> {}

/// How two layouts' sizes are compared under rule `R`, chosen by their
/// [`SizeKind`]s: two static sizes at compile time (the rule's diagnostic),
/// any other pair at run time.
#[doc(hidden)]
pub trait SizeDispatch<LA, LB, R> {
    /// `size(a) == size(b)` (always `true` for two static sizes: the
    /// compiler checked it).
    fn agree(a: &LA, b: &LB) -> bool;
}
/// Two static sizes: checked by the compiler.
impl<LA, LB, R> SizeDispatch<LA, LB, R> for (StaticSize, StaticSize)
where
    LA: StaticLayout + SameSize<LB, R>,
    LB: StaticLayout,
{
    #[inline(always)]
    fn agree(_: &LA, _: &LB) -> bool {
        true
    }
}
/// A run-time size on either side: compared at run time.
macro_rules! runtime_sizes {
    ($(($a:ty, $b:ty)),*) => {$(
        /// Compared at run time.
        impl<LA: TensorLayout, LB: TensorLayout, R> SizeDispatch<LA, LB, R> for ($a, $b) {
            #[inline(always)]
            fn agree(a: &LA, b: &LB) -> bool {
                a.size() == b.size()
            }
        }
    )*};
}
runtime_sizes!(
    (StaticSize, RuntimeSize),
    (RuntimeSize, StaticSize),
    (RuntimeSize, RuntimeSize)
);

/// The sizes of `a` and `b` agree under rule `R` (compile time for two
/// static layouts, run time otherwise).
type Sizes<LA, LB> = (
    <LA as TensorLayout>::SizeKind,
    <LB as TensorLayout>::SizeKind,
);

/// Source layouts `copy` accepts with the destination layout `LD`: equal
/// sizes, checked by the compiler when both are static and at run time
/// otherwise. Name it to write generic code over [`copy`].
///
/// # Examples
///
/// ```
/// use cute_static::algorithm::{CopyCompatible, copy};
/// use cute_static::layout::TensorLayout;
/// use cute_static::{Tensor, layout};
/// fn copy_all<LS: CopyCompatible<LD>, LD: TensorLayout>(
///     src: &[f32], ls: LS, dst: &mut [f32], ld: LD,
/// ) -> Result<(), cute_static::Error> {
///     copy(&Tensor::new(src, ls)?, &mut Tensor::new(dst, ld)?)
/// }
/// let mut dst = [0.0; 4];
/// copy_all(&[1.0, 2.0, 3.0, 4.0], layout!((2, 2):(1, 2)), &mut dst, layout!((2, 2):(2, 1)))?;
/// assert_eq!(dst, [1.0, 3.0, 2.0, 4.0]); // transposed
/// // A run-time size is compared when the copy runs.
/// let n = 3;
/// assert!(copy_all(&[1.0; 4], layout!(({n}):(1))?, &mut dst, layout!(4:1)).is_err());
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait CopyCompatible<LD: TensorLayout>: TensorLayout {
    /// `size(self) == size(dst)`.
    #[doc(hidden)]
    fn same_size(&self, dst: &LD) -> bool;
}
/// Equal sizes, or the copy diagnostic.
impl<LS, LD> CopyCompatible<LD> for LS
where
    LS: TensorLayout,
    LD: TensorLayout,
    Sizes<LS, LD>: SizeDispatch<LS, LD, CopyRule<LS, LD>>,
{
    #[inline(always)]
    fn same_size(&self, dst: &LD) -> bool {
        <Sizes<LS, LD> as SizeDispatch<LS, LD, CopyRule<LS, LD>>>::agree(self, dst)
    }
}

/// `x` layouts `axpby` accepts with the `y` layout `LY`: equal sizes
/// (compile time for two static layouts, run time otherwise).
///
/// # Examples
///
/// ```
/// use cute_static::algorithm::{AxpbyCompatible, axpby};
/// use cute_static::layout::TensorLayout;
/// use cute_static::{Tensor, layout};
/// /// `y = 2·x + y`.
/// fn twice_x_plus_y<LX: AxpbyCompatible<LY>, LY: TensorLayout>(
///     x: &[i32], lx: LX, y: &mut [i32], ly: LY,
/// ) -> Result<(), cute_static::Error> {
///     axpby(2, &Tensor::new(x, lx)?, 1, &mut Tensor::new(y, ly)?)
/// }
/// let mut y = [10, 20, 30, 40];
/// twice_x_plus_y(&[1, 2, 3, 4], layout!(4:1), &mut y, layout!((2, 2):(2, 1)))?;
/// assert_eq!(y, [12, 26, 34, 48]);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait AxpbyCompatible<LY: TensorLayout>: TensorLayout {
    /// `size(self) == size(y)`.
    #[doc(hidden)]
    fn same_size(&self, y: &LY) -> bool;
}
/// Equal sizes, or the axpby diagnostic.
impl<LX, LY> AxpbyCompatible<LY> for LX
where
    LX: TensorLayout,
    LY: TensorLayout,
    Sizes<LX, LY>: SizeDispatch<LX, LY, AxpbyRule<LX, LY>>,
{
    #[inline(always)]
    fn same_size(&self, y: &LY) -> bool {
        <Sizes<LX, LY> as SizeDispatch<LX, LY, AxpbyRule<LX, LY>>>::agree(self, y)
    }
}

/// `A` layouts `gemm` accepts with `B: LB` and `C: LC`: all rank 2, and
/// `M`, `N`, `K` agree (compile time where both sides are static, run
/// time otherwise). Name it to write generic code over [`gemm`].
///
/// # Examples
///
/// ```
/// use cute_static::algorithm::{GemmCompatible, gemm};
/// use cute_static::layout::TensorLayout;
/// use cute_static::{Tensor, layout};
/// fn gemm_slices<LA: GemmCompatible<LB, LC>, LB: TensorLayout, LC: TensorLayout>(
///     (a, la): (&[i32], LA), (b, lb): (&[i32], LB), (c, lc): (&mut [i32], LC),
/// ) -> Result<(), cute_static::Error> {
///     gemm(&Tensor::new(a, la)?, &Tensor::new(b, lb)?, &mut Tensor::new(c, lc)?)
/// }
/// // M = 2, N = 1, K = 3: C(m, 0) = Σ_k A(m, k)·B(0, k).
/// let (a, b, mut c) = ([1, 2, 3, 4, 5, 6], [1, 10, 100], [0; 2]);
/// gemm_slices((&a, layout!((2, 3):(1, 2))), (&b, layout!((1, 3):(0, 1))), (&mut c, layout!((2, 1))))?;
/// assert_eq!(c, [1 + 30 + 500, 2 + 40 + 600]);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}`, `{LB}` and `{LC}` are not the layouts of a gemm A: (M,K), B: (N,K), C: (M,N)",
    note = "each operand needs exactly two top-level modes, and A, B, C must agree on M, N and K"
)]
pub trait GemmCompatible<LB, LC>: Rank2 {
    /// B, `(N, K)`, as a rank-2 layout.
    #[doc(hidden)]
    type RankTwoB: Rank2;
    /// C, `(M, N)`, as a rank-2 layout.
    #[doc(hidden)]
    type RankTwoC: Rank2;
    /// `M`, `N`, `K` agree.
    #[doc(hidden)]
    fn agree(&self, b: &LB, c: &LC) -> bool;
    /// B as a rank-2 layout (itself).
    #[doc(hidden)]
    fn b(b: &LB) -> &Self::RankTwoB;
    /// C as a rank-2 layout (itself).
    #[doc(hidden)]
    fn c(c: &LC) -> &Self::RankTwoC;
}
/// Rank 2 and equal `M`, `N`, `K`, or the gemm diagnostics.
impl<LA, LB, LC> GemmCompatible<LB, LC> for LA
where
    LA: Rank2,
    LB: Rank2,
    LC: Rank2,
    Sizes<LA::Mode0, LC::Mode0>: SizeDispatch<LA::Mode0, LC::Mode0, GemmM<LA, LB, LC>>,
    Sizes<LB::Mode0, LC::Mode1>: SizeDispatch<LB::Mode0, LC::Mode1, GemmN<LA, LB, LC>>,
    Sizes<LA::Mode1, LB::Mode1>: SizeDispatch<LA::Mode1, LB::Mode1, GemmK<LA, LB>>,
{
    type RankTwoB = LB;
    type RankTwoC = LC;
    #[inline(always)]
    fn b(b: &LB) -> &LB {
        b
    }
    #[inline(always)]
    fn c(c: &LC) -> &LC {
        c
    }
    #[inline(always)]
    fn agree(&self, b: &LB, c: &LC) -> bool {
        let ((am, ak), (bn, bk), (cm, cn)) = (self.modes(), b.modes(), c.modes());
        <Sizes<LA::Mode0, LC::Mode0> as SizeDispatch<_, _, GemmM<LA, LB, LC>>>::agree(&am, &cm)
            && <Sizes<LB::Mode0, LC::Mode1> as SizeDispatch<_, _, GemmN<LA, LB, LC>>>::agree(
                &bn, &cn,
            )
            && <Sizes<LA::Mode1, LB::Mode1> as SizeDispatch<_, _, GemmK<LA, LB>>>::agree(&ak, &bk)
    }
}

/// A layout with exactly three top-level modes: a tiled MMA's partition
/// `(MMA, MMA_M, MMA_K)` (the atom's values, then the atoms along the two
/// operand modes), what `gemm(tiled_mma, A, B, C)` takes.
///
/// # Examples
///
/// ```
/// use cute_static::algorithm::Rank3;
/// use cute_static::layout::TensorLayout;
/// use cute_static::layout;
/// // (MMA, MMA_M, MMA_K): 4 values per atom, 2 atoms along M, 8 along K.
/// let (v, m, k) = layout!((4, 2, 8)).modes3();
/// assert_eq!((v.size(), m.size(), k.size(), k.offset(1)), (4, 2, 8, 8));
/// ```
#[diagnostic::on_unimplemented(
    message = "gemm with a tiled MMA needs the rank-3 partitions (MMA, MMA_M, MMA_K), but `{Self}` does not have exactly three top-level modes",
    label = "not rank 3",
    note = "partition the operands with the tiled MMA's thread slice: partition_A, partition_B, partition_C (and make_fragment_C for the accumulators)"
)]
pub trait Rank3: TensorLayout {
    /// Mode 0 (the atom's values).
    type Mode0: TensorLayout;
    /// Mode 1.
    type Mode1: TensorLayout;
    /// Mode 2.
    type Mode2: TensorLayout;
    /// The three modes.
    fn modes3(&self) -> (Self::Mode0, Self::Mode1, Self::Mode2);
}
rank_modes!(Rank3, modes3, (S0 D0 Mode0 0, S1 D1 Mode1 1, S2 D2 Mode2 2));

/// A layout computed by the atom layer (a static tiled MMA partition) has
/// its computed layout's modes.
impl<Q> Rank3 for Computed<Q>
where
    Q: LayoutQuery,
    Q::Layout: Rank3,
{
    type Mode0 = <Q::Layout as Rank3>::Mode0;
    type Mode1 = <Q::Layout as Rank3>::Mode1;
    type Mode2 = <Q::Layout as Rank3>::Mode2;
    #[inline(always)]
    fn modes3(&self) -> (Self::Mode0, Self::Mode1, Self::Mode2) {
        Q::Layout::default().modes3()
    }
}

/// `A` layouts `gemm(tiled_mma, A, B, C)` accepts with `B: LB` and
/// `C: LC`: the rank-3 partitions `A: (MMA, MMA_M, MMA_K)`, `B: (MMA,
/// MMA_N, MMA_K)`, `C: (MMA, MMA_M, MMA_N)` whose `MMA_M`, `MMA_N`,
/// `MMA_K` agree (CuTe's `CUTE_STATIC_ASSERT_V`s of the tutorial; the
/// rules and messages of [`GemmCompatible`], compile time where both sides
/// are static, run time otherwise).
///
/// # Examples
///
/// [`device::gemm_with`](crate::device::gemm_with) on the host, with
/// `UniversalFMA` (one value per thread and atom) on `(1, M, K)`,
/// `(1, N, K)` and `(1, M, N)` fragments:
///
/// ```
/// use cute_static::algorithm::MmaGemmCompatible;
/// use cute_static::atom::{TiledMma, UniversalFMA};
/// use cute_static::device::gemm_with;
/// use cute_static::tensor::make_tensor;
/// use cute_static::{Layout, layout};
/// // The bound gemm_with puts on the layouts: MMA_M, MMA_N, MMA_K agree.
/// fn agree<LA: MmaGemmCompatible<LB, LC>, LB, LC>(_: &LA, _: &LB, _: &LC) {}
/// let (la, lb, lc) = (layout!((1, 2, 3)), layout!((1, 2, 3)), layout!((1, 2, 2)));
/// agree(&la, &lb, &lc);
/// let a = make_tensor([1, 2, 3, 4, 5, 6], la)?; // A(m, k) = a[m + 2k]
/// let b = make_tensor([1, 0, 0, 1, 1, 1], lb)?; // B(n, k) = b[n + 2k]
/// let mut c = make_tensor([0; 4], lc)?;
/// let mma = TiledMma::<UniversalFMA<i32, i32, i32, i32>, Layout![(1, 1, 1)]>::new();
/// gemm_with(&mma, &a, &b, &mut c);
/// // C(m, n) = Σ_k A(m, k)·B(n, k): C(0, 0) = 1 + 5, C(0, 1) = 3 + 5, …
/// assert_eq!(c.storage(), [6, 8, 8, 10]);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}`, `{LB}` and `{LC}` are not the partitions of a tiled MMA's gemm A: (MMA,MMA_M,MMA_K), B: (MMA,MMA_N,MMA_K), C: (MMA,MMA_M,MMA_N)",
    note = "each operand needs exactly three top-level modes, and A, B, C must agree on MMA_M, MMA_N and MMA_K"
)]
pub trait MmaGemmCompatible<LB, LC>: Rank3 {
    /// `MMA_M`, `MMA_N`, `MMA_K` agree.
    #[doc(hidden)]
    fn agree3(&self, b: &LB, c: &LC) -> bool;
}
/// Rank 3 and equal `MMA_M`, `MMA_N`, `MMA_K`, or the gemm diagnostics.
impl<LA, LB, LC> MmaGemmCompatible<LB, LC> for LA
where
    LA: Rank3,
    LB: Rank3,
    LC: Rank3,
    Sizes<LA::Mode1, LC::Mode1>: SizeDispatch<LA::Mode1, LC::Mode1, GemmM<LA, LB, LC>>,
    Sizes<LB::Mode1, LC::Mode2>: SizeDispatch<LB::Mode1, LC::Mode2, GemmN<LA, LB, LC>>,
    Sizes<LA::Mode2, LB::Mode2>: SizeDispatch<LA::Mode2, LB::Mode2, GemmK<LA, LB>>,
{
    #[inline(always)]
    fn agree3(&self, b: &LB, c: &LC) -> bool {
        let ((_, am, ak), (_, bn, bk), (_, cm, cn)) = (self.modes3(), b.modes3(), c.modes3());
        <Sizes<LA::Mode1, LC::Mode1> as SizeDispatch<_, _, GemmM<LA, LB, LC>>>::agree(&am, &cm)
            && <Sizes<LB::Mode1, LC::Mode2> as SizeDispatch<_, _, GemmN<LA, LB, LC>>>::agree(
                &bn, &cn,
            )
            && <Sizes<LA::Mode2, LB::Mode2> as SizeDispatch<_, _, GemmK<LA, LB>>>::agree(&ak, &bk)
    }
}

/// The error of a kernel whose operands' run-time sizes differ.
fn size_mismatch(operation: &'static str, left: usize, right: usize) -> Error {
    Error::NotCompatible {
        operation,
        left,
        right,
    }
}

/// The inner loop two layouts share: `n` elements at the constant strides
/// `(da, db)` (their first leaves: `n` divides both leaf sizes, so
/// `L(i + n·j) = i·d + L(n·j)` for `i < n`).
#[inline(always)]
fn inner<A: TensorLayout, B: TensorLayout>(a: &A, b: &B) -> (usize, usize, usize) {
    let ((sa, da), (sb, db)) = (a.leading(), b.leading());
    // Leaf sizes fit an i64 (the layouts' invariant); anything else falls
    // back to the always-correct inner loop of one element.
    let n = match (i64::try_from(sa), i64::try_from(sb)) {
        (Ok(x), Ok(y)) => usize::try_from(cute_core::int::gcd(x, y)).unwrap_or(1),
        _ => 1,
    };
    (n.max(1), da, db)
}

/// The storage window `[base, base + cosize)` of a tensor, `None` when it
/// does not fit (a partial tile).
#[inline(always)]
fn window<E: Storage, L: TensorLayout>(t: &Tensor<E, L>) -> Option<&[E::Value]> {
    let b = t.base();
    t.storage().get(b..b.checked_add(t.layout().cosize())?)
}
/// The writable storage window (see [`window`]).
#[inline(always)]
fn window_mut<E: EngineMut, L: TensorLayout>(t: &mut Tensor<E, L>) -> Option<&mut [E::Value]> {
    let (b, c) = (t.base(), t.layout().cosize());
    t.engine_mut().storage_mut().get_mut(b..b.checked_add(c)?)
}

/// `dst(i) = src(i)` for every `i < size` (Cecka §2.6.1), over any mix of
/// static and mixed tensors and any source accessor. `size(src) ==
/// size(dst)` is checked by the compiler when both layouts are static and
/// at run time otherwise; a tensor that does not fit its storage (a
/// partial tile) is an error, and nothing is written then.
#[inline]
pub fn copy<ES, ED, LS, LD>(src: &Tensor<ES, LS>, dst: &mut Tensor<ED, LD>) -> Result<(), Error>
where
    ES: Engine,
    ES::Value: Clone,
    ED: EngineMut<Value = ES::Value>,
    LS: CopyCompatible<LD>,
    LD: TensorLayout,
{
    let (ls, ld) = (src.layout(), dst.layout());
    if !ls.same_size(&ld) {
        return Err(size_mismatch("copy(src, dst)", ls.size(), ld.size()));
    }
    src.check_storage()?;
    dst.check_storage()?;
    let sb = src.base();
    let Some(d) = window_mut(dst) else {
        return Err(dst.storage_error());
    };
    let se = src.engine();
    match se
        .as_slice()
        .and_then(|s| s.get(sb..sb.checked_add(ls.cosize())?))
    {
        // Storage: a window of static length, so the lookups of static
        // layouts need no run-time checks.
        Some(s) => {
            let (n, ds, dd) = inner(&ls, &ld);
            for j in 0..ld.size() / n {
                let (os, od) = (ls.offset(n * j), ld.offset(n * j));
                for i in 0..n {
                    if let (Some(v), Some(t)) = (s.get(os + i * ds), d.get_mut(od + i * dd)) {
                        *t = v.clone();
                    }
                }
            }
        }
        // An implicit accessor (counting, coordinates).
        None => {
            for i in 0..ld.size() {
                let o = sb.checked_add(ls.offset(i));
                if let (Some(v), Some(t)) = (o.and_then(|o| se.read(o)), d.get_mut(ld.offset(i))) {
                    *t = v;
                }
            }
        }
    }
    Ok(())
}

/// `y(i) = a·x(i) + b·y(i)` for every `i < size`; `size(x) == size(y)` is
/// checked by the compiler when both layouts are static and at run time
/// otherwise.
///
/// ```
/// use cute_static::{Tensor, algorithm::axpby, layout};
/// let x = [1.0, 2.0, 3.0];
/// let mut y = [10.0, 20.0, 30.0];
/// axpby(2.0, &Tensor::new(&x[..], layout!(3:1))?, 0.5, &mut Tensor::new(&mut y[..], layout!(3:1))?)?;
/// assert_eq!(y, [7.0, 14.0, 21.0]);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[inline]
pub fn axpby<T, EX, EY, LX, LY>(
    a: T,
    x: &Tensor<EX, LX>,
    b: T,
    y: &mut Tensor<EY, LY>,
) -> Result<(), Error>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EX: Storage<Value = T>,
    EY: EngineMut<Value = T>,
    LX: AxpbyCompatible<LY>,
    LY: TensorLayout,
{
    let (lx, ly) = (x.layout(), y.layout());
    if !lx.same_size(&ly) {
        return Err(size_mismatch("axpby(a, x, b, y)", lx.size(), ly.size()));
    }
    x.check_storage()?;
    y.check_storage()?;
    let (Some(xs), Some(ys)) = (window(x), window_mut(y)) else {
        return Err(y.storage_error());
    };
    let (n, dx, dy) = inner(&lx, &ly);
    for j in 0..ly.size() / n {
        let (ox, oy) = (lx.offset(n * j), ly.offset(n * j));
        for i in 0..n {
            if let (Some(&xi), Some(yi)) = (xs.get(ox + i * dx), ys.get_mut(oy + i * dy)) {
                *yi = a * xi + b * *yi;
            }
        }
    }
    Ok(())
}

/// `C(m,n) += A(m,k)·B(n,k)` over `A: (M,K)`, `B: (N,K)`, `C: (M,N)`
/// (Cecka §2.6.2; each mode may be hierarchical): the paper's three nested
/// loops, `k` outermost. Rank 2 is checked by the compiler; `M`, `N`, `K`
/// by the compiler where both sides are static and at run time otherwise.
///
/// ```
/// use cute_static::{Tensor, algorithm::gemm, layout};
/// // NT GEMM, M = N = K = 2: A = [[1,2],[3,4]] column-major, B = identity.
/// let (a, b, mut c) = ([1, 3, 2, 4], [1, 0, 0, 1], [0; 4]);
/// let l = layout!((2, 2):(1, 2));
/// gemm(&Tensor::new(&a[..], l)?, &Tensor::new(&b[..], l)?, &mut Tensor::new(&mut c[..], l)?)?;
/// assert_eq!(c, a);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[inline]
pub fn gemm<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) -> Result<(), Error>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EA: Storage<Value = T>,
    EB: Storage<Value = T>,
    EC: EngineMut<Value = T>,
    LA: Rank2,
    LA: GemmCompatible<LB, LC>,
    LB: TensorLayout,
    LC: TensorLayout,
{
    let (la, lb, lc) = (a.layout(), b.layout(), c.layout());
    let (am, ak) = la.modes();
    let (bn, bk) = LA::b(&lb).modes();
    let (cm, cn) = LA::c(&lc).modes();
    if !la.agree(&lb, &lc) {
        let (l, r) = if am.size() != cm.size() {
            (am.size(), cm.size())
        } else if bn.size() != cn.size() {
            (bn.size(), cn.size())
        } else {
            (ak.size(), bk.size())
        };
        return Err(size_mismatch("gemm(A, B, C): M, N or K", l, r));
    }
    a.check_storage()?;
    b.check_storage()?;
    c.check_storage()?;
    let (Some(sa), Some(sb), Some(sc)) = (window(a), window(b), window_mut(c)) else {
        return Err(c.storage_error());
    };
    for k in 0..bk.size() {
        for n in 0..bn.size() {
            for m in 0..am.size() {
                let ai = am.offset(m) + ak.offset(k);
                let bi = bn.offset(n) + bk.offset(k);
                let ci = cm.offset(m) + cn.offset(n);
                // All three lookups succeed: each window holds its layout's cosize.
                if let (Some(&x), Some(&y), Some(z)) = (sa.get(ai), sb.get(bi), sc.get_mut(ci)) {
                    *z = *z + x * y;
                }
            }
        }
    }
    Ok(())
}

/// A predicate over the integral indices of a tensor: a tensor of `bool`
/// (any layout, any accessor) or a closure `Fn(usize) -> bool`.
///
/// ```
/// use cute_static::{algorithm::Predicate, Tensor, layout};
/// let mask = [true, false];
/// let p = Tensor::new(&mask[..], layout!(2:1))?;
/// assert_eq!((p.len(), p.test(1)), (Some(2), Some(false)));
/// let even = |i: usize| i % 2 == 0;
/// assert_eq!((even.len(), even.test(4)), (None, Some(true)));
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait Predicate {
    /// The number of indices it covers (`None`: any).
    fn len(&self) -> Option<usize>;
    /// `true` when it covers no index.
    fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }
    /// The predicate at index `i` (`None` when it cannot be read there).
    fn test(&self, i: usize) -> Option<bool>;
}
/// A tensor of `bool`.
impl<E: Engine<Value = bool>, L: TensorLayout> Predicate for Tensor<E, L> {
    fn len(&self) -> Option<usize> {
        Some(self.size())
    }
    #[inline(always)]
    fn test(&self, i: usize) -> Option<bool> {
        self.read_at(i)
    }
}
/// A closure.
impl<F: Fn(usize) -> bool> Predicate for F {
    fn len(&self) -> Option<usize> {
        None
    }
    #[inline(always)]
    fn test(&self, i: usize) -> Option<bool> {
        Some(self(i))
    }
}

/// `dst(i) = src(i)` for every `i < size(dst)` where `pred(i)` holds; the
/// other elements are neither read nor written (CuTe's predication: the
/// elements of a partial tile past the problem are masked). Sizes are
/// checked like [`copy`]'s, and a tensor predicate must have the same
/// size. A selected element outside its tensor's storage is an
/// `out_of_storage` error; every access is validated first, so an error
/// writes nothing.
///
/// ```
/// use cute_static::{Tensor, algorithm::copy_if, layout};
/// let (src, mut dst, mask) = ([1, 2, 3, 4], [0; 4], [true, false, true, false]);
/// let p = Tensor::new(&mask[..], layout!(4:1))?;
/// copy_if(&p, &Tensor::new(&src[..], layout!(4:1))?, &mut Tensor::new(&mut dst[..], layout!(4:1))?)?;
/// assert_eq!(dst, [1, 0, 3, 0]);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[inline]
pub fn copy_if<P, ES, ED, LS, LD>(
    pred: &P,
    src: &Tensor<ES, LS>,
    dst: &mut Tensor<ED, LD>,
) -> Result<(), Error>
where
    P: Predicate,
    ES: Engine,
    ED: EngineMut<Value = ES::Value>,
    LS: CopyCompatible<LD>,
    LD: TensorLayout,
{
    let (ls, ld) = (src.layout(), dst.layout());
    if !ls.same_size(&ld) {
        return Err(size_mismatch(
            "copy_if(pred, src, dst)",
            ls.size(),
            ld.size(),
        ));
    }
    if let Some(n) = pred.len().filter(|&n| n != ld.size()) {
        return Err(size_mismatch(
            "copy_if(pred, src, dst): pred and dst",
            n,
            ld.size(),
        ));
    }
    // Validate every selected access first, so an error writes nothing.
    for i in 0..ld.size() {
        if pred.test(i) == Some(true) {
            if src.read_at(i).is_none() {
                return Err(src.storage_error());
            }
            if dst.at_mut(i).is_none() {
                return Err(dst.storage_error());
            }
        }
    }
    for i in 0..ld.size() {
        if pred.test(i) == Some(true)
            && let (Some(v), Some(t)) = (src.read_at(i), dst.at_mut(i))
        {
            *t = v;
        }
    }
    Ok(())
}

/// `dst(i) = v` for every `i < size` (CuTe's `fill`); a tensor that does
/// not fit its storage is an error, and nothing is written then.
///
/// ```
/// use cute_static::{Tensor, layout, algorithm::{clear, fill}};
/// let mut d = [1; 6];
/// let mut t = Tensor::new(&mut d[..], layout!((2, 3):(3, 1)))?;
/// fill(&mut t, 7)?;
/// assert_eq!(d, [7; 6]);
/// clear(&mut Tensor::new(&mut d[..], layout!(3:2))?)?;
/// assert_eq!(d, [0, 7, 0, 7, 0, 7]);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[inline]
pub fn fill<E, L>(dst: &mut Tensor<E, L>, v: E::Value) -> Result<(), Error>
where
    E: EngineMut,
    E::Value: Clone,
    L: TensorLayout,
{
    let l = dst.layout();
    let Some(d) = window_mut(dst) else {
        return Err(dst.storage_error());
    };
    for i in 0..l.size() {
        if let Some(t) = d.get_mut(l.offset(i)) {
            *t = v.clone();
        }
    }
    Ok(())
}

/// `dst(i) = T::default()` (zero) for every `i < size` (CuTe's `clear`).
#[inline]
pub fn clear<E, L>(dst: &mut Tensor<E, L>) -> Result<(), Error>
where
    E: EngineMut,
    E::Value: Clone + Default,
    L: TensorLayout,
{
    fill(dst, E::Value::default())
}
