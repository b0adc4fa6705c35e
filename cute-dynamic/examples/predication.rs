//! CuTe's predication tutorial at run time: a 10×13 problem tiled by 4×8.
//!
//! The tile grid is `ceil_div((10,13), (4,8)) = (3,2)`; the last row and
//! column of tiles reach past the problem (rows 10, 11 and columns 13, 14,
//! 15). As in CuTe, the tiled views exist; an identity tensor tiled the same
//! way gives every element's coordinate in the whole problem, the predicate
//! `elem_less(coord, shape)` masks the out-of-range elements, and
//! `copy_if` touches exactly the in-range ones. The matrices are stored
//! column-major with a leading dimension of 16, so an out-of-range row of a
//! tile is real memory (the padding) that must stay untouched.
//!
//! Run with `cargo run -p cute-dynamic --example predication`.

use cute_dynamic::{
    Coord, IntTuple, Layout, LayoutError, Tensor, Tiler, copy_if, elem_less, local_tile,
    make_fragment_like, make_identity_tensor,
};

const M: i64 = 10;
const N: i64 = 13;
const LD: i64 = 16;
const SENTINEL: f32 = -1.0;

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

/// Copy `a` to `b` tile by tile with predication; return the number of
/// elements copied.
fn predicated_copy(a: &[f32], b: &mut [f32]) -> Result<usize, LayoutError> {
    let shape: IntTuple = IntTuple::flat([M, N]);
    let layout = Layout::new(shape.clone(), IntTuple::flat([1, LD]))?;
    let m_a = Tensor::new(a, layout.clone())?; // (M,N)
    let mut m_b = Tensor::new(b, layout)?; // (M,N)
    let id_a = make_identity_tensor(&shape)?; // (M,N) -> (m,n)

    let cta_tiler: Tiler = "(4,8)".parse()?; // (BLK_M,BLK_N)
    let mut copied = 0;
    for bm in 0..ceil_div(M, 4) {
        for bn in 0..ceil_div(N, 8) {
            let cta_coord = Coord::Tuple(vec![Coord::Int(bm), Coord::Int(bn)]);
            let g_a = local_tile(&m_a, &cta_tiler, &cta_coord, None)?; // (BLK_M,BLK_N)
            let mut g_b = local_tile(&mut m_b, &cta_tiler, &cta_coord, None)?; // (BLK_M,BLK_N)
            let c_a = local_tile(&id_a, &cta_tiler, &cta_coord, None)?; // (BLK_M,BLK_N) -> (m,n)

            // Tensor tApA = make_tensor<bool>(shape(gA));
            let mut t_a_p_a = Tensor::<Vec<bool>>::fragment(Layout::column_major(g_a.shape())?)?;
            for i in 0..t_a_p_a.size() {
                let inside = c_a.at(i).is_some_and(|c| elem_less(&c, &shape) == Ok(true));
                if let Some(p) = t_a_p_a.at_mut(i) {
                    *p = inside;
                }
                copied += usize::from(inside);
            }

            let mut t_r = make_fragment_like(&g_a)?; // registers
            copy_if(&t_a_p_a, &g_a, &mut t_r)?;
            copy_if(&t_a_p_a, &t_r, &mut g_b)?;
        }
    }
    Ok(copied)
}

fn main() -> Result<(), LayoutError> {
    let len = usize::try_from(LD * N).unwrap_or(0);
    let a: Vec<f32> = (0..len).map(|i| i as f32).collect();
    let mut b = vec![SENTINEL; len];
    let copied = predicated_copy(&a, &mut b)?;
    println!("copied {copied} elements of the {M}x{N} problem through 4x8 tiles");
    let untouched = b.iter().filter(|&&v| v == SENTINEL).count();
    println!("{untouched} padding elements untouched");
    Ok(())
}
