//! The GPU test and benchmark runner: every kernel of the PTX module
//! against a reference, generic kernels against their hand-written twins,
//! CuTe C++'s tutorial executables beside them, times as median/min/max.
//!
//! Table-driven: [`KERNELS`] lists each kernel with its twin and its
//! contract ([`Contract`]: argument list, launch and check); adding a
//! kernel whose contract is one of these is one entry. A kernel not in the
//! module is reported `SKIP … not in the PTX module`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use cudarc::driver::{CudaSlice, DeviceRepr, PushKernelArg, ValidAsZeroBits};
use cute_dynamic::TmaSwizzle;
use cute_static::kernel_arg::KernelTensor;
use cute_static::layout::{MixedLayout, StaticLayout};
use cute_static::tensor::TensorDivide;
use cute_static::{C, Dyn};

use crate::arg::Arg;
use crate::check::{Rng, f16_bits_of_int, gemm_f64, rel_l2};
use crate::error::Result;
use crate::gpu::{Gpu, Kernel, Module};
use crate::launch::{LaunchPlan, SharedMemory, tile_bytes};
use crate::timing::{Duration, Stats};

use cute_kernels::Matrix;
use cute_kernels::cute::tiled_copy::BlockShape;
use cute_kernels::sgemm::{Sgemm1Tensor, SgemmSA, SgemmSB, SgemmTC};
use cute_kernels::sgemm_tv::{CTA_MNK, MMA_MNK, SmemA, SmemB, THREADS};
use cute_kernels::transpose::{TransposeSwizzledTile, TransposeThreads, TransposeTile};

/// How a GEMM kernel takes its operands (C is `m × n` column-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GemmArgs {
    /// `(m, n, k, α, A, lda, B, ldb, β, C, ldc)`, A `m × k` and B `n × k`
    /// column-major (CuTe's NT).
    Nt,
    /// The same arguments, A `m × k` and B `n × k` K-major (CuTe's TN).
    Tn,
    /// `(α, A, B, β, C)` with each operand a
    /// [`KernelTensor`] (pointer and layout),
    /// NT.
    NtTensors,
    /// CuTe's tutorial signature `(mA, mB, mC, α, β)`: three device
    /// tensors (pointer and `MixedLayout`, as
    /// [`GmemTensor`](cute_static::arch::GmemTensor) takes them), A `(m,k):(_1,lda)`,
    /// B `(n,k):(_1,ldb)`, C `(m,n):(_1,ldc)` (NT).
    TutorialNt,
    /// The same with A `(m,k):(lda,_1)` and B `(n,k):(ldb,_1)` (TN).
    TutorialTn,
}

impl GemmArgs {
    /// Whether A and B are K-major (TN); otherwise M-/N-major (NT).
    pub fn k_major(self) -> bool {
        matches!(self, GemmArgs::Tn | GemmArgs::TutorialTn)
    }
}

/// The element types of an `mma` atom test: operands as bit patterns, D.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaTypes {
    /// f16 operands (u16 bits), f32 D.
    F16,
    /// tf32 operands (f32 bits), f32 D.
    Tf32,
    /// s8 operands, s32 D.
    S8,
    /// f64 operands and D.
    F64,
}

/// The tutorial GEMMs' column-major operand (`GmemTensor<f32,
/// (Dyn,Dyn):(_1,Dyn)>` on the device).
type TutorialColMajor = KernelTensor<f32, (Dyn, Dyn), (C<1>, Dyn)>;
/// The tutorial GEMMs' K-major operand (`(Dyn,Dyn):(Dyn,_1)`).
type TutorialRowMajor = KernelTensor<f32, (Dyn, Dyn), (Dyn, C<1>)>;

/// A kernel's contract: its arguments, its launch and how it is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contract {
    /// `(A, B)`: `B = Aᵀ`, 1024 × 1024 f32 row-major, 32 × 32 tiles
    /// through a shared tile of `cosize` f32; checked exactly, B poisoned
    /// with NaN first.
    Transpose {
        /// The shared tile's cosize (f32 elements).
        smem_cosize: usize,
    },
    /// A GEMM `C = α·A·Bᵀ + β·C` in f32, checked against f64 on the host
    /// (odd size) and cuBLAS (large size), padding between columns
    /// checked untouched.
    Gemm {
        /// The argument list.
        args: GemmArgs,
        /// The CTA tile `(bM, bN)`: grid `ceil_div(m, bM) × ceil_div(n, bN)`.
        tile: (usize, usize),
        /// Threads per block (the size of the thread layout).
        threads: usize,
        /// Shared bytes (cosize × element size of the shared layouts);
        /// `None`: not derived here, whatever the module declares.
        smem_bytes: Option<usize>,
        /// `m`, `n` multiples of `tile`, `k` of this.
        k_multiple: usize,
    },
    /// `(A, B, D)` of one `mma` atom per block (`threads` threads):
    /// `D = A·Bᵀ` exactly on small integers, A `m × k`, B `n × k`, D
    /// `m × n`, each column-major per block.
    Mma {
        /// `(M, N, K)`.
        mnk: (usize, usize, usize),
        /// Element types.
        types: MmaTypes,
        /// Threads per block (a warp; a warpgroup for `wgmma`).
        threads: usize,
    },
    /// `(src, vals, idx)` of one `ldmatrix` per warp: value `v` of thread
    /// `t` is the element `ValLayoutDst(t, v)` names.
    Ldsm {
        /// 32-bit registers per thread.
        regs: usize,
    },
    /// `(vals, idx)` of one `stmatrix` per warp: value `v` of thread `t`
    /// lands on the element `ValLayoutSrc(t, v)` names.
    Stsm,
    /// `(S, D)`: `D = S`, two `m × n` f32 column-major device tensors
    /// (CuTe's `tiled_copy`: each `tiled_divide`d by `tile`, the
    /// `((bM,bN),m',n')` layout; `tiled_copy_if`, `predicated`: the
    /// `(m,n):(_1,m)` tensors themselves, `m` and `n` not multiples of the
    /// tile), blocks of `tile`, `threads` threads; the elements past `D`
    /// must stay untouched.
    Copy {
        /// The block's tile `(bM, bN)`.
        tile: (usize, usize),
        /// Threads per block.
        threads: usize,
        /// Partial tiles.
        predicated: bool,
    },
}

/// One kernel of the table.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The kernel's name in the module.
    pub name: &'static str,
    /// Its hand-written twin, compared element by element.
    pub twin: Option<&'static str>,
    /// Its contract.
    pub contract: Contract,
}

const TRANSPOSE_TILED: Contract = Contract::Transpose {
    smem_cosize: <TransposeTile as Matrix>::COSIZE,
};
const TRANSPOSE_SWIZZLED: Contract = Contract::Transpose {
    smem_cosize: <TransposeSwizzledTile as Matrix>::COSIZE,
};
/// `sgemm_1`: CTA tile `(bM, bN)` = the shared tiles' rows, 256 threads
/// (`size(tC)`), shared memory `cosize(sA) + cosize(sB)` f32.
const fn sgemm_1(args: GemmArgs) -> Contract {
    Contract::Gemm {
        args,
        tile: (SgemmSA::ROWS, SgemmSB::ROWS),
        threads: <SgemmTC as StaticLayout>::SIZE,
        smem_bytes: Some(tile_bytes::<SgemmSA, f32>() + tile_bytes::<SgemmSB, f32>()),
        k_multiple: SgemmSA::COLS,
    }
}
const SGEMM_TV: Contract = Contract::Gemm {
    args: GemmArgs::Tn,
    tile: (CTA_MNK.0, CTA_MNK.1),
    threads: THREADS,
    // The two operand tiles and the MMA's A (M × K) and B (N × K) tiles
    // the fragments are scattered to.
    smem_bytes: Some(
        tile_bytes::<SmemA, f32>()
            + tile_bytes::<SmemB, f32>()
            + (MMA_MNK.0 * MMA_MNK.2 + MMA_MNK.1 * MMA_MNK.2) * core::mem::size_of::<f32>(),
    ),
    k_multiple: CTA_MNK.2,
};
/// CuTe's tutorial GEMMs (`sgemm_1.cu`, `sgemm_2.cu`): 128 × 128 × 8 CTA
/// tiles, 256 threads; their shared layouts differ between NT and TN and
/// between the two tutorials, so the bytes are read from the module.
const fn tutorial_gemm(args: GemmArgs) -> Contract {
    Contract::Gemm {
        args,
        tile: (128, 128),
        threads: 256,
        smem_bytes: None,
        k_multiple: 8,
    }
}
/// CuTe's `tiled_copy.cu`: 128 × 64 tiles, a `(32, 8)` thread layout.
const fn tutorial_copy(predicated: bool) -> Contract {
    Contract::Copy {
        tile: (128, 64),
        threads: 256,
        predicated,
    }
}

/// Every kernel the runner knows, in the order it runs them (those of
/// other branches last: an assumed contract that does not match could
/// leave the context unusable for what follows).
pub const KERNELS: &[Entry] = &[
    Entry::new(
        "mma_sm80_16x8x16_f16",
        mma_atom((16, 8, 16), MmaTypes::F16, 32),
    ),
    Entry::new(
        "mma_sm80_16x8x8_tf32",
        mma_atom((16, 8, 8), MmaTypes::Tf32, 32),
    ),
    Entry::new(
        "mma_sm80_16x8x32_s8",
        mma_atom((16, 8, 32), MmaTypes::S8, 32),
    ),
    Entry::new("mma_sm80_8x8x4_f64", mma_atom((8, 8, 4), MmaTypes::F64, 32)),
    Entry::new(
        "wgmma_m64n8k16_f16",
        mma_atom((64, 8, 16), MmaTypes::F16, 128),
    ),
    Entry::new(
        "wgmma_m64n8k16_f16_sw128",
        mma_atom((64, 8, 64), MmaTypes::F16, 128),
    ),
    Entry::new("ldsm_u32x1_n", Contract::Ldsm { regs: 1 }),
    Entry::new("ldsm_u32x2_n", Contract::Ldsm { regs: 2 }),
    Entry::new("ldsm_u32x4_n", Contract::Ldsm { regs: 4 }),
    Entry::new("ldsm_u16x2_t", Contract::Ldsm { regs: 1 }),
    Entry::new("ldsm_u16x4_t", Contract::Ldsm { regs: 2 }),
    Entry::new("ldsm_u16x8_t", Contract::Ldsm { regs: 4 }),
    Entry::new("stsm_u32x4_n", Contract::Stsm),
    Entry::new("stsm_u16x8_t", Contract::Stsm),
    Entry::twins("transpose_tiled", "transpose_tiled_hand", TRANSPOSE_TILED),
    Entry::new("transpose_tiled_hand", TRANSPOSE_TILED),
    Entry::twins(
        "transpose_swizzled",
        "transpose_swizzled_hand",
        TRANSPOSE_SWIZZLED,
    ),
    Entry::new("transpose_swizzled_hand", TRANSPOSE_SWIZZLED),
    Entry::twins("sgemm_1", "sgemm_1_hand", sgemm_1(GemmArgs::Nt)),
    Entry::new("sgemm_1_hand", sgemm_1(GemmArgs::Nt)),
    Entry::twins(
        "sgemm_1_tensors",
        "sgemm_1_hand",
        sgemm_1(GemmArgs::NtTensors),
    ),
    Entry::twins("sgemm_tv", "sgemm_tv_hand", SGEMM_TV),
    Entry::new("sgemm_tv_hand", SGEMM_TV),
    Entry::new("sgemm_1_nt", tutorial_gemm(GemmArgs::TutorialNt)),
    Entry::new("sgemm_1_tn", tutorial_gemm(GemmArgs::TutorialTn)),
    Entry::new("sgemm_2_nt", tutorial_gemm(GemmArgs::TutorialNt)),
    Entry::new("sgemm_2_tn", tutorial_gemm(GemmArgs::TutorialTn)),
    Entry::new("copy_kernel", tutorial_copy(false)),
    Entry::new("copy_kernel_vectorized", tutorial_copy(false)),
    Entry::new("copy_if_kernel", tutorial_copy(true)),
    Entry::new("copy_if_kernel_vectorized", tutorial_copy(true)),
];

impl Entry {
    /// A kernel without a twin.
    pub const fn new(name: &'static str, contract: Contract) -> Self {
        Entry {
            name,
            twin: None,
            contract,
        }
    }
    /// A generic kernel and its hand-written twin.
    pub const fn twins(name: &'static str, twin: &'static str, contract: Contract) -> Self {
        Entry {
            name,
            twin: Some(twin),
            contract,
        }
    }
}

/// One `mma` atom per block of `threads` threads.
const fn mma_atom(mnk: (usize, usize, usize), types: MmaTypes, threads: usize) -> Contract {
    Contract::Mma {
        mnk,
        types,
        threads,
    }
}

/// CuTe C++'s tutorial executables the runner times beside the kernels
/// when `--cute-dir` holds them: file name and the majors of A and B
/// (`N`, `T`), run as `FILE 4096 4096 4096 A B`. Each prints `CUTE_GEMM:
/// [G]GFlop/s (T)ms`, the mean of its own timing loop.
pub const CUTE_EXECUTABLES: &[(&str, &str, &str)] = &[
    ("sgemm_1", "N", "T"),
    ("sgemm_1", "T", "N"),
    ("sgemm_2", "N", "T"),
    ("sgemm_2", "T", "N"),
    ("sgemm_sm80", "N", "T"),
    ("sgemm_sm80", "T", "N"),
];

/// What the runner does.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Correctness only, at small sizes (for compute-sanitizer).
    pub small: bool,
    /// No timings.
    pub no_time: bool,
    /// Only the kernels whose name contains this.
    pub filter: Option<String>,
    /// A directory with CuTe C++'s tutorial executables.
    pub cute_dir: Option<PathBuf>,
    /// The inputs' seed.
    pub seed: u64,
}

/// The verdict of one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Passed.
    Ok,
    /// Failed.
    Fail,
    /// Not run, with the reason in the detail.
    Skip,
}

/// One row of the timing table.
#[derive(Clone, Debug)]
pub struct Row {
    /// The kernel (or executable).
    pub kernel: String,
    /// The problem size.
    pub size: String,
    /// The times; `None` for an executable that reports only its mean.
    pub stats: Option<Stats>,
    /// Its own figure when `stats` is `None` (`9.300 ms (mean)`).
    pub time: String,
    /// TFLOP/s or GB/s.
    pub rate: String,
}

/// Everything the runner found.
#[derive(Debug, Default)]
pub struct Report {
    /// `(verdict, check, detail)`, in order.
    pub checks: Vec<(Verdict, String, String)>,
    /// The timing table.
    pub rows: Vec<Row>,
}

impl Report {
    fn record(&mut self, verdict: Verdict, name: impl Into<String>, detail: impl Into<String>) {
        let (name, detail) = (name.into(), detail.into());
        let tag = match verdict {
            Verdict::Ok => "ok  ",
            Verdict::Fail => "FAIL",
            Verdict::Skip => "SKIP",
        };
        println!("{tag} {name}: {detail}");
        self.checks.push((verdict, name, detail));
    }
    fn check(&mut self, ok: bool, name: impl Into<String>, detail: impl Into<String>) {
        self.record(if ok { Verdict::Ok } else { Verdict::Fail }, name, detail);
    }
    /// The failed checks' names.
    pub fn failed(&self) -> Vec<&str> {
        self.checks
            .iter()
            .filter(|c| c.0 == Verdict::Fail)
            .map(|c| c.1.as_str())
            .collect()
    }
    /// The table, as in kernels/README.md.
    pub fn table(&self) -> String {
        let mut s =
            String::from("| kernel | size | median | min–max | rate |\n|---|---|---|---|---|\n");
        for r in &self.rows {
            let (median, range) = match &r.stats {
                Some(st) => (Duration(st.median_ms).to_string(), st.range()),
                None => (r.time.clone(), "—".into()),
            };
            let _ = writeln!(
                s,
                "| {} | {} | {median} | {range} | {} |",
                r.kernel, r.size, r.rate
            );
        }
        s
    }
}

/// A kernel of the PTX module that the runner has no contract for yet:
/// each is run on the host (the emulated grid) by the kernels crate's test
/// named here, and the runner reports it as not run, with this reason,
/// when the module holds it (never silently).
#[derive(Clone, Copy, Debug)]
pub struct HostOnly {
    /// The kernel's name in the module.
    pub name: &'static str,
    /// The kernels crate's test that runs it on the host.
    pub host_test: &'static str,
}

impl HostOnly {
    const fn new(name: &'static str, host_test: &'static str) -> Self {
        HostOnly { name, host_test }
    }
}

/// The kernels of the module without a GPU contract yet (see
/// [`HostOnly`]); every kernel of a PTX variant is in exactly one of
/// [`KERNELS`] and this table (`tests/host.rs` checks the variants built).
pub const HOST_ONLY: &[HostOnly] = &[
    HostOnly::new("copy_f16_tile", "kernels/tests/cute_half.rs"),
    HostOnly::new("cp_async_f16_tile", "kernels/tests/cute_half.rs"),
    HostOnly::new("cp_async_ca_tile", "kernels/tests/cute_cp_async.rs"),
    HostOnly::new("cp_async_cg_tile", "kernels/tests/cute_cp_async.rs"),
    HostOnly::new("dynamic_smem_tile", "kernels/tests/cute_dynamic_smem.rs"),
    HostOnly::new("ldsm_n_mma_f16", "kernels/tests/cute_ldsm.rs"),
    HostOnly::new("ldsm_n_small_mma_f16", "kernels/tests/cute_ldsm.rs"),
    HostOnly::new("ldsm_t_mma_f16", "kernels/tests/cute_ldsm.rs"),
    HostOnly::new("ldsm_t_small_mma_f16", "kernels/tests/cute_ldsm.rs"),
    HostOnly::new("mma_sm80_atom_f16", "kernels/tests/cute_mma_sm80.rs"),
    HostOnly::new("mma_sm80_atom_16x8x8_f16", "kernels/tests/cute_mma_sm80.rs"),
    HostOnly::new("mma_sm80_atom_16x8x8_f32", "kernels/tests/cute_mma_sm80.rs"),
    HostOnly::new("mma_sm80_tiled_f16", "kernels/tests/cute_mma_sm80.rs"),
    HostOnly::new("mma_sm80_tiled_f32", "kernels/tests/cute_mma_sm80.rs"),
    HostOnly::new("sgemm_sm80_tn", "kernels/tests/cute_sgemm_sm80.rs"),
];

/// Runs every entry of [`KERNELS`] (and the CuTe executables) on `gpu`.
pub fn run_all(gpu: &Gpu, module: &Module, opts: &Options) -> Report {
    let mut rep = Report::default();
    let mut rng = Rng::new(opts.seed);
    for entry in KERNELS {
        if opts
            .filter
            .as_deref()
            .is_some_and(|f| !entry.name.contains(f))
        {
            continue;
        }
        if !module.has(entry.name) {
            rep.record(Verdict::Skip, entry.name, "not in the PTX module");
            continue;
        }
        if let Err(e) = run_entry(gpu, module, entry, opts, &mut rng, &mut rep) {
            rep.record(Verdict::Fail, entry.name, e.to_string());
        }
    }
    for k in HOST_ONLY {
        let wanted = opts.filter.as_deref().is_none_or(|f| k.name.contains(f));
        if wanted && module.has(k.name) {
            rep.record(
                Verdict::Skip,
                k.name,
                format!("no GPU contract yet (run on the host by {})", k.host_test),
            );
        }
    }
    if opts
        .filter
        .as_deref()
        .is_none_or(|f| "tma_descriptors".contains(f))
    {
        tma_descriptors(gpu, &mut rep);
    }
    if let Some(dir) = opts
        .cute_dir
        .as_ref()
        .filter(|_| !opts.small && !opts.no_time)
    {
        cute_executables(dir, &mut rep);
    }
    rep
}

/// The driver's TMA descriptor of `make_tma_copy`'s arguments against
/// its descriptor of CuTe C++'s arguments for the same layouts, byte for
/// byte ([`tma_reference_cases`](crate::tma_reference_cases)); one check
/// per case, and one that a different swizzle changes the bytes.
fn tma_descriptors(gpu: &Gpu, rep: &mut Report) {
    let buf = match gpu.upload(&vec![0u8; 1 << 24]) {
        Ok(b) => b,
        Err(e) => return rep.record(Verdict::Fail, "tma_descriptors", e.to_string()),
    };
    let addr = gpu.address(&buf) as u64;
    let cases = match crate::tma_reference_cases(addr) {
        Ok(c) => c,
        Err(e) => return rep.record(Verdict::Fail, "tma_descriptors", e),
    };
    for case in cases {
        let name = format!("tma_descriptors {}", case.name);
        match (
            gpu.encode_tensor_map(&case.ours),
            gpu.encode_tensor_map(&case.cute),
        ) {
            (Ok(a), Ok(b)) => rep.check(a == b, name, format!("ours {a:?}, CuTe's {b:?}")),
            (a, b) => rep.record(Verdict::Fail, name, format!("ours {a:?}, CuTe's {b:?}")),
        }
    }
    // The bytes depend on the arguments: the first case with another swizzle.
    if let Ok(Some(case)) = crate::tma_reference_cases(addr).map(|c| c.into_iter().next()) {
        let mut other = case.cute;
        other.swizzle = match other.swizzle {
            TmaSwizzle::None => TmaSwizzle::B128,
            _ => TmaSwizzle::None,
        };
        if let (Ok(a), Ok(b)) = (
            gpu.encode_tensor_map(&case.cute),
            gpu.encode_tensor_map(&other),
        ) {
            rep.check(
                a != b,
                "tma_descriptors: the swizzle is in the bytes",
                format!("{a:?} against {b:?}"),
            );
        }
    }
}

fn run_entry(
    gpu: &Gpu,
    module: &Module,
    entry: &Entry,
    opts: &Options,
    rng: &mut Rng,
    rep: &mut Report,
) -> Result<()> {
    let kernel = module.kernel(entry.name)?;
    let twin = match entry.twin {
        Some(t) if module.has(t) => Some(module.kernel(t)?),
        Some(t) => {
            rep.record(
                Verdict::Skip,
                format!("{} == {t}", entry.name),
                "twin not in the PTX module",
            );
            None
        }
        None => None,
    };
    match entry.contract {
        Contract::Transpose { smem_cosize } => {
            transpose(gpu, (&kernel, twin.as_ref()), smem_cosize, opts, rng, rep)
        }
        Contract::Gemm { .. } => {
            let sizes: &[(&str, (usize, usize, usize), usize)] = if opts.small {
                &[("small", (256, 128, 64), 0)]
            } else {
                &[
                    ("odd", (1280, 896, 480), 0),
                    ("large", (4096, 4096, 4096), 20),
                ]
            };
            for &(label, size, reps) in sizes {
                gemm(
                    gpu,
                    (&kernel, twin.as_ref()),
                    &entry.contract,
                    (label, size),
                    if opts.no_time { 0 } else { reps },
                    rng,
                    rep,
                )?;
            }
            Ok(())
        }
        Contract::Mma {
            mnk,
            types,
            threads,
        } => mma(gpu, &kernel, mnk, types, threads, rng, rep),
        Contract::Ldsm { regs } => ldsm(gpu, &kernel, regs, rng, rep),
        Contract::Stsm => stsm(gpu, &kernel, rep),
        Contract::Copy {
            tile,
            threads,
            predicated,
        } => copy(gpu, &kernel, (tile, threads, predicated), rng, rep),
    }
}

/// Launches `kernel` by `plan` with the arguments `push` adds.
///
/// # Safety
/// As for [`Kernel::launch`].
unsafe fn launch<'a>(
    gpu: &'a Gpu,
    kernel: &'a Kernel,
    plan: &LaunchPlan,
    push: impl FnOnce(&mut cudarc::driver::LaunchArgs<'a>),
) -> Result<()> {
    let cfg = kernel.configure(gpu, plan)?;
    // SAFETY: the caller's contract.
    unsafe { kernel.launch(gpu, cfg, push) }
}

fn transpose(
    gpu: &Gpu,
    (kernel, twin): (&Kernel, Option<&Kernel>),
    smem_cosize: usize,
    opts: &Options,
    rng: &mut Rng,
    rep: &mut Report,
) -> Result<()> {
    const N: usize = 1024;
    let shared = SharedMemory::Static(SharedMemory::bytes_of(&[(smem_cosize, 4)])?);
    // The thread layout `(32, 8)` is the block `(threadIdx.x, threadIdx.y)`.
    let threads = (
        <TransposeThreads as Matrix>::ROWS,
        <TransposeThreads as Matrix>::COLS,
    );
    let plan = LaunchPlan::tiled(&[N, N], &[32, 32], threads, shared)?;
    let a_host = rng.uniforms(N * N);
    let a = gpu.upload(&a_host)?;
    let run = |k: &Kernel| -> Result<(Vec<f32>, CudaSlice<f32>)> {
        let mut b = gpu.upload(&vec![f32::NAN; N * N])?;
        // SAFETY: `a` and `b` hold 1024² f32, do not overlap, and the plan
        // is the kernels' launch (32 × 32 blocks of 32 × 8).
        unsafe {
            launch(gpu, k, &plan, |args| {
                args.arg(&a);
                args.arg(&mut b);
            })
        }?;
        Ok((gpu.download(&b)?, b))
    };
    let (out, mut b) = run(kernel)?;
    let wrong = (0..N * N)
        .filter(|&x| out[(x % N) * N + x / N] != a_host[x])
        .count();
    let unwritten = out.iter().filter(|v| v.is_nan()).count();
    rep.check(
        wrong == 0 && unwritten == 0,
        kernel.name(),
        format!("B == A^T exactly: {wrong} elements differ, {unwritten} unwritten"),
    );
    if let Some(t) = twin {
        let (tout, _) = run(t)?;
        let same = out
            .iter()
            .zip(&tout)
            .all(|(x, y)| x.to_bits() == y.to_bits());
        rep.check(
            same,
            format!("{} == {}", kernel.name(), t.name()),
            format!("bit-identical: {same}"),
        );
    }
    if !opts.small && !opts.no_time {
        let st = gpu.time(3, 50, || {
            // SAFETY: as above.
            unsafe {
                launch(gpu, kernel, &plan, |args| {
                    args.arg(&a);
                    args.arg(&mut b);
                })
            }
        })?;
        rep.rows.push(Row {
            kernel: kernel.name().into(),
            size: format!("{N}×{N}"),
            stats: Some(st),
            time: String::new(),
            rate: format!("{:.0} GB/s", st.gbps((2 * N * N * 4) as f64)),
        });
    }
    Ok(())
}

/// A GEMM's operands in their buffers, with the leading dimensions.
struct GemmInputs {
    a: Vec<f32>,
    b: Vec<f32>,
    c: Vec<f32>,
    ld: (usize, usize, usize),
}

impl GemmInputs {
    fn new(args: GemmArgs, (m, n, k): (usize, usize, usize), rng: &mut Rng) -> Self {
        let pad = 8;
        let ld = if args.k_major() {
            (k + pad, k + pad, m + pad)
        } else {
            (m + pad, n + pad, m + pad)
        };
        let (na, nb) = if args.k_major() {
            (m * ld.0, n * ld.1)
        } else {
            (k * ld.0, k * ld.1)
        };
        GemmInputs {
            a: rng.uniforms(na),
            b: rng.uniforms(nb),
            c: rng.uniforms(n * ld.2),
            ld,
        }
    }
    /// `A(i, p)`, `B(j, p)` by the argument list's majors.
    fn a(&self, args: GemmArgs, i: usize, p: usize) -> f64 {
        f64::from(if args.k_major() {
            self.a[i * self.ld.0 + p]
        } else {
            self.a[p * self.ld.0 + i]
        })
    }
    fn b(&self, args: GemmArgs, j: usize, p: usize) -> f64 {
        f64::from(if args.k_major() {
            self.b[j * self.ld.1 + p]
        } else {
            self.b[p * self.ld.1 + j]
        })
    }
}

const ALPHA: f32 = 1.5;
const BETA: f32 = -0.75;

/// Launches a GEMM kernel of argument list `args` on device buffers.
///
/// # Safety
/// The buffers hold the operands for `(m, n, k)` and `ld` as
/// [`GemmInputs::new`] sizes them, and `plan` is the kernel's launch.
#[allow(clippy::too_many_arguments)]
unsafe fn launch_gemm(
    gpu: &Gpu,
    kernel: &Kernel,
    plan: &LaunchPlan,
    args: GemmArgs,
    (m, n, k): (usize, usize, usize),
    ld: (usize, usize, usize),
    (a, b, c): (&CudaSlice<f32>, &CudaSlice<f32>, &mut CudaSlice<f32>),
) -> Result<()> {
    let (m64, n64, k64) = (m as u64, n as u64, k as u64);
    let (lda, ldb, ldc) = (ld.0 as u64, ld.1 as u64, ld.2 as u64);
    match args {
        GemmArgs::Nt | GemmArgs::Tn => {
            // SAFETY: the caller's contract; the arguments are the kernel's
            // `(m, n, k, α, A, lda, B, ldb, β, C, ldc)`.
            unsafe {
                launch(gpu, kernel, plan, |x| {
                    x.arg(&m64)
                        .arg(&n64)
                        .arg(&k64)
                        .arg(&ALPHA)
                        .arg(a)
                        .arg(&lda)
                        .arg(b)
                        .arg(&ldb)
                        .arg(&BETA)
                        .arg(c)
                        .arg(&ldc);
                })
            }
        }
        GemmArgs::NtTensors => {
            let t = |ptr, rows, ld| -> Result<Arg<Sgemm1Tensor>> {
                let layout = MixedLayout::new((Dyn(rows), Dyn(k)), (C::<1>, Dyn(ld)))?;
                Ok(Arg::new(KernelTensor::new(ptr, layout)?))
            };
            let ta = t(gpu.address(a), m, ld.0)?;
            let tb = t(gpu.address(b), n, ld.1)?;
            let tc = Arg::new(KernelTensor::new(
                gpu.address(c),
                MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(ld.2)))?,
            )?);
            // SAFETY: the caller's contract; the arguments are the kernel's
            // `(α, A, B, β, C)`, each tensor's layout that of its buffer.
            unsafe {
                launch(gpu, kernel, plan, |x| {
                    x.arg(&ALPHA).arg(&ta).arg(&tb).arg(&BETA).arg(&tc);
                })
            }
        }
        GemmArgs::TutorialNt => {
            let col = |ptr, rows, cols, ld| -> Result<Arg<TutorialColMajor>> {
                let layout = MixedLayout::new((Dyn(rows), Dyn(cols)), (C::<1>, Dyn(ld)))?;
                Ok(Arg::new(KernelTensor::new(ptr, layout)?))
            };
            let ta = col(gpu.address(a), m, k, ld.0)?;
            let tb = col(gpu.address(b), n, k, ld.1)?;
            let tc = col(gpu.address(c), m, n, ld.2)?;
            // SAFETY: the caller's contract; the arguments are the
            // tutorial's `(mA, mB, mC, α, β)`, each tensor's layout that of
            // its buffer (the bytes of a `GmemTensor`, tests/host.rs).
            unsafe {
                launch(gpu, kernel, plan, |x| {
                    x.arg(&ta).arg(&tb).arg(&tc).arg(&ALPHA).arg(&BETA);
                })
            }
        }
        GemmArgs::TutorialTn => {
            let row = |ptr, rows, ld| -> Result<Arg<TutorialRowMajor>> {
                let layout = MixedLayout::new((Dyn(rows), Dyn(k)), (Dyn(ld), C::<1>))?;
                Ok(Arg::new(KernelTensor::new(ptr, layout)?))
            };
            let ta = row(gpu.address(a), m, ld.0)?;
            let tb = row(gpu.address(b), n, ld.1)?;
            let tc: Arg<TutorialColMajor> = Arg::new(KernelTensor::new(
                gpu.address(c),
                MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(ld.2)))?,
            )?);
            // SAFETY: as for `TutorialNt`.
            unsafe {
                launch(gpu, kernel, plan, |x| {
                    x.arg(&ta).arg(&tb).arg(&tc).arg(&ALPHA).arg(&BETA);
                })
            }
        }
    }
}

fn gemm(
    gpu: &Gpu,
    (kernel, twin): (&Kernel, Option<&Kernel>),
    contract: &Contract,
    (label, (m, n, k)): (&str, (usize, usize, usize)),
    reps: usize,
    rng: &mut Rng,
    rep: &mut Report,
) -> Result<()> {
    let Contract::Gemm {
        args,
        tile,
        threads,
        smem_bytes,
        k_multiple,
    } = *contract
    else {
        return Ok(());
    };
    let name = format!("{} {label} {m}x{n}x{k}", kernel.name());
    if m % tile.0 != 0 || n % tile.1 != 0 || k % k_multiple != 0 {
        rep.record(
            Verdict::Skip,
            name,
            format!("the kernel needs m, n multiples of {tile:?} and k of {k_multiple}"),
        );
        return Ok(());
    }
    let shared = SharedMemory::Static(match smem_bytes {
        Some(b) => b as u64,
        None => kernel.declared_shared_bytes()?,
    });
    let plan = LaunchPlan::tiled(&[m, n], &[tile.0, tile.1], (threads, 1), shared)?;
    let inp = GemmInputs::new(args, (m, n, k), rng);
    let (a, b) = (gpu.upload(&inp.a)?, gpu.upload(&inp.b)?);
    let run = |kern: &Kernel| -> Result<(Vec<f32>, CudaSlice<f32>)> {
        let mut c = gpu.upload(&inp.c)?;
        // SAFETY: the buffers are sized by `GemmInputs::new` for (m, n, k),
        // `plan` is the kernel's launch (m, n multiples of its tile).
        unsafe { launch_gemm(gpu, kern, &plan, args, (m, n, k), inp.ld, (&a, &b, &mut c)) }?;
        Ok((gpu.download(&c)?, c))
    };
    let (out, mut c_dev) = run(kernel)?;
    let ldc = inp.ld.2;
    let pad_ok = (0..n)
        .all(|j| (m..ldc).all(|i| out[j * ldc + i].to_bits() == inp.c[j * ldc + i].to_bits()));
    let got = || {
        (0..n)
            .flat_map(move |j| (0..m).map(move |i| (i, j)))
            .map(|(i, j)| f64::from(out[j * ldc + i]))
    };
    // The reference: f64 on the host up to 1280 × 896 × 480, cuBLAS beyond.
    let reference: std::result::Result<Vec<f64>, String> = if m * n * k <= 1 << 30 {
        Ok(gemm_f64(
            (m, n, k),
            (ALPHA.into(), BETA.into()),
            |i, p| inp.a(args, i, p),
            |j, p| inp.b(args, j, p),
            |i, j| f64::from(inp.c[j * ldc + i]),
        ))
    } else {
        cublas_reference(gpu, args, (m, n, k), &inp, (&a, &b))
    };
    match reference {
        Ok(r) => {
            let (err, worst) = rel_l2(got(), r.iter().copied());
            let ok = err < 1e-5 && pad_ok;
            let by = if m * n * k <= 1 << 30 {
                "host f64"
            } else {
                "cuBLAS sgemm"
            };
            rep.check(ok, &name, format!("against {by}: rel L2 err {err:.2e}, max |err| {worst:.2e}, padding untouched: {pad_ok}"));
        }
        Err(why) => {
            rep.check(
                pad_ok,
                format!("{name} padding"),
                format!("padding untouched: {pad_ok}"),
            );
            rep.record(Verdict::Skip, format!("{name} reference"), why);
        }
    }
    if let Some(t) = twin {
        let (tout, _) = run(t)?;
        let diff = (0..n)
            .flat_map(|j| (0..m).map(move |i| j * ldc + i))
            .filter(|&x| out[x].to_bits() != tout[x].to_bits())
            .count();
        rep.check(
            diff == 0,
            format!("{} == {} {label}", kernel.name(), t.name()),
            format!("bit-identical: {} elements differ", diff),
        );
    }
    if reps > 0 {
        // C := α·A·Bᵀ + β·C again each time: the timing needs no fresh C.
        let st = gpu.time(3, reps, || {
            // SAFETY: as above.
            unsafe {
                launch_gemm(
                    gpu,
                    kernel,
                    &plan,
                    args,
                    (m, n, k),
                    inp.ld,
                    (&a, &b, &mut c_dev),
                )
            }
        })?;
        rep.rows.push(Row {
            kernel: kernel.name().into(),
            size: format!("{m}×{n}×{k}"),
            stats: Some(st),
            time: String::new(),
            rate: format!("{:.2} TFLOP/s", st.tflops(2.0 * (m * n * k) as f64)),
        });
    }
    Ok(())
}

/// `α·op(A)·op(B)ᵀ + β·C` by cuBLAS in f32, as f64 for the comparison.
#[cfg(feature = "cublas")]
fn cublas_reference(
    gpu: &Gpu,
    args: GemmArgs,
    (m, n, k): (usize, usize, usize),
    inp: &GemmInputs,
    (a, b): (&CudaSlice<f32>, &CudaSlice<f32>),
) -> std::result::Result<Vec<f64>, String> {
    crate::blas::sgemm(gpu, args, (m, n, k), inp.ld, (ALPHA, BETA), (a, b), &inp.c)
        .map(|c| {
            let ldc = inp.ld.2;
            (0..n)
                .flat_map(|j| (0..m).map(move |i| (i, j)))
                .map(|(i, j)| f64::from(c[j * ldc + i]))
                .collect()
        })
        .map_err(|e| format!("no cuBLAS reference at this size: {e}"))
}

#[cfg(not(feature = "cublas"))]
fn cublas_reference(
    _: &Gpu,
    _: GemmArgs,
    _: (usize, usize, usize),
    _: &GemmInputs,
    _: (&CudaSlice<f32>, &CudaSlice<f32>),
) -> std::result::Result<Vec<f64>, String> {
    Err("no reference at this size: built without the feature `cublas` (the host f64 GEMM is too slow here); checked against its twin only".into())
}

/// An operand type of the `mma` tests: its bits from a small integer.
trait Operand: DeviceRepr + ValidAsZeroBits + Default + Clone {
    fn of_int(v: i32) -> Self;
}
impl Operand for u16 {
    fn of_int(v: i32) -> Self {
        f16_bits_of_int(v)
    }
}
impl Operand for u32 {
    fn of_int(v: i32) -> Self {
        (v as f32).to_bits()
    }
}
impl Operand for u8 {
    fn of_int(v: i32) -> Self {
        v as i8 as u8
    }
}
impl Operand for f64 {
    fn of_int(v: i32) -> Self {
        f64::from(v)
    }
}
/// D's type of the `mma` tests, read back as f64.
trait Accumulator: DeviceRepr + Default + Clone + Copy {
    const POISON: Self;
    fn to_f64(self) -> f64;
}
impl Accumulator for f32 {
    const POISON: Self = f32::NAN;
    fn to_f64(self) -> f64 {
        self.into()
    }
}
impl Accumulator for i32 {
    const POISON: Self = -(1 << 30);
    fn to_f64(self) -> f64 {
        self.into()
    }
}
impl Accumulator for f64 {
    const POISON: Self = f64::NAN;
    fn to_f64(self) -> f64 {
        self
    }
}

const BLOCKS: usize = 256;

fn mma(
    gpu: &Gpu,
    kernel: &Kernel,
    mnk: (usize, usize, usize),
    types: MmaTypes,
    threads: usize,
    rng: &mut Rng,
    rep: &mut Report,
) -> Result<()> {
    match types {
        MmaTypes::F16 => mma_typed::<u16, f32>(gpu, kernel, mnk, threads, rng, rep),
        MmaTypes::Tf32 => mma_typed::<u32, f32>(gpu, kernel, mnk, threads, rng, rep),
        MmaTypes::S8 => mma_typed::<u8, i32>(gpu, kernel, mnk, threads, rng, rep),
        MmaTypes::F64 => mma_typed::<f64, f64>(gpu, kernel, mnk, threads, rng, rep),
    }
}

fn mma_typed<A: Operand, D: Accumulator>(
    gpu: &Gpu,
    kernel: &Kernel,
    (m, n, k): (usize, usize, usize),
    threads: usize,
    rng: &mut Rng,
    rep: &mut Report,
) -> Result<()> {
    // Small integers: exact in every operand type, and so are their sums.
    let ai: Vec<i32> = (0..BLOCKS * m * k).map(|_| rng.int(-8, 8)).collect();
    let bi: Vec<i32> = (0..BLOCKS * n * k).map(|_| rng.int(-8, 8)).collect();
    let a = gpu.upload(&ai.iter().map(|&v| A::of_int(v)).collect::<Vec<_>>())?;
    let b = gpu.upload(&bi.iter().map(|&v| A::of_int(v)).collect::<Vec<_>>())?;
    let mut d = gpu.upload(&vec![D::POISON; BLOCKS * m * n])?;
    let plan = one_per_block(kernel, threads)?;
    // SAFETY: one atom per block: A, B, D hold `BLOCKS` tiles each, the
    // kernel's `(a, b, d)` with `threads` threads per block.
    unsafe {
        launch(gpu, kernel, &plan, |x| {
            x.arg(&a).arg(&b).arg(&mut d);
        })
    }?;
    let dh = gpu.download(&d)?;
    let mut wrong = 0;
    for blk in 0..BLOCKS {
        for i in 0..m {
            for j in 0..n {
                let want: i64 = (0..k)
                    .map(|p| {
                        i64::from(ai[blk * m * k + p * m + i])
                            * i64::from(bi[blk * n * k + p * n + j])
                    })
                    .sum();
                if dh[blk * m * n + j * m + i].to_f64() != want as f64 {
                    wrong += 1;
                }
            }
        }
    }
    rep.check(
        wrong == 0,
        kernel.name(),
        format!(
            "D = A*B^T exactly in {BLOCKS} tiles ({m}x{n}x{k}): {wrong} of {} elements differ",
            dh.len()
        ),
    );
    Ok(())
}

/// `BLOCKS` blocks of `threads` threads, one atom each, with the static
/// shared bytes the module declares (the atom kernels' tiles are fixed by
/// their atoms, not derived here).
fn one_per_block(kernel: &Kernel, threads: usize) -> Result<LaunchPlan> {
    let declared = SharedMemory::Static(kernel.declared_shared_bytes()?);
    LaunchPlan::tiled(&[BLOCKS], &[1], (threads, 1), declared)
}

/// The number of distinct values.
fn distinct(v: impl Iterator<Item = u32>) -> usize {
    let mut v: Vec<u32> = v.collect();
    v.sort_unstable();
    v.dedup();
    v.len()
}

fn ldsm(gpu: &Gpu, kernel: &Kernel, regs: usize, rng: &mut Rng, rep: &mut Report) -> Result<()> {
    let len = cute_kernels::tensor_core::LDSM_LEN;
    let src_h: Vec<u16> = (0..BLOCKS * len).map(|_| rng.next_u64() as u16).collect();
    let src = gpu.upload(&src_h)?;
    let mut vals = gpu.zeros::<u16>(BLOCKS * len)?;
    let mut idx = gpu.upload(&vec![1u32 << 30; BLOCKS * len])?;
    let plan = one_per_block(kernel, 32)?;
    // SAFETY: the kernel's `(src, vals, idx)`, each `BLOCKS × 256` long,
    // one warp per block.
    unsafe {
        launch(gpu, kernel, &plan, |x| {
            x.arg(&src).arg(&mut vals).arg(&mut idx);
        })
    }?;
    let (vh, ih) = (gpu.download(&vals)?, gpu.download(&idx)?);
    let n = 2 * regs;
    let used = |x: usize| x % 8 < n;
    let inside = (0..BLOCKS * len)
        .filter(|&x| used(x))
        .all(|x| (ih[x] as usize) < len);
    let wrong = (0..BLOCKS * len)
        .filter(|&x| used(x))
        .filter(|&x| src_h[x / len * len + ih[x] as usize % len] != vh[x])
        .count();
    let once = distinct((0..len).filter(|&x| used(x)).map(|x| ih[x])) == 32 * n;
    rep.check(inside && wrong == 0 && once, kernel.name(), format!("value v of thread t is element ValLayoutDst(t, v): {wrong} differ, inside the tile: {inside}, {} distinct elements: {once}", 32 * n));
    Ok(())
}

fn stsm(gpu: &Gpu, kernel: &Kernel, rep: &mut Report) -> Result<()> {
    let len = cute_kernels::tensor_core::LDSM_LEN;
    let mut vals = gpu.zeros::<u16>(BLOCKS * len)?;
    let mut idx = gpu.upload(&vec![1u32 << 30; BLOCKS * len])?;
    let plan = one_per_block(kernel, 32)?;
    // SAFETY: the kernel's `(vals, idx)`, each `BLOCKS × 256` long, one
    // warp per block.
    unsafe {
        launch(gpu, kernel, &plan, |x| {
            x.arg(&mut vals).arg(&mut idx);
        })
    }?;
    let (vh, ih) = (gpu.download(&vals)?, gpu.download(&idx)?);
    let wrong = (0..vh.len()).filter(|&x| vh[x] as usize != x % len).count();
    let once = distinct(ih[..len].iter().copied()) == len && ih.iter().all(|&i| (i as usize) < len);
    rep.check(wrong == 0 && once, kernel.name(), format!("value v of thread t lands on element ValLayoutSrc(t, v): {wrong} of {} differ, {len} distinct elements: {once}", vh.len()));
    Ok(())
}

fn copy(
    gpu: &Gpu,
    kernel: &Kernel,
    (tile, threads, predicated): ((usize, usize), usize, bool),
    rng: &mut Rng,
    rep: &mut Report,
) -> Result<()> {
    // CuTe's tutorial sizes; partial tiles for the predicated copies (m a
    // multiple of 4: the vectorized kernels' 128-bit accesses).
    let (m, n) = if predicated { (252, 500) } else { (256, 512) };
    if tile != (128, 64) {
        rep.record(
            Verdict::Skip,
            format!("{} {m}x{n}", kernel.name()),
            format!("the runner builds the tutorial's (_128,_64) tiles, not {tile:?}"),
        );
        return Ok(());
    }
    let guard = 64;
    let src_h = rng.uniforms(m * n);
    let src = gpu.upload(&src_h)?;
    let dst = gpu.upload(&vec![f32::NAN; m * n + guard])?;
    let plan = LaunchPlan::tiled(
        &[m, n],
        &[tile.0, tile.1],
        (threads, 1),
        SharedMemory::Static(kernel.declared_shared_bytes()?),
    )?;
    let layout = MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(m)))?;
    let (ps, pd) = (gpu.address(&src), gpu.address(&dst));
    if predicated {
        let (ts, td) = (
            Arg::new(KernelTensor::new(ps, layout)?),
            Arg::new(KernelTensor::new(pd, layout)?),
        );
        // SAFETY: the kernel's `(S, D)`, `(m,n):(_1,m)` tensors: `src` holds
        // m·n f32, `dst` m·n plus a guard.
        unsafe {
            launch(gpu, kernel, &plan, |x| {
                x.arg(&ts).arg(&td);
            })
        }?;
    } else {
        let tiled = layout.tiled(BlockShape::default())?;
        let (ts, td) = (
            Arg::new(KernelTensor::new(ps, tiled)?),
            Arg::new(KernelTensor::new(pd, tiled)?),
        );
        // SAFETY: as above, the tensors tiled by `(_128,_64)` (m, n
        // multiples of it): the same elements.
        unsafe {
            launch(gpu, kernel, &plan, |x| {
                x.arg(&ts).arg(&td);
            })
        }?;
    }
    let out = gpu.download(&dst)?;
    let wrong = (0..m * n)
        .filter(|&x| out[x].to_bits() != src_h[x].to_bits())
        .count();
    let guard_ok = out[m * n..].iter().all(|v| v.is_nan());
    rep.check(
        wrong == 0 && guard_ok,
        format!("{} {m}x{n}", kernel.name()),
        format!("dst == src: {wrong} differ, past the end untouched: {guard_ok}"),
    );
    Ok(())
}

/// Runs CuTe C++'s tutorial executables found in `dir` and adds their own
/// timings (a mean over their loop) to the table.
fn cute_executables(dir: &Path, rep: &mut Report) {
    for &(file, ta, tb) in CUTE_EXECUTABLES {
        let label = &format!("CuTe C++ {file} {ta}{tb}");
        let args = ["4096", "4096", "4096", ta, tb];
        let path = dir.join(file);
        if !path.is_file() {
            rep.record(
                Verdict::Skip,
                label,
                format!("no executable {}", path.display()),
            );
            continue;
        }
        match std::process::Command::new(&path).args(args).output() {
            Ok(out) if out.status.success() => {
                let text = String::from_utf8_lossy(&out.stdout);
                match parse_cute_gemm(&text) {
                    Some((gflops, ms)) => {
                        rep.record(
                            Verdict::Ok,
                            label,
                            format!("{gflops:.1} GFlop/s, {ms:.4} ms (its own timing)"),
                        );
                        rep.rows.push(Row {
                            kernel: label.into(),
                            size: "4096×4096×4096".into(),
                            stats: None,
                            time: format!("{ms:.3} ms (mean)"),
                            rate: format!("{:.2} TFLOP/s", gflops / 1e3),
                        });
                    }
                    None => rep.record(Verdict::Fail, label, "no CUTE_GEMM line in its output"),
                }
            }
            Ok(out) => rep.record(Verdict::Fail, label, format!("exit status {}", out.status)),
            Err(e) => rep.record(
                Verdict::Fail,
                label,
                format!("cannot run {}: {e}", path.display()),
            ),
        }
    }
}

/// `(GFlop/s, ms)` of a `CUTE_GEMM:     [ 1234.5]GFlop/s  (1.2345)ms` line.
pub fn parse_cute_gemm(text: &str) -> Option<(f64, f64)> {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("CUTE_GEMM:"))?;
    let gflops = line
        .split('[')
        .nth(1)?
        .split(']')
        .next()?
        .trim()
        .parse()
        .ok()?;
    let ms = line
        .split('(')
        .nth(1)?
        .split(')')
        .next()?
        .trim()
        .parse()
        .ok()?;
    Some((gflops, ms))
}
