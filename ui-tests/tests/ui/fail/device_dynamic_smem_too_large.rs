// Four 128×128 f32 shared tiles (256 KiB): more than the 227 KiB of
// dynamic shared memory a block may use.
use cute_static::Layout;
use cute_static::arch::{SmemArray, dynamic_shared_storage};

fn main() {
    let (a, _b, _c, _d) = dynamic_shared_storage::<(
        SmemArray<f32, Layout![(128, 128)]>,
        SmemArray<f32, Layout![(128, 128)]>,
        SmemArray<f32, Layout![(128, 128)]>,
        SmemArray<f32, Layout![(128, 128)]>,
    )>();
    let _ = a.ptr();
}
