//! The laws of the logical, zipped, tiled, flat, blocked and raked products
//! (cute-dynamic's `algebra/product.rs`).

use super::*;

/// `logical_product(A, T) = R`: for a layout `B` (an integer tile `n` is
/// CuTe's `make_layout(n)`), `R == (A, complement(A, size(A)·cosize(B)) ∘
/// B)`: mode 0 is `A`, mode 1 satisfies the composition law (and that
/// complement its law); for a by-mode tiler, mode by mode, `A`'s modes
/// beyond the tiler kept.
pub fn check_logical_product<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    product_law(a, t.as_tiler(), r)
}

pub(super) fn product_law(a: &Layout, t: TilerRef<'_>, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("logical_product", format!("{a} ⊗ {t}"), r);
    by_tiler(&cx, a, t, r, product_law, |b| {
        let m = b
            .cosize()
            .ok()
            .and_then(|c| c.checked_mul(a.size()))
            .ok_or_else(|| cx.fail(None, "size(A)·cosize(B) overflows".into()))?;
        let c = cute_dynamic::complement(a, m)
            .map_err(|e| cx.fail(None, format!("complement(A, size(A)·cosize(B)) fails: {e}")))?;
        check_complement(a, m, &c)?;
        cx.ensure(!r.shape().is_int() && r.rank() == 2, || {
            format!("rank {} (a pair expected)", r.rank())
        })?;
        same_layout(&cx, r.mode(0), a, "mode 0")?;
        compose_law("logical_product", &c, &b, &mode(r, 1))
    })
}

regrouped_checks! {
    /// `zipped_product(A, T) = R`: the logical product regrouped like
    /// [`check_zipped_divide`].
    check_zipped_product => Product("zipped_product", Zipped);
    /// `tiled_product(A, T) = R`: regrouped like [`check_tiled_divide`].
    check_tiled_product => Product("tiled_product", Tiled);
    /// `flat_product(A, T) = R`: regrouped like [`check_flat_divide`].
    check_flat_product => Product("flat_product", Flat);
}

/// `layout` padded with `1:0` modes to rank `r` (CuTe's `append<R>`).
pub(super) fn pad_layout(l: &Layout, r: usize) -> Layout {
    if l.rank() >= r {
        return l.clone();
    }
    let mut modes: Vec<Layout> = (0..l.rank()).map(|i| mode(l, i)).collect();
    modes.resize(r, Layout::int(1, 0));
    Layout::concat(modes.iter())
}

pub(super) fn zip_product_law(
    raked: bool,
    a: &Layout,
    b: &Layout,
    r: &Layout,
) -> Result<(), Violation> {
    let law = if raked {
        "raked_product"
    } else {
        "blocked_product"
    };
    let cx = Ctx::new(law, format!("{law}({a}, {b})"), r);
    let rank = a.rank().max(b.rank());
    let (pa, pb) = (pad_layout(a, rank), pad_layout(b, rank));
    let p = cute_dynamic::logical_product(&pa, &pb)
        .map_err(|e| cx.fail(None, format!("the logical product fails: {e}")))?;
    product_law(&pa, pb.as_tiler(), &p)?;
    let (first, second) = (mode(&p, 0), mode(&p, 1));
    let (x, y) = if raked {
        (second, first)
    } else {
        (first, second)
    };
    // Mode i of an operand of the zip; at rank 1 a repeat with several
    // modes stays whole, and so does everything when the zip's first
    // operand is an integer (CuTe's `zip(x, y) = ((x, y))` then).
    let whole = rank == 1 && x.shape().is_int();
    let nth = |l: &Layout, i: usize| {
        if whole || (rank == 1 && l.rank() != 1) {
            l.clone()
        } else {
            mode(l, i)
        }
    };
    let expected: Vec<Layout> = (0..rank)
        .map(|i| Layout::concat([&nth(&x, i), &nth(&y, i)]))
        .collect();
    modes_are(&cx, r, &expected)?;
    if let (Some(got), Some(want)) = (image(r), image(&p)) {
        cx.ensure(got == want, || {
            "not a permutation of the logical product's offsets".into()
        })?;
    }
    Ok(())
}

/// `blocked_product(A, B) = R`: with `A` and `B` padded to the same rank,
/// mode `i` of `R` is `(A_i, P_i)` where `P` is mode 1 of their logical
/// product (blocks of `A` arranged as `B`); the same offsets as the logical
/// product.
pub fn check_blocked_product(a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    zip_product_law(false, a, b, r)
}

/// `raked_product(A, B) = R`: like [`check_blocked_product`] with the pair
/// swapped, `(P_i, A_i)` (`A` interleaved across `B`).
pub fn check_raked_product(a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    zip_product_law(true, a, b, r)
}
