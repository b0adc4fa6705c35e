//! The dynamic shared memory kernel (`cute_kernels::cute::dynamic_smem`)
//! on the host: `D = S` through a 64 KiB shared tile.

use cute_kernels::cute::dynamic_smem::{DYNAMIC_SMEM_BYTES, dynamic_smem_tile};
use cute_static::arch::{Dim3, GlobalBuffer, MAX_STATIC_BYTES, host};
use cute_static::layout;

#[test]
fn through_64_kib() {
    assert_eq!(DYNAMIC_SMEM_BYTES, 65536);
    const { assert!(DYNAMIC_SMEM_BYTES > MAX_STATIC_BYTES) };
    let src: Vec<f32> = (0..128 * 128).map(|i| i as f32 * 0.25 - 9.0).collect();
    let (gs, gd) = (
        GlobalBuffer::from_slice(&src),
        GlobalBuffer::<f32>::zeroed(128 * 128),
    );
    let (s, d) = (
        gs.tensor(layout!((128, 128))).unwrap(),
        gd.tensor(layout!((128, 128))).unwrap(),
    );
    host::launch(Dim3::new(1, 1, 1), Dim3::new(256, 1, 1), || {
        dynamic_smem_tile(s, d)
    });
    let wrong = gd.to_vec().iter().zip(&src).filter(|(g, w)| g != w).count();
    assert_eq!(wrong, 0, "{wrong} of {} elements differ", src.len());
}
