//! Hierarchical integer tuples (docs/semantics.md#integer-tuples): an integer, or a tuple of
//! IntTuples. `rank` is the tuple length (1 for an integer), `depth` is 0 for
//! an integer and 1 + the largest child depth for a tuple, `size` is the
//! product of the leaves, and `flatten` lists the leaves in order.
//!
//! The tree is stored flat, in preorder, in one inline node array: a leaf is
//! one node holding its value, a tuple is one node holding its rank and the
//! number of nodes of its subtree. A subtree is therefore a contiguous slice
//! ([`IntTupleRef`]), and building or cutting a tuple never allocates per node.

use core::fmt;
use core::hash::Hash;

use crate::data::inline::InlineVec;
use crate::error::LayoutError;

/// One node of the preorder encoding.
///
/// The tag is a full word, so that a node has no padding: filling or
/// copying node arrays is then plain (vectorised) stores of whole words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u64)]
pub(crate) enum Node {
    /// An integer leaf.
    Leaf(i64),
    /// A tuple of `rank` children whose subtree (this node included) spans
    /// `span` nodes.
    Tuple { rank: u32, span: u32 },
}

/// Inline capacity of the node storage: trees of up to this many nodes live
/// without a heap allocation.
pub(crate) const INLINE_NODES: usize = 12;

/// The preorder nodes of a tree, inline up to [`INLINE_NODES`].
pub(crate) type Nodes = InlineVec<Node, INLINE_NODES>;

impl Default for Node {
    #[inline(always)]
    fn default() -> Self {
        Node::Leaf(0)
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
    pub(crate) nodes: &'a [Node],
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
        IntTupleRef { nodes: &self.nodes }
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
    /// `true` for an integer.
    #[inline]
    pub fn is_int(self) -> bool {
        matches!(self.nodes[0], Node::Leaf(_))
    }

    /// The value of an integer.
    #[inline]
    pub fn as_int(self) -> Option<i64> {
        match self.nodes[0] {
            Node::Leaf(v) => Some(v),
            Node::Tuple { .. } => None,
        }
    }

    /// Number of top-level modes (1 for an integer).
    #[inline]
    pub fn rank(self) -> usize {
        match self.nodes[0] {
            Node::Leaf(_) => 1,
            Node::Tuple { rank, .. } => rank as usize,
        }
    }

    /// Nesting depth.
    pub fn depth(self) -> usize {
        match self.nodes[0] {
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
        self.nodes.iter().filter_map(|n| match n {
            Node::Leaf(v) => Some(*v),
            Node::Tuple { .. } => None,
        })
    }

    /// Number of leaves.
    pub fn leaf_count(self) -> usize {
        self.leaves().count()
    }

    /// The children of a tuple (an integer has no children).
    pub fn children(self) -> Children<'a> {
        match self.nodes[0] {
            Node::Leaf(_) => Children { rest: &[] },
            Node::Tuple { .. } => Children {
                rest: &self.nodes[1..],
            },
        }
    }

    /// Mode `i`: the `i`-th child of a tuple, or the integer itself for `i == 0`.
    pub fn get(self, i: usize) -> Option<IntTupleRef<'a>> {
        match self.nodes[0] {
            Node::Leaf(_) => (i == 0).then_some(self),
            Node::Tuple { .. } => self.children().nth(i),
        }
    }

    /// The modes of this tuple as views; an integer yields itself once.
    pub fn modes(self) -> Children<'a> {
        match self.nodes[0] {
            Node::Leaf(_) => Children { rest: self.nodes },
            Node::Tuple { .. } => self.children(),
        }
    }

    /// An owned copy.
    pub fn to_owned(self) -> IntTuple {
        IntTuple {
            nodes: self.nodes.iter().copied().collect(),
        }
    }

    /// The leaves as a flat tuple; an integer stays an integer.
    pub fn flatten(self) -> IntTuple {
        if self.is_int() {
            self.to_owned()
        } else {
            IntTuple::flat(self.leaves())
        }
    }

    /// Same tree shape (docs/semantics.md#integer-tuples).
    pub fn congruent(self, other: IntTupleRef<'_>) -> bool {
        self.nodes.len() == other.nodes.len()
            && self
                .nodes
                .iter()
                .zip(other.nodes)
                .all(|(a, b)| match (a, b) {
                    (Node::Leaf(_), Node::Leaf(_)) => true,
                    (Node::Tuple { rank: r1, .. }, Node::Tuple { rank: r2, .. }) => r1 == r2,
                    _ => false,
                })
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
    rest: &'a [Node],
}

impl<'a> Iterator for Children<'a> {
    type Item = IntTupleRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let first = self.rest.first()?;
        let span = match *first {
            Node::Leaf(_) => 1,
            Node::Tuple { span, .. } => span as usize,
        };
        let (head, tail) = self.rest.split_at(span);
        self.rest = tail;
        Some(IntTupleRef { nodes: head })
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
    use super::{IntTupleRef, Node, Nodes, Open};

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
        nodes.extend_from_slice(t.nodes);
    }
    /// Close the tuple, counting its direct children.
    #[inline]
    pub(crate) fn close(nodes: &mut Nodes, open: Open) {
        let span = nodes.len() - open.at;
        let mut rank = open.rank;
        let mut i = open.at + 1;
        while i < nodes.len() {
            rank += 1;
            i += match nodes[i] {
                Node::Leaf(_) => 1,
                Node::Tuple { span, .. } => span as usize,
            };
        }
        nodes[open.at] = Node::Tuple {
            rank,
            span: span as u32,
        };
    }
    /// Close the tuple whose number of direct children the caller knows.
    #[inline]
    pub(crate) fn close_with_rank(nodes: &mut Nodes, open: Open, rank: u32) {
        let span = nodes.len() - open.at;
        nodes[open.at] = Node::Tuple {
            rank,
            span: span as u32,
        };
    }
}

impl fmt::Display for IntTupleRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.nodes[0] {
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
