//! Layouts (docs/semantics/objects.md#layouts): a shape and a congruent stride, a function from
//! coordinates to offsets, `L(c) = Σ c_i·d_i` over the natural coordinate `c`
//! of an integral, natural or hierarchical coordinate, colexicographic.
//!
//! Construction checks that the stride is congruent to the shape, that every
//! shape leaf is positive and that the size fits in `i64`, so every query
//! below is total.

use alloc::string::ToString;
use core::fmt;
use core::str::FromStr;

use crate::data::int_tuple::{
    IntTuple, IntTupleRef, LEAF, Node, Nodes, Open, build, flat_pair_into,
};
use crate::error::{LayoutError, add, mul};
use cute_core::stride::compact_leaf;

/// A CuTe layout `shape:stride`, e.g. `((2,2),(4,2)):((1,8),(2,16))`.
///
/// ```
/// use cute_dynamic::Layout;
/// let l: Layout = "((2,2),(4,2)):((1,8),(2,16))".parse()?;
/// assert_eq!(l.size(), 32);
/// assert_eq!(l.call(22), 26);
/// assert_eq!(l.to_string(), "((2,2),(4,2)):((1,8),(2,16))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    pub(crate) shape: IntTuple,
    pub(crate) stride: IntTuple,
}

/// A borrowed layout: a mode (or the whole) of a [`Layout`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct LayoutRef<'a> {
    /// The shape of the mode.
    pub shape: IntTupleRef<'a>,
    /// The stride of the mode (congruent to `shape`).
    pub stride: IntTupleRef<'a>,
}

impl Layout {
    /// The layout `shape:stride`, checked: congruent, positive shape, size in `i64`.
    ///
    /// ```
    /// use cute_dynamic::{IntTuple, Layout};
    /// let l = Layout::new("(4,8)".parse()?, "(1,4)".parse()?)?;
    /// assert_eq!(l.to_string(), "(4,8):(1,4)");
    /// assert!(Layout::new("(4,8)".parse()?, "(1)".parse()?).is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Self, LayoutError> {
        if !shape.as_ref().congruent(stride.as_ref()) {
            return Err(LayoutError::NotCongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            });
        }
        check_shape(&shape)?;
        Ok(Layout { shape, stride })
    }

    /// Internal constructor for results whose invariants hold by construction.
    pub(crate) fn from_parts_unchecked(shape: IntTuple, stride: IntTuple) -> Self {
        debug_assert!(shape.as_ref().congruent(stride.as_ref()));
        Layout { shape, stride }
    }

    /// The compact column-major layout of `shape` (CuTe `LayoutLeft`): strides
    /// are exclusive prefix products; size-1 modes get stride 0, as in CuTe.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// assert_eq!(Layout::column_major(&"(4,(2,3))".parse()?)?.to_string(), "(4,(2,3)):(1,(4,8))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn column_major(shape: &IntTuple) -> Result<Self, LayoutError> {
        check_shape(shape)?;
        Ok(Self::compact_left(shape.clone()))
    }

    /// The compact row-major layout of `shape` (CuTe `LayoutRight`): the last
    /// mode is contiguous.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// assert_eq!(Layout::row_major(&"(4,(2,3))".parse()?)?.to_string(), "(4,(2,3)):(6,(3,1))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn row_major(shape: &IntTuple) -> Result<Self, LayoutError> {
        check_shape(shape)?;
        let leaves: smallvec::SmallVec<[i64; 16]> = shape.leaves().collect();
        let mut strides: smallvec::SmallVec<[i64; 16]> = smallvec::smallvec![0; leaves.len()];
        let mut cur = 1i64;
        for i in (0..leaves.len()).rev() {
            strides[i] = compact_leaf(leaves[i], cur);
            cur *= leaves[i];
        }
        Ok(Self::from_parts_unchecked(
            shape.clone(),
            replace_leaves(shape.as_ref(), strides.iter().copied()),
        ))
    }

    /// The compact layout of `shape` whose modes are laid out in increasing
    /// `order` (CuTe `make_ordered_layout`): the leaf with the smallest order
    /// value is contiguous; ties keep the leaf order. `order` must be
    /// congruent to `shape`.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l = Layout::ordered(&"(2,3,4)".parse()?, &"(1,2,0)".parse()?)?;
    /// assert_eq!(l.to_string(), "(2,3,4):(4,8,1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn ordered(shape: &IntTuple, order: &IntTuple) -> Result<Self, LayoutError> {
        check_shape(shape)?;
        if !shape.as_ref().congruent(order.as_ref()) {
            return Err(LayoutError::NotCongruent {
                shape: shape.to_string(),
                stride: order.to_string(),
            });
        }
        let leaves: smallvec::SmallVec<[i64; 16]> = shape.leaves().collect();
        let ord: smallvec::SmallVec<[i64; 16]> = order.leaves().collect();
        let mut idx: smallvec::SmallVec<[usize; 16]> = (0..leaves.len()).collect();
        idx.sort_by_key(|&i| (ord[i], i));
        let mut strides: smallvec::SmallVec<[i64; 16]> = smallvec::smallvec![0; leaves.len()];
        let mut cur = 1i64;
        for &i in &idx {
            strides[i] = compact_leaf(leaves[i], cur);
            cur *= leaves[i];
        }
        Ok(Self::from_parts_unchecked(
            shape.clone(),
            replace_leaves(shape.as_ref(), strides.iter().copied()),
        ))
    }

    /// Compact column-major of a shape already known valid.
    pub(crate) fn compact_left(shape: IntTuple) -> Self {
        let strides =
            cute_core::stride::compact(shape.leaves()).collect::<smallvec::SmallVec<[i64; 16]>>();
        let stride = replace_leaves(shape.as_ref(), strides.iter().copied());
        Layout { shape, stride }
    }

    /// The rank-1 layout `s:d`.
    pub fn rank1(s: i64, d: i64) -> Result<Self, LayoutError> {
        Self::new(IntTuple::int(s), IntTuple::int(d))
    }

    /// Internal `s:d` for `s > 0` (public for cute-tools' laws only).
    #[doc(hidden)]
    pub fn int(s: i64, d: i64) -> Self {
        Layout {
            shape: IntTuple::int(s),
            stride: IntTuple::int(d),
        }
    }

    /// The flat layout `(s0,s1,…):(d0,d1,…)` (public for cute-tools' laws
    /// only).
    #[doc(hidden)]
    pub fn flat<I: IntoIterator<Item = (i64, i64)>>(modes: I) -> Self {
        let mut b = LayoutBuilder::new();
        let o = b.open();
        for (s, d) in modes {
            b.leaf(s, d);
        }
        b.close(o);
        b.finish()
    }

    /// A flat layout, or `s:d` when there is exactly one mode, or `1:0` when
    /// there is none (the shape of CuTe's coalesced results).
    #[inline(always)]
    pub(crate) fn unwrap_flat(modes: &[(i64, i64)]) -> Self {
        match modes {
            [] => Layout::int(1, 0),
            [(s, d)] => Layout::int(*s, *d),
            _ => {
                // Written in place into fresh inline node arrays (their
                // kinds start as leaves): no per-push checks.
                let mut l = Layout::empty_inline();
                flat_pair_into(&mut l.shape.nodes, &mut l.stride.nodes, modes);
                l
            }
        }
    }

    /// A layout with no nodes yet (its inline arrays zeroed), to be
    /// written in place.
    #[inline(always)]
    pub(crate) fn empty_inline() -> Self {
        Layout {
            shape: IntTuple {
                nodes: Nodes::new(),
            },
            stride: IntTuple {
                nodes: Nodes::new(),
            },
        }
    }

    /// Parse CuTe notation.
    pub fn parse(text: &str) -> Result<Self, LayoutError> {
        text.parse()
    }

    /// The layout as a borrowed view.
    #[inline]
    pub fn as_ref(&self) -> LayoutRef<'_> {
        LayoutRef {
            shape: self.shape.as_ref(),
            stride: self.stride.as_ref(),
        }
    }

    /// The shape.
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The stride.
    pub fn stride(&self) -> &IntTuple {
        &self.stride
    }

    /// Number of top-level modes (1 for `s:d`).
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// Nesting depth of the shape.
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// Number of coordinates in the domain.
    pub fn size(&self) -> i64 {
        // Construction guarantees that the size fits.
        self.shape.leaves().fold(1i64, |a, b| a.wrapping_mul(b))
    }

    /// `(shape, stride)` of every leaf mode, in order.
    #[inline]
    pub fn leaf_modes(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        self.as_ref().leaf_modes()
    }

    /// Largest offset over the domain plus one (`0` when every stride is
    /// negative and the size is 1 is impossible: `cosize ≥ 1`). Negative
    /// strides contribute nothing to the largest offset.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// assert_eq!("(4,8):(1,5)".parse::<Layout>()?.cosize()?, 39);
    /// assert_eq!("(4,8):(0,0)".parse::<Layout>()?.cosize()?, 1);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn cosize(&self) -> Result<i64, LayoutError> {
        self.as_ref().cosize()
    }

    /// Evaluate at the integral coordinate `i` (fast path): `i` is split by
    /// the shape colexicographically, the last mode unreduced (extended
    /// domain). Arithmetic wraps; use [`Layout::checked_call`] for a checked
    /// result.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(4,8):(8,1)".parse()?;
    /// assert_eq!(l.call(5), 9);
    /// assert_eq!(l.call(32), 8); // extended domain: (0,8)
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline]
    pub fn call(&self, i: i64) -> i64 {
        if i < 0 {
            return self.call_signed(i);
        }
        // Every leaf takes `rest % s` and passes on `rest / s`; the last leaf
        // must take all of the rest (extended domain), which is corrected at
        // the end: `rest_after · s_last · d_last`. Power-of-two shapes use a
        // mask and a shift.
        let mut rest = i as u64;
        let mut offset = 0i64;
        let mut last = (1u64, 0i64);
        // The shape's kinds say where the leaves are (as in `leaf_pairs`;
        // this plain loop compiles to fewer instructions per element).
        let (shape, stride) = (self.shape.as_ref(), self.stride.as_ref());
        for ((&k, &s), &d) in shape.kinds.iter().zip(shape.vals).zip(stride.vals) {
            if k == LEAF {
                let s = s as u64;
                let (q, r) = if s.is_power_of_two() {
                    (rest >> s.trailing_zeros(), rest & (s - 1))
                } else {
                    (rest / s, rest % s)
                };
                offset = offset.wrapping_add((r as i64).wrapping_mul(d));
                rest = q;
                last = (s, d);
            }
        }
        offset.wrapping_add((rest.wrapping_mul(last.0) as i64).wrapping_mul(last.1))
    }

    /// [`Layout::call`] for a negative index (truncating division, as C++).
    fn call_signed(&self, i: i64) -> i64 {
        let mut rest = i;
        let mut offset = 0i64;
        let mut last = (1i64, 0i64);
        for (s, d) in self.leaf_modes() {
            offset = offset.wrapping_add((rest % s).wrapping_mul(d));
            rest /= s;
            last = (s, d);
        }
        offset.wrapping_add(rest.wrapping_mul(last.0).wrapping_mul(last.1))
    }

    /// [`Layout::call`] with overflow and negative indices reported as errors.
    pub fn checked_call(&self, i: i64) -> Result<i64, LayoutError> {
        if i < 0 {
            return Err(LayoutError::OutOfBounds {
                layout: self.to_string(),
                coordinate: i.to_string(),
            });
        }
        let mut rest = i;
        let mut offset = 0i64;
        let n = self.shape.as_ref().leaf_count();
        for (k, (s, d)) in self.leaf_modes().enumerate() {
            let c = if k + 1 == n { rest } else { rest % s };
            let term = mul(c, d, "evaluation", &format_args!("{self} at {i}"))?;
            offset = add(offset, term, "evaluation", &format_args!("{self} at {i}"))?;
            rest /= s;
        }
        Ok(offset)
    }

    /// Mode `i` as a layout (for `s:d`, mode 0 is the layout itself).
    pub fn mode(&self, i: usize) -> Option<Layout> {
        self.as_ref().mode(i).map(LayoutRef::to_owned)
    }

    /// The leaves as a flat layout (`s:d` stays `s:d`).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "((2,2),(4,2)):((1,8),(2,16))".parse()?;
    /// assert_eq!(l.flatten().to_string(), "(2,2,4,2):(1,8,2,16)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flatten(&self) -> Layout {
        Layout {
            shape: self.shape.flatten(),
            stride: self.stride.flatten(),
        }
    }

    /// The modes `indices`, in that order, as a new layout (CuTe `select`).
    pub fn select(&self, indices: &[usize]) -> Result<Layout, LayoutError> {
        let mut b = LayoutBuilder::new();
        let o = b.open();
        for &i in indices {
            let m = self
                .as_ref()
                .mode(i)
                .ok_or_else(|| self.rank_error("select", i + 1))?;
            b.push(m);
        }
        b.close(o);
        Ok(b.finish())
    }

    /// Modes `begin..end` as a new layout (CuTe `take<B,E>`).
    pub fn take(&self, begin: usize, end: usize) -> Result<Layout, LayoutError> {
        if begin > end || end > self.rank() {
            return Err(self.rank_error("take", end));
        }
        let idx: smallvec::SmallVec<[usize; 8]> = (begin..end).collect();
        self.select(&idx)
    }

    /// `self` with `mode` appended as a new last mode (an integer layout
    /// becomes a rank-2 tuple).
    pub fn append(&self, mode: &Layout) -> Layout {
        concat_modes([self.as_ref(), mode.as_ref()], [false, true])
    }

    /// `self` with `mode` prepended as a new first mode.
    pub fn prepend(&self, mode: &Layout) -> Layout {
        concat_modes([mode.as_ref(), self.as_ref()], [true, false])
    }

    /// CuTe's `append<N>(layout, x)`: `self` padded with copies of `x` as
    /// new last modes up to rank `n` (`s:d` counts as rank 1); `n` equal to
    /// the rank gives `self` unchanged. CuTe's default `x` is `1:0`.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(4,8):(1,4)".parse()?;
    /// let one: Layout = "1:0".parse()?;
    /// assert_eq!(l.append_to(4, &one)?.to_string(), "(4,8,1,1):(1,4,0,0)");
    /// assert_eq!(l.append_to(2, &one)?.to_string(), "(4,8):(1,4)");
    /// assert_eq!("4:1".parse::<Layout>()?.prepend_to(3, &"2:8".parse()?)?.to_string(), "(2,2,4):(8,8,1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    ///
    /// Errors: `n` below the rank (`rank_mismatch`); a result of more than
    /// 2^20 nodes (`invalid_argument`, checked before anything is built).
    pub fn append_to(&self, n: usize, x: &Layout) -> Result<Layout, LayoutError> {
        self.pad_to(n, x, "append", false)
    }

    /// CuTe's `prepend<N>(layout, x)`: `self` padded with copies of `x` as
    /// new first modes up to rank `n` (see [`Layout::append_to`]).
    ///
    /// Errors: `n` below the rank (`rank_mismatch`); a result of more than
    /// 2^20 nodes (`invalid_argument`, checked before anything is built).
    pub fn prepend_to(&self, n: usize, x: &Layout) -> Result<Layout, LayoutError> {
        self.pad_to(n, x, "prepend", true)
    }

    fn pad_to(
        &self,
        n: usize,
        x: &Layout,
        operation: &'static str,
        front: bool,
    ) -> Result<Layout, LayoutError> {
        let rank = self.rank();
        if n < rank {
            return Err(LayoutError::RankMismatch {
                operation,
                layout: self.to_string(),
                requested: n,
                available: rank,
            });
        }
        if n == rank {
            return Ok(self.clone());
        }
        // Bounded before anything is allocated: a hostile rank asks for
        // (n − rank) copies of x.
        let nodes = (n - rank)
            .checked_mul(x.shape().as_ref().kinds.len())
            .and_then(|p| p.checked_add(self.shape().as_ref().kinds.len()));
        if nodes.is_none_or(|k| k > crate::data::int_tuple_make::MAX_BUILT) {
            return Err(crate::data::int_tuple_make::too_large(
                operation,
                "N",
                n.to_string(),
            ));
        }
        let own: smallvec::SmallVec<[LayoutRef<'_>; 8]> =
            (0..rank).filter_map(|i| self.as_ref().mode(i)).collect();
        let pad = core::iter::repeat_n(x.as_ref(), n - rank);
        let mut b = LayoutBuilder::new();
        let o = b.open();
        if front {
            pad.chain(own).for_each(|m| b.push(m));
        } else {
            own.into_iter().chain(pad).for_each(|m| b.push(m));
        }
        b.close(o);
        Ok(b.finish())
    }

    /// `self` with mode `i` replaced by `mode` (CuTe's `replace<N>`); an
    /// integer layout `s:d` has the one mode 0 and is replaced whole.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(2,3,4):(1,2,6)".parse()?;
    /// let x: Layout = "(5,7):(10,50)".parse()?;
    /// assert_eq!(l.replace(1, &x)?.to_string(), "(2,(5,7),4):(1,(10,50),6)");
    /// assert_eq!(l.replace(3, &x).unwrap_err().kind(), "rank_mismatch");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    ///
    /// Errors: `i` not below the rank (`rank_mismatch`).
    pub fn replace(&self, i: usize, mode: &Layout) -> Result<Layout, LayoutError> {
        if i >= self.rank() {
            return Err(self.rank_error("replace", i + 1));
        }
        if self.shape.is_int() {
            return Ok(mode.clone());
        }
        let mut b = LayoutBuilder::new();
        let o = b.open();
        for (k, m) in self.as_ref().modes().enumerate() {
            b.push(if k == i { mode.as_ref() } else { m });
        }
        b.close(o);
        Ok(b.finish())
    }

    /// Modes `begin..end` grouped into one mode (CuTe `group_modes<B,E>`).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(2,3,4,5):(1,2,6,24)".parse()?;
    /// assert_eq!(l.group_modes(1, 3)?.to_string(), "(2,(3,4),5):(1,(2,6),24)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn group_modes(&self, begin: usize, end: usize) -> Result<Layout, LayoutError> {
        if begin >= end || end > self.rank() {
            return Err(self.rank_error("group_modes", end));
        }
        let mut b = LayoutBuilder::new();
        let o = b.open();
        let mut group = None;
        for (k, m) in self.as_ref().modes().enumerate() {
            if k == begin {
                group = Some(b.open());
            }
            b.push(m);
            if k + 1 == end
                && let Some(g) = group.take()
            {
                b.close(g);
            }
        }
        if let Some(g) = group.take() {
            b.close(g);
        }
        b.close(o);
        Ok(b.finish())
    }

    /// Concatenate layouts as the modes of a new layout (CuTe
    /// `make_layout(l0, l1, …)`).
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(2,3):(1,2)".parse()?;
    /// let b: Layout = "4:6".parse()?;
    /// assert_eq!(Layout::concat([&a, &b]).to_string(), "((2,3),4):((1,2),6)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn concat<'a, I: IntoIterator<Item = &'a Layout>>(modes: I) -> Layout {
        let mut b = LayoutBuilder::new();
        let o = b.open();
        for m in modes {
            b.push(m.as_ref());
        }
        b.close(o);
        b.finish()
    }

    pub(crate) fn rank_error(&self, operation: &'static str, requested: usize) -> LayoutError {
        LayoutError::RankMismatch {
            operation,
            layout: self.to_string(),
            requested,
            available: self.rank(),
        }
    }
}

/// One leaf of an [`Evaluator`].
#[derive(Clone, Copy, Debug)]
struct EvalLeaf {
    shift: u32,
    mask: u64,
    /// The shape when it is not a power of two, else 0.
    div: u64,
    stride: i64,
}

/// A layout prepared for fast evaluation at integral coordinates (see
/// [`Layout::evaluator`]); `call(i)` equals [`Layout::call`] for `i ≥ 0`.
#[derive(Clone, Debug)]
pub struct Evaluator {
    leaves: smallvec::SmallVec<[EvalLeaf; 8]>,
    tail: i64,
    /// Every shape is a power of two: shifts and masks only.
    all_pow2: bool,
}

impl Evaluator {
    /// The evaluator of the flat modes `modes` (a layout's leaves, or their
    /// coalesced form with the trailing size-1 mode kept): size-1 modes
    /// cost nothing, the last mode takes the whole rest.
    pub(crate) fn from_modes(modes: &[(i64, i64)]) -> Evaluator {
        let mut leaves: smallvec::SmallVec<[EvalLeaf; 8]> = smallvec::SmallVec::new();
        let mut last = (1i64, 0i64);
        for &(s, d) in modes {
            last = (s, d);
            if s == 1 {
                continue;
            }
            let s = s as u64;
            leaves.push(if s.is_power_of_two() {
                EvalLeaf {
                    shift: s.trailing_zeros(),
                    mask: s - 1,
                    div: 0,
                    stride: d,
                }
            } else {
                EvalLeaf {
                    shift: 0,
                    mask: 0,
                    div: s,
                    stride: d,
                }
            });
        }
        // The last leaf takes the whole rest: after the loop, `rest` counts
        // whole extents `s_last · d_last` of it.
        Evaluator {
            all_pow2: leaves.iter().all(|l| l.div == 0),
            leaves,
            tail: last.0.wrapping_mul(last.1),
        }
    }

    /// The offset of the integral coordinate `i ≥ 0` (extended domain;
    /// wrapping arithmetic, like [`Layout::call`]).
    #[inline]
    pub fn call(&self, i: u64) -> i64 {
        let mut rest = i;
        let mut offset = 0i64;
        if self.all_pow2 {
            for leaf in &self.leaves {
                offset = offset.wrapping_add(((rest & leaf.mask) as i64).wrapping_mul(leaf.stride));
                rest >>= leaf.shift;
            }
            return offset.wrapping_add((rest as i64).wrapping_mul(self.tail));
        }
        for leaf in &self.leaves {
            let (q, r) = match rest.checked_div(leaf.div) {
                None => (rest >> leaf.shift, rest & leaf.mask),
                Some(q) => (q, rest - q * leaf.div),
            };
            offset = offset.wrapping_add((r as i64).wrapping_mul(leaf.stride));
            rest = q;
        }
        offset.wrapping_add((rest as i64).wrapping_mul(self.tail))
    }
}

/// Iterator over a layout's offsets in domain order (see [`Layout::offsets`]).
#[derive(Clone, Debug)]
pub struct Offsets {
    /// The first leaf of size > 1 `(s0, d0)`, stepped without a counter.
    first: (i64, i64),
    /// Steps left along the first leaf before it wraps.
    run: i64,
    /// The other leaves of size > 1 and their counters.
    leaves: smallvec::SmallVec<[(i64, i64); 8]>,
    counters: smallvec::SmallVec<[i64; 8]>,
    offset: i64,
    remaining: i64,
}

impl Offsets {
    /// The offsets of the flat modes `modes` (a layout's leaves or their
    /// coalesced form) over a domain of `size` elements.
    pub(crate) fn from_modes(modes: &[(i64, i64)], size: i64) -> Offsets {
        let mut leaves: smallvec::SmallVec<[(i64, i64); 8]> =
            modes.iter().copied().filter(|&(s, _)| s > 1).collect();
        let first = if leaves.is_empty() {
            (1, 0)
        } else {
            leaves.remove(0)
        };
        Offsets {
            first,
            run: first.0 - 1,
            counters: smallvec::smallvec![0; leaves.len()],
            leaves,
            offset: 0,
            remaining: size,
        }
    }

    /// From the offset at counter 0 of the first leaf, one step of the
    /// other leaves (the odometer's carry).
    #[inline]
    fn carry(&mut self) {
        self.run = self.first.0 - 1;
        for (k, &(s, d)) in self.leaves.iter().enumerate() {
            self.counters[k] += 1;
            self.offset = self.offset.wrapping_add(d);
            if self.counters[k] < s {
                break;
            }
            self.counters[k] = 0;
            self.offset = self.offset.wrapping_sub(d.wrapping_mul(s));
        }
    }
}

impl Iterator for Offsets {
    type Item = i64;

    #[inline]
    fn next(&mut self) -> Option<i64> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let current = self.offset;
        let (s0, d0) = self.first;
        if self.run > 0 {
            // Fast path: one step along the first leaf.
            self.run -= 1;
            self.offset = self.offset.wrapping_add(d0);
        } else if self.remaining > 0 {
            // The first leaf wraps (back to its counter 0) and carries.
            self.offset = self.offset.wrapping_sub(d0.wrapping_mul(s0 - 1));
            self.carry();
        }
        Some(current)
    }

    /// Internal iteration: a plain strided loop along the first leaf, the
    /// carry once per run (what `for_each`, `sum` and `collect` use).
    #[inline]
    fn fold<B, F: FnMut(B, i64) -> B>(mut self, init: B, mut f: F) -> B {
        let mut acc = init;
        let (s0, d0) = self.first;
        while self.remaining > 0 {
            let n = (self.run + 1).min(self.remaining);
            let mut o = self.offset;
            for _ in 0..n {
                acc = f(acc, o);
                o = o.wrapping_add(d0);
            }
            self.remaining -= n;
            if self.remaining > 0 {
                // The run ended at the first leaf's last counter.
                self.offset = self.offset.wrapping_sub(d0.wrapping_mul(s0 - 1 - self.run));
                self.carry();
            }
        }
        acc
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.remaining).unwrap_or(usize::MAX);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Offsets {}

/// Concatenate the modes of the parts; a part with `as_mode` set is one mode,
/// otherwise its own modes are spliced in.
fn concat_modes<const N: usize>(parts: [LayoutRef<'_>; N], as_mode: [bool; N]) -> Layout {
    let mut b = LayoutBuilder::new();
    let o = b.open();
    for (p, whole) in parts.into_iter().zip(as_mode) {
        if whole {
            b.push(p);
        } else {
            for m in p.modes() {
                b.push(m);
            }
        }
    }
    b.close(o);
    b.finish()
}

impl<'a> LayoutRef<'a> {
    /// `(shape, stride)` of every leaf, in order.
    #[inline]
    pub fn leaf_modes(self) -> impl Iterator<Item = (i64, i64)> + 'a {
        self.shape.leaves().zip(self.stride.leaves())
    }

    /// `true` when the shape is an integer.
    pub fn is_int(self) -> bool {
        self.shape.is_int()
    }

    /// Number of top-level modes.
    pub fn rank(self) -> usize {
        self.shape.rank()
    }

    /// Number of coordinates.
    pub fn size(self) -> i64 {
        self.shape.leaves().fold(1i64, |a, b| a.wrapping_mul(b))
    }

    /// Largest offset plus one.
    pub fn cosize(self) -> Result<i64, LayoutError> {
        // One pass over the leaves with plain checked arithmetic; the
        // error (the same for every overflow) is built out of line.
        let mut hi = 0i64;
        for (s, d) in leaf_pairs(self) {
            if d > 0 {
                match (s - 1).checked_mul(d).and_then(|t| hi.checked_add(t)) {
                    Some(h) => hi = h,
                    None => return Err(cosize_overflow(self)),
                }
            }
        }
        hi.checked_add(1).ok_or_else(|| cosize_overflow(self))
    }

    /// Mode `i` (for an integer layout, mode 0 is itself).
    pub fn mode(self, i: usize) -> Option<LayoutRef<'a>> {
        Some(LayoutRef {
            shape: self.shape.get(i)?,
            stride: self.stride.get(i)?,
        })
    }

    /// The modes in order (an integer layout yields itself).
    pub fn modes(self) -> impl Iterator<Item = LayoutRef<'a>> + Clone {
        LayoutModes {
            rest: if self.shape.is_int() {
                self
            } else {
                self.inner()
            },
        }
    }

    /// The nodes after the root (the modes of a tuple, one after the other).
    #[inline(always)]
    pub(crate) fn inner(self) -> LayoutRef<'a> {
        LayoutRef {
            shape: self.shape.nodes_from(1),
            stride: self.stride.nodes_from(1),
        }
    }

    /// An owned copy.
    pub fn to_owned(self) -> Layout {
        Layout {
            shape: self.shape.to_owned(),
            stride: self.stride.to_owned(),
        }
    }
}

/// The modes of a layout: each cut from both trees at the span of the
/// shape's subtree (the stride is congruent; a stride that is not ends the
/// walk).
#[derive(Clone)]
struct LayoutModes<'a> {
    rest: LayoutRef<'a>,
}

impl<'a> Iterator for LayoutModes<'a> {
    type Item = LayoutRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let span = self.rest.shape.head_span()?;
        let (shape, shape_rest) = self.rest.shape.split_at(span)?;
        let (stride, stride_rest) = self.rest.stride.split_at(span)?;
        self.rest = LayoutRef {
            shape: shape_rest,
            stride: stride_rest,
        };
        Some(LayoutRef { shape, stride })
    }
}

/// Builds a layout's shape and stride together, node by node.
///
/// The nodes are written inside the [`Layout`] that [`Self::finish`]
/// returns, so that finishing is a single move.
pub(crate) struct LayoutBuilder {
    layout: Layout,
}

impl Default for LayoutBuilder {
    #[inline]
    fn default() -> Self {
        LayoutBuilder {
            layout: Layout {
                shape: IntTuple {
                    nodes: Nodes::new(),
                },
                stride: IntTuple {
                    nodes: Nodes::new(),
                },
            },
        }
    }
}

/// Handle of an open tuple in a [`LayoutBuilder`].
#[derive(Clone, Copy)]
pub(crate) struct LayoutOpen(Open, Open);

impl LayoutBuilder {
    #[inline]
    pub(crate) fn new() -> Self {
        Self::default()
    }
    #[inline(always)]
    pub(crate) fn open(&mut self) -> LayoutOpen {
        LayoutOpen(
            build::open(&mut self.layout.shape.nodes),
            build::open(&mut self.layout.stride.nodes),
        )
    }
    #[inline]
    pub(crate) fn close(&mut self, o: LayoutOpen) {
        build::close(&mut self.layout.shape.nodes, o.0);
        build::close(&mut self.layout.stride.nodes, o.1);
    }
    /// Close a tuple with `rank` direct children (no count of them).
    #[inline]
    pub(crate) fn close_with_rank(&mut self, o: LayoutOpen, rank: u32) {
        build::close_with_rank(&mut self.layout.shape.nodes, o.0, rank);
        build::close_with_rank(&mut self.layout.stride.nodes, o.1, rank);
    }
    /// Open a tuple in both trees; returns its position, for
    /// [`Self::close_at`].
    #[inline(always)]
    pub(crate) fn open_at(&mut self) -> usize {
        let at = self.len();
        self.layout
            .shape
            .nodes
            .push(Node::Tuple { rank: 0, span: 0 });
        self.layout
            .stride
            .nodes
            .push(Node::Tuple { rank: 0, span: 0 });
        at
    }
    /// Close the tuple opened at `at` with `rank` direct children.
    #[inline(always)]
    pub(crate) fn close_at(&mut self, at: usize, rank: u32) {
        let span = (self.len() - at) as u32;
        self.layout.shape.nodes.set(at, Node::Tuple { rank, span });
        self.layout.stride.nodes.set(at, Node::Tuple { rank, span });
    }
    #[inline]
    pub(crate) fn leaf(&mut self, s: i64, d: i64) {
        build::leaf(&mut self.layout.shape.nodes, s);
        build::leaf(&mut self.layout.stride.nodes, d);
    }
    /// One mode: `s:d` for a single pair, else the flat tuple of the pairs.
    #[inline]
    pub(crate) fn flat_or_int(&mut self, modes: &[(i64, i64)]) {
        if let [(s, d)] = modes {
            self.leaf(*s, *d);
        } else {
            let o = self.open();
            for &(s, d) in modes {
                self.leaf(s, d);
            }
            self.close(o);
        }
    }
    /// One mode as [`Layout::unwrap_flat`] builds it: `1:0` for no pair,
    /// `s:d` for one, else the flat tuple.
    #[inline]
    pub(crate) fn flat_or_unit(&mut self, modes: &[(i64, i64)]) {
        if modes.is_empty() {
            self.leaf(1, 0);
        } else {
            self.flat_or_int(modes);
        }
    }
    #[inline(always)]
    pub(crate) fn push(&mut self, l: LayoutRef<'_>) {
        build::push_ref(&mut self.layout.shape.nodes, l.shape);
        build::push_ref(&mut self.layout.stride.nodes, l.stride);
    }
    #[inline]
    pub(crate) fn finish(self) -> Layout {
        self.layout
    }
    /// A view of what has been written so far (one mode once every tuple
    /// is closed), without moving it out of the builder.
    #[inline]
    pub(crate) fn as_layout_ref(&self) -> LayoutRef<'_> {
        self.layout.as_ref()
    }
    /// Number of nodes written so far (the same in shape and stride).
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.layout.shape.nodes.len()
    }
    /// A copy of the nodes written from `start` on, which must form one
    /// mode (for error messages).
    pub(crate) fn layout_from(&self, start: usize) -> Layout {
        Layout {
            shape: self.layout.shape.as_ref().nodes_from(start).to_owned(),
            stride: self.layout.stride.as_ref().nodes_from(start).to_owned(),
        }
    }
}

#[cold]
#[inline(never)]
fn cosize_overflow(l: LayoutRef<'_>) -> LayoutError {
    LayoutError::overflow("cosize", l)
}

/// `(shape, stride)` of every leaf of `l` in order, walkable from either
/// end. The shape's kinds say where the leaves are: the stride is
/// congruent in every layout (a hand-made incongruent view gives pairs
/// that mean nothing, never a panic).
#[inline(always)]
pub(crate) fn leaf_pairs(l: LayoutRef<'_>) -> impl DoubleEndedIterator<Item = (i64, i64)> + '_ {
    let (shape, stride) = (l.shape, l.stride);
    shape
        .kinds
        .iter()
        .zip(shape.vals.iter().zip(stride.vals))
        .filter_map(|(&k, (&s, &d))| (k == LEAF).then_some((s, d)))
}

/// `t` with its leaves replaced, in order, by `values`.
pub fn replace_leaves(t: IntTupleRef<'_>, mut values: impl Iterator<Item = i64>) -> IntTuple {
    let mut nodes = Nodes::new();
    nodes.extend_from_ref(t);
    for i in 0..t.node_count() {
        if let Some(Node::Leaf(_)) = t.node(i) {
            nodes.set(i, Node::Leaf(values.next().unwrap_or(0)));
        }
    }
    IntTuple { nodes }
}

/// Every leaf positive and the product in `i64`.
pub(crate) fn check_shape(shape: &IntTuple) -> Result<(), LayoutError> {
    if shape.leaves().any(|s| s <= 0) {
        return Err(LayoutError::NonPositiveShape {
            shape: shape.to_string(),
        });
    }
    if shape.size().is_none() {
        return Err(LayoutError::overflow("size", shape));
    }
    Ok(())
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl fmt::Display for LayoutRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({self})")
    }
}

impl fmt::Debug for LayoutRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LayoutRef({self})")
    }
}

impl FromStr for Layout {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::text::parse::parse_layout(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::l;

    #[test]
    fn cecka_evaluation() {
        let a = l("((2,2),(4,2)):((1,8),(2,16))");
        assert_eq!(a.call(22), 26);
        assert_eq!(a.checked_call(22).unwrap(), 26);
        assert_eq!(a.cosize().unwrap(), 1 + 8 + 6 + 16 + 1);
    }

    #[test]
    fn mode_manipulation() {
        let a = l("(2,3,4):(1,2,6)");
        assert_eq!(a.select(&[2, 0]).unwrap().to_string(), "(4,2):(6,1)");
        assert_eq!(a.take(1, 3).unwrap().to_string(), "(3,4):(2,6)");
        assert_eq!(a.append(&l("5:0")).to_string(), "(2,3,4,5):(1,2,6,0)");
        assert_eq!(
            a.prepend(&l("(5,5):(0,0)")).to_string(),
            "((5,5),2,3,4):((0,0),1,2,6)"
        );
        assert_eq!(l("4:1").append(&l("5:0")).to_string(), "(4,5):(1,0)");
        assert_eq!(
            a.replace(1, &l("7:7")).unwrap().to_string(),
            "(2,7,4):(1,7,6)"
        );
        assert_eq!(
            a.group_modes(0, 2).unwrap().to_string(),
            "((2,3),4):((1,2),6)"
        );
        assert!(a.select(&[3]).is_err());
        assert!(a.take(2, 5).is_err());
    }

    #[test]
    fn checked_construction() {
        assert!(Layout::new(IntTuple::int(0), IntTuple::int(1)).is_err());
        assert!(Layout::new(IntTuple::flat([1 << 40, 1 << 40]), IntTuple::flat([1, 1])).is_err());
        assert!(l("(4,8):(1,8)").checked_call(i64::MAX).is_err());
    }
}
