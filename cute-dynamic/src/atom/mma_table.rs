//! The MMA atoms, transcribed from the PTX ISA's fragment descriptions
//! (CUTLASS's `mma_traits_sm*.hpp` names and layouts).

use super::mma::{MmaAtom, MmaValueTypes};
use super::value_type::ValueType::{self, *};
use crate::data::layout::Layout;
#[allow(unused_imports)]
use crate::prelude::*;

fn layout(text: &str) -> Layout {
    // The table's layouts are literals checked by the tests below.
    Layout::parse(text).unwrap_or_else(|e| panic!("atom table literal {text}: {e}"))
}

fn types(d: ValueType, a: ValueType, b: ValueType, c: ValueType) -> MmaValueTypes {
    MmaValueTypes { d, a, b, c }
}

fn atom(
    name: &str,
    mnk: [i64; 3],
    thr: &str,
    a: &str,
    b: &str,
    c: &str,
    t: MmaValueTypes,
) -> MmaAtom {
    MmaAtom::new(name, mnk, layout(thr), [layout(a), layout(b), layout(c)], t)
        .unwrap_or_else(|e| panic!("atom table entry {name}: {e}"))
}

/// Every atom, built once per call.
fn all() -> Vec<MmaAtom> {
    const SM80_16X8_ROW: &str = "((4,8),(2,2)):((16,1),(8,64))";
    vec![
        atom(
            "UniversalFMA<float,float,float,float>",
            [1, 1, 1],
            "1:0",
            "(1,1):(0,0)",
            "(1,1):(0,0)",
            "(1,1):(0,0)",
            types(Float, Float, Float, Float),
        ),
        atom(
            "SM80_16x8x16_F32F16F16F32_TN",
            [16, 8, 16],
            "32:1",
            "((4,8),(2,2,2)):((32,1),(16,8,128))",
            SM80_16X8_ROW,
            SM80_16X8_ROW,
            types(Float, Half, Half, Float),
        ),
    ]
}

pub(super) fn lookup(name: &str) -> Option<MmaAtom> {
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
