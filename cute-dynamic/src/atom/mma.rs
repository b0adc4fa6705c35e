//! MMA atoms: one tensor-core (or FMA) instruction as thread-value layouts
//! (CUTLASS's `MMA_Traits`; [semantics](../../docs/semantics/tensors-and-atoms.md#mma-atoms)).
//!
//! `ALayout`, `BLayout` and `CLayout` map `(thread, value)` to the
//! column-major index of the `M×K`, `N×K` and `M×N` tile; `ThrID` maps the
//! atom's logical thread to the lane (warpgroup thread, peer CTA) that
//! runs it. Every layout is held to the PTX ISA's fragment description by
//! the tests of `atom/isa.rs`.
//!
//! ```
//! use cute_dynamic::{mma_atom, Layout};
//! let atom = mma_atom("SM80_16x8x16_F32F16F16F32_TN")?;
//! let c: &Layout = atom.c_layout(); // ((4,8),(2,2)):((32,1),(16,8))
//! // Lane 6 (groupID 1, threadID_in_group 2) holds C rows 1 and 9,
//! // columns 4 and 5: the PTX ISA's m16n8k16 accumulator fragment.
//! let held: Vec<(i64, i64)> = (0..4).map(|v| {
//!     let i = c.call(6 + 32 * v);
//!     (i % 16, i / 16)
//! }).collect();
//! assert_eq!(held, [(1, 4), (1, 5), (9, 4), (9, 5)]);
//!
//! // A warpgroup MMA: 128 threads; A and B come from shared memory through
//! // descriptors, so every thread names the whole tile.
//! let gmma = mma_atom("SM90_64x128x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::MN>")?;
//! assert_eq!(gmma.shape_mnk(), [64, 128, 16]);
//! assert_eq!(gmma.a_layout().to_string(), "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))");
//! assert_eq!(gmma.b_layout().to_string(), "(128,(128,16)):(0,(1,128))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::fmt;

use super::names::normalize;
use super::value_type::ValueType;
use super::{gmma, mma_table, umma};
use crate::data::layout::Layout;
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

/// The element types of an MMA atom's operands, `D = A * B + C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MmaValueTypes {
    /// The accumulator written (`ValTypeD`).
    pub d: ValueType,
    /// The A operand (`ValTypeA`).
    pub a: ValueType,
    /// The B operand (`ValTypeB`).
    pub b: ValueType,
    /// The accumulator read (`ValTypeC`).
    pub c: ValueType,
}

/// One MMA instruction as CUTLASS's `MMA_Traits` describe it.
///
/// * `shape_mnk` is `Shape_MNK`, the `M×N×K` extent of one instruction;
/// * `thr_id` is `ThrID`, which maps the atom's logical thread index to the
///   lane (or warpgroup thread) that executes it;
/// * `a`, `b`, `c` are `ALayout`, `BLayout`, `CLayout`: rank-2 layouts from
///   `(logical thread, value)` to the column-major index of the `M×K`, `N×K`
///   and `M×N` tile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MmaAtom {
    name: String,
    shape_mnk: [i64; 3],
    thr_id: Layout,
    a: Layout,
    b: Layout,
    c: Layout,
    types: MmaValueTypes,
}

impl MmaAtom {
    /// Builds an atom and checks it is well formed: each operand layout is
    /// rank 2, its thread mode has `size(thr_id)` elements, and it maps into
    /// its tile (`M×K`, `N×K`, `M×N`).
    pub fn new(
        name: impl Into<String>,
        shape_mnk: [i64; 3],
        thr_id: Layout,
        [a, b, c]: [Layout; 3],
        types: MmaValueTypes,
    ) -> Result<Self, LayoutError> {
        let name = name.into();
        let [m, n, k] = shape_mnk;
        if m <= 0 || n <= 0 || k <= 0 {
            return Err(invalid(
                &name,
                "Shape_MNK",
                format!("({m},{n},{k})"),
                "every extent must be positive",
            ));
        }
        let threads = thr_id.size();
        for (operand, layout, extent) in [
            ("ALayout", &a, m * k),
            ("BLayout", &b, n * k),
            ("CLayout", &c, m * n),
        ] {
            if layout.rank() != 2 {
                return Err(invalid(
                    &name,
                    operand,
                    layout.to_string(),
                    "must be rank 2: (thread, value)",
                ));
            }
            let thread_mode = layout.mode(0).map(|l| l.size()).unwrap_or(0);
            if thread_mode != threads {
                return Err(invalid(
                    &name,
                    operand,
                    layout.to_string(),
                    &format!(
                        "its thread mode has {thread_mode} threads, ThrID = {thr_id} has {threads}"
                    ),
                ));
            }
            let cosize = layout.cosize()?;
            if cosize > extent {
                return Err(invalid(
                    &name,
                    operand,
                    layout.to_string(),
                    &format!(
                        "reaches index {} outside its {extent}-element tile",
                        cosize - 1
                    ),
                ));
            }
        }
        Ok(Self {
            name,
            shape_mnk,
            thr_id,
            a,
            b,
            c,
            types,
        })
    }

    /// CUTLASS's name of the atom, template arguments included.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// `Shape_MNK`.
    pub fn shape_mnk(&self) -> [i64; 3] {
        self.shape_mnk
    }
    /// `ThrID`.
    pub fn thr_id(&self) -> &Layout {
        &self.thr_id
    }
    /// `ALayout`: (thread, value) → column-major index of the `M×K` tile.
    pub fn a_layout(&self) -> &Layout {
        &self.a
    }
    /// `BLayout`: (thread, value) → column-major index of the `N×K` tile.
    pub fn b_layout(&self) -> &Layout {
        &self.b
    }
    /// `CLayout`: (thread, value) → column-major index of the `M×N` tile.
    pub fn c_layout(&self) -> &Layout {
        &self.c
    }
    /// The operands' element types.
    pub fn value_types(&self) -> MmaValueTypes {
        self.types
    }
}

impl fmt::Display for MmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

fn invalid(atom: &str, argument: &'static str, value: String, reason: &str) -> LayoutError {
    LayoutError::InvalidArgument {
        operation: "mma_atom",
        argument,
        value,
        reason: format!("{atom}: {reason}"),
    }
}

/// Looks an MMA atom up by CUTLASS's name, template arguments included
/// (`SM80_16x8x16_F32F16F16F32_TN`, `UniversalFMA<float>`,
/// `SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>`).
/// Whitespace and `cute::`/`cutlass::` qualifiers are ignored; the GMMA,
/// `UniversalFMA` and SM120 names are parsed and only the requested atom is
/// built.
///
/// ```
/// use cute_dynamic::mma_atom;
/// let atom = mma_atom("SM80_16x8x16_F32F16F16F32_TN")?;
/// assert_eq!(atom.shape_mnk(), [16, 8, 16]);
/// assert_eq!(atom.thr_id().to_string(), "32:1");
/// assert_eq!(atom.a_layout().to_string(), "((4,8),(2,2,2)):((32,1),(16,8,128))");
/// assert_eq!(atom.b_layout().to_string(), "((4,8),(2,2)):((16,1),(8,64))");
/// assert_eq!(atom.c_layout().to_string(), "((4,8),(2,2)):((32,1),(16,8))");
/// // Thread 5 (groupID 1, threadID_in_group 1), value 3 of C: row 9, column 3.
/// assert_eq!(atom.c_layout().call(5 + 32 * 3), 9 + 16 * 3);
///
/// let gmma = mma_atom("SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>")?;
/// assert_eq!(gmma.a_layout().to_string(), "(128,(64,16)):(0,(1,64))");
/// assert_eq!(gmma.c_layout().to_string(), "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))");
///
/// let e = mma_atom("SM90_64x13x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>").unwrap_err();
/// assert_eq!(e.kind(), "invalid_argument");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn mma_atom(name: &str) -> Result<MmaAtom, LayoutError> {
    let key = normalize(name);
    if gmma::is_gmma(&key) {
        gmma::lookup(&key)
    } else if umma::is_umma(&key) {
        umma::lookup(&key)
    } else {
        mma_table::lookup(&key)
    }
}

/// The names of every MMA atom [`mma_atom`] knows, in CUTLASS's spelling:
/// the fixed-name atoms, the SM90 GMMA families expanded (every `N`, SS
/// and RS, every operand-major pair; input scales at their default), the
/// SM120 atoms for every operand type, the SM100 UMMA atoms once per op
/// and operand types (`M = 128` or 256, `N = 256`, K-major; every admitted
/// shape and major is accepted by name), and `UniversalFMA<T,T,T,T>` for
/// the common `T` (any value types are accepted by name).
pub fn mma_atom_names() -> Vec<String> {
    let mut names = mma_table::names();
    names.extend(gmma::names());
    names.extend(umma::names());
    names
}
