//! The laws of `right_inverse` and `left_inverse` (cute-dynamic's
//! `algebra/inverse.rs`).

use super::*;

/// `right_inverse(L) = R`: `L(R(i)) == i` for every `i < size(R)` (that
/// `R` is the largest such layout is not checked by evaluation).
pub fn check_right_inverse(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("right_inverse", format!("right_inverse({l})"), r);
    for i in points(r.size()) {
        let got = l.call(r.call(i));
        if got != i {
            return Err(cx.fail(Some(crd(r, i)), format!("L(R({i})) = {got} ≠ {i}")));
        }
    }
    Ok(())
}

/// `left_inverse(L) = R`: `R(L(i)) == i` for every `i < size(L)` when `L`
/// is injective, else the quasi-inverse property `L(R(L(i))) == L(i)`.
pub fn check_left_inverse(l: &Layout, r: &Layout) -> Result<(), Violation> {
    let cx = Ctx::new("left_inverse", format!("left_inverse({l})"), r);
    let injective = l.size() <= IMAGE_LIMIT && cute_dynamic::__tools::is_injective(l);
    match cute_dynamic::__tools::left_inverse_witness(l, r, injective, points(l.size())) {
        None => Ok(()),
        Some((i, got, want)) => Err(cx.fail(
            Some(crd(l, i)),
            if injective {
                format!("R(L({i})) = {got} ≠ {want}")
            } else {
                format!("L is not injective and L(R(L({i}))) = {got} ≠ L({i}) = {want}")
            },
        )),
    }
}
