//! Copy atoms: one copy instruction as thread-value layouts over bits
//! (CUTLASS's `Copy_Traits`; [semantics](../../docs/semantics/tensors-and-atoms.md#copy-atoms)),
//! and in units of a value type through CuTe's `recast_layout<uint1_t, T>`.
//!
//! ```
//! use cute_dynamic::{copy_atom, ValueType};
//! // ldmatrix.x1: threads 0-7 give the row addresses of one 8×8 matrix of
//! // 16-bit values, every thread receives two values of one row.
//! let ldsm = copy_atom("SM75_U32x1_LDSM_N")?;
//! assert_eq!(ldsm.src_layout_bits().to_string(), "((8,4),128):((128,0),1)");
//! assert_eq!(ldsm.src_layout(ValueType::Half)?.to_string(), "((8,4),8):((8,0),1)");
//! assert_eq!(ldsm.dst_layout(ValueType::Half)?.to_string(), "(32,2):(2,1)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::fmt;

use super::copy_table;
use super::names::normalize;
use super::value_type::ValueType;
use crate::algebra::recast::recast_layout;
use crate::data::layout::Layout;
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

/// One copy instruction as CUTLASS's `Copy_Traits` describe it: `ThrID`
/// and the rank-2 `(thread, value)` layouts `SrcLayout`, `DstLayout` and
/// `RefLayout`, whose values are **bits**.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CopyAtom {
    name: String,
    thr_id: Layout,
    src: Layout,
    dst: Layout,
    reference: Layout,
}

impl CopyAtom {
    /// Builds an atom and checks it is well formed: the three layouts are
    /// rank 2, their thread modes have `size(thr_id)` threads, and the
    /// source and destination reach as many distinct bits, up to the same
    /// cosize (`ldmatrix`'s source repeats rows over the threads whose
    /// addresses it ignores, so the two sizes may differ).
    pub fn new(
        name: impl Into<String>,
        thr_id: Layout,
        [src, dst, reference]: [Layout; 3],
    ) -> Result<Self, LayoutError> {
        let name = name.into();
        let threads = thr_id.size();
        for (argument, layout) in [
            ("SrcLayout", &src),
            ("DstLayout", &dst),
            ("RefLayout", &reference),
        ] {
            let thread_mode = layout.mode(0).map(|l| l.size()).unwrap_or(0);
            if layout.rank() != 2 || thread_mode != threads {
                return Err(LayoutError::InvalidArgument {
                    operation: "copy_atom",
                    argument,
                    value: layout.to_string(),
                    reason: format!(
                        "{name}: must be a rank-2 (thread, value) layout with {threads} threads (ThrID = {thr_id})"
                    ),
                });
            }
        }
        let (src_bits, dst_bits) = (reached(&src)?, reached(&dst)?);
        if src_bits != dst_bits {
            return Err(LayoutError::InvalidArgument {
                operation: "copy_atom",
                argument: "DstLayout",
                value: dst.to_string(),
                reason: format!(
                    "{name}: reaches {} distinct bits up to {}, SrcLayout {src} reaches {} up to {}; a copy moves the same bits",
                    dst_bits.0, dst_bits.1, src_bits.0, src_bits.1
                ),
            });
        }
        Ok(Self {
            name,
            thr_id,
            src,
            dst,
            reference,
        })
    }

    /// CUTLASS's name of the atom, template arguments included.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// `ThrID`.
    pub fn thr_id(&self) -> &Layout {
        &self.thr_id
    }
    /// `SrcLayout` in bits.
    pub fn src_layout_bits(&self) -> &Layout {
        &self.src
    }
    /// `DstLayout` in bits.
    pub fn dst_layout_bits(&self) -> &Layout {
        &self.dst
    }
    /// `RefLayout` in bits.
    pub fn ref_layout_bits(&self) -> &Layout {
        &self.reference
    }

    /// `SrcLayout` in units of `t`: CuTe's `recast_layout<uint1_t, T>` of
    /// the bit layout. An error when a thread's bits do not split into
    /// whole values of `t` (see [`CopyAtom::ref_layout`]).
    pub fn src_layout(&self, t: ValueType) -> Result<Layout, LayoutError> {
        self.recast("SrcLayout", &self.src, t)
    }

    /// `DstLayout` in units of `t` (see [`CopyAtom::ref_layout`]).
    pub fn dst_layout(&self, t: ValueType) -> Result<Layout, LayoutError> {
        self.recast("DstLayout", &self.dst, t)
    }

    /// `RefLayout` in units of `t`: CuTe's `recast_layout<uint1_t, T>` of
    /// the bit layout, i.e. `upcast(bits(t), L)`. CuTe rounds a leaf that
    /// does not split into whole values (a 32-bit register read as 64-bit
    /// values becomes one value); here that is an error naming the leaf:
    /// every leaf `s:d` of non-zero stride must have `bits(t) | d`, or
    /// `d = ±1` and `bits(t) | s`.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, ValueType};
    /// let ldsm = copy_atom("SM75_U32x4_LDSM_N")?;
    /// assert_eq!(ldsm.src_layout_bits().to_string(), "(32,128):(128,1)");
    /// assert_eq!(ldsm.src_layout(ValueType::Half)?.to_string(), "(32,8):(8,1)");
    /// assert_eq!(ldsm.dst_layout(ValueType::Half)?.to_string(), "(32,(2,4)):(2,(1,64))");
    /// assert_eq!(ldsm.dst_layout(ValueType::Double).unwrap_err().kind(), "invalid_argument");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn ref_layout(&self, t: ValueType) -> Result<Layout, LayoutError> {
        self.recast("RefLayout", &self.reference, t)
    }

    fn recast(
        &self,
        which: &'static str,
        bits: &Layout,
        t: ValueType,
    ) -> Result<Layout, LayoutError> {
        let n = t.bits();
        if let Some((s, d)) = bits
            .leaf_modes()
            .find(|&(s, d)| d != 0 && d % n != 0 && !(d.abs() == 1 && s % n == 0))
        {
            return Err(LayoutError::InvalidArgument {
                operation: "recast_layout",
                argument: which,
                value: bits.to_string(),
                reason: format!(
                    "{}: recast_layout<uint1_t, {t}> needs every leaf to hold whole {n}-bit values, and {s}:{d} does not",
                    self.name
                ),
            });
        }
        recast_layout(1, n, bits)
    }
}

/// Largest copy layout whose offsets are compared one by one.
const REACHED_LIMIT: i64 = 1 << 22;

/// How many distinct offsets a layout reaches and its cosize (for a
/// layout larger than [`REACHED_LIMIT`], its size and cosize).
fn reached(l: &Layout) -> Result<(i64, i64), LayoutError> {
    let cosize = l.cosize()?;
    if l.size() > REACHED_LIMIT {
        return Ok((l.size(), cosize));
    }
    let mut v: Vec<i64> = l.offsets().collect();
    v.sort_unstable();
    v.dedup();
    Ok((v.len() as i64, cosize))
}

impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Looks a copy atom up by CUTLASS's name, template arguments included
/// (`UniversalCopy<uint128_t>`, `SM75_U32x4_LDSM_N`,
/// `SM80_CP_ASYNC_CACHEALWAYS<uint64_t>`). Whitespace and
/// `cute::`/`cutlass::` qualifiers are ignored.
///
/// ```
/// let atom = cute_dynamic::copy_atom("UniversalCopy<uint128_t>")?;
/// assert_eq!(atom.src_layout_bits().to_string(), "(1,128):(0,1)");
/// assert_eq!(atom.src_layout("half_t".parse()?)?.to_string(), "(1,8):(0,1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn copy_atom(name: &str) -> Result<CopyAtom, LayoutError> {
    copy_table::lookup(&normalize(name))
}

/// The names of every copy atom [`copy_atom`] knows. `UniversalCopy<T>`
/// and the `cp.async` atoms are listed for the unsigned integer types of
/// their widths; any value type of an admitted width, and the two-type
/// forms `<S, D>`, are accepted by name as well.
pub fn copy_atom_names() -> Vec<String> {
    copy_table::names()
}
