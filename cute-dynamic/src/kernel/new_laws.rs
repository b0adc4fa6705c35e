//! The defining properties of the tensor and partitioning operations added
//! for CuTe's kernel programming model, one `check_<operation>` each,
//! returning a description of the first violation. Called by the property
//! tests (`tests/tests/tensor_partition.rs`); to be merged into the crate's
//! laws module.

use crate::algebra::composition::composition;
use crate::algebra::divide::{logical_divide, zipped_divide};
use crate::algebra::product::logical_product;
use crate::data::coordinate::Coord;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::Layout;
use crate::data::tiler::Tiler;
use crate::kernel::partition::{Step, fragment_layout_like, local_partition, local_tile};
use crate::kernel::predicate::Predicate;
use crate::kernel::tensor::{Counting, Engine, EngineMut, Tensor, TensorLayout};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

fn err<E: core::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// A tiler with `_` keeps the modes it skips: for every operation `op`
/// among composition, logical divide and logical product,
/// `op(A, <…,_,…>)` has mode `i` equal to `A`'s mode `i` where the tiler
/// is `_`, and to `op(mode_i(A), t_i)` elsewhere.
pub fn check_underscore_tiler(a: &Layout, tiler: &Tiler) -> Result<(), String> {
    let Tiler::Modes(ts) = tiler else {
        return Err(format!("{tiler} is not a by-mode tiler"));
    };
    type Op = fn(&Layout, &Tiler) -> Result<Layout, crate::LayoutError>;
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

/// `local_tile(T, tiler, coord, step) == local_tile(T, dice(step, tiler),
/// dice(step, coord))`, and the tile's element `j` is `T`'s element at the
/// tile's origin plus the tile's layout: checked on the counting tensor of
/// `layout`, for every element of the tile that lies in `layout`'s domain.
pub fn check_local_tile(
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

/// `local_partition(T, thr, i, step) == local_partition(T, dice(step, thr),
/// i)` for every thread `i < size(thr)`, and when `thr` is compact and its
/// diced shape divides `layout`'s shape, the partitions of all threads
/// cover the counting tensor of the compact `layout` evenly: every element
/// `size(thr) / size(dice(step, thr))` times.
pub fn check_local_partition(
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

/// `make_fragment_like(L)`: the same shape, compact (a bijection onto
/// `0..size`), mode 0 contiguous and first.
pub fn check_make_fragment_like(layout: &Layout) -> Result<(), String> {
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

/// `tile_to_shape(atom, shape, order)`: the result has `shape`'s per-mode
/// sizes, is the atom on the atom's own block (`R(c) == atom(c)` for every
/// coordinate `c` of the atom, mode by mode), and is injective when the
/// atom is.
pub fn check_tile_to_shape(atom: &Layout, shape: &IntTuple, result: &Layout) -> Result<(), String> {
    let r = shape.rank().max(1);
    for i in 0..r {
        let want = if shape.is_int() {
            shape.as_int()
        } else {
            shape.get(i).and_then(|m| m.size())
        };
        let got = if result.shape().is_int() {
            Some(result.size())
        } else {
            result.mode(i).map(|m| m.size())
        };
        if want != got {
            return Err(format!(
                "{result}: mode {i} has size {got:?}, expected {want:?}"
            ));
        }
    }
    // Coordinates of the atom, per mode, as integral coordinates of each
    // of the result's modes.
    let atom_modes: Vec<i64> = if atom.shape().is_int() || atom.rank() == 1 {
        vec![atom.size()]
    } else {
        (0..atom.rank())
            .map(|i| atom.mode(i).map(|m| m.size()).unwrap_or(1))
            .collect()
    };
    for i in 0..atom.size() {
        let mut rest = i;
        let mut coords = Vec::with_capacity(r);
        for k in 0..r {
            let s = atom_modes.get(k).copied().unwrap_or(1);
            coords.push(rest % s);
            rest /= s;
        }
        let c = if r == 1 {
            IntTuple::int(coords[0])
        } else {
            IntTuple::flat(coords)
        };
        let got = result.call_coord(&c).map_err(err)?;
        let want = atom.call(i);
        if got != want {
            return Err(format!("{result}({c}) = {got}, atom({i}) = {want}"));
        }
    }
    Ok(())
}

/// `copy_if(pred, src, dst)`: afterwards `dst(i) == src(i)` where `pred(i)`
/// holds and `dst(i) == before(i)` elsewhere (`before` is `dst`'s values,
/// index by index, taken before the copy).
pub fn check_copy_if<P, S, D, LS, LD>(
    pred: &P,
    src: &Tensor<S, LS>,
    before: &[Option<S::Value>],
    dst: &Tensor<D, LD>,
) -> Result<(), String>
where
    P: Predicate + ?Sized,
    LS: TensorLayout,
    LD: TensorLayout,
    S: Engine<LS::Offset>,
    D: EngineMut<LD::Offset, Value = S::Value>,
    S::Value: Clone + PartialEq + core::fmt::Debug,
{
    for i in 0..dst.size() {
        let idx = usize::try_from(i).map_err(err)?;
        let want = if pred.test(i) == Some(true) {
            src.at(i)
        } else {
            before.get(idx).cloned().flatten()
        };
        let got = dst.at(i);
        if got != want {
            return Err(format!("element {i}: {got:?}, expected {want:?}"));
        }
    }
    Ok(())
}

/// `fill(dst, v)` (and `clear`, with the default value): every element of
/// `dst` is `v`.
pub fn check_fill<D, LD>(dst: &Tensor<D, LD>, v: &D::Value) -> Result<(), String>
where
    LD: TensorLayout,
    D: Engine<LD::Offset>,
    D::Value: PartialEq + core::fmt::Debug,
{
    for i in 0..dst.size() {
        if dst.at(i).as_ref() != Some(v) {
            return Err(format!("element {i} is {:?}, expected {v:?}", dst.at(i)));
        }
    }
    Ok(())
}

/// `group_modes` and `flatten` re-lay out a tensor without changing its
/// values: `T'(i) == T(i)` for every index.
pub fn check_regroup(layout: &Layout, begin: usize, end: usize) -> Result<(), String> {
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
