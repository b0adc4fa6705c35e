//! Pointers tagged with their memory space (CuTe's `make_gmem_ptr`,
//! `make_smem_ptr`): [`GmemPtr`] into global memory, [`SmemPtr`] into the
//! block's shared memory. A pointer is a plain address (no bounds); it is
//! dereferenced only by the device tensors of this module, which hold the
//! bounds ([`PtrTensor`](super::PtrTensor)).
//!
//! On the device, a global access is one `ld.global`/`st.global` and a
//! shared access one `ld.shared`/`st.shared` on a 32-bit shared address,
//! of the element's width (`.b16`, `.b32`, `.v2.b32`, `.v4.b32`). On the host
//! (the block runner of [`host`](super::host)) both point into storage of
//! `AtomicU32` words and every access is a `Relaxed` atomic per word, so
//! the emulated threads of a block never race in Rust's memory model; a
//! vector access at an address not aligned to its width panics there, as
//! the hardware faults.

use core::marker::PhantomData;

use super::scalar::Scalar;

mod sealed {
    pub trait Sealed {}
}

/// A pointer into one memory space, to elements of [`Scalar`] type
/// `Self::Value`. Sealed: [`GmemPtr`] and [`SmemPtr`].
///
/// # Examples
///
/// ```
/// use cute_static::arch::{GlobalBuffer, MemPtr};
/// fn describe<P: MemPtr>(p: P) -> (&'static str, usize) {
///     (P::SPACE, p.add(4).addr() - p.addr())
/// }
/// let g = GlobalBuffer::<f32>::zeroed(8);
/// assert_eq!(describe(g.ptr()), ("gmem", 16)); // 4 f32 further
/// ```
pub trait MemPtr: Copy + sealed::Sealed {
    /// The element type.
    type Value: Scalar;
    /// The memory space, for messages: `"gmem"`, `"smem"`.
    const SPACE: &'static str;
    /// The pointer `n` elements further (wrapping: no access is made).
    fn add(self, n: usize) -> Self;
    /// The byte address (the 32-bit shared address for [`SmemPtr`] on the
    /// device), for alignment checks.
    fn addr(self) -> usize;
    /// The same pointer through a copy the compiler does not look into (a
    /// global pointer on the device; else the pointer itself): a view's
    /// base pointer, formed once, to which each access adds its constant
    /// offset (the compiler would otherwise fold the base's arithmetic into
    /// each access's address).
    #[doc(hidden)]
    #[inline(always)]
    fn opaque(self) -> Self {
        self
    }
    /// Reads one `U` at this address.
    ///
    /// # Safety
    /// `size_of::<U>()` bytes at this address lie in an allocation of this
    /// memory space, aligned to `size_of::<U>()`.
    unsafe fn read_as<U: Scalar>(self) -> U;
    /// Writes one `U` at this address.
    ///
    /// # Safety
    /// As for [`read_as`](MemPtr::read_as).
    unsafe fn write_as<U: Scalar>(self, v: U);
}

/// A pointer into global memory (CuTe's `gmem_ptr<T*>`): the device
/// address, `#[repr(transparent)]` over `*mut T` (a kernel parameter of
/// this type is the 64-bit device pointer).
#[repr(transparent)]
pub struct GmemPtr<T> {
    addr: *mut T,
}

/// A pointer into the block's shared memory (CuTe's `smem_ptr<T*>`): on
/// the device the 32-bit shared-window address (`ld.shared` takes it as
/// is), on the host the address of the emulated block's storage.
#[repr(transparent)]
pub struct SmemPtr<T> {
    #[cfg(target_arch = "nvptx64")]
    addr: u32,
    #[cfg(not(target_arch = "nvptx64"))]
    addr: usize,
    ty: PhantomData<*mut T>,
}

macro_rules! pointer_common {
    ($($p:ident),*) => {$(
        impl<T> Clone for $p<T> {
            #[inline(always)]
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $p<T> {}
        impl<T> core::fmt::Debug for $p<T> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($p), "({:#x})"), self.addr as usize)
            }
        }
        // SAFETY: a pointer is an address; every access through it is an
        // atomic per word on the host and a plain `ld`/`st` instruction on
        // the device (no Rust reference is ever made), so sharing it
        // between the emulated threads of a block is sound.
        unsafe impl<T> Send for $p<T> {}
        // SAFETY: as for `Send`.
        unsafe impl<T> Sync for $p<T> {}
        impl<T: Scalar> sealed::Sealed for $p<T> {}
    )*};
}
pointer_common!(GmemPtr, SmemPtr);

impl<T> GmemPtr<T> {
    /// The pointer with the address `addr` (no access is made; only a
    /// device tensor dereferences it, and making one from a pointer is
    /// `unsafe`).
    #[inline(always)]
    pub const fn from_raw(addr: *mut T) -> Self {
        GmemPtr { addr }
    }
    /// The address.
    #[inline(always)]
    pub const fn as_raw(self) -> *mut T {
        self.addr
    }
}

impl<T> SmemPtr<T> {
    /// The pointer at the shared address `addr`.
    #[cfg(target_arch = "nvptx64")]
    #[inline(always)]
    pub(crate) const fn from_shared(addr: u32) -> Self {
        SmemPtr {
            addr,
            ty: PhantomData,
        }
    }
    /// The pointer at the host address `addr` (the emulated block's
    /// shared storage).
    #[cfg(not(target_arch = "nvptx64"))]
    #[inline(always)]
    pub(crate) const fn from_shared(addr: usize) -> Self {
        SmemPtr {
            addr,
            ty: PhantomData,
        }
    }
    /// The address (the 32-bit shared address on the device).
    #[cfg(target_arch = "nvptx64")]
    #[inline(always)]
    pub(crate) const fn raw(self) -> u32 {
        self.addr
    }
    /// The address (the host address of the emulated storage).
    #[cfg(not(target_arch = "nvptx64"))]
    #[inline(always)]
    pub(crate) const fn raw(self) -> usize {
        self.addr
    }
    /// The pointer `n` bytes further.
    #[inline(always)]
    pub(crate) fn add_bytes(self, n: usize) -> Self {
        #[cfg(target_arch = "nvptx64")]
        let addr = self.addr.wrapping_add(n as u32);
        #[cfg(not(target_arch = "nvptx64"))]
        let addr = self.addr.wrapping_add(n);
        SmemPtr::from_shared(addr)
    }
}

/// The host side of both spaces: `U::BYTES` bytes of relaxed atomic
/// words (a 2-byte access is one atomic on the half of its word, so two
/// threads writing the two halves of a word do not lose a write).
#[cfg(not(target_arch = "nvptx64"))]
mod host_access {
    use core::sync::atomic::{AtomicU32, Ordering::Relaxed};

    use super::Scalar;

    /// The word holding the byte at `addr`.
    ///
    /// # Safety
    /// The word containing `addr` is a live `AtomicU32`.
    #[inline(always)]
    unsafe fn word<'a>(addr: usize) -> &'a AtomicU32 {
        // SAFETY: the caller's contract (storage is whole aligned words).
        unsafe { &*((addr & !3) as *const AtomicU32) }
    }

    /// # Safety
    /// `addr` points to `U::BYTES` bytes of live `AtomicU32` words.
    #[inline(always)]
    pub(super) unsafe fn read<U: Scalar>(addr: usize, space: &str) -> U {
        aligned::<U>(addr, space);
        let mut w = [0u32; 4];
        if U::BYTES == 2 {
            // SAFETY: the caller's contract.
            w[0] = (unsafe { word(addr) }.load(Relaxed) >> (8 * (addr & 3))) & 0xffff;
        } else {
            for (j, x) in w.iter_mut().enumerate().take(U::BYTES / 4) {
                // SAFETY: the caller's contract: word `j` is a live atomic.
                *x = unsafe { word(addr + 4 * j) }.load(Relaxed);
            }
        }
        U::from_words(w)
    }
    /// # Safety
    /// As for [`read`].
    #[inline(always)]
    pub(super) unsafe fn write<U: Scalar>(addr: usize, v: U, space: &str) {
        aligned::<U>(addr, space);
        let w = v.to_words();
        if U::BYTES == 2 {
            let shift = 8 * (addr & 3);
            let (keep, put) = (!(0xffff << shift), (w[0] & 0xffff) << shift);
            // SAFETY: the caller's contract.
            let word = unsafe { word(addr) };
            // One atomic read-modify-write: the other half is untouched.
            let _ = word.fetch_update(Relaxed, Relaxed, |x| Some((x & keep) | put));
        } else {
            for (j, x) in w.iter().enumerate().take(U::BYTES / 4) {
                // SAFETY: the caller's contract: word `j` is a live atomic.
                unsafe { word(addr + 4 * j) }.store(*x, Relaxed);
            }
        }
    }
    /// The device faults on a misaligned access; the emulation panics.
    #[inline(always)]
    fn aligned<U: Scalar>(addr: usize, space: &str) {
        let width = U::BYTES;
        assert!(
            addr.is_multiple_of(width),
            "misaligned {space} access: {width}-byte access at {addr:#x} (the device faults)"
        );
    }
}

/// The device side: one `ld`/`st` of the width of `U` (2, 4, 8 or 16 bytes) in the space `$sp`
/// on an address operand of class `$reg`.
#[cfg(target_arch = "nvptx64")]
macro_rules! device_access {
    ($sp:literal, $reg:ident, $a:expr, read $U:ty) => {{
        let a = $a;
        let mut w = [0u32; 4];
        // SAFETY (all four arms): the caller's contract of `read_as`: the
        // bytes lie in an allocation of this space, aligned to the width.
        unsafe {
            match <$U as Scalar>::BYTES {
                2 => {
                    let h: u16;
                    core::arch::asm!(concat!("ld.", $sp, ".b16 {h}, [{a}];"),
                        a = in($reg) a, h = out(reg16) h,
                        options(pure, readonly, nostack, preserves_flags));
                    w[0] = h as u32;
                }
                4 => core::arch::asm!(concat!("ld.", $sp, ".b32 {w0}, [{a}];"),
                    a = in($reg) a, w0 = out(reg32) w[0],
                    options(pure, readonly, nostack, preserves_flags)),
                8 => core::arch::asm!(concat!("ld.", $sp, ".v2.b32 {{{w0}, {w1}}}, [{a}];"),
                    a = in($reg) a, w0 = out(reg32) w[0], w1 = out(reg32) w[1],
                    options(pure, readonly, nostack, preserves_flags)),
                _ => core::arch::asm!(concat!("ld.", $sp, ".v4.b32 {{{w0}, {w1}, {w2}, {w3}}}, [{a}];"),
                    a = in($reg) a, w0 = out(reg32) w[0], w1 = out(reg32) w[1],
                    w2 = out(reg32) w[2], w3 = out(reg32) w[3],
                    options(pure, readonly, nostack, preserves_flags)),
            }
        }
        <$U as Scalar>::from_words(w)
    }};
}

#[cfg(target_arch = "nvptx64")]
macro_rules! device_store {
    ($sp:literal, $reg:ident, $a:expr, $U:ty, $v:expr) => {{
        let (a, w) = ($a, <$U as Scalar>::to_words($v));
        // SAFETY (all four arms): the caller's contract of `write_as`.
        unsafe {
            match <$U as Scalar>::BYTES {
                2 => core::arch::asm!(concat!("st.", $sp, ".b16 [{a}], {h};"),
                    a = in($reg) a, h = in(reg16) w[0] as u16, options(nostack, preserves_flags)),
                4 => core::arch::asm!(concat!("st.", $sp, ".b32 [{a}], {w0};"),
                    a = in($reg) a, w0 = in(reg32) w[0], options(nostack, preserves_flags)),
                8 => core::arch::asm!(concat!("st.", $sp, ".v2.b32 [{a}], {{{w0}, {w1}}};"),
                    a = in($reg) a, w0 = in(reg32) w[0], w1 = in(reg32) w[1],
                    options(nostack, preserves_flags)),
                _ => core::arch::asm!(concat!("st.", $sp, ".v4.b32 [{a}], {{{w0}, {w1}, {w2}, {w3}}};"),
                    a = in($reg) a, w0 = in(reg32) w[0], w1 = in(reg32) w[1],
                    w2 = in(reg32) w[2], w3 = in(reg32) w[3], options(nostack, preserves_flags)),
            }
        }
    }};
}

impl<T: Scalar> MemPtr for GmemPtr<T> {
    type Value = T;
    const SPACE: &'static str = "gmem";
    #[inline(always)]
    fn add(self, n: usize) -> Self {
        GmemPtr {
            addr: self.addr.wrapping_add(n),
        }
    }
    #[inline(always)]
    fn addr(self) -> usize {
        self.addr as usize
    }
    #[cfg(target_arch = "nvptx64")]
    #[inline(always)]
    fn opaque(self) -> Self {
        GmemPtr {
            addr: self
                .addr
                .with_addr(super::math::opaque_usize(self.addr.addr())),
        }
    }
    #[inline(always)]
    unsafe fn read_as<U: Scalar>(self) -> U {
        #[cfg(target_arch = "nvptx64")]
        {
            device_access!("global", reg64, self.addr as u64, read U)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        // SAFETY: the caller's contract; host global memory is `AtomicU32`
        // words (`host::GlobalBuffer`).
        unsafe {
            host_access::read::<U>(self.addr as usize, Self::SPACE)
        }
    }
    #[inline(always)]
    unsafe fn write_as<U: Scalar>(self, v: U) {
        #[cfg(target_arch = "nvptx64")]
        device_store!("global", reg64, self.addr as u64, U, v);
        #[cfg(not(target_arch = "nvptx64"))]
        // SAFETY: as for `read_as`.
        unsafe {
            host_access::write::<U>(self.addr as usize, v, Self::SPACE)
        }
    }
}

impl<T: Scalar> MemPtr for SmemPtr<T> {
    type Value = T;
    const SPACE: &'static str = "smem";
    #[inline(always)]
    fn add(self, n: usize) -> Self {
        self.add_bytes(n.wrapping_mul(core::mem::size_of::<T>()))
    }
    #[inline(always)]
    #[allow(clippy::unnecessary_cast)] // u32 on the device
    fn addr(self) -> usize {
        self.addr as usize
    }
    #[inline(always)]
    unsafe fn read_as<U: Scalar>(self) -> U {
        #[cfg(target_arch = "nvptx64")]
        {
            device_access!("shared", reg32, self.addr, read U)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        // SAFETY: the caller's contract; host shared memory is the block's
        // `AtomicU32` words (`host`).
        unsafe {
            host_access::read::<U>(self.addr, Self::SPACE)
        }
    }
    #[inline(always)]
    unsafe fn write_as<U: Scalar>(self, v: U) {
        #[cfg(target_arch = "nvptx64")]
        device_store!("shared", reg32, self.addr, U, v);
        #[cfg(not(target_arch = "nvptx64"))]
        // SAFETY: as for `read_as`.
        unsafe {
            host_access::write::<U>(self.addr, v, Self::SPACE)
        }
    }
}
