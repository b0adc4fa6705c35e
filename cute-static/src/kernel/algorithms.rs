//! The generic reference algorithms of Cecka §2.6 over static tensors,
//! written once for every static layout: `copy` (`dst(i) = src(i)` for
//! `i < size`), `axpby` (`y(i) = a·x(i) + b·y(i)`) and `gemm` over
//! `(M,K) × (N,K) → (M,N)` (`C(m,n) += A(m,k)·B(n,k)`, the paper's loop
//! nest, `k` outermost). Their preconditions are checked by the compiler:
//! tensors of different static sizes, a gemm whose `M`, `N` or `K` disagree,
//! or a gemm operand that is not rank 2 do not compile, and the first line
//! of the error names the rule and the sizes.
//!
//! ```
//! use cute_static::{Tensor, copy, layout};
//! let src: Vec<i32> = (0..24).collect();
//! let mut dst = vec![0; 24];
//! let s = Tensor::new(&src[..], layout!((8, 3):(1, 8)))?;
//! let mut d = Tensor::new(&mut dst[..], layout!((8, 3):(3, 1)))?; // transpose
//! copy(&s, &mut d);
//! assert_eq!((dst[3], dst[1]), (1, 8));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```
//!
//! ```compile_fail
//! use cute_static::{Tensor, copy, layout};
//! let (src, mut dst) = ([0; 64], [0; 32]);
//! let s = Tensor::new(&src[..], layout!(64:1)).unwrap();
//! let mut d = Tensor::new(&mut dst[..], layout!(32:1)).unwrap();
//! copy(&s, &mut d); // copy between tensors of different sizes: … C<64> … C<32>
//! ```

use core::ops::{Add, Mul};
use typenum::operator_aliases::Eq;
use typenum::{B0, B1, IsEqual};

use crate::algebra::divide::SizeOf;
use crate::data::layout::{Layout, StaticLayout};
use crate::kernel::tensor::{Engine, EngineMut, Tensor};
use crate::private::{P, Pretty, Violation};

/// The size of a static layout as a type-level integer.
type SizeT<L> = <<L as StaticLayout>::Tree as SizeOf>::Out;

/// A layout with exactly two top-level modes, `(rows, columns)`: what
/// `gemm` requires of each operand.
#[diagnostic::on_unimplemented(
    message = "this algorithm needs a rank-2 layout `(rows, columns)`, but `{Self}` does not have exactly two top-level modes",
    label = "not rank 2",
    note = "gemm multiplies (M,K) × (N,K) → (M,N): every operand must have exactly two top-level modes (each may be hierarchical); group modes with a nested shape, e.g. `((2, 3), 4)`"
)]
pub trait Rank2: StaticLayout {
    /// Mode 0 (rows).
    type Mode0: StaticLayout;
    /// Mode 1 (columns).
    type Mode1: StaticLayout;
}
/// `(S0, S1):(D0, D1)` has the modes `S0:D0` and `S1:D1`.
impl<S0, S1, D0, D1> Rank2 for Layout<(S0, S1), (D0, D1)>
where
    Self: StaticLayout,
    Layout<S0, D0>: StaticLayout,
    Layout<S1, D1>: StaticLayout,
{
    type Mode0 = Layout<S0, D0>;
    type Mode1 = Layout<S1, D1>;
}

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
    P<SizeT<A>>: Spelled<A::Shape>,
    P<SizeT<B>>: Spelled<B::Shape>,
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

/// The size of `L` as diagnostics show it: `C<N>`, or [`ShapeSize`] of its
/// shape when `N` is outside the table of readable constants (so no
/// typenum type reaches an error message).
type SpelledSize<L> = <P<SizeT<L>> as Spelled<<L as StaticLayout>::Shape>>::Out;

/// How a size is spelled in a diagnostic, given the shape it is the size of.
#[doc(hidden)]
pub trait Spelled<S> {
    /// The spelling.
    type Out;
}
/// A readable constant is itself.
impl<const N: usize, S> Spelled<S> for crate::C<N> {
    type Out = crate::C<N>;
}
/// A value outside the table is spelled as the size of its shape.
impl<U, B, S> Spelled<S> for typenum::UInt<U, B> {
    type Out = ShapeSize<S>;
}
/// "The product of the shape `S`": how a size beyond the table of readable
/// constants (`0..=1024` and powers of two) is shown in a diagnostic.
pub struct ShapeSize<S>(core::marker::PhantomData<S>);
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

/// The storage window of a tensor with its length `COSIZE` made a
/// compile-time fact (always `Some` for a tensor built by this crate).
#[inline(always)]
fn window<E: Engine, L: StaticLayout>(t: &Tensor<E, L>) -> Option<&[E::Value]> {
    t.storage().get(..L::COSIZE)
}
/// The writable storage window (see [`window`]).
#[inline(always)]
fn window_mut<E: EngineMut, L: StaticLayout>(t: &mut Tensor<E, L>) -> Option<&mut [E::Value]> {
    t.engine_mut().storage_mut().get_mut(..L::COSIZE)
}

/// Source layouts `copy` accepts with the destination layout `LD`: equal
/// static sizes. Name it to write generic code over [`copy`].
pub trait CopyCompatible<LD: StaticLayout>: StaticLayout {}
/// Equal sizes, or the copy diagnostic.
impl<LS, LD> CopyCompatible<LD> for LS
where
    LS: StaticLayout + SameSize<LD, CopyRule<LS, LD>>,
    LD: StaticLayout,
{
}

/// `x` layouts `axpby` accepts with the `y` layout `LY`: equal static
/// sizes.
pub trait AxpbyCompatible<LY: StaticLayout>: StaticLayout {}
/// Equal sizes, or the axpby diagnostic.
impl<LX, LY> AxpbyCompatible<LY> for LX
where
    LX: StaticLayout + SameSize<LY, AxpbyRule<LX, LY>>,
    LY: StaticLayout,
{
}

/// `A` layouts `gemm` accepts with `B: LB` and `C: LC`: all rank 2, and
/// `M`, `N`, `K` agree. Name it to write generic code over [`gemm`].
#[diagnostic::on_unimplemented(
    message = "`{Self}`, `{LB}` and `{LC}` are not the layouts of a gemm A: (M,K), B: (N,K), C: (M,N)",
    note = "each operand needs exactly two top-level modes, and A, B, C must agree on M, N and K"
)]
pub trait GemmCompatible<LB: Rank2, LC: Rank2>: Rank2 {}
/// Rank 2 and equal `M`, `N`, `K`, or the gemm diagnostics.
impl<LA, LB, LC> GemmCompatible<LB, LC> for LA
where
    LA: Rank2,
    LB: Rank2,
    LC: Rank2,
    LA::Mode0: SameSize<LC::Mode0, GemmM<LA, LB, LC>>,
    LB::Mode0: SameSize<LC::Mode1, GemmN<LA, LB, LC>>,
    LA::Mode1: SameSize<LB::Mode1, GemmK<LA, LB>>,
{
}

/// `dst(i) = src(i)` for every `i < size` (Cecka §2.6.1). Any ranks and
/// shapes; `size(src) == size(dst)` is checked by the compiler.
#[inline]
pub fn copy<ES, ED, LS, LD>(src: &Tensor<ES, LS>, dst: &mut Tensor<ED, LD>)
where
    ES: Engine,
    ED: EngineMut<Value = ES::Value>,
    ES::Value: Clone,
    LS: CopyCompatible<LD>,
    LD: StaticLayout,
{
    // The windows have exactly COSIZE elements (checked when the tensors
    // were built); re-taking them with a constant length lets the compiler
    // see that every L(i) < COSIZE and drop the per-element checks.
    let (Some(s), Some(d)) = (window(src), window_mut(dst)) else {
        return;
    };
    let (ls, ld) = (LS::default(), LD::default());
    for i in 0..LD::SIZE {
        if let (Some(v), Some(t)) = (s.get(ls.call(i)), d.get_mut(ld.call(i))) {
            *t = v.clone();
        }
    }
}

/// `y(i) = a·x(i) + b·y(i)` for every `i < size`; `size(x) == size(y)` is
/// checked by the compiler.
///
/// ```
/// use cute_static::{Tensor, axpby, layout};
/// let x = [1.0, 2.0, 3.0];
/// let mut y = [10.0, 20.0, 30.0];
/// axpby(2.0, &Tensor::new(&x[..], layout!(3:1))?, 0.5, &mut Tensor::new(&mut y[..], layout!(3:1))?);
/// assert_eq!(y, [7.0, 14.0, 21.0]);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[inline]
pub fn axpby<T, EX, EY, LX, LY>(a: T, x: &Tensor<EX, LX>, b: T, y: &mut Tensor<EY, LY>)
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EX: Engine<Value = T>,
    EY: EngineMut<Value = T>,
    LX: AxpbyCompatible<LY>,
    LY: StaticLayout,
{
    let (Some(xs), Some(ys)) = (window(x), window_mut(y)) else {
        return;
    };
    let (lx, ly) = (LX::default(), LY::default());
    for i in 0..LY::SIZE {
        if let (Some(&xi), Some(yi)) = (xs.get(lx.call(i)), ys.get_mut(ly.call(i))) {
            *yi = a * xi + b * *yi;
        }
    }
}

/// `C(m,n) += A(m,k)·B(n,k)` over `A: (M,K)`, `B: (N,K)`, `C: (M,N)`
/// (Cecka §2.6.2; each mode may be hierarchical): the paper's three nested
/// loops, `k` outermost. Rank 2 and the equalities of `M`, `N`, `K` are
/// checked by the compiler.
///
/// ```
/// use cute_static::{Tensor, gemm, layout};
/// // NT GEMM, M = N = K = 2: A = [[1,2],[3,4]] column-major, B = identity.
/// let (a, b, mut c) = ([1, 3, 2, 4], [1, 0, 0, 1], [0; 4]);
/// let l = layout!((2, 2):(1, 2));
/// gemm(&Tensor::new(&a[..], l)?, &Tensor::new(&b[..], l)?, &mut Tensor::new(&mut c[..], l)?);
/// assert_eq!(c, a);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[inline]
pub fn gemm<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EA: Engine<Value = T>,
    EB: Engine<Value = T>,
    EC: EngineMut<Value = T>,
    LA: Rank2,
    LB: Rank2,
    LC: Rank2,
    LA: GemmCompatible<LB, LC>,
{
    let (am, ak) = (LA::Mode0::default(), LA::Mode1::default());
    let (bn, bk) = (LB::Mode0::default(), LB::Mode1::default());
    let (cm, cn) = (LC::Mode0::default(), LC::Mode1::default());
    let (Some(sa), Some(sb), Some(sc)) = (window(a), window(b), window_mut(c)) else {
        return;
    };
    for k in 0..LB::Mode1::SIZE {
        for n in 0..LB::Mode0::SIZE {
            for m in 0..LA::Mode0::SIZE {
                let ai = am.call(m) + ak.call(k);
                let bi = bn.call(n) + bk.call(k);
                let ci = cm.call(m) + cn.call(n);
                // All three lookups succeed: the storage holds each
                // layout's cosize (checked when the tensors were built).
                if let (Some(&x), Some(&y), Some(z)) = (sa.get(ai), sb.get(bi), sc.get_mut(ci)) {
                    *z = *z + x * y;
                }
            }
        }
    }
}
