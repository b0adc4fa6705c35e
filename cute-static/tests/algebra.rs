//! The static algebra on the specification's worked examples: result types
//! (`assert_type_eq_all!`), zero size, the operations' laws
//! (`cute_tools::laws`, via `to_dynamic()`), and agreement with
//! cute-dynamic.
use cute_static::*;
use cute_static::{algebra::*, layout::*};
use cute_tools::laws;
use static_assertions::assert_type_eq_all;

/// Composition's law (`cute_tools::laws`) on the static result, which is
/// zero-sized.
fn check_composition<A: StaticLayout, B: StaticLayout, R: StaticLayout>(a: A, b: B, r: R) {
    let (a, b, r2) = (a.to_dynamic(), b.to_dynamic(), r.to_dynamic());
    if let Err(v) = laws::check_composition(&a, &b, &r2) {
        panic!("{v}");
    }
    assert_eq!(core::mem::size_of::<R>(), 0);
}

#[test]
fn composition_examples() {
    type A = Layout![(4, 6, 8, 10):(2, 3, 5, 7)];
    assert_type_eq_all!(Composed<A, Layout![6:12]>, Layout![(2, 3):(9, 5)]);
    assert_type_eq_all!(Composed<Layout![(4, 2, 8):(3, 12, 97)], Layout![3:3]>, Layout![3:9]);
    assert_type_eq_all!(Composed<Layout![(8, 8):(8, 1)], Layout![2:3]>, Layout![2:24]);
    assert_type_eq_all!(Composed<Layout![(8, 8):(8, 1)], Layout![4:0]>, Layout![4:0]);
    assert_type_eq_all!(Composed<Layout![24:3], Layout![(4, 6):(1, 4)]>, Layout![(4, 6):(3, 12)]);
    // Overlapping (broadcast) right sides that do not carry are accepted.
    let (a, b) = (layout!((4, 2):(1, 10)), layout!((2, 2):(1, 1)));
    check_composition(a, b, a.compose(b));
    let (a, b) = (A::default(), layout!(6:12));
    check_composition(a, b, a.compose(b));
    let (a, b) = (
        layout!(((2, 2), (4, 2)):((1, 8), (2, 16))),
        layout!((4, 8):(1, 4)),
    );
    let r = a.compose(b);
    check_composition(a, b, r);
    assert_eq!(
        r.to_dynamic(),
        cute_dynamic::composition(&a.to_dynamic(), &b.to_dynamic()).unwrap()
    );
}

#[test]
fn tilers_and_divides() {
    let a = layout!((8, 8):(1, 8));
    assert_type_eq_all!(
        LogicalQuotient<Layout![(8, 8):(1, 8)], Tiler<(Layout![2:1], Layout![4:1])>>,
        Layout![((2, 4), (4, 2)):((1, 2), (8, 32))]
    );
    assert_eq!(
        a.logical_divide(tiler!(<2:1, 4:1>)).to_string(),
        "((_2,_4),(_4,_2)):((_1,_2),(_8,_32))"
    );
    assert_type_eq_all!(LogicalQuotient<Layout![48:1], Layout![32:1]>, Layout![(32, 2):(1, 32)]);
    assert_type_eq_all!(TiledQuotient<Layout![12:1], Tiler<(Layout![4:1],)>>, Layout![((4), (3)):((1), (4))]);
    assert_eq!(
        layout!(12:1).tiled_divide(tiler!(<4:1>)).to_string(),
        "((_4),(_3)):((_1),(_4))"
    );
    // Composition with a shorter tiler drops A's trailing modes.
    assert_eq!(
        layout!((4, 6, 8):(1, 4, 24))
            .compose(tiler!(<2:2>))
            .to_string(),
        "(_2):(_2)"
    );
}

#[test]
fn complement_and_products() {
    assert_type_eq_all!(Complemented<Layout![4:32], C<256>>, Layout![(32, 2):(1, 128)]);
    assert_type_eq_all!(Complemented<Layout![(2, 2):(0, 4)], C<16>>, Layout![(4, 2):(1, 8)]);
    assert_type_eq_all!(LogicalProduct<Layout![128:1], Layout![4:32]>, Layout![(128, 4):(1, 4096)]);
    assert_type_eq_all!(
        BlockedProduct<Layout![(2, 2):(1, 2)], Layout![(3, 4):(1, 3)]>,
        Layout![((2, 3), (2, 4)):((1, 4), (2, 12))]
    );
    assert_type_eq_all!(
        RakedProduct<Layout![(2, 2):(1, 2)], Layout![(3, 4):(1, 3)]>,
        Layout![((3, 2), (4, 2)):((4, 1), (12, 2))]
    );
    assert_type_eq_all!(Coalesced<Layout![(2, (1, 6)):(1, (6, 2))]>, Layout![12:1]);
    assert_type_eq_all!(Coalesced<Layout![(1, 1):(3, 5)]>, Layout![1:0]);
    assert_type_eq_all!(RightInverse<Layout![(4, 8):(8, 1)]>, Layout![(8, 4):(4, 1)]);
}

#[test]
fn complement_property() {
    let a = layout!((2, 4):(1, 6));
    let c = a.complement(C::<48>);
    assert_eq!(
        laws::check_complement(&a.to_dynamic(), 48, &c.to_dynamic()),
        Ok(())
    );
}

#[test]
fn right_inverse_property() {
    let l = layout!((2, (3, 4)):(12, (1, 3)));
    let r = l.right_inverse();
    assert_eq!(
        laws::check_right_inverse(&l.to_dynamic(), &r.to_dynamic()),
        Ok(())
    );
}

#[test]
fn maximum_rank_and_depth_in_the_algebra() {
    // Rank 8 on both sides and depth 6, with the default recursion limit.
    let a = layout!((2, 2, 2, 2, 2, 2, 2, 2):(1, 2, 4, 8, 16, 32, 64, 128));
    let b = layout!((2, 2, 2, 2, 2, 2, 2, 2):(128, 64, 32, 16, 8, 4, 2, 1));
    check_composition(a, b, a.compose(b));
    let d = layout!(((((((2, 3), 2), 2), 2), 2), 2));
    assert_eq!(d.coalesce().to_string(), "_192:_1");
    let q = d.logical_divide(layout!(4:2));
    assert_eq!(
        q.to_dynamic(),
        cute_dynamic::logical_divide(
            &d.to_dynamic(),
            &"4:2".parse::<cute_dynamic::Layout>().unwrap()
        )
        .unwrap()
    );
}

#[test]
fn eight_uncoalescable_modes() {
    // Every leaf of B walks all eight modes of A: the deepest recursion.
    let a = layout!((2, 2, 2, 2, 2, 2, 2, 2):(1, 4, 16, 64, 256, 1024, 4096, 16384));
    let b = layout!((2, 2, 2, 2, 2, 2, 2, 2):(128, 64, 32, 16, 8, 4, 2, 1));
    let r = a.compose(b);
    check_composition(a, b, r);
    assert_eq!(
        r.to_dynamic(),
        cute_dynamic::composition(&a.to_dynamic(), &b.to_dynamic()).unwrap()
    );
    let c = a.complement(C::<65536>);
    assert_eq!(
        c.to_dynamic(),
        cute_dynamic::complement(&a.to_dynamic(), 65536).unwrap()
    );
}

#[test]
fn coordinates() {
    let l = layout!(((2, 2), (4, 2)):((1, 8), (2, 16)));
    for i in 0..32 {
        let (m0, m1) = (i % 4, i / 4);
        assert_eq!(l.call_coord((m0, m1)), l.call(i));
        assert_eq!(
            l.call_coord(((m0 % 2, m0 / 2), (m1 % 4, m1 / 4))),
            l.call(i)
        );
    }
    assert_eq!(l.call_coord((2, 5)), 26);
}
