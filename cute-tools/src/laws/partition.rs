//! The laws of `local_tile`, `local_partition` (with a `Step`), `_` in
//! tilers, `make_fragment_like`, `group_modes` of tensors (cute-dynamic's
//! `kernel/partition.rs`).

use super::*;

/// `local_tile` of a tensor with layout `l` by `tiler` at `coord` gives the
/// tensor `(offset + tile)`: the slice `((_,…,_), coord)` of
/// `zipped_divide(l, tiler)` (which satisfies its law), `coord` padded with
/// `_` to the rest modes.
pub fn check_local_tile(
    l: &Layout,
    tiler: &Tiler,
    coord: &IntTuple,
    tile: &Layout,
    offset: i64,
) -> Result<(), Violation> {
    let cx = Ctx::new(
        "local_tile",
        format!("local_tile({l}, {tiler}, {coord})"),
        &format_args!("{offset} + {tile}"),
    );
    let z = cute_dynamic::zipped_divide(l, tiler)
        .map_err(|e| cx.fail(None, format!("the zipped divide fails: {e}")))?;
    check_zipped_divide(l, tiler, &z)?;
    let (r0, r1) = (mode(&z, 0).rank(), mode(&z, 1).rank());
    let all = |n: usize| {
        if n == 1 {
            Coord::Hole
        } else {
            Coord::Tuple(alloc::vec![Coord::Hole; n])
        }
    };
    let rest = match Coord::from(coord.as_ref()) {
        Coord::Tuple(mut v) => {
            v.resize(r1.max(v.len()), Coord::Hole);
            Coord::Tuple(v)
        }
        other => other,
    };
    check_slice(&z, &Coord::Tuple(alloc::vec![all(r0), rest]), tile, offset)
        .map_err(|v| cx.fail(v.witness, v.detail))
}

/// `local_partition` of a tensor with layout `l` for thread `thr` of
/// `thr_layout` gives `(offset + part)`: with `c_i` the thread's coordinate
/// in mode `i` of `thr_layout` (each leaf `(thr / d) mod s`,
/// colexicographic within the mode) and `n_i` that mode's size,
/// `offset + part(v) == Σ_i l_i(c_i + n_i·u_i)` where `u_i` is `v`'s index
/// in mode `i` of `part` (the modes of `l` beyond `thr_layout` contribute
/// `l_i(u_i)`).
pub fn check_local_partition(
    l: &Layout,
    thr_layout: &Layout,
    thr: i64,
    part: &Layout,
    offset: i64,
) -> Result<(), Violation> {
    let cx = Ctx::new(
        "local_partition",
        format!("local_partition({l}, {thr_layout}, {thr})"),
        &format_args!("{offset} + {part}"),
    );
    let k = thr_layout.rank();
    cx.ensure(k <= l.rank(), || {
        "the thread layout has more modes than L".into()
    })?;
    let mut c = Vec::with_capacity(k);
    let mut n = Vec::with_capacity(k);
    for i in 0..k {
        let m = mode(thr_layout, i);
        let (mut ci, mut scale) = (0i64, 1i64);
        for (s, d) in m.leaf_modes() {
            let digit = if d == 0 { 0 } else { (thr / d).rem_euclid(s) };
            ci += digit * scale;
            scale *= s;
        }
        c.push(ci);
        n.push(m.size());
    }
    let pr = part.rank();
    cx.ensure(pr == l.rank(), || {
        format!("{pr} modes, expected rank(L) = {}", l.rank())
    })?;
    let l_modes: Vec<Layout> = (0..pr).map(|i| mode(l, i)).collect();
    let sizes: Vec<i64> = (0..pr).map(|i| mode(part, i).size()).collect();
    for v in points(part.size()) {
        let mut rest = v;
        let mut want = 0i64;
        for (i, (li, &si)) in l_modes.iter().zip(&sizes).enumerate() {
            let u = if i + 1 == pr { rest } else { rest % si };
            rest /= si.max(1);
            let x = match (c.get(i), n.get(i)) {
                (Some(ci), Some(ni)) => ci + ni * u,
                _ => u,
            };
            want = want.wrapping_add(li.call(x));
        }
        let got = offset.wrapping_add(part.call(v));
        if got != want {
            return Err(cx.fail(
                Some(crd(part, v)),
                format!("offset + part({v}) = {got} but L = {want}"),
            ));
        }
    }
    Ok(())
}

/// A tiler with `_` keeps the modes it skips: for every operation `op`
/// among composition, logical divide and logical product,
/// `op(A, <…,_,…>)` has mode `i` equal to `A`'s mode `i` where the tiler
/// is `_`, and to `op(mode_i(A), t_i)` elsewhere.
pub fn check_underscore_tiler(a: &Layout, tiler: &Tiler) -> Result<(), Violation> {
    let law = underscore_tiler_law_text(a, tiler);
    lift(
        "underscore_tiler",
        format!("{a} by {tiler}"),
        &COMPUTED,
        law,
    )
}

/// `local_tile(T, tiler, coord, step) == local_tile(T, dice(step, tiler),
/// dice(step, coord))`, and every element of the tile is an offset of the
/// (diced) zipped divide of `layout`: checked on the counting tensor of
/// `layout`.
pub fn check_local_tile_with_step(
    layout: &Layout,
    tiler: &Tiler,
    coord: &Coord,
    step: &Step,
) -> Result<(), Violation> {
    let law = local_tile_law_text(layout, tiler, coord, step);
    let what = format!("local_tile({layout}, {tiler}, {coord}, {step})");
    lift("local_tile", what, &COMPUTED, law)
}

/// `local_partition(T, thr, i, step) == local_partition(T, dice(step, thr),
/// i)` for every thread `i < size(thr)`, and the partitions of all threads
/// cover the counting tensor of the compact `layout` evenly: every element
/// `size(thr) / size(dice(step, thr))` times.
pub fn check_local_partition_with_step(
    layout: &Layout,
    thr_layout: &Layout,
    step: &Step,
) -> Result<(), Violation> {
    let law = local_partition_law_text(layout, thr_layout, step);
    let what = format!("local_partition({layout}, {thr_layout}, {step})");
    lift("local_partition", what, &COMPUTED, law)
}

/// `make_fragment_like(L)`: the same shape, compact (a bijection onto
/// `0..size`), mode 0 contiguous and first.
pub fn check_make_fragment_like(layout: &Layout) -> Result<(), Violation> {
    let law = make_fragment_like_law_text(layout);
    lift(
        "make_fragment_like",
        format!("make_fragment_like({layout})"),
        &COMPUTED,
        law,
    )
}

/// `group_modes` and `flatten` re-lay out a tensor without changing its
/// values: `T'(i) == T(i)` for every index.
pub fn check_regroup(layout: &Layout, begin: usize, end: usize) -> Result<(), Violation> {
    let law = regroup_law_text(layout, begin, end);
    lift(
        "group_modes",
        format!("group_modes({layout}, {begin}, {end})"),
        &COMPUTED,
        law,
    )
}

pub(super) fn err<E: core::fmt::Display>(e: E) -> String {
    e.to_string()
}

pub(super) fn underscore_tiler_law_text(a: &Layout, tiler: &Tiler) -> Result<(), String> {
    let Tiler::Modes(ts) = tiler else {
        return Err(format!("{tiler} is not a by-mode tiler"));
    };
    type Op = fn(&Layout, &Tiler) -> Result<Layout, cute_dynamic::LayoutError>;
    let ops: [(&str, Op); 3] = [
        ("composition", |a, t| composition(a, t)),
        ("logical_divide", |a, t| logical_divide(a, t)),
        ("logical_product", |a, t| logical_product(a, t)),
    ];
    for (name, op) in ops {
        let r = match op(a, tiler) {
            Ok(r) => r,
            Err(e) => {
                // The by-mode result fails exactly when one tiled mode does.
                let mut modes = ts.iter().enumerate().filter(|(_, t)| **t != Tiler::Hole);
                if modes.any(|(i, t)| a.mode(i).is_none_or(|ai| op(&ai, t).is_err())) {
                    continue;
                }
                return Err(format!(
                    "{name}({a}, {tiler}) failed ({e}) but no mode does"
                ));
            }
        };
        for (i, t) in ts.iter().enumerate() {
            let (Some(ai), Some(ri)) = (a.mode(i), r.mode(i)) else {
                return Err(format!("{name}({a}, {tiler}) = {r} lacks mode {i}"));
            };
            let want = match t {
                Tiler::Hole => ai,
                t => op(&ai, t).map_err(err)?,
            };
            if ri != want {
                return Err(format!(
                    "{name}({a}, {tiler}) = {r}: mode {i} is {ri}, expected {want}"
                ));
            }
        }
    }
    Ok(())
}

pub(super) fn local_tile_law_text(
    layout: &Layout,
    tiler: &Tiler,
    coord: &Coord,
    step: &Step,
) -> Result<(), String> {
    let t = Tensor::new(Counting, layout.clone()).map_err(err)?;
    let with = local_tile(&t, tiler, coord, Some(step)).map_err(err)?;
    let diced = local_tile(
        &t,
        &step.dice_tiler(tiler).map_err(err)?,
        &step.dice_coord(coord).map_err(err)?,
        None,
    )
    .map_err(err)?;
    if with.layout() != diced.layout() || with.base() != diced.base() {
        return Err(format!(
            "with step: {} + {}, diced: {} + {}",
            with.base(),
            with.layout(),
            diced.base(),
            diced.layout()
        ));
    }
    // The tile is a sub-view: every offset it reaches is `layout`'s offset
    // of some coordinate (checked on the diced zipped divide).
    let z = zipped_divide(layout, &step.dice_tiler(tiler).map_err(err)?).map_err(err)?;
    let reach: alloc::collections::BTreeSet<i64> = (0..z.size()).map(|i| z.call(i)).collect();
    for j in 0..with.size() {
        let off = with.at(j).ok_or_else(|| format!("no element {j}"))?;
        if !reach.contains(&off) {
            return Err(format!(
                "element {j} of the tile is offset {off}, not in the tiling"
            ));
        }
    }
    Ok(())
}

pub(super) fn local_partition_law_text(
    layout: &Layout,
    thr_layout: &Layout,
    step: &Step,
) -> Result<(), String> {
    let t = Tensor::new(Counting, layout.clone()).map_err(err)?;
    let diced = step.dice_layout(thr_layout).map_err(err)?;
    let threads = thr_layout.size();
    let times = u32::try_from(threads / diced.size().max(1)).map_err(err)?;
    let mut seen = vec![0u32; usize::try_from(layout.size()).map_err(err)?];
    for thr in 0..threads {
        let a = local_partition(&t, thr_layout, thr, Some(step)).map_err(err)?;
        let b = local_partition(&t, &diced, thr, None).map_err(err)?;
        if a.layout() != b.layout() || a.base() != b.base() {
            return Err(format!("thread {thr}: {} vs {}", a.layout(), b.layout()));
        }
        for j in 0..a.size() {
            let off = a
                .at(j)
                .ok_or_else(|| format!("thread {thr}: no element {j}"))?;
            // Counting over a compact layout: the offset is the index.
            let k = usize::try_from(off).map_err(err)?;
            match seen.get_mut(k) {
                Some(s) => *s += 1,
                None => return Err(format!("thread {thr}: offset {off} outside {layout}")),
            }
        }
    }
    if seen.iter().any(|&s| s != times) {
        return Err(format!(
            "the partitions of {thr_layout} diced by {step} do not cover {layout} {times} times each"
        ));
    }
    Ok(())
}

pub(super) fn make_fragment_like_law_text(layout: &Layout) -> Result<(), String> {
    let f = fragment_layout_like(layout).map_err(err)?;
    if f.shape() != layout.shape() {
        return Err(format!("{f} has not the shape of {layout}"));
    }
    let n = usize::try_from(f.size()).map_err(err)?;
    let mut hit = vec![false; n];
    for i in 0..f.size() {
        let o = usize::try_from(f.call(i)).map_err(err)?;
        match hit.get_mut(o) {
            Some(h) if !*h => *h = true,
            _ => return Err(format!("{f} is not a bijection onto 0..{n}")),
        }
    }
    let m0 = if layout.shape().is_int() {
        f.size()
    } else {
        f.mode(0).map(|m| m.size()).unwrap_or(1)
    };
    for i in 0..m0 {
        if f.call(i) != i {
            return Err(format!("mode 0 of {f} is not compact column-major"));
        }
    }
    Ok(())
}

pub(super) fn regroup_law_text(layout: &Layout, begin: usize, end: usize) -> Result<(), String> {
    let t = Tensor::new(Counting, layout.clone()).map_err(err)?;
    let g = t.clone().group_modes(begin, end).map_err(err)?;
    let f = t.clone().flatten().map_err(err)?;
    for i in 0..t.size() {
        if g.at(i) != t.at(i) || f.at(i) != t.at(i) {
            return Err(format!(
                "index {i}: {:?} / {:?} / {:?} ({} / {} / {})",
                t.at(i),
                g.at(i),
                f.at(i),
                t.layout(),
                g.layout(),
                f.layout()
            ));
        }
    }
    Ok(())
}
