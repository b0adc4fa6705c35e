//! Fused multiply-add: `fma(a, b, c) = a·b + c` with one rounding (FFMA on
//! the device; Rust does not contract `a * b + c`, which stays FMUL +
//! FADD). CuTe's `UniversalFMA` issues it.

/// A type with a fused multiply-add.
///
/// # Examples
///
/// ```
/// use cute_static::arch::Fma;
/// fn dot<T: Fma + Default>(a: &[T], b: &[T]) -> T {
///     a.iter().zip(b).fold(T::default(), |acc, (&x, &y)| T::fma(x, y, acc))
/// }
/// assert_eq!(dot(&[1.0f32, 2.0, 3.0], &[4.0, 5.0, 6.0]), 32.0);
/// assert_eq!(dot(&[1, 2], &[3, 4]), 11);
/// ```
pub trait Fma: Copy {
    /// `a·b + c`, rounded once (integers: wrapping).
    fn fma(a: Self, b: Self, c: Self) -> Self;
}

impl Fma for f32 {
    #[inline(always)]
    fn fma(a: f32, b: f32, c: f32) -> f32 {
        #[cfg(target_arch = "nvptx64")]
        {
            // `fma.rn.f32`.
            core::intrinsics::fmaf32(a, b, c)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            a.mul_add(b, c)
        }
    }
}

impl Fma for f64 {
    #[inline(always)]
    fn fma(a: f64, b: f64, c: f64) -> f64 {
        #[cfg(target_arch = "nvptx64")]
        {
            // `fma.rn.f64`.
            core::intrinsics::fmaf64(a, b, c)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            a.mul_add(b, c)
        }
    }
}

impl Fma for i32 {
    #[inline(always)]
    fn fma(a: i32, b: i32, c: i32) -> i32 {
        a.wrapping_mul(b).wrapping_add(c)
    }
}

/// `a·b + c` rounded once: [`Fma::fma`].
///
/// ```
/// use cute_static::arch::fma;
/// assert_eq!(fma(2.0f32, 3.0, 1.0), 7.0);
/// // One rounding: (1 + 2⁻²³)² − 1 keeps the 2⁻⁴⁶ that a·b + c loses.
/// let a = 1.0 + f32::EPSILON;
/// assert_eq!(fma(a, a, -1.0), 2.0 * f32::EPSILON + f32::EPSILON * f32::EPSILON);
/// ```
#[inline(always)]
pub fn fma<T: Fma>(a: T, b: T, c: T) -> T {
    T::fma(a, b, c)
}

/// CuTe's `UniversalFMA<T>` executed: one thread, one value of each
/// operand, `c = fma(a, b, c)`.
impl<T: Fma + Default + 'static> super::MmaCall for crate::UniversalFMA<T, T, T, T>
where
    Self: crate::atom::MmaAtom,
{
    type A = T;
    type B = T;
    type C = T;
    type RegsA = [T; 1];
    type RegsB = [T; 1];
    type RegsC = [T; 1];
    #[inline(always)]
    fn call(a: &[T; 1], b: &[T; 1], c: &mut [T; 1]) {
        c[0] = T::fma(a[0], b[0], c[0]);
    }
}

/// `x mod 2^31` by one `and.b32` the compiler does not look into (see
/// `low31` of the mixed layouts: a narrowed run-time leaf stays a
/// zero-extended 32-bit operand).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
pub(crate) fn opaque_low31(x: u32) -> u32 {
    let r: u32;
    // SAFETY: a register-to-register `and.b32`: no memory access, no side
    // effect.
    unsafe {
        core::arch::asm!(
            "and.b32 {r}, {x}, 2147483647;",
            x = in(reg32) x,
            r = out(reg32) r,
            options(pure, nomem, nostack, preserves_flags)
        );
    }
    r
}

/// `x` through one `mov.b32` the compiler does not look into: a 32-bit
/// comparison of it stays 32-bit (LLVM widens a comparison of two
/// truncated values whose high bits it knows to be zero back to 64 bits).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
pub(crate) fn opaque_u32(x: u32) -> u32 {
    let r: u32;
    // SAFETY: a register-to-register `mov.b32`: no memory access, no side
    // effect.
    unsafe {
        core::arch::asm!(
            "mov.b32 {r}, {x};",
            x = in(reg32) x,
            r = out(reg32) r,
            options(pure, nomem, nostack, preserves_flags)
        );
    }
    r
}

/// `x` through one `mov.b64` the compiler does not look into: a view's
/// base pointer stays one term of its accesses' addresses, which the
/// compiler then does not re-associate into one sum per element
/// ([`MemPtr::opaque`](super::MemPtr::opaque)).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
pub(crate) fn opaque_usize(x: usize) -> usize {
    {
        let r: u64;
        // SAFETY: a register-to-register `mov.b64`: no memory access, no
        // side effect.
        unsafe {
            core::arch::asm!(
                "mov.b64 {r}, {x};",
                x = in(reg64) x as u64,
                r = out(reg64) r,
                options(nomem, nostack, preserves_flags)
            );
        }
        r as usize
    }
}

/// `half_t`'s fused multiply-add, rounded once: `fma.rn.f16` on the
/// device; on the host exact — the product of two binary16 values is
/// exact in `f32`, the sum's rounding error is recovered (two-sum) and the
/// `f32` sum rounded to odd, which then rounds to binary16 as the exact
/// value would (24 bits ≥ 11 + 2).
///
/// ```
/// use cute_static::arch::{F16, fma};
/// let h = |x: f32| F16::from_f32(x);
/// assert_eq!(fma(h(3.0), h(5.0), h(-1.0)), h(14.0));
/// // 3·683 = 2049 is a tie between 2048 and 2050; 2049 + 2⁻²⁴ (the
/// // smallest subnormal) is above it, so rounds up (an f32 sum would tie).
/// assert_eq!(fma(h(3.0), h(683.0), F16::from_bits(1)).to_f32(), 2050.0);
/// assert_eq!(fma(h(3.0), h(683.0), h(0.0)).to_f32(), 2048.0);
/// ```
impl Fma for super::F16 {
    #[inline(always)]
    fn fma(a: Self, b: Self, c: Self) -> Self {
        #[cfg(target_arch = "nvptx64")]
        {
            let d: u16;
            // SAFETY: a register operation; no memory.
            unsafe {
                core::arch::asm!("fma.rn.f16 {d}, {a}, {b}, {c};", d = out(reg16) d,
                    a = in(reg16) a.to_bits(), b = in(reg16) b.to_bits(), c = in(reg16) c.to_bits(),
                    options(pure, nomem, nostack, preserves_flags));
            }
            super::F16::from_bits(d)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            let (p, c) = (a.to_f32() * b.to_f32(), c.to_f32());
            let s = p + c;
            let bb = s - p;
            let err = (p - (s - bb)) + (c - bb);
            let s = if s.is_finite() && err != 0.0 && s.to_bits() & 1 == 0 {
                // Round to odd: the neighbour towards the exact value.
                let up = (err > 0.0) == (s > 0.0);
                f32::from_bits(if up { s.to_bits() + 1 } else { s.to_bits() - 1 })
            } else {
                s
            };
            super::F16::from_f32(s)
        }
    }
}
