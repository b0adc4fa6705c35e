//! The operation table: every operation that can be called by name on text
//! operands, described once — its name, the CLI's aliases, its arguments and
//! their kinds, a help line, an example, and the function that runs it.
//! [`apply`], the `cute` subcommands, `cute batch`, the oracle and
//! hardening tests and the fuzz target all read [`OPERATIONS`]; adding an
//! operation means adding one entry here.
//!
//! The number of arguments is checked here, once, from the table
//! ([`LayoutError::Arity`]); an argument that parses but is not a value of
//! its kind is a [`LayoutError::InvalidArgument`]; malformed text is a
//! [`LayoutError::Parse`] at its byte position inside that argument.
//!
//! ```
//! use cute_tools::{operation, ArgKind, OPERATIONS};
//!
//! let divide = operation("divide").unwrap(); // an alias
//! assert_eq!(divide.name, "logical_divide");
//! assert_eq!(divide.args[1].kind, ArgKind::Tiler);
//! assert_eq!(divide.apply(&["(8,8):(1,8)", "<2:1,4:1>"])?, "((2,4),(4,2)):((1,2),(8,32))");
//! assert!(OPERATIONS.iter().any(|op| op.name == "complement"));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use cute_dynamic::__tools::replace_leaves;
use cute_dynamic::Coord;
use cute_dynamic::Descriptor;
use cute_dynamic::IntTuple;
use cute_dynamic::Layout;
use cute_dynamic::LayoutError;
use cute_dynamic::Swizzle;
use cute_dynamic::Tiler;

use crate::laws::*;

/// What an argument holds, and so how its text is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ArgKind {
    /// A layout in CuTe notation, `(4,8):(1,4)` (no stride: compact).
    Layout,
    /// A tiler: `<…,…>` by mode, a layout, or a shape.
    Tiler,
    /// An integer.
    Integer,
    /// An integer tuple: a coordinate to evaluate at, `(2,5)`, or a
    /// mode-by-mode profile, `(1,1)`.
    IntTuple,
    /// A slicing coordinate: integers, tuples and `_`, `(2,(_,1))`.
    Coord,
    /// A swizzle, `Sw<B,M,S>` or `B,M,S`.
    Swizzle,
    /// A stride descriptor, `(1@0,8/2@1)`.
    Descriptor,
    /// A name or a query, read as the operation says (an atom's CUTLASS
    /// name, a value type, `layoutA_TV`, `partition_C(t=3)`); the empty
    /// text selects a default where the operation has one.
    Text,
}

/// One argument of an [`Operation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arg {
    /// Its name, as the CLI shows it (`LAYOUT`, `TILER`, `M`).
    pub name: &'static str,
    /// What it holds.
    pub kind: ArgKind,
    /// Whether it may be left out (only trailing arguments are optional).
    pub optional: bool,
}

/// An example call of an [`Operation`] and what it prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Example {
    /// The arguments.
    pub args: &'static [&'static str],
    /// The result, as [`apply`] returns it.
    pub output: &'static str,
}

/// One operation callable by name on text operands.
#[derive(Clone, Copy, Debug)]
pub struct Operation {
    /// The name (the op name of `cute batch` and the oracle data).
    pub name: &'static str,
    /// Other spellings the CLI accepts (`compose` for `composition`).
    pub aliases: &'static [&'static str],
    /// The arguments, in order; optional ones come last.
    pub args: &'static [Arg],
    /// One line saying what it computes.
    pub help: &'static str,
    /// A call and its result (checked by the tests and shown by `--help`).
    pub example: Example,
    /// The function, on arguments whose number is already checked.
    run: fn(&Args<'_>) -> Result<String, LayoutError>,
    /// Its law: the check of a result against the operands, or why there
    /// is none (a required field, so no entry is without one).
    law: Law,
}

impl Operation {
    /// The fewest arguments the operation takes.
    pub fn min_args(&self) -> usize {
        self.args.iter().filter(|a| !a.optional).count()
    }

    /// The most arguments the operation takes.
    pub fn max_args(&self) -> usize {
        self.args.len()
    }

    /// Run the operation on text operands and print the result in CuTe
    /// notation (integers as plain numbers).
    pub fn apply(&self, args: &[&str]) -> Result<String, LayoutError> {
        let (min, max) = (self.min_args(), self.max_args());
        if !(min..=max).contains(&args.len()) {
            return Err(LayoutError::Arity {
                operation: self.name,
                min,
                max,
                found: args.len(),
            });
        }
        // A coordinate or swizzled layout operand (crate::kinds).
        if let Some(answer) = crate::kinds::apply_other(self, args) {
            return answer;
        }
        self.run_on(args)
    }

    /// The operation's own function on integer-layout operands (the
    /// number of arguments already checked).
    pub(crate) fn run_on(&self, args: &[&str]) -> Result<String, LayoutError> {
        (self.run)(&Args { op: self, args })
    }

    /// Check a printed result of the operation (as [`Operation::apply`]
    /// prints it) against the operation's law on the same text operands;
    /// an operation without a law ([`Operation::unchecked`]) passes.
    ///
    /// ```
    /// let op = cute_tools::operation("composition").unwrap();
    /// let args = ["(4,6,8,10):(2,3,5,7)", "6:12"];
    /// assert_eq!(op.check(&args, "(2,3):(9,5)"), Ok(()));
    /// assert!(op.check(&args, "(2,3):(9,6)").is_err());
    /// ```
    pub fn check(&self, args: &[&str], result: &str) -> Result<(), Violation> {
        // A coordinate or swizzled layout operand: the law of its answer
        // (crate::kinds answers it).
        if let Some(law) = crate::laws::check_other_kind(self, args, result) {
            return law;
        }
        match self.law {
            Law::Check(law) => law(&Operands::new(self.name, args, result)),
            Law::Unchecked(_) => Ok(()),
        }
    }

    /// Why the operation has no law, `None` when it has one.
    ///
    /// ```
    /// assert!(cute_tools::operation("size").unwrap().unchecked().is_some());
    /// assert!(cute_tools::operation("coalesce").unwrap().unchecked().is_none());
    /// ```
    pub fn unchecked(&self) -> Option<&'static str> {
        match self.law {
            Law::Check(_) => None,
            Law::Unchecked(why) => Some(why),
        }
    }
}

/// The text operands of one call, read by their kinds.
#[derive(Clone, Copy, Debug)]
pub struct Args<'a> {
    op: &'a Operation,
    args: &'a [&'a str],
}

impl<'a> Args<'a> {
    pub(crate) fn new(op: &'a Operation, args: &'a [&'a str]) -> Self {
        Args { op, args }
    }

    /// Argument `i`'s text, `None` when an optional argument is left out.
    pub fn text(&self, i: usize) -> Option<&str> {
        self.args.get(i).copied()
    }

    fn required(&self, i: usize) -> Result<&str, LayoutError> {
        self.text(i).ok_or(LayoutError::Arity {
            operation: self.op.name,
            min: i + 1,
            max: self.op.max_args(),
            found: self.args.len(),
        })
    }

    pub(crate) fn invalid(&self, i: usize, reason: &str) -> LayoutError {
        LayoutError::InvalidArgument {
            operation: self.op.name,
            argument: self.op.args.get(i).map_or("?", |a| a.name),
            value: self.text(i).unwrap_or_default().to_string(),
            reason: reason.to_string(),
        }
    }

    /// Argument `i` as a layout.
    pub fn layout(&self, i: usize) -> Result<Layout, LayoutError> {
        self.required(i)?.parse()
    }

    /// Argument `i` as a tiler.
    pub fn tiler(&self, i: usize) -> Result<Tiler, LayoutError> {
        self.required(i)?.parse()
    }

    /// Argument `i` as an integer.
    pub fn integer(&self, i: usize) -> Result<i64, LayoutError> {
        let t: IntTuple = self.required(i)?.parse()?;
        t.as_int()
            .ok_or_else(|| self.invalid(i, "expected an integer"))
    }

    /// Argument `i` as an integer tuple.
    pub fn int_tuple(&self, i: usize) -> Result<IntTuple, LayoutError> {
        self.required(i)?.parse()
    }

    /// Argument `i` as a slicing coordinate.
    pub fn coord(&self, i: usize) -> Result<Coord, LayoutError> {
        self.required(i)?.parse()
    }

    /// Argument `i` as a swizzle.
    pub fn swizzle(&self, i: usize) -> Result<Swizzle, LayoutError> {
        self.required(i)?.parse()
    }

    /// Argument `i` as a descriptor.
    pub fn descriptor(&self, i: usize) -> Result<Descriptor, LayoutError> {
        self.required(i)?.parse()
    }
}

const fn arg(name: &'static str, kind: ArgKind) -> Arg {
    Arg {
        name,
        kind,
        optional: false,
    }
}

const fn optional(name: &'static str, kind: ArgKind) -> Arg {
    Arg {
        name,
        kind,
        optional: true,
    }
}

const fn example(args: &'static [&'static str], output: &'static str) -> Example {
    Example { args, output }
}

const LAYOUT: &[Arg] = &[arg("LAYOUT", ArgKind::Layout)];
const LAYOUT_TILER: &[Arg] = &[arg("LAYOUT", ArgKind::Layout), arg("TILER", ArgKind::Tiler)];
const A_TILER: &[Arg] = &[arg("A", ArgKind::Layout), arg("B", ArgKind::Tiler)];
const A_B: &[Arg] = &[arg("A", ArgKind::Layout), arg("B", ArgKind::Layout)];
const TUPLES: &[Arg] = &[arg("A", ArgKind::IntTuple), arg("B", ArgKind::IntTuple)];

type ByTiler = fn(&Layout, &Tiler) -> Result<Layout, LayoutError>;
type ByLayout = fn(&Layout, &Layout) -> Result<Layout, LayoutError>;

fn by_tiler(f: ByTiler, a: &Args<'_>) -> Result<String, LayoutError> {
    Ok(f(&a.layout(0)?, &a.tiler(1)?)?.to_string())
}

fn by_layout(f: ByLayout, a: &Args<'_>) -> Result<String, LayoutError> {
    Ok(f(&a.layout(0)?, &a.layout(1)?)?.to_string())
}

fn unary(
    f: fn(&Layout) -> Result<Layout, LayoutError>,
    a: &Args<'_>,
) -> Result<String, LayoutError> {
    Ok(f(&a.layout(0)?)?.to_string())
}

type TupleFn = fn(&IntTuple, &IntTuple) -> Result<IntTuple, LayoutError>;
type TuplePredicate = fn(&IntTuple, &IntTuple) -> bool;
type TupleOrder = fn(&IntTuple, &IntTuple) -> Result<bool, LayoutError>;

fn by_tuples(f: TupleFn, a: &Args<'_>) -> Result<String, LayoutError> {
    Ok(f(&a.int_tuple(0)?, &a.int_tuple(1)?)?.to_string())
}

fn predicate(f: TuplePredicate, a: &Args<'_>) -> Result<String, LayoutError> {
    Ok(f(&a.int_tuple(0)?, &a.int_tuple(1)?).to_string())
}

/// CuTe's `evenly_divides(shape, tiler)` reads a tiler of modes mode by
/// mode: a layout tile by its size, `_` (the mode kept) by 1.
fn tile_sizes(t: &Tiler) -> Option<IntTuple> {
    fn go(t: &Tiler) -> Option<IntTuple> {
        Some(match t {
            Tiler::Int(n) => IntTuple::int(*n),
            Tiler::Layout(l) => IntTuple::int(l.size()),
            Tiler::Hole => IntTuple::int(1),
            Tiler::Modes(ms) => {
                let kids = ms.iter().map(go).collect::<Option<Vec<_>>>()?;
                IntTuple::tuple(kids.iter().map(IntTuple::as_ref))
            }
        })
    }
    match t {
        Tiler::Modes(_) | Tiler::Int(_) => go(t),
        _ => None,
    }
}

fn order(f: TupleOrder, a: &Args<'_>) -> Result<String, LayoutError> {
    Ok(f(&a.int_tuple(0)?, &a.int_tuple(1)?)?.to_string())
}

/// Every operation [`apply`] accepts, in the order `cute --help` lists them.
pub static OPERATIONS: &[Operation] = &[
    Operation {
        name: "eval",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("COORD", ArgKind::IntTuple),
        ],
        help: "Evaluate a layout at an integral, natural or hierarchical coordinate",
        example: example(&["((2,2),(4,2)):((1,8),(2,16))", "(2,5)"], "26"),
        run: |a| Ok(a.layout(0)?.call_coord(&a.int_tuple(1)?)?.to_string()),
        law: Law::Unchecked("evaluation itself: every law is checked by it"),
    },
    Operation {
        name: "slice",
        aliases: &[],
        args: &[arg("LAYOUT", ArgKind::Layout), arg("COORD", ArgKind::Coord)],
        help: "Slice a layout with a coordinate holding `_`: prints OFFSET|SUBLAYOUT",
        example: example(
            &["((3,2),((2,3),2)):((4,1),((2,15),100))", "(2,((0,_),_))"],
            "8|(3,2):(15,100)",
        ),
        run: |a| {
            let (l, offset) = a.layout(0)?.slice(&a.coord(1)?)?;
            Ok(format!("{offset}|{l}"))
        },
        law: Law::Check(|o| {
            let (off, sub) = o.out_offset()?;
            check_slice(&o.layout(0)?, &o.coord(1)?, &sub, off)
        }),
    },
    Operation {
        name: "slice_and_offset",
        aliases: &[],
        args: &[arg("LAYOUT", ArgKind::Layout), arg("COORD", ArgKind::Coord)],
        help: "CuTe's slice_and_offset(COORD, LAYOUT): prints SUBLAYOUT|OFFSET, CuTe's (layout, offset) order",
        example: example(
            &["((3,2),((2,3),2)):((4,1),((2,15),100))", "(2,((0,_),_))"],
            "(3,2):(15,100)|8",
        ),
        run: |a| {
            let (l, offset) = a.layout(0)?.slice(&a.coord(1)?)?;
            Ok(format!("{l}|{offset}"))
        },
        law: Law::Check(|o| {
            let (sub, off) = o.out_layout_offset()?;
            check_slice(&o.layout(0)?, &o.coord(1)?, &sub, off)
        }),
    },
    Operation {
        name: "make_fragment_like",
        aliases: &["fragment_layout_like"],
        args: LAYOUT,
        help: "The layout of CuTe's make_fragment_like of a tensor with LAYOUT: mode 0 compact first, the other modes after it by their strides",
        example: example(&["(4,(2,3)):(3,(12,1))"], "(4,(2,3)):(1,(12,4))"),
        run: |a| unary(cute_dynamic::fragment_layout_like, a),
        law: Law::Check(|o| {
            let l = o.layout(0)?;
            check_make_fragment_like(&l)?;
            match cute_dynamic::fragment_layout_like(&l) {
                Ok(f) if f == o.out()? => Ok(()),
                _ => Err(o.bad("result", o.result())),
            }
        }),
    },
    Operation {
        name: "size",
        aliases: &[],
        args: LAYOUT,
        help: "Number of coordinates of a layout",
        example: example(&["(4,8):(1,4)"], "32"),
        run: |a| Ok(a.layout(0)?.size().to_string()),
        law: Law::Unchecked("the product of the shape's leaves: a query, nothing to check it by"),
    },
    Operation {
        name: "cosize",
        aliases: &[],
        args: LAYOUT,
        help: "Largest offset plus one",
        example: example(&["(4,8):(1,5)"], "39"),
        run: |a| Ok(a.layout(0)?.cosize()?.to_string()),
        law: Law::Unchecked("the largest offset plus one: a query of the evaluation"),
    },
    Operation {
        name: "rank",
        aliases: &[],
        args: LAYOUT,
        help: "Number of top-level modes of a layout",
        example: example(&["(4,(2,3)):(1,(4,8))"], "2"),
        run: |a| Ok(a.layout(0)?.rank().to_string()),
        law: Law::Unchecked("the number of top-level modes: a query of the shape's tree"),
    },
    Operation {
        name: "depth",
        aliases: &[],
        args: LAYOUT,
        help: "Nesting depth of a layout (0 for an integer mode)",
        example: example(&["(4,(2,3)):(1,(4,8))"], "2"),
        run: |a| Ok(a.layout(0)?.depth().to_string()),
        law: Law::Unchecked("the nesting depth: a query of the shape's tree"),
    },
    Operation {
        name: "coalesce",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            optional("PROFILE", ArgKind::IntTuple),
        ],
        help: "Coalesce a layout (optionally mode by mode, by a profile)",
        example: example(&["(2,(1,6)):(1,(6,2))"], "12:1"),
        run: |a| {
            let l = a.layout(0)?;
            Ok(match a.text(1) {
                None => cute_dynamic::coalesce(&l),
                Some(_) => cute_dynamic::coalesce_by(&l, &a.int_tuple(1)?)?,
            }
            .to_string())
        },
        law: Law::Check(|o| match o.given(1) {
            false => check_coalesce(&o.layout(0)?, &o.out()?),
            true => check_coalesce_by(&o.layout(0)?, &o.tuple(1)?, &o.out()?),
        }),
    },
    Operation {
        name: "filter",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            optional("PROFILE", ArgKind::IntTuple),
        ],
        help: "Remove stride-0 and size-1 modes, then coalesce (optionally mode by mode, by a profile)",
        example: example(&["(4,2,3):(1,0,4)"], "12:1"),
        run: |a| {
            let l = a.layout(0)?;
            Ok(match a.text(1) {
                None => cute_dynamic::filter(&l),
                Some(_) => cute_dynamic::filter_by(&l, &a.int_tuple(1)?)?,
            }
            .to_string())
        },
        law: Law::Check(|o| match o.given(1) {
            false => check_filter(&o.layout(0)?, &o.out()?),
            true => check_filter_by(&o.layout(0)?, &o.tuple(1)?, &o.out()?),
        }),
    },
    Operation {
        name: "coalesce_shape",
        aliases: &[],
        args: &[arg("SHAPE", ArgKind::IntTuple)],
        help: "CuTe's coalesce(shape): adjacent leaves of one kind merged; at run time every leaf is of one kind, so size(SHAPE)",
        example: example(&["(2,(3,4))"], "24"),
        run: |a| Ok(cute_dynamic::coalesce_shape(&a.int_tuple(0)?)?.to_string()),
        law: Law::Check(|o| check_coalesce_shape(&o.tuple(0)?, &o.out_tuple()?)),
    },
    Operation {
        name: "filter_zeros",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            optional("PROFILE", ArgKind::IntTuple),
        ],
        help: "Set to 1 the shape of stride-0 modes (or of the modes under a 0 of a profile); LAYOUT an integer tuple A (no ':'): CuTe's filter_zeros(A, PROFILE) on tuples, the leaves of PROFILE under a 0 of A set to 1 (without PROFILE: filter_zeros(A, A))",
        example: example(&["(4,2):(1,0)"], "(4,1):(1,0)"),
        run: |a| {
            if !a.text(0).is_some_and(|t| t.contains(':')) {
                let t = a.int_tuple(0)?;
                return Ok(match a.text(1) {
                    None => cute_dynamic::filter_zeros_tuple(&t),
                    Some(_) => cute_dynamic::filter_zeros_tuples(&t, &a.int_tuple(1)?)?,
                }
                .to_string());
            }
            let l = a.layout(0)?;
            Ok(match a.text(1) {
                None => cute_dynamic::filter_zeros(&l),
                Some(_) => cute_dynamic::filter_zeros_by(&l, &a.int_tuple(1)?)?,
            }
            .to_string())
        },
        law: Law::Check(|o| match (o.text(0).contains(':'), o.given(1)) {
            (false, false) => check_filter_zeros_tuple(&o.tuple(0)?, &o.out_tuple()?),
            (false, true) => check_filter_zeros_tuples(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?),
            (true, false) => check_filter_zeros(&o.layout(0)?, &o.out()?),
            (true, true) => check_filter_zeros_by(&o.layout(0)?, &o.tuple(1)?, &o.out()?),
        }),
    },
    Operation {
        name: "composition",
        aliases: &["compose"],
        args: A_TILER,
        help: "Compose A ∘ B (B a layout or a tiler <…,…>)",
        example: example(&["(4,6,8,10):(2,3,5,7)", "6:12"], "(2,3):(9,5)"),
        run: |a| by_tiler(cute_dynamic::composition::<Tiler>, a),
        law: Law::Check(|o| check_composition(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "complement",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            optional("M", ArgKind::IntTuple),
        ],
        help: "Complement of a layout with respect to M, an integer or a shape (default: its cosize)",
        example: example(&["4:32", "256"], "(32,2):(1,128)"),
        run: |a| {
            let l = a.layout(0)?;
            Ok(match a.text(1) {
                None => cute_dynamic::complement_default(&l)?,
                Some(_) => cute_dynamic::complement_shape(&l, &a.int_tuple(1)?)?,
            }
            .to_string())
        },
        law: Law::Check(|o| {
            let a = o.layout(0)?;
            match o.given(1) {
                false => {
                    let m = a.cosize().map_err(|_| o.bad("cosize of", o.text(0)))?;
                    check_complement(&a, m, &o.out()?)
                }
                true => check_complement_shape(&a, &o.tuple(1)?, &o.out()?),
            }
        }),
    },
    Operation {
        name: "right_inverse",
        aliases: &["right-inverse"],
        args: LAYOUT,
        help: "Right inverse R: L(R(i)) = i",
        example: example(&["(4,8):(8,1)"], "(8,4):(4,1)"),
        run: |a| unary(cute_dynamic::right_inverse, a),
        law: Law::Check(|o| check_right_inverse(&o.layout(0)?, &o.out()?)),
    },
    Operation {
        name: "left_inverse",
        aliases: &["left-inverse"],
        args: LAYOUT,
        help: "Left inverse R: R(L(i)) = i",
        example: example(&["(4,8):(1,5)"], "(5,8):(1,4)"),
        run: |a| unary(cute_dynamic::left_inverse, a),
        law: Law::Check(|o| check_left_inverse(&o.layout(0)?, &o.out()?)),
    },
    Operation {
        name: "logical_divide",
        aliases: &["divide"],
        args: LAYOUT_TILER,
        help: "A ∘ (B, complement(B, size(A))), mode by mode",
        example: example(
            &["(8,8):(1,8)", "<2:1,4:1>"],
            "((2,4),(4,2)):((1,2),(8,32))",
        ),
        run: |a| by_tiler(cute_dynamic::logical_divide::<Tiler>, a),
        law: Law::Check(|o| check_logical_divide(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "zipped_divide",
        aliases: &["zdivide"],
        args: LAYOUT_TILER,
        help: "Logical divide regrouped as ((tile),(rest))",
        example: example(
            &["(8,8):(1,8)", "<2:1,4:1>"],
            "((2,4),(4,2)):((1,8),(2,32))",
        ),
        run: |a| by_tiler(cute_dynamic::zipped_divide::<Tiler>, a),
        law: Law::Check(|o| check_zipped_divide(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "tiled_divide",
        aliases: &["tdivide"],
        args: LAYOUT_TILER,
        help: "Logical divide regrouped as (tile, rest0, rest1, …)",
        example: example(&["12:1", "<4:1>"], "((4),(3)):((1),(4))"),
        run: |a| by_tiler(cute_dynamic::tiled_divide::<Tiler>, a),
        law: Law::Check(|o| check_tiled_divide(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "flat_divide",
        aliases: &[],
        args: LAYOUT_TILER,
        help: "Logical divide with every mode flattened one level",
        example: example(&["(8,8):(1,8)", "<2:1,4:1>"], "(2,4,4,2):(1,8,2,32)"),
        run: |a| by_tiler(cute_dynamic::flat_divide::<Tiler>, a),
        law: Law::Check(|o| check_flat_divide(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "logical_product",
        aliases: &["product"],
        args: A_TILER,
        help: "(A, complement(A, size(A)·cosize(B)) ∘ B)",
        example: example(&["(2,2):(4,1)", "6:1"], "((2,2),(2,3)):((4,1),(2,8))"),
        run: |a| by_tiler(cute_dynamic::logical_product::<Tiler>, a),
        law: Law::Check(|o| check_logical_product(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "zipped_product",
        aliases: &[],
        args: A_TILER,
        help: "Logical product regrouped as ((A modes),(B modes))",
        example: example(
            &["(2,2):(1,2)", "(3,4):(1,3)"],
            "((2,2),(3,4)):((1,2),(4,12))",
        ),
        run: |a| by_tiler(cute_dynamic::zipped_product::<Tiler>, a),
        law: Law::Check(|o| check_zipped_product(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "tiled_product",
        aliases: &[],
        args: A_TILER,
        help: "Logical product regrouped as (A, B0, B1, …)",
        example: example(&["(2,2):(1,2)", "(3,4):(1,3)"], "((2,2),3,4):((1,2),4,12)"),
        run: |a| by_tiler(cute_dynamic::tiled_product::<Tiler>, a),
        law: Law::Check(|o| check_tiled_product(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "flat_product",
        aliases: &[],
        args: A_TILER,
        help: "Logical product with every mode flattened one level",
        example: example(&["(2,2):(1,2)", "(3,4):(1,3)"], "(2,2,3,4):(1,2,4,12)"),
        run: |a| by_tiler(cute_dynamic::flat_product::<Tiler>, a),
        law: Law::Check(|o| check_flat_product(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "blocked_product",
        aliases: &["blocked"],
        args: A_B,
        help: "Product with A's modes as blocks: ((A0,B0),(A1,B1),…)",
        example: example(
            &["(2,2):(1,2)", "(3,4):(1,3)"],
            "((2,3),(2,4)):((1,4),(2,12))",
        ),
        run: |a| by_layout(cute_dynamic::blocked_product, a),
        law: Law::Check(|o| check_blocked_product(&o.layout(0)?, &o.layout(1)?, &o.out()?)),
    },
    Operation {
        name: "raked_product",
        aliases: &["raked"],
        args: A_B,
        help: "Product with A's modes raked across B: ((B0,A0),(B1,A1),…)",
        example: example(
            &["(2,2):(1,2)", "(3,4):(1,3)"],
            "((3,2),(4,2)):((4,1),(12,2))",
        ),
        run: |a| by_layout(cute_dynamic::raked_product, a),
        law: Law::Check(|o| check_raked_product(&o.layout(0)?, &o.layout(1)?, &o.out()?)),
    },
    Operation {
        name: "max_common_layout",
        aliases: &[],
        args: A_B,
        help: "Largest layout R with A(R(k)) = B(R(k)) = k",
        example: example(&["(4,8):(1,4)", "(4,2):(1,4)"], "8:1"),
        run: |a| by_layout(cute_dynamic::max_common_layout, a),
        law: Law::Check(|o| check_max_common_layout(&o.layout(0)?, &o.layout(1)?, &o.out()?)),
    },
    Operation {
        name: "max_common_vector",
        aliases: &[],
        args: A_B,
        help: "Size of max_common_layout(A, B)",
        example: example(&["(4,8):(1,4)", "(4,2):(1,4)"], "8"),
        run: |a| Ok(cute_dynamic::max_common_vector(&a.layout(0)?, &a.layout(1)?)?.to_string()),
        law: Law::Check(|o| check_max_common_vector(&o.layout(0)?, &o.layout(1)?, o.out_int()?)),
    },
    Operation {
        name: "shape_div",
        aliases: &[],
        args: TUPLES,
        help: "Divide shape A by B (mode by mode; ±1 where A divides B)",
        example: example(&["(4,5,6)", "40"], "(1,1,3)"),
        run: |a| by_tuples(cute_dynamic::shape_div, a),
        law: Law::Check(|o| check_shape_div(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?)),
    },
    Operation {
        name: "ceil_div",
        aliases: &[],
        args: TUPLES,
        help: "⌈A / B⌉ mode by mode (missing modes of B are 1); B a layout S:D: the shape of complement(B, A) (CuTe's ceil_div(target, tiler))",
        example: example(&["(10,7,3)", "(4,2)"], "(3,4,3)"),
        run: |a| match a.text(1) {
            Some(b) if b.contains(':') => {
                Ok(cute_dynamic::ceil_div_by_layout(&a.int_tuple(0)?, &a.layout(1)?)?.to_string())
            }
            _ => by_tuples(cute_dynamic::ceil_div, a),
        },
        law: Law::Check(|o| match o.text(1).contains(':') {
            true => check_ceil_div_by_layout(&o.tuple(0)?, &o.layout(1)?, &o.out_tuple()?),
            false => check_ceil_div(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?),
        }),
    },
    Operation {
        name: "round_up",
        aliases: &[],
        args: TUPLES,
        help: "Each leaf of A rounded up to a multiple of the matching leaf of B",
        example: example(&["(10,(7,3))", "(8,(2,2))"], "(16,(8,4))"),
        run: |a| by_tuples(cute_dynamic::round_up, a),
        law: Law::Check(|o| check_round_up(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?)),
    },
    Operation {
        name: "product_each",
        aliases: &[],
        args: &[arg("A", ArgKind::IntTuple)],
        help: "The size of each mode of A, as a flat tuple",
        example: example(&["((2,3),4,(5,(1,2)))"], "(6,4,10)"),
        run: |a| Ok(cute_dynamic::product_each(&a.int_tuple(0)?)?.to_string()),
        law: Law::Check(|o| check_product_each(&o.tuple(0)?, &o.out_tuple()?)),
    },
    Operation {
        name: "inner_product",
        aliases: &[],
        args: TUPLES,
        help: "Σ aᵢ·bᵢ over the leaves of two congruent tuples",
        example: example(&["(2,(3,4))", "(1,(10,100))"], "432"),
        run: |a| Ok(cute_dynamic::inner_product(&a.int_tuple(0)?, &a.int_tuple(1)?)?.to_string()),
        law: Law::Check(|o| check_inner_product(&o.tuple(0)?, &o.tuple(1)?, o.out_int()?)),
    },
    Operation {
        name: "elem_scale",
        aliases: &[],
        args: TUPLES,
        help: "Each leaf of A times the size of the matching mode of B",
        example: example(&["(2,(3,4))", "((2,2),(5,1))"], "(8,(15,4))"),
        run: |a| by_tuples(cute_dynamic::elem_scale, a),
        law: Law::Check(|o| check_elem_scale(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?)),
    },
    Operation {
        name: "congruent",
        aliases: &[],
        args: TUPLES,
        help: "Whether A and B have the same profile (true/false)",
        example: example(&["((1,2),3)", "((5,6),7)"], "true"),
        run: |a| predicate(cute_dynamic::congruent, a),
        law: Law::Check(|o| check_congruent(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "weakly_congruent",
        aliases: &[],
        args: TUPLES,
        help: "Whether A's profile is a coarsening of B's (true/false)",
        example: example(&["(1,2)", "((1,2),(3,4))"], "true"),
        run: |a| predicate(cute_dynamic::weakly_congruent, a),
        law: Law::Check(|o| check_weakly_congruent(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "compatible",
        aliases: &[],
        args: TUPLES,
        help: "Whether a coordinate of shape A is a coordinate of shape B (true/false)",
        example: example(&["(2,15)", "(2,(3,5))"], "true"),
        run: |a| predicate(cute_dynamic::compatible, a),
        law: Law::Check(|o| check_compatible(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "weakly_compatible",
        aliases: &[],
        args: TUPLES,
        help: "Whether each leaf of A divides the size of B's matching mode (true/false)",
        example: example(&["(2,5)", "(4,(3,5))"], "true"),
        run: |a| order(cute_dynamic::weakly_compatible, a),
        law: Law::Check(|o| check_weakly_compatible(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "evenly_divides",
        aliases: &[],
        args: &[
            arg("SHAPE", ArgKind::IntTuple),
            arg("TILER", ArgKind::Tiler),
        ],
        help: "Whether each mode of TILER (a shape, or a tiler <…> whose layouts count by their size, _ by 1) divides SHAPE's without remainder (true/false)",
        example: example(&["(128,64)", "(32,16)"], "true"),
        run: |a| {
            let tiler = match a.required(1)?.parse::<IntTuple>() {
                Ok(t) => t,
                Err(_) => tile_sizes(&a.tiler(1)?).ok_or_else(|| {
                    a.invalid(
                        1,
                        "a tiler of modes <…> (a whole layout has no modes to divide by)",
                    )
                })?,
            };
            Ok(cute_dynamic::evenly_divides(&a.int_tuple(0)?, &tiler)?.to_string())
        },
        law: Law::Check(|o| {
            // A tiler of modes counts as the sizes the operation reads.
            let tiler = match o.text(1).parse::<IntTuple>() {
                Ok(t) => t,
                Err(_) => o
                    .text(1)
                    .parse::<Tiler>()
                    .ok()
                    .and_then(|t| tile_sizes(&t))
                    .ok_or_else(|| o.bad("tiler", o.text(1)))?,
            };
            check_evenly_divides(&o.tuple(0)?, &tiler, o.out_bool()?)
        }),
    },
    Operation {
        name: "lex_less",
        aliases: &[],
        args: TUPLES,
        help: "Whether A < B lexicographically, first mode most significant (true/false)",
        example: example(&["(1,5)", "(2,0)"], "true"),
        run: |a| order(cute_dynamic::lex_less, a),
        law: Law::Check(|o| check_lex_less(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "colex_less",
        aliases: &[],
        args: TUPLES,
        help: "Whether A < B colexicographically, last mode most significant (true/false)",
        example: example(&["(5,1)", "(0,2)"], "true"),
        run: |a| order(cute_dynamic::colex_less, a),
        law: Law::Check(|o| check_colex_less(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "elem_less",
        aliases: &[],
        args: TUPLES,
        help: "Whether every leaf of A is below the matching leaf of B (true/false)",
        example: example(&["(3,(1,7))", "(4,(2,8))"], "true"),
        run: |a| order(cute_dynamic::elem_less, a),
        law: Law::Check(|o| check_elem_less(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "elem_leq",
        aliases: &[],
        args: TUPLES,
        help: "CuTe's !elem_less(B, A): whether not every leaf of B is below A's (true/false)",
        example: example(&["(5,(1,9))", "(4,(2,8))"], "true"),
        run: |a| order(cute_dynamic::elem_leq, a),
        law: Law::Check(|o| check_elem_leq(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "elem_gtr",
        aliases: &[],
        args: TUPLES,
        help: "CuTe's elem_less(B, A): whether every leaf of B is below A's (true/false)",
        example: example(&["(4,(2,8))", "(3,(1,7))"], "true"),
        run: |a| order(cute_dynamic::elem_gtr, a),
        law: Law::Check(|o| check_elem_gtr(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "elem_geq",
        aliases: &[],
        args: TUPLES,
        help: "CuTe's !elem_less(A, B): whether not every leaf of A is below B's (true/false)",
        example: example(&["(3,(2,7))", "(4,(2,8))"], "true"),
        run: |a| order(cute_dynamic::elem_geq, a),
        law: Law::Check(|o| check_elem_geq(&o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "lex_leq",
        aliases: &[],
        args: TUPLES,
        help: "CuTe's !lex_less(B, A): A at most B lexicographically (true/false)",
        example: example(&["(1,5)", "(2,0)"], "true"),
        run: |a| order(cute_dynamic::lex_leq, a),
        law: Law::Check(|o| check_lex_order(o.op, &o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "lex_gtr",
        aliases: &[],
        args: TUPLES,
        help: "CuTe's lex_less(B, A): A above B lexicographically (true/false)",
        example: example(&["(2,0)", "(1,5)"], "true"),
        run: |a| order(cute_dynamic::lex_gtr, a),
        law: Law::Check(|o| check_lex_order(o.op, &o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "lex_geq",
        aliases: &[],
        args: TUPLES,
        help: "CuTe's !lex_less(A, B): A at least B lexicographically (true/false)",
        example: example(&["(1,2)", "(1,2,0)"], "false"),
        run: |a| order(cute_dynamic::lex_geq, a),
        law: Law::Check(|o| check_lex_order(o.op, &o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "colex_leq",
        aliases: &[],
        args: TUPLES,
        help: "CuTe's !colex_less(B, A): A at most B colexicographically (true/false)",
        example: example(&["(5,1)", "(0,2)"], "true"),
        run: |a| order(cute_dynamic::colex_leq, a),
        law: Law::Check(|o| check_lex_order(o.op, &o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "colex_gtr",
        aliases: &[],
        args: TUPLES,
        help: "CuTe's colex_less(B, A): A above B colexicographically (true/false)",
        example: example(&["(0,2)", "(5,1)"], "true"),
        run: |a| order(cute_dynamic::colex_gtr, a),
        law: Law::Check(|o| check_lex_order(o.op, &o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "colex_geq",
        aliases: &[],
        args: TUPLES,
        help: "CuTe's !colex_less(A, B): A at least B colexicographically (true/false)",
        example: example(&["(5,1)", "(0,2)"], "false"),
        run: |a| order(cute_dynamic::colex_geq, a),
        law: Law::Check(|o| check_lex_order(o.op, &o.tuple(0)?, &o.tuple(1)?, o.out_bool()?)),
    },
    Operation {
        name: "abs",
        aliases: &[],
        args: &[arg("T", ArgKind::IntTuple)],
        help: "T with every leaf replaced by its absolute value",
        example: example(&["(-3,(4,-5))"], "(3,(4,5))"),
        run: |a| Ok(cute_dynamic::abs(&a.int_tuple(0)?)?.to_string()),
        law: Law::Check(|o| check_abs(&o.tuple(0)?, &o.out_tuple()?)),
    },
    Operation {
        name: "max",
        aliases: &[],
        args: &[arg("T", ArgKind::IntTuple)],
        help: "The largest leaf of T (CuTe's max fold)",
        example: example(&["(3,(7,2))"], "7"),
        run: |a| Ok(cute_dynamic::max(&a.int_tuple(0)?)?.to_string()),
        law: Law::Check(|o| check_max(&o.tuple(0)?, o.out_int()?)),
    },
    Operation {
        name: "min",
        aliases: &[],
        args: &[arg("T", ArgKind::IntTuple)],
        help: "The smallest leaf of T (CuTe's min fold)",
        example: example(&["(3,(7,2))"], "2"),
        run: |a| Ok(cute_dynamic::min(&a.int_tuple(0)?)?.to_string()),
        law: Law::Check(|o| check_min(&o.tuple(0)?, o.out_int()?)),
    },
    Operation {
        name: "gcd",
        aliases: &[],
        args: &[arg("T", ArgKind::IntTuple)],
        help: "The greatest common divisor of the leaves of T (CuTe's gcd fold)",
        example: example(&["(12,(18,30))"], "6"),
        run: |a| Ok(cute_dynamic::gcd(&a.int_tuple(0)?)?.to_string()),
        law: Law::Check(|o| check_gcd(&o.tuple(0)?, o.out_int()?)),
    },
    Operation {
        name: "sum",
        aliases: &[],
        args: &[arg("T", ArgKind::IntTuple)],
        help: "The sum of the leaves of T",
        example: example(&["(1,(2,3))"], "6"),
        run: |a| Ok(cute_dynamic::sum(&a.int_tuple(0)?)?.to_string()),
        law: Law::Check(|o| check_sum(&o.tuple(0)?, o.out_int()?)),
    },
    Operation {
        name: "shape_min",
        aliases: &[],
        args: TUPLES,
        help: "The smaller of two shape integers, 1 when either is 1",
        example: example(&["8", "3"], "3"),
        run: |a| Ok(cute_dynamic::shape_min(&a.int_tuple(0)?, &a.int_tuple(1)?)?.to_string()),
        law: Law::Check(|o| check_shape_min(&o.tuple(0)?, &o.tuple(1)?, o.out_int()?)),
    },
    Operation {
        name: "product_like",
        aliases: &[],
        args: &[arg("T", ArgKind::IntTuple), arg("GUIDE", ArgKind::IntTuple)],
        help: "The size of each part of T at the leaves of GUIDE (congruent to GUIDE)",
        example: example(&["((2,3),(4,5),6)", "(1,(1,1),1)"], "(6,(4,5),6)"),
        run: |a| by_tuples(cute_dynamic::product_like, a),
        law: Law::Check(|o| check_product_like(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?)),
    },
    Operation {
        name: "nullspace",
        aliases: &[],
        args: LAYOUT,
        help: "The indices a layout sends to 0 through its stride-0 modes (a layout)",
        example: example(&["(2,4,6):(1,2,0)"], "6:8"),
        run: |a| Ok(cute_dynamic::nullspace(&a.layout(0)?).to_string()),
        law: Law::Check(|o| check_nullspace(&o.layout(0)?, &o.out()?)),
    },
    Operation {
        name: "domain_offset",
        aliases: &[],
        args: &[
            arg("COORD", ArgKind::IntTuple),
            arg("LAYOUT", ArgKind::Layout),
        ],
        help: "Move a layout's origin to a coordinate: prints OFFSET|LAYOUT",
        example: example(
            &["(2,(1,1))", "(8,(4,2)):(1,(8,64))"],
            "74|(8,(4,2)):(1,(8,64))",
        ),
        run: |a| {
            let (l, offset) = cute_dynamic::domain_offset(&a.int_tuple(0)?, &a.layout(1)?)?;
            Ok(format!("{offset}|{l}"))
        },
        law: Law::Check(|o| {
            let (off, r) = o.out_offset()?;
            check_domain_offset(&o.tuple(0)?, &o.layout(1)?, &r, off)
        }),
    },
    Operation {
        name: "dice",
        aliases: &[],
        args: &[arg("COORD", ArgKind::Coord), arg("LAYOUT", ArgKind::Layout)],
        help: "Keep the modes of a layout where the coordinate is an integer (drop the `_` ones)",
        example: example(
            &["(2,_)", "((3,2),((2,3),2)):((4,1),((2,15),100))"],
            "((3,2)):((4,1))",
        ),
        run: |a| Ok(cute_dynamic::dice(&a.coord(0)?, &a.layout(1)?)?.to_string()),
        law: Law::Check(|o| check_dice(&o.coord(0)?, &o.layout(1)?, &o.out()?)),
    },
    Operation {
        name: "make_ordered_layout",
        aliases: &["ordered_layout"],
        args: &[
            arg("SHAPE", ArgKind::IntTuple),
            arg("ORDER", ArgKind::IntTuple),
        ],
        help: "The compact layout of SHAPE with its modes laid out in increasing ORDER (an order tuple, or LayoutLeft / LayoutRight: CuTe's make_layout(shape, LayoutLeft{}) / LayoutRight{})",
        example: example(&["(2,2,2,2)", "(0,2,3,1)"], "(2,2,2,2):(1,4,8,2)"),
        run: |a| {
            let shape = a.int_tuple(0)?;
            Ok(match a.required(1)?.trim() {
                "LayoutLeft" => Layout::column_major(&shape)?,
                "LayoutRight" => Layout::row_major(&shape)?,
                _ => cute_dynamic::make_ordered_layout(&shape, &a.int_tuple(1)?)?,
            }
            .to_string())
        },
        law: Law::Check(|o| {
            let shape = o.tuple(0)?;
            // CuTe's tags as orders: LayoutLeft lays the leaves out first to
            // last, LayoutRight last to first.
            let n = shape.as_ref().leaf_count() as i64;
            let order = match o.text(1).trim() {
                "LayoutLeft" => replace_leaves(shape.as_ref(), 0..n),
                "LayoutRight" => replace_leaves(shape.as_ref(), (0..n).rev()),
                _ => o.tuple(1)?,
            };
            check_make_ordered_layout(&shape, &order, &o.out()?)
        }),
    },
    Operation {
        name: "compact_order",
        aliases: &[],
        args: &[
            arg("SHAPE", ArgKind::IntTuple),
            arg("ORDER", ArgKind::IntTuple),
        ],
        help: "CuTe's compact_order: the strides of make_ordered_layout(SHAPE, ORDER)",
        example: example(&["(2,2,2,2)", "(0,2,3,1)"], "(1,4,8,2)"),
        run: |a| Ok(cute_dynamic::compact_order(&a.int_tuple(0)?, &a.int_tuple(1)?)?.to_string()),
        law: Law::Check(|o| check_compact_order(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?)),
    },
    Operation {
        name: "make_layout_like",
        aliases: &["layout_like"],
        args: LAYOUT,
        help: "The compact layout with a layout's shape and the order of its strides",
        example: example(&["(2,3,4,5):(0,42,1,0)"], "(2,3,4,5):(0,4,1,0)"),
        run: |a| unary(cute_dynamic::make_layout_like, a),
        law: Law::Check(|o| check_make_layout_like(&o.layout(0)?, &o.out()?)),
    },
    Operation {
        name: "tile_to_shape",
        aliases: &[],
        args: &[
            arg("BLOCK", ArgKind::Layout),
            arg("SHAPE", ArgKind::IntTuple),
            optional("ORDER", ArgKind::IntTuple),
        ],
        help: "Repeat a block layout to fill a shape (tiles in ORDER, default column-major)",
        example: example(
            &["(2,2):(1,2)", "(4,4)", "(1,0)"],
            "((2,2),(2,2)):((1,8),(2,4))",
        ),
        run: |a| {
            let order = match a.text(2) {
                None => None,
                Some(_) => Some(a.int_tuple(2)?),
            };
            Ok(
                cute_dynamic::tile_to_shape(&a.layout(0)?, &a.int_tuple(1)?, order.as_ref())?
                    .to_string(),
            )
        },
        law: Law::Check(|o| {
            let order = match o.given(2) {
                false => None,
                true => Some(o.tuple(2)?),
            };
            check_tile_to_shape(&o.layout(0)?, &o.tuple(1)?, order.as_ref(), &o.out()?)
        }),
    },
    Operation {
        name: "greatest_common_domain",
        aliases: &[],
        args: TUPLES,
        help: "The factors two shapes share in order, at their start indices (a layout)",
        example: example(&["(5,3,4)", "(10,6)"], "(5,2):(1,30)"),
        run: |a| {
            Ok(
                cute_dynamic::greatest_common_domain(&a.int_tuple(0)?, &a.int_tuple(1)?)?
                    .to_string(),
            )
        },
        law: Law::Check(|o| check_greatest_common_domain(&o.tuple(0)?, &o.tuple(1)?, &o.out()?)),
    },
    Operation {
        name: "layout_add",
        aliases: &[],
        args: A_B,
        help: "The layout R with R(i) = A(i) + B(i) for every index i (coalesced)",
        example: example(&["(4,3):(1,4)", "(4,3):(3,1)"], "(4,3):(4,5)"),
        run: |a| by_layout(cute_dynamic::layout_add, a),
        law: Law::Check(|o| check_layout_add(&o.layout(0)?, &o.layout(1)?, &o.out()?)),
    },
    Operation {
        name: "domain_distribute",
        aliases: &[],
        args: &[arg("SHAPE", ArgKind::IntTuple), arg("N", ArgKind::Integer)],
        help: "A layout selecting N (or as many as fit) indices of SHAPE, spread over its modes",
        example: example(&["(15,14)", "6"], "(3,2):(1,15)"),
        run: |a| Ok(cute_dynamic::domain_distribute(&a.int_tuple(0)?, a.integer(1)?)?.to_string()),
        law: Law::Check(|o| check_domain_distribute(&o.tuple(0)?, o.int(1)?, &o.out()?)),
    },
    Operation {
        name: "coshape",
        aliases: &[],
        args: LAYOUT,
        help: "The codomain's extent: the largest offset of L with |strides|, plus one",
        example: example(&["(4,(2,3)):(2,(1,-8))"], "24"),
        run: |a| Ok(cute_dynamic::coshape(&a.layout(0)?)?.to_string()),
        law: Law::Check(|o| check_coshape(&o.layout(0)?, o.out_int()?)),
    },
    Operation {
        name: "with_shape",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("SHAPE", ArgKind::IntTuple),
        ],
        help: "LAYOUT read through SHAPE: LAYOUT ∘ SHAPE (column-major)",
        example: example(&["32:1", "(4,8)"], "(4,8):(1,4)"),
        run: |a| Ok(cute_dynamic::with_shape(&a.layout(0)?, &a.int_tuple(1)?)?.to_string()),
        law: Law::Check(|o| check_with_shape(&o.layout(0)?, &o.tuple(1)?, &o.out()?)),
    },
    Operation {
        name: "unflatten",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("PROFILE", ArgKind::IntTuple),
        ],
        help: "A flat LAYOUT regrouped by PROFILE (one leaf per mode)",
        example: example(&["(2,3,4):(1,2,6)", "(1,(1,1))"], "(2,(3,4)):(1,(2,6))"),
        run: |a| Ok(cute_dynamic::unflatten(&a.layout(0)?, &a.int_tuple(1)?)?.to_string()),
        law: Law::Check(|o| check_unflatten(&o.layout(0)?, &o.tuple(1)?, &o.out()?)),
    },
    Operation {
        name: "append",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            optional("X", ArgKind::Layout),
            optional("N", ArgKind::Integer),
        ],
        help: "LAYOUT with X (default 1:0) as a new last mode, or padded with X to rank N",
        example: example(&["(4,8):(1,4)", "1:0", "4"], "(4,8,1,1):(1,4,0,0)"),
        run: |a| pad(a, false),
        law: Law::Check(check_append_text),
    },
    Operation {
        name: "prepend",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            optional("X", ArgKind::Layout),
            optional("N", ArgKind::Integer),
        ],
        help: "LAYOUT with X (default 1:0) as a new first mode, or padded with X to rank N",
        example: example(&["4:1", "2:8", "3"], "(2,2,4):(8,8,1)"),
        run: |a| pad(a, true),
        law: Law::Check(check_append_text),
    },
    Operation {
        name: "zip2_by",
        aliases: &[],
        args: &[arg("LAYOUT", ArgKind::Layout), arg("TILER", ArgKind::Tiler)],
        help: "A by-mode divide's result regrouped as ((tiles…),(rests…,untiled modes…))",
        example: example(
            &["((2,3),(4,5),7):((1,2),(6,24),120)", "<_,_>"],
            "((2,4),(3,5,7)):((1,6),(2,24,120))",
        ),
        run: |a| Ok(cute_dynamic::zip2_by(&a.layout(0)?, &a.tiler(1)?)?.to_string()),
        law: Law::Check(|o| check_zip2_by(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "prefix_product",
        aliases: &[],
        args: &[
            arg("TUPLE", ArgKind::IntTuple),
            optional("INIT", ArgKind::IntTuple),
        ],
        help: "Exclusive prefix products of TUPLE's leaves from INIT (default 1; a tuple: by mode)",
        example: example(&["(4,(1,3),2)", "1"], "(1,(4,4),12)"),
        run: |a| {
            let init = match a.text(1) {
                Some(_) => a.int_tuple(1)?,
                None => IntTuple::int(1),
            };
            Ok(cute_dynamic::prefix_product(&a.int_tuple(0)?, &init)?.to_string())
        },
        law: Law::Check(|o| {
            let init = match o.given(1) {
                true => o.tuple(1)?,
                false => IntTuple::int(1),
            };
            check_prefix_product(&o.tuple(0)?, &init, &o.out_tuple()?)
        }),
    },
    Operation {
        name: "zip",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            optional("B", ArgKind::Layout),
        ],
        help: "Modes that are tuples of one rank transposed: mode j gathers sub-mode j of each; with B, zip((LAYOUT, B))",
        example: example(
            &["((2,3),(4,5)):((1,2),(6,24))"],
            "((2,4),(3,5)):((1,6),(2,24))",
        ),
        run: |a| {
            Ok(match a.text(1) {
                None => cute_dynamic::zip(&a.layout(0)?)?,
                Some(_) => cute_dynamic::zip_layouts(&a.layout(0)?, &a.layout(1)?)?,
            }
            .to_string())
        },
        law: Law::Check(|o| match o.given(1) {
            false => check_zip(&o.layout(0)?, &o.out()?),
            true => check_zip(&Layout::concat([&o.layout(0)?, &o.layout(1)?]), &o.out()?),
        }),
    },
    Operation {
        name: "tile_unzip",
        aliases: &[],
        args: LAYOUT_TILER,
        help: "CuTe's tile_unzip: zip2_by of the shape and the stride ((tiles…),(rests…))",
        example: example(
            &["((2,4),(4,2)):((1,2),(8,32))", "<2:1,4:1>"],
            "((2,4),(4,2)):((1,8),(2,32))",
        ),
        run: |a| by_tiler(cute_dynamic::tile_unzip, a),
        law: Law::Check(|o| check_zip2_by(&o.layout(0)?, &o.tiler(1)?, &o.out()?)),
    },
    Operation {
        name: "coalesce_x",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            optional("PROFILE", ArgKind::IntTuple),
        ],
        help: "Coalesce keeping the values beyond the domain too (a trailing 1:d seeds 2:d); optionally by a profile",
        example: example(&["(4,1):(1,0)"], "(4,2):(1,0)"),
        run: |a| {
            let l = a.layout(0)?;
            Ok(match a.text(1) {
                None => cute_dynamic::coalesce_x(&l)?,
                Some(_) => cute_dynamic::coalesce_x_by(&l, &a.int_tuple(1)?)?,
            }
            .to_string())
        },
        law: Law::Check(|o| match o.given(1) {
            false => check_coalesce_x(&o.layout(0)?, &o.out()?),
            true => check_coalesce_x_by(&o.layout(0)?, &o.tuple(1)?, &o.out()?),
        }),
    },
    Operation {
        name: "bw_coalesce",
        aliases: &[],
        args: &[arg("LAYOUT", ArgKind::Layout), arg("SEED", ArgKind::Layout)],
        help: "LAYOUT's leaves, last to first, coalesced onto the front of the flat stack SEED",
        example: example(&["(2,3):(1,2)", "4:6"], "24:1"),
        run: |a| by_layout(cute_dynamic::bw_coalesce, a),
        law: Law::Check(|o| check_bw_coalesce(&o.layout(0)?, &o.layout(1)?, &o.out()?)),
    },
    Operation {
        name: "max_alignment",
        aliases: &[],
        args: LAYOUT,
        help: "CuTe's max_alignment: gcd(size<0>(P), stride<1>(P)), P = logical_divide(F, right_inverse(F)), F = coalesce(L)",
        example: example(&["(4,8):(16,1)"], "8"),
        run: |a| Ok(cute_dynamic::max_alignment(&a.layout(0)?)?.to_string()),
        law: Law::Check(|o| check_max_alignment(&o.layout(0)?, o.out_int()?)),
    },
    Operation {
        name: "make_layout",
        aliases: &[],
        args: &[
            arg("SHAPE", ArgKind::IntTuple),
            optional("STRIDE", ArgKind::IntTuple),
            optional("L2", ArgKind::Layout),
            optional("L3", ArgKind::Layout),
            optional("L4", ArgKind::Layout),
            optional("L5", ArgKind::Layout),
            optional("L6", ArgKind::Layout),
            optional("L7", ArgKind::Layout),
        ],
        help: "The layout SHAPE:STRIDE (no STRIDE: compact column-major); given layouts L0 L1 … (up to 8), CuTe's make_layout(L0, L1, …): the layout whose modes are they",
        example: example(&["(4,(2,3))"], "(4,(2,3)):(1,(4,8))"),
        run: |a| {
            if a.text(0).is_some_and(|t| t.contains(':')) {
                // CuTe's make_layout(layout0, layout1, …).
                let modes = (0..a.args.len())
                    .map(|i| a.layout(i))
                    .collect::<Result<Vec<_>, _>>()?;
                return Ok(Layout::concat(&modes).to_string());
            }
            if a.args.len() > 2 {
                return Err(a.invalid(2, "a shape and a stride take no further layouts (give layouts L0 L1 … to join them)"));
            }
            let shape = a.int_tuple(0)?;
            Ok(match a.text(1) {
                None => Layout::column_major(&shape)?,
                Some(_) => Layout::new(shape, a.int_tuple(1)?)?,
            }
            .to_string())
        },
        law: Law::Check(|o| {
            if o.text(0).contains(':') {
                let modes = (0..o.len())
                    .map(|i| o.layout(i))
                    .collect::<Result<Vec<_>, _>>()?;
                return check_make_layout_of(&modes, &o.out()?);
            }
            match o.given(1) {
                false => check_make_layout(&o.tuple(0)?, None, &o.out()?),
                true => check_make_layout(&o.tuple(0)?, Some(&o.tuple(1)?), &o.out()?),
            }
        }),
    },
    Operation {
        name: "select",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("MODES", ArgKind::IntTuple),
        ],
        help: "The modes MODES (an index or a flat tuple of indices), in that order, as a layout",
        example: example(&["(2,3,4):(1,2,6)", "(2,0)"], "(4,2):(6,1)"),
        run: |a| {
            let (l, idx) = (a.layout(0)?, indices(a, 1)?);
            // Bound the copies a hostile index list asks for.
            let leaves = |i: usize| l.as_ref().mode(i).map_or(0, |m| m.leaf_modes().count());
            let total = idx.iter().try_fold(0usize, |n, &i| {
                Some(n + leaves(i)).filter(|&n| n <= cute_dynamic::__tools::MAX_BUILT)
            });
            if total.is_none() {
                return Err(a.invalid(1, "the result would have more than 2^20 leaves"));
            }
            Ok(l.select(&idx)?.to_string())
        },
        law: Law::Check(|o| {
            let idx = o
                .tuple(1)?
                .leaves()
                .map(usize::try_from)
                .collect::<Result<Vec<usize>, _>>()
                .map_err(|_| o.bad("indices", o.text(1)))?;
            check_select(&o.layout(0)?, &idx, &o.out()?)
        }),
    },
    Operation {
        name: "take",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("BEGIN", ArgKind::Integer),
            arg("END", ArgKind::Integer),
        ],
        help: "Modes BEGIN..END (CuTe's take<B,E>)",
        example: example(&["(2,3,4):(1,2,6)", "1", "3"], "(3,4):(2,6)"),
        run: |a| Ok(a.layout(0)?.take(index(a, 1)?, index(a, 2)?)?.to_string()),
        law: Law::Check(|o| check_take(&o.layout(0)?, o.index(1)?, o.index(2)?, &o.out()?)),
    },
    Operation {
        name: "replace",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("INDEX", ArgKind::Integer),
            arg("MODE", ArgKind::Layout),
        ],
        help: "LAYOUT with mode INDEX replaced by MODE (CuTe's replace<N>; an integer layout is replaced whole)",
        example: example(
            &["(2,3,4):(1,2,6)", "1", "(5,7):(10,50)"],
            "(2,(5,7),4):(1,(10,50),6)",
        ),
        run: |a| {
            Ok(a.layout(0)?
                .replace(index(a, 1)?, &a.layout(2)?)?
                .to_string())
        },
        law: Law::Check(|o| check_replace(&o.layout(0)?, o.index(1)?, &o.layout(2)?, &o.out()?)),
    },
    Operation {
        name: "group_modes",
        aliases: &["group"],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("BEGIN", ArgKind::Integer),
            arg("END", ArgKind::Integer),
        ],
        help: "Modes BEGIN..END grouped into one mode (CuTe's group<B,E>, group_modes<B,E>)",
        example: example(
            &["(2,3,4,5):(1,2,6,24)", "1", "3"],
            "(2,(3,4),5):(1,(2,6),24)",
        ),
        run: |a| {
            Ok(a.layout(0)?
                .group_modes(index(a, 1)?, index(a, 2)?)?
                .to_string())
        },
        law: Law::Check(|o| check_group_modes(&o.layout(0)?, o.index(1)?, o.index(2)?, &o.out()?)),
    },
    Operation {
        name: "flatten",
        aliases: &[],
        args: LAYOUT,
        help: "The leaves as a flat layout",
        example: example(&["((2,2),(4,2)):((1,8),(2,16))"], "(2,2,4,2):(1,8,2,16)"),
        run: |a| Ok(a.layout(0)?.flatten().to_string()),
        law: Law::Check(|o| check_flatten(&o.layout(0)?, &o.out()?)),
    },
    Operation {
        name: "upcast",
        aliases: &[],
        args: &[arg("N", ArgKind::Integer), arg("LAYOUT", ArgKind::Layout)],
        help: "CuTe's upcast<N>: N consecutive elements viewed as one",
        example: example(&["2", "(4,8):(1,4)"], "(2,8):(1,2)"),
        run: |a| Ok(cute_dynamic::upcast(a.integer(0)?, &a.layout(1)?)?.to_string()),
        law: Law::Check(|o| check_upcast(o.int(0)?, &o.layout(1)?, &o.out()?)),
    },
    Operation {
        name: "downcast",
        aliases: &[],
        args: &[arg("N", ArgKind::Integer), arg("LAYOUT", ArgKind::Layout)],
        help: "CuTe's downcast<N>: every element split into N",
        example: example(&["2", "(4,8):(1,4)"], "(8,8):(1,8)"),
        run: |a| Ok(cute_dynamic::downcast(a.integer(0)?, &a.layout(1)?)?.to_string()),
        law: Law::Check(|o| check_downcast(o.int(0)?, &o.layout(1)?, &o.out()?)),
    },
    Operation {
        name: "recast_layout",
        aliases: &[],
        args: &[
            arg("OLD_BITS", ArgKind::Integer),
            arg("NEW_BITS", ArgKind::Integer),
            arg("LAYOUT", ArgKind::Layout),
        ],
        help: "CuTe's recast_layout<Old,New> for element sizes in bits: upcast then downcast",
        example: example(&["16", "32", "(4,8):(1,4)"], "(2,8):(1,2)"),
        run: |a| {
            Ok(
                cute_dynamic::recast_layout(a.integer(0)?, a.integer(1)?, &a.layout(2)?)?
                    .to_string(),
            )
        },
        law: Law::Check(|o| check_recast_layout(o.int(0)?, o.int(1)?, &o.layout(2)?, &o.out()?)),
    },
    Operation {
        name: "crd2idx",
        aliases: &[],
        args: &[
            arg("COORD", ArgKind::IntTuple),
            arg("SHAPE", ArgKind::IntTuple),
            optional("STRIDE", ArgKind::IntTuple),
        ],
        help: "CuTe's crd2idx(coord, shape, stride): the offset of COORD (weakly congruent to SHAPE); without STRIDE, crd2idx(coord, shape): Horner's rule on a COORD congruent to SHAPE",
        example: example(&["(2,5)", "((2,2),(4,2))", "((1,8),(2,16))"], "26"),
        run: |a| match a.text(2) {
            Some(_) => {
                let l = Layout::new(a.int_tuple(1)?, a.int_tuple(2)?)?;
                Ok(cute_dynamic::crd2idx(&a.int_tuple(0)?, &l)?.to_string())
            }
            None => {
                Ok(cute_dynamic::crd2idx_shape(&a.int_tuple(0)?, &a.int_tuple(1)?)?.to_string())
            }
        },
        law: Law::Check(|o| match o.given(2) {
            true => check_crd2idx(&o.tuple(0)?, &o.tuple(1)?, &o.tuple(2)?, o.out_int()?),
            false => check_crd2idx_shape(&o.tuple(0)?, &o.tuple(1)?, o.out_int()?),
        }),
    },
    Operation {
        name: "increment",
        aliases: &[],
        args: &[
            arg("COORD", ArgKind::IntTuple),
            arg("SHAPE", ArgKind::IntTuple),
        ],
        help: "The next coordinate of SHAPE colexicographically (after the last: the end, last leaf = its extent)",
        example: example(&["(1,(0,2))", "(2,(2,3))"], "(0,(1,2))"),
        run: |a| {
            let mut c = a.int_tuple(0)?;
            cute_dynamic::increment(&mut c, &a.int_tuple(1)?)?;
            Ok(c.to_string())
        },
        law: Law::Check(|o| check_increment(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?)),
    },
    Operation {
        name: "repeat_like",
        aliases: &[],
        args: &[arg("TUPLE", ArgKind::IntTuple), arg("X", ArgKind::IntTuple)],
        help: "TUPLE's tree with every leaf replaced by X",
        example: example(&["(1,2,(2,3),3)", "0"], "(0,0,(0,0),0)"),
        run: |a| Ok(cute_dynamic::repeat_like(&a.int_tuple(0)?, &a.int_tuple(1)?)?.to_string()),
        law: Law::Check(|o| check_repeat_like(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?)),
    },
    Operation {
        name: "make_int_tuple",
        aliases: &[],
        args: &[
            arg("N", ArgKind::Integer),
            arg("VALUES", ArgKind::IntTuple),
            arg("INIT", ArgKind::Integer),
        ],
        help: "CuTe's make_int_tuple<N>(values, n, init): rank N, VALUES first, then INIT",
        example: example(&["5", "(6,3,4)", "0"], "(6,3,4,0,0)"),
        run: |a| {
            let n = index(a, 0)?;
            Ok(cute_dynamic::make_int_tuple(n, &values(a, 1)?, a.integer(2)?)?.to_string())
        },
        law: Law::Check(|o| {
            let n = usize::try_from(o.int(0)?).map_err(|_| o.bad("rank", o.text(0)))?;
            let values: Vec<i64> = o.tuple(1)?.leaves().collect();
            check_make_int_tuple(n, &values, o.int(2)?, &o.out_tuple()?)
        }),
    },
    Operation {
        name: "make_int_tuple_from",
        aliases: &["fill_int_tuple_from"],
        args: &[
            arg("TEMPLATE", ArgKind::Coord),
            arg("VALUES", ArgKind::IntTuple),
        ],
        help: "TEMPLATE's holes _ (CuTe's dynamic leaves) filled in order from VALUES",
        example: example(&["(1,(_,_,3),_,2)", "(6,3,4)"], "(1,(6,3,3),4,2)"),
        run: |a| Ok(cute_dynamic::make_int_tuple_from(&a.coord(0)?, &values(a, 1)?)?.to_string()),
        law: Law::Check(|o| {
            let values: Vec<i64> = o.tuple(1)?.leaves().collect();
            check_make_int_tuple_from(&o.coord(0)?, &values, &o.out_tuple()?)
        }),
    },
    Operation {
        name: "escan",
        aliases: &[],
        args: SCAN,
        help: "CuTe's exclusive scan of TUPLE's integer modes from INIT by OP (plus, multiplies, max, min)",
        example: example(&["(2,3,4)", "1", "multiplies"], "(1,2,6)"),
        run: |a| scan(a, "escan", false),
        law: Law::Check(check_scan_text),
    },
    Operation {
        name: "iscan",
        aliases: &[],
        args: SCAN,
        help: "CuTe's inclusive scan of TUPLE's integer modes from INIT by OP (plus, multiplies, max, min)",
        example: example(&["(2,3,4)", "0", "plus"], "(2,5,9)"),
        run: |a| scan(a, "iscan", true),
        law: Law::Check(check_scan_text),
    },
    Operation {
        name: "idx2crd",
        aliases: &[],
        args: &[
            arg("INDEX", ArgKind::IntTuple),
            arg("SHAPE", ArgKind::IntTuple),
            optional("STRIDE", ArgKind::IntTuple),
        ],
        help: "The coordinate of INDEX in SHAPE (colexicographic, last mode unreduced), or by STRIDE: (i / d) % s per leaf",
        example: example(&["50", "(8,128)", "(1,16)"], "(2,3)"),
        run: |a| {
            let shape = a.int_tuple(1)?;
            Ok(match a.text(2) {
                Some(_) => {
                    cute_dynamic::idx2crd_strided(&a.int_tuple(0)?, &shape, &a.int_tuple(2)?)?
                }
                None => {
                    cute_dynamic::Layout::column_major(&shape)?;
                    cute_dynamic::idx2crd(a.integer(0)?, &shape)
                }
            }
            .to_string())
        },
        law: Law::Check(check_idx2crd_text),
    },
    Operation {
        name: "crd2crd",
        aliases: &[],
        args: &[
            arg("COORD", ArgKind::IntTuple),
            arg("SRC_SHAPE", ArgKind::IntTuple),
            arg("DST_SHAPE", ArgKind::IntTuple),
        ],
        help: "The coordinate of DST_SHAPE with COORD's colexicographic index in SRC_SHAPE",
        example: example(&["((1,1),2)", "((2,2),3)", "(4,(3))"], "(3,(2))"),
        run: |a| {
            Ok(
                cute_dynamic::crd2crd(&a.int_tuple(0)?, &a.int_tuple(1)?, &a.int_tuple(2)?)?
                    .to_string(),
            )
        },
        law: Law::Check(|o| {
            check_crd2crd(&o.tuple(0)?, &o.tuple(1)?, &o.tuple(2)?, &o.out_tuple()?)
        }),
    },
    Operation {
        name: "get_hier_coord",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("INDEX", ArgKind::Integer),
        ],
        help: "CuTe's Layout::get_hier_coord: idx2crd(INDEX, shape, stride), the coordinate of INDEX in a compact LAYOUT",
        example: example(&["(2,(3,4)):(1,(2,6))", "17"], "(1,(2,2))"),
        run: |a| Ok(a.layout(0)?.get_hier_coord(a.integer(1)?)?.to_string()),
        law: Law::Check(|o| check_get_hier_coord(&o.layout(0)?, o.int(1)?, &o.out_tuple()?)),
    },
    Operation {
        name: "get_flat_coord",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("INDEX", ArgKind::Integer),
        ],
        help: "CuTe's Layout::get_flat_coord: get_hier_coord with each mode's part as its 1-D coordinate in that mode",
        example: example(&["(2,(3,4)):(1,(2,6))", "17"], "(1,8)"),
        run: |a| Ok(a.layout(0)?.get_flat_coord(a.integer(1)?)?.to_string()),
        law: Law::Check(|o| check_get_flat_coord(&o.layout(0)?, o.int(1)?, &o.out_tuple()?)),
    },
    Operation {
        name: "get_1d_coord",
        aliases: &[],
        args: &[
            arg("LAYOUT", ArgKind::Layout),
            arg("INDEX", ArgKind::Integer),
        ],
        help: "CuTe's Layout::get_1d_coord: crd2idx(get_hier_coord(INDEX), shape), the column-major 1-D coordinate",
        example: example(&["(4,8):(8,1)", "11"], "13"),
        run: |a| Ok(a.layout(0)?.get_1d_coord(a.integer(1)?)?.to_string()),
        law: Law::Check(|o| check_get_1d_coord(&o.layout(0)?, o.int(1)?, o.out_int()?)),
    },
    Operation {
        name: "compact_col_major",
        aliases: &[],
        args: &[
            arg("SHAPE", ArgKind::IntTuple),
            optional("START", ArgKind::IntTuple),
        ],
        help: "The compact column-major strides of SHAPE from the stride START (default 1); a tuple START goes mode by mode (CuTe's compact_major with a tuple of starts)",
        example: example(&["(4,(1,3))", "2"], "(2,(0,8))"),
        run: |a| {
            let start = match a.text(1) {
                Some(_) => a.int_tuple(1)?,
                None => IntTuple::int(1),
            };
            Ok(cute_dynamic::compact_col_major_by(&a.int_tuple(0)?, &start)?.to_string())
        },
        law: Law::Check(|o| match o.text(1).contains('(') {
            true => check_compact_col_major_by(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?),
            false => {
                let start = if o.given(1) { o.int(1)? } else { 1 };
                check_compact_col_major(&o.tuple(0)?, start, &o.out_tuple()?)
            }
        }),
    },
    Operation {
        name: "compact_row_major",
        aliases: &[],
        args: &[
            arg("SHAPE", ArgKind::IntTuple),
            optional("START", ArgKind::IntTuple),
        ],
        help: "The compact row-major strides of SHAPE from the stride START (default 1); a tuple START goes mode by mode (CuTe's compact_major with a tuple of starts)",
        example: example(&["(2,3,4)"], "(12,4,1)"),
        run: |a| {
            let start = match a.text(1) {
                Some(_) => a.int_tuple(1)?,
                None => IntTuple::int(1),
            };
            Ok(cute_dynamic::compact_row_major_by(&a.int_tuple(0)?, &start)?.to_string())
        },
        law: Law::Check(|o| match o.text(1).contains('(') {
            true => check_compact_row_major_by(&o.tuple(0)?, &o.tuple(1)?, &o.out_tuple()?),
            false => {
                let start = if o.given(1) { o.int(1)? } else { 1 };
                check_compact_row_major(&o.tuple(0)?, start, &o.out_tuple()?)
            }
        }),
    },
    Operation {
        name: "swizzle",
        aliases: &[],
        args: &[
            arg("SWIZZLE", ArgKind::Swizzle),
            arg("OFFSET", ArgKind::Integer),
        ],
        help: "Apply a swizzle Sw<B,M,S> (written B,M,S) to an offset",
        example: example(&["3,4,3", "128"], "144"),
        run: |a| Ok(a.swizzle(0)?.apply(a.integer(1)?).to_string()),
        law: Law::Check(|o| check_swizzle_at(&o.swizzle(0)?, o.int(1)?, o.out_int()?)),
    },
    Operation {
        name: "descriptor",
        aliases: &[],
        args: &[arg("DESCRIPTOR", ArgKind::Descriptor)],
        help: "Normalise a stride descriptor (counts and basis dimensions)",
        example: example(&["( 1@0 , 8/2@1 )"], "(1@0,4@1)"),
        run: |a| Ok(a.descriptor(0)?.to_string()),
        law: Law::Check(|o| check_descriptor(&o.descriptor(0)?, o.result())),
    },
    Operation {
        name: "mma_atom",
        aliases: &[],
        args: &[arg("ATOM", ArgKind::Text), arg("QUERY", ArgKind::Text)],
        help: "A query of an MMA atom (CUTLASS name): Shape_MNK, ThrID, ALayout, BLayout, CLayout",
        example: example(
            &["UniversalFMA<float,float,float,float>", "Shape_MNK"],
            "(1,1,1)",
        ),
        run: super::atom_ops::run_mma_atom,
        law: Law::Check(check_mma_atom_text),
    },
    Operation {
        name: "tiled_mma",
        aliases: &[],
        args: &[
            arg("ATOM", ArgKind::Text),
            arg("ATOM_LAYOUT", ArgKind::Text),
            arg("PERMUTATION", ArgKind::Text),
            arg("QUERY", ArgKind::Text),
        ],
        help: "A query of make_tiled_mma(ATOM, ATOM_LAYOUT, PERMUTATION) (\"\" = default): thr_layout_vmnk, tile_size<I>, size, layoutX_TV, partition_X(t=T), partition_X_coord(t=T), partition_shape_X(SHAPE), partition_fragment_X(t=T), partition_fragment_desc_A|B(t=T[,addr=ADDRESS],smem=SMEM_LAYOUT)",
        example: example(
            &[
                "SM80_16x8x16_F32F16F16F32_TN",
                "(2,2,1)",
                "<32,32,16>",
                "thr_layout_vmnk",
            ],
            "(32,2,2,1):(1,32,64,0)",
        ),
        run: super::atom_ops::run_tiled_mma,
        law: Law::Check(check_tiled_mma_text),
    },
    Operation {
        name: "tiled_copy",
        aliases: &[],
        args: &[
            arg("COPY_ATOM", ArgKind::Text),
            arg("VALUE_TYPE", ArgKind::Text),
            arg("THR_LAYOUT", ArgKind::Layout),
            arg("VAL_LAYOUT", ArgKind::Layout),
            arg("QUERY", ArgKind::Text),
        ],
        help: "A query of make_tiled_copy(Copy_Atom<COPY_ATOM,VALUE_TYPE>, THR_LAYOUT, VAL_LAYOUT): Tiler_MN, TiledLayout_TV, layoutS_TV, layoutD_TV, size, partition_S|D(t=T), partition_S|D_coord(t=T), make_fragment_like(partition_D(t=T)), retile_D(…)",
        example: example(
            &[
                "UniversalCopy<uint128_t>",
                "half_t",
                "(32,4):(4,1)",
                "(1,8)",
                "TiledLayout_TV",
            ],
            "((4,32),8):((256,1),32)",
        ),
        run: super::atom_ops::run_tiled_copy,
        law: Law::Check(check_tiled_copy_text),
    },
    Operation {
        name: "tiled_copy_mma",
        aliases: &[],
        args: &[
            arg("COPY_ATOM", ArgKind::Text),
            arg("VALUE_TYPE", ArgKind::Text),
            arg("OPERAND", ArgKind::Text),
            arg("ATOM", ArgKind::Text),
            arg("ATOM_LAYOUT", ArgKind::Text),
            arg("PERMUTATION", ArgKind::Text),
            arg("QUERY", ArgKind::Text),
        ],
        help: "A query of make_tiled_copy_A|B|C(Copy_Atom<COPY_ATOM,VALUE_TYPE>, make_tiled_mma(ATOM, ATOM_LAYOUT, PERMUTATION)), as tiled_copy",
        example: example(
            &[
                "UniversalCopy<uint128_t>",
                "half_t",
                "A",
                "SM80_16x8x16_F32F16F16F32_TN",
                "(2,2,1)",
                "",
                "Tiler_MN",
            ],
            "(32,16)",
        ),
        run: super::atom_ops::run_tiled_copy_mma,
        law: Law::Check(check_tiled_copy_text),
    },
    Operation {
        name: "gmma_desc",
        aliases: &[],
        args: &[
            arg("MAJOR", ArgKind::Text),
            arg("SMEM_LAYOUT", ArgKind::Text),
            arg("VALUE_TYPE", ArgKind::Text),
            optional("ADDRESS", ArgKind::Integer),
        ],
        help: "CuTe's GMMA::make_gmma_desc<MAJOR> (K, MN) of the shared-memory layout SMEM_LAYOUT (plain or Sw<B,M,S> o OFFSET o LAYOUT) of VALUE_TYPE elements at byte ADDRESS (default 0): prints 0xWORD|start_addr=…,leading_off=…,stride_off=…,base_offset=…,layout_type=…",
        example: example(
            &[
                "K",
                "Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)",
                "half_t",
                "1024",
            ],
            "0x4000004000010040|start_addr=64,leading_off=1,stride_off=64,base_offset=0,layout_type=B128",
        ),
        run: super::atom_ops::run_gmma_desc,
        law: Law::Check(check_gmma_desc_text),
    },
];

/// The operation called `name` or one of its aliases.
///
/// ```
/// assert_eq!(cute_tools::operation("compose").unwrap().name, "composition");
/// assert!(cute_tools::operation("frobnicate").is_none());
/// ```
pub fn operation(name: &str) -> Option<&'static Operation> {
    OPERATIONS
        .iter()
        .find(|op| op.name == name || op.aliases.contains(&name))
}

const SCAN: &[Arg] = &[
    arg("TUPLE", ArgKind::IntTuple),
    arg("INIT", ArgKind::Integer),
    arg("OP", ArgKind::Text),
];

/// Argument `i` as an index (an integer ≥ 0).
fn index(a: &Args<'_>, i: usize) -> Result<usize, LayoutError> {
    usize::try_from(a.integer(i)?).map_err(|_| a.invalid(i, "expected an index ≥ 0"))
}

/// Argument `i` as a list of integers: an integer, or a flat tuple of them.
fn values(a: &Args<'_>, i: usize) -> Result<Vec<i64>, LayoutError> {
    let t = a.int_tuple(i)?;
    if t.depth() > 1 {
        return Err(a.invalid(i, "expected an integer or a flat tuple of integers"));
    }
    Ok(t.leaves().collect())
}

/// Argument `i` as a list of mode indices.
fn indices(a: &Args<'_>, i: usize) -> Result<Vec<usize>, LayoutError> {
    values(a, i)?
        .into_iter()
        .map(|v| usize::try_from(v).map_err(|_| a.invalid(i, "expected indices ≥ 0")))
        .collect()
}

/// `escan`/`iscan` by an operator named in the table.
fn scan(a: &Args<'_>, operation: &'static str, inclusive: bool) -> Result<String, LayoutError> {
    let name = a.text(2).unwrap_or_default();
    let op = cute_dynamic::__tools::scan_operator(name)
        .ok_or_else(|| a.invalid(2, "expected plus, multiplies, max or min"))?;
    let t = a.int_tuple(0)?;
    let r = cute_dynamic::__tools::scan_integers(operation, &t, a.integer(1)?, op, inclusive)?;
    Ok(r.to_string())
}

/// `append`/`prepend` with their optional `X` (default `1:0`) and rank `N`.
fn pad(a: &Args<'_>, front: bool) -> Result<String, LayoutError> {
    let l = a.layout(0)?;
    let x: Layout = match a.text(1) {
        Some(_) => a.layout(1)?,
        None => Layout::rank1(1, 0)?,
    };
    let r = match (a.text(2), front) {
        (None, false) => l.append(&x),
        (None, true) => l.prepend(&x),
        (Some(_), _) => {
            let n =
                usize::try_from(a.integer(2)?).map_err(|_| a.invalid(2, "expected a rank ≥ 0"))?;
            if front {
                l.prepend_to(n, &x)?
            } else {
                l.append_to(n, &x)?
            }
        }
    };
    Ok(r.to_string())
}

/// Run operation `op` (by its name; the CLI's aliases are not op names) on
/// text operands and print the result in CuTe notation.
///
/// ```
/// use cute_tools::apply;
/// assert_eq!(apply("composition", &["(4,6,8,10):(2,3,5,7)", "6:12"])?, "(2,3):(9,5)");
/// assert_eq!(apply("eval", &["((2,2),(4,2)):((1,8),(2,16))", "(2,5)"])?, "26");
/// assert_eq!(apply("complement", &["4:32", "256"])?, "(32,2):(1,128)");
/// assert!(apply("composition", &["(4,6,8):(2,3,5)", "6:3"]).is_err());
/// assert_eq!(apply("swizzle", &["3,4,3", "128"])?, "144");
/// assert_eq!(apply("descriptor", &["( 1@0 , 8/2@1 )"])?, "(1@0,4@1)");
/// assert_eq!(apply("size", &[]).unwrap_err().kind(), "arity");
/// assert_eq!(apply("complement", &["4:1", "(2,-2)"]).unwrap_err().kind(), "invalid_argument");
/// assert_eq!(apply("compose", &["4:1", "2:1"]).unwrap_err().kind(), "unknown_operation");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn apply(op: &str, args: &[&str]) -> Result<String, LayoutError> {
    match OPERATIONS.iter().find(|o| o.name == op) {
        Some(o) => o.apply(args),
        None => Err(LayoutError::UnknownOperation {
            name: op.to_string(),
        }),
    }
}

/// Check a printed result of operation `op` (by its name, as [`apply`]
/// takes it) on text operands against the operation's law (its
/// [`Operation::check`]); a name that is not in the table is a violation.
///
/// ```
/// use cute_tools::check_law;
/// check_law("slice", &["(4,8):(8,1)", "(_,2)"], "2|(4):(8)").unwrap();
/// assert!(check_law("shape_div", &["(4,5,6)", "40"], "(1,5,3)").is_err());
/// assert_eq!(check_law("frobnicate", &["4:1"], "4").unwrap_err().law, "unknown");
/// ```
pub fn check_law(op: &str, args: &[&str], result: &str) -> Result<(), Violation> {
    match OPERATIONS.iter().find(|o| o.name == op) {
        Some(o) => o.check(args, result),
        None => Err(Violation {
            law: "unknown",
            operands: format!("{op}{args:?}"),
            result: result.to_string(),
            witness: None,
            detail: format!("no operation {op:?} in the table"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `evenly_divides` takes a tiler of modes (CuTe's
    /// `evenly_divides(shape, tile)`), `make_ordered_layout` CuTe's
    /// `LayoutLeft`/`LayoutRight` tags (both were parse errors).
    #[test]
    fn tilers_and_layout_tags_are_read() {
        let ok = |op: &str, args: &[&str]| apply(op, args).unwrap();
        assert_eq!(ok("evenly_divides", &["(128,64)", "<32:1,16:1>"]), "true");
        assert_eq!(
            ok("evenly_divides", &["(128,64)", "<(16,2):(1,64),_>"]),
            "true"
        );
        assert_eq!(ok("evenly_divides", &["(128,64)", "<48:1,_>"]), "false");
        assert_eq!(ok("evenly_divides", &["(128,64)", "(32,16)"]), "true");
        assert_eq!(
            apply("evenly_divides", &["(128,64)", "(32,16):(1,32)"])
                .unwrap_err()
                .kind(),
            "invalid_argument"
        );
        assert_eq!(
            ok("make_ordered_layout", &["(2,3,4)", "LayoutRight"]),
            "(2,3,4):(12,4,1)"
        );
        assert_eq!(
            ok("make_ordered_layout", &["(2,3,4)", "LayoutLeft"]),
            "(2,3,4):(1,2,6)"
        );
    }

    /// Every entry's law: its example satisfies it and a malformed result
    /// breaks it; an entry without one says why, and only the pure queries
    /// have none.
    #[test]
    fn every_operation_has_a_law_or_says_why_not() {
        let mut unchecked = Vec::new();
        for op in OPERATIONS {
            let (args, out) = (op.example.args, op.example.output);
            if let Some(why) = op.unchecked() {
                assert!(!why.trim().is_empty(), "{}: no reason", op.name);
                assert_eq!(op.check(args, "#"), Ok(()), "{}", op.name);
                unchecked.push(op.name);
                continue;
            }
            if let Err(v) = op.check(args, out) {
                panic!("{}: the example {args:?} = {out}: {v}", op.name);
            }
            assert!(op.check(args, "#").is_err(), "{}", op.name);
        }
        assert_eq!(unchecked, ["eval", "size", "cosize", "rank", "depth"]);
    }

    #[test]
    fn every_example_prints_what_it_shows() {
        for op in OPERATIONS {
            assert_eq!(
                apply(op.name, op.example.args).as_deref(),
                Ok(op.example.output),
                "{}",
                op.name
            );
        }
    }

    #[test]
    fn names_are_unique_and_optional_arguments_trail() {
        let mut names: Vec<&str> = OPERATIONS
            .iter()
            .flat_map(|op| core::iter::once(op.name).chain(op.aliases.iter().copied()))
            .collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "a name or alias is used twice");
        for op in OPERATIONS {
            let first_optional = op.args.iter().position(|a| a.optional);
            if let Some(i) = first_optional {
                assert!(op.args[i..].iter().all(|a| a.optional), "{}", op.name);
            }
        }
    }

    #[test]
    fn wrong_argument_counts_are_arity_errors() {
        for op in OPERATIONS {
            let too_many = vec!["1"; op.max_args() + 1];
            let e = op.apply(&too_many).unwrap_err();
            assert_eq!(
                e,
                LayoutError::Arity {
                    operation: op.name,
                    min: op.min_args(),
                    max: op.max_args(),
                    found: op.max_args() + 1,
                }
            );
            if op.min_args() > 0 {
                let e = op.apply(&vec!["1"; op.min_args() - 1]).unwrap_err();
                assert_eq!(e.kind(), "arity", "{}", op.name);
            }
        }
        assert_eq!(
            apply("complement", &["4:1", "2", "3"])
                .unwrap_err()
                .to_string(),
            "complement takes 1 or 2 arguments, but 3 were given"
        );
        assert_eq!(
            apply("size", &[]).unwrap_err().to_string(),
            "size takes 1 argument, but 0 were given"
        );
    }

    #[test]
    fn non_integers_are_invalid_arguments() {
        // (complement's M may be a shape: CuTe's tuple cotarget.)
        let e = apply("upcast", &["(2,3)", "4:1"]).unwrap_err();
        assert_eq!(
            e,
            LayoutError::InvalidArgument {
                operation: "upcast",
                argument: "N",
                value: "(2,3)".into(),
                reason: "expected an integer".into(),
            }
        );
        assert_eq!(
            e.to_string(),
            "upcast: argument N = (2,3): expected an integer"
        );
        // (A tuple START of compact_col_major is CuTe's tuple of starts.)
        assert_eq!(
            apply("compact_col_major", &["(2,2)", "(2,3)"]).unwrap(),
            "(2,3)"
        );
        assert_eq!(
            apply("complement", &["4:1", "0"]).unwrap_err().kind(),
            "invalid_argument"
        );
        assert_eq!(
            apply("swizzle", &["3,4,3", "x"]).unwrap_err().kind(),
            "parse"
        );
    }
}
