//! group_modes<B, E> of a mixed layout needs B < E ≤ rank.
use cute_static::layout;

fn main() {
    let n = 3;
    let a = layout!((2, {n}, 4):(1, 2, 6)).unwrap();
    let _ = a.group_modes::<1, 4>();
}
