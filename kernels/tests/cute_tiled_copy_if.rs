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

/// A predicate that selects everything cannot make `copy_if` reach past a
/// partial tensor: its accesses are made only at coordinates inside its
/// shape, so exactly the tensor's elements are copied — not the padding
/// of the leading dimension (storage, but not the domain), not the memory
/// after the tensor. It fails when the shape check of
/// `PartialTensor::fits` is dropped.
#[test]
fn copy_if_with_a_lying_predicate_stays_in_storage() {
    use cute_static::device::{copy_if, local_partition, local_tile};
    use cute_static::{Layout, Tiler, arch::block_idx, arch::thread_idx};
    let (m, n, ld) = (131, 70, 133);
    let cosize = m + ld * (n - 1);
    let len = cosize + 300;
    let s: Vec<f32> = (0..len).map(|i| i as f32).collect();
    let (bs, bd) = (
        GlobalBuffer::from_slice(&s),
        GlobalBuffer::from_slice(&vec![-1.0f32; len]),
    );
    let layout = MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(ld))).unwrap();
    let (ts, td) = (bs.tensor(layout).unwrap(), bd.tensor(layout).unwrap());
    let grid = Dim3::new(m.div_ceil(128), n.div_ceil(64), 1);
    host::launch(grid, Dim3::new(256, 1, 1), || {
        let tiler = <Tiler![<128, 64>]>::default();
        let thr = <Layout![(32, 8)]>::default();
        let b = (block_idx().x, block_idx().y);
        let tile_s = local_tile(ts.partial(), tiler, b, ());
        let tile_d = local_tile(td.partial(), tiler, b, ());
        let part_s = local_partition(tile_s, thr, thread_idx().x, ());
        let mut part_d = local_partition(tile_d, thr, thread_idx().x, ());
        copy_if(&|_: usize| true, &part_s, &mut part_d);
    });
    let d = bd.to_vec();
    for (o, (&got, &src)) in d.iter().zip(&s).enumerate() {
        // The tensor's elements: column o / ld below n, row o % ld below m.
        let inside = o < cosize && o % ld < m;
        let want = if inside { src } else { -1.0 };
        assert_eq!(got, want, "offset {o} (storage: {cosize} elements)");
    }
}
