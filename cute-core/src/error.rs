//! The error of device builds: `Copy`, no allocation, the rule that failed
//! and the numbers. [`CoreError::kind`] is the same `snake_case` name as
//! cute-dynamic's `LayoutError::kind()` for the same rule, and cute-dynamic
//! converts a `CoreError` into its `LayoutError` (so `?` works in host code).
//!
//! Operands known at compile time (a static layout) are kept as a
//! [`Notation`], which writes them in CuTe notation on demand; run-time
//! operands are described by their numbers only.
//!
//! ```
//! use cute_core::{CoreError, Notation};
//! fn show(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
//!     f.write_str("(_4,_8):(_1,_4)")
//! }
//! let e = CoreError::OutOfBounds { layout: Some(Notation::new(show)), mode: None, index: 32, size: 32 };
//! assert_eq!(e.kind(), "out_of_bounds");
//! assert_eq!(e.to_string(), "coordinate 32 is outside the domain of (_4,_8):(_1,_4)");
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};

/// A compile-time operand (a static layout), written in CuTe notation on
/// demand by a function: no allocation, one pointer.
#[derive(Clone, Copy)]
pub struct Notation(fn(&mut fmt::Formatter<'_>) -> fmt::Result);

impl Notation {
    /// The operand written by `write`.
    pub const fn new(write: fn(&mut fmt::Formatter<'_>) -> fmt::Result) -> Self {
        Notation(write)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}
impl fmt::Debug for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Notation({self})")
    }
}
/// Two notations are equal when they are the same writer.
impl PartialEq for Notation {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::fn_addr_eq(self.0, other.0)
    }
}
impl Eq for Notation {}
impl Hash for Notation {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.0 as usize).hash(state);
    }
}

/// The rule a [`CoreError`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A shape leaf is zero.
    NonPositiveShape,
    /// A coordinate lies outside the layout's domain.
    OutOfBounds,
    /// A tensor's layout reaches offsets outside its storage.
    OutOfStorage,
    /// A size, offset or stride does not fit.
    Overflow,
    /// Two operands' sizes must agree but differ.
    NotCompatible,
    /// A run-time value is not a multiple of the divisor it must carry.
    Divisibility,
    /// A mixed operation's result would have a structure other than the
    /// one its type fixes for these run-time values.
    ValueDependentStructure,
    /// A shared-memory operand is not one of GMMA's canonical layouts.
    NonCanonicalGmmaLayout,
    /// An argument is outside what the operation accepts.
    InvalidArgument,
}

impl ErrorKind {
    /// The `snake_case` name, as cute-dynamic's `LayoutError::kind()`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::NonPositiveShape => "non_positive_shape",
            Self::OutOfBounds => "out_of_bounds",
            Self::OutOfStorage => "out_of_storage",
            Self::Overflow => "overflow",
            Self::NotCompatible => "not_compatible",
            Self::Divisibility => "divisibility",
            Self::ValueDependentStructure => "value_dependent_structure",
            Self::NonCanonicalGmmaLayout => "non_canonical_gmma_layout",
            Self::InvalidArgument => "invalid_argument",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A run-time error of the `core`-only layers (static and mixed layouts,
/// tensors over slices): the rule and the numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CoreError {
    /// A shape leaf is zero.
    NonPositiveShape {
        /// What was being built.
        operation: &'static str,
    },
    /// A coordinate lies outside the domain: `index ≥ size` (of the layout,
    /// or of top-level mode `mode` when slicing).
    OutOfBounds {
        /// The layout, when it is static.
        layout: Option<Notation>,
        /// The top-level mode the index fixes (slicing), `None` for an
        /// integral coordinate of the whole layout.
        mode: Option<usize>,
        /// The index.
        index: usize,
        /// The size it must be below.
        size: usize,
    },
    /// A tensor's layout, placed at `base`, reaches offsets `base..=last`
    /// but the storage holds `len` elements.
    OutOfStorage {
        /// The layout, when it is static.
        layout: Option<Notation>,
        /// The accessor's base offset.
        base: usize,
        /// The largest offset reached.
        last: usize,
        /// The storage length.
        len: usize,
    },
    /// A size, offset or stride would not fit (in an `i64` for layouts).
    Overflow {
        /// What was being computed.
        operation: &'static str,
        /// Of what, in words or CuTe notation.
        operands: &'static str,
    },
    /// Two operands of a kernel must have the same size (a run-time
    /// check: at least one of them has a run-time size).
    NotCompatible {
        /// The kernel and the operands, in words.
        operation: &'static str,
        /// The left operand's size.
        left: usize,
        /// The right operand's size.
        right: usize,
    },
    /// A run-time leaf declared with a static divisor (`{m:128}`,
    /// `DynDiv<128>`) was given a value that is not a multiple of it.
    Divisibility {
        /// What was being built.
        operation: &'static str,
        /// The run-time value.
        value: usize,
        /// The static divisor it must be a multiple of.
        divisor: usize,
    },
    /// A mixed-layout operation whose result structure depends on run-time
    /// values got values for which CuTe's result has another structure than
    /// the one its type fixes (see
    /// docs/semantics/static-and-mixed.md#mixed-layouts).
    ValueDependentStructure {
        /// The operation, as CuTe names it.
        operation: &'static str,
        /// What the run-time values must satisfy, in words.
        requires: &'static str,
    },
    /// `make_gmma_desc<major>` of a shared-memory operand that is not one
    /// of GMMA's canonical layouts ([`crate::gmma`]).
    NonCanonicalGmmaLayout {
        /// The major.
        major: crate::gmma::GmmaMajor,
        /// The operand (the swizzle and the layout, in elements), when it
        /// is static.
        layout: Option<Notation>,
        /// The divided layout `logical_divide(U, tile)` in 128-bit units,
        /// when the rule names it.
        canonical: Option<Notation>,
        /// The rule that fails.
        rule: crate::gmma::Rule,
    },
    /// An argument is outside what the operation accepts.
    InvalidArgument {
        /// The operation.
        operation: &'static str,
        /// The argument's name.
        argument: &'static str,
        /// What the argument must be.
        reason: &'static str,
    },
}

impl CoreError {
    /// The rule that failed.
    pub const fn error_kind(&self) -> ErrorKind {
        match self {
            Self::NonPositiveShape { .. } => ErrorKind::NonPositiveShape,
            Self::OutOfBounds { .. } => ErrorKind::OutOfBounds,
            Self::OutOfStorage { .. } => ErrorKind::OutOfStorage,
            Self::Overflow { .. } => ErrorKind::Overflow,
            Self::NotCompatible { .. } => ErrorKind::NotCompatible,
            Self::Divisibility { .. } => ErrorKind::Divisibility,
            Self::ValueDependentStructure { .. } => ErrorKind::ValueDependentStructure,
            Self::NonCanonicalGmmaLayout { .. } => ErrorKind::NonCanonicalGmmaLayout,
            Self::InvalidArgument { .. } => ErrorKind::InvalidArgument,
        }
    }

    /// The rule's `snake_case` name, the same as cute-dynamic's
    /// `LayoutError::kind()` for that rule.
    pub const fn kind(&self) -> &'static str {
        self.error_kind().as_str()
    }
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NonPositiveShape { operation } => {
                write!(f, "{operation}: a shape leaf is not positive")
            }
            Self::OutOfBounds {
                layout,
                mode,
                index,
                size,
            } => {
                match mode {
                    Some(m) => write!(f, "slice index {index} is outside mode {m} (size {size})")?,
                    None => write!(f, "coordinate {index} is outside the domain")?,
                }
                match (layout, mode) {
                    (Some(l), _) => write!(f, " of {l}"),
                    (None, Some(_)) => Ok(()),
                    (None, None) => write!(f, " (size {size})"),
                }
            }
            Self::OutOfStorage {
                layout,
                base,
                last,
                len,
            } => {
                f.write_str("tensor layout ")?;
                match layout {
                    Some(l) => write!(f, "{base} + {l}")?,
                    None => write!(f, "at base {base}")?,
                }
                write!(
                    f,
                    " reaches offsets {base}..={last} outside storage of length {len}"
                )
            }
            Self::Overflow {
                operation,
                operands,
            } => write!(f, "{operation} of {operands} overflows"),
            Self::NotCompatible {
                operation,
                left,
                right,
            } => write!(f, "{operation}: sizes {left} and {right} differ"),
            Self::Divisibility {
                operation,
                value,
                divisor,
            } => write!(
                f,
                "{operation}: the run-time value {value} is not a multiple of its static divisor {divisor}"
            ),
            Self::ValueDependentStructure {
                operation,
                requires,
            } => write!(
                f,
                "{operation} of a mixed layout: the result's structure depends on run-time values; it requires {requires}"
            ),
            Self::NonCanonicalGmmaLayout {
                major,
                layout,
                canonical,
                rule,
            } => {
                write!(f, "make_gmma_desc<{}>: ", major.name())?;
                match layout {
                    Some(l) => write!(f, "{l}")?,
                    None => f.write_str("the operand")?,
                }
                f.write_str(" is not a canonical GMMA layout: ")?;
                match canonical {
                    Some(c) => rule.write(f, c),
                    None => rule.write(f, &"C"),
                }
            }
            Self::InvalidArgument {
                operation,
                argument,
                reason,
            } => write!(f, "{operation}: the {argument} {reason}"),
        }
    }
}

impl core::error::Error for CoreError {}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    fn show(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(_2,_3):(_3,_1)")
    }

    #[test]
    fn messages() {
        let l = Some(Notation::new(show));
        let e = CoreError::OutOfBounds {
            layout: l,
            mode: Some(1),
            index: 7,
            size: 3,
        };
        assert_eq!(
            e.to_string(),
            "slice index 7 is outside mode 1 (size 3) of (_2,_3):(_3,_1)"
        );
        let e = CoreError::OutOfBounds {
            layout: None,
            mode: None,
            index: 7,
            size: 6,
        };
        assert_eq!(e.to_string(), "coordinate 7 is outside the domain (size 6)");
        let e = CoreError::OutOfStorage {
            layout: l,
            base: 4,
            last: 9,
            len: 8,
        };
        assert_eq!(e.kind(), "out_of_storage");
        assert_eq!(
            e.to_string(),
            "tensor layout 4 + (_2,_3):(_3,_1) reaches offsets 4..=9 outside storage of length 8"
        );
        assert_eq!(e, e);
        let e = CoreError::Divisibility {
            operation: "DynDiv::new",
            value: 130,
            divisor: 128,
        };
        assert_eq!(e.kind(), "divisibility");
        assert_eq!(
            e.to_string(),
            "DynDiv::new: the run-time value 130 is not a multiple of its static divisor 128"
        );
        let e = CoreError::Overflow {
            operation: "size",
            operands: "a mixed layout",
        };
        assert_eq!(e.to_string(), "size of a mixed layout overflows");
        assert_eq!(
            CoreError::NonPositiveShape {
                operation: "MixedLayout::new"
            }
            .kind(),
            "non_positive_shape"
        );
    }
}
