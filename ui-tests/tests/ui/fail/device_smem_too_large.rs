// Two 128×128 f32 shared tiles (128 KiB): more than the 48 KiB of static
// shared memory a block may declare.
use cute_static::Layout;
use cute_static::arch::{SmemArray, shared_storage};

fn main() {
    let (a, _b) = shared_storage::<(
        SmemArray<f32, Layout![(128, 128)]>,
        SmemArray<f32, Layout![(128, 128)]>,
    )>();
    let _ = a.ptr();
}
