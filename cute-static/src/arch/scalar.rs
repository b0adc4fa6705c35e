//! The element types device memory is read and written in, and their
//! 32-bit words: one access of a [`Scalar`] is one instruction of its
//! width (`.b32`, `.v2.b32`, `.v4.b32`), so a `u128` is CuTe's
//! `uint128_t`, a 128-bit vector access.

/// An element type of device memory: 4, 8 or 16 bytes, moved as 1, 2 or
/// 4 32-bit words (low word first). Sealed: implemented for `f32`, `u32`,
/// `i32`, `f64`, `u64`, `i64` and `u128`.
///
/// ```
/// use cute_static::arch::Scalar;
/// assert_eq!(<u128 as Scalar>::WORDS, 4);
/// let w = 1.5f32.to_words();
/// assert_eq!(f32::from_words(w), 1.5);
/// assert_eq!(u64::from_words([1, 2, 0, 0]), (2u64 << 32) | 1);
/// ```
pub trait Scalar: Copy + Default + PartialEq + core::fmt::Debug + 'static + sealed::Sealed {
    /// The number of 32-bit words: 1, 2 or 4.
    const WORDS: usize;
    /// The words, low first (the unused ones 0).
    fn to_words(self) -> [u32; 4];
    /// The value of the first [`WORDS`](Scalar::WORDS) words.
    fn from_words(w: [u32; 4]) -> Self;
}

mod sealed {
    pub trait Sealed {}
}

macro_rules! one_word {
    ($($t:ty: $to:expr, $from:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        /// One 32-bit word.
        impl Scalar for $t {
            const WORDS: usize = 1;
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
            const WORDS: usize = 2;
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
    const WORDS: usize = 4;
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

/// The number of `T` one `U` holds: `WORDS(U) / WORDS(T)` (at least 1;
/// `pack` and `unpack` require `WORDS(T)` to divide `WORDS(U)`).
#[inline(always)]
pub const fn lanes<T: Scalar, U: Scalar>() -> usize {
    assert!(
        T::WORDS <= U::WORDS && U::WORDS.is_multiple_of(T::WORDS),
        "one U is not a whole number of T"
    );
    U::WORDS / T::WORDS
}

/// The [`lanes`] elements `elem(0), elem(1), …` of `T` packed into one
/// `U` (element 0 in the low words): the value one vector access moves.
///
/// ```
/// use cute_static::arch::{pack, unpack};
/// let u: u128 = pack(|i| i as f32);
/// let mut back = [0.0f32; 4];
/// unpack(u, |i, v: f32| back[i] = v);
/// assert_eq!(back, [0.0, 1.0, 2.0, 3.0]);
/// ```
#[inline(always)]
pub fn pack<T: Scalar, U: Scalar>(elem: impl Fn(usize) -> T) -> U {
    let v = const { lanes::<T, U>() };
    let mut w = [0u32; 4];
    let mut i = 0;
    while i < v {
        let e = elem(i).to_words();
        let mut j = 0;
        while j < T::WORDS {
            w[i * T::WORDS + j] = e[j];
            j += 1;
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
        let mut j = 0;
        while j < T::WORDS {
            e[j] = w[i * T::WORDS + j];
            j += 1;
        }
        put(i, T::from_words(e));
        i += 1;
    }
}
