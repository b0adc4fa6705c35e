//! Tilers (docs/semantics/objects.md#tilers): a layout, or a tuple of tilers applied mode by mode,
//! written `<4:1,8:2>`. A shape `(4,8)` used as a tiler means `<4:1,8:1>`,
//! and an integer tile `n` is kept as an integer: composition reads it as
//! `n:1`, the divides and products as CuTe's `make_layout(n)` (`n:1`, but
//! `1:0` for `n = 1`, as for CuTe's static `_1`). A mode written `_`
//! (CuTe's `Underscore`, as in `<_,2>`) leaves that mode of the operand
//! untouched in composition and in every divide and product.
//!
//! ```
//! use cute_dynamic::{logical_divide, Layout, Tiler};
//! let t: Tiler = "<_,2>".parse()?;
//! assert_eq!(t.to_string(), "<_,2>");
//! let a: Layout = "(8,6):(1,8)".parse()?;
//! assert_eq!(logical_divide(&a, &t)?.to_string(), "(8,(2,3)):(1,(8,16))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::data::int_tuple::IntTupleRef;
use crate::data::layout::{Layout, LayoutRef};
use crate::error::LayoutError;

/// A tiler: one layout, or one tiler per mode.
///
/// ```
/// use cute_dynamic::Tiler;
/// let t: Tiler = "(4,1)".parse()?;
/// assert_eq!(t.to_string(), "<4,1>");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
// A layout keeps its nodes inline (no allocation); tilers are few and
// short-lived, so the size of the `Layout` variant is the better trade.
#[allow(clippy::large_enum_variant)]
pub enum Tiler {
    /// A layout applied to the whole operand.
    Layout(Layout),
    /// An integer tile `n` (from a shape used as a tiler).
    Int(i64),
    /// One tiler per mode of the operand (modes beyond these are kept or
    /// dropped as each operation says).
    Modes(Vec<Tiler>),
    /// `_`: keep the operand (mode) as it is (CuTe's `Underscore` tile).
    Hole,
}

/// A borrowed tiler: what the algebra functions take.
#[derive(Clone, Copy, Debug)]
pub enum TilerRef<'a> {
    /// A layout.
    Layout(LayoutRef<'a>),
    /// An integer tile.
    Int(i64),
    /// One tiler per mode.
    Modes(&'a [Tiler]),
    /// `_`: keep the operand (mode) as it is.
    Hole,
}

/// Anything usable as a tiler: a [`Layout`] or a [`Tiler`].
pub trait AsTiler {
    /// The borrowed tiler.
    fn as_tiler(&self) -> TilerRef<'_>;
}

impl AsTiler for Layout {
    fn as_tiler(&self) -> TilerRef<'_> {
        TilerRef::Layout(self.as_ref())
    }
}

impl AsTiler for Tiler {
    fn as_tiler(&self) -> TilerRef<'_> {
        match self {
            Tiler::Layout(l) => TilerRef::Layout(l.as_ref()),
            Tiler::Int(n) => TilerRef::Int(*n),
            Tiler::Modes(m) => TilerRef::Modes(m),
            Tiler::Hole => TilerRef::Hole,
        }
    }
}

impl AsTiler for TilerRef<'_> {
    fn as_tiler(&self) -> TilerRef<'_> {
        *self
    }
}

impl Tiler {
    /// The by-mode tiler of a shape: integers become compact layouts.
    pub fn from_shape(shape: IntTupleRef<'_>) -> Tiler {
        match shape.as_int() {
            Some(n) => Tiler::Int(n),
            None => Tiler::Modes(shape.children().map(Tiler::from_shape).collect()),
        }
    }

    /// Parse `<…>`, a layout, or a shape.
    pub fn parse(text: &str) -> Result<Tiler, LayoutError> {
        text.parse()
    }
}

/// CuTe's `make_layout(n)` for a static integer `n`.
pub fn tile_of(n: i64) -> Layout {
    Layout::int(n, if n == 1 { 0 } else { 1 })
}

impl From<Layout> for Tiler {
    fn from(l: Layout) -> Self {
        Tiler::Layout(l)
    }
}

impl FromStr for Tiler {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::text::parse::parse_tiler(s)
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_tiler().fmt(f)
    }
}

impl fmt::Display for TilerRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TilerRef::Layout(l) => write!(f, "{l}"),
            TilerRef::Int(n) => write!(f, "{n}"),
            TilerRef::Hole => f.write_str("_"),
            TilerRef::Modes(m) => {
                f.write_str("<")?;
                for (i, t) in m.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(">")
            }
        }
    }
}
