//! # cute-macros: layout literals in CuTe notation
//!
//! `layout!((4,8):(1,4))` (a static layout value), `Layout![(4,8):(1,4)]`
//! (its type), `tiler!(<4:1,8:2>)` (a by-mode static tiler value) and
//! `dlayout!((4,8):(1,4))` (a run-time `cute_dynamic::Layout`). Use these
//! macros through `cute_static`, which re-exports them (the expansions name
//! `::cute_static`).
//!
//! Each macro is one pipeline:
//!
//! 1. `parse`: tokens → a literal AST with spans (CuTe notation, run-time
//!    leaves `{expr}`);
//! 2. `validate`: the rules of the target (congruence, positive shapes,
//!    ranks, readable static constants, …), every violation recorded and
//!    spanned over the offending sub-tree;
//! 3. `expand`: AST → tokens for the static, mixed or run-time layout;
//! 4. `fallback` when there are errors: all of them, combined, and a
//!    placeholder of the right kind so no follow-up errors appear.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod expand;
mod fallback;
mod parse;
mod swizzle;
mod validate;

#[cfg(test)]
mod tests;

use fallback::Output;
use parse::Errors;
use proc_macro::TokenStream;
use proc_macro2::TokenStream as TokenStream2;
use validate::Target;

/// Parse, validate, then expand — or fall back with every error.
fn pipeline<L>(
    input: TokenStream2,
    output: Output,
    parse: fn(TokenStream2, &mut Errors) -> Option<L>,
    validate: impl FnOnce(&L, &mut Errors),
    expand: impl FnOnce(&L) -> TokenStream2,
) -> TokenStream {
    let mut errors = Errors::default();
    let literal = parse(input, &mut errors);
    if let Some(l) = &literal {
        validate(l, &mut errors);
    }
    match (errors.finish(), literal) {
        (Ok(()), Some(l)) => expand(&l),
        (Err(e), _) => fallback::placeholder(output, e),
        (Ok(()), None) => fallback::placeholder(
            output,
            syn::Error::new(proc_macro2::Span::call_site(), "malformed literal"),
        ),
    }
    .into()
}

/// A static layout value: `layout!((4,8):(1,4))`, `layout!((4,8))`
/// (compact column-major), `layout!(8:2)`.
///
/// The value is a zero-sized `cute_static::Layout<S, D>` whose leaves are
/// `C<N>` (or `Dec<digits>` beyond `0..=1024` and the powers of two up to
/// `2^20`: any `i64 ≥ 0` is a static integer); a negative stride `-m` is
/// `Neg<…>` of the spelling of `m` (`layout!((8,4):(-1,8))` prints
/// `(_8,_4):(_-1,_8)`; `i64::MIN` is an error). With run-time leaves `{expr}` (a `usize`
/// expression) the value is a `Result<cute_static::layout::MixedLayout<S, D>, _>`.
///
/// A swizzle prefix makes a composed layout (CuTe's `ComposedLayout`):
/// `layout!(Sw<3,3,3> o 0 o (8,64):(64,1))` is a
/// `cute_static::layout::ComposedLayout` of `Swizzle<3,3,3>`, the offset `C<0>` (a
/// run-time offset is written `{expr}`; `o OFFSET` may be left out) and the
/// static layout; a swizzle that breaks the swizzle rule (`|S| ≥ B`, `B + M
/// + |S| ≤ 62`) is an error naming the rule.
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    let input = TokenStream2::from(input);
    let (prefix, input) = match swizzle::split(&input) {
        Ok(Some((p, rest))) => (Some(p), rest),
        Ok(None) => (None, input),
        Err(e) => return fallback::placeholder(Output::LayoutValue, e).into(),
    };
    let mixed = parse::has_runtime_leaf(&input);
    if mixed && prefix.is_some() {
        let e = syn::Error::new_spanned(
            &input,
            "the inner layout of a composed layout must be static (write run-time values only in the offset `{expr}`)",
        );
        return fallback::placeholder(Output::LayoutValue, e).into();
    }
    let output = if mixed {
        Output::MixedLayoutValue
    } else {
        Output::LayoutValue
    };
    pipeline(
        input,
        output,
        parse::layout,
        |l, e| validate::layout(l, Target::Static, e),
        |l| {
            let inner = expand::layout_value(l, mixed);
            match &prefix {
                Some(p) => swizzle::wrap_value(p, inner),
                None => inner,
            }
        },
    )
}

/// The type of a static layout: `Layout![(4,8):(1,4)]` is
/// `cute_static::Layout<(C<4>, C<8>), (C<1>, C<4>)>` (a `MixedLayout` with
/// run-time leaves `{…}`); `Layout![Sw<B,M,S> o O o L]` is the
/// `cute_static::layout::ComposedLayout` type (see `layout!`).
#[allow(non_snake_case)]
#[proc_macro]
pub fn Layout(input: TokenStream) -> TokenStream {
    let input = TokenStream2::from(input);
    let (prefix, input) = match swizzle::split(&input) {
        Ok(Some((p, rest))) => (Some(p), rest),
        Ok(None) => (None, input),
        Err(e) => return fallback::placeholder(Output::LayoutType, e).into(),
    };
    let mixed = parse::has_runtime_leaf(&input);
    if mixed && prefix.is_some() {
        let e = syn::Error::new_spanned(
            &input,
            "the inner layout of a composed layout must be static (write run-time values only in the offset `{expr}`)",
        );
        return fallback::placeholder(Output::LayoutType, e).into();
    }
    pipeline(
        input,
        Output::LayoutType,
        parse::layout,
        |l, e| validate::layout(l, Target::Static, e),
        |l| {
            let inner = expand::layout_type(l, mixed);
            match &prefix {
                Some(p) => swizzle::wrap_type(p, inner),
                None => inner,
            }
        },
    )
}

/// A static tiler value: `tiler!(<4:1,8:2>)` (one layout per mode),
/// `tiler!((4,8))` (a shape: `<4,8>`), `tiler!(4:2)` (one layout), nested
/// `tiler!(<<2,2>,4:1>)`. Integer tiles stay integers, as in cute-dynamic.
#[proc_macro]
pub fn tiler(input: TokenStream) -> TokenStream {
    pipeline(
        input.into(),
        Output::TilerValue,
        parse::tiler,
        validate::tiler,
        expand::tiler_value,
    )
}

/// The type of a static tiler, pairing with [`tiler!`](macro@tiler) (same
/// grammar): `Tiler![<128, 128, 8>]` is the type of `tiler!(<128, 128, 8>)`,
/// `cute_static::Tiler<(C<128>, C<128>, C<8>)>`; `Tiler![<4:1, 8:2>]`,
/// `Tiler![(4, 8)]`, `Tiler![4:2]` and holes `_` likewise. It names a
/// tiler in a type position: a type parameter, an alias, a bound.
#[allow(non_snake_case)]
#[proc_macro]
pub fn Tiler(input: TokenStream) -> TokenStream {
    pipeline(
        input.into(),
        Output::TilerType,
        parse::tiler,
        validate::tiler,
        expand::tiler_type_of,
    )
}

/// A run-time layout: `dlayout!((4,8):(1,4))` is the `cute_dynamic::Layout`
/// `(4,8):(1,4)`, checked at compile time (negative strides allowed).
#[proc_macro]
pub fn dlayout(input: TokenStream) -> TokenStream {
    pipeline(
        input.into(),
        Output::DynamicLayoutValue,
        parse::layout,
        |l, e| validate::layout(l, Target::Dynamic, e),
        expand::dlayout_value,
    )
}
