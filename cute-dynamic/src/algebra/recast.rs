//! Recasting layouts for a change of element size (CuTe `upcast<N>`,
//! `downcast<N>`, `recast_layout<Old, New>`), leaf by leaf, structure kept:
//!
//! * `upcast(N, L)` views `N` consecutive elements as one: a leaf `s:d`
//!   becomes `ceil_div(s, ceil_div(N, |d|)) : sign(d)·ceil_div(|d|, N)`
//!   (stride-0 leaves are kept). For a stride-1 mode whose size is a
//!   multiple of `N` this is exact: new element `j` covers old elements
//!   `N·j … N·j+N-1`.
//! * `downcast(N, L)` splits each element into `N`: a leaf with stride
//!   `±1` becomes `s·N : ±1`, any other `s : d·N`. Defining property
//!   (checked by brute force): for a layout whose first mode has stride 1,
//!   `downcast(N, L)(i) == N·L(i / N) + i mod N`.
//! * `recast_layout(old_bits, new_bits, L)`: with `new/old = num/den` in
//!   lowest terms, `upcast(num)` then `downcast(den)`.
//!
//! Contract checked by `cute_tools::laws::check_downcast`.
//!
//! ```
//! use cute_dynamic::{downcast, recast_layout, upcast, Layout};
//! let l: Layout = "(4,8):(1,4)".parse()?;           // 4×8 halves, column-major
//! assert_eq!(upcast(2, &l)?.to_string(), "(2,8):(1,2)");
//! assert_eq!(downcast(2, &l)?.to_string(), "(8,8):(1,8)");
//! assert_eq!(recast_layout(16, 32, &l)?, upcast(2, &l)?);
//! assert_eq!(recast_layout(32, 16, &l)?, downcast(2, &l)?);
//! assert_eq!(upcast(8, &"(8,64):(64,1)".parse()?)?.to_string(), "(8,8):(8,1)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use cute_core::int::{downcast_leaf, gcd, upcast_leaf};

use crate::data::layout::{Layout, replace_leaves};
use crate::error::LayoutError;
use alloc::{string::ToString, vec::Vec};

fn check_factor(op: &'static str, argument: &'static str, n: i64) -> Result<(), LayoutError> {
    if n >= 1 {
        Ok(())
    } else {
        Err(LayoutError::InvalidArgument {
            operation: op,
            argument,
            value: n.to_string(),
            reason: "must be positive".into(),
        })
    }
}

/// CuTe `upcast<N>`: view `n` consecutive elements as one.
pub fn upcast(n: i64, l: &Layout) -> Result<Layout, LayoutError> {
    check_factor("upcast", "n", n)?;
    let (shapes, strides): (Vec<i64>, Vec<i64>) =
        l.leaf_modes().map(|(s, d)| upcast_leaf(s, d, n)).unzip();
    Layout::new(
        replace_leaves(l.shape().as_ref(), shapes.into_iter()),
        replace_leaves(l.stride().as_ref(), strides.into_iter()),
    )
}

/// CuTe `downcast<N>`: split every element into `n`.
pub fn downcast(n: i64, l: &Layout) -> Result<Layout, LayoutError> {
    check_factor("downcast", "n", n)?;
    let over = || LayoutError::overflow("downcast", l);
    let mut shapes = Vec::new();
    let mut strides = Vec::new();
    for (s, d) in l.leaf_modes() {
        let (s, d) = downcast_leaf(s, d, n).ok_or_else(over)?;
        shapes.push(s);
        strides.push(d);
    }
    Layout::new(
        replace_leaves(l.shape().as_ref(), shapes.into_iter()),
        replace_leaves(l.stride().as_ref(), strides.into_iter()),
    )
}

/// CuTe `recast_layout<Old, New>` for element sizes given in bits.
pub fn recast_layout(old_bits: i64, new_bits: i64, l: &Layout) -> Result<Layout, LayoutError> {
    check_factor("recast_layout", "old_bits", old_bits)?;
    check_factor("recast_layout", "new_bits", new_bits)?;
    let g = gcd(old_bits, new_bits);
    let (num, den) = (new_bits / g, old_bits / g);
    match (num, den) {
        (1, 1) => Ok(l.clone()),
        (1, d) => downcast(d, l),
        (n, 1) => upcast(n, l),
        (n, d) => downcast(d, &upcast(n, l)?),
    }
}
