//! Mixed `max_common_layout`/`max_common_vector` (cute-static's
//! `mixed/max_common.rs`) on random run-time values: the result satisfies
//! cute-dynamic's law `laws::check_max_common_layout` (both layouts are
//! the identity on `R`), the vector is the result's size and never exceeds
//! cute-dynamic's value-dependent `max_common_vector` (where that one is
//! admissible), and for fully static
//! operands both equal cute-dynamic's and the static algebra's.
use cute_dynamic::Layout as DLayout;
use cute_static::{
    layout,
    layout::{DynDiv, MixedLayout},
};
use cute_tools::laws;
use proptest::prelude::*;

/// The checks of one pair; `expect` is the mixed vector the types decide.
fn check<S, D, S2, D2>(
    a: &MixedLayout<S, D>,
    b: &MixedLayout<S2, D2>,
    r: DLayout,
    v: usize,
    expect: usize,
) -> Result<(), TestCaseError>
where
    MixedLayout<S, D>: ToDyn,
    MixedLayout<S2, D2>: ToDyn,
{
    let (da, db) = (a.dynamic(), b.dynamic());
    prop_assert_eq!(v, expect, "{} {}", da, db);
    prop_assert_eq!(r.size(), v as i64);
    prop_assert!(
        laws::check_max_common_layout(&da, &db, &r).is_ok(),
        "{} {} -> {}",
        da,
        db,
        r
    );
    // cute-dynamic composes `A` with `B`'s inverse, which may be
    // inadmissible for the values (a named error there); the mixed answer
    // does not compose and still satisfies the law.
    if let Ok(dv) = cute_dynamic::max_common_vector(&da, &db) {
        prop_assert!(v as i64 <= dv, "{} {}: {} > {}", da, db, v, dv);
    }
    Ok(())
}

/// `to_dynamic()` of the mixed layouts used here.
trait ToDyn {
    fn dynamic(&self) -> DLayout;
}
macro_rules! to_dyn {
    ($($t:ty),*) => {$(
        impl ToDyn for $t {
            fn dynamic(&self) -> DLayout {
                self.to_dynamic()
            }
        }
    )*};
}
use cute_static::{C, Dyn};
to_dyn!(
    MixedLayout<(C<8>, Dyn), (C<1>, C<8>)>,
    MixedLayout<(C<4>, Dyn), (C<1>, Dyn)>,
    MixedLayout<(Dyn, C<8>), (C<1>, Dyn)>,
    MixedLayout<((C<2>, Dyn), C<3>), ((C<1>, C<2>), Dyn)>,
    MixedLayout<(C<16>, Dyn), (C<1>, Dyn)>,
    MixedLayout<(DynDiv<8>, C<2>), (C<1>, Dyn)>,
    MixedLayout<(C<4>, Dyn), (Dyn, C<1>)>,
    MixedLayout<(C<4>, C<8>), (C<1>, C<4>)>,
    MixedLayout<(C<4>, C<8>), (C<1>, C<8>)>,
    MixedLayout<(C<4>, C<8>), (C<8>, C<1>)>
);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn max_common_is_a_common_vector(m in 1usize..40, n in 1usize..40, d in 1usize..300, k in 1usize..6) {
        let a = layout!((8, {m}):(1, 8)).unwrap();
        let b = layout!((4, {n}):(1, {d})).unwrap();
        let c = layout!(({m}, 8):(1, {d})).unwrap();
        let e = layout!(((2, {n}), 3):((1, 2), {d})).unwrap();
        let f = layout!((16, {n}):(1, {d})).unwrap();
        let g = layout!(({8 * k:8}, 2):(1, {d})).unwrap();
        let h = layout!((4, {n}):({d}, 1)).unwrap();

        check(&a, &b, a.max_common_layout(&b).to_dynamic(), a.max_common_vector(&b), 4)?;
        check(&b, &a, b.max_common_layout(&a).to_dynamic(), b.max_common_vector(&a), 4)?;
        check(&a, &a, a.max_common_layout(&a).to_dynamic(), a.max_common_vector(&a), 8)?;
        check(&a, &f, a.max_common_layout(&f).to_dynamic(), a.max_common_vector(&f), 8)?;
        check(&f, &f, f.max_common_layout(&f).to_dynamic(), f.max_common_vector(&f), 16)?;
        // A run-time first shape proves nothing: `_1:_0`.
        check(&c, &a, c.max_common_layout(&a).to_dynamic(), c.max_common_vector(&a), 1)?;
        check(&a, &c, a.max_common_layout(&c).to_dynamic(), a.max_common_vector(&c), 1)?;
        // A nested first leaf.
        check(&e, &a, e.max_common_layout(&a).to_dynamic(), e.max_common_vector(&a), 2)?;
        // A `DynDiv<8>` first shape of stride 1 covers at least 8.
        check(&g, &f, g.max_common_layout(&f).to_dynamic(), g.max_common_vector(&f), 8)?;
        check(&g, &b, g.max_common_layout(&b).to_dynamic(), g.max_common_vector(&b), 4)?;
        // A run-time first stride proves nothing.
        check(&h, &a, h.max_common_layout(&a).to_dynamic(), h.max_common_vector(&a), 1)?;
        prop_assert_eq!(a.max_common_layout(&b).to_string(), "_4:_1");
        prop_assert_eq!(c.max_common_layout(&a).to_string(), "_1:_0");
    }
}

#[test]
fn fully_static_is_the_static_algebra() {
    let s = layout!((4, 8):(1, 4));
    let t = layout!((4, 8):(1, 8));
    let u = layout!((4, 8):(8, 1));
    let (ms, mt, mu) = (
        MixedLayout::new((C::<4>, C::<8>), (C::<1>, C::<4>)).unwrap(),
        MixedLayout::new((C::<4>, C::<8>), (C::<1>, C::<8>)).unwrap(),
        MixedLayout::new((C::<4>, C::<8>), (C::<8>, C::<1>)).unwrap(),
    );
    macro_rules! same {
        ($x:expr, $y:expr, $sx:expr, $sy:expr) => {{
            let (dx, dy) = ($x.dynamic(), $y.dynamic());
            let r = $x.max_common_layout(&$y);
            assert_eq!($x.max_common_vector(&$y), $sx.max_common_vector($sy));
            assert_eq!(r.to_dynamic(), $sx.max_common_layout($sy).to_dynamic());
            assert_eq!(
                r.to_dynamic(),
                cute_dynamic::max_common_layout(&dx, &dy).unwrap()
            );
            assert_eq!(
                $x.max_common_vector(&$y) as i64,
                cute_dynamic::max_common_vector(&dx, &dy).unwrap()
            );
        }};
    }
    same!(ms, mt, s, t);
    same!(ms, ms, s, s);
    same!(mt, ms, t, s);
    same!(mu, mu, u, u);
    same!(ms, mu, s, u);
    // Row-major against itself: the common run goes through the inverse.
    assert_eq!(mu.max_common_vector(&mu), u.max_common_vector(u));
    assert_eq!(mu.max_common_vector(&mu), 32);
    assert_eq!(ms.max_common_vector(&mu), 1);
}
