//! Layouts and tensors as kernel arguments ([`KernelLayout`],
//! [`KernelTensor`], [`DeviceCopy`], [`ABI`]).

// The one place of cute-static that declares and implements an unsafe
// trait: `DeviceCopy` (no unsafe block, nothing is dereferenced).
#![allow(unsafe_code)]

use crate::Error;
use crate::data::int_tuple::{C, IntTuple};
use crate::kernel::layout::TensorLayout;
use crate::mixed::layout::{Dyn, DynDiv, MixedLayout, MixedShape};

/// The largest size and cosize of a device tensor: `i32::MAX`, CuTe's
/// `int`. The device views' index arithmetic relies on it (each run-time
/// leaf read as a 31-bit value), so every place a device tensor is made
/// checks it: [`KernelTensor::new`] on the host side of a launch, and
/// `arch::GlobalBuffer::tensor` in the host emulation.
pub const MAX_COSIZE: usize = i32::MAX as usize;

/// The checks a layout passes before it lays out a device tensor: it is
/// valid (as [`MixedLayout::new`] checks: a layout of `new_unchecked` may
/// fail here), and its size and cosize are at most [`MAX_COSIZE`] (an
/// `overflow` error naming `operation` otherwise).
pub(crate) fn check_device_layout<L: TensorLayout>(
    layout: &L,
    operation: &'static str,
) -> Result<(), Error> {
    layout.validate()?;
    if layout.size() > MAX_COSIZE || layout.cosize() > MAX_COSIZE {
        return Err(Error::Overflow {
            operation,
            operands: "a layout whose size or cosize exceeds i32::MAX (a device tensor's index arithmetic is CuTe's int)",
        });
    }
    Ok(())
}

/// A type that may be passed to a kernel by value (CUDA's "kernel
/// parameter"): its bytes are copied from the host to the device's
/// parameter space and read there as the same type.
///
/// # Examples
///
/// A launcher takes any `DeviceCopy` argument and copies its bytes; a
/// layout's run-time leaves are all that travel:
///
/// ```
/// use cute_static::kernel_arg::{DeviceCopy, KernelLayout};
/// use cute_static::layout;
/// /// The bytes a launch copies to the kernel's parameter space.
/// fn parameter_bytes<T: DeviceCopy>(_: &T) -> usize {
///     core::mem::size_of::<T>()
/// }
/// let m = 100;
/// let l = KernelLayout::new(layout!((8, {m}):(1, 8))?);
/// assert_eq!(parameter_bytes(&l), core::mem::size_of::<usize>());
/// assert_eq!(l.layout().to_string(), "(_8,100):(_1,_8)");
/// assert_eq!(parameter_bytes(&2.5f32), 4);
/// # Ok::<(), cute_static::Error>(())
/// ```
///
/// # Safety
/// The implementor is `Copy`, holds no reference and nothing whose meaning
/// depends on the address space it was created in other than raw device
/// pointers, has one layout on every target this crate is compiled for
/// (`#[repr(C)]` or `#[repr(transparent)]` of `DeviceCopy` fields, or a
/// primitive of the same size on the host and on `nvptx64`), and its
/// values have no padding bytes (every byte initialized, so a host may
/// read a value as bytes); the table [`ABI`] checks the project's own
/// types at compile time on each target.
pub unsafe trait DeviceCopy: Copy {}

macro_rules! device_copy_primitives {
    ($($t:ty),*) => {$(
        // SAFETY: a primitive of the same size and alignment on the 64-bit
        // host and on nvptx64, no padding.
        unsafe impl DeviceCopy for $t {}
    )*};
}
device_copy_primitives!(
    u8,
    u16,
    u32,
    u64,
    usize,
    i8,
    i16,
    i32,
    i64,
    isize,
    f32,
    f64,
    bool,
    ()
);

// SAFETY: a raw device pointer is 64 bits on the 64-bit host and on
// nvptx64; the host never dereferences it.
unsafe impl<T> DeviceCopy for *const T {}
// SAFETY: as for `*const T`.
unsafe impl<T> DeviceCopy for *mut T {}
// SAFETY: `Dyn` is `#[repr(transparent)]` over `usize`.
unsafe impl DeviceCopy for Dyn {}
// SAFETY: `DynDiv` is `#[repr(transparent)]` over `usize`; its
// divisibility was checked when the host built it.
unsafe impl<const D: usize> DeviceCopy for DynDiv<D> {}
// SAFETY: `#[repr(C)]` of two `DeviceCopy` fields. No padding: a value
// exists only as a `RuntimeLeaves::Repr` (the fields are private), whose
// fields are `usize`-sized leaves or zero-sized, nested the same way.
unsafe impl<H: DeviceCopy, T: DeviceCopy> DeviceCopy for Leaves<H, T> {}
// SAFETY: `#[repr(C)]` of two `DeviceCopy` fields, each a sequence of
// `usize` leaves (no padding between or after them).
unsafe impl<S: RuntimeLeaves, D: RuntimeLeaves> DeviceCopy for KernelLayout<S, D> {}
// SAFETY: `#[repr(C)]` of a raw device pointer and a `KernelLayout` (a
// sequence of `usize`: no padding).
unsafe impl<T, S: RuntimeLeaves, D: RuntimeLeaves> DeviceCopy for KernelTensor<T, S, D> {}

/// One entry of the `#[repr(C)]` list of a tuple's run-time leaves: the
/// first child's representation `H`, then the rest's `T` (`()` ends it).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaves<H, T>(H, T);

/// A shape or stride tree whose run-time leaves have the `#[repr(C)]`
/// representation [`Repr`](Self::Repr): static leaves none (`()`), a
/// [`Dyn`]/[`DynDiv`] its `usize`, a tuple the [`Leaves`] list of its
/// children's.
///
/// ```
/// use cute_static::{kernel_arg::RuntimeLeaves, layout::Dyn, C};
/// // Only the run-time leaves travel: a static leaf has no bytes.
/// let shape = (Dyn(128), C::<8>, Dyn(4));
/// let repr = shape.to_repr();
/// assert_eq!(core::mem::size_of_val(&repr), 2 * core::mem::size_of::<usize>());
/// assert_eq!(<(Dyn, C<8>, Dyn)>::from_repr(repr), shape);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no kernel-argument representation",
    note = "a kernel layout's shape and stride leaves are `C<N>`, `Dyn` or `DynDiv<D>`, in tuples of up to 8"
)]
pub trait RuntimeLeaves: Copy {
    /// The run-time leaves, `#[repr(C)]`.
    type Repr: DeviceCopy;
    /// The run-time leaves of `self`.
    fn to_repr(self) -> Self::Repr;
    /// The tree back from its run-time leaves (the static ones from the
    /// type).
    fn from_repr(repr: Self::Repr) -> Self;
}

/// The body of a static leaf's impl: no run-time bytes, the value from
/// the type (`C<N>` and `Dec` are unit structs, typenum's integers not).
macro_rules! static_leaf_body {
    () => {
        type Repr = ();
        #[inline(always)]
        fn to_repr(self) {}
        #[allow(clippy::default_constructed_unit_structs)]
        #[inline(always)]
        fn from_repr((): ()) -> Self {
            Self::default()
        }
    };
}
macro_rules! static_leaves {
    ($([$($g:tt)*] $t:ty),*) => {$(
        /// A static leaf: no run-time bytes.
        impl<$($g)*> RuntimeLeaves for $t {
            static_leaf_body!();
        }
    )*};
}
static_leaves!([const N: usize] C<N>, [] typenum::UTerm,
    [U: typenum::Unsigned + Default + Copy, B: typenum::Bit + Default + Copy] typenum::UInt<U, B>);
crate::data::dec::impl_for_dec! {
    /// A static leaf beyond the readable table: no run-time bytes.
    RuntimeLeaves {
        static_leaf_body!();
    }
}

/// A run-time leaf: its value.
impl RuntimeLeaves for Dyn {
    type Repr = Dyn;
    #[inline(always)]
    fn to_repr(self) -> Dyn {
        self
    }
    #[inline(always)]
    fn from_repr(repr: Dyn) -> Self {
        repr
    }
}
/// A run-time leaf with a divisor: its value (checked on the host).
impl<const D: usize> RuntimeLeaves for DynDiv<D> {
    type Repr = DynDiv<D>;
    #[inline(always)]
    fn to_repr(self) -> Self {
        self
    }
    #[inline(always)]
    fn from_repr(repr: Self) -> Self {
        repr
    }
}
/// The empty tuple: no leaves.
impl RuntimeLeaves for () {
    type Repr = ();
    #[inline(always)]
    fn to_repr(self) {}
    #[inline(always)]
    fn from_repr((): ()) -> Self {}
}

macro_rules! tuple_leaves {
    (@ty) => { () };
    (@ty $T0:ident $($T:ident)*) => { Leaves<$T0::Repr, tuple_leaves!(@ty $($T)*)> };
    (@to $s:ident;) => { () };
    (@to $s:ident; $i0:tt $($i:tt)*) => { Leaves($s.$i0.to_repr(), tuple_leaves!(@to $s; $($i)*)) };
    ($($T:ident $i:tt),+) => {
        /// A tuple: the [`Leaves`] list of its children's leaves, in order.
        impl<$($T: RuntimeLeaves),+> RuntimeLeaves for ($($T,)+) {
            type Repr = tuple_leaves!(@ty $($T)+);
            #[inline(always)]
            fn to_repr(self) -> Self::Repr {
                tuple_leaves!(@to self; $($i)+)
            }
            #[inline(always)]
            #[allow(non_snake_case)]
            fn from_repr(repr: Self::Repr) -> Self {
                let rest = repr;
                $( let Leaves($T, rest) = rest; )+
                let () = rest;
                ($($T::from_repr($T),)+)
            }
        }
    };
}
crate::data::int_tuple::arities!(tuple_leaves; (A0 0), (A1 1), (A2 2), (A3 3), (A4 4), (A5 5), (A6 6), (A7 7));

/// A [`MixedLayout<S, D>`] as a kernel argument: one `#[repr(C)]`
/// representation of a [`MixedLayout`]'s run-time leaves that the host and
/// an `extern "ptx-kernel"` function agree on, so that a kernel's signature
/// reads like CuTe's `gemm_device(shape_MNK, cta_tiler, A, dA, sA, …)`:
///
/// ```
/// use cute_static::kernel_arg::{DeviceCopy, KernelLayout, KernelTensor};
/// use cute_static::layout::MixedLayout;
/// use cute_static::{C, Dyn};
/// // sgemm_1's A: `(m,k):(_1,lda)`, column-major with a run-time leading dimension.
/// type GA = KernelTensor<f32, (Dyn, Dyn), (C<1>, Dyn)>;
/// let (m, k, lda) = (256, 64, 264);
/// let layout = MixedLayout::new((Dyn(m), Dyn(k)), (C::<1>, Dyn(lda)))?;
/// // The host side: a device pointer (an integer on the host) and the layout.
/// let a: GA = KernelTensor::new(0x7f00_0000_0000 as *mut f32, layout)?;
/// // 8 bytes of pointer, then the run-time leaves m, k, lda; the static
/// // leaf _1 takes no space.
/// assert_eq!(core::mem::size_of::<GA>(), 32);
/// // The device side: the same layout back, static leaves and all.
/// assert_eq!(a.layout(), layout);
/// assert_eq!(a.layout().to_string(), "(256,64):(_1,264)");
/// # fn is_device_copy<T: DeviceCopy>() {}
/// # is_device_copy::<GA>();
/// # Ok::<(), cute_static::Error>(())
/// ```
///
/// The representation: a leaf [`Dyn`] or [`DynDiv`] is its `usize`
/// (`#[repr(transparent)]`), a static leaf is `()` (no bytes), and a
/// tuple `(A0, A1, …)` is the `#[repr(C)]` list `Leaves<A0, Leaves<A1, …
/// ()>>` of its children's representations; [`KernelLayout<S, D>`] is the
/// shape's then the stride's, [`KernelTensor<T, S, D>`] a pointer then a
/// `KernelLayout`. So the bytes of a kernel layout are its run-time leaves
/// in order (shape first, depth-first), each a 64-bit integer on a 64-bit
/// target; [`ABI`] is the table of sizes, alignments and field offsets that
/// every target this crate is compiled for checks at compile time (the
/// host and `nvptx64-nvidia-cuda` alike).
///
/// [`DeviceCopy`] is the marker of what may be passed to a kernel by value:
/// `Copy`, no references, the same bytes meaning the same on the host and
/// the device. A fully static layout has no bytes at all: a zero-sized
/// argument is dropped from a kernel's parameter list by the compiler, so
/// a host runner must not push one (cute-cuda's wrapper refuses it at
/// compile time); a kernel rebuilds a static layout from its type alone.
///
/// The device side trusts the launch as
/// [`MixedLayout::new_unchecked`] does: [`KernelLayout::layout`] runs no
/// check (a wrong leaf gives wrong offsets, never UB by itself);
/// [`KernelLayout::new`] takes a layout that was checked when it was built
/// on the host.
#[repr(C)]
pub struct KernelLayout<S: RuntimeLeaves, D: RuntimeLeaves> {
    shape: S::Repr,
    stride: D::Repr,
}

impl<S: RuntimeLeaves, D: RuntimeLeaves> Clone for KernelLayout<S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: RuntimeLeaves, D: RuntimeLeaves> Copy for KernelLayout<S, D> {}
impl<S: RuntimeLeaves, D: RuntimeLeaves> core::fmt::Debug for KernelLayout<S, D>
where
    S::Repr: core::fmt::Debug,
    D::Repr: core::fmt::Debug,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KernelLayout")
            .field("shape", &self.shape)
            .field("stride", &self.stride)
            .finish()
    }
}

impl<S: RuntimeLeaves + MixedShape<D>, D: RuntimeLeaves + IntTuple> KernelLayout<S, D> {
    /// The run-time leaves of `layout` (built checked on the host).
    #[inline(always)]
    pub fn new(layout: MixedLayout<S, D>) -> Self {
        KernelLayout {
            shape: layout.shape().to_repr(),
            stride: layout.stride().to_repr(),
        }
    }
    /// The layout back, unchecked (the launch contract bounds it, as for
    /// [`MixedLayout::new_unchecked`]).
    #[inline(always)]
    pub fn layout(self) -> MixedLayout<S, D> {
        MixedLayout::new_unchecked(S::from_repr(self.shape), D::from_repr(self.stride))
    }
}

impl<S: RuntimeLeaves + MixedShape<D>, D: RuntimeLeaves + IntTuple> From<MixedLayout<S, D>>
    for KernelLayout<S, D>
{
    fn from(layout: MixedLayout<S, D>) -> Self {
        Self::new(layout)
    }
}

/// A tensor as a kernel argument: a raw device pointer to its first
/// element and its [`KernelLayout`], `#[repr(C)]`.
#[repr(C)]
pub struct KernelTensor<T, S: RuntimeLeaves, D: RuntimeLeaves> {
    ptr: *mut T,
    layout: KernelLayout<S, D>,
}

impl<T, S: RuntimeLeaves, D: RuntimeLeaves> Clone for KernelTensor<T, S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, S: RuntimeLeaves, D: RuntimeLeaves> Copy for KernelTensor<T, S, D> {}
impl<T, S: RuntimeLeaves, D: RuntimeLeaves> core::fmt::Debug for KernelTensor<T, S, D>
where
    S::Repr: core::fmt::Debug,
    D::Repr: core::fmt::Debug,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KernelTensor")
            .field("ptr", &self.ptr)
            .field("layout", &self.layout)
            .finish()
    }
}

impl<T, S: RuntimeLeaves + MixedShape<D>, D: RuntimeLeaves + IntTuple> KernelTensor<T, S, D> {
    /// The tensor at `ptr` (a device address; never dereferenced on the
    /// host) laid out by `layout`, checked once as every device tensor
    /// is: the layout valid, its size and cosize at most [`MAX_COSIZE`]
    /// (an `overflow` error otherwise; the kernel's index arithmetic
    /// relies on it). That the allocation at `ptr` holds `cosize(layout)`
    /// elements is the launcher's part of the contract.
    ///
    /// ```
    /// use cute_static::kernel_arg::KernelTensor;
    /// use cute_static::layout::MixedLayout;
    /// use cute_static::{C, Dyn};
    /// type Col = KernelTensor<f32, (Dyn, Dyn), (C<1>, Dyn)>;
    /// let p = 0x7f00_0000_0000 as *mut f32;
    /// // 46340 × 46340 = 2,147,395,600 elements: within i32::MAX.
    /// let fits = MixedLayout::new((Dyn(46340), Dyn(46340)), (C::<1>, Dyn(46340)))?;
    /// assert!(Col::new(p, fits).is_ok());
    /// // 65536 × 32768 = 2^31 elements: one past it.
    /// let big = MixedLayout::new((Dyn(65536), Dyn(32768)), (C::<1>, Dyn(65536)))?;
    /// let err = Col::new(p, big).unwrap_err();
    /// assert!(err.to_string().contains("i32::MAX"), "{err}");
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    #[inline(always)]
    pub fn new(ptr: *mut T, layout: MixedLayout<S, D>) -> Result<Self, Error> {
        check_device_layout(&layout, "KernelTensor::new")?;
        Ok(KernelTensor {
            ptr,
            layout: KernelLayout::new(layout),
        })
    }
    /// The pointer.
    #[inline(always)]
    pub fn ptr(self) -> *mut T {
        self.ptr
    }
    /// The layout, unchecked (see [`KernelLayout::layout`]).
    #[inline(always)]
    pub fn layout(self) -> MixedLayout<S, D> {
        self.layout.layout()
    }
}

/// One row of [`ABI`]: a kernel-argument type, its size and alignment and
/// the byte offsets of its fields, as expected and as this target's
/// compiler lays them out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbiRow {
    /// The type, as written in the table.
    pub name: &'static str,
    /// The expected `(size, align)`.
    pub expected: (usize, usize),
    /// The expected field offsets, in declaration order.
    pub expected_offsets: &'static [usize],
    /// `(size_of, align_of)` on this target.
    pub actual: (usize, usize),
    /// `offset_of!` of each field on this target.
    pub actual_offsets: &'static [usize],
}

impl AbiRow {
    /// Whether this target lays the type out as expected.
    pub const fn holds(&self) -> bool {
        if self.expected.0 != self.actual.0
            || self.expected.1 != self.actual.1
            || self.expected_offsets.len() != self.actual_offsets.len()
        {
            return false;
        }
        let mut i = 0;
        while i < self.expected_offsets.len() {
            if self.expected_offsets[i] != self.actual_offsets[i] {
                return false;
            }
            i += 1;
        }
        true
    }
}

macro_rules! abi_table {
    ($($ty:ty => ($size:expr, $align:expr) { $($field:tt : $off:expr),* $(,)? }),* $(,)?) => {
        /// The kernel-argument representation, pinned: each type's size,
        /// alignment and field offsets, expected (one table) and as the
        /// compiler lays them out for the target being built. A
        /// compile-time assertion checks every row on every target, so a
        /// build for `nvptx64-nvidia-cuda` (the kernels' PTX) and one for
        /// the host both fail unless they agree with the table, hence with
        /// each other.
        ///
        /// ```
        /// for row in cute_static::kernel_arg::ABI {
        ///     assert!(row.holds(), "{row:?}");
        /// }
        /// ```
        pub const ABI: &[AbiRow] = &[$({
            const ROW: AbiRow = AbiRow {
                name: stringify!($ty),
                expected: ($size, $align),
                expected_offsets: &[$($off),*],
                actual: (core::mem::size_of::<$ty>(), core::mem::align_of::<$ty>()),
                actual_offsets: &[$(core::mem::offset_of!($ty, $field)),*],
            };
            const {
                assert!(
                    ROW.holds(),
                    concat!(
                        "the kernel-argument type `", stringify!($ty),
                        "` has another size, alignment or field offset on this target than the ABI table says (cute-static/src/kernel_arg.rs)"
                    )
                )
            };
            ROW
        }),*];
    };
}

/// `sgemm_1`'s global layouts: A and B `(m,k):(_1,ld)`, C `(m,n):(_1,ldc)`.
type SgemmGlobal = KernelLayout<(Dyn, Dyn), (C<1>, Dyn)>;
/// `sgemm_tv`'s K-major operands `(m,k):(ld,_1)`.
type KMajor = KernelLayout<(Dyn, Dyn), (Dyn, C<1>)>;
/// A static tile with one run-time mode: `(_128,m):(_1,_128)`.
type OneDyn = KernelLayout<(C<128>, Dyn), (C<1>, C<128>)>;
/// Nested modes with divisors: `((m:128,_4),k):((_1,ld),_0)`.
type Nested = KernelLayout<((DynDiv<128>, C<4>), Dyn), ((C<1>, Dyn), C<0>)>;

abi_table! {
    Dyn => (8, 8) { 0: 0 },
    DynDiv<128> => (8, 8) {},
    Leaves<Dyn, Leaves<(), Leaves<Dyn, ()>>> => (16, 8) { 0: 0, 1: 8 },
    SgemmGlobal => (24, 8) { shape: 0, stride: 16 },
    KMajor => (24, 8) { shape: 0, stride: 16 },
    OneDyn => (8, 8) { shape: 0, stride: 8 },
    Nested => (24, 8) { shape: 0, stride: 16 },
    KernelLayout<(C<8>, C<8>), (C<1>, C<8>)> => (0, 1) { shape: 0, stride: 0 },
    KernelTensor<f32, (Dyn, Dyn), (C<1>, Dyn)> => (32, 8) { ptr: 0, layout: 8 },
    KernelTensor<u16, (C<128>, Dyn), (C<1>, C<128>)> => (16, 8) { ptr: 0, layout: 8 },
}
