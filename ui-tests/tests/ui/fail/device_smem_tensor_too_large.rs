// A shared tensor whose layout reaches past its array: (128,8):(1,129) has
// cosize 1031, the array holds cosize((128,8)) = 1024 floats.
use cute_static::arch::{SmemArray, shared_storage};
use cute_static::{Layout, layout};

fn main() {
    let a = shared_storage::<SmemArray<f32, Layout![(128, 8)]>>();
    let _ = a.tensor(layout!((128, 8):(1, 129)));
}
