//! Hierarchical integer tuples (docs/semantics/objects.md#integer-tuples): an integer, or a tuple of
//! IntTuples. `rank` is the tuple length (1 for an integer), `depth` is 0 for
//! an integer and 1 + the largest child depth for a tuple, `size` is the
//! product of the leaves, and `flatten` lists the leaves in order.
//!
//! The tree is stored flat, in preorder: a leaf is one node holding its
//! value, a tuple is one node holding its rank and the number of nodes of
//! its subtree. The nodes live in two parallel arrays, one byte of kind and
//! one word of value per node (a tuple's value packs its rank and span), so
//! that a node costs 9 bytes instead of the 16 of a tagged word, and a
//! layout (two tuples, inline up to [`INLINE_NODES`] nodes each) is small to
//! fill and to move. A subtree is a contiguous range of both arrays
//! ([`IntTupleRef`]), and building or cutting a tuple never allocates per
//! node.

use alloc::{boxed::Box, vec::Vec};
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::error::LayoutError;

/// One node of the preorder encoding, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Node {
    /// An integer leaf.
    Leaf(i64),
    /// A tuple of `rank` children whose subtree (this node included) spans
    /// `span` nodes.
    Tuple { rank: u32, span: u32 },
}

/// The kind byte of a leaf.
pub(crate) const LEAF: u8 = 0;
/// The kind byte of a tuple header.
pub(crate) const TUPLE: u8 = 1;

impl Node {
    /// `(kind, value)` as stored.
    #[inline(always)]
    fn encode(self) -> (u8, i64) {
        match self {
            Node::Leaf(v) => (LEAF, v),
            Node::Tuple { rank, span } => (TUPLE, header(rank, span)),
        }
    }

    /// The node stored as `(kind, value)`.
    #[inline(always)]
    fn decode(kind: u8, v: i64) -> Node {
        if kind == LEAF {
            Node::Leaf(v)
        } else {
            let (rank, span) = header_parts(v);
            Node::Tuple { rank, span }
        }
    }
}

/// The stored value of a tuple header.
#[inline(always)]
pub(crate) fn header(rank: u32, span: u32) -> i64 {
    (rank as i64) | ((span as i64) << 32)
}

/// The `(rank, span)` of a tuple header's stored value (the inverse of
/// [`header`]).
#[inline(always)]
pub(crate) fn header_parts(v: i64) -> (u32, u32) {
    (v as u32, (v >> 32) as u32)
}

/// The span of the node `(kind, v)`.
#[inline(always)]
fn span_of(kind: u8, v: i64) -> usize {
    if kind == LEAF {
        1
    } else {
        header_parts(v).1 as usize
    }
}

/// Inline capacity of the node storage: trees of up to this many nodes live
/// without a heap allocation.
pub(crate) const INLINE_NODES: usize = 12;

/// The preorder nodes of a tree: inline up to [`INLINE_NODES`], all on the
/// heap beyond (the cold path).
#[derive(Clone)]
pub(crate) struct Nodes {
    /// Number of inline nodes; `INLINE_NODES + 1` once they live in `heap`.
    len: u32,
    kinds: [u8; INLINE_NODES],
    vals: [i64; INLINE_NODES],
    /// One pointer in every tree that never spills.
    heap: Option<Box<HeapNodes>>,
}

/// The nodes of a spilled tree.
#[derive(Clone, Default)]
struct HeapNodes {
    kinds: Vec<u8>,
    vals: Vec<i64>,
}

impl Nodes {
    /// No nodes.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Nodes {
            len: 0,
            kinds: [LEAF; INLINE_NODES],
            vals: [0; INLINE_NODES],
            heap: None,
        }
    }

    /// Number of nodes.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        if self.len as usize <= INLINE_NODES {
            self.len as usize
        } else {
            self.heap.as_deref().map_or(0, |h| h.vals.len())
        }
    }

    /// The nodes as a view.
    #[inline(always)]
    pub(crate) fn as_ref(&self) -> IntTupleRef<'_> {
        let n = self.len as usize;
        match (self.kinds.get(..n), self.vals.get(..n)) {
            (Some(kinds), Some(vals)) => IntTupleRef { kinds, vals },
            _ => match self.heap.as_deref() {
                Some(h) => IntTupleRef {
                    kinds: &h.kinds,
                    vals: &h.vals,
                },
                None => IntTupleRef {
                    kinds: &[],
                    vals: &[],
                },
            },
        }
    }

    /// Overwrite node `i` (ignored past the end).
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, node: Node) {
        let (k, v) = node.encode();
        let n = self.len as usize;
        if n <= INLINE_NODES {
            if i < n
                && let (Some(ks), Some(vs)) = (self.kinds.get_mut(i), self.vals.get_mut(i))
            {
                *ks = k;
                *vs = v;
            }
        } else if let Some(h) = self.heap.as_deref_mut()
            && let (Some(ks), Some(vs)) = (h.kinds.get_mut(i), h.vals.get_mut(i))
        {
            *ks = k;
            *vs = v;
        }
    }

    /// Append one node.
    #[inline(always)]
    pub(crate) fn push(&mut self, node: Node) {
        let (k, v) = node.encode();
        let n = self.len as usize;
        match (self.kinds.get_mut(n), self.vals.get_mut(n)) {
            (Some(ks), Some(vs)) => {
                *ks = k;
                *vs = v;
                self.len += 1;
            }
            _ => {
                let h = self.spill();
                h.kinds.push(k);
                h.vals.push(v);
            }
        }
    }

    /// Append the nodes of `t`.
    #[inline(always)]
    pub(crate) fn extend_from_ref(&mut self, t: IntTupleRef<'_>) {
        let n = self.len as usize;
        let end = n + t.vals.len();
        match (self.kinds.get_mut(n..end), self.vals.get_mut(n..end)) {
            (Some(ks), Some(vs)) => {
                copy_small(ks, t.kinds);
                copy_small(vs, t.vals);
                self.len = end as u32;
            }
            _ => {
                let h = self.spill();
                h.kinds.extend_from_slice(t.kinds);
                h.vals.extend_from_slice(t.vals);
            }
        }
    }

    /// The heap storage, the inline nodes moved into it first.
    #[cold]
    #[inline(never)]
    fn spill(&mut self) -> &mut HeapNodes {
        let n = self.len as usize;
        if n <= INLINE_NODES {
            let mut h = HeapNodes {
                kinds: Vec::with_capacity(2 * INLINE_NODES),
                vals: Vec::with_capacity(2 * INLINE_NODES),
            };
            h.kinds.extend_from_slice(&self.kinds[..n]);
            h.vals.extend_from_slice(&self.vals[..n]);
            self.heap = Some(Box::new(h));
            self.len = INLINE_NODES as u32 + 1;
        }
        self.heap.get_or_insert_with(Default::default)
    }
}

/// Write the flat tuples `(s0,s1,…)` and `(d0,d1,…)` of `modes` into the
/// empty `shape` and `stride` (fresh from [`Nodes::new`], whose kinds are
/// leaves), in place: one header and one value per mode. More modes than
/// the inline capacity holds take the pushing path.
#[inline(always)]
pub(crate) fn flat_pair_into(shape: &mut Nodes, stride: &mut Nodes, modes: &[(i64, i64)]) {
    let n = modes.len();
    debug_assert!(shape.len == 0 && stride.len == 0);
    if n < INLINE_NODES {
        let h = header(n as u32, n as u32 + 1);
        shape.kinds[0] = TUPLE;
        stride.kinds[0] = TUPLE;
        shape.vals[0] = h;
        stride.vals[0] = h;
        for ((s, d), &(sv, dv)) in shape.vals[1..=n]
            .iter_mut()
            .zip(&mut stride.vals[1..=n])
            .zip(modes)
        {
            *s = sv;
            *d = dv;
        }
        shape.len = n as u32 + 1;
        stride.len = n as u32 + 1;
    } else {
        for (nodes, pick) in [(shape, 0), (stride, 1)] {
            let o = build::open(nodes);
            for &(s, d) in modes {
                build::leaf(nodes, if pick == 0 { s } else { d });
            }
            build::close_with_rank(nodes, o, n as u32);
        }
    }
}

/// `dst.copy_from_slice(src)` for slices of equal length, with the lengths
/// of most subtrees (a leaf, a pair, a tuple of two leaves) copied by plain
/// moves instead of a call of `memcpy`.
#[inline(always)]
fn copy_small<T: Copy>(dst: &mut [T], src: &[T]) {
    match (dst, src) {
        ([d0], [s0]) => *d0 = *s0,
        ([d0, d1], [s0, s1]) => (*d0, *d1) = (*s0, *s1),
        ([d0, d1, d2], [s0, s1, s2]) => (*d0, *d1, *d2) = (*s0, *s1, *s2),
        (dst, src) if dst.len() == src.len() => dst.copy_from_slice(src),
        _ => {}
    }
}

impl Default for Nodes {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}

impl PartialEq for Nodes {
    fn eq(&self, other: &Self) -> bool {
        self.as_ref() == other.as_ref()
    }
}

impl Eq for Nodes {}

impl Hash for Nodes {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_ref().hash(state);
    }
}

/// An owned hierarchical integer tuple: `4`, `(4,8)`, `((2,2),(4,2))`, `()`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct IntTuple {
    pub(crate) nodes: Nodes,
}

/// A borrowed view of an [`IntTuple`] or of one of its sub-trees.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IntTupleRef<'a> {
    /// The kind of each node ([`LEAF`] or [`TUPLE`]).
    pub(crate) kinds: &'a [u8],
    /// The value of each node (a tuple's packs its rank and span).
    pub(crate) vals: &'a [i64],
}

impl IntTuple {
    /// The integer `v`.
    pub fn int(v: i64) -> Self {
        let mut nodes = Nodes::new();
        nodes.push(Node::Leaf(v));
        IntTuple { nodes }
    }

    /// The tuple of the given children, in order (`()` when empty).
    pub fn tuple<'a, I>(children: I) -> Self
    where
        I: IntoIterator<Item = IntTupleRef<'a>>,
    {
        let mut b = TupleBuilder::new();
        let open = b.open();
        for c in children {
            b.push_ref(c);
        }
        b.close(open);
        b.finish()
    }

    /// The flat tuple of the given integers, `(v0,v1,…)`.
    pub fn flat<I: IntoIterator<Item = i64>>(values: I) -> Self {
        let mut b = TupleBuilder::new();
        let open = b.open();
        for v in values {
            b.leaf(v);
        }
        b.close(open);
        b.finish()
    }

    /// The empty tuple `()`.
    pub fn empty() -> Self {
        Self::flat([])
    }

    /// A view of the whole tuple.
    #[inline]
    pub fn as_ref(&self) -> IntTupleRef<'_> {
        self.nodes.as_ref()
    }

    /// Parse CuTe notation (`((2,2),(4,2))`, `_4`, whitespace allowed).
    pub fn parse(text: &str) -> Result<Self, LayoutError> {
        text.parse()
    }

    /// `true` for an integer, `false` for a tuple.
    pub fn is_int(&self) -> bool {
        self.as_ref().is_int()
    }
    /// The integer value if this is an integer.
    pub fn as_int(&self) -> Option<i64> {
        self.as_ref().as_int()
    }
    /// Number of top-level modes (1 for an integer).
    pub fn rank(&self) -> usize {
        self.as_ref().rank()
    }
    /// Nesting depth (0 for an integer).
    pub fn depth(&self) -> usize {
        self.as_ref().depth()
    }
    /// Product of the leaves (1 for `()`), or `None` on overflow.
    pub fn size(&self) -> Option<i64> {
        self.as_ref().size()
    }
    /// The leaves in order.
    pub fn leaves(&self) -> impl Iterator<Item = i64> + '_ {
        self.as_ref().leaves()
    }
    /// Mode `i` (for an integer, mode 0 is the integer itself).
    pub fn get(&self, i: usize) -> Option<IntTupleRef<'_>> {
        self.as_ref().get(i)
    }
    /// The leaves as a flat tuple (an integer stays an integer).
    pub fn flatten(&self) -> IntTuple {
        self.as_ref().flatten()
    }
}

impl<'a> IntTupleRef<'a> {
    /// Node `i`, decoded (`None` past the end).
    #[inline(always)]
    pub(crate) fn node(self, i: usize) -> Option<Node> {
        match (self.kinds.get(i), self.vals.get(i)) {
            (Some(&k), Some(&v)) => Some(Node::decode(k, v)),
            _ => None,
        }
    }

    /// The first node (the root), decoded; a view always has one.
    #[inline(always)]
    pub(crate) fn head(self) -> Node {
        self.node(0).unwrap_or(Node::Tuple { rank: 0, span: 1 })
    }

    /// The span of the first node's subtree (`None` for no node).
    #[inline(always)]
    pub(crate) fn head_span(self) -> Option<usize> {
        Some(span_of(*self.kinds.first()?, *self.vals.first()?))
    }

    /// The first `n` nodes and the rest (`None` past the end).
    #[inline(always)]
    pub(crate) fn split_at(self, n: usize) -> Option<(IntTupleRef<'a>, IntTupleRef<'a>)> {
        let (kh, kt) = self.kinds.split_at_checked(n)?;
        let (vh, vt) = self.vals.split_at_checked(n)?;
        Some((
            IntTupleRef {
                kinds: kh,
                vals: vh,
            },
            IntTupleRef {
                kinds: kt,
                vals: vt,
            },
        ))
    }

    /// Number of nodes.
    #[inline(always)]
    pub(crate) fn node_count(self) -> usize {
        self.vals.len()
    }

    /// The nodes from `start` on (empty past the end).
    #[inline(always)]
    pub(crate) fn nodes_from(self, start: usize) -> IntTupleRef<'a> {
        IntTupleRef {
            kinds: self.kinds.get(start..).unwrap_or_default(),
            vals: self.vals.get(start..).unwrap_or_default(),
        }
    }

    /// `true` for an integer.
    #[inline]
    pub fn is_int(self) -> bool {
        self.kinds.first() == Some(&LEAF)
    }

    /// The value of an integer.
    #[inline]
    pub fn as_int(self) -> Option<i64> {
        match self.head() {
            Node::Leaf(v) => Some(v),
            Node::Tuple { .. } => None,
        }
    }

    /// Number of top-level modes (1 for an integer).
    #[inline]
    pub fn rank(self) -> usize {
        match self.head() {
            Node::Leaf(_) => 1,
            Node::Tuple { rank, .. } => rank as usize,
        }
    }

    /// Nesting depth.
    pub fn depth(self) -> usize {
        match self.head() {
            Node::Leaf(_) => 0,
            Node::Tuple { .. } => 1 + self.children().map(|c| c.depth()).max().unwrap_or(0),
        }
    }

    /// Product of the leaves, `None` on overflow.
    pub fn size(self) -> Option<i64> {
        cute_core::int::checked_product(self.leaves())
    }

    /// The leaves in order.
    #[inline]
    pub fn leaves(self) -> impl Iterator<Item = i64> + 'a {
        self.kinds
            .iter()
            .zip(self.vals)
            .filter_map(|(&k, &v)| (k == LEAF).then_some(v))
    }

    /// Number of leaves.
    pub fn leaf_count(self) -> usize {
        self.kinds.iter().filter(|&&k| k == LEAF).count()
    }

    /// The children of a tuple (an integer has no children).
    pub fn children(self) -> Children<'a> {
        if self.is_int() {
            Children {
                rest: IntTupleRef {
                    kinds: &[],
                    vals: &[],
                },
            }
        } else {
            Children {
                rest: self.nodes_from(1),
            }
        }
    }

    /// Mode `i`: the `i`-th child of a tuple, or the integer itself for `i == 0`.
    pub fn get(self, i: usize) -> Option<IntTupleRef<'a>> {
        if self.is_int() {
            (i == 0).then_some(self)
        } else {
            self.children().nth(i)
        }
    }

    /// The modes of this tuple as views; an integer yields itself once.
    pub fn modes(self) -> Children<'a> {
        if self.is_int() {
            Children { rest: self }
        } else {
            self.children()
        }
    }

    /// An owned copy.
    pub fn to_owned(self) -> IntTuple {
        let mut nodes = Nodes::new();
        nodes.extend_from_ref(self);
        IntTuple { nodes }
    }

    /// The leaves as a flat tuple; an integer stays an integer.
    pub fn flatten(self) -> IntTuple {
        if self.is_int() {
            self.to_owned()
        } else {
            IntTuple::flat(self.leaves())
        }
    }

    /// Same tree shape (docs/semantics/objects.md#integer-tuples): the same kinds,
    /// and the same rank at every tuple (the spans then agree too).
    pub fn congruent(self, other: IntTupleRef<'_>) -> bool {
        self.kinds == other.kinds
            && self
                .kinds
                .iter()
                .zip(self.vals.iter().zip(other.vals))
                .all(|(&k, (&a, &b))| k == LEAF || a as u32 == b as u32)
    }

    /// `self`'s tree is a coarsening of `other`'s: an integer is weakly
    /// congruent to anything, tuples must have equal rank and weakly
    /// congruent children.
    pub fn weakly_congruent(self, other: IntTupleRef<'_>) -> bool {
        if self.is_int() {
            return true;
        }
        if other.is_int() || self.rank() != other.rank() {
            return false;
        }
        self.children()
            .zip(other.children())
            .all(|(a, b)| a.weakly_congruent(b))
    }

    /// `self` is compatible with `other` (Cecka Def. 2.7): an integer equal to
    /// the size of `other`, or tuples of equal rank with compatible children.
    pub fn compatible(self, other: IntTupleRef<'_>) -> bool {
        match self.as_int() {
            Some(v) => other.size() == Some(v),
            None => {
                !other.is_int()
                    && self.rank() == other.rank()
                    && self
                        .children()
                        .zip(other.children())
                        .all(|(a, b)| a.compatible(b))
            }
        }
    }
}

/// Iterator over the children of a tuple.
#[derive(Clone)]
pub struct Children<'a> {
    rest: IntTupleRef<'a>,
}

impl<'a> Iterator for Children<'a> {
    type Item = IntTupleRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (head, rest) = self.rest.split_at(self.rest.head_span()?)?;
        self.rest = rest;
        Some(head)
    }
}

/// Builds a preorder node vector: `open` a tuple, push children, `close` it.
#[derive(Default)]
pub(crate) struct TupleBuilder {
    pub(crate) nodes: Nodes,
}

/// Handle of an open tuple in a [`TupleBuilder`].
#[derive(Clone, Copy)]
pub(crate) struct Open {
    at: usize,
    rank: u32,
}

impl TupleBuilder {
    pub(crate) fn new() -> Self {
        Self::default()
    }
    /// Start a tuple; returns the handle to `close` it with.
    #[inline]
    pub(crate) fn open(&mut self) -> Open {
        build::open(&mut self.nodes)
    }
    #[inline]
    pub(crate) fn leaf(&mut self, v: i64) {
        build::leaf(&mut self.nodes, v);
    }
    #[inline]
    pub(crate) fn push_ref(&mut self, t: IntTupleRef<'_>) {
        build::push_ref(&mut self.nodes, t);
    }
    /// Close the tuple, counting its direct children.
    #[inline]
    pub(crate) fn close(&mut self, open: Open) {
        build::close(&mut self.nodes, open);
    }
    #[inline]
    pub(crate) fn finish(self) -> IntTuple {
        IntTuple { nodes: self.nodes }
    }
}

/// The steps of [`TupleBuilder`] on a node vector of any owner (the layout
/// builder writes its two vectors inside the [`crate::Layout`] it returns).
pub(crate) mod build {
    use super::{IntTupleRef, Node, Nodes, Open, span_of};

    /// Start a tuple; returns the handle to `close` it with.
    #[inline]
    pub(crate) fn open(nodes: &mut Nodes) -> Open {
        let at = nodes.len();
        nodes.push(Node::Tuple { rank: 0, span: 0 });
        Open { at, rank: 0 }
    }
    #[inline]
    pub(crate) fn leaf(nodes: &mut Nodes, v: i64) {
        nodes.push(Node::Leaf(v));
    }
    #[inline]
    pub(crate) fn push_ref(nodes: &mut Nodes, t: IntTupleRef<'_>) {
        nodes.extend_from_ref(t);
    }
    /// Close the tuple, counting its direct children.
    #[inline]
    pub(crate) fn close(nodes: &mut Nodes, open: Open) {
        let span = nodes.len() - open.at;
        let mut rank = open.rank;
        let t = nodes.as_ref();
        let mut i = open.at + 1;
        while let (Some(&k), Some(&v)) = (t.kinds.get(i), t.vals.get(i)) {
            rank += 1;
            i += span_of(k, v);
        }
        nodes.set(
            open.at,
            Node::Tuple {
                rank,
                span: span as u32,
            },
        );
    }
    /// Close the tuple whose number of direct children the caller knows.
    #[inline]
    pub(crate) fn close_with_rank(nodes: &mut Nodes, open: Open, rank: u32) {
        let span = nodes.len() - open.at;
        nodes.set(
            open.at,
            Node::Tuple {
                rank,
                span: span as u32,
            },
        );
    }
}

impl fmt::Display for IntTupleRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.head() {
            Node::Leaf(v) => write!(f, "{v}"),
            Node::Tuple { .. } => {
                f.write_str("(")?;
                for (i, c) in self.children().enumerate() {
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

impl fmt::Display for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_ref().fmt(f)
    }
}

impl fmt::Debug for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IntTuple({self})")
    }
}

impl fmt::Debug for IntTupleRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IntTupleRef({self})")
    }
}

impl From<i64> for IntTuple {
    fn from(v: i64) -> Self {
        IntTuple::int(v)
    }
}

impl core::str::FromStr for IntTuple {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::text::parse::parse_int_tuple(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries() {
        let t: IntTuple = "((2,2),(4,2))".parse().unwrap();
        assert_eq!(t.rank(), 2);
        assert_eq!(t.depth(), 2);
        assert_eq!(t.size(), Some(32));
        assert_eq!(t.flatten().to_string(), "(2,2,4,2)");
        assert_eq!(t.get(1).unwrap().to_string(), "(4,2)");
        let e = IntTuple::empty();
        assert_eq!(
            (e.rank(), e.size(), e.to_string().as_str()),
            (0, Some(1), "()")
        );
        assert_eq!(IntTuple::int(5).depth(), 0);
    }

    /// Trees beyond the inline capacity (the nodes spill to the heap) read,
    /// build, cut, compare and print as inline ones do.
    #[test]
    fn spilled_trees() {
        let text = "((1,2,3),(4,(5,6,7)),8,(9,10,11,12),13)";
        let t: IntTuple = text.parse().unwrap();
        assert!(t.as_ref().node_count() > INLINE_NODES);
        assert_eq!(t.to_string(), text);
        assert_eq!((t.rank(), t.depth()), (5, 3));
        assert_eq!(
            t.leaves().collect::<alloc::vec::Vec<_>>(),
            (1..=13).collect::<alloc::vec::Vec<_>>()
        );
        assert_eq!(t.get(1).unwrap().to_string(), "(4,(5,6,7))");
        assert_eq!(t.get(4).unwrap().as_int(), Some(13));
        let copy = t.as_ref().to_owned();
        assert_eq!(copy, t);
        assert!(copy.as_ref().congruent(t.as_ref()));
        let rebuilt = IntTuple::tuple(t.as_ref().children());
        assert_eq!(rebuilt, t);
        let flat = t.flatten();
        assert_eq!(flat.rank(), 13);
        assert_eq!(flat.size(), Some((1..=13).product()));
        let other: IntTuple = "((1,2,3),(4,(5,6,7)),8,(9,10,11,12),14)".parse().unwrap();
        assert_ne!(other, t);
        assert!(other.as_ref().congruent(t.as_ref()));
    }

    #[test]
    fn profiles() {
        let p = |s: &str| s.parse::<IntTuple>().unwrap();
        assert!(p("30").as_ref().compatible(p("(2,15)").as_ref()));
        assert!(p("(2,15)").as_ref().compatible(p("(2,(3,5))").as_ref()));
        assert!(!p("(2,(3,5))").as_ref().compatible(p("(2,15)").as_ref()));
        assert!(
            p("(1,2)")
                .as_ref()
                .weakly_congruent(p("((1,2),(3,4))").as_ref())
        );
        assert!(!p("(1,2)").as_ref().congruent(p("((1,2),(3,4))").as_ref()));
        assert!(p("((1,2),3)").as_ref().congruent(p("((5,6),7)").as_ref()));
    }
}
