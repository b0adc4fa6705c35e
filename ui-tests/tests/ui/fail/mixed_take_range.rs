// take<B, E> of a mixed layout needs B < E ≤ rank: a compile error naming
// the rule.
use cute_static::layout;

fn main() {
    let n = 5;
    let l = layout!((2, {n}, 4):(1, 2, 64)).unwrap();
    let t = l.take::<1, 4>();
    println!("{t}");
}
