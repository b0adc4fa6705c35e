//! The laws of `copy_if` and `fill` (cute-dynamic's `kernel/predicate.rs`).

use super::*;

/// `copy_if(pred, src, dst)`: afterwards `dst(i) == src(i)` where `pred(i)`
/// holds and `dst(i) == before(i)` elsewhere (`before` is `dst`'s values,
/// index by index, taken before the copy).
pub fn check_copy_if<P, S, D, LS, LD>(
    pred: &P,
    src: &Tensor<S, LS>,
    before: &[Option<S::Value>],
    dst: &Tensor<D, LD>,
) -> Result<(), Violation>
where
    P: Predicate + ?Sized,
    LS: TensorLayout,
    LD: TensorLayout,
    S: Engine<LS::Offset>,
    D: EngineMut<LD::Offset, Value = S::Value>,
    S::Value: Clone + PartialEq + core::fmt::Debug,
{
    let law = (0..dst.size()).try_for_each(|i| -> Outcome {
        let idx = usize::try_from(i).map_err(err)?;
        let want = if pred.test(i) == Some(true) {
            src.at(i)
        } else {
            before.get(idx).cloned().flatten()
        };
        let got = dst.at(i);
        ensure(got == want, || {
            format!("element {i}: {got:?}, expected {want:?}")
        })
    });
    lift("copy_if", "copy_if(pred, src, dst)".into(), &COMPUTED, law)
}

/// `fill(dst, v)` (and `clear`, with the default value): every element of
/// `dst` is `v`.
pub fn check_fill<D, LD>(dst: &Tensor<D, LD>, v: &D::Value) -> Result<(), Violation>
where
    LD: TensorLayout,
    D: Engine<LD::Offset>,
    D::Value: PartialEq + core::fmt::Debug,
{
    let law = (0..dst.size()).try_for_each(|i| -> Outcome {
        ensure(dst.at(i).as_ref() == Some(v), || {
            format!("element {i} is {:?}, expected {v:?}", dst.at(i))
        })
    });
    lift("fill", format!("fill(dst, {v:?})"), &COMPUTED, law)
}
