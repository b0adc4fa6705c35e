//! Benchmark support: the operands of the benchmarks (the layouts of the
//! Cecka paper's tables) and the baselines measured beside our code.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod icount;
pub mod naive;
pub mod timing;

/// `(A, B)` composition operands from the Cecka paper (§3.3, Table 4) and
/// the oracle, all of rank ≤ 8.
pub const COMPOSITIONS: &[(&str, &str)] = &[
    ("(4,6,8,10):(2,3,5,7)", "6:12"),
    ("(8,8):(1,8)", "((4,8),2):((16,1),8)"),
    ("(8,8):(8,1)", "((4,8),2):((16,1),8)"),
    ("(8,8):(1,9)", "((4,8),2):((16,1),8)"),
    ("((4,2),(2,4)):((2,16),(1,8))", "((4,8),2):((16,1),8)"),
    ("(4,2,8):(3,12,97)", "3:3"),
    ("(8,16):(5,40)", "(2,2):(64,8)"),
    ("((16,2),11,1):((1,16),32,3)", "(352,4):(1,352)"),
];

/// Layouts of Cecka Tables 5-7 (inverse and complement rows).
pub const TABLE_LAYOUTS: &[&str] = &[
    "(4,8):(1,4)",
    "(4,8):(8,1)",
    "(3,7,5):(5,15,1)",
    "(4,8):(1,5)",
    "(4,(4,2)):(4,(1,16))",
    "((2,2),(4,2)):((1,8),(2,16))",
    "((2,2),(2,4)):((0,1),(0,2))",
    "((2,2),(2,4)):((0,2),(0,4))",
];

/// `(A, B)` operands for logical_divide (Cecka §3.5.2 and Table 4), all
/// admissible.
pub const DIVIDES: &[(&str, &str)] = &[
    ("24:1", "8:1"),
    ("48:1", "32:1"),
    ("(6,2,2):(1,6,12)", "8:1"),
    ("(8,8):(1,8)", "(2,4):(1,8)"),
    ("(16,16):(1,16)", "((4,8),2):((16,1),8)"),
];

/// `(A, B)` operands for logical_product (Cecka §3.5.1), all admissible.
pub const PRODUCTS: &[(&str, &str)] = &[
    ("(3,4):(4,1)", "(2,5):(1,2)"),
    ("(4,8):(20,2)", "(3,2):(2,1)"),
    ("128:1", "4:32"),
    ("(2,2):(1,2)", "(3,4):(1,3)"),
    ("((4,2),8):((1,32),4)", "(2,2):(1,2)"),
];

/// The depth-2 rank-4 layout whose every element the evaluation benchmarks
/// compute (`Layout::call`, the evaluator, the offset iterator).
pub const EVAL_LAYOUT: &str = "((2,4),(4,2),8,(2,2)):((1,2),(8,32),256,(2048,4096))";
