//! gcd of a tuple without a leaf: a fold over none has no value.
use cute_static::algebra::GcdOf;

fn main() {
    let r = <GcdOf<((), ((),))>>::default();
    println!("{r:?}");
}
