//! The layout-descriptor grammar (docs/semantics/objects.md#descriptor-grammar):
//! textual basis-stride trees such as `(1@0, 8@1)`, `((1@0, 8@1), 1@2)`,
//! `(4/2@0@1)`, `()`.
//!
//! ```text
//! layout ::= group ;
//! group  ::= "(" ws [ entry { ws "," ws entry } ] ws ")" ;
//! entry  ::= group | basis ;
//! basis  ::= count ws "@" ws dim { ws "@" ws dim } ;
//! count  ::= int | int "/" int ;
//! dim    ::= uint ;   int ::= [ "-" ] digit { digit } ;   ws ::= { " " | "\t" } ;
//! ```
//!
//! Defining property: parsing is exact (recursive descent, nesting bounded
//! by [`MAX_DEPTH`](crate::MAX_DEPTH), whitespace — spaces and tabs, also
//! before and after the whole text — is insignificant, empty groups are
//! legal), fractions are normalised (a zero denominator or a count that is
//! not an integer is an error naming the count and its byte position, never
//! a silent default), and printing is a fixed point of parsing:
//! `parse(print(parse(s))) == parse(s)`.
//!
//! A basis `k@d0@d1…` is the scaled basis element `k·e` whose path is printed
//! innermost first, as CuTe prints it (`3@1@0` is CuTe's `E<0,1>` scaled by
//! 3, docs/semantics/objects.md#basis-strides).
//!
//! ```
//! use cute_dynamic::Descriptor;
//! let d: Descriptor = "( 1@0 ,\t8/2@1 , ( ) )".parse()?;
//! assert_eq!(d.to_string(), "(1@0,4@1,())");
//! assert_eq!(d, d.to_string().parse()?);
//! assert_eq!("(1/2@0)".parse::<Descriptor>().unwrap_err().kind(), "non_integral_count");
//! assert_eq!("(1/0@0)".parse::<Descriptor>().unwrap_err().kind(), "zero_denominator");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::{format, string::ToString, vec::Vec};
use core::fmt;
use core::str::FromStr;

use crate::data::basis::{BasisStride, ScaledBasis};
use crate::error::{LayoutError, ParseErrorKind};
use crate::text::parse::MAX_DEPTH;

/// A parsed and normalised layout descriptor: a tuple of basis-stride
/// entries (the root is always a group).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Descriptor {
    root: BasisStride,
}

impl Descriptor {
    /// Parse and normalise descriptor text.
    pub fn parse(text: &str) -> Result<Self, LayoutError> {
        let mut p = StrideParser::new(text, Dialect::Descriptor);
        p.skip_ws();
        if p.peek() != Some(b'(') {
            return Err(p.error(p.pos, "'(' (a descriptor is a parenthesized group)"));
        }
        let root = p.entry(0)?;
        p.skip_ws();
        if p.pos != text.len() {
            return Err(p.error(p.pos, "end of input (unexpected trailing layout text)"));
        }
        Ok(Descriptor { root })
    }

    /// The normalised basis-stride tree.
    pub fn stride(&self) -> &BasisStride {
        &self.root
    }

    /// The entries of the root group.
    pub fn entries(&self) -> &[BasisStride] {
        match &self.root {
            BasisStride::Tuple(v) => v,
            BasisStride::Leaf(_) => core::slice::from_ref(&self.root),
        }
    }
}

impl fmt::Display for Descriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.root.fmt(f)
    }
}

impl FromStr for Descriptor {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Descriptor::parse(s)
    }
}

/// Which language a [`StrideParser`] reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// The descriptor grammar exactly: every leaf is `count@dim…`.
    Descriptor,
    /// Strides of a coordinate layout: a bare leaf is allowed at the root,
    /// a leaf may be a plain integer (`0`), and any ASCII whitespace is
    /// skipped, as in CuTe notation.
    Stride,
}

pub(crate) struct StrideParser<'s> {
    text: &'s str,
    pub(crate) pos: usize,
    dialect: Dialect,
}

impl<'s> StrideParser<'s> {
    pub(crate) fn new(text: &'s str, dialect: Dialect) -> Self {
        StrideParser {
            text,
            pos: 0,
            dialect,
        }
    }

    fn bytes(&self) -> &'s [u8] {
        self.text.as_bytes()
    }

    fn is_ws(&self, b: u8) -> bool {
        match self.dialect {
            Dialect::Descriptor => b == b' ' || b == b'\t',
            Dialect::Stride => b.is_ascii_whitespace(),
        }
    }

    pub(crate) fn skip_ws(&mut self) {
        while let Some(&b) = self.bytes().get(self.pos) {
            if !self.is_ws(b) {
                break;
            }
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    pub(crate) fn error(&self, pos: usize, expected: &str) -> LayoutError {
        let (kind, found) = match self.text.get(pos..).and_then(|s| s.chars().next()) {
            None => (ParseErrorKind::UnexpectedEnd, "end of input".to_string()),
            Some(c) => (ParseErrorKind::UnexpectedChar, format!("{c:?}")),
        };
        LayoutError::Parse {
            kind,
            position: pos,
            expected: expected.to_string(),
            found,
        }
    }

    /// `group | basis` (or a plain integer in the stride dialect).
    pub(crate) fn entry(&mut self, depth: usize) -> Result<BasisStride, LayoutError> {
        self.skip_ws();
        if self.peek() == Some(b'(') {
            if depth >= MAX_DEPTH {
                return Err(LayoutError::Parse {
                    kind: ParseErrorKind::TooDeep,
                    position: self.pos,
                    expected: format!("at most {MAX_DEPTH} levels of nesting"),
                    found: "a deeper group".into(),
                });
            }
            self.pos += 1;
            let mut entries = Vec::new();
            self.skip_ws();
            if self.peek() == Some(b')') {
                self.pos += 1;
                return Ok(BasisStride::Tuple(entries));
            }
            loop {
                entries.push(self.entry(depth + 1)?);
                self.skip_ws();
                match self.peek() {
                    Some(b')') => {
                        self.pos += 1;
                        return Ok(BasisStride::Tuple(entries));
                    }
                    Some(b',') => self.pos += 1,
                    _ => return Err(self.error(self.pos, "',' or ')'")),
                }
            }
        }
        self.basis().map(BasisStride::Leaf)
    }

    /// `int [ "/" int ]`, then `@dim` pieces; normalised.
    fn basis(&mut self) -> Result<ScaledBasis, LayoutError> {
        let start = self.pos;
        let num = self.int()?;
        let mut den = 1i64;
        if self.peek() == Some(b'/') {
            self.pos += 1;
            den = self.int()?;
        }
        let written = &self.text[start..self.pos];
        let mut path = Vec::new();
        loop {
            let before = self.pos;
            self.skip_ws();
            if self.peek() != Some(b'@') {
                self.pos = before;
                break;
            }
            self.pos += 1;
            self.skip_ws();
            path.push(self.uint()?);
            if path.len() > MAX_DEPTH {
                return Err(LayoutError::Parse {
                    kind: ParseErrorKind::TooDeep,
                    position: self.pos,
                    expected: format!("a basis path of at most {MAX_DEPTH} dimensions"),
                    found: "a longer path".into(),
                });
            }
        }
        if path.is_empty() && self.dialect == Dialect::Descriptor {
            self.skip_ws();
            return Err(self.error(self.pos, "'@' and a dimension after the count"));
        }
        if den == 0 {
            return Err(LayoutError::ZeroDenominator {
                position: start,
                count: written.to_string(),
            });
        }
        let scale = num.checked_div(den).ok_or_else(|| LayoutError::Overflow {
            operation: "descriptor count",
            operands: written.to_string(),
        })?;
        if num.checked_rem(den).unwrap_or(0) != 0 {
            return Err(LayoutError::NonIntegralCount {
                position: start,
                count: written.to_string(),
            });
        }
        Ok(ScaledBasis::new(scale, &path))
    }

    /// `[ "-" ] digit { digit }` (no whitespace inside).
    fn int(&mut self) -> Result<i64, LayoutError> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        match crate::text::parse::scan_digits(self.bytes(), &mut self.pos, negative, start)? {
            Some(v) => Ok(v),
            None => Err(self.error(self.pos, "an integer count or '('")),
        }
    }

    /// `digit { digit }`, at most `u32::MAX`.
    fn uint(&mut self) -> Result<u32, LayoutError> {
        let start = self.pos;
        match cute_core::scan::scan_u32(self.bytes(), &mut self.pos) {
            Ok(Some(v)) => Ok(v),
            Ok(None) => Err(self.error(self.pos, "a dimension (unsigned integer) after '@'")),
            Err(_) => Err(LayoutError::Parse {
                kind: ParseErrorKind::IntegerOverflow,
                position: start,
                expected: "a dimension that fits in u32".into(),
                found: "a larger integer".into(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> (String, usize) {
        match Descriptor::parse(s).unwrap_err() {
            e @ LayoutError::Parse { position, .. } => (e.kind().to_string(), position),
            e @ (LayoutError::ZeroDenominator { position, .. }
            | LayoutError::NonIntegralCount { position, .. }) => (e.kind().to_string(), position),
            e => (e.kind().to_string(), usize::MAX),
        }
    }

    #[test]
    fn grammar_examples() {
        for (s, want) in [
            ("(1@0, 1@1)", "(1@0,1@1)"),
            ("(16@0, 1@1)", "(16@0,1@1)"),
            ("((1@0, 8@1), 1@2)", "((1@0,8@1),1@2)"),
            ("(1@0@1)", "(1@0@1)"),
            ("()", "()"),
            ("  ( ( ) , ( ( ) ) )\t", "((),(()))"),
            ("(-6/-3 @ 2 @ 0)", "(2@2@0)"),
            ("(0/5@1)", "(0@1)"),
        ] {
            assert_eq!(Descriptor::parse(s).unwrap().to_string(), want, "{s}");
        }
    }

    #[test]
    fn diagnostics() {
        assert_eq!(err("(1/2@0, 4@1)"), ("non_integral_count".into(), 1));
        assert_eq!(err("(1@0, 3/0@1)"), ("zero_denominator".into(), 6));
        assert_eq!(err("1@0"), ("parse".into(), 0));
        assert_eq!(err("(1@0"), ("parse".into(), 4));
        assert_eq!(err("(1@0))"), ("parse".into(), 5));
        assert_eq!(err("(1)"), ("parse".into(), 2));
        assert_eq!(err("(1@)"), ("parse".into(), 3));
        assert_eq!(err("(1 / 2@0)"), ("parse".into(), 3));
        assert_eq!(err("(1@0,)"), ("parse".into(), 5));
        assert_eq!(err("(1@0\n)"), ("parse".into(), 4));
        assert_eq!(err("(1@99999999999)"), ("parse".into(), 3));
        assert_eq!(
            err("(-9223372036854775808/-1@0)"),
            ("overflow".into(), usize::MAX)
        );
        let deep = "(".repeat(100_000);
        assert_eq!(err(&deep).0, "parse");
    }
}
