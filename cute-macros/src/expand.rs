//! Stage 3: a valid AST → tokens naming `::cute_static` types and values.
//!
//! Only called when [`validate`](crate::validate) found nothing, so every
//! static leaf here is an `i64` above `i64::MIN` (negative only in the
//! strides of a fully static layout) and every tuple is congruent;
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

/// The one spelling of the static integer `n > i64::MIN`: `C<n>` for a
/// readable constant (`0..=1024`, powers of two up to `2^20`: what the
/// algebra's results are spelled with), else its decimal digits
/// `Dec<d0, d1, …>` (`cute_static::layout::Dec`: typenum has `C<n>`'s type-level
/// value only for a table of constants); a negative `n` (a stride) is
/// `Neg<…>` of the spelling of `−n`.
pub(crate) fn c_type(n: i64) -> TokenStream {
    if n < 0 {
        let m = c_type(n.saturating_neg());
        return quote!(::cute_static::layout::Neg<#m>);
    }
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
        quote!(::cute_static::layout::Dec<#(#digits),*>)
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
        TilerLit::Hole => quote!(::cute_static::tensor::Underscore),
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

/// The static divisor of each run-time leaf, by its number: the one
/// written (`{m:128}`), or for a stride leaf written without one, the
/// divisor of a shape leaf with the same expression (`({m:128},8):(1,{m})`:
/// the stride `{m}` is the same value, so a multiple of 128 too).
fn divisors(l: &LayoutLit) -> Vec<Option<usize>> {
    let shape = l.shape.leaves();
    let stride = l.stride.iter().flat_map(Node::leaves).collect::<Vec<_>>();
    let of_shape = |e: &TokenStream| {
        shape.iter().find_map(|leaf| match &leaf.tree {
            Tree::Leaf(Leaf::Dyn(_, f, d)) if f.to_string() == e.to_string() => *d,
            _ => None,
        })
    };
    let mut out = Vec::new();
    for (leaf, in_stride) in shape
        .iter()
        .map(|l| (l, false))
        .chain(stride.iter().map(|l| (l, true)))
    {
        if let Tree::Leaf(Leaf::Dyn(k, e, d)) = &leaf.tree {
            if out.len() <= *k {
                out.resize(*k + 1, None);
            }
            out[*k] = d.or_else(|| if in_stride { of_shape(e) } else { None });
        }
    }
    out
}

/// The type of a run-time leaf with divisor `d` (`Dyn` without one).
fn dyn_type(d: Option<usize>) -> TokenStream {
    match d {
        Some(d) => quote!(::cute_static::layout::DynDiv<#d>),
        None => quote!(::cute_static::Dyn),
    }
}

/// Type and value of a mixed integer tuple.
fn mixed_tuple(n: &Node, divs: &[Option<usize>]) -> Pair {
    match &n.tree {
        Tree::Leaf(Leaf::Dyn(k, ..)) => {
            let name = dyn_name(*k);
            (dyn_type(divs.get(*k).copied().flatten()), quote!(#name))
        }
        Tree::Leaf(Leaf::Int(v)) => {
            let ty = c_type(*v);
            (
                ty.clone(),
                quote!(<#ty as ::core::default::Default>::default()),
            )
        }
        Tree::Tuple(kids) => pair_tuple(kids.iter().map(|k| mixed_tuple(k, divs)).collect()),
        Tree::Invalid => Pair::default(),
    }
}

/// The label of the block of a mixed `layout!` whose checked leaves
/// (`DynDiv::new`) break out with their error.
fn checked_label() -> syn::Lifetime {
    syn::Lifetime::new("'__cute_checked", Span::call_site())
}

/// Type and value of one leaf of a mixed compact stride: static while the
/// prefix product is static and a readable constant, else run-time; with a
/// divisor (the factor times the run-time leaves' divisors) when one of
/// those leaves has one and that product is a readable constant.
fn mixed_stride(p: Product, divs: &[Option<usize>]) -> Pair {
    let factor = p.factor as usize;
    if p.dyns.is_empty() {
        let ty = c_type(p.factor);
        return (
            ty.clone(),
            quote!(<#ty as ::core::default::Default>::default()),
        );
    }
    let values = p.dyns.iter().map(|&k| {
        let name = dyn_name(k);
        quote!(::cute_static::layout::Int::value(#name))
    });
    let divisor = if p
        .dyns
        .iter()
        .any(|&k| divs.get(k).copied().flatten().is_some())
    {
        // A product of divisors beyond the readable constants is dropped.
        p.dyns
            .iter()
            .try_fold(factor, |acc, &k| {
                acc.checked_mul(divs.get(k).copied().flatten().unwrap_or(1))
            })
            .filter(|&d| cute_core::limits::is_readable(d as u64))
    } else {
        None
    };
    match divisor {
        Some(d) => {
            let label = checked_label();
            (
                dyn_type(Some(d)),
                quote!(match ::cute_static::layout::DynDiv::<#d>::from_product(#factor, &[#(#values),*]) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => break #label ::core::result::Result::Err(e),
                }),
            )
        }
        None => {
            let mut values = values;
            let mut e = match (factor, values.next()) {
                (1, Some(first)) => first,
                (_, Some(first)) => quote!(#factor.wrapping_mul(#first)),
                (_, None) => quote!(#factor),
            };
            for v in values {
                e = quote!((#e).wrapping_mul(#v));
            }
            (quote!(::cute_static::Dyn), quote!(::cute_static::Dyn(#e)))
        }
    }
}

/// The type `MixedLayout<S, D>` and the value (a `Result` of
/// `MixedLayout::new`) of a layout with run-time leaves. A leaf with a
/// divisor is built by `DynDiv::new`, whose error leaves the block.
fn mixed_layout(l: &LayoutLit) -> Pair {
    let divs = divisors(l);
    let (st, sv) = mixed_tuple(&l.shape, &divs);
    let (dt, dv) = match &l.stride {
        Some(d) => mixed_tuple(d, &divs),
        None => {
            let mut leaves = compact_strides(&l.shape)
                .into_iter()
                .map(|p| mixed_stride(p, &divs));
            rebuild(&l.shape, &mut leaves, &pair_tuple)
        }
    };
    let label = checked_label();
    let mut leaves = l.shape.leaves();
    leaves.extend(l.stride.iter().flat_map(Node::leaves));
    let lets = leaves.into_iter().filter_map(|leaf| match &leaf.tree {
        Tree::Leaf(Leaf::Dyn(k, e, _)) => {
            let name = dyn_name(*k);
            Some(match divs.get(*k).copied().flatten() {
                Some(d) => quote!(let #name = match ::cute_static::layout::DynDiv::<#d>::new(#e) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => break #label ::core::result::Result::Err(e),
                };),
                None => quote!(let #name = ::cute_static::Dyn(#e);),
            })
        }
        _ => None,
    });
    let lets: Vec<_> = lets.collect();
    let checked = divs.iter().any(Option::is_some);
    let ty = quote!(::cute_static::layout::MixedLayout<#st, #dt>);
    let value = if checked {
        quote!(#label: { #(#lets)* <#ty>::new(#sv, #dv) })
    } else {
        quote!({ #(#lets)* <#ty>::new(#sv, #dv) })
    };
    (ty, value)
}
