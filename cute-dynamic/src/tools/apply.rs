//! Operations by name, on text operands: the one dispatcher behind
//! `cute batch`, the CLI subcommands and the oracle tests. Op names and
//! argument forms are those of the batch protocol (docs/architecture.md#the-batch-protocol).

use crate::data::layout::Layout;
use crate::data::tiler::Tiler;
use crate::error::LayoutError;

/// Every operation name [`apply`] accepts.
pub const OPERATIONS: &[&str] = &[
    "coalesce",
    "filter",
    "filter_zeros",
    "composition",
    "complement",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "max_common_layout",
    "max_common_vector",
    "eval",
    "size",
    "cosize",
    "rank",
    "depth",
    "slice",
    "swizzle",
    "descriptor",
];

fn arity(op: &str, args: &[&str], n: std::ops::RangeInclusive<usize>) -> Result<(), LayoutError> {
    if n.contains(&args.len()) {
        Ok(())
    } else {
        Err(LayoutError::Parse {
            position: 0,
            expected: if n.start() == n.end() {
                format!("{} argument(s) for {op}", n.start())
            } else {
                format!("{} to {} arguments for {op}", n.start(), n.end())
            },
            found: format!("{} argument(s)", args.len()),
        })
    }
}

/// Run operation `op` on text operands and print the result in CuTe
/// notation.
///
/// ```
/// use cute_dynamic::apply;
/// assert_eq!(apply("composition", &["(4,6,8,10):(2,3,5,7)", "6:12"])?, "(2,3):(9,5)");
/// assert_eq!(apply("eval", &["((2,2),(4,2)):((1,8),(2,16))", "(2,5)"])?, "26");
/// assert_eq!(apply("complement", &["4:32", "256"])?, "(32,2):(1,128)");
/// assert!(apply("composition", &["(4,6,8):(2,3,5)", "6:3"]).is_err());
/// assert_eq!(apply("swizzle", &["3,4,3", "128"])?, "144");
/// assert_eq!(apply("swizzle", &["1", "2", "1", "9"])?, "13");
/// assert_eq!(apply("descriptor", &["( 1@0 , 8/2@1 )"])?, "(1@0,4@1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn apply(op: &str, args: &[&str]) -> Result<String, LayoutError> {
    let layout = |i: usize| -> Result<Layout, LayoutError> { args[i].parse() };
    let tiler = |i: usize| -> Result<Tiler, LayoutError> { args[i].parse() };
    let int = |i: usize| -> Result<i64, LayoutError> {
        let t: crate::IntTuple = args[i].parse()?;
        t.as_int().ok_or_else(|| LayoutError::Parse {
            position: 0,
            expected: "an integer".into(),
            found: args[i].to_string(),
        })
    };
    let unary = |f: fn(&Layout) -> Result<Layout, LayoutError>| -> Result<String, LayoutError> {
        arity(op, args, 1..=1)?;
        Ok(f(&layout(0)?)?.to_string())
    };
    type TilerOp = fn(&Layout, &Tiler) -> Result<Layout, LayoutError>;
    let with_tiler = |f: TilerOp| -> Result<String, LayoutError> {
        arity(op, args, 2..=2)?;
        Ok(f(&layout(0)?, &tiler(1)?)?.to_string())
    };
    let binary =
        |f: fn(&Layout, &Layout) -> Result<Layout, LayoutError>| -> Result<String, LayoutError> {
            arity(op, args, 2..=2)?;
            Ok(f(&layout(0)?, &layout(1)?)?.to_string())
        };
    match op {
        "coalesce" => {
            arity(op, args, 1..=2)?;
            let l = layout(0)?;
            Ok(match args.get(1) {
                None => crate::coalesce(&l)?,
                Some(p) => crate::coalesce_by(&l, &p.parse()?)?,
            }
            .to_string())
        }
        "filter" => unary(crate::filter),
        "filter_zeros" => unary(|l| Ok(crate::filter_zeros(l))),
        "composition" => with_tiler(crate::composition::<Tiler>),
        "complement" => {
            arity(op, args, 1..=2)?;
            let l = layout(0)?;
            Ok(match args.get(1) {
                None => crate::complement_default(&l)?,
                Some(_) => crate::complement(&l, int(1)?)?,
            }
            .to_string())
        }
        "right_inverse" => unary(crate::right_inverse),
        "left_inverse" => unary(crate::left_inverse),
        "logical_divide" => with_tiler(crate::logical_divide::<Tiler>),
        "zipped_divide" => with_tiler(crate::zipped_divide::<Tiler>),
        "tiled_divide" => with_tiler(crate::tiled_divide::<Tiler>),
        "flat_divide" => with_tiler(crate::flat_divide::<Tiler>),
        "logical_product" => with_tiler(crate::logical_product::<Tiler>),
        "zipped_product" => with_tiler(crate::zipped_product::<Tiler>),
        "tiled_product" => with_tiler(crate::tiled_product::<Tiler>),
        "flat_product" => with_tiler(crate::flat_product::<Tiler>),
        "blocked_product" => binary(crate::blocked_product),
        "raked_product" => binary(crate::raked_product),
        "max_common_layout" => binary(crate::max_common_layout),
        "max_common_vector" => {
            arity(op, args, 2..=2)?;
            Ok(crate::max_common_vector(&layout(0)?, &layout(1)?)?.to_string())
        }
        "eval" => {
            arity(op, args, 2..=2)?;
            Ok(layout(0)?.call_coord(&args[1].parse()?)?.to_string())
        }
        "slice" => {
            arity(op, args, 2..=2)?;
            let (l, off) = layout(0)?.slice(&args[1].parse()?)?;
            Ok(format!("{off}|{l}"))
        }
        "size" => {
            arity(op, args, 1..=1)?;
            Ok(layout(0)?.size().to_string())
        }
        "cosize" => {
            arity(op, args, 1..=1)?;
            Ok(layout(0)?.cosize()?.to_string())
        }
        "rank" => {
            arity(op, args, 1..=1)?;
            Ok(layout(0)?.rank().to_string())
        }
        "depth" => {
            arity(op, args, 1..=1)?;
            Ok(layout(0)?.depth().to_string())
        }
        "swizzle" => {
            // `["3,4,3", "128"]`, `["Sw<3,4,3>", "128"]` or `["3", "4", "3", "128"]`.
            arity(op, args, 2..=4)?;
            let (sw, at): (crate::Swizzle, usize) = match args.len() {
                2 => (args[0].parse()?, 1),
                4 => (args[..3].join(",").parse()?, 3),
                n => {
                    return Err(LayoutError::Parse {
                        position: 0,
                        expected: "2 or 4 arguments for swizzle".into(),
                        found: format!("{n} argument(s)"),
                    });
                }
            };
            Ok(sw.apply(int(at)?).to_string())
        }
        "descriptor" => {
            arity(op, args, 1..=1)?;
            Ok(args[0].parse::<crate::Descriptor>()?.to_string())
        }
        _ => Err(LayoutError::UnknownOperation {
            name: op.to_string(),
        }),
    }
}
