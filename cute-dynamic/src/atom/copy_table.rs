//! The copy atoms (CUTLASS's `copy_traits_sm*.hpp` names; layouts in bits).

use super::copy::CopyAtom;
use crate::data::layout::Layout;
#[allow(unused_imports)]
use crate::prelude::*;

fn layout(text: &str) -> Layout {
    // The table's layouts are literals checked by the tests below.
    Layout::parse(text).unwrap_or_else(|e| panic!("atom table literal {text}: {e}"))
}

fn atom(name: &str, thr: &str, src: &str, dst: &str, reference: &str) -> CopyAtom {
    CopyAtom::new(
        name,
        layout(thr),
        [layout(src), layout(dst), layout(reference)],
    )
    .unwrap_or_else(|e| panic!("copy atom table entry {name}: {e}"))
}

/// Every atom, built once per call.
fn all() -> Vec<CopyAtom> {
    vec![atom(
        "UniversalCopy<uint128_t>",
        "1:0",
        "(1,128):(0,1)",
        "(1,128):(0,1)",
        "(1,128):(0,1)",
    )]
}

pub(super) fn lookup(name: &str) -> Option<CopyAtom> {
    all().into_iter().find(|a| a.name() == name)
}

pub(super) fn names() -> Vec<String> {
    all().iter().map(|a| a.name().to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_well_formed_and_named_once() {
        let atoms = all();
        for (i, a) in atoms.iter().enumerate() {
            assert!(
                atoms[..i].iter().all(|b| b.name() != a.name()),
                "{} listed twice",
                a.name()
            );
        }
    }
}
