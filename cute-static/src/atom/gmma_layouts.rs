// The layouts of `atom::GMMA` (documented there).
#![allow(non_camel_case_types)]

use super::{BFloat16, Float8E4M3, Float8E5M2, Half, TFloat32};

/// A value type with CuTe's GMMA layout atoms: by its width, 8, 16 or 32
/// bits.
///
/// # Examples
///
/// The atoms are named by the aliases of [`GMMA`](crate::atom::GMMA); the
/// trait lets a kernel generic over its element type name them:
///
/// ```
/// use cute_static::atom::GMMA::{GmmaLayoutAtoms, Layout_K_SW128_Atom};
/// use cute_static::atom::{Half, TFloat32};
///
/// // 128-byte rows: 64 halves or 32 tf32 elements, one swizzle unit each.
/// fn k_sw128<T: GmmaLayoutAtoms>() -> String
/// where
///     Layout_K_SW128_Atom<T>: core::fmt::Display,
/// {
///     <T as GmmaLayoutAtoms>::KSw128::default().to_string()
/// }
/// assert_eq!(k_sw128::<Half>(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// assert_eq!(k_sw128::<TFloat32>(), "Sw<3,2,3> o _0 o (_8,_32):(_32,_1)");
/// ```
pub trait GmmaLayoutAtoms {
    /// `Layout_K_INTER_Atom<T>`.
    type KInter: Default;
    /// `Layout_K_SW32_Atom<T>`.
    type KSw32: Default;
    /// `Layout_K_SW64_Atom<T>`.
    type KSw64: Default;
    /// `Layout_K_SW128_Atom<T>`.
    type KSw128: Default;
    /// `Layout_MN_INTER_Atom<T>`.
    type MnInter: Default;
    /// `Layout_MN_SW32_Atom<T>`.
    type MnSw32: Default;
    /// `Layout_MN_SW64_Atom<T>`.
    type MnSw64: Default;
    /// `Layout_MN_SW128_Atom<T>`.
    type MnSw128: Default;
}

/// The atoms of `$t`, `$m = log2(128 / bits)`, rows of `$n` elements per 16
/// bytes (`128 / bits`).
macro_rules! gmma_atoms {
    ($($t:ty: $m:tt, $n16:tt, $n32:tt, $n64:tt, $n128:tt;)*) => {$(
        impl GmmaLayoutAtoms for $t {
            type KInter = crate::Layout![(8, $n16):($n16, 1)];
            type KSw32 = crate::Layout![Sw<1,$m,3> o 0 o (8, $n32):($n32, 1)];
            type KSw64 = crate::Layout![Sw<2,$m,3> o 0 o (8, $n64):($n64, 1)];
            type KSw128 = crate::Layout![Sw<3,$m,3> o 0 o (8, $n128):($n128, 1)];
            type MnInter = crate::Layout![($n16, 8):(1, $n16)];
            type MnSw32 = crate::Layout![Sw<1,$m,3> o 0 o ($n32, 8):(1, $n32)];
            type MnSw64 = crate::Layout![Sw<2,$m,3> o 0 o ($n64, 8):(1, $n64)];
            type MnSw128 = crate::Layout![Sw<3,$m,3> o 0 o ($n128, 8):(1, $n128)];
        }
    )*};
}
gmma_atoms! {
    Half: 3, 8, 16, 32, 64;
    BFloat16: 3, 8, 16, 32, 64;
    TFloat32: 2, 4, 8, 16, 32;
    f32: 2, 4, 8, 16, 32;
    Float8E4M3: 4, 16, 32, 64, 128;
    Float8E5M2: 4, 16, 32, 64, 128;
    i8: 4, 16, 32, 64, 128;
    u8: 4, 16, 32, 64, 128;
}

/// CuTe's `GMMA::Layout_K_INTER_Atom<T>`: 8 rows of 16 bytes, K-major.
pub type Layout_K_INTER_Atom<T> = <T as GmmaLayoutAtoms>::KInter;
/// CuTe's `GMMA::Layout_K_SW32_Atom<T>`: 8 rows of 32 bytes, 32-byte swizzle.
pub type Layout_K_SW32_Atom<T> = <T as GmmaLayoutAtoms>::KSw32;
/// CuTe's `GMMA::Layout_K_SW64_Atom<T>`: 8 rows of 64 bytes, 64-byte swizzle.
pub type Layout_K_SW64_Atom<T> = <T as GmmaLayoutAtoms>::KSw64;
/// CuTe's `GMMA::Layout_K_SW128_Atom<T>`: 8 rows of 128 bytes, 128-byte
/// swizzle (`Sw<3,3,3> o (8,64):(64,1)` for `half_t`).
pub type Layout_K_SW128_Atom<T> = <T as GmmaLayoutAtoms>::KSw128;
/// CuTe's `GMMA::Layout_MN_INTER_Atom<T>`: 16 bytes along MN, 8 along K.
pub type Layout_MN_INTER_Atom<T> = <T as GmmaLayoutAtoms>::MnInter;
/// CuTe's `GMMA::Layout_MN_SW32_Atom<T>`.
pub type Layout_MN_SW32_Atom<T> = <T as GmmaLayoutAtoms>::MnSw32;
/// CuTe's `GMMA::Layout_MN_SW64_Atom<T>`.
pub type Layout_MN_SW64_Atom<T> = <T as GmmaLayoutAtoms>::MnSw64;
/// CuTe's `GMMA::Layout_MN_SW128_Atom<T>`: 128 bytes along MN, 8 along K,
/// 128-byte swizzle (`Sw<3,3,3> o (64,8):(1,64)` for `half_t`).
pub type Layout_MN_SW128_Atom<T> = <T as GmmaLayoutAtoms>::MnSw128;
