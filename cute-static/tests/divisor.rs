//! Run-time leaves with a static divisor (`DynDiv<D>`, `layout!` leaf
//! `{m:128}`): the checked constructor, the macro spelling and the
//! divisors it derives for strides, printing, and the mixed algebra that
//! uses the divisor — cross-checked with cute-dynamic and the operation's
//! law (`cute_tools::laws`) on random multiples of the divisor, as
//! `tests/mixed.rs` does for plain run-time leaves.
use cute_dynamic::Tiler as DTiler;
use cute_static::{
    C, Dyn, Layout, layout,
    layout::{DynDiv, Int, MixedLayout},
    tiler,
};
use proptest::prelude::*;
use static_assertions::assert_type_eq_all;

fn dt(s: &str) -> DTiler {
    s.parse().unwrap()
}

#[test]
fn constructor_checks_the_divisor_once() {
    assert_eq!(DynDiv::<128>::new(256).unwrap().value(), 256);
    assert_eq!(DynDiv::<128>::new(0).unwrap().get(), 0);
    for v in [1usize, 64, 100, 129, 255, 384 + 1] {
        let e = DynDiv::<128>::new(v).unwrap_err();
        assert_eq!(e.kind(), "divisibility");
        assert_eq!(
            e.to_string(),
            format!(
                "DynDiv::new: the run-time value {v} is not a multiple of its static divisor 128"
            )
        );
        // The run-time crate's error of the same kind.
        let d = cute_dynamic::LayoutError::from(e);
        assert_eq!((d.kind(), d.to_string()), ("divisibility", e.to_string()));
    }
    assert_eq!(Dyn::from(DynDiv::<8>::new(24).unwrap()), Dyn(24));
}

#[test]
fn macro_spelling_types_and_printing() {
    let (m, n) = (384usize, 24usize);
    let l = layout!(({m:128}, {n:8}):(1, {m})).unwrap();
    // The stride `{m}` is the same value as the shape leaf `{m:128}`: it
    // carries the divisor too.
    assert_type_eq_all!(
        Layout![({m:128}, {n:8}):(1, {m})],
        MixedLayout<(DynDiv<128>, DynDiv<8>), (C<1>, DynDiv<128>)>
    );
    assert_eq!(l.to_string(), "(384,24):(_1,384)");
    assert_eq!(
        l.structure().to_string(),
        "(?{div=128},?{div=8}):(_1,?{div=128})"
    );
    assert_eq!(l.to_dynamic(), "(384,24):(1,384)".parse().unwrap());
    // Compact strides: the prefix products carry the product of divisors.
    let c = layout!(({m:128}, 4, {n:8}, {n})).unwrap();
    assert_type_eq_all!(
        Layout![({m:128}, 4, {n:8}, {n})],
        MixedLayout<
            (DynDiv<128>, C<4>, DynDiv<8>, Dyn),
            (C<1>, DynDiv<128>, DynDiv<512>, DynDiv<4096>),
        >
    );
    assert_eq!(
        c.to_dynamic(),
        "(384,4,24,24):(1,384,1536,36864)".parse().unwrap()
    );
    assert_eq!(
        c.structure().to_string(),
        "(?{div=128},_4,?{div=8},?):(_1,?{div=128},?{div=512},?{div=4096})"
    );
    // A plain run-time leaf prints its structure as `?`.
    let p = layout!((4, { n })).unwrap();
    assert_eq!(p.structure().to_string(), "(_4,?):(_1,_4)");
}

#[test]
fn a_non_multiple_is_a_named_error() {
    let (m, n) = (100usize, 16usize);
    let e = layout!(({m:128}, {n:8}):(1, {m})).unwrap_err();
    assert_eq!(e.kind(), "divisibility");
    assert!(
        e.to_string()
            .contains("100 is not a multiple of its static divisor 128")
    );
    // The compact stride of a product that overflows is an overflow, not a
    // divisibility error.
    let big = usize::MAX / 64 * 64;
    let e = layout!(({big:64}, {big:64}, 2)).unwrap_err();
    assert_eq!(e.kind(), "overflow");
    // Other rules still apply: a zero leaf is a multiple of anything but
    // not a positive shape.
    let zero = 0usize;
    let e = layout!(({zero:128}, 8)).unwrap_err();
    assert_eq!(e.kind(), "non_positive_shape");
}

#[test]
fn dividing_by_a_tile_of_the_divisor_is_exact_and_static() {
    let (m, k, ld) = (384usize, 24usize, 400usize);
    let a = layout!(({m:128}, {k:8}):(1, {ld})).unwrap();
    let z = a.zipped_divide(tiler!(<128, 8>)).unwrap();
    // The tile keeps the static shape, the rests carry the divisors D / N.
    assert_type_eq_all!(
        cute_static::algebra::ZippedQuotient<Layout![({m:128}, {k:8}):(1, {ld})], cute_static::Tiler![<128, 8>]>,
        Result<MixedLayout<((C<128>, C<8>), (DynDiv<1>, DynDiv<1>)), ((C<1>, Dyn), (Dyn, Dyn))>, cute_static::Error>
    );
    assert_eq!(z.to_string(), "((_128,_8),(3,3)):((_1,400),(128,3200))");
    assert_eq!(
        z.structure().to_string(),
        "((_128,_8),(?{div=1},?{div=1})):((_1,?),(?,?))"
    );
    // A tile dividing the divisor: the rest keeps the quotient divisor.
    let l = a.logical_divide(tiler!(<32>)).unwrap();
    assert_eq!(
        l.structure().to_string(),
        "((_32,?{div=4}),?{div=8}):((_1,?),?)"
    );
    // A tile that does not divide the divisor (3 ∤ 128): open, decided at
    // run time with CuTe's ⌈m/N⌉, the rest a plain run-time leaf.
    let o = a.logical_divide(tiler!(<3>)).unwrap();
    assert_eq!(o.structure().to_string(), "((_3,?),?{div=8}):((_1,?),?)");
    assert_eq!(o.to_string(), "((_3,128),24):((_1,3),400)");
}

#[test]
fn composition_of_a_divisor_leaf() {
    let (m, n) = (256usize, 16usize);
    let a = layout!(({m:128}, {n:8}):(1, {m})).unwrap();
    let r = a.compose(tiler!(<(2, 4):(1, 8), 4:2>)).unwrap();
    assert_eq!(r.to_string(), "((_2,_4),_4):((_1,_8),512)");
    assert_eq!(
        r.to_dynamic(),
        cute_dynamic::composition(&a.to_dynamic(), &dt("<(2,4):(1,8),4:2>")).unwrap()
    );
    let k = a.compose(tiler!(<_, 8>)).unwrap();
    assert_eq!(k.structure().to_string(), "(?{div=128},_8):(_1,?)");
}

// `check!`: one operation against cute-dynamic and the law (with `dt` in scope).
#[macro_use]
#[path = "support/mixed_check.rs"]
mod mixed_check;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn divides_match_dynamic(mq in 1usize..12, nq in 1usize..40, kq in 1usize..6, ld in 0usize..3000) {
        let (m, n, k) = (128 * mq, 8 * nq, 16 * kq);
        // N | D on every mode: proven, exact, never `Err`.
        check!(layout!(({m:128}, {n:8}):(1, {m})).unwrap(), zipped_divide, tiler!(<128, 8>), cute_dynamic::zipped_divide, "<128,8>");
        check!(layout!(({m:128}, {n:8}):(1, {m})).unwrap(), logical_divide, tiler!(<32, 4>), cute_dynamic::logical_divide, "<32,4>");
        check!(layout!(({m:128}, {n:8}):(1, {m})).unwrap(), tiled_divide, tiler!(<64:1, 2>), cute_dynamic::tiled_divide, "<64:1,2>");
        check!(layout!(({m:128}, {n:8}):(1, {m})).unwrap(), flat_divide, tiler!(<16, 8>), cute_dynamic::flat_divide, "<16,8>");
        check!(layout!(({m:128}, {n:8}, {k:16})).unwrap(), zipped_divide, tiler!(<128, 8, 16>), cute_dynamic::zipped_divide, "<128,8,16>");
        check!(layout!(({m:128}, {k:16}):({ld}, 1)).unwrap(), flat_divide, tiler!(<128, 16>), cute_dynamic::flat_divide, "<128,16>");
        // A divisor stride under a static shape.
        check!(layout!((64, {n:8}):({m:128}, 1)).unwrap(), zipped_divide, tiler!(<16, 8>), cute_dynamic::zipped_divide, "<16,8>");
        // Open: N ∤ D, the run-time rule (⌈m/N⌉).
        check!(layout!(({m:128}, {n:8}):(1, {m})).unwrap(), logical_divide, tiler!(<3, 16>), cute_dynamic::logical_divide, "<3,16>");
        check!(layout!(({m:128}, {n:8}):(1, {m})).unwrap(), zipped_divide, tiler!(<256, 5>), cute_dynamic::zipped_divide, "<256,5>");
    }

    #[test]
    fn the_proven_path_is_never_err(mq in 1usize..(1 << 20), dq in 1usize..(1 << 20), static_stride in any::<bool>()) {
        // Any layout that builds, divided by a tile of its divisor, divides:
        // the result's size and largest offset are those of the layout.
        let m = 128 * mq;
        if static_stride {
            if let Ok(a) = layout!(({m:128}):(7)) {
                prop_assert!(a.zipped_divide(tiler!(<128>)).is_ok());
                prop_assert!(a.flat_divide(tiler!(<64>)).is_ok());
            }
        } else if let Ok(a) = layout!(({m:128}, 2):({dq}, 1)) {
            prop_assert!(a.zipped_divide(tiler!(<128, 2>)).is_ok());
            prop_assert!(a.logical_divide(tiler!(<32>)).is_ok());
        }
    }

    #[test]
    fn rest_modes_are_exact_multiples(mq in 1usize..50, nq in 1usize..50) {
        let (m, n) = (128 * mq, 8 * nq);
        let z = layout!(({m:128}, {n:8}):(1, {m})).unwrap().zipped_divide(tiler!(<32, 4>)).unwrap();
        let (_, rests) = *z.shape();
        // `m / 32` is a multiple of 128 / 32, `n / 4` of 8 / 4, by type.
        let (r0, r1): (DynDiv<4>, DynDiv<2>) = rests;
        prop_assert_eq!((r0.get(), r1.get()), (m / 32, n / 4));
        prop_assert_eq!(r0.get() % 4, 0);
        prop_assert_eq!(r1.get() % 2, 0);
    }

    #[test]
    fn compositions_match_dynamic(mq in 1usize..12, nq in 1usize..40, ld in 0usize..3000) {
        let (m, n) = (128 * mq, 8 * nq);
        check!(layout!(({m:128}, {n:8}):(1, {m})).unwrap(), compose, tiler!(<(2, 4):(1, 8), 4:2>), cute_dynamic::composition, "<(2,4):(1,8),4:2>");
        check!(layout!(({m:128}, {n:8}):({ld}, 1)).unwrap(), compose, tiler!(<64, 8>), cute_dynamic::composition, "<64,8>");
        check!(layout!((32, {n:8}):({m:128}, 1)).unwrap(), compose, tiler!(<8:4, 2>), cute_dynamic::composition, "<8:4,2>");
    }
}
