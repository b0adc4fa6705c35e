//! The other layout kinds the parser reads, in every operation that takes
//! a layout: a coordinate layout (basis strides, `(4,8):(1@0,1@1)`, CuTe's
//! layouts of `ArithTuple` strides) and a swizzled layout (`Sw<B,M,S> o
//! OFFSET o LAYOUT`, CuTe's `ComposedLayout`). [`Operation::apply`] sends
//! an operand of either kind here instead of failing to parse it as an
//! integer layout; what is answered follows CuTe:
//!
//! * a swizzled layout: the operations CuTe defines on a `ComposedLayout`
//!   by its inner layout (`composition(swizzle, offset, f(layout))`: the
//!   divides, the products, `tile_to_shape`, `coalesce`, `filter`,
//!   `flatten`, `take`, `group`, `append`, `zip`, …), its queries (`size`,
//!   `rank`, `depth`, `cosize` of the inner layout, evaluation), `slice`
//!   and `domain_offset` (the fixed part's offset joins the inner offset,
//!   the pointer offset is 0), `complement` (of the inner layout),
//!   `max_alignment` (the gcd of `2^M`, the offset and the inner layout's)
//!   and `nullspace` (`1:0`);
//! * a coordinate layout: the operations that act on the domain only (the
//!   same list less the products and `tile_to_shape`, whose complement
//!   works on the codomain), run through the integer encodings of
//!   [`CoordLayout::lift`], its queries and evaluation, `slice`, and
//!   `complement`/`right_inverse`/`left_inverse` dimension by dimension
//!   (Cecka Tables 5-7).
//!
//! Any other operation, or a second layout operand of another kind, is an
//! `invalid_argument` naming the kind, never a parse error and never a
//! guess.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use cute_dynamic::{
    CoordLayout, Layout, LayoutError, SwizzledLayout, coord_complement, coord_left_inverse,
    coord_right_inverse,
};

use cute_core::int::gcd;

use crate::ops::{ArgKind, Args, Operation};

/// A layout operand that is not an integer layout.
enum Other {
    Coord(CoordLayout),
    Swizzled(SwizzledLayout),
}

impl Other {
    fn name(&self) -> &'static str {
        match self {
            Other::Coord(_) => "a coordinate layout (basis strides)",
            Other::Swizzled(_) => "a swizzled layout",
        }
    }
}

/// The kind `text` is written in, when it is not an integer layout's
/// notation (`None`): `Sw<…> o …` is swizzled, a `@` marks basis strides.
fn other_kind(text: &str) -> Option<Result<Other, LayoutError>> {
    if text.trim_start().starts_with("Sw<") {
        Some(text.parse().map(Other::Swizzled))
    } else if text.contains('@') {
        Some(text.parse().map(Other::Coord))
    } else {
        None
    }
}

/// Operations on the domain only: `f(L ∘ …)`-shaped, so a coordinate
/// layout goes through [`CoordLayout::lift`] and a swizzled one keeps its
/// swizzle and offset around `f(inner)`.
const DOMAIN: &[&str] = &[
    "coalesce",
    "filter",
    "composition",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "zip2_by",
    "tile_unzip",
    "with_shape",
    "unflatten",
    "append",
    "prepend",
    "zip",
    "select",
    "take",
    "group_modes",
    "flatten",
    "dice",
];

/// CuTe's `ComposedLayout` operations by the inner layout that need its
/// codomain (a complement): swizzled layouts only.
const SWIZZLED_INNER: &[&str] = &[
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "tile_to_shape",
];

/// The answer of `op` on `args` when its layout operand is of another
/// kind, `None` when every layout operand is an integer layout (the
/// operation's own function answers).
pub(crate) fn apply_other(op: &Operation, args: &[&str]) -> Option<Result<String, LayoutError>> {
    let given = |i: &usize| *i < args.len();
    let first = (0..op.args.len())
        .filter(given)
        .find(|&i| op.args[i].kind == ArgKind::Layout)?;
    let invalid = |i: usize, reason: String| LayoutError::InvalidArgument {
        operation: op.name,
        argument: op.args[i].name,
        value: args[i].to_string(),
        reason,
    };
    // Another layout (or a tiler written as a layout) of another kind: no
    // such call.
    let later = (0..op.args.len()).filter(given).filter(|&i| {
        i != first
            && match op.args[i].kind {
                ArgKind::Layout => true,
                ArgKind::Tiler => !args[i].trim_start().starts_with('<'),
                _ => false,
            }
    });
    for i in later {
        if let Some(k) = other_kind(args[i]) {
            return Some(k.and_then(|k| {
                Err(invalid(
                    i,
                    format!("{}: {} takes an integer layout here", k.name(), op.name),
                ))
            }));
        }
    }
    let kind = match other_kind(args[first])? {
        Ok(k) => k,
        Err(e) => return Some(Err(e)),
    };
    let more_layouts = op
        .args
        .iter()
        .enumerate()
        .any(|(i, a)| i != first && a.kind == ArgKind::Layout && i < args.len());
    let run = |inner: &Layout| -> Result<String, LayoutError> {
        let text = inner.to_string();
        let mut with: Vec<&str> = args.to_vec();
        with[first] = &text;
        op.run_on(&with)
    };
    let result = match (&kind, op.name) {
        (Other::Coord(l), name) => coord(op, l, args, more_layouts, name, &run),
        (Other::Swizzled(l), name) => swizzled(op, l, args, name, &run),
    };
    Some(result.unwrap_or_else(|| {
        Err(invalid(
            first,
            format!(
                "{}: {} is answered for integer layouts only (CuTe has no {} of this kind)",
                kind.name(),
                op.name,
                op.name
            ),
        ))
    }))
}

/// A coordinate layout's answer, `None` for an operation it has none for.
fn coord(
    op: &Operation,
    l: &CoordLayout,
    args: &[&str],
    more_layouts: bool,
    name: &str,
    run: &dyn Fn(&Layout) -> Result<String, LayoutError>,
) -> Option<Result<String, LayoutError>> {
    let a = Args::new(op, args);
    let arg = |i: usize| a.int_tuple(i);
    Some(match name {
        "size" => Ok(l.size().to_string()),
        "rank" => Ok(l.rank().to_string()),
        "depth" => Ok(l.shape().depth().to_string()),
        "eval" => arg(1).and_then(|c| l.call_coord(&c)).map(|r| r.to_string()),
        "slice" => a
            .coord(1)
            .and_then(|c| l.slice(&c))
            .map(|(sub, off)| format!("{off}|{sub}")),
        "slice_and_offset" => a
            .coord(1)
            .and_then(|c| l.slice(&c))
            .map(|(sub, off)| format!("{sub}|{off}")),
        "domain_offset" => arg(0)
            .and_then(|c| l.call_coord(&c))
            .map(|off| format!("{off}|{l}")),
        "complement" => {
            let m = match a.text(1) {
                Some(_) => match arg(1) {
                    Ok(m) => Some(m),
                    Err(e) => return Some(Err(e)),
                },
                None => None,
            };
            coord_complement(l, m.as_ref()).map(|r| r.to_string())
        }
        "right_inverse" => coord_right_inverse(l).map(|r| r.to_string()),
        "left_inverse" => coord_left_inverse(l).map(|r| r.to_string()),
        // An integer layout operand beside it would be read as the
        // encoding's strides: no such call.
        _ if DOMAIN.contains(&name) && !more_layouts => {
            l.lift(&|enc| run(enc)?.parse()).map(|r| r.to_string())
        }
        _ => return None,
    })
}

/// A swizzled layout's answer, `None` for an operation it has none for.
fn swizzled(
    op: &Operation,
    l: &SwizzledLayout,
    args: &[&str],
    name: &str,
    run: &dyn Fn(&Layout) -> Result<String, LayoutError>,
) -> Option<Result<String, LayoutError>> {
    let a = Args::new(op, args);
    let wrap = |offset: i64, inner: Layout| SwizzledLayout::new(l.swizzle(), offset, inner);
    let overflow = || LayoutError::Overflow {
        operation: "domain_offset",
        operands: l.to_string(),
    };
    Some(match name {
        "size" => Ok(l.size().to_string()),
        "rank" => Ok(l.layout().rank().to_string()),
        "depth" => Ok(l.layout().depth().to_string()),
        "cosize" | "complement" => run(l.layout()),
        "eval" => a
            .int_tuple(1)
            .and_then(|c| l.call_coord(&c))
            .map(|r| r.to_string()),
        // CuTe: the fixed part's offset joins the inner offset; the
        // pointer offset is 0.
        "slice" => a
            .coord(1)
            .and_then(|c| l.slice(&c))
            .map(|s| format!("0|{s}")),
        "slice_and_offset" => a
            .coord(1)
            .and_then(|c| l.slice(&c))
            .map(|s| format!("{s}|0")),
        "domain_offset" => a.int_tuple(0).and_then(|c| {
            let off = l.layout().call_coord(&c)?;
            let offset = l.offset().checked_add(off).ok_or_else(overflow)?;
            Ok(format!("0|{}", wrap(offset, l.layout().clone())))
        }),
        // CuTe: gcd(max_alignment(swizzle) = 2^M, the offset, the inner
        // layout's).
        "max_alignment" => run(l.layout()).and_then(|inner| {
            let inner: i64 = inner.parse().map_err(|_| LayoutError::Unsupported {
                operation: "max_alignment",
                reason: format!("the inner layout of {l} has no integer alignment"),
            })?;
            let m = 1i64 << l.swizzle().base();
            let offset = i64::try_from(l.offset().unsigned_abs()).unwrap_or(0);
            Ok(gcd(gcd(m, offset), inner.abs()).to_string())
        }),
        "nullspace" => Ok("1:0".to_string()),
        // CuTe's zip of a ComposedLayout takes no second layout.
        "zip" if args.len() > 1 => return None,
        _ if DOMAIN.contains(&name) || SWIZZLED_INNER.contains(&name) => run(l.layout())
            .and_then(|r| r.parse::<Layout>())
            .map(|inner| wrap(l.offset(), inner).to_string()),
        _ => return None,
    })
}
