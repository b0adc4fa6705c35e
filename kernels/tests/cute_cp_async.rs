//! The `cp.async` kernels (`cute_kernels::cute::cp_async_sm80`) on the
//! host: `D = S` through shared memory, each thread writing the values its
//! neighbour copied (the host copy is synchronous: this checks the
//! partitions, the shared tile and the barrier, not the asynchrony, which
//! only the device has).

use cute_kernels::cute::cp_async_sm80::{cp_async_ca_tile, cp_async_cg_tile};
use cute_static::arch::{Dim3, GlobalBuffer, host};
use cute_static::layout;

fn check(
    kernel: fn(
        cute_static::arch::GmemTensor<f32, cute_kernels::cute::cp_async_sm80::Tile>,
        cute_static::arch::GmemTensor<f32, cute_kernels::cute::cp_async_sm80::Tile>,
    ),
) {
    let src: Vec<f32> = (0..64 * 16).map(|i| i as f32 * 0.5 - 7.0).collect();
    let (gs, gd) = (
        GlobalBuffer::from_slice(&src),
        GlobalBuffer::<f32>::zeroed(64 * 16),
    );
    let (s, d) = (
        gs.tensor(layout!((64, 16))).unwrap(),
        gd.tensor(layout!((64, 16))).unwrap(),
    );
    host::launch(Dim3::new(1, 1, 1), Dim3::new(128, 1, 1), || kernel(s, d));
    let got = gd.to_vec();
    let wrong = got.iter().zip(&src).filter(|(g, w)| g != w).count();
    assert_eq!(wrong, 0, "{wrong} of {} elements differ", src.len());
}

#[test]
fn cache_always() {
    check(cp_async_ca_tile);
}

#[test]
fn cache_global() {
    check(cp_async_cg_tile);
}
