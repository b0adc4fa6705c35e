//! The baseline the algebra benchmarks are measured against: the same
//! algorithms written the straightforward way, as pycute and run-time-tree
//! ports do — a tree of heap-allocated vectors, a fresh `Vec` per step, no
//! admissibility checks. It exists only to be timed beside cute-dynamic in
//! the same process.

/// A hierarchical integer tuple as a tree of vectors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tree {
    /// A leaf.
    Int(i64),
    /// A tuple.
    Tup(Vec<Tree>),
}

/// A layout as two trees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveLayout {
    /// Shape.
    pub shape: Tree,
    /// Stride.
    pub stride: Tree,
}

impl Tree {
    fn leaves(&self, out: &mut Vec<i64>) {
        match self {
            Tree::Int(v) => out.push(*v),
            Tree::Tup(c) => c.iter().for_each(|t| t.leaves(out)),
        }
    }
}

impl NaiveLayout {
    /// Convert from a cute-dynamic layout.
    pub fn from_layout(l: &cute_dynamic::Layout) -> Self {
        fn tree(t: cute_dynamic::IntTupleRef<'_>) -> Tree {
            match t.as_int() {
                Some(v) => Tree::Int(v),
                None => Tree::Tup(t.children().map(tree).collect()),
            }
        }
        NaiveLayout {
            shape: tree(l.shape().as_ref()),
            stride: tree(l.stride().as_ref()),
        }
    }

    fn flat(&self) -> Vec<(i64, i64)> {
        let (mut s, mut d) = (Vec::new(), Vec::new());
        self.shape.leaves(&mut s);
        self.stride.leaves(&mut d);
        s.into_iter().zip(d).collect()
    }

    fn from_flat(modes: Vec<(i64, i64)>) -> Self {
        if modes.len() == 1 {
            NaiveLayout {
                shape: Tree::Int(modes[0].0),
                stride: Tree::Int(modes[0].1),
            }
        } else {
            NaiveLayout {
                shape: Tree::Tup(modes.iter().map(|m| Tree::Int(m.0)).collect()),
                stride: Tree::Tup(modes.iter().map(|m| Tree::Int(m.1)).collect()),
            }
        }
    }

    /// Size.
    pub fn size(&self) -> i64 {
        self.flat().iter().map(|m| m.0).product()
    }
}

/// Front-to-back coalesce.
pub fn coalesce(l: &NaiveLayout) -> NaiveLayout {
    let mut out: Vec<(i64, i64)> = vec![(1, 0)];
    for (s, d) in l.flat() {
        let back = out.last_mut().unwrap();
        if s == 1 {
            continue;
        } else if back.0 == 1 {
            *back = (s, d);
        } else if back.0 * back.1 == d {
            back.0 *= s;
        } else {
            out.push((s, d));
        }
    }
    NaiveLayout::from_flat(out)
}

/// Composition, leaf by leaf of `b`, without checks.
pub fn composition(a: &NaiveLayout, b: &NaiveLayout) -> NaiveLayout {
    let am = coalesce(a).flat();
    fn leaf(am: &[(i64, i64)], s: i64, d: i64) -> NaiveLayout {
        if am.len() == 1 {
            return NaiveLayout::from_flat(vec![(s, d * am[0].1)]);
        }
        let (mut rs, mut rd) = (s, d);
        let mut out = Vec::new();
        for &(sr, dr) in &am[..am.len() - 1] {
            if rs > 1 && rd > 0 {
                if (rs - 1) * rd < sr {
                    out.push((rs, rd * dr));
                    rs = 1;
                } else {
                    let n = if sr % rd == 0 { sr / rd } else { 1 };
                    if n > 1 {
                        out.push((n, rd * dr));
                        rs /= n;
                    }
                }
            }
            rd = if rd == 0 { 0 } else { (rd + sr - 1) / sr };
        }
        if out.is_empty() || rs != 1 {
            out.push((rs, rd * am[am.len() - 1].1));
        }
        NaiveLayout::from_flat(out)
    }
    fn walk(am: &[(i64, i64)], s: &Tree, d: &Tree) -> NaiveLayout {
        match (s, d) {
            (Tree::Int(s), Tree::Int(d)) => leaf(am, *s, *d),
            (Tree::Tup(ss), Tree::Tup(dd)) => {
                let parts: Vec<NaiveLayout> =
                    ss.iter().zip(dd).map(|(s, d)| walk(am, s, d)).collect();
                NaiveLayout {
                    shape: Tree::Tup(parts.iter().map(|p| p.shape.clone()).collect()),
                    stride: Tree::Tup(parts.into_iter().map(|p| p.stride).collect()),
                }
            }
            _ => unreachable!("congruent"),
        }
    }
    walk(&am, &b.shape, &b.stride)
}

/// Complement by sorting the modes.
pub fn complement(a: &NaiveLayout, m: i64) -> NaiveLayout {
    let mut modes: Vec<(i64, i64)> = a
        .flat()
        .into_iter()
        .filter(|&(s, d)| s != 1 && d != 0)
        .map(|(s, d)| (d, s))
        .collect();
    modes.sort();
    let mut out = Vec::new();
    let mut cur = 1;
    for (d, s) in modes {
        out.push((d / cur, cur));
        cur = s * d;
    }
    out.push(((m + cur - 1) / cur, cur));
    coalesce(&NaiveLayout::from_flat(out))
}

/// Right inverse by sorting the modes.
pub fn right_inverse(l: &NaiveLayout) -> NaiveLayout {
    let flat = coalesce(l).flat();
    let mut p = 1;
    let mut modes: Vec<(i64, i64, i64)> = flat
        .iter()
        .map(|&(s, d)| {
            let r = (d, s, p);
            p *= s;
            r
        })
        .collect();
    modes.sort();
    let mut out = vec![(1, 0)];
    let mut cur = 1;
    for (d, s, p) in modes {
        if d == cur {
            out.push((s, p));
            cur = s * d;
        }
    }
    coalesce(&NaiveLayout::from_flat(out))
}

/// `A ∘ (B, complement(B, size(A)))`.
pub fn logical_divide(a: &NaiveLayout, b: &NaiveLayout) -> NaiveLayout {
    let c = complement(b, a.size());
    let bc = NaiveLayout {
        shape: Tree::Tup(vec![b.shape.clone(), c.shape]),
        stride: Tree::Tup(vec![b.stride.clone(), c.stride]),
    };
    composition(a, &bc)
}

/// `(A, complement(A, size(A)·cosize(B)) ∘ B)`.
pub fn logical_product(a: &NaiveLayout, b: &NaiveLayout) -> NaiveLayout {
    let cos = b.flat().iter().map(|&(s, d)| (s - 1) * d).sum::<i64>() + 1;
    let c = complement(a, a.size() * cos);
    let r = composition(&c, b);
    NaiveLayout {
        shape: Tree::Tup(vec![a.shape.clone(), r.shape]),
        stride: Tree::Tup(vec![a.stride.clone(), r.stride]),
    }
}
