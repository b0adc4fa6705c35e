//! A layout with a negative stride has signed offsets: `call` (a `usize`)
//! does not compile; `call_signed` is its evaluation.
use cute_static::layout;

fn main() {
    let l = layout!((8, 4):(-1, 8));
    println!("{}", l.call_signed(3));
    println!("{}", l.call(3));
}
