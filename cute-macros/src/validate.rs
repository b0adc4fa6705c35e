//! Stage 2: the rules a literal must satisfy, checked on the AST.
//!
//! Every rule is checked on the whole literal and every violation is
//! recorded (they are reported together), each spanned over the offending
//! sub-tree: the leaf, the tuple, or the tiler mode.
//!
//! | rule                                             | `layout!` `Layout!` | `tiler!` | `dlayout!` |
//! |--------------------------------------------------|---------------------|----------|------------|
//! | nesting ≤ [`MAX_DEPTH`], integers fit in `i64`   | ✓ (parse)           | ✓        | ✓          |
//! | shape leaves positive                            | ✓                   | ✓        | ✓          |
//! | stride congruent to the shape                    | ✓                   | ✓        | ✓          |
//! | shape size fits in `i64`                         | ✓                   | ✓        | ✓          |
//! | tuples have ≤ [`MAX_RANK`] children, tilers ≤ [`MAX_RANK`] modes | ✓   | ✓        |            |
//! | static strides ≥ −(2^63 − 1); ≥ 0 beside `{…}`    | ✓                   | ✓        |            |
//! | no run-time leaves `{…}`                          |                    | ✓        | ✓          |
//!
//! [`MAX_DEPTH`]: cute_core::limits::MAX_DEPTH
//! [`MAX_RANK`]: cute_core::limits::MAX_RANK

use cute_core::limits::MAX_RANK;
use cute_core::stride::compact_leaf;

use crate::parse::{Errors, LayoutLit, Leaf, Node, TilerLit, Tree};

/// A compact stride: `factor × Π` the run-time leaves numbered in `dyns`.
#[derive(Clone, Default)]
pub(crate) struct Product {
    pub(crate) factor: i64,
    pub(crate) dyns: Vec<usize>,
}

/// The compact column-major stride of each leaf of `shape`, in leaf
/// order. A static size-1 leaf gets stride 0 ([`compact_leaf`]); a
/// run-time leaf gets the prefix product even when it is 1 at run time,
/// as in CuTe, where only a static `_1` gets the zero stride.
pub(crate) fn compact_strides(shape: &Node) -> Vec<Product> {
    let mut prefix = Product {
        factor: 1,
        dyns: Vec::new(),
    };
    shape
        .leaves()
        .into_iter()
        .map(|leaf| match &leaf.tree {
            Tree::Leaf(Leaf::Int(v)) => {
                let factor = compact_leaf(*v, prefix.factor);
                let dyns = if factor == 0 {
                    Vec::new()
                } else {
                    prefix.dyns.clone()
                };
                prefix.factor = prefix.factor.saturating_mul(*v);
                Product { factor, dyns }
            }
            Tree::Leaf(Leaf::Dyn(k, ..)) => {
                let stride = prefix.clone();
                prefix.dyns.push(*k);
                stride
            }
            _ => Product::default(),
        })
        .collect()
}

/// Which macro the literal is for: the rules differ.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// `layout!`, `Layout!`: static or mixed layouts.
    Static,
    /// `tiler!`: static tilers.
    Tiler,
    /// `dlayout!`: a run-time `cute_dynamic::Layout`.
    Dynamic,
}

impl Target {
    fn is_static(self) -> bool {
        self != Target::Dynamic
    }

    /// Who rejects run-time leaves, if this target does.
    fn no_runtime_leaves(self) -> Option<&'static str> {
        match self {
            Target::Static => None,
            Target::Tiler => Some("static tilers"),
            Target::Dynamic => {
                Some("`dlayout!` (write the run-time layout with `cute_dynamic::Layout::new`)")
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Shape,
    Stride,
}

/// Check a layout literal.
pub(crate) fn layout(l: &LayoutLit, target: Target, errors: &mut Errors) {
    let mut ok = tuple(&l.shape, Role::Shape, target, errors);
    if let Some(stride) = &l.stride {
        ok &= tuple(stride, Role::Stride, target, errors);
        // A malformed item (already reported) would make every count wrong.
        if complete(&l.shape) && complete(stride) {
            ok &= congruent(&l.shape, stride, errors);
        }
    }
    if !ok {
        return;
    }
    // A mixed layout's static leaves are `Int`s (unsigned): negative
    // strides are supported in fully static layouts.
    if let Some(stride) = &l.stride
        && target.is_static()
        && (has_dyn(&l.shape) || has_dyn(stride))
    {
        for leaf in stride.leaves() {
            if let Tree::Leaf(Leaf::Int(v)) = leaf.tree
                && v < 0
            {
                errors.push(leaf.at.error(format!(
                    "negative strides are supported in fully static layouts, found {v} in a layout with run-time leaves (use `dlayout!` or `cute_dynamic` for it)"
                )));
            }
        }
    }
    let size = l
        .shape
        .leaves()
        .into_iter()
        .try_fold(1i64, |p, leaf| match leaf.tree {
            Tree::Leaf(Leaf::Int(v)) => p.checked_mul(v),
            _ => Some(p),
        });
    if size.is_none() {
        errors.push(l.shape.at.error(format!(
            "expected a shape whose size fits in i64, found {}",
            l.shape
        )));
    }
}

/// Check a tiler literal (static: `tiler!`).
pub(crate) fn tiler(t: &TilerLit, errors: &mut Errors) {
    match t {
        TilerLit::Modes(modes, at) => {
            if modes.len() > MAX_RANK {
                errors.push(at.error(format!(
                    "a static tiler has at most {MAX_RANK} modes, this one has {}",
                    modes.len()
                )));
            }
            for m in modes {
                tiler(m, errors);
            }
        }
        TilerLit::Layout(l) => layout(l, Target::Tiler, errors),
        TilerLit::Shape(s) => {
            tuple(s, Role::Shape, Target::Tiler, errors);
        }
        // `_` keeps its mode (CuTe's by-mode skip): always admissible.
        TilerLit::Hole => {}
    }
}

/// The leaf and rank rules over one tuple; whether it passed.
fn tuple(n: &Node, role: Role, target: Target, errors: &mut Errors) -> bool {
    let mut fail = |message: String| {
        errors.push(n.at.error(message));
        false
    };
    match &n.tree {
        Tree::Invalid => false,
        Tree::Leaf(Leaf::Dyn(..)) => match target.no_runtime_leaves() {
            Some(who) => fail(format!(
                "run-time leaves `{{…}}` are not supported by {who}"
            )),
            None => true,
        },
        Tree::Leaf(Leaf::Int(v)) => {
            let v = *v;
            if role == Role::Shape && v <= 0 {
                fail(format!("expected a positive shape, found {v}"))
            } else if target.is_static() && v == i64::MIN {
                fail(format!(
                    "a static negative stride is at least -(2^63 - 1), found {v} (its magnitude 2^63 is not a static integer)"
                ))
            } else {
                true
            }
        }
        Tree::Tuple(kids) => {
            let mut ok = true;
            if target.is_static() && kids.len() > MAX_RANK {
                ok = fail(format!(
                    "a static tuple has at most {MAX_RANK} children, this one has {}",
                    kids.len()
                ));
            }
            for k in kids {
                ok &= tuple(k, role, target, errors);
            }
            ok
        }
    }
}

/// Whether the tuple has a run-time leaf `{…}`.
fn has_dyn(n: &Node) -> bool {
    n.leaves()
        .into_iter()
        .any(|leaf| matches!(leaf.tree, Tree::Leaf(Leaf::Dyn(..))))
}

/// Whether no item of the tuple failed to parse.
fn complete(n: &Node) -> bool {
    match &n.tree {
        Tree::Invalid => false,
        Tree::Leaf(_) => true,
        Tree::Tuple(kids) => kids.iter().all(complete),
    }
}

/// Whether `stride` has the tree shape of `shape`; each mismatch is an
/// error spanned over the stride's sub-tree.
fn congruent(shape: &Node, stride: &Node, errors: &mut Errors) -> bool {
    let message = match (&shape.tree, &stride.tree) {
        (Tree::Invalid, _) | (_, Tree::Invalid) | (Tree::Leaf(_), Tree::Leaf(_)) => return true,
        (Tree::Tuple(a), Tree::Tuple(b)) if a.len() == b.len() => {
            let mut ok = true;
            for (s, d) in a.iter().zip(b) {
                ok &= congruent(s, d, errors);
            }
            return ok;
        }
        (Tree::Tuple(a), Tree::Tuple(b)) => format!(
            "the stride is not congruent to the shape: the stride {stride} has {} modes where the shape {shape} has {}",
            b.len(),
            a.len()
        ),
        (Tree::Leaf(_), Tree::Tuple(_)) => format!(
            "the stride is not congruent to the shape: the stride {stride} is a tuple where the shape has the integer {shape}"
        ),
        (Tree::Tuple(_), Tree::Leaf(_)) => format!(
            "the stride is not congruent to the shape: the stride {stride} is an integer where the shape has the tuple {shape}"
        ),
    };
    errors.push(stride.at.error(message));
    false
}
