// A shared array is sized at compile time: a swizzled layout with a
// run-time offset (a slice's) cannot size one.
use cute_static::arch::{F16, SmemArray, shared_storage};
use cute_static::layout::{ComposedLayout, Swizzle};
use cute_static::{Dyn, Layout};

type Sliced = ComposedLayout<Swizzle<3, 3, 3>, Dyn, Layout![(8, 64):(64, 1)]>;

fn main() {
    let _ = shared_storage::<SmemArray<F16, Sliced>>();
}
