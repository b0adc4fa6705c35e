//! shape_min of a tuple: CuTe implements it for shape integers only.
use cute_static::{C, algebra::ShapeMinOf};

fn main() {
    let r = <ShapeMinOf<(C<2>, C<3>), C<4>>>::default();
    println!("{r:?}");
}
