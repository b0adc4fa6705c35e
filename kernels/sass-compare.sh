#!/usr/bin/env bash
# SASS side by side: CuTe's SIMT tutorials (CUTLASS 4.2.0's
# examples/cute/tutorial, compiled by nvcc for sm_80) beside the kernels of
# our PTX module that port them (ptxas for sm_80). Prints per pair the
# registers, stack and local bytes, SASS instructions and their mix, then
# our other entries alone; fails when a pair misses a target of
# kernels/sass/pairs.json (kernels/README.md, "SASS beside CuTe's").
#
#   kernels/sass-compare.sh [--require-all]
#
# --require-all: a pair whose entry is not in our PTX fails (without it, it
# is reported as MISSING). The tools are installed once under
# $CUTE_CUDA_TOOLS (default target/cuda-tools; an existing install with the
# same layout, e.g. CUTE_CUDA_TOOLS=/work/cuda-tools, is used as it is), the
# cubins cached under $CUTE_SASS_CACHE (default target/sass-cache) by a hash
# of their inputs. CUTE_KERNELS_PTX=FILE compares that PTX instead of
# building the crate's; CUTE_KERNELS_PTX_SM80=FILE the same for the
# --features sm80 module, whose entries the pairs marked "ptx": "sm80" name;
# CUTE_KERNELS_PTX_SM90A=FILE for the --features sm90a module ("ptx": "sm90a",
# the Hopper tutorial, compiled and assembled for sm_90a).
set -euo pipefail
cd "$(dirname "$0")"
source ./tools.sh
root=$(git rev-parse --show-toplevel)

echo "== python3 sass/test_compare.py (the parser and the gates on planted figures)"
python3 sass/test_compare.py

cuda_tools
if [[ -n ${CUTE_KERNELS_PTX:-} ]]; then
    ptx=$(realpath "$CUTE_KERNELS_PTX")
    echo "PTX: $ptx (CUTE_KERNELS_PTX)"
else
    build_ptx default
fi
# The pairs marked "ptx": "sm80" (the tensor-core tutorial) are entries of
# the --features sm80 module (CUTE_KERNELS_PTX_SM80=FILE: that one instead).
main_ptx=$ptx
if [[ -n ${CUTE_KERNELS_PTX_SM80:-} ]]; then
    ptx_sm80=$(realpath "$CUTE_KERNELS_PTX_SM80")
    echo "PTX (sm80): $ptx_sm80 (CUTE_KERNELS_PTX_SM80)"
else
    build_ptx sm80 sm_80 70
    ptx_sm80=$ptx
fi
# The pairs marked "ptx": "sm90a" (the Hopper tutorial, wgmma) are entries of
# the --features sm90a module, assembled for sm_90a (CUTE_KERNELS_PTX_SM90A=FILE:
# that one instead).
if [[ -n ${CUTE_KERNELS_PTX_SM90A:-} ]]; then
    ptx_sm90a=$(realpath "$CUTE_KERNELS_PTX_SM90A")
    echo "PTX (sm90a): $ptx_sm90a (CUTE_KERNELS_PTX_SM90A)"
else
    build_ptx sm90a sm_90a 80
    ptx_sm90a=$ptx
fi
python3 sass/compare.py --ptx "$main_ptx" --ptx-sm80 "$ptx_sm80" --ptx-sm90a "$ptx_sm90a" --cutlass "$CUTLASS_SRC" --cuda "$CUDA_HOME_PIP" \
    --cache "${CUTE_SASS_CACHE:-$root/target/sass-cache}" "$@"
