//! The laws of slicing and the mode functions of layouts: `slice`,
//! `make_layout`, `select`, `take`, `group_modes`, `replace`, `flatten`,
//! `append`/`prepend` (cute-dynamic's `data/layout.rs`).

use super::*;

/// Fill the holes of `c` with the next coordinates of `fill`, as an
/// integer tuple.
pub(super) fn fill_holes(c: &Coord, fill: &mut dyn Iterator<Item = IntTuple>) -> Option<IntTuple> {
    match c {
        Coord::Int(v) => Some(IntTuple::int(*v)),
        Coord::Hole => fill.next(),
        Coord::Tuple(items) => {
            let parts: Vec<IntTuple> = items
                .iter()
                .map(|i| fill_holes(i, fill))
                .collect::<Option<_>>()?;
            Some(IntTuple::tuple(parts.iter().map(IntTuple::as_ref)))
        }
    }
}

/// Number of holes in `c`.
pub(super) fn holes_in(c: &Coord) -> usize {
    match c {
        Coord::Int(_) => 0,
        Coord::Hole => 1,
        Coord::Tuple(items) => items.iter().map(holes_in).sum(),
    }
}

/// `L.slice(c) = (sub, offset)`: `sub` has one mode per hole of `c` (all of
/// `L` for `c = _`, none for an integer `c`), and `sub(k) + offset ==
/// L(c with its holes filled by sub's coordinate of k)` for every `k <
/// size(sub)`.
pub fn check_slice(l: &Layout, c: &Coord, sub: &Layout, offset: i64) -> Result<(), Violation> {
    let cx = Ctx::new(
        "slice",
        format!("{l} sliced at {c}"),
        &format_args!("{offset} + {sub}"),
    );
    let holes = holes_in(c);
    let whole = matches!(c, Coord::Hole);
    let modes = if whole { 1 } else { sub.rank() };
    cx.ensure(
        (holes == 0 && sub.size() == 1) || whole || (!sub.shape().is_int() && modes == holes),
        || format!("{} modes for {holes} holes", sub.rank()),
    )?;
    for_each_filled(&cx, c, sub, |k, full| {
        let want = l
            .call_coord(full)
            .map_err(|e| cx.fail(Some(full.to_string()), format!("L fails there: {e}")))?;
        let got = sub.call(k).wrapping_add(offset);
        if got != want {
            return Err(cx.fail(
                Some(full.to_string()),
                format!("sub({k}) + offset = {got} but L = {want}"),
            ));
        }
        Ok(())
    })
}

/// `f(k, c with its holes filled by sub's coordinate of k)` on the points
/// of `sub`'s domain (the slice laws).
pub(super) fn for_each_filled(
    cx: &Ctx,
    c: &Coord,
    sub: &Layout,
    mut f: impl FnMut(i64, &IntTuple) -> Result<(), Violation>,
) -> Result<(), Violation> {
    let holes = holes_in(c);
    let whole = matches!(c, Coord::Hole);
    for k in points(sub.size()) {
        let nat = idx2crd(k, sub.shape());
        let per_hole: Vec<IntTuple> = if whole {
            alloc::vec![nat.clone()]
        } else {
            (0..holes)
                .filter_map(|h| nat.get(h).map(|x| x.to_owned()))
                .collect()
        };
        let mut it = per_hole.into_iter();
        let full = fill_holes(c, &mut it)
            .ok_or_else(|| cx.fail(Some(nat.to_string()), "a hole has no coordinate".into()))?;
        f(k, &full)?;
    }
    Ok(())
}

/// `append<N>(L, x) == r` (`front`: `prepend<N>`; `n` absent: one mode
/// more): `r` is `L` itself when `n` is `L`'s rank, else a tuple of rank
/// `n` whose modes are `L`'s in order followed (preceded) by copies of `x`.
pub fn check_append(
    l: &Layout,
    x: &Layout,
    n: Option<usize>,
    front: bool,
    r: &Layout,
) -> Result<(), Violation> {
    let rank = l.rank();
    let n = n.unwrap_or(rank + 1);
    let law = (|| -> Outcome {
        if n == rank {
            return ensure(r == l, || format!("rank {n} is {l}'s: {r} is not {l}"));
        }
        ensure(n > rank && !r.shape().is_int() && r.rank() == n, || {
            format!("{r} is not a tuple of rank {n} above {l}'s {rank}")
        })?;
        let pad = n - rank;
        for i in 0..n {
            let own = if front {
                i.checked_sub(pad)
            } else {
                (i < rank).then_some(i)
            };
            let want = match own {
                Some(k) => l.mode(k),
                None => Some(x.clone()),
            };
            ensure(r.mode(i) == want, || {
                format!("mode {i} of {r} is not {want:?}")
            })?;
        }
        Ok(())
    })();
    let op = if front { "prepend" } else { "append" };
    lift(op, format!("{op}<{n}>({l}, {x})"), r, law)
}

/// `make_layout(S, D) = R`: `R`'s shape is `S` and its stride `D`, or
/// without `D` the compact column-major strides `compact_col_major(S, 1)`.
pub fn check_make_layout(
    shape: &IntTuple,
    stride: Option<&IntTuple>,
    r: &Layout,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(r.shape() == shape, || {
            format!("shape {} is not {shape}", r.shape())
        })?;
        let want = match stride {
            Some(d) => d.clone(),
            None => cute_dynamic::compact_col_major(shape, 1).map_err(err)?,
        };
        ensure(*r.stride() == want, || {
            format!("stride {} is not {want}", r.stride())
        })
    })();
    let operands = match stride {
        Some(d) => format!("make_layout({shape}, {d})"),
        None => format!("make_layout({shape})"),
    };
    lift("make_layout", operands, r, law)
}

/// `make_layout(L0, L1, …) = R`: `R` has one mode per operand, mode `k`
/// being `Lk` (CuTe's `make_layout` of layouts).
pub fn check_make_layout_of(modes: &[Layout], r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(r.rank() == modes.len() && !r.shape().is_int(), || {
            format!("{r} is not a tuple of {} modes", modes.len())
        })?;
        for (k, m) in modes.iter().enumerate() {
            ensure(r.mode(k).as_ref() == Some(m), || {
                format!("mode {k} of {r} is not {m}")
            })?;
        }
        Ok(())
    })();
    let operands = modes
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    lift("make_layout", format!("make_layout({operands})"), r, law)
}

/// `select(L, I) = R`: `R` is a tuple of rank `|I|` whose mode `k` is mode
/// `I[k]` of `L` (for `s:d`, mode 0 is `L`).
pub fn check_select(l: &Layout, indices: &[usize], r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(!r.shape().is_int() && r.rank() == indices.len(), || {
            format!("{r} is not a tuple of rank {}", indices.len())
        })?;
        for (k, &i) in indices.iter().enumerate() {
            ensure(i < l.rank() && r.mode(k) == Some(mode(l, i)), || {
                format!("mode {k} is not mode {i} of {l}")
            })?;
        }
        Ok(())
    })();
    lift("select", format!("select({l}, {indices:?})"), r, law)
}

/// `take(L, B, E) = R`: `select(L, [B, …, E-1])`.
pub fn check_take(l: &Layout, begin: usize, end: usize, r: &Layout) -> Result<(), Violation> {
    let idx: Vec<usize> = (begin..end).collect();
    check_select(l, &idx, r)
}

/// `group_modes(L, B, E) = R`: the modes of `L` before `B` and from `E`
/// kept, and between them one mode whose modes are `L`'s modes `B..E`.
pub fn check_group_modes(
    l: &Layout,
    begin: usize,
    end: usize,
    r: &Layout,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(begin < end && end <= l.rank(), || {
            format!("{begin}..{end} is not a range of modes")
        })?;
        ensure(
            !r.shape().is_int() && r.rank() == l.rank() - (end - begin) + 1,
            || format!("rank {} is not rank(L) - (E - B) + 1", r.rank()),
        )?;
        for i in 0..begin {
            ensure(r.mode(i) == Some(mode(l, i)), || {
                format!("mode {i} is not L's")
            })?;
        }
        for i in end..l.rank() {
            let k = i - (end - begin) + 1;
            ensure(r.mode(k) == Some(mode(l, i)), || {
                format!("mode {k} is not L's mode {i}")
            })?;
        }
        let g = r.mode(begin).ok_or("the group is missing")?;
        ensure(!g.shape().is_int() && g.rank() == end - begin, || {
            format!("the group {g} has not rank {}", end - begin)
        })?;
        for i in begin..end {
            ensure(g.mode(i - begin) == Some(mode(l, i)), || {
                format!("mode {} of the group is not L's mode {i}", i - begin)
            })?;
        }
        Ok(())
    })();
    lift(
        "group_modes",
        format!("group_modes({l}, {begin}, {end})"),
        r,
        law,
    )
}

/// `replace(L, I, X) = R`: for a tuple `L`, `R` is a tuple of `L`'s rank
/// whose mode `I` is `X` and whose other modes are `L`'s; for an integer
/// `L` (rank 1), `I` is 0 and `R` is `X`.
pub fn check_replace(l: &Layout, i: usize, x: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(i < l.rank(), || {
            format!("{i} is not a mode of L (rank {})", l.rank())
        })?;
        if l.shape().is_int() {
            return ensure(r == x, || format!("{r} is not X"));
        }
        ensure(!r.shape().is_int() && r.rank() == l.rank(), || {
            format!("{r} is not a tuple of rank {}", l.rank())
        })?;
        for k in 0..l.rank() {
            let want = if k == i { x.clone() } else { mode(l, k) };
            ensure(r.mode(k) == Some(want), || {
                format!("mode {k} is not {}", if k == i { "X" } else { "L's" })
            })?;
        }
        Ok(())
    })();
    lift("replace", format!("replace({l}, {i}, {x})"), r, law)
}

/// `flatten(L) = R`: depth ≤ 1, the same leaves `s:d` in order, and an
/// integer exactly when `L` is one.
pub fn check_flatten(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(r.depth() <= 1, || format!("depth {} > 1", r.depth()))?;
        ensure(r.shape().is_int() == l.shape().is_int(), || {
            "an integer exactly when L is".into()
        })?;
        ensure(r.leaf_modes().eq(l.leaf_modes()), || {
            "the leaves differ".into()
        })
    })();
    lift("flatten", format!("flatten({l})"), r, law)
}

/// `append`/`prepend` on text, with their optional `X` (default `1:0`) and
/// rank `N`.
pub(crate) fn check_append_text(o: &Operands<'_>) -> Result<(), Violation> {
    let x = match o.given(1) {
        true => o.layout(1)?,
        false => Layout::rank1(1, 0).map_err(|_| o.bad("layout", "1:0"))?,
    };
    let n = match o.given(2) {
        true => Some(usize::try_from(o.int(2)?).map_err(|_| o.bad("rank", o.text(2)))?),
        false => None,
    };
    check_append(&o.layout(0)?, &x, n, o.op == "prepend", &o.out()?)
}
