//! Dynamic shared memory from layouts: `dynamic_smem_tile` stages a
//! `128×128` f32 tile (64 KiB, more than the 48 KiB of static shared
//! memory) in the block's dynamic shared memory
//! (`dynamic_shared_storage::<Storage>()`), and after the barrier each
//! thread writes the elements another thread staged (`i + 256`), so `D = S`
//! holds only if the whole tile was shared. Launch with
//! [`DYNAMIC_SMEM_BYTES`] of dynamic shared memory (above 48 KiB: with the
//! kernel's `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` set), one
//! block of 256 threads; `tests/cute_dynamic_smem.rs` runs it on the host.

use cute_static::arch::{SharedStorage, SmemArray};

/// The tile.
pub type Tile = cute_static::Layout![(128, 128)];
/// The kernel's shared storage.
pub type Storage = (SmemArray<f32, Tile>,);
/// The dynamic shared memory the entry needs: the storage's bytes.
pub const DYNAMIC_SMEM_BYTES: usize = <Storage as SharedStorage>::BYTES;

cute_static::kernel! {
    /// `D = S` through 64 KiB of dynamic shared memory; 256 threads.
    /// On the nvptx target with feature `sm80` (the GPU runner's table
    /// does not know it yet).
    #[cfg(any(not(target_arch = "nvptx64"), feature = "sm80"))]
    pub fn dynamic_smem_tile(
        S: cute_static::arch::GmemTensor<f32, Tile>,
        D: cute_static::arch::GmemTensor<f32, Tile>,
    ) {
        use cute_static::arch::{dynamic_shared_storage, syncthreads, thread_idx};
        let (smem,) = dynamic_shared_storage::<Storage>();
        let sS = smem.tensor(Tile::default());
        let t = thread_idx().x;
        let mut i = t;
        while i < 128 * 128 {
            sS.write(i, S.read(i));
            i += 256;
        }
        syncthreads();
        i = t;
        while i < 128 * 128 {
            let j = (i + 256) % (128 * 128);
            D.write(j, sS.read(j));
            i += 256;
        }
    }
}
