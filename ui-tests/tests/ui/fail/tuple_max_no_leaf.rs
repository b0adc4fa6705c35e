//! max of a tuple without a leaf: a fold over none has no value.
use cute_static::algebra::MaxOf;

fn main() {
    let r = <MaxOf<((), ((),))>>::default();
    println!("{r:?}");
}
