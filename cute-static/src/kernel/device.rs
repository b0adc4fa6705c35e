//! CuTe's device algorithms over device tensors ([`PtrTensor`]s in global
//! or shared memory, register fragments): `copy`, `copy_with` (a tiled
//! copy's atom), `copy_if`, `gemm` (`UniversalFMA`: one fused multiply-add
//! per `C(m,n) += A(m,k)·B(n,k)`), `axpby`, `clear`, `fill`, and the
//! partitioning functions (`local_tile`, `local_partition`,
//! `make_tensor_like`/`make_fragment_like`) under CuTe's names. No
//! `Result`: sizes that the types prove equal are checked at compile time
//! (the same rules and messages as the host algorithms), sizes that are run
//! time are compared once per call (a trap when they differ); every loop
//! runs over static extents in the kernels, so it unrolls and the
//! fragments stay in registers.
//!
//! Register fragments are [`RegTensor`]s over an owned array (`[T; N]`):
//! [`make_tensor_like`] makes one for a device tensor.

use crate::arch::scalar::{read_run, write_run};
use crate::arch::{
    DeviceView, Fma, MemPtr, MmaCall, PartialTensor, PtrTensor, Scalar, Transform, lanes, pack,
    trap, unpack, view_local_partition, view_local_tile,
};
use crate::atom::tiled_mma::TiledMmaLayouts;
use crate::kernel::algorithms::{
    AxpbyCompatible, CopyCompatible, GemmCompatible, MmaGemmCompatible, Rank2, Rank3,
};
use crate::kernel::layout::TensorLayout;
use crate::kernel::partition::{IdentityShape, MakeFragment, PartitionLocally, TileLocally};
use crate::kernel::tensor::{Coordinates, EngineMut, Storage, Tensor};

/// A tensor the device algorithms read: a [`PtrTensor`] or a register
/// fragment.
///
/// # Examples
///
/// ```
/// use cute_static::arch::GlobalBuffer;
/// use cute_static::device::{DeviceTensor, make_tensor_like};
/// use cute_static::layout;
/// fn sum<T: DeviceTensor<Value = f32>>(t: &T) -> f32 {
///     use cute_static::layout::TensorLayout;
///     (0..t.layout().size()).map(|i| t.get(i)).sum()
/// }
/// let g = GlobalBuffer::from_slice(&[1.0f32, 2.0, 3.0, 4.0]);
/// let t = g.tensor(layout!((2, 2):(2, 1)))?;
/// assert_eq!((sum(&t), t.get(1)), (10.0, 3.0)); // (1, 0) is at offset 2
/// assert_eq!(sum(&make_tensor_like(&t)), 0.0); // a register fragment
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait DeviceTensor {
    /// The element type.
    type Value: Scalar;
    /// The layout.
    type Layout: TensorLayout;
    /// The layout.
    fn layout(&self) -> Self::Layout;
    /// The element at integral coordinate `i < size` (traps beyond).
    fn get(&self, i: usize) -> Self::Value;
    /// The [`lanes`] elements from coordinate `i` as one `U` (one vector
    /// access in memory; a register fragment packs its registers). Traps
    /// unless they are consecutive in memory.
    fn get_vector<U: Scalar>(&self, i: usize) -> U;
    /// [`GemmOperand::gemm_get_vector`]: element by element, one access
    /// of a register fragment's consecutive registers.
    #[doc(hidden)]
    #[inline(always)]
    fn get_run<U: Scalar>(&self, i: usize) -> U {
        pack::<Self::Value, U>(|j| self.get(i + j))
    }
}

/// A tensor the device algorithms write.
///
/// # Examples
///
/// ```
/// use cute_static::arch::GlobalBuffer;
/// use cute_static::device::{DeviceTensorMut, make_tensor_like};
/// use cute_static::layout;
/// fn iota<T: DeviceTensorMut<Value = u32>>(t: &mut T, n: usize) {
///     for i in 0..n {
///         t.set(i, i as u32);
///     }
/// }
/// let g = GlobalBuffer::<u32>::zeroed(4);
/// let mut t = g.tensor(layout!((2, 2):(2, 1)))?;
/// iota(&mut t, 4);
/// assert_eq!(g.to_vec(), [0, 2, 1, 3]);
/// let mut r = make_tensor_like(&t); // registers
/// iota(&mut r, 4);
/// assert_eq!(r.regs(), [0, 1, 2, 3]);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait DeviceTensorMut: DeviceTensor {
    /// Sets the element at integral coordinate `i < size`.
    fn set(&mut self, i: usize, v: Self::Value);
    /// Sets the [`lanes`] elements from coordinate `i` from one `U`.
    fn set_vector<U: Scalar>(&mut self, i: usize, u: U);
    /// [`GemmOperandMut::gemm_set_vector`] (see [`DeviceTensor::get_run`]).
    #[doc(hidden)]
    #[inline(always)]
    fn set_run<U: Scalar>(&mut self, i: usize, u: U) {
        unpack::<Self::Value, U>(u, |j, v| self.set(i + j, v))
    }
}

impl<P: MemPtr, L: TensorLayout> DeviceTensor for PtrTensor<P, L> {
    type Value = P::Value;
    type Layout = L;
    #[inline(always)]
    fn layout(&self) -> L {
        PtrTensor::layout(self)
    }
    #[inline(always)]
    fn get(&self, i: usize) -> P::Value {
        self.read(i)
    }
    #[inline(always)]
    fn get_vector<U: Scalar>(&self, i: usize) -> U {
        self.read_vector::<U>(i)
    }
}
impl<P: MemPtr, L: TensorLayout> DeviceTensorMut for PtrTensor<P, L> {
    #[inline(always)]
    fn set(&mut self, i: usize, v: P::Value) {
        self.write(i, v)
    }
    #[inline(always)]
    fn set_vector<U: Scalar>(&mut self, i: usize, u: U) {
        self.write_vector::<U>(i, u)
    }
}

/// A register fragment (CuTe's `make_tensor<T>(layout)` in registers,
/// `make_tensor_like`): an owned array `[T; N]` (`N` the size of the
/// fragment's compact layout) and a static layout, no base offset, so that
/// every index of an unrolled loop is a constant and the array lives in
/// registers.
#[derive(Clone, Copy)]
pub struct RegTensor<A, L> {
    regs: A,
    layout: L,
}

impl<A: Storage, L: TensorLayout> RegTensor<A, L> {
    /// The registers (the owned array).
    pub fn regs(&self) -> &[A::Value] {
        self.regs.storage()
    }
    /// The storage offset `o` of coordinate `i` when coordinates `i, …,
    /// i+n−1` are the consecutive registers `o, …, o+n−1` of the array
    /// (folded for a static layout and a constant `i`); `None` otherwise.
    #[inline(always)]
    fn run_offset(&self, i: usize, n: usize) -> Option<usize> {
        let o = self.layout.offset(i);
        let size = self.layout.size();
        let mut j = 0;
        while j < n {
            if i.checked_add(j)? >= size || self.layout.offset(i + j) != o.checked_add(j)? {
                return None;
            }
            j += 1;
        }
        (o.checked_add(n)? <= self.regs.storage().len()).then_some(o)
    }
    /// The storage offset of coordinate `i` (traps outside the fragment).
    #[inline(always)]
    #[track_caller]
    fn offset(&self, i: usize) -> usize {
        let o = self.layout.offset(i);
        if i >= self.layout.size() || o >= self.regs.storage().len() {
            trap("fragment: coordinate outside the fragment");
        }
        o
    }
}

impl<T: Scalar, A: Storage<Value = T>, L: TensorLayout> DeviceTensor for RegTensor<A, L> {
    type Value = T;
    type Layout = L;
    #[inline(always)]
    fn layout(&self) -> L {
        self.layout
    }
    #[inline(always)]
    fn get(&self, i: usize) -> T {
        self.regs.storage()[self.offset(i)]
    }
    #[inline(always)]
    fn get_vector<U: Scalar>(&self, i: usize) -> U {
        pack::<T, U>(|j| self.get(i + j))
    }
    #[inline(always)]
    fn get_run<U: Scalar>(&self, i: usize) -> U {
        match self.run_offset(i, const { lanes::<T, U>() }) {
            Some(o) => read_run::<T, U>(self.regs.storage(), o),
            None => self.get_vector(i),
        }
    }
}
impl<T: Scalar, A: EngineMut<Value = T>, L: TensorLayout> DeviceTensorMut for RegTensor<A, L> {
    #[inline(always)]
    fn set(&mut self, i: usize, v: T) {
        let o = self.offset(i);
        self.regs.storage_mut()[o] = v;
    }
    #[inline(always)]
    fn set_vector<U: Scalar>(&mut self, i: usize, u: U) {
        unpack::<T, U>(u, |j, v| self.set(i + j, v));
    }
    #[inline(always)]
    fn set_run<U: Scalar>(&mut self, i: usize, u: U) {
        match self.run_offset(i, const { lanes::<T, U>() }) {
            Some(o) => write_run::<T, U>(self.regs.storage_mut(), o, u),
            None => self.set_vector(i, u),
        }
    }
}

/// A register fragment of the (static) shape of a layout `L`.
pub type RegFragment<T, L> = RegTensor<<L as MakeFragment>::Array<T>, <L as MakeFragment>::Compact>;

/// CuTe's `local_tile(tensor, tiler, coord, step)` on a device view (`()`
/// for no step): a [`PtrTensor`] (the tiler must divide its shape: a trap
/// otherwise), a [`PartialTensor`] (any tiler; partial tiles' accesses
/// are checked) or an identity tensor.
#[inline(always)]
#[track_caller]
pub fn local_tile<V: DeviceView, T: Copy, Cd, St: Copy>(
    tensor: V,
    tiler: T,
    coord: Cd,
    step: St,
) -> V::With<TileOf<V::Layout, T, Cd, St>>
where
    V::Layout: DeviceTile<T, Cd, St>,
{
    view_local_tile(tensor, tiler, coord, step)
}

/// CuTe's `local_partition(tensor, thr_layout, thr_idx, step)` on a device
/// view (`()` for no step).
#[inline(always)]
#[track_caller]
pub fn local_partition<V: DeviceView, Thr: Copy, St: Copy>(
    tensor: V,
    thr_layout: Thr,
    thr_idx: usize,
    step: St,
) -> V::With<PartOf<V::Layout, Thr, St>>
where
    V::Layout: DevicePartition<Thr, St>,
{
    view_local_partition(tensor, thr_layout, thr_idx, step)
}

/// CuTe's `make_identity_tensor(shape)` on the device: the coordinates of
/// `shape` (a trap for an extent beyond the coordinate radix).
#[inline(always)]
#[track_caller]
pub fn make_identity_tensor<Sh: IdentityShape>(shape: Sh) -> Tensor<Sh::Engine, Sh::Layout>
where
    Sh::Engine: Default,
{
    match crate::kernel::partition::make_identity_tensor(shape) {
        Ok(t) => t,
        Err(_) => trap("make_identity_tensor: an extent beyond the coordinate radix"),
    }
}

pub use crate::arch::lazy_transform;

/// A predicate over integral coordinates: a closure, or a [`Transform`]
/// of an identity tensor to `bool`.
///
/// # Examples
///
/// CuTe's predication: the identity tensor of a partial tile compared
/// with the problem's shape.
///
/// ```
/// use cute_static::device::{DevicePredicate, lazy_transform, local_tile, make_identity_tensor};
/// use cute_static::tiler;
/// let c = make_identity_tensor((10usize, 13usize));
/// let tile = local_tile(c, tiler!(<4, 8>), (2usize, 1usize), ()); // rows 8..12, columns 8..16
/// let inside = lazy_transform(tile, |[m, n]: [usize; 2]| m < 10 && n < 13);
/// assert!(inside.test(1 + 4 * 4)); // (9, 12)
/// assert!(!inside.test(2)); // (10, 8)
/// let even = |i: usize| i % 2 == 0;
/// assert!(even.test(4));
/// ```
pub trait DevicePredicate {
    /// Whether coordinate `i` is selected.
    fn test(&self, i: usize) -> bool;
}
impl<F: Fn(usize) -> bool> DevicePredicate for F {
    #[inline(always)]
    fn test(&self, i: usize) -> bool {
        self(i)
    }
}
impl<const R: usize, L: TensorLayout, F: Fn([usize; R]) -> bool> DevicePredicate
    for Transform<Tensor<Coordinates<R>, L>, F>
{
    #[inline(always)]
    fn test(&self, i: usize) -> bool {
        let (inner, f) = self.parts();
        // The coordinate summed mode by mode (`Coordinates::sum`), as a
        // `PartialTensor` over the same coordinates computes it; not
        // short-circuited, so computed where that tensor's check is.
        (i < inner.size())
            & f(Coordinates::<R>::sum(
                inner.base(),
                inner.layout().offset(i),
            ))
    }
}

/// The extents `(rows, columns)` of a rank-2 device tensor (CuTe's
/// `shape(t)`).
#[inline(always)]
pub fn shape2<L: Rank2>(l: &L) -> (usize, usize) {
    let (m, n) = l.modes();
    (m.size(), n.size())
}

/// A tensor a [`copy_if`] reads: each element or vector `None` where it
/// lies outside the shape of a [`PartialTensor`].
///
/// # Examples
///
/// ```
/// use cute_static::arch::GlobalBuffer;
/// use cute_static::device::MaybeSource;
/// use cute_static::layout;
/// fn first_two<S: MaybeSource<Value = f32>>(s: &S) -> (Option<f32>, Option<f32>) {
///     (s.try_get(0), s.try_get_if(false, 1))
/// }
/// let g = GlobalBuffer::from_slice(&[1.0f32, 2.0]);
/// assert_eq!(first_two(&g.tensor(layout!(2:1))?), (Some(1.0), None)); // not selected
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait MaybeSource {
    /// The element type.
    type Value: Scalar;
    /// The layout.
    type Layout: TensorLayout;
    /// The layout.
    fn source_layout(&self) -> Self::Layout;
    /// The element at `i` when `when` holds, `None` otherwise or outside
    /// a partial tensor's shape (one condition with its check).
    fn try_get_if(&self, when: bool, i: usize) -> Option<Self::Value>;
    /// The elements from `i` as one `U` when `when` holds, `None` otherwise
    /// or unless inside a partial tensor's shape.
    fn try_get_vector_if<U: Scalar>(&self, when: bool, i: usize) -> Option<U>;
    /// Whether the `v` elements from `i` can be accessed (always, but for
    /// a [`PartialTensor`]: inside its shape), so that `copy_if` joins the
    /// destination's check to the predicate and the source's in one
    /// condition.
    #[inline(always)]
    fn inside(&self, _i: usize, _v: usize) -> bool {
        true
    }
    /// The element at `i`, `None` outside a partial tensor's shape.
    #[inline(always)]
    fn try_get(&self, i: usize) -> Option<Self::Value> {
        self.try_get_if(true, i)
    }
    /// The elements from `i` as one `U`, `None` unless inside a partial
    /// tensor's shape.
    #[inline(always)]
    fn try_get_vector<U: Scalar>(&self, i: usize) -> Option<U> {
        self.try_get_vector_if(true, i)
    }
}
/// A tensor a [`copy_if`] writes.
///
/// # Examples
///
/// ```
/// use cute_static::arch::GlobalBuffer;
/// use cute_static::device::MaybeDest;
/// use cute_static::layout;
/// fn write_selected<D: MaybeDest<Value = i32>>(d: &mut D, mask: [bool; 4]) {
///     for (i, m) in mask.into_iter().enumerate() {
///         d.try_set_if(m, i, 1);
///     }
/// }
/// let g = GlobalBuffer::<i32>::zeroed(4);
/// write_selected(&mut g.tensor(layout!(4:1))?, [true, false, false, true]);
/// assert_eq!(g.to_vec(), [1, 0, 0, 1]);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait MaybeDest: MaybeSource {
    /// Writes element `i` when `when` holds, unless outside a partial
    /// tensor's shape.
    fn try_set_if(&mut self, when: bool, i: usize, v: Self::Value);
    /// Writes the elements from `i` when `when` holds, unless outside a
    /// partial tensor's shape.
    fn try_set_vector_if<U: Scalar>(&mut self, when: bool, i: usize, u: U);
    /// Writes element `i` unless outside a partial tensor's shape.
    #[inline(always)]
    fn try_set(&mut self, i: usize, v: Self::Value) {
        self.try_set_if(true, i, v)
    }
    /// Writes the elements from `i` unless outside a partial tensor's
    /// shape.
    #[inline(always)]
    fn try_set_vector<U: Scalar>(&mut self, i: usize, u: U) {
        self.try_set_vector_if(true, i, u)
    }
}
macro_rules! always_inside {
    ($([$($g:tt)*] $t:ty;)*) => {$(
        impl<$($g)*> MaybeSource for $t {
            type Value = <$t as DeviceTensor>::Value;
            type Layout = <$t as DeviceTensor>::Layout;
            #[inline(always)]
            fn source_layout(&self) -> Self::Layout {
                DeviceTensor::layout(self)
            }
            #[inline(always)]
            fn try_get_if(&self, when: bool, i: usize) -> Option<Self::Value> {
                when.then(|| self.get(i))
            }
            #[inline(always)]
            fn try_get_vector_if<U: Scalar>(&self, when: bool, i: usize) -> Option<U> {
                when.then(|| self.get_vector(i))
            }
        }
        impl<$($g)*> MaybeDest for $t {
            #[inline(always)]
            fn try_set_if(&mut self, when: bool, i: usize, v: Self::Value) {
                if when {
                    self.set(i, v)
                }
            }
            #[inline(always)]
            fn try_set_vector_if<U: Scalar>(&mut self, when: bool, i: usize, u: U) {
                if when {
                    self.set_vector(i, u)
                }
            }
        }
    )*};
}
always_inside! {
    [P: MemPtr, L: TensorLayout] PtrTensor<P, L>;
    [T: Scalar, A: EngineMut<Value = T>, L: TensorLayout] RegTensor<A, L>;
}
impl<P: MemPtr, L: Rank2, M: TensorLayout> MaybeSource for PartialTensor<P, L, M> {
    type Value = P::Value;
    type Layout = M;
    #[inline(always)]
    fn source_layout(&self) -> M {
        self.layout()
    }
    #[inline(always)]
    fn try_get_if(&self, when: bool, i: usize) -> Option<P::Value> {
        self.try_read_if(when, i)
    }
    #[inline(always)]
    fn try_get_vector_if<U: Scalar>(&self, when: bool, i: usize) -> Option<U> {
        self.try_read_vector_if(when, i)
    }
    #[inline(always)]
    fn inside(&self, i: usize, v: usize) -> bool {
        PartialTensor::inside(self, i, v)
    }
}
impl<P: MemPtr, L: Rank2, M: TensorLayout> MaybeDest for PartialTensor<P, L, M> {
    #[inline(always)]
    fn try_set_if(&mut self, when: bool, i: usize, v: P::Value) {
        self.try_write_if(when, i, v);
    }
    #[inline(always)]
    fn try_set_vector_if<U: Scalar>(&mut self, when: bool, i: usize, u: U) {
        self.try_write_vector_if(when, i, u);
    }
}

/// CuTe's `make_tensor_like(t)` of a device tensor: a register fragment of
/// its (static) shape, zero-filled, with CuTe's fragment layout (see the
/// host [`make_fragment_like`](crate::tensor::make_fragment_like)).
#[inline(always)]
pub fn make_tensor_like<T: MaybeSource>(_t: &T) -> RegFragment<T::Value, T::Layout>
where
    T::Layout: MakeFragment,
{
    let (regs, _, layout) = <T::Layout as MakeFragment>::fragment(T::Value::default()).into_parts();
    RegTensor { regs, layout }
}

/// CuTe's `make_fragment_like(t)` of a device tensor (as
/// [`make_tensor_like`]).
#[inline(always)]
pub fn make_fragment_like<T: MaybeSource>(t: &T) -> RegFragment<T::Value, T::Layout>
where
    T::Layout: MakeFragment,
{
    make_tensor_like(t)
}

/// `size(a) == size(b)`: at compile time where both are static (the
/// bound), else here, once (a trap when they differ).
#[inline(always)]
#[track_caller]
fn same_size<A: TensorLayout, B: TensorLayout>(a: &A, b: &B, why: &'static str) -> usize {
    let n = b.size();
    if a.size() != n {
        trap(why);
    }
    n
}

/// CuTe's `copy(src, dst)`: `dst(i) = src(i)` for every `i < size`, one
/// element access each (CuTe vectorizes an atom-less copy only between
/// tensors with static layouts, assuming them 128-bit aligned; here use
/// [`copy_with`] and a `UniversalCopy` atom for vector accesses).
#[inline(always)]
#[track_caller]
pub fn copy<S, D>(src: &S, dst: &mut D)
where
    S: DeviceTensor,
    D: DeviceTensorMut<Value = S::Value>,
    S::Layout: CopyCompatible<D::Layout>,
{
    let n = same_size(&src.layout(), &dst.layout(), "copy: sizes differ");
    let mut i = 0;
    while i < n {
        dst.set(i, src.get(i));
        i += 1;
    }
}

/// A copy operation that moves one value of [`Scalar`] type `Unit` per
/// access: CuTe's `UniversalCopy<U>`.
///
/// # Examples
///
/// ```
/// use cute_static::atom::UniversalCopy;
/// use cute_static::device::CopyOp;
/// fn bytes<Op: CopyOp>() -> usize {
///     core::mem::size_of::<Op::Unit>()
/// }
/// assert_eq!(bytes::<UniversalCopy<u128>>(), 16); // CuTe's uint128_t: ld.global.v4
/// ```
pub trait CopyOp {
    /// The value one access moves.
    type Unit: Scalar;
}
impl<U: Scalar> CopyOp for crate::UniversalCopy<U> {
    type Unit = U;
}

/// What a tiled copy's atom moves per access: its copy operation's unit.
///
/// # Examples
///
/// [`copy_with`] moves four `f32` per access with this tiled copy:
///
/// ```
/// use cute_static::Layout;
/// use cute_static::arch::lanes;
/// use cute_static::atom::{MakeTiledCopy, UniversalCopy};
/// use cute_static::device::{CopyOp, TiledCopyOp};
/// type Cp = MakeTiledCopy<UniversalCopy<u128>, 32, Layout![(32, 1)], Layout![(4, 1)]>;
/// type Unit = <<Cp as TiledCopyOp>::Op as CopyOp>::Unit;
/// assert_eq!(lanes::<f32, Unit>(), 4);
/// ```
pub trait TiledCopyOp {
    /// The copy operation.
    type Op: CopyOp;
}
impl<A: CopyOp, const BITS: usize, L, T> TiledCopyOp for crate::TiledCopy<A, BITS, L, T> {
    type Op = A;
}

/// CuTe's `copy(tiled_copy, src, dst)` on a thread's partitions
/// `(CPY_V, Rest…)`: for each atom instance, one access of the atom's
/// unit moves its `V = size(unit) / size(T)` values (one `ld.global.v4` +
/// one register write per instance for `UniversalCopy<uint128_t>` and f32).
/// The values of an instance must be consecutive in memory (mode 0 of
/// stride 1 and a multiple of `V` in size, as the tiled copy's partition
/// makes them; a trap otherwise, folded where the layout is static).
#[inline(always)]
#[track_caller]
pub fn copy_with<Tc, S, D>(_tiled_copy: &Tc, src: &S, dst: &mut D)
where
    Tc: TiledCopyOp,
    S: DeviceTensor,
    D: DeviceTensorMut<Value = S::Value>,
    S::Layout: CopyCompatible<D::Layout>,
{
    let n = same_size(&src.layout(), &dst.layout(), "copy: sizes differ");
    let v = const { lanes::<S::Value, <Tc::Op as CopyOp>::Unit>() };
    let mut i = 0;
    while i < n {
        let u: <Tc::Op as CopyOp>::Unit = src.get_vector(i);
        dst.set_vector(i, u);
        i += v;
    }
}

/// CuTe's `copy_if(pred, src, dst)`: `dst(i) = src(i)` where `pred(i)`
/// (an identity tensor's coordinate compared with the shape,
/// `lazy_transform(C, elem_less(c, shape))`, or any `Fn(usize) -> bool`).
/// A [`PartialTensor`]'s elements outside its shape are skipped whatever
/// the predicate says (never an access outside the tensor); the
/// destination's check joins the predicate and the source's in one
/// condition per element.
#[inline(always)]
#[track_caller]
pub fn copy_if<Q, S, D>(pred: &Q, src: &S, dst: &mut D)
where
    Q: DevicePredicate,
    S: MaybeSource,
    D: MaybeDest<Value = S::Value>,
    S::Layout: CopyCompatible<D::Layout>,
{
    let n = same_size(
        &src.source_layout(),
        &dst.source_layout(),
        "copy_if: sizes differ",
    );
    let mut i = 0;
    while i < n {
        // The predicate and the destination's check join the source's (one
        // condition; the destination's is then known to hold).
        if let Some(v) = src.try_get_if(pred.test(i) & dst.inside(i, 1), i) {
            dst.try_set(i, v);
        }
        i += 1;
    }
}

/// CuTe's `copy_if(tiled_copy, pred, src, dst)` on a thread's partitions
/// `(CPY_V, Rest…)`: each atom instance whose first value `pred` selects is
/// moved by one access of the atom's unit (see [`copy_with`]); an
/// instance not wholly inside a [`PartialTensor`]'s shape is skipped.
#[inline(always)]
#[track_caller]
pub fn copy_if_with<Tc, Q, S, D>(_tiled_copy: &Tc, pred: &Q, src: &S, dst: &mut D)
where
    Tc: TiledCopyOp,
    Q: DevicePredicate,
    S: MaybeSource,
    D: MaybeDest<Value = S::Value>,
    S::Layout: CopyCompatible<D::Layout>,
{
    let n = same_size(
        &src.source_layout(),
        &dst.source_layout(),
        "copy_if: sizes differ",
    );
    let v = const { lanes::<S::Value, <Tc::Op as CopyOp>::Unit>() };
    let mut i = 0;
    while i < n {
        let when = pred.test(i) & dst.inside(i, v);
        if let Some(u) = src.try_get_vector_if::<<Tc::Op as CopyOp>::Unit>(when, i) {
            dst.try_set_vector(i, u);
        }
        i += v;
    }
}

/// CuTe's `gemm(A, B, C)` without an atom: [`gemm_with`]'s loop with
/// `UniversalFMA<T>` on `A: (M,K)`, `B: (N,K)`, `C: (M,N)` (CuTe prepends
/// a value mode of one element to each), so `C(m,n) = fma(A(m,k), B(n,k),
/// C(m,n))`. `M`, `N`, `K` are checked at compile time where static.
#[inline(always)]
#[track_caller]
pub fn gemm<T, A, B, C>(a: &A, b: &B, c: &mut C)
where
    T: Scalar + Fma,
    crate::UniversalFMA<T, T, T, T>: MmaCall<A = T, B = T, C = T>,
    A: DeviceTensor<Value = T>,
    B: DeviceTensor<Value = T>,
    C: DeviceTensorMut<Value = T>,
    A::Layout: Rank2 + GemmCompatible<B::Layout, C::Layout>,
    B::Layout: Rank2,
    C::Layout: Rank2,
{
    let (la, lb, lc) = (a.layout(), b.layout(), c.layout());
    if !la.agree(&lb, &lc) {
        trap("gemm: M, N or K differ");
    }
    let (am, ak) = la.modes();
    let (bn, _) = lb.modes();
    let statically = <<A::Layout as Rank2>::Mode0 as TensorLayout>::STATIC_SIZE.is_some()
        && <<B::Layout as Rank2>::Mode0 as TensorLayout>::STATIC_SIZE.is_some();
    mma_loops::<crate::UniversalFMA<T, T, T, T>, _, _, _>(
        a,
        b,
        c,
        (am.size(), bn.size(), ak.size()),
        statically,
    );
}

/// An operand of [`gemm_with`]: a [`DeviceTensor`] (a [`PtrTensor`]
/// partition, a [`RegTensor`]) or an atom-layer register fragment
/// ([`Tensor`] over an owned array, what
/// [`partition_fragment_A/B/C`](crate::arch::MmaFragments) make). Value
/// `i` is the element at integral coordinate `i` (a trap outside the
/// storage).
///
/// # Examples
///
/// ```
/// use cute_static::device::GemmOperand;
/// use cute_static::layout::TensorLayout;
/// use cute_static::{layout, tensor::make_tensor};
/// fn values<A: GemmOperand>(a: &A) -> Vec<A::Value> {
///     (0..a.gemm_layout().size()).map(|i| a.gemm_get(i)).collect()
/// }
/// let frag = make_tensor([1, 2, 3, 4], layout!((1, 2, 2):(0, 2, 1)))?;
/// assert_eq!(values(&frag), [1, 3, 2, 4]);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait GemmOperand {
    /// The element type (the atom's register type).
    type Value: Copy;
    /// The layout.
    type Layout: TensorLayout;
    /// The layout.
    fn gemm_layout(&self) -> Self::Layout;
    /// The element at integral coordinate `i`.
    fn gemm_get(&self, i: usize) -> Self::Value;
    /// The [`lanes`] elements from coordinate `i` packed into one `U`
    /// (element `i` in the low bytes, as [`pack`]). A [`RegTensor`] reads
    /// them as one access of `U` where they are consecutive registers, so
    /// that its `half_t` values stay in the 32-bit registers `ldmatrix`
    /// writes and `mma.sync` reads (CuTe's `uint32_t` registers over its
    /// `half_t` arrays); other operands element by element. (An
    /// atom-layer fragment read this way too put `mma_sm80_tiled_f16`'s
    /// fragments in local memory, so it is not.)
    #[inline(always)]
    fn gemm_get_vector<U: Scalar>(&self, i: usize) -> U
    where
        Self::Value: Scalar,
    {
        pack::<Self::Value, U>(|j| self.gemm_get(i + j))
    }
}
/// An operand [`gemm_with`] writes (C).
///
/// # Examples
///
/// ```
/// use cute_static::device::GemmOperandMut;
/// use cute_static::{layout, tensor::make_tensor};
/// fn scale<C: GemmOperandMut<Value = f32>>(c: &mut C, n: usize, by: f32) {
///     for i in 0..n {
///         let x = c.gemm_get(i);
///         c.gemm_set(i, by * x);
///     }
/// }
/// let mut acc = make_tensor([1.0f32, 2.0], layout!((1, 2, 1)))?;
/// scale(&mut acc, 2, 0.5);
/// assert_eq!(acc.storage(), [0.5, 1.0]);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait GemmOperandMut: GemmOperand {
    /// Sets the element at integral coordinate `i`.
    fn gemm_set(&mut self, i: usize, v: Self::Value);
    /// Sets the [`lanes`] elements from coordinate `i` to those of `u`
    /// (the inverse of [`GemmOperand::gemm_get_vector`]).
    #[inline(always)]
    fn gemm_set_vector<U: Scalar>(&mut self, i: usize, u: U)
    where
        Self::Value: Scalar,
    {
        unpack::<Self::Value, U>(u, |j, v| self.gemm_set(i + j, v))
    }
}

impl<D: DeviceTensor> GemmOperand for D {
    type Value = D::Value;
    type Layout = D::Layout;
    #[inline(always)]
    fn gemm_layout(&self) -> D::Layout {
        self.layout()
    }
    #[inline(always)]
    fn gemm_get(&self, i: usize) -> D::Value {
        self.get(i)
    }
    #[inline(always)]
    fn gemm_get_vector<U: Scalar>(&self, i: usize) -> U {
        self.get_run(i)
    }
}
impl<D: DeviceTensorMut> GemmOperandMut for D {
    #[inline(always)]
    fn gemm_set(&mut self, i: usize, v: D::Value) {
        self.set(i, v)
    }
    #[inline(always)]
    fn gemm_set_vector<U: Scalar>(&mut self, i: usize, u: U) {
        self.set_run(i, u)
    }
}
impl<E: Storage<Value: Copy>, L: TensorLayout> GemmOperand for Tensor<E, L> {
    type Value = E::Value;
    type Layout = L;
    #[inline(always)]
    fn gemm_layout(&self) -> L {
        self.layout()
    }
    #[inline(always)]
    #[track_caller]
    fn gemm_get(&self, i: usize) -> E::Value {
        match self.at(i) {
            Some(x) => *x,
            None => trap("gemm: a fragment coordinate outside its storage"),
        }
    }
}
impl<E: EngineMut<Value: Copy>, L: TensorLayout> GemmOperandMut for Tensor<E, L> {
    #[inline(always)]
    #[track_caller]
    fn gemm_set(&mut self, i: usize, v: E::Value) {
        match self.at_mut(i) {
            Some(x) => *x = v,
            None => trap("gemm: a fragment coordinate outside its storage"),
        }
    }
}

/// A descriptor fragment (CuTe's tensor over `GMMA::DescriptorIterator`,
/// what [`make_fragment_A/B`](crate::arch::GmmaFragments) make for a GMMA
/// atom): element `i` is the base descriptor plus its offset in 128-bit
/// units, added to the raw 64 bits as CuTe's `DescriptorIterator` does
/// (no check here, no branch between the `wgmma`s: `make_fragment_A/B`
/// checked once that the start address plus the fragment's cosize stays
/// within the 14-bit field, so an element of the fragment's domain never
/// carries out of it; a descriptor names shared memory only, see the SM90
/// atoms' `MmaCall`).
impl<L: TensorLayout> GemmOperand for Tensor<crate::atom::DescriptorIterator, L> {
    type Value = crate::atom::GmmaDescriptor;
    type Layout = L;
    #[inline(always)]
    fn gemm_layout(&self) -> L {
        self.layout()
    }
    #[inline(always)]
    fn gemm_get(&self, i: usize) -> crate::atom::GmmaDescriptor {
        let off = self.base().wrapping_add(self.layout().offset(i));
        crate::atom::GmmaDescriptor::from_bits(self.engine().0.bits().wrapping_add(off as u64))
    }
}

/// The atom of a tiled MMA.
type AtomOf<M> = <M as TiledMmaLayouts>::Atom;

/// CuTe's `gemm(tiled_mma, A, B, C)` on a thread's MMA partitions or
/// register fragments `A: (V_A, MMA_M, MMA_K)`, `B: (V_B, MMA_N, MMA_K)`,
/// `C: (V_C, MMA_M, MMA_N)` (`partition_A/B/C`, `make_fragment_C`,
/// `partition_fragment_A/B/C`), for any atom that executes ([`MmaCall`]:
/// `UniversalFMA`, one fused multiply-add; the SM80 `mma.sync` atoms):
/// for each k-block, for each `(m, n)`, one [`MmaCall::call`] on
/// `A(_, m, k)`, `B(_, n, k)`, `C(_, m, n)`: `C ← A·Bᵀ + C`. The order is
/// CuTe's general one: column-major, serpentine (`m` reversed in odd
/// columns, so consecutive atoms share an operand) when `MMA_M` and
/// `MMA_N` are static, plain column-major when dynamic. (CuTe takes a
/// row-major serpentine when each thread's A and B values of one atom are
/// 8 bytes, and a "kinked" one, `m` in pairs, when 4 bytes, as for
/// `UniversalFMA<float>`; here the kinked order made the sgemm kernels'
/// SASS longer, `kernels/sass-compare.sh`, so all atoms take the general
/// order.) Mode 0 of each operand must hold
/// the atom's values per thread, `MMA_M`, `MMA_N`, `MMA_K` must agree:
/// compile time where static, one check per call (a trap) otherwise.
#[inline(always)]
#[track_caller]
pub fn gemm_with<Tm, A, B, C>(_tiled_mma: &Tm, a: &A, b: &B, c: &mut C)
where
    Tm: TiledMmaLayouts,
    AtomOf<Tm>: MmaCall,
    A: GemmOperand<Value = <AtomOf<Tm> as MmaCall>::A>,
    B: GemmOperand<Value = <AtomOf<Tm> as MmaCall>::B>,
    C: GemmOperandMut<Value = <AtomOf<Tm> as MmaCall>::C>,
    A::Layout: MmaGemmCompatible<B::Layout, C::Layout>,
    B::Layout: Rank3,
    C::Layout: Rank3,
{
    let (la, lb, lc) = (a.gemm_layout(), b.gemm_layout(), c.gemm_layout());
    if !la.agree3(&lb, &lc) {
        trap("gemm: MMA_M, MMA_N or MMA_K differ");
    }
    let [va, vb, vc] = const { atom_values::<AtomOf<Tm>>() };
    const {
        let want = atom_values::<AtomOf<Tm>>();
        assert!(
            fits(
                <<A::Layout as Rank3>::Mode0 as TensorLayout>::STATIC_SIZE,
                want[0]
            ),
            "gemm(tiled_mma, A, B, C): mode 0 of A must hold the atom's A values per thread (partition_A and partition_fragment_A make it so)"
        );
        assert!(
            fits(
                <<B::Layout as Rank3>::Mode0 as TensorLayout>::STATIC_SIZE,
                want[1]
            ),
            "gemm(tiled_mma, A, B, C): mode 0 of B must hold the atom's B values per thread (partition_B and partition_fragment_B make it so)"
        );
        assert!(
            fits(
                <<C::Layout as Rank3>::Mode0 as TensorLayout>::STATIC_SIZE,
                want[2]
            ),
            "gemm(tiled_mma, A, B, C): mode 0 of C must hold the atom's C values per thread (partition_C, make_fragment_C and partition_fragment_C make it so)"
        );
    }
    let ((av, am, ak), (bv, bn, _), (cv, _, _)) = (la.modes3(), lb.modes3(), lc.modes3());
    if av.size() != va || bv.size() != vb || cv.size() != vc {
        trap("gemm: mode 0 of an operand is not the atom's values per thread");
    }
    let statically = <<A::Layout as Rank3>::Mode1 as TensorLayout>::STATIC_SIZE.is_some()
        && <<B::Layout as Rank3>::Mode1 as TensorLayout>::STATIC_SIZE.is_some();
    mma_loops::<AtomOf<Tm>, _, _, _>(a, b, c, (am.size(), bn.size(), ak.size()), statically);
}

/// A mode of `size` (`None`: run time) holds `want` values, or is checked
/// at run time.
const fn fits(size: Option<usize>, want: usize) -> bool {
    match size {
        Some(s) => s == want,
        None => true,
    }
}

/// Each thread's values of A, B, C in one atom: `size(ALayout) / 32`, …
/// (CuTe's `size<1>` of the atom's `(thread, value)` layouts).
const fn atom_values<Atom: MmaCall>() -> [usize; 3] {
    Atom::VALUES
}

/// The loops of [`gemm_with`] (and [`gemm`]): operands of integral
/// coordinates `v + V·(m + M·k)`, `v + V·(n + N·k)`, `v + V·(m + M·n)`,
/// k-blocks outermost, `(m, n)` in the order of [`gemm_with`]
/// (`statically`: `M` and `N` are static).
#[inline(always)]
#[track_caller]
fn mma_loops<Atom, A, B, C>(
    a: &A,
    b: &B,
    c: &mut C,
    (m_, n_, k_): (usize, usize, usize),
    statically: bool,
) where
    Atom: MmaCall,
    A: GemmOperand<Value = Atom::A>,
    B: GemmOperand<Value = Atom::B>,
    C: GemmOperandMut<Value = Atom::C>,
{
    let [va, vb, vc] = const { atom_values::<Atom>() };
    let call = |c: &mut C, m: usize, n: usize, k: usize| {
        let ra = Atom::load_a(a, va * (m + m_ * k));
        let rb = Atom::load_b(b, vb * (n + n_ * k));
        let base = vc * (m + m_ * n);
        let mut rc = Atom::load_c(c, base);
        Atom::call(&ra, &rb, &mut rc);
        Atom::store_c(c, base, &rc);
    };
    let mut k = 0;
    while k < k_ {
        let mut n = 0;
        while n < n_ {
            let mut mm = 0;
            while mm < m_ {
                // Serpentine: `m` reversed in odd columns when static.
                let m = if statically && n & 1 == 1 {
                    m_ - 1 - mm
                } else {
                    mm
                };
                call(c, m, n, k);
                mm += 1;
            }
            n += 1;
        }
        k += 1;
    }
}

/// CuTe's `axpby(alpha, x, beta, y)`: `y(i) = alpha·x(i) + beta·y(i)`,
/// as nvcc contracts it: `fma(alpha, x(i), beta·y(i))`. As in CuTe, a
/// `beta` equal to zero means `y(i) = alpha·x(i)`: `y` is not read, so it
/// may hold anything (a NaN in it is not carried into the result).
#[inline(always)]
#[track_caller]
pub fn axpby<T, X, Y>(alpha: T, x: &X, beta: T, y: &mut Y)
where
    T: Scalar + Fma + core::ops::Mul<Output = T>,
    X: DeviceTensor<Value = T>,
    Y: DeviceTensorMut<Value = T>,
    X::Layout: AxpbyCompatible<Y::Layout>,
{
    let n = same_size(&x.layout(), &y.layout(), "axpby: sizes differ");
    // One test, two straight loops (as nvcc compiles CuTe's): a select per
    // element would cost more than the second loop.
    let mut i = 0;
    if beta == T::default() {
        while i < n {
            y.set(i, alpha * x.get(i));
            i += 1;
        }
    } else {
        while i < n {
            y.set(i, T::fma(alpha, x.get(i), beta * y.get(i)));
            i += 1;
        }
    }
}

/// CuTe's `fill(t, v)`: every element `v`.
#[inline(always)]
pub fn fill<D: DeviceTensorMut>(dst: &mut D, v: D::Value) {
    let n = dst.layout().size();
    let mut i = 0;
    while i < n {
        dst.set(i, v);
        i += 1;
    }
}

/// CuTe's `clear(t)`: every element zero (`T::default()`).
#[inline(always)]
pub fn clear<D: DeviceTensorMut>(dst: &mut D) {
    fill(dst, D::Value::default())
}

/// The one bound of [`local_tile`] on a device view of this layout (CuTe's
/// `local_tile`: the flat divide by the diced tiler, sliced at the tile
/// coordinate; with its exactness).
///
/// # Examples
///
/// ```
/// use cute_static::arch::{GlobalBuffer, MemPtr, PtrTensor};
/// use cute_static::device::{DeviceTile, TileOf, local_tile};
/// use cute_static::{Tiler, layout, tiler};
/// // CTA tile (bm, bn) of a 64 × 64 global tensor, generic over its layout.
/// fn cta_tile<P: MemPtr, L: DeviceTile<Tiler![<32, 16>], (usize, usize), ()>>(
///     t: PtrTensor<P, L>, bm: usize, bn: usize,
/// ) -> PtrTensor<P, TileOf<L, Tiler![<32, 16>], (usize, usize), ()>> {
///     local_tile(t, tiler!(<32, 16>), (bm, bn), ())
/// }
/// let g = GlobalBuffer::<f32>::zeroed(64 * 64);
/// let tile = cta_tile(g.tensor(layout!((64, 64)))?, 1, 2);
/// tile.write(0, 1.0);
/// assert_eq!(g.get(32 + 64 * 32), 1.0); // element (32, 32)
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait DeviceTile<T, Cd, St>: TileLocally<T, Cd, St> {}
impl<L: TileLocally<T, Cd, St>, T, Cd, St> DeviceTile<T, Cd, St> for L {}

/// The one bound of [`local_partition`] on a device view of this layout.
///
/// # Examples
///
/// ```
/// use cute_static::arch::GlobalBuffer;
/// use cute_static::device::local_partition;
/// use cute_static::layout;
/// // 8 × 4 threads over a 32 × 8 tile: thread 9, (1, 1), has rows 1, 9, 17, 25 of
/// // columns 1 and 5.
/// let g = GlobalBuffer::<f32>::zeroed(256);
/// let part = local_partition(g.tensor(layout!((32, 8)))?, layout!((8, 4)), 9, ());
/// assert_eq!(part.size(), 8);
/// part.write(1, 1.0);
/// assert_eq!(g.get(9 + 32), 1.0);
/// # Ok::<(), cute_static::Error>(())
/// ```
pub trait DevicePartition<Thr, St>: PartitionLocally<Thr, St> {}
impl<L: PartitionLocally<Thr, St>, Thr, St> DevicePartition<Thr, St> for L {}

/// The layout of a device [`local_tile`].
pub type TileOf<L, T, Cd, St> = <L as TileLocally<T, Cd, St>>::Output;
/// The layout of a device [`local_partition`].
pub type PartOf<L, Thr, St> = <L as PartitionLocally<Thr, St>>::Output;
