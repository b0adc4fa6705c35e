//! The mixed products, `complement`, `right_inverse`, and the composition
//! and divides by one whole static layout (cute-static's `mixed/product.rs`,
//! `complement.rs`, `inverse.rs`, `composition.rs`, `divide.rs`) on random run-time
//! values: every `Ok` result equals cute-dynamic's on the same values
//! (structure and values, via `to_dynamic()`) and satisfies the operation's
//! law (`cute_tools::laws`); every `Err` is a named error
//! (`value_dependent_structure` only where CuTe's result indeed has another
//! structure than the type gives, or `overflow`), never a panic.
use cute_dynamic::{Layout as DLayout, LayoutError};
use cute_static::{C, Dyn, layout, layout::DynDiv, tiler};
use proptest::prelude::*;

/// Compare one mixed result with cute-dynamic's and the law; `Ok(true)`
/// when ours succeeded. `one_leaf`: the type gives a single leaf, so a
/// `value_dependent_structure` error must mean CuTe's result is no leaf
/// whose values ours would have had.
fn same(
    op: &str,
    a: &DLayout,
    arg: &str,
    ours: Result<DLayout, cute_static::Error>,
    theirs: Result<DLayout, LayoutError>,
) -> Result<bool, TestCaseError> {
    match (ours, theirs) {
        (Ok(o), Ok(t)) => {
            prop_assert_eq!(&o, &t, "{}({}, {})", op, a, arg);
            let args = [a.to_string(), arg.to_string()];
            let args: Vec<&str> = args
                .iter()
                .map(|s| s.as_str())
                .filter(|s| !s.is_empty())
                .collect();
            let law = cute_tools::check_law(op, &args, &o.to_string());
            prop_assert!(law.is_ok(), "{}", law.unwrap_err());
            Ok(true)
        }
        (Err(e), _) => {
            prop_assert!(
                matches!(e.kind(), "value_dependent_structure" | "overflow"),
                "{}({}, {}): {}",
                op,
                a,
                arg,
                e
            );
            Ok(false)
        }
        (Ok(o), Err(t)) => {
            prop_assert!(
                false,
                "{}({}, {}): ours {}, cute-dynamic {}",
                op,
                a,
                arg,
                o,
                t
            );
            Ok(false)
        }
    }
}

macro_rules! product {
    ($a:expr, $op:ident, $t:expr, $dt:literal) => {{
        let a = $a;
        let t: cute_dynamic::Tiler = $dt.parse().unwrap();
        same(
            stringify!($op),
            &a.to_dynamic(),
            $dt,
            a.$op($t).map(|r| r.to_dynamic()),
            cute_dynamic::$op(&a.to_dynamic(), &t),
        )?
    }};
}
macro_rules! zip_product {
    ($a:expr, $op:ident, $b:expr) => {{
        let (a, b) = ($a, $b);
        same(
            stringify!($op),
            &a.to_dynamic(),
            &b.to_dynamic().to_string(),
            a.$op(b).map(|r| r.to_dynamic()),
            cute_dynamic::$op(&a.to_dynamic(), &b.to_dynamic()),
        )?
    }};
}

/// A mixed result as a run-time layout.
type Ours = Result<DLayout, cute_static::Error>;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Run-time shapes, static or run-time strides: each multiplied part
    /// (a mode, or all of `A`) with run-time leaves gives one structure when
    /// its complement is one leaf — gap-free (compact in any order, with
    /// broadcast modes), or a single leaf `s:d` with `d ≥ cosize(B)` — and
    /// is then `Ok`; the other values are named errors.
    #[test]
    fn products_match_dynamic(m in 1usize..40, n in 1usize..40) {
        let col = layout!(({m}, {n}):(1, {m})).unwrap();
        let row = layout!(({m}, {n}):({n}, 1)).unwrap();
        let mixed = layout!((4, {n}, {m}):(1, 4, 0)).unwrap();
        // `s:d` by a tile of cosize `c`: one leaf iff s = 1, d ≤ 1 or d ≥ c.
        let leaf_ok = |s: usize, d: usize, c: usize| s == 1 || d <= 1 || d >= c;
        let cases = [
            (product!(col, logical_product, tiler!(<4, 2:3>), "<4,2:3>"), leaf_ok(n, m, 4)),
            (product!(col, zipped_product, tiler!(<(2, 2):(1, 4), 3>), "<(2,2):(1,4),3>"), leaf_ok(n, m, 3)),
            (product!(col, tiled_product, tiler!(<8>), "<8>"), true),
            (product!(col, flat_product, tiler!(<2, 4>), "<2,4>"), leaf_ok(n, m, 4)),
            (product!(row, logical_product, tiler!(<4, 2>), "<4,2>"), leaf_ok(m, n, 4)),
            (product!(row, flat_product, tiler!(<3>), "<3>"), leaf_ok(m, n, 3)),
            (product!(mixed, zipped_product, tiler!(<2, 3, 4:2>), "<2,3,4:2>"), true),
            (product!(mixed, logical_product, tiler!(<4, 3>), "<4,3>"), true),
            (product!(col, logical_product, layout!((4, 2):(2, 1)), "(4,2):(2,1)"), true),
            (product!(row, logical_product, layout!(8:1), "8:1"), true),
            (product!(row, zipped_product, tiler!((2, 3):(3, 1)), "(2,3):(3,1)"), true),
            (product!(col, logical_product, tiler!(4:2), "4:2"), true),
            (product!(mixed, logical_product, layout!(8:1), "8:1"), true),
            (zip_product!(col, blocked_product, layout!((2, 4):(1, 2))), true),
            (zip_product!(row, raked_product, layout!((3, 2):(2, 1))), true),
            (zip_product!(mixed, blocked_product, layout!((2, 2, 3):(1, 2, 4))), true),
            (zip_product!(mixed, raked_product, layout!((2, 2, 3):(3, 1, 12))), true),
            (zip_product!(layout!(({m}):({n})).unwrap(), blocked_product, layout!(4:1)), leaf_ok(m, n, 4)),
            // A static mode goes to the static algebra, whatever the others.
            (product!(layout!(({m}, 8):(1, 64)).unwrap(), zipped_product, tiler!(<2, 4>), "<2,4>"), true),
            (product!(layout!((4, {n}):(1, 0)).unwrap(), logical_product, tiler!(<2, 4>), "<2,4>"), true),
        ];
        for (i, (ok, expected)) in cases.into_iter().enumerate() {
            prop_assert_eq!(ok, expected, "case {}", i);
        }
    }

    /// Run-time strides: gaps make some values inadmissible (a named error,
    /// checked to be one CuTe needs another structure for), the others
    /// match cute-dynamic.
    #[test]
    fn products_with_runtime_strides(m in 1usize..40, n in 1usize..20, ld in 0usize..60) {
        let a = layout!(({m}, {n}):(1, {ld})).unwrap();
        product!(a, logical_product, tiler!(<4, 2>), "<4,2>");
        product!(a, zipped_product, tiler!(<2>), "<2>");
        product!(a, logical_product, layout!((2, 2):(1, 2)), "(2,2):(1,2)");
        zip_product!(a, blocked_product, layout!((2, 3):(1, 2)));
        zip_product!(a, raked_product, layout!((2, 3):(1, 2)));
        let b = layout!(({m}):({ld})).unwrap();
        let ok = product!(b, logical_product, tiler!(<4>), "<4>");
        // complement(m:ld, 4m) is one leaf iff ld ≤ 1, m = 1 or ld ≥ 4.
        prop_assert_eq!(ok, ld <= 1 || m == 1 || ld >= 4);
    }

    /// `complement(A, M)` with a static or run-time cotarget.
    #[test]
    fn complements_match_dynamic(m in 1usize..40, n in 1usize..20, ld in 0usize..60, k in 1usize..2000) {
        let cases: [(DLayout, Ours, Ours); 3] = {
            let a0 = layout!(({m}, {n}):(1, {m})).unwrap();
            let a1 = layout!(({m}, 4, {n}):({n}, 0, 1)).unwrap();
            let a2 = layout!(({m}, {n}):(1, {ld})).unwrap();
            [
                (a0.to_dynamic(), a0.complement(Dyn(k)).map(|r| r.to_dynamic()), a0.complement(C::<256>).map(|r| r.to_dynamic())),
                (a1.to_dynamic(), a1.complement(Dyn(k)).map(|r| r.to_dynamic()), a1.complement(C::<256>).map(|r| r.to_dynamic())),
                (a2.to_dynamic(), a2.complement(Dyn(k)).map(|r| r.to_dynamic()), a2.complement(C::<256>).map(|r| r.to_dynamic())),
            ]
        };
        for (i, (a, dynk, stat)) in cases.into_iter().enumerate() {
            let ok = same("complement", &a, &k.to_string(), dynk, cute_dynamic::complement(&a, k as i64))?;
            same("complement", &a, "256", stat, cute_dynamic::complement(&a, 256))?;
            if i < 2 {
                prop_assert!(ok, "gap-free {} failed", a);
            }
        }
    }

    /// `right_inverse(L)`: one leaf whenever CuTe's result is one; for
    /// `(s0, s1):(d0, _1)` two modes whenever CuTe's result has two.
    #[test]
    fn right_inverses_match_dynamic(m in 1usize..40, n in 1usize..20, ld in 0usize..60) {
        let a = layout!(({m}, {n}):(1, {m})).unwrap();
        prop_assert!(same("right_inverse", &a.to_dynamic(), "", a.right_inverse().map(|r| r.to_dynamic()), cute_dynamic::right_inverse(&a.to_dynamic()))?);
        // (operand, ours, whether the reversed rank-2 rule applies)
        let cases = [
            { let a = layout!(({m}, {n}):({n}, 1)).unwrap(); (a.to_dynamic(), a.right_inverse().map(|r| r.to_dynamic()), true) },
            { let a = layout!(({m}, {n}):(1, {ld})).unwrap(); (a.to_dynamic(), a.right_inverse().map(|r| r.to_dynamic()), false) },
            { let a = layout!(({m}, {n}):({ld}, 1)).unwrap(); (a.to_dynamic(), a.right_inverse().map(|r| r.to_dynamic()), true) },
            { let a = layout!(({m}, {n}):(2, {ld})).unwrap(); (a.to_dynamic(), a.right_inverse().map(|r| r.to_dynamic()), false) },
            { let a = layout!(({m}, 8):(8, 1)).unwrap(); (a.to_dynamic(), a.right_inverse().map(|r| r.to_dynamic()), true) },
        ];
        for (d, ours, reversed) in cases {
            let theirs = cute_dynamic::right_inverse(&d);
            let want = expected_inverse_structure(&theirs, reversed);
            let ok = same("right_inverse", &d, "", ours, theirs)?;
            // Ours errs exactly where CuTe's result has another structure.
            prop_assert_eq!(ok, want, "{}", d);
        }
        // Row-major with run-time extents: always the two-mode result.
        if m > 1 && n > 1 {
            let row = layout!(({m}, {n}):({n}, 1)).unwrap();
            prop_assert_eq!(row.right_inverse().unwrap().to_string(), format!("({n},{m}):({m},1)"));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `A ∘ B` for one static layout `B` (whole-layout tiler): `Ok` exactly
    /// when `A` coalesces to one leaf, and then equal to cute-dynamic's.
    #[test]
    fn whole_layout_compositions_match_dynamic(m in 1usize..40, n in 1usize..20, ld in 0usize..100) {
        let cases = [
            {
                let a = layout!(({m}, {n}):(1, {ld})).unwrap();
                (a.to_dynamic(), "(2,4):(3,1)", a.compose(layout!((2, 4):(3, 1))).map(|r| r.to_dynamic()))
            },
            {
                let a = layout!(({m}, {n}):(1, {m})).unwrap();
                (a.to_dynamic(), "(2,(1,4)):(3,(5,1))", a.compose(cute_static::tiler!((2, (1, 4)):(3, (5, 1)))).map(|r| r.to_dynamic()))
            },
            {
                let a = layout!(({m}, 4, {n}):(1, {m}, {ld})).unwrap();
                (a.to_dynamic(), "((2,1),8):((1,5),2)", a.compose(cute_static::tiler!(((2, 1), 8):((1, 5), 2))).map(|r| r.to_dynamic()))
            },
            {
                let a = layout!((4, {n}):({ld}, 4)).unwrap();
                (a.to_dynamic(), "6:2", a.compose(layout!(6:2)).map(|r| r.to_dynamic()))
            },
        ];
        for (a, b, ours) in cases {
            let b: DLayout = b.parse().unwrap();
            let theirs = cute_dynamic::composition(&a, &b);
            // CuTe's result is `B` with scaled strides here.
            let scaled = theirs.as_ref().is_ok_and(|t| t.shape() == b.shape());
            let ok = same("composition", &a, &b.to_string(), ours, theirs)?;
            if ok {
                prop_assert!(scaled);
            }
            // A compact column-major `A` with a last leaf of size ≠ 1 is
            // always admissible.
            if a.to_string() == format!("({m},{n}):(1,{m})") && n > 1 {
                prop_assert!(ok);
            }
        }
    }
}

/// A divide by the tile `N:1`, bare and as `tiler!(N:1)` (the same).
macro_rules! whole_divide {
    ($a:expr, $op:ident, $n:literal) => {{
        let a = $a;
        let text = format!("{}:1", $n);
        let b: DLayout = text.parse().unwrap();
        let theirs = cute_dynamic::$op(&a.to_dynamic(), &b);
        let ours = a.$op(layout!($n:1)).map(|r| r.to_dynamic());
        let t = a.$op(cute_static::tiler!($n:1)).map(|r| r.to_dynamic());
        prop_assert_eq!(&t.as_ref().ok(), &ours.as_ref().ok());
        same(stringify!($op), &a.to_dynamic(), &text, ours, theirs)?
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The divides by one contiguous static tile `N:1`: `Ok` when `A`
    /// coalesces to one leaf (its last leaf included), equal to cute-dynamic's.
    #[test]
    fn whole_layout_divides_match_dynamic(m in prop_oneof![Just(1usize), 1usize..60], n in 1usize..20, ld in prop_oneof![Just(0usize), 0usize..100]) {
        let col = layout!(({m}, {n}):(1, {m})).unwrap();
        let strided = layout!(({m}, {n}):(1, {ld})).unwrap();
        let ok = [
            whole_divide!(col, logical_divide, 8),
            whole_divide!(col, zipped_divide, 4),
            whole_divide!(col, tiled_divide, 16),
            whole_divide!(col, flat_divide, 2),
        ];
        // Compact column-major with a last leaf of size ≠ 1: always `Ok`.
        if n > 1 {
            prop_assert!(ok.iter().all(|&b| b));
        }
        // Run-time strides: `Ok` exactly when `A` coalesces to one leaf.
        let one_leaf = n > 1 && (ld == m || m == 1);
        prop_assert_eq!(whole_divide!(strided, zipped_divide, 4), one_leaf);
    }
}

/// A divide by one whole static layout `B`, bare and as `tiler!(B)` (the
/// same): equal to cute-dynamic and its law, or a named error.
macro_rules! divide_by {
    ($a:expr, $op:ident, $text:literal, $($b:tt)+) => {{
        let a = $a;
        let b: DLayout = $text.parse().unwrap();
        let theirs = cute_dynamic::$op(&a.to_dynamic(), &b);
        let ours = a.$op(layout!($($b)+)).map(|r| r.to_dynamic());
        let t = a.$op(cute_static::tiler!($($b)+)).map(|r| r.to_dynamic());
        prop_assert_eq!(&t.as_ref().ok(), &ours.as_ref().ok());
        same(stringify!($op), &a.to_dynamic(), &b.to_string(), ours, theirs)?
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The four divides by one whole static layout `B` with gaps, broadcast
    /// modes or permuted modes: `Ok` exactly when `A` coalesces to one leaf
    /// `s:d` (its last leaf included) and, if `B` has gaps
    /// (`complement(B, 1) ≠ 1:0`), `s > P`, the extent of
    /// `(B, complement(B, 1))`; then equal to cute-dynamic's and the law.
    #[test]
    fn whole_static_layout_divides_match_dynamic(m in prop_oneof![Just(1usize), 1usize..50], n in prop_oneof![Just(1usize), 1usize..20], ld in prop_oneof![Just(0usize), 0usize..100]) {
        let col = layout!(({m}, {n}):(1, {m})).unwrap();
        let strided = layout!(({m}, {n}):(1, {ld})).unwrap();
        let one = n > 1;
        let size = m * n;
        // Gaps: complement((4,2):(1,8), 1) = 2:4, P = 16.
        prop_assert_eq!(divide_by!(col, logical_divide, "(4,2):(1,8)", (4, 2):(1, 8)), one && size > 16);
        prop_assert_eq!(divide_by!(col, zipped_divide, "(4,2):(1,8)", (4, 2):(1, 8)), one && size > 16);
        prop_assert_eq!(divide_by!(col, tiled_divide, "(4,2):(1,8)", (4, 2):(1, 8)), one && size > 16);
        prop_assert_eq!(divide_by!(col, flat_divide, "(4,2):(1,8)", (4, 2):(1, 8)), one && size > 16);
        // Several gaps: complement = (2,2):(2,8), P = 32.
        prop_assert_eq!(divide_by!(col, logical_divide, "(2,2,2):(1,4,16)", (2, 2, 2):(1, 4, 16)), one && size > 32);
        prop_assert_eq!(divide_by!(col, flat_divide, "(2,2,2):(1,4,16)", (2, 2, 2):(1, 4, 16)), one && size > 32);
        // One gap below a leaf: 4:2, P = 8.
        prop_assert_eq!(divide_by!(col, tiled_divide, "4:2", 4:2), one && size > 8);
        // No gaps (a rest of size 1 is `1:0`): always `Ok` for one leaf.
        prop_assert_eq!(divide_by!(col, logical_divide, "(4,3):(0,1)", (4, 3):(0, 1)), one);
        prop_assert_eq!(divide_by!(col, zipped_divide, "(2,4):(4,1)", (2, 4):(4, 1)), one);
        prop_assert_eq!(divide_by!(col, tiled_divide, "(2,(2,2)):(2,(1,4))", (2, (2, 2)):(2, (1, 4))), one);
        prop_assert_eq!(divide_by!(col, flat_divide, "((2,2),3):((1,2),4)", ((2, 2), 3):((1, 2), 4)), one);
        prop_assert_eq!(divide_by!(col, zipped_divide, "4:0", 4:0), one);
        // Run-time strides: `A` must coalesce to one leaf.
        let leaf = one && (ld == m || m == 1);
        prop_assert_eq!(divide_by!(strided, logical_divide, "(4,2):(1,8)", (4, 2):(1, 8)), leaf && size > 16);
        prop_assert_eq!(divide_by!(strided, flat_divide, "(2,4):(4,1)", (2, 4):(4, 1)), leaf);
        // A static shape with a run-time stride, a divisor leaf.
        let rowv = layout!((4, 8):({ld}, {ld * 4})).unwrap();
        prop_assert_eq!(divide_by!(rowv, zipped_divide, "(4,2):(1,8)", (4, 2):(1, 8)), true);
        let div = layout!(({m * 128:128}):(1)).unwrap();
        prop_assert!(divide_by!(div, logical_divide, "(2,2,2):(1,4,16)", (2, 2, 2):(1, 4, 16)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Divisor leaves (`DynDiv<D>`, `{m:128}`) are run-time values to the
    /// products, `complement` and `right_inverse`: on random multiples of
    /// the divisors every result equals cute-dynamic's (and the law), or is
    /// a named error; gap-free operands are always `Ok`.
    #[test]
    fn divisor_leaves_match_dynamic(mq in 1usize..12, nq in 1usize..10, ld in 0usize..3000, k in 1usize..20000) {
        let (m, n) = (128 * mq, 8 * nq);
        let col = layout!(({m:128}, {n:8}):(1, {m})).unwrap();
        let strided = layout!(({m:128}, {n:8}):({ld}, 1)).unwrap();
        let leaf_ok = |s: usize, d: usize, c: usize| s == 1 || d <= 1 || d >= c;
        // Mode 1 `n:m` times `2:1`: one leaf since `m ≥ 128 ≥ 2`.
        prop_assert!(product!(col, logical_product, tiler!(<4, 2>), "<4,2>"));
        prop_assert_eq!(product!(layout!(({n:8}):({m:128})).unwrap(), logical_product, tiler!(<256>), "<256>"), leaf_ok(n, m, 256));
        prop_assert!(product!(col, logical_product, layout!((4, 2):(1, 4)), "(4,2):(1,4)"));
        prop_assert!(product!(col, zipped_product, tiler!((2, 3):(3, 1)), "(2,3):(3,1)"));
        prop_assert!(product!(col, tiled_product, tiler!(<8>), "<8>"));
        prop_assert!(zip_product!(col, blocked_product, layout!((2, 4):(1, 2))));
        prop_assert!(zip_product!(col, raked_product, layout!((3, 2):(2, 1))));
        product!(strided, flat_product, tiler!(<2, 4>), "<2,4>");
        zip_product!(strided, blocked_product, layout!((2, 3):(1, 2)));
        // A divisor stride under a static shape.
        let b = layout!((4, {n:8}):({m:128}, 1)).unwrap();
        product!(b, logical_product, tiler!(<2, 4>), "<2,4>");
        zip_product!(b, raked_product, layout!((2, 2):(1, 2)));
        // `(complement(A, k) is Ok, right_inverse(A) is Ok)`.
        macro_rules! complement_and_inverse {
            ($a:expr, $reversed:expr) => {{
                let a = $a;
                let d = a.to_dynamic();
                let ok = same("complement", &d, &k.to_string(), a.complement(Dyn(k)).map(|r| r.to_dynamic()), cute_dynamic::complement(&d, k as i64))?;
                same("complement", &d, "256", a.complement(C::<256>).map(|r| r.to_dynamic()), cute_dynamic::complement(&d, 256))?;
                let theirs = cute_dynamic::right_inverse(&d);
                let want = expected_inverse_structure(&theirs, $reversed);
                let inv = same("right_inverse", &d, "", a.right_inverse().map(|r| r.to_dynamic()), theirs)?;
                // Ours errs exactly where CuTe's inverse has another structure.
                prop_assert_eq!(inv, want, "{}", d);
                (ok, inv)
            }};
        }
        // Compact: gap-free, one-leaf complement and inverse.
        prop_assert_eq!(complement_and_inverse!(col, false), (true, true));
        complement_and_inverse!(strided, true);
        complement_and_inverse!(b, true);
        // The `DynDiv` values are the ones given.
        let (s0, s1): (DynDiv<128>, DynDiv<8>) = *col.shape();
        prop_assert_eq!((s0.get(), s1.get()), (m, n));
    }

    /// Static leaves of any value (`Dec`, e.g. `_11008`) beside run-time
    /// leaves: the same cross-check.
    #[test]
    fn big_static_leaves_match_dynamic(m in 1usize..40, k in 1usize..50000) {
        let row = layout!(({m}, 11008):(11008, 1)).unwrap();
        let col = layout!((11008, {m})).unwrap();
        prop_assert!(product!(row, logical_product, layout!((4, 2):(1, 4)), "(4,2):(1,4)"));
        product!(row, logical_product, tiler!(<4, 2>), "<4,2>");
        prop_assert!(product!(col, zipped_product, tiler!(<2, 4>), "<2,4>"));
        prop_assert!(zip_product!(row, blocked_product, layout!((2, 4):(1, 2))));
        prop_assert!(zip_product!(col, raked_product, layout!((2, 4):(4, 1))));
        let d = row.to_dynamic();
        prop_assert!(same("complement", &d, &k.to_string(), row.complement(Dyn(k)).map(|r| r.to_dynamic()), cute_dynamic::complement(&d, k as i64))?);
        let d = col.to_dynamic();
        prop_assert!(same("complement", &d, &k.to_string(), col.complement(Dyn(k)).map(|r| r.to_dynamic()), cute_dynamic::complement(&d, k as i64))?);
        let inv = same("right_inverse", &d, "", col.right_inverse().map(|r| r.to_dynamic()), cute_dynamic::right_inverse(&d))?;
        prop_assert!(inv, "{}", d);
        let d = row.to_dynamic();
        let theirs = cute_dynamic::right_inverse(&d);
        let want = expected_inverse_structure(&theirs, true);
        prop_assert_eq!(same("right_inverse", &d, "", row.right_inverse().map(|r| r.to_dynamic()), theirs)?, want);
    }
}

/// Whether cute-dynamic's right inverse has the structure the mixed rule
/// gives: one leaf, or for the reversed rank-2 rule (`(s0, s1):(d0, _1)`)
/// a flat pair.
fn expected_inverse_structure(
    theirs: &Result<DLayout, cute_dynamic::LayoutError>,
    reversed: bool,
) -> bool {
    theirs.as_ref().is_ok_and(|t| {
        if reversed {
            t.rank() == 2 && t.depth() == 1
        } else {
            t.rank() == 1 && t.depth() == 0
        }
    })
}

/// Fully static operands stay static (the static algebra's types).
#[test]
fn static_operands_stay_static() {
    let a: cute_static::layout::MixedLayout<_, _> = layout!((4, 8):(8, 1)).into();
    let r = a.right_inverse().unwrap();
    assert_eq!(r.to_string(), "(_8,_4):(_4,_1)");
    let q = a.zipped_divide(layout!(4:1)).unwrap();
    assert_eq!(
        q.to_dynamic(),
        cute_dynamic::zipped_divide(&a.to_dynamic(), &"4:1".parse::<DLayout>().unwrap()).unwrap()
    );
    let c = a.complement(C::<64>).unwrap();
    assert_eq!(c.to_string(), "_2:_32");
    let q = a.logical_divide(layout!((4, 2):(1, 8))).unwrap();
    assert_eq!(
        q.to_dynamic(),
        cute_dynamic::logical_divide(&a.to_dynamic(), &"(4,2):(1,8)".parse::<DLayout>().unwrap())
            .unwrap()
    );
    assert_eq!(core::mem::size_of_val(&q), 0);
    let p = a.logical_product(tiler!(<2, 2>)).unwrap();
    assert_eq!(
        p.to_dynamic(),
        cute_dynamic::logical_product(
            &a.to_dynamic(),
            &"<2,2>".parse::<cute_dynamic::Tiler>().unwrap()
        )
        .unwrap()
    );
    let b = a.blocked_product(layout!((2, 2):(1, 2))).unwrap();
    assert_eq!(
        b.to_dynamic(),
        cute_dynamic::blocked_product(&a.to_dynamic(), &"(2,2):(1,2)".parse().unwrap()).unwrap()
    );
    assert_eq!(core::mem::size_of_val(&b), 0);
}

/// Inadmissible values are named errors, with the requirement in the text.
#[test]
fn inadmissible_values_are_named_errors() {
    let (m, n) = (6usize, 5usize);
    let e = layout!(({m}):(2)).unwrap().complement(C::<64>).unwrap_err();
    assert_eq!(e.kind(), "value_dependent_structure");
    assert!(e.to_string().contains("one leaf"), "{e}");
    let e = layout!(({m}, {n}):(100, 1))
        .unwrap()
        .right_inverse()
        .unwrap_err();
    assert_eq!(e.kind(), "value_dependent_structure");
    let e = layout!(({m}, {n}):(1, 100))
        .unwrap()
        .logical_product(layout!(4:1))
        .unwrap_err();
    assert_eq!(e.kind(), "value_dependent_structure");
    let e = layout!(({m}, 2):(1, {m}))
        .unwrap()
        .logical_divide(layout!((4, 2):(1, 8)))
        .unwrap_err();
    assert_eq!(e.kind(), "value_dependent_structure");
    assert!(e.to_string().contains("size(A) > the extent P"), "{e}");
    let big = 1usize << 50;
    let e = layout!(({big}):(1))
        .unwrap()
        .logical_product(tiler!(<(1024, 1024):(1, 1024)>))
        .unwrap_err();
    assert_eq!(e.kind(), "overflow");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `complement` decided by the divisors (static strides, shapes static
    /// or `DynDiv<D ≥ 2>`): proven layouts are `Ok` for every value and
    /// equal to cute-dynamic (no run-time check); open ones are checked at
    /// run time (`Ok` equal to cute-dynamic, or `value_dependent_structure`
    /// exactly where CuTe's complement is not one leaf). The refuted
    /// `complement((m,4):(1,200))` is the ui case
    /// `ui-tests/tests/ui/fail/mixed_complement_refuted.rs`.
    #[test]
    fn divisor_decided_complement(mq in 1usize..12, k in 1usize..40000) {
        let m = 128 * mq;
        // Proven: `4:1` then `m:4` is contiguous for every m.
        let proven = layout!((4, {m:128}):(1, 4)).unwrap();
        let d = proven.to_dynamic();
        prop_assert!(same("complement", &d, &k.to_string(), proven.complement(Dyn(k)).map(|r| r.to_dynamic()), cute_dynamic::complement(&d, k as i64))?);
        prop_assert!(same("complement", &d, "4096", proven.complement(C::<4096>).map(|r| r.to_dynamic()), cute_dynamic::complement(&d, 4096))?);
        // Proven, with a broadcast mode and a size-1 mode dropped.
        let bcast = layout!(({m:128}, 3, 1, 8):(1, 0, 7, {m})).unwrap();
        let d = bcast.to_dynamic();
        same("complement", &d, &k.to_string(), bcast.complement(Dyn(k)).map(|r| r.to_dynamic()), cute_dynamic::complement(&d, k as i64))?;
        // Open: `m:1` then `4:256` needs m = 256 (128 | 256 leaves it open).
        let open = layout!(({m:128}, 4):(1, 256)).unwrap();
        let d = open.to_dynamic();
        let ok = same("complement", &d, &k.to_string(), open.complement(Dyn(k)).map(|r| r.to_dynamic()), cute_dynamic::complement(&d, k as i64))?;
        prop_assert_eq!(ok, m == 256);
        // Open: a first gap (stride 2) leaves the cotarget to run time.
        let gap = layout!((4, {m:128}):(2, 8)).unwrap();
        let d = gap.to_dynamic();
        let ok = same("complement", &d, &k.to_string(), gap.complement(Dyn(k)).map(|r| r.to_dynamic()), cute_dynamic::complement(&d, k as i64))?;
        prop_assert_eq!(ok, k <= 4 * m * 2);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `tiled_product`/`flat_product` by one whole static layout (bare or
    /// `tiler!(B)`): `zipped_product` regrouped as CuTe regroups it, equal
    /// to cute-dynamic and the laws, or the zipped product's named error.
    #[test]
    fn whole_layout_tiled_and_flat_products(m in 1usize..40, n in 1usize..20, ld in 0usize..60) {
        let col = layout!(({m}, {n}):(1, {m})).unwrap();
        let strided = layout!(({m}, {n}):(1, {ld})).unwrap();
        let leaf = layout!({m}:1).unwrap();
        prop_assert!(product!(col, tiled_product, layout!((4, 2):(1, 4)), "(4,2):(1,4)"));
        prop_assert!(product!(col, flat_product, layout!((4, 2):(2, 1)), "(4,2):(2,1)"));
        prop_assert!(product!(col, tiled_product, tiler!((2, 3):(3, 1)), "(2,3):(3,1)"));
        prop_assert!(product!(col, flat_product, tiler!(8:1), "8:1"));
        prop_assert!(product!(leaf, flat_product, layout!((2, 4):(1, 2)), "(2,4):(1,2)"));
        prop_assert!(product!(leaf, tiled_product, layout!(3:1), "3:1"));
        product!(strided, tiled_product, layout!((4, 2):(1, 4)), "(4,2):(1,4)");
        product!(strided, flat_product, layout!(4:2), "4:2");
        let t = col.tiled_product(layout!((4, 2):(1, 4))).unwrap();
        prop_assert_eq!(t.structure().to_string(), "((?,?),_4,_2):((_1,?),?,?)");
        let f = col.flat_product(layout!((4, 2):(1, 4))).unwrap();
        prop_assert_eq!(f.structure().to_string(), "(?,?,_4,_2):(_1,?,?,?)");
    }
}

/// A whole static layout whose gap is beyond the readable constants (a
/// `Dec` leaf, `11008`): the divides by it equal cute-dynamic's.
#[test]
fn whole_layout_divide_with_a_big_static_gap() {
    let b: DLayout = "(2,2):(1,22016)".parse().unwrap();
    for m in [44033usize, 100000] {
        let a = layout!(({m}):(3)).unwrap();
        let q = a.logical_divide(layout!((2, 2):(1, 22016))).unwrap();
        assert_eq!(
            q.to_dynamic(),
            cute_dynamic::logical_divide(&a.to_dynamic(), &b).unwrap()
        );
        let f = a.flat_divide(layout!((2, 2):(1, 22016))).unwrap();
        assert_eq!(
            f.to_dynamic(),
            cute_dynamic::flat_divide(&a.to_dynamic(), &b).unwrap()
        );
    }
    let a = layout!(({44032}):(1)).unwrap();
    let e = a.zipped_divide(layout!((2, 2):(1, 22016))).unwrap_err();
    assert_eq!(e.kind(), "value_dependent_structure");
}
