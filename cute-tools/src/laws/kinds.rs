//! The laws of the operation table's answers on the other layout kinds
//! (`cute-tools/src/kinds.rs`, cute-dynamic's `data/basis.rs` and
//! `data/swizzle.rs`): a coordinate layout `C` (basis strides) or a
//! swizzled layout `A = Sw ∘ O ∘ L` as the first layout operand.
//!
//! | operand | operation | law |
//! |---|---|---|
//! | `Sw ∘ O ∘ L` | `size`, `rank`, `depth`, `cosize` | those of `L` (CuTe's) |
//! | | `eval` | `R == Sw(O + L(c))` |
//! | | `slice` | pointer offset 0, the swizzled slice law |
//! | | `domain_offset` | pointer offset 0, `Sw` and `L` kept, `O' == O + L(c)`: `R(x) == Sw(O + L(c) + L(x))` |
//! | | `complement` | the complement law on `L` |
//! | | `max_alignment` | `N` divides `2^M` and `O`, and `A`'s image is a union of aligned `N`-blocks |
//! | | `nullspace` | `R` injective, `A(R(i)) == A(0)` |
//! | | the domain operations, the products, `tile_to_shape` | `Sw`, `O` kept, the inner layout by the operation's own law; `composition` and `tile_to_shape` also `R(i) == Sw(O + …)` point by point |
//! | `C` | `size`, `rank`, `depth` | of its shape |
//! | | `eval`, `slice`, `domain_offset`, the domain operations | read through weights `w` of the codomain's modes that are injective on every coordinate involved (`W = C·w`, `R·w`): the integer answer's law holds, so `R`'s coordinates are the definition's (not checked where the weights would pass `2^50`) |
//! | | `complement` | dimension by dimension, the complement law on `C_d` and mode `d` of `R`, which lies on `e_d` |
//! | | `right_inverse` | `C(R(x)) == x` on `R`'s domain |
//! | | `left_inverse` | `C(R(C(i))) == C(i)` (so `R(C(i)) == i` for an injective `C`) |

use super::*;
use alloc::collections::BTreeMap;
use cute_dynamic::{BasisStride, CoordLayout, ScaledBasis};

/// The law of `result` as the answer of `op` on `args` when its first layout
/// operand is a coordinate or a swizzled layout; `None` when every layout
/// operand is an integer layout (the operation's own law applies).
pub fn check_other_kind(
    op: &crate::Operation,
    args: &[&str],
    result: &str,
) -> Option<Result<(), Violation>> {
    let first = (0..op.args.len())
        .filter(|&i| i < args.len())
        .find(|&i| op.args[i].kind == crate::ops::ArgKind::Layout)?;
    let text = args[first];
    let cx = Ctx::new(
        "other_layout_kind",
        format!("{}({})", op.name, args.join(", ")),
        &result,
    );
    if text.trim_start().starts_with("Sw<") {
        Some(match text.parse::<SwizzledLayout>() {
            Ok(a) => swizzled(&cx, op.name, &a, first, args, result),
            Err(e) => Err(cx.fail(None, format!("the operand does not parse: {e}"))),
        })
    } else if text.contains('@') {
        Some(match text.parse::<CoordLayout>() {
            Ok(c) => coordinate(&cx, op.name, &c, first, args, result),
            Err(e) => Err(cx.fail(None, format!("the operand does not parse: {e}"))),
        })
    } else {
        None
    }
}

/// `text` read as a `T`, or the violation naming `what`.
fn read<T: core::str::FromStr>(cx: &Ctx, text: &str, what: &str) -> Result<T, Violation>
where
    T::Err: fmt::Display,
{
    text.trim()
        .parse()
        .map_err(|e| cx.fail(None, format!("{what} {text:?} does not parse: {e}")))
}

/// `(a, b)` of a result printed `a|b`.
fn halves<'a>(cx: &Ctx, result: &'a str) -> Result<(&'a str, &'a str), Violation> {
    result
        .split_once('|')
        .ok_or_else(|| cx.fail(None, "the result is not of the form `X|Y`".into()))
}

/// `args` with operand `i` replaced by `text`.
fn with_arg<'a>(args: &[&'a str], i: usize, text: &'a str) -> Vec<&'a str> {
    let mut v = args.to_vec();
    v[i] = text;
    v
}

/// The integer law of `op` on `args`, as a violation of this check.
fn integer_law(cx: &Ctx, op: &str, args: &[&str], result: &str) -> Result<(), Violation> {
    crate::check_law(op, args, result).map_err(|v| {
        cx.fail(
            v.witness.clone(),
            format!("the integer answer breaks its law: {v}"),
        )
    })
}

fn swizzled(
    cx: &Ctx,
    op: &str,
    a: &SwizzledLayout,
    first: usize,
    args: &[&str],
    result: &str,
) -> Result<(), Violation> {
    let (sw, o, l) = (a.swizzle(), a.offset(), a.layout());
    let inner = l.to_string();
    let int = |what: &str| -> Result<i64, Violation> { read(cx, result, what) };
    let coord_arg =
        |i: usize| -> Result<IntTuple, Violation> { read(cx, args[i], "the coordinate") };
    match op {
        "size" => cx.ensure(int("the size")? == l.size(), || {
            format!("size(L) = {}", l.size())
        }),
        "rank" => cx.ensure(int("the rank")? == l.rank() as i64, || {
            format!("rank(L) = {}", l.rank())
        }),
        "depth" => cx.ensure(int("the depth")? == l.depth() as i64, || {
            format!("depth(L) = {}", l.depth())
        }),
        "cosize" => {
            let want = l
                .cosize()
                .map_err(|e| cx.fail(None, format!("cosize(L) fails: {e}")))?;
            cx.ensure(int("the cosize")? == want, || format!("cosize(L) = {want}"))
        }
        "eval" => {
            let c = coord_arg(1)?;
            let off = crd2idx(&c, l).map_err(|e| cx.fail(None, format!("L({c}) fails: {e}")))?;
            let want = sw.apply(o.wrapping_add(off));
            cx.ensure(int("the offset")? == want, || {
                format!("Sw(O + L({c})) = {want}")
            })
        }
        "slice" | "slice_and_offset" => {
            let (x, y) = halves(cx, result)?;
            let (ptr, sub) = if op == "slice" { (x, y) } else { (y, x) };
            cx.ensure(ptr.trim() == "0", || {
                "the pointer offset of a swizzled slice is 0 (the fixed part joins the inner offset)"
                    .into()
            })?;
            let c: Coord = read(cx, args[1], "the coordinate")?;
            let r: SwizzledLayout = read(cx, sub, "the sub-layout")?;
            check_swizzled_slice(a, &c, &r)
        }
        "domain_offset" => {
            let (ptr, r) = halves(cx, result)?;
            cx.ensure(ptr.trim() == "0", || "the pointer offset is 0".into())?;
            let r: SwizzledLayout = read(cx, r, "the layout")?;
            let c = coord_arg(0)?;
            let lc = crd2idx(&c, l).map_err(|e| cx.fail(None, format!("L({c}) fails: {e}")))?;
            cx.ensure(r.swizzle() == sw && r.layout() == l, || {
                "the swizzle and the inner layout must be kept".into()
            })?;
            cx.ensure(r.offset() == o.wrapping_add(lc), || {
                format!("O' = {} but O + L(c) = {}", r.offset(), o.wrapping_add(lc))
            })?;
            for i in points(l.size()) {
                let want = sw.apply(o.wrapping_add(lc).wrapping_add(l.call(i)));
                if r.call(i) != want {
                    return Err(cx.fail(
                        Some(i.to_string()),
                        format!("R({i}) = {} but Sw(O + L(c) + L({i})) = {want}", r.call(i)),
                    ));
                }
            }
            Ok(())
        }
        "complement" => integer_law(cx, op, &with_arg(args, first, &inner), result),
        "max_alignment" => {
            let n = int("the alignment")?;
            let m = 1i64 << sw.base();
            cx.ensure(n >= 1 && m % n == 0 && o % n == 0, || {
                format!("{n} must divide 2^M = {m} and the offset {o}")
            })?;
            if a.size() > IMAGE_LIMIT {
                return Ok(());
            }
            let mut img: Vec<i64> = (0..a.size()).map(|i| a.call(i)).collect();
            img.sort_unstable();
            img.dedup();
            for &x in &img {
                let base = x - x.rem_euclid(n);
                if let Some(j) = (0..n).find(|j| img.binary_search(&(base + j)).is_err()) {
                    return Err(cx.fail(
                        None,
                        format!(
                            "the image holds {x} but not {} of its aligned {n}-block",
                            base + j
                        ),
                    ));
                }
            }
            Ok(())
        }
        "nullspace" => {
            let r: Layout = read(cx, result, "the nullspace")?;
            let zero = a.call(0);
            if let Some(img) = image(&r) {
                cx.ensure(img.windows(2).all(|w| w[0] != w[1]), || {
                    "R must be injective (distinct indices)".into()
                })?;
            }
            for i in points(r.size()) {
                let k = r.call(i);
                if !(0..a.size()).contains(&k) || a.call(k) != zero {
                    return Err(cx.fail(
                        Some(i.to_string()),
                        format!("R({i}) = {k} is not an index that A maps to A(0) = {zero}"),
                    ));
                }
            }
            Ok(())
        }
        _ => {
            let r: SwizzledLayout = read(cx, result, "the swizzled layout")?;
            super::composed::same_outer(cx, a, &r)?;
            let r_inner = r.layout().to_string();
            integer_law(cx, op, &with_arg(args, first, &inner), &r_inner)?;
            match op {
                "composition" => {
                    let b: Tiler = read(cx, args[1], "the right operand")?;
                    check_swizzled_composition(a, &b, &r)
                }
                "tile_to_shape" => {
                    let shape: IntTuple = read(cx, args[1], "the shape")?;
                    let order = match args.get(2) {
                        Some(t) => Some(read::<IntTuple>(cx, t, "the order")?),
                        None => None,
                    };
                    check_swizzled_tile_to_shape(a, &shape, order.as_ref(), &r)
                }
                _ => Ok(()),
            }
        }
    }
}

/// Weights of a codomain's modes (by basis path) that make `Σ c_p·w_p`
/// injective on the coordinates whose mode `p` is at most `bound_p` in
/// magnitude: `w_0 = 1`, `w_{p+1} = 4·Σ_{q≤p} (bound_q + 1)·w_q + 1`. A
/// shape times a stride stays below the next weight, so no two modes of
/// different paths read as mergeable.
struct Weights(BTreeMap<Vec<u32>, i64>);

impl Weights {
    /// The weights for the strides of `layouts` and the coordinates
    /// `values` (printed as the codomain's profile), `None` past `i64`.
    fn new(layouts: &[&CoordLayout], values: &[&IntTuple]) -> Option<Self> {
        let mut bound: BTreeMap<Vec<u32>, i128> = BTreeMap::new();
        for l in layouts {
            for (s, b) in l.shape().leaves().zip(l.stride().leaves()) {
                let e = bound.entry(b.mode_path().collect()).or_default();
                *e += i128::from(s.max(1)) * i128::from(b.scale()).abs();
            }
        }
        for v in values {
            let mut leaves = Vec::new();
            positions(v.as_ref(), &mut Vec::new(), &mut leaves);
            for (p, x) in leaves {
                let e = bound.entry(p).or_default();
                *e = (*e).max(i128::from(x).abs());
            }
        }
        let (mut sum, mut w) = (0i128, BTreeMap::new());
        for (p, b) in bound {
            let wp = 4 * sum + 1;
            sum += (b + 1) * wp;
            w.insert(p, i64::try_from(wp).ok()?);
            if sum > 1 << 50 {
                return None;
            }
        }
        Some(Weights(w))
    }

    fn of(&self, b: &ScaledBasis) -> i64 {
        if b.scale() == 0 {
            return 0;
        }
        let p: Vec<u32> = b.mode_path().collect();
        b.scale() * self.0.get(&p).copied().unwrap_or(0)
    }

    /// `l` read through the weights: an integer layout.
    fn layout(&self, l: &CoordLayout) -> Option<Layout> {
        let strides: Vec<i64> = l
            .stride()
            .leaves()
            .into_iter()
            .map(|b| self.of(b))
            .collect();
        let stride = cute_dynamic::__tools::replace_leaves(l.shape().as_ref(), strides.into_iter());
        Layout::new(l.shape().clone(), stride).ok()
    }

    /// A coordinate (the codomain's profile) read through the weights.
    fn value(&self, c: &IntTuple) -> i64 {
        let mut leaves = Vec::new();
        positions(c.as_ref(), &mut Vec::new(), &mut leaves);
        leaves
            .into_iter()
            .filter(|&(_, x)| x != 0)
            .map(|(p, x)| x * self.0.get(&p).copied().unwrap_or(0))
            .sum()
    }
}

/// The leaves of a coordinate with their positions (the basis path of the
/// codomain mode each stands for; `[]` for an integer).
fn positions(t: IntTupleRef<'_>, at: &mut Vec<u32>, out: &mut Vec<(Vec<u32>, i64)>) {
    if let Some(v) = t.as_int() {
        out.push((at.clone(), v));
        return;
    }
    for (k, c) in t.children().enumerate() {
        at.push(k as u32);
        positions(c, at, out);
        at.pop();
    }
}

/// The projection of `l` on dimension `d`: its strides on `e_d`, zero elsewhere.
fn projection(l: &CoordLayout, d: u32) -> Option<Layout> {
    let strides: Vec<i64> = l
        .stride()
        .leaves()
        .into_iter()
        .map(|b| if b.mode_path().eq([d]) { b.scale() } else { 0 })
        .collect();
    let stride = cute_dynamic::__tools::replace_leaves(l.shape().as_ref(), strides.into_iter());
    Layout::new(l.shape().clone(), stride).ok()
}

fn coordinate(
    cx: &Ctx,
    op: &str,
    c: &CoordLayout,
    first: usize,
    args: &[&str],
    result: &str,
) -> Result<(), Violation> {
    let int = |what: &str| -> Result<i64, Violation> { read(cx, result, what) };
    // Past weights of 2^50 (a codomain too large to weigh in i64), or a
    // weighted layout that is no valid integer layout, nothing is checked.
    macro_rules! or_unchecked {
        ($e:expr) => {
            match $e {
                Some(x) => x,
                None => return Ok(()),
            }
        };
    }
    let weighed = |w: &Weights, l: &CoordLayout| w.layout(l);
    match op {
        "size" => cx.ensure(int("the size")? == c.size(), || {
            format!("size = {}", c.size())
        }),
        "rank" => cx.ensure(int("the rank")? == c.rank() as i64, || {
            format!("rank = {}", c.rank())
        }),
        "depth" => cx.ensure(int("the depth")? == c.shape().depth() as i64, || {
            format!("depth = {}", c.shape().depth())
        }),
        "eval" => {
            let x: IntTuple = read(cx, args[1], "the coordinate")?;
            let r: IntTuple = read(cx, result, "the coordinate")?;
            let w = or_unchecked!(Weights::new(&[c], &[&r]));
            let wc = or_unchecked!(weighed(&w, c));
            let want = crd2idx(&x, &wc).map_err(|e| cx.fail(None, format!("C({x}) fails: {e}")))?;
            cx.ensure(w.value(&r) == want, || {
                format!("{r} read through the weights is not C({x})·w = {want}")
            })
        }
        "slice" | "slice_and_offset" => {
            let (a, b) = halves(cx, result)?;
            let (off, sub) = if op == "slice" { (a, b) } else { (b, a) };
            let off: IntTuple = read(cx, off, "the offset")?;
            let sub: CoordLayout = read(cx, sub, "the sub-layout")?;
            let k: Coord = read(cx, args[1], "the coordinate")?;
            let w = or_unchecked!(Weights::new(&[c, &sub], &[&off]));
            check_slice(
                &or_unchecked!(weighed(&w, c)),
                &k,
                &or_unchecked!(weighed(&w, &sub)),
                w.value(&off),
            )
            .map_err(|v| cx.fail(v.witness.clone(), format!("read through the weights: {v}")))
        }
        "domain_offset" => {
            let (off, l) = halves(cx, result)?;
            let (off, l): (IntTuple, CoordLayout) =
                (read(cx, off, "the offset")?, read(cx, l, "the layout")?);
            cx.ensure(l == *c, || "the layout must be kept".into())?;
            let w = or_unchecked!(Weights::new(&[c], &[&off]));
            let (wc, wo) = (
                or_unchecked!(weighed(&w, c)).to_string(),
                w.value(&off).to_string(),
            );
            integer_law(cx, op, &with_arg(args, first, &wc), &format!("{wo}|{wc}"))
        }
        "complement" => {
            let r: CoordLayout = read(cx, result, "the complement")?;
            let cotarget = match args.get(1) {
                Some(t) => Some(read::<IntTuple>(cx, t, "the cotarget")?),
                None => None,
            };
            let dims = r.rank() as u32;
            for d in 0..dims {
                let cd = or_unchecked!(projection(c, d));
                let mode = CoordLayout::new(
                    r.shape()
                        .get(d as usize)
                        .map(|s| s.to_owned())
                        .unwrap_or_else(|| IntTuple::int(1)),
                    match r.stride() {
                        BasisStride::Tuple(v) => v[d as usize].clone(),
                        leaf => leaf.clone(),
                    },
                )
                .map_err(|e| cx.fail(None, format!("mode {d} of the result: {e}")))?;
                cx.ensure(
                    mode.stride()
                        .leaves()
                        .iter()
                        .all(|b| b.scale() == 0 || b.mode_path().eq([d])),
                    || format!("mode {d} of the result must lie on e_{d}"),
                )?;
                let rd = or_unchecked!(projection(&mode, d));
                let m = match &cotarget {
                    Some(t) => t.leaves().nth(d as usize).unwrap_or(1),
                    None => cd
                        .cosize()
                        .map_err(|e| cx.fail(None, format!("cosize(C_{d}) fails: {e}")))?,
                };
                check_complement(&cd, m, &rd)
                    .map_err(|v| cx.fail(v.witness.clone(), format!("dimension {d}: {v}")))?;
            }
            Ok(())
        }
        "right_inverse" => {
            let r: Layout = read(cx, result, "the right inverse")?;
            let sizes: Vec<i64> = (0..r.rank())
                .map(|d| r.mode(d).map_or(1, |m| m.size()))
                .collect();
            for i in points(r.size()) {
                let (mut rest, mut want) = (i, Vec::new());
                for (d, s) in sizes.iter().enumerate() {
                    want.push(if d + 1 == sizes.len() { rest } else { rest % s });
                    rest /= s;
                }
                let got = c
                    .call(r.call(i))
                    .map_err(|e| cx.fail(Some(i.to_string()), format!("C(R({i})) fails: {e}")))?;
                let got: Vec<i64> = got.leaves().collect();
                if got != want {
                    return Err(cx.fail(
                        Some(i.to_string()),
                        format!("C(R({i})) = {got:?} but the coordinate is {want:?}"),
                    ));
                }
            }
            Ok(())
        }
        "left_inverse" => {
            let r: Layout = read(cx, result, "the left inverse")?;
            for i in points(c.size()) {
                let x = c
                    .call(i)
                    .map_err(|e| cx.fail(None, format!("C({i}) fails: {e}")))?;
                let back = crd2idx(&x, &r)
                    .map_err(|e| cx.fail(Some(i.to_string()), format!("R(C({i})) fails: {e}")))?;
                let again = c.call(back).map_err(|e| {
                    cx.fail(Some(i.to_string()), format!("C(R(C({i}))) fails: {e}"))
                })?;
                if again != x {
                    return Err(cx.fail(
                        Some(i.to_string()),
                        format!("C(R(C({i}))) = {again} but C({i}) = {x}"),
                    ));
                }
            }
            Ok(())
        }
        _ => {
            let r: CoordLayout = read(cx, result, "the coordinate layout")?;
            let w = or_unchecked!(Weights::new(&[c, &r], &[]));
            let (wc, wr) = (
                or_unchecked!(weighed(&w, c)).to_string(),
                or_unchecked!(weighed(&w, &r)).to_string(),
            );
            integer_law(cx, op, &with_arg(args, first, &wc), &wr)
        }
    }
}
