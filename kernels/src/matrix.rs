//! Rank-2 layouts as functions of `(row, column)`: static layouts and
//! swizzled static layouts.

use cute_static::{Mode, ModeOf, StaticLayout};

/// A rank-2 layout known at compile time: `at(m, n)` is its offset
/// function on natural coordinates. The one bound a kernel needs per
/// layout. Implemented by every static layout with two top-level modes
/// (`at(m, n) = L₀(m) + L₁(n)`, each mode's literal index arithmetic) and
/// by [`Swizzled`] static layouts.
pub trait Matrix: Copy + Default {
    /// The size of mode 0.
    const ROWS: usize;
    /// The size of mode 1.
    const COLS: usize;
    /// One past the largest offset.
    const COSIZE: usize;
    /// The offset of the natural coordinate `(m, n)`.
    fn at(&self, m: usize, n: usize) -> usize;
}

/// Every static layout with two top-level modes.
impl<L> Matrix for L
where
    L: StaticLayout + Mode<0> + Mode<1>,
{
    const ROWS: usize = <ModeOf<L, 0> as StaticLayout>::SIZE;
    const COLS: usize = <ModeOf<L, 1> as StaticLayout>::SIZE;
    const COSIZE: usize = L::COSIZE;
    #[inline(always)]
    fn at(&self, m: usize, n: usize) -> usize {
        ModeOf::<L, 0>::default().call(m) + ModeOf::<L, 1>::default().call(n)
    }
}

/// CuTe's swizzle functor `Swizzle<B, M, S>` composed after a layout:
/// `at(m, n) = swizzle(L(m, n))` with `swizzle(o) = o ^ ((o >> S) & (2ᴮ−1) << M)`
/// — the `B` bits above `M + S` are XORed into the `B` bits above `M`.
///
/// ```
/// use cute_kernels::{Matrix, Swizzled};
/// use cute_static::Layout;
/// // A 32×32 row-major tile, columns XORed with the row: column reads hit
/// // 32 different banks.
/// let t = Swizzled::<Layout![(32, 32):(32, 1)], 5, 0, 5>::default();
/// assert_eq!(t.at(3, 5), 3 * 32 + (5 ^ 3));
/// assert_eq!(<Swizzled<Layout![(32, 32):(32, 1)], 5, 0, 5>>::COSIZE, 1024);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swizzled<L, const B: u32, const M: u32, const S: u32>(pub L);

/// A swizzle permutes offsets within aligned blocks of `2^(B+M+S)`.
impl<L: Matrix, const B: u32, const M: u32, const S: u32> Matrix for Swizzled<L, B, M, S> {
    const ROWS: usize = L::ROWS;
    const COLS: usize = L::COLS;
    const COSIZE: usize = {
        let block = 1usize << (B + M + S);
        L::COSIZE.div_ceil(block) * block
    };
    #[inline(always)]
    fn at(&self, m: usize, n: usize) -> usize {
        let o = self.0.at(m, n);
        o ^ ((o >> S) & (((1usize << B) - 1) << M))
    }
}
