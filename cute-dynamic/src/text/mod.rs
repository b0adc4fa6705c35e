//! Layer 4, text: CuTe notation (`FromStr` for every data type) and the
//! layout descriptor grammar.

pub(crate) mod descriptor;
pub(crate) mod parse;
