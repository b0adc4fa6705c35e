//! The algebra as methods of [`Layout`], with the names and argument order
//! of cute-static's methods (`a.compose(b)`, `a.complement(m)`,
//! `a.logical_divide(t)`, …). Each forwards to the free function of the same
//! operation, so `a.compose(&b)` and `composition(&a, &b)` are one code path.
//!
//! ```
//! use cute_dynamic::{Layout, Tiler};
//!
//! let a: Layout = "(4,6,8,10):(2,3,5,7)".parse()?;
//! assert_eq!(a.compose(&"6:12".parse::<Layout>()?)?.to_string(), "(2,3):(9,5)");
//!
//! let m: Layout = "(8,8):(1,8)".parse()?;
//! let t: Tiler = "<2:1,4:1>".parse()?;
//! assert_eq!(m.zipped_divide(&t)?.to_string(), "((2,4),(4,2)):((1,8),(2,32))");
//! assert_eq!(m.coalesce().to_string(), "64:1");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::algebra::coalesce::{Modes, coalesce_leaves_into};
use crate::data::int_tuple::IntTuple;
use crate::data::layout::{Evaluator, Layout, Offsets};
use crate::data::tiler::AsTiler;
use crate::error::LayoutError;

/// A method forwarding to a free function of a layout and a tiler.
macro_rules! by_tiler {
    ($($(#[$doc:meta])* $method:ident => $path:path;)*) => {$(
        $(#[$doc])*
        pub fn $method<T: AsTiler + ?Sized>(&self, tiler: &T) -> Result<Layout, LayoutError> {
            $path(self, tiler)
        }
    )*};
}

impl Layout {
    /// A flattened copy of the layout for evaluation in hot loops: its
    /// leaves coalesced (the trailing size-1 mode kept, so the extended
    /// domain is unchanged), in plain arrays, power-of-two shapes as shifts
    /// and masks.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "((2,2),(4,3)):((1,8),(2,16))".parse()?;
    /// let e = l.evaluator();
    /// assert!((0..100u64).all(|i| e.call(i) == l.call(i as i64)));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn evaluator(&self) -> Evaluator {
        let mut modes = Modes::new();
        coalesce_leaves_into(self.as_ref(), false, &mut modes);
        Evaluator::from_modes(&modes)
    }

    /// The offsets `L(0), L(1), …, L(size-1)` in order, computed
    /// incrementally over the coalesced leaves (an odometer: no division
    /// per element; internal iteration — `for_each`, `fold`, `sum`,
    /// `collect` — runs a plain strided loop along the first leaf).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(2,3):(3,1)".parse()?;
    /// assert_eq!(l.offsets().collect::<Vec<_>>(), [0, 3, 1, 4, 2, 5]);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn offsets(&self) -> Offsets {
        let mut modes = Modes::new();
        coalesce_leaves_into(self.as_ref(), true, &mut modes);
        Offsets::from_modes(&modes, self.size())
    }

    /// `coalesce(self)`: the fewest modes with the same function (see
    /// [`coalesce`](crate::coalesce)).
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(2,(1,6)):(1,(6,2))".parse()?;
    /// assert_eq!(l.coalesce().to_string(), "12:1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn coalesce(&self) -> Layout {
        crate::algebra::coalesce::coalesce(self)
    }

    /// `coalesce(self, profile)`, mode by mode (see
    /// [`coalesce_by`](crate::coalesce_by)).
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "((2,2),(2,2),3):((1,2),(4,8),16)".parse()?;
    /// assert_eq!(l.coalesce_by(&"(1,1)".parse()?)?.to_string(), "(4,4,3):(1,4,16)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn coalesce_by(&self, profile: &IntTuple) -> Result<Layout, LayoutError> {
        crate::algebra::coalesce::coalesce_by(self, profile)
    }

    /// `filter(self)`: stride-0 and size-1 modes removed, then coalesced
    /// (see [`filter`](crate::filter)).
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(4,(2,3)):(0,(1,2))".parse()?;
    /// assert_eq!(l.filter().to_string(), "6:1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn filter(&self) -> Layout {
        crate::algebra::coalesce::filter(self)
    }

    /// `filter_zeros(self)`: stride-0 leaves made size 1 (see
    /// [`filter_zeros`](crate::filter_zeros)).
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(4,2):(1,0)".parse()?;
    /// assert_eq!(l.filter_zeros().to_string(), "(4,1):(1,0)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn filter_zeros(&self) -> Layout {
        crate::algebra::coalesce::filter_zeros(self)
    }

    /// `self ∘ b`, `b` a layout or a tiler (see
    /// [`composition`](crate::composition)).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(4,6,8,10):(2,3,5,7)".parse()?;
    /// assert_eq!(a.compose(&"6:12".parse::<Layout>()?)?.to_string(), "(2,3):(9,5)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn compose<T: AsTiler + ?Sized>(&self, b: &T) -> Result<Layout, LayoutError> {
        crate::algebra::composition::composition(self, b)
    }

    /// `complement(self, cotarget)` (see [`complement`](crate::complement);
    /// cute-static writes the cotarget as a type, `a.complement(C::<M>)`).
    ///
    /// ```
    /// let a: cute_dynamic::Layout = "4:32".parse()?;
    /// assert_eq!(a.complement(256)?.to_string(), "(32,2):(1,128)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn complement(&self, cotarget: i64) -> Result<Layout, LayoutError> {
        crate::algebra::complement::complement(self, cotarget)
    }

    /// `right_inverse(self)` (see [`right_inverse`](crate::right_inverse)).
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(4,8):(8,1)".parse()?;
    /// assert_eq!(l.right_inverse()?.to_string(), "(8,4):(4,1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn right_inverse(&self) -> Result<Layout, LayoutError> {
        crate::algebra::inverse::right_inverse(self)
    }

    /// `left_inverse(self)` (see [`left_inverse`](crate::left_inverse)).
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(4,8):(1,5)".parse()?;
    /// assert_eq!(l.left_inverse()?.to_string(), "(5,8):(1,4)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn left_inverse(&self) -> Result<Layout, LayoutError> {
        crate::algebra::inverse::left_inverse(self)
    }

    by_tiler! {
        /// `logical_divide(self, tiler)` (see
        /// [`logical_divide`](crate::logical_divide)).
        ///
        /// ```
        /// use cute_dynamic::{Layout, Tiler};
        /// let a: Layout = "(8,8):(1,8)".parse()?;
        /// let t: Tiler = "<2:1,4:1>".parse()?;
        /// assert_eq!(a.logical_divide(&t)?.to_string(), "((2,4),(4,2)):((1,2),(8,32))");
        /// # Ok::<(), cute_dynamic::LayoutError>(())
        /// ```
        logical_divide => crate::algebra::divide::logical_divide;
        /// `zipped_divide(self, tiler)` (see
        /// [`zipped_divide`](crate::zipped_divide)).
        ///
        /// ```
        /// use cute_dynamic::{Layout, Tiler};
        /// let a: Layout = "(8,8):(1,8)".parse()?;
        /// let t: Tiler = "<2:1,4:1>".parse()?;
        /// assert_eq!(a.zipped_divide(&t)?.to_string(), "((2,4),(4,2)):((1,8),(2,32))");
        /// # Ok::<(), cute_dynamic::LayoutError>(())
        /// ```
        zipped_divide => crate::algebra::divide::zipped_divide;
        /// `tiled_divide(self, tiler)` (see
        /// [`tiled_divide`](crate::tiled_divide)).
        ///
        /// ```
        /// use cute_dynamic::{Layout, Tiler};
        /// let a: Layout = "12:1".parse()?;
        /// assert_eq!(a.tiled_divide(&"<4:1>".parse::<Tiler>()?)?.to_string(), "((4),(3)):((1),(4))");
        /// # Ok::<(), cute_dynamic::LayoutError>(())
        /// ```
        tiled_divide => crate::algebra::divide::tiled_divide;
        /// `flat_divide(self, tiler)` (see
        /// [`flat_divide`](crate::flat_divide)).
        ///
        /// ```
        /// use cute_dynamic::{Layout, Tiler};
        /// let a: Layout = "(8,8):(1,8)".parse()?;
        /// let t: Tiler = "<2:1,4:1>".parse()?;
        /// assert_eq!(a.flat_divide(&t)?.to_string(), "(2,4,4,2):(1,8,2,32)");
        /// # Ok::<(), cute_dynamic::LayoutError>(())
        /// ```
        flat_divide => crate::algebra::divide::flat_divide;
        /// `logical_product(self, tiler)` (see
        /// [`logical_product`](crate::logical_product)).
        ///
        /// ```
        /// use cute_dynamic::Layout;
        /// let a: Layout = "(2,2):(4,1)".parse()?;
        /// let b: Layout = "6:1".parse()?;
        /// assert_eq!(a.logical_product(&b)?.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
        /// # Ok::<(), cute_dynamic::LayoutError>(())
        /// ```
        logical_product => crate::algebra::product::logical_product;
        /// `zipped_product(self, tiler)` (see
        /// [`zipped_product`](crate::zipped_product)).
        ///
        /// ```
        /// use cute_dynamic::Layout;
        /// let a: Layout = "(2,2):(1,2)".parse()?;
        /// let b: Layout = "(3,4):(1,3)".parse()?;
        /// assert_eq!(a.zipped_product(&b)?.to_string(), "((2,2),(3,4)):((1,2),(4,12))");
        /// # Ok::<(), cute_dynamic::LayoutError>(())
        /// ```
        zipped_product => crate::algebra::product::zipped_product;
        /// `tiled_product(self, tiler)` (see
        /// [`tiled_product`](crate::tiled_product)).
        ///
        /// ```
        /// use cute_dynamic::Layout;
        /// let a: Layout = "(2,2):(1,2)".parse()?;
        /// let b: Layout = "(3,4):(1,3)".parse()?;
        /// assert_eq!(a.tiled_product(&b)?.to_string(), "((2,2),3,4):((1,2),4,12)");
        /// # Ok::<(), cute_dynamic::LayoutError>(())
        /// ```
        tiled_product => crate::algebra::product::tiled_product;
        /// `flat_product(self, tiler)` (see
        /// [`flat_product`](crate::flat_product)).
        ///
        /// ```
        /// use cute_dynamic::Layout;
        /// let a: Layout = "(2,2):(1,2)".parse()?;
        /// let b: Layout = "(3,4):(1,3)".parse()?;
        /// assert_eq!(a.flat_product(&b)?.to_string(), "(2,2,3,4):(1,2,4,12)");
        /// # Ok::<(), cute_dynamic::LayoutError>(())
        /// ```
        flat_product => crate::algebra::product::flat_product;
    }

    /// `blocked_product(self, b)` (see
    /// [`blocked_product`](crate::blocked_product)).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(2,2):(1,2)".parse()?;
    /// let b: Layout = "(3,4):(1,3)".parse()?;
    /// assert_eq!(a.blocked_product(&b)?.to_string(), "((2,3),(2,4)):((1,4),(2,12))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn blocked_product(&self, b: &Layout) -> Result<Layout, LayoutError> {
        crate::algebra::product::blocked_product(self, b)
    }

    /// `raked_product(self, b)` (see
    /// [`raked_product`](crate::raked_product)).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(2,2):(1,2)".parse()?;
    /// let b: Layout = "(3,4):(1,3)".parse()?;
    /// assert_eq!(a.raked_product(&b)?.to_string(), "((3,2),(4,2)):((4,1),(12,2))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn raked_product(&self, b: &Layout) -> Result<Layout, LayoutError> {
        crate::algebra::product::raked_product(self, b)
    }

    /// `max_common_layout(self, b)` (see
    /// [`max_common_layout`](crate::max_common_layout)).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(4,8):(1,4)".parse()?;
    /// assert_eq!(a.max_common_layout(&"(4,2):(1,4)".parse()?)?.to_string(), "8:1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn max_common_layout(&self, b: &Layout) -> Result<Layout, LayoutError> {
        crate::algebra::max_common::max_common_layout(self, b)
    }

    /// `max_common_vector(self, b)` (see
    /// [`max_common_vector`](crate::max_common_vector)).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(4,8):(1,4)".parse()?;
    /// assert_eq!(a.max_common_vector(&"(4,2):(1,4)".parse()?)?, 8);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn max_common_vector(&self, b: &Layout) -> Result<i64, LayoutError> {
        crate::algebra::max_common::max_common_vector(self, b)
    }

    /// CuTe's `Layout::get_hier_coord(idx)`: the hierarchical coordinate
    /// of the index `idx`, `idx2crd(idx, shape, stride)`
    /// ([`idx2crd_strided`](crate::idx2crd_strided): each leaf `s:d` gets
    /// `(idx / d) % s`), congruent to the shape. As in CuTe it inverts the
    /// layout only for a compact one (`self(result) == idx` on its image).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(2,(3,4)):(1,(2,6))".parse()?;
    /// assert_eq!(l.get_hier_coord(17)?.to_string(), "(1,(2,2))");
    /// let r: Layout = "(4,8):(8,1)".parse()?;
    /// assert_eq!(r.get_hier_coord(11)?.to_string(), "(1,3)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    ///
    /// Errors: those of [`idx2crd_strided`](crate::idx2crd_strided) (a leaf
    /// of size > 1 with stride 0: `invalid_argument`).
    pub fn get_hier_coord(&self, idx: i64) -> Result<IntTuple, LayoutError> {
        crate::idx2crd_strided(&IntTuple::int(idx), self.shape(), self.stride())
    }

    /// CuTe's `Layout::get_flat_coord(idx)`: `crd2crd(get_hier_coord(idx),
    /// shape, repeat<rank>(1))` — each mode's part of the hierarchical
    /// coordinate as its one-dimensional coordinate in that mode
    /// (two-argument [`crd2idx_shape`](crate::crd2idx_shape)), a tuple of
    /// the layout's rank of integers; for an integer shape or a rank-1
    /// tuple (where CuTe's `repeat<1>(1)` is the integer 1) one integer.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(2,(3,4)):(1,(2,6))".parse()?;
    /// assert_eq!(l.get_flat_coord(17)?.to_string(), "(1,8)");
    /// let r: Layout = "(4,8):(8,1)".parse()?;
    /// assert_eq!(r.get_flat_coord(11)?.to_string(), "(1,3)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    ///
    /// Errors: those of [`get_hier_coord`](Layout::get_hier_coord) and of
    /// [`crd2idx_shape`](crate::crd2idx_shape) (`overflow`).
    pub fn get_flat_coord(&self, idx: i64) -> Result<IntTuple, LayoutError> {
        let hier = self.get_hier_coord(idx)?;
        let shape = self.shape();
        if shape.is_int() || shape.as_ref().rank() == 1 {
            return Ok(IntTuple::int(crate::crd2idx_shape(&hier, shape)?));
        }
        let modes = hier
            .as_ref()
            .children()
            .zip(shape.as_ref().children())
            .map(|(c, s)| crate::crd2idx_shape(&c.to_owned(), &s.to_owned()))
            .collect::<Result<alloc::vec::Vec<i64>, LayoutError>>()?;
        Ok(IntTuple::flat(modes))
    }

    /// CuTe's `Layout::get_1d_coord(idx)`: `crd2idx(get_hier_coord(idx),
    /// shape)`, the generalized column-major one-dimensional coordinate of
    /// the index `idx` (two-argument [`crd2idx_shape`](crate::crd2idx_shape)).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(2,(3,4)):(1,(2,6))".parse()?;
    /// assert_eq!(l.get_1d_coord(17)?, 17);
    /// let r: Layout = "(4,8):(8,1)".parse()?;
    /// assert_eq!(r.get_1d_coord(11)?, 13);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    ///
    /// Errors: those of [`get_flat_coord`](Layout::get_flat_coord).
    pub fn get_1d_coord(&self, idx: i64) -> Result<i64, LayoutError> {
        crate::crd2idx_shape(&self.get_hier_coord(idx)?, self.shape())
    }
}
