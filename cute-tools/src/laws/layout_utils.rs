//! The laws of `coshape`, `with_shape`, `unflatten`, `zip` (cute-dynamic's
//! `algebra/layout_utils.rs`).

use super::*;

/// `coshape(L) == r`: `r - 1` is the largest offset of `|L|` (`L` with
/// its strides in magnitude) on the domain (evaluated where the domain has
/// at most 2^16 coordinates; beyond, at its last coordinate, where a
/// layout with non-negative strides peaks).
pub fn check_coshape(l: &Layout, r: i64) -> Result<(), Violation> {
    let what = format!("coshape({l})");
    let law = (|| -> Outcome {
        let shape = l.shape().clone();
        let stride = replace_leaves(
            l.stride().as_ref(),
            l.stride().leaves().map(|d| d.saturating_abs()),
        );
        let abs = Layout::new(shape, stride).map_err(err)?;
        let n = abs.size();
        let top = if n <= 1 << 16 {
            (0..n).map(|i| i128::from(abs.call(i))).max().unwrap_or(0)
        } else {
            abs.leaf_modes()
                .map(|(s, d)| i128::from(s - 1) * i128::from(d))
                .sum()
        };
        ensure(top + 1 == i128::from(r), || {
            format!("coshape({l}) = {r}, but the largest offset of |L| is {top}")
        })
    })();
    lift("coshape", what, &r, law)
}

/// `with_shape(L, S) == r`: the composition law of `L ∘ S` (`S`
/// column-major).
pub fn check_with_shape(l: &Layout, shape: &IntTuple, r: &Layout) -> Result<(), Violation> {
    match Layout::column_major(shape) {
        Ok(b) => check_composition(l, &b, r),
        Err(e) => binary_law("with_shape", l, shape, r, Err(e.to_string())),
    }
}

/// `unflatten(L, P) == r`: `r` has `L`'s modes in order (the same shape
/// and stride leaves) and `shape(r)` is congruent to `P`.
pub fn check_unflatten(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    let law = ensure(r.leaf_modes().eq(l.leaf_modes()), || {
        format!("{r} has not the modes of {l}")
    })
    .and_then(|()| {
        ensure(congruent(r.shape(), profile), || {
            format!("{r} is not congruent to {profile}")
        })
    });
    binary_law("unflatten", l, profile, r, law)
}

/// `zip(L) == r`: `r` is `L` for `s:d`, `(L)` when `L`'s first mode is a
/// leaf, else (all modes tuples of rank `k`) a tuple of rank `k` with
/// `r.mode(j).mode(i) == L.mode(i).mode(j)` and `rank(r.mode(j)) = rank(L)`.
pub fn check_zip(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        if l.shape().is_int() {
            return ensure(r == l, || format!("{r} is not {l}"));
        }
        let first = l.mode(0).ok_or("no mode")?;
        if first.shape().is_int() {
            return ensure(*r == Layout::concat([l]), || format!("{r} is not ({l})"));
        }
        let k = first.rank();
        ensure(!r.shape().is_int() && r.rank() == k, || {
            format!("{r} has not rank {k}")
        })?;
        for j in 0..k {
            let col = r.mode(j).ok_or("mode")?;
            ensure(!col.shape().is_int() && col.rank() == l.rank(), || {
                format!("mode {j} of {r} has not rank {}", l.rank())
            })?;
            for i in 0..l.rank() {
                let want = l.mode(i).and_then(|m| m.mode(j));
                ensure(col.mode(i) == want, || {
                    format!("({j},{i}) of {r} is not ({i},{j}) of {l}")
                })?;
            }
        }
        Ok(())
    })();
    lift("zip", format!("zip({l})"), r, law)
}
