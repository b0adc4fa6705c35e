//! The laws of `domain_offset` (cute-dynamic's `algebra/domain_offset.rs`).

use super::*;

/// `domain_offset(c, l) == (r, off)`: `r == l`, `off == l(c)`, and for
/// natural `c` the shifted tensor is the original one at `c + x`:
/// `l(c + x) == off + l(x)`.
pub fn check_domain_offset(
    coord: &IntTuple,
    l: &Layout,
    r: &Layout,
    offset: i64,
) -> Result<(), Violation> {
    let what = format!("domain_offset({coord}, {l})");
    lift(
        "domain_offset",
        what,
        &format_args!("{offset}|{r}"),
        domain_offset_law_text(coord, l, r, offset),
    )
}

pub(super) fn domain_offset_law_text(
    coord: &IntTuple,
    l: &Layout,
    r: &Layout,
    off: i64,
) -> Outcome {
    let off = &off;
    ensure(r == l, || {
        format!("domain_offset({coord}, {l}) changed the layout to {r}")
    })?;
    let want = crd2idx(coord, l).map_err(|e| e.to_string())?;
    ensure(*off == want, || {
        format!("domain_offset({coord}, {l}) = {off}, want {want}")
    })?;
    if coord.as_ref().congruent(l.shape().as_ref()) {
        for i in 0..l.size().min(64) {
            let x = idx2crd(i, l.shape());
            let sum = replace_leaves(
                coord.as_ref(),
                coord
                    .leaves()
                    .zip(x.leaves())
                    .map(|(p, q)| p.wrapping_add(q)),
            );
            if let Ok(v) = crd2idx(&sum, l) {
                ensure(v == off.wrapping_add(l.call(i)), || {
                    format!("domain_offset({coord}, {l}): l(c + {x}) = {v} != {off} + l({x})")
                })?;
            }
        }
    }
    Ok(())
}
