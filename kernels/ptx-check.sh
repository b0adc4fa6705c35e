#!/usr/bin/env bash
# Build the PTX module of the kernels and inspect it (tests/ptx.rs): no
# div./rem., and each generic kernel's address arithmetic against its
# hand-written twin. Prints the instruction counts. Then the same for the
# variants with the tensor-core kernels (features sm80 and sm90a), each of
# whose instructions must be in its PTX. Every variant is assembled by ptxas
# (the NVIDIA tools are installed by kernels/tools.sh's cuda_tools, cached
# under target/cuda-tools or $CUTE_CUDA_TOOLS). Fails loudly.
set -euo pipefail
cd "$(dirname "$0")"
source ./tools.sh

echo "== rustup component add rust-src llvm-bitcode-linker llvm-tools"
rustup component add rust-src llvm-bitcode-linker llvm-tools

# variant NAME CPU PTX_VERSION SASS_ARCH: builds the PTX (tools.sh's
# build_ptx), runs tests/ptx.rs on it, assembles it with ptxas for SASS_ARCH,
# and leaves its path in $ptx.
variant() {
    build_ptx "$1" "$2" "$3"
    echo "== PTX check (kernels/tests/ptx.rs)"
    CUTE_KERNELS_PTX="$ptx" cargo test --test ptx -- --nocapture
    echo "== ptxas -arch=$4 -O3 $ptx"
    ptxas -arch="$4" -O3 -o "${ptx%.ptx}.$4.cubin" "$ptx"
    echo "ptxas: $(cuobjdump -res-usage "${ptx%.ptx}.$4.cubin" | grep -c '^ *Function') entries assembled for $4"
}

# require PATTERN [COUNT]: the last variant's PTX holds PATTERN (COUNT times).
require() {
    local n
    n=$(grep -c -- "$1" "$ptx" || true)
    if [[ -n ${2:-} ]]; then
        [[ $n -eq $2 ]] || { echo "$1: $n times in $ptx, expected $2" >&2; exit 1; }
    else
        [[ $n -ge 1 ]] || { echo "no $1 in $ptx" >&2; exit 1; }
    fi
}

cuda_tools

variant default "" "" sm_80
# sgemm_1_tensors takes its operands as cute-static KernelTensors: each is
# one 32-byte, 8-aligned parameter, the size and alignment cute-static's
# ABI table pins on the host (pointer, m, k, ld).
for i in 1 2 4; do
    require ".param .align 8 .b8 sgemm_1_tensors_param_$i\[32\]" 1
done
# dynamic_shared_storage (src/cute/dynamic_smem.rs): the module's one
# dynamic shared array, declared at module scope (ptxas refuses an
# `.extern .shared` inside a function body).
require "^\.extern \.shared \.align 16 \.b8 cute_dsmem\[\];" 1

variant sm80 sm_80 70 sm_80
for i in m16n8k16.row.col.f32.f16.f16.f32 m16n8k8.row.col.f32.tf32.tf32.f32 m16n8k32.row.col.s32.s8.s8.s32 m8n8k4.row.col.f64.f64.f64.f64; do
    require "mma.sync.aligned.$i"
done
for i in x1 x2 x4 x1.trans x2.trans x4.trans; do
    require "ldmatrix.sync.aligned.m8n8.$i.shared.b16"
done
# gemm(tiled_mma, ...) on register fragments (src/cute/mma_sm80.rs): one
# mma.sync per atom, 1 + 8 of the F16-accumulating atom (and one in each of
# the four src/cute/ldsm_sm80.rs kernels, 128 in sgemm_sm80_tn), 8 of the
# F32 one, one of each 16x8x8 atom.
require "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16" 141
require "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16" 1
require "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32" 1
# copy_async of the cp.async atoms (src/cute/cp_async_sm80.rs, and
# src/cute/half_copy.rs's cg one): 2 per kernel; sgemm_sm80_tn (CuTe's
# sgemm_sm80.cu gemm_tn, src/cute/sgemm_sm80.rs): 48, its pipeline waiting
# with cp.async.wait_group 1 (K_PIPE_MAX - 2) twice. copy_async_if of the
# zero-filling cg atom (cp_async_zfill_tile): 2 more cg, each with a
# src-size register operand (16 or 0).
require "cp.async.ca.shared.global" 50
require "cp.async.wait_group 1" 2
require "cp.async.cg.shared.global" 6
require "cp.async.cg.shared.global \[%r[0-9]*\], \[%rd[0-9]*\], 16, %r[0-9]*;" 2
require "cp.async.wait_group 0" 4
# dynamic_smem_tile (src/cute/dynamic_smem.rs) and sgemm_sm80_tn (its
# 96 KiB of swizzled stages) address it.
require "mov.u32 .*, cute_dsmem;" 2
# copy_ldsm (src/cute/ldsm_sm80.rs, tests/ptx.rs counts them per kernel).
for i in x1 x2 x4 x1.trans x2.trans x4.trans; do
    require "ldmatrix.sync.aligned.m8n8.$i.shared.b16"
done

variant sm90a sm_90a 80 sm_90a
require 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16' 5
# CuTe's wgmma_sm90.cu (src/cute/wgmma_sm90.rs): gemm(tiled_mma, ...) on
# descriptor fragments, 16 wgmma per k-tile (MMA_M 2 x MMA_N 2 x MMA_K 4) in
# each of wgmma_sm90_tn and wgmma_sm90_nt, none serialized by ptxas (C7519:
# a branch between warpgroup_arrive and the wgmma would).
require 'wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16' 32
for i in x4 x4.trans; do
    require "stmatrix.sync.aligned.m8n8.$i.shared.b16"
done
