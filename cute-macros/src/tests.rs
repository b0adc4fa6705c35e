//! The macro's own grammar and rules against cute-dynamic's parser, the
//! workspace's reference for CuTe notation: the same texts are accepted,
//! and they mean the same layout (canonical text with the compact stride
//! written out) or tiler.

use std::str::FromStr;

use proc_macro2::TokenStream;

use crate::expand::dynamic_text;
use crate::parse::{self, Errors, Scan, TilerLit, scan_decimal};
use crate::validate::{self, Target, compact_strides};

fn tokens(text: &str) -> TokenStream {
    TokenStream::from_str(text).expect("the corpus tokenizes")
}

/// The macro's reading of `text` for `dlayout!`: canonical text or errors.
fn dynamic_layout(text: &str) -> Result<String, syn::Error> {
    let mut errors = Errors::default();
    let lit = parse::layout(tokens(text), &mut errors);
    if let Some(l) = &lit {
        validate::layout(l, Target::Dynamic, &mut errors);
    }
    errors.finish()?;
    Ok(dynamic_text(&lit.expect("no error, so a literal")))
}

fn tiler_text(t: &TilerLit) -> String {
    fn shape(n: &parse::Node) -> String {
        match &n.tree {
            parse::Tree::Tuple(kids) => {
                let kids: Vec<_> = kids.iter().map(shape).collect();
                format!("<{}>", kids.join(","))
            }
            _ => n.to_string(),
        }
    }
    match t {
        TilerLit::Modes(modes, _) => {
            let modes: Vec<_> = modes.iter().map(tiler_text).collect();
            format!("<{}>", modes.join(","))
        }
        TilerLit::Layout(l) => dynamic_text(l),
        TilerLit::Shape(n) => shape(n),
        TilerLit::Hole => "_".into(),
    }
}

/// The macro's reading of `text` for `tiler!`.
fn static_tiler(text: &str) -> Result<String, syn::Error> {
    let mut errors = Errors::default();
    let lit = parse::tiler(tokens(text), &mut errors);
    if let Some(t) = &lit {
        validate::tiler(t, &mut errors);
    }
    errors.finish()?;
    Ok(tiler_text(&lit.expect("no error, so a literal")))
}

/// Whether both readings of `text` accept it (then with the same canonical
/// text); panics when one accepts and the other rejects.
fn agree<T: std::fmt::Display + std::fmt::Debug, E: std::fmt::Debug>(
    text: &str,
    ours: Result<String, syn::Error>,
    theirs: Result<T, E>,
) -> bool {
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, &b.to_string(), "{text}");
            true
        }
        (Err(_), Err(_)) => false,
        _ => panic!("{text}: macro {ours:?}, cute-dynamic {theirs:?}"),
    }
}

fn nested(depth: usize) -> String {
    format!("{}1{}", "(".repeat(depth), ")".repeat(depth))
}

#[test]
fn layouts_agree_with_cute_dynamic() {
    let mut corpus: Vec<String> = [
        "8:2",
        "8",
        "1",
        "(1)",
        "()",
        "():()",
        "(4,8):(1,4)",
        "((2,2),(4,2)):((1,8),(2,16))",
        "(4):(1)",
        "(3,2):(0,-7)",
        "_4:_1",
        "( _4 , _8 ) : ( _1 , _4 )",
        "(4,1,8)",
        "(1,4)",
        "(4,1)",
        "((1,1),4)",
        "(4,(1,3),1)",
        "((((1))))",
        "(2147483648,2147483648)",
        "4:-9223372036854775808",
        "4:_-4",
        // Errors.
        "(4,8):(1)",
        "(4,8):(1,(4,2))",
        "(4,(8,2)):(1,4)",
        "(4,0)",
        "(4,-1)",
        "(4,x)",
        "x",
        "-_4",
        "_-4",
        "99999999999999999999",
        "4:99999999999999999999",
        "4:1 junk",
        "(4,)",
        "(,4)",
        "(4 8)",
        "4:",
        ":4",
        "(4,8)(1,4)",
        "(4294967296,4294967296)",
        "(4, , 8):(1, 4)",
        "0x10",
        "1_000",
        "4u8",
        "[4]",
        "{}",
    ]
    .map(String::from)
    .to_vec();
    corpus.extend([
        nested(64),
        nested(65),
        format!("{}:{}", nested(64), nested(65)),
    ]);
    let accepted = corpus
        .iter()
        .filter(|text| agree(text, dynamic_layout(text), cute_dynamic::parse_layout(text)))
        .count();
    assert_eq!(accepted, 22);
    assert_eq!(cute_core::limits::MAX_DEPTH, cute_dynamic::MAX_DEPTH);
}

#[test]
fn tilers_agree_with_cute_dynamic() {
    let corpus = [
        "<4:1,8:2>",
        "(1,2)",
        "3:2",
        "4",
        "<<2,2>,4:1>",
        "<>",
        "(16)",
        "<(7):(1)>",
        "(7,7,1):(1,1,1)",
        "<4:1,(2,2)>",
        "<(2,4):(1,8), 4:2>",
        "((2,14),16):((6,9),24)",
        // Errors.
        "<4:1 8:2>",
        "<4:1,",
        "<4:1,8:2",
        "<(4,0)>",
        "(4,8):(1)",
        "<4:1>>",
    ];
    let accepted = corpus
        .iter()
        .filter(|text| agree(text, static_tiler(text), cute_dynamic::parse_tiler(text)))
        .count();
    assert_eq!(accepted, 12);
    // `_` modes: the grammar is cute-dynamic's (`_4` and `_-4` are
    // integers, `_` alone a mode), and static tilers read them as it does.
    for text in ["<_,2>", "_", "<4:1,<_,_>>", "<(2,2),_>"] {
        let ours = static_tiler(text).expect(text);
        let theirs = cute_dynamic::parse_tiler(text).expect(text).to_string();
        assert_eq!(ours, theirs, "{text}");
    }
    // `__` (the Rust name of `cute_static::tensor::__`) is the same mode.
    assert_eq!(static_tiler("<__, 2>").ok().as_deref(), Some("<_,2>"));
    assert_eq!(static_tiler("<_4,_2>").ok().as_deref(), Some("<4,2>"));
    // `_ -4` is the integer -4 (a non-positive tile), not a `_` mode.
    let e = static_tiler("<_ -4>")
        .expect_err("negative tile")
        .to_string();
    assert_eq!(e, "expected a positive shape, found -4");
}

#[test]
fn errors_are_combined() {
    let mut errors = Errors::default();
    let lit = parse::layout(
        tokens("(4, 0, 8):(1, 4, -9223372036854775808)"),
        &mut errors,
    );
    validate::layout(&lit.expect("parses"), Target::Static, &mut errors);
    let messages: Vec<String> = errors
        .finish()
        .expect_err("two errors")
        .into_iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        messages,
        [
            "expected a positive shape, found 0",
            "a static negative stride is at least -(2^63 - 1), found -9223372036854775808 (its magnitude 2^63 is not a static integer)",
        ]
    );
    // A malformed item does not stop the others from being checked.
    let mut errors = Errors::default();
    let lit = parse::layout(tokens("((4, , 8), 0, -1500)"), &mut errors);
    validate::layout(&lit.expect("parses"), Target::Static, &mut errors);
    assert_eq!(
        errors
            .finish()
            .expect_err("three errors")
            .into_iter()
            .count(),
        3
    );
}

#[test]
fn compact_strides_give_size_one_modes_stride_zero() {
    let strides = |text: &str| {
        let mut errors = Errors::default();
        let lit = parse::layout(tokens(text), &mut errors).expect("parses");
        compact_strides(&lit.shape)
            .into_iter()
            .map(|p| (p.factor, p.dyns))
            .collect::<Vec<_>>()
    };
    assert_eq!(strides("(1,{m})"), [(0, vec![]), (1, vec![])]);
    assert_eq!(
        strides("(2,1,{m})"),
        [(1, vec![]), (0, vec![]), (2, vec![])]
    );
    assert_eq!(
        strides("({m},1,4,{n})"),
        [(1, vec![]), (0, vec![]), (1, vec![0]), (4, vec![0])]
    );
}

#[test]
fn the_scanner_reads_i64() {
    assert_eq!(
        scan_decimal(b"9223372036854775807", false),
        Scan::Value(i64::MAX)
    );
    assert_eq!(
        scan_decimal(b"9223372036854775808", true),
        Scan::Value(i64::MIN)
    );
    assert_eq!(scan_decimal(b"9223372036854775808", false), Scan::Overflow);
    assert_eq!(scan_decimal(b"", false), Scan::NotDecimal);
    assert_eq!(scan_decimal(b"1_0", false), Scan::NotDecimal);
}

/// The swizzle prefix agrees with cute-dynamic's `SwizzledLayout` parser:
/// the same literals are accepted (the swizzle, the offset and the inner
/// layout the same), and the swizzle rule is cute-core's.
#[test]
fn swizzle_prefixes_agree_with_cute_dynamic() {
    let split = |text: &str| crate::swizzle::split(&tokens(text));
    for text in [
        "Sw<3,3,3> o 0 o (8,64):(64,1)",
        "Sw<1,2,-1> o 12 o 8:1",
        "Sw<0,0,0> o (4,2)",
        "Sw<2,4,3> o 1024 o ((2,4),8):((1,16),2)",
    ] {
        let (prefix, rest) = split(text).expect("valid").expect("a prefix");
        let d: cute_dynamic::SwizzledLayout = text.parse().expect("cute-dynamic reads it");
        assert_eq!(
            prefix.to_string(),
            format!("{} o {}", d.swizzle(), d.offset()),
            "{text}"
        );
        let inner = dynamic_layout(&rest.to_string()).expect("the inner layout is valid");
        assert_eq!(inner, d.layout().to_string(), "{text}");
    }
    assert!(split("(8,64):(64,1)").expect("no prefix").is_none());
    let error = |text: &str| match split(text) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("{text} must be an error"),
    };
    assert_eq!(
        error("Sw<3,3,2> o (8,64)"),
        "invalid swizzle Sw<3,3,2>: |S| must be at least B"
    );
    assert_eq!(
        error("Sw<20,20,30> o 8:1"),
        "invalid swizzle Sw<20,20,30>: B + M + |S| must be at most 62"
    );
    assert_eq!(
        error("Sw<-1,2,3> o 8:1"),
        "invalid swizzle Sw<-1,2,3>: B must be non-negative"
    );
    assert!(error("Sw<3,3> o 8:1").starts_with("expected `,`"));
    assert!(error("Sw<3,3,3> (8,64)").starts_with("expected ` o `"));
    assert!(error("Sw<3,3,3> o 9223372036854775808 o 8:1").starts_with("expected a static offset"));
    for (b, m, s) in [
        (3u32, 3u32, 2i32),
        (2, 0, -1),
        (3, 30, 30),
        (0, 0, 0),
        (1, 2, -1),
    ] {
        let text = format!("Sw<{b},{m},{s}> o 8:1");
        assert_eq!(
            split(&text).is_ok(),
            cute_dynamic::Swizzle::new(b, m, s).is_ok(),
            "{text}"
        );
    }
}

/// The run-time leaves of a mixed literal, as the parser writes them back.
fn mixed_leaves(text: &str) -> Result<Vec<String>, syn::Error> {
    let mut errors = Errors::default();
    let lit = parse::layout(tokens(text), &mut errors);
    errors.finish()?;
    let lit = lit.expect("no error, so a literal");
    let mut out: Vec<String> = lit.shape.leaves().iter().map(|l| l.to_string()).collect();
    out.extend(
        lit.stride
            .iter()
            .flat_map(|d| d.leaves())
            .map(|l| l.to_string()),
    );
    Ok(out)
}

#[test]
fn run_time_leaves_with_a_divisor() {
    let leaves = mixed_leaves("({m:128}, {n}, 4):(1, {m}, {a::b})").unwrap();
    assert_eq!(leaves, ["{m:128}", "{n}", "4", "1", "{m}", "{a :: b}"]);
    // An expression ending in a path or a call keeps its `::`; the divisor
    // is the last `: N` only.
    let leaves = mixed_leaves("({x.len():8}, {core::usize::MAX:2})").unwrap();
    assert_eq!(leaves, ["{x . len ():8}", "{core :: usize :: MAX:2}"]);
    assert!(mixed_leaves("({m:1048576}, 4)").is_ok());
    for bad in [
        "({m:0}, 4)",
        "({m:k}, 4)",
        "({m:-8}, 4)",
        "({:8}, 4)",
        "({m:3000}, 4)",
        "({m:2097152}, 4)",
    ] {
        assert!(mixed_leaves(bad).is_err(), "{bad}");
    }
}

/// The static rules for negative strides: accepted in a fully static
/// layout (down to `-(2^63 - 1)`) and spelled `Neg<…>`; `i64::MIN` and a
/// negative stride beside run-time leaves are errors.
#[test]
fn negative_static_strides() {
    let check = |text: &str| {
        let mut errors = Errors::default();
        let lit = parse::layout(tokens(text), &mut errors).expect("parses");
        validate::layout(&lit, Target::Static, &mut errors);
        errors
            .finish()
            .map_err(|e| e.into_iter().map(|e| e.to_string()).collect::<Vec<_>>())
    };
    for ok in [
        "(8,4):(-1,8)",
        "8:-11008",
        "(2,(3,4)):(0,(-1,-9223372036854775807))",
    ] {
        assert_eq!(check(ok), Ok(()), "{ok}");
    }
    assert_eq!(
        check("(4,8):(1,-9223372036854775808)"),
        Err(vec![
            "a static negative stride is at least -(2^63 - 1), found -9223372036854775808 (its magnitude 2^63 is not a static integer)".to_string()
        ])
    );
    assert_eq!(
        check("({m},8):(1,-16)"),
        Err(vec![
            "negative strides are supported in fully static layouts, found -16 in a layout with run-time leaves (use `dlayout!` or `cute_dynamic` for it)".to_string()
        ])
    );
    let spell = |n: i64| crate::expand::c_type(n).to_string().replace(' ', "");
    assert_eq!(
        spell(-1),
        "::cute_static::layout::Neg<::cute_static::C<1usize>>"
    );
    assert_eq!(
        spell(-11008),
        "::cute_static::layout::Neg<::cute_static::layout::Dec<1usize,1usize,0usize,0usize,8usize>>"
    );
    assert_eq!(spell(0), "::cute_static::C<0usize>");
}
