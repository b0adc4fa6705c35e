//! The laws of the layout-descriptor grammar (cute-dynamic's
//! `text/descriptor.rs`).

use super::*;

/// A descriptor printed as `printed`: the text is its normal form, a fixed
/// point (it parses back to the same descriptor and prints unchanged).
pub fn check_descriptor(d: &Descriptor, printed: &str) -> Result<(), Violation> {
    let cx = Ctx::new("descriptor", format!("{d}"), &printed);
    let back: Descriptor = printed
        .parse()
        .map_err(|e| cx.fail(None, format!("the printed form does not parse: {e}")))?;
    cx.ensure(back == *d, || {
        format!("it parses as {back}, another descriptor")
    })?;
    let again = back.to_string();
    cx.ensure(again == printed, || format!("it prints again as {again}"))
}
