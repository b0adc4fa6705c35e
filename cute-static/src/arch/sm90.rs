//! The SM90 warpgroup tensor cores in device kernels: GMMA atoms that read
//! A and B from shared memory through descriptors (`wgmma.mma_async`, SS),
//! the descriptor fragments CuTe's `make_fragment_A/B` gives them, and the
//! warpgroup synchronization around them.
//!
//! | CuTe | here |
//! |---|---|
//! | `thr_mma.make_fragment_A(tCsA)` (GMMA: a tensor of `GmmaDescriptor`s over `GMMA::DescriptorIterator`) | [`GmmaFragments::make_fragment_A`] |
//! | `gemm(tiled_mma, tCrA, tCrB, tCrC)` (one `wgmma.mma_async` per atom) | [`device::gemm_with`](crate::device::gemm_with) |
//! | `warpgroup_arrive()` (`wgmma.fence`) | [`warpgroup_arrive`] |
//! | `warpgroup_commit_batch()` (`wgmma.commit_group`) | [`warpgroup_commit_batch`] |
//! | `warpgroup_wait<N>()` (`wgmma.wait_group N`) | [`warpgroup_wait`] |
//! | `warpgroup_fence_operand(tCrC)` | [`warpgroup_fence_operand`] |
//!
//! Executed atoms: `SM90_64x64x16_F16F16F16_SS<K,K>` and `<MN,MN>` (CuTe's
//! `wgmma_sm90.cu`): a warpgroup (128 threads) computes `C ← A·Bᵀ + C`
//! for a `64×64×16` tile, A and B in shared memory in one of GMMA's
//! canonical layouts ([`GMMA`](crate::atom::GMMA)'s atoms tiled by
//! `tile_to_shape`), thread `t` holding its 32 `half_t` values of C at
//! `CLayout(t, v)` (16 registers of two halves).
//!
//! On `nvptx64-nvidia-cuda` each is its instruction (`.target sm_90a`: build
//! with `-C target-cpu=sm_90a -C target-feature=+ptx80`). On the host the
//! emulated threads compute the instruction's definition: each reads the
//! A and B elements of its C values from the emulated shared memory at the
//! addresses the *descriptors* give (the canonical layout of the
//! descriptor's layout type with its start address, LBO and SBO, and the
//! swizzle applied to the shared-window address, as the hardware does), so
//! a wrong descriptor reads wrong values there as on the device; products
//! and sums in `f32`, rounded once to `half_t`. The host's `wgmma` is
//! synchronous; [`warpgroup_arrive`] and [`warpgroup_wait`] are barriers
//! of the warpgroup's threads there (the instructions are `.aligned`
//! collectives), the fences no-ops.

use super::scalar::Scalar;
#[cfg(not(target_arch = "nvptx64"))]
use super::sm80::MmaValue;
use super::sm80::{F16, MmaCall};
use super::tensor::{SmemTensor, or_trap};
use crate::atom::tiled_mma::{OperandA, OperandB, ThrMma, TiledMmaLayouts};
use crate::atom::{
    DescriptorIterator, DescriptorSource, GmmaDescriptor, GmmaMajorKind, GmmaValue,
    HasDescFragment, HasGmmaOperand, MajorK, MajorMN, MmaAtom, SM90_64x64x16_F16F16F16_SS,
    SmemLayout, ValueType,
};
use crate::kernel::device::DeviceTensorMut;
use crate::kernel::layout::TensorLayout;
use crate::kernel::tensor::Tensor;
use typenum::Unsigned;

/// The atom of a tiled MMA.
type AtomOf<M> = <M as TiledMmaLayouts>::Atom;
/// The major of operand `Op` of the atom `A`.
type MajorOf<A, Op> = <<Op as HasGmmaOperand<A>>::Source as DescriptorSource>::Major;
/// `128 / bits` of operand `Op`'s value type, type-level.
type PerU128Of<A, Op> = <<Op as HasGmmaOperand<A>>::Value as GmmaValue>::PerU128;
/// The layout of the descriptor fragment of a partition `L` (a shared
/// tensor's layout, swizzled or not) of operand `Op` of the atom `A`:
/// `(1, MMA_M, MMA_K, …)` in 128-bit units.
pub type DescLayout<A, Op, L> =
    <<L as SmemLayout>::Inner as HasDescFragment<MajorOf<A, Op>, PerU128Of<A, Op>>>::Layout;
/// A descriptor fragment: CuTe's tensor of `GmmaDescriptor`s over
/// `GMMA::DescriptorIterator`.
pub type DescTensor<A, Op, L> = Tensor<DescriptorIterator, DescLayout<A, Op, L>>;

/// The 32-bit shared address of `ptr` (on the host, the emulated
/// window's).
#[inline(always)]
fn window_addr<T>(ptr: super::SmemPtr<T>) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        ptr.raw()
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        super::host::imp::shared_window(ptr.raw())
    }
}

/// The descriptor fragment of operand `Op` of a shared tensor `t` (a
/// thread's `partition_A/B` of the shared tile).
#[inline(always)]
#[track_caller]
fn desc_fragment<A, Op, T, L>(t: &SmemTensor<T, L>, what: &'static str) -> DescTensor<A, Op, L>
where
    A: MmaAtom,
    Op: HasGmmaOperand<A>,
    Op::Source: DescriptorSource,
    Op::Value: GmmaValue,
    T: Scalar,
    L: SmemLayout + TensorLayout,
    L::Inner: HasDescFragment<MajorOf<A, Op>, PerU128Of<A, Op>>,
{
    const {
        assert!(
            T::BYTES * 8 == <Op::Value as ValueType>::BITS,
            "make_fragment_A/B: the shared tensor's element type is not as wide as the atom's value type"
        )
    };
    let addr = window_addr(t.ptr());
    // The hardware swizzles shared addresses (`Swizzle<B,4,3>` of the byte
    // address), the layout swizzles offsets from the tensor's start: the
    // same function when the start is a multiple of the pattern's period
    // (`2^(7+B)` bytes). Then every address the descriptors name is an
    // element of the tensor's layout.
    let (b, _, _) = L::SWIZZLE;
    if b != 0 && !addr.is_multiple_of(1u32 << (7 + b)) {
        super::trap(what);
    }
    let n = <PerU128Of<A, Op> as Unsigned>::I64;
    if <L::Inner as HasDescFragment<MajorOf<A, Op>, PerU128Of<A, Op>>>::rest_not_whole(n).is_some()
    {
        super::trap(what);
    }
    let desc = or_trap(
        <L::Inner as HasDescFragment<MajorOf<A, Op>, PerU128Of<A, Op>>>::tile_desc(
            L::SWIZZLE,
            t.layout().smem_offset(),
            <Op::Value as ValueType>::BITS as i64,
            addr,
            cute_core::Notation::new(|f| f.write_str("the shared tensor's atom tile")),
        ),
        what,
    );
    // Every element of the fragment is `desc` plus an offset below the
    // fragment's cosize: within the start address's 14 bits (so `gemm`
    // adds offsets to the raw bits without a check, as CuTe does).
    let reach = <DescLayout<A, Op, L> as crate::data::layout::StaticLayout>::COSIZE;
    if desc.start_address() as usize + reach > 1 << 14 {
        super::trap(what);
    }
    Tensor::from_parts(DescriptorIterator(desc), 0, Default::default())
}

/// CuTe's `make_fragment_A/B` of a thread's MMA slice for an atom that
/// reads the operand from shared memory (GMMA SS): the tensor of
/// descriptors `(1, MMA_M, MMA_K, …)` of the thread's partition of the
/// shared tile.
///
/// # Examples
///
/// One warpgroup's descriptors of a `64×64` `half_t` tile of A in the
/// 128-byte-swizzled K-major layout, on the host emulation: one descriptor
/// per `64×16` k-block of `SM90_64x64x16_F16F16F16_SS`, each 32 bytes
/// (two 16-byte units) past the one before.
///
/// ```
/// use cute_static::C;
/// use cute_static::algebra::{TileToShape, tile_to_shape};
/// use cute_static::arch::{
///     DeviceMmaPartition, Dim3, F16, GmmaFragments, SmemArray, ThreadSlice,
///     dynamic_shared_storage, host, thread_idx,
/// };
/// use cute_static::atom::{GMMA, Half, MajorK, SM90_64x64x16_F16F16F16_SS, TiledMma};
///
/// type Tile = <GMMA::Layout_K_SW128_Atom<Half> as TileToShape<(C<64>, C<64>), ()>>::Output;
/// host::launch(Dim3::new(1, 1, 1), Dim3::new(128, 1, 1), || {
///     let (s_a,) = dynamic_shared_storage::<(SmemArray<F16, Tile>,)>();
///     let layout = tile_to_shape(GMMA::Layout_K_SW128_Atom::<Half>::default(), (C::<64>, C::<64>), ());
///     let s_a = s_a.tensor(layout);
///     let mma = TiledMma::<SM90_64x64x16_F16F16F16_SS<MajorK, MajorK>, cute_static::Layout![(1, 1, 1)]>::new();
///     let thr = mma.thread_slice(thread_idx().x);
///     let t_cr_a = thr.make_fragment_A(&thr.partition_A(s_a));
///     // (1, MMA_M, MMA_K): one atom along M, four k-blocks, 2 units apart.
///     assert_eq!(t_cr_a.layout().to_string(), "(_1,_1,_4):(_0,_0,_2)");
/// });
/// ```
#[allow(non_snake_case)]
pub trait GmmaFragments<M: TiledMmaLayouts> {
    /// CuTe's `thr_mma.make_fragment_A(tCsA)`: `tCsA` is this thread's
    /// `partition_A` of A's shared tile `(M,K,…)`, in one of GMMA's
    /// canonical layouts; element `(0,m,k,…)` is the descriptor of the
    /// atom tile `(m,k,…)`. Traps (once, here) when the layout is not
    /// canonical (`make_gmma_desc`'s rules), when a swizzled tensor does
    /// not start at a multiple of its swizzle's period (1024 bytes for
    /// the 128-byte swizzle), or when an address does not fit the
    /// descriptor.
    #[inline(always)]
    #[track_caller]
    fn make_fragment_A<T, L>(&self, tCsA: &SmemTensor<T, L>) -> DescTensor<AtomOf<M>, OperandA, L>
    where
        <AtomOf<M> as MmaAtom>::FrgTypeA: DescriptorSource,
        <AtomOf<M> as MmaAtom>::ValTypeA: GmmaValue,
        T: Scalar,
        L: SmemLayout + TensorLayout,
        L::Inner: HasDescFragment<MajorOf<AtomOf<M>, OperandA>, PerU128Of<AtomOf<M>, OperandA>>,
    {
        desc_fragment::<AtomOf<M>, OperandA, T, L>(
            tCsA,
            "make_fragment_A: not a GMMA descriptor operand (canonical layout, swizzle-aligned start)",
        )
    }
    /// CuTe's `thr_mma.make_fragment_B(tCsB)`: as
    /// [`make_fragment_A`](Self::make_fragment_A), for B's `(N,K,…)` tile.
    #[inline(always)]
    #[track_caller]
    fn make_fragment_B<T, L>(&self, tCsB: &SmemTensor<T, L>) -> DescTensor<AtomOf<M>, OperandB, L>
    where
        <AtomOf<M> as MmaAtom>::FrgTypeB: DescriptorSource,
        <AtomOf<M> as MmaAtom>::ValTypeB: GmmaValue,
        T: Scalar,
        L: SmemLayout + TensorLayout,
        L::Inner: HasDescFragment<MajorOf<AtomOf<M>, OperandB>, PerU128Of<AtomOf<M>, OperandB>>,
    {
        desc_fragment::<AtomOf<M>, OperandB, T, L>(
            tCsB,
            "make_fragment_B: not a GMMA descriptor operand (canonical layout, swizzle-aligned start)",
        )
    }
}
impl<M: TiledMmaLayouts> GmmaFragments<M> for ThrMma<M> {}

/// CuTe's `warpgroup_arrive()`: `wgmma.fence.sync.aligned`, which orders
/// the warpgroup's earlier register and shared-memory accesses before the
/// `wgmma.mma_async` that follow. Every thread of the warpgroup executes
/// it (`.aligned`).
#[inline(always)]
pub fn warpgroup_arrive() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a fence; it touches no memory. `.aligned`: the warpgroup's
    // threads execute it together, the kernel's structure (as for
    // `bar.sync`); a diverged warpgroup gets an undefined result, not a
    // memory access. Needs `.target sm_90a`.
    unsafe {
        core::arch::asm!(
            "wgmma.fence.sync.aligned;",
            options(nostack, preserves_flags)
        );
    }
    #[cfg(not(target_arch = "nvptx64"))]
    super::host::imp::warpgroup_sync();
}

/// CuTe's `warpgroup_commit_batch()`: `wgmma.commit_group.sync.aligned`,
/// the `wgmma.mma_async` issued since the last commit become one group.
#[inline(always)]
pub fn warpgroup_commit_batch() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: as for `warpgroup_arrive`: no memory access.
    unsafe {
        core::arch::asm!(
            "wgmma.commit_group.sync.aligned;",
            options(nostack, preserves_flags)
        );
    }
}

/// CuTe's `warpgroup_wait<N>()`: `wgmma.wait_group.sync.aligned N`, waits
/// until at most `N` committed groups are pending (`N = 0`: all done, the
/// accumulators may be read and the shared tiles overwritten).
#[inline(always)]
pub fn warpgroup_wait<const N: u32>() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: as for `warpgroup_arrive`: no memory access.
    unsafe {
        core::arch::asm!("wgmma.wait_group.sync.aligned {n};", n = const N,
            options(nostack, preserves_flags));
    }
    #[cfg(not(target_arch = "nvptx64"))]
    super::host::imp::warpgroup_sync();
}

/// A value [`warpgroup_fence_operand`] fences: `half_t` (two to a 32-bit
/// register) or `f32`.
///
/// # Examples
///
/// A fence changes no value: on the device it only pins the registers (an
/// empty instruction that reads and writes them), on the host it is the
/// identity.
///
/// ```
/// use cute_static::arch::{F16, FenceValue};
///
/// assert_eq!(f32::fence2(1.5, -2.0), (1.5, -2.0));
/// let (x, y) = F16::fence2(F16::from_f32(0.5), F16::from_f32(-3.0));
/// assert_eq!((x.to_f32(), y.to_f32()), (0.5, -3.0));
/// assert_eq!(F16::fence1(F16::from_f32(7.0)).to_f32(), 7.0);
/// ```
pub trait FenceValue: Copy {
    /// Fences the pair `(x, y)`: the compiler keeps the values in their
    /// registers across this point.
    fn fence2(x: Self, y: Self) -> (Self, Self);
    /// Fences one value.
    fn fence1(x: Self) -> Self {
        Self::fence2(x, x).0
    }
}

/// An empty instruction reading and writing the register `r` (CuTe's
/// `asm volatile("" : "+r"(x) :: "memory")`).
#[inline(always)]
fn fence_reg(r: u32) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let mut r = r;
        // SAFETY: an empty instruction on one register; no memory.
        unsafe {
            core::arch::asm!("// warpgroup_fence_operand {r}", r = inout(reg32) r,
                options(nostack, preserves_flags));
        }
        r
    }
    #[cfg(not(target_arch = "nvptx64"))]
    r
}
impl FenceValue for F16 {
    #[inline(always)]
    fn fence2(x: F16, y: F16) -> (F16, F16) {
        let r = fence_reg(x.to_bits() as u32 | (y.to_bits() as u32) << 16);
        (F16::from_bits(r as u16), F16::from_bits((r >> 16) as u16))
    }
}
impl FenceValue for f32 {
    #[inline(always)]
    fn fence2(x: f32, y: f32) -> (f32, f32) {
        (
            f32::from_bits(fence_reg(x.to_bits())),
            f32::from_bits(fence_reg(y.to_bits())),
        )
    }
    #[inline(always)]
    fn fence1(x: f32) -> f32 {
        f32::from_bits(fence_reg(x.to_bits()))
    }
}

/// CuTe's `warpgroup_fence_operand(tCrC)`: the accumulator registers stay
/// where they are across this point (an empty instruction that reads and
/// writes each), so that the compiler moves no access to them into the
/// span of an asynchronous `wgmma.mma_async`, which reads and writes them
/// until its `warpgroup_wait`.
#[inline(always)]
pub fn warpgroup_fence_operand<C>(c: &mut C)
where
    C: DeviceTensorMut<Value: FenceValue>,
{
    let n = c.layout().size();
    let mut i = 0;
    while i + 1 < n {
        let (x, y) = C::Value::fence2(c.get(i), c.get(i + 1));
        c.set(i, x);
        c.set(i + 1, y);
        i += 2;
    }
    if i < n {
        let x = C::Value::fence1(c.get(i));
        c.set(i, x);
    }
}

/// The shared-window byte address of element `(mn, k)` (16-bit elements)
/// of the tile the descriptor `d` of major `major` names: CuTe's canonical
/// forms (`make_gmma_desc`) read back, then the swizzle of the layout type
/// on the address (`Swizzle<B,4,3>`).
#[cfg(not(target_arch = "nvptx64"))]
fn gmma_element_addr(d: GmmaDescriptor, mn_major: bool, mn: u32, k: u32) -> u32 {
    use crate::atom::GmmaLayoutType;
    let t = 8; // 16-bit elements per 128-bit unit
    let lt = d.layout_type();
    let w = lt.width() as u32;
    let (start, lbo, sbo) = (
        16 * d.start_address() as u32,
        16 * d.leading_byte_offset() as u32,
        16 * d.stride_byte_offset() as u32,
    );
    let interleave = lt == GmmaLayoutType::Interleave;
    let off = if !mn_major {
        // ((8,m),(T,2)):((W·T, SBO),(1, interleave ? LBO : T)) elements
        let kk = if interleave { lbo } else { 16 };
        (mn % 8) * 16 * w + (mn / 8) * sbo + (k / t) * kk + (k % t) * 2
    } else if interleave {
        // ((T,1,m),(8,k)):((1,T,SBO),(T,LBO))
        (mn % t) * 2 + (mn / t) * sbo + (k % 8) * 16 + (k / 8) * lbo
    } else {
        // ((T,W,m),(8,k)):((1,T,LBO),(W·T,SBO))
        (mn % t) * 2 + ((mn / t) % w) * 16 + (mn / (t * w)) * lbo + (k % 8) * 16 * w + (k / 8) * sbo
    };
    let a = start + off;
    let bits = lt.swizzle_bits();
    a ^ (((a >> 7) & ((1 << bits) - 1)) << 4)
}

/// The host's `wgmma.mma_async` of a `64×N×16` atom with `half_t` A and B
/// through the descriptors `da`, `db`: this thread's C values `c` (at
/// `CLayout(t, v)` of the `64×N` tile).
#[cfg(not(target_arch = "nvptx64"))]
fn emulate_gmma<Atom, Cv: MmaValue>(
    da: GmmaDescriptor,
    db: GmmaDescriptor,
    a_mn: bool,
    b_mn: bool,
    c: &mut [Cv],
) where
    Atom: MmaAtom,
{
    use crate::data::layout::StaticLayout;
    let [m_, _, k_] = Atom::MNK;
    let t = super::host::imp::linear_thread() % 128;
    let read = |addr: u32| -> f32 {
        let host = super::host::imp::shared_host(addr, 2);
        // SAFETY: `shared_host` checked that the two bytes lie in the
        // block's shared storage (live atomic words).
        let h: F16 =
            unsafe { super::MemPtr::read_as::<F16>(super::SmemPtr::<F16>::from_shared(host)) };
        h.to_f32()
    };
    let lc = Atom::CLayout::default();
    for (v, x) in c.iter_mut().enumerate() {
        let i = lc.call(t + 128 * v);
        let (m, n) = ((i % m_) as u32, (i / m_) as u32);
        let sum: f32 = (0..k_ as u32)
            .map(|k| {
                read(gmma_element_addr(da, a_mn, m, k)) * read(gmma_element_addr(db, b_mn, n, k))
            })
            .sum();
        *x = Cv::from_f32(x.to_f32() + sum);
    }
}

/// The executed GMMA atoms: `$atom` with the transpose flags `$ta`, `$tb`
/// (1: the operand is MN-major).
macro_rules! sm90_gmma_f16 {
    ($($atom:ty: $ta:literal, $tb:literal;)*) => {$(
        impl MmaCall for $atom {
            type A = GmmaDescriptor;
            type B = GmmaDescriptor;
            type C = F16;
            type RegsA = [GmmaDescriptor; 1];
            type RegsB = [GmmaDescriptor; 1];
            type RegsC = [F16; 32];
            const VALUES: [usize; 3] = [1, 1, 32];
            #[inline(always)]
            fn call(a: &[GmmaDescriptor; 1], b: &[GmmaDescriptor; 1], c: &mut [F16; 32]) {
                #[cfg(target_arch = "nvptx64")]
                {
                    let mut r: [u32; 16] = core::array::from_fn(|i| {
                        c[2 * i].to_bits() as u32 | (c[2 * i + 1].to_bits() as u32) << 16
                    });
                    // SAFETY: `wgmma.mma_async` reads shared memory at the
                    // addresses the descriptors name and the accumulator
                    // registers, and writes those registers only. A
                    // descriptor from `make_fragment_A/B` names elements of
                    // the shared tensor it was made of (a canonical GMMA
                    // layout inside its shared array, the swizzle aligned);
                    // one made otherwise (`DescriptorIterator`'s field is
                    // public) reads whatever shared memory it names, a read
                    // of the block's own shared window, never a write. The
                    // `.aligned` rule (the warpgroup's 128 threads execute
                    // it together, between `warpgroup_arrive` and
                    // `warpgroup_wait`) is the kernel's structure, as for
                    // `bar.sync`. Not `pure`: it must stay where the kernel
                    // put it (see `sm80.rs`). Needs `.target sm_90a`.
                    unsafe {
                        core::arch::asm!(
                            "{{",
                            ".reg .pred p;",
                            "setp.ne.b32 p, {s}, 0;",
                            concat!(
                                "wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 ",
                                "{{{0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {9}, {10}, {11}, {12}, {13}, {14}, {15}}}, ",
                                "{16}, {17}, p, 1, 1, ", $ta, ", ", $tb, ";"
                            ),
                            "}}",
                            inout(reg32) r[0], inout(reg32) r[1], inout(reg32) r[2], inout(reg32) r[3],
                            inout(reg32) r[4], inout(reg32) r[5], inout(reg32) r[6], inout(reg32) r[7],
                            inout(reg32) r[8], inout(reg32) r[9], inout(reg32) r[10], inout(reg32) r[11],
                            inout(reg32) r[12], inout(reg32) r[13], inout(reg32) r[14], inout(reg32) r[15],
                            in(reg64) a[0].bits(),
                            in(reg64) b[0].bits(),
                            s = in(reg32) 1u32,
                            options(nostack, preserves_flags),
                        );
                    }
                    for (i, x) in c.iter_mut().enumerate() {
                        *x = F16::from_bits((r[i / 2] >> (16 * (i % 2))) as u16);
                    }
                }
                #[cfg(not(target_arch = "nvptx64"))]
                emulate_gmma::<Self, F16>(a[0], b[0], $ta == "1", $tb == "1", c)
            }
        }
    )*};
}
sm90_gmma_f16! {
    SM90_64x64x16_F16F16F16_SS<MajorK, MajorK>: "0", "0";
    SM90_64x64x16_F16F16F16_SS<MajorMN, MajorMN>: "1", "1";
}

// `MajorK`/`MajorMN` are the majors' types; their `MAJOR` is what the
// transpose flags above spell.
const _: () = {
    assert!(matches!(MajorK::MAJOR, crate::atom::GmmaMajor::K));
    assert!(matches!(MajorMN::MAJOR, crate::atom::GmmaMajor::MN));
};
