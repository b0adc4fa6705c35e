//! Nested slicing with `__` at any depth over static and mixed layouts and
//! tensors (and `flatten`/`group_modes` of mixed ones):
//! CuTe's structure (the modes kept at any depth become top-level modes of
//! the result, in order) and the offset of the fixed entries, equal to
//! cute-dynamic's `Layout::slice` and checked by `laws::check_slice`.
use cute_dynamic::Coord;
use cute_static::{Tensor, layout, tensor::__};
use cute_tools::laws;

/// Compare a static slice with cute-dynamic's on the coordinate's text.
macro_rules! check {
    ($a:expr, $c:expr, $text:literal) => {
        check!(@ $a, $text, |a| a.slice($c).unwrap())
    };
    (@ $a:expr, $text:literal, |$x:ident| $slice:expr) => {{
        let $x = $a;
        let (sub, off) = $slice;
        let c: Coord = $text.parse().unwrap();
        let (dsub, doff) = $x.to_dynamic().slice(&c).unwrap();
        assert_eq!(sub.to_dynamic(), dsub, "{} at {}", $x, $text);
        assert_eq!(off as i64, doff, "{} at {}", $x, $text);
        laws::check_slice(&$x.to_dynamic(), &c, &dsub, doff).unwrap();
        sub.to_string()
    }};
}

#[test]
fn nested_holes_match_cute_dynamic() {
    let a = layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100)));
    assert_eq!(
        check!(a, (__, ((1, __), 1)), "(_,((1,_),1))"),
        "((_3,_2),_3):((_4,_1),_15)"
    );
    check!(a, (__, ((1, __), __)), "(_,((1,_),_))");
    check!(a, ((2, __), (__, 1)), "((2,_),(_,1))");
    check!(a, ((__, 1), ((__, 2), __)), "((_,1),((_,2),_))");
    check!(a, ((1, 1), ((1, 2), 1)), "((1,1),((1,2),1))");
    check!(a, ((__, __), (__, __)), "((_,_),(_,_))");
    check!(a, (4, (__, 1)), "(4,(_,1))");
    check!(a, (__, (5, __)), "(_,(5,_))");
    let b = layout!((8, (4, 6), 2):(1, (8, 32), 192));
    check!(b, (3, (__, 5), __), "(3,(_,5),_)");
    check!(b, (__, (2, __), 1), "(_,(2,_),1)");
}

#[test]
fn index_outside_a_sub_mode_is_an_error() {
    let a = layout!((8, (4, 6)):(1, (8, 32)));
    assert!(a.slice((__, (4, __))).is_err());
    assert!(a.slice((__, (__, 6))).is_err());
    assert!(a.slice((__, (3, 5))).is_ok());
}

#[test]
fn nested_tensor_slices() -> Result<(), cute_static::Error> {
    let data: Vec<u32> = (0..200).collect();
    let a = Tensor::new(
        &data[..],
        layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100))),
    )?;
    let s = a.view().slice((__, ((1, __), 1)))?;
    assert_eq!(s.layout().to_string(), "((_3,_2),_3):((_4,_1),_15)");
    assert_eq!(s.get(0)?, &102);
    // Every element is the parent's at the same logical coordinate.
    let t = a.slice((2, (__, 1)))?;
    let dl = layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100))).to_dynamic();
    let (sub, off) = dl.slice(&"(2,(_,1))".parse::<Coord>().unwrap()).unwrap();
    for i in 0..6 {
        assert_eq!(*t.get(i)? as i64, off + sub.call(i as i64));
    }
    Ok(())
}

/// The same over a mixed layout (run-time leaves kept or fixed).
macro_rules! check_mixed {
    ($a:expr, $c:expr, $text:literal) => {
        check!(@ $a, $text, |a| a.slice($c))
    };
}

#[test]
fn nested_holes_in_mixed_layouts() -> Result<(), cute_dynamic::LayoutError> {
    for m in [3, 16, 40] {
        let a = layout!(({m}, ((2, {m}), 4)):(1, ((128, {m}), 7)))?;
        check_mixed!(a, (__, ((1, __), 3)), "(_,((1,_),3))");
        check_mixed!(a, (1, ((__, 2), __)), "(1,((_,2),_))");
        check_mixed!(a, (__, (__, 2)), "(_,(_,2))");
        check_mixed!(a, (2, ((1, 2), 3)), "(2,((1,2),3))");
    }
    let a = layout!(({40}, ((2, {8}), 4)):(1, ((128, {40}), 7)))?;
    assert_eq!(
        check_mixed!(a, (__, ((1, __), 3)), "(_,((1,_),3))"),
        "(40,8):(_1,40)"
    );
    // A mixed tensor sliced at any depth: the offset moves into the base.
    let data: Vec<u32> = (0..2000).collect();
    let t = Tensor::new(&data[..], a)?;
    let s = t.slice((__, ((1, __), 3)))?;
    assert_eq!(s.get(0)?, &(128 + 21));
    assert!(t.view().slice((__, ((2, __), 3))).is_err());
    Ok(())
}

/// `flatten` of mixed layouts and tensors (an all-`__` slice) equals
/// cute-dynamic's `Layout::flatten`.
#[test]
fn mixed_flatten_matches_cute_dynamic() -> Result<(), Box<dyn std::error::Error>> {
    for n in [1, 3, 64] {
        let a = layout!(((2, {n}), ((4, 2), {n})):((1, 2), ((64, {n}), 7)))?;
        assert_eq!(a.flatten().to_dynamic(), a.to_dynamic().flatten());
        let b = layout!(({n}, 8, (2, 2)):(8, 1, (64, 128)))?;
        assert_eq!(b.flatten().to_dynamic(), b.to_dynamic().flatten());
        let t = Tensor::new(cute_static::tensor::Counting, b)?;
        let f = t.flatten();
        assert_eq!(f.layout().to_dynamic(), b.to_dynamic().flatten());
        for i in 0..(8 * 4 * n) {
            assert_eq!(f.read(i)?, t.read(i)?);
        }
    }
    Ok(())
}

/// `group_modes::<B, E>()` of mixed layouts and tensors equals
/// cute-dynamic's `Layout::group_modes(B, E)`, for every `B < E ≤ 4`.
#[test]
fn mixed_group_modes_matches_cute_dynamic() -> Result<(), Box<dyn std::error::Error>> {
    let n = 3;
    let a = layout!((2, {n}, (4, 2), 5):(1, 2, (6, {n}), 48))?;
    let d = a.to_dynamic();
    macro_rules! each {
        ($(($b:literal, $e:literal)),+) => {$(
            assert_eq!(a.group_modes::<$b, $e>().to_dynamic(), d.group_modes($b, $e)?, "<{}, {}>", $b, $e);
            let t = Tensor::new(cute_static::tensor::Counting, a)?;
            let g = t.group_modes::<$b, $e>();
            assert_eq!(g.layout().to_dynamic(), d.group_modes($b, $e)?);
            for i in 0..(2 * n * 8 * 5) {
                assert_eq!(g.read(i)?, t.read(i)?);
            }
        )+};
    }
    each!(
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4)
    );
    // Static tensors too.
    let s = Tensor::new(cute_static::tensor::Counting, layout!((2, 3, 4):(1, 2, 6)))?;
    let g = s.group_modes::<1, 3>();
    assert_eq!(
        g.layout().to_dynamic(),
        layout!((2, 3, 4):(1, 2, 6))
            .to_dynamic()
            .group_modes(1, 3)?
    );
    Ok(())
}
