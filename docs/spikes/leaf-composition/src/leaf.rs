//! Leaves that are static (`St<U>`, a typenum integer, zero-sized) or
//! run-time (`Dy`, a `u64`), and the four leaf operations composition needs,
//! each with the rule "static with static stays static, anything else runs
//! at run time" (nalgebra's `Const`/`Dyn`).

use core::marker::PhantomData;
use core::ops::{Div, Mul};
use typenum::{Maximum, Minimum, Prod, Quot, U1, Unsigned};

/// A leaf: its value.
pub trait Leaf: Copy {
    /// The value.
    fn get(self) -> u64;
}

/// A static leaf.
#[derive(Clone, Copy, Default)]
pub struct St<U>(PhantomData<U>);

/// A run-time leaf.
#[derive(Clone, Copy)]
pub struct Dy(pub u64);

impl<U: Unsigned + Copy> Leaf for St<U> {
    fn get(self) -> u64 {
        U::U64
    }
}

impl Leaf for Dy {
    fn get(self) -> u64 {
        self.0
    }
}

/// Which side is static decides the output type; the value is computed by
/// `run` when either side is run-time.
macro_rules! leaf_op {
    ($tr:ident, $f:ident, $st:ident, $run:expr) => {
        /// A binary leaf operation.
        pub trait $tr<R> {
            /// `St` when both sides are, else `Dy`.
            type Out: Leaf;
            /// The value.
            fn $f(self, r: R) -> Self::Out;
        }
        impl<A: Unsigned + Copy, B: Unsigned + Copy> $tr<St<B>> for St<A>
        where
            A: $st<B>,
            <A as $st<B>>::Output: Unsigned + Copy,
        {
            type Out = St<<A as $st<B>>::Output>;
            fn $f(self, _: St<B>) -> Self::Out {
                St(PhantomData)
            }
        }
        impl<A: Unsigned + Copy> $tr<Dy> for St<A> {
            type Out = Dy;
            fn $f(self, r: Dy) -> Dy {
                Dy($run(A::U64, r.0))
            }
        }
        impl<B: Unsigned + Copy> $tr<St<B>> for Dy {
            type Out = Dy;
            fn $f(self, _: St<B>) -> Dy {
                Dy($run(self.0, B::U64))
            }
        }
        impl $tr<Dy> for Dy {
            type Out = Dy;
            fn $f(self, r: Dy) -> Dy {
                Dy($run(self.0, r.0))
            }
        }
    };
}

/// `shape_div(a, b)` for positive leaves: `max(a / b, 1)` (CuTe's
/// `a / b != 0 ? a / b : 1`).
pub trait ShapeDivT<B> {
    /// The quotient.
    type Output;
}
impl<A: Div<B>, B> ShapeDivT<B> for A
where
    Quot<A, B>: typenum::Max<U1>,
{
    type Output = Maximum<Quot<A, B>, U1>;
}

/// `min(a, b)`.
pub trait MinT<B> {
    /// The minimum.
    type Output;
}
impl<A: typenum::Min<B>, B> MinT<B> for A {
    type Output = Minimum<A, B>;
}

/// `a * b`.
pub trait MulT<B> {
    /// The product.
    type Output;
}
impl<A: Mul<B>, B> MulT<B> for A {
    type Output = Prod<A, B>;
}

leaf_op!(LShapeDiv, shape_div, ShapeDivT, |a: u64, b: u64| (a / b)
    .max(1));
leaf_op!(LMin, min, MinT, |a: u64, b: u64| a.min(b));
leaf_op!(LMul, mul, MulT, |a: u64, b: u64| a * b);
