//! Spike: CuTe's composition `A ∘ (s:d)` of a flat layout `A` by a rank-1
//! layout, written once over leaves that are static or run-time
//! ([`leaf`]). The result of static leaves is static (its type holds the
//! values); a run-time leaf anywhere makes the leaves that depend on it
//! run-time. The result keeps one mode per mode of `A` (a fixed structure:
//! CuTe drops the size-1 modes, which would make the structure depend on
//! run-time values). `run.sh` times `cargo check` of generated callers.

pub mod leaf;

use leaf::{LMin, LMul, LShapeDiv, Leaf};

/// A mode `s:d` followed by the other modes `T`.
#[derive(Clone, Copy)]
pub struct Cons<S, D, T>(pub S, pub D, pub T);

/// The last mode `s:d`.
#[derive(Clone, Copy)]
pub struct Last<S, D>(pub S, pub D);

/// A flat layout as a list of modes.
pub trait Flat: Copy {
    /// The product of the shape leaves.
    fn size(self) -> u64;
    /// The offset of index `i` (colexicographic).
    fn call(self, i: u64) -> u64;
}

impl<S: Leaf, D: Leaf> Flat for Last<S, D> {
    fn size(self) -> u64 {
        self.0.get()
    }
    fn call(self, i: u64) -> u64 {
        i * self.1.get()
    }
}

impl<S: Leaf, D: Leaf, T: Flat> Flat for Cons<S, D, T> {
    fn size(self) -> u64 {
        self.0.get() * self.2.size()
    }
    fn call(self, i: u64) -> u64 {
        let s = self.0.get();
        (i % s) * self.1.get() + self.2.call(i / s)
    }
}

type Sd<A, B> = <A as LShapeDiv<B>>::Out;
type Mn<A, B> = <A as LMin<B>>::Out;
type Ml<A, B> = <A as LMul<B>>::Out;

/// One walk over the modes of `A` carrying the rest of `B`'s stride (`RS`)
/// and shape (`RSh`): CuTe's two folds of `composition_impl` (mod out the
/// stride, then the shape), fused.
pub trait Walk<RS, RSh> {
    /// The result's modes.
    type Out: Flat;
    /// The result.
    fn walk(self, rest_stride: RS, rest_shape: RSh) -> Self::Out;
}

impl<S, D, RS, RSh> Walk<RS, RSh> for Last<S, D>
where
    S: Leaf,
    D: Leaf + LMul<RS>,
    RSh: Leaf,
{
    type Out = Last<RSh, Ml<D, RS>>;
    fn walk(self, rest_stride: RS, rest_shape: RSh) -> Self::Out {
        Last(rest_shape, self.1.mul(rest_stride))
    }
}

impl<S, D, T, RS, RSh> Walk<RS, RSh> for Cons<S, D, T>
where
    S: Leaf + LShapeDiv<RS> + LShapeDiv<Sd<S, RS>>,
    RS: Leaf + LShapeDiv<S>,
    D: Leaf + LMul<Sd<S, Sd<S, RS>>>,
    Sd<S, RS>: Leaf + LMin<RSh>,
    RSh: Leaf + LShapeDiv<Mn<Sd<S, RS>, RSh>>,
    Mn<Sd<S, RS>, RSh>: Leaf,
    Ml<D, Sd<S, Sd<S, RS>>>: Leaf,
    T: Walk<Sd<RS, S>, Sd<RSh, Mn<Sd<S, RS>, RSh>>>,
{
    type Out = Cons<Mn<Sd<S, RS>, RSh>, Ml<D, Sd<S, Sd<S, RS>>>, T::Out>;
    fn walk(self, rest_stride: RS, rest_shape: RSh) -> Self::Out {
        let (s, d) = (self.0, self.1);
        let sh1 = s.shape_div(rest_stride);
        let st1 = d.mul(s.shape_div(sh1));
        let sh2 = sh1.min(rest_shape);
        Cons(
            sh2,
            st1,
            self.2
                .walk(rest_stride.shape_div(s), rest_shape.shape_div(sh2)),
        )
    }
}

/// `a ∘ (s:d)`.
pub fn compose<A: Walk<D, S>, S, D>(a: A, s: S, d: D) -> A::Out {
    a.walk(d, s)
}

#[cfg(test)]
mod tests {
    use super::leaf::{Dy, St};
    use super::*;
    use typenum::{U2, U3, U4, U5, U6, U7, U8, U12};

    /// `(4,6,8,10):(2,3,5,7) ∘ 6:12 = (1,2,3,1):(8,9,5,7)` (CuTe: `(2,3):(9,5)`,
    /// the size-1 modes dropped): the same offsets with static and with
    /// run-time leaves.
    #[test]
    fn static_and_run_time_leaves_agree() {
        let st = Cons(
            St::<U4>::default(),
            St::<U2>::default(),
            Cons(
                St::<U6>::default(),
                St::<U3>::default(),
                Cons(
                    St::<U8>::default(),
                    St::<U5>::default(),
                    Last(Dy(10), St::<U7>::default()),
                ),
            ),
        );
        let dy = Cons(
            Dy(4),
            Dy(2),
            Cons(Dy(6), Dy(3), Cons(Dy(8), Dy(5), Last(Dy(10), Dy(7)))),
        );
        let r1 = compose(st, St::<U6>::default(), St::<U12>::default());
        let r2 = compose(dy, Dy(6), Dy(12));
        assert_eq!(r1.size(), 6);
        assert_eq!(r2.size(), 6);
        let want = [0, 9, 5, 14, 10, 19];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(r1.call(i as u64), *w);
            assert_eq!(r2.call(i as u64), *w);
        }
    }
}
