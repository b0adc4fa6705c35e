//! Every atom of cute-dynamic's tables passes its law: well formed, and each
//! tile element (each reference bit) held exactly once.

use cute_dynamic::{copy_atom, copy_atom_names, mma_atom, mma_atom_names};

#[test]
fn every_atom_is_well_formed_and_injective() {
    for name in mma_atom_names() {
        cute_tools::laws::check_mma_atom(&mma_atom(&name).unwrap()).unwrap();
    }
    for name in copy_atom_names() {
        cute_tools::laws::check_copy_atom(&copy_atom(&name).unwrap()).unwrap();
    }
}
