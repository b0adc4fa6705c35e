//! 16-bit elements in device memory (`cute_kernels::cute::half_copy`) on
//! the host: a `128×16` `half_t` tile through shared memory by 128-bit
//! accesses of 8 halves (through registers and by `cp.async`), read back
//! half by half by the neighbouring thread.

use cute_kernels::cute::half_copy::{Tile, copy_f16_tile, cp_async_f16_tile};
use cute_static::arch::{Dim3, F16, GlobalBuffer, GmemTensor, host};
use cute_static::layout;

fn check(kernel: fn(GmemTensor<F16, Tile>, GmemTensor<F16, Tile>)) {
    // Distinct bits in every half, so a swapped pair or a lost half shows.
    let src: Vec<F16> = (0..128 * 16)
        .map(|i| F16::from_bits(0x3c00 ^ i as u16))
        .collect();
    // One half past the tile, poisoned: nothing may write it.
    let (gs, gd) = (
        GlobalBuffer::from_slice(&src),
        GlobalBuffer::from_slice(&vec![F16::from_bits(0x7e00); 128 * 16 + 1]),
    );
    let (s, d) = (
        gs.tensor(layout!((128, 16))).unwrap(),
        gd.tensor(layout!((128, 16))).unwrap(),
    );
    host::launch(Dim3::new(1, 1, 1), Dim3::new(128, 1, 1), || kernel(s, d));
    let got = gd.to_vec();
    let wrong = got.iter().zip(&src).filter(|(g, w)| g != w).count();
    assert_eq!(wrong, 0, "{wrong} of {} halves differ", src.len());
    assert_eq!(
        got[128 * 16],
        F16::from_bits(0x7e00),
        "the half past the tile was written"
    );
}

#[test]
fn through_registers() {
    check(copy_f16_tile);
}

#[test]
fn by_cp_async() {
    check(cp_async_f16_tile);
}

#[test]
fn buffer_halves() {
    // Two halves share a word: setting one leaves the other.
    let b = GlobalBuffer::<u16>::zeroed(3);
    b.set(1, 0xabcd);
    b.set(0, 0x1234);
    b.set(2, 0xffff);
    assert_eq!(b.to_vec(), [0x1234, 0xabcd, 0xffff]);
    let i = GlobalBuffer::from_slice(&[-2i16, 7]);
    assert_eq!(i.to_vec(), [-2, 7]);
}
