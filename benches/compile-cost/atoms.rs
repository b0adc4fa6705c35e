//! The compile-cost crate of the atom layer (`benches/compile-time.sh`
//! and `benches/tests/compile_cost.rs` check it as a library crate): one
//! tiled MMA and two tiled copies — SM80_16x8x16_F32F16F16F32_TN over 2x2
//! atoms, its three TV layouts and the partitions A, B, C of a thread of
//! static 64x32 / 64x32 / 64x64 tensors, and two make_tiled_copy
//! (128-bit UniversalCopy and cp.async of half_t) with their TV layouts,
//! layoutS/D_TV and partition_S/D of a thread of static 256x16 / 64x32
//! tensors. CuTe C++: one make_tiled_mma instantiation is reported at 2.4 s.
use cute_static::*;
use cute_static::{algebra::*, algorithm::*, atom::*, layout::*, tensor::*};
type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)], ()>;
pub fn tv() -> [usize; 3] {
    [LayoutATv::<Mma>::default().call(5), LayoutBTv::<Mma>::default().call(5), LayoutCTv::<Mma>::default().call(5)]
}
pub fn partitions(thr: usize, a: &[f32], b: &[f32], c: &[f32]) -> Result<f32, Error> {
    let s = Mma::new().get_slice(thr)?;
    let ta = s.partition_a(Tensor::new(a, layout!((64, 32)))?)?;
    let tb = s.partition_b(Tensor::new(b, layout!((64, 32)))?)?;
    let tc = s.partition_c(Tensor::new(c, layout!((64, 64)))?)?;
    Ok(ta.get(1)? + tb.get(1)? + tc.get(1)?)
}
type G2s = MakeTiledCopy<UniversalCopy<u128>, 16, Layout![(32, 8):(1, 32)], Layout![(8, 1)]>;
type Cpa = MakeTiledCopy<SM80_CP_ASYNC_CACHEALWAYS<u128>, 16, Layout![(32, 4):(4, 1)], Layout![(1, 8)]>;
pub fn copies() -> [usize; 4] {
    [
        LayoutSTv::<G2s>::default().call(7),
        LayoutDTv::<G2s>::default().call(7),
        LayoutSTv::<Cpa>::default().call(7),
        LayoutDTv::<Cpa>::default().call(7),
    ]
}
pub fn copy_partitions(thr: usize, g: &[u16], s: &[u16]) -> Result<u16, Error> {
    let g2s = G2s::new().get_slice(thr)?;
    let cpa = Cpa::new().get_slice(thr)?;
    let a = g2s.partition_s(Tensor::new(g, layout!((256, 16)))?)?;
    let b = g2s.partition_d(Tensor::new(s, layout!((256, 16)))?)?;
    let c = cpa.partition_s(Tensor::new(g, layout!((64, 32)))?)?;
    let d = cpa.partition_d(Tensor::new(s, layout!((64, 32)))?)?;
    Ok(*a.get(1)? + *b.get(1)? + *c.get(1)? + *d.get(1)?)
}
