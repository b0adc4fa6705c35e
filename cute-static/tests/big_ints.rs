//! Static integers of any value: literals and computed
//! values outside the readable table `0..=1024` / powers of two up to `2^20`
//! are spelled `Dec<digits>`, print `_N`, evaluate, and compose equal to
//! cute-dynamic; no typenum type is ever visible.
use cute_dynamic::Layout as DLayout;
use cute_static::*;
use cute_static::{algebra::*, layout::*};
use cute_tools::laws;
use proptest::prelude::*;
use static_assertions::assert_type_eq_all;

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

/// `r` is `a ∘ b`: composition's law, and cute-dynamic's result.
fn check_composition<A: StaticLayout, B: StaticLayout, R: StaticLayout>(a: A, b: B, r: R) {
    let (a, b, r) = (a.to_dynamic(), b.to_dynamic(), r.to_dynamic());
    if let Err(v) = laws::check_composition(&a, &b, &r) {
        panic!("{v}");
    }
    assert_eq!(a.compose(&b).unwrap(), r, "{a} o {b}");
}

/// The static layout evaluates like its run-time twin at `coords`.
fn same_offsets<L: StaticLayout>(l: L, coords: impl IntoIterator<Item = usize>) {
    let d = l.to_dynamic();
    for i in coords {
        assert_eq!(l.call(i) as i64, d.call(i as i64), "{d} at {i}");
    }
}

/// No typenum type in the spelling of `T`.
fn readable<T>() -> &'static str {
    let name = core::any::type_name::<T>();
    assert!(
        !name.contains("typenum") && !name.contains("UInt") && !name.contains("UTerm"),
        "{name}"
    );
    name
}

#[test]
fn gemm_width_11008() {
    type L = Layout![(4096, 11008):(11008, 1)];
    assert_type_eq_all!(
        L,
        Layout<(C<4096>, Dec<1, 1, 0, 0, 8>), (Dec<1, 1, 0, 0, 8>, C<1>)>
    );
    let l = layout!((4096, 11008):(11008, 1));
    assert_eq!(l.to_string(), "(_4096,_11008):(_11008,_1)");
    assert_eq!(l.to_dynamic(), dl("(4096,11008):(11008,1)"));
    assert_eq!(<L as StaticLayout>::SIZE, 4096 * 11008);
    assert_eq!(<L as StaticLayout>::COSIZE, 4096 * 11008);
    same_offsets(l, (0..4096 * 11008).step_by(997).chain([4096 * 11008 - 1]));
    check_composition(l, layout!(11008:4096), l.compose(layout!(11008:4096)));
    check_composition(
        l,
        layout!((64, 32):(1, 4096)),
        l.compose(layout!((64, 32):(1, 4096))),
    );
    check_composition(l, layout!(16:4), l.compose(layout!(16:4)));
    check_composition(l, layout!(8:512), l.compose(layout!(8:512)));
    // A big right operand, and a big stride multiplied out (11008·3).
    check_composition(
        layout!(4096:3),
        layout!(11008:1),
        layout!(4096:3).compose(layout!(11008:1)),
    );
    let r = layout!((64, 11008):(11008, 3)).compose(layout!(4:64));
    assert_eq!(r.to_string(), "_4:_3");
    check_composition(layout!((64, 11008):(11008, 3)), layout!(4:64), r);
    let r = layout!(11008:3).compose(layout!(4:11008));
    assert_eq!(r.to_string(), "_4:_33024");
    check_composition(layout!(11008:3), layout!(4:11008), r);
    // A tiler with a big tile.
    let t = tiler!(11008);
    assert_eq!(t.to_string(), "_11008");
    assert_eq!(
        l.logical_divide(tiler!((16, 11008))).to_dynamic(),
        l.to_dynamic().logical_divide(&t_dyn("(16,11008)")).unwrap()
    );
}

fn t_dyn(s: &str) -> cute_dynamic::Tiler {
    s.parse().unwrap()
}

#[test]
fn batch_stride() {
    let l = layout!((128, 64, 8):(1, 128, 45088768));
    assert_eq!(l.to_string(), "(_128,_64,_8):(_1,_128,_45088768)");
    assert_eq!(l.to_dynamic(), dl("(128,64,8):(1,128,45088768)"));
    assert_eq!(l.call(128 * 64 * 5 + 3), 5 * 45088768 + 3);
    same_offsets(l, (0..128 * 64 * 8).step_by(61));
    check_composition(
        l,
        layout!((32, 8):(1, 8192)),
        l.compose(layout!((32, 8):(1, 8192))),
    );
}

#[test]
fn computed_values_are_readable() {
    // 17·64 = 1088: both operands are readable, the result is computed.
    type R = Composed<Layout![64:17], Layout![4:64]>;
    assert_type_eq_all!(R, Layout![4:1088], Layout<C<4>, Dec<1, 0, 8, 8>>);
    assert_eq!(R::default().to_string(), "_4:_1088");
    let name = readable::<R>();
    assert!(name.contains("Dec<1, 0, 8, 8"), "{name}");
    check_composition(layout!(64:17), layout!(4:64), R::default());
    // A compact stride computed from big shapes: 4096·11008 = 45088768.
    type Compact = Layout![(4096, 11008, 2)];
    assert_type_eq_all!(
        Compact,
        Layout<(C<4096>, Dec<1, 1, 0, 0, 8>, C<2>), (C<1>, C<4096>, Dec<4, 5, 0, 8, 8, 7, 6, 8>)>
    );
    readable::<Compact>();
    // Product, complement and inverse through big values.
    type Prod = LogicalProduct<Layout![(2, 1025):(1, 2)], Layout![3:1]>;
    readable::<Prod>();
    assert_eq!(
        Prod::default().to_dynamic(),
        dl("(2,1025):(1,2)").logical_product(&dl("3:1")).unwrap()
    );
    type Inv = RightInverse<Layout![(1025, 4):(4, 1)]>;
    readable::<Inv>();
    assert_eq!(
        Inv::default().to_dynamic(),
        dl("(1025,4):(4,1)").right_inverse().unwrap()
    );
    type Co = Complemented<Layout![(4, 1025):(1, 8)], C<16384>>;
    readable::<Co>();
    assert_eq!(
        Co::default().to_dynamic(),
        dl("(4,1025):(1,8)").complement(16384).unwrap()
    );
}

/// Every digit count the integers take (4 to 19 digits), and the largest
/// shape `2^63 − 1`.
#[test]
fn every_digit_count() {
    macro_rules! values {
        ($($n:literal),*) => {$(
            {
                const N: usize = $n;
                let l = layout!($n:$n);
                assert_eq!(l.to_string(), format!("_{N}:_{N}"));
                assert_eq!(<Layout![$n:$n] as StaticLayout>::SIZE, N);
                assert_eq!(l.call(1), N);
                assert_eq!(l.to_dynamic(), dl(&format!("{N}:{N}")));
                readable::<Layout![$n:$n]>();
            }
        )*};
    }
    values!(
        1025,
        1088,
        2047,
        4095,
        11008,
        65535,
        100000,
        999999,
        1000000,
        2097152,
        45088768,
        123456789,
        4294967295,
        4294967297,
        98765432101,
        1000000000000,
        12345678901234,
        999999999999999,
        1152921504606846976,
        9223372036854775807
    );
    // A computed product above the table: 1025·1025.
    type Sq = Composed<Layout![1025:1025], Layout![2:1]>;
    assert_type_eq_all!(Sq, Layout![2:1025]);
    type Sq2 = Composed<Layout![1025:1025], Layout![4:1025]>;
    assert_type_eq_all!(Sq2, Layout![4:1050625]);
    readable::<Sq2>();
    check_composition(layout!(1025:1025), layout!(4:1025), Sq2::default());
}

#[test]
fn mixed_layouts_with_big_static_leaves() {
    let n = 4096usize;
    let l = layout!(({ n }, 11008):(11008, 1)).unwrap();
    assert_eq!(l.to_string(), "(4096,_11008):(_11008,_1)");
    assert_eq!(l.to_dynamic(), dl("(4096,11008):(11008,1)"));
    for i in (0..4096 * 11008).step_by(10007) {
        assert_eq!(l.call(i) as i64, l.to_dynamic().call(i as i64));
    }
    // The compact stride of a leaf after static leaves only is static, of
    // any value (CuTe's `_1115200`).
    let l = layout!((1088, 1025, { n })).unwrap();
    assert_eq!(l.to_string(), "(_1088,_1025,4096):(_1,_1088,_1115200)");
    let t = l.compose(tiler!((64, 5))).unwrap();
    assert_eq!(
        t.to_dynamic(),
        l.to_dynamic().compose(&t_dyn("(64,5)")).unwrap()
    );
}

#[test]
fn swizzle_offsets_of_any_value() {
    let l = layout!(Sw<3, 3, 3> o 11008 o (8, 64):(64, 1));
    assert_eq!(l.to_string(), "Sw<3,3,3> o _11008 o (_8,_64):(_64,_1)");
    let sw = |x: usize| x ^ ((x >> 6) & 0b111) << 3;
    for i in 0..512 {
        assert_eq!(l.call(i), sw(11008 + layout!((8, 64):(64, 1)).call(i)));
    }
}

proptest! {
    /// Random coordinates of the big layouts evaluate like cute-dynamic.
    #[test]
    fn big_layouts_evaluate(i in 0usize..4096 * 11008, b in 0usize..8) {
        let l = layout!((4096, 11008):(11008, 1));
        prop_assert_eq!(l.call(i) as i64, l.to_dynamic().call(i as i64));
        let l = layout!((128, 64, 8):(1, 128, 45088768));
        let j = (i % (128 * 64)) + b * 128 * 64;
        prop_assert_eq!(l.call(j) as i64, l.to_dynamic().call(j as i64));
        let l = layout!((3, 1025, 7):(7690, 1, 1025));
        let k = i % (3 * 1025 * 7);
        prop_assert_eq!(l.call(k) as i64, l.to_dynamic().call(k as i64));
    }
}

/// A mixed mode divided by a whole-layout tile `N:1` whose length is beyond
/// the readable table (`Layout![11008:1]`), equal to cute-dynamic.
#[test]
fn mixed_divide_by_a_big_unit_layout() {
    let n = 4 * 11008usize;
    let l = layout!(({ n }, 8):(1, { n })).unwrap();
    let t = tiler!(<11008:1, 4>);
    let q = l.logical_divide(t).unwrap();
    assert_eq!(
        q.to_dynamic(),
        l.to_dynamic()
            .logical_divide(&t_dyn("<11008:1,4>"))
            .unwrap()
    );
    assert_eq!(
        q.to_string(),
        "((_11008,4),(_4,_2)):((_1,11008),(44032,176128))"
    );
}
