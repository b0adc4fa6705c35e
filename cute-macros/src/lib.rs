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
    let text = Text::new(input.into());
    if let Ok(t) = &text
        && t.has_dyn()
    {
        return match t.mixed_layout() {
            Ok((ty, value)) => quote!({ let __cute_layout: ::core::result::Result<#ty, ::cute_static::dynamic::LayoutError> = #value; __cute_layout }),
            Err(e) => {
                let err = e.to_compile_error();
                quote!({ #err; ::core::result::Result::<::cute_static::Layout<::cute_static::C<1>, ::cute_static::C<0>>, ::cute_static::dynamic::LayoutError>::Ok(::cute_static::Layout::new()) })
            }
        }
        .into();
    }
    match text.and_then(|t| t.static_layout()) {
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
    let text = Text::new(input.into());
    if let Ok(t) = &text
        && t.has_dyn()
    {
        return match t.mixed_layout() {
            Ok((ty, _)) => ty,
            Err(e) => {
                let err = e.to_compile_error();
                quote!(::cute_static::Layout<::cute_static::C<1>, ::cute_static::C<{ #err; 0 }>>)
            }
        }
        .into();
    }
    match text.and_then(|t| t.static_layout()) {
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
        t.no_dyn("static tilers")?;
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
        t.no_dyn("`dlayout!` (write the run-time layout with `cute_dynamic::Layout::new`)")?;
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
    /// For each integer token, the expression of a run-time leaf `{…}`.
    dyns: Vec<Option<TokenStream2>>,
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
            dyns: Vec::new(),
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
                            // A run-time leaf: the parser sees a placeholder 1.
                            if g.stream().is_empty() {
                                return Err(syn::Error::new(
                                    g.span(),
                                    "expected a run-time expression in `{…}`",
                                ));
                            }
                            self.spans.push((at, g.span()));
                            self.ints.push((at, g.span()));
                            self.dyns.push(Some(g.stream()));
                            self.text.push('1');
                            continue;
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
                    self.dyns.push(None);
                    self.text.push_str(&l.to_string());
                }
                TokenTree::Ident(i) => {
                    self.spans.push((at, i.span()));
                    self.ints.push((at, i.span()));
                    self.dyns.push(None);
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

    /// Whether the input has a run-time leaf `{…}`.
    fn has_dyn(&self) -> bool {
        self.dyns.iter().any(Option::is_some)
    }

    /// Reject run-time leaves where only static ones are allowed.
    fn no_dyn(&self, what: &str) -> syn::Result<()> {
        match self.dyns.iter().position(Option::is_some) {
            Some(k) => Err(syn::Error::new(
                self.leaf_span(k),
                format!("run-time leaves `{{…}}` are not supported by {what}"),
            )),
            None => Ok(()),
        }
    }

    /// The type and the value (a `Result` of `MixedLayout::new`) of a layout
    /// with run-time leaves. Without a stride, the compact column-major
    /// stride is computed leaf by leaf: static while the prefix product is.
    fn mixed_layout(&self) -> syn::Result<(TokenStream2, TokenStream2)> {
        let l = self.parse(cute_dynamic::parse_layout)?;
        let explicit = self
            .tokens
            .iter()
            .any(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ':'));
        let mut leaf = 0;
        let (st, sv) = self.mixed_tuple(l.shape().as_ref(), &mut leaf, "shape")?;
        let (dt, dv) = if explicit {
            self.mixed_tuple(l.stride().as_ref(), &mut leaf, "stride")?
        } else {
            let mut leaf = 0;
            let mut prefix = Prefix::Static(1);
            self.compact_stride(l.shape().as_ref(), &mut leaf, &mut prefix)?
        };
        let lets = self.dyns.iter().enumerate().filter_map(|(k, e)| {
            let e = e.as_ref()?;
            let name = dyn_name(k);
            Some(quote!(let #name = ::cute_static::Dyn(#e);))
        });
        let ty = quote!(::cute_static::MixedLayout<#st, #dt>);
        let value = quote!({ #(#lets)* <#ty>::new(#sv, #dv) });
        Ok((ty, value))
    }

    /// Type and value of a mixed integer tuple.
    fn mixed_tuple(
        &self,
        t: IntTupleRef<'_>,
        leaf: &mut usize,
        what: &str,
    ) -> syn::Result<(TokenStream2, TokenStream2)> {
        if t.as_int().is_some() {
            if self.dyns.get(*leaf).is_some_and(Option::is_some) {
                let name = dyn_name(*leaf);
                *leaf += 1;
                return Ok((quote!(::cute_static::Dyn), quote!(#name)));
            }
            let ty = self.tuple_type(t, leaf, what, None)?;
            return Ok((
                ty.clone(),
                quote!(<#ty as ::core::default::Default>::default()),
            ));
        }
        if t.rank() > MAX_RANK {
            return Err(syn::Error::new(
                self.leaf_span(*leaf),
                format!(
                    "a static tuple has at most {MAX_RANK} children, this one has {}",
                    t.rank()
                ),
            ));
        }
        let (tys, vals): (Vec<_>, Vec<_>) = t
            .children()
            .map(|c| self.mixed_tuple(c, leaf, what))
            .collect::<syn::Result<Vec<_>>>()?
            .into_iter()
            .unzip();
        Ok((quote!((#(#tys,)*)), quote!((#(#vals,)*))))
    }

    /// The compact column-major stride of a mixed shape.
    fn compact_stride(
        &self,
        t: IntTupleRef<'_>,
        leaf: &mut usize,
        prefix: &mut Prefix,
    ) -> syn::Result<(TokenStream2, TokenStream2)> {
        if let Some(v) = t.as_int() {
            let out = match prefix {
                Prefix::Static(p) if *p <= 1024 || p.is_power_of_two() => {
                    let p = *p as usize;
                    (quote!(::cute_static::C<#p>), quote!(::cute_static::C::<#p>))
                }
                Prefix::Static(p) => {
                    let p = *p as usize;
                    (quote!(::cute_static::Dyn), quote!(::cute_static::Dyn(#p)))
                }
                Prefix::Dyn(e) => (quote!(::cute_static::Dyn), quote!(::cute_static::Dyn(#e))),
            };
            let dynamic = self.dyns.get(*leaf).is_some_and(Option::is_some);
            let name = dyn_name(*leaf);
            *leaf += 1;
            *prefix = match (&*prefix, dynamic) {
                (Prefix::Static(p), false) => match p.checked_mul(v as u64) {
                    Some(q) => Prefix::Static(q),
                    None => {
                        return Err(syn::Error::new(
                            self.whole,
                            "the compact stride of this shape overflows",
                        ));
                    }
                },
                (Prefix::Static(p), true) => {
                    let p = *p as usize;
                    Prefix::Dyn(quote!(#p.wrapping_mul(#name.0)))
                }
                (Prefix::Dyn(e), true) => Prefix::Dyn(quote!((#e).wrapping_mul(#name.0))),
                (Prefix::Dyn(e), false) => {
                    let v = v as usize;
                    Prefix::Dyn(quote!((#e).wrapping_mul(#v)))
                }
            };
            return Ok(out);
        }
        let (tys, vals): (Vec<_>, Vec<_>) = t
            .children()
            .map(|c| self.compact_stride(c, leaf, prefix))
            .collect::<syn::Result<Vec<_>>>()?
            .into_iter()
            .unzip();
        Ok((quote!((#(#tys,)*)), quote!((#(#vals,)*))))
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
            Tiler::Hole => Err(self.whole_error(
                "a `_` tiler mode is not supported in static tilers yet (use a run-time `Tiler`)"
                    .to_string(),
            )),
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

/// The running prefix product of a compact stride.
enum Prefix {
    Static(u64),
    Dyn(TokenStream2),
}

/// The local holding run-time leaf number `k`.
fn dyn_name(k: usize) -> proc_macro2::Ident {
    proc_macro2::Ident::new(&format!("__cute_d{k}"), Span::call_site())
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
