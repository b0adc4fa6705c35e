//! The laws of coordinates: `idx2crd` (also by stride), `crd2idx`,
//! `crd2crd`, `get_hier_coord`, `get_flat_coord`, `get_1d_coord` (cute-
//! dynamic's `data/coordinate.rs`).

use super::*;

/// `idx2crd(idx, shape, stride) == r` (the strided form): `r` is congruent
/// to `shape`; each leaf of `r` is `i / d mod s` (C++'s truncating
/// division; 0 where `s = 1`) for its leaf `s:d` and the integer `i` of
/// `idx` above it (an integer stride under a tuple: the compact column-major
/// strides from it); and where `shape:stride` is a bijection onto
/// `[0, size)` (checked up to 2^12 points) and `0 ≤ idx < size`, `r` maps
/// back to `idx`.
pub fn check_idx2crd_strided(
    idx: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    fn expected(
        i: IntTupleRef<'_>,
        s: IntTupleRef<'_>,
        d: IntTupleRef<'_>,
        out: &mut Vec<i128>,
    ) -> Outcome {
        match (i.as_int(), s.as_int(), d.as_int()) {
            (Some(i), Some(s), Some(d)) => {
                let (i, s, d) = (i128::from(i), i128::from(s), i128::from(d));
                ensure(s == 1 || (s > 0 && d != 0), || {
                    format!("{s}:{d} has no quotient")
                })?;
                out.push(if s == 1 { 0 } else { (i / d) % s });
                Ok(())
            }
            (Some(_), None, Some(d)) => {
                let st = cute_dynamic::compact_col_major(&s.to_owned(), d).map_err(err)?;
                expected(i, s, st.as_ref(), out)
            }
            (Some(_), None, None) if s.rank() == d.rank() => s
                .children()
                .zip(d.children())
                .try_for_each(|(s, d)| expected(i, s, d, out)),
            (None, None, None) if i.rank() == s.rank() && s.rank() == d.rank() => i
                .children()
                .zip(s.children())
                .zip(d.children())
                .try_for_each(|((i, s), d)| expected(i, s, d, out)),
            _ => Err(format!("{i} and {s}:{d} do not match")),
        }
    }
    let law = (|| -> Outcome {
        ensure(congruent(r, shape), || {
            format!("{r} is not congruent to {shape}")
        })?;
        let mut want = Vec::new();
        expected(idx.as_ref(), shape.as_ref(), stride.as_ref(), &mut want)?;
        let got: Vec<i128> = r.leaves().map(i128::from).collect();
        ensure(got == want, || {
            format!("the leaves of {r} are not i / d mod s: {want:?}")
        })?;
        let full = match stride.as_int() {
            Some(d) if !shape.is_int() => cute_dynamic::compact_col_major(shape, d).map_err(err)?,
            _ => stride.clone(),
        };
        if let (Some(i), Ok(l)) = (idx.as_int(), Layout::new(shape.clone(), full)) {
            let n = l.size();
            if n <= 1 << 12 && (0..n).contains(&i) {
                let mut seen: Vec<i64> = (0..n).map(|k| l.call(k)).collect();
                seen.sort_unstable();
                if seen.iter().copied().eq(0..n) {
                    let back = crd2idx(r, &l).map_err(err)?;
                    ensure(back == i, || format!("{l} maps {r} to {back}, not {i}"))?;
                }
            }
        }
        Ok(())
    })();
    lift(
        "idx2crd",
        format!("idx2crd({idx}, {shape}, {stride})"),
        r,
        law,
    )
}

/// `crd2crd(c, src, dst) == r`: mode by mode where `c`, `src` and `dst`
/// are tuples (of one rank); else `r` is congruent to `dst`, has the
/// colexicographic index of `c` in `src`, and is the canonical coordinate
/// of that index ([`idx2crd`]: every mode reduced but the last).
pub fn check_crd2crd(
    c: &IntTuple,
    src: &IntTuple,
    dst: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    fn go(
        c: IntTupleRef<'_>,
        src: IntTupleRef<'_>,
        dst: IntTupleRef<'_>,
        r: IntTupleRef<'_>,
    ) -> Outcome {
        if !c.is_int() && !src.is_int() && !dst.is_int() {
            ensure(
                c.rank() == src.rank()
                    && c.rank() == dst.rank()
                    && r.rank() == c.rank()
                    && !r.is_int(),
                || format!("{c}, {src}, {dst}, {r}: ranks differ"),
            )?;
            return c
                .children()
                .zip(src.children())
                .zip(dst.children())
                .zip(r.children())
                .try_for_each(|(((c, s), d), r)| go(c, s, d, r));
        }
        let (r, dst) = (r.to_owned(), dst.to_owned());
        ensure(congruent(&r, &dst), || {
            format!("{r} is not congruent to {dst}")
        })?;
        let from = crd2idx(
            &c.to_owned(),
            &Layout::column_major(&src.to_owned()).map_err(err)?,
        )
        .map_err(err)?;
        let to = crd2idx(&r, &Layout::column_major(&dst).map_err(err)?).map_err(err)?;
        ensure(from == to, || {
            format!("{c} has index {from} in {src}, {r} has {to} in {dst}")
        })?;
        ensure(idx2crd(to, &dst) == r, || {
            format!("{r} is not the canonical coordinate of {to} in {dst}")
        })
    }
    lift(
        "crd2crd",
        format!("crd2crd({c}, {src}, {dst})"),
        r,
        go(c.as_ref(), src.as_ref(), dst.as_ref(), r.as_ref()),
    )
}

/// `c` split into a congruent coordinate of `shape`: an integer above a
/// tuple is split colexicographically (the last mode unreduced).
pub(super) fn natural(c: IntTupleRef<'_>, shape: IntTupleRef<'_>, out: &mut Vec<i64>) -> Outcome {
    match (c.as_int(), shape.is_int()) {
        (Some(v), true) => out.push(v),
        (Some(v), false) => {
            let n = shape.rank();
            let mut rest = v;
            for (k, m) in shape.children().enumerate() {
                let part = if k + 1 == n {
                    rest
                } else {
                    let s = m.size().ok_or("size beyond i64")?;
                    let p = rest % s;
                    rest /= s;
                    p
                };
                natural(IntTuple::int(part).as_ref(), m, out)?;
            }
        }
        (None, false) if c.rank() == shape.rank() => {
            for (cc, m) in c.children().zip(shape.children()) {
                natural(cc, m, out)?;
            }
        }
        _ => return Err(format!("{c} is not weakly congruent to {shape}")),
    }
    Ok(())
}

/// `crd2idx(c, S, D) = r`: `r = Σ cᵢ·dᵢ` over the leaves of `c`'s natural
/// (congruent) coordinate in `S` (an integer above a tuple split
/// colexicographically), exactly.
pub fn check_crd2idx(
    c: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
    r: i64,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let mut nat = Vec::new();
        natural(c.as_ref(), shape.as_ref(), &mut nat)?;
        let want: i128 = nat
            .iter()
            .zip(stride.leaves())
            .map(|(&x, d)| i128::from(x) * i128::from(d))
            .sum();
        ensure(i128::from(r) == want, || format!("Σ c·d is {want}"))
    })();
    lift(
        "crd2idx",
        format!("crd2idx({c}, {shape}, {stride})"),
        &r,
        law,
    )
}

/// `crd2idx(c, S) = r` (the two-argument form): `c` is congruent to `S`
/// and `r = Σ cᵢ·(s₀⋯s_{i-1})` over the flat leaves, exactly — the
/// three-argument form with the strides `prefix_product(S)`.
pub fn check_crd2idx_shape(c: &IntTuple, shape: &IntTuple, r: i64) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(congruent(c, shape), || {
            format!("{c} is not congruent to {shape}")
        })?;
        let (mut want, mut p) = (0i128, Some(1i128));
        for (x, s) in c.leaves().zip(shape.leaves()) {
            if x != 0 {
                want = p
                    .and_then(|p| i128::from(x).checked_mul(p))
                    .and_then(|t| t.checked_add(want))
                    .ok_or_else(|| "Σ c·(s₀⋯) is beyond i128".to_string())?;
            }
            p = p.and_then(|p| p.checked_mul(i128::from(s)));
        }
        ensure(i128::from(r) == want, || format!("Σ c·(s₀⋯) is {want}"))
    })();
    binary_law("crd2idx", c, shape, &r, law)
}

/// `L.get_hier_coord(i) = r`: `r` is `idx2crd(i, shape(L), stride(L))`,
/// which satisfies [`check_idx2crd_strided`].
pub fn check_get_hier_coord(l: &Layout, idx: i64, r: &IntTuple) -> Result<(), Violation> {
    check_idx2crd_strided(&IntTuple::int(idx), l.shape(), l.stride(), r).map_err(|v| {
        Ctx::new("get_hier_coord", format!("({l}).get_hier_coord({idx})"), r)
            .fail(None, v.to_string())
    })
}

/// The hierarchical coordinate of `idx` in `l`, checked by its law.
pub(super) fn hier_by_law(l: &Layout, idx: i64) -> Result<IntTuple, String> {
    let h = cute_dynamic::idx2crd_strided(&IntTuple::int(idx), l.shape(), l.stride())
        .map_err(|e| format!("get_hier_coord({idx}) fails: {e}"))?;
    check_get_hier_coord(l, idx, &h).map_err(|v| v.to_string())?;
    Ok(h)
}

/// `L.get_flat_coord(i) = r`: with `h = L.get_hier_coord(i)` (checked by
/// its law), `r` has a leaf per mode of `L` (one integer for an integer or
/// rank-1 shape), each mode's leaf `crd2idx(h_k, shape_k)` by
/// [`check_crd2idx_shape`].
pub fn check_get_flat_coord(l: &Layout, idx: i64, r: &IntTuple) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let h = hier_by_law(l, idx)?;
        let shape = l.shape();
        let pairs: Vec<(IntTuple, IntTuple, Option<i64>)> =
            if shape.is_int() || shape.as_ref().rank() == 1 {
                vec![(h, shape.clone(), r.as_int())]
            } else {
                ensure(
                    !r.is_int()
                        && r.as_ref().rank() == shape.as_ref().rank()
                        && r.as_ref().depth() <= 1,
                    || format!("{r} is not a flat tuple of rank {}", shape.as_ref().rank()),
                )?;
                h.as_ref()
                    .children()
                    .zip(shape.as_ref().children())
                    .zip(r.leaves())
                    .map(|((c, s), x)| (c.to_owned(), s.to_owned(), Some(x)))
                    .collect()
            };
        for (c, s, x) in pairs {
            let x = x.ok_or_else(|| format!("{r} is not an integer"))?;
            check_crd2idx_shape(&c, &s, x).map_err(|v| v.to_string())?;
        }
        Ok(())
    })();
    lift(
        "get_flat_coord",
        format!("({l}).get_flat_coord({idx})"),
        r,
        law,
    )
}

/// `L.get_1d_coord(i) = r`: with `h = L.get_hier_coord(i)` (checked by
/// its law), `r = crd2idx(h, shape(L))` by [`check_crd2idx_shape`].
pub fn check_get_1d_coord(l: &Layout, idx: i64, r: i64) -> Result<(), Violation> {
    let law = hier_by_law(l, idx)
        .and_then(|h| check_crd2idx_shape(&h, l.shape(), r).map_err(|v| v.to_string()));
    lift(
        "get_1d_coord",
        format!("({l}).get_1d_coord({idx})"),
        &r,
        law,
    )
}

/// `idx2crd(i, shape[, stride])` on text: with a stride, the strided law;
/// without, the coordinate maps back to `i` and is the canonical one.
pub(crate) fn check_idx2crd_text(o: &Operands<'_>) -> Result<(), Violation> {
    if o.given(2) {
        return check_idx2crd_strided(&o.tuple(0)?, &o.tuple(1)?, &o.tuple(2)?, &o.out_tuple()?);
    }
    let shape = o.tuple(1)?;
    let want = idx2crd(o.int(0)?, &shape);
    let got = o.out_tuple()?;
    let back = Layout::column_major(&shape)
        .and_then(|l| crd2idx(&got, &l))
        .map_err(|_| o.bad("shape", o.text(1)))?;
    lift(
        "idx2crd",
        format!("idx2crd({}, {shape})", o.text(0)),
        &got,
        ensure(back == o.int(0)? && got == want, || {
            format!("maps back to {back}; the canonical coordinate is {want}")
        }),
    )
}
