//! gcd of a tuple without a leaf: a fold over none has no value.
use cute_static::GcdOf;

fn main() {
    let r = <GcdOf<((), ((),))>>::default();
    println!("{r:?}");
}
