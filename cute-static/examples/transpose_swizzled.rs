//! A tiled transpose through a swizzled shared-memory tile, with the
//! threads and blocks of a GPU kernel emulated by loops.
//!
//! `B = Aᵀ` for a 96×64 row-major `f32` matrix. Each block moves one
//! 32×32 tile: its 32×8 threads (a warp is one row of 32 threads) read
//! the tile row by row from `A` into shared memory, then write it to `B`
//! reading shared memory **column** by column. With the plain row-major
//! tile `(32,32):(32,1)` a column read puts all 32 threads of a warp on one
//! bank (32 wavefronts where 1 would do); the swizzled tile
//! `Sw<5,0,5> o 0 o (32,32):(32,1)` xors the column with the row, so the
//! same reads hit 32 different banks: no extra wavefront.
//!
//! Run: `cargo run -p cute-static --example transpose_swizzled`; its test
//! (`cargo test -p cute-static --example transpose_swizzled`) compares the
//! result with a naive loop and checks the bank-conflict counts.

use cute_dynamic::{BankConflicts, bank_conflicts};
use cute_static::{layout, layout::TensorLayout, tiler};

const M: usize = 96;
const N: usize = 64;
/// The tile's side, the threads per warp.
const T: usize = 32;
/// Warps per block: each thread moves `T / WARPS` elements per phase.
const WARPS: usize = 8;

/// Shared-memory wavefronts of all the warp-wide accesses of a run.
#[derive(Default, Debug, PartialEq, Eq)]
struct Tally {
    wavefronts: u64,
    ideal: u64,
}

impl Tally {
    fn add(&mut self, b: BankConflicts) {
        self.wavefronts += b.wavefronts;
        self.ideal += b.ideal;
    }
    fn conflicts(&self) -> u64 {
        self.wavefronts - self.ideal
    }
}

/// `b = aᵀ` through a shared tile whose element offsets are `smem_tile`
/// (any tensor layout of the 32×32 tile: plain or swizzled). Returns the
/// bank-conflict tally of the shared-memory accesses (4-byte words).
fn transpose_through<S: TensorLayout>(smem_tile: S, a: &[f32], b: &mut [f32]) -> Tally {
    // The global matrices cut into 32×32 tiles: mode 0 walks a tile, mode
    // 1 the grid of tiles (CuTe's zipped_divide).
    let ga = layout!((96, 64):(64, 1)).zipped_divide(tiler!(<32, 32>));
    let gb = layout!((64, 96):(96, 1)).zipped_divide(tiler!(<32, 32>));
    // (row, column) of the tile → the shared tile's offset.
    let at = |r: usize, c: usize| smem_tile.offset(r + T * c);
    let mut smem = vec![0f32; smem_tile.cosize()];
    let mut tally = Tally::default();
    for bm in 0..M / T {
        for bn in 0..N / T {
            // Phase 1: warp `w` reads rows w, w + 8, … of A's tile; thread
            // `t` takes column `t`.
            for w in 0..WARPS {
                for row in (w..T).step_by(WARPS) {
                    let mut words = [0i64; T];
                    for t in 0..T {
                        smem[at(row, t)] = a[ga.call_coord(((row, t), (bm, bn)))];
                        words[t] = 4 * at(row, t) as i64;
                    }
                    tally.add(bank_conflicts(&words, 4).expect("aligned 4-byte words"));
                }
            }
            // (__syncthreads)
            // Phase 2: warp `w` writes rows w, w + 8, … of B's tile (bn, bm):
            // thread `t` reads column `row` of the shared tile at row `t`.
            for w in 0..WARPS {
                for row in (w..T).step_by(WARPS) {
                    let mut words = [0i64; T];
                    for t in 0..T {
                        b[gb.call_coord(((row, t), (bn, bm)))] = smem[at(t, row)];
                        words[t] = 4 * at(t, row) as i64;
                    }
                    tally.add(bank_conflicts(&words, 4).expect("aligned 4-byte words"));
                }
            }
        }
    }
    tally
}

/// The naive transpose.
fn naive(a: &[f32]) -> Vec<f32> {
    let mut b = vec![0f32; M * N];
    for i in 0..M {
        for j in 0..N {
            b[j * M + i] = a[i * N + j];
        }
    }
    b
}

/// Both tiles: the results and the tallies `(plain, swizzled)`.
fn run() -> (Vec<f32>, Vec<f32>, Tally, Tally) {
    let a: Vec<f32> = (0..M * N).map(|x| x as f32).collect();
    let (mut b_plain, mut b_swizzled) = (vec![0f32; M * N], vec![0f32; M * N]);
    let plain = transpose_through(layout!((32, 32):(32, 1)), &a, &mut b_plain);
    let swizzled = transpose_through(layout!(Sw<5,0,5> o 0 o (32,32):(32,1)), &a, &mut b_swizzled);
    (b_plain, b_swizzled, plain, swizzled)
}

fn main() {
    let (b_plain, b_swizzled, plain, swizzled) = run();
    let a: Vec<f32> = (0..M * N).map(|x| x as f32).collect();
    let want = naive(&a);
    assert!(
        b_plain == want && b_swizzled == want,
        "the transpose is wrong"
    );
    let line = |name: &str, t: &Tally| {
        println!(
            "{name:<36} {:>6} wavefronts, {:>5} ideal, {:>5} extra (bank conflicts)",
            t.wavefronts,
            t.ideal,
            t.conflicts()
        )
    };
    println!(
        "transpose {M}x{N} f32 through a 32x32 shared tile, 32x8 threads per block: equal to the naive loop"
    );
    line("(_32,_32):(_32,_1)", &plain);
    line("Sw<5,0,5> o _0 o (_32,_32):(_32,_1)", &swizzled);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transposes_like_the_naive_loop_without_bank_conflicts() {
        let a: Vec<f32> = (0..M * N).map(|x| x as f32).collect();
        let (b_plain, b_swizzled, plain, swizzled) = run();
        assert_eq!(b_plain, naive(&a));
        assert_eq!(b_swizzled, naive(&a));
        // 6 tiles × 2 phases × 32 warp accesses, one wavefront each at best.
        assert_eq!(plain.ideal, 384);
        assert_eq!(swizzled.ideal, 384);
        // The plain tile's column reads: 32 threads on one bank, 31 extra
        // wavefronts for each of the 6 × 32 reads; its row writes are free.
        assert_eq!(plain.conflicts(), 6 * 32 * 31);
        assert_eq!(swizzled.conflicts(), 0);
    }

    #[test]
    fn the_run_time_tile_counts_the_same() {
        // The same column read through the run-time equivalent of the tile.
        let tile = layout!(Sw<5,0,5> o 0 o (32,32):(32,1));
        let dynamic = tile.to_dynamic().unwrap();
        assert_eq!(dynamic.to_string(), "Sw<5,0,5> o 0 o (32,32):(32,1)");
        for col in 0..T {
            let words: Vec<i64> = (0..T as i64)
                .map(|t| {
                    4 * dynamic
                        .call_coord(&cute_dynamic::IntTuple::flat([t, col as i64]))
                        .unwrap()
                })
                .collect();
            let stat: Vec<i64> = (0..T)
                .map(|t| 4 * tile.call_coord((t, col)) as i64)
                .collect();
            assert_eq!(words, stat);
            assert_eq!(bank_conflicts(&words, 4).unwrap().conflicts(), 0);
        }
    }
}
