#!/usr/bin/env bash
# Here (no GPU needed): build everything a GPU run needs and stage it in
# target/gpu-carry (git-ignored, a few MB), so that the device machine
# needs no Rust toolchain: the three PTX variants (kernels/ptx-check.sh),
# the Rust runner and the GEMM example (release, x86_64 Linux; they open
# libcuda and libcublas at run time). Then, with the `device` tool:
#   command: bash kernels/gpu/device.sh    carry: ["target/gpu-carry"]
set -euo pipefail
cd "$(dirname "$0")/../.."
kernels/ptx-check.sh
cargo build --release -p cute-cuda --bin cute-gpu-run --example gemm
out=target/gpu-carry
rm -rf "$out" && mkdir -p "$out"
cp target/release/cute-gpu-run target/release/examples/gemm "$out/"
cp kernels/target/nvptx64-nvidia-cuda/release/cute_kernels.ptx "$out/cute_kernels.ptx"
cp kernels/target/sm90a/nvptx64-nvidia-cuda/release/cute_kernels.ptx "$out/cute_kernels_sm90a.ptx"
git rev-parse --short HEAD > "$out/commit"
du -sh "$out"
