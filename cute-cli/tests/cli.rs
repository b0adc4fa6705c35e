//! The `cute` subcommands: output on good input, exit status 1 and the
//! library's message on stderr on bad input, layouts from stdin, and every
//! `--help` example producing the output it shows.

mod common;

use common::{cute, stdout};

#[test]
fn show_prints_the_queries_and_the_grid() {
    assert_eq!(
        stdout(&["show", "(2,3):(3,1)"]),
        "layout: (2,3):(3,1)\nsize:   6\ncosize: 6\nrank:   2\ndepth:  1\n\
         \x20    0   1   2\n   +---+---+---+\n 0 | 0 | 1 | 2 |\n   +---+---+---+\n 1 | 3 | 4 | 5 |\n   +---+---+---+\n"
    );
}

#[test]
fn show_labels_hierarchical_modes_with_natural_coordinates() {
    let text = stdout(&["show", "--style", "plain", "((2,2),(4,2)):((1,8),(2,16))"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "size:   32");
    assert_eq!(
        lines[5],
        "        (0,0) (1,0) (2,0) (3,0) (0,1) (1,1) (2,1) (3,1)"
    );
    assert_eq!(
        lines[7],
        " (1,0)      1     3     5     7    17    19    21    23"
    );
}

#[test]
fn eval_and_slice() {
    let l = "((2,2),(4,2)):((1,8),(2,16))";
    for c in ["22", "(2,5)", "((0,1),(1,1))"] {
        assert_eq!(stdout(&["eval", l, c]), "26\n");
    }
    let a = "((3,2),((2,3),2)):((4,1),((2,15),100))";
    assert_eq!(stdout(&["slice", a, "(2,((0,_),_))"]), "8|(3,2):(15,100)\n");
}

#[test]
fn aliases_reach_the_same_operation() {
    assert_eq!(
        stdout(&["compose", "(4,6,8,10):(2,3,5,7)", "6:12"]),
        "(2,3):(9,5)\n"
    );
    assert_eq!(
        stdout(&["divide", "(8,8):(1,8)", "<2:1,4:1>"]),
        stdout(&["logical_divide", "(8,8):(1,8)", "<2:1,4:1>"])
    );
}

#[test]
fn layouts_come_from_stdin_for_dash_or_a_missing_operand() {
    let piped = |args: &[&str], input: &str| {
        let out = cute(args, input);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(piped(&["coalesce"], "(2,(1,6)):(1,(6,2))\n"), "12:1\n");
    assert_eq!(
        piped(&["composition", "-", "6:12"], "(4,6,8,10):(2,3,5,7)\n"),
        "(2,3):(9,5)\n"
    );
    assert_eq!(
        piped(&["composition", "6:12"], "\n(4,6,8,10):(2,3,5,7)\n"),
        "(2,3):(9,5)\n"
    );
    assert!(piped(&["show", "-"], "8:2").starts_with("layout: 8:2\nsize:   8\n"));
}

#[test]
fn errors_go_to_stderr_with_status_1() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["composition", "(4,6,8):(2,3,5)", "6:3"],
            "stride divisibility",
        ),
        (
            &["composition", "(4,6,8):(2,3,5)", "6:1"],
            "shape divisibility",
        ),
        (&["show", "(4,8):(1,4"], "parse error at byte"),
        (&["eval", "(4,8):(1,4)", "(1,2,3)"], "(1,2,3)"),
        (&["complement", "(4,4):(1,2)"], "complement"),
        (
            &["upcast", "(2,2)", "(4,8):(1,4)"],
            "argument N = (2,2): expected an integer [invalid_argument]",
        ),
        (&["composition", "8:1"], "no layout given"),
        (&["svg", "--tv", "4x4", "(4,8):(1,4)"], "outside"),
    ];
    for (args, needle) in cases {
        let out = cute(args, "");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("cute: ") && err.contains(needle),
            "{args:?}: {err}"
        );
    }
}

/// Splits a shell command line of words and single-quoted words.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut in_word = false;
    for ch in line.chars() {
        match ch {
            '\'' => {
                quoted = !quoted;
                in_word = true;
            }
            ' ' if !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The command names of the `Commands:` section of `--help`.
fn help_commands(help: &str) -> impl Iterator<Item = &str> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
}

#[test]
fn every_help_example_prints_what_it_shows() {
    let help = stdout(&["--help"]);
    let commands: Vec<&str> = help_commands(&help)
        .filter(|c| !["show", "svg", "latex", "batch", "help"].contains(c))
        .collect();
    assert!(commands.len() >= 20, "{commands:?}");
    for c in commands {
        let text = stdout(&[c, "--help"]);
        let mut lines = text.lines().skip_while(|l| *l != "Example:").skip(1);
        let command = lines.next().and_then(|l| l.strip_prefix("  $ ")).expect(c);
        let expected = lines.next().expect(c).trim();
        let words = shell_words(command);
        assert_eq!(words[0], "cute");
        let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        assert_eq!(stdout(&args).trim(), expected, "example of {c}");
    }
}

#[test]
fn help_lists_every_operation_of_the_table() {
    let help = stdout(&["--help"]);
    let commands: Vec<&str> = help_commands(&help).collect();
    for op in cute_tools::OPERATIONS {
        assert!(
            commands.contains(&op.name),
            "{} missing from {commands:?}",
            op.name
        );
    }
    for name in [
        "shape_div",
        "ceil_div",
        "round_up",
        "product_each",
        "inner_product",
        "elem_scale",
        "congruent",
        "weakly_congruent",
        "compatible",
        "evenly_divides",
        "lex_less",
        "colex_less",
        "elem_less",
        "elem_leq",
        "elem_gtr",
        "elem_geq",
        "weakly_compatible",
        "abs",
        "nullspace",
        "domain_offset",
        "dice",
        "make_ordered_layout",
        "make_layout_like",
        "tile_to_shape",
        "greatest_common_domain",
        "layout_add",
        "domain_distribute",
        "coalesce_x",
        "bw_coalesce",
        "max_alignment",
        "tile_unzip",
        "make_layout",
        "select",
        "take",
        "group_modes",
        "flatten",
        "upcast",
        "downcast",
        "recast_layout",
        "crd2idx",
        "increment",
        "repeat_like",
        "make_int_tuple",
        "make_int_tuple_from",
        "escan",
        "iscan",
        "lex_leq",
        "lex_gtr",
        "lex_geq",
        "colex_leq",
        "colex_gtr",
        "colex_geq",
    ] {
        assert!(commands.contains(&name), "{name}");
    }
}

#[test]
fn int_tuple_and_layout_surface() {
    // One call per argument-kind combination.
    let cases: &[(&[&str], &str)] = &[
        (&["ceil_div", "(10,7)", "(4,2)"], "(3,4)"),
        (&["round_up", "10", "4"], "12"),
        (&["elem_less", "(3,(2,7))", "(4,(2,8))"], "false"),
        (&["weakly_congruent", "(1,2)", "((1,2),(3,4))"], "true"),
        (&["elem_geq", "(3,(1,7))", "(4,(2,8))"], "false"),
        (&["weakly_compatible", "(2,4)", "(4,(3,5))"], "false"),
        (&["abs", "(-3,(4,-5))"], "(3,(4,5))"),
        (&["evenly_divides", "(100,64)", "(32,16)"], "false"),
        (&["product_each", "((2,3),4,(5,(1,2)))"], "(6,4,10)"),
        (&["make_layout_like", "(4,8):(100,1)"], "(4,8):(8,1)"),
        (&["layout_like", "(4,8):(100,1)"], "(4,8):(8,1)"),
        (&["domain_offset", "(1,2)", "(4,6):(6,1)"], "8|(4,6):(6,1)"),
        (&["dice", "(2,_)", "(4,(2,3)):(1,(4,8))"], "(4):(1)"),
        (&["ordered_layout", "(3,4)", "(1,0)"], "(3,4):(4,1)"),
        (
            &["tile_to_shape", "(8,64):(64,1)", "(128,64)"],
            "((8,16),(64,1)):((64,512),(1,0))",
        ),
        (
            &["tile_to_shape", "(2,2):(1,2)", "(4,4)", "(1,0)"],
            "((2,2),(2,2)):((1,8),(2,4))",
        ),
        (
            &["greatest_common_domain", "(6,35)", "(15,14)"],
            "(3,7):(1,30)",
        ),
        (&["layout_add", "(4,3):(1,4)", "(4,3):(3,1)"], "(4,3):(4,5)"),
        (&["domain_distribute", "(4,3)", "6"], "(2,3):(1,4)"),
        (
            &["group", "(2,3,4):(1,2,6)", "0", "2"],
            "((2,3),4):((1,2),6)",
        ),
        (&["fill_int_tuple_from", "(_,3)", "7"], "(7,3)"),
        (&["escan", "(2,3,4)", "0", "plus"], "(0,2,5)"),
        (&["max_alignment", "(2,4):(1,4)"], "2"),
    ];
    for (args, want) in cases {
        assert_eq!(stdout(args).trim(), *want, "{args:?}");
    }
    // Ties share a stride as in CuTe; the other layout kinds and CuTe's
    // make_layout of layouts (both parse errors or refusals before).
    for (args, want) in [
        (&["make_layout_like", "(2,2):(1,1)"][..], "(2,2):(1,1)"),
        (&["size", "(4,8):(1@0,1@1)"][..], "32"),
        (
            &["zipped_divide", "(10,13):(1@0,1@1)", "<4,8>"][..],
            "((4,8),(3,2)):((1@0,1@1),(4@0,8@1))",
        ),
        (&["cosize", "Sw<3,3,3> o 0 o (8,64):(64,1)"][..], "512"),
        (
            &["make_layout", "(2,3):(1,2)", "4:6"][..],
            "((2,3),4):((1,2),6)",
        ),
    ] {
        assert_eq!(stdout(args).trim(), want, "{args:?}");
    }
    let errors: &[(&[&str], &str)] = &[
        (
            &["shape_div", "6", "4"],
            "shape_div: argument B = 4: neither of 6 and 4 divides the other [invalid_argument]",
        ),
        (&["ceil_div", "10", "0"], "[invalid_argument]"),
        (
            &["make_ordered_layout", "(2,2)", "(1,1)"],
            "[invalid_argument]",
        ),
        (&["size", "Sw<3,3,3> o 0 o (8,64"], "parse error"),
        (
            &["make_layout_like", "(4,8):(1@0,1@1)"],
            "a coordinate layout (basis strides): make_layout_like is answered for integer layouts only",
        ),
        (
            &["domain_distribute", "(4,3)", "(2,3)"],
            "expected an integer",
        ),
        (&["dice", "(2,_)", "(4,8"], "parse error"),
        (&["escan", "(2,3)", "1", "divides"], "[invalid_argument]"),
    ];
    for (args, needle) in errors {
        let out = cute(args, "");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn svg_and_latex_write_files() {
    let dir = std::env::temp_dir().join(format!("cute-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("tv.svg");
    let svg_path = svg.to_str().unwrap();
    stdout(&["svg", "--tv", "4x2", "(4,2):(1,4)", "-o", svg_path]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(">T3V1</text>"));
    let tex = stdout(&["latex", "--color-by", "mode0", "(4,2):(2,1)"]);
    assert!(tex.contains("\\begin{tikzpicture}"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `cute show` reads every layout the parser reads, as `cute svg` does:
/// coordinate layouts (basis strides) and swizzled layouts (a parse error
/// before).
#[test]
fn show_takes_coordinate_and_swizzled_layouts() {
    let text = stdout(&["show", "(4,8):(1@0,1@1)"]);
    assert!(
        text.starts_with("layout: (4,8):(1@0,1@1)\nsize:   32\nrank:   2\ncodomain: (0,0)\n"),
        "{text}"
    );
    assert!(text.contains("| (3,7) |"), "{text}");
    let text = stdout(&["show", "Sw<3,3,3> o 0 o (8,64):(64,1)"]);
    assert!(
        text.starts_with("layout: Sw<3,3,3> o 0 o (8,64):(64,1)\n"),
        "{text}"
    );
}
