//! Stage 4 (on errors): every error of the literal, plus a placeholder of
//! the kind the macro stands for, so that the caller's code still
//! type-checks and no follow-up error ("type annotations needed", "no
//! method …") hides the real one.

use proc_macro2::TokenStream;
use quote::quote;

/// What a macro expands to.
#[derive(Clone, Copy)]
pub(crate) enum Output {
    /// `layout!` without run-time leaves: a static `Layout` value.
    LayoutValue,
    /// `layout!` with run-time leaves: a `Result<MixedLayout, cute_static::Error>`.
    MixedLayoutValue,
    /// `Layout!`: a type.
    LayoutType,
    /// `tiler!`: a static `Tiler` value.
    TilerValue,
    /// `Tiler!`: a static `Tiler` type.
    TilerType,
    /// `dlayout!`: a `cute_dynamic::Layout` value.
    DynamicLayoutValue,
}

/// The one placeholder routine: the errors as `compile_error!`s, and a
/// value or type of the right kind built on the layout `1:0`.
pub(crate) fn placeholder(output: Output, errors: syn::Error) -> TokenStream {
    let err = errors.to_compile_error();
    let unit = quote!(::cute_static::Layout<::cute_static::C<1>, ::cute_static::C<0>>);
    match output {
        Output::LayoutValue => quote!({ #err; <#unit>::new() }),
        Output::MixedLayoutValue => quote!({
            #err;
            ::core::result::Result::<#unit, ::cute_static::Error>::Ok(<#unit>::new())
        }),
        // In a type, the errors sit in a const block of the stride.
        Output::LayoutType => {
            quote!(::cute_static::Layout<::cute_static::C<1>, ::cute_static::C<{ #err; 0 }>>)
        }
        Output::TilerValue => quote!({ #err; ::cute_static::Tiler::<::cute_static::C<1>>::new() }),
        Output::TilerType => quote!(::cute_static::Tiler<::cute_static::C<{ #err; 1 }>>),
        Output::DynamicLayoutValue => quote!({
            #err;
            ::cute_static::dynamic::Layout::parse("1:0").expect("the placeholder parses")
        }),
    }
}
