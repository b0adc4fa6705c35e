//! 16-bit elements in device memory: each entry copies a `128×16`
//! `half_t` tile (column-major) from global to shared memory by a tiled
//! copy of 128-bit atoms (`(16,8)` threads × `(8,1)` values: eight halves
//! per access, two accesses per thread) — `copy_f16_tile` through
//! registers (`UniversalCopy<uint128_t>`: `ld.global.v4.b32`, then
//! `st.shared.v4.b32`), `cp_async_f16_tile` by `cp.async` (
//! `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>`) — and after the block barrier
//! each thread copies the shared halves of the *next* thread's partition
//! (`t + 1 mod 128`) one by one (`ld.shared.b16`, `st.global.b16`) to the
//! same places of the output. So `D = S` holds only if the 128-bit
//! accesses moved 8 halves each, in order, and the 16-bit ones one each.
//!
//! On the nvptx target they are built with feature `sm80` (`cp.async`
//! needs `.target sm_80`; `copy_f16_tile` beside it, so that the default
//! module keeps the kernels the GPU runner's table knows); on the host
//! both exist and `tests/cute_half.rs` runs them.

/// The tile.
pub type Tile = cute_static::Layout![(128, 16)];

/// The tiled copy: `(16,8)` threads × `(8,1)` halves per 128-bit atom.
pub type TiledCopyOf<Atom> = cute_static::atom::MakeTiledCopy<
    Atom,
    16,
    cute_static::Layout![(16, 8)],
    cute_static::Layout![(8, 1)],
>;

macro_rules! half_copy_kernel {
    ($(#[$doc:meta])* $name:ident, $atom:ty, $cfg:meta, |$cp:ident, $src:ident, $dst:ident| $body:block) => {
        cute_static::kernel! {
            $(#[$doc])*
            #[$cfg]
            pub fn $name(
                S: cute_static::arch::GmemTensor<cute_static::arch::F16, Tile>,
                D: cute_static::arch::GmemTensor<cute_static::arch::F16, Tile>,
            ) {
                #[allow(unused_imports)]
                use cute_static::arch::{
                    DeviceCopyPartition, SmemArray, ThreadSlice, copy_async, cp_async_fence,
                    cp_async_wait, shared_storage, syncthreads, thread_idx,
                };
                let $cp = <TiledCopyOf<$atom>>::default();
                let (smem,) = shared_storage::<(SmemArray<cute_static::arch::F16, Tile>,)>();
                let sS = smem.tensor(Tile::default());
                let t = thread_idx().x;
                let thr = $cp.thread_slice(t);
                let $src = thr.partition_S(S);
                let mut $dst = thr.partition_D(sS);
                $body
                syncthreads();
                // The next thread's halves, one by one through shared memory.
                let next = $cp.thread_slice((t + 1) % 128);
                let (from, to) = (next.partition_S(sS), next.partition_D(D));
                let mut i = 0;
                while i < from.size() {
                    to.write(i, from.read(i));
                    i += 1;
                }
            }
        }
    };
}

half_copy_kernel!(
    /// Global → registers → shared by `UniversalCopy<uint128_t>` (8 halves
    /// per access), then the neighbour's halves one by one.
    copy_f16_tile, cute_static::atom::UniversalCopy<u128>,
    cfg(any(not(target_arch = "nvptx64"), feature = "sm80")),
    |cp, src, dst| {
        let mut frag = cute_static::device::make_fragment_like(&dst);
        cute_static::device::copy_with(&cp, &src, &mut frag);
        cute_static::device::copy_with(&cp, &frag, &mut dst);
    }
);
half_copy_kernel!(
    /// Global → shared by `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>`
    /// (`cp.async.cg…16`: 8 halves), then the neighbour's halves one by one.
    cp_async_f16_tile, cute_static::atom::SM80_CP_ASYNC_CACHEGLOBAL<u128>,
    cfg(any(not(target_arch = "nvptx64"), feature = "sm80")),
    |cp, src, dst| {
        copy_async(&cp, &src, &mut dst);
        cp_async_fence();
        cp_async_wait::<0>();
    }
);
