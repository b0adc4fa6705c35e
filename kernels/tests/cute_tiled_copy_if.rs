//! CuTe's `tiled_copy_if.cu` kernels (`cute_kernels::cute::tiled_copy_if`)
//! on the host, through their entries' host twins: a tensor whose extents
//! the `(128, 64)` tile does not divide is copied exactly, nothing past its
//! extents (the padding of the leading dimension, the memory after it) is
//! written.

use cute_kernels::cute::entries::{copy_if_kernel, copy_if_kernel_vectorized};
use cute_static::arch::{Dim3, GlobalBuffer, host};
use cute_static::layout::MixedLayout;
use cute_static::{C, Dyn};

fn run(vectorized: bool, (m, n, ld): (usize, usize, usize)) {
    let len = ld * n + 64; // 64 elements after the tensor, which must stay untouched
    let s: Vec<f32> = (0..len).map(|i| i as f32).collect();
    let (bs, bd) = (
        GlobalBuffer::from_slice(&s),
        GlobalBuffer::from_slice(&vec![-1.0f32; len]),
    );
    let layout = MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(ld))).unwrap();
    let (ts, td) = (bs.tensor(layout).unwrap(), bd.tensor(layout).unwrap());
    let grid = Dim3::new(m.div_ceil(128), n.div_ceil(64), 1);
    if vectorized {
        host::launch(grid, Dim3::new(256, 1, 1), || {
            copy_if_kernel_vectorized(ts, td)
        });
    } else {
        host::launch(grid, Dim3::new(256, 1, 1), || copy_if_kernel(ts, td));
    }
    let d = bd.to_vec();
    for (o, (&got, &src)) in d.iter().zip(&s).enumerate() {
        let inside = o < ld * n && o % ld < m;
        let want = if inside { src } else { -1.0 };
        assert_eq!(
            got, want,
            "offset {o} (vectorized = {vectorized}, inside = {inside})"
        );
    }
}

#[test]
fn copy_if_kernel_copies_partial_tiles() {
    run(false, (528, 300, 528)); // the tutorial's tensor
    run(false, (131, 70, 133));
}

#[test]
fn copy_if_kernel_vectorized_copies_partial_tiles() {
    run(true, (528, 300, 528));
    run(true, (132, 70, 136));
}
