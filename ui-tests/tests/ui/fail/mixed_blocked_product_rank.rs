//! A mixed blocked product pairs `A`'s modes with `B`'s: `B` is a static
//! layout of `A`'s rank (or a leaf for a rank-1 `A`).
use cute_static::layout;

fn main() {
    let m = 40;
    let a = layout!(({m}, 8):(1, {m})).unwrap();
    let _ = a.blocked_product(layout!((2, 2, 2):(1, 2, 4)));
}
