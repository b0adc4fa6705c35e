#!/usr/bin/env bash
# Build the PTX module of the kernels and inspect it (tests/ptx.rs): no
# div./rem., and each generic kernel's address arithmetic against its
# hand-written twin. Prints the instruction counts. Fails loudly.
set -euo pipefail
cd "$(dirname "$0")"

echo "== rustup component add rust-src llvm-bitcode-linker llvm-tools"
rustup component add rust-src llvm-bitcode-linker llvm-tools

echo "== RUSTC_BOOTSTRAP=1 cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda (kernels/)"
RUSTC_BOOTSTRAP=1 cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda
ptx="$PWD/target/nvptx64-nvidia-cuda/release/cute_kernels.ptx"
test -s "$ptx" || { echo "no PTX at $ptx" >&2; exit 1; }
echo "PTX: $ptx ($(grep -c '^\.visible \.entry' "$ptx") kernels)"

echo "== PTX check (kernels/tests/ptx.rs)"
CUTE_KERNELS_PTX="$ptx" cargo test --test ptx -- --nocapture

echo "== the same with --features sm80 (target-cpu sm_80, PTX ISA 7.0): the tensor-core kernels"
RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C target-cpu=sm_80 -C target-feature=+ptx70 -C llvm-args=-unroll-threshold=20000" \
    cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda --features sm80 --target-dir target/sm80
ptx80="$PWD/target/sm80/nvptx64-nvidia-cuda/release/cute_kernels.ptx"
test -s "$ptx80" || { echo "no PTX at $ptx80" >&2; exit 1; }
for i in m16n8k16.row.col.f32.f16.f16.f32 m16n8k8.row.col.f32.tf32.tf32.f32 m16n8k32.row.col.s32.s8.s8.s32 m8n8k4.row.col.f64.f64.f64.f64; do
    grep -q "mma.sync.aligned.$i" "$ptx80" || { echo "no mma.sync.aligned.$i in $ptx80" >&2; exit 1; }
done
for i in x1 x2 x4 x1.trans x2.trans x4.trans; do
    grep -q "ldmatrix.sync.aligned.m8n8.$i.shared.b16" "$ptx80" || { echo "no ldmatrix .$i in $ptx80" >&2; exit 1; }
done
echo "PTX: $ptx80 ($(grep -c '^\.visible \.entry' "$ptx80") kernels, $(grep -m1 '^\.target' "$ptx80"))"
CUTE_KERNELS_PTX="$ptx80" cargo test --test ptx -- --nocapture

echo "== the same with --features sm90a (target-cpu sm_90a, PTX ISA 8.0): the wgmma kernel"
RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C target-cpu=sm_90a -C target-feature=+ptx80 -C llvm-args=-unroll-threshold=20000" \
    cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda --features sm90a --target-dir target/sm90a
ptx90="$PWD/target/sm90a/nvptx64-nvidia-cuda/release/cute_kernels.ptx"
test -s "$ptx90" || { echo "no PTX at $ptx90" >&2; exit 1; }
test "$(grep -c 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16' "$ptx90")" -eq 5 || { echo "not 5 wgmma in $ptx90" >&2; exit 1; }
for i in x4 x4.trans; do
    grep -q "stmatrix.sync.aligned.m8n8.$i.shared.b16" "$ptx90" || { echo "no stmatrix .$i in $ptx90" >&2; exit 1; }
done
echo "PTX: $ptx90 ($(grep -c '^\.visible \.entry' "$ptx90") kernels, $(grep -m1 '^\.target' "$ptx90"))"
CUTE_KERNELS_PTX="$ptx90" cargo test --test ptx -- --nocapture
