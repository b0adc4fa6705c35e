// A static tile that cannot divide a static mode of a mixed layout is a
// compile error naming the rule, even though another mode is run-time.
use cute_static::{layout, tiler};

fn main() {
    let n = 10;
    let a = layout!(((6, 2), {n}):((1, 7), 14)).unwrap();
    let t = a.zipped_divide(tiler!(<4, 2>)).unwrap();
    println!("{t}");
}
