#!/usr/bin/env bash
# Shows that a static layout's evaluation compiles to the same machine code
# as the hand-written index arithmetic: builds the static_zero_cost bench and
# diffs the disassembly of `sum_call::<((4,8),(2,64)):((1,8),(4,64))>` and of
# `sum_literal` (the same loop with the literal expression), with addresses
# and symbol names stripped and instructions sorted within the loop body
# (the compiler may order independent instructions differently).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench -p cute-benches --bench static_zero_cost --no-run 2>/dev/null
bin=$(ls -t target/release/deps/static_zero_cost-* | grep -v '\.d$' | head -n 1)
body() {
    objdump -d --no-show-raw-insn -C "$bin" | awk "/<static_zero_cost::$1>:\$/,/^\$/" |
        sed -E 's/^ *[0-9a-f]+:\s*//; s/[0-9a-f]+ <[^>]*>//; /^$/d; /^[0-9a-f]+ </d' | sort
}
a=$(body sum_call)
b=$(body sum_literal)
echo "$a" | sed 's/^/  /' | head -30
if [ "$a" == "$b" ]; then
    echo "identical: static call(i) and the literal arithmetic compile to the same instructions"
else
    diff <(echo "$a") <(echo "$b") || true
    echo "DIFFERENT"
    exit 1
fi
