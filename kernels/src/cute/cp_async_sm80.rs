//! SM80's `cp.async` in kernels: each entry copies a `64×16` f32 tile
//! (column-major) from global to shared memory by a tiled copy of
//! `cp.async` atoms (`(16,8)` threads × `(4,1)` values: two 128-bit
//! `cp.async` per thread), commits them (`cp_async_fence`), waits
//! (`cp_async_wait::<0>`), and after the block barrier each thread copies
//! the shared values of the *next* thread's partition (`t + 1 mod 128`)
//! to the same places of the output, so `D = S` holds only if every
//! thread's asynchronous copy was complete and visible to the others.
//!
//! On the nvptx target they need `.target sm_80` (feature `sm80`); on the
//! host they always exist (the copy is synchronous there) and
//! `tests/cute_cp_async.rs` runs them.

/// The tile.
pub type Tile = cute_static::Layout![(64, 16)];

macro_rules! cp_async_kernel {
    ($(#[$doc:meta])* $name:ident, $atom:ty) => {
        cute_static::kernel! {
            $(#[$doc])*
            #[cfg(any(not(target_arch = "nvptx64"), feature = "sm80"))]
            pub fn $name(
                S: cute_static::arch::GmemTensor<f32, Tile>,
                D: cute_static::arch::GmemTensor<f32, Tile>,
            ) {
                use cute_static::arch::{
                    DeviceCopyPartition, SmemArray, ThreadSlice, copy_async, cp_async_fence,
                    cp_async_wait, shared_storage, syncthreads, thread_idx,
                };
                type Cp = cute_static::atom::MakeTiledCopy<
                    $atom,
                    32,
                    cute_static::Layout![(16, 8)],
                    cute_static::Layout![(4, 1)],
                >;
                let cp = Cp::default();
                let (smem,) = shared_storage::<(SmemArray<f32, Tile>,)>();
                let sS = smem.tensor(Tile::default());
                let t = thread_idx().x;
                let thr = cp.thread_slice(t);
                let mut tSsS = thr.partition_D(sS);
                copy_async(&cp, &thr.partition_S(S), &mut tSsS);
                cp_async_fence();
                cp_async_wait::<0>();
                syncthreads();
                // The next thread's values, through shared memory.
                let next = cp.thread_slice((t + 1) % 128);
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

cp_async_kernel!(
    /// `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>` (`cp.async.ca…16`).
    cp_async_ca_tile, cute_static::atom::SM80_CP_ASYNC_CACHEALWAYS<u128>
);
cp_async_kernel!(
    /// `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>` (`cp.async.cg…16`).
    cp_async_cg_tile, cute_static::atom::SM80_CP_ASYNC_CACHEGLOBAL<u128>
);

cute_static::kernel! {
    /// `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>` (`cp.async.cg…16, src_size`)
    /// over a partial tile: the first `m` rows of the `64×16` tile `S` are
    /// data, the others are not (they are allocated, and hold whatever the
    /// caller left there). `copy_async_if` with the predicate `row < m`
    /// (an identity tensor partitioned as `S`) copies the data rows and
    /// zero-fills the others in shared memory without reading them; then,
    /// as in the kernels above, each thread writes the next thread's shared
    /// values to `D`, so `D` is `S` in rows `< m` and 0 below. The
    /// predicate is one per 128-bit access (4 rows, tested at the first):
    /// `m` a multiple of 4, or the rows up to the next multiple are copied.
    #[cfg(any(not(target_arch = "nvptx64"), feature = "sm80"))]
    pub fn cp_async_zfill_tile(
        S: cute_static::arch::GmemTensor<f32, Tile>,
        D: cute_static::arch::GmemTensor<f32, Tile>,
        m: usize,
    ) {
        use cute_static::arch::{
            DeviceCopyPartition, SmemArray, ThreadSlice, copy_async_if, cp_async_fence,
            cp_async_wait, shared_storage, syncthreads, thread_idx,
        };
        use cute_static::device::{lazy_transform, local_tile, make_identity_tensor};
        type Cp = cute_static::atom::MakeTiledCopy<
            cute_static::atom::SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>,
            32,
            cute_static::Layout![(16, 8)],
            cute_static::Layout![(4, 1)],
        >;
        let cp = Cp::default();
        let (smem,) = shared_storage::<(SmemArray<f32, Tile>,)>();
        let sS = smem.tensor(Tile::default());
        let t = thread_idx().x;
        let thr = cp.thread_slice(t);
        // The predicate: the row of each value, compared with `m` (the
        // identity tensor's one tile of the static tile shape).
        let C = make_identity_tensor((64usize, 16usize));
        let P = lazy_transform(C, move |c: [usize; 2]| c[0] < m);
        let tiler = <cute_static::Tiler![<64, 16>]>::default();
        let tile_P = local_tile(P, tiler, (0usize, 0usize), ());
        let tSpS = thr.partition_S(tile_P);
        let mut tSsS = thr.partition_D(sS);
        copy_async_if(&cp, &tSpS, &thr.partition_S(S), &mut tSsS);
        cp_async_fence();
        cp_async_wait::<0>();
        syncthreads();
        // The next thread's values, through shared memory.
        let next = cp.thread_slice((t + 1) % 128);
        let (from, to) = (next.partition_S(sS), next.partition_D(D));
        let mut i = 0;
        while i < from.size() {
            to.write(i, from.read(i));
            i += 1;
        }
    }
}
