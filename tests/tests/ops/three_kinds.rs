//! The three kinds of layout answer the same: every shared case runs through
//! cute-static (`layout!`/`tiler!` values, the algebra by trait
//! resolution), the mixed layer where the operation exists there (the same
//! values with some leaves `{x}` known only at run time), and cute-dynamic
//! (the run-time algebra, through `apply`). The three results must be equal
//! (via `to_dynamic()`) and satisfy the operation's law
//! (`cute_tools::laws`, the one contract).
//!
//! Mixed operands avoid size-1 modes next to run-time leaves: a known
//! difference of the mixed layer in the strides it gives such modes.

use cute_dynamic::Layout as DLayout;
use cute_static::{C, layout, tiler};
use cute_tools::apply;

/// A static operand as a run-time value.
trait ToDyn {
    type Out: std::fmt::Display;
    fn to_dyn(&self) -> Self::Out;
}
impl<S, D> ToDyn for cute_static::Layout<S, D>
where
    Self: cute_static::layout::StaticLayout,
{
    type Out = DLayout;
    fn to_dyn(&self) -> DLayout {
        self.to_dynamic()
    }
}
impl<T: cute_static::layout::TilerMode> ToDyn for cute_static::Tiler<T> {
    type Out = cute_dynamic::Tiler;
    fn to_dyn(&self) -> cute_dynamic::Tiler {
        self.to_dynamic()
    }
}
impl<const N: usize> ToDyn for C<N> {
    type Out = i64;
    fn to_dyn(&self) -> i64 {
        N as i64
    }
}

/// How many cases ran, and how many of them through the mixed layer.
#[derive(Default)]
struct Tally {
    cases: usize,
    mixed: usize,
    per_op: std::collections::BTreeMap<&'static str, usize>,
}

impl Tally {
    /// Compare the static (and mixed) result with cute-dynamic's and check
    /// the law.
    fn check(&mut self, method: &'static str, args: &[String], s: DLayout, m: Option<DLayout>) {
        let op = match method {
            "compose" => "composition",
            other => other,
        };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let case = format!("{op}{args:?}");
        let d: DLayout = apply(op, &args)
            .unwrap_or_else(|e| panic!("{case}: cute-dynamic fails: {e}"))
            .parse()
            .expect("a layout");
        assert_eq!(s, d, "{case}: static vs run-time");
        if let Some(m) = m {
            assert_eq!(m, d, "{case}: mixed vs run-time");
            self.mixed += 1;
        }
        if let Err(v) = cute_tools::check_law(op, &args, &d.to_string()) {
            panic!("{case}: {v}");
        }
        self.cases += 1;
        *self.per_op.entry(op).or_default() += 1;
    }
}

/// A unary operation: static, run-time, and the mixed layer on the mixed
/// operand `$m` when given.
macro_rules! one {
    ($t:ident, $op:ident($a:expr) $(, mixed $m:expr)?) => {{
        let a = $a;
        let s = a.$op().to_dynamic();
        let mixed: Option<DLayout> = None $(.or_else(|| {
            let m = $m.expect("a valid mixed operand");
            assert_eq!(m.to_dynamic(), a.to_dynamic(), "mixed operand vs static operand");
            Some(m.$op().expect("a mixed result").to_dynamic())
        }))?;
        $t.check(stringify!($op), &[a.to_dynamic().to_string()], s, mixed);
    }};
}

/// A binary operation: static, run-time, and the mixed layer on the mixed
/// operand `$m` (the same values, some run-time) when given.
macro_rules! two {
    ($t:ident, $op:ident($a:expr, $b:expr) $(, mixed $m:expr)?) => {{
        let (a, b) = ($a, $b);
        let s = a.$op(b).to_dynamic();
        let mixed: Option<DLayout> = None $(.or_else(|| {
            let m = $m.expect("a valid mixed operand");
            assert_eq!(m.to_dynamic(), a.to_dynamic(), "mixed operand vs static operand");
            Some(m.$op(b).expect("a mixed result").to_dynamic())
        }))?;
        let args = [a.to_dynamic().to_string(), ToDyn::to_dyn(&b).to_string()];
        $t.check(stringify!($op), &args, s, mixed);
    }};
}

#[test]
fn three_kinds_agree() {
    let mut t = Tally::default();
    // Run-time values of the mixed operands.
    let (m8, n8, n9, n10, n12) = (8usize, 8usize, 9usize, 10usize, 12usize);
    let (m16, n24, m40, m64, n32, n48, ld32) = (
        16usize, 24usize, 40usize, 64usize, 32usize, 48usize, 32usize,
    );
    let (m2, m3, m4, m6) = (2usize, 3usize, 4usize, 6usize);
    let (m100, n70, m37, n5, n7, ld84, k3, m200, ld288) = (
        100usize, 70usize, 37usize, 5usize, 7usize, 84usize, 3usize, 200usize, 288usize,
    );

    // Coalesce.
    one!(t, coalesce(layout!((2, (1, 6)):(1, (6, 2)))));
    one!(
        t,
        coalesce(layout!(((2, 5), 8, 1, 6):((240, 8), 1, 480, 40)))
    );
    one!(t, coalesce(layout!((4, (8, 8, 3)):(1, (4, 32, 256)))));
    one!(t, coalesce(layout!((1, 1):(3, 5))));
    one!(t, coalesce(layout!((4, 2, 8):(3, 12, 97))));
    one!(
        t,
        coalesce(layout!(((2, 2), (2, 2), 3):((1, 2), (4, 8), 16)))
    );

    // Composition (the mixed layer composes with by-mode tilers).
    two!(
        t,
        compose(layout!((4, 6, 8, 10):(2, 3, 5, 7)), layout!(6:12))
    );
    two!(
        t,
        compose(layout!((8, 8):(8, 1)), layout!(((4, 8), 2):((16, 1), 8)))
    );
    two!(t, compose(layout!(24:3), layout!((4, 6):(1, 4))));
    two!(
        t,
        compose(layout!((8, 16):(5, 40)), layout!((2, 2):(64, 8)))
    );
    two!(t, compose(layout!((12, 15):(8, 96)), tiler!((12, 15))));
    two!(t, compose(layout!((16, 24):(1, 16)), tiler!(<16, 8>)),
        mixed layout!(({m16}, {n24}):(1, {m16})));
    two!(t, compose(layout!((40, 8):(1, 40)), tiler!(<(2, 4):(1, 8), 4:2>)),
        mixed layout!(({m40}, 8):(1, {m40})));
    two!(t, compose(layout!((64, 32):(32, 1)), tiler!(<(2, 4):(1, 8), 4:2>)),
        mixed layout!(({m64}, {n32}):({ld32}, 1)));
    two!(t, compose(layout!(((4, 6), 12, 10):((1, 4), 24, 288)), tiler!(<(2, 3):(1, 4), 2:1>)),
        mixed layout!(((4, 6), {n12}, {n10}):((1, 4), 24, {ld288})));

    // Complement.
    two!(t, complement(layout!(4:32), C::<256>));
    two!(t, complement(layout!((2, 2):(0, 4)), C::<16>));
    two!(t, complement(layout!((16, (2, 4)):(1, (16, 32))), C::<256>),
        mixed layout!(({m16}, (2, 4)):(1, (16, 32))));
    two!(
        t,
        complement(layout!((4, (2, 12), 4):(1, (0, 4), 96)), C::<336>)
    );
    two!(t, complement(layout!((2, 4):(1, 6)), C::<48>));
    two!(t, complement(layout!((4, 8):(8, 1)), C::<64>),
        mixed layout!(({m4}, 8):(8, 1)));
    two!(t, complement(layout!((6, 4):(4, 1)), C::<96>),
        mixed layout!(({m6}, 4):({m4}, 1)));

    // Divides.
    two!(t, logical_divide(layout!(48:1), tiler!(32:1)));
    two!(
        t,
        logical_divide(layout!((8, 16):(20, 1)), tiler!(<4:1, 8:2>))
    );
    two!(t, logical_divide(layout!((8, 8):(1, 8)), tiler!(<2:1, 4:1>)),
        mixed layout!(({m8}, {n8}):(1, {m8})));
    two!(t, zipped_divide(layout!((64, 48):(1, 64)), tiler!(<16, 16>)),
        mixed layout!(({m64}, {n48}):(1, {m64})));
    two!(t, zipped_divide(layout!((100, 70):(1, 100)), tiler!(<16, 16>)),
        mixed layout!(({m100}, {n70}):(1, {m100})));
    two!(t, tiled_divide(layout!((37, 5):(1, 37)), tiler!(<4:1, 2>)),
        mixed layout!(({m37}, {n5}):(1, {m37})));
    two!(t, zipped_divide(layout!((8, 9):(1, 8)), tiler!(<4, 4>)),
        mixed layout!((8, {n9}):(1, 8)));
    two!(t, logical_divide(layout!(((4, 6), 10):((1, 4), 24)), tiler!(<2:1, 4>)),
        mixed layout!(((4, 6), {n10}):((1, 4), 24)));
    two!(t, zipped_divide(layout!((12, 7, 4):(1, 12, 84)), tiler!(<4:1, 8, 2>)),
        mixed layout!((12, {n7}, 4):(1, 12, {ld84})));
    two!(t, tiled_divide(layout!((64, 48, 3):(1, 64, 0)), tiler!(<32>)),
        mixed layout!(({m64}, {n48}, {k3}):(1, {m64}, 0)));
    two!(t, tiled_divide(layout!((200):(3)), tiler!(<32>)),
        mixed layout!(({m200}):(3)));
    two!(t, flat_divide(layout!((4, 6):(1, 4)), tiler!(<2:1, 3:1>)));
    two!(
        t,
        zipped_divide(layout!((4, (2, 8, 4)):(1, (4, 8, 64))), tiler!(<4:1, 8:8>))
    );
    two!(
        t,
        tiled_divide(layout!(((4), 4, (2, 4)):((7), 5, (0, 32))), tiler!(2:2))
    );
    two!(t, logical_divide(layout!((7, 4):(1, 11)), tiler!((7))));

    // Products.
    two!(t, logical_product(layout!((3, 4):(4, 1)), tiler!((2, 5):(1, 2))),
        mixed layout!(({m3}, 4):(4, 1)));
    two!(t, zipped_product(layout!((40, 8):(1, 40)), tiler!(<4, 2>)),
        mixed layout!(({m40}, 8):(1, {m40})));
    two!(t, flat_product(layout!((5, 6):(6, 1)), tiler!(<2:3, 8>)),
        mixed layout!(({n5}, {m6}):({m6}, 1)));
    two!(
        t,
        logical_product(layout!((4, 8):(20, 2)), tiler!((3, 2):(2, 1)))
    );
    two!(t, logical_product(layout!(128:1), tiler!(4:32)));
    two!(t, blocked_product(layout!((3, 4):(4, 1)), layout!((2, 5):(1, 2))),
        mixed layout!(({m3}, 4):(4, 1)));
    two!(
        t,
        blocked_product(layout!((2, 2):(1, 2)), layout!((3, 4):(1, 3)))
    );
    two!(t, raked_product(layout!((2, 2):(1, 2)), layout!((3, 4):(1, 3))),
        mixed layout!(({m2}, 2):(1, {m2})));
    two!(
        t,
        raked_product(
            layout!((8, (1, 2)):(2, (2, 1))),
            layout!(((2), (7)):((1), (2)))
        )
    );
    two!(
        t,
        zipped_product(layout!((9, (4)):(1, (0))), tiler!((8, 8):(1, 8)))
    );
    two!(
        t,
        tiled_product(layout!(8:1), tiler!((3, 16, 6):(96, 6, 1)))
    );
    two!(
        t,
        flat_product(layout!((2, 2):(1, 2)), tiler!((3, 4):(1, 3)))
    );
    two!(
        t,
        zipped_product(
            layout!(((8, 2), 1):((2, 1), 1)),
            tiler!(<4:1, ((8), (2)):((32), (16))>)
        )
    );

    // Inverses.
    one!(t, right_inverse(layout!((4, 8):(8, 1))),
        mixed layout!(({m4}, 8):(8, 1)));
    one!(t, right_inverse(layout!((3, 7, 5):(5, 15, 1))));
    one!(t, right_inverse(layout!((2, (3, 4)):(12, (1, 3)))));
    one!(t, right_inverse(layout!((4, 8, 3):(1, 4, 64))),
        mixed layout!(({m4}, 8, 3):(1, {m4}, 64)));
    one!(t, left_inverse(layout!((4, 8):(1, 5))));
    one!(t, left_inverse(layout!((11, (16, 4)):(64, (4, 1)))));
    one!(t, left_inverse(layout!((5, 15, 13):(2, 130, 10))));

    // Negative static strides (static and run-time only: a mixed layout's
    // static strides are non-negative).
    one!(t, coalesce(layout!(((2, 2), 3):((-1, -2), -4))));
    two!(t, compose(layout!((8, 4):(-1, 8)), layout!(8:4)));
    two!(
        t,
        compose(layout!((4, 6, 8, 10):(2, 3, 5, 7)), layout!(6:-12))
    );
    two!(t, logical_divide(layout!((8, 4):(-1, 8)), layout!(2:1)));

    println!(
        "{} cases ({} also through the mixed layer): {:?}",
        t.cases, t.mixed, t.per_op
    );
    assert_eq!((t.cases, t.mixed), (61, 23));
}

/// Size-1 modes get the same stride in all three kinds of layout: `(1,{m})`
/// is `(_1,m):(_0,_1)` in the mixed layer, as `(1,20):(0,1)` at run time.
#[test]
fn size_one_modes_next_to_run_time_leaves() {
    let mut t = Tally::default();
    let m20 = 20usize;
    two!(t, zipped_divide(layout!((1, 20)), tiler!(<1:1, 4>)),
        mixed layout!((1, {m20})));
    assert_eq!((t.cases, t.mixed), (1, 1));
}
