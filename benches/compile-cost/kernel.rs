//! The compile-cost crate of a kernel built from atoms
//! (`benches/compile-time.sh` and `benches/tests/compile_cost.rs`): CuTe's
//! sgemm_sm80 for one CTA tile. Two tiled copies (cp.async and 128-bit
//! UniversalCopy) partition mixed global tiles (run-time leading
//! dimensions) and static shared tiles and copy between them; the tiled
//! MMA partitions the shared tiles, makes the register fragments A and B
//! (partition_fragment_A/B), copies into them, and C like the partition of
//! a mixed global tile (make_fragment_C(tCgC) in CuTe's sgemm_sm80; until
//! stop 24 this crate made C from a separate static 64x64 tensor, a fourth
//! partition: 4.32 G instructions against 3.76 G at stop 24), and writes C
//! through that partition.
use cute_static::*;
use cute_static::{algebra::*, algorithm::*, atom::*, layout::*, tensor::*};
type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)], ()>;
type CopyA = MakeTiledCopy<SM80_CP_ASYNC_CACHEALWAYS<u128>, 16, Layout![(32, 4):(4, 1)], Layout![(1, 8)]>;
type CopyB = MakeTiledCopy<UniversalCopy<u128>, 16, Layout![(32, 4):(4, 1)], Layout![(1, 8)]>;
fn t_cs_a_src(s: &[f32]) -> Result<Tensor<&[f32], Layout![(64, 32):(32, 1)]>, Error> {
    Tensor::new(s, layout!((64, 32):(32, 1)))
}
pub fn cta_tile(
    thr: usize,
    g_a: &[f32],
    g_b: &[f32],
    s_a: &mut [f32],
    s_b: &mut [f32],
    g_c: &mut [f32],
    lda: usize,
    ldb: usize,
    ldc: usize,
) -> Result<(), Error> {
    let ga = Tensor::new(g_a, layout!((64, 32):({lda}, 1))?)?;
    let gb = Tensor::new(g_b, layout!((64, 32):({ldb}, 1))?)?;
    let ca = CopyA::new().get_slice(thr)?;
    let cb = CopyB::new().get_slice(thr)?;
    let t_ag_a = ca.partition_s_mixed(ga)?;
    let mut t_as_a = ca.partition_d(Tensor::new(&mut *s_a, layout!((64, 32):(32, 1)))?)?;
    copy(&t_ag_a, &mut t_as_a)?;
    let t_bg_b = cb.partition_s_mixed(gb)?;
    let mut t_bs_b = cb.partition_d(Tensor::new(&mut *s_b, layout!((64, 32):(32, 1)))?)?;
    copy(&t_bg_b, &mut t_bs_b)?;
    let m = Mma::new().get_slice(thr)?;
    let t_cs_a = m.partition_a(Tensor::new(&*s_a, layout!((64, 32):(32, 1)))?)?;
    let t_cs_b = m.partition_b(Tensor::new(&*s_b, layout!((64, 32):(32, 1)))?)?;
    let mut t_cr_a = m.partition_fragment_a(&t_cs_a_src(&*s_a)?);
    copy(&t_cs_a, &mut t_cr_a)?;
    let mut t_cr_b = m.partition_fragment_b(&Tensor::new(&*s_b, layout!((64, 32):(32, 1)))?);
    copy(&t_cs_b, &mut t_cr_b)?;
    let gc = Tensor::new(g_c, layout!((64, 64):(1, {ldc}))?)?;
    let mut t_cg_c = m.partition_c_mixed(gc)?;
    let t_cr_c = make_tensor_like(&t_cg_c); // CuTe: thr_mma.make_fragment_C(tCgC)
    copy(&t_cr_c, &mut t_cg_c)?;
    Ok(())
}
