//! Static vs dynamic: every case computes with cute-static, converts the
//! result with `to_dynamic()`, and compares it with cute-dynamic's result
//! and with the oracle's expected string; the static printing must be the
//! same string with `_` before each integer, and the result zero-sized.
//! Every static result also satisfies its operation's law
//! (`cute_tools::laws`). The cases are valid oracle cases that fit the
//! static crate
//! (`tests/generated/oracle_cases.rs`, from cute-tools' `examples/gen_cross_check.rs`).
use cute_static::{C, layout, tiler};

/// The static operands as run-time values.
trait ToDyn {
    type Out;
    fn to_dyn(&self) -> Self::Out;
}
impl<S, D> ToDyn for cute_static::Layout<S, D>
where
    Self: cute_static::layout::StaticLayout,
{
    type Out = cute_dynamic::Layout;
    fn to_dyn(&self) -> Self::Out {
        self.to_dynamic()
    }
}
impl<T: cute_static::layout::TilerMode> ToDyn for cute_static::Tiler<T> {
    type Out = cute_dynamic::Tiler;
    fn to_dyn(&self) -> Self::Out {
        self.to_dynamic()
    }
}
impl<const N: usize> ToDyn for C<N> {
    type Out = i64;
    fn to_dyn(&self) -> i64 {
        N as i64
    }
}

/// cute-dynamic's operations with uniform signatures.
mod dynamic {
    use cute_dynamic::{Layout, LayoutError};
    pub use cute_dynamic::{
        blocked_product, composition, left_inverse, logical_divide, logical_product, raked_product,
        right_inverse, tiled_divide, tiled_product, zipped_divide, zipped_product,
    };
    pub fn complement(a: &Layout, m: &i64) -> Result<Layout, LayoutError> {
        cute_dynamic::complement(a, *m)
    }
    pub fn coalesce(a: &Layout) -> Result<Layout, LayoutError> {
        Ok(cute_dynamic::coalesce(a))
    }
}

macro_rules! cross {
    ($id:literal, $m:ident($a:expr $(, $b:expr)?), $f:path, $expected:literal) => {{
        let a = $a;
        let r = a.$m($($b)?);
        let want = $f(&a.to_dynamic() $(, &ToDyn::to_dyn(&$b))?)
            .unwrap_or_else(|e| panic!("{}: cute-dynamic failed: {e}", $id));
        let got = r.to_dynamic();
        assert_eq!(got.to_string(), $expected, "{}: static result vs oracle", $id);
        assert_eq!(got, want, "{}: static result vs cute-dynamic", $id);
        assert_eq!(r.to_string().replace('_', ""), $expected, "{}: static printing", $id);
        assert_eq!(core::mem::size_of_val(&r), 0, "{}", $id);
        // The static result satisfies the operation's law.
        let op = match stringify!($m) {
            "compose" => "composition",
            other => other,
        };
        let args = [a.to_dynamic().to_string() $(, ToDyn::to_dyn(&$b).to_string())?];
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        if let Err(v) = cute_tools::check_law(op, &args, &got.to_string()) {
            panic!("{}: {v}", $id);
        }
    }};
}

include!("generated/oracle_cases.rs");

/// The Cecka paper's worked examples (§3.3, Table 4, Tables 5-6, §3.5), static
/// vs dynamic vs the answer the run-time tests check.
#[test]
fn paper_examples() {
    cross!(
        "3.3 6:12",
        compose(layout!((4, 6, 8, 10):(2, 3, 5, 7)), layout!(6:12)),
        dynamic::composition,
        "(2,3):(9,5)"
    );
    cross!(
        "3.3 3:3",
        compose(layout!((4, 2, 8):(3, 12, 97)), layout!(3:3)),
        dynamic::composition,
        "3:9"
    );
    cross!(
        "3.3 7:11",
        compose(layout!(7:11), layout!((3, 5):(6, 3))),
        dynamic::composition,
        "(3,5):(66,33)"
    );
    cross!(
        "T4 row",
        compose(layout!((8, 8):(8, 1)), layout!(((4, 8), 2):((16, 1), 8))),
        dynamic::composition,
        "((4,8),2):((2,8),1)"
    );
    cross!(
        "T4 padded",
        compose(layout!((8, 8):(1, 9)), layout!(((4, 8), 2):((16, 1), 8))),
        dynamic::composition,
        "((4,8),2):((18,1),9)"
    );
    cross!(
        "T4 interleaved",
        compose(
            layout!(((4, 2), (2, 4)):((2, 16), (1, 8))),
            layout!(((4, 8), 2):((16, 1), 8))
        ),
        dynamic::composition,
        "((4,(4,2)),2):((8,(2,16)),1)"
    );
    cross!(
        "T5 (4,8):(8,1)",
        right_inverse(layout!((4, 8):(8, 1))),
        dynamic::right_inverse,
        "(8,4):(4,1)"
    );
    cross!(
        "T5 (3,7,5)",
        right_inverse(layout!((3, 7, 5):(5, 15, 1))),
        dynamic::right_inverse,
        "(5,21):(21,1)"
    );
    cross!(
        "T6 (4,8):(1,5)",
        left_inverse(layout!((4, 8):(1, 5))),
        dynamic::left_inverse,
        "(5,8):(1,4)"
    );
    cross!(
        "3.5.1 product",
        logical_product(layout!((3, 4):(4, 1)), tiler!((2, 5):(1, 2))),
        dynamic::logical_product,
        "((3,4),(2,5)):((4,1),(12,24))"
    );
    cross!(
        "3.5.1 product 2",
        logical_product(layout!((4, 8):(20, 2)), tiler!((3, 2):(2, 1))),
        dynamic::logical_product,
        "((4,8),(3,2)):((20,2),(80,1))"
    );
    cross!(
        "3.5.1 blocked",
        blocked_product(layout!((3, 4):(4, 1)), layout!((2, 5):(1, 2))),
        dynamic::blocked_product,
        "((3,2),(4,5)):((4,12),(1,24))"
    );
    cross!(
        "3.5.2 divide",
        logical_divide(layout!(48:1), tiler!(32:1)),
        dynamic::logical_divide,
        "(32,2):(1,32)"
    );
    cross!(
        "3.5.2 by mode",
        logical_divide(layout!((8, 16):(20, 1)), tiler!(<4:1, 8:2>)),
        dynamic::logical_divide,
        "((4,2),(8,2)):((20,80),(2,1))"
    );
}
