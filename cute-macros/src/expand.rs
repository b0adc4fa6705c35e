//! Stage 3: a valid AST → tokens naming `::cute_static` types and values.
//!
//! Only called when [`validate`](crate::validate) found nothing, so every
//! static leaf here is a non-negative `i64` and every tuple is congruent;
//! the code still never panics on anything else (it emits `()`).

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::parse::{LayoutLit, Leaf, Node, TilerLit, Tree};
use crate::validate::{Product, compact_strides};

/// The value of `layout!`: a static `Layout` value, or with run-time leaves
/// the `Result` of `MixedLayout::new`.
pub(crate) fn layout_value(l: &LayoutLit, mixed: bool) -> TokenStream {
    if mixed {
        let (ty, value) = mixed_layout(l);
        quote!({ let __cute_layout: ::core::result::Result<#ty, ::cute_static::Error> = #value; __cute_layout })
    } else {
        let ty = static_layout(l);
        quote!(<#ty>::new())
    }
}

/// The type of `Layout!`: a static `Layout` or a `MixedLayout`.
pub(crate) fn layout_type(l: &LayoutLit, mixed: bool) -> TokenStream {
    if mixed {
        mixed_layout(l).0
    } else {
        static_layout(l)
    }
}

/// The value of `tiler!`.
pub(crate) fn tiler_value(t: &TilerLit) -> TokenStream {
    let ty = tiler_type_of(t);
    quote!(<#ty>::new())
}

/// The type of `Tiler!`: the type of the `tiler!` value.
pub(crate) fn tiler_type_of(t: &TilerLit) -> TokenStream {
    let ty = tiler_type(t);
    quote!(::cute_static::Tiler<#ty>)
}

/// The value of `dlayout!`: the run-time layout parsed from its canonical text.
pub(crate) fn dlayout_value(l: &LayoutLit) -> TokenStream {
    let text = dynamic_text(l);
    quote!(::cute_static::dynamic::Layout::parse(#text)
        .expect("checked by dlayout! at compile time"))
}

/// The canonical CuTe text of a layout literal (`_4` is written `4`, the
/// compact stride written out).
pub(crate) fn dynamic_text(l: &LayoutLit) -> String {
    let stride = match &l.stride {
        Some(d) => d.to_string(),
        None => {
            let mut leaves = compact_strides(&l.shape)
                .into_iter()
                .map(|p| p.factor.to_string());
            rebuild(&l.shape, &mut leaves, &|kids: Vec<String>| {
                format!("({})", kids.join(","))
            })
        }
    };
    format!("{}:{stride}", l.shape)
}

/// A tree with the structure of `shape` and the leaves taken from `leaves`.
fn rebuild<T: Default>(
    shape: &Node,
    leaves: &mut impl Iterator<Item = T>,
    tuple: &impl Fn(Vec<T>) -> T,
) -> T {
    match &shape.tree {
        Tree::Leaf(_) => leaves.next().unwrap_or_default(),
        Tree::Tuple(kids) => tuple(kids.iter().map(|k| rebuild(k, leaves, tuple)).collect()),
        Tree::Invalid => T::default(),
    }
}

/// The one spelling of the static integer `n ≥ 0`: `C<n>` for a readable
/// constant (`0..=1024`, powers of two up to `2^20`: what the algebra's
/// results are spelled with), else its decimal digits `Dec<d0, d1, …>`
/// (`cute_static::Dec`: typenum has `C<n>`'s type-level value only for a
/// table of constants).
pub(crate) fn c_type(n: i64) -> TokenStream {
    let n = n as u64;
    if cute_core::limits::is_readable(n) {
        let n = n as usize;
        quote!(::cute_static::C<#n>)
    } else {
        let digits = n
            .to_string()
            .bytes()
            .map(|b| usize::from(b - b'0'))
            .collect::<Vec<_>>();
        quote!(::cute_static::Dec<#(#digits),*>)
    }
}

/// The static type of an integer tuple.
fn static_tuple(n: &Node) -> TokenStream {
    match &n.tree {
        Tree::Leaf(Leaf::Int(v)) => c_type(*v),
        Tree::Tuple(kids) => {
            let kids = kids.iter().map(static_tuple);
            quote!((#(#kids,)*))
        }
        Tree::Leaf(Leaf::Dyn(..)) | Tree::Invalid => quote!(()),
    }
}

/// The static layout type `::cute_static::Layout<S, D>`.
fn static_layout(l: &LayoutLit) -> TokenStream {
    let s = static_tuple(&l.shape);
    let d = match &l.stride {
        Some(d) => static_tuple(d),
        None => {
            let mut leaves = compact_strides(&l.shape)
                .into_iter()
                .map(|p| c_type(p.factor));
            rebuild(
                &l.shape,
                &mut leaves,
                &|kids: Vec<TokenStream>| quote!((#(#kids,)*)),
            )
        }
    };
    quote!(::cute_static::Layout<#s, #d>)
}

/// The static type of a tiler: a layout type, an integer tile `C<N>`, or a
/// tuple of tilers.
fn tiler_type(t: &TilerLit) -> TokenStream {
    match t {
        TilerLit::Modes(modes, _) => {
            let modes = modes.iter().map(tiler_type);
            quote!((#(#modes,)*))
        }
        TilerLit::Layout(l) => static_layout(l),
        TilerLit::Shape(s) => static_tuple(s),
        TilerLit::Hole => quote!(::cute_static::Underscore),
    }
}

/// The local holding run-time leaf number `k`.
fn dyn_name(k: usize) -> Ident {
    Ident::new(&format!("__cute_d{k}"), Span::call_site())
}

/// The type and the value of one part of a mixed layout.
type Pair = (TokenStream, TokenStream);

fn pair_tuple(kids: Vec<Pair>) -> Pair {
    let (tys, vals): (Vec<_>, Vec<_>) = kids.into_iter().unzip();
    (quote!((#(#tys,)*)), quote!((#(#vals,)*)))
}

/// Type and value of a mixed integer tuple.
fn mixed_tuple(n: &Node) -> Pair {
    match &n.tree {
        Tree::Leaf(Leaf::Dyn(k, _)) => {
            let name = dyn_name(*k);
            (quote!(::cute_static::Dyn), quote!(#name))
        }
        Tree::Leaf(Leaf::Int(v)) => {
            let ty = c_type(*v);
            (
                ty.clone(),
                quote!(<#ty as ::core::default::Default>::default()),
            )
        }
        Tree::Tuple(kids) => pair_tuple(kids.iter().map(mixed_tuple).collect()),
        Tree::Invalid => Pair::default(),
    }
}

/// Type and value of one leaf of a mixed compact stride: static while the
/// prefix product is static, else run-time.
fn mixed_stride(p: Product) -> Pair {
    let factor = p.factor as usize;
    if p.dyns.is_empty() {
        let ty = c_type(p.factor);
        return (
            ty.clone(),
            quote!(<#ty as ::core::default::Default>::default()),
        );
    }
    let mut names = p.dyns.iter().map(|&k| dyn_name(k));
    let mut e = match (factor, names.next()) {
        (1, Some(first)) => quote!(#first.0),
        (_, Some(first)) => quote!(#factor.wrapping_mul(#first.0)),
        (_, None) => quote!(#factor),
    };
    for name in names {
        e = quote!((#e).wrapping_mul(#name.0));
    }
    (quote!(::cute_static::Dyn), quote!(::cute_static::Dyn(#e)))
}

/// The type `MixedLayout<S, D>` and the value (a `Result` of
/// `MixedLayout::new`) of a layout with run-time leaves.
fn mixed_layout(l: &LayoutLit) -> Pair {
    let (st, sv) = mixed_tuple(&l.shape);
    let (dt, dv) = match &l.stride {
        Some(d) => mixed_tuple(d),
        None => {
            let mut leaves = compact_strides(&l.shape).into_iter().map(mixed_stride);
            rebuild(&l.shape, &mut leaves, &pair_tuple)
        }
    };
    let mut leaves = l.shape.leaves();
    leaves.extend(l.stride.iter().flat_map(Node::leaves));
    let lets = leaves.into_iter().filter_map(|leaf| match &leaf.tree {
        Tree::Leaf(Leaf::Dyn(k, e)) => {
            let name = dyn_name(*k);
            Some(quote!(let #name = ::cute_static::Dyn(#e);))
        }
        _ => None,
    });
    let ty = quote!(::cute_static::MixedLayout<#st, #dt>);
    let value = quote!({ #(#lets)* <#ty>::new(#sv, #dv) });
    (ty, value)
}
