#!/usr/bin/env bash
# On the GPU machine (the `device` tool), from the repository root, with
# target/gpu-carry staged by kernels/gpu/prepare-device.sh and carried:
# ptxas resources for sm_90 and SASS instruction counts per kernel; the
# Rust runner (cute-gpu-run) on the default PTX (driver JIT) with timings,
# on the sm_90a PTX (every kernel, tensor-core atoms included) and on the
# sm_90 cubin without; the GEMM example; then compute-sanitizer memcheck
# and racecheck at small sizes. CuTe C++'s tutorial executables are timed
# beside ours when $CUTE_DIR holds them. Logs under $OUT.
set -uo pipefail
carry=${CARRY:-target/gpu-carry}
run=$carry/cute-gpu-run
out=${OUT:-/tmp/out}
mkdir -p "$out"
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
echo "== carried: commit $(cat "$carry/commit" 2>/dev/null)"
echo "== ptxas -arch=sm_90 -v"
ptxas -arch=sm_90 -v -o "$out/cute_kernels.cubin" "$carry/cute_kernels.ptx" 2>&1 | tee "$out/ptxas.txt" \
  | grep -E "Compiling entry|Used|spill" | sed 's/ptxas info    : //'
echo "== SASS instructions per kernel (cuobjdump -sass)"
cuobjdump -sass "$out/cute_kernels.cubin" > "$out/sass.txt"
awk '/Function :/{f=$3} /\/\*[0-9a-f]{4}\*\//{n[f]++} END{for(k in n) print k, n[k]}' \
  "$out/sass.txt" | sort
status=0
cute=()
[[ -n ${CUTE_DIR:-} ]] && cute=(--cute-dir "$CUTE_DIR")
echo "== cute-gpu-run on the PTX (driver JIT), with timings"
"$run" "$carry/cute_kernels.ptx" "${cute[@]}" 2>&1 | tee "$out/run.txt" || status=1
echo "== cute-gpu-run on the sm_90a PTX (tensor-core atoms too), no timings"
"$run" "$carry/cute_kernels_sm90a.ptx" --no-time 2>&1 | tee "$out/run_sm90a.txt" | grep -v "^ok" || status=1
echo "== cute-gpu-run on the sm_90 cubin, no timings"
"$run" "$out/cute_kernels.cubin" --no-time 2>&1 | tail -2 || status=1
echo "== the GEMM example"
"$carry/gemm" "$carry/cute_kernels.ptx" || status=1
for tool in memcheck racecheck; do
  echo "== compute-sanitizer --tool $tool (small sizes)"
  timeout 150 compute-sanitizer --tool $tool "$run" "$carry/cute_kernels_sm90a.ptx" --small \
    > "$out/$tool.txt" 2>&1 || status=1
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Hazard|Error|checks" "$out/$tool.txt" | sort | uniq -c | head -20
done
echo "== device.sh status $status"
exit $status
