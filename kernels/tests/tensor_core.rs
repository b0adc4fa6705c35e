//! The operand placement of the tensor-core kernels (`src/tensor_core.rs`)
//! against the PTX ISA's fragment descriptions, written out here as the
//! ISA states them (§9.7.14.5.8, "Matrix Fragments for mma.m16n8k16 with
//! floating point type"; §9.7.14.5.15, "ldmatrix"): `groupID = lane / 4`,
//! `threadID_in_group = lane % 4`. The instructions themselves run only on
//! a GPU (`kernels/gpu/run.py`); these tests pin what the kernels hand
//! them and how they read the results.

use cute_kernels::tensor_core::{
    A_LEN, B_LEN, D_LEN, LDSM_LEN, WARP, ldsm_row, ldsm_values, mma_operands, store_d,
};

/// Element `i` (0..8) of lane `lane`'s A fragment: `(row, col)` of the
/// 16 × 16 A (a0, a1: row g; a2, a3: g + 8; a4, a5: g; a6, a7: g + 8;
/// col 2·tig + i % 2, + 8 for a4…a7).
fn isa_a(lane: usize, i: usize) -> (usize, usize) {
    let (g, tig) = (lane / 4, lane % 4);
    (g + 8 * ((i / 2) % 2), 2 * tig + i % 2 + 8 * (i / 4))
}

/// Element `i` (0..4) of B: `(row k, col n)` of the 16 × 8 B (b0, b1: k =
/// 2·tig + i; b2, b3: + 8; n = g).
fn isa_b(lane: usize, i: usize) -> (usize, usize) {
    let (g, tig) = (lane / 4, lane % 4);
    (2 * tig + i % 2 + 8 * (i / 2), g)
}

/// Element `i` (0..4) of C and D: `(row, col)` of the 16 × 8 D (c0, c1:
/// row g; c2, c3: g + 8; col 2·tig + i % 2).
fn isa_d(lane: usize, i: usize) -> (usize, usize) {
    let (g, tig) = (lane / 4, lane % 4);
    (g + 8 * (i / 2), 2 * tig + i % 2)
}

/// Half `i % 2` of register `i / 2`.
fn half(regs: &[u32], i: usize) -> u16 {
    (regs[i / 2] >> (16 * (i % 2))) as u16
}

#[test]
fn mma_registers_hold_the_isa_fragments() {
    // Each element's value is its own index: a register then names the
    // element it holds.
    let a: Vec<u16> = (0..A_LEN as u16).collect();
    let b: Vec<u16> = (0..B_LEN as u16).collect();
    for lane in 0..WARP {
        let (ra, rb) = mma_operands(lane, |i| a[i], |i| b[i]);
        for i in 0..8 {
            let (m, k) = isa_a(lane, i);
            assert_eq!(half(&ra, i) as usize, m + 16 * k, "A, lane {lane}, a{i}");
        }
        for i in 0..4 {
            let (k, n) = isa_b(lane, i);
            assert_eq!(half(&rb, i) as usize, n + 8 * k, "B, lane {lane}, b{i}");
        }
    }
}

#[test]
fn d_registers_land_on_their_isa_elements() {
    let mut d = vec![f32::NAN; D_LEN];
    for lane in 0..WARP {
        // Register i of the instruction's D is element isa_d(lane, i).
        let regs: [f32; 4] = core::array::from_fn(|i| {
            let (m, n) = isa_d(lane, i);
            (m + 16 * n) as f32
        });
        store_d(lane, regs, |idx, x| d[idx] = x);
    }
    for (idx, x) in d.iter().enumerate() {
        assert_eq!(*x, idx as f32, "D element {idx}");
    }
}

#[test]
fn the_emulated_mma_is_a_times_b_transposed() {
    // D = A·Bᵀ through the placement and the ISA's definition of the
    // instruction: the same result as the direct product.
    let a: Vec<f32> = (0..A_LEN).map(|i| ((i * 7) % 11) as f32 - 5.0).collect();
    let b: Vec<f32> = (0..B_LEN).map(|i| ((i * 5) % 13) as f32 - 6.0).collect();
    // Indices travel through the 16-bit registers; the values are looked up.
    let (ai, bi): (Vec<u16>, Vec<u16>) = ((0..A_LEN as u16).collect(), (0..B_LEN as u16).collect());
    let mut am = [[0.0f32; 16]; 16];
    let mut bm = [[0.0f32; 8]; 16];
    for lane in 0..WARP {
        let (ra, rb) = mma_operands(lane, |i| ai[i], |i| bi[i]);
        for i in 0..8 {
            let (m, k) = isa_a(lane, i);
            am[m][k] = a[half(&ra, i) as usize];
        }
        for i in 0..4 {
            let (k, n) = isa_b(lane, i);
            bm[k][n] = b[half(&rb, i) as usize];
        }
    }
    let mut d = vec![f32::NAN; D_LEN];
    for lane in 0..WARP {
        let regs: [f32; 4] = core::array::from_fn(|i| {
            let (m, n) = isa_d(lane, i);
            (0..16).map(|k| am[m][k] * bm[k][n]).sum()
        });
        store_d(lane, regs, |idx, x| d[idx] = x);
    }
    for m in 0..16 {
        for n in 0..8 {
            let want: f32 = (0..16).map(|k| a[m + 16 * k] * b[n + 8 * k]).sum();
            assert_eq!(d[m + 16 * n], want, "D({m}, {n})");
        }
    }
}

#[test]
fn ldmatrix_values_are_the_elements_the_layouts_name() {
    // Shared memory holds element e at e; each lane hands the ISA the row
    // address ldsm_row(lane); lane l receives, in register q, the two
    // elements of row l / 4 of matrix q at columns 2·(l % 4) + j, row r of
    // matrix q being the row whose address lane 8q + r gave.
    let smem: Vec<u16> = (0..LDSM_LEN as u16).collect();
    for lane in 0..WARP {
        let regs: [u32; 4] = core::array::from_fn(|q| {
            let row = ldsm_row(8 * q + lane / 4);
            let col = 2 * (lane % 4);
            u32::from(smem[row + col]) | (u32::from(smem[row + col + 1]) << 16)
        });
        for (v, (x, idx)) in ldsm_values(lane, regs).into_iter().enumerate() {
            assert_eq!(smem[idx], x, "lane {lane}, value {v}");
        }
    }
    // The rows the lanes hand over are 16-byte aligned and inside the tile.
    for lane in 0..WARP {
        let r = ldsm_row(lane);
        assert!(
            r.is_multiple_of(8) && r + 8 <= LDSM_LEN,
            "lane {lane}: row {r}"
        );
    }
}
