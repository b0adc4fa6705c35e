//! The laws of the atoms: MMA and copy atoms, tiled MMAs and copies (their
//! `layoutX_TV` against the partitions, and their queries on text), GMMA
//! descriptors (cute-dynamic's `atom/`).

use super::*;

/// The law of `make_gmma_desc(major, smem, bits, address)` = `d`: the
/// hardware, reading the operand through `d` (the PTX ISA's canonical
/// layouts and swizzles, `gmma_desc::canonical_address`), finds every
/// element `(mn, k)` of `smem` (extents: the sizes of its two modes) at
/// the byte address `smem` puts it: `address + Sw(offset + L(mn, k))·bits/8`.
pub fn check_gmma_desc(
    major: cute_dynamic::GmmaMajor,
    smem: &SwizzledLayout,
    bits: i64,
    address: u32,
    d: cute_dynamic::GmmaDescriptor,
) -> Result<(), Violation> {
    use cute_dynamic::__tools::canonical_address;
    use cute_dynamic::SmemLayout;
    let (sw, offset, l) = smem.smem_parts();
    let violation = |detail: String| Violation {
        law: "GMMA descriptor",
        operands: format!("make_gmma_desc({major:?}, {smem}, {bits} bits, {address})"),
        result: d.to_string(),
        witness: None,
        detail,
    };
    let (Some(m0), Some(m1)) = (l.mode(0), l.mode(1)) else {
        return Err(violation(format!("{l} has no two modes")));
    };
    let (mn, kk) = (m0.size(), m1.size());
    for i in 0..mn {
        for k in 0..kk {
            let c = IntTuple::flat([i, k]);
            let want = l
                .call_coord(&c)
                .ok()
                .and_then(|o| o.checked_add(offset))
                .map(|o| i64::from(address) + sw.apply(o) * bits / 8);
            let got = canonical_address(d, major, bits, i, k);
            if want != Some(got) {
                return Err(violation(format!(
                    "element ({i},{k}): the descriptor reads byte {got}, the layout puts it at {want:?}"
                )));
            }
        }
    }
    Ok(())
}

pub(super) fn query_violation(op: &str, result: &str, detail: String) -> Violation {
    Violation {
        law: "atom query",
        operands: op.to_string(),
        result: result.to_string(),
        witness: None,
        detail,
    }
}

pub(super) fn check_query_int(
    op: &str,
    result: &str,
    got: i64,
    want: i64,
) -> Result<(), Violation> {
    if got == want {
        Ok(())
    } else {
        Err(query_violation(op, result, format!("expected {want}")))
    }
}

/// The same function on the same domain.
pub(super) fn check_query_layout(
    op: &str,
    result: &str,
    got: &Layout,
    want: &Layout,
) -> Result<(), Violation> {
    let same =
        got.shape() == want.shape() && points(want.size()).all(|i| got.call(i) == want.call(i));
    if same {
        Ok(())
    } else {
        Err(query_violation(
            op,
            result,
            format!("expected the function of {want}"),
        ))
    }
}

/// A `partition_X(t=T)` result `OFFSET|LAYOUT` holds, at value `v`,
/// `layoutX_TV(T, v)` (the contract read the other way); the other
/// queries (coordinates, shapes, fragments, retiles) must print a layout,
/// a tuple or `OFFSET|LAYOUT` that parses.
pub(super) fn check_partition_query(
    op: &str,
    query: &str,
    result: &str,
    tvs: &[(String, Layout)],
) -> Result<(), Violation> {
    let parses = |text: &str| {
        text.parse::<Layout>().is_ok()
            || text.parse::<IntTuple>().is_ok()
            || text.parse::<cute_dynamic::CoordLayout>().is_ok()
    };
    for (name, tv) in tvs {
        let Some(arg) = query
            .strip_prefix(&format!("partition_{name}("))
            .and_then(|r| r.strip_suffix(')'))
        else {
            continue;
        };
        let t: i64 = arg
            .strip_prefix("t=")
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| query_violation(op, result, format!("{query} names no thread")))?;
        let (off, sub) = result
            .split_once('|')
            .and_then(|(o, l)| Some((o.parse::<i64>().ok()?, l.parse::<Layout>().ok()?)))
            .ok_or_else(|| query_violation(op, result, "not OFFSET|LAYOUT".to_string()))?;
        let values = mode(tv, 1).size();
        if sub.size() != values {
            return Err(query_violation(
                op,
                result,
                format!("{values} values expected"),
            ));
        }
        for v in points(values) {
            let (got, want) = (off.wrapping_add(sub.call(v)), tv_at(tv, t, v));
            if got != want {
                return Err(query_violation(
                    op,
                    result,
                    format!("value {v} of thread {t} is at {got}, layout{name}_TV says {want}"),
                ));
            }
        }
        return Ok(());
    }
    let ok = match result.split_once('|') {
        Some((o, l)) => (o.parse::<i64>().is_ok() || o.parse::<IntTuple>().is_ok()) && parses(l),
        None => parses(result),
    };
    if ok {
        Ok(())
    } else {
        Err(query_violation(
            op,
            result,
            "does not parse as a result of the query".to_string(),
        ))
    }
}

/// An MMA atom's query on text: the atom is well formed and the printed
/// result is the atom's.
pub(crate) fn check_mma_atom_text(o: &Operands<'_>) -> Result<(), Violation> {
    let atom = cute_dynamic::mma_atom(o.text(0)).map_err(|_| o.bad("MMA atom", o.text(0)))?;
    check_mma_atom(&atom)?;
    let [m, n, k] = atom.shape_mnk();
    let want = match o.text(1).trim() {
        "Shape_MNK" => format!("({m},{n},{k})"),
        "ThrID" => atom.thr_id().to_string(),
        "ALayout" => atom.a_layout().to_string(),
        "BLayout" => atom.b_layout().to_string(),
        "CLayout" => atom.c_layout().to_string(),
        _ => return Err(o.bad("query", o.text(1))),
    };
    if o.result() == want {
        Ok(())
    } else {
        Err(query_violation(
            o.op,
            o.result(),
            format!("the atom's {} is {want}", o.text(1)),
        ))
    }
}

/// A tiled MMA's query on text: the contract of the tiled MMA (a
/// `layoutX_TV` query's printed result is the layout checked), and the
/// printed result against it.
pub(crate) fn check_tiled_mma_text(o: &Operands<'_>) -> Result<(), Violation> {
    let (op, result) = (o.op, o.result());
    let mma = cute_dynamic::__tools::tiled_mma_from_text(o.text(0), o.text(1), o.text(2))
        .map_err(|_| o.bad("tiled MMA", o.text(0)))?;
    let query: String = o.text(3).split_whitespace().collect();
    let mut tvs = Vec::new();
    for operand in [
        cute_dynamic::MmaOperand::OperandA,
        cute_dynamic::MmaOperand::OperandB,
        cute_dynamic::MmaOperand::OperandC,
    ] {
        let tv = if query == format!("layout{operand}_TV") {
            o.out()?
        } else {
            mma.layout_tv(operand)
                .map_err(|_| o.bad("tiled MMA", o.text(0)))?
        };
        check_tiled_mma(&mma, operand, &tv)?;
        tvs.push((operand.to_string(), tv));
    }
    let tile_size = |i: usize| mma.tile_size(i).map_err(|_| o.bad("tiled MMA", o.text(0)));
    match query.as_str() {
        "size" => check_query_int(op, result, o.out_int()?, mma.size()),
        "tile_size<0>" | "tile_size0" => check_query_int(op, result, o.out_int()?, tile_size(0)?),
        "tile_size<1>" | "tile_size1" => check_query_int(op, result, o.out_int()?, tile_size(1)?),
        "tile_size<2>" | "tile_size2" => check_query_int(op, result, o.out_int()?, tile_size(2)?),
        "thr_layout_vmnk" => {
            let want = cute_dynamic::tiled_product(mma.atom().thr_id(), mma.atom_layout_mnk())
                .map_err(|_| o.bad("tiled MMA", o.text(0)))?;
            check_query_layout(op, result, &o.out()?, &want)
        }
        q => check_partition_query(op, q, result, &tvs),
    }
}

/// A GMMA descriptor on text (`MAJOR`, `SMEM_LAYOUT`, `VALUE_TYPE`,
/// `[ADDRESS]`; the result `0xWORD|…`): the descriptor's law.
pub(crate) fn check_gmma_desc_text(o: &Operands<'_>) -> Result<(), Violation> {
    let major = cute_dynamic::__tools::gmma_major(o.text(0))
        .ok_or_else(|| o.bad("GMMA major", o.text(0)))?;
    let smem = cute_dynamic::__tools::smem_layout(o.text(1))
        .map_err(|_| o.bad("shared-memory layout", o.text(1)))?;
    let value: cute_dynamic::ValueType = o
        .text(2)
        .parse()
        .map_err(|_| o.bad("value type", o.text(2)))?;
    let address = match o.given(3) {
        true => o
            .text(3)
            .trim()
            .parse()
            .map_err(|_| o.bad("address", o.text(3)))?,
        false => 0,
    };
    let word = o
        .result()
        .split('|')
        .next()
        .and_then(|w| w.strip_prefix("0x"))
        .and_then(|w| u64::from_str_radix(w, 16).ok())
        .ok_or_else(|| o.bad("result", o.result()))?;
    check_gmma_desc(major, &smem, value.bits(), address, word.into())
}

/// A tiled copy's query on text (`tiled_copy` or `tiled_copy_mma`): the
/// contract of the tiled copy (a `layoutS/D_TV` query's printed result is
/// the layout checked), and the printed result against it.
pub(crate) fn check_tiled_copy_text(o: &Operands<'_>) -> Result<(), Violation> {
    let (op, result) = (o.op, o.result());
    let copy = if op == "tiled_copy" {
        cute_dynamic::__tools::tiled_copy_from_text(o.text(0), o.text(1), o.text(2), o.text(3))
    } else {
        cute_dynamic::__tools::tiled_copy_mma_from_text(
            o.text(0),
            o.text(1),
            o.text(2),
            [o.text(3), o.text(4), o.text(5)],
        )
    }
    .map_err(|_| o.bad("tiled copy", o.text(0)))?;
    let query: String = o
        .text(o.len().saturating_sub(1))
        .split_whitespace()
        .collect();
    let mut tvs = Vec::new();
    for side in [cute_dynamic::CopySide::Src, cute_dynamic::CopySide::Dst] {
        let tv = if query == format!("layout{side}_TV") {
            o.out()?
        } else {
            copy.layout_tv_of(side)
                .map_err(|_| o.bad("tiled copy", o.text(0)))?
        };
        check_tiled_copy(&copy, side, &tv)?;
        tvs.push((side.to_string(), tv));
    }
    match query.as_str() {
        "size" => check_query_int(op, result, o.out_int()?, copy.size()),
        "Tiler_MN" => {
            let got = o.out_tuple()?;
            let want = copy.tiler_mn();
            if &got == want {
                Ok(())
            } else {
                Err(query_violation(op, result, format!("Tiler_MN is {want}")))
            }
        }
        "TiledLayout_TV" => check_query_layout(op, result, &o.out()?, copy.tiled_layout_tv()),
        q => check_partition_query(op, q, result, &tvs),
    }
}

/// An MMA atom (`cute_dynamic::mma_atom`): well formed — `MmaAtom::new` accepts
/// its parts again (rank-2 operand layouts, thread modes of
/// `size(ThrID)` threads, inside their `M×K`, `N×K`, `M×N` tiles) — and
/// every element of each operand's tile held exactly once: the whole
/// `(thread, value)` layout is a bijection onto the tile when its thread
/// mode has a non-zero stride; when every thread stride is 0 (an operand
/// described by a shared-memory descriptor, CUTLASS's `ABLayout`), the
/// value mode alone is.
pub fn check_mma_atom(atom: &cute_dynamic::MmaAtom) -> Result<(), Violation> {
    let cx = Ctx::new("mma_atom", atom.name().to_string(), &atom.c_layout());
    cute_dynamic::MmaAtom::new(
        atom.name(),
        atom.shape_mnk(),
        atom.thr_id().clone(),
        [
            atom.a_layout().clone(),
            atom.b_layout().clone(),
            atom.c_layout().clone(),
        ],
        atom.value_types(),
    )
    .map_err(|e| cx.fail(None, format!("not well formed: {e}")))?;
    let [m, n, k] = atom.shape_mnk();
    for (operand, l, extent) in [
        ("ALayout", atom.a_layout(), m * k),
        ("BLayout", atom.b_layout(), n * k),
        ("CLayout", atom.c_layout(), m * n),
    ] {
        let threads = l.mode(0).unwrap_or_else(|| l.clone());
        let broadcast = threads.leaf_modes().all(|(_, d)| d == 0);
        let held = if broadcast {
            l.mode(1).unwrap_or_else(|| l.clone())
        } else {
            l.clone()
        };
        match is_bijection_onto(&held, extent) {
            Some(true) | None => {}
            Some(false) => {
                return Err(cx.fail(
                    None,
                    format!(
                        "{operand} {l}: {} not hold each of the {extent} tile elements exactly once",
                        if broadcast { "its value mode does" } else { "its threads do" }
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// A copy atom (`cute_dynamic::copy_atom`): well formed — `CopyAtom::new`
/// accepts its parts again (rank-2 layouts over `size(ThrID)` threads,
/// source and destination of the same number of bits) — its `RefLayout`
/// is its `SrcLayout` or its `DstLayout`, and the reference side holds
/// each of its bits exactly once (a bijection onto `[0, size)`).
pub fn check_copy_atom(atom: &cute_dynamic::CopyAtom) -> Result<(), Violation> {
    let r = atom.ref_layout_bits();
    let cx = Ctx::new("copy_atom", atom.name().to_string(), r);
    cute_dynamic::CopyAtom::new(
        atom.name(),
        atom.thr_id().clone(),
        [
            atom.src_layout_bits().clone(),
            atom.dst_layout_bits().clone(),
            r.clone(),
        ],
    )
    .map_err(|e| cx.fail(None, format!("not well formed: {e}")))?;
    cx.ensure(
        r == atom.src_layout_bits() || r == atom.dst_layout_bits(),
        || "RefLayout is neither SrcLayout nor DstLayout".into(),
    )?;
    match is_bijection_onto(r, r.size()) {
        Some(false) => Err(cx.fail(
            None,
            format!(
                "RefLayout {r} does not hold each of its {} bits exactly once",
                r.size()
            ),
        )),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------
// Tiled MMAs and tiled copies
// ---------------------------------------------------------------------

/// The value of a `(thread, value)` layout at `(t, v)` (colexicographic).
pub(super) fn tv_at(tv: &Layout, t: i64, v: i64) -> i64 {
    let threads = mode(tv, 0).size();
    tv.call(t.wrapping_add(threads.wrapping_mul(v)))
}

/// Every thread `t` of `tv`'s thread mode and every value `v`: the
/// partition of thread `t` (`offset + part`) of the compact column-major
/// tile has `size(tv[1])` values and `tv(t, v) == offset + part(v)`.
pub(super) fn check_tv_against_partitions(
    cx: &Ctx,
    tv: &Layout,
    partition: &dyn Fn(i64) -> Result<(i64, Layout), String>,
    fragment_shape: &dyn Fn(i64) -> Result<Option<IntTuple>, String>,
) -> Result<(), Violation> {
    cx.ensure(tv.rank() == 2 && !tv.shape().is_int(), || {
        "the TV layout is not rank 2 (thread, value)".into()
    })?;
    let (threads, values) = (mode(tv, 0).size(), mode(tv, 1).size());
    for t in points(threads) {
        let (offset, part) = partition(t).map_err(|e| cx.fail(Some(format!("thread {t}")), e))?;
        cx.ensure(part.size() == values, || {
            format!(
                "thread {t}: the partition {part} has {} values, the TV layout {values}",
                part.size()
            )
        })?;
        if let Some(shape) =
            fragment_shape(t).map_err(|e| cx.fail(Some(format!("thread {t}")), e))?
        {
            cx.ensure(&shape == part.shape(), || {
                format!(
                    "thread {t}: the fragment has shape {shape}, the partition {}",
                    part.shape()
                )
            })?;
        }
        for v in points(values) {
            let want = offset.wrapping_add(part.call(v));
            let got = tv_at(tv, t, v);
            if got != want {
                return Err(cx.fail(
                    Some(format!("(t={t},v={v})")),
                    format!("TV(t,v) = {got} but the partition of thread {t} holds index {want}"),
                ));
            }
        }
    }
    Ok(())
}

/// The contract of a tiled MMA for operand `op`: `layout_tv` (the result
/// of `layoutX_TV`) has one thread per lane of the compact cover of
/// `thr_layout_vmnk` (`size(vmnk)·size(complement(vmnk))`, CuTe's
/// `thridx_2_thrid`: 32 for one SM70 quadpair), and for every thread `t` and value
/// `v`, `layout_tv(t, v)` is the index, in the compact column-major tile
/// (`tile_size` extents), of value `v` of `partition_X` of thread `t`;
/// `partition_fragment_X` of thread `t` has the partition's shape.
pub fn check_tiled_mma(
    mma: &cute_dynamic::TiledMma,
    op: cute_dynamic::MmaOperand,
    layout_tv: &Layout,
) -> Result<(), Violation> {
    let cx = Ctx::new("tiled_mma", format!("layout{op}_TV({mma})"), layout_tv);
    // Every lane of the compact cover of the thread layout (CuTe's
    // thridx_2_thrid): size(vmnk) · size(complement(vmnk)).
    let vmnk = mma.thr_layout_vmnk();
    let threads = cute_dynamic::complement(vmnk, vmnk.cosize().unwrap_or(1))
        .map_err(|e| cx.fail(None, format!("complement(thr_layout_vmnk) fails: {e}")))?
        .size()
        .saturating_mul(vmnk.size());
    cx.ensure(mode(layout_tv, 0).size() == threads, || {
        format!(
            "{} threads, the compact cover of {} has {threads}",
            mode(layout_tv, 0).size(),
            mma.thr_layout_vmnk()
        )
    })?;
    let tile = mma
        .tile_shape(op)
        .and_then(|s| Layout::column_major(&s))
        .map_err(|e| cx.fail(None, format!("the tile fails: {e}")))?;
    let partition = |t: i64| -> Result<(i64, Layout), String> {
        let counting = Tensor::new(Counting, tile.clone()).map_err(|e| e.to_string())?;
        let thr = mma.thr_slice(t).map_err(|e| e.to_string())?;
        let p = thr.partition(op, counting).map_err(|e| e.to_string())?;
        Ok((p.base(), p.layout().clone()))
    };
    let fragment = |t: i64| -> Result<Option<IntTuple>, String> {
        let thr = mma.thr_slice(t).map_err(|e| e.to_string())?;
        let f = thr.fragment_layout(op, &tile).map_err(|e| e.to_string())?;
        Ok(Some(f.shape().clone()))
    };
    check_tv_against_partitions(&cx, layout_tv, &partition, &fragment)
}

/// The contract of a tiled copy for side `side`: `layout_tv` (the result
/// of `layoutS_TV` / `layoutD_TV`) has `size(tiled_copy)` threads, and for
/// every thread `t` and value `v`, `layout_tv(t, v)` is the index, in the
/// compact column-major `Tiler_MN` tile, of value `v` of `partition_S`
/// (`partition_D`) of thread `t`; `make_fragment_like` of the partition has
/// its shape.
pub fn check_tiled_copy(
    copy: &cute_dynamic::TiledCopy,
    side: cute_dynamic::CopySide,
    layout_tv: &Layout,
) -> Result<(), Violation> {
    let cx = Ctx::new("tiled_copy", format!("layout{side}_TV({copy})"), layout_tv);
    cx.ensure(mode(layout_tv, 0).size() == copy.size(), || {
        format!(
            "{} threads, the tiled copy has {}",
            mode(layout_tv, 0).size(),
            copy.size()
        )
    })?;
    let tile = Layout::column_major(copy.tiler_mn())
        .map_err(|e| cx.fail(None, format!("the tile fails: {e}")))?;
    let partition = |t: i64| -> Result<(i64, Layout), String> {
        let counting = Tensor::new(Counting, tile.clone()).map_err(|e| e.to_string())?;
        let thr = copy.thr_slice(t).map_err(|e| e.to_string())?;
        let p = thr.partition(side, counting).map_err(|e| e.to_string())?;
        Ok((p.base(), p.layout().clone()))
    };
    let fragment = |t: i64| -> Result<Option<IntTuple>, String> {
        let thr = copy.thr_slice(t).map_err(|e| e.to_string())?;
        let f = thr
            .fragment_layout(side, &tile)
            .map_err(|e| e.to_string())?;
        Ok(Some(f.shape().clone()))
    };
    check_tv_against_partitions(&cx, layout_tv, &partition, &fragment)
}
