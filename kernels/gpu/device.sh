#!/usr/bin/env bash
# On the GPU machine (the `device` tool), from the repository root, with the
# PTX module at $1 (built here by kernels/ptx-check.sh and carried):
# ptxas resources for sm_90, SASS instruction counts per kernel, run.py on
# the PTX (driver JIT) with timings, then compute-sanitizer memcheck and
# racecheck at small sizes. Logs under $OUT.
set -uo pipefail
ptx=$1
out=${OUT:-/tmp/out}
mkdir -p "$out"
export PATH=$PATH:/usr/local/cuda/bin PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
echo "== ptxas -arch=sm_90 -v"
ptxas -arch=sm_90 -v -o "$out/cute_kernels.cubin" "$ptx" 2>&1 | tee "$out/ptxas.txt" \
  | grep -E "Compiling entry|Used|spill" | sed 's/ptxas info    : //'
echo "== SASS instructions per kernel (cuobjdump -sass)"
cuobjdump -sass "$out/cute_kernels.cubin" > "$out/sass.txt"
awk '/Function :/{f=$3} /\/\*[0-9a-f]{4}\*\//{n[f]++} END{for(k in n) print k, n[k]}' \
  "$out/sass.txt" | sort
status=0
echo "== run.py on the PTX (driver JIT), with timings"
python3 kernels/gpu/run.py "$ptx" 2>&1 | tee "$out/run.txt" || status=1
echo "== run.py on the sm_90 cubin, no timings"
python3 kernels/gpu/run.py "$out/cute_kernels.cubin" --no-time 2>&1 | tail -3 || status=1
for tool in memcheck racecheck; do
  echo "== compute-sanitizer --tool $tool (small sizes)"
  timeout 150 compute-sanitizer --tool $tool python3 kernels/gpu/run.py \
    "$out/cute_kernels.cubin" --small > "$out/$tool.txt" 2>&1 || status=1
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Hazard|Error|checks" "$out/$tool.txt" | sort | uniq -c | head -20
done
echo "== device.sh status $status"
exit $status
