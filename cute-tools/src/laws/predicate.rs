//! The laws of `copy_if` and `fill` (cute-dynamic's `kernel/predicate.rs`).

use super::*;

/// `copy_if(pred, src, dst)`: afterwards `dst(i) == src(i)` where `pred(i)`
/// holds and `dst(i) == before(i)` elsewhere. The tensors are given by their
/// values in index order (`Tensor::at(i)` for `i` in `0..size`): `src`,
/// `before` (`dst` before the copy) and `after` (`dst` after it); an index
/// past `src` or `before` reads `None`. A law over values: it needs none of
/// the engine and layout bounds `copy_if` states on its tensors.
pub fn check_copy_if<P, V>(
    pred: &P,
    src: &[Option<V>],
    before: &[Option<V>],
    after: &[Option<V>],
) -> Result<(), Violation>
where
    P: Predicate + ?Sized,
    V: Clone + PartialEq + core::fmt::Debug,
{
    let law = after
        .iter()
        .enumerate()
        .try_for_each(|(idx, got)| -> Outcome {
            let i = i64::try_from(idx).map_err(err)?;
            let from = if pred.test(i) == Some(true) {
                src
            } else {
                before
            };
            let want = from.get(idx).cloned().flatten();
            ensure(*got == want, || {
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
