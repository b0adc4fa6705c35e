//! Rank-2 layouts as functions of `(row, column)`: static layouts and
//! swizzled static layouts.

use cute_static::{
    algebra::{Mode, ModeOf},
    layout::StaticLayout,
};

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
    /// The offset of the origin of tile `(bm, bn)` in the grid of
    /// `rows × cols` tiles: `bm·at(rows, 0) + bn·at(0, cols)`, the tile
    /// grid as the layout `(ROWS/rows, COLS/cols):(at(rows,0), at(0,cols))`
    /// (CuTe's `local_tile` offset when the rest of
    /// `zipped_divide(L, (rows, cols))` has one stride per mode). When
    /// [`Matrix::tiles_affinely`] holds, `at(bm·rows + i, bn·cols + j) =
    /// tile_origin((bm, bn), (rows, cols)) + at(i, j)` for every `(i, j)`
    /// in the tile: the kernels address a tile by its origin plus the
    /// in-tile offset, so the multiplication by the static tile stride
    /// folds into the block index (the code a hand-written kernel gets from
    /// `(bm·rows + i)·ld`).
    ///
    /// ```
    /// use cute_kernels::Matrix;
    /// use cute_static::Layout;
    /// let a = <Layout![(1024, 1024):(1024, 1)]>::default();
    /// assert!(a.tiles_affinely(32, 32));
    /// assert_eq!(a.tile_origin((2, 3), (32, 32)) + a.at(5, 7), a.at(2 * 32 + 5, 3 * 32 + 7));
    /// ```
    #[inline(always)]
    fn tile_origin(&self, (bm, bn): (usize, usize), (rows, cols): (usize, usize)) -> usize {
        bm * self.at(rows, 0) + bn * self.at(0, cols)
    }
    /// Whether `rows` divides `ROWS`, `cols` divides `COLS` and every
    /// coordinate `(bm·rows + i, bn·cols + j)` of the layout (`i < rows`,
    /// `j < cols`) has the offset `tile_origin((bm, bn), (rows, cols)) +
    /// at(i, j)`: the precondition of [`Matrix::tile_origin`]. True for
    /// every layout whose two modes are single `(shape, stride)` leaves;
    /// false for a swizzled one. Checks all `ROWS · COLS` coordinates (a
    /// host-side check: the tests run it for each kernel layout).
    ///
    /// ```
    /// use cute_kernels::{Matrix, Swizzled};
    /// use cute_static::Layout;
    /// // Mode 0 `(4, 4):(1, 8)`: tiles of 4 rows start at rows 0, 8, 16, 24
    /// // (8·bm); tiles of 2 rows at 0, 2, 8, 10 (not 2·bm): not affine.
    /// let l = <Layout![((4, 4), 4):((1, 8), 16)]>::default();
    /// assert!(l.tiles_affinely(4, 2) && !l.tiles_affinely(2, 2));
    /// let s = Swizzled::<Layout![(32, 32):(32, 1)], 5, 0, 5>::default();
    /// assert!(!s.tiles_affinely(8, 8));
    /// ```
    fn tiles_affinely(&self, rows: usize, cols: usize) -> bool {
        if rows == 0 || cols == 0 || Self::ROWS % rows != 0 || Self::COLS % cols != 0 {
            return false;
        }
        (0..Self::ROWS).all(|m| {
            (0..Self::COLS).all(|n| {
                let origin = self.tile_origin((m / rows, n / cols), (rows, cols));
                self.at(m, n) == origin + self.at(m % rows, n % cols)
            })
        })
    }
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
