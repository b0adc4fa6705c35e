//! Swizzled (composed) layouts (docs/semantics/algebra.md#swizzled-layouts): the
//! run-time algebra on `SwizzledLayout` against its laws on random inputs,
//! known CuTe results, and the static `ComposedLayout` against the
//! run-time one on shared cases (`to_dynamic()`), results checked by the
//! same laws.

use cute_dynamic::{Coord, Layout, Swizzle, SwizzledLayout, Tiler};
use cute_static::{layout, layout::Swizzle as StaticSwizzle, tensor::__, tiler};
use cute_tools::laws::{
    check_flat_divide, check_logical_divide, check_swizzled_composition, check_swizzled_divide,
    check_swizzled_slice, check_tiled_divide, check_zipped_divide,
};
use proptest::prelude::*;

fn sl(text: &str) -> SwizzledLayout {
    text.parse().unwrap()
}

/// A valid swizzle with `B ≤ 3`, `M ≤ 4`, `B ≤ |S| ≤ 5`.
fn swizzle() -> impl Strategy<Value = Swizzle> {
    (0u32..=3, 0u32..=4, 0i32..=5, any::<bool>()).prop_map(|(b, m, s, neg)| {
        let s = s.max(b as i32);
        Swizzle::new(b, m, if neg { -s } else { s }).unwrap()
    })
}

/// A layout of 1 to 3 modes of sizes `1, 2, 4, 8` with strides in `0..=64`,
/// and a by-mode tiler of integer tiles dividing each mode (always
/// admissible), or a layout tiler `n:1` with `n | size`.
fn layout_and_tiler() -> impl Strategy<Value = (Layout, Tiler)> {
    prop::collection::vec((0u32..=3, 0i64..=64, 0u32..=3, any::<bool>()), 1..=3).prop_map(|modes| {
        let shape: Vec<i64> = modes.iter().map(|m| 1 << m.0).collect();
        let stride: Vec<i64> = modes.iter().map(|m| m.1).collect();
        let l = Layout::new(
            cute_dynamic::IntTuple::flat(shape.iter().copied()),
            cute_dynamic::IntTuple::flat(stride),
        )
        .unwrap();
        let tiles: Vec<i64> = modes.iter().map(|m| 1 << m.2.min(m.0)).collect();
        let text = if modes[0].3 {
            let t: Vec<String> = tiles.iter().map(i64::to_string).collect();
            format!("<{}>", t.join(","))
        } else {
            format!("{}:1", tiles[0])
        };
        (l, text.parse().unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn swizzled_composition_and_divides_obey_their_laws(
        sw in swizzle(),
        offset in 0i64..1024,
        (l, t) in layout_and_tiler(),
    ) {
        let a = SwizzledLayout::new(sw, offset, l.clone());
        let r = a.compose(&t).unwrap();
        prop_assert_eq!(check_swizzled_composition(&a, &t, &r), Ok(()));
        // A layout on the right: `size(L):1`, the whole domain in order.
        let b: Layout = format!("{}:1", l.size()).parse().unwrap();
        let r = a.compose(&b).unwrap();
        prop_assert_eq!(check_swizzled_composition(&a, &b, &r), Ok(()));
        for (r, law) in [
            (a.logical_divide(&t), check_logical_divide::<Tiler> as fn(&Layout, &Tiler, &Layout) -> _),
            (a.zipped_divide(&t), check_zipped_divide::<Tiler>),
            (a.tiled_divide(&t), check_tiled_divide::<Tiler>),
            (a.flat_divide(&t), check_flat_divide::<Tiler>),
        ] {
            prop_assert_eq!(check_swizzled_divide(&a, &t, &r.unwrap(), law), Ok(()));
        }
    }

    #[test]
    fn swizzled_slices_obey_their_law(
        sw in swizzle(),
        offset in 0i64..1024,
        (l, _) in layout_and_tiler(),
        fix in prop::collection::vec(prop::option::of(0i64..8), 3),
    ) {
        let a = SwizzledLayout::new(sw, offset, l.clone());
        let rank = l.rank();
        let shape = l.shape();
        let entries: Vec<String> = (0..rank)
            .map(|k| match fix[k] {
                Some(v) => (v % shape.get(k).unwrap().size().unwrap()).to_string(),
                None => "_".into(),
            })
            .collect();
        let c: Coord = if l.shape().is_int() {
            entries[0].parse().unwrap()
        } else {
            format!("({})", entries.join(",")).parse().unwrap()
        };
        let r = a.slice(&c).unwrap();
        prop_assert_eq!(check_swizzled_slice(&a, &c, &r), Ok(()));
    }

    #[test]
    fn static_swizzles_apply_as_the_run_time_ones(x in 0usize..(1 << 20)) {
        macro_rules! agree {
            ($(($b:literal, $m:literal, $s:literal)),+) => {$(
                let st = StaticSwizzle::<$b, $m, $s>::new();
                prop_assert_eq!(st.apply(x) as i64, st.to_dynamic().apply(x as i64));
                prop_assert_eq!(st.apply(st.apply(x)), x);
            )+};
        }
        agree!((0, 0, 0), (1, 2, 1), (1, 2, -1), (2, 4, 3), (3, 3, 3), (3, 4, 3), (3, 4, -3), (5, 0, 5), (2, 0, -5));
    }
}

#[test]
fn known_cute_results() {
    // CuTe: composition(Swizzle<3,3,3>{} o (8,64):(64,1), Layout<_8,_64>) keeps the
    // swizzle and the offset, and composes the inner layout.
    let a = sl("Sw<3,3,3> o 0 o (8,64):(64,1)");
    let col = a.compose(&"8:1".parse::<Layout>().unwrap()).unwrap();
    assert_eq!(col.to_string(), "Sw<3,3,3> o 0 o 8:64");
    let t: Tiler = "<8,8>".parse().unwrap();
    assert_eq!(
        a.zipped_divide(&t).unwrap().to_string(),
        "Sw<3,3,3> o 0 o ((8,8),(1,8)):((64,1),(0,8))"
    );
    assert_eq!(
        a.tiled_divide(&t).unwrap().to_string(),
        "Sw<3,3,3> o 0 o ((8,8),1,8):((64,1),0,8)"
    );
    assert_eq!(
        a.flat_divide(&t).unwrap().to_string(),
        "Sw<3,3,3> o 0 o (8,8,1,8):(64,1,0,8)"
    );
    // Slicing moves the fixed part into the offset, inside the swizzle.
    let row = a.slice(&"(3,_)".parse().unwrap()).unwrap();
    assert_eq!(row.to_string(), "Sw<3,3,3> o 192 o (64):(1)");
    for j in 0..64 {
        assert_eq!(
            row.call(j),
            a.call_coord(&format!("(3,{j})").parse().unwrap()).unwrap()
        );
    }
    // Moving it past the swizzle would be wrong: Sw(192 + 8) ≠ 192 + Sw(8).
    assert_ne!(row.call(8), 192 + row.swizzle().apply(8));
    // An inadmissible inner composition is the inner error.
    let bad = sl("Sw<1,2,1> o 0 o (4,6):(1,5)");
    let b: Layout = "6:3".parse().unwrap(); // stride 3 against the mode of size 4
    assert_eq!(
        bad.compose(&b).unwrap_err(),
        cute_dynamic::composition(bad.layout(), &b).unwrap_err()
    );
}

/// The static composed layout and the run-time one agree on shared cases,
/// and the static results satisfy the run-time laws.
#[test]
fn static_equals_run_time() {
    let st = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
    let dy = sl("Sw<3,3,3> o 0 o (8,64):(64,1)");
    assert_eq!(st.to_dynamic().unwrap(), dy);
    assert_eq!(st.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    for i in 0..512 {
        assert_eq!(st.call(i) as i64, dy.call(i as i64));
    }

    let b: Layout = "(4,8):(1,64)".parse().unwrap();
    let r = st.compose(layout!((4, 8):(1, 64)));
    assert_eq!(r.to_dynamic().unwrap(), dy.compose(&b).unwrap());
    assert_eq!(
        check_swizzled_composition(&dy, &b, &r.to_dynamic().unwrap()),
        Ok(())
    );

    let t: Tiler = "<2,16>".parse().unwrap();
    let z = st.zipped_divide(tiler!(<2, 16>));
    assert_eq!(z.to_dynamic().unwrap(), dy.zipped_divide(&t).unwrap());
    assert_eq!(
        check_swizzled_divide(&dy, &t, &z.to_dynamic().unwrap(), check_zipped_divide),
        Ok(())
    );
    let lg = st.logical_divide(tiler!(<2, 16>));
    assert_eq!(lg.to_dynamic().unwrap(), dy.logical_divide(&t).unwrap());
    assert_eq!(
        check_swizzled_divide(&dy, &t, &lg.to_dynamic().unwrap(), check_logical_divide),
        Ok(())
    );
    let td = st.tiled_divide(tiler!(<2, 16>));
    assert_eq!(td.to_dynamic().unwrap(), dy.tiled_divide(&t).unwrap());
    let fd = st.flat_divide(tiler!(<2, 16>));
    assert_eq!(fd.to_dynamic().unwrap(), dy.flat_divide(&t).unwrap());
    assert_eq!(
        check_swizzled_divide(&dy, &t, &fd.to_dynamic().unwrap(), check_flat_divide),
        Ok(())
    );

    let s = st.slice((3usize, __)).unwrap();
    let c: Coord = "(3,_)".parse().unwrap();
    assert_eq!(s.to_dynamic().unwrap(), dy.slice(&c).unwrap());
    assert_eq!(
        check_swizzled_slice(&dy, &c, &s.to_dynamic().unwrap()),
        Ok(())
    );
    let s = st.slice((__, 37usize)).unwrap();
    let c: Coord = "(_,37)".parse().unwrap();
    assert_eq!(s.to_dynamic().unwrap(), dy.slice(&c).unwrap());
    assert_eq!(
        check_swizzled_slice(&dy, &c, &s.to_dynamic().unwrap()),
        Ok(())
    );

    // A negative shift, an offset, a sliced slice (the run-time offset adds up).
    let st = layout!(Sw<2,1,-3> o 4 o ((4,4),8):((1,32),4));
    let dy = sl("Sw<2,1,-3> o 4 o ((4,4),8):((1,32),4)");
    assert_eq!(st.to_dynamic().unwrap(), dy);
    let s = st.slice((__, 5usize)).unwrap();
    let c: Coord = "(_,5)".parse().unwrap();
    assert_eq!(s.to_dynamic().unwrap(), dy.slice(&c).unwrap());
    assert_eq!(
        check_swizzled_slice(&dy, &c, &s.to_dynamic().unwrap()),
        Ok(())
    );
    let t: Tiler = "<2>".parse().unwrap();
    let d = st.logical_divide(tiler!(<2>));
    assert_eq!(d.to_dynamic().unwrap(), dy.logical_divide(&t).unwrap());
    assert_eq!(
        check_swizzled_divide(&dy, &t, &d.to_dynamic().unwrap(), check_logical_divide),
        Ok(())
    );

    // The type spelling names the same type as the literal.
    static_assertions::assert_type_eq_all!(
        cute_static::Layout![Sw<3,3,3> o 0 o (8,64):(64,1)],
        cute_static::layout::ComposedLayout<
            StaticSwizzle<3, 3, 3>,
            cute_static::C<0>,
            cute_static::Layout![(8,64):(64,1)],
        >
    );
    // A run-time offset.
    let base = 128;
    let r = layout!(Sw<3,3,3> o {base} o (8,64):(64,1));
    assert_eq!(r.to_string(), "Sw<3,3,3> o 128 o (_8,_64):(_64,_1)");
    assert_eq!(r.call(1), (128 + 64) ^ (3 << 3)); // row 3 of the 8-row period
    assert_eq!(
        r.to_dynamic().unwrap(),
        sl("Sw<3,3,3> o 128 o (8,64):(64,1)")
    );
}

#[test]
fn swizzled_slices_out_of_bounds_are_errors() {
    let st = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
    let e = st.slice((8usize, __)).unwrap_err();
    assert_eq!(e.kind(), "out_of_bounds");
    let big = layout!(Sw<3,3,3> o {usize::MAX} o (8,64):(64,1));
    assert_eq!(big.slice((1usize, __)).unwrap_err().kind(), "overflow");
    assert_eq!(big.to_dynamic().unwrap_err().kind(), "overflow");
}

/// Tensors over swizzled layouts: `T(i) = storage[Sw(O + L(i))]`; slicing,
/// `local_tile` and `local_partition` keep the pointer and move every
/// offset into the layout's offset (CuTe's composed-layout tensors), so each
/// equals the swizzle applied to the same operation on the inner layout.
#[test]
fn tensors_over_swizzled_layouts() {
    use cute_static::{
        Tensor,
        layout::TensorLayout,
        tensor::{Counting, local_partition, local_tile},
    };
    let data: Vec<u32> = (0..512).collect();
    let layout = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
    let sw = layout.swizzle();
    let t = Tensor::new(&data[..], layout).unwrap();
    for i in 0..512 {
        assert_eq!(*t.get(i).unwrap() as usize, layout.call(i));
    }
    assert_eq!(t.get(512).unwrap_err().kind(), "out_of_bounds");
    // Storage one short of the cosize is an error.
    assert_eq!(
        Tensor::new(&data[..511], layout).unwrap_err().kind(),
        "out_of_storage"
    );

    let row = t.slice((5usize, __)).unwrap();
    assert_eq!(row.base(), 0);
    assert_eq!(row.layout().to_string(), "Sw<3,3,3> o 320 o (_64):(_1)");
    for j in 0..64 {
        assert_eq!(*row.get(j).unwrap() as usize, layout.call_coord((5, j)));
    }

    // The same operations on the inner layout, through a counting tensor:
    // its base and layout give the unswizzled offsets.
    let plain = Tensor::new(Counting, layout.layout()).unwrap();
    let tile = local_tile(&t, tiler!(<4, 16>), (1usize, 2usize), ()).unwrap();
    let plain_tile = local_tile(&plain, tiler!(<4, 16>), (1usize, 2usize), ()).unwrap();
    assert_eq!(tile.base(), 0);
    assert_eq!(tile.layout().offset().0, plain_tile.base());
    assert_eq!(TensorLayout::size(&tile.layout()), 64);
    for i in 0..64 {
        let want = sw.apply(plain_tile.base() + plain_tile.layout().call(i));
        assert_eq!(*tile.get(i).unwrap() as usize, want, "tile element {i}");
    }

    // The generic copy into a swizzled tile: dst[Sw(L(i))] = src(i).
    let src_data: Vec<u32> = (1000..1512).collect();
    let src = Tensor::new(&src_data[..], layout!((8, 64):(64, 1))).unwrap();
    let mut smem = vec![0u32; 512];
    let mut dst = Tensor::new(&mut smem[..], layout).unwrap();
    cute_static::algorithm::copy(&src, &mut dst).unwrap();
    for i in 0..512 {
        assert_eq!(smem[layout.call(i)], src_data[(i % 8) * 64 + i / 8]);
    }

    for thread in [0, 5, 31, 63] {
        let part = local_partition(&t, layout!((8, 8)), thread).unwrap();
        let plain_part = local_partition(&plain, layout!((8, 8)), thread).unwrap();
        assert_eq!(TensorLayout::size(&part.layout()), 8);
        for i in 0..8 {
            let want = sw.apply(plain_part.base() + plain_part.layout().call(i));
            assert_eq!(
                *part.get(i).unwrap() as usize,
                want,
                "thread {thread} element {i}"
            );
        }
    }
}
