// A swizzle literal whose shift is shorter than its bit count: the read
// and the written bits would overlap (CuTe requires |S| >= B).
use cute_static::layout;

fn main() {
    let _tile = layout!(Sw<3,3,2> o 0 o (8,64):(64,1));
}
