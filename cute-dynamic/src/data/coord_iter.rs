//! CuTe's coordinate iteration (`int_tuple.hpp`): `increment(coord, shape)`
//! and `make_coord_iterator(shape)` (`ForwardCoordIterator`), as
//! [`increment`] and a Rust [`Iterator`], [`CoordIterator`].
//!
//! CuTe increments the leaves of a coordinate in an order (colexicographic
//! by default, or the one an `Order` tuple gives): the first leaf in that
//! order is incremented, and each leaf that reaches its extent is reset to 0
//! and carries into the next one. The walk ends when the *last* leaf in the
//! order reaches its extent (CuTe's sentinel). Defining property: from the
//! zero coordinate the iterator yields exactly `size(shape)` coordinates,
//! the `i`-th being `idx2crd(i, shape)` (colexicographic order); with an
//! order, the `i`-th has `i` as its index in the compact layout whose leaf
//! strides follow that order (checked by `cute_tools::laws::check_increment` and the
//! property tests).
//!
//! ```
//! use cute_dynamic::{increment, make_coord_iterator, IntTuple};
//! let shape: IntTuple = "(2,(2,3))".parse()?;
//! let coords: Vec<String> = make_coord_iterator(&shape)?.map(|c| c.to_string()).collect();
//! assert_eq!(coords.len(), 12);
//! assert_eq!(coords[..3], ["(0,(0,0))", "(1,(0,0))", "(0,(1,0))"]);
//! let mut c: IntTuple = "(1,(1,2))".parse()?;
//! increment(&mut c, &shape)?;                 // the end: the last leaf at its extent
//! assert_eq!(c.to_string(), "(0,(0,3))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#[allow(unused_imports)]
use crate::prelude::*;

use crate::data::int_tuple::IntTuple;
use crate::data::layout::replace_leaves;
use crate::error::LayoutError;

/// The leaves' extents and the order in which they are incremented.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Walk {
    extents: Vec<i64>,
    /// Leaf positions, first incremented first.
    seq: Vec<usize>,
}

impl Walk {
    fn new(shape: &IntTuple, order: Option<&IntTuple>) -> Result<Walk, LayoutError> {
        let extents: Vec<i64> = shape.leaves().collect();
        if extents.is_empty() || extents.iter().any(|&s| s < 1) {
            return Err(LayoutError::NotCompatible {
                operation: "coordinate iteration (a shape with positive leaves)",
                left: shape.to_string(),
                right: order.map_or_else(|| shape.to_string(), ToString::to_string),
            });
        }
        if shape.size().is_none() {
            return Err(LayoutError::overflow("coordinate iteration", shape));
        }
        let Some(order) = order else {
            return Ok(Walk {
                seq: (0..extents.len()).collect(),
                extents,
            });
        };
        let bad = |reason: &str| LayoutError::InvalidArgument {
            operation: "make_coord_iterator",
            argument: "ORDER",
            value: order.to_string(),
            reason: reason.into(),
        };
        if !order.as_ref().congruent(shape.as_ref()) {
            return Err(bad("must be congruent to the shape"));
        }
        let n = extents.len();
        let mut seq = vec![usize::MAX; n];
        for (leaf, rank) in order.leaves().enumerate() {
            let r = usize::try_from(rank)
                .ok()
                .filter(|&r| r < n && seq[r] == usize::MAX)
                .ok_or_else(|| bad("must hold each of 0..n once (n leaves)"))?;
            seq[r] = leaf;
        }
        Ok(Walk { extents, seq })
    }

    /// The coordinate's leaves, checked to lie in the shape.
    fn leaves(&self, coord: &IntTuple, shape: &IntTuple) -> Result<Vec<i64>, LayoutError> {
        if !coord.as_ref().congruent(shape.as_ref()) {
            return Err(LayoutError::NotCompatible {
                operation: "increment (a coordinate congruent to the shape)",
                left: coord.to_string(),
                right: shape.to_string(),
            });
        }
        let c: Vec<i64> = coord.leaves().collect();
        if c.iter().zip(&self.extents).any(|(&x, &s)| x < 0 || x >= s) {
            return Err(LayoutError::OutOfBounds {
                layout: shape.to_string(),
                coordinate: coord.to_string(),
            });
        }
        Ok(c)
    }

    /// CuTe's `increment` with carries; `true` at the end (the last leaf in
    /// the order at its extent).
    fn step(&self, c: &mut [i64]) -> bool {
        c[self.seq[0]] += 1;
        for w in self.seq.windows(2) {
            if c[w[0]] == self.extents[w[0]] {
                c[w[0]] = 0;
                c[w[1]] += 1;
            }
        }
        let last = self.seq[self.seq.len() - 1];
        c[last] == self.extents[last]
    }

    /// The number of coordinates from `c` to the end (its index from the
    /// end in the walk's order).
    fn remaining(&self, c: &[i64]) -> u128 {
        let (mut index, mut size) = (0u128, 1u128);
        for &k in &self.seq {
            index += c[k] as u128 * size;
            size *= self.extents[k] as u128;
        }
        size - index
    }
}

/// CuTe's `increment(coord, shape)`: the next coordinate in colexicographic
/// order, in place; after the last coordinate of the shape it is the end
/// coordinate (every leaf 0 but the last, which equals its extent), as in
/// CuTe.
///
/// Errors: a coordinate not congruent to the shape (`not_compatible`,
/// CuTe's "Mismatched ranks"), a leaf outside `[0, extent)`, so also the
/// end coordinate (`out_of_bounds`: CuTe keeps counting past the end), a
/// shape without a leaf or with a non-positive one (`not_compatible`), a
/// shape whose size is beyond `i64` (`overflow`).
pub fn increment(coord: &mut IntTuple, shape: &IntTuple) -> Result<(), LayoutError> {
    let walk = Walk::new(shape, None)?;
    let mut c = walk.leaves(coord, shape)?;
    walk.step(&mut c);
    *coord = replace_leaves(shape.as_ref(), c.into_iter());
    Ok(())
}

/// CuTe's `ForwardCoordIterator` as a Rust iterator: the coordinates of a
/// shape from a start to the end, in colexicographic order or a given one.
/// Made by [`make_coord_iterator`], [`make_coord_iterator_from`] and
/// [`make_coord_iterator_ordered`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoordIterator {
    shape: IntTuple,
    walk: Walk,
    /// The next coordinate's leaves; `None` at the end.
    next: Option<Vec<i64>>,
}

impl CoordIterator {
    /// The shape iterated over.
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }
}

impl Iterator for CoordIterator {
    type Item = IntTuple;

    fn next(&mut self) -> Option<IntTuple> {
        let c = self.next.as_mut()?;
        let item = replace_leaves(self.shape.as_ref(), c.iter().copied());
        if self.walk.step(c) {
            self.next = None;
        }
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.next.as_ref().map_or(0, |c| self.walk.remaining(c));
        let n = usize::try_from(n).ok();
        (n.unwrap_or(usize::MAX), n)
    }
}

impl core::iter::FusedIterator for CoordIterator {}

/// CuTe's `make_coord_iterator(shape)`: every coordinate of `shape` from
/// zero, colexicographically (`idx2crd(0..size, shape)`).
///
/// Errors: a shape without a leaf (CuTe's iterator does not compile) or
/// with a non-positive one (`not_compatible`), a size beyond `i64`
/// (`overflow`).
pub fn make_coord_iterator(shape: &IntTuple) -> Result<CoordIterator, LayoutError> {
    let walk = Walk::new(shape, None)?;
    Ok(CoordIterator {
        next: Some(vec![0; walk.extents.len()]),
        shape: shape.clone(),
        walk,
    })
}

/// CuTe's `make_coord_iterator(coord, shape)`: from `coord` to the end.
///
/// Errors: those of [`make_coord_iterator`], and a start not congruent to
/// the shape (`not_compatible`) or outside it (`out_of_bounds`).
pub fn make_coord_iterator_from(
    start: &IntTuple,
    shape: &IntTuple,
) -> Result<CoordIterator, LayoutError> {
    let walk = Walk::new(shape, None)?;
    Ok(CoordIterator {
        next: Some(walk.leaves(start, shape)?),
        shape: shape.clone(),
        walk,
    })
}

/// CuTe's `make_coord_iterator<Order>(shape)`: from zero, leaf `j` being
/// the `order[j]`-th to be incremented (`order` congruent to `shape`, its
/// leaves a permutation of `0..n`).
///
/// ```
/// use cute_dynamic::{make_coord_iterator_ordered, IntTuple};
/// let shape: IntTuple = "(2,3)".parse()?;
/// let rows: Vec<String> =
///     make_coord_iterator_ordered(&shape, &"(1,0)".parse()?)?.map(|c| c.to_string()).collect();
/// assert_eq!(rows[..4], ["(0,0)", "(0,1)", "(0,2)", "(1,0)"]);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: those of [`make_coord_iterator`], and an order that is not a
/// congruent permutation (`invalid_argument`).
pub fn make_coord_iterator_ordered(
    shape: &IntTuple,
    order: &IntTuple,
) -> Result<CoordIterator, LayoutError> {
    let walk = Walk::new(shape, Some(order))?;
    Ok(CoordIterator {
        next: Some(vec![0; walk.extents.len()]),
        shape: shape.clone(),
        walk,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::coordinate::idx2crd;
    use crate::data::t;

    /// CuTe's documented example (`(1,2,(2,3),3)`: 36 coordinates,
    /// colexicographic) and its end state.
    #[test]
    fn cute_exact() {
        let shape = t("(1,2,(2,3),3)");
        let all: Vec<IntTuple> = make_coord_iterator(&shape).unwrap().collect();
        assert_eq!(all.len(), 36);
        for (i, c) in all.iter().enumerate() {
            assert_eq!(*c, idx2crd(i as i64, &shape));
        }
        let mut c = all[35].clone();
        increment(&mut c, &shape).unwrap();
        assert_eq!(c, t("(0,0,(0,0),3)"));
        assert_eq!(
            increment(&mut c, &shape).unwrap_err().kind(),
            "out_of_bounds"
        );
        assert_eq!(
            increment(&mut t("(0,0)"), &t("(2,(2,2))"))
                .unwrap_err()
                .kind(),
            "not_compatible"
        );
        let mut leaf = t("3");
        increment(&mut leaf, &t("8")).unwrap();
        assert_eq!(leaf, t("4"));
        assert_eq!(
            make_coord_iterator(&t("()")).unwrap_err().kind(),
            "not_compatible"
        );
        let from = make_coord_iterator_from(&t("(1,2)"), &t("(2,3)")).unwrap();
        assert_eq!(from.count(), 1);
        assert!(make_coord_iterator_ordered(&t("(2,3)"), &t("(0,0)")).is_err());
        let huge = t("(4611686018427387904,4611686018427387904,4611686018427387904)");
        assert_eq!(make_coord_iterator(&huge).unwrap_err().kind(), "overflow");
    }
}
