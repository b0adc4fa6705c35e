//! The host emulation of a grid (std only): [`launch`] runs a kernel
//! function once per CUDA thread, one OS thread per thread of a block and
//! the blocks one after the other, with [`syncthreads`](super::syncthreads)
//! a barrier of the block's threads. Global memory is a [`GlobalBuffer`]
//! and shared memory the block's storage, both `AtomicU32` words read and
//! written with `Relaxed` atomics (the barrier orders them), so a kernel
//! run on the host is free of data races in Rust's memory model whatever
//! its threads do; a kernel whose threads race on the device gives an
//! unspecified (but defined) result here.
//!
//! ```
//! use cute_static::arch::{Dim3, GlobalBuffer, block_idx, host, syncthreads, thread_idx};
//! let out = GlobalBuffer::<u32>::zeroed(8);
//! let t = out.tensor(cute_static::layout!(8:1))?;
//! host::launch(Dim3::new(2, 1, 1), Dim3::new(4, 1, 1), || {
//!     let i = block_idx().x * 4 + thread_idx().x;
//!     syncthreads();
//!     t.write(i, 10 * i as u32);
//! });
//! assert_eq!(out.to_vec(), [0, 10, 20, 30, 40, 50, 60, 70]);
//! # Ok::<(), cute_static::Error>(())
//! ```

use std::boxed::Box;
use std::cell::{Cell, RefCell};
use std::sync::atomic::AtomicU32;
use std::sync::{Arc, Condvar, Mutex};
use std::vec::Vec;

use super::index::Dim3;
use super::ptr::{GmemPtr, MemPtr};
use super::scalar::Scalar;
use super::tensor::PtrTensor;
use crate::Error;
use crate::kernel::layout::TensorLayout;

/// Global memory on the host: `len` elements of `T` as `AtomicU32` words.
pub struct GlobalBuffer<T> {
    words: Box<[AtomicU32]>,
    len: usize,
    ty: core::marker::PhantomData<T>,
}

impl<T: Scalar> GlobalBuffer<T> {
    /// `len` elements `T::default()`.
    pub fn zeroed(len: usize) -> Self {
        // The elements' bytes rounded up to whole words (an odd number of
        // 2-byte elements leaves the last word's high half unused).
        let words = (0..(len * T::BYTES).div_ceil(4))
            .map(|_| AtomicU32::new(0))
            .collect();
        GlobalBuffer {
            words,
            len,
            ty: core::marker::PhantomData,
        }
    }
    /// The elements of `data`.
    pub fn from_slice(data: &[T]) -> Self {
        let b = Self::zeroed(data.len());
        for (i, v) in data.iter().enumerate() {
            b.set(i, *v);
        }
        b
    }
    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether it holds no element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Element `i` (panics past the end: a host-side helper).
    pub fn get(&self, i: usize) -> T {
        assert!(
            i < self.len,
            "GlobalBuffer::get: {i} past the {} elements",
            self.len
        );
        // SAFETY: element `i < len` lies in the buffer's words.
        unsafe { self.ptr().add(i).read_as::<T>() }
    }
    /// Sets element `i` (panics past the end).
    pub fn set(&self, i: usize, v: T) {
        assert!(
            i < self.len,
            "GlobalBuffer::set: {i} past the {} elements",
            self.len
        );
        // SAFETY: as for `get`.
        unsafe { self.ptr().add(i).write_as::<T>(v) }
    }
    /// The elements.
    pub fn to_vec(&self) -> Vec<T> {
        (0..self.len).map(|i| self.get(i)).collect()
    }
    /// The buffer's address as a global pointer.
    pub fn ptr(&self) -> GmemPtr<T> {
        GmemPtr::from_raw(self.words.as_ptr() as *mut T)
    }
    /// The global tensor `buffer ∘ layout` (CuTe's `make_tensor(make_gmem_ptr(p),
    /// layout)`), checked once: the layout must be valid (its size and
    /// offsets exact and within `i64`, as [`MixedLayout::new`](crate::layout::MixedLayout::new)
    /// checks: a layout of `new_unchecked` may fail here), its size and
    /// cosize at most [`MAX_COSIZE`](super::MAX_COSIZE) = `i32::MAX` (an
    /// `overflow` error otherwise: CuTe's `int`, which the device's index
    /// arithmetic relies on), and the buffer must hold `cosize(layout)` elements (an
    /// `out_of_storage` error otherwise). The tensor borrows
    /// nothing: it is a kernel argument, valid while the buffer lives (the
    /// launch runs inside that lifetime).
    pub fn tensor<L: TensorLayout>(&self, layout: L) -> Result<PtrTensor<GmemPtr<T>, L>, Error> {
        crate::kernel_arg::check_device_layout(&layout, "GlobalBuffer::tensor")?;
        if layout.cosize() > self.len {
            return Err(Error::OutOfStorage {
                layout: layout.notation(),
                base: 0,
                last: layout.cosize().saturating_sub(1),
                len: self.len,
            });
        }
        // SAFETY: the layout is valid (its offsets exact) and the buffer
        // holds `cosize(layout)` elements, so every
        // offset of the layout's domain is inside it; the caller keeps the
        // buffer alive while the tensor is used (its documented contract,
        // as for a device allocation).
        Ok(unsafe { PtrTensor::from_raw_parts(self.ptr(), layout) })
    }
}

/// A block barrier that does not hang when a thread of the block
/// panicked: the others panic too.
struct BlockBarrier {
    state: Mutex<(usize, usize, bool)>, // (arrived, generation, poisoned)
    cv: Condvar,
    n: usize,
}

/// The panic message of a thread stopped at a barrier because another
/// thread of its block panicked (a consequence, never the cause: [`launch`]
/// re-raises the cause).
const POISONED: &str = "syncthreads: another thread of the block panicked";

/// Stops a thread waiting at a poisoned barrier.
fn poisoned() -> ! {
    std::panic::panic_any(POISONED)
}

impl BlockBarrier {
    fn wait(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if s.2 {
            poisoned();
        }
        let generation = s.1;
        s.0 += 1;
        if s.0 == self.n {
            s.0 = 0;
            s.1 += 1;
            self.cv.notify_all();
            return;
        }
        while s.1 == generation && !s.2 {
            s = self.cv.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        if s.2 {
            poisoned();
        }
    }
    fn poison(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.2 = true;
        self.cv.notify_all();
    }
}

/// One block's shared state: its barrier and its shared storages (in the
/// order the threads declare them).
struct Block {
    barrier: BlockBarrier,
    smem: Mutex<Vec<Arc<[AtomicU32]>>>,
    warps: Vec<Warp>,
    /// The barriers of the block's warpgroups (128 threads each; the last
    /// one may have fewer), for the emulated `wgmma` collectives.
    warpgroups: Vec<BlockBarrier>,
}

/// The words of one warp's exchange buffer ([`imp::warp_exchange`]): room
/// for the `A` and `B` tiles of every SM80 MMA atom (at most 768 values).
pub(crate) const WARP_SCRATCH_WORDS: usize = 1024;

/// One warp's state for the warp-cooperative instructions (`mma.sync`):
/// its barrier (the warp's threads only) and two exchange buffers, used
/// alternately, so one barrier per exchange suffices (a thread writes a
/// buffer again only after the barrier of the next exchange, which every
/// thread reaches after its reads of the previous one).
struct Warp {
    barrier: BlockBarrier,
    threads: usize,
    scratch: [Box<[AtomicU32]>; 2],
}

/// The emulated thread.
struct ThreadCtx {
    thread: Dim3,
    block: Dim3,
    block_dim: Dim3,
    grid_dim: Dim3,
    shared: Arc<Block>,
}

std::thread_local! {
    static CTX: RefCell<Option<ThreadCtx>> = const { RefCell::new(None) };
    static DECLARED: Cell<usize> = const { Cell::new(0) };
    static EXCHANGES: Cell<usize> = const { Cell::new(0) };
}

fn with<R>(f: impl FnOnce(&ThreadCtx) -> R) -> R {
    CTX.with(|c| match &*c.borrow() {
        Some(ctx) => f(ctx),
        None => panic!("a device function called outside arch::host::launch"),
    })
}

/// Poisons the block's barrier when its thread unwinds.
struct PoisonOnPanic(Arc<Block>);
impl Drop for PoisonOnPanic {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.barrier.poison();
            for w in &self.0.warps {
                w.barrier.poison();
            }
            for w in &self.0.warpgroups {
                w.poison();
            }
        }
    }
}

/// Runs `kernel` as a grid of `grid` blocks of `block` threads: for each
/// block (in order), one OS thread per CUDA thread, all started before any
/// barrier can complete. A panic in any thread (a trap, a misaligned
/// access) is re-raised here after the block's other threads stopped.
pub fn launch<F: Fn() + Sync>(grid: Dim3, block: Dim3, kernel: F) {
    let n = block.count();
    for bz in 0..grid.z {
        for by in 0..grid.y {
            for bx in 0..grid.x {
                let shared = Arc::new(Block {
                    barrier: BlockBarrier {
                        state: Mutex::new((0, 0, false)),
                        cv: Condvar::new(),
                        n,
                    },
                    smem: Mutex::new(Vec::new()),
                    warps: (0..n.div_ceil(32))
                        .map(|w| {
                            let threads = (n - 32 * w).min(32);
                            Warp {
                                barrier: BlockBarrier {
                                    state: Mutex::new((0, 0, false)),
                                    cv: Condvar::new(),
                                    n: threads,
                                },
                                threads,
                                scratch: [0, 1].map(|_| {
                                    (0..WARP_SCRATCH_WORDS).map(|_| AtomicU32::new(0)).collect()
                                }),
                            }
                        })
                        .collect(),
                    warpgroups: (0..n.div_ceil(128))
                        .map(|w| BlockBarrier {
                            state: Mutex::new((0, 0, false)),
                            cv: Condvar::new(),
                            n: (n - 128 * w).min(128),
                        })
                        .collect(),
                });
                let kernel = &kernel;
                std::thread::scope(|s| {
                    let handles: Vec<_> = (0..n)
                        .map(|t| {
                            let shared = shared.clone();
                            std::thread::Builder::new()
                                .stack_size(1 << 20)
                                .spawn_scoped(s, move || {
                                    let ctx = ThreadCtx {
                                        thread: Dim3::new(
                                            t % block.x,
                                            t / block.x % block.y,
                                            t / (block.x * block.y),
                                        ),
                                        block: Dim3::new(bx, by, bz),
                                        block_dim: block,
                                        grid_dim: grid,
                                        shared: shared.clone(),
                                    };
                                    let _guard = PoisonOnPanic(shared);
                                    CTX.with(|c| *c.borrow_mut() = Some(ctx));
                                    DECLARED.with(|d| d.set(0));
                                    EXCHANGES.with(|d| d.set(0));
                                    kernel();
                                    CTX.with(|c| *c.borrow_mut() = None);
                                })
                                .expect("spawning an emulated CUDA thread")
                        })
                        .collect();
                    // The first panic that is a cause (a trap, a misaligned
                    // access), not a thread stopped at the poisoned barrier.
                    let mut first = None;
                    for h in handles {
                        if let Err(e) = h.join() {
                            let consequence = e.downcast_ref::<&str>() == Some(&POISONED);
                            if first.as_ref().is_none_or(|(c, _)| *c && !consequence) {
                                first = Some((consequence, e));
                            }
                        }
                    }
                    if let Some((_, e)) = first {
                        std::panic::resume_unwind(e);
                    }
                });
            }
        }
    }
}

/// The host side of the device facilities.
pub(crate) mod imp {
    use super::*;

    pub fn thread_idx() -> Dim3 {
        with(|c| c.thread)
    }
    pub fn block_idx() -> Dim3 {
        with(|c| c.block)
    }
    pub fn block_dim() -> Dim3 {
        with(|c| c.block_dim)
    }
    pub fn grid_dim() -> Dim3 {
        with(|c| c.grid_dim)
    }
    pub fn syncthreads() {
        with(|c| c.shared.barrier.wait())
    }
    /// This thread's lane in its warp (`%laneid`: its linear index in
    /// the block mod 32).
    pub fn lane() -> usize {
        with(|c| {
            let t = c.thread;
            (t.x + c.block_dim.x * (t.y + c.block_dim.y * t.z)) % 32
        })
    }
    /// One warp-cooperative exchange (the emulation of an instruction all
    /// 32 lanes of a warp execute together, as `mma.sync`): every thread
    /// of the warp `put`s its values into the warp's buffer, waits for the
    /// warp's other threads, and `get`s from the buffer what the hardware
    /// would give it. Panics unless the warp has all 32 lanes (a block
    /// whose size is not a multiple of 32 has a partial last warp) or
    /// when `words` exceeds the buffer. Every thread of the warp must call
    /// it (the device's rule for `.aligned` instructions); a warp in
    /// which one does not hangs here.
    pub fn warp_exchange<R>(
        words: usize,
        put: impl FnOnce(&[AtomicU32]),
        get: impl FnOnce(&[AtomicU32]) -> R,
    ) -> R {
        let lane_of = |c: &ThreadCtx| {
            let t = c.thread;
            t.x + c.block_dim.x * (t.y + c.block_dim.y * t.z)
        };
        let (warp, threads) = with(|c| {
            let w = lane_of(c) / 32;
            (w, c.shared.warps[w].threads)
        });
        assert!(
            threads == 32,
            "a warp-cooperative instruction (mma.sync) in warp {warp}, which has {threads} threads: it needs all 32 lanes (the block size must be a multiple of 32)"
        );
        assert!(
            words <= WARP_SCRATCH_WORDS,
            "warp_exchange: {words} words exceed the warp's buffer"
        );
        let round = EXCHANGES.with(|e| {
            let r = e.get();
            e.set(r + 1);
            r
        });
        with(|c| {
            let w = &c.shared.warps[warp];
            let buf = &w.scratch[round % 2][..words];
            put(buf);
            w.barrier.wait();
            get(buf)
        })
    }
    /// This thread's linear index in its block (`threadIdx.x + blockDim.x
    /// · (threadIdx.y + blockDim.y · threadIdx.z)`).
    pub fn linear_thread() -> usize {
        with(|c| {
            let t = c.thread;
            t.x + c.block_dim.x * (t.y + c.block_dim.y * t.z)
        })
    }
    /// A barrier of this thread's warpgroup (its 128 threads): the host's
    /// `warpgroup_arrive` and `warpgroup_wait`, so that, as on the device,
    /// no thread of the warpgroup issues its `wgmma` before all reached it
    /// and none passes the wait before all issued theirs.
    pub fn warpgroup_sync() {
        let t = linear_thread();
        with(|c| c.shared.warpgroups[t / 128].wait())
    }
    /// The usable bytes of a block storage (16-byte aligned start).
    fn usable(words: &[AtomicU32]) -> (usize, usize) {
        let raw = words.as_ptr() as usize;
        let base = raw.next_multiple_of(16);
        (base, words.len() * 4 - (base - raw))
    }
    /// The emulated shared-window address (the device's 32-bit shared
    /// address) of the host address `addr` of this block's shared
    /// storages: storage `k` starts at the sum of the earlier ones' bytes,
    /// each rounded up to 1024 (so each storage's start is aligned to the
    /// period of every GMMA swizzle, as a device's shared window is).
    /// Panics when `addr` is in none of them.
    pub fn shared_window(addr: usize) -> u32 {
        with(|c| {
            let all = c.shared.smem.lock().unwrap_or_else(|e| e.into_inner());
            let mut window = 0usize;
            for words in all.iter() {
                let (base, len) = usable(words);
                if (base..base + len).contains(&addr) {
                    return u32::try_from(window + (addr - base))
                        .expect("the emulated shared window exceeds 32 bits");
                }
                window += len.next_multiple_of(1024);
            }
            panic!("shared_window: {addr:#x} is not in the block's shared memory")
        })
    }
    /// The host address of `bytes` bytes at the emulated shared-window
    /// address `window` ([`shared_window`]'s inverse). Panics (as the
    /// device faults) when they are not inside one of the block's storages.
    pub fn shared_host(window: u32, bytes: usize) -> usize {
        with(|c| {
            let all = c.shared.smem.lock().unwrap_or_else(|e| e.into_inner());
            let mut start = 0usize;
            let w = window as usize;
            for words in all.iter() {
                let (base, len) = usable(words);
                if w >= start && w + bytes <= start + len {
                    return base + (w - start);
                }
                start += len.next_multiple_of(1024);
            }
            panic!(
                "a shared-memory access at window address {window:#x} ({bytes} bytes) outside the block's shared memory"
            )
        })
    }
    #[track_caller]
    pub fn trap(why: &'static str) -> ! {
        panic!("trap: {why}")
    }
    /// The address of this thread's next shared storage of `bytes` bytes:
    /// the block's `k`-th storage for the thread's `k`-th declaration
    /// (made by the first thread to get there), 16-byte aligned.
    pub fn shared_storage(bytes: usize) -> usize {
        let k = DECLARED.with(|d| {
            let k = d.get();
            d.set(k + 1);
            k
        });
        with(|c| {
            let mut all = c.shared.smem.lock().unwrap_or_else(|e| e.into_inner());
            if all.len() <= k {
                // 4 spare words so that the first word can be 16-byte aligned.
                let words: Arc<[AtomicU32]> = (0..bytes.div_ceil(4) + 4)
                    .map(|_| AtomicU32::new(0))
                    .collect();
                all.push(words);
            }
            assert!(
                all[k].len() * 4 >= bytes + 16,
                "shared_storage: the threads of a block declared different shared storages"
            );
            let base = all[k].as_ptr() as usize;
            base.next_multiple_of(16)
        })
    }
}
