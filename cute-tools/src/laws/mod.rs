//! The executable contract of every operation, written once: one
//! `check_<op>(operands…, result)` per operation, stating the defining
//! property at the top of that operation's module, checked by evaluation.
//! The laws are in one file per module of cute-dynamic, with its name
//! (`laws/composition.rs` for `algebra/composition.rs`, `laws/coordinate.rs`
//! for `data/coordinate.rs`, `laws/atom.rs` for `atom/`); this file holds
//! what they share (the [`Violation`], the sampled domains) and the reading
//! of text operands for the operation table. Every test layer calls these: the property tests, every
//! valid oracle row, the static cross-check and the mixed tests (through
//! `to_dynamic()`), the three-kinds test and the fuzz target.
//!
//! Each check returns a [`Violation`] naming the law, the operands, the
//! result and, where one exists, a witness coordinate in CuTe notation.
//! Evaluation is exhaustive on domains of up to [`EXHAUSTIVE_LIMIT`]
//! points; larger domains are sampled (the first half of the limit, then
//! evenly spaced points up to the last one).
//!
//! | operation | law |
//! |---|---|
//! | `coalesce` | same size, `R(i) == L(i)`, depth ≤ 1, fewest modes |
//! | `coalesce_by` | each profiled mode coalesced, the others kept |
//! | `filter_zeros` | same structure, stride-0 leaves of size 1 |
//! | `filter` | `R(i) == filter_zeros(L)(i)`, coalesced, no stride-0 or size-1 mode |
//! | `composition` | `compatible(B, R)`, `R(c) == A(B(c))` on `B`'s domain; by mode for tilers |
//! | `complement` | strictly increasing, disjoint from `A`'s image, `M ≤ span(A,R) < M + span(A)`; a bijection onto `[0, size(A)·size(R))` when admissible |
//! | `right_inverse` | `L(R(i)) == i` for `i < size(R)` |
//! | `left_inverse` | `R(L(i)) == i` (injective `L`), else `L(R(L(i))) == L(i)` |
//! | `logical_divide` | `R == A ∘ (B, complement(B, size(A)))` by mode |
//! | `zipped/tiled/flat_divide` | the leaves of the logical divide, regrouped |
//! | `logical_product` | `R == (A, complement(A, size(A)·cosize(B)) ∘ B)` by mode |
//! | `zipped/tiled/flat_product` | the leaves of the logical product, regrouped |
//! | `blocked/raked_product` | the modes of the padded logical product, zipped |
//! | `downcast` | `R(i) == N·L(i / N) + i mod N` when the first leaf alone has stride ±1, and it is 1 |
//! | `upcast` | the leaf rule; `N·R(i) == L(N·i)` when the first leaf is `s:1` with `N \| s` and `N` divides every other stride |
//! | `recast_layout` | `downcast(den, upcast(num, L))` for `new/old = num/den`, each by its law |
//! | `shape_div`, `ceil_div`, `round_up` | quotient (or `±1`), ceiling, least multiple; mode by mode or folded |
//! | `product_each`, `inner_product`, `elem_scale` | sizes of the modes (an integer is itself), `Σ aᵢ·bᵢ`, leaves scaled by mode sizes |
//! | `congruent`, `weakly_congruent`, `compatible`, `weakly_compatible`, `evenly_divides` | the predicate's definition on the profiles |
//! | `lex_less`, `colex_less`, `elem_less`, `elem_leq`, `elem_gtr`, `elem_geq`, `lex_`/`colex_leq`, `_gtr`, `_geq` | the order of the leaf sequences (congruent operands) |
//! | `nullspace` | `L(R(i)) == 0`, injective, the size of the stride-0 leaves |
//! | `domain_offset` | `L(c + x) == offset + L(x)` |
//! | `dice` | the leaves under integers of the coordinate; splits `L` with the slice |
//! | `make_ordered_layout`, `make_layout_like` | compact, strides in the given order |
//! | `tile_to_shape` | `coalesce(blocked_product(append<N>(block), ordered_layout(ceil_div(shape, block_shape), order)), product_each(shape))`; each tile a copy of the block |
//! | `greatest_common_domain`, `domain_distribute` | increasing, admissible in `column_major(shape) ∘ R` |
//! | `layout_add` | `R(i) == A(i) + B(i)` |
//! | `max_common_layout/vector` | `A(R(k)) == k == B(R(k))` for `k < size(R)` |
//! | `slice` | `sub(k) + offset == L(coordinate with the holes filled)` |
//! | `swizzle` | an involution on `[0, period)` that keeps every aligned block |
//! | swizzled `compose` | `Sw`, `O` kept, `L ∘ B` by its law, `R(i) == Sw(O + L(B(i)))` on `B`'s domain |
//! | swizzled divides | `Sw`, `O` kept, the inner layout by the divide's law |
//! | swizzled `slice` | `Sw` kept, `R(c*) == A(c' + c*)`, the inner layout by the slice law |
//! | coordinate and swizzled operands of the table (`kinds.rs`) | per operation: the swizzled queries, slices, `domain_offset`, `complement`, `max_alignment`, `nullspace` and inner answers; a coordinate layout's answers read through injective weights of its codomain, `complement` and the inverses by dimension |
//! | `local_tile/local_partition` | the slice of the zipped divide, by evaluation; with a `Step`, the diced call |
//! | `tiled_mma` | `layoutX_TV(t, v)` is the tile index of value `v` of `partition_X` of thread `t` (X = A, B, C); fragments have the partition's shape |
//! | `tiled_copy` | `layoutS_TV(t, v)` / `layoutD_TV(t, v)` likewise against `partition_S` / `partition_D` |
//! | `mma_atom`, `copy_atom` | well formed; each tile element (each reference bit) held exactly once |
//! | `_` in tilers, `make_fragment_like`, `copy_if`, `fill`, `group_modes` | modes kept; compact, mode 0 first; by the predicate; every element; the same values |
//! | `coalesce_x`, `bw_coalesce` | depth ≤ 1, `R(i) == L(i)` for every `i ≥ 0` (size doubled by a trailing 1); `R(i) == (L, N)(i)` on the domain |
//! | `max_alignment` | CuTe's `gcd(size<0>(P), stride<1>(P))`; it divides the contiguous run and the image is a union of aligned N-blocks |
//! | `make_layout`, `select`, `take`, `group_modes` (layouts), `flatten` | the given shape and stride; the modes at the indices; the range grouped; the same leaves flat |
//! | `crd2idx`, `increment` | `Σ cᵢ·dᵢ` of the natural coordinate; colexicographic index + 1 |
//! | `repeat_like`, `make_int_tuple(_from)`, `escan`/`iscan` | `x` at every leaf; values then init; holes filled in order; the scan's recurrence |
//!
//! Each entry of the operation table ([`crate::OPERATIONS`]) names its law
//! on text operands (a field of the entry, so no operation is added without
//! one, or without the reason it has none: the pure queries `eval`, `size`,
//! `cosize`, `rank`, `depth`); [`crate::Operation::check`] and
//! [`crate::check_law`] run it.

extern crate alloc;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use alloc::vec;
use cute_dynamic::__tools::{replace_leaves, tile_of};
use cute_dynamic::Descriptor;
use cute_dynamic::Predicate;
use cute_dynamic::composition;
use cute_dynamic::logical_product;
use cute_dynamic::{AsTiler, Tiler, TilerRef};
use cute_dynamic::{Coord, crd2idx, idx2crd};
use cute_dynamic::{Counting, Engine, Tensor, TensorLayout};
use cute_dynamic::{IntTuple, IntTupleRef};
use cute_dynamic::{Layout, LayoutRef};
use cute_dynamic::{Step, fragment_layout_like, local_partition, local_tile};
use cute_dynamic::{Swizzle, SwizzledLayout};
use cute_dynamic::{logical_divide, zipped_divide};

/// The public `check_<op>` of a regrouped divide or product: the regrouped
/// check with the law's name, its grouping and what it regroups.
macro_rules! regrouped_checks {
    ($($(#[$doc:meta])* $name:ident => $base:ident($law:literal, $group:ident);)*) => {$(
        $(#[$doc])*
        pub fn $name<T: AsTiler + ?Sized>(a: &Layout, t: &T, r: &Layout) -> Result<(), Violation> {
            check_regrouped($law, a, t.as_tiler(), r, Group::$group, Logical::$base)
        }
    )*};
}

mod atom;
mod coalesce;
mod coalesce_x;
mod common_domain;
mod compact_major;
mod complement;
mod composed;
mod composition;
mod coord_iter;
mod coordinate;
mod descriptor;
mod dice;
mod divide;
mod domain_distribute;
mod domain_offset;
mod filter_by;
mod int_tuple_make;
mod int_tuple_ops;
mod inverse;
mod kinds;
mod layout;
mod layout_add;
mod layout_like;
mod layout_utils;
mod max_alignment;
mod max_common;
mod nullspace;
mod ordered_layout;
mod partition;
mod predicate;
mod product;
mod recast;
mod swizzle;
mod tile_to_shape;
mod tuple_fold;

pub use self::atom::*;
pub use self::coalesce::*;
pub use self::coalesce_x::*;
pub use self::common_domain::*;
pub use self::compact_major::*;
pub use self::complement::*;
pub use self::composed::*;
pub use self::composition::*;
pub use self::coord_iter::*;
pub use self::coordinate::*;
pub use self::descriptor::*;
pub use self::dice::*;
pub use self::divide::*;
pub use self::domain_distribute::*;
pub use self::domain_offset::*;
pub use self::filter_by::*;
pub use self::int_tuple_make::*;
pub use self::int_tuple_ops::*;
pub use self::inverse::*;
pub use self::kinds::*;
pub use self::layout::*;
pub use self::layout_add::*;
pub use self::layout_like::*;
pub use self::layout_utils::*;
pub use self::max_alignment::*;
pub use self::max_common::*;
pub use self::nullspace::*;
pub use self::ordered_layout::*;
pub use self::partition::*;
pub use self::predicate::*;
pub use self::product::*;
pub use self::recast::*;
pub use self::swizzle::*;
pub use self::tile_to_shape::*;
pub use self::tuple_fold::*;

/// Largest domain evaluated point by point; beyond it, a sample.
pub const EXHAUSTIVE_LIMIT: i64 = 1 << 16;

/// Largest image collected as a set (for disjointness and bijection).
const IMAGE_LIMIT: i64 = 1 << 20;

/// A broken law: which law, on which operands, which result, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The law's name (the operation's name).
    pub law: &'static str,
    /// The operands in CuTe notation, e.g. `(4,6):(1,4) ∘ 6:2`.
    pub operands: String,
    /// The result that breaks the law.
    pub result: String,
    /// A witness coordinate in CuTe notation, where one exists.
    pub witness: Option<String>,
    /// What fails.
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "law {} broken: {} = {}: {}",
            self.law, self.operands, self.result, self.detail
        )?;
        if let Some(w) = &self.witness {
            write!(f, " (witness {w})")?;
        }
        Ok(())
    }
}

impl core::error::Error for Violation {}

/// The law being checked and what it is checked on.
struct Ctx {
    law: &'static str,
    operands: String,
    result: String,
}

impl Ctx {
    fn new(law: &'static str, operands: String, result: &dyn fmt::Display) -> Self {
        Ctx {
            law,
            operands,
            result: result.to_string(),
        }
    }
    fn fail(&self, witness: Option<String>, detail: String) -> Violation {
        Violation {
            law: self.law,
            operands: self.operands.clone(),
            result: self.result.clone(),
            witness,
            detail,
        }
    }
    /// `Err` with `detail` unless `ok`.
    fn ensure(&self, ok: bool, detail: impl FnOnce() -> String) -> Result<(), Violation> {
        if ok {
            Ok(())
        } else {
            Err(self.fail(None, detail()))
        }
    }
}

/// The points of `[0, n)` that are evaluated: all of them up to
/// [`EXHAUSTIVE_LIMIT`], else the first half of the limit and evenly spaced
/// points up to `n - 1`.
fn points(n: i64) -> impl Iterator<Item = i64> {
    let half = EXHAUSTIVE_LIMIT / 2;
    let sampled = n > EXHAUSTIVE_LIMIT;
    let head = if sampled { half } else { n.max(0) };
    let step = if sampled {
        ((n - half) / half).max(1)
    } else {
        1
    };
    let tail = if sampled { half..n } else { n..n };
    // The last index, unless the stepped tail already ends on it (each
    // index at most once, so injectivity checks can use the samples).
    let last = sampled && (n - 1 - half) % step != 0;
    (0..head)
        .chain(tail.step_by(step as usize))
        .chain(last.then_some(n - 1))
}

/// The natural coordinate of index `i` in `l`'s shape.
fn crd(l: &Layout, i: i64) -> String {
    idx2crd(i, l.shape()).to_string()
}

/// The sorted image of `l`, when it is small enough to collect.
fn image(l: &Layout) -> Option<Vec<i64>> {
    if l.size() > IMAGE_LIMIT {
        return None;
    }
    let mut v: Vec<i64> = l.offsets().collect();
    v.sort_unstable();
    Some(v)
}

/// `R(i) == F(i)` on the points of `[0, n)`; the witness is `R`'s coordinate.
fn same_values(
    cx: &Ctx,
    r: &Layout,
    n: i64,
    f: impl Fn(i64) -> i64,
    what: &str,
) -> Result<(), Violation> {
    for i in points(n) {
        let (got, want) = (r.call(i), f(i));
        if got != want {
            return Err(cx.fail(
                Some(crd(r, i)),
                format!("R({i}) = {got} but {what}({i}) = {want}"),
            ));
        }
    }
    Ok(())
}

/// Structural equality of a mode with what the law expects.
fn same_layout(cx: &Ctx, got: Option<Layout>, want: &Layout, what: &str) -> Result<(), Violation> {
    match got {
        Some(g) if g == *want => Ok(()),
        Some(g) => Err(cx.fail(None, format!("{what} is {g}, expected {want}"))),
        None => Err(cx.fail(None, format!("{what} is missing, expected {want}"))),
    }
}

/// Mode `i` of `l` (for an integer-shaped `l`, mode 0 is `l` itself).
fn mode(l: &Layout, i: usize) -> Layout {
    l.mode(i).unwrap_or_else(|| l.clone())
}

// ---------------------------------------------------------------------
// Laws stated as sentences
// ---------------------------------------------------------------------

/// A law whose failure is a sentence (lifted to a [`Violation`] by
/// [`lift`]).
type Outcome = Result<(), String>;

fn ensure(ok: bool, msg: impl FnOnce() -> String) -> Outcome {
    if ok { Ok(()) } else { Err(msg()) }
}

/// The [`Violation`] of law `law` on `operands` and `result` when `r`
/// fails.
fn lift(
    law: &'static str,
    operands: String,
    result: &dyn fmt::Display,
    r: Outcome,
) -> Result<(), Violation> {
    r.map_err(|detail| Ctx::new(law, operands, result).fail(None, detail))
}

/// The [`Violation`] of the law of a binary operation `op(x, y) == r` when
/// `r` fails.
fn binary_law(
    op: &'static str,
    x: &dyn fmt::Display,
    y: &dyn fmt::Display,
    result: &dyn fmt::Display,
    r: Outcome,
) -> Result<(), Violation> {
    lift(op, format!("{op}({x}, {y})"), result, r)
}

/// [`binary_law`] of an int-tuple operation whose law `law` reads the
/// three tuples.
fn tuple_law(
    op: &'static str,
    a: &IntTuple,
    b: &IntTuple,
    r: &IntTuple,
    law: fn(IntTupleRef<'_>, IntTupleRef<'_>, IntTupleRef<'_>) -> Outcome,
) -> Result<(), Violation> {
    binary_law(op, a, b, r, law(a.as_ref(), b.as_ref(), r.as_ref()))
}

fn size128(t: IntTupleRef<'_>) -> i128 {
    t.leaves().map(i128::from).product()
}

// ---------------------------------------------------------------------
// Tensors and partitioning (CuTe's kernel model)
// ---------------------------------------------------------------------

/// What the kernel-model checks report as the result: they run the
/// operations themselves.
const COMPUTED: &str = "(the operation's own results)";

/// The law of an operation of the table ([`crate::Operation`]): a field of
/// its entry, so an operation cannot be added without saying how its
/// results are checked, or why they are not.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Law {
    /// The check of a printed result against its text operands.
    Check(fn(&Operands<'_>) -> Result<(), Violation>),
    /// No law, and the reason (the pure queries that every law is
    /// checked by).
    Unchecked(&'static str),
}

/// The text operands of one call and its printed result (CuTe notation;
/// `true`/`false` for predicates, `OFFSET|LAYOUT` for `slice` and
/// `domain_offset`), read by a [`Law`]. Text that does not parse is a
/// violation of the law `parse`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Operands<'a> {
    /// The operation's name (one law serves `lex_leq` … `colex_geq`).
    pub(crate) op: &'a str,
    args: &'a [&'a str],
    result: &'a str,
}

impl<'a> Operands<'a> {
    pub(crate) fn new(op: &'a str, args: &'a [&'a str], result: &'a str) -> Self {
        Operands { op, args, result }
    }

    /// Argument `i`'s text, empty when it is left out.
    pub(crate) fn text(&self, i: usize) -> &'a str {
        self.args.get(i).copied().unwrap_or("")
    }

    /// Whether argument `i` is given.
    pub(crate) fn given(&self, i: usize) -> bool {
        i < self.args.len()
    }

    /// The number of arguments given.
    pub(crate) fn len(&self) -> usize {
        self.args.len()
    }

    /// The printed result.
    pub(crate) fn result(&self) -> &'a str {
        self.result
    }

    /// A `parse` violation: `what` (`text`) does not parse.
    pub(crate) fn bad(&self, what: &str, text: &str) -> Violation {
        Violation {
            law: "parse",
            operands: format!("{}{:?}", self.op, self.args),
            result: self.result.to_string(),
            witness: None,
            detail: format!("{what} {text:?} does not parse"),
        }
    }

    fn arg<T: core::str::FromStr>(&self, i: usize, what: &str) -> Result<T, Violation> {
        self.text(i)
            .parse()
            .map_err(|_| self.bad(what, self.text(i)))
    }

    fn out_as<T: core::str::FromStr>(&self) -> Result<T, Violation> {
        self.result
            .parse()
            .map_err(|_| self.bad("result", self.result))
    }

    pub(crate) fn layout(&self, i: usize) -> Result<Layout, Violation> {
        self.arg(i, "operand")
    }

    pub(crate) fn tiler(&self, i: usize) -> Result<Tiler, Violation> {
        self.arg(i, "tiler")
    }

    pub(crate) fn tuple(&self, i: usize) -> Result<IntTuple, Violation> {
        self.arg(i, "integer tuple")
    }

    pub(crate) fn coord(&self, i: usize) -> Result<Coord, Violation> {
        self.arg(i, "coordinate")
    }

    pub(crate) fn swizzle(&self, i: usize) -> Result<Swizzle, Violation> {
        self.arg(i, "swizzle")
    }

    pub(crate) fn descriptor(&self, i: usize) -> Result<Descriptor, Violation> {
        self.arg(i, "descriptor")
    }

    pub(crate) fn int(&self, i: usize) -> Result<i64, Violation> {
        let t = self.text(i);
        t.trim().parse().map_err(|_| self.bad("integer", t))
    }

    /// Argument `i` as a mode index (an integer ≥ 0).
    pub(crate) fn index(&self, i: usize) -> Result<usize, Violation> {
        usize::try_from(self.int(i)?).map_err(|_| self.bad("index", self.text(i)))
    }

    pub(crate) fn out(&self) -> Result<Layout, Violation> {
        self.out_as()
    }

    pub(crate) fn out_tuple(&self) -> Result<IntTuple, Violation> {
        self.out_as()
    }

    pub(crate) fn out_int(&self) -> Result<i64, Violation> {
        self.result
            .trim()
            .parse()
            .map_err(|_| self.bad("result", self.result))
    }

    pub(crate) fn out_bool(&self) -> Result<bool, Violation> {
        match self.result.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(self.bad("result", self.result)),
        }
    }

    /// The result `OFFSET|LAYOUT`.
    pub(crate) fn out_offset(&self) -> Result<(i64, Layout), Violation> {
        let (off, sub) = self
            .result
            .split_once('|')
            .ok_or_else(|| self.bad("result", self.result))?;
        let off: i64 = off.parse().map_err(|_| self.bad("offset", off))?;
        let sub: Layout = sub.parse().map_err(|_| self.bad("sub-layout", sub))?;
        Ok((off, sub))
    }

    /// The result `LAYOUT|OFFSET` (CuTe's `slice_and_offset` order).
    pub(crate) fn out_layout_offset(&self) -> Result<(Layout, i64), Violation> {
        let (sub, off) = self
            .result
            .split_once('|')
            .ok_or_else(|| self.bad("result", self.result))?;
        let off: i64 = off.parse().map_err(|_| self.bad("offset", off))?;
        let sub: Layout = sub.parse().map_err(|_| self.bad("sub-layout", sub))?;
        Ok((sub, off))
    }
}

/// Whether `l`'s offsets are exactly `0 … n-1`, each once (`None` when
/// the image is too large to collect).
fn is_bijection_onto(l: &Layout, n: i64) -> Option<bool> {
    let img = image(l)?;
    Some(img.len() as i64 == n && img.iter().copied().eq(0..n))
}

#[cfg(test)]
mod tests;
