//! The three kinds of layout answer the same: each operation's module
//! (`coalesce`, `composition`, `complement`, `divides`, `products`,
//! `right_inverse`, `left_inverse`) holds its cases as a `three_kinds`
//! function, which this test runs: each case goes through cute-static
//! (`layout!`/`tiler!` values, the algebra by trait resolution), the mixed
//! layer where the operation exists there (the same values with some leaves
//! `{x}` known only at run time), and cute-dynamic (the run-time algebra,
//! through `apply`). The three results must be equal (via `to_dynamic()`)
//! and satisfy the operation's law (`cute_tools::laws`, the one contract).
//! `one!` and `two!` (exported to the modules declared after this one) run
//! a unary and a binary case.
//!
//! Mixed operands avoid size-1 modes next to run-time leaves: a known
//! difference of the mixed layer in the strides it gives such modes.

use cute_dynamic::Layout as DLayout;
use cute_static::C;
use cute_tools::apply;

/// A static operand as a run-time value.
pub(crate) trait ToDyn {
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
pub(crate) struct Tally {
    pub(crate) cases: usize,
    pub(crate) mixed: usize,
    per_op: std::collections::BTreeMap<&'static str, usize>,
}

impl Tally {
    /// Compare the static (and mixed) result with cute-dynamic's and check
    /// the law.
    pub(crate) fn check(
        &mut self,
        method: &'static str,
        args: &[String],
        s: DLayout,
        m: Option<DLayout>,
    ) {
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
        let mixed: Option<::cute_dynamic::Layout> = None $(.or_else(|| {
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
        let mixed: Option<::cute_dynamic::Layout> = None $(.or_else(|| {
            let m = $m.expect("a valid mixed operand");
            assert_eq!(m.to_dynamic(), a.to_dynamic(), "mixed operand vs static operand");
            Some(m.$op(b).expect("a mixed result").to_dynamic())
        }))?;
        let args = [a.to_dynamic().to_string(), $crate::three_kinds::ToDyn::to_dyn(&b).to_string()];
        $t.check(stringify!($op), &args, s, mixed);
    }};
}

#[test]
fn three_kinds_agree() {
    let mut t = Tally::default();
    crate::coalesce::three_kinds(&mut t);
    crate::composition::three_kinds(&mut t);
    crate::complement::three_kinds(&mut t);
    crate::divides::three_kinds(&mut t);
    crate::products::three_kinds(&mut t);
    crate::right_inverse::three_kinds(&mut t);
    crate::left_inverse::three_kinds(&mut t);

    println!(
        "{} cases ({} also through the mixed layer): {:?}",
        t.cases, t.mixed, t.per_op
    );
    assert_eq!((t.cases, t.mixed), (61, 23));
}
