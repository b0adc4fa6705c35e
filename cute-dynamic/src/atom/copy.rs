//! Copy atoms: one copy instruction as thread-value layouts over bits.

use core::fmt;

use super::copy_table;
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
    /// source and destination move the same number of bits.
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
        if src.size() != dst.size() {
            return Err(LayoutError::InvalidArgument {
                operation: "copy_atom",
                argument: "DstLayout",
                value: dst.to_string(),
                reason: format!(
                    "{name}: moves {} bits, SrcLayout {src} moves {}",
                    dst.size(),
                    src.size()
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
}

impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Looks a copy atom up by CUTLASS's name, template arguments included
/// (`UniversalCopy<uint128_t>`, `SM75_U32x4_LDSM_N`). Spaces and a `cute::`
/// prefix are ignored.
///
/// ```
/// let atom = cute_dynamic::copy_atom("UniversalCopy<uint128_t>").unwrap();
/// assert_eq!(atom.src_layout_bits().to_string(), "(1,128):(0,1)");
/// ```
pub fn copy_atom(name: &str) -> Result<CopyAtom, LayoutError> {
    let key: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    let key = key.trim_start_matches("cute::");
    copy_table::lookup(key).ok_or_else(|| LayoutError::InvalidArgument {
        operation: "copy_atom",
        argument: "name",
        value: name.to_string(),
        reason: "no copy atom of that name (see copy_atom_names)".to_string(),
    })
}

/// The names of every copy atom [`copy_atom`] knows.
pub fn copy_atom_names() -> Vec<String> {
    copy_table::names()
}
