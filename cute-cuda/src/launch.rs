//! Launch configurations derived from layouts: CuTe's
//! `dimGrid(ceil_div(M, bM), ceil_div(N, bN))`, `dimBlock(size(tC))` and
//! `smem = cosize(sA) * sizeof(TA) + …`.

use cute_static::layout::StaticLayout;

use crate::error::{Error, Result};

/// A kernel's shared memory: declared in the module (`.shared` arrays,
/// CUDA's `__shared__`) or passed at launch (CUDA's `extern __shared__`).
/// Either way its size in bytes comes from the shared layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SharedMemory {
    /// Declared in the module: the launch passes 0 dynamic bytes and
    /// [`Kernel::configure`](crate::Kernel::configure) checks that the
    /// module declares at least these bytes (a declared array may be
    /// padded past the layout's cosize).
    Static(u64),
    /// Passed at launch; above [`DEFAULT_LIMIT`](Self::DEFAULT_LIMIT) the
    /// kernel's opt-in attribute is set first.
    Dynamic(u64),
}

impl SharedMemory {
    /// The dynamic shared memory a kernel may use without opting in.
    pub const DEFAULT_LIMIT: u64 = 48 * 1024;

    /// `Σ cosize(layout) × element bytes` over `(cosize, element bytes)`
    /// pairs, checked for overflow.
    pub fn bytes_of(tiles: &[(usize, usize)]) -> Result<u64> {
        tiles
            .iter()
            .try_fold(0u64, |acc, &(cosize, elem)| {
                (cosize as u64)
                    .checked_mul(elem as u64)
                    .and_then(|b| acc.checked_add(b))
            })
            .ok_or_else(|| Error::Launch {
                kernel: "shared memory".into(),
                reason: format!("the tiles' bytes {tiles:?} overflow"),
            })
    }

    /// The bytes.
    pub fn bytes(self) -> u64 {
        match self {
            SharedMemory::Static(b) | SharedMemory::Dynamic(b) => b,
        }
    }
}

/// The shared bytes of a static layout `L` of elements `T`:
/// `cosize(L) × size_of::<T>()`.
pub const fn tile_bytes<L: StaticLayout, T>() -> usize {
    L::COSIZE * core::mem::size_of::<T>()
}

/// A launch: grid, block and shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchPlan {
    /// Blocks in x, y, z.
    pub grid: (u32, u32, u32),
    /// Threads in x, y, z.
    pub block: (u32, u32, u32),
    /// Shared memory per block.
    pub shared: SharedMemory,
}

impl LaunchPlan {
    /// The launch of a CTA-tiled kernel: grid `ceil_div(problem[i],
    /// cta_tile[i])` per grid dimension (up to 3), block `threads` (the
    /// size of the thread layout, or `(x, y)` of a 2-D block), shared
    /// memory `shared`. Refuses a zero tile, an empty problem, a grid or
    /// block over the CUDA limits (2³¹ − 1 blocks in x, 65535 in y and z,
    /// 1024 threads).
    pub fn tiled(
        problem: &[usize],
        cta_tile: &[usize],
        threads: (usize, usize),
        shared: SharedMemory,
    ) -> Result<Self> {
        let refuse = |reason: String| Error::Launch {
            kernel: "plan".into(),
            reason,
        };
        if problem.len() != cta_tile.len() || problem.is_empty() || problem.len() > 3 {
            return Err(refuse(format!(
                "problem {problem:?} and CTA tile {cta_tile:?} must have the same rank, 1 to 3"
            )));
        }
        let mut grid = [1u32; 3];
        for (i, (&p, &t)) in problem.iter().zip(cta_tile).enumerate() {
            if t == 0 || p == 0 {
                return Err(refuse(format!(
                    "problem {problem:?} over CTA tile {cta_tile:?}: a zero extent"
                )));
            }
            let limit: u64 = if i == 0 { (1 << 31) - 1 } else { 65535 };
            let blocks = p.div_ceil(t) as u64;
            if blocks > limit {
                return Err(refuse(format!(
                    "ceil_div({p}, {t}) = {blocks} blocks in grid dimension {i}, the limit is {limit}"
                )));
            }
            grid[i] = blocks as u32;
        }
        let (tx, ty) = threads;
        if tx == 0 || ty == 0 || tx.saturating_mul(ty) > 1024 {
            return Err(refuse(format!(
                "a block of {tx} x {ty} threads (1 to 1024)"
            )));
        }
        Ok(LaunchPlan {
            grid: (grid[0], grid[1], grid[2]),
            block: (tx as u32, ty as u32, 1),
            shared,
        })
    }

    /// Threads per block.
    pub fn threads(&self) -> u64 {
        self.block.0 as u64 * self.block.1 as u64 * self.block.2 as u64
    }

    /// Blocks in the grid.
    pub fn blocks(&self) -> u64 {
        self.grid.0 as u64 * self.grid.1 as u64 * self.grid.2 as u64
    }
}
