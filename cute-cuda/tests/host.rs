//! What the host side can check without a GPU: launch plans from layouts,
//! the kernel-argument bytes, the timing statistics, the references, the
//! module lookup, and that a missing driver is an error, not an abort.

use cute_cuda::check::{Rng, f16_bits_of_int, gemm_f64, rel_l2};
use cute_cuda::runner::{HOST_ONLY, KERNELS, parse_cute_gemm};
use cute_cuda::{
    Arg, Error, Gpu, LaunchPlan, ModuleSource, SharedMemory, Stats, driver_present, ptx_entries,
    tile_bytes,
};
use cute_static::kernel_arg::{ABI, KernelLayout, KernelTensor};
use cute_static::layout::{DynDiv, MixedLayout};
use cute_static::{C, Dyn, Layout};

#[test]
fn launch_plan_is_ceil_div_of_the_problem_by_the_cta_tile() {
    let smem = SharedMemory::Static(8192);
    let p = LaunchPlan::tiled(&[4096, 4096], &[128, 128], (256, 1), smem).unwrap();
    assert_eq!(
        (p.grid, p.block, p.shared),
        ((32, 32, 1), (256, 1, 1), smem)
    );
    // Partial tiles round up.
    let p = LaunchPlan::tiled(&[250, 500], &[128, 64], (256, 1), smem).unwrap();
    assert_eq!(p.grid, (2, 8, 1));
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let (m, t) = (rng.int(1, 1 << 20) as usize, rng.int(1, 512) as usize);
        let p = LaunchPlan::tiled(&[m], &[t], (32, 1), smem).unwrap();
        let g = p.grid.0 as usize;
        assert!(g * t >= m && (g - 1) * t < m, "ceil_div({m}, {t}) = {g}");
    }
    // Refused: zero tile, too many threads, a grid past the y limit.
    for (prob, tile, thr) in [
        (&[64usize][..], &[0usize][..], (32, 1)),
        (&[64], &[8], (1025, 1)),
        (&[64, 1 << 20], &[8, 1], (32, 1)),
        (&[64, 64], &[8], (32, 1)),
    ] {
        let e = LaunchPlan::tiled(prob, tile, thr, smem).unwrap_err();
        assert!(matches!(e, Error::Launch { .. }), "{e}");
    }
}

#[test]
fn shared_bytes_are_cosize_times_element_size() {
    type SA = Layout![(128, 8):(1, 128)];
    type Padded = Layout![(32, 32):(33, 1)];
    assert_eq!(tile_bytes::<SA, f32>(), 4096);
    assert_eq!(tile_bytes::<Padded, f32>(), (31 * 33 + 31 + 1) * 4);
    assert_eq!(
        SharedMemory::bytes_of(&[(1024, 4), (1024, 4)]).unwrap(),
        8192
    );
    assert!(SharedMemory::bytes_of(&[(usize::MAX, 2)]).is_err());
    assert_eq!(SharedMemory::DEFAULT_LIMIT, 49152);
}

#[test]
fn kernel_arguments_are_the_run_time_leaves_in_order() {
    let mut rng = Rng::new(11);
    for _ in 0..100 {
        let (m, k, ld) = (
            rng.int(1, 1 << 15) as usize,
            rng.int(1, 1 << 15) as usize,
            0,
        );
        let ld = ld + m + rng.int(0, 64) as usize;
        let layout = MixedLayout::new((Dyn(m), Dyn(k)), (C::<1>, Dyn(ld))).unwrap();
        let ptr = (rng.next_u64() & !7) as usize as *mut f32;
        let t = Arg::new(KernelTensor::new(ptr, layout).unwrap());
        assert_eq!(t.words(), vec![ptr as u64, m as u64, k as u64, ld as u64]);
        // The device side gets the same layout back.
        assert_eq!(t.get().layout(), layout);
        assert_eq!(
            t.get().layout().call_coord((m - 1, k - 1)),
            layout.call_coord((m - 1, k - 1))
        );
        // A divisor leaf is its value; static leaves take no bytes.
        let m128 = DynDiv::<128>::new(128 * (m % 64 + 1)).unwrap();
        let l = Arg::new(KernelLayout::new(
            MixedLayout::new((m128, C::<4>), (C::<1>, Dyn(ld))).unwrap(),
        ));
        assert_eq!(l.words(), vec![m128.get() as u64, ld as u64]);
    }
}

#[test]
fn the_abi_table_holds_on_the_host() {
    for row in ABI {
        println!("{row:?}");
        assert!(row.holds(), "{row:?}");
    }
    assert!(ABI.len() >= 10);
}

#[test]
fn stats_are_median_min_max() {
    let s = Stats::of_ms(&[3.0, 1.0, 2.0]).unwrap();
    assert_eq!((s.median_ms, s.min_ms, s.max_ms, s.n), (2.0, 1.0, 3.0, 3));
    let s = Stats::of_ms(&[4.0, 1.0, 2.0, 3.0]).unwrap();
    assert_eq!(s.median_ms, 2.5);
    assert!(Stats::of_ms(&[]).is_none());
    assert!(Stats::of_ms(&[1.0, f32::NAN]).is_none());
    let mut rng = Rng::new(3);
    for _ in 0..100 {
        let v: Vec<f32> = (0..rng.int(1, 40)).map(|_| rng.uniform() + 2.0).collect();
        let s = Stats::of_ms(&v).unwrap();
        let below = v.iter().filter(|&&x| f64::from(x) < s.median_ms).count();
        let above = v.iter().filter(|&&x| f64::from(x) > s.median_ms).count();
        assert!(below <= v.len() / 2 && above <= v.len() / 2);
        assert!(s.min_ms <= s.median_ms && s.median_ms <= s.max_ms);
    }
    // 2·4096³ flop in 9.327 ms: the README's 14.74 TFLOP/s.
    let s = Stats::of_ms(&[9.327]).unwrap();
    assert!((s.tflops(2.0 * 4096f64.powi(3)) - 14.74).abs() < 0.01);
}

#[test]
fn host_gemm_reference_and_error() {
    // A 2 × 2 × 2 case worked by hand from the definition would be a
    // hand-written answer; instead compare with the plain triple loop.
    let mut rng = Rng::new(5);
    let (m, n, k) = (7, 5, 3);
    let (a, b, c) = (
        rng.uniforms(m * k),
        rng.uniforms(n * k),
        rng.uniforms(m * n),
    );
    let got = gemm_f64(
        (m, n, k),
        (1.5, -0.75),
        |i, p| a[p * m + i].into(),
        |j, p| b[p * n + j].into(),
        |i, j| c[j * m + i].into(),
    );
    for i in 0..m {
        for j in 0..n {
            let dot: f64 = (0..k)
                .map(|p| f64::from(a[p * m + i]) * f64::from(b[p * n + j]))
                .sum();
            let want = 1.5 * dot - 0.75 * f64::from(c[j * m + i]);
            assert!((got[j * m + i] - want).abs() < 1e-12);
        }
    }
    let (e, w) = rel_l2([1.0, 2.0].into_iter(), [1.0, 2.0].into_iter());
    assert_eq!((e, w), (0.0, 0.0));
    let (e, _) = rel_l2([1.0, f64::NAN].into_iter(), [1.0, 2.0].into_iter());
    assert!(e.is_nan(), "a NaN output never passes `err < tol`");
}

#[test]
fn f16_bits_of_small_integers() {
    // The IEEE half encodings, from their definition.
    for v in -2047..=2047i32 {
        let bits = f16_bits_of_int(v);
        let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
        let e = i32::from((bits >> 10) & 0x1f);
        let f = f64::from(bits & 0x3ff);
        let value = if e == 0 {
            sign * f * 2f64.powi(-24)
        } else {
            sign * (1.0 + f / 1024.0) * 2f64.powi(e - 15)
        };
        assert_eq!(value, f64::from(v), "{v}: {bits:#06x}");
    }
}

#[test]
fn module_entries_and_lookup() {
    let ptx = ".version 6.0\n.visible .entry sgemm_1(\n.param .u64 a\n)\n{\n}\n.visible .entry copy_kernel(\n)\n";
    assert_eq!(ptx_entries(ptx), ["sgemm_1", "copy_kernel"]);
    let e = ModuleSource::from_path("/nonexistent/cute_kernels.ptx".as_ref()).unwrap_err();
    assert!(matches!(e, Error::PtxMissing { .. }));
    assert!(e.to_string().contains("kernels/ptx-check.sh"), "{e}");
}

#[test]
fn the_runner_table_names_every_kernel_once() {
    let mut names: Vec<&str> = KERNELS.iter().map(|e| e.name).collect();
    names.sort_unstable();
    let n = names.len();
    names.dedup();
    assert_eq!(names.len(), n, "a kernel listed twice");
    for e in KERNELS {
        if let Some(t) = e.twin {
            assert!(
                KERNELS.iter().any(|x| x.name == t),
                "{}'s twin {t} has no entry",
                e.name
            );
        }
    }
    // The kernels without a GPU contract yet (run on the host by the named
    // test, reported as not run by the runner): never also in KERNELS,
    // each named once, each host test a file of the kernels crate.
    let mut host_only: Vec<&str> = HOST_ONLY.iter().map(|k| k.name).collect();
    host_only.sort_unstable();
    host_only.dedup();
    assert_eq!(
        host_only.len(),
        HOST_ONLY.len(),
        "a host-only kernel listed twice"
    );
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for k in HOST_ONLY {
        assert!(
            KERNELS.iter().all(|e| e.name != k.name),
            "{} is both in KERNELS and in HOST_ONLY",
            k.name
        );
        assert!(
            manifest.join("..").join(k.host_test).is_file(),
            "{}: no host test {}",
            k.name,
            k.host_test
        );
    }
    // Every kernel of each PTX variant built here (kernels/ptx-check.sh:
    // default, sm80, sm90a) has an entry in KERNELS or HOST_ONLY: a kernel
    // added to src/ptx.rs without one fails here. Variants not built are
    // listed as such.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/target");
    for variant in ["", "sm80/", "sm90a/"] {
        let path = root.join(format!(
            "{variant}nvptx64-nvidia-cuda/release/cute_kernels.ptx"
        ));
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let entries = ptx_entries(&text);
                assert!(!entries.is_empty(), "{}: no kernels", path.display());
                for k in &entries {
                    assert!(
                        KERNELS.iter().any(|e| e.name == k)
                            || HOST_ONLY.iter().any(|e| e.name == k),
                        "{k} is in {} but neither in the runner's table nor in HOST_ONLY",
                        path.display()
                    );
                }
                println!(
                    "{}: {} kernels, each in the table",
                    path.display(),
                    entries.len()
                );
            }
            Err(_) => println!("SKIPPED: {} not built", path.display()),
        }
    }
}

#[test]
fn cute_executables_output_is_parsed() {
    let out = "M = 4096\nC = A^N B^T\nCUTE_GEMM:     [13210.4]GFlop/s  (10.4047)ms\n";
    assert_eq!(parse_cute_gemm(out), Some((13210.4, 10.4047)));
    assert_eq!(parse_cute_gemm("no timing"), None);
}

#[test]
fn no_driver_is_an_error_not_an_abort() {
    match Gpu::new(0) {
        Err(e @ Error::NoDriver { .. }) => {
            assert!(!driver_present());
            assert!(e.is_no_device());
            assert!(e.to_string().starts_with("no CUDA driver"), "{e}");
            println!("SKIPPED (the GPU half of this test): {e}");
        }
        Err(e @ Error::NoDevice { .. }) => println!("driver present, {e}"),
        Err(e) => panic!("a driver is present but failed: {e}"),
        Ok(gpu) => println!("device: {}", gpu.describe().unwrap()),
    }
}

/// The tutorial kernels' parameters are device tensors
/// (`GmemTensor<f32, MixedLayout>`, kernels/src/cute/entries.rs); the
/// runner passes [`KernelTensor`]s built from the same layouts. Their
/// bytes must be the same: the address, then the run-time leaves in order
/// (a static leaf takes none), for each layout the entries take.
#[test]
fn tutorial_tensor_parameters_have_the_kernel_tensor_bytes() {
    use cute_kernels::cute::sgemm_1::{ColMajor, RowMajor};
    use cute_kernels::cute::tiled_copy::{BlockShape, TensorLayout, TiledTensor};
    use cute_static::arch::{GlobalBuffer, GmemTensor, MemPtr};
    use cute_static::tensor::TensorDivide;

    /// The value's bytes as 64-bit words.
    fn words_of<T: Copy>(v: &T) -> Vec<u64> {
        assert_eq!(size_of::<T>() % 8, 0, "{}", std::any::type_name::<T>());
        (0..size_of::<T>() / 8)
            // SAFETY: `T` is `Copy` and `size_of::<T>()` is a multiple of
            // 8: each word read lies inside `*v` (read unaligned).
            .map(|i| unsafe { (v as *const T).cast::<u64>().add(i).read_unaligned() })
            .collect()
    }
    let buf = GlobalBuffer::from_slice(&vec![0f32; 256 * 520]);
    let mut rng = Rng::new(5);
    for _ in 0..20 {
        let (m, k) = (rng.int(1, 250) as usize, rng.int(1, 500) as usize);
        let ld = 256;
        let col: ColMajor = MixedLayout::new((Dyn(m), Dyn(k)), (C::<1>, Dyn(ld))).unwrap();
        let g: GmemTensor<f32, ColMajor> = buf.tensor(col).unwrap();
        let ptr = g.ptr().addr() as *mut f32;
        let want = vec![ptr as u64, m as u64, k as u64, ld as u64];
        assert_eq!(words_of(&g), want);
        assert_eq!(Arg::new(KernelTensor::new(ptr, col).unwrap()).words(), want);

        let (rows, kk) = (rng.int(1, 500) as usize, rng.int(1, 250) as usize);
        let row: RowMajor = MixedLayout::new((Dyn(rows), Dyn(kk)), (Dyn(ld), C::<1>)).unwrap();
        let g = buf.tensor(row).unwrap();
        let want = vec![ptr as u64, rows as u64, kk as u64, ld as u64];
        assert_eq!(words_of(&g), want);
        assert_eq!(Arg::new(KernelTensor::new(ptr, row).unwrap()).words(), want);

        // tiled_copy's `((_128,_64), m', n')` of a (128·a, 64·b) tensor.
        let (a, b) = (rng.int(1, 2) as usize, rng.int(1, 8) as usize);
        let t: TensorLayout =
            MixedLayout::new((Dyn(128 * a), Dyn(64 * b)), (C::<1>, Dyn(ld))).unwrap();
        let tiled: TiledTensor = t.tiled(BlockShape::default()).unwrap();
        let g = buf.tensor(tiled).unwrap();
        let k = Arg::new(KernelTensor::new(ptr, tiled).unwrap());
        assert_eq!(words_of(&g), k.words(), "{tiled}");
        assert_eq!(k.words()[0], ptr as u64);
    }
}

/// The TMA enums cross to the driver by value: each of cute-dynamic's
/// variants is the driver's enumerator of the same value.
#[test]
fn tma_enums_are_the_drivers_values() {
    use cute_cuda::{
        driver_data_type, driver_interleave, driver_l2_promotion, driver_oob_fill, driver_swizzle,
    };
    use cute_dynamic::{TmaDataType as T, TmaInterleave, TmaL2Promotion, TmaOobFill, TmaSwizzle};
    let types = [
        T::UInt8,
        T::UInt16,
        T::UInt32,
        T::Int32,
        T::UInt64,
        T::Int64,
        T::Float16,
        T::Float32,
        T::Float64,
        T::BFloat16,
        T::Float32Ftz,
        T::TFloat32,
        T::TFloat32Ftz,
    ];
    for (i, t) in types.into_iter().enumerate() {
        assert_eq!(driver_data_type(t) as u32, t.driver_value(), "{t:?}");
        assert_eq!(t.driver_value(), i as u32, "{t:?}: declaration order");
    }
    use TmaSwizzle as S;
    let swizzles = [
        S::None,
        S::B32,
        S::B64,
        S::B128,
        S::B128Atom32B,
        S::B128Atom32BFlip8B,
        S::B128Atom64B,
    ];
    for (i, s) in swizzles.into_iter().enumerate() {
        assert_eq!(driver_swizzle(s) as u32, s.driver_value(), "{s:?}");
        assert_eq!(s.driver_value(), i as u32, "{s:?}");
    }
    for (i, x) in [TmaInterleave::None, TmaInterleave::B16, TmaInterleave::B32]
        .into_iter()
        .enumerate()
    {
        assert_eq!(driver_interleave(x) as u32, i as u32, "{x:?}");
    }
    for (i, x) in [
        TmaL2Promotion::None,
        TmaL2Promotion::L2_64B,
        TmaL2Promotion::L2_128B,
        TmaL2Promotion::L2_256B,
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(driver_l2_promotion(x) as u32, i as u32, "{x:?}");
    }
    for (i, x) in [TmaOobFill::None, TmaOobFill::NanRequestZeroFma]
        .into_iter()
        .enumerate()
    {
        assert_eq!(driver_oob_fill(x) as u32, i as u32, "{x:?}");
    }
}

/// What only the driver would report is checked before the call.
#[test]
fn tensor_map_arguments_the_driver_refuses_are_named() {
    use cute_cuda::tensor_map_violation;
    use cute_dynamic::{TmaGmem, TmaOp, ValueType, make_tma_copy};
    let g = |addr| {
        TmaGmem::new(
            addr,
            "(1024,256):(256,1)".parse().unwrap(),
            ValueType::Float,
        )
    };
    let s: cute_dynamic::Layout = "(64,32):(32,1)".parse().unwrap();
    let ok = make_tma_copy(TmaOp::Load, &g(0x1000), &s, None, 1).unwrap();
    assert_eq!(tensor_map_violation(&ok.encode()), None);
    let odd = make_tma_copy(TmaOp::Load, &g(0x1008), &s, None, 1);
    // make_tma_copy itself may refuse the address; if not, the host side does.
    if let Ok(t) = odd {
        let why = tensor_map_violation(&t.encode()).expect("0x1008 is not 16-byte aligned");
        assert!(why.contains("0x1008"), "{why}");
    }
    let mut p = ok.encode();
    p.rank = 6;
    assert!(tensor_map_violation(&p).unwrap().contains("rank 6"));
}

/// The reference cases parse, and our arguments are CuTe's (the driver
/// comparison of their bytes runs on a GPU: tests/gpu.rs).
#[test]
fn tma_reference_cases_are_cutes_arguments() {
    let cases = cute_cuda::tma_reference_cases(0x7f00_0000_1000).unwrap();
    assert!(cases.len() >= 10, "{} cases", cases.len());
    for c in &cases {
        assert_eq!(c.ours, c.cute, "{}", c.name);
    }
}
