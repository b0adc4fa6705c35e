//! min of a tuple without a leaf: a fold over none has no value.
use cute_static::algebra::MinOf;

fn main() {
    let r = <MinOf<((), ((),))>>::default();
    println!("{r:?}");
}
