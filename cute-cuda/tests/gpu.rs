//! The GPU tests: ignored by a plain `cargo test` (reported `ignored`,
//! with the reason, never `ok`), run with
//! `cargo test -p cute-cuda --release -- --ignored` on a machine with a
//! CUDA device and the PTX module (kernels/ptx-check.sh, or
//! `CUTE_KERNELS_PTX`). Run without a device they fail, naming it.

use cute_cuda::runner::{Options, Report, run_all};
use cute_cuda::{Gpu, ModuleSource};

/// The runner's report with `opts` on device 0 and the located module;
/// fails unless every check passed.
fn run_passing(opts: Options) -> Report {
    let gpu = Gpu::new(0).unwrap_or_else(|e| panic!("this test needs a CUDA device: {e}"));
    let src = ModuleSource::locate().unwrap_or_else(|e| panic!("{e}"));
    let module = gpu.load(&src).unwrap_or_else(|e| panic!("{e}"));
    let rep = run_all(&gpu, &module, &opts);
    assert!(rep.failed().is_empty(), "failed: {:?}", rep.failed());
    rep
}

#[test]
#[ignore = "needs a CUDA device and the PTX module: cargo test -p cute-cuda --release -- --ignored"]
fn every_kernel_passes_its_checks_at_small_sizes() {
    run_passing(Options {
        small: true,
        seed: 1,
        ..Options::default()
    });
}

#[test]
#[ignore = "needs a CUDA device and the PTX module: cargo test -p cute-cuda --release -- --ignored"]
fn generic_sgemm_1_and_its_tensor_twin_match_the_hand_kernel() {
    let rep = run_passing(Options {
        small: true,
        no_time: true,
        filter: Some("sgemm_1".into()),
        seed: 2,
        ..Options::default()
    });
    let compared = |c: &str| rep.checks.iter().any(|x| x.1.starts_with(c));
    assert!(
        compared("sgemm_1 == sgemm_1_hand"),
        "sgemm_1 was not compared"
    );
    assert!(
        compared("sgemm_1_tensors == sgemm_1_hand"),
        "sgemm_1_tensors was not compared"
    );
}

/// The driver's descriptor of `make_tma_copy`'s arguments is byte for
/// byte the one of the arguments CuTe C++ derives for the same layouts
/// (cute-dynamic/tests/tma/cute_ref.txt, printed by CuTe's
/// `make_tma_copy`), for every case the driver accepts; a different
/// swizzle gives different bytes (the comparison can fail).
#[test]
#[ignore = "needs a CUDA device: cargo test -p cute-cuda --release -- --ignored"]
fn tma_descriptors_are_cutes_byte_for_byte() {
    use cute_dynamic::{
        IntTuple, Layout, Swizzle, SwizzledLayout, TMA_LIMITS, TensorMapEncodeTiled, Tiler,
        TmaDataType, TmaGmem, TmaInterleave, TmaL2Promotion, TmaOobFill, TmaOp, TmaSwizzle,
        ValueType, make_tma_copy,
    };
    const CUTE_REF: &str = include_str!("../../cute-dynamic/tests/tma/cute_ref.txt");
    let gpu = Gpu::new(0).unwrap_or_else(|e| panic!("this test needs a CUDA device: {e}"));
    let buf = gpu.upload(&vec![0u8; 1 << 24]).unwrap();
    let addr = gpu.address(&buf) as u64;
    assert_eq!(addr % 16, 0);
    let nums = |s: &str| -> Vec<u64> { s.split(',').map(|x| x.parse().unwrap()).collect() };
    let mut compared = 0;
    for line in CUTE_REF.lines().filter(|l| !l.trim().is_empty()) {
        let mut f = std::collections::BTreeMap::new();
        for kv in line.split(' ').skip(1) {
            let (k, v) = kv.split_once('=').unwrap();
            f.insert(k, v.replace('_', ""));
        }
        let boxes = nums(&f["box"]);
        if boxes.iter().any(|&b| b > TMA_LIMITS.max_box_dim) {
            continue; // refused by make_tma_copy (host test in cute-dynamic)
        }
        let (vt, dt, bytes) = match f["T"].as_str() {
            "float" => (ValueType::Float, TmaDataType::Float32, 4),
            "halft" => (ValueType::Half, TmaDataType::Float16, 2),
            t => panic!("type {t}"),
        };
        let g: Layout = f["g"].parse().unwrap();
        let s: Layout = f["s"].parse().unwrap();
        let sw: Swizzle = f["sw"].parse().unwrap();
        let shift = (bytes as i64).trailing_zeros();
        let sw = Swizzle::new(sw.bits(), sw.base() - shift, sw.shift()).unwrap();
        let tile: IntTuple = f["tile"].parse().unwrap();
        let tiler = Tiler::from_shape(tile.as_ref());
        let ours = make_tma_copy(
            TmaOp::Load,
            &TmaGmem::new(addr, g, vt),
            &SwizzledLayout::new(sw, 0, s),
            Some(&tiler),
            1,
        )
        .unwrap()
        .encode();
        // CuTe's arguments, as its make_tma_copy printed them.
        let rank: usize = f["rank"].parse().unwrap();
        let (dim, sb) = (nums(&f["dim"]), nums(&f["stride_bytes"]));
        let mut cute = TensorMapEncodeTiled {
            data_type: dt,
            rank: rank as u32,
            global_address: addr,
            global_dim: [1; 5],
            global_strides: [0; 4],
            box_dim: [1; 5],
            element_strides: [1; 5],
            interleave: TmaInterleave::None,
            swizzle: match f["swizzle_bits"].as_str() {
                "0" => TmaSwizzle::None,
                "1" => TmaSwizzle::B32,
                "2" => TmaSwizzle::B64,
                "3" => TmaSwizzle::B128,
                b => panic!("swizzle bits {b}"),
            },
            l2_promotion: TmaL2Promotion::L2_128B,
            oob_fill: TmaOobFill::None,
        };
        for i in 0..rank {
            cute.global_dim[i] = dim[i];
            cute.box_dim[i] = boxes[i] as u32;
            if i > 0 {
                cute.global_strides[i - 1] = sb[i];
            }
        }
        let (a, b) = (
            gpu.encode_tensor_map(&ours).unwrap(),
            gpu.encode_tensor_map(&cute).unwrap(),
        );
        assert_eq!(a.bytes(), b.bytes(), "{line}");
        if cute.swizzle == TmaSwizzle::None && cute.box_dim[0] as u64 * bytes <= 32 {
            let mut other = cute;
            other.swizzle = TmaSwizzle::B32;
            let c = gpu.encode_tensor_map(&other).unwrap();
            assert_ne!(a.bytes(), c.bytes(), "{line}: the swizzle is in the bytes");
        }
        compared += 1;
    }
    assert!(compared >= 10, "{compared} cases compared");
}
