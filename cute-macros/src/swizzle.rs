//! The swizzle prefix of a composed-layout literal: `Sw<B,M,S> o OFFSET o
//! LAYOUT` (CuTe's printing of a `ComposedLayout`), or `Sw<B,M,S> o
//! LAYOUT` (offset 0). The prefix is split off here and checked against
//! the workspace's one swizzle rule (`cute_core::limits::swizzle_violation`);
//! the inner layout goes through the layout pipeline as usual, and
//! [`wrap_value`]/[`wrap_type`] put the swizzle and the offset around its
//! expansion.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::quote;

/// `Sw<B,M,S> o OFFSET o`, checked.
pub(crate) struct Prefix {
    b: u32,
    m: u32,
    s: i32,
    /// A static offset `N` or a run-time `{expr}`.
    offset: Offset,
}

enum Offset {
    Static(u64),
    Dynamic(TokenStream),
}

fn flat(input: TokenStream) -> Vec<TokenTree> {
    let mut out = Vec::new();
    for t in input {
        match t {
            TokenTree::Group(g) if g.delimiter() == Delimiter::None => out.extend(flat(g.stream())),
            t => out.push(t),
        }
    }
    out
}

fn is_punct(t: Option<&TokenTree>, c: char) -> bool {
    matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn is_ident(t: Option<&TokenTree>, name: &str) -> bool {
    matches!(t, Some(TokenTree::Ident(i)) if i == name)
}

/// Split a literal into its swizzle prefix and the inner layout's tokens:
/// `Ok(None)` when it does not start with `Sw`.
pub(crate) fn split(input: &TokenStream) -> syn::Result<Option<(Prefix, TokenStream)>> {
    let tokens = flat(input.clone());
    if !is_ident(tokens.first(), "Sw") {
        return Ok(None);
    }
    let span_at = |k: usize| tokens.get(k).map_or(Span::call_site(), TokenTree::span);
    let expected = |k: usize, what: &str| syn::Error::new(span_at(k), format!("expected {what}"));
    let mut k = 1;
    if !is_punct(tokens.get(k), '<') {
        return Err(expected(
            k,
            "`<` after `Sw` (a swizzle is written `Sw<B,M,S>`)",
        ));
    }
    k += 1;
    let mut params = [0i64; 3];
    for (n, p) in params.iter_mut().enumerate() {
        let negative = is_punct(tokens.get(k), '-');
        k += usize::from(negative);
        let Some(TokenTree::Literal(lit)) = tokens.get(k) else {
            return Err(expected(k, "an integer swizzle parameter"));
        };
        let v: i64 = lit
            .to_string()
            .parse()
            .map_err(|_| expected(k, "an integer swizzle parameter"))?;
        *p = if negative { -v } else { v };
        k += 1;
        let sep = if n < 2 { ',' } else { '>' };
        if !is_punct(tokens.get(k), sep) {
            return Err(expected(k, if n < 2 { "`,`" } else { "`>`" }));
        }
        k += 1;
    }
    let sw_end = k - 1;
    let invalid = |rule: &str| {
        let [b, m, s] = params;
        let first = tokens[0].clone();
        let last = tokens[sw_end].clone();
        syn::Error::new_spanned(
            [first, last].into_iter().collect::<TokenStream>(),
            format!("invalid swizzle Sw<{b},{m},{s}>: {rule}"),
        )
    };
    let b = u32::try_from(params[0]).map_err(|_| invalid("B must be non-negative"))?;
    let m = u32::try_from(params[1]).map_err(|_| invalid("M must be non-negative"))?;
    let s = i32::try_from(params[2]).map_err(|_| invalid("S is out of range"))?;
    if let Some(rule) = cute_core::limits::swizzle_violation(b, m, s) {
        return Err(invalid(rule.reason()));
    }
    if !is_ident(tokens.get(k), "o") {
        return Err(expected(
            k,
            "` o ` after the swizzle (`Sw<B,M,S> o OFFSET o LAYOUT`)",
        ));
    }
    k += 1;
    // `OFFSET o` is present when the token after the next one is `o`.
    let mut offset = Offset::Static(0);
    if is_ident(tokens.get(k + 1), "o") {
        offset = match &tokens[k] {
            TokenTree::Literal(lit) => match lit.to_string().parse::<u64>() {
                Ok(v) if i64::try_from(v).is_ok() => Offset::Static(v),
                _ => {
                    return Err(expected(
                        k,
                        "a static offset (an integer in 0..=2^63-1) or a run-time `{offset}`",
                    ));
                }
            },
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => Offset::Dynamic(g.stream()),
            _ => return Err(expected(k, "an offset (an integer or `{expr}`)")),
        };
        k += 2;
    }
    let rest: TokenStream = tokens[k..].iter().cloned().collect();
    Ok(Some((Prefix { b, m, s, offset }, rest)))
}

/// `Sw<B,M,S> o O` as cute-dynamic prints it (`{expr}` for a run-time offset).
impl std::fmt::Display for Prefix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sw<{},{},{}> o ", self.b, self.m, self.s)?;
        match &self.offset {
            Offset::Static(v) => write!(f, "{v}"),
            Offset::Dynamic(e) => write!(f, "{{{e}}}"),
        }
    }
}

impl Prefix {
    fn swizzle_type(&self) -> TokenStream {
        let (b, m, s) = (self.b, self.m, self.s);
        quote!(::cute_static::layout::Swizzle<#b, #m, #s>)
    }
}

/// `ComposedLayout::new(Swizzle::new(), offset, inner)`.
pub(crate) fn wrap_value(p: &Prefix, inner: TokenStream) -> TokenStream {
    let sw = p.swizzle_type();
    let offset = match &p.offset {
        Offset::Static(v) => {
            let ty = crate::expand::c_type(*v as i64);
            quote!(<#ty as ::core::default::Default>::default())
        }
        Offset::Dynamic(e) => {
            quote!(::cute_static::Dyn({ let __cute_offset: usize = #e; __cute_offset }))
        }
    };
    quote!(::cute_static::layout::ComposedLayout::new(<#sw>::new(), #offset, #inner))
}

/// `ComposedLayout<Swizzle<B,M,S>, C<O> or Dyn, Inner>`.
pub(crate) fn wrap_type(p: &Prefix, inner: TokenStream) -> TokenStream {
    let sw = p.swizzle_type();
    let offset = match &p.offset {
        Offset::Static(v) => crate::expand::c_type(*v as i64),
        Offset::Dynamic(_) => quote!(::cute_static::Dyn),
    };
    quote!(::cute_static::layout::ComposedLayout<#sw, #offset, #inner>)
}
