"""Run the kernels crate's PTX on a CUDA GPU: correctness and timings.

Usage (on a machine with a GPU, CuPy and NumPy):

    python3 kernels/gpu/run.py PTX_OR_CUBIN [--small] [--no-time]

Loads the module built by `kernels/ptx-check.sh` (or a cubin that
`ptxas` made of it); in a module built with `--features sm80`, first the
tensor-core kernels (each `mma.sync` atom's D = A*B^T exactly, each
`ldmatrix` value the element its layout names); then, for each of the
eight GEMM and transpose entry points:

* checks the result against a float64 reference computed on the GPU
  (relative L2 error and the largest element error), on fresh random
  inputs, with leading dimensions larger than the matrices so that a
  mix-up of the two shows, and checks that the padding between them is
  untouched; the transposes' outputs are poisoned with NaN first;
* compares each generic kernel with its hand-written twin element by
  element (same algorithm, so the results should be bit-identical);
* times each kernel (CUDA events around each launch, after warm-up; the
  median of the repeats) unless `--no-time`.

`--small` runs only the correctness checks, at small sizes (for
compute-sanitizer). Prints a table last; exits 1 if any check fails.
"""

import sys

import cupy as cp
import numpy as np

U64 = np.uint64
F32 = np.float32


def uniform(shape):
    return cp.random.uniform(-1.0, 1.0, shape).astype(cp.float32)


def rel_err(out, ref):
    out = out.astype(cp.float64)
    num = float(cp.linalg.norm(out - ref))
    den = float(cp.linalg.norm(ref))
    return num / den if den else num


def median_ms(launch, reps, warmup=3):
    for _ in range(warmup):
        launch()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(reps):
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        launch()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop))
    return float(np.median(times)), float(min(times)), float(max(times))


class Report:
    def __init__(self):
        self.rows = []
        self.failed = []

    def check(self, name, ok, detail):
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}", flush=True)
        if not ok:
            self.failed.append(name)

    def row(self, *cells):
        self.rows.append(cells)


def transpose(mod, rep, timing):
    n = 1024
    results = {}
    for name in ["transpose_tiled", "transpose_tiled_hand",
                 "transpose_swizzled", "transpose_swizzled_hand"]:
        k = mod.get_function(name)
        a = cp.random.standard_normal((n, n)).astype(cp.float32)
        b = cp.full((n, n), cp.nan, dtype=cp.float32)
        k((32, 32), (32, 8), (a, b))
        cp.cuda.Device().synchronize()
        ok = bool(cp.array_equal(b, a.T))
        unwritten = int(cp.isnan(b).sum())
        rep.check(name, ok, f"B == A^T exactly, {unwritten} unwritten")
        results[name] = (a, b)
        if timing:
            med, lo, hi = median_ms(lambda: k((32, 32), (32, 8), (a, b)), 50)
            gbs = 2 * n * n * 4 / (med * 1e-3) / 1e9
            rep.row(name, f"{n}x{n}", f"{med * 1e3:.1f} us",
                    f"{lo * 1e3:.1f}-{hi * 1e3:.1f} us", f"{gbs:.0f} GB/s")


def gemm_case(mod, rep, name, layout, m, n, k, timing, reps, label):
    """layout 'NT' (sgemm_1: A m x k, B n x k column-major) or 'TN'
    (sgemm_tv: A m x k, B n x k K-major); C m x n column-major."""
    kern = mod.get_function(name)
    pad = 8
    if layout == "NT":
        lda, ldb, ldc = m + pad, n + pad, m + pad
        a_buf = uniform((k, lda))  # [p, i]
        b_buf = uniform((k, ldb))  # [p, j]
        A = a_buf[:, :m].T
        B = b_buf[:, :n].T
        threads = 256
    else:
        lda, ldb, ldc = k + pad, k + pad, m + pad
        a_buf = uniform((m, lda))  # [i, p]
        b_buf = uniform((n, ldb))  # [j, p]
        A = a_buf[:, :k]
        B = b_buf[:, :k]
        threads = 128
    c_buf = uniform((n, ldc))  # [j, i]
    c0 = c_buf.copy()
    alpha, beta = F32(1.5), F32(-0.75)
    ref = (float(alpha) * (A.astype(cp.float64) @ B.astype(cp.float64).T)
           + float(beta) * c0[:, :m].T.astype(cp.float64))
    args = (U64(m), U64(n), U64(k), alpha, a_buf, U64(lda), b_buf, U64(ldb),
            beta, c_buf, U64(ldc))
    grid = (m // 128, n // 128)
    kern(grid, (threads,), args)
    cp.cuda.Device().synchronize()
    out = c_buf[:, :m].T
    err = rel_err(out, ref)
    worst = float(cp.abs(out.astype(cp.float64) - ref).max())
    pad_ok = bool(cp.array_equal(c_buf[:, m:], c0[:, m:]))
    # f32 accumulation over k terms of size <= 1: far under 1e-5 relative.
    ok = err < 1e-5 and pad_ok and not bool(cp.isnan(out).any())
    rep.check(f"{name} {label} {m}x{n}x{k}", ok,
              f"rel L2 err {err:.2e}, max |err| {worst:.2e}, "
              f"padding untouched: {pad_ok}")
    result = out.copy()
    if timing:
        # Fresh C each time is not needed for timing (C := a*AB + b*C).
        med, lo, hi = median_ms(lambda: kern(grid, (threads,), args), reps)
        tflops = 2.0 * m * n * k / (med * 1e-3) / 1e12
        rep.row(name, f"{m}x{n}x{k}", f"{med:.3f} ms",
                f"{lo:.3f}-{hi:.3f} ms", f"{tflops:.2f} TFLOP/s")
    return (a_buf, b_buf, c0), result


def gemm_twins(mod, rep, generic, hand, layout, size, timing, reps, label):
    m, n, k = size
    (a, b, c0), out_g = gemm_case(mod, rep, generic, layout, m, n, k,
                                  timing, reps, label)
    # The twin on the same inputs: bit-identical result expected.
    kern = mod.get_function(hand)
    pad = 8
    if layout == "NT":
        lda, ldb, ldc, threads = m + pad, n + pad, m + pad, 256
    else:
        lda, ldb, ldc, threads = k + pad, k + pad, m + pad, 128
    c = c0.copy()
    kern((m // 128, n // 128), (threads,),
         (U64(m), U64(n), U64(k), F32(1.5), a, U64(lda), b, U64(ldb),
          F32(-0.75), c, U64(ldc)))
    cp.cuda.Device().synchronize()
    out_h = c[:, :m].T
    same = bool(cp.array_equal(out_g, out_h))
    diff = float(cp.abs(out_g - out_h).max())
    rep.check(f"{generic} == {hand} {label}", same,
              f"bit-identical: {same}, max |diff| {diff:.2e}")
    gemm_case(mod, rep, hand, layout, m, n, k, timing, reps, label)


# The mma.sync kernels (src/ptx.rs): name, (M, N, K), the operands' value
# type, the bit-pattern type the kernel reads them as, D's type.
MMA_KERNELS = [
    ("mma_sm80_16x8x16_f16", (16, 8, 16), cp.float16, cp.uint16, cp.float32),
    ("mma_sm80_16x8x8_tf32", (16, 8, 8), cp.float32, cp.uint32, cp.float32),
    ("mma_sm80_16x8x32_s8", (16, 8, 32), cp.int8, cp.uint8, cp.int32),
    ("mma_sm80_8x8x4_f64", (8, 8, 4), cp.float64, cp.float64, cp.float64),
]


def tensor_core(mod, rep):
    """The atom layouts on the instructions themselves (src/tensor_core.rs):
    mma.sync with operands placed by the atoms' ALayout/BLayout and D stored
    by CLayout; wgmma through make_gmma_desc's descriptors; ldmatrix and
    stmatrix read back through the copy atoms' layouts."""
    try:
        mod.get_function(MMA_KERNELS[0][0])
    except Exception:  # noqa: BLE001 - a module built without `sm80`
        print("(no tensor-core kernels in this module: built without --features sm80)")
        return
    blocks = 256
    for name, (m, n, k), vt, bits_t, dt in MMA_KERNELS:
        kern = mod.get_function(name)
        # Small integers: exact in every operand type, and so are their
        # products and sums in D's type.
        a = cp.random.randint(-8, 9, blocks * m * k).astype(vt)
        b = cp.random.randint(-8, 9, blocks * n * k).astype(vt)
        d = cp.full(blocks * m * n, -(1 << 30), dtype=dt)
        kern((blocks,), (32,), (a.view(bits_t), b.view(bits_t), d))
        cp.cuda.Device().synchronize()
        A = a.reshape(blocks, k, m).transpose(0, 2, 1).astype(cp.float64)  # [blk, m, k]
        B = b.reshape(blocks, k, n).transpose(0, 2, 1).astype(cp.float64)  # [blk, n, k]
        D = d.reshape(blocks, n, m).transpose(0, 2, 1).astype(cp.float64)  # [blk, m, n]
        want = A @ B.transpose(0, 2, 1)
        wrong = int((D != want).sum())
        rep.check(name, wrong == 0,
                  f"D = A*B^T exactly in {blocks} atoms ({m}x{n}x{k}): "
                  f"{wrong} of {D.size} elements differ")
    try:
        wgmma = mod.get_function("wgmma_m64n8k16_f16")
    except Exception:  # noqa: BLE001 - a module built without `sm90a`
        wgmma = None
        print("(no wgmma kernel in this module: built without --features sm90a)")
    if wgmma is not None:
        # SM90_64x8x16_F32F16F16_SS: A, B in shared memory through the
        # library's descriptors, D by the atom's CLayout, 128 threads; no
        # swizzle and K = 16, then 128-byte swizzle and K = 64 (four
        # k-blocks, the descriptors stepping 32 bytes).
        for name, k in (("wgmma_m64n8k16_f16", 16), ("wgmma_m64n8k16_f16_sw128", 64)):
            kern = mod.get_function(name)
            a = cp.random.randint(-8, 9, blocks * 64 * k).astype(cp.float16)
            b = cp.random.randint(-8, 9, blocks * 8 * k).astype(cp.float16)
            d = cp.full(blocks * 64 * 8, cp.nan, dtype=cp.float32)
            kern((blocks,), (128,), (a.view(cp.uint16), b.view(cp.uint16), d))
            cp.cuda.Device().synchronize()
            A = a.reshape(blocks, k, 64).transpose(0, 2, 1).astype(cp.float64)
            B = b.reshape(blocks, k, 8).transpose(0, 2, 1).astype(cp.float64)
            D = d.reshape(blocks, 8, 64).transpose(0, 2, 1).astype(cp.float64)
            want = A @ B.transpose(0, 2, 1)
            wrong = int((D != want).sum())
            rep.check(name, wrong == 0,
                      f"D = A*B^T exactly in {blocks} GMMA tiles (64x8x{k}, "
                      f"descriptors from make_gmma_desc): {wrong} of {D.size} differ")
    # ldmatrix atoms: kernel, registers (2 values each).
    for name, regs in (("ldsm_u32x1_n", 1), ("ldsm_u32x2_n", 2), ("ldsm_u32x4_n", 4),
                       ("ldsm_u16x2_t", 1), ("ldsm_u16x4_t", 2), ("ldsm_u16x8_t", 4)):
        kern = mod.get_function(name)
        src = cp.random.randint(0, 1 << 16, blocks * 256).astype(cp.uint16)
        vals = cp.zeros(blocks * 256, dtype=cp.uint16)
        idx = cp.full(blocks * 256, 1 << 30, dtype=cp.uint32)
        kern((blocks,), (32,), (src, vals, idx))
        cp.cuda.Device().synchronize()
        n = 2 * regs  # values per thread
        used = (cp.arange(blocks * 256) % 8) < n
        base = (cp.arange(blocks * 256) // 256) * 256
        got = src[base + idx.astype(cp.int64) % 256]
        inside = bool((idx[used] < 256).all())
        wrong = int((got[used] != vals[used]).sum())
        # Every element the atom moves (32·n of them), each once.
        first = cp.sort(idx.reshape(blocks, 256)[0][used[:256]])
        once = bool((cp.unique(first).size == first.size) and first.size == 32 * n)
        rep.check(name, inside and wrong == 0 and once,
                  f"value v of thread t is element ValLayoutDst(t, v): {wrong} of "
                  f"{int(used.sum())} differ, inside the tile: {inside}, "
                  f"{32 * n} distinct elements: {once}")
    # stmatrix atoms (sm90a modules): thread t's value v is 8t + v.
    for name in ("stsm_u32x4_n", "stsm_u16x8_t"):
        try:
            kern = mod.get_function(name)
        except Exception:  # noqa: BLE001 - a module built without `sm90a`
            print(f"(no {name} in this module: built without --features sm90a)")
            continue
        vals = cp.zeros(blocks * 256, dtype=cp.uint16)
        idx = cp.full(blocks * 256, 1 << 30, dtype=cp.uint32)
        kern((blocks,), (32,), (vals, idx))
        cp.cuda.Device().synchronize()
        want = (cp.arange(blocks * 256) % 256).astype(cp.uint16)
        wrong = int((vals != want).sum())
        once = bool(cp.unique(idx[:256]).size == 256 and (idx < 256).all())
        rep.check(name, wrong == 0 and once,
                  f"value v of thread t lands on element ValLayoutSrc(t, v): {wrong} "
                  f"of {vals.size} differ, 256 distinct elements: {once}")


def main():
    args = sys.argv[1:]
    path = args[0]
    small = "--small" in args
    timing = not small and "--no-time" not in args
    dev = cp.cuda.Device()
    props = cp.cuda.runtime.getDeviceProperties(dev.id)
    print(f"device: {props['name'].decode()}, {props['multiProcessorCount']} SMs,"
          f" cc {props['major']}.{props['minor']}; module {path}", flush=True)
    mod = cp.RawModule(path=path)
    rep = Report()
    tensor_core(mod, rep)
    transpose(mod, rep, timing)
    if small:
        sizes = [("small", (256, 128, 64), 1)]
    else:
        sizes = [("odd", (1280, 896, 480), 1), ("large", (4096, 4096, 4096), 20)]
    for label, size, reps in sizes:
        t = timing and label == "large"
        gemm_twins(mod, rep, "sgemm_1", "sgemm_1_hand", "NT", size, t, reps, label)
        gemm_twins(mod, rep, "sgemm_tv", "sgemm_tv_hand", "TN", size, t,
                   max(reps // 2, 1), label)
    if rep.rows:
        print("\nkernel | size | median | min-max | rate")
        print("---|---|---|---|---")
        for r in rep.rows:
            print(" | ".join(r))
    print(f"\n{len(rep.failed)} checks failed: {rep.failed}" if rep.failed
          else "\nall checks passed")
    sys.exit(1 if rep.failed else 0)


if __name__ == "__main__":
    main()
