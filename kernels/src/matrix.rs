//! Rank-2 static layouts as functions of `(row, column)`.

use cute_static::{Mode, ModeOf, StaticLayout};

/// A rank-2 static layout: `at(m, n) = L₀(m) + L₁(n)`, each mode's
/// literal index arithmetic (a mode with one leaf is a multiplication by
/// its stride; hierarchical modes split by their static shapes). The one
/// bound a kernel needs per layout.
pub trait Matrix: StaticLayout {
    /// The size of mode 0.
    const ROWS: usize;
    /// The size of mode 1.
    const COLS: usize;
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
    #[inline(always)]
    fn at(&self, m: usize, n: usize) -> usize {
        ModeOf::<L, 0>::default().call(m) + ModeOf::<L, 1>::default().call(n)
    }
}
