//! The `nvptx64-nvidia-cuda` entry points: the only unsafe code of the
//! crate. Each reads its block and thread indices from `core::arch::nvptx`,
//! wraps its buffers in raw-pointer accessors and calls the generic body.

use core::arch::nvptx;

use crate::sgemm::Sgemm1Tensor;
use crate::sgemm::{
    Fragment, SgemmRC, SgemmSA, SgemmSB, SgemmTA, SgemmTC, copy_tile, copy_tile_hand, mma_tile,
    mma_tile_hand, store_c, store_c_hand,
};
use crate::sgemm_tv::{
    CTA_MNK, REPS, SmemA, SmemB, THREADS, TvGmemCopy, TvLdsmA, TvLdsmB, TvMmaA, TvMmaB, TvMmaC,
    TvRegisters, tv_copy_tile, tv_copy_tile_hand, tv_load_fragments, tv_load_fragments_hand,
    tv_mma_gather, tv_mma_gather_hand, tv_mma_scatter, tv_mma_scatter_hand, tv_store_c,
    tv_store_c_hand,
};
use crate::transpose::{
    TransposeA, TransposeB, TransposeSwizzledTile, TransposeThreads, TransposeTile, transpose_load,
    transpose_load_hand, transpose_load_swizzled_hand, transpose_store, transpose_store_hand,
    transpose_store_swizzled_hand,
};
use crate::{Load, Matrix, Store};
use cute_static::{C, Dyn, layout::MixedLayout};

/// A device buffer read and written through a raw pointer.
#[derive(Clone, Copy)]
struct Ptr(*mut f32);

impl Ptr {
    /// # Safety
    /// Every offset the kernel body passes to `load`/`store` must be in
    /// bounds of the allocation behind `p`, and no other thread may access
    /// an element this thread writes without a barrier in between.
    #[inline(always)]
    unsafe fn new(p: *mut f32) -> Self {
        Ptr(p)
    }
}

impl Load for Ptr {
    #[inline(always)]
    fn load(&self, offset: usize) -> f32 {
        // SAFETY: the contract of `Ptr::new`: `offset` is in bounds.
        unsafe { self.0.add(offset).read() }
    }
}

impl Store for Ptr {
    #[inline(always)]
    fn store(&mut self, offset: usize, value: f32) {
        // SAFETY: the contract of `Ptr::new`: `offset` is in bounds and no
        // other thread races on this element.
        unsafe { self.0.add(offset).write(value) }
    }
}

/// `(blockIdx.y, blockIdx.x)` and `(threadIdx.x, threadIdx.y)`.
#[inline(always)]
fn indices() -> ((usize, usize), (usize, usize)) {
    // SAFETY: reading the special registers has no preconditions.
    unsafe {
        (
            (
                nvptx::_block_idx_y() as usize,
                nvptx::_block_idx_x() as usize,
            ),
            (
                nvptx::_thread_idx_x() as usize,
                nvptx::_thread_idx_y() as usize,
            ),
        )
    }
}

/// `(blockIdx.x, threadIdx.x)`: the one-dimensional grids of the
/// tensor-core kernels.
#[cfg(feature = "sm80")]
#[inline(always)]
fn block_and_thread() -> (usize, usize) {
    // SAFETY: reading the special registers has no preconditions.
    unsafe {
        (
            nvptx::_block_idx_x() as usize,
            nvptx::_thread_idx_x() as usize,
        )
    }
}

/// The GEMM kernels' operands A, B, C and shared arrays `smem` as [`Ptr`]s.
///
/// # Safety
/// The contract of [`Ptr::new`] for each of them.
#[inline(always)]
unsafe fn gemm_ptrs<const N: usize>(
    (a, b, c): (*const f32, *const f32, *mut f32),
    smem: [*mut f32; N],
) -> (Ptr, Ptr, Ptr, [Ptr; N]) {
    // SAFETY: the caller's contract.
    unsafe {
        (
            Ptr::new(a.cast_mut()),
            Ptr::new(b.cast_mut()),
            Ptr::new(c),
            smem.map(|p| Ptr::new(p)),
        )
    }
}

/// `(blockIdx.x · m, blockIdx.y · n, threadIdx.x)` for the tile extents
/// `(m, n)`: the block's tile origin and the thread of the 2-D GEMM grids.
#[inline(always)]
fn block_origin((m, n): (usize, usize)) -> (usize, usize, usize) {
    // SAFETY: reading the special registers has no preconditions.
    unsafe {
        (
            nvptx::_block_idx_x() as usize * m,
            nvptx::_block_idx_y() as usize * n,
            nvptx::_thread_idx_x() as usize,
        )
    }
}

/// A shared-memory array of `$len` f32, named `$name` in the PTX, as a
/// generic pointer.
macro_rules! shared_tile {
    ($name:literal, $len:literal) => {{
        let p: *mut f32;
        // SAFETY: declares a block-local `.shared` array of `$len` f32 and
        // converts its address to a generic pointer; no memory is touched.
        unsafe {
            core::arch::asm!(
                concat!(".shared .align 4 .f32 ", $name, "[", $len, "];"),
                concat!("cvta.shared.u64 {p}, ", $name, ";"),
                p = out(reg64) p,
            );
        }
        p
    }};
}

/// `B = Aᵀ` for 1024 × 1024 row-major f32 matrices, generic body over the
/// static layouts of `crate::transpose`. Launch with a `32 × 32` grid of
/// `32 × 8` blocks.
///
/// # Safety
/// `a` and `b` point to 1024 · 1024 f32 each and do not overlap; the launch
/// configuration is the one above.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn transpose_tiled(a: *const f32, b: *mut f32) {
    let (block, thread) = indices();
    let tile_ptr = shared_tile!("transpose_tiled_smem", 1056);
    // SAFETY: the layouts reach offsets < 1024 · 1024 in `a` and `b` for
    // the launch configuration above, and < 1056 in the tile.
    unsafe { transpose_through((a, b, tile_ptr), (block, thread), TransposeTile::new()) }
}

/// The one body of the generic transposes: load a tile of `A` into the
/// shared tile laid out by `s`, synchronise, store it transposed into `B`.
///
/// # Safety
/// `a` and `b` as for [`transpose_tiled`]; `tile_ptr` points to a block's
/// shared array of at least `cosize(s)` f32. Each element of the tile and
/// of `b` is written by one thread, and the tile is read only after the
/// barrier.
#[inline(always)]
unsafe fn transpose_through<S: Matrix + Copy>(
    (a, b, tile_ptr): (*const f32, *mut f32, *mut f32),
    (block, thread): ((usize, usize), (usize, usize)),
    s: S,
) {
    // SAFETY: the caller's contract.
    let (src, mut dst, mut tile) =
        unsafe { (Ptr::new(a.cast_mut()), Ptr::new(b), Ptr::new(tile_ptr)) };
    transpose_load(
        (TransposeA::new(), s, TransposeThreads::new()),
        block,
        thread,
        &src,
        &mut tile,
    );
    // SAFETY: every thread of the block reaches this barrier.
    unsafe { nvptx::_syncthreads() };
    transpose_store(
        (TransposeB::new(), s, TransposeThreads::new()),
        block,
        thread,
        &tile,
        &mut dst,
    );
}

/// The hand-written twin of [`transpose_tiled`]: literal index arithmetic.
///
/// # Safety
/// As for [`transpose_tiled`].
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn transpose_tiled_hand(a: *const f32, b: *mut f32) {
    let (block, thread) = indices();
    let tile_ptr = shared_tile!("transpose_tiled_hand_smem", 1056);
    // SAFETY: as in `transpose_tiled`.
    unsafe { transpose_hand::<false>((a, b, tile_ptr), (block, thread)) }
}

/// The one body of the hand-written twins [`transpose_tiled_hand`]
/// (`SWIZZLED` false, the padded tile) and [`transpose_swizzled_hand`].
///
/// # Safety
/// As for [`transpose_tiled`], `tile_ptr` a block-shared array of 1056
/// f32 (1024 where `SWIZZLED`).
#[inline(always)]
unsafe fn transpose_hand<const SWIZZLED: bool>(
    (a, b, tile_ptr): (*const f32, *mut f32, *mut f32),
    (block, thread): ((usize, usize), (usize, usize)),
) {
    // SAFETY: the caller's contract.
    let (src, mut dst, mut tile) =
        unsafe { (Ptr::new(a.cast_mut()), Ptr::new(b), Ptr::new(tile_ptr)) };
    if SWIZZLED {
        transpose_load_swizzled_hand(block, thread, &src, &mut tile);
    } else {
        transpose_load_hand(block, thread, &src, &mut tile);
    }
    // SAFETY: every thread of the block reaches this barrier.
    unsafe { nvptx::_syncthreads() };
    if SWIZZLED {
        transpose_store_swizzled_hand(block, thread, &tile, &mut dst);
    } else {
        transpose_store_hand(block, thread, &tile, &mut dst);
    }
}

/// `B = Aᵀ` like [`transpose_tiled`], through the swizzled shared tile
/// `Sw<5,0,5> ∘ (32,32):(32,1)` (1024 f32, no padding): the same generic
/// body, another tile layout.
///
/// # Safety
/// As for [`transpose_tiled`].
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn transpose_swizzled(a: *const f32, b: *mut f32) {
    const { assert!(TransposeSwizzledTile::COSIZE == 1024) };
    let (block, thread) = indices();
    let tile_ptr = shared_tile!("transpose_swizzled_smem", 1024);
    // SAFETY: as in `transpose_tiled`, with tile offsets < 1024 (the
    // swizzle permutes offsets within the tile's 1024).
    unsafe {
        transpose_through(
            (a, b, tile_ptr),
            (block, thread),
            TransposeSwizzledTile::default(),
        )
    }
}

/// The hand-written twin of [`transpose_swizzled`].
///
/// # Safety
/// As for [`transpose_tiled`].
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn transpose_swizzled_hand(a: *const f32, b: *mut f32) {
    let (block, thread) = indices();
    let tile_ptr = shared_tile!("transpose_swizzled_hand_smem", 1024);
    // SAFETY: as in `transpose_swizzled`.
    unsafe { transpose_hand::<true>((a, b, tile_ptr), (block, thread)) }
}

/// CuTe's `sgemm_1`, `C = α·A·Bᵀ + β·C` with A `m × k` (leading dimension
/// `lda`), B `n × k` (`ldb`), C `m × n` (`ldc`), all column-major f32: the
/// generic bodies of `crate::sgemm` over static shared-memory and thread
/// layouts and mixed global layouts. Launch with a `(m/128, n/128)` grid
/// of 256 threads; `m`, `n` multiples of 128, `k` of 8. The global
/// layouts are built unchecked (`MixedLayout::new_unchecked`): the
/// contract below is what bounds their sizes and extents.
///
/// # Safety
/// `a`, `b`, `c` point to `lda·k`, `ldb·k`, `ldc·n` f32 (with
/// `lda ≥ m`, `ldb ≥ n`, `ldc ≥ m`), `c` overlaps neither, and the launch
/// configuration is the one above.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "ptx-kernel" fn sgemm_1(
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: *const f32,
    lda: usize,
    b: *const f32,
    ldb: usize,
    beta: f32,
    c: *mut f32,
    ldc: usize,
) {
    // Unchecked: the launch contract bounds `m, n, k` and the leading
    // dimensions by the allocations, so `MixedLayout::new`'s size and
    // extent checks would only repeat it in every thread (the twin trusts
    // its arguments the same way); a wrong argument gives wrong offsets,
    // which the contract excludes as it does for the twin.
    let (ga, gb, gc) = (
        MixedLayout::new_unchecked((Dyn(m), Dyn(k)), (C::<1>, Dyn(lda))),
        MixedLayout::new_unchecked((Dyn(n), Dyn(k)), (C::<1>, Dyn(ldb))),
        MixedLayout::new_unchecked((Dyn(m), Dyn(n)), (C::<1>, Dyn(ldc))),
    );
    let smem = (
        shared_tile!("sgemm_1_smem_a", 1024),
        shared_tile!("sgemm_1_smem_b", 1024),
    );
    // SAFETY: the caller's contract, and `smem` are two 1024-f32 arrays.
    unsafe { sgemm_1_body((ga, gb, gc), (a, b, c), smem, (alpha, beta)) }
}

/// `sgemm_1`'s global layouts: `(m,k):(_1,lda)`, `(n,k):(_1,ldb)`,
/// `(m,n):(_1,ldc)`.
type Sgemm1Global = MixedLayout<(Dyn, Dyn), (C<1>, Dyn)>;

/// The one body of [`sgemm_1`] and [`sgemm_1_tensors`].
///
/// # Safety
/// The contract of [`sgemm_1`] for the sizes and leading dimensions in
/// `ga, gb, gc`; `smem` are two block-shared arrays of 1024 f32.
#[inline(always)]
unsafe fn sgemm_1_body(
    (ga, gb, gc): (Sgemm1Global, Sgemm1Global, Sgemm1Global),
    (a, b, c): (*const f32, *const f32, *mut f32),
    (smem_a, smem_b): (*mut f32, *mut f32),
    (alpha, beta): (f32, f32),
) {
    const { assert!(SgemmSA::COSIZE == 1024 && SgemmSB::COSIZE == 1024) };
    let k = ga.shape().1.0;
    let (bm, bn, thr) = block_origin((SgemmSA::ROWS, SgemmSB::ROWS));
    // SAFETY: for the launch configuration above every global offset is
    // inside its matrix and every shared offset < 1024; each shared element
    // is written by one thread between two barriers, each element of C by
    // one thread.
    let (ptr_a, ptr_b, mut ptr_c, [mut sa, mut sb]) =
        unsafe { gemm_ptrs((a, b, c), [smem_a, smem_b]) };
    let mut acc = Fragment::<64>::default();
    let (lsa, lsb, lta, ltc, lrc) = (
        SgemmSA::new(),
        SgemmSB::new(),
        SgemmTA::new(),
        SgemmTC::new(),
        SgemmRC::new(),
    );
    let mut k0 = 0;
    while k0 < k {
        copy_tile((ga, lsa, lta), (bm, k0), thr, &ptr_a, &mut sa);
        copy_tile((gb, lsb, lta), (bn, k0), thr, &ptr_b, &mut sb);
        // SAFETY: every thread of the block reaches this barrier.
        unsafe { nvptx::_syncthreads() };
        mma_tile((lsa, lsb, ltc, lrc), thr, &sa, &sb, &mut acc);
        // SAFETY: as above.
        unsafe { nvptx::_syncthreads() };
        k0 += SgemmSA::COLS;
    }
    store_c(
        (gc, ltc, lrc),
        (bm, bn),
        thr,
        (alpha, beta),
        &acc,
        &mut ptr_c,
    );
}

/// [`sgemm_1`] with its operands as tensors (pointer and layout passed by
/// value, cute-static's `KernelTensor`), as CuTe's `gemm_device(…, A, dA,
/// …)` takes them: `C = α·A·Bᵀ + β·C` with A `(m,k):(_1,lda)`, B
/// `(n,k):(_1,ldb)`, C `(m,n):(_1,ldc)`. Same launch and contract.
///
/// # Safety
/// As for [`sgemm_1`], with each tensor's pointer and layout in place of
/// the loose arguments (the layouts built checked on the host).
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn sgemm_1_tensors(
    alpha: f32,
    a: Sgemm1Tensor,
    b: Sgemm1Tensor,
    beta: f32,
    c: Sgemm1Tensor,
) {
    let smem = (
        shared_tile!("sgemm_1_tensors_smem_a", 1024),
        shared_tile!("sgemm_1_tensors_smem_b", 1024),
    );
    let (ga, gb, gc) = (a.layout(), b.layout(), c.layout());
    // SAFETY: the caller's contract, and `smem` are two 1024-f32 arrays.
    unsafe {
        sgemm_1_body(
            (ga, gb, gc),
            (a.ptr().cast_const(), b.ptr().cast_const(), c.ptr()),
            smem,
            (alpha, beta),
        )
    }
}

/// The hand-written twin of [`sgemm_1`]: literal index arithmetic.
///
/// # Safety
/// As for [`sgemm_1`].
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "ptx-kernel" fn sgemm_1_hand(
    _m: usize,
    _n: usize,
    k: usize,
    alpha: f32,
    a: *const f32,
    lda: usize,
    b: *const f32,
    ldb: usize,
    beta: f32,
    c: *mut f32,
    ldc: usize,
) {
    let smem_a = shared_tile!("sgemm_1_hand_smem_a", 1024);
    let smem_b = shared_tile!("sgemm_1_hand_smem_b", 1024);
    let (bm, bn, thr) = block_origin((128, 128));
    // SAFETY: as in `sgemm_1`.
    let (ptr_a, ptr_b, mut ptr_c, [mut sa, mut sb]) =
        unsafe { gemm_ptrs((a, b, c), [smem_a, smem_b]) };
    let mut acc = [0.0f32; 64];
    let mut k0 = 0;
    while k0 < k {
        copy_tile_hand(lda, (bm, k0), thr, &ptr_a, &mut sa);
        copy_tile_hand(ldb, (bn, k0), thr, &ptr_b, &mut sb);
        // SAFETY: every thread of the block reaches this barrier.
        unsafe { nvptx::_syncthreads() };
        mma_tile_hand(thr, &sa, &sb, &mut acc);
        // SAFETY: as above.
        unsafe { nvptx::_syncthreads() };
        k0 += 8;
    }
    store_c_hand(ldc, (bm, bn), thr, (alpha, beta), &acc, &mut ptr_c);
}

/// `sgemm_tv`: `C = α·A·Bᵀ + β·C` with A `m × k` K-major (leading
/// dimension `lda`), B `n × k` K-major (`ldb`), C `m × n` column-major
/// (`ldc`), f32 elements (standing for f16 inputs; f32 accumulation): the
/// generic bodies of `crate::sgemm_tv` over its static TV layouts. The MMA
/// is emulated by its definition (scalar FMAs over the operand tiles the
/// fragments are scattered to in shared memory); no tensor-core
/// instruction. Launch with a `(m/128, n/128)` grid of 128 threads; `m`,
/// `n` multiples of 128, `k` of 32. The global layouts are built
/// unchecked, as in [`sgemm_1`].
///
/// # Safety
/// `a`, `b`, `c` point to `lda·m`, `ldb·n`, `ldc·n` f32 (with `lda ≥ k`,
/// `ldb ≥ k`, `ldc ≥ m`), `c` overlaps neither, and the launch
/// configuration is the one above.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "ptx-kernel" fn sgemm_tv(
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: *const f32,
    lda: usize,
    b: *const f32,
    ldb: usize,
    beta: f32,
    c: *mut f32,
    ldc: usize,
) {
    const {
        assert!(SmemA::COSIZE == 4096 && SmemB::COSIZE == 4096);
        assert!(TvMmaA::COSIZE <= 512 && TvMmaB::COSIZE <= 256);
    };
    // Unchecked, as in `sgemm_1`: the launch contract bounds them.
    let (ga, gb, gc) = (
        MixedLayout::new_unchecked((Dyn(m), Dyn(k)), (Dyn(lda), C::<1>)),
        MixedLayout::new_unchecked((Dyn(n), Dyn(k)), (Dyn(ldb), C::<1>)),
        MixedLayout::new_unchecked((Dyn(m), Dyn(n)), (C::<1>, Dyn(ldc))),
    );
    let smem_a = shared_tile!("sgemm_tv_smem_a", 4096);
    let smem_b = shared_tile!("sgemm_tv_smem_b", 4096);
    let mma_a = shared_tile!("sgemm_tv_mma_a", 512);
    let mma_b = shared_tile!("sgemm_tv_mma_b", 256);
    let (bm, bn, thr) = block_origin((CTA_MNK.0, CTA_MNK.1));
    if thr >= THREADS {
        return;
    }
    // SAFETY: for the launch configuration above every global offset is
    // inside its matrix and every shared offset below its array's length
    // (the cosizes asserted above); each shared element is written between
    // two barriers by one thread, or by several threads with the same
    // value (the operand tiles), each element of C by one thread.
    let (ptr_a, ptr_b, mut ptr_c, [mut sa, mut sb, mut xa, mut xb]) =
        unsafe { gemm_ptrs((a, b, c), [smem_a, smem_b, mma_a, mma_b]) };
    let (lsa, lsb, lg) = (SmemA::new(), SmemB::new(), TvGmemCopy::new());
    let (lca, lcb) = (TvLdsmA::new(), TvLdsmB::new());
    let (lta, ltb, ltc) = (TvMmaA::new(), TvMmaB::new(), TvMmaC::new());
    let mut regs = TvRegisters::default();
    let mut k0 = 0;
    while k0 < k {
        tv_copy_tile((ga, lsa, lg), (bm, k0), thr, &ptr_a, &mut sa);
        tv_copy_tile((gb, lsb, lg), (bn, k0), thr, &ptr_b, &mut sb);
        // SAFETY: every thread of the block reaches this barrier.
        unsafe { nvptx::_syncthreads() };
        let mut kb = 0;
        while kb < REPS.2 {
            tv_load_fragments((lsa, lsb, lca, lcb), kb, thr, (&sa, &sb), &mut regs);
            let mut i = 0;
            while i < REPS.0 {
                let mut j = 0;
                while j < REPS.1 {
                    tv_mma_scatter((lta, ltb), (i, j), thr, &regs, (&mut xa, &mut xb));
                    // SAFETY: as above.
                    unsafe { nvptx::_syncthreads() };
                    tv_mma_gather(ltc, (i, j), thr, (&xa, &xb), &mut regs);
                    // SAFETY: as above; also orders the last fragment
                    // loads before the next tile's copy.
                    unsafe { nvptx::_syncthreads() };
                    j += 1;
                }
                i += 1;
            }
            kb += 1;
        }
        k0 += CTA_MNK.2;
    }
    tv_store_c((gc, ltc), (bm, bn), thr, (alpha, beta), &regs, &mut ptr_c);
}

/// The hand-written twin of [`sgemm_tv`]: literal index arithmetic.
///
/// # Safety
/// As for [`sgemm_tv`].
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "ptx-kernel" fn sgemm_tv_hand(
    _m: usize,
    _n: usize,
    k: usize,
    alpha: f32,
    a: *const f32,
    lda: usize,
    b: *const f32,
    ldb: usize,
    beta: f32,
    c: *mut f32,
    ldc: usize,
) {
    let smem_a = shared_tile!("sgemm_tv_hand_smem_a", 4096);
    let smem_b = shared_tile!("sgemm_tv_hand_smem_b", 4096);
    let mma_a = shared_tile!("sgemm_tv_hand_mma_a", 512);
    let mma_b = shared_tile!("sgemm_tv_hand_mma_b", 256);
    let (bm, bn, thr) = block_origin((128, 128));
    if thr >= 128 {
        return;
    }
    // SAFETY: as in `sgemm_tv`.
    let (ptr_a, ptr_b, mut ptr_c, [mut sa, mut sb, mut xa, mut xb]) =
        unsafe { gemm_ptrs((a, b, c), [smem_a, smem_b, mma_a, mma_b]) };
    let mut regs = TvRegisters::default();
    let mut k0 = 0;
    while k0 < k {
        tv_copy_tile_hand(lda, (bm, k0), thr, &ptr_a, &mut sa);
        tv_copy_tile_hand(ldb, (bn, k0), thr, &ptr_b, &mut sb);
        // SAFETY: every thread of the block reaches this barrier.
        unsafe { nvptx::_syncthreads() };
        let mut kb = 0;
        while kb < 2 {
            tv_load_fragments_hand(kb, thr, (&sa, &sb), &mut regs);
            let mut i = 0;
            while i < 4 {
                let mut j = 0;
                while j < 8 {
                    tv_mma_scatter_hand((i, j), thr, &regs, (&mut xa, &mut xb));
                    // SAFETY: as above.
                    unsafe { nvptx::_syncthreads() };
                    tv_mma_gather_hand((i, j), thr, (&xa, &xb), &mut regs);
                    // SAFETY: as above.
                    unsafe { nvptx::_syncthreads() };
                    j += 1;
                }
                i += 1;
            }
            kb += 1;
        }
        k0 += 32;
    }
    tv_store_c_hand(ldc, (bm, bn), thr, (alpha, beta), &regs, &mut ptr_c);
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    // SAFETY: `trap` aborts the kernel; it has no preconditions.
    unsafe { nvptx::trap() }
}

/// A kernel issuing one `mma.sync` of the atom `$atom` per block (`crate::
/// tensor_core`), whose registers are 4 of A, 2 of B and 4 of C/D, all
/// 32-bit: block `b` computes `D_b = A_b·B_bᵀ` with `A_b` the `M × K` tile
/// of `$in` bit patterns (`bits` wide) at `a + M·K·b` (element `(m, k)` at
/// `m + M·k`), `B_b` the `N × K` tile at `b + N·K·b` (`n + N·k`) and `D_b`
/// the `M × N` tile of `$out` at `d + M·N·b` (`m + M·n`), every operand
/// placed by the atom's layouts.
macro_rules! mma_kernel {
    ($(#[$doc:meta])* $name:ident, $atom:ty, $instr:literal, $in:ty, $bits:literal, $out:ty, ($m:literal, $n:literal, $k:literal)) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// `a`, `b`, `d` hold `M·K`, `N·K`, `M·N` elements per block of the
        /// grid; `d` overlaps neither; 32 threads (one warp) per block.
        #[cfg(feature = "sm80")]
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $name(a: *const $in, b: *const $in, d: *mut $out) {
            use crate::tensor_core::{pack, place};
            use cute_static::atom::MmaAtom;
            let (blk, t) = block_and_thread();
            // SAFETY: the contract above: every index is below the tile's
            // length (the atom's layouts map into it).
            let (ra, rb): ([u32; 4], [u32; 2]) = unsafe {
                let (a, b) = (a.add(blk * $m * $k), b.add(blk * $n * $k));
                (
                    pack::<<$atom as MmaAtom>::ALayout, 4>(t, $bits, |i| a.add(i).read() as u32),
                    pack::<<$atom as MmaAtom>::BLayout, 2>(t, $bits, |i| b.add(i).read() as u32),
                )
            };
            let (d0, d1, d2, d3): ($out, $out, $out, $out);
            // SAFETY: all 32 threads of the warp execute the instruction
            // (the launch contract); it reads and writes registers only.
            unsafe {
                core::arch::asm!(
                    concat!($instr, " {{{d0}, {d1}, {d2}, {d3}}}, {{{a0}, {a1}, {a2}, {a3}}}, {{{b0}, {b1}}}, {{{z}, {z}, {z}, {z}}};"),
                    d0 = out(reg32) d0,
                    d1 = out(reg32) d1,
                    d2 = out(reg32) d2,
                    d3 = out(reg32) d3,
                    a0 = in(reg32) ra[0],
                    a1 = in(reg32) ra[1],
                    a2 = in(reg32) ra[2],
                    a3 = in(reg32) ra[3],
                    b0 = in(reg32) rb[0],
                    b1 = in(reg32) rb[1],
                    z = in(reg32) 0u32,
                );
            }
            // SAFETY: as above; each D element is one thread's.
            let d = unsafe { d.add(blk * $m * $n) };
            place::<<$atom as MmaAtom>::CLayout, _, 4>(t, [d0, d1, d2, d3], |i, x| unsafe {
                d.add(i).write(x)
            });
        }
    };
}

mma_kernel!(
    /// `SM80_16x8x16_F32F16F16F32_TN`: `mma.sync…m16n8k16…f32.f16.f16.f32`.
    mma_sm80_16x8x16_f16, cute_static::atom::SM80_16x8x16_F32F16F16F32_TN,
    "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", u16, 16, f32, (16, 8, 16)
);
mma_kernel!(
    /// `SM80_16x8x8_F32TF32TF32F32_TN`: `mma.sync…m16n8k8…f32.tf32.tf32.f32`.
    mma_sm80_16x8x8_tf32, cute_static::atom::SM80_16x8x8_F32TF32TF32F32_TN,
    "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", u32, 32, f32, (16, 8, 8)
);
mma_kernel!(
    /// `SM80_16x8x32_S32S8S8S32_TN`: `mma.sync…m16n8k32…s32.s8.s8.s32`.
    mma_sm80_16x8x32_s8, cute_static::atom::SM80_16x8x32_S32S8S8S32_TN,
    "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", u8, 8, i32, (16, 8, 32)
);

/// One `SM80_8x8x4_F64F64F64F64_TN` MMA (`mma.sync…m8n8k4…f64`) per block,
/// as [`mma_kernel!`]'s kernels with one 64-bit register of A, one of B
/// and two of D: `A_b` the 8 × 4 tile at `a + 32·b`, `B_b` 8 × 4 at
/// `b + 32·b`, `D_b` 8 × 8 at `d + 64·b`.
///
/// # Safety
/// `a`, `b`, `d` hold 32, 32, 64 elements per block; `d` overlaps
/// neither; 32 threads per block.
#[cfg(feature = "sm80")]
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn mma_sm80_8x8x4_f64(a: *const f64, b: *const f64, d: *mut f64) {
    use crate::tensor_core::place;
    use cute_static::atom::{MmaAtom, SM80_8x8x4_F64F64F64F64_TN as Atom};
    let (blk, t) = block_and_thread();
    let (mut ra, mut rb) = (0.0, 0.0);
    // SAFETY: the contract above; one value of A and of B per thread.
    unsafe {
        let (a, b) = (a.add(blk * 32), b.add(blk * 32));
        place::<<Atom as MmaAtom>::ALayout, _, 1>(t, [()], |i, ()| ra = a.add(i).read());
        place::<<Atom as MmaAtom>::BLayout, _, 1>(t, [()], |i, ()| rb = b.add(i).read());
    }
    let (d0, d1): (f64, f64);
    // SAFETY: all 32 threads execute it; registers only.
    unsafe {
        core::arch::asm!(
            "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{{d0}, {d1}}}, {{{a0}}}, {{{b0}}}, {{{z}, {z}}};",
            d0 = out(reg64) d0,
            d1 = out(reg64) d1,
            a0 = in(reg64) ra,
            b0 = in(reg64) rb,
            z = in(reg64) 0f64,
        );
    }
    // SAFETY: as above; each D element is one thread's.
    let d = unsafe { d.add(blk * 64) };
    place::<<Atom as MmaAtom>::CLayout, _, 2>(t, [d0, d1], |i, x| unsafe { d.add(i).write(x) });
}

/// A block-local `.shared` tile of `$len` 16-bit values (256 if not
/// given) aligned to `$align` bytes (16 if not given), named `$name`, as
/// `(generic pointer, shared address)`.
#[cfg(feature = "sm80")]
macro_rules! shared_u16_tile {
    ($name:literal) => {
        shared_u16_tile!($name, 16, 256)
    };
    ($name:literal, $align:literal, $len:literal) => {{
        let (p, s): (*mut u16, u32);
        // SAFETY: declares the tile and takes its addresses; no memory is
        // touched.
        unsafe {
            core::arch::asm!(
                concat!(".shared .align ", $align, " .b16 ", $name, "[", $len, "];"),
                concat!("cvta.shared.u64 {p}, ", $name, ";"),
                concat!("mov.u32 {s}, ", $name, ";"),
                p = out(reg64) p,
                s = out(reg32) s,
            );
        }
        (p, s)
    }};
}

/// A kernel issuing one `ldmatrix` of the copy atom `$atom` (`$regs`
/// 32-bit registers) per block (`crate::tensor_core`): the 256 16-bit
/// values at `src + 256·b` go to shared memory, each thread hands the
/// instruction the row `ValLayoutSrc(t, 0)` and writes its value `v`
/// (register `v / 2`, half `v % 2`) to `vals[256·b + 8·t + v]` and the
/// element index `ValLayoutDst(t, v)` it must hold to `idx[…]`. One warp
/// per block.
macro_rules! ldsm_kernel {
    ($name:ident, $tile:literal, $atom:ty, $instr:literal, $regs:literal, [$($r:ident),+]) => {
        /// `ldmatrix` of
        #[doc = concat!("`", stringify!($atom), "`")]
        /// (see `ldsm_kernel!`).
        ///
        /// # Safety
        /// `src`, `vals`, `idx` hold 256 elements per block; `vals` and
        /// `idx` overlap nothing; 32 threads per block.
        #[cfg(feature = "sm80")]
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $name(src: *const u16, vals: *mut u16, idx: *mut u32) {
            use crate::tensor_core::{LDSM_LEN, copy_row, unpack};
            use cute_static::{atom::{ValLayoutDst, ValLayoutSrc}};
            let (blk, t) = block_and_thread();
            let (tile, shared) = shared_u16_tile!($tile);
            // SAFETY: the contract above: each thread copies its 8 of the
            // block's 256 values into the tile, then a barrier all 32
            // threads reach.
            unsafe {
                let src = src.add(blk * LDSM_LEN);
                for i in 8 * t..8 * t + 8 {
                    tile.add(i).write(src.add(i).read());
                }
                nvptx::_syncthreads();
            }
            let addr = shared + 2 * copy_row::<ValLayoutSrc<$atom, 16>>(t) as u32;
            $(let $r: u32;)+
            // SAFETY: every row address is 16-byte aligned inside the tile
            // (the atom's source rows are 8 values apart); all 32 threads
            // execute it.
            unsafe {
                core::arch::asm!(
                    concat!($instr, " {{", ldsm_kernel!(@list $($r),+), "}}, [{addr}];"),
                    $($r = out(reg32) $r,)+
                    addr = in(reg32) addr,
                );
            }
            unpack::<ValLayoutDst<$atom, 16>, $regs>(t, [$($r),+], |v, x, i| {
                let o = blk * LDSM_LEN + 8 * t + v;
                // SAFETY: `o` < 256 per block, each written by this thread.
                unsafe {
                    vals.add(o).write(x);
                    idx.add(o).write(i as u32);
                }
            });
        }
    };
    (@list $r:ident) => { concat!("{", stringify!($r), "}") };
    (@list $r:ident, $($rest:ident),+) => { concat!("{", stringify!($r), "}, ", ldsm_kernel!(@list $($rest),+)) };
}

ldsm_kernel!(
    ldsm_u32x1_n,
    "ldsm_u32x1_n_tile",
    cute_static::atom::SM75_U32x1_LDSM_N,
    "ldmatrix.sync.aligned.m8n8.x1.shared.b16",
    1,
    [r0]
);
ldsm_kernel!(
    ldsm_u32x2_n,
    "ldsm_u32x2_n_tile",
    cute_static::atom::SM75_U32x2_LDSM_N,
    "ldmatrix.sync.aligned.m8n8.x2.shared.b16",
    2,
    [r0, r1]
);
ldsm_kernel!(
    ldsm_u32x4_n,
    "ldsm_u32x4_n_tile",
    cute_static::atom::SM75_U32x4_LDSM_N,
    "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
    4,
    [r0, r1, r2, r3]
);
ldsm_kernel!(
    ldsm_u16x2_t,
    "ldsm_u16x2_t_tile",
    cute_static::atom::SM75_U16x2_LDSM_T,
    "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16",
    1,
    [r0]
);
ldsm_kernel!(
    ldsm_u16x4_t,
    "ldsm_u16x4_t_tile",
    cute_static::atom::SM75_U16x4_LDSM_T,
    "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16",
    2,
    [r0, r1]
);
ldsm_kernel!(
    ldsm_u16x8_t,
    "ldsm_u16x8_t_tile",
    cute_static::atom::SM75_U16x8_LDSM_T,
    "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
    4,
    [r0, r1, r2, r3]
);

/// A kernel issuing one `stmatrix` of the copy atom `$atom` per block:
/// thread `t` holds the value `8·t + v` as its value `v` (register `v / 2`,
/// half `v % 2`), hands the instruction the row `ValLayoutDst(t, 0)`, and
/// after a barrier reads back the element `ValLayoutSrc(t, v)` its value
/// must have landed on into `vals[256·b + 8·t + v]` (with that index in
/// `idx[…]`). One warp per block.
macro_rules! stsm_kernel {
    ($name:ident, $tile:literal, $atom:ty, $instr:literal, $regs:literal, [$($r:ident),+]) => {
        /// `stmatrix` of
        #[doc = concat!("`", stringify!($atom), "`")]
        /// (see `stsm_kernel!`).
        ///
        /// # Safety
        /// `vals`, `idx` hold 256 elements per block and overlap nothing;
        /// 32 threads per block.
        #[cfg(feature = "sm90a")]
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $name(vals: *mut u16, idx: *mut u32) {
            use crate::tensor_core::{LDSM_LEN, copy_row, unpack};
            use cute_static::{atom::{ValLayoutDst, ValLayoutSrc}};
            let (blk, t) = block_and_thread();
            let (tile, shared) = shared_u16_tile!($tile);
            let regs: [u32; $regs] = core::array::from_fn(|r| {
                let v = (8 * t + 2 * r) as u32;
                v | ((v + 1) << 16)
            });
            let [$($r),+] = regs;
            let addr = shared + 2 * copy_row::<ValLayoutDst<$atom, 16>>(t) as u32;
            // SAFETY: every row address is 16-byte aligned inside the tile;
            // all 32 threads execute it, then a barrier all reach.
            unsafe {
                core::arch::asm!(
                    concat!($instr, " [{addr}], {{", ldsm_kernel!(@list $($r),+), "}};"),
                    $($r = in(reg32) $r,)+
                    addr = in(reg32) addr,
                );
                nvptx::_syncthreads();
            }
            unpack::<ValLayoutSrc<$atom, 16>, $regs>(t, regs, |v, _, i| {
                let o = blk * LDSM_LEN + 8 * t + v;
                // SAFETY: `i` < 256 (the tile), `o` < 256 per block, each
                // written by this thread.
                unsafe {
                    vals.add(o).write(tile.add(i).read());
                    idx.add(o).write(i as u32);
                }
            });
        }
    };
}

stsm_kernel!(
    stsm_u32x4_n,
    "stsm_u32x4_n_tile",
    cute_static::atom::SM90_U32x4_STSM_N,
    "stmatrix.sync.aligned.m8n8.x4.shared.b16",
    4,
    [r0, r1, r2, r3]
);
stsm_kernel!(
    stsm_u16x8_t,
    "stsm_u16x8_t_tile",
    cute_static::atom::SM90_U16x8_STSM_T,
    "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
    4,
    [r0, r1, r2, r3]
);

/// The warpgroup's thread `t` writes `src[e]` to `tile[at(e)]` for its
/// elements `e = t, t + 128, …` below `len`.
///
/// # Safety
/// `src` holds `len` elements, `at(e)` is inside `tile` for every `e <
/// len`, and no other thread writes the same tile elements.
#[cfg(feature = "sm90a")]
#[inline(always)]
unsafe fn fill_tile(
    tile: *mut u16,
    src: *const u16,
    len: usize,
    t: usize,
    at: impl Fn(usize) -> usize,
) {
    let mut e = t;
    while e < len {
        // SAFETY: the contract above.
        unsafe { tile.add(at(e)).write(src.add(e).read()) };
        e += crate::tensor_core::WARPGROUP;
    }
}

/// Makes the block's generic-proxy shared-memory writes visible to the
/// asynchronous proxy (`wgmma`), then a barrier.
///
/// # Safety
/// Every thread of the block reaches it.
#[cfg(feature = "sm90a")]
#[inline(always)]
unsafe fn fence_async_and_sync() {
    // SAFETY: a fence has no preconditions; the barrier's is the contract.
    unsafe {
        core::arch::asm!("fence.proxy.async.shared::cta;");
        nvptx::_syncthreads();
    }
}

/// One `SM90_64x8x16_F32F16F16_SS` GMMA per block (`crate::tensor_core`):
/// the warpgroup stores the `64 × 16` f16 tile at `a + 1024·b` (element
/// `(m, k)` at `m + 64·k`) and the `8 × 16` tile at `b + 128·b` (`n + 8·k`)
/// into shared memory in GMMA's canonical K-major layouts, issues
/// `wgmma.mma_async` with their descriptors, and stores D (`64 × 8` f32 at
/// `d + 512·b`, `(m, n)` at `m + 64·n`) by the atom's `CLayout`. Launch
/// with 128 threads per block.
///
/// # Safety
/// `a`, `b`, `d` hold 1024, 128, 512 elements per block; `d` overlaps
/// neither; 128 threads per block.
#[cfg(feature = "sm90a")]
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn wgmma_m64n8k16_f16(a: *const u16, b: *const u16, d: *mut f32) {
    use crate::tensor_core::{
        GMMA_DESC_A, GMMA_DESC_B, GmmaSmemA, GmmaSmemB, gmma_desc_at, gmma_store_d,
    };
    let (blk, t) = block_and_thread();
    let (sa, sa_addr) = shared_u16_tile!("wgmma_tile_a", 128, 1024);
    let (sb, sb_addr) = shared_u16_tile!("wgmma_tile_b", 128, 128);
    // SAFETY: the contract above; every shared offset is below the tile's
    // length (the layouts' cosizes are 1024 and 128), each element written
    // by one thread; all 128 threads reach the barrier.
    unsafe {
        let (a, b) = (a.add(blk * 1024), b.add(blk * 128));
        fill_tile(sa, a, 1024, t, |e| GmmaSmemA::default().call(e));
        fill_tile(sb, b, 128, t, |e| GmmaSmemB::default().call(e));
        fence_async_and_sync();
    }
    let (da, db) = (
        gmma_desc_at(GMMA_DESC_A, sa_addr),
        gmma_desc_at(GMMA_DESC_B, sb_addr),
    );
    let (mut d0, mut d1, mut d2, mut d3) = (0f32, 0f32, 0f32, 0f32);
    // SAFETY: all 128 threads of the warpgroup execute it; the descriptors
    // name the shared tiles written above; D = A·B (scale-d false), then
    // the group is committed and waited for before D is read.
    unsafe {
        core::arch::asm!(
            "wgmma.fence.sync.aligned;",
            "{{",
            ".reg .pred p;",
            "setp.ne.b32 p, {z}, 0;",
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{{d0}, {d1}, {d2}, {d3}}}, {da}, {db}, p, 1, 1, 0, 0;",
            "}}",
            "wgmma.commit_group.sync.aligned;",
            "wgmma.wait_group.sync.aligned 0;",
            d0 = inout(reg32) d0,
            d1 = inout(reg32) d1,
            d2 = inout(reg32) d2,
            d3 = inout(reg32) d3,
            da = in(reg64) da,
            db = in(reg64) db,
            z = in(reg32) 0u32,
        );
    }
    // SAFETY: as above; each D element is one thread's.
    let d = unsafe { d.add(blk * 512) };
    gmma_store_d(t, [d0, d1, d2, d3], |i, x| unsafe { d.add(i).write(x) });
}

/// The same GMMA atom over `K = 64` in four `K = 16` blocks, its operands
/// in GMMA's 128-byte-swizzled K-major layouts (`crate::tensor_core::
/// GmmaSw128A`/`GmmaSw128B`): A `64 × 64` f16 at `a + 4096·b` (`(m, k)`
/// at `m + 64·k`), B `8 × 64` at `b + 512·b` (`n + 8·k`), D `64 × 8` f32
/// at `d + 512·b`; four `wgmma.mma_async`, the descriptors stepping 32
/// bytes a block, D accumulated from the second on. 128 threads a block.
///
/// # Safety
/// `a`, `b`, `d` hold 4096, 512, 512 elements per block; `d` overlaps
/// neither; 128 threads per block.
#[cfg(feature = "sm90a")]
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn wgmma_m64n8k16_f16_sw128(
    a: *const u16,
    b: *const u16,
    d: *mut f32,
) {
    use crate::tensor_core::{
        GMMA_SW128_DESC_A, GMMA_SW128_DESC_B, GmmaSw128A, GmmaSw128B, gmma_desc_at, gmma_store_d,
    };
    let (blk, t) = block_and_thread();
    let (sa, sa_addr) = shared_u16_tile!("wgmma_sw_a", 1024, 4096);
    let (sb, sb_addr) = shared_u16_tile!("wgmma_sw_b", 1024, 512);
    // SAFETY: the contract above; the swizzled offsets permute each tile
    // (cosizes 4096 and 512), each element written by one thread; all 128
    // threads reach the barrier.
    unsafe {
        let (a, b) = (a.add(blk * 4096), b.add(blk * 512));
        let (la, lb) = (GmmaSw128A::default(), GmmaSw128B::default());
        fill_tile(sa, a, 4096, t, |e| la.at(e % 64, e / 64));
        fill_tile(sb, b, 512, t, |e| lb.at(e % 8, e / 8));
        fence_async_and_sync();
    }
    let (da, db) = (
        gmma_desc_at(GMMA_SW128_DESC_A, sa_addr),
        gmma_desc_at(GMMA_SW128_DESC_B, sb_addr),
    );
    let (mut d0, mut d1, mut d2, mut d3) = (0f32, 0f32, 0f32, 0f32);
    // SAFETY: all 128 threads execute it; the descriptors name the shared
    // tiles written above, block kb at +2·kb (32 bytes); the accumulators
    // are not touched between the four instructions (one asm block), and
    // the group is waited for before D is read.
    unsafe {
        core::arch::asm!(
            "wgmma.fence.sync.aligned;",
            "{{",
            ".reg .pred p, q;",
            "setp.ne.b32 p, {z}, 0;",
            "setp.eq.b32 q, {z}, 0;",
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{{d0}, {d1}, {d2}, {d3}}}, {a0}, {b0}, p, 1, 1, 0, 0;",
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{{d0}, {d1}, {d2}, {d3}}}, {a1}, {b1}, q, 1, 1, 0, 0;",
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{{d0}, {d1}, {d2}, {d3}}}, {a2}, {b2}, q, 1, 1, 0, 0;",
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{{d0}, {d1}, {d2}, {d3}}}, {a3}, {b3}, q, 1, 1, 0, 0;",
            "}}",
            "wgmma.commit_group.sync.aligned;",
            "wgmma.wait_group.sync.aligned 0;",
            d0 = inout(reg32) d0,
            d1 = inout(reg32) d1,
            d2 = inout(reg32) d2,
            d3 = inout(reg32) d3,
            a0 = in(reg64) da,
            a1 = in(reg64) da + 2,
            a2 = in(reg64) da + 4,
            a3 = in(reg64) da + 6,
            b0 = in(reg64) db,
            b1 = in(reg64) db + 2,
            b2 = in(reg64) db + 4,
            b3 = in(reg64) db + 6,
            z = in(reg32) 0u32,
        );
    }
    // SAFETY: as above; each D element is one thread's.
    let d = unsafe { d.add(blk * 512) };
    gmma_store_d(t, [d0, d1, d2, d3], |i, x| unsafe { d.add(i).write(x) });
}
