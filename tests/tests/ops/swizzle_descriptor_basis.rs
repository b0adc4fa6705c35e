//! Swizzles, the descriptor grammar (docs/semantics/objects.md#swizzles, #descriptor-grammar) and coordinate
//! layouts with basis strides (Cecka Tables 4-7, predication).

use cute_dynamic::{
    CoordLayout, Descriptor, IntTuple, Layout, SmemSwizzle, Swizzle, Tiler, bank_conflicts,
    coord_complement, coord_left_inverse, coord_right_inverse, gmma_k_atom, idx2crd,
    make_identity_layout, make_identity_tensor,
};
use cute_tools::apply;
use proptest::prelude::*;

#[test]
fn swizzle_is_a_bijective_involution_on_its_period() {
    let mut checked = 0;
    for b in 0..=3u32 {
        for m in 0..=4u32 {
            for s in -5i32..=5 {
                let Ok(sw) = Swizzle::new(b, m, s) else {
                    assert!(s.unsigned_abs() < b);
                    continue;
                };
                let n = sw.period();
                assert_eq!(n, 1 << (b + m + s.unsigned_abs()));
                // An involution on every aligned block of the period.
                assert_eq!(cute_tools::laws::check_swizzle(&sw), Ok(()));
                checked += 1;
            }
        }
    }
    assert!(checked > 50);
}

#[test]
fn swizzle_isl_table() {
    let sw = Swizzle::new(1, 2, 1).unwrap();
    for c in 0..16i64 {
        assert_eq!(sw.apply(c), c - c % 8 + (c + 4 * (c / 8)) % 8, "c = {c}");
        assert_eq!(
            apply("swizzle", &["1,2,1", &c.to_string()]).unwrap(),
            sw.apply(c).to_string()
        );
    }
}

#[test]
fn swizzle_formula_golden() {
    let sw = Swizzle::new(3, 4, 3).unwrap();
    assert_eq!(sw.read_mask(), 0b11_1000_0000);
    assert_eq!(sw.write_mask(), 0b111_0000);
    // row r of 128-byte rows XORs its 16-byte chunk index with r mod 8
    for r in 0..16i64 {
        for chunk in 0..8i64 {
            let x = 128 * r + 16 * chunk + 5;
            assert_eq!(sw.apply(x), 128 * r + 16 * (chunk ^ (r % 8)) + 5);
        }
    }
    assert_eq!(
        apply("swizzle", &["3,4,3", "1,2"]).unwrap_err().kind(),
        "parse"
    );
    assert_eq!(
        apply("swizzle", &["3,4,2", "0"]).unwrap_err().kind(),
        "invalid_swizzle"
    );
}

/// Byte addresses of one warp reading a K-major 16-bit tile with 16-byte
/// vectors (`ldmatrix`-like): thread `t` reads row `t mod 8` (plus 8 per
/// quarter warp), chunk `c` of 8 halves.
fn warp_rows(atom: &dyn Fn(i64) -> i64, chunk: i64) -> Vec<i64> {
    (0..32)
        .map(|t| {
            let row = t % 8;
            let ch = (chunk + t / 8) % 8;
            2 * atom(row + 8 * (8 * ch)) // coordinate (row, 8·ch) of (8,64), in bytes
        })
        .collect()
}

#[test]
fn sw128_atom_has_no_bank_conflicts_where_the_plain_tile_has_many() {
    let swizzled = gmma_k_atom(SmemSwizzle::B128, 2).unwrap();
    assert_eq!(swizzled.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
    let plain: Layout = "(8,64):(64,1)".parse().unwrap();
    for chunk in 0..8 {
        let sw = bank_conflicts(&warp_rows(&|i| swizzled.call(i), chunk), 16).unwrap();
        let pl = bank_conflicts(&warp_rows(&|i| plain.call(i), chunk), 16).unwrap();
        assert_eq!((sw.wavefronts, sw.conflicts()), (4, 0), "chunk {chunk}");
        assert_eq!((pl.wavefronts, pl.conflicts()), (32, 28), "chunk {chunk}");
    }
    // 4-byte accesses down the first 16-byte column: thread t reads the half
    // pair at (row t mod 8, col 2·(t/8)).
    let column = |f: &dyn Fn(i64) -> i64| -> Vec<i64> {
        (0..32)
            .map(|t| 2 * f((t % 8) + 8 * (2 * (t / 8))))
            .collect()
    };
    assert_eq!(
        bank_conflicts(&column(&|i| swizzled.call(i)), 4)
            .unwrap()
            .conflicts(),
        0
    );
    assert_eq!(
        bank_conflicts(&column(&|i| plain.call(i)), 4)
            .unwrap()
            .conflicts(),
        7
    );
}

#[test]
fn gmma_atoms_are_permutations_of_their_tiles() {
    for (mode, text) in [
        (SmemSwizzle::Interleave, "Sw<0,3,3> o 0 o (8,8):(8,1)"),
        (SmemSwizzle::B32, "Sw<1,3,3> o 0 o (8,16):(16,1)"),
        (SmemSwizzle::B64, "Sw<2,3,3> o 0 o (8,32):(32,1)"),
        (SmemSwizzle::B128, "Sw<3,3,3> o 0 o (8,64):(64,1)"),
    ] {
        let atom = gmma_k_atom(mode, 2).unwrap();
        assert_eq!(atom.to_string(), text);
        let n = atom.size();
        let mut seen = vec![false; n as usize];
        for i in 0..n {
            let o = atom.call(i);
            assert!(!seen[o as usize]);
            seen[o as usize] = true;
            assert_eq!(2 * o, mode.byte_swizzle().apply(2 * atom.layout().call(i)));
        }
    }
    assert_eq!(
        gmma_k_atom(SmemSwizzle::B128, 3).unwrap_err().kind(),
        "unsupported"
    );
}

#[test]
fn bank_conflicts_broadcast_and_errors() {
    assert_eq!(bank_conflicts(&[0; 32], 4).unwrap().wavefronts, 1);
    assert_eq!(bank_conflicts(&[2], 4).unwrap_err().kind(), "unsupported");
    assert_eq!(bank_conflicts(&[0], 12).unwrap_err().kind(), "unsupported");
}

// ---------------------------------------------------------------- descriptor

fn descriptor_text() -> impl Strategy<Value = String> {
    let ws = prop::sample::select(vec!["", " ", "\t", "  "]);
    let basis = (
        -20i64..20,
        prop::sample::select(vec![1i64, 1, 2, -3]),
        prop::collection::vec(0u32..4, 1..3),
        ws.clone(),
        ws.clone(),
    )
        .prop_map(|(k, den, dims, w1, w2)| {
            let count = if den == 1 {
                k.to_string()
            } else {
                format!("{}/{den}", k * den)
            };
            let dims: Vec<String> = dims.iter().map(|d| format!("{w1}@{w2}{d}")).collect();
            format!("{count}{}", dims.concat())
        });
    let leaf = basis.boxed();
    let tree = leaf.prop_recursive(4, 24, 4, move |inner| {
        (prop::collection::vec(inner, 0..4), ws.clone())
            .prop_map(|(v, w)| format!("({w}{}{w})", v.join(&format!("{w},{w}"))))
    });
    (
        prop::collection::vec(tree, 0..4),
        prop::sample::select(vec!["", " ", "\t"]),
    )
        .prop_map(|(v, w)| format!("{w}({}){w}", v.join(",")))
}

proptest! {
    /// `parse(print(parse(s))) == parse(s)`, and printing is a fixed point.
    #[test]
    fn descriptor_round_trip(text in descriptor_text()) {
        let first = Descriptor::parse(&text).unwrap();
        let printed = first.to_string();
        let second = Descriptor::parse(&printed).unwrap();
        prop_assert_eq!(&second, &first);
        prop_assert_eq!(second.to_string(), printed.clone());
        prop_assert_eq!(apply("descriptor", &[&text]).unwrap(), printed);
    }

    /// Arbitrary text never panics: it parses or gives a positioned error.
    #[test]
    fn descriptor_never_panics(text in "[()@,/ 0-9\\-\t]{0,40}") {
        match Descriptor::parse(&text) {
            Ok(d) => prop_assert_eq!(Descriptor::parse(&d.to_string()).unwrap(), d),
            Err(e) => prop_assert!(
                ["parse", "zero_denominator", "non_integral_count", "overflow"].contains(&e.kind()),
                "{e}"
            ),
        }
    }
}

#[test]
fn descriptor_examples_and_diagnostics() {
    let d = Descriptor::parse("((1@0, 8@1), 1@2)").unwrap();
    assert_eq!(d.to_string(), "((1@0,8@1),1@2)");
    assert_eq!(d.entries().len(), 2);
    let e = Descriptor::parse("(1/2@0, 4@1)").unwrap_err();
    assert_eq!(
        e.to_string(),
        "descriptor count 1/2 at byte 1 is not an integer after normalisation"
    );
    let e = Descriptor::parse("(1@0, x)").unwrap_err();
    assert_eq!(
        e.to_string(),
        "parse error at byte 6: expected an integer count or '(', found 'x'"
    );
    let deep = format!("{}1@0{}", "(".repeat(70), ")".repeat(70));
    assert_eq!(Descriptor::parse(&deep).unwrap_err().kind(), "parse");
    let ok = format!("{}1@0{}", "(".repeat(60), ")".repeat(60));
    assert!(Descriptor::parse(&ok).is_ok());
}

// ---------------------------------------------------------------- coordinates

fn cl(s: &str) -> CoordLayout {
    s.parse().unwrap()
}

/// The coordinate value of `l` at `i` as a flat vector (dimension by dimension).
fn value(l: &CoordLayout, i: i64) -> Vec<i64> {
    l.call(i).unwrap().leaves().collect()
}

#[test]
fn coordinate_layouts_of_cecka_table_1_and_spec() {
    let l = cl("(4,(4,2)):(1@1,(1@0,6@1))");
    for i in 0..4 {
        for j in 0..4 {
            for k in 0..2 {
                let c: IntTuple = format!("({i},({j},{k}))").parse().unwrap();
                assert_eq!(
                    l.call_coord(&c).unwrap().to_string(),
                    format!("({j},{})", i + 6 * k)
                );
            }
        }
    }
    let id = cl("(4,8):(1@0,1@1)");
    assert_eq!(id, make_identity_layout(&"(4,8)".parse().unwrap()).unwrap());
    for i in 0..32 {
        assert_eq!(id.call(i).unwrap(), idx2crd(i, id.shape()));
    }
    assert_eq!(cl("8:3@1@0").call(2).unwrap().to_string(), "((0,6))");
}

#[test]
fn table_4_coordinate_row() {
    let tv: Layout = "((4,8),2):((16,1),8)".parse().unwrap();
    let a = cl("(8,8):(1@0,1@1)");
    let r = a.compose(&tv).unwrap();
    assert_eq!(r.to_string(), "((4,8),2):((2@1,1@0),1@1)");
    for i in 0..64 {
        assert_eq!(value(&r, i), value(&a, tv.call(i)));
    }
}

#[test]
fn tables_5_to_7_coordinate_rows() {
    // Table 5 (right inverses) and Table 6 (left inverses): exact rows.
    let id = cl("(4,8):(1@0,1@1)");
    let l = cl("(4,(4,2)):(1@1,(1@0,6@1))");
    assert_eq!(coord_right_inverse(&id).unwrap().to_string(), "(4,8):(1,4)");
    assert_eq!(coord_right_inverse(&l).unwrap().to_string(), "(4,4):(4,1)");
    assert_eq!(coord_left_inverse(&id).unwrap().to_string(), "(4,8):(1,4)");
    assert_eq!(
        coord_left_inverse(&l).unwrap().to_string(),
        "(4,(6,2)):(4,(1,16))"
    );
    for (layout, right) in [
        (&id, coord_right_inverse(&id)),
        (&l, coord_right_inverse(&l)),
    ] {
        let right = right.unwrap();
        for c in 0..right.size() {
            let crd = idx2crd(c, right.shape());
            let back: Vec<i64> = layout.call(right.call(c)).unwrap().leaves().collect();
            assert_eq!(
                back,
                crd.leaves().collect::<Vec<_>>(),
                "L(R(c)) for {layout}"
            );
        }
    }
    for layout in [&id, &l] {
        let left = coord_left_inverse(layout).unwrap();
        for i in 0..layout.size() {
            assert_eq!(
                left.call_coord(&layout.call(i).unwrap()).unwrap(),
                i,
                "R(L(i)) for {layout}"
            );
        }
    }
    // Table 7 (complements). The paper prints (1,1):(4e0,4e1) for the identity,
    // but 4e1 = (0,4) is in the image of (4,8):(e0,e1), violating its own eq. 28;
    // per dimension the complement is (1,1):(4@0,8@1) in exact arithmetic and,
    // with CuTe's coalescing of the size-1 result, (1,1):(0,0).
    let c = coord_complement(&id, None).unwrap();
    assert_eq!(c.to_string(), "(1,1):(0,0)");
    // Row 2: the paper's (1,(3,1)):(4e0,(4e1,24e1)); CuTe's coalesce drops the
    // trailing size-1 modes: (1,3):(0,4@1), the same function on the domain.
    let l12 = cl("(4,(4,2)):(1@1,(1@0,12@1))");
    let c = coord_complement(&l12, None).unwrap();
    assert_eq!(c.to_string(), "(1,3):(0,4@1)");
    let paper = cl("(1,(3,1)):(4@0,(4@1,24@1))");
    let image: Vec<Vec<i64>> = (0..l12.size()).map(|i| value(&l12, i)).collect();
    for a in 0..3 {
        assert_eq!(value(&c, a), value(&paper, a));
        if a > 0 {
            assert!(!image.contains(&value(&c, a)), "disjoint images");
            assert!(value(&c, a)[1] > value(&c, a - 1)[1], "ordered image");
        }
    }
    // With an explicit codomain extent the complement extends: (4, 32) → mode 1 is (3,2).
    let c = coord_complement(&l12, Some(&"(4,48)".parse().unwrap())).unwrap();
    assert_eq!(c.to_string(), "(1,(3,2)):(0,(4@1,24@1))");
}

#[test]
fn identity_tensor_predicates_a_partial_tile() {
    // A 10×13 matrix tiled by 4×8: the last tiles are partially full.
    let (m, n) = (10i64, 13i64);
    let id = make_identity_tensor(&IntTuple::flat([m, n])).unwrap();
    let tiler: Tiler = "(4,8)".parse().unwrap();
    let mut inside = 0;
    for bm in 0..3 {
        for bn in 0..2 {
            let tile = id
                .clone()
                .local_tile(&tiler, &IntTuple::flat([bm, bn]))
                .unwrap();
            assert_eq!(tile.shape().to_string(), "(4,8)");
            for i in 0..tile.size() {
                let c: Vec<i64> = tile.at(i).unwrap().leaves().collect();
                let (r, q) = (i % 4, i / 4);
                assert_eq!(c, vec![4 * bm + r, 8 * bn + q]);
                let pred = c[0] < m && c[1] < n;
                inside += i64::from(pred);
            }
            if (bm, bn) == (2, 1) {
                let mask: Vec<bool> = (0..32)
                    .map(|i| {
                        let c: Vec<i64> = tile.at(i).unwrap().leaves().collect();
                        c[0] < m && c[1] < n
                    })
                    .collect();
                assert_eq!(mask.iter().filter(|&&b| b).count(), 2 * 5);
            }
        }
    }
    assert_eq!(inside, m * n);
}

fn coord_layout_strategy() -> impl Strategy<Value = CoordLayout> {
    proptest::collection::vec((1i64..5, -3i64..4, 0u32..2), 1..4).prop_map(|modes| {
        let text = format!(
            "({}):({})",
            modes
                .iter()
                .map(|m| m.0.to_string())
                .collect::<Vec<_>>()
                .join(","),
            modes
                .iter()
                .map(|m| format!("{}@{}", m.1, m.2))
                .collect::<Vec<_>>()
                .join(",")
        );
        text.parse().unwrap()
    })
}

fn data_layout_strategy() -> impl Strategy<Value = Layout> {
    crate::support::flat_layout(0..9, 1..3)
}

proptest! {
    /// `(A ∘ B)(i) == A(B(i))` whenever the coordinate composition succeeds,
    /// and it succeeds exactly when the integer composition of the same
    /// shapes does.
    #[test]
    fn coordinate_composition_brute_force(a in coord_layout_strategy(), b in data_layout_strategy()) {
        if let Ok(r) = a.compose(&b) {
            prop_assert_eq!(r.size(), b.size());
            // Coordinate tuples compare with implicit trailing zeros (a
            // result may name fewer codomain dimensions than `a`).
            let pad = |mut v: Vec<i64>| { v.resize(4, 0); v };
            for i in 0..b.size() {
                let got = pad(r.call(i).unwrap().leaves().collect());
                let want = pad(a.call(b.call(i)).unwrap().leaves().collect());
                prop_assert_eq!(got, want, "{} o {} = {}", a, b, r);
            }
        }
    }
}
