//! The laws of composition `R = A ∘ B`, by mode for tilers (cute-dynamic's
//! `algebra/composition.rs`).

use super::*;

/// `A ∘ B = R` for a layout or tiler `B`: for a layout (an integer tile
/// `n` reads `n:1`), `compatible(B, R)` and `R(c) == A(B(c))` for every `c <
/// size(B)` (`A` on its extended domain); for a by-mode tiler of rank `k ≤
/// rank(A)`, `R` has rank `k` and mode `i` is `A_i ∘ B_i` by this law.
pub fn check_composition<T: AsTiler + ?Sized>(
    a: &Layout,
    b: &T,
    r: &Layout,
) -> Result<(), Violation> {
    composition_law(a, b.as_tiler(), r)
}

pub(super) fn composition_law(a: &Layout, b: TilerRef<'_>, r: &Layout) -> Result<(), Violation> {
    match b {
        TilerRef::Layout(b) => compose_law("composition", a, &b.to_owned(), r),
        TilerRef::Int(n) => compose_law("composition", a, &Layout::int(n, 1), r),
        TilerRef::Hole => hole_law(&Ctx::new("composition", format!("{a} ∘ _"), r), a, r),
        TilerRef::Modes(ts) => {
            let cx = Ctx::new("composition", format!("{a} ∘ {b}"), r);
            by_mode(&cx, a, ts, r, false, &|a, t, r| composition_law(a, t, r))
        }
    }
}

/// A `_` tiler mode keeps the mode: `R == A`, structurally.
pub(super) fn hole_law(cx: &Ctx, a: &Layout, r: &Layout) -> Result<(), Violation> {
    cx.ensure(r == a, || format!("a `_` tile must keep the mode {a}"))
}

/// `compatible(B, R)` and `R(c) == A(B(c))` on `B`'s domain.
pub(super) fn compose_law(
    law: &'static str,
    a: &Layout,
    b: &Layout,
    r: &Layout,
) -> Result<(), Violation> {
    let cx = Ctx::new(law, format!("{a} ∘ {b}"), r);
    cx.ensure(b.shape().as_ref().compatible(r.shape().as_ref()), || {
        format!(
            "shape {} is not compatible with B's {}",
            r.shape(),
            b.shape()
        )
    })?;
    same_values(&cx, r, b.size(), |c| a.call(b.call(c)), "A∘B")
}

/// A by-mode tiler `ts` over `a`: `r` has `a`'s rank (`keep`: the modes
/// beyond the tiler are kept) or the tiler's rank (they are dropped), and
/// mode `i < rank(ts)` satisfies `law(a_i, t_i, r_i)`.
pub(super) fn by_mode(
    cx: &Ctx,
    a: &Layout,
    ts: &[Tiler],
    r: &Layout,
    keep: bool,
    law: &dyn Fn(&Layout, TilerRef<'_>, &Layout) -> Result<(), Violation>,
) -> Result<(), Violation> {
    cx.ensure(ts.len() <= a.rank(), || {
        format!("the tiler has {} modes, A only {}", ts.len(), a.rank())
    })?;
    let rank = if keep { a.rank() } else { ts.len() };
    cx.ensure(!r.shape().is_int() && r.rank() == rank, || {
        format!("rank {} (a tuple of rank {rank} expected)", r.rank())
    })?;
    for i in 0..rank {
        let (ai, ri) = (mode(a, i), mode(r, i));
        match ts.get(i) {
            Some(t) => law(&ai, t.as_tiler(), &ri)?,
            None => same_layout(cx, Some(ri), &ai, &format!("mode {i}"))?,
        }
    }
    Ok(())
}
