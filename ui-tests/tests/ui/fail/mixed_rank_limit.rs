// The mixed algebra divides and composes layouts of at most
// MIXED_ALGEBRA_MAX_RANK (4) top-level modes: a rank-5 layout is a compile
// error naming the limit.
use cute_static::{layout, tiler};

fn main() {
    let (m, n) = (10, 20);
    let a = layout!(({m}, {n}, 2, 2, 2)).unwrap();
    let t = a.zipped_divide(tiler!(<2, 2>)).unwrap();
    let c = a.compose(tiler!(<2, 2>)).unwrap();
    println!("{t} {c}");
}
