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
