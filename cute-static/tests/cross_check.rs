//! Static vs dynamic: every case computes with cute-static, converts the
//! result with `to_dynamic()`, and compares it with cute-dynamic's result
//! and with the oracle's expected string; the static printing must be the
//! same string with `_` before each integer, and the result zero-sized.
//! The cases are valid oracle cases that fit the static crate
//! (`tests/generated/oracle_cases.rs`, from `examples/gen_cross_check.rs`).
use cute_static::{C, layout, tiler};

/// The static operands as run-time values.
trait ToDyn {
    type Out;
    fn to_dyn(&self) -> Self::Out;
}
impl<S, D> ToDyn for cute_static::Layout<S, D>
where
    Self: cute_static::StaticLayout,
{
    type Out = cute_dynamic::Layout;
    fn to_dyn(&self) -> Self::Out {
        self.to_dynamic()
    }
}
impl<T: cute_static::TilerMode> ToDyn for cute_static::Tiler<T> {
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
        blocked_product, coalesce, composition, left_inverse, logical_divide, logical_product,
        raked_product, right_inverse, tiled_divide, tiled_product, zipped_divide, zipped_product,
    };
    pub fn complement(a: &Layout, m: &i64) -> Result<Layout, LayoutError> {
        cute_dynamic::complement(a, *m)
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
    }};
}

include!("generated/oracle_cases.rs");
