//! Basis strides and coordinate layouts (docs/semantics/objects.md#basis-strides, Cecka §2.3.1, Figure 4,
//! Tables 1 and 4-7).
//!
//! A stride leaf `k@d` is the basis element `e_d` scaled by `k`; a nested
//! basis lists its path innermost first (`3@1@0` is CuTe's `E<0,1>` scaled
//! by 3). A [`CoordLayout`] is a shape with such strides; evaluating it is
//! the inner product of the natural coordinate with the strides, a
//! **coordinate tuple** in the codomain `ℤ^P` whose profile `P` is spanned by
//! the strides' paths. Defining properties, all checked by brute force in the
//! tests:
//!
//! * `make_identity_layout(S)(c) == natural coordinate of c` for every `c`;
//! * composition with a data layout on the right: `(A ∘ B)(i) == A(B(i))`
//!   for `i < size(B)` (Cecka Table 4, "Coordinate" row);
//! * inverses and complements on a flat coordinate codomain act dimension by
//!   dimension (Cecka Tables 5-7): `L(R(c)) == c` for the right inverse,
//!   `R(L(i)) == i` for the left inverse of an injective `L`, disjoint and
//!   ordered images for the complement.
//!
//! ```
//! use cute_dynamic::{CoordLayout, IntTuple};
//! let l: CoordLayout = "(4,(4,2)):(1@1,(1@0,6@1))".parse()?;
//! // (i,(j,k)) ↦ (j, i+6k)  (docs/semantics/objects.md#basis-strides)
//! assert_eq!(l.call_coord(&"(3,(2,1))".parse()?)?.to_string(), "(2,9)");
//! let tv: cute_dynamic::Layout = "((4,8),2):((16,1),8)".parse()?;
//! let id: CoordLayout = "(8,8):(1@0,1@1)".parse()?;
//! assert_eq!(id.compose(&tv)?.to_string(), "((4,8),2):((2@1,1@0),1@1)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::{format, string::String, string::ToString, vec, vec::Vec};
use core::fmt;
use core::str::FromStr;

use smallvec::SmallVec;

use crate::algebra::composition::composition;
use crate::data::coordinate::Coord;
use crate::data::int_tuple::{IntTuple, IntTupleRef};
use crate::data::layout::{Layout, replace_leaves};
use crate::data::tiler::AsTiler;
use crate::error::LayoutError;
use crate::text::descriptor::{Dialect, StrideParser};

pub use cute_core::limits::MAX_CODOMAIN_RANK;

/// A scaled basis element `k@d0@d1…` (an integer when the path is empty).
///
/// ```
/// use cute_dynamic::ScaledBasis;
/// let e = ScaledBasis::new(3, &[1, 0]);
/// assert_eq!(e.to_string(), "3@1@0");
/// assert_eq!(e.mode_path().collect::<Vec<_>>(), vec![0, 1]); // CuTe E<0,1>
/// assert_eq!(ScaledBasis::int(-2).to_string(), "-2");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ScaledBasis {
    scale: i64,
    path: SmallVec<[u32; 4]>,
}

impl ScaledBasis {
    /// `scale` times the basis element whose path is `path`, innermost
    /// first as printed (`[1, 0]` is `@1@0`, CuTe's `E<0,1>`).
    pub fn new(scale: i64, path: &[u32]) -> Self {
        ScaledBasis {
            scale,
            path: path.iter().copied().collect(),
        }
    }
    /// The plain integer `v` (empty path).
    pub fn int(v: i64) -> Self {
        ScaledBasis::new(v, &[])
    }
    /// The scale `k`.
    pub fn scale(&self) -> i64 {
        self.scale
    }
    /// The path as printed, innermost first.
    pub fn path(&self) -> &[u32] {
        &self.path
    }
    /// The path outermost first: the mode indices into the codomain.
    pub fn mode_path(&self) -> impl Iterator<Item = u32> + '_ {
        self.path.iter().rev().copied()
    }
    /// `true` for a plain integer.
    pub fn is_int(&self) -> bool {
        self.path.is_empty()
    }
    /// `k · self`, or an overflow error.
    pub fn scaled(&self, k: i64) -> Result<Self, LayoutError> {
        let scale = self
            .scale
            .checked_mul(k)
            .ok_or_else(|| LayoutError::overflow("basis scaling", self))?;
        Ok(ScaledBasis {
            scale,
            path: self.path.clone(),
        })
    }
}

impl fmt::Display for ScaledBasis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.scale)?;
        for d in &self.path {
            write!(f, "@{d}")?;
        }
        Ok(())
    }
}

/// A stride tree whose leaves are [`ScaledBasis`] elements.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum BasisStride {
    /// A leaf.
    Leaf(ScaledBasis),
    /// A tuple of sub-trees (possibly empty).
    Tuple(Vec<BasisStride>),
}

impl BasisStride {
    /// The leaves in order.
    pub fn leaves(&self) -> Vec<&ScaledBasis> {
        fn go<'a>(t: &'a BasisStride, out: &mut Vec<&'a ScaledBasis>) {
            match t {
                BasisStride::Leaf(b) => out.push(b),
                BasisStride::Tuple(v) => v.iter().for_each(|c| go(c, out)),
            }
        }
        let mut out = Vec::new();
        go(self, &mut out);
        out
    }

    /// `true` if this tree has the tree shape of `t`.
    pub fn congruent(&self, t: IntTupleRef<'_>) -> bool {
        match (self, t.is_int()) {
            (BasisStride::Leaf(_), true) => true,
            (BasisStride::Tuple(v), false) => {
                v.len() == t.rank() && v.iter().zip(t.children()).all(|(a, b)| a.congruent(b))
            }
            _ => false,
        }
    }

    /// The tree of `t`'s shape with leaves taken, in order, from `leaves`.
    fn like(t: IntTupleRef<'_>, leaves: &mut impl Iterator<Item = ScaledBasis>) -> BasisStride {
        if t.is_int() {
            BasisStride::Leaf(leaves.next().unwrap_or_else(|| ScaledBasis::int(0)))
        } else {
            BasisStride::Tuple(t.children().map(|c| Self::like(c, leaves)).collect())
        }
    }
}

impl fmt::Display for BasisStride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BasisStride::Leaf(b) => b.fmt(f),
            BasisStride::Tuple(v) => {
                f.write_str("(")?;
                for (i, c) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    c.fmt(f)?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A layout whose strides are scaled basis elements: a function from
/// coordinates to coordinate tuples (`(4,8):(1@0,1@1)` is the identity of
/// shape `(4,8)`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CoordLayout {
    shape: IntTuple,
    stride: BasisStride,
}

impl CoordLayout {
    /// `shape:stride`, checked: congruent, positive shape, size in `i64`.
    pub fn new(shape: IntTuple, stride: BasisStride) -> Result<Self, LayoutError> {
        Layout::column_major(&shape)?;
        if !stride.congruent(shape.as_ref()) {
            return Err(LayoutError::NotCongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            });
        }
        Ok(CoordLayout { shape, stride })
    }

    /// Parse `(4,8):(1@0,1@1)` (the stride is required).
    pub fn parse(text: &str) -> Result<Self, LayoutError> {
        text.parse()
    }

    /// The shape.
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }
    /// The stride tree.
    pub fn stride(&self) -> &BasisStride {
        &self.stride
    }
    /// Number of coordinates in the domain.
    pub fn size(&self) -> i64 {
        self.shape.leaves().fold(1, i64::wrapping_mul)
    }
    /// Number of top-level modes.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    fn leaf_modes(&self) -> impl Iterator<Item = (i64, &ScaledBasis)> {
        self.shape.leaves().zip(self.stride.leaves())
    }

    /// The codomain: an [`IntTuple`] of zeros whose profile is spanned by
    /// the strides' paths (`0` for an integer codomain).
    ///
    /// ```
    /// use cute_dynamic::CoordLayout;
    /// let l: CoordLayout = "(2,3,4):(1@0,2@1@1,0)".parse()?;
    /// assert_eq!(l.codomain()?.to_string(), "(0,(0,0))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn codomain(&self) -> Result<IntTuple, LayoutError> {
        Ok(self.profile()?.zeros)
    }

    fn profile(&self) -> Result<Profile, LayoutError> {
        let err = |reason: String| LayoutError::Codomain {
            operation: "codomain",
            layout: self.to_string(),
            reason,
        };
        let bases: Vec<&ScaledBasis> = self
            .stride
            .leaves()
            .into_iter()
            .filter(|b| !b.is_int())
            .collect();
        if bases.is_empty() {
            return Ok(Profile {
                zeros: IntTuple::int(0),
                paths: vec![Vec::new()],
            });
        }
        if self
            .stride
            .leaves()
            .iter()
            .any(|b| b.is_int() && b.scale != 0)
        {
            return Err(err("integer strides mix with basis strides".into()));
        }
        let mut root = Prof::Node(Vec::new());
        for b in bases {
            let path: Vec<u32> = b.mode_path().collect();
            if let Some(&p) = path.iter().find(|&&p| p >= MAX_CODOMAIN_RANK) {
                return Err(err(format!("basis index {p} exceeds {MAX_CODOMAIN_RANK}")));
            }
            root.insert(&path).map_err(|()| {
                err(format!(
                    "basis {b} is both a leaf and a tuple of the codomain"
                ))
            })?;
        }
        let mut paths = Vec::new();
        let mut nodes = crate::data::int_tuple::TupleBuilder::new();
        root.emit(&mut Vec::new(), &mut nodes, &mut paths);
        Ok(Profile {
            zeros: nodes.finish(),
            paths,
        })
    }

    fn accumulate(
        &self,
        naturals: impl Iterator<Item = i64>,
        profile: &Profile,
    ) -> Result<IntTuple, LayoutError> {
        let mut values = vec![0i64; profile.paths.len()];
        for (c, (_, b)) in naturals.zip(self.leaf_modes()) {
            if b.scale == 0 {
                continue;
            }
            let path: SmallVec<[u32; 4]> = b.mode_path().collect();
            let slot = profile
                .paths
                .iter()
                .position(|p| p.as_slice() == path.as_slice())
                .unwrap_or(0);
            let term = c
                .checked_mul(b.scale)
                .and_then(|t| t.checked_add(values[slot]))
                .ok_or_else(|| LayoutError::overflow("evaluation", self))?;
            values[slot] = term;
        }
        Ok(replace_leaves(profile.zeros.as_ref(), values.into_iter()))
    }

    /// Evaluate at the integral coordinate `i` (last mode unreduced).
    pub fn call(&self, i: i64) -> Result<IntTuple, LayoutError> {
        let profile = self.profile()?;
        let n = self.shape.as_ref().leaf_count();
        let mut rest = i;
        let naturals = self.shape.leaves().enumerate().map(move |(k, s)| {
            if k + 1 == n {
                rest
            } else {
                let c = rest % s;
                rest /= s;
                c
            }
        });
        self.accumulate(naturals, &profile)
    }

    /// Evaluate at any coordinate weakly congruent to the shape.
    pub fn call_coord(&self, coord: &IntTuple) -> Result<IntTuple, LayoutError> {
        let profile = self.profile()?;
        let mut naturals = Vec::new();
        natural_coord(coord.as_ref(), self.shape.as_ref(), &mut naturals)?;
        self.accumulate(naturals.into_iter(), &profile)
    }

    /// Slice with `_` holes: the sub-layout of the holes (CuTe's structure,
    /// as [`Layout::slice`]) and the coordinate offset of the fixed part.
    ///
    /// ```
    /// use cute_dynamic::CoordLayout;
    /// let l: CoordLayout = "(4,8):(1@0,1@1)".parse()?;
    /// let (col, off) = l.slice(&"(_,3)".parse()?)?;
    /// assert_eq!((col.to_string(), off.to_string()), ("(4):(1@0)".into(), "(0,3)".into()));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn slice(&self, coord: &Coord) -> Result<(CoordLayout, IntTuple), LayoutError> {
        let leaves: Vec<ScaledBasis> = self.stride.leaves().into_iter().cloned().collect();
        let tags = replace_leaves(self.shape.as_ref(), 0..leaves.len() as i64);
        let tagged = Layout::new(self.shape.clone(), tags)?;
        let (sub, _) = tagged.slice(coord)?;
        let stride = BasisStride::like(
            sub.stride().as_ref(),
            &mut sub
                .stride()
                .leaves()
                .map(|t| leaves[usize::try_from(t).unwrap_or(0)].clone()),
        );
        let fixed = zero_holes(coord);
        let offset = self.call_coord(&fixed)?;
        Ok((
            CoordLayout {
                shape: sub.shape().clone(),
                stride,
            },
            offset,
        ))
    }

    /// Composition `self ∘ b` with a data layout or tiler on the right
    /// (the algorithm of docs/semantics/algebra.md#composition; the strides of the result are scaled basis
    /// elements of `self`'s codomain).
    ///
    /// The integer algorithm is run (by [`CoordLayout::lift`]) on two integer encodings of `self` that
    /// coalesce exactly as the basis strides do (a leaf continues its
    /// predecessor's run iff it is the same basis scaled by the
    /// predecessor's size); run `j` of the second encoding is `j+1` times
    /// the first, so the ratio of the two results names the run each result
    /// stride came from, and the quotient by the run's stride is its scale.
    pub fn compose<T: AsTiler + ?Sized>(&self, b: &T) -> Result<CoordLayout, LayoutError> {
        self.lift(&|enc| composition(enc, b))
    }

    /// Apply a domain-side operation of the integer algebra (a composition
    /// with something on the right, a divide by a tiler, …: any operation
    /// whose result strides are integer multiples of the strides of the
    /// coalesced modes of its left operand) to this coordinate layout.
    ///
    /// ```
    /// use cute_dynamic::{zipped_divide, CoordLayout, Tiler};
    /// let id: CoordLayout = "(10,13):(1@0,1@1)".parse()?;
    /// let t: Tiler = "(4,8)".parse()?;
    /// let tiles = id.lift(&|l| zipped_divide(l, &t))?;
    /// assert_eq!(tiles.to_string(), "((4,8),(3,2)):((1@0,1@1),(4@0,8@1))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn lift(
        &self,
        op: &dyn Fn(&Layout) -> Result<Layout, LayoutError>,
    ) -> Result<CoordLayout, LayoutError> {
        let (enc1, enc2, runs) = self.encodings()?;
        let r1 = op(&enc1)?;
        let r2 = op(&enc2)?;
        let internal = || LayoutError::Unsupported {
            operation: "coordinate layout algebra",
            reason: format!("the operation on {self} does not act on the domain side only"),
        };
        if r1.shape() != r2.shape() {
            return Err(internal());
        }
        let mut decoded = Vec::new();
        for (v1, v2) in r1.stride().leaves().zip(r2.stride().leaves()) {
            if v1 == 0 && v2 == 0 {
                decoded.push(ScaledBasis::int(0));
                continue;
            }
            let (g, basis) = (v1 != 0 && v2 % v1 == 0)
                .then(|| (v2 / v1) - 1)
                .and_then(|run| usize::try_from(run).ok())
                .and_then(|r| runs.get(r))
                .filter(|(g, _)| v1 % g == 0)
                .ok_or_else(internal)?;
            decoded.push(basis.scaled(v1 / g)?);
        }
        let stride = BasisStride::like(r1.stride().as_ref(), &mut decoded.into_iter());
        Ok(CoordLayout {
            shape: r1.shape().clone(),
            stride,
        })
    }

    /// The two integer encodings used by [`CoordLayout::compose`] and the
    /// runs `(first stride in encoding 1, basis)`.
    fn encodings(&self) -> Result<Encodings, LayoutError> {
        let overflow = || LayoutError::overflow("coordinate composition", self);
        let leaves: Vec<(i64, &ScaledBasis)> = self.leaf_modes().collect();
        let n = leaves.len();
        let mut d1 = vec![0i64; n];
        let mut d2 = vec![0i64; n];
        let mut runs: Vec<(i64, ScaledBasis)> = Vec::new();
        let mut cursor1 = 1i64;
        let mut cursor2 = 1i64;
        let mut prev: Option<usize> = None;
        // A new run `j`: past everything so far in both encodings (no
        // accidental merges), and encoding 2 is `(j+1)·` encoding 1 on it.
        let new_run = |runs: &mut Vec<(i64, ScaledBasis)>,
                       b: &ScaledBasis,
                       cursor1: i64,
                       cursor2: i64|
         -> Result<(i64, i64), LayoutError> {
            let j = runs.len() as i64;
            let (e1, base2) = if j == 0 {
                (1, 1)
            } else {
                (
                    cursor1.checked_mul(2).ok_or_else(overflow)?,
                    cursor2.checked_mul(2).ok_or_else(overflow)?,
                )
            };
            let e2 = e1.checked_mul(j + 1).ok_or_else(overflow)?;
            if e2 < base2 {
                return Err(LayoutError::Unsupported {
                    operation: "coordinate composition",
                    reason: "internal encoding failed".into(),
                });
            }
            runs.push((e1, b.clone()));
            Ok((e1, e2))
        };
        for (k, &(s, b)) in leaves.iter().enumerate() {
            if s == 1 && k + 1 != n {
                // A size-1 leaf never continues or starts a coalesced run
                // (coalesce drops it), but an operation may still extend
                // it (`1:e0 ∘ 4:1 = 4:e0`, CuTe's tile of an extent-1
                // mode): it gets a run of its own, and the chain of
                // merges passes over it.
                if b.scale != 0 {
                    (d1[k], d2[k]) = new_run(&mut runs, b, cursor1, cursor2)?;
                    cursor1 = cursor1.max(d1[k]);
                    cursor2 = cursor2.max(d2[k]);
                }
                continue;
            }
            if b.scale != 0 {
                let merge = prev.is_some_and(|p| {
                    let (ps, pb) = leaves[p];
                    d1[p] != 0 && pb.path == b.path && pb.scale.checked_mul(ps) == Some(b.scale)
                });
                if let (true, Some(p)) = (merge, prev) {
                    let ps = leaves[p].0;
                    d1[k] = d1[p].checked_mul(ps).ok_or_else(overflow)?;
                    d2[k] = d2[p].checked_mul(ps).ok_or_else(overflow)?;
                } else {
                    (d1[k], d2[k]) = new_run(&mut runs, b, cursor1, cursor2)?;
                }
                cursor1 = cursor1.max(s.checked_mul(d1[k]).ok_or_else(overflow)?);
                cursor2 = cursor2.max(s.checked_mul(d2[k]).ok_or_else(overflow)?);
            }
            prev = Some(k);
        }
        let enc = |d: &[i64]| {
            Layout::new(
                self.shape.clone(),
                replace_leaves(self.shape.as_ref(), d.iter().copied()),
            )
        };
        Ok((enc(&d1)?, enc(&d2)?, runs))
    }

    /// The integer layout of the strides along codomain dimension `dim` of
    /// a flat codomain (strides on other dimensions become 0).
    fn projection(&self, dim: u32) -> Result<Layout, LayoutError> {
        let values: Vec<i64> = self
            .stride
            .leaves()
            .iter()
            .map(|b| {
                if b.path.as_slice() == [dim] {
                    b.scale
                } else {
                    0
                }
            })
            .collect();
        Layout::new(
            self.shape.clone(),
            replace_leaves(self.shape.as_ref(), values.into_iter()),
        )
    }

    /// Rank of a flat coordinate codomain, or an error naming the operation.
    fn flat_codomain_rank(&self, operation: &'static str) -> Result<u32, LayoutError> {
        let p = self.profile()?;
        if p.paths.iter().any(|path| path.len() != 1) {
            return Err(LayoutError::Codomain {
                operation,
                layout: self.to_string(),
                reason: "the codomain must be a flat coordinate tuple (strides k@d)".into(),
            });
        }
        Ok(p.paths.len() as u32)
    }
}

/// Two integer encodings of a coordinate layout and its runs
/// `(first stride in encoding 1, basis)`.
type Encodings = (Layout, Layout, Vec<(i64, ScaledBasis)>);

/// A codomain profile: zeros congruent to it and the path of each leaf.
struct Profile {
    zeros: IntTuple,
    paths: Vec<Vec<u32>>,
}

enum Prof {
    Fill,
    End,
    Node(Vec<Prof>),
}

impl Prof {
    fn insert(&mut self, path: &[u32]) -> Result<(), ()> {
        match path.split_first() {
            None => match self {
                Prof::Node(_) => Err(()),
                _ => {
                    *self = Prof::End;
                    Ok(())
                }
            },
            Some((&i, rest)) => {
                if matches!(self, Prof::Fill) {
                    *self = Prof::Node(Vec::new());
                }
                let Prof::Node(children) = self else {
                    return Err(());
                };
                let i = i as usize;
                if children.len() <= i {
                    children.resize_with(i + 1, || Prof::Fill);
                }
                children[i].insert(rest)
            }
        }
    }

    fn emit(
        &self,
        at: &mut Vec<u32>,
        b: &mut crate::data::int_tuple::TupleBuilder,
        paths: &mut Vec<Vec<u32>>,
    ) {
        match self {
            Prof::Fill | Prof::End => {
                b.leaf(0);
                paths.push(at.clone());
            }
            Prof::Node(children) => {
                let o = b.open();
                for (i, c) in children.iter().enumerate() {
                    at.push(i as u32);
                    c.emit(at, b, paths);
                    at.pop();
                }
                b.close(o);
            }
        }
    }
}

/// `a + b` of two coordinate tuples (CuTe's arithmetic-tuple sum): leaves
/// add, a tuple shorter than the other is padded with zeros, an integer `0`
/// is the zero of any profile. `None` when the two do not fit (a non-zero
/// integer against a tuple), `Some(Err(()))` on overflow.
pub(crate) fn add_coordinates(
    a: IntTupleRef<'_>,
    b: IntTupleRef<'_>,
    out: &mut crate::data::int_tuple::TupleBuilder,
) -> Option<Result<(), ()>> {
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => Some(x.checked_add(y).map(|v| out.leaf(v)).ok_or(())),
        (Some(0), None) => {
            out.push_ref(b);
            Some(Ok(()))
        }
        (None, Some(0)) => {
            out.push_ref(a);
            Some(Ok(()))
        }
        (None, None) => {
            let o = out.open();
            let (mut ca, mut cb) = (a.children(), b.children());
            loop {
                match (ca.next(), cb.next()) {
                    (None, None) => break,
                    (Some(x), None) | (None, Some(x)) => out.push_ref(x),
                    (Some(x), Some(y)) => match add_coordinates(x, y, out)? {
                        Ok(()) => {}
                        Err(()) => return Some(Err(())),
                    },
                }
            }
            out.close(o);
            Some(Ok(()))
        }
        _ => None,
    }
}

/// `coord` with every hole replaced by `0`.
fn zero_holes(coord: &Coord) -> IntTuple {
    fn go(c: &Coord, b: &mut crate::data::int_tuple::TupleBuilder) {
        match c {
            Coord::Int(v) => b.leaf(*v),
            Coord::Hole => b.leaf(0),
            Coord::Tuple(items) => {
                let o = b.open();
                items.iter().for_each(|i| go(i, b));
                b.close(o);
            }
        }
    }
    let mut b = crate::data::int_tuple::TupleBuilder::new();
    go(coord, &mut b);
    b.finish()
}

/// The natural coordinate (one value per shape leaf) of `c`, a coordinate
/// weakly congruent to `s`; integers are split colexicographically with the
/// last mode unreduced.
pub(crate) fn natural_coord(
    c: IntTupleRef<'_>,
    s: IntTupleRef<'_>,
    out: &mut Vec<i64>,
) -> Result<(), LayoutError> {
    match (c.as_int(), s.is_int()) {
        (Some(v), true) => out.push(v),
        (Some(v), false) => {
            let n = s.rank();
            let mut rest = v;
            for (k, m) in s.children().enumerate() {
                if k + 1 == n {
                    natural_coord(IntTuple::int(rest).as_ref(), m, out)?;
                } else {
                    let size = m.size().unwrap_or(i64::MAX);
                    natural_coord(IntTuple::int(rest % size).as_ref(), m, out)?;
                    rest /= size;
                }
            }
        }
        (None, false) if c.rank() == s.rank() => {
            for (cc, m) in c.children().zip(s.children()) {
                natural_coord(cc, m, out)?;
            }
        }
        _ => {
            return Err(LayoutError::NotCompatible {
                operation: "evaluation",
                left: c.to_string(),
                right: s.to_string(),
            });
        }
    }
    Ok(())
}

/// `true` if the coordinate `c` (weakly congruent to `shape`) lies in the
/// domain: every natural coordinate within `[0, shape leaf)`.
pub(crate) fn in_domain(c: IntTupleRef<'_>, shape: IntTupleRef<'_>) -> Result<bool, LayoutError> {
    let mut nat = Vec::new();
    natural_coord(c, shape, &mut nat)?;
    Ok(nat
        .iter()
        .zip(shape.leaves())
        .all(|(&x, s)| 0 <= x && x < s))
}

impl fmt::Display for CoordLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl FromStr for CoordLayout {
    type Err = LayoutError;
    fn from_str(text: &str) -> Result<Self, LayoutError> {
        let Some(colon) = text.find(':') else {
            return Err(LayoutError::Parse {
                kind: crate::error::ParseErrorKind::UnexpectedEnd,
                position: text.len(),
                expected: "':' and a basis stride".into(),
                found: "end of input".into(),
            });
        };
        let shape: IntTuple = text[..colon].parse()?;
        let rest = &text[colon + 1..];
        let mut p = StrideParser::new(rest, Dialect::Stride);
        let shift = |e: LayoutError| e.shifted(colon + 1);
        let stride = p.entry(0).map_err(shift)?;
        p.skip_ws();
        if p.pos != rest.len() {
            return Err(shift(p.error(p.pos, "end of input")));
        }
        CoordLayout::new(shape, stride)
    }
}

/// The identity layout of `shape` (CuTe `make_identity_layout`): strides are
/// the basis congruent to the shape (`(4,8)` → `(4,8):(1@0,1@1)`, a nested
/// mode gets nested bases, an integer shape `n` gives `n:1`).
///
/// ```
/// use cute_dynamic::make_identity_layout;
/// assert_eq!(make_identity_layout(&"(4,8)".parse()?)?.to_string(), "(4,8):(1@0,1@1)");
/// assert_eq!(make_identity_layout(&"((2,2),8)".parse()?)?.to_string(), "((2,2),8):((1@0@0,1@1@0),1@1)");
/// let id = make_identity_layout(&"(3,(2,5))".parse()?)?;
/// assert_eq!(id.call(17)?.to_string(), "(2,(1,2))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_identity_layout(shape: &IntTuple) -> Result<CoordLayout, LayoutError> {
    fn basis_like(t: IntTupleRef<'_>, path: &mut Vec<u32>) -> BasisStride {
        if t.is_int() {
            let printed: Vec<u32> = path.iter().rev().copied().collect();
            BasisStride::Leaf(ScaledBasis::new(1, &printed))
        } else {
            BasisStride::Tuple(
                t.children()
                    .enumerate()
                    .map(|(i, c)| {
                        path.push(i as u32);
                        let r = basis_like(c, path);
                        path.pop();
                        r
                    })
                    .collect(),
            )
        }
    }
    CoordLayout::new(shape.clone(), basis_like(shape.as_ref(), &mut Vec::new()))
}

/// Complement of a coordinate layout with a flat codomain (Cecka Table 7),
/// dimension by dimension: mode `d` of the result is
/// `complement(L_d, M_d)·e_d`, where `L_d` is `L` with only its strides on
/// `e_d` kept and `M_d` is `cotarget`'s mode `d` (default: the cosize of
/// `L_d`). The result is weakly congruent with the codomain, its images are
/// disjoint from `L`'s and ordered in each dimension.
///
/// ```
/// use cute_dynamic::{coord_complement, CoordLayout};
/// let l: CoordLayout = "(4,(4,2)):(1@1,(1@0,12@1))".parse()?;
/// assert_eq!(coord_complement(&l, None)?.to_string(), "(1,3):(0,4@1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn coord_complement(
    l: &CoordLayout,
    cotarget: Option<&IntTuple>,
) -> Result<CoordLayout, LayoutError> {
    let rank = l.flat_codomain_rank("complement")?;
    if let Some(t) = cotarget
        && (t.is_int() || t.rank() != rank as usize || t.leaves().count() != rank as usize)
    {
        return Err(LayoutError::NotCompatible {
            operation: "complement",
            left: t.to_string(),
            right: l.codomain()?.to_string(),
        });
    }
    let mut shapes = Vec::new();
    let mut strides = Vec::new();
    for d in 0..rank {
        let proj = l.projection(d)?;
        let m = match cotarget {
            Some(t) => t.leaves().nth(d as usize).unwrap_or(1),
            None => proj.cosize()?,
        };
        let c = crate::algebra::complement::complement(&proj, m)?;
        let stride_leaves: Vec<ScaledBasis> = c
            .stride()
            .leaves()
            .map(|v| {
                if v == 0 {
                    ScaledBasis::int(0)
                } else {
                    ScaledBasis::new(v, &[d])
                }
            })
            .collect();
        strides.push(BasisStride::like(
            c.stride().as_ref(),
            &mut stride_leaves.into_iter(),
        ));
        shapes.push(c.shape().clone());
    }
    let shape = IntTuple::tuple(shapes.iter().map(IntTuple::as_ref));
    CoordLayout::new(shape, BasisStride::Tuple(strides))
}

/// Right inverse of a coordinate layout with a flat codomain (Cecka
/// Table 5): mode `d` is `right_inverse(L_d)`, so the result maps a
/// coordinate `(c_0, c_1, …)` to the index `Σ_d R_d(c_d)`, and
/// `L(R(c)) == c` on its domain.
///
/// ```
/// use cute_dynamic::{coord_right_inverse, CoordLayout};
/// let l: CoordLayout = "(4,(4,2)):(1@1,(1@0,6@1))".parse()?;
/// assert_eq!(coord_right_inverse(&l)?.to_string(), "(4,4):(4,1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn coord_right_inverse(l: &CoordLayout) -> Result<Layout, LayoutError> {
    per_dimension(l, "right_inverse", crate::algebra::inverse::right_inverse)
}

/// Left inverse of a coordinate layout with a flat codomain (Cecka
/// Table 6): mode `d` is `left_inverse(L_d)`; for an injective `L`,
/// `R(L(i)) == i` for every `i < size(L)`.
///
/// ```
/// use cute_dynamic::{coord_left_inverse, CoordLayout};
/// let l: CoordLayout = "(4,(4,2)):(1@1,(1@0,6@1))".parse()?;
/// assert_eq!(coord_left_inverse(&l)?.to_string(), "(4,(6,2)):(4,(1,16))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn coord_left_inverse(l: &CoordLayout) -> Result<Layout, LayoutError> {
    per_dimension(l, "left_inverse", crate::algebra::inverse::left_inverse)
}

fn per_dimension(
    l: &CoordLayout,
    operation: &'static str,
    f: fn(&Layout) -> Result<Layout, LayoutError>,
) -> Result<Layout, LayoutError> {
    let rank = l.flat_codomain_rank(operation)?;
    let modes = (0..rank)
        .map(|d| f(&l.projection(d)?))
        .collect::<Result<Vec<_>, _>>()?;
    let mut b = crate::data::layout::LayoutBuilder::new();
    let o = b.open();
    for m in &modes {
        b.push(m.as_ref());
    }
    b.close(o);
    Ok(b.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_print() {
        for s in ["(4,8):(1@0,1@1)", "8:3@1@0", "(2,3):(0,-2@4)", "():()"] {
            assert_eq!(s.parse::<CoordLayout>().unwrap().to_string(), s);
        }
        assert_eq!(
            "(4,8):(1@0)".parse::<CoordLayout>().unwrap_err().kind(),
            "not_congruent"
        );
        let e = "(4,8):(1@0,1@)".parse::<CoordLayout>().unwrap_err();
        assert!(
            matches!(e, LayoutError::Parse { position: 13, .. }),
            "{e:?}"
        );
    }

    #[test]
    fn codomain_conflicts() {
        let l: CoordLayout = "(2,2):(1@0,1@0@0)".parse().unwrap();
        assert_eq!(l.call(1).unwrap_err().kind(), "codomain");
        let l: CoordLayout = "(2,2):(1@0,3)".parse().unwrap();
        assert_eq!(l.call(1).unwrap_err().kind(), "codomain");
        let l: CoordLayout = "(2,2):(1,3)".parse().unwrap();
        assert_eq!(l.call(3).unwrap().to_string(), "4");
    }
}
