//! Common vectors (docs/semantics/algebra.md#max-common-layout-and-vector, Cecka §3.4.2): `max_common_layout(A, B)` is the
//! largest layout `R` such that `A(R(k)) == k` and `B(R(k)) == k` for
//! `k < size(R)` (a contiguous vector both layouts agree on), and
//! `max_common_vector(A, B)` its size: how many elements can be moved with
//! one vector instruction between tensors with these layouts.
//!
//! Contract checked by `cute_tools::laws::check_max_common_{layout,vector}`.
//!
//! ```
//! use cute_dynamic::{max_common_vector, Layout};
//! let a: Layout = "(4,8):(1,4)".parse()?;
//! let b: Layout = "(4,8):(1,8)".parse()?;
//! assert_eq!(max_common_vector(&a, &b)?, 4);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::algebra::coalesce::coalesce_ref;
use crate::algebra::composition::compose;
use crate::algebra::inverse::right_inverse;
use crate::data::layout::Layout;
use crate::error::LayoutError;

/// `B⁻¹` restricted to the leading stride-1 mode of `coalesce(A ∘ B⁻¹)`,
/// or `1:0` when there is none.
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    let inv_b = right_inverse(b)?;
    let common = coalesce_ref(compose(a.as_ref(), inv_b.as_ref())?.as_ref());
    let first = common
        .as_ref()
        .mode(0)
        .expect("coalesced layouts have a mode 0");
    if first.stride.as_int() == Some(1) {
        compose(inv_b.as_ref(), first.to_owned().as_ref())
    } else {
        Ok(Layout::int(1, 0))
    }
}

/// Size of the leading stride-1 mode of `coalesce(A ∘ B⁻¹)` (1 if none).
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<i64, LayoutError> {
    let common = coalesce_ref(compose(a.as_ref(), right_inverse(b)?.as_ref())?.as_ref());
    let first = common
        .as_ref()
        .mode(0)
        .expect("coalesced layouts have a mode 0");
    Ok(if first.stride.as_int() == Some(1) {
        first.size()
    } else {
        1
    })
}
