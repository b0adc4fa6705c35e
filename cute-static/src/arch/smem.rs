//! Shared memory declared from layouts (CuTe's `__shared__ T
//! smem[cosize_v<Layout>]` and its `SharedStorage` structs): one
//! [`shared_storage`] per kernel gives the block's storage for a tuple of
//! [`SmemArray`]s, each `cosize(L)` elements of `T`, 16-byte aligned (the
//! widest access an atom makes, `UniversalCopy<uint128_t>`, `ldmatrix`).
//! Every thread of the block gets the same storage; a tensor over it
//! ([`SmemArray::tensor`]) is a view for reads and writes through
//! `ld.shared`/`st.shared` (no `&mut` exists, so threads do not alias
//! Rust references).
//!
//! On the device the storage is one `.shared .align 16 .b8
//! cute_smem[BYTES]` declared in the kernel's body (a second
//! `shared_storage` in the same kernel is refused by `ptxas` as a
//! duplicate: put every array in one tuple); on the host it is the
//! emulated block's storage.
//!
//! Storage beyond the 48 KiB of static shared memory is *dynamic* shared
//! memory ([`dynamic_shared_storage`], CuTe's `extern __shared__` buffer
//! cast to its `SharedStorage`): the same tuple of arrays, at the start of
//! the block's dynamic shared memory, whose size the launch gives. The
//! bytes to launch with are the storage's [`SharedStorage::BYTES`]
//! (a launcher above 48 KiB also sets the kernel's
//! `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`). On the device it is
//! the module's one `.extern .shared .align 16 .b8 cute_dsmem[];`,
//! declared at module scope (`ptxas` refuses `.extern .shared` inside a
//! function body: "Parsing error near '.shared'").

use core::marker::PhantomData;

use super::ptr::SmemPtr;
use super::scalar::Scalar;
use super::tensor::PtrTensor;
use crate::data::int_tuple::C;
use crate::data::layout::StaticLayout;
use crate::data::swizzle::{ComposedLayout, StaticSwizzle};
use crate::kernel::layout::TensorLayout;

/// A layout known at compile time that a shared array can be sized by
/// (CuTe's `cosize_v<L>`) and that a shared tensor can be made over: a
/// static layout, or a swizzled one `Sw ∘ N ∘ L` with a static offset.
///
/// # Examples
///
/// ```
/// use cute_static::arch::SmemLayout;
/// use cute_static::layout;
/// fn capacity<L: SmemLayout>(_: &L) -> usize {
///     L::CAPACITY
/// }
/// assert_eq!(capacity(&layout!((4, 2):(1, 8))), 12); // cosize
/// assert_eq!(capacity(&layout!(Sw<3,3,3> o 0 o (8,64):(64,1))), 512);
/// ```
#[diagnostic::on_unimplemented(
    message = "a shared array's layout `{Self}` must be known at compile time: a static layout or a swizzled `Sw<B,M,S> o N o L` with a static offset",
    label = "not a static or static swizzled layout"
)]
pub trait SmemLayout {
    /// One past the largest offset of the domain, or more: the elements a
    /// shared array of this layout holds.
    const CAPACITY: usize;
}
/// `cosize(L)`.
impl<L: StaticLayout> SmemLayout for L {
    const CAPACITY: usize = L::COSIZE;
}
/// `N + cosize(L)` rounded up to the swizzle's period: the swizzle maps
/// each aligned block of `PERIOD` offsets onto itself, so every
/// `Sw(N + L(i))` lies below it (CuTe's `cosize(layout_b)` when `N = 0`
/// and the period divides it, as for the swizzle atoms tiled by
/// `tile_to_shape`).
impl<Sw: StaticSwizzle, const N: usize, L: StaticLayout> SmemLayout
    for ComposedLayout<Sw, C<N>, L>
{
    const CAPACITY: usize = (N + L::COSIZE).next_multiple_of(Sw::PERIOD);
}

/// `cosize(L)` elements of `T` in shared memory: a part of a
/// [`shared_storage`].
pub struct SmemArray<T, L> {
    ptr: SmemPtr<T>,
    layout: PhantomData<L>,
}
impl<T, L> Clone for SmemArray<T, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, L> Copy for SmemArray<T, L> {}

impl<T: Scalar, L: SmemLayout> SmemArray<T, L> {
    /// The capacity in elements: `cosize(L)` ([`SmemLayout::CAPACITY`]).
    pub const LEN: usize = L::CAPACITY;
    /// The bytes it takes, rounded up to 16.
    pub const BYTES: usize = (L::CAPACITY * core::mem::size_of::<T>()).next_multiple_of(16);

    /// CuTe's `make_tensor(make_smem_ptr(smem), layout)`: the shared tensor
    /// over this array, of a static or a swizzled layout
    /// ([`SmemLayout`]). `cosize(layout) ≤ cosize(L)` is checked at
    /// compile time — a larger one does not compile.
    #[inline(always)]
    pub fn tensor<M: SmemLayout + TensorLayout>(self, layout: M) -> PtrTensor<SmemPtr<T>, M> {
        const {
            assert!(
                M::CAPACITY <= L::CAPACITY,
                "SmemArray::tensor: the layout's cosize exceeds the shared array's"
            )
        };
        // SAFETY: the array holds `CAPACITY(L) ≥ CAPACITY(layout)` elements
        // of the block's shared storage, and every offset of the layout's
        // domain is below `CAPACITY(layout)` (`SmemLayout`), so inside it.
        unsafe { PtrTensor::from_raw_parts(self.ptr, layout) }
    }
    /// The pointer to its first element.
    pub fn ptr(self) -> SmemPtr<T> {
        self.ptr
    }
}

/// The static shared memory a block may declare: 48 KiB (CUDA's limit for
/// `__shared__` arrays; more needs dynamic shared memory and an opt-in).
/// [`shared_storage`] refuses a larger storage at compile time.
pub const MAX_STATIC_BYTES: usize = 48 * 1024;

/// The most dynamic shared memory a block may use: 227 KiB (SM90's
/// opt-in limit; SM80's is 163 KiB on the A100, 99 KiB on others, which
/// the launcher checks against the device). [`dynamic_shared_storage`]
/// refuses a larger storage at compile time.
pub const MAX_DYNAMIC_BYTES: usize = 227 * 1024;

/// A shared storage: one [`SmemArray`] or a tuple of them (up to 4),
/// laid out one after the other, each at a 16-byte boundary.
///
/// # Examples
///
/// ```
/// use cute_static::Layout;
/// use cute_static::arch::{SharedStorage, SmemArray};
/// // 16 × 8 f32 (512 bytes), then 5 f32 (20 bytes, rounded up to 32).
/// type Storage = (SmemArray<f32, Layout![(16, 8)]>, SmemArray<f32, Layout![5:1]>);
/// assert_eq!(<Storage as SharedStorage>::BYTES, 544);
/// ```
pub trait SharedStorage {
    /// The bytes of the whole storage.
    const BYTES: usize;
    /// The arrays (`SmemArray` or a tuple of them).
    type Parts;
    /// The arrays of the storage at `base`.
    #[doc(hidden)]
    fn parts(base: SmemPtr<u8>) -> Self::Parts;
}

impl<T: Scalar, L: SmemLayout> SharedStorage for SmemArray<T, L> {
    const BYTES: usize = Self::BYTES;
    type Parts = Self;
    #[inline(always)]
    fn parts(base: SmemPtr<u8>) -> Self {
        SmemArray {
            ptr: SmemPtr::from_shared(base.raw()),
            layout: PhantomData,
        }
    }
}

macro_rules! storage_tuples {
    ($($A:ident)+) => {
        /// The arrays one after the other.
        impl<$($A: SharedStorage),+> SharedStorage for ($($A,)+) {
            const BYTES: usize = 0 $(+ $A::BYTES)+;
            type Parts = ($($A::Parts,)+);
            #[inline(always)]
            #[allow(unused_assignments)]
            fn parts(base: SmemPtr<u8>) -> Self::Parts {
                let mut at = base;
                ($({
                    let p = $A::parts(at);
                    at = at.add_bytes($A::BYTES);
                    p
                },)+)
            }
        }
    };
}
storage_tuples!(A);
storage_tuples!(A B);
storage_tuples!(A B C);
storage_tuples!(A B C D);

/// The block's shared storage `S` (one call per kernel, every thread of
/// the block calling it): a [`SmemArray`] per part. `S` must fit the
/// [`MAX_STATIC_BYTES`] of static shared memory (checked at compile time).
///
/// ```
/// use cute_static::arch::{Dim3, SmemArray, host, shared_storage, syncthreads, thread_idx};
/// use cute_static::Layout;
/// host::launch(Dim3::new(1, 1, 1), Dim3::new(4, 1, 1), || {
///     let (a, b) = shared_storage::<(SmemArray<f32, Layout![4:1]>, SmemArray<u32, Layout![8:1]>)>();
///     let (sa, sb) = (a.tensor(cute_static::layout!(4:1)), b.tensor(cute_static::layout!(8:1)));
///     let t = thread_idx().x;
///     sa.write(t, t as f32);
///     sb.write(2 * t, 1);
///     syncthreads();
///     assert_eq!(sa.read((t + 1) % 4), ((t + 1) % 4) as f32);
/// });
/// ```
#[inline(always)]
pub fn shared_storage<S: SharedStorage>() -> S::Parts {
    const {
        assert!(
            S::BYTES <= MAX_STATIC_BYTES,
            "shared_storage: the shared arrays take more than the 48 KiB of static shared memory a block may declare"
        )
    };
    #[cfg(target_arch = "nvptx64")]
    let base = {
        let addr: u32;
        // SAFETY: declares the kernel's `.shared` storage of `S::BYTES`
        // bytes, 16-byte aligned, and reads its 32-bit shared address; no
        // memory is touched. (A second declaration in the same kernel is a
        // `ptxas` error, not a silent second buffer.)
        unsafe {
            core::arch::asm!(
                ".shared .align 16 .b8 cute_smem[{n}];",
                "mov.u32 {a}, cute_smem;",
                n = const S::BYTES,
                a = out(reg32) addr,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        SmemPtr::<u8>::from_shared(addr)
    };
    #[cfg(not(target_arch = "nvptx64"))]
    let base = SmemPtr::<u8>::from_shared(super::host::imp::shared_storage(S::BYTES));
    S::parts(base)
}

// The module's dynamic shared memory: one declaration at module scope
// (an `.extern` array has no size; every kernel of the module that uses
// it addresses the same symbol, sized at launch).
#[cfg(target_arch = "nvptx64")]
core::arch::global_asm!(".extern .shared .align 16 .b8 cute_dsmem[];");

/// The block's storage `S` in dynamic shared memory (CuTe's `extern
/// __shared__ char smem[]` cast to its `SharedStorage`; one call per
/// kernel, every thread of the block calling it): a [`SmemArray`] per
/// part, from the start of the dynamic shared memory. The launch must give
/// at least `S::BYTES` bytes of dynamic shared memory ([`SharedStorage::BYTES`],
/// which the host launcher reads from the same type; the device does not
/// check it). `S` must fit [`MAX_DYNAMIC_BYTES`] (checked at compile time).
///
/// ```
/// use cute_static::arch::{Dim3, SharedStorage, SmemArray, dynamic_shared_storage, host, syncthreads, thread_idx};
/// use cute_static::Layout;
/// // 64 KiB: more than static shared memory may hold.
/// type Storage = (SmemArray<f32, Layout![(128, 128)]>,);
/// assert_eq!(<Storage as SharedStorage>::BYTES, 65536);
/// host::launch(Dim3::new(1, 1, 1), Dim3::new(128, 1, 1), || {
///     let (a,) = dynamic_shared_storage::<Storage>();
///     let s = a.tensor(<Layout![(128, 128)]>::default());
///     let t = thread_idx().x;
///     for j in 0..128 { s.write(t + 128 * j, (t * j) as f32); }
///     syncthreads();
///     let u = (t + 1) % 128;
///     assert_eq!(s.read(u + 128 * 127), (u * 127) as f32);
/// });
/// ```
#[inline(always)]
pub fn dynamic_shared_storage<S: SharedStorage>() -> S::Parts {
    const {
        assert!(
            S::BYTES <= MAX_DYNAMIC_BYTES,
            "dynamic_shared_storage: the shared arrays take more than the 227 KiB of dynamic shared memory a block may use"
        )
    };
    #[cfg(target_arch = "nvptx64")]
    let base = {
        let addr: u32;
        // SAFETY: reads the 32-bit shared address of the module's dynamic
        // shared memory; no memory is touched. (That the launch gave
        // `S::BYTES` bytes is the launch contract, as for a kernel's
        // global tensors.)
        unsafe {
            core::arch::asm!(
                "mov.u32 {a}, cute_dsmem;",
                a = out(reg32) addr,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        SmemPtr::<u8>::from_shared(addr)
    };
    #[cfg(not(target_arch = "nvptx64"))]
    let base = SmemPtr::<u8>::from_shared(super::host::imp::shared_storage(S::BYTES));
    S::parts(base)
}
