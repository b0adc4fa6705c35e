//! `complement(A, M)` of a mixed layout, with the static crate's trait
//! [`Complement`], whose `Output` for a [`MixedLayout`] is
//! `Result<MixedLayout<…>, Error>`. The result equals cute-dynamic's on the
//! same values.
//!
//! CuTe's complement sorts `A`'s leaves by stride and fills the gap below
//! each one, so its structure depends on the values as soon as a shape or a
//! stride is run-time. The rule:
//! * `A` and `M` fully static: the static algebra computes the result
//!   (static types; a non-injective `A` is a compile error naming the rule).
//! * Otherwise the result has one structure, a single leaf with run-time
//!   shape and stride, which CuTe gives when `A`'s leaves of size ≠ 1 and
//!   stride ≠ 0, sorted by stride, each start where the previous ones end
//!   (`d_k = s_{k-1}·d_{k-1}`; their extent is `P`), and either
//!   - the first starts at `d_0 = 1` (*gap-free*: compact layouts in any
//!     mode order, with any broadcast modes): `⌈M/P⌉:P`, or `1:0` when
//!     `⌈M/P⌉ = 1` (CuTe coalesces it so); or
//!   - the first starts at `d_0 > 1` and `M ≤ P`: the gap below it, `d_0:1`.
//!
//!   Other values (a later gap, overlapping leaves, or `M > P` after a first
//!   gap) give CuTe a result of another structure:
//!   `Err(Error::ValueDependentStructure)` naming the requirement, never a
//!   silently different layout. Convert with `to_dynamic()` for those.
//!
//!   Where the types decide the rule, it is decided at compile time
//!   (docs/semantics/algebra.md#divisors-and-admissibility): when every stride is
//!   static and every run-time shape is a `DynDiv<D>` with `D ≥ 2` (never
//!   1, so never dropped), the leaves' order is known and each leaf `s:d`
//!   must end at the next stride `d'`. A static `s` decides `s·d = d'`; a
//!   multiple `m` of `D` can only when `D·d | d'`. If some leaf can never
//!   end there, the rule is **refuted**: a compile error naming it
//!   (`complement is not admissible for any value of the run-time
//!   leaves: …`). If every pair holds for every value and the first stride
//!   is 1, it is **proven**: the result `⌈M/P⌉:P` is computed with no
//!   run-time check. Otherwise (a `Dyn` shape that may be 1, a run-time
//!   stride, a divisor pair that depends on the value, a first gap) it is
//!   **open**: the run-time check above.
//!
//! The same rule makes the products of a mixed layout by a static layout
//! static in structure (`complement(A, size(A)·cosize(B))` is one leaf, so
//! composing it with `B` scales `B`'s strides): see
//! [`product`](super::product).
//!
//! ```
//! use cute_static::{layout, C, Dyn};
//! let (m, n) = (6, 5);
//! let a = layout!(({m}, {n}):({n}, 1))?;
//! let c = a.complement(Dyn(m * n * 4))?;
//! assert_eq!(c.to_string(), "4:30");
//! assert_eq!(c.to_dynamic(), cute_dynamic::complement(&a.to_dynamic(), 120)?);
//! // A first gap below stride 2: one leaf while M ≤ 2·m, else two modes.
//! let g = layout!(({m}):(2))?;
//! assert_eq!(g.complement(C::<12>)?.to_string(), "2:1");
//! assert_eq!(g.complement(C::<64>).unwrap_err().kind(), "value_dependent_structure");
//! // Proven by the divisor: `4:1` then `m:4` is contiguous for every `m`.
//! let m = 384;
//! let p = layout!((4, {m:128}):(1, 4))?;
//! assert_eq!(p.complement(C::<4096>)?.to_string(), "3:1536");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::marker::PhantomData;
use core::ops::{Mul, Rem};
use typenum::operator_aliases::{Eq, Gr, LeEq, Mod, Prod};
use typenum::{IsEqual, IsGreater, IsLessOrEqual, U0, U1, UInt, UTerm};

use crate::Error;
use crate::algebra::complement::{Complement, Complemented};
use crate::data::int_tuple::{C, Int, StaticInt, StaticIntTuple};
use crate::data::layout::{Layout, StaticLayout};
use crate::mixed::layout::DynDiv;
use crate::mixed::layout::{AllStatic, Dyn, HasDyn, KindAnd, LeafKinds, MixedLayout, overflow};
use crate::private::{Cat, Concat, HCons, HNil, If, P, Pretty, Sel};

/// A static layout `L` as the mixed layout of the same (static) types.
pub(crate) type AsMixed<L> = MixedLayout<<L as StaticLayout>::Shape, <L as StaticLayout>::Stride>;
/// The static layout `L` as a mixed layout: the static algebra's answer to
/// a fully static mixed operand.
#[inline(always)]
pub(crate) fn as_mixed<L: StaticLayout>() -> Result<AsMixed<L>, Error> {
    Ok(MixedLayout::from_parts(
        Default::default(),
        Default::default(),
    ))
}

/// The most leaves the run-time rules of the mixed algebra look at (a
/// mixed layout of rank ≤ 4 with up to 8 children per tuple, nested).
pub(crate) const MAX_LEAVES: usize = 64;

/// The flat leaves `(shape, stride)` of a mixed layout, in order.
#[doc(hidden)]
pub trait Leaves<D> {
    /// Push every leaf; `false` when there are more than [`MAX_LEAVES`].
    fn push_leaves(&self, d: &D, out: &mut LeafList) -> bool;
}
/// A fixed-capacity list of leaves (no allocation: the mixed layer is
/// `no_std`).
#[doc(hidden)]
pub struct LeafList {
    pub(crate) leaves: [(i64, i64); MAX_LEAVES],
    pub(crate) len: usize,
}
impl LeafList {
    fn push(&mut self, s: usize, d: usize) -> bool {
        if self.len == MAX_LEAVES {
            return false;
        }
        // A checked mixed layout's values fit in an `i64`.
        self.leaves[self.len] = (s as i64, d as i64);
        self.len += 1;
        true
    }
}
macro_rules! leaf_leaves {
    ($([$($g:tt)*] $t:ty),*) => {$(
        /// A leaf `s:d`.
        impl<$($g)* Dd: Int> Leaves<Dd> for $t {
            #[inline(always)]
            fn push_leaves(&self, d: &Dd, out: &mut LeafList) -> bool {
                out.push(self.value(), d.value())
            }
        }
    )*};
}
leaf_leaves!(
    [const N: usize,] C<N>,
    [] Dyn,
    [const N: usize,] crate::DynDiv<N>,
    [const D0: usize, const D1: usize, const D2: usize, const D3: usize, const D4: usize, const D5: usize, const D6: usize, const D7: usize, const D8: usize, const D9: usize, const D10: usize, const D11: usize, const D12: usize, const D13: usize, const D14: usize, const D15: usize, const D16: usize, const D17: usize, const D18: usize,]
    crate::Dec<D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15, D16, D17, D18>
);
macro_rules! tuple_leaves {
    ($($S:ident $D:ident $i:tt),+) => {
        /// A tuple: its children's leaves in order.
        impl<$($S: Leaves<$D>, $D),+> Leaves<($($D,)+)> for ($($S,)+) {
            #[inline(always)]
            fn push_leaves(&self, d: &($($D,)+), out: &mut LeafList) -> bool {
                true $(&& self.$i.push_leaves(&d.$i, out))+
            }
        }
    };
}
crate::data::int_tuple::arities!(tuple_leaves; (S0 D0 0), (S1 D1 1), (S2 D2 2), (S3 D3 3), (S4 D4 4), (S5 D5 5), (S6 D6 6), (S7 D7 7));

/// The flat leaves of `s:d` (at most [`MAX_LEAVES`]).
pub(crate) fn leaves<S: Leaves<D>, D>(
    s: &S,
    d: &D,
    operation: &'static str,
) -> Result<LeafList, Error> {
    let mut out = LeafList {
        leaves: [(0, 0); MAX_LEAVES],
        len: 0,
    };
    if s.push_leaves(d, &mut out) {
        Ok(out)
    } else {
        Err(Error::ValueDependentStructure {
            operation,
            requires: "at most 64 leaves",
        })
    }
}

/// CuTe's coalesce of flat leaves, in place: size-1 leaves dropped, a leaf
/// continuing the previous one (`d1 = s0·d0`) merged; returns the length.
pub(crate) fn coalesce(modes: &mut [(i64, i64)]) -> usize {
    let mut n = 0usize;
    for i in 0..modes.len() {
        let (s, d) = modes[i];
        if s == 1 {
            continue;
        }
        match n.checked_sub(1).map(|k| modes[k]) {
            Some((s0, d0)) if s0.checked_mul(d0) == Some(d) => modes[n - 1] = (s0 * s, d0),
            _ => {
                modes[n] = (s, d);
                n += 1;
            }
        }
    }
    n
}

/// The requirement the single-leaf rule names in its error.
pub(crate) const ONE_LEAF: &str = "a complement of one leaf: the leaves of size != 1 and stride != 0, sorted by stride, each start where the previous ones end (d_k = s_(k-1)*d_(k-1)), from d0 = 1, or from any d0 with the cotarget at most their extent";

/// `complement(s:d, m)` when it is one leaf `(shape, stride)` (see the
/// module docs), or the named error.
pub(crate) fn one_leaf_complement<S: Leaves<D>, D>(
    s: &S,
    d: &D,
    m: usize,
    operation: &'static str,
) -> Result<(usize, usize), Error> {
    let inadmissible = Error::ValueDependentStructure {
        operation,
        requires: ONE_LEAF,
    };
    let mut list = leaves(s, d, operation)?;
    let kept = cute_core::stride::sort_by_stride(&mut list.leaves[..list.len]);
    let mut walk = cute_core::stride::walk(&list.leaves[..kept]);
    // The first leaf may start beyond 1: CuTe's gap mode `d0:1`.
    let mut gap = None;
    for step in walk.by_ref() {
        match step.covered {
            Some(c) if c == step.stride => {}
            Some(_) if step.index == 0 => gap = Some(step.stride as usize),
            _ => return Err(inadmissible),
        }
    }
    let p = walk
        .extent()
        .ok_or_else(|| overflow(operation, "the extent of a mixed layout"))? as usize;
    // The last mode `⌈m/p⌉:p`; CuTe's coalesce drops it when of size 1,
    // and a lone size-1 result is `1:0`.
    match (gap, m.div_ceil(p)) {
        (None, c) if c <= 1 => Ok((1, 0)),
        (None, c) => Ok((c, p)),
        (Some(d0), c) if c <= 1 => Ok((d0, 1)),
        (Some(_), _) => Err(inadmissible),
    }
}

/// The complement of a mixed layout by its leaf kinds: every leaf of `A`
/// and `M` static, or not.
#[doc(hidden)]
pub trait ComplementByKind<S, D, M> {
    /// The complement's layout.
    type Out;
    /// `complement(s:d, m)`.
    fn complement(s: &S, d: &D, m: &M) -> Result<Self::Out, Error>;
}
/// Fully static: the static algebra.
impl<S, D, M> ComplementByKind<S, D, M> for AllStatic
where
    S: StaticIntTuple,
    D: StaticIntTuple,
    M: StaticInt,
    Layout<S, D>: StaticLayout + Complement<M>,
    Complemented<Layout<S, D>, M>: StaticLayout,
{
    type Out = AsMixed<Complemented<Layout<S, D>, M>>;
    #[inline(always)]
    fn complement(_: &S, _: &D, _: &M) -> Result<Self::Out, Error> {
        as_mixed::<Complemented<Layout<S, D>, M>>()
    }
}
/// A run-time leaf: the single-leaf rule, decided by the divisors where
/// they decide it (a compile error where they refute it), else at run time.
impl<S: Leaves<D>, D, M: Int> ComplementByKind<S, D, M> for HasDyn
where
    S: ClassLeaves<D>,
    <S as ClassLeaves<D>>::Out: KeepLeaves,
    <<S as ClassLeaves<D>>::Out as KeepLeaves>::Out: Verdict,
    DivisorVerdict<S, D>: ComplementPath<S, D, M>,
{
    type Out = MixedLayout<Dyn, Dyn>;
    fn complement(s: &S, d: &D, m: &M) -> Result<Self::Out, Error> {
        let (c, r) =
            <DivisorVerdict<S, D> as ComplementPath<S, D, M>>::complement(s, d, m.value())?;
        MixedLayout::new(Dyn(c), Dyn(r))
    }
}

/// The kind of `A` and `M` together.
type KindOf<S, D, M> =
    <<<S as LeafKinds>::Kind as KindAnd<<D as LeafKinds>::Kind>>::Out as KindAnd<
        <M as LeafKinds>::Kind,
    >>::Out;

/// `complement(A, M)` for a static (`C<N>`) or run-time (`Dyn`) cotarget
/// (see the module docs for the rule).
impl<S, D, M> Complement<M> for MixedLayout<S, D>
where
    S: LeafKinds,
    D: LeafKinds,
    M: LeafKinds + Int,
    S::Kind: KindAnd<D::Kind>,
    <S::Kind as KindAnd<D::Kind>>::Out: KindAnd<M::Kind>,
    KindOf<S, D, M>: ComplementByKind<S, D, M>,
    <KindOf<S, D, M> as ComplementByKind<S, D, M>>::Out: crate::kernel::layout::TensorLayout,
{
    type Output = Result<<KindOf<S, D, M> as ComplementByKind<S, D, M>>::Out, Error>;
    #[inline(always)]
    fn complement(&self, m: M) -> Self::Output {
        <KindOf<S, D, M> as ComplementByKind<S, D, M>>::complement(self.shape(), self.stride(), &m)
    }
}

impl<S, D> MixedLayout<S, D> {
    /// `complement(self, m)` (see [`Complement`]).
    #[inline(always)]
    pub fn complement<M>(&self, m: M) -> Complemented<Self, M>
    where
        Self: Complement<M>,
    {
        <Self as Complement<M>>::complement(self, m)
    }
}

// ------------------------------------------------------------------
// The divisors' decision (docs/semantics/algebra.md#divisors-and-admissibility)
// ------------------------------------------------------------------

/// A shape leaf whose value the types fix (`N` as typenum, `S` its type).
#[doc(hidden)]
pub struct Known<N, S>(PhantomData<(N, S)>);
/// A run-time shape leaf `DynDiv<D>` with `D ≥ 2`: a multiple of `N` (never 1).
#[doc(hidden)]
pub struct Multiple<N, S>(PhantomData<(N, S)>);
/// A run-time shape leaf that may be 1 (`Dyn`, `DynDiv<1>`).
#[doc(hidden)]
pub struct Unknown;
/// A run-time stride leaf: the leaves' order is not a compile-time fact.
#[doc(hidden)]
pub struct RuntimeStride;

/// What the types decide about the single-leaf rule: it holds for every
/// value ([`Proven`]), for none ([`Refuted`]), or depending on them.
#[doc(hidden)]
pub struct Proven;
/// Depends on the run-time values: checked at run time.
#[doc(hidden)]
pub struct Open;
/// Fails for every value: the leaf of shape `S` at stride `D` never ends
/// at the next stride `Next`.
#[doc(hidden)]
pub struct Refuted<S, D, Next>(PhantomData<(S, D, Next)>);

/// The class of a shape leaf.
#[doc(hidden)]
pub trait ShapeClass {
    /// [`Known`], [`Multiple`] or [`Unknown`].
    type Cls;
}
impl<const N: usize> ShapeClass for C<N>
where
    C<N>: StaticInt,
{
    type Cls = Known<<C<N> as StaticInt>::Tn, C<N>>;
}
crate::data::dec::impl_for_dec! {
    /// A static shape beyond the readable table.
    ShapeClass {
        type Cls = Known<<Self as StaticInt>::Tn, Self>;
    } where Self: StaticInt
}
impl ShapeClass for Dyn {
    type Cls = Unknown;
}
/// A multiple of `D`: never 1 when `D ≥ 2`.
impl<const D: usize> ShapeClass for DynDiv<D>
where
    C<D>: StaticInt,
    <C<D> as StaticInt>::Tn: IsGreater<U1>,
    Gr<<C<D> as StaticInt>::Tn, U1>: If<Multiple<<C<D> as StaticInt>::Tn, DynDiv<D>>, Unknown>,
{
    type Cls =
        Sel<Gr<<C<D> as StaticInt>::Tn, U1>, Multiple<<C<D> as StaticInt>::Tn, DynDiv<D>>, Unknown>;
}
/// The class of a stride leaf: its typenum value, or [`RuntimeStride`].
#[doc(hidden)]
pub trait StrideClass {
    /// The value or [`RuntimeStride`].
    type Cls;
}
impl<const N: usize> StrideClass for C<N>
where
    C<N>: StaticInt,
{
    type Cls = <C<N> as StaticInt>::Tn;
}
crate::data::dec::impl_for_dec! {
    /// A static stride beyond the readable table.
    StrideClass {
        type Cls = <Self as StaticInt>::Tn;
    } where Self: StaticInt
}
impl StrideClass for Dyn {
    type Cls = RuntimeStride;
}
impl<const D: usize> StrideClass for DynDiv<D> {
    type Cls = RuntimeStride;
}

/// The flat list of `(shape class, stride class)` of a shape `Self` with
/// strides `D`.
#[doc(hidden)]
pub trait ClassLeaves<D> {
    /// The list.
    type Out;
}
macro_rules! class_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf.
        impl<$($g)* Dd: StrideClass> ClassLeaves<Dd> for $t
        where
            $t: ShapeClass,
        {
            type Out = HCons<(<$t as ShapeClass>::Cls, Dd::Cls), HNil>;
        }
    };
}
crate::mixed::for_leaf_types!(class_leaf);
macro_rules! class_tuples {
    ($S0:ident $D0:ident $(, $S:ident $D:ident)*) => {
        /// A tuple: its children's lists, in order.
        impl<$S0: ClassLeaves<$D0>, $D0 $(, $S, $D)*> ClassLeaves<($D0, $($D,)*)> for ($S0, $($S,)*)
        where
            ($($S,)*): ClassLeaves<($($D,)*)>,
            $S0::Out: Concat<<($($S,)*) as ClassLeaves<($($D,)*)>>::Out>,
        {
            type Out = Cat<$S0::Out, <($($S,)*) as ClassLeaves<($($D,)*)>>::Out>;
        }
    };
}
/// No leaves.
impl ClassLeaves<()> for () {
    type Out = HNil;
}
crate::data::int_tuple::arities!(class_tuples; (S0 D0), (S1 D1), (S2 D2), (S3 D3), (S4 D4), (S5 D5), (S6 D6), (S7 D7));

/// The list could not be decided ([`Unknown`] shape or run-time stride).
#[doc(hidden)]
pub struct Undecided;
/// The leaves the walk keeps (stride ≠ 0, size ≠ 1), or [`Undecided`].
#[doc(hidden)]
pub trait KeepLeaves {
    /// The kept list, or [`Undecided`].
    type Out;
}
impl KeepLeaves for HNil {
    type Out = HNil;
}
impl<Cls, Dc, T: KeepLeaves> KeepLeaves for HCons<(Cls, Dc), T>
where
    Dc: KeepStride<Cls, T::Out>,
{
    type Out = <Dc as KeepStride<Cls, T::Out>>::Out;
}
/// One leaf by its stride class `Self` (the kept tail `R`).
#[doc(hidden)]
pub trait KeepStride<Cls, R> {
    /// The kept list.
    type Out;
}
impl<Cls, R> KeepStride<Cls, R> for RuntimeStride {
    type Out = Undecided;
}
impl<Cls, R> KeepStride<Cls, R> for UTerm {
    type Out = R;
}
impl<Cls, R, X, Bt> KeepStride<Cls, R> for UInt<X, Bt>
where
    Cls: KeepShape<UInt<X, Bt>, R>,
{
    type Out = <Cls as KeepShape<UInt<X, Bt>, R>>::Out;
}
/// One leaf of non-zero stride `D` by its shape class `Self`.
#[doc(hidden)]
pub trait KeepShape<D, R> {
    /// The kept list.
    type Out;
}
impl<D, R> KeepShape<D, R> for Unknown {
    type Out = Undecided;
}
impl<N, S, D, R> KeepShape<D, R> for Multiple<N, S>
where
    R: ConsOr<(Multiple<N, S>, D)>,
{
    type Out = <R as ConsOr<(Multiple<N, S>, D)>>::Out;
}
impl<N: IsEqual<U1>, S, D, R> KeepShape<D, R> for Known<N, S>
where
    R: ConsOr<(Known<N, S>, D)>,
    Eq<N, U1>: If<R, <R as ConsOr<(Known<N, S>, D)>>::Out>,
{
    type Out = Sel<Eq<N, U1>, R, <R as ConsOr<(Known<N, S>, D)>>::Out>;
}
/// `H :: Self`, or [`Undecided`].
#[doc(hidden)]
pub trait ConsOr<H> {
    /// The list.
    type Out;
}
impl<H> ConsOr<H> for Undecided {
    type Out = Undecided;
}
impl<H> ConsOr<H> for HNil {
    type Out = HCons<H, HNil>;
}
impl<H, A, T> ConsOr<H> for HCons<A, T> {
    type Out = HCons<H, Self>;
}

/// Sort `(class, stride)` leaves by stride (insertion, stable).
#[doc(hidden)]
pub trait SortByStride {
    /// The sorted list.
    type Out;
}
impl SortByStride for HNil {
    type Out = HNil;
}
impl<H, T: SortByStride> SortByStride for HCons<H, T>
where
    T::Out: InsertByStride<H>,
{
    type Out = <T::Out as InsertByStride<H>>::Out;
}
/// Insert a leaf into a list sorted by stride.
#[doc(hidden)]
pub trait InsertByStride<H> {
    /// The longer list.
    type Out;
}
impl<H> InsertByStride<H> for HNil {
    type Out = HCons<H, HNil>;
}
impl<Cl, D, Cl2, D2, T> InsertByStride<(Cl, D)> for HCons<(Cl2, D2), T>
where
    T: InsertByStride<(Cl, D)>,
    D: IsLessOrEqual<D2>,
    LeEq<D, D2>: If<HCons<(Cl, D), Self>, HCons<(Cl2, D2), T::Out>>,
{
    type Out = Sel<LeEq<D, D2>, HCons<(Cl, D), Self>, HCons<(Cl2, D2), T::Out>>;
}

/// The verdict on a kept list (or [`Undecided`]): sorted, each leaf must
/// end where the next starts; a first stride other than 1 leaves the
/// cotarget condition to run time.
#[doc(hidden)]
pub trait Verdict {
    /// [`Proven`], [`Open`] or [`Refuted`].
    type Out;
}
impl Verdict for Undecided {
    type Out = Open;
}
impl Verdict for HNil {
    type Out = Open;
}
impl<H, T> Verdict for HCons<H, T>
where
    HCons<H, T>: SortByStride,
    <HCons<H, T> as SortByStride>::Out: Pairs + FirstUnit,
    <<HCons<H, T> as SortByStride>::Out as Pairs>::Out:
        Meet<<<HCons<H, T> as SortByStride>::Out as FirstUnit>::Out>,
{
    type Out = <<<HCons<H, T> as SortByStride>::Out as Pairs>::Out as Meet<
        <<HCons<H, T> as SortByStride>::Out as FirstUnit>::Out,
    >>::Out;
}
/// [`Proven`] when the first stride is 1, else [`Open`].
#[doc(hidden)]
pub trait FirstUnit {
    /// The verdict.
    type Out;
}
impl<Cl, D: IsEqual<U1>, T> FirstUnit for HCons<(Cl, D), T>
where
    Eq<D, U1>: If<Proven, Open>,
{
    type Out = Sel<Eq<D, U1>, Proven, Open>;
}
/// The verdict of every consecutive pair of a sorted list.
#[doc(hidden)]
pub trait Pairs {
    /// The verdict.
    type Out;
}
impl<H> Pairs for HCons<H, HNil> {
    type Out = Proven;
}
impl<Cl, D, H2, D2, T> Pairs for HCons<(Cl, D), HCons<(H2, D2), T>>
where
    Cl: PairStep<D, D2>,
    HCons<(H2, D2), T>: Pairs,
    <Cl as PairStep<D, D2>>::Out: Meet<<HCons<(H2, D2), T> as Pairs>::Out>,
{
    type Out = <<Cl as PairStep<D, D2>>::Out as Meet<<HCons<(H2, D2), T> as Pairs>::Out>>::Out;
}
/// Whether a leaf of class `Self` at stride `D` ends at the next stride `D2`.
#[doc(hidden)]
pub trait PairStep<D, D2> {
    /// The verdict.
    type Out;
}
/// A static shape: `N·D = D2` is decided.
impl<N, S, D, D2> PairStep<D, D2> for Known<N, S>
where
    N: Mul<D>,
    Prod<N, D>: IsEqual<D2>,
    D: Pretty,
    D2: Pretty,
    Eq<Prod<N, D>, D2>: If<Proven, Refuted<S, P<D>, P<D2>>>,
{
    type Out = Sel<Eq<Prod<N, D>, D2>, Proven, Refuted<S, P<D>, P<D2>>>;
}
/// A multiple `m` of `N`: `m·D = D2` needs `N·D | D2` (then it depends on `m`).
impl<N, S, D, D2> PairStep<D, D2> for Multiple<N, S>
where
    N: Mul<D>,
    D2: Rem<Prod<N, D>>,
    Mod<D2, Prod<N, D>>: IsEqual<U0>,
    D: Pretty,
    D2: Pretty,
    Eq<Mod<D2, Prod<N, D>>, U0>: If<Open, Refuted<S, P<D>, P<D2>>>,
{
    type Out = Sel<Eq<Mod<D2, Prod<N, D>>, U0>, Open, Refuted<S, P<D>, P<D2>>>;
}
/// The weaker of two verdicts (the first refutation wins).
#[doc(hidden)]
pub trait Meet<V> {
    /// The verdict.
    type Out;
}
impl<S, D, N, V> Meet<V> for Refuted<S, D, N> {
    type Out = Self;
}
impl<V> Meet<V> for Proven {
    type Out = V;
}
impl Meet<Proven> for Open {
    type Out = Open;
}
impl Meet<Open> for Open {
    type Out = Open;
}
impl<S, D, N> Meet<Refuted<S, D, N>> for Open {
    type Out = Refuted<S, D, N>;
}

/// Raised when the divisors refute the mixed complement's single-leaf rule
/// (on the cotarget type, so that a call whose cotarget is still being
/// inferred is ambiguous, not rejected before the rule can be named).
#[diagnostic::on_unimplemented(
    message = "complement is not admissible for any value of the run-time leaves: the leaf of shape `{S}` at stride `{D}` never ends at the next stride `{Next}`",
    label = "the mixed complement is one run-time leaf only when the leaves, sorted by stride, are contiguous",
    note = "each leaf `s:d` must end where the next one starts (`s·d` = the next stride); a `DynDiv<N>` shape is a multiple of N, so this needs N·d to divide the next stride",
    note = "cotarget: {Self}",
    note = "for CuTe's complement of several modes, convert with `to_dynamic()` and use cute-dynamic"
)]
pub trait ComplementContiguous<S, D, Next> {}

/// The complement of a mixed layout with a run-time leaf, by the verdict
/// `Self` of its divisors.
#[doc(hidden)]
pub trait ComplementPath<S, D, M> {
    /// `complement(s:d, m)`: one leaf.
    fn complement(s: &S, d: &D, m: usize) -> Result<(usize, usize), Error>;
}
/// Open: the run-time rule.
impl<S: Leaves<D>, D, M> ComplementPath<S, D, M> for Open {
    #[inline(always)]
    fn complement(s: &S, d: &D, m: usize) -> Result<(usize, usize), Error> {
        one_leaf_complement(s, d, m, "complement")
    }
}
/// Proven (gap-free for every value): `⌈M/P⌉:P` with `P` the product of
/// the leaves of stride ≠ 0, no check.
impl<S: Leaves<D>, D, M> ComplementPath<S, D, M> for Proven {
    #[inline(always)]
    fn complement(s: &S, d: &D, m: usize) -> Result<(usize, usize), Error> {
        let list = leaves(s, d, "complement")?;
        // A checked layout's extent fits.
        let p = list.leaves[..list.len]
            .iter()
            .filter(|&&(_, d)| d != 0)
            .fold(1usize, |p, &(s, _)| p.saturating_mul(s as usize));
        Ok(match m.div_ceil(p) {
            c if c <= 1 => (1, 0),
            c => (c, p),
        })
    }
}
/// Refuted: a compile error naming the rule.
impl<S: Leaves<D>, D, M, Sh, Dd, Next> ComplementPath<S, D, M> for Refuted<Sh, Dd, Next>
where
    M: ComplementContiguous<Sh, Dd, Next>,
{
    fn complement(s: &S, d: &D, m: usize) -> Result<(usize, usize), Error> {
        one_leaf_complement(s, d, m, "complement")
    }
}
/// The verdict of the divisors on `complement(s:d, ·)`.
pub(crate) type DivisorVerdict<S, D> =
    <<<S as ClassLeaves<D>>::Out as KeepLeaves>::Out as Verdict>::Out;
