// A diagnostic naming static integers above 1024: the size 4096
// of the first mode and the stride 11008 (= 2·4096 + 2816) do not divide each
// other; 11008 reads as `Dec<1, 1, 0, 0, 8>` (its decimal digits), no typenum.
use cute_static::layout;

fn main() {
    let a = layout!((4096, 11008):(11008, 1));
    let r = a.compose(layout!(4096:11008));
    println!("{r}");
}
