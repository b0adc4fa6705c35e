#!/usr/bin/env bash
# Build the PTX module of the kernels and inspect it (tests/ptx.rs): no
# div./rem., and each generic kernel's address arithmetic against its
# hand-written twin. Prints the instruction counts. Then the same for the
# variants with the tensor-core kernels (features sm80 and sm90a), each of
# whose instructions must be in its PTX. Fails loudly.
set -euo pipefail
cd "$(dirname "$0")"

echo "== rustup component add rust-src llvm-bitcode-linker llvm-tools"
rustup component add rust-src llvm-bitcode-linker llvm-tools

# variant NAME CPU PTX_VERSION: builds the PTX (NAME "default": the crate's
# own flags, .cargo/config.toml; else --features NAME with target-cpu CPU
# and PTX ISA PTX_VERSION, in target/NAME), runs tests/ptx.rs on it, and
# leaves its path in $ptx.
variant() {
    local name=$1 cpu=${2:-} version=${3:-}
    if [[ $name == default ]]; then
        echo "== RUSTC_BOOTSTRAP=1 cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda (kernels/)"
        RUSTC_BOOTSTRAP=1 cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda
        ptx="$PWD/target/nvptx64-nvidia-cuda/release/cute_kernels.ptx"
    else
        echo "== the same with --features $name (target-cpu $cpu, PTX ISA $version)"
        RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C target-cpu=$cpu -C target-feature=+ptx$version -C llvm-args=-unroll-threshold=20000" \
            cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda --features "$name" --target-dir "target/$name"
        ptx="$PWD/target/$name/nvptx64-nvidia-cuda/release/cute_kernels.ptx"
    fi
    test -s "$ptx" || { echo "no PTX at $ptx" >&2; exit 1; }
    echo "PTX: $ptx ($(grep -c '^\.visible \.entry' "$ptx") kernels, $(grep -m1 '^\.target' "$ptx"))"
    echo "== PTX check (kernels/tests/ptx.rs)"
    CUTE_KERNELS_PTX="$ptx" cargo test --test ptx -- --nocapture
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

variant default
# sgemm_1_tensors takes its operands as cute-static KernelTensors: each is
# one 32-byte, 8-aligned parameter, the size and alignment cute-static's
# ABI table pins on the host (pointer, m, k, ld).
for i in 1 2 4; do
    require ".param .align 8 .b8 sgemm_1_tensors_param_$i\[32\]" 1
done

variant sm80 sm_80 70
for i in m16n8k16.row.col.f32.f16.f16.f32 m16n8k8.row.col.f32.tf32.tf32.f32 m16n8k32.row.col.s32.s8.s8.s32 m8n8k4.row.col.f64.f64.f64.f64; do
    require "mma.sync.aligned.$i"
done
for i in x1 x2 x4 x1.trans x2.trans x4.trans; do
    require "ldmatrix.sync.aligned.m8n8.$i.shared.b16"
done

variant sm90a sm_90a 80
require 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16' 5
for i in x4 x4.trans; do
    require "stmatrix.sync.aligned.m8n8.$i.shared.b16"
done
