//! Stage 1: tokens → a literal AST with spans.
//!
//! The grammar is CuTe notation, the same as cute-dynamic's text parser:
//!
//! ```text
//! int_tuple := int | '{' expr '}' | '(' [ int_tuple { ',' int_tuple } ] ')'
//! int       := [ '_' ] [ '-' ] digits          (`_4` is CuTe's static 4)
//! layout    := int_tuple [ ':' int_tuple ]     (no stride: compact column-major)
//! tiler     := '<' tiler { ',' tiler } '>' | '_' | '__' | int_tuple ':' int_tuple | int_tuple
//! ```
//!
//! `{expr}` is a run-time leaf (mixed layouts only). Every node keeps the
//! span of its first and last token, so later stages can report an error
//! over the whole offending sub-tree. A malformed item inside `(…)` is
//! recorded and parsing goes on with the next item, so several errors of
//! one literal are reported together.

use std::fmt;

use cute_core::limits::{MAX_DEPTH, is_readable};
use cute_core::scan::{ScanOverflow, scan_i64};
use proc_macro2::{Delimiter, Punct, Spacing, Span, TokenStream, TokenTree};

/// The errors found so far, combined with [`syn::Error::combine`].
#[derive(Default)]
pub(crate) struct Errors(Option<syn::Error>);

impl Errors {
    pub(crate) fn push(&mut self, e: syn::Error) {
        match &mut self.0 {
            Some(first) => first.combine(e),
            None => self.0 = Some(e),
        }
    }

    /// `Err` with every error, in the order they were found, if there is one.
    pub(crate) fn finish(self) -> syn::Result<()> {
        self.0.map_or(Ok(()), Err)
    }
}

/// The tokens a node was written with: its first and its last one.
#[derive(Clone, Copy)]
pub(crate) struct Extent {
    first: Span,
    last: Span,
}

impl Extent {
    fn of(t: &TokenTree) -> Extent {
        Extent::one(t.span())
    }

    fn one(s: Span) -> Extent {
        Extent { first: s, last: s }
    }

    fn to(self, other: Extent) -> Extent {
        Extent {
            first: self.first,
            last: other.last,
        }
    }

    /// An error spanned from the first to the last token of the node.
    pub(crate) fn error(self, message: impl fmt::Display) -> syn::Error {
        // `new_spanned` spans from its first token to its last one (a
        // `Span::join` that works on stable).
        let punct = |span| {
            let mut p = Punct::new('+', Spacing::Alone);
            p.set_span(span);
            TokenTree::Punct(p)
        };
        let tokens: TokenStream = [punct(self.first), punct(self.last)].into_iter().collect();
        syn::Error::new_spanned(tokens, message)
    }
}

/// A leaf of an integer tuple.
pub(crate) enum Leaf {
    /// A literal integer (`4`, `-4`, `_4`).
    Int(i64),
    /// A run-time leaf `{expr}`, numbered in the order of the literal,
    /// with its static divisor `D` when written `{expr:D}`.
    Dyn(usize, TokenStream, Option<usize>),
}

/// An integer tuple.
pub(crate) enum Tree {
    Leaf(Leaf),
    Tuple(Vec<Node>),
    /// An item that did not parse (its error is already recorded).
    Invalid,
}

/// An integer tuple and where it was written.
pub(crate) struct Node {
    pub(crate) tree: Tree,
    pub(crate) at: Extent,
}

impl Node {
    /// The leaf nodes, depth first.
    pub(crate) fn leaves(&self) -> Vec<&Node> {
        fn walk<'a>(n: &'a Node, out: &mut Vec<&'a Node>) {
            match &n.tree {
                Tree::Leaf(_) => out.push(n),
                Tree::Tuple(kids) => kids.iter().for_each(|k| walk(k, out)),
                Tree::Invalid => {}
            }
        }
        let mut out = Vec::new();
        walk(self, &mut out);
        out
    }
}

/// CuTe notation of the node (`{expr}` for a run-time leaf).
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.tree {
            Tree::Leaf(Leaf::Int(v)) => write!(f, "{v}"),
            Tree::Leaf(Leaf::Dyn(_, e, None)) => write!(f, "{{{e}}}"),
            Tree::Leaf(Leaf::Dyn(_, e, Some(d))) => write!(f, "{{{e}:{d}}}"),
            Tree::Invalid => f.write_str("?"),
            Tree::Tuple(kids) => {
                f.write_str("(")?;
                for (i, k) in kids.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{k}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A layout literal `shape[:stride]`.
pub(crate) struct LayoutLit {
    pub(crate) shape: Node,
    /// `None`: the compact column-major stride.
    pub(crate) stride: Option<Node>,
}

/// A tiler literal.
pub(crate) enum TilerLit {
    /// `<t0,t1,…>`: one tiler per mode.
    Modes(Vec<TilerLit>, Extent),
    /// `shape:stride`: one layout.
    Layout(LayoutLit),
    /// A shape: integers are integer tiles, tuples are by-mode tilers.
    Shape(Node),
    /// `_` (or `__`, the name of `cute_static::tensor::__`): CuTe's by-mode skip
    /// (the mode is kept whole), read as cute-dynamic reads `_`.
    Hole,
}

/// A run-time leaf's tokens split into the expression and its static
/// divisor: `{m:128}` is `(m, Some(Some(128)))`, `{m}` is `(m, None)`, and
/// a single `:` followed by anything but a positive readable static
/// integer (`1..=1024`, or a power of two up to `2^20`: the divisors the
/// mixed algebra computes with) is `Some(None)` (an error). A path's `::` is not a divisor separator.
fn split_divisor(stream: TokenStream) -> (TokenStream, Option<Option<usize>>) {
    let tokens: Vec<TokenTree> = stream.clone().into_iter().collect();
    let n = tokens.len();
    let is_colon =
        |i: usize| matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':');
    // A lone `:`, not one of the two of a `::`.
    let colon_at = |i: usize| is_colon(i) && !is_colon(i + 1) && !(i > 0 && is_colon(i - 1));
    if let Some(at) = (0..n).rev().find(|&i| colon_at(i)) {
        let divisor = match &tokens[at + 1..] {
            [TokenTree::Literal(l)] => l
                .to_string()
                .parse::<usize>()
                .ok()
                .filter(|&d| d > 0 && is_readable(d as u64)),
            _ => None,
        };
        let expr = tokens[..at].iter().cloned().collect();
        return (expr, Some(divisor));
    }
    (stream, None)
}

/// Whether the input has a run-time leaf `{…}` anywhere (decides the kind
/// of placeholder even when the literal does not parse).
pub(crate) fn has_runtime_leaf(input: &TokenStream) -> bool {
    input.clone().into_iter().any(|t| match t {
        TokenTree::Group(g) => match g.delimiter() {
            Delimiter::Brace => true,
            _ => has_runtime_leaf(&g.stream()),
        },
        _ => false,
    })
}

/// Parse a layout literal; `None` when it could not be read at all.
pub(crate) fn layout(input: TokenStream, errors: &mut Errors) -> Option<LayoutLit> {
    let mut p = Parser { errors, dyns: 0 };
    let mut c = Cursor::top(input);
    let result = (|| {
        c.non_empty("a layout in CuTe notation, e.g. `(4,8):(1,4)`")?;
        let l = p.layout(&mut c)?;
        c.finish()?;
        Ok(l)
    })();
    result.map_err(|e| p.errors.push(e)).ok()
}

/// Parse a tiler literal; `None` when it could not be read at all.
pub(crate) fn tiler(input: TokenStream, errors: &mut Errors) -> Option<TilerLit> {
    let mut p = Parser { errors, dyns: 0 };
    let mut c = Cursor::top(input);
    let result = (|| {
        c.non_empty("a tiler in CuTe notation, e.g. `<4:1,8:2>`")?;
        let t = p.tiler(&mut c, 0)?;
        c.finish()?;
        Ok(t)
    })();
    result.map_err(|e| p.errors.push(e)).ok()
}

/// The tokens of one level (the input, or the inside of a `(…)`), with
/// invisible groups (from `macro_rules!` fragments) flattened.
struct Cursor {
    tokens: Vec<TokenTree>,
    pos: usize,
    /// Where the level ends, and how to name that in a message.
    end: Span,
    end_name: &'static str,
}

fn flatten(input: TokenStream, out: &mut Vec<TokenTree>) {
    for t in input {
        match t {
            TokenTree::Group(g) if g.delimiter() == Delimiter::None => flatten(g.stream(), out),
            t => out.push(t),
        }
    }
}

impl Cursor {
    fn new(input: TokenStream, end: Span, end_name: &'static str) -> Cursor {
        let mut tokens = Vec::new();
        flatten(input, &mut tokens);
        Cursor {
            tokens,
            pos: 0,
            end,
            end_name,
        }
    }

    fn top(input: TokenStream) -> Cursor {
        let mut c = Cursor::new(input, Span::call_site(), "end of input");
        // A missing part is reported on the last token written.
        if let Some(last) = c.tokens.last() {
            c.end = last.span();
        }
        c
    }

    fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    fn next(&mut self) -> Option<TokenTree> {
        let t = self.tokens.get(self.pos).cloned();
        self.pos += usize::from(t.is_some());
        t
    }

    fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    fn is_punct(&self, c: char) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }

    /// Consume the punctuation `c` if it is next; its extent.
    fn eat(&mut self, c: char) -> Option<Extent> {
        if self.is_punct(c) {
            self.next().map(|t| Extent::of(&t))
        } else {
            None
        }
    }

    /// Consume a `_` standing alone (not the `_` of `_4` or `_ -4`); its
    /// extent.
    fn eat_hole(&mut self) -> Option<Extent> {
        if matches!(self.peek(), Some(TokenTree::Ident(i)) if i == "__") {
            return self.next().map(|t| Extent::of(&t));
        }
        let is_underscore = matches!(self.peek(), Some(TokenTree::Ident(i)) if i == "_");
        let starts_int = match self.tokens.get(self.pos + 1) {
            Some(TokenTree::Literal(_)) => true,
            Some(TokenTree::Punct(p)) => p.as_char() == '-',
            _ => false,
        };
        if is_underscore && !starts_int {
            self.next().map(|t| Extent::of(&t))
        } else {
            None
        }
    }

    /// "expected …, found …" at the next token (or the end of the level).
    fn expected(&self, what: &str) -> syn::Error {
        match self.peek() {
            Some(t) => syn::Error::new(t.span(), format!("expected {what}, found {}", found(t))),
            None => syn::Error::new(
                self.end,
                format!("expected {what}, found {}", self.end_name),
            ),
        }
    }

    fn non_empty(&self, what: &str) -> syn::Result<()> {
        if self.at_end() {
            return Err(syn::Error::new(
                Span::call_site(),
                format!("expected {what}"),
            ));
        }
        Ok(())
    }

    fn finish(&self) -> syn::Result<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.expected("end of input"))
        }
    }

    /// Skip to the next `,` of this level (error recovery).
    fn skip_item(&mut self) {
        while !self.at_end() && !self.is_punct(',') {
            self.pos += 1;
        }
    }
}

/// How a token is named in a message: `'('`, `','`, `'x'`.
fn found(t: &TokenTree) -> String {
    match t {
        TokenTree::Group(g) => match g.delimiter() {
            Delimiter::Parenthesis => "'('".into(),
            Delimiter::Brace => "'{'".into(),
            Delimiter::Bracket => "'['".into(),
            Delimiter::None => "a macro fragment".into(),
        },
        TokenTree::Punct(p) => format!("'{}'", p.as_char()),
        TokenTree::Ident(i) => format!("'{i}'"),
        TokenTree::Literal(l) => format!("'{l}'"),
    }
}

struct Parser<'e> {
    errors: &'e mut Errors,
    /// Run-time leaves seen so far.
    dyns: usize,
}

impl Parser<'_> {
    fn layout(&mut self, c: &mut Cursor) -> syn::Result<LayoutLit> {
        let shape = self.int_tuple(c, 0)?;
        let stride = match c.eat(':') {
            Some(_) => Some(self.int_tuple(c, 0)?),
            None => None,
        };
        Ok(LayoutLit { shape, stride })
    }

    fn tiler(&mut self, c: &mut Cursor, depth: usize) -> syn::Result<TilerLit> {
        if depth >= MAX_DEPTH {
            return Err(c.expected(&format!("at most {MAX_DEPTH} levels of nesting")));
        }
        if let Some(open) = c.eat('<') {
            let mut modes = Vec::new();
            let close = match c.eat('>') {
                Some(close) => close,
                None => loop {
                    modes.push(self.tiler(c, depth + 1)?);
                    if let Some(close) = c.eat('>') {
                        break close;
                    }
                    if c.eat(',').is_none() {
                        return Err(c.expected("',' or '>'"));
                    }
                },
            };
            return Ok(TilerLit::Modes(modes, open.to(close)));
        }
        if c.eat_hole().is_some() {
            return Ok(TilerLit::Hole);
        }
        let shape = self.int_tuple(c, 0)?;
        if c.eat(':').is_some() {
            let stride = Some(self.int_tuple(c, 0)?);
            return Ok(TilerLit::Layout(LayoutLit { shape, stride }));
        }
        Ok(TilerLit::Shape(shape))
    }

    /// `int | {expr} | (…)`.
    fn int_tuple(&mut self, c: &mut Cursor, depth: usize) -> syn::Result<Node> {
        let Some(TokenTree::Group(g)) = c.peek().cloned() else {
            return self.int(c);
        };
        let at = Extent::one(g.span());
        match g.delimiter() {
            Delimiter::Parenthesis => {}
            Delimiter::Brace => {
                c.next();
                if g.stream().is_empty() {
                    return Err(at.error("expected a run-time expression in `{…}`"));
                }
                let (expr, divisor) = split_divisor(g.stream());
                let divisor = match divisor {
                    Some(Some(d)) => Some(d),
                    Some(None) => {
                        return Err(at.error(
                            "expected a positive static divisor (1..=1024 or a power of two up to 2^20) after `:` in a run-time leaf `{expr:D}`",
                        ));
                    }
                    None => None,
                };
                if expr.is_empty() {
                    return Err(at.error("expected a run-time expression in `{…}`"));
                }
                self.dyns += 1;
                let leaf = Leaf::Dyn(self.dyns - 1, expr, divisor);
                return Ok(Node {
                    tree: Tree::Leaf(leaf),
                    at,
                });
            }
            _ => return Err(at.error("expected `(…)`, found `[…]`")),
        }
        c.next();
        if depth >= MAX_DEPTH {
            return Err(at.error(format!(
                "expected at most {MAX_DEPTH} levels of nesting, found '('"
            )));
        }
        let mut inner = Cursor::new(g.stream(), g.span_close(), "')'");
        let mut kids = Vec::new();
        while !inner.at_end() {
            let kid = self.int_tuple(&mut inner, depth + 1);
            let ok = kid.is_ok();
            kids.push(kid.unwrap_or_else(|e| {
                self.errors.push(e);
                inner.skip_item();
                Node {
                    tree: Tree::Invalid,
                    at,
                }
            }));
            if inner.at_end() {
                break;
            }
            if inner.eat(',').is_none() {
                if ok {
                    self.errors.push(inner.expected("',' or ')'"));
                }
                inner.skip_item();
                if inner.eat(',').is_none() {
                    break;
                }
            }
            if inner.at_end() {
                // `(4,)`: an item must follow the comma.
                self.errors.push(inner.expected("an integer"));
            }
        }
        Ok(Node {
            tree: Tree::Tuple(kids),
            at,
        })
    }

    /// `[ '_' ] [ '-' ] digits`, as one to three tokens.
    fn int(&mut self, c: &mut Cursor) -> syn::Result<Node> {
        let Some(first) = c.peek().cloned() else {
            return Err(c.expected("an integer"));
        };
        let start = Extent::of(&first);
        // The text of the integer, `-` included, from one token (`_4`, a
        // literal `4` or `-4`), two (`-` `4`) or three (`_` `-` `4`).
        let mut text = match &first {
            TokenTree::Ident(i) => {
                let s = i.to_string();
                match s.strip_prefix('_') {
                    Some(rest) => rest.to_string(),
                    None => return Err(c.expected("an integer")),
                }
            }
            _ => String::new(),
        };
        if text.is_empty() {
            if matches!(first, TokenTree::Ident(_)) {
                c.next();
            }
            if c.eat('-').is_some() {
                text.push('-');
            }
            match c.peek() {
                Some(TokenTree::Literal(l)) => text.push_str(&l.to_string()),
                _ => return Err(c.expected("an integer")),
            }
        }
        let last = c.next().map_or(start, |t| Extent::of(&t));
        let at = start.to(last);
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.as_str()),
        };
        match scan_decimal(digits.as_bytes(), negative) {
            Scan::Value(v) => Ok(Node {
                tree: Tree::Leaf(Leaf::Int(v)),
                at,
            }),
            Scan::NotDecimal => Err(at.error(format!("expected an integer, found '{text}'"))),
            Scan::Overflow => {
                Err(at.error("expected an integer that fits in i64, found a larger integer"))
            }
        }
    }
}

/// What [`scan_decimal`] read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Scan {
    Value(i64),
    /// Empty, or a byte that is not an ASCII digit.
    NotDecimal,
    /// Does not fit in `i64`.
    Overflow,
}

/// Read `digits` (ASCII decimal digits only) as an `i64`, negated as the
/// digits are read when `negative` (so `i64::MIN` reads): the workspace's
/// scanner ([`scan_i64`]) over the whole text of one integer token.
pub(crate) fn scan_decimal(digits: &[u8], negative: bool) -> Scan {
    if !digits.iter().all(u8::is_ascii_digit) {
        return Scan::NotDecimal;
    }
    match scan_i64(digits, &mut 0, negative) {
        Ok(Some(v)) => Scan::Value(v),
        Ok(None) => Scan::NotDecimal,
        Err(ScanOverflow) => Scan::Overflow,
    }
}
