// A dice coordinate whose rank differs from the mixed layout's: a compile
// error naming the rule.
use cute_static::{layout, tensor::__};

fn main() {
    let n = 5;
    let l = layout!((2, {n}, 4):(1, 2, 64)).unwrap();
    let d = l.dice((1usize, __));
    println!("{d}");
}
