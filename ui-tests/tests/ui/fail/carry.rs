//! The Shah counterexample: CuTe silently returns the wrong (3,2):(2,3).
use cute_static::{algebra::Composed, Layout, layout::StaticLayout};

type A = Layout![(6, 2):(1, 7)];
type B = Layout![(3, 2):(2, 3)];

fn main() {
    println!("{}", <Composed<A, B> as StaticLayout>::SIZE);
}
