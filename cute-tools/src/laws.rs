//! The executable contract of every operation, written once (feature
//! `laws`): one `check_<op>(operands…, result)` per operation, stating the
//! defining property at the top of that operation's module, checked by
//! evaluation. Every test layer calls these: the property tests, every
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
use cute_dynamic::{Counting, Engine, EngineMut, Tensor, TensorLayout};
use cute_dynamic::{IntTuple, IntTupleRef};
use cute_dynamic::{Layout, LayoutRef};
use cute_dynamic::{Step, fragment_layout_like, local_partition, local_tile};
use cute_dynamic::{Swizzle, SwizzledLayout};
use cute_dynamic::{logical_divide, zipped_divide};

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

/// A coalesced result: depth ≤ 1, no size-1 mode (unless it is `1:0`), no
/// two adjacent modes that merge (`s0·d0 == d1`).
fn fewest_modes(cx: &Ctx, r: &Layout) -> Result<(), Violation> {
    cx.ensure(r.depth() <= 1, || format!("depth {} > 1", r.depth()))?;
    let modes: Vec<(i64, i64)> = r.leaf_modes().collect();
    if let [(1, d)] = modes[..] {
        return cx.ensure(d == 0, || "a size-1 result must be 1:0".into());
    }
    if let Some(k) = modes.iter().position(|m| m.0 == 1) {
        return Err(cx.fail(None, format!("mode {k} has size 1")));
    }
    if let Some(k) = modes
        .windows(2)
        .position(|w| w[0].0.checked_mul(w[0].1) == Some(w[1].1))
    {
        return Err(cx.fail(
            None,
            format!("modes {k} and {} merge: not the fewest modes", k + 1),
        ));
    }
    Ok(())
}

/// `coalesce(L) = R`: the same size, `R(i) == L(i)` for every `i <
/// size(L)`, depth at most 1, and the fewest modes (no size-1 mode unless
/// `R` is `1:0`, no adjacent modes with `s0·d0 == d1`).
pub fn check_coalesce(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("coalesce", format!("coalesce({l})"), r);
    cx.ensure(r.size() == l.size(), || {
        format!("size {} differs from size(L) = {}", r.size(), l.size())
    })?;
    same_values(&cx, r, l.size(), |i| l.call(i), "L")?;
    fewest_modes(&cx, r)
}

/// `coalesce_by(L, profile) = R`: an integer profile coalesces the whole
/// layout ([`check_coalesce`]); a tuple profile of rank `≤ rank(L)`
/// coalesces mode `i` by `profile[i]` and keeps the other modes.
pub fn check_coalesce_by(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    by_profile_law("coalesce", l, profile, r, check_coalesce)
}

/// The by-profile law shared by `coalesce` and `coalesce_x`: an integer
/// profile is `whole(L, R)`; a tuple profile of rank `≤ rank(L)` applies
/// the law to mode `i` by `profile[i]` and keeps the other modes.
fn by_profile_law(
    law: &'static str,
    l: &Layout,
    profile: &IntTuple,
    r: &Layout,
    whole: fn(&Layout, &Layout) -> Result<(), Violation>,
) -> Result<(), Violation> {
    if profile.is_int() {
        return whole(l, r);
    }
    let cx = Ctx::new(law, format!("{law}({l}, {profile})"), r);
    cx.ensure(profile.rank() <= l.rank(), || {
        format!("profile rank {} > rank(L) = {}", profile.rank(), l.rank())
    })?;
    cx.ensure(!r.shape().is_int() && r.rank() == l.rank(), || {
        format!("rank {} differs from rank(L) = {}", r.rank(), l.rank())
    })?;
    for i in 0..l.rank() {
        let (li, ri) = (mode(l, i), r.mode(i));
        match profile.get(i) {
            Some(p) => {
                let ri = ri.ok_or_else(|| cx.fail(None, format!("mode {i} is missing")))?;
                by_profile_law(law, &li, &p.to_owned(), &ri, whole)?;
            }
            None => same_layout(&cx, ri, &li, &format!("mode {i}"))?,
        }
    }
    Ok(())
}

/// Mode `i` of `l` (for an integer-shaped `l`, mode 0 is `l` itself).
fn mode(l: &Layout, i: usize) -> Layout {
    l.mode(i).unwrap_or_else(|| l.clone())
}

/// `filter_zeros(L) = R`: `L`'s structure and strides, every stride-0 leaf
/// of size 1, every other leaf unchanged.
pub fn check_filter_zeros(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("filter_zeros", format!("filter_zeros({l})"), r);
    cx.ensure(
        r.shape().as_ref().congruent(l.shape().as_ref()) && r.stride() == l.stride(),
        || "not L's structure and strides".into(),
    )?;
    for (k, ((s, d), (rs, _))) in l.leaf_modes().zip(r.leaf_modes()).enumerate() {
        let want = if d == 0 { 1 } else { s };
        cx.ensure(rs == want, || {
            format!("leaf {k} has size {rs}, expected {want}")
        })?;
    }
    Ok(())
}

/// `filter(L) = R`: `R(i) == filter_zeros(L)(i)` for every `i` (hence the
/// same image as `L`), coalesced, with no stride-0 or size-1 mode (`1:0`
/// when nothing is left).
pub fn check_filter(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("filter", format!("filter({l})"), r);
    let kept: Vec<(i64, i64)> = l.leaf_modes().filter(|&(_, d)| d != 0).collect();
    let n = kept.iter().fold(1i64, |a, &(s, _)| a.wrapping_mul(s));
    cx.ensure(r.size() == n, || {
        format!("size {} differs from size(filter_zeros(L)) = {n}", r.size())
    })?;
    let fz = |i: i64| {
        let (mut rest, mut off) = (i, 0i64);
        for &(s, d) in &kept {
            off = off.wrapping_add((rest % s).wrapping_mul(d));
            rest /= s;
        }
        off
    };
    same_values(&cx, r, n, fz, "filter_zeros(L)")?;
    fewest_modes(&cx, r)?;
    let modes: Vec<(i64, i64)> = r.leaf_modes().collect();
    cx.ensure(
        modes == [(1, 0)] || modes.iter().all(|&(s, d)| s > 1 && d != 0),
        || "keeps a stride-0 or size-1 mode".into(),
    )
}

/// `A ∘ B = R` for a layout or tiler `B`: for a layout (an integer tile
/// `n` reads `n:1`), `compatible(B, R)` and `R(c) == A(B(c))` for every `c <
/// size(B)` (`A` on its extended domain); for a by-mode tiler of rank `k ≤
/// rank(A)`, `R` has rank `k` and mode `i` is `A_i ∘ B_i` by this law.
pub fn check_composition<T: AsTiler + ?Sized>(
    a: &Layout,
    b: &T,
    r: &Layout,
) -> Result<(), Violation> {
    composition_law(a, b.as_tiler(), r)
}

fn composition_law(a: &Layout, b: TilerRef<'_>, r: &Layout) -> Result<(), Violation> {
    match b {
        TilerRef::Layout(b) => compose_law("composition", a, &b.to_owned(), r),
        TilerRef::Int(n) => compose_law("composition", a, &Layout::int(n, 1), r),
        TilerRef::Hole => hole_law(&Ctx::new("composition", format!("{a} ∘ _"), r), a, r),
        TilerRef::Modes(ts) => {
            let cx = Ctx::new("composition", format!("{a} ∘ {b}"), r);
            by_mode(&cx, a, ts, r, false, &|a, t, r| composition_law(a, t, r))
        }
    }
}

/// A `_` tiler mode keeps the mode: `R == A`, structurally.
fn hole_law(cx: &Ctx, a: &Layout, r: &Layout) -> Result<(), Violation> {
    cx.ensure(r == a, || format!("a `_` tile must keep the mode {a}"))
}

/// `compatible(B, R)` and `R(c) == A(B(c))` on `B`'s domain.
fn compose_law(law: &'static str, a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new(law, format!("{a} ∘ {b}"), r);
    cx.ensure(b.shape().as_ref().compatible(r.shape().as_ref()), || {
        format!(
            "shape {} is not compatible with B's {}",
            r.shape(),
            b.shape()
        )
    })?;
    same_values(&cx, r, b.size(), |c| a.call(b.call(c)), "A∘B")
}

/// A by-mode tiler `ts` over `a`: `r` has `a`'s rank (`keep`: the modes
/// beyond the tiler are kept) or the tiler's rank (they are dropped), and
/// mode `i < rank(ts)` satisfies `law(a_i, t_i, r_i)`.
fn by_mode(
    cx: &Ctx,
    a: &Layout,
    ts: &[Tiler],
    r: &Layout,
    keep: bool,
    law: &dyn Fn(&Layout, TilerRef<'_>, &Layout) -> Result<(), Violation>,
) -> Result<(), Violation> {
    cx.ensure(ts.len() <= a.rank(), || {
        format!("the tiler has {} modes, A only {}", ts.len(), a.rank())
    })?;
    let rank = if keep { a.rank() } else { ts.len() };
    cx.ensure(!r.shape().is_int() && r.rank() == rank, || {
        format!("rank {} (a tuple of rank {rank} expected)", r.rank())
    })?;
    for i in 0..rank {
        let (ai, ri) = (mode(a, i), mode(r, i));
        match ts.get(i) {
            Some(t) => law(&ai, t.as_tiler(), &ri)?,
            None => same_layout(cx, Some(ri), &ai, &format!("mode {i}"))?,
        }
    }
    Ok(())
}

/// The largest `s·d` over the leaves with `s > 1` and `d ≠ 0` (1 if none).
fn span(l: &Layout) -> i64 {
    l.leaf_modes()
        .filter(|&(s, d)| s > 1 && d != 0)
        .map(|(s, d)| s.saturating_mul(d))
        .max()
        .unwrap_or(1)
}

/// `complement(A, M) = R`: `M ≥ 1` and `A`'s strides non-negative (on its
/// leaves of size > 1); `R` is
/// strictly increasing on its domain, its image is disjoint from `A`'s
/// (`R(k) ∉ image(A)` for `k > 0`), and it is bounded by the target: `M ≤
/// span((A,R)) < M + span(A)` (the last mode of `R` reaches `⌈M /
/// span(A)⌉`; `span` is the largest `s·d` over the non-trivial leaves).
/// When `(A, M)` is admissible ([`cute_dynamic::is_complement_admissible`]),
/// `(A, R)` is a bijection onto `[0, size(A)·size(R))`.
pub fn check_complement(a: &Layout, m: i64, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("complement", format!("complement({a}, {m})"), r);
    cx.ensure(m >= 1, || format!("the target {m} is not positive"))?;
    cx.ensure(a.leaf_modes().all(|(s, d)| s == 1 || d >= 0), || {
        "A has a negative stride on a leaf of size > 1".into()
    })?;
    let mut prev = None;
    for i in points(r.size()) {
        let v = r.call(i);
        if let Some((j, p)) = prev
            && p >= v
        {
            return Err(cx.fail(
                Some(crd(r, i)),
                format!("not strictly increasing: R({j}) = {p} ≥ R({i}) = {v}"),
            ));
        }
        prev = Some((i, v));
    }
    if let Some(img) = image(a) {
        for k in points(r.size()).skip(1) {
            let v = r.call(k);
            if img.binary_search(&v).is_ok() {
                return Err(cx.fail(
                    Some(crd(r, k)),
                    format!("R({k}) = {v} is in the image of A"),
                ));
            }
        }
    }
    let both = Layout::concat([a, r]);
    let (sa, sb) = (span(a), span(&both));
    cx.ensure(sb >= m && sb < m.saturating_add(sa), || {
        format!(
            "span((A,R)) = {sb} is not in [M, M + span(A)) = [{m}, {})",
            m.saturating_add(sa)
        )
    })?;
    if cute_dynamic::is_complement_admissible(a, m)
        && let Some(img) = image(&both)
    {
        let bijective = img.iter().enumerate().all(|(k, &v)| k as i64 == v);
        cx.ensure(bijective, || {
            format!("(A,R) is not a bijection onto [0,{})", both.size())
        })?;
    }
    Ok(())
}

/// `right_inverse(L) = R`: `L(R(i)) == i` for every `i < size(R)` (that
/// `R` is the largest such layout is not checked by evaluation).
pub fn check_right_inverse(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("right_inverse", format!("right_inverse({l})"), r);
    for i in points(r.size()) {
        let got = l.call(r.call(i));
        if got != i {
            return Err(cx.fail(Some(crd(r, i)), format!("L(R({i})) = {got} ≠ {i}")));
        }
    }
    Ok(())
}

/// `left_inverse(L) = R`: `R(L(i)) == i` for every `i < size(L)` when `L`
/// is injective, else the quasi-inverse property `L(R(L(i))) == L(i)`.
pub fn check_left_inverse(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("left_inverse", format!("left_inverse({l})"), r);
    let injective = l.size() <= IMAGE_LIMIT && cute_dynamic::__tools::is_injective(l);
    match cute_dynamic::__tools::left_inverse_witness(l, r, injective, points(l.size())) {
        None => Ok(()),
        Some((i, got, want)) => Err(cx.fail(
            Some(crd(l, i)),
            if injective {
                format!("R(L({i})) = {got} ≠ {want}")
            } else {
                format!("L is not injective and L(R(L({i}))) = {got} ≠ L({i}) = {want}")
            },
        )),
    }
}

/// A divide or product law by the tiler `t`: a hole keeps `A`, a by-mode
/// tiler is checked by `law` mode by mode (`A`'s modes beyond it kept), and
/// a layout or an integer tile `B` (CuTe's `make_layout(n)`) by `tile`.
fn by_tiler(
    cx: &Ctx,
    a: &Layout,
    t: TilerRef<'_>,
    r: &Layout,
    law: fn(&Layout, TilerRef<'_>, &Layout) -> Result<(), Violation>,
    tile: impl FnOnce(Layout) -> Result<(), Violation>,
) -> Result<(), Violation> {
    match t {
        TilerRef::Layout(b) => tile(b.to_owned()),
        TilerRef::Int(n) => tile(tile_of(n)),
        TilerRef::Hole => hole_law(cx, a, r),
        TilerRef::Modes(ts) => by_mode(cx, a, ts, r, true, &law),
    }
}

/// `logical_divide(A, T) = R`: for a layout `B` (an integer tile `n` is
/// CuTe's `make_layout(n)`), `R == A ∘ (B, complement(B, size(A)))` by the
/// composition law (and that complement by its law); for a by-mode tiler,
/// mode by mode, `A`'s modes beyond the tiler kept.
pub fn check_logical_divide<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    divide_law(a, t.as_tiler(), r)
}

fn divide_law(a: &Layout, t: TilerRef<'_>, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("logical_divide", format!("{a} ⊘ {t}"), r);
    by_tiler(&cx, a, t, r, divide_law, |b| {
        let c = cute_dynamic::complement(&b, a.size())
            .map_err(|e| cx.fail(None, format!("complement(B, size(A)) fails: {e}")))?;
        check_complement(&b, a.size(), &c)?;
        compose_law("logical_divide", a, &Layout::concat([&b, &c]), r)
    })
}

/// The modes of `part` spliced (a rank-1 part stays one mode, as CuTe's
/// `repeat<1>(_)`).
fn spliced(part: &Layout) -> Vec<Layout> {
    if part.rank() == 1 {
        alloc::vec![part.clone()]
    } else {
        (0..part.rank()).map(|i| mode(part, i)).collect()
    }
}

/// `r`'s modes are `expected`, in order.
fn modes_are(cx: &Ctx, r: &Layout, expected: &[Layout]) -> Result<(), Violation> {
    cx.ensure(!r.shape().is_int() && r.rank() == expected.len(), || {
        format!("rank {}, expected {}", r.rank(), expected.len())
    })?;
    for (i, e) in expected.iter().enumerate() {
        same_layout(cx, r.mode(i), e, &format!("mode {i}"))?;
    }
    Ok(())
}

/// Which regrouping of the zipped result.
#[derive(Clone, Copy)]
enum Group {
    Zipped,
    Tiled,
    Flat,
}

/// The regrouping law shared by the divides and the products: `logical` is
/// the by-mode result (checked by its own law), `r` the regrouped one.
fn regroup_law(
    cx: &Ctx,
    logical: &Layout,
    t: TilerRef<'_>,
    r: &Layout,
    group: Group,
) -> Result<(), Violation> {
    // The zipped form `((tiles…), (rests…, modes beyond the tiler…))`, a
    // mode kept by `_` as the tile `1:0` and the whole mode in the rests
    // (pycute's `hier_unzip`); for a layout tiler, the by-mode result
    // itself; for `_` alone, `(1:0, result)`.
    let zipped = match t {
        TilerRef::Hole => Layout::concat([&Layout::int(1, 0), logical]),
        TilerRef::Modes(_) => {
            let tile_modes = group_like(logical, t, true, Skip::Keep);
            let rest_modes = group_like(logical, t, false, Skip::Keep);
            Layout::concat([
                &Layout::concat(tile_modes.iter()),
                &Layout::concat(rest_modes.iter()),
            ])
        }
        _ => logical.clone(),
    };
    if let Group::Zipped = group {
        return same_layout(cx, Some(r.clone()), &zipped, "the result");
    }
    let (z0, z1) = (mode(&zipped, 0), mode(&zipped, 1));
    let mut expected = match group {
        Group::Tiled => alloc::vec![z0],
        _ => spliced(&z0),
    };
    expected.extend(spliced(&z1));
    modes_are(cx, r, &expected)
}

/// What a `_` mode of the tiler means to [`group_like`].
#[derive(Clone, Copy)]
enum Skip {
    /// The divides' and products' meaning (pycute's `hier_unzip`): the
    /// tile `1:0`, the whole mode in the rests.
    Keep,
    /// CuTe's `zip2_by` guide: the mode is a pair, split as one.
    Pair,
}

/// The tile modes (`tiles`) or rest modes of the zipped form of `l` by
/// `t`, as layouts (a mode under `_` as `skip` says).
fn group_like(l: &Layout, t: TilerRef<'_>, tiles: bool, skip: Skip) -> Vec<Layout> {
    let mut out = Vec::new();
    match t {
        TilerRef::Modes(ts) => {
            for i in 0..l.rank() {
                let m = mode(l, i);
                match ts.get(i) {
                    Some(Tiler::Hole) if matches!(skip, Skip::Keep) => {
                        out.push(if tiles { Layout::int(1, 0) } else { m })
                    }
                    Some(ti) => {
                        let inner = group_like(&m, ti.as_tiler(), tiles, skip);
                        match ti.as_tiler() {
                            TilerRef::Modes(_) => out.push(Layout::concat(inner.iter())),
                            _ => out.extend(inner),
                        }
                    }
                    None if !tiles => out.push(m),
                    None => {}
                }
            }
        }
        _ => out.push(mode(l, if tiles { 0 } else { 1 })),
    }
    out
}

/// What a regrouped divide or product regroups: the logical divide or the
/// logical product.
#[derive(Clone, Copy)]
enum Logical {
    Divide,
    Product,
}

/// The regrouped `law` on `A`, `T` and `R`: the logical operation's result
/// satisfies its own law, and `R` is that result regrouped by `group`.
fn check_regrouped(
    law: &'static str,
    a: &Layout,
    t: TilerRef<'_>,
    r: &Layout,
    group: Group,
    base: Logical,
) -> Result<(), Violation> {
    let cx = Ctx::new(law, format!("{law}({a}, {t})"), r);
    let (logical, name) = match base {
        Logical::Divide => (cute_dynamic::logical_divide(a, &t), "divide"),
        Logical::Product => (cute_dynamic::logical_product(a, &t), "product"),
    };
    let logical = logical.map_err(|e| cx.fail(None, format!("the logical {name} fails: {e}")))?;
    match base {
        Logical::Divide => divide_law(a, t, &logical)?,
        Logical::Product => product_law(a, t, &logical)?,
    }
    regroup_law(&cx, &logical, t, r, group)
}

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

regrouped_checks! {
    /// `zipped_divide(A, T) = R`: the logical divide's leaves regrouped as
    /// `((tiles…), (rests…, A's modes beyond T))` (for a layout tiler, the
    /// logical divide itself).
    check_zipped_divide => Divide("zipped_divide", Zipped);
    /// `tiled_divide(A, T) = R`: `(tiles, rest0, rest1, …)` of the zipped
    /// divide.
    check_tiled_divide => Divide("tiled_divide", Tiled);
    /// `flat_divide(A, T) = R`: `(tile0, tile1, …, rest0, rest1, …)` of the
    /// zipped divide.
    check_flat_divide => Divide("flat_divide", Flat);
}

/// `logical_product(A, T) = R`: for a layout `B` (an integer tile `n` is
/// CuTe's `make_layout(n)`), `R == (A, complement(A, size(A)·cosize(B)) ∘
/// B)`: mode 0 is `A`, mode 1 satisfies the composition law (and that
/// complement its law); for a by-mode tiler, mode by mode, `A`'s modes
/// beyond the tiler kept.
pub fn check_logical_product<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    product_law(a, t.as_tiler(), r)
}

fn product_law(a: &Layout, t: TilerRef<'_>, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("logical_product", format!("{a} ⊗ {t}"), r);
    by_tiler(&cx, a, t, r, product_law, |b| {
        let m = b
            .cosize()
            .ok()
            .and_then(|c| c.checked_mul(a.size()))
            .ok_or_else(|| cx.fail(None, "size(A)·cosize(B) overflows".into()))?;
        let c = cute_dynamic::complement(a, m)
            .map_err(|e| cx.fail(None, format!("complement(A, size(A)·cosize(B)) fails: {e}")))?;
        check_complement(a, m, &c)?;
        cx.ensure(!r.shape().is_int() && r.rank() == 2, || {
            format!("rank {} (a pair expected)", r.rank())
        })?;
        same_layout(&cx, r.mode(0), a, "mode 0")?;
        compose_law("logical_product", &c, &b, &mode(r, 1))
    })
}

regrouped_checks! {
    /// `zipped_product(A, T) = R`: the logical product regrouped like
    /// [`check_zipped_divide`].
    check_zipped_product => Product("zipped_product", Zipped);
    /// `tiled_product(A, T) = R`: regrouped like [`check_tiled_divide`].
    check_tiled_product => Product("tiled_product", Tiled);
    /// `flat_product(A, T) = R`: regrouped like [`check_flat_divide`].
    check_flat_product => Product("flat_product", Flat);
}

/// `layout` padded with `1:0` modes to rank `r` (CuTe's `append<R>`).
fn pad_layout(l: &Layout, r: usize) -> Layout {
    if l.rank() >= r {
        return l.clone();
    }
    let mut modes: Vec<Layout> = (0..l.rank()).map(|i| mode(l, i)).collect();
    modes.resize(r, Layout::int(1, 0));
    Layout::concat(modes.iter())
}

fn zip_product_law(raked: bool, a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = if raked {
        "raked_product"
    } else {
        "blocked_product"
    };
    let cx = Ctx::new(law, format!("{law}({a}, {b})"), r);
    let rank = a.rank().max(b.rank());
    let (pa, pb) = (pad_layout(a, rank), pad_layout(b, rank));
    let p = cute_dynamic::logical_product(&pa, &pb)
        .map_err(|e| cx.fail(None, format!("the logical product fails: {e}")))?;
    product_law(&pa, pb.as_tiler(), &p)?;
    let (first, second) = (mode(&p, 0), mode(&p, 1));
    let (x, y) = if raked {
        (second, first)
    } else {
        (first, second)
    };
    // Mode i of an operand of the zip; at rank 1 a repeat with several
    // modes stays whole, and so does everything when the zip's first
    // operand is an integer (CuTe's `zip(x, y) = ((x, y))` then).
    let whole = rank == 1 && x.shape().is_int();
    let nth = |l: &Layout, i: usize| {
        if whole || (rank == 1 && l.rank() != 1) {
            l.clone()
        } else {
            mode(l, i)
        }
    };
    let expected: Vec<Layout> = (0..rank)
        .map(|i| Layout::concat([&nth(&x, i), &nth(&y, i)]))
        .collect();
    modes_are(&cx, r, &expected)?;
    if let (Some(got), Some(want)) = (image(r), image(&p)) {
        cx.ensure(got == want, || {
            "not a permutation of the logical product's offsets".into()
        })?;
    }
    Ok(())
}

/// `blocked_product(A, B) = R`: with `A` and `B` padded to the same rank,
/// mode `i` of `R` is `(A_i, P_i)` where `P` is mode 1 of their logical
/// product (blocks of `A` arranged as `B`); the same offsets as the logical
/// product.
pub fn check_blocked_product(a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    zip_product_law(false, a, b, r)
}

/// `raked_product(A, B) = R`: like [`check_blocked_product`] with the pair
/// swapped, `(P_i, A_i)` (`A` interleaved across `B`).
pub fn check_raked_product(a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    zip_product_law(true, a, b, r)
}

/// `max_common_layout(A, B) = R`: `A(R(k)) == k` and `B(R(k)) == k` for
/// every `k < size(R)` (a contiguous vector both layouts agree on; that it
/// is the largest is not checked by evaluation).
pub fn check_max_common_layout(a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new(
        "max_common_layout",
        format!("max_common_layout({a}, {b})"),
        r,
    );
    for k in points(r.size()) {
        let (x, y) = (a.call(r.call(k)), b.call(r.call(k)));
        if x != k || y != k {
            return Err(cx.fail(
                Some(crd(r, k)),
                format!("A(R({k})) = {x}, B(R({k})) = {y}, expected {k}"),
            ));
        }
    }
    Ok(())
}

/// `max_common_vector(A, B) = n`: `n` is the size of
/// `max_common_layout(A, B)`, which satisfies its law.
pub fn check_max_common_vector(a: &Layout, b: &Layout, n: i64) -> Result<(), Violation> {
    let cx = Ctx::new(
        "max_common_vector",
        format!("max_common_vector({a}, {b})"),
        &n,
    );
    let r = cute_dynamic::max_common_layout(a, b)
        .map_err(|e| cx.fail(None, format!("max_common_layout fails: {e}")))?;
    check_max_common_layout(a, b, &r)?;
    cx.ensure(r.size() == n, || {
        format!("max_common_layout has size {}, not {n}", r.size())
    })
}

/// `downcast(N, L) = R`: for a layout whose first leaf has stride 1 and no
/// other leaf stride ±1, `R(i) == N·L(i / N) + i mod N` for every `i <
/// size(R)`, and `size(R) == N·size(L)` (other layouts: the leaf rule only,
/// not checked here).
pub fn check_downcast(n: i64, l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("downcast", format!("downcast({n}, {l})"), r);
    cx.ensure(n >= 1, || format!("the factor {n} is not positive"))?;
    let mut strides = l.leaf_modes().map(|(_, d)| d);
    if strides.next() != Some(1) || strides.any(|d| d == 1 || d == -1) {
        return Ok(());
    }
    cx.ensure(r.size() == l.size().wrapping_mul(n), || {
        format!("size {} is not {n}·size(L)", r.size())
    })?;
    same_values(
        &cx,
        r,
        r.size(),
        |i| n.wrapping_mul(l.call(i / n)).wrapping_add(i % n),
        "N·L(i/N) + i mod N at",
    )
}

/// Fill the holes of `c` with the next coordinates of `fill`, as an
/// integer tuple.
fn fill_holes(c: &Coord, fill: &mut dyn Iterator<Item = IntTuple>) -> Option<IntTuple> {
    match c {
        Coord::Int(v) => Some(IntTuple::int(*v)),
        Coord::Hole => fill.next(),
        Coord::Tuple(items) => {
            let parts: Vec<IntTuple> = items
                .iter()
                .map(|i| fill_holes(i, fill))
                .collect::<Option<_>>()?;
            Some(IntTuple::tuple(parts.iter().map(IntTuple::as_ref)))
        }
    }
}

/// Number of holes in `c`.
fn holes_in(c: &Coord) -> usize {
    match c {
        Coord::Int(_) => 0,
        Coord::Hole => 1,
        Coord::Tuple(items) => items.iter().map(holes_in).sum(),
    }
}

/// `L.slice(c) = (sub, offset)`: `sub` has one mode per hole of `c` (all of
/// `L` for `c = _`, none for an integer `c`), and `sub(k) + offset ==
/// L(c with its holes filled by sub's coordinate of k)` for every `k <
/// size(sub)`.
pub fn check_slice(l: &Layout, c: &Coord, sub: &Layout, offset: i64) -> Result<(), Violation> {
    let cx = Ctx::new(
        "slice",
        format!("{l} sliced at {c}"),
        &format_args!("{offset} + {sub}"),
    );
    let holes = holes_in(c);
    let whole = matches!(c, Coord::Hole);
    let modes = if whole { 1 } else { sub.rank() };
    cx.ensure(
        (holes == 0 && sub.size() == 1) || whole || (!sub.shape().is_int() && modes == holes),
        || format!("{} modes for {holes} holes", sub.rank()),
    )?;
    for_each_filled(&cx, c, sub, |k, full| {
        let want = l
            .call_coord(full)
            .map_err(|e| cx.fail(Some(full.to_string()), format!("L fails there: {e}")))?;
        let got = sub.call(k).wrapping_add(offset);
        if got != want {
            return Err(cx.fail(
                Some(full.to_string()),
                format!("sub({k}) + offset = {got} but L = {want}"),
            ));
        }
        Ok(())
    })
}

/// `f(k, c with its holes filled by sub's coordinate of k)` on the points
/// of `sub`'s domain (the slice laws).
fn for_each_filled(
    cx: &Ctx,
    c: &Coord,
    sub: &Layout,
    mut f: impl FnMut(i64, &IntTuple) -> Result<(), Violation>,
) -> Result<(), Violation> {
    let holes = holes_in(c);
    let whole = matches!(c, Coord::Hole);
    for k in points(sub.size()) {
        let nat = idx2crd(k, sub.shape());
        let per_hole: Vec<IntTuple> = if whole {
            alloc::vec![nat.clone()]
        } else {
            (0..holes)
                .filter_map(|h| nat.get(h).map(|x| x.to_owned()))
                .collect()
        };
        let mut it = per_hole.into_iter();
        let full = fill_holes(c, &mut it)
            .ok_or_else(|| cx.fail(Some(nat.to_string()), "a hole has no coordinate".into()))?;
        f(k, &full)?;
    }
    Ok(())
}

/// The swizzle and the offset of `a` kept by `r` (the algebra of a
/// swizzled layout goes into its inner layout).
fn same_outer(cx: &Ctx, a: &SwizzledLayout, r: &SwizzledLayout) -> Result<(), Violation> {
    cx.ensure(
        r.swizzle() == a.swizzle() && r.offset() == a.offset(),
        || {
            format!(
                "the swizzle and offset {} o {} must be kept",
                a.swizzle(),
                a.offset()
            )
        },
    )
}

/// `(Sw ∘ O ∘ L) ∘ B = R` for a layout or tiler `B` (CuTe's composition of a
/// `ComposedLayout`): `R = Sw ∘ O ∘ R'` with `R' = L ∘ B` by the
/// composition law, and for a layout `B` (an integer tile `n` reads `n:1`)
/// `R(i) == Sw(O + L(B(i)))` for every `i < size(B)`.
pub fn check_swizzled_composition<T: AsTiler + ?Sized>(
    a: &SwizzledLayout,
    b: &T,
    r: &SwizzledLayout,
) -> Result<(), Violation> {
    let t = b.as_tiler();
    let cx = Ctx::new("swizzled_composition", format!("({a}) ∘ {t}"), r);
    same_outer(&cx, a, r)?;
    check_composition(a.layout(), b, r.layout())?;
    let b = match t {
        TilerRef::Layout(b) => b.to_owned(),
        TilerRef::Int(n) => Layout::int(n, 1),
        TilerRef::Hole | TilerRef::Modes(_) => return Ok(()),
    };
    for i in points(b.size()) {
        let want = a
            .swizzle()
            .apply(a.offset().wrapping_add(a.layout().call(b.call(i))));
        let got = r.call(i);
        if got != want {
            return Err(cx.fail(
                Some(i.to_string()),
                format!("R({i}) = {got} but Sw(O + L(B({i}))) = {want}"),
            ));
        }
    }
    Ok(())
}

/// `divide(Sw ∘ O ∘ L, T) = R` for one of the divides, given by its law
/// (`check_logical_divide`, `check_zipped_divide`, …): `R = Sw ∘ O ∘ R'`
/// with `R'` satisfying that law on `(L, T)`.
pub fn check_swizzled_divide<T: AsTiler + ?Sized>(
    a: &SwizzledLayout,
    t: &T,
    r: &SwizzledLayout,
    divide_law: fn(&Layout, &T, &Layout) -> Result<(), Violation>,
) -> Result<(), Violation> {
    let cx = Ctx::new("swizzled_divide", format!("({a}) ⊘ {}", t.as_tiler()), r);
    same_outer(&cx, a, r)?;
    divide_law(a.layout(), t, r.layout())
}

/// `slice(c, Sw ∘ O ∘ L) = R` (CuTe's `slice_and_offset` of a
/// `ComposedLayout`): `R` keeps `Sw`, its inner layout and `O_R − O` satisfy
/// the slice law on `(L, c)`, and `R(k) == A(c with its holes filled by R's
/// coordinate of k)` for every `k < size(R)`: the fixed part's offset went
/// into the offset, inside the swizzle.
pub fn check_swizzled_slice(
    a: &SwizzledLayout,
    c: &Coord,
    r: &SwizzledLayout,
) -> Result<(), Violation> {
    let cx = Ctx::new("swizzled_slice", format!("({a}) sliced at {c}"), r);
    cx.ensure(r.swizzle() == a.swizzle(), || {
        format!("the swizzle {} must be kept", a.swizzle())
    })?;
    let moved = r
        .offset()
        .checked_sub(a.offset())
        .ok_or_else(|| cx.fail(None, "the offsets' difference overflows".into()))?;
    check_slice(a.layout(), c, r.layout(), moved)?;
    for_each_filled(&cx, c, r.layout(), |k, full| {
        let want = a
            .call_coord(full)
            .map_err(|e| cx.fail(Some(full.to_string()), format!("A fails there: {e}")))?;
        let got = r.call(k);
        if got != want {
            return Err(cx.fail(
                Some(full.to_string()),
                format!("R({k}) = {got} but A = {want}"),
            ));
        }
        Ok(())
    })
}

/// A swizzle is an involution on `[0, period)` (`S(S(x)) == x`, hence a
/// bijection) that maps every aligned block of `period` offsets onto
/// itself.
pub fn check_swizzle(sw: &Swizzle) -> Result<(), Violation> {
    check_block_involution(&sw.to_string(), sw.period(), |x| sw.apply(x))
}

/// The swizzle law for any offset map `f` with period `p` (what
/// [`check_swizzle`] checks on [`Swizzle::apply`]).
pub fn check_block_involution(name: &str, p: i64, f: impl Fn(i64) -> i64) -> Result<(), Violation> {
    let cx = Ctx::new("swizzle", name.to_string(), &name);
    cx.ensure(p >= 1, || format!("the period {p} is not positive"))?;
    let blocks: &[i64] = if p <= 1 << 40 { &[0, p, 3 * p] } else { &[0] };
    for &base in blocks {
        for x in points(p) {
            let x = base + x;
            let y = f(x);
            if f(y) != x {
                return Err(cx.fail(Some(x.to_string()), format!("S(S({x})) = {} ≠ {x}", f(y))));
            }
            if y.div_euclid(p) != x.div_euclid(p) {
                return Err(cx.fail(
                    Some(x.to_string()),
                    format!("S({x}) = {y} leaves its block"),
                ));
            }
        }
    }
    Ok(())
}

/// `local_tile` of a tensor with layout `l` by `tiler` at `coord` gives the
/// tensor `(offset + tile)`: the slice `((_,…,_), coord)` of
/// `zipped_divide(l, tiler)` (which satisfies its law), `coord` padded with
/// `_` to the rest modes.
pub fn check_local_tile(
    l: &Layout,
    tiler: &Tiler,
    coord: &IntTuple,
    tile: &Layout,
    offset: i64,
) -> Result<(), Violation> {
    let cx = Ctx::new(
        "local_tile",
        format!("local_tile({l}, {tiler}, {coord})"),
        &format_args!("{offset} + {tile}"),
    );
    let z = cute_dynamic::zipped_divide(l, tiler)
        .map_err(|e| cx.fail(None, format!("the zipped divide fails: {e}")))?;
    check_zipped_divide(l, tiler, &z)?;
    let (r0, r1) = (mode(&z, 0).rank(), mode(&z, 1).rank());
    let all = |n: usize| {
        if n == 1 {
            Coord::Hole
        } else {
            Coord::Tuple(alloc::vec![Coord::Hole; n])
        }
    };
    let rest = match Coord::from(coord.as_ref()) {
        Coord::Tuple(mut v) => {
            v.resize(r1.max(v.len()), Coord::Hole);
            Coord::Tuple(v)
        }
        other => other,
    };
    check_slice(&z, &Coord::Tuple(alloc::vec![all(r0), rest]), tile, offset)
        .map_err(|v| cx.fail(v.witness, v.detail))
}

/// `local_partition` of a tensor with layout `l` for thread `thr` of
/// `thr_layout` gives `(offset + part)`: with `c_i` the thread's coordinate
/// in mode `i` of `thr_layout` (each leaf `(thr / d) mod s`,
/// colexicographic within the mode) and `n_i` that mode's size,
/// `offset + part(v) == Σ_i l_i(c_i + n_i·u_i)` where `u_i` is `v`'s index
/// in mode `i` of `part` (the modes of `l` beyond `thr_layout` contribute
/// `l_i(u_i)`).
pub fn check_local_partition(
    l: &Layout,
    thr_layout: &Layout,
    thr: i64,
    part: &Layout,
    offset: i64,
) -> Result<(), Violation> {
    let cx = Ctx::new(
        "local_partition",
        format!("local_partition({l}, {thr_layout}, {thr})"),
        &format_args!("{offset} + {part}"),
    );
    let k = thr_layout.rank();
    cx.ensure(k <= l.rank(), || {
        "the thread layout has more modes than L".into()
    })?;
    let mut c = Vec::with_capacity(k);
    let mut n = Vec::with_capacity(k);
    for i in 0..k {
        let m = mode(thr_layout, i);
        let (mut ci, mut scale) = (0i64, 1i64);
        for (s, d) in m.leaf_modes() {
            let digit = if d == 0 { 0 } else { (thr / d).rem_euclid(s) };
            ci += digit * scale;
            scale *= s;
        }
        c.push(ci);
        n.push(m.size());
    }
    let pr = part.rank();
    cx.ensure(pr == l.rank(), || {
        format!("{pr} modes, expected rank(L) = {}", l.rank())
    })?;
    let l_modes: Vec<Layout> = (0..pr).map(|i| mode(l, i)).collect();
    let sizes: Vec<i64> = (0..pr).map(|i| mode(part, i).size()).collect();
    for v in points(part.size()) {
        let mut rest = v;
        let mut want = 0i64;
        for (i, (li, &si)) in l_modes.iter().zip(&sizes).enumerate() {
            let u = if i + 1 == pr { rest } else { rest % si };
            rest /= si.max(1);
            let x = match (c.get(i), n.get(i)) {
                (Some(ci), Some(ni)) => ci + ni * u,
                _ => u,
            };
            want = want.wrapping_add(li.call(x));
        }
        let got = offset.wrapping_add(part.call(v));
        if got != want {
            return Err(cx.fail(
                Some(crd(part, v)),
                format!("offset + part({v}) = {got} but L = {want}"),
            ));
        }
    }
    Ok(())
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
// Int tuples
// ---------------------------------------------------------------------

/// `shape_div(a, b) == r`: exact division or `±1` for integers; mode by mode
/// for two tuples; for a tuple by an integer, `r` is congruent to `a`, each
/// leaf of `r` divides the leaf of `a`, and `size(r)·b == size(a)` when `b`
/// divides `size(a)` (positive leaves).
pub fn check_shape_div(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    tuple_law("shape_div", a, b, r, shape_div_law)
}

fn shape_div_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
    match (a.as_int(), b.as_int()) {
        (Some(x), _) => {
            let y = size128(b);
            let v = i128::from(
                r.as_int()
                    .ok_or_else(|| format!("shape_div({a}, {b}) = {r} is not an integer"))?,
            );
            let x = i128::from(x);
            let ok = if y != 0 && x % y == 0 {
                v * y == x
            } else {
                x != 0 && y % x == 0 && v == x.signum() * y.signum()
            };
            ensure(ok, || {
                format!("shape_div({a}, {b}) = {r}: neither the quotient nor ±1")
            })
        }
        (None, None) => {
            ensure(
                r.rank() == a.rank() && !r.is_int() && a.rank() == b.rank(),
                || format!("shape_div({a}, {b}) = {r}: ranks differ"),
            )?;
            for ((x, y), z) in a.children().zip(b.children()).zip(r.children()) {
                shape_div_law(x, y, z)?;
            }
            Ok(())
        }
        (None, Some(y)) => {
            ensure(r.congruent(a), || {
                format!("shape_div({a}, {b}) = {r} is not congruent to {a}")
            })?;
            if y > 0 && a.leaves().all(|v| v > 0) {
                for (x, z) in a.leaves().zip(r.leaves()) {
                    ensure(z > 0 && x % z == 0, || {
                        format!("shape_div({a}, {b}) = {r}: leaf {z} does not divide {x}")
                    })?;
                }
                let sa = size128(a);
                if sa % i128::from(y) == 0 {
                    ensure(size128(r) * i128::from(y) == sa, || {
                        format!("shape_div({a}, {b}) = {r}: size(r)·{y} != size(a) = {sa}")
                    })?;
                }
            }
            Ok(())
        }
    }
}

/// `ceil_div(a, b) == r`: `⌈a/b⌉` for integers; mode by mode (missing modes
/// of `b` are 1) for two tuples; for a tuple by an integer, `r` is congruent
/// to `a`, `1 ≤ rᵢ ≤ aᵢ`, and `r == shape_div(a, b)` wherever that is defined.
pub fn check_ceil_div(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    tuple_law("ceil_div", a, b, r, ceil_div_law)
}

fn ceil_div_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
    let one = IntTuple::int(1);
    match (a.as_int(), b.as_int()) {
        (Some(x), _) => {
            let (x, y) = (i128::from(x), size128(b));
            let v = i128::from(
                r.as_int()
                    .ok_or_else(|| format!("ceil_div({a}, {b}) = {r} is not an integer"))?,
            );
            ensure(v * y >= x && (v - 1) * y < x.max(1) && v >= 0, || {
                format!("ceil_div({a}, {b}) = {r} is not the ceiling of {x}/{y}")
            })
        }
        (None, None) => {
            ensure(
                !r.is_int() && r.rank() == a.rank() && b.rank() <= a.rank(),
                || format!("ceil_div({a}, {b}) = {r}: ranks differ"),
            )?;
            for (k, (x, z)) in a.children().zip(r.children()).enumerate() {
                ceil_div_law(x, b.get(k).unwrap_or(one.as_ref()), z)?;
            }
            Ok(())
        }
        (None, Some(_)) => {
            ensure(r.congruent(a), || {
                format!("ceil_div({a}, {b}) = {r} is not congruent to {a}")
            })?;
            for (x, z) in a.leaves().zip(r.leaves()) {
                ensure(x < 1 || (1 <= z && z <= x), || {
                    format!("ceil_div({a}, {b}) = {r}: leaf {z} outside 1..={x}")
                })?;
            }
            if let Ok(s) = cute_dynamic::shape_div(&a.to_owned(), &b.to_owned()) {
                ensure(s.as_ref() == r, || {
                    format!("ceil_div({a}, {b}) = {r} differs from shape_div = {s}")
                })?;
            }
            Ok(())
        }
    }
}

/// `round_up(a, b) == r`: the least multiple of `b` that is `≥ a`, leaf by
/// leaf (missing modes of `b` are 1).
pub fn check_round_up(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    tuple_law("round_up", a, b, r, round_up_law)
}

fn round_up_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
    let one = IntTuple::int(1);
    match (a.as_int(), b.as_int(), r.as_int()) {
        (Some(x), Some(y), Some(v)) => ensure(y > 0 && v % y == 0 && v >= x && v - x < y, || {
            format!("round_up({a}, {b}) = {r} is not the least multiple of {y} at least {x}")
        }),
        (None, None, None) if r.rank() == a.rank() && b.rank() <= a.rank() => {
            for (k, (x, z)) in a.children().zip(r.children()).enumerate() {
                round_up_law(x, b.get(k).unwrap_or(one.as_ref()), z)?;
            }
            Ok(())
        }
        _ => Err(format!("round_up({a}, {b}) = {r}: profiles differ")),
    }
}

/// `product_each(a) == r`: an integer is itself (CuTe's `product` of an
/// integer); a tuple gives a flat tuple, one leaf per mode of `a`, the size
/// of that mode.
pub fn check_product_each(a: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    let what = format!("product_each({a})");
    lift("product_each", what, &r, product_each_law_text(a, r))
}

fn product_each_law_text(a: &IntTuple, r: &IntTuple) -> Outcome {
    ensure(
        !r.is_int() && r.rank() == a.rank() && r.depth() <= 1,
        || format!("product_each({a}) = {r} does not have one leaf per mode"),
    )?;
    for (m, v) in a.as_ref().modes().zip(r.leaves()) {
        ensure(size128(m) == i128::from(v), || {
            format!("product_each({a}) = {r}: size({m}) != {v}")
        })?;
    }
    Ok(())
}

/// `abs(t) == r`: `r` is congruent to `t` and each leaf of `r` is the
/// absolute value of the matching leaf of `t`.
pub fn check_abs(t: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    lift("abs", format!("abs({t})"), &r, abs_law_text(t, r))
}

fn abs_law_text(t: &IntTuple, r: &IntTuple) -> Outcome {
    ensure(congruent(t, r), || {
        format!("abs({t}) = {r}: not congruent to the operand")
    })?;
    for (x, y) in t.leaves().zip(r.leaves()) {
        ensure(i128::from(x).abs() == i128::from(y), || {
            format!("abs({t}) = {r}: |{x}| != {y}")
        })?;
    }
    Ok(())
}

/// `inner_product(a, b) == r`: `Σ aᵢ·bᵢ` over the leaves (congruent).
pub fn check_inner_product(a: &IntTuple, b: &IntTuple, r: i64) -> Result<(), Violation> {
    binary_law("inner_product", a, b, &r, inner_product_law_text(a, b, r))
}

fn inner_product_law_text(a: &IntTuple, b: &IntTuple, r: i64) -> Outcome {
    ensure(congruent(a, b), || {
        format!("inner_product({a}, {b}): not congruent")
    })?;
    let want: i128 = a
        .leaves()
        .zip(b.leaves())
        .map(|(x, y)| i128::from(x) * i128::from(y))
        .sum();
    ensure(want == i128::from(r), || {
        format!("inner_product({a}, {b}) = {r}, want {want}")
    })
}

fn congruent(a: &IntTuple, b: &IntTuple) -> bool {
    a.as_ref().congruent(b.as_ref())
}

/// `filter(L, P) == r` (by profile): an integer `P` is [`check_filter`];
/// a tuple `P` gives `r` with `L`'s rank whose mode `i` is `filter(L_i,
/// P_i)` for `i < rank(P)` (each checked by this law) and `L_i` after.
pub fn check_filter_by(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    if profile.is_int() {
        return check_filter(l, r);
    }
    let cx = Ctx::new("filter", format!("filter({l}, {profile})"), r);
    cx.ensure(
        !r.shape().is_int() && r.rank() == l.rank() && profile.rank() <= l.rank(),
        || {
            format!(
                "not one mode per mode of L (rank {}), by a profile of rank {}",
                l.rank(),
                profile.rank()
            )
        },
    )?;
    for i in 0..l.rank() {
        let (Some(li), Some(ri)) = (l.mode(i), r.mode(i)) else {
            return Err(cx.fail(None, format!("no mode {i}")));
        };
        match profile.get(i) {
            Some(p) => check_filter_by(&li, &p.to_owned(), &ri)?,
            None => cx.ensure(li == ri, || format!("mode {i} is {ri}, not L's {li}"))?,
        }
    }
    Ok(())
}

/// `filter_zeros(L, P) == r` (by profile): `L`'s structure and strides,
/// each shape leaf 1 where the leaf of `P` above it (or at it) is 0, else
/// `L`'s.
pub fn check_filter_zeros_by(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("filter_zeros", format!("filter_zeros({l}, {profile})"), r);
    cx.ensure(
        r.shape().as_ref().congruent(l.shape().as_ref()) && r.stride() == l.stride(),
        || "not L's structure and strides".into(),
    )?;
    let mut zero = Vec::new();
    cx.ensure(
        zero_flags(profile.as_ref(), l.shape().as_ref(), &mut zero),
        || format!("{profile} is not weakly congruent to the shape of {l}"),
    )?;
    for (k, ((s, z), rs)) in l
        .shape()
        .leaves()
        .zip(zero)
        .zip(r.shape().leaves())
        .enumerate()
    {
        let want = if z { 1 } else { s };
        cx.ensure(rs == want, || {
            format!("leaf {k} has size {rs}, expected {want}")
        })?;
    }
    Ok(())
}

/// `coalesce(S) == r` for a shape `S` (CuTe's `coalesce(shape)`, every
/// leaf of one kind): `S` has a leaf, and `r` is an integer (depth ≤ 1)
/// equal to the product of `S`'s leaves (`size(r) == size(S)`).
pub fn check_coalesce_shape(shape: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(shape.leaves().next().is_some(), || {
            format!("{shape} has no leaf")
        })?;
        let want = shape
            .leaves()
            .try_fold(1i128, |p, x| p.checked_mul(i128::from(x)))
            .ok_or_else(|| "the size is beyond i128".to_string())?;
        let got = r.as_int().ok_or_else(|| format!("{r} is not an integer"))?;
        ensure(i128::from(got) == want, || {
            format!("size({shape}) is {want}")
        })
    })();
    lift("coalesce", format!("coalesce({shape})"), r, law)
}

/// `filter_zeros(a, b) == r` on integer tuples: `a` weakly congruent to
/// `b`, `r` congruent to `b`, each leaf of `r` 1 where the leaf of `a`
/// over it (or at it) is 0, else `b`'s.
pub fn check_filter_zeros_tuples(
    a: &IntTuple,
    b: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let mut zero = Vec::new();
        ensure(zero_flags(a.as_ref(), b.as_ref(), &mut zero), || {
            format!("{a} is not weakly congruent to {b}")
        })?;
        ensure(congruent(r, b), || format!("{r} is not congruent to {b}"))?;
        for (k, ((x, z), y)) in b.leaves().zip(zero).zip(r.leaves()).enumerate() {
            let want = if z { 1 } else { x };
            ensure(y == want, || format!("leaf {k} is {y}, expected {want}"))?;
        }
        Ok(())
    })();
    binary_law("filter_zeros", a, b, r, law)
}

/// `filter_zeros(t) == r` on an integer tuple: [`check_filter_zeros_tuples`]
/// of `(t, t)`.
pub fn check_filter_zeros_tuple(t: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    check_filter_zeros_tuples(t, t, r)
}

/// For each leaf of `s`: whether the leaf of `p` over it is 0.
fn zero_flags(p: IntTupleRef<'_>, s: IntTupleRef<'_>, out: &mut Vec<bool>) -> bool {
    match p.as_int() {
        Some(v) => {
            out.extend(s.leaves().map(|_| v == 0));
            true
        }
        None => {
            !s.is_int()
                && s.rank() == p.rank()
                && p.children()
                    .zip(s.children())
                    .all(|(pc, sc)| zero_flags(pc, sc, out))
        }
    }
}

/// `compact_col_major(S, c) == r`: `r` is congruent to `S`, size-1 leaves
/// at stride 0, and `S:r` maps every index `i` to `c · i` (evaluated for
/// `i < 2^16`).
pub fn check_compact_col_major(
    shape: &IntTuple,
    current: i64,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = compact_law(shape, current, r, false);
    binary_law("compact_col_major", shape, &current, r, law)
}

/// `compact_row_major(S, c) == r`: as [`check_compact_col_major`] with the
/// flat modes read last-to-first.
pub fn check_compact_row_major(
    shape: &IntTuple,
    current: i64,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = compact_law(shape, current, r, true);
    binary_law("compact_row_major", shape, &current, r, law)
}

/// `compact_col_major(S, C) == r` for a tuple of starts `C`: an integer
/// `C` is [`check_compact_col_major`]'s law; a tuple `C` needs `S` and `r`
/// tuples of its rank, each mode satisfying this law with its start.
pub fn check_compact_col_major_by(
    shape: &IntTuple,
    current: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = compact_by_law(shape.as_ref(), current.as_ref(), r.as_ref(), false);
    binary_law("compact_col_major", shape, current, r, law)
}

/// `compact_row_major(S, C) == r` for a tuple of starts `C`: as
/// [`check_compact_col_major_by`], each mode row-major.
pub fn check_compact_row_major_by(
    shape: &IntTuple,
    current: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = compact_by_law(shape.as_ref(), current.as_ref(), r.as_ref(), true);
    binary_law("compact_row_major", shape, current, r, law)
}

fn compact_by_law(
    shape: IntTupleRef<'_>,
    current: IntTupleRef<'_>,
    r: IntTupleRef<'_>,
    reversed: bool,
) -> Outcome {
    if let Some(c) = current.as_int() {
        return compact_law(&shape.to_owned(), c, &r.to_owned(), reversed);
    }
    ensure(
        !shape.is_int()
            && !r.is_int()
            && shape.rank() == current.rank()
            && r.rank() == current.rank(),
        || format!("{shape}, {current} and {r} are not tuples of one rank"),
    )?;
    shape
        .children()
        .zip(current.children())
        .zip(r.children())
        .try_for_each(|((s, c), x)| compact_by_law(s, c, x, reversed))
}

fn compact_law(shape: &IntTuple, current: i64, r: &IntTuple, reversed: bool) -> Outcome {
    ensure(shape.as_ref().congruent(r.as_ref()), || {
        format!("{r} is not congruent to {shape}")
    })?;
    let mut modes: Vec<(i64, i64)> = shape.leaves().zip(r.leaves()).collect();
    if let Some(&(s, d)) = modes.iter().find(|&&(s, d)| s == 1 && d != 0) {
        return Err(format!("the size-{s} leaf has stride {d}, not 0"));
    }
    if reversed {
        modes.reverse();
    }
    let l = Layout::flat(modes);
    for i in 0..l.size().min(1 << 16) {
        let want = i128::from(current) * i128::from(i);
        ensure(i128::from(l.call(i)) == want, || {
            format!("index {i} is at {}, not {current}·{i}", l.call(i))
        })?;
    }
    Ok(())
}

/// `coshape(L) == r`: `r - 1` is the largest offset of `|L|` (`L` with
/// its strides in magnitude) on the domain (evaluated where the domain has
/// at most 2^16 coordinates; beyond, at its last coordinate, where a
/// layout with non-negative strides peaks).
pub fn check_coshape(l: &Layout, r: i64) -> Result<(), Violation> {
    let what = format!("coshape({l})");
    let law = (|| -> Outcome {
        let shape = l.shape().clone();
        let stride = replace_leaves(
            l.stride().as_ref(),
            l.stride().leaves().map(|d| d.saturating_abs()),
        );
        let abs = Layout::new(shape, stride).map_err(err)?;
        let n = abs.size();
        let top = if n <= 1 << 16 {
            (0..n).map(|i| i128::from(abs.call(i))).max().unwrap_or(0)
        } else {
            abs.leaf_modes()
                .map(|(s, d)| i128::from(s - 1) * i128::from(d))
                .sum()
        };
        ensure(top + 1 == i128::from(r), || {
            format!("coshape({l}) = {r}, but the largest offset of |L| is {top}")
        })
    })();
    lift("coshape", what, &r, law)
}

/// `with_shape(L, S) == r`: the composition law of `L ∘ S` (`S`
/// column-major).
pub fn check_with_shape(l: &Layout, shape: &IntTuple, r: &Layout) -> Result<(), Violation> {
    match Layout::column_major(shape) {
        Ok(b) => check_composition(l, &b, r),
        Err(e) => binary_law("with_shape", l, shape, r, Err(e.to_string())),
    }
}

/// `unflatten(L, P) == r`: `r` has `L`'s modes in order (the same shape
/// and stride leaves) and `shape(r)` is congruent to `P`.
pub fn check_unflatten(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    let law = ensure(r.leaf_modes().eq(l.leaf_modes()), || {
        format!("{r} has not the modes of {l}")
    })
    .and_then(|()| {
        ensure(congruent(r.shape(), profile), || {
            format!("{r} is not congruent to {profile}")
        })
    });
    binary_law("unflatten", l, profile, r, law)
}

/// `idx2crd(idx, shape, stride) == r` (the strided form): `r` is congruent
/// to `shape`; each leaf of `r` is `i / d mod s` (C++'s truncating
/// division; 0 where `s = 1`) for its leaf `s:d` and the integer `i` of
/// `idx` above it (an integer stride under a tuple: the compact column-major
/// strides from it); and where `shape:stride` is a bijection onto
/// `[0, size)` (checked up to 2^12 points) and `0 ≤ idx < size`, `r` maps
/// back to `idx`.
pub fn check_idx2crd_strided(
    idx: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    fn expected(
        i: IntTupleRef<'_>,
        s: IntTupleRef<'_>,
        d: IntTupleRef<'_>,
        out: &mut Vec<i128>,
    ) -> Outcome {
        match (i.as_int(), s.as_int(), d.as_int()) {
            (Some(i), Some(s), Some(d)) => {
                let (i, s, d) = (i128::from(i), i128::from(s), i128::from(d));
                ensure(s == 1 || (s > 0 && d != 0), || {
                    format!("{s}:{d} has no quotient")
                })?;
                out.push(if s == 1 { 0 } else { (i / d) % s });
                Ok(())
            }
            (Some(_), None, Some(d)) => {
                let st = cute_dynamic::compact_col_major(&s.to_owned(), d).map_err(err)?;
                expected(i, s, st.as_ref(), out)
            }
            (Some(_), None, None) if s.rank() == d.rank() => s
                .children()
                .zip(d.children())
                .try_for_each(|(s, d)| expected(i, s, d, out)),
            (None, None, None) if i.rank() == s.rank() && s.rank() == d.rank() => i
                .children()
                .zip(s.children())
                .zip(d.children())
                .try_for_each(|((i, s), d)| expected(i, s, d, out)),
            _ => Err(format!("{i} and {s}:{d} do not match")),
        }
    }
    let law = (|| -> Outcome {
        ensure(congruent(r, shape), || {
            format!("{r} is not congruent to {shape}")
        })?;
        let mut want = Vec::new();
        expected(idx.as_ref(), shape.as_ref(), stride.as_ref(), &mut want)?;
        let got: Vec<i128> = r.leaves().map(i128::from).collect();
        ensure(got == want, || {
            format!("the leaves of {r} are not i / d mod s: {want:?}")
        })?;
        let full = match stride.as_int() {
            Some(d) if !shape.is_int() => cute_dynamic::compact_col_major(shape, d).map_err(err)?,
            _ => stride.clone(),
        };
        if let (Some(i), Ok(l)) = (idx.as_int(), Layout::new(shape.clone(), full)) {
            let n = l.size();
            if n <= 1 << 12 && (0..n).contains(&i) {
                let mut seen: Vec<i64> = (0..n).map(|k| l.call(k)).collect();
                seen.sort_unstable();
                if seen.iter().copied().eq(0..n) {
                    let back = crd2idx(r, &l).map_err(err)?;
                    ensure(back == i, || format!("{l} maps {r} to {back}, not {i}"))?;
                }
            }
        }
        Ok(())
    })();
    lift(
        "idx2crd",
        format!("idx2crd({idx}, {shape}, {stride})"),
        r,
        law,
    )
}

/// `crd2crd(c, src, dst) == r`: mode by mode where `c`, `src` and `dst`
/// are tuples (of one rank); else `r` is congruent to `dst`, has the
/// colexicographic index of `c` in `src`, and is the canonical coordinate
/// of that index ([`idx2crd`]: every mode reduced but the last).
pub fn check_crd2crd(
    c: &IntTuple,
    src: &IntTuple,
    dst: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    fn go(
        c: IntTupleRef<'_>,
        src: IntTupleRef<'_>,
        dst: IntTupleRef<'_>,
        r: IntTupleRef<'_>,
    ) -> Outcome {
        if !c.is_int() && !src.is_int() && !dst.is_int() {
            ensure(
                c.rank() == src.rank()
                    && c.rank() == dst.rank()
                    && r.rank() == c.rank()
                    && !r.is_int(),
                || format!("{c}, {src}, {dst}, {r}: ranks differ"),
            )?;
            return c
                .children()
                .zip(src.children())
                .zip(dst.children())
                .zip(r.children())
                .try_for_each(|(((c, s), d), r)| go(c, s, d, r));
        }
        let (r, dst) = (r.to_owned(), dst.to_owned());
        ensure(congruent(&r, &dst), || {
            format!("{r} is not congruent to {dst}")
        })?;
        let from = crd2idx(
            &c.to_owned(),
            &Layout::column_major(&src.to_owned()).map_err(err)?,
        )
        .map_err(err)?;
        let to = crd2idx(&r, &Layout::column_major(&dst).map_err(err)?).map_err(err)?;
        ensure(from == to, || {
            format!("{c} has index {from} in {src}, {r} has {to} in {dst}")
        })?;
        ensure(idx2crd(to, &dst) == r, || {
            format!("{r} is not the canonical coordinate of {to} in {dst}")
        })
    }
    lift(
        "crd2crd",
        format!("crd2crd({c}, {src}, {dst})"),
        r,
        go(c.as_ref(), src.as_ref(), dst.as_ref(), r.as_ref()),
    )
}

/// `complement(A, T) == r` for a shape `T`: the complement's law
/// ([`check_complement`]) for the integer `M = c · size(ceil_div(T, c))`,
/// where `c` is the extent of `A`'s image, the largest `s·d` over its
/// leaves of size > 1 and stride ≠ 0 (1 if none): CuTe divides `c` out of
/// `T`'s modes left to right for the last mode. An integer `T` is `M`.
pub fn check_complement_shape(a: &Layout, t: &IntTuple, r: &Layout) -> Result<(), Violation> {
    if let Some(m) = t.as_int() {
        return check_complement(a, m, r);
    }
    let c = a
        .leaf_modes()
        .filter(|&(s, d)| s > 1 && d != 0)
        .map(|(s, d)| i128::from(s) * i128::from(d))
        .max()
        .unwrap_or(1);
    let m = i64::try_from(c).ok().and_then(|c| {
        let q = cute_dynamic::ceil_div(t, &IntTuple::int(c)).ok()?.size()?;
        q.checked_mul(c)
    });
    match m {
        Some(m) => check_complement(a, m, r),
        None => binary_law("complement", a, t, r, Err("M is beyond i64".into())),
    }
}

/// `append<N>(L, x) == r` (`front`: `prepend<N>`; `n` absent: one mode
/// more): `r` is `L` itself when `n` is `L`'s rank, else a tuple of rank
/// `n` whose modes are `L`'s in order followed (preceded) by copies of `x`.
pub fn check_append(
    l: &Layout,
    x: &Layout,
    n: Option<usize>,
    front: bool,
    r: &Layout,
) -> Result<(), Violation> {
    let rank = l.rank();
    let n = n.unwrap_or(rank + 1);
    let law = (|| -> Outcome {
        if n == rank {
            return ensure(r == l, || format!("rank {n} is {l}'s: {r} is not {l}"));
        }
        ensure(n > rank && !r.shape().is_int() && r.rank() == n, || {
            format!("{r} is not a tuple of rank {n} above {l}'s {rank}")
        })?;
        let pad = n - rank;
        for i in 0..n {
            let own = if front {
                i.checked_sub(pad)
            } else {
                (i < rank).then_some(i)
            };
            let want = match own {
                Some(k) => l.mode(k),
                None => Some(x.clone()),
            };
            ensure(r.mode(i) == want, || {
                format!("mode {i} of {r} is not {want:?}")
            })?;
        }
        Ok(())
    })();
    let op = if front { "prepend" } else { "append" };
    lift(op, format!("{op}<{n}>({l}, {x})"), r, law)
}

/// `zip2_by(L, T) == r`: for a by-mode tiler, `r` is the pair of the
/// tile modes and the rest modes of `L` by `T` (each tiled mode of `L` a
/// pair `(tile, rest)`, recursively; the untiled modes among the rests);
/// for any other tiler `r` is `L`, a pair.
pub fn check_zip2_by(l: &Layout, t: &Tiler, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("zip2_by", format!("zip2_by({l}, {t})"), r);
    let pairs = |m: &Layout| !m.shape().is_int() && m.rank() == 2;
    fn tiled_are_pairs(l: &Layout, t: TilerRef<'_>) -> bool {
        match t {
            TilerRef::Modes(ts) => (0..l.rank()).all(|i| match (ts.get(i), l.mode(i)) {
                (Some(ti), Some(m)) => tiled_are_pairs(&m, ti.as_tiler()),
                (None, _) => true,
                (Some(_), None) => false,
            }),
            _ => !l.shape().is_int() && l.rank() == 2,
        }
    }
    cx.ensure(tiled_are_pairs(l, t.as_tiler()), || {
        format!("a mode of {l} tiled by {t} is not a pair")
    })?;
    let want = match t.as_tiler() {
        TilerRef::Modes(_) => Layout::concat([
            &Layout::concat(group_like(l, t.as_tiler(), true, Skip::Pair).iter()),
            &Layout::concat(group_like(l, t.as_tiler(), false, Skip::Pair).iter()),
        ]),
        _ => l.clone(),
    };
    cx.ensure(pairs(r), || format!("{r} is not a pair"))?;
    same_layout(&cx, Some(r.clone()), &want, "the result")
}

/// `prefix_product(a, init) == r`: with an integer `init` above a tuple,
/// `r` is congruent to `a` and each leaf of `r` is `init` times the
/// product of the leaves of `a` before it (depth-first); a tuple `init`
/// goes mode by mode; under a leaf of `a`, `r` is `init`.
pub fn check_prefix_product(a: &IntTuple, init: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    fn go(a: IntTupleRef<'_>, init: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
        if a.is_int() {
            return ensure(r == init, || format!("{r} is not the init {init}"));
        }
        match init.as_int() {
            Some(c) => {
                ensure(a.congruent(r), || format!("{r} is not congruent to {a}"))?;
                let mut acc = i128::from(c);
                for (x, y) in a.leaves().zip(r.leaves()) {
                    ensure(i128::from(y) == acc, || {
                        format!("a leaf of {r} is {y}, not {acc} (the product before it)")
                    })?;
                    acc = acc.saturating_mul(i128::from(x));
                }
                Ok(())
            }
            None => {
                ensure(
                    init.rank() == a.rank() && !r.is_int() && r.rank() == a.rank(),
                    || format!("{a}, {init} and {r} have different ranks"),
                )?;
                a.children()
                    .zip(init.children())
                    .zip(r.children())
                    .try_for_each(|((x, i), y)| go(x, i, y))
            }
        }
    }
    lift(
        "prefix_product",
        format!("prefix_product({a}, {init})"),
        r,
        go(a.as_ref(), init.as_ref(), r.as_ref()),
    )
}

/// `zip(L) == r`: `r` is `L` for `s:d`, `(L)` when `L`'s first mode is a
/// leaf, else (all modes tuples of rank `k`) a tuple of rank `k` with
/// `r.mode(j).mode(i) == L.mode(i).mode(j)` and `rank(r.mode(j)) = rank(L)`.
pub fn check_zip(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        if l.shape().is_int() {
            return ensure(r == l, || format!("{r} is not {l}"));
        }
        let first = l.mode(0).ok_or("no mode")?;
        if first.shape().is_int() {
            return ensure(*r == Layout::concat([l]), || format!("{r} is not ({l})"));
        }
        let k = first.rank();
        ensure(!r.shape().is_int() && r.rank() == k, || {
            format!("{r} has not rank {k}")
        })?;
        for j in 0..k {
            let col = r.mode(j).ok_or("mode")?;
            ensure(!col.shape().is_int() && col.rank() == l.rank(), || {
                format!("mode {j} of {r} has not rank {}", l.rank())
            })?;
            for i in 0..l.rank() {
                let want = l.mode(i).and_then(|m| m.mode(j));
                ensure(col.mode(i) == want, || {
                    format!("({j},{i}) of {r} is not ({i},{j}) of {l}")
                })?;
            }
        }
        Ok(())
    })();
    lift("zip", format!("zip({l})"), r, law)
}

// ---------------------------------------------------------------------
// The rest of the surface: coalesce_x, bw_coalesce, max_alignment, the modes of
// a layout by index, crd2idx, the coordinate iterator, the int-tuple
// constructors and scans
// ---------------------------------------------------------------------

/// `L`'s values equal `R`'s at the points of `[0, n)` on the extended
/// domain (the last mode takes every index beyond), where both are in
/// `i64`.
fn same_extended(l: &Layout, r: &Layout, n: i64) -> Outcome {
    for i in points(n) {
        if let (Ok(a), Ok(b)) = (l.checked_call(i), r.checked_call(i)) {
            ensure(a == b, || format!("R({i}) = {b} but L({i}) = {a}"))?;
        }
    }
    Ok(())
}

/// No size-1 mode and no two adjacent modes that merge (`s0·d0 == d1`).
fn no_unit_or_mergeable(r: &Layout) -> Outcome {
    let modes: Vec<(i64, i64)> = r.leaf_modes().collect();
    ensure(r.depth() <= 1, || format!("depth {} > 1", r.depth()))?;
    if let Some(k) = modes.iter().position(|m| m.0 == 1) {
        return Err(format!("mode {k} has size 1"));
    }
    match modes
        .windows(2)
        .position(|w| w[0].0.checked_mul(w[0].1) == Some(w[1].1))
    {
        Some(k) => Err(format!("modes {k} and {} merge", k + 1)),
        None => Ok(()),
    }
}

/// `coalesce_x(L) = R`: depth ≤ 1, `R(i) == L(i)` for every `i ≥ 0` on the
/// extended domain (checked on `[0, 4·size(L))`), `size(R)` is `size(L)`,
/// or twice it when `L`'s last leaf has size 1 (CuTe seeds it as `2:d`),
/// and no size-1 or mergeable modes.
pub fn check_coalesce_x(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let last = l.leaf_modes().last().ok_or("L has no leaf")?;
        let factor = if last.0 == 1 { 2 } else { 1 };
        ensure(Some(r.size()) == l.size().checked_mul(factor), || {
            format!(
                "size {} is not {factor}·size(L) = {factor}·{}",
                r.size(),
                l.size()
            )
        })?;
        no_unit_or_mergeable(r)?;
        same_extended(l, r, l.size().saturating_mul(4))
    })();
    lift("coalesce_x", format!("coalesce_x({l})"), r, law)
}

/// `coalesce_x_by(L, profile) = R`: an integer profile is
/// [`check_coalesce_x`]; a tuple profile of rank `≤ rank(L)` applies it to
/// mode `i` by `profile[i]` and keeps the other modes.
pub fn check_coalesce_x_by(l: &Layout, profile: &IntTuple, r: &Layout) -> Result<(), Violation> {
    by_profile_law("coalesce_x", l, profile, r, check_coalesce_x)
}

/// `bw_coalesce(L, N) = R` (`N` flat): with `X` the flat layout of `L`'s
/// leaves followed by `N`'s, `size(R) == size(X)`, depth ≤ 1 and `R(i) ==
/// X(i)` for every `i < size(X)`.
pub fn check_bw_coalesce(l: &Layout, seed: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(seed.depth() <= 1, || {
            format!("the stack {seed} is not flat")
        })?;
        let leaves: Vec<(i64, i64)> = l.leaf_modes().chain(seed.leaf_modes()).collect();
        let (s, d): (Vec<i64>, Vec<i64>) = leaves.into_iter().unzip();
        let x = Layout::new(IntTuple::flat(s), IntTuple::flat(d)).map_err(err)?;
        ensure(r.depth() <= 1, || format!("depth {} > 1", r.depth()))?;
        ensure(r.size() == x.size(), || {
            format!("size {} is not size(L)·size(N) = {}", r.size(), x.size())
        })?;
        for i in points(x.size()) {
            let (a, b) = (x.call(i), r.call(i));
            ensure(a == b, || format!("R({i}) = {b} but (L, N)({i}) = {a}"))?;
        }
        Ok(())
    })();
    lift("bw_coalesce", format!("bw_coalesce({l}, {seed})"), r, law)
}

/// `max_alignment(L) = N`: CuTe's definition `N = |gcd(size<0>(P),
/// stride<1>(P))|` with `P = logical_divide(F, right_inverse(F))`, `F =
/// coalesce(L)` (each operation by its own law), and its meaning: `N ≥ 1`
/// divides the contiguous run `size(right_inverse(F))`, and the image of
/// `L` is a union of whole aligned blocks `[N·m, N·m + N)`.
pub fn check_max_alignment(l: &Layout, n: i64) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let f = cute_dynamic::coalesce(l);
        let inv = cute_dynamic::right_inverse(&f).map_err(err)?;
        let p = logical_divide(&f, &inv).map_err(err)?;
        let mut g = p.mode(0).ok_or("P has no mode 0")?.size();
        for d in p.mode(1).ok_or("P has no mode 1")?.stride().leaves() {
            g = cute_core::int::gcd(g, d);
        }
        ensure(n >= 1 && Some(n) == g.checked_abs(), || {
            format!("CuTe's gcd(size<0>(P), stride<1>(P)) is {g}, P = {p}")
        })?;
        ensure(inv.size() % n == 0, || {
            format!("{n} does not divide the contiguous run {}", inv.size())
        })?;
        if let Some(img) = image(l) {
            for &x in &img {
                let base = x - x.rem_euclid(n);
                let whole = (base..base + n).all(|y| img.binary_search(&y).is_ok());
                ensure(whole, || {
                    format!(
                        "offset {x}: the block [{base}, {}) is not in the image",
                        base + n
                    )
                })?;
            }
        }
        Ok(())
    })();
    lift("max_alignment", format!("max_alignment({l})"), &n, law)
}

/// `make_layout(S, D) = R`: `R`'s shape is `S` and its stride `D`, or
/// without `D` the compact column-major strides `compact_col_major(S, 1)`.
pub fn check_make_layout(
    shape: &IntTuple,
    stride: Option<&IntTuple>,
    r: &Layout,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(r.shape() == shape, || {
            format!("shape {} is not {shape}", r.shape())
        })?;
        let want = match stride {
            Some(d) => d.clone(),
            None => cute_dynamic::compact_col_major(shape, 1).map_err(err)?,
        };
        ensure(*r.stride() == want, || {
            format!("stride {} is not {want}", r.stride())
        })
    })();
    let operands = match stride {
        Some(d) => format!("make_layout({shape}, {d})"),
        None => format!("make_layout({shape})"),
    };
    lift("make_layout", operands, r, law)
}

/// `select(L, I) = R`: `R` is a tuple of rank `|I|` whose mode `k` is mode
/// `I[k]` of `L` (for `s:d`, mode 0 is `L`).
pub fn check_select(l: &Layout, indices: &[usize], r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(!r.shape().is_int() && r.rank() == indices.len(), || {
            format!("{r} is not a tuple of rank {}", indices.len())
        })?;
        for (k, &i) in indices.iter().enumerate() {
            ensure(i < l.rank() && r.mode(k) == Some(mode(l, i)), || {
                format!("mode {k} is not mode {i} of {l}")
            })?;
        }
        Ok(())
    })();
    lift("select", format!("select({l}, {indices:?})"), r, law)
}

/// `take(L, B, E) = R`: `select(L, [B, …, E-1])`.
pub fn check_take(l: &Layout, begin: usize, end: usize, r: &Layout) -> Result<(), Violation> {
    let idx: Vec<usize> = (begin..end).collect();
    check_select(l, &idx, r)
}

/// `group_modes(L, B, E) = R`: the modes of `L` before `B` and from `E`
/// kept, and between them one mode whose modes are `L`'s modes `B..E`.
pub fn check_group_modes(
    l: &Layout,
    begin: usize,
    end: usize,
    r: &Layout,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(begin < end && end <= l.rank(), || {
            format!("{begin}..{end} is not a range of modes")
        })?;
        ensure(
            !r.shape().is_int() && r.rank() == l.rank() - (end - begin) + 1,
            || format!("rank {} is not rank(L) - (E - B) + 1", r.rank()),
        )?;
        for i in 0..begin {
            ensure(r.mode(i) == Some(mode(l, i)), || {
                format!("mode {i} is not L's")
            })?;
        }
        for i in end..l.rank() {
            let k = i - (end - begin) + 1;
            ensure(r.mode(k) == Some(mode(l, i)), || {
                format!("mode {k} is not L's mode {i}")
            })?;
        }
        let g = r.mode(begin).ok_or("the group is missing")?;
        ensure(!g.shape().is_int() && g.rank() == end - begin, || {
            format!("the group {g} has not rank {}", end - begin)
        })?;
        for i in begin..end {
            ensure(g.mode(i - begin) == Some(mode(l, i)), || {
                format!("mode {} of the group is not L's mode {i}", i - begin)
            })?;
        }
        Ok(())
    })();
    lift(
        "group_modes",
        format!("group_modes({l}, {begin}, {end})"),
        r,
        law,
    )
}

/// `replace(L, I, X) = R`: for a tuple `L`, `R` is a tuple of `L`'s rank
/// whose mode `I` is `X` and whose other modes are `L`'s; for an integer
/// `L` (rank 1), `I` is 0 and `R` is `X`.
pub fn check_replace(l: &Layout, i: usize, x: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(i < l.rank(), || {
            format!("{i} is not a mode of L (rank {})", l.rank())
        })?;
        if l.shape().is_int() {
            return ensure(r == x, || format!("{r} is not X"));
        }
        ensure(!r.shape().is_int() && r.rank() == l.rank(), || {
            format!("{r} is not a tuple of rank {}", l.rank())
        })?;
        for k in 0..l.rank() {
            let want = if k == i { x.clone() } else { mode(l, k) };
            ensure(r.mode(k) == Some(want), || {
                format!("mode {k} is not {}", if k == i { "X" } else { "L's" })
            })?;
        }
        Ok(())
    })();
    lift("replace", format!("replace({l}, {i}, {x})"), r, law)
}

/// `flatten(L) = R`: depth ≤ 1, the same leaves `s:d` in order, and an
/// integer exactly when `L` is one.
pub fn check_flatten(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(r.depth() <= 1, || format!("depth {} > 1", r.depth()))?;
        ensure(r.shape().is_int() == l.shape().is_int(), || {
            "an integer exactly when L is".into()
        })?;
        ensure(r.leaf_modes().eq(l.leaf_modes()), || {
            "the leaves differ".into()
        })
    })();
    lift("flatten", format!("flatten({l})"), r, law)
}

/// `c` split into a congruent coordinate of `shape`: an integer above a
/// tuple is split colexicographically (the last mode unreduced).
fn natural(c: IntTupleRef<'_>, shape: IntTupleRef<'_>, out: &mut Vec<i64>) -> Outcome {
    match (c.as_int(), shape.is_int()) {
        (Some(v), true) => out.push(v),
        (Some(v), false) => {
            let n = shape.rank();
            let mut rest = v;
            for (k, m) in shape.children().enumerate() {
                let part = if k + 1 == n {
                    rest
                } else {
                    let s = m.size().ok_or("size beyond i64")?;
                    let p = rest % s;
                    rest /= s;
                    p
                };
                natural(IntTuple::int(part).as_ref(), m, out)?;
            }
        }
        (None, false) if c.rank() == shape.rank() => {
            for (cc, m) in c.children().zip(shape.children()) {
                natural(cc, m, out)?;
            }
        }
        _ => return Err(format!("{c} is not weakly congruent to {shape}")),
    }
    Ok(())
}

/// `crd2idx(c, S, D) = r`: `r = Σ cᵢ·dᵢ` over the leaves of `c`'s natural
/// (congruent) coordinate in `S` (an integer above a tuple split
/// colexicographically), exactly.
pub fn check_crd2idx(
    c: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
    r: i64,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let mut nat = Vec::new();
        natural(c.as_ref(), shape.as_ref(), &mut nat)?;
        let want: i128 = nat
            .iter()
            .zip(stride.leaves())
            .map(|(&x, d)| i128::from(x) * i128::from(d))
            .sum();
        ensure(i128::from(r) == want, || format!("Σ c·d is {want}"))
    })();
    lift(
        "crd2idx",
        format!("crd2idx({c}, {shape}, {stride})"),
        &r,
        law,
    )
}

/// `crd2idx(c, S) = r` (the two-argument form): `c` is congruent to `S`
/// and `r = Σ cᵢ·(s₀⋯s_{i-1})` over the flat leaves, exactly — the
/// three-argument form with the strides `prefix_product(S)`.
pub fn check_crd2idx_shape(c: &IntTuple, shape: &IntTuple, r: i64) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(congruent(c, shape), || {
            format!("{c} is not congruent to {shape}")
        })?;
        let (mut want, mut p) = (0i128, Some(1i128));
        for (x, s) in c.leaves().zip(shape.leaves()) {
            if x != 0 {
                want = p
                    .and_then(|p| i128::from(x).checked_mul(p))
                    .and_then(|t| t.checked_add(want))
                    .ok_or_else(|| "Σ c·(s₀⋯) is beyond i128".to_string())?;
            }
            p = p.and_then(|p| p.checked_mul(i128::from(s)));
        }
        ensure(i128::from(r) == want, || format!("Σ c·(s₀⋯) is {want}"))
    })();
    binary_law("crd2idx", c, shape, &r, law)
}

/// `L.get_hier_coord(i) = r`: `r` is `idx2crd(i, shape(L), stride(L))`,
/// which satisfies [`check_idx2crd_strided`].
pub fn check_get_hier_coord(l: &Layout, idx: i64, r: &IntTuple) -> Result<(), Violation> {
    check_idx2crd_strided(&IntTuple::int(idx), l.shape(), l.stride(), r).map_err(|v| {
        Ctx::new("get_hier_coord", format!("({l}).get_hier_coord({idx})"), r)
            .fail(None, v.to_string())
    })
}

/// The hierarchical coordinate of `idx` in `l`, checked by its law.
fn hier_by_law(l: &Layout, idx: i64) -> Result<IntTuple, String> {
    let h = cute_dynamic::idx2crd_strided(&IntTuple::int(idx), l.shape(), l.stride())
        .map_err(|e| format!("get_hier_coord({idx}) fails: {e}"))?;
    check_get_hier_coord(l, idx, &h).map_err(|v| v.to_string())?;
    Ok(h)
}

/// `L.get_flat_coord(i) = r`: with `h = L.get_hier_coord(i)` (checked by
/// its law), `r` has a leaf per mode of `L` (one integer for an integer or
/// rank-1 shape), each mode's leaf `crd2idx(h_k, shape_k)` by
/// [`check_crd2idx_shape`].
pub fn check_get_flat_coord(l: &Layout, idx: i64, r: &IntTuple) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let h = hier_by_law(l, idx)?;
        let shape = l.shape();
        let pairs: Vec<(IntTuple, IntTuple, Option<i64>)> =
            if shape.is_int() || shape.as_ref().rank() == 1 {
                vec![(h, shape.clone(), r.as_int())]
            } else {
                ensure(
                    !r.is_int()
                        && r.as_ref().rank() == shape.as_ref().rank()
                        && r.as_ref().depth() <= 1,
                    || format!("{r} is not a flat tuple of rank {}", shape.as_ref().rank()),
                )?;
                h.as_ref()
                    .children()
                    .zip(shape.as_ref().children())
                    .zip(r.leaves())
                    .map(|((c, s), x)| (c.to_owned(), s.to_owned(), Some(x)))
                    .collect()
            };
        for (c, s, x) in pairs {
            let x = x.ok_or_else(|| format!("{r} is not an integer"))?;
            check_crd2idx_shape(&c, &s, x).map_err(|v| v.to_string())?;
        }
        Ok(())
    })();
    lift(
        "get_flat_coord",
        format!("({l}).get_flat_coord({idx})"),
        r,
        law,
    )
}

/// `L.get_1d_coord(i) = r`: with `h = L.get_hier_coord(i)` (checked by
/// its law), `r = crd2idx(h, shape(L))` by [`check_crd2idx_shape`].
pub fn check_get_1d_coord(l: &Layout, idx: i64, r: i64) -> Result<(), Violation> {
    let law = hier_by_law(l, idx)
        .and_then(|h| check_crd2idx_shape(&h, l.shape(), r).map_err(|v| v.to_string()));
    lift(
        "get_1d_coord",
        format!("({l}).get_1d_coord({idx})"),
        &r,
        law,
    )
}

/// `increment(c, S) = r` for `c` in `S`'s domain: `r` congruent to `S`,
/// its colexicographic index one more than `c`'s, every leaf but the last
/// in `[0, extent)` and the last in `[0, extent]` (the end coordinate).
pub fn check_increment(c: &IntTuple, shape: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(congruent(c, shape) && congruent(r, shape), || {
            "coordinate, result and shape are not congruent".into()
        })?;
        let ext: Vec<i64> = shape.leaves().collect();
        let index = |t: &IntTuple| -> i128 {
            let (mut i, mut p) = (0i128, 1i128);
            for (x, &s) in t.leaves().zip(&ext) {
                i += i128::from(x) * p;
                p *= i128::from(s);
            }
            i
        };
        ensure(index(r) == index(c) + 1, || {
            format!(
                "index {} is not index({c}) + 1 = {}",
                index(r),
                index(c) + 1
            )
        })?;
        let n = ext.len();
        for (k, (x, &s)) in r.leaves().zip(&ext).enumerate() {
            let hi = if k + 1 == n { s } else { s - 1 };
            ensure((0..=hi).contains(&x), || {
                format!("leaf {k} = {x} is outside [0, {hi}]")
            })?;
        }
        Ok(())
    })();
    lift("increment", format!("increment({c}, {shape})"), r, law)
}

/// `repeat_like(t, x) = r`: `r` has `t`'s tree down to its leaves, and `x`
/// at each of them.
pub fn check_repeat_like(t: &IntTuple, x: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    fn go(t: IntTupleRef<'_>, x: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
        if t.is_int() {
            return ensure(r == x, || format!("{r} is not {x}"));
        }
        ensure(!r.is_int() && r.rank() == t.rank(), || {
            format!("{r} has not the rank of {t}")
        })?;
        t.children()
            .zip(r.children())
            .try_for_each(|(a, b)| go(a, x, b))
    }
    lift(
        "repeat_like",
        format!("repeat_like({t}, {x})"),
        r,
        go(t.as_ref(), x.as_ref(), r.as_ref()),
    )
}

/// `make_int_tuple(n, v, init) = r`: `r` has rank `n` (an integer for
/// `n = 1`), element `i` being `v[i]` for `i < |v|`, else `init`.
pub fn check_make_int_tuple(
    n: usize,
    values: &[i64],
    init: i64,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        ensure(n >= 1, || "N is 0".into())?;
        let got: Vec<i64> = r.leaves().collect();
        ensure(
            r.is_int() == (n == 1) && r.depth() <= 1 && got.len() == n,
            || format!("{r} is not of rank {n}"),
        )?;
        for (i, g) in got.iter().enumerate() {
            let want = values.get(i).copied().unwrap_or(init);
            ensure(*g == want, || {
                format!("element {i} is {g}, expected {want}")
            })?;
        }
        Ok(())
    })();
    lift(
        "make_int_tuple",
        format!("make_int_tuple({n}, {values:?}, {init})"),
        r,
        law,
    )
}

/// `make_int_tuple_from(T, v) = r`: `r` is `T` with its holes, in order
/// (depth first), replaced by `v[0], v[1], …` (`T` has at most `|v|`
/// holes).
pub fn check_make_int_tuple_from(
    template: &Coord,
    values: &[i64],
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        let holes = holes_in(template);
        ensure(holes <= values.len(), || {
            format!("{holes} holes but {} values", values.len())
        })?;
        let want = fill_holes(template, &mut values.iter().map(|&v| IntTuple::int(v)))
            .ok_or("the holes cannot be filled")?;
        ensure(*r == want, || format!("{r} is not {want}"))
    })();
    lift(
        "make_int_tuple_from",
        format!("make_int_tuple_from({template}, {values:?})"),
        r,
        law,
    )
}

/// The step function of a scan, as the table's `escan`/`iscan` take it.
pub type ScanStep<'a> = &'a mut dyn FnMut(&IntTuple, IntTupleRef<'_>) -> Option<IntTuple>;

/// `escan(t, init, f) = r` (CuTe's exclusive scan over `t`'s top-level
/// modes): `r` has `t`'s rank, `r₀ = init` and `rᵢ₊₁ = f(rᵢ, tᵢ)`; with
/// `inclusive` (`iscan`), `r₀ = f(init, t₀)` and `rᵢ₊₁ = f(rᵢ, tᵢ₊₁)`.
pub fn check_escan(
    t: &IntTuple,
    init: &IntTuple,
    f: ScanStep<'_>,
    inclusive: bool,
    r: &IntTuple,
) -> Result<(), Violation> {
    let name = if inclusive { "iscan" } else { "escan" };
    let law = (|| -> Outcome {
        ensure(
            !t.is_int() && !r.is_int() && r.rank() == t.rank() && t.rank() > 0,
            || format!("{r} is not a tuple of rank rank({t}) > 0"),
        )?;
        let mut prev = init.clone();
        for (i, (ti, ri)) in t.as_ref().children().zip(r.as_ref().children()).enumerate() {
            let want = if inclusive {
                f(&prev, ti).ok_or("the step fails")?
            } else {
                prev.clone()
            };
            ensure(ri.to_owned() == want, || {
                format!("mode {i} is {ri}, expected {want}")
            })?;
            prev = if inclusive {
                want
            } else if i + 1 < t.rank() {
                f(&prev, ti).ok_or("the step fails")?
            } else {
                prev
            };
        }
        Ok(())
    })();
    lift(name, format!("{name}({t}, {init}, f)"), r, law)
}

/// `max(t) == r`: `r` is a leaf of `t` and no leaf is above it.
pub fn check_max(t: &IntTuple, r: i64) -> Result<(), Violation> {
    lift(
        "max",
        format!("max({t})"),
        &r,
        extreme_law("max", t, r, |x, r| x <= r),
    )
}

/// `min(t) == r`: `r` is a leaf of `t` and no leaf is below it.
pub fn check_min(t: &IntTuple, r: i64) -> Result<(), Violation> {
    lift(
        "min",
        format!("min({t})"),
        &r,
        extreme_law("min", t, r, |x, r| x >= r),
    )
}

fn extreme_law(op: &str, t: &IntTuple, r: i64, ok: fn(i64, i64) -> bool) -> Outcome {
    ensure(t.leaves().any(|x| x == r), || {
        format!("{op}({t}) = {r} is not a leaf of {t}")
    })?;
    match t.leaves().find(|&x| !ok(x, r)) {
        Some(x) => Err(format!("{op}({t}) = {r}, but {t} has the leaf {x}")),
        None => Ok(()),
    }
}

/// `gcd(t) == r`: `r ≥ 0` and `r` is the last of the running divisors
/// `gₖ = gcd(gₖ₋₁, xₖ)` over the leaves, each certified by Bézout: `gₖ`
/// divides `gₖ₋₁` and `xₖ` and `gₖ = s·gₖ₋₁ + t·xₖ` (so every common divisor
/// divides it).
pub fn check_gcd(t: &IntTuple, r: i64) -> Result<(), Violation> {
    lift("gcd", format!("gcd({t})"), &r, gcd_law_text(t, r))
}

fn gcd_law_text(t: &IntTuple, r: i64) -> Outcome {
    let mut leaves = t.leaves().map(i128::from);
    let Some(first) = leaves.next() else {
        return Err(format!("gcd({t}) = {r}, but {t} has no leaf"));
    };
    let mut g = first.abs();
    for x in leaves {
        // Extended Euclid on (g, |x|): n = s·g + u·|x|.
        let (mut r0, mut r1, mut s0, mut s1, mut u0, mut u1) =
            (g, x.abs(), 1i128, 0i128, 0i128, 1i128);
        while r1 != 0 {
            let q = r0 / r1;
            (r0, r1) = (r1, r0 - q * r1);
            (s0, s1) = (s1, s0 - q * s1);
            (u0, u1) = (u1, u0 - q * u1);
        }
        let divides = |a: i128| if r0 == 0 { a == 0 } else { a % r0 == 0 };
        ensure(
            divides(g) && divides(x) && s0 * g + u0 * x.abs() == r0,
            || format!("gcd({t}): no Bézout certificate for gcd({g}, {x})"),
        )?;
        g = r0;
    }
    ensure(g == i128::from(r), || {
        format!("gcd({t}) = {r}, but the greatest common divisor is {g}")
    })
}

/// `sum(t) == r`: the sum of the leaves.
pub fn check_sum(t: &IntTuple, r: i64) -> Result<(), Violation> {
    let want: i128 = t.leaves().map(i128::from).sum();
    lift(
        "sum",
        format!("sum({t})"),
        &r,
        ensure(want == i128::from(r), || {
            format!("sum({t}) = {r}, but the leaves sum to {want}")
        }),
    )
}

/// `shape_min(a, b) == r` for integers: `1` when either is 1, else the
/// smaller of the two.
pub fn check_shape_min(a: &IntTuple, b: &IntTuple, r: i64) -> Result<(), Violation> {
    let law = match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) if x == 1 || y == 1 => ensure(r == 1, || {
            format!("shape_min({a}, {b}) = {r}, but _1 is below every shape")
        }),
        (Some(x), Some(y)) => ensure((r == x || r == y) && r <= x && r <= y, || {
            format!("shape_min({a}, {b}) = {r} is not the smaller operand")
        }),
        _ => Err(format!("shape_min({a}, {b}): integers only")),
    };
    binary_law("shape_min", a, b, &r, law)
}

/// `product_like(t, guide) == r`: `r` is congruent to `guide`, and the leaf
/// of `r` at each leaf of `guide` is the size of the part of `t` there (a
/// tuple of `guide` pairs with a tuple of `t` of the same rank).
pub fn check_product_like(t: &IntTuple, guide: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    tuple_law("product_like", t, guide, r, product_like_law)
}

fn product_like_law(t: IntTupleRef<'_>, g: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
    match (g.is_int(), r.as_int()) {
        (true, Some(v)) => ensure(size128(t) == i128::from(v), || {
            format!("the leaf {v} is not size({t})")
        }),
        (true, None) => Err(format!("{r} is a tuple where the guide has the leaf {g}")),
        (false, _) => {
            ensure(!t.is_int() && t.rank() == g.rank(), || {
                format!("{t} is not as deep as the guide {g}")
            })?;
            ensure(!r.is_int() && r.rank() == g.rank(), || {
                format!("{r} is not congruent to the guide {g}")
            })?;
            for ((tc, gc), rc) in t.children().zip(g.children()).zip(r.children()) {
                product_like_law(tc, gc, rc)?;
            }
            Ok(())
        }
    }
}

/// `elem_scale(a, b) == r`: `r` congruent to `a`, each leaf of `a` times the
/// size of the matching mode of `b`.
pub fn check_elem_scale(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Result<(), Violation> {
    binary_law("elem_scale", a, b, &r, elem_scale_law_text(a, b, r))
}

fn elem_scale_law_text(a: &IntTuple, b: &IntTuple, r: &IntTuple) -> Outcome {
    ensure(congruent(a, r), || {
        format!("elem_scale({a}, {b}) = {r} is not congruent to {a}")
    })?;
    elem_scale_law(a.as_ref(), b.as_ref(), r.as_ref())
}

fn elem_scale_law(a: IntTupleRef<'_>, b: IntTupleRef<'_>, r: IntTupleRef<'_>) -> Outcome {
    match (a.as_int(), r.as_int()) {
        (Some(x), Some(v)) => ensure(i128::from(x) * size128(b) == i128::from(v), || {
            format!("elem_scale: {x}·size({b}) != {v}")
        }),
        _ => {
            for (k, (x, z)) in a.children().zip(r.children()).enumerate() {
                let y = b
                    .get(k)
                    .ok_or_else(|| format!("elem_scale: {b} has no mode {k}"))?;
                elem_scale_law(x, y, z)?;
            }
            Ok(())
        }
    }
}

/// `evenly_divides(shape, tiler) == r`: when `r`, every integer of the tiler
/// divides the size of the matching part of the shape; when every pairing
/// is integer by integer, `r` holds exactly when each divides.
pub fn check_evenly_divides(shape: &IntTuple, tiler: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law(
        "evenly_divides",
        shape,
        tiler,
        &r,
        evenly_divides_law_text(shape, tiler, r),
    )
}

fn evenly_divides_law_text(shape: &IntTuple, tiler: &IntTuple, r: bool) -> Outcome {
    let mut all_divide = true;
    let mut simple = true;
    pairings(shape.as_ref(), tiler.as_ref(), &mut all_divide, &mut simple);
    if r {
        ensure(all_divide, || {
            format!("evenly_divides({shape}, {tiler}) is true but a tile does not divide its mode")
        })?;
    }
    if simple {
        ensure(r == all_divide, || {
            format!("evenly_divides({shape}, {tiler}) = {r}, but divisibility says {all_divide}")
        })?;
    }
    Ok(())
}

fn pairings(a: IntTupleRef<'_>, b: IntTupleRef<'_>, all: &mut bool, simple: &mut bool) {
    match b.as_int() {
        Some(y) => {
            *simple &= a.is_int();
            *all &= y != 0 && size128(a) % i128::from(y) == 0;
        }
        None => {
            if b.rank() > a.rank() {
                *all = false;
                return;
            }
            for (k, y) in b.children().enumerate() {
                match a.get(k) {
                    Some(x) => pairings(x, y, all, simple),
                    None => *all = false,
                }
            }
        }
    }
}

// ---------------------------------------------------------------------
// Layouts
// ---------------------------------------------------------------------

/// `nullspace(l) == r`: `l(r(i)) == 0`, `r` injective into `l`'s domain, and
/// `size(r)` is the product of the sizes of `l`'s stride-0 leaves.
pub fn check_nullspace(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let what = format!("nullspace({l})");
    lift("nullspace", what, &r, nullspace_law_text(l, r))
}

fn nullspace_law_text(l: &Layout, r: &Layout) -> Outcome {
    let want: i128 = l
        .leaf_modes()
        .filter(|&(_, d)| d == 0)
        .map(|(s, _)| i128::from(s))
        .product();
    ensure(i128::from(r.size()) == want, || {
        format!("nullspace({l}) = {r}: size should be {want}")
    })?;
    let mut seen: Vec<i64> = points(r.size()).map(|i| r.call(i)).collect();
    for &x in &seen {
        ensure(0 <= x && x < l.size() && l.call(x) == 0, || {
            format!("nullspace({l}) = {r}: index {x} is not in the kernel")
        })?;
    }
    seen.sort_unstable();
    ensure(seen.windows(2).all(|w| w[0] != w[1]), || {
        format!("nullspace({l}) = {r} is not injective")
    })
}

/// `domain_offset(c, l) == (r, off)`: `r == l`, `off == l(c)`, and for
/// natural `c` the shifted tensor is the original one at `c + x`:
/// `l(c + x) == off + l(x)`.
pub fn check_domain_offset(
    coord: &IntTuple,
    l: &Layout,
    r: &Layout,
    offset: i64,
) -> Result<(), Violation> {
    let what = format!("domain_offset({coord}, {l})");
    lift(
        "domain_offset",
        what,
        &format_args!("{offset}|{r}"),
        domain_offset_law_text(coord, l, r, offset),
    )
}

fn domain_offset_law_text(coord: &IntTuple, l: &Layout, r: &Layout, off: i64) -> Outcome {
    let off = &off;
    ensure(r == l, || {
        format!("domain_offset({coord}, {l}) changed the layout to {r}")
    })?;
    let want = crd2idx(coord, l).map_err(|e| e.to_string())?;
    ensure(*off == want, || {
        format!("domain_offset({coord}, {l}) = {off}, want {want}")
    })?;
    if coord.as_ref().congruent(l.shape().as_ref()) {
        for i in 0..l.size().min(64) {
            let x = idx2crd(i, l.shape());
            let sum = replace_leaves(
                coord.as_ref(),
                coord
                    .leaves()
                    .zip(x.leaves())
                    .map(|(p, q)| p.wrapping_add(q)),
            );
            if let Ok(v) = crd2idx(&sum, l) {
                ensure(v == off.wrapping_add(l.call(i)), || {
                    format!("domain_offset({coord}, {l}): l(c + {x}) = {v} != {off} + l({x})")
                })?;
            }
        }
    }
    Ok(())
}

/// `dice(c, l) == r`: `r`'s leaves are `l`'s leaves under integers of `c`,
/// in order, and `size(r) · size(slice(c, l)) == size(l)`.
pub fn check_dice(coord: &Coord, l: &Layout, r: &Layout) -> Result<(), Violation> {
    binary_law("dice", coord, l, &r, dice_law_text(coord, l, r))
}

fn dice_law_text(coord: &Coord, l: &Layout, r: &Layout) -> Outcome {
    let mut want = Vec::new();
    kept(coord, l.as_ref(), &mut want)?;
    let got: Vec<(i64, i64)> = r.leaf_modes().collect();
    ensure(got == want, || {
        format!("dice({coord}, {l}) = {r}: leaves {got:?}, want {want:?}")
    })?;
    if let Ok((s, _)) = l.slice(coord) {
        ensure(
            i128::from(s.size()) * i128::from(r.size()) == i128::from(l.size()),
            || format!("dice({coord}, {l}) = {r} and slice = {s} do not split {l}"),
        )?;
    }
    Ok(())
}

fn kept(c: &Coord, m: LayoutRef<'_>, out: &mut Vec<(i64, i64)>) -> Outcome {
    match c {
        Coord::Int(_) => out.extend(m.leaf_modes()),
        Coord::Hole => {}
        Coord::Tuple(items) => {
            ensure(!m.is_int() && items.len() == m.rank(), || {
                format!("dice: {c} does not match {m}")
            })?;
            for (ci, mi) in items.iter().zip(m.modes()) {
                kept(ci, mi, out)?;
            }
        }
    }
    Ok(())
}

/// The sorted-stride test: the leaves, sorted by stride, have strides
/// `1, s₀, s₀·s₁, …` (a bijection onto `[0, Π s)`).
fn compact(leaves: &mut [(i64, i64)]) -> bool {
    leaves.sort_unstable_by_key(|&(s, d)| (d, s));
    let mut cur = 1i128;
    for &(s, d) in leaves.iter() {
        if i128::from(d) != cur {
            return false;
        }
        cur *= i128::from(s);
    }
    true
}

/// `make_ordered_layout(shape, order) == r`: shape `shape`, compact, size-1
/// leaves at stride 0, and strides increasing with (order value, leaf
/// position) over the leaves of size > 1.
pub fn check_make_ordered_layout(
    shape: &IntTuple,
    order: &IntTuple,
    r: &Layout,
) -> Result<(), Violation> {
    binary_law(
        "make_ordered_layout",
        shape,
        order,
        &r,
        make_ordered_layout_law_text(shape, order, r),
    )
}

/// `compact_order(S, O) = R`: `S:R` is `make_ordered_layout(S, O)`, which
/// satisfies its law.
pub fn check_compact_order(
    shape: &IntTuple,
    order: &IntTuple,
    r: &IntTuple,
) -> Result<(), Violation> {
    let law = Layout::new(shape.clone(), r.clone())
        .map_err(|e| format!("{shape}:{r} is not a layout: {e}"))
        .and_then(|l| make_ordered_layout_law_text(shape, order, &l));
    binary_law("compact_order", shape, order, r, law)
}

/// `ceil_div(T, L) = R` for a layout `L` (CuTe's `ceil_div(target,
/// tiler)`): `R` is the shape of `complement(L, T)`, which satisfies the
/// complement's law.
pub fn check_ceil_div_by_layout(t: &IntTuple, l: &Layout, r: &IntTuple) -> Result<(), Violation> {
    let law = cute_dynamic::complement_shape(l, t)
        .map_err(|e| format!("complement({l}, {t}) fails: {e}"))
        .and_then(|c| {
            check_complement_shape(l, t, &c).map_err(|v| v.to_string())?;
            ensure(c.shape() == r, || {
                format!("{r} is not the shape of complement({l}, {t}) = {c}")
            })
        });
    binary_law("ceil_div", t, l, r, law)
}

fn make_ordered_layout_law_text(shape: &IntTuple, order: &IntTuple, r: &Layout) -> Outcome {
    ensure(r.shape() == shape, || {
        format!("make_ordered_layout({shape}, {order}) = {r}: wrong shape")
    })?;
    let mut orders = Vec::new();
    leaf_orders(shape.as_ref(), order.as_ref(), &mut orders);
    let orders: Vec<Option<i64>> = orders.into_iter().map(Some).collect();
    ordered_law(r, &orders, &|| {
        format!("make_ordered_layout({shape}, {order}) = {r}")
    })
}

fn leaf_orders(shape: IntTupleRef<'_>, order: IntTupleRef<'_>, out: &mut Vec<i64>) {
    match order.as_int() {
        Some(o) => out.extend(shape.leaves().map(|_| o)),
        None => {
            for (s, o) in shape.children().zip(order.children()) {
                leaf_orders(s, o, out);
            }
        }
    }
}

/// Leaves of size > 1 with `Some(order)`: compact and increasing in
/// (order, position); the others at stride 0.
fn ordered_law(r: &Layout, orders: &[Option<i64>], what: &dyn Fn() -> String) -> Outcome {
    let leaves: Vec<(i64, i64)> = r.leaf_modes().collect();
    ensure(orders.len() == leaves.len(), || {
        format!("{}: profile mismatch", what())
    })?;
    let mut live: Vec<(i64, i64, i64, usize)> = Vec::new();
    for (k, (&(s, d), &o)) in leaves.iter().zip(orders).enumerate() {
        match o {
            Some(o) if s > 1 => live.push((o, d, s, k)),
            _ => ensure(d == 0, || {
                format!("{}: leaf {k} should have stride 0", what())
            })?,
        }
    }
    let mut modes: Vec<(i64, i64)> = live.iter().map(|&(_, d, s, _)| (s, d)).collect();
    ensure(compact(&mut modes), || format!("{}: not compact", what()))?;
    live.sort_unstable_by_key(|&(o, _, _, k)| (o, k));
    ensure(live.windows(2).all(|w| w[0].1 < w[1].1), || {
        format!("{}: strides do not follow the order", what())
    })
}

/// `make_layout_like(l) == r`: same shape, stride-0 and size-1 leaves at
/// stride 0, the others compact and in the order of `l`'s strides.
pub fn check_make_layout_like(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let what = format!("make_layout_like({l})");
    lift(
        "make_layout_like",
        what,
        &r,
        make_layout_like_law_text(l, r),
    )
}

fn make_layout_like_law_text(l: &Layout, r: &Layout) -> Outcome {
    ensure(r.shape() == l.shape(), || {
        format!("make_layout_like({l}) = {r}: wrong shape")
    })?;
    // Stride-0 leaves have no order: they must get stride 0.
    let orders: Vec<Option<i64>> = l.leaf_modes().map(|(_, d)| (d != 0).then_some(d)).collect();
    ordered_law(r, &orders, &|| format!("make_layout_like({l}) = {r}"))
}

/// `greatest_common_domain(a, b) == g`: a flat tuple layout, strictly
/// increasing and injective, `size(g)` divides `gcd(size(a), size(b))`, and
/// `column_major(a) ∘ g`, `column_major(b) ∘ g` are admissible.
pub fn check_greatest_common_domain(
    a: &IntTuple,
    b: &IntTuple,
    g: &Layout,
) -> Result<(), Violation> {
    binary_law(
        "greatest_common_domain",
        a,
        b,
        &g,
        greatest_common_domain_law_text(a, b, g),
    )
}

fn greatest_common_domain_law_text(a: &IntTuple, b: &IntTuple, g: &Layout) -> Outcome {
    let what = || format!("greatest_common_domain({a}, {b}) = {g}");
    ensure(!g.shape().is_int() && g.depth() == 1, || {
        format!("{}: not a flat tuple", what())
    })?;
    if g.rank() == 1 && g.leaf_modes().eq([(1, 0)]) {
        return Ok(());
    }
    let mut end = 1i128;
    for (s, d) in g.leaf_modes() {
        ensure(s > 1 && i128::from(d) >= end, || {
            format!("{}: not increasing", what())
        })?;
        end = i128::from(d) * i128::from(s);
    }
    let (sa, sb, sg) = (
        size128(a.as_ref()),
        size128(b.as_ref()),
        i128::from(g.size()),
    );
    ensure(sa % sg == 0 && sb % sg == 0, || {
        format!("{}: size does not divide", what())
    })?;
    for t in [a, b] {
        let c = Layout::column_major(t).map_err(|e| e.to_string())?;
        cute_dynamic::composition(&c, g).map_err(|e| format!("{}: {c} ∘ g: {e}", what()))?;
    }
    Ok(())
}

/// `layout_add(a, b) == r`: equal sizes and `r(i) == a(i) + b(i)`.
pub fn check_layout_add(a: &Layout, b: &Layout, r: &Layout) -> Result<(), Violation> {
    binary_law("layout_add", a, b, &r, layout_add_law_text(a, b, r))
}

fn layout_add_law_text(a: &Layout, b: &Layout, r: &Layout) -> Outcome {
    ensure(r.size() == a.size() && a.size() == b.size(), || {
        format!("layout_add({a}, {b}) = {r}: sizes differ")
    })?;
    for i in points(r.size()) {
        let want = i128::from(a.call(i)) + i128::from(b.call(i));
        ensure(i128::from(r.call(i)) == want, || {
            format!(
                "layout_add({a}, {b}) = {r}: at {i} got {}, want {want}",
                r.call(i)
            )
        })?;
    }
    Ok(())
}

/// `domain_distribute(shape, n) == r`: `size(r)` divides `n`, `r` is
/// strictly increasing, and `column_major(shape) ∘ r` is admissible.
pub fn check_domain_distribute(shape: &IntTuple, n: i64, r: &Layout) -> Result<(), Violation> {
    binary_law(
        "domain_distribute",
        shape,
        &n,
        &r,
        domain_distribute_law_text(shape, n, r),
    )
}

fn domain_distribute_law_text(shape: &IntTuple, n: i64, r: &Layout) -> Outcome {
    let what = || format!("domain_distribute({shape}, {n}) = {r}");
    ensure(r.size() >= 1 && n % r.size() == 0, || {
        format!("{}: size does not divide {n}", what())
    })?;
    let mut prev = -1i64;
    for i in points(r.size()) {
        let v = r.call(i);
        ensure(v > prev, || format!("{}: not increasing at {i}", what()))?;
        prev = v;
    }
    let c = Layout::column_major(shape).map_err(|e| e.to_string())?;
    cute_dynamic::composition(&c, r).map_err(|e| format!("{}: {c} ∘ r: {e}", what()))?;
    Ok(())
}

/// `lex_less(a, b) == r`: for congruent tuples, the lexicographic order of
/// the leaf sequences.
pub fn check_lex_less(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law("lex_less", a, b, &r, lex_less_law_text(a, b, r))
}

fn lex_less_law_text(a: &IntTuple, b: &IntTuple, r: bool) -> Outcome {
    if congruent(a, b) {
        let want = a.leaves().lt(b.leaves());
        ensure(r == want, || {
            format!("lex_less({a}, {b}) = {r}, want {want}")
        })?;
    }
    Ok(())
}

/// `lex_leq`, `lex_gtr`, `lex_geq`, `colex_leq`, `colex_gtr`, `colex_geq`
/// (`op`) `(a, b) == r`: for congruent tuples, `≤`, `>`, `≥` of the leaf
/// sequences (reversed for colex), as CuTe's negations and swaps of
/// `lex_less`/`colex_less` give them.
pub fn check_lex_order(op: &str, a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    let law = (|| -> Outcome {
        if !congruent(a, b) {
            return Ok(());
        }
        let (mut x, mut y): (Vec<i64>, Vec<i64>) = (a.leaves().collect(), b.leaves().collect());
        if op.starts_with("colex") {
            x.reverse();
            y.reverse();
        }
        let want = match op.rsplit('_').next() {
            Some("leq") => x <= y,
            Some("gtr") => x > y,
            Some("geq") => x >= y,
            _ => return Err(format!("{op} is not an order")),
        };
        ensure(r == want, || format!("{op}({a}, {b}) = {r}, want {want}"))
    })();
    lift("lex_order", format!("{op}({a}, {b})"), &r, law)
}

/// `colex_less(a, b) == r`: for congruent tuples, the lexicographic order
/// of the reversed leaf sequences.
pub fn check_colex_less(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law("colex_less", a, b, &r, colex_less_law_text(a, b, r))
}

fn colex_less_law_text(a: &IntTuple, b: &IntTuple, r: bool) -> Outcome {
    if congruent(a, b) {
        let (x, y): (Vec<i64>, Vec<i64>) = (a.leaves().collect(), b.leaves().collect());
        let want = x.iter().rev().lt(y.iter().rev());
        ensure(r == want, || {
            format!("colex_less({a}, {b}) = {r}, want {want}")
        })?;
    }
    Ok(())
}

/// `elem_less(a, b) == r`: for congruent tuples, every leaf of `a` is less
/// than the matching leaf of `b`.
pub fn check_elem_less(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law("elem_less", a, b, &r, elem_less_law_text(a, b, r))
}

fn elem_less_law_text(a: &IntTuple, b: &IntTuple, r: bool) -> Outcome {
    if congruent(a, b) {
        let want = a.leaves().zip(b.leaves()).all(|(x, y)| x < y);
        ensure(r == want, || {
            format!("elem_less({a}, {b}) = {r}, want {want}")
        })?;
    }
    Ok(())
}

/// `elem_leq(a, b) == r`: for congruent tuples, some leaf of `a` is at
/// most the matching leaf of `b` (CuTe's
/// `!elem_less(b, a)`).
pub fn check_elem_leq(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law(
        "elem_leq",
        a,
        b,
        &r,
        elem_cmp_law_text("elem_leq", a, b, r, |x, y| x <= y, true),
    )
}

/// `elem_gtr(a, b) == r`: for congruent tuples, every leaf of `a` is above
/// the matching leaf of `b` (CuTe's `elem_less(b, a)`).
pub fn check_elem_gtr(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law(
        "elem_gtr",
        a,
        b,
        &r,
        elem_cmp_law_text("elem_gtr", a, b, r, |x, y| x > y, false),
    )
}

/// `elem_geq(a, b) == r`: for congruent tuples, some leaf of `a` is at
/// least the matching leaf of `b` (CuTe's
/// `!elem_less(a, b)`).
pub fn check_elem_geq(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    binary_law(
        "elem_geq",
        a,
        b,
        &r,
        elem_cmp_law_text("elem_geq", a, b, r, |x, y| x >= y, true),
    )
}

/// For congruent tuples, `r` is "some leaf pair satisfies `cmp`" (`some`;
/// false without leaves) or "every leaf pair does".
fn elem_cmp_law_text(
    op: &str,
    a: &IntTuple,
    b: &IntTuple,
    r: bool,
    cmp: fn(i64, i64) -> bool,
    some: bool,
) -> Outcome {
    if congruent(a, b) {
        let mut pairs = a.leaves().zip(b.leaves());
        let want = if some {
            pairs.any(|(x, y)| cmp(x, y))
        } else {
            pairs.all(|(x, y)| cmp(x, y))
        };
        ensure(r == want, || format!("{op}({a}, {b}) = {r}, want {want}"))?;
    }
    Ok(())
}

// ---------------------------------------------------------------------
// Recasting
// ---------------------------------------------------------------------

/// `⌈a / b⌉` for `a ≥ 0`, `b ≥ 1`, in `i128`.
fn ceil128(a: i128, b: i128) -> i128 {
    (a + b - 1) / b
}

/// `r` has `l`'s profile and leaf `k` of `r` is `rule(leaf k of l)`.
fn leaf_rule(
    cx: &Ctx,
    l: &Layout,
    r: &Layout,
    rule: &dyn Fn(i64, i64) -> (i128, i128),
) -> Result<(), Violation> {
    cx.ensure(r.shape().as_ref().congruent(l.shape().as_ref()), || {
        format!("the profile of {} differs from {}", r.shape(), l.shape())
    })?;
    for (k, ((s, d), (rs, rd))) in l.leaf_modes().zip(r.leaf_modes()).enumerate() {
        let (ws, wd) = rule(s, d);
        cx.ensure(i128::from(rs) == ws && i128::from(rd) == wd, || {
            format!("leaf {k} {s}:{d} became {rs}:{rd}, expected {ws}:{wd}")
        })?;
    }
    Ok(())
}

/// `upcast(N, L) = R` (`N` elements viewed as one): `L`'s profile, each
/// leaf `s:d` becoming `ceil_div(s, ceil_div(N, |d|)) : sign(d)·ceil_div(|d|,
/// N)` (a stride-0 leaf kept); and exact where that rule is: when `L`'s
/// first leaf has stride 1 and a size that `N` divides and every other
/// stride is a multiple of `N`, `N·size(R) == size(L)` and `N·R(i) ==
/// L(N·i)` for every `i < size(R)` (new element `i` covers old elements
/// `N·i … N·i+N-1`).
pub fn check_upcast(n: i64, l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("upcast", format!("upcast({n}, {l})"), r);
    cx.ensure(n >= 1, || format!("the factor {n} is not positive"))?;
    let n128 = i128::from(n);
    leaf_rule(&cx, l, r, &|s, d| {
        if d == 0 {
            (i128::from(s), 0)
        } else {
            let a = i128::from(d).abs();
            (
                ceil128(i128::from(s), ceil128(n128, a)),
                i128::from(d.signum()) * ceil128(a, n128),
            )
        }
    })?;
    let mut leaves = l.leaf_modes();
    let exact =
        matches!(leaves.next(), Some((s, 1)) if s % n == 0) && leaves.all(|(_, d)| d % n == 0);
    if !exact {
        return Ok(());
    }
    cx.ensure(r.size().checked_mul(n) == Some(l.size()), || {
        format!("N·size(R) = {n}·{} is not size(L) = {}", r.size(), l.size())
    })?;
    for i in points(r.size()) {
        let (got, want) = (i128::from(r.call(i)) * n128, i128::from(l.call(i * n)));
        if got != want {
            return Err(cx.fail(
                Some(crd(r, i)),
                format!("N·R({i}) = {got} but L(N·{i}) = {want}"),
            ));
        }
    }
    Ok(())
}

/// `recast_layout(old_bits, new_bits, L) = R`: with `new/old = num/den` in
/// lowest terms, `R == downcast(den, U)` for `U = upcast(num, L)`: `U`
/// satisfies [`check_upcast`], and `R` has `U`'s profile with each leaf
/// `s:±1` becoming `s·den:±1` and any other `s:d` becoming `s:d·den`, and
/// satisfies [`check_downcast`] on `U` (for `num = den = 1`, `R == L`).
pub fn check_recast_layout(
    old_bits: i64,
    new_bits: i64,
    l: &Layout,
    r: &Layout,
) -> Result<(), Violation> {
    let cx = Ctx::new(
        "recast_layout",
        format!("recast_layout({old_bits}, {new_bits}, {l})"),
        r,
    );
    cx.ensure(old_bits >= 1 && new_bits >= 1, || {
        "element sizes must be positive".into()
    })?;
    let g = cute_core::int::gcd(old_bits, new_bits);
    let (num, den) = (new_bits / g, old_bits / g);
    let u = cute_dynamic::upcast(num, l)
        .map_err(|e| cx.fail(None, format!("upcast({num}) fails: {e}")))?;
    check_upcast(num, l, &u)?;
    let den128 = i128::from(den);
    leaf_rule(&cx, &u, r, &|s, d| {
        if d == 1 || d == -1 {
            (i128::from(s) * den128, i128::from(d))
        } else {
            (i128::from(s), i128::from(d) * den128)
        }
    })?;
    check_downcast(den, &u, r)
}

// ---------------------------------------------------------------------
// Int-tuple profiles, swizzles by value, descriptors
// ---------------------------------------------------------------------

fn congruent_def(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> bool {
    match (a.is_int(), b.is_int()) {
        (true, true) => true,
        (false, false) => {
            a.rank() == b.rank()
                && a.children()
                    .zip(b.children())
                    .all(|(x, y)| congruent_def(x, y))
        }
        _ => false,
    }
}

fn weakly_congruent_def(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> bool {
    if a.is_int() {
        return true;
    }
    !b.is_int()
        && a.rank() == b.rank()
        && a.children()
            .zip(b.children())
            .all(|(x, y)| weakly_congruent_def(x, y))
}

fn compatible_def(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> bool {
    if let Some(x) = a.as_int() {
        return i128::from(x) == size128(b);
    }
    !b.is_int()
        && a.rank() == b.rank()
        && a.children()
            .zip(b.children())
            .all(|(x, y)| compatible_def(x, y))
}

fn weakly_compatible_def(a: IntTupleRef<'_>, b: IntTupleRef<'_>) -> bool {
    if let Some(x) = a.as_int() {
        let n = size128(b);
        return if x == 0 {
            n == 0
        } else {
            n % i128::from(x) == 0
        };
    }
    !b.is_int()
        && a.rank() == b.rank()
        && a.children()
            .zip(b.children())
            .all(|(x, y)| weakly_compatible_def(x, y))
}

fn predicate_law(
    law: &'static str,
    a: &IntTuple,
    b: &IntTuple,
    r: bool,
    def: fn(IntTupleRef<'_>, IntTupleRef<'_>) -> bool,
) -> Result<(), Violation> {
    let want = def(a.as_ref(), b.as_ref());
    let cx = Ctx::new(law, format!("{law}({a}, {b})"), &r);
    cx.ensure(r == want, || format!("the definition says {want}"))
}

/// `congruent(a, b) = r`: `r` holds exactly when `a` and `b` have the same
/// profile (both integers, or tuples of equal rank with congruent modes).
pub fn check_congruent(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    predicate_law("congruent", a, b, r, congruent_def)
}

/// `weakly_congruent(a, b) = r`: `r` holds exactly when `a`'s profile is a
/// coarsening of `b`'s (an integer `a` matches anything; tuples need equal
/// ranks and weakly congruent modes).
pub fn check_weakly_congruent(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    predicate_law("weakly_congruent", a, b, r, weakly_congruent_def)
}

/// `compatible(a, b) = r`: `r` holds exactly when every coordinate of shape
/// `a` is one of shape `b`: an integer `a` equals `size(b)`; tuples need
/// equal ranks and compatible modes.
pub fn check_compatible(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    predicate_law("compatible", a, b, r, compatible_def)
}

/// `weakly_compatible(a, b) = r`: `r` holds exactly when each leaf `x` of
/// `a` divides the size of the matching mode of `b` (an integer `a`:
/// `x | size(b)`; tuples need equal ranks and weakly compatible modes).
pub fn check_weakly_compatible(a: &IntTuple, b: &IntTuple, r: bool) -> Result<(), Violation> {
    predicate_law("weakly_compatible", a, b, r, weakly_compatible_def)
}

/// `S(x) = y` for a swizzle `S`: `S` satisfies [`check_swizzle`], `S(y) ==
/// x` (an involution) and `y` is in `x`'s aligned block of `period` offsets.
pub fn check_swizzle_at(sw: &Swizzle, x: i64, y: i64) -> Result<(), Violation> {
    check_swizzle(sw)?;
    let cx = Ctx::new("swizzle", format!("{sw}({x})"), &y);
    let back = sw.apply(y);
    cx.ensure(back == x, || format!("S({y}) = {back} ≠ {x}"))?;
    let p = sw.period();
    cx.ensure(y.div_euclid(p) == x.div_euclid(p), || {
        format!("{y} leaves the block of {x} (period {p})")
    })
}

/// A descriptor printed as `printed`: the text is its normal form, a fixed
/// point (it parses back to the same descriptor and prints unchanged).
pub fn check_descriptor(d: &Descriptor, printed: &str) -> Result<(), Violation> {
    let cx = Ctx::new("descriptor", format!("{d}"), &printed);
    let back: Descriptor = printed
        .parse()
        .map_err(|e| cx.fail(None, format!("the printed form does not parse: {e}")))?;
    cx.ensure(back == *d, || {
        format!("it parses as {back}, another descriptor")
    })?;
    let again = back.to_string();
    cx.ensure(again == printed, || format!("it prints again as {again}"))
}

// ---------------------------------------------------------------------
// tile_to_shape
// ---------------------------------------------------------------------

/// `tile_to_shape(block, shape, order) = R`, CuTe's definition: with `N =
/// rank(shape)`, `B = append<N>(block)` (`1:0` modes appended; an integer
/// block stays itself for `N = 1`) and `O` the compact layout of the tile
/// counts `ceil_div(product_each(shape), product_each(B))` in `order`
/// (column-major when absent), `R == blocked_product(B, O)` (CuTe 4.2:
/// not coalesced, each mode `(block mode, count)`) — `product_each`,
/// `ceil_div`, the ordered layout and the blocked product each by their
/// laws. The evaluation property that
/// follows: `R` is compatible with `shape` (mode `i` of `R` has the size of
/// mode `i` of `shape`; an integer `shape` is `size(R)`), and `R(c) ==
/// B(c)` for every coordinate `c` of `B` taken mode by mode: every tile is
/// a copy of the block.
pub fn check_tile_to_shape(
    block: &Layout,
    shape: &IntTuple,
    order: Option<&IntTuple>,
    r: &Layout,
) -> Result<(), Violation> {
    let operands = match order {
        Some(o) => format!("tile_to_shape({block}, {shape}, {o})"),
        None => format!("tile_to_shape({block}, {shape})"),
    };
    let cx = Ctx::new("tile_to_shape", operands, r);
    let n = shape.rank();
    cx.ensure(block.rank() <= n, || {
        format!("rank(block) = {} > rank(shape) = {n}", block.rank())
    })?;
    let padded = if n <= 1 {
        block.clone()
    } else {
        pad_layout(block, n)
    };
    let fails =
        |what: &str, e: cute_dynamic::LayoutError| cx.fail(None, format!("{what} fails: {e}"));
    let block_shape =
        cute_dynamic::product_each(padded.shape()).map_err(|e| fails("product_each(B)", e))?;
    check_product_each(padded.shape(), &block_shape)?;
    let target = cute_dynamic::product_each(shape).map_err(|e| fails("product_each(shape)", e))?;
    check_product_each(shape, &target)?;
    let counts = cute_dynamic::ceil_div(&target, &block_shape).map_err(|e| fails("ceil_div", e))?;
    check_ceil_div(&target, &block_shape, &counts)?;
    // For an integer target, a rank-1 order is the order of its one mode.
    let order = order.map(|o| match o.get(0) {
        Some(m) if counts.is_int() && !o.is_int() && o.rank() == 1 => m.to_owned(),
        _ => o.clone(),
    });
    let arrangement = match &order {
        None => Layout::column_major(&counts),
        Some(o) => cute_dynamic::make_ordered_layout(&counts, o),
    }
    .map_err(|e| fails("the tile arrangement", e))?;
    if let Some(o) = &order {
        check_make_ordered_layout(&counts, o, &arrangement)?;
    }
    let p = cute_dynamic::blocked_product(&padded, &arrangement)
        .map_err(|e| fails("the blocked product", e))?;
    check_blocked_product(&padded, &arrangement, &p)?;
    same_layout(&cx, Some(r.clone()), &p, "the result")?;
    // The evaluation property, from the definition's result alone.
    if let Some(s) = shape.as_int() {
        cx.ensure(r.size() == s, || format!("size {} is not {s}", r.size()))?;
    } else {
        cx.ensure(!r.shape().is_int() && r.rank() == n, || {
            format!("rank {}, expected rank(shape) = {n}", r.rank())
        })?;
        for (i, m) in shape.as_ref().modes().enumerate() {
            let got = mode(r, i).size();
            cx.ensure(i128::from(got) == size128(m), || {
                format!("mode {i} has size {got}, expected size({m})")
            })?;
        }
    }
    let sizes: Vec<i64> = (0..n).map(|i| mode(&padded, i).size().max(1)).collect();
    for j in points(padded.size()) {
        let want = padded.call(j);
        let (got, at) = if n <= 1 {
            (r.call(j), j.to_string())
        } else {
            let mut rest = j;
            let c = IntTuple::flat(sizes.iter().map(|&s| {
                let u = rest % s;
                rest /= s;
                u
            }));
            let got = r
                .call_coord(&c)
                .map_err(|e| cx.fail(Some(c.to_string()), format!("R fails there: {e}")))?;
            (got, c.to_string())
        };
        if got != want {
            return Err(cx.fail(
                Some(at),
                format!("R = {got} but the block gives {want}: a tile is not a copy of the block"),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------
// Tensors and partitioning (CuTe's kernel model)
// ---------------------------------------------------------------------

/// What the kernel-model checks report as the result: they run the
/// operations themselves.
const COMPUTED: &str = "(the operation's own results)";

/// A tiler with `_` keeps the modes it skips: for every operation `op`
/// among composition, logical divide and logical product,
/// `op(A, <…,_,…>)` has mode `i` equal to `A`'s mode `i` where the tiler
/// is `_`, and to `op(mode_i(A), t_i)` elsewhere.
pub fn check_underscore_tiler(a: &Layout, tiler: &Tiler) -> Result<(), Violation> {
    let law = underscore_tiler_law_text(a, tiler);
    lift(
        "underscore_tiler",
        format!("{a} by {tiler}"),
        &COMPUTED,
        law,
    )
}

/// `local_tile(T, tiler, coord, step) == local_tile(T, dice(step, tiler),
/// dice(step, coord))`, and every element of the tile is an offset of the
/// (diced) zipped divide of `layout`: checked on the counting tensor of
/// `layout`.
pub fn check_local_tile_with_step(
    layout: &Layout,
    tiler: &Tiler,
    coord: &Coord,
    step: &Step,
) -> Result<(), Violation> {
    let law = local_tile_law_text(layout, tiler, coord, step);
    let what = format!("local_tile({layout}, {tiler}, {coord}, {step})");
    lift("local_tile", what, &COMPUTED, law)
}

/// `local_partition(T, thr, i, step) == local_partition(T, dice(step, thr),
/// i)` for every thread `i < size(thr)`, and the partitions of all threads
/// cover the counting tensor of the compact `layout` evenly: every element
/// `size(thr) / size(dice(step, thr))` times.
pub fn check_local_partition_with_step(
    layout: &Layout,
    thr_layout: &Layout,
    step: &Step,
) -> Result<(), Violation> {
    let law = local_partition_law_text(layout, thr_layout, step);
    let what = format!("local_partition({layout}, {thr_layout}, {step})");
    lift("local_partition", what, &COMPUTED, law)
}

/// `make_fragment_like(L)`: the same shape, compact (a bijection onto
/// `0..size`), mode 0 contiguous and first.
pub fn check_make_fragment_like(layout: &Layout) -> Result<(), Violation> {
    let law = make_fragment_like_law_text(layout);
    lift(
        "make_fragment_like",
        format!("make_fragment_like({layout})"),
        &COMPUTED,
        law,
    )
}

/// `copy_if(pred, src, dst)`: afterwards `dst(i) == src(i)` where `pred(i)`
/// holds and `dst(i) == before(i)` elsewhere (`before` is `dst`'s values,
/// index by index, taken before the copy).
pub fn check_copy_if<P, S, D, LS, LD>(
    pred: &P,
    src: &Tensor<S, LS>,
    before: &[Option<S::Value>],
    dst: &Tensor<D, LD>,
) -> Result<(), Violation>
where
    P: Predicate + ?Sized,
    LS: TensorLayout,
    LD: TensorLayout,
    S: Engine<LS::Offset>,
    D: EngineMut<LD::Offset, Value = S::Value>,
    S::Value: Clone + PartialEq + core::fmt::Debug,
{
    let law = (0..dst.size()).try_for_each(|i| -> Outcome {
        let idx = usize::try_from(i).map_err(err)?;
        let want = if pred.test(i) == Some(true) {
            src.at(i)
        } else {
            before.get(idx).cloned().flatten()
        };
        let got = dst.at(i);
        ensure(got == want, || {
            format!("element {i}: {got:?}, expected {want:?}")
        })
    });
    lift("copy_if", "copy_if(pred, src, dst)".into(), &COMPUTED, law)
}

/// `fill(dst, v)` (and `clear`, with the default value): every element of
/// `dst` is `v`.
pub fn check_fill<D, LD>(dst: &Tensor<D, LD>, v: &D::Value) -> Result<(), Violation>
where
    LD: TensorLayout,
    D: Engine<LD::Offset>,
    D::Value: PartialEq + core::fmt::Debug,
{
    let law = (0..dst.size()).try_for_each(|i| -> Outcome {
        ensure(dst.at(i).as_ref() == Some(v), || {
            format!("element {i} is {:?}, expected {v:?}", dst.at(i))
        })
    });
    lift("fill", format!("fill(dst, {v:?})"), &COMPUTED, law)
}

/// `group_modes` and `flatten` re-lay out a tensor without changing its
/// values: `T'(i) == T(i)` for every index.
pub fn check_regroup(layout: &Layout, begin: usize, end: usize) -> Result<(), Violation> {
    let law = regroup_law_text(layout, begin, end);
    lift(
        "group_modes",
        format!("group_modes({layout}, {begin}, {end})"),
        &COMPUTED,
        law,
    )
}

fn err<E: core::fmt::Display>(e: E) -> String {
    e.to_string()
}

fn underscore_tiler_law_text(a: &Layout, tiler: &Tiler) -> Result<(), String> {
    let Tiler::Modes(ts) = tiler else {
        return Err(format!("{tiler} is not a by-mode tiler"));
    };
    type Op = fn(&Layout, &Tiler) -> Result<Layout, cute_dynamic::LayoutError>;
    let ops: [(&str, Op); 3] = [
        ("composition", |a, t| composition(a, t)),
        ("logical_divide", |a, t| logical_divide(a, t)),
        ("logical_product", |a, t| logical_product(a, t)),
    ];
    for (name, op) in ops {
        let r = match op(a, tiler) {
            Ok(r) => r,
            Err(e) => {
                // The by-mode result fails exactly when one tiled mode does.
                let mut modes = ts.iter().enumerate().filter(|(_, t)| **t != Tiler::Hole);
                if modes.any(|(i, t)| a.mode(i).is_none_or(|ai| op(&ai, t).is_err())) {
                    continue;
                }
                return Err(format!(
                    "{name}({a}, {tiler}) failed ({e}) but no mode does"
                ));
            }
        };
        for (i, t) in ts.iter().enumerate() {
            let (Some(ai), Some(ri)) = (a.mode(i), r.mode(i)) else {
                return Err(format!("{name}({a}, {tiler}) = {r} lacks mode {i}"));
            };
            let want = match t {
                Tiler::Hole => ai,
                t => op(&ai, t).map_err(err)?,
            };
            if ri != want {
                return Err(format!(
                    "{name}({a}, {tiler}) = {r}: mode {i} is {ri}, expected {want}"
                ));
            }
        }
    }
    Ok(())
}

fn local_tile_law_text(
    layout: &Layout,
    tiler: &Tiler,
    coord: &Coord,
    step: &Step,
) -> Result<(), String> {
    let t = Tensor::new(Counting, layout.clone()).map_err(err)?;
    let with = local_tile(&t, tiler, coord, Some(step)).map_err(err)?;
    let diced = local_tile(
        &t,
        &step.dice_tiler(tiler).map_err(err)?,
        &step.dice_coord(coord).map_err(err)?,
        None,
    )
    .map_err(err)?;
    if with.layout() != diced.layout() || with.base() != diced.base() {
        return Err(format!(
            "with step: {} + {}, diced: {} + {}",
            with.base(),
            with.layout(),
            diced.base(),
            diced.layout()
        ));
    }
    // The tile is a sub-view: every offset it reaches is `layout`'s offset
    // of some coordinate (checked on the diced zipped divide).
    let z = zipped_divide(layout, &step.dice_tiler(tiler).map_err(err)?).map_err(err)?;
    let reach: alloc::collections::BTreeSet<i64> = (0..z.size()).map(|i| z.call(i)).collect();
    for j in 0..with.size() {
        let off = with.at(j).ok_or_else(|| format!("no element {j}"))?;
        if !reach.contains(&off) {
            return Err(format!(
                "element {j} of the tile is offset {off}, not in the tiling"
            ));
        }
    }
    Ok(())
}

fn local_partition_law_text(
    layout: &Layout,
    thr_layout: &Layout,
    step: &Step,
) -> Result<(), String> {
    let t = Tensor::new(Counting, layout.clone()).map_err(err)?;
    let diced = step.dice_layout(thr_layout).map_err(err)?;
    let threads = thr_layout.size();
    let times = u32::try_from(threads / diced.size().max(1)).map_err(err)?;
    let mut seen = vec![0u32; usize::try_from(layout.size()).map_err(err)?];
    for thr in 0..threads {
        let a = local_partition(&t, thr_layout, thr, Some(step)).map_err(err)?;
        let b = local_partition(&t, &diced, thr, None).map_err(err)?;
        if a.layout() != b.layout() || a.base() != b.base() {
            return Err(format!("thread {thr}: {} vs {}", a.layout(), b.layout()));
        }
        for j in 0..a.size() {
            let off = a
                .at(j)
                .ok_or_else(|| format!("thread {thr}: no element {j}"))?;
            // Counting over a compact layout: the offset is the index.
            let k = usize::try_from(off).map_err(err)?;
            match seen.get_mut(k) {
                Some(s) => *s += 1,
                None => return Err(format!("thread {thr}: offset {off} outside {layout}")),
            }
        }
    }
    if seen.iter().any(|&s| s != times) {
        return Err(format!(
            "the partitions of {thr_layout} diced by {step} do not cover {layout} {times} times each"
        ));
    }
    Ok(())
}

fn make_fragment_like_law_text(layout: &Layout) -> Result<(), String> {
    let f = fragment_layout_like(layout).map_err(err)?;
    if f.shape() != layout.shape() {
        return Err(format!("{f} has not the shape of {layout}"));
    }
    let n = usize::try_from(f.size()).map_err(err)?;
    let mut hit = vec![false; n];
    for i in 0..f.size() {
        let o = usize::try_from(f.call(i)).map_err(err)?;
        match hit.get_mut(o) {
            Some(h) if !*h => *h = true,
            _ => return Err(format!("{f} is not a bijection onto 0..{n}")),
        }
    }
    let m0 = if layout.shape().is_int() {
        f.size()
    } else {
        f.mode(0).map(|m| m.size()).unwrap_or(1)
    };
    for i in 0..m0 {
        if f.call(i) != i {
            return Err(format!("mode 0 of {f} is not compact column-major"));
        }
    }
    Ok(())
}

fn regroup_law_text(layout: &Layout, begin: usize, end: usize) -> Result<(), String> {
    let t = Tensor::new(Counting, layout.clone()).map_err(err)?;
    let g = t.clone().group_modes(begin, end).map_err(err)?;
    let f = t.clone().flatten().map_err(err)?;
    for i in 0..t.size() {
        if g.at(i) != t.at(i) || f.at(i) != t.at(i) {
            return Err(format!(
                "index {i}: {:?} / {:?} / {:?} ({} / {} / {})",
                t.at(i),
                g.at(i),
                f.at(i),
                t.layout(),
                g.layout(),
                f.layout()
            ));
        }
    }
    Ok(())
}

/// The law of `make_gmma_desc(major, smem, bits, address)` = `d`: the
/// hardware, reading the operand through `d` (the PTX ISA's canonical
/// layouts and swizzles, `gmma_desc::canonical_address`), finds every
/// element `(mn, k)` of `smem` (extents: the sizes of its two modes) at
/// the byte address `smem` puts it: `address + Sw(offset + L(mn, k))·bits/8`.
pub fn check_gmma_desc(
    major: cute_dynamic::GmmaMajor,
    smem: &SwizzledLayout,
    bits: i64,
    address: u32,
    d: cute_dynamic::GmmaDescriptor,
) -> Result<(), Violation> {
    use cute_dynamic::__tools::canonical_address;
    use cute_dynamic::SmemLayout;
    let (sw, offset, l) = smem.smem_parts();
    let violation = |detail: String| Violation {
        law: "GMMA descriptor",
        operands: format!("make_gmma_desc({major:?}, {smem}, {bits} bits, {address})"),
        result: d.to_string(),
        witness: None,
        detail,
    };
    let (Some(m0), Some(m1)) = (l.mode(0), l.mode(1)) else {
        return Err(violation(format!("{l} has no two modes")));
    };
    let (mn, kk) = (m0.size(), m1.size());
    for i in 0..mn {
        for k in 0..kk {
            let c = IntTuple::flat([i, k]);
            let want = l
                .call_coord(&c)
                .ok()
                .and_then(|o| o.checked_add(offset))
                .map(|o| i64::from(address) + sw.apply(o) * bits / 8);
            let got = canonical_address(d, major, bits, i, k);
            if want != Some(got) {
                return Err(violation(format!(
                    "element ({i},{k}): the descriptor reads byte {got}, the layout puts it at {want:?}"
                )));
            }
        }
    }
    Ok(())
}

fn query_violation(op: &str, result: &str, detail: String) -> Violation {
    Violation {
        law: "atom query",
        operands: op.to_string(),
        result: result.to_string(),
        witness: None,
        detail,
    }
}

fn check_query_int(op: &str, result: &str, got: i64, want: i64) -> Result<(), Violation> {
    if got == want {
        Ok(())
    } else {
        Err(query_violation(op, result, format!("expected {want}")))
    }
}

/// The same function on the same domain.
fn check_query_layout(
    op: &str,
    result: &str,
    got: &Layout,
    want: &Layout,
) -> Result<(), Violation> {
    let same =
        got.shape() == want.shape() && points(want.size()).all(|i| got.call(i) == want.call(i));
    if same {
        Ok(())
    } else {
        Err(query_violation(
            op,
            result,
            format!("expected the function of {want}"),
        ))
    }
}

/// A `partition_X(t=T)` result `OFFSET|LAYOUT` holds, at value `v`,
/// `layoutX_TV(T, v)` (the contract read the other way); the other
/// queries (coordinates, shapes, fragments, retiles) must print a layout,
/// a tuple or `OFFSET|LAYOUT` that parses.
fn check_partition_query(
    op: &str,
    query: &str,
    result: &str,
    tvs: &[(String, Layout)],
) -> Result<(), Violation> {
    let parses = |text: &str| {
        text.parse::<Layout>().is_ok()
            || text.parse::<IntTuple>().is_ok()
            || text.parse::<cute_dynamic::CoordLayout>().is_ok()
    };
    for (name, tv) in tvs {
        let Some(arg) = query
            .strip_prefix(&format!("partition_{name}("))
            .and_then(|r| r.strip_suffix(')'))
        else {
            continue;
        };
        let t: i64 = arg
            .strip_prefix("t=")
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| query_violation(op, result, format!("{query} names no thread")))?;
        let (off, sub) = result
            .split_once('|')
            .and_then(|(o, l)| Some((o.parse::<i64>().ok()?, l.parse::<Layout>().ok()?)))
            .ok_or_else(|| query_violation(op, result, "not OFFSET|LAYOUT".to_string()))?;
        let values = mode(tv, 1).size();
        if sub.size() != values {
            return Err(query_violation(
                op,
                result,
                format!("{values} values expected"),
            ));
        }
        for v in points(values) {
            let (got, want) = (off.wrapping_add(sub.call(v)), tv_at(tv, t, v));
            if got != want {
                return Err(query_violation(
                    op,
                    result,
                    format!("value {v} of thread {t} is at {got}, layout{name}_TV says {want}"),
                ));
            }
        }
        return Ok(());
    }
    let ok = match result.split_once('|') {
        Some((o, l)) => (o.parse::<i64>().is_ok() || o.parse::<IntTuple>().is_ok()) && parses(l),
        None => parses(result),
    };
    if ok {
        Ok(())
    } else {
        Err(query_violation(
            op,
            result,
            "does not parse as a result of the query".to_string(),
        ))
    }
}

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

/// `idx2crd(i, shape[, stride])` on text: with a stride, the strided law;
/// without, the coordinate maps back to `i` and is the canonical one.
pub(crate) fn check_idx2crd_text(o: &Operands<'_>) -> Result<(), Violation> {
    if o.given(2) {
        return check_idx2crd_strided(&o.tuple(0)?, &o.tuple(1)?, &o.tuple(2)?, &o.out_tuple()?);
    }
    let shape = o.tuple(1)?;
    let want = idx2crd(o.int(0)?, &shape);
    let got = o.out_tuple()?;
    let back = Layout::column_major(&shape)
        .and_then(|l| crd2idx(&got, &l))
        .map_err(|_| o.bad("shape", o.text(1)))?;
    lift(
        "idx2crd",
        format!("idx2crd({}, {shape})", o.text(0)),
        &got,
        ensure(back == o.int(0)? && got == want, || {
            format!("maps back to {back}; the canonical coordinate is {want}")
        }),
    )
}

/// `append`/`prepend` on text, with their optional `X` (default `1:0`) and
/// rank `N`.
pub(crate) fn check_append_text(o: &Operands<'_>) -> Result<(), Violation> {
    let x = match o.given(1) {
        true => o.layout(1)?,
        false => Layout::rank1(1, 0).map_err(|_| o.bad("layout", "1:0"))?,
    };
    let n = match o.given(2) {
        true => Some(usize::try_from(o.int(2)?).map_err(|_| o.bad("rank", o.text(2)))?),
        false => None,
    };
    check_append(&o.layout(0)?, &x, n, o.op == "prepend", &o.out()?)
}

/// `escan`/`iscan` on text, by the operator named in the table.
pub(crate) fn check_scan_text(o: &Operands<'_>) -> Result<(), Violation> {
    let f = cute_dynamic::__tools::scan_operator(o.text(2).trim())
        .ok_or_else(|| o.bad("operator", o.text(2)))?;
    let mut step =
        |acc: &IntTuple, x: IntTupleRef<'_>| f(acc.as_int()?, x.as_int()?).map(IntTuple::int);
    check_escan(
        &o.tuple(0)?,
        &IntTuple::int(o.int(1)?),
        &mut step,
        o.op == "iscan",
        &o.out_tuple()?,
    )
}

/// An MMA atom's query on text: the atom is well formed and the printed
/// result is the atom's.
pub(crate) fn check_mma_atom_text(o: &Operands<'_>) -> Result<(), Violation> {
    let atom = cute_dynamic::mma_atom(o.text(0)).map_err(|_| o.bad("MMA atom", o.text(0)))?;
    check_mma_atom(&atom)?;
    let [m, n, k] = atom.shape_mnk();
    let want = match o.text(1).trim() {
        "Shape_MNK" => format!("({m},{n},{k})"),
        "ThrID" => atom.thr_id().to_string(),
        "ALayout" => atom.a_layout().to_string(),
        "BLayout" => atom.b_layout().to_string(),
        "CLayout" => atom.c_layout().to_string(),
        _ => return Err(o.bad("query", o.text(1))),
    };
    if o.result() == want {
        Ok(())
    } else {
        Err(query_violation(
            o.op,
            o.result(),
            format!("the atom's {} is {want}", o.text(1)),
        ))
    }
}

/// A tiled MMA's query on text: the contract of the tiled MMA (a
/// `layoutX_TV` query's printed result is the layout checked), and the
/// printed result against it.
pub(crate) fn check_tiled_mma_text(o: &Operands<'_>) -> Result<(), Violation> {
    let (op, result) = (o.op, o.result());
    let mma = cute_dynamic::__tools::tiled_mma_from_text(o.text(0), o.text(1), o.text(2))
        .map_err(|_| o.bad("tiled MMA", o.text(0)))?;
    let query: String = o.text(3).split_whitespace().collect();
    let mut tvs = Vec::new();
    for operand in [
        cute_dynamic::MmaOperand::OperandA,
        cute_dynamic::MmaOperand::OperandB,
        cute_dynamic::MmaOperand::OperandC,
    ] {
        let tv = if query == format!("layout{operand}_TV") {
            o.out()?
        } else {
            mma.layout_tv(operand)
                .map_err(|_| o.bad("tiled MMA", o.text(0)))?
        };
        check_tiled_mma(&mma, operand, &tv)?;
        tvs.push((operand.to_string(), tv));
    }
    let tile_size = |i: usize| mma.tile_size(i).map_err(|_| o.bad("tiled MMA", o.text(0)));
    match query.as_str() {
        "size" => check_query_int(op, result, o.out_int()?, mma.size()),
        "tile_size<0>" | "tile_size0" => check_query_int(op, result, o.out_int()?, tile_size(0)?),
        "tile_size<1>" | "tile_size1" => check_query_int(op, result, o.out_int()?, tile_size(1)?),
        "tile_size<2>" | "tile_size2" => check_query_int(op, result, o.out_int()?, tile_size(2)?),
        "thr_layout_vmnk" => {
            let want = cute_dynamic::tiled_product(mma.atom().thr_id(), mma.atom_layout_mnk())
                .map_err(|_| o.bad("tiled MMA", o.text(0)))?;
            check_query_layout(op, result, &o.out()?, &want)
        }
        q => check_partition_query(op, q, result, &tvs),
    }
}

/// A GMMA descriptor on text (`MAJOR`, `SMEM_LAYOUT`, `VALUE_TYPE`,
/// `[ADDRESS]`; the result `0xWORD|…`): the descriptor's law.
pub(crate) fn check_gmma_desc_text(o: &Operands<'_>) -> Result<(), Violation> {
    let major = cute_dynamic::__tools::gmma_major(o.text(0))
        .ok_or_else(|| o.bad("GMMA major", o.text(0)))?;
    let smem = cute_dynamic::__tools::smem_layout(o.text(1))
        .map_err(|_| o.bad("shared-memory layout", o.text(1)))?;
    let value: cute_dynamic::ValueType = o
        .text(2)
        .parse()
        .map_err(|_| o.bad("value type", o.text(2)))?;
    let address = match o.given(3) {
        true => o
            .text(3)
            .trim()
            .parse()
            .map_err(|_| o.bad("address", o.text(3)))?,
        false => 0,
    };
    let word = o
        .result()
        .split('|')
        .next()
        .and_then(|w| w.strip_prefix("0x"))
        .and_then(|w| u64::from_str_radix(w, 16).ok())
        .ok_or_else(|| o.bad("result", o.result()))?;
    check_gmma_desc(major, &smem, value.bits(), address, word.into())
}

/// A tiled copy's query on text (`tiled_copy` or `tiled_copy_mma`): the
/// contract of the tiled copy (a `layoutS/D_TV` query's printed result is
/// the layout checked), and the printed result against it.
pub(crate) fn check_tiled_copy_text(o: &Operands<'_>) -> Result<(), Violation> {
    let (op, result) = (o.op, o.result());
    let copy = if op == "tiled_copy" {
        cute_dynamic::__tools::tiled_copy_from_text(o.text(0), o.text(1), o.text(2), o.text(3))
    } else {
        cute_dynamic::__tools::tiled_copy_mma_from_text(
            o.text(0),
            o.text(1),
            o.text(2),
            [o.text(3), o.text(4), o.text(5)],
        )
    }
    .map_err(|_| o.bad("tiled copy", o.text(0)))?;
    let query: String = o
        .text(o.len().saturating_sub(1))
        .split_whitespace()
        .collect();
    let mut tvs = Vec::new();
    for side in [cute_dynamic::CopySide::Src, cute_dynamic::CopySide::Dst] {
        let tv = if query == format!("layout{side}_TV") {
            o.out()?
        } else {
            copy.layout_tv_of(side)
                .map_err(|_| o.bad("tiled copy", o.text(0)))?
        };
        check_tiled_copy(&copy, side, &tv)?;
        tvs.push((side.to_string(), tv));
    }
    match query.as_str() {
        "size" => check_query_int(op, result, o.out_int()?, copy.size()),
        "Tiler_MN" => {
            let got = o.out_tuple()?;
            let want = copy.tiler_mn();
            if &got == want {
                Ok(())
            } else {
                Err(query_violation(op, result, format!("Tiler_MN is {want}")))
            }
        }
        "TiledLayout_TV" => check_query_layout(op, result, &o.out()?, copy.tiled_layout_tv()),
        q => check_partition_query(op, q, result, &tvs),
    }
}

/// Whether `l`'s offsets are exactly `0 … n-1`, each once (`None` when
/// the image is too large to collect).
fn is_bijection_onto(l: &Layout, n: i64) -> Option<bool> {
    let img = image(l)?;
    Some(img.len() as i64 == n && img.iter().copied().eq(0..n))
}

/// An MMA atom (`cute_dynamic::mma_atom`): well formed — `MmaAtom::new` accepts
/// its parts again (rank-2 operand layouts, thread modes of
/// `size(ThrID)` threads, inside their `M×K`, `N×K`, `M×N` tiles) — and
/// every element of each operand's tile held exactly once: the whole
/// `(thread, value)` layout is a bijection onto the tile when its thread
/// mode has a non-zero stride; when every thread stride is 0 (an operand
/// described by a shared-memory descriptor, CUTLASS's `ABLayout`), the
/// value mode alone is.
pub fn check_mma_atom(atom: &cute_dynamic::MmaAtom) -> Result<(), Violation> {
    let cx = Ctx::new("mma_atom", atom.name().to_string(), &atom.c_layout());
    cute_dynamic::MmaAtom::new(
        atom.name(),
        atom.shape_mnk(),
        atom.thr_id().clone(),
        [
            atom.a_layout().clone(),
            atom.b_layout().clone(),
            atom.c_layout().clone(),
        ],
        atom.value_types(),
    )
    .map_err(|e| cx.fail(None, format!("not well formed: {e}")))?;
    let [m, n, k] = atom.shape_mnk();
    for (operand, l, extent) in [
        ("ALayout", atom.a_layout(), m * k),
        ("BLayout", atom.b_layout(), n * k),
        ("CLayout", atom.c_layout(), m * n),
    ] {
        let threads = l.mode(0).unwrap_or_else(|| l.clone());
        let broadcast = threads.leaf_modes().all(|(_, d)| d == 0);
        let held = if broadcast {
            l.mode(1).unwrap_or_else(|| l.clone())
        } else {
            l.clone()
        };
        match is_bijection_onto(&held, extent) {
            Some(true) | None => {}
            Some(false) => {
                return Err(cx.fail(
                    None,
                    format!(
                        "{operand} {l}: {} not hold each of the {extent} tile elements exactly once",
                        if broadcast { "its value mode does" } else { "its threads do" }
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// A copy atom (`cute_dynamic::copy_atom`): well formed — `CopyAtom::new`
/// accepts its parts again (rank-2 layouts over `size(ThrID)` threads,
/// source and destination of the same number of bits) — its `RefLayout`
/// is its `SrcLayout` or its `DstLayout`, and the reference side holds
/// each of its bits exactly once (a bijection onto `[0, size)`).
pub fn check_copy_atom(atom: &cute_dynamic::CopyAtom) -> Result<(), Violation> {
    let r = atom.ref_layout_bits();
    let cx = Ctx::new("copy_atom", atom.name().to_string(), r);
    cute_dynamic::CopyAtom::new(
        atom.name(),
        atom.thr_id().clone(),
        [
            atom.src_layout_bits().clone(),
            atom.dst_layout_bits().clone(),
            r.clone(),
        ],
    )
    .map_err(|e| cx.fail(None, format!("not well formed: {e}")))?;
    cx.ensure(
        r == atom.src_layout_bits() || r == atom.dst_layout_bits(),
        || "RefLayout is neither SrcLayout nor DstLayout".into(),
    )?;
    match is_bijection_onto(r, r.size()) {
        Some(false) => Err(cx.fail(
            None,
            format!(
                "RefLayout {r} does not hold each of its {} bits exactly once",
                r.size()
            ),
        )),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------
// Tiled MMAs and tiled copies
// ---------------------------------------------------------------------

/// The value of a `(thread, value)` layout at `(t, v)` (colexicographic).
fn tv_at(tv: &Layout, t: i64, v: i64) -> i64 {
    let threads = mode(tv, 0).size();
    tv.call(t.wrapping_add(threads.wrapping_mul(v)))
}

/// Every thread `t` of `tv`'s thread mode and every value `v`: the
/// partition of thread `t` (`offset + part`) of the compact column-major
/// tile has `size(tv[1])` values and `tv(t, v) == offset + part(v)`.
fn check_tv_against_partitions(
    cx: &Ctx,
    tv: &Layout,
    partition: &dyn Fn(i64) -> Result<(i64, Layout), String>,
    fragment_shape: &dyn Fn(i64) -> Result<Option<IntTuple>, String>,
) -> Result<(), Violation> {
    cx.ensure(tv.rank() == 2 && !tv.shape().is_int(), || {
        "the TV layout is not rank 2 (thread, value)".into()
    })?;
    let (threads, values) = (mode(tv, 0).size(), mode(tv, 1).size());
    for t in points(threads) {
        let (offset, part) = partition(t).map_err(|e| cx.fail(Some(format!("thread {t}")), e))?;
        cx.ensure(part.size() == values, || {
            format!(
                "thread {t}: the partition {part} has {} values, the TV layout {values}",
                part.size()
            )
        })?;
        if let Some(shape) =
            fragment_shape(t).map_err(|e| cx.fail(Some(format!("thread {t}")), e))?
        {
            cx.ensure(&shape == part.shape(), || {
                format!(
                    "thread {t}: the fragment has shape {shape}, the partition {}",
                    part.shape()
                )
            })?;
        }
        for v in points(values) {
            let want = offset.wrapping_add(part.call(v));
            let got = tv_at(tv, t, v);
            if got != want {
                return Err(cx.fail(
                    Some(format!("(t={t},v={v})")),
                    format!("TV(t,v) = {got} but the partition of thread {t} holds index {want}"),
                ));
            }
        }
    }
    Ok(())
}

/// The contract of a tiled MMA for operand `op`: `layout_tv` (the result
/// of `layoutX_TV`) has one thread per lane of the compact cover of
/// `thr_layout_vmnk` (`size(vmnk)·size(complement(vmnk))`, CuTe's
/// `thridx_2_thrid`: 32 for one SM70 quadpair), and for every thread `t` and value
/// `v`, `layout_tv(t, v)` is the index, in the compact column-major tile
/// (`tile_size` extents), of value `v` of `partition_X` of thread `t`;
/// `partition_fragment_X` of thread `t` has the partition's shape.
pub fn check_tiled_mma(
    mma: &cute_dynamic::TiledMma,
    op: cute_dynamic::MmaOperand,
    layout_tv: &Layout,
) -> Result<(), Violation> {
    let cx = Ctx::new("tiled_mma", format!("layout{op}_TV({mma})"), layout_tv);
    // Every lane of the compact cover of the thread layout (CuTe's
    // thridx_2_thrid): size(vmnk) · size(complement(vmnk)).
    let vmnk = mma.thr_layout_vmnk();
    let threads = cute_dynamic::complement(vmnk, vmnk.cosize().unwrap_or(1))
        .map_err(|e| cx.fail(None, format!("complement(thr_layout_vmnk) fails: {e}")))?
        .size()
        .saturating_mul(vmnk.size());
    cx.ensure(mode(layout_tv, 0).size() == threads, || {
        format!(
            "{} threads, the compact cover of {} has {threads}",
            mode(layout_tv, 0).size(),
            mma.thr_layout_vmnk()
        )
    })?;
    let tile = mma
        .tile_shape(op)
        .and_then(|s| Layout::column_major(&s))
        .map_err(|e| cx.fail(None, format!("the tile fails: {e}")))?;
    let partition = |t: i64| -> Result<(i64, Layout), String> {
        let counting = Tensor::new(Counting, tile.clone()).map_err(|e| e.to_string())?;
        let thr = mma.thr_slice(t).map_err(|e| e.to_string())?;
        let p = thr.partition(op, counting).map_err(|e| e.to_string())?;
        Ok((p.base(), p.layout().clone()))
    };
    let fragment = |t: i64| -> Result<Option<IntTuple>, String> {
        let thr = mma.thr_slice(t).map_err(|e| e.to_string())?;
        let f = thr.fragment_layout(op, &tile).map_err(|e| e.to_string())?;
        Ok(Some(f.shape().clone()))
    };
    check_tv_against_partitions(&cx, layout_tv, &partition, &fragment)
}

/// The contract of a tiled copy for side `side`: `layout_tv` (the result
/// of `layoutS_TV` / `layoutD_TV`) has `size(tiled_copy)` threads, and for
/// every thread `t` and value `v`, `layout_tv(t, v)` is the index, in the
/// compact column-major `Tiler_MN` tile, of value `v` of `partition_S`
/// (`partition_D`) of thread `t`; `make_fragment_like` of the partition has
/// its shape.
pub fn check_tiled_copy(
    copy: &cute_dynamic::TiledCopy,
    side: cute_dynamic::CopySide,
    layout_tv: &Layout,
) -> Result<(), Violation> {
    let cx = Ctx::new("tiled_copy", format!("layout{side}_TV({copy})"), layout_tv);
    cx.ensure(mode(layout_tv, 0).size() == copy.size(), || {
        format!(
            "{} threads, the tiled copy has {}",
            mode(layout_tv, 0).size(),
            copy.size()
        )
    })?;
    let tile = Layout::column_major(copy.tiler_mn())
        .map_err(|e| cx.fail(None, format!("the tile fails: {e}")))?;
    let partition = |t: i64| -> Result<(i64, Layout), String> {
        let counting = Tensor::new(Counting, tile.clone()).map_err(|e| e.to_string())?;
        let thr = copy.thr_slice(t).map_err(|e| e.to_string())?;
        let p = thr.partition(side, counting).map_err(|e| e.to_string())?;
        Ok((p.base(), p.layout().clone()))
    };
    let fragment = |t: i64| -> Result<Option<IntTuple>, String> {
        let thr = copy.thr_slice(t).map_err(|e| e.to_string())?;
        let f = thr
            .fragment_layout(side, &tile)
            .map_err(|e| e.to_string())?;
        Ok(Some(f.shape().clone()))
    };
    check_tv_against_partitions(&cx, layout_tv, &partition, &fragment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn t(s: &str) -> Tiler {
        s.parse().unwrap()
    }

    #[test]
    fn tiled_mma_and_copy_laws_reject_wrong_layouts() {
        let f = cute_dynamic::ValueType::Float;
        let types = cute_dynamic::MmaValueTypes {
            d: f,
            a: f,
            b: f,
            c: f,
        };
        let one = l("(1,1):(0,0)");
        let atom = cute_dynamic::MmaAtom::new(
            "UniversalFMA",
            [1, 1, 1],
            l("1:0"),
            [one.clone(), one.clone(), one],
            types,
        )
        .unwrap();
        let mma = cute_dynamic::make_tiled_mma(&atom, Some(&l("(4,2,1)")), None).unwrap();
        let c = mma.layout_c_tv().unwrap();
        assert_eq!(c.to_string(), "(8,(1,(1,1))):(1,(0,(0,0)))");
        assert!(check_tiled_mma(&mma, cute_dynamic::MmaOperand::OperandC, &c).is_ok());
        let wrong = l("(8,(1,(1,1))):(2,(0,(0,0)))");
        let v = check_tiled_mma(&mma, cute_dynamic::MmaOperand::OperandC, &wrong).unwrap_err();
        assert_eq!(v.law, "tiled_mma");
        let copy_atom = cute_dynamic::CopyAtom::new(
            "UniversalCopy<uint32_t>",
            l("1:0"),
            [l("(1,32):(0,1)"), l("(1,32):(0,1)"), l("(1,32):(0,1)")],
        )
        .unwrap();
        let copy = cute_dynamic::make_tiled_copy(&copy_atom, f, &l("(4,2)"), &l("(1,2)")).unwrap();
        let s = copy.layout_s_tv().unwrap();
        assert!(check_tiled_copy(&copy, cute_dynamic::CopySide::Src, &s).is_ok());
        assert!(check_tiled_copy(&copy, cute_dynamic::CopySide::Src, &l("(8,2):(1,8)")).is_err());
    }

    #[test]
    fn every_law_accepts_the_right_result_and_rejects_a_wrong_one() {
        let ok = |r: Result<(), Violation>| r.unwrap();
        let bad = |r: Result<(), Violation>| {
            let v = r.unwrap_err();
            assert!(!v.to_string().is_empty());
            v
        };
        let a = l("(2,(1,6)):(1,(6,2))");
        ok(check_coalesce(&a, &cute_dynamic::coalesce(&a)));
        bad(check_coalesce(&a, &l("(2,6):(1,2)"))); // not minimal
        bad(check_coalesce(&a, &l("12:2"))); // wrong values
        bad(check_coalesce(&a, &l("(12,1):(1,0)"))); // a size-1 mode
        let p: IntTuple = "(1,1)".parse().unwrap();
        let b = l("((2,2),(2,2),3):((1,2),(4,8),16)");
        ok(check_coalesce_by(
            &b,
            &p,
            &cute_dynamic::coalesce_by(&b, &p).unwrap(),
        ));
        bad(check_coalesce_by(&b, &p, &l("(4,4,3):(1,4,17)")));

        let f = l("(4,(2,3)):(0,(1,2))");
        ok(check_filter(&f, &cute_dynamic::filter(&f)));
        bad(check_filter(&f, &l("(4,6):(0,1)")));
        ok(check_filter_zeros(&f, &cute_dynamic::filter_zeros(&f)));
        bad(check_filter_zeros(&f, &f));

        let (a, b) = (l("(4,6,8,10):(2,3,5,7)"), l("6:12"));
        ok(check_composition(&a, &b, &l("(2,3):(9,5)")));
        let v = bad(check_composition(&a, &b, &l("(2,3):(9,4)")));
        assert_eq!(v.law, "composition");
        assert_eq!(v.witness.as_deref(), Some("(0,1)"));
        bad(check_composition(&a, &b, &l("6:9"))); // same size, wrong profile? values differ
        bad(check_composition(&a, &b, &l("(3,2):(9,5)")));
        let tt = t("<2:2,3:1>");
        let a2 = l("(8,6):(1,8)");
        ok(check_composition(
            &a2,
            &tt,
            &cute_dynamic::composition(&a2, &tt).unwrap(),
        ));
        bad(check_composition(&a2, &tt, &l("(2,3):(2,9)")));

        ok(check_complement(&l("4:32"), 256, &l("(32,2):(1,128)")));
        bad(check_complement(&l("4:32"), 256, &l("(32,2):(1,64)"))); // overlaps
        bad(check_complement(&l("4:32"), 256, &l("(32,4):(1,128)"))); // too far
        bad(check_complement(&l("4:32"), 256, &l("32:1"))); // too short
        bad(check_complement(&l("4:2"), 8, &l("(2,2):(4,1)"))); // not increasing

        let r = l("(4,8):(8,1)");
        ok(check_right_inverse(&r, &l("(8,4):(4,1)")));
        bad(check_right_inverse(&r, &l("(4,8):(8,1)")));
        let li = l("(4,8):(1,5)");
        ok(check_left_inverse(&li, &l("(5,8):(1,4)")));
        bad(check_left_inverse(&li, &l("(5,8):(1,5)")));

        let (a, b) = (l("(8,8):(1,8)"), t("<2:1,4:1>"));
        let d = cute_dynamic::logical_divide(&a, &b).unwrap();
        ok(check_logical_divide(&a, &b, &d));
        bad(check_logical_divide(
            &a,
            &b,
            &l("((2,4),(4,2)):((1,2),(8,16))"),
        ));
        let z = cute_dynamic::zipped_divide(&a, &b).unwrap();
        ok(check_zipped_divide(&a, &b, &z));
        bad(check_zipped_divide(&a, &b, &d));
        ok(check_tiled_divide(
            &a,
            &b,
            &cute_dynamic::tiled_divide(&a, &b).unwrap(),
        ));
        bad(check_tiled_divide(&a, &b, &z));
        ok(check_flat_divide(
            &a,
            &b,
            &cute_dynamic::flat_divide(&a, &b).unwrap(),
        ));
        bad(check_flat_divide(
            &a,
            &b,
            &cute_dynamic::tiled_divide(&a, &b).unwrap(),
        ));

        let (a, b) = (l("(2,2):(1,2)"), l("(3,4):(1,3)"));
        let p = cute_dynamic::logical_product(&a, &b).unwrap();
        ok(check_logical_product(&a, &b, &p));
        bad(check_logical_product(
            &a,
            &b,
            &l("((2,2),(3,4)):((1,2),(4,16))"),
        ));
        ok(check_zipped_product(
            &a,
            &b,
            &cute_dynamic::zipped_product(&a, &b).unwrap(),
        ));
        ok(check_tiled_product(
            &a,
            &b,
            &cute_dynamic::tiled_product(&a, &b).unwrap(),
        ));
        ok(check_flat_product(
            &a,
            &b,
            &cute_dynamic::flat_product(&a, &b).unwrap(),
        ));
        bad(check_flat_product(&a, &b, &p));
        let blocked = l("((2,3),(2,4)):((1,4),(2,12))");
        let raked = l("((3,2),(4,2)):((4,1),(12,2))");
        ok(check_blocked_product(&a, &b, &blocked));
        ok(check_raked_product(&a, &b, &raked));
        bad(check_blocked_product(&a, &b, &raked));
        bad(check_raked_product(&a, &b, &blocked));

        let (a, b) = (l("(4,8):(1,4)"), l("(4,8):(1,8)"));
        ok(check_max_common_layout(
            &a,
            &b,
            &cute_dynamic::max_common_layout(&a, &b).unwrap(),
        ));
        bad(check_max_common_layout(&a, &b, &l("8:1")));
        ok(check_max_common_vector(&a, &b, 4));
        bad(check_max_common_vector(&a, &b, 8));

        let s = l("((3,2),((2,3),2)):((4,1),((2,15),100))");
        let c: Coord = "(2,((0,_),_))".parse().unwrap();
        let (sub, off) = s.slice(&c).unwrap();
        ok(check_slice(&s, &c, &sub, off));
        bad(check_slice(&s, &c, &sub, off + 1));
        bad(check_slice(&s, &c, &l("(3,2):(15,101)"), off));

        let dl = l("(4,8):(1,4)");
        ok(check_downcast(
            2,
            &dl,
            &cute_dynamic::downcast(2, &dl).unwrap(),
        ));
        bad(check_downcast(2, &dl, &l("(8,8):(1,16)")));

        ok(check_swizzle(&Swizzle::new(3, 4, 3).unwrap()));
        ok(check_swizzle(&Swizzle::new(2, 0, -3).unwrap()));
        bad(check_block_involution("x+1 mod 8", 8, |x| {
            x - x % 8 + (x + 1) % 8
        }));
        bad(check_block_involution("x+8", 8, |x| x ^ 8));

        let sl = |t: &str| t.parse::<SwizzledLayout>().unwrap();
        let a = sl("Sw<3,3,3> o 8 o (8,64):(64,1)");
        let b = l("(4,8):(1,64)");
        let r = a.compose(&b).unwrap();
        ok(check_swizzled_composition(&a, &b, &r));
        bad(check_swizzled_composition(
            &a,
            &b,
            &sl("Sw<3,3,3> o 0 o (4,8):(64,1)"),
        ));
        bad(check_swizzled_composition(
            &a,
            &b,
            &sl("Sw<2,3,3> o 8 o (4,8):(64,1)"),
        ));
        bad(check_swizzled_composition(
            &a,
            &b,
            &sl("Sw<3,3,3> o 8 o (4,8):(64,2)"),
        ));
        let t: Tiler = "<2,16>".parse().unwrap();
        let r = a.zipped_divide(&t).unwrap();
        ok(check_swizzled_divide(&a, &t, &r, check_zipped_divide));
        bad(check_swizzled_divide(&a, &t, &r, check_logical_divide));
        bad(check_swizzled_divide(
            &a,
            &t,
            &sl("Sw<3,3,3> o 0 o ((2,16),(4,4)):((64,1),(128,16))"),
            check_zipped_divide,
        ));
        let c: Coord = "(3,_)".parse().unwrap();
        let r = a.slice(&c).unwrap();
        ok(check_swizzled_slice(&a, &c, &r));
        // The offset moved past the swizzle is wrong: Sw(8 + 192 + j) ≠ 200 + Sw(j).
        bad(check_swizzled_slice(
            &a,
            &c,
            &sl("Sw<3,3,3> o 0 o (64):(1)"),
        ));
        bad(check_swizzled_slice(
            &a,
            &c,
            &sl("Sw<3,3,3> o 201 o (64):(1)"),
        ));
    }

    #[test]
    fn tensor_partitions() {
        use cute_dynamic::make_counting_tensor;
        let lay = l("(8,8):(1,8)");
        let thr = l("(2,4):(4,1)");
        let p = make_counting_tensor(lay.clone())
            .unwrap()
            .local_partition(&thr, 5)
            .unwrap();
        check_local_partition(&lay, &thr, 5, p.layout(), p.base()).unwrap();
        assert!(check_local_partition(&lay, &thr, 4, p.layout(), p.base()).is_err());
        let tiler = t("<4,2>");
        let coord: IntTuple = "(1,3)".parse().unwrap();
        let tile = make_counting_tensor(lay.clone())
            .unwrap()
            .local_tile(&tiler, &coord)
            .unwrap();
        check_local_tile(&lay, &tiler, &coord, tile.layout(), tile.base()).unwrap();
        assert!(check_local_tile(&lay, &tiler, &coord, tile.layout(), tile.base() + 1).is_err());
    }

    #[test]
    fn sampled_domains_are_bounded() {
        assert_eq!(points(10).count(), 10);
        let n = 1 << 30;
        let v: Vec<i64> = points(n).collect();
        assert!(v.len() as i64 <= EXHAUSTIVE_LIMIT + 2);
        assert_eq!(*v.last().unwrap(), n - 1);
        assert!(v.iter().all(|&i| (0..n).contains(&i)));
    }

    #[test]
    fn laws_on_text() {
        use crate::check_law;
        check_law(
            "composition",
            &["(4,6,8,10):(2,3,5,7)", "6:12"],
            "(2,3):(9,5)",
        )
        .unwrap();
        assert!(
            check_law(
                "composition",
                &["(4,6,8,10):(2,3,5,7)", "6:12"],
                "(2,3):(9,6)"
            )
            .is_err()
        );
        check_law("slice", &["(4,8):(8,1)", "(_,2)"], "2|(4):(8)").unwrap();
        check_law("complement", &["4:32"], "32:1").unwrap();
        check_law("max_common_vector", &["(4,8):(1,4)", "(4,8):(1,8)"], "4").unwrap();
        check_law("size", &["4:1"], "4").unwrap();
        assert_eq!(
            check_law("frobnicate", &["4:1"], "4").unwrap_err().law,
            "unknown"
        );
        // The operations another table branch adds, in their printed forms.
        check_law("shape_div", &["(4,5,6)", "40"], "(1,1,3)").unwrap();
        assert!(check_law("shape_div", &["(4,5,6)", "40"], "(1,5,3)").is_err());
        check_law("product_each", &["32"], "(32)").unwrap();
        assert!(check_law("product_each", &["32"], "32").is_err());
        check_law("congruent", &["((1,2),3)", "((5,6),7)"], "true").unwrap();
        assert!(check_law("congruent", &["(1,2)", "((1,2),3)"], "true").is_err());
        check_law("compatible", &["30", "(2,15)"], "true").unwrap();
        assert!(check_law("compatible", &["(2,(3,5))", "(2,15)"], "true").is_err());
        check_law("weakly_congruent", &["(1,2)", "((1,2),(3,4))"], "true").unwrap();
        assert!(check_law("weakly_congruent", &["((1,2),(3,4))", "(1,2)"], "true").is_err());
        assert!(check_law("elem_less", &["(3,(1,7))", "(4,(2,8))"], "maybe").is_err());
        check_law("domain_offset", &["(1,2)", "(4,8):(1,4)"], "9|(4,8):(1,4)").unwrap();
        assert!(check_law("domain_offset", &["(1,2)", "(4,8):(1,4)"], "8|(4,8):(1,4)").is_err());
        check_law("tile_to_shape", &["8:1", "32"], "((8,(4))):((1,(8)))").unwrap();
        check_law(
            "tile_to_shape",
            &["(2,2):(1,2)", "(4,4)", "(1,0)"],
            "((2,2),(2,2)):((1,8),(2,4))",
        )
        .unwrap();
        assert!(
            check_law(
                "tile_to_shape",
                &["(2,2):(1,2)", "(4,4)"],
                "((2,2),4):((1,8),2)"
            )
            .is_err()
        );
        check_law(
            "domain_distribute",
            &["(4,6)", "8"],
            &cute_dynamic::domain_distribute(&"(4,6)".parse().unwrap(), 8)
                .unwrap()
                .to_string(),
        )
        .unwrap();
        check_law("swizzle", &["3,4,3", "128"], "144").unwrap();
        assert!(check_law("swizzle", &["3,4,3", "128"], "145").is_err());
        check_law("descriptor", &["( 1@0 , 8/2@1 )"], "(1@0,4@1)").unwrap();
        assert!(check_law("descriptor", &["( 1@0 , 8/2@1 )"], "(1@0,8@1)").is_err());
        assert_eq!(
            check_law("filter", &["(4"], "4:1").unwrap_err().law,
            "parse"
        );
    }

    #[test]
    fn recasts() {
        let a = l("(4,8):(1,4)");
        ok_law(check_upcast(2, &a, &cute_dynamic::upcast(2, &a).unwrap()));
        assert!(check_upcast(2, &a, &l("(2,8):(1,4)")).is_err()); // leaf rule
        assert!(check_upcast(2, &a, &l("(4,8):(1,2)")).is_err());
        assert!(check_upcast(2, &a, &l("((2),8):((1),2)")).is_err()); // profile
        let b = l("(8,64):(64,1)");
        ok_law(check_upcast(8, &b, &cute_dynamic::upcast(8, &b).unwrap()));
        assert!(check_upcast(0, &b, &b).is_err());
        for (old, new) in [(16, 32), (32, 16), (8, 8), (16, 24), (24, 16)] {
            let r = cute_dynamic::recast_layout(old, new, &a).unwrap();
            ok_law(check_recast_layout(old, new, &a, &r));
        }
        assert!(check_recast_layout(16, 32, &a, &cute_dynamic::downcast(2, &a).unwrap()).is_err());
        assert!(check_recast_layout(32, 16, &a, &l("(8,8):(1,4)")).is_err());
        assert!(check_recast_layout(8, 8, &a, &l("(4,8):(1,5)")).is_err());
    }

    fn ok_law(r: Result<(), Violation>) {
        if let Err(v) = r {
            panic!("{v}");
        }
    }

    #[test]
    fn int_tuple_and_surface_laws_reject_wrong_results() {
        let it = |s: &str| -> IntTuple { s.parse().unwrap() };
        ok_law(check_shape_div(&it("(4,5,6)"), &it("40"), &it("(1,1,3)")));
        assert!(check_shape_div(&it("(4,5,6)"), &it("40"), &it("(1,1,6)")).is_err());
        ok_law(check_ceil_div(&it("(10,7)"), &it("(4,2)"), &it("(3,4)")));
        assert!(check_ceil_div(&it("(10,7)"), &it("(4,2)"), &it("(2,4)")).is_err());
        ok_law(check_round_up(&it("(10,7)"), &it("(8)"), &it("(16,7)")));
        assert!(check_round_up(&it("(10,7)"), &it("(8)"), &it("(24,7)")).is_err());
        ok_law(check_product_each(&it("((2,3),4)"), &it("(6,4)")));
        ok_law(check_product_each(&it("7"), &it("(7)")));
        assert!(check_product_each(&it("7"), &it("7")).is_err());
        assert!(check_product_each(&it("((2,3),4)"), &it("(6,(4))")).is_err());
        ok_law(check_inner_product(
            &it("(2,(3,4))"),
            &it("(1,(10,100))"),
            432,
        ));
        assert!(check_inner_product(&it("(2,(3,4))"), &it("(1,(10,100))"), 431).is_err());
        ok_law(check_elem_scale(&it("3"), &it("(2,5)"), &it("30")));
        assert!(check_elem_scale(&it("3"), &it("(2,5)"), &it("(30)")).is_err());
        ok_law(check_evenly_divides(&it("(128,64)"), &it("(32,16)"), true));
        assert!(check_evenly_divides(&it("(100,64)"), &it("(32,16)"), true).is_err());
        ok_law(check_congruent(&it("(1,(2,3))"), &it("(4,(5,6))"), true));
        assert!(check_congruent(&it("(1,(2,3))"), &it("(4,5)"), true).is_err());
        ok_law(check_weakly_congruent(&it("7"), &it("(4,(5,6))"), true));
        assert!(check_weakly_congruent(&it("(4,(5,6))"), &it("7"), true).is_err());
        ok_law(check_compatible(&it("30"), &it("(2,15)"), true));
        assert!(check_compatible(&it("30"), &it("(2,14)"), true).is_err());
        ok_law(check_lex_less(&it("(1,5)"), &it("(2,0)"), true));
        assert!(check_lex_less(&it("(1,5)"), &it("(2,0)"), false).is_err());
        ok_law(check_colex_less(&it("(5,1)"), &it("(0,2)"), true));
        assert!(check_colex_less(&it("(5,1)"), &it("(0,2)"), false).is_err());
        ok_law(check_elem_less(&it("(3,(1,7))"), &it("(4,(2,8))"), true));
        assert!(check_elem_less(&it("(3,(2,7))"), &it("(4,(2,8))"), true).is_err());
        ok_law(check_elem_leq(&it("(5,(1,9))"), &it("(4,(2,8))"), true));
        assert!(check_elem_leq(&it("(5,(3,9))"), &it("(4,(2,8))"), true).is_err());
        ok_law(check_elem_gtr(&it("(4,(2,8))"), &it("(3,(1,7))"), true));
        assert!(check_elem_gtr(&it("(4,(2,8))"), &it("(3,(2,7))"), true).is_err());
        ok_law(check_elem_geq(&it("()"), &it("()"), false));
        assert!(check_elem_geq(&it("(3,(1,7))"), &it("(4,(2,8))"), true).is_err());
        ok_law(check_weakly_compatible(
            &it("(2,5)"),
            &it("(4,(3,5))"),
            true,
        ));
        assert!(check_weakly_compatible(&it("(2,4)"), &it("(4,(3,5))"), true).is_err());
        ok_law(check_abs(&it("(-3,(4,-5))"), &it("(3,(4,5))")));
        assert!(check_abs(&it("(-3,(4,-5))"), &it("(3,4,5)")).is_err());
        assert!(check_abs(&it("(-3,(4,-5))"), &it("(3,(4,-5))")).is_err());

        let n = l("(2,4,6):(1,2,0)");
        ok_law(check_nullspace(&n, &cute_dynamic::nullspace(&n)));
        assert!(check_nullspace(&n, &l("6:1")).is_err());
        let d = l("(4,8):(1,4)");
        ok_law(check_domain_offset(&it("(1,2)"), &d, &d, 9));
        assert!(check_domain_offset(&it("(1,2)"), &d, &d, 8).is_err());
        assert!(check_domain_offset(&it("(1,2)"), &d, &l("(4,8):(1,5)"), 9).is_err());
        let c: Coord = "(_,1)".parse().unwrap();
        ok_law(check_dice(&c, &d, &cute_dynamic::dice(&c, &d).unwrap()));
        assert!(check_dice(&c, &d, &l("4:1")).is_err());
        let (shape, order) = (it("(2,3,4)"), it("(2,0,1)"));
        ok_law(check_make_ordered_layout(
            &shape,
            &order,
            &cute_dynamic::make_ordered_layout(&shape, &order).unwrap(),
        ));
        assert!(check_make_ordered_layout(&shape, &order, &l("(2,3,4):(1,2,6)")).is_err());
        let like = l("(4,8):(8,1)");
        ok_law(check_make_layout_like(
            &like,
            &cute_dynamic::make_layout_like(&like).unwrap(),
        ));
        assert!(check_make_layout_like(&like, &l("(4,8):(1,4)")).is_err());
        let (ga, gb) = (it("(4,6)"), it("(8,3)"));
        ok_law(check_greatest_common_domain(
            &ga,
            &gb,
            &cute_dynamic::greatest_common_domain(&ga, &gb).unwrap(),
        ));
        assert!(check_greatest_common_domain(&ga, &gb, &l("(2,2):(2,1)")).is_err());
        let (aa, ab) = (l("(4,8):(1,4)"), l("(4,8):(0,1)"));
        ok_law(check_layout_add(
            &aa,
            &ab,
            &cute_dynamic::layout_add(&aa, &ab).unwrap(),
        ));
        assert!(check_layout_add(&aa, &ab, &aa).is_err());
        let ds = it("(4,6)");
        ok_law(check_domain_distribute(
            &ds,
            8,
            &cute_dynamic::domain_distribute(&ds, 8).unwrap(),
        ));
        assert!(check_domain_distribute(&ds, 8, &l("3:1")).is_err());
    }

    #[test]
    fn tile_to_shape_by_its_definition() {
        let it = |s: &str| -> IntTuple { s.parse().unwrap() };
        let atom = l("(8,8):(8,1)");
        let shape = it("(32,64)");
        // CuTe C++'s answers (tests/cute-cpp/surface.expected).
        ok_law(check_tile_to_shape(
            &atom,
            &shape,
            None,
            &l("((8,4),(8,8)):((8,64),(1,256))"),
        ));
        let o = it("(2,1)");
        ok_law(check_tile_to_shape(
            &atom,
            &shape,
            Some(&o),
            &l("((8,4),(8,8)):((8,512),(1,64))"),
        ));
        // Coalesced (older CuTe), coalesced across modes, tiles in the
        // wrong order, a tile not a copy of the block.
        assert!(check_tile_to_shape(&atom, &shape, None, &l("(32,(8,8)):(8,(1,256))")).is_err());
        assert!(
            check_tile_to_shape(&atom, &shape, None, &l("((8,4),(8,8)):((8,512),(1,64))")).is_err()
        );
        assert!(check_tile_to_shape(&atom, &shape, None, &l("(32,(8,8)):(1,(32,256))")).is_err());
        ok_law(check_tile_to_shape(
            &l("8:1"),
            &it("32"),
            None,
            &l("((8,(4))):((1,(8)))"),
        ));
        ok_law(check_tile_to_shape(
            &l("8:1"),
            &it("(32)"),
            None,
            &l("((8,(4))):((1,(8)))"),
        ));
        assert!(check_tile_to_shape(&l("8:1"), &it("32"), None, &l("(32):(1)")).is_err());
        assert!(check_tile_to_shape(&l("(2,2,2):(1,2,4)"), &shape, None, &atom).is_err());
    }

    #[test]
    fn a_wrong_gmma_descriptor_breaks_its_law() {
        let smem =
            cute_dynamic::__tools::smem_layout("Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)").unwrap();
        let k = cute_dynamic::GmmaMajor::K;
        let d = cute_dynamic::make_gmma_desc(k, &smem, 16, 1024).unwrap();
        assert_eq!(check_gmma_desc(k, &smem, 16, 1024, d), Ok(()));
        // Another stride byte offset, another address, another major.
        let mut sbo = d;
        sbo.set_stride_byte_offset(32).unwrap();
        for (major, address, desc) in [
            (k, 1024, sbo),
            (k, 2048, d),
            (cute_dynamic::GmmaMajor::MN, 1024, d),
        ] {
            let e = check_gmma_desc(major, &smem, 16, address, desc).unwrap_err();
            assert_eq!(e.law, "GMMA descriptor", "{e}");
        }
    }
}
