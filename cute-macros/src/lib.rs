//! # cute-macros: layout literals in CuTe notation
//!
//! `layout!((4,8):(1,4))` (a static layout value), `Layout![(4,8):(1,4)]`
//! (its type), `tiler!(<4:1,8:2>)` (a by-mode static tiler value) and
//! `dlayout!((4,8):(1,4))` (a run-time `cute_dynamic::Layout`). Every literal
//! is parsed by cute-dynamic's parser — the workspace's one grammar — at
//! expansion time, so a malformed literal is a compile error spanned on the
//! offending token or sub-tuple, and the macro still expands to a
//! placeholder so no "type annotations needed" errors follow. Use these
//! macros through `cute_static`, which re-exports them (the expansions name
//! `::cute_static`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use cute_dynamic::{IntTupleRef, Layout, LayoutError, Tiler};
use proc_macro::TokenStream;
use proc_macro2::{Delimiter, Span, TokenStream as TokenStream2, TokenTree};
use quote::quote;

/// Largest number of children of one static tuple (`cute_static::MAX_RANK`).
const MAX_RANK: usize = 8;

/// A static layout value: `layout!((4,8):(1,4))`, `layout!((4,8))`
/// (compact column-major), `layout!(8:2)`.
///
/// The value is a zero-sized `cute_static::Layout<S, D>` whose leaves are
/// `C<N>`; static integers must be in `0..=1024` or powers of two, and
/// strides non-negative.
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    match Text::new(input.into()).and_then(|t| t.static_layout()) {
        Ok(ty) => quote!(<#ty>::new()),
        Err(e) => {
            let err = e.to_compile_error();
            quote!({ #err; ::cute_static::Layout::<::cute_static::C<1>, ::cute_static::C<0>>::new() })
        }
    }
    .into()
}

/// The type of a static layout: `Layout![(4,8):(1,4)]` is
/// `cute_static::Layout<(C<4>, C<8>), (C<1>, C<4>)>`.
#[allow(non_snake_case)]
#[proc_macro]
pub fn Layout(input: TokenStream) -> TokenStream {
    // On error the expansion is the placeholder `1:0` whose stride carries
    // the `compile_error!` in a const block: one error, no follow-ups.
    match Text::new(input.into()).and_then(|t| t.static_layout()) {
        Ok(ty) => ty,
        Err(e) => {
            let err = e.to_compile_error();
            quote!(::cute_static::Layout<::cute_static::C<1>, ::cute_static::C<{ #err; 0 }>>)
        }
    }
    .into()
}

/// A static tiler value: `tiler!(<4:1,8:2>)` (one layout per mode),
/// `tiler!((4,8))` (a shape: `<4,8>`), `tiler!(4:2)` (one layout), nested
/// `tiler!(<<2,2>,4:1>)`. Integer tiles stay integers, as in cute-dynamic.
#[proc_macro]
pub fn tiler(input: TokenStream) -> TokenStream {
    let result = Text::new(input.into()).and_then(|t| {
        let tiler = t.parse(cute_dynamic::parse_tiler)?;
        let ty = t.tiler_type(&tiler)?;
        Ok(quote!(::cute_static::Tiler::<#ty>::new()))
    });
    match result {
        Ok(ts) => ts,
        Err(e) => {
            let err = e.to_compile_error();
            quote!({ #err; ::cute_static::Tiler::<::cute_static::C<1>>::new() })
        }
    }
    .into()
}

/// A run-time layout: `dlayout!((4,8):(1,4))` is the `cute_dynamic::Layout`
/// `(4,8):(1,4)`, checked at compile time (negative strides allowed).
#[proc_macro]
pub fn dlayout(input: TokenStream) -> TokenStream {
    let result = Text::new(input.into()).and_then(|t| {
        let l = t.parse(cute_dynamic::parse_layout)?;
        let text = l.to_string();
        Ok(quote!(::cute_static::dynamic::Layout::parse(#text)
            .expect("checked by dlayout! at compile time")))
    });
    match result {
        Ok(ts) => ts,
        Err(e) => {
            let err = e.to_compile_error();
            quote!({ #err; ::core::panic!() })
        }
    }
    .into()
}

/// The macro input re-stringified for cute-dynamic's parser, with the span
/// of every token (a group's span covers the whole sub-tuple).
struct Text {
    text: String,
    /// `(byte offset, span)` of each token, in order.
    spans: Vec<(usize, Span)>,
    /// Offsets and spans of the integer tokens (`4`, `_4`), in order.
    ints: Vec<(usize, Span)>,
    /// The top-level tokens.
    tokens: Vec<TokenTree>,
    whole: Span,
}

impl Text {
    fn new(input: TokenStream2) -> syn::Result<Text> {
        let mut t = Text {
            text: String::new(),
            spans: Vec::new(),
            ints: Vec::new(),
            tokens: input.clone().into_iter().collect(),
            whole: Span::call_site(),
        };
        if let Some(first) = input.clone().into_iter().next() {
            t.whole = first.span();
        }
        if input.is_empty() {
            return Err(syn::Error::new(
                Span::call_site(),
                "expected a layout in CuTe notation, e.g. `(4,8):(1,4)`",
            ));
        }
        t.push(input)?;
        Ok(t)
    }

    fn push(&mut self, input: TokenStream2) -> syn::Result<()> {
        for tt in input {
            let after_minus = self.text.ends_with('-');
            if !self.text.is_empty() && !after_minus {
                self.text.push(' ');
            }
            let at = self.text.len();
            match &tt {
                TokenTree::Group(g) => {
                    let (open, close) = match g.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::None => ("", ""),
                        Delimiter::Brace => {
                            return Err(syn::Error::new(
                                g.span(),
                                "run-time leaves `{…}` are not supported by static layouts yet",
                            ));
                        }
                        Delimiter::Bracket => {
                            return Err(syn::Error::new(g.span(), "expected `(…)`, found `[…]`"));
                        }
                    };
                    self.spans.push((at, g.span()));
                    self.text.push_str(open);
                    self.push(g.stream())?;
                    self.spans.push((self.text.len(), g.span_close()));
                    self.text.push_str(close);
                }
                TokenTree::Literal(l) => {
                    self.spans.push((at, l.span()));
                    self.ints.push((at, l.span()));
                    self.text.push_str(&l.to_string());
                }
                TokenTree::Ident(i) => {
                    self.spans.push((at, i.span()));
                    self.ints.push((at, i.span()));
                    self.text.push_str(&i.to_string());
                }
                TokenTree::Punct(p) => {
                    self.spans.push((at, p.span()));
                    self.text.push(p.as_char());
                }
            }
        }
        Ok(())
    }

    /// The span of the token at byte `pos` (the last one starting there or before).
    fn span_at(&self, pos: usize) -> Span {
        self.spans
            .iter()
            .rev()
            .find(|(at, _)| *at <= pos)
            .map_or(self.whole, |(_, s)| *s)
    }

    /// Run a cute-dynamic parser; errors are spanned at their position.
    fn parse<T>(&self, parser: fn(&str) -> Result<T, LayoutError>) -> syn::Result<T> {
        parser(&self.text).map_err(|e| {
            match &e {
                // The byte position is in the re-stringified text: report the
                // span of the token there instead.
                LayoutError::Parse {
                    position,
                    expected,
                    found,
                } => {
                    let span = if expected.starts_with("a stride congruent") {
                        self.stride_mismatch()
                            .unwrap_or_else(|| self.span_at(*position))
                    } else {
                        self.span_at(*position)
                    };
                    syn::Error::new(span, format!("expected {expected}, found {found}"))
                }
                _ => syn::Error::new(self.whole, e.to_string()),
            }
        })
    }

    /// The span of the first part of the stride whose structure differs
    /// from the shape's (the offending sub-tuple or leaf), for `S:D` input.
    fn stride_mismatch(&self) -> Option<Span> {
        let colon = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ':');
        let at = self.tokens.iter().position(colon)?;
        let (shape, stride) = (&self.tokens[..at], &self.tokens[at + 1..]);
        mismatch(&Tok::of(shape), &Tok::of(stride))
    }

    /// The static layout type of the input.
    fn static_layout(&self) -> syn::Result<TokenStream2> {
        let l = self.parse(cute_dynamic::parse_layout)?;
        let mut leaf = 0;
        // The token trees of the shape and the stride, to span errors on
        // the offending sub-tuple or leaf.
        let colon = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ':');
        let (shape, stride) = match self.tokens.iter().position(colon) {
            Some(at) => (
                Tok::of(&self.tokens[..at]),
                Some(Tok::of(&self.tokens[at + 1..])),
            ),
            None => (Tok::of(&self.tokens), None),
        };
        let s = self.tuple_type(l.shape().as_ref(), &mut leaf, "shape", Some(&shape))?;
        let d = self.tuple_type(l.stride().as_ref(), &mut leaf, "stride", stride.as_ref())?;
        Ok(quote!(::cute_static::Layout<#s, #d>))
    }

    fn layout_type(&self, l: &Layout, leaf: &mut usize) -> syn::Result<TokenStream2> {
        let s = self.tuple_type(l.shape().as_ref(), leaf, "shape", None)?;
        let d = self.tuple_type(l.stride().as_ref(), leaf, "stride", None)?;
        Ok(quote!(::cute_static::Layout<#s, #d>))
    }

    /// An error spanned on the whole input (first to last token).
    fn whole_error(&self, message: String) -> syn::Error {
        syn::Error::new_spanned(
            self.tokens.iter().cloned().collect::<TokenStream2>(),
            message,
        )
    }

    /// The span of integer leaf number `leaf` in the input (falls back to the whole input).
    fn leaf_span(&self, leaf: usize) -> Span {
        self.ints.get(leaf).map_or(self.whole, |(_, s)| *s)
    }

    /// The type of an integer tuple; `tok` is its token tree when known
    /// (errors are spanned on it), else the leaf spans are used.
    fn tuple_type(
        &self,
        t: IntTupleRef<'_>,
        leaf: &mut usize,
        what: &str,
        tok: Option<&Tok>,
    ) -> syn::Result<TokenStream2> {
        if let Some(v) = t.as_int() {
            let span = self.leaf_span(*leaf);
            *leaf += 1;
            let error = |message: String| match tok {
                Some(tok @ Tok::Leaf(..)) => tok.error(message),
                _ => syn::Error::new(span, message),
            };
            if v < 0 {
                return Err(error(format!(
                    "static {what}s are non-negative, found {v} (use `dlayout!` for negative strides)"
                )));
            }
            let n = v as u64;
            if n > 1024 && !n.is_power_of_two() {
                return Err(error(format!(
                    "static integer {n} is not supported: static integers are 0..=1024 or powers of two"
                )));
            }
            let n = n as usize;
            return Ok(quote!(::cute_static::C<#n>));
        }
        // The children's token trees, when they line up with the value.
        let kids = match tok {
            Some(Tok::Tuple(_, kids)) if kids.len() == t.rank() => Some(kids),
            _ => None,
        };
        if t.rank() > MAX_RANK {
            let message = format!(
                "a static tuple has at most {MAX_RANK} children, this one has {}",
                t.rank()
            );
            return Err(match tok {
                Some(tok @ Tok::Tuple(..)) => tok.error(message),
                _ => syn::Error::new(self.leaf_span(*leaf), message),
            });
        }
        let children = t
            .children()
            .enumerate()
            .map(|(i, c)| self.tuple_type(c, leaf, what, kids.map(|k| &k[i])))
            .collect::<syn::Result<Vec<_>>>()?;
        Ok(quote!((#(#children,)*)))
    }

    fn tiler_type(&self, t: &Tiler) -> syn::Result<TokenStream2> {
        // Tiler leaves are counted separately: the spans of integer tokens
        // are only a best effort here.
        let mut leaf = 0;
        self.tiler_type_at(t, &mut leaf)
    }

    fn tiler_type_at(&self, t: &Tiler, leaf: &mut usize) -> syn::Result<TokenStream2> {
        match t {
            Tiler::Layout(l) => self.layout_type(l, leaf),
            Tiler::Int(n) => {
                self.tuple_type(cute_dynamic::IntTuple::int(*n).as_ref(), leaf, "tile", None)
            }
            Tiler::Modes(ms) => {
                if ms.len() > MAX_RANK {
                    return Err(self.whole_error(format!(
                        "a static tiler has at most {MAX_RANK} modes, this one has {}",
                        ms.len()
                    )));
                }
                let children = ms
                    .iter()
                    .map(|m| self.tiler_type_at(m, leaf))
                    .collect::<syn::Result<Vec<_>>>()?;
                Ok(quote!((#(#children,)*)))
            }
        }
    }
}

/// A token-level view of an integer tuple: a parenthesised group and its
/// comma-separated children, or a leaf. Used only to place spans; the
/// values come from cute-dynamic's parser.
enum Tok {
    /// A leaf: the span of its first and of its last token (`-4` is two).
    Leaf(Span, Span),
    /// A parenthesised group (its span covers the whole sub-tuple).
    Tuple(Span, Vec<Tok>),
}

impl Tok {
    /// An error spanned on the whole node.
    fn error(&self, message: String) -> syn::Error {
        let (first, last) = match self {
            Tok::Leaf(first, last) => (*first, *last),
            Tok::Tuple(s, _) => (*s, *s),
        };
        // `new_spanned` spans from the first to the last token it is given.
        let mut a = proc_macro2::Punct::new('+', proc_macro2::Spacing::Alone);
        a.set_span(first);
        let mut b = proc_macro2::Punct::new('+', proc_macro2::Spacing::Alone);
        b.set_span(last);
        syn::Error::new_spanned(
            [TokenTree::Punct(a), TokenTree::Punct(b)]
                .into_iter()
                .collect::<TokenStream2>(),
            message,
        )
    }

    fn of(tokens: &[TokenTree]) -> Tok {
        match tokens {
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::Parenthesis => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                let comma = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ',');
                let children = inner
                    .split(comma)
                    .filter(|part| !part.is_empty())
                    .map(Tok::of)
                    .collect();
                Tok::Tuple(g.span(), children)
            }
            [first, .., last] => Tok::Leaf(first.span(), last.span()),
            [only] => Tok::Leaf(only.span(), only.span()),
            [] => Tok::Leaf(Span::call_site(), Span::call_site()),
        }
    }

    fn span(&self) -> Span {
        match self {
            Tok::Leaf(s, _) | Tok::Tuple(s, _) => *s,
        }
    }
}

/// The span of the first node of `stride` whose structure differs from `shape`'s.
fn mismatch(shape: &Tok, stride: &Tok) -> Option<Span> {
    match (shape, stride) {
        (Tok::Leaf(..), Tok::Leaf(..)) => None,
        (Tok::Tuple(_, a), Tok::Tuple(s, b)) if a.len() != b.len() => Some(*s),
        (Tok::Tuple(_, a), Tok::Tuple(_, b)) => a.iter().zip(b).find_map(|(x, y)| mismatch(x, y)),
        _ => Some(stride.span()),
    }
}
