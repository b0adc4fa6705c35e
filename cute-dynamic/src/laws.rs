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
//! | `max_common_layout/vector` | `A(R(k)) == k == B(R(k))` for `k < size(R)` |
//! | `slice` | `sub(k) + offset == L(coordinate with the holes filled)` |
//! | `swizzle` | an involution on `[0, period)` that keeps every aligned block |
//! | `local_tile/local_partition` | the slice of the zipped divide, by evaluation |

extern crate alloc;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::data::coordinate::{Coord, idx2crd};
use crate::data::int_tuple::IntTuple;
use crate::data::layout::Layout;
use crate::data::swizzle::Swizzle;
use crate::data::tiler::{AsTiler, Tiler, TilerRef, tile_of};

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
    (0..head)
        .chain(tail.step_by(step as usize))
        .chain(sampled.then_some(n - 1))
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
    if profile.is_int() {
        return check_coalesce(l, r);
    }
    let cx = Ctx::new("coalesce", format!("coalesce({l}, {profile})"), r);
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
                check_coalesce_by(&li, &p.to_owned(), &ri)?;
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
/// When `(A, M)` is admissible ([`crate::is_complement_admissible`]),
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
    if crate::is_complement_admissible(a, m)
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
    let injective = l.size() <= IMAGE_LIMIT && crate::algebra::complement::is_injective(l);
    match crate::algebra::inverse::left_inverse_witness(l, r, injective, points(l.size())) {
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
    let b = match t {
        TilerRef::Layout(b) => b.to_owned(),
        TilerRef::Int(n) => tile_of(n),
        TilerRef::Hole => return hole_law(&cx, a, r),
        TilerRef::Modes(ts) => return by_mode(&cx, a, ts, r, true, &|a, t, r| divide_law(a, t, r)),
    };
    let c = crate::complement(&b, a.size())
        .map_err(|e| cx.fail(None, format!("complement(B, size(A)) fails: {e}")))?;
    check_complement(&b, a.size(), &c)?;
    compose_law("logical_divide", a, &Layout::concat([&b, &c]), r)
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
    // The zipped form `((tiles…), (rests…, modes beyond the tiler…))`
    // (CuTe's `zip2_by`); for a layout tiler, the by-mode result itself.
    let zipped = match t {
        TilerRef::Modes(_) => {
            let tile_modes = group_like(logical, t, true);
            let rest_modes = group_like(logical, t, false);
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

/// The tile modes (`tiles`) or rest modes of the zipped form of `l` by
/// `t`, as layouts (CuTe's `zip2_by`).
fn group_like(l: &Layout, t: TilerRef<'_>, tiles: bool) -> Vec<Layout> {
    let mut out = Vec::new();
    match t {
        TilerRef::Modes(ts) => {
            for i in 0..l.rank() {
                let m = mode(l, i);
                match ts.get(i) {
                    Some(ti) => {
                        let inner = group_like(&m, ti.as_tiler(), tiles);
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

fn check_regrouped_divide(
    law: &'static str,
    a: &Layout,
    t: TilerRef<'_>,
    r: &Layout,
    group: Group,
) -> Result<(), Violation> {
    let cx = Ctx::new(law, format!("{law}({a}, {t})"), r);
    let logical = crate::logical_divide(a, &t)
        .map_err(|e| cx.fail(None, format!("the logical divide fails: {e}")))?;
    divide_law(a, t, &logical)?;
    regroup_law(&cx, &logical, t, r, group)
}

/// `zipped_divide(A, T) = R`: the logical divide's leaves regrouped as
/// `((tiles…), (rests…, A's modes beyond T))` (for a layout tiler, the
/// logical divide itself).
pub fn check_zipped_divide<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    check_regrouped_divide("zipped_divide", a, t.as_tiler(), r, Group::Zipped)
}

/// `tiled_divide(A, T) = R`: `(tiles, rest0, rest1, …)` of the zipped
/// divide.
pub fn check_tiled_divide<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    check_regrouped_divide("tiled_divide", a, t.as_tiler(), r, Group::Tiled)
}

/// `flat_divide(A, T) = R`: `(tile0, tile1, …, rest0, rest1, …)` of the
/// zipped divide.
pub fn check_flat_divide<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    check_regrouped_divide("flat_divide", a, t.as_tiler(), r, Group::Flat)
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
    let b = match t {
        TilerRef::Layout(b) => b.to_owned(),
        TilerRef::Int(n) => tile_of(n),
        TilerRef::Hole => return hole_law(&cx, a, r),
        TilerRef::Modes(ts) => {
            return by_mode(&cx, a, ts, r, true, &|a, t, r| product_law(a, t, r));
        }
    };
    let m = b
        .cosize()
        .ok()
        .and_then(|c| c.checked_mul(a.size()))
        .ok_or_else(|| cx.fail(None, "size(A)·cosize(B) overflows".into()))?;
    let c = crate::complement(a, m)
        .map_err(|e| cx.fail(None, format!("complement(A, size(A)·cosize(B)) fails: {e}")))?;
    check_complement(a, m, &c)?;
    cx.ensure(!r.shape().is_int() && r.rank() == 2, || {
        format!("rank {} (a pair expected)", r.rank())
    })?;
    same_layout(&cx, r.mode(0), a, "mode 0")?;
    compose_law("logical_product", &c, &b, &mode(r, 1))
}

fn check_regrouped_product(
    law: &'static str,
    a: &Layout,
    t: TilerRef<'_>,
    r: &Layout,
    group: Group,
) -> Result<(), Violation> {
    let cx = Ctx::new(law, format!("{law}({a}, {t})"), r);
    let logical = crate::logical_product(a, &t)
        .map_err(|e| cx.fail(None, format!("the logical product fails: {e}")))?;
    product_law(a, t, &logical)?;
    regroup_law(&cx, &logical, t, r, group)
}

/// `zipped_product(A, T) = R`: the logical product regrouped like
/// [`check_zipped_divide`].
pub fn check_zipped_product<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    check_regrouped_product("zipped_product", a, t.as_tiler(), r, Group::Zipped)
}

/// `tiled_product(A, T) = R`: regrouped like [`check_tiled_divide`].
pub fn check_tiled_product<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    check_regrouped_product("tiled_product", a, t.as_tiler(), r, Group::Tiled)
}

/// `flat_product(A, T) = R`: regrouped like [`check_flat_divide`].
pub fn check_flat_product<T: AsTiler + ?Sized>(
    a: &Layout,
    t: &T,
    r: &Layout,
) -> Result<(), Violation> {
    check_regrouped_product("flat_product", a, t.as_tiler(), r, Group::Flat)
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
    let p = crate::logical_product(&pa, &pb)
        .map_err(|e| cx.fail(None, format!("the logical product fails: {e}")))?;
    product_law(&pa, pb.as_tiler(), &p)?;
    let (first, second) = (mode(&p, 0), mode(&p, 1));
    let (x, y) = if raked {
        (second, first)
    } else {
        (first, second)
    };
    // Mode i of an operand of the zip; at rank 1 a repeat with several
    // modes stays whole.
    let nth = |l: &Layout, i: usize| {
        if rank == 1 && l.rank() != 1 {
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
    let r = crate::max_common_layout(a, b)
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
        let want = l
            .call_coord(&full)
            .map_err(|e| cx.fail(Some(full.to_string()), format!("L fails there: {e}")))?;
        let got = sub.call(k).wrapping_add(offset);
        if got != want {
            return Err(cx.fail(
                Some(full.to_string()),
                format!("sub({k}) + offset = {got} but L = {want}"),
            ));
        }
    }
    Ok(())
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
    let z = crate::zipped_divide(l, tiler)
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

/// The law of operation `op` (an [`crate::apply`] name) on text operands
/// and its printed result: parses them and calls the matching `check_*`.
/// Operations without a law here (queries such as `size`, `eval`) pass.
pub fn check_by_name(op: &str, args: &[&str], result: &str) -> Result<(), Violation> {
    let bad = |what: &str, text: &str| Violation {
        law: "parse",
        operands: format!("{op}{args:?}"),
        result: result.to_string(),
        witness: None,
        detail: format!("{what} {text:?} does not parse"),
    };
    let layout = |i: usize| -> Result<Layout, Violation> {
        let t = args.get(i).copied().unwrap_or("");
        t.parse().map_err(|_| bad("operand", t))
    };
    let tiler = |i: usize| -> Result<Tiler, Violation> {
        let t = args.get(i).copied().unwrap_or("");
        t.parse().map_err(|_| bad("tiler", t))
    };
    let out = || -> Result<Layout, Violation> { result.parse().map_err(|_| bad("result", result)) };
    match op {
        "coalesce" => match args.get(1) {
            None => check_coalesce(&layout(0)?, &out()?),
            Some(p) => check_coalesce_by(
                &layout(0)?,
                &p.parse().map_err(|_| bad("profile", p))?,
                &out()?,
            ),
        },
        "filter" => check_filter(&layout(0)?, &out()?),
        "filter_zeros" => check_filter_zeros(&layout(0)?, &out()?),
        "composition" => check_composition(&layout(0)?, &tiler(1)?, &out()?),
        "complement" => {
            let a = layout(0)?;
            let m = match args.get(1) {
                None => a.cosize().map_err(|_| bad("cosize of", args[0]))?,
                Some(m) => m.trim().parse().map_err(|_| bad("target", m))?,
            };
            check_complement(&a, m, &out()?)
        }
        "right_inverse" => check_right_inverse(&layout(0)?, &out()?),
        "left_inverse" => check_left_inverse(&layout(0)?, &out()?),
        "logical_divide" => check_logical_divide(&layout(0)?, &tiler(1)?, &out()?),
        "zipped_divide" => check_zipped_divide(&layout(0)?, &tiler(1)?, &out()?),
        "tiled_divide" => check_tiled_divide(&layout(0)?, &tiler(1)?, &out()?),
        "flat_divide" => check_flat_divide(&layout(0)?, &tiler(1)?, &out()?),
        "logical_product" => check_logical_product(&layout(0)?, &tiler(1)?, &out()?),
        "zipped_product" => check_zipped_product(&layout(0)?, &tiler(1)?, &out()?),
        "tiled_product" => check_tiled_product(&layout(0)?, &tiler(1)?, &out()?),
        "flat_product" => check_flat_product(&layout(0)?, &tiler(1)?, &out()?),
        "blocked_product" => check_blocked_product(&layout(0)?, &layout(1)?, &out()?),
        "raked_product" => check_raked_product(&layout(0)?, &layout(1)?, &out()?),
        "max_common_layout" => check_max_common_layout(&layout(0)?, &layout(1)?, &out()?),
        "max_common_vector" => {
            let n = result.trim().parse().map_err(|_| bad("result", result))?;
            check_max_common_vector(&layout(0)?, &layout(1)?, n)
        }
        "slice" => {
            let (off, sub) = result
                .split_once('|')
                .ok_or_else(|| bad("result", result))?;
            let off: i64 = off.parse().map_err(|_| bad("offset", off))?;
            let sub: Layout = sub.parse().map_err(|_| bad("sub-layout", sub))?;
            let t = args.get(1).copied().unwrap_or("");
            let c: Coord = t.parse().map_err(|_| bad("coordinate", t))?;
            check_slice(&layout(0)?, &c, &sub, off)
        }
        _ => Ok(()),
    }
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
    fn every_law_accepts_the_right_result_and_rejects_a_wrong_one() {
        let ok = |r: Result<(), Violation>| r.unwrap();
        let bad = |r: Result<(), Violation>| {
            let v = r.unwrap_err();
            assert!(!v.to_string().is_empty());
            v
        };
        let a = l("(2,(1,6)):(1,(6,2))");
        ok(check_coalesce(&a, &crate::coalesce(&a)));
        bad(check_coalesce(&a, &l("(2,6):(1,2)"))); // not minimal
        bad(check_coalesce(&a, &l("12:2"))); // wrong values
        bad(check_coalesce(&a, &l("(12,1):(1,0)"))); // a size-1 mode
        let p: IntTuple = "(1,1)".parse().unwrap();
        let b = l("((2,2),(2,2),3):((1,2),(4,8),16)");
        ok(check_coalesce_by(
            &b,
            &p,
            &crate::coalesce_by(&b, &p).unwrap(),
        ));
        bad(check_coalesce_by(&b, &p, &l("(4,4,3):(1,4,17)")));

        let f = l("(4,(2,3)):(0,(1,2))");
        ok(check_filter(&f, &crate::filter(&f)));
        bad(check_filter(&f, &l("(4,6):(0,1)")));
        ok(check_filter_zeros(&f, &crate::filter_zeros(&f)));
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
            &crate::composition(&a2, &tt).unwrap(),
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
        let d = crate::logical_divide(&a, &b).unwrap();
        ok(check_logical_divide(&a, &b, &d));
        bad(check_logical_divide(
            &a,
            &b,
            &l("((2,4),(4,2)):((1,2),(8,16))"),
        ));
        let z = crate::zipped_divide(&a, &b).unwrap();
        ok(check_zipped_divide(&a, &b, &z));
        bad(check_zipped_divide(&a, &b, &d));
        ok(check_tiled_divide(
            &a,
            &b,
            &crate::tiled_divide(&a, &b).unwrap(),
        ));
        bad(check_tiled_divide(&a, &b, &z));
        ok(check_flat_divide(
            &a,
            &b,
            &crate::flat_divide(&a, &b).unwrap(),
        ));
        bad(check_flat_divide(
            &a,
            &b,
            &crate::tiled_divide(&a, &b).unwrap(),
        ));

        let (a, b) = (l("(2,2):(1,2)"), l("(3,4):(1,3)"));
        let p = crate::logical_product(&a, &b).unwrap();
        ok(check_logical_product(&a, &b, &p));
        bad(check_logical_product(
            &a,
            &b,
            &l("((2,2),(3,4)):((1,2),(4,16))"),
        ));
        ok(check_zipped_product(
            &a,
            &b,
            &crate::zipped_product(&a, &b).unwrap(),
        ));
        ok(check_tiled_product(
            &a,
            &b,
            &crate::tiled_product(&a, &b).unwrap(),
        ));
        ok(check_flat_product(
            &a,
            &b,
            &crate::flat_product(&a, &b).unwrap(),
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
            &crate::max_common_layout(&a, &b).unwrap(),
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
        ok(check_downcast(2, &dl, &crate::downcast(2, &dl).unwrap()));
        bad(check_downcast(2, &dl, &l("(8,8):(1,16)")));

        ok(check_swizzle(&Swizzle::new(3, 4, 3).unwrap()));
        ok(check_swizzle(&Swizzle::new(2, 0, -3).unwrap()));
        bad(check_block_involution("x+1 mod 8", 8, |x| {
            x - x % 8 + (x + 1) % 8
        }));
        bad(check_block_involution("x+8", 8, |x| x ^ 8));
    }

    #[test]
    fn tensor_partitions() {
        use crate::make_counting_tensor;
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
    fn by_name() {
        check_by_name(
            "composition",
            &["(4,6,8,10):(2,3,5,7)", "6:12"],
            "(2,3):(9,5)",
        )
        .unwrap();
        assert!(
            check_by_name(
                "composition",
                &["(4,6,8,10):(2,3,5,7)", "6:12"],
                "(2,3):(9,6)"
            )
            .is_err()
        );
        check_by_name("slice", &["(4,8):(8,1)", "(_,2)"], "2|(4):(8)").unwrap();
        check_by_name("complement", &["4:32"], "32:1").unwrap();
        check_by_name("max_common_vector", &["(4,8):(1,4)", "(4,8):(1,8)"], "4").unwrap();
        check_by_name("size", &["4:1"], "4").unwrap();
        assert_eq!(
            check_by_name("filter", &["(4"], "4:1").unwrap_err().law,
            "parse"
        );
    }
}
