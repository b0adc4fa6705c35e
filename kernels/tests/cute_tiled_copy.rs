//! CuTe's `tiled_copy.cu` kernels (`cute_kernels::cute::tiled_copy`) on the
//! host, run through their PTX entry points' host twins by
//! `cute_static::arch::host::launch`: `D` must equal `S` element by
//! element, as the tutorial checks, and the padding past the tensor stays
//! untouched.

use cute_kernels::cute::entries::{copy_kernel, copy_kernel_vectorized};
use cute_kernels::cute::tiled_copy::BlockShape;
use cute_static::arch::{Dim3, GlobalBuffer, host};
use cute_static::layout::MixedLayout;
use cute_static::tensor::TensorDivide;
use cute_static::{C, Dyn};

fn run(vectorized: bool, (m, n, ld): (usize, usize, usize)) {
    let s: Vec<f32> = (0..ld * n).map(|i| i as f32).collect();
    let (bs, bd) = (
        GlobalBuffer::from_slice(&s),
        GlobalBuffer::from_slice(&vec![-1.0f32; ld * n]),
    );
    let layout = MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(ld))).unwrap();
    let tiled = layout.tiled(BlockShape::default()).unwrap(); // ((M, N), m', n')
    let (ts, td) = (bs.tensor(tiled).unwrap(), bd.tensor(tiled).unwrap());
    let grid = Dim3::new(m / 128, n / 64, 1);
    if vectorized {
        host::launch(grid, Dim3::new(256, 1, 1), || {
            copy_kernel_vectorized(ts, td)
        });
    } else {
        host::launch(grid, Dim3::new(256, 1, 1), || copy_kernel(ts, td));
    }
    let d = bd.to_vec();
    for j in 0..n {
        for i in 0..ld {
            let want = if i < m { s[i + ld * j] } else { -1.0 };
            assert_eq!(
                d[i + ld * j],
                want,
                "D({i}, {j}) (vectorized = {vectorized})"
            );
        }
    }
}

#[test]
fn copy_kernel_copies() {
    run(false, (256, 512, 256)); // the tutorial's tensor
    run(false, (128, 128, 131)); // a padded, odd leading dimension
}

#[test]
fn copy_kernel_vectorized_copies() {
    run(true, (256, 512, 256));
    run(true, (128, 128, 132));
}

/// A leading dimension that is not a multiple of four elements makes the
/// 128-bit accesses misaligned: the device faults, the host emulation
/// panics.
#[test]
#[should_panic(expected = "misaligned gmem access")]
fn misaligned_vector_access_panics() {
    run(true, (128, 128, 130));
}
