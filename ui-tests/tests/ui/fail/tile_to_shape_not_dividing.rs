//! tile_to_shape needs the block's shape to divide the target shape.
use cute_static::{C, layout, algebra::tile_to_shape};

fn main() {
    let _ = tile_to_shape(layout!((8, 64):(64, 1)), (C::<100>, C::<64>), ());
}
