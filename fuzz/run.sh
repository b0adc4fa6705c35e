#!/usr/bin/env bash
# Run one fuzz target for a number of seconds (default 600), starting from
# the committed seeds. Needs cargo-fuzz (`cargo install cargo-fuzz`); the
# machine has only a stable toolchain, so RUSTC_BOOTSTRAP=1 lets cargo-fuzz
# pass its nightly-only sanitizer flags to stable rustc.
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: fuzz/run.sh TARGET [SECONDS]}
secs=${2:-600}
mkdir -p "corpus/$target"
cp -n seeds/"$target"/* "corpus/$target/" 2>/dev/null || true
RUSTC_BOOTSTRAP=1 cargo fuzz run -O "$target" "corpus/$target" -- -max_total_time="$secs" -max_len=4096
