// select of a mode the mixed layout does not have: a compile error naming
// the rule.
use cute_static::{layout, C};

fn main() {
    let n = 5;
    let l = layout!((2, {n}):(1, 2)).unwrap();
    let s = l.select((C::<0>, C::<2>)).unwrap();
    println!("{s}");
}
