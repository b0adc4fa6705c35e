// A swizzled shared tensor whose layout reaches past its array: three
// (128,64) stages of the Sw<3,3,3> atom need 24576 halves, the array
// holds one stage's 8192.
use cute_static::arch::{F16, SmemArray, dynamic_shared_storage};
use cute_static::{C, Layout, algebra::tile_to_shape, layout};

fn main() {
    let a = dynamic_shared_storage::<SmemArray<F16, Layout![(128, 64)]>>();
    let atom = layout!(Sw<3,3,3> o 0 o (8, (8, 8)):(8, (1, 64)));
    let _ = a.tensor(tile_to_shape(atom, (C::<128>, C::<64>, C::<3>), ()));
}
