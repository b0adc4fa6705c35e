//! Coordinates (docs/semantics/objects.md#coordinates): `idx2crd` splits an integral index
//! colexicographically by a shape (the last mode unreduced: the extended
//! domain); `crd2idx` is the inner product of the natural coordinate with the
//! stride, for any coordinate weakly congruent to the shape; slicing with `_`
//! keeps the holes' modes and returns the offset of the fixed part.

use alloc::{format, string::ToString, vec::Vec};
use core::fmt;
use core::str::FromStr;

use crate::data::int_tuple::{IntTuple, IntTupleRef, TupleBuilder};
use crate::data::layout::{Layout, LayoutBuilder, LayoutRef};
use crate::error::{LayoutError, add, mul};

/// A coordinate that may contain holes `_` (for slicing).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Coord {
    /// An integer coordinate of a whole mode.
    Int(i64),
    /// `_`: keep this mode.
    Hole,
    /// One coordinate per mode.
    Tuple(Vec<Coord>),
}

impl Coord {
    /// Parse `(2,((0,_),_))`.
    pub fn parse(text: &str) -> Result<Coord, LayoutError> {
        text.parse()
    }

    /// `true` if the coordinate contains a hole.
    pub fn has_hole(&self) -> bool {
        match self {
            Coord::Int(_) => false,
            Coord::Hole => true,
            Coord::Tuple(v) => v.iter().any(Coord::has_hole),
        }
    }

    /// The coordinate as an [`IntTuple`], if it has no hole.
    pub fn to_int_tuple(&self) -> Option<IntTuple> {
        fn go(c: &Coord, b: &mut TupleBuilder) -> Option<()> {
            match c {
                Coord::Int(v) => b.leaf(*v),
                Coord::Hole => return None,
                Coord::Tuple(items) => {
                    let o = b.open();
                    for i in items {
                        go(i, b)?;
                    }
                    b.close(o);
                }
            }
            Some(())
        }
        let mut b = TupleBuilder::new();
        go(self, &mut b)?;
        Some(b.finish())
    }
}

impl From<IntTupleRef<'_>> for Coord {
    fn from(t: IntTupleRef<'_>) -> Self {
        match t.as_int() {
            Some(v) => Coord::Int(v),
            None => Coord::Tuple(t.children().map(Coord::from).collect()),
        }
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Coord::Int(v) => write!(f, "{v}"),
            Coord::Hole => f.write_str("_"),
            Coord::Tuple(items) => {
                f.write_str("(")?;
                for (i, c) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{c}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl FromStr for Coord {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::text::parse::parse_coord(s)
    }
}

/// The natural coordinate of index `i` in `shape` (last mode unreduced).
///
/// ```
/// use cute_dynamic::{idx2crd, IntTuple};
/// let s: IntTuple = "((2,2),(4,2))".parse()?;
/// assert_eq!(idx2crd(22, &s).to_string(), "((0,1),(1,1))");
/// assert_eq!(idx2crd(70, &"(4,8)".parse()?).to_string(), "(2,17)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn idx2crd(i: i64, shape: &IntTuple) -> IntTuple {
    let mut b = TupleBuilder::new();
    idx2crd_into(i, shape.as_ref(), &mut b);
    b.finish()
}

fn idx2crd_into(i: i64, shape: IntTupleRef<'_>, b: &mut TupleBuilder) {
    if shape.is_int() {
        b.leaf(i);
        return;
    }
    let o = b.open();
    let mut rest = i;
    let n = shape.rank();
    for (k, m) in shape.children().enumerate() {
        if k + 1 == n {
            idx2crd_into(rest, m, b);
        } else {
            let s = m.size().unwrap_or(i64::MAX);
            idx2crd_into(rest % s, m, b);
            rest /= s;
        }
    }
    b.close(o);
}

/// The offset of `coord` (any coordinate weakly congruent to the shape) in
/// the layout `shape:stride`.
///
/// ```
/// use cute_dynamic::{crd2idx, Layout};
/// let l: Layout = "((2,2),(4,2)):((1,8),(2,16))".parse()?;
/// for c in ["22", "(2,5)", "((0,1),(1,1))"] {
///     assert_eq!(crd2idx(&c.parse()?, &l)?, 26);
/// }
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn crd2idx(coord: &IntTuple, layout: &Layout) -> Result<i64, LayoutError> {
    crd2idx_ref(coord.as_ref(), layout.as_ref(), layout)
}

/// CuTe's two-argument `crd2idx(coord, shape)` (stride.hpp): the index of
/// `coord` in the compact column-major `shape` by Horner's rule on the
/// flattened coordinate and shape, `c₀ + s₀·(c₁ + s₁·(… + c_{n-1}))` —
/// `Σ cᵢ·(s₀⋯s_{i-1})`, the last leaf unreduced and no coordinate checked
/// against its extent (as CuTe). `coord` must be congruent to `shape`
/// (CuTe's `static_assert`); an integer shape returns `coord` as it is.
/// On the domain it agrees with [`crd2idx`] under
/// `compact_col_major(shape)`.
///
/// ```
/// use cute_dynamic::{crd2idx_shape, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(crd2idx_shape(&t("((0,1),(1,1))"), &t("((2,2),(4,2))"))?, 22);
/// assert_eq!(crd2idx_shape(&t("(1,2)"), &t("(4,3)"))?, 9);
/// assert_eq!(crd2idx_shape(&t("(1,5)"), &t("(4,3)"))?, 21);
/// assert_eq!(crd2idx_shape(&t("7"), &t("3"))?, 7);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: `coord` not congruent to `shape` (`not_compatible`), a
/// non-positive shape leaf (`non_positive_shape`), a step of the rule
/// beyond `i64` (`overflow`).
pub fn crd2idx_shape(coord: &IntTuple, shape: &IntTuple) -> Result<i64, LayoutError> {
    if !coord.as_ref().congruent(shape.as_ref()) {
        return Err(LayoutError::NotCompatible {
            operation: "crd2idx (a coordinate congruent to the shape)",
            left: coord.to_string(),
            right: shape.to_string(),
        });
    }
    if shape.leaves().any(|s| s <= 0) {
        return Err(LayoutError::NonPositiveShape {
            shape: shape.to_string(),
        });
    }
    let whole = format_args!("crd2idx({coord}, {shape})");
    let c: Vec<i64> = coord.leaves().collect();
    let s: Vec<i64> = shape.leaves().collect();
    // Horner from the last leaf inwards.
    let mut acc = 0i64;
    for (k, (&ck, &sk)) in c.iter().zip(&s).enumerate().rev() {
        acc = if k + 1 == c.len() {
            ck
        } else {
            add(ck, mul(sk, acc, "crd2idx", &whole)?, "crd2idx", &whole)?
        };
    }
    Ok(acc)
}

fn crd2idx_ref(
    c: IntTupleRef<'_>,
    l: LayoutRef<'_>,
    whole: &dyn fmt::Display,
) -> Result<i64, LayoutError> {
    match (c.as_int(), l.is_int()) {
        (Some(v), true) => {
            let d = l.stride.as_int().unwrap_or(0);
            mul(v, d, "evaluation", whole)
        }
        (Some(v), false) => {
            let n = l.rank();
            let mut rest = v;
            let mut acc = 0i64;
            for (k, m) in l.modes().enumerate() {
                let part = if k + 1 == n {
                    rest
                } else {
                    let s = m.size();
                    let p = rest % s;
                    rest /= s;
                    p
                };
                let t = crd2idx_ref(IntTuple::int(part).as_ref(), m, whole)?;
                acc = add(acc, t, "evaluation", whole)?;
            }
            Ok(acc)
        }
        (None, false) if c.rank() == l.rank() => {
            let mut acc = 0i64;
            for (cc, m) in c.children().zip(l.modes()) {
                let t = crd2idx_ref(cc, m, whole)?;
                acc = add(acc, t, "evaluation", whole)?;
            }
            Ok(acc)
        }
        _ => Err(LayoutError::NotCompatible {
            operation: "evaluation",
            left: c.to_string(),
            right: l.shape.to_string(),
        }),
    }
}

/// CuTe's `idx2crd(idx, shape, stride)` (stride.hpp): each leaf `(s, d)` of
/// `shape:stride` takes the coordinate `(i / d) % s` (truncating division,
/// as in C++; a leaf of size 1 gives 0), where `i` is the integer of `idx`
/// above that leaf. `idx` is weakly congruent to `shape`: an integer is
/// shared by every mode below it; a tuple goes mode by mode. An integer
/// `stride` under a tuple `shape` stands for `compact_col_major(shape,
/// stride)`. Unlike [`idx2crd`], every mode is reduced, the last included.
///
/// ```
/// use cute_dynamic::{idx2crd_strided, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(idx2crd_strided(&t("50"), &t("(8,128)"), &t("(1,16)"))?.to_string(), "(2,3)");
/// assert_eq!(idx2crd_strided(&t("70"), &t("(4,8)"), &t("1"))?.to_string(), "(2,1)");
/// assert_eq!(idx2crd_strided(&t("(5,9)"), &t("(4,(2,3))"), &t("(2,(1,2))"))?.to_string(), "(2,(1,1))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: `idx` or `stride` not matching `shape`'s modes (`not_compatible`),
/// a leaf of size > 1 with stride 0 or a non-positive size
/// (`invalid_argument`: CuTe divides by them), `i64::MIN / -1` (`overflow`).
pub fn idx2crd_strided(
    idx: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
) -> Result<IntTuple, LayoutError> {
    let mut b = TupleBuilder::new();
    let whole = format!("idx2crd({idx}, {shape}, {stride})");
    idx2crd_strided_into(
        idx.as_ref(),
        shape.as_ref(),
        stride.as_ref(),
        &whole,
        &mut b,
    )?;
    Ok(b.finish())
}

fn idx2crd_strided_into(
    idx: IntTupleRef<'_>,
    shape: IntTupleRef<'_>,
    stride: IntTupleRef<'_>,
    whole: &str,
    b: &mut TupleBuilder,
) -> Result<(), LayoutError> {
    let mismatch = || LayoutError::NotCompatible {
        operation: "idx2crd (an index and a stride weakly congruent to the shape)",
        left: idx.to_string(),
        right: format!("{shape}:{stride}"),
    };
    match (idx.as_int(), shape.as_int(), stride.as_int()) {
        (Some(i), Some(s), Some(d)) => {
            let invalid = |reason: &str| LayoutError::InvalidArgument {
                operation: "idx2crd",
                argument: "shape:stride",
                value: format!("{s}:{d}"),
                reason: reason.to_string(),
            };
            if s <= 0 {
                return Err(invalid("a leaf size must be positive"));
            }
            if s == 1 {
                b.leaf(0);
                return Ok(());
            }
            if d == 0 {
                return Err(invalid("a stride 0 under a size > 1 (CuTe divides by it)"));
            }
            let q = i
                .checked_div(d)
                .ok_or_else(|| LayoutError::overflow("idx2crd", whole))?;
            b.leaf(q % s);
            Ok(())
        }
        (Some(_), None, Some(d)) => {
            let compact = crate::compact_col_major(&shape.to_owned(), d)?;
            idx2crd_strided_into(idx, shape, compact.as_ref(), whole, b)
        }
        (Some(_), None, None) if shape.rank() == stride.rank() => {
            let o = b.open();
            for (s, d) in shape.children().zip(stride.children()) {
                idx2crd_strided_into(idx, s, d, whole, b)?;
            }
            b.close(o);
            Ok(())
        }
        (None, None, None) if idx.rank() == shape.rank() && shape.rank() == stride.rank() => {
            let o = b.open();
            for ((i, s), d) in idx.children().zip(shape.children()).zip(stride.children()) {
                idx2crd_strided_into(i, s, d, whole, b)?;
            }
            b.close(o);
            Ok(())
        }
        _ => Err(mismatch()),
    }
}

/// CuTe's `crd2crd(coord, src_shape, dst_shape)`: the coordinate of
/// `dst_shape` with the same colexicographic index as `coord` in
/// `src_shape`; mode by mode where all three are tuples (of one rank),
/// else `idx2crd(crd2idx(coord, src_shape), dst_shape)` (the last mode of
/// `dst_shape` unreduced, as [`idx2crd`]).
///
/// ```
/// use cute_dynamic::{crd2crd, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(crd2crd(&t("(1,2)"), &t("(4,3)"), &t("12"))?.to_string(), "9");
/// assert_eq!(crd2crd(&t("(1,2)"), &t("(4,3)"), &t("(2,6)"))?.to_string(), "(1,2)");
/// assert_eq!(crd2crd(&t("((1,1),2)"), &t("((2,2),3)"), &t("(4,(3))"))?.to_string(), "(3,(2))");
/// assert_eq!(crd2crd(&t("9"), &t("12"), &t("(2,6)"))?.to_string(), "(1,4)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
///
/// Errors: a non-positive shape leaf (`non_positive_shape`), `coord` not
/// weakly congruent to `src_shape`, tuples of different ranks, or shapes
/// of different sizes (`not_compatible`; CuTe does not check the sizes and
/// answers a coordinate outside `dst_shape`), an index beyond `i64`
/// (`overflow`).
pub fn crd2crd(
    coord: &IntTuple,
    src_shape: &IntTuple,
    dst_shape: &IntTuple,
) -> Result<IntTuple, LayoutError> {
    // Both shapes checked once (positive leaves, sizes in `i64`).
    Layout::column_major(src_shape)?;
    Layout::column_major(dst_shape)?;
    // CuTe leaves `size(src) == size(dst)` to the caller (its assert is
    // commented out) and answers a coordinate outside `dst_shape`
    // otherwise; here it is a named error. (Mode by mode, the modes' sizes
    // may differ, as in CuTe.)
    if src_shape.size() != dst_shape.size() {
        return Err(LayoutError::NotCompatible {
            operation: "crd2crd (shapes of one size)",
            left: src_shape.to_string(),
            right: dst_shape.to_string(),
        });
    }
    let mut b = TupleBuilder::new();
    crd2crd_into(
        coord.as_ref(),
        src_shape.as_ref(),
        dst_shape.as_ref(),
        &mut b,
    )?;
    Ok(b.finish())
}

fn crd2crd_into(
    c: IntTupleRef<'_>,
    src: IntTupleRef<'_>,
    dst: IntTupleRef<'_>,
    b: &mut TupleBuilder,
) -> Result<(), LayoutError> {
    if !c.is_int() && !src.is_int() && !dst.is_int() {
        if c.rank() != src.rank() || c.rank() != dst.rank() {
            return Err(LayoutError::NotCompatible {
                operation: "crd2crd (a coordinate and shapes of one rank)",
                left: c.to_string(),
                right: format!("{src} -> {dst}"),
            });
        }
        let o = b.open();
        for ((cc, s), d) in c.children().zip(src.children()).zip(dst.children()) {
            crd2crd_into(cc, s, d, b)?;
        }
        b.close(o);
        return Ok(());
    }
    // The colexicographic index within this mode's own shape.
    let src = Layout::column_major(&src.to_owned())?;
    let i = crd2idx_ref(c, src.as_ref(), &src)?;
    idx2crd_into(i, dst, b);
    Ok(())
}

impl Layout {
    /// Evaluate at any coordinate weakly congruent to the shape: an integer,
    /// a natural coordinate or a hierarchical one (docs/semantics/objects.md#coordinates).
    pub fn call_coord(&self, coord: &IntTuple) -> Result<i64, LayoutError> {
        crd2idx(coord, self)
    }

    /// Slice with a coordinate containing holes: the sub-layout of the holes
    /// (CuTe's structure: kept modes concatenated, each fixed tuple level
    /// removing one level of nesting) and the offset of the fixed part.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "((3,2),((2,3),2)):((4,1),((2,15),100))".parse()?;
    /// let (sub, off) = a.slice(&"(2,((0,_),_))".parse()?)?;
    /// assert_eq!((sub.to_string(), off), ("(3,2):(15,100)".to_string(), 8));
    /// let (sub, off) = a.slice(&"(2,_)".parse()?)?;
    /// assert_eq!((sub.to_string(), off), ("(((2,3),2)):(((2,15),100))".to_string(), 8));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn slice(&self, coord: &Coord) -> Result<(Layout, i64), LayoutError> {
        match coord {
            Coord::Hole => Ok((self.clone(), 0)),
            Coord::Int(v) => Ok((Layout::flat([]), self.call_coord(&IntTuple::int(*v))?)),
            Coord::Tuple(_) => {
                let mut b = LayoutBuilder::new();
                let o = b.open();
                let off = slice_into(coord, self.as_ref(), &mut b, self)?;
                b.close(o);
                Ok((b.finish(), off))
            }
        }
    }
}

/// Splice the kept modes of `l` under the tuple coordinate `c` into `b`;
/// return the offset of the fixed part.
fn slice_into(
    c: &Coord,
    l: LayoutRef<'_>,
    b: &mut LayoutBuilder,
    whole: &Layout,
) -> Result<i64, LayoutError> {
    let Coord::Tuple(items) = c else {
        unreachable!("slice_into is called on tuples only")
    };
    if l.is_int() || items.len() != l.rank() {
        return Err(LayoutError::NotCompatible {
            operation: "slice",
            left: c.to_string(),
            right: l.shape.to_string(),
        });
    }
    let mut off = 0i64;
    for (ci, m) in items.iter().zip(l.modes()) {
        let t = match ci {
            Coord::Hole => {
                b.push(m);
                0
            }
            Coord::Int(v) => crd2idx_ref(IntTuple::int(*v).as_ref(), m, whole)?,
            Coord::Tuple(_) => slice_into(ci, m, b, whole)?,
        };
        off = add(off, t, "slice", whole)?;
    }
    Ok(off)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cecka_slices() {
        let a: Layout = "((3,2),((2,3),2)):((4,1),((2,15),100))".parse().unwrap();
        let s = |c: &str| {
            let (l, o) = a.slice(&c.parse().unwrap()).unwrap();
            (o, l.to_string())
        };
        assert_eq!(s("(_,5)"), (32, "((3,2)):((4,1))".into()));
        assert_eq!(s("((1,_),((_,0),_))"), (4, "(2,2,2):(1,2,100)".into()));
        assert_eq!(s("(_,_)"), (0, a.to_string()));
        assert!(a.slice(&"(1,2,3)".parse().unwrap()).is_err());
    }

    #[test]
    fn coordinates_agree() {
        let l: Layout = "((2,2),(4,2)):((1,8),(2,16))".parse().unwrap();
        for i in 0..40 {
            let c = idx2crd(i, l.shape());
            assert_eq!(crd2idx(&c, &l).unwrap(), l.call(i));
        }
        assert!(crd2idx(&"(1,2,3)".parse().unwrap(), &l).is_err());
    }
}
