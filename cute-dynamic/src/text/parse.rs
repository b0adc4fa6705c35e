//! The CuTe-notation grammar, the one parser the whole workspace uses:
//!
//! ```text
//! int_tuple := int | '(' [ int_tuple { ',' int_tuple } ] ')'
//! int       := [ '_' ] [ '-' ] digits          (`_4` is CuTe's static 4)
//! layout    := int_tuple [ ':' int_tuple ]     (no stride: compact column-major)
//! tiler     := '<' tiler { ',' tiler } '>' | '_' | layout | int_tuple
//! coord     := int | '_' | '(' [ coord { ',' coord } ] ')'
//! step      := '<' entry { ',' entry } '>' | '(' entry { ',' entry } ')'
//! entry     := int | 'X' | '_'                 (`X` and `_` drop the mode)
//! ```
//!
//! Whitespace is allowed between tokens. Nesting deeper than [`MAX_DEPTH`]
//! is an error (never a stack overflow; a step is flat, one level), and
//! every error carries the byte position, what was expected and what was
//! found.

use crate::data::coordinate::Coord;
use crate::data::int_tuple::{IntTuple, TupleBuilder};
use crate::data::layout::Layout;
use crate::data::tiler::Tiler;
use crate::error::{LayoutError, ParseErrorKind};
use alloc::{format, string::String, string::ToString, vec::Vec};

pub use cute_core::limits::MAX_DEPTH;

pub(crate) struct Parser<'s> {
    text: &'s str,
    pos: usize,
}

impl<'s> Parser<'s> {
    pub(crate) fn new(text: &'s str) -> Self {
        Parser { text, pos: 0 }
    }

    fn bytes(&self) -> &[u8] {
        self.text.as_bytes()
    }

    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.bytes()[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.bytes().get(self.pos).copied()
    }

    /// A parse error at `pos`: what was expected there, and what was found
    /// (the next character, or the end of input).
    pub(crate) fn error(&self, pos: usize, expected: impl Into<String>) -> LayoutError {
        LayoutError::unexpected(self.text, pos, expected)
    }

    /// A parse error of a given kind at `pos`.
    fn error_of(
        pos: usize,
        kind: ParseErrorKind,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> LayoutError {
        LayoutError::Parse {
            kind,
            position: pos,
            expected: expected.into(),
            found: found.into(),
        }
    }

    /// Nesting beyond [`MAX_DEPTH`] at `pos`.
    fn too_deep(&self, pos: usize) -> LayoutError {
        let found = match self.text.get(pos..).and_then(|s| s.chars().next()) {
            None => "end of input".to_string(),
            Some(c) => format!("'{c}'"),
        };
        Self::error_of(
            pos,
            ParseErrorKind::TooDeep,
            format!("at most {MAX_DEPTH} levels of nesting"),
            found,
        )
    }

    /// Whether the next token is a lone `_` (a hole), not the `_` of a
    /// static integer such as `_4` or `_-1`.
    fn hole_ahead(&mut self) -> bool {
        self.peek() == Some(b'_')
            && !matches!(self.bytes().get(self.pos + 1), Some(b) if b.is_ascii_digit() || *b == b'-')
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<(), LayoutError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(self.pos, what))
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn finish(&mut self) -> Result<(), LayoutError> {
        self.skip_ws();
        if self.pos == self.text.len() {
            Ok(())
        } else {
            Err(self.error(self.pos, "end of input"))
        }
    }

    /// `[ '_' ] [ '-' ] digits`.
    fn int(&mut self) -> Result<i64, LayoutError> {
        self.skip_ws();
        let start = self.pos;
        if self.bytes().get(self.pos) == Some(&b'_') {
            self.pos += 1;
        }
        let negative = self.bytes().get(self.pos) == Some(&b'-');
        if negative {
            self.pos += 1;
        }
        let text = self.text;
        match scan_digits(text.as_bytes(), &mut self.pos, negative, start)? {
            Some(value) => Ok(value),
            None => Err(self.error(self.pos, "an integer")),
        }
    }

    /// An int_tuple into `out`; `positive` rejects leaves ≤ 0.
    fn int_tuple_into(
        &mut self,
        out: &mut TupleBuilder,
        depth: usize,
        positive: bool,
    ) -> Result<(), LayoutError> {
        if self.peek() == Some(b'(') {
            if depth >= MAX_DEPTH {
                return Err(self.too_deep(self.pos));
            }
            self.pos += 1;
            let open = out.open();
            if !self.eat(b')') {
                loop {
                    self.int_tuple_into(out, depth + 1, positive)?;
                    if self.eat(b')') {
                        break;
                    }
                    self.expect(b',', "',' or ')'")?;
                }
            }
            out.close(open);
            Ok(())
        } else {
            self.skip_ws();
            let at = self.pos;
            let v = self.int()?;
            if positive && v <= 0 {
                return Err(Self::error_of(
                    at,
                    ParseErrorKind::NonPositiveShape,
                    "a positive shape",
                    v.to_string(),
                ));
            }
            out.leaf(v);
            Ok(())
        }
    }

    pub(crate) fn int_tuple(&mut self, positive: bool) -> Result<IntTuple, LayoutError> {
        let mut b = TupleBuilder::new();
        self.int_tuple_into(&mut b, 0, positive)?;
        Ok(b.finish())
    }

    /// `shape [':' stride]`.
    pub(crate) fn layout(&mut self) -> Result<Layout, LayoutError> {
        let shape = self.int_tuple(true)?;
        self.layout_rest(shape)
    }

    /// The optional `':' stride` after an already parsed shape.
    fn layout_rest(&mut self, shape: IntTuple) -> Result<Layout, LayoutError> {
        if shape.size().is_none() {
            return Err(Self::error_of(
                self.pos,
                ParseErrorKind::SizeOverflow,
                "a shape whose size fits in i64",
                shape.to_string(),
            ));
        }
        if self.eat(b':') {
            self.skip_ws();
            let at = self.pos;
            let stride = self.int_tuple(false)?;
            if !shape.as_ref().congruent(stride.as_ref()) {
                return Err(Self::error_of(
                    at,
                    ParseErrorKind::NotCongruent,
                    format!("a stride congruent to the shape {shape}"),
                    stride.to_string(),
                ));
            }
            Ok(Layout::from_parts_unchecked(shape, stride))
        } else {
            Ok(Layout::compact_left(shape))
        }
    }

    /// A tiler: `<…>`, a layout, or a shape (by mode).
    pub(crate) fn tiler(&mut self, depth: usize) -> Result<Tiler, LayoutError> {
        if depth >= MAX_DEPTH {
            return Err(self.too_deep(self.pos));
        }
        if self.eat(b'<') {
            let mut modes = Vec::new();
            if !self.eat(b'>') {
                loop {
                    modes.push(self.tiler(depth + 1)?);
                    if self.eat(b'>') {
                        break;
                    }
                    self.expect(b',', "',' or '>'")?;
                }
            }
            return Ok(Tiler::Modes(modes));
        }
        if self.hole_ahead() {
            self.pos += 1;
            return Ok(Tiler::Hole);
        }
        let shape = self.int_tuple(true)?;
        if self.peek() == Some(b':') {
            return Ok(Tiler::Layout(self.layout_rest(shape)?));
        }
        Ok(Tiler::from_shape(shape.as_ref()))
    }

    /// A coordinate, possibly with `_` holes.
    pub(crate) fn coord(&mut self, depth: usize) -> Result<Coord, LayoutError> {
        if self.hole_ahead() {
            self.pos += 1;
            return Ok(Coord::Hole);
        }
        match self.peek() {
            Some(b'(') => {
                if depth >= MAX_DEPTH {
                    return Err(self.too_deep(self.pos));
                }
                self.pos += 1;
                let mut items = Vec::new();
                if !self.eat(b')') {
                    loop {
                        items.push(self.coord(depth + 1)?);
                        if self.eat(b')') {
                            break;
                        }
                        self.expect(b',', "',' or ')'")?;
                    }
                }
                Ok(Coord::Tuple(items))
            }
            _ => Ok(Coord::Int(self.int()?)),
        }
    }

    /// A step (CuTe's `Step<_1,X,_1>`): `<1,X,1>` or `(_1,_,_1)`, one
    /// entry per mode, `None` for a dropped mode. Flat: an entry is never a
    /// tuple, so the nesting is one level.
    pub(crate) fn step(&mut self) -> Result<Vec<Option<i64>>, LayoutError> {
        let (close, expected) = match self.peek() {
            Some(b'<') => (b'>', "',' or '>'"),
            Some(b'(') => (b')', "',' or ')'"),
            _ => return Err(self.error(self.pos, "a step '<1,X,1>'")),
        };
        self.pos += 1;
        let mut modes = Vec::new();
        loop {
            modes.push(self.step_entry()?);
            if self.eat(close) {
                return Ok(modes);
            }
            self.expect(b',', expected)?;
        }
    }

    /// One entry of a step: an integer, or `X` / `_` for a dropped mode.
    fn step_entry(&mut self) -> Result<Option<i64>, LayoutError> {
        if self.hole_ahead() || self.peek() == Some(b'X') {
            self.pos += 1;
            return Ok(None);
        }
        match self.peek() {
            Some(b) if b.is_ascii_digit() || b == b'-' || b == b'_' => self.int().map(Some),
            _ => Err(self.error(self.pos, "an integer, 'X' or '_'")),
        }
    }
}

/// Read the decimal digits at `*pos` (advancing it) into an `i64`, negated
/// as they are read when `negative` (so `i64::MIN` parses). `None` when there
/// is no digit; an overflow is a parse error at `start`.
pub(crate) fn scan_digits(
    bytes: &[u8],
    pos: &mut usize,
    negative: bool,
    start: usize,
) -> Result<Option<i64>, LayoutError> {
    cute_core::scan::scan_i64(bytes, pos, negative).map_err(|_| LayoutError::Parse {
        kind: ParseErrorKind::IntegerOverflow,
        position: start,
        expected: "an integer that fits in i64".into(),
        found: "a larger integer".into(),
    })
}

/// Parse an [`IntTuple`] (leaves may be any integer).
pub fn parse_int_tuple(text: &str) -> Result<IntTuple, LayoutError> {
    let mut p = Parser::new(text);
    let t = p.int_tuple(false)?;
    p.finish()?;
    Ok(t)
}

/// Parse a [`Layout`] in CuTe notation.
pub fn parse_layout(text: &str) -> Result<Layout, LayoutError> {
    let mut p = Parser::new(text);
    let l = p.layout()?;
    p.finish()?;
    Ok(l)
}

/// Parse a [`Tiler`].
pub fn parse_tiler(text: &str) -> Result<Tiler, LayoutError> {
    let mut p = Parser::new(text);
    let t = p.tiler(0)?;
    p.finish()?;
    Ok(t)
}

/// Parse a [`Coord`] (integers, tuples and `_`).
pub fn parse_coord(text: &str) -> Result<Coord, LayoutError> {
    let mut p = Parser::new(text);
    let c = p.coord(0)?;
    p.finish()?;
    Ok(c)
}

/// Parse the entries of a [`Step`](crate::Step) (`<1,X,1>`, `(_1,_,_1)`):
/// `None` for a dropped mode.
pub(crate) fn parse_step(text: &str) -> Result<Vec<Option<i64>>, LayoutError> {
    let mut p = Parser::new(text);
    let modes = p.step()?;
    p.finish()?;
    Ok(modes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_round_trip() {
        for s in [
            "8:2",
            "(4,8):(1,4)",
            "((2,2),(4,2)):((1,8),(2,16))",
            "(4):(1)",
            "():()",
            "(3,-2):(0,-7)",
        ] {
            let s2 = s.replace("-2", "2");
            let l: Layout = s2.parse().unwrap();
            assert_eq!(l.to_string(), s2);
        }
        assert_eq!(
            parse_layout(" ( _4 , _8 ) : ( _1 , _4 ) ")
                .unwrap()
                .to_string(),
            "(4,8):(1,4)"
        );
        assert_eq!(
            parse_layout("(4,1,8)").unwrap().to_string(),
            "(4,1,8):(1,0,4)"
        );
    }

    #[test]
    fn errors_have_positions() {
        let e = parse_layout("(4,8):(1)").unwrap_err();
        assert!(matches!(e, LayoutError::Parse { position: 6, .. }), "{e}");
        let e = parse_layout("(4,0)").unwrap_err();
        assert!(matches!(e, LayoutError::Parse { position: 3, .. }), "{e}");
        let e = parse_layout("(4,8").unwrap_err();
        assert_eq!(
            e.to_string(),
            "parse error at byte 4: expected ',' or ')', found end of input"
        );
        let e = parse_layout("(4,x)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "parse error at byte 3: expected an integer, found 'x'"
        );
        let kind = |text: &str| parse_layout(text).unwrap_err().parse_kind();
        assert_eq!(kind("(4,8):(1)"), Some(ParseErrorKind::NotCongruent));
        assert_eq!(kind("(4,0)"), Some(ParseErrorKind::NonPositiveShape));
        assert_eq!(kind("(4,8"), Some(ParseErrorKind::UnexpectedEnd));
        assert_eq!(kind("(4,x)"), Some(ParseErrorKind::UnexpectedChar));
        assert_eq!(kind("4:1 junk"), Some(ParseErrorKind::UnexpectedChar));
        assert_eq!(
            kind("99999999999999999999"),
            Some(ParseErrorKind::IntegerOverflow)
        );
        assert_eq!(
            kind("(4294967296,4294967296)"),
            Some(ParseErrorKind::SizeOverflow)
        );
        let deep = "(".repeat(1_000_000);
        assert_eq!(kind(&deep), Some(ParseErrorKind::TooDeep));
        assert!(parse_layout("99999999999999999999").is_err());
        assert!(parse_layout("4:1 junk").is_err());
    }

    #[test]
    fn tilers_and_coords() {
        assert_eq!(parse_tiler("<4:1,8:2>").unwrap().to_string(), "<4:1,8:2>");
        assert_eq!(parse_tiler("(1,2)").unwrap().to_string(), "<1,2>");
        assert_eq!(parse_tiler("3:2").unwrap().to_string(), "3:2");
        assert_eq!(parse_tiler("<_, 2>").unwrap().to_string(), "<_,2>");
        assert_eq!(parse_tiler("<_4,_>").unwrap().to_string(), "<4,_>");
        assert_eq!(parse_tiler("<(2,_),3>").unwrap_err().kind(), "parse");
        assert_eq!(
            parse_coord("(2,((0,_),_))").unwrap().to_string(),
            "(2,((0,_),_))"
        );
        assert_eq!(parse_coord("_3").unwrap().to_string(), "3");
    }

    #[test]
    fn steps() {
        let (one, x) = (Some(1), None);
        for text in ["<1,X,1>", "(_1,_,_1)", " < 1 , X , _1 > ", "(1, X, 1)"] {
            assert_eq!(parse_step(text).unwrap(), [one, x, one], "{text}");
        }
        assert_eq!(
            parse_step("<2,-1,_-3>").unwrap(),
            [Some(2), Some(-1), Some(-3)]
        );
        assert_eq!(parse_step("<X>").unwrap(), [x]);
        let err = |text: &str| {
            let e = parse_step(text).unwrap_err();
            match e {
                LayoutError::Parse { position, .. } => (position, e.parse_kind().unwrap()),
                _ => panic!("{text}: {e}"),
            }
        };
        assert_eq!(err("<1,Y,1>"), (3, ParseErrorKind::UnexpectedChar));
        assert_eq!(err("1,X"), (0, ParseErrorKind::UnexpectedChar));
        assert_eq!(err("<1,X)"), (4, ParseErrorKind::UnexpectedChar));
        assert_eq!(err("<1,X"), (4, ParseErrorKind::UnexpectedEnd));
        assert_eq!(err("<>"), (1, ParseErrorKind::UnexpectedChar));
        assert_eq!(err("<1,(1,X)>"), (3, ParseErrorKind::UnexpectedChar));
        assert_eq!(err("<1,X> 2"), (6, ParseErrorKind::UnexpectedChar));
        assert_eq!(
            err("<99999999999999999999>"),
            (1, ParseErrorKind::IntegerOverflow)
        );
        assert_eq!(
            parse_step("<1,Y>").unwrap_err().to_string(),
            "parse error at byte 3: expected an integer, 'X' or '_', found 'Y'"
        );
        let deep = "(".repeat(1_000_000);
        assert_eq!(err(&deep), (1, ParseErrorKind::UnexpectedChar));
    }
}
