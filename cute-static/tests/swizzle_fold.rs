//! The folded offsets of swizzled tensor views: a swizzle moves every
//! multiple of its period through unchanged (`Sw(x + c) = Sw(x) + c`), so
//! a composed layout's tensor offset `Sw(O + L(i))` is computed as
//! `Sw(O + lo) + hi` (`hi` the part of `L(i)` the period divides) and a
//! slice's or partition's offset keeps only its part below the period,
//! the rest moved to the pointer (`split_offset`). Each is checked here,
//! element for element, against the definition `Sw(O + L(i))` (and that
//! against cute-dynamic's swizzled layout, an independent implementation).
use cute_static::layout::{
    ComposedLayout, Dyn, Int, SliceLayout, StaticLayout, StaticSwizzle, Swizzle, TensorLayout,
    split_offset,
};
use cute_static::tensor::__;
use cute_static::{C, algebra::tile_to_shape, layout};

/// `Sw(x + c·P) = Sw(x) + c·P` for every `x` of two periods and several
/// `c`, for swizzles with positive and negative shifts.
#[test]
fn a_multiple_of_the_period_passes_through() {
    fn law<const B: u32, const M: u32, const S: i32>() {
        let sw = Swizzle::<B, M, S>::new();
        let p = <Swizzle<B, M, S> as StaticSwizzle>::PERIOD;
        let d = sw.to_dynamic();
        for x in 0..2 * p {
            assert_eq!(sw.apply_to(x) as i64, d.apply(x as i64), "{sw} at {x}");
            for c in [1usize, 2, 7, 1000] {
                assert_eq!(
                    sw.apply_to(x + c * p),
                    sw.apply_to(x) + c * p,
                    "{sw} {x} + {c}·{p}"
                );
            }
        }
        // Wrapping: the largest multiple of the period below 2^64.
        let top = usize::MAX & !(p - 1);
        assert_eq!(
            sw.apply_to(5usize.wrapping_add(top)),
            sw.apply_to(5).wrapping_add(top)
        );
    }
    law::<3, 3, 3>();
    law::<2, 4, 3>();
    law::<1, 2, 1>();
    law::<3, 4, -3>();
    law::<2, 0, 4>();
}

/// The tensor offset of a composed layout (`TensorLayout::offset`, the
/// folded form) equals `call` (the definition) for every coordinate and
/// run-time offsets below, at and above the period.
#[test]
fn tensor_offsets_are_the_definition() {
    let inner = layout!(((8, 16), ((8, 8), 1), (1, 3)):((8, 512), ((1, 64), 0), (0, 8192)));
    let sw = Swizzle::<3, 3, 3>::new();
    for o in [
        0usize,
        8,
        72,
        136,
        511,
        512,
        600,
        8192 + 200,
        3 * 8192 + 511,
    ] {
        let l = ComposedLayout::new(sw, Dyn(o), inner);
        for i in 0..l.size() {
            assert_eq!(
                TensorLayout::offset(&l, i),
                l.call(i),
                "offset {o}, coordinate {i}"
            );
        }
    }
    // A static offset and a negative-shift swizzle.
    let l = layout!(Sw<2,2,-2> o 20 o (16, 8):(8, 1));
    for i in 0..l.size() {
        assert_eq!(TensorLayout::offset(&l, i), l.call(i));
    }
}

/// `split_offset` and the tensor slices of the tutorial's shared tile
/// (`tile_to_shape(Sw<3,3,3> ∘ atom, (128,64,3))`): every stage `p`, and
/// every k-block of a stage, is the offset the pointer moved by plus the
/// sliced layout's offsets — the original layout's `Sw(O + L(c))` at the
/// same coordinates — with the kept offset below the period (the stage's
/// `8192·p` moved out of the swizzle, to the pointer).
#[test]
fn slices_move_the_period_multiples_to_the_pointer() {
    let atom = layout!(Sw<3,3,3> o 0 o (8, (8, 8)):(8, (1, 64)));
    let s = tile_to_shape(atom, (C::<128>, C::<64>, C::<3>), ());
    let d = s.to_dynamic().unwrap();
    for p in 0..3usize {
        let (stage, moved) = s.slice_layout((__, __, p)).unwrap();
        assert_eq!(moved, 8192 * p, "stage {p}");
        assert!(stage.offset().value() < 512);
        for m in 0..128 {
            for k in 0..64 {
                let want = d.call(m as i64 + 128 * k as i64 + 8192 * p as i64) as usize;
                assert_eq!(
                    moved + TensorLayout::offset(&stage, m + 128 * k),
                    want,
                    "({m},{k},{p})"
                );
                assert_eq!(s.call(m + 128 * k + 8192 * p), want);
            }
        }
        // A k-block column of the stage (a run-time offset inside the
        // swizzle) and a row: the same elements.
        for k in 0..64 {
            let (col, more) = stage.slice_layout((__, k)).unwrap();
            assert!(col.offset().value() < 512);
            for m in 0..128 {
                assert_eq!(
                    moved + more + TensorLayout::offset(&col, m),
                    s.call(m + 128 * k + 8192 * p)
                );
            }
        }
    }
    // split_offset by itself, on run-time offsets of every residue.
    let l = layout!(Sw<3,3,3> o 0 o (8, 64):(64, 1));
    for o in (0..4096).step_by(37) {
        let c = ComposedLayout::new(l.swizzle(), Dyn(o), l.layout());
        let (inside, moved) = split_offset(c);
        assert_eq!((inside.offset().value(), moved), (o % 512, o - o % 512));
        for i in 0..<Layout![(8, 64):(64, 1)] as StaticLayout>::SIZE {
            assert_eq!(moved + inside.call(i), c.call(i));
        }
    }
}
use cute_static::Layout;
