#!/usr/bin/env bash
# CuTe's SIMT tutorials beside our PTX on a GPU: builds CUTLASS 4.2.0's
# tutorial executables (examples/cute/tutorial: sgemm_1, sgemm_2,
# sgemm_sm80, tiled_copy, tiled_copy_if; self-checking where the tutorial
# checks, self-timing) with nvcc for sm_90, and runs them and our PTX
# module's kernels (correctness and time), two rounds alternating, then
# writes $OUT/table.md. kernels/README.md, "SASS beside CuTe's".
#
#   kernels/gpu/cute-pairs.sh --dry-run   # here, no GPU: build and stage all, print the plan
#   kernels/gpu/cute-pairs.sh             # on the GPU machine
#
# Our side: the host runner cute-gpu-run (crate cute-cuda) when it is there
# ($CUTE_GPU_RUN, target/release/cute-gpu-run, or built with cargo), given
# the tutorial directory (--cute-dir) so that it times them too; else
# kernels/gpu/run.py (CuPy). The GPU machine has nvcc (/usr/local/cuda) but
# no Rust and no network: --dry-run stages the PTX, the CUTLASS wheel and
# the runner in target/gpu-stage, the one path to carry there; on the GPU
# machine the script takes them from there. The nvcc build runs where the
# script runs (16 cores there: about a minute).
set -euo pipefail
cd "$(dirname "$0")/.."
source ./tools.sh
root=$(cd .. && pwd)
dry=0
[[ ${1:-} == --dry-run ]] && dry=1
stage=$root/target/gpu-stage
out=${OUT:-$root/target/cute-pairs}
mkdir -p "$out"

# nvcc: the system's (the GPU machine's /usr/local/cuda), else tools.sh's.
if [[ -x /usr/local/cuda/bin/nvcc ]]; then
    PATH=/usr/local/cuda/bin:$PATH
fi
if [[ -d $stage/wheels ]]; then
    export CUTE_CUDA_TOOLS=${CUTE_CUDA_TOOLS:-$stage}
fi
if command -v nvcc >/dev/null && [[ $(command -v nvcc) != */py/nvidia/cu13/bin/nvcc ]]; then
    cutlass_source
    cuda_include=$(dirname "$(dirname "$(command -v nvcc)")")/include
else
    cuda_tools
    cuda_include=$CUDA_HOME_PIP/include
fi
echo "nvcc: $(command -v nvcc) ($(nvcc --version | tail -1))"

# Our PTX: staged, given, or built here.
if [[ -n ${CUTE_KERNELS_PTX:-} ]]; then
    ptx=$(realpath "$CUTE_KERNELS_PTX")
elif [[ $dry == 0 && -s $stage/cute_kernels.ptx ]]; then
    ptx=$stage/cute_kernels.ptx
else
    build_ptx default
fi

# The runner.
runner=()
if [[ -n ${CUTE_GPU_RUN:-} ]]; then
    runner=("$CUTE_GPU_RUN")
elif [[ $dry == 0 && -x $stage/cute-gpu-run ]] && { "$stage/cute-gpu-run" --help >/dev/null 2>&1; [[ $? -lt 126 ]]; }; then
    runner=("$stage/cute-gpu-run")
elif [[ -d $root/cute-cuda/src/bin ]] && command -v cargo >/dev/null \
    && grep -qs 'cute-gpu-run' "$root"/cute-cuda/src/bin/*.rs; then
    echo "== cargo build --release -p cute-cuda --bin cute-gpu-run"
    (cd "$root" && cargo build --release -p cute-cuda --bin cute-gpu-run)
    runner=("$root/target/release/cute-gpu-run")
fi

# The tutorials, in parallel.
tutorial=$CUTLASS_SRC/examples/cute/tutorial
bin=$out/cute-bin
mkdir -p "$bin"
flags=(-arch=sm_90 -std=c++17 -O3 --expt-relaxed-constexpr
    -I"$CUTLASS_SRC/include" -I"$CUTLASS_SRC/tools/util/include" -I"$cuda_include")
echo "== nvcc ${flags[0]} ${flags[*]:1:3} -I… examples/cute/tutorial/{sgemm_1,sgemm_2,sgemm_sm80,tiled_copy,tiled_copy_if}.cu"
# An executable newer than its source, the flags and this script is kept.
printf '%s\n' "$(command -v nvcc)" "${flags[@]}" > "$bin/flags.new"
cmp -s "$bin/flags.new" "$bin/flags" || rm -f "$bin"/sgemm_* "$bin"/tiled_copy*
mv "$bin/flags.new" "$bin/flags"
pids=()
for t in sgemm_1 sgemm_2 sgemm_sm80 tiled_copy tiled_copy_if; do
    if [[ $bin/$t -nt $tutorial/$t.cu && $bin/$t -nt ${BASH_SOURCE[0]} ]]; then
        echo "kept $bin/$t"
        continue
    fi
    nvcc "${flags[@]}" -o "$bin/$t" "$tutorial/$t.cu" > "$out/nvcc-$t.txt" 2>&1 &
    pids+=($!)
done
build_status=0
for p in "${pids[@]+"${pids[@]}"}"; do wait "$p" || build_status=1; done
for t in sgemm_1 sgemm_2 sgemm_sm80 tiled_copy tiled_copy_if; do
    if [[ -x $bin/$t ]]; then echo "ready: $bin/$t"; else echo "FAILED: $t"; cat "$out/nvcc-$t.txt"; fi
done
[[ $build_status == 0 ]] || exit 1

# The plan: CuTe's executables at the runner's sizes, then our module.
cute_runs=(
    "sgemm_1 4096 4096 4096 N T" "sgemm_1 4096 4096 4096 T N"
    "sgemm_2 4096 4096 4096 N T" "sgemm_2 4096 4096 4096 T N"
    "sgemm_sm80 4096 4096 4096 N T" "sgemm_sm80 4096 4096 4096 T N"
    "tiled_copy" "tiled_copy_if"
)
if [[ ${#runner[@]} -gt 0 ]]; then
    ours=("${runner[@]}" "$ptx" --cute-dir "$bin")
else
    ours=(python3 "$PWD/gpu/run.py" "$ptx")
fi
echo "== plan (two rounds, alternating):"
for r in "${cute_runs[@]}"; do echo "   $bin/$r"; done
echo "   ${ours[*]}"

if [[ $dry == 1 ]]; then
    rm -rf "$stage"
    mkdir -p "$stage/wheels"
    cp "$ptx" "$stage/cute_kernels.ptx"
    cp "$CUTE_TOOLS_DIR"/wheels/nvidia_cutlass-*.whl "$stage/wheels/"
    [[ ${#runner[@]} -gt 0 ]] && cp "${runner[0]}" "$stage/cute-gpu-run"
    echo "== staged for the GPU machine (carry target/gpu-stage): $(ls "$stage" | tr '\n' ' ')($(du -sh "$stage" | cut -f1))"
    echo "dry run: nothing launched"
    exit 0
fi

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
status=0
for round in 1 2; do
    for r in "${cute_runs[@]}"; do
        read -r -a a <<< "$r"
        log="$out/round$round-$(echo "$r" | tr ' ' '_').txt"
        echo "== round $round: $r"
        if ! timeout 120 "$bin/${a[0]}" "${a[@]:1}" > "$log" 2>&1; then
            echo "FAILED: $r"; status=1
        fi
        grep -E "CUTE_GEMM|Success|rror|Fail" "$log" || true
    done
    echo "== round $round: ${ours[*]}"
    timeout 300 "${ours[@]}" 2>&1 | tee "$out/round$round-ours.txt" || status=1
done

{
    echo "| CuTe C++ (nvcc sm_90) | round 1 | round 2 |"
    echo "|---|---|---|"
    for r in "${cute_runs[@]}"; do
        f=$(echo "$r" | tr ' ' '_')
        v1=$(grep -hoE "CUTE_GEMM: +\[ *[0-9.]+\]GFlop/s +\( *[0-9.]+\)ms|Success\." "$out/round1-$f.txt" | head -1 || true)
        v2=$(grep -hoE "CUTE_GEMM: +\[ *[0-9.]+\]GFlop/s +\( *[0-9.]+\)ms|Success\." "$out/round2-$f.txt" | head -1 || true)
        echo "| \`$r\` | ${v1:-FAILED} | ${v2:-FAILED} |"
    done
    echo
    echo "Ours (${ours[0]##*/}), round 2:"
    echo
    echo '```'
    cat "$out/round2-ours.txt"
    echo '```'
} > "$out/table.md"
cat "$out/table.md"
echo "== cute-pairs status $status"
exit $status
