//! Inspects the PTX module built by `kernels/ptx-check.sh` (that script
//! builds it and runs this test with `CUTE_KERNELS_PTX` set to its path):
//!
//! * no kernel contains a `div.` or `rem.` instruction — every index
//!   expression of the static layouts folds to shifts, multiplications and
//!   additions;
//! * each generic kernel's address arithmetic (integer `add`, `sub`, `mul`,
//!   `mad`, `shl`, `shr`, `and`, `or`, `xor`, `cvt`, `neg`; not `.pred`,
//!   not floating point) has no more instructions than its hand-written
//!   twin, and so has the whole kernel (all instructions). The address
//!   count is split at the first inline-asm block (the shared-memory
//!   declaration): the instructions before it are the kernel's set-up,
//!   those after it the kernel body; the body counts are compared, both
//!   are printed;
//! * no kernel touches local memory (`ld.local`/`st.local`): fragments
//!   and accumulators stay in registers.
//!
//! Without `CUTE_KERNELS_PTX` (a plain `cargo test`) the test reads the
//! default build output if it exists, and otherwise says so and passes.

use std::collections::BTreeMap;

/// Generic kernel and its hand-written twin.
const PAIRS: &[(&str, &str)] = &[
    ("transpose_tiled", "transpose_tiled_hand"),
    ("transpose_swizzled", "transpose_swizzled_hand"),
    ("sgemm_1", "sgemm_1_hand"),
    ("sgemm_1_tensors", "sgemm_1_hand"),
    ("sgemm_tv", "sgemm_tv_hand"),
];

/// Instruction counts of one kernel.
#[derive(Debug, Default)]
struct Counts {
    total: usize,
    /// Address arithmetic before the first inline asm (set-up).
    setup: usize,
    /// Address arithmetic after it (the kernel body).
    address: usize,
    div_rem: Vec<String>,
    /// Local-memory loads and stores (`ld.local`, `st.local`): a
    /// register array spilled or indexed dynamically.
    local: usize,
}

/// Marks the first inline-asm block in a kernel's instruction list.
const ASM: &str = "<inline asm>";

/// The instructions of each `.entry`, by kernel name.
fn kernels(ptx: &str) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in ptx.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix(".visible .entry ") {
            let name = rest.split('(').next().unwrap_or("").trim().to_string();
            current = Some((name, Vec::new()));
        } else if t.starts_with("// -- End function") || (t == "}" && current.is_some()) {
            if let Some((name, body)) = current.take() {
                out.insert(name, body);
            }
        } else if let Some((_, body)) = current.as_mut() {
            if t == "// begin inline asm" && !body.iter().any(|i| i == ASM) {
                body.push(ASM.to_string());
            }
            let is_instr = !t.is_empty()
                && !t.starts_with("//")
                && !t.starts_with('.')
                && !t.starts_with('{')
                && !t.starts_with(')')
                && !t.starts_with('$')
                && t.ends_with(';');
            if is_instr {
                body.push(t.to_string());
            }
        }
    }
    out
}

/// The PTX module: `$CUTE_KERNELS_PTX` (required when set), else the
/// release build's, else `None` (a message: run kernels/ptx-check.sh).
fn load_ptx() -> Option<String> {
    let path = std::env::var("CUTE_KERNELS_PTX").ok();
    let required = path.is_some();
    let path = path.unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/target/nvptx64-nvidia-cuda/release/cute_kernels.ptx"
        )
        .to_string()
    });
    match std::fs::read_to_string(&path) {
        Ok(ptx) => Some(ptx),
        Err(e) if !required => {
            println!("no PTX at {path} ({e}): run kernels/ptx-check.sh to build and check it");
            None
        }
        Err(e) => panic!("CUTE_KERNELS_PTX={path}: {e}"),
    }
}

fn count(body: &[String]) -> Counts {
    const ADDRESS: &[&str] = &[
        "add", "sub", "mul", "mad", "shl", "shr", "and", "or", "xor", "cvt", "neg",
    ];
    let mut c = Counts::default();
    let mut after_asm = false;
    for instr in body {
        if instr == ASM {
            after_asm = true;
            continue;
        }
        c.total += 1;
        let opcode = instr.split_whitespace().next().unwrap_or("");
        let mut parts = opcode.split('.');
        let op = parts.next().unwrap_or("");
        let integer =
            !opcode.contains(".f32") && !opcode.contains(".f64") && !opcode.contains(".pred");
        if ADDRESS.contains(&op) && integer && !opcode.starts_with("cvta") {
            if after_asm {
                c.address += 1;
            } else {
                c.setup += 1;
            }
        }
        if opcode.starts_with("ld.local") || opcode.starts_with("st.local") {
            c.local += 1;
        }
        if op == "div" || op == "rem" {
            c.div_rem.push(instr.clone());
        }
    }
    c
}

#[test]
fn ptx_has_no_division_and_no_more_address_arithmetic_than_the_twins() {
    let Some(ptx) = load_ptx() else { return };
    let ks = kernels(&ptx);
    println!(
        "{:<26} {:>7} {:>14} {:>13} {:>6}",
        "kernel", "instrs", "address:set-up", "address:body", "local"
    );
    for (name, body) in &ks {
        let c = count(body);
        println!(
            "{name:<26} {:>7} {:>14} {:>13} {:>6}",
            c.total, c.setup, c.address, c.local
        );
        assert!(c.div_rem.is_empty(), "{name} divides: {:?}", c.div_rem);
        assert_eq!(c.local, 0, "{name} uses local memory (registers spilled)");
    }
    for &(generic, hand) in PAIRS {
        let g = count(
            ks.get(generic)
                .unwrap_or_else(|| panic!("no kernel {generic} in the PTX")),
        );
        let h = count(
            ks.get(hand)
                .unwrap_or_else(|| panic!("no kernel {hand} in the PTX")),
        );
        println!(
            "{generic}: body address arithmetic {} (hand-written twin {hand}: {}); set-up {} vs {}; {} vs {} instructions",
            g.address, h.address, g.setup, h.setup, g.total, h.total
        );
        assert!(
            g.address <= h.address,
            "{generic} has {} address instructions, its twin {hand} {}",
            g.address,
            h.address
        );
        assert!(
            g.total <= h.total,
            "{generic} has {} instructions, its twin {hand} {}",
            g.total,
            h.total
        );
    }
}

/// The parser and the counter on a hand-made module: entries split,
/// comments and declarations skipped, `div.`/`rem.` caught, `.pred`,
/// float and `cvta` instructions not counted as address arithmetic, the
/// set-up split at the first inline asm, local-memory accesses counted.
#[test]
fn counter_on_a_small_module() {
    let ptx = "\
.visible .entry k1(
\t.param .u64 k1_param_0
)
{
\t.reg .b64 \t%rd<9>;
// %bb.0:
\tld.param.b64 \t%rd1, [k1_param_0];
\tcvta.to.global.u64 \t%rd2, %rd1;
\tmul.lo.s64 \t%rd3, %rd1, %rd1;
\t// begin inline asm
\t.shared .align 4 .f32 t[4];
cvta.shared.u64 %rd4, t;
\t// end inline asm
\tadd.s64 \t%rd5, %rd3, %rd4;
\tand.pred \t%p1, %p2, %p3;
\tadd.rn.f32 \t%r1, %r2, %r3;
\tdiv.u64 \t%rd6, %rd5, 3;
\tst.local.b32 \t[%rd7], %r1;
\tret;
                                        // -- End function
}
.visible .entry k2()
{
\tret;
}
";
    let ks = kernels(ptx);
    assert_eq!(ks.keys().collect::<Vec<_>>(), ["k1", "k2"]);
    let c = count(&ks["k1"]);
    assert_eq!((c.setup, c.address), (1, 1), "{c:?}");
    assert_eq!(c.div_rem, ["div.u64 \t%rd6, %rd5, 3;"]);
    assert_eq!(c.total, 10);
    assert_eq!(c.local, 1);
    assert_eq!(count(&ks["k2"]).total, 1);
}

/// The CuTe tutorial kernels written with device tensors: every memory
/// access names its space — global ones `ld.global`/`st.global`, shared
/// ones `ld.shared`/`st.shared` — and none is generic (`ld.b32`, `ld.f32`,
/// …) or local (the fragments are registers); the multiply-adds are
/// `fma.rn.f32`, and the vectorized copy moves 128 bits per access.
/// `(kernel, [(instruction prefix, required count)])`.
const TUTORIALS: &[(&str, &[(&str, usize)])] = &[
    (
        "sgemm_1_nt",
        &[
            ("ld.global.b32", 72),
            ("st.global.b32", 128),
            ("ld.shared.b32", 128),
            ("st.shared.b32", 8),
            ("fma.rn.f32", 576),
        ],
    ),
    (
        "sgemm_1_tn",
        &[
            ("ld.global.b32", 72),
            ("st.global.b32", 128),
            ("ld.shared.b32", 128),
            ("st.shared.b32", 8),
            ("fma.rn.f32", 576),
        ],
    ),
    // sgemm_2: the tiled copies' loads twice (before the loop and in it:
    // NT one 128-bit load of A and one of B each time, TN four 32-bit
    // ones each), 64 loads of C and both axpby epilogues' 128 stores, the
    // registers to shared one element per access (8 per k-tile).
    (
        "sgemm_2_nt",
        &[
            ("ld.global.v4.b32", 4),
            ("ld.global.b32", 64),
            ("st.global.b32", 128),
            ("ld.shared.b32", 128),
            ("st.shared.b32", 8),
            ("fma.rn.f32", 576),
        ],
    ),
    (
        "sgemm_2_tn",
        &[
            ("ld.global.v4.b32", 0),
            ("ld.global.b32", 80),
            ("st.global.b32", 128),
            ("ld.shared.b32", 128),
            ("st.shared.b32", 8),
            ("fma.rn.f32", 576),
        ],
    ),
    (
        "copy_kernel",
        &[("ld.global.b32", 32), ("st.global.b32", 32)],
    ),
    (
        "copy_kernel_vectorized",
        &[("ld.global.v4.b32", 8), ("st.global.v4.b32", 8)],
    ),
    // `src/cute/half_copy.rs`: 16 halves per thread, two 128-bit loads and
    // shared stores of 8 each, then the neighbour's 16 one by one.
];

#[test]
fn tutorial_kernels_access_memory_by_space() {
    let Some(ptx) = load_ptx() else { return };
    let ks = kernels(&ptx);
    for (name, required) in TUTORIALS {
        let body = ks
            .get(*name)
            .unwrap_or_else(|| panic!("no kernel {name} in the PTX"));
        let c = count(body);
        assert_eq!(c.local, 0, "{name} uses local memory");
        assert!(c.div_rem.is_empty(), "{name} divides: {:?}", c.div_rem);
        let generic: Vec<&String> = body
            .iter()
            .filter(|i| {
                let op = i.split_whitespace().next().unwrap_or("");
                (op.starts_with("ld.") || op.starts_with("st."))
                    && ![".global.", ".shared.", ".param.", ".local."]
                        .iter()
                        .any(|sp| op[2..].starts_with(sp))
            })
            .collect();
        assert!(
            generic.is_empty(),
            "{name} has generic accesses: {generic:?}"
        );
        for (prefix, n) in *required {
            let got = body.iter().filter(|i| i.starts_with(prefix)).count();
            assert_eq!(got, *n, "{name}: {got} × {prefix}, expected {n}");
        }
        println!(
            "{name}: {} instructions, no local or generic access, {required:?}",
            c.total
        );
    }
}

/// The parameter sizes of an entry, from its `.param` declarations:
/// `.b8 NAME[N]` is N bytes, `.f32`/`.u32`/`.b32` 4, `.u64`/`.b64`/`.f64` 8.
fn param_sizes(ptx: &str, entry: &str) -> Option<Vec<usize>> {
    let head = format!(".visible .entry {entry}(");
    let start = ptx.find(&head)? + head.len();
    let decl = &ptx[start..start + ptx[start..].find(')')?];
    Some(
        decl.split(',')
            .map(|p| {
                let p = p.trim();
                if let Some(open) = p.rfind('[') {
                    p[open + 1..p.len() - 1].parse().expect("array size")
                } else if [".f32", ".u32", ".b32", ".s32"]
                    .iter()
                    .any(|t| p.contains(t))
                {
                    4
                } else {
                    assert!(p.contains("64"), "parameter {p}");
                    8
                }
            })
            .collect(),
    )
}

/// The tutorial entries take device tensors by value; the host (the Rust
/// runner in cute-cuda, tests/host.rs there) passes the host type's
/// bytes. Each PTX parameter must be the size of its Rust type on the
/// host.
#[test]
fn tutorial_entry_parameters_have_the_host_sizes() {
    use core::mem::size_of;
    use cute_kernels::cute::sgemm_1::{ColMajor, RowMajor};
    use cute_kernels::cute::tiled_copy::{TensorLayout, TiledTensor};
    use cute_static::arch::GmemTensor;
    let Some(ptx) = load_ptx() else { return };
    let (col, row) = (
        size_of::<GmemTensor<f32, ColMajor>>(),
        size_of::<GmemTensor<f32, RowMajor>>(),
    );
    let (tiled, plain) = (
        size_of::<GmemTensor<f32, TiledTensor>>(),
        size_of::<GmemTensor<f32, TensorLayout>>(),
    );
    for (entry, want) in [
        ("sgemm_1_nt", vec![col, col, col, 4, 4]),
        ("sgemm_1_tn", vec![row, row, col, 4, 4]),
        ("sgemm_2_nt", vec![col, col, col, 4, 4]),
        ("sgemm_2_tn", vec![row, row, col, 4, 4]),
        ("copy_kernel", vec![tiled, tiled]),
        ("copy_kernel_vectorized", vec![tiled, tiled]),
        ("copy_if_kernel", vec![plain, plain]),
        ("copy_if_kernel_vectorized", vec![plain, plain]),
    ] {
        let got = param_sizes(&ptx, entry).unwrap_or_else(|| panic!("no entry {entry}"));
        assert_eq!(
            got, want,
            "{entry}: PTX parameter bytes against the host types'"
        );
    }
    assert_eq!((col, tiled), (32, 48));
}

/// The SM80 kernels (in the `sm80` and `sm90a` variants): one `mma.sync`
/// per atom, issued through `gemm(tiled_mma, …)` on register fragments
/// (`src/cute/mma_sm80.rs`, no local memory), and one `cp.async` per copy
/// atom instance. `(kernel, instruction, count)`.
const MMA_SM80: &[(&str, &str, usize)] = &[
    (
        "mma_sm80_atom_f16",
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
        1,
    ),
    (
        "mma_sm80_tiled_f16",
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
        8,
    ),
    (
        "mma_sm80_tiled_f32",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
        8,
    ),
    (
        "mma_sm80_atom_16x8x8_f16",
        "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16",
        1,
    ),
    (
        "mma_sm80_atom_16x8x8_f32",
        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32",
        1,
    ),
    // `src/cute/cp_async_sm80.rs`: two 128-bit cp.async per thread, one
    // group committed and waited for.
    ("cp_async_ca_tile", "cp.async.ca.shared.global", 2),
    ("cp_async_ca_tile", "cp.async.commit_group", 1),
    ("cp_async_ca_tile", "cp.async.wait_group 0", 1),
    ("cp_async_cg_tile", "cp.async.cg.shared.global", 2),
    ("cp_async_cg_tile", "cp.async.commit_group", 1),
    ("cp_async_cg_tile", "cp.async.wait_group 0", 1),
    // The zero-filling cg atom by `copy_async_if`: the same two, each with
    // the `src-size` operand (`16, %r…`: 16 or 0 by the predicate).
    ("cp_async_zfill_tile", "cp.async.cg.shared.global", 2),
    ("cp_async_zfill_tile", "cp.async.commit_group", 1),
    ("cp_async_zfill_tile", "cp.async.wait_group 0", 1),
    // `src/cute/half_copy.rs`: 8 halves per cp.async, two per thread.
    ("cp_async_f16_tile", "cp.async.cg.shared.global", 2),
    ("cp_async_f16_tile", "ld.shared.b16", 16),
    ("cp_async_f16_tile", "st.global.b16", 16),
    // `src/cute/ldsm_sm80.rs`: one ldmatrix per atom instance of the
    // tiled copies of A and B, then one mma.sync.
    (
        "ldsm_n_mma_f16",
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
        1,
    ),
    (
        "ldsm_n_mma_f16",
        "ldmatrix.sync.aligned.m8n8.x2.shared.b16",
        1,
    ),
    ("ldsm_n_mma_f16", "mma.sync.aligned.m16n8k16", 1),
    (
        "ldsm_n_small_mma_f16",
        "ldmatrix.sync.aligned.m8n8.x2.shared.b16",
        2,
    ),
    (
        "ldsm_n_small_mma_f16",
        "ldmatrix.sync.aligned.m8n8.x1.shared.b16",
        2,
    ),
    (
        "ldsm_t_mma_f16",
        "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
        1,
    ),
    (
        "ldsm_t_mma_f16",
        "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16",
        1,
    ),
    (
        "ldsm_t_small_mma_f16",
        "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16",
        2,
    ),
    (
        "ldsm_t_small_mma_f16",
        "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16",
        2,
    ),
    ("ldsm_t_small_mma_f16", "mma.sync.aligned.m16n8k16", 1),
    // `src/cute/half_copy.rs`: 16 halves per thread, two 128-bit loads and
    // shared stores of 8 each, then the neighbour's 16 one by one.
    ("copy_f16_tile", "ld.global.v4.b32", 2),
    ("copy_f16_tile", "st.shared.v4.b32", 2),
    ("copy_f16_tile", "ld.shared.b16", 16),
    ("copy_f16_tile", "st.global.b16", 16),
    // `src/cute/dynamic_smem.rs`: its two loops start at the thread index
    // (a run-time trip count: not unrolled), one access of each kind in
    // each, through the 64 KiB dynamic shared tile.
    ("dynamic_smem_tile", "ld.global.b32", 1),
    ("dynamic_smem_tile", "st.shared.b32", 1),
    ("dynamic_smem_tile", "ld.shared.b32", 1),
    ("dynamic_smem_tile", "st.global.b32", 1),
    // `src/cute/sgemm_sm80.rs` (CuTe's `sgemm_sm80.cu` `gemm_tn`): the
    // counts of CuTe's SASS — 4 k-blocks × 4 × 8 `mma.sync` per k-tile, 8
    // `ldmatrix.x4` per k-block (4 of A, 4 of B) and 8 before the loop, 16
    // `cp.async` per k-tile (8 of A, 8 of B) in the loop and in each of the
    // 2 prefetched stages; `cp.async.wait_group 1` (`K_PIPE_MAX - 2`) in the
    // prologue and the loop; the epilogue's 128 `st.global.b16` twice (both
    // paths of axpby's `beta == 0` test).
    (
        "sgemm_sm80_tn",
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
        128,
    ),
    (
        "sgemm_sm80_tn",
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
        40,
    ),
    ("sgemm_sm80_tn", "cp.async.ca.shared.global", 48),
    ("sgemm_sm80_tn", "cp.async.commit_group", 3),
    ("sgemm_sm80_tn", "cp.async.wait_group 1", 2),
    ("sgemm_sm80_tn", "st.global.b16", 256),
];

#[test]
fn sm80_kernels_issue_one_instruction_per_atom() {
    let Some(ptx) = load_ptx() else { return };
    let ks = kernels(&ptx);
    let tensor_cores = ptx
        .lines()
        .any(|l| l.starts_with(".target sm_80") || l.starts_with(".target sm_90a"));
    for &(name, instr, n) in MMA_SM80 {
        let Some(body) = ks.get(name) else {
            assert!(!tensor_cores, "no kernel {name} in an sm_80/sm_90a PTX");
            continue;
        };
        let c = count(body);
        assert_eq!(c.local, 0, "{name} uses local memory");
        let got = body.iter().filter(|i| i.starts_with(instr)).count();
        assert_eq!(got, n, "{name}: {got} × {instr}, expected {n}");
        println!("{name}: {} instructions, {got} × {instr}", c.total);
    }
}

/// `cp_async_zfill_tile` (`copy_async_if` of
/// `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>`): each `cp.async.cg` has
/// the `src-size` operand, a register (16 or 0 by the predicate), after
/// the immediate `cp-size` 16; the plain `cp_async_cg_tile` has none.
#[test]
fn zfill_cp_async_has_a_src_size_operand() {
    let Some(ptx) = load_ptx() else { return };
    let ks = kernels(&ptx);
    let (Some(zfill), Some(plain)) = (ks.get("cp_async_zfill_tile"), ks.get("cp_async_cg_tile"))
    else {
        return; // not an sm_80 module (MMA_SM80's test requires them there)
    };
    let operands = |body: &Vec<String>| -> Vec<usize> {
        body.iter()
            .filter(|i| i.starts_with("cp.async.cg.shared.global"))
            .map(|i| i.trim_end_matches(';').split(',').count())
            .collect()
    };
    assert_eq!(operands(zfill), [4, 4], "{zfill:?}");
    assert_eq!(operands(plain), [3, 3], "{plain:?}");
    assert!(
        zfill
            .iter()
            .filter(|i| i.starts_with("cp.async.cg.shared.global"))
            .all(|i| i.contains("], 16, %r")),
        "cp-size 16 then a register src-size"
    );
}
