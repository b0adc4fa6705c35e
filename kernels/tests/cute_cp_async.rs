//! The `cp.async` kernels (`cute_kernels::cute::cp_async_sm80`) on the
//! host: `D = S` through shared memory, each thread writing the values its
//! neighbour copied (the host copy is synchronous: this checks the
//! partitions, the shared tile and the barrier, not the asynchrony, which
//! only the device has).

use cute_kernels::cute::cp_async_sm80::{cp_async_ca_tile, cp_async_cg_tile, cp_async_zfill_tile};
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

/// `cp_async_zfill_tile`: rows `< m` of `S` reach `D`, the others are 0
/// (not `S`'s values there, which are non-zero: a copy that ignored the
/// predicate would put them in `D`; nor `D`'s initial values, non-zero
/// too: shared memory must be written with zeros, not skipped). The
/// predicate is tested once per atom instance (4 consecutive rows, at the
/// first), as CuTe's `with(pred)` per instance: for `m` not a multiple of
/// 4 the rows up to the next multiple of 4 are copied.
#[test]
fn zero_fill_partial_tile() {
    let src: Vec<f32> = (0..64 * 16).map(|i| i as f32 * 0.5 + 1.0).collect();
    for m in [0usize, 1, 4, 13, 36, 60, 63, 64] {
        let rows = m.div_ceil(4) * 4;
        let (gs, gd) = (
            GlobalBuffer::from_slice(&src),
            GlobalBuffer::<f32>::from_slice(&[-3.0; 64 * 16]),
        );
        let (s, d) = (
            gs.tensor(layout!((64, 16))).unwrap(),
            gd.tensor(layout!((64, 16))).unwrap(),
        );
        host::launch(Dim3::new(1, 1, 1), Dim3::new(128, 1, 1), || {
            cp_async_zfill_tile(s, d, m)
        });
        let got = gd.to_vec();
        // Column-major (64, 16): element (r, c) at r + 64 c.
        let want: Vec<f32> = (0..64 * 16)
            .map(|i| if i % 64 < rows { src[i] } else { 0.0 })
            .collect();
        let wrong = got.iter().zip(&want).filter(|(g, w)| g != w).count();
        assert_eq!(
            wrong,
            0,
            "m = {m}: {wrong} of {} elements differ",
            want.len()
        );
        assert_eq!(
            got.iter().filter(|&&g| g == 0.0).count(),
            16 * (64 - rows),
            "m = {m}"
        );
    }
}
