//! Fused multiply-add: `fma(a, b, c) = a·b + c` with one rounding (FFMA on
//! the device; Rust does not contract `a * b + c`, which stays FMUL +
//! FADD). CuTe's `UniversalFMA` issues it.

/// A type with a fused multiply-add.
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
