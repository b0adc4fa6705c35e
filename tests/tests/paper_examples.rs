//! The worked examples of the Cecka paper (§2.4.1, §2.5.1, §3.2-3.5) and the
//! Shah counterexample. Where the paper writes a different but equivalent
//! layout than CuTe computes (docs/semantics/differences-from-cute.md#errata-in-the-sources lists the wrong examples),
//! the CuTe answer is asserted and the paper's answer is checked to be the
//! same function on the domain, or the disagreement is explained.

use cute_dynamic::{
    Layout, Tiler, coalesce, coalesce_by, complement, complement_default, composition,
    left_inverse, logical_divide, logical_product, right_inverse,
};
use cute_tools::apply;

fn l(s: &str) -> Layout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn same_on_domain(a: &Layout, b: &Layout) -> bool {
    a.size() == b.size() && (0..a.size()).all(|i| a.call(i) == b.call(i))
}

#[test]
fn evaluation_2_4_1() {
    let a = l("((2,2),(4,2)):((1,8),(2,16))");
    for c in ["22", "(2,5)", "((0,1),(1,1))"] {
        assert_eq!(a.call_coord(&c.parse().unwrap()).unwrap(), 26, "{c}");
    }
    assert_eq!(a.call(22), 26);
}

#[test]
fn slicing_2_5_1() {
    let a = l("((3,2),((2,3),2)):((4,1),((2,15),100))");
    let cases = [
        ("(2,_)", 8, "(((2,3),2)):(((2,15),100))"),
        ("(_,5)", 32, "((3,2)):((4,1))"),
        ("(2,((0,_),_))", 8, "(3,2):(15,100)"),
        ("((1,_),((_,0),_))", 4, "(2,2,2):(1,2,100)"),
    ];
    for (c, off, sub) in cases {
        let (r, o) = a.slice(&c.parse().unwrap()).unwrap();
        assert_eq!((o, r.to_string().as_str()), (off, sub), "{c}");
    }
}

#[test]
fn coalesce_3_2() {
    assert_eq!(coalesce(&l("(2,(1,6)):(1,(6,2))")).to_string(), "12:1");
    let by = coalesce_by(&l("(2,(1,6)):(1,(6,2))"), &"(1,1)".parse().unwrap()).unwrap();
    assert_eq!(by.to_string(), "(2,6):(1,2)");
    assert_eq!(
        coalesce(&l("((4,3),5):((15,1),3)")).to_string(),
        "(4,15):(15,1)"
    );
    let by = coalesce_by(&l("((4,3),5):((15,1),3)"), &"(1,1)".parse().unwrap()).unwrap();
    assert_eq!(by.to_string(), "((4,3),5):((15,1),3)");
}

#[test]
fn composition_3_3() {
    let c = |a: &str, b: &str| apply("composition", &[a, b]);
    // Associativity example.
    assert_eq!(c("(5,3):(1,7)", "2:5").unwrap(), "2:7");
    assert_eq!(c("4:1", "2:5").unwrap(), "2:5");
    assert_eq!(c("7:11", "3:4").unwrap(), "3:44");
    assert_eq!(c("7:11", "(3,5):(6,3)").unwrap(), "(3,5):(66,33)");
    assert_eq!(c("(4,6,8,10):(2,3,5,7)", "6:12").unwrap(), "(2,3):(9,5)");
    assert_eq!(c("(4,2,8):(3,12,97)", "3:3").unwrap(), "3:9");
    // Divisibility failures.
    assert_eq!(
        composition(&l("(4,6,8):(2,3,5)"), &l("6:3"))
            .unwrap_err()
            .kind(),
        "stride_divisibility"
    );
    assert_eq!(
        composition(&l("(4,6,8):(2,3,5)"), &l("6:1"))
            .unwrap_err()
            .kind(),
        "shape_divisibility"
    );
    assert!(composition(&l("(4,2,8):(3,12,97)"), &l("4:3")).is_err());
    assert!(composition(&l("(4,2,8):(3,15,97)"), &l("3:3")).is_err());
    // By-mode composition with a tiler.
    let t: Tiler = "<4:1,8:2>".parse().unwrap();
    assert_eq!(
        composition(&l("(8,16):(20,1)"), &t).unwrap().to_string(),
        "(4,8):(20,2)"
    );
}

#[test]
fn table_4_thread_value_partitioning() {
    let tv = l("((4,8),2):((16,1),8)");
    let rows = [
        ("(8,8):(1,8)", "((4,8),2):((16,1),8)"),
        ("(8,8):(8,1)", "((4,8),2):((2,8),1)"),
        ("(8,8):(1,9)", "((4,8),2):((18,1),9)"),
        (
            "((4,2),(2,4)):((2,16),(1,8))",
            "((4,(4,2)),2):((8,(2,16)),1)",
        ),
    ];
    for (a, want) in rows {
        assert_eq!(composition(&l(a), &tv).unwrap().to_string(), want, "{a}");
    }
}

#[test]
fn shah_counterexample_is_rejected() {
    let e = composition(&l("(6,2):(1,7)"), &l("(3,2):(2,3)")).unwrap_err();
    assert_eq!(e.kind(), "carry");
    // The overlapping-but-carry-free case is accepted.
    assert_eq!(
        composition(&l("(4,2):(1,10)"), &l("(2,2):(1,1)"))
            .unwrap()
            .to_string(),
        "(2,2):(1,1)"
    );
}

#[test]
fn table_5_right_inverses() {
    let rows = [
        ("(4,8):(1,4)", "32:1"),
        ("(4,8):(8,1)", "(8,4):(4,1)"),
        ("(3,7,5):(5,15,1)", "(5,21):(21,1)"),
        ("(4,8):(1,5)", "4:1"),
        ("(4,(4,2)):(4,(1,16))", "(4,4,2):(4,1,16)"),
        ("((2,2),(4,2)):((1,8),(2,16))", "(2,4,2,2):(1,4,2,16)"),
        // The paper prints (2,2):(4,8), which is not maximal: the image is
        // [0,8), and (2,4):(2,8) inverts all of it (CuTe's answer).
        ("((2,2),(2,4)):((0,1),(0,2))", "(2,4):(2,8)"),
        ("((2,2),(2,4)):((0,2),(0,4))", "1:0"),
    ];
    for (a, want) in rows {
        let r = right_inverse(&l(a)).unwrap();
        assert_eq!(r.to_string(), want, "{a}");
        let la = l(a);
        assert!((0..r.size()).all(|i| la.call(r.call(i)) == i));
    }
}

#[test]
fn table_6_left_inverses() {
    let rows = [
        ("(4,8):(1,4)", "32:1"),
        ("(4,8):(8,1)", "(8,4):(4,1)"),
        ("(3,7,5):(5,15,1)", "(5,21):(21,1)"),
        ("(4,8):(1,5)", "(5,8):(1,4)"),
        ("(4,(4,2)):(4,(1,16))", "(4,4,2):(4,1,16)"),
        ("((2,2),(4,2)):((1,8),(2,16))", "(2,4,2,2):(1,4,2,16)"),
        ("((2,2),(2,4)):((0,2),(0,4))", "(2,2,4):(0,2,8)"),
        // The paper prints (2,2):(4,8); CuTe's (2,4):(2,8) also satisfies the
        // quasi-inverse property on every element.
        ("((2,2),(2,4)):((0,1),(0,2))", "(2,4):(2,8)"),
    ];
    for (a, want) in rows {
        let r = left_inverse(&l(a)).unwrap();
        assert_eq!(r.to_string(), want, "{a}");
        let la = l(a);
        assert!((0..la.size()).all(|i| la.call(r.call(la.call(i))) == la.call(i)));
    }
}

#[test]
fn table_7_complements() {
    // The paper writes 1:32 where CuTe's coalesce drops the size-1 mode.
    for a in ["(4,8):(1,4)", "(4,8):(8,1)", "(4,(4,2)):(4,(1,16))"] {
        assert_eq!(complement_default(&l(a)).unwrap().to_string(), "1:0", "{a}");
    }
    // (4,8):(1,5) has cosize 40: the complement is the rest mode 1:40 → 1:0.
    assert_eq!(
        complement_default(&l("(4,8):(1,5)")).unwrap().to_string(),
        "1:0"
    );
    // The paper's (2,1):(4,64) and CuTe's 2:4 agree on the domain.
    let c = complement_default(&l("(4,8):(1,8)")).unwrap();
    assert_eq!(c.to_string(), "2:4");
    assert!(same_on_domain(&c, &l("(2,1):(4,64)")));
    assert_eq!(
        complement_default(&l("((2,2),(2,4)):((0,1),(0,2))"))
            .unwrap()
            .to_string(),
        "1:0"
    );
    let c = complement_default(&l("((2,2),(2,4)):((0,2),(0,4))")).unwrap();
    assert_eq!(c.to_string(), "2:1");
    assert!(same_on_domain(&c, &l("(2,1):(1,16)")));
    // docs/semantics/differences-from-cute.md#errata-in-the-sources: the descriptor text's complement example is wrong.
    assert_eq!(
        complement(&l("4:32"), 256).unwrap().to_string(),
        "(32,2):(1,128)"
    );
}

#[test]
fn products_and_divides_3_5() {
    let p = logical_product(&l("(3,4):(4,1)"), &l("(2,5):(1,2)")).unwrap();
    assert_eq!(p.to_string(), "((3,4),(2,5)):((4,1),(12,24))");
    let p = logical_product(&l("(4,8):(20,2)"), &l("(3,2):(2,1)")).unwrap();
    assert_eq!(p.to_string(), "((4,8),(3,2)):((20,2),(80,1))");
    // docs/semantics/differences-from-cute.md#errata-in-the-sources: logical_product(128:1, 4:32) = (128:1, 4:4096).
    let p = logical_product(&l("128:1"), &l("4:32")).unwrap();
    assert_eq!(p.to_string(), "(128,4):(1,4096)");
    // Blocked and raked products of the §3.5.1 example.
    assert_eq!(
        apply("blocked_product", &["(3,4):(4,1)", "(2,5):(1,2)"]).unwrap(),
        "((3,2),(4,5)):((4,12),(1,24))"
    );
    assert_eq!(
        apply("raked_product", &["(3,4):(4,1)", "(2,5):(1,2)"]).unwrap(),
        "((2,3),(5,4)):((12,4),(24,1))"
    );
    // Divides: A ⊘ B = A ∘ (B, complement(B, |A|)).
    for (a, b, want) in [
        ("24:1", "8:1", "(8,3):(1,8)"),
        // The rest mode rounds up: complement(3:3, 24) = (3,3):(1,9).
        ("24:1", "3:3", "(3,(3,3)):(3,(1,9))"),
        ("48:1", "32:1", "(32,2):(1,32)"),
    ] {
        assert_eq!(
            logical_divide(&l(a), &l(b)).unwrap().to_string(),
            want,
            "{a} / {b}"
        );
    }
    let t: Tiler = "<4:1,8:2>".parse().unwrap();
    let d = logical_divide(&l("(8,16):(20,1)"), &t).unwrap();
    assert_eq!(d.to_string(), "((4,2),(8,2)):((20,80),(2,1))");
}

#[test]
fn negative_strides_and_edge_cases() {
    // docs/semantics/algebra.md#composition: CuTe walks with |stride| and carries the sign.
    let r = composition(&l("(1,(2,4)):(0,(-1,512))"), &l("4:-1")).unwrap();
    assert_eq!(r.to_string(), "(2,2):(1,-512)");
    // The empty layout behaves as the constant 0.
    assert_eq!(apply("composition", &["():()", "4:1"]).unwrap(), "4:0");
    assert_eq!(apply("coalesce", &["():()"]).unwrap(), "1:0");
    assert_eq!(apply("right_inverse", &["():()"]).unwrap(), "1:0");
    // Overflow is an error, never a wrap.
    let big = "(4194304,4194304):(1,4194304)";
    assert_eq!(
        apply("cosize", &[big]).unwrap(),
        (4194304i64 * 4194304).to_string()
    );
    assert_eq!(
        apply("logical_product", &[big, "(4194304,4194304):(1,4194304)"])
            .unwrap_err()
            .kind(),
        "overflow"
    );
    assert_eq!(
        apply("complement", &["4:4611686018427387904", "8"])
            .unwrap_err()
            .kind(),
        "overflow"
    );
    assert_eq!(
        apply("cosize", &["(3,2):(4611686018427387904,1)"])
            .unwrap_err()
            .kind(),
        "overflow"
    );
    assert_eq!(
        apply("size", &["(4294967296,4294967296)"])
            .unwrap_err()
            .kind(),
        "parse"
    );
}
