//! tile_to_shape of a swizzled block tiles its inner layout: the inner
//! block's shape must divide the target shape.
use cute_static::{C, layout, algebra::tile_to_shape};

fn main() {
    let atom = layout!(Sw<3,3,3> o 0 o (8, (8, 8)):(8, (1, 64)));
    let _ = tile_to_shape(atom, (C::<100>, C::<64>, C::<3>), ());
}
