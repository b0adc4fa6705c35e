//! The SM80 MMA kernels (`cute_kernels::cute::mma_sm80`) on the host: the
//! PTX entries as the device runs them, the grid emulated by
//! `cute_static::arch::host::launch` (the atoms' warp-cooperative
//! emulation: the warp's threads exchange their A and B values by the
//! atom's layouts), against the naive product `C + A·Bᵀ`.

use cute_kernels::cute::mma_sm80::{
    mma_sm80_atom_16x8x8_f16, mma_sm80_atom_16x8x8_f32, mma_sm80_atom_f16, mma_sm80_tiled_f16,
    mma_sm80_tiled_f32,
};
use cute_static::arch::{Dim3, host};
use cute_static::layout;

#[allow(dead_code)]
#[path = "../../cute-static/examples/support/naive_gemm.rs"]
mod naive_gemm;

macro_rules! run {
    ($kernel:ident, $threads:expr, ($m:tt, $n:tt, $k:tt)) => {{
        let ([ga, gb, gc], want) = naive_gemm::mma_case(($m, $n, $k));
        let ta = ga.tensor(layout!(($m, $k))).unwrap();
        let tb = gb.tensor(layout!(($n, $k))).unwrap();
        let tc = gc.tensor(layout!(($m, $n))).unwrap();
        host::launch(Dim3::new(1, 1, 1), Dim3::new($threads, 1, 1), || {
            $kernel(ta, tb, tc)
        });
        let wrong = naive_gemm::differences(&gc.to_vec(), &want);
        assert_eq!(
            wrong,
            0,
            "{wrong} of {} elements of C differ from C + A·Bᵀ",
            want.len()
        );
    }};
}

#[test]
fn atom_16x8x16_f16() {
    run!(mma_sm80_atom_f16, 32, (16, 8, 16));
}

#[test]
fn tiled_64x32x32_f16() {
    run!(mma_sm80_tiled_f16, 128, (64, 32, 32));
}

#[test]
fn tiled_64x32x32_f32() {
    run!(mma_sm80_tiled_f32, 128, (64, 32, 32));
}

#[test]
fn atom_16x8x8_f16() {
    run!(mma_sm80_atom_16x8x8_f16, 32, (16, 8, 8));
}

#[test]
fn atom_16x8x8_f32() {
    run!(mma_sm80_atom_16x8x8_f32, 32, (16, 8, 8));
}
