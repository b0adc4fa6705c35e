//! The element types device memory is read and written in, by their
//! size in bytes: one access of a [`Scalar`] is one instruction of its
//! width (`.b16`, `.b32`, `.v2.b32`, `.v4.b32`), so a `u128` is CuTe's
//! `uint128_t`, a 128-bit vector access (8 `half_t`, 4 `float`).

/// An element type of device memory: 2, 4, 8 or 16 bytes, held as 32-bit
/// words (low word first; a 2-byte value in the low half of word 0).
/// Sealed: implemented for [`F16`](super::F16), `u16`, `i16`, `f32`,
/// `u32`, `i32`, `f64`, `u64`, `i64` and `u128`; `size_of::<T>()` is
/// `BYTES` for each.
///
/// ```
/// use cute_static::arch::{F16, Scalar};
/// assert_eq!(<u128 as Scalar>::BYTES, 16);
/// assert_eq!(<F16 as Scalar>::BYTES, 2);
/// let w = 1.5f32.to_words();
/// assert_eq!(f32::from_words(w), 1.5);
/// assert_eq!(u64::from_words([1, 2, 0, 0]), (2u64 << 32) | 1);
/// assert_eq!(F16::from_f32(1.5).to_words(), [0x3e00, 0, 0, 0]);
/// ```
pub trait Scalar: Copy + Default + PartialEq + core::fmt::Debug + 'static + sealed::Sealed {
    /// The size in bytes: 2, 4, 8 or 16.
    const BYTES: usize;
    /// The words, low first (the unused ones 0; a 2-byte value in the low
    /// 16 bits of word 0).
    fn to_words(self) -> [u32; 4];
    /// The value of the first `BYTES` bytes of the words.
    fn from_words(w: [u32; 4]) -> Self;
}

pub(super) mod sealed {
    pub trait Sealed {}
}

macro_rules! half_word {
    ($($t:ty: $to:expr, $from:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        /// 16 bits, in the low half of word 0.
        impl Scalar for $t {
            const BYTES: usize = 2;
            #[inline(always)]
            fn to_words(self) -> [u32; 4] {
                [$to(self) as u32, 0, 0, 0]
            }
            #[inline(always)]
            fn from_words(w: [u32; 4]) -> Self {
                $from(w[0] as u16)
            }
        }
    )*};
}
half_word! {
    super::F16: super::F16::to_bits, super::F16::from_bits;
    u16: |x: u16| x, |w: u16| w;
    i16: |x: i16| x as u16, |w: u16| w as i16;
}

macro_rules! one_word {
    ($($t:ty: $to:expr, $from:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        /// One 32-bit word.
        impl Scalar for $t {
            const BYTES: usize = 4;
            #[inline(always)]
            fn to_words(self) -> [u32; 4] {
                [$to(self), 0, 0, 0]
            }
            #[inline(always)]
            fn from_words(w: [u32; 4]) -> Self {
                $from(w[0])
            }
        }
    )*};
}
one_word! {
    f32: f32::to_bits, f32::from_bits;
    u32: |x: u32| x, |w: u32| w;
    i32: |x: i32| x as u32, |w: u32| w as i32;
}

macro_rules! two_words {
    ($($t:ty: $to:expr, $from:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        /// Two 32-bit words, low first.
        impl Scalar for $t {
            const BYTES: usize = 8;
            #[inline(always)]
            fn to_words(self) -> [u32; 4] {
                let b: u64 = $to(self);
                [b as u32, (b >> 32) as u32, 0, 0]
            }
            #[inline(always)]
            fn from_words(w: [u32; 4]) -> Self {
                $from(w[0] as u64 | (w[1] as u64) << 32)
            }
        }
    )*};
}
two_words! {
    f64: f64::to_bits, f64::from_bits;
    u64: |x: u64| x, |w: u64| w;
    i64: |x: i64| x as u64, |w: u64| w as i64;
}

impl sealed::Sealed for u128 {}
/// Four 32-bit words, low first: CuTe's `uint128_t`.
impl Scalar for u128 {
    const BYTES: usize = 16;
    #[inline(always)]
    fn to_words(self) -> [u32; 4] {
        [
            self as u32,
            (self >> 32) as u32,
            (self >> 64) as u32,
            (self >> 96) as u32,
        ]
    }
    #[inline(always)]
    fn from_words(w: [u32; 4]) -> Self {
        w[0] as u128 | (w[1] as u128) << 32 | (w[2] as u128) << 64 | (w[3] as u128) << 96
    }
}

/// The number of `T` one `U` holds: `BYTES(U) / BYTES(T)` (at least 1;
/// `pack` and `unpack` require `BYTES(T)` to divide `BYTES(U)`).
#[inline(always)]
pub const fn lanes<T: Scalar, U: Scalar>() -> usize {
    assert!(
        T::BYTES <= U::BYTES && U::BYTES.is_multiple_of(T::BYTES),
        "one U is not a whole number of T"
    );
    U::BYTES / T::BYTES
}

/// The [`lanes`] elements `elem(0), elem(1), …` of `T` packed into one
/// `U` (element 0 in the low bytes): the value one vector access moves.
///
/// ```
/// use cute_static::arch::{F16, pack, unpack};
/// let u: u128 = pack(|i| i as f32);
/// let mut back = [0.0f32; 4];
/// unpack(u, |i, v: f32| back[i] = v);
/// assert_eq!(back, [0.0, 1.0, 2.0, 3.0]);
/// // 8 halves in one 128-bit access, two to a word, element 0 low.
/// let h: u128 = pack(|i| F16::from_bits(i as u16 + 1));
/// assert_eq!(h as u32, 0x0002_0001);
/// let mut halves = [0u16; 8];
/// unpack(h, |i, v: F16| halves[i] = v.to_bits());
/// assert_eq!(halves, [1, 2, 3, 4, 5, 6, 7, 8]);
/// ```
#[inline(always)]
pub fn pack<T: Scalar, U: Scalar>(elem: impl Fn(usize) -> T) -> U {
    let v = const { lanes::<T, U>() };
    let mut w = [0u32; 4];
    let mut i = 0;
    while i < v {
        let e = elem(i).to_words();
        if T::BYTES == 2 {
            w[i / 2] |= (e[0] & 0xffff) << (16 * (i % 2));
        } else {
            let mut j = 0;
            while j < T::BYTES / 4 {
                w[i * (T::BYTES / 4) + j] = e[j];
                j += 1;
            }
        }
        i += 1;
    }
    U::from_words(w)
}

/// The [`lanes`] elements of `T` packed in `u`, handed to `put(i, e)` (the
/// inverse of [`pack`]).
#[inline(always)]
pub fn unpack<T: Scalar, U: Scalar>(u: U, mut put: impl FnMut(usize, T)) {
    let v = const { lanes::<T, U>() };
    let w = u.to_words();
    let mut i = 0;
    while i < v {
        let mut e = [0u32; 4];
        if T::BYTES == 2 {
            e[0] = (w[i / 2] >> (16 * (i % 2))) & 0xffff;
        } else {
            let mut j = 0;
            while j < T::BYTES / 4 {
                e[j] = w[i * (T::BYTES / 4) + j];
                j += 1;
            }
        }
        put(i, T::from_words(e));
        i += 1;
    }
}

/// `size_of::<T>()` is `T::BYTES` for every scalar (the pointer
/// arithmetic of the memory spaces relies on it).
const _: () = {
    assert!(core::mem::size_of::<super::F16>() == 2);
    assert!(core::mem::size_of::<u16>() == 2 && core::mem::size_of::<i16>() == 2);
    assert!(core::mem::size_of::<f32>() == 4 && core::mem::size_of::<f64>() == 8);
    assert!(core::mem::size_of::<u128>() == 16);
};

/// The `lanes(T, U)` elements `s[o..]` as one `U` (element `o` in the low
/// bytes): one read of the registers' bytes, the value [`pack`] gives.
/// The caller checked that they are inside `s`.
#[inline(always)]
pub(crate) fn read_run<T: Scalar, U: Scalar>(s: &[T], o: usize) -> U {
    let n = const { lanes::<T, U>() };
    if cfg!(target_endian = "little") && o + n <= s.len() {
        // SAFETY: `s[o..o + n]` is inside the slice: `n·size(T) = size(U)`
        // bytes (`lanes`), read unaligned. `T` and `U` are `Scalar`s
        // (sealed: primitive integers and floats and `F16`, a transparent
        // `u16`), without padding and valid for every bit pattern; on a
        // little-endian target the bytes of `s[o], s[o+1], …` read as one
        // `U` are `pack`'s value (element `o` in the low bytes).
        unsafe { s.as_ptr().add(o).cast::<U>().read_unaligned() }
    } else {
        pack::<T, U>(|j| s[o + j])
    }
}

/// Writes `u` to the `lanes(T, U)` elements `s[o..]` (the inverse of
/// [`read_run`]).
#[inline(always)]
pub(crate) fn write_run<T: Scalar, U: Scalar>(s: &mut [T], o: usize, u: U) {
    let n = const { lanes::<T, U>() };
    if cfg!(target_endian = "little") && o + n <= s.len() {
        // SAFETY: as for `read_run`, the bytes written: every bit pattern
        // of them is a valid `T`.
        unsafe { s.as_mut_ptr().add(o).cast::<U>().write_unaligned(u) }
    } else {
        unpack::<T, U>(u, |j, v| s[o + j] = v)
    }
}
